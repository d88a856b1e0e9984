"""The OpenAPI document describes exactly the API the app serves, and real answers fit it."""

from __future__ import annotations

import re

import jsonschema
import pytest

from assistant.web.openapi import document
from tests.web.worked_games import three


def api_routes(app) -> set[tuple[str, str]]:
    routes = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/v1"):
            continue
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            routes.add((path, method.lower()))
    return routes


def documented() -> set[tuple[str, str]]:
    return {(path, method) for path, item in document()["paths"].items() for method in item}


def test_every_api_route_is_documented_and_every_documented_route_exists(app):
    assert api_routes(app) == documented()


def test_the_document_is_served_and_is_valid_json_schema():
    doc = document()
    assert doc["openapi"].startswith("3.1")
    for name, schema in doc["components"]["schemas"].items():
        jsonschema.Draft202012Validator.check_schema(schema), name


def fits(body, response_schema) -> None:
    schema = dict(response_schema)
    schema["components"] = document()["components"]
    jsonschema.Draft202012Validator(schema).validate(body)


def schema_for(path: str, method: str, status: int):
    return document()["paths"][path][method]["responses"][str(status)]["content"]["application/json"][
        "schema"
    ]


@pytest.mark.parametrize(
    ("method", "url", "doc_path", "body", "status"),
    [
        ("get", "/api/v1/catalog", "/api/v1/catalog", None, 200),
        ("post", "/api/v1/score", "/api/v1/score", three(), 200),
        ("post", "/api/v1/score", "/api/v1/score", {"cities": 1}, 400),
        (
            "post",
            "/api/v1/can-build",
            "/api/v1/can-build",
            {"game": three(), "city": 0, "card": "palace"},
            200,
        ),
        (
            "post",
            "/api/v1/can-build",
            "/api/v1/can-build",
            {"game": three(), "city": 1, "card": "temple"},
            200,
        ),
        ("post", "/api/v1/can-build", "/api/v1/can-build", {"game": three(), "city": 0, "stage": True}, 200),
        ("post", "/api/v1/can-build", "/api/v1/can-build", {"game": three(), "city": 5, "card": "x"}, 400),
        ("post", "/api/v1/military", "/api/v1/military", {"age": 3, "shields": [1, 2, 3]}, 200),
        ("post", "/api/v1/games", "/api/v1/games", {"game": three()}, 201),
        ("post", "/api/v1/games", "/api/v1/games", {"game": {}}, 400),
    ],
)
def test_real_answers_fit_the_documented_schemas(client, method, url, doc_path, body, status):
    response = getattr(client, method)(url, json=body) if body is not None else getattr(client, method)(url)
    assert response.status_code == status
    fits(response.get_json(), schema_for(doc_path, method, status))


def test_stored_game_answers_fit_the_documented_schemas(client):
    created = client.post("/api/v1/games", json={"game": three()}).get_json()
    token = created["token"]
    fits(client.get(f"/api/v1/games/{token}").get_json(), schema_for("/api/v1/games/{token}", "get", 200))
    city = created["game"]["cities"][0]
    ok = client.put(f"/api/v1/games/{token}/cities/0", json={"city": city, "version": 1})
    fits(ok.get_json(), schema_for("/api/v1/games/{token}/cities/{seat}", "put", 200))
    stale = client.put(f"/api/v1/games/{token}/cities/0", json={"city": city, "version": 1})
    assert stale.status_code == 409
    fits(stale.get_json(), schema_for("/api/v1/games/{token}/cities/{seat}", "put", 409))
    fits(
        client.post(f"/api/v1/games/{token}/lock").get_json(),
        schema_for("/api/v1/games/{token}/lock", "post", 200),
    )


def test_the_openapi_document_is_served(client):
    assert client.get("/api/v1/openapi.json").get_json() == document()
