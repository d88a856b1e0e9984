"""The table: new game, the game hub, each phone's city, the end of an age, the scoreboard,
lock, export and import. Every view reads or writes the game format and asks the rules
core for scores; none computes a point itself."""

from __future__ import annotations

import contextlib
import io
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
from werkzeug.wrappers import Response as WerkzeugResponse

from .. import jsonio
from ..netaddr import is_unreachable_url
from ..rules.catalog import Catalog
from ..rules.gameio import GameFormatError, game_to_dict, parse_game
from ..rules.model import CATEGORIES, Game, ScoreSheet
from ..store import games as store
from . import gamestate, recent
from .boards import BoardCache
from .db import get_session
from .forms import RANDOM, AgeForm, CityForm, ImportForm, LockForm, NewGameForm, PadsForm, choice_list
from .i18n import render_text

bp = Blueprint("games", __name__)


def _absolute(endpoint: str, **values: Any) -> str:
    base = current_app.config.get("PUBLIC_URL")
    if base:
        return base.rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


# --- new game ---------------------------------------------------------------------------------


@bp.route("/new", methods=["GET", "POST"])
def new_game() -> str | WerkzeugResponse | tuple[str, int]:
    """Set up a game: players in seating order, wonders dealt at random or picked."""
    catalog = gamestate.catalog_for(1)
    form = NewGameForm()
    if request.method == "GET":
        form.mode.data = "pad" if request.args.get("mode") == "pad" else "cards"
    wonder_choices = [(RANDOM, _("Deal at random"))] + [(w.id, w.short_name) for w in catalog.wonders]
    side_choices = [(RANDOM, _("Random side")), ("A", _("Side A")), ("B", _("Side B"))]
    for seat in form.seats.entries:
        seat.form.wonder.choices = choice_list(wonder_choices)
        seat.form.side.choices = choice_list(side_choices)
    if form.validate_on_submit():
        seats = [s.form for s in form.seats.entries if (s.player.data or "").strip()]
        picks = [
            (
                s.wonder.data if s.wonder.data != RANDOM else None,
                s.side.data if s.side.data != RANDOM else None,
            )
            for s in seats
        ]
        free_city = len(seats) == 2
        if free_city:
            picks.append((None, None))
        dealt = gamestate.deal(catalog, picks)
        pad = form.mode.data == "pad"
        cities: list[dict[str, Any]] = []
        for i, (wonder, side) in enumerate(dealt):
            name = " ".join(seats[i].player.data.split()) if i < len(seats) else _("Free City")
            city: dict[str, Any] = {"player": name, "wonder": wonder, "side": side, "stages": 0, "coins": 3}
            if pad:
                city["categories"] = {}
            else:
                city["cards"] = []
            if free_city and i == 2:
                city["free_city"] = True
            cities.append(city)
        data = {"edition": 1, "cities": cities}
        try:
            parse_game(data)  # refuses names no page or database can hold (NUL, lone surrogates)
        except GameFormatError as exc:
            seat = int(exc.field[7:].split("]")[0]) if exc.field.startswith("cities[") else 0
            field = seats[min(seat, len(seats) - 1)].player
            field.errors = [*list(field.errors or []), render_text(exc.message)]
            return render_template("games/new.html", form=form), 400
        row = store.create_game(
            get_session(),
            data,
            mode="pad" if pad else "cards",
            title=(form.title.data or "").strip() or None,
            language=str(get_locale() or "en"),
        )
        recent.remember(row.edit_token)
        return redirect(url_for("games.game", token=row.edit_token))
    return render_template("games/new.html", form=form)


# --- the game hub -----------------------------------------------------------------------------


@bp.get("/g/<token>")
def game(token: str) -> str | WerkzeugResponse:
    """The game's hub: join link and QR code, each city, the score so far."""
    loaded = gamestate.load(token)
    if not loaded.editable:
        return redirect(url_for("games.scoreboard", token=token))
    recent.remember(token)
    sheet = gamestate.score(loaded.game) if loaded.game else None
    join_url = _absolute("games.game", token=loaded.row.edit_token)
    return render_template(
        "games/game.html",
        loaded=loaded,
        sheet=sheet,
        join_url=join_url,
        join_unreachable=is_unreachable_url(join_url),
        join_host=urlsplit(join_url).netloc,
        view_url=_absolute("games.scoreboard", token=loaded.row.view_token),
        lock_form=LockForm(),
    )


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


def _city_form_from(data: dict[str, Any], version: int) -> CityForm:
    form = CityForm(formdata=None)
    form.version.data = str(version)
    form.player.data = data.get("player", "")
    form.wonder.data = data.get("wonder")
    form.side.data = data.get("side", "A")
    form.stages.data = str(data.get("stages", 0))
    form.coins.data = data.get("coins", 0)
    form.military.data = ",".join(str(t) for t in data.get("military") or [])
    form.cards.data = list(data.get("cards") or [])
    categories = data.get("categories") or {}
    for category in CATEGORIES:
        getattr(form, f"pad_{category.value}").data = categories.get(category.value)
    symbols = data.get("science_symbols") or {}
    for key in ("compass", "gear", "tablet", "wild"):
        getattr(form, key).data = symbols.get(key, 0)
    return form


def _parse_tokens(text: str) -> list[int] | None:
    tokens = []
    for part in (text or "").replace(" ", "").split(","):
        if not part:
            continue
        try:
            tokens.append(int(part))
        except ValueError:
            return None
    return tokens


def _to_int(value: Any) -> Any:
    """A whole number when the text is one; otherwise the text, for the parser to refuse by name."""
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return value


def _city_from_form(form: CityForm, stored: dict[str, Any], pad: bool) -> dict[str, Any] | None:
    """The city in the game format from a submitted form, or None (errors are on the form)."""
    tokens = _parse_tokens(form.military.data or "")
    if tokens is None:
        form.military.errors = [_("The conflict tokens could not be read; tap them again.")]
        return None
    action = request.form.get("token_action", "")
    if action.startswith("add:"):
        value = _parse_tokens(action[4:])
        if value and value[0] in (1, 3, 5, -1):
            tokens.append(value[0])
    elif action.startswith("remove:"):
        with contextlib.suppress(ValueError, IndexError):
            del tokens[int(action[7:])]
    city: dict[str, Any] = {
        "player": " ".join((form.player.data or "").split()),
        "wonder": form.wonder.data,
        "side": form.side.data or "A",
        "stages": _to_int(form.stages.data),
        "coins": form.coins.data if form.coins.data is not None else 0,
    }
    if pad:
        categories = {
            c.value: getattr(form, f"pad_{c.value}").data
            for c in CATEGORIES
            if getattr(form, f"pad_{c.value}").data is not None
        }
        symbols = {k: getattr(form, k).data or 0 for k in ("compass", "gear", "tablet", "wild")}
        city["categories"] = categories
        if any(symbols.values()):
            city["science_symbols"] = symbols
            categories.pop("science", None)
    else:
        city["cards"] = list(dict.fromkeys(form.cards.data or []))
    if tokens or stored.get("military") is not None:
        city["military"] = tokens
    for key in ("shields_by_age", "free_city"):
        if key in stored:
            city[key] = stored[key]
    return city


_FIELD_MAP = {
    "player": "player",
    "wonder": "wonder",
    "side": "side",
    "stages": "stages",
    "coins": "coins",
    "cards": "cards",
    "military": "military",
    "categories": "pad_military",
    "science_symbols": "compass",
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
    field = getattr(form, name, form.player)
    field.errors = [*list(field.errors or []), render_text(exc.message)]


def _set_choices(form: CityForm, catalog: Catalog) -> None:
    """The wonders and structures a city form offers."""
    form.wonder.choices = choice_list([(w.id, w.short_name) for w in catalog.wonders])
    form.cards.choices = choice_list([(cid, catalog.structure(cid).name) for cid in catalog.structure_ids])


def _render_city(
    loaded: gamestate.Loaded,
    seat: int,
    form: CityForm,
    *,
    stale: dict[str, Any] | None = None,
    preview: Game | None = None,
    status: int = 200,
) -> tuple[str, int]:
    catalog = loaded.catalog
    data = loaded.data
    city = data["cities"][seat]
    pad = "categories" in city
    _set_choices(form, catalog)
    held = set(form.cards.data or [])
    game_for_score = preview or loaded.game
    sheet = gamestate.score(game_for_score) if game_for_score else None
    wonder_id = form.wonder.data or city.get("wonder")
    side = form.side.data if form.side.data in ("A", "B") else "A"
    stage_count = (
        len(catalog.wonder(wonder_id).side(side).stages) if wonder_id and catalog.has_wonder(wonder_id) else 3
    )
    tokens = _parse_tokens(form.military.data or "") or []
    return render_template(
        "games/city.html",
        loaded=loaded,
        seat=seat,
        city=city,
        form=form,
        pad=pad,
        sheet=sheet,
        score=sheet.cities[seat] if sheet else None,
        problems=[p for p in (sheet.problems if sheet else ()) if p.city in (seat, None)],
        groups=gamestate.picker(catalog, len(data["cities"]), held),
        held=held,
        catalog=catalog,
        stage_count=stage_count,
        tokens=tokens,
        stale=stale,
        age_names=gamestate.AGE_NAMES,
    ), status


@bp.route("/g/<token>/city/<int:seat>", methods=["GET", "POST"])
def city(token: str, seat: int) -> tuple[str, int] | WerkzeugResponse:
    """One phone's city: wonder, stages, coins, tokens and structures, with its live score."""
    loaded = gamestate.load(token)
    cities = loaded.row.cities
    if seat < 0 or seat >= len(cities):
        abort(404)
    stored = dict(cities[seat].data)
    version = cities[seat].version
    if request.method == "GET" or not loaded.can_edit:
        if request.method == "POST":
            flash(_("This game is locked: nothing can change any more."), "error")
            return redirect(url_for("games.city", token=token, seat=seat))
        if loaded.editable:
            recent.remember(token)
        return _render_city(loaded, seat, _city_form_from(stored, version))
    form = CityForm()
    pad = "categories" in stored
    _set_choices(form, loaded.catalog)
    if not form.validate():
        return _render_city(loaded, seat, form, status=400)
    new_city = _city_from_form(form, stored, pad)
    if new_city is None:
        return _render_city(loaded, seat, form, status=400)
    data = loaded.data
    data["cities"][seat] = new_city
    try:
        parse_game(data)
    except GameFormatError as exc:
        _attach_error(form, exc)
        return _render_city(loaded, seat, form, status=400)
    try:
        expected = int(form.version.data or "")
    except ValueError:
        expected = -1
    try:
        store.replace_city(get_session(), loaded.row, seat, new_city, expected)
    except store.StaleCity as exc:
        fresh = gamestate.load(token)
        form.version.data = str(exc.current_version)
        form.military.data = ",".join(str(t) for t in new_city.get("military") or [])
        return _render_city(fresh, seat, form, stale=dict(fresh.row.cities[seat].data), status=409)
    except store.GameLocked:
        flash(_("This game is locked: nothing can change any more."), "error")
        return redirect(url_for("games.city", token=token, seat=seat))
    if not request.form.get("token_action"):
        flash(_("Saved."), "ok")
    return redirect(url_for("games.city", token=token, seat=seat) + "#top")


@bp.post("/g/<token>/city/<int:seat>/preview")
def city_preview(token: str, seat: int) -> Response:
    """The live score of a city as it is being entered (not saved)."""
    loaded = gamestate.load(token, edit=True)
    if seat < 0 or seat >= len(loaded.row.cities):
        abort(404)
    stored = dict(loaded.row.cities[seat].data)
    form = CityForm()
    _set_choices(form, loaded.catalog)
    valid = form.validate()
    new_city = _city_from_form(form, stored, "categories" in stored) if valid else None
    data = loaded.data
    error = None if valid else _("Some fields need a look before this city can be scored.")
    sheet: ScoreSheet | None = None
    if new_city is not None:
        data["cities"][seat] = new_city
        try:
            sheet = gamestate.score(parse_game(data))
        except GameFormatError as exc:
            error = render_text(exc.message)
    html = render_template(
        "games/_city_score.html",
        score=sheet.cities[seat] if sheet else None,
        problems=[p for p in sheet.problems if p.city in (seat, None)] if sheet else [],
        error=error,
        seat=seat,
    )
    return jsonify({"html": html})


# --- end of an age ----------------------------------------------------------------------------


def _shields_from_cards(game: Game, age: int) -> list[int]:
    """Each city's shields at the end of an age, as its cards (and stages) tell."""
    from ..rules.military import shields_by_age_from_cards

    catalog = gamestate.catalog_for(game.edition)
    return [
        shields_by_age_from_cards(city.cards or (), city.wonder, city.side, city.stages, catalog)[age - 1]
        for city in game.cities
    ]


@bp.route("/g/<token>/age", methods=["GET", "POST"])
def end_of_age(token: str) -> str | WerkzeugResponse | tuple[str, int]:
    """End of an age: shields in (or counted from the cards), conflict tokens out."""
    from ..rules.military import conflict_tokens

    loaded = gamestate.load(token, edit=True)
    if loaded.game is None:
        abort(400)
    names = [c.player for c in loaded.game.cities]
    form = AgeForm()
    if request.method == "GET":
        age = int(request.args.get("age", "1")) if request.args.get("age", "1") in ("1", "2", "3") else 1
        form.age.data = str(age)
        suggested = _shields_from_cards(loaded.game, age)
        while len(form.shields.entries) < len(names):
            form.shields.append_entry(suggested[len(form.shields.entries)])
        form.versions.data = ",".join(str(c.version) for c in loaded.row.cities)
        return render_template("games/age.html", loaded=loaded, form=form, names=names, result=None)
    if not loaded.can_edit:
        flash(_("This game is locked: nothing can change any more."), "error")
        return redirect(url_for("games.scoreboard", token=token))
    if len(form.shields.entries) != len(names) or not form.validate():
        return render_template("games/age.html", loaded=loaded, form=form, names=names, result=None), 400
    age = int(form.age.data)
    shields = [int(f.data) for f in form.shields.entries]
    rules = loaded.catalog.rules
    tokens = conflict_tokens(age, shields, rules)
    conflicts = dict(loaded.row.conflicts or {})
    previous = conflicts.get(str(age))
    changes: dict[int, tuple[dict[str, Any], int]] = {}
    try:
        versions = [int(v) for v in (form.versions.data or "").split(",")]
    except ValueError:
        versions = []
    if len(versions) != len(names):
        versions = [-1] * len(names)
    for seat, row_city in enumerate(loaded.row.cities):
        data = dict(row_city.data)
        held = list(data.get("military") or [])
        if previous:
            for old in previous["tokens"][seat]:
                if old in held:
                    held.remove(old)
        held.extend(tokens[seat])
        data["military"] = held
        changes[seat] = (data, versions[seat])
    conflicts[str(age)] = {"shields": shields, "tokens": tokens}
    try:
        store.hand_out_age(get_session(), loaded.row, changes, conflicts)
    except store.StaleCity:
        flash(
            _(
                "A city was saved from another phone meanwhile: check the shields and hand out the tokens again."
            ),
            "error",
        )
        return redirect(url_for("games.end_of_age", token=token, age=age))
    except store.GameLocked:
        flash(_("This game is locked: nothing can change any more."), "error")
        return redirect(url_for("games.scoreboard", token=token))
    fresh = gamestate.load(token, edit=True)
    battles = _battles(names, shields, age)
    return render_template(
        "games/age.html",
        loaded=fresh,
        form=form,
        names=names,
        result={"age": age, "tokens": tokens, "battles": battles},
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
    sheet = gamestate.score(loaded.game) if loaded.game else None
    return {
        "loaded": loaded,
        "sheet": sheet,
        "categories": CATEGORIES,
        "state": store.state_version(loaded.row),
        "poll_seconds": current_app.config["POLL_SECONDS"],
    }


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
def lock(token: str) -> WerkzeugResponse:
    """The host locks (or, by mistake undone, unlocks) the game."""
    loaded = gamestate.load(token, edit=True)
    form = LockForm()
    if form.validate_on_submit():
        store.set_locked(get_session(), loaded.row, form.locked.data == "1")
        flash(_("The game is locked.") if form.locked.data == "1" else _("The game is open again."), "ok")
    return redirect(url_for("games.scoreboard", token=token))


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


@bp.get("/g/<token>/sheet.pdf")
def sheet_pdf(token: str) -> Response:
    """The game's score sheet as a PDF, in the game's language."""
    from flask_babel import force_locale, format_date, gettext, ngettext

    from ..pdf import score_sheet_pdf

    loaded = gamestate.load(token)
    if loaded.game is None:
        abort(400)
    paper = request.args.get("paper", "a4").lower()
    if paper not in ("a4", "letter"):
        abort(400)
    url = _absolute("games.scoreboard", token=loaded.row.view_token)
    # The sheet speaks the game's language (the one it was set up in), whoever prints it.
    with force_locale(loaded.row.language or str(get_locale() or "en")):
        pdf = score_sheet_pdf(
            gamestate.score(loaded.game),
            paper=paper,
            url=url,
            title=loaded.row.title,
            played_on=loaded.row.created_at.date(),
            gettext=gettext,
            ngettext=ngettext,
            format_date=lambda day: format_date(day, "long"),
        )
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = 'inline; filename="7wonders-score-sheet.pdf"'
    return response


@bp.get("/pads")
def pads() -> str | Response:
    """Blank score pads: choose the paper, the players and how many per page."""
    form = PadsForm(request.args)
    if request.args.get("submit") is not None and form.validate():
        from flask_babel import gettext, ngettext

        from ..pdf import score_pad_pdf

        pdf = score_pad_pdf(
            int(form.players.data),
            paper=form.paper.data,
            per_page=int(form.per_page.data),
            url=_absolute("main.home") if form.qr.data else None,
            gettext=gettext,
            ngettext=ngettext,
        )
        response = Response(pdf, mimetype="application/pdf")
        response.headers["Content-Disposition"] = 'inline; filename="7wonders-score-pads.pdf"'
        return response
    return render_template("games/pads.html", form=form)
