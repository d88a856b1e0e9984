"""A cache of the app's replaced by one that counts what is put in it, so that a cache that
stopped working fails a test, not only a benchmark."""

from __future__ import annotations

from typing import Any

import pytest


class Counting(dict):
    """A cache of the app's, counting what is put in it (every store is a rendering)."""

    stored = 0

    def __setitem__(self, key: Any, value: Any) -> None:
        self.stored += 1
        super().__setitem__(key, value)


def counting(app: Any, monkeypatch: pytest.MonkeyPatch, name: str) -> Counting:
    """The app's cache ``app.extensions[name]``, counted, for the test's duration."""
    cache = Counting()
    monkeypatch.setitem(app.extensions, name, cache)
    return cache
