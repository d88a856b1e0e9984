"""Issue 43, "Teams counted as teams": the hand-worked Cities team game of four players in two
teams (tests/web/worked_games.py) locked at a table gives both teammates the win everywhere
downstream: the table's games list, its statistics, the player pages, the CSV and JSON exports
and the charts, through the pages and through the API; the table's page shows its teams'
statistics (only when some game had teams); a record kept before teams were recorded gets
them from the score sheet kept with it, the record stored unchanged."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from assistant.web.openapi import document
from tests.conftest import make_test_app
from tests.web.test_games import stored
from tests.web.worked_games import TEAM_PLAYERS, TEAM_RANKS, TEAM_TOTALS, team_game, three


@pytest.fixture
def db_app(any_db_url: str, tmp_path: Path) -> Any:
    return make_test_app(tmp_path, any_db_url, WTF_CSRF_ENABLED=False)


def fits(body: Any, path: str, method: str, status: int) -> None:
    doc = document()
    schema = doc["paths"][path][method]["responses"][str(status)]["content"]["application/json"]["schema"]
    jsonschema.Draft202012Validator({**schema, "components": doc["components"]}).validate(body)


def new_table(client: Any, name: str = "Cities night") -> str:
    return client.post("/api/v1/tables", json={"name": name}).get_json()["token"]


def add_locked(client: Any, table: str, game: dict[str, Any]) -> str:
    created = client.post("/api/v1/games", json={"game": game, "table": table})
    assert created.status_code == 201, created.get_json()
    token = created.get_json()["token"]
    assert client.post(f"/api/v1/games/{token}/lock").status_code == 200
    return token


def csv_rows(client: Any, table: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(client.get(f"/t/{table}/export.csv").get_data(as_text=True))))


def wins_on_player_page(client: Any, table: str, key: str) -> tuple[int, int, str]:
    """Games, wins and win rate as a player's page shows them."""
    page = client.get(f"/t/{table}/p/{key}").get_data(as_text=True)
    numbers = dict(
        (label, value) for value, label in re.findall(r"<li><b>([^<]*)</b><span>([^<]*)</span></li>", page)
    )
    return int(numbers["Games"]), int(numbers["Wins"]), numbers["Win rate"]


def bars(html: str, title: str) -> list[tuple[str, str]]:
    """A bar chart's labels and the numbers beside its bars, in order."""
    start = html.index(f'aria-label="{title}"')
    chart = html[start : html.index("</svg>", start)]
    return re.findall(r'class="label"[^>]*>([^<]+)</text>.*?class="value"[^>]*>([^<]+)</text>', chart)


def crowned(html: str) -> list[list[str]]:
    """Each listed game's crowned players (every winner), newest game first."""
    games = re.findall(r'<li class="card-panel game-item.*?</li>', html, re.S)
    return [re.findall(r'<span class="crown">★</span> (?:<mark>)?<b>([^<]+)</b>', g) for g in games]


# --- through the API -----------------------------------------------------------------------------


def test_the_hand_worked_team_game_gives_both_teammates_the_win_through_the_api(db_app):
    client = db_app.test_client()
    table = new_table(client)
    add_locked(client, table, team_game())
    body = client.get(f"/api/v1/tables/{table}").get_json()
    fits(body, "/api/v1/tables/{table}", "get", 200)
    listed = body["games"][0]
    # Before issue 43 the list said ["Ben"] (the only rank 1) and crowned him alone.
    assert listed["winners"] == ["Ben", "Ana"]  # the winning team first, best first
    assert [(c["player"], c["total"], c["rank"], c["team"]) for c in listed["cities"]] == [
        ("Ben", 45, 1, "Sun"),
        ("Ana", 30, 4, "Sun"),
        ("Cy", 40, 2, "Moon"),
        ("Di", 32, 3, "Moon"),
    ]
    players = {p["name"]: p for p in body["stats"]["players"]}
    assert {n: (p["games"], p["wins"], p["win_rate"]) for n, p in players.items()} == {
        "Ana": (1, 1, 1.0),
        "Ben": (1, 1, 1.0),
        "Cy": (1, 0, 0.0),
        "Di": (1, 0, 0.0),
    }
    assert {n: p["best"] for n, p in players.items()} == TEAM_TOTALS
    stats = body["stats"]
    assert (stats["games"], stats["shared_victories"], stats["team_games"]) == (1, 0, 1)
    assert [(t["players"], t["names"], t["games"], t["wins"], t["average"]) for t in stats["teams"]] == [
        (["Ana", "Ben"], ["Sun"], 1, 1, 75.0),
        (["Cy", "Di"], ["Moon"], 1, 0, 72.0),
    ]
    wonders = {w["wonder"]: (w["games"], w["wins"]) for w in stats["wonder_totals"]}
    assert wonders == {"giza": (1, 1), "rhodes": (1, 1), "babylon": (1, 0), "ephesus": (1, 0)}
    assert [r["what"] for r in stats["records"]] == ["total", "science"]  # no margin in teams


def test_the_exports_name_every_winner_and_each_city_s_team(db_app):
    client = db_app.test_client()
    table = new_table(client)
    add_locked(client, table, team_game())
    rows = csv_rows(client, table)
    # The columns kept as they were; "winner" and "team" last, after "imported".
    assert list(rows[0])[:13] == [
        "game", "date", "title", "edition", "expansions", "locked", "player", "free_city", "board", "side",
        "rank", "total", "coins",
    ]  # fmt: skip
    assert list(rows[0])[-3:] == ["imported", "winner", "team"]
    assert [(r["player"], r["rank"], r["total"], r["winner"], r["team"]) for r in rows] == [
        (name, str(TEAM_RANKS[name]), str(TEAM_TOTALS[name]), "yes" if name in ("Ana", "Ben") else "no", team)
        for name, team in zip(TEAM_PLAYERS, ["Sun", "Sun", "Moon", "Moon"], strict=True)
    ]
    exported = client.get(f"/t/{table}/export.json").get_json()
    fits(exported, "/api/v1/tables/{table}/export", "get", 200)
    record = exported["games"][0]["record"]
    assert record["winners"] == ["Ana", "Ben"]
    assert [c["team"] for c in record["cities"]] == ["Sun", "Sun", "Moon", "Moon"]
    assert [(t["team"], t["players"], t["total"], t["rank"]) for t in record["teams"]] == [
        ("Sun", ["Ana", "Ben"], 75, 1),
        ("Moon", ["Cy", "Di"], 72, 2),
    ]
    # The export imports into another table with the same numbers.
    other = new_table(client, "Copy")
    assert client.post(f"/api/v1/tables/{other}/import", json=exported).status_code == 201
    again = client.get(f"/api/v1/tables/{other}").get_json()
    assert {p["name"]: p["wins"] for p in again["stats"]["players"]} == {"Ana": 1, "Ben": 1, "Cy": 0, "Di": 0}
    assert again["games"][0]["winners"] == ["Ben", "Ana"]


def test_teams_are_counted_across_nights_whatever_they_were_called(client):
    table = new_table(client)
    add_locked(client, table, team_game())
    add_locked(client, table, team_game(second=True))  # the same pairs as teams "1" and "2"
    body = client.get(f"/api/v1/tables/{table}").get_json()
    assert [g["winners"] for g in body["games"]] == [["Ana", "Ben"], ["Ben", "Ana"]]  # newest first
    stats = body["stats"]
    assert {p["name"]: (p["games"], p["wins"]) for p in stats["players"]} == {
        "Ana": (2, 2),
        "Ben": (2, 2),
        "Cy": (2, 0),  # first of the four the second night, his team lost
        "Di": (2, 0),
    }
    assert [(t["players"], t["names"], t["games"], t["wins"], t["win_rate"]) for t in stats["teams"]] == [
        (["Ana", "Ben"], ["Sun", "2"], 2, 2, 1.0),
        (["Cy", "Di"], ["Moon", "1"], 2, 0, 0.0),
    ]


# --- through the pages ---------------------------------------------------------------------------


def play_through_the_pages(app: Any, client: Any) -> tuple[str, str]:
    """A table started on its page, the team game set up from it on the pad (teams ticked:
    seats 1 and 2 are team 1, seats 3 and 4 team 2), each city typed on its page, then locked
    on the game's page."""
    made = client.post("/t/new", data={"name": "Cities night"})
    assert made.status_code == 302
    table = made.headers["Location"].rsplit("/", 1)[-1]
    setup = {"mode": "pad", "edition": "1", "expansions": "cities", "table": table, "teams": "y"}
    setup |= {f"seats-{seat}-player": name for seat, name in enumerate(TEAM_PLAYERS)}
    started = client.post("/new", data=setup)
    assert started.status_code == 302, started.get_data(as_text=True)
    token = started.headers["Location"].rsplit("/", 1)[-1]
    for seat, city in enumerate(team_game()["cities"]):
        row = stored(app, token).cities[seat]
        form = {
            "version": str(row.version),
            "base": json.dumps(row.data),
            "player": city["player"],
            "coins": str(city["coins"]),
            "team": row.data["team"],  # as set up: a team renamed on one city alone is refused
            "wonder": city["wonder"],
            "side": city["side"],
            "stages": "0",
            **{f"categories-{k}": str(v) for k, v in city["categories"].items()},
        }
        saved = client.post(f"/g/{token}/city/{seat}", data=form)
        assert saved.status_code == 302, saved.get_data(as_text=True)
    assert client.post(f"/g/{token}/lock", data={"locked": "1", "confirm": "1"}).status_code == 302
    assert stored(app, token).locked
    return table, token


def test_the_team_game_played_through_the_pages_crowns_both_teammates(nocsrf_app, nocsrf_client):
    table, token = play_through_the_pages(nocsrf_app, nocsrf_client)
    board = nocsrf_client.get(f"/g/{token}/scoreboard").get_data(as_text=True)
    assert "Team 1 (Ana and Ben) wins with 75 victory points, 3 ahead of the next team." in board
    page = nocsrf_client.get(f"/t/{table}").get_data(as_text=True)
    assert crowned(page) == [["Ben", "Ana"]]
    board = page[page.index('id="leaderboard"') : page.index("</section>", page.index('id="leaderboard"'))]
    rows = re.findall(r'<th scope="row"><a [^>]*>([^<]+)</a></th>\s*<td>(\d+)</td><td>(\d+) <span', board)
    assert sorted(rows) == [("Ana", "1", "1"), ("Ben", "1", "1"), ("Cy", "1", "0"), ("Di", "1", "0")]
    assert "1 game played in teams" in page
    teams = page[page.index('id="team-stats"') :]
    row = r'<tr class="team-stats-row"[^>]*><th scope="row">([^<]+)</th><td>(\d+)</td><td>(\d+) '
    assert re.findall(row, teams) == [
        ("Ana, Ben", "1", "1"),
        ("Cy, Di", "1", "0"),
    ]
    # The charts: Ana's and Ben's wonders and their team at 1/1, the others at 0/1.
    assert bars(page, "Win rate by wonder") == [
        ("Giza", "1/1"),
        ("Rhodes", "1/1"),
        ("Babylon", "0/1"),
        ("Ephesus", "0/1"),
    ]
    assert bars(page, "Win rate by team") == [("Ana, Ben", "1/1"), ("Cy, Di", "0/1")]
    # Each player's page (Ana's said 0 wins before issue 43).
    assert wins_on_player_page(nocsrf_client, table, "ana") == (1, 1, "100%")
    assert wins_on_player_page(nocsrf_client, table, "ben") == (1, 1, "100%")
    assert wins_on_player_page(nocsrf_client, table, "cy") == (1, 0, "0%")
    ana = nocsrf_client.get(f"/t/{table}/p/ana").get_data(as_text=True)
    assert crowned(ana) == [["Ben", "Ana"]] and 'id="player-teams"' in ana and "Ana, Ben" in ana
    assert bars(ana, "Win rate by wonder") == [("Giza", "1/1")]  # her wonder won with her team
    # The downloads of the table's page.
    rows = csv_rows(nocsrf_client, table)
    assert {r["player"]: (r["winner"], r["team"]) for r in rows} == {
        "Ana": ("yes", "1"),
        "Ben": ("yes", "1"),
        "Cy": ("no", "2"),
        "Di": ("no", "2"),
    }
    record = nocsrf_client.get(f"/t/{table}/export.json").get_json()["games"][0]["record"]
    assert record["winners"] == ["Ana", "Ben"] and record["teams"][0]["rank"] == 1


def test_the_team_statistics_are_in_the_reader_s_language(nocsrf_app, nocsrf_client):
    table, _token = play_through_the_pages(nocsrf_app, nocsrf_client)
    page = nocsrf_client.get(f"/t/{table}", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Porcentaje de victorias por equipo" in page and "1 partida jugada por equipos" in page
    assert "whatever it was called" not in page and "Win rate by team" not in page


def test_a_table_without_teams_shows_no_team_statistics(client):
    table = new_table(client)
    add_locked(client, table, three())
    page = client.get(f"/t/{table}").get_data(as_text=True)
    assert 'id="team-stats"' not in page and "played in teams" not in page
    stats = client.get(f"/api/v1/tables/{table}").get_json()["stats"]
    assert (stats["team_games"], stats["teams"]) == (0, [])
    winners = {r["player"]: r["winner"] for r in csv_rows(client, table)}
    assert winners == {"Ana": "yes", "Bartek": "no", "Şule": "no"}


# --- records kept before the teams were ----------------------------------------------------------


def test_a_record_kept_before_teams_were_gets_them_from_the_sheet_kept_at_its_lock(db_app):
    client = db_app.test_client()
    table = new_table(client)
    token = add_locked(client, table, team_game())
    old = dict(stored(db_app, token).summary)
    del old["teams"]
    old["cities"] = [{k: v for k, v in c.items() if k != "team"} for c in old["cities"]]
    old["winners"] = ["Ben"]  # as if it had named its first player only
    with db_app.app_context():
        from sqlalchemy import update

        from assistant.store.models import GameRow
        from assistant.web.db import get_session

        session = get_session()
        session.execute(update(GameRow).where(GameRow.edit_token == token).values(summary=old))
        session.commit()
    assert stored(db_app, token).summary == old
    db_app.extensions["tables"].clear()  # a process that has read nothing yet
    before = client.get(f"/t/{table}").get_data(as_text=True)  # nothing read yet: derived now
    assert crowned(before) == [["Ben", "Ana"]] and 'id="team-stats"' in before
    body = client.get(f"/api/v1/tables/{table}").get_json()
    assert body["games"][0]["winners"] == ["Ben", "Ana"]
    assert {p["name"]: p["wins"] for p in body["stats"]["players"]} == {"Ana": 1, "Ben": 1, "Cy": 0, "Di": 0}
    assert [t["players"] for t in body["stats"]["teams"]] == [["Ana", "Ben"], ["Cy", "Di"]]
    record = client.get(f"/t/{table}/export.json").get_json()["games"][0]["record"]
    assert record["winners"] == ["Ana", "Ben"]
    assert [c["team"] for c in record["cities"]] == ["Sun", "Sun", "Moon", "Moon"]
    assert stored(db_app, token).summary == old  # the record stored is not rewritten


def test_an_imported_record_with_unreadable_teams_is_scored_instead(client):
    table = new_table(client)
    add_locked(client, table, team_game())
    exported = client.get(f"/t/{table}/export.json").get_json()
    exported["games"][0]["record"]["teams"] = [{"team": "Sun", "players": "Ana"}]
    exported["games"][0]["record"]["cities"][0]["total"] = 99  # a record no scoring gives
    other = new_table(client, "Copy")
    assert client.post(f"/api/v1/tables/{other}/import", json=exported).status_code == 201
    again = client.get(f"/api/v1/tables/{other}").get_json()
    assert {p["name"]: (p["wins"], p["best"]) for p in again["stats"]["players"]}["Ana"] == (1, 30)
