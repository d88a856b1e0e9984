"""Rate limits for a public server: what creates data (a new game, a table, an import) is
limited per client, with Flask-Limiter.

One limit is shared by every such request of a client (``ASSISTANT_RATE_LIMIT``, by default
60 a minute and 600 an hour: far above a game night's pace, even for a club whose phones
share one address). The counts live in memory by default, one process's own; several
workers share them through a storage Flask-Limiter knows (``ASSISTANT_RATE_LIMIT_STORAGE``,
e.g. ``redis://127.0.0.1:6379``). A client over the limit gets 429 (a page in its language,
or the API's JSON error), and nothing is stored. The client is the address the request came
from: behind a reverse proxy, the forwarded one (see docs/deploying.md).
"""

from __future__ import annotations

import os
from typing import Any, cast

from flask import Flask
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

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


def init_app(app: Flask) -> None:
    """Limit the creating endpoints (registered before this is called)."""
    app.config.setdefault("RATELIMIT_ENABLED", True)
    app.config.setdefault(
        "RATELIMIT_STORAGE_URI", os.environ.get("ASSISTANT_RATE_LIMIT_STORAGE") or "memory://"
    )
    app.config.setdefault("RATE_LIMIT_CREATE", os.environ.get("ASSISTANT_RATE_LIMIT") or DEFAULT_LIMIT)
    limiter = Limiter(key_func=get_remote_address, app=app, default_limits=[])
    app.extensions["rate_limiter"] = limiter  # the limiter is only weakly held by its wrappers
    creating = limiter.shared_limit(
        lambda: str(app.config["RATE_LIMIT_CREATE"]), scope="create", methods=["POST"]
    )
    for endpoint in CREATING:
        app.view_functions[endpoint] = cast("Any", creating(app.view_functions[endpoint]))
