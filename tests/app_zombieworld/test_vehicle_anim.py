"""Driving in the window: the tape measures a drive as the engine does (front bumper, turns, the
engine's refusal), and the drive is animated: the car travels its legs with its driver on the seat,
a zombie run over flashes when the body reaches it and falls; a runaway into a building shakes and
shows its crash."""

from __future__ import annotations

import dataclasses
import math

import pygame
import pytest

from game.app.zombieworld.controller import seat_points
from game.rules.core.rng import force_dice
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.engine import TURN_COST_CM
from game.rules.zombieworld.state import ZOMBIES, Activation, Model
from tests.app_zombieworld.test_zw_drag_moves import finger_drag_up
from tests.app_zombieworld.zw_ui import (
    finger_drag,
    mouse_drag,
    mouse_release,
    new_app,
    open_game,
    run_until,
    screen_of,
)

# On the town square the car (v1) stands at (60.5, 27) nose south, 10 × 5 cm: its front at y 32.
SOUTH = math.pi / 2


def put_driver(scene, zombie_at=None, d10=(), dice=(), **car):
    """The acting survivor at the wheel of the running car, a walker where asked, dice fixed (a test-only
    placement on the session's current state)."""
    session = scene.controller.session
    state = scene.state
    driver_id = state.active.model
    vehicle = dataclasses.replace(state.vehicle("v1"), running=True, **car)
    models = [dataclasses.replace(m, vehicle="v1", seat=0, x=vehicle.x, y=vehicle.y) if m.id == driver_id else m
              for m in state.models if math.dist(m.position, (70, 40)) > 25 or m.id == driver_id]
    if zombie_at is not None:
        models.append(Model(id="z99", side=ZOMBIES, kind="zombie", profile="walker", name="Walker",
                            x=zombie_at[0], y=zombie_at[1]))
    state = dataclasses.replace(state, models=tuple(models), vehicles=tuple(vehicle if v.id == "v1" else v
                                                                              for v in state.vehicles),
                                active=Activation(driver_id, 10.0), rng=force_dice(state.rng, dice)).with_d10(d10)
    session._states[session._cursor] = state
    scene.controller._reach_cache.clear()
    scene.controller.selected = driver_id
    scene.sync_pieces()
    scene.table.camera.fit((vehicle.x - 30, vehicle.y - 20, 60, 60))
    scene.app.frame(1 / 60, [])
    return state.model(driver_id), vehicle


def drag_point_for(scene, driver, front):
    """Where to drop the driver so that the front bumper goes to ``front``."""
    vehicle = scene.state.vehicle(driver.vehicle)
    seat = seat_points(vehicle, scene.state.catalog.vehicle(vehicle.vehicle).seats)[0]
    bumper = (vehicle.x + math.cos(vehicle.facing) * vehicle.length_cm / 2,
              vehicle.y + math.sin(vehicle.facing) * vehicle.length_cm / 2)
    return seat, (front[0] - bumper[0] + seat[0], front[1] - bumper[1] + seat[1])


def test_the_drive_tape_measures_from_the_front_with_turns_and_the_engines_refusal(tmp_path):
    app = new_app(tmp_path)
    scene = open_game(app, 1)
    driver, car = put_driver(scene)
    seat, south = drag_point_for(scene, driver, (60.5, 50))
    mouse_drag(app, screen_of(scene, seat), screen_of(scene, south))
    preview = scene.table.drag.preview
    assert isinstance(preview.command, c.Drive) and preview.legal
    assert preview.path[0] == pytest.approx((60.5, 32))  # from the bumper, not the seat
    assert preview.cost_cm == pytest.approx(18, abs=0.3) and preview.turns == 0
    assert preview.end_pose[:2] == pytest.approx((60.5, 45), abs=0.3)
    pygame.image.save(app.screen, str(tmp_path / "drive-tape.png"))
    # a corner pinned there (right-click), then east: one turn of 10 cm on the bill
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=screen_of(scene, south), button=3)])
    _, east = drag_point_for(scene, driver, (68.5, 50))
    for n in range(1, 5):
        x0, y0 = screen_of(scene, south)
        x1, y1 = screen_of(scene, east)
        pos = (round(x0 + (x1 - x0) * n / 4), round(y0 + (y1 - y0) * n / 4))
        app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])
    preview = scene.table.drag.preview
    assert preview.turns == 1 and preview.legal
    assert preview.cost_cm == pytest.approx(18 + TURN_COST_CM + 8, abs=0.5)
    assert preview.end_pose[2] == pytest.approx(0.0, abs=0.05)
    pygame.image.save(app.screen, str(tmp_path / "drive-tape-turn.png"))
    mouse_release(app, screen_of(scene, east))
    car_after = scene.state.vehicle("v1")  # where the ghost said: front at x 68.5, facing east
    assert (car_after.x, car_after.y, car_after.facing) == pytest.approx(preview.end_pose, abs=0.05)


def test_a_drive_into_the_fountain_is_red_with_the_engines_reason(tmp_path):
    app = new_app(tmp_path)
    scene = open_game(app, 1)
    driver, car = put_driver(scene)
    seat, into = drag_point_for(scene, driver, (60.5, 60))
    finger_drag(app, screen_of(scene, seat), screen_of(scene, into), release=False)
    preview = scene.table.drag.preview
    assert not preview.legal and "Fountain" in preview.reason
    pygame.image.save(app.screen, str(tmp_path / "drive-refused.png"))
    finger_drag_up(app, screen_of(scene, into))
    assert scene.state.vehicle("v1").position == car.position


@pytest.mark.parametrize("by", ["mouse", "finger"])
def test_the_car_travels_with_its_driver_and_the_zombie_run_over_flashes_then_falls(tmp_path, by):
    app = new_app(tmp_path)
    scene = open_game(app, 1)
    driver, car = put_driver(scene, zombie_at=(60.5, 40), d10=(7,))  # 7: one less zombie
    seat, south = drag_point_for(scene, driver, (60.5, 50))
    start, end = screen_of(scene, seat), screen_of(scene, south)
    if by == "mouse":
        mouse_drag(app, start, end)
        mouse_release(app, end)
    else:
        finger_drag(app, start, end, release=False)
        finger_drag_up(app, end)
    assert scene.state.vehicle("v1").position == pytest.approx((60.5, 45), abs=0.2)
    assert "z99" not in {m.id for m in scene.state.models}
    scene.dice.clear()
    assert scene.anim.busy
    kinds = sorted({e.kind for e in scene.anim.effects})
    assert kinds == ["fall", "flash"]
    flash = next(e for e in scene.anim.effects if e.kind == "flash")
    trip = scene.anim.trips[0]
    assert trip.start_s < flash.start_s < trip.end_s  # when the body reaches the walker, not before
    halfway = (trip.start_s + trip.end_s) / 2 - scene.anim.clock_s
    app.frame(halfway, [])
    shown = next(v for v in scene.anim.shown_vehicles(scene.state.vehicles) if v.id == "v1")
    assert 27 < shown.y < 45 and shown.facing == pytest.approx(SOUTH)
    piece = scene.table.state.pieces[driver.id]
    assert (piece.x_cm, piece.y_cm) == pytest.approx(seat_points(shown, 4)[0])  # the driver rides along
    pygame.image.save(app.screen, str(tmp_path / f"drive-halfway-{by}.png"))
    app.frame(flash.start_s - scene.anim.clock_s + 0.1, [])
    pygame.image.save(app.screen, str(tmp_path / f"drive-run-over-{by}.png"))
    run_until(app, lambda: not scene.anim.busy)
    assert scene.anim.vehicle_pose("v1") is None
    final = seat_points(scene.state.vehicle("v1"), 4)[0]
    assert (piece.x_cm, piece.y_cm) == pytest.approx(final)


def test_a_runaway_into_a_building_shakes_and_says_crash(tmp_path):
    app = new_app(tmp_path)
    scene = open_game(app, 1)
    # facing east at y 30 from x 62: a walker at x 70 (D10 1: out of control), the Chemist's wall at x 76
    driver, car = put_driver(scene, zombie_at=(70, 30), d10=(1,), dice=(2,), facing=0.0, x=58.0, y=30.0)
    scene.play(c.Drive(driver.id, ((72, 30),)))
    scene.dice.clear()
    words = [e.text for e in scene.anim.effects if e.kind == "word"]
    assert "Out of control!" in words and "Crash!" in words and "Broken down" in words
    crash = next(e for e in scene.anim.effects if e.kind == "crash")
    assert crash.start_s >= max(t.end_s for t in scene.anim.trips) - 1e-9  # after the runaway's trip
    app.frame(crash.start_s - scene.anim.clock_s + 0.05, [])
    shaken = scene.anim.vehicle_pose("v1")
    assert shaken is not None and math.dist(shaken[:2], scene.state.vehicle("v1").position) > 0.05
    pygame.image.save(app.screen, str(tmp_path / "crash.png"))
    run_until(app, lambda: not scene.anim.busy)
    assert scene.anim.vehicle_pose("v1") is None  # the shake is over: the body is drawn where it stands
