"""The second edition (2020) as deep as the first: its decks for 3-7 players, its chains by
symbol both ways, what changed on the printed cards and boards, every guild and yellow card
scored by hand, the Day/Night powers, the rulebook's and FAQ's worked examples
(rules_data/second_edition/worked-examples.md, "E" numbers), and properties against brute
force over generated legal tables."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.rules import (
    Category,
    City,
    Game,
    GameFormatError,
    ProblemCode,
    WhyNot,
    can_build,
    catalog_for,
    catalog_to_dict,
    check_game,
    parse_game,
    score_game,
)
from assistant.rules.counters import structure_limit
from assistant.rules.military import conflict_tokens, tokens_from_shields_by_age, tokens_pair_up
from assistant.rules.model import RAW_MATERIALS, Color, Resource
from tests.rules.strategies import legal_games, rotate
from tests.rules.test_trade_properties import brute_force_sources, sources

SECOND = catalog_for(2)
RULES = SECOND.rules
WONDERS = ("rhodes", "alexandria", "ephesus", "babylon", "olympia", "halicarnassus", "giza")


def city(player: str, wonder: str, cards: tuple[str, ...] = (), **fields: object) -> City:
    return City(player=player, wonder=wonder, cards=cards, military=(), **fields)  # type: ignore[arg-type]


def table(*cities: City) -> Game:
    return Game(cities=cities, edition=2)


# --- the decks --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "age1", "age2", "age3"), [
    (3, 21, 21, 16), (4, 28, 28, 22), (5, 35, 35, 28), (6, 42, 42, 34), (7, 49, 49, 40),
])  # fmt: skip
def test_each_age_deals_seven_cards_a_player_e1_to_e3(players, age1, age2, age3):
    """Rulebook (2020), Setup: the copies marked with the table's count or less; Age III adds
    players + 2 guilds drawn from ten."""
    counts = [sum(n for _, n in SECOND.deck(age, players)) for age in (1, 2, 3)]
    assert counts == [age1, age2, age3]
    assert age3 + players + RULES.guilds_beyond_players == 7 * players
    assert len(SECOND.guilds()) == 10


def test_the_box_holds_148_age_cards_and_the_2020_changes():
    physical = sum(len(c.players) for c in SECOND.cards) + len(SECOND.guilds())
    assert physical == 148
    ids = set(SECOND.structure_ids)
    assert {"well", "ludus", "castrum", "decorators-guild"} <= ids
    assert not {"pawnshop", "strategists-guild"} & ids
    points = {
        cid: SECOND.structure(cid).effects[0].victory_points()
        for cid in ("altar", "theater", "temple", "well")
    }
    assert points == {"altar": 3, "theater": 3, "temple": 4, "well": 3}
    assert dict(SECOND.structure("fortifications").cost.resources) == {Resource.ORE: 3, Resource.CLAY: 1}
    assert SECOND.structure("town-hall").players == (3, 6)
    assert SECOND.structure("arena").players == (3, 5)
    assert SECOND.structure("well").players == (4, 7)


def test_loom_glassworks_and_press_are_one_structure_in_ages_one_and_two():
    for cid in ("loom", "glassworks", "press"):
        assert [e.age for e in SECOND.entries(cid)] == [1, 2]


# --- chains by symbol ---------------------------------------------------------------------------

PRINTED_CHAINS = {  # the symbol beside a card's cost, and the cards printing it (P1)
    "aqueduct": {"baths"}, "statue": {"well"}, "courthouse": {"scriptorium"},
    "forum": {"east-trading-post", "west-trading-post"}, "caravansery": {"marketplace"},
    "stables": {"apothecary"}, "archery-range": {"workshop"}, "dispensary": {"apothecary"},
    "laboratory": {"workshop"}, "library": {"scriptorium"}, "pantheon": {"altar"}, "gardens": {"theater"},
    "senate": {"library"}, "haven": {"forum"}, "lighthouse": {"caravansery"}, "arena": {"dispensary"},
    "fortifications": {"walls"}, "circus": {"training-ground"}, "siege-workshop": {"laboratory"},
    "lodge": {"dispensary"}, "observatory": {"laboratory"}, "university": {"library"},
    "academy": {"school"}, "study": {"school"},
}  # fmt: skip


def test_every_chain_is_a_printed_symbol_link_and_there_are_no_others():
    found = {c.id: set(c.chain_from) for c in SECOND.cards if c.chain_from}
    assert found == PRINTED_CHAINS


def test_chains_resolve_both_ways_and_two_skip_age_two():
    for cid, parents in PRINTED_CHAINS.items():
        for parent in parents:
            assert cid in SECOND.unlocks(parent)
            assert SECOND.structure(parent).age < SECOND.structure(cid).age
    assert SECOND.structure("altar").age == 1 and SECOND.structure("pantheon").age == 3
    assert SECOND.structure("theater").age == 1 and SECOND.structure("gardens").age == 3
    assert SECOND.unlocks("temple") == ()


def test_the_catalog_says_which_symbol_chains_a_card():
    cards = {c["id"]: c for c in catalog_to_dict(SECOND)["cards"]}
    assert cards["statue"]["chain_symbol"] == cards["well"]["gives_chains"][0]
    assert cards["statue"]["chain_from"] == ["well"]


@pytest.mark.parametrize(("held", "card"), [
    ("well", "statue"), ("altar", "pantheon"), ("theater", "gardens"), ("east-trading-post", "forum"),
    ("west-trading-post", "forum"),
])  # fmt: skip
def test_a_held_symbol_builds_the_later_card_free_e5(held, card):
    game = table(city("Ana", "giza", (held,)), city("Bo", "rhodes"), city("Cy", "ephesus"))
    verdict = can_build(game, 0, card)
    assert verdict.buildable and verdict.how == "chain"


def test_the_temple_chains_nothing_e5():
    game = table(city("Ana", "giza", ("temple",), coins=0), city("Bo", "rhodes"), city("Cy", "ephesus"))
    assert can_build(game, 0, "pantheon").how != "chain"


# --- the boards -------------------------------------------------------------------------------------


def test_the_2020_boards_start_with_their_resources_and_stage_counts():
    start = {w.id: w.side("A").resource for w in SECOND.wonders}
    assert start["babylon"] is Resource.WOOD and start["olympia"] is Resource.CLAY
    counts = {(w.id, s.side): len(s.stages) for w in SECOND.wonders for s in w.sides}
    assert counts[("rhodes", "B")] == 2 and counts[("babylon", "B")] == 2 and counts[("giza", "B")] == 4
    assert all(
        n == 3 for key, n in counts.items() if key not in {("rhodes", "B"), ("babylon", "B"), ("giza", "B")}
    )
    powers = [e.kind for w in SECOND.wonders for s in w.sides for stage in s.stages for e in stage.effects]
    assert "copy-guild" not in powers and "discount" not in powers  # Olympia copies and discounts no more


def test_day_and_night_are_sides_a_and_b():
    cities = [
        {"player": p, "wonder": w, "side": s}
        for p, w, s in (("A", "giza", "night"), ("B", "rhodes", "Day"), ("C", "babylon", "B"))
    ]
    assert [c.side for c in parse_game({"edition": 2, "cities": cities}).cities] == ["B", "A", "B"]
    with pytest.raises(GameFormatError) as exc:
        parse_game({"edition": 2, "cities": [{**cities[0], "side": "dusk"}, *cities[1:]]})
    assert exc.value.field == "cities[0].side" and "Day" in str(exc.value)


def test_the_2020_edition_has_no_free_city():
    cities = [{"player": "A", "wonder": "giza"}, {"player": "B", "wonder": "rhodes"},
              {"player": "Free City", "wonder": "babylon", "free_city": True}]  # fmt: skip
    with pytest.raises(GameFormatError) as exc:
        parse_game({"edition": 2, "cities": cities})
    assert exc.value.field == "cities[2].free_city"


def test_a_card_counts_only_the_2020_copies():
    game = table(city("Ana", "giza", ("well",)), city("Bo", "rhodes", ("well",)), city("Cy", "ephesus"))
    codes = {p.code for p in check_game(game, SECOND)}
    assert ProblemCode.CARD_NOT_IN_DECK in codes  # the Well is a 4+ card


def test_babylon_nights_seventh_card_adds_up_to_three_structures_e10():
    assert structure_limit(SECOND, "babylon", "B", 0) == 18
    assert structure_limit(SECOND, "babylon", "B", 1) == 18 - 1 + 3
    assert structure_limit(SECOND, "halicarnassus", "B", 3) == 18 - 3 + 3


def test_six_actions_an_age_and_the_seventh_card_is_discarded_e4():
    """Rulebook (2020), "Sixth and Final turn": of the last two cards one is played and the other
    discarded face down, for nothing: 6 actions an Age, 18 a game (E4); only Babylon Night plays
    the seventh card (E10)."""
    assert (RULES.hand_size, RULES.turns_per_age, RULES.ages) == (7, 6, 3)
    assert structure_limit(SECOND, "giza", "A", 0) == RULES.ages * RULES.turns_per_age == 18
    assert structure_limit(SECOND, "giza", "A", 2) == 18 - 2  # a stage takes a turn's card
    three = [c for c in SECOND.structure_ids if not SECOND.structure(c).is_guild and SECOND.copies(c, 3)]
    by_age = [
        [c for c in three if len(SECOND.entries(c)) == 1 and SECOND.structure(c).age == age]
        for age in (1, 2, 3)
    ]
    six_an_age = [c for cards in by_age for c in cards[:6]]

    def too_many(cards: tuple[str, ...]) -> bool:
        game = table(city("Ana", "giza", cards), city("Bo", "rhodes"), city("Cy", "ephesus"))
        return ProblemCode.TOO_MANY_CARDS in {p.code for p in check_game(game, SECOND)}

    assert len(six_an_age) == 18 and not too_many(tuple(six_an_age))
    assert too_many((*six_an_age, by_age[2][6]))  # a 19th structure
    assert too_many((*by_age[0][:7],))  # a 7th of one age


# --- trading (E6) ----------------------------------------------------------------------------------------


def _buyer(left: City, right: City, *cards: str) -> Game:
    """Ana (Giza, stone) between Bo on her left and Cy on her right, with 4 coins."""
    return table(city("Ana", "giza", cards, coins=4), left, right)


def test_a_neighbours_ore_costs_two_coins_or_one_through_the_trading_post_e6():
    """Rulebook (2020), "Purchasing Resources from Neighbors": 2 coins a resource to its owner; the
    West Trading Post buys raw materials from the left neighbour for 1 (E6)."""
    bo, cy = city("Bo", "babylon", ("ore-vein",)), city("Cy", "ephesus")
    verdict = can_build(_buyer(bo, cy), 0, "barracks")  # 1 ore
    assert verdict.how == "trade" and verdict.cheapest is not None and verdict.cheapest.left == 2
    assert can_build(_buyer(bo, cy, "west-trading-post"), 0, "barracks").cheapest.total == 1
    assert can_build(_buyer(bo, cy, "east-trading-post"), 0, "barracks").cheapest.total == 2  # the other side
    right = can_build(_buyer(cy, bo, "east-trading-post"), 0, "barracks")  # the Ore Vein on her right
    assert right.cheapest is not None and (right.cheapest.right, right.cheapest.total) == (1, 1)


@pytest.mark.parametrize(
    "seller",
    [
        city("Bo", "babylon", ("caravansery",)),  # a yellow card
        city("Bo", "alexandria", stages=2),  # Alexandria Day's second stage: one raw material
    ],
)
def test_a_yellow_card_or_a_wonder_stage_sells_nothing_e6(seller):
    verdict = can_build(_buyer(seller, city("Cy", "ephesus")), 0, "barracks")
    assert not verdict.buildable and verdict.why == WhyNot.RESOURCES


# --- military (E7, E8) -----------------------------------------------------------------------------------


def test_an_age_three_victory_is_five_and_a_tie_nothing_e7():
    """Rulebook (2020), "Military Conflict Resolution": more shields than a neighbour, the Age's
    victory token (+1, +3, +5); fewer, -1; equal, nothing."""
    assert RULES.victory_tokens == (1, 3, 5) and RULES.defeat_token == -1
    assert conflict_tokens(3, [5, 3, 5], RULES) == [[5], [-1, -1], [5]]
    assert conflict_tokens(1, [2, 1, 1, 0], RULES) == [[1, 1], [-1], [1], [-1, -1]]


def test_losing_every_conflict_costs_six_points_e8():
    """Rulebook (2020), Tips for Beginners: "-1, -1, -1, -1, -1, -1"."""
    shields = [(0, 0, 0), (1, 2, 3), (1, 1, 1)]
    assert tokens_from_shields_by_age(shields, RULES)[0] == [-1] * 6
    game = Game(
        cities=tuple(
            City(player=p, wonder=w, shields_by_age=s)
            for p, w, s in zip(("Ana", "Bo", "Cy"), ("giza", "rhodes", "ephesus"), shields, strict=True)
        ),
        edition=2,
    )
    sheet = score_game(game)
    assert sheet.cities[0].categories[Category.MILITARY] == -6
    assert sheet.cities[1].categories[Category.MILITARY] == (1 + 3 + 5) + (0 + 3 + 5)  # Ana, then Cy


def test_a_2020_game_resolves_its_conflicts_from_its_red_cards_shields():
    """Military in the second edition: the 2020 red cards' shields, counted from their age on,
    resolve each age against both neighbours; the tokens pair up round the table and score as
    the same tokens entered by hand."""
    from assistant.rules.military import shields_by_age_from_cards

    cards = {"Ana": ("stockade", "walls"), "Bo": ("barracks",), "Cy": ()}  # Age I 1 shield, Age II +2
    wonders = {"Ana": "giza", "Bo": "babylon", "Cy": "ephesus"}
    shields = [shields_by_age_from_cards(cards[p], wonders[p], "A", 0, SECOND) for p in cards]
    assert shields == [(1, 3, 3), (1, 1, 1), (0, 0, 0)]
    tokens = tokens_from_shields_by_age(shields, RULES)
    # Age I: Ana and Bo tie, both beat Cy; Ages II and III: Ana beats both, Bo beats Cy.
    assert [sorted(t) for t in tokens] == [[1, 3, 3, 5, 5], [-1, -1, 1, 3, 5], [-1] * 6]
    assert tokens_pair_up(tokens, RULES)

    def game(**military: object) -> Game:
        return table(*(
            City(player=p, wonder=wonders[p], cards=cards[p], **{k: v[i] for k, v in military.items()})
            for i, p in enumerate(cards)
        ))  # fmt: skip

    from_shields = score_game(game(shields_by_age=shields))
    from_tokens = score_game(game(military=[tuple(t) for t in tokens]))
    assert [c.categories for c in from_shields.cities] == [c.categories for c in from_tokens.cities]
    assert [c.categories[Category.MILITARY] for c in from_tokens.cities] == [17, 7, -6]
    assert from_shields.problems == from_tokens.problems == ()


# --- Halicarnassus Night: builds from the discard pile after each of its stages ------------------------


@pytest.mark.parametrize("stages", [1, 2, 3])
def test_halicarnassus_night_builds_from_the_discard_pile_after_each_stage(stages):
    """2020 board, Night side: every stage builds a card of the discard pile for free (ruling
    halicarnassus-discard), right after that stage is built."""
    ages = [1, 2, 3][:stages]
    game = parse_game({
        "edition": 2, "age": stages, "discard": ["palace", "ludus"],
        "cities": [
            {"player": "Ana", "wonder": "halicarnassus", "side": "night", "stages": stages, "stage_ages": ages},
            {"player": "Bo", "wonder": "giza"}, {"player": "Cy", "wonder": "rhodes"},
        ],
    })  # fmt: skip
    built = can_build(game, 0, "palace", via="discard")
    assert built.buildable and built.how == "discard" and built.cheapest is not None
    assert built.cheapest.total == 0 and f"stage {stages}" in str(built.reason)
    assert can_build(game, 0, "senate", via="discard").why == WhyNot.NOT_IN_DISCARD


def test_halicarnassus_night_cannot_use_a_stage_of_an_earlier_age():
    game = parse_game({
        "edition": 2, "age": 3, "discard": ["palace"],
        "cities": [
            {"player": "Ana", "wonder": "halicarnassus", "side": "B", "stages": 2, "stage_ages": [1, 2]},
            {"player": "Bo", "wonder": "giza"}, {"player": "Cy", "wonder": "rhodes"},
        ],
    })  # fmt: skip
    refused = can_build(game, 0, "palace", via="discard")
    assert not refused.buildable and refused.why == WhyNot.NO_POWER
    day = parse_game({"edition": 2, "discard": ["palace"], "cities": [
        {"player": "Ana", "wonder": "halicarnassus", "side": "day", "stages": 1},
        {"player": "Bo", "wonder": "giza"}, {"player": "Cy", "wonder": "rhodes"},
    ]})  # fmt: skip
    assert can_build(day, 0, "palace", via="discard").why == WhyNot.NO_POWER  # Day: its second stage


# --- scoring ------------------------------------------------------------------------------------------


def test_the_2020_sheet_counts_in_its_pad_order():
    sheet = score_game(table(city("Ana", "giza"), city("Bo", "rhodes"), city("Cy", "ephesus")))
    assert list(sheet.cities[0].categories) == [
        "wonder", "treasury", "military", "civilian", "commercial", "science", "guilds",
    ]  # fmt: skip


def test_science_and_treasury_e13_e14():
    one_each = table(city("Ana", "giza", ("apothecary", "workshop", "scriptorium"), coins=14),
                     city("Bo", "rhodes"), city("Cy", "ephesus"))  # fmt: skip
    ana = score_game(one_each).cities[0]
    assert ana.categories[Category.SCIENCE] == 3 + 7 and ana.categories[Category.TREASURY] == 4


@pytest.mark.parametrize(("wonder", "side", "stages", "points"), [
    ("giza", "B", 4, 7), ("giza", "B", 3, 0), ("rhodes", "B", 2, 7), ("ephesus", "A", 3, 7), ("ephesus", "A", 2, 0),
])  # fmt: skip
def test_the_decorators_guild_scores_a_complete_wonder_e15(wonder, side, stages, points):
    game = table(city("Ana", wonder, ("decorators-guild",), side=side, stages=stages), city("Bo", "babylon"),
                 city("Cy", "olympia"))  # fmt: skip
    ana = score_game(game).cities[0]
    assert ana.categories[Category.GUILDS] == points
    [detail] = [d for d in ana.details if d.source == "decorators-guild"]
    said = "every stage of its wonder is built" if points else "not every stage of its wonder is built"
    assert str(detail.reason) == f"Decorators Guild: {said}: {points} victory points"


# Every guild and every yellow card that scores, hand-counted: Ana holds the card, Bo (her
# left) and Cy (her right) hold what it counts.
ANA = (
    "lumber-yard",
    "loom",
    "altar",
    "tavern",
    "stockade",
    "apothecary",
)  # brown, grey, blue, yellow, red, green
BO = ("stone-pit", "ore-vein", "glassworks", "baths", "marketplace", "barracks", "workshop", "scriptorium")
CY = ("clay-pool", "press", "theater", "west-trading-post", "guard-tower")


@pytest.mark.parametrize(("card", "category", "points", "stages"), [
    ("workers-guild", Category.GUILDS, 2 + 1, (0, 0, 0)),       # brown of Bo (2) and Cy (1)
    ("craftsmens-guild", Category.GUILDS, 2 * (1 + 1), (0, 0, 0)),  # grey of Bo and Cy, 2 each
    ("traders-guild", Category.GUILDS, 1 + 1, (0, 0, 0)),        # yellow of Bo and Cy
    ("philosophers-guild", Category.GUILDS, 2, (0, 0, 0)),       # green of Bo (2), Cy none
    ("spies-guild", Category.GUILDS, 1 + 1, (0, 0, 0)),          # red of Bo and Cy
    ("magistrates-guild", Category.GUILDS, 1 + 1, (0, 0, 0)),    # blue of Bo and Cy
    ("shipowners-guild", Category.GUILDS, 1 + 1 + 1, (0, 0, 0)),  # her own brown, grey and the guild
    ("builders-guild", Category.GUILDS, 2 + 1 + 3, (2, 1, 3)),   # stages of all three cities
    ("scientists-guild", Category.SCIENCE, 4 - 1, (0, 0, 0)),    # a second compass: 4 instead of 1
    ("haven", Category.COMMERCIAL, 1, (0, 0, 0)),                # her own brown
    ("lighthouse", Category.COMMERCIAL, 2, (0, 0, 0)),           # her own yellow, itself included
    ("chamber-of-commerce", Category.COMMERCIAL, 2, (0, 0, 0)),  # her own grey, 2 each
    ("arena", Category.COMMERCIAL, 2, (2, 1, 3)),                # her own stages
    ("ludus", Category.COMMERCIAL, 1, (0, 0, 0)),                # her own red (E16)
])  # fmt: skip
def test_every_2020_guild_and_yellow_card_scores_what_it_counts(card, category, points, stages):
    game = table(
        city("Ana", "giza", (*ANA, card), stages=stages[0]),
        city("Bo", "ephesus", BO, stages=stages[1]),
        city("Cy", "alexandria", CY, stages=stages[2]),
    )
    before = score_game(table(
        city("Ana", "giza", ANA, stages=stages[0]), city("Bo", "ephesus", BO, stages=stages[1]),
        city("Cy", "alexandria", CY, stages=stages[2]),
    )).cities[0]  # fmt: skip
    after = score_game(game).cities[0]
    assert after.categories[category] - before.categories[category] == points


@pytest.mark.parametrize(("card", "effect"), [
    ("tavern", "5 coins from the bank when built."),
    ("vineyard", "When built: 1 coin for each brown card in your city and both neighbouring cities."),
    ("bazar", "When built: 2 coins for each grey card in your city and both neighbouring cities."),
    ("forum", "Produces one of glass, loom or papyrus each turn. Neighbours cannot buy it."),
    ("caravansery", "Produces one of wood, stone, clay or ore each turn. Neighbours cannot buy it."),
])  # fmt: skip
def test_the_2020_yellow_cards_that_give_coins_or_goods_score_no_points(card, effect):
    """Printed 2020 cards (P1, as in 2010): Tavern, Vineyard and Bazar pay coins when built (the
    coins count in the treasury the table enters), Forum and Caravansery produce for their owner
    only; none scores at the end."""
    assert [str(e.describe()) for e in SECOND.structure(card).effects] == [effect]
    before = score_game(
        table(city("Ana", "giza", ANA), city("Bo", "ephesus", BO), city("Cy", "alexandria", CY))
    )
    after = score_game(table(city("Ana", "giza", (*ANA, card)), city("Bo", "ephesus", BO),
                             city("Cy", "alexandria", CY)))  # fmt: skip
    assert after.cities[0].categories == before.cities[0].categories
    assert not [d for d in after.cities[0].details if d.source == card]


@pytest.mark.parametrize(("producer", "card"), [("forum", "scriptorium"), ("caravansery", "barracks")])
def test_the_forum_and_caravansery_produce_for_their_owner_and_sell_nothing(producer, card):
    """Forum: one of glass, loom or papyrus; Caravansery: one raw material, each turn, for their
    owner only (a papyrus for the Scriptorium, an ore for the Barracks)."""
    own = table(city("Ana", "giza", (producer,), coins=0), city("Bo", "babylon"), city("Cy", "olympia"))
    built = can_build(own, 0, card)
    assert built.buildable and built.how == "own"
    neighbour = table(city("Ana", "giza", coins=9), city("Bo", "babylon", (producer,)), city("Cy", "olympia"))
    refused = can_build(neighbour, 0, card)
    assert not refused.buildable and refused.why == WhyNot.RESOURCES


def test_ties_go_to_coins_then_are_shared_e17():
    palace = ("palace",)
    sheet = score_game(table(city("Ana", "giza", palace, coins=5), city("Bo", "rhodes", palace, coins=7),
                             city("Cy", "ephesus")))  # fmt: skip
    assert [c.rank for c in sheet.cities] == [2, 1, 3]
    sheet = score_game(table(city("Ana", "giza", palace, coins=5), city("Bo", "rhodes", palace, coins=5),
                             city("Cy", "ephesus")))  # fmt: skip
    assert [c.rank for c in sheet.cities] == [1, 1, 3] and sheet.decided_by == "shared"


# --- Olympia's 2020 powers ------------------------------------------------------------------------------


def olympia(side: str, stages: int, cards: tuple[str, ...] = (), coins: int = 0) -> Game:
    return table(city("Oly", "olympia", cards, side=side, stages=stages, coins=coins), city("Bo", "giza"),
                 city("Cy", "rhodes"))  # fmt: skip


def test_olympia_day_builds_the_first_card_of_a_colour_free_e9():
    verdict = can_build(olympia("A", 2), 0, "palace")  # seven resources, no blue card yet
    assert verdict.buildable and verdict.how == "free-build" and verdict.cheapest.total == 0
    assert "first card of each colour" in str(verdict.reason)
    blue = can_build(olympia("A", 2, ("altar",)), 0, "palace")
    assert not blue.buildable and blue.how != "free-build"
    assert can_build(olympia("A", 1), 0, "palace").how != "free-build"  # the stage is not built
    assert can_build(olympia("A", 2), 0, stage=True).how != "free-build"  # never a wonder stage


def test_olympia_nights_first_and_last_cards_are_told_as_notes_e11_e12():
    verdict = can_build(olympia("B", 2, coins=0), 0, "palace")
    assert verdict.buildable and verdict.how == "free-build"  # on the turn the table knows
    said = " ".join([str(verdict.reason), *map(str, verdict.notes)])
    assert "first card" in said and "sixth card" in said and "Otherwise, " in said


# --- properties against brute force ---------------------------------------------------------------------

SETTINGS = settings(suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(legal_games(catalog=SECOND))
def test_every_generated_2020_table_validates_and_adds_up(game: Game) -> None:
    assert [p for p in check_game(game, SECOND) if p.severity == "error"] == []
    for scored in score_game(game, SECOND).cities:
        assert scored.total == sum(scored.categories.values())
        for category, points in scored.categories.items():
            assert points == sum(d.points for d in scored.details if d.category is category) or category in (
                Category.TREASURY, Category.MILITARY,
            )  # fmt: skip


@SETTINGS
@given(legal_games(catalog=SECOND), st.integers(1, 6))
def test_rotating_a_2020_tables_seating_changes_nothing_but_the_order(game: Game, by: int) -> None:
    """As in 2010 (tests/rules/test_scoring_properties.py): only who sits beside whom matters."""
    from collections import Counter

    def by_player(sheet):
        return {c.player: (tuple(c.categories.items()), c.total, c.rank, c.coins, tuple(c.details))
                for c in sheet.cities}  # fmt: skip

    before, after = score_game(game, SECOND), score_game(rotate(game, by), SECOND)
    assert by_player(before) == by_player(after)
    assert set(before.winners) == set(after.winners) and before.decided_by == after.decided_by
    assert Counter(p.code for p in before.problems) == Counter(p.code for p in after.problems)


@SETTINGS
@given(legal_games(catalog=SECOND))
def test_2020_ranks_follow_points_then_coins(game: Game) -> None:
    """Rulebook (2020): most points wins; on a tie, most coins; then the victory is shared (E17)."""
    import itertools

    sheet = score_game(game, SECOND)
    for a, b in itertools.permutations(sheet.cities, 2):
        assert a.rank is not None and b.rank is not None
        if (a.total, a.coins) > (b.total, b.coins):
            assert a.rank < b.rank
        elif (a.total, a.coins) == (b.total, b.coins):
            assert a.rank == b.rank
    assert sheet.winners and set(sheet.winners) == {c.player for c in sheet.cities if c.rank == 1}


@SETTINGS
@given(legal_games(catalog=SECOND, military=("both",)))
def test_2020_tokens_and_the_shields_they_came_from_score_the_same(game: Game) -> None:
    def only(keep: str) -> Game:
        return Game(
            cities=tuple(
                City(player=c.player, wonder=c.wonder, side=c.side, stages=c.stages, coins=c.coins, cards=c.cards,
                     military=c.military if keep == "tokens" else None,
                     shields_by_age=c.shields_by_age if keep == "shields" else None)
                for c in game.cities
            ),
            edition=2,
        )  # fmt: skip

    tokens, shields = score_game(only("tokens"), SECOND), score_game(only("shields"), SECOND)
    assert [c.categories for c in tokens.cities] == [c.categories for c in shields.cities]
    assert tokens.problems == shields.problems == ()


def _prices(game: Game, seat: int) -> tuple[list[int], list[int]]:
    """2 coins a unit, 1 through the 2020 Trading Posts and Marketplace (no wonder discounts)."""
    cards = set(game.cities[seat].cards or ())
    resources = list(Resource)
    left, right = [2] * len(resources), [2] * len(resources)
    for i, resource in enumerate(resources):
        if resource in RAW_MATERIALS:
            left[i] = 1 if "west-trading-post" in cards else 2
            right[i] = 1 if "east-trading-post" in cards else 2
        elif "marketplace" in cards:
            left[i] = right[i] = 1
    return left, right


PRODUCERS = [
    c for c in SECOND.structure_ids if SECOND.structure(c).color in (Color.BROWN, Color.GREY, Color.YELLOW)
]


@st.composite
def trade_tables(draw: st.DrawFn) -> tuple[Game, int, str]:
    wonders = draw(st.permutations(list(WONDERS)))[:3]
    cities = tuple(
        City(f"P{i}", w, draw(st.sampled_from("AB")), 0, draw(st.integers(0, 14)),
             tuple(draw(st.lists(st.sampled_from(PRODUCERS), unique=True, max_size=5))))
        for i, w in enumerate(wonders)
    )  # fmt: skip
    return Game(cities, edition=2), draw(st.integers(0, 2)), draw(st.sampled_from(list(SECOND.structure_ids)))


@SETTINGS
@given(trade_tables())
def test_the_2020_cheapest_way_equals_the_brute_force(table_: tuple[Game, int, str]) -> None:
    game, seat, card = table_
    held = game.cities[seat].cards or ()
    verdict = can_build(game, seat, card)
    structure = SECOND.structure(card)
    if card in held:
        assert verdict.why == "duplicate"
        return
    if verdict.why in ("not-in-deck", "no-copy-left"):
        copies = 1 if structure.is_guild else SECOND.copies(card, game.deck_players)
        elsewhere = sum(card in (c.cards or ()) for i, c in enumerate(game.cities) if i != seat)
        assert (copies == 0) == (verdict.why == "not-in-deck") and elsewhere >= copies
        return
    if any(p in held for p in structure.chain_from):
        assert verdict.how == "chain"
        return
    resources = list(Resource)
    need = tuple(dict(structure.cost.resources).get(r, 0) for r in resources)
    left, right = game.cities[game.left(seat)], game.cities[game.right(seat)]
    expected = brute_force_sources(
        need, sources(game.cities[seat], SECOND, False), sources(left, SECOND, True), sources(right, SECOND, True),
        *_prices(game, seat),
    )[0]  # fmt: skip
    if expected is None:
        assert verdict.why == "resources"
    else:
        assert verdict.cheapest is not None and verdict.cheapest.total == structure.cost.coins + expected
