"""The printed components: cards, wonder boards with their sides and stages, and rulings, as :mod:`assistant.rules.catalog` builds them from ``rules_data/``.

Cards and stages carry their effects (:mod:`assistant.rules.effects`), a closed
vocabulary: every effect printed on a card or a wonder stage is one of its kinds, so the
engine is checked to know every kind the data uses.
"""

from __future__ import annotations

from .effects import Effect
from .model import Color, Cost, Resource
from .records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model import Deck

__all__ = ["Card", "Ruling", "Stage", "Wonder", "WonderSide"]


@record
class Card:
    """One card design of one age (Loom of Age I and Loom of Age II are two entries, one id)."""

    id: str
    name: str
    age: int | None
    """The age whose deck holds the card (None: a card dealt apart and played in any age,
    as Leaders' white cards are)."""
    color: Color
    cost: Cost
    players: tuple[int, ...]
    """The number printed on each copy: one copy per number (a colour not dealt by printed
    counts, such as the guilds: none)."""
    chain_from: tuple[str, ...]
    """The earlier structures that build this one for free (in an edition that chains by
    symbol, derived from the symbols)."""
    effects: tuple[Effect, ...]
    aliases: tuple[str, ...] = ()
    chain_symbol: str | None = None
    """The chain symbol printed beside the cost (editions that chain by symbol)."""
    gives_chains: tuple[str, ...] = ()
    """The chain symbols the card prints for later cards (editions that chain by symbol)."""
    deck: Deck = "printed"
    """How the cards of its colour come into a game (see :data:`~.model.Deck`)."""
    expansion: str | None = None
    """The expansion that adds the card (None: the edition's own)."""

    def copies(self, players: int) -> int:
        """How many copies of this design are in the game at this player count (a card not
        dealt by printed counts: one)."""
        if self.deck != "printed":
            return 1
        return sum(1 for p in self.players if p <= players)

    @property
    def is_guild(self) -> bool:
        return self.deck == "guilds"


@record
class Stage:
    """One stage of a wonder side."""

    number: int
    cost: Cost
    effects: tuple[Effect, ...]

    @property
    def points(self) -> int:
        return sum(e.victory_points() for e in self.effects)


@record
class WonderSide:
    """Side A or B of a wonder board."""

    wonder: str
    side: str
    resource: Resource | None
    """The resource printed on the board (None: a board that prints none, as Rome, or a
    typed board, whose data does not give it)."""
    stages: tuple[Stage, ...]
    effects: tuple[Effect, ...] = ()
    """The board's own power, in force from the start (Rome: leaders cost less)."""


TYPED_STAGES = 4
"""The stages a typed board's side allows: the most any board has (its own number is not
in the data yet)."""


@record
class Wonder:
    """A wonder board and its two sides."""

    id: str
    name: str
    short_name: str
    sides: tuple[WonderSide, ...]
    aliases: tuple[str, ...] = ()
    expansion: str | None = None
    """The expansion that adds the board (None: the edition's own)."""
    typed: bool = False
    """A board not yet known stage by stage: a city on it types its wonder points (its
    sides have :data:`TYPED_STAGES` stages of no cost and no effect, and no resource)."""

    def side(self, side: str) -> WonderSide:
        for s in self.sides:
            if s.side == side:
                return s
        raise KeyError(side)


@record
class Ruling:
    """A rule clarification the engine relies on, with where it comes from."""

    id: str
    topic: str
    title: str
    text: str
    source: str
    confirmed: bool = True
    """False: a reading the rulebook's own page does not confirm yet (SOURCES.md, Open); a
    number it decides says so in its explanation."""
