"""The Zombicide rules engine: setup, legal commands, check, apply, outcome.

``apply`` works on a private mutable copy of the state (``_Game``) and freezes it at the end, so
its input is never changed; a refused command raises IllegalCommand before anything is returned.
The zombies' phase is a small program of steps kept on the state (``queue``), so a decision the
players must take mid-phase (sharing wounds) pauses it and ``ChooseOption`` resumes it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Literal

from game.board.model import SEARCHABLE_KINDS, Board, ZoneKind
from game.rules.core.base import IllegalCommand
from game.rules.core.rng import RngState, force_dice, new_rng, roll_d6, shuffled
from game.rules.zombicide import skills as sk
from game.rules.zombicide.boxes.rue_morgue import box_rules, crawlers_left_behind
from game.rules.zombicide.catalog import Catalog, load_catalog
from game.rules.zombicide.commands import (
    COMMAND_ADAPTER,
    Attack,
    Bloodlust,
    BoardHelicopter,
    CardDiscarded,
    CardDrawn,
    CardKept,
    CardsCombined,
    ChangeSeat,
    ChooseOption,
    CloseDoor,
    Combine,
    DangerLevelReached,
    DecisionNeeded,
    DeckShuffled,
    DiceForced,
    DiceRolled,
    Discard,
    DoorClosed,
    DoorOpened,
    EndTurn,
    Escape,
    EventTriggered,
    ExperienceGained,
    ExtraActivation,
    FirstPlayerPassed,
    Fly,
    ForceDice,
    GameEnded,
    GiveAction,
    Heal,
    HelicopterChanged,
    InventoryChanged,
    Jump,
    Land,
    LeaveHelicopter,
    MakeNoise,
    Move,
    NoiseCleared,
    NoiseMade,
    ObjectiveTaken,
    OpenDoor,
    PhaseStarted,
    Rearrange,
    Reload,
    Rescue,
    Search,
    Shout,
    Shove,
    SkillGained,
    StoreEquipment,
    SurvivorEliminated,
    SurvivorEscaped,
    SurvivorHealed,
    SurvivorMoved,
    SurvivorsGrabbed,
    SurvivorWounded,
    TakeEquipment,
    TakeObjective,
    TakeOff,
    TeamActionUsed,
    TentRevealed,
    Trade,
    TurnEnded,
    TurnStarted,
    UseTeamAction,
    WeaponReloaded,
    ZombieAttacked,
    ZombieMoved,
    ZombiesKilled,
    ZombieSpawned,
)
from game.rules.zombicide.graph import UNREACHABLE, ZoneGraph, build_graph
from game.rules.zombicide.state import (
    EMPTY,
    LEVEL_NAMES,
    WOUND,
    Helicopter,
    Pending,
    PlayerSpec,
    Survivor,
    ZombicideSetup,
    ZombicideState,
    evolve,
)
from game.rules.zombicide.tables import Tables, tables_for

RULESET_NAME = "zombicide"
RULESET_VERSION = "1"

# --- setup ------------------------------------------------------------------------------------


def parse_setup(setup_spec: ZombicideSetup | Mapping[str, Any] | None, board: Board | None = None) -> ZombicideSetup:
    """The setup from the caller, or the mission's ``[setup]`` table; a bad one raises ValueError."""
    if isinstance(setup_spec, ZombicideSetup):
        return setup_spec
    data: dict[str, Any] = {}
    if board is not None and isinstance(board.properties.get("setup"), Mapping):
        data.update(dict(board.properties["setup"]))  # type: ignore[call-overload]
    if setup_spec:
        data.update(setup_spec)
    try:
        return ZombicideSetup.model_validate(data)
    except Exception as error:  # pydantic's ValidationError, reworded for the player
        source = board.source if board is not None and board.source else "setup"
        raise ValueError(f"{source}: the [setup] table is not usable: {error}") from error


def spawn_dice_for(catalog: Catalog, survivors: int) -> int:
    rows = catalog.setup.spawn_dice
    for row in rows:
        if row.survivors_min <= survivors <= row.survivors_max:
            return row.dice
    if survivors < rows[0].survivors_min:
        return rows[0].dice
    return rows[-1].dice + math.ceil((survivors - rows[-1].survivors_max) / 2)


_GRAPHS: dict[int, tuple[Board, ZoneGraph]] = {}


def graph_for(board: Board) -> ZoneGraph:
    """The board's zone graph, built once per Board object (its path caches are then shared)."""
    cached = _GRAPHS.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    if len(_GRAPHS) > 32:
        _GRAPHS.clear()
    graph = build_graph(board)
    _GRAPHS[id(board)] = (board, graph)
    return graph


def setup(board: Board, setup_spec: Any = None, seed: int = 0, catalog: Catalog | None = None) -> ZombicideState:
    spec = parse_setup(setup_spec, board)
    catalog = catalog or load_catalog(spec.box)
    tables = tables_for(catalog)
    graph = graph_for(board)
    if not graph.starts:
        raise ValueError(f"{board.source or board.title}: the board has no starting zone")

    roster: list[tuple[str, PlayerSpec]] = []
    seats: list[str] = []
    for player in spec.players:
        if player.seat not in seats:
            seats.append(player.seat)
        for survivor_id in player.survivors:
            roster.append((survivor_id, player))
    ids = [r[0] for r in roster]
    if len(set(ids)) != len(ids):
        raise ValueError("a survivor was picked twice")
    known = {s.id for s in catalog.survivors}
    for survivor_id in ids:
        if survivor_id not in known:
            raise ValueError(f"unknown survivor {survivor_id!r}")
    if spec.strict_survivor_count:
        rules = catalog.setup
        if not rules.survivors_min <= len(ids) <= rules.survivors_max:
            raise ValueError(f"a game needs {rules.survivors_min} to {rules.survivors_max} survivors")
        team_sizes: dict[str, int] = {}
        for _, player in roster:
            team_sizes[player.team] = team_sizes.get(player.team, 0) + 1
        if len(set(team_sizes.values())) > 1:
            raise ValueError("every team must have the same number of survivors")
    first_seat = seats.index(spec.first_seat) if spec.first_seat in seats else 0
    known_cards = {t.id for t in catalog.team_actions}
    for team, cards in spec.team_actions.items():
        if len(cards) > catalog.setup.team_actions_per_team_max:
            raise ValueError(f"team {team!r} may keep at most {catalog.setup.team_actions_per_team_max} Team Actions")
        for card in cards:
            if card not in known_cards:
                raise ValueError(f"unknown Team Action {card!r}")

    rng = new_rng(seed)
    card_kinds: list[str] = []

    def make_cards(equipment_ids: Sequence[str]) -> list[int]:
        made = []
        for equipment_id in equipment_ids:
            made.append(len(card_kinds))
            card_kinds.append(equipment_id)
        return made

    kept_out = set(catalog.setup.kept_out_of_deck)
    pool_ids = catalog.starting_pool_ids()
    deck_ids = [
        c.id
        for c in catalog.equipment_cards
        if c.in_equipment_deck and not c.in_starting_pool and c.id not in kept_out
        for _ in range(c.deck_count)
    ]
    pool = make_cards(pool_ids)
    deck = make_cards(deck_ids)

    hand, reserve = catalog.setup.hand_slots, catalog.setup.reserve_slots
    inventories: list[list[int]] = []
    skills_of: list[tuple[str, ...]] = []
    for survivor_id, _ in roster:
        skills = tuple(ref.text for ref in catalog.survivor(survivor_id).skills_at("blue"))
        skills_of.append(skills)
        inventories.append([EMPTY] * (hand + reserve + sk.extra_reserve_slots(skills)))

    def give(i: int, card: int) -> bool:
        for slot, held in enumerate(inventories[i]):
            if held == EMPTY:
                inventories[i][slot] = card
                return True
        return False

    # each team gives one of each starting weapon to its survivors, in the order they were picked
    teams: dict[str, list[int]] = {}
    for i, (_, player) in enumerate(roster):
        teams.setdefault(player.team, []).append(i)
    for members in teams.values():
        for n, equipment_id in enumerate(catalog.setup.starting_weapons_per_team):
            starting = next((c for c in pool if card_kinds[c] == equipment_id), None)
            if starting is not None and n < len(members):
                pool.remove(starting)
                give(members[n], starting)
    if spec.competitive and spec.vests_per_team:
        for members in teams.values():
            for n in range(spec.vests_per_team):
                give(members[n % len(members)], make_cards(["bulletproof_vest"])[0])
    pool_order, rng = shuffled(rng, pool)
    pool = list(pool_order)
    for i in range(len(roster)):
        if not any(c >= 0 and tables.equipment[card_kinds[c]].kind == "weapon" for c in inventories[i]) and pool:
            give(i, pool.pop(0))
    for i, skills in enumerate(skills_of):
        for equipment_id in sk.starting_equipment(skills):
            if equipment_id in tables.equipment:
                from_deck = next((c for c in deck if card_kinds[c] == equipment_id), None)
                if from_deck is not None:
                    deck.remove(from_deck)
                    give(i, from_deck)
                else:
                    give(i, make_cards([equipment_id])[0])
    deck.extend(pool)
    equipment_deck, rng = shuffled(rng, deck)
    tent_cards = [t.id for t in catalog.tents for _ in range(t.count)]
    tent_order, rng = shuffled(rng, tent_cards)
    tents = tuple(tent_order[n] if n < len(tent_order) else "" for n in range(len(graph.tent_zones)))
    zombie_deck, rng = shuffled(rng, catalog.zombie_deck_numbers())

    actions = catalog.setup.actions_per_turn
    survivors = []
    for i, (survivor_id, player) in enumerate(roster):
        profile = catalog.survivor(survivor_id)
        skills = skills_of[i]
        start_xp, start_level = 0, 0
        wanted = spec.start_levels.get(survivor_id)
        if wanted:
            if f"can_start_at:{wanted}" not in skills or wanted not in LEVEL_NAMES:
                raise ValueError(f"{profile.name} cannot start at {wanted}")
            start_level = LEVEL_NAMES.index(wanted)
            start_xp = tables.xp_thresholds[start_level]
            for level in LEVEL_NAMES[1 : start_level + 1]:  # the first skill of each level reached
                skills = skills + (profile.skills_at(level)[0].text,)  # type: ignore[arg-type]
        survivors.append(
            Survivor(
                id=survivor_id,
                name=profile.name,
                seat=player.seat,
                team=player.team,
                zone=graph.starts[0],
                slots=tuple(inventories[i]),
                skills=skills,
                xp=start_xp,
                level=start_level,
                actions_left=actions + sk.extra_actions(skills),
                free_actions=sk.free_actions(skills),
            )
        )
    supply = tuple(spec.supply.get(z, tables.miniatures[t]) for t, z in enumerate(tables.zombie_ids))
    empty_zone = (0,) * tables.type_count
    return ZombicideState(
        graph=graph,
        tables=tables,
        setup=spec,
        card_kinds=tuple(card_kinds),
        round=1,
        phase="players",
        seats=tuple(seats),
        first_seat=first_seat,
        turn=0,
        survivors=tuple(survivors),
        active=-1,
        zombies=(empty_zone,) * graph.zone_count,
        noise=(0,) * graph.zone_count,
        doors_open=graph.doors_open_at_start,
        doors_spawned=graph.doors_open_at_start,
        buildings_spawned=(False,) * len(graph.buildings),
        objectives_taken=(False,) * len(graph.objectives),
        unlocked_colours=(),
        unloaded=(),
        equipment_deck=equipment_deck,
        equipment_discard=(),
        zombie_deck=zombie_deck,
        zombie_discard=(),
        supply=supply,
        spawn_dice=spec.spawn_dice or spawn_dice_for(catalog, len(survivors)),
        rng=rng,
        tents=tents,
        tents_revealed=(False,) * len(tents),
        triggers_fired=(False,) * len(graph.trigger_tiles),
        helicopters=tuple(Helicopter(z) for z in graph.helicopters),
    )


# --- the contract -----------------------------------------------------------------------------


def current_seats(state: ZombicideState) -> frozenset[str]:
    if state.result is not None:
        return frozenset()
    if state.pending is not None:
        return frozenset((state.pending.seat,))
    seat = state.current_seat
    return frozenset((seat,)) if seat is not None else frozenset()


def player_view(state: ZombicideState, seat: str) -> ZombicideState:
    """What a seat may look at: the decks' order and the dice to come are hidden. For display only:
    never apply commands to a view."""
    return replace(
        state,
        equipment_deck=tuple(sorted(state.equipment_deck)),
        zombie_deck=tuple(sorted(state.zombie_deck)),
        rng=RngState(seed=0, draws=state.rng.draws, forced=state.rng.forced),
        queue=(),
    )


def outcome(state: ZombicideState) -> str | None:
    """"won", "lost", or None while the game goes on; "over" ends a competitive game, whose
    winning teams are ``state.winners``."""
    return state.result


def check(state: ZombicideState, seat: str, command: Any) -> None:
    """Raise IllegalCommand with a reason when ``command`` may not be played now."""
    apply(state, seat, command)


def apply(state: ZombicideState, seat: str, command: Any) -> tuple[ZombicideState, tuple[Any, ...]]:
    game = _Game(state)
    game.play(seat, command)
    return game.freeze(), tuple(game.events)


def legal_commands(state: ZombicideState, seat: str) -> list[Any]:
    """Every command ``seat`` may play now. Trades and rearrangements are listed as single-card
    swaps; ``check`` accepts any full arrangement."""
    if state.result is not None:
        return []
    pending = state.pending
    if pending is not None:
        if pending.seat != seat:
            return []
        return [ChooseOption(i) for i in range(len(pending.options))]
    if state.phase != "players" or state.current_seat != seat:
        return []
    if state.active >= 0:
        candidates = [state.active]
    else:
        candidates = [i for i, s in enumerate(state.survivors) if s.seat == seat and s.in_play and not s.done]
    result: list[Any] = []
    for i in candidates:
        result.extend(_survivor_commands(state, i))
    return result


def _can_spend(s: Survivor, category: str) -> bool:
    if s.actions_left > 0:
        return True
    return any(tag == category or (tag == "combat" and category in ("melee", "ranged")) for tag in s.free_actions)


def _survivor_commands(state: ZombicideState, i: int) -> list[Any]:
    s = state.survivors[i]
    graph, tables = state.graph, state.tables
    sid = s.id
    commands: list[Any] = [EndTurn(sid)]
    zone = s.zone
    if s.aboard >= 0:
        if s.actions_left > 0:
            commands.extend(_helicopter_commands(state, s))
        return commands
    zombies_here = state.zombies_in(zone)
    extra = 0 if sk.has(s.skills, "slippery") else zombies_here
    if _can_spend(s, "move") and (
        ("move" in s.free_actions and s.actions_left >= extra) or s.actions_left >= 1 + extra
    ):
        reach = sk.zones_per_move(s.skills)
        if sk.has(s.skills, "sprint") and not s.sprint_used:
            reach = max(reach, 3)
        for path in _paths(state, zone, reach):
            commands.append(Move(sid, graph.zone_ids[path[-1]], tuple(graph.zone_ids[z] for z in path[:-1])))
    if sk.has(s.skills, "charge") and s.actions_left >= extra:
        for path in _paths(state, zone, 2):
            if state.zombies_in(path[-1]):
                commands.append(
                    Move(sid, graph.zone_ids[path[-1]], tuple(graph.zone_ids[z] for z in path[:-1]), charge=True)
                )
    if sk.has(s.skills, "born_leader") and not s.led:
        for other in state.survivors:
            if other.id != sid and other.in_play and other.aboard < 0:
                commands.append(GiveAction(sid, other.id))
    if sk.has(s.skills, "jump") and not s.jump_used and s.actions_left > extra:
        for target in _jump_targets(graph, state.doors_open, zone):
            commands.append(Jump(sid, graph.zone_ids[target]))
    if sk.has(s.skills, "shove") and not s.shoved and zombies_here:
        for next_zone in graph.neighbours(zone, state.doors_open):
            commands.append(Shove(sid, graph.zone_ids[next_zone]))
    if sk.has(s.skills, "lifesaver") and not s.rescued:
        for next_zone in graph.neighbours(zone, state.doors_open):
            if state.zombies_in(next_zone) and any(
                o.in_play and o.zone == next_zone and o.aboard < 0 for o in state.survivors
            ):
                commands.append(Rescue(sid, graph.zone_ids[next_zone]))
    if sk.has(s.skills, "closes_doors") and s.actions_left > 0:
        for _other, e in graph.adjacent[zone]:
            edge = graph.edges[e]
            if edge.door >= 0 and state.doors_open[edge.door]:
                commands.append(CloseDoor(sid, edge.connection_id))
    if sk.has(s.skills, "loud") and state.loud[1] != i:
        commands.append(Shout(sid))
    if sk.has(s.skills, "medic") and not s.healed:
        for other in state.survivors:
            if other.in_play and other.zone == zone and other.wounds:
                commands.append(Heal(sid, other.id))
    hands = s.slots[:2]
    kinds = [state.card_kinds[c] if c >= 0 else "" for c in s.slots]
    if _can_spend(s, "door"):
        opener = sk.has(s.skills, "opens_doors") or any(
            c >= 0 and tables.equipment[state.card_kinds[c]].opens_doors for c in hands
        )
        if opener:
            for _other, e in graph.adjacent[zone]:
                edge = graph.edges[e]
                if edge.door >= 0 and not state.doors_open[edge.door] and _door_unlocked(state, edge.color):
                    commands.append(OpenDoor(sid, edge.connection_id))
    searchable = _searchable(state, zone) or sk.has(s.skills, "search_anywhere") or s.nose_search
    if searchable and (_can_spend(s, "search") or s.nose_search) and not s.searched and zombies_here == 0 and (
        state.equipment_deck or state.equipment_discard
    ):
        commands.append(Search(sid))
    seen_weapons: set[str] = set()
    for slot in (0, 1):
        card = s.slots[slot]
        if card < 0 or kinds[slot] in seen_weapons:
            continue
        equipment = tables.equipment[kinds[slot]]
        if equipment.attack is None or not _can_spend(s, equipment.attack):
            continue
        if equipment.reload and card in state.unloaded:
            continue
        seen_weapons.add(kinds[slot])
        if equipment.attack == "melee":
            if zombies_here:
                commands.append(Attack(sid, slot, graph.zone_ids[zone]))
            continue
        low, high = equipment.range_min, equipment.range_max + sk.range_bonus(s.skills)
        targets = ([zone] if low == 0 else []) + list(graph.visible(state.doors_open)[zone])
        for target in targets:
            if state.zombies_in(target) == 0:
                continue
            distance = graph.zone_range(zone, target, state.doors_open)
            if distance is not None and low <= distance <= high:
                commands.append(Attack(sid, slot, graph.zone_ids[target]))
    if state.unloaded and s.actions_left > 0 and any(c in state.unloaded for c in hands if c >= 0):
        commands.append(Reload(sid))
    if s.actions_left > 0:
        commands.append(MakeNoise(sid))
        if zombies_here == 0:
            for h, helicopter in enumerate(state.helicopters):
                if helicopter.zone == zone and not helicopter.flying:
                    crew = [o for o in state.survivors if o.in_play and o.aboard == h]
                    if not any(o.piloting for o in crew):
                        commands.append(BoardHelicopter(sid, pilot=True))
                    if sum(1 for o in crew if not o.piloting) < 3:
                        commands.append(BoardHelicopter(sid))
        for index, point in enumerate(graph.objectives):
            if point.zone == zone and not state.objectives_taken[index]:
                commands.append(TakeObjective(sid))
                break
        # rearranging: bring a reserve card to a hand
        for r in range(2, len(s.slots)):
            if s.slots[r] >= 0 and tables.equipment[kinds[r]].attack is not None:
                for h in (0, 1):
                    if kinds[h] != kinds[r]:
                        slots = list(s.slots)
                        slots[h], slots[r] = slots[r], slots[h]
                        commands.append(Rearrange(sid, tuple(slots)))
        # trading, listed as single moves: give a card to a free slot, take one, or swap hands
        for j, other in enumerate(state.survivors):
            if j == i or not other.in_play or other.zone != zone:
                continue
            mine_free = s.slots.index(EMPTY) if EMPTY in s.slots else -1
            theirs_free = other.slots.index(EMPTY) if EMPTY in other.slots else -1
            moves: list[tuple[int, int]] = []
            if theirs_free >= 0:
                moves += [(a, theirs_free) for a, c in enumerate(s.slots) if c >= 0]
            if mine_free >= 0:
                moves += [(mine_free, b) for b, c in enumerate(other.slots) if c >= 0]
            moves += [(a, b) for a in (0, 1) for b in (0, 1) if s.slots[a] >= 0 and other.slots[b] >= 0]
            for a, b in moves:
                mine, theirs = s.slots[a], other.slots[b]
                if mine >= 0 and theirs >= 0 and kinds[a] == state.card_kinds[theirs]:
                    continue
                new_mine, new_theirs = list(s.slots), list(other.slots)
                new_mine[a], new_theirs[b] = theirs, mine
                commands.append(Trade(sid, other.id, tuple(new_mine), tuple(new_theirs)))
    if s.team not in state.team_actions_used and state.setup.team_actions.get(s.team):
        mates = tuple(
            o.id for o in state.survivors if o.id != sid and o.in_play and o.team == s.team and o.zone == zone and o.aboard < 0
        )
        if mates:
            for card_id in dict.fromkeys(state.setup.team_actions[s.team]):
                team_card = tables.catalog.team_action(card_id)
                if team_card.action == "ranged":
                    options = [z for z in graph.visible(state.doors_open)[zone] if state.zombies_in(z)]
                else:
                    options = list(graph.neighbours(zone, state.doors_open)) + [zone]
                    if team_card.target_must_hold_zombies:
                        options = [z for z in options if state.zombies_in(z)]
                    elif zombies_here:
                        options = []
                for target in options:
                    team_action = UseTeamAction(sid, card_id, mates, graph.zone_ids[target])
                    try:  # every mate must be able to take part: let the rules say
                        apply(state, s.seat, team_action)
                    except IllegalCommand:
                        continue
                    commands.append(team_action)
    for a, card in enumerate(s.slots):
        if card >= 0 and tables.equipment[kinds[a]].combines_with:
            partners = {c.partner for c in tables.equipment[kinds[a]].combines_with}
            for b in range(a + 1, len(s.slots)):
                if s.slots[b] >= 0 and kinds[b] in partners:
                    commands.append(Combine(sid, a, b))
    if "escape_all" in state.setup.goals and zone in graph.exits and zombies_here == 0:
        commands.append(Escape(sid))
    return commands


def _helicopter_commands(state: ZombicideState, s: Survivor) -> list[Any]:
    graph = state.graph
    helicopter = state.helicopters[s.aboard]
    crew = [o for o in state.survivors if o.in_play and o.aboard == s.aboard]
    pilot_seat_free = not any(o.piloting for o in crew)
    passengers = sum(1 for o in crew if not o.piloting)
    commands: list[Any] = []
    can_leave = not helicopter.flying or (
        not s.piloting
        and sk.has(s.skills, "rope_descent")
        and graph.street_like[helicopter.zone]
        and graph.kinds[helicopter.zone] != ZoneKind.HALLWAY
    )
    if can_leave:
        commands.append(LeaveHelicopter(s.id))
    commands.extend(StoreEquipment(s.id, slot) for slot, card in enumerate(s.slots) if card >= 0)
    if EMPTY in s.slots:
        free_slot = s.slots.index(EMPTY)
        commands.extend(TakeEquipment(s.id, n, free_slot) for n in range(len(helicopter.cards)))
    if (s.piloting and not helicopter.flying and passengers < 3) or (not s.piloting and pilot_seat_free):
        commands.append(ChangeSeat(s.id))
    if s.piloting and sk.has(s.skills, "flies_helicopters") and state.setup.helicopter_flies:
        if graph.landing[helicopter.zone]:
            commands.append(Land(s.id) if helicopter.flying else TakeOff(s.id))
        if helicopter.flying:
            for first in graph.flight[helicopter.zone]:
                if first < 0:
                    continue
                commands.append(Fly(s.id, graph.zone_ids[first]))
                for second in graph.flight[first]:
                    if second >= 0 and second != helicopter.zone:
                        commands.append(Fly(s.id, graph.zone_ids[second], (graph.zone_ids[first],)))
    return commands


def _jump_targets(graph: ZoneGraph, doors: tuple[bool, ...], zone: int) -> list[int]:
    """Zones exactly 2 steps away along a sight line, with nothing but actors in between."""
    targets = []
    for line in graph.sight[zone]:
        steps = line[:2]
        if len(steps) == 2 and all(graph.passable(graph.edges[e], doors) and not graph.blocked[z] for z, e in steps):
            targets.append(steps[1][0])
    return targets


def _paths(state: ZombicideState, start: int, reach: int) -> list[tuple[int, ...]]:
    """One shortest path to every zone within ``reach`` zones, never passing through zombies."""
    graph = state.graph
    found: dict[int, tuple[int, ...]] = {start: ()}
    frontier = [start]
    for _ in range(reach):
        following = []
        for here in frontier:
            if here != start and state.zombies_in(here):
                continue  # entering a zone with zombies ends the move
            for there in graph.neighbours(here, state.doors_open):
                if there not in found:
                    found[there] = found[here] + (there,)
                    following.append(there)
        frontier = following
    return [path for zone, path in found.items() if zone != start]


def _searchable(state: ZombicideState, zone: int) -> bool:
    if state.graph.kinds[zone] in SEARCHABLE_KINDS:
        return True
    if zone in state.graph.tent_zones:
        n = state.graph.tent_zones.index(zone)
        tent = state.tents[n]
        return bool(tent) and state.tents_revealed[n] and state.tables.catalog.tent(tent).searchable
    return False


def _door_unlocked(state: ZombicideState, colour: str) -> bool:
    key = state.setup.door_keys.get(colour)
    return key is None or key in state.unlocked_colours


# --- the working copy ---------------------------------------------------------------------------


class _Game:
    """A mutable copy of a state for the length of one ``apply``."""

    def __init__(self, state: ZombicideState):
        self.base = state
        self.graph: ZoneGraph = state.graph
        self.tables: Tables = state.tables
        self.spec: ZombicideSetup = state.setup
        self.box = box_rules(self.spec.box)
        self.card_kinds = state.card_kinds
        self.round = state.round
        self.phase = state.phase
        self.seats = state.seats
        self.first_seat = state.first_seat
        self.turn = state.turn
        self.survivors = list(state.survivors)
        self.active = state.active
        self.zombies = list(state.zombies)
        self.noise = list(state.noise)
        self.doors_open = list(state.doors_open)
        self.doors_spawned = list(state.doors_spawned)
        self.buildings_spawned = list(state.buildings_spawned)
        self.objectives_taken = list(state.objectives_taken)
        self.unlocked = list(state.unlocked_colours)
        self.unloaded = list(state.unloaded)
        self.equipment_deck = list(state.equipment_deck)
        self.equipment_discard = list(state.equipment_discard)
        self.zombie_deck = list(state.zombie_deck)
        self.zombie_discard = list(state.zombie_discard)
        self.supply = list(state.supply)
        self.rng: RngState = state.rng
        self.pending: Pending | None = state.pending
        self.queue = list(state.queue)
        self.tents_revealed = list(state.tents_revealed)
        self.triggers_fired = list(state.triggers_fired)
        self.helicopters = list(state.helicopters)
        self.team_actions_used = list(state.team_actions_used)
        self.vests_hit = list(state.vests_hit)
        self.loud = state.loud
        self.winners = state.winners
        self.result = state.result
        self.kills = state.kills
        self.events: list[Any] = []

    def freeze(self) -> ZombicideState:
        return evolve(  # type: ignore[return-value]
            self.base,
            card_kinds=self.card_kinds,
            round=self.round,
            phase=self.phase,  # type: ignore[arg-type]
            first_seat=self.first_seat,
            turn=self.turn,
            survivors=tuple(self.survivors),
            active=self.active,
            zombies=tuple(self.zombies),
            noise=tuple(self.noise),
            doors_open=tuple(self.doors_open),
            doors_spawned=tuple(self.doors_spawned),
            buildings_spawned=tuple(self.buildings_spawned),
            objectives_taken=tuple(self.objectives_taken),
            unlocked_colours=tuple(self.unlocked),
            unloaded=tuple(sorted(self.unloaded)),
            equipment_deck=tuple(self.equipment_deck),
            equipment_discard=tuple(self.equipment_discard),
            zombie_deck=tuple(self.zombie_deck),
            zombie_discard=tuple(self.zombie_discard),
            supply=tuple(self.supply),
            rng=self.rng,
            pending=self.pending,
            queue=tuple(self.queue),
            tents_revealed=tuple(self.tents_revealed),
            triggers_fired=tuple(self.triggers_fired),
            helicopters=tuple(self.helicopters),
            team_actions_used=tuple(self.team_actions_used),
            vests_hit=tuple(self.vests_hit),
            loud=self.loud,
            winners=self.winners,
            result=self.result,  # type: ignore[arg-type]
            kills=self.kills,
        )

    # -- small helpers --

    def zid(self, zone: int) -> str:
        return self.graph.zone_ids[zone]

    def zname(self, t: int) -> str:
        return self.tables.zombie_ids[t]

    def card_name(self, card: int) -> str:
        if card == WOUND:
            return "wound"
        return self.card_kinds[card] if card >= 0 else ""

    def equipment(self, card: int):  # type: ignore[no-untyped-def]
        return self.tables.equipment[self.card_kinds[card]]

    def change(self, i: int, **changes: Any) -> Survivor:
        survivor = evolve(self.survivors[i], **changes)
        self.survivors[i] = survivor  # type: ignore[call-overload]
        return survivor  # type: ignore[return-value]

    def zombie_count(self, zone: int) -> int:
        return sum(self.zombies[zone])

    def survivors_in(self, zone: int) -> list[int]:
        """Survivors in the zone that actors outside a flying helicopter can reach."""
        return [i for i, s in enumerate(self.survivors) if s.in_play and s.zone == zone and not self.in_flight(s)]

    def prey_in(self, zone: int) -> list[int]:
        """Survivors the zombies can attack or grab in the zone: Rotten ones are ignored."""
        return [i for i in self.survivors_in(zone) if not self.survivors[i].rotten]

    def made_a_stir(self, i: int) -> None:
        """A combat action, noise or piloting: the turn is not quiet and any Rotten token is lost."""
        s = self.survivors[i]
        if s.quiet_turn or s.rotten:
            self.change(i, quiet_turn=False, rotten=False)

    def in_flight(self, s: Survivor) -> bool:
        return s.aboard >= 0 and self.helicopters[s.aboard].flying

    def add_noise(self, zone: int, who: int) -> None:
        """A Noise token made by survivor ``who`` (Ninja survivors make none)."""
        if sk.has(self.survivors[who].skills, "makes_no_noise"):
            return
        self.made_a_stir(who)
        self.noise[zone] += 1
        self.events.append(NoiseMade(self.zid(zone), self.noise[zone]))

    def inventory_event(self, i: int) -> None:
        s = self.survivors[i]
        self.events.append(InventoryChanged(s.id, tuple(self.card_name(c) for c in s.slots)))

    def survivor_by_id(self, survivor_id: str) -> int:
        for i, s in enumerate(self.survivors):
            if s.id == survivor_id:
                return i
        raise IllegalCommand(f"there is no survivor called {survivor_id!r}")

    def zone_by_id(self, zone_id: str) -> int:
        zone = self.graph.index.get(zone_id)
        if zone is None:
            raise IllegalCommand(f"there is no zone {zone_id!r}")
        return zone

    # -- dispatch --

    def play(self, seat: str, command: Any) -> None:
        if self.result is not None:
            raise IllegalCommand("the game is over")
        if isinstance(command, ForceDice):
            try:
                self.rng = force_dice(self.rng, command.values)
            except ValueError as error:
                raise IllegalCommand(str(error)) from error
            self.events.append(DiceForced(tuple(command.values)))
            return
        if self.pending is not None:
            if not isinstance(command, ChooseOption):
                raise IllegalCommand("a decision is waiting: choose one of its options first")
            if seat != self.pending.seat:
                raise IllegalCommand(f"this decision belongs to {self.pending.seat}")
            self.choose(command.option)
            self.run_queue()
            self.after_action()
            return
        if isinstance(command, ChooseOption):
            raise IllegalCommand("there is no decision to take")
        if self.phase != "players":
            raise IllegalCommand("the zombies are playing")
        if seat != self.base.current_seat:
            raise IllegalCommand(f"it is {self.base.current_seat}'s turn, not {seat}'s")
        i = self.survivor_by_id(command.survivor)
        s = self.survivors[i]
        if s.seat != seat:
            raise IllegalCommand(f"{s.name} is not yours to play")
        if not s.in_play:
            raise IllegalCommand(f"{s.name} is no longer on the board")
        if s.done:
            raise IllegalCommand(f"{s.name} has already played this round")
        if self.active >= 0 and self.active != i:
            raise IllegalCommand(f"finish {self.survivors[self.active].name}'s turn first")
        if isinstance(command, Discard):
            self.discard(i, command.slot)
            return
        if isinstance(command, Combine):
            self.combine(i, command.slot, command.other_slot)
            return
        if s.aboard >= 0 and not isinstance(command, _HELICOPTER_COMMANDS + (EndTurn,)):
            raise IllegalCommand(f"{s.name} must leave the helicopter first")
        if self.active < 0:
            self.active = i
            s = self.change(i, acting=True, actions_left=s.actions_left + s.gifted_actions, gifted_actions=0)
            if self.loud[1] == i:
                self.loud = (-1, -1)
            self.events.append(TurnStarted(s.id, s.actions_left))
        handler: Any = _HANDLERS.get(type(command))
        if handler is None:
            raise IllegalCommand(f"unknown command {command!r}")
        handler(self, i, command)
        self.check_trigger(i)
        self.run_queue()
        self.after_action()

    def spend(self, i: int, category: str) -> None:
        s = self.survivors[i]
        for tag in (category, "combat") if category in ("melee", "ranged") else (category,):
            if tag in s.free_actions:
                free = list(s.free_actions)
                free.remove(tag)
                self.change(i, free_actions=tuple(free))
                return
        if s.actions_left <= 0:
            raise IllegalCommand(f"{s.name} has no action left")
        self.change(i, actions_left=s.actions_left - 1)

    def after_action(self) -> None:
        """End the active survivor's turn when it cannot act any more; move the game on."""
        self.check_goals(end_phase=False)
        if self.result is not None or self.pending is not None or self.phase != "players":
            return
        if self.active >= 0:
            s = self.survivors[self.active]
            if not s.in_play or (s.actions_left <= 0 and not s.free_actions):
                self.end_turn(self.active)
        self.advance_turns()

    def end_turn(self, i: int) -> None:
        s = self.survivors[i]
        rotten = s.rotten or (s.quiet_turn and s.in_play and sk.has(s.skills, "rotten"))
        s = self.change(i, done=True, acting=False, actions_left=0, free_actions=(), rotten=rotten)
        self.active = -1
        self.events.append(TurnEnded(s.id))

    def advance_turns(self) -> None:
        while self.phase == "players" and self.result is None:
            if self.turn >= len(self.seats):
                self.start_zombie_phase()
                return
            seat = self.seats[(self.first_seat + self.turn) % len(self.seats)]
            if any(s.seat == seat and s.in_play and not s.done for s in self.survivors):
                return
            self.turn += 1

    # -- survivor actions --

    def do_move(self, i: int, command: Move) -> None:
        s = self.survivors[i]
        path = [self.zone_by_id(z) for z in (*command.via, command.to)]
        limit = sk.zones_per_move(s.skills)
        sprint = False
        if command.charge:
            if not sk.has(s.skills, "charge"):
                raise IllegalCommand(f"{s.name} does not have the Charge skill")
            if len(path) > 2 or self.zombie_count(path[-1]) == 0:
                raise IllegalCommand("a Charge goes up to 2 zones into a zone holding zombies")
        elif len(path) > limit:
            if len(path) <= 3 and sk.has(s.skills, "sprint") and not s.sprint_used:
                sprint = True
            else:
                raise IllegalCommand(f"{s.name} moves at most {limit} zone{'s' if limit > 1 else ''} per Move action")
        here = s.zone
        doors = tuple(self.doors_open)
        for step, zone in enumerate(path):
            if zone not in self.graph.neighbours(here, doors):
                raise IllegalCommand(
                    f"{s.name} cannot move from {self.zid(here)} to {self.zid(zone)}: not an open, adjacent zone"
                )
            if step < len(path) - 1 and self.zombie_count(zone):
                raise IllegalCommand(f"entering {self.zid(zone)} with its zombies ends the move there")
            here = zone
        extra = 0 if sk.has(s.skills, "slippery") or s.slip_next_move else self.zombie_count(s.zone)
        if s.slip_next_move:
            self.change(i, slip_next_move=False)
        if not command.charge:
            self.spend(i, "move")
        if extra > self.survivors[i].actions_left:
            raise IllegalCommand(f"leaving a zone with {extra} zombies costs {extra + 1} actions")
        self.change(i, actions_left=self.survivors[i].actions_left - extra, sprint_used=s.sprint_used or sprint)
        from_zone = s.zone
        for zone in path:
            self.change(i, zone=zone)
            self.events.append(SurvivorMoved(s.id, self.zid(from_zone), self.zid(zone), 1 + extra))
            extra = 0
            from_zone = zone
            if zone in self.graph.tent_zones:
                self.reveal_tent(self.graph.tent_zones.index(zone))
            if self.zombie_count(zone):
                break  # a tent revealed its zombies: the move ends here

    # -- the helicopter --

    def helicopter_here(self, s: Survivor) -> int:
        for h, helicopter in enumerate(self.helicopters):
            if helicopter.zone == s.zone and not helicopter.flying:
                return h
        return -1

    def crew(self, h: int) -> tuple[int, list[int]]:
        pilot = next((j for j, o in enumerate(self.survivors) if o.in_play and o.aboard == h and o.piloting), -1)
        passengers = [j for j, o in enumerate(self.survivors) if o.in_play and o.aboard == h and not o.piloting]
        return pilot, passengers

    def do_board_helicopter(self, i: int, command: BoardHelicopter) -> None:
        s = self.survivors[i]
        h = self.helicopter_here(s)
        if h < 0:
            raise IllegalCommand(f"there is no landed helicopter in {s.name}'s zone")
        if self.zombie_count(s.zone):
            raise IllegalCommand("nobody boards with zombies in the zone")
        pilot, passengers = self.crew(h)
        if command.pilot and pilot >= 0:
            raise IllegalCommand("the pilot's seat is taken")
        if not command.pilot and len(passengers) >= PASSENGER_SEATS:
            raise IllegalCommand("every passenger seat is taken")
        self.spend(i, "other")
        self.change(i, aboard=h, piloting=command.pilot)
        self.events.append(HelicopterChanged("boarded", self.zid(s.zone), s.id))

    def do_leave_helicopter(self, i: int, command: LeaveHelicopter) -> None:
        s = self.survivors[i]
        if s.aboard < 0:
            raise IllegalCommand(f"{s.name} is not in a helicopter")
        helicopter = self.helicopters[s.aboard]
        if helicopter.flying:
            if s.piloting:
                raise IllegalCommand("the pilot cannot leave a flying helicopter")
            if not sk.has(s.skills, "rope_descent"):
                raise IllegalCommand("only Rope Descent gets a survivor out of a flying helicopter")
            zone = helicopter.zone
            if not self.graph.street_like[zone] or self.graph.kinds[zone] == ZoneKind.HALLWAY:
                raise IllegalCommand("a rope descent lands in a street zone only")
        self.spend(i, "other")
        self.change(i, aboard=-1, piloting=False)
        self.events.append(HelicopterChanged("left", self.zid(s.zone), s.id))

    def do_change_seat(self, i: int, command: ChangeSeat) -> None:
        s = self.survivors[i]
        if s.aboard < 0:
            raise IllegalCommand(f"{s.name} is not in a helicopter")
        pilot, passengers = self.crew(s.aboard)
        if s.piloting:
            if self.helicopters[s.aboard].flying:
                raise IllegalCommand("the pilot cannot change seat in flight")
            if len(passengers) >= PASSENGER_SEATS:
                raise IllegalCommand("no passenger seat is free")
        elif pilot >= 0:
            raise IllegalCommand("the pilot's seat is taken")
        self.spend(i, "other")
        self.change(i, piloting=not s.piloting)
        self.events.append(HelicopterChanged("seat", self.zid(s.zone), s.id))

    def pilot_check(self, s: Survivor) -> Helicopter:
        if s.aboard < 0 or not s.piloting:
            raise IllegalCommand(f"{s.name} is not in a pilot's seat")
        if not sk.has(s.skills, "flies_helicopters"):
            raise IllegalCommand(f"{s.name} cannot fly a helicopter")
        if not self.spec.helicopter_flies:
            raise IllegalCommand("in this mission the helicopter cannot fly")
        return self.helicopters[s.aboard]

    def do_take_off(self, i: int, command: TakeOff) -> None:
        s = self.survivors[i]
        helicopter = self.pilot_check(s)
        if helicopter.flying:
            raise IllegalCommand("the helicopter is already flying")
        if not self.graph.landing[helicopter.zone]:
            raise IllegalCommand("helicopters take off and land on the helipad or the wasteland")
        self.spend(i, "other")
        self.made_a_stir(i)
        self.helicopters[s.aboard] = replace(helicopter, flying=True)
        self.events.append(HelicopterChanged("took_off", self.zid(helicopter.zone), s.id))

    def do_land(self, i: int, command: Land) -> None:
        s = self.survivors[i]
        helicopter = self.pilot_check(s)
        if not helicopter.flying:
            raise IllegalCommand("the helicopter is on the ground")
        if not self.graph.landing[helicopter.zone]:
            raise IllegalCommand("helicopters take off and land on the helipad or the wasteland")
        self.spend(i, "other")
        self.made_a_stir(i)
        self.helicopters[s.aboard] = replace(helicopter, flying=False)
        self.events.append(HelicopterChanged("landed", self.zid(helicopter.zone), s.id))

    def do_fly(self, i: int, command: Fly) -> None:
        s = self.survivors[i]
        helicopter = self.pilot_check(s)
        if not helicopter.flying:
            raise IllegalCommand("a helicopter on the ground cannot move")
        path = [self.zone_by_id(z) for z in (*command.via, command.to)]
        if len(path) > 2:
            raise IllegalCommand("a flight goes 1 or 2 zones per action")
        here = helicopter.zone
        for zone in path:
            if zone not in self.graph.flight[here]:
                raise IllegalCommand(f"{self.zid(zone)} is not a straight step from {self.zid(here)}")
            here = zone
        self.spend(i, "other")
        self.made_a_stir(i)
        self.helicopters[s.aboard] = replace(helicopter, zone=here)
        for j, other in enumerate(self.survivors):
            if other.aboard == s.aboard and other.in_play:
                self.change(j, zone=here)
        self.events.append(HelicopterChanged("flew", self.zid(here), s.id, self.zid(helicopter.zone)))

    # -- team actions --

    def do_team_action(self, i: int, command: UseTeamAction) -> None:
        s = self.survivors[i]
        cards = self.spec.team_actions.get(s.team, ())
        if command.card not in cards:
            raise IllegalCommand(f"{s.team} did not pick the Team Action {command.card!r}")
        if s.team in self.team_actions_used:
            raise IllegalCommand("each team plays one Team Action per players' phase")
        card = self.tables.catalog.team_action(command.card)
        if command.mode not in card.modes:
            raise IllegalCommand(f"{card.name} has no {command.mode} mode")
        group = [i]
        for member_id in command.members:
            j = self.survivor_by_id(member_id)
            other = self.survivors[j]
            if j in group or other.team != s.team or not other.in_play or other.aboard >= 0:
                raise IllegalCommand(f"{other.name} cannot join this Team Action")
            group.append(j)
        if len(group) < 2:
            raise IllegalCommand("a Team Action needs at least one team-mate")
        zone = self.zone_by_id(command.zone)
        if command.mode == "origin":
            if any(self.survivors[j].zone != zone for j in group):
                raise IllegalCommand("in origin mode every selected survivor stands in the chosen zone")
            if len(command.targets) != len(group):
                raise IllegalCommand("origin mode gives one target zone per selected survivor")
            targets = [self.zone_by_id(t) if t else -1 for t in command.targets]
        else:
            targets = [zone] * len(group)
        doors = tuple(self.doors_open)
        for j, target in zip(group, targets, strict=True):
            other = self.survivors[j]
            if card.needs != "nothing" and self.team_weapon(j, card.action, target) < 0:
                raise IllegalCommand(f"{other.name} cannot take part: no suitable weapon in hand")
            if card.action == "move" or card.moves_first:
                if target >= 0 and target != other.zone and target not in self.graph.neighbours(other.zone, doors):
                    raise IllegalCommand(f"{other.name} cannot reach {self.zid(target)} with one Move")
                if card.target_must_hold_zombies and target >= 0 and not self.zombie_count(target):
                    raise IllegalCommand(f"{card.name} goes into a zone holding zombies")
        self.team_actions_used.append(s.team)
        self.events.append(TeamActionUsed(s.team, card.id, tuple(self.survivors[j].id for j in group)))
        for j, target in zip(group, targets, strict=True):
            other = self.survivors[j]
            if not other.in_play:
                continue
            if (card.action == "move" or card.moves_first) and target >= 0 and target != other.zone:
                held = not sk.has(other.skills, "slippery") and self.zombie_count(other.zone)
                if not held:  # a survivor held by zombies gets no free movement
                    self.events.append(SurvivorMoved(other.id, self.zid(other.zone), self.zid(target), 0))
                    self.change(j, zone=target)
                    if target in self.graph.tent_zones:
                        self.reveal_tent(self.graph.tent_zones.index(target))
            other = self.survivors[j]
            if card.action in ("melee", "ranged") and other.in_play:
                aim = other.zone if card.action == "melee" else target
                slot = self.team_weapon(j, card.action, aim)
                if slot >= 0 and aim >= 0 and self.zombie_count(aim):
                    self.do_attack(j, Attack(other.id, slot, self.zid(aim)), free=True)

    def team_weapon(self, j: int, attack: str, target: int) -> int:
        """The hand slot of a weapon that can make this attack (at ``target`` for ranged), or -1."""
        s = self.survivors[j]
        for slot in (0, 1):
            card = s.slots[slot]
            if card < 0:
                continue
            weapon = self.equipment(card)
            if weapon.attack != attack or (weapon.reload and card in self.unloaded):
                continue
            if attack == "ranged" and target >= 0:
                distance = self.graph.zone_range(s.zone, target, tuple(self.doors_open))
                high = weapon.range_max + sk.range_bonus(s.skills)
                if distance is None or not weapon.range_min <= distance <= high:
                    continue
            return slot
        return -1

    def do_jump(self, i: int, command: Jump) -> None:
        s = self.survivors[i]
        if not sk.has(s.skills, "jump"):
            raise IllegalCommand(f"{s.name} does not have the Jump skill")
        if s.jump_used:
            raise IllegalCommand("Jump works once per turn")
        to = self.zone_by_id(command.to)
        if to not in _jump_targets(self.graph, tuple(self.doors_open), s.zone):
            raise IllegalCommand(f"{s.name} cannot jump to {command.to}: it must be 2 zones away in a clear straight line")
        extra = 0 if sk.has(s.skills, "slippery") else self.zombie_count(s.zone)
        self.spend(i, "move")
        if extra > self.survivors[i].actions_left:
            raise IllegalCommand(f"leaving a zone with {extra} zombies costs {extra + 1} actions")
        self.change(i, actions_left=self.survivors[i].actions_left - extra, jump_used=True, zone=to)
        self.events.append(SurvivorMoved(s.id, self.zid(s.zone), command.to, 1 + extra))
        if to in self.graph.tent_zones:
            self.reveal_tent(self.graph.tent_zones.index(to))

    def do_give_action(self, i: int, command: GiveAction) -> None:
        s = self.survivors[i]
        if not sk.has(s.skills, "born_leader"):
            raise IllegalCommand(f"{s.name} is not a Born leader")
        if s.led:
            raise IllegalCommand("Born leader works once per turn")
        j = self.survivor_by_id(command.target)
        target = self.survivors[j]
        if j == i or not target.in_play or self.in_flight(s) != self.in_flight(target):
            raise IllegalCommand(f"{s.name} cannot give an action to {target.name}")
        self.change(i, led=True)
        self.change(j, gifted_actions=target.gifted_actions + 1)

    def do_close_door(self, i: int, command: CloseDoor) -> None:
        s = self.survivors[i]
        if not sk.has(s.skills, "closes_doors"):
            raise IllegalCommand(f"{s.name} cannot close doors")
        e = self.graph.edge_by_id.get(command.door)
        edge = self.graph.edges[e] if e is not None else None
        if edge is None or edge.door < 0 or s.zone not in (edge.a, edge.b):
            raise IllegalCommand(f"{s.name} is not next to that door")
        if not self.doors_open[edge.door]:
            raise IllegalCommand("that door is already closed")
        self.spend(i, "other")
        self.doors_open[edge.door] = False
        self.doors_spawned[edge.door] = True
        self.events.append(DoorClosed(command.door, s.id))

    def do_shove(self, i: int, command: Shove) -> None:
        s = self.survivors[i]
        if not sk.has(s.skills, "shove") or s.shoved:
            raise IllegalCommand(f"{s.name} cannot shove now (Shove, once per turn)")
        to = self.zone_by_id(command.to)
        if to not in self.graph.neighbours(s.zone, tuple(self.doors_open)):
            raise IllegalCommand("zombies are shoved into an adjacent zone with a clear path")
        if not self.zombie_count(s.zone):
            raise IllegalCommand("there is no zombie here to shove")
        self.change(i, shoved=True)
        for t, n in enumerate(self.zombies[s.zone]):
            if n:
                self.arrive(s.zone, to, t, n)
        self.zombies[s.zone] = (0,) * self.tables.type_count

    def do_rescue(self, i: int, command: Rescue) -> None:
        s = self.survivors[i]
        if not sk.has(s.skills, "lifesaver") or s.rescued:
            raise IllegalCommand(f"{s.name} cannot rescue now (Lifesaver, once per turn)")
        zone = self.zone_by_id(command.zone)
        if zone not in self.graph.neighbours(s.zone, tuple(self.doors_open)) or not self.zombie_count(zone):
            raise IllegalCommand("Lifesaver reaches an adjacent zone holding zombies, with a clear path")
        pulled = [j for j in self.survivors_in(zone) if self.survivors[j].aboard < 0]
        if not pulled:
            raise IllegalCommand("nobody to pull out of that zone")
        self.change(i, rescued=True)
        for j in pulled:
            self.events.append(SurvivorMoved(self.survivors[j].id, command.zone, self.zid(s.zone), 0))
            self.change(j, zone=s.zone)

    def do_shout(self, i: int, command: Shout) -> None:
        s = self.survivors[i]
        if not sk.has(s.skills, "loud"):
            raise IllegalCommand(f"{s.name} does not have the Loud skill")
        if self.loud[1] == i:
            raise IllegalCommand("Loud works once per turn")
        self.loud = (s.zone, i)
        self.made_a_stir(i)
        self.events.append(NoiseMade(self.zid(s.zone), self.noise[s.zone]))

    def reachable_helicopter(self, s: Survivor) -> int:
        if s.aboard >= 0:
            return s.aboard
        return self.helicopter_here(s)

    def do_store_equipment(self, i: int, command: StoreEquipment) -> None:
        s = self.survivors[i]
        h = self.reachable_helicopter(s)
        if h < 0:
            raise IllegalCommand("no helicopter to store equipment in: be aboard, or beside it landed")
        if not 0 <= command.slot < len(s.slots) or s.slots[command.slot] < 0:
            raise IllegalCommand("that slot holds no equipment card")
        self.spend(i, "other")
        slots = list(s.slots)
        card, slots[command.slot] = slots[command.slot], EMPTY
        self.change(i, slots=tuple(slots))
        helicopter = self.helicopters[h]
        self.helicopters[h] = replace(helicopter, cards=helicopter.cards + (card,))
        self.inventory_event(i)

    def do_take_equipment(self, i: int, command: TakeEquipment) -> None:
        s = self.survivors[i]
        h = self.reachable_helicopter(s)
        if h < 0:
            raise IllegalCommand("no helicopter to take equipment from: be aboard, or beside it landed")
        helicopter = self.helicopters[h]
        if not 0 <= command.index < len(helicopter.cards):
            raise IllegalCommand("no such card aboard")
        if not 0 <= command.slot < len(s.slots) or s.slots[command.slot] != EMPTY:
            raise IllegalCommand("take the card into an empty slot")
        self.spend(i, "other")
        cards = list(helicopter.cards)
        card = cards.pop(command.index)
        slots = list(s.slots)
        slots[command.slot] = card
        self.change(i, slots=tuple(slots))
        self.helicopters[h] = replace(helicopter, cards=tuple(cards))
        self.inventory_event(i)

    def do_bloodlust(self, i: int, command: Bloodlust) -> None:
        s = self.survivors[i]
        if not any(sk.split(k)[0] == "bloodlust" for k in s.skills):
            raise IllegalCommand(f"{s.name} does not have Bloodlust")
        card = s.slots[command.slot] if command.slot in (0, 1) else -1
        weapon = self.equipment(card) if card >= 0 else None
        if weapon is None or weapon.attack is None or not any(
            sk.split(k)[0] == "bloodlust" and sk.split(k)[1] in (weapon.attack, "combat") for k in s.skills
        ):
            raise IllegalCommand("Bloodlust needs a weapon in hand of its kind")
        path = [self.zone_by_id(z) for z in (*command.via, command.to)]
        if len(path) > 2 or not self.zombie_count(path[-1]):
            raise IllegalCommand("Bloodlust moves up to 2 zones into a zone with zombies")
        here, doors = s.zone, tuple(self.doors_open)
        for step, zone in enumerate(path):
            if zone not in self.graph.neighbours(here, doors) or (step < len(path) - 1 and self.zombie_count(zone)):
                raise IllegalCommand(f"{s.name} cannot get to {command.to} that way")
            here = zone
        extra = 0 if sk.has(s.skills, "slippery") else self.zombie_count(s.zone)
        self.spend(i, "move")
        if extra > self.survivors[i].actions_left:
            raise IllegalCommand(f"leaving a zone with {extra} zombies costs {extra + 1} actions")
        self.change(i, actions_left=self.survivors[i].actions_left - extra)
        from_zone = s.zone
        for zone in path:
            self.change(i, zone=zone)
            self.events.append(SurvivorMoved(s.id, self.zid(from_zone), self.zid(zone), 0))
            from_zone = zone
        self.do_attack(i, Attack(s.id, command.slot, command.to), free=True)

    def do_heal(self, i: int, command: Heal) -> None:
        s = self.survivors[i]
        if not sk.has(s.skills, "medic"):
            raise IllegalCommand(f"{s.name} is not a Medic")
        if s.healed:
            raise IllegalCommand(f"{s.name} has already healed this turn")
        j = self.survivor_by_id(command.target)
        target = self.survivors[j]
        if not target.in_play or target.zone != s.zone:
            raise IllegalCommand(f"{target.name} is not in {s.name}'s zone")
        if target.wounds == 0:
            raise IllegalCommand(f"{target.name} has no wound")
        self.change(i, healed=True)
        target = self.survivors[j]
        slots = list(target.slots)
        slots[slots.index(WOUND)] = EMPTY
        self.change(j, wounds=target.wounds - 1, slots=tuple(slots))
        self.events.append(SurvivorHealed(s.id, target.id, target.wounds - 1))

    def do_open_door(self, i: int, command: OpenDoor) -> None:
        s = self.survivors[i]
        e = self.graph.edge_by_id.get(command.door)
        edge = self.graph.edges[e] if e is not None else None
        if edge is None or edge.door < 0:
            raise IllegalCommand(f"{command.door!r} is not a door")
        if s.zone not in (edge.a, edge.b):
            raise IllegalCommand(f"{s.name} is not next to that door")
        if self.doors_open[edge.door]:
            raise IllegalCommand("that door is already open")
        key = self.spec.door_keys.get(edge.color)
        if key is not None and key not in self.unlocked:
            raise IllegalCommand(f"the {edge.color} door stays locked until the {key} objective is taken")
        openers = [c for c in s.slots[:2] if c >= 0 and self.equipment(c).opens_doors]
        silent_skill = sk.has(s.skills, "opens_doors")
        if not openers and not silent_skill:
            raise IllegalCommand(f"{s.name} needs a door-opening weapon in hand")
        self.spend(i, "door")
        noisy = not silent_skill and all(self.equipment(c).noisy_door for c in openers)
        self.doors_open[edge.door] = True
        self.events.append(DoorOpened(command.door, s.id))
        if noisy:
            self.add_noise(s.zone, i)
        if not self.doors_spawned[edge.door]:
            self.doors_spawned[edge.door] = True
            for zone in (edge.a, edge.b):
                b = self.graph.building[zone]
                if b >= 0 and not self.buildings_spawned[b]:
                    self.buildings_spawned[b] = True
                    self.queue[0:0] = [
                        ("draw", z, "building")
                        for z in self.graph.buildings[b]
                        if self.graph.tile[z] not in self.graph.trigger_tiles  # they wait for their trigger
                    ]
            kinds = (self.graph.kinds[edge.a], self.graph.kinds[edge.b])
            if ZoneKind.HALLWAY in kinds and all(self.graph.street_like[z] for z in (edge.a, edge.b)):
                self.open_hospital(edge.a if kinds[0] == ZoneKind.HALLWAY else edge.b)

    def open_hospital(self, hallway: int) -> None:
        """The hospital's outer door: every room behind an open door or an opening spawns now."""
        seen, stack = {hallway}, [hallway]
        rooms: list[int] = []
        while stack:
            here = stack.pop()
            for other, e in self.graph.adjacent[here]:
                edge = self.graph.edges[e]
                if edge.door >= 0 and not self.doors_open[edge.door]:
                    continue
                if self.graph.kinds[other] == ZoneKind.HALLWAY and other not in seen:
                    seen.add(other)
                    stack.append(other)
                elif not self.graph.street_like[other] and edge.walkable:
                    rooms.append(other)
                    if edge.door >= 0:
                        self.doors_spawned[edge.door] = True
        for room in sorted(set(rooms)):
            b = self.graph.building[room]
            if b >= 0 and not self.buildings_spawned[b]:
                self.buildings_spawned[b] = True
                self.queue.extend(
                    ("draw", z, "building")
                    for z in self.graph.buildings[b]
                    if self.graph.tile[z] not in self.graph.trigger_tiles
                )

    def do_search(self, i: int, command: Search) -> None:
        s = self.survivors[i]
        nose = s.nose_search
        if not nose and not _searchable(self.freeze(), s.zone) and not sk.has(s.skills, "search_anywhere"):
            raise IllegalCommand("only building rooms can be searched")
        if self.zombie_count(s.zone):
            raise IllegalCommand("nobody searches with zombies in the zone")
        if s.searched:
            raise IllegalCommand(f"{s.name} has already searched this turn")
        if nose:  # Hold your nose: free, and in any zone
            self.change(i, nose_search=False)
        else:
            self.spend(i, "search")
        s = self.change(i, searched=True)
        drawn = []
        flashlight = any("search_draw_two" in self.equipment(c).effects for c in s.slots[:2] if c >= 0)
        for _ in range(1 + sk.extra_search_cards(s.skills) + (1 if flashlight else 0)):
            card = self.draw_equipment()
            if card is None:
                break
            drawn.append(card)
            self.events.append(CardDrawn("equipment", self.card_kinds[card], self.zid(s.zone), s.id))
            if "aaahh_spawn" in self.equipment(card).effects:
                break  # an Aaahh!! ends the search
        if not drawn:
            raise IllegalCommand("the equipment deck is empty")
        self.offer_cards(i, drawn)

    def offer_cards(self, i: int, cards: list[int]) -> None:
        """Each searched card in turn: an Aaahh!! places its zombie, any other asks keep or discard."""
        s = self.survivors[i]
        while cards:
            card = cards.pop(0)
            equipment = self.equipment(card)
            if "aaahh_spawn" in equipment.effects:
                self.equipment_discard.append(card)
                walker = self.tables.zombie_index.get(self.box.aaahh_zombie)
                if walker is not None:
                    self.place(s.zone, walker, 1)
                continue
            options = ["discard it"]
            payload: list[tuple[int, ...]] = [(-1,)]
            for slot, held in enumerate(s.slots):
                where = "in hand" if slot < 2 else "in reserve"
                if held == EMPTY:
                    options.append(f"keep {equipment.name} {where} (slot {slot})")
                    payload.append((slot,))
                elif held >= 0:
                    options.append(f"keep {equipment.name} {where} instead of {self.equipment(held).name}")
                    payload.append((slot,))
            self.pending = Pending(
                "keep_card", s.seat, i, tuple(options), tuple(payload), card=card, more_cards=tuple(cards)
            )
            self.events.append(DecisionNeeded("keep_card", s.seat, tuple(options)))
            return

    def draw_equipment(self) -> int | None:
        if not self.equipment_deck:
            kept_out = set(self.tables.catalog.setup.kept_out_of_deck)
            refill = [c for c in self.equipment_discard if self.card_kinds[c] not in kept_out]
            if not refill:
                return None
            self.equipment_discard = [c for c in self.equipment_discard if self.card_kinds[c] in kept_out]
            order, self.rng = shuffled(self.rng, refill)
            self.equipment_deck = list(order)
            self.events.append(DeckShuffled("equipment", len(order)))
        return self.equipment_deck.pop(0)

    def do_attack(self, i: int, command: Attack, free: bool = False) -> None:
        s = self.survivors[i]
        if command.slot not in (0, 1):
            raise IllegalCommand("attack with a weapon in hand (slot 0 or 1)")
        card = s.slots[command.slot]
        if card < 0:
            raise IllegalCommand("that hand holds no weapon")
        weapon = self.equipment(card)
        if weapon.attack is None:
            raise IllegalCommand(f"{weapon.name} is not a weapon")
        target = self.zone_by_id(command.zone)
        doors = tuple(self.doors_open)
        if weapon.attack == "melee":
            if target != s.zone:
                raise IllegalCommand("melee weapons only reach the survivor's own zone")
        else:
            distance = self.graph.zone_range(s.zone, target, doors)
            high = weapon.range_max + sk.range_bonus(s.skills)
            if distance is None:
                raise IllegalCommand(f"{s.name} cannot see {command.zone}")
            if not weapon.range_min <= distance <= high:
                raise IllegalCommand(f"{weapon.name} reaches {weapon.range_min}–{high} zones, not {distance}")
        if weapon.reload and card in self.unloaded:
            raise IllegalCommand(f"{weapon.name} must be reloaded first")
        for name in command.priority:
            if name not in self.tables.zombie_index:
                raise IllegalCommand(f"unknown zombie type {name!r}")
        if not free:
            self.spend(i, weapon.attack)
        self.made_a_stir(i)
        fired = [card]
        other = s.slots[1 - command.slot]
        if (
            other >= 0
            and self.card_kinds[other] == weapon.id
            and (weapon.dual or sk.counts_as_dual(s.skills, weapon.attack))
            and not (weapon.reload and other in self.unloaded)
            and not weapon.kills_everything
        ):
            fired.append(other)
        if weapon.kills_everything:
            self.burn(i, target, card)
        else:
            self.roll_attack(i, target, fired, weapon.attack, command.priority)
        if weapon.noisy_attack:
            self.add_noise(self.survivors[i].zone, i)
        if weapon.reload:
            self.unloaded.extend(c for c in fired if c not in self.unloaded)

    def roll_attack(self, i: int, target: int, fired: list[int], attack: str, priority: Sequence[str]) -> None:
        s = self.survivors[i]
        dice_count = 0
        for card in fired:
            weapon = self.equipment(card)
            dice = weapon.dice
            if attack == "melee" and sk.has(s.skills, "barbarian"):  # the better of the two, always
                dice = max(dice, sum(self.zombies[s.zone]) + len(self.survivors_in(s.zone)))
            if attack == "ranged" and sk.has(s.skills, "full_auto"):
                dice = max(dice, sum(self.zombies[target]) + len(self.survivors_in(target)))
            dice_count += dice + sk.dice_bonus(s.skills, attack) + sk.frenzy_dice(s.skills, attack, s.wounds)
            if attack == "melee":
                other = s.slots[1] if s.slots[0] == card else s.slots[0]
                if other >= 0 and other not in fired and "adds_die_to_other_melee" in self.equipment(other).effects:
                    dice_count += 1
                if len(fired) == 2 and "adds_die_to_other_melee" in weapon.effects:
                    dice_count += 1
        values, self.rng = roll_d6(self.rng, dice_count)
        self.events.append(DiceRolled("attack", values, s.id))
        self.after_roll(i, target, tuple(fired), attack, tuple(priority), values, ())

    def reroll_sources(self, i: int, fired: Sequence[int], attack: str, used: Sequence[str]) -> list[str]:
        """What may re-roll this attack's dice now: Lucky (once per action), 1 re-roll per turn,
        Plenty of Ammo matching the weapon (once per action)."""
        s = self.survivors[i]
        sources = []
        if "lucky" in s.skills and "lucky" not in used:
            sources.append("lucky")
        if "one_reroll_per_turn" in s.skills and not s.reroll_used:
            sources.append("one_reroll_per_turn")
        ammo = self.equipment(fired[0]).ammo
        if ammo and "ammo" not in used and any(
            f"reroll_{ammo}_ammo" in self.equipment(c).effects for c in s.cards()
        ):
            sources.append("ammo")
        return sources

    def after_roll(
        self, i: int, target: int, fired: tuple[int, ...], attack: str, priority: tuple[str, ...],
        values: tuple[int, ...], used: tuple[str, ...],
    ) -> None:
        sources = self.reroll_sources(i, fired, attack, used)
        if not sources:
            self.finish_attack(i, target, list(fired), attack, priority, values)
            return
        s = self.survivors[i]
        labels = {"lucky": "Lucky", "one_reroll_per_turn": "1 re-roll per turn", "ammo": "Plenty of Ammo"}
        options = ("keep the dice",) + tuple(f"re-roll every die ({labels[src]})" for src in sources)
        self.pending = Pending(
            "reroll", s.seat, i, options, ((-1,),) + tuple((n,) for n in range(len(sources))),
            attack=(target, fired, attack, priority, values, used, tuple(sources)),
        )
        self.events.append(DecisionNeeded("reroll", s.seat, options))

    def finish_attack(
        self, i: int, target: int, fired: list[int], attack: str, priority: Sequence[str], values: tuple[int, ...]
    ) -> None:
        s = self.survivors[i]
        weapon = self.equipment(fired[0])
        if sk.rolls_on_sixes(s.skills, attack):  # Roll 6, after any re-roll: each 6 adds a die
            sixes = values.count(6)
            while sixes:
                more, self.rng = roll_d6(self.rng, sixes)
                self.events.append(DiceRolled("bonus", more, s.id))
                values += more
                sixes = more.count(6)
        bonus = sk.roll_bonus(s.skills, attack)
        hits = sum(1 for v in values if min(6, v + bonus) >= weapon.accuracy)
        damage = sk.damage_for(s.skills, attack, weapon.id, weapon.damage)
        free_targeting = (
            attack == "melee"
            or sk.has(s.skills, "chooses_targets")
            or "chooses_targets" in weapon.effects
            or (target == s.zone and sk.has(s.skills, "point_blank"))
        )
        killed = [0] * self.tables.type_count
        counts = list(self.zombies[target])
        if free_targeting:
            order = [self.tables.zombie_index[n] for n in priority]
            order += [self.tables.zombie_index[n] for n in self.box.default_melee_order if n in self.tables.zombie_index]
            order += list(range(self.tables.type_count))
            for _ in range(hits):
                victim = next((t for t in order if counts[t] > 0 and damage >= self.tables.damage_to_kill[t]), None)
                if victim is None:
                    break
                counts[victim] -= 1
                killed[victim] += 1
        else:
            hits = self.friendly_fire(i, target, hits, damage)
            ranks = sorted(set(self.tables.rank))
            for rank in ranks:
                if hits <= 0:
                    break
                types = [t for t in range(self.tables.type_count) if self.tables.rank[t] == rank]
                while hits > 0 and any(counts[t] for t in types):
                    victim = next((t for t in types if counts[t] > 0 and damage >= self.tables.damage_to_kill[t]), None)
                    if victim is None:
                        hits = 0  # the top target shrugs off hits that cannot kill it
                        break
                    counts[victim] -= 1
                    killed[victim] += 1
                    hits -= 1
        if sk.reaps(s.skills, attack):  # Reaper: one hit also takes one more identical zombie
            for t in range(self.tables.type_count):
                if killed[t] and counts[t] > 0:
                    counts[t] -= 1
                    killed[t] += 1
                    break
        self.kill(i, target, killed)
        if self.spec.crawlers and self.tables.crawler >= 0:
            skinners = sum(k for t, k in enumerate(killed) if self.tables.skinner[t])
            crawlers = crawlers_left_behind(values, skinners)
            if crawlers:
                self.place(target, self.tables.crawler, crawlers, escorted=False, extra_activation=False)

    def friendly_fire(self, shooter: int, target: int, hits: int, damage: int) -> int:
        """Ranged hits land on other survivors in the target zone first; returns the hits left."""
        if sk.has(self.survivors[shooter].skills, "ignores_survivors_when_shooting"):
            return hits
        while hits > 0:
            victims = [
                j for j in self.survivors_in(target)
                if j != shooter and not sk.has(self.survivors[j].skills, "never_shot_by_survivors")
            ]
            if not victims:
                break
            victim = min(victims, key=lambda j: (self.survivors[j].wounds, j))
            for _ in range(damage):
                if not self.survivors[victim].in_play:
                    break
                if self.vest_stops(victim) or self.mask_stops(victim):
                    continue
                cards = [slot for slot, c in enumerate(self.survivors[victim].slots) if c >= 0]
                self.wound(victim, cards[-1] if cards else -1)
            hits -= 1
        return hits

    def vest_stops(self, victim: int) -> bool:
        """A Bulletproof Vest turns away two wounds dealt by survivors: face down, then gone."""
        s = self.survivors[victim]
        vests = [c for c in s.slots if c >= 0 and "vest_against_survivors" in self.equipment(c).effects]
        if not vests:
            return False
        fresh = [c for c in vests if c not in self.vests_hit]
        if fresh:
            self.vests_hit.append(fresh[0])
        else:
            slots = list(s.slots)
            slots[slots.index(vests[0])] = EMPTY  # set aside, not discarded
            self.vests_hit.remove(vests[0])
            self.change(victim, slots=tuple(slots))
        self.events.append(SurvivorWounded(s.id, s.wounds, "", ignored=True))
        return True

    def burn(self, i: int, target: int, card: int) -> None:
        """A kill-everything weapon: every actor in the zone dies, no dice, no Crawlers."""
        s = self.survivors[i]
        slots = list(s.slots)
        slots[slots.index(card)] = EMPTY
        self.change(i, slots=tuple(slots))  # set aside after use, never discarded
        self.inventory_event(i)
        self.kill(i, target, list(self.zombies[target]))
        for j in self.survivors_in(target):
            self.eliminate(j)

    def kill(self, i: int, zone: int, killed: Sequence[int]) -> None:
        s = self.survivors[i]
        counts = list(self.zombies[zone])
        xp = 0
        for t, n in enumerate(killed):
            if n <= 0:
                continue
            counts[t] -= n
            self.supply[t] += n
            self.kills += n
            xp += n * self.tables.xp[t] * sk.xp_multiplier(s.skills, self.zname(t))
            self.events.append(ZombiesKilled(self.zid(zone), self.zname(t), n, s.id))
        self.zombies[zone] = tuple(counts)
        if xp and s.in_play:
            self.gain_xp(i, xp)
        if any(killed) and s.in_play and self.active == i:
            s = self.survivors[i]
            changes: dict[str, Any] = {}
            if sk.has(s.skills, "hit_and_run"):
                changes.update(free_actions=s.free_actions + ("move",), slip_next_move=True)
            elif sk.has(s.skills, "sudden_charge") and sum(counts) == 0:
                changes.update(free_actions=s.free_actions + ("move",))
            if sk.has(s.skills, "hold_your_nose") and not s.nose_used:
                changes.update(nose_search=True, nose_used=True)
            if changes:
                self.change(i, **changes)

    def gain_xp(self, i: int, amount: int) -> None:
        s = self.survivors[i]
        total = s.xp + amount
        self.events.append(ExperienceGained(s.id, amount, total))
        level = self.tables.level_of(total)
        s = self.change(i, xp=total)
        for reached in range(s.level + 1, level + 1):
            self.change(i, level=reached)
            name = LEVEL_NAMES[reached]
            self.events.append(DangerLevelReached(s.id, name))
            choices = tuple(ref.text for ref in self.tables.catalog.survivor(s.id).skills_at(name))  # type: ignore[arg-type]
            if len(choices) == 1 or self.pending is not None:
                self.gain_skill(i, choices[0])
            elif choices:
                self.pending = Pending("skill", s.seat, i, choices, tuple((n,) for n in range(len(choices))))
                self.events.append(DecisionNeeded("skill", s.seat, choices))

    def gain_skill(self, i: int, skill: str) -> None:
        s = self.survivors[i]
        changes: dict[str, Any] = {"skills": s.skills + (skill,)}
        if self.phase == "players" and not s.done:  # a new skill works at once
            changes["actions_left"] = s.actions_left + sk.extra_actions((skill,))
            changes["free_actions"] = s.free_actions + sk.free_actions((skill,))
        extra_slots = sk.extra_reserve_slots((skill,))
        if extra_slots:
            changes["slots"] = s.slots + (EMPTY,) * extra_slots
        self.change(i, **changes)
        self.events.append(SkillGained(s.id, skill))

    def reveal_tent(self, n: int) -> None:
        """A survivor's first entry flips the tent card and places its zombies."""
        tent = self.base.tents[n] if n < len(self.base.tents) else ""
        if not tent or self.tents_revealed[n]:
            return
        self.tents_revealed[n] = True
        zone = self.graph.tent_zones[n]
        card = self.tables.catalog.tent(tent)
        self.events.append(TentRevealed(self.zid(zone), tent))
        for group in card.spawn:
            self.place(zone, self.tables.zombie_index[group.zombie], group.count)

    def check_trigger(self, i: int) -> None:
        """The first action a survivor ends in a building or hallway zone of an event-trigger tile
        spawns that tile's building zones, one card each."""
        s = self.survivors[i]
        if not s.in_play or not self.graph.trigger_tiles:
            return
        zone = s.zone
        tile = self.graph.tile[zone]
        if tile not in self.graph.trigger_tiles:
            return
        n = self.graph.trigger_tiles.index(tile)
        if self.triggers_fired[n] or (self.graph.street_like[zone] and self.graph.kinds[zone] != ZoneKind.HALLWAY):
            return
        self.triggers_fired[n] = True
        self.events.append(EventTriggered(tile, s.id))
        rooms = [z for z in range(self.graph.zone_count) if self.graph.tile[z] == tile and not self.graph.street_like[z]]
        self.queue[0:0] = [("draw", z, "trigger") for z in rooms]

    def combine(self, i: int, slot: int, other_slot: int) -> None:
        s = self.survivors[i]
        if slot == other_slot or not (0 <= slot < len(s.slots) and 0 <= other_slot < len(s.slots)):
            raise IllegalCommand("name two different slots")
        a, b = s.slots[slot], s.slots[other_slot]
        if a < 0 or b < 0:
            raise IllegalCommand("both slots must hold an equipment card")
        recipe = next((c for c in self.equipment(a).combines_with if c.partner == self.card_kinds[b]), None)
        if recipe is None:
            raise IllegalCommand(f"{self.equipment(a).name} and {self.equipment(b).name} do not combine")
        count = max([recipe.makes_count] + [n for skill, n in recipe.skill_makes_count.items() if skill in s.skills])
        made = []
        kinds = list(self.card_kinds)
        for _ in range(count):
            made.append(len(kinds))
            kinds.append(recipe.makes)
        self.card_kinds = tuple(kinds)
        slots = list(s.slots)
        slots[slot], slots[other_slot] = made[0], EMPTY  # the parts are set aside
        for extra in made[1:]:
            if EMPTY not in slots:
                break
            slots[slots.index(EMPTY)] = extra
        self.change(i, slots=tuple(slots))
        self.events.append(CardsCombined(s.id, recipe.makes, count))
        self.inventory_event(i)

    def do_reload(self, i: int, command: Reload) -> None:
        s = self.survivors[i]
        targets = [c for c in s.slots[:2] if c >= 0 and c in self.unloaded]
        if not targets:
            raise IllegalCommand("no weapon in hand needs reloading")
        if not sk.has(s.skills, "free_reload"):
            self.spend(i, "reload")
        kind = self.card_kinds[targets[0]]
        for card in targets:
            if self.card_kinds[card] == kind:  # one Reload loads both twins of a Dual pair
                self.unloaded.remove(card)
                self.events.append(WeaponReloaded(s.id, kind))

    def arrangement_ok(self, before: tuple[int, ...], after: tuple[int, ...], who: str) -> None:
        if len(after) != len(before):
            raise IllegalCommand(f"{who}'s inventory has {len(before)} slots")
        if after.count(WOUND) != before.count(WOUND):
            raise IllegalCommand("wound cards can be moved but never discarded or traded")
        if any(c < WOUND for c in after):
            raise IllegalCommand("unknown card in the arrangement")

    def do_rearrange(self, i: int, command: Rearrange) -> None:
        s = self.survivors[i]
        after = tuple(command.slots)
        self.arrangement_ok(s.slots, after, s.name)
        mine = [c for c in s.slots if c >= 0]
        if any(c >= 0 and c not in mine for c in after) or len([c for c in after if c >= 0]) != len(set(c for c in after if c >= 0)):
            raise IllegalCommand("a rearrangement only moves the survivor's own cards")
        self.spend(i, "other")
        for c in mine:
            if c not in after:
                self.equipment_discard.append(c)
                self.events.append(CardDiscarded(s.id, self.card_kinds[c]))
        self.change(i, slots=after)
        self.inventory_event(i)

    def do_trade(self, i: int, command: Trade) -> None:
        s = self.survivors[i]
        j = self.survivor_by_id(command.other)
        other = self.survivors[j]
        if j == i or not other.in_play or other.zone != s.zone:
            raise IllegalCommand(f"{other.name} is not in {s.name}'s zone")
        mine, theirs = tuple(command.slots), tuple(command.other_slots)
        self.arrangement_ok(s.slots, mine, s.name)
        self.arrangement_ok(other.slots, theirs, other.name)
        if mine.count(WOUND) != s.slots.count(WOUND) or theirs.count(WOUND) != other.slots.count(WOUND):
            raise IllegalCommand("wound cards cannot be traded")
        pool = [c for c in s.slots + other.slots if c >= 0]
        placed = [c for c in mine + theirs if c >= 0]
        if len(placed) != len(set(placed)) or any(c not in pool for c in placed):
            raise IllegalCommand("a trade only moves the two survivors' own cards")
        self.spend(i, "other")
        for c in pool:
            if c not in placed:
                self.equipment_discard.append(c)
        self.change(i, slots=mine)
        self.change(j, slots=theirs)
        self.inventory_event(i)
        self.inventory_event(j)

    def discard(self, i: int, slot: int) -> None:
        s = self.survivors[i]
        if not 0 <= slot < len(s.slots) or s.slots[slot] < 0:
            raise IllegalCommand("that slot holds no equipment card")
        card = s.slots[slot]
        slots = list(s.slots)
        slots[slot] = EMPTY
        self.change(i, slots=tuple(slots))
        self.equipment_discard.append(card)
        self.events.append(CardDiscarded(s.id, self.card_kinds[card]))

    def do_take_objective(self, i: int, command: TakeObjective) -> None:
        s = self.survivors[i]
        index = next(
            (n for n, p in enumerate(self.graph.objectives) if p.zone == s.zone and not self.objectives_taken[n]), None
        )
        if index is None:
            raise IllegalCommand("there is no objective to take in this zone")
        self.spend(i, "other")
        self.objectives_taken[index] = True
        colour = self.graph.objectives[index].color
        if colour not in self.unlocked:
            self.unlocked.append(colour)
        self.events.append(ObjectiveTaken(s.id, self.zid(s.zone), colour))
        xp = self.spec.objective_xp if self.spec.objective_xp is not None else self.tables.catalog.setup.xp_per_objective_default
        if xp:
            self.gain_xp(i, xp)

    def do_make_noise(self, i: int, command: MakeNoise) -> None:
        self.spend(i, "other")
        self.made_a_stir(i)
        s = self.survivors[i]
        self.noise[s.zone] += 1
        self.events.append(NoiseMade(self.zid(s.zone), self.noise[s.zone]))

    def do_end_turn(self, i: int, command: EndTurn) -> None:
        self.end_turn(i)

    def do_escape(self, i: int, command: Escape) -> None:
        s = self.survivors[i]
        if "escape_all" not in self.spec.goals:
            raise IllegalCommand("this mission has no escape")
        if s.zone not in self.graph.exits:
            raise IllegalCommand(f"{s.name} is not in an exit zone")
        if self.zombie_count(s.zone):
            raise IllegalCommand("nobody escapes while zombies stand in the exit zone")
        self.change(i, escaped=True)
        self.events.append(SurvivorEscaped(s.id))
        self.end_turn(i)

    # -- decisions --

    def choose(self, option: int) -> None:
        pending = self.pending
        assert pending is not None
        if not 0 <= option < len(pending.options):
            raise IllegalCommand(f"choose an option between 0 and {len(pending.options) - 1}")
        self.pending = None
        payload = pending.payload[option]
        if pending.kind == "keep_card":
            i, card = pending.survivor, pending.card
            s = self.survivors[i]
            slot = payload[0]
            if slot < 0:
                self.equipment_discard.append(card)
                self.events.append(CardDiscarded(s.id, self.card_kinds[card]))
                if pending.more_cards:
                    self.offer_cards(i, list(pending.more_cards))
                return
            slots = list(s.slots)
            if slots[slot] >= 0:
                self.equipment_discard.append(slots[slot])
                self.events.append(CardDiscarded(s.id, self.card_kinds[slots[slot]]))
            slots[slot] = card
            self.change(i, slots=tuple(slots))
            self.events.append(CardKept(s.id, self.card_kinds[card], slot))
            if pending.more_cards:
                self.offer_cards(i, list(pending.more_cards))
        elif pending.kind == "reroll":
            target, fired, attack, priority, values, used, sources = pending.attack
            i = pending.survivor
            if payload[0] < 0:
                self.finish_attack(i, target, list(fired), attack, priority, values)
                return
            source = sources[payload[0]]
            if source == "one_reroll_per_turn":
                self.change(i, reroll_used=True)
            values, self.rng = roll_d6(self.rng, len(values))
            self.events.append(DiceRolled("reroll", values, self.survivors[i].id))
            self.after_roll(i, target, fired, attack, priority, values, used + (source,))
        elif pending.kind == "skill":
            self.gain_skill(pending.survivor, pending.options[option])
        elif pending.kind == "wound":
            self.zombie_wound(payload[0], payload[1], pending.zombie)
            if pending.remaining > 1:
                self.queue.insert(0, ("wound", pending.zone, pending.remaining - 1, pending.zombie))

    # -- wounds --

    def zombie_wound(self, i: int, slot: int, t: int) -> None:
        """A zombie's attack lands: Ironclad and Tough may turn it away."""
        s = self.survivors[i]
        if sk.ignores_wounds_from(s.skills, self.zname(t)):
            self.events.append(SurvivorWounded(s.id, s.wounds, "", ignored=True))
            return
        if sk.has(s.skills, "ignores_first_attack") and not s.tough_used:
            self.change(i, tough_used=True)
            self.events.append(SurvivorWounded(s.id, s.wounds, "", ignored=True))
            return
        if self.mask_stops(i):
            return
        self.wound(i, slot)

    def mask_stops(self, i: int) -> bool:
        """A Hockey Mask, carried anywhere, turns away the first wound of each round."""
        s = self.survivors[i]
        if s.mask_used or not any("ignore_first_wound_each_round" in self.equipment(c).effects for c in s.cards()):
            return False
        self.change(i, mask_used=True)
        self.events.append(SurvivorWounded(s.id, s.wounds, "", ignored=True))
        return True

    def wound(self, i: int, slot: int) -> None:
        s = self.survivors[i]
        slots = list(s.slots)
        discarded = ""
        if 0 <= slot < len(slots) and slots[slot] >= 0:
            discarded = self.card_kinds[slots[slot]]
            self.equipment_discard.append(slots[slot])
            slots[slot] = WOUND
        elif EMPTY in slots:
            slots[slots.index(EMPTY)] = WOUND
        wounds = s.wounds + 1
        self.change(i, slots=tuple(slots), wounds=wounds)
        self.events.append(SurvivorWounded(s.id, wounds, discarded))
        if wounds >= self.tables.catalog.setup.wounds_to_eliminate:
            self.eliminate(i)

    def eliminate(self, i: int) -> None:
        s = self.survivors[i]
        if not s.in_play:
            return
        self.equipment_discard.extend(c for c in s.slots if c >= 0)
        self.change(i, alive=False, slots=tuple(EMPTY for _ in s.slots), actions_left=0, free_actions=())
        self.events.append(SurvivorEliminated(s.id))
        if self.active == i:
            self.end_turn(i)

    def wound_options(self, zone: int) -> tuple[list[str], list[tuple[int, int]]]:
        labels, payload = [], []
        for i in self.prey_in(zone):
            s = self.survivors[i]
            seen: set[str] = set()
            if EMPTY in s.slots and sk.has(s.skills, "wounds_cost_no_card"):
                labels.append(f"{s.name} takes a wound")
                payload.append((i, -1))
                continue
            for slot, card in enumerate(s.slots):
                if card >= 0 and self.card_kinds[card] not in seen:
                    seen.add(self.card_kinds[card])
                    labels.append(f"{s.name} takes a wound and loses {self.equipment(card).name}")
                    payload.append((i, slot))
            if not seen:
                labels.append(f"{s.name} takes a wound")
                payload.append((i, -1))
        return labels, payload

    def default_wound(self, zone: int) -> tuple[int, int]:
        """The fixed sharing policy: the least-wounded survivor loses its last reserve card."""
        i = min(self.prey_in(zone), key=lambda j: (self.survivors[j].wounds, j))
        s = self.survivors[i]
        if EMPTY in s.slots and sk.has(s.skills, "wounds_cost_no_card"):
            return i, -1
        cards = [slot for slot, c in enumerate(s.slots) if c >= 0]
        return i, (cards[-1] if cards else -1)

    # -- the zombies' program --

    def start_zombie_phase(self) -> None:
        for i, s in enumerate(self.survivors):
            if s.tough_used:
                self.change(i, tough_used=False)
        self.phase = "zombies"
        self.active = -1
        self.events.append(PhaseStarted("zombies", self.round))
        everyone = tuple(range(self.tables.type_count))
        steps: list[tuple] = [("activate", everyone, "")]
        for n in range(2, max(self.tables.actions) + 1):
            again = tuple(t for t in everyone if self.tables.actions[t] >= n)
            steps.append(("activate", again, ""))
        steps += [("spawn",), ("end_round",)]
        self.queue.extend(steps)
        self.run_queue()

    def run_queue(self) -> None:
        while self.queue and self.pending is None and self.result is None:
            step = self.queue.pop(0)
            kind = step[0]
            if kind == "activate":
                self.step_activate(step[1])
            elif kind == "wound":
                self.step_wound(step[1], step[2], step[3])
            elif kind == "move":
                self.step_move(step[1], step[2])
            elif kind == "grab":
                self.step_grab()
            elif kind == "spawn":
                self.step_spawn()
            elif kind == "draw":
                self.step_draw(step[1])
            elif kind == "end_round":
                self.step_end_round()
            self.check_goals(end_phase=False)

    def step_activate(self, types: tuple[int, ...]) -> None:
        wounds: list[tuple] = []
        attacked: list[int] = []
        for zone in range(self.graph.zone_count):
            counts = self.zombies[zone]
            attackers = sum(counts[t] for t in types)
            if not attackers or not self.prey_in(zone):
                continue
            attacked.append(zone)
            for t in types:
                if counts[t]:
                    self.events.append(ZombieAttacked(self.zid(zone), self.zname(t), counts[t]))
                    wounds.append(("wound", zone, counts[t], t))
        follow: list[tuple] = [*wounds, ("move", types, tuple(attacked))]
        if any(self.tables.grabs[t] for t in types):
            follow.append(("grab",))
        self.queue[0:0] = follow

    def step_wound(self, zone: int, count: int, t: int) -> None:
        if count <= 0 or not self.prey_in(zone):
            return
        labels, payload = self.wound_options(zone)
        if self.spec.auto_wounds or len(payload) == 1:
            i, slot = self.default_wound(zone) if self.spec.auto_wounds else payload[0]
            self.zombie_wound(i, slot, t)
            if count > 1:
                self.queue.insert(0, ("wound", zone, count - 1, t))
            return
        seat = self.survivors[payload[0][0]].seat
        if len({self.survivors[p[0]].seat for p in payload}) > 1:
            seat = self.seats[self.first_seat]
        self.pending = Pending(
            "wound", seat, -1, tuple(labels), tuple(payload), zone=zone, remaining=count, zombie=t
        )
        self.events.append(DecisionNeeded("wound", seat, tuple(labels)))

    def noise_map(self) -> list[int]:
        noise = list(self.noise)
        for s in self.survivors:
            if s.in_play and not sk.has(s.skills, "makes_no_noise") and not self.in_flight(s) and not s.rotten:
                noise[s.zone] += 1
        if self.loud[0] >= 0:  # the last Loud makes its zone the noisiest
            noise[self.loud[0]] = max(noise) + 1
        for helicopter in self.helicopters:  # a flying helicopter counts as the last Loud: the noisiest zone
            if helicopter.flying:
                noise[helicopter.zone] = max(noise) + 1
        return noise

    def destinations(self, zone: int, noise: list[int], doors: tuple[bool, ...], occupied: list[bool]) -> list[int]:
        graph = self.graph
        dist = graph.distances(doors)
        here = dist[zone]
        visible = [v for v in graph.visible(doors)[zone] if occupied[v] and here[v] < UNREACHABLE]
        table = dist
        if visible:
            loudest = max(noise[v] for v in visible)
            goals = [v for v in visible if noise[v] == loudest]
        else:
            reachable = [v for v in range(graph.zone_count) if noise[v] > 0 and here[v] < UNREACHABLE]
            if reachable:
                loudest = max(noise[v] for v in reachable)
                goals = [v for v in reachable if noise[v] == loudest]
            else:  # no open route: head for the noisiest zone as if every door were open
                table = graph.distances((True,) * len(doors))
                here = table[zone]
                candidates = [v for v in range(graph.zone_count) if noise[v] > 0 and here[v] < UNREACHABLE]
                if not candidates:
                    return []
                loudest = max(noise[v] for v in candidates)
                goals = [v for v in candidates if noise[v] == loudest]
        nearest = min(here[g] for g in goals)
        if nearest == 0:  # already in the loudest zone
            return []
        if visible:  # several visible targets: the noisiest, then the closest
            goals = [g for g in goals if here[g] == nearest]
        result = []
        for other, e in graph.adjacent[zone]:
            if not graph.passable(graph.edges[e], doors) or graph.blocked[other] or other in result:
                continue
            if any(table[other][g] == here[g] - 1 for g in goals):
                result.append(other)
        return sorted(result)

    def step_move(self, types: tuple[int, ...], attacked: tuple[int, ...]) -> None:
        doors = tuple(self.doors_open)
        noise = self.noise_map()
        occupied = [False] * self.graph.zone_count
        for s in self.survivors:
            if s.in_play and not self.in_flight(s) and not s.rotten:
                occupied[s.zone] = True
        plans: list[tuple[int, list[int], list[int]]] = []
        for zone in range(self.graph.zone_count):
            if zone in attacked:
                continue
            counts = self.zombies[zone]
            moving = [counts[t] if t in types else 0 for t in range(len(counts))]
            if not any(moving):
                continue
            routes = self.destinations(zone, noise, doors, occupied)
            if routes:
                plans.append((zone, routes, moving))
        for zone, _routes, moving in plans:  # everybody moves at once
            left = list(self.zombies[zone])
            for t, n in enumerate(moving):
                left[t] -= n
            self.zombies[zone] = tuple(left)
        for zone, routes, moving in plans:
            groups = len(routes)
            for t, n in enumerate(moving):
                if n == 0:
                    continue
                if groups == 1 or self.tables.never_splits[t]:
                    self.arrive(zone, routes[0], t, n)
                    continue
                per_group = math.ceil(n / groups)
                top_up = min(per_group * groups - n, self.supply[t])
                if top_up:
                    self.supply[t] -= top_up
                    self.events.append(ZombieSpawned(self.zid(zone), self.zname(t), top_up))
                remaining = n + top_up
                for route in routes:
                    share = min(per_group, remaining)
                    remaining -= share
                    if share:
                        self.arrive(zone, route, t, share)

    def arrive(self, from_zone: int, to_zone: int, t: int, n: int) -> None:
        counts = list(self.zombies[to_zone])
        counts[t] += n
        self.zombies[to_zone] = tuple(counts)
        self.events.append(ZombieMoved(self.zid(from_zone), self.zid(to_zone), self.zname(t), n))

    def step_grab(self) -> None:
        doors = tuple(self.doors_open)
        taken: set[int] = set()
        grabbers = [t for t in range(self.tables.type_count) if self.tables.grabs[t]]
        for zone in range(self.graph.zone_count):
            counts = self.zombies[zone]
            if not any(counts[t] for t in grabbers):
                continue
            pulled = []
            for other, e in self.graph.adjacent[zone]:
                edge = self.graph.edges[e]
                if edge.door >= 0 and not doors[edge.door]:
                    continue
                for i in self.prey_in(other):
                    if i not in taken:
                        taken.add(i)
                        self.change(i, zone=zone)
                        pulled.append(self.survivors[i].id)
            if pulled:
                self.events.append(SurvivorsGrabbed(self.zid(zone), tuple(pulled)))

    def step_spawn(self) -> None:
        graph = self.graph
        active = [
            p for p in graph.spawns if p.color in ("", "red") or p.color in self.unlocked
        ]
        with_locators = sorted((p for p in active if p.locators), key=lambda p: p.locators[0])
        without = [p for p in active if not p.locators]
        steps: list[tuple] = []
        if with_locators:
            dice, self.rng = roll_d6(self.rng, self.spawn_dice)
            self.events.append(DiceRolled("spawn", dice))
            for point in with_locators:
                steps += [("draw", point.zone, "spawn")] * sum(1 for d in dice if d in point.locators)
        steps += [("draw", p.zone, "spawn") for p in without]
        self.queue[0:0] = steps

    @property
    def spawn_dice(self) -> int:
        return self.base.spawn_dice

    def occupied_tiles(self) -> set[str]:
        return {self.graph.tile[s.zone] for s in self.survivors if s.in_play and not self.in_flight(s)}

    def step_draw(self, zone: int) -> None:
        if not self.zombie_deck:
            if not self.zombie_discard:
                return
            order, self.rng = shuffled(self.rng, self.zombie_discard)
            self.zombie_deck, self.zombie_discard = list(order), []
            self.events.append(DeckShuffled("zombie", len(order)))
        number = self.zombie_deck.pop(0)
        self.zombie_discard.append(number)
        card = self.tables.zombie_cards[number]
        self.events.append(CardDrawn("zombie", str(number), self.zid(zone)))
        level = self.danger_level()
        if card.kind == "spawn":
            for t, n in self.tables.card_lines[number][level]:
                self.place(zone, t, n)
        elif card.kind == "extra_activation":
            if level > 0 and card.zombie in self.tables.zombie_index:
                t = self.tables.zombie_index[card.zombie]
                self.events.append(ExtraActivation(card.zombie, "card"))
                self.queue.insert(0, ("activate", (t,), "card"))
        elif card.kind == "sewer":
            tiles = self.occupied_tiles()
            for sewer in self.graph.sewers:
                if sewer.tile in tiles:
                    for t, n in self.tables.card_lines[number][level]:
                        self.place(sewer.zone, t, n)
        elif card.kind == "bed" and self.tables.crawler >= 0:
            tiles = self.occupied_tiles()
            for bed in self.graph.beds:
                if bed.tile in tiles and bed.color == card.bed_colour:
                    self.place(bed.zone, self.tables.crawler, 1)
            for n, zone_of_tent in enumerate(self.graph.tent_zones):
                tent = self.base.tents[n]
                if tent and self.tents_revealed[n] and self.graph.tile[zone_of_tent] in tiles:
                    beds = self.tables.catalog.tent(tent).beds.count(card.bed_colour)  # type: ignore[arg-type]
                    self.place(zone_of_tent, self.tables.crawler, beds)

    def danger_level(self) -> int:
        levels = [s.level for s in self.survivors if s.in_play]
        return max(levels) if levels else 0

    def place(self, zone: int, t: int, n: int, escorted: bool = True, extra_activation: bool = True) -> None:
        """Put ``n`` zombies of type ``t`` in ``zone`` from the supply, with escorts and substitutes;
        running out of miniatures gives that type an extra activation."""
        if n <= 0:
            return
        placed = min(n, self.supply[t])
        if placed:
            self.supply[t] -= placed
            counts = list(self.zombies[zone])
            counts[t] += placed
            self.zombies[zone] = tuple(counts)
            self.events.append(ZombieSpawned(self.zid(zone), self.zname(t), placed))
        missing = n - placed
        if missing and self.tables.substitute[t]:
            for st, sn in self.tables.substitute[t]:
                self.place(zone, st, sn * missing, escorted, extra_activation)
        elif missing and extra_activation:
            step = ("activate", (t,), "out_of_miniatures")
            if step not in self.queue:
                self.events.append(ExtraActivation(self.zname(t), "out_of_miniatures"))
                self.queue.insert(0, step)
        if escorted and placed:
            for et, en in self.tables.escort[t]:
                self.place(zone, et, en * placed, True, extra_activation)

    def step_end_round(self) -> None:
        self.check_goals(end_phase=True)
        if self.result is not None:
            return
        self.noise = [0] * self.graph.zone_count
        self.events.append(NoiseCleared())
        self.unloaded = []
        self.team_actions_used = []
        self.first_seat = (self.first_seat + 1) % len(self.seats)
        self.events.append(FirstPlayerPassed(self.seats[self.first_seat]))
        self.round += 1
        self.phase = "players"
        self.turn = 0
        actions = self.tables.catalog.setup.actions_per_turn
        for i, s in enumerate(self.survivors):
            changes: dict[str, Any] = {
                "done": False,
                "acting": False,
                "searched": False,
                "sprint_used": False,
                "reroll_used": False,
                "mask_used": False,
                "jump_used": False,
                "shoved": False,
                "rescued": False,
                "nose_used": False,
                "nose_search": False,
                "slip_next_move": False,
                "quiet_turn": True,
                "led": False,
                "healed": False,
                "actions_left": actions + sk.extra_actions(s.skills) if s.in_play else 0,
                "free_actions": sk.free_actions(s.skills) if s.in_play else (),
            }
            if s.in_play and s.wounds and sk.has(s.skills, "drops_wounds_each_round"):
                changes["wounds"] = 0
                changes["slots"] = tuple(EMPTY if c == WOUND else c for c in s.slots)
            self.change(i, **changes)
        self.events.append(PhaseStarted("players", self.round))
        self.advance_turns()

    # -- winning and losing --

    def check_goals(self, end_phase: bool) -> None:
        if self.result is not None:
            return
        goals = self.spec.goals
        if self.spec.competitive:
            done = not any(s.in_play for s in self.survivors) or (goals and self.goals_met(goals, end_phase))
            if done:
                totals: dict[str, int] = {}
                for s in self.survivors:  # the dead's XP still counts for their team
                    totals[s.team] = totals.get(s.team, 0) + s.xp
                best = max(totals.values())
                self.winners = tuple(team for team, xp in totals.items() if xp == best)
                self.finish("over")
            return
        everyone_needed = "all_in_exit" in goals or "escape_all" in goals
        if any(not s.alive for s in self.survivors) and everyone_needed or not any(s.alive for s in self.survivors):
            self.finish("lost")
            return
        if goals and self.goals_met(goals, end_phase):
            self.finish("won")

    def goals_met(self, goals: Sequence[str], end_phase: bool) -> bool:
        met = True
        for goal in goals:
            if goal == "take_all_objectives":
                met &= all(self.objectives_taken)
            elif goal == "escape_all":
                met &= all(s.escaped for s in self.survivors if s.alive)
            elif goal == "all_in_exit":
                met &= end_phase and all(s.escaped or s.zone in self.graph.exits for s in self.survivors if s.alive)
        return met

    def finish(self, result: Literal["won", "lost", "over"]) -> None:
        self.result = result
        self.phase = "over"
        self.queue = []
        self.pending = None
        self.events.append(GameEnded(result))


PASSENGER_SEATS = 3
_HELICOPTER_COMMANDS = (
    BoardHelicopter, LeaveHelicopter, ChangeSeat, TakeOff, Land, Fly, StoreEquipment, TakeEquipment,
)

_HANDLERS = {
    BoardHelicopter: _Game.do_board_helicopter,
    LeaveHelicopter: _Game.do_leave_helicopter,
    ChangeSeat: _Game.do_change_seat,
    TakeOff: _Game.do_take_off,
    Land: _Game.do_land,
    Fly: _Game.do_fly,
    Move: _Game.do_move,
    Heal: _Game.do_heal,
    StoreEquipment: _Game.do_store_equipment,
    TakeEquipment: _Game.do_take_equipment,
    Bloodlust: _Game.do_bloodlust,
    Shout: _Game.do_shout,
    Shove: _Game.do_shove,
    Rescue: _Game.do_rescue,
    CloseDoor: _Game.do_close_door,
    Jump: _Game.do_jump,
    GiveAction: _Game.do_give_action,
    UseTeamAction: _Game.do_team_action,
    OpenDoor: _Game.do_open_door,
    Search: _Game.do_search,
    Attack: _Game.do_attack,
    Reload: _Game.do_reload,
    Rearrange: _Game.do_rearrange,
    Trade: _Game.do_trade,
    TakeObjective: _Game.do_take_objective,
    MakeNoise: _Game.do_make_noise,
    EndTurn: _Game.do_end_turn,
    Escape: _Game.do_escape,
}


# --- a Ruleset object for sessions -------------------------------------------------------------


class ZombicideRules:
    """The engine contract bundled for ``Session``; ``catalog`` overrides the box's content."""

    name = RULESET_NAME
    version = RULESET_VERSION

    def __init__(self, catalog: Catalog | None = None):
        self.catalog = catalog

    def setup(self, board: Board, setup_spec: Any, seed: int) -> ZombicideState:
        return setup(board, setup_spec, seed, catalog=self.catalog)

    current_seats = staticmethod(current_seats)
    player_view = staticmethod(player_view)
    legal_commands = staticmethod(legal_commands)
    check = staticmethod(check)
    apply = staticmethod(apply)
    outcome = staticmethod(outcome)

    @staticmethod
    def command_to_json(command: Any) -> str:
        return COMMAND_ADAPTER.dump_json(command).decode()

    @staticmethod
    def command_from_json(text: str) -> Any:
        return COMMAND_ADAPTER.validate_json(text)

    @staticmethod
    def setup_to_json(setup_spec: Any) -> str:
        """Only what the caller set: the mission's own ``[setup]`` table is merged again on load."""
        if isinstance(setup_spec, ZombicideSetup):
            return setup_spec.model_dump_json(exclude_unset=True)
        return json.dumps(dict(setup_spec or {}))

    @staticmethod
    def setup_from_json(text: str) -> dict[str, Any]:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("the saved setup is not a table")
        return data
