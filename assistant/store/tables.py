"""The tables (people who play together) repository: create, find, the games of a table,
moving a game in or out, and the players' names (merge, rename).

A table's ``version`` is bumped by every change that can change its page or statistics
(a game joining or leaving, locked or opened again, a name merged or renamed), so the
statistics are cached per ``(table, version)`` and never served stale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import select, update
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from .games import clean_title, game_dict, game_format, is_token, new_token, transaction
from .models import CityRow, GameRow, TableNameRow, TableRow, utcnow

MAX_TABLE_GAMES = 100_000


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
    expansions: list[str] | None
    imported_at: datetime | None
    summary: dict[str, Any] | None


def create_table(session: Session, name: str | None = None) -> TableRow:
    row = TableRow(token=new_token(), name=clean_title(name), version=1, created_at=utcnow())
    session.add(row)
    session.commit()
    return row


def by_token(session: Session, token: str) -> TableRow | None:
    if not is_token(token):
        return None
    return session.execute(select(TableRow).where(TableRow.token == token)).scalar_one_or_none()


def bump(session: Session, table_id: int | None) -> int | None:
    """Mark the table changed (inside the caller's transaction): ``version = version + 1``
    in the database, never a number computed from a copy read earlier (two changes at once
    would end on the same version, and a statistics cache keyed by it would serve the
    older one). Answers the version this change produced."""
    if table_id is None:
        return None
    return session.execute(
        update(TableRow)
        .where(TableRow.id == table_id)
        .values(version=TableRow.version + 1)
        .returning(TableRow.version)
        .execution_options(synchronize_session=False)
    ).scalar_one_or_none()


def _keep_version(table: TableRow, version: int | None) -> None:
    """The in-memory table shows the version its change produced (sessions keep objects
    across commits: without this, an answer would show the version read before)."""
    if version is not None:
        set_committed_value(table, "version", version)


def rename_table(session: Session, table: TableRow, name: str | None) -> None:
    """Rename the table (or take its name away); the table's version moves on."""
    with transaction(session):
        session.execute(
            update(TableRow)
            .where(TableRow.id == table.id)
            .values(name=clean_title(name))
            .execution_options(synchronize_session=False)
        )
        version = bump(session, table.id)
    set_committed_value(table, "name", clean_title(name))
    _keep_version(table, version)


def reread(session: Session, table: TableRow) -> TableRow:
    """The table as stored now (its name and version), after changes made through other
    objects (its games' rows: created, locked, moved)."""
    session.refresh(table, attribute_names=["name", "version"])
    session.rollback()  # a read: hold nothing open
    return table


def games_of(session: Session, table: TableRow) -> list[GameLine]:
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
            GameRow.expansions,
            GameRow.imported_at,
        )
        .where(GameRow.table_id == table.id)
        .order_by(GameRow.created_at.desc(), GameRow.id.desc())
        .limit(MAX_TABLE_GAMES)
    ).all()
    session.rollback()  # a read: hold nothing open
    return [GameLine._make((*r, None)) for r in rows]  # no summary read yet


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


def sheets_of(session: Session, ids: Sequence[int]) -> dict[int, dict[str, Any]]:
    """The whole score sheets kept with these games' records at their locks, by id (a game
    without one is left out): for the few records that need what only the sheet holds."""
    found: dict[int, dict[str, Any]] = {}
    for start in range(0, len(ids), _IDS_PER_QUERY):
        rows = session.execute(
            select(GameRow.id, GameRow.snapshot).where(GameRow.id.in_(ids[start : start + _IDS_PER_QUERY]))
        ).all()
        found.update((game_id, sheet) for game_id, sheet in rows if isinstance(sheet, dict))
    session.rollback()  # a read: hold nothing open
    return found


class StoredGame(NamedTuple):
    """A game in the game format, and the version it was read at (every change to a game
    moves its version on: see :mod:`.games`)."""

    version: int
    game: dict[str, Any]


def versions_of(session: Session, ids: Sequence[int]) -> dict[int, int]:
    """Each game's version now, by id (one query for every 500 games)."""
    found: dict[int, int] = {}
    for start in range(0, len(ids), _IDS_PER_QUERY):
        chunk = ids[start : start + _IDS_PER_QUERY]
        for game_id, version in session.execute(
            select(GameRow.id, GameRow.version).where(GameRow.id.in_(chunk))
        ):
            found[game_id] = version
    session.rollback()  # a read: hold nothing open
    return found


def games_by_id(session: Session, ids: Sequence[int]) -> dict[int, StoredGame]:
    """These games in the game format, by id: two queries for every 500 games (their columns,
    then their cities), never one a game (an export of 800 imported games made 1,600).

    The columns are read first: a city saved between the two reads is newer than the version
    said, never older, so what is kept by version is never staler than its version."""
    found: dict[int, StoredGame] = {}
    for start in range(0, len(ids), _IDS_PER_QUERY):
        chunk = ids[start : start + _IDS_PER_QUERY]
        heads = session.execute(
            select(GameRow.id, GameRow.version, GameRow.edition, GameRow.expansions, GameRow.play).where(
                GameRow.id.in_(chunk)
            )
        ).all()
        cities: dict[int, list[dict[str, Any]]] = {}
        for game_id, data in session.execute(
            select(CityRow.game_id, CityRow.data)
            .where(CityRow.game_id.in_(chunk))
            .order_by(CityRow.game_id, CityRow.seat)
        ):
            cities.setdefault(game_id, []).append(data)
        for game_id, version, edition, expansions, play in heads:
            found[game_id] = StoredGame(
                version, game_format(edition, expansions, play, cities.get(game_id, []))
            )
    session.rollback()  # a read: hold nothing open
    return found


def stored_games(session: Session, table: TableRow) -> list[tuple[datetime, dict[str, Any]]]:
    """Each game of the table in the game format, with the day it was played (to know an
    import's games already here): two queries, the games and their cities."""
    rows = (
        session.execute(
            select(GameRow).where(GameRow.table_id == table.id).options(selectinload(GameRow.cities))
        )
        .scalars()
        .all()
    )
    return [(row.created_at, game_dict(row)) for row in rows]


def move_game(session: Session, game: GameRow, table: TableRow | None) -> None:
    """Put a game in a table (or, with None, take it out of its table)."""
    before = game.table_id
    game.table_id = table.id if table is not None else None
    left = bump(session, before)
    joined = bump(session, table.id) if table is not None and table.id != before else left
    session.commit()
    if table is not None:
        _keep_version(table, joined)


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


def names_of(session: Session, table: TableRow) -> dict[str, str]:
    """Each spelling's key and the name it is shown as."""
    rows = session.execute(
        select(TableNameRow.key, TableNameRow.name).where(TableNameRow.table_id == table.id)
    ).all()
    return {key: name for key, name in rows}


class NameChanged(Exception):
    """A name a change was decided from is no longer the one stored (another phone changed it
    meanwhile): nothing was changed. ``now``: what the spelling ``key`` shows as now."""

    def __init__(self, key: str, now: str | None) -> None:
        super().__init__(key)
        self.key = key
        self.now = now


def set_names(
    session: Session,
    table: TableRow,
    changes: Sequence[tuple[str, str]],
    *,
    read: Mapping[str, str | None] | None = None,
) -> None:
    """Show each spelling ``key`` as ``name`` (one transaction); the table's version moves on.

    The table's row is bumped first, as a game's save first bumps the game's: that takes the
    table's row lock (PostgreSQL) or the database's write lock (SQLite), so two changes to a
    table's names are strictly ordered, and the names are read again under it (a copy read
    earlier would let two first renames of one player both insert its row, and one fail on
    the unique key). ``read``: the names the change was decided from (None: a spelling shown
    as typed), checked under the lock; when another change moved one of them on since,
    :class:`NameChanged` says which, and nothing changes (merging A into B while B is merged
    into A would otherwise swap their names)."""
    with transaction(session):
        version = bump(session, table.id)
        stored = {
            row.key: row
            for row in session.execute(
                select(TableNameRow)
                .where(TableNameRow.table_id == table.id)
                .execution_options(populate_existing=True)
            ).scalars()
        }
        for key, was in (read or {}).items():
            now = stored[key].name if key in stored else None
            if now != was:
                raise NameChanged(key, now)
        for key, name in changes:
            if key in stored:
                stored[key].name = name
            else:
                stored[key] = TableNameRow(table_id=table.id, key=key, name=name)
                session.add(stored[key])
        session.flush()
    session.expire(table, ["names"])  # its collection, if loaded, did not see the new rows
    _keep_version(table, version)
