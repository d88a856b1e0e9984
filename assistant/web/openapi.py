"""The OpenAPI 3.1 description of ``/api/v1`` (kept true by tests/web/test_openapi.py)."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..rules.catalog import Catalog, available_editions, available_expansions, catalog_for, expansion_rules
from ..rules.cityformat import city_schema
from ..rules.during import VIAS
from ..rules.gameio import (
    MAX_DISCARD,
    MAX_HAND,
    MAX_SHIELDS,
)
from ..rules.limits import PRINTABLE
from ..rules.model import Resource, WhyNot

RESOURCES = [r.value for r in Resource]
MAX_VERSION = 2**31 - 1


def city_schema_name(edition: int) -> str:
    """The component describing a city of one edition: ``City`` for the first (the default),
    ``CityEdition2`` and so on for the others."""
    return "City" if edition == 1 else f"CityEdition{edition}"


def _card_ids(catalog: Catalog) -> list[str]:
    return sorted({c.id for c in catalog.cards})


def _cards_of(edition: int, expansion: str) -> list[str]:
    """The ids of the cards an expansion adds."""
    return sorted({c.id for c in catalog_for(edition, [expansion]).cards if c.expansion == expansion})


@cache
def _full(edition: int) -> Catalog:
    """An edition with every one of its expansions: what a city of any of its games may hold."""
    return catalog_for(edition, available_expansions(edition))


def _edition_of_game(edition: int) -> dict[str, Any]:
    if edition == 1:
        return {"anyOf": [{"not": {"required": ["edition"]}}, {"properties": {"edition": {"const": 1}}}]}
    return {"required": ["edition"], "properties": {"edition": {"const": edition}}}


def _fewest_cities(catalog: Catalog) -> int:
    """The smallest table: the least players, or two players and the Free City."""
    rules = catalog.rules
    return (
        min(rules.min_players, rules.free_city_players + 1) if rules.free_city_players else rules.min_players
    )


def _game_rules(catalog: Catalog) -> list[dict[str, Any]]:
    """What a game of one edition holds: its cities, how many, and where its Free City sits;
    ``catalog`` is the edition with all its expansions (see :func:`_expansion_rules`)."""
    rules = catalog.rules
    edition = _edition_of_game(catalog.edition)
    cities = {
        "minItems": _fewest_cities(catalog),
        "maxItems": rules.max_players,
        "items": _ref(city_schema_name(catalog.edition)),
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


def _without(edition: int, expansion: str) -> dict[str, Any]:
    """A game of ``edition`` that does not play ``expansion``."""
    return {
        "allOf": [
            _edition_of_game(edition),
            {
                "not": {
                    "required": ["expansions"],
                    "properties": {"expansions": {"contains": {"const": expansion}}},
                }
            },
        ]
    }


def _expansion_rules(edition: int) -> list[dict[str, Any]]:
    """A game holds an expansion's cards, boards, rows and fields only when it plays it, and
    seats more players than its edition only with an expansion that allows them."""
    checks: list[dict[str, Any]] = []
    for expansion in available_expansions(edition):
        alone = catalog_for(edition, [expansion])
        cards = _cards_of(edition, expansion)
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
        checks.append({"if": _without(edition, expansion), "then": {"properties": game}})
    return checks + _seat_limits(edition, "cities")


def _seat_limits(edition: int, listing: str) -> list[dict[str, Any]]:
    """A body of the edition lists (under ``listing``) at most as many cities as its edition
    seats, more only with an expansion that allows them."""
    checks: list[dict[str, Any]] = []
    limits = sorted({catalog_for(edition, [e]).rules.max_players for e in available_expansions(edition)})
    for most in [catalog_for(edition).rules.max_players, *limits]:
        larger = [
            e for e in available_expansions(edition) if catalog_for(edition, [e]).rules.max_players > most
        ]
        if larger:  # without every expansion that seats more, the table seats at most ``most``
            checks.append(
                {
                    "if": {"allOf": [_without(edition, e) for e in larger]},
                    "then": {"properties": {listing: {"maxItems": most}}},
                }
            )
    return checks


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERROR = _json(_ref("Error"), "The input cannot be used: one sentence naming the field.")


@cache
def _schemas(editions: tuple[int, ...]) -> dict[str, Any]:
    """Every component schema, for the editions the app knows."""
    catalogs = [_full(e) for e in editions]  # each edition with all its expansions
    categories = sorted({c.value for cat in catalogs for c in cat.rules.categories})
    fewest_categories = min(len(catalog_for(e).rules.categories) for e in editions)
    cities = {city_schema_name(cat.edition): city_schema(cat) for cat in catalogs}
    most = max(cat.rules.max_players for cat in catalogs)
    least = min(_fewest_cities(cat) for cat in catalogs)
    most_ages = max(cat.rules.ages for cat in catalogs)
    all_cards = sorted({c.id for cat in catalogs for c in cat.cards})
    return {
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
        **cities,
        "Game": {
            "type": "object",
            "required": ["cities"],
            "properties": {
                "edition": {"type": "integer", "enum": list(editions), "default": 1},
                "expansions": {
                    "type": "array",
                    "uniqueItems": True,
                    "items": {
                        "type": "string",
                        "enum": sorted({x for e in editions for x in available_expansions(e)}),
                    },
                    "description": "The expansions being played: ids of the game's edition's expansions (absent: none).",
                },
                "age": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": max(cat.rules.ages for cat in catalogs),
                    "description": "During play: the age being played (absent: the game is over).",
                },
                "discard": {
                    "type": "array",
                    "maxItems": MAX_DISCARD,
                    "items": {"type": "string", "enum": all_cards},
                    "description": "During play: the card ids in the discard pile (cards of the game's edition).",
                },
                "cities": {
                    "type": "array",
                    "minItems": least,
                    "maxItems": most,
                    "description": "In clockwise seating order, each a city of the game's edition. "
                    "The Free City (two players, first edition) only in a table of 3.",
                },
            },
            "allOf": [
                *(check for cat in catalogs for check in _game_rules(cat)),
                *[  # a stage is not built in an age after the one being played
                    {
                        "if": {"required": ["age"], "properties": {"age": {"const": age}}},
                        "then": {
                            "properties": {
                                "cities": {
                                    "items": {"properties": {"stage_ages": {"items": {"maximum": age}}}}
                                }
                            }
                        },
                    }
                    for age in range(1, max(cat.rules.ages for cat in catalogs))
                ],
                {
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
                "category": {"type": "string", "enum": categories},
                "points": {"type": "integer"},
                "source": {"type": "string"},
                "reason": {"type": "string"},
                "ruling": {
                    "type": "string",
                    "description": "The id of a ruling the rulebook does not confirm yet that decided these "
                    "points (GET /rulings lists it); the reason says so.",
                },
            },
        },
        "CityScore": {
            "type": "object",
            "required": ["player", "categories", "total", "coins", "rank", "details"],
            "properties": {
                "player": {"type": "string"},
                "categories": {
                    "type": "object",
                    "description": "Every category of the game's edition, in its order.",
                    "minProperties": fewest_categories,
                    "properties": {c: {"type": "integer"} for c in categories},
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
                "edition": {"type": "integer", "enum": list(editions)},
                "expansions": {"type": "array", "items": {"type": "string"}, "description": "Absent: none."},
                "cities": {"type": "array", "items": _ref("CityScore")},
                "winners": {"type": "array", "items": {"type": "string"}},
                "decided_by": {"type": "string", "enum": ["points", "coins", "shared", "alone"]},
                "explanation": {"type": "string"},
                "problems": {"type": "array", "items": _ref("Problem")},
                "teams": {
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
                },
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
                "city": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": most - 1,
                    "description": "Below the number of cities.",
                },
                "card": {"type": "string", "enum": all_cards, "description": "A card of the game's edition."},
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
                    for n in range(least, most)
                ],
                *[
                    {
                        "if": {"properties": {"game": _edition_of_game(cat.edition)}},
                        "then": {"properties": {"card": {"enum": _card_ids(cat)}}},
                    }
                    for cat in catalogs
                ],
                *[  # an expansion's card only in a game that plays it
                    {
                        "if": {"properties": {"game": _without(cat.edition, x)}},
                        "then": {"properties": {"card": {"not": {"enum": _cards_of(cat.edition, x)}}}},
                    }
                    for cat in catalogs
                    for x in available_expansions(cat.edition)
                    if _cards_of(cat.edition, x)
                ],
            ],
        },
        "FreeCityRequest": {
            "type": "object",
            "required": ["game", "hand"],
            "properties": {
                "game": _ref("Game"),
                "hand": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": MAX_HAND},
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
                "age": {
                    "type": "integer",
                    "enum": list(range(1, most_ages + 1)),
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
                "edition": {"type": "integer", "enum": list(editions), "default": 1},
                "expansions": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "The expansions played (absent: none): the seats they allow.",
                },
            },
            "allOf": [
                {
                    "if": _edition_of_game(cat.edition),
                    "then": {
                        "properties": {
                            "age": {"enum": list(range(1, cat.rules.ages + 1))},
                            "shields": {
                                "minItems": _fewest_cities(cat),
                                "maxItems": _full(cat.edition).rules.max_players,
                            },
                        },
                        # More seats than the edition's only with an expansion that allows them.
                        **({"allOf": limits} if (limits := _seat_limits(cat.edition, "shields")) else {}),
                    },
                }
                for cat in (catalog_for(e) for e in editions)
            ],
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
                "edition": {"type": "integer", "enum": list(editions)},
                "expansions": {"type": "array", "items": {"type": "string"}, "description": "Absent: none."},
                "cards": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["id", "name", "age", "color", "cost", "players", "chain_from", "effect"],
                        "properties": {
                            "id": {"type": "string"},
                            "name": {"type": "string"},
                            "age": {
                                "type": ["integer", "null"],
                                "enum": [*range(1, most_ages + 1), None],
                                "description": "Null for a card of no age, dealt apart (Leaders).",
                            },
                            "expansion": {
                                "type": "string",
                                "description": "The expansion that adds the card.",
                            },
                            "color": {
                                "type": "string",
                                "enum": sorted({c.value for cat in catalogs for c in cat.colors}),
                            },
                            "cost": _ref("ResourceCount"),
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
                            "typed": {
                                "type": "boolean",
                                "const": True,
                                "description": "A board not yet known stage by stage (absent: known): its "
                                "resource is null and its stages blank; a city on it types its wonder points.",
                            },
                            "sides": {
                                "type": "object",
                                "additionalProperties": {
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
                for cat in catalogs
            ],
        },
        "StoredGame": {
            "type": "object",
            "required": ["game", "scores", "versions", "locked", "state", "view_url"],
            "properties": {
                "game": _ref("Game"),
                "scores": {
                    **_ref("ScoreSheet"),
                    "description": (
                        "The game's scores. A locked game's are its record, kept when it was locked, "
                        "whatever the rules data says since (their explanations as written then)."
                    ),
                },
                "scored_today": {
                    "anyOf": [_ref("ScoreSheet"), {"type": "null"}],
                    "description": (
                        "Only for a locked game whose record today's rules data scores differently: "
                        "today's scores (null: the game no longer reads with today's rules data)."
                    ),
                },
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
                "table": {
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
                },
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
                "table": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9_-]{1,64}$",
                    "description": "The token of a table to keep the game at (404 when no table has it).",
                },
            },
        },
        "ReplaceCity": {
            "type": "object",
            "required": ["city", "version"],
            "properties": {
                "city": {
                    "anyOf": [_ref(name) for name in cities],
                    "description": "A city of the stored game's edition.",
                },
                "version": {"type": "integer", "minimum": 1, "maximum": MAX_VERSION},
            },
        },
        "ReplacePlay": {
            "type": "object",
            "required": ["version"],
            "properties": {
                "age": {
                    "type": ["integer", "null"],
                    "minimum": 1,
                    "maximum": max(cat.rules.ages for cat in catalogs),
                    "description": "The age being played (absent or null: the game is over).",
                },
                "discard": {
                    "type": "array",
                    "maxItems": MAX_DISCARD,
                    "items": {"type": "string", "enum": all_cards},
                    "description": "The card ids in the discard pile (absent: empty).",
                },
                "version": {"type": "integer", "minimum": 1, "maximum": MAX_VERSION},
            },
        },
        "Lock": {"type": "object", "properties": {"locked": {"type": "boolean"}}},
        "Table": {
            "type": "object",
            "required": ["token", "name", "version", "url"],
            "properties": {
                "token": {"type": "string", "description": "The table's token: its link is a secret."},
                "name": {"type": ["string", "null"]},
                "version": {"type": "integer", "minimum": 1},
                "url": {"type": "string"},
            },
        },
        "CreateTable": {
            "type": "object",
            "properties": {"name": {"type": "string", "maxLength": 80, "pattern": PRINTABLE}},
        },
        "RenameTable": {
            "type": "object",
            "required": ["name"],
            "properties": {
                "name": {
                    "type": ["string", "null"],
                    "maxLength": 80,
                    "pattern": PRINTABLE,
                    "description": "The table's new name (null or empty: no name).",
                }
            },
        },
        "WonderRecord": {
            "type": "object",
            "description": "How a wonder side (or a whole wonder, side null) fared.",
            "required": ["wonder", "side", "games", "wins", "win_rate"],
            "properties": {
                "wonder": {"type": "string"},
                "side": {"type": ["string", "null"]},
                "games": {"type": "integer", "minimum": 0},
                "wins": {"type": "integer", "minimum": 0},
                "win_rate": {"type": "number", "minimum": 0, "maximum": 1},
            },
        },
        "TableStats": {
            "type": "object",
            "required": [
                "games",
                "shared_victories",
                "players",
                "wonders",
                "wonder_totals",
                "records",
                "categories",
            ],
            "description": "Only locked games count, from the scores kept when each was locked.",
            "properties": {
                "games": {"type": "integer", "minimum": 0},
                "shared_victories": {"type": "integer", "minimum": 0},
                "pad_games": {"type": "integer", "minimum": 0},
                "first": {"type": ["string", "null"], "format": "date"},
                "last": {"type": ["string", "null"], "format": "date"},
                "categories": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "The categories seen, in the pad's order of the games' editions.",
                },
                "players": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": [
                            "key",
                            "name",
                            "games",
                            "wins",
                            "win_rate",
                            "average",
                            "best",
                            "wonders",
                            "wonder_totals",
                        ],
                        "properties": {
                            "key": {"type": "string", "description": "How the name is matched across games."},
                            "name": {"type": "string"},
                            "games": {"type": "integer", "minimum": 0},
                            "wins": {"type": "integer", "minimum": 0},
                            "shared_wins": {"type": "integer", "minimum": 0},
                            "win_rate": {"type": "number", "minimum": 0, "maximum": 1},
                            "average": {"type": "number"},
                            "best": {"type": ["integer", "null"]},
                            "categories": {
                                "type": "object",
                                "additionalProperties": {"type": "number"},
                                "description": "The player's average per game in each category of the stats.",
                            },
                            "wonders": {
                                "type": "array",
                                "items": _ref("WonderRecord"),
                                "description": "Each wonder side the player played.",
                            },
                            "wonder_totals": {
                                "type": "array",
                                "items": _ref("WonderRecord"),
                                "description": "Each wonder the player played, whichever its side (side null).",
                            },
                            "totals": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "properties": {
                                        "game": {"type": "integer"},
                                        "played_on": {"type": "string", "format": "date"},
                                        "total": {"type": "integer"},
                                    },
                                },
                            },
                        },
                    },
                },
                "wonders": {
                    "type": "array",
                    "items": _ref("WonderRecord"),
                    "description": "Each wonder side played (the Free City's left out), most games first.",
                },
                "wonder_totals": {
                    "type": "array",
                    "items": _ref("WonderRecord"),
                    "description": "Each wonder played, whichever its side (side null), most games first.",
                },
                "records": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["what", "value", "player", "game", "played_on"],
                        "properties": {
                            "what": {"type": "string", "enum": ["total", "science", "margin"]},
                            "value": {"type": "integer"},
                            "player": {"type": "string"},
                            "game": {"type": "integer"},
                            "played_on": {"type": "string", "format": "date"},
                        },
                    },
                },
            },
        },
        "TableRead": {
            "type": "object",
            "required": ["table", "games", "stats"],
            "properties": {
                "table": _ref("Table"),
                "games": {
                    "type": "array",
                    "description": "Newest first.",
                    "items": {
                        "type": "object",
                        "required": ["played_on", "locked", "view_url", "winners", "cities"],
                        "properties": {
                            "played_on": {"type": "string", "format": "date"},
                            "title": {"type": ["string", "null"]},
                            "edition": {"type": "integer"},
                            "expansions": {
                                "type": "array",
                                "items": {"type": "string"},
                                "description": "The expansions it was played with (absent: none).",
                            },
                            "locked": {"type": "boolean"},
                            "imported_at": {
                                "type": "string",
                                "format": "date-time",
                                "description": "When it was imported from a file (absent: entered at the table).",
                            },
                            "view_token": {"type": "string"},
                            "view_url": {"type": "string"},
                            "winners": {"type": "array", "items": {"type": "string"}},
                            "cities": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "properties": {
                                        "player": {"type": "string"},
                                        "total": {"type": "integer"},
                                        "rank": {"type": ["integer", "null"]},
                                    },
                                },
                            },
                        },
                    },
                },
                "stats": _ref("TableStats"),
            },
        },
        "TableNames": {
            "type": "object",
            "required": ["player"],
            "properties": {
                "player": {
                    "type": "string",
                    "minLength": 1,
                    "description": "Any spelling of the player's name.",
                },
                "rename": {"type": "string", "minLength": 1, "maxLength": 40},
                "merge_into": {
                    "type": "string",
                    "minLength": 1,
                    "description": "Another player of the table.",
                },
            },
            "oneOf": [{"required": ["rename"]}, {"required": ["merge_into"]}],
        },
        "TableExport": {
            "type": "object",
            "required": ["games"],
            "properties": {
                "table": {"type": ["string", "null"]},
                "names": {"type": "object", "additionalProperties": {"type": "string"}},
                "games": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                        "type": "object",
                        "required": ["game"],
                        "properties": {
                            "game": _ref("Game"),
                            "played_on": {"type": "string", "format": "date"},
                            "title": {"type": ["string", "null"]},
                            "locked": {"type": "boolean"},
                            "record": {
                                "type": "object",
                                "description": "The scores kept when it was locked.",
                            },
                            "imported_at": {
                                "type": "string",
                                "description": (
                                    "When it was imported from a file into its table (absent: entered at "
                                    "the table). An import does not take it: every game it stores is "
                                    "marked imported at the time of that import."
                                ),
                            },
                        },
                    },
                },
            },
        },
        "Imported": {
            "type": "object",
            "required": ["imported", "already_here", "table"],
            "properties": {
                "imported": {"type": "integer", "minimum": 0, "description": "The games stored."},
                "already_here": {
                    "type": "integer",
                    "minimum": 0,
                    "description": (
                        "The games not stored because the table has them already (the same game, "
                        "played the same day when the file says which), or the file had them twice."
                    ),
                },
                "table": _ref("Table"),
            },
        },
    }


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


def _body(name: str) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": _ref(name)}}}


PATHS: dict[str, Any] = {
    "/api/v1/catalog": {
        "get": {
            "summary": "Every card and wonder of an edition",
            "operationId": "catalog",
            "parameters": [
                {
                    "name": "edition",
                    "in": "query",
                    "required": False,
                    "schema": {"type": "integer", "default": 1},
                    "description": "The edition (1, the default, or 2 for the 2020 game).",
                },
                {
                    "name": "expansions",
                    "in": "query",
                    "required": False,
                    "schema": {"type": "string"},
                    "description": (
                        "The expansions played, as ids of the edition's expansions separated by commas"
                        " (absent: none): their cards, wonders, colours and categories are added."
                        " An id the edition lacks is refused (400, field expansions)."
                    ),
                },
            ],
            "responses": {"200": _json(_ref("Catalog"), "The catalog."), "400": ERROR},
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
            "summary": "Store a new game (in a table, given its token)",
            "operationId": "createGame",
            "requestBody": _body("CreateGame"),
            "responses": {
                "201": _json(_ref("StoredGame"), "The stored game with its edit token."),
                "400": ERROR,
                "429": _json(
                    _ref("Error"),
                    "Too many games, tables or imports from this client in a short time: nothing stored.",
                ),
                "404": _json(_ref("Error"), "No table has the token given under table."),
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
    "/api/v1/games/{token}/play": {
        "put": {
            "summary": "Replace the age being played and the discard pile, given the play_version read",
            "operationId": "replacePlay",
            "parameters": [TOKEN],
            "requestBody": _body("ReplacePlay"),
            "responses": {
                "200": _json(_ref("StoredGame"), "The game after the change."),
                "400": ERROR,
                "403": ERROR,
                "404": ERROR,
                "409": _json(
                    _ref("Error"),
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
            "requestBody": {"required": False, "content": {"application/json": {"schema": _ref("Lock")}}},
            "responses": {"200": _json(_ref("StoredGame"), "The game."), "400": ERROR, "404": ERROR},
        },
    },
    "/api/v1/tables": {
        "post": {
            "summary": "Start a table (a group that plays together and keeps its history)",
            "operationId": "createTable",
            "requestBody": {
                "required": False,
                "content": {"application/json": {"schema": _ref("CreateTable")}},
            },
            "responses": {
                "201": _json(_ref("Table"), "The table with its token."),
                "400": ERROR,
                "429": _json(
                    _ref("Error"), "Too many games, tables or imports from this client in a short time."
                ),
            },
        },
    },
    "/api/v1/tables/{table}": {
        "get": {
            "summary": "A table's games and statistics (only locked games count)",
            "operationId": "readTable",
            "parameters": [
                TABLE,
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
                    "name": "q",
                    "in": "query",
                    "required": False,
                    "schema": {"type": "string", "maxLength": 40, "pattern": PRINTABLE},
                    "description": (
                        "Only the games with this in a player's name (case and accents ignored) or "
                        "in their title; the statistics are not searched."
                    ),
                },
            ],
            "responses": {"200": _json(_ref("TableRead"), "The table."), "400": ERROR, "404": ERROR},
        },
        "patch": {
            "summary": "Rename the table",
            "operationId": "renameTable",
            "parameters": [TABLE],
            "requestBody": _body("RenameTable"),
            "responses": {"200": _json(_ref("Table"), "The table, renamed."), "400": ERROR, "404": ERROR},
        },
    },
    "/api/v1/tables/{table}/games/{token}": {
        "put": {
            "summary": "Put a game (by its edit token) in the table",
            "description": "A locked game at another table stays there (409).",
            "operationId": "addToTable",
            "parameters": [TABLE, TOKEN],
            "responses": {
                "200": _json(_ref("StoredGame"), "The game."),
                "403": ERROR,
                "404": ERROR,
                "409": _json(_ref("Error"), "The game is locked at another table: nothing changed."),
            },
        },
        "delete": {
            "summary": "Take a game (by its edit token) out of the table",
            "description": "A locked game stays at its table (409): its record is part of the table's history.",
            "operationId": "removeFromTable",
            "parameters": [TABLE, TOKEN],
            "responses": {
                "200": _json(_ref("StoredGame"), "The game."),
                "403": ERROR,
                "404": ERROR,
                "409": _json(_ref("Error"), "The game is locked: nothing changed."),
            },
        },
    },
    "/api/v1/tables/{table}/names": {
        "post": {
            "summary": "Rename a player of the table, or merge two spellings of one player's name",
            "operationId": "tableNames",
            "description": "Two changes to one player's names at once (two renames, or A merged into B "
            "while B is merged into A) are made one after the other: the second was decided from names "
            "that are gone, so it changes nothing and answers 409, saying what the first did.",
            "parameters": [TABLE],
            "requestBody": _body("TableNames"),
            "responses": {
                "200": _json(_ref("TableRead"), "The table after the change."),
                "400": ERROR,
                "404": ERROR,
                "409": _json(
                    _ref("Error"), "Another client changed these players' names first: nothing changed."
                ),
            },
        },
    },
    "/api/v1/tables/{table}/export": {
        "get": {
            "summary": "Every game of the table in the game format, with its date, lock and record",
            "operationId": "exportTable",
            "parameters": [TABLE],
            "responses": {"200": _json(_ref("TableExport"), "The games, oldest first."), "404": ERROR},
        },
    },
    "/api/v1/tables/{table}/import": {
        "post": {
            "summary": "Import games into the table (its export format), all or none; the games it has already are skipped",
            "description": "A game's played_on, when given, is a day between 2010-01-01 (7 Wonders was "
            "published in 2010) and tomorrow; any other refuses the whole import (400), naming the game.",
            "operationId": "importTable",
            "parameters": [TABLE],
            "requestBody": _body("TableExport"),
            "responses": {
                "201": _json(
                    _ref("Imported"), "Some games were stored: how many, and how many were already here."
                ),
                "200": _json(_ref("Imported"), "Every game was already at the table: none stored."),
                "400": ERROR,
                "429": _json(
                    _ref("Error"),
                    "Too many games, tables or imports from this client in a short time: nothing stored.",
                ),
                "404": ERROR,
            },
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
        "replacePlay": {
            "operationId": "replacePlay",
            "parameters": {"token": token},
            "requestBody": {"version": "$response.body#/play_version"},
            "description": "Say the game is over (no age, empty discard pile) at the version just read.",
        },
        "lockGame": {"operationId": "lockGame", "parameters": {"token": token}},
    }


PATHS["/api/v1/games"]["post"]["responses"]["201"]["links"] = _links("$response.body#/token")
for _path, _method in (
    ("/api/v1/games/{token}", "get"),
    ("/api/v1/games/{token}/cities/{seat}", "put"),
    ("/api/v1/games/{token}/play", "put"),
    ("/api/v1/games/{token}/lock", "post"),
):
    PATHS[_path][_method]["responses"]["200"] = dict(
        PATHS[_path][_method]["responses"]["200"], links=_links("$request.path.token")
    )
for _path, _method in (
    ("/api/v1/games/{token}", "get"),
    ("/api/v1/games/{token}/cities/{seat}", "put"),
    ("/api/v1/games/{token}/play", "put"),
):
    PATHS[_path][_method]["responses"]["200"]["headers"] = {
        "ETag": {
            "description": "The game's state (as in `state`): it changes with every change to the game.",
            "schema": {"type": "string"},
        }
    }


LOST_CONNECTION = _json(
    _ref("Error"),
    "The database connection was lost. While committing: the outcome is unknown (read the game "
    "again; sending the same save again is safe, as it names the version it replaces). Else: nothing "
    "was stored (the request was run once more, and failed again).",
)
for _path, _methods in PATHS.items():
    if _path.startswith(("/api/v1/games", "/api/v1/tables")):
        for _operation in _methods.values():
            _operation["responses"]["503"] = LOST_CONNECTION


def document() -> dict[str, Any]:
    """The whole OpenAPI document, for every edition the app knows."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "7 Wonders table assistant API",
            "version": "1",
            "description": "Score games, adjudicate builds and keep games in the JSON game format.",
        },
        "paths": PATHS,
        "components": {"schemas": _schemas(available_editions())},
    }
