"""Rate limits for a public server: what creates data (a game, a table, an import) shares one
limit per client; over it, 429 in the reader's language (or the API's JSON error) and
nothing stored; reading is never limited."""

from __future__ import annotations

from tests.conftest import make_test_app

GAME = {
    "edition": 1,
    "cities": [{"player": p, "wonder": w} for p, w in [("Ana", "giza"), ("Bo", "rhodes"), ("Cy", "babylon")]],
}


def _app(tmp_path):
    return make_test_app(
        tmp_path, RATELIMIT_ENABLED=True, RATE_LIMIT_CREATE="3 per minute", WTF_CSRF_ENABLED=False
    )


def test_creating_shares_one_limit_and_is_refused_past_it_with_nothing_stored(tmp_path):
    client = _app(tmp_path).test_client()
    made = [client.post("/api/v1/games", json={"game": GAME}).status_code for _ in range(2)]
    made.append(client.post("/api/v1/tables", json={"name": "Club"}).status_code)
    assert made == [201, 201, 201]
    refused = client.post("/api/v1/games", json={"game": GAME})
    assert refused.status_code == 429 and refused.get_json()["status"] == 429
    assert "wait a minute" in refused.get_json()["error"]
    page = client.post("/t/new", data={}, headers={"Accept-Language": "es"})
    assert page.status_code == 429 and "<html" in page.get_data(as_text=True)
    assert "Too many new games" not in page.get_data(as_text=True)  # in Spanish
    assert client.get("/new").status_code == 200  # reading (and the form) is never limited
    assert client.get("/healthz").status_code == 200


def test_each_client_has_its_own_count(tmp_path):
    client = _app(tmp_path).test_client()
    for _ in range(3):
        assert (
            client.post(
                "/api/v1/games", json={"game": GAME}, environ_base={"REMOTE_ADDR": "10.0.0.1"}
            ).status_code
            == 201
        )
    assert (
        client.post(
            "/api/v1/games", json={"game": GAME}, environ_base={"REMOTE_ADDR": "10.0.0.1"}
        ).status_code
        == 429
    )
    assert (
        client.post(
            "/api/v1/games", json={"game": GAME}, environ_base={"REMOTE_ADDR": "10.0.0.2"}
        ).status_code
        == 201
    )
