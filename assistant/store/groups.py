"""The tables (groups that play together) repository: create, find, the games of a table,
moving a game in or out, and the players' names (merge, rename).

A table's ``version`` is bumped by every change that can change its page or statistics
(a game joining or leaving, locked or opened again, a name merged or renamed), so the
statistics are cached per ``(table, version)`` and never served stale.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import select, update
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from .games import clean_title, game_dict, is_token, new_token, transaction
from .models import GameRow, GroupNameRow, GroupRow, utcnow

MAX_GROUP_GAMES = 100_000


class GameLine(NamedTuple):
    """One game of a table, as its page lists it (no cities loaded)."""

    id: int
    edit_token: str
    view_token: str
    title: str | None
    edition: int
    mode: str
    locked: bool
    created_at: datetime
    locked_at: datetime | None
    summary: dict[str, Any] | None


def create_group(session: Session, name: str | None = None) -> GroupRow:
    row = GroupRow(token=new_token(), name=clean_title(name), version=1, created_at=utcnow())
    session.add(row)
    session.commit()
    return row


def by_token(session: Session, token: str) -> GroupRow | None:
    if not is_token(token):
        return None
    return session.execute(select(GroupRow).where(GroupRow.token == token)).scalar_one_or_none()


def bump(session: Session, group_id: int | None) -> int | None:
    """Mark the table changed (inside the caller's transaction): ``version = version + 1``
    in the database, never a number computed from a copy read earlier (two changes at once
    would end on the same version, and a statistics cache keyed by it would serve the
    older one). Answers the version this change produced."""
    if group_id is None:
        return None
    return session.execute(
        update(GroupRow)
        .where(GroupRow.id == group_id)
        .values(version=GroupRow.version + 1)
        .returning(GroupRow.version)
        .execution_options(synchronize_session=False)
    ).scalar_one_or_none()


def _keep_version(group: GroupRow, version: int | None) -> None:
    """The in-memory table shows the version its change produced (sessions keep objects
    across commits: without this, an answer would show the version read before)."""
    if version is not None:
        set_committed_value(group, "version", version)


def rename_group(session: Session, group: GroupRow, name: str | None) -> None:
    """Rename the table (or take its name away); the table's version moves on."""
    with transaction(session):
        session.execute(
            update(GroupRow)
            .where(GroupRow.id == group.id)
            .values(name=clean_title(name))
            .execution_options(synchronize_session=False)
        )
        version = bump(session, group.id)
    set_committed_value(group, "name", clean_title(name))
    _keep_version(group, version)


def reread(session: Session, group: GroupRow) -> GroupRow:
    """The table as stored now (its name and version), after changes made through other
    objects (its games' rows: created, locked, moved)."""
    session.refresh(group, attribute_names=["name", "version"])
    session.rollback()  # a read: hold nothing open
    return group


def games_of(session: Session, group: GroupRow) -> list[GameLine]:
    """The table's games, newest first: one query, without their cities nor their records
    (each line's ``summary`` is None: :func:`summaries_of` reads those that are needed, the
    records being most of a table's weight)."""
    rows = session.execute(
        select(
            GameRow.id,
            GameRow.edit_token,
            GameRow.view_token,
            GameRow.title,
            GameRow.edition,
            GameRow.mode,
            GameRow.locked,
            GameRow.created_at,
            GameRow.locked_at,
        )
        .where(GameRow.group_id == group.id)
        .order_by(GameRow.created_at.desc(), GameRow.id.desc())
        .limit(MAX_GROUP_GAMES)
    ).all()
    session.rollback()  # a read: hold nothing open
    return [GameLine(*r, summary=None) for r in rows]


_IDS_PER_QUERY = 500
"""Ids per ``IN (...)`` list: far below every database's limit on bound parameters."""


class KeptRecord(NamedTuple):
    """A game's kept record with the times that name it (see ``assistant.web.groups``)."""

    id: int
    created_at: datetime
    locked_at: datetime | None
    summary: dict[str, Any] | None


def summaries_of(session: Session, ids: Sequence[int]) -> list[KeptRecord]:
    """The records kept for these games (``summary`` None for a game that has none)."""
    found: list[KeptRecord] = []
    for start in range(0, len(ids), _IDS_PER_QUERY):
        rows = session.execute(
            select(GameRow.id, GameRow.created_at, GameRow.locked_at, GameRow.summary).where(
                GameRow.id.in_(ids[start : start + _IDS_PER_QUERY])
            )
        ).all()
        found.extend(KeptRecord(*r) for r in rows)
    session.rollback()  # a read: hold nothing open
    return found


def stored_games(session: Session, group: GroupRow) -> list[tuple[datetime, dict[str, Any]]]:
    """Each game of the table in the game format, with the day it was played (to know an
    import's games already here): two queries, the games and their cities."""
    rows = (
        session.execute(
            select(GameRow).where(GameRow.group_id == group.id).options(selectinload(GameRow.cities))
        )
        .scalars()
        .all()
    )
    return [(row.created_at, game_dict(row)) for row in rows]


def move_game(session: Session, game: GameRow, group: GroupRow | None) -> None:
    """Put a game in a table (or, with None, take it out of its table)."""
    before = game.group_id
    game.group_id = group.id if group is not None else None
    left = bump(session, before)
    joined = bump(session, group.id) if group is not None and group.id != before else left
    session.commit()
    if group is not None:
        _keep_version(group, joined)


def backfill_records(session: Session, records: dict[int, tuple[dict[str, Any], dict[str, Any]]]) -> None:
    """Keep the record of games locked before records were kept (scored once, now)."""
    for game_id, (summary, snapshot) in records.items():
        session.execute(
            update(GameRow)
            .where(GameRow.id == game_id, GameRow.locked.is_(True))
            .values(summary=summary, snapshot=snapshot)
            .execution_options(synchronize_session=False)
        )
    session.commit()


# --- names -----------------------------------------------------------------------------------------


def names_of(session: Session, group: GroupRow) -> dict[str, str]:
    """Each spelling's key and the name it is shown as."""
    rows = session.execute(
        select(GroupNameRow.key, GroupNameRow.name).where(GroupNameRow.group_id == group.id)
    ).all()
    return {key: name for key, name in rows}


def set_names(session: Session, group: GroupRow, changes: Sequence[tuple[str, str]]) -> None:
    """Show each spelling ``key`` as ``name`` (one transaction); the table's version moves on."""
    with transaction(session):
        existing = {n.key: n for n in group.names}
        for key, name in changes:
            if key in existing:
                existing[key].name = name
            else:
                row = GroupNameRow(group_id=group.id, key=key, name=name)
                group.names.append(row)
                existing[key] = row
        session.flush()
        version = bump(session, group.id)
    _keep_version(group, version)
