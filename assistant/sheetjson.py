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

import orjson

from .rules.gameio import detail_to_dict, render_english, sheet_to_dict
from .rules.model import Detail, ScoreSheet

__all__ = ["sheet_json"]

_DETAILS: dict[int, tuple[Detail, orjson.Fragment]] = {}
"""Each detail's JSON by the detail's id; the entry holds the detail, so its id is
not reused while the entry lives."""
_DETAILS_MAX = 32768


def sheet_json(sheet: ScoreSheet) -> bytes:
    """The sheet as compact JSON bytes, equal to ``orjson.dumps(sheet_to_dict(sheet))``."""
    try:
        return orjson.dumps(sheet_to_dict(sheet, render_english, _shared_detail))
    except TypeError:  # orjson.JSONEncodeError included
        from .jsonio import dumps_bytes

        return dumps_bytes(sheet_to_dict(sheet))


def _shared_detail(detail: Detail) -> orjson.Fragment:
    """The detail's JSON, written the first time this detail object is met."""
    entry = _DETAILS.get(id(detail))
    if entry is not None and entry[0] is detail:
        return entry[1]
    data = orjson.Fragment(orjson.dumps(detail_to_dict(detail, render_english)))
    if len(_DETAILS) >= _DETAILS_MAX:
        _DETAILS.clear()
    _DETAILS[id(detail)] = (detail, data)
    return data
