"""Blank score pads to print: the score sheet's table with empty cells.

One, two or four pads a page, each laid out like the edition's own pad: a column per
player, the rows in that pad's order (the edition's ``score_pad``; its rulebook's counting
order on request), the total, and a row for the coins, which break a tie. Two players get a
third column for the Free City.

A pad keeps the shape of an A-series sheet as it shrinks: one pad fills a portrait page,
two share a landscape page side by side, four a portrait page two by two, with dashed
lines to cut along. Where that would leave the players' columns narrower than about
15 mm (room to write a name and two-digit numbers), the pads turn landscape (two stacked
on a portrait page, four on a landscape page), and where even that is too narrow, fewer
pads share the page: :func:`pad_plan` says which.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..rules.catalog import EditionRules, catalog_for
from ..rules.text import N_, Gettext, Ngettext, Nn_
from .drawing import ALERT, GOLD, GOLD_DARK, INK, MUTED, RULE, cut_line, draw_qr, qr_size
from .fonts import MIN_TYPE, draw_text, one_line_size, register_fonts, save, text_width, wrap, wrap_link
from .layout import (
    LOOPBACK_WARNING,
    ROW_ORDERS,
    Column,
    Labels,
    Metrics,
    TeamCell,
    Translator,
    draw_score_table,
    edition_heading,
    loopback_link,
    new_canvas,
    page_size,
    row_order,
)


def _rules(edition: int, expansions: Sequence[str] = ()) -> EditionRules:
    try:
        return catalog_for(edition, expansions).rules
    except KeyError:
        raise ValueError(
            f"Unknown edition {edition!r} or expansion of it ({', '.join(expansions)})."
        ) from None


PER_PAGE = (1, 2, 4)
MIN_COLUMN: float = 15 * mm
"""The narrowest player column a pad prints: a name and two-digit numbers, by hand."""
MIN_ROW: float = 7 * mm
"""The lowest row a pad prints (its board row, the lowest of all): a pen writes in it."""
_BOARD_ROW = 0.8
"""The board row's height, in category rows (the lowest row of the table)."""


_TEAM_ROW = _BOARD_ROW
"""The team row's height (the team game), in category rows: a name written by hand, as in
the board row."""
_TEAM_TOTAL_ROW = 1.1
"""The team total row's height, in category rows: as the players' total row."""


def _rows(labels: Labels) -> float:
    """The table's height in row units: name, board, the edition's categories, total, coins
    (and in the team game, the teams over the names and their totals under the coins)."""
    teams = _TEAM_ROW + _TEAM_TOTAL_ROW if labels.team is not None else 0.0
    return 1.25 + _BOARD_ROW + len(labels.order) + 1.1 + 0.85 + teams


def team_game(players: int, rules: EditionRules) -> bool:
    """Whether a pad for ``players`` has the team rows: an expansion being played has a team
    game (Cities: teams of two sitting side by side), and the players make two teams or
    more of its size (no Free City: a table of two has none)."""
    size = rules.team_size
    return bool(size) and players % size == 0 and players >= 2 * size


Box = tuple[float, float, float, float]


def _check(players: int, per_page: int, order: str, rules: EditionRules) -> None:
    counts = rules.player_counts
    if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
        free = (
            f" ({rules.free_city_players} players add the Free City)"
            if rules.free_city_players and rules.free_city_players < rules.min_players
            else ""
        )
        raise ValueError(f"A score pad is for {counts[0]} to {counts[-1]} players{free}, not {players!r}.")
    if isinstance(per_page, bool) or per_page not in PER_PAGE:
        raise ValueError(f"Print 1, 2 or 4 score pads per page, not {per_page!r}.")
    if order not in ROW_ORDERS:
        raise ValueError(
            f"Rows in the pad's or the rulebook's order ({', '.join(ROW_ORDERS)}), not {order!r}."
        )


@dataclass(frozen=True, slots=True)
class PadPlan:
    """How a page of pads is laid out."""

    per_page: int
    """Pads on the page (fewer than asked when the columns would be too narrow)."""
    landscape: bool
    """Each pad is wider than tall."""
    page: tuple[float, float]
    boxes: tuple[Box, ...]
    column_width: float
    """A player's column, in points."""
    row_height: float = MIN_ROW
    """The table's lowest row (the board row), in points."""

    @property
    def fits(self) -> bool:
        """Every column and every row is wide and high enough to write in by hand."""
        return self.column_width >= MIN_COLUMN - 1e-6 and self.row_height >= MIN_ROW - 1e-6

    @property
    def room(self) -> float:
        """How close the tightest of columns and rows comes to its least (1: just enough)."""
        return min(self.column_width / MIN_COLUMN, self.row_height / MIN_ROW)


def _arrangement(paper: str, per_page: int, landscape: bool) -> tuple[tuple[float, float], tuple[Box, ...]]:
    """The page size and pad boxes (x, y, w, h; top-left first) for pads of this orientation."""
    short, long = sorted(page_size(paper))
    if per_page == 1:
        w, h = (long, short) if landscape else (short, long)
        return (w, h), ((0.0, 0.0, w, h),)
    if per_page == 2:
        if landscape:  # two landscape pads stacked on a portrait page
            return (short, long), ((0.0, long / 2, short, long / 2), (0.0, 0.0, short, long / 2))
        return (long, short), ((0.0, 0.0, long / 2, short), (long / 2, 0.0, long / 2, short))
    w, h = (long, short) if landscape else (short, long)
    hw, hh = w / 2, h / 2
    return (w, h), ((0.0, hh, hw, hh), (hw, hh, hw, hh), (0.0, 0.0, hw, hh), (hw, 0.0, hw, hh))


@dataclass(frozen=True, slots=True)
class _Geometry:
    k: float
    margin: float
    qr: float
    unit: float
    label_width: float
    column_width: float
    hint: tuple[str, ...] = ()
    """The team game's rule, in lines across the pad's foot."""
    hint_size: float = MIN_TYPE


def _geometry(box: Box, players: int, url: str | None, labels: Labels, hint: str = "") -> _Geometry:
    """Every size of one pad in ``box`` (with ``hint``, the team game's rule, at its foot)."""
    _, _, bw, bh = box
    # Type and spacing scale with the pad: 1.0 for an A5 pad (half an A4 page), either way up.
    k = min(max(bw, bh) / 595.0, min(bw, bh) / 420.0)
    # Never closer than 6.5 mm to an edge (printers clip there); no wider than an A5 pad's,
    # so that a larger pad's room goes to the players' columns.
    margin = max(6.5 * mm, 14 * min(k, 1.0) + 8)
    # never below ~21 mm (phones must read it), larger for a long link
    qr = qr_size(url, max(58 * k, 60.0), max(80 * k, 72.0)) if url else 0.0
    title = max(17 * k, 11.0)
    header = 18 * k + title + 12 * k
    # The footer band: the winner's line, then the QR code's caption and link (and the
    # loopback warning) under it, beside the code.
    captions = (3 + (2 if url and loopback_link(url) else 0)) * MIN_TYPE * 1.3 if url else 0.0
    avail = bw - 2 * margin
    # Under it all, across the pad, the team game's rule.
    hint_size = max(7 * k, MIN_TYPE)
    hint_lines = tuple(wrap(hint, avail, hint_size)) if hint else ()
    footer = max(qr, 30 * k, 30 * k + captions) + 10 * k + len(hint_lines) * hint_size * 1.3
    unit = min(56.0 * max(k, 0.75), (bh - 2 * margin - header - footer) / _rows(labels))
    cities = players + 1 if players == 2 else players
    # The label column: the colour stripe, the badge and the longest word of a label, at
    # the type size the table will use (no less than the minimum).
    tk = _table_scale(k, unit)
    size = max(10 * tk * 0.85, MIN_TYPE)
    radius = min(unit * 0.36, 11 * tk)
    words = [w for label in labels.categories.values() for w in label.split()]
    words += [labels.total, labels.coins or "", labels.player, labels.wonder]
    words += [w for label in (labels.team, labels.team_total) if label for w in label.split()]
    widest = max(text_width(w, size, "bold") for w in words if w)
    label_width = min(max(3.5 * tk + 4 * tk * 3 + 2 * radius + widest + 4, 56.0), 132 * k, avail * 0.36)
    column_width = min(78 * k, (avail - label_width) / cities)
    return _Geometry(k, margin, qr, unit, label_width, column_width, hint_lines, hint_size)


def _table_scale(k: float, unit: float) -> float:
    """The table's type scale: the pad's, smaller where rows are low, and never larger than
    an A5 pad's, so a pad with more room gives it to the columns, never to the label column
    (one pad a page is never narrower than two)."""
    return min(k, unit / 30.0, 1.0)


TEAM_HINT = N_(
    "Team game: teammates sit side by side, in the columns under their team's name. A team "
    "scores its players' totals added up; on equal totals, the team with more coins wins."
)
"""At the foot of a pad for the team game: how the team rows are used."""


def _labels(t: Translator, order: str, rules: EditionRules, teams: bool = False) -> Labels:
    rows = row_order(rules, order)
    return Labels(
        player=t(N_("Player")),
        wonder=t(N_("Board")),
        categories={cat: t(rules.category_name(cat)) for cat in rows},
        total=t(N_("Total")),
        coins=t(N_("Coins (tie-break)")),
        order=rows,
        team=t(N_("Team")) if teams else None,
        team_total=t(N_("Team total")) if teams else None,
    )


def pad_plan(
    players: int,
    *,
    paper: str = "A4",
    per_page: int = 1,
    url: str | None = None,
    order: str = "pad",
    gettext: Gettext | None = None,
    ngettext: Ngettext | None = None,
    edition: int = 1,
    expansions: Sequence[str] = (),
) -> PadPlan:
    """The layout :func:`score_pad_pdf` uses: the asked number of pads a page in their usual
    orientation, turned landscape, or fewer pads, whichever first gives every player a
    column of at least :data:`MIN_COLUMN` and every row at least :data:`MIN_ROW` (else the
    plan that comes closest)."""
    rules = _rules(edition, expansions)
    _check(players, per_page, order, rules)
    register_fonts()
    t = Translator(gettext, ngettext)
    teams = team_game(players, rules)
    labels = _labels(t, order, rules, teams)
    hint = t(TEAM_HINT) if teams else ""
    best: PadPlan | None = None
    for count in [n for n in (4, 2, 1) if n <= per_page]:
        default_landscape = False
        for landscape in (default_landscape, not default_landscape):
            page, boxes = _arrangement(paper, count, landscape)
            g = _geometry(boxes[0], players, url, labels, hint)
            plan = PadPlan(count, landscape, page, boxes, g.column_width, _BOARD_ROW * g.unit)
            if plan.fits:
                return plan
            if best is None or plan.room > best.room:
                best = plan
    assert best is not None
    return best


def _draw_pad(
    c: Canvas,
    box: Box,
    players: int,
    url: str | None,
    t: Translator,
    labels: Labels,
    heading: str,
    team_size: int = 0,
) -> None:
    """One pad in ``box``; with ``team_size``, for the team game (see :func:`team_game`)."""
    bx, by, bw, bh = box
    g = _geometry(box, players, url, labels, t(TEAM_HINT) if team_size else "")
    k, margin, qr = g.k, g.margin, g.qr
    x0, x1 = bx + margin, bx + bw - margin
    top, bottom = by + bh - margin, by + margin
    header_bottom = _draw_pad_header(c, g, t, heading, x0, x1, top)

    cities = players + 1 if players == 2 else players
    table_width = g.label_width + g.column_width * cities
    table_x = x0 + (x1 - x0 - table_width) / 2
    table_end = _draw_pad_table(c, g, t, labels, players, team_size, table_x, header_bottom - 12 * k)
    bottom = _draw_team_hint(c, g, x0, bottom)

    # the footer band under the table: the winner's line, and the QR code at the right
    band_top = table_end - 10 * k
    line_y = max(band_top - 16 * k, bottom + 4)
    line_end = (x1 - qr - 12 * k) if url else table_x + table_width
    _draw_winner_line(c, g, t, table_x, line_y, line_end)
    if url:
        _draw_pad_qr(c, g, t, url, x1 - qr, band_top - qr, table_x, line_y)


def _draw_pad_header(
    c: Canvas, g: _Geometry, t: Translator, heading: str, x0: float, x1: float, top: float
) -> float:
    """The pad's header from ``top``: the game (``heading``) over the pad's title, and a
    line to write the date on; its bottom y (a gold rule)."""
    k = g.k
    c.setFillColor(GOLD_DARK)
    draw_text(c, x0, top - 7 * k, heading, max(6.5 * k, MIN_TYPE), "bold")
    title = t(N_("Score pad"))
    c.setFillColor(INK)
    title_size = max(17 * k, 11.0)
    baseline = top - 9 * k - title_size
    title_w = draw_text(c, x0, baseline, title, title_size, "bold")
    date = t(N_("Date"))
    date_size = max(8.5 * k, 7.0)
    date_x = max(x0 + title_w + 16 * k, x1 - 150 * k)
    c.setFillColor(MUTED)
    date_w = draw_text(c, date_x, baseline, date, one_line_size(date, 60 * k, date_size), "bold")
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(date_x + date_w + 4 * k, baseline - 1.5 * k, x1, baseline - 1.5 * k)
    header_bottom = top - 18 * k - title_size
    c.setStrokeColor(GOLD)
    c.setLineWidth(1.0 * k)
    c.line(x0, header_bottom, x1, header_bottom)
    return header_bottom


def _pad_metrics(g: _Geometry) -> Metrics:
    """The blank table's sizes: its rows in the pad's row units (see :func:`_rows`), its
    type at the table's scale (see :func:`_table_scale`), cells to write in."""
    unit = g.unit
    return Metrics(
        label_width=g.label_width,
        column_width=g.column_width,
        name_height=1.25 * unit,
        wonder_height=0.8 * unit,
        category_height=unit,
        total_height=1.1 * unit,
        minor_height=0.85 * unit,
        k=_table_scale(g.k, unit),
        writable=True,
        team_height=_TEAM_ROW * unit,
        team_total_height=_TEAM_TOTAL_ROW * unit,
    )


def _draw_pad_table(
    c: Canvas,
    g: _Geometry,
    t: Translator,
    labels: Labels,
    players: int,
    team_size: int,
    x: float,
    top: float,
) -> float:
    """The blank score table at (x, top): a column per player (and the Free City's for two
    players), and with ``team_size`` a team cell over each team's columns; its bottom y."""
    metrics = _pad_metrics(g)
    free_city = t(N_("Free City"))
    columns = [Column() for _ in range(players)]
    if players == 2:
        columns.append(Column(note=free_city, free_city=True))
    # The team game: a cell over each two neighbouring columns, numbered as the app numbers
    # the teams it seats (the table writes its own names over the numbers, or keeps them).
    teams = [
        TeamCell(first, team_size, mark=str(n))
        for n, first in enumerate(range(0, players, team_size or players), start=1)
    ]
    return draw_score_table(c, x, top, columns, labels, metrics, teams if team_size else ())


def _draw_team_hint(c: Canvas, g: _Geometry, x0: float, bottom: float) -> float:
    """The team game's rule across the foot of the pad, under everything else (nothing
    outside the team game); the bottom left above it for the footer band."""
    c.setFillColor(MUTED)
    hint_y = bottom + 0.3 * g.hint_size + (len(g.hint) - 1) * g.hint_size * 1.3
    for line in g.hint:
        draw_text(c, x0, hint_y, line, g.hint_size)
        hint_y -= g.hint_size * 1.3
    return bottom + len(g.hint) * g.hint_size * 1.3


def _draw_winner_line(c: Canvas, g: _Geometry, t: Translator, x: float, y: float, end: float) -> None:
    """``Winner`` at (x, y) and a line to write the winner on, to ``end`` (never shorter
    than a name's room)."""
    k = g.k
    winner = t(N_("Winner"))
    c.setFillColor(MUTED)
    winner_size = one_line_size(winner, 80 * k, max(9 * k, 7.0), "bold")
    winner_w = draw_text(c, x, y, winner, winner_size, "bold")
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(
        x + winner_w + 4 * k,
        y - 1.5 * k,
        max(end, x + winner_w + 40 * k),
        y - 1.5 * k,
    )


def _draw_pad_qr(
    c: Canvas, g: _Geometry, t: Translator, url: str, qx: float, qy: float, table_x: float, line_y: float
) -> None:
    """The QR code at (qx, qy), at the right of the footer band; its caption and link
    beside it, right-aligned, under the winner's line at ``line_y`` (and under them the
    loopback warning, for a link a phone cannot open)."""
    k, qr = g.k, g.qr
    draw_qr(c, url, qx, qy, qr)
    # caption and link beside the code, right-aligned, under the winner's line
    text_right = qx - 8 * k
    room = max(text_right - table_x, 60.0)
    caption = t(N_("Score it online"))
    c.setFillColor(MUTED)
    y = line_y - 14 * k - MIN_TYPE
    size = one_line_size(caption, room, max(7 * k, MIN_TYPE), "bold")
    draw_text(c, text_right, y, caption, max(size, MIN_TYPE), "bold", "right")
    link_size = MIN_TYPE
    for line in wrap_link(url, room, link_size)[:2]:
        y -= link_size * 1.3
        draw_text(c, text_right, y, line, link_size, "regular", "right")
    if loopback_link(url):
        c.setFillColor(ALERT)
        for line in wrap(t(LOOPBACK_WARNING), room, MIN_TYPE, "bold")[:2]:
            y -= MIN_TYPE * 1.3
            draw_text(c, text_right, y, line, MIN_TYPE, "bold", "right")


def score_pad_pdf(
    players: int,
    *,
    paper: str = "A4",
    per_page: int = 1,
    url: str | None = None,
    order: str = "pad",
    gettext: Gettext | None = None,
    ngettext: Ngettext | None = None,
    lang: str | None = None,
    invariant: bool = False,
    edition: int = 1,
    expansions: Sequence[str] = (),
) -> bytes:
    """A page of blank score pads of an edition for ``players`` (2 to 7) as PDF bytes, with
    the rows of the ``expansions`` being played where their pads put them.

    ``per_page`` is 1, 2 or 4 (fewer when the columns would be too narrow: see
    :func:`pad_plan`); ``url`` adds a QR code on every pad; ``order`` is ``pad`` (the
    edition's own pad) or ``rulebook`` (its counting order). Labels go through
    ``gettext``/``ngettext`` (English when absent), in the language ``lang`` recorded in the
    PDF; ``invariant`` gives byte-identical output for identical input.
    """
    plan = pad_plan(
        players,
        paper=paper,
        per_page=per_page,
        url=url,
        order=order,
        gettext=gettext,
        ngettext=ngettext,
        edition=edition,
        expansions=expansions,
    )
    t = Translator(gettext, ngettext)
    rules = _rules(edition, expansions)
    teams = team_game(players, rules)
    labels = _labels(t, order, rules, teams)
    heading = t(edition_heading(edition, rules.expansions))
    width, height = plan.page

    buffer = io.BytesIO()
    subject = t(Nn_("Blank score pad for {n} player", "Blank score pads for {n} players", players))
    canvas = new_canvas(
        buffer,
        (width, height),
        t(N_("7 Wonders score pads")),
        subject=subject,
        lang=lang,
        invariant=invariant,
    )
    for box in plan.boxes:
        _draw_pad(canvas, box, players, url, t, labels, heading, rules.team_size if teams else 0)
    _draw_cut_lines(canvas, plan)
    canvas.showPage()
    save(canvas)
    return buffer.getvalue()


def _draw_cut_lines(canvas: Canvas, plan: PadPlan) -> None:
    """Dashed lines across the page between the pads, to cut along."""
    width, height = plan.page
    xs = sorted({b[0] for b in plan.boxes} - {0.0})
    ys = sorted({b[1] for b in plan.boxes} - {0.0})
    for x in xs:
        cut_line(canvas, x, 0, x, height)
    for y in ys:
        cut_line(canvas, 0, y, width, y)
