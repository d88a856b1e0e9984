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
