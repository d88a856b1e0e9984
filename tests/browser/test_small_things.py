"""The small things a table trips on, each as a phone meets it at 390x844: the names typed
on "New game" survive a change of edition; how many play (two included) is the first thing
on the form; coins and treasury have icons of their own, named for screen readers; the
player page lists the player's games; dates are written in the reader's language and
region; the controls named are at least 44x44 px; the chain badge shows only on a card that
can still be built."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.flows import api, fill_names, store_game, store_locked_game

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bartek", "Şule"]
# Three cities with nothing entered yet.
EMPTY = {"edition": 1, "cities": [{"player": p, "wonder": w, "cards": []}
                                  for p, w in [("Ana", "giza"), ("Bo", "rhodes"), ("Cy", "babylon")]]}  # fmt: skip


def _box(page, selector: str) -> dict:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


def test_the_names_typed_survive_a_change_of_edition(live_server, phone):
    page = phone()
    page.goto(live_server + "/new")
    fill_names(page, NAMES)
    page.get_by_role("button", name="7 Wonders (2020)").click()
    expect(page.locator("label[for='seats-0-side-1']")).to_have_text("Night")
    assert [page.input_value(f"input[name='seats-{i}-player']") for i in range(3)] == NAMES
    page.get_by_role("button", name="7 Wonders (2010)").click()
    expect(page.locator("label[for='seats-0-side-1']")).to_have_text("B")
    assert [page.input_value(f"input[name='seats-{i}-player']") for i in range(3)] == NAMES


def test_two_players_are_chosen_at_the_top_of_the_form(live_server, phone):
    page = phone()
    page.goto(live_server + "/new")
    two = page.locator("label[for='player-count-2']")
    expect(two).to_be_visible()
    assert _box(page, "label[for='player-count-2']")["y"] < 844  # on the first screen, no scrolling
    two.click()
    expect(page.locator("#free-city-row")).to_be_visible()
    expect(page.locator("input[name='seats-2-player']")).to_be_hidden()
    page.fill("input[name='seats-0-player']", "Ana")
    page.fill("input[name='seats-1-player']", "Bo")
    page.select_option("select[name='seats-0-wonder']", "giza")
    page.select_option("select[name='seats-1-wonder']", "rhodes")
    page.select_option("select[name='free_city-wonder']", "babylon")
    page.locator("button[name=submit]").click()
    expect(page.locator(".cities li")).to_have_count(3)  # two players and the Free City
    expect(page.locator(".cities")).to_contain_text("Free City")


def test_coins_and_treasury_have_icons_of_their_own_named_for_screen_readers(live_server, phone):
    hub = store_game(
        live_server,
        {"edition": 1, "cities": [{"player": p, "wonder": w, "coins": 7, "cards": ["baths"]}
                                  for p, w in [("Ana", "giza"), ("Bo", "rhodes"), ("Cy", "babylon")]]},
    )  # fmt: skip
    page = phone()
    page.goto(hub + "/scoreboard")
    coins = page.locator(".coins-note svg").first
    treasury = page.locator(".cat-chips .cat-treasury svg").first
    expect(coins).to_have_attribute("aria-label", "Coins")
    expect(treasury).to_have_attribute("aria-label", "Treasury")
    drawn = page.evaluate("() => ['#i-coin', '#i-treasury'].map(id => document.querySelector(id).innerHTML)")
    assert drawn[0] != drawn[1]


def test_the_player_page_lists_the_players_games_and_dates_read_as_the_reader_writes_them(live_server, phone):
    table = api(live_server, "POST", "/api/v1/tables", {"name": "Thursday"})["token"]
    other = {
        **EMPTY,
        "cities": [{**c, "player": n} for c, n in zip(EMPTY["cities"], ["Dee", "Bo", "Cy"], strict=True)],
    }
    for played, title in ((EMPTY, "Ana's night"), (other, "Without Ana")):
        store_locked_game(live_server, played, table, title=title)  # the statistics count locked games
    page = phone("en-GB")
    page.goto(f"{live_server}/t/{table}/p/ana")
    listed = page.locator("#player-games .game-item")
    expect(listed).to_have_count(1)
    expect(listed).to_contain_text("Ana's night")
    page.goto(f"{live_server}/t/{table}")
    when = page.locator(".game-item .game-head .muted").first.inner_text()
    assert re.search(r"\b\d{1,2} [A-Z][a-z]{2} \d{4}\b", when), when  # 4 Dec 2026, never 12/4/26
    korean = phone("ko-KR")
    korean.goto(f"{live_server}/t/{table}")
    when = korean.locator(".game-item .game-head .muted").first.inner_text()
    assert re.search(r"\d{4}\. \d{1,2}\. \d{1,2}\.", when), when


def test_the_controls_a_thumb_needs_are_at_least_44_px(live_server, phone):
    table = api(live_server, "POST", "/api/v1/tables", {"name": "Friday"})["token"]
    token = store_locked_game(live_server, EMPTY, table)
    page = phone()
    checked = []
    page.goto(f"{live_server}/g/{token}/city/0")
    checked.append(("Show what cards do", _box(page, "label[for=show-effects]")))
    page.goto(f"{live_server}/t/{table}")
    checked.append(("a player of the table", _box(page, "table.board th[scope=row] a")))
    checked.append(("a game of the table", _box(page, ".game-item .game-head a")))
    page.goto(f"{live_server}/can-build")
    checked.append(("an age of the hand", _box(page, ".age-tabs button")))
    small = [
        (what, box["width"], box["height"])
        for what, box in checked
        if box["width"] < 44 or box["height"] < 44
    ]
    assert small == []


def test_the_chain_badge_shows_only_on_a_card_that_can_still_be_built(live_server, phone):
    # Three players: one Aqueduct in the deck. Bo built it, so Ana's Baths chains to nothing.
    hub = store_game(
        live_server,
        {"edition": 1, "cities": [{"player": "Ana", "wonder": "giza", "cards": ["baths"]},
                                  {"player": "Bo", "wonder": "rhodes", "cards": ["aqueduct"]},
                                  {"player": "Cy", "wonder": "babylon", "cards": ["altar"]}]},
    )  # fmt: skip
    page = phone()
    page.goto(hub + "/city/0")
    aqueduct = page.locator(".tile:has(#cards-aqueduct)")
    expect(aqueduct).not_to_have_class(re.compile(r"\bchained\b"))
    expect(page.locator("#chain-strip .chip[data-card=aqueduct]")).to_have_count(0)
    temple = page.locator(".tile:has(#cards-temple)")  # Altar chains to Temple: Cy's, not Ana's
    page.goto(hub + "/city/2")
    expect(temple).to_have_class(re.compile(r"\bchained\b"))
    expect(page.locator("#chain-strip .chip[data-card=temple]")).to_have_count(1)
