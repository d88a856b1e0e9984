"""Shared by the PDF tests: the Debian tools they need, and a fixture that keeps every PDF
made, with its pages as PNG, under test-output/pdf/ for a reviewer to look at."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest


def require_tool(tool: str, package: str) -> str | None:
    """The tool's path; None (skip what needs it) unless REQUIRE_BROWSER says CI needs it."""
    path = shutil.which(tool)
    if path is None and os.environ.get("REQUIRE_BROWSER"):
        pytest.fail(f"{tool} (Debian package {package}) is required when REQUIRE_BROWSER is set")
    return path


@pytest.fixture
def keep(test_output: Path) -> Callable[..., Path]:
    """Write a PDF and its pages as PNG under test-output/pdf/ for a reviewer to look at."""
    folder = test_output / "pdf"
    folder.mkdir(parents=True, exist_ok=True)

    def save(pdf: bytes, name: str, dpi: int = 100) -> Path:
        path = folder / f"{name}.pdf"
        path.write_bytes(pdf)
        for old in folder.glob(f"{name}-*.png"):
            old.unlink()
        if require_tool("pdftoppm", "poppler-utils"):
            subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(path), str(folder / name)], check=True)
        return path

    return save
