"""No import circles under game/: the graph of every import between game modules (at module level
or deferred inside a function; not those under ``if TYPE_CHECKING:``) has no cycle. Modules that
must reach each other at run time go through the registry (``importlib`` by name), not imports."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def module_imports(path: Path, known: set[str]) -> set[str]:
    """The game modules ``path`` imports, at load time or later from a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: set[str] = set()

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.If):
                if not _is_type_checking(node):
                    visit(node.body)
                    visit(node.orelse)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    found.add(alias.name)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                for alias in node.names:
                    candidate = f"{base}.{alias.name}"
                    found.add(candidate if candidate in known else base)
            else:
                inner: list[ast.stmt] = []
                for child in ast.iter_child_nodes(node):
                    if isinstance(child, ast.stmt):
                        inner.append(child)
                    elif isinstance(child, ast.excepthandler | ast.match_case):
                        inner.extend(child.body)
                visit(inner)

    visit(tree.body)
    return {name for name in found if name in known}


def import_graph() -> dict[str, set[str]]:
    paths = sorted(GAME.rglob("*.py"))
    known = {module_name(p) for p in paths}
    return {module_name(p): module_imports(p, known) - {module_name(p)} for p in paths}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0

    def strong(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                strong(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            strong(node)
    return groups


def test_no_import_circles_under_game():
    found = cycles(import_graph())
    assert not found, "import circles: " + "; ".join(" ↔ ".join(group) for group in found)


def test_the_detector_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
