"""One switch for everything the core memoises.

The core keeps what it derives from a catalog (packed card tables, wonder sides, science
results, conflict resolutions...) in ``functools`` caches beside the functions that
compute them, keyed by the catalog or by plain values, so a process pays for each once.
:func:`clear_caches` forgets all of it, catalogs included: after the rules data changed on
disk, or in a test that loads other data.
"""

from __future__ import annotations

import sys

__all__ = ["clear_caches"]


def clear_caches() -> None:
    """Forget every catalog and everything memoised from one, in every loaded core module."""
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "assistant.rules" or name.startswith("assistant.rules.")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()
