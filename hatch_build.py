"""Hatch build hook: compile the message catalogues (.po -> .mo) so they ship in the wheel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompileCatalogues(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        root = Path(self.root) / "assistant" / "translations"
        for po_path in sorted(root.glob("*/LC_MESSAGES/*.po")):
            mo_path = po_path.with_suffix(".mo")
            with po_path.open("rb") as fh:
                catalog = read_po(fh)
            with mo_path.open("wb") as fh:
                write_mo(fh, catalog)
            rel = mo_path.relative_to(self.root).as_posix()
            build_data.setdefault("force_include", {})[str(mo_path)] = rel
