"""Issue 43, words and icons on paper: every row of the printed pads and sheets, an
expansion's too, is drawn with its own icon on its disc, not the plain dot a row nobody drew
gets (Leaders' bust, Cities' skyline, Debt's coin with a minus, Armada's anchor, island and
hull, Babel's tower and crane, Edifice's dome).

The pad and the sheet of an 8-player 2010 game with Leaders, Cities, Armada and Babel are
rendered twice, as they are and with every expansion row falling back to the dot, and each
expansion row's badge (left of its name) must differ between the two. The PDFs and their
pages are kept under ``test-output/pdf/`` for review."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from assistant.pdf import drawing, score_pad_pdf, score_sheet_pdf
from assistant.rules import parse_game, score_game
from assistant.rules.catalog import available_editions, available_expansions, catalog_for
from assistant.rules.model import CATEGORIES, Category
from tests.conftest import TOY_EDITION
from tests.pdf.conftest import require_tool
from tests.pdf.test_sheet import word_boxes

EXPANSIONS = ["leaders", "cities", "armada", "babel"]
NAMES = ["Ana", "Bartek", "Şule", "Minji", "Carles", "Lucía", "Zofia", "Zeynep"]
WONDERS = ["giza", "rhodes", "babylon", "olympia", "ephesus", "halicarnassus", "rome", "petra"]
# Each expansion row of the game, by the first word of its printed name.
ROWS = {
    "leaders": "Leaders",
    "cities": "Cities",
    "debt": "Debt",
    "naval": "Naval",
    "islands": "Islands",
    "shipyard": "Shipyard",
    "babel": "Tower",
    "projects": "Great",
}
DPI = 150


def _game() -> dict:
    cities = []
    for seat, (name, wonder) in enumerate(zip(NAMES, WONDERS, strict=True)):
        points = {"civilian": 10 + seat, "leaders": 2 + seat, "debt": -(seat % 4), "naval": 8 - seat}
        points |= {"islands": seat % 3, "shipyard": 1, "babel": [0, 2, 5, 10][seat % 4], "projects": 3 - seat}
        points |= {"cities": 2, "military": 1, "treasury": 2, "wonder": 3, "science": 1}
        points |= {"commercial": 2, "guilds": 1}
        cities.append(
            {"player": name, "wonder": wonder, "side": "A", "coins": 3 + seat, "categories": points}
        )
    return {"edition": 1, "expansions": EXPANSIONS, "cities": cities}


def _shipped() -> list[tuple[int, tuple[str, ...]]]:
    """Every edition the app ships with all its expansions (the toy edition is test data)."""
    return [(e, available_expansions(e)) for e in available_editions() if e != TOY_EDITION]


def test_every_row_of_every_edition_and_expansion_has_an_icon_of_its_own():
    for edition, expansions in _shipped():
        for category in catalog_for(edition, expansions).rules.categories:
            assert category in drawing._ICONS, f"edition {edition}: {category.value} would print as a dot"
    # and no two rows share a drawing
    assert len(set(drawing._ICONS.values())) == len(drawing._ICONS)


def test_a_row_nobody_drew_an_icon_for_still_prints_as_a_dot_on_its_colour():
    toy = catalog_for(TOY_EDITION, available_expansions(TOY_EDITION)).rules.categories
    for category in ("bonus", "festival", "parade"):
        assert Category(category) in toy and Category(category) not in drawing._ICONS


def _dots_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The printouts as they were: the base rows' icons, a dot for every other row."""
    base = {c: draw for c, draw in drawing._ICONS.items() if c in CATEGORIES}
    monkeypatch.setattr(drawing, "_ICONS", base)


def _render(path: Path, page: int) -> Image.Image:
    prefix = path.with_name(f"{path.stem}-badges{page}")
    subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-png", str(path), str(prefix)],
        check=True,
    )
    return Image.open(next(path.parent.glob(f"{prefix.name}-*.png"))).convert("RGB")


def _badge_differences(drawn: Path, dots: Path, page: int) -> dict[str, list[int]]:
    """For each expansion row's name printed in the rows' label column of ``page`` (as often
    as it is printed there), how many pixels of the badge left of it differ between the two
    printouts."""
    _w, _h, words = word_boxes(drawn)[page - 1]
    # the label column: where the leftmost "Military" starts (a reason may say it further right)
    military = [x0 for x0, _y0, _x1, _y1, word in words if word == "Military"]
    assert military, f"page {page} prints no Military row"
    column = min(military)
    one, other = _render(drawn, page), _render(dots, page)
    scale = DPI / 72
    found: dict[str, list[int]] = {}
    for x0, y0, _x1, y1, word in words:
        if abs(x0 - column) >= 1:
            continue
        for category, first in ROWS.items():
            if word == first:
                # the badge: a disc at most 11 pt across its radius, just left of the name
                box = (
                    int((x0 - 26) * scale),
                    int((y0 - 4) * scale),
                    int((x0 - 1) * scale),
                    int((y1 + 4) * scale),
                )
                changed = ImageChops.difference(one.crop(box), other.crop(box)).convert("L")
                found.setdefault(category, []).append(sum(changed.histogram()[49:]))
    return found


@pytest.mark.slow  # renders two pads and two sheets at 150 dpi, and compares their badges
def test_the_pad_and_the_sheet_of_an_expansion_game_print_each_rows_icon_not_a_dot(
    keep: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
):
    if not require_tool("pdftoppm", "poppler-utils"):
        pytest.skip("pdftoppm is not installed (Debian package poppler-utils)")
    sheet = score_game(parse_game(_game()))

    def print_both() -> tuple[bytes, bytes]:
        pad = score_pad_pdf(
            8, edition=1, expansions=EXPANSIONS, url="https://wonders.example.org/new", invariant=True
        )
        return pad, score_sheet_pdf(sheet, invariant=True)

    pad, printed = print_both()
    with monkeypatch.context() as patch:
        _dots_only(patch)
        pad_dots, printed_dots = print_both()
    assert pad != pad_dots and printed != printed_dots

    pages = [
        (keep(pad, "icons-pad-8p-expansions"), keep(pad_dots, "icons-pad-8p-expansions-dots"), 1),
        (keep(printed, "icons-sheet-8p-expansions"), keep(printed_dots, "icons-sheet-8p-expansions-dots"), 1),
        # the first city's rows, where the points came from (drawn by the sheet itself)
        (keep(printed, "icons-sheet-8p-expansions"), keep(printed_dots, "icons-sheet-8p-expansions-dots"), 2),
    ]
    for drawn, dots, page in pages:
        found = _badge_differences(drawn, dots, page)
        assert set(found) == set(ROWS), f"{drawn.name} page {page}: rows found {sorted(found)}"
        for category, changed in found.items():
            # a dot and an icon on the same disc: dozens of pixels apart at 150 dpi
            assert min(changed) >= 40, (
                f"{drawn.name} page {page}: {category}'s badge is still a dot ({changed})"
            )
