"""Score a table: the seven categories, every point explained, the ranking and every problem.

Rulebook (2010), End of the game: points are counted in the score pad's order
(military, treasury, wonder, civilian, science, commercial, guilds); the most points
wins, a tie goes to the most coins, a tie on coins too is shared.

How each category is found:

* **Military**: a city's ``military`` tokens when given. Otherwise, when every city
  gives ``shields_by_age``, the conflicts are resolved each age against each neighbour.
  Otherwise shields are derived from the cards (see :mod:`~assistant.rules.military`)
  and a ``military-assumed`` warning says so.
* **Treasury**: coins // the edition's ``coins_per_point`` (3). **Wonder**: the points of the built stages.
  **Civilian**: blue cards. **Science**: green symbols plus wildcards, assigned
  optimally (:mod:`~assistant.rules.science`).
* **Commercial** and **Guilds**: the ``points-per`` effects of yellow and purple cards
  over the cities they name (left = next seat, right = previous seat). A board's
  starting resource is never a card.
* **Olympia B stage 3** copies the neighbour's guild that gains Olympia the most,
  evaluated as if Olympia had built it; it cannot copy a guild Olympia holds. Its
  points are counted once, under guilds (a copied Scientists Guild adds a science
  wildcard instead, shown under science). Ruling decided here: a copied guild is not a
  structure of the city, so Olympia's own Shipowners Guild does not count it, but a
  copied Shipowners Guild counts itself ("as if built").
* **Pad entry** (``categories`` instead of ``cards``): the pad's numbers; treasury from
  the coins when absent; science computed from ``science_symbols`` when given.

Where each part lives: this module scores one city's cards and the table (ranks, the
winners' sentence); :mod:`.tallies` holds what is computed once per catalog and a city's
counts (packed in one integer a card, so a city's counts are one ``sum`` over its cards),
science and the counting effects; :mod:`.military_row` the military row; :mod:`.copies`
Olympia B's guild, the Courtesans' leader and the masks; :mod:`.typed_rows` a pad's
numbers, tokens counted by hand and typed rows.
"""

from __future__ import annotations

from itertools import pairwise
from operator import attrgetter

from .catalog import Catalog, catalog_for
from .copies import (
    _NO_MASK,
    _CityScience,
    _copy_guild,
    _copy_leader,
    _guild_candidates,
    _guild_gain,
    _masks,
    _set_bonus_detail,
)
from .describe import join
from .expansion_fields import fields_of
from .military_row import _military
from .model import (
    Category,
    CityScore,
    Detail,
    Game,
    Problem,
    ScoreSheet,
)
from .tallies import (
    _SCIENCE_FIELDS,
    _SYMBOL_SHIFTS,
    _Counter,
    _Lookups,
    _lookups,
    _pad_warning,
    _per_detail,
    _science,
    _Special,
    _treasury_detail,
    _view,
    _vp,
    held_among,
)
from .teams import explain_teams, rank_teams
from .text import N_, Text, verbatim
from .typed_rows import _score_pad, _score_tokens, _score_typed_rows, _typed_board
from .validate import check_game_and_cards

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model import TieBreak
    from .tallies import _Side


# --- one city --------------------------------------------------------------------------------


def _score_cards(
    seat: int,
    game: Game,
    lookups: _Lookups,
    counter: _Counter,
    problems: list[Problem],
) -> tuple[list[int], list[Detail]]:
    """A card-level city's points by category (in the edition's order) and its details."""
    city = game.cities[seat]
    view = counter.views[seat]
    assert view is not None
    index = lookups.index
    mil = counter.military[seat]
    cats = [0] * len(lookups.categories)
    details = list(mil.details)
    cats[index[Category.MILITARY]] += mil.points
    rate = lookups.coins_per_point
    cats[index[Category.TREASURY]] += city.coins // rate
    if city.coins >= rate:
        details.append(_treasury_detail(city.coins, rate))
    side = lookups.sides.get((city.wonder, city.side)) if city.wonder is not None else None
    if side is not None:
        k = min(city.stages, len(side.points) - 1)
        cats[index[Category.WONDER]] += side.points[k]
        details.extend(side.details[k])
    packed = view.packed
    if view.constants:
        for slot in lookups.constant_slots:  # the first edition: only blue cards score constant points
            cats[slot] += packed >> lookups.points_shifts[slot] & lookups.points_mask
        details.extend(view.constants)
    science_key = packed >> _SYMBOL_SHIFTS[0] & _SCIENCE_FIELDS
    bonus_cards = held_among(view.cards, lookups.set_bonus.keys()) if lookups.set_bonus else []
    bonus = sum(lookups.set_bonus[c][0] for c in bonus_cards) if bonus_cards else 0
    mask = (
        _NO_MASK if lookups.masks.isdisjoint(view.cards) else _masks(seat, game, lookups, counter, problems)
    )
    best, science = _science(science_key, bonus, *mask) if lookups.masks else _science(science_key, bonus)
    cats[index[Category.SCIENCE]] += best.points - bonus * best.sets if bonus else best.points
    if science is not None:
        details.append(science)
    counted: list[Detail] = []
    n = len(game.cities)
    left, right = game.cities[(seat + 1) % n].player, game.cities[(seat - 1) % n].player
    for card in view.specials:
        for number, per in enumerate(card.per):
            unknown: list[int] = []
            count = per.count(counter, seat, n, unknown)
            if unknown:
                problems.append(_pad_warning(game, seat, card.name, unknown))
            detail = _per_detail(lookups, card, number, count, left, right)
            cats[index[card.category]] += detail.points
            counted.append(detail)
    copiers = held_among(view.cards, lookups.leader_copiers.keys()) if lookups.leader_copiers else []
    powers = (bonus_cards, copiers, side if side is not None and 0 < side.copy_stage <= city.stages else None)
    if any(powers):  # rare: Aristotle, the Courtesans, Olympia B's built copying stage
        now = _CityScience(science_key, bonus, best, mask, bonus)
        _score_powers(seat, game, lookups, counter, powers, now, problems, cats, details, counted)
    details.extend(counted)
    details.sort(key=lambda d: index[d.category])  # stable: keeps each category's order
    return cats, details


def _score_powers(
    seat: int,
    game: Game,
    lookups: _Lookups,
    counter: _Counter,
    powers: tuple[list[str], list[str], _Side | None],
    science: _CityScience,
    problems: list[Problem],
    cats: list[int],
    details: list[Detail],
    counted: list[Detail],
) -> None:
    """The rarer powers of a card-level city, added to its points by category ``cats``, to its
    ``details`` and to those ``counted`` after its cards: the leader a Courtesans Guild copies,
    the guild Olympia B's stage copies, then Aristotle's bonus for each complete science set
    the city ends with, copies included. ``powers``: the city's set-bonus cards (Aristotle),
    its leader-copying cards (the Courtesans) and its wonder side when its copying stage is
    built (None: not)."""
    index = lookups.index
    bonus_cards, copiers, copying = powers
    copier = copiers[0] if copiers else None
    guilds: list[tuple[int, _Special]] = []
    said: list[Problem] = []  # the guild copy's warnings, after the leader's
    if copying is not None:
        guilds = _guild_candidates(seat, game, lookups, counter, copying.name, copying.copy_stage, said)
    if copier is not None:
        # Both copies chosen together: a copied leader's symbol and a copied wildcard add up.
        then = _guild_gain(seat, counter, guilds) if copying is not None else None
        copied_leader, science = _copy_leader(seat, game, lookups, counter, copier, science, problems, then)
        if copied_leader is not None:
            cats[index[copied_leader.category]] += copied_leader.points
            counted.append(copied_leader)
    problems.extend(said)
    if copying is not None:
        copied, science = _copy_guild(
            seat, game, lookups, counter, science, copying.name, copying.copy_stage, guilds, problems
        )
        if copied is not None:
            cats[index[copied.category]] += copied.points
            (details if copied.category is Category.SCIENCE else counted).append(copied)
    for cid in bonus_cards:
        detail = _set_bonus_detail(lookups, cid, science.best.sets)
        cats[index[detail.category]] += detail.points
        details.append(detail)


# --- the table -------------------------------------------------------------------------------


_RULING = attrgetter("ruling")


def _said_unconfirmed(details: list[Detail], catalog: Catalog) -> tuple[Detail, ...]:
    """The city's details, each whose points a ruling the rulebook does not confirm yet
    decided saying so in a short phrase that names the ruling (its id kept for a link);
    a ruling since confirmed in the data is not mentioned."""
    if not any(map(_RULING, details)):
        return tuple(details)
    out = []
    for detail in details:
        if detail.ruling is not None:
            ruling = catalog.find_ruling(detail.ruling)
            detail = (
                Detail(detail.category, detail.points, detail.source, detail.reason)
                if ruling is None or ruling.confirmed
                else Detail(
                    detail.category,
                    detail.points,
                    detail.source,
                    N_(
                        "{reason} (an unconfirmed ruling: {title})",
                        reason=detail.reason,
                        title=Text(ruling.title),
                    ),
                    ruling.id,
                )
            )
        out.append(detail)
    return tuple(out)


def score_game(game: Game, catalog: Catalog | None = None) -> ScoreSheet:
    """Score every city, rank the players and list every problem found at the table."""
    catalog = catalog or catalog_for(game.edition, game.expansions)
    lookups = _lookups(catalog)
    problems, counters = check_game_and_cards(game, catalog, lookups.counts)
    cities = game.cities
    views = [
        None if city.cards is None else _view(city, lookups, counters[seat] if counters else None)
        for seat, city in enumerate(cities)
    ]
    military = _military(game, catalog, problems)
    counter = _Counter(game, catalog, views, military)
    scored = [
        _score_pad(seat, game, lookups, military, problems)
        if views[seat] is None
        else _score_cards(seat, game, lookups, counter, problems)
        for seat in range(len(cities))
    ]
    _score_rows(game, catalog, lookups, scored, problems)
    totals = [sum(cats) for cats, _ in scored]
    ranked = [s for s, city in enumerate(cities) if not city.free_city]
    keys = [(totals[s], cities[s].coins) for s in ranked]
    order = sorted(keys, reverse=True)
    # Equal on points and coins share a rank, and the next rank skips (1, 1, 3).
    ranks: dict[int, int] = {s: order.index(key) + 1 for s, key in zip(ranked, keys, strict=True)}
    unconfirmed = catalog.unconfirmed
    scores = tuple(
        CityScore(
            player=city.player,
            seat=seat,
            categories=dict(zip(lookups.categories, scored[seat][0], strict=True)),
            total=totals[seat],
            coins=city.coins,
            rank=ranks.get(seat),
            details=_said_unconfirmed(scored[seat][1], catalog) if unconfirmed else tuple(scored[seat][1]),
            free_city=city.free_city,
            wonder=city.wonder,
            side=city.side if city.wonder is not None else None,
            pad_entry=city.cards is None,
        )
        for seat, city in enumerate(cities)
    )
    teams = rank_teams(cities, totals) if cities and cities[0].team is not None else ()
    if teams:
        won = [p for t in teams if t.rank == 1 for p in t.players]
        decided_by, explanation = explain_teams(teams)
        winners = [s for s in ranked if cities[s].player in won]
    else:
        winners = [s for s in ranked if ranks[s] == 1]
        decided_by, explanation = _explain(game, ranked, winners, totals)
    return ScoreSheet(
        edition=game.edition,
        cities=scores,
        winners=tuple(cities[s].player for s in winners),
        problems=tuple(problems),
        decided_by=decided_by,
        explanation=explanation,
        expansions=game.expansions,
        teams=teams,
    )


def _score_rows(
    game: Game,
    catalog: Catalog,
    lookups: _Lookups,
    scored: list[tuple[list[int], list[Detail]]],
    problems: list[Problem],
) -> None:
    """Add to each city's points and details (``scored``) the rows beside its cards: tokens
    counted by hand, the city fields that carry a rule (Armada's naval strengths) and the rows
    typed beside a city's cards; a board not known stage by stage is reported."""
    cities = game.cities
    if lookups.token_fields:
        for seat, city in enumerate(cities):
            if city.extra:
                _score_tokens(seat, city, lookups, *scored[seat], problems)
    for field in fields_of(catalog):  # the city fields that carry a rule (Armada's naval strengths)
        if field.rule is not None:
            field.rule(game, catalog, lookups.index, scored, problems)
    for seat, city in enumerate(cities):
        if city.cards is not None and city.wonder is not None and catalog.wonder(city.wonder).typed:
            problems.append(_typed_board(seat, city, catalog))
        if city.categories and city.cards is not None:
            _score_typed_rows(seat, city, lookups, *scored[seat], problems)


def _explain(game: Game, ranked: list[int], winners: list[int], totals: list[int]) -> tuple[TieBreak, Text]:
    """How the win was decided, and a sentence saying who won and how."""
    cities = game.cities
    if not winners:
        return "alone", N_("No player to rank.")
    first = winners[0]
    points = totals[first]
    if len(ranked) == 1:
        return "alone", _vp(
            "{player} is the only player, with {points} victory point.",
            "{player} is the only player, with {points} victory points.",
            points,
            player=cities[first].player,
        )
    if len(winners) > 1:
        return "shared", _vp(
            "{players} share the victory with {points} victory point and {coins} coins each.",
            "{players} share the victory with {points} victory points and {coins} coins each.",
            points,
            players=join([verbatim(cities[s].player) for s in winners]),
            coins=cities[first].coins,
        )
    tied = [s for s in ranked if totals[s] == points and s != first]
    if tied:
        return "coins", _vp(
            "{player} wins on a tie of {points} victory point with more coins ({coins} against {other}).",
            "{player} wins on a tie of {points} victory points with more coins ({coins} against {other}).",
            points,
            player=cities[first].player,
            coins=cities[first].coins,
            other=max(cities[s].coins for s in tied),
        )
    second = max(totals[s] for s in ranked if s != first)
    return "points", _vp(
        "{player} wins with {points} victory point, {lead} ahead of the next player.",
        "{player} wins with {points} victory points, {lead} ahead of the next player.",
        points,
        player=cities[first].player,
        lead=points - second,
    )


def tie_notes(sheet: ScoreSheet) -> tuple[Text, ...]:
    """A sentence for each two players next to each other in the ranking with equal points:
    who is ahead on coins (the rulebook's tie-break), or that they share the place.

    In ranking order; the Free City is never ranked, so never named.
    """
    ranked = sorted((c for c in sheet.cities if c.rank is not None), key=lambda c: (c.rank or 0, c.seat))
    notes: list[Text] = []
    for ahead, behind in pairwise(ranked):
        if ahead.total != behind.total:
            continue
        if ahead.coins != behind.coins:
            notes.append(
                N_(
                    "{ahead} is ahead of {behind} on coins, {more} to {fewer}: both have {points}.",
                    ahead=ahead.player,
                    behind=behind.player,
                    more=ahead.coins,
                    fewer=behind.coins,
                    points=_vp("{points} victory point", "{points} victory points", ahead.total),
                )
            )
        else:
            notes.append(
                N_(
                    "{first} and {second} share place {rank}: the same points and the same coins ({coins}).",
                    first=ahead.player,
                    second=behind.player,
                    rank=ahead.rank,
                    coins=ahead.coins,
                )
            )
    return tuple(notes)
