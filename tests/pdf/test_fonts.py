"""The bundled fonts and text layout: every name a table types gets real glyphs, in the
right order, shaped, each run in the font that has it."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import unicodedata

import pytest
from fontTools.ttLib import TTFont
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from assistant.pdf.fonts import (
    BODY_FONT,
    COVERAGE_FILE,
    FONT_DIR,
    FONT_FILES,
    MIN_TYPE,
    ensure_registered,
    fit,
    layout,
    missing_glyphs,
    register_fonts,
    runs,
    signed,
    text_width,
    wrap,
    wrap_link,
)
from tests.pdf.conftest import drawn_glyphs

NAMES = ["Şule", "Łukasz", "Núria", "Begoña", "김민준", "İsmail", "Żaneta", "Çağla", "Gülşah Öztürk", "Dương"]

# Names in 14 scripts (and emoji) that the web form accepts: every one must print.
SCRIPTS = {
    "Latin (Turkish, Polish, Catalan)": "Gülşah Wiśniewska i Puigdollers",
    "Latin (Vietnamese)": "Nguyễn Thị Ánh",
    "Greek": "Ελένη Παπαδοπούλου",
    "Cyrillic": "Пётр Иванов",
    "Armenian": "Արամ Խաչատրյան",
    "Georgian": "გიორგი",
    "Hebrew": "דוד כהן",
    "Arabic": "محمد علي",
    "Devanagari": "अर्जुन शर्मा",
    "Thai": "สมชาย ใจดี",
    "Han (simplified)": "王小明",
    "Han (traditional)": "陳大文",
    "Japanese kana and kanji": "さくら 佐藤",
    "Hangul": "김민준",
    "Emoji": "🎲 🏆 👍🏽 🧙‍♀️",
}


def _face(name: str):
    for chain in register_fonts().values():
        for face in chain:
            if face.name == name:
                return face
    raise KeyError(name)


@pytest.mark.parametrize("name", NAMES + list(SCRIPTS.values()))
@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_every_character_of_a_name_is_drawn_with_a_font_that_has_its_glyph(name, weight):
    for run in runs(name, weight):
        face = _face(run.font)
        missing = [ch for ch in run.text if not face.covers(ord(ch)) and unicodedata.category(ch) != "Cf"]
        assert not missing, f"{run.font} has no glyph for {missing!r} in {name!r}"
    assert missing_glyphs(name, weight) == ()


@pytest.mark.parametrize(("script", "name"), SCRIPTS.items())
@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_no_shaped_glyph_of_a_name_in_any_script_is_the_empty_box(script, name, weight):
    """After bidi and shaping, every glyph the layout asks of a font exists (not .notdef)."""
    for span in layout(name, weight).spans:
        for piece in span.pieces:
            font = pdfmetrics.getFont(piece.font)
            glyphs = [font.face.charToGlyph.get(ord(ch), 0) for ch in piece.glyphs]
            assert 0 not in glyphs, f"{script}: {piece.font} draws .notdef for {piece.text!r}"


def test_the_pdf_check_for_empty_boxes_would_catch_one():
    """The check the printout tests use reads real glyphs: a bare ReportLab call drawing an
    Ethiopic letter in DejaVu Sans (which lacks it) is seen printing .notdef."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, initialFontName=BODY_FONT)
    canvas.setFont(BODY_FONT, 12)
    canvas.drawString(10, 10, "Aአ")
    canvas.save()
    glyphs = [name for _font, _index, name in drawn_glyphs(buffer.getvalue())]
    assert len(glyphs) == 2 and glyphs[0] != ".notdef" and glyphs[1] == ".notdef"


def test_each_script_goes_to_the_font_made_for_it():
    fonts = {
        script: {r.font for r in runs(name) if r.text.strip()} - {BODY_FONT}
        for script, name in SCRIPTS.items()
    }
    assert fonts["Hangul"] == {"NanumGothic"}
    assert fonts["Han (simplified)"] == fonts["Han (traditional)"] == {"DroidSansFallback-CJK"}
    assert fonts["Japanese kana and kanji"] == {"DroidSansFallback-CJK"}
    assert fonts["Thai"] == {"NotoSansThai"}
    assert fonts["Devanagari"] == {"NotoSansDevanagari"}
    assert fonts["Emoji"] == {"NotoEmoji"}
    for script in ("Greek", "Cyrillic", "Armenian", "Georgian", "Hebrew", "Arabic", "Latin (Vietnamese)"):
        assert fonts[script] == set(), script


def test_hangul_is_drawn_with_nanum_gothic_and_latin_with_dejavu_sans():
    parts = runs("김민준 Kim")
    assert [(r.font, r.text) for r in parts] == [("NanumGothic", "김민준 "), ("DejaVuSans", "Kim")]
    assert [r.font for r in runs("김민준", "bold")] == ["NanumGothic-Bold"]


def test_chinese_never_mixes_the_cjk_font_with_nanums_hanja():
    assert {r.font for r in runs("王小明 張偉 刘洋") if r.text.strip()} == {"DroidSansFallback-CJK"}


def test_turkish_letters_nanum_gothic_lacks_stay_in_dejavu_sans():
    assert [r.font for r in runs("İsmail Şahin")] == ["DejaVuSans"]
    assert not _face("NanumGothic").covers(ord("Ş")), "the chain exists because Nanum lacks Ş"


def test_a_mixed_name_switches_font_at_each_change_of_script():
    parts = runs("Şule 김 Ana")
    assert [r.font for r in parts] == ["DejaVuSans", "NanumGothic", "DejaVuSans"]
    assert "".join(r.text for r in parts) == "Şule 김 Ana"


def test_decomposed_accents_are_composed_before_drawing():
    assert "".join(r.text for r in runs("Nu\u0301ria")) == "Núria"


def test_a_space_after_an_emoji_is_a_normal_space_not_the_emoji_fonts_wide_one():
    parts = runs("🎲 Ana")
    assert [(r.font, r.text) for r in parts] == [("NotoEmoji", "🎲"), ("DejaVuSans", " Ana")]


def test_an_emoji_sequence_stays_whole_in_the_emoji_font():
    parts = runs("Ana 🧙‍♀️👍🏽")
    assert parts[-1] == runs("🧙‍♀️👍🏽")[0]
    assert parts[-1].font == "NotoEmoji" and parts[-1].text == "🧙\u200d♀️👍🏽"


# --- bidirectional text and shaping ---------------------------------------------------------


def test_a_hebrew_name_is_laid_out_right_to_left_after_the_english_label():
    line = layout("Winner: דוד כהן")
    pieces = [p for span in line.spans for p in span.pieces]
    assert [p.rtl for p in pieces] == [False, True]
    assert pieces[0].text == "Winner: "
    assert pieces[1].text == "דוד כהן"  # the characters, in logical order
    assert str(pieces[1].glyphs) == "ןהכ דוד"  # the glyphs, left to right on paper


def test_numbers_inside_a_right_to_left_name_keep_their_own_order():
    pieces = [p for span in layout("דוד 123 כהן").spans for p in span.pieces]
    assert [p.text for p in pieces] == [" כהן", "123", "דוד "]
    assert [p.rtl for p in pieces] == [True, False, True]


def test_arabic_letters_are_joined_by_the_shaper():
    (piece,) = [p for span in layout("محمد").spans for p in span.pieces]
    assert piece.shaped and piece.rtl
    glyphs = str(piece.glyphs)
    # Joined forms (final, medial, initial) in visual order, not four isolated letters.
    assert [unicodedata.name(g).split()[-2] for g in glyphs] == ["FINAL", "MEDIAL", "MEDIAL", "INITIAL"]
    # Each glyph carries its letter for text extraction.
    assert [actual for _, actual in piece.clusters] == ["د", "م", "ح", "م"]


def test_devanagari_is_shaped_with_its_conjuncts_and_vowel_signs():
    (piece,) = [p for span in layout("अर्जुन").spans for p in span.pieces]
    assert piece.font == "NotoSansDevanagari" and piece.shaped
    # The reph (र्) becomes a mark above: fewer glyphs than characters.
    assert len(piece.glyphs) < len("अर्जुन")
    (span,) = layout("अर्जुन").spans
    assert span.actual == "अर्जुन"


def test_widths_come_from_the_shaped_glyphs():
    plain = text_width("محمد علي", 10)
    assert plain == pytest.approx(layout("محمد علي").units / 100)
    assert text_width("דוד", 10) == pytest.approx(pdfmetrics.stringWidth("דוד", "DejaVuSans", 10), rel=0.05)


# --- what no bundled font has ----------------------------------------------------------------


def test_a_script_no_bundled_font_covers_prints_its_code_points_never_a_box():
    """The named gap: Ethiopic, Tamil, Bengali and other scripts the bundled fonts lack print
    as code points (legible, and a host can see what was typed), never as empty boxes."""
    assert missing_glyphs("አበበ") == ("አ", "በ")
    assert "".join(r.text for r in runs("አበበ")) == "[U+12A0][U+1260][U+1260]"
    assert "".join(r.text for r in runs("Ana தமிழ்")).startswith("Ana [U+0BA4]")
    for span in layout("አበበ Ana").spans:
        for piece in span.pieces:
            font = pdfmetrics.getFont(piece.font)
            assert 0 not in [font.face.charToGlyph.get(ord(c), 0) for c in piece.glyphs]


def test_a_joiner_or_variation_selector_a_font_lacks_is_left_out_not_boxed():
    # NanumGothic has no zero-width joiner or variation selector: they print as nothing.
    assert "".join(r.text for r in runs("김\u200d민\ufe0e준")) == "김민준"
    assert missing_glyphs("김\u200d민\ufe0e준") == ()


# --- the files ---------------------------------------------------------------------------------


def test_the_coverage_file_is_exactly_what_the_fonts_hold():
    """The font chosen for a character comes from coverage.json (so fonts load only when
    needed): it must match each font's character map (glyphs other than .notdef)."""
    coverage = json.loads(COVERAGE_FILE.read_text(encoding="utf-8"))
    files = {f for chain in FONT_FILES.values() for _, f in chain}
    assert set(coverage) == {p.name for p in FONT_DIR.glob("*.ttf")} >= files
    for filename in files:
        font = TTFont(FONT_DIR / filename, lazy=True)
        notdef = font.getGlyphOrder()[0]
        real = {cp for cp, glyph in font.getBestCmap().items() if glyph != notdef}
        listed = {cp for start, end in coverage[filename] for cp in range(start, end + 1)}
        assert listed == real, f"{filename}: run tools/font_coverage.py"


def test_the_bundled_fonts_ship_with_their_licences():
    licences = {
        "LICENSE-DejaVu.txt": "Bitstream Vera",
        "LICENSE-Nanum.txt": "SIL OPEN FONT LICENSE",
        "LICENSE-Noto.txt": "SIL OPEN FONT LICENSE",
        "LICENSE-Droid.txt": "Apache License",
    }
    for name, words in licences.items():
        assert words.upper() in (FONT_DIR / name).read_text(encoding="utf-8").upper(), name
    sources = (FONT_DIR / "SOURCES.md").read_text(encoding="utf-8")
    for path in FONT_DIR.glob("*.ttf"):
        assert path.name in sources, f"{path.name} has no source or licence in SOURCES.md"


def test_fonts_are_registered_only_when_text_needs_them():
    """A Latin-only printout never loads the Korean, CJK, Thai, Devanagari or emoji fonts
    (registering NanumGothic alone cost 120 ms); a Korean name loads Nanum, once."""
    code = (
        "from assistant.pdf import score_pad_pdf\n"
        "from assistant.pdf import fonts\n"
        "score_pad_pdf(4)\n"
        "print(sorted(fonts._registered))\n"
        "score_pad_pdf(4, gettext=lambda s: '점수표' if s == 'Score pad' else s)\n"
        "print(sorted(fonts._registered))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    latin, korean = out.splitlines()
    assert latin == "['DejaVuSans', 'DejaVuSans-Bold']"
    assert korean == "['DejaVuSans', 'DejaVuSans-Bold', 'NanumGothic-Bold']"


def test_a_font_is_registered_once_per_process():
    ensure_registered("NanumGothic")
    font = pdfmetrics.getFont("NanumGothic")
    ensure_registered("NanumGothic")
    assert pdfmetrics.getFont("NanumGothic") is font


# --- numbers, wrapping, fitting -----------------------------------------------------------------


def test_negative_numbers_print_with_a_real_minus_sign():
    assert signed(-3) == "\u22123" and signed(0) == "0" and signed(4) == "4"
    assert signed(2, plus=True) == "+2" and signed(-1, plus=True) == "\u22121"
    assert signed(0, plus=True) == "0"


def test_wrapped_lines_fit_the_width_and_keep_every_word():
    text = "Scientists Guild: a science symbol of your choice, chosen as a gear for the most points"
    lines = wrap(text, 120, 9)
    assert all(text_width(line, 9) <= 120 for line in lines)
    assert " ".join(lines) == text


def test_a_word_longer_than_the_line_is_cut_rather_than_overflow():
    lines = wrap("Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 50, 9)
    assert len(lines) > 1 and all(text_width(line, 9) <= 50 for line in lines)


def test_a_long_word_is_never_cut_between_a_letter_and_its_marks():
    lines = wrap("अर्जुनअर्जुनअर्जुनअर्जुन", 30, 9)
    assert len(lines) > 1
    for line in lines:
        assert not unicodedata.category(line[0]).startswith("M"), lines


def test_fit_shrinks_a_long_name_into_its_cell_and_keeps_it_whole():
    name = "Żaneta Wiśniewska-Kowalczyk Brzęczyszczykiewicz"
    fitted = fit(name, 50, 60, 10, "bold", max_lines=3)
    assert all(text_width(line, fitted.size, "bold") <= 50 for line in fitted.lines)
    assert fitted.height() <= 60
    assert fitted.size >= MIN_TYPE
    assert "".join(fitted.lines).replace(" ", "") == name.replace(" ", "")


def test_fit_never_sets_type_below_the_minimum():
    fitted = fit("Brzęczyszczykiewicz " * 4, 30, 20, 10, "bold")
    assert fitted.size == MIN_TYPE
    assert fitted.lines[-1].endswith("…")  # too long for the whole cell: cut, marked


def test_a_long_link_is_cut_after_slashes_where_it_can_be():
    lines = wrap_link("https://wonders.example.org/games/12345/sheet?lang=ko", 110, 6.5)
    assert "".join(lines) == "https://wonders.example.org/games/12345/sheet?lang=ko"
    assert all(text_width(line, 6.5) <= 110 for line in lines)


def test_importing_the_pdf_module_loads_no_web_or_database_library():
    code = "import sys, assistant.pdf; print('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout.split()
    loaded = {name.split(".")[0] for name in out}
    assert not loaded & {"flask", "flask_babel", "wtforms", "sqlalchemy", "alembic"}
