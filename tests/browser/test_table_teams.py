"""Issue 43, in Chromium at 390x844: a table's page after two nights of the Cities team game
(the hand-worked games of tests/web/worked_games.py) crowns both members of each winning
team, counts both wins on the leaderboard and a player's page, and shows the teams'
statistics and their chart without scrolling sideways (screenshots in test-output)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.flows import scrolls_sideways, shot, store_locked_game
from tests.web.worked_games import team_game

pytestmark = pytest.mark.browser


def test_a_table_of_team_games_counts_both_teammates_and_its_teams(live_server, phone, screenshots):
    page = phone()
    page.goto(live_server + "/")
    page.locator("#new-table button").click()
    expect(page.locator("h1")).to_contain_text("Your table")
    table = page.url.rstrip("/").rsplit("/", 1)[-1]
    for game in (team_game(), team_game(second=True)):
        store_locked_game(live_server, game, table)
    page.reload()
    expect(page.locator("#summary")).to_contain_text("2 games counted")
    expect(page.locator("#team-games")).to_have_text("2 games played in teams")
    # The leaderboard: Ana and Ben won both nights with their team, Cy and Di neither.
    for name, wins in (("Ana", "2"), ("Ben", "2"), ("Cy", "0"), ("Di", "0")):
        row = page.locator("#leaderboard tbody tr", has=page.locator("th", has_text=name))
        expect(row.locator("td").nth(1)).to_contain_text(wins)
    # Every game lists both winners crowned.
    expect(page.locator("#games .game-item .crown")).to_have_count(4)
    rows = page.locator("#team-table tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("th")).to_have_text("Ana, Ben")
    expect(rows.nth(0).locator("td").nth(1)).to_contain_text("2 100%")
    expect(rows.nth(1).locator("th")).to_have_text("Cy, Di")
    expect(rows.nth(1).locator("td").nth(1)).to_contain_text("0 0%")
    expect(page.locator("#team-stats svg.bar-chart")).to_be_visible()
    assert scrolls_sideways(page) == []
    page.locator("#team-stats").scroll_into_view_if_needed()
    shot(page, screenshots, "97-table-teams")
    page.screenshot(path=str(screenshots / "97-table-teams-screen.png"))  # the screen itself

    page.locator("#leaderboard a", has_text="Ana").click()
    expect(page.locator("h1")).to_have_text("Ana")
    numbers = page.locator("#numbers li")
    expect(numbers.nth(1)).to_have_text("2Wins")
    expect(numbers.nth(2)).to_contain_text("100%")
    expect(page.locator("#player-team-table tbody tr")).to_have_count(1)
    expect(page.locator("#player-games .crown")).to_have_count(4)
    assert scrolls_sideways(page) == []
    shot(page, screenshots, "98-player-teams")
