"""Write assistant/pdf/fonts/coverage.json: the code points each bundled font has a glyph for.

The printouts choose a font for each character from this file, so that a font is loaded
only when a name needs it. Run after adding or changing a font (needs fontTools, a test
dependency); tests/pdf/test_fonts.py checks the file against the fonts themselves.

    .venv/bin/python tools/font_coverage.py
"""

from __future__ import annotations

import json
from pathlib import Path

from fontTools.ttLib import TTFont

FONT_DIR = Path(__file__).resolve().parent.parent / "assistant" / "pdf" / "fonts"


def ranges(font_path: Path) -> list[list[int]]:
    """The font's mapped code points (glyph other than .notdef) as [first, last] ranges."""
    font = TTFont(font_path, lazy=True)
    order = font.getGlyphOrder()
    notdef = order[0]
    points = sorted(cp for cp, glyph in font.getBestCmap().items() if glyph != notdef)
    out: list[list[int]] = []
    for cp in points:
        if out and cp == out[-1][1] + 1:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return out


def coverage() -> dict[str, list[list[int]]]:
    return {path.name: ranges(path) for path in sorted(FONT_DIR.glob("*.ttf"))}


def main() -> None:
    text = json.dumps(coverage(), separators=(",", ":"))
    (FONT_DIR / "coverage.json").write_text(text + "\n", encoding="utf-8")
    print(f"{FONT_DIR / 'coverage.json'}: {len(text) // 1024} KiB")


if __name__ == "__main__":
    main()
