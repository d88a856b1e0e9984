"""A locked game's kept record read back keeps its teams: a team game whose record differs
from today's scoring still shows its teams' totals and ranks on the scoreboard and the sheet."""

from __future__ import annotations

from assistant.rules import parse_game, score_game
from assistant.rules.gameio import sheet_to_dict
from assistant.web.gamestate import sheet_of_record
from tests.web.worked_games import team_game


def test_the_record_of_a_team_game_read_back_keeps_its_teams():
    sheet = score_game(parse_game(team_game()))
    assert sheet.teams  # Ana and Ben against Cy and Di
    kept = sheet_of_record(sheet_to_dict(sheet))
    assert kept.teams == sheet.teams and kept.winners == sheet.winners
