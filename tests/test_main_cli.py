"""main.py's command line: validate, screenshot, bad paths, no display."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

REPO = Path(__file__).resolve().parent.parent
MAPS = sorted((REPO / "maps" / "zombicide").glob("*.tmx"))


def run_main(*args, env_extra=None):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.update(env_extra or {})
    return subprocess.run([sys.executable, str(REPO / "main.py"), *args], capture_output=True, text=True,
                          cwd=REPO, env=env, timeout=120)


def test_validate_exit_codes(tmp_path):
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map>not really</map")
    result = run_main("--validate", str(broken))
    assert result.returncode != 0
    assert "broken.tmx" in result.stdout + result.stderr
    if MAPS:
        assert run_main("--validate", str(MAPS[0])).returncode == 0


@pytest.mark.skipif(not MAPS, reason="no shipped maps yet")
def test_screenshot_writes_a_png_of_the_requested_size(tmp_path):
    out = tmp_path / "shot.png"
    result = run_main("--map", str(MAPS[0]), "--screenshot", str(out), "--size", "640x400")
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == (640, 400)


def test_a_broken_path_gives_one_line_and_exit_1(tmp_path):
    for flag, name in (("--map", "missing.tmx"), ("--mission", "missing.toml"), ("--save", "missing.json")):
        result = run_main(flag, str(tmp_path / name), "--screenshot", str(tmp_path / "x.png"))
        assert result.returncode == 1, (flag, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and name in lines[0] and "Traceback" not in result.stderr


def test_a_corrupt_save_gives_one_line_and_exit_1(tmp_path):
    save = tmp_path / "bad.json"
    save.write_text("{ not json")
    result = run_main("--save", str(save), "--screenshot", str(tmp_path / "x.png"))
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1 and "bad.json" in result.stderr


def test_a_board_the_engine_refuses_gives_the_engines_whole_reason(tmp_path):
    fixtures = REPO / "tests" / "fixtures" / "maps"
    for name in ("tiles.tsx", "tiles.png"):
        (tmp_path / name).write_bytes((fixtures / name).read_bytes())
    lines = (fixtures / "module_3x3.tmx").read_text(encoding="utf-8").splitlines(keepends=True)
    (tmp_path / "no_start.tmx").write_text("".join(line for line in lines if 'type="start"' not in line), encoding="utf-8")
    result = run_main("--scene", "game", "--mission", str(tmp_path / "no_start.tmx"), "--allow-root", str(tmp_path),
                      "--screenshot", str(tmp_path / "x.png"))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "could not start" in lines[0]
    assert "no_start.tmx" in lines[0] and "no starting zone" in lines[0]


def test_no_display_says_so_in_one_line_and_exits_2():
    env = {"DISPLAY": "", "WAYLAND_DISPLAY": ""}
    result = run_main(env_extra=env)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "--screenshot" in lines[0]


def test_only_a_window_start_holds_the_cycle_collector(monkeypatch):
    import gc

    from game import launch as cli

    seen = []
    monkeypatch.setattr(cli, "_main", lambda argv: seen.append(gc.isenabled()) or 0)
    for argv in (["--validate", "maps"], ["simulate", "x.toml"], ["host"], ["--mission", "m.toml"]):
        assert cli.main(argv) == 0 and gc.isenabled()  # given back whatever happened
    assert seen == [True, True, True, False]
