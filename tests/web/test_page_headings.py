"""Every page a player opens has one level-one heading (issue 43: the city page had none), so
that a screen reader's "next heading" lands on what the page is about."""

from __future__ import annotations

import re

from tests.web.test_games import import_three


def test_every_page_of_a_game_has_one_level_one_heading(nocsrf_client):
    token = import_three(nocsrf_client)
    table = nocsrf_client.post("/t/new", data={}).headers["Location"]
    pages = ["/", "/new", f"/g/{token}", f"/g/{token}/city/0", f"/g/{token}/scoreboard", table, "/rules",
             "/cards", "/wonders", "/rulings", "/can-build", f"/g/{token}/city/0/build", "/pads"]  # fmt: skip
    for url in pages:
        page = nocsrf_client.get(url).get_data(as_text=True)
        assert len(re.findall(r"<h1[\s>]", page)) == 1, url
    city = nocsrf_client.get(f"/g/{token}/city/0").get_data(as_text=True)
    assert re.search(r'<h1 class="city-name">Ana<span class="visually-hidden"> · My city</span></h1>', city)
