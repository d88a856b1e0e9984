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

Speed: everything that depends only on the catalog is computed once per catalog. A
card's colour, science symbol and wildcards are packed into one integer, so a city's
counts are one ``sum`` over its cards; constant details are shared objects; details
that depend on counts and names are memoised.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement, pairwise
from operator import attrgetter

from .catalog import Catalog, catalog_for, derived, derives
from .components import Card
from .describe import AGE_NUMERALS, SYMBOL_NAMES, join
from .edition import EditionRules, TokenField
from .limits import MAX_CARDS
from .military import CityShields, defeat_givers, defeats_as_shields, ended_ages, resolve_city, table_shields
from .model import (
    Category,
    City,
    CityScore,
    Color,
    Detail,
    Game,
    Problem,
    ProblemCode,
    ScoreSheet,
    Symbol,
)
from .naval import score_naval
from .records import field, record
from .science import SET_BONUS, ScienceResult, science_points
from .teams import explain_teams, rank_teams
from .text import N_, Nn_, Signed, Text, verbatim
from .validate import check_game_and_cards
from .validate import table_lookups as validation_lookups

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .effects import Scorer
    from .model import TieBreak

SYMBOLS: tuple[Symbol, ...] = (Symbol.COMPASS, Symbol.GEAR, Symbol.TABLET)

# One card's counts packed in an int: a field of counts per science symbol and wildcards,
# wide enough for every card a city may hold (MAX_CARDS), then a field of constant points per
# category of the edition, wide enough for MAX_CARDS of the catalog's most valuable card (its
# width worked out with the catalog: :class:`_Lookups`), then one field per colour.
_BITS = MAX_CARDS.bit_length()
_MASK = (1 << _BITS) - 1
_SYMBOL_SHIFTS = tuple(_BITS * i for i in range(len(SYMBOLS)))
_WILD_SHIFT = _BITS * len(SYMBOLS)
_POINTS_BASE = _WILD_SHIFT + _BITS
_MEMO_LIMIT = 50_000
"""Memoised details kept per catalog before the memo is emptied (player names vary)."""


def _vp(singular: str, plural: str, points: int, /, **params: object) -> Text:
    """A message ending in ``{points} victory point(s)``: the plural follows ``abs(points)``."""
    return Nn_(singular, plural, abs(points), points=points, **params)


# --- per-catalog lookups -----------------------------------------------------------------------


@record(eq=False)
class _Special:
    """A card scored by counting (yellow Age III cards, guilds), or a guild to copy."""

    id: str
    name: str
    category: Category
    per: tuple[Scorer, ...]
    wild: int
    is_guild: bool


class _Flat:
    """A guild's printed points as a scorer: one item worth them (:class:`~.effects.Scorer`)."""

    __slots__ = ("points",)
    counts_itself = False

    def __init__(self, points: int) -> None:
        self.points = points

    def count(self, counter: object, seat: int, size: int, unknown: list[int]) -> int:
        return 1

    def explain(self, count: int, left: str, right: str, copier: str | None = None) -> Text:
        return Nn_("{n} victory point", "{n} victory points", self.points)


@record
class _Side:
    """A wonder side's stages, summed for each number of stages built."""

    name: str
    details: tuple[tuple[Detail, ...], ...]
    """Wonder details after ``k`` stages (index = k)."""
    points: tuple[int, ...]
    wild: tuple[int, ...]
    copy_stage: int
    """The number of the stage that copies a guild (0: none)."""


@record(eq=False)
class _Lookups:
    """Everything scoring needs from a catalog, computed once (see :func:`_lookups`)."""

    packed: dict[str, int]
    """Each structure's colour, science symbol, wildcards and constant points, packed."""
    sides: dict[tuple[str, str], _Side]
    categories: tuple[Category, ...]
    """The edition's categories, in order: a city's points are a list in this order."""
    index: dict[Category, int]
    points_shifts: tuple[int, ...]
    """Where each category's constant points sit in the packed counts."""
    points_mask: int
    """A category's field of constant points: room for every card a city may hold, each
    worth as much as the catalog's most valuable card."""
    constant_slots: tuple[int, ...]
    """The categories any card gives constant points to (civilian only, in the first edition)."""
    names: dict[Category, Text]
    scored: dict[str, Detail | _Special]
    """Cards that score on their own: a constant detail, or a special counted at the end."""
    coins_per_point: int
    """The treasury's rate: coins worth one victory point."""
    color_shifts: dict[Color, int]
    """Where each colour's count sits in the packed counts."""
    token_fields: tuple[TokenField, ...]
    """The city fields the expansions' data declares: tokens worth points each."""
    memo: dict[tuple[object, ...], Detail] = field(default_factory=dict)
    set_bonus: dict[str, tuple[int, Category, str]] = field(default_factory=dict)
    """Cards that make each complete science set worth more: the points, the card's category
    and its name (Aristotle)."""
    leader_copiers: dict[str, str] = field(default_factory=dict)
    """Cards that copy a neighbour's leader, by id, with their names (Courtesans Guild)."""
    constant: dict[str, Detail] = field(default_factory=dict)
    """The cards of ``scored`` with a constant detail."""
    special: dict[str, _Special] = field(default_factory=dict)
    """The cards of ``scored`` counted at the end."""
    leaders: frozenset[str] = frozenset()
    """The cards a leader-copying card may copy: those of the colours dealt apart."""
    masks: frozenset[str] = frozenset()
    """The cards that copy a neighbour's science symbol (Cities' masks)."""
    green_symbols: dict[str, int] = field(default_factory=dict)
    """The science symbol (index in :data:`SYMBOLS`) of each green card: what a mask copies."""
    counts: dict[str, int] = field(default_factory=dict)
    """Each structure's counters for validation's card checks with :attr:`packed` above them
    (from ``counts_shift`` on): validation adds up a city's cards once for both."""
    counts_shift: int = 0


def table_lookups(catalog: Catalog) -> _Lookups:
    """The catalog's lookups, made once per catalog (and kept with a compiled catalog)."""
    return derived(catalog, __name__, _make_lookups)


_lookups = table_lookups


def _make_lookups(catalog: Catalog) -> _Lookups:
    """The per-catalog lookups: packed card counts, shared details, wonder sides."""
    rules = catalog.rules
    categories = rules.categories
    index = {c: i for i, c in enumerate(categories)}
    most = max((sum(e.victory_points() for e in card.effects) for card in catalog.cards), default=0)
    width = max(1, (MAX_CARDS * most).bit_length())
    points_shifts = tuple(_POINTS_BASE + width * i for i in range(len(categories)))
    colors_base = _POINTS_BASE + width * len(categories)
    color_shifts = {color: colors_base + _BITS * i for i, color in enumerate(catalog.colors)}
    packed: dict[str, int] = {}
    constant: dict[str, Detail] = {}
    special: dict[str, _Special] = {}
    slots: set[int] = set()
    for cid in catalog.structure_ids:
        card = catalog.structure(cid)
        value = 1 << color_shifts[card.color]
        wild = 0
        for effect in card.effects:
            symbol = effect.science_symbol()
            if symbol is not None:
                value += 1 << _SYMBOL_SHIFTS[SYMBOLS.index(symbol)]
            wild += effect.wildcards()
        points = sum(e.victory_points() for e in card.effects)
        category = rules.category_of(card.color)
        flat: tuple[Scorer, ...] = ()
        if points and card.is_guild:
            # A guild's printed points (Cities' Counterfeiters Guild) count as its scorer does,
            # so that Olympia B can copy them as any guild.
            flat, points = (_Flat(points),), 0
        if points:
            if category is None:
                raise ValueError(f"{cid}: a {card.color.value} card scores in no category of this edition")
            if points < 0:
                raise ValueError(f"{cid}: negative constant points")
            value += points << points_shifts[index[category]]
            slots.add(index[category])
            constant[cid] = Detail(
                category,
                points,
                cid,
                _vp(
                    "{card}: {points} victory point",
                    "{card}: {points} victory points",
                    points,
                    card=card.name,
                ),
            )
        packed[cid] = value + (wild << _WILD_SHIFT)
        per = flat + tuple(scorer for e in card.effects if (scorer := e.scorer(card.color)) is not None)
        if per or card.is_guild:
            if category is None:
                raise ValueError(f"{cid}: a {card.color.value} card scores in no category of this edition")
            special[cid] = _Special(cid, card.name, category, per, wild, card.is_guild)
    sides: dict[tuple[str, str], _Side] = {}
    for wonder in catalog.wonders:
        for side in wonder.sides:
            details: list[tuple[Detail, ...]] = [()]
            running_points = [0]
            running_wild = [0]
            copy_stage = 0
            for stage in side.stages:
                added: tuple[Detail, ...] = ()
                if stage.points:
                    added = (
                        Detail(
                            Category.WONDER,
                            stage.points,
                            f"stage-{stage.number}",
                            _vp(
                                "{wonder} stage {stage}: {points} victory point",
                                "{wonder} stage {stage}: {points} victory points",
                                stage.points,
                                wonder=wonder.short_name,
                                stage=stage.number,
                            ),
                        ),
                    )
                details.append(details[-1] + added)
                running_points.append(running_points[-1] + stage.points)
                running_wild.append(running_wild[-1] + sum(e.wildcards() for e in stage.effects))
                if any(e.copies_guild() for e in stage.effects):
                    copy_stage = stage.number
            sides[(wonder.id, side.side)] = _Side(
                wonder.short_name, tuple(details), tuple(running_points), tuple(running_wild), copy_stage
            )
    scored: dict[str, Detail | _Special] = {**constant, **special}
    if len(scored) != len(constant) + len(special):
        raise ValueError("a card scores both constant points and points per item")
    names = {c: rules.category_name(c) for c in categories}
    checks = validation_lookups(catalog)
    shift = checks.payload_shift
    return _Lookups(
        packed, sides, categories, index, points_shifts, (1 << width) - 1, tuple(sorted(slots)), names, scored,
        rules.coins_per_point, color_shifts, rules.city_fields,
        constant=constant, special=special, **_powers(catalog),
        counts={cid: value + (packed[cid] << shift) for cid, value in checks.field.items()},
        counts_shift=shift,
    )  # fmt: skip


def _powers(catalog: Catalog) -> dict[str, Any]:
    """The cards whose powers scoring asks for by name: Aristotle's set bonus, the cards that
    copy a leader or a neighbour's science symbol, what they may copy (:class:`_Lookups`)."""
    rules = catalog.rules
    set_bonus: dict[str, tuple[int, Category, str]] = {}
    leader_copiers: dict[str, str] = {}
    leaders: set[str] = set()
    masks: set[str] = set()
    green_symbols: dict[str, int] = {}
    for cid in catalog.structure_ids:
        card = catalog.structure(cid)
        bonus = sum(e.set_bonus() for e in card.effects)
        if bonus:
            set_bonus[cid] = (bonus, _category_of(rules, card), card.name)
        if any(e.copies_leader() for e in card.effects):
            leader_copiers[cid] = card.name
        if card.deck == "apart":
            leaders.add(cid)
        if any(e.copies_science() for e in card.effects):
            masks.add(cid)
        if card.color == Color.GREEN:
            for effect in card.effects:
                if (symbol := effect.science_symbol()) is not None:
                    green_symbols[cid] = SYMBOLS.index(symbol)
    return {
        "set_bonus": set_bonus,
        "leader_copiers": leader_copiers,
        "leaders": frozenset(leaders),
        "masks": frozenset(masks),
        "green_symbols": green_symbols,
    }


def _category_of(rules: EditionRules, card: Card) -> Category:
    category = rules.category_of(card.color)
    if category is None:
        raise ValueError(f"{card.id}: a {card.color.value} card scores in no category of this edition")
    return category


@lru_cache(maxsize=1024)
def _treasury_detail(coins: int, per: int) -> Detail:
    """Treasury: 1 victory point for each full ``per`` coins (the edition's rate)."""
    points = coins // per
    return Detail(
        Category.TREASURY,
        points,
        "coins",
        _vp(
            "{coins} coins: {points} victory point, 1 for each full {per} coins",
            "{coins} coins: {points} victory points, 1 for each full {per} coins",
            points,
            coins=coins,
            per=per,
        ),
    )


def _science_reason(
    best: ScienceResult, points: int | None = None, copied: Sequence[int] = (0, 0, 0)
) -> Text:
    """The science detail's sentence: symbols, the two counts and where the wildcards went
    (``points``: the science row's, when a leader's set bonus is counted apart; ``copied``:
    the symbols the masks copied, by kind)."""
    points = best.points if points is None else points
    text = N_(
        "{symbols}: {identical} for identical symbols", symbols=_symbols_text(best), identical=best.identical
    )
    if best.sets:
        text = Nn_(
            "{text} and {bonus} for {n} complete set",
            "{text} and {bonus} for {n} complete sets",
            best.sets,
            text=text,
            bonus=SET_BONUS * best.sets,
        )
    if best.wild:
        text = N_("{text}, with {wildcards}", text=text, wildcards=_wildcards_text(best))
    if any(copied):
        text = N_(
            "{text}, {copied} copied from the neighbours' green cards", text=text, copied=_counted(copied)
        )
    return _vp("{text}: {points} victory point", "{text}: {points} victory points", points, text=text)


def _compasses(n: int) -> Text:
    return Nn_("{n} compass", "{n} compasses", n)


def _gears(n: int) -> Text:
    return Nn_("{n} gear", "{n} gears", n)


def _tablets(n: int) -> Text:
    return Nn_("{n} tablet", "{n} tablets", n)


_SYMBOL_COUNTS = (_compasses, _gears, _tablets)
"""``n`` symbols of each kind in words, in :data:`SYMBOLS` order (each with its plural forms)."""


def _counted(counts: Sequence[int]) -> Text:
    """Symbols in words, leaving out those counted 0: ``1 compass and 2 tablets``."""
    return join([words(n) for words, n in zip(_SYMBOL_COUNTS, counts, strict=True) if n])


def _symbols_text(best: ScienceResult) -> Text:
    """The symbols of a science result, wildcards included: ``2 compasses, 1 gear and 2 tablets``."""
    return _counted((best.compass, best.gear, best.tablet))


def _wildcards_text(best: ScienceResult) -> Text:
    """What the wildcards became, never the symbols none became: ``the wildcard as a tablet``,
    ``the wildcards as 1 compass and 2 tablets``."""
    wild = (best.wild_compass, best.wild_gear, best.wild_tablet)
    if best.wild == 1:
        symbol = next(s for s, n in zip(SYMBOLS, wild, strict=True) if n)
        return N_("the wildcard as a {symbol}", symbol=SYMBOL_NAMES[symbol])
    return N_("the wildcards as {symbols}", symbols=_counted(wild))


@lru_cache(maxsize=4096)
def _token_detail(tokens: tuple[int, ...]) -> Detail:
    points = sum(tokens)
    return Detail(
        Category.MILITARY,
        points,
        "conflict-tokens",
        _vp(
            "Conflict tokens {tokens}: {points} victory point",
            "Conflict tokens {tokens}: {points} victory points",
            points,
            tokens=Signed(" ".join(f"{t:+d}" for t in tokens)),
        ),
    )


# --- one city's cards, counted once -------------------------------------------------------------


@record(frozen=False)
class _View:
    """What a card-level city holds, counted."""

    cards: Sequence[str]
    packed: int
    """Colours, science symbols, wildcards (stages included) and constant points, packed."""
    constants: list[Detail]
    specials: list[_Special]


def _view(city: City, lookups: _Lookups, counted: int | None = None) -> _View:
    """Count a city's cards; ``counted``: the sum of their :attr:`_Lookups.counts`, given when
    validation found no duplicate or unknown card (None: they are added up here)."""
    cards: Sequence[str] = city.cards or ()
    packed_of = lookups.packed
    if counted is not None:
        packed = counted >> lookups.counts_shift
    else:
        # A duplicate is an error, scored once; an unknown card is an error, scored as nothing.
        cards = tuple(c for c in dict.fromkeys(cards) if c in packed_of)
        packed = sum(map(packed_of.__getitem__, cards))
    if city.wonder is not None:
        side = lookups.sides.get((city.wonder, city.side))
        if side is not None:
            packed += side.wild[min(city.stages, len(side.wild) - 1)] << _WILD_SHIFT
    constants = list(filter(None, map(lookups.constant.get, cards)))
    specials = list(filter(None, map(lookups.special.get, cards)))
    return _View(cards, packed, constants, specials)


_SCIENCE_FIELDS = (1 << (_BITS * (len(SYMBOLS) + 1))) - 1
_ONE_WILD = 1 << (_WILD_SHIFT - _SYMBOL_SHIFTS[0])


@lru_cache(maxsize=4096)
def _science(
    key: int, bonus: int = 0, masks: tuple[int, ...] = (), copies: int = 0
) -> tuple[ScienceResult, Detail | None]:
    """Science for the packed symbol and wildcard counts ``key``, with its detail.

    ``bonus``: points a leader adds to each complete set (Aristotle). ``copies`` masks
    (Cities) each copy one of the symbols ``masks`` (indices in :data:`SYMBOLS`: the symbol
    of each of the neighbours' green cards, sorted). Every choice of the masks and every way the wildcards fall is
    tried; the highest total wins, the bonus included. The result's ``points`` include the
    bonus, the detail (the science row) does not: the bonus is the leader's own row."""
    compass, gear, tablet, wild = (key >> (_BITS * i) & _MASK for i in range(4))
    kinds = sorted(set(masks))
    best: ScienceResult | None = None
    copied: tuple[int, ...] = (0, 0, 0)
    for combo in combinations_with_replacement(kinds, copies) if masks else [()]:
        add = tuple(combo.count(i) for i in range(len(SYMBOLS)))
        found = science_points(compass + add[0], gear + add[1], tablet + add[2], wild, SET_BONUS + bonus)
        if best is None or found.points > best.points:
            best, copied = found, add
    assert best is not None
    base = best.points - bonus * best.sets
    if not base:
        return best, None
    # Two masks copying one neighbour's card (ruling cities-masks-same-card, not confirmed)
    # decide the points only when no choice giving each mask a card of its own scores as much.
    ruling = None
    if any(n > masks.count(i) for i, n in enumerate(copied)):
        apart = 0
        for combo in combinations_with_replacement(kinds, min(copies, len(masks))):
            add = tuple(combo.count(i) for i in range(len(SYMBOLS)))
            if all(n <= masks.count(i) for i, n in enumerate(add)):
                found = science_points(
                    compass + add[0], gear + add[1], tablet + add[2], wild, SET_BONUS + bonus
                )
                apart = max(apart, found.points)
        ruling = "cities-masks-same-card" if apart < best.points else None
    return best, Detail(Category.SCIENCE, base, "science", _science_reason(best, base, copied), ruling)


# --- military --------------------------------------------------------------------------------


_NO_MASK: tuple[tuple[int, ...], int] = ((), 0)
"""A city without masks (:func:`_masks`)."""
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
        neighbours = game.neighbours(seat)
        if not every_shield and any(_derived(found[s]) for s in (seat, *neighbours)):
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


def _players(game: Game, seats: Sequence[int]) -> Text:
    return join([verbatim(game.cities[s].player) for s in seats])


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
            players=_players(game, seats),
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
    mates = [s for s in game.neighbours(seat) if teams and teams[s] == teams[seat]]
    if mates:
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
    players = _players(game, seats)
    involved = sorted({s for seat in seats for s in (seat, game.left(seat), game.right(seat))})
    typed = [s for s in involved if found[s].typed]
    derived = [s for s in involved if _derived(found[s])]
    dated = [s for s in derived if found[s].guessed]
    if typed:
        message = (
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
                typed=_players(game, typed),
                derived=_players(game, derived),
                dated=_players(game, dated),
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
                typed=_players(game, typed),
                derived=_players(game, derived),
            )
        )
        return Problem("warning", ProblemCode.MILITARY_ASSUMED, message, city=city, field=at)
    message = (
        Nn_(
            "{players}'s conflict tokens were not given: they were worked out from the shields of the red "
            "cards, each counted from its own age on, and of the wonder stages of {dated}, stage k counted "
            "from Age k on; compare them with the tokens on the table.",
            "The conflict tokens of {players} were not given: they were worked out from the shields of the "
            "red cards, each counted from its own age on, and of the wonder stages of {dated}, stage k "
            "counted from Age k on; compare them with the tokens on the table.",
            len(seats),
            players=players,
            dated=_players(game, dated),
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
    return Problem("warning", ProblemCode.MILITARY_ASSUMED, message, city=city, field=at)


# --- commercial and guild effects -------------------------------------------------------------


class _Counter:
    """What end-of-game scorers may ask about the table (:class:`~.effects.ScoreCounter`)."""

    __slots__ = ("catalog", "color_shifts", "game", "military", "views")

    def __init__(
        self, game: Game, catalog: Catalog, views: list[_View | None], military: list[_Military]
    ) -> None:
        self.game = game
        self.catalog = catalog
        self.views = views
        self.military = military
        self.color_shifts = _lookups(catalog).color_shifts

    def cards(self, seat: int, colors: Sequence[Color]) -> int | None:
        view = self.views[seat]
        if view is None:
            return None
        packed = view.packed
        shifts = self.color_shifts
        if len(colors) == 1:
            return packed >> shifts[colors[0]] & _MASK
        return sum(packed >> shifts[c] & _MASK for c in colors)

    def stages(self, seat: int) -> int:
        return self.game.cities[seat].stages

    def stage_total(self, seat: int) -> int | None:
        city = self.game.cities[seat]
        if city.wonder is None or not self.catalog.has_wonder(city.wonder):
            return None
        return len(self.catalog.wonder(city.wonder).side(city.side).stages)

    def defeats(self, seat: int) -> int | None:
        return self.military[seat].defeats

    def victories(self, seat: int) -> int | None:
        return self.military[seat].victories

    def coins(self, seat: int) -> int:
        return self.game.cities[seat].coins


def _per_detail(
    lookups: _Lookups,
    card: _Special,
    index: int,
    count: int,
    left: str,
    right: str,
    copied: tuple[str, int, str, str] | None = None,
) -> Detail:
    """The detail of one end-of-game scorer (memoised: names and counts repeat a lot).

    ``left`` and ``right`` are the neighbours' player names, ``copied`` names the wonder,
    stage, owner and copying player when Olympia copies the guild.
    """
    key = (card.id, index, count, left, right, copied)
    found = lookups.memo.get(key)
    if found is not None:
        return found
    per = card.per[index]
    points = per.points * count
    if copied is None:
        text = per.explain(count, left, right)
        detail = Detail(card.category, points, card.id, N_("{card}: {text}", card=card.name, text=text))
    else:
        wonder, stage, owner, copier = copied
        text = per.explain(count, left, right, copier)
        reason = N_(
            "{wonder} stage {stage} copies the {card} of {owner}: {text}",
            wonder=wonder,
            stage=stage,
            card=card.name,
            owner=owner,
            text=text,
        )
        detail = Detail(card.category, points, f"stage-{stage}", reason)
    if len(lookups.memo) >= _MEMO_LIMIT:
        lookups.memo.clear()
    lookups.memo[key] = detail
    return detail


def _pad_warning(game: Game, seat: int, card: str, unknown: list[int]) -> Problem:
    return Problem(
        "warning",
        ProblemCode.PAD_ENTRY_NEIGHBOUR,
        N_(
            "{player}'s {card} counts the city of {other}, entered from the score pad without its cards "
            "or tokens, so it cannot be scored exactly: it counts nothing there.",
            player=game.cities[seat].player,
            card=card,
            other=join([verbatim(game.cities[s].player) for s in dict.fromkeys(unknown)]),
        ),
        city=seat,
    )


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
    views, military = counter.views, counter.military
    view = views[seat]
    assert view is not None
    index = lookups.index
    mil = military[seat]
    coins = city.coins
    cats = [0] * len(lookups.categories)
    details = list(mil.details)
    cats[index[Category.MILITARY]] += mil.points
    rate = lookups.coins_per_point
    cats[index[Category.TREASURY]] += coins // rate
    if coins >= rate:
        details.append(_treasury_detail(coins, rate))
    side = lookups.sides.get((city.wonder, city.side)) if city.wonder is not None else None
    copy_stage = 0
    if side is not None:
        k = min(city.stages, len(side.points) - 1)
        cats[index[Category.WONDER]] += side.points[k]
        details.extend(side.details[k])
        if side.copy_stage and city.stages >= side.copy_stage:
            copy_stage = side.copy_stage
    constants = view.constants
    if constants:
        packed = view.packed
        shifts = lookups.points_shifts
        for slot in lookups.constant_slots:  # the first edition: only blue cards score constant points
            cats[slot] += packed >> shifts[slot] & lookups.points_mask
        details.extend(constants)
    science_key = view.packed >> _SYMBOL_SHIFTS[0] & _SCIENCE_FIELDS
    bonus_cards = [c for c in view.cards if c in lookups.set_bonus] if lookups.set_bonus else []
    bonus = sum(lookups.set_bonus[c][0] for c in bonus_cards) if bonus_cards else 0
    mask = _masks(seat, game, lookups, counter, problems) if lookups.masks else _NO_MASK
    best, science = _science(science_key, bonus, *mask) if lookups.masks else _science(science_key, bonus)
    cats[index[Category.SCIENCE]] += best.points - bonus * best.sets if bonus else best.points
    if science is not None:
        details.append(science)
    for cid in bonus_cards:
        detail = _set_bonus_detail(lookups, cid, best.sets)
        cats[index[detail.category]] += detail.points
        details.append(detail)
    counted: list[Detail] = []
    cities = game.cities
    n = len(cities)
    left = cities[(seat + 1) % n].player
    right = cities[(seat - 1) % n].player
    for card in view.specials:
        for number, per in enumerate(card.per):
            unknown: list[int] = []
            count = per.count(counter, seat, n, unknown)
            if unknown:
                problems.append(_pad_warning(game, seat, card.name, unknown))
            detail = _per_detail(lookups, card, number, count, left, right)
            cats[index[card.category]] += detail.points
            counted.append(detail)
    copier = (
        next((c for c in view.cards if c in lookups.leader_copiers), None) if lookups.leader_copiers else None
    )
    if copier is not None:
        copied_leader = _copy_leader(
            seat, game, lookups, counter, copier, science_key, bonus, best.points, problems, mask
        )
        if copied_leader is not None:
            cats[index[copied_leader.category]] += copied_leader.points
            counted.append(copied_leader)
    if copy_stage:
        assert side is not None
        copied = _copy_guild(
            seat,
            game,
            lookups,
            counter,
            science_key,
            best.points,
            side.name,
            copy_stage,
            problems,
            bonus,
            mask,
        )
        if copied is not None:
            cats[index[copied.category]] += copied.points
            if copied.category is Category.SCIENCE:
                details.append(copied)
            else:
                counted.append(copied)
    details.extend(counted)
    details.sort(key=lambda d: index[d.category])  # stable: keeps each category's order
    return cats, details


def _copy_guild(
    seat: int,
    game: Game,
    lookups: _Lookups,
    counter: _Counter,
    science_key: int,
    science_now: int,
    wonder: str,
    stage: int,
    problems: list[Problem],
    bonus: int = 0,
    mask: tuple[tuple[int, ...], int] = ((), 0),
) -> Detail | None:
    """Olympia B: the neighbour's guild that gains the city the most, as a detail (None: none to copy).

    Evaluated as if the city had built it, with its own neighbours; a guild the city
    already holds cannot be copied. On equal gains the left neighbour's comes first.
    """
    views = counter.views
    own = views[seat]
    assert own is not None
    size = len(views)
    city = game.cities[seat]
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
    chosen = city.copied_guild
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
        problems.append(
            Problem(
                "warning",
                ProblemCode.PAD_ENTRY_NEIGHBOUR,
                N_(
                    "{player}'s {wonder} stage {stage} copies a neighbour's guild, but {other} was "
                    "entered from the score pad without cards, so its guilds could not be considered.",
                    player=city.player,
                    wonder=wonder,
                    stage=stage,
                    other=game.cities[owner].player,
                ),
                city=seat,
            )
        )
    best: tuple[int, int, _Special, int, list[int]] | None = None
    for owner, card in candidates:
        gain = count = 0
        blind: list[int] = []  # pad-entered cities the copy counts but cannot see
        if card.wild:
            gain = _science(science_key + card.wild * _ONE_WILD, bonus, *mask)[0].points - science_now
        for per in card.per:
            count = per.count(counter, seat, size, blind) + (1 if per.counts_itself else 0)
            gain += per.points * count
        if best is None or gain > best[0]:
            best = (gain, owner, card, count, blind)
    if best is None:
        return None
    gain, owner, card, count, blind = best
    owner_name = game.cities[owner].player
    if blind:
        # The same warning as the guild held directly gets (_pad_warning): the copy counts
        # Olympia's own neighbours, and one of them was entered without its cards.
        problems.append(
            Problem(
                "warning",
                ProblemCode.PAD_ENTRY_NEIGHBOUR,
                N_(
                    "{player}'s {wonder} stage {stage} copies the {card} of {owner}, which counts the city "
                    "of {other}, entered from the score pad without its cards or tokens, so it cannot be "
                    "scored exactly: it counts nothing there.",
                    player=city.player,
                    wonder=wonder,
                    stage=stage,
                    card=card.name,
                    owner=owner_name,
                    other=join([verbatim(game.cities[s].player) for s in dict.fromkeys(blind)]),
                ),
                city=seat,
            )
        )
    if not card.per:
        # The science detail above counts without the copy; this one says what the copied
        # wildcard makes: the final symbols, what every wildcard became, the final science.
        final = _science(science_key + card.wild * _ONE_WILD, bonus, *mask)[0]
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
                owner=owner_name,
                symbols=_symbols_text(final),
                wildcards=_wildcards_text(final),
                total=final.points,
            ),
        )
    left = game.cities[game.left(seat)].player
    right = game.cities[game.right(seat)].player
    copied = (wonder, stage, owner_name, game.cities[seat].player)
    return _per_detail(lookups, card, len(card.per) - 1, count, left, right, copied)


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
    held = [c for c in own.cards if c in lookups.masks]
    if not held:
        return (), 0
    found: list[int] = []  # a symbol for each green card of the neighbours
    blind = []
    for other in game.neighbours(seat):
        view = counter.views[other]
        if view is None:
            blind.append(other)
            continue
        found.extend(lookups.green_symbols[c] for c in view.cards if c in lookups.green_symbols)
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
    science_key: int,
    bonus: int,
    science_now: int,
    problems: list[Problem],
    mask: tuple[tuple[int, ...], int] = ((), 0),
) -> Detail | None:
    """The Courtesans Guild: the neighbour's leader whose power gains the city the most at the
    end of the game, as a detail (None: no neighbour has a leader the city lacks).

    Evaluated as if the city had recruited it: its points, what it counts in the city and
    its neighbours, its science symbol or set bonus. On equal gains the left neighbour's
    leader comes first, then the order of its cards. A leader whose power acts only during
    the game (a discount, coins, shields) gains no points here; its detail says so."""
    views = counter.views
    own = views[seat]
    assert own is not None
    size = len(views)
    city = game.cities[seat]
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
    best: tuple[int, int, str, Category | None, list[tuple[Scorer, int]]] | None = None
    for owner, card in candidates:
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
                count = per.count(counter, seat, size, blind)
                counts.append((per, count))
                gain += per.points * count
        symbols = lookups.packed[card] & _SCIENCE_FIELDS
        more = lookups.set_bonus.get(card)
        if symbols or more:
            extra = more[0] if more else 0
            gain += _science(science_key + symbols, bonus + extra, *mask)[0].points - science_now
            category = more[1] if more else Category.SCIENCE
        if best is None or gain > best[0]:
            best = (gain, owner, card, category, counts)
    if best is None:
        return None
    gain, owner, card, category, counts = best
    if category is None:
        category = _category_of(counter.catalog.rules, counter.catalog.structure(card))
    leader = counter.catalog.structure(card).name
    owner_name = game.cities[owner].player
    if counts:
        left = game.cities[game.left(seat)].player
        right = game.cities[game.right(seat)].player
        text = join([per.explain(count, left, right, city.player) for per, count in counts])
        reason = N_(
            "{guild} copies {leader} of {owner}: {text}",
            guild=guild,
            leader=leader,
            owner=owner_name,
            text=text,
        )
    else:
        reason = _vp(
            "{guild} copies {leader} of {owner}: {points} victory point",
            "{guild} copies {leader} of {owner}: {points} victory points",
            gain,
            guild=guild,
            leader=leader,
            owner=owner_name,
        )
    return Detail(category, gain, copier, reason)


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
            problems.append(
                Problem(
                    "warning",
                    ProblemCode.SCIENCE_MISMATCH,
                    N_(
                        "{player}'s score pad says {written} for science, but the symbols given score "
                        "{computed}; the computed {computed} is counted.",
                        player=city.player,
                        written=written,
                        computed=best.points,
                    ),
                    city=seat,
                    field=f"cities[{seat}].categories.science",
                )
            )
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


def _score_tokens(
    seat: int, city: City, lookups: _Lookups, cats: list[int], details: list[Detail], problems: list[Problem]
) -> None:
    """Tokens counted in the fields an expansion declares, each worth its points in its
    category. A pad that also wrote that category keeps the computed number (a warning says
    so when they differ)."""
    held = dict(city.tokens)
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
                    _typed_differs(
                        seat,
                        city,
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
                    _typed_differs(seat, city, category, lookups.names[category], written, cats[slot])
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


def _typed_differs(
    seat: int,
    city: City,
    category: Category,
    name: Text,
    written: int,
    computed: int,
    field: TokenField | None = None,
) -> Problem:
    """A row the pad writes otherwise than the city's cards (or, ``field``, its tokens) give."""
    if field is None:
        message = N_(
            "{player}'s score pad says {written} for {category}, but the cards give {computed}; "
            "the computed {computed} is counted.",
            player=city.player, written=written, category=name, computed=computed,
        )  # fmt: skip
    else:
        message = N_(
            "{player}'s score pad says {written} for {category}, but the {field} given score {computed}; "
            "the computed {computed} is counted.",
            player=city.player, written=written, category=name, field=Text(field.label), computed=computed,
        )  # fmt: skip
    return Problem(
        "warning",
        ProblemCode.TYPED_DIFFERS,
        message,
        city=seat,
        field=f"cities[{seat}].categories.{category.value}",
    )


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
    if lookups.token_fields:
        for seat, city in enumerate(cities):
            if city.tokens:
                _score_tokens(seat, city, lookups, *scored[seat], problems)
    naval = catalog.rules.naval
    if naval is not None:
        score_naval(game, naval, lookups.index[naval.category], scored, problems)
    for seat, city in enumerate(cities):
        if city.cards is not None and city.wonder is not None and catalog.wonder(city.wonder).typed:
            problems.append(_typed_board(seat, city, catalog))
        if city.categories and city.cards is not None:
            _score_typed_rows(seat, city, lookups, *scored[seat], problems)
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


derives(__name__, _make_lookups)
