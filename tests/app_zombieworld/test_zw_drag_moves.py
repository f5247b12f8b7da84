"""Moving with the tape by mouse and by finger: a drag within the allowance is played; beyond it or
through a wall the tape turns red, the drop is refused with the engine's reason and the miniature
slides back."""

from __future__ import annotations

import math

import pytest

from game.rules.zombieworld import commands as c
from tests.app_zombieworld.zw_ui import (
    finger_drag,
    game_with_spots,
    log_shows,
    mouse_drag,
    mouse_release,
    new_app,
    open_game,
    run_until,
    screen_of,
)


@pytest.fixture(scope="module")
def spots():
    return game_with_spots()


def _drag(app, scene, target, by: str, release: bool = True):
    model = scene.controller.active_model()
    start, end = screen_of(scene, model.position), screen_of(scene, target)
    if by == "mouse":
        mouse_drag(app, start, end)
        preview = scene.table.drag.preview if scene.table.drag else None
        if release:
            mouse_release(app, end)
    else:
        finger_drag(app, start, end, release=False)
        preview = scene.table.drag.preview if scene.table.drag else None
        if release:
            finger_drag_up(app, end)
    return model, preview


def finger_drag_up(app, end):
    import pygame

    w, h = app.screen.get_size()
    app.frame(1 / 60, [pygame.event.Event(pygame.FINGERUP, x=end[0] / w, y=end[1] / h, dx=0.0, dy=0.0, finger_id=3,
                                          touch_id=1, pressure=1.0)])


@pytest.mark.parametrize("by", ["mouse", "finger"])
def test_a_drag_within_the_allowance_is_played(tmp_path, spots, by):
    seed, points = spots
    app = new_app(tmp_path)
    scene = open_game(app, seed)
    allowance = scene.controller.allowance_cm(scene.controller.active_model().id)
    logged = len(scene.controller.session.log)
    model, preview = _drag(app, scene, points["within"], by)
    assert preview is not None and preview.legal
    assert 0 < preview.cost_cm <= allowance
    assert math.isclose(preview.left_cm, allowance - preview.cost_cm)
    moved = scene.controller.state.model(model.id)
    assert len(scene.controller.session.log) == logged + 1
    assert isinstance(scene.controller.session.log[-1].command, c.MoveModel)
    assert math.dist(moved.position, points["within"]) < 0.5
    assert scene.controller.state.active.remaining_cm == pytest.approx(allowance - preview.cost_cm, abs=0.3)
    assert log_shows(scene, lambda text: "moves" in text)


@pytest.mark.parametrize("by", ["mouse", "finger"])
@pytest.mark.parametrize("where", ["beyond", "wall"])
def test_a_drag_beyond_the_allowance_or_through_a_wall_is_refused_and_slides_back(tmp_path, spots, by, where):
    seed, points = spots
    app = new_app(tmp_path)
    scene = open_game(app, seed)
    before = scene.controller.state
    model, preview = _drag(app, scene, points[where], by, release=False)
    assert preview is not None and not preview.legal
    if where == "beyond":
        assert preview.cost_cm > preview.allowance_cm
        assert "cm" in preview.reason
    else:
        assert any(word in preview.reason for word in ("wall", "door", "climb", "cross", "high"))
    scene.draw(app.screen)  # the red tape and the reason are drawn while held
    if by == "mouse":
        mouse_release(app, screen_of(scene, points[where]))
    else:
        finger_drag_up(app, screen_of(scene, points[where]))
    assert scene.controller.state is before
    assert scene.status_text == f"Refused: {preview.reason}"
    assert model.id in scene.table.slides  # sliding home from the drop
    run_until(app, lambda: model.id not in scene.table.slides)
    piece = scene.table.state.pieces[model.id]
    assert math.dist(scene.table.physics.position(model.id), model.position) < 0.01
    assert (piece.x_cm, piece.y_cm) == model.position


def test_the_reach_areas_stop_at_walls_and_the_sprint_area_is_larger(tmp_path, spots):
    seed, points = spots
    app = new_app(tmp_path)
    scene = open_game(app, seed)
    model = scene.controller.active_model()
    reach = scene.controller.reach(model.id)
    assert reach is not None and len(reach.walk) == len(reach.sprint) > 8
    walk = [math.dist(p, model.position) for p in reach.walk]
    sprint = [math.dist(p, model.position) for p in reach.sprint]
    assert max(walk) <= reach.walk_cm + 1e-6
    assert all(s >= w - 0.05 for s, w in zip(sprint, walk, strict=True))  # each ray is found to 0.02 cm
    assert max(sprint) > max(walk)
    assert min(walk) < reach.walk_cm - 1  # something on the table shortens some rays
    angle = math.atan2(points["wall"][1] - model.y, points["wall"][0] - model.x) % (2 * math.pi)
    ray = round(angle / (2 * math.pi) * len(reach.walk)) % len(reach.walk)
    assert walk[ray] < math.dist(points["wall"], model.position) + 0.5
