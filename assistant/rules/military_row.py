"""The military row: a city's conflict tokens when given, else the conflicts resolved from
the shields (typed or worked out from the cards: :mod:`.military`), each city's line saying
its shields, its opponents', the tokens by age and what changed them (diplomacy, a teammate,
a Tomyris handing over defeats, Semiramis); one warning per fact where tokens rest on
assumed shields or a pad-entered neighbour leaves conflicts unresolved."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .catalog import Catalog
from .describe import AGE_NUMERALS, join, players_text
from .military import CityShields, defeat_givers, defeats_as_shields, ended_ages, resolve_city, table_shields
from .model import Category, Detail, Game, Problem, ProblemCode
from .records import record
from .tallies import _token_detail, _vp
from .text import N_, Nn_, Signed, Text, verbatim

_POSITIVE = (0).__lt__
"""Whether a token is a victory (``0 < token``), called in C."""


@record(frozen=False)
class _Military:
    points: int
    details: list[Detail]
    defeats: int | None
    """The defeat tokens, when known (the Strategists Guild counts them)."""
    victories: int | None = None
    """The victory tokens, when known (Alexander counts them)."""


def _military(game: Game, catalog: Catalog, problems: list[Problem]) -> list[_Military]:
    rules = catalog.rules
    defeat = rules.defeat_token
    cities = game.cities
    n = len(cities)
    out: list[_Military | None] = [None] * n
    for seat, city in enumerate(cities):
        held = city.military
        if held is not None:
            out[seat] = _Military(
                sum(held),
                [_token_detail(held)] if held else [],
                held.count(defeat),
                sum(map(_POSITIVE, held)),
            )
    if None not in out:
        return out  # type: ignore[return-value]  # no None in it
    every_shield = all(c.shields_by_age is not None for c in cities)
    found = table_shields(game, catalog)
    shields = [f.shields for f in found]
    # A game in progress has resolved the conflicts of the ages before the one being played.
    ages = ended_ages(game, rules)
    gives = defeat_givers(game, catalog)
    shields = defeats_as_shields(game, catalog, shields, ages, gives)
    assumed: list[int] = []  # cities whose tokens rest on shields derived from cards
    unresolved: dict[int, list[int]] = {}  # a neighbour without shields: the cities it leaves unresolved
    for seat, city in enumerate(cities):
        if out[seat] is not None:
            continue
        pad_points = dict(city.categories or ()).get(Category.MILITARY)
        if shields[seat] is None:
            # A pad entry with neither tokens nor shields: the pad's number, tokens unknown.
            out[seat] = _Military(pad_points or 0, [], None)
            continue
        by_age, unknown = resolve_city(game, seat, shields, ages, rules, gives)
        for other in unknown:
            unresolved.setdefault(other, []).append(seat)
        tokens = [t for taken in by_age for t in taken]
        points = sum(tokens)
        known_defeats = None if unknown else tokens.count(defeat)
        known_victories = None if unknown else sum(1 for t in tokens if t > 0)
        if pad_points is not None:
            # The pad's military number wins; the resolved tokens still serve Strategists.
            out[seat] = _Military(pad_points, [], known_defeats, known_victories)
            continue
        details = [_conflicts_detail(game, catalog, seat, shields, by_age, points, gives)] if tokens else []
        out[seat] = _Military(points, details, known_defeats, known_victories)
        if not every_shield and any(_derived(found[s]) for s in (seat, *game.neighbours(seat))):
            assumed.append(seat)
    # One warning per fact, naming every city it concerns (not one per city).
    if assumed:
        problems.append(_assumed(game, assumed, found))
    for pad_seat, seats in unresolved.items():
        problems.append(_unresolved(game, pad_seat, seats))
    return [m if m is not None else _Military(0, [], None) for m in out]


def _about(seats: Sequence[int], key: str) -> tuple[int | None, str]:
    """A problem's ``city`` and ``field`` when it concerns ``seats``: the city when it is
    one, else the table."""
    if len(seats) == 1:
        return seats[0], f"cities[{seats[0]}].{key}"
    return None, "cities"


def _unresolved(game: Game, pad_seat: int, seats: Sequence[int]) -> Problem:
    """The ``military-unknown`` warning: a pad-entered city without shields leaves its
    neighbours' conflicts with it unresolved."""
    city, at = _about(seats, "military")
    return Problem(
        "warning",
        ProblemCode.MILITARY_UNKNOWN,
        Nn_(
            "{players}'s conflicts with {other}, entered from the score pad without shields, could not "
            "be resolved and count nothing.",
            "The conflicts of {players} with {other}, entered from the score pad without shields, could "
            "not be resolved and count nothing.",
            len(seats),
            players=players_text(game, seats),
            other=game.cities[pad_seat].player,
        ),
        city=city,
        field=at,
    )


@lru_cache(maxsize=4096)
def _shields_text(shields: tuple[int, ...] | None) -> str:
    return "/".join(map(str, shields)) if shields is not None else "?"


@lru_cache(maxsize=4096)
def _tokens_text(by_age: tuple[tuple[int, ...], ...]) -> Signed:
    return Signed(
        ", ".join(
            f"{AGE_NUMERALS[age]}: {' '.join(f'{t:+d}' for t in taken)}"
            for age, taken in enumerate(by_age)
            if taken
        )
    )


def _conflicts_detail(
    game: Game,
    catalog: Catalog,
    seat: int,
    shields: list[tuple[int, ...] | None],
    by_age: list[list[int]],
    points: int,
    gives: frozenset[int],
) -> Detail:
    """One city's conflicts resolved from shields: its shields, its opponents', the tokens by
    age, and what changed them: a teammate it does not fight (the team game), defeat tokens a
    beaten Tomyris handed over, defeats counted as shields (Semiramis)."""
    left, right = game.left(seat), game.right(seat)
    tokens = _with_diplomacy(
        _with_handed(game, catalog, seat, shields, gives, _tokens_text(tuple(map(tuple, by_age)))),
        game.cities[seat].diplomacy,
    )
    mine: Text | str = _shields_text(shields[seat])
    counting = catalog.held_with(game.cities[seat].cards, "defeats_are_shields")
    if counting:
        mine = N_("{shields} ({card}: defeat tokens count as shields)", shields=mine, card=counting[0].name)
    teams = game.teams
    mates = [s for s in game.neighbours(seat) if teams[s] == teams[seat]] if teams else []
    if mates:
        return _team_conflicts_detail(game, catalog, seat, shields, mates, mine, tokens, points)
    return Detail(
        Category.MILITARY,
        points,
        "conflicts",
        _vp(
            "Shields by age {mine} against {left} {left_shields} and {right} {right_shields}; "
            "tokens {tokens}: {points} victory point",
            "Shields by age {mine} against {left} {left_shields} and {right} {right_shields}; "
            "tokens {tokens}: {points} victory points",
            points,
            mine=mine,
            left=game.cities[left].player,
            left_shields=_shields_text(shields[left]),
            right=game.cities[right].player,
            right_shields=_shields_text(shields[right]),
            tokens=tokens,
        ),
    )


def _team_conflicts_detail(
    game: Game,
    catalog: Catalog,
    seat: int,
    shields: list[tuple[int, ...] | None],
    mates: list[int],
    mine: Text | str,
    tokens: Text | str,
    points: int,
) -> Detail:
    """The team game: a city beside a teammate fights its other neighbour twice an age (the
    conflicts' detail for a city with a teammate among its neighbours, ``mates``)."""
    others = [s for s in game.neighbours(seat) if s not in mates]
    # A city on diplomacy in the team game still fights once: a reading of one player's
    # account of the team rules (ruling cities-team-conflicts, not confirmed).
    diplomacy = any(game.away(age + 1) & {seat, *others} for age in ended_ages(game, catalog.rules))
    opponents = join(
        [
            N_(
                "{player} {shields}",
                player=verbatim(game.cities[s].player),
                shields=_shields_text(shields[s]),
            )
            for s in others
        ]
    )
    return Detail(
        Category.MILITARY,
        points,
        "conflicts",
        _vp(
            "Shields by age {mine} against {opponents}, twice an age as {mate} is a teammate; "
            "tokens {tokens}: {points} victory point",
            "Shields by age {mine} against {opponents}, twice an age as {mate} is a teammate; "
            "tokens {tokens}: {points} victory points",
            points,
            mine=mine,
            opponents=opponents,
            mate=join([verbatim(game.cities[s].player) for s in mates]),
            tokens=tokens,
        ),
        "cities-team-conflicts" if diplomacy else None,
    )


def _with_handed(
    game: Game,
    catalog: Catalog,
    seat: int,
    shields: list[tuple[int, ...] | None],
    gives: frozenset[int],
    tokens: Text | str,
) -> Text | str:
    """The tokens, and the defeat tokens among them that a beaten neighbour handed over with
    its Tomyris (the city that beat her takes her defeat token beside its victory)."""
    mine = shields[seat]
    if not gives or mine is None:
        return tokens
    handed: dict[int, int] = {}
    for age in ended_ages(game, catalog.rules):
        for other in game.opponents(seat, age + 1):
            theirs = shields[other]
            if other in gives and theirs is not None and mine[age] > theirs[age]:
                handed[other] = handed.get(other, 0) + 1
    for other, n in handed.items():
        card = catalog.held_with(game.cities[other].cards, "gives_defeats")[0]
        tokens = Nn_(
            "{tokens} ({n} defeat token from {player}, whose {card} hands defeats to the victor)",
            "{tokens} ({n} defeat tokens from {player}, whose {card} hands defeats to the victor)",
            n,
            tokens=tokens,
            player=game.cities[other].player,
            card=card.name,
        )
    return tokens


def _with_diplomacy(tokens: Text | str, ages: Sequence[int] | None) -> Text | str:
    """The tokens, and the ages the city sat out on diplomacy (Cities)."""
    if not ages:
        return tokens
    return N_(
        "{tokens} (diplomacy in Age {ages})",
        tokens=tokens or Signed("-"),
        ages=", ".join(AGE_NUMERALS[a - 1] for a in ages),
    )


def _derived(found: CityShields) -> bool:
    """Whether the city's shields were worked out from its cards (not typed, not unknown)."""
    return found.shields is not None and not found.typed


def _assumed(game: Game, seats: Sequence[int], found: Sequence[CityShields]) -> Problem:
    """The ``military-assumed`` warning, once for the table: whose tokens were worked out, from
    which cities' typed shields and which cities' cards, and whose stages had to be dated."""
    city, at = _about(seats, "military")
    players = players_text(game, seats)
    involved = sorted({s for seat in seats for s in (seat, game.left(seat), game.right(seat))})
    typed = [s for s in involved if found[s].typed]
    derived = [s for s in involved if _derived(found[s])]
    dated = [s for s in derived if found[s].guessed]
    if typed:
        message = _assumed_with_typed(game, seats, players, typed, derived, dated)
    else:
        message = _assumed_from_cards(game, seats, players, dated)
    return Problem("warning", ProblemCode.MILITARY_ASSUMED, message, city=city, field=at)


def _assumed_with_typed(
    game: Game, seats: Sequence[int], players: Text, typed: list[int], derived: list[int], dated: list[int]
) -> Text:
    """The ``military-assumed`` message when some cities' shields were typed: from whose typed
    shields, whose red cards and whose dated stages the tokens were worked out."""
    return (
        Nn_(
            "{players}'s conflict tokens were not given: they were worked out from the shields typed for "
            "{typed} and from the red cards of {derived}, each counted from its own age on, and the wonder "
            "stages of {dated}, stage k counted from Age k on; compare them with the tokens on the table.",
            "The conflict tokens of {players} were not given: they were worked out from the shields typed "
            "for {typed} and from the red cards of {derived}, each counted from its own age on, and the "
            "wonder stages of {dated}, stage k counted from Age k on; compare them with the tokens on the "
            "table.",
            len(seats),
            players=players,
            typed=players_text(game, typed),
            derived=players_text(game, derived),
            dated=players_text(game, dated),
        )
        if dated
        else Nn_(
            "{players}'s conflict tokens were not given: they were worked out from the shields typed for "
            "{typed} and from the red cards of {derived}, each counted from its own age on; compare them "
            "with the tokens on the table.",
            "The conflict tokens of {players} were not given: they were worked out from the shields typed "
            "for {typed} and from the red cards of {derived}, each counted from its own age on; compare "
            "them with the tokens on the table.",
            len(seats),
            players=players,
            typed=players_text(game, typed),
            derived=players_text(game, derived),
        )
    )


def _assumed_from_cards(game: Game, seats: Sequence[int], players: Text, dated: list[int]) -> Text:
    """The ``military-assumed`` message when no city's shields were typed: the tokens were worked
    out from the red cards, and from whose dated stages."""
    return (
        Nn_(
            "{players}'s conflict tokens were not given: they were worked out from the shields of the red "
            "cards, each counted from its own age on, and of the wonder stages of {dated}, stage k counted "
            "from Age k on; compare them with the tokens on the table.",
            "The conflict tokens of {players} were not given: they were worked out from the shields of the "
            "red cards, each counted from its own age on, and of the wonder stages of {dated}, stage k "
            "counted from Age k on; compare them with the tokens on the table.",
            len(seats),
            players=players,
            dated=players_text(game, dated),
        )
        if dated
        else Nn_(
            "{players}'s conflict tokens were not given: they were worked out from the shields of the red "
            "cards, each counted from its own age on; compare them with the tokens on the table.",
            "The conflict tokens of {players} were not given: they were worked out from the shields of the "
            "red cards, each counted from its own age on; compare them with the tokens on the table.",
            len(seats),
            players=players,
        )
    )
