"""The card reference, wonders and rulings on a phone: every card and wonder renders, the
search filters as you type, and a card shows its chains both ways."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from assistant.rules.catalog import catalog_for
from tests.browser.flows import ask_about, shot

pytestmark = pytest.mark.browser


def test_the_card_reference_renders_every_card_by_age_and_colour(live_server, phone, screenshots):
    page = phone()
    page.goto(live_server + "/cards")
    catalog = catalog_for(1)
    items = page.locator("#card-list li.c")
    expect(items).to_have_count(len(catalog.cards))
    for card in catalog.cards:
        item = page.locator(f"#card-list li#{card.id}-{card.age}")
        expect(item).to_contain_text(card.name)
    # cost symbols are drawn, not typed
    assert page.locator("#palace-3 .cost svg").count() == 7
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, screenshots, "40-card-reference")


def test_the_card_search_filters_as_you_type(live_server, phone):
    page = phone()
    page.goto(live_server + "/cards")
    page.fill("#q", "libr")
    expect(page.locator("#library-2")).to_be_visible()
    expect(page.locator("#lumber-yard-1")).to_be_hidden()
    page.fill("#q", "")
    expect(page.locator("#lumber-yard-1")).to_be_visible()


def test_a_card_page_shows_its_chains_both_ways(live_server, phone, screenshots):
    page = phone()
    page.goto(live_server + "/cards")
    page.locator("#forum-2 a", has_text="Forum").click()
    expect(page.locator("h1")).to_have_text("Forum")
    expect(page.locator("main")).to_contain_text("East Trading Post")
    expect(page.locator("main")).to_contain_text("West Trading Post")
    expect(page.locator("main")).to_contain_text("Haven")
    shot(page, screenshots, "41-card-forum")


def test_every_wonder_side_renders_with_its_stages(live_server, phone, screenshots):
    page = phone()
    page.goto(live_server + "/wonders")
    catalog = catalog_for(1)
    for wonder in catalog.wonders:
        section = page.locator(f"section#{wonder.id}")
        expect(section.locator("h2")).to_have_text(wonder.name)
        for i, side in enumerate(wonder.sides):
            expect(section.locator(".wonder-side").nth(i).locator(".stages li")).to_have_count(
                len(side.stages)
            )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, screenshots, "42-wonders")


def test_the_rulings_are_searchable_and_cite_their_sources(live_server, phone, screenshots):
    page = phone()
    page.goto(live_server + "/rulings")
    expect(page.locator("#ruling-list .ruling")).to_have_count(len(catalog_for(1).rulings))
    page.fill("#q", "start of the turn")
    expect(page.locator("#trade-start-of-turn-coins")).to_be_visible()
    expect(page.locator("#science")).to_be_hidden()
    expect(page.locator("#trade-start-of-turn-coins .source")).to_contain_text("Rulebook")
    shot(page, screenshots, "43-rulings")


def test_can_i_build_it_without_a_game(live_server, phone, screenshots):
    page = phone()
    page.goto(live_server + "/can-build")
    page.select_option("#me_wonder", "olympia")
    page.click("label[for=me_side_B]")
    page.click("label[for=me_stages_1]")
    page.fill("#me_coins", "2")
    # Structures are tiles, as on a city's page (no lists to hold down on a phone).
    page.locator("#setup-me .tile label[for=me_cards-stone-pit]").click()
    ask_about(page, ["baths"])
    # Olympia B stage 1 buys raw materials from both neighbours for 1: Baths costs 1 stone,
    # which Olympia's own Stone Pit gives.
    expect(page.locator("#verdicts li[data-card=baths]")).to_contain_text("own resources")
    # The hand of Age II: Aqueduct needs 3 stone; Olympia has one and Giza sells one.
    page.get_by_role("button", name="Age II", exact=True).click()
    ask_about(page, ["aqueduct"])
    expect(page.locator("#verdicts li[data-card=aqueduct] .badge")).to_have_text("resources missing")
    expect(
        page.locator("#verdicts li[data-card=baths]")
    ).to_be_visible()  # the Age I card is still asked about
    expect(page.locator("#markets")).to_contain_text("Right neighbour sells 1 stone (1 coin each).")
    shot(page, screenshots, "44-can-build-standalone")
