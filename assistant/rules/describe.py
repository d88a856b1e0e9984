"""Effects, costs and components in words a player reads, as translatable :class:`Text`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .model import (
    BuildFromDiscard,
    Category,
    Coins,
    CoinsPer,
    Color,
    CopyGuild,
    Cost,
    Counted,
    Discount,
    Effect,
    FreeBuildPerAge,
    Goods,
    PlayLastCard,
    Points,
    PointsPer,
    Produce,
    Resource,
    Science,
    ScienceWild,
    Shields,
    Symbol,
    Whose,
)
from .text import N_, Nn_, Text

RESOURCE_NAMES: dict[Resource, Text] = {
    Resource.WOOD: N_("wood"),
    Resource.STONE: N_("stone"),
    Resource.CLAY: N_("clay"),
    Resource.ORE: N_("ore"),
    Resource.GLASS: N_("glass"),
    Resource.LOOM: N_("loom"),
    Resource.PAPYRUS: N_("papyrus"),
}

COLOR_NAMES: dict[Color, Text] = {
    Color.BROWN: N_("brown"),
    Color.GREY: N_("grey"),
    Color.BLUE: N_("blue"),
    Color.YELLOW: N_("yellow"),
    Color.RED: N_("red"),
    Color.GREEN: N_("green"),
    Color.PURPLE: N_("purple"),
}

COLOR_KINDS: dict[Color, Text] = {
    Color.BROWN: N_("Raw materials"),
    Color.GREY: N_("Manufactured goods"),
    Color.BLUE: N_("Civilian structures"),
    Color.YELLOW: N_("Commercial structures"),
    Color.RED: N_("Military structures"),
    Color.GREEN: N_("Scientific structures"),
    Color.PURPLE: N_("Guilds"),
}

SYMBOL_NAMES: dict[Symbol, Text] = {
    Symbol.COMPASS: N_("compass"),
    Symbol.GEAR: N_("gear"),
    Symbol.TABLET: N_("tablet"),
}

CATEGORY_NAMES: dict[Category, Text] = {
    Category.MILITARY: N_("Military"),
    Category.TREASURY: N_("Treasury"),
    Category.WONDER: N_("Wonder"),
    Category.CIVILIAN: N_("Civilian"),
    Category.SCIENCE: N_("Science"),
    Category.COMMERCIAL: N_("Commercial"),
    Category.GUILDS: N_("Guilds"),
}

# Joiners, at module level so the message extractor sees them (it skips nested calls).
AND = N_("and")
OR = N_("or")

GOODS_NAMES: dict[Goods, Text] = {
    Goods.RAW: N_("raw materials"),
    Goods.MANUFACTURED: N_("manufactured goods"),
}


def join(parts: Sequence[Text], last: Text | None = None) -> Text:
    """``a, b and c`` (or with ``last`` as the final joiner, e.g. ``or``)."""
    if not parts:
        return N_("nothing")
    if len(parts) == 1:
        return parts[0]
    joiner = last or AND
    head = parts[0]
    for part in parts[1:-1]:
        head = N_("{a}, {b}", a=head, b=part)
    return N_("{a} {joiner} {b}", a=head, joiner=joiner, b=parts[-1])


def _cities(cities: Sequence[Whose]) -> Text:
    s = set(cities)
    if s == {Whose.SELF}:
        return N_("your city")
    if s == {Whose.LEFT, Whose.RIGHT}:
        return N_("both neighbouring cities")
    if s == {Whose.SELF, Whose.LEFT, Whose.RIGHT}:
        return N_("your city and both neighbouring cities")
    if s == {Whose.LEFT}:
        return N_("the left neighbour's city")
    if s == {Whose.RIGHT}:
        return N_("the right neighbour's city")
    return N_("the cities shown")


def _counted(counted: Counted, colors: Sequence[Color]) -> Text:
    if counted is Counted.STAGES:
        return N_("built wonder stage")
    if counted is Counted.DEFEATS:
        return N_("defeat token")
    return N_("{colors} card", colors=join([COLOR_NAMES[c] for c in colors], OR))


def describe_effect(effect: Effect) -> Text:
    """One effect in a sentence."""
    if isinstance(effect, Produce):
        names = [RESOURCE_NAMES[r] for r in effect.resources]
        if len(names) == 1:
            text = Nn_(
                "Produces {n} {resource}.",
                "Produces {n} {resource}.",
                effect.count,
                resource=names[0],
            )
        else:
            text = N_("Produces one of {choices} each turn.", choices=join(names, OR))
        if not effect.sellable:
            text = N_("{text} Neighbours cannot buy it.", text=text)
        return text
    if isinstance(effect, Points):
        return Nn_("{n} victory point.", "{n} victory points.", effect.points)
    if isinstance(effect, Shields):
        return Nn_("{n} shield.", "{n} shields.", effect.shields)
    if isinstance(effect, Science):
        return N_("Science symbol: {symbol}.", symbol=SYMBOL_NAMES[effect.symbol])
    if isinstance(effect, ScienceWild):
        return N_("A science symbol of your choice, chosen at the end of the game.")
    if isinstance(effect, Coins):
        return Nn_(
            "{n} coin from the bank when built.",
            "{n} coins from the bank when built.",
            effect.coins,
        )
    if isinstance(effect, CoinsPer):
        return Nn_(
            "When built: {n} coin for each {what} in {cities}.",
            "When built: {n} coins for each {what} in {cities}.",
            effect.coins,
            what=_counted(effect.counted, effect.colors),
            cities=_cities(effect.cities),
        )
    if isinstance(effect, PointsPer):
        return Nn_(
            "At the end of the game: {n} victory point for each {what} in {cities}.",
            "At the end of the game: {n} victory points for each {what} in {cities}.",
            effect.points,
            what=_counted(effect.counted, effect.colors),
            cities=_cities(effect.cities),
        )
    if isinstance(effect, Discount):
        whom = (
            N_("both neighbours")
            if set(effect.neighbours) == {Whose.LEFT, Whose.RIGHT}
            else N_("the left neighbour")
            if Whose.LEFT in effect.neighbours
            else N_("the right neighbour")
        )
        return N_(
            "Buys {goods} from {whom} for 1 coin instead of 2.",
            goods=GOODS_NAMES[effect.goods],
            whom=whom,
        )
    if isinstance(effect, FreeBuildPerAge):
        return N_("Once per age, build a structure for free.")
    if isinstance(effect, PlayLastCard):
        return N_("Play the seventh card of each age instead of discarding it.")
    if isinstance(effect, BuildFromDiscard):
        return N_("Build one card from the discard pile for free.")
    if isinstance(effect, CopyGuild):
        return N_("At the end of the game, copy one guild of a neighbouring city.")
    raise TypeError(effect)  # pragma: no cover - the effect vocabulary is closed


def describe_effects(effects: Iterable[Effect]) -> Text:
    """All of a card's or stage's effects, sentence after sentence."""
    texts = [describe_effect(e) for e in effects]
    if not texts:
        return N_("No effect.")
    out = texts[0]
    for t in texts[1:]:
        out = N_("{a} {b}", a=out, b=t)
    return out


def describe_cost(cost: Cost) -> Text:
    """A cost in words: ``Free``, ``1 coin``, ``2 clay and 1 loom``."""
    if cost.is_free:
        return N_("Free")
    parts = [N_("{n} {resource}", n=n, resource=RESOURCE_NAMES[r]) for r, n in cost.resources]
    if cost.coins:
        parts.insert(0, Nn_("{n} coin", "{n} coins", cost.coins))
    return join(parts)
