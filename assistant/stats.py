"""A table's history in numbers: who plays, who wins, with what (issue 16).

Pure functions over the summaries kept when games are locked (:func:`summary_of`), so the
numbers never change when the rules data does, and nothing here touches the web or the
database. A player is matched across games by a key (:func:`player_key`), which the table
can point at another name (merge) or give another display name (rename): ``names`` maps a
key to the name shown. The Free City is never a player.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from typing import Any

from .rules.catalog import fold

__all__ = [
    "GameSummary",
    "PlayerStats",
    "Record",
    "TableStats",
    "WonderStats",
    "category_order",
    "most_played",
    "player_key",
    "stats_to_dict",
    "summary_of",
    "table_stats",
]


@lru_cache(maxsize=4096)
def player_key(name: str) -> str:
    """How a name is matched across games: case, accents, spacing and punctuation ignored
    (a name of symbols only is matched as written). Names repeat game after game: cached."""
    return fold(name) or unicodedata.normalize("NFC", name.casefold().strip())


@dataclass(frozen=True, slots=True)
class Seat:
    """One city of a locked game, as the summary keeps it."""

    name: str
    total: int
    rank: int | None
    coins: int
    categories: Mapping[str, int]
    wonder: str | None
    side: str | None
    free_city: bool


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A locked game's final scores, as kept when it was locked."""

    game_id: int
    played_on: date
    edition: int
    seats: tuple[Seat, ...]
    winners: tuple[str, ...]
    pad: bool = False
    expansions: tuple[str, ...] = ()
    """The expansions the game was played with (a record kept before they were: none)."""

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


def summary_of(sheet: Mapping[str, Any], *, pad: bool = False) -> dict[str, Any]:
    """What a locked game keeps for the statistics: from the game format's score output,
    each city's name, total, rank, coins, categories, wonder and side (no explanations)."""
    return {
        "edition": sheet["edition"],
        **({"expansions": list(sheet["expansions"])} if sheet.get("expansions") else {}),
        "winners": list(sheet["winners"]),
        "pad": pad,
        "cities": [
            {
                "player": c["player"],
                "total": c["total"],
                "rank": c["rank"],
                "coins": c["coins"],
                "categories": dict(c["categories"]),
                "wonder": c.get("wonder"),
                "side": c.get("side"),
                "free_city": bool(c.get("free_city")),
            }
            for c in sheet["cities"]
        ],
    }


def read_summary(game_id: int, played_on: date, data: Mapping[str, Any]) -> GameSummary:
    """A stored summary (:func:`summary_of`) as a :class:`GameSummary`."""
    return GameSummary(
        game_id=game_id,
        played_on=played_on,
        edition=int(data.get("edition", 1)),
        pad=bool(data.get("pad")),
        expansions=tuple(str(x) for x in data.get("expansions") or ()),
        winners=tuple(data.get("winners", ())),
        seats=tuple(
            Seat(
                name=c["player"],
                total=int(c["total"]),
                rank=c.get("rank"),
                coins=int(c.get("coins", 0)),
                categories=c.get("categories", {}),
                wonder=c.get("wonder"),
                side=c.get("side"),
                free_city=bool(c.get("free_city")),
            )
            for c in data.get("cities", ())
        ),
    )


@dataclass
class WonderStats:
    """How a wonder side (or a whole wonder, ``side`` None) fared."""

    wonder: str
    side: str | None
    games: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class PlayerStats:
    """One player over the games chosen."""

    key: str
    name: str
    games: int = 0
    wins: int = 0
    shared_wins: int = 0
    best: int | None = None
    points: int = 0
    categories: Counter[str] = field(default_factory=Counter)
    category_games: Counter[str] = field(default_factory=Counter)
    """Games in which each category was scored (an expansion's row: the games with it)."""
    wonders: dict[tuple[str, str | None], WonderStats] = field(default_factory=dict)
    """Each wonder side played: (wonder, side)."""
    wonder_totals: dict[str, WonderStats] = field(default_factory=dict)
    """Each wonder played, whichever its side (``side`` None)."""
    history: list[tuple[date, int, int]] = field(default_factory=list)
    """Each game, oldest first: (date, game id, total)."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average(self) -> float:
        return self.points / self.games if self.games else 0.0

    def category_average(self, category: str) -> float:
        """Points a game in ``category``, over the games that scored it (an expansion's row
        is averaged over the games played with that expansion)."""
        played = self.category_games[category] or self.games
        return self.categories[category] / played if played else 0.0


@dataclass(frozen=True, slots=True)
class Record:
    """A best-ever: what, how much, who, in which game."""

    what: str
    value: int
    name: str
    game_id: int
    played_on: date


@dataclass
class TableStats:
    """Everything the table's page and a player's page show."""

    games: int
    shared: int
    pad_games: int
    players: list[PlayerStats]
    """Most games first, then most wins, then name."""
    wonders: list[WonderStats]
    """Each wonder side played, most games first."""
    records: list[Record]
    categories: tuple[str, ...]
    """The categories seen, in the order of the games' editions' pads (the lowest edition's
    first, then what later editions add)."""
    first: date | None
    last: date | None
    category_points: Mapping[str, int] = field(default_factory=dict)
    """Every player's points in each category, added up (for the table's shares)."""
    seats: int = 0
    """Player-games counted (the Free City left out)."""
    wonder_totals: list[WonderStats] = field(default_factory=list)
    """Each wonder played, whichever its side (``side`` None), most games first."""
    category_seats: Mapping[str, int] = field(default_factory=dict)
    """Player-games in which each category was scored (an expansion's: with that expansion)."""

    def category_average(self, category: str) -> float:
        """A player's average in a category, over the player-games that scored it."""
        seats = self.category_seats.get(category) or self.seats
        return self.category_points.get(category, 0) / seats if seats else 0.0

    def player(self, key: str) -> PlayerStats | None:
        return next((p for p in self.players if p.key == key), None)


CATEGORY_ORDER = ("military", "treasury", "wonder", "civilian", "commercial", "guilds", "science")
"""The first edition's pad, for categories no known edition lists (an unknown edition's)."""


def most_played(w: WonderStats) -> tuple[int, int, str, str]:
    """The order of wonders in statistics: most games first, then most wins, then by name and side."""
    return (-w.games, -w.wins, w.wonder, w.side or "")


def category_order(editions: Iterable[int], seen: Iterable[str] | None = None) -> tuple[str, ...]:
    """The categories of these editions in their pads' order: the lowest edition's, then
    each category a later edition adds, in that edition's order. With ``seen``, only those
    seen, and any seen that no edition lists (an edition this app no longer knows) after
    them, the first edition's first."""
    order: list[str] = []
    for edition in sorted(set(editions)):
        for category in _edition_categories(edition):
            if category not in order:
                order.append(category)
    if seen is None:
        return tuple(order)
    seen = set(seen)
    rest = seen - set(order)
    return (
        tuple(c for c in order if c in seen)
        + tuple(c for c in CATEGORY_ORDER if c in rest)
        + tuple(sorted(rest - set(CATEGORY_ORDER)))
    )


def _edition_categories(edition: int) -> tuple[str, ...]:
    """An edition's categories in its pad's order (none for an edition this app does not
    know); catalogs are loaded once per process."""
    from .rules.catalog import available_editions, catalog_for

    if edition not in available_editions():
        return ()
    return tuple(str(c) for c in catalog_for(edition).rules.categories)


def expansion_admits(expansion: str, expansions: Collection[str]) -> bool:
    """Whether a game played with ``expansions`` is one the filter ``expansion`` chooses:
    ``""`` every game, ``base`` the games without any expansion, ``with:ID`` the games with
    that expansion, ``without:ID`` the games without it."""
    if not expansion:
        return True
    if expansion == "base":
        return not expansions
    how, _, which = expansion.partition(":")
    return (which in expansions) == (how == "with")


EXPANSION_FILTER = re.compile(r"base|(?:with|without):[a-z0-9-]{1,40}")
"""The filters :func:`expansion_admits` takes (besides ``""``: every game)."""


def table_stats(
    games: Iterable[GameSummary],
    names: Mapping[str, str] | None = None,
    *,
    since: date | None = None,
    until: date | None = None,
    edition: int | None = None,
    expansion: str = "",
) -> TableStats:
    """The statistics of the games chosen (a period, inclusive, an edition and the
    expansions played: :func:`expansion_admits`), oldest first.

    ``names`` maps a player key to the name shown (merged spellings share one name, whose key
    is then the player's). A shared victory is a win for each winner (and counted once as
    shared); the Free City is left out of the players and of the wonders' win rates.
    """
    names = names or {}
    chosen = sorted(
        (
            g
            for g in games
            if (since is None or g.played_on >= since)
            and (until is None or g.played_on <= until)
            and (edition is None or g.edition == edition)
            and expansion_admits(expansion, g.expansions)
        ),
        key=lambda g: (g.played_on, g.game_id),
    )
    players: dict[str, PlayerStats] = {}
    by_name: dict[str, PlayerStats] = {}  # each spelling as typed, to its player
    wonders: dict[tuple[str, str | None], WonderStats] = {}
    wonder_totals: dict[str, WonderStats] = {}
    seen_categories: set[str] = set()
    best_total: Record | None = None
    best_science: Record | None = None
    best_margin: Record | None = None
    shared = pad_games = 0
    for game in chosen:
        shared += game.shared
        pad_games += game.pad
        seats = [s for s in game.seats if not s.free_city]
        totals = sorted((s.total for s in seats), reverse=True)
        for seat in seats:
            stats = by_name.get(seat.name)
            if stats is None:  # a name met for the first time: whose it is (merged spellings)
                canonical = names.get(player_key(seat.name))
                key = player_key(canonical) if canonical else player_key(seat.name)
                stats = players.get(key)
                if stats is None:
                    stats = players[key] = PlayerStats(key, canonical or seat.name)
                by_name[seat.name] = stats
            won = seat.rank == 1
            stats.games += 1
            stats.wins += won
            stats.shared_wins += won and game.shared
            stats.points += seat.total
            stats.best = seat.total if stats.best is None else max(stats.best, seat.total)
            sums = stats.categories
            for category, points in seat.categories.items():
                sums[category] += points
            stats.category_games.update(seat.categories.keys())
            seen_categories.update(seat.categories)
            stats.history.append((game.played_on, game.game_id, seat.total))
            if seat.wonder:
                side_key = (seat.wonder, seat.side)
                for table in (stats.wonders, wonders):
                    entry = table.get(side_key)
                    if entry is None:
                        entry = table[side_key] = WonderStats(seat.wonder, seat.side)
                    entry.games += 1
                    entry.wins += won
                for whole in (stats.wonder_totals, wonder_totals):
                    total = whole.get(seat.wonder)
                    if total is None:
                        total = whole[seat.wonder] = WonderStats(seat.wonder, None)
                    total.games += 1
                    total.wins += won
            if best_total is None or seat.total > best_total.value:
                best_total = Record("total", seat.total, stats.name, game.game_id, game.played_on)
            science = seat.categories.get("science", 0)
            if best_science is None or science > best_science.value:
                best_science = Record("science", science, stats.name, game.game_id, game.played_on)
            if won and not game.shared and len(totals) > 1:
                margin = seat.total - totals[1]
                if best_margin is None or margin > best_margin.value:
                    best_margin = Record("margin", margin, stats.name, game.game_id, game.played_on)
    ordered = sorted(players.values(), key=lambda p: (-p.games, -p.wins, p.name.casefold()))
    return TableStats(
        games=len(chosen),
        shared=shared,
        pad_games=pad_games,
        players=ordered,
        wonders=sorted(wonders.values(), key=most_played),
        wonder_totals=sorted(wonder_totals.values(), key=most_played),
        records=[r for r in (best_total, best_science, best_margin) if r is not None],
        categories=category_order({g.edition for g in chosen}, seen_categories),
        first=chosen[0].played_on if chosen else None,
        last=chosen[-1].played_on if chosen else None,
        category_points=dict(sum((p.categories for p in players.values()), Counter())),
        category_seats=dict(sum((p.category_games for p in players.values()), Counter())),
        seats=sum(p.games for p in players.values()),
    )


def stats_to_dict(stats: TableStats) -> dict[str, Any]:
    """The statistics as the JSON API gives them."""
    days: dict[date, str] = {}

    def day(value: date) -> str:
        text = days.get(value)
        if text is None:
            text = days[value] = value.isoformat()
        return text

    def wonder(w: WonderStats) -> dict[str, Any]:
        return {
            "wonder": w.wonder,
            "side": w.side,
            "games": w.games,
            "wins": w.wins,
            "win_rate": round(w.win_rate, 4),
        }

    return {
        "games": stats.games,
        "shared_victories": stats.shared,
        "pad_games": stats.pad_games,
        "first": stats.first.isoformat() if stats.first else None,
        "last": stats.last.isoformat() if stats.last else None,
        "categories": list(stats.categories),
        "players": [
            {
                "key": p.key,
                "name": p.name,
                "games": p.games,
                "wins": p.wins,
                "shared_wins": p.shared_wins,
                "win_rate": round(p.win_rate, 4),
                "average": round(p.average, 2),
                "best": p.best,
                "categories": {c: round(p.category_average(c), 2) for c in stats.categories},
                "wonders": [
                    wonder(w) for w in sorted(p.wonders.values(), key=lambda w: (-w.games, w.wonder))
                ],
                "wonder_totals": [wonder(w) for w in sorted(p.wonder_totals.values(), key=most_played)],
                "totals": [{"game": g, "played_on": day(d), "total": t} for d, g, t in p.history],
            }
            for p in stats.players
        ],
        "wonders": [wonder(w) for w in stats.wonders],
        "wonder_totals": [wonder(w) for w in stats.wonder_totals],
        "records": [
            {
                "what": r.what,
                "value": r.value,
                "player": r.name,
                "game": r.game_id,
                "played_on": day(r.played_on),
            }
            for r in stats.records
        ],
    }
