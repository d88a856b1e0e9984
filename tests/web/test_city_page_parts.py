"""The city page's parts kept per process (issue 29: at most 10 ms of server time with the
expansions' cards): its fields written from kept parts (assistant/web/fieldhtml.py) and its
whole picker rendered once per language and city. The page still shows each city's own
choices and each refused save's errors, and the kept parts are counted, so that a cache
that stopped working fails here, not only in a benchmark."""

from __future__ import annotations

import re

import pytest

from tests.web.counting import Counting, counting
from tests.web.test_games import city_form
from tests.web.worked_games import three

GUILD = "traders-guild"


def _game() -> dict:
    """Three cities with the Leaders and Cities: Ana on Olympia B with every power the
    During play part shows, Bartek on Rhodes A."""
    game = three()
    game["expansions"] = ["leaders", "cities"]
    ana = game["cities"][0]
    ana.update(
        wonder="olympia", side="B", stages=3, stage_ages=[1, 2, 3], copied_guild=GUILD, diplomacy=[1, 3]
    )
    return game


@pytest.fixture
def game(nocsrf_client) -> dict:
    response = nocsrf_client.post("/api/v1/games", json={"game": _game()})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def _page(client, game: dict, seat: int, lang: str = "en") -> str:
    response = client.get(f"/g/{game['token']}/city/{seat}", headers={"Accept-Language": lang})
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _select(page: str, name: str) -> str:
    return re.search(rf'<select[^>]* name="{name}">.*?</select>', page, re.S).group(0)


def test_each_city_page_shows_its_own_choices(nocsrf_client, game):
    ana = _page(nocsrf_client, game, 0)
    assert '<option selected value="olympia">' in _select(ana, "wonder")
    assert '<input checked id="side-1" name="side" type="radio" value="B">' in ana
    assert '<input id="side-0" name="side" type="radio" value="A">' in ana
    assert re.findall(r'<input checked id="stages-(\d)"', ana) == ["3"]
    for stage, age in enumerate((1, 2, 3)):
        assert re.findall(r"<option selected value=\"(\d?)\">", _select(ana, f"stage_ages-{stage}")) == [
            str(age)
        ]
    assert re.findall(r'<option selected value="([a-z-]*)">', _select(ana, "copied_guild")) == [GUILD]
    assert re.findall(r'<input checked id="diplomacy-(\d)"', ana) == ["0", "2"]
    assert '<label for="diplomacy-1">Age II</label>' in ana
    # The next city's page, from the same kept parts, shows its own choices only.
    bartek = _page(nocsrf_client, game, 1)
    assert re.findall(r'<option selected value="([a-z-]*)">', _select(bartek, "wonder")) == ["rhodes"]
    assert '<input checked id="side-0" name="side" type="radio" value="A">' in bartek
    assert re.findall(r'<input checked id="stages-(\d)"', bartek) == ["1"]
    assert re.findall(r'<option selected value="(\d?)">', _select(bartek, "stage_ages-0")) == [""]
    assert "<input checked" not in re.search(r'id="diplomacy-choices">.*?</ul>', bartek).group(0)


def test_a_refused_save_shows_the_typed_values_and_the_errors_beside_their_fields(nocsrf_client, game):
    city = _game()["cities"][0]
    data = city_form(city, game["versions"][0], player="", coins="lots", copied_guild="nothing")
    data.update({f"stage_ages-{i}": str(age) for i, age in enumerate(city["stage_ages"])})
    response = nocsrf_client.post(f"/g/{game['token']}/city/0", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert (
        '<input aria-describedby="player-err" id="player" maxlength="40" name="player" required type="text" value="">'
        in page
    )
    assert re.search(r'<div class="errors" id="player-err" role="alert"><p>[^<]+</p></div>', page)
    assert re.search(r'<input id="coins" [^>]*value="lots">', page)  # kept as typed
    assert re.search(r'<div class="errors" id="coins-err" role="alert"><p>[^<]+</p>', page)
    # The guild the wonder copies: its error beside the select once the form's own pass.
    data.update(player="Ana", coins="7")
    response = nocsrf_client.post(f"/g/{game['token']}/city/0", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert '<select aria-describedby="copied_guild-err" id="copied_guild" name="copied_guild">' in page
    assert "<option selected" not in _select(page, "copied_guild")
    assert re.search(r'id="copied_guild-err" role="alert"><p>[^<]*copied_guild[^<]*</p>', page)
    # The page seen again (no error) takes none of them.
    again = _page(nocsrf_client, game, 0)
    assert "aria-describedby" not in again and 'class="errors"' not in again


def test_the_fields_speak_the_page_language(nocsrf_client, nocsrf_app, game):
    with nocsrf_app.test_request_context("/", headers={"Cookie": "lang=ko"}):
        from flask_babel import gettext

        stages, coins = gettext("Wonder stages built"), gettext("Coins")
    assert stages != "Wonder stages built"
    for lang in ("ko", "en", "ko"):
        page = _page(nocsrf_client, game, 0, lang)
        words = (stages, coins) if lang == "ko" else ("Wonder stages built", "Coins")
        assert f'<span class="stages-label" id="stages-label">{words[0]}</span>' in page
        assert f'<label for="coins">{words[1]}</label>' in page


@pytest.fixture
def pickers(nocsrf_app, monkeypatch) -> Counting:
    return counting(nocsrf_app, monkeypatch, "pickers")


@pytest.fixture
def parts(nocsrf_app, monkeypatch) -> Counting:
    return counting(nocsrf_app, monkeypatch, "field_html")


def test_a_city_picker_is_rendered_once_per_language_and_cards(nocsrf_client, game, pickers):
    first = _page(nocsrf_client, game, 0)
    assert pickers.stored == 1
    assert _page(nocsrf_client, game, 0) == first and pickers.stored == 1
    _page(nocsrf_client, game, 0, "ko")
    assert pickers.stored == 2
    _page(nocsrf_client, game, 0, "ko")
    assert _page(nocsrf_client, game, 0) == first and pickers.stored == 2
    _page(nocsrf_client, game, 1)
    assert pickers.stored == 3  # another city, other cards
    city = _game()["cities"][0]
    city["cards"].append("pawnshop")
    saved = nocsrf_client.put(
        f"/api/v1/games/{game['token']}/cities/0", json={"version": game["versions"][0], "city": city}
    )
    assert saved.status_code == 200, saved.get_json()
    page = _page(nocsrf_client, game, 0)
    assert pickers.stored == 4 and re.search(r'value="pawnshop" id="cards-pawnshop" checked', page)


def test_the_fields_parts_are_written_once_per_language(nocsrf_client, game, parts):
    _page(nocsrf_client, game, 0)
    english = parts.stored
    assert english > 20  # labels, inputs, selects and radio groups of the page
    _page(nocsrf_client, game, 0)
    _page(nocsrf_client, game, 1)  # another city: other values, the same parts
    assert parts.stored == english
    _page(nocsrf_client, game, 0, "ko")
    korean = parts.stored - english
    assert 0 < korean < english  # only what is in words: the labels and the options' words
    _page(nocsrf_client, game, 0, "ko")
    _page(nocsrf_client, game, 0)
    assert parts.stored == english + korean
