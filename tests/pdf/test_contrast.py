"""Legible in black and white: every word on a sheet or pad, rendered in grayscale, stands out
from what is behind it by at least WCAG AA's 4.5:1 (measured on the pixels, not the palette).

Before: the winner's total was white on gold at 2.68:1, and the lightest total in grayscale.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image

from assistant.pdf import score_pad_pdf, score_sheet_pdf
from assistant.rules.text import N_
from tests.pdf.conftest import require_tool
from tests.pdf.test_sheet import PLAYED_ON, URL, WONDERS, city, ranked, seven_player_sheet, word_boxes

# Every test renders pages to pixels and measures every word: seconds each.
pytestmark = pytest.mark.slow

DPI = 300
AA = 4.5


def _luminance(gray: int) -> float:
    c = gray / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def contrast(a: int, b: int) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def word_contrasts(path: Path, page: int) -> list[tuple[str, float]]:
    """Each word's contrast in the grayscale rendering: its ink (the pixels furthest from the
    background, 2nd percentile) against its background (the commonest pixel in its box)."""
    if not require_tool("pdftoppm", "poppler-utils"):
        pytest.skip("pdftoppm is not installed (Debian package poppler-utils)")
    prefix = path.with_name(f"{path.stem}-gray{page}")
    subprocess.run(
        [
            "pdftoppm",
            "-gray",
            "-r",
            str(DPI),
            "-f",
            str(page),
            "-l",
            str(page),
            "-png",
            str(path),
            str(prefix),
        ],
        check=True,
    )
    image = Image.open(next(path.parent.glob(f"{prefix.name}-*.png"))).convert("L")
    _w, _h, words = word_boxes(path)[page - 1]
    scale = DPI / 72
    out = []
    for x0, y0, x1, y1, word in words:
        box = image.crop((int(x0 * scale), int(y0 * scale), int(x1 * scale) + 1, int(y1 * scale) + 1))
        counts = box.histogram()  # pixels of each gray level, 0 (black) to 255
        background = max(range(256), key=lambda level: counts[level])
        n, seen, ink = sum(counts), 0, background
        levels = range(256) if background > 127 else range(255, -1, -1)  # from the ink side
        for level in levels:
            seen += counts[level]
            if seen > n * 0.02:
                ink = level
                break
        out.append((word, contrast(ink, background)))
    return out


def assert_legible(path: Path, page: int) -> None:
    low = [(w, round(c, 2)) for w, c in word_contrasts(path, page) if c < AA]
    assert not low, f"page {page}: words under {AA}:1 in grayscale: {low[:10]}"


def test_every_word_on_every_page_of_a_seven_player_sheet_is_legible_in_grayscale(keep):
    """Every page, the details pages with the winner's gold header among them. (Before, only
    pages 1 and 2 were measured, and the wonder under the winner's name in the gold band,
    "Olympia A", was 4.32:1 in grayscale.)"""
    sheet = seven_player_sheet()
    pdf = score_sheet_pdf(sheet, url=URL, played_on=PLAYED_ON, invariant=True)
    path = keep(pdf, "sheet-contrast")
    pages = word_boxes(path)
    winner = next(c for c in sheet.cities if c.rank == 1)
    headed = [
        number
        for number, (_w, _h, words) in enumerate(pages, start=1)
        if number > 1 and winner.player in [w[4] for w in words]
    ]
    assert headed, "the winner's details header is on no page"
    wonder = _wonder_word(winner.wonder)
    measured = dict(word_contrasts(path, headed[0]))
    assert measured[wonder] >= AA, (wonder, measured[wonder])
    for page in range(1, len(pages) + 1):
        assert_legible(path, page)


def _wonder_word(wonder: str | None) -> str:
    from assistant.rules.catalog import catalog_for

    assert wonder is not None
    return catalog_for(1).wonder(wonder).short_name.split()[0]


def test_the_winners_total_free_city_ties_and_warnings_are_legible_in_grayscale(keep):
    cities = [
        city(0, "Ana", [3, 2, 3, 4, 0, 0, 0], coins=7, wonder="rhodes"),
        city(1, "Bo", [3, 1, 3, 5, 0, -1, 1], coins=4, wonder="giza"),
        city(2, "Free City", [0, 1, 3, 6, 0, 0, 0], free_city=True, wonder="ephesus"),
    ]
    sheet = ranked(
        cities, decided_by="coins", explanation=N_("Ana and Bo both have 12 points; Ana has more coins.")
    )
    pdf = score_sheet_pdf(sheet, url="http://127.0.0.1:5000/g/x", played_on=PLAYED_ON, invariant=True)
    path = keep(pdf, "sheet-contrast-tie")
    contrasts = dict(word_contrasts(path, 1))
    assert contrasts["12"] >= AA  # the winner's total (white on gold was 2.68:1)
    for page in range(1, len(word_boxes(path)) + 1):  # Ana's gold details header on page 2
        assert_legible(path, page)


@pytest.mark.parametrize(("players", "per_page"), [(2, 2), (7, 4), (5, 1)])
def test_every_word_of_a_pad_is_legible_in_grayscale(players, per_page, keep):
    pdf = score_pad_pdf(players, per_page=per_page, url="http://localhost:5000/new", invariant=True)
    path = keep(pdf, f"pad-contrast-{players}p-{per_page}up")
    assert_legible(path, 1)


def test_the_measure_finds_text_too_faint_to_read(tmp_path):
    """The check can fail: light grey on white (the old zeros, #B9B1A4) is caught."""
    import io

    from reportlab.lib.colors import HexColor
    from reportlab.pdfgen.canvas import Canvas

    from assistant.pdf.fonts import BODY_FONT, register_fonts

    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, initialFontName=BODY_FONT)
    canvas.setFont(BODY_FONT, 14)
    canvas.setFillColor(HexColor("#B9B1A4"))
    canvas.drawString(100, 700, "faint")
    canvas.setFillColor(HexColor("#1F1B16"))
    canvas.drawString(100, 650, "dark")
    canvas.save()
    path = tmp_path / "faint.pdf"
    path.write_bytes(buffer.getvalue())
    measured = dict(word_contrasts(path, 1))
    assert measured["faint"] < AA <= measured["dark"]


def test_seven_names_on_a_grayscale_sheet_with_wonders(keep):
    cities = [city(i, n, [i, 1, 2, 3, 4, 5, 6], wonder=WONDERS[i]) for i, n in enumerate("ABCDEFG")]
    path = keep(score_sheet_pdf(ranked(cities), invariant=True), "sheet-contrast-letters")
    assert_legible(path, 1)
