"""The documentation's examples run: docs/python-api.md's and the rules core's docstrings."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import assistant.rules
from tests.conftest import ROOT


def test_the_python_api_examples_run_as_written():
    failures, tried = doctest.testfile(
        str(ROOT / "docs" / "python-api.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert tried > 5 and failures == 0


MODULES = [
    "assistant.rules",
    *(f"assistant.rules.{m.name}" for m in pkgutil.iter_modules(assistant.rules.__path__)),
]


@pytest.mark.parametrize("name", [*MODULES, "assistant.pdf"])
def test_the_docstring_examples_run(name):
    failures, _tried = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0
