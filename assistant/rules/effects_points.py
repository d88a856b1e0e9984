"""Kinds that give points, symbols and coins: flat points, shields, science symbols and wildcards, coins, and the points and coins counted per card, stage, token or set (commercial and guild cards, leaders), Aristotle's set bonus, incomes and a complete wonder's points."""

from __future__ import annotations

from collections.abc import Sequence

from .describe import OR, SYMBOL_NAMES, cities_text, join
from .effect_base import Effect, Fields, kind
from .model import Color, Counted, Symbol, Whose
from .records import field, record
from .text import N_, Nn_, Text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .effect_base import ScoreCounter, Scorer


@kind("points", required=["points"])
@record
class Points(Effect):
    """Victory points at the end of the game."""

    points: int

    @classmethod
    def parse(cls, fields: Fields) -> Points:
        return cls(fields.whole("points"))

    def describe(self) -> Text:
        return Nn_("{n} victory point.", "{n} victory points.", self.points)

    def victory_points(self) -> int:
        return self.points


@kind("shields", required=["shields"])
@record
class Shields(Effect):
    """Military strength."""

    shields: int

    @classmethod
    def parse(cls, fields: Fields) -> Shields:
        return cls(fields.whole("shields"))

    def describe(self) -> Text:
        return Nn_("{n} shield.", "{n} shields.", self.shields)

    def shield_count(self) -> int:
        return self.shields


@kind("science", required=["symbol"])
@record
class Science(Effect):
    """One science symbol."""

    symbol: Symbol

    @classmethod
    def parse(cls, fields: Fields) -> Science:
        return cls(fields.choice("symbol", Symbol))

    def describe(self) -> Text:
        return N_("Science symbol: {symbol}.", symbol=SYMBOL_NAMES[self.symbol])

    def science_symbol(self) -> Symbol:
        return self.symbol


@kind("science-wild")
@record
class ScienceWild(Effect):
    """A science symbol of the owner's choice, chosen at the end of the game."""

    def describe(self) -> Text:
        return N_("A science symbol of your choice, chosen at the end of the game.")

    def wildcards(self) -> int:
        return 1


@kind("coins", required=["coins"])
@record
class Coins(Effect):
    """Coins taken from the bank once, when built."""

    coins: int

    @classmethod
    def parse(cls, fields: Fields) -> Coins:
        return cls(fields.whole("coins"))

    def describe(self) -> Text:
        return Nn_("{n} coin from the bank when built.", "{n} coins from the bank when built.", self.coins)


def _counted_text(counted: Counted, color_names: Sequence[Text], every: int = 1) -> Text:
    if counted is Counted.STAGES:
        return N_("built wonder stage")
    if counted is Counted.DEFEATS:
        return N_("defeat token")
    if counted is Counted.VICTORIES:
        return N_("military victory token")
    if counted is Counted.COINS:
        return Nn_("coin", "{n} coins", every)
    if counted is Counted.SETS:
        return N_("set of {colors} cards", colors=join(list(color_names)))
    return N_("{colors} card", colors=join(list(color_names), OR))


_WITH_COLORS = (Counted.CARDS, Counted.SETS)


def _per_fields(
    fields: Fields, amount_key: str
) -> tuple[int, Counted, tuple[Whose, ...], tuple[Color, ...], tuple[Text, ...]]:
    amount = fields.whole(amount_key)
    counted = fields.choice("counted", Counted)
    cities = fields.choices("cities", Whose)
    colors, names = fields.colors("colors")
    if (counted in _WITH_COLORS) != bool(colors):
        raise fields.fail("colors are given exactly when cards or sets of cards are counted")
    if not cities:
        raise fields.fail("cities lists self, left and/or right")
    if counted is Counted.COINS and cities != (Whose.SELF,):
        raise fields.fail('coins are counted in the city\'s own treasury (cities = ["self"])')
    return amount, counted, cities, colors, names


@kind("coins-per", required=["coins", "counted", "cities"], optional=["colors"])
@record
class CoinsPer(Effect):
    """Coins taken once, when built, for each counted item in the given cities."""

    coins: int
    counted: Counted
    cities: tuple[Whose, ...]
    colors: tuple[Color, ...] = ()
    color_names: tuple[Text, ...] = field(default=(), compare=False)
    """The colours' words, as the edition's data gives them."""

    @classmethod
    def parse(cls, fields: Fields) -> CoinsPer:
        return cls(*_per_fields(fields, "coins"))

    def describe(self) -> Text:
        return Nn_(
            "When built: {n} coin for each {what} in {cities}.",
            "When built: {n} coins for each {what} in {cities}.",
            self.coins,
            what=_counted_text(self.counted, self.color_names),
            cities=cities_text(self.cities),
        )


_OFFSETS = {Whose.SELF: 0, Whose.LEFT: 1, Whose.RIGHT: -1}


@kind("points-per", required=["points", "counted", "cities"], optional=["colors", "every"])
@record
class PointsPer(Effect):
    """Victory points at game end for each counted item in the given cities (for each
    ``every`` coins, when coins are counted)."""

    points: int
    counted: Counted
    cities: tuple[Whose, ...]
    colors: tuple[Color, ...] = ()
    color_names: tuple[Text, ...] = field(default=(), compare=False)
    """The colours' words, as the edition's data gives them."""
    every: int = 1

    @classmethod
    def parse(cls, fields: Fields) -> PointsPer:
        every = fields.whole("every", 1)
        counted = fields.choice("counted", Counted)
        if every < 1 or (every > 1 and counted is not Counted.COINS):
            raise fields.fail("every (1 or more) groups coins only: 1 point for every 3 coins")
        return cls(*_per_fields(fields, "points"), every=every)

    def describe(self) -> Text:
        return Nn_(
            "At the end of the game: {n} victory point for each {what} in {cities}.",
            "At the end of the game: {n} victory points for each {what} in {cities}.",
            self.points,
            what=_counted_text(self.counted, self.color_names, self.every),
            cities=cities_text(self.cities),
        )

    def scorer(self, color: Color | None = None) -> Scorer:
        return _PerScorer(self, color)


class _PerScorer:
    """Counts a ``points-per`` effect's items (cards of colours, stages or defeats) by seat."""

    __slots__ = ("_text", "colors", "counted", "counts_itself", "every", "offsets", "own", "points", "sides")

    def __init__(self, effect: PointsPer, color: Color | None = None) -> None:
        self.points = effect.points
        self.counted = effect.counted
        self.colors = effect.colors
        self.every = effect.every
        self.offsets = tuple(_OFFSETS[w] for w in (Whose.SELF, Whose.LEFT, Whose.RIGHT) if w in effect.cities)
        self.own = Whose.SELF in effect.cities
        self.sides = (Whose.LEFT in effect.cities, Whose.RIGHT in effect.cities)
        # A guild counting its owner's guilds counts itself; a card of another colour counting
        # guilds (Hiram, a white card) does not.
        guild = color in (None, Color.PURPLE)
        self.counts_itself = (
            guild and self.own and effect.counted is Counted.CARDS and Color.PURPLE in effect.colors
        )
        self._text = _counted_text(effect.counted, effect.color_names, effect.every)

    def count(self, counter: ScoreCounter, seat: int, size: int, unknown: list[int]) -> int:
        total = 0
        for offset in self.offsets:
            s = (seat + offset) % size
            found: int | None
            if self.counted is Counted.CARDS:
                found = counter.cards(s, self.colors)
            elif self.counted is Counted.STAGES:
                found = counter.stages(s)
            elif self.counted is Counted.DEFEATS:
                found = counter.defeats(s)
            elif self.counted is Counted.VICTORIES:
                found = counter.victories(s)
            elif self.counted is Counted.COINS:
                found = counter.coins(s) // self.every
            else:  # sets: the fewest of the colours' cards
                each = [counter.cards(s, (color,)) for color in self.colors]
                found = None if None in each else min(n for n in each if n is not None)
            if found is None:
                unknown.append(s)
            else:
                total += found
        return total

    def explain(self, count: int, left: str, right: str, copier: str | None = None) -> Text:
        points = self.points * count
        where = self._where(left, right, copier)
        if self.counts_itself:
            # Rulings: a guild counting its owner's purple cards counts itself, and a copy
            # counts itself too, as if built (olympia-b-copy-counts-itself).
            where = (
                N_("{where}, itself included", where=where)
                if copier is None
                else N_("{where}, the copied guild included", where=where)
            )
        return Nn_(
            "{per} per {what} in {where}, {count} in all: {points} victory point",
            "{per} per {what} in {where}, {count} in all: {points} victory points",
            abs(points),
            per=self.points,
            what=self._text,
            where=where,
            count=count,
            points=points,
        )

    def _where(self, left: str, right: str, copier: str | None) -> Text:
        both = self.sides == (True, True)
        if both:
            if self.own:
                if copier is not None:
                    return N_(
                        "the cities of {player}, {left} and {right}", player=copier, left=left, right=right
                    )
                return N_("its own city and the cities of {left} and {right}", left=left, right=right)
            return N_("the cities of {left} and {right}", left=left, right=right)
        if self.sides[0]:
            return N_("the city of {left}", left=left)
        if self.sides[1]:
            return N_("the city of {right}", right=right)
        if copier is not None:
            return N_("the city of {player}", player=copier)
        return N_("its own city")


@kind("science-set-bonus", required=["points"])
@record
class ScienceSetBonus(Effect):
    """Each complete set of science symbols is worth ``points`` more (Aristotle)."""

    points: int

    @classmethod
    def parse(cls, fields: Fields) -> ScienceSetBonus:
        return cls(fields.whole("points"))

    def describe(self) -> Text:
        return Nn_(
            "At the end of the game: {n} more victory point for each complete set of science symbols.",
            "At the end of the game: {n} more victory points for each complete set of science symbols.",
            self.points,
        )

    def set_bonus(self) -> int:
        return self.points


INCOMES = ("purchase", "victory", "chain", "yellow", "bank", "black")
"""When an ``income`` effect gives its coins."""


@kind("income", required=["coins", "on"])
@record
class Income(Effect):
    """Coins from the bank during the game, each time something happens (Hatshepsut, Nero,
    Vitruvius, Xenophon): they end up in the treasury the table counts, so only said."""

    coins: int
    on: str

    @classmethod
    def parse(cls, fields: Fields) -> Income:
        on = fields.value("on", str)
        if on not in INCOMES:
            raise fields.fail(f"income.on is one of {', '.join(INCOMES)}, not {on!r}")
        return cls(fields.whole("coins"), on)

    def describe(self) -> Text:
        if self.on == "purchase":
            return Nn_(
                "{n} coin from the bank in each turn the city buys resources from a neighbour, "
                "for each neighbour paid.",
                "{n} coins from the bank in each turn the city buys resources from a neighbour, "
                "for each neighbour paid.",
                self.coins,
            )
        if self.on == "victory":
            return Nn_(
                "{n} coin from the bank for each military victory token won from now on.",
                "{n} coins from the bank for each military victory token won from now on.",
                self.coins,
            )
        if self.on == "bank":
            return Nn_(
                "From now on, {n} coin more each time the city takes coins from the bank.",
                "From now on, {n} coins more each time the city takes coins from the bank.",
                self.coins,
            )
        if self.on == "black":
            return Nn_(
                "{n} coin from the bank each time the city builds a black card from now on.",
                "{n} coins from the bank each time the city builds a black card from now on.",
                self.coins,
            )
        if self.on == "chain":
            return Nn_(
                "{n} coin from the bank each time the city builds a structure for free by chain.",
                "{n} coins from the bank each time the city builds a structure for free by chain.",
                self.coins,
            )
        return Nn_(
            "{n} coin from the bank each time the city builds a yellow card from now on.",
            "{n} coins from the bank each time the city builds a yellow card from now on.",
            self.coins,
        )


@kind("points-if-wonder-complete", required=["points"])
@record
class PointsIfWonderComplete(Effect):
    """The Decorators Guild (2020): victory points when every stage of the owner's wonder is built."""

    points: int

    @classmethod
    def parse(cls, fields: Fields) -> PointsIfWonderComplete:
        return cls(fields.whole("points"))

    def describe(self) -> Text:
        return Nn_(
            "At the end of the game: {n} victory point if every stage of your wonder is built.",
            "At the end of the game: {n} victory points if every stage of your wonder is built.",
            self.points,
        )

    def scorer(self, color: Color | None = None) -> Scorer:
        return _CompleteWonder(self.points)


class _CompleteWonder:
    """Counts 1 when every stage of the owner's wonder side is built, else 0."""

    __slots__ = ("points",)
    counts_itself = False

    def __init__(self, points: int) -> None:
        self.points = points

    def count(self, counter: ScoreCounter, seat: int, size: int, unknown: list[int]) -> int:
        total = counter.stage_total(seat)
        if total is None:
            unknown.append(seat)
            return 0
        return 1 if counter.stages(seat) >= total else 0

    def explain(self, count: int, left: str, right: str, copier: str | None = None) -> Text:
        if count:
            return Nn_(
                "every stage of its wonder is built: {n} victory point",
                "every stage of its wonder is built: {n} victory points",
                self.points,
            )
        return N_("not every stage of its wonder is built: 0 victory points")
