"""Tables. Each city is its own row with its own version, so phones saving different
cities never touch each other, and a stale save of one city is detected and refused."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    view_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    edition: Mapped[int] = mapped_column(Integer, default=1)
    expansions: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    """The ids of the expansions the game is played with, in the edition's order (None: none)."""
    mode: Mapped[str] = mapped_column(String(16), default="cards")
    title: Mapped[str | None] = mapped_column(String(80), nullable=True)
    language: Mapped[str | None] = mapped_column(String(16), nullable=True)
    locked: Mapped[bool] = mapped_column(Boolean, default=False)
    conflicts: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """Each resolved age: the shields entered and the tokens handed out, by seat."""
    play: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """A game in progress: ``age`` (the age being played) and ``discard`` (the discard pile)."""
    play_version: Mapped[int] = mapped_column(Integer, default=1)
    """Bumped by every change to ``play``: two phones changing it at once cannot overwrite."""
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    table_id: Mapped[int | None] = mapped_column(
        "group_id", ForeignKey("groups.id", ondelete="SET NULL"), nullable=True, index=True
    )
    """The table (the players who play together) the game belongs to, if any (the SQL names
    say *group*, the word the first migrations used)."""
    locked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The final scores kept when the game was locked (for the statistics; see assistant.stats)."""
    snapshot: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The whole score sheet kept when the game was locked: the record, whatever the rules
    data says later."""
    imported_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the game was imported from a file (a table's import, or the import page), None
    for a game entered at the table: an import may carry a record no phone entered."""

    cities: Mapped[list[CityRow]] = relationship(
        back_populates="game", order_by="CityRow.seat", cascade="all, delete-orphan"
    )


class CityRow(Base):
    __tablename__ = "cities"
    __table_args__ = (UniqueConstraint("game_id", "seat", name="uq_cities_game_seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=1)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    other_entry: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """What the city's player entered the other way (its cards, or the pad's numbers), kept
    while the city is entered this way, so that switching back loses nothing (not part of
    the game format)."""

    game: Mapped[GameRow] = relationship(back_populates="cities")


class TableRow(Base):
    """A table: people who play together and keep their games' history."""

    __tablename__ = "groups"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    """Bumped when a game joins, leaves, is locked or opened again, or a name changes."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    names: Mapped[list[TableNameRow]] = relationship(
        back_populates="table", order_by="TableNameRow.key", cascade="all, delete-orphan"
    )


class TableNameRow(Base):
    """A spelling of a player's name at a table, and the name it is shown as (merge, rename)."""

    __tablename__ = "group_names"
    __table_args__ = (UniqueConstraint("group_id", "key", name="uq_group_names_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column("group_id", ForeignKey("groups.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(160))
    name: Mapped[str] = mapped_column(String(40))

    table: Mapped[TableRow] = relationship(back_populates="names")
