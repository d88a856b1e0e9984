"""Where the package's data lives: inside the wheel, or at the top of a source checkout.

The wheel carries ``templates/``, ``static/``, ``rules_data/`` and the translations inside
the ``assistant`` package; a source checkout (and an editable install) keeps the first
three at the top level, beside ``assistant/``. Standard library only: the rules core uses it.
"""

from __future__ import annotations

import os
from functools import cache

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

PACKAGE_FOLDER = os.path.dirname(os.path.realpath(__file__))
"""The ``assistant`` package's folder (a string: the command line imports no ``pathlib``)."""


@cache
def resource_path(name: str) -> str:
    """The folder ``name`` (templates, static, rules_data), installed or in the checkout."""
    for candidate in (
        os.path.join(PACKAGE_FOLDER, name),
        os.path.join(os.path.dirname(PACKAGE_FOLDER), name),
    ):
        if os.path.isdir(candidate):
            return candidate
    raise FileNotFoundError(
        f"The assistant's {name!r} folder is missing: looked in {PACKAGE_FOLDER} and its parent."
    )


def resource_dir(name: str) -> Path:
    """:func:`resource_path` as a ``Path``."""
    from pathlib import Path

    return Path(resource_path(name))
