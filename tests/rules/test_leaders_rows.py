"""Leaders (2010) at the table before it is card-level: its set-up (6 coins, a leader played
at each age's start) and its typed row, by the Leaders rulebook (rules_data/first_edition/
expansions/leaders, SOURCES.md)."""

from __future__ import annotations

from assistant.rules import Category, catalog_for, game_to_dict, parse_game, score_game
from assistant.rules.setup import Seat, new_game
from tests.web.worked_games import THREE_TOTALS, three

LEADERS = Category("leaders")


def test_leaders_starts_with_six_coins_and_one_more_play_each_age():
    base, leaders = catalog_for(1).rules, catalog_for(1, ["leaders"]).rules
    assert (leaders.starting_coins, base.starting_coins) == (6, 3)  # "six coins instead of three"
    # A leader at each age's start: a turn of its own, never an age card.
    assert leaders.turns_per_age == base.turns_per_age and leaders.leader_turns_per_age == 1
    assert leaders.player_counts == base.player_counts  # no more seats
    assert leaders.categories == (*base.categories, LEADERS) and leaders.score_pad[-1] is LEADERS
    ruling = catalog_for(1, ["leaders"]).ruling("leaders-starting-coins")
    assert ruling.source.startswith("Leaders rulebook")


def test_a_leaders_game_is_set_up_with_six_coins_each():
    catalog = catalog_for(1, ["leaders"])
    game = new_game(
        catalog, [Seat("Ana", "giza", "A"), Seat("Bo", "rhodes", "A"), Seat("Cy", "babylon", "A")]
    )
    assert game["expansions"] == ["leaders"] and [c["coins"] for c in game["cities"]] == [6, 6, 6]


def test_a_city_entered_card_by_card_types_its_leaders_row():
    data = three()
    data["expansions"] = ["leaders"]
    data["cities"][0]["categories"] = {"leaders": 12}
    data["cities"][2]["categories"] = {"leaders": 0}
    sheet = score_game(parse_game(data))
    totals = {c.player: c.total for c in sheet.cities}
    assert totals["Ana"] == THREE_TOTALS["Ana"] + 12 and totals["Şule"] == THREE_TOTALS["Şule"]
    ana = sheet.cities[0]
    assert ana.categories[LEADERS] == 12 and list(ana.categories)[-1] is LEADERS
    assert [str(d.reason) for d in ana.details if d.category is LEADERS] == [
        "Leaders from the score pad: 12 victory points"
    ]
    assert game_to_dict(parse_game(data))["cities"][0]["categories"] == {"leaders": 12}
