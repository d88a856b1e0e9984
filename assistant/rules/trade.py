"""Can a city build a card or its next wonder stage, and what is the least it costs?

:func:`can_build` adjudicates one build and returns a :class:`~.model.Verdict`: whether
the build is possible, how (chain, free, coins, own resources, trade), the cheapest way
to pay and a few alternatives (buying only from the left, only from the right).

The least cost is exact. Own either/or cards, the neighbours' units and the discounts
interact, so no greedy choice is trusted (rules-notes, "Building and trading"). The
search works on the *missing units* vector:

1. The city's fixed units are used first; an own either/or card that can still help with
   only one missing resource is used for it (both steps cost nothing and never hurt).
2. A neighbour's unit costs the same whichever of its cards it comes from (the price
   depends only on the side and the resource), so a neighbour's either/or card only
   matters for resources its fixed units cannot already cover.
3. A resource no remaining either/or card touches is bought from the cheaper side first.
   The others split into independent groups (resources linked by an either/or card).
   In a group, the vectors the city's either/or cards can cover and those each
   neighbour can sell are bitsets over the group's few "units missing" vectors; every
   split of the missing units into own + left + right is tried, with each purchase's
   price packed in one integer that orders ways to pay (total coins, then fewer units
   bought, then fewer coins to the right) and carries what was bought.

``production`` and ``trade_prices`` are reusable: what a city makes (or sells), and what
it pays its neighbours per unit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

from .catalog import Catalog, catalog_for
from .components import Card
from .describe import AGE_NUMERALS, OR, RESOURCE_NAMES, describe_cost, join
from .during import (
    VIAS,
    age_refusal,
    copies_dealt,
    free_build,
    free_powers,
    from_discard,
    guilds_taken,
    leader_refusal,
    once_per_age_powers,
    power_is_spent,
    unused,
)
from .effects import Cheaper, Effect, Produce
from .errors import GameFormatError, QuestionError
from .model import (
    City,
    Color,
    Cost,
    Game,
    Payment,
    Resource,
    Verdict,
    Whose,
    WhyNot,
)
from .records import field, record, replace
from .text import N_, Nn_, Text, verbatim

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model import How

RESOURCES: tuple[Resource, ...] = tuple(Resource)
"""Every resource, in the order the vectors below use (the :class:`Resource` order)."""

_INDEX: dict[Resource, int] = {r: i for i, r in enumerate(RESOURCES)}
_N = len(RESOURCES)


# --- what a city produces and pays --------------------------------------------------------


@record
class Production:
    """What a city produces each turn: fixed units, and either/or sources.

    ``fixed`` counts units per resource in :data:`RESOURCES` order (the board's starting
    resource, single-resource cards; Sawmill and the like count 2). ``choices`` are the
    either/or sources: each gives ``count`` units of one of its ``resources`` per turn.
    """

    fixed: tuple[int, ...]
    choices: tuple[Produce, ...]
    withholds: bool = False
    """What a neighbour sells: True when the city also makes resources it cannot sell
    (:func:`withheld` says which)."""
    indexed: tuple[tuple[tuple[int, ...], int], ...] = field(init=False, repr=False, compare=False)
    """``choices`` as (resource indices, count), for the search."""

    def __post_init__(self) -> None:
        indexed = tuple((tuple(sorted({_INDEX[r] for r in e.resources})), e.count) for e in self.choices)
        object.__setattr__(self, "indexed", indexed)

    def units(self, resource: Resource) -> int:
        """Fixed units of one resource."""
        return self.fixed[_INDEX[resource]]


def _city_effects(city: City, catalog: Catalog) -> Iterable[Effect]:
    """The effects of the city's structures and of its built wonder stages."""
    for card_id in city.cards or ():
        yield from catalog.structure(card_id).effects
    if city.wonder is not None:
        for stage in catalog.wonder(city.wonder).side(city.side).stages[: city.stages]:
            yield from stage.effects


@lru_cache(maxsize=4096)
def production(city: City, catalog: Catalog, sellable_only: bool = False) -> Production:
    """What ``city`` produces, or with ``sellable_only`` what its neighbours can buy from it.

    For sale are only the board's starting resource and brown and grey cards' units
    (``Produce.sellable``), never yellow cards' or wonder stages'. A pad-entered city
    (unknown cards) produces its starting resource as far as anyone knows.
    """
    fixed = [0] * _N
    choices: list[Produce] = []
    withholds = False
    if (
        city.wonder is not None
        and (start := catalog.wonder(city.wonder).side(city.side).resource) is not None
    ):
        fixed[_INDEX[start]] += 1
    for effect in _city_effects(city, catalog):
        produced = effect.produced()
        if produced is None:
            continue
        if sellable_only and not produced.sellable:
            withholds = True
            continue
        if len(set(produced.resources)) == 1:
            fixed[_INDEX[produced.resources[0]]] += produced.count
        else:
            choices.append(produced)
    extra = [] if sellable_only else [e.extra_unit() for e in _city_effects(city, catalog) if e.extra_unit()]
    if extra:
        # Cities' Secret Warehouse and Black Market: one more unit a turn of a resource the
        # city's brown and grey cards and board make (or do not make); never for sale.
        sold = production(city, catalog, True)
        made = {r for r in RESOURCES if sold.units(r)} | {r for c in sold.choices for r in c.resources}
        for of in extra:
            kinds = tuple(r for r in RESOURCES if (r in made) == (of == "produced"))
            if kinds:
                choices.append(Produce(kinds, 1, sellable=False))
    return Production(tuple(fixed), tuple(choices), withholds)


@record
class Withheld:
    """Resources a city makes for itself alone: its neighbours cannot buy them.

    Rulebook (2010), Commerce (ruling ``not-for-sale``): only a board's starting resource
    and the edition's ``sellable_colors`` cards sell theirs, never yellow cards (Forum,
    Caravansery) nor wonder stages (Alexandria). A card is named by ``card``, a stage by
    ``wonder`` and ``stage``.
    """

    resources: tuple[Resource, ...]
    """One of these a turn (either/or when several)."""
    card: str | None = None
    """The card's name."""
    cards: Text | None = None
    """The card's colour as the subject of a rule (``yellow cards``)."""
    wonder: str | None = None
    """The wonder's short name, for a stage."""
    stage: int = 0

    @property
    def source(self) -> Text:
        """The card (``Caravansery``) or the stage (``Alexandria stage 1``)."""
        if self.card is not None:
            return verbatim(self.card)
        return N_("{wonder} stage {stage}", wonder=self.wonder, stage=self.stage)


@lru_cache(maxsize=4096)
def withheld(city: City, catalog: Catalog) -> tuple[Withheld, ...]:
    """What ``city`` produces that its neighbours cannot buy, source by source."""
    out: list[Withheld] = []
    for card_id in city.cards or ():
        card = catalog.structure(card_id)
        for effect in card.effects:
            produced = effect.produced()
            if produced is not None and not produced.sellable:
                out.append(
                    Withheld(
                        tuple(dict.fromkeys(produced.resources)),
                        card.name,
                        catalog.rules.color(card.color).cards,
                    )
                )
    if city.wonder is not None:
        wonder = catalog.wonder(city.wonder)
        for stage in wonder.side(city.side).stages[: city.stages]:
            for effect in stage.effects:
                produced = effect.produced()
                if produced is not None and not produced.sellable:
                    resources = tuple(dict.fromkeys(produced.resources))
                    out.append(Withheld(resources, wonder=wonder.short_name, stage=stage.number))
    return tuple(out)


def withheld_note(player: str, item: Withheld, wanted: Iterable[Resource] | None = None) -> Text:
    """Why a neighbour's resource is not for sale, naming the player and the card or stage:
    ``Bo's Caravansery can give ore, but only to Bo: neighbours never buy what yellow cards
    produce.`` ``wanted`` keeps the resources named to those (all of them by default)."""
    keep = set(item.resources if wanted is None else wanted)
    resources = join([RESOURCE_NAMES[r] for r in item.resources if r in keep], OR)
    if item.card is not None and item.cards is not None:
        return N_(
            "{player}'s {card} can give {resources}, but only to {player}: neighbours never buy what "
            "{cards} produce.",
            player=player,
            card=item.card,
            resources=resources,
            cards=item.cards,
        )
    return N_(
        "{player}'s {wonder} stage {stage} can give {resources}, but only to {player}: neighbours never "
        "buy what wonder stages produce.",
        player=player,
        wonder=item.wonder,
        stage=item.stage,
        resources=resources,
    )


@lru_cache(maxsize=4096)
def trade_prices(city: City, catalog: Catalog) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Coins per unit ``city`` pays its left and right neighbours, per resource.

    2 coins, or 1 where a discount (Trading Posts, Marketplace, Olympia B stage 1)
    covers the resource and the side; discounts never stack.
    """
    rules = catalog.rules
    left = [rules.trade_price] * _N
    right = [rules.trade_price] * _N
    for effect in _city_effects(city, catalog):
        discount = effect.discount()
        if discount is not None:
            for resource in discount.goods.resources:
                if Whose.LEFT in discount.neighbours:
                    left[_INDEX[resource]] = min(left[_INDEX[resource]], discount.price)
                if Whose.RIGHT in discount.neighbours:
                    right[_INDEX[resource]] = min(right[_INDEX[resource]], discount.price)
    return tuple(left), tuple(right)


# --- the exact search ---------------------------------------------------------------------

Purchase = tuple[tuple[int, ...], tuple[int, ...]]
"""Units bought from the left and from the right, per resource in :data:`RESOURCES` order."""

_Choice = tuple[tuple[int, ...], int]  # resource indices still useful, units it gives


def _reduce_own(missing: list[int], choices: Iterable[_Choice]) -> list[_Choice]:
    """Use own either/or sources that can help with one missing resource only (free, so safe).

    Mutates ``missing``; returns the sources still left with a real choice.
    """
    pending = list(choices)
    changed = True
    while changed:
        changed = False
        kept: list[_Choice] = []
        for options, count in pending:
            live = tuple(i for i in options if missing[i] > 0)
            if len(live) == 1:
                missing[live[0]] = max(0, missing[live[0]] - count)
                changed = True
            elif live:
                kept.append((live, count))
        pending = kept
    return pending


def _reduce_neighbour(missing: Sequence[int], sells: Production) -> tuple[list[int], list[_Choice]]:
    """A neighbour's fixed units (capped at what is missing) and its still useful choices.

    An option of an either/or card is useless when the neighbour's fixed units of that
    resource already cover everything missing: a unit costs the same from any of its cards.
    """
    fixed = [min(sells.fixed[i], missing[i]) for i in range(_N)]
    pending = list(sells.indexed)
    changed = True
    while changed:
        changed = False
        kept: list[_Choice] = []
        for options, count in pending:
            live = tuple(i for i in options if fixed[i] < missing[i])
            if len(live) == 1:
                i = live[0]
                fixed[i] = min(missing[i], fixed[i] + count)
                changed = True
            elif live:
                kept.append((live, count))
        pending = kept
    return fixed, pending


def _own_covers(missing: Sequence[int], choices: Sequence[_Choice]) -> bool:
    """Whether own either/or sources alone give every missing unit (a bipartite matching).

    Only a shortcut for the common rich city: sources giving several units of one
    resource are left to the full search.
    """
    wanted = [i for i in range(_N) for _ in range(missing[i])]
    if len(wanted) > len(choices) or any(count != 1 for _, count in choices):
        return False
    holder: list[int | None] = [None] * len(choices)  # the wanted unit each source gives

    def place(unit: int, tried: set[int]) -> bool:
        for source, (options, _) in enumerate(choices):
            if source in tried or wanted[unit] not in options:
                continue
            tried.add(source)
            other = holder[source]
            if other is None or place(other, tried):
                holder[source] = unit
                return True
        return False

    return all(place(unit, set()) for unit in range(len(wanted)))


def cheapest_purchases(
    need: Sequence[int],
    own: Production,
    left: Production,
    right: Production,
    left_prices: Sequence[int],
    right_prices: Sequence[int],
) -> tuple[Purchase | None, Purchase | None, Purchase | None]:
    """The least-cost purchases covering ``need`` (units per resource).

    ``own`` is the city's production, ``left``/``right`` what each neighbour sells.
    Returns the best purchase buying from both sides, only from the left, and only from
    the right (``None`` where there is none). Ties are broken by fewer units bought, then
    fewer coins to the right neighbour.
    """
    found = _purchases(need, own, left, right, left_prices, right_prices, docked=False)
    return found[0], found[1], found[2]


_Key = tuple[int, int, int]
"""How a purchase ranks: coins, then units bought, then coins to the right neighbour."""

_PART_WAYS = 6
"""What a part of the search gives (:class:`_Part`): the best purchase from both sides,
only from the left, only from the right, and from both sides buying at least one unit
from the left, from the right, from each."""


@record
class _Part:
    """One independent part of a purchase (a resource no either/or card touches, or a group
    of resources linked by such cards): its best ways, each ``(left units, right units)``
    over the part's resources (all of :data:`RESOURCES`, zero elsewhere), None where there
    is none (see :data:`_PART_WAYS`)."""

    ways: tuple[Purchase | None, ...]


def _key(bought: Purchase, left_prices: Sequence[int], right_prices: Sequence[int]) -> _Key:
    left, right = bought
    to_right = sum(n * p for n, p in zip(right, right_prices, strict=True))
    to_left = sum(n * p for n, p in zip(left, left_prices, strict=True))
    return to_left + to_right, sum(left) + sum(right), to_right


def _purchases(
    need: Sequence[int],
    own: Production,
    left: Production,
    right: Production,
    left_prices: Sequence[int],
    right_prices: Sequence[int],
    docked: bool,
) -> list[Purchase | None]:
    """The least-cost purchases covering ``need``: from both sides, only from the left, only
    from the right, and with ``docked`` (a Clandestine Dock on a side takes a coin off a
    purchase there) also the best from both sides that buys at least one unit from the
    left, from the right, and from each: a rebate makes a purchase cheaper only when it buys
    there, so these are the only other candidates. The parts of the search (resources no
    either/or card touches, and groups of resources such cards link) are independent, so
    each is searched on its own and the constrained bests combine one part's constrained
    way with the others' best."""
    missing = [max(0, need[i] - own.fixed[i]) for i in range(_N)]
    own_choices = _reduce_own(missing, own.indexed)
    nothing: Purchase = ((0,) * _N, (0,) * _N)
    if not any(missing) or _own_covers(missing, own_choices):
        return [nothing] * (_PART_WAYS if docked else 3)
    left_fixed, left_choices = _reduce_neighbour(missing, left)
    right_fixed, right_choices = _reduce_neighbour(missing, right)
    choices = (*own_choices, *left_choices, *right_choices)
    linked = {i for options, _ in choices for i in options}
    parts: list[_Part] = []
    for i in range(_N):
        if missing[i] and i not in linked:
            part = _single(
                i, missing[i], left_fixed[i], right_fixed[i], left_prices[i], right_prices[i], docked
            )
            if part is None:
                return [None] * (_PART_WAYS if docked else 3)
            parts.append(part)

    # Resources linked by either/or cards form groups, each searched exactly on its own.
    group = {i: i for i in linked}

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    for options, _ in choices:
        for i in options[1:]:
            group[root(i)] = root(options[0])
    groups: dict[int, list[int]] = {}
    for i in sorted(linked):
        groups.setdefault(root(i), []).append(i)
    for members in groups.values():
        inside = set(members)
        solved = _solve_group(
            members,
            missing,
            [c for c in own_choices if c[0][0] in inside],
            left_fixed,
            [c for c in left_choices if c[0][0] in inside],
            right_fixed,
            [c for c in right_choices if c[0][0] in inside],
            left_prices,
            right_prices,
            docked,
        )
        if solved.ways[0] is None:
            return [None] * (_PART_WAYS if docked else 3)
        parts.append(solved)
    plain = [_added([part.ways[way] for part in parts]) for way in range(3)]
    if not docked:
        return plain
    return [*plain, *_constrained(parts, left_prices, right_prices)]


def _added(ways: Sequence[Purchase | None]) -> Purchase | None:
    """The parts' purchases put together (None when one part has none)."""
    if any(w is None for w in ways):
        return None
    left, right = [0] * _N, [0] * _N
    for way in ways:
        assert way is not None
        for i in range(_N):
            left[i] += way[0][i]
            right[i] += way[1][i]
    return tuple(left), tuple(right)


def _constrained(
    parts: Sequence[_Part], left_prices: Sequence[int], right_prices: Sequence[int]
) -> list[Purchase | None]:
    """The best purchases from both sides buying at least one unit from the left, from the
    right, and from each: every part its best way but one (or two) parts their constrained
    way, whichever costs least more."""
    best = [part.ways[0] for part in parts]
    base = [_key(w, left_prices, right_prices) for w in best if w is not None]

    def extra(k: int, way: int) -> _Key | None:
        found = parts[k].ways[way]
        if found is None:
            return None
        more = _key(found, left_prices, right_prices)
        return more[0] - base[k][0], more[1] - base[k][1], more[2] - base[k][2]

    def swapped(changes: dict[int, int]) -> Purchase | None:
        return _added([parts[k].ways[changes[k]] if k in changes else best[k] for k in range(len(parts))])

    out: list[Purchase | None] = []
    for way in (3, 4):  # at least one unit from the left, from the right
        options = [(d, k) for k in range(len(parts)) if (d := extra(k, way)) is not None]
        out.append(swapped({min(options)[1]: way}) if options else None)
    # At least one from each: one part buying from both, or two parts one side each.
    each = [(d, {k: 5}) for k in range(len(parts)) if (d := extra(k, 5)) is not None]
    lefts = sorted((d, k) for k in range(len(parts)) if (d := extra(k, 3)) is not None)[:2]
    rights = sorted((d, k) for k in range(len(parts)) if (d := extra(k, 4)) is not None)[:2]
    for dl, kl in lefts:
        for dr, kr in rights:
            if kl != kr:
                each.append(((dl[0] + dr[0], dl[1] + dr[1], dl[2] + dr[2]), {kl: 3, kr: 4}))
    out.append(swapped(min(each, key=lambda e: e[0])[1]) if each else None)
    return out


def _single(
    i: int, wanted: int, on_left: int, on_right: int, left_price: int, right_price: int, docked: bool
) -> _Part | None:
    """A resource no either/or card touches: ``wanted`` units from the neighbours' fixed ones,
    the cheaper side's first (None: they do not have enough)."""
    if on_left + on_right < wanted:
        return None

    def split(from_left: int) -> Purchase | None:
        from_right = wanted - from_left
        if not 0 <= from_left <= on_left or not 0 <= from_right <= on_right:
            return None
        left, right = [0] * _N, [0] * _N
        left[i], right[i] = from_left, from_right
        return tuple(left), tuple(right)

    cheapest = min(on_left, wanted) if left_price <= right_price else wanted - min(on_right, wanted)
    ways = [split(cheapest), split(wanted), split(0)]
    if docked:
        # At least one unit from the left, from the right, from each: the fewest moved.
        some_left = max(cheapest, 1)
        some_right = min(cheapest, wanted - 1)
        ways += [split(some_left), split(some_right), split(max(1, min(cheapest, wanted - 1)))]
    return _Part(tuple(ways))


def _least(known: int | None, candidate: int) -> int:
    return candidate if known is None or candidate < known else known


@record
class _Layout:
    """The "units still missing" states of one group, as mixed-radix codes 0..size-1.

    A vector ``v`` (units per member resource, ``v[j] <= shape[j]``) has the code
    ``sum(v[j] * stride[j])``; sets of vectors are bitsets (bit ``code`` set).
    """

    shape: tuple[int, ...]
    stride: tuple[int, ...]
    size: int
    digits: tuple[tuple[int, ...], ...]  # digits[code][j]
    room: tuple[int, ...]  # room[j]: the codes that can take one more unit of resource j
    below: tuple[int, ...]  # below[code]: the codes of every vector <= that one
    peel: tuple[tuple[int, int], ...]  # peel[code]: (the code with one unit less, that unit's j)


@lru_cache(maxsize=256)
def _layout(shape: tuple[int, ...]) -> _Layout:
    """The layout for a shape; a handful of shapes occur (card costs), so this is cached."""
    stride = []
    size = 1
    for most in shape:
        stride.append(size)
        size *= most + 1
    digits = tuple(
        tuple(code // st % (most + 1) for st, most in zip(stride, shape, strict=True)) for code in range(size)
    )
    room = tuple(
        sum(1 << code for code in range(size) if digits[code][j] < most) for j, most in enumerate(shape)
    )
    below = [0] * size
    for code in range(size):
        bits = 1 << code
        for j, digit in enumerate(digits[code]):
            if digit:
                bits |= below[code - stride[j]]
        below[code] = bits
    peel = [(0, 0)] + [
        next((code - stride[j], j) for j, digit in enumerate(digits[code]) if digit)
        for code in range(1, size)
    ]
    return _Layout(shape, tuple(stride), size, digits, room, tuple(below), tuple(peel))


def _solve_group(
    members: list[int],
    missing: Sequence[int],
    own_choices: list[_Choice],
    left_fixed: Sequence[int],
    left_choices: list[_Choice],
    right_fixed: Sequence[int],
    right_choices: list[_Choice],
    left_prices: Sequence[int],
    right_prices: Sequence[int],
    docked: bool = False,
) -> _Part:
    """Exact search over one group: every split of the missing units between the city's
    either/or cards, the left and the right neighbour (with ``docked``, also the best
    splits buying at least one unit from the left, from the right, from each).

    Each source's reachable vectors are a bitset over the group's :class:`_Layout`
    (what the city's either/or cards can cover, what each neighbour can sell). Each
    purchase vector has a packed price ``key * size² + left_code * size + right_code``:
    the key orders ways to pay (coins, then units bought, then coins to the right) and
    the codes say what was bought, so one integer comparison picks the best way and
    carries it.
    """
    local = {resource: j for j, resource in enumerate(members)}
    layout = _layout(tuple(missing[i] for i in members))
    stride, size, room = layout.stride, layout.size, layout.room
    full = size - 1  # everything missing

    def grow(bits: int, options: tuple[int, ...], count: int) -> int:
        """Add a source giving ``count`` units of one of ``options`` to a reachable set."""
        out = bits
        for resource in options:
            j = local[resource]
            more = bits
            for _ in range(count):
                more = (more & room[j]) << stride[j]
                out |= more
        return out

    own = 1
    for options, count in own_choices:
        own = grow(own, options, count)
    if own >> full & 1:
        empty: Purchase = ((0,) * _N, (0,) * _N)
        return _Part((empty,) * (_PART_WAYS if docked else 3))

    def on_sale(fixed: Sequence[int], choices: list[_Choice]) -> int:
        bits = 1
        for resource in members:
            if fixed[resource]:
                bits = grow(bits, (resource,), fixed[resource])
        for options, count in choices:
            bits = grow(bits, options, count)
        return bits

    left, right = on_sale(left_fixed, left_choices), on_sale(right_fixed, right_choices)

    units = sum(layout.shape) + 1
    span = max(max(left_prices), max(right_prices)) * units + 1
    square = size * size
    step_left = [
        (left_prices[i] * units + 1) * span * square + stride[j] * size for j, i in enumerate(members)
    ]
    step_right = [
        ((right_prices[i] * units + 1) * span + right_prices[i]) * square + stride[j]
        for j, i in enumerate(members)
    ]
    price_left, price_right = [0] * size, [0] * size
    for code in range(1, size):
        fewer, j = layout.peel[code]
        price_left[code] = price_left[fewer] + step_left[j]
        price_right[code] = price_right[fewer] + step_right[j]

    # Both sides, left only, right only; docked: both sides with some from the left, from
    # the right, from each.
    best: list[int | None] = [None] * (_PART_WAYS if docked else 3)
    for bought in range(size):
        rest = full - bought  # still missing after buying ``bought`` from one side
        if right >> bought & 1 and own >> rest & 1:
            best[2] = _least(best[2], price_right[bought])
        if not left >> bought & 1:
            continue
        cost = price_left[bought]
        if own >> rest & 1:
            best[1] = _least(best[1], cost)
        if docked:
            _docked_splits(best, bought, cost, right & layout.below[rest], own, rest, price_right)
            continue
        if best[0] is not None and cost >= best[0]:
            continue  # the right's share only adds to it
        candidates = right & layout.below[rest]
        while candidates:
            lowest = candidates & -candidates
            candidates ^= lowest
            other = lowest.bit_length() - 1
            if own >> (rest - other) & 1:
                best[0] = _least(best[0], cost + price_right[other])

    return _Part(tuple(_decoded(layout, members, packed) for packed in best))


def _decoded(layout: _Layout, members: Sequence[int], packed: int | None) -> Purchase | None:
    """The purchase a packed price of :func:`_solve_group` carries (its last two codes)."""
    if packed is None:
        return None
    size = layout.size
    from_left, from_right = layout.digits[packed // size % size], layout.digits[packed % size]
    bought_left, bought_right = [0] * _N, [0] * _N
    for j, i in enumerate(members):
        bought_left[i], bought_right[i] = from_left[j], from_right[j]
    return tuple(bought_left), tuple(bought_right)


def _docked_splits(
    best: list[int | None],
    bought: int,
    cost: int,
    candidates: int,
    own: int,
    rest: int,
    price_right: Sequence[int],
) -> None:
    """:func:`_solve_group`'s inner loop when a side has a Clandestine Dock: with ``bought``
    from the left (``cost``), every purchase ``candidates`` offers from the right that the
    city's own either/or cards complete, kept as the best overall and, where it buys some
    there, the best buying from the left, from the right, from each."""
    while candidates:
        lowest = candidates & -candidates
        candidates ^= lowest
        other = lowest.bit_length() - 1
        if not own >> (rest - other) & 1:
            continue
        total = cost + price_right[other]
        best[0] = _least(best[0], total)
        if bought:
            best[3] = _least(best[3], total)
        if other:
            best[4] = _least(best[4], total)
        if bought and other:
            best[5] = _least(best[5], total)


# --- the verdict --------------------------------------------------------------------------


def _payment(
    bank: int,
    bought: Purchase,
    left_prices: Sequence[int],
    right_prices: Sequence[int],
    rebates: tuple[int, int] = (0, 0),
) -> Payment:
    """What a purchase costs; ``rebates``: coins off one unit bought from the left and from
    the right neighbour (Cities' Clandestine Docks), when any is bought there."""
    left, right = bought
    to_left = sum(n * p for n, p in zip(left, left_prices, strict=True))
    to_right = sum(n * p for n, p in zip(right, right_prices, strict=True))
    return Payment(
        bank=bank,
        left=max(0, to_left - rebates[0]) if any(left) else 0,
        right=max(0, to_right - rebates[1]) if any(right) else 0,
        buy_left=tuple((r, n) for r, n in zip(RESOURCES, left, strict=True) if n),
        buy_right=tuple((r, n) for r, n in zip(RESOURCES, right, strict=True) if n),
    )


def _rebates(city: City, catalog: Catalog) -> tuple[int, int]:
    """Coins off one unit a turn bought from the left and from the right neighbour."""
    left = right = 0
    for effect in (e for card in catalog.held_with(city.cards, "rebate") for e in card.effects):
        found = effect.rebate()
        if found is not None:
            if found[0] is Whose.LEFT:
                left += found[1]
            else:
                right += found[1]
    return left, right


def _free_notes(
    need: Sequence[int], plain: Production, payment: Payment, free: tuple[tuple[str, int], ...]
) -> tuple[Text, ...]:
    """What the city's free powers left out of a cost paid this way, in the sentence that
    names each (``Hammurabi saves 1 clay.``): nothing when the city's own production covers
    what is not bought without them."""
    rest = list(need)
    for resource, n in (*payment.buy_left, *payment.buy_right):
        rest[_INDEX[resource]] -= n
    nobody = Production((0,) * _N, ())
    prices = (0,) * _N

    def covered(units: Sequence[int]) -> bool:
        return _purchases(units, plain, nobody, nobody, prices, prices, docked=False)[0] is not None

    if covered(rest):
        return ()
    kinds = [i for i in range(_N) if rest[i] > 0]
    for left_out in combinations_with_replacement(kinds, sum(count for _, count in free)):
        less = list(rest)
        for i in left_out:
            less[i] -= 1
        if min(less) < 0 or not covered(less):
            continue
        return _savings(free, [RESOURCES[i] for i in left_out])
    return ()


def _savings(free: tuple[tuple[str, int], ...], left_out: Sequence[Resource]) -> tuple[Text, ...]:
    """The sentences naming the units ``left_out`` by the free powers ``free``, in order
    (``Hammurabi saves 1 clay.``); a power with nothing left to leave out is not named."""
    out: list[Text] = []
    start = 0
    for name, count in free:
        mine = Counter(left_out[start : start + count])
        start += count
        if mine:
            saved = join([N_("{n} {resource}", n=k, resource=RESOURCE_NAMES[r]) for r, k in mine.items()])
            out.append(N_("{card} saves {saved}.", card=name, saved=saved))
    return tuple(out)


def _rebate_notes(city: City, catalog: Catalog, payment: Payment, names: tuple[str, str]) -> list[Text]:
    """The Clandestine Dock that took a coin off this payment, naming the neighbour."""
    notes: list[Text] = []
    for card in catalog.held_with(city.cards, "rebate"):
        for effect in card.effects:
            found = effect.rebate()
            if found is None:
                continue
            bought = payment.buy_left if found[0] is Whose.LEFT else payment.buy_right
            if bought:
                player = names[0] if found[0] is Whose.LEFT else names[1]
                notes.append(
                    Nn_(
                        "The {card} takes {n} coin off a resource bought from {player}.",
                        "The {card} takes {n} coins off a resource bought from {player}.",
                        found[1],
                        card=card.name,
                        player=player,
                    )
                )
    return notes


def _order(payment: Payment) -> tuple[int, int, int, int]:
    """Cheapest first; then fewer neighbours paid, fewer units bought, fewer coins to the right."""
    sides = bool(payment.buy_left) + bool(payment.buy_right)
    bought = sum(n for _, n in payment.buy_left) + sum(n for _, n in payment.buy_right)
    return payment.total, sides, bought, payment.right


def _coins(n: int) -> Text:
    return Nn_("{n} coin", "{n} coins", n)


def _city_coins(n: int) -> Text:
    """What the city has, when it is too little: ``the city has only 2 coins``, ``the city has no coins``."""
    if n == 0:
        return N_("the city has no coins")
    return N_("the city has only {coins}", coins=_coins(n))


def _bought(payment: Payment) -> list[Resource]:
    """The resources a payment buys from either neighbour."""
    return list(dict.fromkeys(r for r, _ in (*payment.buy_left, *payment.buy_right)))


def _withheld_notes(
    game: Game,
    seat: int,
    catalog: Catalog,
    need: Sequence[int],
    own: Production,
    sells: tuple[Production, Production],
    wanted: Iterable[Resource],
) -> tuple[Text, ...]:
    """For the resources the city has to buy (or cannot get), each neighbour's card or stage
    that makes one of them but cannot sell it, in a sentence naming the neighbour; only where
    that neighbour sells fewer units of it than the city lacks (else the note explains nothing).

    ``sells`` is what the left and the right neighbour sell."""
    if not (sells[0].withholds or sells[1].withholds):
        return ()
    lacking = [r for r in wanted if need[_INDEX[r]] > own.fixed[_INDEX[r]]]
    notes: list[Text] = []
    seen = {seat}
    for neighbour_seat, on_sale in zip((game.left(seat), game.right(seat)), sells, strict=True):
        if neighbour_seat in seen or not on_sale.withholds:
            continue
        seen.add(neighbour_seat)
        short = [
            r
            for r in lacking
            if on_sale.fixed[_INDEX[r]] + sum(e.count for e in on_sale.choices if r in e.resources)
            < need[_INDEX[r]] - own.fixed[_INDEX[r]]
        ]
        neighbour = game.cities[neighbour_seat]
        for item in withheld(neighbour, catalog):
            if any(r in short for r in item.resources):
                notes.append(withheld_note(neighbour.player, item, short))
    return tuple(notes)


def _goods(bought: Sequence[tuple[Resource, int]]) -> Text:
    return join([Nn_("{n} {resource}", "{n} {resource}", n, resource=RESOURCE_NAMES[r]) for r, n in bought])


def describe_payment(payment: Payment, left: str, right: str) -> Text:
    """What a payment buys and from whom: ``1 glass from Bartek (2 coins) and 1 coin to the bank``.

    ``left`` and ``right`` are the neighbours' names: a player is told whom to pay, never a side.
    """
    parts: list[Text] = []
    if payment.buy_left:
        goods, coins = _goods(payment.buy_left), _coins(payment.left)
        parts.append(N_("{goods} from {player} ({coins})", goods=goods, player=left, coins=coins))
    if payment.buy_right:
        goods, coins = _goods(payment.buy_right), _coins(payment.right)
        parts.append(N_("{goods} from {player} ({coins})", goods=goods, player=right, coins=coins))
    if payment.bank:
        parts.append(N_("{coins} to the bank", coins=_coins(payment.bank)))
    return join(parts)


# --- what the neighbours sell -----------------------------------------------------------------


@record
class Market:
    """What one neighbour can sell a city each turn, and the price of a unit to that city.

    ``units`` are single resources (a board's starting resource, one-resource cards, two of
    them for a Sawmill); ``choices`` either/or cards, each selling one of its resources a turn.
    """

    seat: int
    player: str
    units: tuple[tuple[Resource, int, int], ...]
    """(resource, units, coins a unit)."""
    choices: tuple[tuple[tuple[Resource, ...], int], ...]
    """(the resources of one either/or card, coins a unit)."""
    known: bool = True
    """False when the neighbour was entered as pad numbers (only its board is known)."""
    withheld: tuple[Withheld, ...] = ()
    """What the neighbour makes for itself alone (yellow cards, wonder stages)."""


def markets(game: Game, seat: int, catalog: Catalog | None = None) -> tuple[Market, Market]:
    """What the left and the right neighbour of ``seat`` sell it, at its prices."""
    catalog = catalog or catalog_for(game.edition, game.expansions)
    city = game.cities[seat]
    left_prices, right_prices = trade_prices(city, catalog)
    out = []
    for neighbour_seat, prices in ((game.left(seat), left_prices), (game.right(seat), right_prices)):
        neighbour = game.cities[neighbour_seat]
        sells = production(neighbour, catalog, True)
        units = tuple((r, n, prices[_INDEX[r]]) for r, n in zip(RESOURCES, sells.fixed, strict=True) if n)
        choices = tuple(
            (tuple(dict.fromkeys(e.resources)), min(prices[_INDEX[r]] for r in e.resources))
            for e in sells.choices
        )
        out.append(
            Market(
                neighbour_seat,
                neighbour.player,
                units,
                choices,
                not neighbour.is_pad_entry,
                withheld(neighbour, catalog),
            )
        )
    return out[0], out[1]


def describe_market(market: Market) -> Text:
    """``Bartek sells 2 wood and 1 ore (1 coin each), glass (2 coins each) and one of stone or clay.``

    Followed by what the neighbour makes but cannot sell, naming the cards and stages.
    """
    by_price: dict[int, list[Text]] = {}
    for resource, count, price in market.units:
        by_price.setdefault(price, []).append(
            Nn_("{n} {resource}", "{n} {resource}", count, resource=RESOURCE_NAMES[resource])
        )
    parts = [
        N_("{goods} ({coins} each)", goods=join(goods), coins=_coins(price))
        for price, goods in sorted(by_price.items())
    ]
    for resources, price in market.choices:
        parts.append(
            N_(
                "one of {choices} a turn ({coins} each)",
                choices=join([RESOURCE_NAMES[r] for r in resources], OR),
                coins=_coins(price),
            )
        )
    if not parts:
        text = N_("{player} has nothing to sell.", player=market.player)
    else:
        text = N_("{player} sells {goods}.", player=market.player, goods=join(parts))
    if market.withheld:
        text = Nn_(
            "{text} What {player}'s {sources} produces is not for sale.",
            "{text} What {player}'s {sources} produce is not for sale.",
            len(market.withheld),
            text=text,
            player=market.player,
            sources=join([item.source for item in market.withheld]),
        )
    return text


def _shortfall(need: Sequence[int], sources: Iterable[Production]) -> list[Resource]:
    """Resources of which even every unit the city and its neighbours could give is too few."""
    most = [0] * _N
    for source in sources:
        for i in range(_N):
            most[i] += source.fixed[i]
        for effect in source.choices:
            for i in {_INDEX[r] for r in effect.resources}:
                most[i] += effect.count
    return [r for i, r in enumerate(RESOURCES) if need[i] > most[i]]


def _pad_notes(game: Game, seat: int, catalog: Catalog, with_neighbours: bool) -> list[Text]:
    """Say what is assumed about cities whose cards are unknown (entered as pad numbers)."""
    notes: list[Text] = []
    city = game.cities[seat]
    if city.is_pad_entry:
        notes.append(
            N_(
                "{player}'s cards are not known (the city was entered as score-pad numbers): "
                "only its board's resource is counted, and chains and duplicates cannot be checked.",
                player=city.player,
            )
        )
    if not with_neighbours:
        return notes
    for neighbour_seat in dict.fromkeys((game.left(seat), game.right(seat))):
        neighbour = game.cities[neighbour_seat]
        if neighbour_seat == seat or not neighbour.is_pad_entry:
            continue
        board = catalog.wonder(neighbour.wonder).side(neighbour.side) if neighbour.wonder else None
        if board is None or board.resource is None:
            notes.append(
                N_(
                    "{player}'s cards and wonder are not known (score-pad numbers): "
                    "nothing is counted as for sale there.",
                    player=neighbour.player,
                )
            )
        else:
            resource = board.resource
            notes.append(
                N_(
                    "{player}'s cards are not known (score-pad numbers): only the {resource} "
                    "of its board is counted as for sale.",
                    player=neighbour.player,
                    resource=RESOURCE_NAMES[resource],
                )
            )
    return notes


def _refuse_typed_boards(game: Game, seat: int, catalog: Catalog) -> None:
    """A city on a typed board, or beside one, cannot be priced: the board's starting
    resource and stages are not in the data yet (refused naming the board's city)."""
    for other in dict.fromkeys((seat, game.left(seat), game.right(seat))):
        city = game.cities[other]
        if city.wonder is not None and catalog.wonder(city.wonder).typed:
            raise GameFormatError(
                ("cities", other, "wonder"),
                N_(
                    "{player}'s board, {wonder}, is not known stage by stage yet (its resource and "
                    "stages are typed): the assistant cannot price a build in that city or beside it.",
                    player=city.player,
                    wonder=catalog.wonder(city.wonder).name,
                ),
            )


def can_build(
    game: Game,
    seat: int,
    card: str | None = None,
    *,
    stage: bool = False,
    via: str | None = None,
    catalog: Catalog | None = None,
) -> Verdict:
    """Whether the city at ``seat`` can build ``card`` (an id or name) or, with
    ``stage=True``, its next wonder stage; how, and the exact least cost.

    ``via`` builds the card through a power instead (see :mod:`.during`): ``"discard"``
    (from the discard pile) or ``"free-build"``. When the game gives the age being played,
    a card of another age is refused (not for a discard build).

    Only the coins held at the start of the turn (``city.coins``) can be spent. Raises
    :class:`~.errors.QuestionError` (a ``ValueError``) for a seat out of range, an unknown
    card, not exactly one of ``card`` and ``stage``, or an unknown ``via`` (or one asked for
    a stage).
    """
    if (card is None) == (not stage):
        raise QuestionError("can_build takes a card or stage=True, exactly one of them")
    if via is not None and (via not in VIAS or card is None):
        raise QuestionError(f"via is one of {', '.join(VIAS)}, for a card")
    if not 0 <= seat < len(game.cities):
        raise QuestionError(f"seat {seat} is not at this table of {len(game.cities)} cities")
    catalog = catalog or catalog_for(game.edition, game.expansions)
    city = game.cities[seat]
    player = city.player
    notes: list[Text] = []
    may: list[Text] = []  # a power that may build the card free (the table knows if it can)
    _refuse_typed_boards(game, seat, catalog)

    if card is None:
        if city.wonder is None:
            return Verdict(
                False,
                N_("{player}'s wonder is not known, so its next stage cannot be checked.", player=player),
                why=WhyNot.NO_STAGE,
            )
        wonder = catalog.wonder(city.wonder)
        stages = wonder.side(city.side).stages
        if city.stages >= len(stages):
            return Verdict(
                False,
                N_(
                    "{player} has already built every stage of the {wonder}.",
                    player=player,
                    wonder=wonder.name,
                ),
                why=WhyNot.NO_STAGE,
            )
        next_stage = stages[city.stages]
        what = N_("stage {number} of the {wonder}", number=next_stage.number, wonder=wonder.name)
        cost = next_stage.cost
        waiver = _stage_resources_waived(city, catalog) if cost.resources else None
        if waiver is not None:
            cost = Cost(cost.coins)
            notes.append(N_("The {card} builds wonder stages without their resources.", card=waiver))
        # A power the stage gives at once or from now on (a discard build, the seventh card).
        for effect in next_stage.effects:
            said = effect.stage_note(player, wonder.name, next_stage.number)
            if said is not None:
                notes.append(said)
    else:
        card_id = catalog.resolve_card(card)
        if card_id is None:
            raise QuestionError(f"unknown card {card!r}")
        structure = catalog.structure(card_id)
        # A leader is a person, named without an article ("Cleopatra", not "the Cleopatra").
        apart = catalog.rules.color(structure.color).deck == "apart"
        what = N_("{card}", card=structure.name) if apart else N_("the {card}", card=structure.name)
        refused = _card_refusal(game, seat, card_id, catalog, what, via)
        if refused is not None:
            return refused
        if via == "discard":
            return from_discard(game, seat, card_id, catalog, what)
        if via == "free-build":
            return free_build(
                game, seat, card_id, catalog, what, tuple(_pad_notes(game, seat, catalog, False))
            )
        freed = _free_by_cards(game, seat, catalog, structure, what)
        if freed is not None:
            return freed
        cost, saved = _coin_discounts(game, seat, catalog, structure.color, structure.cost)
        notes.extend(saved)
        if not cost.is_free:
            freed = _free_by_powers(game, seat, catalog, structure, what, may)
            if freed is not None:
                return freed
    pad = tuple(_pad_notes(game, seat, catalog, bool(cost.resources)))
    color = None if card is None else catalog.structure(catalog.resolve_card(card) or "").color
    verdict = _cheapest_verdict(game, seat, catalog, what, cost, (*notes, *may, *pad), color)
    if verdict.buildable or not may:
        return verdict
    # A power may build it free where paying cannot: the verdict says yes, on the condition
    # the table knows (its use this age, the turn), and why paying does not do: never a
    # refusal beside a sentence saying the card can be built.
    free = Payment(0, 0, 0)
    return Verdict(
        True,
        may[0],
        how="free-build",
        cheapest=free,
        options=(free,),
        notes=(*may[1:], N_("Otherwise, {reason}", reason=verdict.reason), *notes, *pad),
    )


def _card_refusal(
    game: Game, seat: int, card_id: str, catalog: Catalog, what: Text, via: str | None
) -> Verdict | None:
    """Why the city cannot build the card whatever it pays: it holds one; the game gives its
    age and the card is of another; the table's deck cannot give it; a leader beyond the
    city's leader turns. A build from the discard pile is not asked about the deck or the age."""
    city = game.cities[seat]
    if card_id in (city.cards or ()):
        return Verdict(
            False,
            N_(
                "{player} cannot build {what}: the city already has one, and a city never "
                "holds two structures of the same name.",
                player=city.player,
                what=what,
            ),
            why=WhyNot.DUPLICATE,
        )
    if via == "discard":
        return None
    refused = age_refusal(game, seat, card_id, catalog, what) or _deck_refusal(
        game, seat, card_id, catalog, what
    )
    if refused is None and catalog.structure(card_id).deck == "apart" and catalog.rules.leader_turns_per_age:
        refused = leader_refusal(game, seat, catalog, what)
    return refused


def _stage_resources_waived(city: City, catalog: Catalog) -> str | None:
    """The name of a card of the city that builds wonder stages without their resource cost
    (Cities' Architect Cabinet), or None."""
    found = catalog.held_with(city.cards, "frees_stage_resources")
    return found[0].name if found else None


def _free_by_powers(
    game: Game, seat: int, catalog: Catalog, structure: Card, what: Text, may: list[Text]
) -> Verdict | None:
    """A structure a power of the city builds for free now (a built stage's: Olympia; a
    card's: Caligula), or None; a power that may, depending on the turn or on whether it
    was used this age, adds its sentence to ``may``."""
    city = game.cities[seat]
    powers = free_powers(city, catalog)
    if not powers:
        return None
    colors = frozenset(catalog.structure(c).color for c in city.cards or () if catalog.has_card(c))
    marked = once_per_age_powers(powers)
    for power in powers:
        effect = power.effect
        frees = effect.frees(structure.color, colors)
        if frees is None and power_is_spent(game, city, power, marked):
            continue  # the table says it is used this age (or acts from the next)
        if frees is None:  # it may: the table knows the turn, or whether it was used
            may.append(effect.free_note(city.player, power.source, what, unused(city, power)))
        elif frees:
            free = Payment(0, 0, 0)
            return Verdict(
                True,
                effect.free_note(city.player, power.source, what),
                how="free-build",
                cheapest=free,
                options=(free,),
                notes=tuple(_pad_notes(game, seat, catalog, False)),
            )
    return None


def _free_by_cards(game: Game, seat: int, catalog: Catalog, structure: Card, what: Text) -> Verdict | None:
    """A structure the city's cards build for free: by chain from one of them, or by a card
    that builds its colour for free (Ramses); None when neither does."""
    city = game.cities[seat]
    player = city.player
    free = Payment(0, 0, 0)
    notes = tuple(_pad_notes(game, seat, catalog, False))
    parent = next((p for p in structure.chain_from if p in (city.cards or ())), None)
    if parent is not None:
        reason = N_(
            "{player} can build {what} for free by chain from the {parent}.",
            player=player, what=what, parent=catalog.structure(parent).name,
        )  # fmt: skip
        return Verdict(True, reason, how="chain", cheapest=free, options=(free,), notes=notes)
    freed_by = _frees_always(city, catalog, color=structure.color) if not structure.cost.is_free else None
    if freed_by is None:
        return None
    name, structure_named = freed_by
    reason = (
        N_(
            "{player} can build {what} for free: the {card} builds {cards} for free.",
            player=player, what=what, card=name, cards=catalog.rules.color(structure.color).cards,
        )
        if structure_named
        else N_(
            "{player} can build {what} for free: {card} builds {cards} for free.",
            player=player, what=what, card=name, cards=catalog.rules.color(structure.color).cards,
        )
    )  # fmt: skip
    return Verdict(True, reason, how="free", cheapest=free, options=(free,), notes=notes)


def _frees_always(city: City, catalog: Catalog, color: Color) -> tuple[str, bool] | None:
    """What in the city builds every card of ``color`` for free, by name, and whether it is a
    structure named with an article ("the Toy Patron"), not a leader or a board ("Ramses",
    "Rome"): a card of the city (Ramses, Maecenas) or its board's own power (Rome A)."""
    for card in catalog.held(city.cards):
        if any(color in effect.free_colors() for effect in card.effects):
            return card.name, catalog.rules.color(card.color).deck != "apart"
    if city.wonder is not None and catalog.has_wonder(city.wonder):
        wonder = catalog.wonder(city.wonder)
        if any(color in effect.free_colors() for effect in wonder.side(city.side).effects):
            return wonder.short_name, False
    return None


def _coin_discounts(
    game: Game, seat: int, catalog: Catalog, color: Color, cost: Cost
) -> tuple[Cost, list[Text]]:
    """The coin cost of a card of ``color`` less what the boards at the table take off it for
    this city (Rome B: its own leaders 2 coins less, its neighbours' 1), never below nothing,
    with a note naming each saving."""
    notes: list[Text] = []
    coins = cost.coins
    if not coins:
        return cost, notes
    # The city's own board, then each neighbour's, which sees this city as its left (the
    # neighbour on the right) or its right.
    looks = [(seat, Whose.SELF)] + [
        (other, Whose.LEFT if other == game.right(seat) else Whose.RIGHT) for other in game.neighbours(seat)
    ]
    for owner, whose in looks:
        city = game.cities[owner]
        if city.wonder is None or not catalog.has_wonder(city.wonder):
            continue
        wonder = catalog.wonder(city.wonder)
        for effect in wonder.side(city.side).effects:
            discount = effect.coin_discount()
            if discount is None or color not in discount.colors or whose not in discount.cities or not coins:
                continue
            saved = min(coins, discount.coins)
            coins -= saved
            notes.append(
                Nn_("{wonder} saves {n} coin.", "{wonder} saves {n} coins.", saved, wonder=wonder.short_name)
                if owner == seat
                else Nn_(
                    "{player}'s {wonder} saves {n} coin.",
                    "{player}'s {wonder} saves {n} coins.",
                    saved,
                    wonder=wonder.short_name,
                    player=city.player,
                )
            )
    return Cost(coins, cost.resources), notes


def _powers_for(city: City, catalog: Catalog, color: Color | None) -> list[tuple[str, Cheaper]]:
    """The city's "one resource less" powers that concern a build of ``color`` (None: a
    wonder stage), with the name of the card that has each."""
    found: list[tuple[str, Cheaper]] = []
    for card in catalog.held(city.cards):
        for effect in card.effects:
            cheaper = effect.cheaper()
            if cheaper is not None and cheaper.applies(color):
                found.append((card.name, cheaper))
    return found


def _free_units(city: City, catalog: Catalog, color: Color | None) -> tuple[tuple[str, int], ...]:
    """The units of a build's cost the city's free "one resource less" powers leave out
    (Archimedes, Hammurabi, Leonidas, Imhotep), each with its card's name: to the search, a
    source of one unit of any resource of the cost, free."""
    if not city.cards:
        return ()
    return tuple(
        (name, cheaper.resources) for name, cheaper in _powers_for(city, catalog, color) if not cheaper.price
    )


def _cheaper_costs(
    city: City, catalog: Catalog, color: Color | None, cost: Cost
) -> list[tuple[Cost, tuple[Text, ...]]]:
    """The costs a city's priced "one resource less" powers (Bilkis: a unit from the bank for
    a coin) leave for a build of ``color`` (None: a wonder stage), each with the sentence
    naming the purchase: every choice of units left out."""
    if not cost.resources or not city.cards:
        return []
    # Every priced power that applies, each leaving out its units from what the others left,
    # each named in the notes. (The free ones are sources of the search: _free_units.)
    found: list[tuple[Cost, tuple[Text, ...]]] = [(cost, ())]
    for name, cheaper in _powers_for(city, catalog, color):
        if cheaper.price:
            found += [
                (reduced, (*notes, saving))
                for before, notes in found
                for reduced, saving in _left_out(before, cheaper, name)
            ]
    return found[1:]


def _left_out(cost: Cost, cheaper: Cheaper, name: str) -> list[tuple[Cost, Text]]:
    """The costs one "one resource less" power leaves, each choice of units left out, with the
    sentence naming the saving (or the purchase from the bank, when the power charges coins)."""
    units = [r for r, n in cost.resources for _ in range(n)]
    out: list[tuple[Cost, Text]] = []
    for left_out in sorted(set(combinations(units, min(cheaper.resources, len(units))))):
        remaining = Counter(units)
        remaining.subtract(left_out)
        kept = tuple((r, remaining[r]) for r, _ in cost.resources if remaining[r] > 0)
        price = cheaper.price * len(left_out)
        saved = join(
            [N_("{n} {resource}", n=k, resource=RESOURCE_NAMES[r]) for r, k in Counter(left_out).items()]
        )
        note = (
            Nn_(
                "{card} buys {saved} from the bank for {n} coin.",
                "{card} buys {saved} from the bank for {n} coins.",
                price,
                card=name,
                saved=saved,
            )
            if cheaper.price
            else N_("{card} saves {saved}.", card=name, saved=saved)
        )
        out.append((Cost(cost.coins + price, kept), note))
    return out


def _cheapest_verdict(
    game: Game,
    seat: int,
    catalog: Catalog,
    what: Text,
    cost: Cost,
    notes: tuple[Text, ...],
    color: Color | None,
) -> Verdict:
    """The verdict at the printed cost, or at the best cost a "one resource less" power
    leaves (buildable first, then the fewest coins), naming the saving: a free power is a
    source of the search, a priced one (Bilkis) a cost of its own."""
    city = game.cities[seat]
    free = _free_units(city, catalog, color)
    best = _adjudicate(game, seat, catalog, what, cost, notes, free)
    ways = list(best.options)
    for reduced, savings in _cheaper_costs(city, catalog, color, cost):
        verdict = _adjudicate(game, seat, catalog, what, reduced, (*notes, *savings), free)
        ways += verdict.options
        if _better(verdict, best):
            best = verdict
    if not best.buildable or best.cheapest is None or len(ways) == len(best.options):
        return best
    # The alternatives are the cheapest ways of every cost a power leaves, not only of the
    # cost that gave the cheapest (Bilkis may buy another unit to spare one neighbour).
    affordable = [w for w in ways if w.total <= city.coins]
    left_only = min((w for w in affordable if not w.buy_right), key=_order, default=None)
    right_only = min((w for w in affordable if not w.buy_left), key=_order, default=None)
    options = tuple(dict.fromkeys(w for w in (best.cheapest, left_only, right_only) if w is not None))
    return replace(best, options=tuple(sorted(options, key=_order)))


def _better(a: Verdict, b: Verdict) -> bool:
    """Whether verdict ``a`` is a better way to build than ``b``."""
    if a.buildable != b.buildable:
        return a.buildable
    if a.cheapest is None or b.cheapest is None:
        return a.cheapest is not None
    return _order(a.cheapest) < _order(b.cheapest)


def _deck_refusal(game: Game, seat: int, card_id: str, catalog: Catalog, what: Text) -> Verdict | None:
    """A card the table's deck cannot give this city: not dealt at this player count, every
    copy dealt so far already built elsewhere or discarded (while an age is played, a later
    age's copy is not dealt yet: :func:`~.during.copies_dealt`), or a guild when the table
    already holds every guild dealt (Rulebook: the deck holds the copies marked with the
    number of players or fewer, and players + 2 guilds; two players use the 3-player deck)."""
    player = game.cities[seat].player
    structure = catalog.structure(card_id)
    players = game.deck_players
    copies = 1 if structure.is_guild else catalog.copies(card_id, players)
    dealt = copies_dealt(game, card_id, catalog) if copies else 0
    if dealt == 0:
        # Not in the deck at this player count (of the age being played, when it is given).
        entries = [e for e in catalog.entries(card_id) if copies == 0 or e.age == game.age]
        numbers = sorted({p for entry in entries for p in entry.players})
        return Verdict(
            False,
            N_(
                "{player} cannot build {what}: it is not in the deck for {n} cities "
                "(its copies are marked {marks}).",
                player=player,
                what=what,
                n=players,
                marks=", ".join(f"{m}+" for m in numbers),
            ),
            why=WhyNot.NOT_IN_DECK,
        )
    # While an age is played, only the copies dealt so far count (fewer than the game's).
    by_age = dealt < copies and game.age is not None
    age = AGE_NUMERALS[game.age - 1] if game.age is not None else ""
    elsewhere = [c.player for i, c in enumerate(game.cities) if i != seat and card_id in (c.cards or ())]
    if structure.deck == "drawn" and not elsewhere:
        refused = _drawn_refusal(game, seat, structure, catalog, what)
        if refused is not None:
            return refused
    discarded = game.discard.count(card_id)
    if discarded and len(elsewhere) + discarded >= dealt:
        where = join(
            [*(N_("the city of {player}", player=name) for name in elsewhere), N_("the discard pile")]
        )
        return Verdict(
            False,
            Nn_(
                "{player} cannot build {what}: a table of {players} cities deals {n} copy of it up to "
                "Age {age}, and it is already taken: {where}.",
                "{player} cannot build {what}: a table of {players} cities deals {n} copies of it up to "
                "Age {age}, and they are already taken: {where}.",
                dealt,
                player=player,
                what=what,
                players=players,
                age=age,
                where=where,
            )
            if by_age
            else Nn_(
                "{player} cannot build {what}: the deck for {players} cities has {n} copy, "
                "and it is already taken: {where}.",
                "{player} cannot build {what}: the deck for {players} cities has {n} copies, "
                "and they are already taken: {where}.",
                copies,
                player=player,
                what=what,
                players=players,
                where=where,
            ),
            why=WhyNot.NO_COPY_LEFT,
        )
    if elsewhere and structure.deck == "apart":  # one card of its kind, dealt apart (a leader)
        return Verdict(
            False,
            N_(
                "{player} cannot build {what}: there is one such card, and it is in the city of {cities}.",
                player=player,
                what=what,
                cities=join([verbatim(name) for name in elsewhere]),
            ),
            why=WhyNot.NO_COPY_LEFT,
        )
    if len(elsewhere) >= dealt:
        cities = join([verbatim(name) for name in elsewhere])
        return Verdict(
            False,
            Nn_(
                "{player} cannot build {what}: a table of {players} cities deals {n} copy of it up to "
                "Age {age}, and it is built in the city of {cities}.",
                "{player} cannot build {what}: a table of {players} cities deals {n} copies of it up to "
                "Age {age}, and they are built in the cities of {cities}.",
                dealt,
                player=player,
                what=what,
                players=players,
                age=age,
                cities=cities,
            )
            if by_age
            else Nn_(
                "{player} cannot build {what}: the deck for {players} cities has {n} copy, "
                "and it is built in the city of {cities}.",
                "{player} cannot build {what}: the deck for {players} cities has {n} copies, "
                "and they are built in the cities of {cities}.",
                copies,
                player=player,
                what=what,
                players=players,
                cities=cities,
            ),
            why=WhyNot.NO_COPY_LEFT,
        )
    taken = guilds_taken(game, card_id, catalog)
    if taken:
        return Verdict(
            False,
            Nn_(
                "{player} cannot build {what}: a game of {players} cities deals only {n} guild, and it "
                "is already taken: {guilds}.",
                "{player} cannot build {what}: a game of {players} cities deals only {n} guilds, and all "
                "of them are already taken: {guilds}.",
                catalog.rules.guilds_dealt(players),
                player=player,
                what=what,
                players=players,
                guilds=join([verbatim(catalog.structure(g).name) for g in taken]),
            ),
            why=WhyNot.NO_COPY_LEFT,
        )
    return None


def _drawn_refusal(game: Game, seat: int, structure: Card, catalog: Catalog, what: Text) -> Verdict | None:
    """A card of a drawn colour (Cities' black cards) when the table already holds as many
    different ones of its age as entered the deck (as many as players): it was not drawn."""
    age = catalog.card_ages(structure.id)[0]
    drawn = catalog.drawn_by_age(c for city in game.cities for c in city.cards or ())
    taken = [c for c in drawn.get(age, []) if c != structure.id]
    players = game.deck_players
    if len(taken) < catalog.rules.deck_players(players):
        return None
    return Verdict(
        False,
        N_(
            "{player} cannot build {what}: only {n} {cards} of Age {age} enter the deck for {cities} cities, "
            "and the table already holds them: {names}.",
            player=game.cities[seat].player,
            what=what,
            n=catalog.rules.deck_players(players),
            cities=players,
            cards=catalog.rules.color(structure.color).cards,
            age=AGE_NUMERALS[age - 1],
            names=join([verbatim(catalog.structure(c).name) for c in taken]),
        ),
        why=WhyNot.NO_COPY_LEFT,
    )


def _adjudicate(
    game: Game,
    seat: int,
    catalog: Catalog,
    what: Text,
    cost: Cost,
    notes: tuple[Text, ...],
    free: tuple[tuple[str, int], ...] = (),
) -> Verdict:
    """The verdict for a cost that no chain pays: free, coins, own resources or trade.
    ``free``: units of any resource of the cost the city's powers leave out (their cards'
    names), sources of the search; each one used is named."""
    city = game.cities[seat]
    player = city.player
    units = [r for r, n in cost.resources for _ in range(n)]
    if free and len(units) <= sum(count for _, count in free):
        # The powers leave out every unit: what is left is the coins.
        notes += _savings(free, units)
        cost = Cost(cost.coins)
    if cost.is_free:
        nothing = Payment(0, 0, 0)
        return Verdict(
            True,
            N_("{player} can build {what} for free: it costs nothing.", player=player, what=what),
            how="free",
            cheapest=nothing,
            options=(nothing,),
            notes=notes,
        )
    if not cost.resources:
        pay = Payment(cost.coins, 0, 0)
        if city.coins < cost.coins:
            return Verdict(
                False,
                N_(
                    "{player} cannot build {what}: it costs {cost}, paid to the bank, and {has}.",
                    player=player,
                    what=what,
                    cost=_coins(cost.coins),
                    has=_city_coins(city.coins),
                ),
                why=WhyNot.COINS,
                cheapest=pay,
                options=(pay,),
                notes=notes,
            )
        return Verdict(
            True,
            N_(
                "{player} can build {what} for {cost}, paid to the bank.",
                player=player,
                what=what,
                cost=_coins(cost.coins),
            ),
            how="coins",
            cheapest=pay,
            options=(pay,),
            notes=notes,
        )

    need = [0] * _N
    for resource, count in cost.resources:
        need[_INDEX[resource]] += count
    left_city, right_city = game.cities[game.left(seat)], game.cities[game.right(seat)]
    names = left_city.player, right_city.player
    plain = production(city, catalog)
    own = plain
    if free:
        kinds = tuple(r for r, _ in cost.resources)
        own = Production(
            plain.fixed, (*plain.choices, *(Produce(kinds, count, sellable=False) for _, count in free))
        )
    sells_left = production(left_city, catalog, True)
    sells_right = production(right_city, catalog, True)
    sells = sells_left, sells_right
    left_prices, right_prices = trade_prices(city, catalog)
    rebates = _rebates(city, catalog)
    found = _purchases(need, own, sells_left, sells_right, left_prices, right_prices, rebates != (0, 0))
    payments = sorted(
        {_payment(cost.coins, b, left_prices, right_prices, rebates) for b in found if b is not None},
        key=_order,
    )
    if not payments:
        short = _shortfall(need, (own, sells_left, sells_right))
        notes += _withheld_notes(game, seat, catalog, need, own, sells, short or RESOURCES)
        if short:
            reason = N_(
                "{player} cannot build {what}: the city and what its neighbours sell give too little {short}.",
                player=player,
                what=what,
                short=join([RESOURCE_NAMES[r] for r in short]),
            )
        else:
            reason = N_(
                "{player} cannot build {what}: the city and what its neighbours sell cannot "
                "give {cost} at once.",
                player=player,
                what=what,
                cost=describe_cost(Cost(resources=cost.resources)),
            )
        return Verdict(False, reason, why=WhyNot.RESOURCES, notes=notes)

    cheapest = payments[0]
    if free:
        notes += _free_notes(need, plain, cheapest, free)
    notes += _withheld_notes(game, seat, catalog, need, own, sells, _bought(cheapest))
    notes += tuple(_rebate_notes(city, catalog, cheapest, names))
    if cheapest.total > city.coins:
        return Verdict(
            False,
            N_(
                "{player} cannot build {what}: {has}, and the cheapest way costs {total}: {how}.",
                player=player,
                what=what,
                has=_city_coins(city.coins),
                total=_coins(cheapest.total),
                how=describe_payment(cheapest, *names),
            ),
            why=WhyNot.COINS,
            cheapest=cheapest,
            options=tuple(payments),
            notes=notes,
        )
    # Only ways the player can afford are offered.
    options = tuple(p for p in payments if p.total <= city.coins)
    how: How
    if cheapest.buy_left or cheapest.buy_right:
        how = "trade"
        reason = N_(
            "{player} can build {what} for {total}: {how}.",
            player=player,
            what=what,
            total=_coins(cheapest.total),
            how=describe_payment(cheapest, *names),
        )
    else:
        how = "own"
        if cheapest.bank:
            reason = N_(
                "{player} can build {what} with the city's own resources and {coins} to the bank.",
                player=player,
                what=what,
                coins=_coins(cheapest.bank),
            )
        else:
            reason = N_("{player} can build {what} with the city's own resources.", player=player, what=what)
    return Verdict(True, reason, how=how, cheapest=cheapest, options=options, notes=notes)
