"""Issue 12: the OpenAPI document describes every edition the app knows, with the limits the
game format's parser applies (never numbers of its own), and each edition's cities."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.rules.catalog import available_editions, available_expansions, catalog_for
from assistant.rules.gameio import MAX_CARDS, MAX_COINS, MAX_SYMBOLS, MAX_TOKENS
from assistant.web.openapi import city_schema_name, document
from tests.web.test_openapi_strict import _from_property
from tests.web.worked_games import three


def _schema(name: str) -> dict[str, Any]:
    components = document()["components"]["schemas"]
    defs = json.loads(json.dumps(components).replace("#/components/schemas/", "#/$defs/"))
    return {**defs[name], "$defs": defs}


GAME = jsonschema.Draft202012Validator(_schema("Game"))
CITY2 = _schema("CityEdition2")


def second_edition_table() -> dict[str, Any]:
    return {
        "edition": 2,
        "cities": [
            {"player": "Ana", "wonder": "giza", "side": "Night", "stages": 2, "cards": ["castrum", "well"]},
            {"player": "Bo", "wonder": "rhodes", "side": "day", "coins": 5, "cards": ["ludus"]},
            {"player": "Cy", "wonder": "babylon", "military": [1, -1]},
        ],
    }


def test_every_edition_has_its_city_and_the_game_names_them_all():
    schemas = document()["components"]["schemas"]
    assert schemas["Game"]["properties"]["edition"]["enum"] == list(available_editions())
    for edition in available_editions():
        catalog = catalog_for(edition, available_expansions(edition))  # a city may hold its expansions'
        city = schemas[city_schema_name(edition)]
        assert set(city["properties"]["cards"]["items"]["enum"]) == {c.id for c in catalog.cards}
        assert set(city["properties"]["categories"]["properties"]) == {
            c.value for c in catalog.rules.categories
        }
        for name, limits in city["properties"]["categories"]["properties"].items():
            category = next(c for c in catalog.rules.categories if c.value == name)
            assert (limits["minimum"], limits["maximum"]) == catalog.rules.category_range(category)
        assert city["properties"]["cards"]["maxItems"] == MAX_CARDS
        assert city["properties"]["coins"]["maximum"] == MAX_COINS
        assert city["properties"]["military"]["maxItems"] == MAX_TOKENS
        assert {v["maximum"] for v in city["properties"]["science_symbols"]["properties"].values()} == {
            MAX_SYMBOLS
        }


def test_a_second_edition_game_is_valid_to_the_document_and_scored(client):
    game = second_edition_table()
    assert GAME.is_valid(game)
    assert client.post("/api/v1/score", json=game).status_code == 200


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda g: g["cities"][0].update(free_city=True), "free_city"),  # no Free City in 2020
        (lambda g: g["cities"][0].update(side="dusk"), "side"),
        (lambda g: g["cities"][0]["cards"].append("pawnshop"), "cards"),  # a 2010 card only
        (lambda g: g.update(edition=3), "edition"),
        (lambda g: g["cities"][0].update(stages=5), "stages"),
    ],
)
def test_what_the_api_refuses_in_a_second_edition_game_the_document_refuses(client, change, field):
    game = second_edition_table()
    change(game)
    assert not GAME.is_valid(game)
    response = client.post("/api/v1/score", json=game)
    assert response.status_code == 400 and field in response.get_json()["field"]


def test_a_second_edition_card_in_a_first_edition_game_is_refused_by_both(client):
    game = copy.deepcopy(three())
    game["cities"][0]["cards"].append("castrum")
    assert not GAME.is_valid(game)
    assert client.post("/api/v1/score", json=game).status_code == 400
    can_build = jsonschema.Draft202012Validator(_schema("CanBuildRequest"))
    assert not can_build.is_valid({"game": three(), "city": 0, "card": "castrum"})
    assert can_build.is_valid({"game": second_edition_table(), "city": 0, "card": "castrum"})


def test_the_second_edition_catalog_fits_the_document(client):
    response = client.get("/api/v1/catalog?edition=2")
    assert response.status_code == 200
    schema = dict(document()["paths"]["/api/v1/catalog"]["get"]["responses"]["200"]["content"])
    body_schema = {**schema["application/json"]["schema"], "components": document()["components"]}
    jsonschema.Draft202012Validator(body_schema).validate(response.get_json())
    assert client.get("/api/v1/catalog?edition=3").status_code == 400


valid_2020_cities = st.fixed_dictionaries(
    {"player": _from_property(CITY2["properties"]["player"])},
    optional={k: _from_property(v) for k, v in CITY2["properties"].items() if k != "player"},
).filter(jsonschema.Draft202012Validator(CITY2).is_valid)


@settings(
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(city=valid_2020_cities)
def test_every_2020_city_the_document_calls_valid_is_scored(client, city):
    game = second_edition_table()
    # The game plays every expansion of the edition (a city may hold what any adds); a team
    # is a rule of the whole table (every city names one, or none), not of one city.
    game["expansions"] = list(available_expansions(2))
    city.pop("team", None)
    game["cities"][1] = city
    assert GAME.is_valid(game)
    response = client.post("/api/v1/score", json=game)
    assert response.status_code == 200, (city, response.get_json())


@pytest.mark.parametrize(("edition", "side"), [(1, " b "), (1, "a"), (2, "Night"), (2, " DAY"), (2, "b")])
def test_every_side_the_parser_reads_the_document_accepts(client, edition, side):
    game = copy.deepcopy(three() if edition == 1 else second_edition_table())
    game["cities"][1]["side"] = side
    assert GAME.is_valid(game)
    assert client.post("/api/v1/score", json=game).status_code == 200


# --- the military request, the catalog's ages and the Free City's hand (issue 12's audit) -------


def test_the_military_request_takes_each_editions_ages_and_table_sizes(client):
    from tests.conftest import TOY_EDITION

    military = jsonschema.Draft202012Validator(_schema("MilitaryRequest"))
    cases = [
        ({"age": 3, "shields": [1, 2, 3]}, True),
        ({"age": 1, "shields": [0] * 7}, True),
        ({"age": 4, "shields": [1, 2, 3]}, False),  # the first edition has three ages
        ({"age": 1, "shields": [0] * 8}, False),
        ({"age": 3, "shields": [1, 2, 3], "edition": 2}, True),
        ({"age": 4, "shields": [1, 2, 3], "edition": TOY_EDITION}, True),  # the toy edition has four
        ({"age": 1, "shields": [1, 2, 3, 4, 5], "edition": TOY_EDITION}, False),  # and 3 or 4 players
        ({"age": 1, "shields": [1, 2, 3, 4, 5], "edition": TOY_EDITION, "expansions": ["festival"]}, True),
        ({"age": 1, "shields": [0] * 6, "edition": TOY_EDITION, "expansions": ["festival"]}, False),
        ({"age": 1, "shields": [0] * 6, "edition": TOY_EDITION, "expansions": ["festival", "parade"]}, True),
        ({"age": 5, "shields": [1, 2, 3], "edition": TOY_EDITION}, False),
        ({"age": 1, "shields": [1, 2, 3, 100]}, False),
    ]
    for body, valid in cases:
        assert military.is_valid(body) is valid, body
        assert (client.post("/api/v1/military", json=body).status_code == 200) is valid, body


def test_a_catalogs_card_ages_are_its_editions(client):
    from tests.conftest import TOY_EDITION

    catalog = jsonschema.Draft202012Validator(_schema("Catalog"))
    toy = client.get(f"/api/v1/catalog?edition={TOY_EDITION}").get_json()
    assert any(c["age"] == 4 for c in toy["cards"]) and catalog.is_valid(toy)
    first = client.get("/api/v1/catalog").get_json()
    assert catalog.is_valid(first)
    first["cards"][0]["age"] = 4
    assert not catalog.is_valid(first)


def test_a_games_age_is_one_of_its_editions(client):
    from tests.conftest import TOY_EDITION
    from tests.test_toy_edition import TOY_GAME

    game = {**three(), "age": 4}
    assert not GAME.is_valid(game)
    assert client.post("/api/v1/score", json=game).status_code == 400
    toy = {**copy.deepcopy(TOY_GAME), "age": 4}
    assert toy["edition"] == TOY_EDITION and GAME.is_valid(toy)
    assert client.post("/api/v1/score", json=toy).status_code == 200


def test_the_free_city_hand_has_the_parsers_limit(client):
    from assistant.rules.gameio import MAX_HAND

    hand = document()["components"]["schemas"]["FreeCityRequest"]["properties"]["hand"]
    assert hand["maxItems"] == MAX_HAND
    game = copy.deepcopy(three())
    game["cities"] = [*game["cities"][:2], dict(game["cities"][2], free_city=True)]
    body = {"game": game, "hand": ["altar"] * (MAX_HAND + 1)}
    response = client.post("/api/v1/free-city", json=body)
    assert response.status_code == 400 and response.get_json()["field"] == "hand"
    # As many as the limit is not refused for its length, only for a card that cannot have been
    # dealt (Ana holds the one Altar of a 3-player deck).
    at_limit = client.post("/api/v1/free-city", json={**body, "hand": ["altar"] * MAX_HAND}).get_json()
    assert at_limit["field"] == "hand[0]" and "Altar" in at_limit["error"]
