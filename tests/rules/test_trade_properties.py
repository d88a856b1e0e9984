"""``can_build``'s least cost against a plain brute-force solver, over generated tables.

The tables have 3 to 8 cities (8 where Cities or Armada seat them), of both editions, with
the expansions and their powers: Leaders (Bilkis's unit from the bank; Archimedes',
Hammurabi's, Leonidas's and Imhotep's unit left out; Rome's leaders for fewer coins, or
free), Cities (the Clandestine Docks' coin off, the Secret Warehouse's and the Black
Market's unit, the Architect Cabinet's stages without their resources) and Armada (its
boards, typed, away from the city that builds). Now and then a neighbour was entered as
score-pad numbers.

The brute force shares nothing with :mod:`assistant.rules.trade` nor :mod:`.purchase`: it
reads production, discounts and powers straight from the cards, by name (sellable = brown
or grey), tries every option of every either/or source of the city and of both neighbours,
and every split of each missing resource between the two neighbours.

The tables are built so that the question each property asks has an answer: the card is in
the table's deck and in nobody's city, the stage asked for is not built yet. Each property
says with ``event`` which assertion an example reached (``pytest
--hypothesis-show-statistics``).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from assistant.rules.catalog import Catalog, catalog_for
from assistant.rules.effects import Produce
from assistant.rules.model import RAW_MATERIALS, City, Color, Cost, Game, Resource
from assistant.rules.production import Production, markets, production, trade_prices
from assistant.rules.purchase import cheapest_purchases, purchases
from assistant.rules.trade import can_build

CATALOG = catalog_for(1)
RESOURCES = list(Resource)

Vector = tuple[int, ...]
Best = tuple[int | None, int | None, int | None]  # coins: both neighbours, left only, right only
Source = tuple[tuple[Resource, ...], int]  # resources (either/or when several), units


# --- the brute force ------------------------------------------------------------------------

# The powers, by the cards' names (Leaders' cards.toml, Cities' age1-2.toml, the boards).
FREE_UNIT = {"archimedes": Color.GREEN, "hammurabi": Color.BLUE, "leonidas": Color.RED}
"""A unit of any resource of the cost of a card of this colour, left out."""
STAGE_FREE_UNIT = "imhotep"  # the same for a wonder stage
BANK_UNIT = "bilkis"  # a unit of any resource of the cost, bought from the bank for 1 coin
STAGES_WITHOUT_RESOURCES = "architect-cabinet"
DOCKS = ("clandestine-dock-west", "clandestine-dock-east")  # 1 coin off, left and right
WAREHOUSE, BLACK_MARKET = "secret-warehouse", "black-market"
WHITE = Color("white")


def sources(city: City, catalog: Catalog, for_sale: bool) -> list[Source]:
    """Every producing source of a city: (its resources, units) - either/or when several."""
    found: list[Source] = []
    if city.wonder is not None:
        side = catalog.wonder(city.wonder).side(city.side)
        if side.resource is not None:
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


def extra_sources(city: City, catalog: Catalog) -> list[Source]:
    """The Secret Warehouse's unit (one of what the city's brown and grey cards and board
    make) and the Black Market's (one of what they do not make)."""
    held = set(city.cards or ())
    made = {r for rs, _ in sources(city, catalog, True) for r in rs}
    found: list[Source] = []
    if WAREHOUSE in held and made:
        found.append((tuple(r for r in RESOURCES if r in made), 1))
    if BLACK_MARKET in held and len(made) < len(RESOURCES):
        found.append((tuple(r for r in RESOURCES if r not in made), 1))
    return found


def vectors(found: list[Source], need: Vector) -> set[Vector]:
    """Every production vector some choice of options gives (capped at the need, to stay small)."""
    out = {(0,) * len(RESOURCES)}
    for resources, n in found:
        out = {
            tuple(
                min(v + (n if RESOURCES[k] == r else 0), w)
                for k, (v, w) in enumerate(zip(units, need, strict=True))
            )
            for units in out
            for r in resources
        }
    return out


def prices(game: Game, seat: int) -> tuple[list[int], list[int]]:
    """Coins per unit to the left and to the right neighbour, from the cards' names (and
    Olympia B's first stage, in the first edition)."""
    city = game.cities[seat]
    cards = set(city.cards or ())
    olympia_b = game.edition == 1 and city.wonder == "olympia" and city.side == "B" and city.stages >= 1
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


Splits = dict[tuple[bool, bool], int]
"""The least coins to the neighbours, by (buys some from the left, buys some from the right)."""


def _splits(missing: Vector, on_left: Vector, on_right: Vector, price_left, price_right) -> Splits:
    """Every split of each missing resource between the neighbours, the least coins for
    each pair of sides bought from."""
    states: Splits = {(False, False): 0}
    for i, wanted in enumerate(missing):
        if not wanted:
            continue
        grown: Splits = {}
        for x in range(wanted + 1):
            if x > on_left[i] or wanted - x > on_right[i]:
                continue
            coins = x * price_left[i] + (wanted - x) * price_right[i]
            for (some_left, some_right), before in states.items():
                key = (some_left or x > 0, some_right or wanted > x)
                grown[key] = min(grown.get(key, before + coins), before + coins)
        states = grown
    return states


def brute_force_splits(
    need: Vector, own: list[Source], left: list[Source], right: list[Source], price_left, price_right
) -> Splits:
    """The least coins paid to neighbours for ``need``, by the sides bought from, over every
    option of every source."""
    best: Splits = {}
    for own_units in vectors(own, need):
        missing = tuple(max(0, w - o) for w, o in zip(need, own_units, strict=True))
        for on_left in vectors(left, missing):
            for on_right in vectors(right, missing):
                for key, coins in _splits(missing, on_left, on_right, price_left, price_right).items():
                    best[key] = min(best.get(key, coins), coins)
    return best


def _ways(found: Splits, rebates: tuple[int, int] = (0, 0)) -> Best:
    """The least coins from both sides, from the left only, from the right only, with a
    Clandestine Dock's coin off a side bought from (a unit costs at least that coin)."""

    def paid(key: tuple[bool, bool]) -> int:
        return found[key] - rebates[0] * key[0] - rebates[1] * key[1]

    best = min((paid(k) for k in found), default=None)
    left_only = min((paid(k) for k in found if not k[1]), default=None)
    right_only = min((paid(k) for k in found if not k[0]), default=None)
    return best, left_only, right_only


def brute_force_sources(
    need: Vector,
    own: list[Source],
    left: list[Source],
    right: list[Source],
    price_left: list[int],
    price_right: list[int],
) -> Best:
    """The least coins paid to neighbours for ``need``: from both, only left, only right."""
    return _ways(brute_force_splits(need, own, left, right, price_left, price_right))


def brute_force(game: Game, seat: int, need: Vector, catalog: Catalog = CATALOG) -> Best:
    """The brute force on a table: the seat's production, its neighbours' wares and prices."""
    city = game.cities[seat]
    return brute_force_sources(
        need,
        sources(city, catalog, False) + extra_sources(city, catalog),
        sources(game.cities[game.left(seat)], catalog, True),
        sources(game.cities[game.right(seat)], catalog, True),
        *prices(game, seat),
    )


def coins_due(game: Game, seat: int, card: str | None, catalog: Catalog) -> int:
    """The coins a build costs: a leader 2 coins less on Rome B, 1 less beside it."""
    city = game.cities[seat]
    if card is None:
        return catalog.wonder(city.wonder or "").side(city.side).stages[city.stages].cost.coins
    structure = catalog.structure(card)
    less = 0
    if structure.color == WHITE:
        beside = {game.left(seat), game.right(seat)}
        less = 2 * (city.wonder == "rome" and city.side == "B")
        less += sum(game.cities[s].wonder == "rome" and game.cities[s].side == "B" for s in beside)
    return max(0, structure.cost.coins - less)


def brute_force_build(game: Game, seat: int, card: str | None, catalog: Catalog) -> Best:
    """The least a build of ``card`` (None: the next stage) costs, coins to the bank
    included, with every power of the city: from both neighbours, the left only, the right only."""
    city = game.cities[seat]
    held = set(city.cards or ())
    if card is None:
        cost = catalog.wonder(city.wonder or "").side(city.side).stages[city.stages].cost
        left_out = int(STAGE_FREE_UNIT in held)
        if STAGES_WITHOUT_RESOURCES in held:
            cost = Cost(cost.coins)
    else:
        cost = catalog.structure(card).cost
        color = catalog.structure(card).color
        left_out = sum(1 for leader, of in FREE_UNIT.items() if leader in held and of == color)
    need = tuple(dict(cost.resources).get(r, 0) for r in RESOURCES)
    kinds = tuple(r for r in RESOURCES if dict(cost.resources).get(r))
    own = sources(city, catalog, False) + extra_sources(city, catalog) + [(kinds, 1)] * left_out * bool(kinds)
    left = sources(game.cities[game.left(seat)], catalog, True)
    right = sources(game.cities[game.right(seat)], catalog, True)
    rebates = (int(DOCKS[0] in held), int(DOCKS[1] in held))
    bank = coins_due(game, seat, card, catalog)
    best: list[int | None] = [None, None, None]
    for from_bank in [None, *kinds] if BANK_UNIT in held else [None]:
        wanted = tuple(w - (r == from_bank) for w, r in zip(need, RESOURCES, strict=True))
        found = _ways(brute_force_splits(wanted, own, left, right, *prices(game, seat)), rebates)
        for way, coins in enumerate(found):
            if coins is not None:
                total = coins + bank + (from_bank is not None)
                known = best[way]
                best[way] = total if known is None else min(known, total)
    return best[0], best[1], best[2]


def achievable(found: list[Source], units: Vector) -> bool:
    """Whether some choice of options gives at least ``units``."""
    return any(all(v >= u for v, u in zip(vector, units, strict=True)) for vector in vectors(found, units))


# --- generated tables -------------------------------------------------------------------------

EXPANSIONS = {1: ("leaders", "cities", "armada"), 2: ("leaders", "cities", "armada")}
"""The expansions drawn: in the first edition, Leaders' and Cities' cards trade; Armada (and
the second edition's expansions, boards only) seat an eighth player beside Cities."""


class Pools(NamedTuple):
    """A catalog's structures the table's deck holds at one player count, as the generator
    deals them (tuples, so that Hypothesis makes each strategy once)."""

    targets: tuple[str, ...]  # every card the deck holds
    costly: tuple[str, ...]  # those costing two resources or more
    producers: tuple[str, ...]  # cards that make resources (brown, grey, yellow)
    powers: tuple[str, ...]  # cards that change a price (discounts, docks, units, leaders)
    others: tuple[str, ...]  # every other structure but the guilds and the cards that build
    # others free (Maecenas, Ramses, Caligula: not the trading powers asked about here)


def dealt(catalog: Catalog, players: int, card: str) -> bool:
    """Whether the table's deck can hold the card: a copy at its player count, a guild, a
    card dealt apart (a leader) or drawn (a black card)."""
    structure = catalog.structure(card)
    return (
        structure.is_guild
        or structure.deck in ("apart", "drawn")
        or catalog.copies(card, catalog.rules.deck_players(players)) > 0
    )


@cache
def pools(catalog: Catalog, players: int) -> Pools:
    targets, costly, producers, powers, others = [], [], [], [], []
    for cid in catalog.structure_ids:
        if not dealt(catalog, players, cid):
            continue
        card = catalog.structure(cid)
        targets.append(cid)
        if sum(n for _, n in card.cost.resources) >= 2:
            costly.append(cid)
        effects = card.effects
        if card.is_guild or any(e.free_colors() or e.free_power() for e in effects):
            continue
        if any(e.produced() for e in effects):
            producers.append(cid)
        elif any(
            e.discount() or e.rebate() or e.extra_unit() or e.cheaper() or e.frees_stage_resources()
            for e in effects
        ):
            powers.append(cid)
        else:
            others.append(cid)
    return Pools(*map(tuple, (targets, costly, producers, powers, others)))


@cache
def absent(catalog: Catalog, players: int) -> tuple[str, ...]:
    """The printed cards the table's deck does not hold at this player count."""
    return tuple(cid for cid in catalog.structure_ids if not dealt(catalog, players, cid))


@cache
def _known_boards(catalog: Catalog) -> tuple[str, ...]:
    return tuple(w.id for w in catalog.wonders if not w.typed)


@cache
def _all_boards(catalog: Catalog) -> tuple[str, ...]:
    return tuple(w.id for w in catalog.wonders)


class Table(NamedTuple):
    game: Game
    seat: int
    card: str | None  # None: the next wonder stage
    catalog: Catalog


def _free_stages(catalog: Catalog, wonder: str, side: str) -> int:
    """The stages built before the first whose power builds a card free (all of them if none)."""
    stages = catalog.wonder(wonder).side(side).stages
    return next((k for k, s in enumerate(stages) if any(e.free_power() for e in s.effects)), len(stages))


@st.composite
def tables(draw: st.DrawFn, deck: str = "dealt", free_powers: bool = True) -> Table:
    """A table and a build to price at one seat. ``deck``: ``"dealt"``, a card of the
    table's deck that no city holds, or the next stage; ``"absent"``, a card the deck does
    not hold at the table's player count. ``free_powers`` False: the builder's built stages
    have no power that builds a card free.

    The builder holds producers, trading powers and other cards, its neighbours mostly
    producers (or one of them is a pad entry); the other cities, which a price does not
    concern, their boards alone."""
    edition = draw(st.sampled_from((1, 2)))
    chosen = draw(st.sets(st.sampled_from(EXPANSIONS[edition])))
    catalog = catalog_for(edition, chosen)
    expansions = tuple(e for e in catalog.expansions if e in chosen)
    most = catalog.rules.max_players
    if deck == "absent":
        # Every card is dealt at 7 players: a card the deck lacks is one of a smaller table.
        n = draw(st.sampled_from([k for k in range(3, most + 1) if absent(catalog, k)]))
        card: str | None = draw(st.sampled_from(absent(catalog, n)))
    else:
        n = draw(st.integers(3, most))
        kind = draw(st.sampled_from(("costly", "costly", "any", "any", "stage")))
        card = (
            None
            if kind == "stage"
            else draw(
                st.sampled_from(getattr(pools(catalog, n), "costly" if kind == "costly" else "targets"))
            )
        )
    pool = pools(catalog, n)
    seat = draw(st.integers(0, n - 1))
    near = (seat, (seat + 1) % n, (seat - 1) % n)
    # The builder and its neighbours on boards known stage by stage; the others on any.
    boards = draw(st.permutations(_known_boards(catalog)))[:3]
    rest = [w for w in draw(st.permutations(_all_boards(catalog))) if w not in boards]
    wonders = {
        **dict(zip([s for s in range(n) if s not in near], rest, strict=False)),
        **dict(zip(near, boards, strict=True)),
    }
    drawn_room = {age: catalog.rules.deck_players(n) - 1 for age in range(1, catalog.rules.ages + 1)}

    def some(cards: tuple[str, ...], most: int, least: int = 0) -> list[str]:
        return (
            draw(st.lists(st.sampled_from(cards), unique=True, min_size=least, max_size=most))
            if cards
            else []
        )

    pad = draw(st.sampled_from((None,) * 8 + near[1:]))  # a neighbour entered as pad numbers
    cities = []
    for s in range(n):
        wonder = wonders[s]
        if s not in near:
            cities.append(City(f"P{s}", wonder, "A", 0, 0, ()))
            continue
        side = draw(st.sampled_from("AB"))
        stages = len(catalog.wonder(wonder).side(side).stages)
        if s == seat and card is None:
            stages -= 1  # a stage is left to build
        if s == seat and not free_powers:
            stages = min(stages, _free_stages(catalog, wonder, side))
        built = draw(st.integers(0, stages))
        coins = draw(st.integers(0, 20))
        if s == pad:
            cities.append(City(f"P{s}", wonder, side, built, coins, None))
            continue
        if s == seat:
            cards = some(pool.producers, 7, 1) + some(pool.powers, 4) + some(pool.others, 3)
        else:
            cards = some(pool.producers, 8, 3) + some(pool.powers + pool.others, 2)
        kept = []
        for c in cards:
            structure = catalog.structure(c)
            if c == card:
                continue  # nobody holds the card asked about
            if structure.deck == "drawn":  # as many black cards of an age as players draw
                age = catalog.card_ages(c)[0]
                if not drawn_room[age]:
                    continue
                drawn_room[age] -= 1
            if structure.deck == "apart" and sum(catalog.structure(k).deck == "apart" for k in kept) >= 2:
                continue  # a third leader is left to recruit
            kept.append(c)
        used = draw(st.sampled_from((None, False, True))) if s == seat else None
        cities.append(City(f"P{s}", wonder, side, built, coins, tuple(kept), free_build_used=used))
    return Table(Game(tuple(cities), edition=edition, expansions=expansions), seat, card, catalog)


def _freed(game: Game, seat: int, card: str | None, catalog: Catalog) -> str | None:
    """How the city builds ``card`` free whatever the price: ``"chain"`` (it holds the card
    it chains from), ``"free"`` (a leader on Rome A)."""
    if card is None:
        return None
    city = game.cities[seat]
    structure = catalog.structure(card)
    if any(p in (city.cards or ()) for p in structure.chain_from):
        return "chain"
    if structure.color == WHITE and city.wonder == "rome" and city.side == "A" and not structure.cost.is_free:
        return "free"
    return None


def _stage_power(game: Game, seat: int, card: str | None, catalog: Catalog) -> str | None:
    """What Olympia's built stages say about a card: ``"free"``, built free whatever the price
    (2020 A: the first card of its colour); ``"may"``, built free if the table says the turn
    or the age allows it (2010 A: once an age, unless marked used; 2020 B: the first card of
    an age, unless marked used, and the last); None."""
    city = game.cities[seat]
    if card is None or city.wonder != "olympia":
        return None
    if not coins_due(game, seat, card, catalog) and not catalog.structure(card).cost.resources:
        return None  # it costs nothing: no power is asked
    if game.edition == 1:
        return "may" if city.side == "A" and city.stages >= 2 and not city.free_build_used else None
    colors = {catalog.structure(c).color for c in city.cards or ()}
    if city.side == "A":
        return "free" if city.stages >= 2 and catalog.structure(card).color not in colors else None
    if city.stages >= 2 or (city.stages == 1 and not city.free_build_used):
        return "may"
    return None


# The search is checked against brute force over a large space of tables (sources, wildcards,
# discounts, powers): three times the profile's examples (450 in CI).
SETTINGS = settings(
    max_examples=3 * settings.default.max_examples, suppress_health_check=[HealthCheck.too_slow]
)


@SETTINGS
@given(tables())
def test_the_cheapest_way_equals_the_brute_force(table: Table) -> None:
    game, seat, card, catalog = table
    city = game.cities[seat]
    verdict = can_build(game, seat, card) if card else can_build(game, seat, stage=True)
    freed = _freed(game, seat, card, catalog)
    if freed is not None:
        event(f"checked: built free ({freed})")
        assert verdict.buildable and verdict.how == freed, verdict.reason
        assert verdict.cheapest is not None and verdict.cheapest.total == 0
        return
    power = _stage_power(game, seat, card, catalog)
    if power == "free":
        event("checked: built free by a stage's power")
        assert verdict.buildable and verdict.how == "free-build", verdict.reason
        return
    best, left_only, right_only = brute_force_build(game, seat, card, catalog)
    if best is not None and best <= city.coins:
        event("checked: the price, and the ways from one neighbour alone")
        assert verdict.buildable and verdict.how != "free-build", verdict.reason
        assert verdict.cheapest is not None and verdict.cheapest.total == best, verdict.reason
        # The alternatives: the cheapest way buying nothing from the right, from the left.
        offered_left = min((p.total for p in verdict.options if not p.buy_right), default=None)
        offered_right = min((p.total for p in verdict.options if not p.buy_left), default=None)
        assert offered_left == (left_only if left_only is not None and left_only <= city.coins else None)
        assert offered_right == (right_only if right_only is not None and right_only <= city.coins else None)
        assert all(p.total <= city.coins for p in verdict.options)
    elif power == "may":
        event("checked: a stage's power may build what paying cannot")
        assert verdict.buildable and verdict.how == "free-build", verdict.reason
    elif best is None:
        event("checked: no way to pay")
        assert not verdict.buildable and verdict.why == "resources", verdict.reason
        assert verdict.cheapest is None
    else:
        event("checked: the price, more coins than the city has")
        assert not verdict.buildable and verdict.why == "coins", verdict.reason
        assert verdict.cheapest is not None and verdict.cheapest.total == best


def _need(table: Table) -> Vector:
    game, seat, card, catalog = table
    city = game.cities[seat]
    if card:
        cost = catalog.structure(card).cost
    else:
        cost = catalog.wonder(city.wonder or "").side(city.side).stages[city.stages].cost
    return tuple(dict(cost.resources).get(r, 0) for r in RESOURCES)


@SETTINGS
@given(tables())
def test_every_variant_equals_the_brute_force_and_is_a_real_way_to_pay(table: Table) -> None:
    game, seat, _, catalog = table
    need = _need(table)
    city = game.cities[seat]
    left_city = game.cities[game.left(seat)]
    right_city = game.cities[game.right(seat)]
    price_left, price_right = trade_prices(city, catalog)
    found = cheapest_purchases(
        need,
        production(city, catalog),
        production(left_city, catalog, True),
        production(right_city, catalog, True),
        price_left,
        price_right,
    )
    expected = brute_force(game, seat, need, catalog)
    event(
        "checked: nothing to buy"
        if not any(need)
        else "checked: the purchases"
        if expected[0] is not None
        else "checked: no purchase covers the cost"
    )
    assert [list(p) for p in prices(game, seat)] == [list(price_left), list(price_right)]
    assert_purchases_match(
        found,
        expected,
        need,
        price_left,
        price_right,
        sources(city, catalog, False) + extra_sources(city, catalog),
        sources(left_city, catalog, True),
        sources(right_city, catalog, True),
    )


def assert_purchases_match(found, expected, need, price_left, price_right, own, left, right) -> None:
    """Each of the search's three answers (best, left only, right only) costs what brute force
    finds, buys only from the side it says, buys only what is on sale, and with the city's
    own units covers the cost."""
    for variant, (purchase, coins) in enumerate(zip(found, expected, strict=True)):
        assert (purchase is None) == (coins is None), variant
        if purchase is None:
            continue
        assert _paid(purchase, price_left, price_right) == coins, variant
        bought_left, bought_right = purchase
        assert variant != 1 or not any(bought_right)
        assert variant != 2 or not any(bought_left)
        _assert_real(purchase, need, own, left, right)


def _paid(purchase, price_left, price_right) -> int:
    bought_left, bought_right = purchase
    return sum(n * p for n, p in zip(bought_left, price_left, strict=True)) + sum(
        n * p for n, p in zip(bought_right, price_right, strict=True)
    )


def _assert_real(purchase, need, own, left, right) -> None:
    """The purchase buys only what is on sale and, with the city's own units, covers ``need``."""
    bought_left, bought_right = purchase
    assert achievable(left, bought_left) and achievable(right, bought_right)
    still = tuple(max(0, w - a - b) for w, a, b in zip(need, bought_left, bought_right, strict=True))
    assert achievable(own, still)


# --- synthetic productions: the search alone, on shapes the cards do not print ------------------


@st.composite
def productions(draw: st.DrawFn) -> tuple[Production, list[Source]]:
    """Random fixed units and 0-3 either/or sources (some giving 2 units of the chosen one)."""
    fixed = tuple(draw(st.lists(st.sampled_from((0, 1, 1, 2)), min_size=7, max_size=7)))
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


SYNTHETIC = (
    st.lists(st.integers(0, 2), min_size=7, max_size=7),
    productions(),
    productions(),
    productions(),
    st.lists(st.integers(1, 2), min_size=7, max_size=7),
    st.lists(st.integers(1, 2), min_size=7, max_size=7),
)


@SETTINGS
@given(*SYNTHETIC)
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
    event("checked: the purchases" if expected[0] is not None else "checked: no purchase covers the cost")
    assert_purchases_match(found, expected, need, price_left, price_right, own[1], left[1], right[1])


def _docked_least(found, price_left, price_right, rebates: tuple[int, int]) -> int | None:
    """The least a docked search's ways cost with a dock's coin off each side bought from."""
    return min(
        (
            _paid(p, price_left, price_right) - rebates[0] * any(p[0]) - rebates[1] * any(p[1])
            for p in found
            if p is not None
        ),
        default=None,
    )


@SETTINGS
@given(*SYNTHETIC)
def test_the_docked_search_gives_real_ways_to_pay_and_the_plain_searchs_three(
    need: list[int],
    own: tuple[Production, list[Source]],
    left: tuple[Production, list[Source]],
    right: tuple[Production, list[Source]],
    price_left: list[int],
    price_right: list[int],
) -> None:
    """With a Clandestine Dock the search gives six ways: the plain search's three (best,
    left only, right only), each at the brute force's least, then more that a dock's coin
    off may make cheaper; each is a real way to pay."""
    found = purchases(need, own[0], left[0], right[0], price_left, price_right, docked=True)
    splits = brute_force_splits(tuple(need), own[1], left[1], right[1], price_left, price_right)
    event("checked: six ways" if splits else "checked: no purchase covers the cost")
    assert_purchases_match(found[:3], _ways(splits), need, price_left, price_right, own[1], left[1], right[1])
    for purchase in found[3:]:
        assert (purchase is None) or splits
        if purchase is not None:
            _assert_real(purchase, need, own[1], left[1], right[1])


_OWN_COVERED = (
    [1, 0, 1, 0, 1, 1, 0],  # wood, clay, glass, loom
    (
        Production((0,) * 7, (Produce((Resource.CLAY, Resource.GLASS), 1),) * 2),
        [((Resource.CLAY, Resource.GLASS), 1)] * 2,
    ),
    (Production((1, 0, 0, 0, 0, 1, 0), ()), [((Resource.WOOD,), 1), ((Resource.LOOM,), 1)]),
    (Production((0, 0, 0, 0, 0, 1, 0), ()), [((Resource.LOOM,), 1)]),
    [1] * 7,
    [1] * 7,
)
"""The city's own two cards (clay or glass) cover its clay and glass; wood only the left
sells, loom both sides, 1 coin a unit: 2 coins from the left, or 1 with a Clandestine Dock
East and the loom from the right."""


@SETTINGS
@example(*_OWN_COVERED)
@given(*SYNTHETIC)
def test_the_docked_search_gives_the_least_price_with_a_docks_coin_off(
    need: list[int],
    own: tuple[Production, list[Source]],
    left: tuple[Production, list[Source]],
    right: tuple[Production, list[Source]],
    price_left: list[int],
    price_right: list[int],
) -> None:
    """Cities' Clandestine Docks take a coin off a side's payment when anything is bought
    there, so the cheapest way may buy a unit from the docked side that the cheapest
    purchase does not: the least of the docked search's ways with a dock's coin off (the
    West's, the East's, both) is the brute force's least."""
    found = purchases(need, own[0], left[0], right[0], price_left, price_right, docked=True)
    splits = brute_force_splits(tuple(need), own[1], left[1], right[1], price_left, price_right)
    for rebates in ((1, 0), (0, 1), (1, 1)):
        least = _ways(splits, rebates)[0]
        if least is not None and least < _ways(splits)[0]:
            event("checked: a dock makes another way cheaper")
        assert _docked_least(found, price_left, price_right, rebates) == least, rebates
    event("checked: the least price" if splits else "checked: no purchase covers the cost")


@SETTINGS
@given(tables(deck="absent"))
def test_a_card_the_deck_does_not_hold_is_never_buildable(table: Table) -> None:
    """Rulebook (2010 and 2020), Setup: a copy marked with more players than the table's is
    not dealt; a chain, a power or the coins do not build it."""
    game, seat, card, _ = table
    assert card is not None
    verdict = can_build(game, seat, card)
    event("checked: refused, not in the deck")
    assert not verdict.buildable and verdict.why == "not-in-deck", verdict.reason


@SETTINGS
@given(tables(free_powers=False), st.data())
def test_a_verdict_never_gets_cheaper_when_a_neighbour_loses_a_card(table: Table, data) -> None:
    game, seat, card, _ = table
    sides = [s for s in (game.left(seat), game.right(seat)) if game.cities[s].cards]
    side = data.draw(st.sampled_from(sides))
    neighbour = game.cities[side]
    gone = data.draw(st.sampled_from(neighbour.cards or ()))
    cities = list(game.cities)
    cities[side] = neighbour._replace(cards=tuple(c for c in neighbour.cards or () if c != gone))
    fewer = Game(tuple(cities), edition=game.edition, expansions=game.expansions)
    before = can_build(game, seat, card) if card else can_build(game, seat, stage=True)
    after = can_build(fewer, seat, card) if card else can_build(fewer, seat, stage=True)
    if before.why == "resources":  # less for sale never opens a way to pay
        event("checked: still no way to pay")
        assert after.why == "resources", after.reason
    else:
        event("checked: the price does not drop")
        assert before.cheapest is not None, before.reason
        assert after.why == "resources" or (
            after.cheapest is not None and after.cheapest.total >= before.cheapest.total
        ), after.reason


# --- the rules the mutation run found unguarded (issue 46) ------------------------------------------


def _city(player: str, wonder: str, *cards: str, coins: int = 10, **more) -> City:
    return City(player, wonder, "A", 0, coins, cards, **more)


def test_between_ways_of_one_price_and_one_neighbour_the_one_buying_fewer_units_comes_first() -> None:
    """Building and trading: among ways of the same price paying as many neighbours, the
    verdict offers first the one buying fewer units. The Caravansery costs 2 wood; Ana buys
    wood from Bo (left) for 1 coin (West Trading Post) and one unit from the bank for 1
    (Bilkis): 2 coins for 2 wood from Bo, or for 1 from Bo and 1 from the bank."""
    game = Game(
        (
            _city("Ana", "ephesus", "bilkis", "west-trading-post", coins=2),
            _city("Bo", "rhodes", "sawmill"),
            _city("Cy", "alexandria"),
        ),
        expansions=("leaders",),
    )
    verdict = can_build(game, 0, "caravansery", catalog=catalog_for(1, ["leaders"]))
    assert verdict.cheapest is not None and verdict.cheapest.total == 2
    assert verdict.cheapest.bank == 1 and verdict.cheapest.buy_left == ((Resource.WOOD, 1),)


def test_between_ways_of_one_price_one_neighbour_and_as_many_units_the_left_is_paid_first() -> None:
    """Building and trading: among ways of the same price paying one neighbour for as many
    units, the verdict offers first the one paying less to the right neighbour. The Barracks
    cost 1 ore, 2 coins from Bo (left) or from Cy (right): Bo's way first, both offered."""
    game = Game((_city("Ana", "ephesus"), _city("Bo", "rhodes"), _city("Cy", "alexandria", "ore-vein")))
    verdict = can_build(game, 0, "barracks")  # 1 ore
    assert verdict.cheapest is not None and verdict.cheapest.buy_left == ((Resource.ORE, 1),)
    assert [(p.left, p.right) for p in verdict.options] == [(2, 0), (0, 2)]


def test_a_neighbour_entered_as_pad_numbers_is_a_market_whose_cards_are_not_known() -> None:
    """A pad-entered neighbour (cards unknown) sells its board's resource as far as anyone
    knows: its market says it is not known, a neighbour entered card by card's says it is."""
    pad = City("Bo", "rhodes", "A", 0, 5, None)
    game = Game((_city("Ana", "ephesus"), pad, _city("Cy", "alexandria", "ore-vein")))
    left, right = markets(game, 0)
    assert (left.player, left.known) == ("Bo", False)
    assert (right.player, right.known) == ("Cy", True)
    assert left.units == ((Resource.ORE, 1, 2),)


def test_a_clandestine_dock_buys_one_unit_from_its_side_when_that_is_cheapest() -> None:
    """Cities, Clandestine Dock East: a coin off what is bought from the right neighbour, once
    a turn. The Temple costs wood, clay and glass; Bo (left) sells all three, Cy (right) only
    glass, 2 coins a unit: 6 coins from Bo, but 5 with the glass from Cy (2 - 1), which
    Ana's 5 coins pay. The cheapest purchase buys nothing from the docked side: only the
    search's way forcing one unit there finds it."""
    cities_catalog = catalog_for(1, ["cities"])
    game = Game(
        (
            _city("Ana", "ephesus", "clandestine-dock-east", coins=5),
            _city("Bo", "babylon", "lumber-yard", "glassworks"),  # clay (board), wood, glass
            _city("Cy", "alexandria"),  # glass (board)
        ),
        expansions=("cities",),
    )
    verdict = can_build(game, 0, "temple", catalog=cities_catalog)
    assert verdict.buildable, verdict.reason
    assert verdict.cheapest is not None and verdict.cheapest.total == 5
    assert verdict.cheapest.buy_right == ((Resource.GLASS, 1),) and verdict.cheapest.right == 1
    assert brute_force_build(game, 0, "temple", cities_catalog)[0] == 5


def test_a_clandestine_dock_buys_from_its_side_beside_resources_the_citys_own_cards_cover() -> None:
    """Cities, Clandestine Dock East. The Builders' Union costs wood, clay, glass and papyrus:
    Ana's Caravansery and Tree Farm give her wood and clay (either card either one); the
    glass only Bo (left) sells, the papyrus Bo and Cy (right), 2 coins a unit. 4 coins from
    Bo, or 3 with the papyrus from Cy (2 - 1), which Ana's 3 coins pay."""
    cities_catalog = catalog_for(1, ["cities"])
    game = Game(
        (
            _city("Ana", "giza", "caravansery", "tree-farm", "clandestine-dock-east", coins=3),
            _city("Bo", "rhodes", "glassworks", "press"),
            _city("Cy", "ephesus"),  # papyrus (board)
        ),
        expansions=("cities",),
    )
    assert brute_force_build(game, 0, "builders-union", cities_catalog)[0] == 3
    verdict = can_build(game, 0, "builders-union", catalog=cities_catalog)
    assert verdict.buildable, verdict.reason
    assert verdict.cheapest is not None and verdict.cheapest.total == 3
    assert verdict.cheapest.buy_right == ((Resource.PAPYRUS, 1),)
