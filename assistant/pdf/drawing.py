"""What both printouts draw: the category colours and icons, the QR code, small ornaments.

The icons are drawn with ReportLab's path primitives in a unit box (-1..1 on both axes),
then scaled: a shield, a coin, a pyramid, a temple, a gear, a balance and a guild banner,
each white on a disc of its category's colour, like the tokens on the game's own pad. The
expansions' rows have theirs too (a bust, a skyline, a coin with a minus, an anchor, an
island, a hull on its stocks, a stepped tower, a crane, a dome), read from the very markup
the pages draw (``assistant/category_shapes.py``, a 24x24 box); a category neither knows
(an edition's or expansion's added later) gets a plain disc.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from xml.etree import ElementTree

import qrcode
import qrcode.constants
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ..category_shapes import CAT_LINE, SHAPES
from ..rules.model import Category


@dataclass(frozen=True, slots=True)
class Palette:
    """A category's colours: the strong one (icons, bands), a tint (row), ink on the strong one."""

    strong: Color
    tint: Color
    ink: Color


WHITE = HexColor("#FFFFFF")
INK = HexColor("#1F1B16")
MUTED = HexColor("#5A534A")
FAINT = HexColor("#B9B1A4")
RULE = HexColor("#8C8374")
HEADER = HexColor("#3B3129")
GOLD = HexColor("#C8961E")
"""Ornaments only (frames, rules, stars): too light for text."""
GOLD_DARK = HexColor("#7A5A0E")
"""Gold for text and for what carries white text (the winner's total): 6.4:1 on white."""
GOLD_TINT = HexColor("#F7E7B4")
FREE_CITY = HexColor("#EAE6DF")
ALERT = HexColor("#B8322A")


class _Palettes(dict[Category, Palette]):
    """The categories' colours; a category the base game lacks (an expansion's) takes the
    colour its data gives it (``category_swatches``), and a neutral one where none does."""

    def __missing__(self, category: Category) -> Palette:
        swatch = _swatch_of(category)
        palette = OTHER if swatch is None else _palette_of(HexColor(swatch))
        self[category] = palette
        return palette


def _swatch_of(category: Category) -> str | None:
    """The colour the rules data gives a category, in any edition or expansion."""
    from ..rules.catalog import available_editions, available_expansions, catalog_for

    for edition in available_editions():
        swatch = catalog_for(edition, available_expansions(edition)).rules.category_swatch(category)
        if swatch is not None:
            return swatch
    return None


def _palette_of(strong: Color) -> Palette:
    """A row's colours from its strong colour: a light tint of it, and white or dark ink on
    it, whichever reads better (the printed contrast checks hold both)."""
    tint = Color(*(0.82 + 0.18 * c for c in (strong.red, strong.green, strong.blue)))
    luminance = 0.2126 * strong.red + 0.7152 * strong.green + 0.0722 * strong.blue
    return Palette(strong, tint, WHITE if luminance < 0.5 else INK)


OTHER = Palette(HexColor("#5E5A52"), HexColor("#E7E4DE"), WHITE)

PALETTES: dict[Category, Palette] = _Palettes(
    {
        Category.MILITARY: Palette(HexColor("#B8322A"), HexColor("#F5D9D5"), WHITE),
        Category.TREASURY: Palette(HexColor("#B98A1B"), HexColor("#F4E8C6"), WHITE),
        Category.WONDER: Palette(HexColor("#9A8466"), HexColor("#ECE4D7"), WHITE),
        Category.CIVILIAN: Palette(HexColor("#2F67AE"), HexColor("#D8E4F3"), WHITE),
        Category.SCIENCE: Palette(HexColor("#2C8A52"), HexColor("#D6ECDD"), WHITE),
        Category.COMMERCIAL: Palette(HexColor("#E3AE14"), HexColor("#FBEDC0"), HexColor("#4A3A0A")),
        Category.GUILDS: Palette(HexColor("#6D3A8E"), HexColor("#E6DAEE"), WHITE),
    }
)


def _path(canvas: Canvas, points: Iterable[tuple[float, float]]) -> PDFPathObject:
    path = canvas.beginPath()
    first = True
    for x, y in points:
        if first:
            path.moveTo(x, y)
            first = False
        else:
            path.lineTo(x, y)
    path.close()
    return path


def _shield(canvas: Canvas, cut: Color) -> None:
    path = canvas.beginPath()
    path.moveTo(-0.58, 0.66)
    path.lineTo(0.58, 0.66)
    path.lineTo(0.58, 0.08)
    path.curveTo(0.58, -0.4, 0.22, -0.62, 0, -0.78)
    path.curveTo(-0.22, -0.62, -0.58, -0.4, -0.58, 0.08)
    path.close()
    canvas.drawPath(path, fill=1, stroke=0)
    canvas.setFillColor(cut)
    canvas.rect(-0.06, -0.6, 0.12, 1.14, fill=1, stroke=0)
    canvas.rect(-0.46, 0.2, 0.92, 0.12, fill=1, stroke=0)


def _coin(canvas: Canvas, cut: Color) -> None:
    canvas.circle(0, 0, 0.68, fill=1, stroke=0)
    canvas.setStrokeColor(cut)
    canvas.setLineWidth(0.1)
    canvas.circle(0, 0, 0.48, fill=0, stroke=1)
    canvas.setFillColor(cut)
    canvas.circle(0, 0, 0.14, fill=1, stroke=0)


def _pyramid(canvas: Canvas, cut: Color) -> None:
    canvas.drawPath(_path(canvas, [(-0.78, -0.56), (0.78, -0.56), (0, 0.68)]), fill=1, stroke=0)
    canvas.setStrokeColor(cut)
    canvas.setLineWidth(0.08)
    for y in (-0.2, 0.16):
        half = 0.78 * (0.68 - y) / 1.24
        canvas.line(-half, y, half, y)


def _temple(canvas: Canvas, cut: Color) -> None:
    canvas.drawPath(_path(canvas, [(-0.78, 0.34), (0.78, 0.34), (0, 0.74)]), fill=1, stroke=0)
    canvas.rect(-0.74, 0.24, 1.48, 0.1, fill=1, stroke=0)
    for x in (-0.56, -0.09, 0.38):
        canvas.rect(x, -0.46, 0.18, 0.66, fill=1, stroke=0)
    canvas.rect(-0.78, -0.64, 1.56, 0.14, fill=1, stroke=0)


def _gear(canvas: Canvas, cut: Color) -> None:
    teeth = 8
    points = []
    for i in range(teeth * 4):
        angle = math.pi * 2 * i / (teeth * 4) + math.pi / (teeth * 4)
        radius = 0.74 if i % 4 in (1, 2) else 0.54
        points.append((radius * math.cos(angle), radius * math.sin(angle)))
    canvas.drawPath(_path(canvas, points), fill=1, stroke=0)
    canvas.setFillColor(cut)
    canvas.circle(0, 0, 0.22, fill=1, stroke=0)


def _balance(canvas: Canvas, cut: Color) -> None:
    canvas.rect(-0.05, -0.56, 0.1, 1.16, fill=1, stroke=0)
    canvas.rect(-0.34, -0.66, 0.68, 0.12, fill=1, stroke=0)
    canvas.rect(-0.72, 0.46, 1.44, 0.09, fill=1, stroke=0)
    canvas.circle(0, 0.62, 0.09, fill=1, stroke=0)
    canvas.setLineWidth(0.05)
    for side in (-1, 1):
        cx = side * 0.56
        canvas.line(cx, 0.5, cx - 0.22, -0.02)
        canvas.line(cx, 0.5, cx + 0.22, -0.02)
        path = canvas.beginPath()
        path.moveTo(cx - 0.28, -0.02)
        path.curveTo(cx - 0.24, -0.3, cx + 0.24, -0.3, cx + 0.28, -0.02)
        path.close()
        canvas.drawPath(path, fill=1, stroke=0)


def _banner(canvas: Canvas, cut: Color) -> None:
    canvas.rect(-0.62, 0.5, 1.24, 0.1, fill=1, stroke=0)
    canvas.circle(-0.62, 0.55, 0.08, fill=1, stroke=0)
    canvas.circle(0.62, 0.55, 0.08, fill=1, stroke=0)
    flag = [(-0.44, 0.5), (0.44, 0.5), (0.44, -0.72), (0, -0.44), (-0.44, -0.72)]
    canvas.drawPath(_path(canvas, flag), fill=1, stroke=0)
    canvas.setFillColor(cut)
    star(canvas, 0, 0.02, 0.22, cut)


def _dot(canvas: Canvas, cut: Color) -> None:
    """A category without an icon of its own: a plain disc."""
    canvas.circle(0, 0, 0.42, fill=1, stroke=0)


# --- the expansions' icons: the pages' SVG shapes, in their 24x24 box (y down) -------------

_BOX = 0.075
"""The web icons' 24-unit box in the unit box: their 2..22 span -0.75..0.75, as the base
icons do."""

_PATH_TOKEN = re.compile(r"[MLHVCZ]|-?(?:\d+\.?\d*|\.\d+)", re.IGNORECASE)


def _svg_path(canvas: Canvas, d: str) -> PDFPathObject:
    """An SVG path's outline (absolute ``M L H V C Z`` only, as the icons write them)."""
    path = canvas.beginPath()
    tokens = _PATH_TOKEN.findall(d)
    command, x, y, i = "M", 0.0, 0.0, 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                path.close()
                continue
        if not command.isupper():
            raise ValueError(f"relative path commands are not drawn: {d!r}")
        count = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6}[command]
        values = [float(v) for v in tokens[i : i + count]]
        i += count
        if command == "M":
            x, y = values
            path.moveTo(x, y)
            command = "L"  # further pairs are lines, as in SVG
        elif command == "C":
            x, y = values[4], values[5]
            path.curveTo(*values)
        else:
            if command == "H":
                x = values[0]
            elif command == "V":
                y = values[0]
            else:
                x, y = values
            path.lineTo(x, y)
    return path


def _shapes(canvas: Canvas, parent: ElementTree.Element, paint: dict[str, str], cut: Color) -> None:
    """Draw ``parent``'s children as the pages' stylesheet paints them: ``cat-fill`` filled
    and ``cat-line`` stroked in the ink, ``fill="#fff"`` in ``cut`` (the disc's colour);
    a ``g``'s attributes go to its children."""
    for element in parent:
        tag = element.tag.rsplit("}", 1)[-1]
        attrs = {**paint, **element.attrib}
        if tag == "g":
            _shapes(canvas, element, attrs, cut)
            continue
        line = attrs.get("class") == CAT_LINE
        fill = not line and attrs.get("fill") != "none"
        canvas.saveState()
        if attrs.get("fill") == "#fff":
            canvas.setFillColor(cut)
        if line:
            canvas.setLineWidth(float(attrs.get("stroke-width", "1")))
            canvas.setLineCap(1 if attrs.get("stroke-linecap") == "round" else 0)
            canvas.setLineJoin(1 if attrs.get("stroke-linejoin") == "round" else 0)
        number = {
            k: float(v) for k, v in attrs.items() if k in ("cx", "cy", "r", "x", "y", "width", "height", "rx")
        }
        if tag == "circle":
            canvas.circle(number["cx"], number["cy"], number["r"], fill=int(fill), stroke=int(line))
        elif tag == "rect":
            x, y, w, h, rx = (number.get(k, 0.0) for k in ("x", "y", "width", "height", "rx"))
            if rx:
                canvas.roundRect(x, y, w, h, rx, fill=int(fill), stroke=int(line))
            else:
                canvas.rect(x, y, w, h, fill=int(fill), stroke=int(line))
        elif tag == "path":
            holes = FILL_EVEN_ODD if attrs.get("fill-rule") == "evenodd" else None
            canvas.drawPath(_svg_path(canvas, attrs["d"]), fill=int(fill), stroke=int(line), fillMode=holes)
        else:  # pragma: no cover - category_shapes.py writes only these
            raise ValueError(f"an icon's <{tag}> is not drawn")
        canvas.restoreState()


def _web_icon(markup: str) -> Callable[[Canvas, Color], None]:
    """An icon of :mod:`assistant.category_shapes`, drawn in its 24-unit box (y down,
    (12, 12) at the badge's centre)."""
    root = ElementTree.fromstring(f"<svg>{markup}</svg>")

    def drawn(canvas: Canvas, cut: Color) -> None:
        canvas.saveState()
        canvas.scale(_BOX, -_BOX)
        canvas.translate(-12, -12)
        _shapes(canvas, root, {}, cut)
        canvas.restoreState()

    return drawn


_ICONS: dict[Category, Callable[[Canvas, Color], None]] = {
    Category.MILITARY: _shield,
    Category.TREASURY: _coin,
    Category.WONDER: _pyramid,
    Category.CIVILIAN: _temple,
    Category.SCIENCE: _gear,
    Category.COMMERCIAL: _balance,
    Category.GUILDS: _banner,
    # the expansions' rows, drawn from the pages' own shapes
    **{Category(category): _web_icon(markup) for category, markup in SHAPES.items()},
}
"""Each category's icon, drawn white (the palette's ink) on its disc; any other, a plain disc."""


def category_badge(canvas: Canvas, category: Category, cx: float, cy: float, radius: float) -> None:
    """The category's icon in its ink on a disc of its strong colour, centred on (cx, cy)."""
    palette = PALETTES[category]
    canvas.saveState()
    canvas.setFillColor(palette.strong)
    canvas.setStrokeColor(WHITE)
    canvas.setLineWidth(max(0.6, radius * 0.1))
    canvas.circle(cx, cy, radius, fill=1, stroke=1)
    canvas.translate(cx, cy)
    canvas.scale(radius * 0.72, radius * 0.72)
    canvas.setFillColor(palette.ink)
    canvas.setStrokeColor(palette.ink)
    _ICONS.get(category, _dot)(canvas, palette.strong)
    canvas.restoreState()


def star(canvas: Canvas, cx: float, cy: float, radius: float, color: Color) -> None:
    """A five-pointed star (the winner's mark)."""
    points = []
    for i in range(10):
        angle = math.pi / 2 + i * math.pi / 5
        r = radius if i % 2 == 0 else radius * 0.45
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    canvas.saveState()
    canvas.setFillColor(color)
    canvas.drawPath(_path(canvas, points), fill=1, stroke=0)
    canvas.restoreState()


QUIET = 4
"""Modules of white around a QR code: the standard's quiet zone."""


@lru_cache(maxsize=64)
def qr_matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code's modules for ``url`` (no quiet zone).

    Medium error correction while the code stays small (up to version 4, 33 modules);
    low for a longer link, so its modules stay large enough to read from print. Cached:
    a page of four pads carries the same code four times.
    """
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    code.add_data(url)
    code.make(fit=True)
    if code.version > 4:
        code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, border=0)
        code.add_data(url)
        code.make(fit=True)
    return tuple(tuple(bool(m) for m in row) for row in code.get_matrix())


MODULE = 0.8 * 72 / 25.4
"""The smallest module a printed code should have (0.8 mm): phone cameras, and a page
scanned back at 100 dpi, read it."""


def qr_size(url: str, smallest: float, largest: float) -> float:
    """The side of the square for ``url``'s code: modules of at least :data:`MODULE` where
    the room allows, between ``smallest`` and ``largest`` points."""
    modules = len(qr_matrix(url)) + 2 * QUIET
    return max(smallest, min(largest, modules * MODULE))


def draw_qr(canvas: Canvas, url: str, x: float, y: float, size: float) -> None:
    """A QR code linking to ``url``, with its quiet zone, in the square (x, y, size).

    Drawn as vector rectangles (one per run of dark modules in a row), so it stays
    sharp at any zoom and prints crisply.
    """
    matrix = qr_matrix(url)
    quiet = QUIET
    modules = len(matrix) + 2 * quiet
    cell = size / modules
    canvas.saveState()
    canvas.setFillColor(WHITE)
    canvas.rect(x, y, size, size, fill=1, stroke=0)
    canvas.setFillColor(INK)
    path = canvas.beginPath()
    for r, row in enumerate(matrix):
        top = y + size - (quiet + r + 1) * cell
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                path.rect(x + (quiet + start) * cell, top, (c - start) * cell, cell)
            else:
                c += 1
    canvas.drawPath(path, fill=1, stroke=0)
    canvas.restoreState()


def cut_line(canvas: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    """A light dashed line to cut pads apart along."""
    canvas.saveState()
    canvas.setStrokeColor(FAINT)
    canvas.setLineWidth(0.5)
    canvas.setDash(4, 3)
    canvas.line(x1, y1, x2, y2)
    canvas.restoreState()
