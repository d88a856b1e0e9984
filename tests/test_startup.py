"""``score ONE.json`` starts by importing only what scoring needs (issue 15: start-up)."""

from __future__ import annotations

import json
import os
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
    assert not loaded & {"dataclasses", "inspect", "ast", "dis", "shutil", "bz2", "lzma", "hashlib"}
    # The compiled catalog is read by pickle's C reader alone.
    assert not loaded & {"pathlib", "pickle"}
    assert not {name.split(".")[0] for name in loaded} & {"flask", "reportlab", "sqlalchemy", "babel"}


def test_the_cores_names_are_imported_when_first_asked_for():
    assert set(rules.__all__) == set(rules._WHERE)
    for name in rules.__all__:
        assert getattr(rules, name) is not None
    assert rules.EFFECT_KINDS is __import__("assistant.rules.effects", fromlist=["KINDS"]).KINDS
    assert set(rules.__all__) <= set(dir(rules))


def test_a_command_builds_only_its_own_parser_and_an_unknown_one_lists_them_all(capsys):
    from assistant.cli import COMMANDS, main
    from assistant.cliparser import build_parser

    every = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    only = build_parser("score")._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert list(only) == ["score"] and len(every) > 10
    assert list(every) == list(COMMANDS)  # every command the parser reads has what it runs
    assert list(build_parser("no-such-command")._subparsers._group_actions[0].choices) == list(every)  # type: ignore[union-attr]
    with pytest.raises(SystemExit) as stopped:
        main(["no-such-command"])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert all(f"'{name}'" in said for name in every)


_RUN = (
    "import atexit, gc, sys\n"
    "gc.disable()  # as assistant.__main__ starts it\n"
    "from assistant import cli\n"
    "real = cli._execute\n"
    "def spy(args):\n"
    "    sys.stderr.write(f'collector on: {gc.isenabled()}\\n')\n"
    "    return real(args)\n"
    "cli._execute = spy\n"
    "atexit.register(lambda: sys.stderr.write('torn down\\n'))\n"
    "sys.argv = ['assistant', *sys.argv[1:]]\n"
    "cli.run()\n"
)


def test_a_quick_command_runs_without_the_collector_and_ends_without_tearing_down(tmp_path):
    game = tmp_path / "game.json"
    game.write_text(json.dumps(three()), encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", _RUN, "score", str(game)], capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == "collector on: False\n"
    assert json.loads(done.stdout) == json.loads(
        subprocess.run(
            [sys.executable, "-m", "assistant", "score", str(game)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    refused = subprocess.run(
        [sys.executable, "-c", _RUN, "score", str(tmp_path / "none.json")], capture_output=True, text=True
    )
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr == f"collector on: False\n{tmp_path / 'none.json'}: no such file.\n"


def test_a_long_command_collects_and_ends_as_any_program_does(tmp_path):
    lines = tmp_path / "games.jsonl"
    lines.write_text(json.dumps(three()) + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", _RUN, "score", "--jsonl", str(lines)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stderr == "collector on: True\ntorn down\n" and '"total"' in done.stdout


_WRITES = (
    "import os, sys\n"
    "def watch(event, args):\n"
    "    if event != 'open' or not isinstance(args[0], str):\n"
    "        return\n"
    "    mode, flags = args[1], args[2]\n"
    "    if (mode and any(m in str(mode) for m in 'wax+')) or (mode is None and flags & (os.O_WRONLY | os.O_RDWR)):\n"
    "        sys.stderr.write(f'opened for writing: {args[0]}\\n')\n"
    "sys.addaudithook(watch)\n"
    "sys.argv = ['assistant', *sys.argv[1:]]\n"
    "from assistant.cli import run\n"
    "run()\n"
)


@pytest.mark.parametrize(
    "command",
    [
        ["score", "GAME"],
        ["can-build", "GAME", "--city", "0", "--card", "temple"],
        ["free-city", "GAME", "--hand", "altar"],
        ["military", "--age", "1", "--shields", "1,2,3"],
        ["catalog"],
    ],
    ids=lambda c: c[0],
)
def test_no_quick_command_opens_a_file_for_writing_before_its_hard_exit(tmp_path, command):
    """A quick command ends with ``cli.hard_exit`` (``os._exit``), which closes nothing: a
    file it had open for writing could lose what was not flushed. With its compiled catalog
    already kept (the first run writes it), none opens one."""
    game = tmp_path / "game.json"
    game.write_text(json.dumps(three()), encoding="utf-8")
    words = [str(game) if w == "GAME" else w for w in command]
    env = dict(os.environ, ASSISTANT_CACHE_DIR=str(tmp_path / "cache"))
    first, second = (
        subprocess.run([sys.executable, "-c", _WRITES, *words], capture_output=True, text=True, env=env)
        for _run in range(2)
    )
    assert "opened for writing" in first.stderr  # the watch sees the catalog kept
    assert second.returncode in (0, 2) and "opened for writing" not in second.stderr, second.stderr
