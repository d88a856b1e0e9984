"""The game as it is played: the end of an age (shields in, conflict tokens out) and the
age being played with its discard pile (for the rules lawyer's verdicts)."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as WerkzeugResponse

from ...rules.errors import GameFormatError
from ...rules.gameio import game_to_dict, parse_game
from ...rules.military import conflict_tokens, defeat_givers, fights, hand_out, shields_by_age_from_cards
from ...rules.model import Game
from ...store import games as store
from .. import gamestate
from ..cityform import whole
from ..db import get_session
from ..forms import AgeForm, PlayForm, age_form_for, choice_list, play_form_for
from ..i18n import render_text
from .blueprint import bp

Page = str | WerkzeugResponse | tuple[str, int]


def _locked() -> WerkzeugResponse:
    flash(_("This game is locked: nothing can change any more."), "error")
    return redirect(url_for("games.scoreboard", token=request.view_args["token"]))  # type: ignore[index]


# --- end of an age ----------------------------------------------------------------------------


@bp.route("/g/<token>/age", methods=["GET", "POST"])
def end_of_age(token: str) -> Page:
    """End of an age: shields in (or counted from the cards), conflict tokens out.

    The age's tokens replace, in every city, the ones typed in by hand for that age (and the
    ones this age handed out before), instead of adding to them; the page says what changed.
    """
    loaded = gamestate.load(token, edit=True)
    if loaded.game is None:
        abort(400)
    names = [c.player for c in loaded.game.cities]
    form = age_form_for(loaded.catalog.rules)()
    if request.method == "GET":
        _suggest_shields(form, loaded.game, loaded.catalog.rules.ages)
        return render_template("games/age.html", loaded=loaded, form=form, names=names, result=None)
    if not loaded.can_edit:
        return _locked()
    rows = sum(1 for key in request.form if key.startswith("shields-"))  # the form keeps at most the table's
    if rows != len(names) or len(form.shields.entries) != len(names) or not form.validate():
        if rows != len(names):
            form.shields.errors = [_("Give the shields of each of the %(n)d cities, no more.", n=len(names))]
        return render_template("games/age.html", loaded=loaded, form=form, names=names, result=None), 400
    age, shields = int(form.age.data), [int(f.data) for f in form.shields.entries]
    handed = _hand_out_age(token, age, shields)
    if not isinstance(handed, list):
        return handed
    result = {"age": age, "battles": _battles(names, shields, loaded.game, age), "outcomes": handed}
    gives = defeat_givers(loaded.game, loaded.catalog) if loaded.game is not None else frozenset()
    away = loaded.game.away(age) if loaded.game is not None else frozenset()
    teams = loaded.game.teams if loaded.game is not None else ()
    result["tokens"] = conflict_tokens(age, shields, loaded.catalog.rules, gives, away, teams)
    fresh = gamestate.load(token, edit=True)
    return render_template("games/age.html", loaded=fresh, form=form, names=names, result=result)


def _suggest_shields(form: AgeForm, game: Game, ages: int) -> None:
    """The age asked (or the one being played) and each city's shields as its cards tell."""
    playing = game.age or 1
    asked = request.args.get("age", str(playing))
    age = int(asked) if asked in {str(a) for a in range(1, ages + 1)} else playing
    form.age.data = str(age)
    suggested = _shields_from_cards(game, age)
    while len(form.shields.entries) < len(game.cities):
        form.shields.append_entry(suggested[len(form.shields.entries)])


def _shields_from_cards(game: Game, age: int) -> list[int]:
    """Each city's shields at the end of an age, as its cards (and stages) tell."""
    catalog = gamestate.catalog_for(game.edition, game.expansions)
    return [
        shields_by_age_from_cards(
            city.cards or (), city.wonder, city.side, city.stages, catalog, city.stage_ages
        )[age - 1]
        for city in game.cities
    ]


def _hand_out_age(token: str, age: int, shields: list[int]) -> list[Any] | WerkzeugResponse:
    """Hand the age's tokens out in every city and keep the age's record, in one transaction,
    over whatever a phone saved meanwhile: each city's outcome, or where to go instead."""
    for _attempt in range(3):
        fresh = gamestate.load(token, edit=True)
        rules = fresh.catalog.rules
        gives = defeat_givers(fresh.game, fresh.catalog) if fresh.game is not None else frozenset()
        away = fresh.game.away(age) if fresh.game is not None else frozenset()
        teams = fresh.game.teams if fresh.game is not None else ()
        tokens = conflict_tokens(age, shields, rules, gives, away, teams)
        conflicts = dict(fresh.row.conflicts or {})
        outcomes = []
        changes: dict[int, tuple[dict[str, Any], int]] = {}
        for seat, row_city in enumerate(fresh.row.cities):
            handed = {int(a): c["tokens"][seat] for a, c in conflicts.items() if seat < len(c["tokens"])}
            outcome = hand_out(age, row_city.data.get("military") or [], tokens[seat], handed, rules)
            outcomes.append(outcome)
            changes[seat] = ({**row_city.data, "military": list(outcome.tokens)}, row_city.version)
        conflicts[str(age)] = {"shields": shields, "tokens": tokens}
        try:
            store.hand_out_age(get_session(), fresh.row, changes, conflicts, ages=rules.ages)
        except store.StaleCity:
            continue  # a phone saved meanwhile: hand out over what it saved
        except store.GameLocked:
            return _locked()
        return outcomes
    flash(_("The cities kept changing while the tokens were handed out: try again."), "error")
    return redirect(url_for("games.end_of_age", token=token, age=age))


def _battles(names: list[str], shields: list[int], game: Game, age: int) -> list[dict[str, Any]]:
    """Who beat whom: each pair of cities that fight this age once (neighbours; across a
    city on diplomacy; not teammates)."""
    out = []
    for i, j, _times in fights(game, age):
        a, b = shields[i], shields[j]
        winner = None if a == b else i if a > b else j
        pair = {"a": names[i], "b": names[j], "sa": a, "sb": b}
        out.append({**pair, "winner": names[winner] if winner is not None else None})
    return out


# --- the age being played and the discard pile --------------------------------------------------


@bp.route("/g/<token>/play", methods=["GET", "POST"])
def play(token: str) -> Page:
    """A game in progress: the age being played and the discard pile, for the verdicts."""
    loaded = gamestate.load(token, edit=True)
    if loaded.game is None:
        abort(400)
    catalog = loaded.catalog
    form = play_form_for(catalog.rules)()
    form.discard.choices = choice_list([(cid, catalog.structure(cid).name) for cid in catalog.structure_ids])
    status = 200
    if request.method == "POST" and not loaded.can_edit:
        return _locked()
    if request.method == "POST":
        if form.validate() and (done := _save_play(loaded, form)) is not None:
            return done
        status = 400
    else:
        form.age.data = str(loaded.game.age or "")
        form.discard.data = list(loaded.game.discard)
    form.play_version.data = str(loaded.row.play_version)
    picker = gamestate.picker(catalog, len(loaded.game.cities), set())
    return render_template("games/play.html", loaded=loaded, form=form, groups=picker), status


def _save_play(loaded: gamestate.Loaded, form: PlayForm) -> WerkzeugResponse | None:
    """Save the age and the discard pile; None when the format refuses them (said on the form)."""
    stored = list(loaded.game.discard) if loaded.game else []
    picked = list(dict.fromkeys(form.discard.data or []))
    # A card discarded twice (entered through the API) keeps its copies while ticked.
    discard = [c for c in picked for _ in range(max(1, stored.count(c)))]
    play_data = {"age": int(form.age.data) if form.age.data else None, "discard": discard}
    try:
        game = parse_game({**loaded.data, **play_data})
    except GameFormatError as exc:
        form.age.errors = [*form.age.errors, render_text(exc.message)]
        return None
    version = whole(form.play_version.data)
    try:
        store.set_play(
            get_session(),
            loaded.row,
            store.play_of(game_to_dict(game)),
            version if isinstance(version, int) else -1,
        )
    except store.StalePlay:
        flash(_("The age or the discard pile was changed on another phone: here they are now."), "error")
        return redirect(url_for("games.play", token=loaded.token))
    except store.GameLocked:
        return _locked()
    flash(_("Saved."), "ok")
    return redirect(url_for("games.game", token=loaded.token))
