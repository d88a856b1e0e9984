"""Effects, costs and components in words a player reads, as translatable :class:`Text`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .model import Category, Cost, Game, Goods, Resource, Symbol, Whose
from .text import N_, Nn_, Text, verbatim

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

    class Told(Protocol):
        """Anything that words itself for a player (every effect kind does)."""

        def describe(self) -> Text: ...


AGE_NUMERALS = ("I", "II", "III", "IV", "V")
"""How the rulebooks write the ages (Age I, Age II...)."""


def age_numeral(age: int) -> str:
    """The age as the rulebooks write it: ``2`` -> ``II``."""
    return AGE_NUMERALS[age - 1] if 1 <= age <= len(AGE_NUMERALS) else str(age)


RESOURCE_NAMES: dict[Resource, Text] = {
    Resource.WOOD: N_("wood"),
    Resource.STONE: N_("stone"),
    Resource.CLAY: N_("clay"),
    Resource.ORE: N_("ore"),
    Resource.GLASS: N_("glass"),
    Resource.LOOM: N_("loom"),
    Resource.PAPYRUS: N_("papyrus"),
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


def players_text(game: Game, seats: Sequence[int]) -> Text:
    """The players of these seats, in words: ``Ana, Bo and Cy`` (names as given)."""
    return join([verbatim(game.cities[s].player) for s in seats])


def cities_text(cities: Sequence[Whose]) -> Text:
    """Whose cities an effect looks at, in words."""
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


def describe_effect(effect: Told) -> Text:
    """One effect in a sentence (each effect kind words itself)."""
    return effect.describe()


def describe_effects(effects: Iterable[Told]) -> Text:
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
