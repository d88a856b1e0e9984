"""Security headers, a content security policy, and gzip for text responses."""

from __future__ import annotations

import gzip

from flask import Flask, Response, request

CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
COMPRESSIBLE = ("text/", "application/json", "application/javascript", "image/svg+xml")


def init_app(app: Flask) -> None:
    @app.after_request
    def _headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["X-Frame-Options"] = "DENY"
        # Game links carry their secret in the path: never leak it through Referer.
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cross-Origin-Opener-Policy"] = "same-origin"
        response.headers["Permissions-Policy"] = "camera=(), microphone=(), geolocation=()"
        if request.path.startswith("/static/"):
            response.headers["Cache-Control"] = "public, max-age=86400"
        elif "Cache-Control" not in response.headers:
            response.headers["Cache-Control"] = "no-store"
        return _gzip(response)


def _gzip(response: Response) -> Response:
    if (
        response.status_code < 200
        or response.status_code in (204, 304)
        or "gzip" not in request.headers.get("Accept-Encoding", "").lower()
        or "Content-Encoding" in response.headers
        or not (response.mimetype or "").startswith(COMPRESSIBLE)
        or (response.is_streamed and not response.direct_passthrough)
    ):
        return response
    response.direct_passthrough = False
    data = response.get_data()
    if len(data) < 512:
        return response
    response.set_data(gzip.compress(data, compresslevel=6, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    response.headers["Content-Length"] = str(len(response.get_data()))
    response.vary.add("Accept-Encoding")
    return response
