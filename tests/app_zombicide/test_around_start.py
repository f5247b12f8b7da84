"""The start screen by mouse and by finger: new game through every step, continue, load, help; the end
screen; main.py's default scene and --screenshot with --save and --scene."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.app.app import DeadtableApp
from game.app.start_scene import StartScene
from game.app.zombicide.end_scene import EndScene, game_figures
from game.app.zombicide.game_save import mission_setup, save_game
from game.app.zombicide.new_game_scene import ZombicideNewGameScene
from game.board.mission import load_board
from game.rules.core.session import Session
from game.rules.zombicide.engine import ZombicideRules

REPO = Path(__file__).resolve().parents[2]
SIZE = (1280, 800)
TUTORIAL = REPO / "maps" / "missions" / "rm-tutorial-1.toml"


@pytest.fixture
def app(tmp_path):
    application = DeadtableApp(size=SIZE, save_dir=tmp_path)
    application.open_start()
    application.frame(0.02, events=[])
    return application


def tap(app, button, finger):
    """A tap as SDL sends it: a finger tap also arrives as mouse events marked ``touch``."""
    x, y = button.rect.center
    events = []
    if finger:
        events.append(pygame.event.Event(pygame.FINGERDOWN, touch_id=1, finger_id=1, x=x / SIZE[0], y=y / SIZE[1],
                                         dx=0.0, dy=0.0, pressure=1.0))
    events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=finger))
    app.frame(0.02, events=events)
    up = [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=finger)]
    if finger:
        up.append(pygame.event.Event(pygame.FINGERUP, touch_id=1, finger_id=1, x=x / SIZE[0], y=y / SIZE[1],
                                     dx=0.0, dy=0.0, pressure=1.0))
    app.frame(0.02, events=up)
    app.frame(0.02, events=pygame.event.get())  # the UI_BUTTON_PRESSED pygame_gui posted


def press(app, scene, key: str, finger: bool) -> None:
    """A tap on a survivor's button, the list scrolled first so that it shows (as a player would)."""
    from pygame_gui.elements import UIScrollingContainer

    button = scene.buttons[key]
    scroller = next(e for e in scene.root.get_container().elements if isinstance(e, UIScrollingContainer))
    bar = scroller.vert_scroll_bar
    if bar is not None and not scroller.rect.contains(button.rect):
        full = scroller.scrolling_height
        bar.set_scroll_from_start_percentage(max(0.0, button.relative_rect.top - 8) / full)
        for _ in range(200):
            app.frame(0.02, events=[])
            if scroller.rect.contains(scene.buttons[key].rect):
                break
    assert scroller.rect.contains(scene.buttons[key].rect), "the button scrolled into view"
    tap(app, scene.buttons[key], finger)


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "finger"])
def test_a_new_game_through_every_step(app, finger):
    start = app.scenes.top
    assert isinstance(start, StartScene) and start.page == "home"
    tap(app, start.buttons["new"], finger)
    assert start.page == "games"
    tap(app, start.buttons["new_rue_morgue"], finger)
    start = app.scenes.top  # the box's own new-game screen
    assert isinstance(start, ZombicideNewGameScene) and start.page == "mission" and start.box == "rue_morgue"
    tap(app, start.buttons["mission_rm-tutorial-2"], finger)
    assert start.mission.id == "rm-tutorial-2"
    tap(app, start.buttons["next"], finger)
    assert start.page == "survivors"
    tap(app, start.buttons["players_3"], finger)
    assert start.players == 3
    press(app, start, "survivor_marta", finger)  # the only pilot picked: the mission needs one
    assert "marta" not in start.picked and start.missing_skills() == ["helicopter_pilot"]
    assert not start.buttons["next"].is_enabled
    press(app, start, "survivor_marta", finger)
    tap(app, start.buttons["next"], finger)
    assert start.page == "options"
    tap(app, start.buttons["auto_wounds"], finger)
    assert start.auto_wounds
    seeds = {start.seed}
    tap(app, start.buttons["seed"], finger)
    seeds.add(start.seed)
    assert len(seeds) == 2
    setup = mission_setup(load_board(start.mission.path), start.choices())
    assert [p.seat for p in setup.players] == ["Player 1", "Player 2", "Player 3"]
    assert sorted(s for p in setup.players for s in p.survivors) == sorted(start.picked)
    assert setup.auto_wounds and setup.door_keys == {"blue": "blue", "pink": "pink"}
    tap(app, start.buttons["next"], finger)
    assert start not in app.scenes.scenes  # the game (or the mission's table) replaced the start screen
    assert app.scenes.top is not None


def test_back_by_button_and_escape(app):
    start = app.scenes.top
    tap(app, start.buttons["help"], False)
    assert start.page == "help"
    tap(app, start.buttons["back"], True)
    assert start.page == "home"
    tap(app, start.buttons["new"], False)
    tap(app, start.buttons["new_rue_morgue"], True)
    new_game = app.scenes.top
    new_game.go("survivors")
    escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.frame(0.02, events=[escape])
    assert new_game.page == "mission"
    tap(app, new_game.buttons["back"], False)  # Back on the first step: the start screen's list of games
    start = app.scenes.top
    assert isinstance(start, StartScene) and start.page == "games"
    app.frame(0.02, events=[escape])
    assert start.page == "home"


def test_continue_and_load_list_the_game_saves(app, tmp_path):
    start = app.scenes.top
    assert not start.buttons["continue"].is_enabled
    board = load_board(TUTORIAL)
    session = Session(ZombicideRules(), board, mission_setup(board, {"players": [{"seat": "A", "survivors": ["joe"]}]}),
                      seed=2)
    save_game(tmp_path / "zombicide-autosave.json", session)
    start.go("home")
    assert start.buttons["continue"].is_enabled and board.title in start.buttons["continue"].text
    start.go("load")
    assert "save_zombicide-autosave" in start.buttons
    tap(app, start.buttons["continue"] if "continue" in start.buttons else start.buttons["save_zombicide-autosave"],
        True)
    assert start not in app.scenes.scenes


def test_the_end_screen_shows_the_figures_and_goes_back_to_the_start(app):
    board = load_board(TUTORIAL)
    session = Session(ZombicideRules(), board, mission_setup(board, {"players": [{"seat": "A", "survivors": ["joe",
                                                                                                       "dan"]}]}), 4)
    figures = game_figures(session.state)
    assert figures.rounds == 1 and figures.kills == 0 and figures.deaths == 0 and len(figures.survivors) == 2
    end = EndScene(app, session)
    app.push(end)
    app.frame(0.02, events=[])
    assert end.title == board.title and end.panel is not None
    tap(app, end.buttons["menu"], True)
    assert isinstance(app.scenes.top, StartScene)


def run_main(*args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(REPO / "main.py"), *args], capture_output=True, text=True, cwd=REPO,
                          env=env, timeout=120)


def test_screenshots_of_the_start_the_game_and_the_end(tmp_path):
    board = load_board(TUTORIAL)
    session = Session(ZombicideRules(), board, mission_setup(board, {"players": [{"seat": "A", "survivors": ["joe"]}]}),
                      seed=2)
    save = save_game(tmp_path / "game.json", session)
    for scene in ("start", "game", "end"):
        out = tmp_path / f"{scene}.png"
        args = ["--screenshot", str(out), "--size", "800x600", "--scene", scene]
        if scene != "start":
            args += ["--save", str(save)]
        result = run_main(*args)
        assert result.returncode == 0, result.stderr
        assert pygame.image.load(str(out)).get_size() == (800, 600)
    broken = tmp_path / "broken.json"
    broken.write_text('{"kind": "deadtable-zombicide-game", "schema_version": 1, "mission": "nope.toml",'
                      ' "session": {}, "extra": {}}')
    result = run_main("--save", str(broken), "--screenshot", str(tmp_path / "x.png"))
    assert result.returncode == 1 and len(result.stderr.strip().splitlines()) == 1 and "broken.json" in result.stderr
