"""Invader's tutorial played through the window as a new player would: from the start screen (New
game → Zombicide: Invader → M0 → survivors → options) by taps, every command by mouse or finger,
the xenos' phase animated at 1×; saved by the Save button, the window closed, the game continued
from the start screen, undone and redone; played on to a win that ends on the End screen.

The commands come from the planner bot; the UI driver turns each into gestures and checks the
session logged it."""

from __future__ import annotations

import sys
from pathlib import Path
from random import Random

import pygame
import pytest

from game.app.start_scene import StartScene
from game.app.zombicide import new_game_scene
from game.app.zombicide.game_scene import GameScene
from game.app.zombicide.new_game_scene import ZombicideNewGameScene

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "app_zombicide"))
from test_full_mission import (  # noqa: E402
    count_zombie_phase_beats,
    end_screen,
    game_shown,
    launch,
    play_with_bot,
    save_quit_and_continue,
)
from ui_driver import UiDriver  # noqa: E402

MISSION_ID = "inv-m0"
SIX = ("jared", "baraka", "cole", "magnus", "vivian", "mitsuki")  # the first six of the box: picked by default
WON = 24  # game and bot seed: the planner wins the tutorial with the six


def start_invader_game(driver: UiDriver) -> GameScene:
    start = driver.app.scenes.top
    assert isinstance(start, StartScene) and start.page == "home"
    driver.tap_gui(start.buttons["new"], finger=False)
    assert start.page == "games"
    driver.tap_gui(start.buttons["new_invader"], finger=True)
    start = driver.app.scenes.top
    assert isinstance(start, ZombicideNewGameScene) and start.page == "mission"
    assert [m.id for m in start.missions] == [f"inv-m{n}" for n in range(11)]  # the tutorial first, then in order
    assert start.mission is not None and start.mission.id == MISSION_ID
    assert "make_invader_maps" not in start.mission.story and start.mission.story.startswith("The book's mission")
    driver.tap_gui(start.buttons[f"mission_{MISSION_ID}"])
    driver.tap_gui(start.buttons["next"])
    assert start.page == "survivors" and start.picked == list(SIX)
    driver.tap_gui(start.buttons["players_1"])
    driver.tap_gui(start.buttons["next"])
    assert start.page == "options"
    driver.tap_gui(start.buttons["next"])
    scene = driver.scene
    assert [s.id for s in scene.controller.state.survivors] == list(SIX)
    assert scene.controller.state.box.name == "invader"
    driver.frames_until(lambda: game_shown(scene), "the new game is shown")
    lines = [text for text, _ in scene.goal_lines()]  # the box's own goal in the Goals box, in its words
    assert "Step 1: take the red objectives" in lines and any(t.startswith("Everyone escapes") for t in lines)
    return scene


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr(new_game_scene, "new_seed", lambda: WON)


def test_the_tutorial_played_to_a_win_through_the_window(tmp_path, fixed_seed):
    rng = Random(WON)
    driver = launch(tmp_path)
    scene = start_invader_game(driver)
    assert scene.controller.session.seed == WON and scene.director.speed_label() == "1×"
    beats = count_zombie_phase_beats(scene)
    play_with_bot(driver, rng, stop=lambda s: s.controller.state.round > 1)
    assert beats and max(beats) > 1, "the xenos' phase was not animated"
    driver.set_speed("Instant", finger=True)
    play_with_bot(driver, rng, stop=lambda s: s.controller.state.round > 2 or s.controller.outcome() is not None)
    if driver.scene.controller.pending is not None:
        play_with_bot(driver, rng, stop=lambda s: s.controller.pending is None)
    c = driver.scene.controller
    assert c.outcome() is None, "the bot ended the game before the save: save earlier"
    saved_hash, logged = c.session.hash(), len(c.session.log)
    driver = save_quit_and_continue(driver, tmp_path, MISSION_ID)
    c = driver.scene.controller
    assert c.state.box.name == "invader"
    driver.key(pygame.K_z, ctrl=True)
    assert len(c.session.log) == logged - 1
    driver.key(pygame.K_y, ctrl=True)
    driver.settle()
    assert c.session.hash() == saved_hash

    driver.set_speed("Instant")
    play_with_bot(driver, rng)
    assert c.outcome() == "won" and c.state.result == "won"
    end = end_screen(driver)
    assert end.figures.result == "won"
    kinds = {(device, what.split(" ")[0]) for device, what in driver.used}
    assert {("mouse", "action"), ("finger", "action")} <= kinds | {(d, "dialog") for d, _ in kinds}
