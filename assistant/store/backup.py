"""Backing up and restoring the SQLite database while the app runs.

Both use SQLite's online backup (``sqlite3.Connection.backup``): the copy is a consistent
snapshot of one moment, taken while phones go on saving (a save waits at most a moment for
each step of the copy), never a copy of a file half-written. A backup is written beside its
name and renamed into place once checked, so a file at the backup's name is always whole.
A PostgreSQL database is backed up with its own tools (``pg_dump``; docs/deploying.md).
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path


class BackupError(Exception):
    """The backup or restore cannot be done: one sentence naming the file and why."""


PAGES_PER_STEP = 256
"""Pages copied at a time: writers wait at most one step (a few milliseconds)."""


def default_backup_path(database: Path, now: datetime | None = None) -> Path:
    """``backups/assistant-YYYYMMDD-HHMMSS.db`` in the database's folder."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    return database.parent / "backups" / f"{database.stem}-{stamp}.db"


def _copy(source: sqlite3.Connection, target: Path) -> None:
    """Copy ``source`` into a new file ``target`` (owner-only), whole or not at all."""
    target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    partial.unlink(missing_ok=True)
    fd = os.open(partial, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    os.close(fd)
    try:
        with closing(sqlite3.connect(partial)) as copy:
            source.backup(copy, pages=PAGES_PER_STEP)
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        check(partial)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def check(path: Path) -> int:
    """The number of games in the app database ``path``; :class:`BackupError` if it is not
    one (not SQLite, damaged, or without the app's tables)."""
    if not path.is_file():
        raise BackupError(f"{path}: no such file.")
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            verdict = db.execute("PRAGMA integrity_check").fetchone()[0]
            if verdict != "ok":
                raise BackupError(f"{path}: the database is damaged ({verdict}).")
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not {"games", "alembic_version"} <= tables:
                raise BackupError(f"{path}: not a database of this app (it has no games).")
            return int(db.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path}: not a SQLite database ({exc}).") from None


def backup(database: Path, target: Path) -> int:
    """Copy the live ``database`` to ``target``; the number of games copied."""
    if not database.is_file():
        raise BackupError(f"{database}: no such database (nothing to back up yet).")
    if target.exists():
        raise BackupError(f"{target}: already exists; choose another name.")
    with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=15)) as source:
        _copy(source, target)
    return check(target)


def restore(saved: Path, database: Path) -> Path | None:
    """Put the backup ``saved`` in place of ``database``, while the app may be running.

    The database as it was is kept first, as a backup of its own (its path is returned, or
    None when there was none). The schema is then brought up to date by the caller."""
    check(saved)
    kept = None
    if database.is_file():
        kept = default_backup_path(database).with_name(
            default_backup_path(database).stem + "-before-restore.db"
        )
        backup(database, kept)
    database.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    with (
        closing(sqlite3.connect(f"file:{saved}?mode=ro", uri=True)) as source,
        closing(sqlite3.connect(database, timeout=15)) as live,
    ):
        source.backup(live, pages=PAGES_PER_STEP)
    os.chmod(database, 0o600)
    return kept
