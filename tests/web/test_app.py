"""The app factory, the home page, error pages, security headers, gzip and sizes."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

from tests.conftest import make_test_app


def test_create_app_takes_its_configuration_from_the_caller(tmp_path: Path):
    app = make_test_app(tmp_path, POLL_SECONDS=7)
    assert app.config["POLL_SECONDS"] == 7
    assert app.config["DATABASE_URL"].endswith("test.db")
    assert (tmp_path / "test.db").exists()


def test_without_configuration_the_data_folder_keeps_the_database_and_a_secret_key(
    tmp_path: Path, monkeypatch
):
    from assistant.web import create_app

    monkeypatch.setenv("ASSISTANT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    first = create_app()
    second = create_app()
    assert (tmp_path / "data" / "assistant.db").exists()
    assert (
        first.config["SECRET_KEY"]
        == second.config["SECRET_KEY"]
        == (tmp_path / "data" / "secret_key").read_text()
    )


def test_the_home_page_renders_with_its_links(client):
    response = client.get("/")
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert "Score your 7 Wonders game" in body
    for link in ("/new", "/rules", "/cards", "/rulings", "/pads", "/import", "/can-build", "/static/app.css"):
        assert link in body


@pytest.mark.parametrize("path", ["/no-such-page", "/g/not-a-token", "/cards/no-such-card"])
def test_a_missing_page_answers_404_in_words_a_player_understands(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "Page not found" in response.get_data(as_text=True)


def test_a_wrong_method_answers_405_with_a_page(client):
    response = client.delete("/")
    assert response.status_code == 405
    assert "Not allowed here" in response.get_data(as_text=True)


def test_a_request_larger_than_a_game_can_be_answers_413(client):
    response = client.post("/import", data={"text": "x" * 300_000})
    assert response.status_code == 413
    assert "Too much at once" in response.get_data(as_text=True)


def test_a_form_posted_without_its_csrf_token_answers_400(client):
    response = client.post("/new", data={"seats-0-player": "Ana", "seats-1-player": "Bo"})
    assert response.status_code == 400
    assert "was not understood" in response.get_data(as_text=True)


def test_an_unexpected_error_answers_500_without_a_traceback(tmp_path: Path):
    app = make_test_app(tmp_path)

    @app.get("/boom")
    def boom():
        raise RuntimeError("secret internals")

    response = app.test_client().get("/boom")
    assert response.status_code == 500
    body = response.get_data(as_text=True)
    assert (
        "Something went wrong on our side" in body
        and "secret internals" not in body
        and "Traceback" not in body
    )


def test_api_errors_answer_json(client):
    response = client.get("/api/v1/no-such-thing")
    assert response.status_code == 404 and response.is_json


def test_every_page_carries_security_headers_and_a_content_security_policy(client):
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Frame-Options"] == "DENY"


def test_pages_are_gzipped_for_phones_that_accept_it(client):
    plain = client.get("/cards")
    zipped = client.get("/cards", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.data) == plain.data
    assert "Accept-Encoding" in zipped.headers["Vary"]


def test_static_files_are_served_gzipped_and_cacheable(client):
    (link,) = re.findall(r'href="(/static/app\.css\?v=[0-9a-f]+)"', client.get("/").get_data(as_text=True))
    response = client.get(link, headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert "max-age" in response.headers["Cache-Control"]
    assert b":root" in gzip.decompress(response.data)


def test_pages_reference_nothing_outside_the_app(client):
    for path in ("/", "/cards", "/wonders", "/rulings", "/new", "/pads"):
        body = client.get(path).get_data(as_text=True)
        assert "http://" not in body.replace("http://www.w3.org", "") and "https://" not in body, path


def test_the_health_check_answers(client):
    assert client.get("/healthz").get_data(as_text=True) == "ok\n"


def test_malformed_rules_data_stops_start_up_naming_the_file_and_entry(tmp_path: Path, monkeypatch):
    import shutil

    from assistant.resources import resource_dir
    from assistant.rules import catalog as catalog_module
    from assistant.rules import clear_caches
    from assistant.rules.catalog import CatalogError

    data = tmp_path / "rules_data"
    shutil.copytree(resource_dir("rules_data"), data)
    age2 = data / "first_edition" / "age2.toml"
    age2.write_text(age2.read_text().replace('chain_from = ["baths"]', 'chain_from = ["bath"]'))
    monkeypatch.setattr(catalog_module, "resource_path", lambda name: str(data))
    clear_caches()
    try:
        with pytest.raises(CatalogError, match=r"age2\.toml: card aqueduct: chains from 'bath'"):
            make_test_app(tmp_path)
    finally:
        clear_caches()
