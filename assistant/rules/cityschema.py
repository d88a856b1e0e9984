"""The JSON Schema of each field of a city, for the OpenAPI document: what the parser
(:mod:`.cityformat`) accepts, written for a program to check before it sends."""

from __future__ import annotations

import re
from itertools import combinations_with_replacement

from .catalog import Catalog
from .limits import MAX_TOKEN, MAX_TOKENS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "categories_schema",
    "military_schema",
    "most_stages",
    "side_pattern",
    "side_schema",
    "stage_ages_schema",
    "stage_limits",
]


def _any_case(word: str) -> str:
    """A regular expression for ``word`` in any case (JSON Schema patterns have no flags)."""
    return "".join(f"[{c.lower()}{c.upper()}]" if c.lower() != c.upper() else re.escape(c) for c in word)


def side_pattern(catalog: Catalog, *sides: str) -> str:
    """What the parser reads as these sides (all by default): the letter or the edition's
    name for it, in any case, with white space around it."""
    names = dict(catalog.rules.side_names)
    words = sorted({w for side in sides or tuple(names) for w in (side, names.get(side, side))})
    return "^\\s*(?:" + "|".join(_any_case(w) for w in words) + ")\\s*$"


def most_stages(catalog: Catalog) -> int:
    return max(len(side.stages) for w in catalog.wonders for side in w.sides)


def side_schema(catalog: Catalog) -> dict[str, Any]:
    sides = dict(catalog.rules.side_names)
    return {
        "type": "string",
        "pattern": side_pattern(catalog),
        "description": "A or B"
        + (f" (this edition's {sides['A']} and {sides['B']})." if sides.get("A", "A") != "A" else "."),
    }


def military_schema(catalog: Catalog) -> dict[str, Any]:
    rules = catalog.rules
    return {
        "type": "array",
        "maxItems": MAX_TOKENS,
        "items": {"type": "integer", "minimum": -MAX_TOKEN, "maximum": MAX_TOKEN},
        "description": "Conflict tokens: "
        + ", ".join(str(v) for v in sorted({*rules.victory_tokens, rules.defeat_token}, reverse=True))
        + " (others are reported as problems).",
    }


def categories_schema(catalog: Catalog) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            c.value: {"type": "integer", "minimum": low, "maximum": high}
            for c in catalog.rules.categories
            for low, high in (catalog.rules.category_range(c),)
        },
        "additionalProperties": False,
    }


def stage_ages_schema(catalog: Catalog) -> dict[str, Any]:
    most, ages = most_stages(catalog), catalog.rules.ages
    return {
        "type": "array",
        "items": {"type": "integer", "minimum": 1, "maximum": ages},
        "maxItems": most,
        # Every sequence that never goes down (stages are built in order): a few dozen.
        "enum": [
            list(a) for n in range(most + 1) for a in combinations_with_replacement(range(1, ages + 1), n)
        ],
        "description": "During play: the age each built stage was built in, one per stage, never going down.",
    }


def stage_limits(catalog: Catalog) -> list[dict[str, Any]]:
    """``stages`` is at most the number of stages of the city's wonder side."""
    limits = []
    for wonder in catalog.wonders:
        names = sorted({wonder.id, *wonder.aliases})
        for side in wonder.sides:
            condition: dict[str, Any] = {
                "required": ["wonder"],
                "properties": {
                    "wonder": {"enum": names},
                    "side": {"pattern": side_pattern(catalog, side.side)},
                },
            }
            if side.side != "A":  # a city without a side is on side A
                condition["required"] = ["wonder", "side"]
            limits.append(
                {"if": condition, "then": {"properties": {"stages": {"maximum": len(side.stages)}}}}
            )
    return limits
