"""The command line's start: ``score ONE.json`` and ``can-build`` against ``python -c pass``.

Each command runs ``--repeat`` times in a fresh process, alternating with the others; the
CPU time (user + system) of each run is read from the kernel (``os.wait4``), and the
report gives the median of each and its ratio to ``python -c pass`` (issue 29's goal: at
most 3). The first run of each is left out: it writes the bytecode and the compiled catalog
(docs/benchmarks.md, "Start-up"). For instruction counts, run the same commands under
``valgrind --tool=callgrind``.

    .venv/bin/python bench/bench_startup.py [--repeat 15]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_scoring import realistic_table  # noqa: E402

from assistant.rules.gameio import game_to_dict  # noqa: E402


def cpu_of(command: list[str], env: dict[str, str]) -> float:
    """The CPU time (user + system, seconds) of one run of ``command``."""
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        game = Path(folder) / "one.json"
        game.write_text(json.dumps(game_to_dict(realistic_table(random.Random(29), "tokens"))))
        env = dict(os.environ, ASSISTANT_CACHE_DIR=str(Path(folder) / "cache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as an installed wheel runs: with its bytecode
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pycache")
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "score ONE.json": [sys.executable, "-m", "assistant", "score", str(game)],
            "can-build": [
                sys.executable,
                "-m",
                "assistant",
                "can-build",
                str(game),
                "--city",
                "0",
                "--stage",
            ],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for run in range(options.repeat + 1):
            for name, command in commands.items():
                spent = cpu_of(command, env)
                if run:
                    times[name].append(spent)
        base = statistics.median(times["python -c pass"])
        for name, runs in times.items():
            median = statistics.median(runs)
            print(
                f"{name:16} {median * 1000:7.1f} ms CPU (median of {options.repeat})   {median / base:5.1f} x python -c pass"
            )


if __name__ == "__main__":
    main()
