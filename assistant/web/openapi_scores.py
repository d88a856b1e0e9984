"""The OpenAPI components of scores and verdicts: a score sheet (``ScoreSheet``, ``CityScore``,
``Detail``, ``Problem``), whether a city can build (``CanBuildRequest``, ``Verdict``,
``Payment``), the Free City's play (``FreeCityRequest``, ``FreeCityPlay``) and an age's
conflicts (``MilitaryRequest``, ``MilitaryResult``)."""

from __future__ import annotations

from typing import Any

from ..rules.catalog import available_expansions, catalog_for
from ..rules.during import VIAS
from ..rules.gameio import MAX_HAND, MAX_SHIELDS
from ..rules.model import WhyNot
from .openapi_common import (
    Editions,
    card_ids,
    cards_of,
    edition_of_game,
    fewest_cities,
    full,
    ref,
    seat_limits,
    without,
)


def problem_schema() -> dict[str, Any]:
    """``Problem``: something wrong (or worth saying) about a game."""
    return {
        "type": "object",
        "required": ["severity", "code", "city", "message"],
        "properties": {
            "severity": {"type": "string", "enum": ["error", "warning", "info"]},
            "code": {"type": "string"},
            "city": {"type": ["integer", "null"]},
            "message": {"type": "string"},
            "card": {"type": "string"},
            "field": {"type": "string"},
        },
    }


def detail_schema(editions: Editions) -> dict[str, Any]:
    """``Detail``: where some of a city's points come from."""
    return {
        "type": "object",
        "required": ["category", "points", "source", "reason"],
        "properties": {
            "category": {"type": "string", "enum": editions.categories},
            "points": {"type": "integer"},
            "source": {"type": "string"},
            "reason": {"type": "string"},
            "ruling": {
                "type": "string",
                "description": "The id of a ruling the rulebook does not confirm yet that decided these "
                "points (GET /rulings lists it); the reason says so.",
            },
        },
    }


def city_score_schema(editions: Editions) -> dict[str, Any]:
    """``CityScore``: one city's points, category by category."""
    return {
        "type": "object",
        "required": ["player", "categories", "total", "coins", "rank", "details"],
        "properties": {
            "player": {"type": "string"},
            "categories": {
                "type": "object",
                "description": "Every category of the game's edition, in its order.",
                "minProperties": editions.fewest_categories,
                "properties": {c: {"type": "integer"} for c in editions.categories},
                "additionalProperties": False,
            },
            "total": {"type": "integer"},
            "coins": {"type": "integer"},
            "rank": {"type": ["integer", "null"], "minimum": 1},
            "free_city": {"type": "boolean"},
            "wonder": {"type": ["string", "null"]},
            "side": {"type": ["string", "null"]},
            "details": {"type": "array", "items": ref("Detail")},
        },
    }


def score_sheet_schema(editions: Editions) -> dict[str, Any]:
    """``ScoreSheet``: a scored game: its cities, winners and problems."""
    return {
        "type": "object",
        "required": ["edition", "cities", "winners", "problems"],
        "properties": {
            "edition": {"type": "integer", "enum": list(editions.numbers)},
            "expansions": {"type": "array", "items": {"type": "string"}, "description": "Absent: none."},
            "cities": {"type": "array", "items": ref("CityScore")},
            "winners": {"type": "array", "items": {"type": "string"}},
            "decided_by": {"type": "string", "enum": ["points", "coins", "shared", "alone"]},
            "explanation": {"type": "string"},
            "problems": {"type": "array", "items": ref("Problem")},
            "teams": _teams(),
        },
    }


def _teams() -> dict[str, Any]:
    """A score sheet's ``teams``."""
    return {
        "type": "array",
        "description": "The team game (Cities), when every city names its team: each team's "
        "players, total (its players' sum), coins (the tie-break) and rank; `winners` "
        "then lists the winning team's players. Absent: no teams.",
        "items": {
            "type": "object",
            "required": ["team", "players", "total", "coins", "rank"],
            "properties": {
                "team": {"type": "string"},
                "players": {"type": "array", "items": {"type": "string"}},
                "total": {"type": "integer"},
                "coins": {"type": "integer", "minimum": 0},
                "rank": {"type": "integer", "minimum": 1},
            },
        },
    }


def payment_schema() -> dict[str, Any]:
    """``Payment``: one way to pay for a build."""
    return {
        "type": "object",
        "required": ["bank", "left", "right", "total", "buy"],
        "properties": {
            "bank": {"type": "integer", "minimum": 0},
            "left": {"type": "integer", "minimum": 0},
            "right": {"type": "integer", "minimum": 0},
            "total": {"type": "integer", "minimum": 0},
            "buy": {
                "type": "object",
                "properties": {"left": ref("ResourceCount"), "right": ref("ResourceCount")},
                "additionalProperties": False,
            },
        },
    }


def verdict_schema() -> dict[str, Any]:
    """``Verdict``: whether a city can build a card or stage, how, and at what cost."""
    return {
        "type": "object",
        "required": ["buildable", "reason"],
        "properties": {
            "buildable": {"type": "boolean"},
            "how": {
                "type": "string",
                "enum": ["chain", "free", "own", "coins", "trade", "free-build", "discard"],
            },
            "why": {"type": "string", "enum": [w.value for w in WhyNot]},
            "cheapest": {"oneOf": [ref("Payment"), {"type": "null"}]},
            "options": {"type": "array", "items": ref("Payment")},
            "reason": {"type": "string"},
            "notes": {
                "type": "array",
                "items": {"type": "string"},
                "description": "One sentence for each power that changes this verdict's cheapest way: a "
                "trading discount, a leader's or a wonder's saving, the Black Market's or the Secret "
                "Warehouse's unit, a Clandestine Dock's coin off, a free build; and what a neighbour "
                "makes but cannot sell.",
            },
        },
    }


def can_build_request_schema(editions: Editions) -> dict[str, Any]:
    """``CanBuildRequest``: a game, one of its cities, and the card or stage it would build."""
    return {
        "type": "object",
        "required": ["game", "city"],
        "properties": {
            "game": ref("Game"),
            "city": {
                "type": "integer",
                "minimum": 0,
                "maximum": editions.most - 1,
                "description": "Below the number of cities.",
            },
            "card": {
                "type": "string",
                "enum": editions.all_cards,
                "description": "A card of the game's edition.",
            },
            "stage": {"type": "boolean"},
            "via": {
                "type": "string",
                "enum": list(VIAS),
                "description": "Build the card through a power: from the discard pile (Halicarnassus) "
                "or a free build (Olympia). Not with stage.",
            },
        },
        "allOf": [
            {"if": {"required": ["via"]}, "then": {"required": ["card"]}},
            _card_or_stage(),
            *_city_below_cities(editions),
            *_card_of_the_game(editions),
        ],
    }


def _card_or_stage() -> dict[str, Any]:
    """A card, or the next stage: not both."""
    return {
        "oneOf": [
            {"required": ["card"], "properties": {"stage": {"const": False}}},
            {
                "required": ["stage"],
                "properties": {"stage": {"const": True}},
                "not": {"required": ["card"]},
            },
        ]
    }


def _city_below_cities(editions: Editions) -> list[dict[str, Any]]:
    """The city is one of the game's."""
    return [
        {
            "if": {"properties": {"game": {"properties": {"cities": {"maxItems": n}}}}},
            "then": {"properties": {"city": {"maximum": n - 1}}},
        }
        for n in range(editions.least, editions.most)
    ]


def _card_of_the_game(editions: Editions) -> list[dict[str, Any]]:
    """The card is one of the game's edition, and an expansion's only in a game that plays it."""
    return [
        *[
            {
                "if": {"properties": {"game": edition_of_game(cat.edition)}},
                "then": {"properties": {"card": {"enum": card_ids(cat)}}},
            }
            for cat in editions.catalogs
        ],
        *[  # an expansion's card only in a game that plays it
            {
                "if": {"properties": {"game": without(cat.edition, x)}},
                "then": {"properties": {"card": {"not": {"enum": cards_of(cat.edition, x)}}}},
            }
            for cat in editions.catalogs
            for x in available_expansions(cat.edition)
            if cards_of(cat.edition, x)
        ],
    ]


def free_city_request_schema() -> dict[str, Any]:
    """``FreeCityRequest``: a two-player game and the Free City's hand."""
    return {
        "type": "object",
        "required": ["game", "hand"],
        "properties": {
            "game": ref("Game"),
            "hand": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": MAX_HAND},
        },
    }


def free_city_play_schema() -> dict[str, Any]:
    """``FreeCityPlay``: the card the Free City plays, and how."""
    return {
        "type": "object",
        "required": ["card", "action", "reason"],
        "properties": {
            "card": {"type": "string"},
            "action": {"type": "string", "enum": ["chain", "build", "stage", "discard"]},
            "reason": {"type": "string"},
            "alternatives": {"type": "array", "items": {"type": "string"}},
        },
    }


def military_request_schema(editions: Editions) -> dict[str, Any]:
    """``MilitaryRequest``: an age and each city's shields, held to the edition's ages and seats."""
    return {
        "type": "object",
        "required": ["age", "shields"],
        "properties": _military_properties(editions),
        "allOf": [
            {
                "if": edition_of_game(cat.edition),
                "then": {
                    "properties": {
                        "age": {"enum": list(range(1, cat.rules.ages + 1))},
                        "shields": {
                            "minItems": fewest_cities(cat),
                            "maxItems": full(cat.edition).rules.max_players,
                        },
                    },
                    # More seats than the edition's only with an expansion that allows them.
                    **({"allOf": limits} if (limits := seat_limits(cat.edition, "shields")) else {}),
                },
            }
            for cat in (catalog_for(e) for e in editions.numbers)
        ],
    }


def _military_properties(editions: Editions) -> dict[str, Any]:
    most, least = editions.most, editions.least
    return {
        "age": {
            "type": "integer",
            "enum": list(range(1, editions.most_ages + 1)),
            "description": "An age of the edition.",
        },
        "shields": {
            "type": "array",
            "items": {"type": "integer", "minimum": 0, "maximum": MAX_SHIELDS},
            "minItems": least,
            "maxItems": most,
            "description": "The shields of each city in seating order: as many cities as the edition seats.",
        },
        "diplomacy": {
            "type": "array",
            "items": {"type": "integer", "minimum": 0, "maximum": most - 1},
            "uniqueItems": True,
            "description": "Cities: the seats (from 0) of the cities on diplomacy this age: they "
            "fight no conflict and take no token; their neighbours fight each other across them. "
            "In the team game a city on diplomacy fights its other neighbour once instead of twice.",
        },
        "teams": {
            "type": "array",
            "items": {"type": "string", "minLength": 1},
            "minItems": least,
            "maxItems": most,
            "description": "Cities' team game: each city's team in seating order (compared without "
            "case), teams of two side by side. Teammates do not fight; a city fights its other "
            "neighbour twice. Refused in a game without the team game.",
        },
        "edition": {"type": "integer", "enum": list(editions.numbers), "default": 1},
        "expansions": {
            "type": "array",
            "items": {"type": "string"},
            "description": "The expansions played (absent: none): the seats they allow.",
        },
    }


def military_result_schema() -> dict[str, Any]:
    """``MilitaryResult``: each city's conflict tokens of the age."""
    return {
        "type": "object",
        "required": ["age", "tokens"],
        "properties": {
            "age": {"type": "integer"},
            "tokens": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
        },
    }
