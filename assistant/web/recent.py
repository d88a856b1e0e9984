"""This phone's recent games: kept in the signed session cookie, never listed server-wide
(game links are secrets: one table never sees another table's games)."""

from __future__ import annotations

from dataclasses import dataclass

from flask import session

from ..store import games as store
from .db import get_session
from .i18n import format_moment

MAX_RECENT = 8


@dataclass(frozen=True)
class RecentGame:
    token: str
    label: str
    when: str


def remember(token: str) -> None:
    """Put a game's edit token first in this phone's recent list."""
    tokens = [t for t in session.get("recent", []) if t != token]
    session["recent"] = [token, *tokens][:MAX_RECENT]


def recent_games() -> list[RecentGame]:
    out = []
    kept = []
    for token in session.get("recent", []):
        row, _editable = store.by_any_token(get_session(), token)
        if row is None:
            continue
        kept.append(token)
        players = ", ".join(str(c.data.get("player", "?")) for c in row.cities if not c.data.get("free_city"))
        label = row.title or players
        out.append(RecentGame(token, label, format_moment(row.updated_at)))
    if kept != session.get("recent", []):
        session["recent"] = kept
    return out
