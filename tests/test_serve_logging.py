"""Issue 15, item 11: a busy game night does not flood the server's log (and stall it).

waitress warns "Task queue depth is N" whenever a request waits for a thread, holding its
task queue's lock while the line is written; at 500 phones that was about 80 lines a
second, and a server whose log went to a pipe nobody read stopped dead once the pipe
was full (the load bench's 10 s timeouts). ``serve`` lets one such warning through a
minute, saying how many were held back.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from waitress.task import ThreadedTaskDispatcher

from assistant import serving
from tests.test_serve import free_port, wait_for


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _logger(name: str, clock: _Clock) -> tuple[logging.Logger, list[str]]:
    lines: list[str] = []

    class _Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage())

    logger = logging.getLogger(name)
    logger.propagate = False
    logger.handlers[:] = [_Keep()]
    logger.filters[:] = [serving.OncePerInterval(60, clock)]
    return logger, lines


def test_a_burst_of_queue_warnings_is_one_line_a_minute_with_the_count_held_back():
    clock = _Clock()
    logger, lines = _logger("tests.queue-burst", clock)
    for depth in range(1, 501):
        logger.warning("Task queue depth is %d", depth % 7)
        clock.now += 0.01  # 500 warnings in 5 seconds
    assert lines == ["Task queue depth is 1"]
    clock.now += 60
    logger.warning("Task queue depth is %d", 3)
    assert lines == [
        "Task queue depth is 1",
        "Task queue depth is 3 (and 499 more such warnings in the last 60 s)",
    ]
    clock.now += 61
    logger.warning("Task queue depth is %d", 2)
    assert lines[-1] == "Task queue depth is 2"


def test_serve_quiets_waitress_s_own_queue_logger(monkeypatch: pytest.MonkeyPatch):
    queue = logging.getLogger("waitress.queue")
    monkeypatch.setattr(queue, "filters", [])
    serving.quiet_queue_warnings()
    serving.quiet_queue_warnings()  # twice (a worker restarted in-process) still one filter
    assert [type(f) for f in queue.filters] == [serving.OncePerInterval]
    assert ThreadedTaskDispatcher.queue_logger is queue


@pytest.mark.slow  # starts a server process
def test_a_served_burst_writes_one_queue_warning(tmp_path):
    """A real ``serve`` with one thread, 120 requests at once: one warning line, not dozens."""
    port = free_port()
    env = dict(os.environ, ASSISTANT_DATA_DIR=str(tmp_path / "data"))
    env.pop("DATABASE_URL", None)
    log = tmp_path / "server.log"
    with open(log, "wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "assistant", "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr", "--threads", "1"],
            env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=err,
        )  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(base + "/healthz")

        def fetch(_: int) -> int:
            with urllib.request.urlopen(base + "/", timeout=30) as answer:
                return answer.status

        with ThreadPoolExecutor(40) as pool:
            assert set(pool.map(fetch, range(120))) == {200}
    finally:
        proc.terminate()
        proc.wait(timeout=15)
    warnings = [line for line in log.read_text().splitlines() if "Task queue depth" in line]
    assert len(warnings) == 1, warnings[:5]
