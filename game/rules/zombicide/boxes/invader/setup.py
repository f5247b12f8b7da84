"""Invader's part of the set-up (rules digest §4, §16, the missions' set-up lines): Mold and Machines
where the mission puts them, objective colours dealt face down, coloured spawn zones asleep, the
set-aside piles (Oxygen Tanks, Prototypes, a mission's own cards), Oxygen Tanks handed out, xenos
placed, two starting groups, scientists; and the checks ``--validate`` runs on a mission."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules.core.rng import RngState, shuffled
from game.rules.zombicide.boxes import box_rules
from game.rules.zombicide.boxes.invader.content import machine_models
from game.rules.zombicide.boxes.invader.state import (
    MOLD_FACES,
    NO_MOLD,
    InvaderState,
    Machine,
    Scientist,
)
from game.rules.zombicide.catalog import load_catalog, parse_spawn_line
from game.rules.zombicide.graph import graph_for
from game.rules.zombicide.state import EMPTY, evolved
from game.rules.zombicide.tables import tables_for

BODY_SLOTS = (2, 3)


def _zone(graph: Any, where: str, zone_id: str) -> int:
    zone = graph.index.get(zone_id)
    if zone is None:
        raise ValueError(f"[setup] → {where} → {zone_id}: there is no zone {zone_id!r} on the board")
    return zone  # type: ignore[no-any-return]


def _door(graph: Any, where: str, door_id: str) -> int:
    e = graph.edge_by_id.get(door_id)
    if e is None or graph.edges[e].door < 0:
        raise ValueError(f"[setup] → {where} → {door_id}: there is no door {door_id!r} on the board")
    return graph.edges[e].door  # type: ignore[no-any-return]


def setup_state(catalog: Any, spec: Any, graph: Any, rng: RngState) -> tuple[InvaderState, RngState]:
    """The box's state, dealt after the equipment deck is shuffled, from the game's RNG."""
    mold = [NO_MOLD] * graph.zone_count
    for zone_id, face in spec.mold.items():
        mold[_zone(graph, "mold", zone_id)] = MOLD_FACES[face]
    models = {m.id: m for m in machine_models(catalog)}
    machines = []
    for n, placed in enumerate(spec.machines):
        model = models.get(placed.model)
        if model is None:
            raise ValueError(f"[setup] → machines[{n}] → model: unknown machine {placed.model!r} "
                             f"(known: {', '.join(models)})")
        machines.append(Machine(model.id, model.kind, _zone(graph, f"machines[{n}] → zone", placed.zone)))
    colours = [p.color or "red" for p in graph.objectives]
    if spec.shuffle_colours:
        reds = [n for n, c in enumerate(colours) if c == "red"]
        if len(reds) < len(spec.shuffle_colours):
            raise ValueError(f"[setup] → shuffle_colours: {len(spec.shuffle_colours)} colours to deal but only "
                             f"{len(reds)} red objectives on the board")
        order, rng = shuffled(rng, reds)
        for colour, n in zip(spec.shuffle_colours, order, strict=False):
            colours[n] = colour
    spawn_colours = [p.color or "red" for p in graph.spawns]
    hidden_spawn = -1
    if spec.hidden_spawn_colour:
        hosts = [n for n, p in enumerate(graph.spawns) if graph.tile[p.zone] in spec.hidden_spawn_tiles]
        if not hosts:
            raise ValueError("[setup] → hidden_spawn_tiles: no spawn token stands on those tiles")
        order, rng = shuffled(rng, hosts)
        hidden_spawn = order[0]
        spawn_colours[hidden_spawn] = spec.hidden_spawn_colour
    # coloured spawn tokens sleep until the mission wakes them (§8.4); a hidden colour lies face down
    spawns_on = tuple(p.color in ("", "red") for p in graph.spawns)
    sealed = tuple(_door(graph, "sealed_doors", door_id) for door_id in spec.sealed_doors)
    for zone_id, line in spec.start_xenos.items():
        _zone(graph, "start_xenos", zone_id)
        try:
            groups = parse_spawn_line(line)
        except ValueError as error:
            raise ValueError(f"[setup] → start_xenos → {zone_id}: {error}") from None
        for group in groups:
            if group.zombie not in {z.id for z in catalog.zombies}:
                raise ValueError(f"[setup] → start_xenos → {zone_id}: unknown xeno {group.zombie!r}")
    scientists = []
    for colour in spec.scientists:
        points = [p for n, p in enumerate(graph.objectives) if colours[n] == colour]
        if not points:
            raise ValueError(f"[setup] → scientists: no {colour} objective on the board to stand for a scientist")
        scientists.append(Scientist(colour, points[0].zone))
    state = InvaderState(
        mold=tuple(mold),
        objective_colours=tuple(colours),
        machines=tuple(machines),
        spawns_on=spawns_on,
        spawn_colours=tuple(spawn_colours),
        hidden_spawn=hidden_spawn,
        sealed=sealed,
        evacuees=spec.evacuees,
        scientists=tuple(scientists),
    )
    return state, rng


def board_problems(board: Any, spec: Any) -> list[str]:
    """A mission's tokens and pieces on zones and doors the board has, its machines known (for
    ``--validate``; the set-up raises the same faults)."""
    try:
        graph = graph_for(board, box_rules(spec.box))
        catalog = load_catalog(spec.box)
        setup_state(catalog, spec, graph, RngState(seed=0))
        deck_for(spec, tables_for(catalog).zombie_cards)
    except ValueError as error:
        return [str(error).removeprefix("[setup] → ")]
    return airlock_problems(graph)


def airlock_problems(graph: Any) -> list[str]:
    """Airlocks are the only way between a building and the outdoors (§3.2, §12.3): each one needs a
    way in from the building and a door out, and outdoor zones need an Airlock to reach them."""
    from game.rules.zombicide.boxes.invader.board import board_of  # the board reader needs the graph built

    board = board_of(graph)
    neighbours: list[set[int]] = [set() for _ in range(graph.zone_count)]
    for edge in graph.edges:
        neighbours[edge.a].add(edge.b)
        neighbours[edge.b].add(edge.a)
    problems = []
    for zone in range(graph.zone_count):
        if not board.airlock[zone]:
            continue
        name = graph.zone_ids[zone]
        if not any(board.outdoor[n] for n in neighbours[zone]):
            problems.append(f"zone {name!r} is an Airlock with no door to an outdoor zone: an Airlock joins a "
                            "building to the outdoors (rules §3.2); add the outdoor zone beyond its outer door, "
                            "or make it a room")
        if not any(not board.outdoor[n] for n in neighbours[zone]):
            problems.append(f"zone {name!r} is an Airlock with no way in from the building: open a door or an "
                            "opening between it and a room or corridor")
    outdoors = [z for z in range(graph.zone_count) if board.outdoor[z]]
    if outdoors and not any(board.airlock[z] and any(board.outdoor[n] for n in neighbours[z])
                            for z in range(graph.zone_count)):
        problems.append(f"{len(outdoors)} outdoor zones (the first {graph.zone_ids[outdoors[0]]!r}) and no Airlock "
                        "leads to them: survivors could never go outside (rules §3.2); add an Airlock")
    return problems


def setup_board(state: Any) -> Any:
    """Once the survivors stand on the board: the set-aside cards made, the mission's cards kept
    apart, Oxygen Tanks handed out, xenos placed, starting groups split, scientists' objectives
    kept off the table."""
    spec = state.setup
    catalog = state.tables.catalog
    kinds = list(state.card_kinds)
    deck = list(state.equipment_deck)

    def make(card_id: str) -> int:
        kinds.append(card_id)
        return len(kinds) - 1

    pile_of = {"oxygen": [], "prototype": []}  # type: dict[str, list[int]]
    for card in catalog.equipment_cards:
        pile = getattr(card, "set_aside", None)
        if pile in pile_of:
            pile_of[pile].extend(make(card.id) for _ in range(card.deck_count))
    rewards: list[tuple[str, int]] = []
    for colour, card_ids in spec.objective_rewards.items():
        for card_id in card_ids:
            found = next((c for c in pile_of["prototype"] if kinds[c] == card_id), None)
            if found is not None:
                pile_of["prototype"].remove(found)
            else:
                found = next((c for c in deck if kinds[c] == card_id), None)
                if found is not None:
                    deck.remove(found)
                else:
                    found = make(card_id)
            rewards.append((colour, found))
    survivors = list(state.survivors)
    old_tanks: list[int] = []
    if spec.oxygen_at_start:
        for i, s in enumerate(survivors):
            if not pile_of["oxygen"]:
                break  # six tanks in the box: a seventh survivor starts without one
            slots = list(s.slots)
            body = next((n for n in BODY_SLOTS if n < len(slots) and slots[n] == EMPTY), None)
            if body is None:
                continue
            tank = pile_of["oxygen"].pop(0)
            slots[body] = tank
            old_tanks.append(tank)
            survivors[i] = evolved(s, slots=tuple(slots))
    rng = state.rng
    graph = state.graph
    if spec.split_start and len(graph.starts) >= 2:
        order, rng = shuffled(rng, list(graph.starts[:2]))
        half = (len(survivors) + 1) // 2
        survivors = [evolved(s, zone=order[0] if n < half else order[1]) for n, s in enumerate(survivors)]
    zombies = [list(c) for c in state.zombies]
    supply = list(state.supply)
    for zone_id, line in spec.start_xenos.items():
        zone = graph.index[zone_id]
        for group in parse_spawn_line(line):
            t = state.tables.zombie_index[group.zombie]
            placed = min(group.count, supply[t])
            zombies[zone][t] += placed
            supply[t] -= placed
    taken = list(state.objectives_taken)
    doors_open = list(state.doors_open)
    gone_doors: list[int] = []
    gone_objectives: list[int] = []
    for zone, face in enumerate(state.box_state.mold):  # Mold at set-up takes its zone's tokens too (§9)
        if face == NO_MOLD:
            continue
        for n, point in enumerate(graph.objectives):
            if point.zone == zone and not taken[n]:
                taken[n] = True
                gone_objectives.append(n)
        for _other, e in graph.adjacent[zone]:
            door = graph.edges[e].door
            if door >= 0 and door not in gone_doors:
                gone_doors.append(door)
                doors_open[door] = True
    colours = state.box_state.objective_colours
    for scientist in state.box_state.scientists:
        for n, colour in enumerate(colours):
            if colour == scientist.colour:
                taken[n] = True  # a scientist is not an objective to take
    numbers = {n: state.tables.zombie_cards[n] for n in state.zombie_deck}
    wanted = set(deck_for(spec, numbers))
    zombie_deck = tuple(n for n in state.zombie_deck if n in wanted)
    box_state = evolved(  # the records' own copiers: no dataclasses.replace per field
        state.box_state,
        oxygen_pile=tuple(pile_of["oxygen"]),
        prototype_pile=tuple(pile_of["prototype"]),
        rewards=tuple(rewards),
        old_tanks=tuple(old_tanks) if spec.old_tanks_discarded_in_airlock else (),
        doors_gone=tuple(gone_doors),
        objectives_gone=tuple(gone_objectives),
        sealed=tuple(d for d in state.box_state.sealed if d not in gone_doors),
    )
    return evolved(
        state,
        card_kinds=tuple(kinds),
        equipment_deck=tuple(deck),
        zombie_deck=zombie_deck,
        survivors=tuple(survivors),
        zombies=tuple(tuple(c) for c in zombies),
        supply=tuple(supply),
        objectives_taken=tuple(taken),
        doors_open=tuple(doors_open),
        doors_spawned=tuple(doors_open),
        box_state=box_state,
        rng=rng,
    )


def deck_for(spec: Any, numbers: Mapping[int, Any]) -> list[int]:
    """The Xeno cards a game plays with (§16.2): all, the easier or the harder half, with or without
    the Extra Activation cards, or the cards the mission lists (mixed as desired)."""
    if isinstance(spec.xeno_cards, tuple):
        unknown = sorted(set(spec.xeno_cards) - set(numbers))
        if unknown:
            raise ValueError(f"[setup] → xeno_cards: no Xeno card #{unknown[0]} (the cards are #{min(numbers)}-#{max(numbers)})")
        if not any(numbers[n].kind != "activation" for n in spec.xeno_cards):
            raise ValueError("[setup] → xeno_cards: list at least one card that spawns xenos")
        return sorted(set(spec.xeno_cards))
    wanted = []
    for number, card in numbers.items():
        if card.kind == "activation":
            if spec.extra_activation_cards:
                wanted.append(number)
        elif spec.xeno_cards == "easier" and number > 25 or spec.xeno_cards == "harder" and number <= 25:
            continue
        else:
            wanted.append(number)
    return sorted(wanted)
