"""Issue 43: in the Cities team game every member of the winning team wins, in the record kept
at the lock and in every number read from it (wins, win rates, wonders, shared victories,
records), and teams have statistics of their own, matched by their players whatever the team
was called. Checked on the hand-worked team games of tests/web/worked_games.py."""

from __future__ import annotations

import copy
from datetime import date
from typing import Any

import pytest

from assistant.rules.gameio import parse_game
from assistant.stats import (
    Chosen,
    may_have_teams,
    player_key,
    read_summary,
    scored_cities,
    seat_wins,
    stats_to_dict,
    table_stats,
    with_teams,
)
from assistant.tables import record_of
from tests.web.worked_games import TEAM_RANKS, TEAM_TOTALS, TEAM_TOTALS_2, team_game


def kept(game: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The record a lock keeps (the summary and the whole sheet)."""
    return record_of(parse_game(game))


def summaries() -> list[Any]:
    first, _sheet = kept(team_game())
    second, _sheet = kept(team_game(second=True))
    return [read_summary(1, date(2026, 3, 5), first), read_summary(2, date(2026, 3, 12), second)]


def by_name(stats: Any) -> dict[str, Any]:
    return {p.name: p for p in stats.players}


def test_the_record_of_a_team_game_keeps_each_city_s_team_and_the_teams():
    summary, sheet = kept(team_game())
    cities = summary["cities"]
    assert [(c["player"], c["total"], c["rank"]) for c in cities] == [
        (name, TEAM_TOTALS[name], TEAM_RANKS[name]) for name in ("Ana", "Ben", "Cy", "Di")
    ]
    assert [c["team"] for c in cities] == ["Sun", "Sun", "Moon", "Moon"]
    assert summary["teams"] == [
        {"team": "Sun", "players": ["Ana", "Ben"], "total": 75, "coins": 15, "rank": 1},
        {"team": "Moon", "players": ["Cy", "Di"], "total": 72, "coins": 3, "rank": 2},
    ]
    assert summary["winners"] == sheet["winners"] == ["Ana", "Ben"]
    # Ana, last of the four, wins with her team; Ben, first, too; Cy, second, loses.
    assert seat_wins(summary) == [True, True, False, False]
    assert [c["won"] for c in scored_cities(summary)] == [True, True, False, False]


def test_a_game_without_teams_keeps_an_empty_list_and_wins_by_rank():
    from tests.web.worked_games import three

    summary, _sheet = kept(three())
    assert summary["teams"] == [] and all("team" not in c for c in summary["cities"])
    assert seat_wins(summary) == [True, False, False]
    assert not may_have_teams(summary)


def test_every_member_of_the_winning_team_wins_and_no_one_else():
    stats = table_stats(summaries())
    players = by_name(stats)
    # Before issue 43: Ben won the first night (rank 1), Cy the second, Ana and Di never.
    assert {n: (p.games, p.wins) for n, p in players.items()} == {
        "Ana": (2, 2),
        "Ben": (2, 2),
        "Cy": (2, 0),
        "Di": (2, 0),
    }
    assert players["Ana"].win_rate == pytest.approx(1.0) and players["Cy"].win_rate == 0.0
    assert players["Ana"].average == pytest.approx((30 + 35) / 2) and players["Ben"].best == 45
    assert (stats.games, stats.shared, stats.team_games) == (2, 0, 2)  # one team won each night
    assert players["Ana"].shared_wins == players["Ben"].shared_wins == 0
    wonders = {w.wonder: (w.games, w.wins) for w in stats.wonder_totals}
    assert wonders == {"giza": (1, 1), "rhodes": (1, 1), "babylon": (1, 0), "ephesus": (1, 0)}
    assert players["Ana"].wonder_totals["giza"].wins == 1


def test_a_team_game_gives_no_player_a_margin_record():
    records = {r.what: (r.value, r.name, r.game_id) for r in table_stats(summaries()).records}
    # The best total is Cy's 52 the second night; science 10 first by Di (then Cy: not more).
    assert records == {"total": (TEAM_TOTALS_2["Cy"], "Cy", 2), "science": (10, "Di", 1)}


def test_teams_are_matched_by_their_players_whatever_the_team_was_called():
    stats = table_stats(summaries())
    teams = [(t.players, t.games, t.wins, t.shared_wins, t.best, dict(t.names)) for t in stats.teams]
    assert teams == [
        (["Ana", "Ben"], 2, 2, 0, 75, {"Sun": 1, "2": 1}),
        (["Cy", "Di"], 2, 0, 0, 72, {"Moon": 1, "1": 1}),
    ]
    ana_ben, cy_di = stats.teams
    assert ana_ben.key == (player_key("Ana"), player_key("Ben"))
    assert ana_ben.average == pytest.approx((75 + 68) / 2) and ana_ben.win_rate == 1.0
    assert cy_di.average == pytest.approx((72 + 64) / 2) and cy_di.win_rate == 0.0
    assert stats.teams_of(player_key("Ben")) == [ana_ben]


def test_a_renamed_or_merged_player_stays_in_the_same_team():
    records = summaries()
    # The second night Ben was typed "ben" and the table shows him as "Benjamin".
    second = kept(team_game(second=True))[0]
    second["cities"][3]["player"] = "ben"
    records[1] = read_summary(2, date(2026, 3, 12), second)
    stats = table_stats(records, {player_key("Ben"): "Benjamin", player_key("ben"): "Benjamin"})
    assert [(t.players, t.games, t.wins) for t in stats.teams] == [
        (["Ana", "Benjamin"], 2, 2),
        (["Cy", "Di"], 2, 0),
    ]
    assert (by_name(stats)["Benjamin"].games, by_name(stats)["Benjamin"].wins) == (2, 2)


def test_a_period_counts_the_teams_of_its_games_only():
    stats = table_stats(summaries(), chosen=Chosen(since=date(2026, 3, 10)))
    assert [(t.players, t.games, t.wins) for t in stats.teams] == [
        (["Ana", "Ben"], 1, 1),
        (["Cy", "Di"], 1, 0),
    ]
    base = table_stats(summaries(), chosen=Chosen(expansion="base"))
    assert base.teams == [] and base.team_games == 0


def test_two_teams_sharing_the_victory_share_it_four_ways():
    summary = kept(team_game())[0]
    # As if Moon had 75 points and 15 coins too: both teams ranked first.
    for team in summary["teams"]:
        team["rank"] = 1
    stats = table_stats([read_summary(1, date(2026, 3, 5), summary)])
    assert stats.shared == 1
    assert {p.name: (p.wins, p.shared_wins) for p in stats.players} == {
        "Ana": (1, 1),
        "Ben": (1, 1),
        "Cy": (1, 1),
        "Di": (1, 1),
    }
    assert [(t.wins, t.shared_wins) for t in stats.teams] == [(1, 1), (1, 1)]


def test_without_the_teams_ranks_the_winners_name_the_winning_team():
    summary = kept(team_game())[0]
    del summary["teams"]
    summary["winners"] = ["Ben"]  # one winner named: his team won
    assert seat_wins(summary) == [True, True, False, False]


def old_record(summary: dict[str, Any], winners: list[str]) -> dict[str, Any]:
    """A record as kept before teams were: no ``teams``, no city's ``team``."""
    old = copy.deepcopy(summary)
    del old["teams"]
    for city in old["cities"]:
        del city["team"]
    old["winners"] = winners
    return old


@pytest.mark.parametrize("winners", [["Ana", "Ben"], ["Ben"], []])
def test_a_record_kept_before_teams_were_gets_them_from_the_sheet_kept_with_it(winners):
    summary, sheet = kept(team_game())
    old = old_record(summary, winners)
    assert may_have_teams(old)
    # Read as it is, the team game is not seen: Ben alone wins (his own rank 1).
    assert seat_wins(old) == [False, True, False, False]
    assert with_teams(old, sheet) == summary  # teams, each city's team, and both winners
    stats = table_stats([read_summary(1, date(2026, 3, 5), with_teams(old, sheet))])
    assert {p.name: p.wins for p in stats.players} == {"Ana": 1, "Ben": 1, "Cy": 0, "Di": 0}


def test_a_sheet_without_teams_or_naming_other_players_leaves_a_record_as_it_was():
    summary, sheet = kept(team_game())
    old = old_record(summary, ["Ana", "Ben"])
    assert with_teams(old, {**sheet, "teams": None}) == old
    assert with_teams(old, None) == old
    others = copy.deepcopy(sheet)
    others["teams"][0]["players"] = ["Anna", "Ben"]  # a record whose names the sheet does not give
    assert with_teams(old, others) == old


def test_the_statistics_as_json_give_the_teams():
    out = stats_to_dict(table_stats(summaries()))
    assert out["team_games"] == 2
    assert out["teams"][0] == {
        "keys": ["ana", "ben"],
        "players": ["Ana", "Ben"],
        "names": ["Sun", "2"],
        "games": 2,
        "wins": 2,
        "shared_wins": 0,
        "win_rate": 1.0,
        "average": 71.5,
        "best": 75,
    }
    assert {p["name"]: p["wins"] for p in out["players"]} == {"Ana": 2, "Ben": 2, "Cy": 0, "Di": 0}
