"""The paths of the OpenAPI document (assistant/web/openapi.py): every operation of
``/api/v1``, its parameters, body and answers, by the component schemas' names."""

from __future__ import annotations

from typing import Any

from ..rules.limits import PRINTABLE
from .openapi_common import ERROR, edition_and_expansions, ref, request_body, response
from .openapi_deck import deck_path

TOKEN = {
    "name": "token",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
    "description": "The game's edit token (or, to read, its read-only token).",
}
TABLE = {
    "name": "table",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
    "description": "The table's token.",
}
SEAT = {
    "name": "seat",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 0, "maximum": 6},
    "description": "The city's index in seating order.",
}


# GET /api/v1/catalog: the edition and expansions asked for.
CATALOG_PARAMETERS = edition_and_expansions(
    ".",
    ": their cards, wonders, colours and categories are added. An id the edition lacks is refused"
    " (400, field expansions).",
)


# GET /api/v1/tables/{table}: which games are listed and counted.
TABLE_FILTERS = [
    {
        "name": "since",
        "in": "query",
        "required": False,
        "schema": {"type": "string", "format": "date"},
        "description": "Games played on or after this day (the games listed and counted).",
    },
    {
        "name": "until",
        "in": "query",
        "required": False,
        "schema": {"type": "string", "format": "date"},
        "description": "Games played on or before this day (the games listed and counted).",
    },
    {
        "name": "edition",
        "in": "query",
        "required": False,
        "schema": {"type": "integer"},
        "description": "Games of this edition only (the games listed and counted).",
    },
    {
        "name": "expansion",
        "in": "query",
        "required": False,
        "schema": {"type": "string", "pattern": "^(base|(with|without):[a-z0-9-]{1,40})$"},
        "description": "The games played without any expansion (`base`), with one (`with:cities`) "
        "or without one (`without:cities`): the games listed and counted.",
    },
    {
        "name": "players",
        "in": "query",
        "required": False,
        "schema": {"type": "integer", "minimum": 1, "maximum": 99},
        "description": "Games of this many players only, the Free City not counted (the games listed and counted).",
    },
    {
        "name": "q",
        "in": "query",
        "required": False,
        "schema": {"type": "string", "maxLength": 40, "pattern": PRINTABLE},
        "description": (
            "Only the games with this in a player's name (case and accents ignored) or "
            "in their title; the statistics are not searched."
        ),
    },
]


def _rules_paths() -> dict[str, Any]:
    """The catalog, and the answers about a game sent whole: its scores, whether a city can
    build, the Free City's play, an age's conflicts."""
    return {
        "/api/v1/catalog": {
            "get": {
                "summary": "Every card and wonder of an edition",
                "operationId": "catalog",
                "parameters": CATALOG_PARAMETERS,
                "responses": {"200": response(ref("Catalog"), "The catalog."), "400": ERROR},
            },
        },
        "/api/v1/score": {
            "post": {
                "summary": "Score a game",
                "operationId": "score",
                "requestBody": request_body("Game"),
                "responses": {
                    "200": response(ref("ScoreSheet"), "The score sheet, with every problem found."),
                    "400": ERROR,
                },
            },
        },
        "/api/v1/can-build": {
            "post": {
                "summary": "Can a city build a card or its next stage, and at what least cost?",
                "operationId": "canBuild",
                "requestBody": request_body("CanBuildRequest"),
                "responses": {"200": response(ref("Verdict"), "The verdict."), "400": ERROR},
            },
        },
        "/api/v1/free-city": {
            "post": {
                "summary": "The two-player variant: which card of the hand the Free City plays, and how",
                "operationId": "freeCity",
                "requestBody": request_body("FreeCityRequest"),
                "responses": {"200": response(ref("FreeCityPlay"), "The card and the action."), "400": ERROR},
            },
        },
        "/api/v1/military": {
            "post": {
                "summary": "Conflict tokens of one age from the shields in seating order",
                "operationId": "military",
                "requestBody": request_body("MilitaryRequest"),
                "responses": {"200": response(ref("MilitaryResult"), "Tokens per city."), "400": ERROR},
            },
        },
    }


def _game_paths() -> dict[str, Any]:
    """Storing a game, and reading it back."""
    return {
        "/api/v1/games": {
            "post": {
                "summary": "Store a new game (in a table, given its token)",
                "operationId": "createGame",
                "requestBody": request_body("CreateGame"),
                "responses": {
                    "201": response(ref("StoredGame"), "The stored game with its edit token."),
                    "400": ERROR,
                    "429": response(
                        ref("Error"),
                        "Too many games, tables or imports from this client in a short time: nothing stored.",
                    ),
                    "404": response(ref("Error"), "No table has the token given under table."),
                },
            },
        },
        "/api/v1/games/{token}": {
            "get": {
                "summary": "Read a stored game, its scores and its city versions",
                "operationId": "readGame",
                "parameters": [TOKEN],
                "responses": {"200": response(ref("StoredGame"), "The game."), "404": ERROR},
            },
        },
    }


def _game_change_paths() -> dict[str, Any]:
    """Changing a stored game: one of its cities, its play, its lock."""
    return {
        "/api/v1/games/{token}/cities/{seat}": {
            "put": {
                "summary": "Replace one city, given the version it was read at",
                "operationId": "replaceCity",
                "parameters": [TOKEN, SEAT],
                "requestBody": request_body("ReplaceCity"),
                "responses": {
                    "200": response(ref("StoredGame"), "The game after the change."),
                    "400": ERROR,
                    "403": ERROR,
                    "404": ERROR,
                    "409": response(
                        ref("Error"),
                        "The city changed since it was read (or the game is locked): nothing changed.",
                    ),
                },
            },
        },
        "/api/v1/games/{token}/play": {
            "put": {
                "summary": "Replace the age being played and the discard pile, given the play_version read",
                "operationId": "replacePlay",
                "parameters": [TOKEN],
                "requestBody": request_body("ReplacePlay"),
                "responses": {
                    "200": response(ref("StoredGame"), "The game after the change."),
                    "400": ERROR,
                    "403": ERROR,
                    "404": ERROR,
                    "409": response(
                        ref("Error"),
                        "The age or discard pile changed since it was read (or the game is locked): nothing changed.",
                    ),
                },
            },
        },
        "/api/v1/games/{token}/lock": {
            "post": {
                "summary": "Lock the game (or open it again with locked: false)",
                "operationId": "lockGame",
                "parameters": [TOKEN],
                "requestBody": {"required": False, "content": {"application/json": {"schema": ref("Lock")}}},
                "responses": {"200": response(ref("StoredGame"), "The game."), "400": ERROR, "404": ERROR},
            },
        },
    }


def _table_paths() -> dict[str, Any]:
    """A table: starting it, reading it, renaming it."""
    return {
        "/api/v1/tables": {
            "post": {
                "summary": "Start a table (a group that plays together and keeps its history)",
                "operationId": "createTable",
                "requestBody": {
                    "required": False,
                    "content": {"application/json": {"schema": ref("CreateTable")}},
                },
                "responses": {
                    "201": response(ref("Table"), "The table with its token."),
                    "400": ERROR,
                    "429": response(
                        ref("Error"), "Too many games, tables or imports from this client in a short time."
                    ),
                },
            },
        },
        "/api/v1/tables/{table}": {
            "get": {
                "summary": "A table's games and statistics (only locked games count)",
                "operationId": "readTable",
                "parameters": [TABLE, *TABLE_FILTERS],
                "responses": {"200": response(ref("TableRead"), "The table."), "400": ERROR, "404": ERROR},
            },
            "patch": {
                "summary": "Rename the table",
                "operationId": "renameTable",
                "parameters": [TABLE],
                "requestBody": request_body("RenameTable"),
                "responses": {
                    "200": response(ref("Table"), "The table, renamed."),
                    "400": ERROR,
                    "404": ERROR,
                },
            },
        },
    }


def _table_game_paths() -> dict[str, Any]:
    """A table's games: putting one in it and taking one out."""
    return {
        "/api/v1/tables/{table}/games/{token}": {
            "put": {
                "summary": "Put a game (by its edit token) in the table",
                "description": "A locked game at another table stays there (409).",
                "operationId": "addToTable",
                "parameters": [TABLE, TOKEN],
                "responses": {
                    "200": response(ref("StoredGame"), "The game."),
                    "403": ERROR,
                    "404": ERROR,
                    "409": response(ref("Error"), "The game is locked at another table: nothing changed."),
                },
            },
            "delete": {
                "summary": "Take a game (by its edit token) out of the table",
                "description": "A locked game stays at its table (409): its record is part of the table's history.",
                "operationId": "removeFromTable",
                "parameters": [TABLE, TOKEN],
                "responses": {
                    "200": response(ref("StoredGame"), "The game."),
                    "403": ERROR,
                    "404": ERROR,
                    "409": response(ref("Error"), "The game is locked: nothing changed."),
                },
            },
        },
    }


def _table_history_paths() -> dict[str, Any]:
    """A table's history: its players' names, its export and its import."""
    return {
        "/api/v1/tables/{table}/names": {
            "post": {
                "summary": "Rename a player of the table, or merge two spellings of one player's name",
                "operationId": "tableNames",
                "description": "Two changes to one player's names at once (two renames, or A merged into B "
                "while B is merged into A) are made one after the other: the second was decided from names "
                "that are gone, so it changes nothing and answers 409, saying what the first did.",
                "parameters": [TABLE],
                "requestBody": request_body("TableNames"),
                "responses": {
                    "200": response(ref("TableRead"), "The table after the change."),
                    "400": ERROR,
                    "404": ERROR,
                    "409": response(
                        ref("Error"), "Another client changed these players' names first: nothing changed."
                    ),
                },
            },
        },
        "/api/v1/tables/{table}/export": {
            "get": {
                "summary": "Every game of the table in the game format, with its date, lock and record",
                "operationId": "exportTable",
                "parameters": [TABLE],
                "responses": {"200": response(ref("TableExport"), "The games, oldest first."), "404": ERROR},
            },
        },
        "/api/v1/tables/{table}/import": {
            "post": {
                "summary": "Import games into the table (its export format), all or none; the games it has already are skipped",
                "description": "A game's played_on, when given, is a day between 2010-01-01 (7 Wonders was "
                "published in 2010) and tomorrow; any other refuses the whole import (400), naming the game.",
                "operationId": "importTable",
                "parameters": [TABLE],
                "requestBody": request_body("TableExport"),
                "responses": {
                    "201": response(
                        ref("Imported"), "Some games were stored: how many, and how many were already here."
                    ),
                    "200": response(ref("Imported"), "Every game was already at the table: none stored."),
                    "400": ERROR,
                    "429": response(
                        ref("Error"),
                        "Too many games, tables or imports from this client in a short time: nothing stored.",
                    ),
                    "404": ERROR,
                },
            },
        },
    }


def _openapi_path() -> dict[str, Any]:
    """This document."""
    return {
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
        "replacePlay": {
            "operationId": "replacePlay",
            "parameters": {"token": token},
            "requestBody": {"version": "$response.body#/play_version"},
            "description": "Say the game is over (no age, empty discard pile) at the version just read.",
        },
        "lockGame": {"operationId": "lockGame", "parameters": {"token": token}},
    }


def _link_stored_games(paths: dict[str, Any]) -> None:
    """A stored game's answers link to what can be done with it next, and those that read it
    give its ETag."""
    paths["/api/v1/games"]["post"]["responses"]["201"]["links"] = _links("$response.body#/token")
    for path, method in (
        ("/api/v1/games/{token}", "get"),
        ("/api/v1/games/{token}/cities/{seat}", "put"),
        ("/api/v1/games/{token}/play", "put"),
        ("/api/v1/games/{token}/lock", "post"),
    ):
        paths[path][method]["responses"]["200"] = dict(
            paths[path][method]["responses"]["200"], links=_links("$request.path.token")
        )
    for path, method in (
        ("/api/v1/games/{token}", "get"),
        ("/api/v1/games/{token}/cities/{seat}", "put"),
        ("/api/v1/games/{token}/play", "put"),
    ):
        paths[path][method]["responses"]["200"]["headers"] = {
            "ETag": {
                "description": "The game's state (as in `state`): it changes with every change to the game.",
                "schema": {"type": "string"},
            }
        }


LOST_CONNECTION = {
    **response(
        ref("Error"),
        "The database connection was lost, or none could be made (the database restarting). While "
        "committing: the outcome is unknown (read the game again; sending the same save again is "
        "safe, as it names the version it replaces). Else: nothing was stored (the request was run "
        "once more, after half a second when no connection could be made, and failed again).",
    ),
    "headers": {
        "Retry-After": {"description": "Seconds to wait before trying again.", "schema": {"type": "integer"}}
    },
}


def _may_lose_the_database(paths: dict[str, Any]) -> None:
    """Every operation on stored data (games and tables) may answer 503."""
    for path, methods in paths.items():
        if path.startswith(("/api/v1/games", "/api/v1/tables")):
            for operation in methods.values():
                operation["responses"]["503"] = LOST_CONNECTION


def _paths() -> dict[str, Any]:
    paths: dict[str, Any] = {
        **_rules_paths(),
        **deck_path(),
        **_game_paths(),
        **_game_change_paths(),
        **_table_paths(),
        **_table_game_paths(),
        **_table_history_paths(),
        **_openapi_path(),
    }
    _link_stored_games(paths)
    _may_lose_the_database(paths)
    return paths


PATHS: dict[str, Any] = _paths()
