"""Leaders and Cities' last wrong answers on phones (Chromium, 390x844, with the script and
without it): a team game where Semiramis sits beside a beaten Tomyris and a city played
diplomacy, its scoreboard naming the teammate, the handed-over defeats and the unconfirmed
team ruling with a link to it; the rulings page saying which readings are not confirmed; and
"Can I build it?" for Caligula's free black card."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.flows import ask_about, open_city, scrolls_sideways, shot, store_game

pytestmark = pytest.mark.browser


def _game(base: str) -> str:
    """Teams Ana+Bo and Cy+Di. Ana (Semiramis) fights Di; Bo fights Cy (Tomyris), Bo on
    diplomacy in Age I. Ana's city has Caligula and no coins: her black card is the question."""
    game = {
        "edition": 1,
        "expansions": ["leaders", "cities"],
        "cities": [
            {"player": "Ana", "wonder": "giza", "coins": 0, "team": "A", "cards": ["semiramis", "caligula", "stockade"],
             "shields_by_age": [1, 1, 1]},
            {"player": "Bo", "wonder": "rhodes", "coins": 4, "team": "A", "cards": ["residence", "barracks", "stables"],
             "shields_by_age": [1, 3, 3], "diplomacy": [1]},
            {"player": "Cy", "wonder": "babylon", "coins": 3, "team": "B", "cards": ["tomyris", "guard-tower"],
             "shields_by_age": [1, 1, 1]},
            {"player": "Di", "wonder": "olympia", "coins": 2, "team": "B", "cards": ["walls"],
             "shields_by_age": [0, 2, 2]},
        ],
    }  # fmt: skip
    return store_game(base, game)


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_team_game_says_its_teammates_its_handed_defeats_and_its_unconfirmed_ruling(
    live_server, page_context, screenshots, script
):
    context = page_context(script)
    page = context.new_page()
    hub = _game(live_server)

    page.goto(f"{hub}/scoreboard")
    page.locator("#row-1 summary").click()
    bo = page.locator("#d-1-military")
    expect(bo).to_contain_text("against Cy 1/1/1, twice an age as Ana is a teammate")
    expect(bo).to_contain_text("(an unconfirmed ruling: Conflicts in the team game)")
    shot(page, screenshots, f"100-team-ruling-{'js' if script else 'nojs'}")
    assert scrolls_sideways(page) == []
    page.locator("#row-0 summary").click()
    # Ana lost Age II twice to Di: two defeats, two more shields in Age III (Semiramis).
    expect(page.locator("#d-0-military")).to_contain_text(
        "Shields by age 1/1/3 (Semiramis: defeat tokens count as shields) against Di 0/2/2"
    )
    # Bo beat Cy (Tomyris) in Ages II and III: Cy's defeats went to Bo, and the line says whose.
    expect(bo).to_contain_text("(4 defeat tokens from Cy, whose Tomyris hands defeats to the victor)")

    bo.get_by_role("link", name="Read the ruling").click()
    ruling = page.locator("#cities-team-conflicts")
    expect(ruling).to_be_visible()
    expect(ruling).to_contain_text("Not confirmed by the rulebook yet")
    shot(page, screenshots, f"101-rulings-unconfirmed-{'js' if script else 'nojs'}")
    context.close()


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_caligulas_free_black_card_is_a_yes_on_its_condition(live_server, page_context, screenshots, script):
    context = page_context(script)
    page = context.new_page()
    hub = _game(live_server)
    open_city(page, hub, 0)
    page.get_by_role("link", name="Can I build it?").click()
    page.locator(".age-tabs button[value='2']").click()
    ask_about(page, ["lair"], script=script)
    verdict = page.locator("#verdicts li[data-card=lair]")
    expect(verdict).to_contain_text(
        "If Caligula's free black card of the age has not been used, Ana can build the Lair with it for free."
    )
    expect(verdict).to_contain_text("Otherwise, Ana cannot build the Lair")
    shot(page, screenshots, f"102-caligula-can-build-{'js' if script else 'nojs'}")
    context.close()
