"""Issue 16: tables (groups that play together) through the pages and the JSON API: one tap
to start, games in and out, the record kept at the lock, players merged and renamed, the
export/import round trip, search, and refusals that name their field."""

from __future__ import annotations

import copy
import csv
import io
import json
import re
from typing import Any

import jsonschema
import pytest

from assistant.rules import records
from assistant.web.openapi import document
from tests.conftest import make_test_app
from tests.web.worked_games import FIRST_EDITION_CATEGORIES, THREE_TOTALS, three


@pytest.fixture
def app(tmp_path):
    return make_test_app(tmp_path, WTF_CSRF_ENABLED=False)


def fits(body: Any, path: str, method: str, status: int) -> None:
    doc = document()
    schema = doc["paths"][path][method]["responses"][str(status)]["content"]["application/json"]["schema"]
    jsonschema.Draft202012Validator({**schema, "components": doc["components"]}).validate(body)


def new_table(client, name: str | None = "Thursday club") -> str:
    response = client.post("/api/v1/tables", json={"name": name} if name else {})
    assert response.status_code == 201
    fits(response.get_json(), "/api/v1/tables", "post", 201)
    return response.get_json()["token"]


def add_game(client, table: str, game: dict[str, Any] | None = None, *, lock: bool = True) -> str:
    created = client.post("/api/v1/games", json={"game": game or three(), "table": table}).get_json()
    if lock:
        assert client.post(f"/api/v1/games/{created['token']}/lock").status_code == 200
    return created["token"]


def renamed(game: dict[str, Any], names: list[str]) -> dict[str, Any]:
    out = copy.deepcopy(game)
    for city, name in zip(out["cities"], names, strict=True):
        city["player"] = name
    return out


def read(client, table: str, **query: str) -> dict[str, Any]:
    response = client.get(f"/api/v1/tables/{table}", query_string=query)
    assert response.status_code == 200, response.get_json()
    fits(response.get_json(), "/api/v1/tables/{table}", "get", 200)
    return response.get_json()


def players(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in body["stats"]["players"]}


def test_a_table_starts_in_one_tap_and_this_phone_keeps_it(client):
    home = client.get("/").get_data(as_text=True)
    assert 'id="new-table"' in home
    started = client.post("/t/new", data={})
    assert started.status_code == 302 and "/t/" in started.headers["Location"]
    page = client.get(started.headers["Location"]).get_data(as_text=True)
    assert "Your table" in page and "New game at this table" in page
    token = started.headers["Location"].rsplit("/", 1)[-1]
    assert f"/t/{token}" in client.get("/").get_data(as_text=True)
    qr = client.get(f"/t/{token}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    assert client.get("/t/nosuchtable").status_code == 404


def test_only_locked_games_count_and_the_page_says_which_are_open(client):
    table = new_table(client)
    add_game(client, table)
    add_game(client, table, lock=False)
    body = read(client, table)
    assert len(body["games"]) == 2 and body["stats"]["games"] == 1
    assert players(body)["Ana"]["wins"] == 1 and players(body)["Ana"]["best"] == THREE_TOTALS["Ana"]
    page = client.get(f"/t/{table}").get_data(as_text=True)
    assert "1 game is still open and not counted yet" in page


def test_a_locked_game_keeps_its_record_when_the_rules_change(client, monkeypatch):
    table = new_table(client)
    token = add_game(client, table)
    assert 'id="record-note"' not in client.get(f"/g/{token}/scoreboard").get_data(as_text=True)
    assert "scored_today" not in client.get(f"/api/v1/games/{token}").get_json()  # today's rules agree
    from assistant.rules import scoring
    from assistant.rules.model import Category

    real = scoring.score_game

    def inflated(game, *args, **kwargs):  # a later rules data that scores more
        sheet = real(game, *args, **kwargs)
        more = {
            **sheet.cities[0].categories,
            Category.CIVILIAN: sheet.cities[0].categories[Category.CIVILIAN] + 100,
        }
        return records.replace(
            sheet,
            cities=tuple(
                c._replace(total=c.total + 100, categories=more if c.seat == 0 else c.categories)
                for c in sheet.cities
            ),
        )

    monkeypatch.setattr(scoring, "score_game", inflated)
    assert players(read(client, table))["Ana"]["best"] == THREE_TOTALS["Ana"]  # the record
    # The game's own answer serves the record too, and says what today's rules make of it.
    stored = client.get(f"/api/v1/games/{token}")
    fits(stored.get_json(), "/api/v1/games/{token}", "get", 200)
    scores, today = stored.get_json()["scores"], stored.get_json()["scored_today"]
    assert {c["player"]: c["total"] for c in scores["cities"]} == THREE_TOTALS
    assert scores["cities"][0]["categories"]["civilian"] == 8 and scores["winners"] == ["Ana"]
    assert today["cities"][0]["total"] == THREE_TOTALS["Ana"] + 100  # scored today
    assert today["cities"][0]["categories"]["civilian"] == 108
    view = client.get(f"/api/v1/games/{stored.get_json()['view_token']}").get_json()
    assert view["scores"] == scores
    # The scoreboard (and its live part) shows the kept totals and categories, and notes today's.
    board = client.get(f"/g/{token}/scoreboard").get_data(as_text=True)
    totals = dict(re.findall(r'data-seat="\d" data-total="(\d+)">.*?<b>([^<]+)</b>', board, re.S))
    assert {name: int(total) for total, name in totals.items()} == THREE_TOTALS
    assert 'id="record-note"' in board and f"Ana {THREE_TOTALS['Ana'] + 100}" in board
    assert "Civilian: 8</h3>" in board and "Baths: 3 victory points" in board
    live = client.get(f"/g/{token}/scoreboard?partial=1").get_data(as_text=True)
    assert (
        f'data-total="{THREE_TOTALS["Ana"]}"' in live
        and f'data-total="{THREE_TOTALS["Ana"] + 100}"' not in live
    )
    # The printed sheet is the record's.
    from pypdf import PdfReader

    pdf = client.get(f"/g/{token}/sheet.pdf?lang=en")
    assert pdf.status_code == 200
    front = PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text()
    assert str(THREE_TOTALS["Ana"]) in front and str(THREE_TOTALS["Ana"] + 100) not in front
    # Opening the game again drops its record; locking it again keeps the new one.
    client.post(f"/api/v1/games/{token}/lock", json={"locked": False})
    assert read(client, table)["stats"]["games"] == 0
    client.post(f"/api/v1/games/{token}/lock")
    assert players(read(client, table))["Ana"]["best"] == THREE_TOTALS["Ana"] + 100


def test_games_move_in_and_out_of_a_table(client):
    table = new_table(client)
    game = client.post("/api/v1/games", json={"game": three()}).get_json()
    assert client.put(f"/api/v1/tables/{table}/games/{game['token']}").status_code == 200
    assert len(read(client, table)["games"]) == 1
    # From the game's hub: out, then in again by the table's link.
    client.post(f"/g/{game['token']}/table", data={"leave": "y"})
    assert read(client, table)["games"] == []
    link = f"http://table.test/t/{table}"
    client.post(f"/g/{game['token']}/table", data={"table": link})
    assert len(read(client, table)["games"]) == 1
    assert "Kept at the table" in client.get(f"/g/{game['token']}").get_data(as_text=True)
    assert client.delete(f"/api/v1/tables/{table}/games/{game['token']}").status_code == 200
    assert client.delete(f"/api/v1/tables/{table}/games/{game['token']}").status_code == 404
    assert client.put(f"/api/v1/tables/{table}/games/{game['view_token']}").status_code == 403


def test_a_new_game_at_the_table_seats_last_time_s_players(client):
    table = new_table(client)
    add_game(client, table, renamed(three(), ["Cy", "Ana", "Bo"]))
    form = client.get(f"/new?table={table}").get_data(as_text=True)
    seats = re.findall(r'name="seats-(\d)-player"[^>]*value="([^"]*)"', form)
    assert seats[:3] == [("0", "Cy"), ("1", "Ana"), ("2", "Bo")]
    assert '<datalist id="table-players">' in form
    created = client.post(
        "/new",
        data={
            "table": table,
            "seats-0-player": "Cy",
            "seats-1-player": "Ana",
            "seats-2-player": "Dee",
            "deal": "y",
        },
    )
    assert created.status_code == 302
    assert len(read(client, table)["games"]) == 2


def test_merge_and_rename_through_the_page_and_the_api(client):
    table = new_table(client)
    add_game(client, table, renamed(three(), ["Ana", "Bo", "Cy"]))
    add_game(client, table, renamed(three(), ["ANA ", "Bo", "Cy"]))  # Ana typed again, same key
    add_game(client, table, renamed(three(), ["Anna", "Bo", "Cy"]))  # another spelling
    names = players(read(client, table))
    assert names["Ana"]["games"] == 2 and names["Anna"]["games"] == 1
    merged = client.post(f"/api/v1/tables/{table}/names", json={"player": "Anna", "merge_into": "Ana"})
    assert merged.status_code == 200
    assert players(merged.get_json())["Ana"]["games"] == 3 and "Anna" not in players(merged.get_json())
    # Rename from the page: every spelling follows.
    key = players(merged.get_json())["Ana"]["key"]
    page = client.post(f"/t/{table}/players", data={"action": "rename", "player": key, "name": "Ana María"})
    assert page.status_code == 302
    after = players(read(client, table))
    assert after["Ana María"]["games"] == 3 and "Ana" not in after
    player_page = client.get(f"/t/{table}/p/{after['Ana María']['key']}").get_data(as_text=True)
    assert "Ana María" in player_page and "Also written" in player_page and "<svg" in player_page


@pytest.mark.parametrize(
    ("body", "field", "status"),
    [
        ({"player": "Nobody", "rename": "X"}, "player", 404),
        ({"player": "Ana"}, "rename", 400),
        ({"player": "Ana", "rename": "X", "merge_into": "Bo"}, "rename", 400),
        ({"player": "Ana", "merge_into": "Ana"}, "merge_into", 400),
        ({"player": "Ana", "rename": "x" * 41}, "rename", 400),
    ],
)
def test_a_names_change_that_cannot_be_done_is_refused_by_name(client, body, field, status):
    table = new_table(client)
    add_game(client, table, renamed(three(), ["Ana", "Bo", "Cy"]))
    response = client.post(f"/api/v1/tables/{table}/names", json=body)
    assert response.status_code == status and response.get_json()["field"] == field


def test_the_export_imports_into_another_table_with_the_same_statistics(client):
    table = new_table(client)
    add_game(client, table, renamed(three(), ["Ana", "Bo", "Cy"]))
    add_game(client, table, renamed(three(), ["Bo", "Cy", "Dee"]))
    add_game(client, table, renamed(three(), ["Anna", "Bo", "Cy"]))
    add_game(client, table, lock=False)
    client.post(f"/api/v1/tables/{table}/names", json={"player": "Anna", "merge_into": "Ana"})
    exported = client.get(f"/api/v1/tables/{table}/export")
    assert exported.status_code == 200
    fits(exported.get_json(), "/api/v1/tables/{table}/export", "get", 200)
    other = new_table(client, None)
    imported = client.post(f"/api/v1/tables/{other}/import", json=exported.get_json())
    assert imported.status_code == 201 and imported.get_json()["imported"] == 4

    def numbers(body: dict[str, Any]) -> dict[str, Any]:
        return {p["name"]: (p["games"], p["wins"], p["average"], p["best"]) for p in body["stats"]["players"]}

    assert numbers(read(client, other)) == numbers(read(client, table))
    assert len(read(client, other)["games"]) == 4
    # The page's JSON export is the same file, and its CSV has a row per city.
    page_json = json.loads(client.get(f"/t/{table}/export.json").data)
    assert len(page_json["games"]) == 4
    exported = client.get(f"/t/{table}/export.csv")
    assert exported.headers["Content-Type"] == "text/csv; charset=utf-8"
    header = next(csv.reader(io.StringIO(exported.get_data(as_text=True))))
    assert len(header) == len(set(header)) and header[8] == "board" and "wonder" in header[13:]
    rows = list(csv.DictReader(io.StringIO(exported.get_data(as_text=True))))
    assert len(rows) == 12 and {r["player"] for r in rows} >= {"Ana", "Bo", "Cy", "Dee"}
    assert {r["locked"] for r in rows} == {"yes", "no"}


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"games": []}, "no games"),
        ({"games": [{"game": {"cities": 3}}]}, "Game 1"),
        ({"games": [{"game": three()}, "x"]}, "Game 2"),
        # A day no game was played on: before 7 Wonders was published, or years ahead (it
        # would stay at the top of the table for good), or no day at all.
        ({"games": [{"game": three()}, {"game": three(), "played_on": "0001-01-01"}]}, "Game 2: played_on"),
        (
            {"games": [{"game": three(), "played_on": "9999-12-31"}]},
            "Game 1: played_on: a day between 2010-01-01",
        ),
        ({"games": [{"game": three(), "played_on": "2026-02-30"}]}, "Game 1: played_on"),
        ({"games": [{"game": three(), "played_on": 20261201}]}, "Game 1: played_on"),
    ],
)
def test_an_import_that_cannot_be_read_is_refused_and_adds_nothing(client, body, words):
    table = new_table(client)
    response = client.post(f"/api/v1/tables/{table}/import", json=body)
    assert response.status_code == 400 and words in response.get_json()["error"]
    assert read(client, table)["games"] == []


def test_the_table_page_finds_games_by_player_and_date(client):
    table = new_table(client)
    add_game(client, table, renamed(three(), ["Ana", "Bo", "Cy"]))
    add_game(client, table, renamed(three(), ["Dee", "Bo", "Cy"]))
    found = client.get(f"/t/{table}?q=dee").get_data(as_text=True)
    assert "1 game found" in found and "Dee" in found
    assert "No game matches." in client.get(f"/t/{table}?q=zed").get_data(as_text=True)
    empty = client.get(f"/t/{table}?since=2099-01-01").get_data(as_text=True)
    assert "No game is counted yet" in empty
    assert client.get(f"/api/v1/tables/{table}?since=yesterday").status_code == 400


def test_a_game_locked_before_records_were_kept_gets_its_record_once(app, client):
    table = new_table(client)
    token = add_game(client, table)
    from assistant.store.models import GameRow

    with app.app_context():
        from assistant.web.db import get_session

        session = get_session()
        row = session.query(GameRow).filter_by(edit_token=token).one()
        row.summary = None  # as stored by a version before issue 16
        row.snapshot = None
        session.commit()
    assert players(read(client, table))["Ana"]["best"] == THREE_TOTALS["Ana"]
    with app.app_context():
        from assistant.web.db import get_session

        assert get_session().query(GameRow).filter_by(edit_token=token).one().summary is not None


def test_each_wonder_whichever_its_side_in_the_api_the_table_and_the_player_page(client):
    """Ana wins both games on Giza, once on side A and once on side B (two stages score
    3 + 5 on either side): Giza 2 games, 2 wins; each side 1 of 1."""
    table = new_table(client)
    add_game(client, table)
    side_b = three()
    side_b["cities"][0]["side"] = "B"
    add_game(client, table, side_b)
    stats = read(client, table)["stats"]
    assert [(w["wonder"], w["side"], w["games"], w["wins"]) for w in stats["wonder_totals"]] == [
        ("giza", None, 2, 2),
        ("babylon", None, 2, 0),
        ("rhodes", None, 2, 0),
    ]
    assert {(w["wonder"], w["side"]): w["games"] for w in stats["wonders"]}[("giza", "B")] == 1
    ana = players({"stats": stats})["Ana"]
    assert ana["wonder_totals"] == [{"wonder": "giza", "side": None, "games": 2, "wins": 2, "win_rate": 1.0}]
    page = client.get(f"/t/{table}").get_data(as_text=True)
    rows = re.findall(
        r'<tr class="(wonder|side)-row" data-wonder="(\w+)"(?: data-side="(\w)")?><th scope="row">([^<]*)</th><td>(\d+)</td><td>(\d+) ',
        page,
    )
    assert rows[:3] == [
        ("wonder", "giza", "", "Giza", "2", "2"),
        ("side", "giza", "A", "Side A", "1", "1"),
        ("side", "giza", "B", "Side B", "1", "1"),
    ]
    assert [r[1] for r in rows if r[0] == "wonder"] == ["giza", "babylon", "rhodes"]
    chart = re.search(r'<section id="charts">.*?</section>', page, re.S).group(0)
    assert "Giza</text>" in chart and "2/2" in chart  # one bar for the whole wonder
    player_page = client.get(f"/t/{table}/p/{ana['key']}").get_data(as_text=True)
    assert 'id="player-wonder-table"' in player_page and 'data-wonder="giza" data-side="B"' in player_page


def test_the_csv_has_every_category_of_the_games_editions(client):
    """A toy-edition game (its red cards score in "bonus", a category the base game lacks)
    beside a first-edition one: the CSV keeps "bonus", in the pads' order."""
    from tests.test_toy_edition import TOTALS, TOY_GAME

    table = new_table(client)
    add_game(client, table)
    add_game(client, table, copy.deepcopy(TOY_GAME))
    text = client.get(f"/t/{table}/export.csv").get_data(as_text=True)
    header = next(csv.reader(io.StringIO(text)))
    assert header[13:] == [*FIRST_EDITION_CATEGORIES, "bonus", "imported", "winner", "team"]
    rows = {r["player"]: r for r in csv.DictReader(io.StringIO(text)) if r["edition"] != "1"}
    assert rows["Ana"]["bonus"] == "1" and rows["Ana"]["total"] == str(TOTALS["Ana"])
    assert next(r for r in csv.DictReader(io.StringIO(text)) if r["edition"] == "1")["bonus"] == ""
    assert read(client, table)["stats"]["categories"][-1] == "bonus"


def test_a_locked_game_that_today_s_rules_cannot_read_shows_its_record(client, monkeypatch):
    """A card the rules data no longer knows: the game does not read any more, its record
    is still shown (scoreboard, API, PDF), with a note instead of today's totals."""
    table = new_table(client)
    token = add_game(client, table)
    from assistant.rules.errors import GameFormatError
    from assistant.rules.text import Text
    from assistant.web import gamestate

    def unreadable(data):
        raise GameFormatError("cities[0].cards[0]", Text("Unknown card."))

    monkeypatch.setattr(gamestate, "parse_game", unreadable)
    board = client.get(f"/g/{token}/scoreboard")
    assert board.status_code == 200
    text = board.get_data(as_text=True)
    assert 'id="record-note"' in text and "cannot read it with today's rules data" in text
    assert f'data-total="{THREE_TOTALS["Ana"]}"' in text
    body = client.get(f"/api/v1/games/{token}").get_json()
    assert body["scored_today"] is None and body["scores"]["cities"][0]["total"] == THREE_TOTALS["Ana"]
    assert client.get(f"/g/{token}/sheet.pdf?lang=en").status_code == 200


def test_the_create_game_schema_has_the_table_the_api_accepts(client):
    """The API takes ``"table"`` (a table's token) when a game is created: the document says
    so, and refuses what the API refuses (a table that is not a token)."""
    doc = document()
    create = {**doc["components"]["schemas"]["CreateGame"], "components": doc["components"]}
    validator = jsonschema.Draft202012Validator(create)
    table = new_table(client)
    body = {"game": three(), "table": table}
    assert validator.is_valid(body)
    assert client.post("/api/v1/games", json=body).status_code == 201
    for wrong in (5, None, "no/such token"):
        assert not validator.is_valid({"game": three(), "table": wrong})
        assert client.post("/api/v1/games", json={"game": three(), "table": wrong}).status_code in (400, 404)
    missing = client.post("/api/v1/games", json={"game": three(), "table": "nosuchtable"})
    assert missing.status_code == 404 and missing.get_json()["field"] == "table"
    fits(missing.get_json(), "/api/v1/games", "post", 404)


def test_the_api_renames_a_table(client):
    table = new_table(client)
    before = read(client, table)["table"]["version"]
    renamed_ = client.patch(f"/api/v1/tables/{table}", json={"name": "  Friday   club "})
    assert renamed_.status_code == 200
    fits(renamed_.get_json(), "/api/v1/tables/{table}", "patch", 200)
    assert renamed_.get_json()["name"] == "Friday club" and renamed_.get_json()["version"] == before + 1
    assert read(client, table)["table"]["name"] == "Friday club"
    assert "Friday club" in client.get(f"/t/{table}").get_data(as_text=True)
    assert client.patch(f"/api/v1/tables/{table}", json={"name": None}).get_json()["name"] is None
    for body, field in (({}, "name"), ({"name": "x" * 81}, "name"), ({"name": 3}, "name")):
        refused = client.patch(f"/api/v1/tables/{table}", json=body)
        assert refused.status_code == 400 and refused.get_json()["field"] == field
    assert client.patch("/api/v1/tables/nosuchtable", json={"name": "x"}).status_code == 404


def test_the_api_lists_the_games_it_counts_and_finds_them(client):
    """since/until/edition choose the games listed as they choose the games counted (live:
    ?since=2099-01-01 listed 2 games against 0 counted); q finds games as the page does."""
    table = new_table(client)
    games = [
        {"game": renamed(three(), ["Ana", "Bo", "Cy"]), "played_on": "2026-01-05", "locked": True},
        {"game": renamed(three(), ["Dee", "Bo", "Cy"]), "played_on": "2026-02-05", "locked": True},
        {"game": renamed(three(), ["Ana", "Dee", "Eve"]), "played_on": "2026-02-06", "title": "Eve's first"},
    ]
    assert client.post(f"/api/v1/tables/{table}/import", json={"games": games}).status_code == 201

    def listed(**query: str) -> tuple[list[str], int]:
        body = read(client, table, **query)
        return [g["played_on"] for g in body["games"]], body["stats"]["games"]

    assert listed() == (["2026-02-06", "2026-02-05", "2026-01-05"], 2)
    assert listed(since="2099-01-01") == ([], 0)
    assert listed(since="2026-02-01") == (["2026-02-06", "2026-02-05"], 1)
    assert listed(until="2026-01-31") == (["2026-01-05"], 1)
    assert listed(edition="2") == ([], 0)
    assert listed(q="dee") == (["2026-02-06", "2026-02-05"], 2)  # the statistics are not searched
    assert listed(q="DÉE", since="2026-02-06") == (["2026-02-06"], 0)
    assert listed(q="eve's") == (["2026-02-06"], 2)  # a player, or the title
    assert listed(q="zed") == ([], 2)
    too_long = client.get(f"/api/v1/tables/{table}", query_string={"q": "x" * 41})
    assert too_long.status_code == 400 and too_long.get_json()["field"] == "q"


def test_a_game_says_its_table_but_a_read_only_link_never_hands_out_the_table_s_token(client):
    table = new_table(client)
    token = add_game(client, table)
    by_edit = client.get(f"/api/v1/games/{token}")
    fits(by_edit.get_json(), "/api/v1/games/{token}", "get", 200)
    assert by_edit.get_json()["table"] == {
        "name": "Thursday club",
        "token": table,
        "url": f"http://table.test/t/{table}",
    }
    view = by_edit.get_json()["view_token"]
    by_view = client.get(f"/api/v1/games/{view}")
    fits(by_view.get_json(), "/api/v1/games/{token}", "get", 200)
    assert by_view.get_json()["table"] == {"name": "Thursday club"}
    assert table not in by_view.get_data(as_text=True)
    # Answers to the edit token say it too; a game at no table says null.
    assert (
        client.post(f"/api/v1/games/{token}/lock", json={"locked": False}).get_json()["table"]["token"]
        == table
    )
    alone = client.post("/api/v1/games", json={"game": three()}).get_json()
    assert alone["table"] is None
    assert client.put(f"/api/v1/tables/{table}/games/{alone['token']}").get_json()["table"]["token"] == table


def test_a_game_already_at_the_table_is_not_imported_again(client):
    table = new_table(client)
    add_game(client, table, renamed(three(), ["Ana", "Bo", "Cy"]))
    add_game(client, table, renamed(three(), ["Dee", "Bo", "Cy"]), lock=False)
    exported = client.get(f"/api/v1/tables/{table}/export").get_json()
    again = client.post(f"/api/v1/tables/{table}/import", json=exported)
    assert again.status_code == 200 and again.get_json()["imported"] == 0
    assert again.get_json()["already_here"] == 2
    fits(again.get_json(), "/api/v1/tables/{table}/import", "post", 200)
    assert len(read(client, table)["games"]) == 2
    # Into another table: once, then never again; one new game beside them is imported.
    other = new_table(client, None)
    first = client.post(f"/api/v1/tables/{other}/import", json=exported).get_json()
    assert (first["imported"], first["already_here"]) == (2, 0)
    new = {"game": renamed(three(), ["Eve", "Bo", "Cy"]), "played_on": "2026-03-01", "locked": True}
    mixed = client.post(f"/api/v1/tables/{other}/import", json={"games": [*exported["games"], new]})
    assert mixed.status_code == 201 and (mixed.get_json()["imported"], mixed.get_json()["already_here"]) == (
        1,
        2,
    )
    fits(mixed.get_json(), "/api/v1/tables/{table}/import", "post", 201)
    assert len(read(client, other)["games"]) == 3
    # The same game played another night is another game; twice in one file, it is one.
    night = dict(new, played_on="2026-03-08")
    twice = client.post(f"/api/v1/tables/{other}/import", json={"games": [night, night]}).get_json()
    assert (twice["imported"], twice["already_here"]) == (1, 1)
    # A bare game (no day given) is known by its content alone.
    bare = renamed(three(), ["Fay", "Bo", "Cy"])
    assert client.post(f"/api/v1/tables/{other}/import", json=bare).get_json()["imported"] == 1
    assert client.post(f"/api/v1/tables/{other}/import", json=bare).get_json()["already_here"] == 1
    assert (
        client.post(f"/api/v1/tables/{other}/import", json=renamed(three(), ["Ana", "Bo", "Cy"])).get_json()[
            "already_here"
        ]
        == 1
    )


def test_the_import_page_says_how_many_games_were_already_here(client):
    table = new_table(client)
    text = json.dumps(
        {"games": [{"game": three(), "locked": True}, {"game": renamed(three(), ["X", "Y", "Z"])}]}
    )
    first = client.post(f"/t/{table}/import", data={"text": text}, follow_redirects=True).get_data(
        as_text=True
    )
    assert "2 games imported." in first
    second = client.post(f"/t/{table}/import", data={"text": text}, follow_redirects=True).get_data(
        as_text=True
    )
    assert "0 games imported. 2 games were already at this table: not imported again." in second
    assert len(read(client, table)["games"]) == 2
    spanish = client.post(
        f"/t/{table}/import", data={"text": text}, headers={"Accept-Language": "es"}, follow_redirects=True
    ).get_data(as_text=True)
    assert "already at this table" not in spanish and "imported" not in spanish


def test_the_period_form_keeps_the_search_and_the_search_keeps_the_period(client):
    table = new_table(client)
    add_game(client, table, renamed(three(), ["Dee", "Bo", "Cy"]))
    page = client.get(f"/t/{table}?q=dee&since=2026-01-01").get_data(as_text=True)
    period = re.search(r'<form method="get" action="([^"]*)" class="filter-form">(.*?)</form>', page, re.S)
    assert period is not None and period.group(1) == f"/t/{table}"
    assert '<input type="hidden" name="q" value="dee">' in period.group(2)
    assert 'name="since" value="2026-01-01"' in period.group(2)
    search = re.search(
        r'<form method="get" action="([^"]*)" class="search-row"[^>]*>(.*?)</form>', page, re.S
    )
    assert search is not None and search.group(1) == f"/t/{table}"
    assert '<input type="hidden" name="since" value="2026-01-01">' in search.group(2)
    assert 'name="q" value="dee"' in search.group(2)
    # Without a search, the period form has no q to keep.
    plain = client.get(f"/t/{table}?since=2026-01-01").get_data(as_text=True)
    assert 'type="hidden" name="q"' not in plain


def test_a_long_table_s_totals_chart_averages_spans_of_games_and_says_so(client):
    table = new_table(client)
    for _ in range(80):  # more games than the chart draws points (charts.MOST_POINTS)
        add_game(client, table)
    page = client.get(f"/t/{table}").get_data(as_text=True)
    chart = re.search(r'<section id="charts">.*?</section>', page, re.S).group(0)
    assert "Each point is the average of 2 games." in chart
    assert all(len(p.split()) == 40 for p in re.findall(r'<polyline points="([^"]*)"', chart))
    spanish = client.get(f"/t/{table}", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Cada punto es la media de 2 partidas." in spanish
    key = players(read(client, table))[three()["cities"][0]["player"]]["key"]
    player = client.get(f"/t/{table}/p/{key}").get_data(as_text=True)
    assert "Each point is the average of 2 games." in player


def test_a_short_table_s_chart_is_drawn_game_by_game_without_a_note(client):
    table = new_table(client)
    for _ in range(3):
        add_game(client, table)
    page = client.get(f"/t/{table}").get_data(as_text=True)
    assert "Each point is the average" not in page
    assert re.search(r'<section id="charts">.*?<circle', page, re.S)


def test_the_csv_export_has_a_column_for_each_expansion_row_its_games_scored(client):
    table = new_table(client)
    add_game(client, table)  # a base game
    leaders = three()
    leaders["expansions"] = ["leaders"]
    leaders["cities"][0]["categories"] = {"leaders": 9}
    add_game(client, table, renamed(leaders, ["Ana", "Bo", "Cy"]))
    text = client.get(f"/t/{table}/export.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    header = next(csv.reader(io.StringIO(text)))
    # after the base rows, then the columns added since, each after the one before
    assert header[-11:] == [*FIRST_EDITION_CATEGORIES, "leaders", "imported", "winner", "team"]
    assert [r["leaders"] for r in rows if r["player"] == "Ana"] == ["", "9"]  # not played, then 9
    assert [r["expansions"] for r in rows if r["player"] == "Ana"] == ["", "leaders"]


def test_the_csv_never_hands_a_spreadsheet_a_formula(client):
    """OWASP's CSV injection: a name or title starting with =, +, -, @, a tab or a carriage
    return is written with an apostrophe in front (shown as text, still readable); numbers,
    negative ones included, stay numbers."""
    table = new_table(client)
    hostile = [
        '=HYPERLINK("http://x.example","x")',
        "+Bo",
        "-Cy",
        "@Dee",
        "Ed",
        "Fa",
    ]  # names are trimmed: no tab
    for names in (hostile[:3], hostile[3:]):
        add_game(client, table, renamed(three(), names))
    text = client.get(f"/t/{table}/export.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert sorted(r["player"] for r in rows) == sorted(["'" + n for n in hostile[:4]] + ["Ed", "Fa"])
    assert any(r["military"].startswith("-") for r in rows)  # a defeat is still a number


def test_a_locked_game_stays_at_its_table(client, app):
    """A locked game's record is part of its table's history: neither the API nor the game's
    page takes it out or moves it to another table (a locked game at no table may join one)."""
    table, other = new_table(client), new_table(client, "Friday")
    token = add_game(client, table)  # locked
    left = client.delete(f"/api/v1/tables/{table}/games/{token}")
    assert left.status_code == 409 and left.get_json()["field"] == "token"
    moved = client.put(f"/api/v1/tables/{other}/games/{token}")
    assert moved.status_code == 409
    assert len(read(client, table)["games"]) == 1 and read(client, other)["games"] == []
    app.config["WTF_CSRF_ENABLED"] = False
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert "Take the game out of its table" not in page
    client.post(f"/g/{token}/table", data={"leave": "y"})
    client.post(f"/g/{token}/table", data={"table": other})
    assert len(read(client, table)["games"]) == 1 and read(client, other)["games"] == []
    loose = client.post("/api/v1/games", json={"game": three()}).get_json()["token"]
    assert client.post(f"/api/v1/games/{loose}/lock").status_code == 200
    assert client.put(f"/api/v1/tables/{other}/games/{loose}").status_code == 200
