"""Issue 28, at a club's table: two phones change a table's players at once. The one that
saves second was reading names that are gone: it is told what the first did, and nothing
is swapped. Both phones at 390x844, the second with its script off."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.flows import api, store_locked_game
from tests.web.worked_games import three

pytestmark = pytest.mark.browser


def test_a_merge_decided_from_names_another_phone_just_changed_is_refused_and_said(
    live_server, phone, page_context, screenshots
):
    table = api(live_server, "POST", "/api/v1/tables", {"name": "Club"})["token"]
    store_locked_game(live_server, three(), table)  # counted once locked
    first = phone()
    second = page_context(False).new_page()
    for page in (first, second):
        page.goto(f"{live_server}/t/{table}/players")
        expect(page.locator("#player-names")).to_contain_text("Ana")

    # The first phone renames Ana.
    first.locator("label[for='action-0']").click()
    first.select_option("select[name='player']", label="Ana")
    first.fill("input[name='name']", "Anita")
    first.get_by_role("button", name="Save").click()
    expect(first.locator(".flash-ok")).to_contain_text("Renamed.")
    expect(first.locator("#player-names")).to_contain_text("Anita")

    # The second, opened before, merges Ana into Bartek: refused, and told why.
    second.locator("label[for='action-1']").click()
    second.select_option("select[name='player']", label="Ana")
    second.select_option("select[name='into']", label="Bartek")
    second.get_by_role("button", name="Save").click()
    expect(second.locator(".flash-error")).to_have_text(
        "Ana was just renamed to Anita by someone else: nothing changed."
    )
    names = second.locator("#player-names b")
    expect(names).to_have_text(["Anita", "Bartek", "Şule"], use_inner_text=True)
    second.screenshot(path=str(screenshots / "club-names-refused.png"))
