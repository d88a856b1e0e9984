"""Every expansion at the table as typed rows, and what the assistant works out for the
table: Armada's naval conflicts, the Tower of Babel's points, Cities' debt and team game,
the seats and coins each combination gives (rules_data/*/expansions/*, their rulings and
SOURCES.md)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.rules import Category, GameFormatError, catalog_for, game_to_dict, parse_game, score_game
from assistant.rules.gameio import sheet_to_dict
from assistant.rules.naval import naval_tokens

NAVAL, BABEL, DEBT = Category("naval"), Category("babel"), Category("debt")
ARMADA = catalog_for(1, ["armada"]).rules.naval
assert ARMADA is not None

PADS = ["Ana", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Hu"]


def pad_game(n: int, expansions: list[str], edition: int = 1, **per_city: list[Any]) -> dict[str, Any]:
    """``n`` pad-entered cities (10 civilian points each, 3 coins), with fields per city."""
    cities = []
    for seat in range(n):
        city: dict[str, Any] = {"player": PADS[seat], "coins": 3, "categories": {"civilian": 10}}
        for key, values in per_city.items():
            if values[seat] is not None:
                city[key] = values[seat]
        cities.append(city)
    return {"edition": edition, "expansions": expansions, "cities": cities}


# --- set-up: seats, coins, hands -------------------------------------------------------------


@pytest.mark.parametrize("edition", [1, 2])
def test_cities_and_armada_seat_eight_and_deal_hands_of_eight(edition):
    base = catalog_for(edition).rules
    for expansion in ("cities", "armada"):
        rules = catalog_for(edition, [expansion]).rules
        assert rules.max_players == 8 and base.max_players == 7
        assert (rules.hand_size, rules.turns_per_age) == (base.hand_size + 1, base.turns_per_age + 1)
    assert catalog_for(edition, ["leaders"]).rules.starting_coins == 6  # Leaders: 6 coins
    assert catalog_for(edition, ["edifice"]).rules.max_players == 7


def test_eight_players_need_an_expansion_that_seats_eight():
    score_game(parse_game(pad_game(8, ["cities"])))
    score_game(parse_game(pad_game(8, ["armada"], edition=2)))
    for expansions in ([], ["leaders"], ["babel", "edifice"]):
        with pytest.raises(GameFormatError) as refused:
            parse_game(pad_game(8, expansions))
        assert refused.value.path == ("cities",) and "not 8" in str(refused.value.message)


def test_every_expansion_of_both_lines_is_offered_with_its_rows():
    rows = {
        "leaders": ["leaders"], "cities": ["cities", "debt"], "armada": ["naval", "islands", "shipyard"],
        "babel": ["babel", "projects"], "edifice": ["edifice"], "wonder-pack": [],
    }  # fmt: skip
    for edition, offered in ((1, list(rows)), (2, ["leaders", "cities", "armada", "edifice"])):
        from assistant.rules import available_expansions

        assert list(available_expansions(edition)) == offered
        for expansion in offered:
            catalog = catalog_for(edition, [expansion])
            assert [c.value for c in catalog.rules.typed_categories] == rows[expansion]
            assert catalog.rulings or expansion == "wonder-pack"
    with pytest.raises(GameFormatError) as refused:
        parse_game(pad_game(3, ["babel"], edition=2))
    assert refused.value.path == ("expansions", 0)


# --- Armada: naval conflicts ------------------------------------------------------------------


def test_naval_tokens_by_the_rulebook_table():
    # Age III, five cities: the strongest 7, the second 5, the third 3, the weakest -3.
    assert naval_tokens([6, 2, 4, 1, 3], [7, 5, 3], -3) == [7, 0, 5, -3, 3]
    # Age I: only two victory tokens; the weakest takes -1.
    assert naval_tokens([1, 4, 0, 2], [3, 1], -1) == [0, 3, -1, 1]


def test_naval_ties_step_down_a_rank():
    # Tied for the strongest: both take the second rank's token; the next counts as third.
    assert naval_tokens([5, 5, 3, 1], [7, 5, 3], -3) == [5, 5, 3, -3]
    # Tied for the second: both take the third rank's token; the next takes none.
    assert naval_tokens([6, 4, 4, 2, 1], [7, 5, 3], -3) == [7, 3, 3, 0, -3]
    # Tied for the weakest: all take the defeat token, and no victory token.
    assert naval_tokens([3, 0, 0], [3, 1], -1) == [3, -1, -1]
    # Tied for the strongest in Age I: the second rank's 1 each.
    assert naval_tokens([2, 2, 0], [3, 1], -1) == [1, 1, -1]
    # Everyone equal: no naval conflict.
    assert naval_tokens([2, 2, 2], [3, 1], -1) == [0, 0, 0]


def _brute(strengths: list[int], victory: list[int], defeat: int) -> list[int]:
    """The rule said another way: a city's rank is how many cities are stronger; a city
    sharing its strength steps down one rank; the weakest take the defeat token."""
    if len(set(strengths)) < 2:
        return [0] * len(strengths)
    out = []
    weakest = min(strengths)
    for s in strengths:
        if s == weakest:
            out.append(defeat)
            continue
        rank = sum(1 for t in strengths if t > s) + (1 if strengths.count(s) > 1 else 0)
        out.append(victory[rank] if rank < len(victory) else 0)
    return out


@given(st.lists(st.integers(0, 6), min_size=2, max_size=8), st.sampled_from([0, 1, 2]))
def test_naval_tokens_match_the_rule_said_another_way(strengths, age):
    victory, defeat = ARMADA.victory[age], ARMADA.defeat[age]
    got = naval_tokens(strengths, victory, defeat)
    assert got == _brute(strengths, list(victory), defeat)
    # The tokens sum as the rules say: every weakest city takes the defeat token, a victory
    # token of each rank goes to one city, or to every city of a tie that stepped down to it.
    if len(set(strengths)) > 1:
        assert got.count(defeat) == strengths.count(min(strengths))
        assert sum(t for t in got if t > 0) <= sum(victory) * len(strengths)
        assert all(t in (0, defeat, *victory) for t in got)
        assert max(got) == (victory[0] if strengths.count(max(strengths)) == 1 else victory[1])
    else:
        assert got == [0] * len(strengths)


def test_naval_row_is_worked_out_when_every_city_gives_its_strength():
    # Age I  [2, 1, 0]: Ana 3, Bo 1, Cy -1.  Age II [4, 4, 1]: Ana 3, Bo 3, Cy -2.
    # Age III [6, 7, 2]: Bo 7, Ana 5, Cy -3.  Ana 11, Bo 11, Cy -6.
    data = pad_game(3, ["armada"], naval_by_age=[[2, 4, 6], [1, 4, 7], [0, 1, 2]])
    data["cities"][2]["categories"]["naval"] = -5  # the pad says otherwise: the computed counts
    sheet = score_game(parse_game(data))
    assert [c.categories[NAVAL] for c in sheet.cities] == [11, 11, -6]
    assert [c.total for c in sheet.cities] == [22, 22, 5]
    (warning,) = [p for p in sheet.problems if p.code == "typed-differs"]
    assert warning.field == "cities[2].categories.naval"
    (line,) = [d for d in sheet.cities[0].details if d.category is NAVAL]
    # Ana's Age II token comes from a tie for the strongest (a ruling not confirmed yet).
    assert str(line.reason) == (
        "Naval conflicts (strength 2, 4, 6): Age I +3, Age II +3 and Age III +5: 11 victory points "
        "(an unconfirmed ruling: Ties in naval conflicts)"
    )
    assert line.ruling == "armada-naval-ties"
    (untied,) = [d for d in sheet.cities[2].details if d.category is NAVAL]
    assert untied.ruling is None and "unconfirmed" not in str(untied.reason)
    assert game_to_dict(parse_game(data))["cities"][0]["naval_by_age"] == [2, 4, 6]


def test_naval_row_typed_when_a_city_does_not_give_its_strength():
    data = pad_game(3, ["armada"], naval_by_age=[[2, 4, 6], None, [0, 1, 2]])
    data["cities"][1]["categories"]["naval"] = 4
    sheet = score_game(parse_game(data))
    assert [c.categories[NAVAL] for c in sheet.cities] == [0, 4, 0]
    (warning,) = [p for p in sheet.problems if p.code == "naval-unknown"]
    assert warning.field == "cities[1].naval_by_age" and "Bo did not" in str(warning.message)


@pytest.mark.parametrize(
    ("value", "path"),
    [([1, 2], ("cities", 0, "naval_by_age")), ([1, -2, 3], ("cities", 0, "naval_by_age", 1))],
)
def test_an_impossible_naval_entry_is_refused_naming_the_field(value, path):
    with pytest.raises(GameFormatError) as refused:
        parse_game(pad_game(3, ["armada"], naval_by_age=[value, None, None]))
    assert refused.value.path == path


# --- Babel: the tower --------------------------------------------------------------------------


@pytest.mark.parametrize(("tiles", "points"), [(0, 0), (1, 2), (2, 5), (3, 10)])
def test_tower_of_babel_points_by_the_rulebook_table(tiles, points):
    sheet = score_game(parse_game(pad_game(3, ["babel"], babel_tiles=[tiles, None, None])))
    assert (
        sheet.cities[0].categories[BABEL] == points and sheet.cities[0].total == 10 + 1 + points
    )  # civilian, treasury


def test_babel_tiles_beyond_three_are_refused():
    with pytest.raises(GameFormatError) as refused:
        parse_game(pad_game(3, ["babel"], babel_tiles=[4, None, None]))
    assert refused.value.path == ("cities", 0, "babel_tiles")


def test_a_card_level_city_types_babel_rows_beside_its_cards():
    from tests.web.worked_games import THREE_TOTALS, three

    data = three()
    data["expansions"] = ["babel"]
    data["cities"][0]["babel_tiles"] = 2
    data["cities"][0]["categories"] = {"babel": 10, "projects": -2}  # the pad's babel differs
    sheet = score_game(parse_game(data))
    ana = sheet.cities[0]
    assert ana.categories[BABEL] == 5 and ana.categories[Category("projects")] == -2
    assert ana.total == THREE_TOTALS["Ana"] + 3
    assert [p.field for p in sheet.problems if p.code == "typed-differs"] == ["cities[0].categories.babel"]


# --- Cities: debt and the team game ----------------------------------------------------------


def test_debt_counts_against_the_score_and_is_never_above_zero():
    data = pad_game(3, ["cities"])
    data["cities"][0]["categories"] |= {"debt": -7, "cities": 4}
    sheet = score_game(parse_game(data))
    assert sheet.cities[0].total == 10 + 1 - 7 + 4  # civilian, treasury (3 coins), debt, cities
    data["cities"][0]["categories"]["debt"] = 2
    with pytest.raises(GameFormatError) as refused:
        parse_game(data)
    assert refused.value.path == ("cities", 0, "categories", "debt")
    assert "-99 to 0" in str(refused.value.message) or "0" in str(refused.value.message)


def test_team_totals_rank_and_winners():
    # Teams side by side: Ana+Bo, Cy+Di, Ed+Fa. Points: Ana 12, Bo 20 (32); Cy 15, Di 15 (30);
    # Ed 25, Fa 7 (32). Ana+Bo and Ed+Fa tie on 32: coins 3+3=6 against 3+9=12: Ed+Fa win.
    data = pad_game(6, ["cities"], team=["red", "red", "blue", "blue", "gold", "gold"])
    for seat, civilian in enumerate([11, 19, 14, 14, 24, 4]):
        data["cities"][seat]["categories"] = {"civilian": civilian}
    data["cities"][5]["coins"] = 9  # Fa: treasury 3, so 4 + 3 = 7
    sheet = score_game(parse_game(data))
    assert [c.total for c in sheet.cities] == [12, 20, 15, 15, 25, 7]
    teams = {t.team: (t.players, t.total, t.coins, t.rank) for t in sheet.teams}
    assert teams == {
        "red": (("Ana", "Bo"), 32, 6, 2),
        "blue": (("Cy", "Di"), 30, 6, 3),
        "gold": (("Ed", "Fa"), 32, 12, 1),
    }
    assert sheet.winners == ("Ed", "Fa") and sheet.decided_by == "coins"
    assert str(sheet.explanation).startswith("Team gold (Ed and Fa) wins on a tie of 32 victory points")
    out = sheet_to_dict(sheet)
    assert out["teams"][2] == {"team": "gold", "players": ["Ed", "Fa"], "total": 32, "coins": 12, "rank": 1}
    assert out["winners"] == ["Ed", "Fa"]
    # A team's total is its players' sum, whoever sits where.
    assert all(t.total == sum(c.total for c in sheet.cities if c.player in t.players) for t in sheet.teams)


@pytest.mark.parametrize(
    ("teams", "seat", "words"),
    [
        (["a", "b", "a", "b"], 2, "side by side"),
        (["a", "a", "a", "b"], 0, "has 3 players"),
        (["a", "a", None, "b"], 2, "names no team"),
    ],
)
def test_teams_the_rules_do_not_allow_are_refused(teams, seat, words):
    with pytest.raises(GameFormatError) as refused:
        parse_game(pad_game(4, ["cities"], team=teams))
    assert refused.value.path == ("cities", seat, "team") and words in str(refused.value.message)


def test_first_and_last_seats_are_neighbours_in_a_team():
    sheet = score_game(parse_game(pad_game(4, ["cities"], team=["x", "y", "y", "x"])))
    assert {t.team: t.players for t in sheet.teams} == {"x": ("Ana", "Di"), "y": ("Bo", "Cy")}


@given(
    st.lists(st.integers(0, 60), min_size=4, max_size=4), st.lists(st.integers(0, 20), min_size=4, max_size=4)
)
def test_a_teams_total_is_its_players_sum(points, coins):
    data = pad_game(4, ["cities"], team=["x", "x", "y", "y"])
    for seat in range(4):
        data["cities"][seat]["categories"] = {"civilian": points[seat]}
        data["cities"][seat]["coins"] = coins[seat]
    sheet = score_game(parse_game(data))
    for team in sheet.teams:
        members = [c for c in sheet.cities if c.player in team.players]
        assert team.total == sum(c.total for c in members) and team.coins == sum(c.coins for c in members)
    best = max((t.total, t.coins) for t in sheet.teams)
    assert set(sheet.winners) == {p for t in sheet.teams if (t.total, t.coins) == best for p in t.players}


# --- boards not yet known stage by stage ---------------------------------------------------------


def test_every_extra_board_can_be_chosen_and_eight_can_be_dealt():
    boards = {w.id for w in catalog_for(1, ["wonder-pack", "edifice"]).wonders if w.typed}
    assert boards == {"great-wall", "stonehenge", "abu-simbel", "manneken-pis", "catan", "carthage", "ur"}
    assert {w.id for w in catalog_for(1, ["armada"]).wonders if w.typed} == {"siracusa"}
    assert {w.id for w in catalog_for(2, ["armada"]).wonders if w.typed} == {"siracusa"}
    # Boards read stage by stage since: Rome (Leaders), Petra and Byzantium (Cities).
    assert not any(w.typed for w in catalog_for(1, ["leaders", "cities"]).wonders)
    assert not any(w.typed for w in catalog_for(1).wonders)  # the base game's boards are exact
    from assistant.rules.setup import Seat, new_game

    game = new_game(catalog_for(1, ["cities"]), [Seat(n, None, None) for n in PADS])
    assert len({c["wonder"] for c in game["cities"]}) == 8
    score_game(parse_game(game))


def test_a_city_on_a_typed_board_types_its_wonder_points_and_is_told_so():
    from tests.web.worked_games import THREE_TOTALS, three

    data = three()
    data["expansions"] = ["cities", "armada"]
    data["cities"][1].update(wonder="siracusa", stages=2, categories={"wonder": 7, "cities": 3})
    sheet = score_game(parse_game(data))
    bartek = sheet.cities[1]
    assert bartek.categories[Category.WONDER] == 7 and bartek.total == THREE_TOTALS["Bartek"] - 3 + 7 + 3
    (note,) = [p for p in sheet.problems if p.code == "typed-board"]
    assert note.city == 1 and "Siracusa, is not known stage by stage" in str(note.message)
    # A board of the edition is counted from its stages: its wonder row is never typed.
    data["cities"][1].update(wonder="rhodes")
    with pytest.raises(GameFormatError) as refused:
        parse_game(data)
    assert refused.value.path == ("cities", 1, "categories", "wonder")


def test_a_build_beside_a_typed_board_is_refused_naming_the_board():
    from assistant.rules import can_build
    from tests.web.worked_games import three

    data = three()
    data["expansions"] = ["armada"]
    data["cities"][1]["wonder"] = "siracusa"
    game = parse_game(data)
    with pytest.raises(GameFormatError) as refused:
        can_build(game, 0, "baths")
    assert refused.value.path == ("cities", 1, "wonder") and "Siracusa" in str(refused.value.message)
    catalog = catalog_for(1, ["armada"])
    from assistant.rules import catalog_to_dict

    siracusa = next(w for w in catalog_to_dict(catalog)["wonders"] if w["id"] == "siracusa")
    assert siracusa["typed"] is True and siracusa["expansion"] == "armada"
    assert siracusa["sides"]["A"]["resource"] is None


@pytest.mark.parametrize(
    ("field", "value", "expansion"),
    [("naval_by_age", [1, 2, 3], "armada"), ("team", "red", "cities"), ("babel_tiles", 2, "babel")],
)
def test_an_expansions_field_in_a_game_without_it_is_refused_naming_the_field(field, value, expansion):
    data = pad_game(3, [])
    data["cities"][1][field] = value
    with pytest.raises(GameFormatError) as refused:
        parse_game(data)
    assert refused.value.path == ("cities", 1, field)
    assert f"add {expansion} to the game's expansions" in str(refused.value.message)


def test_an_expansions_row_in_a_game_without_it_is_refused_naming_the_field():
    data = pad_game(3, ["cities"])
    data["cities"][2]["categories"]["naval"] = 3
    with pytest.raises(GameFormatError) as refused:
        parse_game(data)
    assert refused.value.path == ("cities", 2, "categories", "naval")
