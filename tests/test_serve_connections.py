"""Issue 44, item 5: the connections one client may hold in a ``serve`` process fit a club.

Phones behind one router (a club's Wi-Fi) come from one address and hold many connections
between them, most of them idle keep-alive ones; past the cap a client's longest-idle
connection is closed to make room for its new one, and a new connection is refused (503)
only when every connection of the client is in the middle of a request. So a room of 200
phones behind one address is served, while one client holding 1,000 idle connections holds
no more than the cap and locks nobody out. Before, the 101st connection of an address got an
empty 503, whoever it was."""

from __future__ import annotations

import asyncio
import socket
import time

import pytest

from tests.event_loop import run_apart

# Each test starts a server process and opens hundreds of connections to it.
pytestmark = pytest.mark.slow


def _room_for(n: int) -> None:
    """Let this process open ``n`` sockets."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < n + 512:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(n + 512, hard), hard))


def _open(port: int, source: str, n: int, send: bytes = b"") -> list[socket.socket]:
    """``n`` connections from the loopback address ``source`` (Linux answers all of 127/8),
    each sending ``send`` (nothing: an idle connection)."""
    _room_for(n)
    held = []
    for _ in range(n):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
        if send:
            sock.sendall(send)
        held.append(sock)
    return held


def _closed_by_the_server(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(4096) == b""  # an idle connection hears nothing until it is closed
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True
    finally:
        sock.setblocking(True)


def _count_closed(held: list[socket.socket], at_least: int, within: float = 15) -> int:
    """How many of ``held`` the server closed, waiting up to ``within`` s for ``at_least``."""
    deadline = time.monotonic() + within
    while True:
        closed = sum(_closed_by_the_server(sock) for sock in held)
        if closed >= at_least or time.monotonic() > deadline:
            return closed
        time.sleep(0.2)


def _answer(port: int, source: str) -> bytes:
    """The answer to one request from ``source`` on a new connection; a refused connection is
    answered 503 and closed at once, so the request may reset it first: ``b"reset"``."""
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0)) as sock:
        answer = b""
        try:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            while chunk := sock.recv(4096):
                answer += chunk
        except (ConnectionResetError, BrokenPipeError):
            return answer or b"reset"
        return answer


def _close(held: list[socket.socket]) -> None:
    for sock in held:
        sock.close()


class Phone:
    """A phone's browser: keep-alive connections to the server; a request on a connection the
    server closed while it was idle is sent again once on a new one, as browsers do."""

    def __init__(self, port: int, source: str) -> None:
        self.port, self.source = port, source
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.open_connection("127.0.0.1", self.port, local_addr=(self.source, 0))

    async def get(self, path: str = "/healthz") -> int:
        for attempt in (1, 2):
            reused = self.streams is not None
            if self.streams is None:
                self.streams = await self.connect()
            reader, writer = self.streams
            try:
                writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
                await writer.drain()
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
                length = next(
                    (int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")),
                    0,
                )  # fmt: skip
                await reader.readexactly(length)
                return int(head.split()[1])
            except (ConnectionError, asyncio.IncompleteReadError):
                writer.close()
                self.streams = None
                if attempt == 2 or not reused:
                    raise
        raise AssertionError("unreachable")


def test_two_hundred_phones_behind_one_address_are_all_served(start_server):
    """Issue 44: phones behind a club's router got an empty 503 past the 100th connection. A
    room of 200 phones behind one address, each with a connection it polls on every half
    second and two more left open by loading the page (600 connections, past the default cap
    of 500): every request is answered 200, none 503; the idle page-load connections are the
    ones closed to make room."""
    port, _ = start_server()
    _room_for(700)
    source = "127.0.0.2"

    async def room() -> tuple[list[int], int]:
        phones = [Phone(port, source) for _ in range(200)]
        statuses: list[int] = []
        page_loads: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []

        async def phone(it: Phone, n: int) -> None:
            await asyncio.sleep(n * 0.005)  # they join over a second
            for _ in range(2):  # the page's own requests, on connections left open
                loader = Phone(port, source)
                statuses.append(await loader.get())
                assert loader.streams is not None
                page_loads.append(loader.streams)
            for _ in range(10):  # then polling, every half second
                statuses.append(await it.get())
                await asyncio.sleep(0.5)

        await asyncio.gather(*(phone(it, n) for n, it in enumerate(phones)))
        closed = sum(reader.at_eof() for reader, _writer in page_loads)
        for it in phones:
            if it.streams:
                it.streams[1].close()
        for _reader, writer in page_loads:
            writer.close()
        return statuses, closed

    statuses, closed = run_apart(room)
    assert len(statuses) == 200 * 12
    assert set(statuses) == {200}, {s: statuses.count(s) for s in set(statuses)}
    assert closed >= 100, closed  # room was made among the idle ones


def test_one_client_holding_a_thousand_idle_connections_keeps_only_the_cap_and_locks_nobody_out(
    start_server,
):
    port, _ = start_server(env_extra={"ASSISTANT_CONNECTIONS_PER_CLIENT": "50"})
    held = _open(port, "127.0.0.2", 1000)
    try:
        # Past the cap, the client's own longest-idle connections were closed, not the others'.
        closed = _count_closed(held, at_least=950)
        assert closed >= 950, closed
        assert not any(_closed_by_the_server(sock) for sock in held[-40:])  # its newest are kept
        # Everyone else is served, and so is the client itself, on a new connection.
        for source in ("127.0.0.1", "127.0.0.3", "127.0.0.2"):
            assert _answer(port, source).startswith(b"HTTP/1.1 200"), source
    finally:
        _close(held)


def test_a_client_whose_every_connection_is_mid_request_is_refused_past_the_cap(start_server):
    """Half-sent requests are not idle (a phone on a bad connection may be sending one): none
    is closed to make room, so past the cap the client's new connection gets a 503."""
    port, _ = start_server(env_extra={"ASSISTANT_CONNECTIONS_PER_CLIENT": "50"})
    held = _open(port, "127.0.0.2", 50, send=b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    try:
        answer = _answer(port, "127.0.0.2")
        assert answer.startswith(b"HTTP/1.1 503") or answer in (b"", b"reset"), answer[:80]
        assert _answer(port, "127.0.0.3").startswith(b"HTTP/1.1 200")
        assert _count_closed(held, at_least=1, within=1) == 0  # the half-sent ones wait on
    finally:
        _close(held)
    # Once its connections are gone, the client is served again.
    deadline = time.monotonic() + 10
    while not _answer(port, "127.0.0.2").startswith(b"HTTP/1.1 200"):
        assert time.monotonic() < deadline, "the client was never served again"
        time.sleep(0.1)


def test_the_proxys_own_address_has_no_cap_but_a_direct_client_has(start_server):
    """Behind a proxy every connection is the proxy's: its address (ASSISTANT_PROXIES) is not
    capped. A client that reaches the app past the proxy is."""
    port, _ = start_server(
        env_extra={"ASSISTANT_CONNECTIONS_PER_CLIENT": "5", "ASSISTANT_PROXIES": "127.0.0.9"}
    )
    proxy = _open(port, "127.0.0.9", 20)
    direct = _open(port, "127.0.0.2", 20)
    try:
        assert _answer(port, "127.0.0.9").startswith(b"HTTP/1.1 200")
        assert _count_closed(direct, at_least=15) >= 15
        assert _count_closed(proxy, at_least=1, within=1) == 0
    finally:
        _close(proxy + direct)
