"""Issue 28: a database connection killed in the middle of a request. What stored nothing runs
again on a new connection; a connection lost while committing answers a 503 that says the
outcome is unknown; never a 500 claiming that nothing was lost."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from assistant.store import games as store
from tests.conftest import make_test_app

pytestmark = pytest.mark.postgres

GAME = {
    "cities": [{"player": p, "wonder": w} for p, w in zip("ABC", ["giza", "rhodes", "babylon"], strict=True)]
}


def _kill(session: Any, url: str) -> None:
    """End the server side of ``session``'s connection, as a database restart or a proxy would."""
    import psycopg

    pid = session.connection().connection.dbapi_connection.info.backend_pid
    plain = url.split("?")[0]
    with psycopg.connect(plain, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))


@pytest.fixture
def app(tmp_path: Path, pg_schema_url: str):
    app = make_test_app(tmp_path, pg_schema_url)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    return app


def _kill_once_in(monkeypatch, name: str, url: str) -> list[int]:
    """Kill the request's connection the first time ``store.NAME`` is called."""
    original = getattr(store, name)
    calls: list[int] = []

    def killing(session: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            _kill(session, url)
        return original(session, *args, **kwargs)

    monkeypatch.setattr(store, name, killing)
    return calls


def test_a_read_that_lost_its_connection_is_answered_on_a_new_one(app, monkeypatch, pg_schema_url):
    client = app.test_client()
    token = client.post("/api/v1/games", json={"game": GAME}).get_json()["token"]
    calls = _kill_once_in(monkeypatch, "by_any_token", pg_schema_url)
    response = client.get(f"/api/v1/games/{token}")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["game"]["cities"][0]["player"] == "A"
    assert len(calls) == 2  # lost once, answered the second time
    # The page too.
    calls.clear()
    page = client.get(f"/g/{token}")
    assert page.status_code == 200


def test_a_save_that_lost_its_connection_before_storing_anything_is_stored_once(
    app, monkeypatch, pg_schema_url
):
    client = app.test_client()
    created = client.post("/api/v1/games", json={"game": GAME}).get_json()
    token, version = created["token"], created["versions"][1]
    calls = _kill_once_in(monkeypatch, "replace_city", pg_schema_url)
    city = {"player": "B", "wonder": "rhodes", "coins": 7}
    response = client.put(f"/api/v1/games/{token}/cities/1", json={"city": city, "version": version})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert len(calls) == 2
    stored = client.get(f"/api/v1/games/{token}").get_json()
    assert stored["versions"][1] == version + 1  # stored once
    assert stored["game"]["cities"][1]["coins"] == 7


def test_a_save_that_lost_its_connection_while_committing_says_it_may_not_be_stored(app, pg_schema_url):
    client = app.test_client()
    created = client.post("/api/v1/games", json={"game": GAME}).get_json()
    token, version = created["token"], created["versions"][1]
    killed: list[int] = []

    @event.listens_for(app.extensions["db_sessions"], "before_commit")
    def _kill_at_commit(session: Any) -> None:
        if not killed:
            killed.append(1)
            _kill(session, pg_schema_url)

    city = {"player": "B", "wonder": "rhodes", "coins": 7}
    response = client.put(f"/api/v1/games/{token}/cities/1", json={"city": city, "version": version})
    assert response.status_code == 503
    assert "may have been saved or not" in response.get_json()["error"]
    # Sending the same save again is safe: it is stored once, or refused as stale if the
    # first one had landed.
    event.remove(app.extensions["db_sessions"], "before_commit", _kill_at_commit)
    again = client.put(f"/api/v1/games/{token}/cities/1", json={"city": city, "version": version})
    assert again.status_code in (200, 409)
    stored = client.get(f"/api/v1/games/{token}").get_json()
    assert stored["versions"][1] == version + 1
    assert stored["game"]["cities"][1]["coins"] == 7


def test_a_database_that_stays_unreachable_answers_503_saying_nothing_was_stored(
    app, monkeypatch, pg_schema_url
):
    client = app.test_client()
    token = client.post("/api/v1/games", json={"game": GAME}).get_json()["token"]
    original = store.by_any_token

    def always_killing(session: Any, *args: Any) -> Any:
        _kill(session, pg_schema_url)
        return original(session, *args)

    monkeypatch.setattr(store, "by_any_token", always_killing)
    response = client.get(f"/api/v1/games/{token}")
    assert response.status_code == 503
    assert response.get_json()["error"] == "Nothing was stored: try again in a moment."
    page = client.get(f"/g/{token}", headers={"Accept-Language": "es"})
    assert page.status_code == 503
    assert "<h1" in page.get_data(as_text=True)


def test_the_openapi_document_lists_the_503_of_every_operation_on_stored_data():
    from assistant.web.openapi import document

    for path, methods in document()["paths"].items():
        for method, operation in methods.items():
            stored = path.startswith(("/api/v1/games", "/api/v1/tables"))
            assert ("503" in operation["responses"]) is stored, (path, method)


@pytest.mark.parametrize("path", ["/api/v1/games/{token}", "/g/{token}"])
def test_an_answer_made_before_its_connection_died_is_sent(app, pg_schema_url, path, caplog):
    """Issue 44: closing the request's session rolls back on its connection; a connection
    killed after the answer was made (and before the session closed) never turns that answer
    into a 500, and the next request gets a working connection."""
    from flask import g

    armed: list[int] = []
    killed: list[int] = []

    @app.teardown_appcontext  # runs before the session is closed (teardowns run last first)
    def _kill_after_the_answer(_exc: BaseException | None) -> None:
        session = g.get("db_session")
        if armed and not killed and session is not None and session.in_transaction():
            killed.append(1)
            _kill(session, pg_schema_url)

    client = app.test_client()
    token = client.post("/api/v1/games", json={"game": GAME}).get_json()["token"]
    armed.append(1)
    response = client.get(path.format(token=token))
    assert killed
    assert response.status_code == 200, response.get_data(as_text=True)
    assert "Database connection lost after the answer was made" in caplog.text
    again = client.get(path.format(token=token))
    assert again.status_code == 200
