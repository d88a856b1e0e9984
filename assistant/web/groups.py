"""Tables: groups that play together, their games' history, players and statistics.

A table is created in one tap and lives at an unguessable link (``/t/<token>``), like a
game. Its page lists its games (newest first, searchable by player and date), its
players' statistics and charts; each player has a page. Only locked games count in the
statistics, from the record kept when they were locked (:mod:`assistant.stats`). In the
code a table is a *group* (``GroupRow``), because *table* already names the cities of one
game being entered.
"""

from __future__ import annotations

import csv
import gc
import io
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, NamedTuple

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, abort, flash, redirect, render_template, request, session, url_for
from flask_babel import format_date, format_percent, ngettext
from flask_babel import gettext as _
from sqlalchemy.orm import Session
from werkzeug.wrappers import Response as WerkzeugResponse

from .. import jsonio
from ..rules.catalog import available_editions, catalog_for
from ..rules.gameio import GameFormatError, game_to_dict, parse_game, unsafe_text
from ..stats import (
    GameSummary,
    PlayerStats,
    TableStats,
    WonderStats,
    category_order,
    most_played,
    player_key,
    read_summary,
    table_stats,
)
from ..store import games as store
from ..store import groups as repo
from ..store.models import GroupRow
from . import charts, gamestate
from .db import get_session
from .forms import GroupForm, ImportForm, MoveGameForm, NamesForm
from .i18n import render_text
from .lru import Lru

bp = Blueprint("groups", __name__)

MAX_RECENT_TABLES = 6
PAGE_SIZE = 30
MAX_QUERY = 40
"""The longest search a table's games are searched with (a name, a title)."""
_CACHE_SIZE = 64
_STATS: Lru[tuple[Any, ...], TableStats] = Lru(_CACHE_SIZE)


@dataclass(frozen=True)
class History:
    """A table's games: the locked ones' records, every game's line, and the names."""

    group: GroupRow
    lines: list[repo.GameLine]
    records: list[GameSummary]
    names: dict[str, str]

    @property
    def open_games(self) -> list[repo.GameLine]:
        return [line for line in self.lines if not line.locked]


@contextmanager
def _gc_paused() -> Iterator[None]:
    """No garbage collection while a table's history is read or counted: these build some
    ten thousand small objects that all stay alive, so a full collection in the middle of
    them only walks the whole heap for nothing (it took most of a cold page's time)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def load_group(token: str) -> GroupRow:
    group = repo.by_token(get_session(), token)
    if group is None:
        abort(404)
    return group


_HISTORY: Lru[tuple[str, int], History] = Lru(_CACHE_SIZE)
_RECORDS: Lru[tuple[str, int, datetime, datetime | None], tuple[dict[str, Any], GameSummary]] = Lru(20_000)
"""Each locked game's kept record, as stored and as read, by (table, game, creation, lock
time). A record never changes while its game stays locked (opening the game drops it,
locking it again keeps a new one at a new time), so the key is what the database says and
every process may keep its own copy: a table's change reads only the records not met
before. (The table's token, unique everywhere, keeps two databases served by one process
apart, as the tests do.)"""


def history(group: GroupRow) -> History:
    """The table's games in one query; a game locked before records were kept gets its record
    now (scored once, then kept). Cached per table state: a game joining, leaving, locked or
    opened again, or a name changed, moves the table's version on."""
    key = (group.token, group.version)
    cached = _HISTORY.get(key)
    if cached is not None:
        return History(group, cached.lines, cached.records, cached.names)
    with _gc_paused():
        past = _read_history(group)
    _HISTORY.put(key, past)
    return past


def _read_history(group: GroupRow) -> History:
    session = get_session()
    lines, records = _games_and_records(session, group)
    missing = [line for line in lines if line.locked and line.summary is None]
    if missing:
        kept = {}
        for line in missing:
            row = store.by_edit_token(session, line.edit_token)
            game, _error = gamestate.read(store.game_dict(row)) if row is not None else (None, None)
            if game is not None:
                kept[line.id] = gamestate.record_of(game, line.mode)
        repo.backfill_records(session, kept)
        lines, records = _games_and_records(session, group)
    return History(group, lines, records, repo.names_of(session, group))


def _games_and_records(session: Session, group: GroupRow) -> tuple[list[repo.GameLine], list[GameSummary]]:
    """The table's games, each locked one with its record, and the records, in the games'
    order; only the records not met before (:data:`_RECORDS`) are read from the database."""
    lines = repo.games_of(session, group)
    kept = {
        line.id: _RECORDS.get((group.token, line.id, line.created_at, line.locked_at))
        for line in lines
        if line.locked
    }
    unknown = [game for game, record in kept.items() if record is None]
    if unknown:
        for row in repo.summaries_of(session, unknown):
            if row.summary is not None:
                # Filed under the times read with it: had the game been opened and locked
                # again since its line was read, the record is the newer one, and says so.
                fresh = (row.summary, read_summary(row.id, row.created_at.date(), row.summary))
                _RECORDS.put((group.token, row.id, row.created_at, row.locked_at), fresh)
                kept[row.id] = fresh
    out: list[repo.GameLine] = []
    records: list[GameSummary] = []
    for line in lines:
        record = kept.get(line.id) if line.locked else None
        if record is not None:
            line = line._replace(summary=record[0])
            records.append(record[1])
        out.append(line)
    return out, records


def group_stats(
    past: History, since: date | None = None, until: date | None = None, edition: int | None = None
) -> TableStats:
    """The statistics, cached per table state and filter (a table's version moves on with
    every change that matters to them)."""
    key = (past.group.token, past.group.version, since, until, edition)  # tokens are unique everywhere
    cached = _STATS.get(key)
    if cached is not None:
        return cached
    with _gc_paused():
        stats = table_stats(past.records, past.names, since=since, until=until, edition=edition)
    _STATS.put(key, stats)
    return stats


def remember(token: str) -> None:
    """This phone's tables, newest first (in the encrypted session cookie, as its games)."""
    tokens = [t for t in session.get("tables", []) if t != token]
    session["tables"] = [token, *tokens][:MAX_RECENT_TABLES]


def recent_tables() -> list[GroupRow]:
    out = []
    for token in session.get("tables", []):
        group = repo.by_token(get_session(), token)
        if group is not None:
            out.append(group)
    return out


def _day(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value) if value else None
    except ValueError:
        return None


def _filters() -> tuple[date | None, date | None, int | None]:
    since, until = _day(request.args.get("since")), _day(request.args.get("until"))
    asked = request.args.get("edition", "")
    edition = int(asked) if asked.isdigit() and int(asked) in available_editions() else None
    return since, until, edition


def _absolute(endpoint: str, **values: Any) -> str:
    from .urls import absolute

    return absolute(endpoint, **values)


def usual_seats(group: GroupRow) -> list[str]:
    """The players of the table's latest game, in their seats (a table often sits the same)."""
    lines = history(group).lines
    if not lines:
        return []
    latest = lines[0]
    if latest.summary is not None:
        cities = latest.summary["cities"]
    else:
        row = store.by_edit_token(get_session(), latest.edit_token)
        cities = [c.data for c in row.cities] if row is not None else []
    names = repo.names_of(get_session(), group)
    return [_shown_name(str(c.get("player", "")), names) for c in cities if not c.get("free_city")]


def usual_players(group: GroupRow) -> list[str]:
    """Everyone who played at the table, the most regular first (for the new-game form)."""
    return [p.name for p in group_stats(history(group)).players]


# --- pages -----------------------------------------------------------------------------------------


@bp.post("/t/new")
def new_table() -> WerkzeugResponse:
    """Start a table in one tap (a name can be given later)."""
    form = GroupForm()
    if not form.validate_on_submit():
        abort(400)
    group = repo.create_group(get_session(), form.name.data or None)
    remember(group.token)
    return redirect(url_for("groups.table", token=group.token))


@bp.get("/t/<token>")
def table(token: str) -> str:
    """The table: its link, its games (searchable), its players' statistics and charts."""
    group = load_group(token)
    remember(token)
    past = history(group)
    since, until, edition = _filters()
    stats = group_stats(past, since, until, edition)
    q = (request.args.get("q") or "").strip()[:MAX_QUERY]
    lines = matching(past, q, since, until, edition)
    page = max(1, int(request.args.get("page", "1") or 1)) if request.args.get("page", "1").isdigit() else 1
    shown = lines[(page - 1) * PAGE_SIZE : page * PAGE_SIZE]
    link = _absolute("groups.table", token=token)
    return render_template(
        "groups/table.html",
        group=group,
        stats=stats,
        games=[game_item(line, past.names) for line in shown],
        matching=len(lines),
        page=page,
        pages=max(1, -(-len(lines) // PAGE_SIZE)),
        q=q,
        since=since,
        until=until,
        edition=edition,
        open_count=len(past.open_games),
        link=link,
        name_form=GroupForm(name=group.name),
        charts=_table_charts(stats),
        editions=[(n, catalog_for(n).rules.name) for n in available_editions()],
        percent=_percent,
    )


@bp.get("/t/<token>/qr.svg")
def qr(token: str) -> Response:
    """A QR code of the table's link, for the members to keep."""
    load_group(token)
    image = qrcode.make(
        _absolute("groups.table", token=token), image_factory=qrcode.image.svg.SvgPathFillImage, box_size=10
    )
    buffer = io.BytesIO()
    image.save(buffer)
    return Response(buffer.getvalue(), mimetype="image/svg+xml")


@bp.get("/t/<token>/p/<key>")
def player(token: str, key: str) -> str:
    """One player of the table: their numbers, their totals over time, their categories and
    wonders."""
    group = load_group(token)
    past = history(group)
    since, until, edition = _filters()
    stats = group_stats(past, since, until, edition)
    found = stats.player(key[:160])
    if found is None:
        abort(404)
    return render_template(
        "groups/player.html",
        group=group,
        stats=stats,
        player=found,
        since=since,
        until=until,
        edition=edition,
        charts=_player_charts(found, stats),
        editions=[(n, catalog_for(n).rules.name) for n in available_editions()],
        percent=_percent,
        spellings=spellings_of(past, found.key),
    )


@bp.post("/t/<token>/name")
def rename_table(token: str) -> WerkzeugResponse:
    group = load_group(token)
    form = GroupForm()
    if form.validate_on_submit():
        repo.rename_group(get_session(), group, form.name.data or None)
        flash(_("Saved."), "ok")
    return redirect(url_for("groups.table", token=token))


@bp.route("/t/<token>/players", methods=["GET", "POST"])
def players(token: str) -> str | WerkzeugResponse | tuple[str, int]:
    """Rename a player, or merge two spellings of one player's name."""
    group = load_group(token)
    past = history(group)
    stats = group_stats(past)
    choices = [(p.key, p.name) for p in stats.players]
    form = NamesForm()
    form.player.choices = form.into.choices = [("", "—"), *choices]
    status = 200
    if request.method == "POST":
        if form.validate_on_submit() and form.player.data:
            member_keys = spellings_of(past, form.player.data)
            if form.action.data == "merge" and form.into.data and form.into.data != form.player.data:
                target = next(name for key, name in choices if key == form.into.data)
                repo.set_names(get_session(), group, [(k, target) for k in member_keys])
                flash(
                    _("%(a)s and %(b)s are one player now.", a=_name(choices, form.player.data), b=target),
                    "ok",
                )
                return redirect(url_for("groups.players", token=token))
            new_name = " ".join((form.name.data or "").split())
            if form.action.data == "rename" and new_name:
                repo.set_names(get_session(), group, [(k, new_name) for k in member_keys])
                flash(_("Renamed."), "ok")
                return redirect(url_for("groups.players", token=token))
        form.name.errors = [
            *form.name.errors,
            _("Choose a player, then a new name or the player to merge into."),
        ]
        status = 400
    spellings = {p.key: sorted(_spelled(past, p.key)) for p in stats.players}
    return render_template(
        "groups/players.html", group=group, stats=stats, form=form, spellings=spellings
    ), status


@bp.get("/t/<token>/export.csv")
def export_csv(token: str) -> Response:
    """Every game of the table, one row per city (locked games with their record)."""
    group = load_group(token)
    past = history(group)
    out = io.StringIO()
    writer = csv.writer(out)
    # Every category of the games' editions, in their pads' order (a later edition's own last).
    categories = category_order({line.edition for line in past.lines} or {1})
    writer.writerow(
        [
            "game",
            "date",
            "title",
            "edition",
            "locked",
            "player",
            "free_city",
            "wonder",
            "side",
            "rank",
            "total",
            "coins",
            *categories,
        ]
    )
    for line in sorted(past.lines, key=lambda line: (line.created_at, line.id)):
        for city in _scores_of(line):
            writer.writerow(
                [
                    line.id,
                    line.created_at.date().isoformat(),
                    line.title or "",
                    line.edition,
                    "yes" if line.locked else "no",
                    _shown_name(city["player"], past.names),
                    "yes" if city.get("free_city") else "no",
                    city.get("wonder") or "",
                    city.get("side") or "",
                    city.get("rank") if city.get("rank") is not None else "",
                    city["total"],
                    city.get("coins", 0),
                    *(city["categories"].get(c, "") for c in categories),
                ]
            )
    response = Response(out.getvalue(), mimetype="text/csv; charset=utf-8")
    response.headers["Content-Disposition"] = 'attachment; filename="table-games.csv"'
    return response


@bp.get("/t/<token>/export.json")
def export_json(token: str) -> Response:
    """Every game of the table in the game format, with its date, title and record."""
    group = load_group(token)
    response = Response(jsonio.dumps(export_of(group)), mimetype="application/json")
    response.headers["Content-Disposition"] = 'attachment; filename="table-games.json"'
    return response


@bp.route("/t/<token>/import", methods=["GET", "POST"])
def import_games(token: str) -> str | WerkzeugResponse | tuple[str, int]:
    """Import games into the table: its own export, or games in the game format."""
    group = load_group(token)
    form = ImportForm()
    if form.validate_on_submit():
        raw = (
            form.file.data.read().decode("utf-8", errors="replace")
            if form.file.data
            else form.text.data or ""
        )
        try:
            done = import_into(group, jsonio.loads(raw))
        except jsonio.JSONDecodeError as exc:
            form.text.errors = [
                _("This is not valid JSON (line %(line)d, column %(col)d).", line=exc.lineno, col=exc.colno)
            ]
        except ImportRefused as exc:
            form.text.errors = [exc.message]
        else:
            said = ngettext("%(num)d game imported.", "%(num)d games imported.", done.imported)
            if done.already_here:
                said += " " + ngettext(
                    "%(num)d game was already at this table: not imported again.",
                    "%(num)d games were already at this table: not imported again.",
                    done.already_here,
                )
            flash(said, "ok")
            return redirect(url_for("groups.table", token=token))
        return render_template("groups/import.html", group=group, form=form), 400
    return render_template("groups/import.html", group=group, form=form), (
        400 if request.method == "POST" else 200
    )


@bp.post("/g/<token>/table")
def move_game(token: str) -> WerkzeugResponse:
    """Put a game in a table (by the table's link or token), or take it out."""
    loaded = gamestate.load(token, edit=True)
    form = MoveGameForm()
    if form.validate_on_submit():
        if form.leave.data:
            repo.move_game(get_session(), loaded.row, None)
            flash(_("The game left its table."), "ok")
        else:
            wanted = (form.table.data or "").strip().rstrip("/").rsplit("/", 1)[-1]
            group = repo.by_token(get_session(), wanted)
            if group is None:
                flash(_("No table at this link: paste the table's link, or pick one of yours."), "error")
            else:
                repo.move_game(get_session(), loaded.row, group)
                remember(group.token)
                flash(_("The game is in the table now."), "ok")
    return redirect(url_for("games.game", token=token))


# --- import and export -----------------------------------------------------------------------------


class ImportRefused(Exception):
    """A file that cannot be imported: the message says which game and why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def export_of(group: GroupRow) -> dict[str, Any]:
    """The table's games, oldest first: each in the game format, with its date, title, lock
    and record (the scores kept when it was locked)."""
    past = history(group)
    games = []
    for line in sorted(past.lines, key=lambda line: (line.created_at, line.id)):
        row = store.by_edit_token(get_session(), line.edit_token)
        if row is None:
            continue
        entry: dict[str, Any] = {
            "game": store.game_dict(row),
            "played_on": line.created_at.date().isoformat(),
            "title": line.title,
            "locked": line.locked,
        }
        if line.summary is not None:
            entry["record"] = line.summary
        games.append(entry)
    return {"table": group.name, "names": past.names, "games": games}


MAX_IMPORT = 5000


class Imported(NamedTuple):
    """What an import did: the games stored, and those the table already had."""

    imported: int
    already_here: int


def _content(game: dict[str, Any]) -> str:
    """A game's content, to know it again: the game format, keys sorted."""
    return json.dumps(game, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _known_games(group: GroupRow) -> tuple[set[str], set[tuple[str, date]]]:
    """The contents of the table's games, alone and with the day each was played. A stored
    game is read as the format reads it (as an imported game is), so the same game is the
    same text whatever wrote it."""
    contents: set[str] = set()
    dated: set[tuple[str, date]] = set()
    for created_at, data in repo.stored_games(get_session(), group):
        with suppress(GameFormatError):  # a game today's rules do not read: known as stored
            data = game_to_dict(parse_game(data))
        content = _content(data)
        contents.add(content)
        dated.add((content, created_at.date()))
    return contents, dated


def import_into(group: GroupRow, data: Any) -> Imported:
    """Store each game of ``data`` (the table's export, a list of games, or one game) in the
    table, all or none; a locked game keeps its record (or is scored now without one).

    A game the table already has (the same game in the game format, and played the same
    day when the file gives the day) is not stored again: importing a file twice, or a
    table's export into a table that holds some of its games, adds each game once. The
    same game twice in one file is stored once."""
    if isinstance(data, dict) and "games" in data:
        entries = data["games"]
        names = data.get("names") or {}
    elif isinstance(data, list):
        entries, names = data, {}
    else:
        entries, names = [{"game": data}], {}
    if not isinstance(entries, list) or not entries or len(entries) > MAX_IMPORT:
        raise ImportRefused(_("The file holds no games (or more than %(n)d).", n=MAX_IMPORT))
    ready = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise ImportRefused(_("Game %(n)d is not a JSON object.", n=index + 1))
        raw = entry.get("game", entry) if "game" in entry else entry
        try:
            game = parse_game(raw)
        except GameFormatError as exc:
            raise ImportRefused(
                _(
                    "Game %(n)d: %(field)s: %(message)s",
                    n=index + 1,
                    field=exc.field,
                    message=render_text(exc.message),
                )
            ) from None
        played = _day(entry.get("played_on")) if isinstance(entry.get("played_on"), str) else None
        title = entry.get("title") if _kept(entry.get("title"), 80) else None
        record = entry.get("record") if _is_record(entry.get("record")) else None
        ready.append((game, played, title, entry.get("locked") is True, record))
    session = get_session()
    contents, dated = _known_games(group)
    today = date.today()
    imported = already_here = 0
    for game, played, title, locked, record in ready:
        content = _content(game_to_dict(game))
        if (content, played) in dated if played is not None else content in contents:
            already_here += 1
            continue
        contents.add(content)
        dated.add((content, played or today))
        imported += 1
        pad = any(c.is_pad_entry for c in game.cities)
        when = datetime.combine(played, datetime.min.time()).astimezone() if played else None
        row = store.create_game(
            session,
            game_to_dict(game),
            mode="pad" if pad else "cards",
            title=title,
            group_id=group.id,
            created_at=when,
        )
        if locked:
            kept = gamestate.record_of(game, row.mode)
            store.set_locked(session, row, True, record=(record, kept[1]) if record else kept)
    if isinstance(names, dict):
        changes = [
            (k, " ".join(v.split())[:40])
            for k, v in names.items()
            if _kept(k, 160) and _kept(v, 160) and v.strip()
        ]
        if changes:
            repo.set_names(session, group, changes)
    repo.reread(session, group)  # each game moved the table's version on in the database
    return Imported(imported, already_here)


def _kept(value: Any, longest: int) -> bool:
    """A text an import may keep: at most ``longest`` characters, none that a page or a
    database cannot keep (NUL, a lone surrogate). Anything else is left out, not stored."""
    return isinstance(value, str) and len(value) <= longest and not unsafe_text(value)


def _is_record(value: Any) -> bool:
    """A record from an export: cities with names, totals, ranks and categories."""
    if not isinstance(value, dict) or not isinstance(value.get("cities"), list):
        return False
    for city in value["cities"]:
        if not (
            isinstance(city, dict)
            and _kept(city.get("player"), 160)
            and type(city.get("total")) is int
            and (city.get("rank") is None or type(city.get("rank")) is int)
            and isinstance(city.get("categories"), dict)
            and all(_kept(k, 40) and type(v) is int for k, v in city["categories"].items())
        ):
            return False
    return isinstance(value.get("winners"), list) and all(_kept(w, 160) for w in value["winners"])


# --- helpers for the pages -------------------------------------------------------------------------


def _name(choices: list[tuple[str, str]], key: str) -> str:
    return next((name for k, name in choices if k == key), key)


def _shown_name(name: str, names: dict[str, str]) -> str:
    return names.get(player_key(name), name)


def _spelled(past: History, key: str) -> set[str]:
    """The spellings of one player's name in the table's games."""
    out = set()
    for record in past.records:
        for seat in record.seats:
            if player_key(_shown_name(seat.name, past.names)) == key:
                out.add(seat.name)
    return out


def find_player(stats: TableStats, names: dict[str, str], name: str) -> PlayerStats | None:
    """The player a name (any spelling, or a player's key) stands for."""
    for key in (player_key(names.get(player_key(name)) or name), name):
        found = stats.player(key)
        if found is not None:
            return found
    return None


def spellings_of(past: History, key: str) -> list[str]:
    """The keys of every spelling that shows as this player (to rename or merge them all)."""
    keys = {player_key(name) for name in _spelled(past, key)}
    keys |= {k for k, name in past.names.items() if player_key(name) == key}
    keys.add(key)
    return sorted(keys)


def _scores_of(line: repo.GameLine) -> list[dict[str, Any]]:
    """A game's cities with their totals: the record of a locked game, else scored now."""
    if line.summary is not None:
        return list(line.summary["cities"])
    row = store.by_edit_token(get_session(), line.edit_token)
    game, _error = gamestate.read(store.game_dict(row)) if row is not None else (None, None)
    if game is None:
        return []
    summary, _sheet = gamestate.record_of(game, line.mode)
    return list(summary["cities"])


def game_item(line: repo.GameLine, names: dict[str, str], *, when: bool = True) -> dict[str, Any]:
    """A game as the table lists it: its players best first, the winners, the date in words."""
    cities = [c for c in _scores_of(line) if not c.get("free_city")]
    ranked = sorted(cities, key=lambda c: (c["rank"] is None, c["rank"] or 0, -c["total"]))
    return {
        "line": line,
        "when": format_date(line.created_at, "medium") if when else None,
        "cities": [{**c, "player": _shown_name(c["player"], names)} for c in ranked],
        "winners": [_shown_name(c["player"], names) for c in ranked if c["rank"] == 1],
    }


def matching(
    past: History, q: str, since: date | None, until: date | None, edition: int | None
) -> list[repo.GameLine]:
    """The table's games, newest first, of the period and edition chosen (as the statistics
    count them: by the day each was played), and with ``q`` in a player's name or the title."""
    return [line for line in past.lines if _shown(line, q, since, until, edition, past.names)]


def _shown(
    line: repo.GameLine,
    q: str,
    since: date | None,
    until: date | None,
    edition: int | None,
    names: dict[str, str],
) -> bool:
    day = line.created_at.date()
    if (since and day < since) or (until and day > until) or (edition and line.edition != edition):
        return False
    if not q:
        return True
    wanted = player_key(q)
    if line.title and wanted in player_key(line.title):
        return True
    players = [c["player"] for c in line.summary["cities"]] if line.summary else _open_players(line)
    return any(wanted in player_key(p) or wanted in player_key(_shown_name(p, names)) for p in players)


def _open_players(line: repo.GameLine) -> list[str]:
    row = store.by_edit_token(get_session(), line.edit_token)
    return [str(c.data.get("player", "")) for c in row.cities] if row is not None else []


def _percent(value: float) -> str:
    return str(format_percent(value, "#,##0%"))


def _totals_chart(series: list[charts.Series], days: list[date]) -> dict[str, Any]:
    """Totals over time (``days``: the games' dates, in the series' order): the chart, and
    what a point stands for when the chart averages spans of games (else nothing)."""
    lines, span = charts.averaged(series)
    return {
        "totals": charts.line_chart(
            lines,
            title=_("Totals over time"),
            first=format_date(days[0], "short") if days else "",
            last=format_date(days[-1], "short") if days else "",
        ),
        "totals_span": ngettext(
            "Each point is the average of %(num)d game.", "Each point is the average of %(num)d games.", span
        )
        if span > 1
        else "",
    }


def _table_charts(stats: TableStats) -> dict[str, Any]:
    """The table page's pictures: totals over time (the most regular players), wonders' win rates."""
    players = stats.players[: charts.SERIES]
    games = sorted({(d, g) for p in players for d, g, _t in p.history})
    index = {g: i for i, (_d, g) in enumerate(games)}
    series = []
    for p in players:
        values: list[int | None] = [None] * len(games)
        for _d, game_id, total in p.history:
            values[index[game_id]] = total
        series.append(charts.Series(p.name, values))
    shares = _shares(stats.categories, stats.category_average)
    return {
        "shares": charts.share_bar(shares, title=_("Where the points come from")),
        "share_rows": shares,
        **_totals_chart(series, [d for d, _g in games]),
        "legend": [(n % charts.SERIES, p.name) for n, p in enumerate(players)],
        "wonders": _wonder_chart(stats.wonder_totals),
        "wonder_rows": _wonder_rows(stats.wonder_totals, stats.wonders),
    }


def _wonder_chart(totals: list[WonderStats]) -> Any:
    """Each wonder's win rate, whichever its side (the sides are in the table below it)."""
    return charts.bar_chart(
        [
            charts.Bar(
                _wonder_label(w.wonder, None),
                w.win_rate,
                _("%(wins)d/%(games)d", wins=w.wins, games=w.games),
            )
            for w in totals[:14]
        ],
        title=_("Win rate by wonder"),
    )


def _wonder_rows(totals: list[WonderStats], sides: Iterable[WonderStats]) -> list[dict[str, Any]]:
    """The wonders' table: each wonder (most played first), then each of its sides."""
    by_wonder: dict[str, list[WonderStats]] = {}
    for side in sides:
        by_wonder.setdefault(side.wonder, []).append(side)
    return [
        {
            "label": _wonder_label(w.wonder, None),
            "stats": w,
            "sides": [
                (_side_label(w.wonder, s.side), s)
                for s in sorted(by_wonder.get(w.wonder, []), key=lambda s: s.side or "")
            ],
        }
        for w in totals
    ]


def _shares(categories: tuple[str, ...], average: Any) -> list[charts.Share]:
    """Each category's average points, named in the page's language, coloured as on the pad."""
    from ..rules.model import Category
    from .templating import category_name

    return [charts.Share(render_text(category_name(Category(c))), average(c), f"cat-{c}") for c in categories]


def _player_charts(p: PlayerStats, stats: TableStats) -> dict[str, Any]:
    shares = _shares(stats.categories, p.category_average)
    totals = sorted(p.wonder_totals.values(), key=most_played)
    return {
        **_totals_chart(
            [charts.Series(p.name, [t for _d, _g, t in p.history])], [d for d, _g, _t in p.history]
        ),
        "shares": charts.share_bar(shares, title=_("Where the points come from")),
        "share_rows": shares,
        "wonders": _wonder_chart(totals),
        "wonder_rows": _wonder_rows(totals, p.wonders.values()),
    }


def _wonder_label(wonder: str, side: str | None) -> str:
    """A wonder side's short name (or the wonder's, side None), as the reference pages write
    it (first edition's names; a wonder only a later edition has is named from it)."""
    for edition in available_editions():
        catalog = catalog_for(edition)
        if catalog.has_wonder(wonder):
            name = catalog.wonder(wonder).short_name
            return f"{name} {render_text(catalog.rules.side_name(side))}" if side else name
    return f"{wonder} {side}" if side else wonder


def _side_label(wonder: str, side: str | None) -> str:
    """A side's name alone, as the edition of the wonder names it ("A", "B")."""
    if side is None:
        return "—"
    for edition in available_editions():
        catalog = catalog_for(edition)
        if catalog.has_wonder(wonder):
            return _("Side %(side)s", side=render_text(catalog.rules.side_name(side)))
    return _("Side %(side)s", side=side)
