"""The web app with an expansion: the toy edition's Festival (a colour, a category, a card
without an age and a city field of its own) chosen at set-up, typed on a city's page,
scored on the scoreboard, and named through the JSON API."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader

from tests.conftest import TOY_EDITION
from tests.web.test_games import city_form, stored

SEATS = {f"seats-{i}-player": name for i, name in enumerate(["Ana", "Bo", "Cy", "Di", "Ed"])}


def _expansions_offered(page: str) -> list[str]:
    """The expansion boxes a page offers, in order (one tap each)."""
    return re.findall(r'name="expansions" type="checkbox" value="([a-z-]+)"', page)


def _seat_fields(page: str) -> list[str]:
    return re.findall(r'name="(seats-\d+-player)"', page)


def test_the_new_game_form_offers_the_editions_expansions_one_tap_each(nocsrf_client):
    page = nocsrf_client.get(f"/new?edition={TOY_EDITION}").get_data(as_text=True)
    assert _expansions_offered(page) == ["festival", "parade"]
    assert "Starting coins: 5." in page and len(_seat_fields(page)) == 4
    page = nocsrf_client.get("/new?edition=2").get_data(as_text=True)
    assert _expansions_offered(page) == ["leaders", "cities", "armada", "edifice"]


def test_choosing_an_expansion_changes_the_seats_the_coins_and_the_boards(nocsrf_client):
    page = nocsrf_client.get(f"/new?edition={TOY_EDITION}&expansions=festival").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*value="festival"', page)
    assert len(_seat_fields(page)) == 5 and "Starting coins: 7." in page
    assert 'value="toy-carousel"' in page  # the expansion's board can be picked


def test_setting_the_game_up_for_an_expansion_without_javascript_keeps_the_names(nocsrf_client):
    data = {
        "edition": str(TOY_EDITION),
        "expansions": "festival",
        "change": "1",
        **dict(list(SEATS.items())[:2]),
    }
    response = nocsrf_client.post("/new", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and 'value="Ana"' in page and 'value="Bo"' in page
    assert len(_seat_fields(page)) == 5


def test_an_unknown_expansion_is_refused_beside_the_field(nocsrf_client):
    data = {"edition": str(TOY_EDITION), "expansions": "fiesta", "deal": "y", **SEATS}
    response = nocsrf_client.post("/new", data=data)
    assert response.status_code == 400 and "no expansion “fiesta”" in response.get_data(as_text=True)


def _festival_game(client) -> str:
    data = {"edition": str(TOY_EDITION), "expansions": "festival", "deal": "y", **SEATS}
    response = client.post("/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[-1]


def test_a_festival_game_is_stored_with_its_expansion_and_five_cities_of_seven_coins(nocsrf_client):
    token = _festival_game(nocsrf_client)
    game = nocsrf_client.get(f"/api/v1/games/{token}").get_json()["game"]
    assert game["expansions"] == ["festival"] and [c["coins"] for c in game["cities"]] == [7] * 5


def test_a_city_types_its_garlands_and_the_scoreboard_counts_the_festival_row(nocsrf_app, nocsrf_client):
    token = _festival_game(nocsrf_client)
    page = nocsrf_client.get(f"/g/{token}/city/0").get_data(as_text=True)
    assert 'name="garlands"' in page and 'value="toy-juggler"' in page  # its field and its silver card
    row = stored(nocsrf_app, token)
    city = dict(row.cities[0].data)
    form = city_form(city, row.cities[0].version, garlands="3", cards=["toy-juggler"])
    response = nocsrf_client.post(f"/g/{token}/city/0", data=form)
    assert response.status_code == 302, response.get_data(as_text=True)
    saved = stored(nocsrf_app, token).cities[0].data
    assert saved["garlands"] == 3 and saved["cards"] == ["toy-juggler"]
    board = nocsrf_client.get(f"/g/{token}/scoreboard").get_data(as_text=True)
    ana = board.split('id="row-0"')[1].split('id="row-1"')[0]
    assert "Festival: 9" in ana  # 3 garlands × 2 and the Juggler's 3


def test_too_many_garlands_are_refused_beside_the_field_and_nothing_is_lost(nocsrf_app, nocsrf_client):
    token = _festival_game(nocsrf_client)
    row = stored(nocsrf_app, token)
    city = dict(row.cities[0].data)
    response = nocsrf_client.post(
        f"/g/{token}/city/0", data=city_form(city, row.cities[0].version, garlands="99", coins="12")
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and 'value="12"' in page and "Garlands" in page
    assert stored(nocsrf_app, token).cities[0].version == row.cities[0].version


def test_the_api_names_the_expansions_of_a_catalog_and_of_a_military_count(nocsrf_client):
    catalog = nocsrf_client.get(f"/api/v1/catalog?edition={TOY_EDITION}&expansions=festival").get_json()
    assert catalog["expansions"] == ["festival"]
    assert any(card["id"] == "toy-juggler" and card["age"] is None for card in catalog["cards"])
    refused = nocsrf_client.get(f"/api/v1/catalog?edition={TOY_EDITION}&expansions=fiesta")
    assert refused.status_code == 400 and refused.get_json()["field"] == "expansions"
    body = {"edition": TOY_EDITION, "age": 1, "shields": [1, 2, 3, 4, 5]}
    assert nocsrf_client.post("/api/v1/military", json=body).status_code == 400  # four seats at most
    answer = nocsrf_client.post("/api/v1/military", json={**body, "expansions": ["festival"]})
    assert answer.status_code == 200 and len(answer.get_json()["tokens"]) == 5


def _players_offered(page: str) -> list[str]:
    return re.findall(r'value="(\d+)"', page.split('name="players"')[1].split("</select>")[0])


def test_blank_pads_of_an_edition_with_an_expansion_seat_its_players_and_print_its_row(nocsrf_client):
    page = nocsrf_client.get(f"/pads?edition={TOY_EDITION}").get_data(as_text=True)
    assert _expansions_offered(page) == ["festival", "parade"]
    assert _players_offered(page) == ["3", "4"]
    page = nocsrf_client.get(f"/pads?edition={TOY_EDITION}&expansions=festival").get_data(as_text=True)
    assert _players_offered(page) == ["3", "4", "5"]
    page = nocsrf_client.get("/pads?edition=2").get_data(as_text=True)
    assert _expansions_offered(page) == ["leaders", "cities", "armada", "edifice"]
    response = nocsrf_client.get(f"/pads?edition={TOY_EDITION}&expansions=festival&players=5&submit=1")
    assert response.mimetype == "application/pdf"
    text = PdfReader(io.BytesIO(response.data)).pages[0].extract_text()
    assert "with Festival (tests)" in text and "Festival" in text.replace("with Festival (tests)", "")


def test_pads_for_an_expansion_the_edition_lacks_are_refused_beside_the_boxes(nocsrf_client):
    response = nocsrf_client.get(f"/pads?edition={TOY_EDITION}&expansions=fiesta&players=4&submit=1")
    page = response.get_data(as_text=True)
    assert response.mimetype == "text/html" and "no expansion “fiesta”" in page


def test_a_city_entered_card_by_card_types_its_expansion_row_beside_its_cards(nocsrf_app, nocsrf_client):
    token = _festival_game(nocsrf_client)
    page = nocsrf_client.get(f"/g/{token}/city/1").get_data(as_text=True)
    rows = page.split('id="typed-rows"')[1].split("</fieldset>")[0]
    assert re.findall(r'name="categories-([a-z]+)"', rows) == ["festival"]
    row = stored(nocsrf_app, token)
    city = dict(row.cities[1].data)
    form = city_form(city, row.cities[1].version, cards=["toy-shrine"], **{"categories-festival": "4"})
    response = nocsrf_client.post(f"/g/{token}/city/1", data=form)
    assert response.status_code == 302, response.get_data(as_text=True)
    saved = stored(nocsrf_app, token).cities[1].data
    assert saved["cards"] == ["toy-shrine"] and saved["categories"] == {"festival": 4}
    board = nocsrf_client.get(f"/g/{token}/scoreboard").get_data(as_text=True)
    bo = board.split('id="row-1"')[1].split('id="row-2"')[0]
    assert "Festival: 4" in bo and "Festival from the score pad: 4 victory points" in bo
    again = nocsrf_client.get(f"/g/{token}/city/1").get_data(as_text=True)
    assert re.search(
        r'name="categories-festival"[^>]*value="4"|value="4"[^>]*name="categories-festival"', again
    )


def test_a_row_that_may_be_negative_gets_its_limits_and_a_sign_button_on_the_pad(nocsrf_client):
    """The toy Parade's row is -20 to 20 (its data's category_limits), as Cities' debt is 0 or
    less: the pad's field takes a minus, and the API refuses what the data does not allow."""
    cities = [{"player": name, "categories": {}} for name in ("Ana", "Bo", "Cy")]
    game = {"edition": TOY_EDITION, "expansions": ["parade"], "cities": cities}
    token = nocsrf_client.post("/api/v1/games", json={"game": game}).get_json()["token"]
    page = nocsrf_client.get(f"/g/{token}/city/0").get_data(as_text=True)
    field = re.search(r'<input[^>]*name="categories-parade"[^>]*>', page)
    assert field and 'min="-20"' in field.group(0) and 'max="20"' in field.group(0)
    assert 'data-sign="categories-parade"' in page
    cities[0]["categories"] = {"parade": -21}
    refused = nocsrf_client.post("/api/v1/score", json=game)
    assert refused.status_code == 400 and refused.get_json()["field"] == "cities[0].categories.parade"
