"""Issue 15, item 11: the live scoreboard is rendered once per game state and shared by
every poller, and a poll whose state is unchanged answers 304 from one row, without
loading the cities. Counted in statements and renderings, never timed."""

from __future__ import annotations

from pathlib import Path

from flask import template_rendered
from sqlalchemy import event

from tests.conftest import make_test_app
from tests.web.worked_games import board_coins, three


def _statements(app) -> list[str]:
    seen: list[str] = []

    @event.listens_for(app.extensions["db_engine"], "before_cursor_execute")
    def _count(conn, cursor, statement, parameters, context, executemany):
        seen.append(" ".join(statement.split()).upper())

    return seen


def _renders(app) -> list[str]:
    names: list[str] = []

    def _record(sender, template, context, **extra):
        names.append(template.name)

    template_rendered.connect(_record, app, weak=False)
    return names


def _game(app) -> tuple[str, str]:
    body = app.test_client().post("/api/v1/games", json={"game": three()}).get_json()
    return body["token"], body["view_token"]


def test_an_unchanged_poll_answers_304_from_one_row_without_the_cities(any_db_url: str, tmp_path: Path):
    app = make_test_app(tmp_path, any_db_url)
    _token, view = _game(app)
    phone = app.test_client()
    first = phone.get(f"/g/{view}/scoreboard?partial=1")
    assert first.status_code == 200
    etag = first.headers["ETag"]
    statements = _statements(app)
    renders = _renders(app)
    for _ in range(5):
        again = phone.get(f"/g/{view}/scoreboard?partial=1", headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.headers["ETag"] == etag
    selects = [s for s in statements if s.startswith("SELECT")]
    assert len(selects) == 5
    assert all("FROM GAMES" in s and "CITIES" not in s and ".DATA" not in s for s in selects)
    assert renders == []


def test_every_poller_of_a_state_shares_one_rendering(tmp_path: Path):
    app = make_test_app(tmp_path)
    token, view = _game(app)
    renders = _renders(app)
    bodies = {app.test_client().get(f"/g/{t}/scoreboard?partial=1").data for t in (view, token) * 10}
    assert len(bodies) == 1
    assert renders.count("games/_scoreboard.html") == 1


def test_a_save_changes_the_etag_and_every_poller_sees_the_new_board(any_db_url: str, tmp_path: Path):
    app = make_test_app(tmp_path, any_db_url)
    token, view = _game(app)
    phone = app.test_client()
    before = phone.get(f"/g/{view}/scoreboard?partial=1")
    city = dict(three()["cities"][1], coins=40)
    assert phone.put(f"/api/v1/games/{token}/cities/1", json={"city": city, "version": 1}).status_code == 200
    after = phone.get(f"/g/{view}/scoreboard?partial=1", headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"]
    assert board_coins(after.data)[1] == 40 and board_coins(before.data)[1] != 40
    locked = phone.post(f"/api/v1/games/{token}/lock")
    assert locked.status_code == 200
    again = phone.get(f"/g/{view}/scoreboard?partial=1", headers={"If-None-Match": after.headers["ETag"]})
    assert again.status_code == 200 and again.headers["ETag"] not in (
        before.headers["ETag"],
        after.headers["ETag"],
    )


def test_each_language_has_its_own_board_and_etag(tmp_path: Path):
    app = make_test_app(tmp_path)
    _token, view = _game(app)
    english = app.test_client().get(f"/g/{view}/scoreboard?partial=1", headers={"Accept-Language": "en"})
    polish = app.test_client().get(f"/g/{view}/scoreboard?partial=1", headers={"Accept-Language": "pl"})
    assert english.headers["ETag"] != polish.headers["ETag"]
    assert b"Tap a player" in english.data and b"Tap a player" not in polish.data
    again = app.test_client().get(
        f"/g/{view}/scoreboard?partial=1",
        headers={"Accept-Language": "pl", "If-None-Match": english.headers["ETag"]},
    )
    assert again.status_code == 200


def test_a_gzip_poll_gets_the_compressed_board_and_an_unknown_token_404(tmp_path: Path):
    import gzip

    app = make_test_app(tmp_path)
    _token, view = _game(app)
    client = app.test_client()
    plain = client.get(f"/g/{view}/scoreboard?partial=1")
    packed = client.get(f"/g/{view}/scoreboard?partial=1", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip" and gzip.decompress(packed.data) == plain.data
    assert client.get("/g/nosuchtoken/scoreboard?partial=1").status_code == 404
