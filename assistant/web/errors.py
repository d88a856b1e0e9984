"""Error pages a player understands, and JSON errors for the API."""

from __future__ import annotations

from flask import Flask, Response, jsonify, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException


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
        500: (
            _("Something went wrong on our side"),
            _("Nothing you entered was lost: go back and try again in a moment."),
        ),
    }


def init_app(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException) -> tuple[Response | str, int]:
        code = exc.code or 500
        messages = _messages()
        title, text = messages.get(code, (exc.name, exc.description or ""))
        if request.path.startswith("/api/"):
            return jsonify(
                {"error": text if code != 400 else (exc.description or text), "status": code}
            ), code
        return render_template("error.html", code=code, title=title, text=text), code

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> tuple[Response | str, int]:
        if isinstance(exc, HTTPException):  # pragma: no cover - handled above
            return _http_error(exc)
        app.logger.exception("Unhandled error on %s", request.path)
        title, text = _messages()[500]
        if request.path.startswith("/api/"):
            return jsonify({"error": text, "status": 500}), 500
        return render_template("error.html", code=500, title=title, text=text), 500
