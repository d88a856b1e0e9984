"""Cards or the pad's numbers, city by city (issue 43): a player switches their own city from
card by card to the pad's numbers and back on their city page; the others stay as they are,
the total does not move on the first switch, and what was entered the first way comes back."""

from __future__ import annotations

import re

from assistant.web.games.entry import switched
from tests.web.test_games import import_three, stored
from tests.web.worked_games import THREE_TOTALS


def _switch(client, token: str, seat: int, to: str, version: int):
    return client.post(f"/g/{token}/city/{seat}/entry", data={"to": to, "version": str(version)})


def _api_game(client, token: str) -> dict:
    return client.get(f"/api/v1/games/{token}").get_json()["game"]


def _totals(client, token: str) -> dict[str, int]:
    sheet = client.get(f"/api/v1/games/{token}").get_json()["scores"]
    return {c["player"]: c["total"] for c in sheet["cities"]}


def test_switching_to_the_pad_keeps_the_total_and_switching_back_the_cards(nocsrf_app, nocsrf_client):
    token = import_three(nocsrf_client)
    ana = dict(stored(nocsrf_app, token).cities[0].data)
    response = _switch(nocsrf_client, token, 0, "pad", stored(nocsrf_app, token).cities[0].version)
    assert response.status_code == 302
    game = _api_game(nocsrf_client, token)
    pad = game["cities"][0]
    assert "cards" not in pad and pad["categories"] and "military" not in pad["categories"]
    assert (
        pad["military"] == ana["military"] and pad["coins"] == ana["coins"] and pad["stages"] == ana["stages"]
    )
    assert "cards" in game["cities"][1] and "cards" in game["cities"][2]  # the others as they were
    assert _totals(nocsrf_client, token) == THREE_TOTALS  # the pad's numbers are the score so far
    page = nocsrf_client.get(f"/g/{token}/city/0").get_data(as_text=True)
    assert "Entered with the score pad's numbers." in page and 'name="categories-civilian"' in page
    assert 'name="cards"' not in page

    back = stored(nocsrf_app, token).cities[0]
    assert _switch(nocsrf_client, token, 0, "cards", back.version).status_code == 302
    again = _api_game(nocsrf_client, token)["cities"][0]
    assert again["cards"] == ana["cards"] and "science_symbols" not in again
    assert again == {**ana, "side": again["side"]}  # every field as before the switch
    assert _totals(nocsrf_client, token) == THREE_TOTALS


def test_the_pads_numbers_typed_come_back_when_the_city_goes_back_to_the_pad(nocsrf_app, nocsrf_client):
    token = import_three(nocsrf_client)
    _switch(nocsrf_client, token, 1, "pad", stored(nocsrf_app, token).cities[1].version)
    row = stored(nocsrf_app, token).cities[1]
    typed = {**row.data, "categories": {"civilian": 9, "wonder": 5}}
    client_game = {"city": typed, "version": row.version}
    assert nocsrf_client.put(f"/api/v1/games/{token}/cities/1", json=client_game).status_code == 200
    _switch(nocsrf_client, token, 1, "cards", stored(nocsrf_app, token).cities[1].version)
    assert "cards" in _api_game(nocsrf_client, token)["cities"][1]
    _switch(nocsrf_client, token, 1, "pad", stored(nocsrf_app, token).cities[1].version)
    assert _api_game(nocsrf_client, token)["cities"][1]["categories"] == {"civilian": 9, "wonder": 5}


def test_a_switch_from_an_older_page_changes_nothing_and_says_so(nocsrf_app, nocsrf_client):
    token = import_three(nocsrf_client)
    before = stored(nocsrf_app, token).cities[2]
    response = _switch(nocsrf_client, token, 2, "pad", before.version - 1 if before.version > 1 else 99)
    page = nocsrf_client.get(response.headers["Location"]).get_data(as_text=True)
    assert "this city changed on another phone" in page
    after = stored(nocsrf_app, token).cities[2]
    assert (after.version, after.data) == (before.version, before.data)


def test_a_pad_city_without_its_board_is_asked_for_it_before_its_cards(nocsrf_client):
    cities = [{"player": name, "categories": {"civilian": 3}} for name in ("Ana", "Bo", "Cy")]
    token = nocsrf_client.post("/api/v1/games", json={"game": {"edition": 1, "cities": cities}}).get_json()[
        "token"
    ]
    before = _api_game(nocsrf_client, token)["cities"][0]
    response = _switch(nocsrf_client, token, 0, "cards", 1)
    page = nocsrf_client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Choose the city&#39;s wonder first" in page
    assert _api_game(nocsrf_client, token)["cities"][0] == before


def test_a_locked_game_switches_nothing(nocsrf_app, nocsrf_client):
    token = import_three(nocsrf_client)
    nocsrf_client.post(f"/g/{token}/lock", data={"locked": "1", "confirm": "1"})
    before = stored(nocsrf_app, token).cities[0]
    response = _switch(nocsrf_client, token, 0, "pad", before.version)
    page = nocsrf_client.get(response.headers["Location"]).get_data(as_text=True)
    assert "locked" in page and stored(nocsrf_app, token).cities[0].data == before.data
    assert not re.search(r'id="entry-switch"', page)


def test_switched_moves_only_what_belongs_to_one_way():
    city = {"player": "Ana", "wonder": "giza", "coins": 5, "military": [1], "cards": ["baths"],
            "categories": {"leaders": 4}, "stage_ages": [1], "team": "Sun"}  # fmt: skip
    pad, kept = switched(city, None, "pad", {"civilian": 3})
    assert pad == {"player": "Ana", "wonder": "giza", "coins": 5, "military": [1], "team": "Sun",
                   "categories": {"civilian": 3}}  # fmt: skip
    assert kept == {"cards": ["baths"], "categories": {"leaders": 4}, "stage_ages": [1]}
    cards, kept_pad = switched({**pad, "science_symbols": {"gear": 2}}, kept, "cards", {})
    assert cards == city and kept_pad == {"categories": {"civilian": 3}, "science_symbols": {"gear": 2}}
    fresh, _ = switched(pad, None, "cards", {})
    assert fresh["cards"] == [] and "categories" not in fresh


def test_a_game_with_one_city_on_the_pad_is_recorded_as_entered_on_the_pad():
    """A table's statistics count the games entered on the pad: now that each city is entered
    its own way, a game counts when any of its cities was."""
    from assistant.rules import parse_game
    from assistant.tables import record_of
    from tests.web.worked_games import three

    game = three()
    assert record_of(parse_game(game))[0]["pad"] is False
    bo = game["cities"][1]
    game["cities"][1] = {
        "player": bo["player"],
        "wonder": bo["wonder"],
        "coins": 4,
        "categories": {"civilian": 5},
    }
    assert record_of(parse_game(game))[0]["pad"] is True
