"""A table with real expansions on the web: Cities and Armada chosen at set-up (eight seats,
the team game), each city's naval strength and team on its page, the naval conflicts and
the teams on the scoreboard; every expansion offered for both lines."""

from __future__ import annotations

import re

import pytest

from tests.web.test_games import city_form, stored

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Hu"]


def _game(client, n: int, expansions: list[str], teams: bool = True, edition: int = 1) -> str:
    data = {"edition": str(edition), "expansions": expansions, "deal": "y"}
    data |= {f"seats-{i}-player": name for i, name in enumerate(NAMES[:n])}
    if teams:
        data["teams"] = "y"
    response = client.post("/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[-1]


def test_a_cities_and_armada_table_seats_eight_in_teams_of_two(nocsrf_app, nocsrf_client):
    page = nocsrf_client.get("/new?edition=1&expansions=cities,armada").get_data(as_text=True)
    assert len(re.findall(r'name="seats-\d+-player"', page)) == 8 and 'name="teams"' in page
    token = _game(nocsrf_client, 8, ["cities", "armada"])
    game = nocsrf_client.get(f"/api/v1/games/{token}").get_json()["game"]
    assert game["expansions"] == ["cities", "armada"]
    assert [c["team"] for c in game["cities"]] == ["1", "1", "2", "2", "3", "3", "4", "4"]


def test_an_odd_table_cannot_play_in_teams_and_loses_no_name(nocsrf_client):
    data = {"edition": "1", "expansions": "cities", "deal": "y", "teams": "y"}
    data |= {f"seats-{i}-player": name for i, name in enumerate(NAMES[:5])}
    response = nocsrf_client.post("/new", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and "4, 6 or more players" in page
    assert all(f'value="{name}"' in page for name in NAMES[:5])


def test_naval_strength_and_team_on_a_citys_page_reach_the_scoreboard(nocsrf_app, nocsrf_client):
    token = _game(nocsrf_client, 4, ["cities", "armada"])
    page = nocsrf_client.get(f"/g/{token}/city/0").get_data(as_text=True)
    assert re.findall(r'name="(naval_by_age-\d)"', page) == [
        "naval_by_age-0",
        "naval_by_age-1",
        "naval_by_age-2",
    ]
    assert 'name="team" ' in page or 'name="team"' in page
    # Naval strengths, hand-worked: Age I [3, 1, 0, 0]: Ana 3, Bo 1, Cy and Di -1.
    # Age II [3, 4, 4, 0]: Bo and Cy tie for the strongest: 3 each; Ana is third: nothing; Di -2.
    # Age III [5, 4, 6, 0]: Cy 7, Ana 5, Bo 3, Di -3.  Ana 8, Bo 7, Cy 9, Di -6.
    strengths = [[3, 3, 5], [1, 4, 4], [0, 4, 6], [0, 0, 0]]
    for seat, naval in enumerate(strengths):
        row = stored(nocsrf_app, token)
        city = dict(row.cities[seat].data)
        changes = {f"naval_by_age-{age}": str(v) for age, v in enumerate(naval)}
        changes["team"] = city["team"] if seat != 1 else "1"
        changes["categories-debt"] = "-2" if seat == 3 else ""
        form = city_form(city, row.cities[seat].version, **changes)
        response = nocsrf_client.post(f"/g/{token}/city/{seat}", data=form)
        assert response.status_code == 302, response.get_data(as_text=True)
    saved = stored(nocsrf_app, token).cities
    assert saved[0].data["naval_by_age"] == [3, 3, 5] and saved[3].data["categories"] == {"debt": -2}
    score = nocsrf_client.get(f"/api/v1/games/{token}").get_json()["scores"]
    naval = [c["categories"]["naval"] for c in score["cities"]]
    assert naval == [8, 7, 9, -6]
    teams = {t["team"]: t["total"] for t in score["teams"]}
    totals = [c["total"] for c in score["cities"]]
    assert teams == {"1": totals[0] + totals[1], "2": totals[2] + totals[3]}
    board = nocsrf_client.get(f"/g/{token}/scoreboard").get_data(as_text=True)
    assert 'id="teams"' in board and "Team 1" in board
    assert "Naval conflicts (strength 3, 3, 5): Age I +3, Age II none and Age III +5" in board


def test_a_team_left_alone_is_refused_beside_the_team_field(nocsrf_app, nocsrf_client):
    token = _game(nocsrf_client, 4, ["cities"])
    row = stored(nocsrf_app, token)
    city = dict(row.cities[0].data)
    response = nocsrf_client.post(f"/g/{token}/city/0", data=city_form(city, row.cities[0].version, team="9"))
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and "The team 9 has 1 player" in page
    assert stored(nocsrf_app, token).cities[0].data["team"] == "1"  # nothing stored


@pytest.mark.parametrize(
    ("edition", "offered"),
    [
        (1, ["leaders", "cities", "armada", "babel", "edifice", "wonder-pack"]),
        (2, ["leaders", "cities", "armada", "edifice"]),
    ],
)
def test_every_expansion_is_one_tap_on_the_new_game_page(nocsrf_client, edition, offered):
    page = nocsrf_client.get(f"/new?edition={edition}").get_data(as_text=True)
    assert re.findall(r'name="expansions" type="checkbox" value="([a-z-]+)"', page) == offered
    page = nocsrf_client.get(f"/new?edition={edition}&expansions=leaders").get_data(as_text=True)
    assert "Starting coins: 6." in page


def test_the_api_keeps_a_citys_team_naval_strength_and_babel_tiles(client):
    game = {
        "edition": 1,
        "expansions": ["cities", "armada", "babel"],
        "cities": [
            {"player": n, "coins": 3, "categories": {}, "team": t}
            for n, t in zip(NAMES[:4], "aabb", strict=True)
        ],
    }
    created = client.post("/api/v1/games", json={"game": game}).get_json()
    token, versions = created["token"], created["versions"]
    city = {"player": "Ana", "coins": 3, "categories": {"civilian": 5}, "team": "a",
            "naval_by_age": [1, 2, 3], "babel_tiles": 2}  # fmt: skip
    response = client.put(f"/api/v1/games/{token}/cities/0", json={"version": versions[0], "city": city})
    assert response.status_code == 200, response.get_json()
    stored_city = response.get_json()["game"]["cities"][0]
    assert (stored_city["team"], stored_city["naval_by_age"], stored_city["babel_tiles"]) == (
        "a",
        [1, 2, 3],
        2,
    )


def test_the_end_of_an_age_in_the_team_game_spares_teammates(nocsrf_app, nocsrf_client):
    # Teams Ana+Bo and Cy+Di: Ana (3) fights Di (0) twice, Bo (4) fights Cy (2) twice; the
    # screen names those two conflicts only and hands out two tokens each.
    token = _game(nocsrf_client, 4, ["cities"])
    versions = ",".join(map(str, nocsrf_client.get(f"/api/v1/games/{token}").get_json()["versions"]))
    form = {"age": "1", "versions": versions} | {f"shields-{i}": str(s) for i, s in enumerate([3, 4, 2, 0])}
    page = nocsrf_client.post(f"/g/{token}/age", data=form).get_data(as_text=True)
    battles = re.findall(r"<li>([^<]*(?:beats|even)[^<]*)</li>", page)
    assert battles == ["Ana beats Di (3 shields against 0).", "Bo beats Cy (4 shields against 2)."], battles
    cities = nocsrf_client.get(f"/api/v1/games/{token}").get_json()["game"]["cities"]
    assert [c.get("military") for c in cities] == [[1, 1], [1, 1], [-1, -1], [-1, -1]]
