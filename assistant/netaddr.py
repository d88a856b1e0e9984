"""Where the phones at the table can reach this computer: its local-network addresses, and
whether a link would only work on this computer (a loopback or unspecified address).

Used by ``serve`` (to print the addresses and a QR code, and to set the public URL the join
links use) and by the game hub (to warn when its join link points nowhere a phone can go).
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

__all__ = ["is_unreachable_url", "lan_addresses", "public_url_for"]

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})


def _route_address() -> str | None:
    """The address this computer would use to reach the wider network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed like any address, never answered
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return address


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses a phone on the same network could use, best first.

    The address of the default route comes first; loopback and link-local addresses are
    left out (a phone cannot use them).
    """
    import ifaddr

    found: list[str] = []
    route = _route_address()
    if route:
        found.append(route)
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                found.append(ip.ip)
    usable = []
    for text in dict.fromkeys(found):
        address = ipaddress.ip_address(text)
        if address.is_loopback or address.is_link_local or address.is_unspecified:
            continue
        usable.append(text)
    return usable


def _host_of(url: str) -> str:
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:  # not a URL at all (an unclosed IPv6 bracket)
        return "?"


def is_unreachable_url(url: str) -> bool:
    """True when ``url`` names this computer only (127.x, ::1, localhost) or no address (0.0.0.0)."""
    host = _host_of(url)
    if not host or host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False  # a name: it may well resolve on the phones' network
    return address.is_loopback or address.is_unspecified


def public_url_for(host: str, port: int, addresses: list[str]) -> str:
    """The base URL phones should use for a server listening on ``host``:``port``."""
    chosen = host
    if host in ("", "0.0.0.0", "::", "*"):  # listening on every network of this computer
        chosen = addresses[0] if addresses else "127.0.0.1"
    if ":" in chosen:  # an IPv6 address
        chosen = f"[{chosen}]"
    return f"http://{chosen}:{port}"
