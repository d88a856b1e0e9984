"""JSON in and out for the shells (web, command line): orjson, with stdlib fallbacks.

Reading refuses, as ordinary bad JSON, what Python's ``json`` would turn into a crash or
into a value nothing can store: nesting deeper than 1,024 levels (``json`` raises
``RecursionError``), numbers of thousands of digits (``ValueError``), lone surrogates
(``"\\ud800"``, which no UTF-8 page or database can hold), NaN and Infinity.

Writing uses orjson (about five times faster than ``json.dumps`` on a score sheet) and
keeps the keys in their order. Should a value ever hold something orjson refuses (an
integer beyond 64 bits, a lone surrogate), it falls back to ``json.dumps`` with ASCII
escapes, so an answer is always written. The rules core stays on the standard library.
"""

from __future__ import annotations

import json
from typing import Any, NoReturn

import orjson

__all__ = ["JSONDecodeError", "dumps", "dumps_bytes", "loads"]

JSONDecodeError = orjson.JSONDecodeError  # a subclass of json.JSONDecodeError (lineno, colno)


def loads(data: bytes | bytearray | memoryview | str) -> Any:
    """Decode JSON; deep nesting, huge numbers, NaN raise :class:`JSONDecodeError`.

    A lone surrogate escape (``"\\ud800"``) is valid JSON text that orjson refuses; it is
    read by ``json`` instead, so that the game format's checks can name the field holding
    it (a player name, a card) rather than refusing the whole body.
    """
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        if "surrogate" not in str(exc):
            raise
    text = data if isinstance(data, str) else bytes(data).decode("utf-8", "surrogateescape")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except (RecursionError, ValueError) as exc:
        if isinstance(exc, json.JSONDecodeError):
            raise JSONDecodeError(exc.msg, exc.doc, exc.pos) from None
        raise JSONDecodeError("number or nesting too large", text, 0) from None


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def dumps_bytes(value: Any, *, indent: bool = False) -> bytes:
    """Encode as UTF-8 JSON, keys in their order; compact unless ``indent``."""
    option = orjson.OPT_INDENT_2 if indent else 0
    try:
        return orjson.dumps(value, option=option)
    except TypeError:
        return json.dumps(value, ensure_ascii=True, indent=2 if indent else None).encode()


def dumps(value: Any, *, indent: bool = False) -> str:
    """Like :func:`dumps_bytes`, as text."""
    return dumps_bytes(value, indent=indent).decode()
