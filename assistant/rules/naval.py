"""Armada's naval conflicts: every city's naval strength against every other city's.

At the end of each age (after the military conflicts) all the cities compare their naval
strength, not only neighbours (Armada rulebook, "Naval conflicts"). The weakest city takes
the age's naval defeat token, then the strongest, the second and (in Age III) the third
take the age's victory tokens (:class:`~.edition.NavalRule` reads them from the data):

* cities tied for the weakest all take the defeat token, and none of them a victory token;
* cities tied on a rank all step down one rank: tied for the strongest, they all take the
  second rank's token and the next city counts as third; tied for the second, they all take
  the third rank's token and the next city takes none;
* cities that all have the same strength fight no naval conflict (no one is weaker or
  stronger than another: no token, as for a tie between neighbours on land).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import groupby

from .describe import AGE_NUMERALS, join
from .edition import NavalRule
from .model import Category, Detail, Game, Problem, ProblemCode
from .pad_rows import typed_differs
from .text import N_, Nn_, Signed, Text, verbatim

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .catalog import Catalog

__all__ = ["naval_conflicts", "naval_tokens", "naval_tokens_by_age", "score_naval"]


def naval_tokens(strengths: Sequence[int], victory: Sequence[int], defeat: int) -> list[int]:
    """The token each city takes in one age: ``strengths[i]`` is city i's naval strength,
    ``victory`` the age's victory tokens from the first rank down, ``defeat`` its defeat
    token. A city that takes none gets 0."""
    out = [0] * len(strengths)
    if len(set(strengths)) < 2:
        return out
    weakest = min(strengths)
    for seat, strength in enumerate(strengths):
        if strength == weakest:
            out[seat] = defeat
    rank = 0  # the rank (0: the first) the next group of cities stands at
    ordered = sorted((s for s in enumerate(strengths) if s[1] != weakest), key=lambda s: -s[1])
    for _, group in groupby(ordered, key=lambda s: s[1]):
        seats = [seat for seat, _ in group]
        taken = rank if len(seats) == 1 else rank + 1  # a tie steps down one rank
        if taken < len(victory):
            for seat in seats:
                out[seat] = victory[taken]
        rank += len(seats)
    return out


def naval_tokens_by_age(by_age: Sequence[Sequence[int]], rule: NavalRule) -> list[tuple[int, ...]]:
    """Each city's naval tokens, age by age: ``by_age[i]`` is city i's naval strength at the
    end of each age (the game format's ``naval_by_age``)."""
    ages = len(rule.defeat)
    per_age = [
        naval_tokens([city[age] for city in by_age], rule.victory[age], rule.defeat[age])
        for age in range(ages)
    ]
    return [tuple(per_age[age][seat] for age in range(ages)) for seat in range(len(by_age))]


def naval_conflicts(
    game: Game,
    catalog: Catalog,
    index: Mapping[Category, int],
    scored: Sequence[tuple[list[int], list[Detail]]],
    problems: list[Problem],
) -> None:
    """The rule of the city field ``naval_by_age`` (:mod:`.cityfields`): the naval rows of a
    game whose expansions have naval conflicts, from the strengths every city gives."""
    rule = catalog.rules.naval
    if rule is not None:
        score_naval(game, rule, index[rule.category], scored, problems)


def score_naval(
    game: Game,
    rule: NavalRule,
    slot: int,
    scored: Sequence[tuple[list[int], list[Detail]]],
    problems: list[Problem],
) -> list[tuple[int, ...]] | None:
    """Fill each city's naval row (``scored[seat]``: its points by category and its details;
    ``slot``: the naval row's place) from the naval strengths, when every city that plays
    gives them; the tokens each city took (None: not worked out). When only some give them,
    a ``naval-unknown`` warning says so and the typed rows stand."""
    seats = [seat for seat, city in enumerate(game.cities) if not city.free_city]
    given = [seat for seat in seats if game.cities[seat].added("naval_by_age") is not None]
    if not given:
        return None
    if len(given) < len(seats):
        problems.append(_naval_unknown(game, [seat for seat in seats if seat not in given]))
        return None
    strengths = [game.cities[seat].added("naval_by_age") for seat in seats]  # each given (above)
    tokens = naval_tokens_by_age(strengths, rule)
    for seat, taken in zip(seats, tokens, strict=True):
        cats, details = scored[seat]
        typed = [d for d in details if d.category is rule.category]
        details[:] = [d for d in details if d.category is not rule.category]
        points = sum(taken)
        written = cats[slot] if typed else None
        if written is not None and written != points:
            problems.append(
                typed_differs(
                    seat, game.cities[seat].player, rule.category, Text(""), written, points, naval=True
                )
            )
        cats[slot] = points
        details.append(
            Detail(
                rule.category,
                points,
                "naval_by_age",
                Nn_(
                    "Naval conflicts (strength {strengths}): {tokens}: {points} victory point",
                    "Naval conflicts (strength {strengths}): {tokens}: {points} victory points",
                    abs(points),
                    strengths=", ".join(str(s) for s in strengths[seats.index(seat)]),
                    tokens=_tokens_text(taken),
                    points=points,
                ),
                _resting_on(strengths, seats.index(seat), taken, rule),
            )
        )
    return tokens


def _naval_unknown(game: Game, missing: Sequence[int]) -> Problem:
    """The ``naval-unknown`` warning: the cities that did not give their naval strengths."""
    return Problem(
        "warning",
        ProblemCode.NAVAL_UNKNOWN,
        N_(
            "The naval conflicts are worked out when every city gives its naval strength by age; "
            "{players} did not, so the naval rows typed count.",
            players=join([verbatim(game.cities[s].player) for s in missing]),
        ),
        city=missing[0],
        field=f"cities[{missing[0]}].naval_by_age",
    )


def _resting_on(
    strengths: Sequence[Sequence[int]], index: int, taken: Sequence[int], rule: NavalRule
) -> str | None:
    """The ruling the rulebook does not confirm yet that decided a city's naval tokens: a tie
    on its strength in some age (``armada-naval-ties``), else the last age's third-place token
    (``armada-third-place``); None when neither did."""
    for age in range(len(rule.defeat)):
        mine = strengths[index][age]
        if sum(1 for city in strengths if city[age] == mine) > 1:
            return "armada-naval-ties"
    last = len(rule.defeat) - 1
    if len(rule.victory[last]) > 2 and taken[last] == rule.victory[last][2]:
        return "armada-third-place"
    return None


def _tokens_text(taken: Sequence[int]) -> Text:
    """``Age I +3, Age II none, Age III -3``."""
    parts = [
        N_("Age {age} {token}", age=AGE_NUMERALS[age], token=Signed(f"{token:+d}")) if token else
        N_("Age {age} none", age=AGE_NUMERALS[age])
        for age, token in enumerate(taken)
    ]  # fmt: skip
    return join(parts)
