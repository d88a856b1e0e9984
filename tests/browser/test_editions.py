"""A second-edition (2020) game through the real UI on phones (Chromium, 390x844): set up on
Day and Night boards, cities tapped in, Olympia's Day power at "Can I build it?", the
scoreboard in the 2020 pad's order, and the score sheet printed for the edition."""

from __future__ import annotations

import io

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.browser.flows import (
    ask_about,
    create_second_edition_game,
    enter_cities,
    open_city,
    scrolls_sideways,
    shot,
    totals,
)

pytestmark = pytest.mark.browser


# Hand-scored by the 2020 cards:
#  Ana  Giza Night, 4 stages (3+5+5+7 = 20), 3 coins (1), Altar 3 + Temple 4, Decorators
#       Guild (every stage built: 7), tokens +1 +3                               = 39
#  Bo   Olympia Day, 2 stages (3), 6 coins (2), Palace 8, tokens -1 -1           = 11
#  Cy   Rhodes Day, 1 stage (3), 0 coins, Well 3 + Statue 4, tokens -1 -1        = 8
#  Dae  Babylon Night, 0 stages, 4 coins (1), Theater 3, tokens +1 +5            = 10
CITIES = [  # name, board, and what its player taps in (enter_city's keywords)
    ("Ana", ("giza", "B"), {"stages": 4, "coins": 3, "tokens": [1, 3], "cards": ["altar", "temple", "decorators-guild"]}),
    ("Bo", ("olympia", "A"), {"stages": 2, "coins": 6, "tokens": [-1, -1], "cards": ["palace"]}),
    ("Cy", ("rhodes", "A"), {"stages": 1, "coins": 0, "tokens": [-1, -1], "cards": ["well", "statue"]}),
    ("Dae", ("babylon", "B"), {"stages": 0, "coins": 4, "tokens": [1, 5], "cards": ["theater"]}),
]  # fmt: skip


def test_a_second_edition_game_from_set_up_to_the_printed_sheet(live_server, phone, screenshots):
    host = phone()
    hub = create_second_edition_game(host, live_server, [(name, *board) for name, board, _taps in CITIES])
    expect(host.locator(".cities li").first).to_contain_text("Giza Night")
    shot(host, screenshots, "80-second-edition-hub")

    taps = [city for _name, _board, city in CITIES]
    taps[2] = {**taps[2], "screenshot": (screenshots, "81-second-edition-city")}
    enter_cities([host, phone(), phone(), phone()], hub, taps)

    # Olympia Day: Bo has built its second stage and holds no red card yet, so the Barracks'
    # colour comes free; Cy's Well builds the Statue free by its symbol (already taken here).
    bo = phone()
    open_city(bo, hub, 1)
    bo.get_by_role("link", name="Can I build it?").click()
    bo.get_by_role("button", name="Age I", exact=True).click()
    ask_about(bo, ["barracks"])
    expect(bo.locator("#verdicts li[data-card=barracks]")).to_contain_text("first card of each colour")

    host.goto(hub + "/scoreboard")
    assert totals(host) == {"Ana": 39, "Bo": 11, "Cy": 8, "Dae": 10}
    expect(host.locator("#winner")).to_contain_text("Ana wins")
    chips = host.locator("#row-0 .cat-chips li").evaluate_all("els => els.map(e => e.className)")
    assert chips == [
        f"cat-{c}" for c in ("wonder", "treasury", "military", "civilian", "commercial", "science", "guilds")
    ]
    assert scrolls_sideways(host) == []
    shot(host, screenshots, "82-second-edition-scoreboard")

    response = host.request.get(hub + "/sheet.pdf")
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)
    assert "Giza Night" in text and "Olympia Day" in text and "Decorators Guild" in text
