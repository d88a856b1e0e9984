"""A club's server behind TLS: cookies marked Secure when its public address is https, and
the hosts ASSISTANT_TRUSTED_HOSTS names are the only ones it answers for (with a public
address too, where it used to be ignored)."""

from __future__ import annotations

from tests.conftest import make_test_app

GAME = {
    "edition": 1,
    "cities": [{"player": p, "wonder": w} for p, w in [("Ana", "giza"), ("Bo", "rhodes"), ("Cy", "babylon")]],
}


def test_cookies_are_secure_when_the_public_address_is_https(tmp_path):
    app = make_test_app(tmp_path, SERVER_NAME=None, PUBLIC_URL="https://wonders.example.org")
    client = app.test_client()
    token = client.post(
        "/api/v1/games", json={"game": GAME}, base_url="https://wonders.example.org"
    ).get_json()["token"]
    visit = client.get(f"/g/{token}", base_url="https://wonders.example.org")
    cookies = visit.headers.getlist("Set-Cookie")
    assert cookies and all("Secure" in c for c in cookies), cookies
    lang = client.get("/language?lang=es&next=/", base_url="https://wonders.example.org")
    assert all("Secure" in c for c in lang.headers.getlist("Set-Cookie"))
    plain = make_test_app(
        tmp_path / "plain", SERVER_NAME=None, PUBLIC_URL="http://192.168.1.20:5000"
    ).test_client()
    token = plain.post("/api/v1/games", json={"game": GAME}).get_json()["token"]
    assert not any("Secure" in c for c in plain.get(f"/g/{token}").headers.getlist("Set-Cookie"))


def test_the_trusted_hosts_listed_are_the_only_ones_answered(tmp_path, monkeypatch):
    monkeypatch.setenv("ASSISTANT_TRUSTED_HOSTS", "wonders.example.org, .club.example")
    app = make_test_app(tmp_path, SERVER_NAME=None, PUBLIC_URL="https://wonders.example.org")
    client = app.test_client()
    assert client.get("/healthz", base_url="https://wonders.example.org").status_code == 200
    assert client.get("/healthz", base_url="https://tables.club.example").status_code == 200
    assert client.get("/healthz", base_url="http://localhost").status_code == 200
    assert client.get("/healthz", base_url="https://evil.example.net").status_code == 400
    monkeypatch.delenv("ASSISTANT_TRUSTED_HOSTS")
    anything = make_test_app(tmp_path / "open", SERVER_NAME=None, PUBLIC_URL="https://wonders.example.org")
    assert anything.test_client().get("/healthz", base_url="https://proxy.internal").status_code == 200
