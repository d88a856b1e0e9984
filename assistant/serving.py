"""Running the app under waitress: limits that keep slow clients from starving the rest,
and ``--workers N`` processes sharing one port.

waitress reads every request whole in its event loop before a thread runs the app, so a
phone on a bad connection costs a socket, never a thread. The limits below are therefore
about sockets and bytes:

- ``connection_limit`` 2,000 per process (waitress's default, 100, let 100 half-sent
  requests lock every other phone out; at 1,000 the 1,000 phones of ``bench_load.py`` and
  the players saving beside them reached the limit and waited), with ``poll()`` instead of
  ``select()`` (which stops at 1,024 sockets) and the process's open-file limit raised to
  match;
- ``channel_timeout`` 30 s: a connection that sends nothing for that long is closed (a phone
  polling every 2 s keeps its connection);
- ``max_request_body_size``: the app's ``MAX_CONTENT_LENGTH`` (256 KiB), so waitress answers
  413 as soon as a larger ``Content-Length`` arrives (its default, 1 GiB, was read and
  spooled to a temporary file first), and ``max_request_header_size`` 64 KiB.

waitress warns "Task queue depth is N" each time a request waits for a thread: on a busy
game night that is many lines a second, written while waitress holds its task queue's lock
(so a log that cannot keep up holds every request up). :class:`OncePerInterval` lets one
such warning through a minute, with the count of those held back.

Several workers: each is a process of its own (one interpreter, one GIL each). The supervisor
opens the listening socket and every worker inherits it, so they take connections from one
queue: a worker that dies loses only the requests it was answering, never the connections
waiting in the queue, and the supervisor starts a new one in its place while the others go on
serving (:func:`supervise`). They share nothing but the database: the live scoreboard's cache
is keyed by the game's stored state, which every process reads from the database.

One client may hold at most ``CONNECTIONS_PER_CLIENT`` of a process's connections (waitress
has no such limit: 1,000 idle connections from one address locked every other phone out);
past it a new connection gets a 503 and is closed. Behind a reverse proxy every connection
comes from the proxy, so the cap is off when the app trusts a proxy (the proxy caps instead,
docs/deploying.md).
"""

from __future__ import annotations

import contextlib
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

CONNECTION_LIMIT = 2000
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


def listening_socket(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, to be inherited by the workers."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.setblocking(False)
    sock.set_inheritable(True)
    return sock


def inherited_socket(fd: int) -> socket.socket:
    """The listening socket the supervisor handed down as file descriptor ``fd``."""
    sock = socket.socket(fileno=fd)
    sock.setblocking(False)
    return sock


BUSY = b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"


def cap_connections_per_client(server: Any, cap: int) -> None:
    """At most ``cap`` open connections per client address in this waitress ``server``:
    past it, a new connection gets a 503 and is closed at once."""
    from collections import Counter

    from waitress.channel import HTTPChannel

    held: Counter[str] = Counter()

    class CappedChannel(HTTPChannel):  # type: ignore[misc]
        _client: str | None = None

        def __init__(self, server: Any, sock: socket.socket, addr: Any, adj: Any, map: Any = None) -> None:
            client = str(addr[0]) if isinstance(addr, tuple) and addr else None
            super().__init__(server, sock, addr, adj, map=map)
            if client is None:
                return
            if held[client] >= cap:
                with contextlib.suppress(OSError):
                    sock.send(BUSY)
                self.close()
                return
            held[client] += 1
            self._client = client

        def del_channel(self, map: Any = None) -> None:
            client, self._client = self._client, None
            if client is not None:
                held[client] -= 1
                if held[client] <= 0:
                    del held[client]
            super().del_channel(map)

    server.channel_class = CappedChannel


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


def serve_one(app: Flask, host: str, port: int, threads: int, *, sock: socket.socket | None = None) -> None:
    """Serve ``app`` in this process until it is stopped: on ``host:port``, or on ``sock``
    (a worker's inherited socket)."""
    from waitress.server import create_server

    settle_garbage_collection()
    options = waitress_options(app, threads)
    raise_open_file_limit(options["connection_limit"] + 256)
    quiet_queue_warnings()
    logging.basicConfig()
    if sock is not None:
        server = create_server(app, sockets=[sock], **options)
    else:
        server = create_server(app, host=host, port=port, **options)
    cap = int(app.config.get("CONNECTIONS_PER_CLIENT") or 0)
    if cap and not app.config.get("PROXIES"):
        cap_connections_per_client(server, cap)
    server.print_listen("Serving on http://{}:{}")
    server.run()


def supports_workers() -> bool:
    return os.name == "posix"


SOCKET_FD_ENV = "ASSISTANT_SERVE_FD"
RESTARTS_ALLOWED = 5
"""Workers that may die within ``RESTART_WINDOW`` seconds before the supervisor gives up
(a worker that cannot start at all would otherwise be restarted for ever)."""
RESTART_WINDOW = 60.0


def supervise(argv: list[str], workers: int, env: dict[str, str], sock: socket.socket) -> int:
    """Run ``workers`` copies of ``python -m assistant serve ARGV`` on the listening ``sock``
    and keep them running.

    A worker that dies is replaced at once while the others go on serving; if more than
    ``RESTARTS_ALLOWED`` die within ``RESTART_WINDOW`` seconds (a worker that cannot start),
    the rest are stopped and the status is 1. Ctrl+C or SIGTERM stops them all.
    """
    fd = sock.fileno()

    def start(n: int) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [sys.executable, "-m", "assistant", "serve", *argv],
            env={**env, WORKER_ENV: str(n + 1), SOCKET_FD_ENV: str(fd)},
            pass_fds=(fd,),
        )

    children = [start(n) for n in range(workers)]
    deaths: list[float] = []
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
            for n, child in enumerate(children):
                code = child.poll()
                if code is None or stopping:
                    continue
                now = time.monotonic()
                deaths = [t for t in deaths if now - t < RESTART_WINDOW] + [now]
                if len(deaths) > RESTARTS_ALLOWED:
                    sys.stderr.write(
                        f"Worker {n + 1} stopped (status {code}), the {len(deaths)}th in "
                        f"{RESTART_WINDOW:g} s: stopping the others.\n"
                    )
                    status = 1
                    stop()
                    break
                sys.stderr.write(f"Worker {n + 1} stopped (status {code}): starting a new one.\n")
                sys.stderr.flush()
                children[n] = start(n)
            time.sleep(0.05)
    except KeyboardInterrupt:
        stop()
    for child in children:
        try:
            child.wait(timeout=15)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
    return status
