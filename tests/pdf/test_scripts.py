"""Names in every script a table types, printed for real: in logical order when the text is
extracted, shaped, and never an empty box. Pages are kept as PNG in test-output/pdf/.
"""

from __future__ import annotations

import re
import unicodedata

import pytest

from assistant.pdf import score_pad_pdf, score_sheet_pdf
from assistant.rules.records import replace
from assistant.rules.text import N_
from tests.pdf.conftest import drawn_glyphs, drawn_strings, poppler_text
from tests.pdf.test_fonts import SCRIPTS
from tests.pdf.test_sheet import PLAYED_ON, URL, WONDERS, city, ranked

NAMES = list(SCRIPTS.values())


def _extracted(path) -> str:
    """What a reader copies out of the PDF, normalised (joining forms to letters, spaces)."""
    text = unicodedata.normalize("NFKC", poppler_text(path))
    return re.sub(r"\s+", " ", text)


def _sheet(names: list[str], winner: str):
    cities = [
        city(i, name, [i + (10 if name == winner else 0), 1, 2, 3, 4, 0, 1], coins=i, wonder=WONDERS[i])
        for i, name in enumerate(names)
    ]
    return ranked(cities, explanation=N_("{name} has the most points.", name=winner))


@pytest.mark.slow  # six sheets of long names, checked glyph by glyph
@pytest.mark.parametrize("part", [0, 1, 2])
@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_names_in_fourteen_scripts_and_emoji_print_whole_in_order_and_in_real_glyphs(part, paper, keep):
    names = NAMES[part * 5 : part * 5 + 5]
    winner = names[-1]
    pdf = score_sheet_pdf(_sheet(names, winner), paper=paper, url=URL, played_on=PLAYED_ON, invariant=True)
    path = keep(pdf, f"sheet-scripts-{part}-{paper.lower()}", dpi=90)
    boxes = [g for g in drawn_glyphs(pdf) if g[1] == 0]
    assert not boxes, f"empty boxes printed: {boxes[:5]}"
    text = _extracted(path)
    for name in names:
        typed = unicodedata.normalize("NFKC", name)
        # The details page's header has each name whole; the table too, or cut into lines.
        assert text.count(typed) >= 1, (name, text[:400])
        for word in typed.split():
            assert text.count(word) >= 2, (word, text[:400])
    assert f"Winner: {unicodedata.normalize('NFKC', winner)}" in text


@pytest.mark.parametrize("name", ["דוד כהן", "محمد علي", "شيماء بنت عبد الله", "אביגיל כהן"])
def test_right_to_left_names_extract_in_the_order_they_were_typed(name, keep):
    """Extracted by poppler (which reads right-to-left text back into logical order): the
    name as typed, in the table, the winner's line, the explanation and the details.
    (Poppler takes a line that starts with right-to-left text for a right-to-left line,
    so the explanation's word order is checked on the glyphs instead, below.)"""
    cities = [city(0, name, [9, 1, 2, 3, 4, 0, 1]), city(1, "Ana", [1] * 7), city(2, "김민준", [0] * 7)]
    sheet = ranked(cities, explanation=N_("{name} has the most points.", name=name))
    pdf = score_sheet_pdf(sheet, url=URL, played_on=PLAYED_ON, invariant=True)
    path = keep(pdf, f"sheet-rtl-{len(name)}-{ord(name[0]):x}", dpi=90)
    text = _extracted(path)
    typed = unicodedata.normalize("NFKC", name)
    assert f"Winner: {typed}" in text  # the winner line
    assert text.count(typed) >= 4  # and the table and the details page
    assert typed[::-1] not in text


@pytest.mark.parametrize(
    "name", ["דוד כהן", "אביגיל לוי-כהן", "דוד 2 כהן", "(דוד) Smith", "محمد علي", "علي ١٢ محمد", "Ana דוד"]
)
def test_right_to_left_names_are_drawn_in_the_unicode_algorithms_visual_order(name):
    """Checked on the glyphs drawn, in page order, against python-bidi's compiled
    implementation of the Unicode bidirectional algorithm (the printout uses its
    pure-Python one, with isolates done around it): numbers, hyphens and Latin inside a
    right-to-left name too, where text extractors guess. A name inserted in a sentence is
    isolated (FSI ... PDI, UAX #9): it reads as in its own cell and never carries the
    words or numbers beside it along. Arabic is compared letter by letter (its glyphs are
    joined forms; NFKC maps them back), brackets without their mirroring (the shaper's job)."""
    from bidi import get_display

    cities = [city(0, name, [9, 1, 2, 3, 4, 0, 1]), city(1, "Ana", [1] * 7), city(2, "Bo", [0] * 7)]
    sheet = ranked(cities, explanation=N_("{name} has the most points.", name=name))
    pdf = score_sheet_pdf(sheet, invariant=True)
    drawn = [unicodedata.normalize("NFKC", s) for s in drawn_strings(pdf)]
    unmirror = str.maketrans("()", "[[")
    as_drawn = [s.translate(unmirror) for s in drawn]
    alone = get_display(name).translate(unmirror)  # in its cell: the name's own base direction

    def isolated(line: str) -> str:  # the sheet's sentences: the name set apart
        return (
            get_display(line.format(f"\u2068{name}\u2069"), base_dir="L")
            .translate(
                unmirror,
            )
            .replace("\u2068", "")
            .replace("\u2069", "")
        )

    sentence = isolated("Winner: {}")
    explained = isolated("{} has the most points.")
    assert sentence == f"Winner: {alone}" and explained == f"{alone} has the most points."
    assert alone in as_drawn, (alone, drawn[:12])
    assert sentence in as_drawn, (sentence, drawn[:20])
    assert explained in as_drawn, (explained, drawn[:20])


def test_hebrew_arabic_korean_and_emoji_names_on_a_grayscale_seven_player_sheet(keep, test_output):
    names = ["דוד כהן", "محمد علي", "김민준", "🎲 Ana 🏆", "王小明", "अर्जुन", "Şule"]
    pdf = score_sheet_pdf(_sheet(names, "محمد علي"), url=URL, played_on=PLAYED_ON, invariant=True)
    path = keep(pdf, "sheet-mixed-scripts-7", dpi=100)
    import shutil
    import subprocess

    if shutil.which("pdftoppm"):
        subprocess.run(
            [
                "pdftoppm",
                "-gray",
                "-r",
                "100",
                "-png",
                str(path),
                str(path.with_name("sheet-mixed-scripts-7-gray")),
            ],
            check=True,
        )
    assert not [g for g in drawn_glyphs(pdf) if g[1] == 0]


@pytest.mark.parametrize("lang", ["ko", "pl", "tr", "ca", "es"])
def test_pads_in_every_language_print_no_empty_box(lang, keep):
    from babel.support import Translations

    from assistant.web.i18n import TRANSLATIONS_DIR

    tr = Translations.load(str(TRANSLATIONS_DIR), [lang])
    pdf = score_pad_pdf(
        7, per_page=4, url=URL, gettext=tr.gettext, ngettext=tr.ngettext, lang=lang, invariant=True
    )
    keep(pdf, f"pad-7p-4up-{lang}")
    assert not [g for g in drawn_glyphs(pdf) if g[1] == 0]


MAX_BYTES = 150_000
"""The issue measured sheets and pads of 25-134 KB: fonts are embedded as subsets, so a
printout holds only the glyphs it uses. A file much larger means a whole font got in."""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_sheets_and_pads_stay_small_whatever_scripts_they_print(lang):
    from babel.support import Translations

    from assistant.web.i18n import TRANSLATIONS_DIR

    tr = Translations.load(str(TRANSLATIONS_DIR), [lang])
    every_script = ["דוד כהן", "محمد علي", "김민준", "🎲 Ana 🏆", "王小明", "अर्जुन", "สมชาย"]
    sizes = {
        "sheet, 7 scripts": len(
            score_sheet_pdf(
                _sheet(every_script, "김민준"),
                url=URL,
                gettext=tr.gettext,
                ngettext=tr.ngettext,
                invariant=True,
            )
        ),
        "sheet, 14 scripts": max(
            len(score_sheet_pdf(_sheet(NAMES[i : i + 5], NAMES[i]), url=URL, invariant=True))
            for i in (0, 5, 10)
        ),
        "pads, 7 players, 4 a page": len(
            score_pad_pdf(7, per_page=4, url=URL, gettext=tr.gettext, ngettext=tr.ngettext, invariant=True)
        ),
        "pads, 3 players, edition 2": len(score_pad_pdf(3, per_page=2, edition=2, url=URL, invariant=True)),
    }
    assert all(size < MAX_BYTES for size in sizes.values()), sizes


def test_numbers_beside_a_right_to_left_name_stay_where_the_sentence_puts_them():
    """Issue 24's print review: "...in the cities of 张伟 and 6 ,محمد العربي in all" and
    "35 ,محمد zafer puanlık". Each name is isolated, so the number keeps its place after it,
    and the footer's date stays whole after a Hebrew title."""
    import datetime

    from bidi import get_display

    from assistant.rules.model import TeamScore

    name = "محمد العربي"
    cities = [city(0, name, [9, 1, 2, 3, 4, 0, 1]), city(1, "张伟", [1] * 7), city(2, "Bo", [0] * 7)]
    sheet = ranked(cities, explanation=N_("{name}, {points} points", name=name, points=35))
    sheet = replace(sheet, teams=(TeamScore("2", ("Zofia", name), 84, 9, 1),))
    drawn = [unicodedata.normalize("NFKC", s) for s in drawn_strings(
        score_sheet_pdf(sheet, title="ערב משחק", played_on=datetime.date(2026, 12, 4), invariant=True)
    )]  # fmt: skip
    alone = unicodedata.normalize("NFKC", get_display(name))
    assert f"{alone}, 35 points" in drawn  # not "35 ,محمد"
    assert f"1. Team 2 (Zofia and {alone}): 84 victory points" in drawn
    title = unicodedata.normalize("NFKC", get_display("ערב משחק"))
    assert any(s.startswith(f"{title} · 2026-12-04") for s in drawn), drawn[-5:]
