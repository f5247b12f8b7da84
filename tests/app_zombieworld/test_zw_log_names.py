"""The log names zombies by kind and number, and tells vehicles, climbs and jumps in words."""

from __future__ import annotations

import dataclasses

from game.app.zombieworld.event_text import describe, names_of
from game.rules.zombieworld import commands as c
from tests.app_zombieworld.zw_ui import acting_controller


def _state():
    for seed in range(1, 40):
        controller = acting_controller(seed)
        if controller is not None and any(m.kind == "zombie" for m in controller.state.models):
            return controller.state
    raise AssertionError("no game with a zombie on the table")


def test_zombies_are_named_by_kind_and_number_even_once_removed() -> None:
    state = _state()
    zombie = next(m for m in state.models if m.kind == "zombie")
    number = zombie.id.lstrip("z")
    spawned = describe(c.ZombieSpawned(zombie.id, zombie.position, "round"), state)
    assert spawned is not None and spawned[0].startswith(f"{zombie.name} {number} appears")
    after = dataclasses.replace(state, models=tuple(m for m in state.models if m.id != zombie.id))
    line = describe(c.ModelRemoved(zombie.id, "killed"), after, names_of(state, after))
    assert line == (f"{zombie.name} {number} is killed", "danger")
    assert zombie.id not in describe(c.ModelRemoved(zombie.id, "killed"), after)[0]


def test_vehicle_climb_and_jump_events_read_as_sentences() -> None:
    state = _state()
    survivor = next(m for m in state.models if m.kind == "survivor")
    vehicle = state.vehicles[0]
    spec = state.catalog.vehicle(vehicle.vehicle)
    boarded = describe(c.VehicleBoarded(survivor.id, vehicle.id, 0), state)
    assert boarded == (f"{survivor.name} gets into the {spec.name} (the driver's seat)", "plain")
    zombie = next(m for m in state.models if m.kind == "zombie")
    ran = describe(c.RanOver(vehicle.id, zombie.id, "out_of_control"), state)
    assert ran is not None and f"runs over {zombie.name} {zombie.id.lstrip('z')} and loses control" in ran[0]
    crash = describe(c.VehicleCrashed(vehicle.id, "scenery"), state)
    assert crash == (f"The {spec.name} crashes into the scenery", "danger")
    climbed = describe(c.Climbed(survivor.id, 1, 4.0), state)
    assert climbed == (f"{survivor.name} climbs to floor 1 (4.0 cm)", "plain")
    fell = describe(c.Jumped(survivor.id, ((1.0, 1.0),), 0, 6.0, fell=True), state)
    assert fell is not None and "falls short" in fell[0] and fell[1] == "danger"
