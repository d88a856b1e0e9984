"""Cities' team game at the end of an age: teammates do not fight each other; each city
fights its other neighbour twice, once less for each of the two on diplomacy (ruling
``cities-team-conflicts``; SOURCES.md). Hand-worked tables, a property against a brute
force written from the rule, the checks of given tokens (legal tables never flagged, tokens
of the ordinary ring found), tokens given for some cities beside tokens worked out for the
others, and the command line's and the API's one-age conflicts with ``teams``."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.cli import main
from assistant.rules import Category, parse_game, score_game
from assistant.rules.military import conflict_tokens
from tests.conftest import examples

from .test_cities_diplomacy import BOARDS, RULES

DIPLOMATS = ["residence", "consulate", "embassy"]  # a diplomacy token each (Cities' Age I-III)


def _game(
    shields: list[list[int] | None],
    diplomacy: dict[int, list[int]] | None = None,
    military: dict[int, list[int]] | None = None,
    *,
    start: int = 0,
) -> Any:
    """A team game of ``len(shields)`` cities, teammates at seats ``start + 2k`` and the next one."""
    n = len(shields)
    cities = []
    for seat, held in enumerate(shields):
        ages = (diplomacy or {}).get(seat, [])
        city: dict[str, Any] = {"player": f"P{seat}", "wonder": BOARDS[seat % 7] if seat < 7 else "petra",
                                "cards": DIPLOMATS[: len(ages)], "team": f"T{((seat - start) % n) // 2}"}  # fmt: skip
        if held is not None:
            city["shields_by_age"] = held
        if ages:
            city["diplomacy"] = ages
        if military is not None and seat in military:
            city["military"] = military[seat]
        cities.append(city)
    return parse_game({"edition": 1, "expansions": ["cities"], "cities": cities})


def _military(sheet: Any) -> list[int]:
    return [c.categories[Category.MILITARY] for c in sheet.cities]


def _bad(sheet: Any) -> list[str]:
    return [str(p.message) for p in sheet.problems if p.code == "bad-military"]


def test_teammates_do_not_fight_and_each_city_fights_its_other_neighbour_twice():
    # Teams P0+P1 and P2+P3. P0 (3) and P1 (4) are teammates: no conflict between them.
    # P0 fights P3 (0) twice: +1 +1 an age; P1 fights P2 (2) twice.
    sheet = score_game(_game([[3, 3, 3], [4, 4, 4], [2, 2, 2], [0, 0, 0]]))
    assert _military(sheet) == [2 * (1 + 3 + 5), 18, -6, -6]
    assert not _bad(sheet)
    (said,) = [str(d.reason) for d in sheet.cities[0].details if d.category == Category.MILITARY]
    assert "I: +1 +1, II: +3 +3, III: +5 +5" in said


def test_teams_seated_the_other_way_round_fight_the_other_pairs():
    # Teammates P1+P2 and P3+P0: P0 (3) fights P1 (4), P2 (2) fights P3 (0), twice each.
    sheet = score_game(_game([[3, 3, 3], [4, 4, 4], [2, 2, 2], [0, 0, 0]], start=1))
    assert _military(sheet) == [-6, 18, 18, -6]


def test_a_city_on_diplomacy_in_the_team_game_fights_its_other_neighbour_once():
    # P1 played diplomacy in Age I: P1 and P2 fight once that age (P2 +1, P1 -1), twice after.
    sheet = score_game(_game([[3, 3, 3], [1, 1, 1], [2, 2, 2], [0, 0, 0]], {1: [1]}))
    assert _military(sheet) == [18, -1 - 4, 1 + 6 + 10, -6]
    assert not _bad(sheet)
    # P2 on diplomacy too: the pair does not fight in Age I.
    both = score_game(_game([[3, 3, 3], [1, 1, 1], [2, 2, 2], [0, 0, 0]], {1: [1], 2: [1]}))
    assert _military(both) == [18, -4, 16, -6]


def test_a_number_the_unconfirmed_team_diplomacy_ruling_decides_says_so():
    """Ruling cities-team-conflicts rests on a player's account, not the rulebook's team page:
    the military line of a city whose conflicts it changed (it or its opponent on diplomacy)
    says so and names the ruling; the others do not."""
    sheet = score_game(_game([[3, 3, 3], [1, 1, 1], [2, 2, 2], [0, 0, 0]], {1: [1]}))
    lines = [next(d for d in c.details if d.category is Category.MILITARY) for c in sheet.cities]
    assert [d.ruling for d in lines] == [None, "cities-team-conflicts", "cities-team-conflicts", None]
    assert str(lines[1].reason) == (
        "Shields by age 1/1/1 against P2 2/2/2, twice an age as P0 is a teammate; tokens I: -1, II: -1 -1, III: -1 -1 "
        "(diplomacy in Age I): -5 victory points (an unconfirmed ruling: Conflicts in the team game)"
    )
    assert str(lines[0].reason).endswith(": 18 victory points")


def _brute(shields: list[list[int]], away: list[set[int]], start: int) -> list[int]:
    """Each age, each pair of neighbours in different teams fights twice, once less for each
    of the two on diplomacy; teammates (seats start + 2k, start + 2k + 1) never fight."""
    n = len(shields)
    team = [((s - start) % n) // 2 for s in range(n)]
    points = [0] * n
    for age, victory in enumerate((1, 3, 5)):
        for a in range(n):
            b = (a + 1) % n
            if team[a] == team[b]:
                continue
            times = 2 - (a in away[age]) - (b in away[age])
            if shields[a][age] != shields[b][age]:
                winner, loser = (a, b) if shields[a][age] > shields[b][age] else (b, a)
                points[winner] += victory * times
                points[loser] -= times
    return points


@settings(max_examples=examples(150), deadline=None)
@given(st.data())
def test_team_conflicts_match_a_brute_force_and_their_tokens_are_never_flagged(data):
    n = data.draw(st.sampled_from([4, 6, 8]))
    start = data.draw(st.integers(0, 1))
    shields = [sorted(data.draw(st.lists(st.integers(0, 6), min_size=3, max_size=3))) for _ in range(n)]
    diplomacy = {
        seat: sorted(ages) for seat in range(n) if (ages := data.draw(st.sets(st.integers(1, 3), max_size=3)))
    }
    sheet = score_game(_game(shields, diplomacy, start=start))
    away = [{s for s, ages in diplomacy.items() if age in ages} for age in (1, 2, 3)]
    assert _military(sheet) == _brute(shields, away, start)
    assert not _bad(sheet)
    # The same tokens typed in for every city, or for some beside shields for the others.
    tokens = {
        seat: [t for age in (1, 2, 3) for t in _age_tokens(shields, away, start, age)[seat]]
        for seat in range(n)
    }
    typed = score_game(_game(shields, diplomacy, tokens, start=start))
    assert not _bad(typed) and _military(typed) == _military(sheet)
    some = {s: t for s, t in tokens.items() if data.draw(st.booleans())}
    mixed = score_game(_game(shields, diplomacy, some, start=start))
    assert not _bad(mixed), (some, shields, diplomacy)


def _age_tokens(shields: list[list[int]], away: list[set[int]], start: int, age: int) -> list[list[int]]:
    n = len(shields)
    teams = tuple(f"t{((s - start) % n) // 2}" for s in range(n))
    return conflict_tokens(
        age, [s[age - 1] for s in shields], RULES, away=frozenset(away[age - 1]), teams=teams
    )


def test_tokens_of_the_ordinary_ring_at_a_team_table_are_found():
    # P0 beat both neighbours in Age I as in a game without teams: but P1 is her teammate.
    military = {0: [1, 1], 1: [-1], 2: [], 3: [-1]}
    assert _bad(score_game(_game([None] * 4, military=military))) == [
        "The conflict tokens across the table cannot pair up: no outcome of the conflicts between neighbours "
        "gives every city the tokens it holds."
    ]
    # Beating P3 twice is the team game's way: no problem.
    legal = {0: [1, 1], 1: [], 2: [], 3: [-1, -1]}
    assert not _bad(score_game(_game([None] * 4, military=legal)))


def test_a_city_on_diplomacy_in_the_team_game_wins_at_most_once_that_age():
    one = {0: [1], 1: [], 2: [], 3: [-1]}
    assert not _bad(score_game(_game([None] * 4, {0: [1]}, one)))
    two = {0: [1, 1], 1: [], 2: [], 3: [-1, -1]}
    assert _bad(score_game(_game([None] * 4, {0: [1]}, two)))[0] == (
        "P0 holds 2 victory tokens of Age I, but played a diplomacy token in that age: in the team game "
        "it fought one conflict."
    )


def test_tokens_given_beside_shields_are_checked_across_diplomacy():
    # No teams. Ana (no shields: her Residence has none) played diplomacy in Age I and typed
    # her tokens; the others' come from their shields. Bo (1) beats her in Ages II and III,
    # Dee (0) ties her: she lost twice. A victory of Age II cannot be: she beat nobody.
    def sheet(tokens: list[int]) -> Any:
        cities = [
            {"player": "Ana", "wonder": "giza", "cards": ["residence"], "diplomacy": [1], "military": tokens},
            {"player": "Bo", "wonder": "rhodes", "cards": [], "shields_by_age": [1, 1, 1]},
            {"player": "Cy", "wonder": "babylon", "cards": [], "shields_by_age": [2, 2, 2]},
            {"player": "Dee", "wonder": "olympia", "cards": [], "shields_by_age": [0, 0, 0]},
        ]
        return score_game(parse_game({"edition": 1, "expansions": ["cities"], "cities": cities}))

    assert not _bad(sheet([-1, -1]))
    (found,) = _bad(sheet([3, -1]))
    assert found.startswith("The conflict tokens given for Ana and those worked out from the shields of Bo, ")


def test_the_command_line_gives_one_ages_tokens_in_the_team_game(capsys):
    args = ["military", "--age", "2", "--shields", "3,1,2,0", "--expansions", "cities", "--teams", "A,A,B,B"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == {"age": 2, "tokens": [[3, 3], [-1, -1], [3, 3], [-1, -1]]}
    assert main([*args, "--diplomacy", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["tokens"] == [[3, 3], [-1], [3], [-1, -1]]
    for bad in ("A,B,A,B", "A,A,B", "A,A,A,A"):
        assert main([*args[:-1], bad]) == 2
        assert "--teams: the team game (Cities)" in capsys.readouterr().err
    assert main(["military", "--age", "1", "--shields", "3,1,2,0", "--teams", "A,A,B,B"]) == 2  # no Cities


def test_the_api_gives_one_ages_tokens_in_the_team_game(client):
    body = {"age": 1, "shields": [3, 1, 2, 0], "expansions": ["cities"], "teams": ["A", "a", "B", "B"]}
    answer = client.post("/api/v1/military", json=body)
    assert answer.status_code == 200 and answer.get_json()["tokens"] == [[1, 1], [-1, -1], [1, 1], [-1, -1]]
    for bad in (["A", "B", "A", "B"], ["A", "A"], "AABB", [1, 1, 2, 2]):
        refused = client.post("/api/v1/military", json={**body, "teams": bad})
        assert refused.status_code == 400 and refused.get_json()["field"] == "teams"
    without = client.post("/api/v1/military", json={**body, "expansions": []})
    assert without.status_code == 400 and without.get_json()["field"] == "teams"
