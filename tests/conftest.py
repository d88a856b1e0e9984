"""Shared fixtures. Browser and PostgreSQL tests skip with a reason where those are absent,
and are required when REQUIRE_BROWSER / REQUIRE_POSTGRES is set (as CI does)."""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# Compiled catalogs (assistant/rules/compiled.py) go to a folder of the test run's own, not
# the user's cache; the test servers and commands the tests start inherit it.
os.environ.setdefault("ASSISTANT_CACHE_DIR", tempfile.mkdtemp(prefix="wonders-assistant-cache-"))

from assistant.rules.catalog import Catalog, catalog_for, register_rules_folder

ROOT = Path(__file__).resolve().parent.parent
TEST_OUTPUT = Path(os.environ.get("TEST_OUTPUT_DIR", ROOT / "test-output"))
TOY_EDITION = 99
"""A small made-up edition (tests/rules_data/toy) that the web, API, CLI and PDF tests
also run through, so that nothing is pinned to the first edition."""

register_rules_folder(ROOT / "tests" / "rules_data")
import tests.toy_field  # noqa: E402,F401  (the toy Parade's city field, known before any game is read)
from tests.test_serve import start_serve  # noqa: E402

# --- Hypothesis profiles ---------------------------------------------------------------------
# HYPOTHESIS_PROFILE picks one: "dev" (the default) runs 30 examples a property, for the
# inner loop; "ci" (set by .ci/run) runs 150, and no property runs fewer in CI than it did
# before the profiles. Neither has a deadline: the machine may be busy, and a slow example is
# not a failure. Loaded here, before any test module makes its settings, so that a property's
# own settings inherit the profile's count. A property that needs another count asks for a
# multiple of the profile's (settings.default.max_examples) and says why; one that needs a
# count of its own asks for examples(n), which each profile scales as it scales its own.
PROFILE_EXAMPLES = {"dev": 30, "ci": 150}
settings.register_profile(
    "ci", max_examples=PROFILE_EXAMPLES["ci"], deadline=None, derandomize=False, print_blob=True
)
settings.register_profile("dev", max_examples=PROFILE_EXAMPLES["dev"], deadline=None)
HYPOTHESIS_PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
settings.load_profile(HYPOTHESIS_PROFILE)
EXAMPLES_FACTOR = PROFILE_EXAMPLES[HYPOTHESIS_PROFILE] // PROFILE_EXAMPLES["dev"]
"""What the profile multiplies a property's own count by: 1 in the inner loop, 5 in CI (150
examples a property where the inner loop runs 30)."""


def examples(n: int) -> int:
    """A property's own example count, ``@settings(max_examples=examples(150))``: ``n`` in
    the inner loop, five times as many in CI, as the profile-relative counts, so that no
    property runs as few examples in CI as in a developer's run."""
    return n * EXAMPLES_FACTOR


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return catalog_for(1)


@pytest.fixture(scope="session")
def test_output() -> Path:
    """A folder for artefacts a reviewer looks at (screenshots, rendered PDF pages)."""
    TEST_OUTPUT.mkdir(parents=True, exist_ok=True)
    return TEST_OUTPUT


# --- databases ------------------------------------------------------------------------------

PG_DEFAULT = "postgresql://postgres@127.0.0.1:5432/test"


def _postgres_url() -> str | None:
    """A PostgreSQL URL that answers, or None (skip) unless REQUIRE_POSTGRES is set (fail)."""
    url = os.environ.get("TEST_DATABASE_URL", PG_DEFAULT)
    try:
        import psycopg

        with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), connect_timeout=3):
            return url
    except Exception as exc:
        if os.environ.get("REQUIRE_POSTGRES"):
            pytest.fail(f"PostgreSQL is required (REQUIRE_POSTGRES) but {url} does not answer: {exc}")
        return None


@pytest.fixture(scope="session")
def postgres_url() -> str:
    url = _postgres_url()
    if url is None:
        pytest.skip(
            "no PostgreSQL server answers at TEST_DATABASE_URL (set REQUIRE_POSTGRES=1 to fail instead)"
        )
    return url


@pytest.fixture
def pg_schema_url(postgres_url: str):
    """A fresh, empty PostgreSQL schema for one test (dropped afterwards)."""
    import secrets

    import psycopg

    schema = "t_" + secrets.token_hex(6)
    plain = postgres_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in plain else "?"
    yield f"{plain}{sep}options=-csearch_path%3D{schema}"
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


def make_test_app(tmp_path: Path, database_url: str | None = None, **extra):
    from assistant.web import create_app

    config = {
        "TESTING": True,
        "DATA_DIR": tmp_path,
        "DATABASE_URL": database_url or f"sqlite:///{tmp_path / 'test.db'}",
        "SECRET_KEY": "test-secret",
        "SERVER_NAME": "table.test",
        "PUBLIC_URL": None,
        "RATELIMIT_ENABLED": False,  # tests create games by the hundred; test_rate_limits turns it on
    }
    config.update(extra)
    return create_app(config)


@pytest.fixture(params=["sqlite", "postgres"])
def any_db_url(request, tmp_path: Path) -> str:
    """Run a test on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'any.db'}"
    return request.getfixturevalue("pg_schema_url")


@pytest.fixture
def app(tmp_path: Path):
    return make_test_app(tmp_path)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def nocsrf_app(tmp_path: Path):
    return make_test_app(tmp_path, WTF_CSRF_ENABLED=False)


@pytest.fixture
def nocsrf_client(nocsrf_app):
    return nocsrf_app.test_client()


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogues() -> None:
    """Compile any .po newer than its .mo (the wheel's build hook does this on install)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in (ROOT / "assistant" / "translations").glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as fh:
                catalog = read_po(fh)
            with mo.open("wb") as fh:
                write_mo(fh, catalog)


BROWSER_TESTS = Path(__file__).parent / "browser"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test under tests/browser/ drives Chromium and carries the ``browser`` mark, so
    that ``-m "not browser"`` (the inner loop) leaves all of them out: an unmarked one stops
    the run before any test starts."""
    unmarked = [
        item.nodeid
        for item in items
        if BROWSER_TESTS in Path(str(item.path)).parents and item.get_closest_marker("browser") is None
    ]
    if unmarked:
        raise pytest.UsageError(
            "tests under tests/browser/ must carry the browser mark (pytestmark = pytest.mark.browser): "
            + ", ".join(unmarked[:5])
        )


StartServer = Callable[..., tuple[int, subprocess.Popen[bytes]]]


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[StartServer]:
    """``start(*args, env_extra=None)``: a ``serve`` process for the test on loopback, its data
    under ``tmp_path``, with no database URL, proxies or connection cap but those
    ``env_extra`` gives; its port and process once it answers. Each is stopped after the
    test, and must not have printed a traceback."""
    procs: list[subprocess.Popen[bytes]] = []

    def start(*args: str, env_extra: dict[str, str] | None = None) -> tuple[int, subprocess.Popen[bytes]]:
        env = dict(os.environ, ASSISTANT_DATA_DIR=str(tmp_path / "data"))
        for name in ("DATABASE_URL", "ASSISTANT_PROXIES", "ASSISTANT_CONNECTIONS_PER_CLIENT"):
            env.pop(name, None)
        env.update(env_extra or {})
        proc, port = start_serve(["--host", "127.0.0.1", "--no-qr", *args], env, tmp_path, timeout=60)
        procs.append(proc)
        return port, proc

    yield start
    for proc in procs:
        proc.terminate()
        try:
            out, _ = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
        assert b"Traceback" not in out, out.decode()[-2000:]
