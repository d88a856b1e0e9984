"""The score sheet and pads in Turkish and Korean hold the translated category names."""

from __future__ import annotations

import datetime
import io

import pytest
from babel.dates import format_date
from babel.support import Translations
from pypdf import PdfReader

from assistant.pdf import score_pad_pdf, score_sheet_pdf
from assistant.rules.gameio import parse_game
from assistant.rules.scoring import score_game
from assistant.web.i18n import TRANSLATIONS_DIR
from tests.web.games import three

CATEGORIES = ("Military", "Treasury", "Wonder", "Civilian", "Science", "Commercial", "Guilds")


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("lang", ["tr", "ko"])
def test_the_score_sheet_prints_in_the_game_s_language(lang: str):
    translations = Translations.load(str(TRANSLATIONS_DIR), [lang])
    day = datetime.date(2026, 11, 30)
    game = three()
    game["cities"][0]["player"] = "김민준" if lang == "ko" else "İsmail"
    pdf = score_sheet_pdf(
        score_game(parse_game(game)),
        gettext=translations.gettext,
        ngettext=translations.ngettext,
        played_on=day,
        format_date=lambda d: format_date(d, "long", locale=lang),
    )
    text = text_of(pdf)
    for category in CATEGORIES:
        assert translations.gettext(category) != category
        assert translations.gettext(category) in text, category
    assert format_date(day, "long", locale=lang) in text
    assert game["cities"][0]["player"] in text


@pytest.mark.parametrize("lang", ["tr", "ko"])
def test_blank_pads_print_in_the_table_s_language(lang: str):
    translations = Translations.load(str(TRANSLATIONS_DIR), [lang])
    text = text_of(score_pad_pdf(4, gettext=translations.gettext, ngettext=translations.ngettext))
    for category in CATEGORIES:
        assert translations.gettext(category) in text
