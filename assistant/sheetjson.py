"""A score sheet written straight to JSON bytes, for ``score --jsonl``.

:func:`sheet_json` writes exactly the bytes of ``orjson.dumps(sheet_to_dict(sheet))``
(the game format's scoring output, compact, in English) without building the
intermediate dictionaries. A sheet's details are mostly objects shared from game to game
(a card's points, a wonder's stages, memoised per-count details), so each detail's JSON
is kept by the detail's identity and joined; a city's numbers are written through a
template. Anything out of the ordinary (an integer beyond 64 bits, text orjson refuses)
takes the plain way, so the output never differs.
"""

from __future__ import annotations

from collections.abc import Mapping

import orjson

from .rules.gameio import problem_to_dict, render_english, sheet_to_dict
from .rules.model import Category, Detail, ScoreSheet

__all__ = ["sheet_json"]

_DETAILS: dict[int, tuple[Detail, bytes]] = {}
_DETAILS_MAX = 32768
_TEMPLATES: dict[tuple[Category, ...], bytes] = {}
_LITERALS: dict[object, bytes] = {None: b"null", True: b"true", False: b"false"}
_SMALL = 1 << 62
"""Integers written through a template are whole numbers well inside orjson's 64 bits."""


def _detail(detail: Detail) -> bytes:
    """A detail's JSON, kept by identity (the cache holds the detail, so its id is not reused)."""
    entry = _DETAILS.get(id(detail))
    if entry is not None and entry[0] is detail:
        return entry[1]
    data = orjson.dumps(
        {
            "category": detail.category.value,
            "points": detail.points,
            "source": detail.source,
            "reason": render_english(detail.reason),
        }
    )
    if len(_DETAILS) >= _DETAILS_MAX:
        _DETAILS.clear()
    _DETAILS[id(detail)] = (detail, data)
    return data


def _categories_template(keys: tuple[Category, ...]) -> bytes:
    """``{"military":%d,...}`` for these categories, in their order."""
    found = _TEMPLATES.get(keys)
    if found is None:
        parts = [orjson.dumps(key.value) + b":%d" for key in keys]
        found = _TEMPLATES[keys] = b"{" + b",".join(parts) + b"}"
    return found


def _value(value: object) -> bytes:
    """None, true/false or a string as JSON."""
    found = _LITERALS.get(value) if value is None or value is True or value is False else None
    return found if found is not None else orjson.dumps(value)


def sheet_json(sheet: ScoreSheet) -> bytes:
    """The sheet as compact JSON bytes, equal to ``orjson.dumps(sheet_to_dict(sheet))``."""
    try:
        return _sheet_json(sheet)
    except (TypeError, ValueError, orjson.JSONEncodeError):
        pass
    from .jsonio import dumps_bytes

    return dumps_bytes(sheet_to_dict(sheet))


def _sheet_json(sheet: ScoreSheet) -> bytes:
    known = _DETAILS.get
    cities = []
    for city in sheet.cities:
        categories: Mapping[Category, int] = city.categories
        numbers = (*categories.values(), city.total, city.coins, city.rank or 0)
        if not -_SMALL < min(numbers) <= max(numbers) < _SMALL or not {int}.issuperset(map(type, numbers)):
            raise ValueError("a number the template would not write as orjson does")
        details = [
            entry[1] if (entry := known(id(d))) is not None and entry[0] is d else _detail(d)
            for d in city.details
        ]
        cities.append(
            b'{"player":%b,"categories":%b,"total":%d,"coins":%d,"rank":%b,"free_city":%b,'
            b'"wonder":%b,"side":%b,"details":[%b]}'
            % (
                orjson.dumps(city.player),
                _categories_template(tuple(categories)) % tuple(categories.values()),
                city.total,
                city.coins,
                b"null" if city.rank is None else b"%d" % city.rank,
                b"true" if city.free_city is True else _value(city.free_city),
                _value(city.wonder),
                _value(city.side),
                b",".join(details),
            )
        )
    tail = orjson.dumps(
        {
            "winners": list(sheet.winners),
            "decided_by": sheet.decided_by,
            "explanation": render_english(sheet.explanation),
            "problems": [problem_to_dict(p) for p in sheet.problems],
        }
    )
    if type(sheet.edition) is not int:
        raise ValueError("an edition the template does not write")
    return b'{"edition":%d,"cities":[%b],%b' % (sheet.edition, b",".join(cities), tail[1:])
