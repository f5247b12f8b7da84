"""Zombieworld's action bar: End activation and Withdraw band keep their places through activations
played by taps and shortcuts (Withdraw never slides where the next Activate was), and the bar
stays inside its panel at every window size."""

from __future__ import annotations

import pygame
import pytest

from game.app.widgets.action_bar import MORE_KEY
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.presets import preset_bands
from tests.app_zombieworld.zw_ui import TOWN, activate_by_tap, new_app, tap
from tests.layout_check import layout_problems


def places(scene: ZombieworldGameScene) -> dict[str, pygame.Rect]:
    return {scene.actions.slots[b.key].kind.kind: pygame.Rect(b.rect) for b in scene.actions.buttons}


def test_fixed_slots_stay_put_through_activations_by_taps_and_shortcuts(tmp_path) -> None:
    app = new_app(tmp_path)
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 3)
    app.show(scene)
    app.frame(1 / 60, [])
    start = places(scene)
    assert {"activate", "end_activation", "withdraw", MORE_KEY} <= set(start)
    ended = 0
    for _turn in range(12):  # an activation roll may fail: enough turns for two to succeed
        acting = activate_by_tap(app, scene)
        if acting is None:
            break
        assert places(scene) == start
        if not acting:
            continue
        app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e")])
        assert isinstance(scene.controller.session.log[-1].command, c.EndActivation)
        assert places(scene) == start
        ended += 1
        if ended >= 2:
            break
    assert ended >= 2


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", [(1000, 650), (1920, 1080), (3840, 2160)])
def test_the_bar_stays_in_its_panel(tmp_path, size: tuple[int, int]) -> None:
    app = new_app(tmp_path, size)
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 3)
    app.show(scene)
    app.frame(1 / 60, [])
    panel = scene.actions_rect()
    for button in scene.actions.buttons:
        assert panel.contains(button.rect), f"{button.label!r} {button.rect} leaves the bar {panel}"
    assert not panel.colliderect(scene.table_rect())
    assert layout_problems(scene.actions.shown_rects(), size) == []


def test_a_disabled_slot_says_why_and_the_more_list_gathers_the_reasons(tmp_path) -> None:
    app = new_app(tmp_path)
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 3)
    app.show(scene)
    app.frame(1 / 60, [])
    shoot = scene.actions.button_of_kind("shoot")
    assert shoot is not None and not shoot.enabled  # nobody is acting yet
    tap(app, shoot.rect.center)
    assert scene.status_text == "Activate a model first"
    tap(app, scene.actions.button(MORE_KEY).rect.center)
    assert scene.dialog is not None and "· Shoot: Activate a model first" in scene.dialog.lines
