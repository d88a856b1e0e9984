"""Blank score pads: 2 to 7 players, A4 or letter, 1, 2 or 4 to a page, and the QR code to the app.

Every pad made here is also written, with its page as PNG, to ``test-output/pdf/`` for review.
"""

from __future__ import annotations

import re
import subprocess
from io import BytesIO

import pypdf
import pytest

from assistant.pdf import score_pad_pdf
from assistant.rules.describe import CATEGORY_NAMES
from assistant.rules.model import CATEGORIES
from tests.pdf.conftest import require_tool

URL = "https://wonders.example.org/"
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def pages_of(pdf: bytes) -> list[pypdf.PageObject]:
    return list(pypdf.PdfReader(BytesIO(pdf)).pages)


def size_of(page: pypdf.PageObject) -> tuple[float, float]:
    return round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)


WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize("paper", ["A4", "letter"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_pads_print_for_two_to_seven_players_on_a4_and_letter_one_two_or_four_a_page(
    players, paper, per_page, keep
):
    pdf = score_pad_pdf(players, paper=paper, per_page=per_page, url=URL, invariant=True)
    path = keep(pdf, f"pad-{players}p-{paper.lower()}-{per_page}up")
    pages = pages_of(pdf)
    assert len(pages) == 1
    portrait = A4 if paper == "A4" else LETTER
    expected = (portrait[1], portrait[0]) if per_page == 2 else portrait
    assert size_of(pages[0]) == expected

    text = pages[0].extract_text()
    for category in CATEGORIES:
        assert text.count(CATEGORY_NAMES[category].render()) >= per_page
    assert text.count("Total") == per_page
    assert text.count("Score pad") == per_page
    assert text.count("Free City") == (per_page if players == 2 else 0)

    if require_tool("pdftotext", "poppler-utils"):
        html = subprocess.run(
            ["pdftotext", "-bbox", str(path), "-"], check=True, capture_output=True, text=True
        ).stdout
        width, height = expected
        for x0, y0, x1, y1, word in WORD.findall(html):
            assert float(x0) >= 5 and float(x1) <= width - 5, f"{word!r} leaves the page"
            assert float(y0) >= 5 and float(y1) <= height - 5, f"{word!r} leaves the page"


def test_two_players_get_a_third_column_for_the_free_city(keep):
    two = pages_of(score_pad_pdf(2, invariant=True))[0].extract_text()
    three = pages_of(score_pad_pdf(3, invariant=True))[0].extract_text()
    assert "Free City" in two and "Free City" not in three


@pytest.mark.parametrize("players", [0, 1, 8, True, "4", 4.0])
def test_a_player_count_outside_two_to_seven_is_refused(players):
    with pytest.raises(ValueError, match="2 to 7 players"):
        score_pad_pdf(players)


@pytest.mark.parametrize("per_page", [0, 3, 6, True])
def test_only_one_two_or_four_pads_fit_a_page(per_page):
    with pytest.raises(ValueError, match="1, 2 or 4"):
        score_pad_pdf(4, per_page=per_page)


@pytest.mark.parametrize("paper", ["A3", "tabloid", ""])
def test_another_paper_size_is_refused_naming_the_allowed_ones(paper):
    with pytest.raises(ValueError, match=r"A4.*letter"):
        score_pad_pdf(4, paper=paper)


def test_the_paper_name_is_read_in_any_case():
    assert size_of(pages_of(score_pad_pdf(4, paper="LETTER"))[0]) == LETTER
    assert size_of(pages_of(score_pad_pdf(4, paper="a4"))[0]) == A4


def test_invariant_mode_gives_byte_identical_pads():
    first = score_pad_pdf(7, per_page=4, url=URL, invariant=True)
    assert first == score_pad_pdf(7, per_page=4, url=URL, invariant=True)


def test_without_a_url_a_pad_has_no_qr_code_or_link(keep):
    pdf = score_pad_pdf(5, per_page=2, invariant=True)
    keep(pdf, "pad-5p-a4-2up-no-link")
    text = pages_of(pdf)[0].extract_text()
    assert "Score it online" not in text and "https://" not in text


def test_every_pads_qr_code_decodes_to_the_apps_link(test_output):
    zbarimg = require_tool("zbarimg", "zbar-tools")
    if zbarimg is None:
        pytest.skip("zbarimg is not installed (Debian package zbar-tools): cannot decode the QR code")
    if not require_tool("pdftoppm", "poppler-utils"):
        pytest.skip("pdftoppm is not installed (Debian package poppler-utils)")
    url = "https://wonders.example.org/?from=pad"
    folder = test_output / "pdf"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "pad-qr.pdf"
    path.write_bytes(score_pad_pdf(7, paper="letter", per_page=4, url=url, invariant=True))
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(path), str(folder / "pad-qr")], check=True)
    png = next(folder.glob("pad-qr-*1.png"))
    decoded = subprocess.run(
        [zbarimg, "--raw", "-q", str(png)], capture_output=True, text=True
    ).stdout.split()
    assert decoded == [url] * 4


def test_pad_labels_go_through_the_given_gettext(keep):
    pdf = score_pad_pdf(
        2,
        per_page=2,
        url=URL,
        gettext=lambda s: f"«{s}»",
        ngettext=lambda s, p, n: f"«{s if n == 1 else p}»",
        invariant=True,
    )
    keep(pdf, "pad-translated")
    text = pages_of(pdf)[0].extract_text()
    for label in ["«Score pad»", "«Total»", "«Player»", "«Board»", "«Free City»", "«Date»", "«Winner»"]:
        assert label in text
    for category in CATEGORIES:
        assert f"«{CATEGORY_NAMES[category].msgid}»" in text


def test_korean_labels_print_in_the_bundled_hangul_font(keep):
    korean = {"Score pad": "점수표", "Total": "합계", "Military": "군사"}
    pdf = score_pad_pdf(3, gettext=lambda s: korean.get(s, s), invariant=True)
    keep(pdf, "pad-korean-labels")
    page = pages_of(pdf)[0]
    text = page.extract_text()
    assert "점수표" in text and "합계" in text and "군사" in text
    fonts = {str(f.get_object()["/BaseFont"]) for f in page["/Resources"]["/Font"].values()}
    assert any("NanumGothic" in f for f in fonts), fonts
