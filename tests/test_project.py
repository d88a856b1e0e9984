"""The project's own files agree with the package: one version."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

import assistant

ROOT = Path(__file__).resolve().parent.parent
DISTRIBUTION = "wonders-assistant"


def test_the_package_version_is_the_installed_distributions():
    installed = metadata.version(DISTRIBUTION)
    assert assistant.__version__ == installed, (
        f"assistant.__version__ is {assistant.__version__} but the installed metadata says {installed}:"
        " reinstall (pip install -e '.[test]') after changing the version"
    )


def test_the_changelogs_newest_version_is_the_packages():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## \[(\d+\.\d+\.\d+)\]", text, flags=re.MULTILINE)
    assert versions, "CHANGELOG.md names no version (## [X.Y.Z] - date)"
    assert versions[0] == assistant.__version__
