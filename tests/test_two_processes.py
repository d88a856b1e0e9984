"""Issue 15, "scale out": two server processes (two hosts, as far as anyone can tell) over
one PostgreSQL database, with seven phones saving and polling through both, two of them
fighting over the same cities, and the host locking the game half-way. No lost update, no
save after the lock, every scoreboard converges."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from assistant.web.gamestate import is_entered
from tests.test_serve import free_port, wait_for
from tests.web.worked_games import board_coins

# Two server processes and seven phones' worth of requests: seconds.
pytestmark = pytest.mark.slow

WONDERS = ["rhodes", "alexandria", "ephesus", "babylon", "olympia", "halicarnassus", "giza"]


def _call(
    method: str, url: str, body: dict | None = None, headers: dict | None = None
) -> tuple[int, dict, Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json", **(headers or {})}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            raw = response.read()
            return (
                response.status,
                (
                    json.loads(raw)
                    if raw and "json" in response.headers.get("Content-Type", "")
                    else {"html": raw}
                ),
                response.headers,
            )
    except urllib.error.HTTPError as exc:
        raw = exc.read()
        return (
            exc.code,
            (json.loads(raw) if raw and "json" in (exc.headers.get("Content-Type") or "") else {}),
            exc.headers,
        )


@pytest.fixture
def two_servers(pg_schema_url: str, tmp_path: Path):
    procs, bases = [], []
    key = "k" * 64
    for n in range(2):
        port = free_port()
        env = dict(
            os.environ,
            ASSISTANT_DATA_DIR=str(tmp_path / f"host{n}"),
            DATABASE_URL=pg_schema_url,
            ASSISTANT_SECRET_KEY=key,
        )
        procs.append(
            subprocess.Popen(
                [sys.executable, "-m", "assistant", "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr", "--threads", "4"],
                env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            )
        )  # fmt: skip
        bases.append(f"http://127.0.0.1:{port}")
    for base in bases:
        wait_for(base + "/healthz", timeout=60)
    yield bases
    for proc in procs:
        proc.terminate()
    for proc in procs:
        _out, err = proc.communicate(timeout=15)
        assert b"Traceback" not in err, err.decode()[-2000:]


@pytest.mark.postgres
def test_seven_phones_through_two_processes_lose_nothing_and_see_one_board(two_servers):
    a, b = two_servers
    game = {
        "cities": [
            {"player": f"P{i}", "wonder": w, "side": "A", "stages": 0, "coins": 0, "cards": []}
            for i, w in enumerate(WONDERS)
        ]
    }
    status, created, _ = _call("POST", f"{a}/api/v1/games", {"game": game})
    assert status == 201
    token, view = created["token"], created["view_token"]
    acknowledged: list[tuple[int, int, int, bool]] = []  # seat, version answered, coins, locked?
    refused: list[tuple[int, int, dict]] = []
    lock_answer: dict = {}
    lock_now = threading.Event()
    record = threading.Lock()

    def phone(seat: int, rounds: int, rng: random.Random) -> None:
        version = 1
        for n in range(rounds):
            base = (a, b)[rng.random() < 0.5]
            coins = rng.randrange(0, 999)
            city = dict(game["cities"][seat], coins=coins)
            status, body, _ = _call(
                "PUT", f"{base}/api/v1/games/{token}/cities/{seat}", {"city": city, "version": version}
            )
            with record:
                if status == 200:
                    acknowledged.append((seat, body["versions"][seat], coins, body["locked"]))
                else:
                    refused.append((seat, status, body))
            if status == 200:
                version = body["versions"][seat]
            elif status == 409 and "current_version" in body:
                version = body["current_version"]  # another phone saved this city: read, retry
            elif status == 409 and body.get("locked"):
                return
            if n == rounds // 2 and seat == 0:
                lock_now.set()
            # and poll the scoreboard through the other process
            _call("GET", f"{(b, a)[base == b]}/g/{view}/scoreboard?partial=1")

    def host() -> None:
        lock_now.wait(timeout=120)
        status, body, _ = _call("POST", f"{b}/api/v1/games/{token}/lock")
        assert status == 200
        lock_answer.update(body)

    threads = [threading.Thread(target=phone, args=(seat, 30, random.Random(seat))) for seat in range(7)]
    # two more phones fight over cities 0 and 1 (a player and a helper on the same city)
    threads += [threading.Thread(target=phone, args=(seat, 30, random.Random(100 + seat))) for seat in (0, 1)]
    threads.append(threading.Thread(target=host))
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert all(status == 409 for _seat, status, _body in refused), refused[:3]
    assert not any(locked for *_rest, locked in acknowledged), "a save answered 200 on a locked game"
    final_a = _call("GET", f"{a}/api/v1/games/{token}")[1]
    final_b = _call("GET", f"{b}/api/v1/games/{token}")[1]
    assert {**final_a, "view_url": ""} == {**final_b, "view_url": ""}  # each host links to itself
    assert final_a["locked"] is True
    # Nothing landed after the lock: the lock's answer is the final state.
    assert lock_answer["game"] == final_a["game"] and lock_answer["versions"] == final_a["versions"]
    for seat in range(7):
        mine = [(version, coins) for s, version, coins, _l in acknowledged if s == seat]
        versions = [v for v, _c in mine]
        assert len(versions) == len(set(versions)), f"two saves of city {seat} at one version"
        # No lost update: the stored city is the last acknowledged save.
        assert final_a["versions"][seat] == (max(versions) if versions else 1)
        expected = max(mine)[1] if mine else 0
        assert final_a["game"]["cities"][seat]["coins"] == expected
    # Every scoreboard converges: both processes show the same board and state.
    boards = [_call("GET", f"{base}/g/{view}/scoreboard?partial=1") for base in (a, b)]
    assert boards[0][1]["html"] == boards[1][1]["html"]
    assert boards[0][2]["ETag"] == boards[1][2]["ETag"]
    shown = board_coins(boards[0][1]["html"])
    for seat in range(7):
        if is_entered(final_a["game"]["cities"][seat]):
            assert shown[seat] == final_a["game"]["cities"][seat]["coins"]
        else:
            assert seat not in shown
