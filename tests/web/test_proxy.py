"""Issue 28: behind a reverse proxy (ASSISTANT_PROXIES=N), the forwarded headers say who the
client is (rate limits) and which address the phones used (https links); without it, the
same headers are ignored, so nobody can forge them to dodge a limit or redirect a link."""

from __future__ import annotations

import pytest

from tests.conftest import make_test_app

GAME = {
    "cities": [{"player": p, "wonder": w} for p, w in [("Ana", "giza"), ("Bo", "rhodes"), ("Cy", "babylon")]]
}


def _client(tmp_path, proxies: int):
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


def test_the_proxy_count_is_a_small_whole_number(monkeypatch, tmp_path):
    from assistant.web.config import ConfigError

    monkeypatch.setenv("ASSISTANT_PROXIES", "yes")
    with pytest.raises(ConfigError, match="ASSISTANT_PROXIES must be a whole number from 0 to 5"):
        make_test_app(tmp_path)
