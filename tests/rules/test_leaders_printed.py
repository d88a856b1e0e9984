"""Each of the 36 leaders, the four guilds and Rome's sides and stages, tested by what its
printed card says (the test's id is the card's text in words; the icons and their sources are
tabled in rules_data/first_edition/expansions/leaders/SOURCES.md): its points counted in a
hand-worked city, its discount or free build at "Can I build it?", its shields and tokens,
its sentence where it acts only during the game. And the command line's catalog lists them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from assistant.cli import main
from assistant.rules import Category, can_build, catalog_for, parse_game, score_game

LEADERS = Category("leaders")
GUILDS = Category("guilds")
CATALOG = catalog_for(1, ["leaders"])

# Ana's city (Giza A, 1 stage, 10 coins, victory tokens +1 +3, one defeat): 2 brown, 1 grey,
# 2 blue, 1 yellow, 2 red, 2 green (1 compass, 1 gear), 1 purple. Bo (left) and Cy (right)
# hold the cards each case gives them.
ANA = ["lumber-yard", "stone-pit", "loom", "baths", "altar", "tavern", "stockade", "barracks",
       "apothecary", "workshop", "workers-guild"]  # fmt: skip


def _score(extra: list[str], bo: list[str] = (), cy: list[str] = (), **ana: Any) -> Any:
    game = {
        "edition": 1,
        "expansions": ["leaders"],
        "cities": [
            {"player": "Ana", "wonder": ana.get("wonder", "giza"), "side": ana.get("side", "A"),
             "stages": ana.get("stages", 1), "coins": 10, "cards": [*ANA, *extra], "military": [1, 3, -1]},
            {"player": "Bo", "wonder": "rhodes", "side": "A", "cards": list(bo), "military": [-1, -1]},
            {"player": "Cy", "wonder": "babylon", "side": "A", "cards": list(cy), "military": [1, -1]},
        ],
    }  # fmt: skip
    return score_game(parse_game(game))


def _row(sheet: Any, category: Category = LEADERS) -> int:
    return sheet.cities[0].categories[category]


def _reasons(sheet: Any, category: Category = LEADERS) -> list[str]:
    return [str(d.reason) for d in sheet.cities[0].details if d.category == category]


# Points a leader adds to Ana's Leaders row, and the start of its sentence.
SCORED = [
    ("alexander", "1 point for each military victory token", 2),
    ("amytis", "2 points for each wonder stage built", 2),
    ("cleopatra", "5 points", 5),
    ("hiram", "2 points for each guild in the city", 2),
    ("hypatia", "1 point for each green card", 2),
    ("justinian", "3 points for each set of a blue, a red and a green card", 6),
    ("midas", "1 point for each 3 coins", 3),
    ("nebuchadnezzar", "1 point for each blue card", 2),
    ("nefertiti", "4 points", 4),
    ("pericles", "2 points for each red card", 4),
    ("phidias", "1 point for each brown card", 2),
    ("plato", "7 points for each set of the seven colours", 7),
    ("praxiteles", "2 points for each grey card", 2),
    ("sappho", "2 points", 2),
    ("varro", "1 point for each yellow card", 1),
    ("zenobia", "3 points", 3),
]


@pytest.mark.parametrize(("leader", "printed", "points"), SCORED, ids=[p for _, p, _ in SCORED])
def test_a_leader_scores_what_its_card_prints(leader, printed, points):
    sheet = _score([leader])
    assert _row(sheet) == points
    (reason,) = _reasons(sheet)
    assert reason.startswith(f"{CATALOG.structure(leader).name}: ") and f": {points} victory point" in reason


@pytest.mark.parametrize(
    ("leader", "symbol"),
    [("euclid", "compass"), ("ptolemy", "tablet"), ("pythagoras", "gear")],
    ids=["Euclid: a compass", "Ptolemy: a tablet", "Pythagoras: a gear"],
)
def test_a_leader_adds_a_science_symbol(leader, symbol):
    # Ana has a compass and a gear (2 points); a tablet completes a set (10), another
    # compass or gear makes 4 + 1 = 5.
    assert _row(_score([leader]), Category.SCIENCE) == (10 if symbol == "tablet" else 5)
    assert _row(_score([leader])) == 0  # no points of its own


def test_aristotle_3_more_points_for_each_complete_science_set():
    sheet = _score(["aristotle", "scriptorium"])  # compass, gear, tablet: 1 set
    assert (_row(sheet, Category.SCIENCE), _row(sheet)) == (10, 3)
    assert _reasons(sheet) == [
        "Aristotle: 3 more for each complete set of science symbols, 1 in all: 3 victory points"
    ]


@pytest.mark.parametrize(
    ("leader", "shields"), [("caesar", 2), ("hannibal", 1)], ids=["Caesar: 2 shields", "Hannibal: 1 shield"]
)
def test_a_leader_adds_shields_to_the_conflicts(leader, shields):
    # Shields worked out from the cards (a leader counts from Age I: the format does not date
    # it). Ana: Stockade (I) and the leader; Bo and Cy: a Barracks (I) and Walls (II): 1, 3, 3.
    # Without a leader Ana ties Age I and loses Ages II and III to both: -4.
    game = {
        "edition": 1,
        "expansions": ["leaders"],
        "cities": [
            {"player": "Ana", "wonder": "giza", "cards": ["stockade", leader]},
            {"player": "Bo", "wonder": "rhodes", "cards": ["barracks", "walls"]},
            {"player": "Cy", "wonder": "babylon", "cards": ["barracks", "walls"]},
        ],
    }
    sheet = score_game(parse_game(game))
    # Caesar (3 in all): Age I +1 +1, Ages II and III tied. Hannibal (2): +1 +1, then -1 -1 twice.
    assert sheet.cities[0].categories[Category.MILITARY] == {2: 2, 1: -2}[shields]


@pytest.mark.parametrize(
    ("leader", "card", "note"),
    [
        ("archimedes", "library", "Archimedes saves 1 stone."),
        ("hammurabi", "courthouse", "Hammurabi saves 1 clay."),
        ("leonidas", "barracks", "Leonidas saves 1 ore."),
    ],
    ids=["Archimedes: green cards 1 resource less", "Hammurabi: blue cards 1 resource less",
         "Leonidas: red cards 1 resource less"],
)  # fmt: skip
def test_a_leader_makes_a_colour_one_resource_cheaper(leader, card, note):
    # Ana (Ephesos: papyrus, no coin) has 1 stone, 1 clay and a loom: each card lacks one unit.
    game = _table(["stone-pit", "clay-pool", "loom", leader], coins=0, wonder="ephesos")
    verdict = can_build(game, 0, card)
    assert verdict.buildable and verdict.cheapest.total == 0 and note in [str(n) for n in verdict.notes]
    assert not can_build(
        _table(["stone-pit", "clay-pool", "loom"], coins=0, wonder="ephesos"), 0, card
    ).buildable


def test_imhotep_wonder_stages_one_resource_less():
    # Giza A stage 2: 3 wood; Ana has 2 (Lumber Yard's one a turn: one Lumber Yard, a Timber Yard).
    game = _table(["lumber-yard", "timber-yard", "imhotep"], coins=0, stages=1)
    verdict = can_build(game, 0, stage=True)
    assert verdict.buildable and "Imhotep saves 1 wood." in [str(n) for n in verdict.notes]


def test_ramses_guilds_free():
    verdict = can_build(_table(["ramses"], coins=0), 0, "workers-guild")
    assert verdict.buildable and verdict.how == "free"


def test_maecenas_later_leaders_free():
    verdict = can_build(_table(["maecenas"], coins=0), 0, "pericles")
    assert verdict.buildable and verdict.cheapest.total == 0


def test_bilkis_once_a_turn_one_resource_from_the_bank_for_1_coin():
    verdict = can_build(_table(["bilkis"], coins=1), 0, "apothecary")  # 1 loom
    assert verdict.buildable and verdict.cheapest.total == 1
    assert [str(n) for n in verdict.notes] == ["Bilkis buys 1 loom from the bank for 1 coin."]


def test_tomyris_defeat_tokens_go_to_the_neighbour_that_won():
    game = {
        "edition": 1,
        "expansions": ["leaders"],
        "cities": [
            {"player": "Ana", "wonder": "giza", "cards": ["tomyris"], "shields_by_age": [0, 0, 0]},
            {"player": "Bo", "wonder": "rhodes", "cards": [], "shields_by_age": [1, 1, 1]},
            {"player": "Cy", "wonder": "babylon", "cards": [], "shields_by_age": [0, 0, 0]},
        ],
    }
    military = [c.categories[Category.MILITARY] for c in score_game(parse_game(game)).cities]
    assert military == [0, (1 - 1) + (3 - 1) + (5 - 1) + (1 + 3 + 5), -1 - 1 - 1]


SAID = [
    ("croesus", "6 coins from the bank when built."),
    ("hatshepsut", "1 coin from the bank in each turn the city buys resources from a neighbour, for each neighbour paid."),
    ("nero", "2 coins from the bank for each military victory token won from now on."),
    ("solomon", "Build one card from the discard pile for free."),
    ("vitruvius", "2 coins from the bank each time the city builds a structure for free by chain."),
    ("xenophon", "2 coins from the bank each time the city builds a yellow card from now on."),
]  # fmt: skip


@pytest.mark.parametrize(("leader", "sentence"), SAID, ids=[s for _, s in SAID])
def test_a_leader_that_acts_during_the_game_says_what_it_does_and_scores_nothing(leader, sentence):
    assert [str(e.describe()) for e in CATALOG.structure(leader).effects] == [sentence]
    assert _row(_score([leader])) == 0


# --- the guilds ---------------------------------------------------------------------------------


def test_gamers_guild_1_point_for_each_3_coins_of_its_own_treasury():
    sheet = _score(["gamers-guild"])
    assert "Gamers Guild: 1 per 3 coins in its own city, 3 in all: 3 victory points" in _reasons(
        sheet, GUILDS
    )


def test_diplomats_guild_1_point_for_each_leader_of_the_neighbours():
    sheet = _score(["diplomats-guild"], bo=["sappho", "nero"], cy=["zenobia"])
    assert (
        "Diplomats Guild: 1 per white card in the cities of Bo and Cy, 3 in all: 3 victory points"
        in _reasons(sheet, GUILDS)
    )


def test_architects_guild_3_points_for_each_guild_of_the_neighbours():
    sheet = _score(["architects-guild"], bo=["traders-guild"], cy=["spies-guild", "builders-guild"])
    assert (
        "Architects Guild: 3 per purple card in the cities of Bo and Cy, 3 in all: 9 victory points"
        in _reasons(sheet, GUILDS)
    )


def test_courtesans_guild_copies_a_neighbours_leader():
    sheet = _score(["courtesans-guild"], bo=["sappho"], cy=["nefertiti"])
    assert "Courtesans Guild copies Nefertiti of Cy: 4 victory points" in _reasons(sheet)
    assert "Courtesans Guild" not in " ".join(_reasons(_score(["courtesans-guild"])))


# --- Rome ------------------------------------------------------------------------------------------


def test_rome_a_leaders_free_and_its_two_stages_4_and_6_points():
    assert can_build(_table([], coins=0, wonder="rome"), 0, "cleopatra").cheapest.total == 0
    assert _row(_score([], wonder="rome", stages=2), Category.WONDER) == 10


def test_rome_b_leaders_2_coins_less_neighbours_1_less_and_its_stages():
    assert can_build(_table([], coins=9, wonder="rome", side="B"), 0, "pericles").cheapest.total == 4
    assert can_build(_table([], coins=9, wonder="rome", side="B"), 0, "sappho").cheapest.total == 0
    bo = parse_game(
        {
            "edition": 1,
            "expansions": ["leaders"],
            "cities": [
                {"player": "Ana", "wonder": "giza", "coins": 9, "cards": []},
                {"player": "Bo", "wonder": "rome", "side": "B", "cards": []},
                {"player": "Cy", "wonder": "babylon", "cards": []},
            ],
        }
    )
    assert can_build(bo, 0, "pericles").cheapest.total == 5  # a neighbour's Rome B
    assert _row(_score([], wonder="rome", side="B", stages=3), Category.WONDER) == 6
    stage1 = CATALOG.wonder("rome").side("B").stages[0]
    assert [str(e.describe()) for e in stage1.effects] == [
        "5 coins from the bank when built.",
        "Draws 4 leaders from those not dealt into the city's hand of leaders.",
    ]


def _table(cards: list[str], coins: int, wonder: str = "giza", side: str = "A", stages: int = 0) -> Any:
    """Ana and neighbours who sell nothing she needs (Bo: Rhodes, ore; Cy: Babylon, clay)."""
    return parse_game(
        {
            "edition": 1,
            "expansions": ["leaders"],
            "cities": [
                {
                    "player": "Ana",
                    "wonder": wonder,
                    "side": side,
                    "stages": stages,
                    "coins": coins,
                    "cards": cards,
                },
                {"player": "Bo", "wonder": "rhodes", "cards": []},
                {"player": "Cy", "wonder": "alexandria", "cards": []},
            ],
        }
    )


# --- the catalog ---------------------------------------------------------------------------------


def test_the_catalog_lists_every_leader_guild_and_rome_as_leaders(capsys):
    assert main(["catalog", "--edition", "1", "--expansions", "leaders"]) == 0
    body = json.loads(capsys.readouterr().out)
    added = {c["id"]: c for c in body["cards"] if c.get("expansion") == "leaders"}
    assert len([c for c in added.values() if c["color"] == "white"]) == 36
    assert {c for c, v in added.items() if v["color"] == "purple"} == {
        "architects-guild", "courtesans-guild", "diplomats-guild", "gamers-guild"
    }  # fmt: skip
    assert added["cleopatra"]["age"] is None and added["cleopatra"]["cost"] == {"coins": 4}
    (rome,) = [w for w in body["wonders"] if w.get("expansion") == "leaders"]
    assert rome["id"] == "rome" and rome["sides"]["A"]["power"] == "Builds white cards for free."
    assert [s["points"] for s in rome["sides"]["B"]["stages"]] == [0, 3, 3]


def test_olympia_b_copies_a_leaders_guild_as_if_built():
    """Olympia B's third stage copies a neighbour's guild, the Leaders guilds among them: the
    Gamers Guild then counts Olympia's own coins."""
    game = {
        "edition": 1,
        "expansions": ["leaders"],
        "cities": [
            {"player": "Ana", "wonder": "olympia", "side": "B", "stages": 3, "coins": 20, "cards": [],
             "military": []},
            {"player": "Bo", "wonder": "rhodes", "coins": 2, "cards": ["gamers-guild"], "military": []},
            {"player": "Cy", "wonder": "babylon", "cards": [], "military": []},
        ],
    }  # fmt: skip
    sheet = score_game(parse_game(game))
    assert _reasons(sheet, GUILDS) == [
        "Olympia stage 3 copies the Gamers Guild of Bo: 1 per 3 coins in the city of Ana, 6 in all: 6 victory points"
    ]
