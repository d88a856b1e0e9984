"""Issue 28: a table's imported games are marked (a table link lets its holder import games,
records included, into the table's statistics), and the table's exports read its games in
a few queries (the CSV of 800 imported games took seconds: two queries and a scoring a
game), their bytes unchanged."""

from __future__ import annotations

import copy
import csv
import io
import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from sqlalchemy import event

from assistant.web.openapi import document
from tests.conftest import make_test_app
from tests.test_toy_edition import TOY_GAME
from tests.web.worked_games import three


@pytest.fixture
def db_app(any_db_url: str, tmp_path: Path) -> Any:
    return make_test_app(tmp_path, any_db_url, WTF_CSRF_ENABLED=False)


def fits(body: Any, path: str, method: str, status: int) -> None:
    doc = document()
    schema = doc["paths"][path][method]["responses"][str(status)]["content"]["application/json"]["schema"]
    jsonschema.Draft202012Validator({**schema, "components": doc["components"]}).validate(body)


def named(game: dict[str, Any], names: list[str]) -> dict[str, Any]:
    game = copy.deepcopy(game)
    for city, name in zip(game["cities"], names, strict=True):
        city["player"] = name
    return game


def new_table(client: Any, name: str | None = "Club") -> str:
    return client.post("/api/v1/tables", json={"name": name} if name else {}).get_json()["token"]


def today_utc() -> set[str]:
    """Today in UTC, as an import made now marks its games (a set: the test may span midnight)."""
    return {datetime.now(UTC).date().isoformat()}


# --- the CSV's bytes ------------------------------------------------------------------------------


def fixed_export() -> dict[str, Any]:
    """A table's export covering what the CSV writes: a locked game scored at its lock, one
    with a record the file gave (and a merged name, a formula-like name), an open game with
    an expansion (scored when exported), a toy-edition game (its own category) and an open
    game whose title looks like a formula."""
    leaders = named(three(), ["Ana", "Bo", "@Cy"])
    leaders["expansions"] = ["leaders"]
    leaders["cities"][0]["categories"] = {"leaders": 9}
    given = {
        "cities": [
            {
                "player": "Anna",
                "total": 80,
                "rank": 1,
                "coins": 3,
                "categories": {"military": 18, "science": 62},
            },
            {"player": "Bo", "total": 20, "rank": 2, "categories": {"civilian": 20}},
            {"player": "=Cy", "total": -3, "rank": 3, "categories": {"military": -3}},
        ],
        "winners": ["Anna"],
    }
    return {
        "table": "Fixed",
        "names": {"anna": "Ana"},
        "games": [
            {"game": three(), "played_on": "2024-01-05", "title": "Friday", "locked": True},
            {"game": named(three(), ["Anna", "Bo", "=Cy"]), "played_on": "2024-01-06", "locked": True, "record": given},
            {"game": leaders, "played_on": "2024-02-01", "title": "Leaders night"},
            {"game": copy.deepcopy(TOY_GAME), "played_on": "2024-03-01", "locked": True},
            {"game": named(three(), ["Ana", "Dee", "Eve"]), "played_on": "2024-03-02", "title": "+open"},
        ],
    }  # fmt: skip


BYTES_BEFORE = (
    "game,date,title,edition,expansions,locked,player,free_city,board,side,rank,total,coins,military,treasury,wonder,civilian,science,commercial,guilds,bonus,leaders\r\n"
    "1,2024-01-05,Friday,1,,yes,Ana,no,giza,A,1,25,7,3,2,8,8,4,0,0,,\r\n"
    "1,2024-01-05,Friday,1,,yes,Bartek,no,rhodes,A,2,20,4,9,1,3,6,1,0,0,,\r\n"
    "1,2024-01-05,Friday,1,,yes,Şule,no,babylon,A,3,15,2,-4,0,3,0,16,0,0,,\r\n"
    "2,2024-01-06,,1,,yes,Ana,no,,,1,80,3,18,,,,62,,,,\r\n"
    "2,2024-01-06,,1,,yes,Bo,no,,,2,20,0,,,,20,,,,,\r\n"
    "2,2024-01-06,,1,,yes,'=Cy,no,,,3,-3,0,-3,,,,,,,,\r\n"
    "3,2024-02-01,Leaders night,1,leaders,no,Ana,no,giza,A,1,34,7,3,2,8,8,4,0,0,,9\r\n"
    "3,2024-02-01,Leaders night,1,leaders,no,Bo,no,rhodes,A,2,20,4,9,1,3,6,1,0,0,,0\r\n"
    "3,2024-02-01,Leaders night,1,leaders,no,'@Cy,no,babylon,A,3,15,2,-4,0,3,0,16,0,0,,0\r\n"
    "4,2024-03-01,,99,,yes,Ana,no,toy-spire,B,1,21,7,6,3,4,6,0,1,0,1,\r\n"
    "4,2024-03-01,,99,,yes,Bo,no,toy-harbor,A,2,7,5,2,2,0,0,1,0,2,0,\r\n"
    "4,2024-03-01,,99,,yes,Cy,no,toy-garden,A,3,3,3,-2,1,0,0,4,0,0,0,\r\n"
    "5,2024-03-02,'+open,1,,no,Ana,no,giza,A,1,25,7,3,2,8,8,4,0,0,,\r\n"
    "5,2024-03-02,'+open,1,,no,Dee,no,rhodes,A,2,20,4,9,1,3,6,1,0,0,,\r\n"
    "5,2024-03-02,'+open,1,,no,Eve,no,babylon,A,3,15,2,-4,0,3,0,16,0,0,,\r\n"
)
"""The CSV of :func:`fixed_export` as the export wrote it before its games were read in a few
queries (commit 925a050), byte for byte; since then the columns ``imported``, ``winner`` and
``team`` end each row."""


def test_the_csv_export_writes_the_same_bytes_as_before_with_the_new_columns_last(db_app):
    client = db_app.test_client()
    table = new_table(client, "Fixed")
    assert client.post(f"/api/v1/tables/{table}/import", json=fixed_export()).status_code == 201
    first = client.get(f"/t/{table}/export.csv").data
    again = client.get(f"/t/{table}/export.csv").data  # the open games' scores kept this time
    assert first == again
    rows = list(csv.reader(io.StringIO(first.decode("utf-8"), newline="")))
    # Then the columns added since, each after the one before (issue 43: winner and team).
    assert rows[0][-3:] == ["imported", "winner", "team"] and {r[-3] for r in rows[1:]} <= today_utc()
    assert [r[-2] for r in rows[1:]] == ["yes" if r[10] == "1" else "no" for r in rows[1:]]  # no teams
    assert {r[-1] for r in rows[1:]} == {""}
    out = io.StringIO()
    csv.writer(out).writerows(r[:-3] for r in rows)
    assert out.getvalue() == BYTES_BEFORE


# --- a few queries, whatever the number of games ---------------------------------------------------


def queries_of(app: Any, client: Any, url: str) -> int:
    """The statements a request runs, from a process that has read nothing of the table."""
    app.extensions["tables"].clear()
    seen: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        seen.append(statement)

    engine = app.extensions["db_engine"]
    event.listen(engine, "before_cursor_execute", count)
    try:
        assert client.get(url).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return len(seen)


def test_the_exports_read_a_table_s_games_in_the_same_queries_whatever_their_number(db_app):
    """They used to read each open game and its cities apart: two queries a game (1,600 for
    an import of 800 games, seconds on a database across a network); so did the table's API
    answer, and a search or a player's page for each open game's names."""
    client = db_app.test_client()
    small, large = new_table(client), new_table(client)
    for table, count in ((small, 2), (large, 12)):
        games = [
            {"game": named(three(), [f"Ana{i}", "Bo", "Cy"]), "played_on": "2025-05-01", "locked": i % 3 == 0}
            for i in range(count)
        ]
        assert client.post(f"/api/v1/tables/{table}/import", json={"games": games}).status_code == 201
    pages = ("/t/{}?q=bo", "/t/{}/p/bo", "/api/v1/tables/{}", "/api/v1/tables/{}?q=bo")  # all the games, too
    for url in ("/t/{}/export.csv", "/t/{}/export.json", "/api/v1/tables/{}/export", *pages):
        reads = [queries_of(db_app, client, url.format(table)) for table in (large, small)]
        assert reads[0] == reads[1], (url, reads)


def test_an_open_game_saved_after_an_export_is_exported_as_saved(db_app):
    """Open games' scores are kept by the game's version: a save moves it on."""
    client = db_app.test_client()
    table = new_table(client)
    token = client.post("/api/v1/games", json={"game": three(), "table": table}).get_json()["token"]

    def totals() -> dict[str, str]:
        rows = csv.DictReader(io.StringIO(client.get(f"/t/{table}/export.csv").get_data(as_text=True)))
        return {r["player"]: r["total"] for r in rows}

    assert totals() == {"Ana": "25", "Bartek": "20", "Şule": "15"}
    richer = dict(three()["cities"][0], coins=16)  # three more coins: 3 more points
    saved = client.put(f"/api/v1/games/{token}/cities/0", json={"city": richer, "version": 1})
    assert saved.status_code == 200, saved.get_json()
    assert totals() == {"Ana": "28", "Bartek": "20", "Şule": "15"}
    export = client.get(f"/api/v1/tables/{table}/export").get_json()
    assert export["games"][0]["game"]["cities"][0]["coins"] == 16


# --- imported games are marked ---------------------------------------------------------------------


def forged() -> dict[str, Any]:
    """An export whose locked game carries a record no scoring gives (Ana never scored 99)."""
    record = {
        "cities": [
            {"player": "Ana", "total": 99, "rank": 1, "categories": {"science": 99}},
            {"player": "Bartek", "total": 1, "rank": 2, "categories": {"civilian": 1}},
            {"player": "Şule", "total": 0, "rank": 3, "categories": {}},
        ],
        "winners": ["Ana"],
    }
    return {
        "games": [
            {"game": three(), "played_on": "2025-02-01", "locked": True, "record": record},
            {"game": named(three(), ["Ana", "Dee", "Eve"]), "played_on": "2025-02-02"},
        ]
    }


def test_imported_games_are_marked_on_the_list_the_game_page_and_both_exports(db_app):
    client = db_app.test_client()
    table = new_table(client)
    entered = client.post("/api/v1/games", json={"game": named(three(), ["Ana", "Bo", "Cy"]), "table": table})
    assert client.post(f"/api/v1/games/{entered.get_json()['token']}/lock").status_code == 200
    assert client.post(f"/api/v1/tables/{table}/import", json=forged()).status_code == 201

    body = client.get(f"/api/v1/tables/{table}").get_json()
    fits(body, "/api/v1/tables/{table}", "get", 200)
    # Newest first: the game entered at the table today, then the two imported ones.
    assert [("imported_at" in g, g["played_on"].startswith("2025-02")) for g in body["games"]] == [
        (False, False),
        (True, True),
        (True, True),
    ]
    # The statistics count imported games as any other (their numbers unchanged): Ana's 99.
    ana = next(p for p in body["stats"]["players"] if p["name"] == "Ana")
    assert ana["games"] == 2 and ana["best"] == 99

    page = client.get(f"/t/{table}").get_data(as_text=True)
    assert page.count('class="badge from-file"') == 2
    for game in body["games"]:
        board = client.get(game["view_url"]).get_data(as_text=True)
        assert ('id="imported-note"' in board) is ("imported_at" in game)
        if "imported_at" in game:
            assert "Imported from a file on" in board and "not entered at the table" in board
        read = client.get(f"/api/v1/games/{game['view_token']}").get_json()
        fits(read, "/api/v1/games/{token}", "get", 200)
        assert read.get("imported_at") == game.get("imported_at")
    spanish = client.get(f"/t/{table}", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert spanish.count(">importada</span>") == 2

    rows = list(csv.DictReader(io.StringIO(client.get(f"/t/{table}/export.csv").get_data(as_text=True))))
    by_day = {r["date"]: r["imported"] for r in rows}
    assert by_day["2025-02-01"] in today_utc() and by_day["2025-02-02"] in today_utc()
    assert sorted(by_day.values()).count("") == 1  # the game entered at the table

    exported = client.get(f"/api/v1/tables/{table}/export").get_json()
    fits(exported, "/api/v1/tables/{table}/export", "get", 200)
    assert [("imported_at" in g) for g in exported["games"]] == [True, True, False]
    moment = datetime.fromisoformat(exported["games"][0]["imported_at"])
    assert moment.tzinfo is not None and abs((datetime.now(UTC) - moment).total_seconds()) < 3600


def test_an_export_imported_again_keeps_every_mark_and_the_statistics(db_app):
    """The JSON export carries the mark and still imports: every game the next table stores
    is marked (imported there, now), and its statistics are the first table's. A file that
    says a game was imported long ago, or is not imported at all, is not believed."""
    client = db_app.test_client()
    first = new_table(client)
    entered = client.post("/api/v1/games", json={"game": named(three(), ["Ana", "Bo", "Cy"]), "table": first})
    assert client.post(f"/api/v1/games/{entered.get_json()['token']}/lock").status_code == 200
    assert client.post(f"/api/v1/tables/{first}/import", json=forged()).status_code == 201
    exported = client.get(f"/t/{first}/export.json").get_json()
    exported["games"][0]["imported_at"] = "2011-01-01T00:00:00+00:00"
    second = new_table(client)
    assert client.post(f"/api/v1/tables/{second}/import", json=exported).get_json()["imported"] == 3
    again = client.get(f"/t/{second}/export.json").get_json()
    assert all(
        datetime.fromisoformat(g["imported_at"]).date().isoformat() in today_utc() for g in again["games"]
    )
    third = new_table(client)
    assert client.post(f"/api/v1/tables/{third}/import", json=again).get_json()["imported"] == 3

    def numbers(table: str) -> dict[str, Any]:
        stats = client.get(f"/api/v1/tables/{table}").get_json()["stats"]
        return {p["name"]: (p["games"], p["wins"], p["best"]) for p in stats["players"]}

    assert numbers(first) == numbers(second) == numbers(third)


def test_a_game_imported_on_the_import_page_says_so_on_its_page(db_app):
    client = db_app.test_client()
    imported = client.post("/import", data={"text": json.dumps(three())})
    assert imported.status_code == 302
    page = client.get(imported.headers["Location"]).get_data(as_text=True)
    assert re.search(r'id="imported-note">Imported from a file on [^<]+, not entered at the table\.', page)
    entered = client.post("/api/v1/games", json={"game": three()}).get_json()["token"]
    assert 'id="imported-note"' not in client.get(f"/g/{entered}").get_data(as_text=True)
