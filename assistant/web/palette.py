"""The colours of the rules data as a stylesheet: one custom property per card colour and
per score category, written from every edition's and expansion's data at start-up.

The page's own stylesheet (``static/app.css``) draws a card's stripe, dot, tile and chip
with ``var(--card)`` and a category's chip, pad row and chart bar with ``var(--cat)``; this
sheet gives each colour class (``.brown``) its ``--card`` and each category class
(``.cat-military``) its ``--cat``. A colour an expansion adds is on every page with no
change to the CSS or the script.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from flask import Blueprint, Flask, Response, current_app, request, url_for

from ..rules.catalog import Catalog, CatalogError, available_editions, available_expansions, catalog_for

__all__ = ["Palette", "bp", "init_app", "palette_css"]

bp = Blueprint("palette", __name__)


def _swatches(catalogs: list[Catalog]) -> tuple[dict[str, str], dict[str, str]]:
    """Each colour's and each category's swatch, checked to be one colour whatever the data."""
    colors: dict[str, str] = {}
    categories: dict[str, str] = {}
    for catalog in catalogs:
        found = [(colors, info.color.value, info.swatch) for info in catalog.rules.colors]
        found += [(categories, c.value, s) for c, s in catalog.rules.category_swatches]
        for table, key, swatch in found:
            if table.setdefault(key, swatch) != swatch:
                raise CatalogError(
                    f"{key} is {table[key]} in one edition and {swatch} in another: one colour each"
                )
    return colors, categories


def palette_css(catalogs: list[Catalog]) -> str:
    """The stylesheet of these catalogs' colours and categories."""
    colors, categories = _swatches(catalogs)
    lines = ["/* Written from the rules data (each edition's and expansion's colours and categories). */"]
    lines.append(":root { " + " ".join(f"--{key}: {swatch};" for key, swatch in colors.items()) + " }")
    lines += [f".{key} {{ --card: var(--{key}); }}" for key in colors]
    lines += [f".cat-{key} {{ --cat: {swatch}; }}" for key, swatch in categories.items()]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Palette:
    """The app's palette stylesheet and its version (a hash of it, for the link)."""

    css: bytes
    version: str


def _every_catalog() -> list[Catalog]:
    return [catalog_for(e, available_expansions(e)) for e in available_editions()]


@bp.get("/palette.css")
def stylesheet() -> Response:
    """The colours of the rules data as custom properties (cached: the link carries its version)."""
    palette: Palette = current_app.extensions["palette"]
    response = Response(palette.css, mimetype="text/css")
    if request.args.get("v") == palette.version:
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    response.set_etag(palette.version)
    response.make_conditional(request)
    return response


def init_app(app: Flask) -> None:
    """Write the palette once (every edition's data is loaded and checked by then)."""
    css = palette_css(_every_catalog()).encode()
    app.extensions["palette"] = Palette(css, hashlib.sha256(css).hexdigest()[:12])
    app.register_blueprint(bp)

    def palette_url() -> str:
        """The palette's link, with its version (for the pages' head)."""
        return url_for("palette.stylesheet", v=app.extensions["palette"].version)

    app.jinja_env.globals["palette_url"] = palette_url
