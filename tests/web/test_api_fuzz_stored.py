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
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import make_test_app
from tests.web.worked_games import three

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


# Each example stores a game and reads it back through every page, on SQLite and on PostgreSQL
# (up to a fifth of a second each): two fifths of the profile's examples (60 in CI).
SETTINGS = settings(
    max_examples=settings.default.max_examples * 2 // 5, suppress_health_check=list(HealthCheck)
)


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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


# --- the game's play, the Free City, the tables ------------------------------------------------

CARD_NAMES = [
    "baths",
    "Baths",
    "BAZAAR",
    "scientists-guild",
    "bath\x00s",
    "ba\ud800ths",
    "loom",
    "Lumber Yard",
]
cards = texts | st.sampled_from(CARD_NAMES)


def assert_kept(value: Any, where: str = "stored") -> None:
    """Nothing stored holds text a page or a database cannot keep (NUL, a lone surrogate)."""
    from assistant.rules.gameio import unsafe_text

    if isinstance(value, str):
        assert not unsafe_text(value), (where, value)
    elif isinstance(value, dict):
        for key, item in value.items():
            assert_kept(key, where)
            assert_kept(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            assert_kept(item, f"{where}[{index}]")


@pytest.mark.slow
@SETTINGS
@given(
    age=st.integers(0, 4) | values,
    discard=st.lists(cards | values, max_size=4) | values,
    version=st.just("read") | numbers | values,
    depth=st.sampled_from([3, 1100]),
)
def test_replacing_the_play_with_anything_never_fails_and_a_refusal_changes_nothing(
    fuzz, age, discard, version, depth
):
    created = fuzz.post("/api/v1/games", json={"game": three()}).get_json()
    token = created["token"]
    body = {
        "age": age,
        "discard": discard,
        "version": created["play_version"] if version == "read" else version,
    }
    response = fuzz.put(
        f"/api/v1/games/{token}/play", data=encode(body, depth), content_type="application/json"
    )
    answer = answered(response)
    if response.status_code == 200:
        from assistant.rules.catalog import catalog_for

        assert all(catalog_for(1).has_card(card) for card in answer["game"].get("discard", []))
        assert_kept(answer["game"])
        every_read_serves(fuzz, token, answer["game"])
    else:
        every_read_serves(fuzz, token, created["game"])


def test_a_card_id_holding_a_nul_is_refused_naming_the_field_not_cleaned_and_stored(fuzz):
    created = fuzz.post("/api/v1/games", json={"game": three()}).get_json()
    token = created["token"]
    body = {"version": created["play_version"], "age": 2, "discard": ["baths", "bath\x00s"]}
    response = fuzz.put(f"/api/v1/games/{token}/play", json=body)
    assert response.status_code == 400 and response.get_json()["field"] == "discard[1]"
    assert "discard" not in fuzz.get(f"/api/v1/games/{token}").get_json()["game"]
    game = three()
    game["cities"][0]["cards"][1] = "Bath\x00s"
    response = fuzz.post("/api/v1/games", json={"game": game})
    assert response.status_code == 400 and response.get_json()["field"] == "game.cities[0].cards[1]"
    game = three()
    game["cities"][0]["wonder"] = "giz\x00a"
    response = fuzz.post("/api/v1/score", json=game)
    assert response.status_code == 400 and response.get_json()["field"] == "cities[0].wonder"


def free_city_game() -> dict[str, Any]:
    game = three()
    game["cities"][2] = {"player": "Free City", "wonder": "babylon", "free_city": True, "cards": ["loom"]}
    return game


@pytest.mark.slow
@SETTINGS
@given(
    hand=st.lists(cards, min_size=1, max_size=4) | values,
    city=near_valid_cities(0),
    depth=st.sampled_from([3, 1100]),
)
def test_the_free_city_answers_anything_without_a_500(fuzz, hand, city, depth):
    game = free_city_game()
    answered(
        fuzz.post(
            "/api/v1/free-city",
            data=encode({"game": game, "hand": hand}, depth),
            content_type="application/json",
        )
    )
    game["cities"][0] = city
    answered(
        fuzz.post(
            "/api/v1/free-city",
            data=encode({"game": game, "hand": ["altar"]}, depth),
            content_type="application/json",
        )
    )


def every_table_read_serves(client, table: str) -> dict[str, Any]:
    read = client.get(f"/api/v1/tables/{table}")
    assert read.status_code == 200
    body = answered(read)
    assert_kept(body)
    for path in (f"/t/{table}", f"/t/{table}/players", f"/t/{table}/export.csv", f"/t/{table}/export.json"):
        response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        answered(response)
    export = client.get(f"/api/v1/tables/{table}/export")
    assert export.status_code == 200
    assert_kept(answered(export))
    for player in body["stats"].get("players", [])[:2]:
        key = player.get("key")
        if isinstance(key, str):
            assert client.get(f"/t/{table}/p/{key}").status_code == 200
    return body


@pytest.mark.slow
@SETTINGS
@given(
    name=st.none() | texts | values,
    rename=texts | values,
    query=texts,
    title=texts | values,
    names=st.dictionaries(texts, texts | values, max_size=2) | values,
    depth=st.sampled_from([3, 1100]),
)
def test_tables_take_anything_without_a_500_and_keep_only_what_reads_back(
    fuzz, name, rename, query, title, names, depth
):
    created = fuzz.post("/api/v1/tables", data=encode({"name": name}, depth), content_type="application/json")
    answered(created)
    table = (
        created.get_json()["token"]
        if created.status_code == 201
        else fuzz.post("/api/v1/tables", json={"name": "Thursday"}).get_json()["token"]
    )
    answered(
        fuzz.patch(
            f"/api/v1/tables/{table}", data=encode({"name": rename}, depth), content_type="application/json"
        )
    )
    game = fuzz.post("/api/v1/games", json={"game": three()}).get_json()
    answered(fuzz.put(f"/api/v1/tables/{table}/games/{game['token']}"))
    for key in ("q", "since", "until", "edition"):  # sent as bytes: a lone surrogate as its 3 bytes
        answered(fuzz.get(f"/api/v1/tables/{table}?{key}=" + quote(query.encode("utf-8", "surrogatepass"))))
    for body in (
        {"player": "Ana", "rename": rename},
        {"player": query or "Ana", "merge_into": rename},
        {"player": rename, "rename": "Ana María"},
    ):
        answered(
            fuzz.post(
                f"/api/v1/tables/{table}/names", data=encode(body, depth), content_type="application/json"
            )
        )
    entry = {"game": three(), "title": title, "played_on": query, "locked": True, "record": names}
    imported = fuzz.post(
        f"/api/v1/tables/{table}/import",
        data=encode({"games": [entry], "names": names}, depth),
        content_type="application/json",
    )
    answered(imported)
    every_table_read_serves(fuzz, table)
    answered(fuzz.delete(f"/api/v1/tables/{table}/games/{game['token']}"))
    every_table_read_serves(fuzz, table)
    answered(fuzz.get("/api/v1/tables/" + quote(query[:40].encode("utf-8", "surrogatepass"), safe="") or "x"))


@pytest.mark.parametrize("bad", ["\x00", "\ud800", "Ana\x00"])
def test_an_import_keeps_no_name_title_or_record_text_a_database_cannot_keep(fuzz, bad):
    table = fuzz.post("/api/v1/tables", json={"name": "Thursday"}).get_json()["token"]
    game = three()
    game["cities"][0]["coins"] = 8  # a game of its own in this module's shared database
    record = {
        "cities": [{"player": bad, "total": 1, "rank": 1, "categories": {bad: 1}}],
        "winners": [bad],
    }
    entry = {"game": game, "title": f"Friday{bad}", "locked": True, "record": record}
    text = encode({"games": [entry], "names": {bad: "Ana", "ana": bad}}, 1)
    response = fuzz.post(f"/api/v1/tables/{table}/import", data=text, content_type="application/json")
    assert answered(response)["imported"] == 1
    body = every_table_read_serves(fuzz, table)
    assert [g["title"] for g in body["games"]] == [None]
