"""Tables: the people who play together, their games' history, statistics, export and import.

A service beside :mod:`assistant.stats`, with no web framework: every function takes the
database session and the caches (:class:`TableCaches`, one per app, which the web app keeps
on ``app.extensions["tables"]``), so the command line, a test or a script can use it as the
web pages do. Only locked games count in the statistics, from the record kept when they
were locked. Messages for a person (:class:`ImportRefused`) are texts to translate
(:class:`~assistant.rules.text.Text`), rendered by the caller in the reader's language.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any, NamedTuple

from sqlalchemy.orm import Session

from .bgstats import play_of
from .lru import Lru
from .rules import scoring
from .rules.errors import GameFormatError
from .rules.gameio import game_to_dict, parse_game, sheet_to_dict, unsafe_text
from .rules.model import Game
from .rules.text import N_, Text, squeeze
from .stats import (
    EVERY_GAME,
    Chosen,
    GameSummary,
    PlayerStats,
    TableStats,
    may_have_teams,
    player_key,
    read_summary,
    scored_cities,
    summary_of,
    table_stats,
    with_teams,
)
from .store import games as store
from .store import tables as repo
from .store.models import TableRow, utcnow

__all__ = [
    "MAX_IMPORT", "History", "ImportRefused", "Imported", "NamesChanged", "TableCaches", "export_of",
    "find_player", "history", "import_into", "matching", "moved_on", "name_player", "record_of",
    "scores_of", "shown_name", "spelled", "spellings_of", "stats_of", "usual_players",
    "usual_seats", "utc", "utc_moment",
]  # fmt: skip

CACHE_SIZE = 64
"""Tables whose history and statistics a process keeps."""
RECORDS_KEPT = 20_000
"""Locked games' records a process keeps, read once each."""
SCORES_KEPT = 5_000
"""Open games' scores a process keeps, by version (an import's games are open)."""
MAX_IMPORT = 5000
"""The most games one import stores."""


@dataclass(frozen=True)
class TableCaches:
    """What a process keeps of its tables, shared by its threads (each cache holds a lock).

    ``stats``: the statistics by (table, version, filters); ``histories``: each table's games
    by (table, version); ``records``: each locked game's kept record, as stored and as read,
    by (table, game, creation, lock time). A record never changes while its game stays locked
    (opening the game drops it, locking it again keeps a new one at a new time), so the key
    is what the database says and every process may keep its own copy: a table's change
    reads only the records not met before. ``scores``: each open game's cities scored, by
    (table, game, version): every change to a game moves its version on, so an export scores
    again only the games changed since the last. (The table's token, unique everywhere, keeps
    two databases served by one process apart, as the tests do.)"""

    stats: Lru[tuple[Any, ...], TableStats] = field(default_factory=lambda: Lru(CACHE_SIZE))
    histories: Lru[tuple[str, int], History] = field(default_factory=lambda: Lru(CACHE_SIZE))
    records: Lru[tuple[str, int, datetime, datetime | None], tuple[dict[str, Any], GameSummary]] = field(
        default_factory=lambda: Lru(RECORDS_KEPT)
    )
    scores: Lru[tuple[str, int, int], list[dict[str, Any]]] = field(default_factory=lambda: Lru(SCORES_KEPT))

    def clear(self) -> None:
        """Forget everything (a process that has read nothing yet)."""
        for cache in (self.stats, self.histories, self.records, self.scores):
            cache.clear()


@dataclass(frozen=True)
class History:
    """A table's games: the locked ones' records, every game's line, and the names."""

    table: TableRow
    lines: list[repo.GameLine]
    records: list[GameSummary]
    names: dict[str, str]

    @property
    def open_games(self) -> list[repo.GameLine]:
        return [line for line in self.lines if not line.locked]


def record_of(game: Game) -> tuple[dict[str, Any], dict[str, Any]]:
    """What a locked game keeps: the summary the statistics read (``pad``: some city was
    entered with the pad's numbers), and the whole sheet (its explanations in English, as the
    JSON API gives them)."""
    sheet = sheet_to_dict(scoring.score_game(game))  # looked up at each call: the rules' own
    pad = any(city.is_pad_entry for city in game.cities)
    return summary_of(sheet, pad=pad, teams=[c.team for c in game.cities]), sheet


def _read(data: dict[str, Any]) -> Game | None:
    try:
        return parse_game(data)
    except GameFormatError:
        return None


def history(session: Session, table: TableRow, caches: TableCaches) -> History:
    """The table's games in one query; a game locked before records were kept gets its record
    now (scored once, then kept). Cached per table state: a game joining, leaving, locked or
    opened again, or a name changed, moves the table's version on."""
    key = (table.token, table.version)
    cached = caches.histories.get(key)
    if cached is not None:
        return History(table, cached.lines, cached.records, cached.names)
    past = _read_history(session, table, caches)
    caches.histories.put(key, past)
    return past


def _read_history(session: Session, table: TableRow, caches: TableCaches) -> History:
    lines, records = _games_and_records(session, table, caches)
    missing = [line for line in lines if line.locked and line.summary is None]
    if missing:
        kept = {}
        for line in missing:
            row = store.by_edit_token(session, line.edit_token)
            game = _read(store.game_dict(row)) if row is not None else None
            if game is not None:
                kept[line.id] = record_of(game)
        repo.backfill_records(session, kept)
        lines, records = _games_and_records(session, table, caches)
    return History(table, lines, records, repo.names_of(session, table))


def _games_and_records(
    session: Session, table: TableRow, caches: TableCaches
) -> tuple[list[repo.GameLine], list[GameSummary]]:
    """The table's games, each locked one with its record, and the records, in the games'
    order; only the records not met before are read from the database."""
    lines = repo.games_of(session, table)
    kept = {
        line.id: caches.records.get((table.token, line.id, line.created_at, line.locked_at))
        for line in lines
        if line.locked
    }
    unknown = [game for game, record in kept.items() if record is None]
    if unknown:
        rows = [row for row in repo.summaries_of(session, unknown) if row.summary is not None]
        teams = _teams_kept_apart(session, rows)
        for row in rows:
            summary = teams.get(row.id) or row.summary or {}
            # Filed under the times read with it: had the game been opened and locked
            # again since its line was read, the record is the newer one, and says so.
            fresh = (summary, read_summary(row.id, row.created_at.date(), summary))
            caches.records.put((table.token, row.id, row.created_at, row.locked_at), fresh)
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


def _teams_kept_apart(session: Session, rows: Sequence[repo.KeptRecord]) -> dict[int, dict[str, Any]]:
    """The records kept before records held the teams (issue 43) of games that may have been
    played in teams, with the teams of the score sheet kept with each at its lock (read for
    those games only, once per process: the record is kept in ``caches.records``). The stored
    record is not changed."""
    older = [row for row in rows if row.summary is not None and may_have_teams(row.summary)]
    if not older:
        return {}
    sheets = repo.sheets_of(session, [row.id for row in older])
    return {row.id: with_teams(row.summary, sheets.get(row.id)) for row in older if row.summary is not None}


def stats_of(past: History, caches: TableCaches, chosen: Chosen = EVERY_GAME) -> TableStats:
    """The statistics of the games ``chosen``, cached per table state and choice (a table's
    version moves on with every change that matters to them)."""
    key = (past.table.token, past.table.version, chosen)  # tokens are unique
    cached = caches.stats.get(key)
    if cached is not None:
        return cached
    stats = table_stats(past.records, past.names, chosen)
    caches.stats.put(key, stats)
    return stats


def usual_seats(session: Session, table: TableRow, caches: TableCaches) -> list[str]:
    """The players of the table's latest game, in their seats (a table often sits the same)."""
    lines = history(session, table, caches).lines
    if not lines:
        return []
    latest = lines[0]
    if latest.summary is not None:
        cities = latest.summary["cities"]
    else:
        row = store.by_edit_token(session, latest.edit_token)
        cities = [c.data for c in row.cities] if row is not None else []
    names = repo.names_of(session, table)
    return [shown_name(str(c.get("player", "")), names) for c in cities if not c.get("free_city")]


def usual_players(session: Session, table: TableRow, caches: TableCaches) -> list[str]:
    """Everyone who played at the table, the most regular first (for the new-game form)."""
    return [p.name for p in stats_of(history(session, table, caches), caches).players]


# --- players' names ------------------------------------------------------------------------------


def shown_name(name: str, names: dict[str, str]) -> str:
    """A name as the table shows it (after its merges and renames)."""
    return names.get(player_key(name), name)


def spelled(past: History, key: str) -> set[str]:
    """The spellings of one player's name in the table's games."""
    out = set()
    for record in past.records:
        for seat in record.seats:
            if player_key(shown_name(seat.name, past.names)) == key:
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
    keys = {player_key(name) for name in spelled(past, key)}
    keys |= {k for k, name in past.names.items() if player_key(name) == key}
    keys.add(key)
    return sorted(keys)


class NamesChanged(Exception):
    """Another phone changed a name a change was decided from: nothing was changed, and the
    message says what the other phone did."""

    def __init__(self, message: Text) -> None:
        super().__init__(str(message))
        self.message = message


def name_player(session: Session, past: History, key: str, name: str, *, into: str | None = None) -> None:
    """Show every spelling of the player ``key`` as ``name``: a rename, or with ``into`` (the
    key of the player whose name ``name`` is) a merge into that player.

    Decided from ``past``, and done only if neither player's names changed since it was read
    (checked under the table's lock): two phones renaming one player, or merging A into B
    while B is merged into A, end with the first change made and the second refused with
    :class:`NamesChanged`, never a name lost or two names swapped."""
    keys = spellings_of(past, key)
    targets = spellings_of(past, into) if into is not None else []
    read = {k: past.names.get(k) for k in [*keys, *targets]}
    try:
        repo.set_names(session, past.table, [(k, name) for k in keys], read=read)
    except repo.NameChanged as exc:
        whose = keys if exc.key in keys else targets
        now = exc.now or _typed_as(past, exc.key)
        # Merged when the name now shown is another player's, as this change saw them.
        others = {
            player_key(shown_name(seat.name, past.names))
            for record in past.records
            for seat in record.seats
            if player_key(seat.name) not in whose
        }
        before = past.names.get(exc.key) or _typed_as(past, exc.key)
        raise NamesChanged(_changed(before, now, merged=player_key(now) in others)) from None


def moved_on(past: History, stats: TableStats, asked: Sequence[str | None]) -> Text | None:
    """What happened to a player a change names (a player's key) that the table no longer
    has: another phone merged or renamed them after this phone's page was read. None when
    every player asked for is here, or was never at the table."""
    for key in asked:
        if not key or stats.player(key) is not None or key not in past.names:
            continue
        now = past.names[key]
        typed = {player_key(seat.name) for record in past.records for seat in record.seats}
        merged = player_key(now) != key and player_key(now) in typed  # a name typed in games
        return _changed(_typed_as(past, key), now, merged=merged)
    return None


def _changed(before: str, now: str, *, merged: bool) -> Text:
    if merged:
        return N_(
            "{name} was just merged into {other} by someone else: nothing changed.", name=before, other=now
        )
    return N_("{name} was just renamed to {new} by someone else: nothing changed.", name=before, new=now)


def _typed_as(past: History, key: str) -> str:
    """A spelling of the key as typed in the table's games (the key itself if none is)."""
    for record in past.records:
        for seat in record.seats:
            if player_key(seat.name) == key:
                return seat.name
    return key


# --- the games' list ----------------------------------------------------------------------------


def scores_of(
    session: Session, table: TableRow, lines: Sequence[repo.GameLine], caches: TableCaches
) -> dict[int, list[dict[str, Any]]]:
    """Each game's cities with their totals, by the game's id, each with ``won`` (ranked
    first, or a member of a winning team: :func:`~.stats.seat_wins`) and, in a team game, its
    ``team``: the record of a locked game; an open game scored once per version (kept in
    ``caches.scores``), the games not met yet read all at once (a few queries, never two a
    game: the CSV of 800 imported games, all open, made 1,600 and scored every game at every
    export)."""
    out = {line.id: scored_cities(line.summary) for line in lines if line.summary is not None}
    unscored = [line for line in lines if line.summary is None]
    versions = repo.versions_of(session, [line.id for line in unscored])
    for line in unscored:
        kept = caches.scores.get((table.token, line.id, versions.get(line.id, 0)))
        if kept is not None:
            out[line.id] = list(kept)
    unread = [line for line in unscored if line.id not in out]
    stored = repo.games_by_id(session, [line.id for line in unread])
    for line in unread:
        found = stored.get(line.id)
        game = _read(found.game) if found is not None else None
        cities = scored_cities(record_of(game)[0]) if game is not None else []
        if found is not None:
            caches.scores.put((table.token, line.id, found.version), cities)
        out[line.id] = list(cities)
    return out


def matching(session: Session, past: History, q: str, chosen: Chosen = EVERY_GAME) -> list[repo.GameLine]:
    """The table's games, newest first, of the games ``chosen`` (as the statistics count
    them: by the day each was played), with ``q`` in a player's name or the title."""
    players = _entered_as(session, past.lines) if q or chosen.players is not None else {}
    return [line for line in past.lines if _shown(line, q, chosen, past.names, players)]


def games_of(session: Session, past: History, key: str, chosen: Chosen = EVERY_GAME) -> list[repo.GameLine]:
    """The games one player (``key``, after the table's merges and renames) sat in, newest
    first, of the games ``chosen``; open games included."""
    players = _entered_as(session, past.lines)
    out = []
    for line in past.lines:
        if not _shown(line, "", chosen, past.names, players):
            continue
        if any(player_key(shown_name(p, past.names)) == key for p in players[line.id]):
            out.append(line)
    return out


def _shown(
    line: repo.GameLine, q: str, chosen: Chosen, names: dict[str, str], players: dict[int, list[str]]
) -> bool:
    """Whether the list shows a game: one of those chosen, with ``q`` in its title or a
    player's name (``players``: each game's, the Free City left out; needed for ``q`` and a
    number of players)."""
    size = len(players[line.id]) if chosen.players is not None else None
    if not chosen.admits(line.created_at.date(), line.edition, line.expansions or (), size):
        return False
    if not q:
        return True
    wanted = player_key(q)
    if line.title and wanted in player_key(line.title):
        return True
    return any(
        wanted in player_key(p) or wanted in player_key(shown_name(p, names)) for p in players[line.id]
    )


def _entered_as(session: Session, lines: Sequence[repo.GameLine]) -> dict[int, list[str]]:
    """The names each game's players were entered under (the Free City is not one), by the
    game's id: its record's when locked, else as stored (the open games read all at once,
    not one by one)."""
    out = {
        line.id: [c["player"] for c in line.summary["cities"] if not c.get("free_city")]
        for line in lines
        if line.summary
    }
    stored = repo.games_by_id(session, [line.id for line in lines if not line.summary])
    for line in lines:
        if line.id not in out:
            found = stored.get(line.id)
            cities = found.game["cities"] if found else []
            out[line.id] = [str(c.get("player", "")) for c in cities if not c.get("free_city")]
    return out


# --- export and import --------------------------------------------------------------------------


class ImportRefused(Exception):
    """A file that cannot be imported: the message says which game and why."""

    def __init__(self, message: Text) -> None:
        super().__init__(str(message))
        self.message = message


class Imported(NamedTuple):
    """What an import did: the games stored, and those the table already had."""

    imported: int
    already_here: int


def export_of(
    session: Session, table: TableRow, caches: TableCaches, board: Callable[[str], str]
) -> dict[str, Any]:
    """The table's games, oldest first: each in the game format, with its date, title, lock,
    record (the scores kept when it was locked) and its play for BG Stats (:mod:`.bgstats`;
    ``board``: a read-only token's scoreboard link) and, for a game imported from a file, when."""
    past = history(session, table, caches)
    stored = repo.games_by_id(session, [line.id for line in past.lines])  # a few queries, not two a game
    games = []
    for line in sorted(past.lines, key=lambda line: (line.created_at, line.id)):
        if line.id not in stored:
            continue
        entry: dict[str, Any] = {
            "game": stored[line.id].game,
            "played_on": line.created_at.date().isoformat(),
            "title": line.title,
            "locked": line.locked,
        }
        if line.summary is not None:
            entry["record"] = line.summary
            if line.locked:  # the same play as the pages' "Send to BG Stats" link
                entry["bgstats"] = play_of(
                    line.summary, line.created_at, board(line.view_token), line.view_token
                )
        if line.imported_at is not None:  # an import marks its games again: see import_into
            entry["imported_at"] = utc_moment(line.imported_at)
        games.append(entry)
    return {"table": table.name, "names": past.names, "games": games}


def utc(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite gives the UTC time back without its zone, PostgreSQL in
    the connection's time zone)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)


def utc_moment(moment: datetime) -> str:
    """A stored time in RFC 3339, in UTC."""
    return utc(moment).isoformat()


def _content(game: dict[str, Any]) -> str:
    """A game's content, to know it again: the game format, keys sorted."""
    return json.dumps(game, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _known_games(session: Session, table: TableRow) -> tuple[set[str], set[tuple[str, date]]]:
    """The contents of the table's games, alone and with the day each was played. A stored
    game is read as the format reads it (as an imported game is), so the same game is the
    same text whatever wrote it."""
    contents: set[str] = set()
    dated: set[tuple[str, date]] = set()
    for created_at, data in repo.stored_games(session, table):
        with suppress(GameFormatError):  # a game today's rules do not read: known as stored
            data = game_to_dict(parse_game(data))
        content = _content(data)
        contents.add(content)
        dated.add((content, created_at.date()))
    return contents, dated


class _Entry(NamedTuple):
    game: Game
    played: date | None
    title: str | None
    locked: bool
    record: dict[str, Any] | None


def _entries(data: Any) -> tuple[list[Any], Any]:
    """The entries of an import (the table's export, a list of games, or one game) and the
    names it carries."""
    if isinstance(data, dict) and "games" in data:
        entries, names = data["games"], data.get("names") or {}
    elif isinstance(data, list):
        entries, names = data, {}
    else:
        entries, names = [{"game": data}], {}
    if not isinstance(entries, list) or not entries or len(entries) > MAX_IMPORT:
        raise ImportRefused(N_("The file holds no games (or more than {n}).", n=MAX_IMPORT))
    return entries, names


def _entry(index: int, entry: Any) -> _Entry:
    """One entry of an import, read and checked (ImportRefused names the game and the field)."""
    if not isinstance(entry, dict):
        raise ImportRefused(N_("Game {n} is not a JSON object.", n=index + 1))
    raw = entry.get("game", entry) if "game" in entry else entry
    try:
        game = parse_game(raw)
    except GameFormatError as exc:
        raise ImportRefused(
            N_("Game {n}: {field}: {message}", n=index + 1, field=exc.field, message=exc.message)
        ) from None
    played = _day(index, entry.get("played_on"))
    title = entry.get("title") if _kept(entry.get("title"), 80) else None
    record = entry.get("record") if _is_record(entry.get("record")) else None
    return _Entry(game, played, title, entry.get("locked") is True, record)


FIRST_DAY = date(2010, 1, 1)
"""No game of 7 Wonders was played before the game was published (2010)."""


def _day(index: int, value: Any) -> date | None:
    """The day an entry says it was played (none: today); refused, naming the game, when it
    is not a day of the ISO calendar between 2010 and tomorrow (a table's time zone)."""
    if value is None or value == "":
        return None
    try:
        day = date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        day = None
    if day is None or not FIRST_DAY <= day <= date.today() + timedelta(days=1):
        raise ImportRefused(
            N_(
                "Game {n}: played_on: a day between {first} and today, as {example}.",
                n=index + 1,
                first=FIRST_DAY.isoformat(),
                example=date.today().isoformat(),
            )
        )
    return day


def import_into(session: Session, table: TableRow, data: Any) -> Imported:
    """Store each game of ``data`` (the table's export, a list of games, or one game) in the
    table, all or none; a locked game keeps its record (or is scored now without one).

    A game the table already has (the same game in the game format, and played the same
    day when the file gives the day) is not stored again: importing a file twice, or a
    table's export into a table that holds some of its games, adds each game once. The
    same game twice in one file is stored once.

    Every game stored is marked imported, now: its record, if it has one, came from the file
    and no phone entered it. An ``imported_at`` the file gives (a table's export says which
    of its games were imported) is not taken: a file cannot say a game was imported earlier,
    or entered at a table."""
    entries, names = _entries(data)
    ready = [_entry(index, entry) for index, entry in enumerate(entries)]
    contents, dated = _known_games(session, table)
    today = date.today()
    now = utcnow()
    imported = already_here = 0
    for entry in ready:
        content = _content(game_to_dict(entry.game))
        if (content, entry.played) in dated if entry.played is not None else content in contents:
            already_here += 1
            continue
        contents.add(content)
        dated.add((content, entry.played or today))
        imported += 1
        _store(session, table, entry, now)
    if isinstance(names, dict):
        _keep_names(session, table, names)
    repo.reread(session, table)  # each game moved the table's version on in the database
    return Imported(imported, already_here)


def _store(session: Session, table: TableRow, entry: _Entry, now: datetime) -> None:
    game = entry.game
    pad = any(c.is_pad_entry for c in game.cities)
    when = datetime.combine(entry.played, datetime.min.time()).astimezone() if entry.played else None
    row = store.create_game(
        session,
        game_to_dict(game),
        mode="pad" if pad else "cards",
        title=entry.title,
        table_id=table.id,
        created_at=when,
        imported_at=now,
    )
    if entry.locked:
        kept = record_of(game)
        store.set_locked(session, row, True, record=(entry.record, kept[1]) if entry.record else kept)


def _keep_names(session: Session, table: TableRow, names: dict[Any, Any]) -> None:
    """The names an export carries (merges and renames), where they can be kept."""
    changes = [
        (k, squeeze(v)[:40]) for k, v in names.items() if _kept(k, 160) and _kept(v, 160) and v.strip()
    ]
    if changes:
        repo.set_names(session, table, changes)


def _kept(value: Any, longest: int) -> bool:
    """A text an import may keep: at most ``longest`` characters, none that a page or a
    database cannot keep (NUL, a lone surrogate). Anything else is left out, not stored."""
    return isinstance(value, str) and len(value) <= longest and not unsafe_text(value)


def _is_record(value: Any) -> bool:
    """A record from an export: cities with names, totals, ranks and categories (and in a
    team game, their teams), winners, and the teams' players, totals and ranks if it has them."""
    if not isinstance(value, dict) or not isinstance(value.get("cities"), list):
        return False
    return (
        all(_is_city_record(city) for city in value["cities"])
        and (isinstance(value.get("winners"), list) and all(_kept(w, 160) for w in value["winners"]))
        and ("teams" not in value or _is_teams_record(value["teams"]))
    )


def _is_city_record(city: Any) -> bool:
    return (
        isinstance(city, dict)
        and _kept(city.get("player"), 160)
        and type(city.get("total")) is int
        and (city.get("rank") is None or type(city.get("rank")) is int)
        and isinstance(city.get("categories"), dict)
        and all(_kept(k, 40) and type(v) is int for k, v in city["categories"].items())
        and (city.get("team") is None or _kept(city["team"], 160))
    )


def _is_teams_record(teams: Any) -> bool:
    """A record's ``teams``: each with its name, players, total and rank (null: none)."""
    return isinstance(teams, list) and all(
        isinstance(t, dict)
        and _kept(t.get("team"), 160)
        and isinstance(t.get("players"), list)
        and all(_kept(p, 160) for p in t["players"])
        and type(t.get("total")) is int
        and (t.get("rank") is None or type(t.get("rank")) is int)
        for t in teams
    )
