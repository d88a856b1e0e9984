"""Starting a game: the new-game form (the edition, its expansions, the players in seating
order with their boards) and the import of a game file."""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response as WerkzeugResponse

from ... import jsonio
from ...rules.catalog import Catalog, available_editions, available_expansions, expansion_rules
from ...rules.errors import GameFormatError
from ...rules.gameio import game_to_dict, parse_game
from ...rules.model import Game
from ...rules.names import refuse_same_names
from ...rules.setup import Seat
from ...rules.setup import new_game as set_up
from ...store import games as store
from ...store import tables as repo
from ...store.models import utcnow
from .. import gamestate, recent, tables
from ..db import get_session
from ..forms import ImportForm, NewGameForm, SeatForm, choice_list, new_game_form_for
from ..i18n import render_text
from .blueprint import bp, edition_asked

Page = str | WerkzeugResponse | tuple[str, int]


@bp.route("/new", methods=["GET", "POST"])
def new_game() -> Page:
    """Set up a game: the edition and its expansions, then the players in seating order with
    the wonders in front of them. Ticking an expansion shows the form again for that game
    (more seats, its boards), keeping the names typed."""
    switched = request.form.get("to_edition")  # another edition chosen: the same form for it
    catalog = _catalog_asked(_asked(switched))
    form = _new_game_form(catalog)
    table = repo.by_token(get_session(), form.table.data or request.args.get("table", ""))
    if request.method == "GET":
        _first_look(form, catalog, table)
    if switched:
        form.edition.data = catalog.edition
    if switched or request.form.get("change") or not form.validate_on_submit():
        return _new_game_page(form, catalog, table, 400 if form.errors else 200)
    try:
        game = _game_of(form, catalog)
    except GameFormatError as exc:
        _place_error(form, exc)
        return _new_game_page(form, catalog, table, 400)
    row = store.create_game(
        get_session(),
        game,
        mode=form.mode.data,
        title=(form.title.data or "").strip() or None,
        language=str(get_locale() or "en"),
        table_id=table.id if table is not None else None,
    )
    recent.remember(row.edit_token)
    return redirect(url_for("games.game", token=row.edit_token))


def _asked(switched: str | None) -> MultiDict[str, str]:
    """What the form or the link asks for; another edition chosen on the form replaces its edition."""
    if request.method != "POST":
        return request.args
    if not switched:
        return request.form
    return MultiDict(
        [*((k, v) for k, v in request.form.items(multi=True) if k != "edition"), ("edition", switched)]
    )


def _catalog_asked(asked: MultiDict[str, str]) -> Catalog:
    """The edition a form or link asks for, with its expansions (ticked boxes, or
    ``?expansions=leaders,cities``); unknown ones aside."""
    edition = edition_asked(asked.get("edition", "")) or available_editions()[0]
    wanted = {part for value in asked.getlist("expansions") for part in value.split(",")}
    return gamestate.catalog_for(edition, [x for x in available_expansions(edition) if x in wanted])


def _new_game_form(catalog: Catalog) -> NewGameForm:
    """The form for this edition and these expansions: a seat per player they allow, their boards."""
    form = new_game_form_for(catalog.rules)()
    form.edition.choices = choice_list(
        [(n, gamestate.catalog_for(n).rules.name) for n in available_editions()]
    )
    form.expansions.choices = choice_list(
        (x, expansion_rules(catalog.edition, x).name) for x in available_expansions(catalog.edition)
    )
    wonders = choice_list([("", _("Wonder…"))] + [(w.id, w.short_name) for w in catalog.wonders])
    sides = choice_list([(side, render_text(catalog.rules.side_name(side))) for side in ("A", "B")])
    for seat in [*(s.form for s in form.seats.entries), form.free_city.form]:
        seat.wonder.choices = wonders
        seat.side.choices = sides
    return form


def _first_look(form: NewGameForm, catalog: Catalog, table: Any) -> None:
    """The form as a link opens it: the mode asked, a table's players seated as last time."""
    form.mode.data = "pad" if request.args.get("mode") == "pad" else "cards"
    form.edition.data = str(catalog.edition)
    form.expansions.data = list(catalog.expansions)
    if table is not None:
        form.table.data = table.token
        for seat, name in zip(form.seats.entries, tables.usual_seats(table), strict=False):
            seat.form.player.data = name


def _new_game_page(form: NewGameForm, catalog: Catalog, table: Any, status: int) -> tuple[str, int]:
    return render_template(
        "games/new.html",
        form=form,
        pad=form.mode.data == "pad",
        catalog=catalog,
        table=table,
        known_players=tables.usual_players(table) if table is not None else [],
    ), status


def _seat(form: SeatForm, random_sides: bool) -> Seat:
    wonder = form.wonder.data or None
    return Seat(form.player.data or "", wonder, form.side.data if wonder or not random_sides else None)


def _game_of(form: NewGameForm, catalog: Catalog) -> dict[str, Any]:
    """The game the form sets up, checked by the game format's parser (which refuses names no
    page or database can hold: NUL, lone surrogates)."""
    random_sides = bool(form.random_sides.data)
    free_city = None
    if form.uses_free_city():
        free_city = _seat(form.free_city.form, random_sides)
        free_city = Seat(_("Free City"), free_city.wonder, free_city.side)
    seats = [_seat(seat, random_sides) for seat in form.named_seats()]
    teams = bool(form.teams.data) and bool(catalog.rules.team_size)
    game = set_up(catalog, seats, pad=form.mode.data == "pad", free_city=free_city, teams=teams)
    parse_game(game)
    return game


def _place_error(form: NewGameForm, exc: GameFormatError) -> None:
    """Put an error about a city beside its player's name (about the teams, beside the box)."""
    if exc.path[:1] == ("teams",):
        form.teams.errors = [*list(form.teams.errors or []), render_text(exc.message)]
        return
    seats = form.named_seats()
    seat = exc.path[1] if exc.path[:1] == ("cities",) and isinstance(exc.path[1:2][0], int) else 0
    field = seats[min(int(seat), len(seats) - 1)].player
    field.errors = [*list(field.errors or []), render_text(exc.message)]


@bp.route("/import", methods=["GET", "POST"])
def import_game() -> Page:
    """Import a game from the JSON game format (a file or pasted text)."""
    form = ImportForm()
    if not form.validate_on_submit():
        return render_template("games/import.html", form=form), (400 if request.method == "POST" else 200)
    game = _imported(form)
    if game is None:
        return render_template("games/import.html", form=form), 400
    pad = any(c.is_pad_entry for c in game.cities)
    row = store.create_game(
        get_session(), game_to_dict(game), mode="pad" if pad else "cards", imported_at=utcnow()
    )
    recent.remember(row.edit_token)
    flash(_("Game imported."), "ok")
    return redirect(url_for("games.game", token=row.edit_token))


def _imported(form: ImportForm) -> Game | None:
    """The game of the file or the text; None when there is none, with the reason on the form."""
    raw = form.file.data.read().decode("utf-8", errors="replace") if form.file.data else form.text.data or ""
    if not raw.strip():
        form.text.errors = [_("Choose a file or paste the game's JSON.")]
        return None
    try:
        data = jsonio.loads(raw)  # deep nesting, huge numbers, lone surrogates: bad JSON
    except jsonio.JSONDecodeError as exc:
        form.text.errors = [
            _("This is not valid JSON (line %(line)d, column %(col)d).", line=exc.lineno, col=exc.colno)
        ]
        return None
    try:
        game = parse_game(data)
        refuse_same_names(game)
    except GameFormatError as exc:
        form.text.errors = [f"{exc.field}: {render_text(exc.message)}"]
        return None
    return game
