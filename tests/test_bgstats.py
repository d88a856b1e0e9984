"""A locked game as a BG Stats play (issue 45): the link BG Stats documents for plays from
other apps, decoded back: the edition's BoardGameGeek id, the date, every player's name,
total, rank and whether they won (every member of a winning team), the game's own link."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from urllib.parse import unquote

from assistant.bgstats import CREATE_PLAY, link_of, play_of
from assistant.rules import parse_game
from assistant.tables import record_of
from tests.web.worked_games import THREE_TOTALS, team_game, three

WHEN = datetime(2026, 12, 5, 20, 30, tzinfo=UTC)


def _decoded(link: str) -> dict:
    assert link.startswith(CREATE_PLAY)
    return json.loads(unquote(link[len(CREATE_PLAY) :]))


def test_a_locked_games_play_names_every_player_with_total_rank_and_win():
    record, _sheet = record_of(parse_game(three()))
    play = _decoded(link_of(play_of(record, WHEN, "https://example.org/g/VIEW", "VIEW")))
    assert play["game"] == {"bggId": 68448, "name": "7 Wonders"}
    assert play["playDate"] == "2026-12-05 20:30:00"
    assert {p["name"]: p["score"] for p in play["players"]} == THREE_TOTALS
    assert [(p["name"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Ana", 1, True), ("Bartek", 2, False), ("Şule", 3, False)
    ]  # fmt: skip
    assert play["comments"] == "https://example.org/g/VIEW" and play["sourceGameId"] == "VIEW"


def test_every_member_of_the_winning_team_is_a_winner_and_the_second_edition_its_own_game():
    record, _sheet = record_of(parse_game(team_game()))
    play = play_of(record, WHEN, "link", "id")
    # Ana and Ben (30 + 45 = 75) beat Cy and Di (40 + 32 = 72): Ana wins, last on her own score.
    assert {p["name"] for p in play["players"] if p["winner"]} == {"Ana", "Ben"}
    second = {**record, "edition": 2}
    assert play_of(second, WHEN, "link", "id")["game"] == {
        "bggId": 316377,
        "name": "7 Wonders (Second Edition)",
    }


def test_the_free_city_is_not_a_player_and_a_naive_time_is_utc():
    game = three()
    game["cities"][2]["free_city"] = True
    record, _sheet = record_of(parse_game(game))
    play = play_of(record, datetime(2026, 12, 5, 20, 30), "link", "id")
    assert [p["name"] for p in play["players"]] == ["Ana", "Bartek"]
    assert play["playDate"] == "2026-12-05 20:30:00"
