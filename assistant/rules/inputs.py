"""What a table typed, as the readers see it: text safe to show again (no control characters
or lone surrogates), whole numbers within bounds, and a typed value shown back, shortened, in
the message that refuses it."""

from __future__ import annotations

import reprlib
import unicodedata

from .errors import GameFormatError, Path
from .text import N_, Text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["clean_text", "not_whole", "show", "unsafe_text", "whole"]


_UNSAFE_CATEGORIES = frozenset({"Cc", "Cs"})  # control characters, lone surrogates


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def unsafe_text(text: str) -> bool:
    """True when ``text`` holds a control character (NUL...) or a lone surrogate.

    Neither can be shown on a UTF-8 page or kept by every database (PostgreSQL refuses NUL
    in text; nothing encodes ``"\\ud800"`` as UTF-8), so names and titles holding one are
    refused instead of stored.
    """
    if text.isprintable():  # the common case, in C: letters, digits, ASCII spaces
        return False
    return any(unicodedata.category(ch) in _UNSAFE_CATEGORIES for ch in text)


def clean_text(text: str) -> str:
    """``text`` with control characters and lone surrogates written as escapes (to show them)."""
    if not unsafe_text(text):
        return text
    return "".join(
        ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) in _UNSAFE_CATEGORIES else ch
        for ch in text
    )


def _show_int(value: int) -> str:
    if value.bit_length() <= 64:
        return str(value)
    # Python refuses str() of numbers past 4,300 digits; show the size instead.
    return ("-" if value < 0 else "") + f"~10^{int(value.bit_length() * 0.30103)}"


class _Short(reprlib.Repr):
    """A short, safe picture of any decoded JSON value (deep nesting and huge numbers too)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 2
        self.maxlist = self.maxdict = 4
        self.maxstring = self.maxother = 36

    def repr_int(self, x: int, level: int) -> str:
        return _show_int(x)

    def repr_str(self, x: str, level: int) -> str:
        return '"' + clean_text(x[:36]) + ('..."' if len(x) > 36 else '"')


_SHORT = _Short()


def show(value: Any) -> str:
    """A short, safe picture of a value a message quotes (a string in quotes, a huge number
    by its size, a deep structure cut short)."""
    if isinstance(value, str):
        text = '"' + clean_text(value[:60]) + '"'
    elif _is_int(value):
        text = _show_int(value)
    else:
        text = _SHORT.repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def not_whole(path: Path, value: Any, what: Text) -> GameFormatError:
    return GameFormatError(
        path, N_("{what} must be a whole number, not {value}.", what=what, value=show(value))
    )


def whole(value: Any, path: Path, low: int, high: int, what: Text) -> int:
    """``value`` when it is a whole number from ``low`` to ``high``; else the error naming ``path``."""
    if not _is_int(value):
        raise not_whole(path, value, what)
    if value < low or value > high:
        raise GameFormatError(
            path,
            N_(
                "{what} must be between {low} and {high}, not {value}.",
                what=what,
                low=low,
                high=high,
                value=show(value),
            ),
        )
    return int(value)
