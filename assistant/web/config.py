"""Configuration: defaults that need nothing set, a data folder that survives restarts."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any


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


def secret_key(data_dir: Path) -> str:
    """The app's secret key, generated once and kept in the data folder."""
    path = data_dir / "secret_key"
    if path.exists():
        return path.read_text().strip()
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(key)
    return key


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
    }
    config.update(overrides)
    if "SECRET_KEY" not in config:
        config["SECRET_KEY"] = secret_key(Path(config["DATA_DIR"]))
    return config
