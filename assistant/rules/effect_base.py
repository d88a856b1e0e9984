"""The effect vocabulary's machinery: :class:`Effect`, the base of every kind with the hooks
the engines call (neutral by default), :class:`Fields`, what a kind is read from, and the
registry the :func:`kind` decorator fills (:data:`KINDS`). The kinds themselves live by
family in :mod:`.effects_points`, :mod:`.effects_trade` and :mod:`.effects_powers`;
:mod:`.effects` gathers them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .edition import EditionRules
from .model import Color, Symbol, Whose
from .text import Text

TYPE_CHECKING = False
if TYPE_CHECKING:  # the protocols are for mypy: nothing checks them at run time
    from typing import Any, ClassVar, Protocol, TypeVar

    from .effects_trade import Cheaper, CheaperCoins, Discount, Produce

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
