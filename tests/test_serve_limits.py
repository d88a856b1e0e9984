"""Issue 15, item 4: a real ``serve`` (waitress) keeps answering everyone while slow or
greedy clients hold connections, and refuses an oversized body before reading it; and
``--workers N`` runs N processes on one port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.test_serve import free_port, wait_for

# Each test starts a server process (and the last, several).
pytestmark = pytest.mark.slow


@pytest.fixture
def server(tmp_path: Path):
    """``serve`` on loopback, on a free port; its base URL."""
    servers = []

    def start(*extra: str, env_extra: dict[str, str] | None = None) -> tuple[str, subprocess.Popen]:
        port = free_port()
        env = dict(os.environ, ASSISTANT_DATA_DIR=str(tmp_path / "data"), **(env_extra or {}))
        env.pop("DATABASE_URL", None) if not env_extra or "DATABASE_URL" not in env_extra else None
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "assistant",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--no-qr",
                *extra,
            ],
            env=env,
            cwd=tmp_path,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        servers.append(proc)
        base = f"http://127.0.0.1:{port}"
        wait_for(base + "/healthz")
        return base, proc

    yield start
    for proc in servers:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


def _half_sent_requests(port: int, n: int) -> list[socket.socket]:
    """``n`` half-sent requests from 60 loopback addresses (one client may hold only so many
    connections: tests/test_serve_workers.py)."""
    held = []
    for i in range(n):
        source = f"127.0.1.{i % 60 + 1}"
        sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # never finished
        held.append(sock)
    return held


def test_three_hundred_half_sent_requests_do_not_lock_anyone_out(server):
    base, _proc = server()
    port = int(base.rsplit(":", 1)[1])
    held = _half_sent_requests(port, 300)
    try:
        for _ in range(5):
            with urllib.request.urlopen(base + "/healthz", timeout=5) as response:
                assert response.read() == b"ok\n"
    finally:
        for sock in held:
            sock.close()


def test_an_oversized_body_is_refused_with_413_before_it_is_read(server):
    base, _proc = server()
    port = int(base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(
            b"POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 300000000\r\n\r\n" + b" " * 65536
        )
        answer = sock.recv(4096)  # 300 MB were announced and 64 KB sent: the answer comes now
    assert answer.startswith(b"HTTP/1.1 413"), answer[:80]


def test_a_chunked_body_past_the_limit_is_cut_off_with_413(server):
    base, _proc = server()
    port = int(base.rsplit(":", 1)[1])
    chunk = b"%x\r\n%s\r\n" % (65536, b" " * 65536)
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
        answer = b""
        try:
            for _ in range(64):  # 4 MB at most, far past the 256 KB limit
                sock.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:80]


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="counts processes through /proc (Linux)")
def test_serve_with_workers_runs_that_many_processes_on_one_port(server):
    base, proc = server("--workers", "3", "--threads", "2")
    token = None
    for n in range(30):  # connections spread over the workers; each answers the same database
        request = urllib.request.Request(
            base + "/api/v1/games",
            data=b'{"game": {"cities": [{"player": "A", "wonder": "giza"}, {"player": "B", "wonder": "rhodes"}, {"player": "C", "wonder": "babylon"}]}}',
            headers={"Content-Type": "application/json"},
        )
        if n % 3 == 0:
            with urllib.request.urlopen(request, timeout=10) as response:
                assert response.status == 201
                token = __import__("json").loads(response.read())["token"]
        else:
            with urllib.request.urlopen(f"{base}/api/v1/games/{token}", timeout=10) as response:
                assert response.status == 200
    workers = _children(proc.pid)
    assert len(workers) == 3
    if not (Path("/usr/bin/ss").exists() or Path("/bin/ss").exists()):
        return
    # The supervisor opened the port; each worker answers on the socket it inherited.
    port = base.rsplit(":", 1)[1]
    listening = subprocess.run(["ss", "-Htlnp"], capture_output=True, text=True).stdout
    owners = [line for line in listening.splitlines() if f":{port} " in line]
    assert len(owners) == 1, owners
    for pid in [proc.pid, *workers]:
        assert f"pid={pid}," in owners[0], (pid, owners)
