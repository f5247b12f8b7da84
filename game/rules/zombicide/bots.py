"""Bots for Zombicide: a random-legal one and a simple greedy one, and ``play_out`` to the end.

Bots draw their own choices from a seeded ``random.Random`` (``.random()`` only), separate from
the game's dice, so the same seeds always give the same game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from random import Random
from typing import Any

from game.board.model import Board
from game.rules.core.frozen import record
from game.rules.zombicide import engine
from game.rules.zombicide.catalog import Catalog
from game.rules.zombicide.commands import (
    Attack,
    ChooseOption,
    EndTurn,
    Escape,
    Move,
    OpenDoor,
    Rearrange,
    Search,
    TakeObjective,
    Trade,
)
from game.rules.zombicide.graph import UNREACHABLE
from game.rules.zombicide.planner_decisions import decide as _decide
from game.rules.zombicide.planner_decisions import hit_chance as _hit_chance
from game.rules.zombicide.state import EMPTY, ZombicideState, searchable_now

Bot = Callable[[ZombicideState, str, Sequence[Any], Random], Any]


def _pick(items: Sequence[Any], rng: Random) -> Any:
    return items[int(rng.random() * len(items))]


def random_bot(state: ZombicideState, seat: str, commands: Sequence[Any], rng: Random) -> Any:
    """Any legal command, uniformly."""
    return commands[int(rng.random() * len(commands))]  # ``_pick``, read in place: one call fewer a command


def greedy_bot(state: ZombicideState, seat: str, commands: Sequence[Any], rng: Random) -> Any:
    """Take objectives and escapes, attack zombies, keep found weapons, head for objectives and
    exits, open doors and search; otherwise end the turn."""
    if state.pending is not None:
        return _choose(state)
    best: list[Any] = []
    best_score = -1e9
    for command in commands:
        score = _score(state, command)
        if score > best_score:
            best, best_score = [command], score
        elif score == best_score:
            best.append(command)
    return _pick(best, rng)


def _choose(state: ZombicideState) -> ChooseOption:
    pending = state.pending
    assert pending is not None
    if pending.kind == "keep_card":
        # keep into an empty slot if any, else discard
        for n, label in enumerate(pending.options):
            if n and "instead of" not in label:
                return ChooseOption(n)
        return ChooseOption(0)
    return ChooseOption(0)


def _score(state: ZombicideState, command: Any) -> float:
    graph = state.graph
    if isinstance(command, (TakeObjective, Escape)):
        return 100
    if isinstance(command, Attack):
        target = graph.index[command.zone]
        shooter = state.survivors[state.survivor_index(command.survivor)]
        weapon = state.tables.equipment[state.card_kinds[shooter.slots[command.slot]]]
        others_there = any(s.in_play and s.zone == target and s.id != shooter.id for s in state.survivors)
        if weapon.attack != "melee" and others_there and "steady_hand" not in shooter.skills:
            return -50  # friendly fire
        return 50 + state.zombies_in(target)
    if isinstance(command, Search):
        return 30
    if isinstance(command, Rearrange):
        return 5
    if isinstance(command, Trade):
        return -10
    if isinstance(command, OpenDoor):
        return 8
    if isinstance(command, Move):
        s = state.survivors[state.survivor_index(command.survivor)]
        to = graph.index[command.to]
        goals = [p.zone for n, p in enumerate(graph.objectives) if not state.objectives_taken[n]]
        if not goals:
            goals = list(graph.exits)
        danger = 6 * state.zombies_in(to)
        if not goals:
            return 1 - 5 * danger
        dist = graph.distances(state.doors_open)
        before = min(dist[s.zone][g] for g in goals)
        after = min(dist[to][g] for g in goals)
        if before >= UNREACHABLE:
            return 1 - 5 * danger
        return 10 * (before - after) - 5 * danger
    if isinstance(command, EndTurn):
        return 0
    return -1


def whose_turn(state: ZombicideState) -> tuple[str, Sequence[Any]] | None:
    """The seat that plays now and its legal commands; None when nobody can play."""
    if state.result is not None:  # ``engine.current_seats``, which names one seat at most, read in place
        return None
    pending = state.pending
    seat = pending.seat if pending is not None else state.current_seat
    if seat is None:
        return None
    legal = engine.listed_commands(state, seat)  # its trades built only when a bot reads them
    return (seat, legal) if legal else None


@dataclass
class PlayOutStats:
    result: str | None  # "won", "lost", or None when the round limit stopped the game
    rounds: int
    commands: int
    zombies_killed: int
    survivors_left: int
    events: int
    final_state: ZombicideState | None = None
    log: list[tuple[str, Any]] = field(default_factory=list)

    @property
    def final_hash(self) -> str:
        """The final state's digest, worked out when read: most play-outs never ask for it."""
        from game.rules.core.session import state_hash

        return state_hash(self.final_state) if self.final_state is not None else ""


def play_out(
    board: Board,
    setup: Any,
    seed: int,
    bot: Bot = random_bot,
    *,
    bot_seed: int | None = None,
    max_rounds: int = 60,
    max_commands: int = 20000,
    catalog: Catalog | None = None,
    keep_log: bool = False,
) -> PlayOutStats:
    """Play a whole game with ``bot`` on every seat; returns the outcome and a few figures."""
    state = engine.setup(board, setup, seed, catalog=catalog)
    rng = Random(seed if bot_seed is None else bot_seed)
    commands = events = 0
    log: list[tuple[str, Any]] = []
    while state.result is None and state.round <= max_rounds and commands < max_commands:
        turn = whose_turn(state)
        if turn is None:
            break
        seat, legal = turn
        command = bot(state, seat, legal, rng)
        state, new_events = engine.apply(state, seat, command)
        commands += 1
        events += len(new_events)
        if keep_log:
            log.append((seat, command))
    return PlayOutStats(
        result=state.result,
        rounds=state.round,
        commands=commands,
        zombies_killed=state.kills,
        survivors_left=sum(1 for s in state.survivors if s.in_play),
        events=events,
        final_state=state,
        log=log,
    )


# --- the planner -------------------------------------------------------------------------------
#
# A goal-directed bot. Each call it works out where the team is heading (the mission's objectives,
# then its exit), then plays the first tactic that applies to one survivor: fight what stands in
# its zone, take the objective, escape, shoot what comes near, arm itself, walk on (opening doors)
# while staying with the team, search, or wait. It never looks ahead through the engine, so it never
# sees dice or cards to come.

DOOR_COST = 3  # a closed door on a route: the action to open it and the building it may wake
ZOMBIE_COST = 2  # per zombie standing in a zone on a route
HIDDEN_COST = 6  # a zone nobody has looked into may hide zombies
CLOSE_IN_SPARE = 0  # actions kept back before stepping into zombies to fight
CLOSE_IN_RISK = 0.0  # zombies a melee survivor accepts to leave standing beside it
NEAR_WEIGHT = 0.5  # zombies next door reach the zone at the end of the round but attack only the next one
LEASH = 4  # how far (in route cost) a survivor may walk ahead of the team's rearmost member
ESCORT_LEASH = 2  # on the way out, how far ahead of the rearmost (whoever took the last objective, often)
ESCORT_WAIT = 3  # a survivor on the exit waits while a friend is farther than this from it
ESCORT_PATH = 4  # the zones of the rearmost's way out the others keep clear
STORM_REACH = 2  # zones from the exit every survivor stands before the team walks into the zombies in it


@record
class Route:
    """Where the team is heading: every zone's route cost to ``target`` (closed doors the team can
    open and zombies on the way make a route dearer), and the survivors it waits for."""

    targets: tuple[int, ...]
    cost: tuple[int, ...]
    step: tuple[int, ...]  # zone → the next zone on its cheapest route, -1 when none
    can_open: bool


def planner_bot(state: ZombicideState, seat: str, commands: Sequence[Any], rng: Random) -> Any:
    """Goal-directed play: objectives first, then the exit; fights before it walks; keeps the team
    together. ``rng`` only breaks exact ties, so the play is deterministic for a seed."""
    if state.pending is not None:
        return _decide(state, commands)
    route = _route(state)
    waiting = None
    for actor in _actors(state, commands, route):
        mine = [c for c in commands if getattr(c, "survivor", None) == state.survivors[actor].id]
        command = next((c for tactic in _tactics(state.box) if (c := tactic(state, actor, mine, route)) is not None),
                       None)
        if command is not None and not isinstance(command, EndTurn):
            return command
        # a survivor with nothing to do lets the others of its seat act first: the group may move on,
        # and then it follows them instead of staying behind alone
        waiting = waiting or command or next((c for c in mine if isinstance(c, EndTurn)), None)
    return waiting or commands[0]


# --- where to go --------------------------------------------------------------------------------


def _team(state: ZombicideState) -> list[int]:
    return [i for i, s in enumerate(state.survivors) if s.in_play]


def _team_opens_doors(state: ZombicideState) -> bool:
    for i in _team(state):
        s = state.survivors[i]
        if "break_in" in s.skills or any(_opens_doors(_equipment(state, c)) for c in s.cards()):
            return True
    return False


def _opens_doors(equipment: Any) -> bool:
    """A card that opens doors: beside them, or (a box's spell) at range."""
    return bool(equipment.opens_doors or getattr(equipment, "opens_doors_at_range", False))


def _door_unlocked(state: ZombicideState, colour: str) -> bool:
    key = state.setup.door_keys.get(colour)
    return key is None or key in state.unlocked_colours


def _costs_from(state: ZombicideState, targets: Sequence[int], can_open: bool) -> tuple[list[int], list[int]]:
    """Cheapest route cost from every zone to the nearest target, and each zone's next step."""
    import heapq

    graph = state.graph
    zone_cost = state.box.bot.zone_cost
    cost = [UNREACHABLE] * graph.zone_count
    step = [-1] * graph.zone_count
    heap: list[tuple[int, int]] = []
    for t in targets:
        cost[t] = 0
        heap.append((0, t))
    heapq.heapify(heap)
    blocked = state.box.bot.blocked
    while heap:
        here_cost, here = heapq.heappop(heap)
        if here_cost > cost[here]:
            continue
        for there, e in graph.adjacent[here]:
            edge = graph.edges[e]
            if not edge.walkable or graph.blocked[there] or (blocked is not None and blocked(state, there)):
                continue
            price = 1 + ZOMBIE_COST * state.zombies_in(here) + (HIDDEN_COST if _hides_zombies(state, here) else 0)
            if zone_cost is not None:
                price += zone_cost(state, here)
            if edge.door >= 0 and not state.doors_open[edge.door]:
                if not (can_open and _door_unlocked(state, edge.color)):
                    continue
                price += DOOR_COST
            if here_cost + price < cost[there]:
                cost[there] = here_cost + price
                step[there] = here
                heapq.heappush(heap, (cost[there], there))
    return cost, step


def _hides_zombies(state: ZombicideState, zone: int) -> bool:
    """A zone whose zombies show only when a survivor walks in (the box's word)."""
    return state.box.hides_zombies(state, zone)


def _targets(state: ZombicideState) -> list[list[int]]:
    """Candidate goals, best first: each a set of zones the team may head for (the box may change them)."""
    core = _core_targets(state)
    box_targets = state.box.bot.targets
    return core if box_targets is None else box_targets(state, core)


def _core_targets(state: ZombicideState) -> list[list[int]]:
    graph = state.graph
    goals = state.setup.goals
    open_objectives = [p.zone for n, p in enumerate(graph.objectives) if not state.objectives_taken[n]]
    leaving = "all_in_exit" in goals or "escape_all" in goals
    exits = [list(graph.exits)] if graph.exits and leaving else []
    if "take_all_objectives" in goals and open_objectives:
        quiet = [z for n, z in _open_objectives(state) if not _wakes_spawn(state, n)]
        return [[z] for z in (quiet or open_objectives)]
    if exits:  # objectives may still unlock the way out
        return exits + [[z] for z in open_objectives]
    return [[z] for z in open_objectives] or ([list(graph.exits)] if graph.exits else [[graph.starts[0]]])


def _open_objectives(state: ZombicideState) -> list[tuple[int, int]]:
    """(objective index, zone) of the objectives still on the board."""
    return [(n, p.zone) for n, p in enumerate(state.graph.objectives) if not state.objectives_taken[n]]


def _wakes_spawn(state: ZombicideState, n: int) -> bool:
    """Whether taking objective ``n`` wakes a coloured spawn zone: such objectives come last, unless
    their colour also opens a door the team needs (then the route still leads there first)."""
    colour = state.graph.objectives[n].color
    if not colour or colour == "red" or colour in state.unlocked_colours:
        return False
    if colour in state.setup.door_keys.values():
        return False
    return any(p.color == colour for p in state.graph.spawns)


def _route(state: ZombicideState) -> Route:
    """The team's goal: the first candidate whose zones the whole team can reach, the nearest
    objective chosen by plain walking distance (so the choice holds while zombies come and go)."""
    zones = [state.survivors[i].zone for i in _team(state)] or [state.graph.starts[0]]
    can_open = _team_opens_doors(state)
    candidates = _targets(state)
    exits = list(state.graph.exits)
    reachable: list[tuple[int, list[int], list[int], list[int]]] = []
    for n, targets in enumerate(candidates):
        cost, step = _costs_from(state, targets, can_open)
        if max(cost[z] for z in zones) >= UNREACHABLE:
            continue
        if exits and targets == exits and n == 0:
            return Route(tuple(targets), tuple(cost), tuple(step), can_open)  # the way out is open
        plain = _plain_distance(state, targets, can_open)
        reachable.append((sum(plain[z] for z in zones) + max(plain[z] for z in zones), targets, cost, step))
    if not reachable:
        rooms = [] if can_open else _rooms_to_search(state, zones)
        if rooms:  # a goal behind a door nobody can open: search for something that opens it
            cost, step = _costs_from(state, rooms, can_open)
            return Route(tuple(rooms), tuple(cost), tuple(step), can_open)
        cost, step = _costs_from(state, exits or zones, can_open)
        return Route(tuple(exits), tuple(cost), tuple(step), can_open)
    _, targets, cost, step = min(reachable, key=lambda r: (r[0], r[1]))
    return Route(tuple(targets), tuple(cost), tuple(step), can_open)


def _rooms_to_search(state: ZombicideState, zones: Sequence[int]) -> list[int]:
    """Quiet zones the whole team reaches and may search, while the deck still holds cards."""
    if not (state.equipment_deck or state.equipment_discard):
        return []
    dist = state.graph.distances(state.doors_open)
    return [z for z in range(state.graph.zone_count)
            if searchable_now(state, z) and not state.zombies_in(z) and not _hides_zombies(state, z)
            and all(dist[t][z] < UNREACHABLE for t in zones)]


def _plain_distance(state: ZombicideState, targets: Sequence[int], can_open: bool) -> list[int]:
    """Walking steps to the nearest target, closed doors the team can open counting one step more."""
    graph = state.graph
    dist = [UNREACHABLE] * graph.zone_count
    frontier = list(targets)
    for t in targets:
        dist[t] = 0
    blocked = state.box.bot.blocked
    while frontier:
        following = []
        for here in frontier:
            for there, e in graph.adjacent[here]:
                edge = graph.edges[e]
                if not edge.walkable or graph.blocked[there] or dist[there] <= dist[here] + 1:
                    continue
                if blocked is not None and blocked(state, there):
                    continue
                if edge.door >= 0 and not state.doors_open[edge.door] and not (
                    can_open and _door_unlocked(state, edge.color)
                ):
                    continue
                dist[there] = dist[here] + 1
                following.append(there)
        frontier = following
    return dist


def _actors(state: ZombicideState, commands: Sequence[Any], route: Route) -> list[int]:
    """The survivors who may play now, in the order they are asked: the one already acting alone,
    else those with zombies on them, then the team's rearmost, so the front waits for the back."""
    if state.active >= 0:
        return [state.active]
    named = {getattr(c, "survivor", None) for c in commands}
    ready = [i for i, s in enumerate(state.survivors) if s.id in named]

    def urgency(i: int) -> tuple[int, int, int]:
        s = state.survivors[i]
        return (-state.zombies_in(s.zone), -min(route.cost[s.zone], UNREACHABLE), i)

    return sorted(ready, key=urgency)


# --- weapons and fights -------------------------------------------------------------------------


def _equipment(state: ZombicideState, card: int) -> Any:
    return state.tables.equipment[state.card_kinds[card]]


def _weapon_power(state: ZombicideState, s: Any, slot: int, slots: tuple[int, ...] | None = None) -> float:
    """Expected hits of one attack action with the weapon in ``slot`` (its Dual twin joining in), the
    survivor holding ``slots`` (its own by default)."""
    slots = s.slots if slots is None else slots
    card = slots[slot]
    if card < 0:
        return 0.0
    weapon = _equipment(state, card)
    if weapon.attack is None or weapon.kills_everything:
        return 0.0
    from game.rules.zombicide import skills as sk

    dice = weapon.dice + sk.dice_bonus(s.skills, weapon.attack)
    hits = dice * _hit_chance(weapon.accuracy, sk.roll_bonus(s.skills, weapon.attack))
    other = slots[1 - slot] if slot in (0, 1) else EMPTY
    if other >= 0 and state.card_kinds[other] == weapon.id and weapon.dual:
        hits *= 2
    if weapon.damage >= 2:
        hits *= 1.2
    return hits


def _power_in_crowd(state: ZombicideState, s: Any, crowded: bool) -> float:
    """Expected hits per action on zombies in the survivor's own zone: a gun fired into a zone
    shared with friends hits them first, so it does not count there."""
    best = 0.0
    for slot in (0, 1):
        card = s.slots[slot]
        if card < 0:
            continue
        weapon = _equipment(state, card)
        if weapon.attack != "melee" and (weapon.range_min > 0 or (crowded and "steady_hand" not in s.skills)):
            continue
        best = max(best, _weapon_power(state, s, slot))
    return best


def _killable(state: ZombicideState, zone: int, damage: int) -> int:
    counts = state.zombies[zone]
    return sum(n for t, n in enumerate(counts) if state.tables.damage_to_kill[t] <= damage)


def _shot_value(state: ZombicideState, i: int, attack: Attack) -> float:
    """Expected kills of an attack, or a negative value for one that would hurt the team."""
    from game.rules.zombicide import skills as sk

    s = state.survivors[i]
    target = state.graph.index[attack.zone]
    weapon = _equipment(state, s.slots[attack.slot])
    friends_there = any(o.in_play and o.zone == target and o.id != s.id for o in state.survivors)
    if weapon.kills_everything:
        keep = state.box.bot.keep_kill_all
        if friends_there or target == s.zone or (keep is not None and keep(state, target)):
            return -1.0
        return float(state.zombies_in(target)) - 1.5  # a Molotov is worth keeping for a crowd
    if weapon.attack != "melee" and friends_there and "steady_hand" not in s.skills:
        return -1.0
    damage = sk.damage_for(s.skills, weapon.attack, weapon.id, weapon.damage)
    killable = _killable(state, target, damage)
    if weapon.attack != "melee" and killable < state.zombies_in(target):
        # hits fall by targeting rank: a tough zombie in front soaks them
        front = min(state.tables.rank[t] for t, n in enumerate(state.zombies[target]) if n)
        if any(n and state.tables.rank[t] == front and state.tables.damage_to_kill[t] > damage
               for t, n in enumerate(state.zombies[target])):
            return 0.0
    return min(float(killable), _weapon_power(state, s, attack.slot))


def _best_attack(state: ZombicideState, i: int, commands: Sequence[Any], zones: set[int]) -> Any:
    best, best_value = None, 0.05
    for command in commands:
        if not isinstance(command, Attack) or command.rival or command.second_zone or command.single:
            continue
        if state.graph.index[command.zone] not in zones:
            continue
        value = _shot_value(state, i, command)
        if value > best_value:
            best, best_value = command, value
    return best


# --- tactics: each returns a command, or None to let the next one decide ------------------------


def _free_help(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    """Free actions worth taking at once: heal a wounded friend, combine cards."""
    from game.rules.zombicide.commands import Combine, Heal

    for command in commands:
        if isinstance(command, Heal):
            return command
    for command in commands:
        if isinstance(command, Combine):
            return command
    return None


def _fight_here(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    """Zombies in the survivor's own zone attack at the end of the round: kill them first."""
    s = state.survivors[i]
    if not state.zombies_in(s.zone):
        return None
    return _best_attack(state, i, commands, {s.zone})


def _take_objective(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    return next((c for c in commands if isinstance(c, TakeObjective)), None)


def _escape(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    if "take_all_objectives" in state.setup.goals and not all(state.objectives_taken):
        return None
    escape = next((c for c in commands if isinstance(c, Escape)), None)
    if escape is None or not _escorted(state, route):
        return escape
    # the escort: a survivor on the exit stays while a friend is still on the way and its zone is safe
    rear = _rearmost(state, route)
    if rear is not None and rear != i and route.cost[state.survivors[rear].zone] > ESCORT_WAIT \
            and _margin(state, i, state.survivors[i].zone) >= 0:
        return None
    return escape


def _shoot_near(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    """Zombies a zone or two from the team come next round: thin them out from afar."""
    graph = state.graph
    near: set[int] = set()
    for j in _team(state):
        here = state.survivors[j].zone
        near.add(here)
        for a in graph.neighbours(here, state.doors_open):
            near.add(a)
            near.update(graph.neighbours(a, state.doors_open))
    return _best_attack(state, i, commands, near)


def _arm(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    """Bring the best weapons to the hands, leaving there what the box keeps in hand."""
    s = state.survivors[i]
    now = max(_weapon_power(state, s, 0), _weapon_power(state, s, 1))
    best, best_power = None, now + 0.1
    kept_in_hand = state.box.bot.kept_in_hand
    kept = set(kept_in_hand(state, i)) if kept_in_hand is not None else set()
    for command in commands:
        if isinstance(command, Rearrange) and kept <= set(command.slots[:2]):
            after = replace(s, slots=command.slots)
            power = max(_weapon_power(state, after, 0), _weapon_power(state, after, 1))
            if power > best_power:
                best, best_power = command, power
    return best


def _hand_power(state: ZombicideState, s: Any, slots: tuple[int, ...]) -> float:
    """What a survivor's hands are worth to the team: the first weapon counts most (an unarmed
    survivor can neither fight nor cover a friend), more power a little less."""
    power = max(_weapon_power(state, s, 0, slots), _weapon_power(state, s, 1, slots))
    return min(power, 0.5) * 3 + power


def _share(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    """Hand a spare weapon to a friend in the zone whose hands are weaker, when the zone is quiet."""
    s = state.survivors[i]
    if state.zombies_in(s.zone):
        return None
    best, best_gain = None, 0.4
    known: dict[tuple[str, tuple[int, ...]], float] = {}  # many trades leave one side's hands as they are

    def worth(who: Any, slots: tuple[int, ...]) -> float:
        key = (who.id, slots[:2])
        if key not in known:
            known[key] = _hand_power(state, who, slots)
        return known[key]

    for command in commands:
        if not isinstance(command, Trade):
            continue
        other = state.survivors[state.survivor_index(command.other)]
        gain = (worth(s, command.slots) + worth(other, command.other_slots)
                - worth(s, s.slots) - worth(other, other.slots))
        if gain > best_gain:
            best, best_gain = command, gain
    return best


def _search(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    return next((c for c in commands if isinstance(c, Search)), None)


def _search_on_the_way(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    """A wound costs a card, so a survivor passing through a quiet room fills its empty slots
    before it walks on: every card carried is a wound it survives with its weapon."""
    s = state.survivors[i]
    if EMPTY not in s.slots or _margin(state, i, s.zone) < 0 or _final_leg(state, route):
        return None
    return _search(state, i, commands, route)


SEARCH_DETOUR = 0  # route cost a survivor gives up to step into a room it can search (2 lost more games)


def _step_in_to_search(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    """A survivor with a free slot and actions for a step and a search walks on through a quiet
    searchable zone rather than the street beside it, when that costs the route nothing more: the
    weapons and armour found there are what the rest of the mission is fought with."""
    s = state.survivors[i]
    if s.searched or s.actions_left < 2 or EMPTY not in s.slots or state.zombies_in(s.zone):
        return None
    if not (state.equipment_deck or state.equipment_discard) or _final_leg(state, route):
        return None
    graph = state.graph
    here = route.cost[s.zone]
    best, best_cost = None, UNREACHABLE
    for command in commands:
        if not isinstance(command, Move) or command.charge or command.via:
            continue
        to = graph.index[command.to]
        cost = route.cost[to]
        if state.zombies_in(to) or not searchable_now(state, to) or _hides_zombies(state, to):
            continue
        if cost >= UNREACHABLE or cost > here + SEARCH_DETOUR or _ahead_too_far(state, route, i, cost):
            continue
        if _margin(state, i, to) < 0 or cost >= best_cost:
            continue
        best, best_cost = command, cost
    return best


def _advance(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    """Walk (or open the door) along the route, never into zombies nor far ahead of the team."""
    graph = state.graph
    s = state.survivors[i]
    here = route.cost[s.zone]
    if here == 0 or here >= UNREACHABLE:
        return None
    best, best_cost = None, here
    blocked = state.box.bot.blocked
    storm = _storm_the_exit(state, route)
    for command in commands:
        if not isinstance(command, Move) or command.charge:
            continue
        to = graph.index[command.to]
        if route.cost[to] >= best_cost or _ahead_too_far(state, route, i, route.cost[to]):
            continue
        if state.zombies_in(to) and not (storm and to in route.targets):
            continue
        if blocked is not None and any(blocked(state, graph.index[v]) for v in command.via):
            continue  # the route goes round what the box blocks, so does every step of a long move
        hidden = any(_hides_zombies(state, z) for z in (to, *(graph.index[v] for v in command.via)))
        if hidden and to not in route.targets and (command.via or not _on_the_way(route, s.zone, to) or not _team_gathered(state, i)):
            continue  # a hidden zone is entered only when the way leads through it, with the team at hand
        if _margin(state, i, to) < min(0.0, _margin(state, i, s.zone)):
            continue
        best, best_cost = command, route.cost[to]
    if best is not None:
        return best
    nxt = route.step[s.zone]
    for command in commands:
        if isinstance(command, OpenDoor) and nxt >= 0:
            edge = graph.edges[graph.edge_by_id[command.door]]
            if edge.other(s.zone) == nxt and _team_gathered(state, i):
                return command
    return None


def _escorted(state: ZombicideState, route: Route) -> bool:
    """Whether the team is on its final leg and walks out with its rearmost (the box's word: where
    a death loses the mission; where only the living count, waiting for the last only feeds the zombies)."""
    escort = state.box.bot.escort
    return _final_leg(state, route) and (escort is None or escort(state))


def _storm_the_exit(state: ZombicideState, route: Route) -> bool:
    """Whether the survivors walk into the exit through the zombies standing in it: on the final leg of
    a mission won by whoever still stands there at an End Phase, where a death does not lose it (each
    runs for the exit, unescorted), once the whole team is a step or two from it: waiting beside it only
    lets the zombies that gather there grow, but one survivor alone in it is eaten before the rest come."""
    if "all_in_exit" not in state.setup.goals or not _final_leg(state, route) or _escorted(state, route):
        return False
    dist = state.graph.distances(state.doors_open)
    return all(min(dist[state.survivors[j].zone][e] for e in route.targets) <= STORM_REACH for j in _team(state))


def _final_leg(state: ZombicideState, route: Route) -> bool:
    """Whether the team is on its way out: every objective the mission wants is taken and the route
    leads to the exit. Then each survivor runs for it; waiting for the rearmost only feeds the zombies."""
    if not route.targets or set(route.targets) != set(state.graph.exits):
        return False
    return "take_all_objectives" not in state.setup.goals or all(state.objectives_taken)


def _on_the_way(route: Route, here: int, to: int) -> bool:
    """Whether ``to`` is as good a next step as the route's own."""
    step = route.step[here]
    return step >= 0 and route.cost[to] <= route.cost[step]


def _ahead_too_far(state: ZombicideState, route: Route, i: int, cost_after: int) -> bool:
    """Whether the survivor would end more than LEASH ahead of a team-mate (on the final leg,
    ESCORT_LEASH ahead of the rearmost when escorted, else never: each runs for the exit)."""
    if _final_leg(state, route):
        if not _escorted(state, route):
            return False
        rear = _rearmost(state, route)
        return rear is not None and rear != i and route.cost[state.survivors[rear].zone] > cost_after + ESCORT_LEASH
    for j in _team(state):
        other = state.survivors[j]
        if j != i and UNREACHABLE > route.cost[other.zone] > cost_after + LEASH:
            return True
    return False


def _rearmost(state: ZombicideState, route: Route) -> int | None:
    """The survivor farthest from the route's end (ties: the first), None when nobody can reach it."""
    best, best_cost = None, -1
    for j in _team(state):
        cost = route.cost[state.survivors[j].zone]
        if best_cost < cost < UNREACHABLE:
            best, best_cost = j, cost
    return best


def _clear_the_way(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    """On the final leg, the others shoot the zombies on the rearmost survivor's way out (its zone
    and the next zones of its route), so whoever comes last walks out too."""
    if not _escorted(state, route):
        return None
    rear = _rearmost(state, route)
    if rear is None or rear == i:
        return None
    zone = state.survivors[rear].zone
    path: set[int] = set()
    for _ in range(ESCORT_PATH):
        if zone < 0 or zone in path:
            break
        path.add(zone)
        zone = route.step[zone]
    return _best_attack(state, i, commands, path)


def _team_gathered(state: ZombicideState, i: int) -> bool:
    """Everyone within a step of the survivor about to open a door."""
    zone = state.survivors[i].zone
    dist = state.graph.distances(state.doors_open)
    return all(dist[state.survivors[k].zone][zone] <= 1 for k in _team(state))


def _margin(state: ZombicideState, i: int, zone: int, joining: Sequence[int] = ()) -> float:
    """How well the survivors who would stand in ``zone`` (``i`` and ``joining`` among them) face the
    zombies in it and next to it: a round of their attacks plus the wounds they can take, minus the zombies."""
    graph = state.graph
    defence = 0.0
    there = [state.survivors[j] for j in _team(state) if state.survivors[j].zone == zone or j == i or j in joining]
    if state.box.bot.attack_wounds is not None:
        return _margin_in_wounds(state, there, zone)
    for o in there:
        defence += _attacks_left(o) * _power_in_crowd(state, o, len(there) > 1) + _wounds_left(state, o)
    near = sum(state.zombies_in(n) for n in graph.neighbours(zone, state.doors_open))
    return defence - state.zombies_in(zone) - NEAR_WEIGHT * near


def _attacks_left(s: Any) -> int:
    """The attacks a survivor can still make before the zombies' phase: none once its turn is over (a
    friend who has played stands in the zone but no longer fights for it), at most a round's three."""
    return min(3, s.actions_left)


LETHAL = 10.0  # a zombie left standing whose one attack kills whoever takes it


def _harm(state: ZombicideState, t: int) -> float:
    """The Wounds a zombie of kind ``t`` deals in one zombie phase (the box counts one attack's)."""
    wounds = state.box.bot.attack_wounds
    return float((wounds(state, t) if wounds is not None else 1) * state.tables.catalog.zombies[t].actions)


def _margin_in_wounds(state: ZombicideState, there: Sequence[Any], zone: int) -> float:
    """``_margin`` when the box counts zombies' attacks in Wounds: each survivor's attacks left take
    away only the zombies its own best hit can kill (a Fatty stands through any number of a dagger's
    hits), the most harmful first, those whose single attack would kill whoever takes it before all;
    what is left deals its Wounds."""
    wounds = state.box.bot.attack_wounds
    assert wounds is not None
    most = max((_wounds_left(state, o) for o in there), default=0)
    crowded = len(there) > 1
    fighters = sorted(((_hand_damage(state, o), _attacks_left(o) * _power_in_crowd(state, o, crowded))
                       for o in there if _attacks_left(o)), reverse=True)
    # (lethal, Wounds of its attacks, Damage to kill it, how many): the worst first
    standing = sorted(([wounds(state, t) > most, _harm(state, t), state.tables.damage_to_kill[t], float(n)]
                       for t, n in enumerate(state.zombies[zone]) if n), reverse=True)
    for damage, hits in fighters:
        for row in standing:
            if hits <= 0:
                break
            if row[2] <= damage and row[3] > 0:
                killed = min(hits, row[3])
                row[3] -= killed
                hits -= killed
    left = sum(h * n for _, h, _, n in standing)
    lethal_left = sum(1 for lethal, _, _, n in standing if lethal and n > 0.5)
    near = sum(n * _harm(state, t) for a in state.graph.neighbours(zone, state.doors_open)
               for t, n in enumerate(state.zombies[a]) if n)
    margin = sum(_wounds_left(state, o) for o in there) - left - NEAR_WEIGHT * near
    return margin - LETHAL * lethal_left


def _hand_damage(state: ZombicideState, s: Any) -> int:
    """The best Damage the survivor deals in its own zone (a melee weapon, or one that shoots at Range 0)."""
    from game.rules.zombicide import skills as sk

    best = 0
    for slot in (0, 1):
        card = s.slots[slot]
        if card < 0:
            continue
        weapon = _equipment(state, card)
        if weapon.attack is None or weapon.kills_everything or (weapon.attack != "melee" and weapon.range_min > 0):
            continue
        best = max(best, sk.damage_for(s.skills, weapon.attack, weapon.id, weapon.damage))
    return best


def _wounds_left(state: ZombicideState, s: Any) -> int:
    """The Wounds a survivor may still take and stay in play (the box's limit less one, less its wounds)."""
    return max(0, state.box.wounds.limit(state, state.survivor_index(s.id)) - 1 - s.wounds)


def _regroup(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    """A survivor who cannot face what is coming steps to a safer zone, best with the team."""
    graph = state.graph
    s = state.survivors[i]
    now = _margin(state, i, s.zone)
    if now >= 0:
        return None
    group = _who_can_follow(state, i)
    best, best_margin = None, now + 0.5
    for command in commands:
        if not isinstance(command, Move) or command.charge:
            continue
        to = graph.index[command.to]
        if state.zombies_in(to) or any(_hides_zombies(state, z) for z in (to, *(graph.index[v] for v in command.via))):
            continue
        if _final_leg(state, route) and route.cost[to] > route.cost[s.zone]:
            continue  # on the way out, never back
        margin = max(_margin(state, i, to), _margin(state, i, to, group))
        if margin > best_margin:
            best, best_margin = command, margin
    return best


def _who_can_follow(state: ZombicideState, i: int) -> list[int]:
    """Friends in the survivor's zone still able to walk out of it this turn: a group steps out
    together, so the first to leave weighs the zone it goes to with them there."""
    s = state.survivors[i]
    leave = 1 + state.zombies_in(s.zone)
    return [j for j in _team(state) if j != i and state.survivors[j].zone == s.zone
            and not state.survivors[j].done and state.survivors[j].actions_left >= leave]


def _close_in(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    """With actions to spare and a melee weapon, step into a small group of zombies next door and
    cut it down before it reaches the team."""
    graph = state.graph
    s = state.survivors[i]
    if s.actions_left < 2 + CLOSE_IN_SPARE:
        return None
    melee = max(
        (_weapon_power(state, s, slot) for slot in (0, 1)
         if s.slots[slot] >= 0 and _equipment(state, s.slots[slot]).attack == "melee"),
        default=0.0,
    )
    if melee <= 0:
        return None
    best, best_left = None, 0.0
    for command in commands:
        if not isinstance(command, Move) or command.charge or command.via:
            continue
        to = graph.index[command.to]
        zombies = state.zombies_in(to)
        if not zombies or not _killable(state, to, _melee_damage(state, s)):
            continue
        if _hides_zombies(state, to) and not (_on_the_way(route, s.zone, to) and _team_gathered(state, i)):
            continue
        friends = [state.survivors[j] for j in _team(state) if state.survivors[j].zone == to]
        cover: float = sum(_wounds_left(state, o) for o in friends) + _wounds_left(state, s)
        if state.box.bot.attack_wounds is not None:  # Wounds to spare, counted in zombies of that zone
            cover = cover * zombies / max(sum(n * _harm(state, t) for t, n in enumerate(state.zombies[to])), 1e-9)
        left = zombies - melee * (s.actions_left - 1)
        if left <= cover - 1 + CLOSE_IN_RISK and (best is None or left < best_left):
            best, best_left = command, left
    return best


def _melee_damage(state: ZombicideState, s: Any) -> int:
    from game.rules.zombicide import skills as sk

    damages = [
        sk.damage_for(s.skills, "melee", _equipment(state, s.slots[slot]).id, _equipment(state, s.slots[slot]).damage)
        for slot in (0, 1)
        if s.slots[slot] >= 0 and _equipment(state, s.slots[slot]).attack == "melee"
    ]
    return max(damages, default=0)


def _wait(state: ZombicideState, i: int, commands: Sequence[Any], route: Route) -> Any:
    return next((c for c in commands if isinstance(c, EndTurn)), None)


Tactic = Callable[[ZombicideState, int, Sequence[Any], Route], Any]
TACTICS: tuple[Tactic, ...] = (
    _free_help,
    _fight_here,
    _take_objective,
    _escape,
    _arm,
    _share,
    _regroup,
    _search_on_the_way,
    _clear_the_way,
    _shoot_near,
    _close_in,
    _step_in_to_search,
    _advance,
    _search,
    _wait,
)
_BOX_TACTICS: dict[int, tuple[Any, tuple[Tactic, ...]]] = {}  # id → (the advice, its tactics)


def _tactics(box: Any) -> tuple[Tactic, ...]:
    """The core's tactics with the box's own tried before the core tactic each names."""
    advice = box.bot
    if not advice.tactics:
        return TACTICS
    cached = _BOX_TACTICS.get(id(advice))
    if cached is None or cached[0] is not advice:
        names = [t.__name__.lstrip("_") for t in TACTICS]
        ordered: list[Tactic] = []
        for core in TACTICS:
            name = core.__name__.lstrip("_")
            ordered.extend(t for before, t in advice.tactics if before == name)
            ordered.append(core)
        unknown = [before for before, _ in advice.tactics if before not in names]
        if unknown:
            raise ValueError(f"box {box.name!r}: bot tactics before unknown core tactics {unknown}; known: {names}")
        cached = _BOX_TACTICS[id(advice)] = (advice, tuple(ordered))
    return cached[1]
