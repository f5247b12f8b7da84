"""What a seat may play now: every command enumerated, for the interface and the bots. A box lists
its own commands at two places (``BoxRules.legal_actions``, ``legal_free``) and those of a survivor
it holds (``confined_commands``)."""

from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from operator import attrgetter
from typing import Any

from game.rules.zombicide import skills as sk
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
    Trade,
)
from game.rules.zombicide.graph import ZoneGraph, jump_targets
from game.rules.zombicide.listed import Listed, Run
from game.rules.zombicide.odds import fired_cards, weapon_reach
from game.rules.zombicide.state import (
    EMPTY,
    Survivor,
    ZombicideState,
    searchable_now,
)
from game.rules.zombicide.tables import Tables


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
    plain: list[Any] = []
    runs: list[tuple[int, Run]] = []
    in_runs = 0  # commands the runs hold
    for i in _candidates(state, seat):
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


def handed_on(state: ZombicideState, i: int) -> tuple[list[Any], list[tuple[int, Run]]]:
    """``survivor_commands(state, i, runs)`` and its runs, handed on to the next ``listed_commands``:
    ``Game.free_to_act`` lists survivor ``i`` on a copy of the game, and when its turn stays open the
    next legal list is that survivor's on an equal state (compared whole: nothing a box reads is
    left out). The lists are shared: never changed by the caller."""
    global _HANDED
    found: list[tuple[int, Run]] = []
    commands = survivor_commands(state, i, found)
    _HANDED = (state, i, commands, found)
    return commands, found


# (state, survivor, its commands, its runs) of the last ``handed_on``, until the next legal list
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
    return [i for i, s in enumerate(state.survivors) if s.seat == seat and s.in_play and not s.done]


def _can_spend(s: Survivor, category: str, aliases: Any = None) -> bool:
    if s.actions_left > 0:
        return True
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
    flags, reach = basics[0], basics[1]
    end_turn, shout, search, reload, make_noise, take_objective, escape = basics[2]
    graph, tables = state.graph, state.tables
    commands: list[Any] = [end_turn]
    zone = s.zone
    box = state.box
    if box.confined_commands is not None:
        held = box.confined_commands(state, i)  # a survivor the box holds (in a vehicle)
        if held is not None:
            if s.actions_left > 0:
                commands.extend(held)
            return commands
    confined = box.confined
    zombies_here = state.zombies_in(zone)
    extra = 0 if "slippery" in flags else zombies_here
    if (s.actions_left > 0 or _can_spend(s, "move")) and (
        ("move" in s.free_actions and s.actions_left >= extra) or s.actions_left >= 1 + extra
    ):
        waived = box.crosses_freely is not None and box.crosses_freely(state, i)
        if graph.step_costs and not waived:  # a box's dearer crossings: only the moves the survivor can pay for
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
            for path in _paths(state, zone, reach):
                commands.append(Move(sid, graph.zone_ids[path[-1]], tuple(graph.zone_ids[z] for z in path[:-1])))
    if not flags.isdisjoint(_MOVING_SKILLS):  # most survivors have none of these skills: one test
        if "charge" in flags and s.actions_left >= extra:
            for path in _paths(state, zone, 2):
                if state.zombies_in(path[-1]):
                    commands.append(
                        Move(sid, graph.zone_ids[path[-1]], tuple(graph.zone_ids[z] for z in path[:-1]), charge=True)
                    )
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
    doors = box.doors
    if doors.anyone:
        commands.extend(_door_commands(state, i, zone))
    elif "closes_doors" in flags and s.actions_left > 0:
        for _other, e in graph.adjacent[zone]:
            edge = graph.edges[e]
            if edge.door >= 0 and state.doors_open[edge.door]:
                commands.append(CloseDoor(sid, edge.connection_id))
    if "loud" in flags and state.loud[1] != i:
        commands.append(shout)
    if "medic" in flags and not s.healed:
        for other in state.survivors:
            if other.zone == zone and other.wounds and other.alive and not other.escaped:  # in play
                commands.append(Heal(sid, other.id))
    memo = _memo_for(state)
    inventory_key = (sid, s.slots, s.skills)
    inventory = memo.inventories.get(inventory_key)
    if inventory is None:
        inventory = _bounded(memo.inventories)[inventory_key] = _inventory(state, s)
    equipped, hands, kinds, hand_opens_doors, rearranges, combines = inventory
    if not doors.anyone and (s.actions_left > 0 or _can_spend(s, "door")) and (
            hand_opens_doors or "opens_doors" in flags):
        for _other, e in graph.adjacent[zone]:
            edge = graph.edges[e]
            if edge.door >= 0 and not state.doors_open[edge.door] and _door_unlocked(state, edge.color):
                commands.append(OpenDoor(sid, edge.connection_id))
    if not s.searched and zombies_here == 0 and (s.nose_search or s.actions_left > 0 or _can_spend(s, "search")) and (
        state.equipment_deck or state.equipment_discard
    ) and (  # where the survivor may search, asked last (the dearest question)
        box.may_search(state, i) if box.may_search is not None
        else s.nose_search or searchable_now(state, zone) or "search_anywhere" in flags
    ):
        commands.append(search)
    seen_weapons: set[str] = set()
    for slot in equipped:
        card = s.slots[slot]
        if card < 0 or kinds[slot] in seen_weapons:
            continue
        equipment = tables.equipment[kinds[slot]]
        if equipment.attack is None or not (
                s.actions_left > 0 or _can_spend(s, equipment.attack, box.free_action_tags)):
            continue
        if equipment.reload and card in state.unloaded:
            continue
        if not box.inventory.ready(state, s, card):
            continue
        seen_weapons.add(kinds[slot])
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
        low, high = weapon_reach(state, s, equipment)
        if "shoots_own_zone" in flags:
            low = 0
        deeper = "sees_deeper" in flags
        targets = ([zone] if low == 0 else []) + list(graph.visible(state.doors_open, deeper)[zone])
        in_reach = []
        for target in targets:
            if state.zombies_in(target) == 0:
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
                twin >= 0 and kinds[1 - slot] == kinds[slot]
                and (equipment.dual or sk.counts_as_dual(s.skills, equipment.attack))
                and not (equipment.reload and twin in state.unloaded)
            ):
                for first in in_reach:
                    for second in in_reach:
                        if first != second:
                            commands.append(Attack(sid, slot, first, second_zone=second))
    if state.unloaded and s.actions_left > 0 and any(c in state.unloaded for c in hands if c >= 0):
        commands.append(reload)
    if s.actions_left > 0:
        commands.append(make_noise)
        commands.extend(box.legal_actions(state, i))
        for index, point in enumerate(graph.objectives):
            if point.zone == zone and not state.objectives_taken[index]:
                commands.append(take_objective)
                break
        commands.extend(rearranges)
        # trading, listed as single moves: give a card to a free slot, take one, or swap hands
        trades, profiles, slot_profiles = memo.trades, memo.hand_profiles, memo.slot_profiles
        isolated = box.isolated  # those a box isolates trade only among themselves (``can_trade``)
        apart: bool | None = None
        # runs only where the box filters no trade out of the list
        counted = runs is not None and not (
            box.refuses_listed and box.refuses is not None
            and (box.refuses_trades is None or box.refuses_trades(state, i)))
        first_fit = _first_fit_for(state) if counted else None
        my_slots = s.slots
        mine: tuple[bool, int, tuple[str, ...]] | None = None  # ``_hand_profile`` of my slots, looked up once
        fit_rows: _FitRows | None = None  # the box's slot rules' answers, looked up once
        mine_here: SlotProfile = ((), (), ())  # ``_slot_profile`` of my slots, looked up with them
        partners: list[tuple[str, tuple[int, ...], int]] | None = None  # (other, their slots, trades) counted
        total = 0
        for j, other in enumerate(state.survivors):
            if j == i or other.zone != zone or not other.alive or other.escaped:  # ``in_play`` inlined
                continue
            if isolated is not None:
                if apart is None:
                    isolating = box.isolating
                    if isolating is not None and not isolating(state):
                        isolated = None  # nobody is, now
                    else:
                        apart = bool(isolated(state, s))
                if isolated is not None and isolated(state, other) != apart:
                    continue
            their_slots = other.slots
            if counted:
                if first_fit is _first_anywhere:  # counted from what each side holds (``_hand_profile``)
                    if mine is None:
                        mine = profiles.get(my_slots) or _hand_profile(memo, state.card_kinds, my_slots)
                    theirs = profiles.get(their_slots) or _hand_profile(memo, state.card_kinds, their_slots)
                    count = _ANYWHERE_COUNTS.get((mine, theirs))
                    if count is None:
                        count = _anywhere_count(mine, theirs)
                else:  # the box's slot rules: counted from where each side's kinds may go (``_slot_profile``)
                    if fit_rows is None:
                        fit_rows = _fits_entry(state)[3]
                        mine_here = slot_profiles.get(my_slots) or _slot_profile(memo, state.card_kinds, my_slots)
                    theirs_here = slot_profiles.get(their_slots) or _slot_profile(
                        memo, state.card_kinds, their_slots)
                    count = fit_rows.counts.get((sid, mine_here, other.id, theirs_here))
                    if count is None:
                        count = _profile_count(fit_rows, sid, mine_here, other.id, theirs_here)
                if count:
                    if partners is None:
                        partners = []
                    partners.append((other.id, their_slots, count))
                    total += count
                continue
            key = (sid, my_slots, other.id, their_slots)
            listed = trades.get(key)
            if listed is None:
                listed = _bounded(trades)[key] = _trades(state, *key)
            commands.extend(listed)
        if partners:  # every trade with the others here, one run (made when read)
            runs.append((len(commands), TradeRun(state, sid, my_slots, partners, total)))  # type: ignore[union-attr]
    commands.extend(box.legal_free(state, i))
    commands.extend(combines)
    if "escape_all" in state.setup.goals and zone in graph.exits and zombies_here == 0:
        commands.append(escape)
    if box.refuses_listed and box.refuses is not None:  # what the box would refuse is not listed
        refuses = box.refuses
        if not runs:
            return [c for c in commands if isinstance(c, EndTurn) or not refuses(state, i, c)]
        kept: list[Any] = []
        kept_before: list[int] = []  # for each listed position, how many commands before it are kept
        for command in commands:
            kept_before.append(len(kept))
            if isinstance(command, EndTurn) or not refuses(state, i, command):
                kept.append(command)
        kept_before.append(len(kept))
        runs[:] = [(kept_before[position], run) for position, run in runs]  # each run before the same command
        return kept
    return commands


def spent_may_act(state: ZombicideState, i: int) -> bool:
    """False only when survivor ``i``, no action and no free action left, is surely listed nothing but
    End Turn, discards and combinations (``survivor_commands`` read with both spent): what ``free_to_act``
    asks without a full listing. True means "maybe": list to know."""
    s = state.survivors[i]
    flags = sk.flags(s.skills)
    if s.nose_search or state.box.doors.anyone or not flags.isdisjoint(_SPENT_SKILLS):
        return True
    if "escape_all" in state.setup.goals and s.zone in state.graph.exits and state.zombies_in(s.zone) == 0:
        return True
    return bool(state.box.legal_free(state, i))


# the skills whose commands are listed between the Moves and the doors
_MOVING_SKILLS = frozenset({"charge", "born_leader", "jump", "shove", "lifesaver", "taunt"})
# the skills listed with no action left: the moving ones, a shout, a heal
_SPENT_SKILLS = _MOVING_SKILLS | {"loud", "medic"}


def _fires_a_pair(state: ZombicideState, s: Survivor, slot: int, equipment: Any) -> bool:
    """The weapon of ``slot`` fires with its Dual twin, so firing it alone is a command of its own."""
    return not equipment.kills_everything and len(fired_cards(state, s, slot)) > 1


SimpleCommands = tuple[EndTurn, Shout, Search, Reload, MakeNoise, TakeObjective, Escape]
_SIMPLE: dict[str, SimpleCommands] = {}  # survivor id → its commands that name nothing else


def _simple_commands(sid: str) -> SimpleCommands:
    """A survivor's commands without arguments, made once (commands are frozen: lists share them)."""
    made = _SIMPLE.get(sid)
    if made is None:
        if len(_SIMPLE) > _MEMO_ENTRIES:
            _SIMPLE.clear()
        made = _SIMPLE[sid] = (EndTurn(sid), Shout(sid), Search(sid), Reload(sid), MakeNoise(sid),
                               TakeObjective(sid), Escape(sid))
    return made


def _basics(s: Survivor) -> tuple[frozenset[str], int, SimpleCommands]:
    """What a survivor's listing reads of its skills alone, remembered per (survivor, skills, Sprint
    used): the skills' flags, ``move_reach``, its commands that name nothing else."""
    if len(_BASICS) > _MEMO_ENTRIES:
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
        if len(_REACHES) > _MEMO_ENTRIES:
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


class _GameMemo:
    """What ``legal_commands`` remembers for one game (its cards and tables): inventories change
    seldom, so most states list the same trades, rearrangements and combinations as the state before."""

    def __init__(self, tables: Tables):
        self.tables = tables
        # (survivor, slots, other survivor, other slots) → the single-card trades between them
        self.trades: dict[tuple[str, tuple[int, ...], str, tuple[int, ...]], tuple[Trade, ...]] = {}
        # slots → ``_hand_profile``: what the core's trades (every card fits every slot) are counted from
        self.hand_profiles: dict[tuple[int, ...], tuple[bool, int, tuple[str, ...]]] = {}
        # (survivor, slots, skills) → what ``_inventory`` works out
        self.inventories: dict[tuple[str, tuple[int, ...], tuple[str, ...]], tuple] = {}
        # slots → ``_slot_profile``: what trades under a box's slot rules are counted from
        self.slot_profiles: dict[tuple[int, ...], SlotProfile] = {}



_MEMOS: dict[tuple[str, ...], _GameMemo] = {}  # by card_kinds
_LAST_MEMO: tuple[tuple[str, ...], _GameMemo] = ((), _GameMemo(None))  # type: ignore[arg-type]
_MEMO_GAMES = 8
_MEMO_ENTRIES = 4096
# a game's trades and inventories: the first rounds of games of one mission list the same ones
_GAME_MEMO_ENTRIES = 16384


def _memo_for(state: ZombicideState) -> _GameMemo:
    global _LAST_MEMO
    last = _LAST_MEMO  # the same game asks again and again: no need to hash its card list
    if last[0] is state.card_kinds and last[1].tables is state.tables:  # each table bounded as it grows
        return last[1]
    memo = _MEMOS.get(state.card_kinds)
    if memo is None or memo.tables is not state.tables:
        if len(_MEMOS) >= _MEMO_GAMES or sum(_size(m) for m in _MEMOS.values()) > (
                2 * _GAME_MEMO_ENTRIES):  # the memos of all games together stay within a few megabytes
            _MEMOS.clear()
        memo = _MEMOS[state.card_kinds] = _GameMemo(state.tables)
    _LAST_MEMO = (state.card_kinds, memo)
    return memo


def _size(memo: _GameMemo) -> int:
    return len(memo.trades) + len(memo.inventories) + len(memo.hand_profiles) + len(memo.slot_profiles)


def _bounded(table: dict[Any, Any]) -> dict[Any, Any]:
    """``table`` of a game's memo, emptied first when it holds its share of ``_GAME_MEMO_ENTRIES``
    (asked before each entry is added: the look-ups themselves ask nothing)."""
    if len(table) >= _GAME_MEMO_ENTRIES // 4:
        table.clear()
    return table


def _inventory(
    state: ZombicideState, s: Survivor
) -> tuple[Sequence[int], tuple[int, ...], tuple[str, ...], bool, tuple[Rearrange, ...], tuple[Combine, ...]]:
    """A survivor's equipped slots, the cards in them, the kind of every slot's card, whether an
    equipped card opens doors, its rearrangements (a reserve weapon, or what the box readies, to a
    worn slot it fits) and combinations."""
    sid, slots = s.id, s.slots
    equipment = state.tables.equipment
    rules = state.box.inventory
    equipped = rules.held(state, s)
    hands = tuple(slots[n] for n in equipped)
    kinds = tuple(state.card_kinds[c] if c >= 0 else "" for c in slots)
    hand_opens_doors = any(c >= 0 and equipment[state.card_kinds[c]].opens_doors for c in hands)
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
    return equipped, hands, kinds, hand_opens_doors, tuple(rearranges), tuple(combines)


def _trades(
    state: ZombicideState, sid: str, my_slots: tuple[int, ...], other_id: str, their_slots: tuple[int, ...]
) -> tuple[Trade, ...]:
    """Give a card to a free slot, take one into a free slot, or swap hand cards; swapping two
    cards of the same kind changes nothing and is left out. Cards go only where they fit."""
    card_kinds = state.card_kinds
    first_fit = _first_fit_for(state)
    if first_fit is _first_anywhere:
        return _trades_anywhere(card_kinds, sid, my_slots, other_id, their_slots)
    return tuple(_swapped(sid, my_slots, other_id, their_slots, a, b)
                 for a, b in _trade_pairs(card_kinds, first_fit, sid, my_slots, other_id, their_slots))


def _swapped(sid: str, my_slots: tuple[int, ...], other_id: str, their_slots: tuple[int, ...], a: int,
             b: int) -> Trade:
    """The trade that swaps my slot ``a`` with their slot ``b``."""
    mine_after, theirs_after = list(my_slots), list(their_slots)
    mine_after[a], theirs_after[b] = their_slots[b], my_slots[a]
    return Trade(sid, other_id, tuple(mine_after), tuple(theirs_after))


def _trade_pairs(card_kinds: tuple[str, ...], first_fit: "FirstFit", sid: str, my_slots: tuple[int, ...],
                 other_id: str, their_slots: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(my slot, their slot) swapped by each trade: what I give, what I take, then hand cards swapped.
    They depend on the two survivors and the kinds in their slots alone (not on which cards): worked
    out once per such pattern."""
    key = (sid, other_id, tuple([card_kinds[c] if c >= 0 else c for c in my_slots]),
           tuple([card_kinds[c] if c >= 0 else c for c in their_slots]))
    found = _PAIRS.get(key)
    if found is not None and found[0] is first_fit:
        return found[1]
    pairs = _gifts(card_kinds, first_fit, my_slots, other_id, their_slots)
    pairs.extend((mine, theirs) for theirs, mine in _gifts(card_kinds, first_fit, their_slots, sid, my_slots))
    for a in (0, 1):  # swap hand cards of different kinds
        mine = my_slots[a]
        if mine >= 0:
            for b in (0, 1):
                theirs = their_slots[b]
                if theirs >= 0 and card_kinds[mine] != card_kinds[theirs] and first_fit(
                        sid, _SLOT[a], card_kinds[theirs]) >= 0 and first_fit(other_id, _SLOT[b], card_kinds[mine]) >= 0:
                    pairs.append((a, b))
    if len(_PAIRS) > _MEMO_ENTRIES * 4:
        _PAIRS.clear()
    _PAIRS[key] = (first_fit, tuple(pairs))
    return tuple(pairs)


# (survivor, other survivor, the kinds in their slots) → (the slot rules' ``first_fit``, the trades'
# swapped slots); negative cards (a box's own, not equipment) stand for themselves
_PAIRS: dict[tuple[str, str, tuple[Any, ...], tuple[Any, ...]], tuple[Any, tuple[tuple[int, int], ...]]] = {}


def _trades_anywhere(card_kinds: tuple[str, ...], sid: str, my_slots: tuple[int, ...], other_id: str,
                     their_slots: tuple[int, ...]) -> tuple[Trade, ...]:
    """``_trades`` where every card fits every slot (the core's inventory): same trades in the same
    order, without asking where each card fits."""
    return tuple(_swapped(sid, my_slots, other_id, their_slots, a, b)
                 for a, b in _anywhere_pairs(card_kinds, my_slots, their_slots))


def _anywhere_pairs(card_kinds: tuple[str, ...], my_slots: tuple[int, ...],
                    their_slots: tuple[int, ...]) -> Iterator[tuple[int, int]]:
    """(my slot, their slot) swapped by each trade where every card fits every slot: a card I give
    goes to their first free slot, one I take to mine, then any two hand cards of different kinds."""
    if EMPTY in their_slots:  # what I give
        into = their_slots.index(EMPTY)
        for a, card in enumerate(my_slots):
            if card >= 0:
                yield a, into
    if EMPTY in my_slots:  # what I take
        into = my_slots.index(EMPTY)
        for b, card in enumerate(their_slots):
            if card >= 0:
                yield into, b
    for a in (0, 1):  # hand cards of different kinds swapped
        mine = my_slots[a]
        if mine >= 0:
            for b in (0, 1):
                theirs = their_slots[b]
                if theirs >= 0 and card_kinds[mine] != card_kinds[theirs]:
                    yield a, b


def _anywhere_count(mine: tuple[bool, int, tuple[str, ...]], theirs: tuple[bool, int, tuple[str, ...]]) -> int:
    """How many trades ``_trades_anywhere`` lists between two sides, from their ``_hand_profile``s:
    each card given to a free slot, each taken into one, every two hand cards of different kinds
    swapped; remembered per pair of profiles (they hold kinds, not cards: shared by all games)."""
    count = (theirs[0] and mine[1]) + (mine[0] and theirs[1])
    for kind in mine[2]:
        for their_kind in theirs[2]:
            count += kind != their_kind
    if len(_ANYWHERE_COUNTS) > _MEMO_ENTRIES * 4:
        _ANYWHERE_COUNTS.clear()
    _ANYWHERE_COUNTS[mine, theirs] = count
    return count


_ANYWHERE_COUNTS: dict[tuple[tuple[bool, int, tuple[str, ...]], tuple[bool, int, tuple[str, ...]]], int] = {}


def _hand_profile(memo: _GameMemo, card_kinds: tuple[str, ...],
                  slots: tuple[int, ...]) -> tuple[bool, int, tuple[str, ...]]:
    """What ``_trades_anywhere`` counts of one side, remembered per slots: whether a slot is free, how
    many cards it could give, the kinds of its hand cards. Between two sides: the other's cards if one
    has a free slot (each way), and every two hand cards of different kinds."""
    profile = (EMPTY in slots, sum(1 for card in slots if card >= 0),
               tuple([card_kinds[card] for card in slots[:2] if card >= 0]))
    _bounded(memo.hand_profiles)[slots] = profile
    return profile


class TradeRun:
    """The trades of one survivor with each other survivor in its zone, in turn, as
    ``survivor_commands`` lists them: each partner's made when first read."""

    __slots__ = ("state", "sid", "my_slots", "partners", "count")

    def __init__(self, state: ZombicideState, sid: str, my_slots: tuple[int, ...],
                 partners: list[tuple[str, tuple[int, ...], int]], count: int):
        self.state = state
        self.sid = sid
        self.my_slots = my_slots
        self.partners = partners  # (other survivor, their slots, how many trades between them)
        self.count = count

    def commands(self) -> tuple[Trade, ...]:
        trades = _memo_for(self.state).trades
        made: list[Trade] = []
        for other_id, their_slots, _count in self.partners:
            key = (self.sid, self.my_slots, other_id, their_slots)
            listed = trades.get(key)
            if listed is None:
                listed = _bounded(trades)[key] = _trades(self.state, *key)
            made.extend(listed)
        return tuple(made)

    def command(self, index: int) -> Trade:
        """``commands()[index]``, made alone unless that partner's trades were built before (a random
        play-out reads one trade of the dozens)."""
        if index < 0:
            raise IndexError("trade index out of range")
        for partner in self.partners:
            if index < partner[2]:
                break
            index -= partner[2]
        else:
            raise IndexError("trade index out of range")
        key = (self.sid, self.my_slots, partner[0], partner[1])
        listed = _memo_for(self.state).trades.get(key)
        if listed is not None:
            return listed[index]
        first_fit = _first_fit_for(self.state)
        if first_fit is _first_anywhere:
            return _trade_anywhere_at(self.state.card_kinds, *key, index)
        a, b = _trade_pairs(self.state.card_kinds, first_fit, *key)[index]
        return _swapped(*key, a, b)


def _trade_anywhere_at(card_kinds: tuple[str, ...], sid: str, my_slots: tuple[int, ...], other_id: str,
                       their_slots: tuple[int, ...], index: int) -> Trade:
    """``_trades_anywhere(...)[index]`` without making the others."""
    if index >= 0:
        for a, b in islice(_anywhere_pairs(card_kinds, my_slots, their_slots), index, None):
            return _swapped(sid, my_slots, other_id, their_slots, a, b)
    raise IndexError("trade index out of range")


def _gifts(card_kinds: tuple[str, ...], first_fit: "FirstFit", giver_slots: tuple[int, ...], receiver: str,
           receiver_slots: tuple[int, ...]) -> list[tuple[int, int]]:
    """(giver's slot, receiver's slot): each card given into the first free slot it fits."""
    if EMPTY not in receiver_slots:
        return []
    free = tuple([b for b, held in enumerate(receiver_slots) if held == EMPTY])
    gifts = []
    for a, card in enumerate(giver_slots):
        if card >= 0:
            into = first_fit(receiver, free, card_kinds[card])
            if into >= 0:
                gifts.append((a, into))
    return gifts


_SLOT = ((0,), (1,))  # one hand, as the slots a card may go to


def _first_anywhere(who: str, slots: tuple[int, ...], kind: str) -> int:
    return slots[0]


FirstFit = Callable[[str, tuple[int, ...], str], int]


class _FitRow(dict[str, int]):
    """Card kind → the first of some slots of one survivor where a card of that kind may go
    (``InventoryRules.fits``), -1 if none: each kind asked of the box once."""

    __slots__ = ("tables", "rules", "who", "slots")

    def __init__(self, tables: Tables, rules: InventoryRules, who: str, slots: tuple[int, ...]):
        super().__init__()
        self.tables, self.rules, self.who, self.slots = tables, rules, who, slots

    def __missing__(self, kind: str) -> int:
        equipment = self.tables.equipment[kind]
        found = self[kind] = next(
            (slot for slot in self.slots if self.rules.fits(self.tables, self.who, slot, equipment)), -1)
        return found


class _FitRows(dict[tuple[str, tuple[int, ...]], _FitRow]):
    """(survivor, slots) → its ``_FitRow``, made when first asked, for one tables and slot rules."""

    __slots__ = ("tables", "rules", "counts")

    def __init__(self, tables: Tables, rules: InventoryRules):
        super().__init__()
        self.tables, self.rules = tables, rules
        # (survivor, its ``_slot_profile``, other survivor, theirs) → how many trades: ``_profile_count``
        self.counts: dict[tuple[str, SlotProfile, str, SlotProfile], int] = {}

    def __missing__(self, key: tuple[str, tuple[int, ...]]) -> _FitRow:
        if len(self) > _MEMO_ENTRIES:
            self.clear()
        row = self[key] = _FitRow(self.tables, self.rules, *key)
        return row


# (tables, inventory rules) → the ``first_fit`` of ``_first_fit_for`` and the rows it reads (the answers
# depend on those alone: ``InventoryRules``); the entry holds both, so their ids stay theirs
_FITS: dict[tuple[int, int], tuple[Tables, object, FirstFit, _FitRows]] = {}
_LAST_FITS: tuple[Tables, object, FirstFit, _FitRows] = (None, None, _first_anywhere, None)  # type: ignore[assignment]


def _first_fit_for(state: ZombicideState) -> FirstFit:
    """``first_fit(survivor_id, slots, kind)``: the first of ``slots`` where a card of ``kind`` may go
    in that survivor's inventory (the box's ``InventoryRules.fits``), -1 if none."""
    rules = state.box.inventory
    if type(rules).fits is InventoryRules.fits:  # the core's: every card fits every slot
        return _first_anywhere
    return _fits_entry(state)[2]


def _fits_entry(state: ZombicideState) -> tuple[Tables, object, FirstFit, _FitRows]:
    global _LAST_FITS
    tables, rules = state.tables, state.box.inventory
    last = _LAST_FITS  # one game asks again and again
    if last[0] is tables and last[1] is rules:
        return last
    entry = _FITS.get((id(tables), id(rules)))
    if entry is None:
        if len(_FITS) >= _MEMO_GAMES:
            _FITS.clear()
        rows = _FitRows(tables, rules)

        def first_fit(who: str, slots: tuple[int, ...], kind: str) -> int:
            return rows[who, slots][kind]

        entry = _FITS[id(tables), id(rules)] = (tables, rules, first_fit, rows)
    _LAST_FITS = entry
    return entry


SlotProfile = tuple[tuple[int, ...], tuple[str, ...], tuple[tuple[int, str], ...]]


def _slot_profile(memo: _GameMemo, card_kinds: tuple[str, ...], slots: tuple[int, ...]) -> SlotProfile:
    """What trades under a box's slot rules are counted from, remembered per slots: the free slots,
    the kinds of the cards held (a box's own cards, below ``EMPTY``, are never traded), the hand cards'
    slots and kinds."""
    profile = (tuple([n for n, held in enumerate(slots) if held == EMPTY]),
               tuple([card_kinds[card] for card in slots if card >= 0]),
               tuple([(n, card_kinds[slots[n]]) for n in (0, 1) if slots[n] >= 0]))
    _bounded(memo.slot_profiles)[slots] = profile
    return profile


def _profile_count(rows: _FitRows, sid: str, mine: SlotProfile, other_id: str, theirs: SlotProfile) -> int:
    """``len(_trade_pairs(...))`` from the two sides' ``_slot_profile``s, without listing the trades:
    each card given into a free slot it fits, each taken, each two hand cards of different kinds
    swapped where each fits the other's hand; remembered in ``rows`` (they hold kinds, not cards:
    shared by the games of a box's tables)."""
    count = 0
    if theirs[0]:  # what I give
        row = rows[other_id, theirs[0]]
        for kind in mine[1]:
            if row[kind] >= 0:
                count += 1
    if mine[0]:  # what I take
        row = rows[sid, mine[0]]
        for kind in theirs[1]:
            if row[kind] >= 0:
                count += 1
    for a, mine_kind in mine[2]:  # hand cards of different kinds swapped
        for b, their_kind in theirs[2]:
            if their_kind != mine_kind and rows[sid, _SLOT[a]][their_kind] >= 0 and rows[other_id, _SLOT[b]][
                    mine_kind] >= 0:
                count += 1
    if len(rows.counts) > _MEMO_ENTRIES * 4:
        rows.counts.clear()
    rows.counts[sid, mine, other_id, theirs] = count
    return count


def _count_pairs(card_kinds: tuple[str, ...], rows: _FitRows, sid: str, my_slots: tuple[int, ...],
                 other_id: str, their_slots: tuple[int, ...]) -> int:
    """``len(_trade_pairs(...))`` without listing them (``_profile_count`` of the two sides)."""
    memo = _GameMemo(rows.tables)
    return _profile_count(rows, sid, _slot_profile(memo, card_kinds, my_slots), other_id,
                          _slot_profile(memo, card_kinds, their_slots))


def _steps(graph: ZoneGraph, doors_open: tuple[bool, ...], sid: str, zone: int,
           budget: int | None = None) -> tuple[Move, ...]:
    """The one-zone Moves from ``zone`` (``_paths`` with a reach of 1), remembered per board: zombies
    never stop a single step, so they depend on the doors only. Given ``budget``, only the steps whose
    extra cost (``step_costs``: a board's dearer crossings) fits that many actions."""
    key = ("steps", sid, zone, doors_open, budget)
    moves: tuple[Move, ...] | None = graph.memo.get(key)  # type: ignore[assignment]
    if moves is None:
        if len(graph.memo) > _MEMO_ENTRIES:
            graph.memo.clear()
        reached = [z for z in dict.fromkeys(graph.neighbours(zone, doors_open))
                   if z != zone and (budget is None or graph.step_extra(zone, z) <= budget)]
        moves = graph.memo[key] = tuple(Move(sid, graph.zone_ids[z], ()) for z in reached)
    return moves


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


def _door_commands(state: ZombicideState, i: int, zone: int) -> list[Any]:
    """Doors anyone works (``DoorRules.anyone``): open the closed ones next to the survivor, close
    the open ones, as the box's rules allow now."""
    s = state.survivors[i]
    rules = state.box.doors
    found: list[Any] = []
    graph = state.graph
    for _other, e in graph.adjacent[zone]:
        edge = graph.edges[e]
        if edge.door < 0:
            continue
        closing = state.doors_open[edge.door]
        if not closing and not _door_unlocked(state, edge.color):
            continue
        if not rules.free and not (s.actions_left > 0 or (not closing and _can_spend(s, "door"))):
            continue
        if rules.usable is not None and rules.usable(state, i, edge.door, closing):
            continue
        found.append((CloseDoor if closing else OpenDoor)(s.id, edge.connection_id))
    return found


def _door_unlocked(state: ZombicideState, colour: str) -> bool:
    key = state.setup.door_keys.get(colour)
    return key is None or key in state.unlocked_colours
