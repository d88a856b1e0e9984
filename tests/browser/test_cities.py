"""Cities, card by card, on phones (Chromium, 390x844, with the script and without it): Ana's
black cards tapped in the picker's black group, her diplomacy in Age II tapped once, the
scoreboard's Cities row and the masks' science, "Can I build it?" knowing that only as many
black cards of an age as players are drawn, and the printed sheet."""

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
    """Bo and Cy entered elsewhere (the API); Ana's city waits for her phone. Tokens: Ana beat
    Bo in Ages I and III and sat out Age II's conflict; Cy beat Bo in Ages I and II, Bo beat Cy in Age III."""
    game = {
        "edition": 1,
        "expansions": ["cities"],
        "cities": [
            {"player": "Ana", "wonder": "byzantium", "side": "A", "stages": 3, "coins": 6,
             "military": [1, 5], "cards": []},
            {"player": "Bo", "wonder": "rhodes", "side": "A", "coins": 3, "military": [-1, -1, -1, -1, 5],
             "cards": ["workshop", "militia", "hideout", "mourners-guild"]},
            {"player": "Cy", "wonder": "petra", "side": "B", "stages": 1, "coins": 0, "military": [1, 3, -1],
             "cards": ["scriptorium", "counterfeiters-guild"]},
        ],
    }  # fmt: skip
    return store_game(base, game)


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_cities_city_tapped_in_scored_and_asked_about(live_server, page_context, screenshots, script):
    context = page_context(script)
    page = context.new_page()
    hub = _game(live_server)

    open_city(page, hub, 0)
    expect(page.locator(".colour-group[data-color=black] .colour-head")).to_contain_text("City buildings")
    tap_cards(
        page, ["apothecary", "pigeon-loft", "spy-ring", "secret-society", "capitol", "guild-of-shadows"]
    )
    page.locator("#diplomacy-choices input[value='2'] + label").click()  # one tap
    save_city(page, script=script)
    expect(page.locator("#diplomacy-choices input[value='2']")).to_be_checked()
    shot(page, screenshots, f"98-cities-city-{'js' if script else 'nojs'}")
    assert scrolls_sideways(page) == []

    # Hand-worked (tests/rules/test_cities_cards.py): military 6, treasury 2, wonder 12,
    # science 10 (a compass; the masks copy Bo's gear and Cy's tablet), Cities 8 + 4, guilds 2.
    page.goto(f"{hub}/scoreboard")
    assert totals(page)["Ana"] == 6 + 2 + 12 + 10 + 12 + 2
    page.locator("#row-0 summary").click()
    details = page.locator("#row-0 .details")
    expect(details).to_be_visible()
    expect(details).to_contain_text("1 gear and 1 tablet copied from the neighbours' green cards")
    expect(details).to_contain_text(
        "Secret Society: 1 per black card in its own city, 4 in all: 4 victory points"
    )

    # Cy's "Can I build it?" in Age I: three black cards of Age I would be in cities already?
    # Ana's Pigeon Loft and Bo's Militia and Hideout: yes, so the Gates of the City was not drawn.
    open_city(page, hub, 2)
    page.get_by_role("link", name="Can I build it?").click()
    page.locator(".age-tabs button[value='1']").click()
    ask_about(page, ["gates-of-the-city"], script=script)
    expect(page.locator("#verdicts li[data-card=gates-of-the-city]")).to_contain_text(
        "only 3 black cards of Age I enter the deck for 3 cities, and the table already holds them"
    )
    shot(page, screenshots, f"99-cities-can-build-{'js' if script else 'nojs'}")

    with urllib.request.urlopen(f"{hub}/sheet.pdf") as response:
        text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.read())).pages)
    assert "Cities" in text and "copied from the neighbours" in text
    context.close()
