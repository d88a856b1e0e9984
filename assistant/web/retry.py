"""A database connection lost in the middle of a request: answered again when that is safe,
said truthfully when it is not.

The pool tests each connection before lending it (``pool_pre_ping``), so a connection that
died while idle (a database restart, a proxy's timeout) is never used. One can still die
while a request holds it. Then:

- if nothing of the request was committed (nor was being committed), nothing it did was
  stored: the whole request runs again, once, on a new connection, whatever its method (the
  body is kept to be read again; it is at most ``MAX_CONTENT_LENGTH``);
- if the connection died while committing, nobody can know whether the commit landed: the
  answer is a 503 that says so ("it may have been saved: reload to see"), never a 500 saying
  nothing was lost. A phone sending the same save again is safe: the save names the version
  it replaces, so a save that had landed answers 409 and the page shows what is stored;
- if it fails again, a 503 says the database cannot be reached and nothing was stored.

A connection that cannot be made at all (PostgreSQL restarting: "Connection refused", "the
database system is shutting down" or "is starting up") is the same case as one lost before
anything was stored: the request runs again once, after a short pause (``RETRY_PAUSE``), and
if the database is still away the 503 says that nothing was stored. Every such 503 carries
``Retry-After``. :class:`DatabaseUnreachable` is how a failed connect is told apart: the
driver's error, raised while no connection existed yet, is wrapped in it (a refused statement
on a working connection never is).
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, g
from sqlalchemy import Engine, event
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

LOST = "assistant.connection_lost"
"""The WSGI environ key set when a request lost its database connection: ``"retry"`` (nothing
was stored) or ``"unknown"`` (lost while committing)."""

WROTE = "wrote"
"""``Session.info`` key: this request committed something, or began to."""

COMMITTED = "committed"
"""``Session.info`` key: a commit of this request is done (something is stored)."""

PAUSE = "assistant.connection_pause"
"""The WSGI environ key set when the request could not connect: run it again after a pause."""

RETRY_PAUSE = 0.5
"""Seconds to wait before running again a request that could not connect (a restarting
PostgreSQL refuses connections for a second or two)."""

RETRY_AFTER = 2
"""Seconds a 503 of an unreachable or lost database asks the client to wait (``Retry-After``)."""


class DatabaseUnreachable(OperationalError):
    """No connection to the database could be made (refused, shutting down, starting up)."""


def unreachable_on_connect(engine: Engine) -> None:
    """Have ``engine`` raise :class:`DatabaseUnreachable`, marked as a lost connection, when
    making a new connection fails (the pool's ping of a pooled one is left to the pool)."""

    @event.listens_for(engine, "handle_error")
    def _connect_failed(context: ExceptionContext) -> BaseException | None:
        failed = context.original_exception
        if context.connection is not None or context.is_pre_ping:
            return None
        if not isinstance(failed, context.dialect.loaded_dbapi.OperationalError):
            return None
        return DatabaseUnreachable(None, None, failed, hide_parameters=True, connection_invalidated=True)


def track_commits(factory: sessionmaker[Session]) -> None:
    """Mark each session of ``factory`` once it begins a commit, and once one is done."""

    @event.listens_for(factory, "before_commit")
    def _committing(session: Session) -> None:
        session.info[WROTE] = True

    @event.listens_for(factory, "after_commit")
    def _committed(session: Session) -> None:
        session.info[COMMITTED] = True


def lost_connection(exc: BaseException) -> bool:
    """Whether ``exc`` is the database connection dying, or failing to be made (not a
    refused statement)."""
    return isinstance(exc, DBAPIError) and bool(exc.connection_invalidated)


def outcome_of_lost_connection(environ: dict[str, Any], exc: BaseException | None = None) -> str:
    """Record in ``environ`` what a lost connection means for this request, and return it.

    A connection lost while committing may have stored what it sent. A connection that could
    not be made sent nothing, even when it was a commit that asked for it: only a commit this
    request finished before makes that outcome unknown."""
    session = g.get("db_session")
    unreachable = isinstance(exc, DatabaseUnreachable)
    stored = session is not None and session.info.get(COMMITTED if unreachable else WROTE, False)
    environ[LOST] = "unknown" if stored else "retry"
    if unreachable:
        environ[PAUSE] = True
    return str(environ[LOST])


class RetryOnLostConnection:
    """WSGI middleware: runs a request again, once, when it lost its database connection
    before storing anything (see the module's docstring)."""

    def __init__(self, app: Callable[..., Iterable[bytes]], max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        body = self._kept_body(environ)
        if body is None:  # too large to keep (Flask answers 413): nothing to run again
            return self.app(environ, start_response)
        first: list[Any] = []

        def hold(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[[bytes], Any]:
            first[:] = [status, headers, exc_info]
            return lambda _data: None  # pragma: no cover - Flask never writes this way

        answer = self.app(environ, hold)
        if environ.get(LOST) != "retry":
            start_response(*first)
            return answer
        if hasattr(answer, "close"):
            answer.close()
        if environ.get(PAUSE):  # the database refused to connect: give it a moment
            time.sleep(RETRY_PAUSE)
        again = dict(environ)
        again.pop(LOST, None)
        again.pop(PAUSE, None)
        again["wsgi.input"] = io.BytesIO(body)
        again["assistant.retried"] = True
        return self.app(again, start_response)

    def _kept_body(self, environ: dict[str, Any]) -> bytes | None:
        """The request's body, read whole and put back so that it can be read twice."""
        length = environ.get("CONTENT_LENGTH") or ""
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if not chunked and (not length.isdigit() or int(length) == 0):
            return b""
        if length.isdigit() and int(length) > self.max_body:
            return None
        stream = environ["wsgi.input"]
        body: bytes = stream.read(int(length)) if length.isdigit() else stream.read(self.max_body + 1)
        if len(body) > self.max_body:
            environ["wsgi.input"] = io.BytesIO(body)
            return None
        environ["wsgi.input"] = io.BytesIO(body)
        return body


def init_app(app: Flask) -> None:
    """Track commits on the app's sessions, tell a failed connect from a refused statement,
    and wrap the app (after its other middleware)."""
    track_commits(app.extensions["db_sessions"])
    unreachable_on_connect(app.extensions["db_engine"])
    app.wsgi_app = RetryOnLostConnection(  # type: ignore[method-assign]
        app.wsgi_app, int(app.config["MAX_CONTENT_LENGTH"])
    )
