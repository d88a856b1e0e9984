"""Blank score pads to print: the score sheet's table with empty cells.

One, two or four pads a page. A pad keeps the shape of an A-series sheet as it shrinks:
one pad fills a portrait page, two share a landscape page side by side, four a portrait
page two by two, with dashed lines to cut along. Two players get a third column for the
Free City.
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from ..rules.describe import CATEGORY_NAMES
from ..rules.model import CATEGORIES
from ..rules.text import N_, Gettext, Ngettext
from .drawing import GOLD, INK, MUTED, RULE, cut_line, draw_qr
from .fonts import draw_text, one_line_size, register_fonts, wrap_link
from .layout import Column, Labels, Metrics, Translator, draw_score_table, new_canvas, page_size

MIN_PLAYERS = 2
MAX_PLAYERS = 7
PER_PAGE = (1, 2, 4)


def _check(players: int, per_page: int) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"A score pad is for {MIN_PLAYERS} to {MAX_PLAYERS} players (two players add the Free City), "
            f"not {players!r}."
        )
    if isinstance(per_page, bool) or per_page not in PER_PAGE:
        raise ValueError(f"Print 1, 2 or 4 score pads per page, not {per_page!r}.")


def _boxes(width: float, height: float, per_page: int) -> list[tuple[float, float, float, float]]:
    """The pads' boxes (x, y, w, h) on a page of this size, top-left first."""
    if per_page == 1:
        return [(0.0, 0.0, width, height)]
    if per_page == 2:
        half = width / 2
        return [(0.0, 0.0, half, height), (half, 0.0, half, height)]
    half_w, half_h = width / 2, height / 2
    return [
        (0.0, half_h, half_w, half_h),
        (half_w, half_h, half_w, half_h),
        (0.0, 0.0, half_w, half_h),
        (half_w, 0.0, half_w, half_h),
    ]


def _draw_pad(
    c: Canvas,
    box: tuple[float, float, float, float],
    players: int,
    url: str | None,
    t: Translator,
) -> None:
    bx, by, bw, bh = box
    # Type and spacing scale with the pad: 1.0 for an A5 pad (half an A4 page).
    k = min(bw / 420.0, bh / 595.0)
    margin = 22 * k + 6
    x0, x1 = bx + margin, bx + bw - margin
    top, bottom = by + bh - margin, by + margin

    # header: the game and the pad's title, a line for the date
    c.setFillColor(GOLD)
    draw_text(c, x0, top - 7 * k, t(N_("7 Wonders · first edition")), 6.5 * k, "bold")
    title = t(N_("Score pad"))
    c.setFillColor(INK)
    title_size = 17 * k
    title_w = draw_text(c, x0, top - 9 * k - title_size, title, title_size, "bold")
    date = t(N_("Date"))
    date_size = 8.5 * k
    date_x = max(x0 + title_w + 16 * k, x1 - 150 * k)
    c.setFillColor(MUTED)
    date_w = draw_text(
        c, date_x, top - 9 * k - title_size, date, one_line_size(date, 60 * k, date_size), "bold"
    )
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(
        date_x + date_w + 4 * k, top - 9 * k - title_size - 1.5 * k, x1, top - 9 * k - title_size - 1.5 * k
    )
    header_bottom = top - 18 * k - title_size
    c.setStrokeColor(GOLD)
    c.setLineWidth(1.0 * k)
    c.line(x0, header_bottom, x1, header_bottom)

    # footer: the winner's line, and the QR code to the app
    qr = max(58 * k, 60.0) if url else 0.0  # never below ~21 mm: phones must read it
    footer_h = max(qr + 22 * k, 30 * k) if url else 30 * k
    table_top = header_bottom - 12 * k
    table_bottom = bottom + footer_h + 10 * k

    cities = players + 1 if players == 2 else players
    avail = x1 - x0
    label_width = min(132 * k, avail * 0.36)
    column_width = min(78 * k, (avail - label_width) / cities)
    units = 1.25 + 0.8 + len(CATEGORIES) + 1.1
    unit = min(56.0 * max(k, 0.75), (table_top - table_bottom) / units)
    metrics = Metrics(
        label_width=label_width,
        column_width=column_width,
        name_height=1.25 * unit,
        wonder_height=0.8 * unit,
        category_height=unit,
        total_height=1.1 * unit,
        k=min(k, unit / 30.0) if unit < 30 * k else k,
        writable=True,
    )
    free_city = t(N_("Free City"))
    columns = [Column() for _ in range(players)]
    if players == 2:
        columns.append(Column(note=free_city, free_city=True))
    labels = Labels(
        player=t(N_("Player")),
        wonder=t(N_("Board")),
        categories={cat: t(CATEGORY_NAMES[cat]) for cat in CATEGORIES},
        total=t(N_("Total")),
    )
    table_width = label_width + column_width * cities
    table_x = x0 + (avail - table_width) / 2
    table_end = draw_score_table(c, table_x, table_top, columns, labels, metrics)

    # the winner's line under the table
    line_y = table_end - 22 * k
    winner = t(N_("Winner"))
    c.setFillColor(MUTED)
    winner_size = one_line_size(winner, 80 * k, 9 * k, "bold")
    winner_w = draw_text(c, table_x, line_y, winner, winner_size, "bold")
    line_end = (x1 - qr - 16 * k) if url else table_x + table_width
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(
        table_x + winner_w + 4 * k,
        line_y - 1.5 * k,
        max(line_end, table_x + winner_w + 40 * k),
        line_y - 1.5 * k,
    )

    if url:
        qx, qy = x1 - qr, bottom + 18 * k
        draw_qr(c, url, qx, qy, qr)
        c.setFillColor(MUTED)
        caption = t(N_("Score it online"))
        caption_w = min(150 * k, x1 - x0)
        draw_text(
            c, x1, qy - 8 * k, caption, one_line_size(caption, caption_w, 7 * k, "bold"), "bold", "right"
        )
        link_size = 5.5 * k
        links = wrap_link(url, max(qr * 2.2, 100 * k), link_size)[:2]
        for i, line in enumerate(links):
            draw_text(c, x1, qy - 16 * k - i * link_size * 1.2, line, link_size, "regular", "right")


def score_pad_pdf(
    players: int,
    *,
    paper: str = "A4",
    per_page: int = 1,
    url: str | None = None,
    gettext: Gettext | None = None,
    ngettext: Ngettext | None = None,
    invariant: bool = False,
) -> bytes:
    """A page of blank score pads for ``players`` (2 to 7) as PDF bytes.

    ``per_page`` is 1, 2 or 4; ``url`` adds a QR code to the app on every pad. Labels go
    through ``gettext``/``ngettext`` (English when absent); ``invariant`` gives
    byte-identical output for identical input.
    """
    _check(players, per_page)
    width, height = page_size(paper)
    if per_page == 2:
        width, height = height, width  # two portrait pads side by side on a landscape page
    register_fonts()
    t = Translator(gettext, ngettext)

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (width, height), t(N_("7 Wonders score pads")), invariant=invariant)
    for box in _boxes(width, height, per_page):
        _draw_pad(canvas, box, players, url, t)
    if per_page >= 2:
        cut_line(canvas, width / 2, 0, width / 2, height)
    if per_page == 4:
        cut_line(canvas, 0, height / 2, width, height / 2)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
