"""Issue 16, in Chromium at 390x844: a table's page and a player's page with their charts,
from one tap on the home page to a history of locked games (screenshots in test-output)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.flows import scrolls_sideways, shot, store_locked_game

pytestmark = pytest.mark.browser


def _game(names: list[str], totals_bias: int) -> dict:
    from tests.web.worked_games import three

    game = three()
    for city, name in zip(game["cities"], names, strict=True):
        city["player"] = name
    game["cities"][0]["coins"] += totals_bias  # a little variety in the totals
    return game


def _locked_games(page, live_server: str, seats: list[list[str]]) -> str:
    """The table this page shows gets a locked game for each seating; its token."""
    token = page.url.rstrip("/").rsplit("/", 1)[-1]
    for n, names in enumerate(seats):
        store_locked_game(live_server, _game(names, 3 * n), token)
    return token


def test_a_table_and_a_player_page_with_their_charts(live_server, phone, screenshots):
    page = phone()
    page.goto(live_server + "/")
    page.locator("#new-table button").click()
    expect(page.locator("h1")).to_contain_text("Your table")
    token = _locked_games(
        page,
        live_server,
        [["Ana", "Bo", "Cy"], ["Bo", "Cy", "Ana"], ["Cy", "Ana", "Bo"], ["Ana", "Cy", "Bo"]],
    )
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


def _korean(msgid: str) -> str:
    """A message as the Korean catalogue has it."""
    from babel.messages.pofile import read_po

    from tests.conftest import ROOT

    with (ROOT / "assistant" / "translations" / "ko" / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        found = read_po(fh).get(msgid)
    assert found is not None and found.string, msgid
    return str(found.string)


HANGUL = re.compile(r"[\uac00-\ud7a3]")


def test_the_table_page_in_korean(live_server, phone, screenshots):
    """A table of locked games in Korean: the charts' titles, headings and category legend in
    Korean, and nothing wider than the phone, on the table's page and a player's."""
    page = phone("ko-KR")
    page.goto(live_server + "/")
    page.locator("#new-table button").click()
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    _locked_games(
        page,
        live_server,
        [["Ana", "Bo", "Cy"], ["지우", "Ana", "Bo"], ["Cy", "지우", "Ana"], ["Ana", "Cy", "지우"]],
    )
    page.reload()
    main = page.locator("main")
    expect(page.locator("#charts svg.line-chart polyline")).to_have_count(4)
    assert "Your table" not in main.inner_text() and "games counted" not in main.inner_text()
    titles = {
        "svg.line-chart": _korean("Totals over time"),
        "svg.share-bar": _korean("Where the points come from"),
        "svg.bar-chart": _korean("Win rate by wonder"),
    }
    for selector, title in titles.items():
        chart = page.locator(f"#charts {selector}")
        expect(chart).to_have_attribute("aria-label", title)
        expect(chart.locator(":scope > title")).to_have_text(title)
        expect(page.locator("#charts h2", has_text=title)).to_be_visible()
        assert HANGUL.search(title), title
    categories = page.locator("#charts ul.legend li:has(.swatch[class*='cat-'])").all_inner_texts()
    assert len(categories) >= 5 and all(HANGUL.search(text) for text in categories), categories
    assert not any(word in " ".join(categories) for word in ("Military", "Civilian", "Science", "Treasury"))
    expect(page.locator("#wonder-table thead")).to_contain_text(_korean("Wonder"))
    assert scrolls_sideways(page) == []
    shot(page, screenshots, "98-table-ko")

    page.locator("#leaderboard a", has_text="지우").click()
    expect(page.locator("h1")).to_have_text("지우")
    expect(page.locator("#player-totals svg")).to_have_attribute("aria-label", _korean("Totals over time"))
    expect(page.locator("#player-wonders svg")).to_have_attribute("aria-label", _korean("Win rate by wonder"))
    assert HANGUL.search(page.locator("#numbers").inner_text())
    assert scrolls_sideways(page) == []
    shot(page, screenshots, "99-player-ko")


def test_a_game_put_in_a_table_by_pasting_its_link(live_server, phone, screenshots):
    """The host's phone made the table; another phone set up the game and pastes the table's
    link on the game's page: the field is wide enough to read the link, and one tap keeps
    the game at the table."""
    from tests.browser.flows import create_game

    host = phone()
    host.goto(live_server + "/")
    host.locator("#new-table button").click()
    expect(host.locator("h1")).to_contain_text("Your table")
    link = host.url

    page = phone()
    create_game(page, live_server, ["Ana", "Bo", "Cy"], [("giza", "A"), ("babylon", "A"), ("rhodes", "A")])
    field = page.locator("#move-form input[name=table]")
    panel = page.locator("#game-table").bounding_box()
    box = field.bounding_box()
    assert panel is not None and box is not None
    assert box["width"] >= panel["width"] / 2, (box, panel)  # room to read a pasted link
    assert scrolls_sideways(page) == []
    field.fill(link)
    page.locator("#move-form button[type=submit]").click()
    expect(page.locator("#game-table")).to_contain_text("Kept at the table")
    expect(page.locator("#game-table a")).to_have_attribute("href", re.compile(r"/t/"))
    shot(page, screenshots, "94-game-put-in-a-table")
