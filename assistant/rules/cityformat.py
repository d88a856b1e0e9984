"""One city in the JSON game format, read and written through the table of its fields.

Each field of a city is one :class:`~.cityfields.CityField` (:mod:`.cityfields`). The parser
(:func:`parse_city`), the writer (:func:`city_to_dict`), the OpenAPI city schema
(:func:`city_schema`), the web forms and the store's merge all read that one table, so a
new city field is one entry there and the rule that uses it.

An expansion's data may declare fields of its own (``[[city_field]]``: tokens a table
counts, each worth points in a category); :func:`fields_of` adds them for a catalog.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from .catalog import Catalog, available_expansions, catalog_for, expansion_rules
from .cityfields import CITY_FIELDS, MISSING, OMIT, CityReader
from .cityschema import (
    most_stages,
    stage_limits,
)
from .errors import GameFormatError
from .expansion_fields import fields_of
from .inputs import clean_text
from .model import Category, City, Problem, ProblemCode
from .text import N_

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Literal

    Merge = Literal["value", "set", "multiset", "keys"]

__all__ = ["city_schema", "city_to_dict", "parse_city"]

# --- showing what was typed -------------------------------------------------------------------


# --- reading one city -------------------------------------------------------------------------


# --- writing one city -------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _keys(catalog: Catalog) -> frozenset[str]:
    return frozenset(f.key for f in fields_of(catalog))


@lru_cache(maxsize=64)
def _owners(edition: int) -> dict[str, tuple[str, str]]:
    """Each city field an expansion of the edition adds: its expansion's id and name."""
    base = _keys(catalog_for(edition))
    out: dict[str, tuple[str, str]] = {}
    for expansion in available_expansions(edition):
        alone = catalog_for(edition, [expansion])
        for key in _keys(alone) - base:
            out.setdefault(key, (expansion, expansion_rules(edition, expansion).name))
    return out


def _owner(catalog: Catalog, key: str) -> tuple[str, str] | None:
    """The expansion (id, name) whose field ``key`` is, when the game does not play it."""
    return _owners(catalog.edition).get(key)


def parse_city(raw: Any, index: int, catalog: Catalog, notes: list[Problem]) -> City:
    """One city of a game, read field by field (the first field that cannot be read is
    refused, naming it); a field the format does not have is noted and ignored, a field of an
    expansion the game does not play is refused, naming the expansion."""
    if not isinstance(raw, dict):
        raise GameFormatError(("cities", index), N_("City {n} must be a JSON object.", n=index + 1))
    reader = CityReader(raw, index, catalog, notes)
    absent, reading, unknown = _plan(catalog, frozenset(raw))
    for key in sorted(unknown, key=str) if unknown else ():
        key = clean_text(str(key))
        notes.append(
            Problem(
                "warning", ProblemCode.UNKNOWN_FIELD,
                N_("{city}: the field {field} is not part of the game format and was ignored.",
                   city=reader.label, field=key),
                city=index, field=f"cities[{index}].{key}",
            )
        )  # fmt: skip
    got = reader.got
    got.update(absent)
    extra: list[tuple[str, Any]] = []
    get = raw.get
    for key, read, in_extra in reading:
        value = read(reader, get(key, MISSING))
        if not in_extra:
            got[key] = value
        elif value:
            extra.append((key, value))
    if unknown:
        _refuse_other_expansions_fields(reader, unknown)
    return City(**got, extra=tuple(extra))


@lru_cache(maxsize=256)
def _plan(
    catalog: Catalog, given: frozenset[Any]
) -> tuple[dict[str, Any], tuple[tuple[str, Callable[[CityReader, Any], Any], bool], ...], frozenset[Any]]:
    """How :func:`parse_city` reads a city that gives the fields ``given``: the values of the
    fields it does not give whose value when absent is known (``CityField.absent``), the
    others in the table's order (a reader may use the fields read before it), each with its
    reader and whether it is kept in ``City.extra``, and the keys given that are no field of
    the catalog. A game's cities mostly give the same fields, so this is worked out once for
    them."""
    absent: dict[str, Any] = {}
    reading = []
    for f in fields_of(catalog):
        if f.key not in given and f.absent is not MISSING:
            if not f.extra:
                absent[f.key] = f.absent
        else:
            reading.append((f.key, f.read, f.extra))
    return absent, tuple(reading), given - _keys(catalog)


def _refuse_other_expansions_fields(reader: CityReader, unknown: frozenset[Any]) -> None:
    """A field of an expansion the game does not name is refused, naming it and the
    expansion (its data would be dropped otherwise: a table that forgot to tick Armada)."""
    for key in sorted(unknown, key=str):
        owner = _owner(reader.catalog, key) if isinstance(key, str) else None
        if owner is not None:
            raise GameFormatError(
                reader.at(key),
                N_(
                    "{city} gives {field}, a field of {expansion}: add {id} to the game's expansions, "
                    "or leave the field out.",
                    city=reader.label, field=key, expansion=owner[1], id=owner[0],
                ),
            )  # fmt: skip


def city_to_dict(city: City, catalog: Catalog | None = None) -> dict[str, Any]:
    """One city in the game format (fields with their default value left out). Give the
    catalog of a game whose expansions declare city fields, to write them too."""
    out: dict[str, Any] = {}
    added = city.extra or city.team is not None or city.diplomacy is not None
    for field in fields_of(catalog) if catalog is not None and added else CITY_FIELDS:
        value = field.write(city)
        if value is not OMIT:
            out[field.key] = value
    return out


def _typed_rows(typed: tuple[Category, ...]) -> dict[str, Any]:
    """A city with cards gives ``categories`` only for its expansions' rows (none without
    an expansion that has rows: then cards and categories never go together)."""
    if not typed:
        return {"not": {"required": ["cards", "categories"]}}
    return {
        "if": {"required": ["cards", "categories"]},
        "then": {"properties": {"categories": {"propertyNames": {"enum": [c.value for c in typed]}}}},
    }


def city_schema(catalog: Catalog) -> dict[str, Any]:
    """The JSON Schema of a city of this catalog: every field's, and the rules between them."""
    rules = catalog.rules
    stages = most_stages(catalog)
    return {
        "type": "object",
        "required": ["player"],
        "description": f"A city of edition {catalog.edition} ({rules.name})"
        + (f" with {', '.join(catalog.expansions)}." if catalog.expansions else "."),
        "properties": {field.key: field.schema(catalog) for field in fields_of(catalog)},
        "allOf": [
            # A pad-entered city gives categories instead of cards, and may omit its wonder; a
            # city with cards may type its expansions' rows beside them.
            _typed_rows(rules.typed_categories),
            {"if": {"not": {"required": ["categories"]}}, "then": {"required": ["wonder"]}},
            {"if": {"required": ["cards"]}, "then": {"required": ["wonder"]}},
            {
                "if": {"required": ["science_symbols"]},
                "then": {"required": ["categories"], "not": {"required": ["cards"]}},
            },
            *stage_limits(catalog),
            # One age per built stage (absent stages: none built).
            *[
                {
                    "if": {"required": ["stage_ages"], "properties": {"stages": {"const": n}}},
                    "then": {"properties": {"stage_ages": {"minItems": n, "maxItems": n}}},
                }
                for n in range(stages + 1)
            ],
            {
                "if": {"required": ["stage_ages"], "not": {"required": ["stages"]}},
                "then": {"properties": {"stage_ages": {"maxItems": 0}}},
            },
        ],
    }
