"""Check a table against the rules and report every problem at once.

:func:`check_game` never stops at the first finding: a table with problems is still
scored, and the players see everything that cannot be right in one go. The codes of
error-severity problems are fixed by the game format (``duplicate-card``,
``card-not-in-deck``, ``too-many-copies``, ``too-many-guilds``, ``duplicate-wonder``,
``too-many-cards``, ``bad-military``); messages are one sentence naming the player and
the card (by its English name) or the field.

Cities entered as a paper pad's numbers (``cards`` is None) have no cards to check.

Where each part lives: this module checks the cards, the ages' turns, the leaders, the drawn
cards, the wonders and a pad's wildcards; :mod:`.counters` holds the packed card counters
made once per catalog; :mod:`.military_checks` the conflict tokens, diplomacy and shields;
:mod:`.names` the players' names.

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

from collections import Counter
from collections.abc import Mapping
from itertools import repeat

from .catalog import Catalog, catalog_for
from .counters import _AGE_BITS, _AGE_MASK, _SHIELDS, _age_caps, _Lookups, _lookups
from .describe import OR, age_numeral, join, players_text
from .during import check_play, has_play_fields, leader_limit, leader_turns, leaders_recruited
from .military_checks import (
    _check_diplomacy,
    _check_last_conflicts,
    _check_military,
    _check_mixed_military,
    _check_shields,
)
from .model import City, Game, Problem, ProblemCode
from .names import _check_names
from .text import N_, Nn_, Text, verbatim


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
    counters = _fast_cards_ok(game, lookups, deck, rules.guilds_dealt(deck), short, counts)
    clean = counters is not None
    for seat, city in enumerate(game.cities):
        cards = city.cards
        if cards is not None and len(cards) + city.stages > turns:
            extra = extra_turns.get((city.wonder or "", city.side), (0,))
            more = sum(map(lookups.card_extra.get, cards, repeat(0))) if lookups.card_extra else 0
            if len(cards) + city.stages > turns + more + extra[min(city.stages, len(extra) - 1)]:
                _check_turns(seat, city, lookups, problems, short * rules.ages)
        # Clean promises no age beyond its turns; stages dated in an age still count there.
        if cards is not None and (not clean or city.stage_ages) and len(cards) + city.stages > per_age:
            _check_ages(seat, city, lookups, catalog, problems, len(game.cities))
    if not clean:
        _check_cards(game, lookups, deck, catalog, problems)
    _check_wonders(game, lookups, problems)
    if game.has_diplomacy:
        _check_diplomacy(game, catalog, problems)
    if lookups.drawn:
        _check_drawn(game, lookups, deck, catalog, problems, counters)
    if catalog.rules.leader_turns_per_age:
        _check_leaders(game, lookups, catalog, problems, counters)
    _check_military(game, catalog, problems)
    if not {None}.issuperset(map(_SHIELDS, game.cities)):
        _check_shields(game, catalog, problems, clean)
    _check_mixed_military(game, catalog, problems)
    if not catalog.expansions and game.age is None:
        _check_last_conflicts(game, catalog, problems, counters)
    _check_wildcards(game, lookups, catalog, problems)
    _check_names(game, problems)
    if has_play_fields(game):
        _check_during_play(game, catalog, problems)
    return problems, counters


def _check_cards(game: Game, lookups: _Lookups, deck: int, catalog: Catalog, problems: list[Problem]) -> None:
    """The card-by-card checks, for a table whose cards did not all pass at once: each city's
    duplicate, unknown and missing cards, then the copies and guilds across the table."""
    held = [
        (seat, _check_city(seat, city, lookups, deck, problems))
        for seat, city in enumerate(game.cities)
        if city.cards is not None
    ]
    _check_table(game, held, lookups, catalog, problems)


def _check_during_play(game: Game, catalog: Catalog, problems: list[Problem]) -> None:
    """The checks of a game in progress (:func:`check_play`), after the table's own."""
    # One fact, one problem: a city already over an age's turns is not told again that it
    # has played more cards than the ages so far allow.
    over = {p.city for p in problems if p.code in (ProblemCode.TOO_MANY_CARDS, ProblemCode.TOO_MANY_GUILDS)}
    problems.extend(
        p for p in check_play(game, catalog) if not (p.code == ProblemCode.TOO_MANY_CARDS and p.city in over)
    )


def _fast_cards_ok(
    game: Game,
    lookups: _Lookups,
    deck: int,
    dealt: int,
    short: int = 0,
    counts: Mapping[str, int] | None = None,
) -> list[int | None] | None:
    """Each city's counters (None: no cards entered) when no card check can fail: no duplicate,
    unknown or missing card, copies and guilds within limits, no city with more cards of one
    age (or guilds) than an age's turns, ``short`` fewer at a table larger than the decks.

    Sums each city's counters (see :func:`_lookups`); None sends the table to the
    card-by-card checks, which say what is wrong (a wonder power may allow more of an age).
    ``counts``: :attr:`_Lookups.field` with a caller's counts above it (see
    :func:`check_game_and_cards`).
    """
    field = lookups.field if counts is None else counts
    high = lookups.high
    twice = lookups.twice
    age_shift = lookups.age_shift
    fewer = short * lookups.age_ones
    age_bias = lookups.age_bias + fewer
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
        bias = (
            age_biases.get((city.wonder, city.side, city.stages), lookups.age_bias) + fewer
            if city.wonder
            else age_bias
        )
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
                problems.append(_duplicate_card(seat, player, cid, count, lookups))
    missing = lookups.missing[deck]
    if not (lookups.known.issuperset(unique) and missing.isdisjoint(unique)):
        for index, cid in enumerate(cards):
            if cid not in lookups.known:
                problems.append(_unknown_card(seat, player, index, cid))
            elif cid in missing:
                problems.append(_card_not_in_deck(seat, player, index, cid, lookups, deck))
    return unique


def _duplicate_card(seat: int, player: str, cid: str, count: int, lookups: _Lookups) -> Problem:
    """The ``duplicate-card`` problem: a city holds one structure ``count`` times."""
    return Problem(
        "error",
        ProblemCode.DUPLICATE_CARD,
        N_(
            "{player}'s city holds {card} {count} times; a city can hold only one structure of each name.",
            player=player,
            card=lookups.names.get(cid, cid),
            count=count,
        ),
        city=seat,
        card=cid,
        field=f"cities[{seat}].cards",
    )


def _unknown_card(seat: int, player: str, index: int, cid: str) -> Problem:
    """The ``unknown-card`` problem: the city's card at ``index`` is no card of the edition."""
    return Problem(
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


def _card_not_in_deck(seat: int, player: str, index: int, cid: str, lookups: _Lookups, deck: int) -> Problem:
    """The ``card-not-in-deck`` problem: the city's card at ``index`` has no copy in the
    ``deck``-player deck, naming the players its first copy needs."""
    needed = next(p for p, at in enumerate(lookups.copies) if at[cid])
    return Problem(
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
    """Across the table: no card in more cities than the deck has copies (one each for a
    guild), and no more different guilds than a game deals. ``held``: each card-level city's
    seat and set of structures."""
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
            problems.append(_guild_held_twice(game, cid, seats, lookups))
            continue
        problems.append(_too_many_copies(game, cid, seats, copies[cid], deck, lookups))
    dealt = catalog.rules.guilds_dealt(deck)
    guilds = lookups.guilds & seen
    if len(guilds) > dealt:
        problems.append(_too_many_guilds_dealt(guilds, deck, dealt, lookups))


def _guild_held_twice(game: Game, cid: str, seats: list[int], lookups: _Lookups) -> Problem:
    """The ``too-many-guilds`` problem of one guild in the cities at ``seats``: each guild
    is dealt once."""
    return Problem(
        "error",
        ProblemCode.TOO_MANY_GUILDS,
        N_(
            "{card} is in the cities of {players}, but each guild is dealt once, "
            "so only one city can hold it.",
            card=lookups.names[cid],
            players=players_text(game, seats),
        ),
        card=cid,
    )


def _too_many_copies(
    game: Game, cid: str, seats: list[int], available: int, deck: int, lookups: _Lookups
) -> Problem:
    """The ``too-many-copies`` problem of a card in the cities at ``seats``, more of them than
    the ``available`` copies of the ``deck``-player deck."""
    return Problem(
        "error",
        ProblemCode.TOO_MANY_COPIES,
        Nn_(
            "{card} is in the cities of {players}, but the {deck}-player deck has only {n} copy.",
            "{card} is in the cities of {players}, but the {deck}-player deck has only {n} copies.",
            available,
            card=lookups.names[cid],
            players=players_text(game, seats),
            deck=deck,
        ),
        card=cid,
    )


def _too_many_guilds_dealt(guilds: frozenset[str], deck: int, dealt: int, lookups: _Lookups) -> Problem:
    """The ``too-many-guilds`` problem of a table holding more different ``guilds`` than a
    game of ``deck`` cities deals."""
    ordered = sorted(guilds, key=lookups.order.__getitem__)
    return Problem(
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


def _check_drawn(
    game: Game,
    lookups: _Lookups,
    deck: int,
    catalog: Catalog,
    problems: list[Problem],
    counters: list[int | None] | None = None,
) -> None:
    """As many cards of a drawn colour (Cities' black cards) of each age enter its deck as
    there are players: the table cannot hold more different ones of an age. ``counters``
    (the cities' from :func:`_fast_cards_ok`) hold the table's drawn cards by age: within
    the deck's, nothing is counted card by card."""
    drawn = catalog.rules.deck_players(len(game.cities))
    if counters is not None:
        held = sum(filter(None, counters)) >> lookups.drawn_shift
        if all(held >> (_AGE_BITS * k) & _AGE_MASK <= drawn for k in range(catalog.rules.ages)):
            return
    by_age = catalog.drawn_by_age(city.cards for city in game.cities)
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
                        players=players_text(game, seats),
                        wonder=lookups.wonder_names.get(wonder, wonder),
                    ),
                    city=seats[1],
                    field=f"cities[{seats[1]}].wonder",
                )
            )


# --- one age's turns --------------------------------------------------------------------------------


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
    bias = lookups.age_bias + short * lookups.age_ones
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
            problems.append(_too_many_guilds_of_age(seat, city, guilds, age, turns, cap))
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
        problems.append(_too_many_of_age(seat, city, catalog, cities, age, count, stages, turns, cap))


def _too_many_guilds_of_age(seat: int, city: City, guilds: int, age: int, turns: int, cap: int) -> Problem:
    """The ``too-many-guilds`` problem of a city holding more ``guilds`` than their ``age``
    lets it play: its ``turns``, or the ``cap`` its wonder allows when that differs."""
    return Problem(
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


def _too_many_of_age(
    seat: int,
    city: City,
    catalog: Catalog,
    cities: int,
    age: int,
    count: int,
    stages: int,
    turns: int,
    cap: int,
) -> Problem:
    """The ``too-many-cards`` problem of a city with ``count`` structures (and ``stages``
    dated) in an ``age`` of ``turns`` turns, of which its wonder plays at most ``cap``; at a
    table of ``cities`` larger than the printed decks, the shorter age's hands are named."""
    rules = catalog.rules
    short = rules.turns_per_age - rules.turns(cities)
    what: Text = Nn_("{n} structure", "{n} structures", count)
    if stages:
        what = N_(
            "{structures} and {stages}",
            structures=what,
            stages=Nn_("{n} wonder stage", "{n} wonder stages", stages),
        )
    return Problem(
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


# --- leaders ---------------------------------------------------------------------------------------


def _check_leaders(
    game: Game,
    lookups: _Lookups,
    catalog: Catalog,
    problems: list[Problem],
    counters: list[int | None] | None = None,
) -> None:
    """No city holds more leaders than it could recruit: one leader turn an age (Leaders,
    ruling leaders-one-more-play), plus the recruitments its built stages add (Rome B); in a
    game in progress, only the ages begun so far. ``counters`` (from :func:`_fast_cards_ok`)
    hold each city's leaders: within the turns, they are not listed."""
    turns = leader_turns(game, catalog)
    for seat, city in enumerate(game.cities):
        held = counters[seat] if counters is not None else None
        if not city.cards or (held is not None and held >> lookups.apart_shift & _AGE_MASK <= turns):
            continue
        leaders = leaders_recruited(city, catalog)
        if len(leaders) <= turns:
            continue  # within the leader turns, whatever the stages add
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
