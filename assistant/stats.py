"""A table's history in numbers: who plays, who wins, with what (issue 16).

Pure functions over the summaries kept when games are locked (:func:`summary_of`), so the
numbers never change when the rules data does, and nothing here touches the web or the
database. A player is matched across games by a key (:func:`player_key`), which the table
can point at another name (merge) or give another display name (rename): ``names`` maps a
key to the name shown. The Free City is never a player. In the Cities team game every
member of the winning team wins (issue 43), and a team is matched across games by its
players, whatever its name (:class:`TeamStats`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from typing import Any, NamedTuple

from .rules.catalog import fold

__all__ = [
    "Chosen",
    "GameSummary",
    "PlayerStats",
    "Record",
    "SizeStats",
    "TableStats",
    "TeamStats",
    "WonderStats",
    "category_order",
    "may_have_teams",
    "most_played",
    "player_key",
    "scored_cities",
    "seat_wins",
    "stats_to_dict",
    "summary_of",
    "table_stats",
    "with_teams",
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
    team: str | None = None
    """The team the city played in (the Cities team game); None: no teams."""
    won: bool = False
    """Whether the city won: ranked first, or in a team game, a member of a winning team."""


def team_key(team: str) -> str:
    """How a game's teams are told apart: as the rules compare them (case and spaces aside)."""
    return team.strip().casefold()


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
    def size(self) -> int:
        """Its number of players (the Free City is not one)."""
        return sum(not s.free_city for s in self.seats)

    @property
    def team_game(self) -> bool:
        """Whether the game was played in teams (the Cities team game)."""
        return any(s.team is not None for s in self.seats)

    @property
    def shared(self) -> bool:
        """A shared victory: more than one winner, or in a team game more than one winning
        team (the two members of one winning team do not share: their team won)."""
        if self.team_game:
            return len({team_key(s.team) for s in self.seats if s.won and s.team is not None}) > 1
        return len(self.winners) > 1


def summary_of(
    sheet: Mapping[str, Any], *, pad: bool = False, teams: Sequence[str | None] | None = None
) -> dict[str, Any]:
    """What a locked game keeps for the statistics: from the game format's score output,
    each city's name, total, rank, coins, categories, wonder and side (no explanations), the
    winners, and the teams of a team game: each city's ``team`` and the sheet's ``teams``
    (their players, totals, coins and ranks; ``[]`` without teams, so that a record kept
    before teams were is known by their absence: :func:`with_teams`).

    ``teams``: each city's team as the game names it, in seating order (else found from the
    sheet's ``teams`` by the players' names)."""
    kept = _teams_of(sheet.get("teams"))
    names = [c["player"] for c in sheet["cities"]]
    seats = _seat_teams(names, kept, teams) if kept else [None] * len(names)
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
                **({"team": team} if team is not None else {}),
            }
            for c, team in zip(sheet["cities"], seats, strict=True)
        ],
        "teams": kept,
    }


def _teams_of(teams: Any) -> list[dict[str, Any]]:
    """A sheet's or a record's ``teams`` as a record keeps them (none that cannot be read)."""
    if not isinstance(teams, list):
        return []
    out = []
    for t in teams:
        if not (
            isinstance(t, Mapping) and isinstance(t.get("team"), str) and isinstance(t.get("players"), list)
        ):
            return []
        out.append(
            {
                "team": t["team"],
                "players": [str(p) for p in t["players"]],
                "total": t.get("total"),
                "coins": t.get("coins"),
                "rank": t.get("rank"),
            }
        )
    return out


def _seat_teams(
    names: Sequence[str], teams: Sequence[Mapping[str, Any]], given: Sequence[str | None] | None = None
) -> list[str | None]:
    """Each city's team, named as in ``teams`` (the sheet's: each team's players in seating
    order): from ``given`` (each city's team as the game names it) when there is, else each
    city taking, in seating order, the first team that still lists its name. A city no team
    claims has None."""
    named = {team_key(t["team"]): str(t["team"]) for t in teams}
    if given is not None and len(given) == len(names):
        return [named.get(team_key(t)) if t is not None else None for t in given]
    left = [list(t["players"]) for t in teams]
    out: list[str | None] = []
    for name in names:
        found = next((i for i, players in enumerate(left) if name in players), None)
        if found is None:
            out.append(None)
            continue
        left[found].remove(name)
        out.append(str(teams[found]["team"]))
    return out


def seat_wins(data: Mapping[str, Any]) -> list[bool]:
    """Which cities of a record (:func:`summary_of`) won, in seating order: those ranked
    first; in a team game, every member of a winning team (a team ranked first in the
    record's ``teams``, or without their ranks, the team of a player the record names among
    its winners). The Free City never wins."""
    cities = list(data.get("cities", ()))
    teams = [_team_of(c) for c in cities]
    if all(t is None for t in teams):
        return [c.get("rank") == 1 and not c.get("free_city") for c in cities]
    winning = {team_key(t["team"]) for t in _teams_of(data.get("teams")) if t.get("rank") == 1}
    if not winning:
        winners = set(data.get("winners") or ())
        winning = {
            team_key(t)
            for c, t in zip(cities, teams, strict=True)
            if t is not None and c.get("player") in winners
        }
    return [
        t is not None and team_key(t) in winning and not c.get("free_city")
        for c, t in zip(cities, teams, strict=True)
    ]


def _team_of(city: Mapping[str, Any]) -> str | None:
    team = city.get("team")
    return team if isinstance(team, str) and team.strip() else None


def scored_cities(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A record's cities, each with ``won`` (:func:`seat_wins`): as the games' lists and the
    CSV export write them."""
    return [{**c, "won": won} for c, won in zip(data.get("cities", ()), seat_wins(data), strict=True)]


def may_have_teams(data: Mapping[str, Any]) -> bool:
    """Whether a record kept before records held the teams (no ``teams``) is of a game whose
    expansions have a team game (Cities): its teams are then in the sheet kept with it."""
    if "teams" in data or not data.get("expansions"):
        return False
    from .rules.catalog import expansion_rules

    edition = data.get("edition", 1)
    for expansion in data["expansions"]:
        try:
            if expansion_rules(int(edition), str(expansion)).team_size:
                return True
        except (KeyError, TypeError, ValueError):
            return True  # an edition or expansion this app does not know: the sheet may say
    return False


def with_teams(data: Mapping[str, Any], sheet: Any) -> dict[str, Any]:
    """A record kept before records held the teams, with them: each city's team and the
    teams' totals and ranks from the score sheet kept with it at the same lock, and as its
    winners every member of a winning team (in seating order). Without teams in the sheet,
    or teams that do not name the record's players, the record as it was."""
    teams = _teams_of(sheet.get("teams")) if isinstance(sheet, Mapping) else []
    cities = list(data.get("cities", ()))
    if not teams:
        return dict(data)
    seats = _seat_teams([c.get("player") for c in cities], teams)
    if any(t is None and not c.get("free_city") for c, t in zip(cities, seats, strict=True)):
        return dict(data)
    out = {
        **data,
        "cities": [
            {**c, "team": t} if t is not None else dict(c) for c, t in zip(cities, seats, strict=True)
        ],
        "teams": teams,
    }
    won = [c["player"] for c, w in zip(out["cities"], seat_wins(out), strict=True) if w]
    if won:
        out["winners"] = won
    return out


def read_summary(game_id: int, played_on: date, data: Mapping[str, Any]) -> GameSummary:
    """A stored summary (:func:`summary_of`) as a :class:`GameSummary`."""
    cities = list(data.get("cities", ()))
    wins = seat_wins(data)
    seats = tuple(
        Seat(
            name=c["player"],
            total=int(c["total"]),
            rank=c.get("rank"),
            coins=int(c.get("coins", 0)),
            categories=c.get("categories", {}),
            wonder=c.get("wonder"),
            side=c.get("side"),
            free_city=bool(c.get("free_city")),
            team=_team_of(c),
            won=won,
        )
        for c, won in zip(cities, wins, strict=True)
    )
    team_game = any(s.team is not None for s in seats)
    return GameSummary(
        game_id=game_id,
        played_on=played_on,
        edition=int(data.get("edition", 1)),
        pad=bool(data.get("pad")),
        expansions=tuple(str(x) for x in data.get("expansions") or ()),
        winners=tuple(s.name for s in seats if s.won) if team_game else tuple(data.get("winners", ())),
        seats=seats,
    )


def _per(part: float, whole: float) -> float:
    """``part`` shared over ``whole`` (a rate, an average); 0.0 when there is nothing to share."""
    return part / whole if whole else 0.0


@dataclass
class WonderStats:
    """How a wonder side (or a whole wonder, ``side`` None) fared."""

    wonder: str
    side: str | None
    games: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float:
        return _per(self.wins, self.games)


@dataclass
class SizeStats:
    """The games of one table size (its number of players), for the table or one player."""

    players: int
    games: int = 0
    wins: int = 0
    """A player's: the games won."""
    points: int = 0
    """Totals added up (the table's: every player's)."""
    seats: int = 0
    """Player-games counted (a player's: its games)."""
    winning: int = 0
    """The table's: each game's highest total, added up."""
    best: int | None = None

    def count(self, totals: Sequence[int], won: bool = False) -> None:
        """One game: the totals counted (a player's own, or every player's), whether it was won."""
        self.games += 1
        self.wins += won
        self.points += sum(totals)
        self.seats += len(totals)
        self.winning += max(totals)
        self.best = max(totals) if self.best is None else max(self.best, *totals)

    @property
    def win_rate(self) -> float:
        return _per(self.wins, self.games)

    @property
    def average(self) -> float:
        return _per(self.points, self.seats)

    @property
    def average_winning(self) -> float:
        return _per(self.winning, self.games)


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
    sizes: dict[int, SizeStats] = field(default_factory=dict)
    """Each table size played: the player's games, wins and points at it."""

    @property
    def win_rate(self) -> float:
        return _per(self.wins, self.games)

    @property
    def average(self) -> float:
        return _per(self.points, self.games)

    def category_average(self, category: str) -> float:
        """Points a game in ``category``, over the games that scored it (an expansion's row
        is averaged over the games played with that expansion)."""
        played = self.category_games[category] or self.games
        return _per(self.categories[category], played)


@dataclass
class TeamStats:
    """A team of the Cities team game over the games chosen: its players, matched across
    games by their names (after the table's merges and renames), whatever the team's name."""

    key: tuple[str, ...]
    """Its players' keys (:func:`player_key`), sorted: who the team is."""
    players: list[str]
    """Its players' names as the table shows them, by name."""
    games: int = 0
    wins: int = 0
    """Games the team won (each of its players has the win)."""
    shared_wins: int = 0
    """Of those, victories shared with another team (equal on points and coins)."""
    points: int = 0
    """Its totals added up (a team's total is its players' sum)."""
    best: int | None = None
    names: Counter[str] = field(default_factory=Counter)
    """The names the team played under, and in how many games each."""

    @property
    def win_rate(self) -> float:
        return _per(self.wins, self.games)

    @property
    def average(self) -> float:
        return _per(self.points, self.games)


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
    teams: list[TeamStats] = field(default_factory=list)
    """Each team of the games played in teams, most games first, then most wins."""
    team_games: int = 0
    """Games played in teams (the Cities team game)."""
    sizes: list[SizeStats] = field(default_factory=list)
    """Each table size played (its number of players), fewest players first."""

    def category_average(self, category: str) -> float:
        """A player's average in a category, over the player-games that scored it."""
        seats = self.category_seats.get(category) or self.seats
        return _per(self.category_points.get(category, 0), seats)

    def player(self, key: str) -> PlayerStats | None:
        return next((p for p in self.players if p.key == key), None)

    def teams_of(self, key: str) -> list[TeamStats]:
        """The teams a player (``key``) played in."""
        return [t for t in self.teams if key in t.key]


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


class Chosen(NamedTuple):
    """The games a table's statistics and lists are asked for: a period (inclusive, by the
    day each was played), an edition, the expansions played (:func:`expansion_admits`) and
    the number of players (None: any)."""

    since: date | None = None
    until: date | None = None
    edition: int | None = None
    expansion: str = ""
    players: int | None = None

    def admits(self, played_on: date, edition: int, expansions: Collection[str], players: int | None) -> bool:
        """Whether a game played on that day, of that edition, with those expansions and that
        many players (None: not known, an open game's) is one of these."""
        return (
            (self.since is None or played_on >= self.since)
            and (self.until is None or played_on <= self.until)
            and (self.edition is None or edition == self.edition)
            and expansion_admits(self.expansion, expansions)
            and (self.players is None or players == self.players)
        )


EVERY_GAME = Chosen()
"""No choice: every game."""


def table_stats(
    games: Iterable[GameSummary], names: Mapping[str, str] | None = None, chosen: Chosen = EVERY_GAME
) -> TableStats:
    """The statistics of the games ``chosen``, oldest first.

    ``names`` maps a player key to the name shown (merged spellings share one name, whose key
    is then the player's). A shared victory is a win for each winner (and counted once as
    shared); the Free City is left out of the players and of the wonders' win rates. In a
    team game every member of a winning team wins (their wonders too), two winning teams
    share the victory, and no one's margin is a record (the team won, not the player).
    """
    kept = [g for g in games if chosen.admits(g.played_on, g.edition, g.expansions, g.size)]
    return _stats_of(sorted(kept, key=lambda g: (g.played_on, g.game_id)), names or {})


def _stats_of(chosen: Sequence[GameSummary], names: Mapping[str, str]) -> TableStats:
    """The statistics of these games (chosen already, oldest first)."""
    tally = _Tally(names)
    for game in chosen:
        tally.count(game)
    return tally.stats(chosen)


@dataclass(slots=True)
class _Tally:
    """What :func:`_stats_of` has counted so far, game after game, oldest first."""

    names: Mapping[str, str]
    """A player key to the name shown (:func:`table_stats`)."""
    players: dict[str, PlayerStats] = field(default_factory=dict)
    by_name: dict[str, PlayerStats] = field(default_factory=dict)
    """Each spelling as typed, to its player."""
    wonders: dict[tuple[str, str | None], WonderStats] = field(default_factory=dict)
    wonder_totals: dict[str, WonderStats] = field(default_factory=dict)
    seen_categories: set[str] = field(default_factory=set)
    best_total: Record | None = None
    best_science: Record | None = None
    best_margin: Record | None = None
    teams: dict[tuple[str, ...], TeamStats] = field(default_factory=dict)
    sizes: dict[int, SizeStats] = field(default_factory=dict)
    shared: int = 0
    pad_games: int = 0
    team_games: int = 0

    def count(self, game: GameSummary) -> None:
        """One game: its size, each player's numbers and wonder, the records it beats, its teams."""
        is_shared = game.shared
        self.shared += is_shared
        self.pad_games += game.pad
        team_game = game.team_game
        self.team_games += team_game
        seats = [s for s in game.seats if not s.free_city]
        totals = sorted((s.total for s in seats), reverse=True)
        if totals:
            self.sizes.setdefault(len(seats), SizeStats(len(seats))).count(totals)
        for seat in seats:
            stats = self.by_name.get(seat.name)
            if stats is None:  # a name met for the first time
                stats = self._player(seat.name)
            won = seat.won
            stats.games += 1
            stats.wins += won
            stats.shared_wins += won and is_shared
            stats.points += seat.total
            stats.best = seat.total if stats.best is None else max(stats.best, seat.total)
            sums = stats.categories
            for category, points in seat.categories.items():
                sums[category] += points
            stats.category_games.update(seat.categories.keys())
            self.seen_categories.update(seat.categories)
            stats.history.append((game.played_on, game.game_id, seat.total))
            stats.sizes.setdefault(len(seats), SizeStats(len(seats))).count([seat.total], won)
            if seat.wonder:
                side_key = (seat.wonder, seat.side)
                for table in (stats.wonders, self.wonders):
                    entry = table.get(side_key)
                    if entry is None:
                        entry = table[side_key] = WonderStats(seat.wonder, seat.side)
                    entry.games += 1
                    entry.wins += won
                for whole in (stats.wonder_totals, self.wonder_totals):
                    total = whole.get(seat.wonder)
                    if total is None:
                        total = whole[seat.wonder] = WonderStats(seat.wonder, None)
                    total.games += 1
                    total.wins += won
            if self.best_total is None or seat.total > self.best_total.value:
                self.best_total = Record("total", seat.total, stats.name, game.game_id, game.played_on)
            science = seat.categories.get("science", 0)
            if self.best_science is None or science > self.best_science.value:
                self.best_science = Record("science", science, stats.name, game.game_id, game.played_on)
            if won and not is_shared and not team_game and len(totals) > 1:
                margin = seat.total - totals[1]
                if self.best_margin is None or margin > self.best_margin.value:
                    self.best_margin = Record("margin", margin, stats.name, game.game_id, game.played_on)
        if team_game:
            _count_teams(self.teams, seats, self.by_name, is_shared)

    def _player(self, name: str) -> PlayerStats:
        """The player of a name met for the first time: whose it is (merged spellings), made
        when it is the player's first name met."""
        canonical = self.names.get(player_key(name))
        key = player_key(canonical) if canonical else player_key(name)
        stats = self.players.get(key)
        if stats is None:
            stats = self.players[key] = PlayerStats(key, canonical or name)
        self.by_name[name] = stats
        return stats

    def stats(self, chosen: Sequence[GameSummary]) -> TableStats:
        """The counts of ``chosen`` (every game counted) put in order."""
        players = self.players
        ordered = sorted(players.values(), key=lambda p: (-p.games, -p.wins, p.name.casefold()))
        return TableStats(
            games=len(chosen),
            shared=self.shared,
            pad_games=self.pad_games,
            players=ordered,
            wonders=sorted(self.wonders.values(), key=most_played),
            wonder_totals=sorted(self.wonder_totals.values(), key=most_played),
            records=[r for r in (self.best_total, self.best_science, self.best_margin) if r is not None],
            categories=category_order({g.edition for g in chosen}, self.seen_categories),
            first=chosen[0].played_on if chosen else None,
            last=chosen[-1].played_on if chosen else None,
            category_points=dict(sum((p.categories for p in players.values()), Counter())),
            category_seats=dict(sum((p.category_games for p in players.values()), Counter())),
            seats=sum(p.games for p in players.values()),
            teams=sorted(
                self.teams.values(), key=lambda t: (-t.games, -t.wins, [n.casefold() for n in t.players])
            ),
            team_games=self.team_games,
            sizes=[self.sizes[n] for n in sorted(self.sizes)],
        )


def _count_teams(
    teams: dict[tuple[str, ...], TeamStats],
    seats: Sequence[Seat],
    by_name: Mapping[str, PlayerStats],
    shared: bool,
) -> None:
    """One team game's teams, each matched by its players (``by_name``: each spelling's
    player, every seat's met already)."""
    members: dict[str, list[Seat]] = {}
    for seat in seats:
        if seat.team is not None:
            members.setdefault(team_key(seat.team), []).append(seat)
    for sitting in members.values():
        who = sorted((by_name[s.name] for s in sitting), key=lambda p: p.key)
        key = tuple(p.key for p in who)
        team = teams.get(key)
        if team is None:
            team = teams[key] = TeamStats(key, sorted((p.name for p in who), key=str.casefold))
        won = any(s.won for s in sitting)
        total = sum(s.total for s in sitting)
        team.games += 1
        team.wins += won
        team.shared_wins += won and shared
        team.points += total
        team.best = total if team.best is None else max(team.best, total)
        team.names[sitting[0].team or ""] += 1


def stats_to_dict(stats: TableStats) -> dict[str, Any]:
    """The statistics as the JSON API gives them."""
    days: dict[date, str] = {}

    def day(value: date) -> str:
        text = days.get(value)
        if text is None:
            text = days[value] = value.isoformat()
        return text

    return {
        "games": stats.games,
        "shared_victories": stats.shared,
        "pad_games": stats.pad_games,
        "first": stats.first.isoformat() if stats.first else None,
        "last": stats.last.isoformat() if stats.last else None,
        "categories": list(stats.categories),
        "players": [_player_to_dict(p, stats.categories, day) for p in stats.players],
        "by_players": [
            {
                "players": z.players,
                "games": z.games,
                "average": round(z.average, 2),
                "average_winning": round(z.average_winning, 2),
                "best": z.best,
            }
            for z in stats.sizes
        ],
        "wonders": [_wonder_to_dict(w) for w in stats.wonders],
        "wonder_totals": [_wonder_to_dict(w) for w in stats.wonder_totals],
        "team_games": stats.team_games,
        "teams": [_team_to_dict(t) for t in stats.teams],
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


def _wonder_to_dict(w: WonderStats) -> dict[str, Any]:
    """A wonder side's (or a whole wonder's) games and wins, as the JSON API gives them."""
    return {
        "wonder": w.wonder,
        "side": w.side,
        "games": w.games,
        "wins": w.wins,
        "win_rate": round(w.win_rate, 4),
    }


def _player_to_dict(p: PlayerStats, categories: Sequence[str], day: Callable[[date], str]) -> dict[str, Any]:
    """One player's statistics as the JSON API gives them: averages in the table's
    ``categories``, the days of the games written by ``day``."""
    return {
        "key": p.key,
        "name": p.name,
        "games": p.games,
        "wins": p.wins,
        "shared_wins": p.shared_wins,
        "win_rate": round(p.win_rate, 4),
        "average": round(p.average, 2),
        "best": p.best,
        "categories": {c: round(p.category_average(c), 2) for c in categories},
        "wonders": [
            _wonder_to_dict(w) for w in sorted(p.wonders.values(), key=lambda w: (-w.games, w.wonder))
        ],
        "wonder_totals": [_wonder_to_dict(w) for w in sorted(p.wonder_totals.values(), key=most_played)],
        "totals": [{"game": g, "played_on": day(d), "total": t} for d, g, t in p.history],
        "by_players": [
            {
                "players": z.players,
                "games": z.games,
                "wins": z.wins,
                "win_rate": round(z.win_rate, 4),
                "average": round(z.average, 2),
                "best": z.best,
            }
            for z in (p.sizes[n] for n in sorted(p.sizes))
        ],
    }


def _team_to_dict(t: TeamStats) -> dict[str, Any]:
    """One team's statistics as the JSON API gives them."""
    return {
        "keys": list(t.key),
        "players": list(t.players),
        "names": [name for name, _n in t.names.most_common()],
        "games": t.games,
        "wins": t.wins,
        "shared_wins": t.shared_wins,
        "win_rate": round(t.win_rate, 4),
        "average": round(t.average, 2),
        "best": t.best,
    }
