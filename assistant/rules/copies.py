"""What copies another city's card at the end of the game: Olympia B's third stage (the
neighbour's guild that gains most, or the one the table names), the Courtesans Guild (the
neighbour's leader that gains most) and the masks (a symbol of the neighbours' green cards),
each scored as if the city held it, with the sentence that says what was copied."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from .describe import join
from .model import Category, Detail, Game, Problem, ProblemCode
from .records import record
from .science import ScienceResult
from .tallies import (
    _ONE_WILD,
    _SCIENCE_FIELDS,
    _category_of,
    _Counter,
    _Lookups,
    _pad_warning,
    _per_detail,
    _science,
    _Special,
    _symbols_text,
    _vp,
    _wildcards_text,
    held_among,
)
from .text import N_, Text, verbatim

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .effect_base import Scorer


_NO_MASK: tuple[tuple[int, ...], int] = ((), 0)
"""A city without masks (:func:`_masks`)."""


@record
class _CityScience:
    """A city's science before anything is copied: what a copied symbol, wildcard or set bonus
    is measured against (scoring makes it only for a city that may copy)."""

    key: int
    """Its science symbols and wildcards, packed (:data:`~.tallies._SCIENCE_FIELDS`)."""
    bonus: int
    """What its own leaders add to each complete set (Aristotle)."""
    best: ScienceResult
    """Its science at its best, the bonus included."""
    mask: tuple[tuple[int, ...], int]
    """What its masks may copy, and how many it holds (:func:`_masks`)."""
    own: int
    """What the city's own leaders add to each complete set (Aristotle), which their own row
    shows: a copy's gain in the science row leaves it out (:meth:`kept`)."""

    def with_more(self, symbols: int, bonus: int = 0) -> ScienceResult:
        """The city's science with ``symbols`` more (packed as :attr:`key`) and ``bonus`` more
        for each complete set."""
        return _science(self.key + symbols, self.bonus + bonus, *self.mask)[0]

    def after(self, symbols: int, bonus: int = 0) -> _CityScience:
        """The city's science once it holds ``symbols`` more and ``bonus`` more a set: what a
        second copy is measured against after a first (a copied leader, then a copied guild)."""
        if not symbols and not bonus:
            return self
        key, more = self.key + symbols, self.bonus + bonus
        return _CityScience(key, more, _science(key, more, *self.mask)[0], self.mask, self.own)

    def kept(self, result: ScienceResult) -> int:
        """The points of ``result`` the science row keeps: all but the city's own set bonus."""
        return result.points - self.own * result.sets


def _copy_guild(
    seat: int,
    game: Game,
    lookups: _Lookups,
    counter: _Counter,
    science: _CityScience,
    wonder: str,
    stage: int,
    candidates: list[tuple[int, _Special]],
    problems: list[Problem],
) -> tuple[Detail | None, _CityScience]:
    """Olympia B: the neighbour's guild among ``candidates`` (:func:`_guild_candidates`) that
    gains the city the most, as a detail (None: none to copy), and the city's science once it
    holds the copy.

    Evaluated as if the city had built it, with its own neighbours; a guild the city
    already holds cannot be copied. On equal gains the left neighbour's comes first.
    """
    best = _best_guild(seat, counter, candidates, science)
    if best is None:
        return None, science
    _, owner, card, count, blind = best
    owner_name = game.cities[owner].player
    if blind:
        # The same warning as the guild held directly gets (_pad_warning): the copy counts
        # Olympia's own neighbours, and one of them was entered without its cards.
        problems.append(_blind_copy(game, seat, wonder, stage, card.name, owner_name, blind))
    if not card.per:
        return _copied_wildcard(science, card, wonder, stage, owner_name), science.after(
            card.wild * _ONE_WILD
        )
    left = game.cities[game.left(seat)].player
    right = game.cities[game.right(seat)].player
    copied = (wonder, stage, owner_name, game.cities[seat].player)
    return _per_detail(lookups, card, len(card.per) - 1, count, left, right, copied), science


def _guild_candidates(
    seat: int,
    game: Game,
    lookups: _Lookups,
    counter: _Counter,
    wonder: str,
    stage: int,
    problems: list[Problem],
) -> list[tuple[int, _Special]]:
    """The guilds Olympia B may copy, each with its owner: each guild a neighbour holds that
    the city does not, or only the one the table names (an error says so when it cannot be
    copied; a warning names each neighbour entered from the score pad, whose guilds are
    unknown)."""
    views = counter.views
    own = views[seat]
    assert own is not None
    neighbours = game.neighbours(seat)
    unknown = [o for o in neighbours if views[o] is None]
    # Each guild a neighbour holds that the city does not (a city never holds two of one name).
    candidates = [
        (owner, card)
        for owner in neighbours
        if (other := views[owner]) is not None
        for card in other.specials
        if card.is_guild and card.id not in own.cards
    ]
    chosen = game.cities[seat].copied_guild
    if chosen is not None:
        named = [(owner, card) for owner, card in candidates if card.id == chosen]
        special = lookups.scored.get(chosen)
        if not named and unknown and isinstance(special, _Special) and chosen not in own.cards:
            named = [(unknown[0], special)]  # the table's word: a pad-entered neighbour holds it
            unknown = []
        if named:
            candidates = named
        else:
            problems.append(_bad_copy(game, seat, chosen, lookups, wonder, stage))
    for owner in unknown:
        problems.append(_unseen_guilds(game, seat, wonder, stage, owner))
    return candidates


def _best_guild(
    seat: int, counter: _Counter, candidates: list[tuple[int, _Special]], science: _CityScience
) -> tuple[int, int, _Special, int, list[int]] | None:
    """The candidate guild that gains the city the most (the first on equal gains): its gain,
    owner and card, what its last scorer counts, and the pad-entered cities it counts without
    seeing them (None: no candidate)."""
    size = len(counter.views)
    best: tuple[int, int, _Special, int, list[int]] | None = None
    for owner, card in candidates:
        gain = count = 0
        blind: list[int] = []  # pad-entered cities the copy counts but cannot see
        if card.wild:
            gain = science.with_more(card.wild * _ONE_WILD).points - science.best.points
        for per in card.per:
            count = per.count(counter, seat, size, blind) + (1 if per.counts_itself else 0)
            gain += per.points * count
        if best is None or gain > best[0]:
            best = (gain, owner, card, count, blind)
    return best


def _guild_gain(
    seat: int, counter: _Counter, candidates: list[tuple[int, _Special]]
) -> Callable[[_CityScience], int]:
    """What Olympia B's copy of the best of ``candidates`` gains the city over a given science
    (0: nothing to copy): how a copied leader is weighed with the guild copy after it."""

    def gain(science: _CityScience) -> int:
        best = _best_guild(seat, counter, candidates, science)
        return 0 if best is None else best[0]

    return gain


def _unseen_guilds(game: Game, seat: int, wonder: str, stage: int, owner: int) -> Problem:
    """A neighbour entered from the score pad: its guilds could not be offered to Olympia B."""
    return Problem(
        "warning",
        ProblemCode.PAD_ENTRY_NEIGHBOUR,
        N_(
            "{player}'s {wonder} stage {stage} copies a neighbour's guild, but {other} was "
            "entered from the score pad without cards, so its guilds could not be considered.",
            player=game.cities[seat].player,
            wonder=wonder,
            stage=stage,
            other=game.cities[owner].player,
        ),
        city=seat,
    )


def _blind_copy(
    game: Game, seat: int, wonder: str, stage: int, card: str, owner: str, blind: list[int]
) -> Problem:
    """The copied guild counts a city entered from the score pad, which it cannot see."""
    return Problem(
        "warning",
        ProblemCode.PAD_ENTRY_NEIGHBOUR,
        N_(
            "{player}'s {wonder} stage {stage} copies the {card} of {owner}, which counts the city "
            "of {other}, entered from the score pad without its cards or tokens, so it cannot be "
            "scored exactly: it counts nothing there.",
            player=game.cities[seat].player,
            wonder=wonder,
            stage=stage,
            card=card,
            owner=owner,
            other=join([verbatim(game.cities[s].player) for s in dict.fromkeys(blind)]),
        ),
        city=seat,
    )


def _copied_wildcard(science: _CityScience, card: _Special, wonder: str, stage: int, owner: str) -> Detail:
    """A copied Scientists Guild: the science detail counts without the copy; this one says what
    the copied wildcard makes: the final symbols, what every wildcard became, the final science
    (the city's own set bonus left to its leader's row)."""
    final = science.with_more(card.wild * _ONE_WILD)
    gain = science.kept(final) - science.kept(science.best)
    return Detail(
        Category.SCIENCE,
        gain,
        f"stage-{stage}",
        _vp(
            "{wonder} stage {stage} copies the {card} of {owner}: one more science wildcard makes "
            "{symbols}, with {wildcards}, {total} for science in all: {points} more victory point",
            "{wonder} stage {stage} copies the {card} of {owner}: one more science wildcard makes "
            "{symbols}, with {wildcards}, {total} for science in all: {points} more victory points",
            gain,
            wonder=wonder,
            stage=stage,
            card=card.name,
            owner=owner,
            symbols=_symbols_text(final),
            wildcards=_wildcards_text(final),
            total=science.kept(final),
        ),
    )


@lru_cache(maxsize=1024)
def _bonus_detail(card: str, name: str, category: Category, per: int, sets: int) -> Detail:
    points = per * sets
    return Detail(
        category,
        points,
        card,
        _vp(
            "{card}: {per} more for each complete set of science symbols, {sets} in all: {points} victory point",
            "{card}: {per} more for each complete set of science symbols, {sets} in all: {points} victory points",
            points,
            card=name,
            per=per,
            sets=sets,
        ),
    )


def _masks(
    seat: int, game: Game, lookups: _Lookups, counter: _Counter, problems: list[Problem]
) -> tuple[tuple[int, ...], int]:
    """The city's masks (Cities): the symbols on its neighbours' green cards they may copy,
    and how many masks it holds. A pad-entered neighbour's green cards are unknown: a
    warning says so, and its symbols are not offered."""
    own = counter.views[seat]
    assert own is not None
    held = held_among(own.cards, lookups.masks)
    if not held:
        return (), 0
    found: list[int] = []  # a symbol for each green card of the neighbours
    green = lookups.green_symbols
    blind = []
    for other in game.neighbours(seat):
        view = counter.views[other]
        if view is None:
            blind.append(other)
            continue
        found.extend(map(green.__getitem__, filter(green.__contains__, view.cards)))
    if blind:
        problems.append(_pad_warning(game, seat, counter.catalog.structure(held[0]).name, blind))
    return tuple(sorted(found)), len(held)


def _set_bonus_detail(lookups: _Lookups, card: str, sets: int) -> Detail:
    """Aristotle's points: his bonus for each complete science set, in his own row."""
    per, category, name = lookups.set_bonus[card]
    return _bonus_detail(card, name, category, per, sets)


def _copy_leader(
    seat: int,
    game: Game,
    lookups: _Lookups,
    counter: _Counter,
    copier: str,
    science: _CityScience,
    problems: list[Problem],
    then: Callable[[_CityScience], int] | None = None,
) -> tuple[Detail | None, _CityScience]:
    """The Courtesans Guild: the neighbour's leader whose power gains the city the most at the
    end of the game, as a detail (None: no neighbour has a leader the city lacks), and the
    city's science once it holds that leader.

    Evaluated as if the city had recruited it: its points, what it counts in the city and
    its neighbours, its science symbol or set bonus. ``then``: what a second copy (Olympia
    B's guild) gains the city over a given science; the leader is then chosen for the most
    the two gain together, since a symbol and a wildcard add up to more than each alone. On
    equal gains the left neighbour's leader comes first, then the order of its cards. A
    leader whose power acts only during the game (a discount, coins, shields) gains no
    points here; its detail says so."""
    views = counter.views
    own = views[seat]
    assert own is not None
    guild = lookups.leader_copiers[copier]
    candidates = [
        (owner, card)
        for owner in game.neighbours(seat)
        if (other := views[owner]) is not None
        for card in other.cards
        if card in lookups.leaders and card not in own.cards
    ]
    blind_neighbours = [o for o in game.neighbours(seat) if views[o] is None]
    if blind_neighbours:
        problems.append(_pad_warning(game, seat, guild, blind_neighbours))
    best: tuple[int, int, int, str, Category | None, list[tuple[Scorer, int]], _CityScience] | None = None
    for owner, card in candidates:
        gain, category, counts, after = _leader_gain(seat, lookups, counter, card, science)
        both = gain + (then(after) if then is not None else 0)
        if best is None or both > best[0]:
            best = (both, gain, owner, card, category, counts, after)
    if best is None:
        return None, science
    _, gain, owner, card, category, counts, after = best
    gain -= science.own * (after.best.sets - science.best.sets)  # the city's own Aristotle says it
    if category is None:
        category = _category_of(counter.catalog.rules, counter.catalog.structure(card))
    leader = counter.catalog.structure(card).name
    reason = _copied_leader_reason(game, seat, guild, leader, owner, gain, counts)
    return Detail(category, gain, copier, reason), after


def _leader_gain(
    seat: int, lookups: _Lookups, counter: _Counter, card: str, science: _CityScience
) -> tuple[int, Category | None, list[tuple[Scorer, int]], _CityScience]:
    """What recruiting the neighbour's leader ``card`` would gain the city: the points, the
    category they count in (None: the card's own), what each of its scorers counts, and the
    city's science once it holds the leader."""
    scored = lookups.scored.get(card)
    gain = 0
    category: Category | None = None  # the leader card's own, unless found below
    counts: list[tuple[Scorer, int]] = []
    if isinstance(scored, Detail):
        gain, category = scored.points, scored.category
    elif isinstance(scored, _Special):
        category = scored.category
        for per in scored.per:
            blind: list[int] = []
            count = per.count(counter, seat, len(counter.views), blind)
            counts.append((per, count))
            gain += per.points * count
    more = lookups.set_bonus.get(card)
    after = science.after(lookups.packed[card] & _SCIENCE_FIELDS, more[0] if more else 0)
    if after is not science:  # a science symbol or a set bonus
        gain += after.best.points - science.best.points
        category = more[1] if more else Category.SCIENCE
    return gain, category, counts, after


def _copied_leader_reason(
    game: Game, seat: int, guild: str, leader: str, owner: int, gain: int, counts: list[tuple[Scorer, int]]
) -> Text:
    """The copied leader's sentence: what its power counts, else its points."""
    owner_name = game.cities[owner].player
    if counts:
        left = game.cities[game.left(seat)].player
        right = game.cities[game.right(seat)].player
        text = join([per.explain(count, left, right, game.cities[seat].player) for per, count in counts])
        return N_(
            "{guild} copies {leader} of {owner}: {text}",
            guild=guild,
            leader=leader,
            owner=owner_name,
            text=text,
        )
    return _vp(
        "{guild} copies {leader} of {owner}: {points} victory point",
        "{guild} copies {leader} of {owner}: {points} victory points",
        gain,
        guild=guild,
        leader=leader,
        owner=owner_name,
    )


def _bad_copy(game: Game, seat: int, guild: str, lookups: _Lookups, wonder: str, stage: int) -> Problem:
    """The guild the table named for Olympia to copy is not one it can copy."""
    city = game.cities[seat]
    special = lookups.scored.get(guild)
    name = special.name if isinstance(special, _Special) else guild
    held = guild in (city.cards or ())
    return Problem(
        "error",
        ProblemCode.BAD_COPIED_GUILD,
        N_(
            "{player}'s {wonder} stage {stage} cannot copy the {card}: the city holds it itself; "
            "the guild that scores most is counted instead.",
            player=city.player,
            wonder=wonder,
            stage=stage,
            card=name,
        )
        if held
        else N_(
            "{player}'s {wonder} stage {stage} cannot copy the {card}: neither neighbour holds it; "
            "the guild that scores most is counted instead.",
            player=city.player,
            wonder=wonder,
            stage=stage,
            card=name,
        ),
        city=seat,
        card=guild,
        field=f"cities[{seat}].copied_guild",
    )
