"""No view of the web app runs past about 30 lines (issue 23): a view parses the request,
calls the rules or the store, and renders; anything longer is a helper of its own. No
function of the package runs past 60 (issue 42: a core a newcomer can read). Read from the
source, so a new long view or function fails here."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "assistant"
WEB = PACKAGE / "web"
LONGEST = 32
"""Lines of a view, from its ``def`` to its last line, docstring included."""
LONGEST_FUNCTION = 60
"""Lines of any function or method of the package, counted the same way."""

_ROUTES = {"route", "get", "post", "put", "delete", "patch"}


def _is_view(node: ast.FunctionDef) -> bool:
    for decorator in node.decorator_list:
        call = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(call, ast.Attribute) and call.attr in _ROUTES:
            return True
    return False


def views() -> dict[str, int]:
    """Every view of the web app (``file:function``) and its length in lines."""
    found: dict[str, int] = {}
    for path in sorted(WEB.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.FunctionDef) and _is_view(node):
                found[f"{path.relative_to(WEB)}:{node.name}"] = (
                    (node.end_lineno or node.lineno) - node.lineno + 1
                )
    return found


def test_the_views_are_found():
    found = views()
    assert "games/city.py:city" in found and "api.py:score" in found and len(found) > 40


def test_no_view_runs_past_about_thirty_lines():
    long = {name: lines for name, lines in views().items() if lines > LONGEST}
    assert not long, long


def functions() -> dict[str, int]:
    """Every function and method of the package (``file:function``) and its length in lines."""
    found: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                found[f"{path.relative_to(PACKAGE)}:{node.name}"] = max(
                    found.get(f"{path.relative_to(PACKAGE)}:{node.name}", 0),
                    (node.end_lineno or node.lineno) - node.lineno + 1,
                )
    return found


def test_the_functions_are_found():
    found = functions()
    assert "rules/scoring.py:score_game" in found and "cli.py:main" in found and len(found) > 1000


def test_no_function_runs_past_sixty_lines():
    long = {name: lines for name, lines in functions().items() if lines > LONGEST_FUNCTION}
    assert not long, long
