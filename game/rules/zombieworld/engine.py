"""The Zombieworld Evolution rules engine: pure functions over immutable states.

``setup(board, setup_spec, seed)`` deploys the bands and plays the first zombie generation and
initiative; ``apply`` validates a command (``check``), then plays it on a working copy so the input
state is never touched. The zombie side is an automaton: whenever its turn comes in the initiative
order it moves and fights inside ``apply``, emitting events. Every die comes from the state's
seeded RNG and appears in a ``DiceRolled`` event with its modifiers.
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import replace
from typing import Any, Literal

from game.board.model import Board, Marker, MarkerKind, TerrainKind
from game.rules.core.base import IllegalCommand
from game.rules.core.rng import RngState, draw_floats, new_rng, roll_d6
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.band import check_band, leader_order, member_ability
from game.rules.zombieworld.catalog import Catalog, Firearm, Profile, load_catalog
from game.rules.zombieworld.geometry import (
    BASE_RADIUS_CM,
    ENTRY_COST_CM,
    FREE_CLIMB_CM,
    Figure,
    Footprint,
    Table,
    base_distance,
    can_see,
    destination_problem,
    distance_to_edges,
    figure_footprint_gap,
    figure_rows,
    footprint_distance,
    footprint_problem,
    footprint_side,
    footprints_overlap,
    holds_base,
    jump_line_problem,
    make_piece,
    open_ground,
    path_cost,
    point_base_distance,
    scatter_point,
    sweep,
    target_cover,
)
from game.rules.zombieworld.scoring import exit_goal_met, winners
from game.rules.zombieworld.state import (
    ZOMBIES,
    Activation,
    BandEntry,
    Bang,
    Model,
    Place,
    SeatScore,
    State,
    Vehicle,
    ZombieworldSetup,
)

NAME = "zombieworld"
VERSION = "1"
SPAWN_DISTANCE_CM = 40.0
POINT_BLANK_CM = 5.0
FLEE_BONUS_CM = 10.0
CONTACT_CM = 0.05
SPRINT_STEP_CM = 5.0
HIGH_GROUND_CM = 10.0  # a shooter this much higher than its target gets +1
JUMP_GAP_CM = 10.0
JUMP_HEIGHT_CM = 5.0
JUMP_MOMENTUM_CM = 5.0
FALL_WOUND_CM = 5.0  # one wound per full 5 cm fallen
LANDING_CHECK_ABOVE_CM = 5.0  # a jump over a drop deeper than this needs a landing check
LADDER_TOP_REACH_CM = BASE_RADIUS_CM + 1.0  # on a roof, this close to a ladder's piece to go down it
STAIRS_CONTACT_CM = 2 * BASE_RADIUS_CM  # two models part-way up one flight this close in height meet


# --- dice ---------------------------------------------------------------------------------------


def roll_d10(rng: RngState, count: int) -> tuple[tuple[int, ...], RngState]:
    floats, rng = draw_floats(rng, count)
    return tuple(int(f * 10) + 1 for f in floats), rng


def scatter_angle(rng: RngState) -> tuple[float, RngState]:
    (value,), rng = draw_floats(rng, 1)
    return value * 2 * math.pi, rng


def check_passes(die: int, skill: int) -> bool:
    """A skill check: a 1 always passes, a 6 always fails."""
    return die == 1 or (die != 6 and die <= skill)


# --- the working copy ---------------------------------------------------------------------------


class _Game:
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
        self.fallen = list(state.fallen)
        self.departed = list(state.departed)
        self.vehicles: dict[str, Vehicle] = {v.id: v for v in state.vehicles}
        self._sight_tables: dict[Any, Table] = {}
        self._tops: dict[tuple[float, float], float] = {}  # obstacle tops under ground-level bases
        self.events: list[Any] = []
        self.alliance_fixed = state.alliance_fixed
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
            fallen=tuple(self.fallen),
            departed=tuple(self.departed),
            vehicles=tuple(self.vehicles.values()),
            weather=self.weather,
            sight_cm=self.sight_cm,
            lamps_lit=self.lamps_lit,
            alliance_fixed=self.alliance_fixed,
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
        value, self.rng = scatter_angle(self.rng)
        return value

    def emit(self, event: Any) -> None:
        self.events.append(event)

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
        key = (skip, tuple((v.id, v.x, v.y, v.facing) for v in self.vehicles.values()))
        table = self._sight_tables.get(key)
        if table is None:
            pieces = list(self.table.pieces)
            for vehicle in self.vehicles.values():
                if vehicle.id in skip:
                    continue
                spec = self.catalog.vehicle(vehicle.vehicle)
                pieces.append(make_piece(len(pieces), TerrainKind.COVER, self.body(vehicle).corners(),
                                         spec.height_cm if spec else 4.0, 2, spec.name if spec else "vehicle"))
            table = Table.build(self.table.width_cm, self.table.height_cm, pieces, self.table.walls)
            self._sight_tables[key] = table
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
            modifiers.append(("costume", -1))
        if model.kind != "zombie" and len(self.engaged_with(model)) >= 3:
            modifiers.append(("engaged with 3 or more", -1))
        if self.boosted(model):
            modifiers.append(("stimulant", 1))
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
                return leader_skill, [("leader's skill", leader_skill - skill)]
        return skill, modifiers

    def leader(self, seat: str) -> Model | None:
        for leader_seat, model_id in self.base.leaders:
            if leader_seat == seat and model_id in self.models:
                return self.models[model_id]
        return None

    def ability(self, model: Model) -> str:
        return model.ability


# --- setup --------------------------------------------------------------------------------------


def setup(board: Board, setup_spec: ZombieworldSetup, seed: int, catalog: Catalog | None = None) -> State:
    catalog = catalog or load_catalog()
    table, vehicles = _table_vehicles(board, Table.from_board(board), catalog)
    scenario = catalog.scenario(setup_spec.scenario)
    if scenario.victory == "pick_any":
        scenario = _picked_scenario(catalog, scenario, setup_spec, seed)
    if setup_spec.mode not in scenario.modes:
        raise ValueError(f"{scenario.name} is not played in {setup_spec.mode} mode")
    deployments = [m for m in board.markers if m.kind is MarkerKind.DEPLOYMENT]
    if scenario.deployment == "centre":
        deployments = _centre_deployments(table)
    models: list[Model] = []
    leaders: list[tuple[str, str]] = []
    bands: list[tuple[str, str, str]] = []
    used: set[int] = set()
    areas: dict[str, tuple[float, float, float, float]] = {}
    exits: list[tuple[str, str]] = []
    for entry in setup_spec.bands:
        if setup_spec.check_bands:
            check_band(entry.band, catalog)
        area = _deployment_for(entry, deployments, used)
        areas[entry.seat] = area
        if scenario.victory == "exit_opposite_edge":
            exits.append((entry.seat, _opposite_edge(table, area)))
        elif scenario.victory == "exit_any_edge":
            exits.append((entry.seat, "any"))
        members = _deploy(entry, area, catalog)
        models.extend(members)
        by_name = {m.name: m.id for m in members}
        leaders.extend((entry.seat, by_name[m.name]) for m in leader_order(entry.band, catalog))
        bands.append((entry.seat, entry.band.kind, entry.band.band_type))
    seats = tuple(entry.seat for entry in setup_spec.bands)
    spawn_dice = setup_spec.spawn_dice if setup_spec.spawn_dice is not None else (
        scenario.individual_spawn_dice if setup_spec.mode == "individual" else scenario.spawn_dice)
    centre = (table.width_cm / 2, table.height_cm / 2)
    state = State(
        round=0,
        rounds=scenario.rounds or 8,
        scenario=scenario.id,
        seats=seats,
        bands=tuple(bands),
        leaders=tuple(leaders),
        models=tuple(models),
        scores=tuple((seat, SeatScore()) for seat in sorted(seats)),
        spawn_dice=spawn_dice,
        rng=new_rng(seed),
        mode=setup_spec.mode,
        interior_light=setup_spec.interior_light,
        roster=tuple(m.id for m in models),
        exits=tuple(exits),
        vehicles=tuple(vehicles),
        objective=centre if scenario.victory == "near_objective" else None,
        alliances=_alliances(setup_spec, seats),
        alliance_fixed=setup_spec.alliance != "fragile",
        alliance_flips=setup_spec.alliance_flips,
        table=table,
        catalog=catalog,
    )
    game = _Game(state)
    for entry in setup_spec.bands:
        for vehicle_id in entry.band.vehicles:
            _deploy_own_vehicle(game, entry, vehicle_id, areas[entry.seat])
    _roll_weather(game, setup_spec, board)
    if setup_spec.alliance == "roll" and game.base.alliances:
        (die,) = game.d6(1)
        game.alliance_fixed = die <= 3
        game.emit(c.DiceRolled("alliance", "", (die,), (), 3, ("fixed" if game.alliance_fixed else "fragile",)))
    for _ in range(scenario.starting_zombies):
        _spawn_zombie(game, centre, "scenario")
    if scenario.penned_zombies:
        _fill_pen(game, scenario.penned_zombies, deployments)
    _start_round(game)
    _advance(game)
    return game.freeze()


def _alliances(setup_spec: ZombieworldSetup, seats: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    pairs: list[tuple[str, str]] = []
    for pair in setup_spec.alliances:
        if len(pair) != 2 or pair[0] == pair[1] or any(seat not in seats for seat in pair):
            raise ValueError(f"an alliance joins two of the seats {', '.join(seats)}, not {pair!r}")
        pairs.append((pair[0], pair[1]))
    if pairs and setup_spec.mode == "individual":
        raise ValueError("in individual mode the survivors already play together: no alliances")
    return tuple(pairs)


def _picked_scenario(catalog: Catalog, expert: Any, setup_spec: ZombieworldSetup, seed: int) -> Any:
    """Scenario 8: whoever knows zombies best names the scenario (``picked``), or lets a D10 pick
    among those played in this mode (``picked="roll"``, re-rolled on 8 and unplayable numbers)."""
    playable = [s for s in catalog.scenarios if s.victory != "pick_any" and setup_spec.mode in s.modes]
    if setup_spec.picked == "roll":
        rng = new_rng(seed ^ 0x5EED)
        for _ in range(100):
            (die,), rng = roll_d10(rng, 1)
            chosen = next((s for s in playable if s.number == die), None)
            if chosen is not None:
                return chosen
        return playable[0]
    if not setup_spec.picked:
        raise ValueError(f"{expert.name}: pick the scenario to play (picked = one of "
                         f"{', '.join(s.id for s in playable)}, or \"roll\")")
    chosen = next((s for s in playable if s.id == setup_spec.picked), None)
    if chosen is None:
        raise ValueError(f"{expert.name}: {setup_spec.picked!r} is not a scenario played in {setup_spec.mode} mode")
    return chosen


def _centre_deployments(table: Table) -> list[Any]:
    """Four small areas around the table centre (scenarios that start in the middle)."""
    cx, cy = table.width_cm / 2, table.height_cm / 2
    offsets = ((-16, -16), (16, -16), (16, 16), (-16, 16))
    return [Marker(MarkerKind.DEPLOYMENT, (cx + dx, cy + dy), (12.0, 12.0)) for dx, dy in offsets]


def _opposite_edge(table: Table, area: tuple[float, float, float, float]) -> str:
    """The table edge facing the one the deployment area lies along."""
    x, y, w, h = area
    cx, cy = x + w / 2, y + h / 2
    gaps = {"w": cx, "e": table.width_cm - cx, "n": cy, "s": table.height_cm - cy}
    nearest = min(gaps, key=lambda edge: gaps[edge])
    return {"w": "e", "e": "w", "n": "s", "s": "n"}[nearest]


def _roll_weather(game: _Game, setup_spec: ZombieworldSetup, board: Board) -> None:
    """Weather and time of day set the farthest anyone sees; then each street lamp may work."""
    rows = game.catalog.tables.weather
    if not setup_spec.weather:
        return
    if setup_spec.weather == "roll":
        (die,) = game.d10(1)
        row = next(r for r in rows if r.low <= die <= r.high)
        game.emit(c.DiceRolled("weather", "", (die,), (), 0, (row.id,)))
    else:
        chosen = next((r for r in rows if r.id == setup_spec.weather), None)
        if chosen is None:
            raise ValueError(f"no weather called {setup_spec.weather!r}; choose from {', '.join(r.id for r in rows)}")
        row = chosen
    game.weather, game.sight_cm = row.id, float(row.sight_cm)
    if not row.sight_cm or not setup_spec.lamps:
        return
    lamps = [m for m in board.markers if m.kind is MarkerKind.LAMP]
    rule = game.catalog.tables.lamps
    lit = []
    for lamp in lamps:
        (die,) = game.d6(1)
        works = die >= rule.works_on
        game.emit(c.DiceRolled("street lamp", "", (die,), (), rule.works_on, ("on" if works else "off",)))
        if works:
            lit.append(lamp.position)
    game.lamps_lit = tuple(lit)


def _fill_pen(game: _Game, count: int, deployments: list[Any]) -> None:
    """The horde's pen: a block of zombies in the first deployment quadrant, held until it opens."""
    dx, dy = deployments[0].position if deployments else (30.0, 30.0)
    cx = min((dx // 60) * 60 + 30, game.table.width_cm - 20.0)
    cy = min((dy // 60) * 60 + 30, game.table.height_cm - 20.0)
    figures = game.figures()
    held: list[str] = []
    for index in range(count * 4):
        if len(held) == count:
            break
        col, row = index % 8, index // 8
        point = (cx - 12 + col * 3.0, cy - 10 + row * 3.0)
        mover = Figure("pen", point[0], point[1])
        if _spot_problem(game, mover, point, figures):
            continue
        zombie = Model(id=f"z{game.next_zombie}", side=ZOMBIES, kind="zombie", profile="walker", name="Walker",
                       x=point[0], y=point[1])
        game.next_zombie += 1
        game.models[zombie.id] = zombie
        game.order_ids.append(zombie.id)
        figures.append(game.figure(zombie))
        held.append(zombie.id)
        game.emit(c.ZombieSpawned(zombie.id, point, "pen"))
    game.pen = tuple(held)


def _deployment_for(entry: BandEntry, deployments: list[Any], used: set[int]) -> tuple[float, float, float, float]:
    for index, marker in enumerate(deployments):
        label = str(marker.properties.get("label", ""))
        if (entry.deployment and label == entry.deployment) or (not entry.deployment and index not in used):
            used.add(index)
            (x, y), (w, h) = marker.position, marker.size
            return (x - w / 2, y - h / 2, w, h)
    if entry.deployment:
        raise ValueError(f"no deployment area called {entry.deployment!r} on this table")
    raise ValueError("more bands than deployment areas on this table")


def _deploy(entry: BandEntry, area: tuple[float, float, float, float], catalog: Catalog) -> list[Model]:
    x0, y0, w, h = area
    spacing = 4.0
    per_row = max(1, int((w - 2) // spacing))
    models = []
    for index, member in enumerate(entry.band.members):
        col, row = index % per_row, index // per_row
        x = x0 + 2 + col * spacing
        y = y0 + 2 + row * spacing
        kind: Literal["survivor", "dog"] = "dog" if member.is_dog else "survivor"
        models.append(Model(
            id=f"{entry.seat}:{member.name}",
            side=entry.seat,
            kind=kind,
            profile=member.rank,
            name=member.name,
            x=min(x, x0 + w - 2),
            y=min(y, y0 + h - 2),
            hand=member.hand,
            backpack=member.backpack,
            objects=member.objects,
            scoped=tuple(f.weapon for f in member.fittings if f.item == "scope"),
            silenced=tuple(f.weapon for f in member.fittings if f.item == "silencer"),
            virtue=member.virtue,
            defect=member.defect,
            ability=member_ability(entry.band, member, catalog),
            wounds=member.wounds,
            improvements=member.improvements,
        ))
    return models


# --- round flow ---------------------------------------------------------------------------------


def _start_round(game: _Game) -> None:
    game.round += 1
    game.emit(c.RoundStarted(game.round))
    for model in game.alive():
        boosts = tuple((item, last) for item, last in model.boosts if last >= game.round)
        game.update(model, activated=False, charged_reaction_used=False, shot_this_round=(), boosts=boosts)
    if game.base.alliances and game.base.alliance_flips and game.round > 1:
        (die,) = game.d6(1)
        if die >= 5:
            game.alliance_fixed = not game.alliance_fixed
        game.emit(c.DiceRolled("alliance", "", (die,), (), 5, ("fixed" if game.alliance_fixed else "fragile",)))
    scenario = game.catalog.scenario(game.base.scenario)
    if game.pen and scenario.pen_opens_round is not None and game.round >= scenario.pen_opens_round:
        game.pen = ()  # the fence gives way
    for seat in game.base.seats:
        if game.score(seat).withdrawn:
            continue
        survivors = [m for m in game.alive(seat) if m.kind == "survivor"]
        if not survivors:
            continue
        # individual mode: each survivor brings its own dice, from itself
        groups = [(m, game.base.spawn_dice) for m in survivors] if game.individual else [
            (game.leader(seat) or max(survivors, key=lambda m: game.own_skill(m)[0]), game.base.spawn_dice)]
        for origin, dice_count in groups:
            dice = game.d6(dice_count)
            count = sum(1 for d in dice if d >= 4)
            game.emit(c.DiceRolled("zombie generation", origin.id, dice, (), 4,
                                   tuple("zombie" if d >= 4 else "-" for d in dice)))
            for _ in range(count):
                _spawn_zombie(game, origin.position, "round")
    sides = [s for s in game.base.seats if not game.score(s).withdrawn and game.alive(s)] + [ZOMBIES]
    game.order = _initiative(game, sides)
    game.turn = 0
    game.emit(c.InitiativeDecided(game.order))


def _initiative(game: _Game, sides: list[str]) -> tuple[str, ...]:
    """D10 each, highest first; tied sides re-roll among themselves."""
    if len(sides) <= 1:
        return tuple(sides)
    dice = game.d10(len(sides))
    game.emit(c.DiceRolled("initiative", ",".join(sides), dice))
    groups: dict[int, list[str]] = {}
    for side, die in zip(sides, dice, strict=True):
        groups.setdefault(die, []).append(side)
    order: list[str] = []
    for die in sorted(groups, reverse=True):
        group = groups[die]
        order.extend(group if len(group) == 1 else _initiative(game, group))
    return tuple(order)


def _spawn_zombie(game: _Game, origin: tuple[float, float], source: str, zombie_type: str = "walker") -> Model:
    angle = game.angle()
    point, clamped = scatter_point(game.table, origin, angle, SPAWN_DISTANCE_CM, BASE_RADIUS_CM)
    on_roof = _roof_spot(game, point)
    level = 0
    if on_roof is not None:
        point, level = on_roof
    else:
        point = _legal_spot(game, point, angle)
    zombie_id = f"z{game.next_zombie}"
    game.next_zombie += 1
    activated = clamped and not _zombies_have_acted(game)
    model = Model(id=zombie_id, side=ZOMBIES, kind="zombie", profile=zombie_type, name="Walker",
                  x=point[0], y=point[1], activated=activated, level=level)
    game.models[zombie_id] = model
    game.order_ids.append(zombie_id)
    game.emit(c.ZombieSpawned(zombie_id, point, source, activated))
    return model


def _zombies_have_acted(game: _Game) -> bool:
    return ZOMBIES in game.order[: game.turn]


def _roof_spot(game: _Game, point: tuple[float, float]) -> tuple[tuple[float, float], int] | None:
    """A zombie landing on a building with a roof stands on the roof: the free spot nearest the
    point where the whole base is on it (None: no roof there, or no room)."""
    index = game.table.building_at(point)
    if index is None or not game.table.piece(index).roof:
        return None
    piece = game.table.piece(index)
    mover = Figure("new", point[0], point[1], base_cm=piece.top_cm)
    figures = game.figures()
    spot = _spot_in_rings(point, lambda p: game.table.building_at(p) == index and holds_base(piece, p)
                          and not _spot_problem(game, mover, p, figures), 20.0)
    return None if spot is None else (spot, piece.floors)


def _legal_spot(game: _Game, point: tuple[float, float], angle: float) -> tuple[float, float]:
    """Off a building, obstacle or another base: step back toward the origin, then sideways."""
    building = game.table.building_at(point)
    if building is not None:
        piece = next(p for p in game.table.pieces if p.index == building)
        if piece.portals:
            (a, b, _, _) = min(piece.portals, key=lambda p: math.dist(point, ((p[0][0] + p[1][0]) / 2,
                                                                             (p[0][1] + p[1][1]) / 2)))
            centre = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            cx, cy = (piece.bounds[0] + piece.bounds[2]) / 2, (piece.bounds[1] + piece.bounds[3]) / 2
            out = math.atan2(centre[1] - cy, centre[0] - cx)
            point = (centre[0] + math.cos(out) * 1.6, centre[1] + math.sin(out) * 1.6)
    figures = [f for f in game.figures() if f.kind == "zombie"]
    mover = Figure("new", point[0], point[1])
    for step in range(0, 40):
        for turn in (0.0, 0.5, -0.5, 1.0, -1.0):
            distance = step * 1.0
            candidate = (point[0] - math.cos(angle + turn) * distance, point[1] - math.sin(angle + turn) * distance)
            if not _spot_problem(game, mover, candidate, figures):
                return candidate
    return point


def _advance(game: _Game) -> None:
    """Move play on to the next side that needs a player, running zombie turns on the way."""
    while not game.finished:
        if game.active is not None:
            return
        if game.turn >= len(game.order):
            if game.round >= game.base.rounds:
                _finish(game, "the last round is over")
                return
            _start_round(game)
            continue
        side = game.order[game.turn]
        if side == ZOMBIES:
            _zombie_turn(game)
            game.turn += 1
            continue
        if game.score(side).withdrawn or not any(not m.activated for m in game.alive(side)):
            game.turn += 1
            continue
        return


def _finish(game: _Game, reason: str) -> None:
    game.finished = True
    game.winners = _winners(game)
    game.emit(c.GameEnded(game.winners, reason))


def _winners(game: _Game) -> tuple[str, ...]:
    return winners(game.freeze(), game.catalog)


def current_seats(state: State) -> frozenset[str]:
    if state.finished or state.turn >= len(state.order):
        return frozenset()
    side = state.order[state.turn]
    return frozenset() if side == ZOMBIES else frozenset({side})


def outcome(state: State) -> tuple[str, ...] | None:
    """None while playing; the winning seats (possibly none, or several for a draw) once finished."""
    return state.winners if state.finished else None


# --- commands -----------------------------------------------------------------------------------


def player_view(state: State, seat: str) -> State:
    """What a seat may look at: everything on the table is public; the dice to come are not. For
    showing only: never apply commands to a view."""
    return replace(state, rng=RngState(seed=0, draws=state.rng.draws, forced=state.rng.forced))


def check(state: State, seat: str, command: Any) -> None:
    apply(state, seat, command)


def apply(state: State, seat: str, command: Any) -> tuple[State, tuple[Any, ...]]:
    if state.finished:
        raise IllegalCommand("the game is over")
    game = _Game(state)
    if isinstance(command, c.Withdraw):
        if seat not in state.seats or game.score(seat).withdrawn:
            raise IllegalCommand("this band is not on the table")
        _withdraw(game, seat)
        if game.active is not None and game.active.model not in game.models:
            game.active = None
        _advance(game)
        return game.freeze(), tuple(game.events)
    if seat not in current_seats(state):
        raise IllegalCommand("it is not this player's turn")
    model = game.models.get(getattr(command, "model", ""))
    if model is None:
        raise IllegalCommand("no such model on the table")
    if model.side != seat:
        raise IllegalCommand(f"{model.name} is not yours")
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise IllegalCommand(f"unknown command {type(command).__name__}")
    handler(game, model, command)
    _advance(game)
    return game.freeze(), tuple(game.events)


def _need_active(game: _Game, model: Model) -> Activation:
    if game.active is None or game.active.model != model.id:
        raise IllegalCommand(f"{model.name} is not the model acting now")
    return game.active


def _do_activate(game: _Game, model: Model, command: c.Activate) -> None:
    if game.active is not None:
        raise IllegalCommand("finish the current activation first")
    if model.activated:
        raise IllegalCommand(f"{model.name} has already been activated this round")
    waiting = [m for m in game.alive(model.side) if not m.activated]
    top = max(game.own_skill(m)[0] for m in waiting)
    if game.own_skill(model)[0] < top:
        raise IllegalCommand("survivors activate in order of skill: a more skilled one goes first")
    skill, modifiers = game.check_skill(model)
    if _coherent(game, model):
        modifiers = [*modifiers, ("coherence", 1)]
        skill += 1
    if model.vehicle and model.entrenched:
        model = game.update(model, entrenched=False)  # the cover a vehicle gave lasts until its riders act
    driving = _driver_activation(game, model)
    if driving is not None:
        game.emit(c.Activated(model.id, driving))
        model = game.update(game.models[model.id], activated=True) if model.id in game.models else model
        if driving and model.id in game.models:
            game.active = Activation(model.id, _move_allowance(game, model), action_used=model.no_action_next)
            if model.no_action_next:
                game.update(model, no_action_next=False)
        elif model.id in game.models:
            _end_activation(game, model)
        else:
            _bang_phase(game)
        return
    if model.cannot_activate_round == game.round:
        game.emit(c.Activated(model.id, False))
        model = game.update(model, activated=True)
        engaged = game.engaged_with(model)
        if engaged:
            _melee(game, model, engaged)
        _end_activation(game, game.models.get(model.id, model))
        return
    (die,) = game.d6(1)
    success = die != 6 if game.individual else check_passes(die, skill)
    game.emit(c.DiceRolled("activation", model.id, (die,), tuple(modifiers), 5 if game.individual else skill,
                           ("pass" if success else "fail",)))
    game.emit(c.Activated(model.id, success))
    model = game.update(model, activated=True)
    engaged = game.engaged_with(model)
    if model.fleeing:
        if success:
            game.update(model, fleeing=False)
        else:
            _flee(game, model, toward_edge=True)
            _end_activation(game, model)
            return
    if not success:
        if engaged:
            _melee(game, model, engaged)
        _end_activation(game, model)
        return
    if model.kind == "dog" and not engaged and not _dog_control(game, model):
        _end_activation(game, game.models.get(model.id, model))
        return
    move = _move_allowance(game, model)
    game.active = Activation(model.id, move, action_used=model.no_action_next, must_fight=bool(engaged))
    _gear_at_activation(game, model)
    if model.no_action_next:
        game.update(model, no_action_next=False)


def _coherent(game: _Game, model: Model) -> bool:
    if model.virtue and (v := game.catalog.virtue(model.virtue)) is not None and v.always_coherent:
        return True
    band = game.alive(model.side)
    if len(band) <= 2:
        return False
    me = game.figure(model)
    radius = game.catalog.bands.rules.coherence_cm
    return any(base_distance(me, game.figure(o)) <= radius for o in band if o.id != model.id)


def _move_allowance(game: _Game, model: Model) -> float:
    move = game.profile(model).move_cm
    if model.defect and (d := game.catalog.defect(model.defect)) is not None:
        move += d.move_modifier_cm
    if game.boosted(model, "stimulants"):
        move += 5.0
    return max(0.0, move)


def _do_move(game: _Game, model: Model, command: c.MoveModel) -> None:
    active = _need_active(game, model)
    _on_foot(game, model)
    if active.must_fight:
        raise IllegalCommand(f"{model.name} is locked in melee: fight on or try to disengage first")
    cost, entered = _validate_path(game, model, command.path, active.remaining_cm, contact_with=None)
    end = command.path[-1]
    start = model.position
    game.update(model, x=end[0], y=end[1], entrenched=False)
    game.active = replace(active, remaining_cm=active.remaining_cm - cost, moved=True,
                          gear_cm=max(0.0, active.gear_cm - game.gear_spent_cm))
    game.emit(c.ModelMoved(model.id, command.path, round(cost, 3)))
    for index in dict.fromkeys(entered):
        if model.id in game.models:
            _enter_building(game, game.models[model.id], index, sprinting=_sprinted(game, active),
                            retreat_to=start if command.surprise == "retreat" else None)
    for vehicle in list(game.vehicles.values()):
        current = game.models.get(model.id)
        if current is not None and figure_footprint_gap(game.body(vehicle), game.figure(current)) <= DOOR_REACH_CM:
            _vehicle_touched(game, current, vehicle)


def _validate_path(game: _Game, model: Model, path: tuple[tuple[float, float], ...], budget: float,
                   contact_with: Model | None) -> tuple[float, tuple[int, ...]]:
    if not path:
        raise IllegalCommand("a move needs at least one point")
    points = [model.position, *path]
    entry = 5.0
    if model.defect and (d := game.catalog.defect(model.defect)) is not None and d.entry_cost_cm is not None:
        entry = d.entry_cost_cm
    if model.ability == "free_entry":
        entry = 0.0
    max_climb = game.catalog.zombie(model.profile).max_climb_cm if model.kind == "zombie" else 10.0
    if model.level:
        _stay_upstairs(game, model, points)
    result = path_cost(game.table, points, max_climb_cm=max_climb, entry_cost_cm=entry)
    if not result.ok:
        raise IllegalCommand(result.problem)
    if not model.level:
        blocking = _path_hits_vehicle(game, points)
        if blocking:
            raise IllegalCommand(f"walk around the {blocking}")
    total = result.cost_cm + (ENTRY_COST_CM if model.entrenched else 0.0)  # climbing out of a position
    total, game.gear_spent_cm = _wheels_cost(game, model, result, total, budget)
    if total > budget + 1e-6:
        raise IllegalCommand(f"that move costs {total:.1f} cm; {model.name} has {budget:.1f} cm left")
    others = game.figures_except(model.id)
    problem = _spot_problem(game, game.figure(model), path[-1], others)
    if problem:
        raise IllegalCommand(problem)
    moved = Figure(model.id, path[-1][0], path[-1][1])
    for enemy in game.enemies_of(model):
        touching = enemy.level == model.level and base_distance(moved, game.figure(enemy)) <= CONTACT_CM
        if touching and (contact_with is None or enemy.id != contact_with.id) and contact_with is None:
            raise IllegalCommand(f"moving into contact with {enemy.name} is a charge")
    if contact_with is not None and base_distance(moved, game.figure(contact_with)) > CONTACT_CM:
        raise IllegalCommand(f"a charge must end in base contact with {contact_with.name}")
    return total, result.entered_buildings


def _wheels(game: _Game, model: Model) -> Any:
    """The bicycle, skateboard or skates the model rides (catalog object), or None."""
    if not model.mounted:
        return None
    return game.catalog.object(model.mounted)


def _wheels_cost(game: _Game, model: Model, result: Any, total: float, budget: float) -> tuple[float, float]:
    """A path's cost for a rider and the part of it paid from the wheels' bonus. A bicycle or
    skateboard keeps to open ground; skates go anywhere, every cm off open ground costing double.
    The bonus pays only for open ground: what is paid on foot must fit in the rest of the move."""
    gear = _wheels(game, model)
    if gear is None:
        return total, 0.0
    if result.rough_cost_cm > 1e-6:
        if not gear.halved_off_open:
            raise IllegalCommand(f"{model.name} must get off the {gear.name} (5 cm) to leave open ground")
        total += result.rough_cost_cm
    bonus = game.active.gear_cm if game.active is not None and game.active.model == model.id else 0.0
    from_bonus = min(bonus, max(0.0, result.cost_cm - result.rough_cost_cm))
    on_foot = total - from_bonus
    if on_foot > budget - bonus + 1e-6:
        raise IllegalCommand(f"the {gear.name}'s {bonus:g} cm more count only on open ground: "
                             f"that move costs {on_foot:.1f} cm off it; {model.name} has {max(0.0, budget - bonus):.1f} cm")
    return total, from_bonus


GEAR_CHANGE_CM = 5.0  # getting on or off a bicycle or skateboard, putting skates on or off
PUSHED_BICYCLE_CM = 3.0  # a bicycle pushed along on foot slows its owner


def _gear_at_activation(game: _Game, model: Model) -> None:
    active = game.active
    assert active is not None
    gear = _wheels(game, model)
    if gear is not None:
        game.active = replace(active, remaining_cm=active.remaining_cm + gear.open_move_bonus_cm,
                              gear_cm=gear.open_move_bonus_cm, gear_bonus_given=True)
    elif _pushes_bicycle(model):
        game.active = replace(active, remaining_cm=max(0.0, active.remaining_cm - PUSHED_BICYCLE_CM))


def _pushes_bicycle(model: Model) -> bool:
    return "bicycle" in model.objects and model.mounted != "bicycle"


def _do_mount(game: _Game, model: Model, command: c.Mount) -> None:
    active = _need_active(game, model)
    _on_foot(game, model)
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(f"{model.name} is locked in melee")
    gear = game.catalog.object(command.item)
    if gear is None or not gear.open_move_bonus_cm:
        raise IllegalCommand(f"{game.catalog.item_name(command.item)} is not ridden or worn to move")
    if command.item not in model.objects:
        raise IllegalCommand(f"{model.name} carries no {gear.name}")
    if model.mounted:
        raise IllegalCommand(f"{model.name} is already on the {game.catalog.item_name(model.mounted)}")
    if model.defect and (d := game.catalog.defect(model.defect)) is not None and d.no_wheels:
        raise IllegalCommand(f"{model.name} cannot use a {gear.name} ({d.name})")
    if not gear.halved_off_open and (model.level or not open_ground(game.table, model.position)):
        raise IllegalCommand(f"a {gear.name} is ridden only on open ground")
    if active.remaining_cm + 1e-6 < GEAR_CHANGE_CM:
        raise IllegalCommand(f"getting on the {gear.name} costs {GEAR_CHANGE_CM:g} cm; "
                             f"{model.name} has {active.remaining_cm:.1f} cm left")
    remaining = active.remaining_cm - GEAR_CHANGE_CM
    gear_cm = 0.0
    if not active.gear_bonus_given:
        remaining += gear.open_move_bonus_cm
        gear_cm = gear.open_move_bonus_cm
    game.update(model, mounted=gear.id, entrenched=False)
    game.active = replace(active, remaining_cm=remaining, gear_cm=gear_cm, gear_bonus_given=True, moved=True)
    game.emit(c.GearChanged(model.id, gear.id, mounted=True))


def _do_dismount(game: _Game, model: Model, command: c.Dismount) -> None:
    active = _need_active(game, model)
    gear = _wheels(game, model)
    if gear is None:
        raise IllegalCommand(f"{model.name} is on foot")
    if command.leave and gear.id != "bicycle":
        raise IllegalCommand("only a bicycle is left standing on the ground")
    if active.remaining_cm + 1e-6 < GEAR_CHANGE_CM:
        raise IllegalCommand(f"getting off the {gear.name} costs {GEAR_CHANGE_CM:g} cm; "
                             f"{model.name} has {active.remaining_cm:.1f} cm left")
    # the change is paid from the bonus first (it is done on open ground); the rest of the bonus is lost
    from_bonus = min(active.gear_cm, GEAR_CHANGE_CM)
    remaining = active.remaining_cm - GEAR_CHANGE_CM - (active.gear_cm - from_bonus)
    model = game.update(model, mounted="")
    if command.leave:
        model = _take_object(game, model, gear.id)
        game.ground.append((model.x, model.y, gear.id))
    elif gear.id == "bicycle":
        remaining -= PUSHED_BICYCLE_CM
    game.active = replace(active, remaining_cm=max(0.0, remaining), gear_cm=0.0, moved=True)
    game.emit(c.GearChanged(model.id, gear.id, mounted=False, left=command.leave))


def _gear_options(game: _Game, model: Model, active: Activation) -> list[Any]:
    if model.kind != "survivor" or active.remaining_cm + 1e-6 < GEAR_CHANGE_CM or model.vehicle or model.stairs_cm:
        return []
    if model.mounted:
        options: list[Any] = [c.Dismount(model.id)]
        if model.mounted == "bicycle":
            options.append(c.Dismount(model.id, leave=True))
        return options
    if game.engaged_with(model) or (model.defect and (d := game.catalog.defect(model.defect)) is not None
                                    and d.no_wheels):
        return []
    options = []
    for item in dict.fromkeys(model.objects):
        gear = game.catalog.object(item)
        if gear is None or not gear.open_move_bonus_cm:
            continue
        if gear.halved_off_open or (not model.level and open_ground(game.table, model.position)):
            options.append(c.Mount(model.id, item))
    return options


def _not_riding(game: _Game, model: Model) -> None:
    gear = _wheels(game, model)
    if gear is not None:
        verb = "take off" if gear.halved_off_open else "get off"
        raise IllegalCommand(f"{model.name} must {verb} the {gear.name} first")


def _sprinted(game: _Game, active: Activation) -> bool:
    return active.sprinted


def _do_sprint(game: _Game, model: Model, command: c.Sprint) -> None:
    active = _need_active(game, model)
    _on_foot(game, model)
    if active.action_used:
        raise IllegalCommand(f"{model.name} has already used its action")
    if active.must_fight:
        raise IllegalCommand(f"{model.name} is locked in melee")
    if model.defect and (d := game.catalog.defect(model.defect)) is not None and d.cannot_sprint:
        raise IllegalCommand(f"{model.name} cannot sprint ({d.name})")
    extra = _sprint_roll(game, model)
    game.active = replace(active, remaining_cm=active.remaining_cm + extra, action_used=True, sprinted=True)


def _sprint_roll(game: _Game, model: Model) -> float:
    skill, modifiers = game.check_skill(model)
    dice = list(game.d6(2))
    if model.virtue == "sprinter" and not all(check_passes(d, skill) for d in dice):
        failed = next(i for i, d in enumerate(dice) if not check_passes(d, skill))
        dice[failed] = game.d6(1)[0]
    results = tuple("pass" if check_passes(d, skill) else "fail" for d in dice)
    game.emit(c.DiceRolled("sprint", model.id, tuple(dice), tuple(modifiers), skill, results))
    return SPRINT_STEP_CM * results.count("pass")


def _firearm_in_hand(game: _Game, model: Model, wanted: str = "") -> Firearm | None:
    for item in (*model.hand, *model.backpack):
        firearm = game.catalog.firearm(item)
        if firearm is None or (wanted and item != wanted):
            continue
        if item in model.hand or firearm.usable_from_backpack:
            return firearm
    return None


def _range_cm(game: _Game, model: Model, firearm: Firearm) -> float:
    reach = firearm.range_cm
    if firearm.id in model.scoped:
        reach += 15
    if firearm.id in model.silenced:
        reach -= 10
    for item in model.objects:
        held = game.catalog.object(item)
        if held is not None and not held.mounts_on_weapon and held.range_bonus_cm > 0:
            reach += held.range_bonus_cm
    for dog in game.alive(model.side):
        if dog.kind == "dog" and base_distance(game.figure(dog), game.figure(model)) <= 10:
            reach += game.catalog.dog.range_bonus_cm
            break
    return reach


def _do_shoot(game: _Game, model: Model, command: c.Shoot) -> None:
    active = _need_active(game, model)
    if active.action_used:
        raise IllegalCommand(f"{model.name} has already used its action")
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(f"{model.name} is locked in melee and cannot shoot")
    firearm = _firearm_in_hand(game, model, command.weapon)
    if firearm is None:
        raise IllegalCommand(f"{model.name} holds no firearm to shoot with")
    vehicle = game.riding(model)
    if vehicle is not None and model.seat == 0 and (vehicle.moved_round == game.round or active.drove) \
            and not _spec(game, vehicle).two_wheeled and model.virtue != "expert_driver":
        raise IllegalCommand(f"{model.name} is driving and cannot shoot")
    _shoot(game, model, firearm, command.allocations, reaction=False)
    game.active = replace(active, action_used=True)


def _shoot(game: _Game, model: Model, firearm: Firearm, allocations: tuple[tuple[str, int], ...],
           reaction: bool) -> None:
    """Validate then resolve a volley; raises IllegalCommand before any die is rolled."""
    if firearm.id in model.unloaded:
        raise IllegalCommand(f"the {firearm.name} is unloaded: reload it first")
    if firearm.once_per_round and firearm.id in model.shot_this_round:
        raise IllegalCommand(f"the {firearm.name} fires only once per round")
    if not allocations:
        raise IllegalCommand("choose at least one target")
    total = sum(n for _, n in allocations)
    if firearm.template_diameter_cm:
        if len(allocations) != 1 or total != 1:
            raise IllegalCommand(f"a {firearm.name} is thrown at one target")
    elif not firearm.shots_min <= total <= firearm.shots_max:
        raise IllegalCommand(f"a {firearm.name} fires {firearm.shots_min} to {firearm.shots_max} shots, not {total}")
    if model.defect == "trigger_happy" and total != firearm.shots_max and not firearm.template_diameter_cm:
        raise IllegalCommand(f"{model.name} is trigger-happy: always the most shots ({firearm.shots_max})")
    shooter = game.figure(model)
    figures = game.figures()
    frozenset(game.base.open_portals)
    targets = []
    for target_id, count in allocations:
        target = game.models.get(target_id)
        if target is None:
            raise IllegalCommand(f"no model {target_id!r} on the table")
        if count < 1:
            raise IllegalCommand("each target needs at least one shot")
        if target.side == model.side:
            raise IllegalCommand(f"{target.name} is in your own band")
        if game.allied(model.side, target.side):
            raise IllegalCommand(f"{target.name}'s band is an ally (a fixed alliance)")
        if game.individual and target.side != ZOMBIES:
            raise IllegalCommand("in individual mode the survivors play together")
        if not _sees(game, model, target, figure_rows(figures)):
            raise IllegalCommand(f"{model.name} cannot see {target.name}")
        light = _light_between(game, model, target)
        if light == "dark" and base_distance(shooter, game.figure(target)) > POINT_BLANK_CM and not any(
                (o := game.catalog.object(i)) is not None and o.sees_in_dark for i in model.objects):
            raise IllegalCommand("too dark in there to shoot without a flashlight or goggles (or point blank)")
        if any(e.side == model.side for e in game.engaged_with(target)):
            raise IllegalCommand(f"{target.name} is in melee with your band: no shooting into it")
        targets.append((target, count))
    reach = _range_cm(game, model, firearm)
    all_dice: list[int] = []
    hostile_targets: list[Model] = []
    impact = targets[0][0].position
    if firearm.template_diameter_cm:
        target = targets[0][0]
        if base_distance(shooter, game.figure(target)) > reach:
            targets = []
            game.emit(c.ShotFired(model.id, firearm.id, target.id, 0, wasted=True))
        else:
            radius = firearm.template_diameter_cm / 2
            targets = [(m, 1) for m in game.alive() if math.dist(m.position, impact) <= radius + BASE_RADIUS_CM]
    for target, count in targets:
        if target.id not in game.models:
            continue
        if not firearm.template_diameter_cm and game.gap(model, target) > reach:
            game.emit(c.ShotFired(model.id, firearm.id, target.id, 0, wasted=True))
            continue
        threshold, modifiers = _shot_modifiers(game, model, target, firearm)
        dice_count = count
        if _light_between(game, model, target) == "dim" and dice_count > 1:
            dice_count -= 1
            modifiers.append(("dim light: one die less", 0))
        dice = game.d6(dice_count)
        all_dice.extend(dice)
        skill, skill_mods = game.own_skill(model)
        total_mod = sum(v for _, v in modifiers)
        results = tuple("wound" if d + skill + total_mod >= threshold else "miss" for d in dice)
        game.emit(c.DiceRolled("shot", model.id, dice, (("skill", skill), *skill_mods, *modifiers), threshold, results))
        hits = results.count("wound")
        game.emit(c.ShotFired(model.id, firearm.id, target.id, hits))
        if hits:
            _wound(game, target, hits, model, melee=False)
        if target.id in game.models and target.kind != "zombie" and target.side != model.side:
            hostile_targets.append(game.models[target.id])
    if firearm.jams and all_dice and (all_dice == [1] or all_dice.count(1) >= 2):
        model = game.update(game.models[model.id], unloaded=(*model.unloaded, firearm.id))
        game.emit(c.WeaponJammed(model.id, firearm.id))
    model = game.models.get(model.id, model)
    updates: dict[str, Any] = {"shot_this_round": (*model.shot_this_round, firearm.id)}
    if firearm.single_use:
        where = "hand" if firearm.id in model.hand else "backpack"
        slot = list(getattr(model, where))
        slot.remove(firearm.id)
        updates[where] = tuple(slot)
    if model.id in game.models:
        model = game.update(model, **updates)
    if firearm.bang and firearm.id not in model.silenced:
        spot = impact if firearm.bang_at_impact else model.position
        game.bangs.append(Bang(spot[0], spot[1], firearm.bang))
        game.emit(c.BangPlaced(spot, firearm.bang))
    if not reaction:
        for target in hostile_targets:
            if target.id in game.models and model.id in game.models:
                _react_to_shots(game, game.models[target.id], game.models[model.id])


def _light_between(game: _Game, shooter: Model, target: Model) -> str:
    """The interior light that matters for a shot: the worst of the shooter's and target's buildings."""
    lights = set()
    for model in (shooter, target):
        index = game.table.building_at(model.position)
        if index is not None:
            lights.add(game.place(index).light)
    return "dark" if "dark" in lights else "dim" if "dim" in lights else "normal"


def _shot_modifiers(game: _Game, shooter: Model, target: Model, firearm: Firearm) -> tuple[int, list[tuple[str, int]]]:
    cover = target_cover(game.sight_table(shooter, target), game.figure(shooter), game.figure(target))
    to_hit = game.catalog.tables.to_hit
    column = cover.column
    target_vehicle = game.riding(target)
    if target_vehicle is not None and column == "open" and not _spec(game, target_vehicle).two_wheeled:
        column = "difficult"  # riders of a car count as in difficult ground
    threshold = {"open": to_hit.open, "difficult": to_hit.difficult, "building": to_hit.building}[column]
    modifiers: list[tuple[str, int]] = []
    shooter_vehicle = game.riding(shooter)
    if shooter_vehicle is not None and shooter_vehicle.moved_round == game.round:
        spec = _spec(game, shooter_vehicle)
        steady = shooter.ability == "no_vehicle_shooting_penalty" or (
            shooter.virtue == "gang_shooter" and shooter.seat != 0) or (
            shooter.virtue == "expert_biker" and spec.two_wheeled)
        if not steady:
            modifiers.append(("shooting from a moving vehicle", -2))
    if cover.same_building:
        modifiers.append(("inside the same building", -1))
    elif cover.target_in_building and not cover.shooter_in_building:
        modifiers.append(("target inside a building", -1))
    if base_distance(game.figure(shooter), game.figure(target)) <= POINT_BLANK_CM:
        modifiers.append(("point blank", 1))
    if game.height_of(shooter) - game.height_of(target) > HIGH_GROUND_CM:
        modifiers.append(("shooting from above", 1))
    if shooter.stairs_cm and game.active is not None and game.active.model == shooter.id and game.active.moved:
        modifiers.append(("shooting from the stairs after moving", -1))
    if firearm.hit_bonus:
        modifiers.append((firearm.name, firearm.hit_bonus))
    for quality_id in (shooter.virtue, shooter.defect):
        quality = game.catalog.virtue(quality_id) or game.catalog.defect(quality_id) if quality_id else None
        if quality is not None and quality.shoot_die_bonus:
            modifiers.append((quality.name, quality.shoot_die_bonus))
    if any((o := game.catalog.object(i)) is not None and o.armour for i in (*target.objects, *target.hand)):
        modifiers.append(("target protected", -1))
    if target.entrenched:
        modifiers.append(("target entrenched", -1))
    if cover.target_in_building or cover.shooter_in_building or game.sight_cm:
        bonus = max((o.dark_bonus for i in shooter.objects if (o := game.catalog.object(i)) is not None), default=0)
        if bonus:
            modifiers.append(("light indoors", bonus))
    return threshold, modifiers


def _react_to_shots(game: _Game, target: Model, shooter: Model) -> None:
    if target.vehicle:
        _vehicle_shot_at(game, target, shooter)
        return
    situations = set()
    if game.engaged_with(target):
        situations.add("engaged")
    if _in_cover_ground(game, target):
        situations.add("difficult")
    if target.entrenched:
        result = "return_fire"  # an entrenched survivor skips the roll and reacts as it likes
        game.emit(c.ReactionResolved(target.id, "shot_at", 2, "entrenched: no roll"))
    else:
        result, _ = _reaction(game, target, "shot_at", frozenset(situations))
    if result == "return_fire":
        firearm = _firearm_in_hand(game, target)
        able = (
            firearm is not None
            and target.defect != "jumpy"
            and firearm.id not in target.unloaded
            and not (firearm.once_per_round and firearm.id in target.shot_this_round)
            and not firearm.template_diameter_cm
            and "engaged" not in situations
        )
        if able and firearm is not None:
            shots = firearm.shots_max if target.defect == "trigger_happy" else firearm.shots_min
            try:
                _shoot(game, target, firearm, ((shooter.id, shots),), reaction=True)
                return
            except IllegalCommand:
                pass
        _cover_or_wait(game, game.models[target.id], shooter, "engaged" in situations)
    elif result == "take_cover":
        _cover_or_wait(game, target, shooter, "engaged" in situations)
    elif result == "flee":
        _flee(game, target, toward_edge=False)


def _cover_or_wait(game: _Game, target: Model, shooter: Model, engaged: bool) -> None:
    if engaged or target.entrenched:
        if not target.entrenched:
            game.update(target, no_action_next=True)
        return
    _take_cover(game, target, shooter)


def _in_cover_ground(game: _Game, model: Model) -> bool:
    return game.table.in_difficult(model.position) or game.table.building_at(model.position) is not None


def _reaction(game: _Game, model: Model, table: str, situations: frozenset[str]) -> tuple[str, int]:
    """2D6 skill checks; the table row for the successes. Born survivors never roll."""
    successes = _reaction_successes(game, model, table)
    result = game.catalog.reaction(table, successes, situations)  # type: ignore[arg-type]
    game.emit(c.ReactionResolved(model.id, table, successes, result))
    return result, successes


def _reaction_successes(game: _Game, model: Model, table: str) -> int:
    """A reaction's 2D6 skill checks (born survivors: two successes, no roll)."""
    rank = game.catalog.rank(model.profile) if model.kind == "survivor" else None
    if rank is not None and rank.reaction == "exempt":
        successes = 2
        game.emit(c.DiceRolled(f"{table} reaction", model.id, (), (("born survivor: no roll", 0),), 0, ()))
    else:
        skill, modifiers = game.check_skill(model)
        bonus_ability = {"charged": "charged_reaction_bonus", "charging": "charging_reaction_bonus"}.get(table)
        if bonus_ability and model.ability == bonus_ability:
            skill += 1
            modifiers = [*modifiers, ("band ability", 1)]
        dice = list(game.d6(2))
        rerolled = False
        if rank is not None and rank.reaction == "reroll_first_failure":
            failed = next((i for i, d in enumerate(dice) if not check_passes(d, skill)), None)
            if failed is not None:
                dice[failed] = game.d6(1)[0]
                rerolled = True
        results = tuple("pass" if check_passes(d, skill) else "fail" for d in dice)
        if rerolled:
            modifiers = [*modifiers, ("expert re-roll", 0)]
        game.emit(c.DiceRolled(f"{table} reaction", model.id, tuple(dice), tuple(modifiers), skill, results))
        successes = results.count("pass")
    return successes


def _flee(game: _Game, model: Model, toward_edge: bool) -> None:
    """Run straight (profile move + 10 cm); a 1 on a D6 drops the weapon in hand."""
    start = model.position
    if toward_edge:
        x, y = start
        distances = {0.0: game.table.width_cm - x, math.pi / 2: game.table.height_cm - y, math.pi: x,
                     -math.pi / 2: y}
        angle = min(distances, key=lambda a: distances[a])
    else:
        angle = game.angle()
    reach = game.profile(model).move_cm + FLEE_BONUS_CM
    end, off_table = scatter_point(game.table, start, angle, reach, BASE_RADIUS_CM)
    end = _legal_spot(game, end, angle)
    dropped = ""
    (die,) = game.d6(1)
    game.emit(c.DiceRolled("weapon loss", model.id, (die,), (), 1, ("drop" if die == 1 else "keep",)))
    if (die == 1 or model.defect == "butterfingers") and model.hand:
        dropped = model.hand[0]
        game.ground.append((start[0], start[1], dropped))
        model = game.update(model, hand=model.hand[1:])
    game.update(model, x=end[0], y=end[1], fleeing=True)
    game.emit(c.Fled(model.id, (start, end), dropped))
    if off_table:
        _remove(game, game.models[model.id], "left_table", killer=None, melee=False)


# --- melee --------------------------------------------------------------------------------------


def _melee_dice(game: _Game, model: Model) -> tuple[int, int, int, list[tuple[str, int]]]:
    """Combat dice, bonus to each die, re-rolls and the labelled modifiers."""
    dice = game.profile(model).combat_dice
    if model.kind != "survivor":
        return dice, 0, 0, []
    if game.boosted(model, "stimulants"):
        dice += 1
    weapons = [w for i in model.hand if (w := game.catalog.hand_weapon(i)) is not None]
    modifiers: list[tuple[str, int]] = []
    rerolls = 0
    if weapons:
        main = max(weapons, key=lambda w: (w.extra_dice, w.die_bonus, w.cost))
        dice += main.extra_dice
        if main.die_bonus:
            modifiers.append((main.name, main.die_bonus))
        rerolls += main.rerolls
        if len(weapons) == 2:
            dice += 1
    elif not any(game.catalog.firearm(i) for i in model.hand):
        dice -= 1  # bare fists
    for quality_id in (model.virtue, model.defect):
        quality = (game.catalog.virtue(quality_id) or game.catalog.defect(quality_id)) if quality_id else None
        if quality is not None:
            if quality.melee_die_bonus:
                modifiers.append((quality.name, quality.melee_die_bonus))
            rerolls += quality.melee_rerolls
    return max(1, dice), sum(v for _, v in modifiers), rerolls, modifiers


def _melee(game: _Game, survivor: Model, enemies: list[Model]) -> None:
    """One round of combat for a model locked with ``enemies`` (each pairing fought separately)."""
    if survivor.kind == "dog" and survivor.drew_blood:
        survivor = game.update(survivor, drew_blood=False)
    dice, _, _, _ = _melee_dice(game, survivor)
    if len(enemies) > dice:
        split = [1] * len(enemies)
    else:
        split = [dice // len(enemies)] * len(enemies)
        for i in range(dice - sum(split)):
            split[i] += 1
    for enemy, count in zip(enemies, split, strict=True):
        if survivor.id not in game.models:
            return
        if enemy.id not in game.models:
            continue
        _fight_pair(game, game.models[survivor.id], game.models[enemy.id], count)
    if survivor.id in game.models:
        _melee_bang(game, game.models[survivor.id])


def _melee_bang(game: _Game, model: Model) -> None:
    noisy = [w for i in model.hand if (w := game.catalog.hand_weapon(i)) is not None and w.bang]
    if noisy:
        game.bangs.append(Bang(model.x, model.y, noisy[0].bang))
        game.emit(c.BangPlaced(model.position, noisy[0].bang))


def _side_roll(game: _Game, model: Model, opponent: Model, count: int) -> tuple[list[int], list[int]]:
    _, bonus, rerolls, modifiers = _melee_dice(game, model)
    skill, skill_mods = game.own_skill(model)
    labelled = [("skill", skill), *skill_mods, *modifiers]
    if model.vehicle:
        labelled.append(("fighting from a vehicle", -1))
        bonus -= 1
    if any((o := game.catalog.object(i)) is not None and o.armour for i in (*opponent.objects, *opponent.hand)):
        labelled.append(("opponent protected", -1))
        bonus -= 1
    dice = list(game.d6(count))
    for _ in range(rerolls):
        lowest = min(range(len(dice)), key=lambda i: dice[i])
        if dice[lowest] <= 3:
            dice[lowest] = game.d6(1)[0]
    scores = [d + skill + bonus for d in dice]
    game.emit(c.DiceRolled("melee", model.id, tuple(dice), tuple(labelled), 0, tuple(str(s) for s in scores)))
    return dice, scores


MAX_TIED_FIGHTS = 20  # survivors who tie fight again at once; a safety stop for endless ties


def _fight_pair(game: _Game, a: Model, b: Model, a_dice: int) -> None:
    b_dice = _melee_dice(game, b)[0]
    for _ in range(MAX_TIED_FIGHTS):
        _, a_scores = _side_roll(game, a, b, a_dice)
        _, b_scores = _side_roll(game, b, a, b_dice)
        best_a, best_b = max(a_scores), max(b_scores)
        if best_a != best_b:
            break
        game.emit(c.MeleeFought(a.id, b.id, "", 0))
        _dogs_bit(game, a, b, "", 0)
        if ZOMBIES in (a.side, b.side):  # the zombies grab it: it must fight at its next activation
            survivor = a if a.side != ZOMBIES else b
            game.update(survivor, grabbed=True)
            return
    else:
        return
    winner, loser, scores, other_best = (a, b, a_scores, best_b) if best_a > best_b else (b, a, b_scores, best_a)
    wounds = sum(1 for s in scores if s > other_best)
    game.emit(c.MeleeFought(a.id, b.id, winner.id, wounds))
    _dogs_bit(game, a, b, winner.id, wounds)
    loser = game.models[loser.id]
    if loser.kind == "survivor" and loser.grabbed:
        loser = game.update(loser, grabbed=False)
    _wound(game, loser, wounds, winner, melee=True)


def _dogs_bit(game: _Game, a: Model, b: Model, winner: str, wounds: int) -> None:
    """A dog in this fight remembers whether it wounded anyone: a dog that did not may break off.
    The dog whose melee this is (``a``) counts a bite in any of its fights this round."""
    for dog in (a, b):
        if dog.kind != "dog" or dog.id not in game.models:
            continue
        current = game.models[dog.id]
        bit = winner == dog.id and wounds > 0
        game.update(current, drew_blood=bit or (dog.id == a.id and current.drew_blood))


# --- wounds and casualties ----------------------------------------------------------------------


def _wound(game: _Game, model: Model, count: int, source: Model | None, melee: bool) -> None:
    for _ in range(count):
        if model.id not in game.models:
            return
        model = game.models[model.id]
        if model.ability == "ignore_wound_on_six":
            (die,) = game.d6(1)
            ignored = die == 6
            game.emit(c.DiceRolled("shrug off a wound", model.id, (die,), (), 6, ("ignored" if ignored else "wound",)))
            if ignored:
                game.emit(c.Wounded(model.id, model.wounds, ignored=True))
                continue
        model = game.update(model, wounds=model.wounds + 1)
        if model.side != ZOMBIES:
            game.bump(model.side, wounds_taken=1)
        game.emit(c.Wounded(model.id, model.wounds))
        if model.wounds >= game.max_wounds(model):
            reason = "killed" if model.kind == "zombie" else "out_of_action"
            if melee and source is not None and source.side == ZOMBIES and model.kind != "zombie":
                reason = "devoured"
            _remove(game, model, reason, source, melee)
            return


def _remove(game: _Game, model: Model, reason: str, killer: Model | None, melee: bool) -> None:
    vehicle = game.riding(model)
    if vehicle is not None:  # what it carried (and what it becomes) lands beside the vehicle
        body = game.body(vehicle)
        spot = _free_spot_near(game, body.centre, math.hypot(body.length_cm, body.width_cm) / 2 + BASE_RADIUS_CM)
        model = replace(model, x=spot[0], y=spot[1]) if spot is not None else model
    del game.models[model.id]
    game.emit(c.ModelRemoved(model.id, reason))
    if model.side != ZOMBIES:
        game.fallen.append((model.id, reason))
    if model.side == ZOMBIES:
        if killer is not None and killer.side != ZOMBIES:
            game.bump(killer.side, zombies_killed=1)
        return
    if killer is not None and killer.side not in (ZOMBIES, model.side) and model.kind == "survivor":
        game.bump(killer.side, hostile_killed=1)
    game.bump(model.side, members_lost=1)
    for item in (*model.hand, *model.backpack, *model.objects):
        game.ground.append((model.x, model.y, item))
    if reason == "devoured" or (model.kind == "dog" and killer is not None and killer.side == ZOMBIES and melee):
        zombie_id = f"z{game.next_zombie}"
        game.next_zombie += 1
        zombie_type = "runner" if model.kind == "dog" else "walker"
        game.models[zombie_id] = Model(id=zombie_id, side=ZOMBIES, kind="zombie", profile=zombie_type,
                                       name=game.catalog.zombie(zombie_type).name, x=model.x, y=model.y,
                                       activated=True)
        game.order_ids.append(zombie_id)
        game.emit(c.ZombieSpawned(zombie_id, model.position, "devoured", True))
    if game.active is not None and game.active.model == model.id:
        game.active = None
    _few_of_us_left(game, model.side)


def _few_of_us_left(game: _Game, seat: str) -> None:
    """After two losses (three for veterans), or with two left, and after each later loss: a check."""
    if game.score(seat).withdrawn or game.band_kind.get(seat) is None:
        return
    score = game.score(seat)
    living = [m for m in game.alive(seat) if m.kind == "survivor"]
    if not living:
        _withdraw(game, seat)
        return
    if game.individual:
        return
    threshold = 3 if game.band_type.get(seat) == "veterans" and game.band_kind.get(seat) == "unique" else 2
    if not score.few_left_checked and score.members_lost < threshold and len(game.alive(seat)) > 2:
        return
    game.bump(seat, few_left_checked=True)
    best = max(living, key=lambda m: game.own_skill(m)[0])
    skill, modifiers = game.own_skill(best)
    (die,) = game.d6(1)
    passed = check_passes(die, skill)
    game.emit(c.DiceRolled("few of us left", best.id, (die,), tuple(modifiers), skill, ("pass" if passed else "fail",)))
    if not passed:
        _withdraw(game, seat)


def _withdraw(game: _Game, seat: str) -> None:
    game.bump(seat, withdrawn=True)
    for model in game.alive(seat):
        del game.models[model.id]
        game.departed.append(model)
        game.emit(c.ModelRemoved(model.id, "withdrawn"))
    game.emit(c.BandWithdrew(seat))
    if game.active is not None and game.active.model not in game.models:
        game.active = None
    if all(game.score(s).withdrawn for s in game.base.seats):
        _finish(game, "no band is left on the table")


# --- more survivor commands ---------------------------------------------------------------------


def _do_charge(game: _Game, model: Model, command: c.Charge) -> None:
    active = _need_active(game, model)
    _on_foot(game, model)
    if active.must_fight:
        raise IllegalCommand(f"{model.name} is already locked in melee")
    target = game.models.get(command.target)
    if target is None or target.side == model.side:
        raise IllegalCommand("charge an enemy on the table")
    if game.allied(model.side, target.side):
        raise IllegalCommand(f"{target.name}'s band is an ally (a fixed alliance)")
    if model.kind == "dog":
        raise IllegalCommand("dogs charge only when they lose control")
    if game.individual and target.side != ZOMBIES:
        raise IllegalCommand("in individual mode the survivors play together")
    vehicle = game.riding(target)
    if vehicle is not None:
        _charge_rider(game, model, target, vehicle, command, active)
        return
    if target.stairs_cm:
        raise IllegalCommand(f"{target.name} is part-way up the stairs: shoot instead")
    defect = game.catalog.defect(model.defect) if model.defect else None
    free_sprint = target.side == ZOMBIES and not (defect is not None and defect.cannot_sprint) and not active.sprinted
    budget = active.remaining_cm + (2 * SPRINT_STEP_CM if free_sprint else 0.0)
    cost, _ = _validate_path(game, model, command.path, budget, contact_with=target)
    if target.side == ZOMBIES:
        own_ground = frozenset({"difficult"} if _in_cover_ground(game, model) else {"open"})
        result, _ = _reaction(game, model, "charging", own_ground)
        if result == "frozen":
            game.active = replace(active, remaining_cm=0.0, action_used=True)
            return
        firearm = _firearm_in_hand(game, model)
        if result == "shoot_instead" and firearm is not None and not active.action_used \
                and firearm.id not in model.unloaded:
            try:
                _shoot(game, model, firearm, ((target.id, firearm.shots_min),), reaction=False)
                game.active = replace(active, action_used=True)
                return
            except IllegalCommand:
                pass
        if cost > active.remaining_cm + 1e-6:
            # out of reach on foot: the free sprint of a fearless charge
            reach = active.remaining_cm + _sprint_roll(game, model)
            if reach + 1e-6 < cost:
                _fall_short(game, model, command.path, reach)
                game.active = replace(game.active or active, remaining_cm=0.0, moved=True, sprinted=True)
                return
            active = replace(active, remaining_cm=reach, sprinted=True)
            game.active = active
    else:
        if cost > active.remaining_cm + 1e-6:
            raise IllegalCommand(f"that charge costs {cost:.1f} cm; {model.name} has {active.remaining_cm:.1f} cm left")
        defender = target
        ground = frozenset({"difficult"} if _in_cover_ground(game, defender) else {"open"})
        if not defender.charged_reaction_used and not defender.fleeing:
            game.update(defender, charged_reaction_used=True)
            result, _ = _reaction(game, defender, "charged", ground)
            if result == "flee":
                _flee(game, game.models[defender.id], toward_edge=False)
                game.active = replace(active, remaining_cm=0.0)
                return
            if result == "shoot_then_melee":
                firearm = _firearm_in_hand(game, defender)
                if firearm is not None:
                    with contextlib.suppress(IllegalCommand):
                        _shoot(game, game.models[defender.id], firearm, ((model.id, firearm.shots_min),), reaction=True)
        if model.id not in game.models:
            return
    end = command.path[-1]
    model = game.update(game.models[model.id], x=end[0], y=end[1], entrenched=False)
    game.emit(c.ModelMoved(model.id, command.path, round(cost, 3)))
    game.active = replace(game.active or active, remaining_cm=max(0.0, active.remaining_cm - cost), moved=True)
    _melee(game, model, [game.models[target.id]] if target.id in game.models else [])
    _after_fight(game, model.id)


def _charge_rider(game: _Game, model: Model, rider: Model, vehicle: Vehicle, command: c.Charge,
                  active: Activation) -> None:
    """A charge on a rider of a vehicle standing still: the path ends touching its body; the rider
    (in difficult ground, as riders are) rolls its charged reaction, then they fight one round, the
    rider at -1 a die. Riders are never locked in melee, so the charger is free afterwards."""
    name = _spec(game, vehicle).name
    if vehicle.moving:
        raise IllegalCommand(f"the {name} is on the move: its riders can be fought only while it stands still")
    cost, _ = _validate_path(game, model, command.path, active.remaining_cm, contact_with=None)
    end = command.path[-1]
    if figure_footprint_gap(game.body(vehicle), Figure(model.id, *end)) > DOOR_REACH_CM:
        raise IllegalCommand(f"a charge on a rider ends touching the {name}")
    if not rider.charged_reaction_used and not rider.fleeing and rider.kind == "survivor":
        rider = game.update(rider, charged_reaction_used=True)
        result, _ = _reaction(game, rider, "charged", frozenset({"difficult"}))
        firearm = _firearm_in_hand(game, rider)
        if result == "shoot_then_melee" and firearm is not None:
            with contextlib.suppress(IllegalCommand):
                _shoot(game, rider, firearm, ((model.id, firearm.shots_min),), reaction=True)
    if model.id not in game.models:
        return
    model = game.update(game.models[model.id], x=end[0], y=end[1], entrenched=False)
    game.emit(c.ModelMoved(model.id, command.path, round(cost, 3)))
    game.active = replace(game.active or active, remaining_cm=max(0.0, active.remaining_cm - cost), moved=True)
    if rider.id in game.models:
        _melee(game, model, [game.models[rider.id]])
    _after_fight(game, model.id)


def _fall_short(game: _Game, model: Model, path: tuple[tuple[float, float], ...], budget: float) -> None:
    """A sprinting charger that cannot reach goes as far along its path as its move allows."""
    points = [model.position, *path]
    others = game.figures_except(model.id)
    legs = [math.dist(a, b) for a, b in zip(points, points[1:], strict=False)]
    total = sum(legs)
    for step in range(20, 0, -1):
        wanted = total * step / 20
        walked, trail = 0.0, [points[0]]
        for (a, b), leg in zip(zip(points, points[1:], strict=False), legs, strict=True):
            if walked + leg >= wanted:
                f = (wanted - walked) / leg if leg else 0.0
                trail.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
                break
            walked += leg
            trail.append(b)
        cost = path_cost(game.table, trail)
        end = trail[-1]
        if cost.ok and cost.cost_cm <= budget + 1e-6 and not _spot_problem(game, game.figure(model), end, others) \
                and all(base_distance(Figure(model.id, *end), game.figure(e)) > CONTACT_CM for e in game.enemies_of(model)):
            game.update(model, x=end[0], y=end[1], entrenched=False)
            game.emit(c.ModelMoved(model.id, tuple(trail[1:]), round(cost.cost_cm, 3)))
            return


def _after_fight(game: _Game, model_id: str) -> None:
    if game.active is None or game.active.model != model_id:
        return
    if model_id not in game.models:
        game.active = None
        return
    still = game.engaged_with(game.models[model_id])
    game.active = replace(game.active, must_fight=bool(still), remaining_cm=0.0 if still else game.active.remaining_cm)


def _do_fight(game: _Game, model: Model, command: c.Fight) -> None:
    active = _need_active(game, model)
    engaged = game.engaged_with(model)
    if not engaged:
        raise IllegalCommand(f"{model.name} is not in melee")
    if not active.must_fight:
        raise IllegalCommand(f"{model.name} has already fought this turn")
    _melee(game, model, engaged)
    if model.id in game.models and not game.engaged_with(game.models[model.id]):
        game.update(game.models[model.id], grabbed=False)
    _after_fight(game, model.id)
    if game.active is not None and game.active.must_fight:
        _end_activation(game, game.models[model.id])


def _do_disengage(game: _Game, model: Model, command: c.Disengage) -> None:
    active = _need_active(game, model)
    engaged = game.engaged_with(model)
    if not engaged or not active.must_fight:
        raise IllegalCommand(f"{model.name} is not in melee")
    if model.grabbed:
        raise IllegalCommand(f"the zombies have grabbed {model.name}: it must fight")
    if model.kind == "dog" and model.drew_blood:
        raise IllegalCommand(f"{model.name} wounded its enemy in its last melee: a dog breaks off only when it did not")
    skill, modifiers = game.check_skill(model)
    (die,) = game.d6(1)
    passed = check_passes(die, skill)
    game.emit(c.DiceRolled("disengage", model.id, (die,), tuple(modifiers), skill, ("pass" if passed else "fail",)))
    if passed:
        game.active = replace(active, must_fight=False)
        return
    _melee(game, model, engaged)
    if model.id in game.models:
        _end_activation(game, game.models[model.id])


def _do_reload(game: _Game, model: Model, command: c.Reload) -> None:
    active = _need_active(game, model)
    if active.action_used:
        raise IllegalCommand(f"{model.name} has already used its action")
    if not model.unloaded:
        raise IllegalCommand(f"{model.name} has nothing to reload")
    game.update(model, unloaded=())
    game.active = replace(active, action_used=True)


def _do_swap(game: _Game, model: Model, command: c.SwapWeapons) -> None:
    active = _need_active(game, model)
    if active.action_used:
        raise IllegalCommand("weapons can be swapped only before the action")
    if not model.backpack:
        raise IllegalCommand(f"{model.name} has nothing in the backpack")
    if len(model.hand) > 1:
        raise IllegalCommand("with two weapons in hand the backpack is empty")
    game.update(model, hand=model.backpack, backpack=model.hand)
    game.active = replace(active, action_used=True)


def _do_end(game: _Game, model: Model, command: c.EndActivation) -> None:
    active = _need_active(game, model)
    if active.must_fight and game.engaged_with(model):
        raise IllegalCommand(f"{model.name} is locked in melee: fight on or try to disengage")
    _end_activation(game, model)


def _end_activation(game: _Game, model: Model) -> None:
    drove = game.active is not None and game.active.model == model.id and game.active.drove
    vehicle = game.riding(game.models.get(model.id, model))
    if vehicle is not None and model.seat == 0 and not drove and vehicle.moving and not vehicle.out_of_control:
        game.set_vehicle(vehicle, moving=False)  # it stopped: next time the driver rolls to activate
    game.active = None
    game.emit(c.ActivationEnded(model.id))
    _bang_phase(game)


def _bang_phase(game: _Game) -> None:
    """After each activation: every BANG marker rolls a die per point; each 4+ brings a walker."""
    markers, game.bangs = game.bangs, []
    for bang in markers:
        dice = game.d6(bang.value)
        spawned = sum(1 for d in dice if d >= 4)
        game.emit(c.DiceRolled("BANG", "", dice, (), 4, tuple("zombie" if d >= 4 else "-" for d in dice)))
        for _ in range(spawned):
            _spawn_zombie(game, (bang.x, bang.y), "bang")
        game.emit(c.BangResolved((bang.x, bang.y), spawned))


# --- the zombie side ----------------------------------------------------------------------------


def _zombie_turn(game: _Game) -> None:
    """Targets, then the zombies that cannot reach melee move, charged survivors react, the rest
    charge, and every melee with zombies is fought."""
    penned = set(game.pen)
    zombies = [z for z in game.alive(ZOMBIES) if not z.activated and z.id not in penned]
    open_portals = frozenset(game.base.open_portals)
    plans: list[tuple[Model, Model | None]] = []
    figures = game.figures()
    rows = figure_rows(figures)
    horn = next((m for m in game.alive() if m.horn), None)
    for zombie in zombies:
        if game.engaged_with(zombie):
            continue
        target = horn if horn is not None else _zombie_target(game, zombie, figures, open_portals, rows)
        plans.append((zombie, target))
    if horn is not None:
        game.update(horn, horn=False)
    chargers: list[tuple[Model, Model]] = []
    for zombie, target in plans:
        reach = game.profile(zombie).move_cm
        if target is not None and _same_ground(game, zombie, target) and game.gap(zombie, target) <= reach:
            chargers.append((zombie, target))
        else:
            _zombie_walk(game, zombie, target)
    charged: dict[str, list[Model]] = {}
    for zombie, target in chargers:
        charged.setdefault(target.id, []).append(zombie)
    for target_id, group in charged.items():
        target = game.models.get(target_id)
        if target is None or target.kind != "survivor" or target.charged_reaction_used or target.vehicle:
            continue
        target = game.update(target, charged_reaction_used=True)
        if target.fleeing:
            continue
        ground: set[str] = {"difficult"} if _in_cover_ground(game, target) else {"open"}
        if "open" in ground and len(group) >= 3:
            ground.add("open_3plus")
        result, _ = _reaction(game, target, "charged", frozenset(ground))
        if result == "shoot_then_melee" and game.table.building_at(target.position) is None:
            firearm = _firearm_in_hand(game, target)
            if firearm is not None and not firearm.template_diameter_cm:
                shots = min(firearm.shots_max, max(firearm.shots_min, len(group)))
                alive = [z for z in group if z.id in game.models]
                allocation = _spread(alive, shots)
                with contextlib.suppress(IllegalCommand):
                    _shoot(game, target, firearm, allocation, reaction=True)
        elif result == "flee":
            _flee(game, target, toward_edge=False)
    for zombie, target in chargers:
        if zombie.id not in game.models:
            continue
        current = game.models.get(target.id)
        _zombie_walk(game, game.models[zombie.id], current, charge=True)
    for zombie in game.alive(ZOMBIES):
        game.update(zombie, activated=True)
    _zombies_at_vehicles(game, penned)
    fought: set[str] = set()
    for survivor in [m for m in game.alive() if m.side != ZOMBIES]:
        if survivor.id not in game.models or survivor.id in fought:
            continue
        enemies = [e for e in game.engaged_with(game.models[survivor.id]) if e.side == ZOMBIES]
        if enemies:
            fought.add(survivor.id)
            _melee(game, game.models[survivor.id], enemies)


def _spread(targets: list[Model], shots: int) -> tuple[tuple[str, int], ...]:
    if not targets:
        return ()
    counts = [0] * len(targets)
    for i in range(shots):
        counts[i % len(targets)] += 1
    return tuple((t.id, n) for t, n in zip(targets, counts, strict=True) if n)


def _zombie_target(game: _Game, zombie: Model, figures: list[Figure], open_portals: frozenset[str],
                   rows: Any = None) -> Model | None:
    me = game.figure(zombie)
    seen = []
    for prey in game.alive():
        if prey.side == ZOMBIES:
            continue
        if _sees(game, zombie, prey, rows if rows is not None else figure_rows(figures)):
            seen.append((game.gap(zombie, prey) if prey.vehicle else base_distance(me, game.figure(prey)), prey))
    if not seen:
        return None
    nearest = min(d for d, _ in seen)
    tied = [p for d, p in seen if d - nearest < 1e-6]
    if len(tied) == 1:
        return tied[0]
    (value,), game.rng = draw_floats(game.rng, 1)
    return tied[int(value * len(tied))]


def _same_ground(game: _Game, zombie: Model, target: Model) -> bool:
    """Both on the ground, or up on the same floor or roof of one building (not one of them on top of
    an obstacle): a charge can reach."""
    if zombie.stairs_cm or target.stairs_cm:
        return False  # on the stairs they meet by climbing to each other
    if target.vehicle:
        return not zombie.level and not game.height_of(zombie)
    if zombie.level != target.level:
        return False
    if zombie.level:
        return game.table.building_at(zombie.position) == game.table.building_at(target.position)
    return abs(game.height_of(zombie) - game.height_of(target)) < 0.5


def _zombie_walk(game: _Game, zombie: Model, target: Model | None, charge: bool = False) -> None:
    """Straight toward the target (into contact when charging), or a random wander; stops short of
    whatever it cannot cross. Zombies enter or leave a building only when charging; a target on
    another floor or a roof sends it up or down the stairs, up a ladder, or off its raised place."""
    reach = game.profile(zombie).move_cm
    start = zombie.position
    ladder_foot = None
    if target is None and zombie.stairs_cm:  # nothing in sight: back down the stairs or ladder
        if zombie.ladder >= 0:
            roofs = game.table.roofs_reached_by(game.table.piece(zombie.ladder))
            _zombie_climb(game, zombie, 0.0, None, game.table.piece(zombie.ladder), roofs[0] if roofs else None)
            return
        index = game.table.building_at(start)
        storey = game.table.piece(index).floor_height_cm if index is not None else 0.0
        _zombie_climb(game, zombie, zombie.level * storey, None)
        return
    if target is not None and not charge and not _same_ground(game, zombie, target):
        ladder_foot = _zombie_changes_level(game, zombie, target)
        if ladder_foot is True:
            return
    if target is None:
        angle = game.angle()
        goal = (start[0] + math.cos(angle) * reach, start[1] + math.sin(angle) * reach)
    elif isinstance(ladder_foot, tuple):
        dx, dy = ladder_foot[0] - start[0], ladder_foot[1] - start[1]
        gap = math.hypot(dx, dy)
        if gap < 1e-9:
            return
        travel = min(reach, gap)
        goal = (start[0] + dx / gap * travel, start[1] + dy / gap * travel)
    else:
        aim = target.position
        vehicle = game.riding(target)
        if vehicle is not None:  # up to the side of its vehicle
            body = game.body(vehicle)
            along, across = body.local(start)
            along = max(-body.length_cm / 2, min(body.length_cm / 2, along))
            across = max(-body.width_cm / 2, min(body.width_cm / 2, across))
            cos_f, sin_f = math.cos(body.facing), math.sin(body.facing)
            aim = (body.x + along * cos_f - across * sin_f, body.y + along * sin_f + across * cos_f)
        dx, dy = aim[0] - start[0], aim[1] - start[1]
        gap = math.hypot(dx, dy)
        if gap < 1e-9:
            return
        stop = gap - (BASE_RADIUS_CM + 0.02 if vehicle is not None else 2 * BASE_RADIUS_CM)
        travel = min(reach, stop) if charge or stop <= reach else reach
        goal = (start[0] + dx / gap * travel, start[1] + dy / gap * travel)
    max_climb = game.catalog.zombie(zombie.profile).max_climb_cm
    others = game.figures_except(zombie.id)
    best = None
    for fraction in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1):
        point = (start[0] + (goal[0] - start[0]) * fraction, start[1] + (goal[1] - start[1]) * fraction)
        if not game.table.on_table(point, BASE_RADIUS_CM):
            continue
        cost = path_cost(game.table, [start, point], max_climb_cm=max_climb, can_enter_buildings=charge,
                         ladders=False)
        if not cost.ok or cost.cost_cm > reach + 1e-6:
            continue
        if _spot_problem(game, game.figure(zombie), point, others) or _path_hits_vehicle(game, [start, point]):
            continue
        if zombie.level and game.table.building_at(point) != game.table.building_at(start):
            continue  # upstairs (or on a roof) it walks only inside its building
        best = point
        break
    if best is None:
        return
    game.update(zombie, x=best[0], y=best[1])
    game.emit(c.ModelMoved(zombie.id, (best,), round(math.dist(start, best), 3)))


def _zombie_changes_level(game: _Game, zombie: Model, target: Model) -> bool | tuple[float, float] | None:
    """A zombie whose target stands on another level: in the same building it takes the stairs
    toward it (as far as its move goes; up to it when it is part-way up the same flight); raised
    above a lower target elsewhere it throws itself off; below a target on a roof or a ladder it
    climbs the ladder it stands at, or heads for the nearest one. Part-way up with its target
    elsewhere it goes back down. True when that was its move; a ladder's foot to walk to; None to
    walk at the target as usual."""
    table = game.table
    if zombie.ladder >= 0:
        ladder = table.piece(zombie.ladder)
        roofs = table.roofs_reached_by(ladder)
        up = next((r for r in roofs if game.on_roof(target) and table.building_at(target.position) == r.index), None)
        if target.ladder == zombie.ladder:
            return _zombie_climb(game, zombie, 0.0, target, ladder, roofs[0] if roofs else None)
        return _zombie_climb(game, zombie, up.top_cm if up else 0.0, None, ladder, up or (roofs[0] if roofs else None))
    home = table.building_at(zombie.position)
    there = table.building_at(target.position) if not target.vehicle and target.ladder < 0 else None
    if home is not None and home == there and (zombie.level != target.level or zombie.stairs_cm or target.stairs_cm):
        return _zombie_climb(game, zombie, game.height_of(target), target)
    if zombie.stairs_cm and home is not None:  # its target is elsewhere: back down the flight
        return _zombie_climb(game, zombie, zombie.level * table.piece(home).floor_height_cm, None)
    if game.height_of(zombie) > game.height_of(target) + 1e-6 and not target.stairs_cm:
        return _zombie_drop(game, zombie, target)
    on_ladder = table.piece(target.ladder) if target.ladder >= 0 else None
    if (on_ladder is not None or there is not None and game.on_roof(target)) and not zombie.level and home is None:
        if on_ladder is not None:
            ladders = [on_ladder]
            roof = next(iter(table.roofs_reached_by(on_ladder)), None)
        else:
            roof = table.piece(there)  # type: ignore[arg-type]
            ladders = [ladder for ladder in table.pieces if ladder.kind is TerrainKind.STAIRS
                       and roof in table.roofs_reached_by(ladder)]
        here = [ladder for ladder in table.ladders_at(zombie.position) if ladder in ladders]
        if here and roof is not None:
            return _zombie_climb(game, zombie, roof.top_cm, target if on_ladder is not None else None, here[0], roof)
        if ladders:
            nearest = min(ladders, key=lambda ladder: distance_to_edges(ladder, zombie.position))
            xs, ys = zip(*nearest.polygon, strict=True)
            others = game.figures_except(zombie.id)
            return _spot_around(game, nearest, lambda p: table.building_at(p) is None and nearest in table.ladders_at(p)
                                and not _spot_problem(game, game.figure(zombie), p, others)) \
                or (sum(xs) / len(xs), sum(ys) / len(ys))
    return None


def _zombie_climb(game: _Game, zombie: Model, goal_cm: float, toward: Model | None, ladder: Any = None,
                  roof: Any = None) -> bool:
    """Up or down its building's stairs (or ``ladder`` to ``roof``) toward ``goal_cm`` as far as its
    move goes: 5 cm to step on, then each cm of height; it may stop part-way. Toward a model part-way
    up the same flight it stops just short of it, in contact. Always its whole move."""
    table = game.table
    reach = game.profile(zombie).move_cm
    here = game.height_of(zombie)
    if ladder is None:
        index = table.building_at(zombie.position)
        if index is None:
            return True
        piece = table.piece(index)
        storey, top = piece.floor_height_cm, piece.top_level * piece.floor_height_cm
    else:
        if roof is None:
            return True
        piece, storey, top = roof, roof.top_cm, roof.top_cm
    if toward is not None and toward.stairs_cm:
        there = game.height_of(toward)
        low = 0.0 if ladder is not None else toward.level * storey
        goal_cm = there - STAIRS_CONTACT_CM if there > here else there + STAIRS_CONTACT_CM
        goal_cm = min(max(goal_cm, low + 0.01), low + storey - 0.01)
    goal_cm = min(max(goal_cm, 0.0), top)
    entry = 0.0 if zombie.stairs_cm else ENTRY_COST_CM
    budget = reach - entry
    if abs(goal_cm - here) < 1e-6 or budget <= 1e-6:
        return True
    step = min(budget, abs(goal_cm - here))
    reached = here + (step if goal_cm > here else -step)
    spot = zombie.position
    others = game.figures_except(zombie.id)
    if ladder is None:
        level = min(int(reached / storey + 1e-6), piece.top_level)
        stairs_cm, on = reached - level * storey, -1
    elif reached >= top - 1e-3:
        level, stairs_cm, on = roof.floors, 0.0, -1
        up = Figure(zombie.id, zombie.x, zombie.y, BASE_RADIUS_CM, "zombie", roof.top_cm)
        found = _spot_around(game, ladder, lambda p: table.building_at(p) == roof.index and holds_base(roof, p)
                             and not _spot_problem(game, up, p, others))
        if found is None:
            return True
        spot = found
    else:
        level, stairs_cm, on = 0, reached, ladder.index
    stairs_cm = round(stairs_cm, 3) if stairs_cm > 1e-3 else 0.0
    if not stairs_cm:
        on = -1
    moved = replace(zombie, x=spot[0], y=spot[1], level=level, stairs_cm=stairs_cm, ladder=on)
    if not stairs_cm and _spot_problem(game, game.figure(moved), spot, others):
        return True  # someone stands at the head of the flight: it waits
    game.update(zombie, x=spot[0], y=spot[1], level=level, stairs_cm=stairs_cm, ladder=on)
    if spot != zombie.position:
        game.emit(c.ModelMoved(zombie.id, (spot,), 0.0))
    game.emit(c.Climbed(zombie.id, level, round(entry + step, 3), stairs_cm=stairs_cm))
    return True


def _zombie_drop(game: _Game, zombie: Model, target: Model) -> bool | None:
    """Raised above its target: it heads for the edge (a window, on an upper floor) and throws
    itself off, landing on the ground beyond, where its move ends (None: the edge is out of
    reach this move, so it walks toward the target as usual)."""
    table = game.table
    reach = game.profile(zombie).move_cm
    start = zombie.position
    home = table.building_at(start)
    height = game.height_of(zombie)
    if zombie.level and not game.on_roof(zombie):
        piece = table.piece(home)  # type: ignore[arg-type]
        windows = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b, kind, _ in piece.portals if kind == "window"]
        if not windows:
            return _zombie_climb(game, zombie, (zombie.level - 1) * piece.floor_height_cm, None)
        edge = min(windows, key=lambda w: math.dist(start, w) + math.dist(w, target.position))
        if math.dist(start, edge) > reach + BASE_RADIUS_CM:
            dx, dy = edge[0] - start[0], edge[1] - start[1]
            gap = math.hypot(dx, dy)
            others = game.figures_except(zombie.id)
            for fraction in (1.0, 0.8, 0.6, 0.4, 0.2):
                travel = reach * fraction
                point = (start[0] + dx / gap * travel, start[1] + dy / gap * travel)
                if table.building_at(point) == home and not _spot_problem(game, game.figure(zombie), point, others):
                    game.update(zombie, x=point[0], y=point[1])
                    game.emit(c.ModelMoved(zombie.id, (point,), round(travel, 3)))
                    break
            return True
        angle = math.atan2(edge[1] - start[1], edge[0] - start[0])
    else:
        angle = math.atan2(target.y - start[1], target.x - start[0])
        edge = None
        for number in range(1, int(reach / 0.25) + 1):
            point = (start[0] + math.cos(angle) * number * 0.25, start[1] + math.sin(angle) * number * 0.25)
            off = table.building_at(point) != home if home is not None else table.standing_top_cm(point, 0.0) < height
            if off:
                edge = point
                break
        if edge is None:
            return None
    assert edge is not None
    others = game.figures_except(zombie.id)
    for extra in (BASE_RADIUS_CM + 0.3, 2.0, 3.0, 4.0, 5.0):
        spot = (edge[0] + math.cos(angle) * extra, edge[1] + math.sin(angle) * extra)
        ground = replace(zombie, x=spot[0], y=spot[1], level=0)
        if table.building_at(spot) is None and table.standing_top_cm(spot) < height \
                and not _spot_problem(game, game.figure(ground), spot, others):
            game.update(zombie, x=spot[0], y=spot[1], level=0)
            game.emit(c.ModelMoved(zombie.id, (edge, spot), round(math.dist(start, edge), 3)))
            return True
    return None


# --- sight limits: weather and street lamps -----------------------------------------------------


def _sees(game: _Game, viewer: Model, target: Model, rows: Any = None) -> bool:
    """Line of sight, cut short by the weather unless the target stands under a working lamp."""
    limit = game.sight_cm
    if limit and _lamp_lit_over(game, target.position):
        limit = 0.0
    return can_see(game.sight_table(viewer, target), game.figure(viewer), game.figure(target),
                   game.figures() if rows is None else (),
                   frozenset(game.base.open_portals), limit, rows=rows)


def _lamp_lit_over(game: _Game, point: tuple[float, float]) -> bool:
    radius = game.catalog.tables.lamps.radius_cm
    return any(math.dist(point, lamp) <= radius for lamp in game.lamps_lit)


# --- inventory ----------------------------------------------------------------------------------


def _object_slots(game: _Game, model: Model) -> int:
    slots = game.catalog.bands.rules.object_slots
    quality = game.catalog.defect(model.defect) if model.defect else None
    if quality is not None and quality.object_slots is not None:
        slots = quality.object_slots
    return slots


def _give(game: _Game, model: Model, item: str) -> bool:
    """Put an item in a free slot; with none free it is left on the ground (False)."""
    model = game.models[model.id]
    if game.catalog.is_weapon(item):
        if not model.hand:
            game.update(model, hand=(item,))
            return True
        quality = game.catalog.defect(model.defect) if model.defect else None
        if not model.backpack and not (quality is not None and quality.no_backpack) and len(model.hand) < 2:
            game.update(model, backpack=(item,))
            return True
    elif len(model.objects) < _object_slots(game, model):
        game.update(model, objects=(*model.objects, item))
        return True
    game.ground.append((model.x, model.y, item))
    return False


def _take_object(game: _Game, model: Model, item: str) -> Model:
    objects = list(model.objects)
    objects.remove(item)
    uses = tuple((i, n) for i, n in model.uses if i != item or item in objects)
    return game.update(model, objects=tuple(objects), uses=uses)


def _spend_use(game: _Game, model: Model, item: str, uses: int) -> Model:
    """Count one use of an object; it is discarded after its last."""
    spent = dict(model.uses).get(item, 0) + 1
    if spent >= uses:
        return _take_object(game, model, item)
    return game.update(model, uses=tuple(sorted({**dict(model.uses), item: spent}.items())))


def _join(game: _Game, finder: Model, how: str, kind: Literal["survivor", "dog"] = "survivor",
          rescued: bool = False) -> Model | None:
    """A frightened survivor, a dog or the rescued person joins the finder's band beside it."""
    spot = _free_spot_near(game, finder.position, 2.6)
    if spot is None:
        return None
    number = sum(1 for m in game.roster if m.startswith(f"{finder.side}:found"))
    model_id = f"{finder.side}:found{number + 1}"
    name = {"dog": "Found dog", "rescued": "Rescued person"}.get(how, f"Found survivor {number + 1}")
    joined = Model(id=model_id, side=finder.side, kind=kind, profile="dog" if kind == "dog" else "frightened",
                   name=name, x=spot[0], y=spot[1], activated=True, rescued=rescued)
    game.models[model_id] = joined
    game.order_ids.append(model_id)
    game.roster.append(model_id)
    game.emit(c.SurvivorJoined(model_id, finder.side, how))
    return joined


def _free_spot_near(game: _Game, centre: tuple[float, float], distance_cm: float,
                    inside: int | None = None, base_cm: float = 0.0) -> tuple[float, float] | None:
    figures = game.figures()
    mover = Figure("new", centre[0], centre[1], base_cm=base_cm)
    for ring in (distance_cm, distance_cm + 1.5, distance_cm + 3.0, distance_cm + 5.0):
        for step in range(12):
            angle = step * math.pi / 6
            point = (centre[0] + math.cos(angle) * ring, centre[1] + math.sin(angle) * ring)
            if inside is not None and game.table.building_at(point) != inside:
                continue
            if not _spot_problem(game, mover, point, figures):
                return point
    return None


# --- buildings: entering, encounters, searching ---------------------------------------------------


def _enter_building(game: _Game, model: Model, index: int, sprinting: bool,
                    retreat_to: tuple[float, float] | None = None, came_from_level: int = 0,
                    came_from_stairs_cm: float = 0.0) -> None:
    """The first time anyone enters a building (or one of its upper floors): its light (if in
    play), then the D10 of who is there."""
    place = game.place(index)
    if model.kind != "survivor":
        return
    if model.level:
        if model.level in place.floors_opened or model.level in place.floors_searched:
            return
    elif place.opened or place.searched:
        return
    if game.base.interior_light and not place.light:
        (die,) = game.d6(1)
        light = next(r for r in game.catalog.tables.interior_light if r.low <= die <= r.high)
        game.emit(c.DiceRolled("interior light", model.id, (die,), (), 0, (light.id,)))
        game.mark(index, light=light.id)
        game.emit(c.PlaceMarked(index, "light", light.id))
    (die,) = game.d10(1)
    row = next(r for r in game.catalog.tables.building_entry if r.low <= die <= r.high)
    game.emit(c.DiceRolled("building entry" if not model.level else f"floor {model.level} entry", model.id, (die,), (),
                           0, (row.result,)))
    if model.level:
        game.mark(index, floors_opened=(*game.place(index).floors_opened, model.level))
        game.emit(c.PlaceMarked(index, f"open floor {model.level}"))
    else:
        game.mark(index, opened=True)
        game.emit(c.PlaceMarked(index, "open"))
    if row.result == "empty":
        game.emit(c.BuildingEntered(model.id, index, "empty"))
        return
    if row.result == "frightened_survivor":
        game.emit(c.BuildingEntered(model.id, index, "frightened_survivor"))
        if _join(game, model, "found") is not None:
            game.bump(model.side, survivors_found=1)
        return
    _zombie_encounter(game, model, index, die, sprinting, retreat_to, came_from_level, came_from_stairs_cm)


def _zombie_encounter(game: _Game, model: Model, index: int, count: int, sprinting: bool,
                      retreat_to: tuple[float, float] | None = None, came_from_level: int = 0,
                      came_from_stairs_cm: float = 0.0) -> None:
    """Zombies inside: the surprise roll decides who strikes first."""
    zombies_die, survivor_die = game.d6(2)
    skill, modifiers = game.check_skill(model)
    if model.ability == "reroll_surprise" and survivor_die + skill < zombies_die + count:
        survivor_die = game.d6(1)[0]
        modifiers = [*modifiers, ("re-roll", 0)]
    if model.virtue == "locksmith":
        winner = "survivor"
    elif sprinting:
        winner = "zombies"
    else:
        winner = "survivor" if survivor_die + skill >= zombies_die + count else "zombies"
    game.emit(c.DiceRolled("surprise", model.id, (survivor_die, zombies_die), (("skill", skill), *modifiers,
                                                                               ("zombies", count)), 0, (winner,)))
    game.emit(c.BuildingEntered(model.id, index, "zombies", count, winner))
    placed: list[Model] = []
    height = game.height_of(model)
    for _ in range(count):
        spot = _free_spot_near(game, model.position, 2.5 + 0.01, inside=index, base_cm=height) or \
            _free_spot_near(game, model.position, 2.5, inside=None, base_cm=height)
        if spot is None:
            break
        zombie = Model(id=f"z{game.next_zombie}", side=ZOMBIES, kind="zombie", profile="walker", name="Walker",
                       x=spot[0], y=spot[1], activated=_zombies_have_acted(game), level=model.level)
        game.next_zombie += 1
        game.models[zombie.id] = zombie
        game.order_ids.append(zombie.id)
        game.emit(c.ZombieSpawned(zombie.id, spot, "building"))
        placed.append(zombie)
    if winner == "survivor" and retreat_to is not None:
        # back out the way it came, as if it had not moved; its turn is spent
        game.update(game.models[model.id], x=retreat_to[0], y=retreat_to[1], level=came_from_level,
                    stairs_cm=came_from_stairs_cm)
        game.emit(c.ModelMoved(model.id, (retreat_to,), 0.0))
        if game.active is not None and game.active.model == model.id:
            game.active = replace(game.active, remaining_cm=0.0, action_used=True)
        return
    if winner == "survivor":
        firearm = _firearm_in_hand(game, model)
        if firearm is not None and firearm.id not in model.unloaded and not firearm.template_diameter_cm:
            threshold = game.catalog.tables.to_hit.open
            for zombie in placed:
                (die,) = game.d6(1)
                hit = die + skill >= threshold
                game.emit(c.DiceRolled("surprise shot", model.id, (die,), (("skill", skill),), threshold,
                                       ("wound" if hit else "miss",)))
                if hit:
                    _wound(game, zombie, 1, game.models[model.id], melee=False)
    if model.id in game.models:
        enemies = [game.models[z.id] for z in placed if z.id in game.models]
        enemies = [z for z in enemies if base_distance(game.figure(z), game.figure(game.models[model.id])) <= CONTACT_CM]
        if enemies:
            _melee(game, game.models[model.id], enemies)
            _after_fight(game, model.id)


def _zombies_inside(game: _Game, index: int, level: int = 0) -> bool:
    return any(game.table.building_at(z.position) == index and z.level == level for z in game.alive(ZOMBIES))


def _do_search(game: _Game, model: Model, command: c.Search) -> None:
    active = _need_active(game, model)
    if model.stairs_cm:
        raise IllegalCommand(f"{model.name} is part-way up the stairs: climb on up or back down first")
    if model.kind != "survivor":
        raise IllegalCommand("only survivors search")
    if active.action_used:
        raise IllegalCommand(f"{model.name} has already used its action")
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(f"{model.name} is locked in melee")
    if command.vehicle:
        _search_vehicle(game, model, command)
    elif model.vehicle:
        raise IllegalCommand(f"{model.name} is in a vehicle: search the vehicle or get out")
    elif command.piece >= 0:
        _search_piece(game, model, command)
    else:
        _search_building(game, model, command)
    if game.active is not None and game.active.model == model.id:
        game.active = replace(game.active, action_used=True)


def _search_building(game: _Game, model: Model, command: c.Search) -> None:
    index = game.table.building_at(model.position)
    if index is None:
        raise IllegalCommand(f"{model.name} is not inside a building")
    if game.on_roof(model):
        raise IllegalCommand("there is nothing to search on a roof: go down inside")
    place = game.place(index)
    if _zombies_inside(game, index, model.level):
        raise IllegalCommand("clear the zombies out of the building first" if not model.level
                             else "clear the zombies off this floor first")
    if model.level:
        _search_floor(game, model, command, index)
        return
    again = False
    if place.searched:
        if model.ability != "search_again" or model.side in place.searched_again_by:
            raise IllegalCommand("this building has already been searched")
        again = True
    dice = game.d10(3)
    total = sum(dice)
    options = game.catalog.search_result(total)
    game.emit(c.DiceRolled("search", model.id, dice, (), 0, (str(total),)))
    if options:
        found = command.prefer if command.prefer in options else options[0]
        _receive(game, model, found, options)
    piece = game.table.piece(index)
    if piece.shop and not again:
        _shop_reward(game, model, piece.shop)
    if again:
        game.mark(index, searched_again_by=(*place.searched_again_by, model.side))
    else:
        game.mark(index, opened=True, searched=True)
        game.bump(model.side, buildings_searched=1)
    game.emit(c.PlaceMarked(index, "searched"))


def _search_floor(game: _Game, model: Model, command: c.Search, index: int) -> None:
    """An upper floor is a place of its own: searched once, worth a searched building's Glory."""
    if model.level in game.place(index).floors_searched:
        raise IllegalCommand(f"floor {model.level} has already been searched")
    dice = game.d10(3)
    total = sum(dice)
    options = game.catalog.search_result(total)
    game.emit(c.DiceRolled("search", model.id, dice, (), 0, (str(total),)))
    if options:
        _receive(game, model, command.prefer if command.prefer in options else options[0], options)
    place = game.place(index)
    game.mark(index, floors_searched=(*place.floors_searched, model.level),
              floors_opened=tuple(dict.fromkeys((*place.floors_opened, model.level))))
    game.bump(model.side, buildings_searched=1)
    game.emit(c.PlaceMarked(index, f"searched floor {model.level}"))


def _receive(game: _Game, model: Model, found: str, options: tuple[str, ...] = ()) -> None:
    current = game.models[model.id]
    if found == "dog":
        game.emit(c.ItemFound(model.id, found, options))
        _join(game, current, "dog", kind="dog")
    elif found == "frightened_survivor":
        game.emit(c.ItemFound(model.id, found, options))
        if _join(game, current, "found") is not None:
            game.bump(model.side, survivors_found=1)
    elif found == "heal":
        if current.wounds:
            game.update(current, wounds=current.wounds - 1)
        game.emit(c.ItemUsed(model.id, "heal", model.id, 1 if current.wounds else 0))
    elif found.startswith("vehicle:"):
        placed = _place_found_vehicle(game, current, found.split(":", 1)[1])
        game.emit(c.ItemFound(model.id, found, options, dropped=placed is None))
    else:
        kept = _give(game, current, found)
        game.emit(c.ItemFound(model.id, found, options, dropped=not kept))


def _shop_reward(game: _Game, model: Model, shop_id: str) -> None:
    shop = next((s for s in game.catalog.tables.shop if s.id == shop_id), None)
    if shop is None:
        return
    (die,) = game.d6(1)
    game.emit(c.DiceRolled(f"{shop.name} reward", model.id, (die,)))
    for low, high, items in shop.rewards:
        if low <= die <= high:
            for item in items:
                if model.id in game.models:
                    _receive(game, game.models[model.id], item)


def _touching_piece(game: _Game, model: Model, index: int) -> bool:
    piece = game.table.piece(index)
    x0, y0, x1, y1 = piece.bounds
    dx = max(x0 - model.x, 0.0, model.x - x1)
    dy = max(y0 - model.y, 0.0, model.y - y1)
    return math.hypot(dx, dy) <= BASE_RADIUS_CM + 1.0


def _search_piece(game: _Game, model: Model, command: c.Search) -> None:
    """A prop (D6 on the props table) or, in the rescue and antidote scenarios, a container."""
    if not 0 <= command.piece < len(game.table.pieces):
        raise IllegalCommand("no such piece of scenery")
    piece = game.table.piece(command.piece)
    if not piece.prop:
        raise IllegalCommand(f"the {piece.label or 'piece'} cannot be searched")
    if not _touching_piece(game, model, piece.index):
        raise IllegalCommand(f"{model.name} must touch the {piece.label or 'piece'} to search it")
    place = game.place(piece.index)
    if place.searched:
        raise IllegalCommand(f"the {piece.label or 'piece'} has already been searched")
    scenario = game.catalog.scenario(game.base.scenario)
    if scenario.find_on is not None:
        if model.id in place.tried_by:
            raise IllegalCommand(f"{model.name} has already searched the {piece.label or 'piece'}")
        if scenario.victory == "rescue" and any(m.rescued for m in game.alive()):
            raise IllegalCommand("the person has already been found")
        (die,) = game.d6(1)
        found = die >= scenario.find_on
        game.emit(c.DiceRolled("container", model.id, (die,), (), scenario.find_on, ("found" if found else "empty",)))
        if not found:
            game.mark(piece.index, tried_by=(*place.tried_by, model.id))
            return
        game.mark(piece.index, searched=True)
        game.emit(c.PlaceMarked(piece.index, "searched"))
        if scenario.victory == "rescue":
            game.emit(c.ItemFound(model.id, "rescued"))
            if _join(game, model, "rescued", rescued=True) is not None:
                game.bump(model.side, survivors_found=1)
        else:
            game.update(model, elements=(*model.elements, "antidote"))
            game.emit(c.ItemFound(model.id, "antidote"))
        return
    prop = next((p for p in game.catalog.tables.prop if p.id == piece.prop), None)
    if prop is None:
        raise IllegalCommand(f"the {piece.label or 'piece'} cannot be searched")
    (die,) = game.d6(1)
    find_on = game.catalog.tables.props.find_on
    found = die >= find_on
    game.emit(c.DiceRolled("prop search", model.id, (die,), (), find_on, ("found" if found else "nothing",)))
    game.mark(piece.index, searched=True)
    game.emit(c.PlaceMarked(piece.index, "searched"))
    if found:
        _receive(game, model, prop.item)


# --- objects, first aid, entrenching, picking up, leaving the table -----------------------------


SELF_BOOSTS = ("stimulants", "cigarettes")
EDGE_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}


def _do_use_item(game: _Game, model: Model, command: c.UseItem) -> None:
    if game.active is None and command.item in SELF_BOOSTS:
        _boost_before_activation(game, model, command.item)
        return
    active = _need_active(game, model)
    if command.item not in model.objects:
        raise IllegalCommand(f"{model.name} carries no {game.catalog.item_name(command.item)}")
    item = game.catalog.object(command.item)
    if item is None:
        raise IllegalCommand(f"{command.item} is not an object")
    if item.id == "ammo_box":
        if not model.unloaded:
            raise IllegalCommand(f"{model.name} has no unloaded weapon")
        model = game.update(model, unloaded=())
        _take_object(game, model, item.id)
        game.emit(c.ItemUsed(model.id, item.id))
        return
    if item.id in SELF_BOOSTS:
        if active.moved or active.action_used:
            raise IllegalCommand(f"the {item.name} is taken at the start of the turn, before moving or acting")
        if game.boosted(model, item.id):
            raise IllegalCommand(f"the {item.name} is still working")
        boosts = tuple((i, r) for i, r in model.boosts if i != item.id) + ((item.id, game.round + 1),)
        model = game.update(model, boosts=boosts)
        model = _spend_use(game, model, item.id, item.uses or 1)
        if item.id == "stimulants":
            game.active = replace(active, remaining_cm=active.remaining_cm + 5.0)
        game.emit(c.ItemUsed(model.id, item.id))
        return
    if active.action_used:
        raise IllegalCommand(f"{model.name} has already used its action")
    if item.heals:
        target = _patient(game, model, command.target)
        uses = item.uses or 1
        if item.id == "medkit" and model.virtue == "medic":
            uses += 1
        healed = min(item.heals, target.wounds)
        game.update(target, wounds=target.wounds - healed)
        _spend_use(game, game.models[model.id], item.id, uses)
        game.emit(c.ItemUsed(model.id, item.id, target.id, healed))
    elif item.mounts_on_weapon:
        _fit_to_weapon(game, model, item, command.target)
    elif item.id == "air_horn":
        model = game.update(model, horn=True)
        _spend_use(game, model, item.id, item.uses or 1)
        game.emit(c.ItemUsed(model.id, item.id))
    else:
        raise IllegalCommand(f"the {item.name} is not used like that")
    game.active = replace(active, action_used=True)


def _fitting_problem(game: _Game, model: Model, item: Any, weapon_id: str) -> str:
    """Why ``item`` (a scope or silencer) cannot go on the carried weapon ``weapon_id`` ("" if it can)."""
    firearm = game.catalog.firearm(weapon_id)
    if firearm is None or weapon_id not in (*model.hand, *model.backpack):
        return f"name a firearm {model.name} carries to fit the {item.name} to"
    if item.silences:
        if not firearm.takes_silencer or firearm.bang == 0:
            return f"a {firearm.name} cannot take a silencer"
        if weapon_id in model.silenced:
            return f"the {firearm.name} already has a silencer"
    else:
        if not firearm.takes_scope:
            return f"a {firearm.name} cannot take a scope"
        if weapon_id in model.scoped:
            return f"the {firearm.name} already has a scope"
    return ""


def _fit_to_weapon(game: _Game, model: Model, item: Any, weapon_id: str) -> None:
    """A scope or silencer goes on a carried firearm for the rest of the game; it leaves its object slot."""
    problem = _fitting_problem(game, model, item, weapon_id)
    if problem:
        raise IllegalCommand(problem)
    model = _take_object(game, model, item.id)
    if item.silences:
        game.update(model, silenced=(*model.silenced, weapon_id))
    else:
        game.update(model, scoped=(*model.scoped, weapon_id))
    game.emit(c.ItemUsed(model.id, item.id, weapon_id))


def _boost_before_activation(game: _Game, model: Model, item_id: str) -> None:
    """Stimulants or a cigarette taken by the survivor about to activate, so they help its roll."""
    if item_id not in model.objects:
        raise IllegalCommand(f"{model.name} carries no {game.catalog.item_name(item_id)}")
    item = game.catalog.object(item_id)
    if item is None:
        raise IllegalCommand(f"{item_id} is not an object")
    if model.activated:
        raise IllegalCommand(f"{model.name} has already been activated this round")
    waiting = [m for m in game.alive(model.side) if not m.activated]
    if game.own_skill(model)[0] < max(game.own_skill(m)[0] for m in waiting):
        raise IllegalCommand("a more skilled survivor activates first")
    if game.boosted(model, item.id):
        raise IllegalCommand(f"the {item.name} is still working")
    boosts = tuple((i, r) for i, r in model.boosts if i != item.id) + ((item.id, game.round + 1),)
    model = game.update(model, boosts=boosts)
    _spend_use(game, model, item.id, item.uses or 1)
    game.emit(c.ItemUsed(model.id, item.id))


def _patient(game: _Game, model: Model, target_id: str) -> Model:
    target = game.models.get(target_id or model.id)
    if target is None or target.kind != "survivor":
        raise IllegalCommand("tend yourself or a survivor")
    if target.id != model.id and base_distance(game.figure(model), game.figure(target)) > CONTACT_CM + 0.2:
        raise IllegalCommand(f"{target.name} must be in base contact")
    if target.side != model.side and target.side != ZOMBIES and not game.individual:
        raise IllegalCommand(f"{target.name} is not in your band")
    if not target.wounds:
        raise IllegalCommand(f"{target.name} has no wound to heal")
    return target


def _do_first_aid(game: _Game, model: Model, command: c.FirstAid) -> None:
    active = _need_active(game, model)
    if model.virtue != "first_aid":
        raise IllegalCommand(f"{model.name} does not know first aid")
    if active.action_used:
        raise IllegalCommand(f"{model.name} has already used its action")
    target = _patient(game, model, command.target)
    (die,) = game.d10(1)
    healed = 1 if die >= 8 else 0
    game.emit(c.DiceRolled("first aid", model.id, (die,), (), 8, ("healed" if healed else "no effect",)))
    if healed:
        game.update(target, wounds=target.wounds - 1)
    game.emit(c.ItemUsed(model.id, "first_aid", target.id, healed))
    game.active = replace(active, action_used=True)


ENTRENCH_MIN_CM = 2.0


def _do_entrench(game: _Game, model: Model, command: c.Entrench) -> None:
    active = _need_active(game, model)
    _on_foot(game, model)
    _not_riding(game, model)
    if active.moved or active.action_used:
        raise IllegalCommand("entrenching is declared at the start of the turn, before moving or acting")
    if model.entrenched:
        raise IllegalCommand(f"{model.name} is already entrenched")
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(f"{model.name} is locked in melee")
    if not _shelter_near(game, model):
        raise IllegalCommand(f"{model.name} needs an obstacle 2 cm high or more, no taller than itself, to hide behind")
    game.update(model, entrenched=True)
    game.active = replace(active, remaining_cm=0.0)
    game.emit(c.Entrenched(model.id))


def _shelter_near(game: _Game, model: Model) -> bool:
    from game.board.model import TerrainKind  # noqa: PLC0415

    top = 3.0  # a miniature's height
    reach = BASE_RADIUS_CM + 0.6
    for piece in game.table.pieces:
        if piece.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL, TerrainKind.COVER) \
                and ENTRENCH_MIN_CM <= piece.sight_height_cm <= top and _touching_piece(game, model, piece.index):
            return True
    for wall in game.table.walls:
        if ENTRENCH_MIN_CM <= wall.height_cm <= top:
            seg = _segment_distance(model.position, wall.a, wall.b)
            if seg <= reach:
                return True
    return False


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length_sq = dx * dx + dy * dy
    t = 0.0 if length_sq < 1e-12 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length_sq))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


PICK_UP_CM = 2.0


def _do_pick_up(game: _Game, model: Model, command: c.PickUp) -> None:
    active = _need_active(game, model)
    _on_foot(game, model)
    if model.kind != "survivor":
        raise IllegalCommand("only survivors pick things up")
    if active.action_used:
        raise IllegalCommand(f"{model.name} has already used its action")
    if game.engaged_with(model):
        raise IllegalCommand(f"{model.name} is locked in melee")
    near = [g for g in game.ground if point_base_distance((g[0], g[1]), game.figure(model)) <= PICK_UP_CM]
    if not near:
        raise IllegalCommand(f"nothing lies within {PICK_UP_CM:g} cm of {model.name}")
    for entry in near:
        game.ground.remove(entry)
        item = entry[2]
        if item == "antidote":
            current = game.models[model.id]
            game.update(current, elements=(*current.elements, "antidote"))
            game.emit(c.ItemFound(model.id, item))
            continue
        before = len(game.ground)
        kept = _give(game, game.models[model.id], item)
        if not kept:
            game.ground.pop(before)
            game.ground.append(entry)  # no room: it stays where it was
        else:
            game.emit(c.ItemFound(model.id, item))
    game.active = replace(active, action_used=True)


EXCHANGE_CM = 2.0


def _do_exchange(game: _Game, model: Model, command: c.Exchange) -> None:
    """Equipment changes hands between two survivors of a band within 2 cm, neither in melee."""
    active = _need_active(game, model)
    _on_foot(game, model)
    if model.kind != "survivor":
        raise IllegalCommand("only survivors carry equipment")
    if active.action_used:
        raise IllegalCommand(f"{model.name} has already used its action")
    other = game.models.get(command.other)
    if other is None or other.id == model.id or other.side != model.side or other.kind != "survivor":
        raise IllegalCommand("exchange equipment with a survivor of the same band")
    if other.vehicle or other.stairs_cm or other.level != model.level \
            or base_distance(game.figure(model), game.figure(other)) > EXCHANGE_CM:
        raise IllegalCommand(f"{other.name} must stand within {EXCHANGE_CM:g} cm of {model.name}")
    if game.engaged_with(model) or game.engaged_with(other):
        raise IllegalCommand("nobody in melee exchanges equipment")
    if not command.give and not command.take:
        raise IllegalCommand("name what changes hands")
    giver, taker = model, other
    for item in command.give:
        giver, taker = _hand_over(game, giver, taker, item)
    taker_back, giver_back = taker, giver
    for item in command.take:
        taker_back, giver_back = _hand_over(game, taker_back, giver_back, item)
    game.update(model, **{f: getattr(giver_back, f) for f in _KIT})
    game.update(other, **{f: getattr(taker_back, f) for f in _KIT})
    game.emit(c.ItemsExchanged(model.id, other.id, command.give, command.take))
    game.active = replace(active, action_used=True)


_KIT = ("hand", "backpack", "objects", "elements", "unloaded", "scoped", "silenced", "uses")


def _hand_over(game: _Game, source: Model, holder: Model, item: str) -> tuple[Model, Model]:
    """``item`` moves from ``source`` to a free slot of ``holder`` (with its marks: unloaded, scope,
    silencer, uses spent); refused when the source lacks it or the holder has no room."""
    def without(items: tuple[str, ...]) -> tuple[str, ...]:
        rest = list(items)
        rest.remove(item)
        return tuple(rest)

    if item in source.elements:
        return replace(source, elements=without(source.elements)), replace(holder, elements=(*holder.elements, item))
    if item in source.objects:
        if len(holder.objects) >= _object_slots(game, holder):
            raise IllegalCommand(f"{holder.name} has no free object slot for the {game.catalog.item_name(item)}")
        spent = dict(source.uses).get(item)
        source = replace(source, objects=without(source.objects),
                         uses=tuple((i, n) for i, n in source.uses if i != item))
        uses = holder.uses if spent is None or item in holder.objects else tuple(sorted((*holder.uses, (item, spent))))
        return source, replace(holder, objects=(*holder.objects, item), uses=uses)
    if item in source.backpack:
        source = replace(source, backpack=without(source.backpack))
    elif item in source.hand:
        source = replace(source, hand=without(source.hand))
    else:
        raise IllegalCommand(f"{source.name} carries no {game.catalog.item_name(item)}")
    defect = game.catalog.defect(holder.defect) if holder.defect else None
    if not holder.hand:
        holder = replace(holder, hand=(item,))
    elif not holder.backpack and len(holder.hand) < 2 and not (defect is not None and defect.no_backpack):
        holder = replace(holder, backpack=(item,))
    else:
        raise IllegalCommand(f"{holder.name} has no free hand or backpack for the {game.catalog.item_name(item)}")
    still_held = item in source.hand or item in source.backpack
    for mark in ("unloaded", "scoped", "silenced"):
        if item in getattr(source, mark):
            if not still_held:
                kept: dict[str, Any] = {mark: tuple(i for i in getattr(source, mark) if i != item)}
                source = replace(source, **kept)
            if item not in getattr(holder, mark):
                added: dict[str, Any] = {mark: (*getattr(holder, mark), item)}
                holder = replace(holder, **added)
    return source, holder


def _do_leave_table(game: _Game, model: Model, command: c.LeaveTable) -> None:
    active = _need_active(game, model)
    _on_foot(game, model)
    edge = dict(game.base.exits).get(model.side)
    if edge is None:
        raise IllegalCommand("this scenario has no way off the table")
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(f"{model.name} is locked in melee")
    cost = _validate_path(game, model, command.path, active.remaining_cm, contact_with=None)[0]
    x, y = command.path[-1]
    slack = BASE_RADIUS_CM + 0.5
    gaps = {"w": x, "e": game.table.width_cm - x, "n": y, "s": game.table.height_cm - y}
    edges = tuple(gaps) if edge == "any" else (edge,)
    if not any(gaps[e] <= slack for e in edges):
        where = "a table edge" if edge == "any" else f"the {EDGE_NAMES[edge]} edge"
        raise IllegalCommand(f"the path must end touching {where}")
    game.emit(c.ModelMoved(model.id, command.path, round(cost, 3)))
    game.departed.append(game.update(model, x=x, y=y))
    game.bump(model.side, escaped=1)
    del game.models[model.id]
    game.emit(c.ModelRemoved(model.id, "escaped"))
    game.active = None
    _check_exit_victory(game, model.side)
    if not game.finished:
        _end_activation_after_exit(game, model)


def _end_activation_after_exit(game: _Game, model: Model) -> None:
    game.emit(c.ActivationEnded(model.id))
    _bang_phase(game)


def _check_exit_victory(game: _Game, seat: str) -> None:
    if exit_goal_met(game.catalog.scenario(game.base.scenario), game.score(seat), _band_size(game, seat)):
        game.finished = True
        game.winners = (seat,)
        game.emit(c.GameEnded((seat,), f"{seat} got away"))


def _band_size(game: _Game, seat: str) -> int:
    """Members that started the game, plus those who joined."""
    return sum(1 for model_id in game.roster if model_id.startswith(f"{seat}:"))


# --- dogs ---------------------------------------------------------------------------------------


def _dog_control(game: _Game, dog: Model) -> bool:
    """A dog within charge reach of an enemy must pass a check (helped by a band member within
    10 cm) or it charges that enemy. True when the dog stays under control."""
    reach = game.profile(dog).move_cm
    me = game.figure(dog)
    enemies = sorted((base_distance(me, game.figure(e)), e.id) for e in game.enemies_of(dog))
    enemies = [(d, e) for d, e in enemies if d <= reach]
    if not enemies:
        return True
    skill, modifiers = game.own_skill(dog)
    for friend in game.alive(dog.side):
        if friend.id != dog.id and base_distance(me, game.figure(friend)) <= 10.0:
            friend_skill = game.own_skill(friend)[0]
            if friend_skill > skill:
                skill, modifiers = friend_skill, [("helped by " + friend.name, friend_skill - game.own_skill(dog)[0])]
    (die,) = game.d6(1)
    kept = check_passes(die, skill)
    game.emit(c.DiceRolled("dog control", dog.id, (die,), tuple(modifiers), skill, ("pass" if kept else "fail",)))
    target = game.models[enemies[0][1]]
    game.emit(c.DogControl(dog.id, kept, "" if kept else target.id))
    if kept:
        return True
    _straight_charge(game, dog, target, reach)
    current = game.models.get(dog.id)
    if current is not None:
        engaged = game.engaged_with(current)
        if engaged:
            _melee(game, current, engaged)
    return False


def _straight_charge(game: _Game, model: Model, target: Model, reach: float) -> None:
    start = model.position
    dx, dy = target.x - start[0], target.y - start[1]
    gap = math.hypot(dx, dy)
    if gap < 1e-9:
        return
    stop = min(reach, gap - 2 * BASE_RADIUS_CM)
    others = game.figures_except(model.id)
    for fraction in (1.0, 0.9, 0.75, 0.5, 0.25):
        travel = stop * fraction
        point = (start[0] + dx / gap * travel, start[1] + dy / gap * travel)
        cost = path_cost(game.table, [start, point])
        if cost.ok and cost.cost_cm <= reach + 1e-6 and not _spot_problem(game, game.figure(model), point, others):
            game.update(model, x=point[0], y=point[1])
            game.emit(c.ModelMoved(model.id, (point,), round(cost.cost_cm, 3)))
            return


# --- taking cover -------------------------------------------------------------------------------


def _take_cover(game: _Game, model: Model, shooter: Model) -> None:
    """Move (up to the profile move, police +5 cm) to the nearest spot with difficult ground, a
    building, or scenery cutting the shooter's sight; without one, no action next turn."""
    reach = game.profile(model).move_cm + (5.0 if model.ability == "take_cover_bonus_move" else 0.0)
    start = model.position
    others = game.figures_except(model.id)
    rows = figure_rows(others)
    eye = game.figure(shooter)
    best: tuple[float, tuple[float, float]] | None = None
    for ring in (reach / 4, reach / 2, reach * 3 / 4, reach):
        for step in range(16):
            angle = step * math.pi / 8
            point = (start[0] + math.cos(angle) * ring, start[1] + math.sin(angle) * ring)
            if not game.table.on_table(point, BASE_RADIUS_CM):
                continue
            spot = Figure(model.id, point[0], point[1])
            protected = game.table.in_difficult(point) or game.table.building_at(point) is not None or \
                not can_see(game.sight_table(shooter, model), eye, spot, (), frozenset(game.base.open_portals),
                            rows=rows)
            if not protected or _spot_problem(game, game.figure(model), point, others):
                continue
            cost = path_cost(game.table, [start, point])
            if cost.ok and cost.cost_cm <= reach + 1e-6:
                best = (ring, point)
                break
        if best is not None:
            break
    if best is None:
        game.update(model, no_action_next=True)
        game.emit(c.TookCover(model.id, (), False))
        return
    point = best[1]
    game.update(model, x=point[0], y=point[1])
    game.emit(c.TookCover(model.id, (start, point), True))


# --- floors, stairs and jumping -----------------------------------------------------------------


def _stay_upstairs(game: _Game, model: Model, points: list[tuple[float, float]]) -> None:
    """On an upper floor a model walks only inside its building."""
    index = game.table.building_at(points[0])
    for a, b in zip(points, points[1:], strict=False):
        steps = max(1, math.ceil(math.dist(a, b) / 0.5))
        for i in range(1, steps + 1):
            t = i / steps
            if game.table.building_at((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)) != index:
                raise IllegalCommand(f"{model.name} is on floor {model.level}: take the stairs down first")


def _stairs_cost(game: _Game, model: Model) -> float:
    if model.ability == "free_entry":
        return 0.0
    return _entry_cost(game, model)


def _do_climb(game: _Game, model: Model, command: c.Climb) -> None:
    """Up or down the stairs (or a ladder): 5 cm onto them, then the height. Short of cm, the model
    stops part-way up and goes on (or back) next time without paying to step on again."""
    active = _need_active(game, model)
    _on_foot(game, model, stairs_ok=True)
    _not_riding(game, model)
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(f"{model.name} is locked in melee")
    if command.ladder >= 0 or model.ladder >= 0:
        _climb_ladder(game, model, command, active)
        return
    index = game.table.building_at(model.position)
    if index is None:
        raise IllegalCommand(f"{model.name} is not inside a building")
    piece = game.table.piece(index)
    if not 0 <= command.level <= piece.top_level or (command.level == model.level and not model.stairs_cm):
        roof = f" and a roof ({piece.floors})" if piece.roof else ""
        raise IllegalCommand(f"the {piece.label or 'building'} has floors 0 to {piece.floors - 1}{roof}; "
                             f"{model.name} is on {model.level}")
    if active.sprinted:
        raise IllegalCommand("no sprinting on stairs")
    storey = piece.floor_height_cm
    here = model.level * storey + model.stairs_cm
    reached, cost = _stairs_progress(game, model, here, command.level * storey, active.remaining_cm)
    level = min(int(reached / storey + 1e-6), piece.top_level)
    stairs_cm = round(reached - level * storey, 3)
    if stairs_cm < 1e-3:
        stairs_cm = 0.0
    moved = replace(model, level=level, stairs_cm=stairs_cm, ladder=-1)
    others = game.figures_except(model.id)
    problem = _spot_problem(game, game.figure(moved), model.position, others)
    if problem:
        raise IllegalCommand(problem)
    before, before_stairs = model.level, model.stairs_cm
    model = game.update(model, level=level, stairs_cm=stairs_cm, ladder=-1, entrenched=False)
    game.active = replace(active, remaining_cm=max(0.0, active.remaining_cm - cost), moved=True)
    game.emit(c.Climbed(model.id, level, round(cost, 3), stairs_cm=stairs_cm))
    if not stairs_cm and 0 < level < piece.floors:  # a floor is a place of its own; the roof is open air
        _enter_building(game, model, index, sprinting=False, retreat_to=model.position, came_from_level=before,
                        came_from_stairs_cm=before_stairs)


def _stairs_progress(game: _Game, model: Model, here: float, goal: float, budget: float) -> tuple[float, float]:
    """How high a model climbing from ``here`` toward ``goal`` gets with ``budget`` cm, and what it
    pays: stepping onto the stairs (unless already on them) and each cm of height."""
    entry = 0.0 if model.stairs_cm else _stairs_cost(game, model)
    cost = entry + abs(goal - here)
    if cost <= budget + 1e-6:
        return goal, cost
    if budget - entry <= 1e-6:
        raise IllegalCommand(f"stepping onto the stairs costs {entry:g} cm; {model.name} has {budget:.1f} cm left")
    step = budget - entry
    return here + (step if goal > here else -step), budget


def _climb_ladder(game: _Game, model: Model, command: c.Climb, active: Activation) -> None:
    """Up a ladder (a stairs piece outside a roofed building) from its foot to the roof, or down it
    from the roof: 5 cm onto it plus the building's height, like the stairs. Part-way up, the model
    stands at the ladder's foot, that high up."""
    table = game.table
    ladder_index = model.ladder if model.ladder >= 0 else command.ladder
    if not 0 <= ladder_index < len(table.pieces) or table.piece(ladder_index).kind is not TerrainKind.STAIRS:
        raise IllegalCommand("that is not a ladder or a stairway")
    if command.ladder >= 0 and command.ladder != ladder_index:
        raise IllegalCommand(f"{model.name} is part-way up another ladder")
    if active.sprinted:
        raise IllegalCommand("no sprinting on stairs")
    ladder = table.piece(ladder_index)
    others = game.figures_except(model.id)

    def foot_ok(p: tuple[float, float]) -> bool:
        return table.building_at(p) is None and ladder in table.ladders_at(p) \
            and not _spot_problem(game, Figure(model.id, *p), p, others)

    if game.on_roof(model):
        index = table.building_at(model.position)
        assert index is not None
        piece = table.piece(index)
        if command.level != 0:
            raise IllegalCommand("a ladder goes down to the ground (level 0)")
        if piece not in table.roofs_reached_by(ladder):
            raise IllegalCommand(f"that ladder does not reach the roof of the {piece.label or 'building'}")
        if ladder not in table.ladders_at(model.position, LADDER_TOP_REACH_CM):
            raise IllegalCommand(f"{model.name} must stand at the top of the ladder")
        here = piece.top_cm
    elif model.ladder >= 0:  # part-way up: on to the roof or back down to the ground
        roofs = [r for r in table.roofs_reached_by(ladder) if command.level in (0, r.floors)]
        if not roofs:
            raise IllegalCommand(f"that ladder goes down to the ground (0) or up to a roof, not to {command.level}")
        piece = min(roofs, key=lambda r: distance_to_edges(r, model.position))
        here = model.stairs_cm
    else:
        if model.level:
            raise IllegalCommand(f"{model.name} is on floor {model.level}: take the stairs down first")
        if ladder not in table.ladders_at(model.position):
            raise IllegalCommand(f"{model.name} must stand at the foot of the ladder")
        roofs = [r for r in table.roofs_reached_by(ladder) if r.floors == command.level]
        if not roofs:
            raise IllegalCommand(f"that ladder reaches no roof at level {command.level}")
        piece = min(roofs, key=lambda r: distance_to_edges(r, model.position))
        here = 0.0
    goal = piece.top_cm if command.level else 0.0
    reached, cost = _stairs_progress(game, model, here, goal, active.remaining_cm)
    if reached >= piece.top_cm - 1e-3:  # on the roof, beside the ladder
        up = Figure(model.id, model.x, model.y, BASE_RADIUS_CM, model.kind, piece.top_cm)
        spot = _spot_around(game, ladder, lambda p: table.building_at(p) == piece.index and holds_base(piece, p)
                            and not _spot_problem(game, up, p, others))
        level, stairs_cm, on = piece.floors, 0.0, -1
    else:  # at its foot, on the ground or part-way up
        spot = model.position if (model.ladder >= 0 or not model.level and not game.on_roof(model)) \
            and foot_ok(model.position) else _spot_around(game, ladder, foot_ok)
        level, stairs_cm, on = 0, round(max(0.0, reached), 3), ladder_index
        if stairs_cm < 1e-3:
            stairs_cm, on = 0.0, -1
    if spot is None:
        raise IllegalCommand("there is no room at the other end of the ladder")
    model = game.update(model, x=spot[0], y=spot[1], level=level, stairs_cm=stairs_cm, ladder=on, entrenched=False)
    game.active = replace(active, remaining_cm=max(0.0, active.remaining_cm - cost), moved=True)
    game.emit(c.ModelMoved(model.id, (spot,), 0.0))
    game.emit(c.Climbed(model.id, level, round(cost, 3), stairs_cm=stairs_cm))


def _spot_around(game: _Game, ladder: Any, accept: Any, max_cm: float = 8.0) -> tuple[float, float] | None:
    """The spot nearest the ladder's middle that ``accept`` takes (rings of 0.5 cm)."""
    xs, ys = zip(*ladder.polygon, strict=True)
    centre = (sum(xs) / len(xs), sum(ys) / len(ys))
    return _spot_in_rings(centre, lambda p: game.table.on_table(p, BASE_RADIUS_CM) and accept(p), max_cm)


def _spot_in_rings(centre: tuple[float, float], accept: Any, max_cm: float) -> tuple[float, float] | None:
    """The first spot ``accept`` takes, from ``centre`` outward in rings 0.5 cm apart (16 per ring)."""
    for ring in range(int(max_cm / 0.5) + 1):
        radius = ring * 0.5
        for step in range(16 if ring else 1):
            angle = step * math.pi / 8
            point = (centre[0] + math.cos(angle) * radius, centre[1] + math.sin(angle) * radius)
            if accept(point):
                return point
    return None


def _landing_surface(game: _Game, point: tuple[float, float], level: int) -> tuple[float, int | None, str] | str:
    """Height, building and kind ("floor", "roof" or "top") of the place a jump lands on, or why
    it cannot land there."""
    index = game.table.building_at(point)
    if index is not None:
        piece = game.table.piece(index)
        if not 0 < level <= piece.top_level:
            roof = f" and its roof ({piece.floors})" if piece.roof else ""
            return f"the {piece.label or 'building'} has upper floors 1 to {piece.floors - 1}{roof}"
        return level * piece.floor_height_cm, index, "roof" if level == piece.floors else "floor"
    top = game.table.standing_top_cm(point)
    if level == 0 and top > 0:
        return top, None, "top"
    return "land on a raised place: an upper floor or the roof of another building, or on top of an obstacle"


def _do_jump(game: _Game, model: Model, command: c.Jump) -> None:
    """Across a gap to a raised place (an upper floor or roof of another building, the top of an
    obstacle), from another raised place or from the ground (then at most 5 cm up): the gap and the
    height change are paid from the move; short of cm, the jumper falls into the gap (a wound per
    full 5 cm of the place it aimed for); landed, it runs on 5 cm and, from higher than 5 cm, must
    pass a landing check or lose its next activation."""
    active = _need_active(game, model)
    _on_foot(game, model)
    _not_riding(game, model)
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(f"{model.name} is locked in melee")
    start = model.position
    takeoff = game.height_of(model)
    home = game.table.building_at(start)
    landing = command.landing
    surface = _landing_surface(game, landing, command.level)
    if isinstance(surface, str):
        raise IllegalCommand(surface)
    height, target, where = surface
    if target is not None and target == home:
        raise IllegalCommand("land on a floor of another building")
    if target is None and math.dist(start, landing) < 1e-6:
        raise IllegalCommand("land somewhere else")
    gap = math.dist(start, landing)
    if gap > JUMP_GAP_CM + 1e-6:
        raise IllegalCommand(f"a jump spans at most {JUMP_GAP_CM:g} cm, not {gap:.1f}")
    if abs(height - takeoff) > JUMP_HEIGHT_CM + 1e-6:
        raise IllegalCommand(f"a jump climbs or drops at most {JUMP_HEIGHT_CM:g} cm, not {abs(height - takeoff):g}")
    over = {i for i, up in ((home, game.on_roof(model)), (target, where == "roof")) if i is not None and up}
    problem = jump_line_problem(game.table, start, landing, over)
    if problem:
        raise IllegalCommand(problem)
    cost = gap + abs(height - takeoff)
    angle = math.atan2(landing[1] - start[1], landing[0] - start[0])
    if cost > active.remaining_cm + 1e-6:
        _fall_short_of_jump(game, model, start, angle, active, height)
        return
    lander = replace(model, x=landing[0], y=landing[1], level=command.level)
    others = game.figures_except(model.id)
    problem = _spot_problem(game, game.figure(lander), landing, others)
    if problem:
        raise IllegalCommand(problem)

    def same_surface(point: tuple[float, float]) -> bool:
        if target is not None:
            return game.table.building_at(point) == target
        return abs(game.table.standing_top_cm(point) - height) < 1e-6

    end = landing
    for step in (JUMP_MOMENTUM_CM, 4.0, 3.0, 2.0, 1.0):  # the momentum: 5 cm on, or as far as it goes
        point = (landing[0] + math.cos(angle) * step, landing[1] + math.sin(angle) * step)
        if same_surface(point) and not _spot_problem(
                game, game.figure(replace(lander, x=point[0], y=point[1])), point, others):
            end = point
            break
    model = game.update(model, x=end[0], y=end[1], level=command.level, entrenched=False)
    remaining = active.remaining_cm - cost
    game.emit(c.Jumped(model.id, (landing, end), command.level, round(cost, 3)))
    if takeoff > LANDING_CHECK_ABOVE_CM:
        skill, modifiers = game.check_skill(model)
        (die,) = game.d6(1)
        landed = check_passes(die, skill)
        if not landed and model.virtue == "agile":
            (die,) = game.d6(1)
            landed = check_passes(die, skill)
            modifiers = [*modifiers, ("agile re-roll", 0)]
        game.emit(c.DiceRolled("landing", model.id, (die,), tuple(modifiers), skill, ("pass" if landed else "fail",)))
        if not landed:
            model = game.update(model, cannot_activate_round=game.round + 1)
            remaining = 0.0
    game.active = replace(active, remaining_cm=max(0.0, remaining), moved=True)
    if where == "floor" and target is not None:
        _enter_building(game, model, target, sprinting=active.sprinted)


def _fall_short_of_jump(game: _Game, model: Model, start: tuple[float, float], angle: float, active: Activation,
                        height: float) -> None:
    """Not enough move left: it drops into the gap, a wound per full 5 cm of the floor it aimed for."""
    reach = max(0.0, active.remaining_cm)
    spot = (start[0] + math.cos(angle) * reach, start[1] + math.sin(angle) * reach)
    others = game.figures_except(model.id)
    if game.table.building_at(spot) is not None or _spot_problem(game, Figure(model.id, *spot), spot, others):
        for step in range(1, 40):
            candidate = (spot[0] + math.cos(angle) * 0.5 * step, spot[1] + math.sin(angle) * 0.5 * step)
            back = (spot[0] - math.cos(angle) * 0.5 * step, spot[1] - math.sin(angle) * 0.5 * step)
            found = next((p for p in (back, candidate) if game.table.building_at(p) is None
                          and not _spot_problem(game, Figure(model.id, *p), p, others)), None)
            if found is not None:
                spot = found
                break
    model = game.update(model, x=spot[0], y=spot[1], level=0, entrenched=False)
    game.active = replace(active, remaining_cm=0.0, moved=True)
    game.emit(c.Jumped(model.id, (spot,), 0, round(reach, 3), fell=True))
    wounds = int(height // FALL_WOUND_CM)
    if wounds:
        _wound(game, model, wounds, None, melee=False)


# --- vehicles -----------------------------------------------------------------------------------

TURN_COST_CM = 10.0
START_BANG = 2
DOOR_REACH_CM = 0.4  # a base this close to a side or the rear touches a door
RADIATOR_CM = 5.0
RUNAWAY_CASUALTY_ON = 3  # D6 for each figure in a runaway's path
VEHICLE_ZOMBIE_ON = 1  # D6 when a vehicle is first touched


def _table_vehicles(board: Board, table: Table, catalog: Catalog) -> tuple[Table, list[Vehicle]]:
    """Vehicle markers become vehicles; the obstacle drawn under a marker (the same car, as
    scenery) leaves the rules' table, since the car may now drive away."""
    vehicles: list[Vehicle] = []
    pieces = list(table.pieces)
    replaced = False
    for marker in (m for m in board.markers if m.kind is MarkerKind.VEHICLE):
        under = [p for p in table.pieces_at(marker.position) if p.kind in (TerrainKind.OBSTACLE, TerrainKind.COVER)]
        wanted = str(marker.properties.get("vehicle", "") or "")
        if not wanted:  # named after the scenery drawn under it ("Van"), else a saloon car
            words = " ".join(p.label.lower() for p in under)
            wanted = next((v.id for v in catalog.vehicles if v.id in words or v.name.lower() in words), "saloon")
        spec = catalog.vehicle(wanted)
        if spec is None:
            raise ValueError(f"vehicle marker at {marker.position}: no vehicle called {wanted!r}")
        w, h = marker.size
        length, width = (max(w, h), min(w, h)) if w > 0 and h > 0 else (spec.length_cm, spec.width_cm)
        facing_deg = marker.properties.get("facing_deg")
        facing = math.radians(float(str(facing_deg))) if facing_deg is not None else (0.0 if w >= h else math.pi / 2)
        vehicles.append(Vehicle(f"v{len(vehicles) + 1}", spec.id, marker.position[0], marker.position[1], facing,
                                length, width))
        for piece in under:
            pieces[piece.index] = make_piece(piece.index, TerrainKind.OBSTACLE, piece.polygon, 0.0, 0, piece.label)
            replaced = True
    if replaced:
        table = Table.build(table.width_cm, table.height_cm, pieces, table.walls)
    return table, vehicles


def _vehicle_spot(game: _Game, near: tuple[float, float], length: float, width: float,
                  inside: tuple[float, float, float, float] | None = None,
                  keep_clear: tuple[str, ...] = ()) -> Footprint | None:
    """The nearest place (rings around ``near``) where a body of that size stands free of scenery,
    vehicles and bases (except ``keep_clear`` models, about to get in)."""
    figures = [game.figure(m) for m in game.alive() if not m.vehicle and m.id not in keep_clear]
    bodies = [game.body(v) for v in game.vehicles.values()]
    for ring in (0.0, 2.0, 4.0, 6.0, 8.0, 11.0, 14.0, 18.0, 22.0, 27.0, 33.0):
        for step in range(1 if ring == 0 else 16):
            angle = step * math.pi / 8
            x, y = near[0] + math.cos(angle) * ring, near[1] + math.sin(angle) * ring
            for facing in (0.0, math.pi / 2, math.pi, -math.pi / 2):
                body = Footprint(x, y, facing, length, width)
                if inside is not None:
                    x0, y0, x1, y1 = body.bounds()
                    ax, ay, aw, ah = inside
                    if x0 < ax or y0 < ay or x1 > ax + aw or y1 > ay + ah:
                        continue
                if footprint_problem(game.table, body) or any(footprints_overlap(body, b) for b in bodies):
                    continue
                if any(figure_footprint_gap(body, f) < 0.1 for f in figures):
                    continue
                return body
    return None


def _deploy_own_vehicle(game: _Game, entry: BandEntry, vehicle_id: str,
                        area: tuple[float, float, float, float]) -> None:
    """A bought vehicle stands in the band's deployment area; with ``aboard`` the band starts in it,
    the most skilled at the wheel."""
    spec = game.catalog.vehicle(vehicle_id)
    if spec is None:
        return
    members = [m for m in game.alive(entry.seat) if not m.vehicle and m.kind == "survivor"]
    members.sort(key=lambda m: -game.own_skill(m)[0])
    riders = members[: spec.seats] if entry.aboard else []
    centre = (area[0] + area[2] / 2, area[1] + area[3] / 2)
    keep = tuple(m.id for m in riders)
    body = _vehicle_spot(game, centre, spec.length_cm, spec.width_cm, inside=area, keep_clear=keep) or \
        _vehicle_spot(game, centre, spec.length_cm, spec.width_cm, keep_clear=keep)
    if body is None:
        raise ValueError(f"no room for the {entry.band.name}'s {spec.name} near its deployment area")
    number = len(game.vehicles) + 1
    vehicle = Vehicle(f"v{number}", spec.id, body.x, body.y, body.facing, body.length_cm, body.width_cm,
                      owner=entry.seat, opened=True)
    game.vehicles[vehicle.id] = vehicle
    game.emit(c.VehiclePlaced(vehicle.id, vehicle.position, vehicle.facing, "own"))
    for seat, member in enumerate(riders):
        game.update(member, vehicle=vehicle.id, seat=seat, x=vehicle.x, y=vehicle.y)


def _place_found_vehicle(game: _Game, finder: Model, vehicle_id: str) -> Vehicle | None:
    """A shop's vehicle reward: parked outside, as near the finder as it fits."""
    spec = game.catalog.vehicle(vehicle_id)
    if spec is None:
        return None
    near = finder.position
    building = game.table.building_at(near)
    if building is not None:
        piece = game.table.piece(building)
        if piece.portals:
            a, b, _, _ = min(piece.portals, key=lambda p: math.dist(near, ((p[0][0] + p[1][0]) / 2,
                                                                          (p[0][1] + p[1][1]) / 2)))
            near = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    body = _vehicle_spot(game, near, spec.length_cm, spec.width_cm)
    if body is None:
        return None
    vehicle = Vehicle(f"v{len(game.vehicles) + 1}", spec.id, body.x, body.y, body.facing, body.length_cm,
                      body.width_cm, opened=True)
    while vehicle.id in game.vehicles:
        vehicle = replace(vehicle, id=vehicle.id + "b")
    game.vehicles[vehicle.id] = vehicle
    game.emit(c.VehiclePlaced(vehicle.id, vehicle.position, vehicle.facing, "shop"))
    return vehicle


def _spot_problem(game: _Game, mover: Figure, point: tuple[float, float], figures: Any) -> str:
    """Where a base cannot stand: the table's reasons, or inside a vehicle's body."""
    problem = destination_problem(game.table, mover, point, figures)
    if problem:
        return problem
    moved = Figure(mover.id, point[0], point[1], mover.radius_cm, mover.kind, mover.base_cm)
    if mover.base_cm:
        return ""  # upstairs: no vehicle is in the way
    for vehicle in game.vehicles.values():
        if figure_footprint_gap(game.body(vehicle), moved) < -0.05:
            return f"the base would overlap the {game.catalog.vehicle(vehicle.vehicle).name}"  # type: ignore[union-attr]
    return ""


def _path_hits_vehicle(game: _Game, points: list[tuple[float, float]], radius: float = BASE_RADIUS_CM) -> str:
    """The name of a vehicle a base walking these legs would pass through ("" for none)."""
    for vehicle in game.vehicles.values():
        body = game.body(vehicle)
        x0, y0, x1, y1 = body.bounds()
        for a, b in zip(points, points[1:], strict=False):
            if max(a[0], b[0]) < x0 - radius or min(a[0], b[0]) > x1 + radius \
                    or max(a[1], b[1]) < y0 - radius or min(a[1], b[1]) > y1 + radius:
                continue
            steps = max(1, math.ceil(math.dist(a, b) / 0.5))
            for i in range(steps + 1):
                t = i / steps
                point = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                if footprint_distance(body, point) < radius - 0.05:
                    spec = game.catalog.vehicle(vehicle.vehicle)
                    return spec.name if spec else "vehicle"
    return ""


def _spec(game: _Game, vehicle: Vehicle) -> Any:
    spec = game.catalog.vehicle(vehicle.vehicle)
    assert spec is not None
    return spec


def _on_foot(game: _Game, model: Model, stairs_ok: bool = False) -> None:
    vehicle = game.riding(model)
    if vehicle is not None:
        raise IllegalCommand(f"{model.name} is in the {_spec(game, vehicle).name}: get out first")
    if model.stairs_cm and not stairs_ok:
        raise IllegalCommand(f"{model.name} is part-way up the {'ladder' if model.ladder >= 0 else 'stairs'}: "
                             "climb on up or back down first")


def _entry_cost(game: _Game, model: Model) -> float:
    if model.defect and (d := game.catalog.defect(model.defect)) is not None and d.entry_cost_cm is not None:
        return d.entry_cost_cm
    return ENTRY_COST_CM


def _at_door(game: _Game, vehicle: Vehicle, point: tuple[float, float]) -> str:
    """Why a base at ``point`` is not at a door of the vehicle ("" when it is)."""
    body = game.body(vehicle)
    gap = figure_footprint_gap(body, Figure("door", point[0], point[1]))
    if gap < -0.05 or gap > DOOR_REACH_CM:
        return "the base must touch the vehicle"
    if not _spec(game, vehicle).two_wheeled and footprint_side(body, point) == "front":
        return "get in and out by a side or the rear, not the front"
    return ""


def _follow(game: _Game, vehicle: Vehicle) -> None:
    """Riders sit at the body's centre."""
    for rider in game.occupants(vehicle.id):
        game.update(rider, x=vehicle.x, y=vehicle.y)


def _vehicle_touched(game: _Game, model: Model, vehicle: Vehicle) -> bool:
    """The first touch of a found vehicle: on a 1 a zombie was inside. True when one came out."""
    if vehicle.opened or _spec(game, vehicle).two_wheeled or vehicle.owner == model.side or model.kind != "survivor":
        return False
    (die,) = game.d6(1)
    inside = die <= VEHICLE_ZOMBIE_ON
    game.emit(c.DiceRolled("zombie in the vehicle", model.id, (die,), (), VEHICLE_ZOMBIE_ON,
                           ("zombie" if inside else "empty",)))
    game.set_vehicle(vehicle, opened=True)
    game.emit(c.VehicleStatus(vehicle.id, "opened"))
    if not inside:
        return False
    spot = _free_spot_near(game, model.position, 2 * BASE_RADIUS_CM + 0.01)
    if spot is None:
        return False
    zombie = Model(id=f"z{game.next_zombie}", side=ZOMBIES, kind="zombie", profile="walker", name="Walker",
                   x=spot[0], y=spot[1], activated=_zombies_have_acted(game))
    game.next_zombie += 1
    game.models[zombie.id] = zombie
    game.order_ids.append(zombie.id)
    game.emit(c.ZombieSpawned(zombie.id, spot, "vehicle"))
    zombie_die, survivor_die = game.d6(2)
    skill, modifiers = game.check_skill(model)
    zombie_skill = game.profile(zombie).skill
    if model.ability == "reroll_surprise" and survivor_die + skill <= zombie_die + zombie_skill:
        survivor_die = game.d6(1)[0]
        modifiers = [*modifiers, ("re-roll", 0)]
    winner = "survivor" if survivor_die + skill > zombie_die + zombie_skill else "zombies"
    game.emit(c.DiceRolled("surprise", model.id, (survivor_die, zombie_die),
                           (("skill", skill), *modifiers, ("zombie", zombie_skill)), 0, (winner,)))
    if winner == "survivor":
        firearm = _firearm_in_hand(game, model)
        if firearm is not None and not firearm.template_diameter_cm:
            with contextlib.suppress(IllegalCommand):
                _shoot(game, model, firearm, ((zombie.id, firearm.shots_min),), reaction=True)
    if model.id in game.models and zombie.id in game.models:
        _melee(game, game.models[model.id], [game.models[zombie.id]])
        _after_fight(game, model.id)
    return True


def _do_board(game: _Game, model: Model, command: c.BoardVehicle) -> None:
    active = _need_active(game, model)
    _on_foot(game, model)
    _not_riding(game, model)
    if model.kind != "survivor":
        raise IllegalCommand("only survivors ride in vehicles")
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(f"{model.name} is locked in melee")
    vehicle = game.vehicles.get(command.vehicle)
    if vehicle is None:
        raise IllegalCommand("no such vehicle on the table")
    spec = _spec(game, vehicle)
    if vehicle.broken:
        raise IllegalCommand(f"the {spec.name} is broken down")
    taken = {m.seat for m in game.occupants(vehicle.id)}
    free = [s for s in range(spec.seats) if s not in taken]
    if not free:
        raise IllegalCommand(f"the {spec.name} is full ({spec.seats} seats)")
    seat = free[0] if command.seat < 0 else command.seat
    if seat not in free:
        raise IllegalCommand(f"seat {seat} of the {spec.name} is not free" if 0 <= seat < spec.seats
                             else f"the {spec.name} has seats 0 to {spec.seats - 1}")
    entry = _entry_cost(game, model)
    walked = 0.0
    end = model.position
    if command.path:
        walked, entered = _validate_path(game, model, command.path, active.remaining_cm - entry, contact_with=None)
        if entered:
            raise IllegalCommand("walk to the vehicle without going through a building")
        end = command.path[-1]
    elif active.remaining_cm + 1e-6 < entry:
        raise IllegalCommand(f"getting in costs {entry:g} cm; {model.name} has {active.remaining_cm:.1f} cm left")
    problem = _at_door(game, vehicle, end)
    if problem:
        raise IllegalCommand(problem)
    if command.path:
        model = game.update(model, x=end[0], y=end[1], entrenched=False)
        game.emit(c.ModelMoved(model.id, command.path, round(walked, 3)))
    game.active = replace(active, remaining_cm=0.0, moved=True)
    if _vehicle_touched(game, model, vehicle) or model.id not in game.models:
        return  # a zombie was inside: no getting in this turn
    vehicle = game.vehicles[vehicle.id]
    game.update(game.models[model.id], vehicle=vehicle.id, seat=seat, x=vehicle.x, y=vehicle.y, entrenched=False)
    game.set_vehicle(vehicle, moving=False)  # it stopped to let someone on
    game.emit(c.VehicleBoarded(model.id, vehicle.id, seat))


def _do_leave_vehicle(game: _Game, model: Model, command: c.LeaveVehicle) -> None:
    active = _need_active(game, model)
    vehicle = game.riding(model)
    if vehicle is None:
        raise IllegalCommand(f"{model.name} is not in a vehicle")
    spec = _spec(game, vehicle)
    if vehicle.held_round == game.round:
        raise IllegalCommand(f"nobody can get out of the {spec.name} this turn")
    if not command.path:
        raise IllegalCommand("say where to get out")
    entry = _entry_cost(game, model)
    if active.remaining_cm + 1e-6 < entry:
        raise IllegalCommand(f"getting out costs {entry:g} cm; {model.name} has {active.remaining_cm:.1f} cm left")
    door = command.path[0]
    problem = _at_door(game, vehicle, door)
    others = game.figures_except(model.id)
    problem = problem or _spot_problem(game, Figure(model.id, door[0], door[1]), door, others)
    if problem:
        raise IllegalCommand(problem)
    outside = replace(model, x=door[0], y=door[1], vehicle="", seat=-1)
    game.models[model.id] = outside
    walked = 0.0
    if len(command.path) > 1:
        walked, _ = _validate_path(game, outside, command.path[1:], active.remaining_cm - entry, contact_with=None)
    end = command.path[-1]
    model = game.update(outside, x=end[0], y=end[1], entrenched=False)
    game.set_vehicle(vehicle, moving=False)
    game.emit(c.VehicleLeft(model.id, vehicle.id, door))
    if len(command.path) > 1:
        game.emit(c.ModelMoved(model.id, command.path[1:], round(walked, 3)))
    game.active = replace(active, remaining_cm=active.remaining_cm - entry - walked, moved=True)


def _do_change_seat(game: _Game, model: Model, command: c.ChangeSeat) -> None:
    active = _need_active(game, model)
    vehicle = game.riding(model)
    if vehicle is None:
        raise IllegalCommand(f"{model.name} is not in a vehicle")
    spec = _spec(game, vehicle)
    if active.action_used:
        raise IllegalCommand(f"{model.name} has already used its action")
    if not 0 <= command.seat < spec.seats or command.seat == model.seat:
        raise IllegalCommand(f"choose another of the {spec.name}'s seats (0 to {spec.seats - 1})")
    other = next((m for m in game.occupants(vehicle.id) if m.seat == command.seat), None)
    if other is not None:
        game.update(other, seat=model.seat, activated=True)
        game.emit(c.SeatChanged(other.id, vehicle.id, model.seat))
    game.update(model, seat=command.seat)
    game.emit(c.SeatChanged(model.id, vehicle.id, command.seat))
    game.active = replace(active, action_used=True)


def _needs_start(game: _Game, vehicle: Vehicle) -> bool:
    return not vehicle.running or vehicle.stalled


def _start_engine(game: _Game, driver: Model, vehicle: Vehicle) -> bool:
    """Will it work? Own vehicles start by themselves (until their first mishap); a petrol can
    starts any; otherwise a D6: 4+ (mechanics 2+, gangsters +1)."""
    if vehicle.owner == driver.side and vehicle.crashes == 0:
        how, started = "own vehicle", True
    elif any("petrol_can" in m.objects for m in game.occupants(vehicle.id)):
        carrier = next(m for m in game.occupants(vehicle.id) if "petrol_can" in m.objects)
        _take_object(game, carrier, "petrol_can")
        how, started = "petrol can", True
    else:
        need = 2 if driver.virtue == "mechanic" else 4
        modifiers: list[tuple[str, int]] = []
        if driver.ability == "vehicle_start_bonus":
            modifiers.append(("band ability", 1))
        (die,) = game.d6(1)
        started = die + sum(v for _, v in modifiers) >= need
        game.emit(c.DiceRolled("will it start", driver.id, (die,), tuple(modifiers), need,
                               ("starts" if started else "dead",)))
        how = "roll"
    game.emit(c.VehicleStarted(vehicle.id, driver.id, started, how))
    if not started:
        game.set_vehicle(vehicle, stalled=True)
        return False
    game.set_vehicle(vehicle, running=True, stalled=False)
    game.bangs.append(Bang(vehicle.x, vehicle.y, START_BANG))
    game.emit(c.BangPlaced(vehicle.position, START_BANG))
    return True


def _angle_gap(a: float, b: float) -> float:
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def _plan_drive(game: _Game, vehicle: Vehicle, command: c.Drive) -> tuple[list[tuple[Footprint, float, str]], float]:
    """The legs of a drive (body after turning, length, the vehicle it rams at the end, if any) and
    its cost; raises IllegalCommand when the vehicle cannot go that way or that far."""
    spec = _spec(game, vehicle)
    body = game.body(vehicle)
    others = [(v.id, game.body(v)) for v in game.vehicles.values() if v.id != vehicle.id]
    walkers = [game.figure(m) for m in game.alive() if not m.vehicle]
    legs: list[tuple[Footprint, float, str]] = []
    cost = 0.0
    for number, point in enumerate(command.path):
        front = body.front
        length = math.dist(front, point)
        if length < 1e-6:
            continue
        heading = math.atan2(point[1] - front[1], point[0] - front[0])
        facing = heading + math.pi if command.reverse else heading
        turned = _angle_gap(facing, body.facing) > math.radians(2)
        if turned:
            body = body.with_front_at(front, facing)
            cost += TURN_COST_CM
            if footprint_problem(game.table, body) or any(footprints_overlap(body, o) for _, o in others) \
                    or any(figure_footprint_gap(body, f) < -0.05 for f in walkers):
                raise IllegalCommand(f"no room for the {spec.name} to turn there")
        result = sweep(game.table, body, length, [], others, backwards=command.reverse)
        last = number == len(command.path) - 1
        if result.stopped_by and not (result.stopped_by in game.vehicles and last):
            raise IllegalCommand(f"the {spec.name} would hit {result.stopped_by}")
        length = result.travelled_cm if result.stopped_by else length
        steps = max(1, math.ceil(length / 0.5))
        direction = heading
        for i in range(steps):
            t = (i + 0.5) / steps * length
            spot = (front[0] + math.cos(direction) * t, front[1] + math.sin(direction) * t)
            factor = 2.0 if spec.difficult_halved and game.table.in_difficult(spot) else 1.0
            cost += length / steps * factor * (2.0 if command.reverse else 1.0)
        if spec.run_over == "none":
            blocked = sweep(game.table, body, length, walkers, others, backwards=command.reverse).met
            if blocked:
                raise IllegalCommand(f"a {spec.name} cannot run anyone over: {blocked[0][0]} is in the way")
        legs.append((body, length, result.stopped_by))
        body = result.footprint if result.stopped_by else Footprint(
            body.x + math.cos(direction) * length, body.y + math.sin(direction) * length, body.facing,
            body.length_cm, body.width_cm)
    if cost > spec.move_cm + 1e-6:
        raise IllegalCommand(f"that drive costs {cost:.1f} cm; the {spec.name} moves {spec.move_cm:g} cm")
    return legs, cost


def _do_drive(game: _Game, model: Model, command: c.Drive) -> None:
    active = _need_active(game, model)
    vehicle = game.riding(model)
    if vehicle is None:
        raise IllegalCommand(f"{model.name} is not in a vehicle")
    spec = _spec(game, vehicle)
    if model.seat != 0:
        raise IllegalCommand(f"only the driver drives the {spec.name}")
    if vehicle.broken:
        raise IllegalCommand(f"the {spec.name} is broken down")
    if active.drove:
        raise IllegalCommand(f"the {spec.name} has already moved this turn")
    if not spec.two_wheeled and active.action_used:
        raise IllegalCommand(f"{model.name} has already used its action")
    if vehicle.held_round == game.round:
        raise IllegalCommand(f"the {spec.name} cannot move this turn")
    if command.reverse and spec.two_wheeled:
        raise IllegalCommand(f"a {spec.name} cannot reverse")
    legs, cost = _plan_drive(game, vehicle, command)
    game.active = replace(active, drove=True, action_used=active.action_used or not spec.two_wheeled)
    if _needs_start(game, vehicle) and not _start_engine(game, model, vehicle):
        return
    vehicle = game.vehicles[vehicle.id]
    poses: list[tuple[float, float, float]] = []
    for body, length, rams in legs:
        others = [(v.id, game.body(v)) for v in game.vehicles.values() if v.id != vehicle.id]
        walkers = [game.figure(m) for m in game.alive() if not m.vehicle]
        result = sweep(game.table, body, length, walkers, others, backwards=command.reverse)
        direction = body.facing + (math.pi if command.reverse else 0.0)
        for victim_id, at in sorted(result.met, key=lambda hit: hit[1]):
            victim = game.models.get(victim_id)
            if victim is None:
                continue
            outcome = _run_over_roll(game, game.models.get(model.id, model), vehicle)
            game.emit(c.RanOver(vehicle.id, victim_id, outcome))
            contact = Footprint(body.x + math.cos(direction) * at, body.y + math.sin(direction) * at, body.facing,
                                body.length_cm, body.width_cm)
            if outcome in ("one_less", "radiator"):
                _wound(game, victim, 1, game.models.get(model.id), melee=False)
            if outcome != "one_less":
                poses.append((contact.x, contact.y, contact.facing))
                _place_vehicle(game, vehicle.id, contact)
                game.emit(c.VehicleMoved(vehicle.id, tuple(poses), round(cost, 3)))
                _runaway(game, vehicle.id, "radiator" if outcome == "radiator" else "out of control",
                         command.reverse, game.models.get(model.id))
                return
        _place_vehicle(game, vehicle.id, result.footprint)
        poses.append((result.footprint.x, result.footprint.y, result.footprint.facing))
        if rams in game.vehicles:
            game.emit(c.VehicleMoved(vehicle.id, tuple(poses), round(cost, 3)))
            _collide(game, vehicle.id, rams)
            return
    game.emit(c.VehicleMoved(vehicle.id, tuple(poses), round(cost, 3)))
    if vehicle.id in game.vehicles and poses:
        game.set_vehicle(game.vehicles[vehicle.id], moving=True, moved_round=game.round)
        _clear_path(game, vehicle.id)


def _place_vehicle(game: _Game, vehicle_id: str, body: Footprint) -> None:
    vehicle = game.set_vehicle(game.vehicles[vehicle_id], x=body.x, y=body.y, facing=body.facing,
                               moved_round=game.round)
    for rider in game.occupants(vehicle_id):
        game.update(rider, entrenched=False)
    _follow(game, vehicle)


def _clear_path(game: _Game, vehicle_id: str) -> None:
    """Bases left under the body (survivors of a run-over) step aside."""
    vehicle = game.vehicles.get(vehicle_id)
    if vehicle is None:
        return
    body = game.body(vehicle)
    for model in game.alive():
        if model.vehicle or figure_footprint_gap(body, game.figure(model)) >= -0.05:
            continue
        reach = math.hypot(body.length_cm, body.width_cm) / 2 + BASE_RADIUS_CM
        spot = _free_spot_near(game, model.position, 0.5) or _free_spot_near(game, body.centre, reach)
        if spot is None:
            spot = _free_spot_near(game, body.centre, reach + 4)
        if spot is not None:
            game.update(model, x=spot[0], y=spot[1])
            game.emit(c.ModelMoved(model.id, (spot,), 0.0))


def _run_over_roll(game: _Game, driver: Model, vehicle: Vehicle) -> str:
    """D10 on the run-over table: juggernauts re-roll a bad result once; an ace driver re-rolls a
    1 or 2 once per game; drivers with no licence lose control on 1-2 and break down on 3."""
    spec = _spec(game, vehicle)

    def result(die: int) -> str:
        if driver.defect == "no_licence":
            return "out_of_control" if die <= 2 else "radiator" if die == 3 else "one_less"
        return next(r.result for r in game.catalog.tables.run_over if r.low <= die <= r.high)

    (die,) = game.d10(1)
    dice = [die]
    modifiers: list[tuple[str, int]] = []
    if spec.run_over == "juggernaut" and result(die) != "one_less":
        dice.append(game.d10(1)[0])
        modifiers.append(("juggernaut re-roll", 0))
    elif driver.virtue == "ace_driver" and die <= 2 and not dict(driver.uses).get("ace_driver"):
        dice.append(game.d10(1)[0])
        modifiers.append(("ace driver re-roll", 0))
        game.update(driver, uses=tuple(sorted({**dict(driver.uses), "ace_driver": 1}.items())))
    outcome = result(dice[-1])
    game.emit(c.DiceRolled("run over", driver.id, tuple(dice), tuple(modifiers), 0, (outcome,)))
    return outcome


def _runaway(game: _Game, vehicle_id: str, how: str, backwards: bool, driver: Model | None) -> None:
    """Straight on, out of anyone's hands: 5 cm onto a zombie's radiator, or the full move out of
    control. Each base in the way: D6, 3+ a casualty, else it jumps aside. A crash into scenery
    wounds every rider (not on the radiator's 5 cm) and breaks a found vehicle."""
    vehicle = game.vehicles[vehicle_id]
    spec = _spec(game, vehicle)
    distance = RADIATOR_CM if how == "radiator" else spec.move_cm
    body = game.body(vehicle)
    others = [(v.id, game.body(v)) for v in game.vehicles.values() if v.id != vehicle_id]
    walkers = [game.figure(m) for m in game.alive() if not m.vehicle]
    if how != "radiator":
        game.emit(c.VehicleStatus(vehicle_id, "out_of_control"))
    result = sweep(game.table, body, distance, walkers, others, backwards=backwards)
    for victim_id, _ in sorted(result.met, key=lambda hit: hit[1]):
        victim = game.models.get(victim_id)
        if victim is None:
            continue
        (die,) = game.d6(1)
        casualty = die >= RUNAWAY_CASUALTY_ON
        game.emit(c.DiceRolled("in the way", victim_id, (die,), (), RUNAWAY_CASUALTY_ON,
                               ("casualty" if casualty else "jumped aside",)))
        game.emit(c.RanOver(vehicle_id, victim_id, "casualty" if casualty else "stepped_aside"))
        if casualty:
            _remove(game, victim, "killed" if victim.kind == "zombie" else "out_of_action",
                    driver if driver is not None and driver.id in game.models else None, melee=False)
    _place_vehicle(game, vehicle_id, result.footprint)
    game.emit(c.VehicleMoved(vehicle_id, ((result.footprint.x, result.footprint.y, result.footprint.facing),),
                             round(result.travelled_cm, 3), how))
    if result.stopped_by == "off the table":
        _lose_vehicle(game, vehicle_id)
        return
    if result.stopped_by in game.vehicles:
        _collide(game, vehicle_id, result.stopped_by)
        return
    vehicle = game.vehicles[vehicle_id]
    own = bool(vehicle.owner)
    if how == "radiator":
        game.set_vehicle(vehicle, stalled=True, running=False, moving=False, crashes=vehicle.crashes + own)
        game.emit(c.VehicleStatus(vehicle_id, "stalled"))
        _clear_path(game, vehicle_id)
        return
    crashes = vehicle.crashes + 1 if own else vehicle.crashes
    if result.stopped_by:
        game.emit(c.VehicleCrashed(vehicle_id, result.stopped_by))
        for rider in game.occupants(vehicle_id):
            _wound(game, rider, 1, None, melee=False)
        vehicle = game.vehicles[vehicle_id]
        if not own or crashes >= 2:
            _break(game, vehicle_id)
        else:
            game.set_vehicle(vehicle, stalled=True, running=False, moving=False, crashes=crashes)
            game.emit(c.VehicleStatus(vehicle_id, "stalled"))
    else:
        if own and crashes >= 2:
            _break(game, vehicle_id)
        else:
            game.set_vehicle(vehicle, out_of_control=True, moving=True, crashes=crashes,
                             stalled=vehicle.stalled or (own and crashes >= 1))
    _clear_path(game, vehicle_id)


def _break(game: _Game, vehicle_id: str) -> None:
    vehicle = game.vehicles[vehicle_id]
    game.set_vehicle(vehicle, broken=True, running=False, moving=False, out_of_control=False)
    game.emit(c.VehicleStatus(vehicle_id, "broken"))


def _collide(game: _Game, first: str, second: str) -> None:
    """Vehicles that meet: every rider of both takes a wound and both break down."""
    game.emit(c.VehicleCrashed(first, second))
    for vehicle_id in (first, second):
        for rider in game.occupants(vehicle_id):
            _wound(game, rider, 1, None, melee=False)
        if vehicle_id in game.vehicles:
            _break(game, vehicle_id)
    _clear_path(game, first)


def _lose_vehicle(game: _Game, vehicle_id: str) -> None:
    """Off the table: the vehicle and everyone in it are gone."""
    for rider in game.occupants(vehicle_id):
        if rider.id in game.models:
            _remove(game, rider, "out_of_action", None, melee=False)
    del game.vehicles[vehicle_id]
    game.emit(c.VehicleStatus(vehicle_id, "lost"))


def _driver_activation(game: _Game, model: Model) -> bool | None:
    """A driver's activation that needs no ordinary check: None when the usual roll applies,
    otherwise whether it may act (a moving vehicle's driver acts at once; a runaway's must
    regain control or overturn)."""
    vehicle = game.riding(model)
    if vehicle is None or model.seat != 0 or vehicle.broken:
        return None
    if vehicle.out_of_control:
        skill, modifiers = game.check_skill(model)
        (die,) = game.d6(1)
        kept = check_passes(die, skill)
        game.emit(c.DiceRolled("regain control", model.id, (die,), tuple(modifiers), skill,
                               ("pass" if kept else "fail",)))
        if kept:
            game.set_vehicle(vehicle, out_of_control=False)
            game.emit(c.VehicleStatus(vehicle.id, "control_regained"))
            return True
        game.emit(c.VehicleStatus(vehicle.id, "overturned"))
        _break(game, vehicle.id)
        for rider in game.occupants(vehicle.id):
            _wound(game, rider, 1, None, melee=False)
        return False
    if vehicle.moving:
        return True
    return None


def _vehicle_shot_at(game: _Game, target: Model, shooter: Model) -> None:
    """Riders shot at by hostile survivors: only the driver rolls (the one hit, with no driver)."""
    vehicle = game.riding(target)
    if vehicle is None:
        return
    spec = _spec(game, vehicle)
    roller = game.driver(vehicle.id) or target
    successes = _reaction_successes(game, roller, "vehicle_shot_at")
    riders = game.occupants(vehicle.id)
    held = game.round + 1 if (d := game.driver(vehicle.id)) is not None and d.activated else game.round
    if successes == 2:
        game.emit(c.ReactionResolved(roller.id, "vehicle_shot_at", 2, "return_fire"))
        for rider in riders:
            rider = game.models.get(rider.id, rider)
            firearm = _firearm_in_hand(game, rider)
            if rider.id not in game.models or shooter.id not in game.models or firearm is None \
                    or firearm.template_diameter_cm or firearm.id in rider.unloaded:
                continue
            if game.gap(rider, game.models[shooter.id]) > _range_cm(game, rider, firearm):
                continue
            with contextlib.suppress(IllegalCommand):
                _shoot(game, rider, firearm, ((shooter.id, firearm.shots_min),), reaction=True)
        return
    result = "take_cover" if successes == 1 else "lose_control" if vehicle.moving and not spec.two_wheeled else "hold"
    game.emit(c.ReactionResolved(roller.id, "vehicle_shot_at", successes, result))
    if spec.two_wheeled:
        _riders_shelter(game, vehicle)
        return
    if result == "take_cover":
        for rider in riders:
            game.update(game.models[rider.id], entrenched=True)
        if vehicle.moving:
            game.set_vehicle(vehicle, held_round=held, moving=False)
            game.emit(c.VehicleStatus(vehicle.id, "held"))
    elif result == "lose_control":
        _runaway(game, vehicle.id, "out of control", False, game.driver(vehicle.id))
    else:
        game.set_vehicle(vehicle, held_round=held)
        game.emit(c.VehicleStatus(vehicle.id, "held"))


def _riders_shelter(game: _Game, vehicle: Vehicle) -> None:
    """Motorbike riders jump off and take cover behind the bike."""
    body = game.body(vehicle)
    behind = (body.x - math.cos(body.facing) * (body.length_cm / 2 + BASE_RADIUS_CM + 0.1),
              body.y - math.sin(body.facing) * (body.length_cm / 2 + BASE_RADIUS_CM + 0.1))
    for rider in game.occupants(vehicle.id):
        spot = behind if not _spot_problem(game, Figure(rider.id, *behind), behind,
                                           [f for f in game.figures() if f.id != rider.id and not
                                            game.models[f.id].vehicle]) else _free_spot_near(game, behind, 1.5)
        if spot is None:
            continue
        game.update(rider, vehicle="", seat=-1, x=spot[0], y=spot[1], entrenched=True)
        game.emit(c.VehicleLeft(rider.id, vehicle.id, spot))
    game.set_vehicle(vehicle, moving=False)


def _zombies_at_vehicles(game: _Game, penned: set[str]) -> None:
    """Zombies touching a stopped vehicle fight one of its riders (each die at -1 for the rider)."""
    for vehicle in list(game.vehicles.values()):
        if vehicle.moving or vehicle.id not in game.vehicles:
            continue
        riders = game.occupants(vehicle.id)
        if not riders:
            continue
        body = game.body(vehicle)
        attackers = [z for z in game.alive(ZOMBIES) if z.id not in penned and not game.engaged_with(z)
                     and figure_footprint_gap(body, game.figure(z)) <= 0.15]
        if not attackers:
            continue
        (value,), game.rng = draw_floats(game.rng, 1)
        victim = riders[int(value * len(riders))]
        _melee(game, victim, attackers)


def _search_vehicle(game: _Game, model: Model, command: c.Search) -> None:
    """A vehicle's search: touching it (or riding in it), once it has been checked for a zombie;
    3D10 on the search table, no Glory; a band never searches its own vehicle."""
    vehicle = game.vehicles.get(command.vehicle)
    if vehicle is None:
        raise IllegalCommand("no such vehicle on the table")
    spec = _spec(game, vehicle)
    if spec.two_wheeled:
        raise IllegalCommand(f"a {spec.name} cannot be searched")
    if vehicle.owner == model.side:
        raise IllegalCommand(f"the {spec.name} is your band's own")
    if vehicle.searched:
        raise IllegalCommand(f"the {spec.name} has already been searched")
    if model.vehicle != vehicle.id and figure_footprint_gap(game.body(vehicle), game.figure(model)) > DOOR_REACH_CM:
        raise IllegalCommand(f"{model.name} must touch the {spec.name} to search it")
    if _vehicle_touched(game, model, vehicle):
        return  # a zombie was inside: the search is spent fighting it
    dice = game.d10(3)
    total = sum(dice)
    options = game.catalog.search_result(total)
    game.emit(c.DiceRolled("search", model.id, dice, (), 0, (str(total),)))
    if options:
        found = command.prefer if command.prefer in options else options[0]
        _receive(game, model, found, options)
    game.set_vehicle(game.vehicles[vehicle.id], opened=True, searched=True)
    game.emit(c.VehicleStatus(vehicle.id, "searched"))


def _vehicle_options(game: _Game, model: Model, active: Activation) -> list[Any]:
    """Boarding, leaving, driving, changing seats and searching vehicles, for legal_commands."""
    options: list[Any] = []
    if model.kind != "survivor" or active.must_fight:
        return options
    vehicle = game.riding(model)
    if vehicle is not None:
        spec = _spec(game, vehicle)
        held = vehicle.held_round == game.round
        if not held and active.remaining_cm + 1e-6 >= _entry_cost(game, model):
            options.append(c.LeaveVehicleTemplate(model.id, vehicle.id, active.remaining_cm - _entry_cost(game, model)))
        if model.seat == 0 and not vehicle.broken and not active.drove and not held \
                and (spec.two_wheeled or not active.action_used):
            options.append(c.DriveTemplate(model.id, vehicle.id, spec.move_cm, TURN_COST_CM, not spec.two_wheeled,
                                           _needs_start(game, vehicle) and not (
                                               vehicle.owner == model.side and vehicle.crashes == 0)))
        if not active.action_used:
            options.extend(c.ChangeSeat(model.id, s) for s in range(spec.seats) if s != model.seat)
            if not spec.two_wheeled and not vehicle.searched and vehicle.owner != model.side:
                options.append(c.Search(model.id, vehicle=vehicle.id))
        return options
    if game.engaged_with(model):
        return options
    me = game.figure(model)
    entry = _entry_cost(game, model)
    for other in game.vehicles.values():
        spec = _spec(game, other)
        gap = figure_footprint_gap(game.body(other), me)
        taken = {m.seat for m in game.occupants(other.id)}
        free = tuple(s for s in range(spec.seats) if s not in taken)
        if not other.broken and free and gap <= active.remaining_cm - entry + 1e-6:
            options.append(c.BoardTemplate(model.id, other.id, active.remaining_cm - entry, free))
        if not active.action_used and gap <= DOOR_REACH_CM and not spec.two_wheeled and not other.searched \
                and other.owner != model.side:
            options.append(c.Search(model.id, vehicle=other.id))
    return options


_HANDLERS: dict[type, Any] = {
    c.Activate: _do_activate,
    c.MoveModel: _do_move,
    c.Sprint: _do_sprint,
    c.Shoot: _do_shoot,
    c.Charge: _do_charge,
    c.Fight: _do_fight,
    c.Disengage: _do_disengage,
    c.Reload: _do_reload,
    c.SwapWeapons: _do_swap,
    c.EndActivation: _do_end,
    c.Search: _do_search,
    c.UseItem: _do_use_item,
    c.FirstAid: _do_first_aid,
    c.Entrench: _do_entrench,
    c.PickUp: _do_pick_up,
    c.Exchange: _do_exchange,
    c.LeaveTable: _do_leave_table,
    c.BoardVehicle: _do_board,
    c.LeaveVehicle: _do_leave_vehicle,
    c.Drive: _do_drive,
    c.ChangeSeat: _do_change_seat,
    c.Climb: _do_climb,
    c.Jump: _do_jump,
    c.Mount: _do_mount,
    c.Dismount: _do_dismount,
}


# --- what a player may do -----------------------------------------------------------------------


def legal_commands(state: State, seat: str) -> list[Any]:
    if seat not in current_seats(state):
        return []
    game = _Game(state)
    if state.active is None:
        waiting = [m for m in game.alive(seat) if not m.activated]
        if not waiting:
            return []
        top = max(game.own_skill(m)[0] for m in waiting)
        ready = [m for m in waiting if game.own_skill(m)[0] == top]
        boosts = [c.UseItem(m.id, item) for m in ready if m.kind == "survivor" for item in dict.fromkeys(m.objects)
                  if item in SELF_BOOSTS and not game.boosted(m, item)]
        return [c.Activate(m.id) for m in ready] + boosts + [c.Withdraw()]
    active = state.active
    model = game.models[active.model]
    options: list[Any] = []
    if active.must_fight:
        options.append(c.Fight(model.id))
        if not model.grabbed and not (model.kind == "dog" and model.drew_blood):
            options.append(c.Disengage(model.id))
        return options
    options.extend(_vehicle_options(game, model, active))
    if model.vehicle:
        return _rider_options(game, model, active, options)
    if model.stairs_cm:
        return _stairs_options(game, model, active)
    if active.remaining_cm > 0:
        options.append(c.MoveTemplate(model.id, active.remaining_cm))
        enemies = [e.id for e in game.enemies_of(model) if e.level == model.level and not e.vehicle and not e.stairs_cm
                   and base_distance(game.figure(model), game.figure(e)) <= active.remaining_cm]
        if not model.level and not game.individual:  # riders of a vehicle standing still
            enemies += [e.id for e in game.enemies_of(model) if e.side != ZOMBIES and (v := game.riding(e)) is not None
                        and not v.moving and game.gap(model, e) <= active.remaining_cm]
        if enemies and model.kind == "survivor":
            options.append(c.ChargeTemplate(model.id, active.remaining_cm, tuple(enemies)))
    if not active.action_used and model.kind == "survivor":
        options.append(c.Sprint(model.id))
        firearm = _firearm_in_hand(game, model)
        if firearm is not None and firearm.id not in model.unloaded and not game.engaged_with(model):
            rows = figure_rows(game.figures())
            seen = tuple(e.id for e in game.enemies_of(model)
                         if not (game.individual and e.side != ZOMBIES) and _sees(game, model, e, rows))
            if seen:
                options.append(c.ShootTemplate(model.id, firearm.id, firearm.shots_min, firearm.shots_max,
                                               _range_cm(game, model, firearm), seen))
        if model.unloaded:
            options.append(c.Reload(model.id))
        if model.backpack and len(model.hand) <= 1:
            options.append(c.SwapWeapons(model.id))
        options.extend(_more_actions(game, model, active))
    if model.kind == "survivor" and not active.moved and not active.action_used:
        options.extend(c.UseItem(model.id, item) for item in model.objects if item in SELF_BOOSTS
                       and not game.boosted(model, item))
        if not model.entrenched and not game.engaged_with(model) and _shelter_near(game, model):
            options.append(c.Entrench(model.id))
    if model.unloaded and "ammo_box" in model.objects:
        options.append(c.UseItem(model.id, "ammo_box"))
    options.extend(_floor_options(game, model, active))
    options.extend(_gear_options(game, model, active))
    if model.side in dict(state.exits) and active.remaining_cm > 0 and not game.engaged_with(model) and not model.level:
        options.append(c.LeaveTemplate(model.id, active.remaining_cm, dict(state.exits)[model.side]))
    options.append(c.EndActivation(model.id))
    return options


def _floor_options(game: _Game, model: Model, active: Activation) -> list[Any]:
    """Stairs to the other floors (and the roof) of the building it stands in; ladders up to a roof
    or down from it; on from part-way up either; jumps from a raised place or up from the ground.
    A climb is offered once the model can at least step onto the stairs (short of cm it stops
    part-way)."""
    options: list[Any] = []
    if game.engaged_with(model):
        return options
    table = game.table
    if active.remaining_cm > 0 and not model.stairs_cm and (game.height_of(model) > 0 or _raised_place_near(game, model)):
        options.append(c.JumpTemplate(model.id, JUMP_GAP_CM, JUMP_HEIGHT_CM, active.remaining_cm))
    if active.sprinted or active.remaining_cm <= 1e-6:
        return options
    if model.stairs_cm and model.ladder >= 0:
        ladder = table.piece(model.ladder)
        options.append(c.Climb(model.id, 0, ladder=ladder.index))
        options.extend(c.Climb(model.id, roof.floors, ladder=ladder.index) for roof in table.roofs_reached_by(ladder))
        return options
    can_step_on = model.stairs_cm or active.remaining_cm > _stairs_cost(game, model) + 1e-6
    index = table.building_at(model.position)
    if index is not None:
        piece = table.piece(index)
        for level in range(piece.top_level + 1):
            cost = _stairs_cost(game, model) + abs(level - model.level) * piece.floor_height_cm
            if (level != model.level or model.stairs_cm) and (can_step_on or cost <= active.remaining_cm + 1e-6):
                options.append(c.Climb(model.id, level))
    on_roof = game.on_roof(model)
    if model.stairs_cm or model.level and not on_roof:
        return options
    reach = LADDER_TOP_REACH_CM if on_roof else BASE_RADIUS_CM
    for ladder in table.ladders_at(model.position, reach):
        for roof in table.roofs_reached_by(ladder):
            cost = _stairs_cost(game, model) + roof.top_cm
            if not can_step_on and cost > active.remaining_cm + 1e-6:
                continue
            if on_roof and roof.index == index:
                options.append(c.Climb(model.id, 0, ladder=ladder.index))
            elif not on_roof and index is None:
                options.append(c.Climb(model.id, roof.floors, ladder=ladder.index))
    return options


def _raised_place_near(game: _Game, model: Model) -> bool:
    """From the ground: a place a jump could land on (no more than 5 cm up) within the jump's reach."""
    reach = JUMP_GAP_CM + BASE_RADIUS_CM
    x, y = model.position
    for piece in game.table.pieces:
        b = piece.bounds
        if x < b[0] - reach or x > b[2] + reach or y < b[1] - reach or y > b[3] + reach:
            continue
        if piece.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL) and FREE_CLIMB_CM <= piece.height_cm <= JUMP_HEIGHT_CM:
            return True
        if piece.kind is TerrainKind.BUILDING and piece.top_level >= 1 and piece.floor_height_cm <= JUMP_HEIGHT_CM:
            return True
    return False


def _stairs_options(game: _Game, model: Model, active: Activation) -> list[Any]:
    """Part-way up a stairway or ladder: climb on or back, shoot, reload, swap, use an object."""
    options: list[Any] = []
    if active.must_fight:
        options.append(c.Fight(model.id))
        if not model.grabbed and not (model.kind == "dog" and model.drew_blood):
            options.append(c.Disengage(model.id))
        return options
    if not active.action_used and model.kind == "survivor":
        firearm = _firearm_in_hand(game, model)
        if firearm is not None and firearm.id not in model.unloaded:
            rows = figure_rows(game.figures())
            seen = tuple(e.id for e in game.enemies_of(model)
                         if not (game.individual and e.side != ZOMBIES) and _sees(game, model, e, rows))
            if seen:
                options.append(c.ShootTemplate(model.id, firearm.id, firearm.shots_min, firearm.shots_max,
                                               _range_cm(game, model, firearm), seen))
        if model.unloaded:
            options.append(c.Reload(model.id))
        if model.backpack and len(model.hand) <= 1:
            options.append(c.SwapWeapons(model.id))
        for item in model.objects:
            held = game.catalog.object(item)
            if held is not None and held.heals and model.wounds:
                options.append(c.UseItem(model.id, item, model.id))
    if model.unloaded and "ammo_box" in model.objects:
        options.append(c.UseItem(model.id, "ammo_box"))
    options.extend(_floor_options(game, model, active))
    options.append(c.EndActivation(model.id))
    return options


def _rider_options(game: _Game, model: Model, active: Activation, options: list[Any]) -> list[Any]:
    """What a survivor inside a vehicle may do besides the vehicle's own options: shoot, reload,
    swap weapons, use objects."""
    if not active.action_used:
        firearm = _firearm_in_hand(game, model)
        vehicle = game.riding(model)
        driving = vehicle is not None and model.seat == 0 and (vehicle.moved_round == game.round or active.drove) \
            and not _spec(game, vehicle).two_wheeled and model.virtue != "expert_driver"
        if firearm is not None and firearm.id not in model.unloaded and not driving:
            rows = figure_rows(game.figures())
            seen = tuple(e.id for e in game.enemies_of(model)
                         if not (game.individual and e.side != ZOMBIES) and _sees(game, model, e, rows))
            if seen:
                options.append(c.ShootTemplate(model.id, firearm.id, firearm.shots_min, firearm.shots_max,
                                               _range_cm(game, model, firearm), seen))
        if model.unloaded:
            options.append(c.Reload(model.id))
        if model.backpack and len(model.hand) <= 1:
            options.append(c.SwapWeapons(model.id))
        patients = [m for m in game.alive(model.side) if m.kind == "survivor" and m.wounds
                    and (m.id == model.id or m.vehicle == model.vehicle)]
        for item in model.objects:
            held = game.catalog.object(item)
            if held is not None and held.heals:
                options.extend(c.UseItem(model.id, item, p.id) for p in patients)
    if not active.moved and not active.action_used:
        options.extend(c.UseItem(model.id, item) for item in model.objects if item in SELF_BOOSTS
                       and not game.boosted(model, item))
    if model.unloaded and "ammo_box" in model.objects:
        options.append(c.UseItem(model.id, "ammo_box"))
    options.append(c.EndActivation(model.id))
    return options


def _more_actions(game: _Game, model: Model, active: Activation) -> list[Any]:
    """Searches, healing and picking up that the acting survivor could do now."""
    options: list[Any] = []
    if game.engaged_with(model):
        return options
    building = game.table.building_at(model.position)
    if building is not None and not game.on_roof(model) and not _zombies_inside(game, building, model.level):
        place = game.place(building)
        if model.level:
            if model.level not in place.floors_searched:
                options.append(c.Search(model.id))
        elif not place.searched or (model.ability == "search_again" and model.side not in place.searched_again_by):
            options.append(c.Search(model.id))
    for piece in game.table.pieces:
        if piece.prop and not game.place(piece.index).searched and model.id not in game.place(piece.index).tried_by \
                and _touching_piece(game, model, piece.index):
            options.append(c.Search(model.id, piece=piece.index))
    patients = [m for m in game.alive(model.side) if m.kind == "survivor" and m.wounds
                and (m.id == model.id or base_distance(game.figure(model), game.figure(m)) <= CONTACT_CM + 0.2)]
    for item in model.objects:
        held = game.catalog.object(item)
        if held is not None and held.heals:
            options.extend(c.UseItem(model.id, item, p.id) for p in patients)
        elif item == "air_horn":
            options.append(c.UseItem(model.id, item))
        elif held is not None and held.mounts_on_weapon:
            options.extend(c.UseItem(model.id, item, weapon) for weapon in dict.fromkeys((*model.hand, *model.backpack))
                           if not _fitting_problem(game, model, held, weapon))
    if model.virtue == "first_aid":
        options.extend(c.FirstAid(model.id, p.id) for p in patients)
    if any(point_base_distance((g[0], g[1]), game.figure(model)) <= PICK_UP_CM for g in game.ground):
        options.append(c.PickUp(model.id))
    me = game.figure(model)
    partners = tuple(m.id for m in game.alive(model.side) if m.id != model.id and m.kind == "survivor"
                     and not m.vehicle and not m.stairs_cm and m.level == model.level
                     and base_distance(me, game.figure(m)) <= EXCHANGE_CM and not game.engaged_with(m))
    if partners and model.kind == "survivor":
        options.append(c.ExchangeTemplate(model.id, partners))
    return options


# --- the Ruleset object for sessions ------------------------------------------------------------


class ZombieworldRules:
    name = NAME
    version = VERSION

    def setup(self, board: Board, setup_spec: ZombieworldSetup, seed: int) -> State:
        return setup(board, setup_spec, seed)

    def current_seats(self, state: State) -> frozenset[str]:
        return current_seats(state)

    def legal_commands(self, state: State, seat: str) -> list[Any]:
        return legal_commands(state, seat)

    def check(self, state: State, seat: str, command: Any) -> None:
        check(state, seat, command)

    def apply(self, state: State, seat: str, command: Any) -> tuple[State, tuple[Any, ...]]:
        return apply(state, seat, command)

    def outcome(self, state: State) -> tuple[str, ...] | None:
        return outcome(state)

    def player_view(self, state: State, seat: str) -> State:
        return player_view(state, seat)

    def command_to_json(self, command: Any) -> str:
        return c.COMMAND_ADAPTER.dump_json(command).decode()

    def command_from_json(self, text: str) -> Any:
        return c.COMMAND_ADAPTER.validate_json(text)

    def setup_to_json(self, setup_spec: ZombieworldSetup) -> str:
        return setup_spec.model_dump_json()

    def setup_from_json(self, text: str) -> ZombieworldSetup:
        return ZombieworldSetup.model_validate_json(text)
