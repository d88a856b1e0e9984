"""Shared by the PDF tests: the Debian tools they need, and a fixture that keeps every PDF
made, with its pages as PNG, under test-output/pdf/ for a reviewer to look at."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pypdf
import pytest
from fontTools.ttLib import TTFont
from pypdf.generic import ContentStream


def require_tool(tool: str, package: str) -> str | None:
    """The tool's path; None (skip what needs it) unless REQUIRE_BROWSER says CI needs it."""
    path = shutil.which(tool)
    if path is None and os.environ.get("REQUIRE_BROWSER"):
        pytest.fail(f"{tool} (Debian package {package}) is required when REQUIRE_BROWSER is set")
    return path


@pytest.fixture
def keep(test_output: Path) -> Callable[..., Path]:
    """Write a PDF and its pages as PNG under test-output/pdf/ for a reviewer to look at."""
    folder = test_output / "pdf"
    folder.mkdir(parents=True, exist_ok=True)

    def save(pdf: bytes, name: str, dpi: int = 100) -> Path:
        path = folder / f"{name}.pdf"
        path.write_bytes(pdf)
        for old in folder.glob(f"{name}-*.png"):
            old.unlink()
        if require_tool("pdftoppm", "poppler-utils"):
            subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(path), str(folder / name)], check=True)
        return path

    return save


# --- reading what a PDF really draws ---------------------------------------------------------


def _fonts_of(page: Any) -> dict[str, Any]:
    return {str(name): ref.get_object() for name, ref in page["/Resources"]["/Font"].items()}


def text_shows(pdf: bytes) -> list[tuple[int, str, float, bytes]]:
    """Every text-showing operation: (page number, font resource name, size, the string's bytes).

    Read from the content streams with pypdf, following ``Tf`` through ``BT``/``ET``.
    """
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    shows: list[tuple[int, str, float, bytes]] = []
    for number, page in enumerate(reader.pages, start=1):
        content = ContentStream(page.get_contents(), reader)
        font, size = "", 0.0
        for operands, operator in content.operations:
            if operator == b"Tf":
                font, size = str(operands[0]), float(operands[1])
            elif operator in (b"Tj", b"'", b'"'):
                shows.append((number, font, size, bytes(operands[-1].original_bytes)))
            elif operator == b"TJ":
                for item in operands[0]:
                    if isinstance(item, (pypdf.generic.TextStringObject, pypdf.generic.ByteStringObject)):
                        shows.append((number, font, size, bytes(item.original_bytes)))
    return shows


def drawn_glyphs(pdf: bytes) -> list[tuple[str, int, str]]:
    """Every glyph drawn: (the embedded font's name, the glyph's index in it, its name).

    ReportLab embeds TrueType subsets with one-byte codes; each subset's own character map
    turns a code into the glyph printed. Index 0 is ``.notdef``: the empty box.
    """
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    embedded: dict[tuple[int, str], tuple[str, Any]] = {}
    for number, page in enumerate(reader.pages, start=1):
        for name, font in _fonts_of(page).items():
            if "/FontDescriptor" not in font:
                raise AssertionError(f"{font['/BaseFont']} is not embedded")
            descriptor = font["/FontDescriptor"].get_object()
            data = descriptor["/FontFile2"].get_object().get_data()
            embedded[(number, name)] = (str(font["/BaseFont"]), TTFont(io.BytesIO(data)))
    out: list[tuple[str, int, str]] = []
    for number, font, _size, data in text_shows(pdf):
        base, tt = embedded[(number, font)]
        cmap = tt["cmap"].tables[0].cmap
        order = tt.getGlyphOrder()
        for code in data:
            glyph = cmap.get(code, ".notdef")
            out.append((base, order.index(glyph), glyph))
    return out


def type_sizes(pdf: bytes) -> list[float]:
    """The size of every piece of text a PDF sets (points; the printouts never scale text)."""
    return [size for _page, _font, size, data in text_shows(pdf) if data.strip(b" ")]


def poppler_text(path: Path, *args: str) -> str:
    """The text poppler's pdftotext extracts (it reorders right-to-left text and reads
    ActualText), with the bidi embedding marks it adds taken out."""
    if not require_tool("pdftotext", "poppler-utils"):
        pytest.skip("pdftotext is not installed (Debian package poppler-utils)")
    out = subprocess.run(["pdftotext", *args, str(path), "-"], check=True, capture_output=True, text=True)
    return re.sub("[\u202a-\u202e\u2066-\u2069]", "", out.stdout)


def qr_codes(path: Path, dpi: int, *, first: int = 1, last: int = 1) -> list[str]:
    """The QR codes zbarimg decodes from the PDF's pages rendered at ``dpi``."""
    zbarimg = require_tool("zbarimg", "zbar-tools")
    if zbarimg is None or not require_tool("pdftoppm", "poppler-utils"):
        pytest.skip("zbarimg (zbar-tools) and pdftoppm (poppler-utils) are needed to decode QR codes")
    prefix = path.with_suffix("")
    prefix = prefix.with_name(f"{prefix.name}-qr{dpi}")
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-png", "-f", str(first), "-l", str(last), str(path), str(prefix)],
        check=True,
    )
    codes: list[str] = []
    for png in sorted(prefix.parent.glob(f"{prefix.name}-*.png")):
        out = subprocess.run([zbarimg, "--raw", "-q", str(png)], capture_output=True, text=True).stdout
        codes += out.split()
    return codes


_BFCHAR = re.compile(rb"<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]+)>")


def _to_unicode(font: Any) -> dict[int, str]:
    data = font["/ToUnicode"].get_object().get_data()
    out = {}
    for code, hexed in _BFCHAR.findall(data):
        value = int(hexed, 16)
        # ReportLab writes code points above U+FFFF as plain hex (not UTF-16): take them as such.
        out[int(code, 16)] = chr(value) if value <= 0x10FFFF else "\ufffd"
    return out


def drawn_strings(pdf: bytes) -> list[str]:
    """Each text object's characters in the order they are drawn on the page (visual order,
    left to right, by each font's ToUnicode map): what the glyphs are, not what a text
    extractor makes of them."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    strings: list[str] = []
    for page in reader.pages:
        maps = {name: _to_unicode(font) for name, font in _fonts_of(page).items()}
        content = ContentStream(page.get_contents(), reader)
        font, current = "", ""
        for operands, operator in content.operations:
            if operator == b"BT":
                current = ""
            elif operator == b"ET":
                strings.append(current)
            elif operator == b"Tf":
                font = str(operands[0])
            elif operator in (b"Tj", b"TJ"):
                items = operands[0] if operator == b"TJ" else [operands[0]]
                for item in items:
                    if isinstance(item, (pypdf.generic.TextStringObject, pypdf.generic.ByteStringObject)):
                        current += "".join(maps[font].get(b, "\ufffd") for b in item.original_bytes)
    return strings
