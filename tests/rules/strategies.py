"""Hypothesis strategies that build only legal first-edition tables.

A generated table respects everything :func:`~assistant.rules.validate.check_game`
checks: deck copies at the table's player count (two players plus the Free City use
the 3-player deck), one structure of each name per city, at most players + 2 guilds
and each in one city, distinct wonders, distinct player names, cards plus stages within the
turns of three ages and no more cards of one age than its turns (plus Babylon B's and
Halicarnassus's extra builds), shields by age worked out from each city's own cards (so
they never go down nor contradict the cards), and conflict tokens obtained by resolving
those shields, so they always pair up, given or worked out. A pad's wildcards stay within
the edition's sources.

The dealing itself is plain :mod:`random` code driven by a Hypothesis-controlled
``Random``, so :func:`build_legal_game` can also be called directly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from hypothesis import strategies as st

from assistant.rules.catalog import Catalog, catalog_for
from assistant.rules.effects import BuildFromDiscard, PlayLastCard
from assistant.rules.military import shields_by_age_from_cards, tokens_from_shields_by_age
from assistant.rules.model import CATEGORIES, City, Game, ScienceSymbols

CATALOG = catalog_for(1)
RULES = CATALOG.rules
NAMES = ("Ana", "Bartek", "Cem", "Dilek", "Ewa", "Ferran", "Gosia")
FREE_CITY = "Free City"
GUILDS = tuple(c.id for c in CATALOG.guilds())
STRUCTURES = tuple(cid for cid in CATALOG.structure_ids if cid not in GUILDS)

Military = Literal["tokens", "shields", "both", "none", "mixed"]
MILITARY_MODES: tuple[Military, ...] = ("tokens", "shields", "both", "none", "mixed")


def build_limit(wonder: str, side: str, stages: int, catalog: Catalog = CATALOG) -> int:
    """Structures a city may hold with this wonder and stages built (18 actions, plus extra builds)."""
    rules = catalog.rules
    limit = rules.ages * rules.turns_per_age - stages
    for stage in catalog.wonder(wonder).side(side).stages[:stages]:
        for effect in stage.effects:
            if isinstance(effect, PlayLastCard):
                limit += rules.ages
            elif isinstance(effect, BuildFromDiscard):
                limit += 1
    return limit


def age_caps(wonder: str, side: str, stages: int, catalog: Catalog = CATALOG) -> tuple[int, ...]:
    """Cards of each age a city may play: an age's turns, plus one for each built stage's
    extra build (Babylon B's seventh card each age; a discard build, of any age)."""
    rules = catalog.rules
    caps = [rules.turns_per_age] * rules.ages
    for stage in catalog.wonder(wonder).side(side).stages[:stages]:
        for effect in stage.effects:
            if isinstance(effect, PlayLastCard | BuildFromDiscard):
                caps = [cap + 1 for cap in caps]
    return tuple(caps)


def wildcard_limit(wonder: str | None, side: str, catalog: Catalog = CATALOG) -> int:
    """The most science wildcards a city can have: one from each structure that gives one, and
    its wonder side's (the best side's when its wonder is not known)."""
    cards = sum(e.wildcards() for c in catalog.cards for e in c.effects)
    sides = [
        sum(e.wildcards() for stage in s.stages for e in stage.effects)
        for w in catalog.wonders
        for s in w.sides
        if wonder is None or (w.id, s.side) == (wonder, side)
    ]
    return cards + max(sides, default=0)


def random_shields(rng: random.Random) -> tuple[int, int, int]:
    """A city's shields at the end of each age: never fewer than the age before."""
    first = rng.randint(0, 4)
    second = first + rng.randint(0, 5)
    return first, second, second + rng.randint(0, 7)


def build_legal_game(
    rng: random.Random,
    players: int,
    military: Military = "tokens",
    fill: float | None = None,
    catalog: Catalog = CATALOG,
) -> Game:
    """A legal table of ``catalog``'s edition for ``players`` players (2: with the Free City),
    dealt by ``rng``.

    ``fill`` is the share of each city's possible builds that it holds (random when None).
    """
    rules = catalog.rules
    guilds = tuple(c.id for c in catalog.guilds())
    free_seat = rng.randrange(3) if players == 2 else -1
    n = 3 if players == 2 else players
    names = list(NAMES[:players])
    if free_seat >= 0:
        names.insert(free_seat, FREE_CITY)
    wonders = rng.sample([w.id for w in catalog.wonders], n)
    sides = [rng.choice("AB") for _ in range(n)]
    stages = [
        rng.randint(0, len(catalog.wonder(w).side(s).stages)) for w, s in zip(wonders, sides, strict=True)
    ]
    limits = [build_limit(w, s, k, catalog) for w, s, k in zip(wonders, sides, stages, strict=True)]
    wanted = [round(limit * (fill if fill is not None else rng.random())) for limit in limits]
    # Each copy with its age: a city plays at most an age's turns of each age's cards (plus
    # its wonder's extra builds), as validation's per-age check wants.
    pool = [(card.id, card.age) for card in catalog.cards if not card.is_guild for _ in range(card.copies(n))]
    guild_age = max(card.age for card in catalog.cards)
    pool += [
        (g, next(c.age for c in catalog.cards if c.id == g))
        for g in rng.sample(guilds, n + rules.guilds_beyond_players)
    ]
    rng.shuffle(pool)
    caps = [age_caps(w, s, k, catalog) for w, s, k in zip(wonders, sides, stages, strict=True)]
    held: list[list[str]] = [[] for _ in range(n)]
    by_age = [[0] * (guild_age + 1) for _ in range(n)]
    for cid, age in pool:
        takers = [
            i
            for i in range(n)
            if len(held[i]) < wanted[i] and cid not in held[i] and by_age[i][age] < caps[i][age - 1]
        ]
        if takers:
            taker = rng.choice(takers)
            held[taker].append(cid)
            by_age[taker][age] += 1
    shields = [shields_by_age_from_cards(held[i], wonders[i], sides[i], stages[i], catalog) for i in range(n)]
    tokens = tokens_from_shields_by_age(shields, rules)
    cities = []
    for seat in range(n):
        mode = military if military != "mixed" else rng.choice(("tokens", "shields", "both", "none"))
        cities.append(
            City(
                player=names[seat],
                wonder=wonders[seat],
                side=sides[seat],
                stages=stages[seat],
                coins=rng.randint(0, 40),
                cards=tuple(held[seat]),
                military=tuple(tokens[seat]) if mode in ("tokens", "both") else None,
                shields_by_age=tuple(shields[seat]) if mode in ("shields", "both") else None,  # type: ignore[arg-type]
                free_city=seat == free_seat,
            )
        )
    return Game(cities=tuple(cities), edition=catalog.edition)


@st.composite
def legal_games(
    draw: st.DrawFn,
    min_players: int = 2,
    max_players: int = 7,
    military: Sequence[Military] = MILITARY_MODES,
    catalog: Catalog = CATALOG,
) -> Game:
    """A legal table of ``catalog``'s edition (the first by default) of ``min_players`` to
    ``max_players`` players (2: the Free City, where the edition has it)."""
    if not catalog.rules.free_city_players:
        min_players = max(min_players, catalog.rules.min_players)
    players = draw(st.integers(min_players, max_players))
    mode = draw(st.sampled_from(military))
    fill = draw(st.one_of(st.none(), st.sampled_from((0.0, 0.5, 1.0))))
    rng = draw(st.randoms(use_true_random=False))
    return build_legal_game(rng, players, mode, fill, catalog)


@st.composite
def tables_with_pad_entries(draw: st.DrawFn) -> Game:
    """A legal table where some cities were entered as a paper pad's numbers instead of cards."""
    game = draw(legal_games(min_players=3, military=("tokens", "shields", "none")))
    cities = list(game.cities)
    seats = draw(st.sets(st.integers(0, len(cities) - 1), min_size=1, max_size=len(cities)))
    for seat in seats:
        city = cities[seat]
        given = draw(st.sets(st.sampled_from(CATEGORIES)))
        categories = tuple(
            (c, draw(st.integers(-6, 18) if c.value == "military" else st.integers(0, 40)))
            for c in CATEGORIES
            if c in given
        )
        symbols = draw(
            st.one_of(
                st.none(),
                st.builds(
                    ScienceSymbols,
                    st.integers(0, 5),
                    st.integers(0, 5),
                    st.integers(0, 5),
                    st.integers(0, wildcard_limit(city.wonder, city.side)),
                ),
            )
        )
        cities[seat] = City(
            player=city.player,
            wonder=city.wonder,
            side=city.side,
            stages=city.stages,
            coins=city.coins,
            cards=None,
            military=city.military,
            shields_by_age=city.shields_by_age,
            categories=categories,
            science_symbols=symbols,
        )
    return Game(cities=tuple(cities))


def rotate(game: Game, by: int) -> Game:
    """The same table with the seating started ``by`` seats later (neighbours unchanged)."""
    by %= len(game.cities)
    return Game(cities=game.cities[by:] + game.cities[:by], edition=game.edition, notes=game.notes)
