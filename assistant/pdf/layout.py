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
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from reportlab.lib.colors import Color
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfgen.canvas import Canvas

from ..rules.catalog import EditionRules, expansion_rules
from ..rules.describe import join
from ..rules.model import Category
from ..rules.text import MINUS_SIGN, N_, Gettext, Ngettext, Text, verbatim
from . import fonts
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
    _clusters,
    draw_fitted,
    draw_text,
    fit,
    text_width,
    wrap,
)

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


# --- names in cells --------------------------------------------------------------------------

NAME_TYPE = 8.0
"""The smallest type a name (a player's, a team's) is set in, in a table's cell: a name is
what the table looks for first, and 6 points is too small for that at arm's length."""
NAME_LINES = 3
"""The most lines a player's name takes in its cell."""
HYPHEN = "-"
ELLIPSIS = "…"
_LRM = "\u200e"
"""After a hyphen in a name that holds right-to-left text: the hyphen stays at the end of
its left-to-right word whatever the line's direction (a mark never drawn)."""

_HYPHENATING = ("LATIN ", "GREEK ", "CYRILLIC ", "ARMENIAN ", "GEORGIAN ")
"""The scripts whose words are broken with a hyphen. Chinese, Japanese and Korean break
between characters with no mark, as they do in print; the others (Arabic, Hebrew, Thai,
Devanagari...) take none either, and a word of theirs is only cut when a line holds less
than the word."""
_ANYWHERE = ("CJK ", "HIRAGANA ", "KATAKANA ", "HANGUL ")
"""The scripts a line breaks between any two characters of (Chinese, Japanese, Korean)."""
_VOWELS = frozenset("aeiouyæøœıаеёиоуыэюяіїєαεηιουω")
_DIGRAPHS = frozenset(("ch", "ck", "cz", "dz", "gh", "gy", "ll", "ly", "ny", "ph", "qu", "rr", "rz", "sh", "sz", "th", "ty", "zs"))  # fmt: skip
"""Letter pairs that sound as one (Polish ``cz``, ``sz``, ``rz``; Hungarian ``gy``, ``ny``...):
a word is not broken between them when it can be broken elsewhere."""
_AFTER_HYPHEN = re.compile(r"(?<=-)(?=[^-])")


def _hyphenates(char: str) -> bool:
    return char.isalpha() and unicodedata.name(char, "").startswith(_HYPHENATING)


def _breaks_anywhere(char: str) -> bool:
    return unicodedata.name(char, "").startswith(_ANYWHERE)


def _base_letter(char: str) -> str:
    return unicodedata.normalize("NFD", char)[:1].lower()


def _break_quality(before: str, after: str, then: str) -> int:
    """How well a word breaks between ``before`` and ``after`` (``then`` follows): 2 where a
    reader expects it (``Fer-nán-dez``, ``Wiś-niew-ska``: between two consonants that are
    not one sound, or after a vowel before a single consonant and a vowel); 1 where it
    splits no sound (``Brzę-czy-szczy``... after a vowel before two consonants); 0 inside a
    sound or a syllable (``c-z``, a consonant from its vowel, two vowels)."""
    a, b, c = _base_letter(before), _base_letter(after), _base_letter(then) if then else ""
    if not (a.isalpha() and b.isalpha()):
        return 0
    if a not in _VOWELS and b not in _VOWELS:
        return 0 if a + b in _DIGRAPHS else 2
    if a in _VOWELS and b not in _VOWELS:
        return 2 if c in _VOWELS else 1
    return 0


Fill = Literal["", "syllables", "tidy"]
"""How words are broken at the ends of lines (see :func:`hyphenated`)."""


def _cut_word(
    word: str,
    room: float,
    size: float,
    weight: Weight,
    *,
    need: Literal["syllables", "tidy", "any"],
    rtl: bool,
) -> tuple[str, str] | None:
    """The longest head of ``word`` that fits ``room`` (with its hyphen, where its script
    takes one) and the rest, or None; never after a virama (it would undo a Devanagari
    conjunct).

    What a break ``need``s (see :func:`_break_quality`): ``syllables``, a place a reader
    expects; ``tidy``, a place that splits no sound, with two letters or more before the
    hyphen and three after (no line ends with a lone ``B-``), in a script that breaks words
    at all (only Chinese, Japanese and Korean break without a hyphen); ``any``, whatever
    fits (a word longer than a whole line). Of the places allowed, the best among the last
    four that fit, the longest head of those."""
    clusters = _clusters(word)
    n = len(clusters)
    fitting: list[tuple[int, int, str]] = []
    least = {"syllables": 2, "tidy": 1, "any": -1}[need]
    for k in range(1, n):
        head = "".join(clusters[:k])
        if unicodedata.combining(head[-1]) == 9:  # a virama: the conjunct goes on
            continue
        mark = HYPHEN if _hyphenates(head[-1]) and _hyphenates(clusters[k][0]) else ""
        if text_width(head + mark, size, weight) > room:
            break
        if mark:
            after = clusters[k + 1][0] if k + 1 < n else ""
            tidy = k >= 2 and n - k >= 3
            quality = _break_quality(head[-1], clusters[k][0], after) if tidy else 0
        else:  # Chinese, Japanese and Korean break between any two characters
            quality = 2 if _breaks_anywhere(head[-1]) and _breaks_anywhere(clusters[k][0]) else 0
        if quality >= least:
            fitting.append((quality, k, mark))
    if not fitting:
        return None
    _, k, mark = max(fitting[-4:])
    if mark and rtl:
        mark += _LRM
    return "".join(clusters[:k]) + mark, "".join(clusters[k:])


def hyphenated(
    text: str, width: float, size: float, weight: Weight = "bold", *, fill: Fill = "tidy"
) -> list[str]:
    """``text`` wrapped to ``width`` at its spaces and hyphens, and inside its words where it
    must, with a visible hyphen in the scripts that take one (see :func:`_cut_word`).

    A word longer than a line is always broken. With ``fill``, a word that does not fit the
    end of a line is broken there too, rather than moved whole to the next (fewer lines):
    at a syllable-like place only (``syllables``), or at any tidy one (``tidy``)."""
    rtl = any(unicodedata.bidirectional(c) in ("R", "AL") for c in text)
    lines: list[str] = []
    line = ""
    for word in unicodedata.normalize("NFC", text).split():
        for i, piece in enumerate(_AFTER_HYPHEN.split(word)):
            joiner = " " if line and not i else ""
            if text_width(line + joiner + piece, size, weight) <= width:
                line += joiner + piece
                continue
            if line and fill:
                room = width - text_width(line + joiner, size, weight)
                cut = _cut_word(piece, room, size, weight, need=fill, rtl=rtl)
                if cut is not None:
                    lines.append(line + joiner + cut[0])
                    piece, line = cut[1], ""
            if line:
                lines.append(line)
            while text_width(piece, size, weight) > width:
                cut = _cut_word(piece, width, size, weight, need="any", rtl=rtl)
                if cut is None:  # one character wider than the line: it stays whole
                    break
                lines.append(cut[0])
                piece = cut[1]
            line = piece
    if line:
        lines.append(line)
    return lines


def _shortened(lines: list[str], width: float, size: float, weight: Weight) -> str:
    """A last line with an ellipsis that fits ``width`` (a hyphen it ended with dropped)."""
    clusters = _clusters(lines[-1].rstrip(HYPHEN + _LRM))
    while clusters and text_width("".join(clusters) + ELLIPSIS, size, weight) > width:
        clusters.pop()
    return "".join(clusters).rstrip() + ELLIPSIS


def fit_name(
    text: str,
    width: float,
    height: float,
    size: float,
    weight: Weight = "bold",
    *,
    max_lines: int = NAME_LINES,
    min_size: float = NAME_TYPE,
    leading: float = 1.2,
) -> Fitted | None:
    """A name set whole in a ``width`` x ``height`` cell, never below ``min_size`` nor on
    more than ``max_lines`` lines; None when it cannot be.

    In order of preference, from ``size`` down: on one line (down to 80 % of ``size``);
    whole words on more lines (broken at spaces and after hyphens); the words longer than a
    line broken inside, with a hyphen where the script takes one (see :func:`hyphenated`);
    every line filled, words broken at the ends of lines where a syllable ends; then
    wherever a break is tidy.
    """
    text = " ".join(unicodedata.normalize("NFC", text).split())
    size = max(size, min_size)
    steps = int((size - min_size) / 0.5 + 1e-9)
    sizes = [size - 0.5 * i for i in range(steps + 1)]
    if sizes[-1] > min_size:
        sizes.append(min_size)

    def fits(lines: list[str], s: float) -> bool:
        return (
            0 < len(lines) <= max_lines
            and s * leading * len(lines) <= height
            and all(text_width(line, s, weight) <= width for line in lines)
        )

    for s in sizes:
        if s >= size * 0.8 and fits([text], s):
            return Fitted(s, (text,))
    for way in _WAYS:
        for s in sizes:
            if way is None:
                lines = wrap(text, width, s, weight, break_words=False)
            else:
                lines = hyphenated(text, width, s, weight, fill=way)
            if fits(lines, s):
                return Fitted(s, tuple(lines), way)
    return None


_WAYS: tuple[Fill | None, ...] = (None, "", "syllables", "tidy")
"""How :func:`fit_name` breaks a name over lines, best first: whole words; words longer
than a line broken; and lines filled (see :func:`hyphenated`)."""


@dataclass(frozen=True, slots=True)
class Fitted(fonts.Fitted):
    """A name fitted (:class:`fonts.Fitted`), and how its words were broken."""

    way: Fill | None = None
    """How its words were broken (see :data:`_WAYS`): None, not inside a word."""

    @property
    def rank(self) -> int:
        """Its place among the ways of breaking a name (0: whole words on one line or more)."""
        return _WAYS.index(self.way)


def set_name(
    text: str,
    width: float,
    height: float,
    size: float,
    weight: Weight = "bold",
    *,
    max_lines: int = NAME_LINES,
    min_size: float = NAME_TYPE,
    leading: float = 1.2,
) -> Fitted:
    """:func:`fit_name`, or for a name too long for the cell even so (forty wide letters in
    an eighth of a page), as much of it as ``max_lines`` lines hold at ``min_size``, ended
    with an ellipsis: the details pages print every name whole."""
    fitted = fit_name(
        text, width, height, size, weight, max_lines=max_lines, min_size=min_size, leading=leading
    )
    if fitted is not None:
        return fitted
    room = max(1, min(max_lines, int(height // (min_size * leading))))
    lines = hyphenated(" ".join(text.split()), width, min_size, weight)
    if len(lines) > room:
        lines = [*lines[: room - 1], _shortened(lines[:room], width, min_size, weight)]
    return Fitted(min_size, tuple(lines))


def names_weight(boxes: Sequence[tuple[str, float, float, int]], size: float) -> Weight:
    """The weight a row of names (``text, width, height, max_lines`` each) is set in, the
    same for the whole row (one name in another weight would look set apart): bold, unless
    the regular weight, which is narrower, sets the names better: fewer of them shortened,
    else the hardest with fewer words broken."""

    def cost(weight: Weight) -> tuple[int, int, int]:
        ranks = []
        for text, width, height, lines in boxes:
            if text:
                fitted = fit_name(text, width, height, size, weight, max_lines=lines)
                ranks.append(len(_WAYS) if fitted is None else fitted.rank)
        whole = [rank for rank in ranks if rank < len(_WAYS)]
        return len(ranks) - len(whole), max(whole, default=0), sum(whole)

    bold = cost("bold")
    return "bold" if bold == (0, 0, 0) or bold <= cost("regular") else "regular"


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
