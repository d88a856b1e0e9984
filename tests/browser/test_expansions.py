"""A table with an expansion through the real UI on phones (Chromium, 390x844), with the
script and without it: the toy edition's Festival ticked at set-up (five seats, seven
coins), a city entered card by card that types the Festival row beside its cards, the
scoreboard counting it, and no sideways scrolling anywhere."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.flows import (
    fill_names,
    open_city,
    save_city,
    scrolls_sideways,
    shot,
    tap_card,
    tick_expansions,
)
from tests.conftest import TOY_EDITION

pytestmark = pytest.mark.browser
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


def _set_up_festival(page: Page, base: str, *, script: bool) -> str:
    page.goto(f"{base}/new?edition={TOY_EDITION}")
    expect(page.locator("#set-up")).to_contain_text("Players: 3 to 4. Starting coins: 5.")
    page.fill("input[name='seats-0-player']", "Ana")  # typed before the expansion is ticked
    tick_expansions(page, ["festival"], script=script)  # Festival (tests): one tap
    expect(page.locator("#set-up")).to_contain_text("Players: 3 to 5. Starting coins: 7.")
    expect(page.locator("input[name='seats-0-player']")).to_have_value("Ana")
    fill_names(page, NAMES[1:], first=1)
    page.check("input[name=deal]")
    page.locator("button[name=submit]").click()
    expect(page.locator(".cities li")).to_have_count(5)
    return page.url


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_festival_table_types_its_row_beside_the_cards_and_the_board_counts_it(
    live_server, page_context, screenshots, script
):
    context = page_context(script)
    page = context.new_page()
    hub = _set_up_festival(page, live_server, script=script)
    open_city(page, hub, 0)
    tap_card(page, "toy-shrine")  # a blue card: Civilian 2
    page.fill("input[name='categories-festival']", "4")
    save_city(page, script=script)
    expect(page.locator(".live-points").first).to_contain_text("9 points")  # 2 + 3 (7 coins) + 4
    shot(page, screenshots, f"90-festival-city-{'js' if script else 'nojs'}")
    assert scrolls_sideways(page) == []
    page.goto(hub.rstrip("/") + "/scoreboard")
    ana = page.locator(".rank-row[data-seat='0']")
    expect(ana).to_have_attribute("data-total", "9")
    expect(ana.locator(".cat-chips .cat-festival")).to_contain_text("4")
    assert scrolls_sideways(page) == []
    context.close()
