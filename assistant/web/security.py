"""Security headers, a content security policy, gzip for text responses, and an encrypted
session cookie.

The session cookie holds this phone's recent games, i.e. edit tokens. Flask's cookie is
signed but readable by anyone who sees it (base64 JSON); here its content is encrypted
and authenticated with Fernet (AES-128-CBC and HMAC-SHA256, from ``cryptography``), keyed
from the app's secret key by HKDF, then signed as before.
"""

from __future__ import annotations

import base64
import gzip
from typing import Any

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import Flask, Response, request
from flask.sessions import SecureCookieSessionInterface, session_json_serializer
from itsdangerous import URLSafeTimedSerializer

CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
COMPRESSIBLE = ("text/", "application/json", "application/javascript", "image/svg+xml")


def _fernet(secret: str | bytes) -> Fernet:
    raw = secret.encode() if isinstance(secret, str) else secret
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"wonders-assistant session").derive(raw)
    return Fernet(base64.urlsafe_b64encode(key))


class _EncryptedJSON:
    """Flask's tagged JSON, encrypted; what cannot be decrypted reads as an empty session."""

    def __init__(self, secret: str | bytes) -> None:
        self._fernet = _fernet(secret)

    def dumps(self, value: Any) -> str:
        return self._fernet.encrypt(session_json_serializer.dumps(value).encode()).decode("ascii")

    def loads(self, value: str | bytes) -> Any:
        try:
            return session_json_serializer.loads(self._fernet.decrypt(value).decode())
        except (InvalidToken, ValueError, TypeError):
            return {}


class EncryptedCookieSessionInterface(SecureCookieSessionInterface):
    """Flask's signed cookie session, with its content encrypted."""

    salt = "cookie-session-encrypted"  # a cookie from before (plain JSON) fails the signature: empty

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        if not app.secret_key:
            return None
        cached = app.extensions.get("session_serializer")
        if cached is None or cached[0] != app.secret_key:
            serializer = URLSafeTimedSerializer(
                app.secret_key,
                salt=self.salt,
                serializer=_EncryptedJSON(app.secret_key),
                signer_kwargs={"key_derivation": self.key_derivation, "digest_method": self.digest_method},
            )
            cached = (app.secret_key, serializer)
            app.extensions["session_serializer"] = cached
        return cached[1]


def init_app(app: Flask) -> None:
    from .pwa import fingerprinted

    app.session_interface = EncryptedCookieSessionInterface()

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
            # A link with the file's fingerprint never changes; any other is checked each time.
            fixed = fingerprinted(request.path, request.args.get("v"))
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable" if fixed else "no-cache"
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
