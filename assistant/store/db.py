"""Engine, sessions and schema migrations.

SQLite by default (a file in the data folder); PostgreSQL when the URL says so. The
schema is only ever created by the migrations, so a database made by an older version
is upgraded in place by :func:`upgrade`.

Migrations are atomic and run by one process at a time. On PostgreSQL they run in one
transaction (DDL is transactional there) under an advisory lock, so several processes or
hosts starting together migrate once. On SQLite the driver would commit every ``CREATE
TABLE`` on its own (it only opens transactions before INSERT/UPDATE/DELETE), so a kill
during the first start left a half-made schema that never started again; migrations
therefore run on a connection in explicit ``BEGIN IMMEDIATE`` mode, which holds the
database's write lock for the whole upgrade and rolls it all back if the process dies.

The SQLite file and its ``-wal``/``-shm`` companions are readable by their owner only
(they hold every edit token); SQLite gives the companions the main file's permissions.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, make_url, text
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import ConnectionPoolEntry, NullPool

from .. import jsonio

TYPE_CHECKING = False
if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def normalise_url(url: str) -> str:
    """Accept the usual spellings of a PostgreSQL URL and use the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def sqlite_path(url: str) -> Path | None:
    """The database file of a SQLite URL (None for other databases and in-memory ones)."""
    parsed = make_url(normalise_url(url))
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return None
    return Path(parsed.database)


def private_sqlite_file(url: str) -> None:
    """Create the SQLite file readable by its owner only, and tighten an existing one."""
    path = sqlite_path(url)
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    os.close(fd)
    for companion in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            if companion.stat().st_mode & 0o077:
                companion.chmod(0o600)
        except (FileNotFoundError, PermissionError):
            pass


def _wal(cursor: sqlite3.Cursor, wait: float = 15.0) -> None:
    """Put the database in WAL mode (it stays so). Switching needs a moment alone with the
    file and SQLite's busy handler does not wait for it, so several processes opening a new
    database at once retry here instead of failing with "database is locked"."""
    deadline = time.monotonic() + wait
    while True:
        try:
            if cursor.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def _sqlite_pragmas(url: str) -> Callable[[sqlite3.Connection, ConnectionPoolEntry], None]:
    def pragmas(dbapi_connection: sqlite3.Connection, _record: ConnectionPoolEntry) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=15000")
        if ":memory:" not in url and url != "sqlite://":
            _wal(cursor)
        cursor.close()

    return pragmas


def make_engine(url: str) -> Engine:
    url = normalise_url(url)
    # hide_parameters: a failed statement's message (and so the log) never shows the
    # values bound to it, which include edit tokens.
    kwargs: dict[str, Any] = {
        "future": True,
        "hide_parameters": True,
        # orjson for the JSON columns (cities, records): several times faster both ways.
        "json_serializer": jsonio.dumps,
        "json_deserializer": jsonio.loads,
    }
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 15}
        private_sqlite_file(url)
    else:
        kwargs["pool_pre_ping"] = True
    engine = create_engine(url, **kwargs)
    if url.startswith("sqlite"):
        event.listen(engine, "connect", _sqlite_pragmas(url))
    return engine


def _transactional_sqlite_engine(url: str) -> Engine:
    """A SQLite engine whose transactions are real, DDL included (``BEGIN IMMEDIATE``)."""
    engine = create_engine(
        url,
        poolclass=NullPool,
        hide_parameters=True,
        connect_args={"timeout": 60},
        json_serializer=jsonio.dumps,
        json_deserializer=jsonio.loads,
    )
    pragmas = _sqlite_pragmas(url)

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: sqlite3.Connection, record: ConnectionPoolEntry) -> None:
        pragmas(dbapi_connection, record)
        dbapi_connection.isolation_level = None  # the driver opens no transaction itself

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def make_session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(bind=engine, expire_on_commit=False, future=True)


def alembic_config() -> Config:
    # alembic is imported only to migrate: a third of a start's imports, which a worker of
    # ``serve --workers`` (its supervisor migrated) and every request never need.
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


# Any constant: the advisory lock the migrations of one schema take on PostgreSQL.
MIGRATION_LOCK = 7_715_015


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the schema up to ``revision`` (creating it on an empty database), atomically."""
    from alembic import command

    config = alembic_config()
    if engine.dialect.name == "sqlite":
        migrating = _transactional_sqlite_engine(engine.url.render_as_string(hide_password=False))
        try:
            with migrating.begin() as connection:
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
        finally:
            migrating.dispose()
        return
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # Several processes or hosts starting at once: one migrates, the others wait
            # and then find the schema at head.
            connection.execute(
                text("SELECT pg_advisory_xact_lock(:key, hashtext(current_schema()))"),
                {"key": MIGRATION_LOCK},
            )
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str | None:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()
