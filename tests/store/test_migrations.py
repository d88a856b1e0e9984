"""The schema exists only through migrations, and an older database upgrades in place."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from assistant.store.db import current_revision, head_revision, make_engine, upgrade


def test_a_migration_from_empty_creates_every_table(tmp_path: Path):
    engine = make_engine(f"sqlite:///{tmp_path / 'empty.db'}")
    upgrade(engine)
    tables = set(inspect(engine).get_table_names())
    assert {"games", "cities", "alembic_version"} <= tables
    assert current_revision(engine) == head_revision()


def _upgrade_keeps_data(url: str) -> None:
    engine = make_engine(url)
    upgrade(engine, "0001")
    assert "conflicts" not in {c["name"] for c in inspect(engine).get_columns("games")}
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO games (edit_token, view_token, edition, mode, locked, version, created_at, updated_at) "
                "VALUES ('edit-old', 'view-old', 1, 'cards', false, 3, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            )
        )
        game_id = conn.execute(text("SELECT id FROM games WHERE edit_token = 'edit-old'")).scalar_one()
        conn.execute(
            text(
                "INSERT INTO cities (game_id, seat, data, version, updated_at) VALUES (:g, 0, :d, 2, CURRENT_TIMESTAMP)"
            ),
            {
                "g": game_id,
                "d": '{"player": "Ana", "wonder": "giza", "side": "A", "stages": 1, "coins": 4, "cards": []}',
            },
        )
    upgrade(engine)
    assert current_revision(engine) == head_revision()
    assert "conflicts" in {c["name"] for c in inspect(engine).get_columns("games")}
    with engine.connect() as conn:
        row = conn.execute(text("SELECT version, conflicts FROM games WHERE edit_token = 'edit-old'")).one()
        assert row.version == 3 and row.conflicts is None
        assert conn.execute(text("SELECT version FROM cities")).scalar_one() == 2
    engine.dispose()


def test_a_database_made_by_the_first_version_upgrades_in_place_on_sqlite(tmp_path: Path):
    _upgrade_keeps_data(f"sqlite:///{tmp_path / 'old.db'}")


@pytest.mark.postgres
def test_a_database_made_by_the_first_version_upgrades_in_place_on_postgres(pg_schema_url: str):
    _upgrade_keeps_data(pg_schema_url)


def test_upgrading_twice_changes_nothing(tmp_path: Path):
    engine = make_engine(f"sqlite:///{tmp_path / 'twice.db'}")
    upgrade(engine)
    upgrade(engine)
    assert current_revision(engine) == head_revision()


# --- issue 15, item 6: the first start is atomic; several starts at once migrate once ---------------

PAUSE_DURING_MIGRATION = """
import sys, time
from pathlib import Path
from sqlalchemy import event
from sqlalchemy.engine import Engine
from assistant.store.db import make_engine, upgrade

@event.listens_for(Engine, "after_cursor_execute")
def pause(conn, cursor, statement, *args):
    # The games table exists, the cities table does not yet: the worst moment to die.
    if statement.lstrip().upper().startswith("CREATE TABLE CITIES"):
        Path(sys.argv[2]).write_text("paused")
        time.sleep(600)

upgrade(make_engine(sys.argv[1]))
"""


def _kill_during_first_migration(url: str, tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    marker = tmp_path / "paused"
    proc = subprocess.Popen([sys.executable, "-c", PAUSE_DURING_MIGRATION, url, str(marker)])
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert proc.poll() is None, "the migration ended before the pause"
            assert time.monotonic() < deadline, "the migration never reached CREATE TABLE cities"
            time.sleep(0.05)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()


@pytest.mark.parametrize("db", ["sqlite", "postgres"])
def test_a_first_start_killed_during_the_migration_starts_the_next_time(db, tmp_path: Path, request):
    from tests.conftest import make_test_app
    from tests.web.worked_games import three

    url = (
        f"sqlite:///{tmp_path / 'killed.db'}" if db == "sqlite" else request.getfixturevalue("pg_schema_url")
    )
    _kill_during_first_migration(url, tmp_path)
    app = make_test_app(tmp_path, url)  # migrates on start, as serve does
    engine = app.extensions["db_engine"]
    assert current_revision(engine) == head_revision()
    assert app.test_client().post("/api/v1/games", json={"game": three()}).status_code == 201
    engine.dispose()


@pytest.mark.parametrize("db", ["sqlite", "postgres"])
def test_several_processes_starting_at_once_on_an_empty_database_migrate_once(db, tmp_path: Path, request):
    import threading

    url = (
        f"sqlite:///{tmp_path / 'together.db'}"
        if db == "sqlite"
        else request.getfixturevalue("pg_schema_url")
    )
    barrier = threading.Barrier(4)
    errors: list[BaseException] = []

    def start() -> None:
        engine = make_engine(url)
        barrier.wait()
        try:
            upgrade(engine)
        except BaseException as exc:
            errors.append(exc)
        finally:
            engine.dispose()

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    engine = make_engine(url)
    assert current_revision(engine) == head_revision()
    engine.dispose()


def test_a_game_poisoned_by_an_older_version_opens_again_after_the_upgrade(tmp_path: Path):
    """Before issue 15 a player named "\\ud800" was stored and broke every page of the game."""
    from tests.conftest import make_test_app

    url = f"sqlite:///{tmp_path / 'poisoned.db'}"
    engine = make_engine(url)
    upgrade(engine, "0002")
    city = '{"player": "%s", "wonder": "%s", "side": "A", "stages": 0, "coins": 3, "cards": []}'
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO games (edit_token, view_token, edition, mode, title, locked, version, created_at, updated_at) "
                "VALUES ('edit-old', 'view-old', 1, 'cards', :title, false, 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            ),
            {"title": "Fri\x00day"},
        )
        game_id = conn.execute(text("SELECT id FROM games")).scalar_one()
        for seat, (player, wonder) in enumerate(
            [("\\ud800", "giza"), ("Bo\\u0000", "rhodes"), ("Cy", "babylon")]
        ):
            conn.execute(
                text(
                    "INSERT INTO cities (game_id, seat, data, version, updated_at) VALUES (:g, :s, :d, 1, CURRENT_TIMESTAMP)"
                ),
                {"g": game_id, "s": seat, "d": city % (player, wonder)},
            )
    engine.dispose()
    client = make_test_app(tmp_path, url).test_client()
    for path in (
        "/g/edit-old",
        "/g/edit-old/city/0",
        "/g/edit-old/scoreboard",
        "/api/v1/games/edit-old",
        "/",
    ):
        assert client.get(path).status_code == 200, path
    body = client.get("/api/v1/games/edit-old").get_json()
    assert [c["player"] for c in body["game"]["cities"]] == ["\ufffd", "Bo\ufffd", "Cy"]
    assert body["title"] == "Friday"


@pytest.mark.parametrize("db", ["sqlite", "postgres"])
def test_the_migrations_build_exactly_the_tables_the_models_describe(db, tmp_path: Path, request):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from assistant.store.models import Base

    url = (
        f"sqlite:///{tmp_path / 'models.db'}" if db == "sqlite" else request.getfixturevalue("pg_schema_url")
    )
    engine = make_engine(url)
    upgrade(engine)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = [
            d
            for d in compare_metadata(context, Base.metadata)
            if not (isinstance(d, tuple) and d[0] == "remove_table" and d[1].name == "alembic_version")
        ]
        if db == "sqlite":
            # SQLite's reflection does not read ON DELETE of a column's inline REFERENCES
            # (added by ALTER TABLE ADD COLUMN); the database itself says it is there.
            fks = connection.execute(text("PRAGMA foreign_key_list(games)")).all()
            assert ("groups", "group_id", "SET NULL") in {(f[2], f[3], f[6]) for f in fks}
            differences = [
                d
                for d in differences
                if not (d[0] in ("remove_fk", "add_fk") and d[1].referred_table.name == "groups")
            ]
    engine.dispose()
    assert differences == []


@pytest.mark.parametrize("db", ["sqlite", "postgres"])
def test_games_stored_before_imports_were_marked_are_not_marked_after_the_upgrade(
    db, tmp_path: Path, request
):
    """Issue 28: 0007 adds when a game was imported; nothing says which older games were, so
    none is marked (and the upgrade keeps them), and downgrading takes the column away."""
    url = f"sqlite:///{tmp_path / 'mark.db'}" if db == "sqlite" else request.getfixturevalue("pg_schema_url")
    engine = make_engine(url)
    upgrade(engine, "0006")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO games (edit_token, view_token, edition, mode, locked, version, created_at, updated_at) "
                "VALUES ('edit-old', 'view-old', 1, 'cards', false, 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            )
        )
    upgrade(engine)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT edit_token, imported_at FROM games")).all() == [("edit-old", None)]
    from alembic import command

    from assistant.store.db import alembic_config

    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0006")
    assert "imported_at" not in {c["name"] for c in inspect(engine).get_columns("games")}
    engine.dispose()
