"""Machines (rules digest §7): the Robot and the Sentry Gun.

A survivor controls a Machine with its Remote Control token or a Remote Control skill; anyone in the
Sentry Gun's zone controls it. Each Machine action costs the survivor an action (or its free Machine
action); a Machine that acted carries a Machine Activation token until the End Phase, and with it
counts as a survivor for the xenos (they hunt it, attack it, hear it as one Noise token). One point
of Damage destroys it. Moving with the Robot alongside costs the Robot nothing (Bot escort).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said, ZoneId
from game.rules.zombicide.boxes.invader.armor import machine_name
from game.rules.zombicide.boxes.invader.commands import (
    EscortMove,
    MachineActed,
    MachineMove,
    PassRemote,
    RemoteChanged,
    UnsealDoor,
)
from game.rules.zombicide.boxes.invader.state import hero
from game.rules.zombicide.commands import DoorOpened, Move
from game.rules.zombicide.queries import can_trade
from game.rules.zombicide.state import evolved

Game = Any
REMOTE_SKILL = "remote_control"
_REMOTE_ALL = f"{REMOTE_SKILL}:all"  # the skill that controls every Machine (asked at every listing)


@cache
def _remote_of(kind: str) -> str:
    """The skill that controls the Machines of one kind."""
    return f"{REMOTE_SKILL}:{kind}"


def controls(state: Any, i: int, n: int) -> bool:
    """Whether survivor ``i`` may take actions with Machine ``n`` now."""
    machines = state.box_state.machines
    if not 0 <= n < len(machines):
        return False
    machine = machines[n]
    s = state.survivors[i]
    if machine.destroyed or not s.in_play:
        return False
    if machine.kind in hero(s).remotes:
        return True
    if _REMOTE_ALL in s.skills or _remote_of(machine.kind) in s.skills:
        return True
    return machine.kind == "sentry_gun" and machine.zone == s.zone


def controlled(state: Any, i: int) -> list[int]:
    """The Machines survivor ``i`` may take actions with now (``controls`` of each, asked at every
    listing: the survivor's remotes and skills read once)."""
    machines = state.box_state.machines
    s = state.survivors[i]
    found: list[int] = []
    if not machines or not s.alive or s.escaped:  # ``in_play``, inlined
        return found
    remotes = s.box_fields.remotes  # ``hero(s)``, inlined
    skills = s.skills
    every = _REMOTE_ALL in skills
    zone = s.zone
    for n, machine in enumerate(machines):  # a plain loop: two Machines at most
        if not machine.destroyed:
            kind = machine.kind  # the skills read in C (``_remote_of`` cached): no set of kinds built
            if kind in remotes or every or _remote_of(kind) in skills or (kind == "sentry_gun" and machine.zone == zone):
                found.append(n)
    return found


_EVERY_KIND: frozenset[str] = frozenset({"*"})  # Remote Control (all): every Machine
# the skills that control the Robot: ``listed`` lists nothing to a survivor with none of them and no token
ROBOT_SKILLS = frozenset({_remote_of("robot"), _REMOTE_ALL})
# id of a survivor's skills → (the skills, the Machine kinds its Remote Control skills control:
# ``_EVERY_KIND`` for all); a survivor keeps its skills' tuple from state to state
_SKILL_REMOTES: dict[int, tuple[tuple[str, ...], frozenset[str]]] = {}


def skill_remotes(skills: tuple[str, ...]) -> frozenset[str]:
    entry = _SKILL_REMOTES.get(id(skills))
    if entry is None or entry[0] is not skills:
        if len(_SKILL_REMOTES) > 1024:
            _SKILL_REMOTES.clear()
        entry = _SKILL_REMOTES[id(skills)] = (skills, _EVERY_KIND if _REMOTE_ALL in skills else frozenset(
            skill.partition(":")[2] for skill in skills if skill.startswith(f"{REMOTE_SKILL}:")))
    return entry[1]


def can_pay(state: Any, i: int) -> bool:
    s = state.survivors[i]
    free = "plus_one_free_machine_action" in s.skills and not hero(s).machine_free
    return s.actions_left > 0 or free


def pay(game: Game, i: int) -> None:
    """A Machine action: the free one first, else an action."""
    s = game.survivors[i]
    if "plus_one_free_machine_action" in s.skills and not hero(s).machine_free:
        game.change(i, box_fields=evolved(hero(s), machine_free=True))
        return
    game.spend(i, "machine")


def machine_at(game: Game, n: int) -> Any:
    return game.box_state.machines[n]


def set_machine(game: Game, n: int, **changes: Any) -> None:
    machines = list(game.box_state.machines)
    machines[n] = evolved(machines[n], **changes)
    game.box_state = evolved(game.box_state, machines=tuple(machines))


def acted(game: Game, i: int, n: int, what: str, to_zone: int = -1) -> None:
    """The Machine did something: it carries its activation token; the survivor stirred."""
    machine = machine_at(game, n)
    set_machine(game, n, active=True)
    game.made_a_stir(i)
    game.events.append(MachineActed(machine.model, game.survivors[i].id, what, game.zid(machine.zone),
                                    game.zid(to_zone) if to_zone >= 0 else ""))


def check_control(game: Game, i: int, n: int) -> Any:
    if not controls(game, i, n):
        raise IllegalCommand(Said(N_("{survivor} does not control that Machine"), survivor=game.survivors[i].name))
    if not can_pay(game, i):
        raise IllegalCommand(Said(N_("{survivor} has no action left"), survivor=game.survivors[i].name))
    return machine_at(game, n)


def do_machine_move(game: Game, i: int, command: MachineMove) -> None:
    machine = check_control(game, i, command.machine)
    if machine.kind != "robot":
        raise IllegalCommand(Said(N_("a Sentry Gun never moves")))
    to = game.zone_by_id(command.to)
    if to not in game.graph.neighbours(machine.zone, tuple(game.as_it_stands("doors_open"))):
        raise IllegalCommand(Said(N_("the Robot cannot move from {zone} to {to}"), zone=ZoneId(game.zid(machine.zone)), to=ZoneId(command.to)))
    pay(game, i)
    acted(game, i, command.machine, "moved", to)
    set_machine(game, command.machine, zone=to)


def do_escort_move(game: Game, i: int, command: EscortMove) -> None:
    machine = machine_at(game, command.machine) if 0 <= command.machine < len(game.box_state.machines) else None
    s = game.survivors[i]
    if machine is None or machine.kind != "robot" or not controls(game, i, command.machine):
        raise IllegalCommand(Said(N_("{survivor} does not control a Robot"), survivor=s.name))
    if machine.zone != s.zone:
        raise IllegalCommand(Said(N_("the Robot must stand in the survivor's zone")))
    game.do_move(i, Move(s.id, command.to))
    arrived = game.survivors[i].zone
    if arrived == game.zone_by_id(command.to):
        set_machine(game, command.machine, zone=arrived)
        game.events.append(MachineActed(machine.model, s.id, "escort", game.zid(machine.zone), command.to))


def do_unseal(game: Game, i: int, command: UnsealDoor) -> None:
    machine = check_control(game, i, command.machine)
    e = game.graph.edge_by_id.get(command.door)
    edge = game.graph.edges[e] if e is not None else None
    if machine.kind != "robot" or edge is None or edge.door not in game.box_state.sealed:
        raise IllegalCommand(Said(N_("only a Robot opens a sealed door")))
    if machine.zone not in (edge.a, edge.b):
        raise IllegalCommand(Said(N_("the Robot must stand in front of the sealed door")))
    pay(game, i)
    game.box_state = evolved(game.box_state, sealed=tuple(d for d in game.box_state.sealed if d != edge.door))
    game.doors_open[edge.door] = True
    game.doors_spawned[edge.door] = True
    acted(game, i, command.machine, "unsealed")
    game.events.append(DoorOpened(command.door, game.survivors[i].id))


def do_pass_remote(game: Game, i: int, command: PassRemote) -> None:
    s = game.survivors[i]
    j = game.survivor_by_id(command.other)
    if command.remote not in hero(s).remotes:
        raise IllegalCommand(Said(N_("{survivor} does not carry that Remote Control"), survivor=s.name))
    if not can_trade(game, i, j):
        raise IllegalCommand(Said(N_("{other} is not in {survivor}'s zone"), other=game.survivors[j].name, survivor=s.name))
    game.spend(i, "other")
    mine = list(hero(s).remotes)
    mine.remove(command.remote)
    game.change(i, box_fields=evolved(hero(s), remotes=tuple(mine)))
    other = game.survivors[j]
    game.change(j, box_fields=evolved(hero(other), remotes=hero(other).remotes + (command.remote,)))
    game.events.append(RemoteChanged(command.remote, other.id, s.id))


def listed(state: Any, i: int) -> list[Any]:
    """The Machine commands survivor ``i`` may play now (attacks are listed by the combat module)."""
    s = state.survivors[i]
    remotes = s.box_fields.remotes  # ``hero(s)``, inlined
    by_skill = skill_remotes(s.skills)
    robot = "robot" in remotes or "robot" in by_skill or by_skill is _EVERY_KIND
    if not remotes and not robot:
        return []  # the usual case, asked at every listing: no Remote Control token, no skill for the Robot
    found: list[Any] = []
    if robot:
        _robot_commands(state, i, found)
    if s.actions_left > 0:
        for remote in dict.fromkeys(remotes):
            for j, other in enumerate(state.survivors):
                if j != i and can_trade(state, i, j):
                    found.append(PassRemote(s.id, other.id, remote))
    return found


def _robot_commands(state: Any, i: int, found: list[Any]) -> None:
    """The Robot's moves and the doors it unseals, then the survivor's moves with it alongside."""
    s = state.survivors[i]
    machines = state.box_state.machines
    robots = [n for n in controlled(state, i) if machines[n].kind == "robot"]
    if not robots:
        return
    graph = state.graph
    if can_pay(state, i):
        doors = tuple(state.doors_open)
        for n in robots:
            machine = machines[n]
            for to in dict.fromkeys(graph.neighbours(machine.zone, doors)):
                found.append(MachineMove(s.id, n, graph.zone_ids[to]))
            for _other, e in graph.adjacent[machine.zone]:
                edge = graph.edges[e]
                if edge.door >= 0 and edge.door in state.box_state.sealed:
                    found.append(UnsealDoor(s.id, n, edge.connection_id))
    if s.actions_left > 0:
        for n in robots:
            if machines[n].zone == s.zone:
                zombies_here = sum(state.zombies[s.zone])
                if "slippery" in s.skills or s.actions_left > zombies_here:
                    for to in dict.fromkeys(graph.neighbours(s.zone, tuple(state.doors_open))):
                        found.append(EscortMove(s.id, n, graph.zone_ids[to]))


def decoy_zones(game: Game) -> list[int]:
    """Activated Machines and the mission's scientists: the xenos hunt and attack them like survivors."""
    zones = [m.zone for m in game.box_state.machines if m.active and not m.destroyed]
    zones += [p.zone for p in game.box_state.scientists if not p.escaped and not p.dead]
    return zones


def heard(game: Game, noise: list[int]) -> None:
    """An activated Machine, and a scientist, counts as one Noise token (§7, §11)."""
    for zone in decoy_zones(game):
        noise[zone] += 1


def stand_down(game: Game) -> None:
    """End Phase: Machine Activation tokens come off."""
    if any(m.active for m in game.box_state.machines):
        game.box_state = evolved(game.box_state, machines=tuple(evolved(m, active=False) for m in game.box_state.machines))


def describe(state: Any, n: int) -> str:
    return machine_name(state, state.box_state.machines[n])


HANDLERS: dict[type, Any] = {MachineMove: do_machine_move, EscortMove: do_escort_move, UnsealDoor: do_unseal, PassRemote: do_pass_remote}
