"""Two players of one name (issue 13, finding 2): the core reports it when a table is scored
(command line, /api/v1/score), and no stored game ever has it: the set-up page, the city page,
the import page and the API refuse it alike, naming the city (docs/decisions.md, During play)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.cli import main
from tests.conftest import make_test_app
from tests.web.test_games import city_form, import_three, stored
from tests.web.worked_games import three


def same_names() -> dict:
    game = three()
    game["cities"][2]["player"] = "ána"  # Ana at seat 1, case and accent aside
    return game


@pytest.fixture
def api(any_db_url: str, tmp_path: Path):
    return make_test_app(tmp_path, any_db_url).test_client()


def test_scoring_a_table_with_two_players_of_one_name_reports_both_seats(client, tmp_path, capsys):
    body = client.post("/api/v1/score", json=same_names()).get_json()
    [problem] = [p for p in body["problems"] if p["code"] == "duplicate-player"]
    assert (problem["severity"], problem["city"], problem["field"]) == ("error", 2, "cities[2].player")
    assert "at seats 1 and 3" in problem["message"]
    spanish = client.post("/api/v1/score", json=same_names(), headers={"Accept-Language": "es"}).get_json()
    assert (
        "en los asientos 1 y 3"
        in next(p for p in spanish["problems"] if p["code"] == "duplicate-player")["message"]
    )
    path = tmp_path / "game.json"
    path.write_text(json.dumps(same_names()), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    assert "duplicate-player" in capsys.readouterr().out


def test_the_api_refuses_to_store_a_game_with_two_players_of_one_name(api):
    refused = api.post("/api/v1/games", json={"game": same_names()})
    assert refused.status_code == 400
    assert refused.get_json()["field"] == "game.cities[2].player"
    assert "has the name of the player at seat 1" in refused.get_json()["error"]
    token = api.post("/api/v1/games", json={"game": three()}).get_json()["token"]
    read = api.get(f"/api/v1/games/{token}").get_json()
    city = dict(read["game"]["cities"][1], player=" ANA ")
    renamed = api.put(f"/api/v1/games/{token}/cities/1", json={"city": city, "version": read["versions"][1]})
    assert renamed.status_code == 400 and renamed.get_json()["field"] == "city.player"
    assert "at seat 2 has the name of the player at seat 1" in renamed.get_json()["error"]
    assert api.get(f"/api/v1/games/{token}").get_json()["game"]["cities"][1]["player"] == "Bartek"


def test_the_pages_refuse_it_as_the_api_does(nocsrf_app, nocsrf_client):
    imported = nocsrf_client.post("/import", data={"text": json.dumps(same_names())})
    assert imported.status_code == 400
    assert "has the name of the player at seat 1" in imported.get_data(as_text=True)
    token = import_three(nocsrf_client)
    row = stored(nocsrf_app, token)
    city = dict(row.cities[2].data)
    page = nocsrf_client.post(f"/g/{token}/city/2", data=city_form(city, row.cities[2].version, player="Ána"))
    assert page.status_code == 400
    assert "Ána at seat 3 has the name of the player at seat 1" in page.get_data(as_text=True)
    assert stored(nocsrf_app, token).cities[2].data["player"] == "Şule"
    # The set-up page compares names the same way: accents and case aside.
    data = {"mode": "cards", "edition": "1", "deal": "y", "seats-0-player": "José", "seats-1-player": "jose",
            "seats-2-player": "Cy"}  # fmt: skip
    assert "Two players have the same name" in nocsrf_client.post("/new", data=data).get_data(as_text=True)
