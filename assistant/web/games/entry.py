"""A city entered the other way: card by card, or with the pad's numbers, chosen by its
player on their own city page, whatever the others do. What the city held the first way is
kept (``CityRow.other_entry``) and comes back when the player switches back.

Both ways share the city's name, board, stages, coins, conflict tokens and the fields its
expansions add; the cards (with the rows typed beside them and what was said during play)
belong to the cards, the pad's numbers and science symbols to the pad.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import flash, redirect, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as WerkzeugResponse

from ...rules.catalog import Catalog
from ...rules.model import Category
from ...store import games as store
from .. import gamestate
from ..db import get_session
from ..forms import EntryForm
from ..i18n import render_text
from .blueprint import bp
from .citysave import _refusal

CARDS_ONLY = ("cards", "categories", "stage_ages", "free_build_used", "copied_guild")
"""What belongs to a city entered card by card (``categories``: the rows typed beside its cards)."""

PAD_ONLY = ("categories", "science_symbols")
"""What belongs to a city entered with the pad's numbers."""


def switched(
    city: dict[str, Any], other: dict[str, Any] | None, to: str, scored: Mapping[str, int]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The city entered the other way (``to``: ``"pad"`` or ``"cards"``), and what it held the
    first way, to keep. Back to a way it was entered before, it gets what it held then; to the
    pad for the first time, the pad's numbers are its score so far (``scored``: the rows its
    cards give that the pad does not count itself), so its total does not move; to cards for
    the first time, no card yet."""
    leaving = CARDS_ONLY if to == "pad" else PAD_ONLY
    kept = {key: city[key] for key in leaving if key in city}
    new = {key: value for key, value in city.items() if key not in leaving}
    if to == "pad":
        back = other if other is not None and "cards" not in other else {"categories": dict(scored)}
    else:
        back = other if other is not None and "cards" in other else {"cards": []}
    new.update(back)
    return new, kept


def _scored(loaded: gamestate.Loaded, seat: int) -> dict[str, int]:
    """The rows of a card city's score a pad would type: not its military nor its treasury
    (the pad counts them from the tokens and the coins), nor the rows its expansions' fields
    fill (tokens, naval strengths); only those above 0."""
    sheet = loaded.standing.sheet
    if sheet is None:
        return {}
    computed = {Category.MILITARY, Category.TREASURY, *_field_rows(loaded.catalog)}
    return {c.value: n for c, n in sheet.cities[seat].categories.items() if n and c not in computed}


def _field_rows(catalog: Catalog) -> set[Category]:
    rules = catalog.rules
    rows = {f.category for f in rules.city_fields}
    if rules.naval is not None:
        rows.add(rules.naval.category)
    return rows


@bp.post("/g/<token>/city/<int:seat>/entry")
def city_entry(token: str, seat: int) -> WerkzeugResponse:
    """Enter this city card by card, or with the pad's numbers, and come back to its page."""
    loaded = gamestate.load(token, edit=True)
    form = EntryForm()
    refused = _why_not(loaded, seat, form) or _switch(loaded, seat, form.to.data)
    if refused:
        flash(refused, "warning")
    return redirect(url_for("games.city", token=token, seat=seat) + "#top")


def _why_not(loaded: gamestate.Loaded, seat: int, form: EntryForm) -> str | None:
    """Why this switch cannot be made (None: it can, or there is nothing to switch)."""
    if not 0 <= seat < len(loaded.row.cities) or not form.validate_on_submit():
        return str(_("Nothing changed: the page was out of date. Try again."))
    stored = loaded.row.cities[seat]
    if loaded.row.locked:
        return str(_("This game is locked: it can no longer change."))
    if form.version.data != str(stored.version):
        return _stale()
    if form.to.data == "cards" and not stored.data.get("wonder") and gamestate.is_pad(stored.data):
        return str(_("Choose the city's wonder first: a city entered card by card needs its board."))
    return None


def _stale() -> str:
    return str(_("Not switched: this city changed on another phone. Here it is as saved now."))


def _switch(loaded: gamestate.Loaded, seat: int, to: str) -> str | None:
    """Store the city entered the other way; why not, when it cannot be."""
    stored = loaded.row.cities[seat]
    city = dict(stored.data)
    if (to == "pad") == gamestate.is_pad(city):
        return None  # entered that way already
    new, kept = switched(city, stored.other_entry, to, _scored(loaded, seat))
    data = loaded.data
    data["cities"][seat] = new
    if (refused := _refusal(data, seat)) is not None:
        return render_text(refused.message)
    try:
        store.switch_entry(get_session(), loaded.row, seat, new, kept, stored.version)
    except store.StaleCity:
        return _stale()
    except store.GameLocked:
        return str(_("This game is locked: it can no longer change."))
    return None
