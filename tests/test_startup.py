"""``score ONE.json`` starts by importing only what scoring needs (issue 15: start-up)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import assistant.rules as rules
from tests.web.worked_games import three


def test_scoring_one_game_imports_neither_the_build_adjudicator_nor_a_web_or_pdf_library(tmp_path):
    game = tmp_path / "game.json"
    game.write_text(json.dumps(three()), encoding="utf-8")
    code = (
        "import sys\n"
        "from assistant.cli import main\n"
        f"assert main(['score', {str(game)!r}]) == 0\n"
        "sys.stderr.write(' '.join(sorted(sys.modules)))\n"
    )
    # The second run reads the catalog its first run compiled (compiling it reads the TOML).
    for _run in range(2):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(done.stderr.split())
    assert "assistant.rules.scoring" in loaded and '"total"' in done.stdout
    assert not loaded & {"assistant.rules.trade", "assistant.rules.freecity", "orjson"}
    # The core's records are not dataclasses (which import inspect, ast and dis), argparse's
    # help formatter is told the width (else it imports shutil, with bz2 and lzma), and the
    # compiled catalog's key needs no OpenSSL (docs/decisions.md, "Start-up").
    # Nor does the core import typing at run time (mypy reads its TYPE_CHECKING blocks).
    assert not loaded & {"dataclasses", "inspect", "ast", "dis", "shutil", "bz2", "lzma", "hashlib", "typing"}
    assert not {name.split(".")[0] for name in loaded} & {"flask", "reportlab", "sqlalchemy", "babel"}


def test_the_cores_names_are_imported_when_first_asked_for():
    assert set(rules.__all__) == set(rules._WHERE)
    for name in rules.__all__:
        assert getattr(rules, name) is not None
    assert rules.EFFECT_KINDS is __import__("assistant.rules.effects", fromlist=["KINDS"]).KINDS
    assert set(rules.__all__) <= set(dir(rules))


def test_a_command_builds_only_its_own_parser_and_an_unknown_one_lists_them_all(capsys):
    from assistant.cli import build_parser, main

    every = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    only = build_parser("score")._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert list(only) == ["score"] and len(every) > 10
    assert list(build_parser("no-such-command")._subparsers._group_actions[0].choices) == list(every)  # type: ignore[union-attr]
    with pytest.raises(SystemExit) as stopped:
        main(["no-such-command"])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert all(f"'{name}'" in said for name in every)
