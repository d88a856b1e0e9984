"""The core flows work with JavaScript switched off: set up, enter a city with the token
buttons, hand out an age's tokens, read and lock the scoreboard."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.flows import shot, totals

pytestmark = pytest.mark.browser


def test_a_game_can_be_set_up_entered_scored_and_locked_without_javascript(browser, live_server, screenshots):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(live_server + "/new")
        for i, name in enumerate(["Ana", "Bo", "Cy"]):
            page.fill(f"input[name='seats-{i}-player']", name)
        page.select_option("select[name='seats-0-wonder']", "giza")
        page.select_option("select[name='seats-0-side']", "A")
        page.locator("button[name=submit]").click()
        hub = page.url
        page.locator(".cities li").first.locator("a").click()
        # Without a script the token buttons submit the form and save at once.
        page.click("button[data-token='3']")
        expect(page.locator("#token-list .token")).to_have_text(["+3"])
        page.click("label[for=stages-1]")
        page.fill("input[name=coins]", "9")
        page.check("input[name=cards][value=baths]")
        page.check("input[name=cards][value=altar]")
        page.click("#save")
        expect(page.locator(".flash-ok")).to_be_visible()
        shot(page, screenshots, "60-no-javascript-city")
        page.goto(hub + "/age")
        page.click("label[for=age-1]")
        for i, shields in enumerate([0, 2, 1]):
            page.fill(f"input[name='shields-{i}']", str(shields))
        page.locator("button[name=submit]").click()
        expect(page.locator("#age-result")).to_contain_text("Bo beats Ana")
        expect(page.locator("#age-result")).to_contain_text("Cy beats Ana")
        page.goto(hub + "/scoreboard")
        # Ana: +3 (tapped), -1 and -1 (Age II: Bo and Cy both have more shields), Giza A
        # stage 1 (3), 9 coins (3), Baths 3 + Altar 2 = 12.
        assert totals(page)["Ana"] == 12
        page.click("#lock")
        expect(page.locator(".flash")).to_be_visible()
        assert page.locator("#lock").count() == 0
    finally:
        context.close()
