"""The winner's column stands out printed in grey (issue 24's print review: its light gold
frame was a 59% grey, lighter than the column rules' 52%, and 2.2 points thin). Read from the
sheet's own drawing commands: the frame's stroke colour and width."""

from __future__ import annotations

import re
from io import BytesIO

import pypdf

from assistant.pdf import score_sheet_pdf
from assistant.pdf.drawing import RULE
from assistant.rules import parse_game, score_game
from tests.web.worked_games import three

OPS = re.compile(rb"(?P<rgb>[\d.]+ [\d.]+ [\d.]+) RG|(?P<width>[\d.]+) w\b|(?P<stroke>\bS\b)")


def _grey(r: float, g: float, b: float) -> float:
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_the_winners_frame_is_dark_and_wide_in_grey():
    sheet = score_game(parse_game(three()))
    pdf = score_sheet_pdf(sheet, invariant=True)
    content = pypdf.PdfReader(BytesIO(pdf)).pages[0].get_contents().get_data()
    strokes = []  # (grey, width) of each stroke, as the drawing state says when it is made
    grey, width = 0.0, 1.0
    for op in OPS.finditer(content):
        if op["rgb"]:
            grey = _grey(*map(float, op["rgb"].split()))
        elif op["width"]:
            width = float(op["width"])
        else:
            strokes.append((grey, width))
    frames = [grey for grey, width in strokes if width >= 3.0]
    assert frames, "no winner's frame drawn"
    assert min(frames) <= 0.40 and min(frames) < _grey(RULE.red, RULE.green, RULE.blue) - 0.1, frames
