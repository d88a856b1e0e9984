"""Issue 24's tables on phones (Chromium, 390x844, with the script and without it): a 2010
game with Leaders, Cities and Armada for 8 players in teams, set up at a table, one city
entered card by card with its typed expansion rows and its naval strength, the rest by the
API, the scoreboard (teams, naval conflicts, no sideways scrolling), locked, the table's
statistics split by expansions, the printed sheet and the blank pads; and a 2020 game with
Leaders, Cities and Edifice entered in the quick pad."""

from __future__ import annotations

import io
import re
import urllib.request

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.browser.flows import (
    api,
    fill_names,
    lock,
    open_city,
    put_cities,
    save_city,
    scrolls_sideways,
    shot,
    tap_card,
    tick_expansions,
)

pytestmark = pytest.mark.browser
NAMES = ["Ana", "Bartek", "Şule", "Minji", "Carles", "Lucía", "Zofia", "محمد"]


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url) as response:
        return response.read()


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_2010_leaders_cities_armada_table_of_eight_in_teams(live_server, page_context, screenshots, script):
    context = page_context(script)
    page = context.new_page()
    table = api(live_server, "POST", "/api/v1/tables", {"name": "Club night"})["token"]
    page.goto(f"{live_server}/new?table={table}&edition=1")
    page.fill("input[name='seats-0-player']", NAMES[0])  # typed before the expansions are ticked
    tick_expansions(page, ["leaders", "cities", "armada"], script=script)
    expect(page.locator("#set-up")).to_contain_text("Players: 2 to 8. Starting coins: 6.")
    expect(page.locator("input[name='seats-0-player']")).to_have_value(NAMES[0])
    fill_names(page, NAMES[1:], first=1)
    page.check("input[name=deal]")
    page.check("input[name=teams]")
    shot(page, screenshots, f"91-new-8-players-{'js' if script else 'nojs'}")
    assert scrolls_sideways(page) == []
    page.locator("button[name=submit]").click()
    expect(page.locator(".cities li")).to_have_count(8)
    hub = page.url
    token = hub.rstrip("/").rsplit("/", 1)[-1]

    # Ana's phone: her cards (a black one among them), her typed Leaders and Debt rows, her naval strength.
    open_city(page, hub, 0)
    expect(page.locator("input[name='team']")).to_have_value("1")
    page.locator("details.more summary").first.click()
    page.select_option("select[name=wonder]", "siracusa")  # a board typed until it is card-level
    if not script:
        page.locator("#city-form button[type=submit]").first.click()
    expect(page.locator("#typed-wonder")).to_be_visible()
    page.fill("input[name='categories-wonder']", "7")
    tap_card(page, "baths")  # 3 civilian
    tap_card(page, "lair")  # a black card, card by card: 3 in the Cities row
    for row, value in (("leaders", "5"), ("debt", "-2")):
        page.fill(f"input[name='categories-{row}']", value)
    for age, value in enumerate((3, 3, 5)):
        page.fill(f"input[name='naval_by_age-{age}']", str(value))
    save_city(page, script=script)
    shot(page, screenshots, f"92-city-expansion-rows-{'js' if script else 'nojs'}")
    assert scrolls_sideways(page) == []

    # The other seven phones, through the API: pad numbers, their naval strength.
    naval = [None, [1, 4, 4], [0, 4, 6], [0, 0, 0], [2, 2, 2], [1, 1, 3], [0, 2, 2], [1, 1, 1]]

    def pad_numbers(seat: int, city: dict) -> dict:
        city.pop("cards", None)
        city.pop("stages", None)
        city["categories"] = {"civilian": 10 + seat, "leaders": 2, "debt": -seat % 3 * -1, "islands": 1}
        city["naval_by_age"] = naval[seat]
        return city

    game = put_cities(live_server, token, range(1, 8), pad_numbers)
    # Ana's naval conflicts, hand-worked (all eight compared): Age I strengths
    # [3, 1, 0, 0, 2, 1, 0, 1]: Ana alone strongest 3. Age II [3, 4, 4, 0, 2, 1, 2, 1]: Bartek
    # and Şule tie for the strongest (3 each), Ana counts as third: none. Age III
    # [5, 4, 6, 0, 2, 3, 2, 1]: Şule 7, Ana 5, Bartek 3. Ana: 3 + 0 + 5 = 8.
    ana = game["scores"]["cities"][0]
    assert ana["categories"]["naval"] == 8 and ana["categories"]["leaders"] == 5
    assert ana["categories"]["debt"] == -2 and ana["categories"]["cities"] == 3
    assert ana["categories"]["wonder"] == 7 and ana["wonder"] == "siracusa"
    assert "typed-board" in [p["code"] for p in game["scores"]["problems"]]

    page.goto(hub.rstrip("/") + "/scoreboard")
    expect(page.locator("#teams .team-row")).to_have_count(4)
    expect(page.locator(".rank-row[data-seat='0']")).to_have_attribute("data-total", str(ana["total"]))
    page.locator(".rank-row[data-seat='0'] summary").click()
    expect(page.locator("#d-0-naval")).to_contain_text("Age I +3, Age II none and Age III +5")
    shot(page, screenshots, f"93-scoreboard-8-teams-{'js' if script else 'nojs'}")
    assert scrolls_sideways(page) == []
    lock(page, hub.rstrip("/"))

    # The table's history and statistics, with and without Cities.
    page.goto(f"{live_server}/t/{table}?expansion=with:cities")
    expect(page.locator("#summary")).to_contain_text("1 game counted")
    page.goto(f"{live_server}/t/{table}?expansion=without:cities")
    expect(page.locator("#summary")).to_contain_text("No game is counted yet")
    assert scrolls_sideways(page) == []

    # The printed sheet and the blank pads of this combination.
    sheet = PdfReader(io.BytesIO(_get(f"{hub.rstrip('/')}/sheet.pdf")))
    text = " ".join(p.extract_text() for p in sheet.pages)
    assert "Naval conflicts" in text and "Team 1" in text and "Leaders, Cities and Armada" in text
    pads = _get(
        f"{live_server}/pads?edition=1&expansions=leaders&expansions=cities&expansions=armada&players=8&submit=1"
    )
    pad_text = PdfReader(io.BytesIO(pads)).pages[0].extract_text()
    for row in ("Leaders", "Cities", "Debt", "Naval conflicts", "Islands", "Shipyard"):
        assert row in pad_text, row
    context.close()


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_2020_leaders_cities_edifice_game_in_the_quick_pad(live_server, page_context, screenshots, script):
    context = page_context(script)
    page = context.new_page()
    table = api(live_server, "POST", "/api/v1/tables", {"name": "Thursday"})["token"]
    page.goto(f"{live_server}/new?mode=pad&edition=2&table={table}")
    tick_expansions(page, ["leaders", "cities", "edifice"], script=script)
    expect(page.locator("#set-up")).to_contain_text("Starting coins: 6.")
    fill_names(page, NAMES[:4])
    page.locator("button[name=submit]").click()
    expect(page.locator(".cities li")).to_have_count(4)
    hub = page.url
    open_city(page, hub, 0)
    # The 2020 pad: wonder, treasury... then Leaders, Cities, Debt, Edifice.
    fields = page.eval_on_selector_all("input[name^='categories-']", "els => els.map(e => e.name)")
    assert fields[-4:] == ["categories-leaders", "categories-cities", "categories-debt", "categories-edifice"]
    values = {"wonder": 10, "civilian": 12, "leaders": 6, "cities": 4, "debt": -3, "edifice": 5}
    for row, value in values.items():
        page.fill(f"input[name='categories-{row}']", str(value))
    save_city(page, script=script)
    shot(page, screenshots, f"94-quick-pad-2020-expansions-{'js' if script else 'nojs'}")
    assert scrolls_sideways(page) == []
    # The other three phones, through the API.
    token = hub.rstrip("/").rsplit("/", 1)[-1]
    put_cities(
        live_server,
        token,
        range(1, 4),
        lambda seat, city: {**city, "categories": {"civilian": 8 * seat, "edifice": -2}},
    )
    page.goto(hub.rstrip("/") + "/scoreboard")
    total = sum(values.values()) + 2  # and 6 coins: 2 points of treasury
    expect(page.locator(".rank-row[data-seat='0']")).to_have_attribute("data-total", str(total))
    assert re.search(r"cat-debt", page.content())
    assert scrolls_sideways(page) == []
    lock(page, hub.rstrip("/"))
    page.goto(f"{live_server}/t/{table}?expansion=with:edifice")
    expect(page.locator("#summary")).to_contain_text("1 game counted")
    page.goto(f"{live_server}/t/{table}?expansion=base")
    expect(page.locator("#summary")).to_contain_text("No game is counted yet")
    sheet = PdfReader(io.BytesIO(_get(f"{hub.rstrip('/')}/sheet.pdf")))
    text = " ".join(p.extract_text() for p in sheet.pages)
    assert "Leaders, Cities and Edifice" in text and "Edifice" in text and "Debt" in text
    pads = _get(
        f"{live_server}/pads?edition=2&expansions=leaders&expansions=cities&expansions=edifice&players=7&submit=1"
    )
    pad_text = PdfReader(io.BytesIO(pads)).pages[0].extract_text()
    assert all(row in pad_text for row in ("Leaders", "Cities", "Debt", "Edifice"))
    context.close()
