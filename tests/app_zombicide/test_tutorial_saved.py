"""A tutorial game saved and resumed goes on at the step it was on: the step is kept in the save's app
extras (the engine never knows it), by the Save button and by the autosave Continue reads; a step
the file does not hold (an old save, a hand-edited one) starts the tutorial from its first step."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from random import Random

import pytest

from game.app.widgets.tutorial_prompt import TutorialGuide
from game.app.zombicide import new_game_scene
from game.app.zombicide.game_scene import GameScene
from game.board.tutorial import TutorialStep

sys.path.insert(0, str(Path(__file__).parent))
from test_full_mission import game_shown, launch  # noqa: E402
from test_tutorial_newcomer import newcomer_command, start_tutorial_1  # noqa: E402


def start_tutorial(tmp_path: Path):  # type: ignore[no-untyped-def]
    driver = launch(tmp_path)
    scene = start_tutorial_1(driver)
    driver.frames_until(lambda: game_shown(scene), "the tutorial is shown")
    driver.set_speed("Instant")
    return driver, scene


def play_until_step(driver, scene, wanted: int) -> None:  # type: ignore[no-untyped-def]
    """Follow the prompts (Next, or what the newcomer does) until the tutorial is on step ``wanted``."""
    rng = Random(5)
    for _ in range(200):
        guide = scene.tutorial.guide
        if guide.index >= wanted:
            return
        step = guide.step
        if step is not None and step.until == "next" and scene.dialog is None:
            driver.tap_gui(scene.tutorial.buttons["next"], finger=rng.random() < 0.5)
        else:
            driver.perform(newcomer_command(scene))
        driver.frames_until(lambda: game_shown(scene), "the table is still")
    raise AssertionError(f"the tutorial never reached step {wanted}")


@pytest.mark.parametrize("how", ["save button", "continue"])
def test_a_resumed_tutorial_goes_on_at_its_step(tmp_path, monkeypatch, how):
    monkeypatch.setattr(new_game_scene, "new_seed", lambda: 3)
    driver, scene = start_tutorial(tmp_path)
    play_until_step(driver, scene, 3)
    step, commands = scene.tutorial.guide.index, len(scene.controller.session.log)
    assert step >= 3 and commands > 0  # past the steps to read: something was played
    if how == "save button":
        driver.tool("save", finger=False)
        saved = scene.save_path
    else:
        saved = tmp_path / "zombicide-autosave.json"
    assert saved is not None and json.loads(Path(saved).read_text())["extra"]["tutorial"] == {"step": step, "ended": False}
    # the window is closed; a new one continues the game from the start screen
    again = launch(tmp_path)
    start = again.app.scenes.top
    assert start.buttons["continue"].is_enabled
    again.tap_gui(start.buttons["continue"], finger=True)
    resumed = again.scene
    again.frames_until(lambda: game_shown(resumed), "the resumed game is shown")
    assert resumed is not scene and len(resumed.controller.session.log) == commands
    assert resumed.tutorial is not None and resumed.tutorial.guide.index == step
    assert resumed.tutorial.visible and resumed.tutorial.step == scene.tutorial.step


@pytest.mark.parametrize("progress", [None, "3", {"step": "2", "ended": False}, {"step": 99, "ended": False},
                                      {"step": -1, "ended": False}, {"step": True, "ended": False}, {"step": 1}])
def test_a_save_without_a_good_step_starts_the_tutorial_at_its_first(tmp_path, monkeypatch, progress):
    monkeypatch.setattr(new_game_scene, "new_seed", lambda: 3)
    driver, scene = start_tutorial(tmp_path)
    play_until_step(driver, scene, 2)
    driver.tool("save", finger=False)
    path = Path(scene.save_path)
    document = json.loads(path.read_text())
    document["extra"]["tutorial"] = progress
    path.write_text(json.dumps(document))
    resumed = GameScene.resume(driver.app, path)  # never fails on the extras
    assert resumed.tutorial is not None and resumed.tutorial.guide.index == 0 and not resumed.tutorial.guide.ended


def test_the_guide_restores_an_ended_tutorial_and_refuses_the_rest():
    steps = [TutorialStep(text="a"), TutorialStep(text="b")]
    guide = TutorialGuide(steps)
    guide.next()
    assert guide.progress() == {"step": 1, "ended": False}
    other = TutorialGuide(steps)
    assert other.restore(guide.progress()) and other.step == steps[1]
    guide.end()
    assert other.restore(guide.progress()) and other.ended and other.step is None
    assert not TutorialGuide(steps).restore({"step": 3, "ended": False})
