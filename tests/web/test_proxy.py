"""Issue 28: behind a reverse proxy (ASSISTANT_PROXIES=N), the forwarded headers say who the
client is (rate limits) and which address the phones used (https links); without it, the
same headers are ignored, so nobody can forge them to dodge a limit or redirect a link.
Issue 44: they are believed only on a request from the proxies' own addresses."""

from __future__ import annotations

import pytest

from tests.conftest import make_test_app

GAME = {
    "cities": [{"player": p, "wonder": w} for p, w in [("Ana", "giza"), ("Bo", "rhodes"), ("Cy", "babylon")]]
}


def _client(tmp_path, proxies: int | str):
    app = make_test_app(
        tmp_path,
        PROXIES=proxies,
        SERVER_NAME=None,
        TRUSTED_HOSTS=["club.example.org", "localhost", "127.0.0.1"],
        RATELIMIT_ENABLED=True,
        RATE_LIMIT_CREATE="2 per minute",
    )
    return app.test_client()


def _create(client, forwarded_for: str, **headers: str):
    return client.post(
        "/api/v1/games",
        json={"game": GAME},
        headers={"X-Forwarded-For": forwarded_for, **headers},
        environ_base={"REMOTE_ADDR": "127.0.0.1"},  # every request comes from the proxy
    )


def test_behind_a_trusted_proxy_links_are_https_at_the_forwarded_host(tmp_path):
    client = _client(tmp_path, proxies=1)
    made = _create(
        client, "203.0.113.5", **{"X-Forwarded-Proto": "https", "X-Forwarded-Host": "club.example.org"}
    )
    assert made.status_code == 201
    assert made.get_json()["edit_url"].startswith("https://club.example.org/g/")
    page = client.get(
        made.get_json()["edit_url"].removeprefix("https://club.example.org"),
        headers={"X-Forwarded-For": "203.0.113.5", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "club.example.org"},
    )  # fmt: skip
    assert page.status_code == 200
    assert b"https://club.example.org/" in page.data  # the join link and its QR code
    assert b"http://club.example.org/" not in page.data


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit(tmp_path):
    client = _client(tmp_path, proxies=1)
    assert [_create(client, "203.0.113.5").status_code for _ in range(3)] == [201, 201, 429]
    assert _create(client, "203.0.113.6").status_code == 201  # another phone behind the same proxy


def test_without_a_proxy_the_forwarded_headers_are_ignored(tmp_path):
    client = _client(tmp_path, proxies=0)
    codes = [_create(client, f"198.51.100.{n}").status_code for n in range(3)]
    assert codes == [201, 201, 429]  # a new X-Forwarded-For each time dodges nothing
    made = client.post(
        "/api/v1/games",
        json={"game": GAME},
        headers={"X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example"},
        environ_base={"REMOTE_ADDR": "127.0.0.2"},
    )
    assert made.get_json()["edit_url"].startswith("http://localhost/g/")


@pytest.mark.parametrize("setting", ["1", "127.0.0.1", "127.0.0.0/8,::1"])
def test_a_client_that_reaches_the_app_directly_cannot_pick_its_address(tmp_path, setting):
    """Issue 44: with ASSISTANT_PROXIES=1, a client that reached gunicorn directly chose the
    address it was counted as through X-Forwarded-For. The headers are believed only on a
    request from the proxy's own addresses (the old numeric form: from this computer)."""
    client = _client(tmp_path, proxies=setting)

    def direct(forwarded_for: str, **headers: str):
        return client.post(
            "/api/v1/games",
            json={"game": GAME},
            headers={"X-Forwarded-For": forwarded_for, **headers},
            environ_base={"REMOTE_ADDR": "192.0.2.10"},  # past the proxy, from elsewhere
        )

    codes = [direct(f"198.51.100.{n}").status_code for n in range(3)]
    assert codes == [201, 201, 429]  # counted as 192.0.2.10, whatever it forwards
    made = direct("198.51.100.9", **{"X-Forwarded-Proto": "https", "X-Forwarded-Host": "club.example.org"})
    assert made.status_code == 429
    # Through the proxy, the forwarded address counts (and was not spent by the forger).
    assert [_create(client, "198.51.100.1").status_code for _ in range(3)] == [201, 201, 429]


def test_a_direct_client_gets_links_to_the_host_it_used_not_one_it_forwarded(tmp_path):
    client = _client(tmp_path, proxies="127.0.0.1")
    made = client.post(
        "/api/v1/games",
        json={"game": GAME},
        headers={"X-Forwarded-Proto": "https", "X-Forwarded-Host": "club.example.org"},
        environ_base={"REMOTE_ADDR": "192.0.2.10"},
    )
    assert made.status_code == 201
    assert made.get_json()["edit_url"].startswith("http://localhost/g/")


def test_a_chain_of_listed_proxies_is_read_from_the_right_to_the_first_address_not_listed(tmp_path):
    """A load balancer and nginx, both in 10.0.0.0/8: X-Forwarded-For's addresses are passed
    from the right while they are the proxies'; the first that is not is the client."""
    client = _client(tmp_path, proxies="10.0.0.0/8")

    def through_two(forwarded_for: str):
        return client.post(
            "/api/v1/games",
            json={"game": GAME},
            headers={"X-Forwarded-For": forwarded_for, "X-Forwarded-Proto": "https"},
            environ_base={"REMOTE_ADDR": "10.0.0.5"},
        )

    # A client forging a left part changes nothing: the balancer appended its real address.
    codes = [through_two(f"198.51.100.{n}, 203.0.113.9, 10.0.0.7").status_code for n in range(3)]
    assert codes == [201, 201, 429]
    made = through_two("203.0.113.10, 10.0.0.7")
    assert made.status_code == 201
    assert made.get_json()["edit_url"].startswith("https://")


@pytest.mark.parametrize("value", ["yes", "6", "127.0.0.1,nginx", "-1"])
def test_the_proxies_are_addresses_networks_or_a_small_count(monkeypatch, tmp_path, value):
    from assistant.web.config import ConfigError

    monkeypatch.setenv("ASSISTANT_PROXIES", value)
    with pytest.raises(ConfigError, match="ASSISTANT_PROXIES must list the reverse proxies' addresses"):
        make_test_app(tmp_path)


@pytest.mark.parametrize(
    ("value", "trusted", "hops"),
    [("0", None, None), ("", None, None), ("2", "127.0.0.0/8,::1/128", 2),
     (" 127.0.0.1 , 10.0.0.0/8 ", "127.0.0.1/32,10.0.0.0/8", None), ("::1", "::1/128", None)],
)  # fmt: skip
def test_the_proxies_setting_is_read(monkeypatch, tmp_path, value, trusted, hops):
    monkeypatch.setenv("ASSISTANT_PROXIES", value)
    proxies = make_test_app(tmp_path).config["PROXIES"]
    if trusted is None:
        assert proxies is None
    else:
        assert ",".join(str(n) for n in proxies.networks) == trusted and proxies.hops == hops
