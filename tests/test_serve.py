"""``python -m assistant serve`` starts a real server (waitress) that answers."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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
    port = free_port()
    env = dict(os.environ, ASSISTANT_DATA_DIR=str(tmp_path / "data"))
    env.pop("DATABASE_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "assistant", "serve", "--port", str(port)],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
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
