"""The installable app at the table: Chromium finds it installable (manifest, service
worker, icons, nothing from outside the app); a phone that opened its city reloads it with
no network, enters cards there, and they reach the server once the network is back, once;
the copy the phone keeps follows what was saved; a page never opened says there is no
network instead of the browser's error page."""

from __future__ import annotations

import re
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from tests.browser.flows import api, open_city, shot, store_game, tap_card, wait_for_the_worker, wait_saved

pytestmark = pytest.mark.browser

GAME = {
    "edition": 1,
    "cities": [
        {"player": "Ana", "wonder": "giza", "side": "A", "cards": ["lumber-yard"]},
        {"player": "Bo", "wonder": "rhodes", "side": "A", "cards": []},
        {"player": "Cy", "wonder": "babylon", "side": "A", "cards": []},
    ],
}


def test_the_app_installs_and_a_city_is_entered_with_no_network(live_server, phone, screenshots):
    hub = store_game(live_server, GAME)
    token = hub.rsplit("/", 1)[1]
    page = phone()
    outside: list[str] = []
    page.on(
        "request",
        lambda r: (
            outside.append(r.url)
            if urlparse(r.url).netloc != urlparse(live_server).netloc and not r.url.startswith("data:")
            else None
        ),
    )
    page.goto(hub)
    wait_for_the_worker(page)
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # A test's browser context is incognito, which Chromium names too: anything else is the app's.
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.webmanifest")

    page.goto(hub + "/scoreboard")  # opened online: the phone keeps the page
    expect(page.locator(".ranking > li")).to_have_count(3)
    open_city(page, hub, 0)
    before = api(live_server, "GET", f"/api/v1/games/{token}")["versions"][0]
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#city-form")).to_be_visible()
    expect(page.locator("#cards-lumber-yard")).to_be_checked()
    tap_card(page, "stone-pit")
    tap_card(page, "baths")
    expect(page.locator("#save-state")).to_have_attribute("data-state", "offline", timeout=10_000)
    shot(page, screenshots, "offline-1-city")

    page.context.set_offline(False)
    wait_saved(page)
    stored = api(live_server, "GET", f"/api/v1/games/{token}")
    assert stored["game"]["cities"][0]["cards"] == ["lumber-yard", "stone-pit", "baths"]
    assert stored["versions"][0] == before + 1  # sent once, not twice

    # The copy kept on the phone is the one saved: a second reload with no network shows it.
    page.wait_for_timeout(500)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#cards-baths")).to_be_checked()
    expect(page.locator("#save-state")).not_to_have_attribute("data-state", "offline")
    page.goto(hub)  # the game's page, opened before, also opens
    expect(page.locator(".cities li")).to_have_count(3)
    page.goto(hub + "/scoreboard")  # and the last scoreboard it saw
    expect(page.locator(".ranking > li")).to_have_count(3)
    page.goto(f"{live_server}/tables")  # never opened: the app's own page, not the browser's
    expect(page.locator("h1")).to_have_text("No network")
    shot(page, screenshots, "offline-2-never-opened")
    page.context.set_offline(False)
    assert outside == []


def test_the_first_page_a_phone_opens_is_kept_for_a_reload_with_no_network(live_server, phone):
    """The worker arrives after the first page it will serve: the page is fetched again once
    the worker takes it, so that a reload with no network shows it, not "this phone has not
    opened this page"."""
    hub = store_game(live_server, GAME)
    page = phone()
    page.goto(hub + "/city/1")  # the first page this phone ever opens
    wait_for_the_worker(page)
    page.wait_for_function(
        "async () => !!(await (await caches.open('pages')).match(location.href))", timeout=10_000
    )
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#city-form")).to_be_visible()
    expect(page.locator("h1.city-name")).to_contain_text("Bo")


def test_the_total_says_it_is_not_counted_while_taps_wait_for_the_network(live_server, phone):
    """Offline, the assistant cannot count a tap: the total says so (struck through, "not
    counted yet") instead of showing the last count as if it were current, and follows again
    once the taps are saved. Bo: Baths, 3 points (and 0 coins)."""
    hub = store_game(live_server, GAME)
    page = phone()
    open_city(page, hub, 1)
    total = page.locator("#live-total")
    expect(total.locator(".live-points")).to_have_attribute("data-total", "0")
    page.context.set_offline(True)
    tap_card(page, "baths")
    expect(page.locator("#save-state")).to_have_attribute("data-state", "offline", timeout=10_000)
    expect(total).to_have_class(re.compile(r"\bstale\b"))
    assert (
        page.evaluate("() => getComputedStyle(document.querySelector('#live-total'), '::after').content")
        == '"not counted yet"'
    )
    page.context.set_offline(False)
    wait_saved(page)
    expect(total).not_to_have_class(re.compile(r"\bstale\b"))
    expect(total.locator(".live-points")).to_have_attribute("data-total", "3")
