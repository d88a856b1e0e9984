"""Leaders, card by card, on phones (Chromium, 390x844, with the script and without it): a
2010 game with Leaders, Ana's leaders tapped in the picker's white group beside her cards,
the live score and the scoreboard's Leaders row with every leader's sentence, "Can I build
it?" for leaders from the hand of leaders (Maecenas, a leader recruited elsewhere), and the
printed sheet's Leaders row and sentences."""

from __future__ import annotations

import io
import urllib.request

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.browser.flows import (
    ask_about,
    open_city,
    save_city,
    scrolls_sideways,
    shot,
    store_game,
    tap_cards,
    totals,
)

pytestmark = pytest.mark.browser


def _game(base: str) -> str:
    """Bo and Cy entered elsewhere (the API); Ana's city waits for her phone."""
    game = {
        "edition": 1,
        "expansions": ["leaders"],
        "cities": [
            {"player": "Ana", "wonder": "rhodes", "side": "A", "coins": 7, "military": [1, 1, 3, 3, 5, 5],
             "cards": []},
            {"player": "Bo", "wonder": "rome", "side": "B", "stages": 2, "coins": 4, "military": [-1, -1, -1],
             "cards": ["dispensary", "cleopatra", "hypatia", "maecenas"]},
            {"player": "Cy", "wonder": "babylon", "side": "A", "coins": 3, "military": [-1, -1, -1],
             "cards": ["ptolemy", "caesar", "justinian"]},
        ],
    }  # fmt: skip
    return store_game(base, game)


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_leaders_city_tapped_in_scored_and_asked_about(live_server, page_context, screenshots, script):
    context = page_context(script)
    page = context.new_page()
    hub = _game(live_server)

    # Ana's phone: her cards and her three leaders, from the picker's Leaders group.
    open_city(page, hub, 0)
    expect(page.locator(".colour-group[data-color=white] .colour-head")).to_contain_text("Leaders")
    tap_cards(page, ["lumber-yard", "apothecary", "workshop", "scriptorium", "barracks", "baths",
                     "aristotle", "euclid", "hiram", "courtesans-guild"])  # fmt: skip
    save_city(page, script=script)
    if script:
        expect(page.locator(".cat-chips .cat-leaders b").first).to_have_text("10")
    shot(page, screenshots, f"95-leaders-city-{'js' if script else 'nojs'}")
    assert scrolls_sideways(page) == []

    # The scoreboard: the Leaders row, and where Ana's leaders' points come from.
    page.goto(f"{hub}/scoreboard")
    assert totals(page) == {"Ana": 46, "Bo": 8, "Cy": -1}
    page.locator("#row-0 summary").click()
    details = page.locator("#row-0 .details")
    expect(details).to_be_visible()
    expect(details).to_contain_text(
        "Aristotle: 3 more for each complete set of science symbols, 1 in all: 3 victory points"
    )
    expect(details).to_contain_text("Courtesans Guild copies Cleopatra of Bo: 5 victory points")
    shot(page, screenshots, f"96-leaders-scoreboard-{'js' if script else 'nojs'}")

    # Bo's "Can I build it?": the hand of leaders is there in every age; Maecenas makes a
    # leader free, and Cy's Caesar is nobody else's.
    open_city(page, hub, 1)
    page.get_by_role("link", name="Can I build it?").click()
    expect(page.locator(".hand .colour-group[data-color=white]")).to_be_visible()
    ask_about(page, ["plato", "caesar"], script=script)
    expect(page.locator("#verdicts li[data-card=plato]")).to_contain_text(
        "Bo can build Plato for free: Maecenas builds white cards for free."
    )
    expect(page.locator("#verdicts li[data-card=caesar]")).to_contain_text(
        "there is one such card, and it is in the city of Cy"
    )
    shot(page, screenshots, f"97-leaders-can-build-{'js' if script else 'nojs'}")
    assert scrolls_sideways(page) == []

    # The printed sheet: the Leaders row and the leaders' sentences.
    with urllib.request.urlopen(f"{hub}/sheet.pdf") as response:
        text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.read())).pages)
    assert "Leaders" in text and "Courtesans Guild copies Cleopatra of Bo" in text
    context.close()
