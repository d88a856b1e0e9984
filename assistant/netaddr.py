"""Where the phones at the table can reach this computer: its local-network addresses, and
whether a link would only work on this computer (a loopback or unspecified address).

Used by ``serve`` (to print the addresses and a QR code, and to set the public URL the join
links use) and by the game hub (to warn when its join link points nowhere a phone can go).

Also who a request comes from: the client an address counts as (an IPv6 address's /64: one
network of phones), the network it counts in for rate limits (a /24, an IPv6 /56), and whether
it is one of the reverse proxies trusted (``ASSISTANT_PROXIES``).
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

__all__ = [
    "LOOPBACK",
    "client_of",
    "is_unreachable_url",
    "is_within",
    "lan_addresses",
    "network_of",
    "parse_address",
    "parse_networks",
    "public_url_for",
]

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


# --- Who a request comes from: a client's address, its network, the proxies trusted ---

IPV4_NETWORK = 24
"""The IPv4 network a client's address counts in (rate limits): a /24, one site's block."""
IPV6_NETWORK = 56
"""The IPv6 network a client's address counts in (rate limits): a /56, what one home or
office is usually given, so that its many addresses count as one."""
IPV6_CLIENT = 64
"""The IPv6 block that counts as one client's address (connection caps): a /64 is one
network of phones, each with addresses of its own (the IPv6 form of a router's one address)."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def parse_address(text: str) -> Address | None:
    """The address ``text`` names (an IPv4 address written inside IPv6 as the IPv4 one), or None."""
    try:
        address = ipaddress.ip_address(text.strip().removeprefix("[").removesuffix("]").split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _block(text: str, v4: int, v6: int) -> str:
    address = parse_address(text)
    if address is None:
        return text  # not an address at all (a Unix socket's name): counts as itself
    prefix = v4 if address.version == 4 else v6
    if prefix >= address.max_prefixlen:
        return str(address)
    return str(ipaddress.ip_network(f"{address}/{prefix}", strict=False))


def client_of(text: str) -> str:
    """The client an address counts as: an IPv4 address itself, an IPv6 address's /64."""
    return _block(text, 32, IPV6_CLIENT)


def network_of(text: str) -> str:
    """The network an address counts in: its /24 (IPv4) or /56 (IPv6)."""
    return _block(text, IPV4_NETWORK, IPV6_NETWORK)


def parse_networks(text: str) -> tuple[Network, ...]:
    """Addresses and networks, comma-separated (``127.0.0.1, 10.0.0.0/8, ::1``); ValueError
    names the first that is neither."""
    found = []
    for part in text.split(","):
        if not part.strip():
            continue
        try:
            found.append(ipaddress.ip_network(part.strip(), strict=False))
        except ValueError:
            raise ValueError(part.strip()) from None
    return tuple(found)


LOOPBACK: tuple[Network, ...] = (ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128"))


def is_within(text: str, networks: tuple[Network, ...]) -> bool:
    """True when ``text`` is an address inside one of ``networks``."""
    address = parse_address(text)
    return address is not None and any(address in network for network in networks)
