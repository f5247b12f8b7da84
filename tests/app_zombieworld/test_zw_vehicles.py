"""Vehicles in the window: drawn from the state, and a survivor dropped on one gets in (mouse and
finger); the rider is then shown on its seat of the body."""

from __future__ import annotations

import dataclasses
import math

import pygame
import pytest

from game.app.zombieworld.controller import _beside_body, seat_points
from game.rules.zombieworld import commands as c
from tests.app_zombieworld.test_zw_drag_moves import finger_drag_up
from tests.app_zombieworld.zw_ui import (
    finger_drag,
    log_shows,
    mouse_drag,
    mouse_release,
    new_app,
    open_game,
    screen_of,
)


def _next_to_vehicle(scene):
    """Stand the acting survivor a little way from the first vehicle's side (a test-only placement)."""
    session = scene.controller.session
    vehicle = scene.state.vehicles[0]
    model = scene.controller.active_model()
    door = _beside_body(vehicle, (vehicle.x + 10 * math.cos(vehicle.facing + math.pi / 2),
                                  vehicle.y + 10 * math.sin(vehicle.facing + math.pi / 2)))
    away = (door[0] + 2 * math.cos(vehicle.facing + math.pi / 2), door[1] + 2 * math.sin(vehicle.facing + math.pi / 2))
    moved = dataclasses.replace(model, x=away[0], y=away[1])
    state = dataclasses.replace(scene.state, models=tuple(moved if m.id == model.id else m for m in scene.state.models))
    session._states[session._cursor] = state
    scene.controller._reach_cache.clear()
    scene.sync_pieces()
    scene.table.camera.fit((vehicle.x - 15, vehicle.y - 15, 30, 30))
    return moved, vehicle


@pytest.mark.parametrize("by", ["mouse", "finger"])
def test_dropping_a_survivor_on_a_vehicle_gets_it_in(tmp_path, by):
    app = new_app(tmp_path)
    scene = open_game(app, 1)
    model, vehicle = _next_to_vehicle(scene)
    app.frame(1 / 60, [])
    assert scene.controller.template(c.BoardTemplate) is not None
    start, end = screen_of(scene, model.position), screen_of(scene, vehicle.position)
    if by == "mouse":
        mouse_drag(app, start, end)
        preview = scene.table.drag.preview
        mouse_release(app, end)
    else:
        finger_drag(app, start, end, release=False)
        preview = scene.table.drag.preview
        finger_drag_up(app, end)
    assert preview is not None and preview.legal and isinstance(preview.command, c.BoardVehicle)
    rider = scene.state.model(model.id)
    assert rider.vehicle == vehicle.id
    seats = seat_points(scene.state.vehicle(vehicle.id), scene.state.catalog.vehicle(vehicle.vehicle).seats)
    piece = scene.table.state.pieces[model.id]
    assert math.dist((piece.x_cm, piece.y_cm), seats[rider.seat]) < 0.01
    assert log_shows(scene, lambda text: "gets into the" in text)
    app.frame(1 / 60, [])
    pygame.image.save(app.screen, str(tmp_path / f"boarded-{by}.png"))


def test_a_drop_beside_the_vehicle_is_a_walk_not_a_boarding(tmp_path):
    app = new_app(tmp_path)
    scene = open_game(app, 1)
    model, vehicle = _next_to_vehicle(scene)
    far = (model.x + 6 * math.cos(vehicle.facing + math.pi / 2), model.y + 6 * math.sin(vehicle.facing + math.pi / 2))
    preview = scene.controller.move_preview(model.id, far)
    assert not isinstance(preview.command, c.BoardVehicle)
