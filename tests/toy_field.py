"""The toy Parade's city field with a rule of its own, added as docs/adding-an-edition.md says
an expansion's field is: one entry in the field table and its rule, nothing else (no model
attribute, no form code, no template, no OpenAPI text). tests/conftest.py imports this
module, so every test process knows the field before it reads a game; tests/test_a_city_field.py
drives it through the reader, the writer, the schema, scoring, the city page and the API.

The made-up rule: at the end of each age, the city that alone shows the most floats takes
2 points in the Parade row (a tie for the most takes none)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.rules.catalog import Catalog
from assistant.rules.cityfields import MISSING, OMIT, CityField, CityReader, Entry
from assistant.rules.errors import GameFormatError
from assistant.rules.expansion_fields import register_field
from assistant.rules.model import Category, Detail, Game, Problem
from assistant.rules.text import verbatim

MOST_FLOATS = 9
PARADE = Category("parade")


def _read(r: CityReader, raw: Any) -> tuple[int, ...] | None:
    if raw is MISSING or raw is None:
        return None
    ages = r.catalog.rules.ages
    if (
        not isinstance(raw, list)
        or len(raw) != ages
        or any(type(v) is not int or not 0 <= v <= MOST_FLOATS for v in raw)
    ):
        raise GameFormatError(
            r.at("floats_by_age"),
            verbatim(f"floats_by_age: the floats at the end of each of the {ages} ages, 0 to {MOST_FLOATS}."),
        )
    return tuple(raw)


def _parade(
    game: Game,
    catalog: Catalog,
    index: Mapping[Category, int],
    scored: Sequence[tuple[list[int], list[Detail]]],
    problems: list[Problem],
) -> None:
    floats = [city.added("floats_by_age") or (0,) * catalog.rules.ages for city in game.cities]
    for age in range(catalog.rules.ages):
        shown = [f[age] for f in floats]
        most = max(shown)
        if most and shown.count(most) == 1:
            seat = shown.index(most)
            cats, details = scored[seat]
            cats[index[PARADE]] += 2
            details.append(
                Detail(PARADE, 2, "floats_by_age", verbatim(f"The most floats in age {age + 1}: 2"))
            )


FLOATS = register_field(
    CityField(
        "floats_by_age",
        verbatim("the floats"),
        _read,
        lambda city: list(city.added("floats_by_age") or ()) or OMIT,
        lambda catalog: {
            "type": "array",
            "items": {"type": "integer", "minimum": 0, "maximum": MOST_FLOATS},
            "minItems": catalog.rules.ages,
            "maxItems": catalog.rules.ages,
            "description": "Parade (tests): the city's floats at the end of each age.",
        },
        extra=True,
        absent=None,
        applies=lambda catalog: catalog.edition == 99 and "parade" in catalog.expansions,
        entry=Entry("per-age", verbatim("Floats at the end of each age"), MOST_FLOATS),
        rule=_parade,
    )
)
