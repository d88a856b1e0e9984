"""Printing: a game's score sheet (the print page and the PDF) and blank score pads."""

from __future__ import annotations

from flask import Response, abort, render_template, request
from flask_babel import get_locale
from wtforms.fields.choices import SelectChoice

from ...rules.catalog import available_editions, available_expansions, expansion_rules
from .. import gamestate
from ..forms import PadsForm, SheetForm, choice_list
from ..i18n import LANG_COOKIE, LANGUAGE_NAMES, available_languages, forced_language, render_text
from ..urls import absolute
from .blueprint import bp, edition_asked


def _language_choices() -> list[SelectChoice]:
    return choice_list((code, LANGUAGE_NAMES[code]) for code in available_languages())


def _reader_language(game_language: str | None = None) -> str:
    """The page's language; for a request that states none (no choice made, no
    ``Accept-Language``: a script, a bare download), the game's."""
    stated = request.cookies.get(LANG_COOKIE) or request.headers.get("Accept-Language")
    if not stated and game_language in available_languages():
        return str(game_language)
    return str(get_locale() or "en")


@bp.get("/g/<token>/sheet.pdf")
def sheet_pdf(token: str) -> Response:
    """The game's score sheet as a PDF, in the reader's language (or ``?lang=``; for a request
    that states no language, the game's)."""
    from flask_babel import format_date, gettext, ngettext

    from ...pdf import score_sheet_pdf

    loaded = gamestate.load(token)
    sheet = loaded.sheet  # a locked game's record, if today's scoring differs from it
    if sheet is None:
        abort(400)
    paper = request.args.get("paper", "a4").lower()
    lang = request.args.get("lang") or _reader_language(loaded.row.language)
    if paper not in ("a4", "letter") or lang not in available_languages():
        abort(400)
    url = absolute("games.scoreboard", token=loaded.row.view_token)
    with forced_language(lang):
        pdf = score_sheet_pdf(
            sheet,
            paper=paper,
            url=url,
            title=loaded.row.title,
            played_on=loaded.row.created_at.date(),
            gettext=gettext,
            ngettext=ngettext,
            lang=lang,
            format_date=lambda day: format_date(day, "long"),
        )
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = 'inline; filename="7wonders-score-sheet.pdf"'
    return response


@bp.get("/g/<token>/print")
def print_sheet(token: str) -> str:
    """Print the game's score sheet: choose the paper and the language."""
    from ...pdf import loopback_link

    loaded = gamestate.load(token)
    form = SheetForm(request.args)
    form.lang.choices = _language_choices()
    if not request.args.get("lang"):
        form.lang.data = _reader_language(loaded.row.language)
    qr_url = absolute("games.scoreboard", token=loaded.row.view_token)
    return render_template(
        "games/print_sheet.html",
        loaded=loaded,
        form=form,
        qr_url=qr_url,
        dead_qr=loopback_link(qr_url),
    )


@bp.get("/pads")
def pads() -> str | Response:
    """Blank score pads: choose the edition and its expansions, the paper, the players, how
    many per page and the language."""
    from ...pdf import loopback_link

    form = _pads_form()
    qr_url = absolute("games.new_game")
    if request.args.get("submit") is not None and form.validate():
        return _pads_pdf(form, qr_url if form.qr.data else None)
    return render_template(
        "games/pads.html", form=form, qr_url=qr_url, dead_qr=loopback_link(qr_url), pad_orders=_pad_orders()
    )


def _pads_form() -> PadsForm:
    """The pads form as the link asks: the edition's expansions offered, and the player
    counts of the edition with the expansions ticked (those of the first edition while the
    edition asked for is unknown)."""
    form = PadsForm(request.args)
    editions = available_editions()
    form.edition.choices = choice_list([(n, gamestate.catalog_for(n).rules.name) for n in editions])
    edition = edition_asked(form.edition.data)
    shown = edition or editions[0]
    known = available_expansions(shown)
    form.expansions.choices = choice_list((x, expansion_rules(shown, x).name) for x in known)
    ticked = [x for x in known if x in (form.expansions.data or ())]
    rules = gamestate.catalog_for(edition, ticked).rules if edition else None
    form.set_edition(rules, rules or gamestate.catalog_for(shown).rules)
    form.lang.choices = _language_choices()
    if not request.args.get("lang"):
        form.lang.data = _reader_language()
    return form


def _pads_pdf(form: PadsForm, url: str | None) -> Response:
    from flask_babel import gettext, ngettext

    from ...pdf import score_pad_pdf

    with forced_language(form.lang.data):
        pdf = score_pad_pdf(
            int(form.players.data),
            paper=form.paper.data,
            per_page=int(form.per_page.data),
            url=url,
            order=form.order.data,
            gettext=gettext,
            ngettext=ngettext,
            lang=form.lang.data,
            edition=int(form.edition.data),
            expansions=tuple(form.expansions.data or ()),
        )
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = 'inline; filename="7wonders-score-pads.pdf"'
    return response


def _pad_orders() -> list[tuple[str, str]]:
    """Each edition's own pad, row by row (the 2010 pad puts science last, the 2020 pad the guilds)."""
    return [
        (rules.name, ", ".join(render_text(rules.category_name(c)) for c in rules.score_pad))
        for rules in (gamestate.catalog_for(n).rules for n in available_editions())
    ]
