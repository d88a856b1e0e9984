"""Entering a city at the table, as a thumb does it: taps, keystrokes, scrolling and time.

Starts the app (waitress, a scratch SQLite database) on a free loopback port, sets up a
game through its own pages in Debian's Chromium at 390x844, then enters a realistic
15-card city by tapping card names, its wonder stages, coins and conflict tokens, and
waits until the page says the city is saved. It reads the city back through the JSON API
to check that what was tapped is what was stored. Run by hand (or in CI's report), never
as a timed test:

    .venv/bin/python bench/bench_table.py [--players N] [--runs N] [--no-js] [--order ORDER] [--city CITY]

The cards are tapped in the order they lie on the table (``table``: colour by colour), in
the order a hand holds them (``hand``: as they were played, age by age, colours mixed) or
shuffled (``shuffled``: a new order each run, seeded), for a base-game city (``base``), a
15-card Leaders and Cities city (``expansions``: leaders and black cards among its 15) or a
22-card one as a Leaders and Cities game ends (``expansions22``: 3 leaders and 4 black cards,
issue 43); by default every order for every city, one run each.

Prints, per run: taps, keystrokes, pixels scrolled (the sum of every scroll, up or down: the
page's and, with the script, the expansions' sheet's), the most scrolled from one card to the
next (in screens), how often the expansions' sheet was opened, the page's cumulative layout
shift while tapping, the page's height in screens, and the time from the last tap until the
city was saved.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Protocol, TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PHONE = {"width": 390, "height": 844}
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]  # fmt: skip
NAMES = ["Ana", "Bartek", "Şule", "Dae", "Núria", "Begoña", "Łukasz"]
WONDERS = ["giza", "rhodes", "babylon", "ephesus", "olympia", "halicarnassus", "alexandria"]


class TableCity(TypedDict):
    """A city to tap in: its stages, coins, conflict tokens (field: count) and its cards, in the
    order they lie on the table."""

    stages: int
    coins: int
    tokens: dict[str, int]
    cards: list[str]


class HeldCity(TableCity):
    """A city to tap in, with its cards also in the order a hand held them."""

    hand: list[str]


class Server(Protocol):
    """What the benches use of waitress's server (waitress ships no type hints)."""

    def run(self) -> None: ...

    def close(self) -> None: ...


# A Giza A city at the end of a game, in the order its cards lie on the table.
CITY: TableCity = {
    "stages": 2, "coins": 6, "tokens": {"win1": 1, "win2": 1, "defeats": 1},
    "cards": ["lumber-yard", "stone-pit", "clay-pool", "loom", "glassworks", "baths", "altar", "aqueduct",
              "marketplace", "caravansery", "stockade", "walls", "apothecary", "dispensary", "laboratory"],
}  # fmt: skip
# The same city as a hand would have held it: age by age, in the order it was played.
HAND = ["stone-pit", "altar", "lumber-yard", "apothecary", "loom", "marketplace", "clay-pool", "baths", "stockade",
        "glassworks", "caravansery", "dispensary", "aqueduct", "walls", "laboratory"]  # fmt: skip
# A Leaders and Cities city: three leaders and three black cards among its 15 cards.
EXPANSION_CITY: HeldCity = {
    **CITY,
    "cards": ["lumber-yard", "stone-pit", "loom", "glassworks", "baths", "aqueduct", "marketplace", "stockade",
              "apothecary", "laboratory", "residence", "spy-ring", "embassy", "hammurabi", "imhotep"],
    "hand": ["hammurabi", "stone-pit", "residence", "baths", "lumber-yard", "apothecary", "loom", "imhotep",
             "marketplace", "spy-ring", "glassworks", "stockade", "aqueduct", "embassy", "laboratory"],
}  # fmt: skip
# Issue 43: a Leaders and Cities city as such a game ends, 22 cards (a leader at the start of each
# age, 7 turns an age less 2 for the stages), 3 leaders and 4 black cards among them.
EXPANSION_CITY_22: HeldCity = {
    **CITY,
    "cards": ["lumber-yard", "stone-pit", "loom", "glassworks", "baths", "aqueduct", "gardens", "pantheon",
              "marketplace", "caravansery", "arena", "fortifications", "apothecary", "laboratory",
              "scientists-guild", "hammurabi", "imhotep", "nefertiti", "residence", "spy-ring", "tabularium",
              "embassy"],
    "hand": ["hammurabi", "stone-pit", "residence", "baths", "lumber-yard", "apothecary", "loom", "marketplace",
             "imhotep", "spy-ring", "glassworks", "caravansery", "aqueduct", "laboratory", "tabularium",
             "nefertiti", "arena", "embassy", "gardens", "pantheon", "scientists-guild", "fortifications"],
}  # fmt: skip
CITIES: dict[str, tuple[HeldCity, list[str]]] = {
    "base": ({**CITY, "hand": HAND}, []),
    "expansions": (EXPANSION_CITY, ["leaders", "cities"]),
    "expansions22": (EXPANSION_CITY_22, ["leaders", "cities"]),
}
# The expansions' sheet (static/app.js, families): docked under the page, it scrolls on its own.
SHEET = (
    "() => { const b = document.querySelector('#families-sheet .sheet-body'); return b ? b.scrollTop : 0; }"
)
# Every layout shift while tapping, added up: the browser's own measure, but counting the shifts
# just after a tap too (the cumulative layout shift of the web's metrics leaves those out), since
# a grid that moves under the thumb makes the next tap land on the wrong card.
CLS = """new PerformanceObserver(function (list) { list.getEntries().forEach(function (e) {
  window.__cls = (window.__cls || 0) + e.value; }); })
  .observe({ type: "layout-shift", buffered: true });"""


def serve() -> tuple[str, tuple[Server, Path]]:
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
    server: Server = create_server(app, host="127.0.0.1", port=port, threads=4)
    threading.Thread(target=server.run, daemon=True).start()
    return base, (server, folder)


def one_run(
    browser, base: str, players: int, javascript: bool, city: str, order: str, seed: int
) -> dict[str, float]:
    from playwright.sync_api import expect

    wanted, expansions = CITIES[city]
    cards = list(wanted["cards"] if order == "table" else wanted["hand"])
    if order == "shuffled":
        random.Random(seed).shuffle(cards)
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=javascript
    )
    context.add_init_script(CLS)
    page = context.new_page()
    page.goto(base + "/new" + ("?edition=1&expansions=" + ",".join(expansions) if expansions else ""))
    for i in range(players):
        page.fill(f"input[name='seats-{i}-player']", NAMES[i])
        page.select_option(f"select[name='seats-{i}-wonder']", WONDERS[i])
    page.locator("button[name=submit]").click()
    hub = page.url
    page.locator(".cities li").first.locator("a").click()
    expect(page.locator("#city-form")).to_be_visible()
    page.evaluate("() => { window.__cls = 0; }")
    taps = keys = opened = 0
    scrolled, where, most, most_at = 0, 0, 0, ""
    in_sheet = 0  # how far the expansions' sheet is scrolled

    def tap(locator) -> None:  # one thumb tap; the page scrolls to the target as a thumb would
        nonlocal taps, scrolled, where, most, most_at, in_sheet
        locator.scroll_into_view_if_needed()
        now, sheet = page.evaluate("window.scrollY"), page.evaluate(SHEET) if javascript else 0
        step = abs(now - where) + abs(sheet - in_sheet)
        if step > most:
            most, most_at = step, str(locator)
        scrolled, where, in_sheet = scrolled + step, now, sheet
        locator.tap()
        taps += 1

    started = time.perf_counter()
    tap(page.locator(f"label[for=stages-{wanted['stages']}]"))
    start_coins = int(page.input_value("input[name=coins]") or 0)
    if javascript:
        for _ in range(wanted["coins"] - start_coins):
            tap(page.locator("button[data-target=coins]", has_text="+"))
    else:
        tap(page.locator("input[name=coins]"))
        page.locator("input[name=coins]").fill(str(wanted["coins"]))
        keys += len(str(wanted["coins"]))
    for field, count in wanted["tokens"].items():
        tap(page.locator(f"label[for='military-{field}-{count}']"))
    # The thumb brings the cards' section up under the sticky bars once (counted in the total),
    # then taps the cards: the most scrolled is from there to a card, and from a card to the next.
    page.evaluate(
        "() => window.scrollTo(0, document.querySelector('#structures').getBoundingClientRect().top + scrollY - 112)"
    )
    now = page.evaluate("window.scrollY")
    scrolled, where, most, most_at = scrolled + abs(now - where), now, 0, ""
    for card in cards:
        tile = page.locator(f".tile label[for='cards-{card}']")
        if not tile.is_visible():  # an expansion's family (its leaders, its black cards): open it first
            family = page.locator(f".tile:has(#cards-{card})").get_attribute("data-color")
            tap(page.locator(f"button[data-family='{family}']"))
            opened += 1
            in_sheet = page.evaluate(SHEET)  # the button brings its family to the sheet's top
        tap(tile)
    last_tap = time.perf_counter()
    shift = page.evaluate("() => window.__cls || 0") if javascript else 0.0
    if not javascript:
        tap(page.locator("#save"))
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=20_000)
    saved = time.perf_counter()
    height = page.evaluate("document.documentElement.scrollHeight")
    token = hub.rstrip("/").rsplit("/", 1)[-1]
    stored = page.request.get(f"{base}/api/v1/games/{token}").json()["game"]["cities"][0]
    assert sorted(stored["cards"]) == sorted(wanted["cards"]) and stored["coins"] == wanted["coins"], stored
    assert sorted(stored["military"]) == [-1, 1, 3], stored["military"]
    context.close()
    if most / PHONE["height"] > 1:
        print(f"    over a screen before {most_at} ({most:.0f} px), order {cards}")
    return {
        "taps": taps,
        "keys": keys,
        "opened": opened,
        "scrolled": scrolled,
        "most_screens": most / PHONE["height"],
        "cls": shift,
        "screens": height / PHONE["height"],
        "save_ms": (saved - last_tap) * 1000,
        "total_s": saved - started,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4, help="players at the table (3 to 7, default 4)")
    parser.add_argument(
        "--runs", type=int, default=1, help="runs of each city and order (shuffled: a seed each)"
    )
    parser.add_argument("--no-js", action="store_true", help="with JavaScript off (the Save button)")
    parser.add_argument("--order", choices=["table", "hand", "shuffled"], action="append",
                        help="the order the cards are tapped in (default: all three)")  # fmt: skip
    parser.add_argument("--city", choices=sorted(CITIES), action="append", help="the city (default: both)")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).exists():
        print("bench_table: Debian's chromium is not installed (apt-get install chromium)")
        return 0
    from playwright.sync_api import sync_playwright

    base, (server, folder) = serve()
    mode = "JavaScript off" if args.no_js else "JavaScript on"
    print(f"bench_table: cities tapped in at a {args.players}-player table, {mode}, 390x844")
    print(
        f"  goals: 15 cards: taps <= {len(CITY['cards']) + 10}; 22 Leaders and Cities cards in hand order: "
        f"taps <= {len(EXPANSION_CITY_22['cards']) + 6} (issue 43); at most 1 screen scrolled from a card to "
        "the next, layout shift 0"
    )
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=FLAGS)
        for city in args.city or list(CITIES):
            for order in args.order or ["table", "hand", "shuffled"]:
                results = [
                    one_run(browser, base, args.players, not args.no_js, city, order, seed)
                    for seed in range(args.runs)
                ]
                worst = max(results, key=lambda r: (r["most_screens"], r["taps"]))
                saves = [r["save_ms"] for r in results]
                print(
                    f"  {city:12} {order:8} {len(CITIES[city][0]['cards'])} cards: taps {worst['taps']:.0f} "
                    f"(sheet opened {worst['opened']:.0f}), keys {worst['keys']:.0f}, "
                    f"scrolled {worst['scrolled'] / PHONE['height']:.2f} screens in all, "
                    f"at most {worst['most_screens']:.2f} from a card to the next, layout shift {worst['cls']:.3f}, "
                    f"page {worst['screens']:.1f} screens; saved {statistics.median(saves):.0f} ms after "
                    f"the last tap (median of {len(results)})"
                )
                print("    " + json.dumps({k: round(v, 3) for k, v in worst.items()}))
        browser.close()
    server.close()
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
