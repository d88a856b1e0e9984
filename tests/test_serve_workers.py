"""Issue 28: ``serve --workers N`` survives a dying worker, and one client cannot hold every
connection of a process.

A worker killed with SIGKILL while phones save and poll: the supervisor starts a new one,
the other keeps answering, and every save the app acknowledged is the one stored."""

from __future__ import annotations

import http.client
import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from assistant import serving
from tests.test_serve import free_port, wait_for

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not Path("/proc/self/task").exists(), reason="finds the workers through /proc (Linux)"
    ),
]

WONDERS = ["giza", "rhodes", "babylon"]


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


@pytest.fixture
def start_server(tmp_path: Path):
    procs: list[subprocess.Popen[bytes]] = []

    def start(*extra: str, env_extra: dict[str, str] | None = None) -> tuple[str, subprocess.Popen[bytes]]:
        port = free_port()
        env = dict(os.environ, ASSISTANT_DATA_DIR=str(tmp_path / "data"), **(env_extra or {}))
        if "DATABASE_URL" not in (env_extra or {}):
            env.pop("DATABASE_URL", None)
        proc = subprocess.Popen(
            [sys.executable, "-m", "assistant", "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr", *extra],
            env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        procs.append(proc)
        base = f"http://127.0.0.1:{port}"
        wait_for(base + "/healthz", timeout=60)
        return base, proc

    yield start
    for proc in procs:
        proc.terminate()
        try:
            _out, err = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            _out, err = proc.communicate()
        assert b"Traceback" not in err, err.decode()[-2000:]


def _call(method: str, url: str, body: dict | None = None) -> tuple[int, Any]:
    """One request; a connection the server dropped raises ``OSError`` or ``HTTPException``."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, None


DROPPED = (OSError, http.client.HTTPException)


class Phones:
    """Savers and pollers against one server; what each got, and when."""

    def __init__(self, base: str, token: str) -> None:
        self.base, self.token = base, token
        self.stop_at = float("inf")
        self.answered: list[float] = []  # when each answer came (any client)
        self.dropped = 0
        self.acked: dict[int, list[tuple[int, int]]] = {}  # seat -> (version, coins) acknowledged
        self.lock = threading.Lock()

    def _answered(self) -> None:
        with self.lock:
            self.answered.append(time.monotonic())

    def read(self) -> dict:
        """The game, asked again until a worker answers (as a phone's page retries)."""
        while True:
            try:
                status, body = _call("GET", f"{self.base}/api/v1/games/{self.token}")
            except DROPPED:
                with self.lock:
                    self.dropped += 1
                continue
            self._answered()
            assert status == 200
            return body

    def save(self, seat: int) -> None:
        """Save the city at ``seat`` again and again; ends on an acknowledged save."""
        version = self.read()["versions"][seat]
        coins = 0
        acked = self.acked.setdefault(seat, [])
        while True:
            coins += 1
            city = {"player": "ABC"[seat], "wonder": WONDERS[seat], "coins": coins}
            url = f"{self.base}/api/v1/games/{self.token}/cities/{seat}"
            try:
                status, body = _call("PUT", url, {"city": city, "version": version})
            except DROPPED:  # outcome unknown, as for a phone: read what was stored
                with self.lock:
                    self.dropped += 1
                version = self.read()["versions"][seat]
                continue
            self._answered()
            if status == 200:
                version = body["versions"][seat]
                acked.append((version, coins))
                if time.monotonic() > self.stop_at:
                    return
            else:
                assert status == 409, status  # only after a save of unknown outcome had landed
                version = self.read()["versions"][seat]

    def poll(self) -> None:
        while time.monotonic() < self.stop_at:
            try:
                status, _body = _call("GET", f"{self.base}/api/v1/games/{self.token}")
            except DROPPED:
                with self.lock:
                    self.dropped += 1
                continue
            assert status == 200
            self._answered()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database(request) -> dict[str, str]:
    """The server's database: its own SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        return {}
    return {"DATABASE_URL": request.getfixturevalue("pg_schema_url")}


def test_a_worker_killed_while_phones_save_and_poll_is_replaced_and_nothing_acknowledged_is_lost(
    start_server, database
):
    base, proc = start_server("--workers", "2", "--threads", "4", env_extra=database)
    status, created = _call(
        "POST", base + "/api/v1/games",
        {"game": {"cities": [{"player": p, "wonder": w} for p, w in zip("ABC", WONDERS, strict=True)]}},
    )  # fmt: skip
    assert status == 201
    phones = Phones(base, created["token"])
    threads = [threading.Thread(target=phones.save, args=(seat,)) for seat in range(3)]
    threads += [threading.Thread(target=phones.poll) for _ in range(3)]
    phones.stop_at = time.monotonic() + 6
    for thread in threads:
        thread.start()
    time.sleep(2)
    before = _children(proc.pid)
    assert len(before) == 2, before
    killed_at = time.monotonic()
    os.kill(before[0], signal.SIGKILL)
    for thread in threads:
        thread.join(timeout=60)
        assert not thread.is_alive()

    # The supervisor replaced the dead worker and kept the other.
    after = _children(proc.pid)
    assert len(after) == 2 and before[0] not in after and before[1] in after, (before, after)
    # The app never stopped answering for a second, the kill included.
    answered = sorted(phones.answered)
    assert any(t > killed_at + 1 for t in answered)
    gaps = [b - a for a, b in itertools.pairwise(answered)]
    assert max(gaps) < 1.0, max(gaps)
    # Every acknowledged save is what is stored: one version after another, the last one kept.
    stored = phones.read()
    for seat, acked in phones.acked.items():
        assert len(acked) > 10, (seat, len(acked))
        versions = [v for v, _coins in acked]
        assert versions == sorted(set(versions)), versions  # no acknowledged version given twice
        last_version, last_coins = acked[-1]
        assert stored["versions"][seat] == last_version
        assert stored["game"]["cities"][seat]["coins"] == last_coins


def test_the_supervisor_restarts_a_worker_and_gives_up_on_one_that_cannot_start(tmp_path: Path, capfd):
    sock = serving.listening_socket("127.0.0.1", 0)
    env = dict(os.environ, ASSISTANT_DATA_DIR=str(tmp_path / "data"))
    started = time.monotonic()
    # A worker that exits at once (its arguments are refused) is started again and again:
    # the seventh death within a minute stops the supervisor with status 1.
    status = serving.supervise(["--no-such-option"], 1, env, sock)
    sock.close()
    assert status == 1
    err = capfd.readouterr().err
    assert err.count("starting a new one") == serving.RESTARTS_ALLOWED
    assert "stopping the others" in err
    assert time.monotonic() - started < 60


def _held(port: int, source: str, n: int) -> list[socket.socket]:
    """``n`` idle connections from the loopback address ``source`` (Linux answers all of 127/8)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < n + 512:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(n + 512, hard), hard))
    held = []
    for _ in range(n):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
        held.append(sock)
    return held


def _answer(port: int, source: str) -> bytes:
    """The answer to one request from ``source``; a refused connection answers a 503 and is
    closed at once, so the request it had already sent may reset it first: ``b"reset"``."""
    with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0)) as sock:
        answer = b""
        try:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            while chunk := sock.recv(4096):
                answer += chunk
        except (ConnectionResetError, BrokenPipeError):
            return answer or b"reset"
        return answer


def _refused(answer: bytes) -> bool:
    return answer.startswith(b"HTTP/1.1 503") or answer in (b"", b"reset")


def test_one_client_holding_a_thousand_connections_locks_nobody_else_out(start_server):
    base, _proc = start_server(env_extra={"ASSISTANT_CONNECTIONS_PER_CLIENT": "50"})
    port = int(base.rsplit(":", 1)[1])
    held = _held(port, "127.0.0.2", 1000)
    try:
        # The client's own 1,001st connection is refused with a 503...
        assert _refused(_answer(port, "127.0.0.2"))
        # ...and everyone else is served.
        for source in ("127.0.0.1", "127.0.0.3"):
            assert _answer(port, source).startswith(b"HTTP/1.1 200"), source
    finally:
        for sock in held:
            sock.close()
    # Once its connections are closed, the client is served again.
    for _ in range(50):
        if _answer(port, "127.0.0.2").startswith(b"HTTP/1.1 200"):
            break
        time.sleep(0.1)
    else:
        raise AssertionError("the client was never served again")


def test_behind_a_trusted_proxy_every_connection_is_the_proxys_so_none_is_capped(start_server):
    base, _proc = start_server(env_extra={"ASSISTANT_CONNECTIONS_PER_CLIENT": "5", "ASSISTANT_PROXIES": "1"})
    port = int(base.rsplit(":", 1)[1])
    held = _held(port, "127.0.0.2", 20)
    try:
        assert _answer(port, "127.0.0.2").startswith(b"HTTP/1.1 200")
    finally:
        for sock in held:
            sock.close()
