"""Issue 16: a table's statistics on a seeded history, checked against values worked out by
hand: ties broken by coins, a shared victory, the Free City (never a player), a pad-entered
game of the 2020 edition, merged spellings, periods and editions."""

from __future__ import annotations

import copy
import re
from datetime import date
from typing import Any

import pytest

from assistant.stats import Chosen, category_order, player_key, read_summary, stats_to_dict, table_stats
from tests.web.worked_games import FIRST_EDITION_CATEGORIES


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
    first = {
        r.what: (r.value, r.name, r.game_id) for r in table_stats(HISTORY, chosen=Chosen(edition=1)).records
    }
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
    period = table_stats(HISTORY, chosen=Chosen(since=date(2026, 1, 12), until=date(2026, 1, 19)))
    assert period.games == 2 and (period.first, period.last) == (date(2026, 1, 12), date(2026, 1, 19))
    assert by_name(period)["Ana"].wins == 1  # only the shared G3
    second = table_stats(HISTORY, chosen=Chosen(edition=2))
    assert second.games == 1 and {p.name for p in second.players} == {"anna", "Dee"}
    assert table_stats(HISTORY, chosen=Chosen(since=date(2027, 1, 1))).games == 0


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
    full = FIRST_EDITION_CATEGORIES
    assert category_order([1]) == full and category_order([TOY_EDITION, 1]) == (*full, "bonus")
    assert category_order([2])[:3] == ("wonder", "treasury", "military")  # the 2020 pad's order
    # A row some games have (an edition's or an expansion's) is averaged over those games.
    assert by_name(both)["Ana"].category_average("bonus") == pytest.approx(3 / 1)
    assert by_name(both)["Ana"].category_average("military") == pytest.approx(
        sum(s.categories.get("military", 0) for g in [*HISTORY, toy] for s in g.seats if s.name == "Ana") / 5
    )
    assert category_order([1], {"science", "unknown"}) == ("science", "unknown")


# --- end to end: real games stored through the API, locked, counted ---------------------------


def _pad(name: str, coins: int, *points: int) -> dict[str, Any]:
    """A city entered on the pad: its points in the first edition's order."""
    return {
        "player": name,
        "coins": coins,
        "categories": dict(zip(FIRST_EDITION_CATEGORIES, points, strict=True)),
    }


# G1, cards: tests/web/worked_games.py's hand-scored THREE: Ana 25 (Giza), Bartek 20 (Rhodes), Şule 15
#   (Babylon); Ana wins by 5.
# G2, pad: Ana and Bartek tie on 40; Bartek's 5 coins beat Ana's 2: Bartek wins.
G2_PAD = {"edition": 1, "cities": [
    _pad("Ana", 2, 3, 0, 7, 15, 10, 2, 3),      # 40
    _pad("Bartek", 5, 6, 1, 10, 12, 5, 4, 2),   # 40, more coins
    _pad("Şule", 9, -2, 3, 5, 9, 10, 3, 2),     # 30
]}  # fmt: skip
# G3, cards, two players and the Free City (which scores most, and is nobody):
#   Ana   Giza A 2 stages (3+5), 7 coins (2), Baths 3 + Altar 2 + Temple 3    = 18
#   Şule  Babylon A 1 stage (3), 3 coins (1), two tablets (4)               = 8
#   Free City  Rhodes A, 45 coins (15), Palace 8                            = 23, no rank
G3_FREE_CITY = {"edition": 1, "cities": [
    {"player": "Ana", "wonder": "giza", "side": "A", "stages": 2, "coins": 7,
     "cards": ["lumber-yard", "baths", "altar", "temple"], "military": []},
    {"player": "Şule", "wonder": "babylon", "side": "A", "stages": 1, "coins": 3,
     "cards": ["scriptorium", "library"], "military": []},
    {"player": "Free City", "free_city": True, "wonder": "rhodes", "side": "A", "stages": 0, "coins": 45,
     "cards": ["palace"], "military": []},
]}  # fmt: skip
# G4, pad: Ana and Şule tie on 45 and on 4 coins: a shared victory.
G4_SHARED = {"edition": 1, "cities": [
    _pad("Ana", 4, 5, 1, 10, 14, 8, 4, 3),      # 45
    _pad("Şule", 4, 0, 1, 7, 10, 14, 6, 7),     # 45, as many coins
    _pad("Bartek", 3, 9, 1, 5, 12, 2, 3, 3),    # 35
]}  # fmt: skip


def test_the_statistics_of_real_games_stored_through_the_api(client):
    from tests.web.worked_games import three

    table = client.post("/api/v1/tables", json={"name": "Game night"}).get_json()["token"]
    for game in (three(), G2_PAD, G3_FREE_CITY, G4_SHARED):
        created = client.post("/api/v1/games", json={"game": game, "table": table})
        assert created.status_code == 201, created.get_json()
        assert client.post(f"/api/v1/games/{created.get_json()['token']}/lock").status_code == 200
    client.post("/api/v1/games", json={"game": G2_PAD, "table": table})  # still open: not counted
    body = client.get(f"/api/v1/tables/{table}").get_json()
    assert len(body["games"]) == 5
    stats = body["stats"]
    assert (stats["games"], stats["shared_victories"], stats["pad_games"]) == (4, 1, 2)
    assert stats["categories"] == list(FIRST_EDITION_CATEGORIES)
    players = {p["name"]: p for p in stats["players"]}
    assert list(players) == ["Ana", "Şule", "Bartek"]  # 4 games and 3 wins, 4 and 1, 3 and 1
    numbers = {
        n: (p["games"], p["wins"], p["shared_wins"], p["best"], p["average"]) for n, p in players.items()
    }
    assert numbers == {
        "Ana": (4, 3, 1, 45, 32.0),  # G1, G3, G4 shared; 25 + 40 + 18 + 45 = 128
        "Bartek": (3, 1, 0, 40, 31.67),  # G2 on coins; 20 + 40 + 35 = 95
        "Şule": (4, 1, 1, 45, 24.5),  # G4 shared; 15 + 30 + 8 + 45 = 98
    }
    assert players["Ana"]["win_rate"] == 0.75 and players["Bartek"]["win_rate"] == 0.3333
    assert [t["total"] for t in players["Ana"]["totals"]] == [25, 40, 18, 45]
    assert players["Ana"]["categories"] == {
        "military": 2.75,  # 3 + 3 + 0 + 5
        "treasury": 1.25,  # 2 + 0 + 2 + 1
        "wonder": 8.25,  # 8 + 7 + 8 + 10
        "civilian": 11.25,  # 8 + 15 + 8 + 14
        "science": 5.5,  # 4 + 10 + 0 + 8
        "commercial": 1.5,
        "guilds": 1.5,
    }
    assert players["Şule"]["categories"]["science"] == 11.0  # 16 + 10 + 4 + 14
    assert players["Bartek"]["categories"]["military"] == 8.0  # 9 + 6 + 9
    # Wonders: only the card-entered games have them, the Free City's Rhodes is nobody's.
    assert [(w["wonder"], w["games"], w["wins"]) for w in stats["wonder_totals"]] == [
        ("giza", 2, 2),
        ("babylon", 2, 0),
        ("rhodes", 1, 0),
    ]
    assert {(w["wonder"], w["side"]): w["games"] for w in stats["wonders"]} == {
        ("giza", "A"): 2,
        ("babylon", "A"): 2,
        ("rhodes", "A"): 1,
    }
    # Records: the Free City's 23 is no record; a shared victory has no margin; G2's tie won
    # on coins is a margin of 0.
    g = {t["total"]: t["game"] for t in players["Ana"]["totals"]}
    records = {r["what"]: (r["value"], r["player"], r["game"]) for r in stats["records"]}
    assert records == {
        "total": (45, "Ana", g[45]),
        "science": (16, "Şule", g[25]),
        "margin": (10, "Ana", g[18]),
    }
    # The table page shows the same numbers.
    page = client.get(f"/t/{table}").get_data(as_text=True)
    assert "4 games counted" in page and "1 game is still open" in page and "1 shared victory" in page
    row = re.search(r'<tr><th scope="row"><a [^>]*>Bartek</a></th>\s*(.*?)</tr>', page, re.S).group(1)
    assert re.findall(r"<td>([^<]*)", row) == ["3", "1 ", "31.7", "40"]
    # Civilian, a player-game's average: 8 + 6 + 0 | 15 + 12 + 9 | 8 + 0 | 14 + 10 + 12 = 94 over 11.
    assert re.search(r'class="swatch cat-civilian"></span>[^<]*: <b>8.5</b>', page)


def test_a_tables_statistics_split_by_expansions(client):
    """Issue 24: the table's statistics and games with and without an expansion, and the
    averages of an expansion's rows over the games played with it."""
    from tests.web.worked_games import three

    cities_game = copy.deepcopy(G2_PAD)
    cities_game["expansions"] = ["cities"]
    for city, (black, debt) in zip(cities_game["cities"], [(6, -2), (2, 0), (4, -5)], strict=True):
        city["categories"] |= {"cities": black, "debt": debt}
    # Ana 40 + 6 - 2 = 44, Bartek 40 + 2 = 42, Şule 30 + 4 - 5 = 29: Ana wins with Cities.
    table = client.post("/api/v1/tables", json={"name": "Club"}).get_json()["token"]
    for game in (three(), cities_game):
        created = client.post("/api/v1/games", json={"game": game, "table": table})
        assert created.status_code == 201, created.get_json()
        assert client.post(f"/api/v1/games/{created.get_json()['token']}/lock").status_code == 200

    def stats(expansion: str) -> dict[str, Any]:
        body = client.get(f"/api/v1/tables/{table}?expansion={expansion}").get_json()
        return body

    with_cities, without, base = stats("with:cities"), stats("without:cities"), stats("base")
    assert [g.get("expansions") for g in with_cities["games"]] == [["cities"]]
    assert with_cities["stats"]["games"] == 1 and without["stats"]["games"] == 1 == base["stats"]["games"]
    ana = {p["name"]: p for p in with_cities["stats"]["players"]}["Ana"]
    assert (ana["wins"], ana["best"]) == (1, 44)
    every = {p["name"]: p for p in stats("")["stats"]["players"]}
    # Ana's debt averaged over the one game with Cities, not over both games.
    assert every["Ana"]["categories"]["debt"] == -2 and every["Ana"]["categories"]["cities"] == 6
    assert every["Ana"]["games"] == 2
    assert client.get(f"/api/v1/tables/{table}?expansion=cities").status_code == 400
    page = client.get(f"/t/{table}?expansion=with:cities").get_data(as_text=True)
    assert 'value="with:cities" selected' in page and "1 game counted" in page


def test_a_tables_export_and_import_keep_each_games_expansions_and_teams(client):
    game = {
        "edition": 1,
        "expansions": ["cities", "armada"],
        "cities": [
            {**_pad(name, 3, 1, 1, 5, 10, 0, 2, 0), "team": team, "naval_by_age": naval}
            for name, team, naval in [
                ("Ana", "a", [1, 2, 3]), ("Bo", "a", [0, 0, 0]), ("Cy", "b", [2, 2, 2]), ("Di", "b", [0, 1, 5]),
            ]
        ],
    }  # fmt: skip
    source = client.post("/api/v1/tables", json={"name": "Club"}).get_json()["token"]
    created = client.post("/api/v1/games", json={"game": game, "table": source})
    assert created.status_code == 201, created.get_json()
    client.post(f"/api/v1/games/{created.get_json()['token']}/lock")
    exported = client.get(f"/t/{source}/export.json").get_json()
    target = client.post("/api/v1/tables", json={"name": "Copy"}).get_json()["token"]
    imported = client.post(f"/api/v1/tables/{target}/import", json=exported)
    assert imported.status_code in (200, 201), imported.get_json()
    body = client.get(f"/api/v1/tables/{target}?expansion=with:armada").get_json()
    assert body["stats"]["games"] == 1 and body["games"][0]["expansions"] == ["cities", "armada"]
    token = body["games"][0]["view_token"]
    again = client.get(f"/api/v1/games/{token}").get_json()
    assert [c["team"] for c in again["game"]["cities"]] == ["a", "a", "b", "b"]
    assert [t["team"] for t in again["scores"]["teams"]] == ["a", "b"]
    assert again["game"]["cities"][3]["naval_by_age"] == [0, 1, 5]
