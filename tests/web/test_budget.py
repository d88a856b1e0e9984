"""Every page stays under 60 KB transferred (gzip included), with everything it loads."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from tests.web.worked_games import three

BUDGET = 60 * 1024


def transferred(client, path: str) -> int:
    response = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200, path
    size = len(response.data)
    body = (
        gzip.decompress(response.data)
        if response.headers.get("Content-Encoding") == "gzip"
        else response.data
    )
    for asset in set(re.findall(rb'(?:href|src)="(/static/[^"]+|/palette\.css[^"]*)"', body)):
        size += len(client.get(asset.decode(), headers={"Accept-Encoding": "gzip"}).data)
    return size


@pytest.fixture
def token(nocsrf_client) -> str:
    response = nocsrf_client.post("/import", data={"text": json.dumps(three())})
    return response.headers["Location"].rsplit("/", 1)[-1]


PAGES = [
    "/", "/new", "/new?mode=pad", "/rules", "/rules?q=guild", "/cards", "/cards/forum", "/wonders", "/rulings",
    "/can-build", "/can-build?hand=palace&hand=temple&stage=1", "/pads", "/import",
]  # fmt: skip
GAME_PAGES = [
    "/g/{t}", "/g/{t}/city/0", "/g/{t}/city/1/build?hand=temple&hand=forum&stage=1", "/g/{t}/age", "/g/{t}/scoreboard",
]  # fmt: skip


@pytest.mark.parametrize("path", PAGES)
def test_each_page_with_its_styles_and_script_stays_under_60_kb(nocsrf_client, path):
    assert transferred(nocsrf_client, path) < BUDGET


@pytest.mark.parametrize("path", GAME_PAGES)
def test_each_game_page_with_its_styles_and_script_stays_under_60_kb(nocsrf_client, token, path):
    assert transferred(nocsrf_client, path.format(t=token)) < BUDGET
