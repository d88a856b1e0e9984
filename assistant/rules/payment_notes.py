"""What a verdict says about its payment: the coins to each neighbour, what the city's own
resources and powers cover, and the notes that name every power a payment used (issue 43:
every power named).

:func:`describe_payment` says one way to pay in a sentence; the notes (the discounts, the
rebates, the units a power added or left out, the cards that could not sell) are added to
a :class:`~.model.Verdict` by :mod:`.trade`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement, product

from .catalog import Catalog
from .describe import RESOURCE_NAMES, join
from .model import (
    City,
    Game,
    Payment,
    Resource,
    Whose,
)
from .production import (
    RESOURCE_COUNT,
    RESOURCE_INDEX,
    RESOURCES,
    Production,
    coins_text,
    named_effects,
    trade_prices,
    withheld,
    withheld_note,
)
from .purchase import Purchase, purchases
from .text import N_, Nn_, Text

TYPE_CHECKING = False
if TYPE_CHECKING:
    pass


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
    rest = _not_bought(need, payment)
    if _covered(rest, plain):
        return ()
    kinds = [i for i in range(RESOURCE_COUNT) if rest[i] > 0]
    for left_out in combinations_with_replacement(kinds, sum(count for _, count in free)):
        less = list(rest)
        for i in left_out:
            less[i] -= 1
        if min(less) < 0 or not _covered(less, plain):
            continue
        return _savings(free, [RESOURCES[i] for i in left_out])
    return ()


def _not_bought(need: Sequence[int], payment: Payment) -> list[int]:
    """The units of ``need`` the city makes itself when it pays this way."""
    rest = list(need)
    for resource, n in (*payment.buy_left, *payment.buy_right):
        rest[RESOURCE_INDEX[resource]] -= n
    return rest


_NOBODY = Production((0,) * RESOURCE_COUNT, ())
_NO_PRICES = (0,) * RESOURCE_COUNT


def _covered(units: Sequence[int], own: Production) -> bool:
    """Whether ``own`` makes ``units`` on its own."""
    return purchases(units, own, _NOBODY, _NOBODY, _NO_PRICES, _NO_PRICES, docked=False)[0] is not None


def _extra_unit_notes(
    need: Sequence[int],
    base: Production,
    payment: Payment,
    extras: tuple[tuple[Text, tuple[Resource, ...]], ...],
) -> tuple[Text, ...]:
    """The Secret Warehouse's or Black Market's unit a cost paid this way needs, in the sentence
    that names it (``Black Market gives 1 stone.``): the fewest of them with which ``base``
    (the city without them) makes what is not bought; nothing when ``base`` makes it alone."""
    rest = _not_bought(need, payment)
    if _covered(rest, base):
        return ()
    for size in range(1, len(extras) + 1):
        for chosen in combinations(range(len(extras)), size):
            for picks in product(*(extras[i][1] for i in chosen)):
                less = list(rest)
                for resource in picks:
                    less[RESOURCE_INDEX[resource]] -= 1
                if min(less) >= 0 and _covered(less, base):
                    return tuple(
                        N_("{source} gives 1 {resource}.", source=extras[i][0], resource=RESOURCE_NAMES[r])
                        for i, r in zip(chosen, picks, strict=True)
                    )
    return ()


def _discount_notes(city: City, catalog: Catalog, payment: Payment, names: tuple[str, str]) -> list[Text]:
    """The trading discounts (Trading Posts, Marketplace, Olympia's stage...) a cost paid this
    way uses, each named once with what it made cheaper (discounts never stack: the first
    source of a price names it)."""
    prices = trade_prices(city, catalog)
    usual = catalog.rules.trade_price
    named: set[tuple[int, Resource]] = set()
    notes: list[Text] = []
    for source, effect in named_effects(city, catalog):
        discount = effect.discount()
        if discount is None or discount.price >= usual:
            continue
        for side, whose in enumerate((Whose.LEFT, Whose.RIGHT)):
            if whose not in discount.neighbours:
                continue
            bought = payment.buy_left if side == 0 else payment.buy_right
            used = [
                r
                for r, _ in bought
                if r in discount.goods.resources
                and prices[side][RESOURCE_INDEX[r]] == discount.price
                and (side, r) not in named
            ]
            if used:
                named.update((side, r) for r in used)
                notes.append(
                    Nn_(
                        "{source}: {goods} from {player} for {n} coin each.",
                        "{source}: {goods} from {player} for {n} coins each.",
                        discount.price,
                        source=source,
                        goods=join([RESOURCE_NAMES[r] for r in used]),
                        player=names[side],
                    )
                )
    return notes


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


def _citycoins_text(n: int) -> Text:
    """What the city has, when it is too little: ``the city has only 2 coins``, ``the city has no coins``."""
    if n == 0:
        return N_("the city has no coins")
    return N_("the city has only {coins}", coins=coins_text(n))


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
    lacking = [r for r in wanted if need[RESOURCE_INDEX[r]] > own.fixed[RESOURCE_INDEX[r]]]
    notes: list[Text] = []
    seen = {seat}
    for neighbour_seat, on_sale in zip((game.left(seat), game.right(seat)), sells, strict=True):
        if neighbour_seat in seen or not on_sale.withholds:
            continue
        seen.add(neighbour_seat)
        short = [
            r
            for r in lacking
            if on_sale.fixed[RESOURCE_INDEX[r]] + sum(e.count for e in on_sale.choices if r in e.resources)
            < need[RESOURCE_INDEX[r]] - own.fixed[RESOURCE_INDEX[r]]
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
        goods, coins = _goods(payment.buy_left), coins_text(payment.left)
        parts.append(N_("{goods} from {player} ({coins})", goods=goods, player=left, coins=coins))
    if payment.buy_right:
        goods, coins = _goods(payment.buy_right), coins_text(payment.right)
        parts.append(N_("{goods} from {player} ({coins})", goods=goods, player=right, coins=coins))
    if payment.bank:
        parts.append(N_("{coins} to the bank", coins=coins_text(payment.bank)))
    return join(parts)
