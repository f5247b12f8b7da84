"""Whatever lies in the save folder, the start screen opens: each good game save is listed, each bad
file is shown greyed with its one-line reason, and the lists go on (the issue's worst case: one bad
file stopped the game at its start screen)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from game.app.app import DeadtableApp
from game.app.start_scene import LABEL_CHARS, StartScene
from game.platform import envelope
from game.platform.envelope import read_envelope

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "tests" / "fixtures" / "saves"


def envelope_of(sample: str) -> dict[str, Any]:
    _, saved = read_envelope(SAMPLES / sample)
    return saved.model_dump(mode="json")


def changed(data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    copy = json.loads(json.dumps(data))
    for path, value in fields.items():
        node = copy
        *parents, last = path.split("__")
        for part in parents:
            node = node[part]
        node[last] = value
    return copy


GOOD = {
    "zombicide.json": lambda zc, zw: changed(zc, saved_at="2026-01-01T10:00:00"),  # no time zone
    "zombieworld.json": lambda zc, zw: changed(zw, saved_at="2026-01-01T10:00:00+02:00", campaign=None),  # a zone
    "odd-title.json": lambda zc, zw: changed(zc, title="Line one\nline two\tand a tab " + "x" * 300),
}
BAD_DOCUMENTS = {
    "round-abc.json": (lambda zc, zw: changed(zc, status__round="abc"), "round"),
    "year-9999.json": (lambda zc, zw: changed(zc, saved_at="9999-12-31T23:59:59-23:59"), "year 9999"),
    "nul-title.json": (lambda zc, zw: changed(zc, title="a\u0000b"), "NUL"),
    "board-outside.json": (lambda zc, zw: changed(zc, board="/etc/passwd"), "lies outside"),
    "campaign-outside.json": (lambda zc, zw: changed(zw, campaign={"path": "/etc/passwd", "name": "x",
                                                                    "games_at_start": 0}), "campaign link"),
    "newer-envelope.json": (lambda zc, zw: changed(zc, envelope_version=9), "newer Deadtable"),
    "newer-rules.json": (lambda zc, zw: changed(zw, ruleset_version="7"), "newer Deadtable"),
    "long-title.json": (lambda zc, zw: changed(zc, title="t" * 10_000), "title"),
    "unknown-game.json": (lambda zc, zw: changed(zc, game="chess"), "unknown game"),
}
BAD_BYTES = {
    "deep.json": (b'{"kind": "deadtable-save", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nest"),
    "digits.json": (b'{"kind": "deadtable-save", "round": ' + b"7" * 5000 + b"}", "digits"),
    "latin1.json": ('{"kind": "deadtable-save", "title": "café"}'.encode("latin-1"), "not UTF-8"),
    "empty.json": (b"", "invalid JSON"),
    "array.json": (b"[]", "no JSON object"),
}


@pytest.fixture
def save_dir(tmp_path: Path) -> Path:
    zc, zw = envelope_of("zombicide-game-v1.json"), envelope_of("zombieworld-game-rules2.json")
    for name, make in GOOD.items():
        (tmp_path / name).write_text(json.dumps(make(zc, zw)), encoding="utf-8")
    for name, (make, _) in BAD_DOCUMENTS.items():
        (tmp_path / name).write_text(json.dumps(make(zc, zw)), encoding="utf-8")
    for name, (data, _) in BAD_BYTES.items():
        (tmp_path / name).write_bytes(data)
    with open(tmp_path / "huge.json", "wb") as handle:  # sparse: over the size limit, never read
        handle.truncate(17 * 1024 * 1024)
    (tmp_path / "folder.json").mkdir()
    os.symlink(tmp_path / "nowhere.json", tmp_path / "dangling.json")
    os.symlink(tmp_path / "loop-b.json", tmp_path / "loop-a.json")
    os.symlink(tmp_path / "loop-a.json", tmp_path / "loop-b.json")
    (tmp_path / "table.json").write_text((SAMPLES / "table-current.json").read_text(encoding="utf-8"), encoding="utf-8")
    same = 1_700_000_000  # equal times: the list sorts on the save dates, with and without a zone
    for name in GOOD:
        os.utime(tmp_path / name, (same, same))
    return tmp_path


BAD_NAMES = {*BAD_DOCUMENTS, *BAD_BYTES, "huge.json", "folder.json", "dangling.json", "loop-a.json", "loop-b.json"}


def test_the_list_holds_every_good_save_and_every_bad_file_with_its_reason(save_dir):
    good, bad = envelope.list_saves(save_dir)
    assert sorted(info.path.name for info in good) == sorted(GOOD)
    assert sorted(entry.path.name for entry in bad) == sorted(BAD_NAMES)  # the table save is neither
    reasons = {entry.path.name: entry.reason for entry in bad}
    for name, (_, words) in {**BAD_DOCUMENTS, **BAD_BYTES}.items():
        assert words in reasons[name], (name, reasons[name])
    assert "16 MB" in reasons["huge.json"]
    assert all("\n" not in reason and len(reason) < 700 for reason in reasons.values())
    names = [info.path.name for info in good]  # newest first: 10:00 UTC came after 10:00+02:00
    assert names.index("zombicide.json") < names.index("zombieworld.json")


def test_continue_picks_the_newest_good_game(save_dir):
    newest = envelope.newest_unfinished(save_dir)
    assert newest is not None and newest.path.name in GOOD


@pytest.fixture
def app(save_dir):
    application = DeadtableApp(size=(1280, 800), save_dir=save_dir)
    yield application


def test_the_start_screen_opens_and_the_load_page_greys_each_bad_file(app, save_dir):
    app.open_start()
    app.frame(0.02, events=[])
    home = app.scenes.top
    assert isinstance(home, StartScene) and home.buttons["continue"].is_enabled
    home.go("load")
    app.frame(0.02, events=[])
    for info in home.saves:
        button = home.buttons[f"save_{info.path.stem}"]
        assert button.is_enabled and "\n" not in button.text and len(button.text) <= LABEL_CHARS
    for name in BAD_NAMES:
        button = home.buttons[f"bad_{Path(name).stem}"]
        assert not button.is_enabled
        assert button.text.startswith(name)
    assert len(home.saves) == len(GOOD) and len(home.bad_saves) == len(BAD_NAMES)


def test_opening_a_bad_save_from_the_list_says_why_and_changes_nothing(app, save_dir):
    app.open_start("load")
    before = {p.name: p.stat().st_mtime_ns for p in save_dir.iterdir() if p.is_file()}
    assert app.resume_game(save_dir / "board-outside.json") is False
    assert app.message is not None and "lies outside" in app.message.text_block.html_text
    assert isinstance(app.scenes.top, StartScene)
    assert {p.name: p.stat().st_mtime_ns for p in save_dir.iterdir() if p.is_file()} == before
