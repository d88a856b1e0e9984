"""The team game (Cities, issue 43) in print: the score sheet shows each city's team over its
column and the teams' totals and ranks under the players' (not only in the winner's box),
and a blank pad for Cities has a row to write the teams in, over each two neighbouring
columns, and a row for their totals.

Games are scored by the rules core from the game format, as a table enters them; pages are
kept as PNG in ``test-output/pdf/``.
"""

from __future__ import annotations

import itertools
import re
import subprocess
from io import BytesIO
from typing import Any

import pypdf
import pytest

from assistant.pdf import pad_plan, score_pad_pdf, score_sheet_pdf
from assistant.pdf.pads import TEAM_HINT
from assistant.rules import parse_game, score_game
from assistant.rules.model import ScoreSheet
from tests.pdf.conftest import poppler_text, require_tool
from tests.pdf.test_long_names import NAME_TYPE, cells_between, name_cells, rejoins
from tests.pdf.test_sheet import URL, assert_inside_margins_and_apart, line_starting, text_of
from tests.web.worked_games import TEAM_TOTALS, team_game

LEADERS_CITIES = (
    "military",
    "treasury",
    "wonder",
    "civilian",
    "science",
    "commercial",
    "guilds",
    "leaders",
    "cities",
)
WONDERS = ("rhodes", "giza", "alexandria", "babylon", "olympia", "ephesus", "halicarnassus")
EIGHT = [
    "Żaneta Wiśniewska-Kowalczyk", "Ben", "Łukasz Brzęczyszczykiewicz", "İsmail Çağlayan Şentürk",
    "김민준 Kim Min-jun", "Begoña Fernández de la Vega", "Núria Puigdollers i Vilanova", "Di",
]  # fmt: skip


def leaders_cities_game(names: list[str], teams: list[str] | None) -> dict[str, Any]:
    """A Leaders and Cities game entered from the pad: each city's points by row, its coins,
    and its team (teams of two sitting side by side) when ``teams`` names them."""
    cities = []
    for seat, name in enumerate(names):
        points = {row: (seat * 3 + i) % 9 for i, row in enumerate(LEADERS_CITIES)}
        city: dict[str, Any] = {
            "player": name,
            "coins": 3 + seat,
            "categories": points | {"debt": -(seat % 3)},
        }
        if seat < len(WONDERS):
            city |= {"wonder": WONDERS[seat], "side": "A"}
        if teams is not None:
            city["team"] = teams[seat]
        cities.append(city)
    return {"edition": 1, "expansions": ["leaders", "cities"], "cities": cities}


def scored(game: dict[str, Any]) -> ScoreSheet:
    return score_game(parse_game(game))


def numbers(text: str, label: str) -> list[str]:
    return line_starting(text, label)


# --- the score sheet -------------------------------------------------------------------------


def test_the_worked_team_game_shows_each_team_over_its_players_with_its_total_and_rank(keep):
    """The hand-worked game: Sun (Ana 30 + Ben 45 = 75) beats Moon (Cy 40 + Di 32 = 72)."""
    sheet = scored(team_game())
    pdf = score_sheet_pdf(sheet, url=URL, invariant=True)
    path = keep(pdf, "sheet-team-game-4")
    front = text_of(pdf)[0]
    assert numbers(front, "Team") == ["Sun", "Moon"]
    assert numbers(front, "Total") == [str(TEAM_TOTALS[p]) for p in ("Ana", "Ben", "Cy", "Di")]
    assert numbers(front, "Team total") == ["75", "72"]
    assert numbers(front, "Team rank") == ["1", "2"]
    # The team's cell spans its two players' columns: its name centred over the two.
    assert [[d[0] for d in cell] for cell in cells_between(pdf, "Team", "Player")] == [["Sun"], ["Moon"]]
    # Each city's section of the details names its team beside its board.
    details = "\n".join(text_of(pdf)[1:])
    for player, team in (("Ana", "Sun"), ("Ben", "Sun"), ("Cy", "Moon"), ("Di", "Moon")):
        assert re.search(rf"{player}\s.*·\s*Team {team}\b", details), (player, details[:400])
    assert_inside_margins_and_apart(path, margin=20)


def test_an_eight_player_leaders_and_cities_team_game_fits_its_front_page(keep):
    teams = ["Sun", "Sun", "Moon", "Moon", "The Long-Named Wanderers of Rhodes", "The Long-Named Wanderers of Rhodes", "4", "4"]  # fmt: skip
    sheet = scored(leaders_cities_game(EIGHT, teams))
    pdf = score_sheet_pdf(sheet, url=URL, invariant=True)
    path = keep(pdf, "sheet-team-game-8-leaders-cities")
    front = text_of(pdf)[0]
    by_team = {team.team: team for team in sheet.teams}
    assert numbers(front, "Team total") == [str(by_team[t].total) for t in ("Sun", "Moon", teams[4], "4")]
    assert numbers(front, "Team rank") == [str(by_team[t].rank) for t in ("Sun", "Moon", teams[4], "4")]
    team_cells = [" ".join(d[0] for d in cell) for cell in cells_between(pdf, "Team", "Player")]
    assert team_cells == ["Sun", "Moon", "The Long-Named Wanderers of Rhodes", "4"]
    # The players' names keep to 8 points and three lines there too.
    for name, cell in zip(EIGHT, name_cells(pdf), strict=True):
        assert len(cell) <= 3 and min(d[1] for d in cell) >= NAME_TYPE and rejoins(name, [d[0] for d in cell])
    assert_inside_margins_and_apart(path, margin=20)


def test_a_six_player_team_game_and_a_team_sitting_at_both_ends_of_the_order(keep):
    """Seats 0 and 5 are neighbours round the table: their team gets a cell at each end of
    the table, each with its name and total."""
    names = ["Ana", "Ben", "Cy", "Di", "Ed", "Flo"]
    sheet = scored(leaders_cities_game(names, ["Red", "Blue", "Blue", "Green", "Green", "Red"]))
    pdf = score_sheet_pdf(sheet, invariant=True)
    keep(pdf, "sheet-team-game-6-ends")
    front = text_of(pdf)[0]
    by_team = {team.team: team for team in sheet.teams}
    assert numbers(front, "Team") == ["Red", "Blue", "Green", "Red"]
    assert numbers(front, "Team total") == [str(by_team[t].total) for t in ("Red", "Blue", "Green", "Red")]


def test_a_game_without_teams_has_no_team_rows():
    sheet = scored(leaders_cities_game(EIGHT[:7], None))
    front = text_of(score_sheet_pdf(sheet, invariant=True))[0]
    assert "Team total" not in front and "Team rank" not in front


def test_teams_the_table_cannot_show_stay_in_the_winners_box():
    """A sheet whose teams name a player no city has (made by hand): the box lists them."""
    from assistant.rules.records import replace

    sheet = scored(team_game())
    odd = replace(sheet, teams=tuple(replace(t, players=(*t.players[:1], "Zofia")) for t in sheet.teams))
    front = text_of(score_sheet_pdf(odd, invariant=True))[0]
    assert "Team total" not in front
    assert "1. Team Sun (Ana and Zofia): 75 victory points" in re.sub(r"\s+", " ", front)


# --- the blank pad ----------------------------------------------------------------------------


WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


@pytest.mark.parametrize(("edition", "players"), [(1, 8), (1, 4), (2, 6)])
def test_a_pad_for_cities_has_a_team_row_over_each_two_columns_and_a_team_total(edition, players, keep):
    pdf = score_pad_pdf(players, edition=edition, expansions=("cities",), url=URL, invariant=True)
    path = keep(pdf, f"pad-cities-teams-{edition}-{players}p")
    text = pypdf.PdfReader(BytesIO(pdf)).pages[0].extract_text()
    plan = pad_plan(players, edition=edition, expansions=("cities",), url=URL)
    assert text.count("Team total") == plan.per_page
    assert text.count("Coins (tie-break)") == plan.per_page
    flat = re.sub(r"\s+", " ", poppler_text(path))
    assert TEAM_HINT.msgid in flat
    if not require_tool("pdftotext", "poppler-utils"):
        return
    html = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
    words = [(float(x0), float(y0), w) for x0, y0, _x1, _y1, w in WORD.findall(html)]
    # The teams' numbers, one over each two columns: 1 to players / 2, two columns apart.
    team_row = min(y for _x, y, w in words if w == "Team")
    marks = sorted((x, w) for x, y, w in words if w.isdigit() and abs(y - team_row) < plan.row_height)
    marks = [(x, w) for x, w in marks if w in {str(n) for n in range(1, players // 2 + 1)}][: players // 2]
    assert [w for _x, w in marks] == [str(n) for n in range(1, players // 2 + 1)], marks
    gaps = {round(b[0] - a[0], 1) for a, b in itertools.pairwise(marks)}
    assert all(abs(gap - 2 * plan.column_width) < 1 for gap in gaps), (gaps, plan.column_width)


@pytest.mark.parametrize(
    ("players", "expansions"),
    [(7, ("cities",)), (3, ("cities",)), (6, ()), (6, ("leaders",)), (2, ("cities",))],
)
def test_a_pad_has_no_team_rows_unless_the_table_can_play_the_team_game(players, expansions):
    """An odd table cannot sit in teams of two, nor two players with the Free City, and
    only an expansion with a team game (Cities) has one."""
    pdf = score_pad_pdf(players, edition=1, expansions=expansions, invariant=True)
    text = pypdf.PdfReader(BytesIO(pdf)).pages[0].extract_text()
    assert "Team total" not in text and "Team game" not in text


def test_team_pads_still_leave_room_to_write_on_every_paper_and_count():
    from reportlab.lib.units import mm

    for paper in ("A4", "letter"):
        for players in (4, 6, 8):
            for per_page in (1, 2, 4):
                plan = pad_plan(
                    players, paper=paper, per_page=per_page, url=URL, expansions=("leaders", "cities")
                )
                assert plan.column_width >= 15 * mm - 0.01 and plan.row_height >= 7 * mm - 0.01


def test_the_pads_page_prints_the_team_rows_for_cities(client):
    """The web form passes the expansions ticked (/pads?edition=1&expansions=cities)."""
    response = client.get(
        "/pads?edition=1&expansions=cities&players=8&paper=a4&per_page=1&order=pad&lang=en&submit=1"
    )
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = pypdf.PdfReader(BytesIO(response.data)).pages[0].extract_text()
    assert "Team total" in text
