"""Tonight's deck on a phone at 390x844 (issue 45): one tap from the home page (and from the
new-game page), the deck for the table chosen with the edition, the expansions and the
players, a checklist ticked card by card, the PDF linked; the same without JavaScript, and in
the table's language with the card names in English."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.flows import scrolls_sideways, shot

pytestmark = pytest.mark.browser


def test_the_host_opens_tonights_deck_from_home_and_checks_the_cities_deck(live_server, phone, screenshots):
    page = phone()
    page.goto(live_server + "/")
    page.locator("#tonights-deck").click()
    expect(page.locator("h1")).to_have_text("Tonight's deck")
    expect(page.locator("#deck-table")).to_contain_text("4 players: hands of 7.")
    page.select_option("#players", "6")
    page.locator("label[for='expansions-1']").click()  # Cities
    page.get_by_role("button", name="Show the deck").click()
    expect(page.locator("#deck-table")).to_contain_text("6 players: hands of 8.")
    first = page.locator("#age-1")
    expect(first.locator("h2")).to_have_text("Age I: 48 cards once drawn")
    expect(first).to_contain_text("Shuffle these black cards of Cities and put 6 of them in, unseen.")
    expect(page.locator("#age-3")).to_contain_text(
        "Shuffle these guilds and put 8 of them in, unseen (6 players + 2)."
    )
    box = page.locator("#deck-1-lumber-yard")
    box.check()
    expect(box).to_be_checked()
    assert "players=6" in (page.locator("#deck-pdf").get_attribute("href") or "")
    assert scrolls_sideways(page) == [], scrolls_sideways(page)
    shot(page, screenshots, "70-tonights-deck-cities")
    response = page.request.get(live_server + (page.locator("#deck-pdf").get_attribute("href") or ""))
    assert response.ok and response.headers["content-type"] == "application/pdf"


def test_without_javascript_the_deck_is_one_tap_from_the_new_game_page(
    live_server, page_context, screenshots
):
    page = page_context(False).new_page()
    page.goto(live_server + "/new")
    page.locator("#deck-link a").click()
    expect(page.locator("h1")).to_have_text("Tonight's deck")
    page.select_option("#players", "5")
    page.locator("label[for='expansions-0']").click()  # Leaders
    page.get_by_role("button", name="Show the deck").click()
    expect(page.locator("#age-1 h2")).to_have_text("Age I: 35 cards once drawn")
    expect(page.locator("#apart")).to_contain_text(
        "The white cards are in no age's deck: shuffle these and deal 4 to each player before Age I."
    )
    page.locator("#apart summary").click()
    expect(page.locator("#apart .deck-pool")).to_contain_text("Cleopatra")
    page.locator("label[for='expansions-1']").click()  # Cities: eight players
    page.get_by_role("button", name="Show the deck").click()
    page.select_option("#players", "8")
    page.get_by_role("button", name="Show the deck").click()
    expect(page.locator("#age-1 h2")).to_have_text("Age I: 56 cards once drawn")
    page.locator("label[for='expansions-1']").click()  # without Cities, the 2010 game seats 7
    page.get_by_role("button", name="Show the deck").click()
    expect(page.locator("#players-err")).to_contain_text("Give the number of players: 2 to 7")
    expect(page.locator("#deck")).to_have_count(0)
    shot(page, screenshots, "71-tonights-deck-no-javascript")


def test_the_deck_speaks_the_tables_language_with_the_card_names_in_english(live_server, phone):
    page = phone(locale="ko-KR")
    page.goto(live_server + "/deck?players=3")
    expect(page.locator("h1")).to_have_text("오늘 밤의 덱")
    expect(page.locator("#age-1 h2")).to_have_text("I시대: 뽑은 카드를 더해 21장")
    expect(page.locator("#age-1")).to_contain_text("Lumber Yard")
