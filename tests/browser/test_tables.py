"""Issue 16, in Chromium at 390x844: a table's page and a player's page with their charts,
from one tap on the home page to a history of locked games (screenshots in test-output)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.flows import scrolls_sideways, shot

pytestmark = pytest.mark.browser


def _game(names: list[str], totals_bias: int) -> dict:
    from tests.web.games import three

    game = three()
    for city, name in zip(game["cities"], names, strict=True):
        city["player"] = name
    game["cities"][0]["coins"] += totals_bias  # a little variety in the totals
    return game


def test_a_table_and_a_player_page_with_their_charts(live_server, phone, screenshots):
    page = phone()
    page.goto(live_server + "/")
    page.locator("#new-table button").click()
    expect(page.locator("h1")).to_contain_text("Your table")
    token = page.url.rstrip("/").rsplit("/", 1)[-1]
    api = page.request
    seats = [["Ana", "Bo", "Cy"], ["Bo", "Cy", "Ana"], ["Cy", "Ana", "Bo"], ["Ana", "Cy", "Bo"]]
    for n, names in enumerate(seats):
        created = api.post(
            live_server + "/api/v1/games", data={"game": _game(names, 3 * n), "table": token}
        ).json()
        api.post(live_server + f"/api/v1/games/{created['token']}/lock")
    page.reload()
    expect(page.locator("#summary")).to_contain_text("4 games counted")
    expect(page.locator("#leaderboard tbody tr")).to_have_count(3)
    expect(page.locator("#charts svg.line-chart polyline")).to_have_count(3)
    expect(page.locator("#charts svg.bar-chart")).to_be_visible()
    assert scrolls_sideways(page) == []
    shot(page, screenshots, "95-table")

    page.locator("#leaderboard a", has_text="Ana").click()
    expect(page.locator("h1")).to_have_text("Ana")
    expect(page.locator("#numbers")).to_contain_text("4")
    expect(page.locator("#player-totals svg circle")).to_have_count(4)
    expect(page.locator("#player-categories svg rect").first).to_be_visible()
    assert scrolls_sideways(page) == []
    shot(page, screenshots, "96-player")

    # The next game at this table: last time's players, in their seats.
    page.goto(live_server + f"/t/{token}")
    page.locator("#new-in-table").click()
    expect(page.locator("#in-table")).to_be_visible()
    expect(page.locator("input[name='seats-0-player']")).to_have_value("Ana")
    expect(page.locator("input[name='seats-1-player']")).to_have_value("Cy")
    shot(page, screenshots, "97-new-game-at-the-table")


def test_the_table_page_in_korean(live_server, phone, screenshots):
    page = phone("ko-KR")
    page.goto(live_server + "/")
    page.locator("#new-table button").click()
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    assert "Your table" not in page.locator("main").inner_text()
    shot(page, screenshots, "98-table-ko")
