"""The installable app: a web app manifest with icons, a service worker that keeps the app's
pages and static files so that a phone that opened a game reopens it with no network, and
fingerprinted static files (``?v=`` a digest of the file: cached for good, a new release is
picked up at once).

The service worker (``/sw.js``) keeps the static files first from its cache, and every page
the phone opens from the network first, falling back to the copy it kept (or to the
``/offline`` page for a page never opened). Edits made offline are kept by the city page on
the phone and sent when the server answers (``static/app.js``); the page says which
protocol it speaks (``PROTOCOL``), and a save from a page of another protocol is refused
with ``{"reload": true}`` so that the phone reloads the page, keeping the edits, instead of
sending what the server no longer reads.
"""

from __future__ import annotations

import hashlib
import io
from functools import cache
from pathlib import Path

import orjson
from flask import Blueprint, Flask, Response, abort, current_app, render_template, request, url_for
from flask_babel import gettext as _

PROTOCOL = 1
"""The version of what the city page and the server say to each other when saving: bump it
when the save's fields or answers change in a way an older page cannot follow."""

PROTOCOL_HEADER = "X-Protocol"
THEME = "#3b2a17"
BACKGROUND = "#fbf6ea"
ICON_SIZES = (192, 512)

bp = Blueprint("pwa", __name__)


def static_digests(folder: Path) -> dict[str, str]:
    """Each static file's fingerprint: the first 10 hex digits of its SHA-256."""
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()[:10]
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def init_app(app: Flask) -> None:
    """Fingerprint the static files' links and say the protocol to the pages."""
    digests = static_digests(Path(str(app.static_folder)))
    app.extensions["static_digests"] = digests
    app.extensions["static_version"] = hashlib.sha256(
        "".join(f"{k}={v};" for k, v in digests.items()).encode()
    ).hexdigest()[:10]

    @app.url_defaults
    def _fingerprint(endpoint: str, values: dict[str, object]) -> None:
        if endpoint == "static" and "v" not in values:
            digest = digests.get(str(values.get("filename", "")))
            if digest:
                values["v"] = digest

    app.jinja_env.globals["protocol"] = PROTOCOL
    app.jinja_env.globals["theme_color"] = THEME


def fingerprinted(path: str, version: str | None) -> bool:
    """Whether a request for a static file names its current fingerprint (cache it for good)."""
    filename = path.removeprefix("/static/")
    return version is not None and current_app.extensions["static_digests"].get(filename) == version


def _icons() -> list[dict[str, str]]:
    """The manifest's icons: each size for any use, and maskable (kept inside the safe circle)."""
    return [
        {
            "src": url_for("pwa.icon", size=size) + ("?maskable=1" if purpose == "maskable" else ""),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": purpose,
        }
        for purpose in ("any", "maskable")
        for size in ICON_SIZES
    ]


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest, in the reader's language."""
    data = {
        "id": url_for("main.home"),
        "name": _("7 Wonders table assistant"),
        "short_name": _("Table assistant"),
        "description": _("Score a 7 Wonders game at the table, settle rules questions, print score pads."),
        "start_url": url_for("main.home"),
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": _icons(),
    }
    response = Response(orjson.dumps(data), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    return response


@cache
def _icon_png(size: int, maskable: bool) -> bytes:
    """The app's icon (the triangle of ``static/icon.svg`` on the header's brown) as a PNG:
    drawn four times larger and scaled down for smooth edges; a maskable icon keeps the
    triangle inside the safe circle (the middle 80 %)."""
    from PIL import Image, ImageDraw

    big = size * 4
    image = Image.new("RGB", (big, big), THEME)
    draw = ImageDraw.Draw(image)
    scale = big / 24 * (0.62 if maskable else 0.8)
    offset_x = big / 2 - 12 * scale
    offset_y = big / 2 - 11.5 * scale

    def at(x: float, y: float) -> tuple[float, float]:
        return offset_x + x * scale, offset_y + y * scale

    draw.polygon([at(12, 2), at(1.5, 21), at(22.5, 21)], fill="#c9a227")
    draw.polygon([at(12, 2), at(8, 21), at(12, 21)], fill="#9c7a12")
    out = io.BytesIO()
    image.resize((size, size), Image.Resampling.LANCZOS).save(out, format="PNG", optimize=True)
    return out.getvalue()


@bp.get("/icons/<int:size>.png")
def icon(size: int) -> Response:
    """The app's icon at 192 or 512 px (``?maskable=1``: for home screens that crop it)."""
    if size not in ICON_SIZES:
        abort(404)
    response = Response(_icon_png(size, request.args.get("maskable") == "1"), mimetype="image/png")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


@bp.get("/offline")
def offline() -> str:
    """What a phone with no network shows for a page it never opened."""
    return render_template("offline.html")


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, named after the static files' versions so that a release
    replaces the kept files at once."""
    version = current_app.extensions["static_version"]
    keep = [
        url_for("static", filename=name)
        for name in sorted(current_app.extensions["static_digests"])
        if not name.startswith("sw")
    ]
    keep += [
        url_for("palette.stylesheet", v=current_app.extensions["palette"].version),
        url_for("pwa.offline"),
        url_for("pwa.manifest"),
        *(url_for("pwa.icon", size=size) for size in ICON_SIZES),
    ]
    body = render_template("sw.js", version=f"{version}-{PROTOCOL}", keep=keep)
    response = Response(body, mimetype="application/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


def stale_page() -> bool:
    """Whether a save comes from a page of another protocol (it names one that is not ours)."""
    said = request.headers.get(PROTOCOL_HEADER)
    return said is not None and said != str(PROTOCOL)
