"""Paper sizes, translation, and the score table both printouts share.

The table is the game's score pad turned into a grid: a column per city in seating
order, a header row for the player's name and one for the wonder, a row per category
(its colour and icon at the left), the total and the coins (the tie-break); the score
sheet adds the ranks, the blank pad leaves every cell empty. The sheet, which explains a
score, lists the edition's categories in its rulebook's counting order; the pad in the
order of the edition's own printed pad (``score_pad`` in its ``edition.toml``: the 2010
pad puts science last, the 2020 pad the guilds).

Every text colour is chosen for WCAG AA contrast (4.5:1) on its background, in colour
and in grayscale: tests measure it on the rendered pages.
"""

from __future__ import annotations

import gettext as stdlib_gettext
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfgen.canvas import Canvas

from ..rules.catalog import EditionRules, expansion_rules
from ..rules.describe import join
from ..rules.model import Category
from ..rules.text import MINUS_SIGN, N_, Gettext, Ngettext, Text, verbatim
from .drawing import (
    FREE_CITY,
    GOLD,
    GOLD_DARK,
    GOLD_TINT,
    HEADER,
    INK,
    MUTED,
    PALETTES,
    RULE,
    WHITE,
    category_badge,
    star,
)
from .fonts import BODY_FONT, MIN_TYPE, Direction, Weight, draw_fitted, fit

ROW_ORDERS = ("pad", "rulebook")
"""A pad's rows: as on the edition's own printed pad, or in the rulebook's counting order."""


def row_order(rules: EditionRules, order: str) -> tuple[Category, ...]:
    """An edition's categories in a pad's order (``pad``) or its counting order (``rulebook``)."""
    return rules.score_pad if order == "pad" else rules.categories


PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
PAPER_NAMES = "A4, letter"


def page_size(paper: str) -> tuple[float, float]:
    """The portrait page size for a paper name (``A4`` or ``letter``, any case)."""
    key = paper.strip().lower() if isinstance(paper, str) else ""
    if key not in PAPERS:
        raise ValueError(f"Unknown paper size {paper!r}: the allowed values are {PAPER_NAMES}.")
    width, height = PAPERS[key]
    return float(width), float(height)


def _identity(msgid: str) -> str:
    return msgid


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


class Translator:
    """Renders the printout's :class:`Text` with the caller's gettext/ngettext (English by default)."""

    def __init__(self, gettext: Gettext | None = None, ngettext: Ngettext | None = None) -> None:
        self.gettext: Gettext = gettext or _identity
        self.ngettext: Ngettext = ngettext or _english_plural

    def __call__(self, text: Text) -> str:
        # gettext("") answers the catalogue's header: an empty message stays empty.
        if not text.msgid:
            return ""
        # Negative numbers in print take a real minus sign (the JSON and CLI keep "-").
        # Names and other data inserted in a sentence are isolated: a right-to-left name never
        # carries the numbers beside it along (the line is laid out by fonts.layout).
        return text.render(self.gettext, self.ngettext, minus=MINUS_SIGN, isolate=True)


def mix(a: Color, b: Color, t: float) -> Color:
    """``a`` moved a fraction ``t`` of the way to ``b``."""
    return Color(
        a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t, a.blue + (b.blue - a.blue) * t
    )


# --- the score table ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Column:
    """One city's column; empty strings leave a cell blank (the pad)."""

    name: str = ""
    note: str = ""
    """A small line under the name (``Free City``)."""
    wonder: str = ""
    values: Mapping[Category, str] = field(default_factory=dict)
    total: str = ""
    coins: str = ""
    rank: str = ""
    winner: bool = False
    free_city: bool = False
    tie_break: bool = False
    """The coins decided this city's rank: printed bold."""


@dataclass(frozen=True, slots=True)
class Labels:
    """The row labels, already translated."""

    player: str
    wonder: str
    categories: Mapping[Category, str]
    order: tuple[Category, ...]
    """The category rows, top to bottom: the edition's own (no default, so that no
    printout falls back to the first edition's seven)."""
    total: str
    coins: str | None = None
    rank: str | None = None


@dataclass(frozen=True, slots=True)
class Metrics:
    """Sizes of the table in points; ``k`` scales the type."""

    label_width: float
    column_width: float
    name_height: float
    wonder_height: float
    category_height: float
    total_height: float
    minor_height: float = 0.0
    rank_height: float = 0.0
    k: float = 1.0
    writable: bool = False
    """Blank cells to write in (the pad): the total row stays light."""

    def height(self, labels: Labels) -> float:
        h = (
            self.name_height
            + self.wonder_height
            + len(labels.order) * self.category_height
            + self.total_height
        )
        if labels.coins is not None:
            h += self.minor_height
        if labels.rank is not None:
            h += self.rank_height
        return h


def _cell_text(
    canvas: Canvas,
    text: str,
    x: float,
    y: float,
    width: float,
    height: float,
    size: float,
    weight: Weight = "regular",
    color: Color = INK,
    *,
    align: str = "centre",
    max_lines: int = 1,
    min_size: float = MIN_TYPE,
    pad: float = 3.0,
    direction: Direction = "ltr",
) -> None:
    """Text fitted into a cell whose bottom-left corner is (x, y), never below ``MIN_TYPE``."""
    if not text:
        return
    size = max(size, MIN_TYPE)
    fitted = fit(text, width - 2 * pad, height - pad, size, weight, max_lines=max_lines, min_size=min_size)
    canvas.setFillColor(color)
    if align == "left":
        draw_fitted(canvas, fitted, x + pad, y + height / 2, weight, "left", direction=direction)
    else:
        draw_fitted(canvas, fitted, x + width / 2, y + height / 2, weight, "centre", direction=direction)


def draw_score_table(
    canvas: Canvas,
    x: float,
    top: float,
    columns: Sequence[Column],
    labels: Labels,
    m: Metrics,
) -> float:
    """Draw the score table with its top-left corner at (x, top); return its bottom y."""
    k = m.k
    pad = 4 * k
    cw = m.column_width
    width = m.label_width + cw * len(columns)
    # Row keys: the header rows are marked with a colon so none clashes with a category.
    rows: list[tuple[str, float]] = [(":name", m.name_height), (":wonder", m.wonder_height)]
    rows += [(c.value, m.category_height) for c in labels.order]
    rows.append((":total", m.total_height))
    if labels.coins is not None:
        rows.append((":coins", m.minor_height))
    if labels.rank is not None:
        rows.append((":rank", m.rank_height))

    canvas.saveState()
    y = top
    rules: list[tuple[str, float]] = []
    for key, h in rows:
        y -= h
        cx = x + m.label_width
        # --- the label cell
        if key in (":name", ":wonder"):
            canvas.setFillColor(mix(HEADER, WHITE, 0.86))
            canvas.rect(x, y, m.label_width, h, fill=1, stroke=0)
            text = labels.player if key == ":name" else labels.wonder
            _cell_text(canvas, text, x, y, m.label_width, h, 7.5 * k, "bold", MUTED, align="left", pad=pad)
        elif key == ":total":
            canvas.setFillColor(HEADER)
            canvas.rect(x, y, m.label_width, h, fill=1, stroke=0)
            _cell_text(
                canvas, labels.total, x, y, m.label_width, h, 12 * k, "bold", WHITE, align="left", pad=pad
            )
        elif key in (":coins", ":rank"):
            canvas.setFillColor(mix(HEADER, WHITE, 0.92))
            canvas.rect(x, y, m.label_width, h, fill=1, stroke=0)
            text = (labels.coins if key == ":coins" else labels.rank) or ""
            size = 9.5 * k
            _cell_text(
                canvas, text, x, y, m.label_width, h, size, "bold", MUTED, align="left", pad=pad, max_lines=2
            )
        else:
            category = Category(key)
            palette = PALETTES[category]
            canvas.setFillColor(palette.tint)
            canvas.rect(x, y, m.label_width, h, fill=1, stroke=0)
            canvas.setFillColor(palette.strong)
            canvas.rect(x, y, 3.5 * k, h, fill=1, stroke=0)
            radius = min(h * 0.36, 11 * k)
            category_badge(canvas, category, x + 3.5 * k + pad + radius, y + h / 2, radius)
            text_x = x + 3.5 * k + 2 * pad + 2 * radius
            _cell_text(
                canvas,
                labels.categories[category],
                text_x,
                y,
                x + m.label_width - text_x,
                h,
                10 * k,
                "bold",
                INK,
                align="left",
                max_lines=2,
                pad=pad * 0.5,
            )
        # --- the city cells
        for col in columns:
            _draw_cell(canvas, key, col, cx, y, cw, h, k, m.writable)
            cx += cw
        rules.append((key, y))

    # row rules (after every fill, so none is painted over): firmer around the categories
    for key, ry in rules[:-1]:
        strong = key in (":wonder", labels.order[-1].value, ":total")
        canvas.setStrokeColor(HEADER if strong else RULE)
        canvas.setLineWidth((0.9 if strong else 0.4) * max(k, 0.6))
        canvas.line(x, ry, x + width, ry)
    # column rules, the label column's edge, the outer frame
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.4)
    for i in range(1, len(columns)):
        cx = x + m.label_width + i * cw
        canvas.line(cx, y, cx, top)
    canvas.setStrokeColor(HEADER)
    canvas.setLineWidth(1.0 * max(k, 0.6))
    canvas.line(x + m.label_width, y, x + m.label_width, top)
    canvas.rect(x, y, width, top - y, fill=0, stroke=1)
    # the winners' columns, framed in dark gold: in grayscale (a 36% grey, 3 points wide) it
    # stands out from the column rules (52%, 0.4 points), where light gold (59%) did not
    canvas.setStrokeColor(GOLD_DARK)
    width = 3.0 * max(k, 0.6)
    canvas.setLineWidth(width)
    for i, col in enumerate(columns):
        if col.winner:
            cx = x + m.label_width + i * cw
            canvas.rect(cx + width / 2, y + width / 2, cw - width, top - y - width, fill=0, stroke=1)
    canvas.restoreState()
    return y


def _draw_cell(
    canvas: Canvas, key: str, col: Column, x: float, y: float, w: float, h: float, k: float, writable: bool
) -> None:
    pad = 3 * k
    if key == ":name":
        fill = GOLD_TINT if col.winner else FREE_CITY if col.free_city else WHITE
        canvas.setFillColor(fill)
        canvas.rect(x, y, w, h, fill=1, stroke=0)
        if col.note and not col.name:
            _cell_text(canvas, col.note, x, y, w, h, 8.5 * k, "bold", MUTED, max_lines=2, pad=pad)
        elif col.note:
            note_h = max(9 * k, MIN_TYPE * 1.3)
            _cell_text(
                canvas,
                col.name,
                x,
                y + note_h,
                w,
                h - note_h,
                10 * k,
                "bold",
                INK,
                max_lines=2,
                pad=pad,
                direction="auto",
            )
            _cell_text(canvas, col.note, x, y + 1.5 * k, w, note_h, 7 * k, "regular", MUTED, pad=pad * 0.5)
        else:
            _cell_text(
                canvas, col.name, x, y, w, h, 10 * k, "bold", INK, max_lines=3, pad=pad, direction="auto"
            )
        return
    if key == ":wonder":
        canvas.setFillColor(FREE_CITY if col.free_city else WHITE)
        canvas.rect(x, y, w, h, fill=1, stroke=0)
        _cell_text(canvas, col.wonder, x, y, w, h, 8.5 * k, "regular", MUTED, max_lines=2, pad=pad)
        return
    if key == ":total" and writable:
        canvas.setFillColor(mix(GOLD_TINT, FREE_CITY, 0.6) if col.free_city else mix(GOLD_TINT, WHITE, 0.35))
        canvas.rect(x, y, w, h, fill=1, stroke=0)
        return
    if key == ":total":
        canvas.setFillColor(GOLD_DARK if col.winner else mix(HEADER, WHITE, 0.12))
        canvas.rect(x, y, w, h, fill=1, stroke=0)
        _cell_text(canvas, col.total, x, y, w, h, 15 * k, "bold", WHITE, pad=pad)
        return
    if key == ":coins":
        canvas.setFillColor(mix(FREE_CITY, WHITE, 0.5) if col.free_city else WHITE)
        canvas.rect(x, y, w, h, fill=1, stroke=0)
        weight: Weight = "bold" if col.tie_break else "regular"
        _cell_text(canvas, col.coins, x, y, w, h, 11 * k, weight, INK, pad=pad)
        return
    if key == ":rank":
        canvas.setFillColor(GOLD_TINT if col.winner else mix(HEADER, WHITE, 0.95))
        canvas.rect(x, y, w, h, fill=1, stroke=0)
        if col.winner:
            r = min(h * 0.3, 6.5 * k)
            star(canvas, x + w / 2 - 9 * k, y + h / 2, r, GOLD)
            _cell_text(canvas, col.rank, x + w / 2 - 3 * k, y, w / 2, h, 12 * k, "bold", INK, pad=pad)
        else:
            _cell_text(
                canvas, col.rank, x, y, w, h, 12 * k, "bold", INK if col.rank != "—" else MUTED, pad=pad
            )
        return
    category = Category(key)
    palette = PALETTES[category]
    fill = mix(palette.tint, WHITE, 0.55)
    if col.free_city:
        fill = mix(fill, FREE_CITY, 0.5)
    canvas.setFillColor(fill)
    canvas.rect(x, y, w, h, fill=1, stroke=0)
    value = col.values.get(category, "")
    color = MUTED if value == "0" else INK
    _cell_text(canvas, value, x, y, w, h, 13 * k, "bold", color, pad=pad)


CREATOR = "7 Wonders table assistant"


def new_canvas(
    buffer: io.BytesIO,
    size: tuple[float, float],
    title: str,
    *,
    subject: str,
    lang: str | None,
    invariant: bool,
) -> Canvas:
    """A compressed PDF canvas with the document's title, subject, language and creator set
    (and fixed dates and ids in ReportLab's invariant mode, for byte-identical output)."""
    canvas = Canvas(
        buffer,
        pagesize=size,
        invariant=1 if invariant else None,
        pageCompression=1,
        initialFontName=BODY_FONT,
        lang=(lang or "en").replace("_", "-"),
    )
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setCreator(CREATOR)
    canvas.setAuthor(CREATOR)
    return canvas


TRANSLATIONS_DIR = Path(__file__).resolve().parent.parent / "translations"


@lru_cache(maxsize=1)
def free_city_names() -> frozenset[str]:
    """ "Free City" in every bundled language: the name a game set up in any of them gives
    the Free City's column, so a sheet printed in another does not add its own label too."""
    names = {"Free City"}
    for mo in TRANSLATIONS_DIR.glob("*/LC_MESSAGES/messages.mo"):
        with mo.open("rb") as handle:
            names.add(stdlib_gettext.GNUTranslations(handle).gettext("Free City"))
    return frozenset(names)


def edition_heading(edition: int, expansions: Sequence[str] = ()) -> Text:
    """The line above a printout's title: the game, its edition and the expansions played
    (by their names, which are proper names)."""
    if edition == 1:
        heading = N_("7 Wonders · first edition")
    elif edition == 2:
        heading = N_("7 Wonders · second edition")
    else:
        heading = N_("7 Wonders · edition {n}", n=edition)
    if not expansions:
        return heading
    names = [verbatim(expansion_rules(edition, x).name) for x in expansions]
    return N_("{edition} with {expansions}", edition=heading, expansions=join(names))


LOOPBACK_WARNING = N_("Only the computer that printed this can open the link.")
"""Printed under a QR code that leads to a loopback address."""


def loopback_link(url: str) -> bool:
    """Whether ``url`` leads only to the computer it was made on (``127.0.0.1``,
    ``localhost``, ``[::1]``, ``0.0.0.0``): a printed QR code to it is dead for a phone."""
    from ..netaddr import is_unreachable_url

    return bool(url) and is_unreachable_url(url)
