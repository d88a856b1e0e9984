"""The rules core's value objects: frozen, typed, and free of any framework.

Two groups live here:

* the vocabulary of the game (resources, colours, science symbols, score categories);
* a table to score (:class:`Game`, :class:`City`) and what the core says about it
  (:class:`ScoreSheet`, :class:`Problem`, :class:`Verdict`).

The printed components (cards, wonder sides and stages) are in
:mod:`assistant.rules.components`, beside the effects they carry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from operator import attrgetter
from typing import TYPE_CHECKING, NamedTuple

from .records import field, record
from .text import Text

if TYPE_CHECKING:
    from typing import Any, ClassVar, Literal, Self

    Deck = Literal["printed", "guilds", "drawn", "apart"]
    Severity = Literal["error", "warning", "info"]
    TieBreak = Literal["points", "coins", "shared", "alone"]
    How = Literal["chain", "free", "own", "coins", "trade", "free-build", "discard"]


class Resource(StrEnum):
    """The seven resources; the first four are raw materials, the last three manufactured goods."""

    WOOD = "wood"
    STONE = "stone"
    CLAY = "clay"
    ORE = "ore"
    GLASS = "glass"
    LOOM = "loom"
    PAPYRUS = "papyrus"


RAW_MATERIALS: frozenset[Resource] = frozenset({Resource.WOOD, Resource.STONE, Resource.CLAY, Resource.ORE})
MANUFACTURED_GOODS: frozenset[Resource] = frozenset({Resource.GLASS, Resource.LOOM, Resource.PAPYRUS})


class _Id(str):
    """A name from the rules data that is also its string (``"brown"``, ``"military"``).

    Not a closed enumeration: the data lists them and an expansion may add more. One object
    per id and per kind, so they compare with ``is`` as enumeration members do, and pickle
    to the same object.
    """

    __slots__ = ()
    _known: ClassVar[dict[str, Any]]
    _what: ClassVar[str]

    def __init_subclass__(cls, what: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._known = {}
        cls._what = what

    def __new__(cls, value: str) -> Self:
        found: Self | None = cls._known.get(value)
        if found is None:
            if not isinstance(value, str) or not value or not value.replace("-", "").isalnum():
                raise ValueError(f"{value!r} is not a {cls._what} id")
            found = str.__new__(cls, value)
            cls._known[str(value)] = found
        return found

    @property
    def value(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str.__repr__(self)})"

    def __reduce__(self) -> tuple[type[Self], tuple[str]]:
        return (type(self), (self.value,))


class Color(_Id, what="colour"):
    """A card colour, which is a structure type, named by its id (``brown``).

    An edition's ``edition.toml`` lists its colours (their words, swatch and how their
    cards are dealt) and an expansion may add one (Leaders' white cards, Cities' black
    cards). The base game's seven colours are constants here (``Color.BROWN``...).
    """

    __slots__ = ()

    BROWN: ClassVar[Color]
    GREY: ClassVar[Color]
    BLUE: ClassVar[Color]
    YELLOW: ClassVar[Color]
    RED: ClassVar[Color]
    GREEN: ClassVar[Color]
    PURPLE: ClassVar[Color]


Color.BROWN = Color("brown")
Color.GREY = Color("grey")
Color.BLUE = Color("blue")
Color.YELLOW = Color("yellow")
Color.RED = Color("red")
Color.GREEN = Color("green")
Color.PURPLE = Color("purple")


class Symbol(StrEnum):
    """Science symbols."""

    COMPASS = "compass"
    GEAR = "gear"
    TABLET = "tablet"


class Category(_Id, what="category"):
    """A score category, a row of the score pad, named by its id (``military``).

    An edition's ``edition.toml`` lists its categories and their order, and an expansion
    may add one (Leaders, Cities). The seven categories of the base game are constants
    here (``Category.MILITARY``...).
    """

    __slots__ = ()

    MILITARY: ClassVar[Category]
    TREASURY: ClassVar[Category]
    WONDER: ClassVar[Category]
    CIVILIAN: ClassVar[Category]
    SCIENCE: ClassVar[Category]
    COMMERCIAL: ClassVar[Category]
    GUILDS: ClassVar[Category]


Category.MILITARY = Category("military")
Category.TREASURY = Category("treasury")
Category.WONDER = Category("wonder")
Category.CIVILIAN = Category("civilian")
Category.SCIENCE = Category("science")
Category.COMMERCIAL = Category("commercial")
Category.GUILDS = Category("guilds")

CATEGORIES: tuple[Category, ...] = (
    Category.MILITARY,
    Category.TREASURY,
    Category.WONDER,
    Category.CIVILIAN,
    Category.SCIENCE,
    Category.COMMERCIAL,
    Category.GUILDS,
)
"""The base game's categories in the first edition's counting order (an edition's own
list is ``catalog.rules.categories``)."""


class Whose(StrEnum):
    """Which cities an effect looks at, from the owner's seat."""

    SELF = "self"
    LEFT = "left"
    RIGHT = "right"


class Counted(StrEnum):
    """What a per-item effect counts."""

    CARDS = "cards"
    STAGES = "stages"
    DEFEATS = "defeats"
    VICTORIES = "victories"
    """Military victory tokens."""
    COINS = "coins"
    """Coins in the treasury (``every`` of them for one item: Midas, 1 per 3 coins)."""
    SETS = "sets"
    """Sets of one card of each of the colours listed (Justinian, Plato)."""


class Goods(StrEnum):
    """The resource class a trading discount applies to."""

    RAW = "raw"
    MANUFACTURED = "manufactured"

    @property
    def resources(self) -> frozenset[Resource]:
        return RAW_MATERIALS if self is Goods.RAW else MANUFACTURED_GOODS


DECKS: tuple[Deck, ...] = ("printed", "guilds", "drawn", "apart")
"""The values of :data:`Deck` (a type, defined for mypy above). How the cards of a colour come into a game (the colour's ``deck`` in ``rules_data``):

* ``printed``: each copy prints the least player count it is dealt at (brown...green);
* ``guilds``: one copy each, none printed; players + ``guilds_beyond_players`` of them are
  dealt at random in the last age (purple);
* ``drawn``: one copy each, none printed; as many enter each age's deck as there are
  players, at random (Cities' black cards);
* ``apart``: one copy each, not in the age decks at all, dealt apart and played in any age
  (Leaders' white cards): such a card prints no age.
"""


# --- costs ---------------------------------------------------------------------------------


@record
class Cost:
    """What building costs: coins paid to the bank and resources the city must produce or buy."""

    coins: int = 0
    resources: tuple[tuple[Resource, int], ...] = ()

    @property
    def is_free(self) -> bool:
        return self.coins == 0 and not self.resources

    def resource_map(self) -> dict[Resource, int]:
        return dict(self.resources)

    def as_dict(self) -> dict[str, int]:
        """The game format's cost: resources by name, and ``coins`` when there are any."""
        out: dict[str, int] = {r.value: n for r, n in self.resources}
        if self.coins:
            out["coins"] = self.coins
        return out


# --- a table to score ---------------------------------------------------------------------


@record
class ScienceSymbols:
    """Science symbols counted by hand on a paper pad, wildcards apart."""

    compass: int = 0
    gear: int = 0
    tablet: int = 0
    wild: int = 0


class City(NamedTuple):
    """One city at the table, as the game format gives it (seating order is the game's).

    A named tuple rather than a record: a game of seven makes seven, and ``score --jsonl``
    makes them by the thousand; a named tuple is made in one C call, where a frozen record
    sets its eighteen fields one ``object.__setattr__`` at a time (docs/decisions.md)."""

    player: str
    wonder: str | None = None
    side: str = "A"
    stages: int = 0
    coins: int = 0
    cards: tuple[str, ...] | None = ()
    military: tuple[int, ...] | None = None
    shields_by_age: tuple[int, int, int] | None = None
    free_city: bool = False
    categories: tuple[tuple[Category, int], ...] | None = None
    science_symbols: ScienceSymbols | None = None
    # During play (all optional): see the game format's "During play".
    free_build_used: bool | None = None
    """The city's once-per-age free build was used in the current age (None: the table did
    not say; ``False`` given: it was not used, and a verdict says so plainly)."""
    stage_ages: tuple[int, ...] | None = None
    """The age in which each built stage was built (None: not given; stage k assumed in Age k)."""
    copied_guild: str | None = None
    """The guild the table says Olympia B copied (None: the one that scores most)."""
    extra: tuple[tuple[str, Any], ...] = ()
    """The fields the game's expansions add that have no attribute here, by key, only those
    the city gives: tokens counted by hand (``[[city_field]]`` in the expansions' data) and
    fields with a rule of their own (Armada's ``naval_by_age``). :meth:`added` reads one."""
    team: str | None = None
    """The team the city plays in, in a team game (Cities); None: no teams."""
    diplomacy: tuple[int, ...] | None = None
    """Cities: the ages in which the city played a diplomacy token and fought no conflict."""

    def added(self, key: str) -> Any:
        """The value of the field ``key`` an expansion adds (None: the city does not give it)."""
        for name, value in self.extra:
            if name == key:
                return value
        return None

    @property
    def is_pad_entry(self) -> bool:
        """True when the city was entered as a paper pad's numbers, not card by card."""
        return self.cards is None


_FREE_CITY = attrgetter("free_city")
_DIPLOMACY = attrgetter("diplomacy")
_TEAM = attrgetter("team")


@record
class Game:
    """A table: its edition and its cities in clockwise seating order."""

    cities: tuple[City, ...]
    edition: int = 1
    notes: tuple[Problem, ...] = ()
    """Warnings found while reading the input (an unknown field, a name read as an alias)."""
    age: int | None = None
    """The age being played (None: the game is over, or the table did not say)."""
    discard: tuple[str, ...] = ()
    """The card ids in the discard pile, as far as the table gives them."""
    expansions: tuple[str, ...] = ()
    """The expansions being played, in the edition's order (empty: the base game)."""

    @property
    def players(self) -> int:
        """The number of players (the Free City is not one)."""
        return len(self.cities) - int(sum(map(_FREE_CITY, self.cities)))

    @property
    def has_diplomacy(self) -> bool:
        """Whether a city played a diplomacy token (Cities)."""
        return any(map(_DIPLOMACY, self.cities))

    @property
    def deck_players(self) -> int:
        """The player count the deck is built for (two players use the 3-player deck)."""
        return len(self.cities)

    def left(self, seat: int) -> int:
        """The seat of the left neighbour (the next city clockwise)."""
        return (seat + 1) % len(self.cities)

    def right(self, seat: int) -> int:
        """The seat of the right neighbour (the previous city clockwise)."""
        return (seat - 1) % len(self.cities)

    def neighbours(self, seat: int) -> list[int]:
        """The seats of the city's distinct neighbours, left first: one at a table of two."""
        return [s for s in dict.fromkeys((self.left(seat), self.right(seat))) if s != seat]

    def away(self, age: int) -> frozenset[int]:
        """The seats of the cities on diplomacy in Age ``age`` (Cities): they fight no conflict."""
        return frozenset(s for s, c in enumerate(self.cities) if c.diplomacy and age in c.diplomacy)

    @property
    def teams(self) -> tuple[str, ...]:
        """Each seat's team, compared without case, in a team game (Cities); empty otherwise."""
        if not self.cities or None in map(_TEAM, self.cities):
            return ()
        return tuple(str(c.team).casefold() for c in self.cities)

    def opponents(self, seat: int, age: int) -> list[int]:
        """Whom the city fights at the end of Age ``age``, a seat per conflict, left first:
        its neighbours; across a city on diplomacy the next city that is not (Cities), none
        when it is on diplomacy itself; in the team game its other neighbour (see
        :func:`seat_opponents`)."""
        teams = self.teams
        if not teams and not self.has_diplomacy:
            return self.neighbours(seat)
        return seat_opponents(len(self.cities), seat, self.away(age), teams)


def seat_opponents(n: int, seat: int, away: frozenset[int], teams: Sequence[str] = ()) -> list[int]:
    """Whom the city at ``seat`` fights at a table of ``n``, a seat per conflict, left first.

    Its two neighbours, once each (one at a table of two); across cities on diplomacy
    (``away``) the next ones that are not, none when it is away itself (Cities). In the team
    game (``teams``: each seat's team) teammates do not fight each other: a city fights its
    other neighbour twice, once less for each of the two on diplomacy (ruling
    ``cities-team-conflicts``)."""
    if teams:
        out: list[int] = []
        for other in ((seat + 1) % n, (seat - 1) % n):
            if other != seat and teams[other] != teams[seat]:
                out += [other] * (2 - (seat in away) - (other in away))
        return out
    return [s for s in dict.fromkeys(seats_across(n, seat, away)) if s != seat]


def seats_across(n: int, seat: int, away: frozenset[int]) -> tuple[int, int]:
    """The seats a city at a table of ``n`` fights, left then right: its neighbours, or across
    cities on diplomacy (``away``) the next ones that are not; itself twice when it is away
    (it fights none) or alone."""
    if seat in away:
        return seat, seat
    found = []
    for step in (1, -1):
        other = (seat + step) % n
        while other in away and other != seat:
            other = (other + step) % n
        found.append(other)
    return found[0], found[1]


class ProblemCode(StrEnum):
    """What a :class:`Problem` is about: named values, fixed by the game format (more may come).

    A member is also its string (``ProblemCode.DUPLICATE_CARD == "duplicate-card"``).
    """

    DUPLICATE_CARD = "duplicate-card"
    """A city holds two structures of the same name."""
    UNKNOWN_CARD = "unknown-card"
    """A card the edition does not have."""
    CARD_NOT_IN_DECK = "card-not-in-deck"
    """A card whose copies all need more players than the table has."""
    TOO_MANY_COPIES = "too-many-copies"
    """The table holds more copies of a card than the deck has at its player count."""
    TOO_MANY_GUILDS = "too-many-guilds"
    """More guilds than the players + 2 dealt, or one guild in two cities."""
    DUPLICATE_WONDER = "duplicate-wonder"
    """Two cities on the same wonder."""
    TOO_MANY_CARDS = "too-many-cards"
    """More structures plus stages than the turns of the ages allow."""
    BAD_MILITARY = "bad-military"
    """Conflict tokens a city cannot hold, or that cannot pair up across the table."""
    MILITARY_ASSUMED = "military-assumed"
    """A city's conflict tokens were worked out from the shields of its cards."""
    MILITARY_UNKNOWN = "military-unknown"
    """Conflicts with a pad-entered neighbour without shields could not be resolved."""
    PAD_ENTRY_NEIGHBOUR = "pad-entry-neighbour"
    """A card counts a neighbour entered as a pad's numbers (its cards are unknown)."""
    SCIENCE_MISMATCH = "science-mismatch"
    """A pad's written science disagrees with the symbols given."""
    UNKNOWN_FIELD = "unknown-field"
    """A field the game format does not have (ignored)."""
    # During play (the game gives its age, its discard pile or a city's powers).
    LATER_AGE_CARD = "later-age-card"
    """A city or the discard pile holds a card of an age after the one being played."""
    BAD_COPIED_GUILD = "bad-copied-guild"
    """The guild the table says Olympia copied cannot be copied (or the city copies none)."""
    NO_POWER = "no-power"
    """A field says a power was used that the city does not have."""
    # A table that cannot happen (issue 13, finding 2).
    SHIELDS_GO_DOWN = "shields-go-down"
    """A city's ``shields_by_age`` is lower at the end of an age than at the end of an earlier one."""
    SHIELDS_MISMATCH = "shields-mismatch"
    """A card-entered city's ``shields_by_age`` is fewer than its own cards and stages give, or
    more than they could give."""
    TOO_MANY_WILDCARDS = "too-many-wildcards"
    """A pad entry's ``science_symbols`` gives more wildcards than the edition's sources allow a city."""
    DUPLICATE_PLAYER = "duplicate-player"
    """Two cities have the same player name (case, accents and spacing aside)."""
    # Expansions.
    TYPED_DIFFERS = "typed-differs"
    """A number typed for a category differs from the one the city's cards or tokens give
    (the computed one counts)."""
    TYPED_BOARD = "typed-board"
    """A city entered card by card sits on a board the data does not know stage by stage
    yet: its wonder points are typed, its stages' other effects are not counted."""
    NAVAL_UNKNOWN = "naval-unknown"
    """Some cities give their naval strength by age and others do not: the naval conflicts
    cannot be worked out, and the typed naval rows count."""


@record
class Problem:
    """Something about the table that cannot be right (error) or is worth a look (warning)."""

    severity: Severity
    code: ProblemCode
    message: Text
    city: int | None = None
    card: str | None = None
    field: str | None = None


@record
class Detail:
    """Where some points come from, and why."""

    category: Category
    points: int
    source: str
    reason: Text
    ruling: str | None = None
    """The id of a ruling the rulebook does not confirm yet that decided these points (its
    reason says so)."""


class CityScore(NamedTuple):
    """One city's score: the seven categories, the total, rank and the explanation.

    An immutable named tuple rather than a frozen dataclass: a sheet builds one per city
    and a named tuple is built several times faster (see bench/bench_scoring.py).
    """

    player: str
    seat: int
    categories: Mapping[Category, int]
    total: int
    coins: int
    rank: int | None
    details: tuple[Detail, ...]
    free_city: bool = False
    wonder: str | None = None
    side: str | None = None
    pad_entry: bool = False


@record
class TeamScore:
    """A team of the team game (Cities): its players' points added up, and its rank."""

    team: str
    players: tuple[str, ...]
    total: int
    coins: int
    """Its players' coins added up: the tie-break between teams."""
    rank: int


@record
class ScoreSheet:
    """Everything the score pad shows, and every problem found at the table."""

    edition: int
    cities: tuple[CityScore, ...]
    winners: tuple[str, ...]
    problems: tuple[Problem, ...]
    decided_by: TieBreak
    """How the win was decided: ``alone`` (one player), ``points`` (most points),
    ``coins`` (a tie on points broken by coins), ``shared`` (a tie on both)."""
    explanation: Text = field(default_factory=lambda: Text(""))
    expansions: tuple[str, ...] = ()
    """The expansions the game was played with (empty: the base game)."""
    teams: tuple[TeamScore, ...] = ()
    """The team game: each team's total and rank (empty: no teams)."""


# --- building -----------------------------------------------------------------------------


class WhyNot(StrEnum):
    """Why a build is refused: named values of the verdict's ``why`` (the game format's codes)."""

    DUPLICATE = "duplicate"
    """The city already holds a structure of that name."""
    RESOURCES = "resources"
    """No way to get the resources."""
    COINS = "coins"
    """Not enough coins for the cheapest way."""
    NO_STAGE = "no-stage"
    """Every stage of the wonder is built (or the wonder is unknown)."""
    NOT_IN_DECK = "not-in-deck"
    """The card is not in the deck for the table's player count."""
    NO_COPY_LEFT = "no-copy-left"
    """Every copy the deck has at this player count is built in other cities."""
    NOT_THIS_AGE = "not-this-age"
    """The game gives the age being played, and the card belongs to another."""
    NOT_IN_DISCARD = "not-in-discard"
    """Asked to build from the discard pile a card that is not in it."""
    NO_POWER = "no-power"
    """Asked to build through a power the city does not have now, or has used this age."""
    NO_LEADER_TURN = "no-leader-turn"
    """A leader, when the city has recruited as many as its leader turns so far allow (Leaders)."""


@record
class Payment:
    """One way to pay for a build: coins to the bank and to each neighbour, and what is bought."""

    bank: int
    left: int
    right: int
    buy_left: tuple[tuple[Resource, int], ...] = ()
    buy_right: tuple[tuple[Resource, int], ...] = ()

    @property
    def total(self) -> int:
        return self.bank + self.left + self.right


@record
class Verdict:
    """Whether a city can build a card or its next stage, how, and at what least cost."""

    buildable: bool
    reason: Text
    how: How | None = None
    why: WhyNot | None = None
    cheapest: Payment | None = None
    options: tuple[Payment, ...] = ()
    notes: tuple[Text, ...] = ()
    """Extra facts a player should hear (an Olympia A free build being available...)."""
