"""Lighthouse's own performance audit of the heaviest pages: ``python bench/bench_lighthouse.py``.

Issue 43 asks for at most 200 ms of total blocking time "on Lighthouse's mobile profile";
``bench_blocking.py`` approximates it with a longtask observer and a trace. This runs
Lighthouse itself (its default mobile profile: a phone's screen, simulated throttling of
the CPU 4 times and of a slow 4G network) on the same three pages (``bench_blocking``'s
``page_urls``: a 7-player base game's city page, a Leaders and Cities city page and its
scoreboard), ``--repeat`` times each, with Debian's Chromium (``CHROME_PATH``). Lighthouse
is not a dependency of the project: ``npx`` fetches the version named below from the npm
registry on first use (nothing is downloaded for the browser).

Prints each run's total blocking time, first and largest contentful paint, layout shift,
elements and score. Run by hand, never as a timed test (not in CI: Lighthouse takes 20-40 s
a run).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_blocking import page_urls  # noqa: E402
from bench_table import serve  # noqa: E402

LIGHTHOUSE = "lighthouse@12.8.2"
FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"


def audit(url: str, out: Path) -> str:
    """One Lighthouse run of ``url``: its figures in a line, or why there are none."""
    command = ["npx", "--yes", LIGHTHOUSE, url, "--only-categories=performance", f"--chrome-flags={FLAGS}",
               "--output=json", f"--output-path={out}", "--quiet"]  # fmt: skip
    env = dict(os.environ, CHROME_PATH=shutil.which("chromium") or "/usr/bin/chromium")
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300, check=False)
    if done.returncode or not out.exists():
        return f"no figures (lighthouse exit {done.returncode}: {done.stderr.strip()[-200:]})"
    report = json.loads(out.read_text())
    audits = report["audits"]
    if "numericValue" not in audits["total-blocking-time"]:
        return f"no figures ({report.get('runtimeError', {}).get('code', 'a runtime error')})"

    def ms(key: str) -> str:
        return f"{audits[key]['numericValue']:.0f} ms"

    return (
        f"TBT {ms('total-blocking-time')}, FCP {ms('first-contentful-paint')}, "
        f"LCP {ms('largest-contentful-paint')}, CLS {audits['cumulative-layout-shift']['numericValue']:.3f}, "
        f"{audits['dom-size']['numericValue']:.0f} elements, score {report['categories']['performance']['score']}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each page (default 3)")
    parser.add_argument("--players", type=int, choices=(7, 8), default=7, help="Leaders and Cities players")
    parser.add_argument("--seed", type=int, default=41, help="the games' seed")
    options = parser.parse_args()
    if shutil.which("npx") is None:
        print("bench_lighthouse: needs Node.js's npx", file=sys.stderr)
        return 2
    base, (server, folder) = serve()
    try:
        urls = page_urls(base, options.players, options.seed)
        print(
            f"{LIGHTHOUSE}, mobile profile (simulated throttling); Leaders and Cities {options.players} players"
        )
        with tempfile.TemporaryDirectory() as scratch:
            for name, url in urls.items():
                for run in range(1, options.repeat + 1):
                    out = Path(scratch, f"{name}-{run}.json")
                    print(f"  {name:<10} run {run}: {audit(url, out)}", flush=True)
    finally:
        server.close()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
