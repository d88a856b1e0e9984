"""The command line with expansions: the composed catalog, pads with an expansion's rows,
a game that plays expansions scored, and an expansion the edition lacks refused (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from assistant.cli import main
from tests.conftest import TOY_EDITION
from tests.rules.test_expansions import HAND_SCORED


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_catalog_of_an_edition_with_its_expansions(capsys):
    status, out, _ = run(capsys, "catalog", "--edition", str(TOY_EDITION), "--expansions", "parade,festival")
    body = json.loads(out)
    assert status == 0 and body["expansions"] == ["festival", "parade"]
    cards = {c["id"]: c for c in body["cards"]}
    assert cards["toy-juggler"]["expansion"] == "festival" and cards["toy-juggler"]["age"] is None
    assert cards["toy-float"]["expansion"] == "parade" and cards["toy-float"]["players"] == []


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("catalog", "--edition", "2", "--expansions", "babel"), "edition 2 has no expansion 'babel' (its expansions are leaders, cities, armada, edifice)"),
        (("catalog", "--edition", "1", "--expansions", "catan"), "edition 1 has no expansion 'catan' (its expansions are leaders, cities, armada, babel, edifice, wonder-pack)"),
        (("catalog", "--edition", str(TOY_EDITION), "--expansions", "fiesta"), "its expansions are festival, parade"),
        (("pad", "--edition", str(TOY_EDITION), "--players", "6", "-o", "-"), "--players: 3 to 4."),
        (("pad", "--edition", str(TOY_EDITION), "--expansions", "festival", "--players", "6", "-o", "-"), "--players: 3 to 5."),
    ],
)  # fmt: skip
def test_an_expansion_the_edition_lacks_or_a_table_it_cannot_seat_is_refused(capsys, args, words):
    status, out, err = run(capsys, *args)
    assert status == 2 and out == "" and words in err, err


def test_pads_with_an_expansion_print_its_row_where_its_pad_puts_it(capsys, tmp_path: Path):
    target = tmp_path / "pads.pdf"
    args = (
        "pad",
        "--edition",
        str(TOY_EDITION),
        "--expansions",
        "festival",
        "--players",
        "5",
        "-o",
        str(target),
    )
    status, _, _ = run(capsys, *args)
    assert status == 0
    text = PdfReader(target).pages[0].extract_text()
    assert "with Festival (tests)" in text
    rows = [
        line.strip()
        for line in text.splitlines()
        if line.strip() in ("Bonus", "Festival", "Military", "Treasury")
    ]
    assert rows[:3] == ["Bonus", "Festival", "Military"]


def test_a_game_with_expansions_is_scored_and_its_military_resolves_with_its_seats(capsys, tmp_path: Path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(HAND_SCORED), encoding="utf-8")
    status, out, _ = run(capsys, "score", str(path))
    assert status == 0 and [c["total"] for c in json.loads(out)["cities"]] == [21, 2, 2]
    five = ("military", "--edition", str(TOY_EDITION), "--age", "1", "--shields", "1,2,3,4,5")
    assert run(capsys, *five)[0] == 2
    status, out, _ = run(capsys, *five, "--expansions", "festival")
    assert status == 0 and len(json.loads(out)["tokens"]) == 5


def test_the_score_sheet_of_a_game_with_an_expansion_prints_its_row_and_its_reasons(capsys, tmp_path: Path):
    path, target = tmp_path / "game.json", tmp_path / "sheet.pdf"
    path.write_text(json.dumps(HAND_SCORED), encoding="utf-8")
    status, _, _ = run(capsys, "sheet", str(path), "-o", str(target))
    assert status == 0
    text = "\n".join(page.extract_text() for page in PdfReader(target).pages)
    assert "Festival" in text and "Garlands: 3 × 2: 6 victory points" in text
    assert "21" in text  # Ana's total, the Festival's 10 in it


def test_an_expansions_row_prints_in_the_colour_its_data_gives(capsys, tmp_path: Path):
    """Festival's swatch (#c2185b in its expansion.toml) colours its row's badge and band on
    the pad; before, every expansion's row was a neutral grey."""
    target = tmp_path / "pads.pdf"
    run(
        capsys,
        "pad",
        "--edition",
        str(TOY_EDITION),
        "--expansions",
        "festival",
        "--players",
        "4",
        "-o",
        str(target),
    )
    content = b"".join(page.get_contents().get_data() for page in PdfReader(target).pages)
    assert b".760784 .094118 .356863 rg" in content  # #c2185b as the PDF fills it
