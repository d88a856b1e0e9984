"""How fast is ``can_build``? Microseconds per verdict over generated and worst-case tables.

Run by hand: ``python bench/bench_trade.py`` (not a test). "cold" clears the per-city
caches (production, prices) before every verdict, as one API request on a new table
costs; "warm" keeps them, as a page asking about every card of one table does. Each
figure is the best of several passes, so other load on the machine does not inflate it.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant.rules.catalog import Catalog, catalog_for
from assistant.rules.model import City, Game
from assistant.rules.production import production, trade_prices
from assistant.rules.trade import can_build

Request = tuple[Game, int, str | None]  # game, seat, card id (None: the next stage)

EITHER_OR = ("tree-farm", "excavation", "clay-pit", "timber-yard", "forest-cave", "mine")
SINGLE = ("lumber-yard", "stone-pit", "clay-pool", "ore-vein", "loom", "glassworks", "press")
COSTLY = ("palace", "pantheon", "workers-guild", "senate", "fortifications", "builders-guild", "study")


def random_requests(catalog: Catalog, count: int, seed: int = 7) -> list[Request]:
    """Random 3-7 city tables (random cards, wonders, sides, stages, coins), random requests."""
    rng = random.Random(seed)
    ids = list(catalog.structure_ids)
    wonders = [w.id for w in catalog.wonders]
    requests: list[Request] = []
    for _ in range(count):
        n = rng.randint(3, 7)
        cities = []
        for p, wonder in enumerate(rng.sample(wonders, n)):
            side = rng.choice("AB")
            stages = rng.randint(0, len(catalog.wonder(wonder).side(side).stages))
            cards = tuple(rng.sample(ids, rng.randint(0, 18)))
            cities.append(City(f"P{p}", wonder, side, stages, rng.randint(0, 12), cards))
        card = None if rng.random() < 0.2 else rng.choice(ids)
        requests.append((Game(tuple(cities)), rng.randrange(n), card))
    return requests


def stress_requests(count: int, seed: int = 11) -> list[Request]:
    """Three cities full of either/or cards, asked for the costliest cards."""
    rng = random.Random(seed)
    requests: list[Request] = []
    for _ in range(count):
        cities = []
        for p, wonder in enumerate(rng.sample(["ephesus", "alexandria", "halicarnassus", "babylon"], 3)):
            cards = rng.sample(EITHER_OR, rng.randint(2, 6)) + rng.sample(SINGLE, rng.randint(0, 2))
            cards += [c for c in ("forum", "caravansery", "west-trading-post") if rng.random() < 0.5]
            side = rng.choice("AB")
            cities.append(City(f"P{p}", wonder, side, rng.randint(0, 2), 40, tuple(cards)))
        requests.append((Game(tuple(cities)), 0, rng.choice(COSTLY)))
    return requests


def worst_requests() -> dict[str, list[Request]]:
    """Hand-built worst cases: either/or cards on all three boards, Palace's seven resources."""

    def table(
        own: tuple[str, ...], left: tuple[str, ...], right: tuple[str, ...], me: str = "ephesus"
    ) -> Game:
        # Neighbours whose boards give manufactured goods: every raw unit is an either/or choice.
        return Game(
            (
                City("Ana", me, "B" if me == "alexandria" else "A", 2, 40, own),
                City("Bo", "alexandria", "A", 0, 40, left),
                City("Cy", "halicarnassus", "A", 0, 40, right),
            )
        )

    everything = (*EITHER_OR, "forum", "caravansery")
    return {
        "Palace, own 10 either/or (covers all)": [
            (table(everything, EITHER_OR, EITHER_OR, "alexandria"), 0, "palace")
        ],
        "Palace, own 2 either/or, 6 + 6 for sale": [
            (table(("tree-farm", "mine"), EITHER_OR, EITHER_OR), 0, "palace")
        ],
        "Palace, own nothing, 6 + 6 for sale": [(table((), EITHER_OR, EITHER_OR), 0, "palace")],
        "Workers Guild, own 1 either/or, 6 + 6": [
            (table(("clay-pit",), EITHER_OR, EITHER_OR), 0, "workers-guild")
        ],
        "7 costliest cards, own 2 either/or, 6 + 6": [
            (table(("tree-farm", "forest-cave"), EITHER_OR, EITHER_OR), 0, card) for card in COSTLY
        ],
    }


def verdict(request: Request, catalog: Catalog) -> object:
    game, seat, card = request
    if card is None:
        return can_build(game, seat, stage=True, catalog=catalog)
    return can_build(game, seat, card, catalog=catalog)


def timed(requests: list[Request], catalog: Catalog, cold: bool, repeats: int = 7) -> float:
    """Microseconds per verdict: the best of ``repeats`` timed passes (other load only adds)."""
    passes = []
    for _ in range(repeats):
        elapsed, done = 0.0, 0
        while done < 200 or elapsed < 0.05:
            for request in requests:
                if cold:
                    production.cache_clear()
                    trade_prices.cache_clear()
                start = time.perf_counter()
                verdict(request, catalog)
                elapsed += time.perf_counter() - start
                done += 1
        passes.append(elapsed / done * 1e6)
    return min(passes)


def main() -> None:
    catalog = catalog_for(1)
    rows = {
        "random 3-7 city tables (2000 requests)": random_requests(catalog, 2000),
        "either/or-heavy tables, costly cards (500)": stress_requests(500),
        **worst_requests(),
    }
    print(f"{'case':<44} {'cold µs':>8} {'warm µs':>8} {'verdicts/s (warm)':>18}")
    for name, requests in rows.items():
        cold = timed(requests, catalog, cold=True)
        warm = timed(requests, catalog, cold=False)
        print(f"{name:<44} {cold:>8.1f} {warm:>8.1f} {1e6 / warm:>18,.0f}")


if __name__ == "__main__":
    main()
