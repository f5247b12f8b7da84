"""Zombies arriving: one spawned where a die sends it (on a roof, or stepped back off a building or
a base), and the BANG markers rolled after every activation.
"""

from __future__ import annotations

import math

from game.rules.zombieworld import commands as c
from game.rules.zombieworld.geometry import BASE_RADIUS_CM, Figure, holds_base, scatter_point
from game.rules.zombieworld.spots import spot_in_rings, spot_problem
from game.rules.zombieworld.state import ZOMBIES, Model
from game.rules.zombieworld.working import Game

SPAWN_DISTANCE_CM = 40.0


def spawn_zombie(game: Game, origin: tuple[float, float], source: str, zombie_type: str = "walker") -> Model:
    angle = game.angle()
    point, clamped = scatter_point(game.table, origin, angle, SPAWN_DISTANCE_CM, BASE_RADIUS_CM)
    on_roof = _roof_spot(game, point)
    level = 0
    if on_roof is not None:
        point, level = on_roof
    else:
        point = legal_spot(game, point, angle)
    zombie_id = f"z{game.next_zombie}"
    game.next_zombie += 1
    activated = clamped and not zombies_have_acted(game)
    model = Model(id=zombie_id, side=ZOMBIES, kind="zombie", profile=zombie_type, name="Walker",
                  x=point[0], y=point[1], activated=activated, level=level)
    game.models[zombie_id] = model
    game.order_ids.append(zombie_id)
    game.emit(c.ZombieSpawned(zombie_id, point, source, activated))
    return model


def stand_zombie(game: Game, point: tuple[float, float]) -> Model:
    """A walker standing at ``point`` from the start (a tutorial's table): no scatter, no die."""
    zombie_id = f"z{game.next_zombie}"
    game.next_zombie += 1
    model = Model(id=zombie_id, side=ZOMBIES, kind="zombie", profile="walker", name="Walker", x=point[0], y=point[1])
    game.models[zombie_id] = model
    game.order_ids.append(zombie_id)
    game.emit(c.ZombieSpawned(zombie_id, point, "scenario"))
    return model


def zombies_have_acted(game: Game) -> bool:
    return ZOMBIES in game.order[: game.turn]


def _roof_spot(game: Game, point: tuple[float, float]) -> tuple[tuple[float, float], int] | None:
    """A zombie landing on a building with a roof stands on the roof: the free spot nearest the
    point where the whole base is on it (None: no roof there, or no room)."""
    index = game.table.building_at(point)
    if index is None or not game.table.piece(index).roof:
        return None
    piece = game.table.piece(index)
    mover = Figure("new", point[0], point[1], base_cm=piece.top_cm)
    figures = game.figures()
    spot = spot_in_rings(point, lambda p: game.table.building_at(p) == index and holds_base(piece, p)
                         and not spot_problem(game, mover, p, figures), 20.0)
    return None if spot is None else (spot, piece.floors)


def legal_spot(game: Game, point: tuple[float, float], angle: float) -> tuple[float, float]:
    """Where a zombie landing at ``point`` stands: on a building without a roof, outside one of its
    doors (a random one when there are several), else one of its windows, else somewhere round it
    at random (book 18.3); off an obstacle or another base, it steps back toward where it came
    from, then sideways."""
    building = game.table.building_at(point)
    if building is not None:
        piece = game.table.piece(building)
        doors = [p for p in piece.portals if p[2] == "door"] or [p for p in piece.portals if p[2] == "window"]
        cx, cy = (piece.bounds[0] + piece.bounds[2]) / 2, (piece.bounds[1] + piece.bounds[3]) / 2
        if doors:
            a, b, _, _ = doors[game.pick(len(doors))] if len(doors) > 1 else doors[0]
            centre = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            out = math.atan2(centre[1] - cy, centre[0] - cx)
        else:
            out = game.angle()
            centre = (cx, cy)
            reach = 0.0
            while game.table.building_at((cx + math.cos(out) * reach, cy + math.sin(out) * reach)) == building:
                reach += 0.5
            centre = (cx + math.cos(out) * reach, cy + math.sin(out) * reach)
        point = (centre[0] + math.cos(out) * 1.6, centre[1] + math.sin(out) * 1.6)
        angle = out + math.pi  # stepping "back" goes on outward
    # never onto a model (issue 13): every base is in the way, not only the zombies'
    figures = [f for f in game.figures() if f.kind == "zombie" or not game.base.legacy_placement]
    mover = Figure("new", point[0], point[1])
    for step in range(0, 40):
        for turn in (0.0, 0.5, -0.5, 1.0, -1.0):
            distance = step * 1.0
            candidate = (point[0] - math.cos(angle + turn) * distance, point[1] - math.sin(angle + turn) * distance)
            if not spot_problem(game, mover, candidate, figures):
                return candidate
    return point


def end_activation(game: Game, model: Model) -> None:
    drove = game.active is not None and game.active.model == model.id and game.active.drove
    vehicle = game.riding(game.models.get(model.id, model))
    if vehicle is not None and model.seat == 0 and not drove and vehicle.moving and not vehicle.out_of_control:
        game.set_vehicle(vehicle, moving=False)  # it stopped: next time the driver rolls to activate
    game.active = None
    game.emit(c.ActivationEnded(model.id))
    bang_phase(game)


def bang_phase(game: Game) -> None:
    """After each activation: every BANG marker rolls a die per point; each 4+ brings a walker."""
    markers, game.bangs = game.bangs, []
    for bang in markers:
        dice = game.d6(bang.value)
        spawned = sum(1 for d in dice if d >= 4)
        game.emit(c.DiceRolled("BANG", "", dice, (), 4, tuple("zombie" if d >= 4 else "-" for d in dice)))
        for _ in range(spawned):
            spawn_zombie(game, (bang.x, bang.y), "bang")
        game.emit(c.BangResolved((bang.x, bang.y), spawned))


def end_activation_after_exit(game: Game, model: Model) -> None:
    game.emit(c.ActivationEnded(model.id))
    bang_phase(game)
