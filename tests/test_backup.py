"""Issue 28: ``python -m assistant backup`` copies the SQLite database while phones save, and
``restore`` puts a backup back (keeping the database it replaces), as docs/deploying.md says."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.store import backup
from tests.test_serve import free_port, wait_for

GAME = {
    "cities": [{"player": p, "wonder": w} for p, w in zip("ABC", ["giza", "rhodes", "babylon"], strict=True)]
}


def _post(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("ASSISTANT_DATA_DIR", str(folder))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    return folder


@pytest.mark.slow
def test_a_backup_taken_while_phones_save_is_whole_and_restores_into_a_working_app(
    data_dir: Path, tmp_path: Path, capsys
):
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "assistant", "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr"],
        env=dict(os.environ, ASSISTANT_RATE_LIMIT="100000 per minute"), cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    made: list[str] = []
    stop = threading.Event()
    try:
        wait_for(base + "/healthz")

        def keep_saving() -> None:
            while not stop.is_set():
                made.append(_post(base, "/api/v1/games", {"game": GAME})["token"])

        saver = threading.Thread(target=keep_saving)
        saver.start()
        while len(made) < 20:
            stop.wait(0.05)
        target = tmp_path / "night.db"
        assert main(["backup", str(target)]) == 0
        stop.set()
        saver.join()
    finally:
        server.terminate()
        server.wait(timeout=15)
    said = capsys.readouterr().out
    copied = backup.check(target)  # whole: SQLite's integrity check passes
    assert said == f"Backed up {copied} games to {target}\n"
    assert 20 <= copied <= len(made)
    assert oct(target.stat().st_mode & 0o777) == "0o600"
    with sqlite3.connect(target) as db:
        tokens = {row[0] for row in db.execute("SELECT edit_token FROM games")}
    assert set(made[:20]) <= tokens

    # Restored elsewhere (a new machine): the app opens it and every game is there.
    restored = tmp_path / "elsewhere"
    os.environ["ASSISTANT_DATA_DIR"] = str(restored)
    assert main(["restore", str(target)]) == 0
    assert "Restored" in capsys.readouterr().out
    from tests.conftest import make_test_app

    app = make_test_app(restored, f"sqlite:///{restored / 'assistant.db'}")
    client = app.test_client()
    for token in made[:20]:
        assert client.get(f"/api/v1/games/{token}").status_code == 200


def test_backup_names_an_existing_file_and_a_missing_database(data_dir: Path, tmp_path: Path, capsys):
    assert main(["backup", str(tmp_path / "x.db")]) == 2
    assert "no such database (nothing to back up yet)" in capsys.readouterr().err
    assert main(["db-upgrade"]) == 0
    taken = tmp_path / "x.db"
    assert main(["backup", str(taken)]) == 0
    assert main(["backup", str(taken)]) == 2
    assert f"{taken}: already exists; choose another name." in capsys.readouterr().err
    assert main(["backup"]) == 0  # by default in the data folder's backups/
    assert len(list((data_dir / "backups").glob("assistant-*.db"))) == 1


def test_restore_refuses_what_is_not_a_backup_and_keeps_the_database_it_replaces(
    data_dir: Path, tmp_path: Path, capsys
):
    from tests.conftest import make_test_app

    url = f"sqlite:///{data_dir / 'assistant.db'}"
    client = make_test_app(data_dir, url).test_client()
    first = client.post("/api/v1/games", json={"game": GAME}).get_json()["token"]
    saved = tmp_path / "one.db"
    assert main(["backup", str(saved)]) == 0
    second = client.post("/api/v1/games", json={"game": GAME}).get_json()["token"]

    junk = tmp_path / "notes.txt"
    junk.write_text("not a database")
    assert main(["restore", str(junk)]) == 2
    assert f"{junk}: not a SQLite database" in capsys.readouterr().err
    assert client.get(f"/api/v1/games/{second}").status_code == 200  # nothing was touched

    assert main(["restore", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "The database as it was is kept in" in out
    # The running app sees the restored database at once: the first game, not the second.
    assert client.get(f"/api/v1/games/{first}").status_code == 200
    assert client.get(f"/api/v1/games/{second}").status_code == 404
    kept = Path(out.rsplit("kept in ", 1)[1].strip())
    with sqlite3.connect(kept) as db:
        assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 2


def test_backup_of_postgresql_points_to_its_own_tools(monkeypatch, capsys, data_dir):
    monkeypatch.setenv("DATABASE_URL", "postgresql://nobody@127.0.0.1:1/none")
    assert main(["backup"]) == 2
    assert "pg_dump --format=custom" in capsys.readouterr().err


def test_postgresql_without_its_driver_says_which_extra_to_install(monkeypatch, capsys, data_dir):
    import importlib.util

    found = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "psycopg" else found(name, *a)
    )
    monkeypatch.setenv("DATABASE_URL", "postgresql://club@127.0.0.1/wonders")
    assert main(["db-upgrade"]) == 2
    assert "pip install 'wonders-assistant[postgres]'" in capsys.readouterr().err
