"""A locked game as a play for BG Stats, the app many tables keep their plays in (and which
posts them to BoardGameGeek): a link to its ``createPlay`` page carrying the play as URL-encoded
JSON. No account and no call to any server: the phone that taps the link opens BG Stats with
the play filled in.

The play is built from the record kept when the game was locked (the statistics' summary:
:func:`assistant.stats.summary_of`), so it says what the table's statistics count: each
player's name, total and rank, and whether they won (every member of a winning team wins).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from .stats import scored_cities

__all__ = ["BGG_GAMES", "CREATE_PLAY", "link_of", "play_of"]

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
"""BG Stats' page that opens a play from another app."""

BGG_GAMES: dict[int, tuple[int, str]] = {
    1: (68448, "7 Wonders"),
    2: (316377, "7 Wonders (Second Edition)"),
}
"""Each edition's BoardGameGeek id and name."""


def play_of(record: Mapping[str, Any], played_at: datetime, link: str, source_id: str) -> dict[str, Any]:
    """The play of a locked game: ``record`` its kept summary, ``played_at`` when it was
    played, ``link`` its scoreboard (in the play's comments) and ``source_id`` the game's
    own id (its read-only token), so that sending it twice can be told apart by BG Stats.
    The Free City (the two-player variant's) is not a player."""
    bgg_id, name = BGG_GAMES.get(int(record.get("edition", 1)), BGG_GAMES[1])
    moment = played_at if played_at.tzinfo else played_at.replace(tzinfo=UTC)
    players = [
        {"name": c["player"], "score": c["total"], "winner": bool(c["won"]), "rank": c["rank"]}
        for c in scored_cities(record)
        if not c.get("free_city")
    ]
    return {
        "game": {"bggId": bgg_id, "name": name},
        "playDate": moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S"),
        "players": players,
        "comments": link,
        "sourceGameId": source_id,
    }


def link_of(play: Mapping[str, Any]) -> str:
    """The link that opens ``play`` in BG Stats."""
    return CREATE_PLAY + quote(json.dumps(play, ensure_ascii=False, separators=(",", ":")), safe="")
