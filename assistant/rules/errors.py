"""The rules core's exceptions: one base, a few kinds, as python-chess has them.

Every exception the core raises on purpose is a :class:`RulesError`:

* :class:`CatalogError`: the rules data itself is malformed (names file and entry);
* :class:`GameFormatError`: input that cannot be read as a game (names the field by its
  path, ``("cities", 2, "coins")``, written ``cities[2].coins``);
* :class:`QuestionError`: a question the core cannot answer as asked (a seat that is
  not at the table, a card that does not exist); :class:`HandError`, one of them, a card
  of a hand that cannot be in it (names the field, ``hand[2]``).

The last two are also ``ValueError``, as they always were.
"""

from __future__ import annotations

__all__ = [
    "CatalogError",
    "GameFormatError",
    "HandError",
    "Path",
    "QuestionError",
    "RulesError",
    "field_name",
]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .text import Text

Path = tuple[str | int, ...]
"""Where a value sits in a JSON document: keys and list indices (``("cities", 2, "coins")``)."""


def field_name(path: Path) -> str:
    """A path as the game format writes a field: ``cities[2].coins``."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out


class RulesError(Exception):
    """Something the rules core refused."""


class CatalogError(RulesError):
    """The rules data is malformed; the message names the file and the entry."""


class GameFormatError(RulesError, ValueError):
    """Input that cannot be scored: ``path`` says where (``field`` writes it as the format
    does), ``message`` says what is wrong."""

    def __init__(self, path: Path, message: Text) -> None:
        self.path = path
        self.field = field_name(path)
        super().__init__(f"{self.field}: {message}")
        self.message = message

    def __str__(self) -> str:
        return str(self.message)

    def within(self, *outer: str | int) -> GameFormatError:
        """The same error for the game read inside a larger document (``within("game")``)."""
        return GameFormatError((*outer, *self.path), self.message)


class QuestionError(RulesError, ValueError):
    """A question asked of the engine that cannot be answered as asked."""


class HandError(QuestionError):
    """A card that cannot be in the hand asked about: ``field`` names it (``hand[1]``),
    ``card`` is its id and ``message`` says why, naming the card."""

    def __init__(self, path: Path, card: str, message: Text) -> None:
        self.path = path
        self.field = field_name(path)
        super().__init__(f"{self.field}: {message}")
        self.card = card
        self.message = message

    def __str__(self) -> str:
        return str(self.message)
