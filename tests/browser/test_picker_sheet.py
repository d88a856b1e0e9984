"""Issue 43: a Leaders and Cities city of 22 cards tapped in at 390x844 in the order its hand
held them (a leader at the start of each age, black cards among the others), as
``bench/bench_table.py`` measures it: one tap a card, and one to open the expansions' sheet,
which then stays open between picks, whether the next card is in it or in the picker above
it; at most one screen of scrolling from one card to the next."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.flows import api, shot, store_game, wait_saved

pytestmark = pytest.mark.browser

# The bench's city (bench/bench_table.py, EXPANSION_CITY_22): Giza A, 2 stages, 6 coins (the
# coins a Leaders game starts with), tokens +1 +3 -1; 3 leaders and 4 black cards among 22.
HAND = ["hammurabi", "stone-pit", "residence", "baths", "lumber-yard", "apothecary", "loom", "marketplace",
        "imhotep", "spy-ring", "glassworks", "caravansery", "aqueduct", "laboratory", "tabularium",
        "nefertiti", "arena", "embassy", "gardens", "pantheon", "scientists-guild", "fortifications"]  # fmt: skip
FAMILIES = {"hammurabi", "imhotep", "nefertiti", "residence", "spy-ring", "tabularium", "embassy"}
SHEET = (
    "() => { const b = document.querySelector('#families-sheet .sheet-body'); return b ? b.scrollTop : 0; }"
)


def test_a_22_card_leaders_and_cities_city_in_hand_order_takes_a_tap_a_card_and_one_more(
    live_server, phone, screenshots
):
    seats = [("Ana", "giza"), ("Bo", "rhodes"), ("Cy", "babylon"), ("Di", "olympia")]
    hub = store_game(
        live_server,
        {
            "edition": 1,
            "expansions": ["leaders", "cities"],
            "cities": [{"player": p, "wonder": w, "side": "A", "coins": 6, "cards": []} for p, w in seats],
        },
    )
    page = phone()
    assert page.viewport_size == {"width": 390, "height": 844}
    page.goto(hub + "/city/0")
    expect(page.locator("#city-form")).to_be_visible()
    sheet = page.locator("dialog.sheet[open]")
    taps, opened, worst = 0, 0, 0.0
    where = (0, 0)  # the page's scroll and the sheet's

    def tap(locator) -> None:  # a thumb's tap: the page (or the sheet) scrolls to it first
        nonlocal taps, worst, where
        locator.scroll_into_view_if_needed()
        now = (page.evaluate("window.scrollY"), page.evaluate(SHEET))
        worst = max(worst, abs(now[0] - where[0]) + abs(now[1] - where[1]))
        where = now
        locator.tap()
        taps += 1

    tap(page.locator("label[for=stages-2]"))
    for field in ("win1", "win2", "defeats"):
        tap(page.locator(f"label[for='military-{field}-1']"))
    page.evaluate(
        "() => window.scrollTo(0, document.querySelector('#structures').getBoundingClientRect().top + scrollY - 112)"
    )
    where, worst = (page.evaluate("window.scrollY"), 0), 0.0  # from the cards' section on
    for card in HAND:
        tile = page.locator(f".tile label[for='cards-{card}']")
        if not tile.is_visible():  # a leader or a black card, the sheet closed: open it
            family = page.locator(f".tile:has(#cards-{card})").get_attribute("data-color")
            tap(page.locator(f"button[data-family='{family}']"))
            opened += 1
            where = (where[0], page.evaluate(SHEET))
        expect(sheet).to_have_count(1 if card in FAMILIES or opened else 0)
        tap(tile)
        expect(page.locator(f"#cards-{card}")).to_be_checked()
        if opened:  # once opened, the sheet stays open for the next pick, in it or above it
            expect(sheet).to_have_count(1)
    assert opened == 1, opened
    assert taps <= 28, taps  # 4 for the stages and tokens, 22 cards, 1 to open the sheet
    assert worst <= 844, worst
    expect(page.locator("button[data-family='white']")).to_have_text("Leaders 3")
    wait_saved(page)
    shot(page, screenshots, "picker-3-sheet-22-cards")
    # Its Close button closes it, and the page makes no more room under it.
    page.locator("#families-sheet .sheet-close").tap()
    expect(sheet).to_have_count(0)
    expect(page.locator("html")).not_to_have_class(re.compile(r"\bsheet-docked\b"))
    stored = api(live_server, "GET", f"/api/v1/games/{hub.rsplit('/', 1)[1]}")["game"]["cities"][0]
    assert sorted(stored["cards"]) == sorted(HAND) and stored["coins"] == 6
    assert sorted(stored["military"]) == [-1, 1, 3]
