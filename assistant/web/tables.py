"""Tables' pages: the people who play together, their games' history, players and statistics.

A table is created in one tap and lives at an unguessable link (``/t/<token>``), like a
game. Its page lists its games (newest first, searchable by player and date), its
players' statistics and charts; each player has a page. The views parse the request, ask
the tables service (:mod:`assistant.tables`) and render; the pictures are
:mod:`.tablecharts`'.
"""

from __future__ import annotations

import csv
import io
from datetime import date
from typing import Any

import qrcode
import qrcode.image.svg
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response as WerkzeugResponse

from .. import jsonio
from .. import tables as service
from ..rules.catalog import available_editions, available_expansions, catalog_for, expansion_rules
from ..rules.text import squeeze
from ..stats import EVERY_GAME, EXPANSION_FILTER, Chosen, TableStats, category_order, team_key
from ..store import tables as repo
from ..store.models import TableRow
from . import gamestate
from .db import get_session
from .forms import ImportForm, MoveGameForm, NamesForm, TableForm
from .i18n import format_day, render_text
from .tablecharts import percent, player_charts, table_charts
from .urls import absolute

bp = Blueprint("tables", __name__)

MAX_RECENT_TABLES = 6
PAGE_SIZE = 30
MAX_QUERY = 40
"""The longest search a table's games are searched with (a name, a title)."""
Page = str | WerkzeugResponse | tuple[str, int]


# --- the service, as this app keeps it ---------------------------------------------------------


def caches() -> service.TableCaches:
    """This app's tables caches (made by :func:`init_app`)."""
    kept: service.TableCaches = current_app.extensions["tables"]
    return kept


def init_app(app: Any) -> None:
    app.extensions["tables"] = service.TableCaches()


def board_link(view_token: str) -> str:
    """A game's read-only scoreboard, as a full link (a BG Stats play's comments)."""
    return absolute("games.scoreboard", token=view_token)


def load_table(token: str) -> TableRow:
    table = repo.by_token(get_session(), token)
    if table is None:
        abort(404)
    return table


def history(table: TableRow) -> service.History:
    return service.history(get_session(), table, caches())


def stats_of(past: service.History, chosen: Chosen = EVERY_GAME) -> TableStats:
    return service.stats_of(past, caches(), chosen)


def usual_seats(table: TableRow) -> list[str]:
    return service.usual_seats(get_session(), table, caches())


def usual_players(table: TableRow) -> list[str]:
    return service.usual_players(get_session(), table, caches())


def matching(past: service.History, q: str, chosen: Chosen = EVERY_GAME) -> list[repo.GameLine]:
    return service.matching(get_session(), past, q, chosen)


def game_items(
    table: TableRow, lines: list[repo.GameLine], names: dict[str, str], *, when: bool = True
) -> list[dict[str, Any]]:
    """Games as the table lists them (their scores read together: see ``service.scores_of``)."""
    scores = service.scores_of(get_session(), table, lines, caches())
    return [game_item(line, scores[line.id], names, when=when) for line in lines]


def game_item(
    line: repo.GameLine, scored: list[dict[str, Any]], names: dict[str, str], *, when: bool = True
) -> dict[str, Any]:
    """A game as the table lists it: its players best first, the winners, the date in words.

    In a team game every member of a winning team is a winner, and the players are listed
    team by team, the winning team first (then by the teams' totals), each team best first."""
    cities = [c for c in scored if not c.get("free_city")]
    teams: dict[str, int] = {}
    for c in cities:
        if c.get("team"):
            key = team_key(c["team"])
            teams[key] = teams.get(key, 0) + c["total"]

    def order(c: dict[str, Any]) -> tuple[Any, ...]:
        team = team_key(c["team"]) if c.get("team") else ""
        return (not c.get("won"), -teams.get(team, 0), team, c["rank"] is None, c["rank"] or 0, -c["total"])

    ranked = sorted(cities, key=order)
    return {
        "line": line,
        "when": format_day(line.created_at) if when else None,
        "cities": [{**c, "player": service.shown_name(c["player"], names)} for c in ranked],
        "winners": [service.shown_name(c["player"], names) for c in ranked if c.get("won")],
    }


def remember(token: str) -> None:
    """This phone's tables, newest first (in the encrypted session cookie, as its games)."""
    tokens = [t for t in session.get("tables", []) if t != token]
    session["tables"] = [token, *tokens][:MAX_RECENT_TABLES]


def recent_tables() -> list[TableRow]:
    found = (repo.by_token(get_session(), token) for token in session.get("tables", []))
    return [table for table in found if table is not None]


def _day(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value) if value else None
    except ValueError:
        return None


def _filters() -> Chosen:
    """The games the page's filters choose (a value that cannot be one is left out)."""
    since, until = _day(request.args.get("since")), _day(request.args.get("until"))
    asked = request.args.get("edition", "")
    edition = int(asked) if asked.isdigit() and int(asked) in available_editions() else None
    expansion = request.args.get("expansion", "")
    size = request.args.get("players", "")
    players = int(size) if size.isdigit() and 0 < int(size) < 100 else None
    return Chosen(since, until, edition, expansion if EXPANSION_FILTER.fullmatch(expansion) else "", players)


def _sizes(past: service.History) -> list[int]:
    """The numbers of players the table's games were played at (the filter's choices)."""
    return [size.players for size in stats_of(past).sizes]


def _editions() -> list[tuple[int, str]]:
    return [(n, catalog_for(n).rules.name) for n in available_editions()]


def _expansion_choices() -> list[tuple[str, str]]:
    """The expansion filter's choices: the base game, then with and without each expansion
    of any edition (one name for an id both editions have)."""
    names: dict[str, str] = {}
    for edition in available_editions():
        for x in available_expansions(edition):
            names.setdefault(x, expansion_rules(edition, x).name)
    choices = [("base", _("Base game only"))]
    for x, name in names.items():
        choices += [
            (f"with:{x}", _("With %(name)s", name=name)),
            (f"without:{x}", _("Without %(name)s", name=name)),
        ]
    return choices


def _page_number() -> int:
    asked = request.args.get("page", "1")
    return max(1, int(asked or 1)) if asked.isdigit() else 1


# --- pages -------------------------------------------------------------------------------------


@bp.post("/t/new")
def new_table() -> WerkzeugResponse:
    """Start a table in one tap (a name can be given later)."""
    form = TableForm()
    if not form.validate_on_submit():
        abort(400)
    table = repo.create_table(get_session(), form.name.data or None)
    remember(table.token)
    return redirect(url_for("tables.table", token=table.token))


@bp.get("/t/<token>")
def table(token: str) -> str:
    """The table: its link, its games (searchable), its players' statistics and charts."""
    found = load_table(token)
    remember(token)
    past = history(found)
    chosen = _filters()
    stats = stats_of(past, chosen)
    q = (request.args.get("q") or "").strip()[:MAX_QUERY]
    lines = matching(past, q, chosen)
    page = _page_number()
    shown = lines[(page - 1) * PAGE_SIZE : page * PAGE_SIZE]
    return render_template(
        "tables/table.html",
        table=found, stats=stats, q=q, **chosen._asdict(), sizes=_sizes(past), expansions=_expansion_choices(), games=game_items(found, shown, past.names), matching=len(lines),
        page=page, pages=max(1, -(-len(lines) // PAGE_SIZE)), open_count=len(past.open_games),
        link=absolute("tables.table", token=token), name_form=TableForm(name=found.name),
        charts=table_charts(stats), editions=_editions(), percent=percent,
    )  # fmt: skip


@bp.get("/t/<token>/qr.svg")
def qr(token: str) -> Response:
    """A QR code of the table's link, for the members to keep."""
    load_table(token)
    image = qrcode.make(
        absolute("tables.table", token=token), image_factory=qrcode.image.svg.SvgPathFillImage, box_size=10
    )
    buffer = io.BytesIO()
    image.save(buffer)
    return Response(buffer.getvalue(), mimetype="image/svg+xml")


@bp.get("/t/<token>/p/<key>")
def player(token: str, key: str) -> str:
    """One player of the table: their numbers, their totals over time, their categories and
    wonders."""
    found = load_table(token)
    past = history(found)
    chosen = _filters()
    stats = stats_of(past, chosen)
    who = stats.player(key[:160])
    if who is None:
        abort(404)
    played = service.games_of(get_session(), past, who.key, chosen)
    return render_template(
        "tables/player.html",
        table=found, stats=stats, player=who, **chosen._asdict(), sizes=_sizes(past), expansions=_expansion_choices(), charts=player_charts(who, stats), editions=_editions(), percent=percent,
        spellings=service.spellings_of(past, who.key), games=game_items(found, played[:PAGE_SIZE], past.names),
        more_games=len(played) - PAGE_SIZE, teams=stats.teams_of(who.key),
    )  # fmt: skip


@bp.post("/t/<token>/name")
def rename_table(token: str) -> WerkzeugResponse:
    found = load_table(token)
    form = TableForm()
    if form.validate_on_submit():
        repo.rename_table(get_session(), found, form.name.data or None)
        flash(_("Saved."), "ok")
    return redirect(url_for("tables.table", token=token))


@bp.route("/t/<token>/players", methods=["GET", "POST"])
def players(token: str) -> Page:
    """Rename a player, or merge two spellings of one player's name."""
    found = load_table(token)
    past = history(found)
    stats = stats_of(past)
    choices = [(p.key, p.name) for p in stats.players]
    form = NamesForm()
    form.player.choices = form.into.choices = [("", "—"), *choices]
    if request.method == "POST":
        if form.validate_on_submit() and form.player.data and _rename_or_merge(past, form, choices):
            return redirect(url_for("tables.players", token=token))
        moved = service.moved_on(past, stats, [form.player.data, form.into.data])
        if moved is not None:  # this phone's page was read before another phone's change
            flash(render_text(moved), "error")
            return redirect(url_for("tables.players", token=token))
        form.name.errors = [
            *form.name.errors,
            _("Choose a player, then a new name or the player to merge into."),
        ]
    spellings = {p.key: sorted(service.spelled(past, p.key)) for p in stats.players}
    page = render_template("tables/players.html", table=found, stats=stats, form=form, spellings=spellings)
    return page, 400 if request.method == "POST" else 200


def _rename_or_merge(past: service.History, form: NamesForm, choices: list[tuple[str, str]]) -> bool:
    """Do what the names form asks, or say that another phone changed these names first
    (False: it asks for nothing that can be done)."""
    try:
        return _change_names(past, form, choices)
    except service.NamesChanged as exc:
        flash(render_text(exc.message), "error")
        return True


def _change_names(past: service.History, form: NamesForm, choices: list[tuple[str, str]]) -> bool:
    if form.action.data == "merge" and form.into.data and form.into.data != form.player.data:
        target = next(name for key, name in choices if key == form.into.data)
        service.name_player(get_session(), past, form.player.data, target, into=form.into.data)
        merged = next((name for k, name in choices if k == form.player.data), form.player.data)
        flash(_("%(a)s and %(b)s are one player now.", a=merged, b=target), "ok")
        return True
    new_name = squeeze(form.name.data or "")
    if form.action.data == "rename" and new_name:
        service.name_player(get_session(), past, form.player.data, new_name)
        flash(_("Renamed."), "ok")
        return True
    return False


CSV_COLUMNS = (
    "game", "date", "title", "edition", "expansions", "locked", "player", "free_city", "board", "side",
    "rank", "total", "coins",
)  # fmt: skip
"""The export's first columns, then one per category of the games' editions (the wonder board
is ``board``: the category of the wonder's points is ``wonder``, one name a column), then
:data:`CSV_LAST`."""
CSV_LAST = ("imported", "winner", "team")
"""After the categories: the day a game was imported from a file (empty: entered at the
table); whether the city won (``yes``: ranked first, or in the Cities team game a member of
the winning team, whatever its own rank; the Free City never); its team (empty: no teams).
Last, each after the one before it, so that a spreadsheet reading the columns by position
before they were added reads them still."""


@bp.get("/t/<token>/export.csv")
def export_csv(token: str) -> Response:
    """Every game of the table, one row per city (locked games with their record)."""
    past = history(load_table(token))
    scores = service.scores_of(get_session(), past.table, past.lines, caches())
    games = [
        (line, scores[line.id]) for line in sorted(past.lines, key=lambda line: (line.created_at, line.id))
    ]
    # Every category of the games' editions, in their pads' order (a later edition's own
    # last), then every expansion's row the games scored (Leaders...).
    editions = {line.edition for line in past.lines} or {1}
    scored = {key for _line, cities in games for city in cities for key in city["categories"]}
    categories = category_order(editions, {*category_order(editions), *scored})
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([*CSV_COLUMNS, *categories, *CSV_LAST])
    for line, cities in games:
        for city in cities:
            writer.writerow(_csv_row(line, city, past.names, categories))
    response = Response(out.getvalue(), mimetype="text/csv")  # Flask adds "; charset=utf-8"
    response.headers["Content-Disposition"] = 'attachment; filename="table-games.csv"'
    return response


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP, CSV injection)."""


def _cell(text: str) -> str:
    """A typed text (a name, a title) as a cell no spreadsheet runs: one starting like a
    formula gets an apostrophe in front, which spreadsheets show as text and keep readable."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _csv_row(
    line: repo.GameLine, city: dict[str, Any], names: dict[str, str], categories: tuple[str, ...]
) -> list[Any]:
    return [
        line.id,
        line.created_at.date().isoformat(),
        _cell(line.title or ""),
        line.edition,
        " ".join(line.expansions or ()),  # ids, space-separated ("leaders cities"); none: empty
        "yes" if line.locked else "no",
        _cell(service.shown_name(city["player"], names)),
        "yes" if city.get("free_city") else "no",
        city.get("wonder") or "",
        city.get("side") or "",
        city.get("rank") if city.get("rank") is not None else "",
        city["total"],
        city.get("coins", 0),
        *(city["categories"].get(c, "") for c in categories),
        service.utc(line.imported_at).date().isoformat() if line.imported_at is not None else "",
        "yes" if city.get("won") else "no",
        _cell(city.get("team") or ""),
    ]


@bp.get("/t/<token>/export.json")
def export_json(token: str) -> Response:
    """Every game of the table in the game format, with its date, title and record."""
    exported = service.export_of(get_session(), load_table(token), caches(), board_link)
    response = Response(jsonio.dumps(exported), mimetype="application/json")
    response.headers["Content-Disposition"] = 'attachment; filename="table-games.json"'
    return response


@bp.route("/t/<token>/import", methods=["GET", "POST"])
def import_games(token: str) -> Page:
    """Import games into the table: its own export, or games in the game format."""
    found = load_table(token)
    form = ImportForm()
    if form.validate_on_submit():
        raw = (
            form.file.data.read().decode("utf-8", errors="replace")
            if form.file.data
            else form.text.data or ""
        )
        done = _import(found, raw, form)
        if done is not None:
            flash(_imported_message(done), "ok")
            return redirect(url_for("tables.table", token=token))
    page = render_template("tables/import.html", table=found, form=form)
    return page, 400 if request.method == "POST" else 200


def _import(found: TableRow, raw: str, form: ImportForm) -> service.Imported | None:
    """Import the text into the table; None, with the reason on the form, when it cannot be."""
    try:
        return service.import_into(get_session(), found, jsonio.loads(raw))
    except jsonio.JSONDecodeError as exc:
        form.text.errors = [
            _("This is not valid JSON (line %(line)d, column %(col)d).", line=exc.lineno, col=exc.colno)
        ]
    except service.ImportRefused as exc:
        form.text.errors = [render_text(exc.message)]
    return None


def _imported_message(done: service.Imported) -> str:
    said: str = ngettext("%(num)d game imported.", "%(num)d games imported.", done.imported)
    if done.already_here:
        said += " " + ngettext(
            "%(num)d game was already at this table: not imported again.",
            "%(num)d games were already at this table: not imported again.",
            done.already_here,
        )
    return said


@bp.post("/g/<token>/table")
def move_game(token: str) -> WerkzeugResponse:
    """Put a game in a table (by the table's link or token), or take it out."""
    loaded = gamestate.load(token, edit=True)
    form = MoveGameForm()
    if not form.validate_on_submit():
        return redirect(url_for("games.game", token=token))
    if loaded.row.locked and loaded.row.table_id is not None:
        flash(_("A locked game stays at its table: its record is part of the table's history."), "error")
        return redirect(url_for("games.game", token=token))
    if form.leave.data:
        repo.move_game(get_session(), loaded.row, None)
        flash(_("The game left its table."), "ok")
        return redirect(url_for("games.game", token=token))
    wanted = (form.table.data or "").strip().rstrip("/").rsplit("/", 1)[-1]
    found = repo.by_token(get_session(), wanted)
    if found is None:
        flash(_("No table at this link: paste the table's link, or pick one of yours."), "error")
    else:
        repo.move_game(get_session(), loaded.row, found)
        remember(found.token)
        flash(_("The game is in the table now."), "ok")
    return redirect(url_for("games.game", token=token))
