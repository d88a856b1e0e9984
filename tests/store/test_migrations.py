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
