"""Behind a reverse proxy (``ASSISTANT_PROXIES``): the forwarded headers are believed only
on a request that comes from one of the proxies' own addresses.

``ASSISTANT_PROXIES`` lists the proxies' addresses or networks (``127.0.0.1``,
``127.0.0.1,10.0.0.0/8``). On a request from one of them, ``X-Forwarded-For`` is read from
the right, past every address of the list (a chain of proxies), and the first address that
is not a proxy's is the client's: the rate limits count it. ``X-Forwarded-Proto``, ``-Host``
and ``-Port`` are taken as the outermost trusted proxy wrote them (the value as many places
from the right as proxies were passed, or the leftmost when there are fewer). A request from
any other address is taken as it came: a client that reaches the app directly, past the
proxy, cannot choose the address it is counted as, nor the scheme or host of links.

The old form, a number N (1 to 5: "N proxies in a row"), still works: the forwarded headers
are then believed from this computer's own addresses only (127.0.0.0/8, ::1), the nearest
proxy being on this computer, and the N-th address from the right is the client's, as
Werkzeug's ``ProxyFix`` read it. Before, they were believed from anyone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..netaddr import LOOPBACK, Network, is_within, parse_networks

MOST_HOPS = 5


@dataclass(frozen=True)
class Proxies:
    """The reverse proxies whose forwarded headers are believed."""

    networks: tuple[Network, ...]
    """Their addresses: only a request from one of them has its forwarded headers believed."""
    hops: int | None = None
    """The old numeric form: that many proxies in a row; None: walk ``X-Forwarded-For`` from
    the right past every address of ``networks``."""

    def __str__(self) -> str:
        if self.hops is not None:
            return str(self.hops)
        return ",".join(str(n) for n in self.networks)

    def trusts(self, address: str) -> bool:
        """True when a request from ``address`` comes from one of the proxies."""
        return is_within(address, self.networks)


def parse_proxies(value: object) -> Proxies | None:
    """``ASSISTANT_PROXIES`` (or a test's override: a number, a string or :class:`Proxies`):
    None when no proxy stands in front. ValueError says what is wrong."""
    if value is None or isinstance(value, Proxies):
        return value
    if isinstance(value, bool):
        raise ValueError(str(value))
    text = str(value).strip()
    if not text or text == "0":
        return None
    if text.isdigit():
        if int(text) > MOST_HOPS:
            raise ValueError(text)
        return Proxies(LOOPBACK, int(text))
    networks = parse_networks(text)
    return Proxies(networks) if networks else None


def _values(header: str | None) -> list[str]:
    return [part.strip() for part in (header or "").split(",") if part.strip()]


class TrustedProxies:
    """WSGI middleware: the client's address, the scheme, host and port as the trusted proxies
    forwarded them (see the module's docstring); any other request as it came."""

    def __init__(self, app: Callable[..., Iterable[bytes]], proxies: Proxies) -> None:
        self.app = app
        self.proxies = proxies

    def _client(self, forwarded: list[str]) -> tuple[str | None, int]:
        """The client's address in ``X-Forwarded-For``, and how many proxies were passed."""
        if self.proxies.hops is not None:
            hops = self.proxies.hops
            return (forwarded[-hops], hops) if len(forwarded) >= hops else (None, hops)
        hops = 0
        client = None
        for address in reversed(forwarded):
            hops += 1
            client = address
            if not self.proxies.trusts(address):
                break
            if hops >= MOST_HOPS * 4:  # a list no chain of proxies makes: stop reading it
                break
        return client, max(hops, 1)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if not self.proxies.trusts(str(environ.get("REMOTE_ADDR") or "")):
            return self.app(environ, start_response)
        client, hops = self._client(_values(environ.get("HTTP_X_FORWARDED_FOR")))
        if client:
            environ["REMOTE_ADDR"] = client

        def outermost(name: str) -> str | None:
            values = _values(environ.get(name))
            return values[-min(hops, len(values))] if values else None

        proto = outermost("HTTP_X_FORWARDED_PROTO")
        if proto in ("http", "https"):
            environ["wsgi.url_scheme"] = proto
        host = outermost("HTTP_X_FORWARDED_HOST")
        if host:
            environ["HTTP_HOST"] = environ["SERVER_NAME"] = host
            if ":" in host and not host.endswith("]"):
                environ["SERVER_NAME"], environ["SERVER_PORT"] = host.rsplit(":", 1)
        port = outermost("HTTP_X_FORWARDED_PORT")
        if port and port.isdigit():
            host = environ.get("HTTP_HOST")
            if host:
                if ":" in host and not host.endswith("]"):
                    host = host.rsplit(":", 1)[0]
                environ["HTTP_HOST"] = f"{host}:{port}"
            environ["SERVER_PORT"] = port
        return self.app(environ, start_response)
