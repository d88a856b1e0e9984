"""Issue 13, in Chromium at 390x844: a game in progress through the real UI. The host says
the age and the discard pile; Halicarnassus builds from the pile right after its stage;
Olympia's once-per-age free build is offered until the city marks it used; the hand holds
the cards of the age being played. The During play page also works without JavaScript."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.flows import ask_about, create_game, open_city, shot, wait_saved

pytestmark = pytest.mark.browser

BOARDS = [("halicarnassus", "A"), ("olympia", "A"), ("giza", "A")]


def test_a_game_in_progress_from_the_hub_to_the_verdicts(live_server, phone, screenshots):
    host = phone()
    hub = create_game(host, live_server, ["Ana", "Bo", "Cy"], BOARDS)
    expect(host.locator("#during-play")).to_contain_text("No age is being played")

    # The host: Age II is being played, the Baths and the Stockade were discarded.
    host.locator("#play-link").click()
    host.click("label[for=age-2]")
    host.locator(".tile label[for='discard-baths']").click()
    host.locator(".tile label[for='discard-stockade']").click()
    shot(host, screenshots, "90-during-play")
    host.locator("#save").click()
    expect(host.locator("#during-play")).to_contain_text("Age II is being played.")
    expect(host.locator("#during-play")).to_contain_text("2 cards in the discard pile.")

    # Ana has just built Halicarnassus's second stage this age.
    ana = phone()
    open_city(ana, hub, 0)
    ana.click("label[for=stages-2]")
    ana.locator("#during-play summary").click()
    ana.select_option("select[name=stage_ages-0]", "1")
    ana.select_option("select[name=stage_ages-1]", "2")
    wait_saved(ana)
    ana.get_by_role("link", name="Can I build it?").click()
    expect(ana.locator("#fixed-age")).to_contain_text("Age II is being played")
    expect(ana.locator(".age-tabs")).to_have_count(0)  # the hand is the age's
    expect(ana.locator(".hand label[for=hand-lumber-yard]")).to_have_count(0)  # an Age I card
    ana.click("label[for=via-discard]")
    expect(ana.locator(".hand legend")).to_have_text("The discard pile")
    ask_about(ana, ["baths"])
    verdict = ana.locator("#verdicts li[data-card=baths]")
    expect(verdict).to_contain_text("free from the discard pile")
    expect(verdict).to_contain_text("stage 2 of the Mausoleum of Halicarnassus")
    shot(ana, screenshots, "91-halicarnassus-discard")

    # Bo (Olympia A, stage 2): the free build, until it is marked used this age.
    bo = phone()
    open_city(bo, hub, 1)
    bo.click("label[for=stages-2]")
    wait_saved(bo)
    bo.get_by_role("link", name="Can I build it?").click()
    bo.click("label[for=via-free-build]")
    ask_about(bo, ["courthouse"])
    expect(bo.locator("#verdicts li[data-card=courthouse]")).to_contain_text("free: a free build")
    open_city(bo, hub, 1)
    bo.locator("#during-play summary").click()
    bo.locator("input[name=free_build_used]").check()
    wait_saved(bo)
    bo.get_by_role("link", name="Can I build it?").click()
    bo.click("label[for=via-free-build]")
    ask_about(bo, ["courthouse"])
    refused = bo.locator("#verdicts li[data-card=courthouse]")
    expect(refused).to_contain_text("no such power now")
    expect(refused).to_contain_text("already used")
    shot(bo, screenshots, "92-olympia-used")

    # Handing out Age II moves the game on to Age III.
    host.goto(hub + "/age")
    expect(host.locator("input[name=age][value='2']")).to_be_checked()
    host.locator("button[name=submit]").click()
    host.goto(hub)
    expect(host.locator("#during-play")).to_contain_text("Age III is being played.")


def test_the_during_play_page_works_without_javascript(live_server, page_context, phone, screenshots):
    hub = create_game(phone(), live_server, ["Ana", "Bo", "Cy"], BOARDS)
    context = page_context(False)
    try:
        page = context.new_page()
        page.goto(hub + "/play")
        page.click("label[for=age-1]")
        page.locator(".tile label[for='discard-altar']").click()
        page.locator("#save").click()
        expect(page.locator("#during-play")).to_contain_text("Age I is being played.")
        expect(page.locator("#during-play")).to_contain_text("1 card in the discard pile.")
        # A stage age without JavaScript: the select, then the save button.
        page.goto(hub + "/city/0")
        page.click("label[for=stages-1]")
        page.locator("#save").click()
        page.locator("#during-play summary").click()
        page.select_option("select[name=stage_ages-0]", "2")  # Age II while Age I is played
        page.locator("#save").click()
        expect(page.locator("#during-play .errors")).to_contain_text("Age II")
        shot(page, screenshots, "93-during-play-no-js")
    finally:
        context.close()
