"""Where phones can reach the app: local-network addresses and links that only work here."""

from __future__ import annotations

import ipaddress

import pytest

from assistant.netaddr import is_unreachable_url, lan_addresses, public_url_for


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:5000/g/abc",
        "http://127.1.2.3/",
        "http://localhost:5000/",
        "http://game.localhost/",
        "http://[::1]:5000/",
        "http://0.0.0.0:8000/",
        "http://[::]:8000/",
        "/g/abc",
    ],
)
def test_a_link_to_this_computer_only_is_unreachable_for_a_phone(url: str):
    assert is_unreachable_url(url)


@pytest.mark.parametrize(
    "url",
    [
        "http://192.168.1.20:5000/g/abc",
        "http://10.0.0.7/",
        "https://wonders.example.org/",
        "http://[fd00::2]:5000/",
    ],
)
def test_a_link_to_a_network_address_or_a_name_is_reachable(url: str):
    assert not is_unreachable_url(url)


def test_this_computers_addresses_for_phones_leave_out_loopback_and_link_local():
    for text in lan_addresses():
        address = ipaddress.ip_address(text)
        assert address.version == 4
        assert not address.is_loopback and not address.is_link_local and not address.is_unspecified


def test_listening_everywhere_the_public_url_is_the_first_network_address():
    assert public_url_for("0.0.0.0", 5000, ["192.168.1.20", "10.0.0.2"]) == "http://192.168.1.20:5000"
    assert public_url_for("::", 80, []) == "http://127.0.0.1:80"
    assert public_url_for("192.168.1.30", 8000, ["192.168.1.20"]) == "http://192.168.1.30:8000"
    assert public_url_for("fd00::2", 8000, []) == "http://[fd00::2]:8000"


@pytest.mark.parametrize(
    ("address", "client", "network"),
    [
        ("203.0.113.77", "203.0.113.77", "203.0.113.0/24"),
        ("::ffff:203.0.113.77", "203.0.113.77", "203.0.113.0/24"),  # IPv4, as a dual-stack socket says it
        ("2001:db8:0:ff:1:2:3:4", "2001:db8:0:ff::/64", "2001:db8::/56"),
        ("[2001:db8::1]", "2001:db8::/64", "2001:db8::/56"),
        ("fe80::1%eth0", "fe80::/64", "fe80::/56"),
        ("unix-socket", "unix-socket", "unix-socket"),  # not an address: counts as itself
    ],
)
def test_the_client_and_the_network_an_address_counts_as(address: str, client: str, network: str):
    """Issue 44: rate limits count a client and its network; connection caps, the client (an
    IPv6 client is its /64: one network's phones, as behind an IPv4 router's one address)."""
    from assistant.netaddr import client_of, network_of

    assert client_of(address) == client
    assert network_of(address) == network


def test_proxies_are_listed_as_addresses_and_networks():
    from assistant.netaddr import is_within, parse_networks

    networks = parse_networks(" 127.0.0.1, 10.0.0.0/8 ,::1,")
    assert [str(n) for n in networks] == ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]
    assert is_within("10.2.3.4", networks) and is_within("::ffff:127.0.0.1", networks)
    assert not is_within("127.0.0.2", networks) and not is_within("nginx", networks)
    with pytest.raises(ValueError, match="nginx"):
        parse_networks("127.0.0.1,nginx")
