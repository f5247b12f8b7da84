"""Multi-leg moves: a tap with a second finger, a right-click or W pins a corner of the tape while a
miniature is dragged; the engine checks the whole path, corners included."""

from __future__ import annotations

import math

import pygame
import pytest

from game.rules.zombieworld import commands as c
from tests.app_zombieworld.zw_ui import acting_controller, new_app, open_game, screen_of

Point = tuple[float, float]


def _legs(controller) -> tuple[Point, Point, Point] | None:
    """A drop point, a corner that keeps the path within the move, and one that takes it beyond."""
    model = controller.active_model()
    allowance = controller.allowance_cm(model.id)
    for step in range(36):
        angle = step * math.pi / 18
        dx, dy = math.cos(angle), math.sin(angle)
        end = (model.x + dx * allowance * 0.4, model.y + dy * allowance * 0.4)
        near = (model.x + dx * allowance * 0.2 - dy * allowance * 0.15, model.y + dy * allowance * 0.2 + dx * allowance * 0.15)
        far = (model.x - dy * allowance * 0.7, model.y + dx * allowance * 0.7)
        if controller.move_preview(model.id, end).legal and controller.move_preview(model.id, end, [near]).legal \
                and controller.move_preview(model.id, far).legal:
            return end, near, far
    return None


@pytest.fixture(scope="module")
def setup():
    for seed in range(1, 100):
        controller = acting_controller(seed)
        if controller is not None and (legs := _legs(controller)) is not None:
            return seed, legs
    raise AssertionError("no game with room for a two-leg move")


def _mouse(kind, pos, button=1):
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def _finger(app, kind, pos, finger_id=3):
    w, h = app.screen.get_size()
    return pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=finger_id, touch_id=1,
                              pressure=1.0)


def _glide(app, by, start, end, steps=6):
    for n in range(1, steps + 1):
        pos = (round(start[0] + (end[0] - start[0]) * n / steps), round(start[1] + (end[1] - start[1]) * n / steps))
        app.frame(1 / 60, [_mouse(pygame.MOUSEMOTION, pos) if by == "mouse" else _finger(app, pygame.FINGERMOTION, pos)])


def _two_leg_drag(app, scene, corner, end, by):
    start = screen_of(scene, scene.controller.active_model().position)
    bend, stop = screen_of(scene, corner), screen_of(scene, end)
    app.frame(1 / 60, [_mouse(pygame.MOUSEBUTTONDOWN, start) if by == "mouse" else _finger(app, pygame.FINGERDOWN, start)])
    _glide(app, by, start, bend)
    if by == "mouse":
        app.frame(1 / 60, [_mouse(pygame.MOUSEBUTTONDOWN, bend, button=3)])
        app.frame(1 / 60, [_mouse(pygame.MOUSEBUTTONUP, bend, button=3)])
    else:
        elsewhere = (bend[0] + 200, bend[1] - 40)
        app.frame(1 / 60, [_finger(app, pygame.FINGERDOWN, elsewhere, finger_id=7)])
        app.frame(1 / 60, [_finger(app, pygame.FINGERUP, elsewhere, finger_id=7)])
    drag = scene.table.drag
    assert drag is not None and len(drag.waypoints) == 1
    _glide(app, by, bend, stop)
    preview = scene.table.drag.preview
    app.frame(1 / 60, [_mouse(pygame.MOUSEBUTTONUP, stop) if by == "mouse" else _finger(app, pygame.FINGERUP, stop)])
    return preview


@pytest.mark.parametrize("by", ["mouse", "finger"])
def test_a_pinned_corner_makes_a_two_leg_move(tmp_path, setup, by):
    seed, (end, near, _far) = setup
    app = new_app(tmp_path)
    scene = open_game(app, seed)
    model = scene.controller.active_model()
    straight = scene.controller.move_preview(model.id, end).cost_cm
    preview = _two_leg_drag(app, scene, near, end, by)
    assert preview.legal and preview.cost_cm > straight + 0.5
    played = scene.controller.session.log[-1].command
    assert isinstance(played, c.MoveModel) and len(played.path) == 2
    assert math.dist(played.path[0], near) < 0.5
    assert math.dist(scene.state.model(model.id).position, end) < 0.5


@pytest.mark.parametrize("by", ["mouse", "finger"])
def test_a_corner_too_far_out_is_refused_though_the_drop_alone_is_legal(tmp_path, setup, by):
    seed, (end, _near, far) = setup
    app = new_app(tmp_path)
    scene = open_game(app, seed)
    model = scene.controller.active_model()
    before = model.position
    logged = len(scene.controller.session.log)
    preview = _two_leg_drag(app, scene, far, end, by)
    assert not preview.legal and preview.cost_cm > preview.allowance_cm
    assert len(scene.controller.session.log) == logged
    assert scene.state.model(model.id).position == before
    assert scene.status_text.startswith("Refused")
