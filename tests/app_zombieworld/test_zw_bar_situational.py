"""Zombieworld's bar when it is short of slots (1000×650, 1280×800): Decide, See the result and Done
deploying matter only in their own moment, so a greyed one never takes a slot from Items… or
Vehicles…; offered, it takes one of the last cells, and the other slots keep their places. Played by
mouse through the tutorial's first steps (both languages) and a deployment."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app.widgets.action_bar import MORE_KEY
from game.app.zombieworld.action_kinds import SITUATIONAL
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.presets import preset_bands
from tests.app_zombieworld.test_zw_tutorial import follow_the_prompt, open_from_start, settle
from tests.app_zombieworld.zw_ui import TOWN, new_app, tap

SHORT = [(1000, 650), (1280, 800)]
STEPS = 6


def slot_places(scene: ZombieworldGameScene) -> dict[str, tuple[int, int, int, int]]:
    """Each shown slot's kind and place."""
    return {slot.kind.kind: tuple(button.rect) for button in scene.actions.buttons
            for slot in [scene.actions.slots[button.key]]}


def greyed_situational(scene: ZombieworldGameScene) -> list[str]:
    return [b.label for b in scene.actions.buttons if not b.enabled
            and scene.actions.slots[b.key].kind.kind in SITUATIONAL]


@pytest.mark.parametrize("size", SHORT, ids=[f"{w}x{h}" for w, h in SHORT])
def test_the_tutorial_bar_gives_no_slot_to_a_greyed_moment(tmp_path: Path, size, both_languages) -> None:
    app = new_app(tmp_path, size)
    game = open_from_start(app)
    settle(app, game)
    places: dict[str, tuple[int, int, int, int]] = {}
    for step in range(STEPS):
        bar = game.actions
        kinds = [k.kind for k in bar.kinds if not k.fixed]
        assert len(bar.cells(bar.panel)) < len(kinds), "the bar is short of slots here"
        assert greyed_situational(game) == [], (step, greyed_situational(game))
        shown = slot_places(game)
        if size == (1280, 800):  # room for every kind but the three moments
            assert {"items", "vehicle"} <= set(shown), sorted(shown)
        for kind, rect in shown.items():  # a slot shown again is where it was
            if kind not in SITUATIONAL:
                assert places.setdefault(kind, rect) == rect, (step, kind)
        follow_the_prompt(app, game)


def test_done_deploying_takes_a_last_cell_and_leaves_the_others_in_place(tmp_path: Path) -> None:
    app = new_app(tmp_path, (1280, 800))
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 3, deploy="players", d10=(2, 9))
    app.show(scene)
    app.frame(1 / 60, [])
    bar = scene.actions
    done = bar.button_of_kind("deploy_done")
    assert done is not None and done.enabled, "Done deploying has a slot of its own while deploying"
    cells = bar.cells(bar.panel)
    shown = slot_places(scene)
    ordinary = [kind for kind in shown if kind not in SITUATIONAL and kind in {k.kind for k in bar.kinds if not k.fixed}]
    assert tuple(done.rect) == tuple(cells[len(ordinary)]), "after every other slot"
    for _ in range(2):  # each band ends its deployment by tapping it
        button = bar.button_of_kind("deploy_done")
        if button is None or not button.enabled:
            break
        tap(app, button.rect.center)
    assert any(isinstance(entry.command, c.DeploymentDone) for entry in scene.controller.session.log)
    app.frame(1 / 60, [])
    after = slot_places(scene)
    assert "deploy_done" not in after or not bar.button_of_kind("deploy_done").enabled
    for kind in ordinary:
        if kind in after:
            assert after[kind] == shown[kind], kind
    assert MORE_KEY in after
