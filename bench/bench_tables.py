"""A table of many games: the server time of its page, a player's page and the statistics.

Creates a scratch SQLite database with one table (group) of N realistic locked games among
eight regulars (3 to 7 players each, a few still open), then times, through the Flask test
client (no network: the time is the server's), the table page, a player's page,
``GET /api/v1/tables/<token>`` and the CSV export: the first request after a change to the
table (its games read and its statistics computed) and the next ones (both cached per table
state). Then it imports ``--imported`` games (open, as a list of games imports them) into
another table and times its CSV and JSON exports. Run by hand or in CI's report:

    .venv/bin/python bench/bench_tables.py [--games 1000] [--imported 800] [--repeat 15] [--database URL]

Goal (issue 16): under 100 ms of server time for a table of 1,000 games.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.rules.records import replace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_scoring import realistic_table  # noqa: E402

from assistant.rules.gameio import game_to_dict, parse_game  # noqa: E402
from assistant.tables import record_of  # noqa: E402

if TYPE_CHECKING:
    from flask import Flask

REGULARS = ["Ana", "Bartek", "Şule", "Jiwoo", "Marta", "Pau", "Dae", "Núria"]


def seed(app, games: int, rng: random.Random) -> str:
    from assistant.store import games as store
    from assistant.store import tables as repo
    from assistant.web.db import get_session

    with app.app_context():
        session = get_session()
        group = repo.create_table(session, "Bench club")
        start = datetime(2020, 1, 2, 20, tzinfo=UTC)
        for n in range(games):
            game = realistic_table(rng, "tokens")
            k = len(game.cities)
            names = rng.sample(REGULARS, k)
            game = replace(game, cities=tuple(replace(c, player=names[i]) for i, c in enumerate(game.cities)))
            data = game_to_dict(game)
            row = store.create_game(
                session, data, table_id=group.id, created_at=start + timedelta(days=2 * n)
            )
            if n < games - 3:  # the last three are still being played
                store.set_locked(session, row, True, record=record_of(parse_game(data)))
        return group.token


def scratch_app(folder: str, database: str | None = None, **config: Any) -> Flask:
    """The app on a scratch data folder: a SQLite file in it, unless ``database`` is a URL."""
    from assistant.web import create_app

    url = database or f"sqlite:///{Path(folder) / 'bench.db'}"
    return create_app(
        {
            "DATA_DIR": folder,
            "DATABASE_URL": url,
            "SECRET_KEY": "bench",
            "SERVER_NAME": "bench.test",
            **config,
        }
    )


def timed(client, url: str, repeat: int) -> tuple[float, float]:
    """The first request's time and the median of the next ones, in milliseconds."""
    times = []
    for _ in range(repeat + 1):
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return times[0], statistics.median(times[1:]) if repeat else times[0]


def change(app, token: str) -> None:
    """A change to the table, as at a game night: its newest game locked, or opened again."""
    from assistant.store import games as store
    from assistant.store import tables as repo
    from assistant.web.db import get_session

    with app.app_context():
        session = get_session()
        table = repo.by_token(session, token)
        assert table is not None, token  # seeded by seed()
        newest = repo.games_of(session, table)[0]
        row = store.by_edit_token(session, newest.edit_token)
        assert row is not None, newest.edit_token  # one of the table's own games
        record = None if row.locked else record_of(parse_game(store.game_dict(row)))
        store.set_locked(session, row, not row.locked, record=record)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument(
        "--imported", type=int, default=800, help="games imported into a second table (0: none)"
    )
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--database", help="a database URL (default: a scratch SQLite file)")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        app = scratch_app(folder, options.database)
        from assistant.serving import settle_garbage_collection

        settle_garbage_collection()  # as `serve` does before its first request
        started = time.perf_counter()
        token = seed(app, options.games, random.Random(16))
        print(f"seeded {options.games} games in {time.perf_counter() - started:.1f} s")
        # The games were stored over months by other requests, whose garbage a running server
        # has long collected: collect the seeding's now, or the first collection of a timed
        # request walks it (up to 90 ms more, measured).
        gc.collect()
        client = app.test_client()
        client.get(f"/t/{token}")  # templates compiled, connections open: as a running server
        print(f"{'':24} {'new process':>12} {'after a change':>15} {'then (median)':>14}")
        for label, path in (
            ("table page", f"/t/{token}"),
            ("player page", f"/t/{token}/p/ana"),
            ("statistics (API)", f"/api/v1/tables/{token}"),
            ("table page, one year", f"/t/{token}?since=2021-01-01&until=2021-12-31"),
            ("new game at the table", f"/new?table={token}"),
            ("CSV export", f"/t/{token}/export.csv"),
        ):
            app.extensions["tables"].clear()  # a process that has read nothing yet
            cold, _ = timed(client, path, 0)
            change(app, token)
            gc.collect()
            first, warm = timed(client, path, options.repeat)
            print(f"{label:24} {cold:9.1f} ms {first:12.1f} ms {warm:11.1f} ms")
        if options.imported:
            exports(app, client, options.imported, options.repeat)


def imported_table(app: Flask, games: int, rng: random.Random) -> str:
    """A table of ``games`` imported games (a list of games: open ones, 3 to 7 players each)."""
    from assistant import tables as service
    from assistant.store import tables as repo
    from assistant.web.db import get_session

    entries = []
    for n in range(games):
        game = realistic_table(rng, "tokens", players=rng.randint(3, 7))
        names = rng.sample(REGULARS, len(game.cities))
        game = replace(game, cities=tuple(replace(c, player=names[i]) for i, c in enumerate(game.cities)))
        day = datetime(2020, 1, 2) + timedelta(days=n)
        entries.append({"game": game_to_dict(game), "played_on": day.date().isoformat()})
    with app.app_context():
        session = get_session()
        table = repo.create_table(session, "Imported club")
        service.import_into(session, table, {"games": entries})
        return table.token


def exports(app: Flask, client: Any, games: int, repeat: int) -> None:
    """The exports of a table of ``games`` imported games: a new process's, then the next."""
    started = time.perf_counter()
    token = imported_table(app, games, random.Random(28))
    print(f"\nimported {games} games in {time.perf_counter() - started:.1f} s")
    gc.collect()
    print(f"{'':24} {'new process':>12} {'then (median)':>15}")
    for label, path in (("CSV export", f"/t/{token}/export.csv"), ("JSON export", f"/t/{token}/export.json")):
        app.extensions["tables"].clear()  # a process that has read nothing yet
        cold, _ = timed(client, path, 0)
        _, warm = timed(client, path, repeat)
        print(f"{label:24} {cold:9.1f} ms {warm:12.1f} ms")


if __name__ == "__main__":
    main()
