"""The Trebuchet, a siege engine (digest §13.6): 3 actions at once to move it one zone with its
survivor (normal move rules, no move skills; into a flooded zone it is lost), 3 actions at once to
fire it at any zone at Range 2 or more, or at the Horde. Its shot is no combat action: no skills, no
noise; hits follow the targeting priority and its misses hit the survivors there."""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said, ZoneId
from game.rules.core.rng import roll_d6
from game.rules.zombicide.boxes.green_horde.board import SIEGE_MIN_RANGE
from game.rules.zombicide.boxes.green_horde.commands import (
    HORDE_TARGET,
    FireSiegeEngine,
    MoveSiegeEngine,
    SiegeEngineDestroyed,
    SiegeEngineFired,
    SiegeEngineMoved,
)
from game.rules.zombicide.boxes.green_horde.fighting import count_kills
from game.rules.zombicide.boxes.green_horde.state import board_of
from game.rules.zombicide.boxes.green_horde.terrain import crossed
from game.rules.zombicide.commands import DiceRolled, SurvivorMoved, ZombiesKilled
from game.rules.zombicide.state import evolved

Game = Any  # the engine's working copy (game.Game)
SIEGE_ACTIONS = 3
SEEN_ACCURACY = 3  # a survivor sees the target
BLIND_ACCURACY = 4
AMMUNITION = {"scattered": (6, 1), "concentrated": (3, 2), "stone": (1, 3)}  # dice, damage


def _engine_here(game: Game, i: int) -> None:
    s = game.survivors[i]
    if s.zone not in game.box_state.siege_engines:
        raise IllegalCommand(Said(N_("there is no siege engine in {survivor}'s zone"), survivor=s.name))
    if s.actions_left < SIEGE_ACTIONS:
        raise IllegalCommand(Said(N_("a siege action takes {actions} actions at once"), actions=SIEGE_ACTIONS))


def move_siege_engine(game: Game, i: int, command: MoveSiegeEngine) -> None:
    _engine_here(game, i)
    s = game.survivors[i]
    to = game.zone_by_id(command.to)
    if to not in game.graph.neighbours(s.zone, tuple(game.doors_open)):
        raise IllegalCommand(Said(N_("the siege engine cannot go from {zone} to {to}"), zone=ZoneId(game.zid(s.zone)), to=ZoneId(command.to)))
    cost = SIEGE_ACTIONS + game.zombie_count(s.zone) + game.graph.step_extra(s.zone, to)
    if s.actions_left < cost:
        raise IllegalCommand(Said(N_("moving the siege engine there costs {actions} actions"), actions=cost))
    from_zone = s.zone
    game.change(i, actions_left=s.actions_left - cost, zone=to)
    engines = list(game.box_state.siege_engines)
    engines[engines.index(from_zone)] = to
    game.box_state = evolved(game.box_state, siege_engines=tuple(engines))
    game.events.append(SurvivorMoved(s.id, game.zid(from_zone), command.to, cost))
    game.events.append(SiegeEngineMoved(game.zid(from_zone), command.to, s.id))
    if board_of(game.graph).water[to]:
        destroy_engines(game, to, "water")
    crossed(game, i, from_zone, to)
    game.box.entered_zone(game, to)


def destroy_engines(game: Game, zone: int, why: str) -> None:
    engines = game.box_state.siege_engines
    if zone in engines:
        game.box_state = evolved(game.box_state, siege_engines=tuple(z for z in engines if z != zone))
        game.events.append(SiegeEngineDestroyed(game.zid(zone), why))


def accuracy_at(state: Any, zone: int) -> int:
    """3+ when any survivor sees the target zone, else 4+ (the Horde is never seen)."""
    if zone < 0:
        return BLIND_ACCURACY
    doors = tuple(state.doors_open)
    visible = state.graph.visible(doors)
    seen = any(s.in_play and (s.zone == zone or zone in visible[s.zone]) for s in state.survivors)
    return SEEN_ACCURACY if seen else BLIND_ACCURACY


def siege_targets(state: Any, zone: int) -> tuple[int, ...]:
    """The zones a siege engine in ``zone`` may fire at: every zone at Range 2 or more (worked out
    with the board's data: listed at every turn beside an engine)."""
    return board_of(state.graph).siege_targets[zone]


def fire_siege_engine(game: Game, i: int, command: FireSiegeEngine) -> None:
    _engine_here(game, i)
    s = game.survivors[i]
    if command.ammunition not in AMMUNITION:
        raise IllegalCommand(Said(N_("unknown ammunition {ammunition}"), ammunition=repr(command.ammunition)))
    horde = command.zone == HORDE_TARGET
    target = -1 if horde else game.zone_by_id(command.zone)
    if not horde and target not in siege_targets(game, s.zone):
        raise IllegalCommand(Said(N_("a siege engine fires at Range {least} or more"), least=SIEGE_MIN_RANGE))
    dice, damage = AMMUNITION[command.ammunition]
    needed = accuracy_at(game, target)
    game.change(i, actions_left=s.actions_left - SIEGE_ACTIONS)
    game.made_a_stir(i)  # a Rotten survivor loses its token (§14 #64)
    values, game.rng = roll_d6(game.rng, dice)
    game.events.append(SiegeEngineFired(command.zone, command.ammunition, s.id, needed))
    game.events.append(DiceRolled("siege", values, s.id))
    hits = sum(1 for v in values if v >= needed)
    if horde:
        _bombard_horde(game, i, hits, damage)
        return
    game.queue.insert(0, ("strays", i, target, len(values) - hits, damage, "siege", values))
    game.hit_zombies(i, target, hits, damage, "siege", values)


def _bombard_horde(game: Game, i: int, hits: int, damage: int) -> None:
    """The Horde counts as one zone out of sight: hits by targeting priority, XP to the firer."""
    horde = list(game.box_state.horde)
    killed = [0] * len(horde)
    rank, dead_at = game.tables.rank, game.tables.damage_to_kill
    for level in sorted(set(rank)):
        kinds = [t for t in range(len(horde)) if rank[t] == level]
        while hits > 0 and any(horde[t] for t in kinds):
            victim = next((t for t in kinds if horde[t] and damage >= dead_at[t]), None)
            if victim is None:
                hits = 0
                break
            horde[victim] -= 1
            killed[victim] += 1
            hits -= 1
    s = game.survivors[i]
    xp = 0
    for t, n in enumerate(killed):
        if n:
            game.supply[t] += n
            game.kills += n
            xp += n * game.tables.xp[t]
            game.events.append(ZombiesKilled(HORDE_TARGET, game.zname(t), n, s.id))
    game.box_state = evolved(game.box_state, horde=tuple(horde))
    count_kills(game, killed)
    if xp:
        game.gain_xp(i, xp)
