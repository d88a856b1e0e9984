"""The score sheet of one scored game: a ScoreSheet in, PDF bytes out.

Page 1 is the game's score pad filled in: a column per city in seating order, a row per
category of the game's edition in its rulebook's counting order (the order the details
follow), the totals, coins and ranks, then the winner, the tie-break
that decided it and the explanation, the date, and a QR code linking to the game online.
The following pages say where every city's points came from (each detail's category,
points and reason, wrapped to the page) and list what the assistant found to check.
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from ..rules.catalog import EditionRules, available_expansions, catalog_for
from ..rules.model import Category, CityScore, Detail, Problem, ScoreSheet, TeamScore
from ..rules.text import FSI, N_, PDI, Gettext, Ngettext, Nn_, Text
from .drawing import (
    ALERT,
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
    draw_qr,
    qr_size,
    star,
)
from .fonts import (
    Weight,
    draw_text,
    fit,
    one_line_size,
    register_fonts,
    save,
    signed,
    text_width,
    wrap,
    wrap_link,
)
from .layout import (
    LOOPBACK_WARNING,
    Column,
    Labels,
    Metrics,
    TeamCell,
    Translator,
    draw_score_table,
    edition_heading,
    free_city_names,
    loopback_link,
    mix,
    new_canvas,
    page_size,
)

DEFAULT_TITLE = N_("7 Wonders score sheet")

DECIDED_BY: dict[str, Text] = {
    "alone": N_("Only one player took part."),
    "points": N_("Decided on points."),
    "coins": N_("Tied on points: the most coins decided it, as the rulebook says."),
    "shared": N_("Tied on points and on coins: the victory is shared."),
}

SEVERITY_NAMES: dict[str, Text] = {
    "error": N_("Error"),
    "warning": N_("Warning"),
    "info": N_("Note"),
}


def _names(names: Sequence[str]) -> Text | str:
    """Player names joined for a sentence: ``Ana``, ``Ana and Bartek``, ``Ana, Bartek and Çağla``."""
    if len(names) == 1:
        return names[0]
    return N_("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def _wonder_label(city: CityScore, edition: int, t: Translator) -> str:
    """The wonder's short name and side as the edition calls it (``Rhodes A``, ``Rhodes Day``)."""
    if not city.wonder:
        return ""
    catalog = catalog_for(edition, available_expansions(edition))  # a board of any of its expansions
    try:
        name = catalog.wonder(city.wonder).short_name
    except KeyError:
        name = city.wonder.replace("-", " ").title()
    return f"{name} {t(catalog.rules.side_name(city.side))}" if city.side else name


def _points(n: int) -> str:
    return signed(n, plus=True)


def _city_teams(sheet: ScoreSheet) -> list[TeamScore]:
    """Each city's team in seating order (the team game), found by its player among the
    teams' players (a name two players share goes to each in turn); empty when the game has
    no teams, or when some city is in none of them."""
    left = [list(team.players) for team in sheet.teams]
    found: list[TeamScore] = []
    for city in sheet.cities:
        index = next((i for i, players in enumerate(left) if city.player in players), None)
        if index is None or city.free_city:
            return []
        left[index].remove(city.player)
        found.append(sheet.teams[index])
    return found


def _team_cells(sheet: ScoreSheet) -> list[TeamCell]:
    """The teams across their players' columns: a cell for each run of neighbouring columns
    of one team (teammates sit side by side; a team that sits at both ends of the seating
    order gets a cell at each end)."""
    teams = _city_teams(sheet)
    cells: list[TeamCell] = []
    first = 0
    for i in range(1, len(teams) + 1):
        if i < len(teams) and teams[i] is teams[first]:
            continue
        team = teams[first]
        cells.append(
            TeamCell(
                first,
                i - first,
                name=team.team,
                total=signed(team.total),
                rank=str(team.rank),
                winner=team.rank == 1,
            )
        )
        first = i
    return cells


@dataclass(frozen=True, slots=True)
class _Context:
    sheet: ScoreSheet
    t: Translator
    width: float
    height: float
    margin: float
    title: str
    played_on: str
    scale: float = 1.0
    """The details pages' type and spacing (below 1 to save a near-empty last page)."""

    @property
    def rules(self) -> EditionRules:
        """The sheet's edition: its categories, their order and names."""
        return catalog_for(self.sheet.edition, self.sheet.expansions).rules


# --- page 1 ---------------------------------------------------------------------------------


QR_SIZE = 86.0
QR_BLOCK = 132.0
FOOTER = 24.0
MIN_CATEGORY_ROW = 24.0


def _result_lines(ctx: _Context, width: float, problems_page: int) -> list[tuple[str, float, Weight, Color]]:
    """The result panel's lines: the winners, the tie-break, the explanation, the problems."""
    t, sheet = ctx.t, ctx.sheet
    lines: list[tuple[str, float, Weight, Color]] = []
    if sheet.winners:
        text = t(Nn_("Winner: {names}", "Winners: {names}", len(sheet.winners), names=_names(sheet.winners)))
        fitted = fit(text, width, 40, 16, "bold", max_lines=2, min_size=11)
        lines += [(line, fitted.size, "bold", INK) for line in fitted.lines]
    decided = DECIDED_BY.get(sheet.decided_by)
    if decided is not None:
        lines += [(line, 10.5, "regular", INK) for line in wrap(t(decided), width, 10.5)]
    explanation = t(sheet.explanation)
    if explanation:
        lines += [(line, 9.5, "regular", MUTED) for line in wrap(explanation, width, 9.5)]
    # The teams' totals and ranks, when the table cannot show them under the teams' columns.
    shown = bool(_team_cells(sheet))
    for team in [] if shown else sorted(sheet.teams, key=lambda team: (team.rank, team.team)):
        text = t(
            Nn_(
                "{rank}. Team {team} ({players}): {points} victory point",
                "{rank}. Team {team} ({players}): {points} victory points",
                abs(team.total),
                rank=team.rank, team=team.team, players=_names(team.players), points=team.total,
            )
        )  # fmt: skip
        weight: Weight = "bold" if team.rank == 1 else "regular"
        lines += [(line, 10.5, weight, INK) for line in wrap(text, width, 10.5, weight)]
    if sheet.problems:
        note = t(
            Nn_(
                "The assistant found {n} thing to check at this table: see page {page}.",
                "The assistant found {n} things to check at this table: see page {page}.",
                len(sheet.problems),
                page=problems_page,
            )
        )
        lines += [(line, 9.5, "bold", ALERT) for line in wrap(note, width, 9.5, "bold")]
    return lines


def _qr_warning(ctx: _Context, url: str | None) -> list[str]:
    """Under a QR code that leads to this computer only (127.0.0.1, localhost), say so."""
    if not url or not loopback_link(url):
        return []
    return wrap(ctx.t(LOOPBACK_WARNING), QR_BLOCK, 7, "bold")


def _draw_table(c: Canvas, ctx: _Context, x0: float, x1: float, y: float, panel_h: float) -> float:
    """The score table under the header at ``y``, as tall as the result panel (``panel_h``)
    under it leaves room for; its bottom y. The team game adds the teams over the names and
    their totals and ranks under the players'."""
    sheet, m = ctx.sheet, ctx.margin
    rules = ctx.rules
    n = len(sheet.cities)
    # Seven columns need the room more, and eight (Cities) more still: their names.
    label_width = 128.0 if n <= 5 else 114.0 if n <= 7 else 104.0
    column_width = min(86.0, (x1 - x0 - label_width) / n)
    teams = _team_cells(sheet)
    team_rows = (26.0, 30.0, 24.0) if teams else (0.0, 0.0, 0.0)
    fixed = 50 + 24 + 32 + 22 + 26 + sum(team_rows)
    room = (y - 16) - (m + FOOTER + 18 + panel_h + 18)
    metrics = Metrics(
        label_width=label_width,
        column_width=column_width,
        name_height=50,
        wonder_height=24,
        category_height=max(MIN_CATEGORY_ROW, min(44.0, (room - fixed) / len(rules.categories))),
        total_height=32,
        minor_height=22,
        rank_height=26,
        team_height=team_rows[0],
        team_total_height=team_rows[1],
        team_rank_height=team_rows[2],
    )
    columns = _columns(ctx)
    labels = _labels(ctx, bool(teams))
    table_width = label_width + column_width * n
    return draw_score_table(c, x0 + (x1 - x0 - table_width) / 2, y - 16, columns, labels, metrics, teams)


def _columns(ctx: _Context) -> list[Column]:
    """Each city's column, in seating order: its name (the Free City's label under a name
    of its own), board, points by category, total, coins (bold where they broke a tie on
    points) and rank; the winners' marked."""
    t, sheet, rules = ctx.t, ctx.sheet, ctx.rules
    winners = set(sheet.winners)
    free_city = t(N_("Free City"))
    auto_names = free_city_names() | {free_city}
    # Cities whose rank the coins decided: tied on points with another player.
    totals = [c.total for c in sheet.cities if not c.free_city]
    return [
        Column(
            name=free_city if city.free_city and city.player in auto_names else city.player,
            note=free_city if city.free_city and city.player not in auto_names else "",
            wonder=_wonder_label(city, sheet.edition, t) or ("" if city.free_city else "—"),
            values={cat: signed(city.categories.get(cat, 0)) for cat in rules.categories},
            total=signed(city.total),
            coins=str(city.coins),
            rank=str(city.rank) if city.rank is not None else "—",
            winner=city.player in winners and not city.free_city and (city.rank == 1 or bool(sheet.teams)),
            free_city=city.free_city,
            tie_break=not city.free_city and totals.count(city.total) > 1,
        )
        for city in sheet.cities
    ]


def _labels(ctx: _Context, teams: bool) -> Labels:
    """The rows' labels: the edition's categories in its rulebook's counting order, and with
    ``teams`` the team game's rows."""
    t, rules = ctx.t, ctx.rules
    return Labels(
        player=t(N_("Player")),
        wonder=t(N_("Board")),
        categories={cat: t(rules.category_name(cat)) for cat in rules.categories},
        total=t(N_("Total")),
        coins=t(N_("Coins (tie-break)")),
        rank=t(N_("Rank")),
        order=rules.categories,
        team=t(N_("Team")) if teams else None,
        team_total=t(N_("Team total")) if teams else None,
        team_rank=t(N_("Team rank")) if teams else None,
    )


def _draw_front(c: Canvas, ctx: _Context, url: str | None, problems_page: int) -> None:
    """Page 1: the header, the score table, and under it the result panel beside the QR code
    (``problems_page``: where the things to check are listed)."""
    m = ctx.margin
    x0, x1 = m, ctx.width - m
    y = _draw_header(c, ctx, x0, x1, ctx.height - m)

    # the result panel's size decides how tall the table may grow
    panel_w = x1 - x0 - (QR_BLOCK + 14 if url else 0)
    lines = _result_lines(ctx, panel_w - 34 - 14, problems_page)
    content_h = sum(size * 1.3 for _, size, _, _ in lines) + 22
    warning = _qr_warning(ctx, url)
    qr = qr_size(url, QR_SIZE, QR_BLOCK - 8) if url else 0.0
    panel_h = max(content_h, qr + 40 + 9 * len(warning) if url else 0)

    y = _draw_table(c, ctx, x0, x1, y, panel_h)

    # the result, beside the QR code
    top = y - 18
    _draw_result(c, ctx, lines, (x0, top, panel_w, panel_h), content_h)
    if url:
        _draw_qr_block(c, ctx, url, x1, top, qr, warning)


def _draw_header(c: Canvas, ctx: _Context, x0: float, x1: float, y: float) -> float:
    """The header from the page's top margin at ``y``: the edition over the title, then the
    date and the number of players; its bottom y (a gold rule)."""
    t, sheet = ctx.t, ctx.sheet
    c.setFillColor(GOLD_DARK)
    draw_text(c, x0, y - 8, t(edition_heading(sheet.edition, sheet.expansions)), 8, "bold")
    title = fit(ctx.title, x1 - x0, 52, 22, "bold", max_lines=2, min_size=14)
    c.setFillColor(INK)
    baseline = y - 12 - title.size
    for line in title.lines:
        draw_text(c, x0, baseline, line, title.size, "bold")
        baseline -= title.size * 1.15
    players = sum(1 for city in sheet.cities if not city.free_city)
    facts = [t(Nn_("{n} player", "{n} players", players))]
    if any(city.free_city for city in sheet.cities):
        facts[0] = t(N_("{players} and the Free City", players=facts[0]))
    if ctx.played_on:
        facts.insert(0, t(N_("Played on {date}", date=ctx.played_on)))
    c.setFillColor(MUTED)
    subtitle_y = baseline + title.size * 1.15 - 17
    for line in wrap("   ·   ".join(facts), x1 - x0, 10.5):
        draw_text(c, x0, subtitle_y, line, 10.5)
        subtitle_y -= 13
    y = subtitle_y - 2
    c.setStrokeColor(GOLD)
    c.setLineWidth(1.2)
    c.line(x0, y, x1, y)
    return y


def _draw_result(
    c: Canvas,
    ctx: _Context,
    lines: Sequence[tuple[str, float, Weight, Color]],
    panel: tuple[float, float, float, float],
    content_h: float,
) -> None:
    """The result panel (x, top, width, height) under the table: its ``lines`` (see
    :func:`_result_lines`, ``content_h`` high) centred in it, a gold star by the winners."""
    x0, top, panel_w, panel_h = panel
    c.setFillColor(mix(GOLD_TINT, WHITE, 0.45))
    c.setStrokeColor(mix(GOLD, WHITE, 0.3))
    c.setLineWidth(0.8)
    c.roundRect(x0, top - panel_h, panel_w, panel_h, 6, fill=1, stroke=1)
    baseline = top - 11 - (panel_h - content_h) / 2
    for i, (text, size, weight, color) in enumerate(lines):
        baseline -= size * 1.05
        if i == 0 and ctx.sheet.winners:
            star(c, x0 + 19, baseline + size * 0.36, 9, GOLD)
        c.setFillColor(color)
        draw_text(c, x0 + 34, baseline, text, size, weight)
        baseline -= size * 0.25


def _draw_qr_block(
    c: Canvas, ctx: _Context, url: str, x1: float, top: float, qr: float, warning: Sequence[str]
) -> None:
    """The QR code (``qr`` wide) to the game online, centred in its block at the right
    (``x1``) beside the result panel, with its caption, the link and the ``warning`` (see
    :func:`_qr_warning`) under it."""
    qx = x1 - QR_BLOCK + (QR_BLOCK - qr) / 2
    qy = top - qr
    draw_qr(c, url, qx, qy, qr)
    c.setFillColor(INK)
    caption = fit(ctx.t(N_("Scan to open this game")), QR_BLOCK, 12, 8, "bold", max_lines=1)
    draw_text(c, x1 - QR_BLOCK / 2, qy - 10, caption.lines[0], caption.size, "bold", "centre")
    c.setFillColor(MUTED)
    link_y = qy - 19
    for line in wrap_link(url, QR_BLOCK, 6.5)[:6]:
        draw_text(c, x1 - QR_BLOCK / 2, link_y, line, 6.5, "regular", "centre")
        link_y -= 8
    c.setFillColor(ALERT)
    for line in warning:
        draw_text(c, x1 - QR_BLOCK / 2, link_y - 2, line, 7, "bold", "centre")
        link_y -= 9


# --- the details pages ------------------------------------------------------------------------

Draw = Callable[[Canvas, float, float, float], None]
"""Draws a block at (x, top) across a width."""


@dataclass(frozen=True, slots=True)
class _Block:
    height: float
    draw: Draw
    city: CityScore | None = None
    """The city whose section the block belongs to (for a continued header on a new page)."""
    keep_with_next: bool = False
    gap: bool = False
    """Blank space, dropped at the top of a page."""
    labelled: _Block | None = None
    """The same detail row with its category label, for when it starts a page."""


DETAIL_SIZE = 9.0
DETAIL_LEADING = 11.5


def _nothing(c: Canvas, x: float, top: float, width: float) -> None:
    """Blank space between two sections."""


def _gap(height: float) -> _Block:
    return _Block(height, _nothing, gap=True)


def _heading(text: str, size: float = 15.0) -> _Block:
    def draw(c: Canvas, x: float, top: float, width: float) -> None:
        c.setFillColor(INK)
        draw_text(c, x, top - size * 1.1, text, size, "bold")

    return _Block(size * 2.0, draw, keep_with_next=True)


def _city_header(ctx: _Context, city: CityScore, continued: bool) -> _Block:
    t = ctx.t
    wonder = _wonder_label(city, ctx.sheet.edition, ctx.t)
    right = t(Nn_("{n} point", "{n} points", city.total))
    if city.rank is not None:
        right = t(N_("{points}, rank {rank}", points=right, rank=city.rank))
    teams = _city_teams(ctx.sheet)
    team = t(N_("Team {team}", team=teams[city.seat].team)) if city.seat < len(teams) else ""
    parts = (wonder, t(N_("Free City")) if city.free_city else "", team)
    sub = " · ".join(part for part in parts if part)
    if continued:
        sub = t(N_("{text} (continued)", text=sub)) if sub else t(N_("(continued)"))
    winner = city.player in ctx.sheet.winners and (city.rank == 1 or bool(ctx.sheet.teams))
    bar = GOLD_DARK if winner else HEADER
    # The wonder beside the name: a paler white, still AA on its band in grayscale. On the
    # winner's gold, 30 % of the way to the band was 4.3:1 (4.1:1 in colour); 10 % is 5.9:1.
    sub_colour = mix(WHITE, bar, 0.1 if winner else 0.3)

    def draw(c: Canvas, x: float, top: float, width: float) -> None:
        h = 24.0
        c.setFillColor(bar)
        c.roundRect(x, top - h, width, h, 4, fill=1, stroke=0)
        right_w = text_width(right, 10.5, "bold")
        c.setFillColor(WHITE)
        draw_text(c, x + width - 10, top - 16, right, 10.5, "bold", "right")
        size = one_line_size(city.player, width - right_w - 40, 12, "bold")
        name_w = draw_text(c, x + 10, top - 16.5, city.player, size, "bold", direction="auto")
        room = width - right_w - 40 - name_w - 12
        if sub and room > 30:
            c.setFillColor(sub_colour)
            fitted = fit(sub, room, 20, 9, max_lines=1, min_size=6)
            draw_text(c, x + 10 + name_w + 10, top - 16, fitted.lines[0], fitted.size)

    return _Block(30.0, draw, city, keep_with_next=True)


def _detail_row(ctx: _Context, city: CityScore, detail: Detail, width: float, first: bool) -> _Block:
    """One detail: the category (on its group's first row), the points, the reason wrapped."""
    size, leading, s = DETAIL_SIZE * ctx.scale, DETAIL_LEADING * ctx.scale, ctx.scale
    reason_x = 150.0
    reason = ctx.t(detail.reason) or detail.source
    lines = wrap(reason, width - reason_x - 8, size)
    height = max(18.0 * s, len(lines) * leading + 7 * s)
    label = ctx.t(ctx.rules.category_name(detail.category))
    palette = PALETTES[detail.category]

    def draw(c: Canvas, x: float, top: float, width: float) -> None:
        c.setFillColor(mix(palette.tint, WHITE, 0.55))
        c.rect(x, top - height, width, height, fill=1, stroke=0)
        c.setFillColor(palette.strong)
        c.rect(x, top - height, 3, height, fill=1, stroke=0)
        if first:
            c.setStrokeColor(mix(palette.strong, WHITE, 0.4))
            c.setLineWidth(0.6)
            c.line(x, top, x + width, top)
            category_badge(c, detail.category, x + 15, top - 9 * s, 6.5 * s)
            c.setFillColor(INK)
            draw_text(c, x + 27, top - 12.2 * s, label, one_line_size(label, 80, size, "bold"), "bold")
        c.setFillColor(INK if detail.points else MUTED)
        draw_text(c, x + 136, top - 12.2 * s, _points(detail.points), 9.5 * s, "bold", "right")
        c.setFillColor(INK)
        for i, line in enumerate(lines):
            draw_text(c, x + reason_x, top - 12.2 * s - i * leading, line, size)

    labelled = None if first else _detail_row(ctx, city, detail, width, first=True)
    return _Block(height, draw, city, labelled=labelled)


def _city_blocks(ctx: _Context, city: CityScore, width: float) -> list[_Block]:
    size, leading = DETAIL_SIZE * ctx.scale, DETAIL_LEADING * ctx.scale
    blocks = [_city_header(ctx, city, continued=False)]
    order = {cat: i for i, cat in enumerate(ctx.rules.categories)}
    details = sorted(city.details, key=lambda d: order.get(d.category, len(order)))
    if not details:
        message = (
            N_("Entered from a paper score pad: there are no card-by-card details.")
            if city.pad_entry
            else N_("No points to explain.")
        )
        lines = wrap(ctx.t(message), width - 24, size)

        def draw(c: Canvas, x: float, top: float, width: float) -> None:
            c.setFillColor(MUTED)
            for i, line in enumerate(lines):
                draw_text(c, x + 12, top - 12 - i * leading, line, size)

        blocks.append(_Block(len(lines) * leading + 8, draw, city))
    previous = None
    for detail in details:
        blocks.append(_detail_row(ctx, city, detail, width, first=detail.category is not previous))
        previous = detail.category
    blocks.append(_gap(12.0 * ctx.scale))
    return blocks


def _problem_blocks(ctx: _Context, problems: Sequence[Problem], width: float) -> list[_Block]:
    t = ctx.t
    size, leading, s = DETAIL_SIZE * ctx.scale, DETAIL_LEADING * ctx.scale, ctx.scale
    blocks = [_heading(t(N_("Things to check")))]
    colours = {"error": ALERT, "warning": GOLD_DARK, "info": PALETTES[Category.CIVILIAN].strong}
    for problem in problems:
        lines = wrap(t(problem.message), width - 80, size)
        height = max(18.0 * s, len(lines) * leading + 7 * s)
        label = t(SEVERITY_NAMES.get(problem.severity, N_("Note")))
        colour = colours.get(problem.severity, MUTED)

        def draw(
            c: Canvas,
            x: float,
            top: float,
            width: float,
            lines: list[str] = lines,
            height: float = height,
            label: str = label,
            colour: Color = colour,
        ) -> None:
            c.setFillColor(colour)
            c.roundRect(x, top - 15, 64, 12, 3, fill=1, stroke=0)
            c.setFillColor(WHITE)
            draw_text(c, x + 32, top - 11.8, label, one_line_size(label, 58, 7.5, "bold"), "bold", "centre")
            c.setFillColor(INK)
            for i, line in enumerate(lines):
                draw_text(c, x + 76, top - 12.2 * s - i * leading, line, size)
            c.setStrokeColor(mix(RULE, WHITE, 0.6))
            c.setLineWidth(0.4)
            c.line(x, top - height, x + width, top - height)

        blocks.append(_Block(height, draw))
    blocks.append(_gap(22.0 * s))
    return blocks


Placed = list[tuple[_Block, float]]


def _section_height(blocks: Sequence[_Block], i: int) -> float:
    """A city's section from its header at ``i``: the header and every detail under it."""
    city = blocks[i].city
    height = 0.0
    for block in blocks[i:]:
        if block.city is not city:
            break
        height += block.height
    return height


def _paginate(
    ctx: _Context, blocks: Sequence[_Block], top: float, bottom: float, *, together: bool = False
) -> list[Placed]:
    """Place blocks on pages: never split a block, keep headings with what follows, and
    repeat a city's header (continued) at the top of a page that starts inside its section.
    With ``together``, a city's section that fits on a page starts on a new page rather than
    split across two."""
    room = top - bottom

    def need(i: int) -> float:
        """The height that must fit below the page's current line to place block ``i``."""
        block = blocks[i]
        if together and block.city is not None and block.keep_with_next:
            section = _section_height(blocks, i)
            if section <= room:
                return section
        if block.keep_with_next and i + 1 < len(blocks):
            following = need(i + 1) if together else blocks[i + 1].height
            if block.height + following > room:
                following = blocks[i + 1].height
            return block.height + following
        return block.height

    pages: list[Placed] = [[]]
    y = top
    for i, block in enumerate(blocks):
        if y - need(i) < bottom and pages[-1]:
            pages.append([])
            y = top
            if block.gap:
                continue
            if block.city is not None and not block.keep_with_next:
                header = _city_header(ctx, block.city, continued=True)
                pages[-1].append((header, y))
                y -= header.height
                block = block.labelled or block
        pages[-1].append((block, y))
        y -= block.height
    return [page for page in pages if page]


def _draw_footer(c: Canvas, ctx: _Context, page: int, pages: int) -> None:
    t, m = ctx.t, ctx.margin
    y = m * 0.55
    c.setStrokeColor(mix(RULE, WHITE, 0.5))
    c.setLineWidth(0.5)
    c.line(m, y + 10, ctx.width - m, y + 10)
    c.setFillColor(MUTED)
    # The title isolated (FSI ... PDI): a Hebrew or Arabic title never splits the date after it.
    left = ctx.title if not ctx.played_on else f"{FSI}{ctx.title}{PDI} · {ctx.played_on}"
    right = t(N_("Page {page} of {pages}", page=page, pages=pages))
    right_w = text_width(right, 7.5)
    draw_text(c, m, y, left, one_line_size(left, ctx.width - 2 * m - right_w - 20, 7.5))
    draw_text(c, ctx.width - m, y, right, 7.5, "regular", "right")


NEAR_EMPTY = 0.2
"""A last page filled less than this is paper wasted: print the details a little tighter."""
SCALES = (1.0, 0.95, 0.9, 0.85)
TOGETHER = (True, False)
"""The ways to paginate, in order of preference: each city's section kept on one page where
it fits, then split where a page ends."""


def _detail_blocks(ctx: _Context, content_w: float) -> list[_Block]:
    """Page 2 on: what to check first (it changes how far to trust the numbers), then the
    details, city by city."""
    blocks: list[_Block] = []
    if ctx.sheet.problems:
        blocks += _problem_blocks(ctx, ctx.sheet.problems, content_w)
    blocks.append(_heading(ctx.t(N_("Where the points came from"))))
    for city in ctx.sheet.cities:
        blocks += _city_blocks(ctx, city, content_w)
    return blocks


def _near_empty(pages: list[Placed], top: float, bottom: float) -> bool:
    last = pages[-1]
    used = last[0][1] - (last[-1][1] - last[-1][0].height)
    return used < NEAR_EMPTY * (top - bottom)


def _detail_pages(ctx: _Context, content_w: float) -> list[Placed]:
    """The details pages: each city's section on one page where it fits (moved to the next
    page rather than split), at full size, unless that leaves a near-empty last page; then
    split where a page ends; then a little tighter (the first scale that saves a page). When
    nothing helps, at full size."""
    top, bottom = ctx.height - ctx.margin, ctx.margin + 6
    fallback: list[Placed] | None = None
    full_size_pages = 0
    for scale in SCALES:
        scaled = replace(ctx, scale=scale)
        blocks = _detail_blocks(scaled, content_w)
        for together in TOGETHER:
            pages = _paginate(scaled, blocks, top, bottom, together=together)
            if scale == 1.0:
                if not _near_empty(pages, top, bottom):
                    return pages
                if fallback is None or len(pages) < len(fallback):
                    fallback = pages
                if not together:
                    full_size_pages = len(pages)
            elif len(pages) < full_size_pages and (not together or not _near_empty(pages, top, bottom)):
                return pages
        if len(pages) == 1:
            break
    assert fallback is not None
    return fallback


def score_sheet_pdf(
    sheet: ScoreSheet,
    *,
    paper: str = "A4",
    url: str | None = None,
    title: str | None = None,
    played_on: datetime.date | None = None,
    gettext: Gettext | None = None,
    ngettext: Ngettext | None = None,
    lang: str | None = None,
    invariant: bool = False,
    format_date: Callable[[datetime.date], str] | None = None,
) -> bytes:
    """The game's score sheet as PDF bytes.

    ``paper`` is ``A4`` or ``letter`` (any case); ``url`` adds a QR code to the game online
    (with the link printed under it, and a warning when it leads to this computer only);
    ``title`` replaces the default heading; ``played_on`` prints the date (with
    ``format_date``, the reader's locale; ISO 8601 when absent). Every label goes through
    ``gettext``/``ngettext`` (English when absent); ``lang`` is the language they speak,
    recorded in the PDF for screen readers and search. ``invariant`` makes the output
    byte-identical for identical input (fixed dates and ids).
    """
    width, height = page_size(paper)
    register_fonts()
    t = Translator(gettext, ngettext)
    ctx = _Context(
        sheet=sheet,
        t=t,
        width=width,
        height=height,
        margin=40.0,
        title=title or t(DEFAULT_TITLE),
        played_on=(format_date or datetime.date.isoformat)(played_on) if played_on else "",
    )
    content_w = width - 2 * ctx.margin
    pages = _detail_pages(ctx, content_w)

    buffer = io.BytesIO()
    canvas = new_canvas(
        buffer, (width, height), ctx.title, subject=t(DEFAULT_TITLE), lang=lang, invariant=invariant
    )

    total = 1 + len(pages)
    _draw_front(canvas, ctx, url, problems_page=2)
    _draw_footer(canvas, ctx, 1, total)
    canvas.showPage()
    for number, page in enumerate(pages, start=2):
        for block, top in page:
            block.draw(canvas, ctx.margin, top, content_w)
        _draw_footer(canvas, ctx, number, total)
        canvas.showPage()
    save(canvas)
    return buffer.getvalue()
