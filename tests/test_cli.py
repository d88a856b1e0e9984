"""``python -m assistant``: every command, its output format, and refusals (exit 2, one
sentence naming the field, never a traceback)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from assistant.cli import main
from tests.web.worked_games import FIRST_EDITION_CATEGORIES, THREE_TOTALS, three


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(three()), encoding="utf-8")
    return path


def test_help_lists_every_command():
    out = subprocess.run(
        [sys.executable, "-m", "assistant", "--help"], capture_output=True, text=True, check=True
    ).stdout
    for command in ("serve", "catalog", "score", "can-build", "military", "sheet", "pad"):
        assert command in out


def test_score_prints_the_sheet(capsys, game_file):
    status, out, err = run(capsys, "score", str(game_file))
    assert status == 0 and err == ""
    body = json.loads(out)
    assert {c["player"]: c["total"] for c in body["cities"]} == THREE_TOTALS
    assert body["winners"] == ["Ana"]
    assert list(body["cities"][0]["categories"]) == list(FIRST_EDITION_CATEGORIES)


def test_score_reads_standard_input(monkeypatch, capsys):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(three())))
    status, out, _ = run(capsys, "score", "-")
    assert status == 0 and json.loads(out)["winners"] == ["Ana"]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("{not json", "not valid JSON (line 1, column 2"),
        (
            '{"cities": [{"player": "A", "wonder": "giza", "cards": ["barths"]}, {"player": "B", "wonder": "rhodes"}, {"player": "C", "wonder": "babylon"}]}',
            'cities[0].cards[0]: A\'s city: unknown card "barths".',
        ),
        (
            '{"cities": [{"player": "A", "wonder": "giza", "coins": -1}, {"player": "B", "wonder": "rhodes"}, {"player": "C", "wonder": "babylon"}]}',
            "cities[0].coins",
        ),
        ("[1, 2]", "A game is a JSON object"),
    ],
)
def test_score_refuses_bad_input_with_one_sentence_and_status_2(capsys, tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_text(content)
    status, out, err = run(capsys, "score", str(path))
    assert status == 2 and out == ""
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_score_refuses_a_missing_file(capsys, tmp_path):
    status, _, err = run(capsys, "score", str(tmp_path / "nope.json"))
    assert status == 2 and "no such file" in err


def test_a_refusal_from_a_real_process_has_no_traceback(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"cities": 3}')
    proc = subprocess.run(
        [sys.executable, "-m", "assistant", "score", str(path)], capture_output=True, text=True
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "cities" in proc.stderr


def test_score_jsonl_prints_one_result_per_line_in_order(capsys, tmp_path):
    games = [three(), {"cities": []}, three()]
    games[2]["cities"][0]["coins"] = 10
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(json.dumps(g) for g in games) + "\n\n")
    status, out, _ = run(capsys, "score", "--jsonl", str(path))
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 3
    assert lines[0]["cities"][0]["total"] == 25
    assert lines[1]["field"] == "cities" and lines[1]["line"] == 2
    assert lines[2]["cities"][0]["total"] == 26
    assert status == 2  # one line was refused


def test_can_build_answers_a_verdict(capsys, game_file):
    status, out, _ = run(capsys, "can-build", str(game_file), "--city", "0", "--card", "aqueduct")
    assert status == 0
    assert json.loads(out)["how"] == "chain"
    status, out, _ = run(capsys, "can-build", str(game_file), "--city", "1", "--stage")
    verdict = json.loads(out)
    assert status == 0 and "buildable" in verdict


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--city", "5", "--card", "baths"], "city"),
        (["--card", "baths"], "--city"),
        (["--city", "0"], "--card"),
        (["--city", "0", "--card", "baths", "--stage"], "--card"),
        (["--city", "0", "--card", "unobtainium"], "unknown card"),
    ],
)
def test_can_build_refuses_bad_questions(capsys, game_file, args, words):
    status, out, err = run(capsys, "can-build", str(game_file), *args)
    assert status == 2 and out == "" and words in err


def test_can_build_jsonl_answers_each_line_in_order(capsys, tmp_path):
    bodies = [
        {"game": three(), "city": 0, "card": "aqueduct"},
        {"game": three(), "city": 0, "card": "nope"},
        {"game": three(), "city": 2, "stage": True},
    ]
    path = tmp_path / "q.jsonl"
    path.write_text("\n".join(json.dumps(b) for b in bodies))
    status, out, _ = run(capsys, "can-build", "--jsonl", str(path))
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[0]["how"] == "chain"
    assert "unknown card" in lines[1]["error"]
    assert "buildable" in lines[2]
    assert status == 2


def test_military_prints_the_tokens_of_an_age(capsys):
    status, out, _ = run(capsys, "military", "--age", "2", "--shields", "3,1,4,4")
    body = json.loads(out)
    assert status == 0 and body["age"] == 2
    # Left is the next seat, right the previous one. Seat 0 (3 shields) beats seat 1 (1) and
    # loses to seat 3 (4); seat 1 loses both; seat 2 ties seat 3 and beats seat 1; seat 3 beats seat 0.
    assert body["tokens"] == [[3, -1], [-1, -1], [3], [3]]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--age", "4", "--shields", "1,2,3"], "--age"),
        (["--age", "1", "--shields", "1,x"], "--shields"),
        (["--age", "1", "--shields", "1,2"], "--shields"),
    ],
)
def test_military_refuses_bad_input(capsys, args, words):
    status, _, err = run(capsys, "military", *args)
    assert status == 2 and words in err


def test_catalog_prints_every_card_and_wonder(capsys):
    status, out, _ = run(capsys, "catalog")
    body = json.loads(out)
    assert status == 0 and body["edition"] == 1
    assert len(body["cards"]) == 78 and len(body["wonders"]) == 7
    lumber = next(c for c in body["cards"] if c["id"] == "lumber-yard")
    assert lumber == {
        **lumber,
        "name": "Lumber Yard",
        "age": 1,
        "color": "brown",
        "cost": {},
        "players": [3, 4],
        "chain_from": [],
    }


def test_sheet_writes_the_score_sheet_pdf(capsys, game_file, tmp_path):
    out_file = tmp_path / "sheet.pdf"
    status, _, err = run(
        capsys,
        "sheet",
        str(game_file),
        "-o",
        str(out_file),
        "--paper",
        "letter",
        "--date",
        "2026-11-30",
        "--url",
        "https://example.org/g/x",
    )
    assert status == 0, err
    reader = PdfReader(str(out_file))
    text = "\n".join(page.extract_text() for page in reader.pages)
    for name, total in THREE_TOTALS.items():
        assert name in text and str(total) in text
    assert "November 30, 2026" in text
    assert abs(float(reader.pages[0].mediabox.width) - 612) < 1
    assert err == ""  # a link phones can open: no warning


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ko", ["군사", "합계", "2026년 11월 30일"]),
        ("es", ["Militar", "30 de noviembre de 2026"]),
        ("tr", ["Askeri"]),
    ],
)
def test_sheet_prints_in_the_language_asked_for(capsys, game_file, tmp_path, lang, words):
    out_file = tmp_path / "sheet.pdf"
    status, _, err = run(
        capsys, "sheet", str(game_file), "-o", str(out_file), "--lang", lang, "--date", "2026-11-30"
    )
    assert status == 0, err
    reader = PdfReader(str(out_file))
    text = "\n".join(page.extract_text() for page in reader.pages)
    for word in words:
        assert word in text, (word, text[:300])
    assert "Military" not in text
    assert reader.trailer["/Root"]["/Lang"] == lang


@pytest.mark.parametrize("command", [["sheet", "GAME"], ["pad", "--players", "4"]])
def test_an_unknown_language_is_refused_naming_the_option(capsys, game_file, tmp_path, command):
    args = [str(game_file) if a == "GAME" else a for a in command]
    status, out, err = run(capsys, *args, "-o", str(tmp_path / "x.pdf"), "--lang", "xx")
    assert status == 2 and out == ""
    assert err.startswith("--lang:") and "ko" in err and err.count("\n") == 1
    assert not (tmp_path / "x.pdf").exists()


def test_a_bad_language_from_a_real_process_exits_2_without_a_traceback(tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "assistant",
            "pad",
            "--players",
            "4",
            "-o",
            str(tmp_path / "x.pdf"),
            "--lang",
            "xx",
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr and "--lang" in result.stderr


def test_sheet_warns_when_its_qr_code_leads_to_this_computer_only(capsys, game_file, tmp_path):
    status, _, err = run(
        capsys, "sheet", str(game_file), "-o", str(tmp_path / "s.pdf"), "--url", "http://127.0.0.1:5000/g/x"
    )
    assert status == 0 and err.startswith("Warning: the QR code leads to http://127.0.0.1:5000/g/x")


def test_pad_writes_blank_pads(capsys, tmp_path):
    out_file = tmp_path / "pads.pdf"
    status, _, _ = run(capsys, "pad", "--players", "5", "-o", str(out_file), "--per-page", "2")
    assert status == 0
    text = PdfReader(str(out_file)).pages[0].extract_text()
    assert "Military" in text and "Guilds" in text
    assert "Coins (tie-break)" in text


def test_pad_prints_in_the_language_and_row_order_asked_for(capsys, tmp_path):
    out_file = tmp_path / "pads.pdf"
    status, _, err = run(
        capsys, "pad", "--players", "4", "-o", str(out_file), "--lang", "pl", "--order", "rulebook"
    )
    assert status == 0, err
    reader = PdfReader(str(out_file))
    text = reader.pages[0].extract_text()
    lines = text.splitlines()
    assert lines.index("Konflikty") < lines.index("Nauka") < lines.index("Handel")  # rulebook order
    assert reader.trailer["/Root"]["/Lang"] == "pl"


def test_seven_players_four_a_page_on_letter_get_one_and_the_command_says_so(capsys, tmp_path):
    out_file = tmp_path / "pads.pdf"
    status, _, err = run(
        capsys, "pad", "--players", "7", "--per-page", "4", "--paper", "letter", "-o", str(out_file)
    )
    assert status == 0
    # Two landscape pads a page would leave rows just under 7 mm on letter paper.
    assert err == (
        "Note: 1 pad a page, not 4: 7 players need columns at least 15 mm wide and rows at least 7 mm high.\n"
    )
    assert PdfReader(str(out_file)).pages[0].extract_text().count("Score pad") == 1


@pytest.mark.parametrize("lang", ["pl", "es", "ca", "tr"])
def test_the_note_on_fewer_pads_a_page_follows_the_printed_languages_labels(lang, capsys, tmp_path):
    """Longer labels leave less room for the players: 7 players, 4 a page on A4 print 2 a page
    in these languages. Before, the command planned with English labels and said nothing."""
    from babel.support import Translations

    from assistant.web.i18n import TRANSLATIONS_DIR

    out_file = tmp_path / "pads.pdf"
    status, _, err = run(
        capsys, "pad", "--players", "7", "--per-page", "4", "--lang", lang, "-o", str(out_file)
    )
    assert status == 0
    score_pad = Translations.load(str(TRANSLATIONS_DIR), [lang]).gettext("Score pad")
    printed = PdfReader(str(out_file)).pages[0].extract_text().count(score_pad)
    assert printed == 2
    assert err == (
        "Note: 2 pads a page, not 4: 7 players need columns at least 15 mm wide and rows at least 7 mm high.\n"
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "9"], "--players"),
        (["--players", "4", "--order", "alphabetical"], "--order"),
        (["--players", "4", "--per-page", "3"], "--per-page"),
        (["--players", "4", "--paper", "a5"], "--paper"),
    ],
)
def test_pad_refuses_bad_options(capsys, tmp_path, args, words):
    status, _, err = run(capsys, "pad", *args, "-o", str(tmp_path / "x.pdf"))
    assert status == 2 and words in err


def test_the_pad_order_is_not_said_to_put_science_last_in_every_edition(capsys, tmp_path):
    """The 2020 pad ends with the guilds: neither the help nor the refusal says "science last"."""
    help_text = subprocess.run(
        [sys.executable, "-m", "assistant", "pad", "--help"], capture_output=True, text=True, check=True
    ).stdout
    assert "science last" not in help_text and "--order" in help_text
    status, _, err = run(capsys, "pad", "--players", "4", "--order", "x", "-o", str(tmp_path / "x.pdf"))
    assert status == 2 and "--order" in err and "science last" not in err


def test_an_unknown_command_exits_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["frobnicate"])
    assert exc.value.code == 2
