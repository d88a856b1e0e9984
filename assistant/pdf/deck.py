"""Tonight's deck as a printout: the checklist the host goes through before the first hand.

Takes the decks the rules core worked out (:func:`~assistant.rules.table_deck.table_deck`),
never a request. Each age gets a heading, its cards by colour in three columns, each with a
box to tick and its copies, then what is drawn at random into it (the guilds, an expansion's
cards) with the pool to draw from; the cards dealt apart (the leaders) close the list. Card
names stay English, as printed on the cards; every other word goes through ``gettext``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..rules import table_deck as words
from ..rules.catalog import Catalog
from ..rules.table_deck import AgeDeck, TableDeck
from ..rules.text import N_, Gettext, Ngettext, Nn_
from .drawing import GOLD, GOLD_DARK, INK, MUTED, RULE
from .fonts import MIN_TYPE, Weight, draw_text, register_fonts, save, text_width, wrap
from .layout import Translator, edition_heading, new_canvas, page_size

__all__ = ["deck_pdf"]

MARGIN = 14 * mm
COLUMNS = 3
GAP = 5 * mm
ROW = 5.2 * mm
"""A card's line: a box to tick by hand, the name, the copies."""
BOX = 3.2 * mm
NAME_TYPE = 9.0
HEAD_TYPE = 8.0
TEXT_TYPE = 9.0
POOL_TYPE = 7.5


@dataclass(frozen=True, slots=True)
class _Row:
    """One line of an age's columns: a colour's heading, or a card."""

    text: str
    copies: int = 0
    swatch: str | None = None
    """A heading's colour (None: a card's line)."""


class _Page:
    """Where the next line goes, a new page when the page is full (the heading repeated)."""

    def __init__(self, canvas: Canvas, size: tuple[float, float], heading: str) -> None:
        self.c = canvas
        self.width, self.height = size
        self.heading = heading
        self.y = self.height - MARGIN
        self.left = MARGIN
        self.right = self.width - MARGIN

    def room(self, height: float) -> None:
        """Start a new page unless ``height`` fits above the bottom margin."""
        if self.y - height < MARGIN:
            self.c.showPage()
            self.y = self.height - MARGIN
            self.c.setFillColor(GOLD_DARK)
            draw_text(self.c, self.left, self.y - 7, self.heading, 7.0, "bold")
            self.y -= 16

    def paragraph(self, text: str, size: float, weight: Weight = "regular", colour: Color = INK) -> None:
        """``text`` wrapped to the page's width, line by line."""
        for line in wrap(text, self.right - self.left, size, weight):
            self.room(size * 1.35)
            self.c.setFillColor(colour)
            draw_text(self.c, self.left, self.y - size, line, size, weight)
            self.y -= size * 1.35


def _rows(age: AgeDeck, catalog: Catalog, t: Translator) -> list[_Row]:
    rows: list[_Row] = []
    for group in words.checklist(age, catalog):
        rows.append(_Row(t(group.heading), swatch=catalog.rules.color(group.color).swatch))
        rows += [_Row(line.name, line.copies) for line in group.lines]
    return rows


def _columns(rows: Sequence[_Row]) -> list[list[_Row]]:
    """The rows in three columns, top to bottom, a colour's heading never last in a column."""
    per = -(-len(rows) // COLUMNS)
    columns: list[list[_Row]] = [[]]
    for row in rows:
        if len(columns[-1]) >= per or (row.swatch and len(columns[-1]) >= per - 1 and columns[-1]):
            columns.append([])
        columns[-1].append(row)
    return columns


def _draw_rows(page: _Page, rows: Sequence[_Row]) -> None:
    """An age's cards in columns, each card with a box to tick."""
    columns = _columns(rows)
    height = max(len(col) for col in columns) * ROW
    page.room(height)
    c = page.c
    width = (page.right - page.left - GAP * (COLUMNS - 1)) / COLUMNS
    for index, column in enumerate(columns):
        x = page.left + index * (width + GAP)
        y = page.y
        for row in column:
            base = y - ROW + 1.6 * mm
            if row.swatch is not None:
                c.setFillColor(HexColor(row.swatch))
                c.circle(x + 1.4 * mm, base + 1.1 * mm, 1.4 * mm, stroke=0, fill=1)
                c.setFillColor(MUTED)
                draw_text(
                    c,
                    x + 4 * mm,
                    base,
                    _shortened(row.text, width - 4 * mm, HEAD_TYPE, "bold"),
                    HEAD_TYPE,
                    "bold",
                )
            else:
                c.setStrokeColor(INK)
                c.setLineWidth(0.6)
                c.rect(x, base - 0.6 * mm, BOX, BOX, stroke=1, fill=0)
                copies = f"×{row.copies}" if row.copies > 1 else ""
                room = (
                    width
                    - BOX
                    - 2.4 * mm
                    - (text_width(copies, NAME_TYPE, "bold") + 1.5 * mm if copies else 0)
                )
                c.setFillColor(INK)
                draw_text(c, x + BOX + 1.8 * mm, base, _shortened(row.text, room, NAME_TYPE), NAME_TYPE)
                if copies:
                    draw_text(c, x + width, base, copies, NAME_TYPE, "bold", "right")
            y -= ROW
    page.y -= height + 2 * mm


def _shortened(text: str, width: float, size: float, weight: Weight = "regular") -> str:
    """``text``, cut with an ellipsis where it would run past ``width``."""
    if text_width(text, size, weight) <= width:
        return text
    while text and text_width(text + "…", size, weight) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _age(page: _Page, age: AgeDeck, deck: TableDeck, catalog: Catalog, t: Translator) -> None:
    page.room(14 * mm + ROW * 3)
    c = page.c
    c.setStrokeColor(GOLD)
    c.setLineWidth(1.0)
    c.line(page.left, page.y - 2, page.right, page.y - 2)
    page.y -= 6
    page.paragraph(t(words.age_heading(age)), 13.0, "bold")
    page.paragraph(t(words.put_in(age)), TEXT_TYPE, "bold", MUTED)
    page.y -= 1.5 * mm
    _draw_rows(page, _rows(age, catalog, t))
    for draw in age.draws:
        page.paragraph(t(words.draw_line(draw, age, deck, catalog)), TEXT_TYPE, "bold")
        if draw.pool:
            page.paragraph(" · ".join(words.names(draw.pool, catalog)), POOL_TYPE, colour=MUTED)
        page.y -= 1.5 * mm


def deck_pdf(
    deck: TableDeck,
    catalog: Catalog,
    *,
    paper: str = "A4",
    gettext: Gettext | None = None,
    ngettext: Ngettext | None = None,
    lang: str | None = None,
    invariant: bool = False,
) -> bytes:
    """The decks of a table (``catalog``: its edition and expansions) as PDF bytes, on A4 or
    letter paper, in the language of ``gettext``/``ngettext`` (English when absent) recorded
    as ``lang``; ``invariant`` gives byte-identical output for identical input."""
    t = Translator(gettext, ngettext)
    register_fonts()
    size = page_size(paper)
    buffer = io.BytesIO()
    subject = t(Nn_("The deck for {n} player", "The deck for {n} players", deck.players))
    canvas = new_canvas(
        buffer, size, t(N_("Tonight's deck")), subject=subject, lang=lang, invariant=invariant
    )
    heading = t(edition_heading(deck.edition, deck.expansions))
    page = _Page(canvas, size, heading)
    page.paragraph(heading, 7.5, "bold", GOLD_DARK)
    page.paragraph(t(N_("Tonight's deck")), 18.0, "bold")
    page.paragraph(t(words.table_line(deck)), 10.0)
    page.paragraph(
        t(
            N_(
                "Tick each card as you find it. Cards drawn at random go in unseen: shuffle the pool, count them out face down."
            )
        ),
        MIN_TYPE + 1.5,
        colour=MUTED,
    )
    page.y -= 2 * mm
    for age in deck.ages:
        _age(page, age, deck, catalog, t)
    if deck.apart:
        page.room(12 * mm)
        canvas.setStrokeColor(RULE)
        canvas.line(page.left, page.y - 2, page.right, page.y - 2)
        page.y -= 6
        page.paragraph(t(N_("Dealt apart")), 13.0, "bold")
        for deal in deck.apart:
            page.paragraph(t(words.apart_line(deal, deck, catalog)), TEXT_TYPE, "bold")
            if deal.pool:
                page.paragraph(" · ".join(words.names(deal.pool, catalog)), POOL_TYPE, colour=MUTED)
    canvas.showPage()
    save(canvas)
    return buffer.getvalue()
