"""One phone's city: the page, and the saves its script (or its Save button) posts.

A view parses, calls and renders: :func:`citysave.submit` decides the outcome and
:func:`respond` shows it, as JSON to the page's script or as the page without it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Response, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as WerkzeugResponse
from wtforms.fields.choices import SelectChoice

from ...rules.catalog import Catalog
from ...rules.expansion_fields import fields_of
from ...rules.limits import MAX_COINS, MAX_SYMBOLS
from .. import gamestate, recent
from ..cityform import CityForm, city_form_for, compact, field_names, flat_errors, form_for
from ..forms import EntryForm, choice_list
from ..i18n import page_language, render_text
from ..pwa import stale_page
from .blueprint import bp, json_response, wants_json
from .citysave import Conflict, Locked, Outcome, Refused, Saved, submit

Answer = tuple[str, int] | WerkzeugResponse | Response


@bp.route("/g/<token>/city/<int:seat>", methods=["GET", "POST"])
def city(token: str, seat: int) -> Answer:
    """One phone's city: wonder, stages, coins, tokens and structures, with its live score.

    With the script on, every change is posted here as it happens (answered in JSON); without
    it, the Save button posts the whole form and the page comes back.
    """
    loaded = gamestate.load(token)
    if not 0 <= seat < len(loaded.row.cities):
        abort(404)
    if request.method == "GET":
        if loaded.editable:
            recent.remember(token)
        stored = loaded.row.cities[seat]
        form = form_for(loaded.catalog, dict(stored.data), stored.version)
        return _render(loaded, seat, form, saved=request.args.get("saved") == "1")
    if not loaded.editable:
        abort(403)
    if stale_page():
        # A page of an older release: it reloads (keeping its edits on the phone) and saves again.
        return json_response({"saved": False, "reload": True}, 409)
    form = city_form_for(loaded.catalog)()
    _set_choices(form, loaded.catalog, gamestate.is_pad(loaded.row.cities[seat].data))
    return respond(loaded, seat, form, submit(loaded, seat, form))


def respond(loaded: gamestate.Loaded, seat: int, form: CityForm, outcome: Outcome) -> Answer:
    """Show a save's outcome: JSON for the page's script, the page (or a redirect) without it."""
    as_json, as_page = _ANSWERS[type(outcome)]
    return (as_json if wants_json() else as_page)(loaded, seat, form, outcome)


# --- the four outcomes, as JSON and as a page --------------------------------------------------


def _merged_message(outcome: Saved, catalog: Catalog) -> str | None:
    if not outcome.merged:
        return None
    message: str = _(
        "Saved, with what another phone changed meanwhile (%(fields)s).",
        fields=field_names(outcome.merged, catalog),
    )
    return message


def _saved_json(loaded: gamestate.Loaded, seat: int, form: CityForm, outcome: Any) -> Answer:
    fresh = gamestate.load(loaded.token, edit=True)
    body = {
        "saved": True,
        "version": outcome.version,
        "base": compact(outcome.city),
        "message": _merged_message(outcome, loaded.catalog),
    }
    return json_response({**body, **_live_html(fresh, seat)})


def _saved_page(loaded: gamestate.Loaded, seat: int, form: CityForm, outcome: Any) -> Answer:
    if message := _merged_message(outcome, loaded.catalog):
        flash(message, "ok")
    return redirect(url_for("games.city", token=loaded.token, seat=seat, saved=1) + "#top")


def _conflict_json(loaded: gamestate.Loaded, seat: int, form: CityForm, outcome: Any) -> Answer:
    fresh = gamestate.load(loaded.token, edit=True)
    banner = render_template(
        "games/_city_conflict.html",
        conflict=outcome,
        conflict_names=field_names(outcome.fields, fresh.catalog),
        catalog=fresh.catalog,
        loaded=fresh,
        seat=seat,
    )
    body = {
        "saved": False,
        "conflict": True,
        "fields": outcome.fields,
        "version": outcome.version,
        "base": compact(outcome.stored),
        "banner": banner,
    }
    return json_response(body, 409)


def _conflict_page(loaded: gamestate.Loaded, seat: int, form: CityForm, outcome: Any) -> Answer:
    fresh = gamestate.load(loaded.token, edit=True)
    form.version.data = str(outcome.version)
    form.base.data = compact(outcome.stored)
    return _render(fresh, seat, form, conflict=outcome, status=409)


def _refused_json(loaded: gamestate.Loaded, seat: int, form: CityForm, outcome: Any) -> Answer:
    return json_response({"saved": False, "errors": flat_errors(form)}, 400)


def _refused_page(loaded: gamestate.Loaded, seat: int, form: CityForm, outcome: Any) -> Answer:
    return _render(loaded, seat, form, status=400)


def _locked_message() -> str:
    return str(_("This game is locked: nothing can change any more."))


def _locked_json(loaded: gamestate.Loaded, seat: int, form: CityForm, outcome: Any) -> Answer:
    return json_response({"saved": False, "locked": True, "message": _locked_message()}, 409)


def _locked_page(loaded: gamestate.Loaded, seat: int, form: CityForm, outcome: Any) -> Answer:
    flash(_locked_message(), "error")
    return redirect(url_for("games.city", token=loaded.token, seat=seat))


_Shown = Callable[[gamestate.Loaded, int, CityForm, Any], Answer]
_ANSWERS: dict[type, tuple[_Shown, _Shown]] = {
    Saved: (_saved_json, _saved_page),
    Conflict: (_conflict_json, _conflict_page),
    Refused: (_refused_json, _refused_page),
    Locked: (_locked_json, _locked_page),
}


# --- the page ------------------------------------------------------------------------------------


def _set_choices(form: CityForm, catalog: Catalog, pad: bool) -> None:
    """The wonders and structures a city form offers (made once per catalog, language and kind
    of city, and kept on the app: ``app.extensions["city_choices"]``)."""
    kept: dict[tuple[Any, ...], tuple[tuple[SelectChoice, ...], ...]] = current_app.extensions.setdefault(
        "city_choices", {}
    )
    key = (catalog, pad, page_language())
    choices = kept.get(key)
    if choices is None:
        choices = kept[key] = _choices(catalog, pad)
    form.wonder.choices, form.cards.choices, form.side.choices, form.copied_guild.choices = choices


def _choices(catalog: Catalog, pad: bool) -> tuple[tuple[SelectChoice, ...], ...]:
    """Tuples: every form of the catalog shares them, none may change them."""
    wonders = [(w.id, w.short_name) for w in catalog.wonders]
    return (
        tuple(choice_list(([("", _("No wonder (not needed on a pad)"))] if pad else []) + wonders)),
        tuple(choice_list([(cid, catalog.structure(cid).name) for cid in catalog.structure_ids])),
        tuple(choice_list([(side, render_text(catalog.rules.side_name(side))) for side in ("A", "B")])),
        tuple(
            choice_list([("", _("The one that scores most"))] + [(g.id, g.name) for g in catalog.guilds()])
        ),
    )


def _board(catalog: Catalog, form: CityForm, city: dict[str, Any]) -> dict[str, Any]:
    """What the page needs of the city's board: its stage count and the powers it can give
    (a once-per-age free build: a stage's, or a card's such as Caligula's)."""
    wonder_id = form.wonder.data or city.get("wonder")
    held = catalog.held_with(city.get("cards") or (), "once_per_age")
    if not (wonder_id and catalog.has_wonder(wonder_id)):
        return {"stage_count": 3, "has_free_build": bool(held), "copies_guild": False}
    wonder = catalog.wonder(wonder_id)
    side = form.side.data if form.side.data in ("A", "B") else "A"
    powers = [e for s in wonder.sides for stage in s.stages for e in stage.effects]
    return {
        "stage_count": len(wonder.side(side).stages),
        "has_free_build": bool(held) or any(e.once_per_age() for e in powers),
        "copies_guild": any(e.copies_guild() for e in powers),
    }


def _render(
    loaded: gamestate.Loaded,
    seat: int,
    form: CityForm,
    *,
    conflict: Conflict | None = None,
    saved: bool = False,
    status: int = 200,
) -> tuple[str, int]:
    catalog = loaded.catalog
    city = loaded.data["cities"][seat]
    pad = gamestate.is_pad(city)
    _set_choices(form, catalog, pad)
    held = frozenset(form.cards.data or [])
    standing = loaded.standing
    play_fields = [*form.stage_ages, form.free_build_used, form.copied_guild]
    cities = loaded.data["cities"]
    picker = gamestate.city_picker(
        catalog, len(cities), held, gamestate.gone_elsewhere(catalog, cities, seat)
    )
    groups = picker.groups
    page = render_template(
        "games/city.html",
        loaded=loaded,
        seat=seat,
        city=city,
        form=form,
        pad=pad,
        standing=standing,
        score=standing.sheet.cities[seat] if standing.sheet else None,
        problems=standing.city_problems(seat),
        groups=groups,
        picker=picker,
        held=held,
        catalog=catalog,
        conflict=conflict,
        conflict_names=field_names(conflict.fields, catalog) if conflict else "",
        saved=saved,
        form_errors=status == 400,
        set_up={key for c in cities for key in c},  # the fields some city gives (the team game's)
        computed_by=_computed_by(catalog),
        given={key for key, value in city.items() if value},
        entry_form=EntryForm(formdata=None),
        play_errors=any(f.errors for f in play_fields),
        **_board(catalog, form, city),
        **_rows(catalog, groups),
    )
    return page, status


def _rows(catalog: Catalog, groups: tuple[gamestate.ColourGroup, ...]) -> dict[str, Any]:
    """What the page needs of the pad's rows: the tokens' values, the limits of what is typed,
    each category's range, and the rows typed rather than worked out (with the boards and the
    picker's ``groups`` of cards that make them so)."""
    rules = catalog.rules
    typed_boards = [w.id for w in catalog.wonders if w.typed]  # a city on one types its wonder row
    return {
        "token_values": rules.victory_tokens,
        "defeat_value": rules.defeat_token,
        "max_coins": MAX_COINS,
        "max_symbols": MAX_SYMBOLS,
        "pad_ranges": {c.value: rules.category_range(c) for c in rules.categories},
        "typed_rows": [*(["wonder"] if typed_boards else []), *(c.value for c in rules.typed_categories)],
        "typed_boards": typed_boards,
        # Rows the picker's own cards give (Leaders): typed only for a card it does not list.
        "card_rows": {
            category.value
            for group in groups
            if (category := rules.category_of(group.color)) in rules.typed_categories
        },
    }


@dataclass(frozen=True)
class _Field:
    key: str
    label: str


def _computed_by(catalog: Catalog) -> dict[str, _Field]:
    """Each row a field of the city works out when given (a token field's row, the naval row
    from the naval strengths), with that field: the page offers the row typed only while the
    field is not given."""
    fields = {f.key: f for f in fields_of(catalog)}
    rules = catalog.rules
    pairs = [(t.category.value, t.key) for t in rules.city_fields]
    if rules.naval is not None:
        pairs.append((rules.naval.category.value, "naval_by_age"))
    return {
        row: _Field(key, render_text(entry.label if (entry := fields[key].entry) else fields[key].label))
        for row, key in pairs
    }


def _live_html(loaded: gamestate.Loaded, seat: int) -> dict[str, str]:
    """The live score's two parts (the sticky bar's total, the breakdown) for the script."""
    standing = loaded.standing
    score = standing.sheet.cities[seat] if standing.sheet else None
    context = {"standing": standing, "score": score, "problems": standing.city_problems(seat), "seat": seat}
    return {
        "total": render_template("games/_city_total.html", **context),
        "live": render_template("games/_city_score.html", **context),
    }
