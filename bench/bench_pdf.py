"""How long the printouts take: the seven-player score sheet and a page of pads.

Run by hand (or in CI's report), never as a timed test:

    .venv/bin/python bench/bench_pdf.py [--repeat N]

Prints the fonts' registration (once per process, and only for the fonts a printout
uses: the Latin ones first, then each other script's when a name needs it) apart from the
steady-state median and worst of N runs. The goal is under 150 ms each. Whether
ReportLab's C accelerator (``reportlab[accel]``) is loaded is printed first.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant.pdf import register_fonts, score_pad_pdf, score_sheet_pdf
from assistant.pdf.fonts import FONT_FILES, ensure_registered
from assistant.rules.model import CATEGORIES, CityScore, Detail, ScoreSheet
from assistant.rules.text import N_

GOAL_MS = 150.0
NAMES = ["Şule", "Łukasz", "Núria", "Begoña", "김민준", "İsmail", "Żaneta"]
WONDERS = ["rhodes", "giza", "alexandria", "babylon", "olympia", "ephesus", "halicarnassus"]


def seven_player_sheet(names: list[str] = NAMES) -> ScoreSheet:
    """A full table: seven cities with a realistic number of details each (about 18)."""
    cities = []
    for seat, name in enumerate(names):
        points = {cat: (seat * 5 + i * 3) % 11 for i, cat in enumerate(CATEGORIES)}
        details = tuple(
            Detail(cat, 1, f"card-{i}", N_("{card}: {points} victory points", card=f"Card {i}", points=1))
            for cat in CATEGORIES
            for i in range(max(1, points[cat] // 3))
        )
        cities.append(
            CityScore(
                player=name,
                seat=seat,
                categories=points,
                total=sum(points.values()),
                coins=seat + 2,
                rank=None,
                details=details,
                wonder=WONDERS[seat],
                side="AB"[seat % 2],
            )
        )
    best = max(c.total for c in cities)
    ranked = tuple(c._replace(rank=1 + sum(o.total > c.total for o in cities)) for c in cities)
    winners = tuple(c.player for c in ranked if c.total == best)
    return ScoreSheet(
        edition=1,
        cities=ranked,
        winners=winners,
        problems=(),
        decided_by="points" if len(winners) == 1 else "shared",
        explanation=N_("{name} has the most points.", name=winners[0]),
    )


def measure(label: str, make: Callable[[], bytes], repeat: int) -> float:
    start = time.perf_counter()
    size = len(make())
    first = (time.perf_counter() - start) * 1000
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        make()
        runs.append((time.perf_counter() - start) * 1000)
    median = statistics.median(runs)
    verdict = "ok" if median < GOAL_MS else f"OVER the {GOAL_MS:.0f} ms goal"
    print(
        f"{label:<44} first {first:7.1f} ms   median {median:6.1f} ms   worst {max(runs):6.1f} ms"
        f"   {size / 1024:5.0f} KiB   {verdict}"
    )
    return median


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()

    try:
        import _rl_accel  # noqa: F401

        accel = "the C accelerator (rl_accel) is loaded"
    except ImportError:
        accel = "NO C accelerator: ReportLab runs its pure-Python fallbacks"
    print(f"ReportLab: {accel}")
    start = time.perf_counter()
    register_fonts()
    print(f"{'register DejaVu Sans (every printout)':<44} {(time.perf_counter() - start) * 1000:7.1f} ms")
    for name in dict.fromkeys(n for chain in FONT_FILES.values() for n, _ in chain[1:]):
        start = time.perf_counter()
        ensure_registered(name)
        print(
            f"{'  then ' + name + ' (when a name needs it)':<44} {(time.perf_counter() - start) * 1000:7.1f} ms"
        )

    sheet = seven_player_sheet()
    world = seven_player_sheet(["דוד כהן", "محمد علي", "王小明", "🎲 Ana 🏆", "अर्जुन शर्मा", "김민준", "Şule"])
    url = "https://wonders.example.org/games/42"
    results = [
        measure(
            "score sheet, 7 players, A4, QR",
            lambda: score_sheet_pdf(sheet, url=url, played_on=datetime.date(2024, 5, 1)),
            args.repeat,
        ),
        measure(
            "score sheet, 7 players, letter, invariant",
            lambda: score_sheet_pdf(sheet, paper="letter", url=url, invariant=True),
            args.repeat,
        ),
        measure(
            "score sheet, 7 players, Hebrew..emoji names",
            lambda: score_sheet_pdf(world, url=url, played_on=datetime.date(2024, 5, 1)),
            args.repeat,
        ),
        measure(
            "pads, 7 players, 4 a page, A4, QR", lambda: score_pad_pdf(7, per_page=4, url=url), args.repeat
        ),
        measure("pads, 7 players, 1 a page, letter", lambda: score_pad_pdf(7, paper="letter"), args.repeat),
        measure(
            "pads, 2 players + Free City, 2 a page",
            lambda: score_pad_pdf(2, per_page=2, url=url),
            args.repeat,
        ),
    ]
    return 0 if all(r < GOAL_MS for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
