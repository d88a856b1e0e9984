"""Rows a table types rather than cards: a pad entry's numbers, tokens counted by hand in the
fields an expansion declares, and the expansions' rows typed beside a city's cards, where a
number the cards or tokens decide counts and a typed one that differs is reported."""

from __future__ import annotations

from .catalog import Catalog
from .model import Category, City, Detail, Game, Problem, ProblemCode
from .pad_rows import typed_differs
from .science import ScienceResult, science_points
from .tallies import _Lookups, _science_reason, _treasury_detail, _vp
from .text import N_, Text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .military_row import _Military


def _score_pad(
    seat: int, game: Game, lookups: _Lookups, military: list[_Military], problems: list[Problem]
) -> tuple[list[int], list[Detail]]:
    """A pad-entry city: the pad's numbers, treasury from coins and science from symbols when given."""
    city = game.cities[seat]
    given = dict(city.categories or ())
    categories = lookups.categories
    index = lookups.index
    cats = [given.get(c, 0) for c in categories]
    details: list[Detail] = []
    if Category.MILITARY not in given:
        cats[index[Category.MILITARY]] = military[seat].points
        details.extend(military[seat].details)
    symbols = city.science_symbols
    best: ScienceResult | None = None
    if symbols is not None:
        best = science_points(symbols.compass, symbols.gear, symbols.tablet, symbols.wild)
        written = given.get(Category.SCIENCE)
        cats[index[Category.SCIENCE]] = best.points
        if written is not None and written != best.points:
            problems.append(_science_mismatch(seat, city, written, best.points))
    if Category.TREASURY not in given:
        cats[index[Category.TREASURY]] = city.coins // lookups.coins_per_point
    for slot, category in enumerate(categories):
        points = cats[slot]
        if category is Category.MILITARY and Category.MILITARY not in given:
            continue
        if category is Category.SCIENCE and best is not None:
            if best.points:
                details.append(Detail(Category.SCIENCE, best.points, "science", _science_reason(best)))
            continue
        if category is Category.TREASURY and Category.TREASURY not in given:
            if points:
                details.append(_treasury_detail(city.coins, lookups.coins_per_point))
            continue
        if points:
            details.append(
                Detail(
                    category,
                    points,
                    "score-pad",
                    _vp(
                        "{category} from the score pad: {points} victory point",
                        "{category} from the score pad: {points} victory points",
                        points,
                        category=lookups.names[category],
                    ),
                )
            )
    return cats, details


def _science_mismatch(seat: int, city: City, written: int, computed: int) -> Problem:
    """The pad's science number differs from what the science symbols given score."""
    return Problem(
        "warning",
        ProblemCode.SCIENCE_MISMATCH,
        N_(
            "{player}'s score pad says {written} for science, but the symbols given score "
            "{computed}; the computed {computed} is counted.",
            player=city.player,
            written=written,
            computed=computed,
        ),
        city=seat,
        field=f"cities[{seat}].categories.science",
    )


def _score_tokens(
    seat: int, city: City, lookups: _Lookups, cats: list[int], details: list[Detail], problems: list[Problem]
) -> None:
    """Tokens counted in the fields an expansion declares, each worth its points in its
    category. A pad that also wrote that category keeps the computed number (a warning says
    so when they differ)."""
    held = dict(city.extra)
    given = dict(city.categories or ())
    index = lookups.index
    for declared in lookups.token_fields:
        count = held.get(declared.key, 0)
        if not count:
            continue
        points = declared.worth(count)
        slot = index[declared.category]
        written = given.get(declared.category) if city.cards is None else None  # a pad's number
        if written is not None:
            if written != points:
                problems.append(
                    typed_differs(
                        seat,
                        city.player,
                        declared.category,
                        lookups.names[declared.category],
                        written,
                        points,
                        declared,
                    )
                )
            cats[slot] -= written
            details[:] = [
                d for d in details if not (d.category is declared.category and d.source == "score-pad")
            ]
        cats[slot] += points
        details.append(
            Detail(
                declared.category,
                points,
                declared.key,
                _vp(
                    "{field}: {count} × {each}: {points} victory point",
                    "{field}: {count} × {each}: {points} victory points",
                    points,
                    field=Text(declared.label),
                    count=count,
                    each=declared.points,
                )
                if not declared.table
                else _vp(
                    "{field}: {count}, by the rulebook's table: {points} victory point",
                    "{field}: {count}, by the rulebook's table: {points} victory points",
                    points,
                    field=Text(declared.label),
                    count=count,
                ),
            )
        )
    details.sort(key=lambda d: index[d.category])


def _score_typed_rows(
    seat: int, city: City, lookups: _Lookups, cats: list[int], details: list[Detail], problems: list[Problem]
) -> None:
    """The expansion rows a city entered card by card types beside its cards: the number
    the table wrote counts, unless the city's cards or tokens decide the row (then the
    computed number counts, and a warning says so when the two differ)."""
    index = lookups.index
    for category, written in city.categories or ():
        slot = index[category]
        decided = cats[slot] != 0 or any(d.category is category for d in details)
        if decided:
            if written != cats[slot]:
                problems.append(
                    typed_differs(seat, city.player, category, lookups.names[category], written, cats[slot])
                )
            continue
        cats[slot] = written
        if written:
            details.append(
                Detail(
                    category,
                    written,
                    "score-pad",
                    _vp(
                        "{category} from the score pad: {points} victory point",
                        "{category} from the score pad: {points} victory points",
                        written,
                        category=lookups.names[category],
                    ),
                )
            )
    details.sort(key=lambda d: index[d.category])


def _typed_board(seat: int, city: City, catalog: Catalog) -> Problem:
    """A city entered card by card on a board the data does not know stage by stage."""
    return Problem(
        "warning",
        ProblemCode.TYPED_BOARD,
        N_(
            "{player}'s board, {wonder}, is not known stage by stage yet: its wonder points are "
            "the number typed, and its stages' shields, resources and powers are not counted.",
            player=city.player,
            wonder=catalog.wonder(str(city.wonder)).name,
        ),
        city=seat,
        field=f"cities[{seat}].categories.wonder",
    )
