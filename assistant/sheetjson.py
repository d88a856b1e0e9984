"""A score sheet as JSON bytes for ``score --jsonl``, its details' dictionaries shared.

:func:`sheet_json` writes exactly the bytes of ``orjson.dumps(sheet_to_dict(sheet))``
(the game format's scoring output, compact, in English) with less work per line. A
sheet's details are mostly objects shared from game to game (a card's points, a wonder's
stages, memoised per-count details), so each detail's JSON is written once and kept by the
detail's identity (an ``orjson.Fragment``, which orjson copies as it is). (Kept here,
never handed to a caller.) Should orjson refuse anything (an
integer beyond 64 bits), the plain way writes the answer, as it always did.
"""

from __future__ import annotations

from typing import Any

import orjson

from .rules.gameio import detail_to_dict, render_english, sheet_to_dict
from .rules.model import Detail, ScoreSheet

__all__ = ["sheet_json"]

_FRAGMENTS: dict[int, orjson.Fragment] = {}
"""Each detail's JSON by the detail's id."""
_KEPT: list[Detail] = []
"""The details of :data:`_FRAGMENTS`, kept alive with their entries: while an entry lives no
other object can have its id, so a hit needs no check."""
_FRAGMENTS_MAX = 32768


def sheet_json(sheet: ScoreSheet) -> bytes:
    """The sheet as compact JSON bytes, equal to ``orjson.dumps(sheet_to_dict(sheet))``.

    Each city's categories are written as the sheet holds them, keyed by :class:`Category`,
    a ``str`` that orjson writes as one with ``OPT_NON_STR_KEYS`` (no copy keyed by plain
    strings). That option would also write keys that are not strings, but a sheet's are all
    categories, so the bytes are the format's."""
    try:
        return orjson.dumps(
            sheet_to_dict(sheet, render_english, _shared_details, category_keys=False),
            option=orjson.OPT_NON_STR_KEYS,
        )
    except TypeError:  # orjson.JSONEncodeError included
        from .jsonio import dumps_bytes

        return dumps_bytes(sheet_to_dict(sheet))


def _shared_details(details: tuple[Detail, ...]) -> list[orjson.Fragment]:
    """A city's explanation as the JSON of its details, each written the first time the
    detail object is met (the lookups are made in C: a city's lines are mostly hits)."""
    found: list[Any] = list(map(_FRAGMENTS.get, map(id, details)))
    if None in found:
        for k, detail in enumerate(details):
            if found[k] is None:
                found[k] = _fragment(detail)
    return found


def _fragment(detail: Detail) -> orjson.Fragment:
    data = orjson.Fragment(orjson.dumps(detail_to_dict(detail, render_english)))
    if len(_FRAGMENTS) >= _FRAGMENTS_MAX:
        _FRAGMENTS.clear()
        _KEPT.clear()
    _FRAGMENTS[id(detail)] = data
    _KEPT.append(detail)
    return data
