"""Long names on the score sheet (issue 43: "set at 6 pt over five lines and broken without a
hyphen"): in the table, a name is set at 8 points or more, on at most three lines, broken
at its spaces and after its own hyphens, and inside a word only with a hyphen, in the
scripts that take one (Chinese, Japanese and Korean break between characters with none).

Read from the PDF itself: each line a name is drawn in is one text object (its size, its
glyphs through the fonts' ToUnicode maps, where it starts); pages are kept as PNG in
``test-output/pdf/``.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from io import BytesIO

import pypdf
import pytest
from pypdf.generic import ByteStringObject, ContentStream, TextStringObject

from assistant.pdf import score_sheet_pdf
from assistant.pdf.fonts import text_width
from assistant.pdf.names import HYPHEN, NAME_TYPE, fit_name, hyphenated
from assistant.rules.limits import MAX_NAME_LENGTH
from assistant.rules.model import ScoreSheet
from assistant.rules.records import replace
from tests.pdf.conftest import _fonts_of, _to_unicode, drawn_glyphs, poppler_text
from tests.pdf.test_sheet import URL, WONDERS, assert_inside_margins_and_apart, city, ranked

Drawn = tuple[str, float, float, float]
"""A text object: its characters (visual order), its size, and where it starts (x, y)."""


def text_objects(pdf: bytes, number: int = 1) -> list[Drawn]:
    """Every text object of a page, in the order drawn."""
    reader = pypdf.PdfReader(BytesIO(pdf))
    page = reader.pages[number - 1]
    maps = {name: _to_unicode(font) for name, font in _fonts_of(page).items()}
    out: list[Drawn] = []
    font, size, current, where = "", 0.0, "", (0.0, 0.0)
    started = False
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"BT":
            current, started = "", False
        elif operator == b"Tm" and not started:
            where, started = (float(operands[4]), float(operands[5])), True
        elif operator == b"Tf":
            font, size = str(operands[0]), float(operands[1])
        elif operator in (b"Tj", b"TJ"):
            for item in operands[0] if operator == b"TJ" else [operands[0]]:
                if isinstance(item, (TextStringObject, ByteStringObject)):
                    current += "".join(maps[font].get(b, "\ufffd") for b in item.original_bytes)
        elif operator == b"ET":
            out.append((current, size, *where))
    return out


def cells_between(pdf: bytes, first: str, last: str) -> list[list[Drawn]]:
    """The lines of a row's cells: the text objects drawn after the row's label ``first``
    and before the next row's ``last``, a cell's lines top to bottom (a line no lower than
    the one before starts the next cell)."""
    drawn = text_objects(pdf)
    labels = [d[0] for d in drawn]
    cells: list[list[Drawn]] = []
    for line in drawn[labels.index(first) + 1 : labels.index(last)]:
        if cells and line[3] < cells[-1][-1][3] - 0.01:
            cells[-1].append(line)
        else:
            cells.append([line])
    return cells


def name_cells(pdf: bytes) -> list[list[Drawn]]:
    return cells_between(pdf, "Player", "Board")


def rejoins(name: str, lines: list[str]) -> bool:
    """Whether ``lines`` are ``name`` broken at a space, after a hyphen of its own, inside a
    word with a hyphen added, or (Chinese, Japanese, Korean) between two characters."""
    glue: list[list[tuple[str, str]]] = []  # per break: (what ends the line, what joins)
    for line in lines[:-1]:
        options = [("", " ")]
        if line.endswith(HYPHEN):
            options += [("", ""), (HYPHEN, "")]  # the name's own hyphen, or one added
        if re.search(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]$", line):
            options.append(("", ""))
        glue.append(options)
    for choice in itertools.product(*glue):
        text = ""
        for line, (drop, join) in zip(lines, [*choice, ("", "")], strict=True):
            text += (line[: -len(drop)] if drop else line) + join
        if text == name:
            return True
    return False


def assert_legible(pdf: bytes, names: list[str], *, whole: bool = True) -> None:
    """Every name's cell: 8 points or more, three lines at most, and the name whole (with
    ``whole``; else, a name too long even so ends with an ellipsis)."""
    cells = name_cells(pdf)
    assert len(cells) == len(names), [[d[0] for d in cell] for cell in cells]
    for name, cell in zip(names, cells, strict=True):
        lines = [d[0] for d in cell]
        assert 1 <= len(lines) <= 3, (name, lines)
        assert min(d[1] for d in cell) >= NAME_TYPE, (name, cell)
        if whole or not lines[-1].endswith("…"):
            assert rejoins(name, lines), (name, lines)
        else:
            shown = " ".join(lines)[:-1].replace("- ", "").replace(" ", "")
            assert name.replace(" ", "").replace("-", "").startswith(shown.replace("-", "")), (name, lines)


def _sheet(names: list[str]) -> ScoreSheet:
    cities = [city(i, n, [i, 1, 2, 3, 4, 5, 6], wonder=WONDERS[i % 7]) for i, n in enumerate(names)]
    sheet = ranked(cities)
    # Eight players: a Cities game (the base game seats seven).
    return replace(sheet, expansions=("cities",)) if len(names) > 7 else sheet


SEVEN_LONG = [
    "Żaneta Wiśniewska-Kowalczyk",
    "Łukasz Brzęczyszczykiewicz",
    "Begoña Fernández de la Vega",
    "Núria Puigdollers i Vilanova",
    "İsmail Çağlayan Şentürk",
    "Brzęczyszczykiewiczówna",
    "Gülşah Öztürk Yılmazoğlu",
]


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_long_names_on_a_seven_player_sheet_are_8_points_on_3_lines_hyphenated(paper, keep):
    """Before: ``Brzęczyszczyki`` / ``ewicz`` at 6 points, no hyphen."""
    pdf = score_sheet_pdf(_sheet(SEVEN_LONG), paper=paper, url=URL, invariant=True)
    path = keep(pdf, f"sheet-long-names-hyphenated-7-{paper.lower()}")
    assert_legible(pdf, SEVEN_LONG)
    cells = {name: [d[0] for d in cell] for name, cell in zip(SEVEN_LONG, name_cells(pdf), strict=True)}
    # A word longer than its column is broken inside, with a hyphen, where a syllable ends.
    assert any(line.endswith(HYPHEN) and "Brzęczy" in line for line in cells["Brzęczyszczykiewiczówna"])
    assert_inside_margins_and_apart(path, margin=20)


def test_long_names_on_an_eight_player_sheet_stay_legible(keep):
    """Eight columns (Cities) hold the seven whole; the eighth, 29 letters of Greek in a
    winner's column, ends with an ellipsis in its cell."""
    names = [*SEVEN_LONG, "Ελένη Παπαδοπούλου-Καραγιάννη"]
    pdf = score_sheet_pdf(_sheet(names), url=URL, invariant=True)
    path = keep(pdf, "sheet-long-names-hyphenated-8")
    assert_legible(pdf, names, whole=False)
    for name, cell in zip(SEVEN_LONG, name_cells(pdf), strict=False):
        assert rejoins(name, [d[0] for d in cell]), (name, cell)
    assert_inside_margins_and_apart(path, margin=20)


@pytest.mark.parametrize("players", [3, 5, 7, 8])
def test_a_name_of_the_longest_length_allowed_is_8_points_on_3_lines_and_whole_on_the_details(players, keep):
    """Forty letters in an eighth of a page do not fit three lines at 8 points: the cell
    shows what fits, ended with an ellipsis, never smaller type or a fourth line; the
    city's header on the details page prints the name whole. Five columns or fewer hold it."""
    longest = "Maximiliano Alejandro de la Cruz Vázquez"
    assert len(longest) == MAX_NAME_LENGTH
    names = [longest, *SEVEN_LONG][:players]
    pdf = score_sheet_pdf(_sheet(names), url=URL, invariant=True)
    path = keep(pdf, f"sheet-longest-name-{players}")
    assert_legible(pdf, names, whole=players <= 5)
    assert longest in re.sub(r"\s+", " ", poppler_text(path))


# Long names of every script the sheet prints: whole words where they fit, broken with a
# hyphen in the alphabets that take one, between characters in Chinese, Japanese, Korean.
SCRIPTS_LONG = [
    "Ελένη Παπαδοπούλου",
    "Пётр Константинов",
    "Nguyễn Thị Ánh Tuyết",
    "Արամ Խաչատրյան",
    "გიორგი ბერიძე",
    "王小明王大文陳小華",
    "김민준박서연이도윤",
]
SCRIPTS_UNJOINED = [
    "さくら 佐藤 たかはし",
    "अर्जुन शर्मा राजकुमार",
    "สมชาย ใจดี ศรีสวัสดิ์",
    "محمد علي عبد الرحمن",
    "אביגיל לוי-כהן",
    "🎲 Ana 🏆",
    "Brzęczyszczykiewiczówna",
]


def test_long_names_in_every_script_stay_legible_on_a_seven_player_sheet(keep):
    pdf = score_sheet_pdf(_sheet(SCRIPTS_LONG), url=URL, invariant=True)
    keep(pdf, "sheet-long-names-scripts-1")
    assert_legible(pdf, SCRIPTS_LONG)
    assert not [g for g in drawn_glyphs(pdf) if g[1] == 0]


def test_right_to_left_shaped_and_emoji_names_keep_to_8_points_and_3_lines(keep):
    """Drawn in visual order or as shaped glyphs, these are not compared letter by letter
    here (tests/pdf/test_scripts.py reads them back); their size and lines are."""
    pdf = score_sheet_pdf(_sheet(SCRIPTS_UNJOINED), url=URL, invariant=True)
    path = keep(pdf, "sheet-long-names-scripts-2")
    cells = name_cells(pdf)
    assert len(cells) == len(SCRIPTS_UNJOINED)
    for name, cell in zip(SCRIPTS_UNJOINED, cells, strict=True):
        assert 1 <= len(cell) <= 3 and min(d[1] for d in cell) >= NAME_TYPE, (name, cell)
        if HYPHEN not in name and not re.search("[A-Za-z]", name):  # none added: no alphabet takes one
            assert not any(HYPHEN in d[0] for d in cell), (name, cell)
    text = unicodedata.normalize("NFKC", re.sub(r"\s+", " ", poppler_text(path)))
    for name in SCRIPTS_UNJOINED[:3]:  # whole on the details pages (right to left: test_scripts)
        assert unicodedata.normalize("NFKC", name) in text, name
    assert not [g for g in drawn_glyphs(pdf) if g[1] == 0]


# --- the breaking itself ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "width", "expected"),
    [
        ("Brzęczyszczykiewiczówna", 50, ["Brzęczy-", "szczykie-", "wiczówna"]),  # not c-z, s-z
        ("Fernández", 30, ["Fer-", "nán-", "dez"]),
        ("王小明王大文陳小華", 30, ["王小明", "王大文", "陳小華"]),  # no hyphen in Chinese
    ],
)
def test_a_word_is_broken_where_a_syllable_ends_with_a_hyphen_in_alphabets_only(word, width, expected):
    size = 10.0
    lines = hyphenated(word, width, size, "regular")
    assert lines == expected
    assert all(text_width(line, size, "regular") <= width for line in lines)


def test_a_hyphen_inside_a_right_to_left_name_stays_with_its_latin_word():
    """A left-to-right mark (never drawn) after the hyphen keeps it at the end of its word
    when the line reads right to left."""
    lines = hyphenated("דוד Brzęczyszczykiewicz", 45, 10.0, "regular")
    assert any(line.endswith(HYPHEN + "\u200e") for line in lines), lines


def test_a_devanagari_conjunct_is_never_broken_after_its_virama():
    lines = hyphenated("अर्जुनशर्माराजकुमारसिंह", 30, 10.0, "regular")
    assert len(lines) > 1
    assert not any(line.endswith("\u094d") for line in lines[:-1]), lines


def test_whole_words_come_before_any_break_inside_a_word():
    fitted = fit_name("Begoña Fernández de la Vega", 46, 47, 10, "regular")
    assert fitted is not None and not any(line.endswith(HYPHEN) for line in fitted.lines)
