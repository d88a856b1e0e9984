"""Invariants of scoring and validation over generated legal tables (Hypothesis)."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.rules.catalog import catalog_for
from assistant.rules.model import CATEGORIES, City, Game, ScoreSheet
from assistant.rules.science import science_points, science_score
from assistant.rules.scoring import score_game
from assistant.rules.tallies import _view
from assistant.rules.tallies import table_lookups as scoring_lookups
from assistant.rules.validate import check_game, check_game_and_cards
from tests.conftest import examples
from tests.rules.strategies import CATALOG, legal_games, rotate, tables_with_pad_entries


def _by_player(sheet: ScoreSheet) -> dict[str, tuple[object, ...]]:
    return {
        c.player: (tuple(c.categories.items()), c.total, c.rank, c.coins, tuple(c.details))
        for c in sheet.cities
    }


@given(legal_games())
def test_every_generated_legal_table_validates_without_an_error(game: Game) -> None:
    assert [p for p in check_game(game, CATALOG) if p.severity == "error"] == []


@given(st.one_of(legal_games(), tables_with_pad_entries()))
def test_the_total_is_the_sum_of_the_seven_categories(game: Game) -> None:
    for city in score_game(game, CATALOG).cities:
        assert list(city.categories) == list(CATEGORIES)
        assert city.total == sum(city.categories.values())


@given(st.one_of(legal_games(), tables_with_pad_entries()))
def test_the_details_of_each_category_add_up_to_it(game: Game) -> None:
    for city in score_game(game, CATALOG).cities:
        for category in CATEGORIES:
            assert sum(d.points for d in city.details if d.category is category) == city.categories[category]


@given(st.one_of(legal_games(), tables_with_pad_entries()), st.integers(1, 6))
def test_rotating_the_seating_changes_nothing_but_the_order(game: Game, by: int) -> None:
    before = score_game(game, CATALOG)
    after = score_game(rotate(game, by), CATALOG)
    assert _by_player(before) == _by_player(after)
    assert set(before.winners) == set(after.winners)
    assert before.decided_by == after.decided_by
    assert Counter(p.code for p in before.problems) == Counter(p.code for p in after.problems)


@given(legal_games())
def test_ranks_follow_points_then_coins_and_the_free_city_is_never_ranked(game: Game) -> None:
    sheet = score_game(game, CATALOG)
    ranked = [c for c in sheet.cities if not c.free_city]
    assert all(c.rank is None for c in sheet.cities if c.free_city)
    for a, b in itertools.permutations(ranked, 2):
        assert a.rank is not None and b.rank is not None
        if (a.total, a.coins) > (b.total, b.coins):
            assert a.rank < b.rank
        elif (a.total, a.coins) == (b.total, b.coins):
            assert a.rank == b.rank
    assert set(sheet.winners) == {c.player for c in ranked if c.rank == 1}
    assert sheet.winners


@given(legal_games(military=("both",)))
def test_tokens_and_the_shields_they_came_from_score_the_same(game: Game) -> None:
    def only(keep: str) -> Game:
        cities = tuple(
            City(
                player=c.player, wonder=c.wonder, side=c.side, stages=c.stages, coins=c.coins, cards=c.cards,
                free_city=c.free_city,
                military=c.military if keep == "tokens" else None,
                shields_by_age=c.shields_by_age if keep == "shields" else None,
            )
            for c in game.cities
        )  # fmt: skip
        return Game(cities=cities)

    tokens = score_game(only("tokens"), CATALOG)
    shields = score_game(only("shields"), CATALOG)
    assert [c.categories for c in tokens.cities] == [c.categories for c in shields.cities]
    assert tokens.problems == shields.problems == ()


counts = st.integers(0, 7)


@given(counts, counts, counts, st.integers(0, 4), st.sampled_from(("compass", "gear", "tablet", "wild")))
def test_science_never_drops_when_a_symbol_is_added(
    compass: int, gear: int, tablet: int, wild: int, added: str
) -> None:
    before = science_points(compass, gear, tablet, wild).points
    more = {"compass": compass, "gear": gear, "tablet": tablet, "wild": wild}
    more[added] += 1
    assert science_points(**more).points > before


@given(counts, counts, counts, st.integers(0, 4))
def test_the_wildcard_optimiser_equals_brute_force(compass: int, gear: int, tablet: int, wild: int) -> None:
    brute = max(
        science_score(
            compass + picks.count(0),
            gear + picks.count(1),
            tablet + picks.count(2),
        )
        for picks in itertools.product(range(3), repeat=wild)
    )
    result = science_points(compass, gear, tablet, wild)
    assert result.points == brute
    assert science_score(result.compass, result.gear, result.tablet) == brute
    assert result.wild == wild


@settings(max_examples=examples(80), deadline=None)
@given(
    data=st.data(),
    edition=st.sampled_from((1, 2)),
    expansions=st.sampled_from(((), ("leaders",), ("cities",))),
)
def test_a_citys_counts_taken_from_validations_sum_are_those_it_adds_up_itself(
    data: st.DataObject, edition: int, expansions: tuple[str, ...]
) -> None:
    """Scoring reads a clean city's packed counts from the sum validation's card checks made
    (its counters with scoring's counts above them): the same view as adding up its cards."""
    catalog = catalog_for(edition, expansions)
    game = data.draw(legal_games(military=("tokens",), catalog=catalog_for(edition)))
    lookups = scoring_lookups(catalog)
    _problems, counters = check_game_and_cards(game, catalog, lookups.counts)
    assert counters is not None
    for city, held in zip(game.cities, counters, strict=True):
        if city.cards is not None:
            assert held is not None
            assert _view(city, lookups, held) == _view(city, lookups)
