"""Error pages a player understands, and JSON errors for the API."""

from __future__ import annotations

import re

from flask import Flask, Response, current_app, jsonify, make_response, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException, SecurityError

from . import retry

# A path segment that could be a game's token (they are 24 characters): kept out of the log.
_TOKEN_IN_PATH = re.compile(r"(?<=/)([A-Za-z0-9_-]{4})[A-Za-z0-9_-]{12,}")


def redacted(path: str) -> str:
    """``path`` with every token cut to its first 4 characters (``/g/AbCd…/city/0``)."""
    return _TOKEN_IN_PATH.sub(r"\1…", path)


def _messages() -> dict[int, tuple[str, str]]:
    return {
        400: (
            _("That request was not understood"),
            _("Something in what was sent could not be read. Go back and try again."),
        ),
        404: (
            _("Page not found"),
            _(
                "There is nothing at this address. If someone shared a game link with you, check it was copied whole."
            ),
        ),
        405: (
            _("Not allowed here"),
            _("This page cannot be used that way. Go back and use the buttons on the page."),
        ),
        413: (_("Too much at once"), _("What was sent is larger than a game can be. Nothing was saved.")),
        429: (
            _("Too many new games at once"),
            _(
                "This address has started many games, tables or imports in a short time. Nothing was "
                "stored this time: wait a minute, then try again."
            ),
        ),
        500: (
            _("Something went wrong on our side"),
            _("Nothing you entered was lost: go back and try again in a moment."),
        ),
    }


def _lost_connection(exc: BaseException) -> Response:
    """The request lost its database connection, or could not make one
    (assistant/web/retry.py says what follows)."""
    outcome = retry.outcome_of_lost_connection(request.environ, exc)
    again = request.environ.get("assistant.retried", False)
    current_app.logger.warning(
        "%s on %s %s (%s)",
        "Database unreachable" if isinstance(exc, retry.DatabaseUnreachable) else "Database connection lost",
        request.method,
        redacted(request.path),
        "outcome unknown" if outcome == "unknown" else "failed again" if again else "running it again",
    )
    if outcome == "unknown":
        title = _("The connection to the database was lost")
        text = _("What you sent may have been saved or not: reload the page to see what is stored.")
    else:  # run again by the middleware, unless this was the second time
        title = _("The database cannot be reached")
        text = _("Nothing was stored: try again in a moment.")
    if request.path.startswith("/api/"):
        response = jsonify({"error": text, "status": 503})
    else:
        response = make_response(render_template("error.html", code=503, title=title, text=text))
    response.status_code = 503
    response.headers["Retry-After"] = str(retry.RETRY_AFTER)
    return response


def init_app(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException) -> Response:
        code = exc.code or 500
        messages = _messages()
        title, text = messages.get(code, (exc.name, exc.description or ""))
        if request.path.startswith("/api/"):
            response = jsonify({"error": text if code != 400 else (exc.description or text), "status": code})
        elif isinstance(exc, SecurityError):  # a host not trusted: no link can be built for it
            response = Response(f"{title}\n\n{text}\n", mimetype="text/plain")
        else:
            response = make_response(render_template("error.html", code=code, title=title, text=text))
        response.status_code = code
        # The exception's own headers: ``Allow`` on 405 (RFC 9110 requires it), and so on.
        for name, value in exc.get_headers():
            if name.lower() != "content-type":
                response.headers[name] = value
        return response

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Response | tuple[Response | str, int]:
        if isinstance(exc, HTTPException):  # pragma: no cover - handled above
            return _http_error(exc)
        if retry.lost_connection(exc):
            return _lost_connection(exc)
        app.logger.exception("Unhandled error on %s %s", request.method, redacted(request.path))
        title, text = _messages()[500]
        if request.path.startswith("/api/"):
            return jsonify({"error": text, "status": 500}), 500
        return render_template("error.html", code=500, title=title, text=text), 500
