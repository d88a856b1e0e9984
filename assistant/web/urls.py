"""Links that leave the phone: a join link, a QR code, a score sheet's link."""

from __future__ import annotations

from typing import Any

from flask import current_app, url_for


def absolute(endpoint: str, **values: Any) -> str:
    """The full address of a page: under ``PUBLIC_URL`` when the app is told its public
    address, else as this request reached the app."""
    base: str | None = current_app.config.get("PUBLIC_URL")
    if base:
        return base.rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)
