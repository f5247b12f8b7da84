"""Manual override: the players change the table by hand (move, add or remove any piece).

Overrides are engine commands played by the table's own seat (``OVERRIDE_SEAT``): the engine checks
them, tells them with its own events, and they go into the same log as play, so they are saved,
replayed and undone like any other move.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from game.rules.core.base import IllegalCommand
from game.rules.zombicide import skills as sk
from game.rules.zombicide.commands import SurvivorMoved, ZombieMoved, ZombiesKilled, ZombieSpawned
from game.rules.zombicide.state import EMPTY, Survivor, ZombicideState

OVERRIDE_SEAT = "table"  # who plays manual-override commands: the table itself, not a player

# --- manual override commands ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlaceZombies:
    """Put zombies of a type in a zone from the box (as many as the supply still holds)."""

    zone: str
    zombie: str
    count: int = 1
    kind: Literal["override_place_zombies"] = "override_place_zombies"


@dataclass(frozen=True, slots=True)
class RemoveZombies:
    """Take zombies of a type off a zone, back to the box."""

    zone: str
    zombie: str
    count: int = 1
    kind: Literal["override_remove_zombies"] = "override_remove_zombies"


@dataclass(frozen=True, slots=True)
class ShiftZombies:
    """Carry zombies of a type from one zone to any other."""

    from_zone: str
    to_zone: str
    zombie: str
    count: int = 1
    kind: Literal["override_shift_zombies"] = "override_shift_zombies"


@dataclass(frozen=True, slots=True)
class PlaceSurvivor:
    """Stand a survivor in any zone, costing no action."""

    survivor: str
    zone: str
    kind: Literal["override_place_survivor"] = "override_place_survivor"


@dataclass(frozen=True, slots=True)
class AddSurvivor:
    """Bring a survivor of the box who is not in the game onto the board, for a seat, with empty hands."""

    survivor: str
    zone: str
    seat: str
    kind: Literal["override_add_survivor"] = "override_add_survivor"


@dataclass(frozen=True, slots=True)
class RemoveSurvivor:
    """Take a survivor off the game: its cards go to the discard pile."""

    survivor: str
    kind: Literal["override_remove_survivor"] = "override_remove_survivor"


@dataclass(frozen=True, slots=True)
class SurvivorAdded:
    """Event of an AddSurvivor override."""

    survivor: str
    zone: str
    seat: str
    kind: Literal["override_survivor_added"] = "override_survivor_added"


@dataclass(frozen=True, slots=True)
class SurvivorRemoved:
    """Event of a RemoveSurvivor override."""

    survivor: str
    zone: str
    kind: Literal["override_survivor_removed"] = "override_survivor_removed"


OverrideCommand = PlaceZombies | RemoveZombies | ShiftZombies | PlaceSurvivor | AddSurvivor | RemoveSurvivor
OVERRIDE_TYPES = (PlaceZombies, RemoveZombies, ShiftZombies, PlaceSurvivor, AddSurvivor, RemoveSurvivor)
OVERRIDE_EVENTS = (SurvivorAdded, SurvivorRemoved)


def _zone_index(state: ZombicideState, zone_id: str) -> int:
    index = state.graph.index.get(zone_id)
    if index is None:
        raise IllegalCommand(f"there is no zone {zone_id!r} on this board")
    return index


def _type_index(state: ZombicideState, zombie: str) -> int:
    index = state.tables.zombie_index.get(zombie)
    if index is None:
        raise IllegalCommand(f"unknown zombie type {zombie!r}")
    return index


def _with_zombies(state: ZombicideState, zone: int, t: int, delta: int) -> ZombicideState:
    counts = list(state.zombies[zone])
    counts[t] += delta
    zombies = list(state.zombies)
    zombies[zone] = tuple(counts)
    supply = list(state.supply)
    supply[t] -= delta
    return replace(state, zombies=tuple(zombies), supply=tuple(supply))


def bench_survivors(state: ZombicideState) -> list[str]:
    """Survivors of the box who are not in this game (the ones an override may bring in)."""
    playing = {s.id for s in state.survivors}
    return [s.id for s in state.tables.catalog.survivors if s.id not in playing]


def _add_survivor(state: ZombicideState, command: AddSurvivor) -> tuple[ZombicideState, tuple[Any, ...]]:
    catalog = state.tables.catalog
    if state.survivor_index(command.survivor) >= 0:
        raise IllegalCommand(f"{command.survivor!r} is already in this game")
    if command.survivor not in {s.id for s in catalog.survivors}:
        raise IllegalCommand(f"there is no survivor {command.survivor!r} in this box")
    if command.seat not in state.seats:
        raise IllegalCommand(f"there is no seat {command.seat!r} at this table")
    zone = _zone_index(state, command.zone)
    profile = catalog.survivor(command.survivor)
    skills = tuple(ref.text for ref in profile.skills_at("blue"))
    rules = catalog.setup
    mate = next((s for s in state.survivors if s.seat == command.seat), None)
    # a newcomer acts this round unless the players' phase is already over
    actions = rules.actions_per_turn + sk.extra_actions(skills) if state.phase == "players" else 0
    newcomer = Survivor(
        id=profile.id, name=profile.name, seat=command.seat, team=mate.team if mate else command.seat, zone=zone,
        slots=(EMPTY,) * (rules.hand_slots + rules.reserve_slots + sk.extra_reserve_slots(skills)),
        skills=skills, actions_left=actions, free_actions=sk.free_actions(skills), done=state.phase != "players",
        box_fields=state.box.survivor_fields(),
    )
    event = SurvivorAdded(profile.id, command.zone, command.seat)
    return replace(state, survivors=state.survivors + (newcomer,)), (event,)


def _remove_survivor(state: ZombicideState, command: RemoveSurvivor) -> tuple[ZombicideState, tuple[Any, ...]]:
    i = state.survivor_index(command.survivor)
    if i < 0 or not state.survivors[i].in_play:
        raise IllegalCommand(f"{command.survivor!r} is not on the board")
    s = state.survivors[i]
    if state.pending is not None or state.queue or state.paused_queue:
        raise IllegalCommand("finish the decision under way first")
    if state.active == i:
        raise IllegalCommand(f"{s.name} is taking a turn: end it first")
    if sum(1 for other in state.survivors if other.in_play) <= 1:
        raise IllegalCommand("the game needs at least one survivor on the board")
    held = state.box.confined(s)
    if held:
        raise IllegalCommand(f"{s.name} sits in {held}")
    # survivors after the removed one move up a place: indices held elsewhere follow them
    active = state.active - 1 if state.active > i else state.active
    loud_zone, loud_by = state.loud
    loud = (-1, -1) if loud_by == i else (loud_zone, loud_by - 1 if loud_by > i else loud_by)
    cards = s.cards()
    event = SurvivorRemoved(s.id, state.graph.zone_ids[s.zone])
    return replace(state, survivors=state.survivors[:i] + state.survivors[i + 1:], active=active, loud=loud,
                   equipment_discard=state.equipment_discard + cards,
                   unloaded=tuple(c for c in state.unloaded if c not in cards)), (event,)


def apply_override(state: ZombicideState, command: OverrideCommand) -> tuple[ZombicideState, tuple[Any, ...]]:
    """A manual change of the table, told with the engine's own events so the log and animations follow."""
    if state.result is not None:
        raise IllegalCommand("the game is over")
    if isinstance(command, AddSurvivor):
        return _add_survivor(state, command)
    if isinstance(command, RemoveSurvivor):
        return _remove_survivor(state, command)
    if isinstance(command, PlaceSurvivor):
        i = state.survivor_index(command.survivor)
        if i < 0 or not state.survivors[i].in_play:
            raise IllegalCommand(f"{command.survivor!r} is not on the board")
        s = state.survivors[i]
        zone = _zone_index(state, command.zone)
        if zone == s.zone:
            raise IllegalCommand(f"{s.name} already stands there")
        held = state.box.confined(s)
        if held:
            raise IllegalCommand(f"{s.name} sits in {held}")
        survivors = list(state.survivors)
        survivors[i] = replace(s, zone=zone)
        event = SurvivorMoved(s.id, state.graph.zone_ids[s.zone], command.zone, s.actions_left)
        return replace(state, survivors=tuple(survivors)), (event,)
    if command.count < 1:
        raise IllegalCommand("move at least one zombie")
    t = _type_index(state, command.zombie)
    if isinstance(command, PlaceZombies):
        zone = _zone_index(state, command.zone)
        if state.supply[t] < command.count:
            raise IllegalCommand(f"only {state.supply[t]} {command.zombie} left in the box")
        return _with_zombies(state, zone, t, command.count), (ZombieSpawned(command.zone, command.zombie, command.count),)
    if isinstance(command, RemoveZombies):
        zone = _zone_index(state, command.zone)
        if state.zombies[zone][t] < command.count:
            raise IllegalCommand(f"there are not {command.count} {command.zombie} in {command.zone}")
        return (_with_zombies(state, zone, t, -command.count),
                (ZombiesKilled(command.zone, command.zombie, command.count),))
    source, target = _zone_index(state, command.from_zone), _zone_index(state, command.to_zone)
    if source == target:
        raise IllegalCommand("pick another zone")
    if state.zombies[source][t] < command.count:
        raise IllegalCommand(f"there are not {command.count} {command.zombie} in {command.from_zone}")
    moved = _with_zombies(_with_zombies(state, source, t, -command.count), target, t, command.count)
    return moved, (ZombieMoved(command.from_zone, command.to_zone, command.zombie, command.count),)
