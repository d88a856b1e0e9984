"""The printouts: a scored game's score sheet and blank score pads, as PDF bytes.

A shell around the rules core: it takes a :class:`~assistant.rules.model.ScoreSheet` (or a
player count), never a request, and imports only ReportLab and qrcode besides the core.

>>> from assistant.pdf import score_pad_pdf
>>> score_pad_pdf(4, paper="letter", per_page=2)[:5]
b'%PDF-'
"""

from __future__ import annotations

from .fonts import missing_glyphs, register_all_fonts, register_fonts
from .layout import LOOPBACK_WARNING, PAPERS, ROW_ORDERS, loopback_link
from .pads import PadPlan, pad_plan, score_pad_pdf
from .sheet import score_sheet_pdf

__all__ = [
    "LOOPBACK_WARNING",
    "PAPERS",
    "ROW_ORDERS",
    "PadPlan",
    "loopback_link",
    "missing_glyphs",
    "pad_plan",
    "register_all_fonts",
    "register_fonts",
    "score_pad_pdf",
    "score_sheet_pdf",
]
