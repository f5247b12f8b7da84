"""Saves: round trip, atomic writes that never lose the previous game, and clear errors."""

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from game import atomic
from game.atomic import atomic_write_text, backup_path
from game.table import saves
from game.table.saves import (
    AUTOSAVE_NAME,
    DEFAULT_SAVE_DIR,
    REPO_ROOT,
    SaveError,
    load_table,
    migrate,
    read_save,
    recover_table,
    save_table,
)
from game.table.state import CameraState, Piece, PieceSide, TableState

pytestmark = pytest.mark.usefixtures("tmp_path_roots")  # boards in tmp_path may be named

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"
MOMENT = datetime(2026, 11, 22, 2, 30, tzinfo=UTC)


@pytest.fixture
def board_file(tmp_path: Path) -> Path:
    board = tmp_path / "boards" / "street.tmx"
    board.parent.mkdir()
    board.write_text("<map/>", encoding="utf-8")
    return board


def make_state(source: Path, piece_count: int = 3) -> TableState:
    state = TableState(source=str(source), camera=CameraState(12.5, -3.25, 17.0))
    for i in range(1, piece_count + 1):
        side = PieceSide.SURVIVOR if i % 3 == 0 else PieceSide.ZOMBIE
        state.add(
            Piece(
                id=f"walker-{i}",
                token="walker",
                label=f"Walker {i}",
                side=side,
                base_cm=2.5,
                x_cm=i * 1.1 + 0.1,
                y_cm=-i / 3,
                facing_deg=i * 30.0 % 360,
                zone=f"1R:z{i}" if i % 2 else None,
            )
        )
    return state


def test_round_trip_keeps_every_piece_and_the_camera(tmp_path, board_file):
    state = make_state(board_file, 10)
    path = save_table(tmp_path / "game.json", state, now=MOMENT)
    loaded = load_table(path)
    assert loaded.pieces == state.pieces
    assert list(loaded.pieces) == list(state.pieces)
    assert loaded.camera == state.camera
    assert Path(loaded.source) == board_file


def test_saved_file_carries_its_header(tmp_path, board_file):
    path = save_table(tmp_path / "game.json", make_state(board_file), now=lambda: MOMENT)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema_version"] == 1
    assert data["kind"] == "deadtable-table"
    assert data["app_version"]
    assert datetime.fromisoformat(data["saved_at"].replace("Z", "+00:00")) == MOMENT
    assert data["pieces"]["walker-2"]["x_cm"] == pytest.approx(2.3)


def test_same_state_and_clock_give_the_same_bytes(tmp_path, board_file):
    a = save_table(tmp_path / "a.json", make_state(board_file), now=MOMENT)
    b = save_table(tmp_path / "b.json", make_state(board_file), now=MOMENT)
    assert a.read_bytes() == b.read_bytes()


def test_board_source_inside_the_repository_is_stored_relative(tmp_path):
    inside = REPO_ROOT / "maps" / "README.md"
    path = save_table(tmp_path / "game.json", TableState(source=str(inside)), now=MOMENT)
    assert json.loads(path.read_text())["source"] == "maps/README.md"
    assert Path(load_table(path).source) == inside


def test_board_source_outside_the_repository_is_stored_absolute(tmp_path, board_file):
    path = save_table(tmp_path / "game.json", make_state(board_file), now=MOMENT)
    assert json.loads(path.read_text())["source"] == str(board_file)


def test_default_places():
    assert DEFAULT_SAVE_DIR == REPO_ROOT / "saves"
    assert AUTOSAVE_NAME == "autosave.json"


def test_saving_again_keeps_the_previous_save_as_bak(tmp_path, board_file):
    path = tmp_path / "game.json"
    save_table(path, make_state(board_file, 2), now=MOMENT)
    first = path.read_text(encoding="utf-8")
    save_table(path, make_state(board_file, 5), now=MOMENT)
    assert backup_path(path).read_text(encoding="utf-8") == first
    assert len(load_table(path).pieces) == 5
    assert len(load_table(backup_path(path)).pieces) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["boards", "game.json", "game.json.bak", "game.json.lock"]


def test_save_creates_the_folder(tmp_path, board_file):
    path = save_table(tmp_path / "deep" / "saves" / AUTOSAVE_NAME, make_state(board_file), now=MOMENT)
    assert path.is_file()


# A write that fails half way, for every kind of save: tests/robustness/test_save_failures.py


def test_atomic_write_without_hard_links_still_keeps_a_backup(tmp_path, monkeypatch):
    target = tmp_path / "notes.txt"
    atomic_write_text(target, "one")

    def no_links(*args):
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(atomic.os, "link", no_links)
    atomic_write_text(target, "two")
    assert target.read_text() == "two"
    assert backup_path(target).read_text() == "one"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "notes.txt.bak", "notes.txt.lock"]


def test_frozen_schema_1_sample_still_loads(tmp_path, monkeypatch):
    sample = FIXTURES / "table-v1.json"
    document = read_save(sample)
    assert document.schema_version == 1
    # Resolve its board path against a stand-in repository holding that mission file.
    fake_repo = tmp_path / "repo"
    (fake_repo / "maps" / "missions").mkdir(parents=True)
    (fake_repo / "maps" / "missions" / "tutorial-2x2.toml").write_text("", encoding="utf-8")
    monkeypatch.setattr(saves, "REPO_ROOT", fake_repo)
    state = load_table(sample)
    assert Path(state.source) == fake_repo / "maps" / "missions" / "tutorial-2x2.toml"
    assert list(state.pieces) == ["survivor-1", "walker-3", "noise-1"]
    walker = state.pieces["walker-3"]
    assert (walker.x_cm, walker.y_cm, walker.facing_deg, walker.zone) == (55.0, 7.5, 270.0, "2V:z4")
    assert state.pieces["noise-1"].zone is None
    assert state.camera == CameraState(30.0, 30.0, 12.5)


def test_loading_never_writes(tmp_path, board_file):
    path = save_table(tmp_path / "game.json", make_state(board_file), now=MOMENT)
    stamp = path.stat().st_mtime_ns
    load_table(path)
    assert path.stat().st_mtime_ns == stamp
    assert sorted(p.name for p in tmp_path.iterdir()) == ["boards", "game.json", "game.json.lock"]


# --- errors --------------------------------------------------------------------------------


def write_json(tmp_path: Path, data) -> Path:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


def valid_data(board_file: Path) -> dict:
    return json.loads((FIXTURES / "table-v1.json").read_text()) | {"source": str(board_file)}


def test_corrupt_json_names_line_and_column(tmp_path):
    path = write_json(tmp_path, '{\n "schema_version": 1,\n "kind": "deadtable-table",\n "pieces": {,\n}')
    with pytest.raises(SaveError, match=r"invalid JSON at line 4, column 13") as caught:
        load_table(path)
    assert caught.value.path == str(path)


def test_foreign_json_is_not_a_deadtable_save(tmp_path):
    for data in ([1, 2, 3], {"name": "my-package", "version": "1.0"}, {"kind": "other-app"}):
        with pytest.raises(SaveError, match="not a Deadtable save"):
            load_table(write_json(tmp_path, data))


def test_binary_file_is_not_a_deadtable_save(tmp_path):
    path = tmp_path / "image.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(SaveError, match="not a Deadtable save"):
        load_table(path)


def test_newer_schema_says_a_newer_deadtable_made_it(tmp_path, board_file):
    path = write_json(tmp_path, valid_data(board_file) | {"schema_version": 7})
    with pytest.raises(SaveError, match="made by a newer Deadtable"):
        load_table(path)


def test_missing_schema_version(tmp_path, board_file):
    data = valid_data(board_file)
    del data["schema_version"]
    with pytest.raises(SaveError, match="schema_version"):
        load_table(write_json(tmp_path, data))


def test_validation_error_names_the_piece_and_the_field(tmp_path, board_file):
    data = valid_data(board_file)
    data["pieces"]["walker-3"]["x_cm"] = "left"
    with pytest.raises(SaveError, match=r"pieces\.walker-3\.x_cm: ") as caught:
        load_table(write_json(tmp_path, data))
    assert str(tmp_path / "broken.json") in str(caught.value)


def test_validation_error_for_a_bad_camera_and_unknown_fields(tmp_path, board_file):
    data = valid_data(board_file)
    data["camera"]["zoom_px_per_cm"] = 0
    data["pieces"]["noise-1"]["colour"] = "red"
    with pytest.raises(SaveError) as caught:
        load_table(write_json(tmp_path, data))
    message = str(caught.value)
    assert "camera.zoom_px_per_cm: " in message
    assert "pieces.noise-1.colour: " in message


def test_missing_board_source_is_named(tmp_path, board_file):
    data = valid_data(board_file) | {"source": "maps/missions/gone.toml"}
    with pytest.raises(SaveError, match="board source file is missing: maps/missions/gone.toml"):
        load_table(write_json(tmp_path, data))


def test_missing_save_file(tmp_path):
    with pytest.raises(SaveError, match="no such save file"):
        load_table(tmp_path / "nothing.json")


def test_unsaveable_state_is_refused_before_touching_the_file(tmp_path, board_file):
    path = save_table(tmp_path / "game.json", make_state(board_file), now=MOMENT)
    before = path.read_bytes()
    state = make_state(board_file)
    state.pieces["walker-1"].x_cm = float("nan")
    with pytest.raises(SaveError, match=r"pieces\.walker-1\.x_cm"):
        save_table(path, state, now=MOMENT)
    assert path.read_bytes() == before


def test_recover_falls_back_to_the_backup(tmp_path, board_file):
    path = tmp_path / "game.json"
    save_table(path, make_state(board_file, 4), now=MOMENT)
    save_table(path, make_state(board_file, 6), now=MOMENT)
    path.write_text('{"schema_version": 1, "ki', encoding="utf-8")  # torn by a foreign tool
    state, used = recover_table(path)
    assert used == backup_path(path)
    assert len(state.pieces) == 4
    backup_path(path).write_text("[]", encoding="utf-8")
    with pytest.raises(SaveError, match="invalid JSON"):
        recover_table(path)


# --- migrations ----------------------------------------------------------------------------


def test_migration_chain_runs_each_step_in_order():
    def one_to_two(data):
        return data | {"pieces": {pid: p | {"label": p["label"].upper()} for pid, p in data["pieces"].items()}}

    def two_to_three(data):
        data["camera"] = {"zoom_px_per_cm": data.pop("zoom")}
        return data

    old = {"schema_version": 1, "zoom": 4.0, "pieces": {"a": {"label": "ana"}}}
    new = migrate(old, migrations={1: one_to_two, 2: two_to_three}, current=3)
    assert new == {"schema_version": 3, "camera": {"zoom_px_per_cm": 4.0}, "pieces": {"a": {"label": "ANA"}}}
    assert old["schema_version"] == 1 and "zoom" in old


def test_migration_gap_is_reported():
    with pytest.raises(ValueError, match="schema 1 is too old"):
        migrate({"schema_version": 1}, migrations={}, current=2)
    with pytest.raises(ValueError, match="whole number"):
        migrate({"schema_version": "1"})


def test_round_trip_keeps_flat_tokens_and_pieces_added_from_the_tray(board_file: Path, tmp_path: Path):
    from game.board.model import Layout
    from game.table.setup import load_token_manifest
    from game.table.tray import new_piece, tray_entries

    tokens = load_token_manifest()
    entries = {entry.token: entry for entry in tray_entries(Layout.ZONES, tokens)}
    state = make_state(board_file, piece_count=2)
    for name, at in (("noise", (4.0, 5.5)), ("noise", (6.0, 1.0)), ("objective_red", (9.25, 3.0)), ("walker", (1.0, 2.0))):
        state.add(new_piece(entries[name], state, tokens, at, zone="2V:hl-w"))
    path = save_table(tmp_path / "with-tokens.json", state, now=MOMENT)
    loaded = load_table(path)
    assert loaded.pieces == state.pieces
    assert {"noise-1", "noise-2", "objective-red-1"} <= set(loaded.pieces)
    assert loaded.pieces["noise-2"].side == PieceSide.TOKEN and loaded.pieces["noise-2"].token == "noise"
    assert (loaded.pieces["objective-red-1"].x_cm, loaded.pieces["objective-red-1"].y_cm) == (9.25, 3.0)
    assert loaded.camera == state.camera
