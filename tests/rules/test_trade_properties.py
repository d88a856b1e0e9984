"""``can_build``'s least cost against a plain brute-force solver, over generated tables.

The brute force shares nothing with :mod:`assistant.rules.trade`: it reads production and
discounts straight from the cards (sellable = brown or grey, discounts by card name), tries
every option of every either/or source of the city and of both neighbours, and every split
of each missing resource between the two neighbours.
"""

from __future__ import annotations

from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.rules.catalog import Catalog, catalog_for
from assistant.rules.effects import Produce
from assistant.rules.model import RAW_MATERIALS, City, Color, Game, Resource
from assistant.rules.production import Production, production, trade_prices
from assistant.rules.purchase import cheapest_purchases
from assistant.rules.records import replace
from assistant.rules.trade import can_build

CATALOG = catalog_for(1)
RESOURCES = list(Resource)

SINGLE = ["lumber-yard", "stone-pit", "clay-pool", "ore-vein", "loom", "glassworks", "press"]
DOUBLE = ["sawmill", "quarry", "brickyard", "foundry"]
EITHER_OR = ["tree-farm", "excavation", "clay-pit", "timber-yard", "forest-cave", "mine"]
YELLOW = ["forum", "caravansery", "east-trading-post", "west-trading-post", "marketplace"]
OTHER = ["altar", "theater", "baths", "apothecary", "workshop", "scriptorium", "temple", "library"]

# Cards costing two or more raw materials: where either/or choices and discounts interact.
COSTLY = [
    c
    for c in CATALOG.structure_ids
    if sum(n for r, n in CATALOG.structure(c).cost.resources if r in RAW_MATERIALS) >= 2
]

Vector = tuple[int, ...]
Best = tuple[int | None, int | None, int | None]  # coins to neighbours: both, left only, right only


# --- the brute force ------------------------------------------------------------------------


def sources(city: City, catalog: Catalog, for_sale: bool) -> list[tuple[tuple[Resource, ...], int]]:
    """Every producing source of a city: (its resources, units) - either/or when several."""
    found: list[tuple[tuple[Resource, ...], int]] = []
    if city.wonder is not None:
        side = catalog.wonder(city.wonder).side(city.side)
        found.append(((side.resource,), 1))
        if not for_sale:
            for stage in side.stages[: city.stages]:
                found += [(e.resources, e.count) for e in stage.effects if isinstance(e, Produce)]
    for card_id in city.cards or ():
        card = catalog.structure(card_id)
        if for_sale and card.color not in (Color.BROWN, Color.GREY):
            continue
        found += [(e.resources, e.count) for e in card.effects if isinstance(e, Produce)]
    return found


Source = tuple[tuple[Resource, ...], int]  # resources (either/or when several), units


def vectors(found: list[Source], need: Vector) -> set[Vector]:
    """Every production vector some choice of options gives (capped at the need, to stay small)."""
    out = set()
    for picks in product(*[[(r, n) for r in rs] for rs, n in found]):
        units = [0] * len(RESOURCES)
        for resource, n in picks:
            units[RESOURCES.index(resource)] += n
        out.add(tuple(min(u, w) for u, w in zip(units, need, strict=True)))
    return out


def prices(game: Game, seat: int) -> tuple[list[int], list[int]]:
    """Coins per unit to the left and to the right neighbour, from the cards' names."""
    city = game.cities[seat]
    cards = set(city.cards or ())
    olympia_b = city.wonder == "olympia" and city.side == "B" and city.stages >= 1
    left, right = [2] * len(RESOURCES), [2] * len(RESOURCES)
    for i, resource in enumerate(RESOURCES):
        if resource in RAW_MATERIALS:
            if "west-trading-post" in cards or olympia_b:
                left[i] = 1
            if "east-trading-post" in cards or olympia_b:
                right[i] = 1
        elif "marketplace" in cards:
            left[i] = right[i] = 1
    return left, right


def brute_force_sources(
    need: Vector,
    own: list[Source],
    left: list[Source],
    right: list[Source],
    price_left: list[int],
    price_right: list[int],
) -> Best:
    """The least coins paid to neighbours for ``need``: from both, only left, only right."""
    best: list[int | None] = [None, None, None]
    for own_units in vectors(own, need):
        missing = [max(0, w - o) for w, o in zip(need, own_units, strict=True)]
        for on_left in vectors(left, tuple(missing)):
            for on_right in vectors(right, tuple(missing)):
                costs: list[int | None] = [0, 0, 0]
                for i, wanted in enumerate(missing):
                    splits = [
                        x * price_left[i] + (wanted - x) * price_right[i]
                        for x in range(wanted + 1)
                        if x <= on_left[i] and wanted - x <= on_right[i]
                    ]
                    options = [
                        min(splits) if splits else None,
                        wanted * price_left[i] if wanted <= on_left[i] else None,
                        wanted * price_right[i] if wanted <= on_right[i] else None,
                    ]
                    for variant, option in enumerate(options):
                        cost = costs[variant]
                        costs[variant] = None if cost is None or option is None else cost + option
                for variant, cost in enumerate(costs):
                    known = best[variant]
                    if cost is not None and (known is None or cost < known):
                        best[variant] = cost
    return best[0], best[1], best[2]


def brute_force(game: Game, seat: int, need: Vector) -> Best:
    """The brute force on a table: the seat's production, its neighbours' wares and prices."""
    left_city = game.cities[(seat + 1) % len(game.cities)]
    right_city = game.cities[(seat - 1) % len(game.cities)]
    return brute_force_sources(
        need,
        sources(game.cities[seat], CATALOG, False),
        sources(left_city, CATALOG, True),
        sources(right_city, CATALOG, True),
        *prices(game, seat),
    )


def achievable(found: list[Source], units: Vector) -> bool:
    """Whether some choice of options gives at least ``units``."""
    return any(all(v >= u for v, u in zip(vector, units, strict=True)) for vector in vectors(found, units))


# --- generated tables -------------------------------------------------------------------------


@st.composite
def cities(draw: st.DrawFn, wonder: str, player: str) -> City:
    side = draw(st.sampled_from("AB"))
    stages = draw(st.integers(0, len(CATALOG.wonder(wonder).side(side).stages)))
    cards = (
        draw(st.lists(st.sampled_from(SINGLE + DOUBLE), unique=True, max_size=3))
        + draw(st.lists(st.sampled_from(EITHER_OR), unique=True, min_size=1, max_size=3))
        + draw(st.lists(st.sampled_from(YELLOW + OTHER), unique=True, max_size=4))
    )
    return City(player, wonder, side, stages, draw(st.integers(0, 14)), tuple(cards))


@st.composite
def tables(draw: st.DrawFn) -> tuple[Game, int, str | None]:
    n = draw(st.integers(3, 4))
    wonders = draw(st.permutations([w.id for w in CATALOG.wonders]))[:n]
    game = Game(tuple(draw(cities(w, f"P{i}")) for i, w in enumerate(wonders)))
    seat = draw(st.integers(0, n - 1))
    card = draw(st.one_of(st.none(), st.sampled_from(COSTLY), st.sampled_from(list(CATALOG.structure_ids))))
    return game, seat, card


# The search is checked against brute force over a large space of tables (sources, wildcards,
# discounts): three times the profile's examples (450 in CI).
SETTINGS = settings(
    max_examples=3 * settings.default.max_examples, suppress_health_check=[HealthCheck.too_slow]
)


@SETTINGS
@given(tables())
def test_the_cheapest_way_equals_the_brute_force(table: tuple[Game, int, str | None]) -> None:
    game, seat, card = table
    city = game.cities[seat]
    verdict = can_build(game, seat, card) if card else can_build(game, seat, stage=True)
    if card and verdict.how == "free-build":
        # Olympia A's free build may build what paying cannot (on a condition the table
        # knows); with the power marked used, the verdict is the price alone.
        assert city.free_build_used is not True
        spent = replace(
            game, cities=(*game.cities[:seat], replace(city, free_build_used=True), *game.cities[seat + 1 :])
        )
        verdict = can_build(spent, seat, card)
        assert not verdict.buildable
    if card:
        structure = CATALOG.structure(card)
        if card in (city.cards or ()):
            assert verdict.why == "duplicate"
            return
        if verdict.why in ("not-in-deck", "no-copy-left"):
            copies = 1 if structure.is_guild else CATALOG.copies(card, game.deck_players)
            elsewhere = sum(card in (c.cards or ()) for i, c in enumerate(game.cities) if i != seat)
            assert (copies == 0) == (verdict.why == "not-in-deck") and elsewhere >= copies
            return
        if any(p in (city.cards or ()) for p in structure.chain_from):
            assert verdict.how == "chain" and verdict.cheapest is not None and verdict.cheapest.total == 0
            return
        cost = structure.cost
    else:
        stages = CATALOG.wonder(city.wonder or "").side(city.side).stages
        if city.stages == len(stages):
            assert verdict.why == "no-stage"
            return
        cost = stages[city.stages].cost
    need = tuple(dict(cost.resources).get(r, 0) for r in RESOURCES)
    expected = brute_force(game, seat, need)[0]
    if expected is None:
        assert verdict.why == "resources", verdict.reason
        assert verdict.cheapest is None
        return
    assert verdict.cheapest is not None, verdict.reason
    assert verdict.cheapest.total == cost.coins + expected
    if verdict.cheapest.total <= city.coins:
        assert verdict.buildable
    else:
        assert verdict.why == "coins"


@SETTINGS
@given(tables())
def test_every_variant_equals_the_brute_force_and_is_a_real_way_to_pay(
    table: tuple[Game, int, str | None],
) -> None:
    game, seat, card = table
    city = game.cities[seat]
    if card:
        cost = CATALOG.structure(card).cost
    else:
        stages = CATALOG.wonder(city.wonder or "").side(city.side).stages
        cost = stages[min(city.stages, len(stages) - 1)].cost
    need = tuple(dict(cost.resources).get(r, 0) for r in RESOURCES)
    left_city = game.cities[game.left(seat)]
    right_city = game.cities[game.right(seat)]
    price_left, price_right = trade_prices(city, CATALOG)
    found = cheapest_purchases(
        need,
        production(city, CATALOG),
        production(left_city, CATALOG, True),
        production(right_city, CATALOG, True),
        price_left,
        price_right,
    )
    expected = brute_force(game, seat, need)
    assert [list(p) for p in prices(game, seat)] == [list(price_left), list(price_right)]
    assert_purchases_match(
        found,
        expected,
        need,
        price_left,
        price_right,
        sources(city, CATALOG, False),
        sources(left_city, CATALOG, True),
        sources(right_city, CATALOG, True),
    )


def assert_purchases_match(found, expected, need, price_left, price_right, own, left, right) -> None:
    """Each of the search's three answers (best, left only, right only) costs what brute force
    finds, buys only from the side it says, buys only what is on sale, and with the city's
    own units covers the cost."""
    for variant, (purchase, coins) in enumerate(zip(found, expected, strict=True)):
        assert (purchase is None) == (coins is None), variant
        if purchase is None:
            continue
        bought_left, bought_right = purchase
        paid = sum(n * p for n, p in zip(bought_left, price_left, strict=True)) + sum(
            n * p for n, p in zip(bought_right, price_right, strict=True)
        )
        assert paid == coins, variant
        assert variant != 1 or not any(bought_right)
        assert variant != 2 or not any(bought_left)
        assert achievable(left, bought_left) and achievable(right, bought_right)
        still = tuple(max(0, w - a - b) for w, a, b in zip(need, bought_left, bought_right, strict=True))
        assert achievable(own, still)


# --- synthetic productions: the search alone, on shapes the cards do not print ------------------


@st.composite
def productions(draw: st.DrawFn) -> tuple[Production, list[Source]]:
    """Random fixed units and 0-3 either/or sources (some giving 2 units of the chosen one)."""
    fixed = tuple(draw(st.lists(st.integers(0, 1), min_size=7, max_size=7)))
    choices = draw(
        st.lists(
            st.tuples(
                st.lists(st.sampled_from(RESOURCES), min_size=2, max_size=3, unique=True),
                st.sampled_from([1, 1, 1, 2]),
            ),
            max_size=3,
        )
    )
    effects = tuple(Produce(tuple(rs), n) for rs, n in choices)
    found: list[Source] = [((r,), n) for r, n in zip(RESOURCES, fixed, strict=True) if n]
    found += [(tuple(rs), n) for rs, n in choices]
    return Production(fixed, effects), found


@SETTINGS
@given(
    st.lists(st.integers(0, 2), min_size=7, max_size=7),
    productions(),
    productions(),
    productions(),
    st.lists(st.integers(1, 2), min_size=7, max_size=7),
    st.lists(st.integers(1, 2), min_size=7, max_size=7),
)
def test_the_search_equals_the_brute_force_on_synthetic_productions(
    need: list[int],
    own: tuple[Production, list[Source]],
    left: tuple[Production, list[Source]],
    right: tuple[Production, list[Source]],
    price_left: list[int],
    price_right: list[int],
) -> None:
    found = cheapest_purchases(need, own[0], left[0], right[0], price_left, price_right)
    expected = brute_force_sources(tuple(need), own[1], left[1], right[1], price_left, price_right)
    assert_purchases_match(found, expected, need, price_left, price_right, own[1], left[1], right[1])


@SETTINGS
@given(tables())
def test_a_card_the_deck_does_not_hold_is_never_buildable(table: tuple[Game, int, str | None]) -> None:
    """Rulebook (2010), Setup: a copy marked with more players than the table's is not dealt."""
    game, seat, card = table
    if card is None or CATALOG.structure(card).is_guild or CATALOG.copies(card, game.deck_players):
        return
    verdict = can_build(game, seat, card)
    assert not verdict.buildable and verdict.why in ("not-in-deck", "duplicate")


@SETTINGS
@given(tables(), st.data())
def test_a_verdict_never_gets_cheaper_when_a_neighbour_loses_a_card(
    table: tuple[Game, int, str | None], data
) -> None:
    game, seat, card = table
    # The price is the question: Olympia A's free build, which may build what paying cannot
    # (on a condition the table knows), is marked used.
    cities = list(game.cities)
    cities[seat] = replace(cities[seat], free_build_used=True)
    game = Game(tuple(cities))
    before = can_build(game, seat, card) if card else can_build(game, seat, stage=True)
    side = data.draw(st.sampled_from([game.left(seat), game.right(seat)]))
    neighbour = game.cities[side]
    removable = [c for c in neighbour.cards or () if c != card]
    if not removable:
        return
    gone = data.draw(st.sampled_from(removable))
    cities = list(game.cities)
    cities[side] = City(neighbour.player, neighbour.wonder, neighbour.side, neighbour.stages, neighbour.coins,
                        tuple(c for c in neighbour.cards or () if c != gone))  # fmt: skip
    after = (
        can_build(Game(tuple(cities)), seat, card)
        if card
        else can_build(Game(tuple(cities)), seat, stage=True)
    )
    if before.why == "resources":  # less for sale never opens a way to pay
        assert after.why == "resources"
    elif before.cheapest is not None and after.cheapest is not None:
        assert after.cheapest.total >= before.cheapest.total
