"""In every game with a log panel (Zombicide, Zombieworld) the log scrolls back a few lines at a notch
of the mouse wheel over it and the Latest button, clicked, brings its last line back, through the
window's own event loop; a resumed Zombieworld game opens with its whole table in view (Zombicide's
is tested in test_layout_zombicide). City of Horror draws its public log's last lines without a panel."""

from __future__ import annotations

import pygame
from test_layout_zombicide import open_game

from game.app.widgets.log_panel import LINE_PX, WHEEL_ROWS
from game.app.zombieworld import hooks as zw_hooks
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.presets import preset_bands
from tests.app_zombieworld.zw_ui import TOWN, new_app, run_until

MOST_FRAMES = 600  # a generous bound for pygame_gui's easing


def frames_until(app, done, what: str) -> None:  # type: ignore[no-untyped-def]
    for _ in range(MOST_FRAMES):
        if done():
            return
        app.frame(1 / 60, pygame.event.get())
    assert done(), what


def wheel_then_latest(app, panel) -> None:  # type: ignore[no-untyped-def]
    """A notch of the wheel over the log scrolls it back; a click on Latest brings the end back."""
    panel.add_lines(f"an earlier line {n}" for n in range(60))  # enough history to scroll through
    frames_until(app, lambda: panel.at_end, "the log shows its last line")
    pygame.mouse.set_pos(panel.text_view.rect.center)
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=panel.text_view.rect.center, rel=(0, 0),
                                          buttons=(0, 0, 0))])
    frames_until(app, lambda: panel.text_view.hovered, "the log knows the mouse is over it")
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0,
                                          touch=False, which=0)])
    frames_until(app, lambda: panel.scrolled_back_px >= (WHEEL_ROWS - 0.5) * LINE_PX,
                 "one notch of the wheel scrolls the log back a few lines")
    latest = panel.down_button.rect.center
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=latest, rel=(0, 0), buttons=(0, 0, 0))])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=latest, button=1)])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=latest, button=1)])
    frames_until(app, lambda: panel.at_end, "Latest brings the last line back")


def test_zombicide_log_wheel_and_latest(tmp_path) -> None:
    app, scene = open_game(tmp_path, (1280, 800))
    wheel_then_latest(app, scene.log.panel)


def test_zombieworld_log_wheel_and_latest(tmp_path) -> None:
    app = new_app(tmp_path, (1280, 800))
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 3)
    app.show(scene)
    app.frame(1 / 60, [])
    wheel_then_latest(app, scene.log_panel)


def test_a_resumed_zombieworld_game_opens_with_the_whole_table_in_view(tmp_path) -> None:
    app = new_app(tmp_path, (1920, 1080))
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 3)
    app.show(scene)
    scene.play(c.Activate(scene.controller.activatable()[0]))
    run_until(app, lambda: not scene.dice.busy and not scene.anim.busy)
    scene.table.camera.zoom_at(scene.table_rect().center, 4.0)  # the player zoomed in before saving
    path = scene.save(tmp_path / "zw.json")
    assert path is not None
    for size in ((1920, 1080), (1000, 650)):
        small = new_app(tmp_path, size)
        assert zw_hooks.resume(small, path)
        resumed = small.scenes.top
        assert isinstance(resumed, ZombieworldGameScene)
        small.frame(1 / 60, [])
        area, camera = resumed.table_rect(), resumed.table.camera
        for corner in ((0, 0), (resumed.board.width_cm, resumed.board.height_cm)):
            x, y = camera.world_to_screen(corner)
            assert area.left - 1 <= x <= area.right + 1 and area.top - 1 <= y <= area.bottom + 1, (size, corner, area)
