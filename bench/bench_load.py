"""A game night under load: ``python bench/bench_load.py --phones 50``.

Starts ``python -m assistant serve`` on loopback (a fresh data folder, or ``--database``),
creates a 7-player game, and then, for ``--seconds``, has ``--phones`` phones poll the live
scoreboard every 2 seconds as the page's script does (keep-alive, ``If-None-Match``, gzip)
while 7 players save their city every ``--save-every`` seconds (reading the version back
from each answer, as the API asks). Reports the latency of polls and saves (median, p99,
max), any error, and the server's CPU time over the measured seconds (Linux). ``--runs N``
repeats the whole (a new server each time); ``--one-address`` has every phone come from one
address, as a club's phones behind its router do. Loopback only, bounded in time; never a test.

The load generator is one asyncio process with one connection per phone, so it costs the
server's machine little CPU; on a 2-core machine it still competes with the server, so the
numbers are, if anything, pessimistic.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 10  # a request unanswered by then counts as an error (and ends the run in time)
WONDERS = ["rhodes", "alexandria", "ephesus", "babylon", "olympia", "halicarnassus", "giza"]
CARDS = [
    ["lumber-yard", "baths", "altar", "stockade", "apothecary", "scriptorium", "temple", "library"],
    ["ore-vein", "clay-pool", "barracks", "workshop", "theater", "statue", "walls", "forum"],
    ["stone-pit", "press", "loom", "marketplace", "school", "aqueduct", "arsenal", "senate"],
    ["clay-pit", "timber-yard", "glassworks", "tavern", "guard-tower", "caravansery", "courthouse"],
    ["forest-cave", "mine", "east-trading-post", "pawnshop", "laboratory", "dispensary", "gardens"],
    ["excavation", "west-trading-post", "theater", "vineyard", "stables", "archery-range", "palace"],
    ["tree-farm", "sawmill", "quarry", "brickyard", "foundry", "bazar", "town-hall"],
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_log(folder: Path) -> Path:
    """Where the server started in ``folder`` writes its log."""
    return folder / "server.log"


def start_server(args: argparse.Namespace, folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = dict(os.environ, ASSISTANT_DATA_DIR=str(folder / "data"))
    env.pop("ASSISTANT_PUBLIC_URL", None)
    if args.database:
        env["DATABASE_URL"] = args.database
    else:
        env.pop("DATABASE_URL", None)
    command = [sys.executable, "-m", "assistant", "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--no-qr", "--threads", str(args.threads)]
    if args.workers != 1:
        command += ["--workers", str(args.workers)]
    # The server's log goes to a file: a pipe nobody reads fills up (64 KiB), and a server
    # writing its log into it stops dead (waitress logs its queue depth holding its task lock).
    log = open(server_log(folder), "wb")  # noqa: SIM115  # closed below, once the child has it
    proc = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)
    log.close()  # the child holds its own copy
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return proc, port
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                tail = server_log(folder).read_text(errors="replace")[-500:]
                raise SystemExit("the server did not start: " + tail) from None
            time.sleep(0.2)


def create_game(port: int) -> dict:
    cities = [
        {"player": f"Player {i + 1}", "wonder": w, "side": "A", "stages": 1, "coins": 5, "cards": CARDS[i]}
        for i, w in enumerate(WONDERS)
    ]
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/games",
        data=json.dumps({"game": {"cities": cities}}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user and system) of process ``pid`` and of its children (``--workers``), or
    None where /proc does not say (not Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except (OSError, ValueError, IndexError):
        return None
    return total + sum(cpu_seconds(int(child)) or 0.0 for child in children)


class Connection:
    """One keep-alive HTTP/1.1 connection, as a phone's browser keeps one. Each phone comes
    from an address of its own (127.0.x.y: Linux answers the whole 127/8 on loopback), as
    phones at a table do, or all from one (``one_address``: a club's phones behind its router)."""

    phones = itertools.count(2)
    one_address: str | None = None

    def __init__(self, port: int) -> None:
        self.port = port
        n = next(Connection.phones)
        self.source = Connection.one_address or f"127.0.{n // 250 % 250}.{n % 250 + 1}"
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, headers: dict[str, str], body: bytes = b""
    ) -> tuple[int, dict, bytes]:
        for attempt in (1, 2):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.wait_for(
                        asyncio.open_connection("127.0.0.1", self.port, local_addr=(self.source, 0)), TIMEOUT
                    )
                assert self.writer is not None  # opened just above, or kept from the last request
                head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                head += "".join(f"{k}: {v}\r\n" for k, v in headers.items())
                head += f"Content-Length: {len(body)}\r\n\r\n"
                self.writer.write(head.encode() + body)
                await self.writer.drain()
                return await asyncio.wait_for(self._response(), TIMEOUT)
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _response(self) -> tuple[int, dict, bytes]:
        assert self.reader is not None
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        body = await self.reader.readexactly(length) if length and status not in (204, 304) else b""
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, headers, body

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def phone(
    port: int, view: str, stop: float, polls: list[float], errors: list[str], rng: random.Random
) -> None:
    connection = Connection(port)
    etag = None
    await asyncio.sleep(rng.random() * 2)  # phones join at different moments
    next_poll = time.monotonic()
    while next_poll < stop:
        headers = {"Accept-Encoding": "gzip", "Accept-Language": "en"}
        if etag:
            headers["If-None-Match"] = etag
        started = time.perf_counter()
        try:
            status, answer, _body = await connection.request(
                "GET", f"/g/{view}/scoreboard?partial=1", headers
            )
        except Exception as exc:
            errors.append(f"poll: {type(exc).__name__}")
            polls.append(time.perf_counter() - started)
            connection.close()
        else:
            polls.append(time.perf_counter() - started)
            if status == 200:
                etag = answer.get("etag")
            elif status != 304:
                errors.append(f"poll: {status}")
        next_poll += 2
        await asyncio.sleep(max(0, next_poll - time.monotonic()))
    connection.close()


async def player(
    port: int,
    token: str,
    seat: int,
    city: dict,
    every: float,
    stop: float,
    saves: list[float],
    errors: list[str],
    rng: random.Random,
) -> None:
    connection = Connection(port)
    version = 1
    await asyncio.sleep(rng.random() * every)
    while time.monotonic() < stop:
        city = dict(city, coins=rng.randrange(0, 30))
        body = json.dumps({"city": city, "version": version}).encode()
        started = time.perf_counter()
        try:
            status, _headers, answer = await connection.request(
                "PUT", f"/api/v1/games/{token}/cities/{seat}", {"Content-Type": "application/json"}, body
            )
        except Exception as exc:
            errors.append(f"save: {type(exc).__name__}")
            saves.append(time.perf_counter() - started)
            connection.close()
        else:
            saves.append(time.perf_counter() - started)
            try:
                data = json.loads(answer)
            except ValueError:  # an empty 503, say: counted below
                data = {}
            if status == 200:
                version = data["versions"][seat]
            elif status == 409 and "current_version" in data:
                version = data["current_version"]
            else:
                errors.append(f"save: {status}")
        await asyncio.sleep(every)
    connection.close()


def summary(label: str, samples: list[float]) -> str:
    if not samples:
        return f"{label:<6} none"
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"{label:<6} {len(samples):>7} requests   median {statistics.median(samples) * 1000:6.1f} ms"
        f"   p99 {p99 * 1000:6.1f} ms   max {ordered[-1] * 1000:7.1f} ms"
    )


async def load(
    args: argparse.Namespace, port: int, game: dict, server: int
) -> tuple[list[float], list[float], list[str], float | None]:
    polls: list[float] = []
    saves: list[float] = []
    errors: list[str] = []
    cpu: list[float | None] = []
    rng = random.Random(args.seed)
    start = time.monotonic()
    stop = start + args.warmup + args.seconds
    tasks = [
        phone(port, game["view_token"], stop, polls, errors, random.Random(rng.random()))
        for _ in range(args.phones)
    ]
    tasks += [
        player(
            port,
            game["token"],
            seat,
            game["game"]["cities"][seat],
            args.save_every,
            stop,
            saves,
            errors,
            random.Random(rng.random()),
        )
        for seat in range(7)
    ]

    # Samples taken during the warm-up (connections opening, first renderings) are dropped;
    # the server's CPU time is read when the measured seconds begin and end.
    async def forget_warmup() -> None:
        await asyncio.sleep(args.warmup)
        del polls[:], saves[:]
        cpu.append(cpu_seconds(server))
        await asyncio.sleep(max(0.0, stop - time.monotonic()))
        cpu.append(cpu_seconds(server))

    await asyncio.gather(forget_warmup(), *tasks)
    used = cpu[1] - cpu[0] if len(cpu) == 2 and cpu[0] is not None and cpu[1] is not None else None
    return polls, saves, errors, used


def one_run(args: argparse.Namespace) -> tuple[list[float], list[float], list[str], float | None, list[str]]:
    """A new server, its game, the load; the samples, errors, server CPU time and log lines."""
    with tempfile.TemporaryDirectory() as folder:
        proc, port = start_server(args, Path(folder))
        try:
            game = create_game(port)
            polls, saves, errors, cpu = asyncio.run(load(args, port, game, proc.pid))
        finally:
            proc.terminate()
            proc.wait(timeout=20)
            log = server_log(Path(folder)).read_text(errors="replace").splitlines()
    return polls, saves, errors, cpu, log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=50, help="phones polling the scoreboard (default 50)")
    parser.add_argument("--seconds", type=float, default=20, help="measured seconds (default 20)")
    parser.add_argument("--warmup", type=float, default=4, help="seconds before measuring (default 4)")
    parser.add_argument(
        "--save-every", type=float, default=3, help="seconds between a player's saves (default 3)"
    )
    parser.add_argument("--workers", type=int, default=1, help="serve --workers (default 1)")
    parser.add_argument("--threads", type=int, default=8, help="serve --threads (default 8)")
    parser.add_argument(
        "--database", help="DATABASE_URL for the server (default: SQLite in a temporary folder)"
    )
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--runs", type=int, default=1, help="runs, each with a new server (default 1)")
    parser.add_argument(
        "--one-address", action="store_true", help="every phone from one address (phones behind a router)"
    )
    args = parser.parse_args()
    if args.one_address:
        Connection.one_address = "127.0.0.2"
    print(
        f"{args.phones} phones polling every 2 s, 7 players saving every {args.save_every:g} s, "
        f"{args.seconds:g} s measured, serve --workers {args.workers} --threads {args.threads}, "
        f"{'PostgreSQL' if args.database else 'SQLite'}"
        + (", every phone from one address" if args.one_address else "")
    )
    for run in range(args.runs):
        if args.runs > 1:
            print(f"run {run + 1} of {args.runs}")
        polls, saves, errors, cpu, log = one_run(args)
        print(summary("poll", polls))
        print(summary("save", saves))
        print(f"errors: {len(errors)}" + (f" ({', '.join(sorted(set(errors))[:5])})" if errors else ""))
        if cpu is not None:
            requests = len(polls) + len(saves)
            print(
                f"server CPU: {cpu:.1f} s in {args.seconds:g} s measured ({cpu / args.seconds:.0%} of a core), "
                f"{cpu / max(1, requests) * 1000:.2f} ms a request"
            )
        print(f"server log: {len(log)} lines" + (f", the last: {log[-1]}" if log else ""))


if __name__ == "__main__":
    main()
