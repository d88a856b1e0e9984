"""A name in a table's cell: set in the largest type that fits, over at most three lines,
broken between syllables with a hyphen in the scripts that hyphenate and between characters
in those that do not, never below 8 points (a name is what a table looks for first).

Both printouts (the score sheet and the pad) set players' and teams' names with
:func:`set_name`; :func:`names_weight` chooses one weight for a row of them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from . import fonts
from .fonts import (
    Weight,
    _clusters,
    text_width,
    wrap,
)

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
