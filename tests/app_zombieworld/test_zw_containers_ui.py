"""The rescue's containers on the window's table: drawn where the engine placed them, offered as
"Search the container" to a survivor touching one, and back after a save."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.game_words import action_labels
from game.app.zombieworld.saves import load_game, save_game
from game.rules.zombieworld.containers import CONTAINER_PROP
from game.rules.zombieworld.presets import preset_bands
from tests.app_zombieworld.zw_ui import TOWN, new_app, screen_of

CRATE = (176, 120, 62)


def _rescue(app) -> ZombieworldGameScene:
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "rescue", 4)
    app.show(scene)
    app.frame(1 / 60, [])
    return scene


def test_the_containers_are_drawn_where_the_engine_placed_them(tmp_path) -> None:
    app = new_app(tmp_path)
    scene = _rescue(app)
    assert len(scene.state.containers) >= 4
    area = scene.table_rect()
    for centre in scene.state.containers:
        x, y = screen_of(scene, centre)
        if area.collidepoint(x, y):
            assert tuple(app.screen.get_at((x + 2, y - 4)))[:3] == CRATE
    shown = [c for c in scene.state.containers if area.collidepoint(screen_of(scene, c))]
    assert shown  # the whole table is in view at the start


def test_a_survivor_touching_a_container_is_offered_to_search_it(tmp_path) -> None:
    app = new_app(tmp_path)
    for seed in range(4, 44):  # a game whose first activation passed, out of melee
        scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "rescue", seed)
        app.show(scene)
        app.frame(1 / 60, [])
        scene.tap_model(scene.controller.activatable()[0])
        scene.skip_all()
        if scene.state.active is not None and not scene.state.active.must_fight:
            break
    model = scene.controller.active_model()
    assert model is not None
    state = scene.state
    assert state.table is not None
    crate = next(p for p in state.table.pieces if p.prop == CONTAINER_PROP)
    beside = (crate.bounds[2] + 1.3, (crate.bounds[1] + crate.bounds[3]) / 2)
    moved = replace(model, x=beside[0], y=beside[1])
    session = scene.controller.session
    session._states[session._cursor] = replace(state, models=tuple(moved if m.id == model.id else m
                                                                   for m in state.models))
    scene.sync_pieces()
    app.frame(1 / 60, [])
    assert "Search the container" in [label for label, _, _ in action_labels(scene)]


def test_a_saved_rescue_comes_back_with_its_containers(tmp_path) -> None:
    app = new_app(tmp_path)
    scene = _rescue(app)
    path = save_game(tmp_path / "rescue.json", scene.controller.session, TOWN)
    session, _, _ = load_game(path)
    assert session.state.containers == scene.state.containers
    assert session.state.table is not None
    assert [p.polygon for p in session.state.table.pieces if p.prop == CONTAINER_PROP] == \
        [p.polygon for p in scene.state.table.pieces if p.prop == CONTAINER_PROP]
    pygame.quit()
