"""Can a city build it, and for how much? Each case is a rule from "Building and trading".

Tables have three cities unless said otherwise: seat 0 builds, seat 1 is its LEFT
neighbour (the next city clockwise) and seat 2 its RIGHT neighbour.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from assistant.rules.catalog import Catalog, catalog_for
from assistant.rules.gameio import parse_game, verdict_to_dict
from assistant.rules.model import City, Cost, Game, Resource, Verdict, WhyNot
from assistant.rules.production import describe_market, markets, production, trade_prices
from assistant.rules.records import replace
from assistant.rules.trade import can_build

CATALOG = catalog_for(1)
WOOD, STONE, CLAY, ORE = Resource.WOOD, Resource.STONE, Resource.CLAY, Resource.ORE
GLASS, PAPYRUS = Resource.GLASS, Resource.PAPYRUS


def city(
    wonder: str,
    *cards: str,
    side: str = "A",
    stages: int = 0,
    coins: int = 10,
    player: str = "Ana",
) -> City:
    return City(player, wonder, side, stages, coins, tuple(cards))


def table(me: City, left: City, right: City) -> Game:
    """Seat 0 is ``me``; ``left`` sits at seat 1 and ``right`` at seat 2."""
    return Game((me, replace(left, player="Bo"), replace(right, player="Cy")))


# Neighbours that sell nothing a case asks for unless the case gives them cards.
EPHESUS = city("ephesus")  # papyrus
HALICARNASSUS = city("halicarnassus")  # loom

# The rulebook's production example: Giza producing 2 stone, 1 clay, 1 ore, 1 papyrus, 1 loom.
RULEBOOK_GIZA = city("giza", "stone-pit", "clay-pool", "ore-vein", "press", "loom")

# The brief's worked example: Ana (Rhodes, ore) holds a Lumber Yard and the East Trading Post;
# Bo on her left (Alexandria) sells glass and clay; Cy on her right (Giza) sells stone and
# wood-or-clay (Tree Farm).
TEMPLE_TABLE = table(
    city("rhodes", "lumber-yard", "east-trading-post", coins=5),
    city("alexandria", "clay-pool"),
    city("giza", "tree-farm"),
)

# Bo on Ana's left holds the Lumber Yard, of which the three-player deck has one copy.
ONE_LUMBER_YARD_BUILT = table(city("rhodes", coins=9), city("olympia", "lumber-yard"), city("babylon"))

# Two players, Ana and Bo, with the Free City in the third seat.
TWO_PLAYERS_AND_THE_FREE_CITY = Game(
    (city("rhodes", coins=9), city("olympia", player="Bo"), replace(city("babylon"), free_city=True))
)


@dataclass(frozen=True)
class Case:
    name: str
    game: Game
    card: str | None  # None: the next wonder stage
    how: str | None = None
    why: str | None = None
    total: int | None = None
    left: dict[Resource, int] = field(default_factory=dict)
    right: dict[Resource, int] = field(default_factory=dict)
    bank: int = 0
    options: tuple[int, ...] | None = None  # the totals of the options, in order
    reason: str | None = None  # a part of the reason
    notes: tuple[str, ...] | None = None  # how each note starts, all of them, in order


CASES = [
    # --- the rulebook's examples ---------------------------------------------------------------
    Case(
        "the rulebook's Giza builds the Barracks with its own ore",
        table(RULEBOOK_GIZA, EPHESUS, HALICARNASSUS),
        "barracks",
        how="own",
        total=0,
        reason="Ana can build the Barracks with the city's own resources.",
    ),
    Case(
        "the rulebook's Giza builds the Scriptorium with its own papyrus",
        table(RULEBOOK_GIZA, EPHESUS, HALICARNASSUS),
        "scriptorium",
        how="own",
        total=0,
    ),
    Case(
        "the rulebook's Giza cannot build the Aqueduct with two stones when no neighbour sells stone",
        table(RULEBOOK_GIZA, EPHESUS, HALICARNASSUS),
        "aqueduct",
        why="resources",
        reason="too little stone",
    ),
    Case(
        "the Aqueduct's third stone is bought from a neighbour for 2 coins",
        table(RULEBOOK_GIZA, city("ephesus", "stone-pit"), HALICARNASSUS),
        "aqueduct",
        how="trade",
        total=2,
        left={STONE: 1},
    ),
    Case(
        "the Temple: glass from the left for 2 and clay from the right for 1 through the East Trading Post",
        TEMPLE_TABLE,
        "temple",
        how="trade",
        total=3,
        left={GLASS: 1},
        right={CLAY: 1},
        options=(3, 4),
        reason="Ana can build the Temple for 3 coins: 1 glass from Bo (2 coins) and 1 clay from Cy (1 coin).",
    ),
    # --- discounts -----------------------------------------------------------------------------
    Case(
        "the West Trading Post buys raw materials from the left neighbour for 1 coin",
        table(city("ephesus", "west-trading-post"), city("rhodes"), city("giza", "ore-vein")),
        "barracks",
        how="trade",
        total=1,
        left={ORE: 1},
        options=(1, 2),
    ),
    Case(
        "the West Trading Post does not discount the right neighbour",
        table(city("ephesus", "west-trading-post"), HALICARNASSUS, city("rhodes")),
        "barracks",
        how="trade",
        total=2,
        right={ORE: 1},
    ),
    Case(
        "the East Trading Post buys raw materials from the right neighbour for 1 coin",
        table(city("ephesus", "east-trading-post"), city("rhodes"), city("giza", "ore-vein")),
        "barracks",
        how="trade",
        total=1,
        right={ORE: 1},
        options=(1, 2),
    ),
    Case(
        "the East Trading Post does not discount the left neighbour",
        table(city("ephesus", "east-trading-post"), city("rhodes"), HALICARNASSUS),
        "barracks",
        how="trade",
        total=2,
        left={ORE: 1},
    ),
    Case(
        "the Marketplace buys manufactured goods from both neighbours for 1 coin",
        table(city("rhodes", "marketplace"), city("alexandria"), city("giza", "glassworks")),
        "workshop",
        how="trade",
        total=1,
        left={GLASS: 1},
        options=(1, 1),
    ),
    Case(
        "the Marketplace does not discount raw materials",
        table(city("ephesus", "marketplace"), city("rhodes"), HALICARNASSUS),
        "barracks",
        how="trade",
        total=2,
        left={ORE: 1},
    ),
    Case(
        "Olympia B's first stage buys raw materials from both neighbours for 1 coin",
        table(city("olympia", side="B", stages=1), city("rhodes"), city("giza", "ore-vein")),
        "barracks",
        how="trade",
        total=1,
        left={ORE: 1},
        options=(1, 1),
    ),
    Case(
        "Olympia B's first stage does not discount manufactured goods",
        table(city("olympia", side="B", stages=1), city("alexandria"), HALICARNASSUS),
        "workshop",
        how="trade",
        total=2,
        left={GLASS: 1},
    ),
    Case(
        "Olympia B pays full price before its first stage is built",
        table(city("olympia", side="B"), city("rhodes"), HALICARNASSUS),
        "barracks",
        how="trade",
        total=2,
        left={ORE: 1},
    ),
    Case(
        "discounts do not stack: a unit never costs less than 1 coin",
        table(
            city("olympia", "west-trading-post", "east-trading-post", side="B", stages=1),
            city("rhodes"),
            HALICARNASSUS,
        ),
        "barracks",
        how="trade",
        total=1,
        left={ORE: 1},
    ),
    # --- either/or and double cards ------------------------------------------------------------
    Case(
        "an own either/or card gives the resource needed",
        table(city("ephesus", "tree-farm"), EPHESUS, HALICARNASSUS),
        "guard-tower",
        how="own",
        total=0,
    ),
    Case(
        "an own either/or card gives one unit a turn, not one of each",
        table(city("alexandria", "tree-farm"), EPHESUS, HALICARNASSUS),
        "temple",
        why="resources",
    ),
    Case(
        "an own either/or card gives one and a neighbour sells the other",
        table(city("alexandria", "tree-farm"), city("babylon"), HALICARNASSUS),
        "temple",
        how="trade",
        total=2,
        left={CLAY: 1},
    ),
    Case(
        "the Sawmill gives two wood",
        table(city("ephesus", "sawmill"), EPHESUS, HALICARNASSUS),
        "caravansery",
        how="own",
        total=0,
    ),
    Case(
        "a neighbour's Brickyard sells two clay",
        table(city("halicarnassus"), city("ephesus", "brickyard"), city("alexandria")),
        "courthouse",
        how="trade",
        total=4,
        left={CLAY: 2},
    ),
    Case(
        "a neighbour's either/or card sells one of its resources, not both",
        table(city("alexandria"), city("ephesus", "tree-farm"), HALICARNASSUS),
        "temple",
        why="resources",
    ),
    Case(
        "a neighbour's either/or card sells what the other neighbour lacks",
        table(city("alexandria"), city("ephesus", "tree-farm"), city("halicarnassus", "lumber-yard")),
        "temple",
        how="trade",
        total=4,
        left={CLAY: 1},
        right={WOOD: 1},
    ),
    # --- what is for sale ----------------------------------------------------------------------
    Case(
        "a neighbour's Forum goods are not for sale",
        table(city("rhodes"), city("babylon", "forum"), HALICARNASSUS),
        "workshop",
        why="resources",
    ),
    Case(
        "a neighbour's Caravansery resources are not for sale",
        table(city("alexandria"), city("ephesus", "caravansery"), HALICARNASSUS),
        "baths",
        why="resources",
    ),
    Case(
        "a neighbour's Alexandria stage resources are not for sale",
        table(city("rhodes"), city("alexandria", side="B", stages=2), HALICARNASSUS),
        "baths",
        why="resources",
    ),
    Case(
        "a neighbour's starting resource is for sale",
        table(city("rhodes"), city("alexandria", side="B", stages=2), HALICARNASSUS),
        "workshop",
        how="trade",
        total=2,
        left={GLASS: 1},
    ),
    Case(
        "the Free City sells like any neighbour",
        Game((city("ephesus"), replace(city("rhodes"), free_city=True), replace(HALICARNASSUS, player="Cy"))),
        "barracks",
        how="trade",
        total=2,
        left={ORE: 1},
    ),
    Case(
        "the city's own Forum gives it a manufactured good",
        table(city("rhodes", "forum"), EPHESUS, HALICARNASSUS),
        "workshop",
        how="own",
        total=0,
    ),
    Case(
        "the city's own Caravansery gives it a raw material",
        table(city("ephesus", "caravansery"), EPHESUS, HALICARNASSUS),
        "baths",
        how="own",
        total=0,
    ),
    Case(
        "Alexandria uses its own stage's raw material",
        table(city("alexandria", side="B", stages=1), EPHESUS, HALICARNASSUS),
        "baths",
        how="own",
        total=0,
    ),
    # --- coins ---------------------------------------------------------------------------------
    Case(
        "exactly enough coins for the cheapest way builds it, and dearer ways are not offered",
        replace(TEMPLE_TABLE, cities=(replace(TEMPLE_TABLE.cities[0], coins=3), *TEMPLE_TABLE.cities[1:])),
        "temple",
        how="trade",
        total=3,
        left={GLASS: 1},
        right={CLAY: 1},
        options=(3,),
    ),
    Case(
        "one coin short of the cheapest way: why coins, and the cheapest way is still shown",
        replace(TEMPLE_TABLE, cities=(replace(TEMPLE_TABLE.cities[0], coins=2), *TEMPLE_TABLE.cities[1:])),
        "temple",
        why="coins",
        total=3,
        left={GLASS: 1},
        right={CLAY: 1},
        reason="the cheapest way costs 3 coins",
    ),
    Case(
        "the Clay Pit costs 1 coin paid to the bank",
        table(city("ephesus", coins=1), EPHESUS, HALICARNASSUS),
        "clay-pit",
        how="coins",
        total=1,
        bank=1,
    ),
    Case(
        "the Clay Pit cannot be built without a coin",
        table(city("ephesus", coins=0), EPHESUS, HALICARNASSUS),
        "clay-pit",
        why="coins",
        total=1,
        bank=1,
    ),
    Case(
        "the Sawmill costs 1 coin paid to the bank",
        table(city("ephesus", coins=3), EPHESUS, HALICARNASSUS),
        "sawmill",
        how="coins",
        total=1,
        bank=1,
    ),
    Case(
        "a card with no cost is free",
        table(city("ephesus", coins=0), EPHESUS, HALICARNASSUS),
        "altar",
        how="free",
        total=0,
    ),
    # --- chains --------------------------------------------------------------------------------
    Case(
        "the Temple is free by chain from the Altar",
        table(city("ephesus", "altar", coins=0), EPHESUS, HALICARNASSUS),
        "temple",
        how="chain",
        total=0,
        reason="Ana can build the Temple for free by chain from the Altar.",
    ),
    Case(
        "the Forum chains from the East Trading Post",
        table(city("ephesus", "east-trading-post"), EPHESUS, HALICARNASSUS),
        "forum",
        how="chain",
        total=0,
    ),
    Case(
        "the Forum chains from the West Trading Post",
        table(city("ephesus", "west-trading-post"), EPHESUS, HALICARNASSUS),
        "forum",
        how="chain",
        total=0,
    ),
    Case(
        "the Stables chain from the Apothecary",
        table(city("ephesus", "apothecary"), EPHESUS, HALICARNASSUS),
        "stables",
        how="chain",
        total=0,
    ),
    Case(
        "the Haven chains from the Forum",
        table(city("ephesus", "forum"), EPHESUS, HALICARNASSUS),
        "haven",
        how="chain",
        total=0,
    ),
    Case(
        "the Lighthouse chains from the Caravansery",
        table(city("ephesus", "caravansery"), EPHESUS, HALICARNASSUS),
        "lighthouse",
        how="chain",
        total=0,
    ),
    Case(
        "without the Apothecary in the city the Stables are paid for (a tucked card does not chain)",
        table(city("rhodes", "lumber-yard", "clay-pool", stages=2), EPHESUS, HALICARNASSUS),
        "stables",
        how="own",
        total=0,
    ),
    Case(
        "without its predecessor a card is paid for by trading",
        table(city("rhodes", "lumber-yard"), city("babylon"), HALICARNASSUS),
        "stables",
        how="trade",
        total=2,
        left={CLAY: 1},
    ),
    # --- duplicates ----------------------------------------------------------------------------
    Case(
        "a city holding the Loom of Age I cannot build the Loom of Age II",
        table(city("ephesus", "loom"), EPHESUS, HALICARNASSUS),
        "loom",
        why="duplicate",
    ),
    Case(
        "a city cannot build a second Glassworks",
        table(city("ephesus", "glassworks"), EPHESUS, HALICARNASSUS),
        "glassworks",
        why="duplicate",
    ),
    Case(
        "a held card is a duplicate even when its chain is held too",
        table(city("ephesus", "altar", "temple"), EPHESUS, HALICARNASSUS),
        "temple",
        why="duplicate",
    ),
    # --- wonder stages -------------------------------------------------------------------------
    Case(
        "the next stage is the one after those built (Rhodes A stage 2: 3 clay)",
        table(city("rhodes", "brickyard", "clay-pool", stages=1), EPHESUS, HALICARNASSUS),
        None,
        how="own",
        total=0,
        reason="stage 2 of the Colossus of Rhodes",
    ),
    Case(
        "a stage's cost is bought from the neighbours like a card's",
        table(city("rhodes", "clay-pool", stages=1), city("babylon", "clay-pool"), HALICARNASSUS),
        None,
        how="trade",
        total=4,
        left={CLAY: 2},
    ),
    Case(
        "Rhodes B's second stage is its last",
        table(city("rhodes", "foundry", "ore-vein", side="B", stages=1), EPHESUS, HALICARNASSUS),
        None,
        how="own",
        total=0,
    ),
    Case(
        "Rhodes B has two stages: with both built no stage is left",
        table(city("rhodes", side="B", stages=2), EPHESUS, HALICARNASSUS),
        None,
        why="no-stage",
    ),
    Case(
        "Giza B's fourth stage costs 4 stone and 1 papyrus",
        table(city("giza", "quarry", "stone-pit", side="B", stages=3), EPHESUS, HALICARNASSUS),
        None,
        how="trade",
        total=2,
        left={PAPYRUS: 1},
        reason="stage 4 of the Pyramids of Giza",
    ),
    Case(
        "Giza B has four stages: with all built no stage is left",
        table(city("giza", side="B", stages=4), EPHESUS, HALICARNASSUS),
        None,
        why="no-stage",
    ),
    Case(
        "Giza A has three stages: with all built no stage is left",
        table(city("giza", stages=3), EPHESUS, HALICARNASSUS),
        None,
        why="no-stage",
    ),
    # --- the exact least cost ------------------------------------------------------------------
    Case(
        "the own either/or card covers what is dear to buy, not its first resource",
        # Tree Farm (wood or clay): wood comes for 1 from the left, clay for 2 from the right.
        table(city("rhodes", "tree-farm", "west-trading-post"), city("olympia"), city("babylon")),
        "stables",
        how="trade",
        total=1,
        left={WOOD: 1},
        options=(1, 2),
    ),
    Case(
        "a neighbour's wood-or-clay is bought as clay when the other neighbour sells only wood",
        table(city("rhodes"), city("ephesus", "tree-farm"), city("olympia")),
        "stables",
        how="trade",
        total=4,
        left={CLAY: 1},
        right={WOOD: 1},
    ),
    Case(
        "options list the cheapest way, then the cheapest from one neighbour only",
        TEMPLE_TABLE,
        "temple",
        how="trade",
        total=3,
        left={GLASS: 1},
        right={CLAY: 1},
        options=(3, 4),
    ),
    # --- Olympia A's free build ----------------------------------------------------------------
    # A verdict never refuses what its own sentence allows: a city that cannot pay for the
    # Palace may still build it with Olympia's free build, on the condition the table knows.
    Case(
        "Olympia A with its second stage hears about the free build",
        table(city("olympia", stages=2, coins=0), EPHESUS, HALICARNASSUS),
        "palace",
        how="free-build",
        total=0,
        reason="free build of the Statue of Zeus in Olympia has not been used",
        notes=("Otherwise, Ana cannot build the Palace: ",),
    ),
    Case(
        "Olympia A before its second stage hears nothing of a free build",
        table(city("olympia", stages=1), EPHESUS, HALICARNASSUS),
        "palace",
        why="resources",
        notes=(),
    ),
    Case(
        "Olympia A's free build is not offered for a card the city holds",
        table(city("olympia", "baths", stages=2), EPHESUS, HALICARNASSUS),
        "baths",
        why="duplicate",
        notes=(),
    ),
    Case(
        "Olympia B has no free build",
        table(city("olympia", side="B", stages=3), EPHESUS, HALICARNASSUS),
        "palace",
        why="resources",
        notes=(),
    ),
    # --- the deck ------------------------------------------------------------------------------
    # Rulebook (2010), Setup: only the copies marked with the number of players or fewer are dealt.
    Case(
        "a card not dealt at the table's player count is not buildable",
        table(city("rhodes", coins=9), city("olympia"), city("babylon")),
        "tree-farm",  # marked 6+
        why="not-in-deck",
        reason="6+",
    ),
    Case(
        "a card whose every copy is built elsewhere is not buildable",
        ONE_LUMBER_YARD_BUILT,  # one copy at three players, Bo holds it
        "lumber-yard",
        why="no-copy-left",
        reason="Bo",
    ),
    Case(
        "a card built elsewhere has a second copy from four players",
        Game((*ONE_LUMBER_YARD_BUILT.cities, city("giza", player="Dae"))),
        "lumber-yard",
        how="free",
        total=0,
    ),
    Case(
        "a guild built elsewhere is not buildable: there is one copy of each guild",
        table(city("rhodes", coins=20), city("olympia", "workers-guild"), city("babylon")),
        "workers-guild",
        why="no-copy-left",
    ),
    Case(
        "two players and the Free City use the three-player deck: a 3+ card is dealt",
        TWO_PLAYERS_AND_THE_FREE_CITY,
        "east-trading-post",
        how="free",
        total=0,
    ),
    Case(
        "two players and the Free City use the three-player deck: a 4+ card is not",
        TWO_PLAYERS_AND_THE_FREE_CITY,
        "tavern",
        why="not-in-deck",
    ),
    # --- the request ---------------------------------------------------------------------------
    Case(
        "a card may be named by its English name",
        TEMPLE_TABLE,
        "Temple",
        how="trade",
        total=3,
        left={GLASS: 1},
        right={CLAY: 1},
    ),
]


def _check(verdict: Verdict, case: Case) -> None:
    assert verdict.how == case.how, verdict.reason
    assert verdict.why == case.why, verdict.reason
    assert verdict.buildable == (case.how is not None)
    if case.total is None:
        assert verdict.cheapest is None
    else:
        assert verdict.cheapest is not None
        assert verdict.cheapest.total == case.total
        assert dict(verdict.cheapest.buy_left) == case.left
        assert dict(verdict.cheapest.buy_right) == case.right
        assert verdict.cheapest.bank == case.bank
        assert verdict.options[0] == verdict.cheapest
    if case.options is not None:
        assert tuple(p.total for p in verdict.options) == case.options
    if case.reason is not None:
        assert case.reason in str(verdict.reason)
    if case.notes is not None:
        notes = [str(n) for n in verdict.notes]
        assert len(notes) == len(case.notes), notes
        assert all(note.startswith(start) for note, start in zip(notes, case.notes, strict=True)), notes


def _verdict(case: Case) -> Verdict:
    return can_build(case.game, 0, case.card) if case.card else can_build(case.game, 0, stage=True)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_can_build(case: Case) -> None:
    _check(_verdict(case), case)


# --- options, notes and output ------------------------------------------------------------------


def test_options_are_distinct_and_cheapest_first_with_a_left_only_and_a_right_only_way() -> None:
    game = table(
        city("olympia", "marketplace", side="B", stages=1),
        city("alexandria", "foundry"),  # sells glass and 2 ore
        city("rhodes", "ore-vein", "glassworks"),  # sells 2 ore and glass
    )
    verdict = can_build(game, 0, "dispensary")  # 2 ore and 1 glass, every unit for 1 coin
    assert verdict.how == "trade"
    assert verdict.cheapest is not None and verdict.cheapest.total == 3
    assert len(set(verdict.options)) == len(verdict.options)
    totals = [p.total for p in verdict.options]
    assert totals == sorted(totals)
    one_sided = [p for p in verdict.options if not (p.buy_left and p.buy_right)]
    assert any(p.buy_left and not p.buy_right for p in one_sided)
    assert any(p.buy_right and not p.buy_left for p in one_sided)


def test_the_cheapest_way_prefers_paying_one_neighbour_when_the_totals_tie() -> None:
    game = table(city("ephesus"), city("rhodes", "lumber-yard"), city("giza", "foundry", "lumber-yard"))
    verdict = can_build(game, 0, "statue")  # 2 ore, 1 wood: 6 coins from the right, or split
    assert verdict.cheapest is not None and verdict.cheapest.total == 6
    assert verdict.cheapest.buy_right and not verdict.cheapest.buy_left


def test_a_pad_entered_neighbour_sells_only_its_board_resource_and_a_note_says_so() -> None:
    pad = City("Bo", "rhodes", "A", 0, 5, None)  # cards unknown
    game = Game((city("ephesus"), pad, HALICARNASSUS))
    verdict = can_build(game, 0, "barracks")
    assert verdict.how == "trade" and verdict.cheapest is not None and verdict.cheapest.total == 2
    assert any("Bo's cards are not known" in str(n) and "ore" in str(n) for n in verdict.notes)
    assert production(pad, CATALOG, True).fixed == production(city("rhodes"), CATALOG, True).fixed


def test_a_pad_entered_neighbour_without_a_wonder_sells_nothing() -> None:
    pad = City("Bo", None, "A", 0, 5, None)
    verdict = can_build(Game((city("ephesus"), pad, HALICARNASSUS)), 0, "barracks")
    assert verdict.why == "resources"
    assert any("nothing is counted as for sale" in str(n) for n in verdict.notes)


def test_the_verdict_follows_the_game_format() -> None:
    out = verdict_to_dict(can_build(TEMPLE_TABLE, 0, "temple"))
    cheapest = {
        "bank": 0,
        "left": 2,
        "right": 1,
        "total": 3,
        "buy": {"left": {"glass": 1}, "right": {"clay": 1}},
    }
    assert out == {
        "buildable": True,
        "how": "trade",
        "cheapest": cheapest,
        "options": [
            cheapest,
            {"bank": 0, "left": 4, "right": 0, "total": 4, "buy": {"left": {"clay": 1, "glass": 1}}},
        ],
        "reason": "Ana can build the Temple for 3 coins: 1 glass from Bo (2 coins) and 1 clay from Cy (1 coin).",
        "notes": ["East Trading Post: clay from Cy for 1 coin each."],
    }
    refused = verdict_to_dict(can_build(TEMPLE_TABLE, 0, "lumber-yard"))
    assert refused["buildable"] is False and refused["why"] == "duplicate"


def test_every_reason_is_translatable_text_without_unfilled_fields() -> None:
    for verdict in map(_verdict, CASES):
        rendered = str(verdict.reason)
        assert "{" not in rendered and rendered.endswith(".")
        assert verdict.reason.msgid != rendered or not verdict.reason.params


def test_the_trade_prices_of_a_city_follow_its_discounts() -> None:
    left, right = trade_prices(city("ephesus", "west-trading-post", "marketplace"), CATALOG)
    assert left == (1, 1, 1, 1, 1, 1, 1)
    assert right == (2, 2, 2, 2, 1, 1, 1)


def test_a_cost_of_coins_and_resources_pays_the_bank_and_the_neighbours() -> None:
    # No first-edition card costs both; the engine still adds the bank's coins to trade.
    base = catalog_for(1)
    temple = base.structure("temple")
    dear = replace(temple, cost=Cost(coins=2, resources=temple.cost.resources))
    catalog = Catalog(
        base.rules, tuple(dear if c.id == "temple" else c for c in base.cards), base.wonders, base.rulings
    )
    verdict = can_build(TEMPLE_TABLE, 0, "temple", catalog=catalog)
    assert verdict.how == "trade" and verdict.cheapest is not None
    assert (verdict.cheapest.bank, verdict.cheapest.total) == (2, 5)
    short = replace(TEMPLE_TABLE, cities=(replace(TEMPLE_TABLE.cities[0], coins=4), *TEMPLE_TABLE.cities[1:]))
    assert can_build(short, 0, "temple", catalog=catalog).why == "coins"


@pytest.mark.parametrize(
    ("card", "stage", "seat"),
    [("temple", True, 0), (None, False, 0), ("no-such-card", False, 0), ("temple", False, 3)],
    ids=[
        "a card and a stage together",
        "neither a card nor a stage",
        "an unknown card",
        "a seat not at the table",
    ],
)
def test_a_request_that_makes_no_sense_is_refused(card: str | None, stage: bool, seat: int) -> None:
    with pytest.raises(ValueError):
        can_build(TEMPLE_TABLE, seat, card, stage=stage)


def test_a_city_sees_what_each_neighbour_sells_by_name_and_at_its_own_prices(catalog: Catalog) -> None:
    """Rulebook, commerce: brown and grey cards and the board's resource are for sale, at 2 coins
    a unit, or 1 where a trading post covers that side; yellow cards and wonder stages are not."""
    game = parse_game(
        {"cities": [
            {"player": "Ana", "wonder": "giza", "cards": ["east-trading-post"]},
            {"player": "Bo", "wonder": "rhodes", "cards": ["lumber-yard", "tree-farm", "caravansery"]},
            {"player": "Cy", "wonder": "alexandria", "cards": ["sawmill", "press"]},
        ]}
    )  # fmt: skip
    left, right = markets(game, 0, catalog)
    assert (left.player, right.player) == ("Bo", "Cy")
    assert (
        str(describe_market(left))
        == "Bo sells 1 wood and 1 ore (2 coins each) and one of wood or clay a turn (2 coins each). "
        "What Bo's Caravansery produces is not for sale."
    )
    assert (
        str(describe_market(right))
        == "Cy sells 2 wood (1 coin each) and 1 glass and 1 papyrus (2 coins each)."
    )


# --- the deck --------------------------------------------------------------------------------------


def _printed_marks(edition_folder: str) -> dict[str, set[int]]:
    """Each card's player marks straight from the rules data files (not through the catalog)."""
    import tomllib
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "rules_data" / edition_folder
    marks: dict[str, set[int]] = {}
    for age in (1, 2, 3):
        for card in tomllib.loads((folder / f"age{age}.toml").read_text())["card"]:
            if card["color"] != "purple":
                marks.setdefault(card["id"], set()).update(card["players"])
    return marks


@pytest.mark.parametrize(
    ("edition", "folder", "players"),
    [(1, "first_edition", n) for n in range(2, 8)] + [(2, "second_edition", n) for n in range(3, 8)],
)  # the 2020 edition has no two-player variant
def test_the_deck_check_follows_the_printed_marks_at_every_player_count(edition, folder, players):
    """Rulebook: the deck holds the copies marked with the table's count or fewer; two players
    (first edition: with the Free City) use the 3-player deck."""
    catalog = catalog_for(edition)
    wonders = [w.id for w in catalog.wonders]
    cities = [City(f"P{i}", wonders[i], coins=99) for i in range(max(players, 3))]
    if players == 2:
        cities[2] = replace(cities[2], free_city=True)
    game = Game(tuple(cities), edition=edition)
    deck = max(players, 3)
    for card, marks in _printed_marks(folder).items():
        verdict = can_build(game, 0, card, catalog=catalog)
        in_deck = any(mark <= deck for mark in marks)
        assert (verdict.why is WhyNot.NOT_IN_DECK) is (not in_deck), (card, players, marks)
