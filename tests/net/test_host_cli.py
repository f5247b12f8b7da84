"""``main.py host``: bad input is one line naming the file and the exit status is 1; the network layer
never imports the window's libraries."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.net.cli import run_cli
from tests.net.harness import REPO

NET = REPO / "game" / "net"


@pytest.mark.parametrize(("argv", "words"), [
    (["nowhere/at-all.toml"], "nowhere/at-all.toml"),
    (["maps/missions/rm-tutorial-1.toml"], "give the players with --setup"),
    (["maps/missions/rm-tutorial-1.toml", "--setup", "nowhere.json"], "nowhere.json: cannot read the setup"),
    (["maps/missions/rm-tutorial-1.toml", "--port", "70000"], "is not a port"),
    (["tests/fixtures/saves/nothing-here.json"], "nothing-here.json"),
])
def test_bad_input_is_one_line_and_status_1(argv, words, capsys):
    assert run_cli(argv) == 1
    error = capsys.readouterr().err.strip()
    assert words in error and "\n" not in error and "Traceback" not in error


def test_a_corrupt_save_is_named(tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text('{"kind": "deadtable-save", "envelope_version": 1, "game": "zombicide"')
    assert run_cli([str(broken)]) == 1
    error = capsys.readouterr().err
    assert str(broken) in error and error.count("\n") == 1


def test_the_network_layer_never_imports_the_window_libraries():
    for path in sorted(NET.glob("*.py")):
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                assert name.split(".")[0] not in {"pygame", "pygame_gui", "pymunk"}, f"{path} imports {name}"
                assert not name.startswith("game.app"), f"{path} imports {name}"
