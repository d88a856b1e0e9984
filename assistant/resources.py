"""Where the package's data lives: inside the wheel, or at the top of a source checkout.

The wheel carries ``templates/``, ``static/``, ``rules_data/`` and the translations inside
the ``assistant`` package; a source checkout (and an editable install) keeps the first
three at the top level, beside ``assistant/``. Standard library only: the rules core uses it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


@cache
def resource_dir(name: str) -> Path:
    """The folder ``name`` (templates, static, rules_data), installed or in the checkout."""
    for candidate in (PACKAGE_DIR / name, PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"The assistant's {name!r} folder is missing: looked in {PACKAGE_DIR} and its parent."
    )
