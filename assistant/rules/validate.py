"""Check a table against the rules and report every problem at once.

:func:`check_game` never stops at the first finding: a table with problems is still
scored, and the players see everything that cannot be right in one go. The codes of
error-severity problems are fixed by the game format (``duplicate-card``,
``card-not-in-deck``, ``too-many-copies``, ``too-many-guilds``, ``duplicate-wonder``,
``too-many-cards``, ``bad-military``); messages are one sentence naming the player and
the card (by its English name) or the field.

Cities entered as a paper pad's numbers (``cards`` is None) have no cards to check.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from .catalog import Catalog, catalog_for
from .describe import AGE_NUMERALS, join
from .during import check_play, has_play_fields
from .military import signature_pairs_up
from .model import City, Game, Problem, ProblemCode
from .text import N_, Nn_, Signed, Text, verbatim


@dataclass(frozen=True, slots=True)
class _Tables:
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


@cache
def _tables(catalog: Catalog) -> _Tables:
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
    return _Tables(
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
        max_turns=rules.ages * rules.turns_per_age,
    )


def _names(game: Game, seats: Sequence[int]) -> Text:
    return join([verbatim(game.cities[s].player) for s in seats])


def structure_limit(catalog: Catalog, wonder: str, side: str, stages: int) -> int:
    """How many structures a city can hold with ``stages`` built: the actions of three ages,
    less the cards tucked under its stages, plus Babylon B's and Halicarnassus's extra builds."""
    tables = _tables(catalog)
    extra = tables.extra_turns.get((wonder, side), (0,))
    return tables.max_turns - stages + extra[min(stages, len(extra) - 1)]


def check_game(game: Game, catalog: Catalog | None = None) -> list[Problem]:
    """Every problem with the table, errors and warnings, the parse notes first."""
    return check_game_and_cards(game, catalog)[0]


def check_game_and_cards(game: Game, catalog: Catalog | None = None) -> tuple[list[Problem], bool]:
    """:func:`check_game`, and whether the cards passed every card check at once.

    True promises no duplicate or unknown card in any city, so scoring can skip those
    cases.
    """
    catalog = catalog or catalog_for(game.edition)
    tables = _tables(catalog)
    problems: list[Problem] = list(game.notes)
    deck = min(game.deck_players, len(tables.copies) - 1)
    turns = tables.max_turns
    extra_turns = tables.extra_turns
    for seat, city in enumerate(game.cities):
        cards = city.cards
        if cards is not None and len(cards) + city.stages > turns:
            extra = extra_turns.get((city.wonder or "", city.side), (0,))
            if len(cards) + city.stages > turns + extra[min(city.stages, len(extra) - 1)]:
                _check_turns(seat, city, tables, problems)
    clean = _fast_cards_ok(game, tables, deck, deck + catalog.rules.guilds_beyond_players)
    if not clean:
        held = [
            (seat, _check_city(seat, city, tables, deck, problems))
            for seat, city in enumerate(game.cities)
            if city.cards is not None
        ]
        _check_table(game, held, tables, catalog, problems)
    _check_wonders(game, tables, problems)
    _check_military(game, catalog, problems)
    if has_play_fields(game):
        problems.extend(check_play(game, catalog))
    return problems, clean


def _fast_cards_ok(game: Game, tables: _Tables, deck: int, dealt: int) -> bool:
    """True when no card check can fail: no duplicate, unknown or missing card, copies and guilds within limits.

    Sums each city's counters (see :func:`_tables`); False sends the table to the
    card-by-card checks, which say what is wrong.
    """
    field = tables.field
    high = tables.high
    twice = tables.twice
    total = 0
    for city in game.cities:
        cards = city.cards
        if cards is None:
            continue
        if len(cards) > 32:
            return False  # a counter could overflow into its neighbour
        try:
            held = sum(map(field.__getitem__, cards))
        except KeyError:
            return False
        if (held + twice) & high:
            return False
        total += held
    return not (total + tables.over[deck]) & high and total >> tables.guild_shift <= dealt


def _check_city(seat: int, city: City, tables: _Tables, deck: int, problems: list[Problem]) -> set[str]:
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
                            card=tables.names.get(cid, cid),
                            count=count,
                        ),
                        city=seat,
                        card=cid,
                        field=f"cities[{seat}].cards",
                    )
                )
    missing = tables.missing[deck]
    if not (tables.known.issuperset(unique) and missing.isdisjoint(unique)):
        for index, cid in enumerate(cards):
            if cid not in tables.known:
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
                needed = next(p for p, at in enumerate(tables.copies) if at[cid])
                problems.append(
                    Problem(
                        "error",
                        ProblemCode.CARD_NOT_IN_DECK,
                        N_(
                            "{player}'s city holds {card}, which is not in the {deck}-player deck "
                            "(its first copy needs {needed} players).",
                            player=player,
                            card=tables.names[cid],
                            deck=deck,
                            needed=needed,
                        ),
                        city=seat,
                        card=cid,
                        field=f"cities[{seat}].cards[{index}]",
                    )
                )
    return unique


def _check_turns(seat: int, city: City, tables: _Tables, problems: list[Problem]) -> None:
    """Structures plus stages within the turns of three ages (and the wonder's extra builds)."""
    cards = city.cards or ()
    player = city.player
    limit = tables.max_turns
    if city.wonder is not None:
        extra = tables.extra_turns.get((city.wonder, city.side))
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
    tables: _Tables,
    catalog: Catalog,
    problems: list[Problem],
) -> None:
    deck = min(game.deck_players, len(tables.copies) - 1)
    seen: set[str] = set()
    shared: set[str] = set()
    counts: Counter[str] = Counter()
    for _, unique in held:
        shared |= seen & unique
        seen |= unique
        counts.update(unique)
    copies = tables.copies[deck]
    # Guilds are not in ``copies``: one copy each. Cards with no copy at all are reported
    # as card-not-in-deck, unknown ones with their city.
    over = [cid for cid in shared if counts[cid] > (copies.get(cid) or 1)]
    for cid in sorted(over, key=lambda c: tables.order.get(c, -1)):
        if cid not in tables.known or copies.get(cid) == 0:
            continue
        seats = [seat for seat, unique in held if cid in unique]
        if cid in tables.guilds:
            problems.append(
                Problem(
                    "error",
                    ProblemCode.TOO_MANY_GUILDS,
                    N_(
                        "{card} is in the cities of {players}, but each guild is dealt once, "
                        "so only one city can hold it.",
                        card=tables.names[cid],
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
                    card=tables.names[cid],
                    players=_names(game, seats),
                    deck=deck,
                ),
                card=cid,
            )
        )
    dealt = deck + catalog.rules.guilds_beyond_players
    guilds = tables.guilds & seen
    if len(guilds) > dealt:
        ordered = sorted(guilds, key=tables.order.__getitem__)
        problems.append(
            Problem(
                "error",
                ProblemCode.TOO_MANY_GUILDS,
                N_(
                    "The table holds {count} different guilds ({guilds}), but a {deck}-city game "
                    "deals only {dealt}.",
                    count=len(guilds),
                    guilds=join([N_("{card}", card=tables.names[g]) for g in ordered]),
                    deck=deck,
                    dealt=dealt,
                ),
            )
        )


def _check_wonders(game: Game, tables: _Tables, problems: list[Problem]) -> None:
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
                        wonder=tables.wonder_names.get(wonder, wonder),
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
    for seat, city in enumerate(game.cities):
        tokens = city.military
        if tokens is None:
            complete = False
            continue
        found = _signature(tokens, victory, defeat)
        if found is None:
            _check_tokens(seat, city, catalog, problems)  # says what is wrong
            complete = False
            continue
        signature.append(found)
    if not complete or signature_pairs_up(tuple(signature)):
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


@lru_cache(maxsize=4096)
def _signature(tokens: tuple[int, ...], victory: tuple[int, ...], defeat: int) -> tuple[int, int, int] | None:
    """A city's victories by age as bit masks (one or more, two) and its defeats; None if impossible."""
    wins = [tokens.count(v) for v in victory]
    defeats = tokens.count(defeat)
    won = sum(wins)
    if won + defeats != len(tokens) or max(wins, default=0) > 2 or defeats > 2 * len(victory) - won:
        return None
    one = two = 0
    for age, count in enumerate(wins):
        if count:
            one |= 1 << age
            if count == 2:
                two |= 1 << age
    return one, two, defeats


def _check_tokens(seat: int, city: City, catalog: Catalog, problems: list[Problem]) -> None:
    """One city's tokens: each must exist, and two neighbours must be able to give them all."""
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
    most = 2 * len(victory) - wins
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
