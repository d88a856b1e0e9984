"""One database session per request."""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlalchemy.orm import Session

from .retry import lost_connection


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
            close(session)


def close(session: Session) -> None:
    """Close the request's session. Its answer is made by now: closing rolls back on the
    connection, and a connection that died since (a database restart, a killed backend) must
    not turn that answer into a 500. The connection is thrown away instead of going back to
    the pool, and the log says so."""
    try:
        session.close()
    except Exception as exc:
        if lost_connection(exc):
            current_app.logger.warning(
                "Database connection lost after the answer was made (%s)", exc.__class__.__name__
            )
        else:
            current_app.logger.exception("Closing the database session failed after the answer was made")
        try:
            session.invalidate()
        except Exception:  # its connections are gone already: nothing more to release
            current_app.logger.debug("Invalidating the session failed too", exc_info=True)
