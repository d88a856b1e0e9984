"""Issue 44: a database that refuses connections (PostgreSQL restarting: "Connection refused",
"the database system is shutting down") is a lost connection too. The request runs again once,
after a short pause; if the database is still away, the answer is a 503 with ``Retry-After``
that says nothing was stored: the API's JSON error, or the error page in the phone's language.
On both databases: the connect is refused by the driver's own error, raised where the driver
would raise it."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, func, select

from assistant.store.models import GameRow
from assistant.web import retry
from tests.conftest import make_test_app

GAME = {
    "cities": [{"player": p, "wonder": w} for p, w in zip("ABC", ["giza", "rhodes", "babylon"], strict=True)]
}


@pytest.fixture
def app(tmp_path: Path, any_db_url: str):
    app = make_test_app(tmp_path, any_db_url)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    return app


class Refusing:
    """Every new connection of ``app`` refused, as a restarting server refuses it, while
    ``refusing`` is more than zero (each refusal counts one down; ``None``: for ever)."""

    def __init__(self, app: Any) -> None:
        self.engine = app.extensions["db_engine"]
        self.refusing: int | None = 0
        self.refused = 0
        event.listen(self.engine, "do_connect", self._connect)

    def _connect(self, dialect: Any, _record: Any, _cargs: Any, _cparams: Any) -> None:
        if self.refusing is None or self.refusing > 0:
            self.refused += 1
            if self.refusing is not None:
                self.refusing -= 1
            if dialect.name == "sqlite":
                raise sqlite3.OperationalError("unable to open database file")
            import psycopg

            raise psycopg.OperationalError(
                'connection failed: connection to server at "127.0.0.1", port 5432 failed: Connection refused'
            )

    def refuse(self, times: int | None) -> None:
        """Refuse the next ``times`` connects; the pool's connections are closed first, so
        that the next request has to connect."""
        self.engine.dispose()
        self.refusing, self.refused = times, 0


def _games(app: Any) -> int:
    with app.extensions["db_sessions"]() as session:
        return int(session.scalar(select(func.count()).select_from(GameRow)))


def test_a_request_that_could_not_connect_is_run_again_after_a_short_pause(app):
    client = app.test_client()
    refusing = Refusing(app)
    token = client.post("/api/v1/games", json={"game": GAME}).get_json()["token"]
    refusing.refuse(1)
    started = time.monotonic()
    response = client.get(f"/api/v1/games/{token}")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert refusing.refused == 1
    assert time.monotonic() - started >= retry.RETRY_PAUSE
    # A save too: stored once.
    refusing.refuse(1)
    created = client.post("/api/v1/games", json={"game": GAME})
    assert created.status_code == 201
    assert refusing.refused == 1
    assert _games(app) == 2


def test_a_database_that_stays_away_answers_503_with_retry_after_and_stores_nothing(app, monkeypatch):
    monkeypatch.setattr(retry, "RETRY_PAUSE", 0.01)
    client = app.test_client()
    refusing = Refusing(app)
    token = client.post("/api/v1/games", json={"game": GAME}).get_json()["token"]
    refusing.refuse(None)
    # The API: its JSON error, and the time to wait.
    response = client.post("/api/v1/games", json={"game": GAME})
    assert response.status_code == 503
    assert response.get_json() == {"error": "Nothing was stored: try again in a moment.", "status": 503}
    assert response.headers["Retry-After"] == str(retry.RETRY_AFTER)
    assert refusing.refused == 2  # tried, and tried once more
    read = client.get(f"/api/v1/games/{token}")
    assert read.status_code == 503 and read.headers["Retry-After"] == str(retry.RETRY_AFTER)
    # The pages: the site's error page, in the phone's language.
    page = client.get(f"/g/{token}", headers={"Accept-Language": "es"})
    assert page.status_code == 503
    assert page.headers["Retry-After"] == str(retry.RETRY_AFTER)
    html = page.get_data(as_text=True)
    assert "No se puede acceder a la base de datos" in html
    assert "No se guardó nada: inténtalo de nuevo en un momento." in html
    # Nothing of it was stored.
    refusing.refuse(0)
    assert _games(app) == 1


def test_a_refused_statement_is_not_a_lost_connection(app):
    """A statement the database refuses on a working connection is no reason to run the
    request again, nor to say the database is away."""
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError

    with app.extensions["db_sessions"]() as session, pytest.raises(DBAPIError) as refused:
        session.execute(text("SELECT * FROM no_such_table"))
    assert not retry.lost_connection(refused.value)
    assert not isinstance(refused.value, retry.DatabaseUnreachable)
