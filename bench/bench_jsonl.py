"""Throughput of the command line's ``--jsonl`` modes: ``python bench/bench_jsonl.py``.

Writes realistic 7-player games (one per line) and can-build questions to a temporary
folder, then times ``python -m assistant score --jsonl`` and ``can-build --jsonl`` as
real processes, and reports lines per second with and without the interpreter's start-up
(measured on an empty file). Not a test: run it by hand, or in CI's report.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_scoring import realistic_table  # noqa: E402

from assistant.rules.gameio import game_to_dict  # noqa: E402


def run(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "assistant", *args], check=False, capture_output=True, cwd=ROOT)
    return time.perf_counter() - start


def run_plain(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=False, capture_output=True, cwd=ROOT)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="lines per file (default 2000)")
    parser.add_argument("--seed", type=int, default=7)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    games = [game_to_dict(realistic_table(rng, "tokens")) for _ in range(options.games)]
    cards = ["palace", "pantheon", "temple", "forum", "senate", "workers-guild", "arena", "library"]
    questions = [{"game": g, "city": rng.randrange(7), "card": rng.choice(cards)} for g in games]
    with tempfile.TemporaryDirectory() as folder:
        empty = Path(folder) / "empty.jsonl"
        empty.write_text("")
        scores = Path(folder) / "games.jsonl"
        scores.write_text("\n".join(json.dumps(g) for g in games) + "\n")
        builds = Path(folder) / "builds.jsonl"
        builds.write_text("\n".join(json.dumps(q) for q in questions) + "\n")
        startup = min(run(["score", "--jsonl", str(empty)]) for _ in range(3))
        print(f"interpreter and import start-up: {startup * 1000:.0f} ms")
        reference = [sys.executable, str(ROOT / "bench" / "reference_scorer.py")]
        ref_startup = min(run_plain([*reference, str(empty)]) for _ in range(3))
        ref = min(run_plain([*reference, str(scores)]) for _ in range(3)) - ref_startup
        ours = min(run(["score", "--jsonl", str(scores)]) for _ in range(3)) - startup
        print(
            f"per line after start-up: score --jsonl {ours / options.games * 1e6:.0f} µs, "
            f"the plain reference scorer (bench/reference_scorer.py) {ref / options.games * 1e6:.0f} µs "
            f"(ratio {ours / ref:.2f})"
        )
        print(f"{'command':<28} {'lines':>6} {'seconds':>8} {'lines/s':>9} {'lines/s after start-up':>23}")
        for label, args in (
            ("score --jsonl", ["score", "--jsonl", str(scores)]),
            ("can-build --jsonl", ["can-build", "--jsonl", str(builds)]),
        ):
            elapsed = min(run(args) for _ in range(3))
            print(
                f"{label:<28} {options.games:>6} {elapsed:>8.2f} {options.games / elapsed:>9,.0f} "
                f"{options.games / max(elapsed - startup, 1e-9):>23,.0f}"
            )


if __name__ == "__main__":
    main()
