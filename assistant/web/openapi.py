"""The OpenAPI 3.1 description of ``/api/v1`` (kept true by tests/web/test_openapi.py)."""

from __future__ import annotations

from typing import Any

from ..rules.model import CATEGORIES, Color, Resource, WhyNot

RESOURCES = [r.value for r in Resource]
CATEGORY_NAMES = [c.value for c in CATEGORIES]


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
            "player": {"type": "string", "minLength": 1, "maxLength": 40},
            "wonder": {
                "type": "string",
                "description": "rhodes, alexandria, ephesus, babylon, olympia, halicarnassus, giza (and variants)",
            },
            "side": {"type": "string", "enum": ["A", "B", "a", "b"]},
            "stages": {"type": "integer", "minimum": 0, "maximum": 4},
            "coins": {"type": "integer", "minimum": 0},
            "cards": {"type": "array", "items": {"type": "string"}},
            "military": {"type": "array", "items": {"type": "integer"}},
            "shields_by_age": {
                "type": "array",
                "items": {"type": "integer", "minimum": 0},
                "minItems": 3,
                "maxItems": 3,
            },
            "free_city": {"type": "boolean"},
            "categories": {
                "type": "object",
                "properties": {c: {"type": "integer"} for c in CATEGORY_NAMES},
                "additionalProperties": False,
            },
            "science_symbols": {
                "type": "object",
                "properties": {
                    k: {"type": "integer", "minimum": 0} for k in ("compass", "gear", "tablet", "wild")
                },
                "additionalProperties": False,
            },
        },
    },
    "Game": {
        "type": "object",
        "required": ["cities"],
        "properties": {
            "edition": {"type": "integer", "enum": [1]},
            "cities": {"type": "array", "minItems": 3, "maxItems": 7, "items": _ref("City")},
        },
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
            "how": {
                "type": "string",
                "enum": ["chain", "free", "own", "coins", "trade", "free-build", "discard"],
            },
            "why": {"type": "string", "enum": [w.value for w in WhyNot]},
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
            "city": {"type": "integer", "minimum": 0},
            "card": {"type": "string"},
            "stage": {"type": "boolean"},
        },
    },
    "FreeCityRequest": {
        "type": "object",
        "required": ["game", "hand"],
        "properties": {
            "game": _ref("Game"),
            "hand": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 20},
        },
    },
    "FreeCityPlay": {
        "type": "object",
        "required": ["card", "action", "reason"],
        "properties": {
            "card": {"type": "string"},
            "action": {"type": "string", "enum": ["chain", "build", "stage", "discard"]},
            "reason": {"type": "string"},
            "alternatives": {"type": "array", "items": {"type": "string"}},
        },
    },
    "MilitaryRequest": {
        "type": "object",
        "required": ["age", "shields"],
        "properties": {
            "age": {"type": "integer", "enum": [1, 2, 3]},
            "shields": {
                "type": "array",
                "items": {"type": "integer", "minimum": 0},
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
        "properties": {"game": _ref("Game"), "title": {"type": "string", "maxLength": 80}},
    },
    "ReplaceCity": {
        "type": "object",
        "required": ["city", "version"],
        "properties": {"city": _ref("City"), "version": {"type": "integer"}},
    },
    "Lock": {"type": "object", "properties": {"locked": {"type": "boolean"}}},
}

TOKEN = {
    "name": "token",
    "in": "path",
    "required": True,
    "schema": {"type": "string"},
    "description": "The game's edit token (or, to read, its read-only token).",
}
SEAT = {
    "name": "seat",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 0},
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
    "/api/v1/free-city": {
        "post": {
            "summary": "The two-player variant: which card of the hand the Free City plays, and how",
            "operationId": "freeCity",
            "requestBody": _body("FreeCityRequest"),
            "responses": {"200": _json(_ref("FreeCityPlay"), "The card and the action."), "400": ERROR},
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
