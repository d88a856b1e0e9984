"""What scoring counts, made once per catalog: each card's colour, science symbol, wildcards
and constant points packed in one integer (a city's counts are one ``sum`` over its cards),
the wonder sides' running points, the shared details, science at its best, and the effects
that count cards, stages or tokens across the table (commercial and guild cards).

The modules of scoring share these; their names with a leading underscore are the scoring
modules' own (:mod:`.scoring`, :mod:`.military_row`, :mod:`.copies`, :mod:`.typed_rows`),
not the core's public names.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache
from itertools import combinations_with_replacement

from .catalog import Catalog, derived, derives
from .components import Card
from .counters import table_lookups as validation_lookups
from .describe import SYMBOL_NAMES, join
from .edition import EditionRules, TokenField
from .limits import MAX_CARDS
from .model import Category, City, Color, Detail, Game, Problem, ProblemCode, Symbol
from .records import field, record
from .science import SET_BONUS, ScienceResult, science_points
from .text import N_, Nn_, Signed, Text, verbatim

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .effect_base import Scorer
    from .military_row import _Military


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


def held_among(cards: Sequence[str], ids: AbstractSet[str]) -> list[str]:
    """The ``cards`` among ``ids`` (a few cards with a power: masks, Aristotle, the
    Courtesans), in the city's order. A city seldom holds one, and ``isdisjoint`` says so
    without a loop over its cards."""
    if ids.isdisjoint(cards):
        return []
    return list(filter(ids.__contains__, cards))


def _vp(singular: str, plural: str, points: int, /, **params: object) -> Text:
    """A message ending in ``{points} victory point(s)``: the plural follows ``abs(points)``."""
    return Nn_(singular, plural, abs(points), points=points, **params)


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
    packed, constant, special, slots = _pack_cards(catalog, index, points_shifts, color_shifts)
    sides = _wonder_sides(catalog)
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


def _pack_cards(
    catalog: Catalog,
    index: dict[Category, int],
    points_shifts: tuple[int, ...],
    color_shifts: dict[Color, int],
) -> tuple[dict[str, int], dict[str, Detail], dict[str, _Special], set[int]]:
    """Each structure's counts packed in one integer (:attr:`_Lookups.packed`), the constant
    detail of each card that scores constant points, the cards counted at the end, and the
    categories any card gives constant points to."""
    rules = catalog.rules
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
    return packed, constant, special, slots


def _wonder_sides(catalog: Catalog) -> dict[tuple[str, str], _Side]:
    """Each wonder side's points, details and wildcards for each number of stages built, and
    the stage that copies a guild."""
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
    return sides


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


derives(__name__, _make_lookups)
