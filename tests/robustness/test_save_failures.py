"""Saves that cannot be written say so and harm nothing: a full disk (a real refusal from the kernel,
and one at each step of the write), a read-only folder, and a second process saving the same slot.
For every kind of save: a plain table, a Zombicide game, a Zombieworld game."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game import atomic
from game.atomic import TEMP_PATTERN, backup_path, clean_stale_temps, lock_path, release_slot
from tests.robustness.save_kinds import ERRORS, KINDS, version_in, writer

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def writers():
    return {kind: writer(kind) for kind in KINDS}


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def child(*args: str, limit_file_bytes: int | None = None, stdin=None) -> subprocess.Popen:
    def limit() -> None:
        if limit_file_bytes is not None:
            import resource
            import signal

            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_file_bytes, limit_file_bytes))
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # past the limit, write() fails with EFBIG

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen([sys.executable, "-m", "tests.robustness.save_kinds", *args], cwd=REPO, env=env,
                            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=limit)


# --- a full disk -----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_a_disk_that_refuses_to_grow_the_file_keeps_the_previous_save(kind, writers, tmp_path):
    """The kernel itself refuses: the writing process may not make a file half the size of the save."""
    path = writers[kind](tmp_path / f"{kind}.json", 7)
    before = path.read_bytes()
    assert len(before) > 512
    release_slot(path)  # the child must be able to take the slot
    process = child(kind, str(path), limit_file_bytes=len(before) // 2)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert out.startswith("refused: ") and path.name in out and "could not write the save" in out
    assert "File too large" in out
    assert path.read_bytes() == before and version_in(kind, path) == 7
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("step", ["write", "fsync", "backup", "replace"])
def test_a_full_disk_at_any_step_keeps_the_previous_save(kind, step, writers, tmp_path, monkeypatch):
    path = writers[kind](tmp_path / f"{kind}.json", 1)
    writers[kind](path, 2)  # now there is a .bak of version 1
    before, backup = path.read_bytes(), backup_path(path).read_bytes()

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    if step == "write":
        real_fdopen = os.fdopen

        class HalfWriter:
            def __init__(self, handle):
                self.handle = handle

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.handle.close()

            def write(self, text):
                self.handle.write(text[: len(text) // 2])
                full()

        monkeypatch.setattr(atomic.os, "fdopen", lambda *a, **k: HalfWriter(real_fdopen(*a, **k)))
    elif step == "backup":
        monkeypatch.setattr(atomic.os, "link", full)
        monkeypatch.setattr(atomic, "open", full, raising=False)
    else:
        monkeypatch.setattr(atomic.os, step, full)
    with pytest.raises(ERRORS) as caught:
        writers[kind](path, 3)
    monkeypatch.undo()
    message = str(caught.value)
    assert path.name in message and "No space left on device" in message and "\n" not in message
    assert "the previous save is intact" in message
    assert path.read_bytes() == before and version_in(kind, path) == 2
    assert backup_path(path).read_bytes() == backup
    assert leftovers(tmp_path) == []


# --- a read-only folder ----------------------------------------------------------------------------


@contextlib.contextmanager
def read_only(folder: Path):
    """Make ``folder`` truly unwritable for this process: by its mode, or for root (who ignores
    modes) by the immutable flag; skips when neither holds."""
    undo = None
    if os.geteuid() != 0:
        folder.chmod(0o555)
        undo = lambda: folder.chmod(0o755)  # noqa: E731
    elif shutil.which("chattr") and subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode == 0:
        undo = lambda: subprocess.run(["chattr", "-i", str(folder)], check=True)  # noqa: E731
    try:
        probe_ok = False
        if undo is not None:
            try:
                with tempfile.TemporaryFile(dir=folder):
                    pass
            except OSError:
                probe_ok = True
        if not probe_ok:
            pytest.skip("cannot make a folder read-only here")
        yield
    finally:
        if undo is not None:
            undo()


@pytest.mark.parametrize("kind", KINDS)
def test_a_read_only_folder_refuses_the_save_and_keeps_the_previous_one(kind, writers, tmp_path):
    path = writers[kind](tmp_path / f"{kind}.json", 4)
    before = path.read_bytes()
    with read_only(tmp_path):
        with pytest.raises(ERRORS) as caught:
            writers[kind](path, 5)
        fresh = tmp_path / "never-saved.json"
        with pytest.raises(ERRORS):
            writers[kind](fresh, 6)
    message = str(caught.value)
    assert path.name in message and "could not write the save" in message
    assert path.read_bytes() == before and not fresh.exists()
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("kind", KINDS)
def test_a_read_only_file_system_is_told_like_any_other_refusal(kind, writers, tmp_path, monkeypatch):
    path = writers[kind](tmp_path / f"{kind}.json", 1)
    before = path.read_bytes()

    def read_only_fs(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(atomic.tempfile, "mkstemp", read_only_fs)
    with pytest.raises(ERRORS, match="Read-only file system"):
        writers[kind](path, 2)
    monkeypatch.undo()
    assert path.read_bytes() == before


# --- two writers of one slot -----------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_a_second_process_saving_the_same_slot_is_told_and_overwrites_nothing(kind, writers, tmp_path):
    path = tmp_path / f"{kind}.json"
    holder = child(kind, str(path), "hold", stdin=subprocess.PIPE)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "saved"
    theirs = path.read_bytes()
    try:
        with pytest.raises(ERRORS) as caught:
            writers[kind](path, 9)
        message = str(caught.value)
        assert path.name in message and "another Deadtable window is saving to this file" in message
        assert path.read_bytes() == theirs and version_in(kind, path) == 1
        assert lock_path(path).exists()
    finally:
        holder.communicate(input="", timeout=60)
    writers[kind](path, 9)  # the other window closed: its slot is free
    assert version_in(kind, path) == 9
    assert leftovers(tmp_path) == []


def test_one_window_saves_its_slot_again_and_again(writers, tmp_path):
    path = tmp_path / "table.json"
    for version in range(5):
        writers["table"](path, version)
    assert version_in("table", path) == 4 and version_in("table", backup_path(path)) == 3
    assert atomic.owns_slot(path)
    release_slot(path)
    assert not atomic.owns_slot(path)


# --- temporary files -------------------------------------------------------------------------------


def test_a_backup_that_already_is_the_file_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "notes.json"
    atomic.atomic_write_text(path, "one")
    os.link(path, backup_path(path))  # as a write stopped right after keeping its backup leaves it
    atomic.atomic_write_text(path, "two")
    assert path.read_text() == "two" and backup_path(path).read_text() == "one"
    assert leftovers(tmp_path) == []


def test_stale_temporary_files_of_ours_are_cleaned_when_the_app_starts(tmp_path):
    from game.app.app import DeadtableApp

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(gone.stdout)
    alive = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    campaigns = tmp_path / "campaigns"
    campaigns.mkdir()
    names = {
        "dead": tmp_path / f".game.json.{dead_pid}.abcd1234.tmp",
        "dead-backup": tmp_path / f".game.json.bak.{dead_pid}.zz_y9x8w.tmp",
        "dead-in-campaigns": campaigns / f".long-night.json.{dead_pid}.q1w2e3r4.tmp",
        "old-without-pid": tmp_path / ".table.json.k2j3h4g5.tmp",
        "alive": tmp_path / f".game.json.{alive.pid}.abcd1234.tmp",
        "fresh-without-pid": tmp_path / ".table.json.m1n2b3v4.tmp",
        "not-ours": tmp_path / "notes.tmp",
        "hidden-not-ours": tmp_path / ".settings.tmp",
        "a-save": tmp_path / "game.json",
    }
    for path in names.values():
        path.write_text("x")
    old = 1_000_000_000
    os.utime(names["old-without-pid"], (old, old))
    try:
        app = DeadtableApp(size=(320, 240), save_dir=tmp_path)
        removed = sorted(p.name for p in app.cleaned_temps)
        assert removed == sorted(names[k].name for k in ("dead", "dead-backup", "dead-in-campaigns", "old-without-pid"))
        for key in ("alive", "fresh-without-pid", "not-ours", "hidden-not-ours", "a-save"):
            assert names[key].exists(), key
        assert clean_stale_temps(tmp_path) == []
    finally:
        alive.communicate(input="", timeout=30)
    ours = sorted(p.name for p in tmp_path.iterdir() if TEMP_PATTERN.match(p.name))
    assert ours == sorted([names["alive"].name, names["fresh-without-pid"].name])
