"""Issue 29, start-up: ``score`` and ``can-build`` written plainly are read without argparse
(``cli.quick_args``). On every command line it reads, it reads what argparse reads; it
hands every other one to argparse."""

from __future__ import annotations

import contextlib
import io

from hypothesis import given
from hypothesis import strategies as st

from assistant.cli import quick_args
from assistant.cliparser import build_parser

_WORDS = st.sampled_from(
    [
        "score", "can-build", "catalog", "--jsonl", "--city", "--card", "--stage", "--via", "--help",
        "-h", "--", "-", "--ci", "--js", "--jsonl=x", "--city=1", "discard", "free-build", "x",
        "game.json", "3", "-1", " 4", "+5", "٣", "1_000", "1.0", "", "a b", "-x y", "--stage=1",
    ]
)  # fmt: skip


def _argparse(words: list[str]) -> dict[str, object] | None:
    """What argparse reads from ``words`` (None: it refuses them)."""
    try:
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            return vars(build_parser(words[0] if words else None).parse_args(words))
    except SystemExit:
        return None


@given(st.lists(_WORDS | st.text(max_size=3), max_size=7))
def test_what_the_plain_reading_accepts_argparse_reads_the_same(words):
    quick = quick_args(words)
    if quick is not None:
        assert vars(quick) == _argparse(words)


def _options(draw, command: str) -> list[list[str]]:
    values = st.text(min_size=0, max_size=6).filter(lambda v: not v.startswith("-"))
    chosen = [["--jsonl", draw(values)]] if draw(st.booleans()) else []
    if command == "can-build":
        if draw(st.booleans()):
            chosen.append(["--city", str(draw(st.integers(0, 99)))])
        if draw(st.booleans()):
            chosen.append(["--card", draw(values)])
        if draw(st.booleans()):
            chosen.append(["--stage"])
        if draw(st.booleans()):
            chosen.append(["--via", draw(st.sampled_from(["discard", "free-build"]))])
    return chosen


@st.composite
def _plain_command_lines(draw) -> list[str]:
    command = draw(st.sampled_from(["score", "can-build"]))
    parts = _options(draw, command)
    if draw(st.booleans()):
        game = draw(st.sampled_from(["game.json", "-", "", "a b.json", "x"]))
        parts.insert(draw(st.integers(0, len(parts))), [game])
    parts = draw(st.permutations(parts))
    return [command, *(word for part in parts for word in part)]


@given(_plain_command_lines())
def test_every_plainly_written_command_line_is_read_without_argparse_as_argparse_reads_it(words):
    quick = quick_args(words)
    assert quick is not None, words
    assert vars(quick) == _argparse(words)


def test_anything_else_is_argparses():
    for words in (
        [],
        ["--help"],
        ["score", "--help"],
        ["score", "--jsonl=x"],
        ["score", "--js", "x"],
        ["score", "a", "b"],
        ["score", "--jsonl", "a", "--jsonl", "b"],
        ["can-build", "--city", "-1"],
        ["can-build", "--city", "three"],
        ["can-build", "--via", "market"],
        ["can-build", "--card"],
        ["catalog"],
    ):
        assert quick_args(words) is None, words
