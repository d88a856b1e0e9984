"""The OpenAPI components of games: ``Game`` (with the rules each edition and expansion lays
on it), and a stored game's: ``StoredGame``, ``CreateGame``, ``ReplaceCity``, ``ReplacePlay``
and ``Lock``. Each edition's city (``City``, ``CityEdition2``...) is the game format's own
(:func:`assistant.rules.cityformat.city_schema`)."""

from __future__ import annotations

from typing import Any

from ..rules.catalog import Catalog, available_expansions, catalog_for, expansion_rules
from ..rules.gameio import MAX_DISCARD
from ..rules.limits import PRINTABLE
from .openapi_common import (
    MAX_VERSION,
    Editions,
    cards_of,
    city_schema_name,
    edition_of_game,
    fewest_cities,
    ref,
    seat_limits,
    without,
)


def game_schema(editions: Editions) -> dict[str, Any]:
    """``Game``: a game of any edition, held to its edition's and its expansions' rules."""
    return {
        "type": "object",
        "required": ["cities"],
        "properties": _game_properties(editions),
        "allOf": [
            *(check for cat in editions.catalogs for check in _game_rules(cat)),
            *_stage_ages(editions),
            _one_free_city(),
        ],
    }


def _game_properties(editions: Editions) -> dict[str, Any]:
    return {
        "edition": {"type": "integer", "enum": list(editions.numbers), "default": 1},
        "expansions": {
            "type": "array",
            "uniqueItems": True,
            "items": {
                "type": "string",
                "enum": sorted({x for e in editions.numbers for x in available_expansions(e)}),
            },
            "description": "The expansions being played: ids of the game's edition's expansions (absent: none).",
        },
        "age": {
            "type": "integer",
            "minimum": 1,
            "maximum": editions.most_ages,
            "description": "During play: the age being played (absent: the game is over).",
        },
        "discard": {
            "type": "array",
            "maxItems": MAX_DISCARD,
            "items": {"type": "string", "enum": editions.all_cards},
            "description": "During play: the card ids in the discard pile (cards of the game's edition).",
        },
        "cities": {
            "type": "array",
            "minItems": editions.least,
            "maxItems": editions.most,
            "description": "In clockwise seating order, each a city of the game's edition. "
            "The Free City (two players, first edition) only in a table of 3.",
        },
    }


def _stage_ages(editions: Editions) -> list[dict[str, Any]]:
    """A stage is not built in an age after the one being played."""
    return [
        {
            "if": {"required": ["age"], "properties": {"age": {"const": age}}},
            "then": {
                "properties": {
                    "cities": {"items": {"properties": {"stage_ages": {"items": {"maximum": age}}}}}
                }
            },
        }
        for age in range(1, editions.most_ages)
    ]


def _one_free_city() -> dict[str, Any]:
    """At most one city of a game is the Free City."""
    return {
        "properties": {
            "cities": {
                "contains": {
                    "required": ["free_city"],
                    "properties": {"free_city": {"const": True}},
                },
                "minContains": 0,
                "maxContains": 1,
            }
        }
    }


def _game_rules(catalog: Catalog) -> list[dict[str, Any]]:
    """What a game of one edition holds: its cities, how many, and where its Free City sits;
    ``catalog`` is the edition with all its expansions (see :func:`_expansion_rules`)."""
    rules = catalog.rules
    edition = edition_of_game(catalog.edition)
    cities = {
        "minItems": fewest_cities(catalog),
        "maxItems": rules.max_players,
        "items": ref(city_schema_name(catalog.edition)),
    }
    age = {"maximum": rules.ages}  # the age being played is one of the edition's
    known = list(available_expansions(catalog.edition))
    expansions = {"items": {"enum": known}} if known else {"maxItems": 0}
    checks: list[dict[str, Any]] = [
        {"if": edition, "then": {"properties": {"cities": cities, "age": age, "expansions": expansions}}},
        *_expansion_rules(catalog.edition),
    ]
    if rules.free_city_players:  # the Free City plays only beside that many players
        checks.append(
            {
                "if": {
                    "allOf": [edition, {"properties": {"cities": {"minItems": rules.free_city_players + 2}}}]
                },
                "then": {
                    "properties": {"cities": {"items": {"properties": {"free_city": {"const": False}}}}}
                },
            }
        )
    return checks


def _expansion_rules(edition: int) -> list[dict[str, Any]]:
    """A game holds an expansion's cards, boards, rows and fields only when it plays it, and
    seats more players than its edition only with an expansion that allows them."""
    checks: list[dict[str, Any]] = []
    for expansion in available_expansions(edition):
        alone = catalog_for(edition, [expansion])
        cards = cards_of(edition, expansion)
        wonders = sorted({n for w in alone.wonders if w.expansion == expansion for n in (w.id, *w.aliases)})
        rows = [c.value for c in expansion_rules(edition, expansion).categories]
        fields = [f.key for f in alone.rules.city_fields]
        city: dict[str, Any] = {
            "cards": {"items": {"not": {"enum": cards}}} if cards else {},
            "wonder": {"not": {"enum": wonders}} if wonders else {},
            "copied_guild": {"not": {"enum": cards}} if cards else {},
            "categories": {"propertyNames": {"not": {"enum": rows}}} if rows else {},
            **dict.fromkeys(fields, False),
        }
        game = {
            "cities": {"items": {"properties": city}},
            "discard": {"items": {"not": {"enum": cards or [""]}}},
        }
        checks.append({"if": without(edition, expansion), "then": {"properties": game}})
    return checks + seat_limits(edition, "cities")


def stored_game_schema() -> dict[str, Any]:
    """``StoredGame``: a game as the server keeps it, with its scores, versions and links."""
    return {
        "type": "object",
        "required": ["game", "scores", "versions", "locked", "state", "view_url"],
        "properties": {
            "game": ref("Game"),
            **_stored_scores(),
            "versions": {"type": "array", "items": {"type": "integer", "minimum": 1}},
            "locked": {"type": "boolean"},
            "mode": {"type": "string", "enum": ["cards", "pad"]},
            "title": {"type": ["string", "null"]},
            "state": {"type": "string"},
            "play_version": {
                "type": "integer",
                "minimum": 1,
                "description": "The version of the game's age and discard pile (for replacePlay).",
            },
            "view_url": {"type": "string"},
            "view_token": {"type": "string"},
            "imported_at": {
                "type": "string",
                "format": "date-time",
                "description": "Only for a game imported from a file: when (UTC). A game entered at the table has none.",
            },
            "table": _stored_game_table(),
            "token": {"type": "string", "description": "The edit token (only when the game is created)."},
            "edit_url": {"type": "string"},
        },
    }


def _stored_scores() -> dict[str, Any]:
    """A stored game's ``scores`` and ``scored_today``."""
    return {
        "scores": {
            **ref("ScoreSheet"),
            "description": (
                "The game's scores. A locked game's are its record, kept when it was locked, "
                "whatever the rules data says since (their explanations as written then)."
            ),
        },
        "scored_today": {
            "anyOf": [ref("ScoreSheet"), {"type": "null"}],
            "description": (
                "Only for a locked game whose record today's rules data scores differently: "
                "today's scores (null: the game no longer reads with today's rules data)."
            ),
        },
    }


def _stored_game_table() -> dict[str, Any]:
    """A stored game's ``table``."""
    return {
        "description": (
            "The table the game is kept at (null: none). Its token and link only when the "
            "game is read with its edit token: a read-only link never hands out the table's."
        ),
        "anyOf": [
            {"type": "null"},
            {
                "type": "object",
                "required": ["name"],
                "properties": {
                    "name": {"type": ["string", "null"]},
                    "token": {"type": "string"},
                    "url": {"type": "string"},
                },
            },
        ],
    }


def create_game_schema() -> dict[str, Any]:
    """``CreateGame``: a game to store, with its title and table."""
    return {
        "type": "object",
        "required": ["game"],
        "properties": {
            "game": ref("Game"),
            "title": {"type": "string", "maxLength": 80, "pattern": PRINTABLE},
            "table": {
                "type": "string",
                "pattern": "^[A-Za-z0-9_-]{1,64}$",
                "description": "The token of a table to keep the game at (404 when no table has it).",
            },
        },
    }


def replace_city_schema(editions: Editions) -> dict[str, Any]:
    """``ReplaceCity``: one city of a stored game, and the version it replaces."""
    return {
        "type": "object",
        "required": ["city", "version"],
        "properties": {
            "city": {
                "anyOf": [ref(name) for name in editions.cities],
                "description": "A city of the stored game's edition.",
            },
            "version": {"type": "integer", "minimum": 1, "maximum": MAX_VERSION},
        },
    }


def replace_play_schema(editions: Editions) -> dict[str, Any]:
    """``ReplacePlay``: a stored game's age and discard pile, and the version they replace."""
    return {
        "type": "object",
        "required": ["version"],
        "properties": {
            "age": {
                "type": ["integer", "null"],
                "minimum": 1,
                "maximum": editions.most_ages,
                "description": "The age being played (absent or null: the game is over).",
            },
            "discard": {
                "type": "array",
                "maxItems": MAX_DISCARD,
                "items": {"type": "string", "enum": editions.all_cards},
                "description": "The card ids in the discard pile (absent: empty).",
            },
            "version": {"type": "integer", "minimum": 1, "maximum": MAX_VERSION},
        },
    }


def lock_schema() -> dict[str, Any]:
    """``Lock``: lock a stored game, or open it again."""
    return {"type": "object", "properties": {"locked": {"type": "boolean"}}}
