"""Send to BG Stats, on a phone (Chromium, 390x844): the host locks the game on the
scoreboard and the "Send to BG Stats" link appears; the play it carries, decoded, is the
scoreboard's: every player's total, rank and win."""

from __future__ import annotations

import json
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from assistant.bgstats import CREATE_PLAY
from tests.browser.flows import lock, shot, store_game, totals
from tests.web.worked_games import THREE_TOTALS, three

pytestmark = pytest.mark.browser


def test_a_locked_games_bg_stats_link_carries_the_scoreboard(live_server, phone, screenshots):
    hub = store_game(live_server, three())
    page = phone()
    page.goto(hub + "/scoreboard")
    expect(page.locator("a.bgstats")).to_have_count(0)  # open: nothing to send yet
    lock(page, hub)
    link = page.locator("a.bgstats")
    expect(link).to_be_visible()
    shot(page, screenshots, "bgstats-scoreboard")
    href = link.get_attribute("href") or ""
    assert href.startswith(CREATE_PLAY)
    play = json.loads(unquote(href[len(CREATE_PLAY) :]))
    board = totals(page)
    assert board == THREE_TOTALS
    assert {p["name"]: p["score"] for p in play["players"]} == board
    assert {p["name"]: p["rank"] for p in play["players"]} == {"Ana": 1, "Bartek": 2, "Şule": 3}
    assert [p["name"] for p in play["players"] if p["winner"]] == ["Ana"]
    assert play["game"]["bggId"] == 68448 and play["comments"].endswith("/scoreboard")
