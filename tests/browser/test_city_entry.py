"""Cards or the pad's numbers, city by city, on phones (Chromium, 390x844, with the script and
without it): one game, two cities entered card by card and two typed as on the paper pad;
Cy switches to cards and back and finds her numbers; the API gives every total.

Hand-worked totals (first edition, no stage built, 3 coins each: 1 treasury point):
Ana Baths 3 + Altar 2 + 1 = 6; Bo Pawnshop 3 + 1 = 4; Cy civilian 7 + wonder 3 + 1 = 11;
Di civilian 4 + 1 = 5."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.flows import api, open_city, save_city, shot, store_game, tap_cards, wait_saved

pytestmark = pytest.mark.browser

WONDERS = {"Ana": "giza", "Bo": "rhodes", "Cy": "babylon", "Di": "ephesus"}


def _switch(page: Page, to_pad: bool) -> None:
    label = "Type the pad's numbers instead" if to_pad else "Enter the cards instead"
    page.locator("#entry-switch button").click()
    expect(page.locator("#entry-switch")).not_to_contain_text(label)


def _type_pad(page: Page, numbers: dict[str, int], *, script: bool) -> None:
    for category, value in numbers.items():
        page.fill(f"input[name='categories-{category}']", str(value))
    if script:
        page.locator("input[name='categories-civilian']").dispatch_event("change")
        wait_saved(page)
    else:
        save_city(page, script=False)


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_two_card_cities_and_two_pad_cities_in_one_game(live_server, page_context, screenshots, script):
    context = page_context(script)
    page = context.new_page()
    cities = [
        {"player": name, "wonder": wonder, "side": "A", "coins": 3, "cards": []}
        for name, wonder in WONDERS.items()
    ]
    hub = store_game(live_server, {"edition": 1, "cities": cities})
    token = hub.rsplit("/", 1)[1]

    for seat, cards in ((0, ["baths", "altar"]), (1, ["pawnshop"])):
        open_city(page, hub, seat)
        expect(page.locator("#entry-switch")).to_contain_text("Entered card by card.")
        tap_cards(page, cards)
        save_city(page, script=script)

    for seat, numbers in ((2, {"civilian": 7, "wonder": 3}), (3, {"civilian": 4})):
        open_city(page, hub, seat)
        _switch(page, to_pad=True)
        expect(page.locator("#entry-switch")).to_contain_text("Entered with the score pad's numbers.")
        expect(page.locator("#picker")).to_have_count(0)
        _type_pad(page, numbers, script=script)
    shot(page, screenshots, f"city-entry-pad-{'script' if script else 'no-script'}")

    open_city(page, hub, 2)  # Cy tries the cards, then goes back to her numbers
    _switch(page, to_pad=False)
    expect(page.locator("#picker")).to_be_visible()
    _switch(page, to_pad=True)
    expect(page.locator("input[name='categories-civilian']")).to_have_value("7")
    expect(page.locator("input[name='categories-wonder']")).to_have_value("3")

    answer = api(live_server, "GET", f"/api/v1/games/{token}")
    totals = {c["player"]: c["total"] for c in answer["scores"]["cities"]}
    assert totals == {"Ana": 6, "Bo": 4, "Cy": 11, "Di": 5}
    entered = ["cards" in c for c in answer["game"]["cities"]]
    assert entered == [True, True, False, False]


def test_a_row_the_tiles_work_out_gives_way_to_them_as_they_are_tapped(live_server, page_context):
    """Babel: Ana's "Tower of Babel" row is a box to type until she taps her tiles built; then
    the row says it is worked out from them, and only the tiles are saved (1 tile: 2 points)."""
    page = page_context(True).new_page()
    cities = [
        {"player": name, "wonder": wonder, "side": "A", "coins": 3, "cards": []}
        for name, wonder in WONDERS.items()
    ]
    hub = store_game(live_server, {"edition": 1, "expansions": ["babel"], "cities": cities})
    open_city(page, hub, 0)
    row = page.locator("[data-computed-by='babel_tiles']")
    expect(row.locator(".typed-input")).to_be_visible()
    expect(row.locator(".computed-note")).to_be_hidden()
    page.locator("button[data-target='babel_tiles']", has_text="+").click()
    expect(row.locator(".computed-note")).to_be_visible()
    expect(row.locator(".typed-input")).to_be_hidden()
    wait_saved(page)
    answer = api(live_server, "GET", f"/api/v1/games/{hub.rsplit('/', 1)[1]}")
    assert answer["game"]["cities"][0]["babel_tiles"] == 1 and "categories" not in answer["game"]["cities"][0]
    assert answer["scores"]["cities"][0]["categories"]["babel"] == 2
