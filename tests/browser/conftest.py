"""Browser tests: Debian's Chromium driven by Playwright at a phone's size, against the
real app served by waitress on a free port. Skipped with a reason when Chromium is absent,
required (failing instead) when REQUIRE_BROWSER is set."""

from __future__ import annotations

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


@pytest.fixture
def phone(browser):
    """A fresh phone: its own cookies, a 390x844 screen, touch."""
    contexts = []

    def open_phone(locale: str = "en-GB"):
        context = browser.new_context(
            viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=locale
        )
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def screenshots(test_output: Path) -> Path:
    folder = test_output / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
