"""Whatever arrives, the API answers 200 or a 4xx with a message naming a field: never a
500 and never a traceback. Random JSON and mutated real games, through the real app."""

from __future__ import annotations

import copy
import functools
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import make_test_app
from tests.web.worked_games import three

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=25,
)

FIELDS = [
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


@st.composite
def mutated_games(draw, top_level: bool = True) -> dict[str, Any]:
    """A real game with one to three of its fields replaced by anything at all."""
    game = three()
    for _ in range(draw(st.integers(1, 3))):
        city = game["cities"][draw(st.integers(0, 2))]
        city[draw(st.sampled_from(FIELDS))] = draw(json_values)
    if top_level and draw(st.booleans()):
        game[draw(st.sampled_from(["edition", "cities", "extra"]))] = (
            draw(json_values) if draw(st.booleans()) else game.get("cities")
        )
    return game


@functools.cache
def _client():
    """One app for every example (creating an app per example would dominate the run)."""
    return make_test_app(Path(tempfile.mkdtemp(prefix="fuzz-"))).test_client()


def assert_answered(response) -> None:
    assert response.status_code in (200, 201, 400, 403, 404, 409), response.status_code
    body = response.get_json()
    assert body is not None
    if response.status_code >= 400:
        assert isinstance(body.get("error"), str) and body["error"]
        assert "Traceback" not in json.dumps(body)


@given(body=json_values | mutated_games())
def test_score_never_fails_with_a_500(body):
    client = _client()
    assert_answered(client.post("/api/v1/score", json=body))


@given(
    game=mutated_games(),
    city=json_values | st.integers(-2, 4),
    card=json_values | st.sampled_from(["temple", "palace", "forum"]),
)
def test_can_build_never_fails_with_a_500(game, city, card):
    client = _client()
    assert_answered(client.post("/api/v1/can-build", json={"game": game, "city": city, "card": card}))
    assert_answered(client.post("/api/v1/can-build", json={"game": game, "city": city, "stage": True}))


@given(mutated=mutated_games(top_level=False), version=json_values | st.integers(0, 3))
def test_replacing_a_city_never_fails_with_a_500_and_a_refusal_changes_nothing(mutated, version):
    client = _client()
    token = client.post("/api/v1/games", json={"game": three()}).get_json()["token"]
    before = client.get(f"/api/v1/games/{token}").get_json()["game"]
    response = client.put(
        f"/api/v1/games/{token}/cities/1",
        json={"city": copy.deepcopy(mutated["cities"][1]), "version": version},
    )
    assert_answered(response)
    if response.status_code != 200:
        assert client.get(f"/api/v1/games/{token}").get_json()["game"] == before


@functools.cache
def _form_client():
    client = make_test_app(Path(tempfile.mkdtemp(prefix="fuzz-forms-")), WTF_CSRF_ENABLED=False).test_client()
    token = client.post("/import", data={"text": json.dumps(three())}).headers["Location"].rsplit("/", 1)[-1]
    return client, token


form_values = (
    st.text(max_size=15)
    | st.integers(-5, 1000).map(str)
    | st.sampled_from(["", "A", "B", "giza", "baths", "1,3,-1", "{}", '{"cards": 3}', "[]", "null"])
)
CITY_FIELDS = [
    "version",
    "base",
    "player",
    "wonder",
    "side",
    "stages",
    "coins",
    "military-win1",
    "military-win2",
    "military-win3",
    "military-defeats",
    "cards",
    "categories-military",
    "compass",
]


@given(
    form=st.dictionaries(
        st.sampled_from(CITY_FIELDS), form_values | st.lists(form_values, max_size=3), max_size=8
    )
)
def test_a_city_form_with_anything_in_it_never_fails_with_a_500(form):
    client, token = _form_client()
    response = client.post(f"/g/{token}/city/1", data=form)
    assert response.status_code in (302, 400, 409), response.status_code
    answer = client.post(f"/g/{token}/city/1", data=form, headers={"Accept": "application/json"})
    assert answer.status_code in (200, 400, 409) and "saved" in answer.get_json()
    assert client.get(f"/g/{token}/city/1").status_code == 200  # whatever was saved reads back


@given(
    form=st.dictionaries(
        st.sampled_from(["age", "versions", "shields-0", "shields-1", "shields-2", "shields-3"]),
        form_values,
        max_size=6,
    )
)
def test_an_end_of_age_form_with_anything_in_it_never_fails_with_a_500(form):
    client, token = _form_client()
    assert client.post(f"/g/{token}/age", data=form).status_code in (200, 302, 400)
