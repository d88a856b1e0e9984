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
from .fonts import (
    BODY_FONT,
    MIN_TYPE,
    Direction,
    Weight,
    draw_fitted,
    draw_text,
    fit,
)
from .names import NAME_LINES, names_weight, set_name

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
    team: str | None = None
    """The team game: the label of the teams' row over the names (None: no team rows)."""
    team_total: str | None = None
    """The team game: the label of the row of the teams' totals, under the players'."""
    team_rank: str | None = None
    """The team game: the label of the row of the teams' ranks (the sheet)."""


@dataclass(frozen=True, slots=True)
class TeamCell:
    """A team of the team game in the team rows: one cell across its players' columns
    (teammates sit side by side, so their columns are neighbours), from column ``first``
    over ``count`` columns. Empty strings leave a cell blank (the pad)."""

    first: int
    count: int
    name: str = ""
    mark: str = ""
    """A small mark in the cell's corner that tells the teams apart (the pad's numbers)."""
    total: str = ""
    rank: str = ""
    winner: bool = False


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
    team_height: float = 0.0
    team_total_height: float = 0.0
    team_rank_height: float = 0.0

    def height(self, labels: Labels) -> float:
        return sum(h for _, h in _rows(labels, self))


TEAM_ROWS = (":team_total", ":team_rank")
"""The team rows under the players' (the teams' row over the names is ``:team``)."""


def _rows(labels: Labels, m: Metrics) -> list[tuple[str, float]]:
    """The table's rows, top to bottom, and their heights. Keys: a category's value, or a
    header row's name marked with a colon (so none clashes with a category)."""
    rows: list[tuple[str, float]] = [(":team", m.team_height)] if labels.team is not None else []
    rows += [(":name", m.name_height), (":wonder", m.wonder_height)]
    rows += [(c.value, m.category_height) for c in labels.order]
    rows.append((":total", m.total_height))
    if labels.coins is not None:
        rows.append((":coins", m.minor_height))
    if labels.rank is not None:
        rows.append((":rank", m.rank_height))
    if labels.team_total is not None:
        rows.append((":team_total", m.team_total_height))
    if labels.team_rank is not None:
        rows.append((":team_rank", m.team_rank_height))
    return rows


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


Box = tuple[float, float, float, float, int]
"""Where a name is set: its centre (x, y), the width and height it fits in, its most lines."""


def _frame(k: float) -> float:
    """The width of the winners' gold frame, drawn inside their columns."""
    return 3.0 * max(k, 0.6)


def _name_box(
    col: Column, x: float, y: float, w: float, h: float, k: float, framed: tuple[bool, bool]
) -> Box:
    """Where a column's name is set in its cell (bottom-left corner at x, y): inside the pad
    and the winners' frame on its ``framed`` sides (left, right), over the note under it
    (the Free City's label) if any."""
    pad = 3 * k
    left = pad + (_frame(k) if framed[0] else 0.0)
    right = pad + (_frame(k) if framed[1] else 0.0)
    cx = x + (left + w - right) / 2
    if col.note:
        note_h = max(9 * k, MIN_TYPE * 1.3)
        return cx, y + note_h + (h - note_h) / 2, w - left - right, h - note_h - pad, 2
    return cx, y + h / 2, w - left - right, h - pad, NAME_LINES


def _team_box(team: TeamCell, x: float, y: float, w: float, h: float, k: float) -> Box:
    """Where a team's name is set in its cell, on at most two lines."""
    pad = 3 * k
    side = pad + (_frame(k) if team.winner else 0.0)
    return x + w / 2, y + h / 2, w - 2 * side, h - pad, 2


def _framed(columns: Sequence[Column], teams: Sequence[TeamCell]) -> list[tuple[bool, bool]]:
    """Each column's sides (left, right) under the winners' frame: a winner's both sides,
    or the outer sides of the winning team's columns."""
    if not teams:
        return [(col.winner, col.winner) for col in columns]
    sides = [[False, False] for _ in columns]
    for team in teams:
        if team.winner:
            sides[team.first][0] = sides[team.first + team.count - 1][1] = True
    return [(left, right) for left, right in sides]


def _name_text(canvas: Canvas, text: str, box: Box, size: float, weight: Weight) -> None:
    """A name set in its ``box`` (see :func:`set_name`): never below ``NAME_TYPE``, on at
    most the box's lines, centred, read in its own direction."""
    if not text:
        return
    cx, cy, width, height, lines = box
    fitted = set_name(text, width, height, size, weight, max_lines=lines)
    canvas.setFillColor(INK)
    draw_fitted(canvas, fitted, cx, cy, weight, "centre", direction="auto")


def _draw_label(canvas: Canvas, key: str, x: float, y: float, h: float, labels: Labels, m: Metrics) -> None:
    """The label cell of a row: a header's name, or a category's colour, icon and name."""
    k, w = m.k, m.label_width
    pad = 4 * k
    if key in (":team", ":name", ":wonder"):
        canvas.setFillColor(mix(HEADER, WHITE, 0.86))
        canvas.rect(x, y, w, h, fill=1, stroke=0)
        text = {":team": labels.team, ":name": labels.player}.get(key, labels.wonder) or ""
        _cell_text(canvas, text, x, y, w, h, 7.5 * k, "bold", MUTED, align="left", pad=pad)
    elif key in (":total", ":team_total"):
        canvas.setFillColor(HEADER)
        canvas.rect(x, y, w, h, fill=1, stroke=0)
        text = (labels.total if key == ":total" else labels.team_total) or ""
        lines = 1 if key == ":total" else 2
        _cell_text(canvas, text, x, y, w, h, 12 * k, "bold", WHITE, align="left", pad=pad, max_lines=lines)
    elif key in (":coins", ":rank", ":team_rank"):
        canvas.setFillColor(mix(HEADER, WHITE, 0.92))
        canvas.rect(x, y, w, h, fill=1, stroke=0)
        text = {":coins": labels.coins, ":rank": labels.rank}.get(key, labels.team_rank) or ""
        _cell_text(canvas, text, x, y, w, h, 9.5 * k, "bold", MUTED, align="left", pad=pad, max_lines=2)
    else:
        category = Category(key)
        palette = PALETTES[category]
        canvas.setFillColor(palette.tint)
        canvas.rect(x, y, w, h, fill=1, stroke=0)
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
            x + w - text_x,
            h,
            10 * k,
            "bold",
            INK,
            align="left",
            max_lines=2,
            pad=pad * 0.5,
        )


def draw_score_table(
    canvas: Canvas,
    x: float,
    top: float,
    columns: Sequence[Column],
    labels: Labels,
    m: Metrics,
    teams: Sequence[TeamCell] = (),
) -> float:
    """Draw the score table with its top-left corner at (x, top); return its bottom y.

    ``teams`` (the team game, with the team labels given) are drawn across their players'
    columns: their names over the players', their totals and ranks under them, and a firm
    rule between two teams."""
    k = m.k
    cw = m.column_width
    rows = _rows(labels, m)
    framed = _framed(columns, teams)
    name_weight, team_weight = _row_weights(columns, teams, framed, dict(rows), m)

    canvas.saveState()
    y = top
    ruled: list[tuple[str, float]] = []
    for key, h in rows:
        y -= h
        _draw_label(canvas, key, x, y, h, labels, m)
        if key == ":team" or key in TEAM_ROWS:
            for team in teams:
                tx = x + m.label_width + team.first * cw
                _draw_team_cell(canvas, key, team, (tx, y, cw * team.count, h), k, m.writable, team_weight)
        else:
            for i, col in enumerate(columns):
                cell = (x + m.label_width + i * cw, y, cw, h)
                _draw_cell(canvas, key, col, cell, k, m.writable, (name_weight, framed[i]))
        ruled.append((key, y))
    _draw_rules(canvas, x, top, y, rows, ruled, len(columns), labels, m, teams)
    _draw_winners_frame(canvas, x, top, y, columns, m, teams)
    canvas.restoreState()
    return y


def _row_weights(
    columns: Sequence[Column],
    teams: Sequence[TeamCell],
    framed: Sequence[tuple[bool, bool]],
    heights: Mapping[str, float],
    m: Metrics,
) -> tuple[Weight, Weight]:
    """The weights of the row of players' names and of the row of teams' names (see
    :func:`names_weight`): a row of names is set in one weight, bold, or regular where a
    name needs the room."""
    k = m.k
    cw = m.column_width
    name_weight = names_weight(
        [
            (c.name, *_name_box(c, 0, 0, cw, heights[":name"], k, f)[2:])
            for c, f in zip(columns, framed, strict=True)
        ],
        10 * k,
    )
    team_weight = names_weight(
        [(t.name, *_team_box(t, 0, 0, cw * t.count, heights.get(":team", 0.0), k)[2:]) for t in teams], 10 * k
    )
    return name_weight, team_weight


def _draw_winners_frame(
    canvas: Canvas,
    x: float,
    top: float,
    bottom: float,
    columns: Sequence[Column],
    m: Metrics,
    teams: Sequence[TeamCell],
) -> None:
    """The winners' columns (or the winning team's), framed in dark gold from ``top`` to
    ``bottom``: in grayscale (a 36% grey, 3 points wide) it stands out from the column
    rules (52%, 0.4 points), where light gold (59%) did not."""
    cw = m.column_width
    canvas.setStrokeColor(GOLD_DARK)
    frame = _frame(m.k)
    canvas.setLineWidth(frame)
    spans = [(t.first, t.count) for t in teams if t.winner] if teams else []
    if not teams:
        spans = [(i, 1) for i, col in enumerate(columns) if col.winner]
    for first, count in spans:
        fx = x + m.label_width + first * cw
        canvas.rect(
            fx + frame / 2, bottom + frame / 2, count * cw - frame, top - bottom - frame, fill=0, stroke=1
        )


def _draw_rules(
    canvas: Canvas,
    x: float,
    top: float,
    bottom: float,
    rows: Sequence[tuple[str, float]],
    ruled: Sequence[tuple[str, float]],
    n: int,
    labels: Labels,
    m: Metrics,
    teams: Sequence[TeamCell],
) -> None:
    """The row rules (firmer around the categories, and above the teams' totals), the column
    rules (firm between two teams, never through a team's cell), the label column's edge and
    the outer frame: after every fill, so none is painted over."""
    k, cw = m.k, m.column_width
    width = m.label_width + cw * n
    keys = [key for key, _ in rows]
    for i, (key, ry) in enumerate(ruled[:-1]):
        strong = key in (":wonder", labels.order[-1].value, ":total") or keys[i + 1] == ":team_total"
        canvas.setStrokeColor(HEADER if strong else RULE)
        canvas.setLineWidth((0.9 if strong else 0.4) * max(k, 0.6))
        canvas.line(x, ry, x + width, ry)
    # Inside a team, the column rule stops at the team's cells (over the names, under the ranks).
    above = sum(h for key, h in rows if key == ":team")
    below = sum(h for key, h in rows if key in TEAM_ROWS)
    edges = {t.first for t in teams} | {t.first + t.count for t in teams}
    for i in range(1, n):
        cx = x + m.label_width + i * cw
        if i in edges:
            canvas.setStrokeColor(HEADER)
            canvas.setLineWidth(0.9 * max(k, 0.6))
            canvas.line(cx, bottom, cx, top)
        else:
            canvas.setStrokeColor(RULE)
            canvas.setLineWidth(0.4)
            canvas.line(cx, bottom + below, cx, top - above)
    canvas.setStrokeColor(HEADER)
    canvas.setLineWidth(1.0 * max(k, 0.6))
    canvas.line(x + m.label_width, bottom, x + m.label_width, top)
    canvas.rect(x, bottom, width, top - bottom, fill=0, stroke=1)


def _draw_team_cell(
    canvas: Canvas,
    key: str,
    team: TeamCell,
    cell: tuple[float, float, float, float],
    k: float,
    writable: bool,
    weight: Weight,
) -> None:
    """A team's cell (x, y, w, h) across its players' columns: its name (with its mark in
    the corner), its total, or its rank; blank to write in on the pad."""
    x, y, w, h = cell
    pad = 3 * k
    if key == ":team":
        canvas.setFillColor(GOLD_TINT if team.winner else mix(HEADER, WHITE, 0.93))
        canvas.rect(x, y, w, h, fill=1, stroke=0)
        if team.mark:
            size = max(7 * k, MIN_TYPE)
            canvas.setFillColor(MUTED)
            draw_text(canvas, x + pad, y + h - pad - size * 0.8, team.mark, size, "bold")
        _name_text(canvas, team.name, _team_box(team, x, y, w, h, k), 10 * k, weight)
    elif key == ":team_total" and writable:
        canvas.setFillColor(mix(GOLD_TINT, WHITE, 0.35))
        canvas.rect(x, y, w, h, fill=1, stroke=0)
    elif key == ":team_total":
        canvas.setFillColor(GOLD_DARK if team.winner else mix(HEADER, WHITE, 0.12))
        canvas.rect(x, y, w, h, fill=1, stroke=0)
        _cell_text(canvas, team.total, x, y, w, h, 15 * k, "bold", WHITE, pad=pad)
    else:
        canvas.setFillColor(GOLD_TINT if team.winner else mix(HEADER, WHITE, 0.95))
        canvas.rect(x, y, w, h, fill=1, stroke=0)
        if team.winner:
            star(canvas, x + w / 2 - 9 * k, y + h / 2, min(h * 0.3, 6.5 * k), GOLD)
            _cell_text(canvas, team.rank, x + w / 2 - 3 * k, y, w / 2, h, 12 * k, "bold", INK, pad=pad)
        else:
            _cell_text(canvas, team.rank, x, y, w, h, 12 * k, "bold", INK, pad=pad)


def _draw_cell(
    canvas: Canvas,
    key: str,
    col: Column,
    cell: tuple[float, float, float, float],
    k: float,
    writable: bool,
    name: tuple[Weight, tuple[bool, bool]] = ("bold", (False, False)),
) -> None:
    """A city's cell (x, y, w, h) in the row ``key``; ``name``: the weight of the row of
    names, and the column's sides under the winners' frame."""
    x, y, w, h = cell
    pad = 3 * k
    if key == ":name":
        _draw_name_cell(canvas, col, cell, k, name)
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
        _draw_rank_cell(canvas, col, cell, k)
        return
    _draw_category_cell(canvas, Category(key), col, cell, k)


def _draw_name_cell(
    canvas: Canvas,
    col: Column,
    cell: tuple[float, float, float, float],
    k: float,
    name: tuple[Weight, tuple[bool, bool]],
) -> None:
    """A city's cell (x, y, w, h) in the row of names: the player's name in the row's
    weight, inside the winners' frame on its ``framed`` sides (``name``), with its note
    (the Free City's label) under it, or the note alone where no name is printed."""
    x, y, w, h = cell
    name_weight, framed = name
    pad = 3 * k
    fill = GOLD_TINT if col.winner else FREE_CITY if col.free_city else WHITE
    canvas.setFillColor(fill)
    canvas.rect(x, y, w, h, fill=1, stroke=0)
    if col.note and not col.name:
        _cell_text(canvas, col.note, x, y, w, h, 8.5 * k, "bold", MUTED, max_lines=2, pad=pad)
    elif col.note:
        note_h = max(9 * k, MIN_TYPE * 1.3)
        _name_text(canvas, col.name, _name_box(col, x, y, w, h, k, framed), 10 * k, name_weight)
        _cell_text(canvas, col.note, x, y + 1.5 * k, w, note_h, 7 * k, "regular", MUTED, pad=pad * 0.5)
    else:
        _name_text(canvas, col.name, _name_box(col, x, y, w, h, k, framed), 10 * k, name_weight)


def _draw_rank_cell(canvas: Canvas, col: Column, cell: tuple[float, float, float, float], k: float) -> None:
    """A city's cell (x, y, w, h) in the row of ranks: a winner's with a gold star, a rank
    left out (``—``) in grey."""
    x, y, w, h = cell
    pad = 3 * k
    canvas.setFillColor(GOLD_TINT if col.winner else mix(HEADER, WHITE, 0.95))
    canvas.rect(x, y, w, h, fill=1, stroke=0)
    if col.winner:
        r = min(h * 0.3, 6.5 * k)
        star(canvas, x + w / 2 - 9 * k, y + h / 2, r, GOLD)
        _cell_text(canvas, col.rank, x + w / 2 - 3 * k, y, w / 2, h, 12 * k, "bold", INK, pad=pad)
    else:
        _cell_text(canvas, col.rank, x, y, w, h, 12 * k, "bold", INK if col.rank != "—" else MUTED, pad=pad)


def _draw_category_cell(
    canvas: Canvas, category: Category, col: Column, cell: tuple[float, float, float, float], k: float
) -> None:
    """A city's cell (x, y, w, h) in a category's row: the category's tint (mixed with the
    Free City's), its points, a zero in grey."""
    x, y, w, h = cell
    pad = 3 * k
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
