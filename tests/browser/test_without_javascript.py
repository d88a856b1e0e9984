"""The core flows work with JavaScript switched off: set up, enter a city with token counts
and the card tiles, Enter to save, hand out an age's tokens, read and lock the scoreboard."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.flows import (
    create_second_edition_game,
    enter_cities,
    fill_names,
    hand_out_tokens,
    lock,
    shot,
    totals,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def page(page_context):
    context = page_context(False)
    yield context.new_page()
    context.close()


def test_a_game_can_be_set_up_entered_scored_and_locked_without_javascript(page, live_server, screenshots):
    page.goto(live_server + "/new")
    fill_names(page, ["Ana", "Bo", "Cy"])
    page.select_option("select[name='seats-0-wonder']", "giza")
    page.check("input[name=deal]")
    page.locator("button[name=submit]").click()
    hub = page.url
    page.locator(".cities li").first.locator("a").click()
    # The steppers need the script: without it they are not shown, and the number is typed.
    expect(page.locator("button[data-step]").first).to_be_hidden()
    # Token counts are choices: tapping one changes nothing until the city is saved.
    page.click("label[for=military-win2-1]")
    page.click("label[for=stages-1]")
    page.fill("input[name=coins]", "9")
    page.locator(".tile label[for=cards-baths]").click()
    page.locator(".tile label[for=cards-altar]").click()
    # The Save button stays on the screen wherever the thumb is.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
    box = page.locator("#save").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    shot(page, screenshots, "60-no-javascript-city")
    # Enter in the name field saves the city (it never adds or removes a token).
    page.locator("details.more summary").first.click()
    page.locator("input[name=player]").press("Enter")
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved")
    expect(page.locator("input[name=military-win2][value='1']")).to_be_checked()
    expect(page.locator("input[name=military-defeats][value='0']")).to_be_checked()
    page.goto(hub + "/age")
    result = hand_out_tokens(page, [0, 2, 1], age=2)
    expect(result).to_contain_text("Bo beats Ana")
    expect(result).to_contain_text("Cy beats Ana")
    # Ana's +3 of Age II typed in by hand is replaced by the age's own tokens: two defeats.
    expect(result).to_contain_text("Replaces the tokens of this age typed in by hand: +3.")
    page.goto(hub + "/scoreboard")
    # Ana: -1 and -1 (Age II: Bo and Cy both have more shields), Giza A stage 1 (3),
    # 9 coins (3), Baths 3 + Altar 2 = 9.
    assert totals(page)["Ana"] == 9
    lock(page, hub)
    assert page.locator("#lock").count() == 0


def test_a_quick_pad_takes_a_negative_military_score_without_javascript(page, live_server):
    page.goto(live_server + "/new?mode=pad")
    fill_names(page, ["Ana", "Bo", "Cy"])
    page.locator("button[name=submit]").click()
    page.locator(".cities li").first.locator("a").click()
    field = page.locator("input[name=categories-military]")
    # A phone's numeric keypad has no minus key: the field asks for the full keyboard instead.
    assert field.get_attribute("inputmode") is None and field.get_attribute("type") == "number"
    field.fill("-3")
    field.press("Enter")
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved")
    expect(page.locator(".cat-chips .cat-military")).to_contain_text("−3")


def test_a_second_edition_game_is_set_up_entered_and_scored_without_javascript(
    page, live_server, screenshots
):
    # Hand-scored by the 2020 cards and its pad's order (wonder, treasury, military, ...):
    #  Ana  Giza Night, 2 stages (3+5), 9 coins (3), Altar 3 + Temple 4, +3 of Age II   = 21
    #  Bo   Olympia Day, no stage, 3 coins (1), Baths 3, a defeat (-1)                   = 3
    #  Cy   Rhodes Day, 1 stage (3), no coin, Theater 3                                  = 6
    cities = [  # name, wonder, side, and what is tapped and typed in (enter_city's keywords)
        ("Ana", "giza", "B", {"stages": 2, "coins": 9, "tokens": [3], "cards": ["altar", "temple"]}),
        ("Bo", "olympia", "A", {"stages": 0, "coins": 3, "tokens": [-1], "cards": ["baths"]}),
        ("Cy", "rhodes", "A", {"stages": 1, "coins": 0, "tokens": [], "cards": ["theater"]}),
    ]
    hub = create_second_edition_game(
        page, live_server, [(name, wonder, side) for name, wonder, side, _ in cities]
    )
    expect(page.locator(".cities li").first).to_contain_text("Giza Night")
    entered = [city for *_, city in cities]
    entered[0] = {**entered[0], "screenshot": (screenshots, "61-no-javascript-second-edition-city")}
    enter_cities([page] * len(cities), hub, entered, script=False)
    page.goto(hub + "/scoreboard")
    assert totals(page) == {"Ana": 21, "Bo": 3, "Cy": 6}
    expect(page.locator("#winner")).to_contain_text("Ana wins")
    chips = page.locator("#row-0 .cat-chips li").evaluate_all("els => els.map(e => e.className)")
    assert chips == [
        f"cat-{c}" for c in ("wonder", "treasury", "military", "civilian", "commercial", "science", "guilds")
    ]
    shot(page, screenshots, "62-no-javascript-second-edition-scoreboard")
