"""The installable app's parts, as the server gives them: the manifest (in the reader's
language, with PNG icons of the sizes it names), the service worker (the fingerprinted
files it keeps), fingerprinted static links cached for good while any other link is
checked each time, the offline page, and a save from a page of another protocol refused
with a reload instead of being read."""

from __future__ import annotations

import io
import re

from PIL import Image

from assistant.web.pwa import PROTOCOL
from tests.web.test_games import city_form, import_three, stored


def test_the_manifest_names_the_app_in_the_readers_language_with_its_icons(client):
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200 and answer.mimetype == "application/manifest+json"
    manifest = answer.get_json(force=True)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["name"] == "7 Wonders table assistant"
    for icon in manifest["icons"]:
        png = client.get(icon["src"])
        assert png.status_code == 200 and png.mimetype == "image/png"
        assert Image.open(io.BytesIO(png.data)).size == tuple(int(n) for n in icon["sizes"].split("x"))
    assert {i["purpose"] for i in manifest["icons"]} == {"any", "maskable"}
    spanish = client.get("/manifest.webmanifest", headers={"Accept-Language": "es"}).get_json(force=True)
    assert spanish["name"] == "Asistente de mesa para 7 Wonders"
    assert client.get("/icons/100.png").status_code == 404


def test_static_links_carry_their_fingerprint_and_are_cached_for_good(client):
    page = client.get("/").get_data(as_text=True)
    (script,) = re.findall(r'src="(/static/app\.js\?v=[0-9a-f]{10})"', page)
    assert client.get(script).headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert client.get("/static/app.js").headers["Cache-Control"] == "no-cache"
    assert client.get("/static/app.js?v=0000000000").headers["Cache-Control"] == "no-cache"
    assert 'rel="manifest" href="/manifest.webmanifest"' in page
    assert f'data-protocol="{PROTOCOL}"' in page and 'data-sw="/sw.js"' in page


def test_the_service_worker_keeps_the_fingerprinted_files_and_the_offline_page(client):
    page = client.get("/").get_data(as_text=True)
    answer = client.get("/sw.js")
    body = answer.get_data(as_text=True)
    assert answer.mimetype == "application/javascript" and answer.headers["Cache-Control"] == "no-cache"
    for link in re.findall(r'(?:src|href)="(/static/[^"]+)"', page):
        assert f'"{link}"' in body
    assert '"/offline"' in body and "/palette.css?v=" in body
    offline = client.get("/offline").get_data(as_text=True)
    assert "No network" in offline and "still open with no network" in offline


def test_a_save_from_a_page_of_another_protocol_asks_it_to_reload(nocsrf_app, nocsrf_client):
    token = import_three(nocsrf_client)
    row = stored(nocsrf_app, token)
    form = city_form(dict(row.cities[0].data), row.cities[0].version, coins="10")
    headers = {"Accept": "application/json", "X-Protocol": str(PROTOCOL + 1)}
    answer = nocsrf_client.post(f"/g/{token}/city/0", data=form, headers=headers)
    assert answer.status_code == 409 and answer.get_json() == {"saved": False, "reload": True}
    assert stored(nocsrf_app, token).cities[0].version == row.cities[0].version  # nothing read
    headers["X-Protocol"] = str(PROTOCOL)
    answer = nocsrf_client.post(f"/g/{token}/city/0", data=form, headers=headers)
    assert answer.status_code == 200 and answer.get_json()["saved"] is True
