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


def _create_from(client, address: str) -> int:
    return client.post(
        "/api/v1/games", json={"game": GAME}, environ_base={"REMOTE_ADDR": address}
    ).status_code


def test_thirty_addresses_of_one_network_are_limited_as_a_network(tmp_path):
    """Issue 44: 30 addresses made 300 games at 10 a minute each. Their /24 has a limit of its
    own, twice an address's by default: 20 in all, whoever of the 30 asks."""
    app = make_test_app(
        tmp_path, RATELIMIT_ENABLED=True, RATE_LIMIT_CREATE="10 per minute", WTF_CSRF_ENABLED=False
    )
    client = app.test_client()
    codes = [_create_from(client, f"198.51.100.{n}") for n in range(1, 31) for _ in range(10)]
    assert codes.count(201) == 20 and codes.count(429) == 280
    assert codes[:20] == [201] * 20  # each address's first ten, until the network's twenty
    # Another network, and an address of it, are not held back by the first one's count.
    assert _create_from(client, "203.0.113.7") == 201


def test_an_ipv6_network_counts_its_56_together_and_its_limit_can_be_set(tmp_path):
    app = make_test_app(
        tmp_path,
        RATELIMIT_ENABLED=True,
        RATE_LIMIT_CREATE="2 per minute",
        RATE_LIMIT_NETWORK="3 per minute",
        WTF_CSRF_ENABLED=False,
    )
    client = app.test_client()
    # Four addresses of one home (its /56: four /64s), each under its own limit of 2.
    codes = [_create_from(client, f"2001:db8:0:{n}::1") for n in range(4)]
    assert codes == [201, 201, 201, 429]
    assert _create_from(client, "2001:db8:0:100::1") == 201  # another /56
    # An IPv4 address written as IPv6 counts in its IPv4 network.
    codes = [_create_from(client, f"::ffff:192.0.2.{n}") for n in range(1, 5)]
    assert codes == [201, 201, 201, 429]
    assert _create_from(client, "192.0.2.99") == 429
