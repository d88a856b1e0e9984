"""Throughput of the command line's ``--jsonl`` modes: ``python bench/bench_jsonl.py``.

Writes realistic 7-player games (one per line) and can-build questions to a temporary
folder, then times ``python -m assistant score --jsonl`` and ``can-build --jsonl`` as
real processes, and reports lines per second with and without the interpreter's start-up
(measured on an empty file). ``score --jsonl`` is compared per line with the plain
reference scorer (``bench/reference_scorer.py``), whose categories and totals must equal
the assistant's on every line timed and on a mixed set (3 to 7 players, shields by age,
pad-entered cities, the Free City, Olympia's copied guild): the bench stops with an
error when one differs. ``--instructions N`` also counts both programs' instructions per
line under valgrind over N lines after the first 300 (issue 29's goal, at most 1.6 times the
reference's). Not a test: run it by hand, or in CI's report.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_scoring import CATALOG, realistic_table  # noqa: E402

from assistant.rules.gameio import game_to_dict  # noqa: E402

CATEGORIES = ("military", "treasury", "wonder", "civilian", "science", "commercial", "guilds")
REFERENCE = [sys.executable, str(ROOT / "bench" / "reference_scorer.py")]


def mixed_game(rng: random.Random) -> dict[str, Any]:
    """A table that exercises every rule the reference scorer follows."""
    players = rng.randint(3, 7)
    kind = rng.choice(("tokens", "shields"))
    game = game_to_dict(realistic_table(rng, kind, players))
    cities = game["cities"]
    if players == 3 and rng.random() < 0.5:
        cities[rng.randrange(3)]["free_city"] = True  # two players and the Free City
    guilds = [c.id for c in CATALOG.guilds()]
    for city in cities:
        if city["wonder"] == "olympia" and city["side"] == "B" and rng.random() < 0.5:
            city["copied_guild"] = rng.choice(guilds)
    for seat in rng.sample(range(players), rng.choice((0, 0, 1, 2))):
        city = cities[seat]
        cards = city.pop("cards")
        city.pop("copied_guild", None)
        pad = {c: rng.randint(0, 12) for c in CATEGORIES if rng.random() < 0.6}
        if "military" in pad and rng.random() < 0.5:
            pad["military"] = rng.randint(-6, 18)
        if rng.random() < 0.3:
            city.pop("military", None)
            city.pop("shields_by_age", None)
        city["categories"] = pad
        if rng.random() < 0.5:
            greens = [CATALOG.structure(c) for c in cards]
            city["science_symbols"] = {
                s: sum(1 for card in greens for e in card.effects if e.science_symbol() == s)
                for s in ("compass", "gear", "tablet")
            } | {"wild": rng.randint(0, 2)}
    return game


def assistant_lines(path: Path) -> list[list[dict[str, Any]]]:
    out = subprocess.run(
        [sys.executable, "-m", "assistant", "score", "--jsonl", str(path)],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout  # fmt: skip
    return [
        [{"player": c["player"], "categories": c["categories"], "total": c["total"]} for c in sheet["cities"]]
        for sheet in map(json.loads, out.splitlines())
    ]


def reference_lines(path: Path) -> list[list[dict[str, Any]]]:
    out = subprocess.run([*REFERENCE, str(path)], capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def check_same(path: Path, what: str) -> int:
    """Stop the bench unless the reference scores every line of ``path`` as the assistant does."""
    ours, theirs = assistant_lines(path), reference_lines(path)
    if len(ours) != len(theirs):
        raise SystemExit(f"{what}: the assistant wrote {len(ours)} lines, the reference {len(theirs)}")
    for number, (a, b) in enumerate(zip(ours, theirs, strict=True), 1):
        if a != b:
            raise SystemExit(
                f"{what}, line {number}: the reference scorer disagrees:\n  assistant {a}\n  reference {b}"
            )
    return len(ours)


def run(args: list[str]) -> float:
    return run_plain([sys.executable, "-m", "assistant", *args])


def run_plain(command: list[str]) -> float:
    return timed(command)[0]


def timed(command: list[str]) -> tuple[float, float]:
    """The wall time and the CPU time (user and system) of a run of ``command``.

    The CPU time is the child's own, so other programs sharing the machine barely move it:
    the per-line comparison uses it.
    """
    before, start = os.times(), time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
    wall, after = time.perf_counter() - start, os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu


def per_line_cpu(command: list[str], every: Path, one: Path, lines: int) -> float:
    """CPU seconds per line of ``command`` over ``every`` less a run of ``one`` (its first line)."""
    return (timed([*command, str(every)])[1] - timed([*command, str(one)])[1]) / lines


def instructions(command: list[str]) -> int:
    """The instructions a run of ``command`` executes (``valgrind --tool=cachegrind``): the same
    count for the same program and input whatever else the machine does."""
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", *command],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    match = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if match is None:
        raise SystemExit(f"valgrind gave no count for {' '.join(command)}")
    return int(match.group(1).replace(",", ""))


def per_line_instructions(folder: Path, lines: list[str], warm: int, measured: int) -> None:
    """Issue 29's goal: instructions per line, ``score --jsonl`` against the reference scorer.

    Each program runs on the first ``warm`` lines and on the first ``warm + measured``; a line
    is the difference over ``measured`` (start-up, reading the rules data and the memos' filling
    over the first lines are in both runs and cancel out)."""
    short, long = folder / "warm.jsonl", folder / "measured.jsonl"
    short.write_text("".join(lines[:warm]))
    long.write_text("".join(lines[: warm + measured]))
    counts = {}
    for label, command in (
        ("score --jsonl", [sys.executable, "-m", "assistant", "score", "--jsonl"]),
        ("the reference", REFERENCE),
    ):
        counts[label] = (
            instructions([*command, str(long)]) - instructions([*command, str(short)])
        ) / measured
    mine, theirs = counts["score --jsonl"], counts["the reference"]
    print(
        f"instructions per line (lines {warm + 1:,} to {warm + measured:,}, cachegrind): score --jsonl "
        f"{mine:,.0f}, the reference {theirs:,.0f} (ratio {mine / theirs:.2f}; issue 29's goal: at most 1.6)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="lines per file (default 2000)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs, the best kept (default 3)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", metavar="FOLDER", help="write the bench files there and keep them")
    parser.add_argument(
        "--instructions",
        type=int,
        metavar="N",
        default=0,
        help="also count instructions per line under valgrind over N lines after the first 300 (issue 29's goal)",
    )
    options = parser.parse_args()
    rng = random.Random(options.seed)
    games = [game_to_dict(realistic_table(rng, "tokens")) for _ in range(options.games)]
    cards = ["palace", "pantheon", "temple", "forum", "senate", "workers-guild", "arena", "library"]
    questions = [{"game": g, "city": rng.randrange(7), "card": rng.choice(cards)} for g in games]
    mixed = [mixed_game(rng) for _ in range(max(200, options.games // 4))]
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(options.keep or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        empty = folder / "empty.jsonl"
        empty.write_text("")
        scores = folder / "games.jsonl"
        scores.write_text("\n".join(json.dumps(g) for g in games) + "\n")
        builds = folder / "builds.jsonl"
        builds.write_text("\n".join(json.dumps(q) for q in questions) + "\n")
        checks = folder / "mixed.jsonl"
        checks.write_text("\n".join(json.dumps(g) for g in mixed) + "\n")
        checked = check_same(scores, "bench lines") + check_same(checks, "mixed lines")
        print(f"the reference scorer's categories and totals equal the assistant's on all {checked:,} lines")
        one = folder / "one.jsonl"
        one.write_text(json.dumps(games[0]) + "\n")
        best = options.repeat
        startup = min(run(["score", "--jsonl", str(empty)]) for _ in range(best))
        print(f"interpreter and import start-up: {startup * 1000:.0f} ms")
        # Per line: the CPU time of a run of every line less a run of the first line alone, so
        # that both sides have read their rules data (the reference reads it even for no line);
        # the two programs' runs interleaved, the median kept.
        ours_one = min(run(["score", "--jsonl", str(one)]) for _ in range(best))
        ref_one = min(run_plain([*REFERENCE, str(one)]) for _ in range(best))
        print(
            f"one line, start-up included (best of {best}): score --jsonl {ours_one * 1000:.0f} ms, "
            f"the reference {ref_one * 1000:.0f} ms"
        )
        lines = options.games - 1
        ours: list[float] = []
        ref: list[float] = []
        for _ in range(best):
            ours.append(
                per_line_cpu([sys.executable, "-m", "assistant", "score", "--jsonl"], scores, one, lines)
            )
            ref.append(per_line_cpu(REFERENCE, scores, one, lines))
        mine, theirs = statistics.median(ours), statistics.median(ref)
        print(
            f"CPU time per line after the first (median of {best}): score --jsonl {mine * 1e6:.0f} µs, "
            f"the plain reference scorer (bench/reference_scorer.py) {theirs * 1e6:.0f} µs "
            f"(ratio {mine / theirs:.2f})"
        )
        if options.games < 2000:
            print(
                f"  ({options.games:,} lines: too few for a steady figure; the memos fill over the first few hundred, and CPU time is counted in ticks of 10 ms)"
            )
        if options.instructions:
            every = scores.read_text().splitlines(keepends=True)
            per_line_instructions(
                folder, every, min(300, len(every) // 2), min(options.instructions, len(every) - 300)
            )
        print(f"{'command':<28} {'lines':>6} {'seconds':>8} {'lines/s':>9} {'lines/s after start-up':>23}")
        for label, args in (
            ("score --jsonl", ["score", "--jsonl", str(scores)]),
            ("can-build --jsonl", ["can-build", "--jsonl", str(builds)]),
        ):
            elapsed = min(run(args) for _ in range(best))
            print(
                f"{label:<28} {options.games:>6} {elapsed:>8.2f} {options.games / elapsed:>9,.0f} "
                f"{options.games / max(elapsed - startup, 1e-9):>23,.0f}"
            )


if __name__ == "__main__":
    main()
