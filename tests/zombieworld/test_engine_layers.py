"""The engine's concern modules stand in layers: each imports only those named before it in the
list that ``working.py`` gives, so adding a call that would make a circle fails here first, with
the two modules named."""

from __future__ import annotations

import ast
import re
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "game" / "rules" / "zombieworld"
PACKAGE = "game.rules.zombieworld."


def layer_order() -> list[str]:
    """``working``, then the modules ``working.py``'s docstring names in double back-quotes, then ``engine``."""
    doc = ast.get_docstring(ast.parse((RULES / "working.py").read_text(encoding="utf-8"))) or ""
    listed = doc[doc.index("The rules live"):doc.index("is the public face")]
    return ["working", *(name for name in re.findall(r"``(\w+)``", listed.split(":", 1)[1]) if name != "engine")]


def engine_imports(name: str, layers: set[str]) -> set[str]:
    tree = ast.parse((RULES / f"{name}.py").read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PACKAGE):
            found.add(node.module[len(PACKAGE):].split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module == PACKAGE[:-1]:
            found.update(alias.name for alias in node.names)
    return found & layers


def test_each_concern_imports_only_the_ones_before_it():
    order = layer_order()
    assert order[:3] == ["working", "spots", "equipment"] and order[-1] == "legal"
    assert {p.stem for p in RULES.glob("*.py")} >= set(order)
    order.append("engine")
    for position, name in enumerate(order):
        later = engine_imports(name, set(order)) - set(order[:position])
        assert not later, f"{name} imports {sorted(later)}, named after it"
