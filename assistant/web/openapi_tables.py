"""The OpenAPI components of tables and their statistics: a table (``Table``, ``CreateTable``,
``RenameTable``, ``TableNames``), what it reads as (``TableRead``, ``TableStats``,
``WonderRecord``), and its export and import (``TableExport``, ``Imported``)."""

from __future__ import annotations

from typing import Any

from ..rules.limits import PRINTABLE
from .openapi_common import ref


def table_schema() -> dict[str, Any]:
    """``Table``: a table's token, name and link."""
    return {
        "type": "object",
        "required": ["token", "name", "version", "url"],
        "properties": {
            "token": {"type": "string", "description": "The table's token: its link is a secret."},
            "name": {"type": ["string", "null"]},
            "version": {"type": "integer", "minimum": 1},
            "url": {"type": "string"},
        },
    }


def create_table_schema() -> dict[str, Any]:
    """``CreateTable``: a new table's name."""
    return {
        "type": "object",
        "properties": {"name": {"type": "string", "maxLength": 80, "pattern": PRINTABLE}},
    }


def rename_table_schema() -> dict[str, Any]:
    """``RenameTable``: a table's new name."""
    return {
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
    }


def wonder_record_schema() -> dict[str, Any]:
    """``WonderRecord``: how a wonder side (or a whole wonder) fared at a table."""
    return {
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
    }


def table_stats_schema() -> dict[str, Any]:
    """``TableStats``: a table's statistics, from its locked games."""
    return {
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
            "players": {"type": "array", "items": _player_stats()},
            "wonders": {
                "type": "array",
                "items": ref("WonderRecord"),
                "description": "Each wonder side played (the Free City's left out), most games first.",
            },
            "wonder_totals": {
                "type": "array",
                "items": ref("WonderRecord"),
                "description": "Each wonder played, whichever its side (side null), most games first.",
            },
            "records": {
                "type": "array",
                "items": _record(),
                "description": "The best total, science and margin (a team game gives no one a margin).",
            },
            "team_games": {
                "type": "integer",
                "minimum": 0,
                "description": "Games played in teams (the Cities team game).",
            },
            "teams": {
                "type": "array",
                "items": _team_stats(),
                "description": (
                    "Each team of the games played in teams, most games first, then most wins "
                    "(empty: no game in teams)."
                ),
            },
            "by_players": _table_by_players(),
        },
    }


def _table_by_players() -> dict[str, Any]:
    """A table's games at each number of players: their averages and best."""
    return {
        "type": "array",
        "description": "Each number of players the games were played at, fewest first.",
        "items": {
            "type": "object",
            "required": ["players", "games", "average", "average_winning", "best"],
            "properties": {
                "players": {"type": "integer"},
                "games": {"type": "integer"},
                "average": {"type": "number", "description": "A player's average total."},
                "average_winning": {"type": "number", "description": "The winning total's average."},
                "best": {"type": "integer"},
            },
        },
    }


def _team_stats() -> dict[str, Any]:
    """One team's statistics at a table."""
    return {
        "type": "object",
        "description": (
            "A team of the Cities team game, matched across games by its players' names (after "
            "the table's merges and renames), whatever the team was called. When it wins, each "
            "of its players has the win (in `players[].wins`)."
        ),
        "required": ["keys", "players", "games", "wins", "win_rate"],
        "properties": {
            "keys": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Its players' keys (as `players[].key`), sorted: who the team is.",
            },
            "players": {"type": "array", "items": {"type": "string"}, "description": "Its players' names."},
            "names": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The names it played under, the most used first.",
            },
            "games": {"type": "integer", "minimum": 0},
            "wins": {"type": "integer", "minimum": 0},
            "shared_wins": {
                "type": "integer",
                "minimum": 0,
                "description": "Victories shared with another team (equal on points and coins).",
            },
            "win_rate": {"type": "number", "minimum": 0, "maximum": 1},
            "average": {"type": "number", "description": "Its total a game (its players' points added up)."},
            "best": {"type": ["integer", "null"]},
        },
    }


def _player_stats() -> dict[str, Any]:
    """One player's statistics at a table."""
    return {
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
            "wins": {
                "type": "integer",
                "minimum": 0,
                "description": "Games won: ranked first, or in a team game, a member of the winning team.",
            },
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
                "items": ref("WonderRecord"),
                "description": "Each wonder side the player played.",
            },
            "wonder_totals": {
                "type": "array",
                "items": ref("WonderRecord"),
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
            "by_players": _player_by_players(),
        },
    }


def _player_by_players() -> dict[str, Any]:
    """A player's games at each number of players: wins, average and best."""
    return {
        "type": "array",
        "description": "The player's games at each number of players, fewest first.",
        "items": {
            "type": "object",
            "required": ["players", "games", "wins", "win_rate", "average", "best"],
            "properties": {
                "players": {"type": "integer"},
                "games": {"type": "integer"},
                "wins": {"type": "integer"},
                "win_rate": {"type": "number"},
                "average": {"type": "number"},
                "best": {"type": "integer"},
            },
        },
    }


def _record() -> dict[str, Any]:
    """One of a table's records: the best total, science or margin."""
    return {
        "type": "object",
        "required": ["what", "value", "player", "game", "played_on"],
        "properties": {
            "what": {"type": "string", "enum": ["total", "science", "margin"]},
            "value": {"type": "integer"},
            "player": {"type": "string"},
            "game": {"type": "integer"},
            "played_on": {"type": "string", "format": "date"},
        },
    }


def table_read_schema() -> dict[str, Any]:
    """``TableRead``: a table, its games (newest first) and its statistics."""
    return {
        "type": "object",
        "required": ["table", "games", "stats"],
        "properties": {
            "table": ref("Table"),
            "games": {"type": "array", "description": "Newest first.", "items": _listed_game()},
            "stats": ref("TableStats"),
        },
    }


def _listed_game() -> dict[str, Any]:
    """One game as a table lists it."""
    return {
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
            "winners": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Every winner: in a team game, every member of the winning team.",
            },
            "cities": {
                "type": "array",
                "description": "Best first; in a team game team by team, the winning team first.",
                "items": {
                    "type": "object",
                    "properties": {
                        "player": {"type": "string"},
                        "total": {"type": "integer"},
                        "rank": {"type": ["integer", "null"], "description": "The player's own rank."},
                        "team": {"type": "string", "description": "Its team (absent: no teams)."},
                    },
                },
            },
        },
    }


def table_names_schema() -> dict[str, Any]:
    """``TableNames``: rename a player of a table, or merge two spellings of one name."""
    return {
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
    }


def table_export_schema() -> dict[str, Any]:
    """``TableExport``: every game of a table, with its date, lock and record."""
    return {
        "type": "object",
        "required": ["games"],
        "properties": {
            "table": {"type": ["string", "null"]},
            "names": {"type": "object", "additionalProperties": {"type": "string"}},
            "games": {"type": "array", "minItems": 1, "items": _exported_game()},
        },
    }


def _exported_game() -> dict[str, Any]:
    """One game of a table's export."""
    return {
        "type": "object",
        "required": ["game"],
        "properties": {
            "game": ref("Game"),
            "played_on": {"type": "string", "format": "date"},
            "title": {"type": ["string", "null"]},
            "locked": {"type": "boolean"},
            "record": _kept_record(),
            "bgstats": _bgstats_play(),
            "imported_at": {
                "type": "string",
                "description": (
                    "When it was imported from a file into its table (absent: entered at "
                    "the table). An import does not take it: every game it stores is "
                    "marked imported at the time of that import."
                ),
            },
        },
    }


def _bgstats_play() -> dict[str, Any]:
    """A locked game's play for BG Stats (the pages' "Send to BG Stats" link carries it)."""
    return {
        "type": "object",
        "description": "A locked game as a BG Stats play: the JSON its createPlay link "
        "(https://app.bgstatsapp.com/createPlay.html?data=...) carries. Ignored by an import.",
        "required": ["game", "playDate", "players"],
        "properties": {
            "game": {
                "type": "object",
                "properties": {"bggId": {"type": "integer"}, "name": {"type": "string"}},
            },
            "playDate": {"type": "string", "description": "When it was played, UTC: YYYY-MM-DD HH:MM:SS."},
            "players": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string"},
                        "score": {"type": "integer"},
                        "winner": {"type": "boolean"},
                        "rank": {"type": ["integer", "null"]},
                    },
                },
            },
            "comments": {"type": "string", "description": "The game's read-only scoreboard link."},
            "sourceGameId": {"type": "string", "description": "The game's read-only token."},
        },
    }


def _kept_record() -> dict[str, Any]:
    """A locked game's record, as kept at its lock (and given back by an import)."""
    return {
        "type": "object",
        "description": (
            "The scores kept when it was locked. A record kept before teams were recorded has no "
            "`teams`: the export gives them (and every member of the winning team among "
            "`winners`) from the score sheet kept at the same lock; the record stored is unchanged. "
            "An import keeps a record as given when its typed fields hold (else it scores the game)."
        ),
        "properties": {
            "edition": {"description": "The game's edition."},
            "expansions": {"description": "The game's expansions (absent: none)."},
            "pad": {"description": "Whether some city of the game was entered with the score pad's numbers."},
            "winners": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Every winner: in a team game, every member of the winning team.",
            },
            "cities": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["player", "total", "rank", "categories"],
                    "properties": {
                        "player": {"type": "string"},
                        "total": {"type": "integer"},
                        "rank": {"type": ["integer", "null"], "description": "The player's own rank."},
                        "coins": {"description": "Its coins (the tie-break)."},
                        "categories": {"type": "object", "additionalProperties": {"type": "integer"}},
                        "wonder": {"description": "Its wonder (null: none, a pad's city)."},
                        "side": {"description": "Its wonder's side."},
                        "free_city": {"description": "Whether it is the Free City."},
                        "team": {"type": "string", "description": "Its team (absent: no teams)."},
                    },
                },
            },
            "teams": {
                "type": "array",
                "description": "The team game's teams as scored (empty: no teams).",
                "items": {
                    "type": "object",
                    "required": ["team", "players", "total", "rank"],
                    "properties": {
                        "team": {"type": "string"},
                        "players": {"type": "array", "items": {"type": "string"}},
                        "total": {"type": "integer"},
                        "coins": {"description": "Its players' coins added up (the tie-break)."},
                        "rank": {"type": ["integer", "null"]},
                    },
                },
            },
        },
        "required": ["cities", "winners"],
    }


def imported_schema() -> dict[str, Any]:
    """``Imported``: how many games an import stored, and how many the table had already."""
    return {
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
            "table": ref("Table"),
        },
    }
