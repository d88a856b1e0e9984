"""The OpenAPI component of the catalog (``Catalog``): an edition's cards and wonders, each
wonder's sides and their stages."""

from __future__ import annotations

from typing import Any

from .openapi_common import RESOURCES, Editions, ref


def catalog_schema(editions: Editions) -> dict[str, Any]:
    """``Catalog``: every card and wonder of an edition (with the expansions asked for)."""
    return {
        "type": "object",
        "required": ["edition", "cards", "wonders"],
        "properties": {
            "edition": {"type": "integer", "enum": list(editions.numbers)},
            "expansions": {"type": "array", "items": {"type": "string"}, "description": "Absent: none."},
            "cards": {"type": "array", "items": _card(editions)},
            "wonders": {"type": "array", "items": _wonder()},
        },
        "allOf": [  # a card's age is one of its edition's
            {
                "if": {"properties": {"edition": {"const": cat.edition}}},
                "then": {
                    "properties": {
                        "cards": {
                            "items": {"properties": {"age": {"enum": list(range(1, cat.rules.ages + 1))}}}
                        }
                    }
                },
            }
            for cat in editions.catalogs
        ],
    }


def _card(editions: Editions) -> dict[str, Any]:
    """One card of the catalog."""
    return {
        "type": "object",
        "required": ["id", "name", "age", "color", "cost", "players", "chain_from", "effect"],
        "properties": {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "age": {
                "type": ["integer", "null"],
                "enum": [*range(1, editions.most_ages + 1), None],
                "description": "Null for a card of no age, dealt apart (Leaders).",
            },
            "expansion": {
                "type": "string",
                "description": "The expansion that adds the card.",
            },
            "color": {
                "type": "string",
                "enum": sorted({c.value for cat in editions.catalogs for c in cat.colors}),
            },
            "cost": ref("ResourceCount"),
            "players": {"type": "array", "items": {"type": "integer"}},
            "chain_from": {"type": "array", "items": {"type": "string"}},
            "chain_to": {"type": "array", "items": {"type": "string"}},
            "chain_symbol": {
                "type": ["string", "null"],
                "description": "An edition chaining by symbol: the symbol that builds this card free.",
            },
            "gives_chains": {
                "type": "array",
                "items": {"type": "string"},
                "description": "An edition chaining by symbol: the symbols this card prints.",
            },
            "effect": {"type": "string"},
        },
    }


def _wonder() -> dict[str, Any]:
    """One wonder of the catalog, with its sides."""
    return {
        "type": "object",
        "required": ["id", "name", "sides"],
        "properties": {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "typed": {
                "type": "boolean",
                "const": True,
                "description": "A board not yet known stage by stage (absent: known): its "
                "resource is null and its stages blank; a city on it types its wonder points.",
            },
            "sides": {"type": "object", "additionalProperties": _side()},
        },
    }


def _side() -> dict[str, Any]:
    """One side of a wonder: its resource, power and stages."""
    return {
        "type": "object",
        "required": ["resource", "stages"],
        "properties": {
            "resource": {
                "type": ["string", "null"],
                "enum": [*RESOURCES, None],
                "description": "The resource printed on the board; null when it "
                "prints none (Rome) or is typed.",
            },
            "power": {
                "type": "string",
                "description": "The board's own power, in force from the start "
                "(absent: none), in words: Rome's leaders recruited for free (A) "
                "or for fewer coins (B).",
            },
            "stages": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["cost", "points", "effect"],
                    "properties": {
                        "cost": ref("ResourceCount"),
                        "points": {"type": "integer"},
                        "effect": {"type": "string"},
                    },
                },
            },
        },
    }
