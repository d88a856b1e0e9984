"""A score sheet as JSON bytes for ``score --jsonl``, its details' dictionaries shared.

:func:`sheet_json` writes exactly the bytes of ``orjson.dumps(sheet_to_dict(sheet))``
(the game format's scoring output, compact, in English) with less work per line. A
sheet's details are mostly objects shared from game to game (a card's points, a wonder's
stages, memoised per-count details), so each detail's dictionary is made once and kept by
the detail's identity, and orjson writes the shared dictionaries again and again. (Kept
here, never handed to a caller who might change them.) Should orjson refuse anything (an
integer beyond 64 bits), the plain way writes the answer, as it always did.
"""

from __future__ import annotations

import orjson

from .rules.gameio import problem_to_dict, render_english, sheet_to_dict
from .rules.model import Category, Detail, ScoreSheet

__all__ = ["sheet_json"]

_DETAILS: dict[int, tuple[Detail, dict[str, object]]] = {}
"""Each detail's dictionary by the detail's id; the entry holds the detail, so its id is
not reused while the entry lives."""
_DETAILS_MAX = 32768
_KEYS: dict[tuple[Category, ...], tuple[str, ...]] = {}
"""The categories' keys as plain strings (orjson takes no subclass of str as a key)."""


def sheet_json(sheet: ScoreSheet) -> bytes:
    """The sheet as compact JSON bytes, equal to ``orjson.dumps(sheet_to_dict(sheet))``."""
    try:
        return _sheet_json(sheet)
    except TypeError:  # orjson.JSONEncodeError included
        from .jsonio import dumps_bytes

        return dumps_bytes(sheet_to_dict(sheet))


def _sheet_json(sheet: ScoreSheet) -> bytes:
    known = _DETAILS.get
    return orjson.dumps(
        {
            "edition": sheet.edition,
            "cities": [
                {
                    "player": c.player,
                    "categories": dict(zip(_keys(tuple(c.categories)), c.categories.values(), strict=True)),
                    "total": c.total,
                    "coins": c.coins,
                    "rank": c.rank,
                    "free_city": c.free_city,
                    "wonder": c.wonder,
                    "side": c.side,
                    "details": [
                        entry[1] if (entry := known(id(d))) is not None and entry[0] is d else _detail(d)
                        for d in c.details
                    ],
                }
                for c in sheet.cities
            ],
            "winners": list(sheet.winners),
            "decided_by": sheet.decided_by,
            "explanation": render_english(sheet.explanation),
            "problems": [problem_to_dict(p) for p in sheet.problems],
        }
    )


def _keys(categories: tuple[Category, ...]) -> tuple[str, ...]:
    found = _KEYS.get(categories)
    if found is None:
        found = _KEYS[categories] = tuple(c.value for c in categories)
    return found


def _detail(detail: Detail) -> dict[str, object]:
    data: dict[str, object] = {
        "category": detail.category.value,
        "points": detail.points,
        "source": detail.source,
        "reason": render_english(detail.reason),
    }
    if len(_DETAILS) >= _DETAILS_MAX:
        _DETAILS.clear()
    _DETAILS[id(detail)] = (detail, data)
    return data
