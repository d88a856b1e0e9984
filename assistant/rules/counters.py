"""The packed card counters validation checks a table with, made once per catalog.

Each card's copies at every player count, its age and its shields are packed in one
integer, so a city's cards are summed once and a table with nothing wrong passes every card
check in a few integer operations (:func:`~.validate.check_game_and_cards`); each age's cap
of cards a city can play (the age's turns, and what its wonder's powers add) is a bias that
makes a field's top bit the sign of "too many".
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import attrgetter

from .catalog import Catalog, derived, derives
from .edition import EditionRules
from .military import shield_counts
from .records import record


@record
class _Lookups:
    """What validation needs from a catalog, looked up once."""

    names: dict[str, str]
    order: dict[str, int]
    """Catalog order of the structures, to list problems in a stable order."""
    known: frozenset[str]
    guilds: frozenset[str]
    copies: tuple[dict[str, int], ...]
    """Copies of each non-guild structure, by player count (index = players)."""
    missing: tuple[frozenset[str], ...]
    """Non-guild structures with no copy at each player count."""
    wonder_names: dict[str, str]
    extra_turns: dict[tuple[str, str], tuple[int, ...]]
    """Extra builds a wonder side allows after ``k`` stages (index = k)."""
    max_turns: int
    field: dict[str, int]
    """Each structure's counter in one big integer (see :func:`_fast_cards_ok`)."""
    high: int
    twice: int
    over: tuple[int, ...]
    guild_shift: int
    age_field: dict[str, int]
    """Each structure of a single age as a counter in the field of its age (8 bits an age),
    guilds also in the field after the last age (Loom, Glassworks, Press: of two ages, 0)."""
    age_shift: int
    """Where the age counters start in :attr:`field`."""
    shield_shift: int
    """Where a structure's shields sit in :attr:`field`, above every counter: the sum of a
    city's fields (no card twice) holds its structures' shields there, in :attr:`shield_mask`."""
    shield_mask: int
    apart_shift: int
    """Where a structure dealt apart (a leader) counts one, above the shields: a city's sum
    holds how many leaders it lists (8 bits)."""
    drawn_shift: int
    """Where a drawn structure (Cities' black cards) counts one in the field of its age (8 bits
    an age), above the leaders: the table's sum holds the drawn cards of each age it lists."""
    payload_shift: int
    """The first bit above every field: a caller may add its own per-card counts from here
    on (scoring's packed counts) and have them added up with the checks' own sums."""
    guild_age: int
    """The age guilds belong to (0: the edition has none)."""
    age_bias: int
    age_biases: dict[tuple[str, str, int], int]
    """:attr:`age_bias` for a wonder side with ``k`` stages built (undated): its powers' caps."""
    age_high: int
    """``packed + age_bias`` reaches a field's top bit (``age_high``) exactly when that age's
    (or the guilds') count is beyond the turns of an age."""
    age_ones: int
    """One in each age's counter and the guilds': ``short * age_ones`` lowers every cap by
    ``short`` turns (a table larger than the printed decks, ruling eight-players)."""
    wild_cards: tuple[str, ...]
    """The structures that give science wildcards."""
    card_wild: int
    """Wildcards a city holding every such structure has."""
    side_wild: dict[tuple[str, str], int]
    """Wildcards of every stage of a wonder side."""
    card_extra: dict[str, int]
    """Builds beyond one a turn that a card's own power gives (Solomon: one from the discard)."""
    drawn: bool
    """Whether the catalog has cards of a colour drawn into the decks (Cities' black cards:
    as many of an age as there are players enter its deck)."""


_SHIELDS = attrgetter("shields_by_age")


_AGE_BITS = 8


_AGE_MASK = (1 << _AGE_BITS) - 1


def table_lookups(catalog: Catalog) -> _Lookups:
    """The catalog's lookups, made once per catalog (and kept with a compiled catalog)."""
    return derived(catalog, __name__, _make_lookups)


_lookups = table_lookups


def _make_lookups(catalog: Catalog) -> _Lookups:
    """The per-catalog lookups: what the card checks name and count, the packed counters and the
    biases that check a city's cards in a few integer operations, the wildcards."""
    rules = catalog.rules
    ids = catalog.structure_ids
    guilds = frozenset(c.id for c in catalog.guilds())
    copies = tuple(
        {cid: catalog.copies(cid, p) for cid in ids if cid not in guilds}
        for p in range(rules.max_players + 1)
    )
    field, guild_shift, high, twice, over = _copy_counters(ids, guilds, copies)
    ages = rules.ages
    age_field = _age_fields(catalog, guilds)
    # Above the table's guild count (8 bits), each structure's age counter, so that the same
    # sum tells whether a city holds more cards of an age than its turns (see _fast_cards_ok).
    age_shift = guild_shift + _AGE_BITS
    for cid, value in age_field.items():
        field[cid] += value << age_shift
    shield_shift = age_shift + _AGE_BITS * (ages + 1)
    shield_mask, apart_shift, drawn_shift = _upper_fields(catalog, field, shield_shift)
    wild_cards, card_wild, side_wild = _wildcards(catalog)
    extra, card_extra = _extra_builds(catalog)
    top = 1 << (_AGE_BITS - 1)
    fields = range(ages + 1)  # the ages, then the guilds
    guild_age = _guild_age(catalog)
    return _Lookups(
        age_field=age_field,
        age_shift=age_shift,
        shield_shift=shield_shift,
        shield_mask=shield_mask,
        apart_shift=apart_shift,
        drawn_shift=drawn_shift,
        payload_shift=drawn_shift + _AGE_BITS * ages,
        age_bias=_age_bias(rules, guild_age, [rules.turns_per_age] * ages),
        age_biases=_age_biases(catalog, guild_age),
        age_high=sum(top << (_AGE_BITS * k) for k in fields),
        age_ones=sum(1 << (_AGE_BITS * k) for k in fields),
        guild_age=guild_age,
        wild_cards=wild_cards,
        card_wild=card_wild,
        side_wild=side_wild,
        field=field,
        high=high,
        twice=twice,
        over=over,
        guild_shift=guild_shift,
        names={cid: catalog.structure(cid).name for cid in ids},
        order={cid: i for i, cid in enumerate(ids)},
        known=frozenset(ids),
        guilds=guilds,
        copies=copies,
        missing=tuple(frozenset(cid for cid, n in at.items() if n == 0) for at in copies),
        wonder_names={w.id: w.name for w in catalog.wonders},
        extra_turns=extra,
        drawn=any(catalog.structure(cid).deck == "drawn" for cid in ids),
        card_extra=card_extra,
        max_turns=rules.ages * (rules.turns_per_age + rules.leader_turns_per_age),
    )


def _upper_fields(catalog: Catalog, field: dict[str, int], shield_shift: int) -> tuple[int, int, int]:
    """Add to each structure's counter (``field``), above the age counters: its shields from
    ``shield_shift`` on (a city's at most 32 cards never carry out of the age counters), then
    one in a leaders' field (cards dealt apart; a city lists at most 32 cards), then one in its
    age's field of drawn cards (Cities' black cards: all their copies together fit one field,
    checked here), so that neither field carries. The shields' mask, and where the two fields
    start."""
    shields_of = shield_counts(catalog)
    for cid, shields in shields_of.items():
        field[cid] += shields << shield_shift
    shield_mask = (1 << (32 * max(shields_of.values(), default=0)).bit_length()) - 1
    apart_shift = shield_shift + shield_mask.bit_length()
    for cid in catalog.dealt("apart"):
        field[cid] += 1 << apart_shift
    drawn_shift = apart_shift + _AGE_BITS
    drawn = catalog.dealt("drawn")
    for cid in drawn:
        field[cid] += 1 << (drawn_shift + _AGE_BITS * (catalog.card_ages(cid)[0] - 1))
    most = sum(max(catalog.copies(cid, p) for p in range(catalog.rules.max_players + 1)) for cid in drawn)
    if most > _AGE_MASK:  # every copy at one table: an age's field would carry into the next
        raise ValueError(f"{most} copies of drawn cards: more than a counter of {_AGE_BITS} bits holds")
    return shield_mask, apart_shift, drawn_shift


def _copy_counters(
    ids: Sequence[str], guilds: frozenset[str], copies: tuple[dict[str, int], ...]
) -> tuple[dict[str, int], int, int, int, tuple[int, ...]]:
    """Each structure's copy counter in one big integer, where the guilds' count starts, and the
    biases that reach a counter's top bit (:attr:`_Lookups.high`): a structure held twice,
    more copies than the deck has at each player count."""
    # One 6-bit counter per structure: a city's cards sum to its counts, the table's
    # cities to the table's. Adding a bias that makes a counter reach its top bit exactly
    # when a count is too high checks every structure at once.
    width = 6
    top = 1 << (width - 1)
    field = {cid: 1 << (width * k) for k, cid in enumerate(ids)}
    guild_shift = width * len(ids)
    for cid in guilds:
        field[cid] += 1 << guild_shift
    high = sum(top << (width * k) for k in range(len(ids)))
    twice = sum((top - 2) << (width * k) for k in range(len(ids)))
    over = tuple(
        sum((top - 1 - (1 if cid in guilds else at[cid])) << (width * k) for k, cid in enumerate(ids))
        for at in copies
    )
    return field, guild_shift, high, twice, over


def _age_fields(catalog: Catalog, guilds: frozenset[str]) -> dict[str, int]:
    """Each structure as a counter in the field of its age (:attr:`_Lookups.age_field`)."""
    ages = catalog.rules.ages
    age_field: dict[str, int] = {}
    for cid in catalog.structure_ids:
        seen = catalog.card_ages(cid)  # a card of several ages (or of none) counts in no age
        value = 1 << (_AGE_BITS * (min(seen) - 1)) if len(seen) == 1 else 0
        if cid in guilds:
            value += 1 << (_AGE_BITS * ages)
        age_field[cid] = value
    return age_field


def _guild_age(catalog: Catalog) -> int:
    """The age the guilds belong to (0: the edition has none, or guilds of several ages)."""
    guild_ages = {c.age for c in catalog.guilds() if c.age is not None}
    return min(guild_ages) if len(guild_ages) == 1 else 0


def _age_bias(rules: EditionRules, guild_age: int, caps: Sequence[int]) -> int:
    """Each age's counter (and the guilds', of their age) reaches its top bit past its cap."""
    top = 1 << (_AGE_BITS - 1)
    limits = [*caps, caps[guild_age - 1] if guild_age else rules.turns_per_age]
    return sum((top - 1 - limits[k]) << (_AGE_BITS * k) for k in range(rules.ages + 1))


def _age_biases(catalog: Catalog, guild_age: int) -> dict[tuple[str, str, int], int]:
    """The age bias of each wonder side with ``k`` stages built (:attr:`_Lookups.age_biases`)."""
    return {
        (w.id, side.side, k): _age_bias(
            catalog.rules, guild_age, _age_caps(catalog, w.id, side.side, k, None)
        )
        for w in catalog.wonders
        for side in w.sides
        for k in range(len(side.stages) + 1)
    }


def _wildcards(catalog: Catalog) -> tuple[tuple[str, ...], int, dict[tuple[str, str], int]]:
    """The structures that give science wildcards, the wildcards of a city holding all of them,
    and those of every stage of each wonder side."""
    wild_cards = tuple(
        cid for cid in catalog.structure_ids if sum(e.wildcards() for e in catalog.structure(cid).effects)
    )
    card_wild = sum(sum(e.wildcards() for e in catalog.structure(c).effects) for c in wild_cards)
    side_wild = {
        (w.id, side.side): sum(e.wildcards() for stage in side.stages for e in stage.effects)
        for w in catalog.wonders
        for side in w.sides
    }
    return wild_cards, card_wild, side_wild


def _extra_builds(catalog: Catalog) -> tuple[dict[tuple[str, str], tuple[int, ...]], dict[str, int]]:
    """The builds beyond one a turn: a wonder side's after ``k`` stages (index = k), and those a
    card's own power gives."""
    rules = catalog.rules
    extra: dict[tuple[str, str], tuple[int, ...]] = {}
    for wonder in catalog.wonders:
        for side in wonder.sides:
            running = [0]
            for stage in side.stages:
                added = 0
                for effect in stage.effects:
                    # Babylon B: the seventh card of each age (up to one per age);
                    # Halicarnassus: one card from the discard pile per stage.
                    added += effect.extra_structures(rules)
                running.append(running[-1] + added)
            extra[(wonder.id, side.side)] = tuple(running)
    card_extra = {
        cid: n
        for cid in catalog.structure_ids
        if (n := sum(e.extra_structures(rules) for e in catalog.structure(cid).effects))
    }
    return extra, card_extra


def structure_limit(catalog: Catalog, wonder: str, side: str, stages: int) -> int:
    """How many structures a city can hold with ``stages`` built: the actions of three ages,
    less the cards tucked under its stages, plus Babylon B's and Halicarnassus's extra builds."""
    lookups = _lookups(catalog)
    extra = lookups.extra_turns.get((wonder, side), (0,))
    return lookups.max_turns - stages + extra[min(stages, len(extra) - 1)]


@lru_cache(maxsize=1024)
def _age_caps(
    catalog: Catalog, wonder: str | None, side: str, stages: int, stage_ages: tuple[int, ...] | None
) -> tuple[int, ...]:
    """The cards of each age a city can play: the age's turns, plus what its built stages'
    powers add to that age (Babylon B's seventh card, a Halicarnassus discard build)."""
    rules = catalog.rules
    caps = [rules.turns_per_age] * rules.ages
    if wonder is None or not catalog.has_wonder(wonder):
        return tuple(caps)
    for k, stage in enumerate(catalog.wonder(wonder).side(side).stages[:stages]):
        built = stage_ages[k] if stage_ages else None
        for effect in stage.effects:
            for age in range(1, rules.ages + 1):
                caps[age - 1] += effect.extra_in_age(age, built)
    return tuple(caps)


derives(__name__, _make_lookups)
