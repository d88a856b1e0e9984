"""The bundled fonts, and text drawn run by run in the font that has each character's glyph.

No single free font covers every name a table types: DejaVu Sans has Latin (with Turkish,
Polish and Catalan letters), Greek and Cyrillic but no Hangul; NanumGothic has Hangul but
lacks Turkish Ş and İ. So every string is cut into runs, each run drawn with the first font
of the chain whose character map (cmap) holds its characters. Spaces and combining marks
stay in the run they follow, so ``김민준 Kim`` is two runs, not three.

The fonts are registered with ReportLab once per process (thread-safe). Names are text,
never markup: everything here goes through ``canvas.drawString``, which prints ``<b>`` or
``&`` exactly as typed.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_DIR = Path(__file__).resolve().parent / "fonts"

Weight = Literal["regular", "bold"]

# For each weight, the fallback chain: (registered name, file). The first font that has a
# character's glyph draws it; DejaVu first because its Latin is the one we designed around.
FONT_FILES: dict[Weight, tuple[tuple[str, str], ...]] = {
    "regular": (("DejaVuSans", "DejaVuSans.ttf"), ("NanumGothic", "NanumGothic.ttf")),
    "bold": (("DejaVuSans-Bold", "DejaVuSans-Bold.ttf"), ("NanumGothic-Bold", "NanumGothicBold.ttf")),
}

BODY_FONT = FONT_FILES["regular"][0][0]
"""The canvas's initial font (so no PDF names a standard font it never uses)."""


@dataclass(frozen=True, slots=True)
class Face:
    """A registered font and the code points it has glyphs for."""

    name: str
    coverage: frozenset[int]


@dataclass(frozen=True, slots=True)
class Run:
    """A stretch of text drawn in one font."""

    font: str
    text: str


_lock = threading.Lock()
_faces: dict[Weight, tuple[Face, ...]] = {}


def register_fonts() -> dict[Weight, tuple[Face, ...]]:
    """Register the bundled fonts with ReportLab (once per process) and return the chains."""
    if _faces:
        return _faces
    with _lock:
        if not _faces:
            loaded: dict[Weight, tuple[Face, ...]] = {}
            for weight, chain in FONT_FILES.items():
                faces = []
                for name, filename in chain:
                    font = TTFont(name, str(FONT_DIR / filename))
                    pdfmetrics.registerFont(font)
                    # Some cmaps point characters at glyph 0 (.notdef): that is no glyph.
                    covered = frozenset(cp for cp, glyph in font.face.charToGlyph.items() if glyph)
                    faces.append(Face(name, covered))
                loaded[weight] = tuple(faces)
            _faces.update(loaded)
    return _faces


def font_names() -> tuple[str, ...]:
    """Every registered font name, regular chain first."""
    return tuple(face.name for chain in register_fonts().values() for face in chain)


def _sticky(char: str) -> bool:
    """Characters that belong to whichever run they follow (spaces, combining marks)."""
    return char.isspace() or unicodedata.category(char).startswith("M")


def _face_for(char: str, chain: Sequence[Face]) -> Face:
    cp = ord(char)
    for face in chain:
        if cp in face.coverage:
            return face
    return chain[0]  # no font has it: the primary font's .notdef box, never a crash


@lru_cache(maxsize=8192)
def runs(text: str, weight: Weight = "regular") -> tuple[Run, ...]:
    """``text`` (normalised to NFC) cut into runs, each with the font that has its glyphs."""
    chain = register_fonts()[weight]
    text = unicodedata.normalize("NFC", text)
    out: list[Run] = []
    current: Face | None = None
    start = 0
    for i, char in enumerate(text):
        if current is not None and _sticky(char) and ord(char) in current.coverage:
            continue
        face = _face_for(char, chain)
        if face is not current:
            if current is not None:
                out.append(Run(current.name, text[start:i]))
            current, start = face, i
    if current is not None:
        out.append(Run(current.name, text[start:]))
    return tuple(out)


@lru_cache(maxsize=16384)
def _run_width(text: str, font: str, size: float) -> float:
    return float(pdfmetrics.stringWidth(text, font, size))


def text_width(text: str, size: float, weight: Weight = "regular") -> float:
    """The width in points of ``text`` drawn at ``size``."""
    return sum(_run_width(run.text, run.font, size) for run in runs(text, weight))


Align = Literal["left", "centre", "right"]


def draw_text(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    size: float,
    weight: Weight = "regular",
    align: Align = "left",
) -> float:
    """Draw ``text`` on the baseline ``y``, anchored at ``x``; return its width."""
    parts = runs(text, weight)
    width = sum(_run_width(run.text, run.font, size) for run in parts)
    if align == "centre":
        x -= width / 2
    elif align == "right":
        x -= width
    # One text object for the whole string, switching fonts between runs: PDF readers
    # (and text extraction) then see one line of text, not pieces.
    text_object = canvas.beginText(x, y)
    for run in parts:
        text_object.setFont(run.font, size)
        text_object.textOut(run.text)
    canvas.drawText(text_object)
    return width


def _break_word(word: str, width: float, size: float, weight: Weight) -> list[str]:
    """Cut a word too long for a line into pieces that fit (at least one character each)."""
    pieces: list[str] = []
    rest = word
    while rest:
        cut = 1
        while cut < len(rest) and text_width(rest[: cut + 1], size, weight) <= width:
            cut += 1
        pieces.append(rest[:cut])
        rest = rest[cut:]
    return pieces


_HYPHEN_BREAK = re.compile(r"(?<=-)(?=[^-])")


def wrap(
    text: str, width: float, size: float, weight: Weight = "regular", *, break_words: bool = True
) -> list[str]:
    """Greedy word wrap to ``width``, also breaking after a hyphen (``Wiśniewska-|Kowalczyk``).

    A piece longer than a line is cut by characters, or with ``break_words=False`` left
    whole on a line of its own (for :func:`fit` to try a smaller size first).
    """
    lines: list[str] = []
    for paragraph in unicodedata.normalize("NFC", text).split("\n"):
        line = ""
        for word in paragraph.split():
            for i, piece in enumerate(_HYPHEN_BREAK.split(word)):
                joiner = "" if i else " "
                candidate = f"{line}{joiner}{piece}" if line else piece
                if text_width(candidate, size, weight) <= width:
                    line = candidate
                    continue
                if line:
                    lines.append(line)
                if not break_words or text_width(piece, size, weight) <= width:
                    line = piece
                else:
                    *full, line = _break_word(piece, width, size, weight)
                    lines.extend(full)
        lines.append(line)
    return lines


def wrap_link(url: str, width: float, size: float) -> list[str]:
    """Cut a link into lines that fit, preferring to break after ``/``, ``?``, ``&`` or ``=``."""
    lines: list[str] = []
    rest = url
    while rest:
        if text_width(rest, size) <= width:
            lines.append(rest)
            break
        cut = 1
        while cut < len(rest) and text_width(rest[: cut + 1], size) <= width:
            cut += 1
        nice = max((rest.rfind(sep, 0, cut) for sep in "/?&=-."), default=-1)
        if nice >= cut // 2:
            cut = nice + 1
        lines.append(rest[:cut])
        rest = rest[cut:]
    return lines


def one_line_size(text: str, width: float, size: float, weight: Weight = "regular") -> float:
    """``size``, or the smaller size at which ``text`` fits ``width`` on one line."""
    natural = text_width(text, size, weight)
    return size if natural <= width else size * width / natural


@dataclass(frozen=True, slots=True)
class Fitted:
    """Text fitted into a box: the size chosen and its lines."""

    size: float
    lines: tuple[str, ...]

    def height(self, leading: float = 1.2) -> float:
        return self.size * leading * len(self.lines)


def fit(
    text: str,
    width: float,
    height: float,
    size: float,
    weight: Weight = "regular",
    *,
    max_lines: int = 3,
    min_size: float = 6.0,
    leading: float = 1.2,
) -> Fitted:
    """The largest size (down from ``size``) at which ``text`` fits ``width`` x ``height``.

    In order of preference: one line at no less than 80 % of ``size``; whole words on up
    to ``max_lines`` lines at no less than ``min_size``; whole words down to 4 points; then
    words cut by characters, shrinking down to 3.5 points rather than overflow: a name must
    print whole.
    """

    def fits(lines: list[str], s: float, any_count: bool = False) -> bool:
        return (
            s * leading * len(lines) <= height
            and (any_count or len(lines) <= max_lines)
            and all(text_width(line, s, weight) <= width for line in lines)
        )

    one_line = [text]
    s = size
    while s >= max(min_size, size * 0.8):
        if fits(one_line, s):
            return Fitted(s, (text,))
        s -= 0.5
    s = size
    while s >= min_size:
        lines = wrap(text, width, s, weight, break_words=False)
        if fits(lines, s):
            return Fitted(s, tuple(lines))
        s -= 0.5
    # Smaller still rather than cut a word in two (a long surname in a seven-player column).
    while s >= 4.0:
        lines = wrap(text, width, s, weight, break_words=False)
        if fits(lines, s, any_count=True):
            return Fitted(s, tuple(lines))
        s -= 0.25
    s = min_size
    while s >= 3.5:
        lines = wrap(text, width, s, weight)
        if s * leading * len(lines) <= height:
            return Fitted(s, tuple(lines))
        s -= 0.5
    return Fitted(3.5, tuple(wrap(text, width, 3.5, weight)))


def draw_fitted(
    canvas: Canvas,
    fitted: Fitted,
    x: float,
    y_centre: float,
    weight: Weight = "regular",
    align: Align = "centre",
    leading: float = 1.2,
) -> None:
    """Draw fitted lines as a block vertically centred on ``y_centre``."""
    line_height = fitted.size * leading
    # The block's optical centre: cap height is about 0.72 em in both fonts.
    top_baseline = y_centre + (len(fitted.lines) - 1) * line_height / 2 - fitted.size * 0.36
    for i, line in enumerate(fitted.lines):
        draw_text(canvas, x, top_baseline - i * line_height, line, fitted.size, weight, align)
