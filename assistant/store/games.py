"""The game repository: create, read, replace one city (optimistically), lock.

A city is replaced only when the caller read the version stored now; otherwise
:class:`StaleCity` is raised and nothing changes. Each city has its own version, so two
phones entering two different cities never conflict.

Every write starts with one statement on the game's row, ``UPDATE games SET version =
version + 1 WHERE id = ? AND NOT locked``, in the same transaction as the versioned city
writes. It both checks the lock and takes the game's row lock (PostgreSQL) or the
database's write lock (SQLite), so a save and a lock are strictly ordered: a save that
started before the host locked the game either commits before the lock or is refused with
:class:`GameLocked`, never committed after it. Because every change bumps the game's
version, ``(version, locked)`` alone fingerprints the stored game: :func:`state_of`
answers a poll's ETag from one indexed row, without loading the cities.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from enum import Enum
from typing import Any, Final, Literal, cast

from sqlalchemy import CursorResult, Result, bindparam, false, or_, select, update
from sqlalchemy.orm import InstrumentedAttribute, Session, selectinload

from ..rules.text import squeeze
from .models import CityRow, GameRow, TableRow, utcnow

TOKEN_BYTES = 18  # 144 bits: unguessable links
MAX_VERSION = 2**31 - 1  # versions are 32-bit integers on PostgreSQL
PLAY_KEYS = ("age", "discard")
"""The game-level During play fields of the game format, kept in ``games.play``."""


class _Keep(Enum):
    """The default of ``play``: leave the game's During play fields as they are."""

    KEEP = "keep"


_KEEP: Final = _Keep.KEEP
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
_UNSAFE_IN_TITLE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


class StaleCity(Exception):
    """The city changed since it was read: the save is refused."""

    def __init__(self, seat: int, current_version: int) -> None:
        super().__init__(f"city {seat} is at version {current_version}")
        self.seat = seat
        self.current_version = current_version


class StalePlay(Exception):
    """The game's age or discard pile changed since the phone read them."""

    def __init__(self, current_version: int) -> None:
        super().__init__(current_version)
        self.current_version = current_version


class GameLocked(Exception):
    """The host locked the game: nothing more changes."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def is_token(token: str) -> bool:
    """True when ``token`` could be a game link's token (letters, digits, - and _).

    Anything else (a NUL, which PostgreSQL refuses in a query, a slash, 5 KB of text) is
    not looked up at all: no game has it.
    """
    return _TOKEN.fullmatch(token) is not None


def clean_title(title: str | None) -> str | None:
    """A title as stored: control characters and lone surrogates dropped, at most 80 characters."""
    if title is None:
        return None
    title = squeeze(_UNSAFE_IN_TITLE.sub("", title))[:80]
    return title or None


def create_game(
    session: Session,
    game: dict[str, Any],
    *,
    mode: str = "cards",
    title: str | None = None,
    language: str | None = None,
    table_id: int | None = None,
    created_at: datetime | None = None,
    imported_at: datetime | None = None,
) -> GameRow:
    """Store a game given in the game format (already checked by the caller), in a table
    when ``table_id`` is given (``created_at``: when it was played, for an import;
    ``imported_at``: when it was imported from a file, None for a game entered here)."""
    now = utcnow()
    row = GameRow(
        edit_token=new_token(),
        view_token=new_token(),
        edition=game.get("edition", 1),
        expansions=list(game["expansions"]) if game.get("expansions") else None,
        mode=mode,
        title=clean_title(title),
        language=language,
        locked=False,
        version=1,
        created_at=created_at or now,
        updated_at=now,
        table_id=table_id,
        imported_at=imported_at,
    )
    row.play = play_of(game)
    row.play_version = 1
    row.cities = [
        CityRow(seat=i, data=city, version=1, updated_at=now) for i, city in enumerate(game["cities"])
    ]
    session.add(row)
    if table_id is not None:
        session.execute(
            update(TableRow)
            .where(TableRow.id == table_id)
            .values(version=TableRow.version + 1)
            .execution_options(synchronize_session=False)
        )
    session.commit()
    return row


def _load(session: Session, column: InstrumentedAttribute[str], token: str) -> GameRow | None:
    if not is_token(token):
        return None
    stmt = select(GameRow).where(column == token).options(selectinload(GameRow.cities))
    return session.execute(stmt).scalar_one_or_none()


def by_edit_token(session: Session, token: str) -> GameRow | None:
    return _load(session, GameRow.edit_token, token)


def by_view_token(session: Session, token: str) -> GameRow | None:
    return _load(session, GameRow.view_token, token)


def by_any_token(session: Session, token: str) -> tuple[GameRow | None, bool]:
    """The game for an edit or a view token, and whether the token allows editing."""
    row = by_edit_token(session, token)
    if row is not None:
        return row, True
    return by_view_token(session, token), False


_STATE = select(GameRow.id, GameRow.version, GameRow.locked, GameRow.edit_token).where(
    or_(GameRow.edit_token == bindparam("token"), GameRow.view_token == bindparam("token"))
)
"""A poll's one indexed row (:func:`state_of`)."""


def state_of(session: Session, token: str) -> tuple[int, str, bool] | None:
    """For a poll: the game's id, its :func:`state_version` and whether the token edits.

    One indexed row, no cities: enough to answer 304 Not Modified.
    """
    if not is_token(token):
        return None
    # Core, not the ORM: a plain row is all a poll needs, and the statement is built once.
    found = session.connection().execute(_STATE, {"token": token}).first()
    session.rollback()  # end the read at once: a poll holds nothing open
    if found is None:
        return None
    return found.id, _state(found.version, found.locked), found.edit_token == token


def play_of(game: dict[str, Any]) -> dict[str, Any] | None:
    """A game's During play fields (``age``, ``discard``) as stored, or None without them."""
    play = {key: game[key] for key in PLAY_KEYS if game.get(key) not in (None, [])}
    return play or None


def game_dict(row: GameRow) -> dict[str, Any]:
    """The stored game in the game format (with its expansions and the During play fields
    when given)."""
    return game_format(row.edition, row.expansions, row.play, [c.data for c in row.cities])


def game_format(
    edition: int,
    expansions: list[str] | None,
    play: dict[str, Any] | None,
    cities: list[dict[str, Any]],
) -> dict[str, Any]:
    """A game in the game format from its stored columns and its cities' data, in seat order."""
    head: dict[str, Any] = {"edition": edition}
    if expansions:
        head["expansions"] = list(expansions)
    return {**head, **(play or {}), "cities": [dict(c) for c in cities]}


def _rowcount(result: Result[Any]) -> int:
    """The rows an UPDATE matched. ``Session.execute`` is typed to return a ``Result``; for an
    UPDATE it is a ``CursorResult``, the one that counts them."""
    return cast("CursorResult[Any]", result).rowcount


def _open_game(session: Session, row: GameRow) -> None:
    """Bump the game's version if it is not locked (or raise :class:`GameLocked`).

    The first statement of every write: see the module's docstring.
    """
    result = session.execute(
        update(GameRow)
        .where(GameRow.id == row.id, GameRow.locked == false())
        .values(version=GameRow.version + 1, updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    if _rowcount(result) != 1:
        session.rollback()
        raise GameLocked()


def _write_city(session: Session, city: CityRow, data: dict[str, Any], expected: int, **columns: Any) -> None:
    """Write ``data`` (and any other ``columns`` of the city's row) if the city is still at
    ``expected``, in one statement; StaleCity otherwise."""
    if not 0 < expected <= MAX_VERSION:
        raise StaleCity(city.seat, _current_version(session, city))
    result = session.execute(
        update(CityRow)
        .where(CityRow.id == city.id, CityRow.version == expected)
        .values(data=data, version=CityRow.version + 1, updated_at=utcnow(), **columns)
        .execution_options(synchronize_session=False)
    )
    if _rowcount(result) != 1:
        raise StaleCity(city.seat, _current_version(session, city))


def _current_version(session: Session, city: CityRow) -> int:
    session.rollback()
    version: int = session.execute(select(CityRow.version).where(CityRow.id == city.id)).scalar_one()
    session.rollback()
    return version


@contextmanager
def transaction(session: Session) -> Iterator[None]:
    """One change, all or nothing: committed when the block ends, rolled back when anything
    in it fails (a stale version, the lock, the database) and the error passed on."""
    try:
        yield
        session.commit()
    except BaseException:
        session.rollback()
        raise


def _reread(session: Session, row: GameRow) -> None:
    """Refresh ``row`` and its cities from the database, inside the writing transaction.

    The game's row is locked by then, so this is exactly the state the write produced
    (every city's version and the lock), never an older copy from the session.
    """
    session.execute(
        select(GameRow)
        .where(GameRow.id == row.id)
        .options(selectinload(GameRow.cities))
        .execution_options(populate_existing=True)
    ).scalar_one()


def replace_city(
    session: Session,
    row: GameRow,
    seat: int,
    data: dict[str, Any],
    expected_version: int,
    **columns: Any,
) -> int:
    """Replace one city if it is still at ``expected_version``; return the new version.

    ``row`` is refreshed to the state the write produced (every city, the lock). ``columns``:
    other columns of the city's row written with it (``other_entry``, :func:`switch_entry`).
    """
    city = next((c for c in row.cities if c.seat == seat), None)
    if city is None:
        raise KeyError(seat)
    with transaction(session):
        _open_game(session, row)
        _write_city(session, city, data, expected_version, **columns)
        _reread(session, row)
    return expected_version + 1


def switch_entry(
    session: Session,
    row: GameRow,
    seat: int,
    data: dict[str, Any],
    other_entry: dict[str, Any] | None,
    expected_version: int,
) -> int:
    """Enter one city the other way (cards or the pad's numbers): its new data, and what it
    held the first way, kept to switch back, if it is still at ``expected_version``; return
    the new version (``row`` refreshed, as :func:`replace_city`)."""
    return replace_city(session, row, seat, data, expected_version, other_entry=other_entry)


def replace_cities(
    session: Session,
    row: GameRow,
    changes: dict[int, tuple[dict[str, Any], int]],
    *,
    conflicts: dict[str, Any] | None = None,
    play: dict[str, Any] | Literal[_Keep.KEEP] | None = _KEEP,
) -> None:
    """Replace several cities at once (end of an age), all or none, each version-checked.

    ``conflicts`` (each resolved age's shields and tokens) and ``play`` (the age being
    played, moved on) are written in the same transaction: a failure anywhere leaves
    neither the tokens nor their record, so the host's retry hands the tokens out once.
    """
    by_seat = {c.seat: c for c in row.cities}
    with transaction(session):
        _open_game(session, row)
        for seat, (data, expected) in sorted(changes.items()):
            _write_city(session, by_seat[seat], data, expected)
        values: dict[str, Any] = {}
        if conflicts is not None:
            values["conflicts"] = conflicts
        if play is not _KEEP:
            values.update(play=play or None, play_version=GameRow.play_version + 1)
        if values:
            session.execute(
                update(GameRow)
                .where(GameRow.id == row.id)
                .values(**values)
                .execution_options(synchronize_session=False)
            )
        _reread(session, row)


def hand_out_age(
    session: Session,
    row: GameRow,
    changes: dict[int, tuple[dict[str, Any], int]],
    conflicts: dict[str, Any],
    *,
    ages: int = 3,
) -> None:
    """The end of an age: every city's new tokens and the age's record, in one transaction.

    A game that says the age being played moves on to the next (after the last, the game is
    over: the age is dropped)."""
    play: dict[str, Any] | Literal[_Keep.KEEP] | None = _KEEP
    current = (row.play or {}).get("age")
    ended = max((int(a) for a in conflicts if str(a).isdigit()), default=0)
    if current is not None and ended >= current:
        play = {k: v for k, v in (row.play or {}).items() if k != "age"}
        if ended < ages:
            play["age"] = ended + 1
    replace_cities(session, row, changes, conflicts=conflicts, play=play)


def set_locked(
    session: Session,
    row: GameRow,
    locked: bool = True,
    *,
    record: tuple[dict[str, Any], dict[str, Any]] | None = None,
) -> None:
    """Lock (or open again) the game; ``row`` is refreshed.

    ``record`` (the summary and the whole sheet, when locking) is kept with the lock in
    one transaction: the game's final scores as they were then. Opening the game again
    drops it. The game's table, if any, is told (its statistics change)."""
    now = utcnow()
    summary, snapshot = record if locked and record is not None else (None, None)
    with transaction(session):
        session.execute(
            update(GameRow)
            .where(GameRow.id == row.id)
            .values(
                locked=locked,
                version=GameRow.version + 1,
                updated_at=now,
                summary=summary,
                snapshot=snapshot,
                locked_at=now if locked else None,
            )
            .execution_options(synchronize_session=False)
        )
        if row.table_id is not None:
            session.execute(
                update(TableRow)
                .where(TableRow.id == row.table_id)
                .values(version=TableRow.version + 1)
                .execution_options(synchronize_session=False)
            )
        _reread(session, row)


def set_play(session: Session, row: GameRow, play: dict[str, Any] | None, expected_version: int) -> int:
    """Replace the game's ``age`` and ``discard`` if they are still at ``expected_version``
    (else :class:`StalePlay`); refused once locked (:class:`GameLocked`). Returns the new version."""
    if not 0 < expected_version <= MAX_VERSION:
        raise StalePlay(row.play_version)
    with transaction(session):
        _open_game(session, row)
        result = session.execute(
            update(GameRow)
            .where(GameRow.id == row.id, GameRow.play_version == expected_version)
            .values(play=play or None, play_version=GameRow.play_version + 1)
            .execution_options(synchronize_session=False)
        )
        if _rowcount(result) != 1:
            session.rollback()
            current = session.execute(select(GameRow.play_version).where(GameRow.id == row.id)).scalar_one()
            session.rollback()
            raise StalePlay(current)
        _reread(session, row)
    return expected_version + 1


def _state(version: int, locked: bool) -> str:
    return f"{version}-{'L' if locked else 'U'}"


def state_version(row: GameRow) -> str:
    """A short fingerprint of everything stored about the game (for polling and ETags)."""
    return _state(row.version, row.locked)
