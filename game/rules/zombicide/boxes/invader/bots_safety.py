"""The Invader planner's care for its survivors: a xeno's attack never misses and a Tank or the
Abomination takes 2 or 3 Armor at once (§8.1, §8.6), so a survivor left where it cannot kill what
stands with it falls within a round or two. These tactics push the xenos out (Shove, §15) and keep
the team from spreading out while some of it fights."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.zombicide.boxes.invader.armor import armor_left, attack_wounds
from game.rules.zombicide.commands import EndTurn, Move, Search, Shove

Route = Any


def _core() -> Any:
    """The shared planner (imported late: it imports the boxes, this box among them)."""
    from game.rules.zombicide import bots

    return bots


def _team(state: Any) -> list[int]:
    return [i for i, s in enumerate(state.survivors) if s.in_play]


def _survivors_in(state: Any, zone: int) -> int:
    return sum(1 for i in _team(state) if state.survivors[i].zone == zone)


def _samples_wanted(state: Any) -> set[int]:
    """The xeno kinds whose sample (a kill with a Melee action, M10) the mission still wants: the team
    does not push them away nor walk away from them."""
    from game.rules.zombicide.boxes.invader.state import mission

    index = state.tables.zombie_index
    taken = set(state.box_state.samples)
    return {index[kind] for kind in mission(state).samples if kind in index and kind not in taken}


def shove(state: Any, i: int, commands: Sequence[Any], route: Route) -> Any:
    """Shove (free, once per turn: every xeno in the zone to a zone at Range 1) when a Tank or the
    Abomination stands in the zone (few weapons fell them: their blows take 2 or 3 Armor each round
    they stay), or the survivors in the zone cannot face what stands in it: into the open zone beside with no survivor and the fewest
    xenos, off the route when it can. A ranged weapon that cannot fire at Range 0 then reaches them."""
    s = state.survivors[i]
    zone = s.zone
    if not sum(state.zombies[zone]):
        return None
    wanted = _samples_wanted(state)
    tough = any(n and state.tables.damage_to_kill[t] > 1 and t not in wanted for t, n in enumerate(state.zombies[zone]))
    if not tough and _core()._margin(state, i, zone) >= 0:
        return None
    graph = state.graph
    best, best_key = None, None
    for command in commands:
        if not isinstance(command, Shove):
            continue
        to = graph.index[command.to]
        if _survivors_in(state, to) or any(m.zone == to and not m.destroyed for m in state.box_state.machines):
            continue
        key = (to == route.step[zone], sum(state.zombies[to]), to)
        if best_key is None or key < best_key:
            best, best_key = command, key
    return best


HOLD_REACH = 1  # zones between a survivor and a friend in a fight it stays within


def _in_a_fight(state: Any, j: int) -> bool:
    """Xenos stand in the survivor's zone or a zone next to it (they reach it this Xenos' Phase)."""
    zone = state.survivors[j].zone
    if sum(state.zombies[zone]):
        return True
    return any(sum(state.zombies[n]) for n in state.graph.neighbours(zone, state.doors_open))


def hold_together(state: Any, i: int, commands: Sequence[Any], route: Route) -> Any:
    """While a friend nearby fights xenos, a survivor does not walk on out of its reach: split teams
    lose their survivors one by one (the balance reports' corridors). It searches where it stands,
    or waits. On the final leg each runs for the exit as the core plays it."""
    if _core()._final_leg(state, route):
        return None
    s = state.survivors[i]
    dist = state.graph.distances(state.doors_open)
    fighting = [j for j in _team(state) if j != i and _in_a_fight(state, j)
                and dist[s.zone][state.survivors[j].zone] <= HOLD_REACH]
    if not fighting:
        return None
    moves = [c for c in commands if isinstance(c, Move) and not c.charge]
    graph = state.graph
    if not any(route.cost[graph.index[c.to]] < route.cost[s.zone] for c in moves):
        return None  # not about to advance
    for c in moves:  # a step that keeps every fighting friend in reach is still allowed
        to = graph.index[c.to]
        if route.cost[to] < route.cost[s.zone] and not state.zombies_in(to) \
                and all(dist[to][state.survivors[j].zone] <= HOLD_REACH for j in fighting) \
                and _core()._margin(state, i, to) >= min(0.0, _core()._margin(state, i, s.zone)):
            return None  # the core's advance may take it
    search = next((c for c in commands if isinstance(c, Search)), None)
    return search or next((c for c in commands if isinstance(c, EndTurn)), None)


def concentrated_kill_chance(state: Any, s: Any, slot: int, toughness: int) -> float:
    """The chance one Concentrated Attack with the weapon in ``slot`` fells a xeno of ``toughness``
    (§10.5: Damage × successes, a Dual twin's dice joining in): a single Cattle Prod (2 dice, Damage 1)
    never fells the Abomination, so its actions go elsewhere."""
    from math import comb

    from game.rules.zombicide import skills as sk
    from game.rules.zombicide.planner_decisions import hit_chance

    card = s.slots[slot]
    weapon = state.tables.equipment[state.card_kinds[card]]
    dice = weapon.dice + sk.dice_bonus(s.skills, weapon.attack)
    other = s.slots[1 - slot]
    if weapon.dual and other >= 0 and state.card_kinds[other] == weapon.id:
        dice *= 2
    damage = max(1, weapon.damage)
    needed = -(-toughness // damage)  # successes
    p = hit_chance(weapon.accuracy, sk.roll_bonus(s.skills, weapon.attack))
    return sum(comb(dice, k) * p ** k * (1 - p) ** (dice - k) for k in range(needed, dice + 1))


def _lethal_xenos(state: Any, zone: int, keepers: Sequence[int]) -> bool:
    """A xeno in ``zone`` whose one attack takes the last Armor of whoever of ``keepers`` it falls on:
    none of them has more Armor left than it deals (§8.1: every attack lands)."""
    if not keepers:
        return False
    most = max(armor_left(state, j) for j in keepers)
    return any(n and attack_wounds(state, t) >= most for t, n in enumerate(state.zombies[zone]))


def stand_guard(state: Any, i: int, commands: Sequence[Any], route: Route) -> Any:
    """A survivor who can take the blow of a Tank or the Abomination in its zone does not walk away
    from friends there who cannot (its Armor soaks it: the blow goes to the sturdiest, §8.1). It
    waits; it does not leave them to lose one of theirs."""
    s = state.survivors[i]
    zone = s.zone
    if not any(n and attack_wounds(state, t) > 1 for t, n in enumerate(state.zombies[zone])):
        return None
    friends = [j for j in _team(state) if j != i and state.survivors[j].zone == zone]
    if not friends or _lethal_xenos(state, zone, friends + [i]) or not _lethal_xenos(state, zone, friends):
        return None
    if not any(isinstance(c, Move) for c in commands):
        return None
    return next((c for c in commands if isinstance(c, EndTurn)), None)


def _blows_on(state: Any, zone: int, keepers: Sequence[int]) -> list[int]:
    """The blows the survivors ending in ``zone`` take this Xenos' Phase from what they cannot fell:
    every Tank and Abomination in it (no hand there fells them), and a Hunter in it or next to it
    (its two actions bring it in and strike, §8.3). Workers and Hunters they can kill count as killed."""
    tables = state.tables
    hunter = tables.zombie_index.get("hunter", -1)
    best = max((_core()._hand_damage(state, state.survivors[j]) for j in keepers), default=0)
    blows: list[int] = []
    for t, n in enumerate(state.zombies[zone]):
        if n and tables.damage_to_kill[t] > best:
            blows.extend([attack_wounds(state, t)] * n)
    if hunter >= 0:
        for near in state.graph.neighbours(zone, state.doors_open):
            blows.extend([attack_wounds(state, hunter)] * state.zombies[near][hunter])
    return blows


def deadly(state: Any, zone: int, keepers: Sequence[int]) -> bool:
    """Whether the blows on ``zone`` cannot be shared out among ``keepers`` without one of them falling:
    each blow, the biggest first, to whoever has the most Armor to spare (§8.1: players share them)."""
    blows = sorted(_blows_on(state, zone, keepers), reverse=True)
    if not blows:
        return False
    spare = [armor_left(state, j) - 1 for j in keepers]
    for blow in blows:
        k = max(range(len(spare)), key=spare.__getitem__)
        if spare[k] < blow:
            return True
        spare[k] -= blow
    return False


def _wears_down(state: Any, i: int, here: Sequence[int]) -> bool:
    """A Tank or the Abomination nobody in the zone can fell stands in it: it takes 2 or 3 Armor every
    round the survivor stays, so it leaves while it still can (leaving costs an action per xeno), unless
    it stands guard over friends the blow would kill."""
    zone = state.survivors[i].zone
    best = max(_core()._hand_damage(state, state.survivors[j]) for j in here)
    wanted = _samples_wanted(state)
    wearing = any(n and attack_wounds(state, t) > 1 and state.tables.damage_to_kill[t] > best and t not in wanted
                  for t, n in enumerate(state.zombies[zone]))
    friends = [j for j in here if j != i]
    return wearing and not (friends and _lethal_xenos(state, zone, friends) and not _lethal_xenos(state, zone, here))


def step_out(state: Any, i: int, commands: Sequence[Any], route: Route) -> Any:
    """A survivor about to end where the xenos would take its last Armor (or a friend's), or beside a
    Tank or the Abomination it cannot fell, walks to a zone beside where they would not: a Tank or the Abomination moves or strikes, never both (§8.2), and
    Hunters reach one zone. Along the route, to friends, when it can."""
    s = state.survivors[i]
    zone = s.zone
    here = [j for j in _team(state) if state.survivors[j].zone == zone]
    if not deadly(state, zone, here) and not _wears_down(state, i, here):
        return None
    graph = state.graph
    best, best_key = None, None
    for command in commands:
        if not isinstance(command, Move) or command.charge or command.via:
            continue
        to = graph.index[command.to]
        there = [j for j in _team(state) if state.survivors[j].zone == to] + [i]
        if sum(state.zombies[to]) or deadly(state, to, there):
            continue
        key = (route.cost[to], -len(there), to)
        if best_key is None or key < best_key:
            best, best_key = command, key
    return best


def fetch_straggler(state: Any, i: int, commands: Sequence[Any], route: Route) -> Any:
    """A survivor the leash holds (the team's rearmost is more than the core's LEASH behind it: most
    often fighting alone where the xenos keep coming, its route dear with them) walks back to it,
    rather than waiting for it round after round: alone it falls, with the team beside it the fight
    is won and the team walks on together. Never into xenos, nor somewhere it would face worse."""
    core = _core()
    if core._final_leg(state, route):
        return None
    rear = core._rearmost(state, route)
    s = state.survivors[i]
    if rear is None or rear == i or not core._ahead_too_far(state, route, i, route.cost[s.zone]):
        return None
    dist = state.graph.distances(state.doors_open)
    there = state.survivors[rear].zone
    if dist[s.zone][there] <= 1:
        return None
    graph = state.graph
    floor = min(0.0, core._margin(state, i, s.zone))
    best, best_key = None, None
    for command in commands:
        if not isinstance(command, Move) or command.charge or command.via:
            continue
        to = graph.index[command.to]
        if dist[to][there] >= dist[s.zone][there] or state.zombies_in(to) or core._hides_zombies(state, to):
            continue
        if core._margin(state, i, to) < floor:
            continue
        key = (dist[to][there], to)
        if best_key is None or key < best_key:
            best, best_key = command, key
    return best
