"""The bounds of what a person may type in the game format: not rules of the game (those
are the rules data's), only the limits the parser, the web forms and the OpenAPI document
share, so that each refuses the same values."""

from __future__ import annotations

from .model import Category

__all__ = [
    "MAX_CARDS", "MAX_COINS", "MAX_DISCARD", "MAX_HAND", "MAX_NAME_LENGTH", "MAX_POINTS", "MAX_SHIELDS",
    "MAX_SYMBOLS", "MAX_TOKEN", "MAX_TOKENS", "MIN_MILITARY", "PRINTABLE", "SYMBOL_FIELDS", "category_range",
]  # fmt: skip

MAX_NAME_LENGTH = 40
MAX_COINS = 999
MAX_CARDS = 60
MAX_SHIELDS = 99
MAX_TOKEN = 99
"""The largest conflict token value read (larger ones are not numbers a table writes)."""
MAX_TOKENS = 18
"""Conflict tokens a city can list (more than a game ever hands out)."""
MAX_POINTS = 999
"""The most a pad's category may hold."""
MIN_MILITARY = -18
"""The least a pad's military may hold (defeats are negative)."""
MAX_SYMBOLS = 20
"""Science symbols of one kind a pad may give."""
MAX_DISCARD = 160
"""Cards the discard pile may list (more than a box holds)."""
MAX_HAND = 20
"""Cards a question about a hand may list (the Free City's: more than a hand ever holds)."""
SYMBOL_FIELDS = ("compass", "gear", "tablet", "wild")
PRINTABLE = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$"
"""JSON Schema for printable text: no control characters (a lone surrogate cannot be
written in UTF-8 at all)."""


def category_range(category: Category) -> tuple[int, int]:
    """The points a pad may give a category: ``(least, most)``; the forms and the OpenAPI
    document take their limits from here."""
    return (MIN_MILITARY if category is Category.MILITARY else 0), MAX_POINTS
