"""The city page's card picker reuses its rendered tiles (issue 15: the city page's static
parts cached): counted, so that a cache that stopped working fails here, not only in a
benchmark."""

from __future__ import annotations

import re

import pytest

from tests.web.counting import Counting, counting
from tests.web.worked_games import three


@pytest.fixture
def tiles(nocsrf_app, monkeypatch) -> Counting:
    """The tile cache, counting the tiles rendered."""
    return counting(nocsrf_app, monkeypatch, "tiles")


@pytest.fixture
def game(nocsrf_client) -> dict:
    response = nocsrf_client.post("/api/v1/games", json={"game": three()})
    assert response.status_code == 201
    return response.get_json()


def _tiles_on(page: bytes) -> int:
    return len(re.findall(rb'class="tile[ "]', page))


def _views(client, path: str, tiles: Counting) -> tuple[int, bytes]:
    before = tiles.stored
    response = client.get(path)
    assert response.status_code == 200
    return tiles.stored - before, response.data


def test_a_second_view_of_a_city_page_renders_no_tile(nocsrf_client, game, tiles):
    path = f"/g/{game['token']}/city/0"
    first, page = _views(nocsrf_client, path, tiles)
    shown = _tiles_on(page)
    assert shown >= 50 and first == shown  # every tile drawn once, through the cache
    again, page_again = _views(nocsrf_client, path, tiles)
    assert again == 0
    assert page_again == page


def test_another_city_reuses_most_tiles(nocsrf_client, game, tiles):
    token = game["token"]
    first, _ = _views(nocsrf_client, f"/g/{token}/city/0", tiles)
    other, page = _views(nocsrf_client, f"/g/{token}/city/1", tiles)
    # Only tiles whose state differs are drawn again: held here and not there, built by a
    # neighbour, free by a chain the city holds.
    assert 0 < other < first // 2 and _tiles_on(page) == first


def test_a_saved_card_renders_its_own_tile_again_and_no_other(nocsrf_client, game, tiles):
    token = game["token"]
    path = f"/g/{token}/city/0"
    _views(nocsrf_client, path, tiles)
    city = three()["cities"][0]
    assert "pawnshop" not in {card for c in three()["cities"] for card in c["cards"]}
    city["cards"].append("pawnshop")  # no chain, no other city holds it
    saved = nocsrf_client.put(
        f"/api/v1/games/{token}/cities/0", json={"version": game["versions"][0], "city": city}
    )
    assert saved.status_code == 200, saved.get_json()
    after, _ = _views(nocsrf_client, path, tiles)
    assert after == 1  # Pawnshop is checked now; every other tile is the one drawn before
