"""The Zombicide screens fit at 1000×650, 1920×1080 and 3840×2160: nothing overlaps, nothing leaves
the window, the round line stays, the card is whole, Fit keeps the room names, and a resumed game
opens with the whole board in view."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from layout_check import layout_problems, ui_rects
from test_play_scene import forget_fonts

from game.app.app import DeadtableApp
from game.app.zombicide import hooks
from game.app.zombicide.end_scene import EndScene
from game.app.zombicide.game_scene import GameScene
from game.app.zombicide.new_game_scene import ZombicideNewGameScene

REPO = Path(__file__).resolve().parents[2]
TUTORIAL = REPO / "maps" / "missions" / "rm-tutorial-1.toml"
PLAIN = REPO / "maps" / "missions" / "tutorial-2x2.toml"
SETUP = {"players": [{"seat": "P1", "survivors": ["marta", "bruno", "kasia"]},
                     {"seat": "P2", "survivors": ["juno", "ines", "nell"]}]}
SIZES = [(1000, 650), (1920, 1080), (3840, 2160)]
too_small_fails = pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")


def open_game(tmp_path: Path, size: tuple[int, int], mission: Path = TUTORIAL) -> tuple[DeadtableApp, GameScene]:
    forget_fonts()
    app = DeadtableApp(size=size, save_dir=tmp_path)
    scene = GameScene.new_game(app, mission, SETUP, 5)
    app.show(scene)
    for _ in range(3):
        app.frame(0.02, events=[])
    return app, scene


def in_view(app: DeadtableApp, rects: list) -> list:
    """The widgets a player sees: a list's buttons scrolled out of its view are clipped by it."""
    from pygame_gui.elements import UIScrollingContainer

    views = [e.rect for e in app.ui.get_sprite_group().sprites() if isinstance(e, UIScrollingContainer)]
    return [(name, rect) for name, rect in rects
            if not any(view.left <= rect.left and rect.right <= view.right + 24 and not view.contains(rect)
                       for view in views)]


def board_in_view(scene: GameScene) -> bool:
    cam, area = scene.table.camera, scene.table_rect()
    corners = [(0, 0), (scene.board.width_cm, scene.board.height_cm)]
    return all(area.collidepoint(cam.world_to_screen(corner)) for corner in corners)


@too_small_fails
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_game_screen_fits(tmp_path, size):
    app, scene = open_game(tmp_path, size)
    assert scene.tutorial is not None and scene.tutorial.visible
    rects = ui_rects(app.ui) + scene.shown_rects()
    assert layout_problems(rects, size) == []
    names = [name for name, _ in rects]
    assert "round line" in names and any(name.startswith("card slot") for name in names)  # none is dropped
    assert any(name.startswith("UIButton 'Next'") for name in names)  # the tutorial's panel
    assert board_in_view(scene)


@too_small_fails
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_fit_keeps_the_room_names(tmp_path, size):
    _, scene = open_game(tmp_path, size, PLAIN)
    scene.table.fit()
    named = {zone.id for zone in scene.board.zones.values() if zone.label and not zone.is_street_like}
    shown = {zone_id for zone_id, _, _, _ in scene.zone_label_places()}
    assert len(shown & named) >= 0.75 * len(named), sorted(named - shown)


@too_small_fails
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_survivors_and_options_pages_and_the_end_screen_fit(tmp_path, size):
    forget_fonts()
    app = DeadtableApp(size=size, save_dir=tmp_path)
    picking = ZombicideNewGameScene(app, "rue_morgue")
    app.show(picking)
    picking.go("survivors")
    app.frame(0.02, events=[])
    assert layout_problems(in_view(app, ui_rects(app.ui)), size) == []
    picking.set_players(6)  # the Options step with the most Human/Bot seat buttons
    picking.go("options")
    app.frame(0.02, events=[])
    assert all(f"seat_{n}" in picking.buttons for n in range(1, 7))
    assert layout_problems(ui_rects(app.ui), size) == []
    _, scene = open_game(tmp_path, size)
    end = EndScene(scene.app, scene.controller.session)
    scene.app.push(end)
    scene.app.frame(0.02, events=[])
    assert layout_problems(ui_rects(scene.app.ui), size) == []


def test_a_resumed_game_opens_with_the_whole_board_in_view(tmp_path):
    app, scene = open_game(tmp_path, (1920, 1080))
    saved = scene.save(tmp_path / "resume-me.json")
    assert saved is not None
    small = DeadtableApp(size=(1000, 650), save_dir=tmp_path)
    assert hooks.resume(small, saved)
    small.frame(0.02, events=[])
    resumed = small.scenes.top
    assert isinstance(resumed, GameScene) and board_in_view(resumed)
    # the window grows: the board is fitted to the new size, not left small in a corner
    before = resumed.table.camera.zoom_px_per_cm
    small.screen = pygame.display.set_mode((1920, 1080))
    small.frame(0.02, events=[pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))])
    small.frame(0.02, events=[])
    assert resumed.window_size == (1920, 1080)
    assert board_in_view(resumed) and resumed.table.camera.zoom_px_per_cm > before
