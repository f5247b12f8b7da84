"""The working copy of a Zombieworld state for the length of one ``apply`` (``Game``), the dice, and
the small checks every concern shares (is this the model acting, is it on foot, what a vehicle is).

The rules live one concern per module, each a set of functions over a ``Game``: ``spots`` (where a
base may stand), ``equipment``, ``casualties``, ``spawning``, ``crashes``, ``shooting``,
``reactions``, ``melee``, ``searching``, ``movement``, ``climbing``, ``charges``, ``vehicles``,
``measures`` (what the window asks the engine to measure), ``zombies``, ``decisions`` (the answers
to a choice play waits for), ``rounds``, ``deploying`` (the bands' deployment), ``deployment``
(set-up) and ``legal``;
``engine`` is the public face. Each module imports only modules named before it in that list, so
there is no import circle.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import replace
from typing import Any

from game.board.model import TerrainKind
from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.core.rng import RngState, draw_floats, roll_d6
from game.rules.zombieworld.catalog import Catalog, Profile, load_catalog
from game.rules.zombieworld.commands import DecisionPending
from game.rules.zombieworld.geometry import (
    BASE_RADIUS_CM,
    ENTRY_COST_CM,
    Figure,
    Footprint,
    Table,
    base_distance,
    figure_footprint_gap,
    make_piece,
    open_ground,
)
from game.rules.zombieworld.state import (
    ZOMBIES,
    Activation,
    Decision,
    Model,
    Place,
    SeatScore,
    State,
    Vehicle,
)

CONTACT_CM = 0.05
KEPT_SIGHT_TABLES = 64  # tables with the vehicles' bodies, kept across applies while nothing moved
_SIGHT_TABLES: OrderedDict[tuple[Any, ...], tuple[Table, Table]] = OrderedDict()
STAIRS_CONTACT_CM = 2 * BASE_RADIUS_CM  # two models part-way up one flight this close in height meet


def roll_d10(rng: RngState, count: int) -> tuple[tuple[int, ...], RngState]:
    floats, rng = draw_floats(rng, count)
    return tuple(int(f * 10) + 1 for f in floats), rng


def scatter_angle(rng: RngState) -> tuple[float, RngState]:
    (value,), rng = draw_floats(rng, 1)
    return value * 2 * math.pi, rng


def check_passes(die: int, skill: int) -> bool:
    """A skill check: a 1 always passes, a 6 always fails."""
    return die == 1 or (die != 6 and die <= skill)


class Game:
    """A mutable copy of a state for one ``apply``; ``freeze`` makes the new state."""

    def __init__(self, state: State):
        self.base = state
        self.catalog: Catalog = state.catalog or load_catalog()
        self.table: Table = state.table  # type: ignore[assignment]
        self.models: dict[str, Model] = {m.id: m for m in state.models}
        self.order_ids = [m.id for m in state.models]
        self.rng = state.rng
        self.round = state.round
        self.order = state.order
        self.turn = state.turn
        self.active = state.active
        self.bangs = list(state.bangs)
        self.scores = dict(state.scores)
        self.ground = list(state.ground_items)
        self.next_zombie = state.next_zombie
        self.finished = state.finished
        self.winners = state.winners
        self.places: dict[int, Place] = {p.index: p for p in state.places}
        self.weather = state.weather
        self.sight_cm = state.sight_cm
        self.lamps_lit = state.lamps_lit
        self.pen = state.pen_zombies
        self.roster = list(state.roster)
        self.forced_d10 = state.forced_d10
        self.forced_directions = state.forced_directions
        self.fallen = list(state.fallen)
        self.departed = list(state.departed)
        self.vehicles: dict[str, Vehicle] = {v.id: v for v in state.vehicles}
        self.containers = state.containers
        self._tops: dict[tuple[float, float], float] = {}  # obstacle tops under ground-level bases
        self.events: list[Any] = []
        self.alliance_fixed = state.alliance_fixed
        self.decision = state.decision
        self.zombie_charges = state.zombie_charges
        self.charges_reacted = state.charges_reacted
        self.deploying = state.deploying
        self.deploy_order = state.deploy_order
        self.deploy_areas = state.deploy_areas
        self.deploy_spots = state.deploy_spots
        self.exits = state.exits
        self.gear_spent_cm = 0.0  # of the last path validated: cm paid from the wheels' bonus
        self.band_kind = {seat: kind for seat, kind, _ in state.bands}
        self.band_type = {seat: band_type for seat, _, band_type in state.bands}

    def freeze(self) -> State:
        self._check_gear()
        return replace(
            self.base,
            models=tuple(self.models[i] for i in self.order_ids if i in self.models),
            rng=self.rng,
            round=self.round,
            order=self.order,
            turn=self.turn,
            active=self.active,
            bangs=tuple(self.bangs),
            scores=tuple(sorted(self.scores.items())),
            ground_items=tuple(self.ground),
            next_zombie=self.next_zombie,
            finished=self.finished,
            winners=self.winners,
            places=tuple(self.places[i] for i in sorted(self.places)),
            pen_zombies=self.pen,
            roster=tuple(self.roster),
            forced_d10=self.forced_d10,
            forced_directions=self.forced_directions,
            fallen=tuple(self.fallen),
            departed=tuple(self.departed),
            containers=self.containers,
            table=self.table,
            vehicles=tuple(self.vehicles.values()),
            weather=self.weather,
            sight_cm=self.sight_cm,
            lamps_lit=self.lamps_lit,
            alliance_fixed=self.alliance_fixed,
            decision=self.decision,
            zombie_charges=self.zombie_charges,
            charges_reacted=self.charges_reacted,
            deploying=self.deploying,
            deploy_order=self.deploy_order,
            deploy_areas=self.deploy_areas,
            deploy_spots=self.deploy_spots,
            exits=self.exits,
        )

    def _check_gear(self) -> None:
        """Wheels end where they cannot go: a rider carried off open ground (a flight, taking cover),
        into a vehicle or onto stairs, or who no longer carries them, is on foot."""
        for model in list(self.models.values()):
            if not model.mounted:
                continue
            item = self.catalog.object(model.mounted)
            off = (model.mounted not in model.objects or model.vehicle or model.stairs_cm or item is None
                   or (not item.halved_off_open and (model.level or not open_ground(self.table, model.position))))
            if off:
                self.update(model, mounted="")
        if self.active is not None:
            rider = self.models.get(self.active.model)
            gear = 0.0 if rider is None or not rider.mounted else min(self.active.gear_cm, self.active.remaining_cm)
            if gear != self.active.gear_cm:
                self.active = replace(self.active, gear_cm=max(0.0, gear))

    def place(self, index: int) -> Place:
        return self.places.get(index, Place(index))

    def mark(self, index: int, **changes: Any) -> Place:
        place = replace(self.place(index), **changes)
        self.places[index] = place
        return place

    @property
    def individual(self) -> bool:
        return self.base.mode == "individual"

    # dice with events
    def d6(self, count: int) -> tuple[int, ...]:
        dice, self.rng = roll_d6(self.rng, count)
        return dice

    def d10(self, count: int) -> tuple[int, ...]:
        taken = self.forced_d10[:count]
        self.forced_d10 = self.forced_d10[len(taken):]
        dice, self.rng = roll_d10(self.rng, count - len(taken))
        return taken + dice

    def angle(self) -> float:
        """A scatter die's direction in radians (a forced one first)."""
        if self.forced_directions:
            degrees, self.forced_directions = self.forced_directions[0], self.forced_directions[1:]
            return math.radians(degrees)
        value, self.rng = scatter_angle(self.rng)
        return value

    def pick(self, count: int) -> int:
        """A random one of ``count`` (the game's seeded dice)."""
        (value,), self.rng = draw_floats(self.rng, 1)
        return min(count - 1, int(value * count))

    def emit(self, event: Any) -> None:
        self.events.append(event)

    def ask(self, decision: Decision) -> None:
        """Stop play for a player's choice (told by a DecisionPending event)."""
        self.decision = decision
        self.emit(DecisionPending(decision.kind, decision.seat, decision.model, decision.other))

    def score(self, seat: str) -> SeatScore:
        return self.scores.get(seat, SeatScore())

    def bump(self, seat: str, **changes: int | bool) -> None:
        current = self.score(seat)
        updates = {
            key: (getattr(current, key) + value if not isinstance(value, bool) else value)
            for key, value in changes.items()
        }
        self.scores[seat] = replace(current, **updates)

    # models
    def alive(self, side: str | None = None) -> list[Model]:
        return [self.models[i] for i in self.order_ids if i in self.models
                and (side is None or self.models[i].side == side)]

    def figure(self, model: Model) -> Figure:
        stairwell = -1
        if model.stairs_cm and model.ladder < 0:
            index = self.table.building_at(model.position)
            stairwell = -1 if index is None else index
        return Figure(model.id, model.x, model.y, BASE_RADIUS_CM, model.kind, self.height_of(model), stairwell)

    def height_of(self, model: Model) -> float:
        """How high the model stands: its floor (or the roof) of the building under it, or the top
        of an obstacle it stands on."""
        if model.vehicle:
            return 0.0
        if model.stairs_cm and model.ladder >= 0:
            return model.stairs_cm
        if not model.level and not model.stairs_cm:
            top = self._tops.get(model.position)
            if top is None:
                top = self.table.standing_top_cm(model.position)
                self._tops[model.position] = top
            return top
        index = self.table.building_at(model.position)
        if index is None:
            return model.stairs_cm
        return model.level * self.table.piece(index).floor_height_cm + model.stairs_cm

    def on_roof(self, model: Model) -> bool:
        index = self.table.building_at(model.position)
        return index is not None and self.table.piece(index).roof and model.level == self.table.piece(index).floors

    def figures(self) -> list[Figure]:
        """Bases on the table (riders are inside their vehicle's body, which stands for them)."""
        return [self.figure(m) for m in self.alive() if not m.vehicle]

    def figures_except(self, model_id: str) -> list[Figure]:
        """Every base on the table but this model's own (what its spot must keep clear of)."""
        return [f for f in self.figures() if f.id != model_id]

    def enemies_of(self, model: Model) -> list[Model]:
        if model.side == ZOMBIES:
            return [m for m in self.alive() if m.side != ZOMBIES]
        return [m for m in self.alive() if m.side != model.side and not self.allied(model.side, m.side)]

    def allied(self, seat: str, other: str) -> bool:
        """Two bands bound by a fixed alliance: they cannot shoot, charge or fight each other."""
        return self.alliance_fixed and ((seat, other) in self.base.alliances or (other, seat) in self.base.alliances)

    def engaged_with(self, model: Model) -> list[Model]:
        """Enemies in base contact; riders in a vehicle are never locked in melee."""
        if model.vehicle:
            return []
        if model.stairs_cm:  # part-way up: only enemies on the same flight, close above or below
            here = self.height_of(model)
            return [e for e in self.enemies_of(model) if e.stairs_cm and self.same_flight(model, e)
                    and abs(self.height_of(e) - here) <= STAIRS_CONTACT_CM + 1e-6]
        me = self.figure(model)
        return [e for e in self.enemies_of(model) if not e.vehicle and e.level == model.level and not e.stairs_cm
                and base_distance(me, self.figure(e)) <= CONTACT_CM]

    def same_flight(self, a: Model, b: Model) -> bool:
        """Both part-way up one ladder, or the stairs of one building between the same floors."""
        if a.ladder >= 0 or b.ladder >= 0:
            return a.ladder == b.ladder
        return a.level == b.level and self.table.building_at(a.position) == self.table.building_at(b.position)

    # vehicles
    def body(self, vehicle: Vehicle) -> Footprint:
        return Footprint(vehicle.x, vehicle.y, vehicle.facing, vehicle.length_cm, vehicle.width_cm)

    def riding(self, model: Model) -> Vehicle | None:
        return self.vehicles.get(model.vehicle) if model.vehicle else None

    def occupants(self, vehicle_id: str) -> list[Model]:
        return sorted((m for m in self.alive() if m.vehicle == vehicle_id), key=lambda m: m.seat)

    def driver(self, vehicle_id: str) -> Model | None:
        return next((m for m in self.occupants(vehicle_id) if m.seat == 0), None)

    def set_vehicle(self, vehicle: Vehicle, **changes: Any) -> Vehicle:
        new = replace(self.vehicles[vehicle.id], **changes)
        self.vehicles[vehicle.id] = new
        return new

    def sight_table(self, *models: Model) -> Table:
        """The table with every vehicle's body as a piece of cover of its height, except the
        vehicles the given models ride in (nobody is hidden by the car it sits in)."""
        if not self.vehicles:
            return self.table
        skip = tuple(sorted({m.vehicle for m in models if m.vehicle}))
        key = (id(self.table), skip, tuple((v.id, v.vehicle, v.x, v.y, v.facing, v.length_cm, v.width_cm)
                                           for v in self.vehicles.values()))
        kept = _SIGHT_TABLES.get(key)
        if kept is not None and kept[0] is self.table:  # the same table, not another one at a reused address
            _SIGHT_TABLES.move_to_end(key)
            return kept[1]
        pieces = list(self.table.pieces)
        for vehicle in self.vehicles.values():
            if vehicle.id in skip:
                continue
            spec = self.catalog.vehicle(vehicle.vehicle)
            pieces.append(make_piece(len(pieces), TerrainKind.COVER, self.body(vehicle).corners(),
                                     spec.height_cm if spec else 4.0, 2, spec.name if spec else "vehicle"))
        table = Table.build(self.table.width_cm, self.table.height_cm, pieces, self.table.walls)
        _SIGHT_TABLES[key] = (self.table, table)
        if len(_SIGHT_TABLES) > KEPT_SIGHT_TABLES:
            _SIGHT_TABLES.popitem(last=False)
        return table

    def gap(self, a: Model, b: Model) -> float:
        """Edge to edge between two models; a rider is measured from its vehicle's body."""
        for rider, other in ((b, a), (a, b)):
            vehicle = self.riding(rider)
            if vehicle is not None and not other.vehicle:
                return max(0.0, figure_footprint_gap(self.body(vehicle), self.figure(other)))
        return base_distance(self.figure(a), self.figure(b))

    def update(self, model: Model, **changes: Any) -> Model:
        new = replace(model, **changes)
        self.models[model.id] = new
        return new

    # profiles
    def profile(self, model: Model) -> Profile:
        if model.kind == "zombie":
            return self.catalog.zombie(model.profile).profile
        if model.kind == "dog":
            return self.catalog.dog.profile
        rank = self.catalog.rank(model.profile)
        profile = rank.wounded if model.wounds >= rank.wounded_from else rank.healthy
        if model.improvements:
            profile = profile.model_copy(update={
                "skill": profile.skill + model.improvements.count("skill"),
                "move_cm": profile.move_cm + 5 * model.improvements.count("move"),
                "combat_dice": profile.combat_dice + model.improvements.count("combat"),
            })
        return profile

    def max_wounds(self, model: Model) -> int:
        if model.kind == "zombie":
            return self.catalog.zombie(model.profile).wounds
        if model.kind == "dog":
            return self.catalog.dog.wounds
        return self.catalog.rank(model.profile).wounds

    def own_skill(self, model: Model) -> tuple[int, list[tuple[str, int]]]:
        """The model's skill and the modifiers that made it (costume, 3+ enemies)."""
        profile = self.profile(model)
        modifiers: list[tuple[str, int]] = []
        if any((o := self.catalog.object(i)) is not None and o.skill_modifier for i in model.objects):
            modifiers.append((N_("costume"), -1))
        if len(self.engaged_with(model)) >= 3:  # survivors and zombies alike (book 14.2)
            modifiers.append((N_("engaged with 3 or more"), -1))
        if self.boosted(model):
            modifiers.append((N_("stimulant"), 1))
        return max(1, profile.skill + sum(v for _, v in modifiers)), modifiers

    def boosted(self, model: Model, item: str = "") -> bool:
        """A stimulant or cigarette still working this round (``item`` narrows to one)."""
        return any(last >= self.round and (not item or name == item) for name, last in model.boosts)

    def check_skill(self, model: Model) -> tuple[int, list[tuple[str, int]]]:
        """Skill for checks: may borrow the leader's within its radius (unique bands only)."""
        skill, modifiers = self.own_skill(model)
        if model.kind == "zombie" or self.band_kind.get(model.side) != "unique" or self.individual:
            return skill, modifiers
        leader = self.leader(model.side)
        if leader is None or leader.id == model.id:
            return skill, modifiers
        radius = 20.0 if self.ability(model) == "leader_radius_20" else self.catalog.bands.rules.leader_radius_cm
        if base_distance(self.figure(model), self.figure(leader)) <= radius:
            leader_skill, _ = self.own_skill(leader)
            if leader_skill > skill:
                return leader_skill, [(N_("leader's skill"), leader_skill - skill)]
        return skill, modifiers

    def leader(self, seat: str) -> Model | None:
        for leader_seat, model_id in self.base.leaders:
            if leader_seat == seat and model_id in self.models:
                return self.models[model_id]
        return None

    def ability(self, model: Model) -> str:
        return model.ability


def need_active(game: Game, model: Model) -> Activation:
    if game.active is None or game.active.model != model.id:
        raise IllegalCommand(Said(N_("{name} is not the model acting now"), name=model.name))
    return game.active


def wheels(game: Game, model: Model) -> Any:
    """The bicycle, skateboard or skates the model rides (catalog object), or None."""
    if not model.mounted:
        return None
    return game.catalog.object(model.mounted)


def not_riding(game: Game, model: Model) -> None:
    gear = wheels(game, model)
    if gear is not None:
        raise IllegalCommand(Said(N_("{name} must take off the {gear} first") if gear.halved_off_open
                                  else N_("{name} must get off the {gear} first"), name=model.name, gear=gear))


def stairs_cost(game: Game, model: Model) -> float:
    if model.ability == "free_entry":
        return 0.0
    return entry_cost(game, model)


def vehicle_spec(game: Game, vehicle: Vehicle) -> Any:
    spec = game.catalog.vehicle(vehicle.vehicle)
    assert spec is not None
    return spec


def need_on_foot(game: Game, model: Model, stairs_ok: bool = False) -> None:
    vehicle = game.riding(model)
    if vehicle is not None:
        raise IllegalCommand(Said(N_("{name} is in the {vehicle}: get out first"), name=model.name,
                                  vehicle=vehicle_spec(game, vehicle)))
    if model.stairs_cm and not stairs_ok:
        raise IllegalCommand(Said(N_("{name} is part-way up the ladder: climb on up or back down first")
                                  if model.ladder >= 0 else N_("{name} is part-way up the stairs: climb on up or back down first"),
                                  name=model.name))


def entry_cost(game: Game, model: Model) -> float:
    if model.defect and (d := game.catalog.defect(model.defect)) is not None and d.entry_cost_cm is not None:
        return d.entry_cost_cm
    return ENTRY_COST_CM
