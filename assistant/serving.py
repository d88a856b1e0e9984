"""Running the app under waitress: limits that keep slow clients from starving the rest,
and ``--workers N`` processes sharing one port.

waitress reads every request whole in its event loop before a thread runs the app, so a
phone on a bad connection costs a socket, never a thread. The limits below are therefore
about sockets and bytes:

- ``connection_limit`` 1,000 per process (waitress's default, 100, let 100 half-sent
  requests lock every other phone out), with ``poll()`` instead of ``select()`` (which stops
  at 1,024 sockets) and the process's open-file limit raised to match;
- ``channel_timeout`` 30 s: a connection that sends nothing for that long is closed (a phone
  polling every 2 s keeps its connection);
- ``max_request_body_size``: the app's ``MAX_CONTENT_LENGTH`` (256 KiB), so waitress answers
  413 as soon as a larger ``Content-Length`` arrives (its default, 1 GiB, was read and
  spooled to a temporary file first), and ``max_request_header_size`` 64 KiB.

waitress warns "Task queue depth is N" each time a request waits for a thread: on a busy
game night that is many lines a second, written while waitress holds its task queue's lock
(so a log that cannot keep up holds every request up). :class:`OncePerInterval` lets one
such warning through a minute, with the count of those held back.

Several workers: each is a process of its own (one interpreter, one GIL each) listening on
the same address with ``SO_REUSEPORT``, so the kernel spreads connections across them. They
share nothing but the database: the live scoreboard's cache is keyed by the game's stored
state, which every process reads from the database.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

CONNECTION_LIMIT = 1000
CHANNEL_TIMEOUT = 30
MAX_HEADER_BYTES = 64 * 1024
WORKER_ENV = "ASSISTANT_SERVE_WORKER"
QUEUE_WARNING_INTERVAL = 60.0


class OncePerInterval(logging.Filter):
    """Lets one record through every ``interval`` seconds; the next one says how many were held back."""

    def __init__(self, interval: float, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self._interval = interval
        self._clock = clock
        self._next = float("-inf")
        self._held = 0
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        now = self._clock()
        with self._lock:
            if now < self._next:
                self._held += 1
                return False
            self._next = now + self._interval
            held, self._held = self._held, 0
        if held:
            record.msg = (
                f"{record.getMessage()} (and {held} more such warnings in the last {self._interval:g} s)"
            )
            record.args = None
        return True


def quiet_queue_warnings(interval: float = QUEUE_WARNING_INTERVAL) -> None:
    """At most one "Task queue depth" warning from waitress per ``interval`` seconds."""
    queue = logging.getLogger("waitress.queue")
    if not any(isinstance(f, OncePerInterval) for f in queue.filters):
        queue.addFilter(OncePerInterval(interval))


def waitress_options(app: Flask, threads: int, connection_limit: int = CONNECTION_LIMIT) -> dict[str, Any]:
    """The waitress settings for ``app`` (see the module's docstring)."""
    return {
        "threads": threads,
        "connection_limit": connection_limit,
        "channel_timeout": CHANNEL_TIMEOUT,
        "max_request_body_size": int(app.config["MAX_CONTENT_LENGTH"]),
        "max_request_header_size": MAX_HEADER_BYTES,
        "asyncore_use_poll": True,
        "backlog": 2048,
        "ident": "assistant",
    }


def raise_open_file_limit(wanted: int) -> None:
    """Let this process hold ``wanted`` sockets and files, as far as the system allows."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def shared_socket(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` that other workers can bind too (``SO_REUSEPORT``)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.setblocking(False)
    return sock


def settle_garbage_collection() -> None:
    """Once, in a process that serves one app, before its first request: everything built
    so far (the rules data of every edition, the templates, the app) lives as long as the
    process, so it leaves the collector's generations (``gc.freeze``) and no collection walks
    it again; and the young generation collects every 5,000 new objects (CPython's 700), so
    that reading a table's history (ten thousand small objects that all stay alive) is not
    interrupted by collections that find nothing. Process-wide and set once, where a
    per-request pause was not thread-safe (docs/decisions.md). Never in a process that
    makes app after app (the tests): a frozen app is never collected, nor its connections."""
    import gc

    gc.collect()
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, 5_000), middle, old)


def serve_one(app: Flask, host: str, port: int, threads: int, *, reuse_port: bool = False) -> None:
    """Serve ``app`` in this process until it is stopped."""
    from waitress import serve

    settle_garbage_collection()
    options = waitress_options(app, threads)
    raise_open_file_limit(options["connection_limit"] + 256)
    quiet_queue_warnings()
    if reuse_port:
        serve(app, sockets=[shared_socket(host, port)], **options)
    else:
        serve(app, host=host, port=port, **options)


def supports_workers() -> bool:
    return hasattr(socket, "SO_REUSEPORT") and os.name == "posix"


def supervise(argv: list[str], workers: int, env: dict[str, str]) -> int:
    """Start ``workers`` copies of ``python -m assistant serve ARGV`` and wait for them.

    Ctrl+C or SIGTERM stops them all; if one dies, the others are stopped too and the
    status says so (a process manager then restarts the whole service).
    """
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "assistant", "serve", *argv], env={**env, WORKER_ENV: str(n + 1)}
        )
        for n in range(workers)
    ]
    stopping = False

    def stop(_signum: int = 0, _frame: FrameType | None = None) -> None:
        nonlocal stopping
        stopping = True
        for child in children:
            if child.poll() is None:
                child.terminate()

    signal.signal(signal.SIGTERM, stop)
    status = 0
    try:
        while not stopping:
            for child in children:
                code = child.poll()
                if code is not None:
                    sys.stderr.write(f"A worker stopped (status {code}): stopping the others.\n")
                    status = 1
                    stop()
                    break
            time.sleep(0.2)
    except KeyboardInterrupt:
        stop()
    for child in children:
        try:
            child.wait(timeout=15)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
    return status
