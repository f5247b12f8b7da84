"""Each third-party library has one home: rules and board code never import pygame, pymunk or pytmx."""

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
UI_LIBS = {"pygame", "pymunk", "pytmx", "pygame_gui"}
PYTMX_HOMES = (GAME / "board" / "loader.py", GAME / "board" / "tilelayers.py")  # the loader and its tile reader


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def python_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def test_rules_import_no_ui_or_physics():
    files = python_files(GAME / "rules")
    assert files, "the rules package has no modules"
    for path in files:
        assert not imported_roots(path) & UI_LIBS, f"{path} imports {imported_roots(path) & UI_LIBS}"


def test_board_imports_pytmx_only_in_the_loader():
    for path in python_files(GAME / "board"):
        allowed = {"pytmx"} if path in PYTMX_HOMES else set()
        leaked = imported_roots(path) & (UI_LIBS - allowed)
        assert not leaked, f"{path} imports {leaked}"


def test_rules_never_use_global_random():
    for path in python_files(GAME / "rules"):
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random":
                assert node.attr == "Random", f"{path}:{node.lineno} uses random.{node.attr}"
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                names = {a.name for a in node.names}
                assert names <= {"Random"}, f"{path}:{node.lineno} imports {names} from random"


def test_pytmx_lives_only_in_the_loader():
    for path in python_files(GAME):
        if path not in PYTMX_HOMES:
            assert "pytmx" not in imported_roots(path), f"{path} imports pytmx"


def test_the_detector_sees_imports(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import pygame.display\nfrom pymunk import Body\nfrom . import sibling\n")
    assert imported_roots(sample) == {"pygame", "pymunk"}
