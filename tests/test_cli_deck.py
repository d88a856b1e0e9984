"""``deck --players N [--edition E] [--expansions IDS]`` (issue 45): what to put in each
age's deck, as JSON; a table the edition and expansions cannot seat, or an expansion the
edition lacks, refused with one sentence naming the option and exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from assistant.cli import main
from tests.conftest import TOY_EDITION


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_deck_for_four_players_of_the_first_edition(capsys):
    status, out, err = run(capsys, "deck", "--players", "4")
    body = json.loads(out)
    assert status == 0 and err == ""
    assert (body["edition"], body["expansions"], body["players"], body["hand"]) == (1, [], 4, 7)
    first, second, third = body["ages"]
    assert [a["age"] for a in body["ages"]] == [1, 2, 3]
    assert first["cards"].count("lumber-yard") == 2 and first["draw"] == [] and len(first["cards"]) == 28
    assert len(third["cards"]) == 22 and [d["count"] for d in third["draw"]] == [6]
    assert len(third["draw"][0]["from"]) == 10 and body["apart"] == []
    assert all(a["total"] == 28 for a in (first, second, third))


def test_the_deck_with_leaders_and_cities_draws_black_cards_and_deals_the_leaders_apart(capsys):
    status, out, _ = run(capsys, "deck", "--players", "8", "--expansions", "cities,leaders")
    body = json.loads(out)
    assert status == 0 and body["expansions"] == ["leaders", "cities"] and body["deck_players"] == 7
    for age in body["ages"]:
        black = [d for d in age["draw"] if d.get("color") == "black"]
        assert [d["count"] for d in black] == [7] and age["total"] == 56
    assert [d["count"] for d in body["ages"][2]["draw"] if d.get("color") == "purple"] == [9]
    (leaders,) = body["apart"]
    assert leaders["per_player"] == 4 and len(leaders["from"]) == 42


def test_the_second_editions_deck_and_the_toy_editions(capsys):
    status, out, _ = run(capsys, "deck", "--edition", "2", "--players", "3", "--expansions", "armada")
    armada = [d for d in json.loads(out)["ages"][0]["draw"] if d.get("expansion") == "armada"]
    assert status == 0 and armada == [{"from": [], "count": 3, "expansion": "armada"}]
    status, out, _ = run(capsys, "deck", "--edition", str(TOY_EDITION), "--players", "3")
    assert status == 0 and len(json.loads(out)["ages"]) == 4


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--players", "9"), "--players: Give the number of players: 2 to 7 with this edition and these expansions (2 play with the Free City)."),
        (("--players", "8"), "--players: Give the number of players: 2 to 7"),
        (("--players", "2", "--edition", "2"), "--players: Give the number of players: 3 to 7 with this edition and these expansions."),
        (("--players", "0"), "--players: Give the number of players: 2 to 7"),
        (("--players", "9", "--expansions", "cities"), "--players: Give the number of players: 2 to 8"),
        (("--players", "4", "--expansions", "catan"), "--expansions: edition 1 has no expansion 'catan'"),
        (("--players", "4", "--edition", "2", "--expansions", "babel"), "--expansions: edition 2 has no expansion 'babel'"),
    ],
)  # fmt: skip
def test_a_table_that_cannot_be_seated_or_an_unknown_expansion_is_refused_naming_the_option(
    capsys, args, words
):
    status, out, err = run(capsys, "deck", *args)
    assert status == 2 and out == "" and err.startswith(words) and err.count("\n") == 1, err


@pytest.mark.parametrize(
    "args", [("--players", "four"), (), ("--players", "4", "--edition", "3")], ids=["word", "none", "edition"]
)
def test_a_missing_or_unreadable_option_is_refused_by_the_parser_with_status_two(capsys, args):
    with pytest.raises(SystemExit) as stopped:
        main(["deck", *args])
    assert stopped.value.code == 2
    assert "deck" in capsys.readouterr().err


def test_the_installed_command_prints_the_deck_and_refuses_without_a_traceback():
    done = subprocess.run(
        [sys.executable, "-m", "assistant", "deck", "--players", "5", "--expansions", "leaders"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["players"] == 5
    refused = subprocess.run(
        [sys.executable, "-m", "assistant", "deck", "--players", "12"], capture_output=True, text=True
    )
    assert refused.returncode == 2 and refused.stdout == "" and "Traceback" not in refused.stderr
    assert refused.stderr.startswith("--players: ")
