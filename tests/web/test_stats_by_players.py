"""Statistics by table size (issue 45): a 3-player and a 4-player game are different games.
The table's and a player's pages group the games by their number of players and filter on
it, as they do by period, edition and expansions; so does the API.

Hand-worked: the three-player worked game (Ana 25, Bartek 20, Şule 15: Ana wins) twice, and
a four-player game of the same three plus Dee once (its totals, which a fourth neighbour
changes, are the API's own score of it)."""

from __future__ import annotations

import copy

from tests.web.test_tables import add_game, new_table
from tests.web.worked_games import three


def _four() -> dict:
    game = three()
    dee = copy.deepcopy(game["cities"][1])
    dee.update(player="Dee", wonder="ephesus", cards=["lumber-yard", "baths"], military=[], coins=3)
    game["cities"].append(dee)
    return game


def test_the_games_grouped_and_filtered_by_their_number_of_players(client):
    table = new_table(client)
    for game in (three(), three(), _four()):
        add_game(client, table, game)
    four = client.post("/api/v1/score", json=_four()).get_json()
    totals4 = {c["player"]: c["total"] for c in four["cities"]}

    stats = client.get(f"/api/v1/tables/{table}").get_json()["stats"]
    sizes = {z["players"]: z for z in stats["by_players"]}
    assert sorted(sizes) == [3, 4] and sizes[3]["games"] == 2 and sizes[4]["games"] == 1
    assert sizes[3]["average"] == round((25 + 20 + 15) / 3, 2) and sizes[3]["average_winning"] == 25
    assert sizes[4]["average"] == round(sum(totals4.values()) / 4, 2)
    ana = next(p for p in stats["players"] if p["name"] == "Ana")
    assert [(z["players"], z["games"], z["wins"]) for z in ana["by_players"]] == [
        (3, 2, 2), (4, 1, int(max(totals4, key=totals4.get) == "Ana"))
    ]  # fmt: skip

    only3 = client.get(f"/api/v1/tables/{table}?players=3").get_json()
    assert only3["stats"]["games"] == 2 and len(only3["games"]) == 2
    assert {c["player"] for g in only3["games"] for c in g["cities"]} == {"Ana", "Bartek", "Şule"}
    refused = client.get(f"/api/v1/tables/{table}?players=four")
    assert refused.status_code == 400 and refused.get_json()["field"] == "players"

    page = client.get(f"/t/{table}").get_data(as_text=True)
    assert 'id="size-table"' in page and 'name="players"' in page
    assert f'href="/t/{table}?players=3#filters"' in page
    filtered = client.get(f"/t/{table}?players=4").get_data(as_text=True)
    assert filtered.count('class="card-panel game-item') == 1
    assert 'id="size-table"' not in filtered  # one size chosen: nothing to group
    player = client.get(f"/t/{table}/p/{ana['key']}").get_data(as_text=True)
    assert 'id="player-size-table"' in player
