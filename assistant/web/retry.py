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
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, g
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

LOST = "assistant.connection_lost"
"""The WSGI environ key set when a request lost its database connection: ``"retry"`` (nothing
was stored) or ``"unknown"`` (lost while committing)."""

WROTE = "wrote"
"""``Session.info`` key: this request committed something, or began to."""


def track_commits(factory: sessionmaker[Session]) -> None:
    """Mark each session of ``factory`` once it begins a commit."""

    @event.listens_for(factory, "before_commit")
    def _committing(session: Session) -> None:
        session.info[WROTE] = True


def lost_connection(exc: BaseException) -> bool:
    """Whether ``exc`` is the database connection dying (not a refused statement)."""
    return isinstance(exc, DBAPIError) and bool(exc.connection_invalidated)


def outcome_of_lost_connection(environ: dict[str, Any]) -> str:
    """Record in ``environ`` what a lost connection means for this request, and return it."""
    session = g.get("db_session")
    wrote = session is not None and session.info.get(WROTE, False)
    environ[LOST] = "unknown" if wrote else "retry"
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
        again = dict(environ)
        again.pop(LOST, None)
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
    """Track commits on the app's sessions and wrap the app (after its other middleware)."""
    track_commits(app.extensions["db_sessions"])
    app.wsgi_app = RetryOnLostConnection(  # type: ignore[method-assign]
        app.wsgi_app, int(app.config["MAX_CONTENT_LENGTH"])
    )
