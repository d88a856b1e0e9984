"""The bundled fonts: every name a table types gets real glyphs, each run in the font that has them."""

from __future__ import annotations

import subprocess
import sys

import pytest
from reportlab.pdfbase import pdfmetrics

from assistant.pdf.fonts import FONT_DIR, fit, register_fonts, runs, text_width, wrap, wrap_link

NAMES = ["Şule", "Łukasz", "Núria", "Begoña", "김민준", "İsmail", "Żaneta", "Çağla", "Gülşah Öztürk", "Dương"]


def _coverage(font_name: str) -> frozenset[int]:
    for chain in register_fonts().values():
        for face in chain:
            if face.name == font_name:
                return face.coverage
    raise KeyError(font_name)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_every_character_of_a_name_is_drawn_with_a_font_that_has_its_glyph(name, weight):
    for run in runs(name, weight):
        missing = [ch for ch in run.text if ord(ch) not in _coverage(run.font)]
        assert not missing, f"{run.font} has no glyph for {missing!r} in {name!r}"


def test_hangul_is_drawn_with_nanum_gothic_and_latin_with_dejavu_sans():
    parts = runs("김민준 Kim")
    assert [(r.font, r.text) for r in parts] == [("NanumGothic", "김민준 "), ("DejaVuSans", "Kim")]
    assert [r.font for r in runs("김민준", "bold")] == ["NanumGothic-Bold"]


def test_turkish_letters_nanum_gothic_lacks_stay_in_dejavu_sans():
    assert [r.font for r in runs("İsmail Şahin")] == ["DejaVuSans"]
    assert ord("Ş") not in _coverage("NanumGothic"), "the chain exists because Nanum lacks Ş"


def test_a_mixed_name_switches_font_at_each_change_of_script():
    parts = runs("Şule 김 Ana")
    assert [r.font for r in parts] == ["DejaVuSans", "NanumGothic", "DejaVuSans"]
    assert "".join(r.text for r in parts) == "Şule 김 Ana"


def test_decomposed_accents_are_composed_before_drawing():
    assert "".join(r.text for r in runs("Nu\u0301ria")) == "Núria"


def test_a_character_no_bundled_font_has_falls_back_to_the_first_font_without_an_error():
    parts = runs("Ana \U0001f984")
    assert parts and parts[0].font == "DejaVuSans"


def test_the_fonts_are_registered_once_per_process():
    first = register_fonts()
    font = pdfmetrics.getFont("NanumGothic")
    assert register_fonts() is first
    assert pdfmetrics.getFont("NanumGothic") is font


def test_the_bundled_fonts_ship_with_their_licences():
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "NanumGothic.ttf", "NanumGothicBold.ttf"):
        assert (FONT_DIR / name).stat().st_size > 100_000
    assert "Bitstream Vera" in (FONT_DIR / "LICENSE-DejaVu.txt").read_text()
    assert "SIL OPEN FONT LICENSE" in (FONT_DIR / "LICENSE-Nanum.txt").read_text().upper()


def test_wrapped_lines_fit_the_width_and_keep_every_word():
    text = "Scientists Guild: a science symbol of your choice, chosen as a gear for the most points"
    lines = wrap(text, 120, 9)
    assert all(text_width(line, 9) <= 120 for line in lines)
    assert " ".join(lines) == text


def test_a_word_longer_than_the_line_is_cut_rather_than_overflow():
    lines = wrap("Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 50, 9)
    assert len(lines) > 1 and all(text_width(line, 9) <= 50 for line in lines)


def test_fit_shrinks_a_long_name_into_its_cell_and_keeps_it_whole():
    name = "Żaneta Wiśniewska-Kowalczyk Brzęczyszczykiewicz"
    fitted = fit(name, 50, 36, 10, "bold", max_lines=3)
    assert all(text_width(line, fitted.size, "bold") <= 50 for line in fitted.lines)
    assert fitted.height() <= 36
    assert "".join(fitted.lines).replace(" ", "") == name.replace(" ", "")


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
