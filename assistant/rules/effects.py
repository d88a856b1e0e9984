"""Every effect a card or a wonder stage can print: one class per kind, one home per kind.

An effect kind is defined once, here: its fields, how it is read from ``rules_data``
(:meth:`Effect.parse`), how it is told to a player (:meth:`Effect.describe`), and the
hooks the engines call instead of asking which class it is:

* the catalog loader calls :meth:`Effect.check` (a cross-check with the card it is on);
* scoring calls :meth:`Effect.victory_points`, :meth:`Effect.science_symbol`,
  :meth:`Effect.wildcards`, :meth:`Effect.scorer` (points counted at the end of the
  game) and :meth:`Effect.copies_guild`;
* military calls :meth:`Effect.shield_count`;
* trading calls :meth:`Effect.produced`, :meth:`Effect.discount` and
  :meth:`Effect.frees`; a game in progress (:mod:`.during`) also
  :meth:`Effect.free_power`, :meth:`Effect.once_per_age`, :meth:`Effect.from_next_age`
  and :meth:`Effect.builds_from_discard`;
* validation calls :meth:`Effect.extra_structures` (builds beyond the turns of the ages)
  and :meth:`Effect.extra_in_age` (cards beyond one age's turns).

A new kind is one new class registered with :func:`kind`; the vocabulary stays closed
(the loader refuses a kind not registered here), so the engines are checked to know
every kind the data uses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .describe import GOODS_NAMES, OR, RESOURCE_NAMES, SYMBOL_NAMES, cities_text, join
from .edition import EditionRules
from .model import Color, Counted, Goods, Resource, Symbol, Whose
from .records import field, record
from .text import N_, Nn_, Text

TYPE_CHECKING = False
if TYPE_CHECKING:  # the protocols are for mypy: nothing checks them at run time
    from typing import Any, ClassVar, Protocol, TypeVar

    E = TypeVar("E", bound="Effect")

    class ScoreCounter(Protocol):
        """What an end-of-game scorer may ask about the table (implemented by scoring)."""

        def cards(self, seat: int, colors: Sequence[Color]) -> int | None:
            """Cards of these colours in the city at ``seat``; None when its cards are unknown."""

        def stages(self, seat: int) -> int:
            """Wonder stages built by the city at ``seat``."""

        def stage_total(self, seat: int) -> int | None:
            """How many stages the city's wonder side has; None when its wonder is unknown."""

        def defeats(self, seat: int) -> int | None:
            """The city's defeat tokens; None when not known."""

        def victories(self, seat: int) -> int | None:
            """The city's military victory tokens; None when not known."""

        def coins(self, seat: int) -> int:
            """The coins in the city's treasury."""

    class Scorer(Protocol):
        """Victory points counted at the end of the game: ``points`` for each item counted."""

        points: int
        counts_itself: bool
        """The scorer counts cards like the one it is on in its owner's city (a copy adds itself)."""

        def count(self, counter: ScoreCounter, seat: int, size: int, unknown: list[int]) -> int:
            """Items counted for the city at ``seat`` of a table of ``size``; seats it cannot see go to ``unknown``."""

        def explain(self, count: int, left: str, right: str, copier: str | None = None) -> Text:
            """Why the points: what was counted and where (``left`` and ``right`` are the
            neighbours' names), ending in the points (``... 3 in all: 6 victory points``).

            ``copier`` names the player whose wonder copies the card (Olympia B): the owner's
            city is then named, and a card that counts itself says that the copy counts."""


__all__ = [
    "KINDS",
    "BankTrade",
    "BuildFromDiscard",
    "Cheaper",
    "CheaperCoins",
    "Coins",
    "CoinsPer",
    "CopyGuild",
    "CopyLeader",
    "CopyScience",
    "DefeatsAsShields",
    "DefeatsToVictor",
    "Diplomacy",
    "Discount",
    "DrawLeaders",
    "Effect",
    "ExtraUnit",
    "Fields",
    "FreeBuildPerAge",
    "FreeColor",
    "FreeColorPerAge",
    "FreeFirstCardOfAge",
    "FreeFirstOfColor",
    "FreeLastCardOfAge",
    "FreeStageResources",
    "Income",
    "NeighboursCoins",
    "OthersLose",
    "PlayLastCard",
    "Points",
    "PointsIfWonderComplete",
    "PointsPer",
    "Produce",
    "Rebate",
    "RecruitLeader",
    "Science",
    "ScienceSetBonus",
    "ScienceWild",
    "Shields",
    "kind",
]


class Fields:
    """One effect's table from ``rules_data``, read with types checked.

    ``fail`` turns a message into the loader's error, naming the file and the entry.
    """

    def __init__(
        self, table: Mapping[str, Any], fail: Callable[[str], Exception], rules: EditionRules | None = None
    ) -> None:
        self.table = table
        self.fail = fail
        self.rules = rules
        """The edition being read (its prices, for a discount; its colours)."""

    def value(self, key: str, kind: type[Any], default: Any = None) -> Any:
        value = self.table.get(key, default)
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(f"{key} must be a whole number, not {value!r}")
        if not isinstance(value, kind):
            raise self.fail(f"{key} must be a {kind.__name__}, not {value!r}")
        return value

    def whole(self, key: str, default: int | None = None) -> int:
        return int(self.value(key, int, default))

    def flag(self, key: str, default: bool) -> bool:
        return bool(self.value(key, bool, default))

    def choice(self, key: str, enum: Callable[[str], Any]) -> Any:
        raw = self.value(key, str)
        try:
            return enum(raw)
        except ValueError:
            raise self.fail(f"{key}: unknown value {raw!r}") from None

    def colors(self, key: str) -> tuple[tuple[Color, ...], tuple[Text, ...]]:
        """A list of the edition's colours, with each one's words (``brown``)."""
        colors = self.choices(key, Color)
        if self.rules is None:
            return colors, tuple(Text(c.value) for c in colors)
        try:
            return colors, tuple(self.rules.color(c).name for c in colors)
        except KeyError as exc:
            raise self.fail(f"{key}: {exc.args[0]!r} is not a colour of this edition") from None

    def choices(self, key: str, enum: Callable[[str], Any], default: Sequence[Any] = ()) -> tuple[Any, ...]:
        items = self.value(key, list, list(default))
        out = []
        for raw in items:
            if not isinstance(raw, str):
                raise self.fail(f"{key} must list names, not {raw!r}")
            try:
                out.append(enum(raw))
            except ValueError:
                raise self.fail(f"{key}: unknown value {raw!r}") from None
        return tuple(out)


class Effect:
    """The base of every effect kind: neutral hooks that a kind overrides where it acts."""

    __slots__ = ()
    KIND: ClassVar[str]
    REQUIRED: ClassVar[frozenset[str]] = frozenset()
    OPTIONAL: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def parse(cls: type[E], fields: Fields) -> E:
        """Read the effect from its table (only the kind: kinds with fields override this)."""
        return cls()

    @property
    def kind(self) -> str:
        return self.KIND

    def check(self, color: Color | None, rules: EditionRules) -> str | None:
        """A problem with this effect on a card of ``color`` (None for a wonder stage), or None."""
        return None

    def describe(self) -> Text:
        raise NotImplementedError

    # Hooks for the engines (neutral by default).
    def victory_points(self) -> int:
        """Victory points the effect gives by itself."""
        return 0

    def shield_count(self) -> int:
        return 0

    def science_symbol(self) -> Symbol | None:
        return None

    def wildcards(self) -> int:
        """Science symbols of the owner's choice."""
        return 0

    def scorer(self, color: Color | None = None) -> Scorer | None:
        """How the effect scores at the end of the game by counting, if it does (on a card
        of ``color``: a card counting its own colour in its owner's city counts itself)."""
        return None

    def set_bonus(self) -> int:
        """Victory points added to each complete set of science symbols (Aristotle)."""
        return 0

    def gives_defeats(self) -> bool:
        """Whether the city's defeat tokens go to the neighbour that beat it (Tomyris)."""
        return False

    def copies_leader(self) -> bool:
        """Whether the card copies a leader of a neighbouring city (Courtesans Guild)."""
        return False

    def coin_discount(self) -> CheaperCoins | None:
        """Coins off the price of some cards (Rome B: leaders), if the effect does that."""
        return None

    def extra_leaders(self) -> int:
        """Leaders the effect lets a city recruit beyond one an age (Rome B's stages)."""
        return 0

    def copies_science(self) -> bool:
        """Whether the card copies a science symbol of a neighbour's green card (Cities' masks)."""
        return False

    def diplomacy_tokens(self) -> int:
        """Diplomacy tokens the effect gives its city (Cities)."""
        return 0

    def extra_unit(self) -> str | None:
        """One more unit each turn of a resource the city ``"produced"`` already, or of one it
        ``"not-produced"`` (Cities' Secret Warehouse, Black Market); None: no such power."""
        return None

    def rebate(self) -> tuple[Whose, int] | None:
        """Coins off one resource bought each turn from that neighbour (Clandestine Docks)."""
        return None

    def frees_stage_resources(self) -> bool:
        """Whether wonder stages are built without their resource cost (Architect Cabinet)."""
        return False

    def defeats_are_shields(self) -> bool:
        """Whether the city's defeat tokens count as shields (Semiramis)."""
        return False

    def copies_guild(self) -> bool:
        return False

    def produced(self) -> Produce | None:
        return None

    def discount(self) -> Discount | None:
        return None

    def cheaper(self) -> Cheaper | None:
        """Builds of some kind costing fewer resources (a leader's), if the effect does that."""
        return None

    def free_colors(self) -> tuple[Color, ...]:
        """Colours of structures the effect builds for free, always (a leader's: Ramses)."""
        return ()

    def frees(self, color: Color, held: frozenset[Color]) -> bool | None:
        """Whether this power builds a card of ``color`` for free in a city whose structures
        have the colours ``held``: True (it does), None (it may: it depends on the turn or on
        whether it was used, which the app does not know), False (it does not)."""
        return False

    def free_note(self, player: str, source: str, what: Text, unused: bool = False) -> Text:
        """The sentence that says what the power of ``source`` (a wonder's or a card's name)
        does for this build; ``unused`` says the table
        gave ``free_build_used: false`` (a once-per-age power is then said plainly)."""
        raise NotImplementedError

    def free_power(self) -> bool:
        """Whether this is a power that builds a structure for free (``via: "free-build"``)."""
        return False

    def once_per_age(self) -> bool:
        """Whether the power is used up for the age once used (a city's ``free_build_used``)."""
        return False

    def from_next_age(self) -> bool:
        """Whether the power acts only from the age after the one its stage was built in."""
        return False

    def used_note(self, player: str, source: str) -> Text:
        """Why the power cannot act now (used this age, or its stage too recent)."""
        raise NotImplementedError

    def spent_note(self, player: str, source: str) -> Text:
        """Why a :meth:`once_per_age` power cannot act now: the table marked it used this age
        (``free_build_used``)."""
        return self.used_note(player, source)

    def stage_note(self, player: str, wonder: str, number: int) -> Text | None:
        """What building the stage carrying this power lets the city do at once or from now
        on, said beside the stage's verdict (None: nothing to add to the stage's cost)."""
        return None

    def builds_from_discard(self) -> bool:
        """Whether building this stage lets the city build a card from the discard pile."""
        return False

    def extra_structures(self, rules: EditionRules) -> int:
        """Structures beyond one an action that the effect lets a city build over a game."""
        return 0

    def extra_in_age(self, age: int, built: int | None) -> int:
        """Cards of Age ``age`` beyond the age's turns that the effect lets a city play, for
        the stage carrying it built in Age ``built`` (None: the table did not say when)."""
        return 0


KINDS: dict[str, type[Effect]] = {}


def kind(
    name: str, required: Sequence[str] = (), optional: Sequence[str] = ()
) -> Callable[[type[E]], type[E]]:
    """Register an effect class under its ``kind`` name in ``rules_data``."""

    def register(cls: type[E]) -> type[E]:
        if name in KINDS:
            raise ValueError(f"effect kind {name!r} is registered twice")
        cls.KIND = name
        cls.REQUIRED = frozenset(required)
        cls.OPTIONAL = frozenset(optional)
        KINDS[name] = cls
        return cls

    return register


# --- the kinds ----------------------------------------------------------------------------------


@kind("produce", required=["resources"], optional=["count", "sellable"])
@record
class Produce(Effect):
    """Produces ``count`` units of one of ``resources`` each turn (either/or when several)."""

    resources: tuple[Resource, ...]
    count: int = 1
    sellable: bool = True

    @classmethod
    def parse(cls, fields: Fields) -> Produce:
        resources = fields.choices("resources", Resource)
        if not resources:
            raise fields.fail("produce.resources is empty")
        return cls(resources, fields.whole("count", 1), fields.flag("sellable", True))

    def check(self, color: Color | None, rules: EditionRules) -> str | None:
        for_sale = color is not None and color in rules.sellable_colors
        if self.sellable != for_sale:
            if color is None:
                return "a wonder stage's resources are never for sale"
            names = " and ".join(c.value for c in rules.sellable_colors)
            return f"only {names} cards' resources are for sale"
        return None

    def describe(self) -> Text:
        names = [RESOURCE_NAMES[r] for r in self.resources]
        if len(names) == 1:
            text = Nn_("Produces {n} {resource}.", "Produces {n} {resource}.", self.count, resource=names[0])
        else:
            text = N_("Produces one of {choices} each turn.", choices=join(names, OR))
        if not self.sellable:
            text = N_("{text} Neighbours cannot buy it.", text=text)
        return text

    def produced(self) -> Produce:
        return self


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


@kind("discount", required=["goods", "neighbours"])
@record
class Discount(Effect):
    """Buy ``goods`` from the given neighbours for ``price`` a unit instead of ``usual``
    (the edition's discounted and usual trade prices)."""

    goods: Goods
    neighbours: tuple[Whose, ...]
    price: int = 1
    usual: int = 2

    @classmethod
    def parse(cls, fields: Fields) -> Discount:
        goods = fields.choice("goods", Goods)
        neighbours = fields.choices("neighbours", Whose)
        if not neighbours or Whose.SELF in neighbours:
            raise fields.fail("discount.neighbours lists left and/or right")
        rules = fields.rules
        if rules is None:
            return cls(goods, neighbours)
        return cls(goods, neighbours, rules.discounted_price, rules.trade_price)

    def describe(self) -> Text:
        if set(self.neighbours) == {Whose.LEFT, Whose.RIGHT}:
            whom = N_("both neighbours")
        elif Whose.LEFT in self.neighbours:
            whom = N_("the left neighbour")
        else:
            whom = N_("the right neighbour")
        return Nn_(
            "Buys {goods} from {whom} for {n} coin instead of {usual}.",
            "Buys {goods} from {whom} for {n} coins instead of {usual}.",
            self.price,
            goods=GOODS_NAMES[self.goods],
            whom=whom,
            usual=self.usual,
        )

    def discount(self) -> Discount:
        return self


@kind("cheaper", required=["resources"], optional=["colors", "stages"])
@record
class Cheaper(Effect):
    """Structures of the given colours, or wonder stages, cost ``resources`` resource units
    less, the owner choosing which (Archimedes, Leonidas, Hammurabi, Imhotep). The least-cost
    search tries every unit it could leave out; ``price`` coins go to the bank for each unit
    left out (Bilkis buys it from the bank), and ``every`` build is concerned when set."""

    resources: int
    colors: tuple[Color, ...] = ()
    color_names: tuple[Text, ...] = field(default=(), compare=False)
    stages: bool = False
    price: int = 0
    every: bool = False

    @classmethod
    def parse(cls, fields: Fields) -> Cheaper:
        resources = fields.whole("resources")
        colors, names = fields.colors("colors")
        stages = fields.flag("stages", False)
        if resources < 1 or (not colors) == (not stages):
            raise fields.fail("cheaper: resources 1 or more, for colors or for stages (one of them)")
        return cls(resources, colors, names, stages)

    def describe(self) -> Text:
        if self.stages:
            return Nn_(
                "Builds wonder stages for {n} resource less (of the owner's choice).",
                "Builds wonder stages for {n} resources less (of the owner's choice).",
                self.resources,
            )
        return Nn_(
            "Builds {colors} cards for {n} resource less (of the owner's choice).",
            "Builds {colors} cards for {n} resources less (of the owner's choice).",
            self.resources,
            colors=join(list(self.color_names), OR),
        )

    def cheaper(self) -> Cheaper:
        return self

    def applies(self, color: Color | None) -> bool:
        """Whether it makes this build cheaper: a structure of ``color``, or a stage (None)."""
        if self.every:
            return True
        return self.stages if color is None else color in self.colors


@kind("bank-trade", required=["price"])
@record
class BankTrade(Effect):
    """Once a turn, buy one resource of any kind from the bank for ``price`` coins (Bilkis):
    to the least-cost search, one unit of any build's cost left out for ``price`` coins."""

    price: int

    @classmethod
    def parse(cls, fields: Fields) -> BankTrade:
        price = fields.whole("price")
        if price < 0:
            raise fields.fail("bank-trade: the price is 0 coins or more")
        return cls(price)

    def describe(self) -> Text:
        return Nn_(
            "Once a turn, buys one resource of any kind from the bank for {n} coin.",
            "Once a turn, buys one resource of any kind from the bank for {n} coins.",
            self.price,
        )

    def cheaper(self) -> Cheaper:
        return Cheaper(1, price=self.price, every=True)


@kind("cheaper-coins", required=["coins", "colors", "cities"])
@record
class CheaperCoins(Effect):
    """Cards of the given colours cost ``coins`` coins less (never below nothing) to the
    cities named, seen from the owner (Rome B: its own leaders 2 less, its neighbours' 1)."""

    coins: int
    colors: tuple[Color, ...]
    cities: tuple[Whose, ...]
    color_names: tuple[Text, ...] = field(default=(), compare=False)

    @classmethod
    def parse(cls, fields: Fields) -> CheaperCoins:
        coins = fields.whole("coins")
        colors, names = fields.colors("colors")
        cities = fields.choices("cities", Whose)
        if coins < 1 or not colors or not cities:
            raise fields.fail("cheaper-coins: coins 1 or more, the colours and the cities it helps")
        return cls(coins, colors, cities, names)

    def describe(self) -> Text:
        colors = join(list(self.color_names), OR)
        if self.cities == (Whose.SELF,):
            return Nn_(
                "The city's {colors} cards cost {n} coin less.",
                "The city's {colors} cards cost {n} coins less.",
                self.coins,
                colors=colors,
            )
        return Nn_(
            "The neighbours' {colors} cards cost {n} coin less.",
            "The neighbours' {colors} cards cost {n} coins less.",
            self.coins,
            colors=colors,
        )

    def coin_discount(self) -> CheaperCoins:
        return self


@kind("draw-leaders", required=["count"])
@record
class DrawLeaders(Effect):
    """Draw leaders from those not dealt into the hand of leaders (Rome B stage 1)."""

    count: int

    @classmethod
    def parse(cls, fields: Fields) -> DrawLeaders:
        return cls(fields.whole("count"))

    def describe(self) -> Text:
        return Nn_(
            "Draws {n} leader from those not dealt into the city's hand of leaders.",
            "Draws {n} leaders from those not dealt into the city's hand of leaders.",
            self.count,
        )


@kind("recruit-leader")
@record
class RecruitLeader(Effect):
    """When built, recruit one more leader from the hand at once, paying its cost (Rome B)."""

    def describe(self) -> Text:
        return N_("When built: recruit one more leader from the hand at once, paying its cost.")

    def extra_leaders(self) -> int:
        return 1


@kind("free-color", required=["colors"], optional=["later"])
@record
class FreeColor(Effect):
    """Structures of the given colours are built for free, always (Ramses: guilds); with
    ``later``, those built after this card (Maecenas: the leaders recruited after him)."""

    colors: tuple[Color, ...]
    color_names: tuple[Text, ...] = field(default=(), compare=False)
    later: bool = False

    @classmethod
    def parse(cls, fields: Fields) -> FreeColor:
        colors, names = fields.colors("colors")
        if not colors:
            raise fields.fail("free-color lists the colours built for free")
        return cls(colors, names, fields.flag("later", False))

    def describe(self) -> Text:
        if self.later:
            return N_("Builds every later {colors} card for free.", colors=join(list(self.color_names), OR))
        return N_("Builds {colors} cards for free.", colors=join(list(self.color_names), OR))

    def free_colors(self) -> tuple[Color, ...]:
        return self.colors


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


@kind("defeats-to-victor")
@record
class DefeatsToVictor(Effect):
    """From now on, a defeat token the city would take goes to the neighbour that beat it
    (Tomyris): the neighbour takes its victory token and the defeat token."""

    def describe(self) -> Text:
        return N_(
            "From now on, when the city loses a conflict, the neighbour that beat it takes the defeat "
            "token as well as its victory token."
        )

    def gives_defeats(self) -> bool:
        return True


@kind("free-build-per-age")
@record
class FreeBuildPerAge(Effect):
    """Olympia A stage 2: once per age, build a structure for free."""

    def describe(self) -> Text:
        return N_("Once per age, build a structure for free.")

    def frees(self, color: Color, held: frozenset[Color]) -> bool | None:
        return None  # whether it was used this age is the table's to say

    def free_note(self, player: str, source: str, what: Text, unused: bool = False) -> Text:
        if unused:
            return N_(
                "{player} can build {what} for free with the once-per-age free build of the {wonder}: "
                "it has not been used this age.",
                wonder=source,
                player=player,
                what=what,
            )
        return N_(
            "If the once-per-age free build of the {wonder} has not been used this age, "
            "{player} can build {what} with it for free.",
            wonder=source,
            player=player,
            what=what,
        )

    def free_power(self) -> bool:
        return True

    def once_per_age(self) -> bool:
        return True

    def used_note(self, player: str, source: str) -> Text:
        return N_(
            "{player} has already used the once-per-age free build of the {wonder} this age.",
            player=player,
            wonder=source,
        )


@kind("free-first-of-color")
@record
class FreeFirstOfColor(Effect):
    """Olympia Day stage 2 (2020): a card of a colour the city does not have yet is built free."""

    def describe(self) -> Text:
        return N_("The first card of each colour you build is free.")

    def frees(self, color: Color, held: frozenset[Color]) -> bool | None:
        return color not in held

    def free_power(self) -> bool:
        return True

    def used_note(self, player: str, source: str) -> Text:
        return N_(
            "{player}'s city already has a card of that colour, and the {wonder} builds only the "
            "first card of each colour for free.",
            player=player,
            wonder=source,
        )

    def free_note(self, player: str, source: str, what: Text, unused: bool = False) -> Text:
        return N_(
            "{player} can build {what} for free: the {wonder} builds the first card of each colour "
            "for free, and the city has none of its colour yet.",
            player=player,
            what=what,
            wonder=source,
        )


@kind("free-first-card-of-age")
@record
class FreeFirstCardOfAge(Effect):
    """Olympia Night stage 1 (2020): the first card played in each later age is built free."""

    def describe(self) -> Text:
        return N_("From the next age on, the first card you play in each age is built for free.")

    def frees(self, color: Color, held: frozenset[Color]) -> bool | None:
        return None  # only on the first turn of an age

    def free_power(self) -> bool:
        return True

    def from_next_age(self) -> bool:
        return True

    def once_per_age(self) -> bool:
        # The first card of an age is played once: the format's ``free_build_used`` says it
        # was. (The sixth card's free build, Night stage 2, ends the age: never marked.)
        return True

    def used_note(self, player: str, source: str) -> Text:
        return N_(
            "{player} built this stage of the {wonder} this age: it builds the first card of each "
            "age for free only from the next age on.",
            player=player,
            wonder=source,
        )

    def spent_note(self, player: str, source: str) -> Text:
        return N_(
            "{player} has already played the first card of this age: the {wonder} builds only the "
            "first card of each age for free.",
            player=player,
            wonder=source,
        )

    def free_note(self, player: str, source: str, what: Text, unused: bool = False) -> Text:
        return N_(
            "If this is the first card {player} plays this age (and the stage was built in an "
            "earlier age), the {wonder} builds {what} for free.",
            player=player,
            wonder=source,
            what=what,
        )


@kind("free-last-card-of-age")
@record
class FreeLastCardOfAge(Effect):
    """Olympia Night stage 2 (2020): the sixth card played in each age is built free."""

    def describe(self) -> Text:
        return N_("The last card you play in each age (the sixth) is built for free.")

    def frees(self, color: Color, held: frozenset[Color]) -> bool | None:
        return None  # only on the sixth turn of an age

    def free_power(self) -> bool:
        return True

    def free_note(self, player: str, source: str, what: Text, unused: bool = False) -> Text:
        return N_(
            "If this is the sixth card {player} plays this age, the {wonder} builds {what} for free.",
            player=player,
            wonder=source,
            what=what,
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


@kind("play-last-card")
@record
class PlayLastCard(Effect):
    """Babylon B stage 2: also play the seventh card of each age."""

    def describe(self) -> Text:
        return N_("Play the seventh card of each age instead of discarding it.")

    def extra_structures(self, rules: EditionRules) -> int:
        return rules.ages  # the seventh card of every age, up to one per age

    def extra_in_age(self, age: int, built: int | None) -> int:
        # The seventh card of the age the stage was built in (ruling babylon-b-seventh-card:
        # built on the sixth turn, it already plays that age's) and of every later age.
        return 1 if built is None or age >= built else 0

    def stage_note(self, player: str, wonder: str, number: int) -> Text | None:
        return N_(
            "Once built, stage {number} of the {wonder} lets {player} also play the card left at the "
            "end of each age instead of discarding it, this age's included.",
            number=number,
            wonder=wonder,
            player=player,
        )


@kind("build-from-discard")
@record
class BuildFromDiscard(Effect):
    """Halicarnassus: build a card from the discard pile for free."""

    def describe(self) -> Text:
        return N_("Build one card from the discard pile for free.")

    def builds_from_discard(self) -> bool:
        return True

    def extra_structures(self, rules: EditionRules) -> int:
        return 1

    def extra_in_age(self, age: int, built: int | None) -> int:
        # The discard pile keeps every age's cards: the card built can be of the age the
        # stage was built in or of an earlier one (ruling halicarnassus-discard).
        return 1 if built is None or age <= built else 0

    def stage_note(self, player: str, wonder: str, number: int) -> Text | None:
        return N_(
            "Once built, stage {number} of the {wonder} lets {player} build a card of the discard pile "
            "for free at the end of this turn: the power does not wait.",
            number=number,
            wonder=wonder,
            player=player,
        )


@kind("copy-guild")
@record
class CopyGuild(Effect):
    """Olympia B stage 3: at game end, copy a guild of a neighbouring city."""

    def describe(self) -> Text:
        return N_("At the end of the game, copy one guild of a neighbouring city.")

    def copies_guild(self) -> bool:
        return True


@kind("copy-science")
@record
class CopyScience(Effect):
    """At the end of the game, the city copies one science symbol of a green card in a
    neighbouring city (Cities' masks), chosen to score the most."""

    def describe(self) -> Text:
        return N_("At the end of the game, copy one science symbol of a green card of a neighbouring city.")

    def copies_science(self) -> bool:
        return True


@kind("others-lose", required=["coins"], optional=["counted"])
@record
class OthersLose(Effect):
    """When built, every other player pays ``coins`` to the bank (for each of its victory
    tokens or wonder stages, when ``counted``), or takes a debt token for each coin unpaid
    (Cities): their coins and debt are what the table gives, so only said."""

    coins: int
    counted: Counted | None = None

    @classmethod
    def parse(cls, fields: Fields) -> OthersLose:
        counted = fields.choice("counted", Counted) if "counted" in fields.table else None
        if counted not in (None, Counted.VICTORIES, Counted.STAGES):
            raise fields.fail("others-lose counts victory tokens or wonder stages, or nothing")
        return cls(fields.whole("coins"), counted)

    def describe(self) -> Text:
        if self.counted is Counted.VICTORIES:
            return Nn_(
                "When built: every other player loses {n} coin for each military victory token it holds, "
                "or takes debt for what it does not pay.",
                "When built: every other player loses {n} coins for each military victory token it holds, "
                "or takes debt for what it does not pay.",
                self.coins,
            )
        if self.counted is Counted.STAGES:
            return Nn_(
                "When built: every other player loses {n} coin for each wonder stage it has built, "
                "or takes debt for what it does not pay.",
                "When built: every other player loses {n} coins for each wonder stage it has built, "
                "or takes debt for what it does not pay.",
                self.coins,
            )
        return Nn_(
            "When built: every other player loses {n} coin, or takes debt for what it does not pay.",
            "When built: every other player loses {n} coins, or takes debt for what it does not pay.",
            self.coins,
        )


@kind("neighbours-coins", required=["coins"])
@record
class NeighboursCoins(Effect):
    """When built, each neighbour takes ``coins`` from the bank (Cities' gambling cards)."""

    coins: int

    @classmethod
    def parse(cls, fields: Fields) -> NeighboursCoins:
        return cls(fields.whole("coins"))

    def describe(self) -> Text:
        return Nn_(
            "When built: each neighbour takes {n} coin from the bank.",
            "When built: each neighbour takes {n} coins from the bank.",
            self.coins,
        )


@kind("diplomacy")
@record
class Diplomacy(Effect):
    """A diplomacy token: the city sits out the next conflict, its neighbours fight each other
    across it (Cities)."""

    def describe(self) -> Text:
        return N_(
            "A diplomacy token: the city sits out the next conflict; its two neighbours fight each other."
        )

    def diplomacy_tokens(self) -> int:
        return 1


EXTRA_UNITS = ("produced", "not-produced")


@kind("extra-unit", required=["of"])
@record
class ExtraUnit(Effect):
    """Once a turn, one more unit of a resource the city produces through its brown and grey
    cards and its board (``produced``: Secret Warehouse), or of one it does not
    (``not-produced``: Black Market); neighbours cannot buy it."""

    of: str

    @classmethod
    def parse(cls, fields: Fields) -> ExtraUnit:
        of = fields.value("of", str)
        if of not in EXTRA_UNITS:
            raise fields.fail(f"extra-unit.of is one of {', '.join(EXTRA_UNITS)}, not {of!r}")
        return cls(of)

    def describe(self) -> Text:
        if self.of == "produced":
            return N_(
                "Once a turn, one more unit of a resource the city's brown and grey cards or board produce. "
                "Neighbours cannot buy it."
            )
        return N_(
            "Once a turn, one unit of a resource the city's brown and grey cards and board do not produce. "
            "Neighbours cannot buy it."
        )

    def extra_unit(self) -> str:
        return self.of


@kind("rebate", required=["neighbours", "coins"])
@record
class Rebate(Effect):
    """Once a turn, one resource bought from that neighbour costs ``coins`` less (Cities'
    Clandestine Docks)."""

    neighbour: Whose
    coins: int

    @classmethod
    def parse(cls, fields: Fields) -> Rebate:
        neighbours = fields.choices("neighbours", Whose)
        if len(neighbours) != 1 or neighbours[0] is Whose.SELF:
            raise fields.fail("rebate.neighbours names one neighbour, left or right")
        return cls(neighbours[0], fields.whole("coins"))

    def describe(self) -> Text:
        whom = N_("the left neighbour") if self.neighbour is Whose.LEFT else N_("the right neighbour")
        return Nn_(
            "Once a turn, one resource bought from {whom} costs {n} coin less.",
            "Once a turn, one resource bought from {whom} costs {n} coins less.",
            self.coins,
            whom=whom,
        )

    def rebate(self) -> tuple[Whose, int]:
        return self.neighbour, self.coins


@kind("free-stage-resources")
@record
class FreeStageResources(Effect):
    """From now on, wonder stages are built without their resource cost (Architect Cabinet);
    a stage's coins are still paid."""

    def describe(self) -> Text:
        return N_("From now on, wonder stages are built without paying their resources (coins still are).")

    def frees_stage_resources(self) -> bool:
        return True


@kind("free-color-per-age", required=["colors"])
@record
class FreeColorPerAge(Effect):
    """Once per age, build a card of the given colours for free (Caligula: a black card)."""

    colors: tuple[Color, ...]
    color_names: tuple[Text, ...] = field(default=(), compare=False)

    @classmethod
    def parse(cls, fields: Fields) -> FreeColorPerAge:
        colors, names = fields.colors("colors")
        if not colors:
            raise fields.fail("free-color-per-age lists the colours")
        return cls(colors, names)

    def describe(self) -> Text:
        return N_("Once per age, build a {colors} card for free.", colors=join(list(self.color_names), OR))

    def frees(self, color: Color, held: frozenset[Color]) -> bool | None:
        return None if color in self.colors else False  # whether it was used this age: the table's

    def free_power(self) -> bool:
        return True

    def once_per_age(self) -> bool:
        return True

    def free_note(self, player: str, source: str, what: Text, unused: bool = False) -> Text:
        colors = join(list(self.color_names), OR)
        if unused:
            return N_(
                "{player} can build {what} for free with {card}'s free {colors} card of the age: it "
                "has not been used this age.",
                player=player,
                what=what,
                card=source,
                colors=colors,
            )
        return N_(
            "If {card}'s free {colors} card of the age has not been used, {player} can build {what} "
            "with it for free.",
            card=source,
            colors=colors,
            player=player,
            what=what,
        )

    def used_note(self, player: str, source: str) -> Text:
        return N_(
            "{card} builds only a {colors} card for free.",
            card=source,
            colors=join(list(self.color_names), OR),
        )

    def spent_note(self, player: str, source: str) -> Text:
        return N_(
            "{player} has already used {card}'s free {colors} card this age.",
            player=player,
            card=source,
            colors=join(list(self.color_names), OR),
        )


@kind("defeats-as-shields")
@record
class DefeatsAsShields(Effect):
    """Each defeat token the city holds counts as one shield (Semiramis)."""

    def describe(self) -> Text:
        return N_("Each defeat token the city holds counts as one shield.")

    def defeats_are_shields(self) -> bool:
        return True


@kind("copy-leader")
@record
class CopyLeader(Effect):
    """Courtesans Guild: copy the power of a leader recruited by a neighbour (the best for
    the city, at the end of the game); the neighbour keeps it."""

    def describe(self) -> Text:
        return N_("Copies the power of one leader recruited in a neighbouring city; the neighbour keeps it.")

    def copies_leader(self) -> bool:
        return True
