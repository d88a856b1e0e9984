"""Tonight's deck printed (issue 45): each age's cards with a box to tick and their copies,
the draws with their pools, the leaders dealt apart; every word but the card names through
the given gettext; Korean in the bundled Hangul font; A4 or letter; the same bytes for the
same deck. Every PDF made here is also written, with its pages as PNG, to test-output/pdf/."""

from __future__ import annotations

import re
from io import BytesIO

import pypdf
import pytest
from babel.support import Translations

from assistant.pdf.deck import deck_pdf
from assistant.pdf.layout import TRANSLATIONS_DIR
from assistant.rules.catalog import catalog_for
from assistant.rules.table_deck import table_deck
from tests.pdf.conftest import poppler_text


def printed(edition: int, expansions: tuple[str, ...], players: int, **options) -> bytes:
    catalog = catalog_for(edition, expansions)
    return deck_pdf(table_deck(catalog, players), catalog, invariant=True, **options)


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_the_four_player_deck_prints_every_card_with_its_copies_and_the_guilds_to_draw(keep):
    path = keep(printed(1, (), 4), "deck-1-4p")
    text = flat(poppler_text(path, "-layout"))
    assert "7 Wonders · first edition" in text and "Tonight's deck" in text
    assert "4 players: hands of 7." in text
    for heading in (
        "Age I: 28 cards once drawn",
        "Age II: 28 cards once drawn",
        "Age III: 28 cards once drawn",
    ):
        assert heading in text
    assert "Put in 28 cards:" in text and "Put in 22 cards:" in text
    assert re.search(r"Lumber Yard ×2", text) and "Raw materials" in text and "Scriptorium ×2" in text
    assert "Shuffle these guilds and put 6 of them in, unseen (4 players + 2)." in text
    assert "Workers Guild · Craftsmens Guild" in text
    assert "Tree Farm" not in text  # marked 6+
    assert len(pypdf.PdfReader(BytesIO(path.read_bytes())).pages) == 1


def test_the_biggest_deck_runs_onto_a_second_page_and_ends_with_the_leaders(keep):
    path = keep(printed(1, ("leaders", "cities", "armada"), 8), "deck-1-8p-leaders-cities-armada")
    reader = pypdf.PdfReader(BytesIO(path.read_bytes()))
    assert len(reader.pages) >= 2
    text = flat(poppler_text(path))
    assert "8 players: the 7-player decks, shared out in hands of 8." in text
    assert "Shuffle these black cards of Cities and put 7 of them in, unseen." in text
    assert "Shuffle the Armada cards of Age III and put 7 of them in, unseen" in text
    assert "Dealt apart" in text and "shuffle these and deal 4 to each player before Age I." in text
    assert "Cleopatra" in text and "Zenobia" in text
    last = flat(reader.pages[-1].extract_text())
    assert "7 Wonders · first edition with Leaders, Cities and Armada" in last  # the heading on every page


def test_every_word_but_the_card_names_goes_through_the_given_gettext(keep):
    pdf = printed(
        2,
        ("cities",),
        3,
        gettext=lambda s: f"«{s}»",
        ngettext=lambda s, p, n: f"«{s if n == 1 else p}»",
    )
    path = keep(pdf, "deck-translated")
    text = flat(poppler_text(path))
    for said in (
        "«Tonight's deck»",
        "«Age {age}: {n} cards once drawn»".format(age="I", n=24),
        "«Put in 21 cards:»",
    ):
        assert said in text, said
    assert "«Raw materials»" in text and "«Shuffle the «Cities» cards of Age II" in text
    assert "«Lumber Yard»" not in text and "Lumber Yard" in text


@pytest.mark.parametrize("lang", ["es", "ca", "pl", "tr", "ko"])
def test_the_deck_prints_in_the_tables_language(lang, keep):
    translations = Translations.load(str(TRANSLATIONS_DIR), [lang])
    pdf = printed(1, ("leaders",), 5, gettext=translations.gettext, ngettext=translations.ngettext, lang=lang)
    path = keep(pdf, f"deck-{lang}")
    text = flat(poppler_text(path))
    title = translations.gettext("Tonight's deck")
    assert title != "Tonight's deck" and title in text
    assert "Tonight's deck" not in text and "once drawn" not in text and "Shuffle these" not in text
    assert "Lumber Yard" in text and "Cleopatra" in text
    reader = pypdf.PdfReader(BytesIO(pdf))
    assert reader.trailer["/Root"]["/Lang"] == lang
    if lang == "ko":
        fonts = {str(f.get_object()["/BaseFont"]) for f in reader.pages[0]["/Resources"]["/Font"].values()}
        assert any("NanumGothic" in f for f in fonts), fonts


def test_letter_paper_and_the_same_bytes_for_the_same_deck():
    letter = pypdf.PdfReader(BytesIO(printed(1, (), 3, paper="letter"))).pages[0]
    assert (round(float(letter.mediabox.width)), round(float(letter.mediabox.height))) == (612, 792)
    assert printed(1, ("cities",), 6) == printed(1, ("cities",), 6)
    with pytest.raises(ValueError, match="paper"):
        printed(1, (), 3, paper="A3")
