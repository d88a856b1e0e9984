"""What a city produces, what it sells and what it pays its neighbours.

:func:`production` gives a city's resources each turn (its fixed units and its either/or
sources), or with ``sellable_only`` what its neighbours may buy from it; :func:`withheld`
what it makes for itself alone; :func:`trade_prices` what it pays its neighbours per unit;
:func:`markets` and :func:`describe_market` what each neighbour sells, in words. The search
for the least cost (:mod:`.purchase`) and the verdict (:mod:`.trade`) read them.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from .catalog import Catalog, catalog_for
from .describe import OR, RESOURCE_NAMES, join
from .effects import Effect, Produce
from .model import City, Game, Resource, Whose
from .records import field, record
from .text import N_, Nn_, Text, verbatim

RESOURCES: tuple[Resource, ...] = tuple(Resource)
"""Every resource, in the order the vectors below use (the :class:`Resource` order)."""


RESOURCE_INDEX: dict[Resource, int] = {r: i for i, r in enumerate(RESOURCES)}


RESOURCE_COUNT = len(RESOURCES)


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
        indexed = tuple(
            (tuple(sorted({RESOURCE_INDEX[r] for r in e.resources})), e.count) for e in self.choices
        )
        object.__setattr__(self, "indexed", indexed)

    def units(self, resource: Resource) -> int:
        """Fixed units of one resource."""
        return self.fixed[RESOURCE_INDEX[resource]]


def _city_effects(city: City, catalog: Catalog) -> Iterable[Effect]:
    """The effects of the city's structures and of its built wonder stages."""
    for card_id in city.cards or ():
        yield from catalog.structure(card_id).effects
    if city.wonder is not None:
        for stage in catalog.wonder(city.wonder).side(city.side).stages[: city.stages]:
            yield from stage.effects


def named_effects(city: City, catalog: Catalog) -> Iterable[tuple[Text, Effect]]:
    """The effects of :func:`_city_effects`, each with its source in words: the card's name
    (``East Trading Post``) or the stage (``Olympia stage 1``), for a verdict's notes."""
    for card_id in city.cards or ():
        card = catalog.structure(card_id)
        for effect in card.effects:
            yield verbatim(card.name), effect
    if city.wonder is not None:
        wonder = catalog.wonder(city.wonder)
        for stage in wonder.side(city.side).stages[: city.stages]:
            for effect in stage.effects:
                yield N_("{wonder} stage {stage}", wonder=wonder.short_name, stage=stage.number), effect


@lru_cache(maxsize=4096)
def extra_units(city: City, catalog: Catalog) -> tuple[tuple[Text, tuple[Resource, ...]], ...]:
    """Cities' Secret Warehouse and Black Market: one more unit a turn of a resource the city's
    brown and grey cards and board make (or do not make), never for sale; each power's source
    and the resources it may give."""
    if not any(e.extra_unit() for e in _city_effects(city, catalog)):
        return ()
    powers = [(name, of) for name, e in named_effects(city, catalog) if (of := e.extra_unit())]
    sold = production(city, catalog, True)
    made = {r for r in RESOURCES if sold.units(r)} | {r for c in sold.choices for r in c.resources}
    out = []
    for name, of in powers:
        kinds = tuple(r for r in RESOURCES if (r in made) == (of == "produced"))
        if kinds:
            out.append((name, kinds))
    return tuple(out)


@lru_cache(maxsize=4096)
def production(city: City, catalog: Catalog, sellable_only: bool = False, extras: bool = True) -> Production:
    """What ``city`` produces, or with ``sellable_only`` what its neighbours can buy from it.

    For sale are only the board's starting resource and brown and grey cards' units
    (``Produce.sellable``), never yellow cards' or wonder stages'. A pad-entered city
    (unknown cards) produces its starting resource as far as anyone knows.
    """
    fixed = [0] * RESOURCE_COUNT
    choices: list[Produce] = []
    withholds = False
    if (
        city.wonder is not None
        and (start := catalog.wonder(city.wonder).side(city.side).resource) is not None
    ):
        fixed[RESOURCE_INDEX[start]] += 1
    for effect in _city_effects(city, catalog):
        produced = effect.produced()
        if produced is None:
            continue
        if sellable_only and not produced.sellable:
            withholds = True
            continue
        if len(set(produced.resources)) == 1:
            fixed[RESOURCE_INDEX[produced.resources[0]]] += produced.count
        else:
            choices.append(produced)
    if extras and not sellable_only:
        choices += [Produce(kinds, 1, sellable=False) for _, kinds in extra_units(city, catalog)]
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
    left = [rules.trade_price] * RESOURCE_COUNT
    right = [rules.trade_price] * RESOURCE_COUNT
    for effect in _city_effects(city, catalog):
        discount = effect.discount()
        if discount is not None:
            for resource in discount.goods.resources:
                if Whose.LEFT in discount.neighbours:
                    left[RESOURCE_INDEX[resource]] = min(left[RESOURCE_INDEX[resource]], discount.price)
                if Whose.RIGHT in discount.neighbours:
                    right[RESOURCE_INDEX[resource]] = min(right[RESOURCE_INDEX[resource]], discount.price)
    return tuple(left), tuple(right)


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
        units = tuple(
            (r, n, prices[RESOURCE_INDEX[r]]) for r, n in zip(RESOURCES, sells.fixed, strict=True) if n
        )
        choices = tuple(
            (tuple(dict.fromkeys(e.resources)), min(prices[RESOURCE_INDEX[r]] for r in e.resources))
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
        N_("{goods} ({coins} each)", goods=join(goods), coins=coins_text(price))
        for price, goods in sorted(by_price.items())
    ]
    for resources, price in market.choices:
        parts.append(
            N_(
                "one of {choices} a turn ({coins} each)",
                choices=join([RESOURCE_NAMES[r] for r in resources], OR),
                coins=coins_text(price),
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


def coins_text(n: int) -> Text:
    return Nn_("{n} coin", "{n} coins", n)
