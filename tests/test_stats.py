"""Issue 16: a table's statistics on a seeded history, checked against values worked out by
hand: ties broken by coins, a shared victory, the Free City (never a player), a pad-entered
game of the 2020 edition, merged spellings, periods and editions."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from assistant.stats import category_order, player_key, read_summary, stats_to_dict, table_stats


def city(
    name: str, total: int, rank: int | None, wonder: str | None = None, side: str | None = "A", **cats: int
):
    return {
        "player": name,
        "total": total,
        "rank": rank,
        "coins": 0,
        "categories": {"military": 0, "science": 0, **cats},
        "wonder": wonder,
        "side": side if wonder else None,
        "free_city": False,
    }


def game(game_id: int, day: str, cities: list[dict[str, Any]], edition: int = 1, pad: bool = False):
    winners = [c["player"] for c in cities if c["rank"] == 1]
    data = {"edition": edition, "winners": winners, "pad": pad, "cities": cities}
    return read_summary(game_id, date.fromisoformat(day), data)


FREE_CITY = {**city("Free City", 50, None, "olympia"), "free_city": True}
HISTORY = [
    # G1: Ana wins by 10.
    game(1, "2026-01-05", [city("Ana", 50, 1, "giza", science=10), city("Bo", 40, 2, "rhodes", "B", science=20),
                           city("Cy", 30, 3, "babylon")]),
    # G2: Bo and Ana tie on 45; Bo has more coins (rank 1 by the tie-break).
    game(2, "2026-01-12", [city("Bo", 45, 1, "giza"), city("Ana", 45, 2, "rhodes"), city("Dee", 20, 3, "ephesus")]),
    # G3: a shared victory (equal points and coins).
    game(3, "2026-01-19", [city("Ana", 44, 1, "alexandria"), city("Cy", 44, 1, "giza"), city("Bo", 30, 3, "rhodes")]),
    # G4: two players and the Free City, which scores most but is never a player.
    game(4, "2026-02-02", [city("Ana", 38, 1, "giza", "B"), city("Bo", 35, 2, "babylon"), FREE_CITY]),
    # G5: a quick pad of the 2020 edition (no wonders), Ana typed as "anna".
    game(5, "2026-02-09", [city("anna", 60, 1, science=30), city("Dee", 10, 2)], edition=2, pad=True),
]  # fmt: skip


def by_name(stats):
    return {p.name: p for p in stats.players}


def test_the_seeded_history_worked_out_by_hand():
    stats = table_stats(HISTORY)
    assert (stats.games, stats.shared, stats.pad_games) == (5, 1, 1)
    players = by_name(stats)
    assert set(players) == {"Ana", "Bo", "Cy", "Dee", "anna"}  # no Free City
    ana = players["Ana"]
    assert (ana.games, ana.wins, ana.shared_wins, ana.points, ana.best) == (4, 3, 1, 177, 50)
    assert ana.win_rate == pytest.approx(0.75) and ana.average == pytest.approx(44.25)
    bo = players["Bo"]
    assert (bo.games, bo.wins, bo.points, bo.best) == (4, 1, 150, 45)  # the tie of G2 is Bo's
    cy = players["Cy"]
    assert (cy.games, cy.wins, cy.shared_wins) == (2, 1, 1)
    assert (players["Dee"].games, players["Dee"].wins) == (2, 0)
    assert [p.name for p in stats.players[:2]] == ["Ana", "Bo"]  # most games, then most wins
    assert ana.category_average("science") == pytest.approx(10 / 4)
    assert [t for _d, _g, t in ana.history] == [50, 45, 44, 38]


def test_records_skip_shared_victories_and_the_free_city():
    stats = table_stats(HISTORY)
    records = {r.what: (r.value, r.name, r.game_id) for r in stats.records}
    assert records == {"total": (60, "anna", 5), "science": (30, "anna", 5), "margin": (50, "anna", 5)}
    first = {r.what: (r.value, r.name, r.game_id) for r in table_stats(HISTORY, edition=1).records}
    # The Free City's 50 in G4 is neither a total record nor the runner-up of a margin.
    assert first == {"total": (50, "Ana", 1), "science": (20, "Bo", 1), "margin": (10, "Ana", 1)}


def test_wonder_win_rates_count_every_side_but_the_free_city():
    wonders = {(w.wonder, w.side): (w.games, w.wins) for w in table_stats(HISTORY).wonders}
    assert wonders[("giza", "A")] == (3, 3)  # Ana G1, Bo G2, Cy G3 (shared counts as a win)
    assert wonders[("rhodes", "A")] == (2, 0) and wonders[("rhodes", "B")] == (1, 0)
    assert ("olympia", "A") not in wonders  # only the Free City sat there
    assert sum(games for games, _w in wonders.values()) == 11  # 13 seats, less G5's two pads


def test_a_merged_spelling_counts_for_one_player():
    names = {player_key("anna"): "Ana"}
    players = by_name(table_stats(HISTORY, names))
    assert "anna" not in players
    ana = players["Ana"]
    assert (ana.games, ana.wins, ana.points, ana.best) == (5, 4, 237, 60)
    assert ana.average == pytest.approx(47.4)


def test_a_renamed_player_keeps_every_game():
    names = {player_key("Bo"): "Bogdan"}
    players = by_name(table_stats(HISTORY, names))
    assert "Bo" not in players and players["Bogdan"].games == 4
    assert players["Bogdan"].key == player_key("Bogdan")


def test_a_period_and_an_edition_choose_the_games():
    period = table_stats(HISTORY, since=date(2026, 1, 12), until=date(2026, 1, 19))
    assert period.games == 2 and (period.first, period.last) == (date(2026, 1, 12), date(2026, 1, 19))
    assert by_name(period)["Ana"].wins == 1  # only the shared G3
    second = table_stats(HISTORY, edition=2)
    assert second.games == 1 and {p.name for p in second.players} == {"anna", "Dee"}
    assert table_stats(HISTORY, since=date(2027, 1, 1)).games == 0


def test_the_statistics_as_json():
    out = stats_to_dict(table_stats(HISTORY))
    ana = next(p for p in out["players"] if p["name"] == "Ana")
    assert ana["win_rate"] == 0.75 and ana["average"] == 44.25 and ana["best"] == 50
    assert out["shared_victories"] == 1 and out["first"] == "2026-01-05"


def test_names_match_across_case_accents_and_spacing():
    assert player_key("  Şule ") == player_key("şule") == player_key("Sule")
    assert player_key("Ana María") == player_key("ana maria")
    assert player_key("★") == "★"  # a name of symbols only is matched as written


def test_the_table_s_category_averages_count_every_player_game():
    stats = table_stats(HISTORY)
    assert stats.seats == 14 - 1  # 14 cities, less the Free City
    # Science: Ana 10 (G1) + Bo 20 (G1) + anna 30 (G5) = 60 over 13 player-games.
    assert stats.category_average("science") == pytest.approx(60 / 13)
    assert stats.category_average("military") == 0


def test_each_wonder_s_games_and_win_rate_whichever_its_side():
    """The whole wonder (side None) beside its sides, by hand from HISTORY: Giza won every
    time it was played (G1 Ana A, G2 Bo A, G3 Cy A shared, G4 Ana B), Rhodes never (G1 Bo B,
    G2 Ana A, G3 Bo A); the Free City's Olympia is nobody's."""
    stats = table_stats(HISTORY)
    whole = [(w.wonder, w.side, w.games, w.wins) for w in stats.wonder_totals]
    assert whole == [
        ("giza", None, 4, 4),
        ("rhodes", None, 3, 0),
        ("babylon", None, 2, 0),
        ("alexandria", None, 1, 1),  # as many games as Ephesus, more wins
        ("ephesus", None, 1, 0),
    ]
    assert stats.wonder_totals[0].win_rate == 1.0 and stats.wonder_totals[1].win_rate == 0.0
    # Each whole wonder is the sum of its sides.
    for w in stats.wonder_totals:
        sides = [s for s in stats.wonders if s.wonder == w.wonder]
        assert (w.games, w.wins) == (sum(s.games for s in sides), sum(s.wins for s in sides))
    ana = by_name(stats)["Ana"]
    assert {k: (w.games, w.wins) for k, w in ana.wonder_totals.items()} == {
        "giza": (2, 2),  # side A in G1, side B in G4
        "rhodes": (1, 0),
        "alexandria": (1, 1),
    }
    out = stats_to_dict(stats)
    assert out["wonder_totals"][0] == {"wonder": "giza", "side": None, "games": 4, "wins": 4, "win_rate": 1.0}
    ana_out = next(p for p in out["players"] if p["name"] == "Ana")
    assert [(w["wonder"], w["side"], w["games"]) for w in ana_out["wonder_totals"]] == [
        ("giza", None, 2),
        ("alexandria", None, 1),
        ("rhodes", None, 1),
    ]


def test_the_categories_follow_the_games_editions():
    """The first edition's pad order (science before commercial), then what a later edition
    adds (the toy edition's "bonus"), none dropped."""
    from tests.conftest import TOY_EDITION

    toy = game(
        6, "2026-02-16", [city("Ana", 9, 1, bonus=3), city("Bo", 1, 2, commercial=1)], edition=TOY_EDITION
    )
    both = table_stats([*HISTORY, toy])
    assert both.categories == ("military", "science", "commercial", "bonus")
    full = ("military", "treasury", "wonder", "civilian", "science", "commercial", "guilds")
    assert category_order([1]) == full and category_order([TOY_EDITION, 1]) == (*full, "bonus")
    assert category_order([2])[:3] == ("wonder", "treasury", "military")  # the 2020 pad's order
    assert by_name(both)["Ana"].category_average("bonus") == pytest.approx(3 / 5)
    assert category_order([1], {"science", "unknown"}) == ("science", "unknown")
