"""Expansions at the speed of the base game: ``python bench/bench_expansions.py``.

1. A line of ``score --jsonl`` by player count (3 to 8), in one process: the line's JSON read,
   the game parsed and scored and its sheet written, as ``score --jsonl`` does for each line
   (its code: ``cli._score_lines``), on realistic base tables and realistic Leaders and Cities
   tables (``bench/expansion_tables.py``: tokens given, Tomyris, Semiramis, diplomacy and teams
   as dealt); beside them the plain reference scorers run the same way, read, score, write:
   ``bench/reference_scorer.py`` on the base tables and ``bench/reference_expansions.py`` on
   the Leaders and Cities ones, whose categories and totals must equal the assistant's (the
   bench stops otherwise; a city with a copy, Olympia B's or the Courtesans', is compared on
   its total, where a tie between two copies may put the points in another row). Each figure
   is each line's best of ``--repeat`` passes, after a first pass that fills the memos,
   averaged over the lines.
   Issue 41's goal: a Leaders and Cities line at most 2 times its reference's, flat as the
   table grows.
2. ``can-build`` in one process for the worst trade-power cities (Bilkis with both
   Clandestine Docks; every trade power; every trade power with Hammurabi) against a plain
   verdict in the same game, the per-city caches cleared before each verdict as one API
   request on a new table finds them. Issue 41's goal: at most 20 ms more than the plain one.
3. ``--instructions N``: the instructions of a Leaders and Cities line at 3 and 8 players,
   ``score --jsonl`` against ``reference_expansions.py`` run as programs under valgrind
   (``bench_jsonl.instructions``), each line after the first 300 new to both: a count that
   does not move with the host, where CPU time here moves by a tenth from run to run.

Not a test: run it by hand, or in CI's report.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import reference_expansions  # noqa: E402
import reference_scorer  # noqa: E402
from bench_jsonl import instructions  # noqa: E402
from bench_scoring import realistic_table  # noqa: E402
from expansion_tables import CATALOG, leaders_cities_table  # noqa: E402

from assistant.cli import _score_lines  # noqa: E402
from assistant.jsonio import loads  # noqa: E402
from assistant.rules.gameio import game_to_dict  # noqa: E402
from assistant.rules.model import City, Game  # noqa: E402
from assistant.rules.production import production, trade_prices  # noqa: E402
from assistant.rules.trade import can_build  # noqa: E402

COPIES = {"courtesans-guild"}


def per_line(
    first: Callable[[str], Any], second: Callable[[str], Any], lines: list[str], repeat: int
) -> tuple[float, float]:
    """Seconds a line of each scorer: each line's best of ``repeat`` passes after a first
    one, averaged over the lines. The passes alternate between the two scorers, and a line's
    best is kept rather than a pass's: a host that slows down for a while spoils a whole pass,
    but seldom the same line in every pass. (It does not make the figure steady: the same
    code still measured 1.55-2.04 times its reference at 3 players, from run to run.)"""
    for line in lines:
        first(line)
        second(line)
    best = [[float("inf")] * len(lines), [float("inf")] * len(lines)]
    clock = time.perf_counter
    for _ in range(repeat):
        for score, times in zip((first, second), best, strict=True):
            for i, line in enumerate(lines):
                start = clock()
                score(line)
                times[i] = min(times[i], clock() - start)
    return sum(best[0]) / len(lines), sum(best[1]) / len(lines)


def check_same(lines: list[str], reference: Callable[[str], str]) -> None:
    """Stop unless the reference scores every line as the assistant does."""
    ours = _score_lines()
    for number, line in enumerate(lines, 1):
        mine = json.loads(ours(loads(line), ""))["cities"]
        theirs = json.loads(reference(line))
        game = json.loads(line)
        for city, a, b in zip(game["cities"], mine, theirs, strict=True):
            copies = COPIES & set(city.get("cards", [])) or (
                city.get("wonder") == "olympia" and city.get("side") == "B"
            )
            same = a["total"] == b["total"] and (
                copies or all(a["categories"].get(k, 0) == v for k, v in b["categories"].items())
            )
            if not same:
                raise SystemExit(f"line {number}, {a['player']}: the reference disagrees:\n  {a}\n  {b}")


def lines(games: int, repeat: int, seed: int) -> None:
    rng = random.Random(seed)
    ours = _score_lines()

    def assistant(line: str) -> bytes:
        return ours(loads(line), "")

    base_rules, lc_rules = reference_scorer.Rules(), reference_expansions.Rules()

    def base_reference(line: str) -> str:
        return json.dumps(reference_scorer.score_game(json.loads(line), base_rules), ensure_ascii=False)

    def lc_reference(line: str) -> str:
        return json.dumps(reference_expansions.score_game(json.loads(line), lc_rules), ensure_ascii=False)

    print(
        f"score --jsonl, µs a line in one process (each line's best of {repeat}; {games:,} lines a player count)"
    )
    print(f"{'players':>7} {'base ref.':>9} {'base':>6} {'ratio':>6} {'L+C ref.':>9} {'L+C':>6} {'ratio':>6}")
    for players in range(3, 9):
        expanded = [json.dumps(game_to_dict(leaders_cities_table(rng, players))) for _ in range(games)]
        check_same(expanded, lc_reference)
        theirs, mine = per_line(lc_reference, assistant, expanded, repeat)
        cells = f"{'-':>9} {'-':>6} {'-':>6}"
        if players <= 7:
            base = [json.dumps(game_to_dict(realistic_table(rng, "tokens", players))) for _ in range(games)]
            ref, plain = per_line(base_reference, assistant, base, repeat)
            cells = f"{ref * 1e6:>9.0f} {plain * 1e6:>6.0f} {plain / ref:>6.2f}"
        print(f"{players:>7} {cells} {theirs * 1e6:>9.0f} {mine * 1e6:>6.0f} {mine / theirs:>6.2f}")


EITHER_OR = ("tree-farm", "excavation", "clay-pit", "timber-yard", "forest-cave", "mine")
POWERS = {
    "plain (two either/or cards)": (),
    "Bilkis and both docks": ("bilkis", "clandestine-dock-west", "clandestine-dock-east"),
    "every trade power": (
        "bilkis", "clandestine-dock-west", "clandestine-dock-east", "secret-warehouse", "black-market",
    ),
    "every trade power and Hammurabi": (
        "bilkis", "clandestine-dock-west", "clandestine-dock-east", "secret-warehouse", "black-market",
        "hammurabi",
    ),
}  # fmt: skip
CARDS = ("palace", "senate", "pantheon", "town-hall", "builders-guild")


def _table(powers: tuple[str, ...]) -> Game:
    """Ana (Ephesus, two either/or cards and ``powers``) beside neighbours selling every
    resource through either/or cards: every unit is a choice."""
    return Game(
        (
            City("Ana", "ephesus", "A", 2, 40, ("tree-farm", "mine", *powers)),
            City("Bo", "alexandria", "A", 0, 40, (*EITHER_OR, "loom", "glassworks")),
            City("Cy", "halicarnassus", "A", 0, 40, (*EITHER_OR, "press")),
        ),
        edition=1,
        expansions=("leaders", "cities"),
    )


def verdicts(repeat: int) -> None:
    print(
        f"\ncan-build, ms per verdict, caches cleared before each (best of {repeat}), worst of {len(CARDS)} cards"
    )
    print(f"{'city':<34} {'worst card':<16} {'ms':>7} {'more than plain':>16}")
    plain_worst: dict[str, float] = {}
    for name, powers in POWERS.items():
        game = _table(powers)
        worst = ("", 0.0)
        for card in CARDS:
            best = float("inf")
            for _ in range(repeat):
                production.cache_clear()
                trade_prices.cache_clear()
                start = time.perf_counter()
                can_build(game, 0, card, catalog=CATALOG)
                best = min(best, time.perf_counter() - start)
            if not powers:
                plain_worst[card] = best
            if best - plain_worst[card] >= worst[1] - plain_worst.get(worst[0], 0.0):
                worst = (card, best)
        card, seconds = worst
        print(f"{name:<34} {card:<16} {seconds * 1000:>7.1f} {(seconds - plain_worst[card]) * 1000:>16.1f}")


def line_instructions(measured: int, seed: int, warm: int = 300) -> None:
    """Instructions per Leaders and Cities line, the assistant's and the reference's, each
    program run over the first ``warm`` lines and over ``warm + measured``: the difference
    over ``measured`` (start-up and the memos' filling cancel out)."""
    rng = random.Random(seed)
    programs = {
        "score --jsonl": [sys.executable, "-m", "assistant", "score", "--jsonl"],
        "reference": [sys.executable, str(ROOT / "bench" / "reference_expansions.py")],
    }
    print(
        f"\ninstructions per Leaders and Cities line (lines {warm + 1:,} to {warm + measured:,}, cachegrind)"
    )
    with tempfile.TemporaryDirectory() as folder:
        for players in (3, 8):
            lines = [
                json.dumps(game_to_dict(leaders_cities_table(rng, players))) + "\n"
                for _ in range(warm + measured)
            ]
            short, long = Path(folder, "warm.jsonl"), Path(folder, "measured.jsonl")
            short.write_text("".join(lines[:warm]))
            long.write_text("".join(lines))
            counts = {
                name: (instructions([*command, str(long)]) - instructions([*command, str(short)])) / measured
                for name, command in programs.items()
            }
            mine, theirs = counts["score --jsonl"], counts["reference"]
            print(
                f"  {players} players: score --jsonl {mine:,.0f}, the reference {theirs:,.0f} (ratio {mine / theirs:.2f})"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="lines a player count (default 500)")
    parser.add_argument(
        "--repeat", type=int, default=3, help="timed runs, the median or best kept (default 3)"
    )
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument(
        "--instructions", type=int, metavar="N", default=0,
        help="also count instructions per line under valgrind over N lines after the first 300",
    )  # fmt: skip
    options = parser.parse_args()
    lines(options.games, options.repeat, options.seed)
    verdicts(max(options.repeat, 5))
    if options.instructions:
        line_instructions(options.instructions, options.seed)


if __name__ == "__main__":
    main()
