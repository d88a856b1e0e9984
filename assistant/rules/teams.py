"""The team game (Cities): teams of two, side by side; a team's score is its players' sum.

Cities rulebook, "Team game": players form teams of two who sit next to each other (so
each is the other's neighbour); at the end a team's score is its two players' points
added up, and the team with the most points wins. A tie between teams is broken as a tie
between players is (the edition's rule): the team with more coins (its players' coins
added up) wins; a tie on coins too is shared.
"""

from __future__ import annotations

from collections.abc import Sequence

from .describe import join
from .edition import EditionRules
from .errors import GameFormatError
from .model import City, TeamScore
from .text import N_, Nn_, Text, verbatim

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model import TieBreak

__all__ = ["check_teams", "explain_teams", "rank_teams", "seated_teams"]


def check_teams(cities: Sequence[City], rules: EditionRules) -> None:
    """Refuse teams that the rules do not allow, naming the city: a team in a game without a
    team game, some cities in teams and others not, a team of other than ``team_size``
    players, teammates not side by side."""
    named = [seat for seat, city in enumerate(cities) if city.team is not None]
    if not named:
        return
    if any(city.free_city for city in cities):
        seat = next(s for s, c in enumerate(cities) if c.free_city)
        raise GameFormatError(("cities", seat, "team"), N_("The team game has no Free City."))
    missing = [seat for seat in range(len(cities)) if seat not in named]
    if missing:
        raise GameFormatError(
            ("cities", missing[0], "team"),
            N_("{player} names no team: in the team game every city names its team.",
               player=cities[missing[0]].player),
        )  # fmt: skip
    size = rules.team_size
    members: dict[str, list[int]] = {}
    for seat, city in enumerate(cities):
        members.setdefault(str(city.team).casefold(), []).append(seat)
    n = len(cities)
    for seats in members.values():
        if len(seats) != size:
            raise GameFormatError(
                ("cities", seats[0], "team"),
                Nn_(
                    "The team {team} has {n} player: a team has {size}.",
                    "The team {team} has {n} players: a team has {size}.",
                    len(seats), team=cities[seats[0]].team, n=len(seats), size=size,
                ),
            )  # fmt: skip
        if not _side_by_side(seats, n, size):
            raise GameFormatError(
                ("cities", seats[-1], "team"),
                N_(
                    "The team {team} does not sit side by side ({players}): teammates are neighbours.",
                    team=cities[seats[0]].team,
                    players=join([verbatim(cities[s].player) for s in seats]),
                ),
            )


def _side_by_side(seats: Sequence[int], n: int, size: int) -> bool:
    """Whether the seats (in order) are ``size`` consecutive seats round a table of ``n``."""
    return {(s - seats[0]) % n for s in seats} == set(range(size)) or {
        (seats[0] - s) % n for s in seats
    } == set(range(size))


def seated_teams(names: Sequence[str], size: int) -> tuple[str, ...] | None:
    """Each seat's team (compared without case) from the teams named in seating order, as
    conflicts need them (:func:`~.model.seat_opponents`); None when the teams cannot sit so
    (a team of other than ``size`` players, teammates apart)."""
    keys = tuple(name.strip().casefold() for name in names)
    if not size or not all(keys):
        return None
    members: dict[str, list[int]] = {}
    for seat, key in enumerate(keys):
        members.setdefault(key, []).append(seat)
    ok = all(len(seats) == size and _side_by_side(seats, len(keys), size) for seats in members.values())
    return keys if ok else None


def rank_teams(cities: Sequence[City], totals: Sequence[int]) -> tuple[TeamScore, ...]:
    """Each team's total, coins and rank (equal on points and coins share a rank), in the
    order the teams first sit."""
    members: dict[str, list[int]] = {}
    for seat, city in enumerate(cities):
        if city.team is not None:
            members.setdefault(city.team.casefold(), []).append(seat)
    keys = {
        team: (sum(totals[s] for s in seats), sum(cities[s].coins for s in seats))
        for team, seats in members.items()
    }
    order = sorted(keys.values(), reverse=True)
    return tuple(
        TeamScore(
            team=str(cities[seats[0]].team),
            players=tuple(cities[s].player for s in seats),
            total=keys[team][0],
            coins=keys[team][1],
            rank=order.index(keys[team]) + 1,
        )
        for team, seats in members.items()
    )


def explain_teams(teams: Sequence[TeamScore]) -> tuple[TieBreak, Text]:
    """How the team game was decided (``points``, ``coins`` or ``shared``) and a sentence."""
    first = [t for t in teams if t.rank == 1]
    lead = first[0]
    players = join([verbatim(p) for p in lead.players])
    if len(first) > 1:
        return "shared", Nn_(
            "Teams {teams} share the victory with {points} victory point and {coins} coins each.",
            "Teams {teams} share the victory with {points} victory points and {coins} coins each.",
            abs(lead.total),
            teams=join([verbatim(t.team) for t in first]), points=lead.total, coins=lead.coins,
        )  # fmt: skip
    tied = [t for t in teams if t.total == lead.total and t is not lead]
    if tied:
        return "coins", Nn_(
            "Team {team} ({players}) wins on a tie of {points} victory point with more coins "
            "({coins} against {other}).",
            "Team {team} ({players}) wins on a tie of {points} victory points with more coins "
            "({coins} against {other}).",
            abs(lead.total),
            team=lead.team, players=players, points=lead.total, coins=lead.coins,
            other=max(t.coins for t in tied),
        )  # fmt: skip
    second = max((t.total for t in teams if t is not lead), default=lead.total)
    return "points", Nn_(
        "Team {team} ({players}) wins with {points} victory point, {lead} ahead of the next team.",
        "Team {team} ({players}) wins with {points} victory points, {lead} ahead of the next team.",
        abs(lead.total),
        team=lead.team, players=players, points=lead.total, lead=lead.total - second,
    )  # fmt: skip
