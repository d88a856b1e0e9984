"""Check a table against the rules and report every problem at once.

:func:`check_game` never stops at the first finding: a table with problems is still
scored, and the players see everything that cannot be right in one go. The codes of
error-severity problems are fixed by the game format (``duplicate-card``,
``card-not-in-deck``, ``too-many-copies``, ``too-many-guilds``, ``duplicate-wonder``,
``too-many-cards``, ``bad-military``); messages are one sentence naming the player and
the card (by its English name) or the field.

Cities entered as a paper pad's numbers (``cards`` is None) have no cards to check.

Beyond the fixed codes, tables that cannot happen are named (issue 13): more structures of
one age than its turns allow (``too-many-cards``) or more guilds than a city can build
(``too-many-guilds``), shields that go down between ages (``shields-go-down``) or that
contradict the city's own cards (``shields-mismatch``), given tokens that cannot pair up
with the tokens worked out for the other cities or that miss the last age's conflicts the
cities' own shields decide (``bad-military``), more science wildcards
on a pad than the edition has sources for (``too-many-wildcards``) and two cities with
the same player name (``duplicate-player``).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import chain, repeat
from operator import attrgetter

from .catalog import Catalog, catalog_for, derived, derives
from .describe import AGE_NUMERALS, OR, age_numeral, join
from .during import built_stages, check_play, has_play_fields, leader_limit, leaders_recruited
from .errors import GameFormatError
from .military import (
    built_stage_shields,
    city_signature,
    defeat_givers,
    defeats_as_shields,
    ended_ages,
    resolve_city,
    shield_bounds,
    shield_counts,
    shield_sources,
    shields_admitted,
    signature_pairs_up,
    table_shields,
    token_signature,
    tokens_pair_up_across,
)
from .model import City, Game, Problem, ProblemCode
from .records import record
from .text import N_, Nn_, Signed, Text, squeeze, verbatim


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
    rules = catalog.rules
    ids = catalog.structure_ids
    guilds = frozenset(c.id for c in catalog.guilds())
    copies = tuple(
        {cid: catalog.copies(cid, p) for cid in ids if cid not in guilds}
        for p in range(rules.max_players + 1)
    )
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
    ages = rules.ages
    age_field: dict[str, int] = {}
    guild_ages = {c.age for c in catalog.guilds() if c.age is not None}
    for cid in ids:
        seen = catalog.card_ages(cid)  # a card of several ages (or of none) counts in no age
        value = 1 << (_AGE_BITS * (min(seen) - 1)) if len(seen) == 1 else 0
        if cid in guilds:
            value += 1 << (_AGE_BITS * ages)
        age_field[cid] = value
    # Above the table's guild count (8 bits), each structure's age counter, so that the same
    # sum tells whether a city holds more cards of an age than its turns (see _fast_cards_ok).
    age_shift = guild_shift + _AGE_BITS
    for cid, value in age_field.items():
        field[cid] += value << age_shift
    # Above the age counters (a city's at most 32 cards never carry out of them), its shields.
    shield_shift = age_shift + _AGE_BITS * (ages + 1)
    shields_of = shield_counts(catalog)
    for cid, shields in shields_of.items():
        field[cid] += shields << shield_shift
    shield_mask = (1 << (32 * max(shields_of.values(), default=0)).bit_length()) - 1
    wild_cards = tuple(cid for cid in ids if sum(e.wildcards() for e in catalog.structure(cid).effects))
    side_wild = {
        (w.id, side.side): sum(e.wildcards() for stage in side.stages for e in stage.effects)
        for w in catalog.wonders
        for side in w.sides
    }
    top = 1 << (_AGE_BITS - 1)
    fields = range(ages + 1)  # the ages, then the guilds
    guild_age = min(guild_ages) if len(guild_ages) == 1 else 0

    def bias(caps: Sequence[int]) -> int:
        """Each age's counter (and the guilds', of their age) reaches its top bit past its cap."""
        limits = [*caps, caps[guild_age - 1] if guild_age else rules.turns_per_age]
        return sum((top - 1 - limits[k]) << (_AGE_BITS * k) for k in fields)

    age_biases = {
        (w.id, side.side, k): bias(_age_caps(catalog, w.id, side.side, k, None))
        for w in catalog.wonders
        for side in w.sides
        for k in range(len(side.stages) + 1)
    }
    return _Lookups(
        age_field=age_field,
        age_shift=age_shift,
        shield_shift=shield_shift,
        shield_mask=shield_mask,
        payload_shift=shield_shift + shield_mask.bit_length(),
        age_bias=bias([rules.turns_per_age] * ages),
        age_biases=age_biases,
        age_high=sum(top << (_AGE_BITS * k) for k in fields),
        guild_age=guild_age,
        wild_cards=wild_cards,
        card_wild=sum(sum(e.wildcards() for e in catalog.structure(c).effects) for c in wild_cards),
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
        card_extra={
            cid: n
            for cid in ids
            if (n := sum(e.extra_structures(rules) for e in catalog.structure(cid).effects))
        },
        max_turns=rules.ages * (rules.turns_per_age + rules.leader_turns_per_age),
    )


def _names(game: Game, seats: Sequence[int]) -> Text:
    return join([verbatim(game.cities[s].player) for s in seats])


def structure_limit(catalog: Catalog, wonder: str, side: str, stages: int) -> int:
    """How many structures a city can hold with ``stages`` built: the actions of three ages,
    less the cards tucked under its stages, plus Babylon B's and Halicarnassus's extra builds."""
    lookups = _lookups(catalog)
    extra = lookups.extra_turns.get((wonder, side), (0,))
    return lookups.max_turns - stages + extra[min(stages, len(extra) - 1)]


def check_game(game: Game, catalog: Catalog | None = None) -> list[Problem]:
    """Every problem with the table, errors and warnings, the parse notes first."""
    return check_game_and_cards(game, catalog)[0]


def check_game_and_cards(
    game: Game, catalog: Catalog | None = None, counts: Mapping[str, int] | None = None
) -> tuple[list[Problem], list[int | None] | None]:
    """:func:`check_game`, and each city's card counters when the cards passed every card
    check at once (None for a city without cards); None when they did not.

    Counters promise no duplicate or unknown card in any city, so scoring can skip those
    cases. ``counts``: the per-card counters to add up instead of :attr:`_Lookups.field`,
    each its ``field`` plus the caller's own counts from :attr:`_Lookups.payload_shift` on,
    so that a city's cards are added up once for the checks and the caller.
    """
    catalog = catalog or catalog_for(game.edition, game.expansions)
    lookups = _lookups(catalog)
    problems: list[Problem] = list(game.notes)
    deck = min(game.deck_players, len(lookups.copies) - 1)
    rules = catalog.rules
    # A table larger than the printed decks plays shorter ages (8 players: ruling eight-players).
    short = (
        rules.turns_per_age - rules.turns(len(game.cities)) if len(game.cities) > rules.printed_players else 0
    )
    turns = lookups.max_turns - short * rules.ages
    extra_turns = lookups.extra_turns
    per_age = rules.turns_per_age - short
    counters = _fast_cards_ok(game, lookups, deck, rules.guilds_dealt(deck), counts)
    clean = counters is not None
    for seat, city in enumerate(game.cities):
        cards = city.cards
        if cards is not None and len(cards) + city.stages > turns:
            extra = extra_turns.get((city.wonder or "", city.side), (0,))
            more = sum(map(lookups.card_extra.get, cards, repeat(0))) if lookups.card_extra else 0
            if len(cards) + city.stages > turns + more + extra[min(city.stages, len(extra) - 1)]:
                _check_turns(seat, city, lookups, problems, short * rules.ages)
        # Clean promises no age beyond its turns; stages dated in an age still count there.
        if (
            cards is not None
            and (not clean or city.stage_ages or short)
            and len(cards) + city.stages > per_age
        ):
            _check_ages(seat, city, lookups, catalog, problems, len(game.cities))
    if not clean:
        held = [
            (seat, _check_city(seat, city, lookups, deck, problems))
            for seat, city in enumerate(game.cities)
            if city.cards is not None
        ]
        _check_table(game, held, lookups, catalog, problems)
    _check_wonders(game, lookups, problems)
    if game.has_diplomacy:
        _check_diplomacy(game, catalog, problems)
    if lookups.drawn:
        _check_drawn(game, lookups, deck, catalog, problems)
    if catalog.rules.leader_turns_per_age:
        _check_leaders(game, catalog, problems)
    _check_military(game, catalog, problems)
    if not {None}.issuperset(map(_SHIELDS, game.cities)):
        _check_shields(game, catalog, problems, clean)
    _check_mixed_military(game, catalog, problems)
    if not catalog.expansions and game.age is None:
        _check_last_conflicts(game, catalog, problems, counters)
    _check_wildcards(game, lookups, catalog, problems)
    _check_names(game, problems)
    if has_play_fields(game):
        # One fact, one problem: a city already over an age's turns is not told again that it
        # has played more cards than the ages so far allow.
        over = {
            p.city for p in problems if p.code in (ProblemCode.TOO_MANY_CARDS, ProblemCode.TOO_MANY_GUILDS)
        }
        problems.extend(
            p
            for p in check_play(game, catalog)
            if not (p.code == ProblemCode.TOO_MANY_CARDS and p.city in over)
        )
    return problems, counters


def _fast_cards_ok(
    game: Game, lookups: _Lookups, deck: int, dealt: int, counts: Mapping[str, int] | None = None
) -> list[int | None] | None:
    """Each city's counters (None: no cards entered) when no card check can fail: no duplicate,
    unknown or missing card, copies and guilds within limits, no city with more cards of one
    age (or guilds) than an age's turns.

    Sums each city's counters (see :func:`_lookups`); None sends the table to the
    card-by-card checks, which say what is wrong (a wonder power may allow more of an age).
    ``counts``: :attr:`_Lookups.field` with a caller's counts above it (see
    :func:`check_game_and_cards`).
    """
    field = lookups.field if counts is None else counts
    high = lookups.high
    twice = lookups.twice
    age_shift = lookups.age_shift
    age_bias = lookups.age_bias
    age_biases = lookups.age_biases
    age_high = lookups.age_high
    total = 0
    counters: list[int | None] = []
    for city in game.cities:
        cards = city.cards
        if cards is None:
            counters.append(None)
            continue
        if len(cards) > 32:
            return None  # a counter could overflow into its neighbour
        try:
            held = sum(map(field.__getitem__, cards))
        except KeyError:
            return None
        bias = age_biases.get((city.wonder, city.side, city.stages), age_bias) if city.wonder else age_bias
        if (held + twice) & high or ((held >> age_shift) + bias) & age_high:
            return None
        total += held
        counters.append(held)
    guilds = total >> lookups.guild_shift & _AGE_MASK
    return counters if not (total + lookups.over[deck]) & high and guilds <= dealt else None


def _check_city(seat: int, city: City, lookups: _Lookups, deck: int, problems: list[Problem]) -> set[str]:
    """Check one card-level city; returns the set of its structures."""
    cards = city.cards or ()
    player = city.player
    unique = set(cards)
    if len(unique) != len(cards):
        counts: dict[str, int] = {}
        for cid in cards:
            counts[cid] = counts.get(cid, 0) + 1
        for cid, count in counts.items():
            if count > 1:
                problems.append(
                    Problem(
                        "error",
                        ProblemCode.DUPLICATE_CARD,
                        N_(
                            "{player}'s city holds {card} {count} times; a city can hold only one "
                            "structure of each name.",
                            player=player,
                            card=lookups.names.get(cid, cid),
                            count=count,
                        ),
                        city=seat,
                        card=cid,
                        field=f"cities[{seat}].cards",
                    )
                )
    missing = lookups.missing[deck]
    if not (lookups.known.issuperset(unique) and missing.isdisjoint(unique)):
        for index, cid in enumerate(cards):
            if cid not in lookups.known:
                problems.append(
                    Problem(
                        "error",
                        ProblemCode.UNKNOWN_CARD,
                        N_(
                            "{player}'s city holds {card}, which is no card of this edition.",
                            player=player,
                            card=cid,
                        ),
                        city=seat,
                        card=cid,
                        field=f"cities[{seat}].cards[{index}]",
                    )
                )
            elif cid in missing:
                needed = next(p for p, at in enumerate(lookups.copies) if at[cid])
                problems.append(
                    Problem(
                        "error",
                        ProblemCode.CARD_NOT_IN_DECK,
                        N_(
                            "{player}'s city holds {card}, which is not in the {deck}-player deck "
                            "(its first copy needs {needed} players).",
                            player=player,
                            card=lookups.names[cid],
                            deck=deck,
                            needed=needed,
                        ),
                        city=seat,
                        card=cid,
                        field=f"cities[{seat}].cards[{index}]",
                    )
                )
    return unique


def _check_turns(seat: int, city: City, lookups: _Lookups, problems: list[Problem], short: int = 0) -> None:
    """Structures plus stages within the turns of three ages (and the wonder's extra builds),
    ``short`` turns fewer at a table larger than the printed decks."""
    cards = city.cards or ()
    player = city.player
    limit = lookups.max_turns - short + sum(map(lookups.card_extra.get, cards, repeat(0)))
    if city.wonder is not None:
        extra = lookups.extra_turns.get((city.wonder, city.side))
        if extra is not None:
            limit += extra[min(city.stages, len(extra) - 1)]
    built = len(cards) + city.stages
    if built > limit:
        problems.append(
            Problem(
                "error",
                ProblemCode.TOO_MANY_CARDS,
                N_(
                    "{player}'s city has {cards} structures and {stages} wonder stages, {built} in all, "
                    "but a game lets it build at most {limit}.",
                    player=player,
                    cards=len(cards),
                    stages=city.stages,
                    built=built,
                    limit=limit,
                ),
                city=seat,
                field=f"cities[{seat}].cards",
            )
        )


def _check_table(
    game: Game,
    held: list[tuple[int, set[str]]],
    lookups: _Lookups,
    catalog: Catalog,
    problems: list[Problem],
) -> None:
    deck = min(game.deck_players, len(lookups.copies) - 1)
    seen: set[str] = set()
    shared: set[str] = set()
    counts: Counter[str] = Counter()
    for _, unique in held:
        shared |= seen & unique
        seen |= unique
        counts.update(unique)
    copies = lookups.copies[deck]
    # Guilds are not in ``copies``: one copy each. Cards with no copy at all are reported
    # as card-not-in-deck, unknown ones with their city.
    over = [cid for cid in shared if counts[cid] > (copies.get(cid) or 1)]
    for cid in sorted(over, key=lambda c: lookups.order.get(c, -1)):
        if cid not in lookups.known or copies.get(cid) == 0:
            continue
        seats = [seat for seat, unique in held if cid in unique]
        if cid in lookups.guilds:
            problems.append(
                Problem(
                    "error",
                    ProblemCode.TOO_MANY_GUILDS,
                    N_(
                        "{card} is in the cities of {players}, but each guild is dealt once, "
                        "so only one city can hold it.",
                        card=lookups.names[cid],
                        players=_names(game, seats),
                    ),
                    card=cid,
                )
            )
            continue
        available = copies[cid]
        problems.append(
            Problem(
                "error",
                ProblemCode.TOO_MANY_COPIES,
                Nn_(
                    "{card} is in the cities of {players}, but the {deck}-player deck has only {n} copy.",
                    "{card} is in the cities of {players}, but the {deck}-player deck has only {n} copies.",
                    available,
                    card=lookups.names[cid],
                    players=_names(game, seats),
                    deck=deck,
                ),
                card=cid,
            )
        )
    dealt = catalog.rules.guilds_dealt(deck)
    guilds = lookups.guilds & seen
    if len(guilds) > dealt:
        ordered = sorted(guilds, key=lookups.order.__getitem__)
        problems.append(
            Problem(
                "error",
                ProblemCode.TOO_MANY_GUILDS,
                N_(
                    "The table holds {count} different guilds ({guilds}), but a game of {deck} cities "
                    "deals only {dealt}.",
                    count=len(guilds),
                    guilds=join([N_("{card}", card=lookups.names[g]) for g in ordered]),
                    deck=deck,
                    dealt=dealt,
                ),
            )
        )


def _check_diplomacy(game: Game, catalog: Catalog, problems: list[Problem]) -> None:
    """A city plays no more diplomacy tokens than its cards and built stages gave it (one
    each: Residence, Consulate, Embassy, Byzantium's stages)."""
    for seat, city in enumerate(game.cities):
        if not city.diplomacy or city.cards is None:
            continue
        effects = [e for card in catalog.held(city.cards) for e in card.effects]
        effects += [e for stage in built_stages(city, catalog) for e in stage.effects]
        had = sum(e.diplomacy_tokens() for e in effects)
        if len(city.diplomacy) <= had:
            continue
        problems.append(
            Problem(
                "error",
                ProblemCode.BAD_MILITARY,
                Nn_(
                    "{player} played diplomacy in {count} ages, but the city's cards and stages give it "
                    "{n} diplomacy token.",
                    "{player} played diplomacy in {count} ages, but the city's cards and stages give it "
                    "{n} diplomacy tokens.",
                    had,
                    player=city.player,
                    count=len(city.diplomacy),
                ),
                city=seat,
                field=f"cities[{seat}].diplomacy",
            )
        )


def _check_drawn(game: Game, lookups: _Lookups, deck: int, catalog: Catalog, problems: list[Problem]) -> None:
    """As many cards of a drawn colour (Cities' black cards) of each age enter its deck as
    there are players: the table cannot hold more different ones of an age."""
    by_age = catalog.drawn_by_age(c for city in game.cities for c in city.cards or ())
    drawn = catalog.rules.deck_players(len(game.cities))
    for age, cards in sorted(by_age.items()):
        if len(cards) <= drawn:
            continue
        color = catalog.rules.color(catalog.structure(cards[0]).color)
        problems.append(
            Problem(
                "error",
                ProblemCode.TOO_MANY_COPIES,
                N_(
                    "The table holds {count} different {cards} of Age {age} ({names}), but only {drawn} of "
                    "them enter the deck for {deck} cities.",
                    count=len(cards),
                    cards=color.cards,
                    age=age_numeral(age),
                    names=join([N_("{card}", card=lookups.names[c]) for c in cards]),
                    drawn=drawn,
                    deck=deck,
                ),
                field="cities",
            )
        )


def _check_wonders(game: Game, lookups: _Lookups, problems: list[Problem]) -> None:
    """Each wonder at most once at the table."""
    wonders = [city.wonder for city in game.cities if city.wonder is not None]
    if len(set(wonders)) == len(wonders):
        return
    on_wonder: dict[str, list[int]] = {}
    for seat, city in enumerate(game.cities):
        if city.wonder is not None:
            on_wonder.setdefault(city.wonder, []).append(seat)
    for wonder, seats in on_wonder.items():
        if len(seats) > 1:
            problems.append(
                Problem(
                    "error",
                    ProblemCode.DUPLICATE_WONDER,
                    N_(
                        "{players} all play {wonder}, but each wonder is at the table once.",
                        players=_names(game, seats),
                        wonder=lookups.wonder_names.get(wonder, wonder),
                    ),
                    city=seats[1],
                    field=f"cities[{seats[1]}].wonder",
                )
            )


def _check_military(game: Game, catalog: Catalog, problems: list[Problem]) -> None:
    """Each city's tokens must exist and fit two neighbours; all of them must pair up round the table."""
    rules = catalog.rules
    victory = rules.victory_tokens
    defeat = rules.defeat_token
    signature: list[tuple[int, int, int]] = []
    complete = True
    # A city beside Tomyris may hold a defeat token beside the victory it won from her, a
    # city on diplomacy fights fewer conflicts, its neighbours others than usual, and in the
    # team game a city fights one neighbour twice: the fixed ring follows none of them, so
    # such a table is checked by tokens_pair_up_across.
    givers = defeat_givers(game, catalog)
    takers = {s for g in givers for age in range(1, rules.ages + 1) for s in game.opponents(g, age)}
    teams = bool(game.teams)
    across = bool(givers) or teams or game.has_diplomacy
    for seat, city in enumerate(game.cities):
        tokens = city.military
        if tokens is None:
            complete = False
            continue
        found = city_signature(tokens, victory, defeat)
        if found is None:
            _check_tokens(seat, city, catalog, problems, seat in takers, teams)  # says what is wrong
            complete = False
            continue
        if city.diplomacy:
            before = len(problems)
            _check_tokens(seat, city, catalog, problems, seat in takers, teams)
            if len(problems) > before:
                complete = False  # one fact, one problem: the city's own tokens say it
        signature.append(found)
    if not complete:
        return
    if across:
        if tokens_pair_up_across(game, [city.military or () for city in game.cities], rules, givers):
            return
    elif signature_pairs_up(tuple(signature)):
        return
    won = sum(one.bit_count() + two.bit_count() for one, two, _ in signature)
    lost = sum(d for _, _, d in signature)
    message = (
        N_(
            "The conflict tokens across the table cannot pair up: each victory needs a neighbour's "
            "defeat, but the table holds {won} and {lost}.",
            won=Nn_("{n} victory", "{n} victories", won),
            lost=Nn_("{n} defeat", "{n} defeats", lost),
        )
        if won != lost
        else N_(
            "The conflict tokens across the table cannot pair up: no outcome of the conflicts "
            "between neighbours gives every city the tokens it holds."
        )
    )
    problems.append(Problem("error", ProblemCode.BAD_MILITARY, message, field="cities"))


def _check_tokens(
    seat: int,
    city: City,
    catalog: Catalog,
    problems: list[Problem],
    beside_giver: bool = False,
    team_game: bool = False,
) -> None:
    """One city's tokens: each must exist, and two neighbours must be able to give them all
    (``beside_giver``: a neighbour hands over its defeats, Tomyris: one defeat a conflict;
    ``team_game``: a city on diplomacy still fights its other neighbour once)."""
    rules = catalog.rules
    victory = rules.victory_tokens
    allowed = (*victory, rules.defeat_token)
    tokens = city.military or ()
    at = f"cities[{seat}].military"
    values = Signed(", ".join(f"{t:+d}" for t in allowed))
    for token in dict.fromkeys(t for t in tokens if t not in allowed):
        problems.append(
            Problem(
                "error",
                ProblemCode.BAD_MILITARY,
                N_(
                    "{player}'s conflict token {token} does not exist: tokens are worth {values}.",
                    player=city.player,
                    token=token,
                    values=values,
                ),
                city=seat,
                field=at,
            )
        )
    wins = 0
    for age, value in enumerate(victory, 1):
        count = tokens.count(value)
        wins += min(count, 2)
        if count > 2:
            problems.append(
                Problem(
                    "error",
                    ProblemCode.BAD_MILITARY,
                    N_(
                        "{player} holds {count} victory tokens of Age {age}, but two neighbours "
                        "can give at most 2.",
                        player=city.player,
                        count=count,
                        age=AGE_NUMERALS[age - 1],
                    ),
                    city=seat,
                    field=at,
                )
            )
    defeats = tokens.count(rules.defeat_token)
    away = city.diplomacy or ()
    for age in away:
        if age > len(victory) or tokens.count(victory[age - 1]) <= (1 if team_game else 0):
            continue
        message = (
            N_(
                "{player} holds {count} victory tokens of Age {age}, but played a diplomacy token in "
                "that age: in the team game it fought one conflict.",
                player=city.player,
                count=tokens.count(victory[age - 1]),
                age=age_numeral(age),
            )
            if team_game
            else N_(
                "{player} holds a victory token of Age {age}, but played a diplomacy token in that "
                "age and fought no conflict.",
                player=city.player,
                age=age_numeral(age),
            )
        )
        problems.append(Problem("error", ProblemCode.BAD_MILITARY, message, city=seat, field=at))
    fought = 2 * len(victory) - (1 if team_game else 2) * len(away)
    most = fought - (0 if beside_giver else wins)
    if defeats > most:
        problems.append(
            Problem(
                "error",
                ProblemCode.BAD_MILITARY,
                Nn_(
                    "{player} holds {n} defeat token, but besides its victories its two "
                    "neighbours can give it at most {most}.",
                    "{player} holds {n} defeat tokens, but besides its victories its two "
                    "neighbours can give it at most {most}.",
                    defeats,
                    player=city.player,
                    most=most,
                ),
                city=seat,
                field=at,
            )
        )


# --- one age's turns --------------------------------------------------------------------------------


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


def _check_ages(
    seat: int, city: City, lookups: _Lookups, catalog: Catalog, problems: list[Problem], cities: int
) -> None:
    """No more structures of one age (and stages the table dates in it) than the age's turns
    allow (Rulebook: each age is six turns; ruling six-turns; fewer at a table of ``cities``
    larger than the printed decks: ruling eight-players), and no more guilds than the guilds'
    age allows. Loom, Glassworks and Press, of two ages, count in neither."""
    rules = catalog.rules
    short = rules.turns_per_age - rules.turns(cities)
    field = lookups.age_field
    packed = sum(map(field.get, set(city.cards or ()), repeat(0)))
    # The counters' bias, each age's cap (and the guilds') ``short`` lower at a larger table.
    bias = (
        lookups.age_bias + short * sum(1 << (_AGE_BITS * k) for k in range(rules.ages + 1))
        if short
        else lookups.age_bias
    )
    if not city.stage_ages and not (packed + bias) & lookups.age_high:
        return  # no age (nor the guilds) beyond its turns, even without the wonder's powers
    dated = Counter(city.stage_ages or ())
    caps = [cap - short for cap in _age_caps(catalog, city.wonder, city.side, city.stages, city.stage_ages)]
    for card in city.cards or ():
        if card in lookups.card_extra:  # a card's own discard build (Solomon): any age so far
            for age in range(1, rules.ages + 1):
                caps[age - 1] += sum(e.extra_in_age(age, None) for e in catalog.structure(card).effects)
    turns = rules.turns_per_age - short
    guilds = packed >> (_AGE_BITS * rules.ages)
    for age in range(1, rules.ages + 1):
        count = packed >> (_AGE_BITS * (age - 1)) & _AGE_MASK
        stages = dated[age]
        cap = caps[age - 1]
        if age == lookups.guild_age and guilds > cap:
            problems.append(
                Problem(
                    "error",
                    ProblemCode.TOO_MANY_GUILDS,
                    Nn_(
                        "{player}'s city holds {n} guild, but guilds are cards of Age {age} and an age has "
                        "only {turns} turns.",
                        "{player}'s city holds {n} guilds, but guilds are cards of Age {age} and an age has "
                        "only {turns} turns.",
                        guilds,
                        player=city.player,
                        age=age_numeral(age),
                        turns=turns,
                    )
                    if cap == turns
                    else Nn_(
                        "{player}'s city holds {n} guild, but guilds are cards of Age {age}: an age has "
                        "{turns} turns and the city's wonder plays at most {limit} cards of it.",
                        "{player}'s city holds {n} guilds, but guilds are cards of Age {age}: an age has "
                        "{turns} turns and the city's wonder plays at most {limit} cards of it.",
                        guilds,
                        player=city.player,
                        age=age_numeral(age),
                        turns=turns,
                        limit=cap,
                    ),
                    city=seat,
                    field=f"cities[{seat}].cards",
                )
            )
            continue
        # A leader's turn (Leaders) may build a stage with the leader, never an age card.
        leader_turns = rules.leader_turns_per_age
        if count <= cap and count + stages <= cap + leader_turns:
            continue
        if count > cap:
            stages = 0  # the structures alone are too many
        elif leader_turns:
            cap += leader_turns
            turns += leader_turns
        what: Text = Nn_("{n} structure", "{n} structures", count)
        if stages:
            what = N_(
                "{structures} and {stages}",
                structures=what,
                stages=Nn_("{n} wonder stage", "{n} wonder stages", stages),
            )
        problems.append(
            Problem(
                "error",
                ProblemCode.TOO_MANY_CARDS,
                N_(
                    "{player}'s city has {what} of Age {age}, but at a table of {cities} an age has only "
                    "{turns} turns: the {deck}-player decks are dealt in hands of {hand}.",
                    player=city.player,
                    what=what,
                    age=age_numeral(age),
                    cities=cities,
                    turns=turns,
                    deck=rules.deck_players(cities),
                    hand=rules.hand(cities),
                )
                if short and cap == turns
                else N_(
                    "{player}'s city has {what} of Age {age}, but an age has only {turns} turns.",
                    player=city.player,
                    what=what,
                    age=age_numeral(age),
                    turns=turns,
                )
                if cap == turns
                else N_(
                    "{player}'s city has {what} of Age {age}, but an age has {turns} turns and the city's "
                    "wonder plays at most {limit} cards of it.",
                    player=city.player,
                    what=what,
                    age=age_numeral(age),
                    turns=turns,
                    limit=cap,
                ),
                city=seat,
                field=f"cities[{seat}].cards",
            )
        )


# --- leaders ---------------------------------------------------------------------------------------


def _check_leaders(game: Game, catalog: Catalog, problems: list[Problem]) -> None:
    """No city holds more leaders than it could recruit: one leader turn an age (Leaders,
    ruling leaders-one-more-play), plus the recruitments its built stages add (Rome B); in a
    game in progress, only the ages begun so far."""
    for seat, city in enumerate(game.cities):
        if not city.cards:
            continue
        leaders = leaders_recruited(city, catalog)
        most = leader_limit(game, city, catalog)
        if len(leaders) <= most:
            continue
        names = join([verbatim(catalog.structure(c).name) for c in leaders])
        problems.append(
            Problem(
                "error",
                ProblemCode.TOO_MANY_CARDS,
                Nn_(
                    "{player}'s city lists {count} leaders ({names}), but a city recruits at most {n} "
                    "leader: one at the start of each age, and one more for each wonder stage that says so.",
                    "{player}'s city lists {count} leaders ({names}), but a city recruits at most {n} "
                    "leaders: one at the start of each age, and one more for each wonder stage that says so.",
                    most,
                    player=city.player,
                    count=len(leaders),
                    names=names,
                )
                if game.age is None
                else Nn_(
                    "{player}'s city lists {count} leaders ({names}), but by Age {age} a city has recruited "
                    "at most {n} leader.",
                    "{player}'s city lists {count} leaders ({names}), but by Age {age} a city has recruited "
                    "at most {n} leaders.",
                    most,
                    player=city.player,
                    count=len(leaders),
                    names=names,
                    age=age_numeral(game.age),
                ),
                city=seat,
                field=f"cities[{seat}].cards",
            )
        )


# --- shields by age -------------------------------------------------------------------------------


def _check_shields(game: Game, catalog: Catalog, problems: list[Problem], clean: bool = False) -> None:
    """Typed shields never go down, and agree with the city's own cards and stages
    (Rulebook: shields come from red cards and some wonder stages, and a structure stays
    built; ruling stage-ages). Only the ended ages count in a game in progress."""
    ages = ended_ages(game, catalog.rules)
    for seat, city in enumerate(game.cities):
        typed = city.shields_by_age
        if typed is None:
            continue
        at = f"cities[{seat}].shields_by_age"
        for age in ages[1:]:
            if typed[age] < typed[age - 1]:
                problems.append(
                    Problem(
                        "error",
                        ProblemCode.SHIELDS_GO_DOWN,
                        N_(
                            "{player}'s shields by age go down from {before} at the end of Age {first} to "
                            "{after} at the end of Age {second}, but a city never loses shields: its red "
                            "cards stay built.",
                            player=city.player,
                            before=typed[age - 1],
                            first=age_numeral(age),
                            after=typed[age],
                            second=age_numeral(age + 1),
                        ),
                        city=seat,
                        field=at,
                    )
                )
                break
        cards = city.cards
        if cards is None or not (cards or city.stages) or (city.wonder is None and city.stages):
            # A pad entry, a city with nothing entered yet, or stages of an unknown wonder:
            # what gives the city shields is not all known.
            continue
        if shields_admitted(
            typed, len(ages), cards, city.wonder, city.side, city.stages, catalog, city.stage_ages, clean
        ):
            continue
        bounds = shield_bounds(cards, city.wonder, city.side, city.stages, catalog, city.stage_ages, clean)
        for age in ages:
            fewer = typed[age] < bounds.least[age]
            more = typed[age] > bounds.most[age]
            if not (fewer or more):
                continue
            problems.append(
                Problem(
                    "error",
                    ProblemCode.SHIELDS_MISMATCH,
                    _mismatch(
                        game,
                        seat,
                        catalog,
                        typed[age],
                        age + 1,
                        shield_sources(cards, city.wonder, city.side, city.stages, catalog),
                        fewer,
                        bounds.least[age] if fewer else bounds.most[age],
                    ),
                    city=seat,
                    field=at,
                )
            )
            break


def _mismatch(
    game: Game,
    seat: int,
    catalog: Catalog,
    typed: int,
    age: int,
    sources: Sequence[tuple[str, int]],
    fewer: bool,
    bound: int,
) -> Text:
    """The ``shields-mismatch`` sentence: what was typed, what the city's cards give, which is used."""
    city = game.cities[seat]
    names: list[Text] = []
    for source, _shields in sources:
        if source.startswith("stage-") and city.wonder is not None:
            names.append(
                N_(
                    "{wonder} stage {stage}",
                    wonder=catalog.wonder(city.wonder).short_name,
                    stage=int(source.split("-", 1)[1]),
                )
            )
        else:
            names.append(verbatim(catalog.structure(source).name))
    # The typed shields stay the table's word; they are used wherever a conflict is worked out.
    neighbours = (game.left(seat), game.right(seat))
    used = (
        N_("the shields typed are used for the conflicts")
        if city.military is None or any(game.cities[s].military is None for s in neighbours)
        else N_("the conflict tokens given are used, not these shields")
    )
    if fewer:
        return N_(
            "{player}'s shields by age say {typed} at the end of Age {age}, but the city's own {sources} "
            "give at least {bound} by then; {used}.",
            player=city.player,
            typed=typed,
            age=age_numeral(age),
            sources=join(names),
            bound=bound,
            used=used,
        )
    if not names:
        return N_(
            "{player}'s shields by age say {typed} at the end of Age {age}, but nothing in the city gives "
            "shields; {used}.",
            player=city.player,
            typed=typed,
            age=age_numeral(age),
            used=used,
        )
    return N_(
        "{player}'s shields by age say {typed} at the end of Age {age}, but all that gives the city "
        "shields, {sources}, makes at most {bound} by then; {used}.",
        player=city.player,
        typed=typed,
        age=age_numeral(age),
        sources=join(names),
        bound=bound,
        used=used,
    )


def _check_mixed_military(game: Game, catalog: Catalog, problems: list[Problem]) -> None:
    """Tokens given by some cities and worked out from shields for the others must pair up
    round the table, as given tokens must among themselves (Rulebook: End of an age; each
    victory is a neighbour's defeat in the same conflict).

    Not checked when a city's tokens cannot be worked out (a pad entry without shields
    beside it) or rest on a stage dated by assumption (the ``military-assumed`` warning
    already asks the table to compare).
    """
    cities = game.cities
    given = [city.military is not None for city in cities]
    if all(given) or not any(given):
        return  # all given: checked above; none given: worked out from one set of shields
    rules = catalog.rules
    givers = defeat_givers(game, catalog)
    across = bool(givers) or bool(game.teams) or game.has_diplomacy
    found = table_shields(game, catalog)
    ages = ended_ages(game, rules)
    shields = defeats_as_shields(game, catalog, [f.shields for f in found], ages, givers)
    tokens: list[Sequence[int]] = []
    worked: list[int] = []
    for seat, city in enumerate(cities):
        if city.military is not None:
            if city_signature(city.military, rules.victory_tokens, rules.defeat_token) is None:
                return  # tokens no city can hold: reported with the city
            tokens.append(city.military)
            continue
        if shields[seat] is None:
            return
        around = {seat, *(s for age in ages for s in game.opponents(seat, age + 1))}
        if any(found[s].guessed for s in around):
            return
        by_age, unknown = resolve_city(game, seat, shields, ages, rules, givers)
        if unknown:
            return
        tokens.append([t for taken in by_age for t in taken])
        worked.append(seat)
    signature = token_signature(tokens, rules)
    if signature is None:
        return  # an impossible given token is reported with its city
    if tokens_pair_up_across(game, tokens, rules, givers) if across else signature_pairs_up(signature):
        return
    won = sum(one.bit_count() + two.bit_count() for one, two, _ in signature)
    lost = sum(d for _, _, d in signature)
    holders = _names(game, [s for s, g in enumerate(given) if g])
    others = _names(game, worked)
    message = (
        N_(
            "The conflict tokens given for {given} and those worked out from the shields of {worked} cannot "
            "pair up: each victory needs a neighbour's defeat, but together they hold {won} and {lost}; "
            "check the tokens and the shields.",
            given=holders,
            worked=others,
            won=Nn_("{n} victory", "{n} victories", won),
            lost=Nn_("{n} defeat", "{n} defeats", lost),
        )
        if won != lost
        else N_(
            "The conflict tokens given for {given} and those worked out from the shields of {worked} cannot "
            "pair up: no outcome of the conflicts between neighbours gives every city these tokens; check "
            "the tokens and the shields.",
            given=holders,
            worked=others,
        )
    )
    problems.append(Problem("error", ProblemCode.BAD_MILITARY, message, field="cities"))


# --- the last age's conflicts, decided by the cities ------------------------------------------------


def _shown_shields(game: Game, catalog: Catalog, counters: list[int | None] | None) -> list[int | None]:
    """Each city's shields at the end of the last age, as its face-up structures and built
    stages show them, every one counting by then (where the shield bounds meet); None where
    they are not all known (a pad entry, nothing entered yet, stages of a wonder not known or
    not known stage by stage) or the city's typed shields say otherwise.

    ``counters``: each city's counters from :func:`_fast_cards_ok` (no card twice), whose
    top field is its structures' shields; None: the cards are added up here, each once."""
    counts = shield_counts(catalog).get
    lookups = _lookups(catalog)
    shift, mask = lookups.shield_shift, lookups.shield_mask
    out: list[int | None] = []
    for seat, city in enumerate(game.cities):
        cards = city.cards
        if cards is None or not (cards or city.stages):
            out.append(None)
            continue
        held = counters[seat] if counters is not None else None
        total = (
            held >> shift & mask if held is not None else sum(map(counts, dict.fromkeys(cards), repeat(0)))
        )
        if city.stages:
            stages = _shown_stage_shields(catalog, city.wonder, city.side, city.stages)
            if stages is None:
                out.append(None)
                continue
            total += stages
        typed = city.shields_by_age
        # Typed shields the city does not show are said once (shields-mismatch): which is
        # wrong, the shields or the cards, only the table knows.
        out.append(total if typed is None or typed[-1] == total else None)
    return out


@lru_cache(maxsize=1024)
def _shown_stage_shields(catalog: Catalog, wonder: str | None, side: str, stages: int) -> int | None:
    """The shields of a wonder's built stages, None when they are not known stage by stage."""
    if wonder is None or not catalog.has_wonder(wonder) or catalog.wonder(wonder).typed:
        return None
    return built_stage_shields(catalog, wonder, side, stages)


def _check_last_conflicts(
    game: Game, catalog: Catalog, problems: list[Problem], counters: list[int | None] | None = None
) -> None:
    """Given tokens must hold the outcome of the last age's conflicts, which the cities decide
    (Rulebook: shields come from red cards and wonder stages, all face up, and at the end of
    each age a city takes a victory token from each neighbour with fewer shields and a defeat
    token from each with more). At the end of the game a card-entered city's shields are what
    it shows, so its victory tokens of the last age are the neighbours it beat, and it holds
    at least a defeat for each neighbour that beat it (defeats carry no age).

    Only what is certain is said: a neighbour whose shields are not known (a pad entry, a city
    with nothing entered yet) may have had any number. Called for the base game of an edition
    only, with the last age ended: every expansion adds shields a city may not show or changes
    who fights or what a token is worth (docs/decisions.md).
    """
    rules = catalog.rules
    last = len(rules.victory_tokens)
    victory = rules.victory_tokens[-1]
    defeat = rules.defeat_token
    cities = game.cities
    n = len(cities)
    if n < 3 or game.teams or game.has_diplomacy:
        return
    shown = _shown_shields(game, catalog, counters)
    for seat, city in enumerate(cities):
        tokens = city.military
        mine = shown[seat]
        if tokens is None or mine is None:
            continue
        beat = beaten = unknown = 0
        for theirs in (shown[(seat + 1) % n], shown[seat - 1]):  # left, right; two distinct: n >= 3
            if theirs is None:
                unknown += 1
            elif mine > theirs:
                beat += 1
            elif theirs > mine:
                beaten += 1
        # A neighbour whose shields are not known: beaten only if the city has any shields.
        most = beat + (unknown if mine else 0)
        won, lost = tokens.count(victory), tokens.count(defeat)
        if beat <= won <= most and lost >= beaten:
            continue
        if city_signature(tokens, rules.victory_tokens, defeat) is None:
            continue  # impossible whatever the shields: said with the city
        known = [o for o in game.neighbours(seat) if shown[o] is not None]
        age = age_numeral(last)
        seen = join([N_("{player} {n}", player=game.cities[s].player, n=shown[s]) for s in (seat, *known)])
        at = f"cities[{seat}].military"
        said: list[Text] = []
        if not beat <= won <= most:
            said.append(
                N_(
                    "{player} holds {held} of Age {age}, but the Age {age} conflicts follow from the "
                    "shields the cities show ({shields}): {player} won {won}.",
                    player=city.player,
                    held=N_("no victory token")
                    if won == 0
                    else Nn_("{n} victory token", "{n} victory tokens", won),
                    age=age,
                    shields=seen,
                    won=_conflicts(beat, most, won),
                )
            )
        if lost < beaten:
            said.append(
                N_(
                    "{player} holds {held}, but the Age {age} conflicts follow from the shields the "
                    "cities show ({shields}): {player} lost {lost} in that age alone.",
                    player=city.player,
                    held=N_("no defeat token")
                    if lost == 0
                    else Nn_("{n} defeat token", "{n} defeat tokens", lost),
                    age=age,
                    shields=seen,
                    lost=Nn_("{n} conflict", "{n} conflicts", beaten),
                )
            )
        problems.extend(Problem("error", ProblemCode.BAD_MILITARY, m, city=seat, field=at) for m in said)


def _conflicts(least: int, most: int, held: int) -> Text:
    """The conflicts a city won in an age, as far as the shields say: exactly, at least or at
    most (the bound ``held`` lies beyond)."""
    if least == most or (held > most and most == 0):
        return N_("no conflict") if most == 0 else Nn_("{n} conflict", "{n} conflicts", most)
    if held < least:
        return N_("at least {won}", won=Nn_("{n} conflict", "{n} conflicts", least))
    return N_("at most {won}", won=Nn_("{n} conflict", "{n} conflicts", most))


# --- a pad's wildcards -------------------------------------------------------------------------------


def _check_wildcards(game: Game, lookups: _Lookups, catalog: Catalog, problems: list[Problem]) -> None:
    """A pad entry's wildcards: at most one from each structure that gives one and the stages
    of its wonder side (any side when its wonder is not given): rulings science-wildcards.
    An Olympia copy adds none beyond these: it copies a guild the city does not hold, and
    each guild is in the game once."""
    for seat, city in enumerate(game.cities):
        symbols = city.science_symbols
        if symbols is None or not city.is_pad_entry or not symbols.wild:
            continue
        if city.wonder is not None and (city.wonder, city.side) in lookups.side_wild:
            sides = [(city.wonder, city.side)]
        else:
            sides = list(lookups.side_wild)
        most = lookups.card_wild + max((lookups.side_wild[s] for s in sides), default=0)
        if symbols.wild <= most:
            continue
        wonders = list(
            dict.fromkeys(catalog.wonder(w).short_name for w, side in sides if lookups.side_wild[(w, side)])
        )
        sources: list[Text] = [
            N_("one from the {card}", card=catalog.structure(c).name) for c in lookups.wild_cards
        ]
        if wonders:
            sources.append(
                N_("one from a stage of {wonders}", wonders=join([verbatim(w) for w in wonders], OR))
            )
        problems.append(
            Problem(
                "error",
                ProblemCode.TOO_MANY_WILDCARDS,
                Nn_(
                    "{player}'s score pad gives {n} science wildcard, but a city can have at most {most}: "
                    "{sources}.",
                    "{player}'s score pad gives {n} science wildcards, but a city can have at most {most}: "
                    "{sources}.",
                    symbols.wild,
                    player=city.player,
                    most=most,
                    sources=join(sources),
                )
                if sources
                else Nn_(
                    "{player}'s score pad gives {n} science wildcard, but nothing in this edition gives "
                    "a city one.",
                    "{player}'s score pad gives {n} science wildcards, but nothing in this edition gives "
                    "a city one.",
                    symbols.wild,
                    player=city.player,
                ),
                city=seat,
                field=f"cities[{seat}].science_symbols.wild",
            )
        )


# --- players' names -------------------------------------------------------------------------------

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


derives(__name__, _make_lookups)
