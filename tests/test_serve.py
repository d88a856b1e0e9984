"""``python -m assistant serve`` starts a real server (waitress) that answers."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

# Each test starts a server process.
pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_serve(
    args: list[str], env: dict[str, str], cwd: Path, timeout: float = 30
) -> tuple[subprocess.Popen[bytes], int]:
    """``serve --port P`` started on a free port P, and P once it answers (within ``timeout``
    seconds). A port found free can be taken again before the server binds it (many loopback
    connections about): then another is tried, and only then."""
    for _ in range(5):
        port = free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "assistant", "serve", "--port", str(port), *args],
            env=env,
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while proc.poll() is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                    return proc, port
            except OSError:
                time.sleep(0.2)
        proc.kill()
        out, _ = proc.communicate(timeout=10)
        if b"Address already in use" not in out:
            raise AssertionError(f"serve did not answer on port {port}:\n{out.decode()}")
    raise AssertionError("serve found no free port in five tries")


def wait_for(url: str, timeout: float = 30) -> bytes:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return response.read()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_serve_on_a_free_port_answers_the_home_page_and_static_files(tmp_path: Path):
    env = dict(os.environ, ASSISTANT_DATA_DIR=str(tmp_path / "data"))
    env.pop("DATABASE_URL", None)
    proc, port = start_serve([], env, tmp_path)
    try:
        home = wait_for(f"http://127.0.0.1:{port}/")
        assert b"Score your 7 Wonders game" in home
        assert b"body" in wait_for(f"http://127.0.0.1:{port}/static/app.css")
        assert wait_for(f"http://127.0.0.1:{port}/healthz") == b"ok\n"
        assert (tmp_path / "data" / "assistant.db").exists()
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=10)
    assert b"serving on" in out
    assert b"Traceback" not in out


def _serve_output(tmp_path: Path, *args: str, env_extra: dict[str, str] | None = None) -> str:
    """Start ``serve`` with ``args``, wait until it answers, stop it; what it printed."""
    env = dict(os.environ, ASSISTANT_DATA_DIR=str(tmp_path / "data"), **(env_extra or {}))
    env.pop("DATABASE_URL", None)
    if not env_extra or "ASSISTANT_PUBLIC_URL" not in env_extra:
        env.pop("ASSISTANT_PUBLIC_URL", None)
    proc, port = start_serve(list(args), env, tmp_path)
    proc.terminate()
    out, _ = proc.communicate(timeout=10)
    text = out.decode()
    assert "Traceback" not in text
    return text.replace(str(port), "PORT")


def test_serve_listens_for_the_phones_by_default_and_prints_their_address_and_a_qr_code(tmp_path: Path):
    from assistant.netaddr import lan_addresses

    out = _serve_output(tmp_path)
    addresses = lan_addresses()
    assert addresses, "this machine has a network address"
    assert f"Phones at the table open: http://{addresses[0]}:PORT/" in out
    assert "0.0.0.0:PORT/" not in out.split("serving on")[1].split("\n", 1)[1]
    assert "█" in out  # the QR code drawn in the terminal
    assert "On this computer: http://127.0.0.1:PORT/" in out


def test_serve_on_loopback_warns_that_phones_cannot_reach_it(tmp_path: Path):
    out = _serve_output(tmp_path, "--host", "127.0.0.1")
    assert "phones cannot reach it, and QR codes on printed sheets and pads would lead there too" in out
    assert "Phones at the table open" not in out
    assert "█" not in out


def test_serve_keeps_an_explicit_public_url(tmp_path: Path):
    out = _serve_output(tmp_path, "--no-qr", env_extra={"ASSISTANT_PUBLIC_URL": "http://wonders.example.org"})
    assert "Phones at the table open: http://wonders.example.org/" in out
    assert "█" not in out
