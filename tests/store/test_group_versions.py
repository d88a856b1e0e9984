"""Issue 16: a table's version moves on atomically (``version = version + 1`` in the
database, read back), so two changes at once never end on the same version and a
statistics cache keyed by it never serves the older numbers; answers show the version the
change produced. On SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from assistant.rules.gameio import parse_game
from assistant.store import games as store
from assistant.store import tables as repo
from assistant.store.models import TableRow
from assistant.tables import record_of
from tests.conftest import make_test_app
from tests.web.worked_games import three


def _stored_version(factory, table_id: int) -> int:
    with factory() as fresh:
        return fresh.get(TableRow, table_id).version


def test_a_change_made_while_another_was_made_elsewhere_moves_the_version_on_twice(
    any_db_url: str, tmp_path: Path
):
    """A phone holds the table (read at version v); another locks a game of the table
    (v + 1); then the first merges two names: the table is at v + 2, and the first phone's
    table says so. An absolute write (``version = v + 1``) ended both on v + 1."""
    app = make_test_app(tmp_path, any_db_url)
    factory = app.extensions["db_sessions"]
    with factory() as here, factory() as elsewhere:
        group = repo.create_table(here, "Thursday club")
        row = store.create_game(elsewhere, three(), table_id=group.id)
        here.refresh(group)
        read_at = group.version
        store.set_locked(elsewhere, row, True, record=record_of(parse_game(three())))
        assert _stored_version(factory, group.id) == read_at + 1
        repo.set_names(here, group, [("anna", "Ana")])
        assert _stored_version(factory, group.id) == read_at + 2
        assert group.version == read_at + 2  # read back, not the copy read before
        # The same for a rename and a game moved in, each after a change made elsewhere.
        store.create_game(elsewhere, three(), table_id=group.id)
        repo.rename_table(here, group, "Friday club")
        assert group.version == _stored_version(factory, group.id) == read_at + 4
        other = store.create_game(elsewhere, three())
        store.create_game(elsewhere, three(), table_id=group.id)
        repo.move_game(here, here.merge(other), group)
        assert group.version == _stored_version(factory, group.id) == read_at + 6


def test_the_import_answer_shows_the_table_s_version(any_db_url: str, tmp_path: Path):
    """Each imported game moves the version on in the database (created, then locked):
    the answer says where the table is now, as a fresh read does (it said 1 where the
    table was at 3)."""
    app = make_test_app(tmp_path, any_db_url)
    client = app.test_client()
    table = client.post("/api/v1/tables", json={}).get_json()["token"]
    second = three()
    second["cities"][0]["player"] = "Dee"
    body = {"games": [{"game": three(), "locked": True}, {"game": second, "locked": True}]}
    imported = client.post(f"/api/v1/tables/{table}/import", json=body).get_json()
    fresh = client.get(f"/api/v1/tables/{table}").get_json()["table"]["version"]
    assert imported["table"]["version"] == fresh == 1 + 2 * 2
    renamed = client.patch(f"/api/v1/tables/{table}", json={"name": "Club"}).get_json()
    assert (
        renamed["version"]
        == client.get(f"/api/v1/tables/{table}").get_json()["table"]["version"]
        == fresh + 1
    )
