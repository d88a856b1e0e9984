"""One database session per request."""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlalchemy.orm import Session


def get_session() -> Session:
    """The request's session, opened on first use and closed at the end of the request."""
    if "db_session" not in g:
        g.db_session = current_app.extensions["db_sessions"]()
    session: Session = g.db_session
    return session


def init_app(app: Flask) -> None:
    @app.teardown_appcontext
    def _close(_exc: BaseException | None) -> None:
        session = g.pop("db_session", None)
        if session is not None:
            session.close()
