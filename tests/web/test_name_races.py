"""Issue 28: two phones changing a table's names at once end in one clear outcome, said
truthfully. Renaming one player twice at once used to answer one phone with a 500 (a
unique-key clash) while the page said nothing was lost; merging A into B while B was
merged into A answered both with 200 and swapped the names. Now the first change wins and
the other phone is told what happened, and that nothing changed.

The races are real threads on SQLite and PostgreSQL, made deterministic by holding each
request at its first write until the other has reached its own: both have read the table
before either writes, the worst interleaving there is."""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from tests.conftest import make_test_app
from tests.web.worked_games import three

WRITES = ("INSERT", "UPDATE", "DELETE")


@contextmanager
def both_read_before_either_writes(app: Any, parties: int = 2) -> Iterator[None]:
    """Hold each thread at its first write statement until every party has reached its own."""
    engine = app.extensions["db_engine"]
    barrier = threading.Barrier(parties, timeout=30)
    wrote = threading.local()

    def hold(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if getattr(wrote, "once", False) or not statement.lstrip().upper().startswith(WRITES):
            return
        wrote.once = True
        barrier.wait()

    event.listen(engine, "before_cursor_execute", hold)
    try:
        yield
    finally:
        event.remove(engine, "before_cursor_execute", hold)


def at_once(*requests: Callable[[], Any]) -> list[Any]:
    """Run each request in its own thread (its own app context and session), together."""
    answers: list[Any] = [None] * len(requests)

    def run(i: int) -> None:
        answers[i] = requests[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(requests))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


@pytest.fixture
def table_app(any_db_url: str, tmp_path: Path) -> Any:
    return make_test_app(tmp_path, any_db_url, WTF_CSRF_ENABLED=False)


def new_table(app: Any, *players: list[str]) -> str:
    """A table whose locked games sat these players."""
    client = app.test_client()
    token = client.post("/api/v1/tables", json={"name": "Club"}).get_json()["token"]
    for names in players:
        game = three()
        for city, name in zip(game["cities"], names, strict=True):
            city["player"] = name
        created = client.post("/api/v1/games", json={"game": game, "table": token}).get_json()
        assert client.post(f"/api/v1/games/{created['token']}/lock").status_code == 200
    return token


def shown(app: Any, table: str) -> dict[str, int]:
    """Each player's name, as the table shows it now, and their games."""
    body = app.test_client().get(f"/api/v1/tables/{table}").get_json()
    return {p["name"]: p["games"] for p in body["stats"]["players"]}


def key_of(app: Any, table: str, name: str) -> str:
    body = app.test_client().get(f"/api/v1/tables/{table}").get_json()
    return next(p["key"] for p in body["stats"]["players"] if p["name"] == name)


def flashes(page: Any) -> list[str]:
    text = page.get_data(as_text=True)
    return [html.unescape(m) for m in re.findall(r'<p class="flash flash-\w+"[^>]*>(.*?)</p>', text)]


def page_post(app: Any, table: str, data: dict[str, str]) -> Callable[[], Any]:
    def post() -> Any:
        return app.test_client().post(f"/t/{table}/players", data=data, follow_redirects=True)

    return post


def api_post(app: Any, table: str, body: dict[str, str]) -> Callable[[], Any]:
    def post() -> Any:
        return app.test_client().post(f"/api/v1/tables/{table}/names", json=body)

    return post


def test_two_phones_renaming_one_player_at_once_one_wins_and_the_other_is_told(table_app):
    """Ana has never been renamed (no name row yet): both phones would insert one."""
    table = new_table(table_app, ["Ana", "Bo", "Cy"], ["Ana", "Bo", "Dee"])
    ana = key_of(table_app, table, "Ana")
    with both_read_before_either_writes(table_app):
        pages = at_once(
            page_post(table_app, table, {"action": "rename", "player": ana, "name": "Ana María"}),
            page_post(table_app, table, {"action": "rename", "player": ana, "name": "Anita"}),
        )
    assert [p.status_code for p in pages] == [200, 200], [p.status_code for p in pages]
    said = [flashes(p) for p in pages]
    winner = next(i for i, s in enumerate(said) if s == ["Renamed."])
    won, lost = ("Ana María", "Anita") if winner == 0 else ("Anita", "Ana María")
    assert said[1 - winner] == [f"Ana was just renamed to {won} by someone else: nothing changed."]
    after = shown(table_app, table)
    assert after[won] == 2 and lost not in after and "Ana" not in after


def test_two_api_clients_renaming_one_player_at_once_one_gets_a_409(table_app):
    table = new_table(table_app, ["Ana", "Bo", "Cy"])
    with both_read_before_either_writes(table_app):
        answers = at_once(
            api_post(table_app, table, {"player": "Ana", "rename": "Ana María"}),
            api_post(table_app, table, {"player": "Ana", "rename": "Anita"}),
        )
    assert sorted(a.status_code for a in answers) == [200, 409], [a.get_json() for a in answers]
    ok = next(a for a in answers if a.status_code == 200)
    refused = next(a for a in answers if a.status_code == 409)
    won = next(p["name"] for p in ok.get_json()["stats"]["players"] if p["name"].startswith("An"))
    assert refused.get_json() == {
        "error": f"Ana was just renamed to {won} by someone else: nothing changed.",
        "field": "player",
    }
    assert shown(table_app, table) == {won: 1, "Bo": 1, "Cy": 1}


def test_merging_a_into_b_while_b_is_merged_into_a_merges_once(table_app):
    """Both used to answer 200 and the two names were swapped, no one merged."""
    table = new_table(table_app, ["Ana", "Cy", "Dee"], ["Bo", "Cy", "Eve"])  # one person, typed two ways
    ana, bo = key_of(table_app, table, "Ana"), key_of(table_app, table, "Bo")
    with both_read_before_either_writes(table_app):
        pages = at_once(
            page_post(table_app, table, {"action": "merge", "player": ana, "into": bo}),
            page_post(table_app, table, {"action": "merge", "player": bo, "into": ana}),
        )
    assert [p.status_code for p in pages] == [200, 200]
    said = [flashes(p) for p in pages]
    merged = {
        0: (
            "Ana and Bo are one player now.",
            "Ana was just merged into Bo by someone else: nothing changed.",
        ),
        1: (
            "Bo and Ana are one player now.",
            "Bo was just merged into Ana by someone else: nothing changed.",
        ),
    }
    winner = next(i for i, s in enumerate(said) if s == [merged[i][0]])
    assert said[1 - winner] == [merged[winner][1]], said
    survivor = "Bo" if winner == 0 else "Ana"
    assert shown(table_app, table) == {survivor: 2, "Cy": 2, "Dee": 1, "Eve": 1}


def test_merging_both_ways_at_once_through_the_api_merges_once(table_app):
    table = new_table(table_app, ["Ana", "Cy", "Dee"], ["Bo", "Cy", "Dee"])
    with both_read_before_either_writes(table_app):
        answers = at_once(
            api_post(table_app, table, {"player": "Ana", "merge_into": "Bo"}),
            api_post(table_app, table, {"player": "Bo", "merge_into": "Ana"}),
        )
    statuses = [a.status_code for a in answers]
    assert sorted(statuses) == [200, 409], [a.get_json() for a in answers]
    winner = statuses.index(200)
    into, merged = ("Bo", "Ana") if winner == 0 else ("Ana", "Bo")
    assert answers[1 - winner].get_json()["error"] == (
        f"{merged} was just merged into {into} by someone else: nothing changed."
    )
    assert shown(table_app, table) == {into: 2, "Cy": 2, "Dee": 2}


def test_a_page_opened_before_a_merge_says_the_player_was_merged(table_app):
    """Another phone merged Ana into Bo after this phone opened the players' page: renaming
    Ana from it changes nothing and says why (it used to ask to choose a player)."""
    table = new_table(table_app, ["Ana", "Cy", "Dee"], ["Bo", "Cy", "Dee"])
    ana, bo = key_of(table_app, table, "Ana"), key_of(table_app, table, "Bo")
    other = table_app.test_client().post(
        f"/t/{table}/players", data={"action": "merge", "player": ana, "into": bo}
    )
    assert other.status_code == 302
    page = page_post(table_app, table, {"action": "rename", "player": ana, "name": "Anita"})()
    assert page.status_code == 200
    assert flashes(page) == ["Ana was just merged into Bo by someone else: nothing changed."]
    assert shown(table_app, table) == {"Bo": 2, "Cy": 2, "Dee": 2}
