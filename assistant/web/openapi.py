"""The OpenAPI 3.1 description of ``/api/v1`` (kept true by tests/web/test_openapi.py)."""

from __future__ import annotations

from typing import Any

from ..rules.catalog import catalog_for
from ..rules.gameio import MAX_CARDS, MAX_COINS, MAX_NAME_LENGTH, MAX_POINTS, MAX_SHIELDS, MAX_TOKEN
from ..rules.model import CATEGORIES, Color, Resource

RESOURCES = [r.value for r in Resource]
CATEGORY_NAMES = [c.value for c in CATEGORIES]
MAX_VERSION = 2**31 - 1
# Printable text: no control characters (a lone surrogate cannot be written in UTF-8 at all).
PRINTABLE = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$"
_CATALOG = catalog_for(1)
CARD_IDS = sorted({c.id for c in _CATALOG.cards})
WONDER_IDS = [w.id for w in _CATALOG.wonders]
WONDER_INPUT = sorted({*WONDER_IDS, *(a for w in _CATALOG.wonders for a in w.aliases)})


def _stage_limits() -> list[dict[str, Any]]:
    """``stages`` is at most the number of stages of the city's wonder side."""
    rules = []
    for wonder in _CATALOG.wonders:
        names = sorted({wonder.id, *wonder.aliases})
        for side in wonder.sides:
            sides = [side.side, side.side.lower()]
            condition: dict[str, Any] = {
                "required": ["wonder"],
                "properties": {"wonder": {"enum": names}},
            }
            if side.side == "A":
                condition["properties"]["side"] = {"enum": sides}
            else:
                condition["required"] = ["wonder", "side"]
                condition["properties"]["side"] = {"enum": sides}
            rules.append({"if": condition, "then": {"properties": {"stages": {"maximum": len(side.stages)}}}})
    return rules


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERROR = _json(_ref("Error"), "The input cannot be used: one sentence naming the field.")

SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {"type": "string"},
            "field": {"type": "string"},
            "current_version": {"type": "integer"},
            "locked": {"type": "boolean"},
            "status": {"type": "integer"},
        },
    },
    "ResourceCount": {
        "type": "object",
        "additionalProperties": {"type": "integer", "minimum": 1},
        "propertyNames": {"enum": [*RESOURCES, "coins"]},
    },
    "City": {
        "type": "object",
        "required": ["player"],
        "properties": {
            "player": {
                "type": "string",
                "minLength": 1,
                "maxLength": MAX_NAME_LENGTH,
                "pattern": "\\S",
                "allOf": [{"pattern": PRINTABLE}],
                "description": "Runs of white space count as one space; no control characters.",
            },
            "wonder": {
                "type": "string",
                "enum": WONDER_INPUT,
                "description": "A wonder id (input also accepts the variants listed and any case of the names).",
            },
            "side": {"type": "string", "enum": ["A", "B", "a", "b"]},
            "stages": {
                "type": "integer",
                "minimum": 0,
                "maximum": 4,
                "description": "At most the number of stages of the wonder's side.",
            },
            "coins": {"type": "integer", "minimum": 0, "maximum": MAX_COINS},
            "cards": {
                "type": "array",
                "maxItems": MAX_CARDS,
                "items": {"type": "string", "enum": CARD_IDS},
                "description": "Card ids (input also accepts the English names in any case, and common variants).",
            },
            "military": {
                "type": "array",
                "maxItems": 18,
                "items": {"type": "integer", "minimum": -MAX_TOKEN, "maximum": MAX_TOKEN},
                "description": "Conflict tokens: 1, 3, 5 or -1 (others are reported as problems).",
            },
            "shields_by_age": {
                "type": "array",
                "items": {"type": "integer", "minimum": 0, "maximum": MAX_SHIELDS},
                "minItems": 3,
                "maxItems": 3,
            },
            "free_city": {"type": "boolean"},
            "categories": {
                "type": "object",
                "properties": {
                    c: {
                        "type": "integer",
                        "minimum": -18 if c == "military" else 0,
                        "maximum": MAX_POINTS,
                    }
                    for c in CATEGORY_NAMES
                },
                "additionalProperties": False,
            },
            "science_symbols": {
                "type": "object",
                "properties": {
                    k: {"type": "integer", "minimum": 0, "maximum": 20}
                    for k in ("compass", "gear", "tablet", "wild")
                },
                "additionalProperties": False,
            },
        },
        "allOf": [
            # A pad-entered city gives categories instead of cards, and may omit its wonder.
            {"not": {"required": ["cards", "categories"]}},
            {"if": {"not": {"required": ["categories"]}}, "then": {"required": ["wonder"]}},
            {"if": {"required": ["science_symbols"]}, "then": {"required": ["categories"]}},
            *_stage_limits(),
        ],
    },
    "Game": {
        "type": "object",
        "required": ["cities"],
        "properties": {
            "edition": {"type": "integer", "enum": [1]},
            "cities": {
                "type": "array",
                "minItems": 3,
                "maxItems": 7,
                "items": _ref("City"),
                "description": "In clockwise seating order. The Free City (two players) only in a table of 3.",
            },
        },
        "allOf": [
            {
                "if": {"properties": {"cities": {"minItems": 4}}},
                "then": {
                    "properties": {"cities": {"items": {"properties": {"free_city": {"const": False}}}}}
                },
            },
            {
                "properties": {
                    "cities": {
                        "contains": {"required": ["free_city"], "properties": {"free_city": {"const": True}}},
                        "minContains": 0,
                        "maxContains": 1,
                    }
                }
            },
        ],
    },
    "Problem": {
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
    },
    "Detail": {
        "type": "object",
        "required": ["category", "points", "source", "reason"],
        "properties": {
            "category": {"type": "string", "enum": CATEGORY_NAMES},
            "points": {"type": "integer"},
            "source": {"type": "string"},
            "reason": {"type": "string"},
        },
    },
    "CityScore": {
        "type": "object",
        "required": ["player", "categories", "total", "coins", "rank", "details"],
        "properties": {
            "player": {"type": "string"},
            "categories": {
                "type": "object",
                "required": CATEGORY_NAMES,
                "properties": {c: {"type": "integer"} for c in CATEGORY_NAMES},
                "additionalProperties": False,
            },
            "total": {"type": "integer"},
            "coins": {"type": "integer"},
            "rank": {"type": ["integer", "null"], "minimum": 1},
            "free_city": {"type": "boolean"},
            "wonder": {"type": ["string", "null"]},
            "side": {"type": ["string", "null"]},
            "details": {"type": "array", "items": _ref("Detail")},
        },
    },
    "ScoreSheet": {
        "type": "object",
        "required": ["edition", "cities", "winners", "problems"],
        "properties": {
            "edition": {"type": "integer"},
            "cities": {"type": "array", "items": _ref("CityScore")},
            "winners": {"type": "array", "items": {"type": "string"}},
            "decided_by": {"type": "string", "enum": ["points", "coins", "shared", "alone"]},
            "explanation": {"type": "string"},
            "problems": {"type": "array", "items": _ref("Problem")},
        },
    },
    "Payment": {
        "type": "object",
        "required": ["bank", "left", "right", "total", "buy"],
        "properties": {
            "bank": {"type": "integer", "minimum": 0},
            "left": {"type": "integer", "minimum": 0},
            "right": {"type": "integer", "minimum": 0},
            "total": {"type": "integer", "minimum": 0},
            "buy": {
                "type": "object",
                "properties": {"left": _ref("ResourceCount"), "right": _ref("ResourceCount")},
                "additionalProperties": False,
            },
        },
    },
    "Verdict": {
        "type": "object",
        "required": ["buildable", "reason"],
        "properties": {
            "buildable": {"type": "boolean"},
            "how": {"type": "string", "enum": ["chain", "free", "own", "coins", "trade"]},
            "why": {"type": "string", "enum": ["duplicate", "resources", "coins", "no-stage"]},
            "cheapest": {"oneOf": [_ref("Payment"), {"type": "null"}]},
            "options": {"type": "array", "items": _ref("Payment")},
            "reason": {"type": "string"},
            "notes": {"type": "array", "items": {"type": "string"}},
        },
    },
    "CanBuildRequest": {
        "type": "object",
        "required": ["game", "city"],
        "properties": {
            "game": _ref("Game"),
            "city": {
                "type": "integer",
                "minimum": 0,
                "maximum": 6,
                "description": "Below the number of cities.",
            },
            "card": {"type": "string", "enum": CARD_IDS},
            "stage": {"type": "boolean"},
        },
        "allOf": [
            {
                "oneOf": [
                    {"required": ["card"], "properties": {"stage": {"const": False}}},
                    {
                        "required": ["stage"],
                        "properties": {"stage": {"const": True}},
                        "not": {"required": ["card"]},
                    },
                ]
            },
            *[
                {
                    "if": {"properties": {"game": {"properties": {"cities": {"maxItems": n}}}}},
                    "then": {"properties": {"city": {"maximum": n - 1}}},
                }
                for n in range(3, 7)
            ],
        ],
    },
    "MilitaryRequest": {
        "type": "object",
        "required": ["age", "shields"],
        "properties": {
            "age": {"type": "integer", "enum": [1, 2, 3]},
            "shields": {
                "type": "array",
                "items": {"type": "integer", "minimum": 0, "maximum": 99},
                "minItems": 3,
                "maxItems": 7,
            },
        },
    },
    "MilitaryResult": {
        "type": "object",
        "required": ["age", "tokens"],
        "properties": {
            "age": {"type": "integer"},
            "tokens": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
        },
    },
    "Catalog": {
        "type": "object",
        "required": ["edition", "cards", "wonders"],
        "properties": {
            "edition": {"type": "integer"},
            "cards": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "name", "age", "color", "cost", "players", "chain_from", "effect"],
                    "properties": {
                        "id": {"type": "string"},
                        "name": {"type": "string"},
                        "age": {"type": "integer", "enum": [1, 2, 3]},
                        "color": {"type": "string", "enum": [c.value for c in Color]},
                        "cost": _ref("ResourceCount"),
                        "players": {"type": "array", "items": {"type": "integer"}},
                        "chain_from": {"type": "array", "items": {"type": "string"}},
                        "chain_to": {"type": "array", "items": {"type": "string"}},
                        "effect": {"type": "string"},
                    },
                },
            },
            "wonders": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "name", "sides"],
                    "properties": {
                        "id": {"type": "string"},
                        "name": {"type": "string"},
                        "sides": {
                            "type": "object",
                            "additionalProperties": {
                                "type": "object",
                                "required": ["resource", "stages"],
                                "properties": {
                                    "resource": {"type": "string", "enum": RESOURCES},
                                    "stages": {
                                        "type": "array",
                                        "items": {
                                            "type": "object",
                                            "required": ["cost", "points", "effect"],
                                            "properties": {
                                                "cost": _ref("ResourceCount"),
                                                "points": {"type": "integer"},
                                                "effect": {"type": "string"},
                                            },
                                        },
                                    },
                                },
                            },
                        },
                    },
                },
            },
        },
    },
    "StoredGame": {
        "type": "object",
        "required": ["game", "scores", "versions", "locked", "state", "view_url"],
        "properties": {
            "game": _ref("Game"),
            "scores": _ref("ScoreSheet"),
            "versions": {"type": "array", "items": {"type": "integer", "minimum": 1}},
            "locked": {"type": "boolean"},
            "mode": {"type": "string", "enum": ["cards", "pad"]},
            "title": {"type": ["string", "null"]},
            "state": {"type": "string"},
            "view_url": {"type": "string"},
            "view_token": {"type": "string"},
            "token": {"type": "string", "description": "The edit token (only when the game is created)."},
            "edit_url": {"type": "string"},
        },
    },
    "CreateGame": {
        "type": "object",
        "required": ["game"],
        "properties": {
            "game": _ref("Game"),
            "title": {"type": "string", "maxLength": 80, "pattern": PRINTABLE},
        },
    },
    "ReplaceCity": {
        "type": "object",
        "required": ["city", "version"],
        "properties": {
            "city": _ref("City"),
            "version": {"type": "integer", "minimum": 1, "maximum": MAX_VERSION},
        },
    },
    "Lock": {"type": "object", "properties": {"locked": {"type": "boolean"}}},
}

TOKEN = {
    "name": "token",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
    "description": "The game's edit token (or, to read, its read-only token).",
}
SEAT = {
    "name": "seat",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 0, "maximum": 6},
    "description": "The city's index in seating order.",
}


def _body(name: str) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": _ref(name)}}}


PATHS: dict[str, Any] = {
    "/api/v1/catalog": {
        "get": {
            "summary": "Every card and wonder of the first edition",
            "operationId": "catalog",
            "responses": {"200": _json(_ref("Catalog"), "The catalog.")},
        },
    },
    "/api/v1/score": {
        "post": {
            "summary": "Score a game",
            "operationId": "score",
            "requestBody": _body("Game"),
            "responses": {
                "200": _json(_ref("ScoreSheet"), "The score sheet, with every problem found."),
                "400": ERROR,
            },
        },
    },
    "/api/v1/can-build": {
        "post": {
            "summary": "Can a city build a card or its next stage, and at what least cost?",
            "operationId": "canBuild",
            "requestBody": _body("CanBuildRequest"),
            "responses": {"200": _json(_ref("Verdict"), "The verdict."), "400": ERROR},
        },
    },
    "/api/v1/military": {
        "post": {
            "summary": "Conflict tokens of one age from the shields in seating order",
            "operationId": "military",
            "requestBody": _body("MilitaryRequest"),
            "responses": {"200": _json(_ref("MilitaryResult"), "Tokens per city."), "400": ERROR},
        },
    },
    "/api/v1/games": {
        "post": {
            "summary": "Store a new game",
            "operationId": "createGame",
            "requestBody": _body("CreateGame"),
            "responses": {
                "201": _json(_ref("StoredGame"), "The stored game with its edit token."),
                "400": ERROR,
            },
        },
    },
    "/api/v1/games/{token}": {
        "get": {
            "summary": "Read a stored game, its scores and its city versions",
            "operationId": "readGame",
            "parameters": [TOKEN],
            "responses": {"200": _json(_ref("StoredGame"), "The game."), "404": ERROR},
        },
    },
    "/api/v1/games/{token}/cities/{seat}": {
        "put": {
            "summary": "Replace one city, given the version it was read at",
            "operationId": "replaceCity",
            "parameters": [TOKEN, SEAT],
            "requestBody": _body("ReplaceCity"),
            "responses": {
                "200": _json(_ref("StoredGame"), "The game after the change."),
                "400": ERROR,
                "403": ERROR,
                "404": ERROR,
                "409": _json(
                    _ref("Error"),
                    "The city changed since it was read (or the game is locked): nothing changed.",
                ),
            },
        },
    },
    "/api/v1/games/{token}/lock": {
        "post": {
            "summary": "Lock the game (or open it again with locked: false)",
            "operationId": "lockGame",
            "parameters": [TOKEN],
            "requestBody": {"required": False, "content": {"application/json": {"schema": _ref("Lock")}}},
            "responses": {"200": _json(_ref("StoredGame"), "The game."), "400": ERROR, "404": ERROR},
        },
    },
    "/api/v1/openapi.json": {
        "get": {
            "summary": "This document",
            "operationId": "openapi",
            "responses": {
                "200": {
                    "description": "The OpenAPI document.",
                    "content": {"application/json": {"schema": {"type": "object"}}},
                }
            },
        },
    },
}


def _links(token: str) -> dict[str, Any]:
    """Where a stored game's answer leads (OpenAPI links, for clients and stateful testing)."""
    return {
        "readGame": {"operationId": "readGame", "parameters": {"token": token}},
        "replaceCity": {
            "operationId": "replaceCity",
            "parameters": {"token": token, "seat": 0},
            "requestBody": {"city": "$response.body#/game/cities/0", "version": "$response.body#/versions/0"},
            "description": "Save the first city again at the version just read.",
        },
        "lockGame": {"operationId": "lockGame", "parameters": {"token": token}},
    }


PATHS["/api/v1/games"]["post"]["responses"]["201"]["links"] = _links("$response.body#/token")
for _path, _method in (
    ("/api/v1/games/{token}", "get"),
    ("/api/v1/games/{token}/cities/{seat}", "put"),
    ("/api/v1/games/{token}/lock", "post"),
):
    PATHS[_path][_method]["responses"]["200"] = dict(
        PATHS[_path][_method]["responses"]["200"], links=_links("$request.path.token")
    )
for _path, _method in (("/api/v1/games/{token}", "get"), ("/api/v1/games/{token}/cities/{seat}", "put")):
    PATHS[_path][_method]["responses"]["200"]["headers"] = {
        "ETag": {
            "description": "The game's state (as in `state`): it changes with every change to the game.",
            "schema": {"type": "string"},
        }
    }


def document() -> dict[str, Any]:
    """The whole OpenAPI document."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "7 Wonders table assistant API",
            "version": "1",
            "description": "Score games, adjudicate builds and keep games in the JSON game format.",
        },
        "paths": PATHS,
        "components": {"schemas": SCHEMAS},
    }
