"""Tonight's deck: what the host puts in each age's deck for the table's edition, expansions
and players, as a checklist page (no script needed) and as a PDF, in the reader's language
(card names stay English). The rules core works the decks out (assistant/rules/table_deck.py)."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, render_template, request
from flask_babel import get_locale

from ...rules import table_deck as words
from ...rules.catalog import Catalog, available_editions, available_expansions, expansion_rules
from ...rules.errors import GameFormatError
from ...rules.table_deck import TableDeck, players_refusal, table_deck
from .. import gamestate
from ..forms import DeckForm, choice_list
from ..i18n import available_languages, forced_language, render_text
from .blueprint import bp, edition_asked


def _deck_form() -> tuple[DeckForm, Catalog | None]:
    """The form as the link asks: the edition's expansions offered (ids also taken separated
    by commas, as the API takes them) and the players they seat."""
    form = DeckForm(request.args)
    form.edition.choices = choice_list(
        [(n, gamestate.catalog_for(n).rules.name) for n in available_editions()]
    )
    edition = edition_asked(form.edition.data)
    shown = edition or available_editions()[0]
    known = available_expansions(shown)
    form.expansions.choices = choice_list((x, expansion_rules(shown, x).name) for x in known)
    form.expansions.data = [x for value in form.expansions.data or () for x in value.split(",") if x]
    ticked = [x for x in known if x in form.expansions.data]
    catalog = gamestate.catalog_for(edition, ticked) if edition else None
    counts = (catalog or gamestate.catalog_for(shown)).rules.player_counts
    form.players.choices = choice_list((n, str(n)) for n in counts)
    form.refusal = render_text(players_refusal(catalog)) if catalog else ""
    return form, catalog


def _deck_of(form: DeckForm, catalog: Catalog | None) -> TableDeck | None:
    """The decks the form asks for (of ``catalog``), when every field is valid."""
    if not form.validate() or catalog is None:
        return None
    try:
        return table_deck(catalog, int(form.players.data))
    except (GameFormatError, ValueError):  # pragma: no cover - validate_players refused it
        return None


def _links(form: DeckForm, deck: TableDeck) -> dict[str, Any]:
    """The query of a link to these decks (the page, its PDF)."""
    return {
        "edition": deck.edition,
        "expansions": list(deck.expansions),
        "players": deck.players,
        "paper": form.paper.data if form.paper.data in ("a4", "letter") else "a4",
    }


@bp.get("/deck")
def deck() -> tuple[str, int]:
    """Tonight's deck: choose the edition, the expansions and the players; each age's cards
    as a checklist, what is drawn at random and what is dealt apart, and the PDF."""
    form, catalog = _deck_form()
    found = _deck_of(form, catalog)
    context = _words(found) if found else {}
    return render_template(
        "games/deck.html",
        form=form,
        deck=found,
        catalog=catalog,
        links=_links(form, found) if found else None,
        lang=str(get_locale() or "en"),
        **context,
    ), 200 if found else 400


def _words(deck: TableDeck) -> dict[str, Any]:
    """What the page says of the decks: the core's sentences, rendered by the template (the
    heading as on every printout: the game, its edition and the expansions)."""
    from ...pdf.layout import edition_heading

    return {
        "edition_heading": edition_heading(deck.edition, deck.expansions),
        "table_line": words.table_line(deck),
        "age_heading": words.age_heading,
        "put_in": words.put_in,
        "checklist": words.checklist,
        "draw_line": words.draw_line,
        "apart_line": words.apart_line,
        "pool_size": words.pool_size,
        "names": words.names,
    }


@bp.get("/deck.pdf")
def deck_pdf() -> Response:
    """Tonight's deck as a PDF, in ``?lang=`` (else the reader's language)."""
    from flask_babel import gettext, ngettext

    from ...pdf.deck import deck_pdf as printed

    form, catalog = _deck_form()
    found = _deck_of(form, catalog)
    lang = request.args.get("lang") or str(get_locale() or "en")
    if found is None or catalog is None or lang not in available_languages():
        abort(400)
    with forced_language(lang):
        pdf = printed(found, catalog, paper=form.paper.data, gettext=gettext, ngettext=ngettext, lang=lang)
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = 'inline; filename="7wonders-tonights-deck.pdf"'
    return response
