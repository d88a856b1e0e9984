"""A table's history reads only what changed: each locked game's record is kept per process
by (table, game, creation, lock time), so a change to a table of many games reads the one
record it has not met, while a game opened, changed and locked again is never served from
its old record, whichever process (here: app) kept it. The new-game form at a table reads
the table's cached history instead of every game's record on every visit."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from assistant.lru import Lru
from assistant.store import tables as repo
from tests.conftest import make_test_app
from tests.web.worked_games import THREE_TOTALS, three


def _client(tmp_path: Path, url: str, name: str) -> Any:
    folder = tmp_path / name
    folder.mkdir()
    return make_test_app(folder, url, WTF_CSRF_ENABLED=False, SECRET_KEY="shared-secret").test_client()


def _game(client: Any, table: str) -> dict[str, Any]:
    created = client.post("/api/v1/games", json={"game": three(), "table": table}).get_json()
    assert client.post(f"/api/v1/games/{created['token']}/lock").status_code == 200
    return created


def _best(client: Any, table: str, player: str) -> int:
    body = client.get(f"/api/v1/tables/{table}").get_json()
    return next(p["best"] for p in body["stats"]["players"] if p["name"] == player)


def test_a_change_to_a_table_reads_only_the_record_it_has_not_met(any_db_url, tmp_path, monkeypatch):
    client = _client(tmp_path, any_db_url, "one")
    table = client.post("/api/v1/tables", json={"name": "Club"}).get_json()["token"]
    for _ in range(3):
        _game(client, table)
    assert client.get(f"/api/v1/tables/{table}").get_json()["stats"]["games"] == 3
    asked: list[list[int]] = []
    real = repo.summaries_of

    def spy(session: Any, ids: list[int]) -> list[repo.KeptRecord]:
        asked.append(list(ids))
        return real(session, ids)

    monkeypatch.setattr(repo, "summaries_of", spy)
    fourth = _game(client, table)
    body = client.get(f"/api/v1/tables/{table}").get_json()
    assert body["stats"]["games"] == 4
    new = next(g for g in body["games"] if g["view_token"] == fourth["view_token"])
    assert {c["player"]: c["total"] for c in new["cities"]} == THREE_TOTALS  # listed from its record
    assert len(asked) == 1 and len(asked[0]) == 1  # the fourth game's record, and nothing else
    assert client.get(f"/t/{table}").status_code == 200
    assert len(asked) == 1  # the page reads the same history


def test_a_game_opened_changed_and_locked_again_is_counted_anew_in_every_process(any_db_url, tmp_path):
    first, second = _client(tmp_path, any_db_url, "one"), _client(tmp_path, any_db_url, "two")
    table = first.post("/api/v1/tables", json={"name": "Club"}).get_json()["token"]
    game = _game(first, table)
    assert _best(first, table, "Ana") == _best(second, table, "Ana") == THREE_TOTALS["Ana"]
    token = game["token"]
    assert second.post(f"/api/v1/games/{token}/lock", json={"locked": False}).status_code == 200
    read = second.get(f"/api/v1/games/{token}").get_json()
    ana = dict(three()["cities"][0], coins=three()["cities"][0].get("coins", 0) + 30)  # 10 points more
    saved = second.put(f"/api/v1/games/{token}/cities/0", json={"city": ana, "version": read["versions"][0]})
    assert saved.status_code == 200, saved.get_json()
    assert second.post(f"/api/v1/games/{token}/lock").status_code == 200
    assert _best(first, table, "Ana") == _best(second, table, "Ana") == THREE_TOTALS["Ana"] + 10


def test_the_new_game_form_at_a_table_reads_its_games_once_per_change(tmp_path, monkeypatch):
    client = _client(tmp_path, f"sqlite:///{tmp_path / 'form.db'}", "one")
    table = client.post("/api/v1/tables", json={"name": "Club"}).get_json()["token"]
    _game(client, table)
    reads: list[str] = []
    real = repo.games_of

    def spy(*args: Any, **kwargs: Any) -> list[repo.GameLine]:
        reads.append("lines")
        return real(*args, **kwargs)

    monkeypatch.setattr(repo, "games_of", spy)
    for _ in range(3):
        page = client.get(f"/new?table={table}").get_data(as_text=True)
        assert 'value="Ana"' in page  # last game's players in their seats
    assert reads == ["lines"]  # one read of the lines for the table's state, none per visit


def test_the_cache_keeps_the_most_recently_used_and_survives_threads():
    cache: Lru[int, str] = Lru(2)
    cache.put(1, "one")
    cache.put(2, "two")
    assert cache.get(1) == "one"  # 1 is now the most recent
    cache.put(3, "three")
    assert cache.get(2) is None and cache.get(1) == "one" and cache.get(3) == "three"
    assert len(cache) == 2
    shared: Lru[int, int] = Lru(8)
    failures: list[BaseException] = []

    def hammer(offset: int) -> None:
        try:
            for n in range(20_000):
                key = (n * 7 + offset) % 16
                shared.put(key, n)
                shared.get((key + 1) % 16)
        except BaseException as exc:  # any failure is the finding
            failures.append(exc)

    threads = [threading.Thread(target=hammer, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == [] and len(shared) == 8
