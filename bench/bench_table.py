"""Entering a city at the table, as a thumb does it: taps, keystrokes, scrolling and time.

Starts the app (waitress, a scratch SQLite database) on a free loopback port, sets up a
game through its own pages in Debian's Chromium at 390x844, then enters a realistic
15-card city by tapping card names, its wonder stages, coins and conflict tokens, and
waits until the page says the city is saved. It reads the city back through the JSON API
to check that what was tapped is what was stored. Run by hand (or in CI's report), never
as a timed test:

    .venv/bin/python bench/bench_table.py [--players N] [--runs N] [--no-js]

Prints, per run: taps, keystrokes, pixels scrolled (the sum of every scroll, up or down),
the page's height in screens, and the time from the last tap until the city was saved.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PHONE = {"width": 390, "height": 844}
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]  # fmt: skip
NAMES = ["Ana", "Bartek", "Şule", "Dae", "Núria", "Begoña", "Łukasz"]
WONDERS = ["giza", "rhodes", "babylon", "ephesus", "olympia", "halicarnassus", "alexandria"]
# A Giza A city at the end of a game, in the order its cards lie on the table.
CITY = {
    "stages": 2, "coins": 6, "tokens": {"win1": 1, "win2": 1, "defeats": 1},
    "cards": ["lumber-yard", "stone-pit", "clay-pool", "loom", "glassworks", "baths", "altar", "aqueduct",
              "marketplace", "caravansery", "stockade", "walls", "apothecary", "dispensary", "laboratory"],
}  # fmt: skip


def serve() -> tuple[str, object]:
    from waitress.server import create_server

    from assistant.web import create_app

    folder = Path(tempfile.mkdtemp(prefix="bench-table-"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    app = create_app(
        {"DATA_DIR": folder, "DATABASE_URL": f"sqlite:///{folder / 'bench.db'}", "PUBLIC_URL": base}
    )
    server = create_server(app, host="127.0.0.1", port=port, threads=4)
    threading.Thread(target=server.run, daemon=True).start()
    return base, (server, folder)


def one_run(browser, base: str, players: int, javascript: bool) -> dict[str, float]:
    from playwright.sync_api import expect

    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=javascript
    )
    page = context.new_page()
    page.goto(base + "/new")
    for i in range(players):
        page.fill(f"input[name='seats-{i}-player']", NAMES[i])
        page.select_option(f"select[name='seats-{i}-wonder']", WONDERS[i])
    page.locator("button[name=submit]").click()
    hub = page.url
    page.locator(".cities li").first.locator("a").click()
    expect(page.locator("#city-form")).to_be_visible()
    taps = keys = 0
    scrolled, where = 0, 0

    def tap(locator) -> None:  # one thumb tap; the page scrolls to the target as a thumb would
        nonlocal taps, scrolled, where
        locator.scroll_into_view_if_needed()
        now = page.evaluate("window.scrollY")
        scrolled, where = scrolled + abs(now - where), now
        locator.tap()
        taps += 1

    started = time.perf_counter()
    tap(page.locator(f"label[for=stages-{CITY['stages']}]"))
    if javascript:
        for _ in range(CITY["coins"] - 3):
            tap(page.locator("button[data-target=coins]", has_text="+"))
    else:
        tap(page.locator("input[name=coins]"))
        page.locator("input[name=coins]").fill(str(CITY["coins"]))
        keys += len(str(CITY["coins"]))
    for field, count in CITY["tokens"].items():
        tap(page.locator(f"label[for='military-{field}-{count}']"))
    for card in CITY["cards"]:
        tap(page.locator(f".tile label[for='cards-{card}']"))
    last_tap = time.perf_counter()
    if not javascript:
        tap(page.locator("#save"))
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=20_000)
    saved = time.perf_counter()
    height = page.evaluate("document.documentElement.scrollHeight")
    token = hub.rstrip("/").rsplit("/", 1)[-1]
    stored = page.request.get(f"{base}/api/v1/games/{token}").json()["game"]["cities"][0]
    assert stored["cards"] == CITY["cards"] and stored["coins"] == CITY["coins"], stored
    assert sorted(stored["military"]) == [-1, 1, 3], stored["military"]
    context.close()
    return {
        "taps": taps,
        "keys": keys,
        "scrolled": scrolled,
        "screens": height / PHONE["height"],
        "save_ms": (saved - last_tap) * 1000,
        "total_s": saved - started,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4, help="players at the table (3 to 7, default 4)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-js", action="store_true", help="with JavaScript off (the Save button)")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).exists():
        print("bench_table: Debian's chromium is not installed (apt-get install chromium)")
        return 0
    from playwright.sync_api import sync_playwright

    base, (server, folder) = serve()
    results = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=FLAGS)
        for _ in range(args.runs):
            results.append(one_run(browser, base, args.players, not args.no_js))
        browser.close()
    server.close()  # type: ignore[attr-defined]
    shutil.rmtree(folder, ignore_errors=True)
    first = results[0]
    mode = "JavaScript off" if args.no_js else "JavaScript on"
    print(f"bench_table: a 15-card city at a {args.players}-player table, {mode}, 390x844")
    print(f"  taps {first['taps']} (goal <= {len(CITY['cards']) + 10}), keystrokes {first['keys']}")
    print(f"  scrolled {first['scrolled']:.0f} px = {first['scrolled'] / PHONE['height']:.2f} screens (goal <= 3)"
          f"; page {first['screens']:.1f} screens tall")  # fmt: skip
    saves = [r["save_ms"] for r in results]
    print(f"  last tap to saved: median {statistics.median(saves):.0f} ms, worst {max(saves):.0f} ms"
          f" over {len(results)} runs; whole city {statistics.median(r['total_s'] for r in results):.1f} s")  # fmt: skip
    print(json.dumps({k: round(v, 1) for k, v in first.items()}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
