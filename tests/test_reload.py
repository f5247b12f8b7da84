"""The table reloads when its map is saved: the file watch, which pieces keep their place, and the
window keeping the last good board when a save is broken."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from game.app.app import DeadtableApp
from game.app.filewatch import FileWatch
from game.board.mission import load_board
from game.table.reload import carry_pieces
from game.table.state import Piece

pytestmark = pytest.mark.usefixtures("tmp_path_roots")

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures" / "maps"
WATCH_BOUND_S = 20.0  # the disk notices a change in well under a second; this only bounds a hang


def _copy_map(folder: Path) -> Path:
    for name in ("module_3x3.tmx", "tiles.tsx", "tiles.png"):
        shutil.copy(FIXTURES / name, folder / name)
    return folder / "module_3x3.tmx"


def _save_like_tiled(path: Path, text: str) -> None:
    """Tiled writes a temporary file and renames it over the map."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text)
    os.replace(temporary, path)


def test_an_injected_change_is_taken_once_and_other_files_are_ignored(tmp_path: Path) -> None:
    watched = tmp_path / "map.tmx"
    watch = FileWatch([watched], start=False)
    assert watch.take_changed() == []
    watch.notify(tmp_path / "other.tmx")
    assert watch.take_changed() == []
    watch.notify(watched)
    watch.notify(str(watched))
    assert watch.take_changed() == [watched]
    assert watch.take_changed() == []


def test_the_disk_watch_sees_a_save_by_rename(tmp_path: Path) -> None:
    path = tmp_path / "map.tmx"
    path.write_text("first")
    watch = FileWatch([path])
    try:
        _save_like_tiled(path, "second")
        deadline = time.monotonic() + WATCH_BOUND_S
        changed: list[Path] = []
        while not changed and time.monotonic() < deadline:
            changed = watch.take_changed()
            time.sleep(0.02)
        assert changed == [path]
    finally:
        watch.stop()


def _piece(piece_id: str, x: float, y: float, zone: str | None) -> Piece:
    return Piece(piece_id, "walker", "Walker", "zombie", 2.5, x, y, zone=zone)


def test_pieces_keep_their_zone_or_go_to_the_zone_under_them(tmp_path: Path) -> None:
    board = load_board(_copy_map(tmp_path))
    pieces = {"a": _piece("a", 15.0, 15.0, "T1:z5"), "b": _piece("b", 15.0, 15.0, "gone"),
              "c": _piece("c", 500.0, -3.0, "T1:z3")}
    carried, moved = carry_pieces(board, pieces)
    assert carried["a"] == pieces["a"]
    assert carried["b"].zone == "T1:z5" and (carried["b"].x_cm, carried["b"].y_cm) == (15.0, 15.0)
    assert carried["c"].zone == "T1:z3" and (carried["c"].x_cm, carried["c"].y_cm) == (board.width_cm, 0.0)
    assert [str(m) for m in moved] == ["b: zone gone is gone: now in T1:z5",
                                       "c: stood off the smaller table: brought inside its edge"]


def test_a_saved_map_reloads_under_the_pieces_and_a_broken_save_keeps_the_last_good_board(tmp_path: Path) -> None:
    path = _copy_map(tmp_path)
    app = DeadtableApp(size=(1024, 700), save_dir=tmp_path / "saves", watch_files=False)
    assert app.open_table_source(path)
    table = app.table
    assert table is not None and app.watch is not None
    survivors = sorted(p.id for p in table.state.pieces.values() if p.zone == "T1:z5")
    assert survivors  # the start zone's survivors
    app.frame(0.02, events=[])
    assert app.message is None

    text = path.read_text()
    _save_like_tiled(path, text.replace('<object id="5" type="zone"', '<object id="5" name="plaza" type="zone"'))
    app.watch.notify(path)
    app.frame(0.02, events=[])
    assert app.table is table and "T1:plaza" in table.board.zones and "T1:z5" not in table.board.zones
    assert all(table.state.pieces[p].zone == "T1:plaza" for p in survivors)
    assert app.message is not None and "pieces moved" in app.message.window_display_title
    shown = app.message.text_block.html_text
    assert all(f"{p}: zone T1:z5 is gone: now in T1:plaza" in shown for p in survivors)
    good_board = table.board
    app.message.kill()
    app.message = None

    _save_like_tiled(path, text.replace('<property name="kind" value="street"/>', '<property name="kind" value="swamp"/>', 1))
    app.watch.notify(path)
    app.frame(0.02, events=[])
    assert table.board is good_board
    assert app.message is not None and "has problems" in app.message.window_display_title
    shown = app.message.text_block.html_text
    assert "unknown zone kind 'swamp'" in shown and "The last good board stays" in shown
