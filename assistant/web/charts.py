"""Small charts drawn on the server as inline SVG (no script, no chart library, no request).

Each function returns markup to put in a page: a line chart of totals over time, bars of
rates, and one bar split into shares. Labels are passed in already translated; numbers are
formatted by the caller. The SVG scales to the phone's width (``viewBox``), its colours come
from the page's CSS (classes ``s0``...``s7``, ``cat-...``) and it carries a ``<title>`` and
an ``aria-label`` for screen readers; the page also gives the numbers in text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

SERIES = 8
"""Distinct series colours (more series reuse them)."""
MARKER_SPACING = 4
"""The least distance in pixels between games for a line chart to mark each with a dot."""


@dataclass(frozen=True)
class Series:
    """One line: its label and its values, oldest first (None: not played that game)."""

    label: str
    values: Sequence[int | None]


WIDTH = 340
"""A line chart's width (its ``viewBox``: the SVG scales to the phone)."""
_LEFT, _RIGHT = 30, 8
"""A line chart's margins beside its plot (the totals' ticks on the left)."""
MOST_POINTS = (WIDTH - _LEFT - _RIGHT) // MARKER_SPACING + 1
"""The most points a line chart of the default width draws per line, :data:`MARKER_SPACING`
apart (76): more games than that are drawn as averages over spans of games (:func:`averaged`)."""


def averaged(series: Sequence[Series], most: int = MOST_POINTS) -> tuple[list[Series], int]:
    """Lines over more than ``most`` games as the average of each span of games, and the span.

    The games are cut, in order, into spans of ``span`` games (the last may be shorter); each
    line's point for a span is the average of its values there, rounded (None where it has
    none). A span of 1 gives the lines back as they are. A table of a thousand games drawn
    game by game is a band of overlapping zigzags; averaged, each player's line shows how
    their totals went.
    """
    count = max((len(s.values) for s in series), default=0)
    if count <= most:
        return list(series), 1
    span = -(-count // most)
    out = []
    for line in series:
        points: list[int | None] = []
        for start in range(0, count, span):
            played = [v for v in line.values[start : start + span] if v is not None]
            points.append(round(sum(played) / len(played)) if played else None)
        out.append(Series(line.label, points))
    return out, span


def line_chart(
    series: Sequence[Series],
    *,
    title: str,
    first: str = "",
    last: str = "",
    width: int = WIDTH,
    height: int = 170,
) -> Markup:
    """Totals over time: one line per series over the same games (the x axis is the game's
    order, labelled with its first and last date).

    Each game's total is a point of its line; a dot marks it only while games are at least
    :data:`MARKER_SPACING` pixels apart. A table of a thousand games would otherwise draw
    thousands of dots that overlap into a smudge and make the page some 300 KB heavier.
    """
    values = [v for s in series for v in s.values if v is not None]
    count = max((len(s.values) for s in series), default=0)
    if not values or count == 0:
        return Markup("")
    low, high = min(0, min(values)), max(values)
    high = high if high > low else low + 1
    left, right, top, bottom = _LEFT, _RIGHT, 10, 22
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + (plot_w * i / (count - 1) if count > 1 else plot_w / 2)

    def y(v: int) -> float:
        return top + plot_h * (1 - (v - low) / (high - low))

    markers = count == 1 or plot_w / (count - 1) >= MARKER_SPACING

    parts = [
        _opening("line-chart", width, height, title),
        f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{width - right}" y2="{top + plot_h}"/>',
        f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}"/>',
        f'<text class="tick" x="{left - 4}" y="{y(high) + 4:.1f}" text-anchor="end">{high}</text>',
        f'<text class="tick" x="{left - 4}" y="{y(low) + 4:.1f}" text-anchor="end">{low}</text>',
        f'<text class="tick" x="{left}" y="{height - 6}">{escape(first)}</text>',
        f'<text class="tick" x="{width - right}" y="{height - 6}" text-anchor="end">{escape(last)}</text>',
    ]
    for n, line in enumerate(series):
        points = [(x(i), y(v)) for i, v in enumerate(line.values) if v is not None]
        if not points:
            continue
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        parts.append(f'<g class="s{n % SERIES}"><title>{escape(line.label)}</title>')
        if len(points) > 1:
            parts.append(f'<polyline points="{path}"/>')
        if markers or len(points) == 1:
            parts.extend(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="2.5"/>' for px, py in points)
        parts.append("</g>")
    parts.append("</svg>")
    return Markup("".join(parts))


def _opening(kind: str, width: int, height: int, title: str) -> str:
    """A chart's ``<svg>`` tag, scaled to its box, with the title read aloud and shown on hover."""
    return (
        f'<svg class="chart {kind}" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">'
        f"<title>{escape(title)}</title>"
    )


@dataclass(frozen=True)
class Bar:
    """One row of a bar chart: its label, its length (0 to 1) and the text beside it."""

    label: str
    fraction: float
    text: str


def bar_chart(bars: Sequence[Bar], *, title: str, width: int = 340, row: int = 26) -> Markup:
    """Horizontal bars, one per row, each labelled on its left and with its number on its
    right (rates: 0 to 1)."""
    if not bars:
        return Markup("")
    label_w, text_w = 120, 64
    plot_w = width - label_w - text_w
    height = row * len(bars) + 4
    parts = [
        _opening("bar-chart", width, height, title),
    ]
    for i, bar in enumerate(bars):
        top = 2 + i * row
        length = max(0.0, min(1.0, bar.fraction)) * plot_w
        parts.append(
            f'<text class="label" x="{label_w - 6}" y="{top + row / 2 + 4:.1f}" text-anchor="end">'
            f"{escape(_clip(bar.label, 16))}</text>"
            f'<rect class="track" x="{label_w}" y="{top + 4}" width="{plot_w}" height="{row - 8}" rx="3"/>'
            f'<rect class="bar" x="{label_w}" y="{top + 4}" width="{length:.1f}" height="{row - 8}" rx="3"/>'
            f'<text class="value" x="{label_w + plot_w + 6}" y="{top + row / 2 + 4:.1f}">{escape(bar.text)}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))


@dataclass(frozen=True)
class Share:
    """One part of a whole: its label, its amount and the CSS class that colours it."""

    label: str
    amount: float
    css: str


def share_bar(shares: Sequence[Share], *, title: str, width: int = 340, height: int = 28) -> Markup:
    """One bar split into the shares of a whole (the points of each category)."""
    total = sum(max(0.0, s.amount) for s in shares)
    if total <= 0:
        return Markup("")
    parts = [
        _opening("share-bar", width, height, title),
    ]
    x = 0.0
    for share in shares:
        if share.amount <= 0:
            continue
        w = width * share.amount / total
        parts.append(
            f'<rect class="{escape(share.css)}" x="{x:.1f}" y="0" width="{w:.1f}" height="{height}">'
            f"<title>{escape(share.label)}</title></rect>"
        )
        x += w
    parts.append("</svg>")
    return Markup("".join(parts))


def _clip(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"
