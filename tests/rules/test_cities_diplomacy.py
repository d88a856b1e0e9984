"""Cities' diplomacy: a city that played a diplomacy token sits out that age's conflict and
its two neighbours fight each other across it (the publisher's rules summary; SOURCES.md).
Hand-worked tables, a property against a brute force that reseats the table each age, the
checks (tokens played beyond those held, a victory in an age on diplomacy), and the command
line's and the API's one-age conflicts."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.cli import main
from assistant.rules import Category, catalog_for, parse_game, score_game
from assistant.rules.errors import GameFormatError
from tests.conftest import examples

RULES = catalog_for(1, ["cities"]).rules
BOARDS = ["giza", "rhodes", "babylon", "olympia", "ephesus", "alexandria", "halicarnassus", "petra"]


def _game(
    shields: list[list[int]], diplomacy: dict[int, list[int]], cards: dict[int, list[str]] | None = None
) -> Any:
    cities = []
    for seat, held in enumerate(shields):
        city: dict[str, Any] = {"player": f"P{seat}", "wonder": BOARDS[seat], "shields_by_age": held,
                                "cards": (cards or {}).get(seat, ["residence", "consulate", "embassy"][: len(diplomacy.get(seat, []))])}  # fmt: skip
        if seat in diplomacy:
            city["diplomacy"] = diplomacy[seat]
        cities.append(city)
    return parse_game({"edition": 1, "expansions": ["cities"], "cities": cities})


def test_a_city_on_diplomacy_fights_nobody_and_its_neighbours_fight_each_other():
    # Ana (5 shields) played diplomacy in Age I: no token for her; Bo (1) and Dee (0), her
    # neighbours, fight each other: Bo +1. Cy (2) fights Bo and Dee as usual.
    sheet = score_game(_game([[5, 5, 5], [1, 1, 1], [2, 2, 2], [0, 0, 0]], {0: [1]}))
    military = [c.categories[Category.MILITARY] for c in sheet.cities]
    assert military == [3 + 3 + 5 + 5, (-1 + 1) - 2 - 2, 2 + 6 + 10, -2 - 2 - 2]
    assert not [p for p in sheet.problems if p.code == "bad-military"]
    (said,) = [str(d.reason) for d in sheet.cities[0].details if d.category == Category.MILITARY]
    assert said.endswith("tokens II: +3 +3, III: +5 +5 (diplomacy in Age I): 16 victory points")


def _brute(shields: list[list[int]], away: list[set[int]]) -> list[int]:
    """Each age, the cities not on diplomacy sit as a smaller ring; each fights its two
    neighbours there (once when only two are left, nobody when one)."""
    n = len(shields)
    points = [0] * n
    for age, victory in enumerate((1, 3, 5)):
        ring = [s for s in range(n) if s not in away[age]]
        pairs = set()
        if len(ring) == 2:
            pairs.add((ring[0], ring[1]))
        elif len(ring) > 2:
            pairs = {(ring[i], ring[(i + 1) % len(ring)]) for i in range(len(ring))}
        for a, b in pairs:
            if shields[a][age] > shields[b][age]:
                points[a] += victory
                points[b] -= 1
            elif shields[a][age] < shields[b][age]:
                points[b] += victory
                points[a] -= 1
    return points


@settings(max_examples=examples(200), deadline=None)
@given(st.data())
def test_conflicts_with_diplomacy_match_a_reseated_table(data):
    n = data.draw(st.integers(3, 8))  # Cities seats an eighth player
    shields = [sorted(data.draw(st.lists(st.integers(0, 6), min_size=3, max_size=3))) for _ in range(n)]
    diplomacy = {
        seat: sorted(ages) for seat in range(n) if (ages := data.draw(st.sets(st.integers(1, 3), max_size=3)))
    }
    sheet = score_game(_game(shields, diplomacy))
    away = [{s for s, ages in diplomacy.items() if age in ages} for age in (1, 2, 3)]
    assert [c.categories[Category.MILITARY] for c in sheet.cities] == _brute(shields, away)
    assert not [p for p in sheet.problems if p.code == "bad-military"]


def _tokens(ana: list[int], bo: list[int], cy: list[int]) -> Any:
    """Three cities with these tokens, Ana on diplomacy in Age I (her Residence's token)."""
    return parse_game(
        {
            "edition": 1,
            "expansions": ["cities"],
            "cities": [
                {
                    "player": "Ana",
                    "wonder": "giza",
                    "cards": ["residence"],
                    "diplomacy": [1],
                    "military": ana,
                },
                {"player": "Bo", "wonder": "rhodes", "cards": [], "military": bo},
                {"player": "Cy", "wonder": "babylon", "cards": [], "military": cy},
            ],
        }
    )


def test_more_diplomacy_than_tokens_and_a_victory_while_away_are_errors():
    sheet = score_game(_game([[1, 1, 1], [0, 0, 0], [0, 0, 0]], {0: [1, 2]}, cards={0: ["residence"]}))
    (problem,) = [p for p in sheet.problems if p.field == "cities[0].diplomacy"]
    assert str(problem.message) == (
        "P0 played diplomacy in 2 ages, but the city's cards and stages give it 1 diplomacy token."
    )
    given = _tokens([1, 3], [-1], [-1])
    found = [str(p.message) for p in score_game(given).problems if p.code == "bad-military"]
    assert found == [
        "Ana holds a victory token of Age I, but played a diplomacy token in that age and fought no conflict."
    ]


@pytest.mark.parametrize(
    ("value", "expansions", "words"),
    [
        ([4], ["cities"], "diplomacy lists the ages (1 to 3, each once)"),
        ([1, 1], ["cities"], "diplomacy lists the ages (1 to 3, each once)"),
        ([1], [], "a field of Cities: add cities to the game's expansions"),
    ],
)
def test_a_diplomacy_field_that_cannot_be_is_refused_naming_it(value, expansions, words):
    with pytest.raises(GameFormatError) as refused:
        parse_game(
            {
                "edition": 1,
                "expansions": expansions,
                "cities": [
                    {"player": "Ana", "wonder": "giza", "cards": [], "diplomacy": value},
                    {"player": "Bo", "wonder": "rhodes", "cards": []},
                    {"player": "Cy", "wonder": "babylon", "cards": []},
                ],
            }
        )
    assert refused.value.field == "cities[0].diplomacy" and words in str(refused.value)


def test_the_command_line_gives_one_ages_tokens_with_a_city_on_diplomacy(capsys):
    args = ["military", "--age", "1", "--shields", "5,1,2,0", "--expansions", "cities", "--diplomacy", "0"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == {"age": 1, "tokens": [[], [-1, 1], [1, 1], [-1, -1]]}
    assert main([*args[:-1], "7"]) == 2
    assert "--diplomacy: seats 0 to 3" in capsys.readouterr().err
    assert RULES.ages == 3


def test_the_api_gives_one_ages_tokens_with_a_city_on_diplomacy(client):
    body = {"age": 1, "shields": [5, 1, 2, 0], "expansions": ["cities"], "diplomacy": [0]}
    answer = client.post("/api/v1/military", json=body)
    assert answer.status_code == 200 and answer.get_json()["tokens"] == [[], [-1, 1], [1, 1], [-1, -1]]
    refused = client.post("/api/v1/military", json={**body, "diplomacy": [9]})
    assert refused.status_code == 400 and refused.get_json()["field"] == "diplomacy"


def test_tokens_that_cannot_pair_up_across_a_city_on_diplomacy_are_found():
    # Age I: Ana is away, so Bo and Cy fight each other: one victory and one defeat between
    # them, not two victories.
    assert not [p for p in score_game(_tokens([], [1], [-1])).problems if p.code == "bad-military"]
    assert [p.field for p in score_game(_tokens([], [1], [1])).problems if p.code == "bad-military"] == [
        "cities"
    ]
