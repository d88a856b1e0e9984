"""The home page, the language switch and a health check."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, Response, current_app, make_response, redirect, render_template, request

from . import recent
from .i18n import LANG_COOKIE, available_languages

bp = Blueprint("main", __name__)


@bp.get("/")
def home() -> str:
    """The start page: new game, quick pad, this phone's tables and recent games, the rules corner."""
    from .forms import TableForm
    from .tables import recent_tables

    return render_template(
        "home.html", recent=recent.recent_games(), tables=recent_tables(), table_form=TableForm()
    )


def _safe_next(target: str | None) -> str:
    """Only redirect within the app."""
    if not target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return "/"
    return target


@bp.route("/language", methods=["GET", "POST"])
def language() -> Response:
    """Remember the chosen language on this phone and go back to the page."""
    code = request.values.get("lang", "")
    response = make_response(redirect(_safe_next(request.values.get("next"))))
    if code in available_languages():
        response.set_cookie(
            LANG_COOKIE,
            code,
            max_age=365 * 24 * 3600,
            samesite="Lax",
            httponly=True,
            secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")),
        )
    return response


@bp.get("/healthz")
def healthz() -> Response:
    """Liveness for scripts and load balancers."""
    return Response("ok\n", mimetype="text/plain")
