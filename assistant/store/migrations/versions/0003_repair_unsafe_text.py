"""Repair names and titles that no page could show (a lone surrogate, a NUL...).

Earlier versions stored a player name such as ``"\\ud800"``; every page of that game, and
the home page of every phone that had opened it, then failed. Input now refuses such
text; this replaces what was stored by U+FFFD (the replacement character), so those
games open again. Changes nothing else, and nothing at all in a clean database.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

import re
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def _repair(value: Any) -> Any:
    if isinstance(value, str):
        return UNSAFE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_repair(v) for v in value]
    if isinstance(value, dict):
        return {_repair(k): _repair(v) for k, v in value.items()}
    return value


def upgrade() -> None:
    bind = op.get_bind()
    cities = sa.table("cities", sa.column("id", sa.Integer), sa.column("data", sa.JSON))
    for city_id, data in bind.execute(sa.select(cities.c.id, cities.c.data)).all():
        repaired = _repair(data)
        if repaired != data:
            bind.execute(sa.update(cities).where(cities.c.id == city_id).values(data=repaired))
    games = sa.table("games", sa.column("id", sa.Integer), sa.column("title", sa.String))
    for game_id, title in bind.execute(sa.select(games.c.id, games.c.title)).all():
        if title and UNSAFE.search(title):
            bind.execute(
                sa.update(games).where(games.c.id == game_id).values(title=UNSAFE.sub("", title) or None)
            )


def downgrade() -> None:
    """Nothing to undo: the repaired text was unreadable."""
