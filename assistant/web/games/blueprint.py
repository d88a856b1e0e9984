"""The games blueprint and the few helpers its views share: whether a phone asked for
JSON, a JSON answer with a status, the edition a form or link asks for."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from ...rules.catalog import available_editions

bp = Blueprint("games", __name__)


def wants_json() -> bool:
    """Whether the page's script asked (it posts each change and reads the answer)."""
    return request.accept_mimetypes.best == "application/json"


def json_response(body: dict[str, Any], status: int = 200) -> Response:
    response = jsonify(body)
    response.status_code = status
    return response


def edition_asked(value: str | None) -> int | None:
    """The edition a form or link asks for (``"2"``), when the app knows it."""
    return {str(n): n for n in available_editions()}.get(value or "")
