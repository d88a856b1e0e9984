"""Browser tests: Debian's Chromium driven by Playwright at a phone's size, against the
real app served by waitress on a free port. Skipped with a reason when Chromium is absent,
required (failing instead) when REQUIRE_BROWSER is set.

Every page a phone (the ``phone`` fixture) opens is checked by axe-core (``npm ci --prefix
tests/browser``, which ``.ci/run`` does), injected into the page by the browser itself, on
each load and in the state the test leaves it in; a serious or critical violation fails the
test at its end, naming the page, the rule and the elements. Tests check other states with
``flows.axe_now``. Without axe-core installed the checks are skipped, unless REQUIRE_BROWSER
is set."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

PHONE = {"width": 390, "height": 844}
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
# After axe's own source: check the page once it has loaded (its script has run), and offer
# window.__axeCheck() for any later state; runs queue, as axe runs one at a time. Each run's
# serious and critical violations are logged as "axe:" and a JSON line.
AXE_RUN = """
window.__axeCheck = function () {
  var run = (window.__axeLast || Promise.resolve()).then(function () {
    return window.axe.run(document, { resultTypes: ["violations"] });
  }).then(function (result) {
    var bad = result.violations.filter(function (v) { return v.impact === "serious" || v.impact === "critical"; })
      .map(function (v) { return { rule: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 4).map(function (n) { return n.target.join(" "); }) }; });
    console.log("axe:" + JSON.stringify({ page: location.pathname, bad: bad }));
    return bad;
  });
  window.__axeLast = run.catch(function () {});
  return run;
};
window.addEventListener("load", function () {
  if (location.protocol === "http:" || location.protocol === "https:") { setTimeout(window.__axeCheck, 0); }
});
"""


def axe_script() -> str | None:
    """axe-core's source and the checks run with it, or None when it is not installed."""
    if AXE.exists():
        return AXE.read_text(encoding="utf-8") + "\n;" + AXE_RUN
    if os.environ.get("REQUIRE_BROWSER"):
        pytest.fail("axe-core is required (REQUIRE_BROWSER): npm ci --prefix tests/browser")
    return None


def chromium_path() -> str | None:
    path = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    return path if path and Path(path).exists() else None


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail("Chromium is required (REQUIRE_BROWSER) but was not found: apt-get install chromium")
        pytest.skip(
            "Debian's chromium is not installed (apt-get install chromium); set REQUIRE_BROWSER=1 to fail instead"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover
        if os.environ.get("REQUIRE_BROWSER"):
            raise
        pytest.skip("the playwright package is not installed")
    with sync_playwright() as p:
        instance = p.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield instance
        instance.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def live_server(tmp_path_factory) -> Iterator[str]:
    """The app on a real HTTP server (waitress) in a thread; yields its base URL."""
    from waitress.server import create_server

    from tests.conftest import make_test_app

    data = tmp_path_factory.mktemp("live")
    port = _free_port()
    app = make_test_app(data, SERVER_NAME=None, PUBLIC_URL=f"http://127.0.0.1:{port}", POLL_SECONDS=1)
    server = create_server(app, host="127.0.0.1", port=port, threads=8)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    server.close()


class AxeWatch:
    """axe-core's serious and critical violations on every page the watched contexts open,
    and anything the pages' Content-Security-Policy refused, their script did not catch or logged
    as an error.

    A context with the script on runs axe on each load and, at the end, on the state each of
    its pages was left in. A context with the script off cannot run it: the pages it loaded
    (its GET requests for pages) are opened again at the end, with the script on but the
    app's own script refused, so that axe sees them as a phone without JavaScript does."""

    def __init__(self, browser) -> None:
        self.browser = browser
        self.script = axe_script()
        self.found: list[dict] = []
        self.contexts: list = []
        self.scriptless: list[str] = []

    def heard(self, message) -> None:
        import json

        if "Content Security Policy" in message.text:  # something the page's CSP refused
            self.found.append({"page": message.location.get("url", ""), "csp": message.text})
        elif message.type == "error" and not message.text.startswith("Failed to load resource"):
            # a page's own error (a request the test cut off, offline or refused, aside)
            self.found.append({"page": message.location.get("url", ""), "console": message.text})
        elif message.text.startswith("axe:"):
            report = json.loads(message.text[4:])
            self.found.extend({"page": report["page"], **bad} for bad in report["bad"])

    def watch(self, context, javascript: bool = True):
        self.contexts.append(context)
        context.on("console", self.heard)
        context.on("weberror", lambda error: self.found.append({"uncaught": str(error.error)}))
        if self.script is None:
            return context
        if javascript:
            context.add_init_script(self.script)
        else:
            context.on("request", self.loaded)
        return context

    def loaded(self, request) -> None:
        if (
            request.resource_type == "document"
            and request.method == "GET"
            and request.url not in self.scriptless
        ):
            self.scriptless.append(request.url)

    def finish(self) -> None:
        if self.script is not None:
            for context in self.contexts:
                for page in context.pages:  # the state the test left the page in
                    if page.url.startswith("http"):
                        with contextlib.suppress(Exception):  # closing or navigating: its loads were checked
                            page.evaluate("() => window.__axeCheck ? window.__axeCheck() : null")
        for context in self.contexts:
            context.close()
        if self.script is not None and self.scriptless:
            checker = self.watch(self.browser.new_context(viewport=PHONE, is_mobile=True))
            checker.route("**/static/app.js*", lambda route: route.abort())
            page = checker.new_page()
            for url in self.scriptless[:20]:
                page.goto(url)
                page.evaluate("() => window.__axeCheck()")
            checker.close()
        assert not self.found, (
            "axe's serious or critical violations, CSP refusals, uncaught errors:\n"
            + "\n".join(map(str, self.found))
        )


@pytest.fixture
def phone(browser):
    """A fresh phone: its own cookies, a 390x844 screen, touch; axe checks every page it opens."""
    axe = AxeWatch(browser)

    def open_phone(locale: str = "en-GB"):
        context = browser.new_context(
            viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=locale
        )
        context.set_default_timeout(15_000)
        return axe.watch(context).new_page()

    yield open_phone
    axe.finish()


@pytest.fixture
def page_context(browser):
    """A phone-sized context with the script on or off (``page_context(script)``), every page
    it opens checked by axe."""
    axe = AxeWatch(browser)

    def open_context(script: bool):
        return axe.watch(
            browser.new_context(viewport=PHONE, java_script_enabled=script, is_mobile=True), script
        )

    yield open_context
    axe.finish()


@pytest.fixture(scope="session")
def screenshots(test_output: Path) -> Path:
    folder = test_output / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
