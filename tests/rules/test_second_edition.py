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
    can_build,
    catalog_for,
    catalog_to_dict,
    check_game,
    parse_game,
    score_game,
)
from assistant.rules.model import RAW_MATERIALS, Color, Resource
from assistant.rules.validate import structure_limit
from tests.rules.strategies import legal_games
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
    assert not verdict.buildable
    notes = " ".join(str(n) for n in verdict.notes)
    assert "first card" in notes and "sixth card" in notes


# --- properties against brute force ---------------------------------------------------------------------

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


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
