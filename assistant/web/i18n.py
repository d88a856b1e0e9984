"""The translation layer: Flask-Babel, the reader's language, and core Text rendering."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_time
from flask import Flask, g, has_request_context, request
from flask_babel import Babel, get_locale, get_translations

from ..rules.text import MINUS_SIGN, Text

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


@cache
def available_languages() -> tuple[str, ...]:
    """The languages whose catalogue is installed (compiled when the package is built), looked
    up once: every request asks, and the catalogues do not change while the app runs."""
    return tuple(
        code
        for code in LANGUAGE_NAMES
        if code == "en" or (TRANSLATIONS_DIR / code / "LC_MESSAGES" / "messages.mo").exists()
    )


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


def date_locale() -> Locale:
    """The locale dates are written in: the reader's language, in the region their browser
    asks for when it asks for that language (``en-GB`` writes 3 Dec 2026, ``en`` Dec 3,
    2026); the page's translations stay the language's own."""
    language = get_locale() or Locale("en")
    if has_request_context():
        for tag, _quality in request.accept_languages:
            try:
                asked = Locale.parse(tag, sep="-")
            except (ValueError, UnknownLocaleError):
                continue
            if asked.language == language.language:
                return asked
    return language


def format_day(day: date | datetime) -> str:
    """A date in the reader's language and region, spelt out enough never to be misread
    (``3 dic 2026``, ``Dec 3, 2026``, ``2026. 12. 3.``: Babel's medium format)."""
    return format_date(day, "medium", locale=date_locale())


def format_moment(moment: datetime) -> str:
    """A date and time in the reader's language and region (Babel's medium date, short time)."""
    return f"{format_day(moment)} {format_time(moment, 'short', locale=date_locale())}"


def page_translations() -> Any:
    """The request's catalogue, looked up once a request: Flask-Babel looks it up again on
    every call (7.5 µs, some 300 times a page with the expansions' cards), this in 1 µs.
    A language forced for a while goes through :func:`forced_language`, which forgets it."""
    kept = g.get("_page_catalogue")
    if kept is None:
        kept = g._page_catalogue = get_translations()
    return kept


def page_language() -> str:
    """The request's language (``es``), looked up once a request, as :func:`page_translations`
    looks up its catalogue: what a text kept per language is kept under."""
    kept = g.get("_page_language")
    if kept is None:
        kept = g._page_language = str(get_locale() or "en")
    language: str = kept
    return language


@contextmanager
def forced_language(lang: str) -> Iterator[None]:
    """Flask-Babel's ``force_locale``, with the request's catalogue (:func:`page_translations`)
    and language (:func:`page_language`) forgotten on the way in and out."""
    from flask_babel import force_locale

    g.pop("_page_catalogue", None)
    g.pop("_page_language", None)
    try:
        with force_locale(lang):
            yield
    finally:
        g.pop("_page_catalogue", None)
        g.pop("_page_language", None)


def render_text(text: Text | str | None, *, minus: str = "-") -> str:
    """Render a core Text in the request's language (the JSON API keeps the hyphen-minus of
    the game format's texts; pages ask for a true minus sign)."""
    if text is None:
        return ""
    if isinstance(text, str):
        return text
    if not text.msgid:  # gettext("") answers the catalogue's header: an empty text stays empty
        return ""
    # The request's catalogue, looked up once for the text and every text within it
    # (Flask-Babel's gettext looks it up again on every call).
    translations = get_translations()
    return text.render(translations.gettext, translations.ngettext, minus=minus)


def render_page_text(text: Text | str | None) -> str:
    """A core Text as a page shows it: in the request's language, "−3" with a true minus sign."""
    if text is None or isinstance(text, str) or not text.msgid:
        return render_text(text)
    translations = page_translations()
    return text.render(translations.gettext, translations.ngettext, minus=MINUS_SIGN)


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale, default_translation_directories=str(TRANSLATIONS_DIR))
    app.jinja_env.filters["t"] = render_page_text
    # The templates' _() and ngettext() through the request's catalogue, looked up once.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: page_translations().ugettext(s),
        ngettext=lambda s, p, n: page_translations().ungettext(s, p, n),
        pgettext=lambda c, s: page_translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: page_translations().unpgettext(c, s, p, n),
        newstyle=True,
    )

    @app.context_processor
    def _languages() -> dict[str, Any]:
        return {
            "languages": [(code, LANGUAGE_NAMES[code]) for code in available_languages()],
            "current_language": str(get_locale() or "en"),
        }
