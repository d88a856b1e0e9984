"""What a ``points-per`` effect can count beyond cards, stages and defeats, for the leaders
(issue 25): military victory tokens (Alexander), coins by the handful (Midas: 1 point for
every 3 coins), and sets of one card of each of some colours (Justinian, Plato). Checked
on the parser, the sentence and the count, against a plain count of the same things."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.rules.catalog import catalog_for
from assistant.rules.effects import Fields, PointsPer
from assistant.rules.errors import CatalogError
from assistant.rules.model import Color, Counted, Whose

RULES = catalog_for(1).rules
COLORS = (Color.RED, Color.BLUE, Color.GREEN)


def _parse(**table: object) -> PointsPer:
    def fail(message: str) -> Exception:
        return CatalogError(message)

    return PointsPer.parse(Fields(table, fail, RULES))


class _Table:
    """A table of three cities as a scorer sees it: cards by colour, victories, coins."""

    def __init__(
        self, cards: Sequence[dict[Color, int]], victories: Sequence[int | None], coins: Sequence[int]
    ):
        self._cards, self._victories, self._coins = cards, victories, coins

    def cards(self, seat: int, colors: Sequence[Color]) -> int | None:
        return sum(self._cards[seat].get(c, 0) for c in colors)

    def stages(self, seat: int) -> int:
        return 0

    def stage_total(self, seat: int) -> int | None:
        return 3

    def defeats(self, seat: int) -> int | None:
        return 0

    def victories(self, seat: int) -> int | None:
        return self._victories[seat]

    def coins(self, seat: int) -> int:
        return self._coins[seat]


def test_one_point_for_every_three_coins():
    midas = _parse(points=1, counted="coins", every=3, cities=["self"])
    assert str(midas.describe()) == "At the end of the game: 1 victory point for each 3 coins in your city."
    scorer = midas.scorer()
    table = _Table([{}] * 3, [0, 0, 0], [11, 0, 2])
    assert scorer.count(table, 0, 3, []) == 3 and scorer.count(table, 2, 3, []) == 0
    assert str(scorer.explain(3, "Bo", "Cy")) == "1 per 3 coins in its own city, 3 in all: 3 victory points"


def test_a_point_per_victory_token_and_an_unknown_count_is_said():
    alexander = _parse(points=1, counted="victories", cities=["self"])
    assert "for each military victory token in your city" in str(alexander.describe())
    unknown: list[int] = []
    table = _Table([{}] * 3, [4, None, 0], [0, 0, 0])
    assert alexander.scorer().count(table, 0, 3, unknown) == 4 and unknown == []
    alexander.scorer().count(table, 1, 3, unknown)
    assert unknown == [1]


@given(st.lists(st.integers(0, 6), min_size=3, max_size=3))
def test_a_set_is_one_card_of_each_colour(counts):
    justinian = _parse(points=3, counted="sets", colors=["red", "blue", "green"], cities=["self"])
    table = _Table([dict(zip(COLORS, counts, strict=True)), {}, {}], [0, 0, 0], [0, 0, 0])
    sets = justinian.scorer().count(table, 0, 3, [])
    assert sets == min(counts)
    # Said another way: keep taking one card of each colour while every colour has one.
    left, brute = list(counts), 0
    while all(left):
        left = [n - 1 for n in left]
        brute += 1
    assert sets == brute
    assert "set of red, blue and green cards" in str(justinian.describe())


@pytest.mark.parametrize(
    ("table", "words"),
    [
        ({"points": 1, "counted": "coins", "every": 3, "cities": ["left"]}, "own treasury"),
        ({"points": 1, "counted": "sets", "cities": ["self"]}, "colors are given"),
        ({"points": 1, "counted": "victories", "every": 2, "cities": ["self"]}, "every"),
        ({"points": 1, "counted": "coins", "every": 0, "cities": ["self"]}, "every"),
    ],
)
def test_a_count_the_rules_do_not_print_is_refused(table, words):
    with pytest.raises(CatalogError, match=words):
        _parse(**table)


def test_counted_names_the_game_format_uses():
    assert {c.value for c in Counted} >= {"cards", "stages", "defeats", "victories", "coins", "sets"}
    assert Whose.SELF.value == "self"


@given(st.integers(0, 5), st.integers(0, 5), st.integers(0, 5), st.integers(0, 3), st.sampled_from([7, 10]))
def test_wildcards_fall_where_they_score_most_whatever_a_set_is_worth(compass, gear, tablet, wild, bonus):
    """A set worth 10 (Aristotle's 3 more) can move a wildcard: checked against every split."""
    from itertools import product

    from assistant.rules.science import science_points

    best = science_points(compass, gear, tablet, wild, bonus)
    brute = max(
        (compass + a) ** 2
        + (gear + b) ** 2
        + (tablet + c) ** 2
        + bonus * min(compass + a, gear + b, tablet + c)
        for a, b, c in product(range(wild + 1), repeat=3)
        if a + b + c == wild
    )
    assert best.points == brute and best.wild == wild


def test_a_set_worth_ten_moves_a_wildcard():
    from assistant.rules.science import science_points

    # 4 compasses, 1 gear and a wildcard. At 7 a set: a 5th compass (25 + 1 = 26) beats a
    # tablet (16 + 1 + 1 + 7 = 25); at 10 a set the tablet wins (16 + 1 + 1 + 10 = 28).
    seven, ten = science_points(4, 1, 0, 1, 7), science_points(4, 1, 0, 1, 10)
    assert (seven.points, seven.wild_compass) == (26, 1)
    assert (ten.points, ten.wild_tablet) == (28, 1)
