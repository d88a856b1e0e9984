"""Issue 13's checks in Chromium at 390x844: the Free City's turn of a two-player game (with
JavaScript and without), a "Can I build it?" verdict that knows the deck (no copy left), and
the scoreboard naming the city of a table that cannot happen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.flows import (
    ask_about,
    create_game,
    open_city,
    scrolls_sideways,
    shot,
    tap_card,
    wait_saved,
)

pytestmark = pytest.mark.browser

TWO = [("giza", "A"), ("rhodes", "A")]


def test_the_free_city_page_answers_for_the_hand_its_holder_offers(live_server, phone, screenshots):
    page = phone()
    hub = create_game(page, live_server, ["Ana", "Bo"], TWO, free_city=("babylon", "A"))
    page.goto(hub)
    page.locator(f"a[href$='{hub.rsplit('/', 1)[-1]}/free-city']").first.click()
    expect(page.locator("h1")).to_have_text("The Free City's turn")
    # A card the Free City can build must be played: the Baths (a stone bought from Ana) and the
    # Altar (free) both qualify, so the first in the hand's order is played and the other named.
    ask_about(page, ["altar", "baths"])
    answer = page.locator("#free-city-answer .verdict")
    expect(answer).to_have_attribute("data-action", "build")  # answered as tapped, without a submit
    expect(answer).to_have_attribute("data-card", "baths")
    expect(answer).to_contain_text(
        "The Free City must play a card it can build: it builds the Baths. Free City can build the Baths for "
        "2 coins: 1 stone from Ana (2 coins)."
    )
    expect(answer).to_contain_text("Its holder may choose instead: Altar")
    assert scrolls_sideways(page) == []
    shot(page, screenshots, "94-free-city")
    # A card that cannot have been dealt (not in the 3-player deck) is refused by name.
    page.goto(hub + "/free-city?hand=altar&hand=chamber-of-commerce")
    refused = page.locator("#free-city-answer [data-refused]")
    expect(refused).to_have_attribute("data-refused", "hand[1]")
    expect(refused).to_contain_text(
        "The Chamber of Commerce cannot be in the Free City's hand: it is not in the deck for 3 cities"
    )
    shot(page, screenshots, "95-free-city-refused")


def test_the_free_city_page_works_without_javascript(live_server, page_context, phone, screenshots):
    hub = create_game(phone(), live_server, ["Ana", "Bo"], TWO, free_city=("babylon", "A"))
    context = page_context(False)
    try:
        page = context.new_page()
        page.goto(hub + "/free-city")
        # Loom and glass nobody makes yet: neither card can be built, nor Babylon's first stage
        # (2 clay: its board gives one, and nobody sells clay), so the card is discarded.
        ask_about(page, ["apothecary", "workshop"], script=False)
        answer = page.locator("#free-city-answer .verdict")
        expect(answer).to_have_attribute("data-action", "discard")
        expect(answer).to_contain_text(
            "The Free City can build none of Apothecary and Workshop, nor its next wonder stage, so the "
            "Apothecary is discarded and the Free City takes 3 coins (it has 3)."
        )
        shot(page, screenshots, "96-free-city-no-js")
    finally:
        context.close()


def test_can_i_build_it_says_when_every_copy_is_built_elsewhere(live_server, phone, screenshots):
    page = phone()
    hub = create_game(
        page, live_server, ["Ana", "Bo", "Cy"], [("giza", "A"), ("rhodes", "A"), ("ephesus", "A")]
    )
    open_city(page, hub, 0)
    tap_card(page, "lumber-yard")  # the only Lumber Yard of a 3-player deck
    wait_saved(page)
    open_city(page, hub, 1)
    page.get_by_role("link", name="Can I build it?").click()
    ask_about(page, ["lumber-yard"])
    verdict = page.locator("#verdicts li[data-card=lumber-yard]")
    expect(verdict.locator("[data-why]")).to_have_attribute("data-why", "no-copy-left")
    expect(verdict).to_contain_text("no copy left")
    expect(verdict).to_contain_text(
        "Bo cannot build the Lumber Yard: the deck for 3 cities has 1 copy, and it is built in the city of Ana."
    )
    shot(page, screenshots, "97-no-copy-left")


def test_the_scoreboard_names_the_city_of_a_table_that_cannot_happen(live_server, phone, screenshots):
    page = phone()
    page.goto(live_server + "/")
    game = {
        "edition": 1,
        "cities": [
            {"player": "Ana", "wonder": "giza", "cards": ["stockade"], "shields_by_age": [3, 1, 1]},
            {"player": "Bo", "wonder": "rhodes", "cards": ["baths"], "shields_by_age": [0, 0, 0]},
            {"player": "Cy", "wonder": "ephesus", "cards": ["altar"], "shields_by_age": [0, 0, 0]},
        ],
    }
    created = page.request.post(live_server + "/api/v1/games", data={"game": game})
    assert created.status == 201
    page.goto(created.json()["view_url"])
    problems = page.locator("#board .problems")
    expect(problems.locator("[data-code=shields-go-down]")).to_have_text(
        "Ana's shields by age go down from 3 at the end of Age I to 1 at the end of Age II, but a city never "
        "loses shields: its red cards stay built."
    )
    expect(problems.locator("[data-code=shields-mismatch]")).to_contain_text("Ana's shields by age say 3")
    assert scrolls_sideways(page) == []
    shot(page, screenshots, "98-scoreboard-problems")
    # The same in Spanish, naming the city.
    spanish = phone("es-ES")
    spanish.goto(created.json()["view_url"])
    expect(spanish.locator("#board .problems [data-code=shields-go-down]")).to_contain_text(
        "Los escudos por era de Ana bajan de 3"
    )
