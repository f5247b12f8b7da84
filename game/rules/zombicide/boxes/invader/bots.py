"""What the planner bot needs to know of Invader: where the mission sends the team (its goals in
order, an Oxygen Supply Room first when the way leads outdoors and someone has no tank), where the
team cannot walk, the box's own tactics (Oxygen Tanks, attachments, M.R.E.s, Hellfire, the Machines,
Concentrated Attacks on what shields the rest, samples) and its own decisions. The bot reads only
what the players see: face-down objectives are unknown colours."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.zombicide.boxes.invader.armor import DAMAGE_STEP, armor_left
from game.rules.zombicide.boxes.invader.board import board_of
from game.rules.zombicide.boxes.invader.bots_levels import (
    cover,
    hand_over,
    levelled_past_friends,
    share_kills,
)
from game.rules.zombicide.boxes.invader.bots_safety import (
    concentrated_kill_chance,
    fetch_straggler,
    hold_together,
    shove,
    stand_guard,
    step_out,
)
from game.rules.zombicide.boxes.invader.combat import REFLEX_DECISION
from game.rules.zombicide.boxes.invader.commands import (
    Attach,
    ConcentratedAttack,
    MachineAttack,
    TakeOxygenTank,
    TakeSample,
    UseCard,
)
from game.rules.zombicide.boxes.invader.inventory import has_oxygen
from game.rules.zombicide.boxes.invader.state import mission
from game.rules.zombicide.commands import Attack, Rearrange, Trade

Route = Any


def _team(state: Any) -> list[Any]:
    return [s for s in state.survivors if s.in_play]


_BREATHING: tuple[object, bool] = ((), True)  # the last survivors asked about, and whether all of them breathe outdoors


def blocked(state: Any, zone: int) -> bool:
    """The outdoors, while a survivor of the team has no Oxygen Tank in a Body slot."""
    return bool(board_of(state.graph).outdoor[zone]) and not _team_breathes(state)


def _team_breathes(state: Any) -> bool:
    """Every survivor in play has an Oxygen Tank in a Body slot. A route asks this for every outdoor
    zone it weighs: the answer for the same survivors (the same tuple, kept alive here) is reused."""
    global _BREATHING
    survivors, breathes = _BREATHING
    if survivors is not state.survivors:
        breathes = all(has_oxygen(state, s) for s in _team(state))
        _BREATHING = (state.survivors, breathes)
    return breathes


def _objectives(state: Any, colour: str) -> list[int]:
    """Zones of the objectives still on the board a goal of ``colour`` may want: its colour when it
    shows, and every face-down one (its colour is unknown until taken)."""
    box = state.box_state
    scientists = {p.colour for p in box.scientists}
    found = []
    for n, point in enumerate(state.graph.objectives):
        if state.objectives_taken[n]:
            continue
        shown = point.color or "red"
        face_down = shown == "red" and colour in mission(state).shuffle_colours
        if (colour in ("", shown) or face_down) and shown not in scientists:
            found.append(point.zone)
    return found


def targets(state: Any, core: list[list[int]]) -> list[list[int]]:
    """Where the team heads: the next goal's zones, then the exit (the core's reading when the
    mission names none)."""
    spec = mission(state)
    box = state.box_state
    graph = state.graph
    goals = spec.invader_goals[len(box.goals_done):]
    spawns = [p.zone for n, p in enumerate(graph.spawns) if n not in box.spawns_gone]
    zones: list[int] = []
    if goals:
        kind, _, value = goals[0].partition(":")
        if kind == "take":
            zones = _objectives(state, value)
        elif kind == "take_all":
            zones = _objectives(state, "")
        elif kind == "regroup":
            zones = [m.zone for m in box.machines if m.kind == value]
        elif kind == "evacuated":
            zones = guard_zones(state, spawns)
        elif kind == "scientists_out":
            zones = list(graph.exits)
        elif kind == "level":
            zones = _objectives(state, "") or spawns
        elif kind == "destroy_spawn":
            zones = _burn_targets(state)
            if _hellfire_ready(state):
                zones = _firing_spots(state, zones) or zones
            else:
                # nothing to burn a token with yet: the objectives first (a red one gives a
                # Prototype; every room on the way is searched for a Flamethrower and a Canister)
                zones = _objectives(state, "") or _rooms_to_search(state) or zones
        elif kind == "samples":
            zones = spawns
        elif kind == "new_oxygen":
            # an old tank goes only in an Airlock (M10); a new one is taken in an Oxygen Supply Room
            old = set(box.old_tanks)
            holding = any(c in old for s in _team(state) for c in s.cards())
            data = board_of(graph)
            zones = [z for z in range(graph.zone_count) if data.airlock[z]] if holding else _oxygen_rooms(state)
    elif "escape_all" in spec.goals:
        zones = list(graph.exits)
    if not zones:
        return core
    wanted = [[z] for z in dict.fromkeys(zones)]
    if any(not has_oxygen(state, s) for s in _team(state)) and all(board_of(graph).outdoor[z] or _needs_outdoors(state, z)
                                                                   for z in zones):
        rooms = _oxygen_rooms(state)
        if rooms and state.box_state.oxygen_pile:
            return [[z] for z in rooms] + wanted
    return wanted


def guard_zones(state: Any, spawns: Sequence[int]) -> list[int]:
    """M3: where the team holds the exit from: the zones beside it on the xenos' shortest way in from
    the spawn zones (a xeno entering the exit loses the mission; a Hunter walks two zones a round, so
    the team waiting in the exit itself sees it only once it is in). The exit when none is found."""
    graph = state.graph
    doors = (True,) * len(state.doors_open)  # xenos' routes ignore closed doors (§8.2)
    dist = graph.distances(doors)
    exits = list(graph.exits)
    guards = [n for e in exits for n in graph.neighbours(e, doors) if n not in exits
              and any(dist[s][n] + 1 == dist[s][e] for s in spawns)]
    return list(dict.fromkeys(guards)) or exits


def _burn_targets(state: Any) -> list[int]:
    """The spawn tokens still standing where the hidden one may lie (M6)."""
    graph, box = state.graph, state.box_state
    tiles = mission(state).hidden_spawn_tiles
    return [p.zone for n, p in enumerate(graph.spawns) if n not in box.spawns_gone and graph.tile[p.zone] in tiles]


def _rooms_to_search(state: Any) -> list[int]:
    """The indoor rooms the team may search, free of Mold and xenos, while the deck has cards."""
    if not (state.equipment_deck or state.equipment_discard):
        return []
    data, mold = board_of(state.graph), state.box_state.mold
    return [z for z in range(state.graph.zone_count) if state.graph.searchable[z] and not data.outdoor[z]
            and not (mold and mold[z]) and not sum(state.zombies[z])]


def _firing_spots(state: Any, burn: list[int]) -> list[int]:
    """The indoor zones next to a spawn token to burn: Hellfire kills everyone in its zone, so the team
    waits beside it, not on it (and never fires from the outdoors, §10.6)."""
    outdoor = board_of(state.graph).outdoor
    doors = (True,) * len(state.doors_open)
    return [n for z in burn for n in state.graph.neighbours(z, doors) if not outdoor[n] and n not in burn]


def _hellfire_ready(state: Any) -> bool:
    """A survivor in play carries a Flamethrower and a Canister (attached or still to attach)."""
    return any(_hellfire_carried(state, s) for s in _team(state))


def _needs_hellfire(state: Any) -> bool:
    """The mission's goals are reached by burning spawn tokens (M6)."""
    spec = mission(state)
    return bool(spec.hellfire_removes_spawns_on) and any(g.startswith("destroy_spawn") for g in spec.invader_goals)


def card_value(state: Any, kind: str) -> float | None:
    """A Flamethrower and its Canisters are the mission itself where only Hellfire reaches the goal;
    elsewhere the core's guess."""
    if kind in _HELLFIRE_KIT and _needs_hellfire(state):
        return _HELLFIRE_KIT[kind]
    return None


_HELLFIRE_KIT = {"flamethrower": 4.0, "canister": 3.5}


def _oxygen_rooms(state: Any) -> list[int]:
    data = board_of(state.graph)
    mold = state.box_state.mold
    return [z for z in range(state.graph.zone_count) if data.oxygen[z] and not (mold and mold[z])]


def _needs_outdoors(state: Any, zone: int) -> bool:
    """Whether ``zone`` is out of the team's reach without crossing the outdoors."""
    graph = state.graph
    outdoor = board_of(graph).outdoor
    start = [s.zone for s in _team(state)]
    seen = set(start)
    frontier = list(start)
    doors = (True,) * len(state.doors_open)
    while frontier:
        here = frontier.pop()
        if here == zone:
            return False
        for there in graph.neighbours(here, doors):
            if there not in seen and not outdoor[there]:
                seen.add(there)
                frontier.append(there)
    return True


def tactics(state: Any, i: int, commands: Sequence[Any], route: Route) -> Any:
    """The box's pieces first: an Oxygen Tank when lacking one, attachments, M.R.E.s, a sample,
    Hellfire on a crowd (or a spawn token to destroy), a Machine's attack, a Concentrated Attack
    on a Tank or the Abomination."""
    s = state.survivors[i]
    for command in commands:
        if isinstance(command, TakeOxygenTank) and not has_oxygen(state, s):
            return command
    kit = _pool_hellfire_kit(state, i, commands)
    if kit is not None:
        return kit
    for command in commands:
        if isinstance(command, (UseCard, TakeSample)):
            return command
    for command in commands:
        if isinstance(command, Attach):
            return command
    if sum(state.zombies[s.zone]):
        # xenos in the zone: the core's tactics fight them or step away; a Machine only if it
        # strikes that very zone
        commands = [c for c in commands if isinstance(c, (MachineAttack, ConcentratedAttack))
                    and state.graph.index[c.zone] == s.zone]
    best, best_value = None, 0.9
    for command in commands:
        value = _value(state, i, command)
        if value > best_value:
            best, best_value = command, value
    return best


def keep_hellfire(state: Any, zone: int) -> bool:
    """Where only Hellfire reaches the goal (M6), a Canister is kept for a spawn token to burn, not
    spent on a crowd at ``zone``, unless the team carries more than the tokens left need."""
    if not _needs_hellfire(state):
        return False
    burn = _burn_targets(state)
    if zone in burn:
        return False
    kinds = state.card_kinds
    carried = sum(1 for s in _team(state) for c in s.cards() if kinds[c] == "canister")
    carried += sum(1 for a, _weapon in state.box_state.attached if kinds[a] == "canister")
    return carried <= len(burn)


def _kit_in_hand(state: Any, slots: Sequence[int]) -> bool:
    """A Flamethrower in hand, and a Canister carried or attached to it."""
    kinds = state.card_kinds
    hands = [c for c in slots[:2] if c >= 0 and kinds[c] == "flamethrower"]
    attached = any(w in hands and kinds[a] == "canister" for a, w in state.box_state.attached)
    return bool(hands) and (attached or any(kinds[c] == "canister" for c in slots if c >= 0))


def _near_burn_target(state: Any, zone: int) -> bool:
    """``zone`` is within Hellfire's Range 2 (open doors) of a spawn token the goal wants burnt."""
    burn = set(_burn_targets(state))
    frontier, seen = {zone}, {zone}
    for _ in range(2):
        frontier = {n for z in frontier for n in state.graph.neighbours(z, state.doors_open)} - seen
        seen |= frontier
    return bool(seen & burn)


def _pool_hellfire_kit(state: Any, i: int, commands: Sequence[Any]) -> Any:
    """Where only Hellfire reaches the goal, bring a Flamethrower (in hand) and a Canister together on
    one survivor: a trade with a friend in a quiet zone, or the survivor's own Flamethrower to a hand."""
    if not _needs_hellfire(state) or sum(state.zombies[state.survivors[i].zone]):
        return None
    s = state.survivors[i]
    if _kit_in_hand(state, s.slots):
        return None
    if _hellfire_carried(state, s) and _near_burn_target(state, s.zone):
        return _kit_to_hand(state, s, commands)
    if any(_kit_in_hand(state, o.slots) or _hellfire_carried(state, o) for o in _team(state)):
        return None  # someone already holds it ready
    for command in commands:
        if isinstance(command, Trade) and (_kit_in_hand(state, command.slots) or _kit_in_hand(state, command.other_slots)):
            return command
    return None


def _kit_to_hand(state: Any, s: Any, commands: Sequence[Any]) -> Any:
    """The Flamethrower to a hand with the best gun in the other, unless the core's "bring the best
    weapons to the hands" would take it out again (both are free after a Search: they would loop)."""
    from game.rules.zombicide.bots import _weapon_power

    def power(slots: tuple[int, ...]) -> float:
        return max(_weapon_power(state, s, 0, slots), _weapon_power(state, s, 1, slots))

    arrangements = [c for c in commands if isinstance(c, Rearrange)]
    kit = [c for c in arrangements if _kit_in_hand(state, c.slots)]
    if not kit:
        return None
    best = max(kit, key=lambda c: power(c.slots))
    core_best = max([power(c.slots) for c in arrangements] + [power(s.slots)])
    return best if core_best <= power(best.slots) + 0.1 else None


def _hellfire_carried(state: Any, s: Any) -> bool:
    """The survivor carries a Flamethrower and a Canister (attached or not), in hand or not."""
    kinds = state.card_kinds
    held = [kinds[c] for c in s.cards()]
    attached = [kinds[a] for a, w in state.box_state.attached if w in s.cards()]
    return "flamethrower" in held and "canister" in held + attached


def _friends_in(state: Any, i: int, zone: int) -> bool:
    return any(o.in_play and o.zone == zone and n != i for n, o in enumerate(state.survivors))


def _value(state: Any, i: int, command: Any) -> float:
    graph = state.graph
    if isinstance(command, Attack):
        s = state.survivors[i]
        weapon = state.tables.equipment[state.card_kinds[s.slots[command.slot]]]
        if not weapon.kills_everything:
            return 0.0
        target = graph.index[command.zone]
        if _friends_in(state, i, target) or any(m.zone == target and not m.destroyed for m in state.box_state.machines):
            return 0.0
        if keep_hellfire(state, target):
            return 0.0
        spawn_here = any(p.zone == target for p in graph.spawns) and "destroy_spawn" in " ".join(
            mission(state).invader_goals)
        return sum(state.zombies[target]) + (5.0 if spawn_here else 0.0) - 1.0
    if isinstance(command, MachineAttack):
        target = graph.index[command.zone]
        if command.weapon == "ranged" and _friends_in(state, i, target):
            return 0.0
        tough = any(state.zombies[target][t] and state.tables.damage_to_kill[t] > 1 for t in range(state.tables.type_count))
        if command.target:
            return 2.0 if state.tables.damage_to_kill[state.tables.zombie_index[command.target]] > 1 else 0.0
        if tough or levelled_past_friends(state, i):
            return 0.0  # a Machine's kills are its controller's XP (§7): left to the friends below the level
        return min(2.0, float(sum(state.zombies[target])))
    if isinstance(command, ConcentratedAttack):
        target = graph.index[command.zone]
        if state.tables.damage_to_kill[state.tables.zombie_index[command.target]] <= 1:
            return 0.0
        s = state.survivors[i]
        weapon = state.tables.equipment[state.card_kinds[s.slots[command.slot]]]
        if weapon.attack == "ranged" and _friends_in(state, i, target):
            return 0.0
        chance = concentrated_kill_chance(state, s, command.slot,
                                          state.tables.damage_to_kill[state.tables.zombie_index[command.target]])
        return 1.5 if chance >= CONCENTRATED_WORTH else 0.0
    return 0.0


CONCENTRATED_WORTH = 0.01  # a Concentrated Attack that cannot fell its target (a single Cattle Prod on the Abomination) is not made


def _sturdiest(state: Any, pending: Any) -> int:
    """The option whose survivor keeps the most Armor once the Damage already on its way lands
    (a xeno's attack lands point by point after the choices); decoys only when nobody else stands."""
    owed: dict[int, int] = {}
    for step in state.queue:
        if step and step[0] == DAMAGE_STEP:
            owed[step[1]] = owed.get(step[1], 0) + step[2]
    best, best_left = 0, None
    for n, payload in enumerate(pending.payload):
        i = payload[0]
        left = armor_left(state, i) - owed.get(i, 0) if i >= 0 else -99
        if len(payload) > 2:  # a card given up instead of the blow
            left += 1
        if best_left is None or left > best_left:
            best, best_left = n, left
    return best


def _reflex(state: Any) -> int:
    """Attack on reflex whenever offered."""
    return 1 if len(state.pending.options) > 1 else 0


def _damage_point(state: Any) -> int:
    """Spend a card to stay alive when the survivor's Armor is about to run out."""
    pending = state.pending
    return 1 if len(pending.options) > 1 and armor_left(state, pending.survivor) <= 1 else 0


def _misfire(state: Any) -> int:
    """A miss goes to the survivor with the most Armor left."""
    best, most = 0, -1
    for n, payload in enumerate(state.pending.payload):
        armor = armor_left(state, payload[0]) if payload[0] >= 0 else 0
        if armor > most:
            best, most = n, armor
    return best


def _wound(state: Any) -> int:
    """A xeno's attack: to whoever stays farthest from falling."""
    return _sturdiest(state, state.pending)


# The box's decisions, and the core's "wound" taken its way (the planner asks these first).
DECISIONS = {"wound": _wound, REFLEX_DECISION: _reflex, "inv_damage_point": _damage_point, "inv_misfire": _misfire}


# The box's tactics, each before the core tactic it names.
TACTICS = (("free_help", share_kills), ("free_help", shove), ("free_help", step_out), ("free_help", tactics), ("fight_here", stand_guard), ("fight_here", cover), ("share", hand_over), ("advance", hold_together), ("advance", fetch_straggler))
