"""What the Zombieworld screens ask of a game: whose turn, what the acting survivor may do, what a
drag or a shot would cost before it is committed, and the command log (undo, redo, save).

No pygame here. Previews come from the engine itself: a move is checked by ``engine.check``, a
shot's odds by playing it on a copy of the state (``apply`` never touches its input) and reading
the modifiers and the number to reach from its ``DiceRolled`` event, so the screen shows the
numbers the engine will use.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.app.zombieworld.content_words import item_name
from game.board.model import Board
from game.i18n import N_, _
from game.rules.core.base import IllegalCommand
from game.rules.core.frozen import record
from game.rules.core.reasons import Said
from game.rules.core.session import Session
from game.rules.core.visibility import SPECTATOR, events_for
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.band import Band
from game.rules.zombieworld.engine import Reach, ZombieworldRules
from game.rules.zombieworld.geometry import BASE_RADIUS_CM
from game.rules.zombieworld.state import ZOMBIES, BandEntry, Model, State, Vehicle, ZombieworldSetup

Point = tuple[float, float]

SEATS = ("red", "blue", "green", "amber")
REACH_RAYS = 72
REACH_STEPS = 11  # halvings of the search along each ray (about 0.02 cm at 25 cm)
CONTACT_SNAP_CM = 0.6  # a drop this close to an enemy's base counts as touching it (a charge)


@record
class Outcome:
    ok: bool
    reason: str = ""
    events: tuple[Any, ...] = ()


@record
class MovePreview:
    """What dropping ``model`` at ``point`` would do: the tape's numbers and the engine's verdict."""

    model: str
    point: Point
    cost_cm: float
    allowance_cm: float
    legal: bool
    reason: str = ""
    command: Any = None
    turns: int = 0  # a drive's turns, each costing turn_cost_cm
    turn_cost_cm: float = 0.0
    path: tuple[Point, ...] = ()  # a drive: where its front bumper goes, from where it stands
    end_pose: tuple[float, float, float] | None = None  # a drive: the body's centre and facing at the end

    @property
    def left_cm(self) -> float:
        return self.allowance_cm - self.cost_cm


@record
class ShotPreview:
    """A shot before it is fired: range band, sight, cover and the chance that one die wounds."""

    shooter: str
    target: str
    weapon: str
    distance_cm: float
    range_cm: float
    band: str  # "point blank", "in range" or "out of range"
    sees: bool
    cover: str  # open, difficult or building
    shots: int
    dice: int  # dice rolled (dim light takes one away)
    needs: int  # die + bonus must reach this
    modifiers: tuple[tuple[str, int], ...]  # as the roll labels them (the skill, what made it, the shot's)
    legal: bool
    reason: str = ""
    command: Any = None
    bonus: int = 0  # what the engine adds to each die
    hit_chance: float = 0.0  # the engine's chance that one die wounds

    @property
    def chance_per_die(self) -> float:
        return self.hit_chance if self.legal and self.band != "out of range" else 0.0

    @property
    def chance_any(self) -> float:
        return 1 - (1 - self.chance_per_die) ** self.dice

    @property
    def expected_wounds(self) -> float:
        return self.chance_per_die * self.dice


def seat_entries(bands: Sequence[Band | BandEntry]) -> tuple[BandEntry, ...]:
    """Band entries with seats red, blue, ... for plain bands."""
    entries = []
    for index, band in enumerate(bands):
        entries.append(band if isinstance(band, BandEntry) else BandEntry(seat=SEATS[index], band=band))
    return tuple(entries)


@dataclass
class ZombieworldController:
    session: Session
    table_path: Path
    selected: str | None = None
    _reach_cache: dict[tuple[int, str], Reach] = field(default_factory=dict)
    _legal_for: State | None = field(default=None, repr=False)
    _legal: list[Any] = field(default_factory=list, repr=False)

    @classmethod
    def new(cls, board: Board, table_path: Path, bands: Sequence[Band | BandEntry], scenario_id: str,
            seed: int, **options: Any) -> ZombieworldController:
        setup = ZombieworldSetup(bands=seat_entries(bands), scenario=scenario_id, **options)
        return cls(Session(ZombieworldRules(), board, setup, seed), Path(table_path))

    # --- the game ----------------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def board(self) -> Board:
        return self.session.board

    @property
    def seat(self) -> str | None:
        seats = sorted(engine.current_seats(self.state))
        return seats[0] if seats else None

    def band_name(self, seat: str) -> str:
        for entry in self.session.setup_spec.bands:
            if entry.seat == seat:
                return entry.band.name
        return "Zombies" if seat == ZOMBIES else seat

    def outcome(self) -> tuple[str, ...] | None:
        return engine.outcome(self.state)

    def legal(self) -> list[Any]:
        """The engine's options for the seat to play, asked once per state (the screen asks often)."""
        state = self.state
        if self._legal_for is not state:
            seat = self.seat
            self._legal = list(engine.legal_commands(state, seat)) if seat else []
            self._legal_for = state
        return list(self._legal)

    def active_model(self) -> Model | None:
        active = self.state.active
        return self.state.model(active.model) if active is not None else None

    def model(self, model_id: str) -> Model | None:
        try:
            return self.state.model(model_id)
        except KeyError:
            return None

    def template(self, kind: type) -> Any:
        return next((o for o in self.legal() if isinstance(o, kind)), None)

    def activatable(self) -> list[str]:
        return [o.model for o in self.legal() if isinstance(o, c.Activate)]

    def play(self, command: Any) -> Outcome:
        seat = self.seat if not isinstance(command, c.Withdraw) else (self.seat or "")
        if seat is None:
            return Outcome(False, Said(N_("the game is over")) if self.outcome() is not None else Said(N_("nobody is to play")))
        try:
            events = self.shown(self.session.play(seat, command), seat)
        except IllegalCommand as refusal:
            return Outcome(False, refusal.reason)
        self._reach_cache.clear()
        active = self.state.active
        if active is not None:
            self.selected = active.model
        elif self.selected is not None and self.model(self.selected) is None:
            self.selected = None
        return Outcome(True, "", events)

    def undo(self) -> bool:
        if not self.session.can_undo():
            return False
        self.session.undo()
        self._reach_cache.clear()
        return True

    def redo(self) -> Outcome:
        entry = self.session.next_entry()
        if entry is None:
            return Outcome(False, _("nothing to redo"))
        events = self.shown(self.session.redo(), entry.seat)
        self._reach_cache.clear()
        return Outcome(True, "", events)

    def shown(self, events: Sequence[Any], seat: str) -> tuple[Any, ...]:
        """The share of ``events`` the screen may show: what ``seat`` (the one at the screen) may see,
        everything once the game is over."""
        return events_for(events, seat or SPECTATOR, revealed=self.outcome() is not None)

    # --- moving ------------------------------------------------------------------------------

    def allowance_cm(self, model_id: str) -> float:
        active = self.state.active
        return active.remaining_cm if active is not None and active.model == model_id else 0.0

    def move_command(self, model_id: str, point: Point, waypoints: Sequence[Point] = ()) -> Any:
        """A plain move, or a charge when the drop touches an enemy the model may charge."""
        path = (*waypoints, point)
        charge = self.template(c.ChargeTemplate)
        if charge is not None and charge.model == model_id:
            for target_id in charge.targets:
                target = self.model(target_id)
                if target is not None and math.dist(point, target.position) <= 2 * BASE_RADIUS_CM + CONTACT_SNAP_CM:
                    gap = math.dist(point, target.position) or 1.0
                    touch = 2 * BASE_RADIUS_CM
                    end = (target.x + (point[0] - target.x) / gap * touch, target.y + (point[1] - target.y) / gap * touch)
                    return c.Charge(model_id, target_id, (*waypoints, end))
        return c.MoveModel(model_id, path)

    def special_move(self, model: Model, point: Point, waypoints: Sequence[Point] = (),
                     prefer_jump: bool = False) -> tuple[Any, float] | None:
        """The command a drag stands for when it is not a walk: driving (the driver), getting out (a
        rider), getting in (dropped on a vehicle), jumping (see ``jump_move``); with its allowance."""
        path = (*waypoints, point)
        step = self.template(c.StepAwayTemplate)
        if step is not None and step.model == model.id:  # away from a zombie out of a vehicle
            return c.StepAway(model.id, path), step.max_cm
        if model.vehicle:
            drive = self.template(c.DriveTemplate)
            if drive is not None and drive.model == model.id:
                return c.Drive(model.id, self.front_path(model, path)), drive.max_cm
            leave = self.template(c.LeaveVehicleTemplate)
            if leave is not None and leave.model == model.id:
                return c.LeaveVehicle(model.id, path), leave.max_cm
            return None
        rider_charge = self.rider_charge(model, point, waypoints)
        if rider_charge is not None:
            return rider_charge
        for option in self.legal():
            if isinstance(option, c.BoardTemplate) and option.model == model.id:
                vehicle = self.state.vehicle(option.vehicle)
                if _inside_body(vehicle, point, slack_cm=BASE_RADIUS_CM):
                    door = _beside_body(vehicle, waypoints[-1] if waypoints else model.position)  # its near side
                    return c.BoardVehicle(model.id, vehicle.id, (*waypoints, door) if math.dist(door, model.position)
                                          > 0.3 else ()), option.max_cm
        return self.jump_move(model, point, waypoints, prefer_jump)

    def rider_charge(self, model: Model, point: Point, waypoints: Sequence[Point] = ()) -> tuple[Any, float] | None:
        """A drop on a vehicle standing still whose riders the model may charge: a charge on the
        rider seated nearest the drop, the path ending against the body on the side it comes from."""
        charge = self.template(c.ChargeTemplate)
        if charge is None or charge.model != model.id:
            return None
        catalog = self.state.catalog
        best: tuple[float, str, Vehicle] | None = None
        for target_id in charge.targets:
            rider = self.model(target_id)
            if rider is None or not rider.vehicle:
                continue
            vehicle = self.state.vehicle(rider.vehicle)
            if not _inside_body(vehicle, point, slack_cm=BASE_RADIUS_CM):
                continue
            spec = catalog.vehicle(vehicle.vehicle) if catalog is not None else None
            places = seat_points(vehicle, spec.seats if spec is not None else 4)
            seat = places[rider.seat] if 0 <= rider.seat < len(places) else (vehicle.x, vehicle.y)
            gap = math.dist(seat, point)
            if best is None or gap < best[0]:
                best = (gap, target_id, vehicle)
        if best is None:
            return None
        _, target_id, vehicle = best
        side = _beside_body(vehicle, waypoints[-1] if waypoints else model.position)
        return c.Charge(model.id, target_id, (*waypoints, side)), charge.max_cm

    def jump_move(self, model: Model, point: Point, waypoints: Sequence[Point] = (),
                  prefer_jump: bool = False) -> tuple[Any, float] | None:
        """A drag read as a jump when the engine offers one: from an upper floor or a roof, any drop
        off its own building; from the ground or an obstacle's top, a drop where a walk cannot go but
        a jump can (a roof, an upper window, another obstacle's top), or any drop with
        ``prefer_jump`` (the player asked for a jump). The landing level is the one the engine
        would accept: on a building, its floor or roof nearest the take-off height."""
        jump = self.template(c.JumpTemplate)
        table = self.state.table
        if jump is None or jump.model != model.id or waypoints or table is None:
            return None
        here = table.building_at(model.position)
        there = table.building_at(point)
        if model.level > 0:
            if there is not None and there == here and not prefer_jump:
                return None  # a walk on its own floor or roof
            return c.Jump(model.id, point, self.landing_level(model, point)), jump.max_cm
        command = c.Jump(model.id, point, self.landing_level(model, point))
        if prefer_jump:
            return command, jump.max_cm
        if there is None and table.standing_top_cm(point) <= 0:
            return None  # the ground is never a landing place: a walk
        seat = self.seat or ""
        try:
            engine.check(self.state, seat, self.move_command(model.id, point))
            return None  # a walk gets there
        except IllegalCommand:
            pass
        try:
            engine.check(self.state, seat, command)
        except IllegalCommand:
            return None
        return command, jump.max_cm

    def landing_level(self, model: Model, point: Point) -> int:
        """The level a jump to ``point`` lands on: 0 off buildings (an obstacle's top), else the
        building's upper floor or roof nearest the height the jumper stands at."""
        table = self.state.table
        index = table.building_at(point) if table is not None else None
        if index is None or table is None:
            return 0
        piece = table.piece(index)
        takeoff = engine.height_cm(self.state, model.id)
        levels = range(1, piece.top_level + 1)
        if not levels:
            return 0
        return min(levels, key=lambda level: (abs(level * piece.floor_height_cm - takeoff), -level))

    def front_path(self, driver: Model, path: Sequence[Point]) -> tuple[Point, ...]:
        """A drag of the driver (or the body) as the engine measures a drive: the front bumper
        keeps its offset from the dragged seat, so the car goes where the hand puts it."""
        vehicle = self.state.vehicle(driver.vehicle)
        spec = self.state.catalog.vehicle(vehicle.vehicle) if self.state.catalog is not None else None
        places = seat_points(vehicle, spec.seats if spec is not None else 4)
        seat = places[driver.seat] if 0 <= driver.seat < len(places) else (vehicle.x, vehicle.y)
        front = _front(vehicle)
        dx, dy = front[0] - seat[0], front[1] - seat[1]
        return tuple((x + dx, y + dy) for x, y in path)

    def drive_preview(self, model: Model, command: Any, limit_cm: float) -> MovePreview:
        """A drive measured by the engine: the front's path, its length with each turn's cost (and
        difficult ground or reversing), where the body ends; red with the engine's reason."""
        vehicle = self.state.vehicle(model.vehicle)
        shown = (_front(vehicle), *command.path)
        straight = sum(math.dist(a, b) for a, b in zip(shown, shown[1:], strict=False))
        drive = self.template(c.DriveTemplate)
        turn_cm = drive.turn_cost_cm if drive is not None else 0.0
        try:
            plan = engine.drive_plan(self.state, command)
        except IllegalCommand as refusal:
            return MovePreview(model.id, command.path[-1], straight, limit_cm, False, refusal.reason, command,
                               turn_cost_cm=turn_cm, path=shown)
        legal, reason = True, ""
        try:
            engine.check(self.state, self.seat or "", command)
        except IllegalCommand as refusal:
            legal, reason = False, refusal.reason
        return MovePreview(model.id, command.path[-1], plan.cost_cm, limit_cm, legal, reason, command, plan.turns,
                           turn_cm, shown, plan.end_pose)

    def move_preview(self, model_id: str, point: Point, waypoints: Sequence[Point] = (),
                     prefer_jump: bool = False) -> MovePreview:
        model = self.model(model_id)
        allowance = self.allowance_cm(model_id)
        if model is None:
            return MovePreview(model_id, point, 0.0, 0.0, False, "no such model")
        if self.state.deploying:
            return self.deploy_preview(model, point)
        special = self.special_move(model, point, waypoints, prefer_jump) if self.state.active is not None \
            and self.state.active.model == model_id else None
        if special is not None:
            command, limit_cm = special
            if isinstance(command, c.Drive):
                return self.drive_preview(model, command, limit_cm)
            if isinstance(command, c.Jump):  # the gap and the height climbed or dropped
                cost_cm = engine.jump_price(self.state, model_id, point, command.level).cost_cm
            elif isinstance(command, c.Charge):  # a charge on a rider ends against the body
                cost_cm = engine.move_cost(self.state, model_id, command.path).cost_cm
            else:
                cost_cm = sum(math.dist(a, b) for a, b in zip((model.position, *waypoints), (*waypoints, point),
                                                              strict=True))
            try:
                engine.check(self.state, self.seat or "", command)
            except IllegalCommand as refusal:
                return MovePreview(model_id, point, cost_cm, limit_cm, False, refusal.reason, command)
            return MovePreview(model_id, point, cost_cm, limit_cm, True, "", command)
        cost = engine.move_cost(self.state, model_id, (*waypoints, point))
        cost_cm = cost.cost_cm
        seat = self.seat
        if model.side != seat:
            owner = "the zombies" if model.side == ZOMBIES else self.band_name(model.side)
            reason = f"{model.name} belongs to {owner}: it moves in its own turn" if model.side != ZOMBIES \
                else "zombies move on their own"
            return MovePreview(model_id, point, cost_cm, allowance, False, reason)
        active = self.state.active
        if active is None or active.model != model_id:
            if model_id in self.activatable():
                reason = f"activate {model.name} first (tap it)"
            elif model.activated:
                reason = f"{model.name} has already acted this round"
            elif active is not None:
                reason = f"{self.state.model(active.model).name} is acting now"
            else:
                reason = "survivors activate in order of skill: a more skilled one goes first"
            return MovePreview(model_id, point, cost_cm, allowance, False, reason)
        if not cost.ok:
            return MovePreview(model_id, point, cost_cm, allowance, False, cost.problem)
        command = self.move_command(model_id, point, waypoints)
        try:
            engine.check(self.state, seat, command)
        except IllegalCommand as refusal:
            return MovePreview(model_id, point, cost_cm, allowance, False, refusal.reason, command)
        return MovePreview(model_id, point, cost_cm, allowance, True, "", command)

    def deploy_preview(self, model: Model, point: Point) -> MovePreview:
        """Deployment: a drop puts one of the deploying band's figures there (no cm counted)."""
        deploying = self.state.deploying[0]
        if model.side != deploying:
            reason = f"{self.band_name(deploying)} is deploying now" if model.side != ZOMBIES \
                else "zombies are not deployed"
            return MovePreview(model.id, point, 0.0, 0.0, False, reason)
        command = c.Deploy(model.id, (round(point[0], 2), round(point[1], 2)))
        try:
            engine.check(self.state, deploying, command)
        except IllegalCommand as refusal:
            return MovePreview(model.id, point, 0.0, 0.0, False, refusal.reason, command)
        return MovePreview(model.id, point, 0.0, 0.0, True, "", command)

    def reach(self, model_id: str) -> Reach | None:
        """The walk area (what is left of the move) and the sprint area (its best roll), each traced
        by the engine along straight legs from the model: stopped by walls, building sides and
        heights, priced as the rules price the model's move."""
        key = (id(self.state), model_id)
        found = self._reach_cache.get(key)
        if found is None:
            found = engine.reach(self.state, model_id, REACH_RAYS, REACH_STEPS)
            if found is not None:
                self._reach_cache[key] = found
        return found

    # --- shooting ----------------------------------------------------------------------------

    def shot_preview(self, target_id: str, shots: int | None = None) -> ShotPreview | None:
        """The odds of shooting ``target_id`` with the acting survivor's firearm; None when it cannot shoot."""
        template = self.template(c.ShootTemplate)
        target = self.model(target_id)
        if template is None or target is None:
            return None
        shooter = self.state.model(template.model)
        count = shots if shots is not None else template.shots_min
        count = max(template.shots_min, min(template.shots_max, count))
        measured = engine.shot_range(self.state, shooter.id, target_id, template.weapon, template.range_cm)
        sees = target_id in template.targets
        command = c.Shoot(shooter.id, ((target_id, count),), template.weapon)
        catalog = self.state.catalog
        weapon = item_name(catalog, template.weapon)
        base = dict(shooter=shooter.id, target=target_id, weapon=weapon, distance_cm=measured.distance_cm,
                    range_cm=template.range_cm, band=measured.band, sees=sees, cover=measured.cover, shots=count,
                    bonus=measured.bonus, hit_chance=measured.chance_per_die)
        try:
            _, events = engine.apply(self.state, self.seat or "", command)
        except IllegalCommand as refusal:
            return ShotPreview(**base, dice=0, needs=0, modifiers=(), legal=False, reason=refusal.reason,
                               command=command)
        roll = next((e for e in events if isinstance(e, c.DiceRolled) and e.purpose == "shot"
                     and e.model == shooter.id), None)
        if roll is None:  # every shot wasted: out of range
            return ShotPreview(**base, dice=count, needs=0, modifiers=(), legal=True,
                               reason=Said(N_("out of range: the shots would be wasted")), command=command)
        return ShotPreview(**base, dice=len(roll.dice), needs=roll.target, modifiers=roll.modifiers, legal=True,
                           command=command)

    def shot_targets(self) -> tuple[str, ...]:
        template = self.template(c.ShootTemplate)
        return template.targets if template is not None else ()


def _local(vehicle: Vehicle, point: Point) -> Point:
    """``point`` in the vehicle's frame: along its length (front positive) and across it."""
    dx, dy = point[0] - vehicle.x, point[1] - vehicle.y
    cos, sin = math.cos(vehicle.facing), math.sin(vehicle.facing)
    return dx * cos + dy * sin, -dx * sin + dy * cos


def _front(vehicle: Vehicle) -> Point:
    """The middle of the front bumper, where the engine measures a drive from."""
    half = vehicle.length_cm / 2
    return vehicle.x + math.cos(vehicle.facing) * half, vehicle.y + math.sin(vehicle.facing) * half


def _inside_body(vehicle: Vehicle, point: Point, slack_cm: float = 0.0) -> bool:
    along, across = _local(vehicle, point)
    return abs(along) <= vehicle.length_cm / 2 + slack_cm and abs(across) <= vehicle.width_cm / 2 + slack_cm


def _beside_body(vehicle: Vehicle, point: Point) -> Point:
    """Where a base stands against the vehicle's side nearest ``point``: at its doors."""
    along, across = _local(vehicle, point)
    along = max(-vehicle.length_cm / 2 + BASE_RADIUS_CM, min(vehicle.length_cm / 2 - BASE_RADIUS_CM, along))
    across = (vehicle.width_cm / 2 + BASE_RADIUS_CM + 0.05) * (1 if across >= 0 else -1)
    cos, sin = math.cos(vehicle.facing), math.sin(vehicle.facing)
    return vehicle.x + along * cos - across * sin, vehicle.y + along * sin + across * cos


def seat_points(vehicle: Vehicle, seats: int) -> list[Point]:
    """Where each seat's rider is drawn on the body: the driver front left, then row by row."""
    cos, sin = math.cos(vehicle.facing), math.sin(vehicle.facing)
    rows = max(1, (seats + 1) // 2)
    points = []
    for seat in range(seats):
        row, side = divmod(seat, 2)
        along = vehicle.length_cm * (0.18 - 0.5 * row / max(1, rows - 1 if rows > 1 else 1)) if rows > 1 \
            else vehicle.length_cm * 0.1
        across = (-1 if side == 0 else 1) * vehicle.width_cm * 0.22 if seats > 1 else 0.0
        points.append((vehicle.x + along * cos - across * sin, vehicle.y + along * sin + across * cos))
    return points
