"""Configuration: defaults that need nothing set, a data folder that survives restarts.

The data folder is readable by its owner only (mode 0700): it holds the database, whose
rows include every game's edit token, and the secret key.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit


def default_data_dir() -> Path:
    """``ASSISTANT_DATA_DIR``, else the per-user data folder (XDG on Linux)."""
    explicit = os.environ.get("ASSISTANT_DATA_DIR")
    if explicit:
        return Path(explicit).expanduser()
    if os.name == "nt":  # pragma: no cover - developers' machines only
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif os.uname().sysname == "Darwin":  # pragma: no cover
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / "wonders-assistant"


MIN_SECRET_LENGTH = 32


class ConfigError(Exception):
    """The configuration cannot be used: one sentence saying what to fix."""


def private_data_dir(data_dir: Path) -> None:
    """Make the data folder (owner only: it holds the database and the key), tightening an old one."""
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        if data_dir.stat().st_mode & 0o077:
            data_dir.chmod(0o700)
    except PermissionError:  # pragma: no cover - a folder someone else owns: leave it
        pass


def secret_key(data_dir: Path) -> str:
    """The app's secret key: ``ASSISTANT_SECRET_KEY``, else generated once in the data folder.

    The file is written whole or not at all (a temporary file linked into place), so a
    crash never leaves an empty key; an empty file left by an older version is replaced.
    A key shorter than 32 characters is refused: it would sign sessions anyone can forge.
    """
    explicit = os.environ.get("ASSISTANT_SECRET_KEY")
    if explicit is not None:
        if len(explicit.strip()) < MIN_SECRET_LENGTH:
            raise ConfigError(
                f"ASSISTANT_SECRET_KEY must be at least {MIN_SECRET_LENGTH} characters "
                "(python -c 'import secrets; print(secrets.token_hex(32))' makes one)."
            )
        return explicit.strip()
    path = data_dir / "secret_key"
    try:
        key = path.read_text().strip()
    except FileNotFoundError:
        key = ""
    if key:
        if len(key) < MIN_SECRET_LENGTH:
            raise ConfigError(
                f"{path}: the secret key is shorter than {MIN_SECRET_LENGTH} characters; "
                "delete the file to have a new one made."
            )
        return key
    private_data_dir(data_dir)
    if path.exists():  # empty: nothing was ever signed with it that could be kept
        path.unlink(missing_ok=True)
    key = secrets.token_hex(32)
    tmp = data_dir / f".secret_key.{os.getpid()}.{secrets.token_hex(4)}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(key)
        fh.flush()
        os.fsync(fh.fileno())
    try:
        os.link(tmp, path)  # atomic, and fails if another process made the key first
    except FileExistsError:
        key = path.read_text().strip()
    finally:
        tmp.unlink(missing_ok=True)
    return key


def local_host_names(server_name: str | None = None) -> list[str]:
    """The names and addresses by which the phones at the table reach this computer.

    Without ``ASSISTANT_PUBLIC_URL`` links and QR codes are built from the request's
    ``Host``; only these are trusted for it (others answer 400), so a forged ``Host`` never
    makes the app hand out links to somewhere else. ``ASSISTANT_TRUSTED_HOSTS`` adds more
    (comma-separated; ``.example.org`` allows its subdomains).
    """
    import socket

    from ..netaddr import lan_addresses

    names = {"localhost", "127.0.0.1", "::1", "[::1]"}
    try:
        hostname = socket.gethostname()
        names.update({hostname, f"{hostname}.local", socket.getfqdn()})
    except OSError:  # pragma: no cover
        pass
    with contextlib.suppress(OSError):
        names.update(lan_addresses())
    if server_name:
        names.add(server_name.split(":")[0])
    extra = os.environ.get("ASSISTANT_TRUSTED_HOSTS", "")
    names.update(h.strip() for h in extra.split(",") if h.strip())
    return sorted(n.lower() for n in names if n)


def trusted_hosts(public_url: str, server_name: str | None = None) -> list[str] | None:
    """The hosts the app answers for (others: 400). Without a public address, the names of this
    computer (the phones build links from the ``Host`` they used); with one, any host unless
    ``ASSISTANT_TRUSTED_HOSTS`` lists them, and then those, the public address's and this
    machine's own names (a health check on localhost)."""
    if not public_url:
        return local_host_names(server_name)
    listed = [
        h.strip().lower() for h in os.environ.get("ASSISTANT_TRUSTED_HOSTS", "").split(",") if h.strip()
    ]
    if not listed:
        return None
    host = urlsplit(public_url).hostname or ""
    return sorted({*listed, host, "localhost", "127.0.0.1", "::1", "[::1]"} - {""})


def _count(name: str, default: int, most: int) -> int:
    """A whole number from the environment variable ``name`` (``default`` when unset)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or int(raw) > most:
        raise ConfigError(f"{name} must be a whole number from 0 to {most} (it is {raw!r}).")
    return int(raw)


def _proxies() -> Any:
    """``ASSISTANT_PROXIES``: the proxies' addresses or networks, or the old count of proxies."""
    from .proxies import parse_proxies

    raw = os.environ.get("ASSISTANT_PROXIES", "")
    try:
        return parse_proxies(raw)
    except ValueError:
        raise ConfigError(
            "ASSISTANT_PROXIES must list the reverse proxies' addresses or networks, "
            "comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8), or count the proxies on this computer, "
            f"from 0 to 5 (it is {raw.strip()!r})."
        ) from None


def _driver_for(url: str) -> None:
    """PostgreSQL needs its driver, an optional dependency: say how to install it."""
    import importlib.util

    if (
        url.startswith(("postgres:", "postgresql:", "postgresql+psycopg:"))
        and importlib.util.find_spec("psycopg") is None
    ):
        raise ConfigError(
            "DATABASE_URL names a PostgreSQL database, but its driver is not installed: "
            "pip install 'wonders-assistant[postgres]' (or '.[postgres]' from the source folder)."
        )


CONNECTIONS_PER_CLIENT = 500
"""Open connections one client may hold in one ``serve`` process; past it, its longest-idle
one is closed for the new one (assistant/serving.py). A room of 200 phones behind one router
holds 200 to 600: one each that it polls on, and those a page's loading left open."""


def build_config(overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """The configuration: environment and data folder, then the caller's overrides."""
    overrides = dict(overrides or {})
    data_dir = Path(overrides.get("DATA_DIR") or default_data_dir())
    config: dict[str, Any] = {
        "DATA_DIR": data_dir,
        "DATABASE_URL": os.environ.get("DATABASE_URL") or f"sqlite:///{data_dir / 'assistant.db'}",
        "AUTO_MIGRATE": True,
        "MAX_CONTENT_LENGTH": 256 * 1024,
        "WTF_CSRF_TIME_LIMIT": None,
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "PUBLIC_URL": os.environ.get("ASSISTANT_PUBLIC_URL") or None,
        "BABEL_DEFAULT_LOCALE": "en",
        "POLL_SECONDS": 2,
        # The reverse proxies in front of the app (their addresses), whose X-Forwarded-For,
        # -Proto, -Host and -Port are believed on the requests they pass on (proxies.py,
        # docs/deploying.md); None: no proxy, the headers are ignored.
        "PROXIES": _proxies(),
        "CONNECTIONS_PER_CLIENT": _count("ASSISTANT_CONNECTIONS_PER_CLIENT", CONNECTIONS_PER_CLIENT, 100_000),
    }
    config.update(overrides)
    public = str(config.get("PUBLIC_URL") or "")
    # Cookies over https only, when the public address is https (a club's server behind TLS).
    config.setdefault("SESSION_COOKIE_SECURE", public.lower().startswith("https://"))
    if config.get("TRUSTED_HOSTS") is None:
        config["TRUSTED_HOSTS"] = trusted_hosts(public, config.get("SERVER_NAME"))
    _driver_for(str(config["DATABASE_URL"]))
    private_data_dir(Path(config["DATA_DIR"]))
    if not config.get("SECRET_KEY"):
        config["SECRET_KEY"] = secret_key(Path(config["DATA_DIR"]))
    return config
