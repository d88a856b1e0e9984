"""Issue 15, item 10: the OpenAPI document is no looser than the API (what it calls valid
is accepted), carries links for stateful clients, and links never follow a forged Host."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.rules.catalog import available_expansions
from assistant.web.openapi import document
from tests.web.worked_games import three


def _schema(name: str) -> dict[str, Any]:
    """A component schema, standalone: its references rewritten into ``$defs``."""
    components = document()["components"]["schemas"]
    text = json.dumps(components).replace("#/components/schemas/", "#/$defs/")
    defs = json.loads(text)
    return {**defs[name], "$defs": defs}


CITY = _schema("City")
_VALID = jsonschema.Draft202012Validator(CITY)


def _from_property(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values across the whole range one property of the document allows."""
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema["type"]
    if kind == "integer":
        return st.integers(schema.get("minimum", -(2**31)), schema.get("maximum", 2**31))
    if kind == "boolean":
        return st.booleans()
    if kind == "string" and schema.get("pattern", "").startswith("^"):  # a whole-value pattern
        return st.from_regex(schema["pattern"], fullmatch=True)
    if kind == "string":
        return st.text(min_size=schema.get("minLength", 0), max_size=schema.get("maxLength", 40))
    if kind == "array":
        size = schema.get("maxItems", 8)
        return st.lists(
            _from_property(schema["items"]), min_size=schema.get("minItems", 0), max_size=min(size, 12)
        )
    if kind == "object":
        props = schema["properties"]
        return st.fixed_dictionaries({}, optional={k: _from_property(v) for k, v in props.items()})
    raise AssertionError(kind)


# Every property drawn over its documented range (and its maximum itself, often), then
# kept when the whole document, its if/then rules included, calls the city valid.
valid_cities = st.fixed_dictionaries(
    {"player": _from_property(CITY["properties"]["player"])},
    optional={k: _from_property(v) for k, v in CITY["properties"].items() if k != "player"},
).filter(_VALID.is_valid)


@settings(
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(city=valid_cities)
def test_every_city_the_document_calls_valid_is_scored(client, city):
    game = three()
    # A city of the edition's document may hold what any of its expansions adds: the game
    # plays them all. The other two cities are card-entered; keep the table legal (no
    # second Free City, no team of one).
    game["expansions"] = list(available_expansions(game.get("edition", 1)))
    city.pop("free_city", None)
    city.pop("team", None)  # a rule of the whole table: every city names its team, or none
    game["cities"][1] = city
    response = client.post("/api/v1/score", json=game)
    assert response.status_code == 200, (city, response.get_json())


@pytest.mark.parametrize(
    "city",
    [
        {"player": "Ana", "wonder": "rhodes", "side": "B", "stages": 3},  # Rhodes B has 2 stages
        {"player": "Ana", "wonder": "rhodes", "side": " b ", "stages": 3},
        {"player": "Ana", "wonder": "rhodes", "side": "C"},
        {"player": "Ana", "wonder": "giza", "coins": 1000},
        {"player": "Ana", "wonder": "giza", "military": [1] * 19},
        {"player": "Ana", "wonder": "giza", "cards": ["unobtainium"]},
        {"player": "   ", "wonder": "giza"},
        {"player": "Ana"},
        {"player": "Ana", "wonder": "giza", "cards": [], "categories": {"civilian": 3}},  # from its cards
        {"player": "Ana", "wonder": "giza", "science_symbols": {"gear": 1}},
        {"player": "Ana", "wonder": "giza", "shields_by_age": [1, 2, 100]},
        {"player": "A\x00", "wonder": "giza"},
    ],
)
def test_what_the_api_refuses_the_document_calls_invalid(client, city):
    import jsonschema

    assert not jsonschema.Draft202012Validator(CITY).is_valid(city)
    game = three()
    game["expansions"] = list(available_expansions(1))  # refused whatever the game plays
    game["cities"][1] = city
    assert client.post("/api/v1/score", json=game).status_code == 400


def test_the_document_refuses_what_the_api_refuses_in_requests():
    import jsonschema

    game = _schema("Game")
    free = copy.deepcopy(three())
    free["cities"][0]["free_city"] = True
    free["cities"].append(dict(three()["cities"][0], player="Dee", wonder="olympia"))
    assert not jsonschema.Draft202012Validator(game).is_valid(free)  # a Free City among 4
    can_build = jsonschema.Draft202012Validator(_schema("CanBuildRequest"))
    assert not can_build.is_valid({"game": three(), "city": 5, "card": "temple"})
    assert not can_build.is_valid({"game": three(), "city": 0})
    assert not can_build.is_valid({"game": three(), "city": 0, "card": "temple", "stage": True})
    assert can_build.is_valid({"game": three(), "city": 2, "card": "temple"})
    replace = jsonschema.Draft202012Validator(_schema("ReplaceCity"))
    assert not replace.is_valid({"city": three()["cities"][0], "version": 2**31})
    assert not jsonschema.Draft202012Validator(_schema("CreateGame")).is_valid(
        {"game": three(), "title": "a\x00"}
    )


def test_stored_game_answers_link_to_the_next_operations():
    paths = document()["paths"]
    ids = {op["operationId"] for item in paths.values() for op in item.values()}
    created = paths["/api/v1/games"]["post"]["responses"]["201"]["links"]
    assert created["readGame"]["parameters"] == {"token": "$response.body#/token"}
    for path, method in (("/api/v1/games/{token}", "get"), ("/api/v1/games/{token}/cities/{seat}", "put")):
        links = paths[path][method]["responses"]["200"]["links"]
        assert {link["operationId"] for link in links.values()} <= ids
        assert links["replaceCity"]["parameters"]["token"] == "$request.path.token"


def test_without_a_public_url_a_forged_host_gets_no_links(tmp_path):
    from tests.conftest import make_test_app

    app = make_test_app(tmp_path, SERVER_NAME=None)
    client = app.test_client()
    forged = client.post("/api/v1/games", json={"game": three()}, headers={"Host": "evil.example"})
    assert forged.status_code == 400
    honest = client.post("/api/v1/games", json={"game": three()}, headers={"Host": "127.0.0.1:5000"})
    assert honest.status_code == 201
    assert honest.get_json()["view_url"].startswith("http://127.0.0.1:5000/g/")
    assert honest.get_json()["edit_url"].startswith("http://127.0.0.1:5000/g/")


def test_with_a_public_url_links_use_it_whatever_the_host(tmp_path):
    from tests.conftest import make_test_app

    app = make_test_app(tmp_path, SERVER_NAME=None, PUBLIC_URL="http://192.168.1.20:5000")
    client = app.test_client()
    body = client.post("/api/v1/games", json={"game": three()}, headers={"Host": "evil.example"}).get_json()
    assert body["view_url"].startswith("http://192.168.1.20:5000/g/")
    assert body["edit_url"].startswith("http://192.168.1.20:5000/g/")
    qr = client.get(f"/g/{body['token']}", headers={"Host": "evil.example"})
    assert qr.status_code == 200 and b"evil.example" not in qr.data
