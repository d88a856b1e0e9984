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
from tests.web.worked_games import three

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


# Negative numbers wherever the sheet prints them: a city's tokens (+1 -1 -1), a pad-entered
# military score (-3), conflicts resolved from shields (tokens by age), a token that does not
# exist (the list of those that do: +1, +3, +5, -1), a negative total.
MINUS_GAMES = [
    {
        "edition": 1,
        "cities": [
            {"player": "Ana", "wonder": "giza", "stages": 1, "coins": 4, "military": [1, -1, -1],
             "cards": ["baths", "stockade"]},
            {"player": "Bo", "coins": 0, "categories": {"military": -3, "civilian": 1}},
            {"player": "Cy", "wonder": "rhodes", "coins": 0, "military": [-1, -1, -1, 2, -1, -1, -1],
             "cards": ["altar"]},
        ],
    },
    {
        "edition": 2,
        "cities": [
            {"player": "Ana", "wonder": "giza", "coins": 3, "shields_by_age": [2, 2, 5]},
            {"player": "Bo", "wonder": "rhodes", "coins": 3, "shields_by_age": [0, 3, 3]},
            {"player": "Cy", "wonder": "babylon", "coins": 0, "shields_by_age": [1, 0, 0]},
        ],
    },
]  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "es", "ca", "pl", "tr", "ko"])
@pytest.mark.parametrize("game", range(len(MINUS_GAMES)))
def test_no_number_on_a_sheet_is_signed_with_a_hyphen(lang: str, game: int, tmp_path):
    """Before, the table used a real minus sign but the details printed hyphens: "Military from
    the score pad: -3 victory points", "Conflict tokens +1 -1 -1: -1 victory point"."""
    import re

    from tests.pdf.conftest import poppler_text

    translations = Translations.load(str(TRANSLATIONS_DIR), [lang])
    sheet = score_game(parse_game(MINUS_GAMES[game]))
    assert any(d.points < 0 for c in sheet.cities for d in c.details)
    pdf = score_sheet_pdf(sheet, gettext=translations.gettext, ngettext=translations.ngettext, invariant=True)
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    for text in (text_of(pdf), poppler_text(path)):
        assert "\u2212" in text
        hyphens = re.findall(r".{0,30}-[0-9].{0,10}", text)
        assert not hyphens, hyphens
