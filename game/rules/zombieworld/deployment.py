"""Set-up: the scenario (scenario 8 picks another), bands deployed in their areas, vehicles on the
table and the bands' own, weather and street lamps, the horde's pen, the first round.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Literal

from game.board.model import Board, Marker, MarkerKind, TerrainKind
from game.i18n import N_
from game.rules.core.reasons import Said
from game.rules.core.rng import new_rng
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.band import (
    check_band,
    free_dog,
    leader_order,
    member_ability,
    unplaced_free_items,
)
from game.rules.zombieworld.catalog import Catalog, load_catalog
from game.rules.zombieworld.containers import place_containers, with_containers
from game.rules.zombieworld.deploying import begin, order_bands, pen_quadrant
from game.rules.zombieworld.geometry import Figure, Table, make_piece
from game.rules.zombieworld.rounds import advance, start_round
from game.rules.zombieworld.spawning import spawn_zombie, stand_zombie
from game.rules.zombieworld.spots import spot_problem, vehicle_spot
from game.rules.zombieworld.state import (
    ZOMBIES,
    BandEntry,
    Model,
    SeatScore,
    State,
    Vehicle,
    ZombieworldSetup,
)
from game.rules.zombieworld.working import Game, roll_d10

ALLIANCE_FIXED_UP_TO = 3  # the alliance rolled before play: 1-3 fixed, 4-6 fragile
ALLIANCE_MIN_BANDS = 3


def setup(board: Board, setup_spec: ZombieworldSetup, seed: int, catalog: Catalog | None = None,
          events: list[Any] | None = None) -> State:
    """The first state of a game; ``events`` (when given) receives what set-up told: the deployment
    dice, the first round's spawns and anything that happened before the first activation."""
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
    exits: list[tuple[str, str]] = []
    used: set[int] = set()  # each band's area on the table, in the set-up's order [AMBIG-44]
    areas: dict[str, tuple[float, float, float, float]] = {}
    for entry in setup_spec.bands:
        if setup_spec.check_bands:
            check_band(entry.band, catalog)
        areas[entry.seat] = _deployment_for(entry, deployments, used)
        if scenario.victory == "exit_any_edge":
            exits.append((entry.seat, "any"))
        members = _deploy(entry, areas[entry.seat], catalog, spread=not setup_spec.legacy_placement)
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
        rounds=setup_spec.rounds or scenario.rounds or 8,
        scenario=scenario.id,
        seats=seats,
        bands=tuple(bands),
        leaders=tuple(leaders),
        models=tuple(models),
        scores=tuple((seat, SeatScore()) for seat in sorted(seats)),
        spawn_dice=spawn_dice,
        rng=new_rng(seed),
        forced_d10=setup_spec.d10,
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
        legacy_placement=setup_spec.legacy_placement,
    )
    game = Game(state)
    order = order_bands(game, list(seats))  # book 10.1: a D10 each, highest deploys first
    if scenario.penned_zombies:
        _fill_pen(game, scenario.penned_zombies, areas[order[0]])
    rects: dict[str, tuple[float, float, float, float] | None] = {}
    for seat in order:
        x, y, w, h = areas[seat]
        rects[seat] = (x, y, x + w, y + h)
    if scenario.deployment == "shared_pen_quadrant":  # scenario 6: every band in the pen's quadrant
        pen = pen_quadrant(game)
        rects = {seat: pen for seat in order}
    if setup_spec.containers_at:  # a tutorial's: where its prompts point
        game.containers = tuple(setup_spec.containers_at)
        game.table = with_containers(game.table, game.containers)
    elif setup_spec.scenario_containers:  # before the bands deploy, out of their areas
        place_containers(game, order, [rect for rect in rects.values() if rect is not None])
    players = setup_spec.deploy == "players"
    for entry in setup_spec.bands:
        for vehicle_id in entry.band.vehicles:
            _deploy_own_vehicle(game, entry, vehicle_id, areas[entry.seat], aboard=entry.aboard and not players)
    if players:  # a band's own vehicles are parked beside it once it has deployed
        for number, vehicle in enumerate(v for v in list(game.vehicles.values()) if v.owner):
            game.vehicles[vehicle.id] = replace(vehicle, x=-100.0 - 20 * number, y=-100.0)
    begin(game, order, rects, players)
    _stand_as_told(game, setup_spec)
    _roll_weather(game, setup_spec, board)
    if setup_spec.alliance == "roll" and game.base.alliances:
        (die,) = game.d6(1)
        game.alliance_fixed = die <= ALLIANCE_FIXED_UP_TO
        game.emit(c.DiceRolled("alliance", "", (die,), (), ALLIANCE_FIXED_UP_TO, ("fixed" if game.alliance_fixed else "fragile",)))
    for _ in range(scenario.starting_zombies):
        spawn_zombie(game, centre, "scenario")
    if not game.deploying:
        start_round(game)
        advance(game)
    if events is not None:
        events.extend(game.events)
    return game.freeze()


def _stand_as_told(game: Game, setup_spec: ZombieworldSetup) -> None:
    """A tutorial's table: its figures moved to the spots its file gives and its walkers standing
    where it says (set-up refuses a spot off the table or on another base)."""
    for model_id, x, y in setup_spec.stand_at:
        model = game.models.get(model_id)
        if model is None:
            raise ValueError(f"stand_at names {model_id!r}, which is not a model of the bands")
        game.update(model, x=x, y=y)
    for x, y in setup_spec.zombies_at:
        stand_zombie(game, (x, y))
    told = {model_id for model_id, _, _ in setup_spec.stand_at}
    for model in game.alive():
        if model.id not in told and model.side != ZOMBIES:
            continue
        problem = spot_problem(game, game.figure(model), model.position, game.figures_except(model.id))
        if problem:
            raise ValueError(f"{model.name} cannot stand at ({model.x:g}, {model.y:g}) cm: {problem}")


def alliance_problem(band_count: int) -> Said | str:
    """Why a set-up of ``band_count`` bands should not offer alliances ("" when it may): allies need
    someone left to fight. Advice for set-up screens; ``setup`` itself accepts any pair of seats."""
    if band_count < ALLIANCE_MIN_BANDS:
        return Said(N_("Needs {n} bands or more: two allies would have nobody left to fight"), n=ALLIANCE_MIN_BANDS)
    return ""


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


def _roll_weather(game: Game, setup_spec: ZombieworldSetup, board: Board) -> None:
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


def _fill_pen(game: Game, count: int, area: tuple[float, float, float, float]) -> None:
    """The horde's pen: a block of zombies in the quadrant of the first band to deploy, held until
    it opens."""
    dx, dy = area[0] + area[2] / 2, area[1] + area[3] / 2
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
        if spot_problem(game, mover, point, figures):
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


def _hand_out_free_items(models: list[Model], items: list[str], catalog: Catalog) -> list[Model]:
    """Free items of the band's abilities nobody was given in the band file go to the first members
    (the leaders first) with room for them."""
    by_leaders = sorted(range(len(models)), key=lambda i: (catalog.rank(models[i].profile).leader_priority or 99)
                        if models[i].kind == "survivor" else 100)
    for item in items:
        for index in by_leaders:
            model = models[index]
            if model.kind != "survivor":
                continue
            defect = catalog.defect(model.defect) if model.defect else None
            if catalog.is_weapon(item):
                if not model.hand:
                    models[index] = replace(model, hand=(item,))
                    break
                if not model.backpack and len(model.hand) < 2 and not (defect is not None and defect.no_backpack):
                    models[index] = replace(model, backpack=(item,))
                    break
            else:
                slots = defect.object_slots if defect is not None and defect.object_slots is not None \
                    else catalog.bands.rules.object_slots
                if len(model.objects) < slots:
                    models[index] = replace(model, objects=(*model.objects, item))
                    break
    return models


def spread_spots(area: tuple[float, float, float, float], count: int, min_gap_cm: float = 4.0
                 ) -> list[tuple[float, float]]:
    """``count`` spots spread evenly over the area (x0, y0, w, h): rows along its long side, as few
    rows as keep ``min_gap_cm`` between neighbours, each row centred across the short side."""
    x0, y0, w, h = area
    along, across = (w, h) if w >= h else (h, w)
    rows = 1
    while rows < count and along / math.ceil(count / rows) < min_gap_cm and across / (rows + 1) >= min_gap_cm:
        rows += 1
    per_row = math.ceil(count / rows)
    spots = []
    for index in range(count):
        row, col = divmod(index, per_row)
        in_row = min(per_row, count - row * per_row)
        a = along * (col + 0.5) / in_row
        b = across * (row + 0.5) / rows
        spots.append((x0 + a, y0 + b) if w >= h else (x0 + b, y0 + a))
    return spots


def _deploy(entry: BandEntry, area: tuple[float, float, float, float], catalog: Catalog,
            spread: bool = True) -> list[Model]:
    """The band laid out in its area: spread over it (``legacy_placement`` games: in rows of 4 cm
    from its corner). ``place_band`` then moves each figure to the nearest legal spot."""
    x0, y0, w, h = area
    spacing = 4.0
    per_row = max(1, int((w - 2) // spacing))
    spots = spread_spots(area, len(entry.band.members)) if spread else []
    models = []
    for index, member in enumerate(entry.band.members):
        col, row = index % per_row, index // per_row
        x = x0 + 2 + col * spacing
        y = y0 + 2 + row * spacing
        if spread:
            x, y = spots[index]
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
            owner=f"{entry.seat}:{member.owner}" if member.is_dog and member.owner and free_dog(
                entry.band, member, catalog) else "",
        ))
    return _hand_out_free_items(models, unplaced_free_items(entry.band, catalog), catalog)


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


def _deploy_own_vehicle(game: Game, entry: BandEntry, vehicle_id: str,
                        area: tuple[float, float, float, float], aboard: bool) -> None:
    """A bought vehicle stands in the band's deployment area; ``aboard``, the band starts in it, the
    most skilled at the wheel."""
    spec = game.catalog.vehicle(vehicle_id)
    if spec is None:
        return
    members = [m for m in game.alive(entry.seat) if not m.vehicle and m.kind == "survivor"]
    members.sort(key=lambda m: -game.own_skill(m)[0])
    riders = members[: spec.seats] if aboard else []
    centre = (area[0] + area[2] / 2, area[1] + area[3] / 2)
    keep = tuple(m.id for m in riders)
    body = vehicle_spot(game, centre, spec.length_cm, spec.width_cm, inside=area, keep_clear=keep) or \
        vehicle_spot(game, centre, spec.length_cm, spec.width_cm, keep_clear=keep)
    if body is None:
        raise ValueError(f"no room for the {entry.band.name}'s {spec.name} near its deployment area")
    number = len(game.vehicles) + 1
    vehicle = Vehicle(f"v{number}", spec.id, body.x, body.y, body.facing, body.length_cm, body.width_cm,
                      owner=entry.seat, opened=True)
    game.vehicles[vehicle.id] = vehicle
    game.emit(c.VehiclePlaced(vehicle.id, vehicle.position, vehicle.facing, "own"))
    for seat, member in enumerate(riders):
        game.update(member, vehicle=vehicle.id, seat=seat, x=vehicle.x, y=vehicle.y)
