"""Total blocking time of the heaviest pages on a phone, as Lighthouse's mobile profile counts it.

Starts the app (waitress, a scratch SQLite database) on a free loopback port, creates a
7-player base game and a Leaders and Cities game (``--players``, 7 or 8; its city page's
picker holds some 150 tiles) through the JSON API, then loads in Debian's Chromium at
390x844 (``is_mobile``, touch), with the CPU slowed 4 times through the DevTools protocol
(``Emulation.setCPUThrottlingRate``, Lighthouse's mobile profile) and no network throttling:

- ``base-city``: a city's page of the base game,
- ``lc-city``: a city's page of the Leaders and Cities game,
- ``lc-board``: that game's scoreboard.

Each load is fresh (a new browser context: no cache, no service worker: "cold"), then the
same page is loaded again in that context ("warm": the browser's cache and the app's
service worker). Long tasks are read by a ``PerformanceObserver`` of type ``longtask``
(buffered, set before the page's own script); the total blocking time is the sum of
``duration - 50 ms`` over the long tasks that start after the first contentful paint, until
the page has been quiet (no long task) for 5 s, or 10 s after its load at most. It
approximates Lighthouse's TBT (which reads a trace, with simulated throttling by default);
it is not Lighthouse. Also counted: the page's elements (``document.querySelectorAll('*')``).
Run by hand, never as a timed test:

    .venv/bin/python bench/bench_blocking.py [--repeat 5] [--page PAGE] [--players 7] [--trace] [--why]

Prints per page the median and the worst over ``--repeat`` loads, cold and warm. The
``longtask`` observer does not see every task: some of the rendering the browser runs as
tasks of their own (style, layout, paint as the parser adds the page) are left out, where
Lighthouse, reading Chromium's trace, counts them.
With ``--trace`` every load is traced too (as DevTools' Performance panel records it) and
the blocking time of the main thread's tasks over 50 ms after the first paint is given
beside the observer's. For a page over the goal (200 ms, cold median), or every page with
``--why``, one more cold load is traced and its long tasks' time split by what the main
thread did (HTML parsing, script, style, layout, paint...).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import time
import urllib.request
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_scoring import realistic_table  # noqa: E402
from bench_table import serve  # noqa: E402  (the app on a free port, SQLite in a scratch folder)
from expansion_tables import leaders_cities_table  # noqa: E402

from assistant.rules.gameio import game_to_dict  # noqa: E402

PHONE = {"width": 390, "height": 844}
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]  # fmt: skip
GOAL_MS = 200.0
BLOCKING_MS = 50.0
PAGES = {
    "base-city": "a city's page, 7-player base game",
    "lc-city": "a city's page, Leaders and Cities",
    "lc-board": "the scoreboard, Leaders and Cities",
}
# Set before the page's own script (an init script): every long task and the first paint.
OBSERVE = """(function () {
  var seen = window.__blocking = { tasks: [], fcp: null };
  try {
    new PerformanceObserver(function (list) { list.getEntries().forEach(function (e) {
      var a = (e.attribution || [])[0] || {};
      seen.tasks.push({ start: e.startTime, duration: e.duration, name: e.name,
        container: a.containerType + ":" + (a.containerSrc || a.containerName || "") });
    }); }).observe({ type: "longtask", buffered: true });
    new PerformanceObserver(function (list) { list.getEntries().forEach(function (e) {
      if (e.name === "first-contentful-paint") { seen.fcp = e.startTime; }
    }); }).observe({ type: "paint", buffered: true });
  } catch (e) { seen.error = String(e); }
})();"""
STATE = """() => { const s = window.__blocking || { tasks: [], fcp: null };
  const nav = performance.getEntriesByType("navigation")[0];
  return { now: performance.now(), load: nav && nav.loadEventEnd ? nav.loadEventEnd : null, fcp: s.fcp,
           tasks: s.tasks, elements: document.querySelectorAll("*").length, error: s.error || null }; }"""
# What the main thread does inside a long task, by words in the trace's event names (first match).
KINDS = [
    ("HTML parsing", ("ParseHTML", "FinishedParsing")),
    ("CSS parsing", ("ParseAuthorStyleSheet", "StyleSheet")),
    ("style", ("UpdateLayoutTree", "RecalculateStyles", "recalcStyle", "Style")),
    ("layout", ("Layout", "layout", "Shape")),
    ("paint", ("Paint", "Layerize", "UpdateLayer", "Commit", "Raster", "Composit", "Lifecycle")),
    ("garbage collection", ("GC", "Scavenge")),
    ("script", ("Script", "FunctionCall", "v8", "V8", "Microtask", "TimerFire", "EventDispatch", "Compile")),
]
TRACE_CATEGORIES = [
    "toplevel",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "v8.execute",
    "loading",
]


def create_game(base: str, game: dict[str, Any]) -> str:
    """The edit token of a new game, stored through the JSON API."""
    request = urllib.request.Request(
        base + "/api/v1/games",
        data=json.dumps({"game": game}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return str(json.loads(response.read())["token"])


def page_urls(base: str, players: int, seed: int) -> dict[str, str]:
    plain = create_game(base, game_to_dict(realistic_table(random.Random(seed), "tokens", 7)))
    expansions = create_game(base, game_to_dict(leaders_cities_table(random.Random(seed), players)))
    urls = {
        "base-city": f"{base}/g/{plain}/city/0",
        "lc-city": f"{base}/g/{expansions}/city/0",
        "lc-board": f"{base}/g/{expansions}/scoreboard",
    }
    for url in urls.values():  # the server's first rendering (the picker's tiles) is not the phone's
        with urllib.request.urlopen(url, timeout=30) as response:
            response.read()
    return urls


def blocking(tasks: list[dict[str, Any]], fcp: float) -> float:
    return sum(
        t["duration"] - BLOCKING_MS for t in tasks if t["start"] >= fcp and t["duration"] > BLOCKING_MS
    )


def load(browser, page, cdp, url: str, args: argparse.Namespace, trace: bool = False) -> dict[str, Any]:
    """One load of ``url``: its long tasks until quiet, its blocking time and its elements;
    with ``trace``, Chromium's trace of it too, and the blocking time its main thread's tasks give."""
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.rate})
    if trace:
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    page.goto(url, wait_until="load")
    while True:
        time.sleep(0.25)
        # Read through the protocol: Playwright's own evaluate would compile its helper script
        # in the page, a long task of its own on a slowed CPU.
        answer = cdp.send("Runtime.evaluate", {"expression": f"({STATE})()", "returnByValue": True})
        state = answer["result"]["value"]
        if state["error"]:
            raise SystemExit(f"bench_blocking: the observers failed: {state['error']}")
        if state["load"] is None or state["fcp"] is None:
            continue
        quiet_from = max([state["fcp"]] + [t["start"] + t["duration"] for t in state["tasks"]])
        if (
            state["now"] - max(quiet_from, state["load"]) >= args.quiet * 1000
            or state["now"] - state["load"] >= args.cap * 1000
        ):
            break
    after = [t for t in state["tasks"] if t["start"] >= state["fcp"]]
    measured = {
        "tbt": blocking(state["tasks"], state["fcp"]),
        "fcp": state["fcp"],
        "tasks": len(after),
        "longest": max((t["duration"] for t in after), default=0.0),
        "before": sum(t["duration"] - BLOCKING_MS for t in state["tasks"] if t["start"] < state["fcp"]),
        "elements": state["elements"],
    }
    if trace:
        thread, tasks = main_thread(json.loads(browser.stop_tracing()))
        measured.update(
            thread=thread, traced=tasks, trace_tbt=sum(e["dur"] / 1000 - BLOCKING_MS for e in tasks)
        )
    return measured


def main_thread(trace: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The page's main thread's events in a trace (the thread that painted it first), and its
    tasks over 50 ms that start after that first contentful paint."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    painted = [e for e in events if e.get("name") == "firstContentfulPaint"]
    if not painted:
        return [], []
    where = (painted[-1]["pid"], painted[-1]["tid"])
    thread = [e for e in events if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) == where]
    fcp = painted[-1]["ts"]
    tasks = [e for e in thread if e["name"] == "RunTask" and e["ts"] >= fcp and e["dur"] > BLOCKING_MS * 1000]
    return thread, tasks


def new_phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    context.add_init_script(OBSERVE)
    page = context.new_page()
    return context, page, context.new_cdp_session(page)


def measure(browser, url: str, args: argparse.Namespace) -> dict[str, list[dict[str, Any]]]:
    runs: dict[str, list[dict[str, Any]]] = {"cold": [], "warm": []}
    for _ in range(args.repeat):
        context, page, cdp = new_phone(browser)
        for when in ("cold", "warm"):
            run = load(browser, page, cdp, url, args, args.trace)
            run.pop("thread", None)
            run.pop("traced", None)
            runs[when].append(run)
        context.close()
    return runs


def kind(name: str) -> str:
    return next((k for k, words in KINDS if any(w in name for w in words)), "other")


def _self_times(events: list[dict[str, Any]], start: float, end: float) -> dict[str, float]:
    """Each event name's own time (its children's taken out) inside a task, in ms."""
    inside = sorted(
        (e for e in events if start <= e["ts"] < end and e.get("dur")), key=lambda e: (e["ts"], -e["dur"])
    )
    own: dict[str, float] = defaultdict(float)
    stack: list[tuple[float, str]] = []  # (end, name) of the open events
    for e in inside:
        while stack and stack[-1][0] <= e["ts"]:
            stack.pop()
        name = e["name"]
        if name in ("FunctionCall", "EvaluateScript"):
            data = (e.get("args") or {}).get("data") or {}
            name += " " + (data.get("url") or "").rsplit("/", 1)[-1].split("?")[0]
        own[name] += e["dur"] / 1000
        if stack:
            own[stack[-1][1]] -= e["dur"] / 1000
        stack.append((e["ts"] + e["dur"], name))
    return own


def explain(browser, url: str, args: argparse.Namespace) -> str:
    """One traced cold load: its long tasks after the first paint, split by what they did."""
    context, page, cdp = new_phone(browser)
    measured = load(browser, page, cdp, url, args, trace=True)
    context.close()
    thread, tasks = measured["thread"], measured["traced"]
    if not thread:
        return "no first contentful paint in the trace"
    if not tasks:
        return f"traced cold load: no long task after the first paint (TBT {measured['tbt']:.0f} ms by the observer)"
    kinds: dict[str, float] = defaultdict(float)
    names: dict[str, float] = defaultdict(float)
    for task in tasks:
        for name, ms in _self_times(thread, task["ts"], task["ts"] + task["dur"]).items():
            kinds[kind(name)] += ms
            names[name] += ms
    total = sum(e["dur"] for e in tasks) / 1000
    split = ", ".join(f"{k} {ms:.0f}" for k, ms in sorted(kinds.items(), key=lambda kv: -kv[1]) if ms >= 1)
    top = ", ".join(f"{n} {ms:.0f}" for n, ms in sorted(names.items(), key=lambda kv: -kv[1])[:6])
    sizes = ", ".join(f"{e['dur'] / 1000:.0f}" for e in tasks)
    return (
        f"traced cold load: TBT {measured['tbt']:.0f} ms by the observer, {measured['trace_tbt']:.0f} ms by "
        f"the trace; {len(tasks)} long tasks after the first paint in the trace ({sizes} ms), {total:.0f} ms "
        f"in all: {split} ms; by event: {top} ms"
    )


def _figures(runs: list[dict[str, Any]], key: str) -> str:
    values = [r[key] for r in runs]
    return f"{statistics.median(values):5.0f} / {max(values):5.0f}"


def report(name: str, runs: dict[str, list[dict[str, Any]]]) -> str:
    cold, warm = runs["cold"], runs["warm"]
    elements = statistics.median(r["elements"] for r in cold + warm)
    return (
        f"  {name:9} {elements:8.0f}   {_figures(cold, 'tbt')}   {_figures(warm, 'tbt')}   "
        f"{statistics.median(r['tasks'] for r in cold):5.0f} {statistics.median(r['longest'] for r in cold):7.0f}"
        f"   {statistics.median(r['before'] for r in cold):6.0f}"
        f"   {statistics.median(r['fcp'] for r in cold):7.0f} {statistics.median(r['fcp'] for r in warm):6.0f}"
        + (
            f"   {_figures(cold, 'trace_tbt')}   {_figures(warm, 'trace_tbt')}"
            if "trace_tbt" in cold[0]
            else ""
        )
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="fresh loads of each page (default 5)")
    parser.add_argument(
        "--page", choices=sorted(PAGES), action="append", help="the page (default: all three)"
    )
    parser.add_argument("--players", type=int, choices=[7, 8], default=7, help="Leaders and Cities players")
    parser.add_argument("--rate", type=float, default=4.0, help="CPU slowdown (Lighthouse's mobile: 4)")
    parser.add_argument("--quiet", type=float, default=5.0, help="seconds without a long task to stop")
    parser.add_argument("--cap", type=float, default=10.0, help="seconds after the load to stop at most")
    parser.add_argument("--seed", type=int, default=7, help="the games' seed")
    parser.add_argument(
        "--why", action="store_true", help="trace a cold load of every page, not only those over"
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="trace every load too, and give the blocking time of its main thread's tasks (as Lighthouse reads it)",
    )
    args = parser.parse_args()
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).exists():
        print("bench_blocking: Debian's chromium is not installed (apt-get install chromium)")
        return 0
    from playwright.sync_api import sync_playwright

    base, (server, folder) = serve()
    urls = page_urls(base, args.players, args.seed)
    print(
        f"bench_blocking: total blocking time at 390x844, CPU {args.rate:g}x slower, no network throttling, "
        f"median / worst of {args.repeat} loads (goal: at most {GOAL_MS:.0f} ms); Leaders and Cities "
        f"{args.players} players"
    )
    print(
        "  page      elements   cold TBT ms     warm TBT ms     tasks longest   before   FCP cold  warm"
        + ("   trace: cold TBT   warm TBT" if args.trace else "")
    )
    results: dict[str, dict[str, list[dict[str, Any]]]] = {}
    started = time.perf_counter()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=FLAGS)
        for name in args.page or list(PAGES):
            results[name] = measure(browser, urls[name], args)
            print(report(name, results[name]), flush=True)
        print(
            "  (tasks, longest: the long tasks after the first paint, cold, medians; before: what the long "
            "tasks before it would have added, cold, median; FCP: ms after navigation, median)"
        )
        for name, runs in results.items():
            if args.why or statistics.median(r["tbt"] for r in runs["cold"]) > GOAL_MS:
                print(f"  {name}: {explain(browser, urls[name], args)}", flush=True)
        browser.close()
    print(f"  ({time.perf_counter() - started:.0f} s)")
    server.close()
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
