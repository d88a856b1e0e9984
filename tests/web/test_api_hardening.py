"""Issue 15, items 1 and 3: what a careless or hostile client sends is refused with a 400
naming the field (or a 404 for a token no game can have), never a 500, and nothing that a
later read cannot serve is ever stored. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import make_test_app
from tests.web.worked_games import three


@pytest.fixture
def app(any_db_url: str, tmp_path: Path):
    return make_test_app(tmp_path, any_db_url, WTF_CSRF_ENABLED=False)


@pytest.fixture
def api(app):
    return app.test_client()


def raw_json(client, method: str, url: str, text: str):
    """Send ``text`` as the body exactly as written (escapes such as \\ud800 kept)."""
    return client.open(url, method=method, data=text.encode(), content_type="application/json")


def game_text(player: str = "Ana", card: str = "baths") -> str:
    """THREE as JSON text with city 0's player and first card replaced by raw JSON text."""
    text = json.dumps(three())
    return text.replace('"Ana"', f'"{player}"', 1).replace('"lumber-yard"', f'"{card}"', 1)


def views_of(client, token: str, view: str) -> list[str]:
    return [
        f"/g/{token}", f"/g/{token}/city/0", f"/g/{token}/city/1", f"/g/{token}/age",
        f"/g/{token}/scoreboard", f"/g/{token}/scoreboard?partial=1", f"/g/{view}/scoreboard",
        f"/g/{token}/export.json", f"/g/{token}/sheet.pdf", f"/g/{token}/qr.svg",
        f"/api/v1/games/{token}", "/",
    ]  # fmt: skip


def assert_every_view_answers(client, token: str, view: str) -> None:
    for url in views_of(client, token, view):
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)


# --- 1. a lone surrogate never poisons a game -----------------------------------------------------


@pytest.mark.parametrize("player", [r"\ud800", r"Ana\udfff", r"A\u0000na", r"\u001b[31mAna"])
def test_a_player_name_no_page_can_show_is_refused_on_creation_naming_the_field(api, player):
    response = raw_json(api, "POST", "/api/v1/games", '{"game": ' + game_text(player) + "}")
    assert response.status_code == 400
    body = response.get_json()
    assert body["field"] == "game.cities[0].player"
    assert "cannot be kept" in body["error"]


def test_a_lone_surrogate_in_a_put_is_refused_and_every_view_still_answers(api):
    created = api.post("/api/v1/games", json={"game": three()}).get_json()
    token, view = created["token"], created["view_token"]
    api.get(f"/g/{token}")  # this phone opened it: the home page lists it
    city = json.dumps(dict(three()["cities"][0], player="PLAYER")).replace("PLAYER", r"\ud800")
    response = raw_json(api, "PUT", f"/api/v1/games/{token}/cities/0", '{"version": 1, "city": ' + city + "}")
    assert response.status_code == 400
    assert api.get(f"/api/v1/games/{token}").get_json()["versions"] == [1, 1, 1]
    assert_every_view_answers(api, token, view)


def test_a_nul_in_a_player_name_is_refused_by_put_and_nothing_changes(api):
    token = api.post("/api/v1/games", json={"game": three()}).get_json()["token"]
    city = dict(three()["cities"][0], player="Ana\x00")
    response = api.put(f"/api/v1/games/{token}/cities/0", json={"version": 1, "city": city})
    assert response.status_code == 400 and response.get_json()["field"] == "city.player"
    assert api.get(f"/api/v1/games/{token}").get_json()["game"]["cities"][0]["player"] == "Ana"


@pytest.mark.parametrize("text", [r"\ud800", r"Friday\u0000night"])
def test_a_title_no_page_can_show_is_refused_naming_the_field(api, text):
    response = raw_json(
        api, "POST", "/api/v1/games", '{"title": "' + text + '", "game": ' + game_text() + "}"
    )
    assert response.status_code == 400 and response.get_json()["field"] == "title"


def test_a_lone_surrogate_in_a_card_id_is_refused_and_the_message_can_be_written(api):
    response = raw_json(api, "POST", "/api/v1/score", game_text(card=r"\udc80nope"))
    assert response.status_code == 400
    body = response.get_json()
    assert body["field"] == "cities[0].cards[0]" and "unknown card" in body["error"]


def test_a_lone_surrogate_as_a_field_name_is_refused_or_ignored_but_always_answered(api):
    text = game_text().replace('"coins": 7', r'"\ud800": 1, "coins": 7', 1)
    response = raw_json(api, "POST", "/api/v1/score", text)
    assert response.status_code == 200
    assert r"cities[0].\ud800" in [p.get("field") for p in response.get_json()["problems"]]
    game = three()
    game["cities"][0]["categories"] = {"\x00": 1}
    del game["cities"][0]["cards"]
    response = api.post("/api/v1/score", json=game)
    assert response.status_code == 400 and response.get_json()["field"] == r"cities[0].categories.\x00"


def test_a_lone_surrogate_in_an_imported_game_is_refused_and_nothing_is_stored(api, app):
    for player in (r"\ud800", r"Ana\u0000"):
        response = api.post("/import", data={"text": game_text(player)})
        assert response.status_code == 400
        assert "cities[0].player" in response.get_data(as_text=True)
        assert "cannot be kept" in response.get_data(as_text=True)
    assert _games_stored(app) == 0


def _games_stored(app) -> int:
    from sqlalchemy import func, select

    from assistant.store.models import GameRow

    with app.extensions["db_sessions"]() as session:
        return int(session.execute(select(func.count(GameRow.id))).scalar_one())


# --- 3. 500s that are 400s --------------------------------------------------------------------


@pytest.mark.parametrize("depth", [1_000, 5_000, 100_000])
def test_json_nested_too_deep_is_bad_json_not_a_crash(api, depth):
    response = raw_json(api, "POST", "/api/v1/score", "[" * depth + "]" * depth)
    assert response.status_code == 400 and response.get_json()["field"] == "body"


def test_an_age_given_as_a_fraction_is_refused(api):
    response = api.post("/api/v1/military", json={"age": 1.0, "shields": [1, 2, 3]})
    assert response.status_code == 400 and response.get_json()["field"] == "age"


@pytest.mark.parametrize("version", [2**31, 2**63, 2**64, 10**30, -(2**63) - 1, 0])
def test_a_version_beyond_what_the_database_holds_is_refused(api, version):
    token = api.post("/api/v1/games", json={"game": three()}).get_json()["token"]
    body = '{"version": ' + str(version) + ', "city": ' + json.dumps(three()["cities"][0]) + "}"
    response = raw_json(api, "PUT", f"/api/v1/games/{token}/cities/0", body)
    assert response.status_code == 400 and response.get_json()["field"] == "version"


@pytest.mark.parametrize("number", ["1" * 5_001, "-" + "9" * 400, "1e400"])
def test_a_number_of_thousands_of_digits_is_refused(api, number):
    text = game_text().replace('"coins": 7', f'"coins": {number}', 1)
    response = raw_json(api, "POST", "/api/v1/score", text)
    assert response.status_code == 400
    assert response.get_json()["field"] in ("body", "cities[0].coins")


@pytest.mark.parametrize("token", [2**70, -(10**40)])
def test_a_conflict_token_beyond_any_game_is_refused_so_it_is_never_stored(api, token):
    game = three()
    game["cities"][0]["military"] = [token]
    response = api.post("/api/v1/games", json={"game": game})
    assert response.status_code == 400 and response.get_json()["field"] == "game.cities[0].military"


@pytest.mark.parametrize("text", ["[" * 3_000 + "]" * 3_000, '{"cities": ' + "1" * 5_001 + "}"])
def test_deep_or_huge_json_on_the_import_page_is_refused_with_the_page(api, text):
    response = api.post("/import", data={"text": text})
    assert response.status_code == 400
    assert "not valid JSON" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/games/{t}%00", "/api/v1/games/%00", "/g/%00x/scoreboard", "/g/{t}%00/scoreboard?partial=1",
        "/g/%00/city/0", "/g/a%00b", "/g/%00/export.json",
    ],
)  # fmt: skip
def test_a_nul_in_a_link_token_answers_404(api, path):
    token = api.post("/api/v1/games", json={"game": three()}).get_json()["token"]
    assert api.get(path.format(t=token)).status_code == 404
    put = api.put(f"/api/v1/games/{token}%00/cities/0", json={"version": 1, "city": three()["cities"][0]})
    assert put.status_code == 404


def test_a_nul_in_a_title_typed_on_the_set_up_page_never_reaches_the_database(api):
    response = api.post(
        "/new",
        data={
            "title": "Friday\x00 night",
            "seats-0-player": "Ana",
            "seats-1-player": "Bo",
            "seats-2-player": "Cy",
            "deal": "y",
        },
    )
    assert response.status_code == 302
    hub = api.get(response.headers["Location"])
    assert hub.status_code == 200 and "Friday night" in hub.get_data(as_text=True)


def test_a_nul_in_a_player_name_on_the_set_up_page_is_refused_beside_the_field(api):
    response = api.post("/new", data={"seats-0-player": "Ana", "seats-1-player": "B\x00o", "deal": "y"})
    assert response.status_code == 400
    assert "cannot be kept" in response.get_data(as_text=True)
