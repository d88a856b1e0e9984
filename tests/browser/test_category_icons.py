"""Issue 43, words and icons: on a phone (Chromium, 390x844) an 8-player 2010 game with
Leaders, Cities, Armada and Babel has fifteen rows, and every chip of the scoreboard (and of
a city's page) shows its row's own icon, never the plain disc, named once for a screen
reader, and the chips wrap inside their row; on a wider screen each chip writes its name."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.flows import open_city, scrolls_sideways, shot, store_game

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bartek", "Şule", "Minji", "Carles", "Lucía", "Zofia", "محمد"]
WONDERS = ["giza", "rhodes", "babylon", "olympia", "ephesus", "halicarnassus", "rome", "petra"]
ROWS = {
    "military": "Military",
    "treasury": "Treasury",
    "wonder": "Wonder",
    "civilian": "Civilian",
    "science": "Science",
    "commercial": "Commercial",
    "guilds": "Guilds",
    "leaders": "Leaders",
    "cities": "Cities",
    "debt": "Debt",
    "naval": "Naval conflicts",
    "islands": "Islands",
    "shipyard": "Shipyard",
    "babel": "Tower of Babel",
    "projects": "Great projects",
}
WIDE = {"width": 1024, "height": 900}


def _game() -> dict:
    """Eight cities typed as the pad's numbers: every row, some below zero."""
    cities = []
    for seat, (name, wonder) in enumerate(zip(NAMES, WONDERS, strict=True)):
        points = {
            "military": 6 - seat,
            "treasury": 3,
            "wonder": 3 + seat % 3 * 5,
            "civilian": 10 + seat,
            "science": 4 * (seat % 4),
            "commercial": seat % 3 * 2,
            "guilds": seat % 2 * 6,
            "leaders": 2 + seat,
            "cities": seat % 3 * 2,
            "debt": -(seat % 4),
            "naval": 8 - seat,
            "islands": seat % 3,
            "shipyard": 1,
            "babel": [0, 2, 5, 10][seat % 4],
            "projects": 3 - seat,
        }
        cities.append(
            {"player": name, "wonder": wonder, "side": "A", "coins": 3 + seat, "categories": points}
        )
    return {"edition": 1, "expansions": ["leaders", "cities", "armada", "babel"], "cities": cities}


def _chips(page: Page, scope: str) -> list[dict]:
    """Each chip in ``scope``: its row, its icon's name and drawing, its written name (and
    whether it shows), and whether it stays inside its list."""
    return page.evaluate(
        """scope => [...document.querySelectorAll(scope + " .cat-chips li")].map(li => {
            const svg = li.querySelector("svg"), use = svg && svg.querySelector("use");
            const name = li.querySelector(".cat-name"), list = li.closest(".cat-chips").getBoundingClientRect();
            const box = li.getBoundingClientRect();
            return {
                row: li.className,
                role: svg && svg.getAttribute("role"),
                label: svg && svg.getAttribute("aria-label"),
                href: use && use.getAttribute("href"),
                drawn: use ? !!document.querySelector(use.getAttribute("href")) : false,
                written: name ? name.textContent : null,
                shown: name ? name.getBoundingClientRect().width > 0 : false,
                hidden: name ? name.getAttribute("aria-hidden") : null,
                inside: box.left >= list.left - 0.5 && box.right <= list.right + 0.5,
                number: li.querySelector("b").textContent,
            };
        })""",
        scope,
    )


def _check_named_and_drawn(chips: list[dict], count: int) -> None:
    assert len(chips) == count
    for chip in chips:
        row = chip["row"].removeprefix("cat-")
        assert chip["role"] == "img" and chip["label"] == ROWS[row], chip
        assert chip["href"] == f"#i-{row}" and chip["drawn"], f"{row} is drawn as {chip['href']}"
        assert chip["href"] != "#i-category"
        assert chip["written"] == ROWS[row] and chip["hidden"] == "true", chip
        assert chip["inside"], f"{row}'s chip runs past its row"


def _read_once(page: Page, seat: int) -> None:
    """What a screen reader reads of a player's chips: each row's name once, then its points
    (the written name is hidden from it, the icon carries the name)."""
    snapshot = page.locator(f".rank-row[data-seat='{seat}'] .cat-chips").aria_snapshot()
    for name in ROWS.values():
        assert snapshot.count(f'"{name}"') == 1, (name, snapshot)
        assert snapshot.count(name) == 1, (name, snapshot)


def _name_and_description(page: Page, selector: str) -> tuple[str, str]:
    """The accessible name and description Chromium gives an element (an icon's tooltip
    would be its description, read after its name: the same words twice)."""
    client = page.context.new_cdp_session(page)
    client.send("DOM.enable")
    client.send("Accessibility.enable")
    root = client.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    node = client.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    ax = client.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})["nodes"][0]
    values = {p["name"]: p.get("value", {}).get("value", "") for p in ax.get("properties", [])}
    name = ax.get("name", {}).get("value", "")
    description = ax.get("description", {}).get("value", "") or values.get("description", "")
    client.detach()
    return name, description


def test_every_chip_of_an_eight_player_expansion_scoreboard_has_its_icon_and_name_on_a_phone(
    live_server, page_context, screenshots
):
    hub = store_game(live_server, _game())
    page = page_context(True).new_page()
    page.goto(hub + "/scoreboard")
    expect(page.locator(".rank-row")).to_have_count(8)
    chips = _chips(page, "#ranking")
    _check_named_and_drawn(chips, 8 * len(ROWS))
    assert not any(chip["shown"] for chip in chips), "a phone's row has no room for the names"
    assert page.locator("#ranking use[href='#i-category']").count() == 0
    assert scrolls_sideways(page) == []
    _read_once(page, 0)
    name, description = _name_and_description(page, ".rank-row[data-seat='0'] .cat-leaders svg")
    assert (name, description) == ("Leaders", "")
    assert _name_and_description(page, ".rank-row[data-seat='0'] .cat-leaders") == ("", "")
    # eight players' fifteen rows stay a glance: the chips of a row take at most three lines
    lines = page.evaluate(
        """() => [...document.querySelectorAll("#ranking .cat-chips")].map(list =>
            new Set([...list.querySelectorAll("li")].map(li => Math.round(li.getBoundingClientRect().top))).size)"""
    )
    assert max(lines) <= 3, lines
    shot(page, screenshots, "43-scoreboard-8-players-icons-390")

    # a city's page: the same chips under its total
    open_city(page, hub, 6)
    city = _chips(page, "#live")
    _check_named_and_drawn(city, len(ROWS))
    assert scrolls_sideways(page) == []


def test_a_wide_screen_writes_each_rows_name_beside_its_icon(live_server, browser, screenshots):
    hub = store_game(live_server, _game())
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    page.goto(hub + "/scoreboard")
    expect(page.locator(".rank-row")).to_have_count(8)
    chips = _chips(page, "#ranking")
    _check_named_and_drawn(chips, 8 * len(ROWS))
    assert all(chip["shown"] for chip in chips), [c["row"] for c in chips if not c["shown"]]
    expect(page.locator(".rank-row[data-seat='0'] .cat-chips .cat-naval")).to_have_text("Naval conflicts8")
    _read_once(page, 0)
    assert scrolls_sideways(page) == []
    shot(page, screenshots, "43-scoreboard-8-players-icons-wide")
    context.close()
