"""Players' names: two cities of one table never share a name, compared without case,
accents or spacing (``duplicate-player``), and the web's forms refuse such a name."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from itertools import chain

from .describe import join
from .errors import GameFormatError
from .model import Game, Problem, ProblemCode
from .text import N_, Nn_, squeeze, verbatim

_ACCENTS = dict.fromkeys(
    chain(
        range(0x300, 0x370),
        range(0x1AB0, 0x1B00),
        range(0x1DC0, 0x1E00),
        range(0x20D0, 0x2100),
        range(0xFE20, 0xFE30),
    )
)
"""The combining diacritical marks of Latin, Greek and Cyrillic letters (the accents), as a
table that ``str.translate`` deletes (a regular expression of these ranges was a fiftieth
of a ``score`` call's start to compile); other scripts' marks (Devanagari vowel signs,
Hangul jamo) are letters of the name and stay."""


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """How two player names are compared: Unicode NFC, case folded, accents and repeated
    spaces ignored (``"José"``, ``" jose "`` and ``"JOSE"`` are one name)."""
    bare = unicodedata.normalize("NFD", name).translate(_ACCENTS)
    return squeeze(unicodedata.normalize("NFC", bare.casefold()))


def same_names(names: Sequence[str]) -> list[list[int]]:
    """The groups of seats (two or more) whose names are the same name (:func:`name_key`)."""
    keys = list(map(name_key, names))
    if len(set(keys)) == len(keys):
        return []
    seats: dict[str, list[int]] = {}
    for seat, key in enumerate(keys):
        seats.setdefault(key, []).append(seat)
    return [group for group in seats.values() if len(group) > 1]


def name_problems(game: Game) -> list[Problem]:
    """A ``duplicate-player`` problem for each name two or more cities share, naming every seat
    (counted from 1). The ranking and the winners name players by name, so a table must tell
    them apart (the set-up page asks for an initial)."""
    out: list[Problem] = []
    for group in same_names([city.player for city in game.cities]):
        out.append(
            Problem(
                "error",
                ProblemCode.DUPLICATE_PLAYER,
                Nn_(
                    "{n} city has the player name {player}, at seats {seats}: give each player a name of "
                    "their own, or the ranking and the winners cannot tell them apart.",
                    "{n} cities have the player name {player}, at seats {seats}: give each player a name of "
                    "their own, or the ranking and the winners cannot tell them apart.",
                    len(group),
                    player=game.cities[group[0]].player,
                    seats=join([verbatim(str(seat + 1)) for seat in group]),
                ),
                city=group[1],
                field=f"cities[{group[1]}].player",
            )
        )
    return out


def _check_names(game: Game, problems: list[Problem]) -> None:
    problems.extend(name_problems(game))


def refuse_same_names(game: Game, seat: int | None = None) -> None:
    """Raise :class:`~.errors.GameFormatError` naming a city whose player name another city
    has: for a game about to be stored (the statistics and the ranking tell players apart by
    name), where scoring would only report ``duplicate-player``. ``seat``: the city being
    changed, named when it is one of them (else the second city of the first such name)."""
    groups = same_names([city.player for city in game.cities])
    if not groups:
        return
    mine = next((g for g in groups if seat in g), None)
    if mine is not None and seat is not None:
        first, second = next(s for s in mine if s != seat), seat
    else:
        first, second = groups[0][:2]
    raise GameFormatError(
        ("cities", second, "player"),
        N_(
            "{player} at seat {seat} has the name of the player at seat {other}: give each player a name of "
            "their own (add an initial).",
            player=game.cities[second].player,
            seat=second + 1,
            other=first + 1,
        ),
    )
