"""At the table, one hand on a phone (Chromium, 390x844): a city saves itself as it is
tapped in, survives a dropped network and a second phone, the card picker takes a tap a
card, and the scoreboard fits the screen in every language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from assistant.web.i18n import LANGUAGE_NAMES
from tests.browser.conftest import PHONE
from tests.browser.flows import (
    count_tokens,
    create_game,
    hand_out_tokens,
    open_city,
    scrolls_sideways,
    set_stepper,
    shot,
    store_game,
    tap_card,
    tap_cards,
    wait_saved,
)

pytestmark = pytest.mark.browser

FIFTEEN = [  # a realistic end-of-game city of Giza A, as it lies on the table
    "lumber-yard", "stone-pit", "clay-pool", "loom", "glassworks", "baths", "altar", "aqueduct",
    "marketplace", "caravansery", "stockade", "walls", "apothecary", "dispensary", "laboratory",
]  # fmt: skip


def api_city(page: Page, base: str, hub: str, seat: int) -> dict:
    """The city as stored, read back through the JSON API."""
    token = hub.rstrip("/").rsplit("/", 1)[-1]
    return page.request.get(f"{base}/api/v1/games/{token}").json()["game"]["cities"][seat]


def three_players(page: Page, base: str) -> str:
    return create_game(page, base, ["Ana", "Bo", "Cy"], [("giza", "A"), ("rhodes", "A"), ("babylon", "A")])


def a_city(phone, base: str, seat: int) -> tuple[Page, str]:
    """A phone on city ``seat`` of a new three-player game: the page, and the game's hub."""
    page = phone()
    hub = three_players(page, base)
    open_city(page, hub, seat)
    return page, hub


def test_a_city_saves_itself_as_it_is_tapped_in_without_a_save_button(live_server, phone, screenshots):
    page, hub = a_city(phone, live_server, 0)
    expect(page.locator("#save")).to_be_hidden()  # the script saves; no button to forget
    page.click("label[for=stages-2]")
    set_stepper(page, "coins", 5)
    count_tokens(page, [1, 3, -1])
    tap_cards(page, ["baths", "altar", "stockade"])
    wait_saved(page)
    expect(page.locator("#save-state")).to_have_text("Saved ✓")
    stored = api_city(page, live_server, hub, 0)
    assert stored["stages"] == 2 and stored["coins"] == 5
    assert sorted(stored["military"]) == [-1, 1, 3]
    assert stored["cards"] == ["baths", "altar", "stockade"]
    # Tapping a card again gives it back, and that saves too.
    tap_card(page, "altar")
    wait_saved(page)
    assert api_city(page, live_server, hub, 0)["cards"] == ["baths", "stockade"]
    expect(page.locator("#held-strip .chip")).to_have_text(["Baths", "Stockade"])
    shot(page, screenshots, "70-autosaved-city")


def test_leaving_with_edits_not_saved_asks_first(live_server, phone, screenshots):
    page, _hub = a_city(phone, live_server, 1)
    page.context.set_offline(True)
    tap_card(page, "baths")
    expect(page.locator("#save-state")).to_have_attribute("data-state", "offline", timeout=10_000)
    expect(page.locator("#save-state")).to_contain_text("Kept on this phone")
    expect(page.locator("#save-retry")).to_be_visible()
    shot(page, screenshots, "71-offline-city")
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.type), d.dismiss()))
    page.close(run_before_unload=True)
    page.wait_for_timeout(500)
    assert dialogs == ["beforeunload"]


def test_a_phone_that_lost_the_network_saves_its_edits_when_it_comes_back(live_server, phone):
    page, hub = a_city(phone, live_server, 2)
    page.context.set_offline(True)
    tap_card(page, "altar")
    set_stepper(page, "coins", 6)
    expect(page.locator("#save-state")).to_have_attribute("data-state", "offline", timeout=10_000)
    page.context.set_offline(False)
    wait_saved(page)
    stored = api_city(page, live_server, hub, 2)
    assert stored["cards"] == ["altar"] and stored["coins"] == 6
    # A reload restores nothing stale: what is on the page is what is stored.
    page.reload()
    expect(page.locator("#save-state")).not_to_have_attribute("data-state", "unsaved")
    expect(page.locator("input[name=cards][value=altar]")).to_be_checked()


def test_a_phone_closed_before_its_edits_reached_the_server_saves_them_on_the_next_visit(live_server, phone):
    page, hub = a_city(phone, live_server, 0)
    page.context.set_offline(True)
    tap_card(page, "theater")
    expect(page.locator("#save-state")).to_have_attribute("data-state", "offline", timeout=10_000)
    page.on("dialog", lambda d: d.accept())
    page.goto("about:blank")  # the tab leaves, offline (the edit is kept on the phone)
    page.context.set_offline(False)
    open_city(page, hub, 0)
    # The kept edit is sent now ("saved"); on a slow machine the leaving page's own retry may
    # have sent it already (nothing kept, "idle"): either way the server has it, once.
    expect(page.locator("#save-state")).to_have_attribute(
        "data-state", re.compile("^(saved|idle)$"), timeout=10_000
    )
    expect(page.locator("#cards-theater")).to_be_checked()
    assert api_city(page, live_server, hub, 0)["cards"] == ["theater"]


def test_two_phones_on_one_city_merge_different_changes_and_show_a_clash(live_server, phone, screenshots):
    first, second = phone(), phone()
    hub = three_players(first, live_server)
    open_city(first, hub, 0)
    open_city(second, hub, 0)
    tap_card(first, "baths")
    wait_saved(first)
    # The other phone read the city before: its card merges with the first phone's.
    tap_card(second, "altar")
    wait_saved(second)
    expect(second.locator("#save-state")).to_contain_text("another phone changed meanwhile")
    assert api_city(first, live_server, hub, 0)["cards"] == ["baths", "altar"]
    # Both change the coins: the second phone is told, keeps its edit, and chooses.
    set_stepper(first, "coins", 7)
    wait_saved(first)
    set_stepper(second, "coins", 4)
    expect(second.locator("#save-state")).to_have_attribute("data-state", "conflict", timeout=10_000)
    expect(second.locator("#stale")).to_contain_text("Another phone changed the coins")
    expect(second.locator("input[name=coins]")).to_have_value("4")  # the local edit is kept
    assert api_city(first, live_server, hub, 0)["coins"] == 7  # and nothing was overwritten
    shot(second, screenshots, "72-two-phones-clash")
    second.get_by_role("button", name="Keep my version").click()
    wait_saved(second)
    assert api_city(first, live_server, hub, 0)["coins"] == 4


def test_the_end_of_an_age_meanwhile_is_merged_not_blamed_on_another_phone(live_server, phone):
    page, host = phone(), phone()
    hub = three_players(host, live_server)
    open_city(page, hub, 0)
    host.goto(hub + "/age")
    hand_out_tokens(host, [2, 0, 0])
    tap_card(page, "stockade")
    wait_saved(page)
    stored = api_city(page, live_server, hub, 0)
    assert stored["military"] == [1, 1] and stored["cards"] == ["stockade"]


def test_enter_in_find_a_card_takes_the_only_match_and_never_saves_the_list_away(live_server, phone):
    page, hub = a_city(phone, live_server, 0)
    page.fill("#card-filter", "scrip")
    expect(page.locator(".tile:not(.hidden)")).to_have_count(1)
    page.locator("#card-filter").press("Enter")
    expect(page.locator("input[name=cards][value=scriptorium]")).to_be_checked()
    expect(page.locator("#card-filter")).to_have_value("")
    expect(page.locator(".tile.hidden")).to_have_count(0)  # the list is whole again
    page.fill("#card-filter", "a")
    page.locator("#card-filter").press("Enter")  # many matches: nothing happens
    wait_saved(page)
    assert api_city(page, live_server, hub, 0)["cards"] == ["scriptorium"]
    # Enter in the coins field saves at once, and never touches a token.
    page.fill("input[name=coins]", "8")
    page.locator("input[name=coins]").press("Enter")
    wait_saved(page)
    stored = api_city(page, live_server, hub, 0)
    assert stored["coins"] == 8 and not stored.get("military")


def test_a_fifteen_card_city_takes_a_tap_a_card_and_little_scrolling(live_server, phone, screenshots):
    """The goal: at most one tap per card plus 10, and at most 3 screen heights of scrolling."""
    page = phone()
    hub = create_game(page, live_server, ["Ana", "Bo", "Cy", "Dae"],
                      [("giza", "A"), ("rhodes", "A"), ("babylon", "A"), ("ephesus", "A")])  # fmt: skip
    open_city(page, hub, 0)
    page.evaluate("window.__scrolled = 0; let last = scrollY; addEventListener('scroll', () => {"
                  " window.__scrolled += Math.abs(scrollY - last); last = scrollY; })")  # fmt: skip
    page.click("label[for=stages-2]")
    taps = 1
    for card in FIFTEEN:
        page.locator(f".tile label[for='cards-{card}']").tap()
        taps += 1
    wait_saved(page)
    scrolled = page.evaluate("window.__scrolled")
    print(
        f"taps {taps}, scrolled {scrolled} px, page {page.evaluate('document.documentElement.scrollHeight')} px"
    )
    assert taps <= len(FIFTEEN) + 10
    assert scrolled <= 3 * PHONE["height"], scrolled
    assert page.evaluate("document.documentElement.scrollHeight") <= 5 * PHONE["height"]
    assert len(api_city(page, live_server, hub, 0)["cards"]) == 15
    expect(page.locator("#held-count")).to_have_text("15")
    shot(page, screenshots, "73-fifteen-cards")


def test_the_picker_lays_cards_out_by_colour_once_each_with_what_chains(live_server, phone, screenshots):
    page, _hub = a_city(phone, live_server, 0)
    colours = page.locator(".colour-group").evaluate_all("els => els.map(e => e.dataset.color)")
    assert colours == ["brown", "grey", "blue", "yellow", "red", "green", "purple"]
    ids = page.locator(".tile input").evaluate_all("els => els.map(e => e.value)")
    assert len(ids) == len(set(ids))
    loom = page.locator(".tile[data-ages='1 2'] input[value=loom]")
    expect(loom).to_have_count(1)  # Age II's Loom is the same tile as Age I's
    tap_card(page, "baths")
    expect(page.locator("#chain-strip .chip")).to_have_text(["Aqueduct"])
    expect(page.locator(".tile.chained input[value=aqueduct]")).to_have_count(1)
    page.locator("#chain-strip .chip").click()
    expect(page.locator("input[name=cards][value=aqueduct]")).to_be_checked()
    # The effect shows on demand.
    expect(page.locator(".tile-effect").first).to_be_hidden()
    page.click("label[for=show-effects]")
    expect(page.locator(".tile-effect").first).to_be_visible()
    # A 1-coin card shows a 1, not a 3.
    expect(page.locator(".tile input[value=timber-yard] + label .coin-cost")).to_have_text("1")
    shot(page, screenshots, "74-picker")
    ids_on_page = page.locator("[id]").evaluate_all("els => els.map(e => e.id)")
    twice = sorted({i for i in ids_on_page if ids_on_page.count(i) > 1})
    assert not twice, f"every id on the page is unique: {twice}"


BROKEN_WORDS = """() => {
    // Each piece of a name between spaces and soft hyphens (where the app allows a break, with
    // a hyphen shown) that the browser laid out on more than one line.
    const out = [];
    for (const el of document.querySelectorAll('.tile-name')) {
        if (!el.getClientRects().length) continue;  // not shown (a closed sheet's)
        const text = el.firstChild; let at = 0;
        const top = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);
                             const rects = r.getClientRects(); return rects[rects.length - 1].top; };
        for (const piece of text.textContent.split(/[ \\u00ad]/)) {
            // its first and last letters on different lines (after a break, a letter's range also
            // holds the shown hyphen's box: its last box is the letter's)
            if (piece.length > 1 && top(at) !== top(at + piece.length - 1)) {
                out.push(text.textContent.replace(/\\u00ad/g, '-'));
            }
            at += piece.length + 1;
        }
    }
    return out;
}"""


@pytest.mark.parametrize("expansions", [[], ["leaders", "cities"]], ids=["base", "leaders-cities"])
@pytest.mark.parametrize("width", [360, 390])
def test_no_card_name_in_the_picker_breaks_in_the_middle_of_a_syllable(live_server, phone, width, expansions):
    """ "Marketplace" is not "Marketplac / e": a long word shrinks to its tile, and where it
    cannot (five tiles a row with the expansions' cards), breaks as "Market- / place"."""
    seats = [("Ana", "giza"), ("Bo", "rhodes"), ("Cy", "babylon")]
    hub = store_game(
        live_server,
        {
            "edition": 1,
            "expansions": expansions,
            "cities": [{"player": p, "wonder": w, "side": "A", "cards": []} for p, w in seats],
        },
    )
    page = phone()
    page.set_viewport_size({"width": width, "height": PHONE["height"]})
    page.goto(hub + "/city/0")
    expect(page.locator("#city-form")).to_be_visible()
    assert page.evaluate(BROKEN_WORDS) == []
    assert scrolls_sideways(page) == []
    if expansions:  # the leaders and black cards, in their sheet
        page.locator(".families button").first.tap()
        expect(page.locator("#families-sheet")).to_be_visible()
        assert page.locator("#families-sheet .tile-name").count() > 40
        assert page.evaluate(BROKEN_WORDS) == []
        page.locator("#families-sheet .sheet-close").tap()
    page.locator(".tile label[for='cards-marketplace']").tap()
    expect(page.locator("#held-strip .chip[data-card=marketplace]")).to_have_text("Marketplace")


def test_a_new_empty_city_opens_with_no_worked_out_tokens_and_the_board_waits(
    live_server, phone, screenshots
):
    page = phone()
    hub = create_game(page, live_server, ["Ana", "Bo", "Cy", "Dae"],
                      [("giza", "A"), ("rhodes", "A"), ("babylon", "A"), ("ephesus", "A")])  # fmt: skip
    open_city(page, hub, 0)
    expect(page.locator("[data-code=military-assumed]")).to_have_count(0)
    tap_cards(page, ["barracks", "stockade", "baths"])
    wait_saved(page)
    page.goto(hub + "/scoreboard")
    expect(page.locator("#waiting")).to_have_text("1 of 4 cities entered: waiting for Bo, Cy, Dae.")
    expect(page.locator("#winner")).to_have_count(0)
    # No tokens were invented: Ana's two shields beat nobody who has not been entered.
    expect(page.locator(".rank-row[data-seat='0'] .cat-chips .cat-military")).to_contain_text("0")
    expect(page.locator("[data-code=bad-military]")).to_have_count(0)
    shot(page, screenshots, "75-waiting-scoreboard")


SEVEN_NAMES = [
    "Bartłomiej Wiśniewski",
    "Ana",
    "Şule Yıldırım",
    "김민준",
    "Núria Puigdomènech",
    "Begoña",
    "Łukasz",
]
WONDERS = ["rhodes", "alexandria", "ephesus", "babylon", "olympia", "halicarnassus", "giza"]


@pytest.mark.parametrize("lang", sorted(LANGUAGE_NAMES))
def test_the_scoreboard_fits_a_portrait_phone_at_seven_players(live_server, phone, screenshots, lang):
    page = phone(lang)
    cities = [
        {"player": name, "wonder": wonder, "stages": 2, "coins": 3 + i, "military": [1, 3, -1],
         "cards": ["baths", "stockade", "scriptorium"] if i % 2 else ["altar", "clay-pool"]}
        for i, (name, wonder) in enumerate(zip(SEVEN_NAMES, WONDERS, strict=True))
    ]  # fmt: skip
    hub = store_game(live_server, {"cities": cities})
    page.goto(hub + "/scoreboard")
    expect(page.locator(".rank-row")).to_have_count(7)
    page.locator("#row-0 summary").click()
    assert scrolls_sideways(page) == []
    shot(page, screenshots, f"76-seven-player-scoreboard-{lang}")
    open_city(page, hub, 0)
    assert scrolls_sideways(page) == []


def test_breadcrumb_links_are_thumb_sized(live_server, phone):
    page, _hub = a_city(phone, live_server, 0)
    for box in page.locator(".crumbs a").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().height)"
    ):
        assert box >= 44


@pytest.mark.parametrize("lang", sorted(LANGUAGE_NAMES))
def test_every_legend_of_the_new_game_form_sits_inside_its_box(live_server, phone, lang):
    """A long legend (Polish, Catalan) wraps inside its box instead of cutting its border (a
    legend drawn in the border starts at the box's very top)."""
    page = phone(lang)
    for path in ("/new", "/new?mode=pad"):
        page.goto(live_server + path)
        outside = page.locator("fieldset > legend").evaluate_all(
            """els => els.filter(l => l.offsetParent !== null).filter(l => {
                const box = l.parentElement.getBoundingClientRect(), own = l.getBoundingClientRect();
                return own.top <= box.top + 0.5 || own.right > box.right + 0.5;
            }).map(l => l.textContent.trim())"""
        )
        assert outside == [], (path, outside)
        assert scrolls_sideways(page) == []
