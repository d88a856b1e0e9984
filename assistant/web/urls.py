"""Links that leave the phone: a join link, a QR code, a score sheet's link."""

from __future__ import annotations

from typing import Any

from flask import current_app, url_for


def absolute(endpoint: str, **values: Any) -> str:
    """The full address of a page: under ``PUBLIC_URL`` when the app is told its public
    address, else as this request reached the app."""
    base: str | None = current_app.config.get("PUBLIC_URL")
    if base:
        return base.rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


def bgstats_url(game: Any) -> str | None:
    """The link that sends a locked game to BG Stats (:mod:`assistant.bgstats`), from its
    kept record (``game``: a stored game or a table's line of one); None for an open game,
    or one locked before records were kept."""
    if not game.locked or not isinstance(game.summary, dict):
        return None
    from ..bgstats import link_of, play_of

    scoreboard = absolute("games.scoreboard", token=game.view_token)
    return link_of(play_of(game.summary, game.created_at, scoreboard, game.view_token))
