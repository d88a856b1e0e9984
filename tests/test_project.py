"""The project's own files agree with the package: one version, the commands it installs."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

import assistant
from assistant.cliparser import build_parser

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


def test_both_command_names_run_the_command_line():
    scripts = {ep.name: ep.value for ep in metadata.distribution(DISTRIBUTION).entry_points}
    assert scripts["wonders-assistant"] == "assistant.__main__:main"
    assert scripts["assistant"] == "assistant.__main__:main"  # deprecated alias, kept for 0.2


@pytest.mark.parametrize(
    ("argv0", "prog"),
    [
        ("/usr/local/bin/wonders-assistant", "wonders-assistant"),
        ("/usr/local/bin/assistant", "assistant"),
        ("/src/assistant/__main__.py", "python -m assistant"),
        ("", "python -m assistant"),
    ],
)
def test_the_usage_names_the_command_as_it_was_typed(monkeypatch, argv0, prog):
    monkeypatch.setattr(sys, "argv", [argv0])
    assert build_parser().prog == prog


def test_python_dash_m_assistant_says_so_in_its_usage():
    out = subprocess.run(
        [sys.executable, "-m", "assistant", "score", "--help"], capture_output=True, text=True, check=True
    ).stdout
    assert out.startswith("usage: python -m assistant score ")
