"""The rules core's exceptions: one base, a few kinds, as python-chess has them.

Every exception the core raises on purpose is a :class:`RulesError`:

* :class:`CatalogError`: the rules data itself is malformed (names file and entry);
* :class:`GameFormatError`: input that cannot be read as a game (names the field);
* :class:`QuestionError`: a question the core cannot answer as asked (a seat that is
  not at the table, a card that does not exist); :class:`HandError`, one of them, a card
  of a hand that cannot be in it (names the field, ``hand[2]``).

The last two are also ``ValueError``, as they always were.
"""

from __future__ import annotations

__all__ = ["CatalogError", "GameFormatError", "HandError", "QuestionError", "RulesError"]

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .text import Text


class RulesError(Exception):
    """Something the rules core refused."""


class CatalogError(RulesError):
    """The rules data is malformed; the message names the file and the entry."""


class GameFormatError(RulesError, ValueError):
    """Input that cannot be scored: ``field`` names where, ``message`` says what is wrong."""

    def __init__(self, field: str, message: Text) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class QuestionError(RulesError, ValueError):
    """A question asked of the engine that cannot be answered as asked."""


class HandError(QuestionError):
    """A card that cannot be in the hand asked about: ``field`` names it (``hand[1]``),
    ``card`` is its id and ``message`` says why, naming the card."""

    def __init__(self, field: str, card: str, message: Text) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.card = card
        self.message = message

    def __str__(self) -> str:
        return str(self.message)
