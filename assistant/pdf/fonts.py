"""The bundled fonts, and text laid out for print: bidirectional order, shaping, font fallback.

No single free font covers every name a table types, so every string is cut into runs,
each drawn with the first font of a chain whose character map holds its characters:

- DejaVu Sans: Latin (Turkish, Polish, Catalan, Vietnamese...), Greek, Cyrillic,
  Armenian, Georgian, Hebrew and Arabic;
- Droid Sans Fallback (a CJK subset): Chinese, Japanese kana and kanji;
- NanumGothic: Hangul;
- Noto Sans Thai and Noto Sans Devanagari;
- Noto Emoji (monochrome: it prints in black and white).

A line of text is laid out in three steps, each by a library rather than by hand:

1. **Bidirectional order** (python-bidi's implementation of the Unicode algorithm):
   ``Winner: דוד כהן`` keeps its English left to right and prints the Hebrew right to left.
2. **Runs**: consecutive characters (in visual order) at one embedding level that one
   font has. Spaces and combining marks stay with the run they follow.
3. **Shaping** (ReportLab's own HarfBuzz shaping, ``uharfbuzz``) for the runs that need
   it: right-to-left runs, Arabic joining, Devanagari conjuncts and vowel signs, Thai
   marks, emoji sequences (skin tones, ZWJ). Other runs are drawn as plain text.

Shaped and right-to-left text is wrapped in a PDF ``/ActualText`` span holding the
characters in logical order, so copying or extracting the text gives what was typed.

A character no bundled font has is printed as its code point (``[U+1234]``), legibly,
never as an empty box. Fonts are registered with ReportLab only when a run first needs
them (the coverage of each comes from ``coverage.json``), once per process, thread-safe.
Names are text, never markup: everything here draws with text objects, which print
``<b>`` or ``&`` exactly as typed.
"""

from __future__ import annotations

import bisect
import json
import re
import threading
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, shapeStr
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from ..rules.text import MINUS_SIGN

FONT_DIR = Path(__file__).resolve().parent / "fonts"
COVERAGE_FILE = FONT_DIR / "coverage.json"

Weight = Literal["regular", "bold"]

# For each weight, the fallback chain: (registered name, file). The first font that has a
# character's glyph draws it. DejaVu first: its Latin is the one the layout was designed
# around. The CJK subset comes before Nanum so that Chinese and Japanese never mix two
# designs in one name (Nanum also has some Hanja); it holds no Hangul, so Korean goes to
# Nanum. The CJK and emoji fonts have one weight, used for both.
FONT_FILES: dict[Weight, tuple[tuple[str, str], ...]] = {
    "regular": (
        ("DejaVuSans", "DejaVuSans.ttf"),
        ("DroidSansFallback-CJK", "DroidSansFallback-CJK.ttf"),
        ("NanumGothic", "NanumGothic.ttf"),
        ("NotoSansThai", "NotoSansThai-Regular.ttf"),
        ("NotoSansDevanagari", "NotoSansDevanagari-Regular.ttf"),
        ("NotoEmoji", "NotoEmoji-Regular.ttf"),
    ),
    "bold": (
        ("DejaVuSans-Bold", "DejaVuSans-Bold.ttf"),
        ("DroidSansFallback-CJK", "DroidSansFallback-CJK.ttf"),
        ("NanumGothic-Bold", "NanumGothicBold.ttf"),
        ("NotoSansThai-Bold", "NotoSansThai-Bold.ttf"),
        ("NotoSansDevanagari-Bold", "NotoSansDevanagari-Bold.ttf"),
        ("NotoEmoji", "NotoEmoji-Regular.ttf"),
    ),
}

BODY_FONT = FONT_FILES["regular"][0][0]
"""The canvas's initial font (so no PDF names a standard font it never uses)."""

MINUS = MINUS_SIGN
"""The minus sign, for negative numbers (a hyphen is shorter and sits lower)."""


def signed(n: int, *, plus: bool = False) -> str:
    """``n`` with a real minus sign (``−2``), and with ``plus`` a ``+`` on positives."""
    if n < 0:
        return f"{MINUS}{-n}"
    return f"+{n}" if plus and n else str(n)


@dataclass(frozen=True, slots=True)
class Face:
    """A bundled font: its registered name, its file, and the code points it has glyphs for."""

    name: str
    file: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def covers(self, cp: int) -> bool:
        i = bisect.bisect_right(self.starts, cp) - 1
        return i >= 0 and cp <= self.ends[i]


@dataclass(frozen=True, slots=True)
class Run:
    """A stretch of text drawn in one font, in logical order."""

    font: str
    text: str


@dataclass(frozen=True, slots=True)
class Piece:
    """What one text-show draws: ``glyphs`` (a ReportLab ``ShapedStr`` when shaped) in ``font``."""

    font: str
    glyphs: str
    units: float
    """Width in thousandths of the font size."""
    text: str
    """The characters in logical order."""
    shaped: bool
    rtl: bool
    clusters: tuple[tuple[str, str | None], ...] = ()
    """For a shaped right-to-left piece: its glyphs cut by cluster, visual order, each with
    the characters it stands for when its glyphs' own code points are not those (Arabic
    joining forms). Text extractors reorder right-to-left text themselves, from the glyphs'
    positions, so each cluster carries its own text rather than the piece carrying all."""


@dataclass(frozen=True, slots=True)
class Span:
    """Pieces printed together; ``actual`` is the logical text a reader should extract, when
    the glyphs alone would not give it (shaped or right-to-left text)."""

    pieces: tuple[Piece, ...]
    actual: str | None


@dataclass(frozen=True, slots=True)
class Line:
    """A string laid out for print: spans in visual order, left to right."""

    spans: tuple[Span, ...]
    units: float
    missing: tuple[str, ...]
    """Characters no bundled font has (printed as their code points)."""


_lock = threading.Lock()
_chains: dict[Weight, tuple[Face, ...]] = {}
_registered: set[str] = set()


def _load_chains() -> dict[Weight, tuple[Face, ...]]:
    if _chains:
        return _chains
    with _lock:
        if not _chains:
            data = json.loads(COVERAGE_FILE.read_text(encoding="utf-8"))
            loaded: dict[Weight, tuple[Face, ...]] = {}
            for weight, chain in FONT_FILES.items():
                faces = []
                for name, filename in chain:
                    ranges = data[filename]
                    faces.append(
                        Face(name, filename, tuple(r[0] for r in ranges), tuple(r[1] for r in ranges))
                    )
                loaded[weight] = tuple(faces)
            _chains.update(loaded)
    return _chains


def save(canvas: Canvas) -> None:
    """Write a finished canvas out. ReportLab subsets each TrueType font as it writes,
    reading the font's one shared buffer by seeking and reading, so two threads writing at
    once can read from each other's positions (seen as an IndexError in the subsetter): the
    writing is done one canvas at a time."""
    with _lock:
        canvas.save()


def ensure_registered(name: str) -> None:
    """Register one bundled font with ReportLab the first time something uses it."""
    if name in _registered:
        return
    with _lock:
        if name in _registered:
            return
        filename = next(f for chain in FONT_FILES.values() for n, f in chain if n == name)
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
        _registered.add(name)


def register_fonts() -> dict[Weight, tuple[Face, ...]]:
    """The fallback chains; registers the primary fonts (the rest when first used)."""
    chains = _load_chains()
    for chain in chains.values():
        ensure_registered(chain[0].name)
    return chains


def register_all_fonts() -> None:
    """Register every bundled font now (for a long-running server that would rather pay once)."""
    for chain in register_fonts().values():
        for face in chain:
            ensure_registered(face.name)


# --- characters -------------------------------------------------------------------------

ZWJ = 0x200D
_JOINERS = {0x200C, ZWJ, 0x20E3}  # ZWNJ, ZWJ, combining enclosing keycap


def _joins(cp: int) -> bool:
    """Characters that belong to the run of the character before them."""
    return (
        cp in _JOINERS
        or 0xFE00 <= cp <= 0xFE0F  # variation selectors (emoji or text presentation)
        or 0x1F3FB <= cp <= 0x1F3FF  # skin tones
        or 0xE0020 <= cp <= 0xE007F  # tags (subdivision flags)
        or 0xE0100 <= cp <= 0xE01EF
    )


def _sticky(char: str) -> bool:
    """Characters that belong to whichever run they follow (spaces, marks, joiners)."""
    return char.isspace() or unicodedata.category(char).startswith("M") or _joins(ord(char))


EMOJI_FONT = FONT_FILES["regular"][-1][0]


def _keeps(face: Face, char: str) -> bool:
    """Whether ``char`` stays in the run of ``face`` it follows.

    Spaces, marks and joiners do, when the font has them (a joiner it lacks is dropped:
    plain text would print it as a box). Not a space after an emoji: Noto Emoji's space
    is 1.27 em wide.
    """
    cp = ord(char)
    if not _sticky(char):
        return False
    if char.isspace():
        return face.name != EMOJI_FONT and face.covers(cp)
    return face.covers(cp)


def _ignorable(cp: int) -> bool:
    """Default-ignorable characters: never drawn, so never missing."""
    return cp in (0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0xFEFF) or (
        0xFE00 <= cp <= 0xFE0F or 0xE0000 <= cp <= 0xE0FFF or 0x202A <= cp <= 0x202E or 0x2066 <= cp <= 0x2069
    )


def _plain(cp: int) -> bool:
    """Characters whose glyph is the font's glyph for the code point, nothing more to shape."""
    return (
        (
            cp < 0x0590  # Latin, Greek, Cyrillic, Armenian (precomposed: NFC)
            or 0x1E00 <= cp <= 0x1FFF  # Latin extended additional (Vietnamese), Greek extended
            or 0x2000 <= cp <= 0x2BFF  # punctuation, symbols, arrows
            or 0x3000 <= cp <= 0x9FFF  # CJK
            or 0xAC00 <= cp <= 0xD7A3  # Hangul syllables
            or 0x1100 <= cp <= 0x11FF
            or 0xF900 <= cp <= 0xFAFF
            or 0xFF00 <= cp <= 0xFFEF
        )
        and not unicodedata.category(chr(cp)).startswith("M")
    ) or unicodedata.category(chr(cp)) == "Nd"
    # Digits of any script need no shaping: drawn as they are, they keep their left-to-right
    # order (a shaper would guess right to left for Arabic-Indic digits from their script).


_RTL_CLASSES = frozenset({"R", "AL", "RLE", "RLO", "RLI"})


Direction = Literal["ltr", "auto"]
"""A line's base direction: left to right (the printouts' languages all read that way), or
from its first strong character (a name on its own: ``דוד Smith`` then reads from the right)."""


_OPENERS = frozenset("\u2066\u2067\u2068")  # LRI, RLI, FSI
_PDI = "\u2069"
_ISOLATES = frozenset((*_OPENERS, _PDI))
_OBJECT = "\ufffc"  # a neutral that stands for an isolated span in the text around it


def _isolated_spans(text: str) -> list[tuple[int, int]]:
    """Each outermost isolate ``(opener, end)``: ``end`` is its PDI's index, or the text's
    length when it is not closed (an isolate ends with its paragraph, or line)."""
    spans: list[tuple[int, int]] = []
    depth = start = 0
    for i, char in enumerate(text):
        if char in _OPENERS:
            if depth == 0:
                start = i
            depth += 1
        elif char == _PDI and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, i))
    if depth:
        spans.append((start, len(text)))
    return spans


def _visual_order(text: str, direction: Direction = "ltr") -> tuple[list[int], list[int]]:
    """The characters' indices in visual order, and each character's embedding level.

    Isolates (FSI, LRI, RLI ... PDI: names inserted in a sentence) are laid out as UAX #9
    says: the text around one sees it as a single neutral character, and its inside is laid
    out on its own (FSI and its first strong character, LRI left to right, RLI right to
    left), then kept together where that neutral lands. So ``Zofia and محمد: 84`` keeps
    the number after the name. python-bidi's pure-Python algorithm has no isolates: they
    are done here around it. The marks themselves are never drawn.
    """
    spans = _isolated_spans(text) if any(c in _ISOLATES for c in text) else []
    if not spans:
        return _visual_order_plain(text.replace(_PDI, "\u200b") if _PDI in text else text, direction)
    outer: list[str] = []
    origin: list[int | tuple[int, int]] = []  # each outer character: its index, or the span it stands for
    at = 0
    for start, end in spans:
        for i in range(at, start):
            outer.append("\u200b" if text[i] == _PDI else text[i])
            origin.append(i)
        outer.append(_OBJECT)
        origin.append((start, end))
        at = end + 1
    for i in range(at, len(text)):
        outer.append("\u200b" if text[i] == _PDI else text[i])
        origin.append(i)
    outer_order, outer_levels = _visual_order("".join(outer), direction)
    order: list[int] = []
    levels = [0] * len(text)
    for k in outer_order:
        where = origin[k]
        if isinstance(where, int):
            order.append(where)
            levels[where] = outer_levels[k]
            continue
        start, end = where
        inner = text[start + 1 : end]
        opener = text[start]
        inner_direction: Direction = "auto" if opener == "\u2068" else "ltr"
        if opener == "\u2067":  # RLI: right to left whatever its letters
            inner_order, inner_levels = _visual_order("\u200f" + inner, "auto")
            inner_order = [i - 1 for i in inner_order if i]
            inner_levels = inner_levels[1:]
        else:
            inner_order, inner_levels = _visual_order(inner, inner_direction)
        # The opener and the PDI are kept (never drawn), each beside its span.
        levels[start] = outer_levels[k]
        order.append(start)
        for i in inner_order:
            order.append(start + 1 + i)
            levels[start + 1 + i] = inner_levels[i]
        if end < len(text):
            levels[end] = outer_levels[k]
            order.append(end)
    return order, levels


def _visual_order_plain(text: str, direction: Direction = "ltr") -> tuple[list[int], list[int]]:
    """:func:`_visual_order` of a text without isolates.

    python-bidi's Unicode bidirectional algorithm (its pure-Python implementation, which
    exposes the levels; the compiled one only returns the reordered string). Mirroring is
    left to the shaper.
    """
    n = len(text)
    if not any(unicodedata.bidirectional(c) in _RTL_CLASSES for c in text):
        return list(range(n)), [0] * n
    from bidi import algorithm

    storage: dict[str, Any] = algorithm.get_empty_storage()
    base = algorithm.get_base_level(text) if direction == "auto" else 0
    storage["base_level"] = base
    storage["base_dir"] = ("L", "R")[base]
    algorithm.get_embedding_levels(text, storage)
    for i, char in enumerate(storage["chars"]):
        char["i"] = i
    algorithm.explicit_embed_and_overrides(storage)
    algorithm.resolve_weak_types(storage, False)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    algorithm.reorder_resolved_levels(storage, False)
    order = [c["i"] for c in storage["chars"]]
    levels = [base] * n
    for c in storage["chars"]:
        levels[c["i"]] = c["level"]
    # The algorithm drops explicit embeddings and boundary neutrals (ZWJ among them): put
    # each back beside the character before it, at its level, so an emoji keeps its joiner.
    kept = set(order)
    for i in range(n):
        if i in kept:
            continue
        if i == 0:
            order.insert(0 if base == 0 else len(order), i)
        else:
            at = order.index(i - 1)
            levels[i] = levels[i - 1]
            order.insert(at + 1 if levels[i] % 2 == 0 else at, i)
        kept.add(i)
    return order, levels


def _face_for(char: str, next_char: str, chain: Sequence[Face]) -> Face | None:
    cp = ord(char)
    if next_char == "\ufe0f":  # emoji presentation asked for: the emoji font first
        emoji = chain[-1]
        if emoji.covers(cp):
            return emoji
    for face in chain:
        if face.covers(cp):
            return face
    return None


def _codepoint(char: str) -> str:
    return f"[U+{ord(char):04X}]"


@lru_cache(maxsize=8192)
def runs(text: str, weight: Weight = "regular") -> tuple[Run, ...]:
    """``text`` (NFC) cut into runs in logical order, each with the font that has its glyphs.

    A character no font has becomes its code point, in the primary font.
    """
    chain = _load_chains()[weight]
    text = unicodedata.normalize("NFC", text)
    out: list[Run] = []
    current: Face | None = None
    buffer = ""
    for i, char in enumerate(text):
        cp = ord(char)
        if current is not None and _keeps(current, char):
            buffer += char
            continue
        if _ignorable(cp):
            continue  # a stray joiner or direction mark: nothing to draw
        face = _face_for(char, text[i + 1 : i + 2], chain)
        piece = char
        if face is None:
            face, piece = chain[0], _codepoint(char)
        if face is not current:
            if current is not None and buffer:
                out.append(Run(current.name, buffer))
            current, buffer = face, ""
        buffer += piece
    if current is not None and buffer:
        out.append(Run(current.name, buffer))
    return tuple(out)


def _shape(text: str, font: str, rtl: bool) -> tuple[str, float]:
    """Glyphs for ``text`` (logical order) through ReportLab's HarfBuzz shaping, in visual
    order, and their width in thousandths of the size."""
    ensure_registered(font)
    with _lock:  # the shaper may add private code points to the font's map
        shaped = shapeStr(text, font, 10, force=True)
    data = getattr(shaped, "__shapeData__", None)
    if data is None:  # nothing changed: plain glyphs
        return text, float(pdfmetrics.stringWidth(text, font, 1000))
    return shaped, float(sum(d.x_advance for d in data))


@lru_cache(maxsize=8192)
def layout(text: str, weight: Weight = "regular", direction: Direction = "ltr") -> Line:
    """``text`` laid out for print: bidi order, runs by font, shaping where needed."""
    chain = _load_chains()[weight]
    text = unicodedata.normalize("NFC", text)
    missing = tuple(
        dict.fromkeys(c for c in text if not _ignorable(ord(c)) and not any(f.covers(ord(c)) for f in chain))
    )
    order, levels = _visual_order(text, direction)

    # Group the visual sequence into (face, level) stretches of logically adjacent characters.
    stretches: list[tuple[Face, int, list[int]]] = []
    for pos, i in enumerate(order):
        char = text[i]
        if char in _ISOLATES:  # isolates order the line; they are never drawn
            continue
        cp = ord(char)
        level = levels[i]
        last = stretches[-1] if stretches else None
        step = -1 if level % 2 else 1
        adjacent = last is not None and last[1] == level and last[2][-1] + step == i
        if adjacent and last is not None and _keeps(last[0], char):
            last[2].append(i)
            continue
        if _ignorable(cp):
            continue
        nxt = order[pos + 1] if pos + 1 < len(order) else None
        face = _face_for(char, text[nxt] if nxt is not None and nxt == i + 1 else "", chain) or chain[0]
        if adjacent and last is not None and last[0] is face:
            last[2].append(i)
        else:
            stretches.append((face, level, [i]))

    pieces: list[Piece] = []
    for face, level, indices in stretches:
        rtl = level % 2 == 1
        logical_indices = sorted(indices)
        logical = "".join(
            text[i] if face.covers(ord(text[i])) else _codepoint(text[i]) for i in logical_indices
        )
        ensure_registered(face.name)
        needs_shaping = rtl or not all(_plain(ord(c)) for c in logical)
        clusters: tuple[tuple[str, str | None], ...] = ()
        if needs_shaping:
            glyphs, units = _shape(logical, face.name, rtl)
            shaped = glyphs is not logical
            if shaped and rtl:
                clusters = _cut_clusters(glyphs, logical)
        else:
            glyphs, units, shaped = logical, float(pdfmetrics.stringWidth(logical, face.name, 1000)), False
        pieces.append(Piece(face.name, glyphs, units, logical, shaped, rtl, clusters))

    # A shaped left-to-right piece gets an ActualText span with its characters; right-to-left
    # pieces carry theirs cluster by cluster; plain pieces need none.
    spans = tuple(Span((p,), p.text if p.shaped and not p.rtl else None) for p in pieces)
    return Line(spans, sum(p.units for p in pieces), missing)


def _cut_clusters(glyphs: str, logical: str) -> tuple[tuple[str, str | None], ...]:
    """A shaped right-to-left piece's glyphs by cluster (see :attr:`Piece.clusters`)."""
    # A ReportLab ShapedStr: a str carrying its HarfBuzz glyph data (ReportLab has no types).
    data = glyphs.__shapeData__  # type: ignore[attr-defined]
    starts = sorted({d.cluster for d in data})
    ends = {start: end for start, end in zip(starts, [*starts[1:], len(logical)], strict=True)}
    out: list[tuple[str, str | None]] = []
    i = 0
    while i < len(data):
        j = i
        while j < len(data) and data[j].cluster == data[i].cluster:
            j += 1
        chars = logical[data[i].cluster : ends[data[i].cluster]]
        part = glyphs[i:j]
        actual = None if str(part) == chars[::-1] else chars
        if actual is None and out and out[-1][1] is None:
            out[-1] = (out[-1][0] + part, None)  # plain neighbours print as one string
        else:
            out.append((part, actual))
        i = j
    return tuple(out)


def missing_glyphs(text: str, weight: Weight = "regular") -> tuple[str, ...]:
    """The characters of ``text`` that no bundled font has (they print as code points)."""
    return layout(text, weight).missing


def text_width(text: str, size: float, weight: Weight = "regular") -> float:
    """The width in points of ``text`` drawn at ``size``."""
    return layout(text, weight).units * size / 1000.0


Align = Literal["left", "centre", "right"]


def _utf16_hex(text: str) -> str:
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


def _marked(text_object: PDFTextObject, operator: str) -> None:
    # ReportLab has no public call for marked content; its text object's code list is where
    # the operators of this BT ... ET block go.
    text_object._code.append(operator)


def draw_text(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    size: float,
    weight: Weight = "regular",
    align: Align = "left",
    direction: Direction = "ltr",
) -> float:
    """Draw ``text`` on the baseline ``y``, anchored at ``x``; return its width.

    ``direction`` is the line's base direction: ``auto`` for a name drawn on its own.
    """
    line = layout(text, weight, direction)
    width = line.units * size / 1000.0
    if align == "centre":
        x -= width / 2
    elif align == "right":
        x -= width
    # One text object for the whole string, switching fonts between pieces: PDF readers
    # (and text extraction) then see one line of text, not pieces.
    text_object = canvas.beginText(x, y)
    cursor = x
    for span in line.spans:
        if span.actual is not None:
            _marked(text_object, f"/Span <</ActualText {_utf16_hex(span.actual)}>> BDC")
        for piece in span.pieces:
            text_object.setFont(piece.font, size)
            if piece.shaped:
                # Put each shaped piece exactly where the layout measured it.
                text_object.setTextOrigin(cursor, y)
            if piece.clusters:
                for glyphs, actual in piece.clusters:
                    if actual is not None:
                        _marked(text_object, f"/Span <</ActualText {_utf16_hex(actual)}>> BDC")
                    text_object.textOut(glyphs)
                    if actual is not None:
                        _marked(text_object, "EMC")
            else:
                text_object.textOut(piece.glyphs)
            cursor += piece.units * size / 1000.0
            if piece.shaped:
                text_object.setTextOrigin(cursor, y)
        if span.actual is not None:
            _marked(text_object, "EMC")
    canvas.drawText(text_object)
    return width


# --- wrapping and fitting ---------------------------------------------------------------


def _clusters(word: str) -> list[str]:
    """A word cut into characters with their marks and joiners (never a mark on its own)."""
    out: list[str] = []
    for i, char in enumerate(word):
        joined = i > 0 and (ord(word[i - 1]) == ZWJ or ord(char) == ZWJ)
        if out and (unicodedata.category(char).startswith("M") or _joins(ord(char)) or joined):
            out[-1] += char
        elif (
            out
            and 0x1F1E6 <= ord(char) <= 0x1F1FF
            and len(out[-1]) == 1
            and 0x1F1E6 <= ord(out[-1]) <= 0x1F1FF
        ):
            out[-1] += char  # the second letter of a flag
        else:
            out.append(char)
    return out


def _break_word(word: str, width: float, size: float, weight: Weight) -> list[str]:
    """Cut a word too long for a line into pieces that fit (at least one cluster each)."""
    pieces: list[str] = []
    rest = _clusters(word)
    while rest:
        cut = 1
        while cut < len(rest) and text_width("".join(rest[: cut + 1]), size, weight) <= width:
            cut += 1
        pieces.append("".join(rest[:cut]))
        rest = rest[cut:]
    return pieces


_HYPHEN_BREAK = re.compile(r"(?<=-)(?=[^-])")


def wrap(
    text: str, width: float, size: float, weight: Weight = "regular", *, break_words: bool = True
) -> list[str]:
    """Greedy word wrap to ``width``, also breaking after a hyphen (``Wiśniewska-|Kowalczyk``).

    A piece longer than a line is cut by characters, or with ``break_words=False`` left
    whole on a line of its own (for :func:`fit` to try a smaller size first). Lines keep
    their logical order; each is laid out (bidi, shaping) when drawn.
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


MIN_TYPE = 6.0
"""The smallest type any printout sets (points): readable at arm's length on a table."""


def fit(
    text: str,
    width: float,
    height: float,
    size: float,
    weight: Weight = "regular",
    *,
    max_lines: int = 3,
    min_size: float = MIN_TYPE,
    leading: float = 1.2,
) -> Fitted:
    """The largest size (down from ``size``) at which ``text`` fits ``width`` x ``height``.

    In order of preference: one line at no less than 80 % of ``size``; whole words on up
    to ``max_lines`` lines at no less than ``min_size``; then words cut by characters at
    ``min_size``, on as many lines as the height holds. Never smaller than ``min_size``:
    a name too long for its cell at that size is cut into more lines, and only a name
    longer than the whole cell holds loses its end (marked with an ellipsis).
    """

    def fits(lines: list[str], s: float, any_count: bool = False) -> bool:
        return (
            s * leading * len(lines) <= height
            and (any_count or len(lines) <= max_lines)
            and all(text_width(line, s, weight) <= width for line in lines)
        )

    size = max(size, min_size)
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
    # Whole words on more lines than asked, then words cut, at the smallest size.
    s = min_size
    lines = wrap(text, width, s, weight, break_words=False)
    if fits(lines, s, any_count=True):
        return Fitted(s, tuple(lines))
    lines = wrap(text, width, s, weight)
    room = max(1, int(height // (s * leading)))
    if len(lines) > room:
        lines = lines[:room]
        last = lines[-1]
        while last and text_width(last + "…", s, weight) > width:
            last = last[:-1]
        lines[-1] = last + "…"
    return Fitted(s, tuple(lines))


def draw_fitted(
    canvas: Canvas,
    fitted: Fitted,
    x: float,
    y_centre: float,
    weight: Weight = "regular",
    align: Align = "centre",
    leading: float = 1.2,
    direction: Direction = "ltr",
) -> None:
    """Draw fitted lines as a block vertically centred on ``y_centre``."""
    line_height = fitted.size * leading
    # The block's optical centre: cap height is about 0.72 em in the fonts.
    top_baseline = y_centre + (len(fitted.lines) - 1) * line_height / 2 - fitted.size * 0.36
    for i, line in enumerate(fitted.lines):
        draw_text(canvas, x, top_baseline - i * line_height, line, fitted.size, weight, align, direction)
