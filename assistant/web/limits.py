"""Rate limits for a public server: what creates data (a new game, a table, an import) is
limited per client, with Flask-Limiter.

One limit is shared by every such request of a client (``ASSISTANT_RATE_LIMIT``, by default
60 a minute and 600 an hour: far above a game night's pace, even for a club whose phones
share one address); an IPv6 client is its /64 (one network's phones, as a router's one IPv4
address). Beside it, the client's network has a limit of its own
(``ASSISTANT_RATE_LIMIT_NETWORK``, by default twice the client's): the addresses of one /24
(IPv4) or one /56 (IPv6) count together, so that a client with many addresses in one block
(a server's, or any IPv6 home's) creates no more than two clients would. The counts live in
memory by default, one process's own; several workers share them through a storage
Flask-Limiter knows (``ASSISTANT_RATE_LIMIT_STORAGE``, e.g. ``redis://127.0.0.1:6379``). A
client over either limit gets 429 (a page in its language, or the API's JSON error), and
nothing is stored. The client is the address the request came from: behind a trusted reverse
proxy, the forwarded one (see proxies.py and docs/deploying.md).
"""

from __future__ import annotations

import os
from typing import Any, cast

from flask import Flask, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from ..netaddr import client_of, network_of

CREATING = (
    "games.new_game",
    "tables.new_table",
    "tables.import_games",
    "api.create_game",
    "api.create_table",
    "api.import_table",
)
"""The endpoints that create data, sharing one limit (only their POSTs count)."""

DEFAULT_LIMIT = "60 per minute;600 per hour"
NETWORK_FACTOR = 2
"""A network's default limit, in clients' limits (``ASSISTANT_RATE_LIMIT_NETWORK`` unset)."""


def scaled(limit: str, factor: int) -> str:
    """``limit`` (Flask-Limiter's notation) with every count multiplied by ``factor``."""
    from limits import parse_many

    return ";".join(
        f"{item.amount * factor} per {item.multiples} {item.GRANULARITY.name}" for item in parse_many(limit)
    )


def client() -> str:
    """The rate limits' key for the request's client: its address (an IPv6 address's /64)."""
    return client_of(get_remote_address())


def client_network() -> str:
    """The rate limits' key for the request's network: its client's /24 or /56."""
    return network_of(get_remote_address())


def init_app(app: Flask) -> None:
    """Limit the creating endpoints (registered before this is called)."""
    app.config.setdefault("RATELIMIT_ENABLED", True)
    app.config.setdefault(
        "RATELIMIT_STORAGE_URI", os.environ.get("ASSISTANT_RATE_LIMIT_STORAGE") or "memory://"
    )
    app.config.setdefault("RATE_LIMIT_CREATE", os.environ.get("ASSISTANT_RATE_LIMIT") or DEFAULT_LIMIT)
    app.config.setdefault("RATE_LIMIT_NETWORK", os.environ.get("ASSISTANT_RATE_LIMIT_NETWORK") or None)
    limiter = Limiter(key_func=client, app=app, default_limits=[])
    app.extensions["rate_limiter"] = limiter  # the limiter is only weakly held by its wrappers

    def network_limit() -> str:
        explicit = app.config.get("RATE_LIMIT_NETWORK")
        return str(explicit) if explicit else scaled(str(app.config["RATE_LIMIT_CREATE"]), NETWORK_FACTOR)

    @limiter.request_filter
    def reading() -> bool:
        """Only POSTs are limited: the others skip the limiter's look at every request (a
        tenth of a poll's time)."""
        return request.method != "POST"

    creating = limiter.shared_limit(
        lambda: str(app.config["RATE_LIMIT_CREATE"]), scope="create", methods=["POST"]
    )
    from_network = limiter.shared_limit(
        network_limit, scope="create-network", key_func=client_network, methods=["POST"]
    )
    for endpoint in CREATING:
        app.view_functions[endpoint] = cast("Any", from_network(creating(app.view_functions[endpoint])))
