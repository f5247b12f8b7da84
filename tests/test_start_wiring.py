"""The start screen reaches both games: Zombieworld's set-up and band builder from the box page, a
Zombieworld game started, saved and continued (by mouse and by finger), Load listing both kinds of
save, broken saves, and main.py resuming a Zombieworld save for a screenshot."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.app.app import DeadtableApp
from game.app.start_scene import StartScene, list_saves
from game.app.widgets.game_menu import GameMenu
from game.app.zombicide.game_save import mission_setup
from game.app.zombicide.game_save import save_game as save_zombicide_game
from game.app.zombieworld.band_builder import BandBuilderScene
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from game.board.mission import load_board
from game.platform import envelope, registry
from game.rules.core.session import Session
from game.rules.zombicide.engine import ZombicideRules
from game.rules.zombieworld.presets import preset_bands
from tests.app_shell.shell_ui import tap_at

REPO = Path(__file__).resolve().parents[1]
SIZE = (1280, 800)
TUTORIAL = REPO / "maps" / "missions" / "rm-tutorial-1.toml"
TOWN = REPO / "maps" / "zombieworld" / "zw-town-square.tmx"


def forget_fonts() -> None:
    """Other tests may have quit pygame: cached fonts and faces are no longer valid."""
    from game.app import render
    from game.app.widgets import dice as dice_view
    from game.app.zombieworld import dice

    render.font.cache_clear()
    dice_view._FACES.clear()
    dice._D10.clear()


@pytest.fixture
def app(tmp_path):
    application = DeadtableApp(size=SIZE, save_dir=tmp_path)
    forget_fonts()
    application.open_start()
    application.frame(0.02, events=[])
    return application


def tap_ui(app: DeadtableApp, key: str, finger: bool) -> None:
    """Tap a start screen button (pygame_gui)."""
    start = app.scenes.top
    assert isinstance(start, StartScene), type(start)
    button = start.buttons[key]
    assert button.is_enabled, key
    tap_at(app, button.rect.center, finger)


def tap_key(app: DeadtableApp, buttons, key: str, finger: bool) -> None:
    """Tap one of a Zombieworld screen's own buttons."""
    button = next(b for b in buttons.buttons if b.key == key)
    tap_at(app, button.rect.center, finger)


def settle(app: DeadtableApp, frames: int = 240) -> None:
    """Let the dice finish rolling."""
    scene = app.scenes.top
    for _ in range(frames):
        app.frame(1 / 30, events=[])
        dice = getattr(scene, "dice", None)
        if dice is None or not dice.busy:
            return


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "finger"])
def test_start_a_zombieworld_game_save_it_and_continue_it(app, tmp_path, finger):
    start = app.scenes.top
    assert start.buttons["continue"].is_enabled is False
    tap_ui(app, "new", finger)
    assert start.page == "games"
    offered = {key for key in start.buttons if key.startswith("new_")}
    assert offered == {f"new_{item.key}" for entry in registry.games() for item in entry.menu}
    tap_ui(app, "new_zombieworld", finger)
    setup = app.scenes.top
    assert isinstance(setup, ZombieworldSetupScene)
    tap_key(app, setup.buttons, "band:0", finger)
    tap_key(app, setup.buttons, "band:1", finger)
    assert len(setup.chosen) == 2
    for _ in range(3):  # scenario, table, summary
        tap_key(app, setup.buttons, "next", finger)
    assert setup.step == 3
    setup.seed = 11
    tap_key(app, setup.buttons, "next", finger)
    game = app.scenes.top
    assert isinstance(game, ZombieworldGameScene)
    assert [band_type for _, _, band_type in game.state.bands] == [band.band_type for band in setup.chosen]
    activate = game.actions.button_of_kind("activate")  # the Activate slot lists who may act
    assert activate is not None and activate.enabled
    tap_at(app, activate.rect.center, finger)
    if game.dialog is not None:
        tap_at(app, game.dialog.button_for(0).rect.center, finger)
    settle(app)
    assert len(game.controller.session.log) >= 1
    tap_key(app, game.tools, "save", finger)
    assert (tmp_path / f"zombieworld-{game.controller.table_path.stem}.json").is_file()
    played_hash = game.controller.session.hash()
    tap_key(app, game.tools, "menu", finger)
    assert isinstance(app.scenes.top, GameMenu)
    tap_at(app, app.scenes.top.buttons["save_leave"].rect.center, finger)
    start = app.scenes.top
    assert isinstance(start, StartScene) and start.page == "home"
    assert "Zombieworld" in start.buttons["continue"].text
    tap_ui(app, "continue", finger)
    resumed = app.scenes.top
    assert isinstance(resumed, ZombieworldGameScene) and resumed is not game
    assert resumed.controller.session.hash() == played_hash


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "finger"])
def test_the_band_builder_from_the_start_screen(app, finger):
    tap_ui(app, "new", finger)
    tap_ui(app, "new_band_builder", finger)
    builder = app.scenes.top
    assert isinstance(builder, BandBuilderScene)
    tap_key(app, builder.buttons, "back", finger)
    assert isinstance(app.scenes.top, StartScene)
    tap_ui(app, "new", finger)
    tap_ui(app, "new_band_builder", finger)
    builder = app.scenes.top
    tap_key(app, builder.buttons, "use", finger)
    setup = app.scenes.top
    assert isinstance(setup, ZombieworldSetupScene)
    assert [band.name for band in setup.chosen] == [builder.band().name]
    tap_key(app, setup.buttons, "back", finger)
    assert isinstance(app.scenes.top, StartScene)


def zombicide_save(folder: Path) -> Path:
    board = load_board(TUTORIAL)
    session = Session(ZombicideRules(), board, mission_setup(board, {"players": [{"seat": "A", "survivors": ["joe"]}]}),
                      seed=2)
    return save_zombicide_game(folder / "zombicide-game.json", session)


def zombieworld_save(app: DeadtableApp, folder: Path) -> tuple[Path, str]:
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 4)
    written = scene.save(folder / "zw-game.json", quiet=True)
    assert written is not None
    return written, scene.controller.session.hash()


def test_load_lists_both_games_and_opens_each(app, tmp_path):
    zc = zombicide_save(tmp_path)
    zw, zw_hash = zombieworld_save(app, tmp_path)
    os.utime(zc, (1_000_000, 1_000_000))  # the Zombieworld save is the newer one
    (tmp_path / "notes.json").write_text("{}", encoding="utf-8")
    entries = list_saves(tmp_path)
    assert [(e.path.name, e.game) for e in entries] == [("zw-game.json", "zombieworld"),
                                                        ("zombicide-game.json", "zombicide")]
    # the file that is no game save is shown greyed with its reason, and the list goes on
    assert [bad.path.name for bad in envelope.list_saves(tmp_path)[1]] == ["notes.json"]
    assert entries[0].label().startswith("Zombieworld: Town") and "round 1" in entries[0].label()
    assert entries[1].label().startswith("Zombicide: ")
    start = app.scenes.top
    start.go("home")
    assert start.buttons["continue"].text.startswith("Continue Zombieworld")
    tap_ui(app, "load", False)
    assert {"save_zw-game", "save_zombicide-game"} <= set(start.buttons)
    assert "Zombieworld" in start.buttons["save_zw-game"].text
    tap_ui(app, "save_zw-game", False)
    assert isinstance(app.scenes.top, ZombieworldGameScene)
    assert app.scenes.top.controller.session.hash() == zw_hash
    app.open_start()
    app.frame(0.02, events=[])
    app.scenes.top.go("load")
    tap_ui(app, "save_zombicide-game", True)
    assert type(app.scenes.top).__name__ == "GameScene"
    assert app.load(zw) and isinstance(app.scenes.top, ZombieworldGameScene)


def test_finished_games_are_not_continued(app, tmp_path):
    zw, _ = zombieworld_save(app, tmp_path)
    data = json.loads(zw.read_text(encoding="utf-8"))
    data["status"]["result"] = "finished"
    zw.write_text(json.dumps(data), encoding="utf-8")
    start = app.scenes.top
    start.go("home")
    assert not start.buttons["continue"].is_enabled
    start.go("load")
    assert "finished" in start.buttons["save_zw-game"].text


@pytest.mark.parametrize("damage", ["truncated", "unknown_table"])
def test_a_broken_zombieworld_save_says_why_and_changes_nothing(app, tmp_path, damage):
    zw, _ = zombieworld_save(app, tmp_path)
    text = zw.read_text(encoding="utf-8")
    if damage == "truncated":
        zw.write_text(text[: len(text) // 2], encoding="utf-8")
    else:
        data = json.loads(text)
        data["board"] = "maps/zombieworld/no-such-table.tmx"
        zw.write_text(json.dumps(data), encoding="utf-8")
    start = app.scenes.top
    assert not app.load(zw)
    assert app.scenes.top is start
    assert app.message is not None and app.message.alive()
    assert not app.resume_game(zw)
    assert app.scenes.top is start


def run_main(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(REPO / "main.py"), *args], capture_output=True, text=True, cwd=REPO,
                          env=env, timeout=120)


def test_main_resumes_a_zombieworld_save_for_a_screenshot(app, tmp_path):
    zw, _ = zombieworld_save(app, tmp_path)
    game_png, end_png = tmp_path / "game.png", tmp_path / "end.png"
    result = run_main("--save", str(zw), "--screenshot", str(game_png), "--size", "800x600")
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(game_png)).get_size() == (800, 600)
    result = run_main("--save", str(zw), "--scene", "end", "--screenshot", str(end_png), "--size", "800x600")
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(end_png)).get_size() == (800, 600)
    broken = tmp_path / "broken.json"
    broken.write_text(zw.read_text(encoding="utf-8")[:300], encoding="utf-8")
    result = run_main("--save", str(broken), "--screenshot", str(tmp_path / "no.png"))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and str(broken) in lines[0] and "JSON" in lines[0]
    assert not (tmp_path / "no.png").exists()


def test_the_end_screen_hides_the_game_panels_and_leads_to_the_start_screen(app, tmp_path):
    from game.app.zombieworld.end_scene import ZombieworldEndScene
    from game.rules.zombieworld import commands as c

    game = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 6)
    app.show(game)
    app.frame(1 / 60, [])
    shown = [e for e in app.ui.get_root_container().elements if e.visible]
    assert shown, "the game shows its log with pygame_gui"
    for _ in range(4):
        if game.controller.outcome() is not None:
            break
        game.play(c.Withdraw())
    for _ in range(400):
        app.frame(1 / 30, [])
        if isinstance(app.scenes.top, ZombieworldEndScene):
            break
    end = app.scenes.top
    assert isinstance(end, ZombieworldEndScene)
    assert not any(e.visible for e in shown)  # the log no longer draws over the result
    tap_key(app, end.buttons, "back", False)
    assert app.scenes.top is game and all(e.visible for e in shown if e.alive())
    game.show_end()
    app.frame(1 / 60, [])
    tap_key(app, app.scenes.top.buttons, "menu", True)
    assert isinstance(app.scenes.top, StartScene)
