"""A new game: the seats in clockwise order, the boards in front of them (or dealt at random
like the wonder cards), and each city's starting treasury, as the edition and the
expansions being played say.

:func:`new_game` builds the game in the JSON game format, ready to be checked by
:func:`~.gameio.parse_game` and stored; the web's new-game form, the API and the tests
set a game up through it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .catalog import Catalog
from .errors import GameFormatError
from .records import record
from .text import N_, squeeze

__all__ = ["Seat", "deal", "new_game"]


@record
class Seat:
    """One seat at the table: the player's name, and the board in front of it (None: deal
    one at random) on a side (None: at random)."""

    player: str
    wonder: str | None = None
    side: str | None = "A"


def deal(
    catalog: Catalog, picks: Sequence[tuple[str | None, str | None]], rng: random.Random | None = None
) -> list[tuple[str, str]]:
    """Wonders and sides for each seat: a pick is kept, the rest dealt like the wonder cards
    (from the boards nobody picked, the expansions' boards among them). A seat left without a
    board (more seats than boards) is refused, naming it."""
    rng = rng or random.SystemRandom()
    taken = {w for w, _ in picks if w}
    pool = [w.id for w in catalog.wonders if w.id not in taken]
    rng.shuffle(pool)
    out = []
    for seat, (wonder, side) in enumerate(picks):
        if not wonder and not pool:
            raise GameFormatError(
                ("cities", seat, "wonder"),
                N_("No wonder is left to deal: this game has {n} boards.", n=len(catalog.wonders)),
            )
        chosen = wonder or pool.pop()
        out.append((chosen, side if side in ("A", "B") else rng.choice("AB")))
    return out


def new_game(
    catalog: Catalog,
    seats: Sequence[Seat],
    *,
    pad: bool = False,
    free_city: Seat | None = None,
    rng: random.Random | None = None,
    teams: bool = False,
) -> dict[str, Any]:
    """A new game of ``catalog``'s edition and expansions in the game format.

    Card by card, each city has its board and side (dealt when not picked), no stage and
    no card; on a quick pad (``pad``), an empty page of the pad's numbers and no board.
    Every city starts with the edition's coins and what the expansions add. ``free_city``
    seats the two-player variant's neutral city last (its name as the table calls it).
    ``teams`` plays the team game of an expansion that has one (Cities): seats 1 and 2 are
    team 1, seats 3 and 4 team 2, and so on (teammates sit side by side); a table that
    cannot be split so is refused, naming the field.
    """
    coins = catalog.rules.starting_coins
    everyone = [*seats, free_city] if free_city is not None else list(seats)
    cities: list[dict[str, Any]] = []
    if pad:
        cities = [{"player": squeeze(seat.player), "coins": coins, "categories": {}} for seat in everyone]
    else:
        dealt = deal(catalog, [(seat.wonder, seat.side) for seat in everyone], rng)
        cities = [
            {
                "player": squeeze(seat.player),
                "wonder": wonder,
                "side": side,
                "stages": 0,
                "coins": coins,
                "cards": [],
            }
            for seat, (wonder, side) in zip(everyone, dealt, strict=True)
        ]
    if free_city is not None:
        cities[-1]["free_city"] = True
    if teams:
        size = catalog.rules.team_size
        if not size or free_city is not None or len(cities) % size or len(cities) < 2 * size:
            raise GameFormatError(
                ("teams",),
                N_("The team game needs an expansion with teams (Cities) and a table of teams of {size}: "
                   "{low}, {next} or more players.", size=size or 2, low=2 * (size or 2), next=3 * (size or 2)),
            )  # fmt: skip
        for seat, city in enumerate(cities):
            city["team"] = str(seat // size + 1)
    game: dict[str, Any] = {"edition": catalog.edition}
    if catalog.expansions:
        game["expansions"] = list(catalog.expansions)
    game["cities"] = cities
    return game
