"""What a seat may play now: every command enumerated, for the interface and the bots. A box lists
its own commands at two places (``BoxRules.legal_actions``, ``legal_free``) and those of a survivor
it holds (``confined_commands``)."""

from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from game.rules.zombicide import skills as sk
from game.rules.zombicide import trades as trade_lists
from game.rules.zombicide.boxes import InventoryRules
from game.rules.zombicide.commands import (
    Attack,
    ChooseOption,
    CloseDoor,
    Combine,
    EndTurn,
    Escape,
    GiveAction,
    Heal,
    Jump,
    MakeNoise,
    Move,
    OpenDoor,
    Rearrange,
    Reload,
    Rescue,
    Search,
    Shout,
    Shove,
    TakeObjective,
    Taunt,
)
from game.rules.zombicide.graph import ZoneGraph, jump_targets
from game.rules.zombicide.listed import Listed, Run
from game.rules.zombicide.odds import fired_cards, weapon_reach
from game.rules.zombicide.queries import zombies_anywhere
from game.rules.zombicide.state import (
    Survivor,
    ZombicideState,
)
from game.rules.zombicide.trades import (
    MEMO_ENTRIES,
    bounded,
    list_trades,
    memo_for,
)


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
    result: list[Any] = []
    for i in _candidates(state, seat):
        result.extend(survivor_commands(state, i))
    return result


def listed_commands(state: ZombicideState, seat: str) -> Sequence[Any]:
    """``legal_commands`` in the same order, the trades between two survivors built only when read
    (``listed.Listed``): a bot that reads one command of the list pays for that one's run alone."""
    global _HANDED
    handed = _HANDED
    if handed is not None:  # read once, by the next list
        _HANDED = None
        if handed[0] is not state and _EVERY_FIELD(handed[0]) != _EVERY_FIELD(state):
            handed = None
    if state.result is not None or state.pending is not None:
        return legal_commands(state, seat)
    active = state.active  # ``_candidates`` of a survivor taking its turn, read in place
    if active >= 0 and state.phase == "players" and state.current_seat == seat:
        candidates = [active]
    else:
        candidates = _candidates(state, seat)
    if len(candidates) == 1 and (handed is None or handed[1] != candidates[0]):  # most lists: one survivor's
        found: list[tuple[int, Run]] = []
        commands = survivor_commands(state, candidates[0], found)
        if not found:
            return commands
        return Listed(commands, found, found[0][1].count if len(found) == 1 else None)
    plain: list[Any] = []
    runs: list[tuple[int, Run]] = []
    in_runs = 0  # commands the runs hold
    for i in candidates:
        if handed is not None and handed[1] == i:  # listed on an equal state: the same commands
            commands, found = handed[2], handed[3]
        else:
            found = []
            commands = survivor_commands(state, i, found)
        if found:  # no generator for the many lists without trades
            before = len(plain)
            for position, run in found:
                runs.append((before + position, run))
                in_runs += run.count
        plain.extend(commands)
    return Listed(plain, runs, in_runs) if runs else plain


def hand_on(state: ZombicideState, i: int, commands: list[Any], runs: list[tuple[int, Run]]) -> None:
    """Keep ``survivor_commands(state, i, runs)`` (``commands``, ``runs``) for the next
    ``listed_commands``: ``Game.free_to_act`` lists survivor ``i`` on a copy of the game, and when its
    turn stays open the next legal list is that survivor's on an equal state (compared whole: nothing
    a box reads is left out). The lists are shared: never changed by the caller."""
    global _HANDED
    _HANDED = (state, i, commands, runs)


# (state, survivor, its commands, its runs) of the last ``hand_on``, until the next legal list
_HANDED: tuple[ZombicideState, int, list[Any], list[tuple[int, Run]]] | None = None
_EVERY_FIELD = attrgetter(*ZombicideState.__dataclass_fields__)  # a state's fields, to compare two whole


def _candidates(state: ZombicideState, seat: str) -> list[int]:
    """The survivors whose commands ``seat`` may play now (no decision pending)."""
    if state.phase != "players":
        return []
    if state.current_seat != seat:  # Tacticians may step in between other seats' turns
        if state.active >= 0:
            return []
        return [
            i for i, s in enumerate(state.survivors)
            if s.seat == seat and s.in_play and not s.done and sk.is_tactician(s.skills)
        ]
    if state.active >= 0:
        return [state.active]
    return [i for i, s in enumerate(state.survivors)
            if s.seat == seat and s.alive and not s.escaped and not s.done]  # ``in_play`` inlined


def _can_spend(s: Survivor, category: str, aliases: Any = None) -> bool:
    if s.actions_left > 0:
        return True
    if not s.free_actions:  # most spent survivors: no generator made to find nothing
        return False
    more = aliases.get(category, ()) if aliases else ()
    return any(tag == category or (tag == "combat" and category in sk.COMBAT_KINDS) or tag in more
               for tag in s.free_actions)


def survivor_commands(state: ZombicideState, i: int, runs: list[tuple[int, Run]] | None = None) -> list[Any]:
    """What survivor ``i`` may play now, as if its turn were the one going on. Given ``runs``, the
    trades with the other survivors may be left out of the list and put there instead, as one run
    (``TradeRun``) standing before the command at its position (``listed.Listed``)."""
    s = state.survivors[i]
    sid = s.id
    basics = _BASICS.get((sid, s.skills, s.sprint_used)) or _basics(s)
    flags, reach, simple = basics  # ``simple``: End Turn, Shout, Search, Reload, Make Noise, Take Objective, Escape
    graph = state.graph
    commands: list[Any] = [simple[0]]
    zone = s.zone
    box = state.box
    if box.confined_commands is not None:
        held = box.confined_commands(state, i)  # a survivor the box holds (in a vehicle)
        if held is not None:
            if s.actions_left > 0:
                commands.extend(held)
            return commands
    confined = box.confined
    zombies = state.zombies  # zone → count per zombie kind (``zombies_in`` inlined: asked per zone seen)
    zombies_here = sum(zombies[zone])
    extra = 0 if "slippery" in flags else zombies_here
    if (s.actions_left > 0 or _can_spend(s, "move")) and (
        ("move" in s.free_actions and s.actions_left >= extra) or s.actions_left >= 1 + extra
    ):
        # a box's dearer crossings (unless the box waives them): only the moves the survivor can pay for
        if graph.step_costs and not (box.crosses_freely is not None and box.crosses_freely(state, i)):
            budget = s.actions_left - extra - (0 if "move" in s.free_actions else 1)
            if reach == 1:
                commands.extend(_steps(graph, state.doors_open, sid, zone, budget))
            else:
                for path in _paths(state, zone, reach):
                    if _path_extra(graph, zone, path) <= budget:
                        commands.append(
                            Move(sid, graph.zone_ids[path[-1]], tuple(graph.zone_ids[z] for z in path[:-1])))
        elif reach == 1:
            commands.extend(_steps(graph, state.doors_open, sid, zone))
        else:
            commands.extend(_path_moves(state, sid, zone, reach))
    if not flags.isdisjoint(_MOVING_SKILLS):  # most survivors have none of these skills: one test
        _moving_skill_commands(state, i, flags, zombies_here, extra, commands)
    doors = box.doors
    if doors.anyone:
        sides: Any = graph.memo.get(_DOOR_SIDES) or _door_sides(graph)
        beside = sides[zone]
        if beside:  # most zones have no door on their edges
            commands.extend(_door_commands(state, i, beside))
    elif "closes_doors" in flags and s.actions_left > 0:
        sides = graph.memo.get(_DOOR_SIDES) or _door_sides(graph)
        for door, connection, _colour in sides[zone]:
            if state.doors_open[door]:
                commands.append(_DOOR_WORKS.get((sid, connection, True)) or _door_work(sid, connection, True))
    if "loud" in flags or "medic" in flags:
        _shout_and_heal(state, i, flags, simple, commands)
    last = trade_lists.LAST_MEMO  # ``memo_for``'s usual answer, read in place: the same game asks again and again
    memo = last[1] if last[0] is state.card_kinds and last[1].tables is state.tables else memo_for(state)
    inventory_key = (sid, s.slots, s.skills)
    inventory = memo.inventories.get(inventory_key)
    if inventory is None:
        inventory = bounded(memo.inventories)[inventory_key] = _inventory(state, s)
    hands, kinds, hand_opens_doors, rearranges, combines, weapons = inventory
    if not doors.anyone and (s.actions_left > 0 or _can_spend(s, "door")) and (
            hand_opens_doors or "opens_doors" in flags):
        sides = graph.memo.get(_DOOR_SIDES) or _door_sides(graph)
        for door, connection, colour in sides[zone]:
            if not state.doors_open[door] and _door_unlocked(state, colour):
                commands.append(_DOOR_WORKS.get((sid, connection, False)) or _door_work(sid, connection, False))
    if not s.searched and zombies_here == 0 and (s.nose_search or s.actions_left > 0 or _can_spend(s, "search")) and (
        state.equipment_deck or state.equipment_discard
    ) and (  # where the survivor may search, asked last (the dearest question)
        box.may_search(state, i) if box.may_search is not None
        else s.nose_search or graph.searchable[zone] or (  # ``searchable_now``, read in place
            box.searchable is not None and bool(box.searchable(state, zone))) or "search_anywhere" in flags
    ):
        commands.append(simple[2])
    seen_weapons: set[str] = set()
    # the box's readiness of a weapon, None where every weapon is always ready (the core's rules)
    ready = None if not weapons or type(box.inventory).ready is InventoryRules.ready else box.inventory.ready
    for slot, card, kind, equipment in weapons:
        if kind in seen_weapons or not (
                s.actions_left > 0 or _can_spend(s, equipment.attack, box.free_action_tags)):
            continue
        if equipment.reload and card in state.unloaded:
            continue
        if ready is not None and not ready(state, s, card):
            continue
        seen_weapons.add(kind)
        unusable = box.weapon_unusable
        pair: bool | None = None  # whether one of a pair may fire alone: asked once there is a target
        if equipment.attack == "melee":
            if zombies_here and not (unusable is not None and unusable(state, i, slot, zone)):
                commands.append(Attack(sid, slot, graph.zone_ids[zone]))
                if _fires_a_pair(state, s, slot, equipment):
                    commands.append(Attack(sid, slot, graph.zone_ids[zone], single=True))
            if state.setup.competitive:  # rival survivors within reach
                for other in state.survivors:
                    if other.team != s.team and other.in_play and other.zone == zone and not confined(other):
                        commands.append(Attack(sid, slot, graph.zone_ids[zone], rival=other.id))
            continue
        if not zombies_anywhere(zombies):  # a quiet board: no target for any ranged weapon
            continue
        low, high = weapon_reach(state, s, equipment)
        if "shoots_own_zone" in flags:
            low = 0
        deeper = "sees_deeper" in flags
        seen = graph.visible(state.doors_open, deeper)[zone]
        in_reach = []
        for target in ((zone, *seen) if low == 0 else seen):
            if not sum(zombies[target]):
                continue
            distance = graph.zone_range(zone, target, state.doors_open, deeper)
            if distance is not None and low <= distance <= high and not (
                unusable is not None and unusable(state, i, slot, target)
            ):
                commands.append(Attack(sid, slot, graph.zone_ids[target]))
                if pair is None:
                    pair = _fires_a_pair(state, s, slot, equipment)
                if pair:
                    commands.append(Attack(sid, slot, graph.zone_ids[target], single=True))
                in_reach.append(graph.zone_ids[target])
        if "trick_shot" in flags and len(in_reach) > 1 and slot in (0, 1) and not equipment.kills_everything:
            twin = s.slots[1 - slot]
            if (
                twin >= 0 and kinds[1 - slot] == kind
                and (equipment.dual or sk.counts_as_dual(s.skills, equipment.attack))
                and not (equipment.reload and twin in state.unloaded)
            ):
                for first in in_reach:
                    for second in in_reach:
                        if first != second:
                            commands.append(Attack(sid, slot, first, second_zone=second))
    if state.unloaded and s.actions_left > 0 and any(c in state.unloaded for c in hands if c >= 0):
        commands.append(simple[3])
    if s.actions_left > 0:
        commands.append(simple[4])
        commands.extend(box.legal_actions(state, i))
        if graph.objectives:
            waiting = _WAITING_OBJECTIVES  # found by identity: the objectives taken change seldom
            if waiting[0] is not state.objectives_taken or waiting[1] is not graph:
                waiting = _waiting_objectives(graph, state.objectives_taken)
            if zone in waiting[2]:
                commands.append(simple[5])
        commands.extend(rearranges)
        list_trades(state, i, s, memo, commands, runs)
    commands.extend(box.legal_free(state, i))
    commands.extend(combines)
    if "escape_all" in state.setup.goals and zone in graph.exits and zombies_here == 0:
        commands.append(simple[6])
    if box.refuses_listed and box.refuses is not None:  # what the box would refuse is not listed
        refuses = box.refuses
        # ``commands[0]`` is End Turn, never refused; plain loops, not comprehensions: a few commands each
        kept: list[Any] = [commands[0]]
        read = 1
        if runs:
            for n, (position, run) in enumerate(runs):  # each run before the same command, those before kept
                if position > read:
                    for command in commands[read:position]:
                        if command.__class__ is EndTurn or not refuses(state, i, command):
                            kept.append(command)
                    read = position
                runs[n] = (len(kept) if position else 0, run)
        for command in commands[read:]:
            if command.__class__ is EndTurn or not refuses(state, i, command):
                kept.append(command)
        return kept
    return commands


def _waiting_objectives(graph: ZoneGraph, taken: tuple[bool, ...]) -> tuple[Any, ZoneGraph, frozenset[int]]:
    """The zones holding an objective not taken yet, kept for the next listings (``_WAITING_OBJECTIVES``)."""
    global _WAITING_OBJECTIVES
    zones = frozenset(point.zone for index, point in enumerate(graph.objectives) if not taken[index])
    _WAITING_OBJECTIVES = (taken, graph, zones)
    return _WAITING_OBJECTIVES


# (the objectives taken, the board, the zones of those not taken) of the last listing that asked
_WAITING_OBJECTIVES: tuple[Any, Any, frozenset[int]] = (None, None, frozenset())


def spent_may_act(state: ZombicideState, i: int) -> bool:
    """False only when survivor ``i``, no action and no free action left, is surely listed nothing but
    End Turn, discards and combinations (``survivor_commands`` read with both spent): what ``free_to_act``
    asks without a full listing. The parts of the listing that need no action are worked out by the
    code that lists them (its free skills, the box's free doors and commands); True means "maybe"
    (the box may still refuse them): list to know."""
    s = state.survivors[i]
    if s.nose_search:
        return True
    zone = s.zone
    zombies_here = sum(state.zombies[zone])
    if "escape_all" in state.setup.goals and zone in state.graph.exits and zombies_here == 0:
        return True
    found: list[Any] = []
    flags = sk.flags(s.skills)
    if not flags.isdisjoint(_MOVING_SKILLS):
        _moving_skill_commands(state, i, flags, zombies_here, 0 if "slippery" in flags else zombies_here, found)
    if state.box.doors.anyone:
        sides: Any = state.graph.memo.get(_DOOR_SIDES) or _door_sides(state.graph)
        found.extend(_door_commands(state, i, sides[zone]))
    if "loud" in flags or "medic" in flags:
        _shout_and_heal(state, i, flags, _simple_commands(s.id), found)
    return bool(found) or bool(state.box.legal_free(state, i))


def _moving_skill_commands(state: ZombicideState, i: int, flags: frozenset[str], zombies_here: int, extra: int,
                           commands: list[Any]) -> None:
    """Survivor ``i``'s commands of the skills listed between its Moves and the doors (Charge, Born
    Leader, Jump, Shove, Lifesaver, Taunt), into ``commands``; ``extra``: the actions zombies here add
    to leaving the zone."""
    s = state.survivors[i]
    sid, zone, graph, confined = s.id, s.zone, state.graph, state.box.confined
    if "charge" in flags and s.actions_left >= extra:
        commands.extend(_path_moves(state, sid, zone, 2, charge=True))
    if "born_leader" in flags and not s.led:
        for other in state.survivors:
            if other.id != sid and other.in_play and not confined(other):
                commands.append(GiveAction(sid, other.id))
    if "jump" in flags and not s.jump_used and s.actions_left > extra:
        for target in jump_targets(graph, state.doors_open, zone):
            commands.append(Jump(sid, graph.zone_ids[target]))
    if "shove" in flags and not s.shoved and zombies_here:
        for next_zone in graph.reaches(zone, state.doors_open):
            commands.append(Shove(sid, graph.zone_ids[next_zone]))
    if "lifesaver" in flags and not s.rescued:
        for next_zone in graph.reaches(zone, state.doors_open):
            if state.zombies_in(next_zone) and any(
                o.in_play and o.zone == next_zone and not confined(o) for o in state.survivors
            ):
                commands.append(Rescue(sid, graph.zone_ids[next_zone]))
    if "taunt" in flags and not s.taunted:
        for target in (zone, *graph.visible(state.doors_open)[zone]):
            if state.zombies_in(target):
                commands.append(Taunt(sid, graph.zone_ids[target]))


def _shout_and_heal(state: ZombicideState, i: int, flags: frozenset[str], simple: "SimpleCommands",
                    commands: list[Any]) -> None:
    """Survivor ``i``'s Shout (Loud) and Heals (Medic), into ``commands``."""
    s = state.survivors[i]
    if "loud" in flags and state.loud[1] != i:
        commands.append(simple[1])
    if "medic" in flags and not s.healed:
        zone = s.zone
        for other in state.survivors:
            if other.zone == zone and other.wounds and other.alive and not other.escaped:  # in play
                commands.append(Heal(s.id, other.id))


# the skills whose commands are listed between the Moves and the doors
_MOVING_SKILLS = frozenset({"charge", "born_leader", "jump", "shove", "lifesaver", "taunt"})


def _fires_a_pair(state: ZombicideState, s: Survivor, slot: int, equipment: Any) -> bool:
    """The weapon of ``slot`` fires with its Dual twin, so firing it alone is a command of its own."""
    return not equipment.kills_everything and len(fired_cards(state, s, slot)) > 1


SimpleCommands = tuple[EndTurn, Shout, Search, Reload, MakeNoise, TakeObjective, Escape]
_SIMPLE: dict[str, SimpleCommands] = {}  # survivor id → its commands that name nothing else


def _simple_commands(sid: str) -> SimpleCommands:
    """A survivor's commands without arguments, made once (commands are frozen: lists share them)."""
    made = _SIMPLE.get(sid)
    if made is None:
        if len(_SIMPLE) > MEMO_ENTRIES:
            _SIMPLE.clear()
        made = _SIMPLE[sid] = (EndTurn(sid), Shout(sid), Search(sid), Reload(sid), MakeNoise(sid),
                               TakeObjective(sid), Escape(sid))
    return made


def _basics(s: Survivor) -> tuple[frozenset[str], int, SimpleCommands]:
    """What a survivor's listing reads of its skills alone, remembered per (survivor, skills, Sprint
    used): the skills' flags, ``move_reach``, its commands that name nothing else."""
    if len(_BASICS) > MEMO_ENTRIES:
        _BASICS.clear()
    found = _BASICS[s.id, s.skills, s.sprint_used] = (sk.flags(s.skills), move_reach(s), _simple_commands(s.id))
    return found


_BASICS: dict[tuple[str, tuple[str, ...], bool], tuple[frozenset[str], int, SimpleCommands]] = {}


def move_reach(s: Survivor) -> int:
    """How many zones one Move action of the survivor may cross now (Sprint once per turn)."""
    key = (s.skills, s.sprint_used)
    reach = _REACHES.get(key)
    if reach is None:
        reach = sk.zones_per_move(s.skills)
        if sk.has(s.skills, "sprint") and not s.sprint_used:
            reach = max(reach, 3)
        if len(_REACHES) > MEMO_ENTRIES:
            _REACHES.clear()
        _REACHES[key] = reach
    return reach


_REACHES: dict[tuple[tuple[str, ...], bool], int] = {}  # (skills, Sprint used) → ``move_reach``


def declared_move(state: ZombicideState, survivor_id: str, zone_id: str) -> Move | None:
    """The Move a survivor declares to head for ``zone_id``: a shortest open route within its reach,
    zombies on the way or not (the move then ends where the first ones stand); None when the zone is
    out of reach. The rules still have the last word (``check``)."""
    i = state.survivor_index(survivor_id)
    goal = state.graph.index.get(zone_id)
    if i < 0 or goal is None:
        return None
    s = state.survivors[i]
    graph = state.graph
    found: dict[int, tuple[int, ...]] = {s.zone: ()}
    frontier = [s.zone]
    for _ in range(move_reach(s)):
        following = []
        for here in frontier:
            for there in graph.neighbours(here, state.doors_open):
                if there not in found:
                    found[there] = found[here] + (there,)
                    following.append(there)
        frontier = following
    path = found.get(goal)
    if not path:
        return None
    return Move(survivor_id, zone_id, tuple(graph.zone_ids[z] for z in path[:-1]))


Inventory = tuple[tuple[int, ...], tuple[str, ...], bool, tuple[Rearrange, ...], tuple[Combine, ...],
                  tuple[tuple[int, int, str, Any], ...]]


def _inventory(state: ZombicideState, s: Survivor) -> Inventory:
    """The cards in a survivor's equipped slots, the kind of every slot's card, whether an equipped card
    opens doors, its rearrangements (a reserve weapon, or what the box readies, to a worn slot it
    fits), combinations, and (slot, card, kind, equipment) of each equipped weapon, in slot order."""
    sid, slots = s.id, s.slots
    equipment = state.tables.equipment
    rules = state.box.inventory
    equipped = rules.held(state, s)
    # comprehensions in brackets, not generators: one call each, not one resumption per card
    hands = tuple([slots[n] for n in equipped])
    kinds = tuple([state.card_kinds[c] if c >= 0 else "" for c in slots])
    hand_opens_doors = any([c >= 0 and equipment[state.card_kinds[c]].opens_doors for c in hands])
    rearranges = []
    worn = rules.worn(state.tables, sid, len(slots))
    for r in range(len(slots)):
        if r in worn or slots[r] < 0:
            continue
        moved = equipment[kinds[r]]
        if moved.attack is None and not rules.readies(moved):
            continue
        for h in worn:
            if kinds[h] != kinds[r] and rules.fits(state.tables, sid, h, moved) and (
                    slots[h] < 0 or rules.fits(state.tables, sid, r, equipment[kinds[h]])):
                swapped = list(slots)
                swapped[h], swapped[r] = swapped[r], swapped[h]
                rearranges.append(Rearrange(sid, tuple(swapped)))
    combines = []
    for a, card in enumerate(slots):
        if card >= 0 and equipment[kinds[a]].combines_with:
            partners = {c.partner for c in equipment[kinds[a]].combines_with}
            for b in range(a + 1, len(slots)):
                if slots[b] >= 0 and kinds[b] in partners:
                    combines.append(Combine(sid, a, b))
    weapons = tuple([(n, slots[n], kinds[n], equipment[kinds[n]]) for n in equipped
                     if slots[n] >= 0 and equipment[kinds[n]].attack is not None])
    return hands, kinds, hand_opens_doors, tuple(rearranges), tuple(combines), weapons


def _steps(graph: ZoneGraph, doors_open: tuple[bool, ...], sid: str, zone: int,
           budget: int | None = None) -> tuple[Move, ...]:
    """The one-zone Moves from ``zone`` (``_paths`` with a reach of 1), remembered per board: zombies
    never stop a single step, so they depend on the doors only. Given ``budget``, only the steps whose
    extra cost (``step_costs``: a board's dearer crossings) fits that many actions."""
    memo = graph.memo
    last: Any = memo.get(_LAST_STEPS)  # (doors, their table): found by identity, no tuple of doors hashed
    if last is not None and last[0] is doors_open:
        table = last[1]
    else:
        key = ("steps", doors_open)
        table = memo.get(key)
        if table is None:
            if len(memo) > MEMO_ENTRIES:
                memo.clear()
            table = memo[key] = {}
        memo[_LAST_STEPS] = (doors_open, table)
    moves: tuple[Move, ...] | None = table.get((sid, zone, budget))
    if moves is None:  # a door configuration's first ask: most zones' neighbours are those of others
        row = graph.neighbours(zone, doors_open)
        by_row: Any = memo.get(_STEPS_BY_ROW)
        if by_row is None:
            by_row = memo[_STEPS_BY_ROW] = {}
        row_key = (sid, zone, budget, row)
        moves = by_row.get(row_key)
        if moves is None:
            if len(by_row) > MEMO_ENTRIES:
                by_row.clear()
            reached = [z for z in dict.fromkeys(row)
                       if z != zone and (budget is None or graph.step_extra(zone, z) <= budget)]
            moves = by_row[row_key] = tuple(Move(sid, graph.zone_ids[z], ()) for z in reached)
        table[sid, zone, budget] = moves
    return moves


# ``graph.memo``'s key of the last door configuration ``_steps`` was asked of, and its table: the state
# keeps its doors' tuple while no rule touches them, so consecutive listings ask of the same object
_LAST_STEPS = ("steps of the last doors",)
# ``graph.memo``'s key of (survivor, zone, budget, the zone's neighbours) → its steps, whatever the doors
_STEPS_BY_ROW = ("steps by neighbours",)


def _path_extra(graph: ZoneGraph, start: int, path: tuple[int, ...]) -> int:
    total, here = 0, start
    for zone in path:
        total += graph.step_extra(here, zone)
        here = zone
    return total


def _paths(state: ZombicideState, start: int, reach: int) -> list[tuple[int, ...]]:
    """One shortest path to every zone within ``reach`` zones, never passing through zombies."""
    steps = state.graph.neighbours_table(state.doors_open)
    found: dict[int, tuple[int, ...]] = {start: ()}
    frontier = [start]
    for _ in range(reach):
        following = []
        for here in frontier:
            if here != start and state.zombies_in(here):
                continue  # entering a zone with zombies ends the move
            for there in steps[here]:
                if there not in found:
                    found[there] = found[here] + (there,)
                    following.append(there)
        frontier = following
    return [path for zone, path in found.items() if zone != start]


def _path_moves(state: ZombicideState, sid: str, zone: int, reach: int, charge: bool = False) -> tuple[Move, ...]:
    """The Moves of survivor ``sid`` along ``_paths(state, zone, reach)`` (with ``charge``, the Charges:
    those that end among zombies), kept for the last board, doors and zombies asked (by identity: a
    state keeps those tuples while no rule touches them, so the listings of a turn ask of the same
    objects); a working copy's lists are never kept."""
    global _LAST_PATH_MOVES
    doors, zombies, graph = state.doors_open, state.zombies, state.graph
    last = _LAST_PATH_MOVES
    if last[0] is doors and last[1] is zombies and last[2] is graph:
        table = last[3]
    elif doors.__class__ is tuple and zombies.__class__ is tuple:
        table = {}
        _LAST_PATH_MOVES = (doors, zombies, graph, table)
    else:  # lists that may change in place: worked out afresh
        table = {}
    key = (sid, zone, reach, charge)
    moves = table.get(key)
    if moves is None:
        ids = graph.zone_ids
        moves = table[key] = tuple([Move(sid, ids[path[-1]], tuple([ids[z] for z in path[:-1]]), charge=charge)
                                    for path in _paths(state, zone, reach)
                                    if not charge or state.zombies_in(path[-1])])
    return moves


# (doors, zombies, board, (survivor, zone, reach, Charges) → its Moves) of the last ``_path_moves`` on a
# state's tuples
_LAST_PATH_MOVES: tuple[Any, Any, Any, dict[tuple[str, int, int, bool], tuple[Move, ...]]] = (None, None, None, {})


def _door_commands(state: ZombicideState, i: int, beside: tuple[tuple[int, str, str], ...]) -> list[Any]:
    """Doors anyone works (``DoorRules.anyone``): open the closed ones next to the survivor (``beside``:
    its zone's ``_door_sides``), close the open ones, as the box's rules allow now."""
    s = state.survivors[i]
    rules = state.box.doors
    found: list[Any] = []
    keys = state.setup.door_keys  # ``_door_unlocked``, read in place: asked of every closed door beside
    for door, connection, colour in beside:
        closing = state.doors_open[door]
        if not closing and keys:
            key = keys.get(colour)
            if key is not None and key not in state.unlocked_colours:
                continue
        if not rules.free and not (s.actions_left > 0 or (not closing and _can_spend(s, "door"))):
            continue
        if rules.usable is not None and rules.usable(state, i, door, closing):
            continue
        command = _DOOR_WORKS.get((s.id, connection, closing))
        if command is None:
            command = _door_work(s.id, connection, closing)
        found.append(command)
    return found


def _door_work(sid: str, connection: str, closing: bool) -> Any:
    """A survivor's Close Door or Open Door command, kept (``_DOOR_WORKS``): a record costs five
    look-ups to make, and the same doors are listed again at every action."""
    if len(_DOOR_WORKS) > MEMO_ENTRIES:
        _DOOR_WORKS.clear()
    command = _DOOR_WORKS[sid, connection, closing] = (CloseDoor if closing else OpenDoor)(sid, connection)
    return command


# (survivor, connection, whether it closes) → its door command: commands are records, shared by the lists
_DOOR_WORKS: dict[tuple[str, str, bool], Any] = {}


def _door_sides(graph: ZoneGraph) -> tuple[tuple[tuple[int, str, str], ...], ...]:
    """Per zone, (door, connection, colour) of each door on its edges, in the board's order of its
    edges: the edges without a door left out once per board (kept in ``graph.memo``)."""
    edges = graph.edges
    sides = tuple(tuple((edges[e].door, edges[e].connection_id, edges[e].color) for _other, e in graph.adjacent[zone]
                        if edges[e].door >= 0) for zone in range(len(graph.adjacent)))
    graph.memo[_DOOR_SIDES] = sides
    return sides


_DOOR_SIDES = ("doors beside each zone",)  # ``graph.memo``'s key of ``_door_sides``


def _door_unlocked(state: ZombicideState, colour: str) -> bool:
    key = state.setup.door_keys.get(colour)
    return key is None or key in state.unlocked_colours
