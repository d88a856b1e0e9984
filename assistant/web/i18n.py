"""The translation layer: Flask-Babel, the reader's language, and core Text rendering."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, g, request
from flask_babel import Babel, get_locale, gettext, ngettext

from ..rules.text import Text

TRANSLATIONS_DIR = Path(__file__).resolve().parent.parent / "translations"

# Every language the assistant speaks, in its own name. A language is offered once its
# catalogue exists (English needs none).
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "ca": "Català",
    "pl": "Polski",
    "tr": "Türkçe",
    "ko": "한국어",
}
LANG_COOKIE = "lang"


def available_languages() -> list[str]:
    found = ["en"]
    for code in LANGUAGE_NAMES:
        if code != "en" and (TRANSLATIONS_DIR / code / "LC_MESSAGES" / "messages.mo").exists():
            found.append(code)
    return found


def select_locale() -> str:
    """The language for this request: explicit choice, then the game's, then the browser's."""
    languages = available_languages()
    forced = getattr(g, "force_language", None)
    if forced in languages:
        return str(forced)
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in languages:
        return str(chosen)
    best = request.accept_languages.best_match(languages)
    return best or "en"


def render_text(text: Text | str | None) -> str:
    """Render a core Text in the request's language."""
    if text is None:
        return ""
    if isinstance(text, str):
        return text
    if not text.msgid:  # gettext("") answers the catalogue's header: an empty text stays empty
        return ""
    return text.render(gettext, ngettext)


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale, default_translation_directories=str(TRANSLATIONS_DIR))
    app.jinja_env.filters["t"] = render_text

    @app.context_processor
    def _languages() -> dict[str, Any]:
        return {
            "languages": [(code, LANGUAGE_NAMES[code]) for code in available_languages()],
            "current_language": str(get_locale() or "en"),
        }
