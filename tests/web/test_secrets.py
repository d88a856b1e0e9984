"""Issue 15, items 7 and 8: the secret key, file permissions, tokens kept out of the log and
out of a readable cookie; and item 10's Allow header."""

from __future__ import annotations

import base64
import json
import logging
import re
import stat
import zlib
from pathlib import Path

import pytest

from tests.conftest import make_test_app
from tests.web.worked_games import three


def _default_app(tmp_path: Path, monkeypatch):
    from assistant.web import create_app

    monkeypatch.setenv("ASSISTANT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("ASSISTANT_SECRET_KEY", raising=False)
    return create_app({"TESTING": True})


def _csrf(page: bytes) -> str:
    return re.search(rb'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1).decode()


@pytest.mark.parametrize("content", ["", "\n", "   \n"])
def test_an_empty_secret_key_file_is_replaced_and_every_form_works(tmp_path: Path, monkeypatch, content):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "secret_key").write_text(content)
    app = _default_app(tmp_path, monkeypatch)
    assert len(app.config["SECRET_KEY"]) >= 32
    assert (tmp_path / "data" / "secret_key").read_text() == app.config["SECRET_KEY"]
    client = app.test_client()
    page = client.get("/new")
    assert page.status_code == 200
    response = client.post(
        "/new",
        data={"csrf_token": _csrf(page.data), "seats-0-player": "Ana", "seats-1-player": "Bo", "deal": "y"},
    )
    assert response.status_code == 302


def test_a_secret_key_too_short_to_be_safe_stops_start_up_naming_the_file(tmp_path: Path, monkeypatch):
    from assistant.web.config import ConfigError

    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "secret_key").write_text("short")
    with pytest.raises(ConfigError, match="secret_key"):
        _default_app(tmp_path, monkeypatch)


def test_serve_refuses_a_short_secret_key_in_one_sentence(tmp_path: Path, monkeypatch, capsys):
    from assistant.cli import main

    monkeypatch.setenv("ASSISTANT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ASSISTANT_SECRET_KEY", "too-short")
    monkeypatch.setattr("waitress.serve", lambda *args, **kwargs: None)  # never listen
    assert main(["serve", "--port", "1", "--no-qr"]) == 2
    assert "ASSISTANT_SECRET_KEY must be at least 32 characters" in capsys.readouterr().err


def test_the_data_folder_and_the_database_files_are_the_owner_s_alone(tmp_path: Path, monkeypatch):
    app = _default_app(tmp_path, monkeypatch)
    client = app.test_client()
    token = client.post("/api/v1/games", json={"game": three()}).get_json()["token"]
    client.put(f"/api/v1/games/{token}/cities/0", json={"city": three()["cities"][0], "version": 1})
    data = tmp_path / "data"
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    files = sorted(p.name for p in data.iterdir())
    assert {"assistant.db", "assistant.db-wal", "assistant.db-shm", "secret_key"} <= set(files)
    for name in files:
        assert stat.S_IMODE((data / name).stat().st_mode) == 0o600, name


def test_an_older_data_folder_readable_by_everyone_is_tightened(tmp_path: Path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    data.chmod(0o755)
    (data / "assistant.db").touch()
    (data / "assistant.db").chmod(0o644)
    _default_app(tmp_path, monkeypatch)
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert stat.S_IMODE((data / "assistant.db").stat().st_mode) == 0o600


def test_a_failure_on_a_game_page_logs_no_edit_token(tmp_path: Path, caplog):
    from sqlalchemy import text

    app = make_test_app(tmp_path, PROPAGATE_EXCEPTIONS=False)
    client = app.test_client()
    token = client.post("/api/v1/games", json={"game": three()}).get_json()["token"]
    with app.extensions["db_engine"].begin() as conn:  # the next query of a game fails
        conn.execute(text("ALTER TABLE games RENAME TO games_elsewhere"))
    with caplog.at_level(logging.DEBUG):
        assert client.get(f"/g/{token}/scoreboard").status_code == 500
        assert client.get(f"/api/v1/games/{token}").status_code == 500
    logged = "\n".join(
        r.getMessage() + "\n" + (logging.Formatter().formatException(r.exc_info) if r.exc_info else "")
        for r in caplog.records
    )
    assert "Unhandled error on GET /g/" in logged
    assert token not in logged and token[:12] not in logged


def _cookie_payload(client) -> bytes:
    """What the session cookie says to anyone who reads it (itsdangerous: base64, maybe zlib)."""
    cookie = client.get_cookie("session", domain="table.test")
    assert cookie is not None
    value = cookie.value
    compressed = value.startswith(".")
    payload = value.lstrip(".").split(".")[0]
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    return zlib.decompress(raw) if compressed else raw


def test_the_session_cookie_carries_the_recent_games_unreadably_and_they_still_list(client):
    tokens = [
        client.post("/api/v1/games", json={"game": three(), "title": f"Game {n}"}).get_json()["token"]
        for n in range(3)
    ]
    for token in tokens:
        assert client.get(f"/g/{token}").status_code == 200
    payload = _cookie_payload(client)
    for token in tokens:
        assert token.encode() not in payload
        assert token[:8].encode() not in payload
    home = client.get("/").get_data(as_text=True)
    assert all(f"Game {n}" in home for n in range(3))


def test_a_cookie_from_before_encryption_is_an_empty_session_not_an_error(client, app):
    from flask.sessions import SecureCookieSessionInterface

    with app.test_request_context():
        old = SecureCookieSessionInterface().get_signing_serializer(app).dumps({"recent": ["x" * 24]})
    client.set_cookie("session", old)
    assert client.get("/").status_code == 200


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("delete", "/api/v1/score", {"POST", "OPTIONS"}),
        ("put", "/", {"GET", "HEAD", "OPTIONS"}),
        ("get", "/api/v1/military", {"POST", "OPTIONS"}),
    ],
)
def test_a_wrong_method_answers_405_with_the_allowed_methods(client, method, path, allowed):
    response = getattr(client, method)(path)
    assert response.status_code == 405
    assert set(response.headers["Allow"].replace(" ", "").split(",")) == allowed
    if path.startswith("/api/"):
        assert json.loads(response.data)["status"] == 405
