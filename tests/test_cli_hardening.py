"""Issue 15, item 3 on the command line: deep nesting, huge numbers and unsafe names get one
sentence and exit status 2, never a traceback; ``--jsonl`` answers each such line in place."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.web.worked_games import three


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "assistant", *args], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 5_000 + "]" * 5_000, "not valid JSON"),
        ('{"cities": ' + "7" * 5_001 + "}", "not valid JSON"),
        (json.dumps(three()).replace('"Ana"', '"\\ud800"'), "cities[0].player"),
        (json.dumps(three()).replace('"Ana"', '"A\\u0000na"'), "cities[0].player"),
    ],
)
def test_score_refuses_unusable_files_in_one_sentence(tmp_path: Path, text, words):
    game = tmp_path / "game.json"
    game.write_text(text)
    result = run("score", str(game))
    assert result.returncode == 2
    assert words in result.stderr and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1


def test_score_jsonl_answers_every_line_even_deep_or_unsafe_ones(tmp_path: Path):
    lines = [
        json.dumps(three()),
        "[" * 5_000 + "]" * 5_000,
        json.dumps(three()).replace('"Ana"', '"\\udc00"'),
        '{"cities": ' + "1" * 5_001 + "}",
        json.dumps(three()),
    ]
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(lines) + "\n")
    result = run("score", "--jsonl", str(path))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == 5
    assert "winners" in answers[0] and answers[0] == answers[4]
    assert answers[1]["line"] == 2 and answers[1]["field"] == "line"
    assert answers[2]["field"] == "cities[0].player"
    assert answers[3]["line"] == 4


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (a disk that is always full)")
@pytest.mark.parametrize(
    "args",
    [("score", "GAME"), ("score", "--jsonl", "LINES"), ("pad", "--players", "3", "-o", "-")],
    ids=["score", "score --jsonl", "pad to standard output"],
)
def test_an_answer_that_cannot_be_written_is_one_sentence(tmp_path: Path, args):
    game, lines = tmp_path / "game.json", tmp_path / "games.jsonl"
    game.write_text(json.dumps(three()))
    lines.write_text(json.dumps(three()) + "\n")
    named = [{"GAME": str(game), "LINES": str(lines)}.get(a, a) for a in args]
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "assistant", *named],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert (result.returncode, result.stderr) == (
        2,
        "standard output: cannot be written (No space left on device).\n",
    )


@pytest.mark.parametrize(
    "args", [("catalog", "--expansions", "leaders,cities"), ("score", "--jsonl", "LINES")]
)
def test_a_reader_that_stops_reading_ends_the_answer_quietly(tmp_path: Path, args):
    """The answer (67 KB of cards, or two hundred games scored) is more than a pipe holds."""
    lines = tmp_path / "games.jsonl"
    lines.write_text((json.dumps(three()) + "\n") * 200)
    command = [sys.executable, "-m", "assistant", *(str(lines) if a == "LINES" else a for a in args)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.read(10)
        process.stdout.close()  # the rest of the answer has nowhere to go
        said = process.stderr.read()
    assert (process.returncode, said) == (0, b"")
