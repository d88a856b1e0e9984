"""The game repository: create, read, replace one city (optimistically), lock.

A city is replaced only when the caller read the version stored now; otherwise
:class:`StaleCity` is raised and nothing changes. Each city has its own version, so two
phones entering two different cities never conflict.
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session, selectinload

from .models import CityRow, GameRow, utcnow

TOKEN_BYTES = 18  # 144 bits: unguessable links


class StaleCity(Exception):
    """The city changed since it was read: the save is refused."""

    def __init__(self, seat: int, current_version: int) -> None:
        super().__init__(f"city {seat} is at version {current_version}")
        self.seat = seat
        self.current_version = current_version


class GameLocked(Exception):
    """The host locked the game: nothing more changes."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def create_game(
    session: Session,
    game: dict[str, Any],
    *,
    mode: str = "cards",
    title: str | None = None,
    language: str | None = None,
) -> GameRow:
    """Store a game given in the game format (already checked by the caller)."""
    now = utcnow()
    row = GameRow(
        edit_token=new_token(),
        view_token=new_token(),
        edition=game.get("edition", 1),
        mode=mode,
        title=title,
        language=language,
        locked=False,
        version=1,
        created_at=now,
        updated_at=now,
    )
    row.cities = [
        CityRow(seat=i, data=city, version=1, updated_at=now) for i, city in enumerate(game["cities"])
    ]
    session.add(row)
    session.commit()
    return row


def _load(session: Session, column: Any, token: str) -> GameRow | None:
    if not token or len(token) > 64:
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


def game_dict(row: GameRow) -> dict[str, Any]:
    """The stored game in the game format."""
    return {"edition": row.edition, "cities": [dict(c.data) for c in row.cities]}


def replace_city(
    session: Session, row: GameRow, seat: int, data: dict[str, Any], expected_version: int
) -> int:
    """Replace one city if it is still at ``expected_version``; return the new version."""
    if row.locked:
        raise GameLocked()
    city = next((c for c in row.cities if c.seat == seat), None)
    if city is None:
        raise KeyError(seat)
    now = utcnow()
    result = session.execute(
        update(CityRow)
        .where(CityRow.id == city.id, CityRow.version == expected_version)
        .values(data=data, version=CityRow.version + 1, updated_at=now)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        session.rollback()
        current = session.execute(select(CityRow.version).where(CityRow.id == city.id)).scalar_one()
        raise StaleCity(seat, current)
    session.execute(update(GameRow).where(GameRow.id == row.id).values(updated_at=now))
    session.commit()
    session.refresh(city)
    return expected_version + 1


def replace_cities(session: Session, row: GameRow, changes: dict[int, tuple[dict[str, Any], int]]) -> None:
    """Replace several cities at once (end of an age), all or none, each version-checked."""
    if row.locked:
        raise GameLocked()
    now = utcnow()
    by_seat = {c.seat: c for c in row.cities}
    for seat, (data, expected) in sorted(changes.items()):
        city = by_seat[seat]
        result = session.execute(
            update(CityRow)
            .where(CityRow.id == city.id, CityRow.version == expected)
            .values(data=data, version=CityRow.version + 1, updated_at=now)
            .execution_options(synchronize_session=False)
        )
        if result.rowcount != 1:  # type: ignore[attr-defined]
            session.rollback()
            current = session.execute(select(CityRow.version).where(CityRow.id == city.id)).scalar_one()
            raise StaleCity(seat, current)
    session.execute(update(GameRow).where(GameRow.id == row.id).values(updated_at=now))
    session.commit()
    for city in row.cities:
        session.refresh(city)


def set_locked(session: Session, row: GameRow, locked: bool = True) -> None:
    row.locked = locked
    row.version += 1
    row.updated_at = utcnow()
    session.commit()


def set_conflicts(session: Session, row: GameRow, conflicts: dict[str, Any]) -> None:
    """Record the conflicts resolved at the end of each age."""
    row.conflicts = conflicts
    row.version += 1
    row.updated_at = utcnow()
    session.commit()


def state_version(row: GameRow) -> str:
    """A short fingerprint of everything stored about the game (for polling and ETags)."""
    parts = [str(row.version), "L" if row.locked else "U"] + [f"{c.seat}.{c.version}" for c in row.cities]
    return "-".join(parts)
