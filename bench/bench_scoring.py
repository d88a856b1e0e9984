"""How fast the rules core scores a table: ``python bench/bench_scoring.py``.

Scores 7-player card-level tables in-process with :func:`score_game` (validation and
every detail included) and prints games per second and microseconds per game for a few
kinds of table. Not a test: run it by hand, or in CI's report.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant.rules.catalog import catalog_for
from assistant.rules.components import Card
from assistant.rules.counters import structure_limit
from assistant.rules.military import shields_by_age_from_cards, tokens_from_shields_by_age
from assistant.rules.model import City, Game
from assistant.rules.scoring import score_game
from assistant.rules.validate import check_game

CATALOG = catalog_for(1)
RULES = CATALOG.rules
NAMES = ("Ana", "Bartek", "Cem", "Dilek", "Ewa", "Ferran", "Gosia")


def deck_age(card: Card) -> int:
    """The age whose deck holds ``card``: every card of the base game prints one (only cards
    dealt apart, as Leaders' are, print none)."""
    assert card.age is not None, card.id
    return card.age


def three_ages(shields: tuple[int, ...]) -> tuple[int, int, int]:
    """Shields at the end of each age, as a city gives them: the base game has three ages."""
    assert len(shields) == 3, shields
    return shields


def realistic_table(rng: random.Random, military: str, players: int = 7) -> Game:
    """A legal end-of-game table: full cities, as many guilds as a real deal, shields by age
    as the cities' red cards and stages give them."""
    wonders = rng.sample([w.id for w in CATALOG.wonders], players)
    sides = [rng.choice("AB") for _ in range(players)]
    stages = [
        rng.randint(1, len(CATALOG.wonder(w).side(s).stages)) for w, s in zip(wonders, sides, strict=True)
    ]
    wanted = [
        structure_limit(CATALOG, w, s, k) - rng.randint(0, 3)
        for w, s, k in zip(wonders, sides, stages, strict=True)
    ]
    guilds = [c.id for c in CATALOG.guilds()]
    # Each copy with its age: no city plays more cards of an age than its turns allow (plus
    # one for each stage that adds a card), as validation checks.
    pool = [(c.id, deck_age(c)) for c in CATALOG.cards if not c.is_guild for _ in range(c.copies(players))]
    pool += [(g, 3) for g in rng.sample(guilds, players + RULES.guilds_beyond_players)]
    rng.shuffle(pool)
    caps = [
        RULES.turns_per_age
        + sum(
            e.extra_structures(RULES) > 0 for st in CATALOG.wonder(w).side(s).stages[:k] for e in st.effects
        )
        for w, s, k in zip(wonders, sides, stages, strict=True)
    ]
    held: list[list[str]] = [[] for _ in range(players)]
    by_age = [[0, 0, 0, 0] for _ in range(players)]
    for cid, age in pool:
        takers = [
            i
            for i in range(players)
            if len(held[i]) < wanted[i] and cid not in held[i] and by_age[i][age] < caps[i]
        ]
        if takers:
            taker = rng.choice(takers)
            held[taker].append(cid)
            by_age[taker][age] += 1
    # Shields as the cards give them (stage k in Age k), so typed shields agree with the cities.
    shields = [
        shields_by_age_from_cards(held[i], wonders[i], sides[i], stages[i], CATALOG) for i in range(players)
    ]
    tokens = tokens_from_shields_by_age(shields, RULES)
    return Game(
        cities=tuple(
            City(
                player=NAMES[i],
                wonder=wonders[i],
                side=sides[i],
                stages=stages[i],
                coins=rng.randint(0, 20),
                cards=tuple(held[i]),
                military=tuple(tokens[i]) if military == "tokens" else None,
                shields_by_age=three_ages(shields[i]) if military == "shields" else None,
            )
            for i in range(players)
        )
    )


def measure(games: list[Game], run: Callable[[Game], object], repeat: int) -> float:
    """Best seconds per game over ``repeat`` passes (memoised details and pairing checks warm)."""
    for game in games[:50]:
        run(game)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for game in games:
            run(game)
        best = min(best, time.perf_counter() - start)
    return best / len(games)


def measure_cold(games: list[Game], run: Callable[[Game], object]) -> float:
    """Seconds per game over tables never seen before (one pass)."""
    start = time.perf_counter()
    for game in games:
        run(game)
    return (time.perf_counter() - start) / len(games)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="tables per kind (default 500)")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes, best kept (default 5)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kinds = ("tokens", "shields", "none")
    labels = {"tokens": "tokens given", "shields": "shields by age", "none": "derived from cards"}
    print(f"7-player card-level tables, validation and details included; {args.games} tables per kind")
    print(f"{'what':<38} {'games/s':>9} {'us/game':>8} {'first pass us/game':>19}")
    for kind in kinds:
        seen = [realistic_table(rng, kind) for _ in range(args.games)]
        fresh = [realistic_table(rng, kind) for _ in range(args.games)]
        warm = measure(seen, score_game, args.repeat)
        cold = measure_cold(fresh, score_game)
        print(f"{'score_game, ' + labels[kind]:<38} {1 / warm:>9,.0f} {warm * 1e6:>8.1f} {cold * 1e6:>19.1f}")
    seen = [realistic_table(rng, "tokens") for _ in range(args.games)]
    fresh = [realistic_table(rng, "tokens") for _ in range(args.games)]
    warm = measure(seen, check_game, args.repeat)
    cold = measure_cold(fresh, check_game)
    print(f"{'check_game only, tokens given':<38} {1 / warm:>9,.0f} {warm * 1e6:>8.1f} {cold * 1e6:>19.1f}")


if __name__ == "__main__":
    main()
