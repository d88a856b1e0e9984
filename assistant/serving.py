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
serving (:func:`supervise`). The supervisor never gives up: a worker that dies after it began
serving, or is killed from outside, is replaced at once; one that exits before it serves (it
cannot start: a bad setting, a database that is away) is named in the log and started again
after 1, 2, 4 ... up to 30 s, the count starting over once a worker has served for a while;
only SIGTERM or Ctrl+C stops the service. A worker told to stop (SIGTERM: the supervisor
stopping, or an administrator's ``kill``) takes no new connection and finishes the requests it
began before it ends (:func:`finish_then_stop_on_sigterm`). They share nothing but the
database: the live scoreboard's cache is keyed by the game's stored state, which every process
reads from the database.

One client may hold ``CONNECTIONS_PER_CLIENT`` of a process's connections (waitress has no
such limit: 1,000 idle connections from one address locked every other phone out). Past it,
its new connection closes its own longest-idle one, and is refused (503) only when none is
idle: phones behind one router hold many connections, almost all idle, and are all served
(:class:`ConnectionCap`). Behind a reverse proxy every connection comes from the proxy, so the
proxies' own addresses (``ASSISTANT_PROXIES``) have no cap; a client that reaches the app past
the proxy has (docs/deploying.md).
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
PROCESS_HEADROOM = 16
"""Connections below waitress's ``connection_limit`` at which an idle one is closed to make
room (:class:`ConnectionCap`), so that waitress stops accepting only when none is idle."""


def idle(channel: Any) -> bool:
    """True when waitress's ``channel`` waits for its client: no request begun, none in hand,
    nothing left to send (a keep-alive connection between requests, or one just opened).
    ``requests`` is read first: a worker thread writes its answer before it empties it, so a
    channel seen without requests has all its answer in its buffers already."""
    return (
        not channel.requests
        and channel.request is None
        and not channel.total_outbufs_len
        and channel.connected
        and not channel.will_close
        and not channel.close_when_flushed
    )


class ConnectionCap:
    """The connections each client holds in one waitress process, and room made for new ones.

    A client (an IPv4 address; an IPv6 address's /64, see :func:`assistant.netaddr.client_of`)
    may hold ``cap`` connections. Its next one closes the one of its own that has waited
    longest for it (an idle keep-alive connection: its browser opens another when it needs
    one); only when none of its connections is idle, every one being in the middle of a
    request, is the new one refused (503). So phones behind one router, which between them
    hold many connections but have few requests in hand, are all served, and one client
    holding a thousand idle connections holds ``cap`` of them and locks nobody out.

    The process as a whole: near waitress's ``connection_limit``, a new connection closes the
    longest-idle connection of the client that holds the most. The proxies' own addresses
    (``exempt``) have no cap of their own (every connection behind a proxy is the proxy's).
    All of it runs in waitress's event loop, the only thread that accepts and closes.
    """

    def __init__(self, cap: int, limit: int, exempt: Callable[[str], bool] = lambda _client: False) -> None:
        self.cap = cap
        self.limit = max(1, limit - PROCESS_HEADROOM)
        self.exempt = exempt
        self.held: dict[str, dict[Any, None]] = {}  # client -> its channels, oldest first
        self.count = 0

    def admit(self, channel: Any, client: str) -> bool:
        """Count ``channel`` as ``client``'s, making room if need be; False: refuse it."""
        from .netaddr import client_of

        key = client_of(client)
        mine = self.held.get(key, {})
        if self.cap and len(mine) >= self.cap and not self.exempt(client) and not self._close_idlest(mine):
            return False
        if self.count >= self.limit and self.held:
            self._close_idlest(max(self.held.values(), key=len))
        self.held.setdefault(key, {})[channel] = None
        self.count += 1
        channel._capped_as = key
        return True

    def release(self, channel: Any) -> None:
        """``channel`` is closing: its client holds one connection less."""
        key = getattr(channel, "_capped_as", None)
        channel._capped_as = None
        mine = self.held.get(key) if key is not None else None
        if key is not None and mine is not None and channel in mine:
            del mine[channel]
            self.count -= 1
            if not mine:
                del self.held[key]

    @staticmethod
    def _close_idlest(channels: dict[Any, None]) -> bool:
        """Close the longest-idle of ``channels`` whose request has not just arrived unread;
        False when there is none."""
        waiting = sorted((c for c in channels if idle(c)), key=lambda channel: channel.last_activity)
        for channel in waiting:
            if not unread(channel):
                channel.handle_close()
                return True
        return False


def unread(channel: Any) -> bool:
    """True when bytes have come on ``channel``'s socket that waitress has not read yet (the
    start of a request: closing it now would reset it under the client)."""
    try:
        return bool(channel.socket.recv(1, socket.MSG_PEEK))  # waitress: non-blocking
    except (BlockingIOError, InterruptedError):
        return False
    except (OSError, AttributeError):  # reset, or already closed: nothing to lose
        return False


def cap_connections_per_client(
    server: Any, cap: int, exempt: Callable[[str], bool] = lambda _c: False
) -> ConnectionCap:
    """At most ``cap`` open connections per client in this waitress ``server``, and room made
    near its connection limit (:class:`ConnectionCap`)."""
    from waitress.channel import HTTPChannel

    held = ConnectionCap(cap, int(server.adj.connection_limit), exempt)

    class CappedChannel(HTTPChannel):  # type: ignore[misc]
        _capped_as: str | None = None

        def __init__(self, server: Any, sock: socket.socket, addr: Any, adj: Any, map: Any = None) -> None:
            client = str(addr[0]) if isinstance(addr, tuple) and addr else None
            super().__init__(server, sock, addr, adj, map=map)
            if client is not None and not held.admit(self, client):
                with contextlib.suppress(OSError):
                    sock.send(BUSY)
                self.close()

        def del_channel(self, map: Any = None) -> None:
            held.release(self)
            super().del_channel(map)

    for listener in listeners(server):
        listener.channel_class = CappedChannel
    return held


def listeners(server: Any) -> list[Any]:
    """The listening dispatchers of what waitress's ``create_server`` returned (several when
    the host names several addresses)."""
    from waitress.server import BaseWSGIServer

    if isinstance(server, BaseWSGIServer):
        return [server]
    return [obj for obj in server.map.values() if isinstance(obj, BaseWSGIServer)]


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
    where = {"sockets": [sock]} if sock is not None else {"host": host, "port": port}
    server = create_server(app, **where, **options)
    proxies = app.config.get("PROXIES")
    cap_connections_per_client(
        server,
        int(app.config.get("CONNECTIONS_PER_CLIENT") or 0),
        proxies.trusts if proxies else lambda _client: False,
    )
    server.print_listen("Serving on http://{}:{}")
    if sock is not None:
        finish_then_stop_on_sigterm(server)
    tell_supervisor_ready()
    server.run()


DRAIN_SECONDS = 10.0
"""How long a worker told to stop (SIGTERM) goes on answering the requests it has begun."""


def finish_then_stop_on_sigterm(server: Any, grace: float = DRAIN_SECONDS) -> None:
    """In a worker: SIGTERM stops it taking new connections (the other workers take them from
    the socket they share, and the supervisor starts a new one), lets the requests under way
    finish (for at most ``grace`` seconds), closes the idle connections, and ends the process.
    Without it, a worker stopped by the supervisor or by an administrator's ``kill`` dropped
    every request it was answering."""
    asked: list[float] = []  # when SIGTERM came (time.monotonic)
    readable = server.readable

    def still_reading() -> bool:
        if not asked:
            return bool(readable())
        waited = time.monotonic() - asked[0]
        busy = False
        for channel in list(server.active_channels.values()):
            if channel.requests or channel.request is not None or channel.total_outbufs_len:
                busy = True
            elif time.time() - channel.creation_time > 0.5 or waited > 0.5:
                # Idle (a keep-alive connection between requests: its client opens another,
                # elsewhere), and not one accepted a moment ago whose request is on its way.
                channel.will_close = True
            else:
                busy = True
        if not busy or waited > grace:
            raise SystemExit(0)  # waitress's loop ends on it, and so does the process
        return False  # takes no new connection

    def stop(_signum: int, _frame: FrameType | None) -> None:
        if not asked:
            asked.append(time.monotonic())
            server.pull_trigger()  # wake the loop (one byte on its pipe; takes no lock)

    server.readable = still_reading
    signal.signal(signal.SIGTERM, stop)


def supports_workers() -> bool:
    return os.name == "posix"


SOCKET_FD_ENV = "ASSISTANT_SERVE_FD"
READY_FD_ENV = "ASSISTANT_SERVE_READY_FD"
"""The pipe a worker writes one byte to when it begins serving (:func:`tell_supervisor_ready`)."""

FIRST_WAIT = 1.0
LONGEST_WAIT = 30.0
"""A worker that could not start is started again after 1, 2, 4 ... seconds, at most 30."""
SERVED_A_WHILE = 10.0
"""Seconds a worker serves before its place's count of failed starts begins again at 1 s."""
START_INTERVAL = 1.0
"""A worker's place starts at most one worker in this many seconds (one that dies as soon as
it begins serving is not restarted in a loop)."""


STOPPED_FROM_OUTSIDE = frozenset({signal.SIGKILL, signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
"""Signals that stop a worker from outside (an out-of-memory killer, someone's ``kill``): a
worker they stop while it starts has not failed to start, and is replaced at once."""


def tell_supervisor_ready() -> None:
    """In a worker of :func:`supervise`: say that this worker is serving (else nothing)."""
    fd = os.environ.pop(READY_FD_ENV, None)
    if fd is not None:
        with contextlib.suppress(OSError):
            os.write(int(fd), b"1")
            os.close(int(fd))


class Restarts:
    """When the place of a worker that died starts the next one (see :func:`supervise`)."""

    def __init__(self) -> None:
        self.failures = 0  # workers in a row that died before they began serving

    def wait(self, lived: float, served: float | None) -> float:
        """Seconds to wait before starting the next worker, when the last one ran for
        ``lived`` seconds and served for ``served`` of them (None: it never began serving)."""
        if served is None:
            self.failures += 1
            return min(LONGEST_WAIT, FIRST_WAIT * 2.0 ** (self.failures - 1))
        if served >= SERVED_A_WHILE:
            self.failures = 0
        return max(0.0, START_INTERVAL - lived)


def _how_it_ended(code: int) -> str:
    if code < 0:
        with contextlib.suppress(ValueError):
            return f"killed by {signal.Signals(-code).name}"
        return f"killed by signal {-code}"
    return f"exit status {code}"


class _Worker:
    """One worker's place: its process (if any), when it started and began serving, and when
    the next one may start."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.process: subprocess.Popen[bytes] | None = None
        self.ready_pipe: int | None = None
        self.started = 0.0
        self.serving_since: float | None = None
        self.restarts = Restarts()
        self.start_at = 0.0
        self.failed_before = False

    def start(self, argv: list[str], env: dict[str, str], fd: int, now: float) -> None:
        read, write = os.pipe()
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "assistant", "serve", *argv],
                env={**env, WORKER_ENV: str(self.n), SOCKET_FD_ENV: str(fd), READY_FD_ENV: str(write)},
                pass_fds=(fd, write),
            )
        except OSError as exc:  # no process at all (no memory, too many processes)
            os.close(read)
            self._could_not_start(now, 0.0, exc.strerror or str(exc))
            return
        finally:
            os.close(write)
        os.set_blocking(read, False)
        self.ready_pipe, self.started, self.serving_since = read, now, None

    def check(self, now: float) -> None:
        """Notice that the worker began serving, or that it died (and plan the next one)."""
        if self.process is None:
            return
        if self.serving_since is None and self.ready_pipe is not None:
            with contextlib.suppress(BlockingIOError):
                if os.read(self.ready_pipe, 1):
                    self.serving_since = now
                    if self.failed_before:
                        _say(f"Worker {self.n} is serving again.")
                        self.failed_before = False
        code = self.process.poll()
        if code is None:
            return
        self.process = None
        self.close_pipe()
        lived = now - self.started
        if self.serving_since is None and -code not in STOPPED_FROM_OUTSIDE:
            self._could_not_start(now, lived, _how_it_ended(code))
            return
        served = 0.0 if self.serving_since is None else now - self.serving_since
        wait = self.restarts.wait(lived, served)
        self.start_at = now + wait
        later = f" in {wait:.1f} s" if wait else ""
        how_long = (
            "before it began serving" if self.serving_since is None else f"after serving {served:.0f} s"
        )
        _say(f"Worker {self.n} stopped ({_how_it_ended(code)}) {how_long}: starting a new one{later}.")

    def _could_not_start(self, now: float, lived: float, why: str) -> None:
        wait = self.restarts.wait(lived, None)
        self.start_at = now + wait
        self.failed_before = True
        _say(f"Worker {self.n} could not start ({why}): trying again in {wait:g} s.")

    def close_pipe(self) -> None:
        if self.ready_pipe is not None:
            os.close(self.ready_pipe)
            self.ready_pipe = None


def _say(line: str) -> None:
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def supervise(argv: list[str], workers: int, env: dict[str, str], sock: socket.socket) -> int:
    """Run ``workers`` copies of ``python -m assistant serve ARGV`` on the listening ``sock``
    and keep them running until asked to stop (SIGTERM, SIGINT): the status is then 0.

    A worker that dies after it began serving, or that is killed from outside, is replaced at
    once (at most one start a second in its place); one that exits or crashes before it began
    serving could not start: it is named in the log and started again after 1, 2, 4 ... 30 s
    (:class:`Restarts`). The listening socket stays open all the while, so a
    connection that comes while no worker is serving waits for the next one.
    """
    fd = sock.fileno()
    places = [_Worker(n + 1) for n in range(workers)]
    stopping = False

    def stop(_signum: int = 0, _frame: FrameType | None = None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    while not stopping:
        now = time.monotonic()
        for place in places:
            place.check(now)
            if place.process is None and now >= place.start_at and not stopping:
                place.start(argv, env, fd, now)
        time.sleep(0.05)
    running = [place.process for place in places if place.process is not None]
    for process in running:
        if process.poll() is None:
            process.terminate()
    for process in running:
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    for place in places:
        place.close_pipe()
    return 0
