"""The city page's card picker at 390x844, as a thumb uses it: every card of a base game on
about one screen, in whatever order the cards are tapped, with nothing moving under the
thumb (every layout shift the browser reports while tapping, those just after a tap
included, adds up to 0); an expansion's own families (its leaders, its black cards) open
over the page from a button that says how many the city holds, stay open while cards are
tapped (issue 43) and close on a tap of their Close button; nothing scrolls sideways."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.browser.flows import api, axe_now, shot, store_game, tap_cards, wait_saved

pytestmark = pytest.mark.browser

SHIFTS = """window.__shift = 0; new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (e) { window.__shift += e.value; }); })
  .observe({ type: "layout-shift", buffered: true });"""
CARDS = ["lumber-yard", "stone-pit", "clay-pool", "loom", "glassworks", "baths", "altar", "aqueduct",
         "marketplace", "caravansery", "stockade", "walls", "apothecary", "dispensary", "laboratory"]  # fmt: skip


def _city(live_server: str, phone, expansions: list[str]):
    seats = [("Ana", "giza"), ("Bo", "rhodes"), ("Cy", "babylon"), ("Di", "olympia")]
    game = {
        "edition": 1,
        "expansions": expansions,
        "cities": [{"player": p, "wonder": w, "cards": []} for p, w in seats],
    }
    hub = store_game(live_server, game)
    page = phone()
    page.context.add_init_script(SHIFTS)
    page.goto(hub + "/city/0")
    expect(page.locator("#city-form")).to_be_visible()
    page.evaluate(
        "() => window.scrollTo(0, document.querySelector('#structures').getBoundingClientRect().top + scrollY - 112)"
    )
    page.evaluate("() => { window.__shift = 0; }")
    return page, hub.rsplit("/", 1)[1]


def test_every_base_card_is_on_about_a_screen_and_nothing_moves_under_the_thumb(
    live_server, phone, screenshots
):
    page, token = _city(live_server, phone, [])
    grid = page.locator("#picker").bounding_box()
    assert grid is not None and grid["height"] <= 900, grid  # a 390x844 screen, less the sticky bars
    order = list(CARDS)
    random.Random(7).shuffle(order)
    tap_cards(page, order)
    wait_saved(page)
    assert page.evaluate("() => window.__shift") == 0
    expect(page.locator("#held-strip .chip")).to_have_count(15)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shot(page, screenshots, "picker-1-base")
    stored = api(live_server, "GET", f"/api/v1/games/{token}")["game"]["cities"][0]["cards"]
    assert sorted(stored) == sorted(CARDS)


def test_an_expansions_families_open_over_the_page_and_close_on_a_tap(live_server, phone, screenshots):
    page, token = _city(live_server, phone, ["leaders", "cities"])
    leaders = page.locator("button[data-family='white']")
    expect(leaders).to_have_text("Leaders 0")
    expect(page.locator(".tile label[for='cards-hammurabi']")).to_be_hidden()
    leaders.click()
    sheet = page.locator("dialog.sheet[open]")
    expect(sheet).to_have_accessible_name("Leaders · City buildings")  # one sheet for both families
    assert axe_now(page) == []
    shot(page, screenshots, "picker-2-leaders")
    page.evaluate("() => { window.__shift = 0; }")  # a full-page screenshot resizes the page
    page.locator(".tile label[for='cards-hammurabi']").click()
    expect(sheet).to_have_count(1)  # it stays open for the next card (issue 43)
    expect(leaders).to_have_text("Leaders 1")
    tap_cards(page, ["spy-ring", "baths", "imhotep", "laboratory"])
    wait_saved(page)
    assert page.evaluate("() => window.__shift") == 0
    grid = page.locator("#picker").bounding_box()
    assert grid is not None and grid["height"] <= 900, grid
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    stored = api(live_server, "GET", f"/api/v1/games/{token}")["game"]["cities"][0]["cards"]
    assert sorted(stored) == ["baths", "hammurabi", "imhotep", "laboratory", "spy-ring"]
    page.locator("dialog.sheet .sheet-close").click()
    expect(sheet).to_have_count(0)
    # The search finds a leader behind its button, and Escape closes an open family.
    page.fill("#card-filter", "nefer")
    expect(leaders).to_have_class("button small white found")
    page.fill("#card-filter", "")
    leaders.click()
    page.keyboard.press("Escape")
    expect(page.locator("dialog.sheet[open]")).to_have_count(0)
