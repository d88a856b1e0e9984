"""The least-cost purchase: which missing units a city buys from which neighbour.

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
4. A Clandestine Dock takes a coin off a side's payment when anything is bought there:
   each part of the search also keeps its best ways buying at least one unit from the
   left, the right and each side (see :func:`purchases`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from .production import RESOURCE_COUNT, Production
from .records import record

Purchase = tuple[tuple[int, ...], tuple[int, ...]]
"""Units bought from the left and from the right, per resource in :data:`RESOURCES` order."""

_NOTHING: Purchase = ((0,) * RESOURCE_COUNT, (0,) * RESOURCE_COUNT)
"""The purchase that buys nothing: the city makes every unit itself."""


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
    fixed = [min(sells.fixed[i], missing[i]) for i in range(RESOURCE_COUNT)]
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
    wanted = [i for i in range(RESOURCE_COUNT) for _ in range(missing[i])]
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
    found = purchases(need, own, left, right, left_prices, right_prices, docked=False)
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


def purchases(
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
    missing = [max(0, need[i] - own.fixed[i]) for i in range(RESOURCE_COUNT)]
    own_choices = _reduce_own(missing, own.indexed)
    if not any(missing) or _own_covers(missing, own_choices):
        return [_NOTHING] * (_PART_WAYS if docked else 3)
    left_fixed, left_choices = _reduce_neighbour(missing, left)
    right_fixed, right_choices = _reduce_neighbour(missing, right)
    choices = (*own_choices, *left_choices, *right_choices)
    linked = {i for options, _ in choices for i in options}
    parts: list[_Part] = []
    for i in range(RESOURCE_COUNT):
        if missing[i] and i not in linked:
            part = _single(
                i, missing[i], left_fixed[i], right_fixed[i], left_prices[i], right_prices[i], docked
            )
            if part is None:
                return [None] * (_PART_WAYS if docked else 3)
            parts.append(part)

    # Resources linked by either/or cards form groups, each searched exactly on its own.
    for members in _groups(linked, choices):
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


def _groups(linked: set[int], choices: Iterable[_Choice]) -> list[list[int]]:
    """The groups of resources the either/or ``choices`` link (``linked``: every resource one
    of them touches), each in resource order: two resources share a group when one card
    gives either of them, or a chain of such cards links them."""
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
    return list(groups.values())


def _added(ways: Sequence[Purchase | None]) -> Purchase | None:
    """The parts' purchases put together (None when one part has none)."""
    if any(w is None for w in ways):
        return None
    left, right = [0] * RESOURCE_COUNT, [0] * RESOURCE_COUNT
    for way in ways:
        assert way is not None
        for i in range(RESOURCE_COUNT):
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
        # A part the city's own cards cover buys nothing, whichever way: it cannot be the
        # part that buys from a side (3: the left, 4: the right, 5: both).
        if found is None or (way in (3, 5) and not any(found[0])) or (way in (4, 5) and not any(found[1])):
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
        left, right = [0] * RESOURCE_COUNT, [0] * RESOURCE_COUNT
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
    full = layout.size - 1  # everything missing

    own = _reachable(layout, local, own_choices)
    if own >> full & 1:
        return _Part((_NOTHING,) * (_PART_WAYS if docked else 3))
    left = _reachable(layout, local, _for_sale(members, left_fixed, left_choices))
    right = _reachable(layout, local, _for_sale(members, right_fixed, right_choices))
    price_left, price_right = _packed_prices(layout, members, left_prices, right_prices)

    # Both sides, left only, right only; docked: both sides with some from the left, from
    # the right, from each.
    best: list[int | None] = [None] * (_PART_WAYS if docked else 3)
    for bought in range(layout.size):
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


def _reachable(layout: _Layout, local: dict[int, int], sources: Iterable[_Choice]) -> int:
    """The "units missing" vectors (a bitset over ``layout``) that ``sources`` can give
    together, each source ``count`` units of one of its ``options`` (resource indices;
    ``local`` places each in the group)."""
    stride, room = layout.stride, layout.room
    bits = 1
    for options, count in sources:
        out = bits
        for resource in options:
            j = local[resource]
            more = bits
            for _ in range(count):
                more = (more & room[j]) << stride[j]
                out |= more
        bits = out
    return bits


def _for_sale(members: Sequence[int], fixed: Sequence[int], choices: list[_Choice]) -> list[_Choice]:
    """What a neighbour sells in a group, as sources: its fixed units of each member
    resource, then its still useful either/or cards."""
    return [((resource,), fixed[resource]) for resource in members if fixed[resource]] + choices


def _packed_prices(
    layout: _Layout, members: Sequence[int], left_prices: Sequence[int], right_prices: Sequence[int]
) -> tuple[list[int], list[int]]:
    """The packed price (see :func:`_solve_group`) of buying each "units missing" vector of
    ``layout`` from the left and from the right neighbour; the left's carries its code in
    the middle place, the right's in the last, so the two add up to one purchase."""
    stride, size = layout.stride, layout.size
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
    return price_left, price_right


def _decoded(layout: _Layout, members: Sequence[int], packed: int | None) -> Purchase | None:
    """The purchase a packed price of :func:`_solve_group` carries (its last two codes)."""
    if packed is None:
        return None
    size = layout.size
    from_left, from_right = layout.digits[packed // size % size], layout.digits[packed % size]
    bought_left, bought_right = [0] * RESOURCE_COUNT, [0] * RESOURCE_COUNT
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
