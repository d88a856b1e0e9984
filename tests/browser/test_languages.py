"""A whole game on phones set to Korean and to Polish: every screen in the table's language,
the same totals, and the score sheet printed in that language."""

from __future__ import annotations

import io

import pytest
from babel.support import Translations
from playwright.sync_api import expect
from pypdf import PdfReader

from assistant.web.i18n import TRANSLATIONS_DIR
from tests.browser.flows import THREE_TAPPED, create_game, enter_cities, enter_city, ranks, shot, totals

pytestmark = pytest.mark.browser


def words(lang: str):
    return Translations.load(str(TRANSLATIONS_DIR), [lang]).gettext


@pytest.mark.parametrize(("lang", "locale"), [("ko", "ko-KR"), ("pl", "pl-PL")])
def test_a_game_played_in_the_table_s_language(live_server, phone, screenshots, lang, locale):
    t = words(lang)
    host = phone(locale)
    host.goto(live_server + "/")
    expect(host.locator("html")).to_have_attribute("lang", lang)
    expect(host.locator("main h1")).to_have_text(t("Score your 7 Wonders game"))
    hub = create_game(
        host, live_server, ["김민준", "Łukasz", "Şule"], [("giza", "A"), ("rhodes", "A"), ("babylon", "A")]
    )
    expect(host.locator("main h2").nth(1)).to_have_text(t("Whose city is this phone?"))
    # The hand-worked game of tests/web/worked_games.py, each city on its own phone.
    enter_city(host, hub, 0, **THREE_TAPPED[0], screenshot=(screenshots, f"50-{lang}-my-city"))
    expect(host.locator("#save-state")).to_have_text(t("Saved") + " ✓")
    enter_cities([phone(locale), phone(locale)], hub, THREE_TAPPED[1:], first=1)
    host.goto(hub + "/scoreboard")
    assert totals(host) == {"김민준": 25, "Łukasz": 20, "Şule": 15}
    assert ranks(host) == {"김민준": "1", "Łukasz": "2", "Şule": "3"}
    host.locator("#row-0 summary").click()
    for category in ("Military", "Treasury", "Wonder", "Civilian", "Science", "Commercial", "Guilds"):
        expect(host.locator("#row-0 .details")).to_contain_text(t(category))
    shot(host, screenshots, f"51-{lang}-scoreboard")

    # The score sheet prints in the game's language.
    response = host.request.get(hub + "/sheet.pdf")
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)
    assert "김민준" in text and "Łukasz" in text and "Şule" in text
    for category in ("Military", "Science", "Guilds"):
        assert t(category) in text
