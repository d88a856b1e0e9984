"""Send to BG Stats (issue 45): a locked game's page, its scoreboard and its table's game list
offer the link, built from the record the statistics count; an open game offers none; the
table's JSON export carries the same play."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import unquote

from assistant.bgstats import CREATE_PLAY
from tests.web.test_tables import add_game, new_table
from tests.web.worked_games import THREE_TOTALS


def _links(page: str) -> list[dict]:
    found = re.findall(r'class="(?:button )?bgstats" href="([^"]+)"|href="([^"]+)" class="bgstats"', page)
    links = [html.unescape(a or b) for a, b in found]
    assert all(link.startswith(CREATE_PLAY) for link in links)
    return [json.loads(unquote(link[len(CREATE_PLAY) :])) for link in links]


def test_a_locked_game_offers_its_play_on_its_pages_and_its_tables_list(client):
    table = new_table(client)
    token = add_game(client, table, lock=False)
    game = client.get(f"/api/v1/games/{token}").get_json()
    view = game["view_url"].split("/g/")[1].split("/")[0]
    assert _links(client.get(f"/g/{token}").get_data(as_text=True)) == []  # open: nothing to send
    assert client.post(f"/api/v1/games/{token}/lock").status_code == 200

    pages = [f"/g/{token}", f"/g/{token}/scoreboard", f"/g/{view}/scoreboard", f"/t/{table}"]
    plays = [play for url in pages for play in _links(client.get(url).get_data(as_text=True))]
    assert len(plays) == 4 and all(play == plays[0] for play in plays)
    play = plays[0]
    assert {p["name"]: p["score"] for p in play["players"]} == THREE_TOTALS
    assert [p["name"] for p in play["players"] if p["winner"]] == ["Ana"]
    assert play["sourceGameId"] == view and play["comments"].endswith(f"/g/{view}/scoreboard")
    exported = client.get(f"/api/v1/tables/{table}/export").get_json()
    assert exported["games"][0]["bgstats"] == play
