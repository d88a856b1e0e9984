"""Issue 44: ``serving.ConnectionCap``, the connections each client holds in a ``serve``
process, on stand-in channels (tests/test_serve_connections.py runs it in a real server)."""

from __future__ import annotations

import itertools

from assistant.serving import ConnectionCap

clock = itertools.count(1)


class Channel:
    """What the cap reads of waitress's channel: its state, and ``handle_close``."""

    def __init__(self, cap: ConnectionCap, *, busy: bool = False) -> None:
        self.cap = cap
        self.requests: list[object] = [object()] if busy else []
        self.request = None
        self.total_outbufs_len = 0
        self.connected = True
        self.will_close = self.close_when_flushed = False
        self.last_activity = next(clock)
        self.socket = None  # nothing unread: the cap's look at the socket finds none

    def handle_close(self) -> None:
        self.connected = False
        self.cap.release(self)


def _open(cap: ConnectionCap, client: str, n: int, *, busy: bool = False) -> list[Channel]:
    channels = []
    for _ in range(n):
        channel = Channel(cap, busy=busy)
        if cap.admit(channel, client):
            channels.append(channel)
    return channels


def test_past_the_cap_a_clients_longest_idle_connection_makes_room():
    cap = ConnectionCap(3, 2000)
    first = _open(cap, "198.51.100.7", 3)
    first[1].last_activity = next(clock)  # used again since: the first is now the longest idle
    (fourth,) = _open(cap, "198.51.100.7", 1)
    assert [c.connected for c in first] == [False, True, True] and fourth.connected
    assert cap.count == 3
    # Another client's connections are never closed for this one's.
    others = _open(cap, "198.51.100.8", 3)
    _open(cap, "198.51.100.7", 5)
    assert all(c.connected for c in others) and cap.count == 6


def test_a_client_whose_connections_are_all_mid_request_is_refused_past_the_cap():
    cap = ConnectionCap(3, 2000)
    busy = _open(cap, "198.51.100.7", 3, busy=True)
    assert _open(cap, "198.51.100.7", 1) == []
    assert all(c.connected for c in busy)
    busy[0].requests.clear()  # its answer went out: idle now, and room can be made
    assert len(_open(cap, "198.51.100.7", 1)) == 1 and not busy[0].connected


def test_an_ipv6_client_is_its_64_and_the_proxies_have_no_cap():
    cap = ConnectionCap(2, 2000, exempt=lambda client: client == "10.0.0.5")
    _open(cap, "2001:db8::1", 1)
    _open(cap, "2001:db8::2", 1)
    assert _open(cap, "2001:db8::3", 1, busy=True)  # room made in 2001:db8::/64
    assert cap.count == 2 and set(cap.held) == {"2001:db8::/64"}
    assert len(_open(cap, "10.0.0.5", 10, busy=True)) == 10


def test_near_the_process_limit_the_biggest_holders_longest_idle_makes_room():
    cap = ConnectionCap(0, 16 + 10)  # no cap per client; room for 10 in the process
    greedy = _open(cap, "198.51.100.7", 8)
    modest = _open(cap, "198.51.100.8", 2)
    newcomer = _open(cap, "203.0.113.1", 1)
    assert newcomer and cap.count == 10
    assert not greedy[0].connected and all(c.connected for c in greedy[1:] + modest)
