"""Issue 15's fuzzing: Hypothesis drives the API (and the import page) with near-valid games
holding bad values (lone surrogates, NUL and other control characters, huge numbers,
deep nesting, wrong types) on SQLite and on PostgreSQL. Never a 500, and whatever is
stored, every later read serves it: the API, the pages, the live board and the export."""

from __future__ import annotations

import copy
import json
import secrets
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import make_test_app
from tests.web.games import three

BAD_CHARACTERS = ["\ud800", "\udfff", "\x00", "\x1b", "\x7f", "\x85", "\u2028", "\ufeff", "🂡", "Ş", "김"]
texts = st.lists(st.sampled_from(BAD_CHARACTERS) | st.characters(), max_size=12).map("".join)
numbers = st.integers(-(2**70), 2**70) | st.sampled_from(
    [2**31, 2**31 - 1, 2**63, 2**64, -(2**63) - 1, 999, 1000, -1]
)
DEEP = "__deep__"
scalars = (
    st.none()
    | st.booleans()
    | numbers
    | st.floats(allow_nan=False, allow_infinity=False)
    | texts
    | st.just(DEEP)
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=8,
)
CITY_FIELDS = [
    "player",
    "wonder",
    "side",
    "stages",
    "coins",
    "cards",
    "military",
    "shields_by_age",
    "free_city",
    "categories",
    "science_symbols",
]


def encode(value: Any, depth: int) -> str:
    """JSON text as a client would send it: lone surrogates escaped, DEEP as deep nesting."""
    text = json.dumps(value, ensure_ascii=True)
    return text.replace(json.dumps(DEEP), "[" * depth + "]" * depth)


@st.composite
def near_valid_cities(draw, seat: int) -> dict[str, Any]:
    city = copy.deepcopy(three()["cities"][seat])
    for _ in range(draw(st.integers(1, 3))):
        field = draw(st.sampled_from(CITY_FIELDS))
        choice = draw(st.integers(0, 3))
        if choice == 0:
            city[field] = draw(values)
        elif choice == 1 and field in ("player", "wonder", "side"):
            city[field] = draw(texts)
        elif choice == 2 and field in ("stages", "coins"):
            city[field] = draw(numbers)
        elif field == "cards":
            city["cards"] = [
                *(city["cards"][:3] if isinstance(city.get("cards"), list) else []),
                draw(texts | st.sampled_from(["baths", "Baths", "BAZAAR"])),
            ]
        elif field == "military":
            city["military"] = [draw(numbers | st.sampled_from([1, 3, 5, -1]))]
        else:
            city.pop(field, None)
    return city


@st.composite
def near_valid_games(draw) -> dict[str, Any]:
    game = three()
    for seat in sorted(draw(st.sets(st.integers(0, 2), min_size=1, max_size=2))):
        game["cities"][seat] = draw(near_valid_cities(seat))
    if draw(st.integers(0, 4)) == 0:
        game[draw(st.sampled_from(["edition", "extra"]) | texts)] = draw(values)
    return game


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def fuzz(request):
    """One app per database for every example (an app per example would dominate the run)."""
    tmp = Path(tempfile.mkdtemp(prefix="fuzz-stored-"))
    if request.param == "sqlite":
        yield make_test_app(tmp, WTF_CSRF_ENABLED=False).test_client()
        return
    import psycopg

    url = request.getfixturevalue("postgres_url").replace("postgresql+psycopg://", "postgresql://")
    schema = "fuzz_" + secrets.token_hex(6)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in url else "?"
    app = make_test_app(tmp, f"{url}{sep}options=-csearch_path%3D{schema}", WTF_CSRF_ENABLED=False)
    yield app.test_client()
    app.extensions["db_engine"].dispose()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


def answered(response) -> Any:
    assert response.status_code < 500, (response.status_code, response.data[:300])
    assert b"Traceback" not in response.data
    if response.mimetype == "application/json":
        body = json.loads(response.data)  # strict UTF-8 JSON: no lone surrogate in an answer
        if response.status_code >= 400:
            assert isinstance(body.get("error"), str) and body["error"]
        return body
    response.data.decode("utf-8")  # a page a browser can decode
    return None


def every_read_serves(client, token: str, stored: dict[str, Any]) -> None:
    read = client.get(f"/api/v1/games/{token}")
    assert read.status_code == 200
    body = answered(read)
    assert body["game"] == stored
    view = body["view_token"]
    paths = [
        f"/g/{token}",
        f"/g/{view}/scoreboard",
        f"/g/{view}/scoreboard?partial=1",
        f"/g/{token}/export.json",
        "/",
    ]
    paths += [f"/g/{token}/city/{seat}" for seat in range(len(stored["cities"]))]
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        answered(response)
    assert json.loads(client.get(f"/g/{token}/export.json").data) == stored


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


@SETTINGS
@given(game=near_valid_games(), title=st.none() | texts, depth=st.sampled_from([3, 900, 1100, 20_000]))
def test_creating_games_from_anything_never_fails_and_stores_only_what_reads_back(fuzz, game, title, depth):
    body = {"game": game} if title is None else {"game": game, "title": title}
    response = fuzz.post("/api/v1/games", data=encode(body, depth), content_type="application/json")
    created = answered(response)
    if response.status_code == 201:
        every_read_serves(fuzz, created["token"], created["game"])
    imported = fuzz.post("/import", data={"text": encode(game, depth)})
    assert imported.status_code in (302, 400, 413), imported.status_code
    answered(imported)
    if imported.status_code == 302:
        token = imported.headers["Location"].rsplit("/", 1)[-1]
        every_read_serves(fuzz, token, fuzz.get(f"/api/v1/games/{token}").get_json()["game"])


@SETTINGS
@given(city=near_valid_cities(1), version=numbers | values, depth=st.sampled_from([3, 1100]))
def test_replacing_a_city_with_anything_never_fails_and_a_refusal_changes_nothing(fuzz, city, version, depth):
    created = fuzz.post("/api/v1/games", json={"game": three()}).get_json()
    token = created["token"]
    response = fuzz.put(
        f"/api/v1/games/{token}/cities/1",
        data=encode({"city": city, "version": version}, depth),
        content_type="application/json",
    )
    body = answered(response)
    if response.status_code == 200:
        every_read_serves(fuzz, token, body["game"])
    else:
        every_read_serves(fuzz, token, created["game"])


@SETTINGS
@given(body=values, game=near_valid_games(), card=texts | values, depth=st.sampled_from([3, 1100]))
def test_the_stateless_endpoints_answer_anything_without_a_500(fuzz, body, game, card, depth):
    answered(fuzz.post("/api/v1/score", data=encode(game, depth), content_type="application/json"))
    answered(fuzz.post("/api/v1/score", data=encode(body, depth), content_type="application/json"))
    question = {"game": game, "city": 0, "card": card}
    answered(fuzz.post("/api/v1/can-build", data=encode(question, depth), content_type="application/json"))
    answered(
        fuzz.post(
            "/api/v1/military",
            data=encode({"age": body, "shields": [body, 1, 2]}, depth),
            content_type="application/json",
        )
    )
    answered(fuzz.get("/api/v1/games/" + encode(card, 1).strip('"')[:80]))
