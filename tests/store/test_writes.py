"""Issue 15, items 2, 5 and 9: the lock is checked in the same transaction as every write,
the end of an age is one transaction, and a save answers the state it produced. Real
threads on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from sqlalchemy import event

from tests.conftest import make_test_app
from tests.web.worked_games import three


def elsewhere(fn) -> None:
    """Run ``fn`` in another thread: another phone, with its own app context and session."""
    thread = threading.Thread(target=fn)
    thread.start()
    thread.join()


def _new_game(client) -> str:
    return client.post("/api/v1/games", json={"game": three()}).get_json()["token"]


def _race_the_lock(app) -> None:
    """Three phones save their city over and over while the host locks the game."""
    client = app.test_client()
    token = _new_game(client)
    start = threading.Barrier(4)
    answers: list[tuple[int, int, int, bool]] = []  # seat, status, coins, locked in answer
    lock_answer: list[dict] = []

    def save(seat: int) -> None:
        phone = app.test_client()
        start.wait()
        version = 1
        for coins in range(1, 30):
            city = dict(three()["cities"][seat], coins=coins)
            response = phone.put(
                f"/api/v1/games/{token}/cities/{seat}", json={"city": city, "version": version}
            )
            body = response.get_json()
            answers.append((seat, response.status_code, coins, bool(body.get("locked"))))
            if response.status_code != 200:
                assert response.status_code == 409 and body["locked"] is True, body
                return
            version = body["versions"][seat]

    def lock() -> None:
        host = app.test_client()
        start.wait()
        lock_answer.append(host.post(f"/api/v1/games/{token}/lock").get_json())

    threads = [threading.Thread(target=save, args=(s,)) for s in range(3)]
    threads.append(threading.Thread(target=lock))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = client.get(f"/api/v1/games/{token}").get_json()
    assert final["locked"] is True
    # What the lock answered is what the database holds: nothing landed after it.
    assert lock_answer[0]["game"] == final["game"]
    assert lock_answer[0]["versions"] == final["versions"]
    for seat in range(3):
        ok = [coins for s, status, coins, _locked in answers if s == seat and status == 200]
        assert final["game"]["cities"][seat]["coins"] == (ok[-1] if ok else three()["cities"][seat]["coins"])
        assert all(not locked for s, status, _c, locked in answers if s == seat and status == 200)


def test_no_save_lands_after_the_game_is_locked(any_db_url: str, tmp_path: Path):
    """Phones keep saving while the host locks: every 200 committed before the lock, and
    nothing changes after it (on main, saves read ``locked`` before writing)."""
    app = make_test_app(tmp_path, any_db_url)
    for _round in range(6):
        _race_the_lock(app)


def test_a_put_answers_every_city_as_the_database_holds_it(any_db_url: str, tmp_path: Path):
    """Another phone saved city 1 and the host locked after this phone's session read the
    game: the answer shows city 1's new version and the lock, as stored."""
    app = make_test_app(tmp_path, any_db_url)
    client = app.test_client()
    token = _new_game(client)
    from assistant.store import games as store
    from assistant.web.db import get_session

    with app.test_request_context():
        session = get_session()
        row = store.by_edit_token(session, token)  # this request's session reads now...
        city = dict(three()["cities"][1], coins=11)  # ...and another phone saves city 1 meanwhile
        elsewhere(
            lambda: app.test_client().put(
                f"/api/v1/games/{token}/cities/1", json={"city": city, "version": 1}
            )
        )
        store.replace_city(session, row, 0, dict(three()["cities"][0], coins=9), 1)
        assert [c.version for c in row.cities] == [2, 2, 1]
        assert row.cities[1].data["coins"] == 11
    answer_after = client.get(f"/api/v1/games/{token}").get_json()
    assert answer_after["versions"] == [2, 2, 1]


def test_the_put_answer_and_its_etag_match_a_fresh_read(any_db_url: str, tmp_path: Path):
    app = make_test_app(tmp_path, any_db_url)
    client = app.test_client()
    token = _new_game(client)
    other = app.test_client()
    other.put(f"/api/v1/games/{token}/cities/2", json={"city": three()["cities"][2], "version": 1})
    put = client.put(f"/api/v1/games/{token}/cities/0", json={"city": three()["cities"][0], "version": 1})
    read = client.get(f"/api/v1/games/{token}")
    assert put.get_json()["versions"] == read.get_json()["versions"] == [2, 1, 2]
    assert put.headers["ETag"] == read.headers["ETag"]
    assert put.get_json()["state"] == read.get_json()["state"]


def test_the_lock_answer_shows_the_saves_before_it(any_db_url: str, tmp_path: Path):
    app = make_test_app(tmp_path, any_db_url)
    client = app.test_client()
    token = _new_game(client)
    from assistant.store import games as store
    from assistant.web.db import get_session

    with app.test_request_context():
        session = get_session()
        row = store.by_edit_token(session, token)
        city = three()["cities"][1]
        elsewhere(
            lambda: app.test_client().put(
                f"/api/v1/games/{token}/cities/1", json={"city": city, "version": 1}
            )
        )
        store.set_locked(session, row, True)
        assert row.locked is True and [c.version for c in row.cities] == [1, 2, 1]


# --- 5. the end of an age is one transaction -------------------------------------------------------


def _fail_conflicts_write(engine, armed: list[bool]) -> None:
    """Make the statement that records an age's conflicts fail once, as a lost connection would."""

    @event.listens_for(engine, "before_cursor_execute")
    def _boom(conn, cursor, statement, parameters, context, executemany):
        if armed and statement.lstrip().upper().startswith("UPDATE GAMES") and "conflicts" in statement:
            armed.clear()
            raise RuntimeError("the connection was lost")


def test_a_failure_while_handing_out_an_age_leaves_nothing_and_the_retry_hands_out_once(
    any_db_url: str, tmp_path: Path
):
    app = make_test_app(tmp_path, any_db_url, WTF_CSRF_ENABLED=False, PROPAGATE_EXCEPTIONS=False)
    host = app.test_client()
    token = (
        host.post("/import", data={"text": __import__("json").dumps(three())})
        .headers["Location"]
        .rsplit("/", 1)[-1]
    )
    before = host.get(f"/api/v1/games/{token}").get_json()
    armed = [True]
    _fail_conflicts_write(app.extensions["db_engine"], armed)
    form = {
        "age": "2",
        "versions": ",".join(map(str, before["versions"])),
        "shields-0": "5",
        "shields-1": "1",
        "shields-2": "3",
    }
    assert host.post(f"/g/{token}/age", data=form).status_code == 500
    after_failure = host.get(f"/api/v1/games/{token}").get_json()
    assert after_failure["game"] == before["game"] and after_failure["versions"] == before["versions"]
    # The host goes back and hands the age out again, from a fresh page.
    form["versions"] = ",".join(map(str, after_failure["versions"]))
    assert host.post(f"/g/{token}/age", data=form).status_code == 200
    final = host.get(f"/api/v1/games/{token}").get_json()["game"]["cities"]
    # Age II: 5 beats 1 (+3) and 3 (+3); 3 beats 1 (+3) and loses to 5 (-1); 1 loses twice.
    # A 3 typed in by hand is an Age II victory, so the hand-out replaces it (issue 11).
    assert [c["military"] for c in final] == [[1, -1, 3, 3], [1, 5, -1, -1], [-1, -1, -1, -1, -1, 3]]


def test_an_age_handed_out_after_the_lock_changes_nothing(any_db_url: str, tmp_path: Path):
    app = make_test_app(tmp_path, any_db_url)
    client = app.test_client()
    token = _new_game(client)
    from assistant.store import games as store
    from assistant.web.db import get_session

    with app.test_request_context():
        session = get_session()
        row = store.by_edit_token(session, token)
        elsewhere(lambda: app.test_client().post(f"/api/v1/games/{token}/lock"))
        changes = {s: (dict(c.data, military=[5]), c.version) for s, c in enumerate(row.cities)}
        with pytest.raises(store.GameLocked):
            store.hand_out_age(session, row, changes, {"3": {"shields": [1, 1, 1], "tokens": [[], [], []]}})
    assert client.get(f"/api/v1/games/{token}").get_json()["game"] == three()
