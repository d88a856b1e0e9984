"""The city page's server time: a visit and a save, as a phone makes them.

Creates a scratch SQLite database with one realistic 7-player game, then times through the
Flask test client (no network: the time is the server's) a visit of a city's page and a
save of that city as the page's script posts it (the whole form, answered in JSON), the
first of each and the median of the next ones. The card picker's tiles are rendered once
per app and language (``app.extensions["tiles"]``), so only the first visit renders them.
Run by hand or in CI's report:

    .venv/bin/python bench/bench_city_page.py [--repeat 30] [--database URL]

Issue 15 found 40 ms of server time on every visit and save (the picker and its icons
rebuilt each time).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_scoring import realistic_table  # noqa: E402
from bench_tables import scratch_app, timed  # noqa: E402

from assistant.rules.gameio import game_to_dict  # noqa: E402


def city_form(city: dict[str, Any], version: int, coins: int) -> dict[str, Any]:
    """The city page's form as the browser posts it, with ``coins`` changed."""
    tokens = list(city.get("military") or [])
    return {
        "version": str(version),
        "base": json.dumps(city),
        "player": city["player"],
        "wonder": city["wonder"],
        "side": city.get("side", "A"),
        "stages": str(city.get("stages", 0)),
        "coins": str(coins),
        "win1": str(tokens.count(1)),
        "win2": str(tokens.count(3)),
        "win3": str(tokens.count(5)),
        "defeats": str(tokens.count(-1)),
        "cards": list(city.get("cards") or []),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--database", help="a database URL (default: a scratch SQLite file)")
    parser.add_argument(
        "--expansions",
        default="",
        help="play the game with these expansions (e.g. leaders,cities: their cards join the picker)",
    )
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        # The form as posted, without a page to take the CSRF token from.
        app = scratch_app(folder, options.database, WTF_CSRF_ENABLED=False)
        client = app.test_client()
        game = game_to_dict(realistic_table(random.Random(15), "tokens"))
        if options.expansions:
            game["expansions"] = options.expansions.split(",")
        answer = client.post("/api/v1/games", json={"game": game})
        assert answer.status_code == 201, answer.get_json()
        created = answer.get_json()
        token, city = created["token"], game["cities"][0]
        page = f"/g/{token}/city/0"
        gc.collect()
        first_visit, visit = timed(client, page, options.repeat)
        saves = []
        version = created["versions"][0]
        for n in range(options.repeat + 1):
            form = city_form(city, version, coins=(city.get("coins", 0) + n + 1) % 20)
            start = time.perf_counter()
            response = client.post(page, data=form, headers={"Accept": "application/json"})
            saves.append((time.perf_counter() - start) * 1000)
            answer = response.get_json()
            assert response.status_code == 200 and answer["saved"], (response.status_code, answer)
            version = answer["version"]
        print(f"{'city page, visit':24} first {first_visit:7.1f} ms   then median {visit:6.1f} ms")
        print(
            f"{'city page, save (JSON)':24} first {saves[0]:7.1f} ms   then median {statistics.median(saves[1:]):6.1f} ms"
        )
        print(
            f"page size: {len(response.data):,} bytes answered to a save, {len(client.get(page).data):,} for a visit"
        )


if __name__ == "__main__":
    main()
