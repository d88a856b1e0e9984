"""The table: new game, the game hub, each phone's city, the end of an age, the scoreboard,
lock, export and import. Every view reads or writes the game format and asks the rules
core for scores; none computes a point itself."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response as WerkzeugResponse
from wtforms.fields.choices import SelectChoice

from .. import jsonio
from ..netaddr import is_unreachable_url
from ..rules.catalog import Catalog, EditionRules, available_editions
from ..rules.gameio import MAX_COINS, MAX_SYMBOLS, GameFormatError, game_to_dict, parse_game
from ..rules.military import conflict_tokens, hand_out
from ..rules.model import Game
from ..rules.validate import refuse_same_names
from ..store import games as store
from ..store.merge import merge_city
from . import gamestate, groups, recent
from .boards import BoardCache
from .db import get_session
from .forms import (
    CityForm,
    ImportForm,
    LockForm,
    MoveGameForm,
    PadsForm,
    SheetForm,
    age_form_for,
    choice_list,
    city_form_for,
    new_game_form_for,
    play_form_for,
)
from .i18n import LANG_COOKIE, LANGUAGE_NAMES, available_languages, render_text

bp = Blueprint("games", __name__)


def _absolute(endpoint: str, **values: Any) -> str:
    base = current_app.config.get("PUBLIC_URL")
    if base:
        return base.rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


# --- new game ---------------------------------------------------------------------------------


def _edition_asked(value: str | None) -> int | None:
    """The edition a form or link asks for (``"2"``), when the app knows it."""
    return {str(n): n for n in available_editions()}.get(value or "")


@bp.route("/new", methods=["GET", "POST"])
def new_game() -> str | WerkzeugResponse | tuple[str, int]:
    """Set up a game: players in seating order, with the wonders in front of them."""
    editions = available_editions()
    asked = (request.form if request.method == "POST" else request.args).get("edition", "")
    catalog = gamestate.catalog_for(_edition_asked(asked) or editions[0])
    form = new_game_form_for(catalog.rules)()  # a seat for each player the edition allows
    form.edition.choices = choice_list([(n, gamestate.catalog_for(n).rules.name) for n in editions])
    if request.method == "GET":
        form.mode.data = "pad" if request.args.get("mode") == "pad" else "cards"
        form.edition.data = str(catalog.edition)
    pad = form.mode.data == "pad"
    group = groups.repo.by_token(get_session(), form.table.data or request.args.get("table", ""))
    known_players = groups.usual_players(group) if group is not None else []
    if group is not None and request.method == "GET":
        form.table.data = group.token
        for seat, name in zip(form.seats.entries, groups.usual_seats(group), strict=False):
            seat.form.player.data = name
    wonder_choices = choice_list([("", _("Wonder…"))] + [(w.id, w.short_name) for w in catalog.wonders])
    side_choices = choice_list([(side, render_text(catalog.rules.side_name(side))) for side in ("A", "B")])
    for seat in [*(s.form for s in form.seats.entries), form.free_city.form]:
        seat.wonder.choices = wonder_choices
        seat.side.choices = side_choices
    if not form.validate_on_submit():
        status = 400 if request.method == "POST" else 200
        return render_template(
            "games/new.html", form=form, pad=pad, catalog=catalog, group=group, known_players=known_players
        ), status
    seats = form.named_seats()
    free_city = form.uses_free_city()
    boards = [*seats, form.free_city.form] if free_city else seats
    cities: list[dict[str, Any]] = []
    if pad:
        coins = catalog.rules.starting_coins
        cities = [
            {"player": " ".join(s.player.data.split()), "coins": coins, "categories": {}} for s in seats
        ]
        if free_city:
            cities.append({"player": _("Free City"), "coins": coins, "categories": {}, "free_city": True})
    else:
        picks = [(s.wonder.data or None, s.side.data) for s in boards]
        rng_sides = bool(form.random_sides.data)
        dealt = gamestate.deal(catalog, [(w, side if w or not rng_sides else None) for w, side in picks])
        for i, (wonder, side) in enumerate(dealt):
            name = " ".join(boards[i].player.data.split()) if i < len(seats) else _("Free City")
            city: dict[str, Any] = {
                "player": name, "wonder": wonder, "side": side, "stages": 0, "coins": catalog.rules.starting_coins,
            }  # fmt: skip
            city["cards"] = []
            if free_city and i == len(seats):
                city["free_city"] = True
            cities.append(city)
    data = {"edition": catalog.edition, "cities": cities}
    try:
        parse_game(data)  # refuses names no page or database can hold (NUL, lone surrogates)
    except GameFormatError as exc:
        seat = int(exc.field[7:].split("]")[0]) if exc.field.startswith("cities[") else 0
        field = seats[min(seat, len(seats) - 1)].player
        field.errors = [*list(field.errors or []), render_text(exc.message)]
        return render_template(
            "games/new.html", form=form, pad=pad, catalog=catalog, group=group, known_players=known_players
        ), 400
    row = store.create_game(
        get_session(),
        data,
        mode="pad" if pad else "cards",
        title=(form.title.data or "").strip() or None,
        language=str(get_locale() or "en"),
        group_id=group.id if group is not None else None,
    )
    recent.remember(row.edit_token)
    return redirect(url_for("games.game", token=row.edit_token))


# --- the game hub -----------------------------------------------------------------------------


@bp.get("/g/<token>")
def game(token: str) -> str | WerkzeugResponse:
    """The game's hub: join link and QR code, each city, the score so far."""
    loaded = gamestate.load(token)
    if not loaded.editable:
        return redirect(url_for("games.scoreboard", token=token))
    recent.remember(token)
    join_url = _absolute("games.game", token=loaded.row.edit_token)
    return render_template(
        "games/game.html",
        loaded=loaded,
        scored=loaded.table,
        join_url=join_url,
        join_unreachable=is_unreachable_url(join_url),
        join_host=urlsplit(join_url).netloc,
        view_url=_absolute("games.scoreboard", token=loaded.row.view_token),
        lock_form=LockForm(),
        group=_group_of(loaded.row),
        my_tables=groups.recent_tables(),
        move_form=MoveGameForm(),
    )


def _group_of(row: Any) -> Any:
    """The table a game is kept at, if any."""
    from ..store.models import GroupRow

    return get_session().get(GroupRow, row.group_id) if row.group_id is not None else None


@bp.get("/g/<token>/qr.svg")
def qr(token: str) -> Response:
    """A QR code of the join link (or, with ``?view=1``, of the read-only link)."""
    loaded = gamestate.load(token, edit=True)
    if request.args.get("view"):
        target = _absolute("games.scoreboard", token=loaded.row.view_token)
    else:
        target = _absolute("games.game", token=loaded.row.edit_token)
    image = qrcode.make(target, image_factory=qrcode.image.svg.SvgPathFillImage, box_size=10, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    return Response(buffer.getvalue(), mimetype="image/svg+xml")


# --- one city ---------------------------------------------------------------------------------


def _compact(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _token_values(rules: EditionRules) -> tuple[int, ...]:
    return (*rules.victory_tokens, rules.defeat_token)


def _city_form_from(data: dict[str, Any], version: int, catalog: Catalog) -> CityForm:
    rules = catalog.rules
    form = city_form_for(catalog)(formdata=None)
    form.version.data = str(version)
    form.base.data = _compact(data)
    form.player.data = data.get("player", "")
    form.wonder.data = data.get("wonder") or ""
    form.side.data = data.get("side", "A")
    form.stages.data = str(data.get("stages", 0))
    form.coins.data = data.get("coins", 0)
    tokens = list(data.get("military") or [])
    for age, value in enumerate(rules.victory_tokens, 1):
        getattr(form, f"win{age}").data = tokens.count(value)
    form.defeats.data = tokens.count(rules.defeat_token)
    form.cards.data = list(data.get("cards") or [])
    categories = data.get("categories") or {}
    for category in rules.categories:
        getattr(form, f"pad_{category.value}").data = categories.get(category.value)
    symbols = data.get("science_symbols") or {}
    for key in ("compass", "gear", "tablet", "wild"):
        getattr(form, key).data = symbols.get(key, 0)
    ages = list(data.get("stage_ages") or [])
    for k, name in enumerate(form.STAGE_AGE_FIELDS):
        getattr(form, name).data = str(ages[k]) if k < len(ages) else ""
    form.free_build_used.data = bool(data.get("free_build_used"))
    form.copied_guild.data = data.get("copied_guild") or ""
    return form


def _to_int(value: Any) -> Any:
    """A whole number when the text is one; otherwise the text, for the parser to refuse by name."""
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return value


def _tokens_from_form(form: CityForm, base: dict[str, Any], rules: EditionRules) -> list[int] | None:
    """The conflict tokens the counts say, or None while the city never had any.

    Tokens of a value the edition does not have (from an imported file) are kept, for the
    table's check to name, rather than silently dropped.
    """
    tokens: list[int] = []
    for age, value in enumerate(rules.victory_tokens, 1):
        tokens += [value] * (getattr(form, f"win{age}").data or 0)
    tokens += [rules.defeat_token] * (form.defeats.data or 0)
    before = base.get("military")
    tokens += [t for t in before or [] if t not in _token_values(rules)]
    if not tokens and before is None:
        return None
    return tokens


def _city_from_form(form: CityForm, base: dict[str, Any], pad: bool, rules: EditionRules) -> dict[str, Any]:
    """The city in the game format from a submitted form (``base``: the city as the phone read it)."""
    city: dict[str, Any] = {
        "player": " ".join((form.player.data or "").split()),
        "stages": _to_int(form.stages.data),
        "coins": form.coins.data if form.coins.data is not None else 0,
    }
    if form.wonder.data:
        city["wonder"] = form.wonder.data
        city["side"] = form.side.data or "A"
    if pad:
        categories = {
            c.value: getattr(form, f"pad_{c.value}").data
            for c in rules.categories
            if getattr(form, f"pad_{c.value}").data is not None
        }
        symbols = {k: getattr(form, k).data or 0 for k in ("compass", "gear", "tablet", "wild")}
        city["categories"] = categories
        if any(symbols.values()):
            city["science_symbols"] = symbols
            categories.pop("science", None)
    else:
        city["cards"] = list(dict.fromkeys(form.cards.data or []))
        tokens = _tokens_from_form(form, base, rules)
        if tokens is not None:
            city["military"] = tokens
    kept = ("shields_by_age", "free_city", "military") if pad else ("shields_by_age", "free_city")
    city.update({key: base[key] for key in kept if key in base})
    city.update(_play_from_form(form, city["stages"]))
    return city


def _play_from_form(form: CityForm, stages: Any) -> dict[str, Any]:
    """The city's During play fields: each built stage's age (when any is said), whether the
    free build was used, the guild copied."""
    out: dict[str, Any] = {}
    built = stages if isinstance(stages, int) else 0
    said = [getattr(form, name).data or "" for name in form.STAGE_AGE_FIELDS[:built]]
    if any(said):  # one said and another not: the parser names the one missing
        out["stage_ages"] = [_to_int(v) if v else None for v in said]
    if form.free_build_used.data:
        out["free_build_used"] = True
    if form.copied_guild.data:
        out["copied_guild"] = form.copied_guild.data
    return out


_FIELD_MAP = {
    "player": "player",
    "wonder": "wonder",
    "side": "side",
    "stages": "stages",
    "coins": "coins",
    "cards": "cards",
    "military": "defeats",
    "categories": "pad_military",
    "science_symbols": "compass",
    "stage_ages": "stage_age_1",
    "free_build_used": "free_build_used",
    "copied_guild": "copied_guild",
}


def _attach_error(form: CityForm, exc: GameFormatError) -> None:
    """Put a game-format error beside the form field it names."""
    path = exc.field.split(".", 1)[1] if "." in exc.field else exc.field
    head = path.split("[", 1)[0].split(".", 1)[0]
    name = _FIELD_MAP.get(head, "player")
    if head == "categories" and "." in path:
        name = f"pad_{path.split('.', 1)[1]}"
    if head == "science_symbols" and "." in path:
        name = path.split(".", 1)[1]
    if head == "stage_ages" and path.endswith("]"):
        name = f"stage_age_{int(path.rsplit('[', 1)[1][:-1]) + 1}"
    field = getattr(form, name, form.player)
    field.errors = [*list(field.errors or []), render_text(exc.message)]


def _set_choices(form: CityForm, catalog: Catalog, pad: bool) -> None:
    """The wonders and structures a city form offers."""
    wonders = [(w.id, w.short_name) for w in catalog.wonders]
    form.wonder.choices = choice_list(([("", _("No wonder (not needed on a pad)"))] if pad else []) + wonders)
    form.cards.choices = choice_list([(cid, catalog.structure(cid).name) for cid in catalog.structure_ids])
    form.side.choices = choice_list(
        [(side, render_text(catalog.rules.side_name(side))) for side in ("A", "B")]
    )
    form.copied_guild.choices = choice_list(
        [("", _("The one that scores most"))] + [(g.id, g.name) for g in catalog.guilds()]
    )


_CONFLICT_NAMES = {
    "player": _l("the name"),
    "wonder": _l("the wonder"),
    "side": _l("the side"),
    "stages": _l("the wonder stages"),
    "coins": _l("the coins"),
    "military": _l("the conflict tokens"),
    "cards": _l("the structures"),
    "categories": _l("the pad's numbers"),
    "science_symbols": _l("the science symbols"),
    "stage_ages": _l("the ages of the stages"),
    "free_build_used": _l("the free build"),
    "copied_guild": _l("the guild copied"),
}


def _field_names(fields: list[str]) -> str:
    """The changed fields in a player's words: ``the coins, the structures``."""
    names = dict.fromkeys(str(_CONFLICT_NAMES.get(f.split(".", 1)[0], f)) for f in fields)
    return ", ".join(names)


@dataclass
class _Saved:
    version: int
    city: dict[str, Any]
    merged: list[str]  # fields another phone had changed meanwhile, kept in the merge


@dataclass
class _Conflict:
    version: int
    stored: dict[str, Any]
    fields: list[str]


def _read_base(form: CityForm) -> dict[str, Any] | None:
    try:
        base = json.loads(form.base.data or "")
    except ValueError:
        return None
    return base if isinstance(base, dict) else None


def _save_city(loaded: gamestate.Loaded, seat: int, form: CityForm) -> _Saved | _Conflict | None:
    """Save a submitted city form: versioned, merged over a change made meanwhile.

    Returns None when the form has errors (they are on the form), a conflict when another
    phone changed the same field, else the saved city. Raises ``store.GameLocked``.
    """
    rules = loaded.catalog.rules
    row_city = loaded.row.cities[seat]
    current, current_version = dict(row_city.data), row_city.version
    pad = "categories" in current
    try:
        expected = int(form.version.data or "")
    except ValueError:
        expected = -1
    # The city this phone edited: the stored one when nothing changed since, else the one
    # the page carried (without it, every field that differs counts as a conflict).
    base = current if expected == current_version else (_read_base(form) or {})
    mine = _city_from_form(form, base, pad, rules)
    data = loaded.data
    data["cities"][seat] = mine
    try:
        refuse_same_names(parse_game(data), seat)
    except GameFormatError as exc:
        _attach_error(form, exc)
        return None
    if expected == current_version:
        try:
            return _Saved(store.replace_city(get_session(), loaded.row, seat, mine, expected), mine, [])
        except store.StaleCity:
            pass
    for _attempt in range(3):
        fresh = gamestate.load(loaded.token, edit=True)
        if fresh.row.locked:
            raise store.GameLocked()
        theirs, version = dict(fresh.row.cities[seat].data), fresh.row.cities[seat].version
        merged, conflicts = merge_city(base, mine, theirs)
        if conflicts:
            return _Conflict(version, theirs, conflicts)
        data = fresh.data
        data["cities"][seat] = merged
        try:
            refuse_same_names(parse_game(data), seat)
        except GameFormatError:
            return _Conflict(version, theirs, [f for f in mine if mine.get(f) != theirs.get(f)])
        changed = [f for f in dict.fromkeys([*base, *theirs]) if base.get(f) != theirs.get(f)]
        try:
            return _Saved(
                store.replace_city(get_session(), fresh.row, seat, merged, version), merged, changed
            )
        except store.StaleCity:
            continue
    fresh = gamestate.load(loaded.token, edit=True)
    return _Conflict(fresh.row.cities[seat].version, dict(fresh.row.cities[seat].data), ["cards"])


def _render_city(
    loaded: gamestate.Loaded,
    seat: int,
    form: CityForm,
    *,
    conflict: _Conflict | None = None,
    saved: bool = False,
    status: int = 200,
) -> tuple[str, int]:
    catalog = loaded.catalog
    data = loaded.data
    city = data["cities"][seat]
    pad = "categories" in city
    _set_choices(form, catalog, pad)
    held = frozenset(form.cards.data or [])
    table = loaded.table
    wonder_id = form.wonder.data or city.get("wonder")
    side = form.side.data if form.side.data in ("A", "B") else "A"
    stage_count = (
        len(catalog.wonder(wonder_id).side(side).stages) if wonder_id and catalog.has_wonder(wonder_id) else 3
    )
    powers = (
        [e for s in catalog.wonder(wonder_id).sides for st in s.stages for e in st.effects]
        if wonder_id and catalog.has_wonder(wonder_id)
        else []
    )
    return render_template(
        "games/city.html",
        loaded=loaded,
        seat=seat,
        city=city,
        form=form,
        pad=pad,
        table=table,
        score=table.sheet.cities[seat] if table.sheet else None,
        problems=table.city_problems(seat),
        groups=gamestate.picker(catalog, len(data["cities"]), held),
        held=held,
        catalog=catalog,
        stage_count=stage_count,
        conflict=conflict,
        conflict_names=_field_names(conflict.fields) if conflict else "",
        saved=saved,
        form_errors=status == 400,
        token_values=catalog.rules.victory_tokens,
        defeat_value=catalog.rules.defeat_token,
        max_coins=MAX_COINS,
        max_symbols=MAX_SYMBOLS,
        play_errors=any(form[n].errors for n in (*form.STAGE_AGE_FIELDS, "free_build_used", "copied_guild")),
        has_free_build=any(e.once_per_age() for e in powers),
        copies_guild=any(e.copies_guild() for e in powers),
    ), status


def _live_html(loaded: gamestate.Loaded, seat: int) -> dict[str, str]:
    """The live score's two parts (the sticky bar's total, the breakdown) for the script."""
    table = loaded.table
    score = table.sheet.cities[seat] if table.sheet else None
    context = {"table": table, "score": score, "problems": table.city_problems(seat), "seat": seat}
    return {
        "total": render_template("games/_city_total.html", **context),
        "live": render_template("games/_city_score.html", **context),
    }


def _wants_json() -> bool:
    return request.accept_mimetypes.best == "application/json"


@bp.route("/g/<token>/city/<int:seat>", methods=["GET", "POST"])
def city(token: str, seat: int) -> tuple[str, int] | WerkzeugResponse | Response:
    """One phone's city: wonder, stages, coins, tokens and structures, with its live score.

    With the script on, every change is posted here as it happens (answered in JSON); without
    it, the Save button posts the whole form and the page comes back.
    """
    loaded = gamestate.load(token)
    cities = loaded.row.cities
    if seat < 0 or seat >= len(cities):
        abort(404)
    if request.method == "GET":
        if loaded.editable:
            recent.remember(token)
        form = _city_form_from(dict(cities[seat].data), cities[seat].version, loaded.catalog)
        return _render_city(loaded, seat, form, saved=request.args.get("saved") == "1")
    if not loaded.editable:
        abort(403)
    form = city_form_for(loaded.catalog)()
    _set_choices(form, loaded.catalog, "categories" in cities[seat].data)
    outcome: _Saved | _Conflict | None = None
    try:
        if loaded.row.locked:
            raise store.GameLocked()
        if form.validate():
            outcome = _save_city(loaded, seat, form)
    except store.GameLocked:
        message = _("This game is locked: nothing can change any more.")
        if _wants_json():
            return _json({"saved": False, "locked": True, "message": message}, 409)
        flash(message, "error")
        return redirect(url_for("games.city", token=token, seat=seat))
    if isinstance(outcome, _Saved):
        fresh = gamestate.load(token, edit=True)
        message = (
            _(
                "Saved, with what another phone changed meanwhile (%(fields)s).",
                fields=_field_names(outcome.merged),
            )
            if outcome.merged
            else None
        )
        if _wants_json():
            body = {
                "saved": True,
                "version": outcome.version,
                "base": _compact(outcome.city),
                "message": message,
            }
            return _json({**body, **_live_html(fresh, seat)})
        if message:
            flash(message, "ok")
        return redirect(url_for("games.city", token=token, seat=seat, saved=1) + "#top")
    if isinstance(outcome, _Conflict):
        fresh = gamestate.load(token, edit=True)
        form.version.data = str(outcome.version)
        form.base.data = _compact(outcome.stored)
        if _wants_json():
            banner = render_template(
                "games/_city_conflict.html",
                conflict=outcome,
                conflict_names=_field_names(outcome.fields),
                catalog=fresh.catalog,
                loaded=fresh,
                seat=seat,
            )
            return _json(
                {
                    "saved": False,
                    "conflict": True,
                    "fields": outcome.fields,
                    "version": outcome.version,
                    "base": form.base.data,
                    "banner": banner,
                },
                409,
            )
        return _render_city(fresh, seat, form, conflict=outcome, status=409)
    if _wants_json():
        errors = {
            name: [str(e) for e in field.errors] for name, field in form._fields.items() if field.errors
        }
        return _json({"saved": False, "errors": errors}, 400)
    return _render_city(loaded, seat, form, status=400)


def _json(body: dict[str, Any], status: int = 200) -> Response:
    response = jsonify(body)
    response.status_code = status
    return response


# --- end of an age ----------------------------------------------------------------------------


def _shields_from_cards(game: Game, age: int) -> list[int]:
    """Each city's shields at the end of an age, as its cards (and stages) tell."""
    from ..rules.military import shields_by_age_from_cards

    catalog = gamestate.catalog_for(game.edition)
    return [
        shields_by_age_from_cards(
            city.cards or (), city.wonder, city.side, city.stages, catalog, city.stage_ages
        )[age - 1]
        for city in game.cities
    ]


@bp.route("/g/<token>/age", methods=["GET", "POST"])
def end_of_age(token: str) -> str | WerkzeugResponse | tuple[str, int]:
    """End of an age: shields in (or counted from the cards), conflict tokens out.

    The age's tokens replace, in every city, the ones typed in by hand for that age (and the
    ones this age handed out before), instead of adding to them; the page says what changed.
    """
    loaded = gamestate.load(token, edit=True)
    if loaded.game is None:
        abort(400)
    names = [c.player for c in loaded.game.cities]
    rules = loaded.catalog.rules
    form = age_form_for(rules)()
    if request.method == "GET":
        playing = loaded.game.age or 1  # the age being played, when the table says it
        asked = request.args.get("age", str(playing))
        age = int(asked) if asked in {str(a) for a in range(1, rules.ages + 1)} else playing
        form.age.data = str(age)
        suggested = _shields_from_cards(loaded.game, age)
        while len(form.shields.entries) < len(names):
            form.shields.append_entry(suggested[len(form.shields.entries)])
        return render_template("games/age.html", loaded=loaded, form=form, names=names, result=None)
    if not loaded.can_edit:
        flash(_("This game is locked: nothing can change any more."), "error")
        return redirect(url_for("games.scoreboard", token=token))
    if len(form.shields.entries) != len(names) or not form.validate():
        return render_template("games/age.html", loaded=loaded, form=form, names=names, result=None), 400
    age = int(form.age.data)
    shields = [int(f.data) for f in form.shields.entries]
    tokens = conflict_tokens(age, shields, rules)
    for _attempt in range(3):
        fresh = gamestate.load(token, edit=True)
        conflicts = dict(fresh.row.conflicts or {})
        outcomes = []
        changes: dict[int, tuple[dict[str, Any], int]] = {}
        for seat, row_city in enumerate(fresh.row.cities):
            handed = {int(a): c["tokens"][seat] for a, c in conflicts.items() if seat < len(c["tokens"])}
            outcome = hand_out(age, row_city.data.get("military") or [], tokens[seat], handed, rules)
            outcomes.append(outcome)
            changes[seat] = ({**row_city.data, "military": list(outcome.tokens)}, row_city.version)
        conflicts[str(age)] = {"shields": shields, "tokens": tokens}
        try:  # the tokens and the age's record in one transaction
            store.hand_out_age(get_session(), fresh.row, changes, conflicts, ages=rules.ages)
        except store.StaleCity:
            continue  # a phone saved meanwhile: hand out over what it saved
        except store.GameLocked:
            flash(_("This game is locked: nothing can change any more."), "error")
            return redirect(url_for("games.scoreboard", token=token))
        break
    else:
        flash(_("The cities kept changing while the tokens were handed out: try again."), "error")
        return redirect(url_for("games.end_of_age", token=token, age=age))
    return render_template(
        "games/age.html",
        loaded=gamestate.load(token, edit=True),
        form=form,
        names=names,
        result={"age": age, "tokens": tokens, "battles": _battles(names, shields, age), "outcomes": outcomes},
    )


def _battles(names: list[str], shields: list[int], age: int) -> list[dict[str, Any]]:
    """Who beat whom: each neighbouring pair once."""
    n = len(names)
    pairs = []
    seen: set[frozenset[int]] = set()
    for i in range(n):
        j = (i + 1) % n
        key = frozenset((i, j))
        if key in seen or i == j:
            continue
        seen.add(key)
        a, b = shields[i], shields[j]
        winner = None if a == b else i if a > b else j
        pairs.append(
            {
                "a": names[i],
                "b": names[j],
                "sa": a,
                "sb": b,
                "winner": names[winner] if winner is not None else None,
            }
        )
    return pairs


# --- scoreboard, lock, export ----------------------------------------------------------------


def _scoreboard_context(loaded: gamestate.Loaded) -> dict[str, Any]:
    from ..rules.scoring import tie_notes

    table = loaded.table
    sheet = table.sheet
    order: list[int] = []
    if sheet:
        # Ranked players best first, then the Free City; cities nobody entered yet last.
        order = sorted(
            range(len(sheet.cities)),
            key=lambda s: (
                not table.entered[s],
                sheet.cities[s].rank is None,
                -sheet.cities[s].total,
                -sheet.cities[s].coins,
                s,
            ),
        )
    return {
        "loaded": loaded,
        "table": table,
        "sheet": sheet,
        "order": order,
        "ties": tie_notes(sheet) if sheet and table.complete else (),
        "waiting": [loaded.row.cities[s].data.get("player", "") for s in table.waiting],
        "categories": loaded.catalog.rules.categories,
        "state": store.state_version(loaded.row),
        "poll_seconds": current_app.config["POLL_SECONDS"],
        "record_differs": _record_differs(loaded),
    }


def _record_differs(loaded: gamestate.Loaded) -> dict[str, str] | None:
    """A locked game whose record (kept at the lock, and shown) is not what today's scoring
    makes of it (the rules data changed): today's totals, to show beside the record's."""
    kept = loaded.kept
    if kept is None:
        return None
    if kept.today is None:
        return {"today": ""}
    return {"today": ", ".join(f"{c.player} {c.total}" for c in kept.today.cities)}


@bp.get("/g/<token>/scoreboard")
def scoreboard(token: str) -> Response | str:
    """The score pad as a table; with ``?partial=1`` only the live part (for polling)."""
    if request.args.get("partial"):
        return _live_board(token)
    loaded = gamestate.load(token)
    return render_template("games/scoreboard.html", lock_form=LockForm(), **_scoreboard_context(loaded))


def _live_board(token: str) -> Response:
    """The poll: 304 from one indexed row when nothing changed, else the shared rendering."""
    found = store.state_of(get_session(), token)
    if found is None:
        abort(404)
    game_id, state, _editable = found
    language = str(get_locale() or "en")
    etag = f"{state}-{language}"
    if etag in request.if_none_match:
        return Response(status=304, headers={"ETag": f'"{etag}"'})

    def render() -> tuple[str, str]:
        loaded = gamestate.load(token)
        return store.state_version(loaded.row), render_template(
            "games/_scoreboard.html", **_scoreboard_context(loaded)
        )

    boards: BoardCache = current_app.extensions.setdefault("boards", BoardCache())  # one per app (database)
    board = boards.get_or_render(game_id, state, language, render)
    gzipped = "gzip" in request.headers.get("Accept-Encoding", "").lower()
    response = Response(board.gzipped if gzipped else board.html, mimetype="text/html")
    if gzipped:
        response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    response.headers["ETag"] = f'"{board.state}-{language}"'
    return response


@bp.post("/g/<token>/lock")
def lock(token: str) -> str | WerkzeugResponse:
    """Lock the game (after a confirmation page), or open it again."""
    loaded = gamestate.load(token, edit=True)
    form = LockForm()
    if form.validate_on_submit():
        locking = form.locked.data == "1"
        if locking and request.form.get("confirm") != "1":
            return render_template("games/lock.html", loaded=loaded, lock_form=form)
        record = gamestate.record_of(loaded.game, loaded.row.mode) if locking and loaded.game else None
        store.set_locked(get_session(), loaded.row, locking, record=record)
        flash(_("The game is locked.") if locking else _("The game is open again."), "ok")
    return redirect(url_for("games.scoreboard", token=token))


@bp.route("/g/<token>/play", methods=["GET", "POST"])
def play(token: str) -> str | WerkzeugResponse | tuple[str, int]:
    """A game in progress: the age being played and the discard pile, for the verdicts."""
    loaded = gamestate.load(token, edit=True)
    if loaded.game is None:
        abort(400)
    catalog = loaded.catalog
    form = play_form_for(catalog.rules)()
    form.discard.choices = choice_list([(cid, catalog.structure(cid).name) for cid in catalog.structure_ids])
    stored = list(loaded.game.discard)
    status = 200
    if request.method == "POST":
        if not loaded.can_edit:
            flash(_("This game is locked: nothing can change any more."), "error")
            return redirect(url_for("games.scoreboard", token=token))
        if form.validate():
            picked = list(dict.fromkeys(form.discard.data or []))
            # A card discarded twice (entered through the API) keeps its copies while ticked.
            discard = [c for c in picked for _ in range(max(1, stored.count(c)))]
            play_data = {"age": int(form.age.data) if form.age.data else None, "discard": discard}
            try:
                game = parse_game({**loaded.data, **play_data})
            except GameFormatError as exc:
                form.age.errors = [*form.age.errors, render_text(exc.message)]
            else:
                version = _to_int(form.play_version.data)
                try:
                    store.set_play(
                        get_session(),
                        loaded.row,
                        store.play_of(game_to_dict(game)),
                        version if isinstance(version, int) else -1,
                    )
                except store.StalePlay:
                    flash(
                        _("The age or the discard pile was changed on another phone: here they are now."),
                        "error",
                    )
                    return redirect(url_for("games.play", token=token))
                except store.GameLocked:
                    flash(_("This game is locked: nothing can change any more."), "error")
                    return redirect(url_for("games.scoreboard", token=token))
                flash(_("Saved."), "ok")
                return redirect(url_for("games.game", token=token))
        status = 400
    else:
        form.age.data = str(loaded.game.age or "")
        form.discard.data = stored
    form.play_version.data = str(loaded.row.play_version)
    groups = gamestate.picker(catalog, len(loaded.game.cities), set())
    return render_template("games/play.html", loaded=loaded, form=form, groups=groups), status


@bp.get("/g/<token>/export.json")
def export(token: str) -> Response:
    """The game in the JSON game format, as a file."""
    loaded = gamestate.load(token)
    body = jsonio.dumps_bytes(loaded.data, indent=True)
    response = Response(body, mimetype="application/json")
    response.headers["Content-Disposition"] = 'attachment; filename="7wonders-game.json"'
    return response


@bp.route("/import", methods=["GET", "POST"])
def import_game() -> str | WerkzeugResponse | tuple[str, int]:
    """Import a game from the JSON game format (a file or pasted text)."""
    form = ImportForm()
    if form.validate_on_submit():
        raw = ""
        if form.file.data:
            raw = form.file.data.read().decode("utf-8", errors="replace")
        elif form.text.data:
            raw = form.text.data
        if not raw.strip():
            form.text.errors = [_("Choose a file or paste the game's JSON.")]
            return render_template("games/import.html", form=form), 400
        try:
            data = jsonio.loads(raw)  # deep nesting, huge numbers, lone surrogates: bad JSON
        except jsonio.JSONDecodeError as exc:
            form.text.errors = [
                _("This is not valid JSON (line %(line)d, column %(col)d).", line=exc.lineno, col=exc.colno)
            ]
            return render_template("games/import.html", form=form), 400
        try:
            game = parse_game(data)
            refuse_same_names(game)
        except GameFormatError as exc:
            form.text.errors = [f"{exc.field}: {render_text(exc.message)}"]
            return render_template("games/import.html", form=form), 400
        pad = any(c.is_pad_entry for c in game.cities)
        row = store.create_game(get_session(), game_to_dict(game), mode="pad" if pad else "cards")
        recent.remember(row.edit_token)
        flash(_("Game imported."), "ok")
        return redirect(url_for("games.game", token=row.edit_token))
    return render_template("games/import.html", form=form), (400 if request.method == "POST" else 200)


# --- printing ---------------------------------------------------------------------------------


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
    from flask_babel import force_locale, format_date, gettext, ngettext

    from ..pdf import score_sheet_pdf

    loaded = gamestate.load(token)
    sheet = loaded.sheet  # a locked game's record, if today's scoring differs from it
    if sheet is None:
        abort(400)
    paper = request.args.get("paper", "a4").lower()
    lang = request.args.get("lang") or _reader_language(loaded.row.language)
    if paper not in ("a4", "letter") or lang not in available_languages():
        abort(400)
    url = _absolute("games.scoreboard", token=loaded.row.view_token)
    with force_locale(lang):
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
    from ..pdf import loopback_link

    loaded = gamestate.load(token)
    form = SheetForm(request.args)
    form.lang.choices = _language_choices()
    if not request.args.get("lang"):
        form.lang.data = _reader_language(loaded.row.language)
    qr_url = _absolute("games.scoreboard", token=loaded.row.view_token)
    return render_template(
        "games/print_sheet.html",
        loaded=loaded,
        form=form,
        qr_url=qr_url,
        dead_qr=loopback_link(qr_url),
    )


@bp.get("/pads")
def pads() -> str | Response:
    """Blank score pads: choose the paper, the players, how many per page and the language."""
    from ..pdf import loopback_link

    form = PadsForm(request.args)
    editions = available_editions()
    form.edition.choices = choice_list([(n, gamestate.catalog_for(n).rules.name) for n in editions])
    edition = _edition_asked(form.edition.data)
    rules = gamestate.catalog_for(edition).rules if edition else None
    form.set_edition(rules, rules or gamestate.catalog_for(editions[0]).rules)
    form.lang.choices = _language_choices()
    if not request.args.get("lang"):
        form.lang.data = _reader_language()
    qr_url = _absolute("games.new_game")
    if request.args.get("submit") is not None and form.validate():
        from flask_babel import force_locale, gettext, ngettext

        from ..pdf import score_pad_pdf

        with force_locale(form.lang.data):
            pdf = score_pad_pdf(
                int(form.players.data),
                paper=form.paper.data,
                per_page=int(form.per_page.data),
                url=qr_url if form.qr.data else None,
                order=form.order.data,
                gettext=gettext,
                ngettext=ngettext,
                lang=form.lang.data,
                edition=int(form.edition.data),
            )
        response = Response(pdf, mimetype="application/pdf")
        response.headers["Content-Disposition"] = 'inline; filename="7wonders-score-pads.pdf"'
        return response
    # Each edition's own pad, row by row (the 2010 pad puts science last, the 2020 pad the guilds).
    pad_orders = [
        (rules.name, ", ".join(render_text(rules.category_name(c)) for c in rules.score_pad))
        for rules in (gamestate.catalog_for(n).rules for n in available_editions())
    ]
    return render_template(
        "games/pads.html", form=form, qr_url=qr_url, dead_qr=loopback_link(qr_url), pad_orders=pad_orders
    )
