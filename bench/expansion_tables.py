"""Realistic Leaders and Cities tables for the benches (3 to 8 players): cards dealt from each
age's deck with its drawn black cards, leaders recruited, guilds of every box, diplomacy
played with the tokens the cities hold, the team game at even tables, and the conflict
tokens as the rules give them from the cities' shields (Tomyris and Semiramis included).
Every table is legal: :func:`leaders_cities_table` checks that no error is found."""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.rules import catalog_for, check_game  # noqa: E402
from assistant.rules.military import (  # noqa: E402
    defeat_givers,
    defeats_as_shields,
    resolve_city,
    shields_by_age_from_cards,
)
from assistant.rules.model import City, Color, Game  # noqa: E402
from assistant.rules.records import replace  # noqa: E402

CATALOG = catalog_for(1, ["leaders", "cities"])
RULES = CATALOG.rules
NAMES = ["Ana", "Bartek", "Cem", "Dana", "Emre", "Fatma", "Gil", "Hye"]
WHITE, BLACK = Color("white"), Color("black")
LEADERS = sorted(c.id for c in CATALOG.cards if c.color == WHITE)
DIPLOMATS = {"residence", "consulate", "embassy", "aspasia"}


def leaders_cities_table(rng: random.Random, players: int) -> Game:
    """A legal end-of-game Leaders and Cities table of ``players`` cities, tokens given."""
    for _ in range(50):
        game = _deal(rng, players)
        if not [p for p in check_game(game, CATALOG) if p.severity == "error"]:
            return game
    raise SystemExit(f"no legal Leaders and Cities table of {players} found in 50 deals")


def _deal(rng: random.Random, players: int) -> Game:
    deck = RULES.deck_players(players)
    turns = RULES.turns(players)
    wonders = rng.sample([w.id for w in CATALOG.wonders if not CATALOG.wonder(w.id).typed], players)
    sides = [rng.choice("AB") for _ in range(players)]
    stages = [
        min(3, rng.randint(1, len(CATALOG.wonder(w).side(s).stages)))
        for w, s in zip(wonders, sides, strict=True)
    ]
    leaders = rng.sample(LEADERS, 3 * players)
    held: list[list[str]] = [[leaders[3 * i + k] for k in range(rng.randint(1, 3))] for i in range(players)]
    guilds = rng.sample([g.id for g in CATALOG.guilds()], RULES.guilds_dealt(players))
    for age in (1, 2, 3):
        pool = [c.id for c, copies in CATALOG.deck(age, deck) for _ in range(copies)]
        pool += rng.sample(sorted(c.id for c in CATALOG.cards if c.color == BLACK and c.age == age), deck)
        if age == 3:
            pool += guilds
        rng.shuffle(pool)
        taken = [0] * players
        for card in pool:
            # An age's turn each for a card, one left for a stage (a leader turn builds one too).
            takers = [i for i in range(players) if card not in held[i] and taken[i] < turns - 1]
            if takers and rng.random() < 0.9:
                seat = rng.choice(takers)
                held[seat].append(card)
                taken[seat] += 1
    cities = []
    for seat in range(players):
        tokens_held = sum(1 for c in held[seat] if c in DIPLOMATS)
        sat = (
            sorted(rng.sample([1, 2, 3], min(tokens_held, 3))) if tokens_held and rng.random() < 0.5 else None
        )
        cities.append(
            City(
                player=NAMES[seat],
                wonder=wonders[seat],
                side=sides[seat],
                stages=stages[seat],
                coins=rng.randint(0, 25),
                cards=tuple(held[seat]),
                diplomacy=tuple(sat) if sat else None,
            )
        )
    if players % 2 == 0 and rng.random() < 0.4:
        start = rng.randint(0, 1)
        cities = [replace(c, team=f"T{((s - start) % players) // 2}") for s, c in enumerate(cities)]
    game = Game(cities=tuple(cities), edition=1, expansions=("leaders", "cities"))
    shields = [
        shields_by_age_from_cards(c.cards or (), c.wonder, c.side, c.stages, CATALOG) for c in game.cities
    ]
    gives = defeat_givers(game, CATALOG)
    ages = range(RULES.ages)
    counted = defeats_as_shields(game, CATALOG, list(shields), ages, gives)
    tokens = [
        tuple(t for taken in resolve_city(game, seat, counted, ages, RULES, gives)[0] for t in taken)
        for seat in range(players)
    ]
    return replace(game, cities=tuple(replace(c, military=tokens[s]) for s, c in enumerate(game.cities)))
