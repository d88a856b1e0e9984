"""The OpenAPI part of the deck for a table (``GET /api/v1/deck``, the ``TableDeck``
component): what to put in each age's deck, what is drawn at random and what is dealt apart
(assistant/rules/table_deck.py)."""

from __future__ import annotations

from typing import Any

from ..rules.catalog import available_expansions
from .openapi_common import ERROR, Editions, edition_and_expansions, ref, response

DECK_PARAMETERS = [
    {
        "name": "players",
        "in": "query",
        "required": True,
        "schema": {"type": "integer"},
        "description": (
            "The players at the table: those the edition and the expansions seat (2 with the Free"
            " City where the edition has it; 8 with Cities or Armada). Any other number, or none,"
            " is refused (400, field players)."
        ),
    },
    *edition_and_expansions(
        "; another is refused (400, field edition).",
        ". An id the edition lacks is refused (400, field expansions).",
    ),
]


def deck_path() -> dict[str, Any]:
    """``GET /api/v1/deck``."""
    return {
        "/api/v1/deck": {
            "get": {
                "summary": "What to put in each age's deck for a table",
                "description": (
                    "Per age, every card to put in the deck (one entry a copy, by the counts printed"
                    " on the cards), and the cards drawn at random: the last age's guilds (the"
                    " players + 2) and an expansion's cards (Cities' black cards: as many as the"
                    " players). Once drawn, an age holds the hand size times the players (at 8"
                    " players, the 7-player decks). Cards dealt apart (Leaders' white cards) are in"
                    " no age: `apart` says how many each player is dealt."
                ),
                "operationId": "deck",
                "parameters": DECK_PARAMETERS,
                "responses": {"200": response(ref("TableDeck"), "The decks."), "400": ERROR},
            },
        },
    }


def deck_schema(editions: Editions) -> dict[str, Any]:
    """``TableDeck``: the decks of a table."""
    ids = {"type": "array", "items": {"type": "string"}}
    expansions = sorted({x for number in editions.numbers for x in available_expansions(number)})
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["edition", "expansions", "players", "cities", "deck_players", "hand", "ages", "apart"],
        "properties": {
            "edition": {"type": "integer", "enum": list(editions.numbers)},
            "expansions": {"type": "array", "items": {"type": "string", "enum": expansions}},
            "players": {"type": "integer", "minimum": editions.least - 1, "maximum": editions.most},
            "cities": {
                "type": "integer",
                "minimum": editions.least,
                "maximum": editions.most,
                "description": "The cities at the table: the players, and the Free City with two.",
            },
            "deck_players": {
                "type": "integer",
                "minimum": 1,
                "description": "The player count the decks are built for: the cities, or the largest"
                " printed decks' (7) at a larger table.",
            },
            "hand": {
                "type": "integer",
                "minimum": 1,
                "description": "The cards of a hand at the start of an age (where the decks do not"
                " share evenly, the larger hand).",
            },
            "ages": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["age", "cards", "draw", "total"],
                    "properties": {
                        "age": {"type": "integer", "minimum": 1, "maximum": editions.most_ages},
                        "cards": {**ids, "description": "Every card put in, one entry a physical copy."},
                        "draw": {"type": "array", "items": _draw()},
                        "total": {
                            "type": "integer",
                            "description": "The age's cards once drawn: the deck's players times the hand size.",
                        },
                    },
                },
            },
            "apart": {"type": "array", "items": _apart()},
        },
    }


def _draw() -> dict[str, Any]:
    """Cards drawn at random into an age's deck."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["from", "count"],
        "properties": {
            "from": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The pool, each id one card; empty: the expansion's cards of that age,"
                " which the rules data does not list one by one yet (Armada's).",
            },
            "count": {"type": "integer", "minimum": 1, "description": "How many are put in, unseen."},
            "color": {"type": "string", "description": "The pool's colour (purple: the guilds)."},
            "expansion": {"type": "string", "description": "The expansion whose set-up draws them."},
        },
    }


def _apart() -> dict[str, Any]:
    """A colour dealt apart, in no age's deck."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["color", "from", "per_player"],
        "properties": {
            "color": {"type": "string"},
            "from": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Its cards (empty: not listed one by one yet).",
            },
            "per_player": {
                "type": ["integer", "null"],
                "minimum": 1,
                "description": "How many each player is dealt before the first age (Leaders: 4);"
                " null where the rules data does not say.",
            },
            "expansion": {"type": "string"},
        },
    }
