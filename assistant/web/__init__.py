"""The web app: ``create_app(config)`` builds a Flask app with its blueprints."""

from __future__ import annotations

from typing import Any

from flask import Flask

from ..resources import resource_dir


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` overrides the defaults (tests pass their own)."""
    from ..rules.catalog import available_editions, available_expansions, catalog_for
    from .config import build_config
    from .jsonprovider import OrjsonProvider

    app = Flask(
        "assistant",
        template_folder=str(resource_dir("templates")),
        static_folder=str(resource_dir("static")),
        static_url_path="/static",
    )
    app.config.update(build_config(config))
    # Read and check every edition's rules data now: malformed data stops start-up,
    # naming the file and the entry, instead of failing on a player's first request.
    for edition in available_editions():
        catalog_for(edition, available_expansions(edition))
    # orjson: keeps the format's key order, writes UTF-8, refuses unstorable request bodies.
    app.json = OrjsonProvider(app)

    _init_database(app)
    _init_views(app)
    _trust_proxies(app)
    return app


def _init_database(app: Flask) -> None:
    """The database: its engine (migrated first, unless ``AUTO_MIGRATE`` is off), its
    sessions, and the per-request session's set-up and tear-down."""
    from ..store.db import make_engine, make_session_factory, upgrade
    from .db import init_app as init_db

    engine = make_engine(app.config["DATABASE_URL"])
    if app.config["AUTO_MIGRATE"]:
        upgrade(engine)
    app.extensions["db_engine"] = engine
    app.extensions["db_sessions"] = make_session_factory(engine)
    init_db(app)


def _init_views(app: Flask) -> None:
    """The pages and the API: their blueprints, and what guards and serves them (CSRF,
    languages, security headers, error pages, templates, rate limits, retries)."""
    from flask_wtf.csrf import CSRFProtect

    from . import (
        api,
        errors,
        fieldhtml,
        games,
        i18n,
        limits,
        main,
        palette,
        pwa,
        reference,
        retry,
        security,
        tables,
        templating,
    )

    csrf = CSRFProtect(app)
    i18n.init_app(app)
    security.init_app(app)
    errors.init_app(app)
    templating.init_app(app)
    fieldhtml.init_app(app)
    palette.init_app(app)
    pwa.init_app(app)
    tables.init_app(app)

    app.register_blueprint(main.bp)
    app.register_blueprint(reference.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(pwa.bp)
    limits.init_app(app)
    csrf.exempt(api.bp)
    retry.init_app(app)


def _trust_proxies(app: Flask) -> None:
    """The reverse proxies named in ``PROXIES`` (parsed in place), if any, and what is
    believed from them."""
    from .proxies import TrustedProxies, parse_proxies

    proxies = app.config["PROXIES"] = parse_proxies(app.config.get("PROXIES"))
    if proxies:
        # Behind a reverse proxy, only when told, and only on what the proxy passes on: the
        # client's address (rate limits, logs), and the scheme and host the phones used
        # (https links and QR codes).
        app.wsgi_app = TrustedProxies(app.wsgi_app, proxies)  # type: ignore[method-assign]
