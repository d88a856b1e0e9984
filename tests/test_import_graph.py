"""No import cycle anywhere in the package: each module's imports, read from its source (at
module level and inside functions alike; only ``if TYPE_CHECKING:`` blocks aside), form a
graph without a circle, so every layer stands on the ones below it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "assistant"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The package's modules that ``path`` imports (a package's ``__init__`` counts when
    nothing more precise is named)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def add(target: str) -> None:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for rest in child.orelse:
                    visit(rest)
                continue
            if isinstance(child, ast.Import):
                for alias in child.names:
                    add(alias.name)
            elif isinstance(child, ast.ImportFrom):
                base = package
                for _ in range(child.level - 1):
                    base = base.rpartition(".")[0]
                source = f"{base}.{child.module}" if child.level and child.module else (child.module or base)
                if child.level == 0 and not source.startswith("assistant"):
                    continue
                for alias in child.names:
                    submodule = f"{source}.{alias.name}"
                    add(submodule if submodule in modules else source)
            visit(child)

    visit(ast.parse(path.read_text(), str(path)))
    return found


def import_graph() -> dict[str, set[str]]:
    paths = [p for p in PACKAGE.rglob("*.py") if "migrations" not in p.parts]
    modules = {_module_name(p) for p in paths}
    return {_module_name(p): _imports(p, modules) for p in paths}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports, as a path that ends where it starts, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := walk(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := walk(node)):
            return found
    return None


def test_the_graph_is_read_from_every_module():
    graph = import_graph()
    assert "assistant.rules.scoring" in graph["assistant.rules"] or graph["assistant.rules"] == set()
    assert "assistant.rules.model" in graph["assistant.rules.scoring"]
    assert "assistant.rules.catalog" in graph["assistant.web.gamestate"]


def test_a_planted_circle_is_found():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_module_of_the_package_imports_itself_in_a_circle():
    cycle = _cycle(import_graph())
    assert cycle is None, " -> ".join(cycle or [])
