"""The Invader planner where a mission wants every survivor at a Danger Level (M8: all at Orange).
A kill's XP goes to whoever makes it (§8.6, §14), and the planner lets whoever acts first fight:
one or two survivors took every kill and the others never levelled, so the long game that followed
lost someone. Here the survivors who have reached the level leave the kills to those who have not,
and hand them the weapons that make them. Every gun of the box fires from Range 1 (the cards' Range
1-x): in the crowded zones where the team fights, only melee weapons kill."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.rules.zombicide.boxes.invader.commands import ConcentratedAttack, MachineAttack
from game.rules.zombicide.commands import Attack, EndTurn, Trade
from game.rules.zombicide.engine import LEVEL_NAMES

Route = Any


def _core() -> Any:
    """The shared planner (imported late: it imports the boxes, this box among them)."""
    from game.rules.zombicide import bots

    return bots


def level_wanted(state: Any) -> int | None:
    """The Danger Level (its index, Blue 0) a goal still to reach wants every survivor at, or None."""
    from game.rules.zombicide.boxes.invader.state import mission

    goals = mission(state).invader_goals[len(state.box_state.goals_done):]
    for goal in goals:
        kind, _, value = goal.partition(":")
        if kind == "level" and value in LEVEL_NAMES:
            return LEVEL_NAMES.index(value)
    return None


def levelled_past_friends(state: Any, i: int) -> bool:
    """Survivor ``i`` is at the Danger Level the mission wants while a friend is still below it."""
    wanted = level_wanted(state)
    if wanted is None or state.survivors[i].level < wanted:
        return False
    return any(_needs_xp(state, j, wanted) for j in range(len(state.survivors)))


def _needs_xp(state: Any, j: int, wanted: int) -> bool:
    s = state.survivors[j]
    return s.in_play and s.level < wanted


def share_kills(state: Any, i: int, commands: Sequence[Any], route: Route) -> Any:
    """A survivor at the wanted level who has not started its turn lets a friend of its seat below it
    play first when that friend would fight now: the friend takes the kills (and their XP), and the
    survivor still plays its turn after, on whatever is left."""
    wanted = level_wanted(state)
    s = state.survivors[i]
    if wanted is None or s.acting or s.level < wanted:
        return None
    for j in _seatmates_below(state, i, wanted):
        if _would_fight(state, j, route):
            return next((c for c in commands if isinstance(c, EndTurn)), None)
    return None


def _seatmates_below(state: Any, i: int, wanted: int) -> list[int]:
    seat = state.survivors[i].seat
    return [j for j, o in enumerate(state.survivors)
            if j != i and o.seat == seat and not o.done and _needs_xp(state, j, wanted)]


def _would_fight(state: Any, j: int, route: Route) -> bool:
    """Whether the planner, asked now for survivor ``j``, would attack."""
    from game.rules.zombicide import engine

    seat = state.survivors[j].seat
    sid = state.survivors[j].id
    mine = [c for c in engine.listed_commands(state, seat) if getattr(c, "survivor", None) == sid]
    if not any(isinstance(c, (Attack, ConcentratedAttack, MachineAttack)) for c in mine):
        return False
    # (its own share_kills passes: it is below the level)
    command = next((c for t in _core()._tactics(state.box) if (c := t(state, j, mine, route)) is not None), None)
    return isinstance(command, (Attack, ConcentratedAttack, MachineAttack))


COVER_MARGIN = 1.5  # expected hits the friends below the level hold for each xeno they leave nobody else


def cover(state: Any, i: int, commands: Sequence[Any], route: Route) -> Any:
    """A survivor at the wanted level does not fight the xenos in its zone when friends there below it,
    still to play this round (of either seat), can kill them all: it ends its turn and stands with them
    (its Armor soaks the blows, §8.1), and they take the XP."""
    wanted = level_wanted(state)
    s = state.survivors[i]
    if wanted is None or s.level < wanted or not sum(state.zombies[s.zone]):
        return None
    core = _core()
    needy = [o for j, o in enumerate(state.survivors) if j != i and o.zone == s.zone and not o.done
             and _needs_xp(state, j, wanted) and core._hand_damage(state, o)]
    if not needy:
        return None
    damage = max(core._hand_damage(state, o) for o in needy)
    counts = state.zombies[s.zone]
    if any(n and state.tables.damage_to_kill[t] > damage for t, n in enumerate(counts)):
        return None  # what they cannot fell is left to whoever can
    hits = sum(core._attacks_left(o) * core._power_in_crowd(state, o, True) for o in needy)
    if hits < COVER_MARGIN * sum(counts):
        return None
    return next((c for c in commands if isinstance(c, EndTurn)), None)


NEED_WEIGHT = 2.0  # what a survivor still below the wanted level's hands count for, against 1 for the others
HAND_OVER_GAIN = 0.4  # what a trade must gain (below) to be worth its action
# the core's "share" trades for a gain above 0.4 of its own weighing: a trade here loses (almost) none
# of it, so no chain of trades leads back (each of them gains here, each of the core's there)
UNDONE_AT = -0.05


def hand_over(state: Any, i: int, commands: Sequence[Any], route: Route) -> Any:
    """Where the mission wants a Danger Level, in a quiet zone, a trade that puts weapons striking in
    the survivors' own zone in the hands that lack them (the first counts most, as the core weighs a
    first weapon), doubly those of survivors below the level, where the core's weighing of both
    hands (almost) does not fall: no chain of trades leads back."""
    s = state.survivors[i]
    wanted = level_wanted(state)
    if wanted is None or sum(state.zombies[s.zone]):
        return None  # elsewhere such trades lost games (inv-m2 26 -> 20 of 50)
    core = _core()
    best, best_gain = None, HAND_OVER_GAIN
    for command in commands:
        if not isinstance(command, Trade):
            continue
        other = state.survivors[state.survivor_index(command.other)]
        gain = core_gain = 0.0
        for who, before, after in ((s, s.slots, command.slots), (other, other.slots, command.other_slots)):
            weight = NEED_WEIGHT if who.level < wanted else 1.0
            gain += weight * (_close_worth(state, who, after) - _close_worth(state, who, before))
            core_gain += core._hand_power(state, who, after) - core._hand_power(state, who, before)
        if gain > best_gain and core_gain > UNDONE_AT:
            best, best_gain = command, gain
    return best


def _close_worth(state: Any, who: Any, slots: tuple[int, ...]) -> float:
    """The hands' hits in the survivor's own zone, the first weapon counting most (as the core's
    ``_hand_power`` weighs a first weapon anywhere)."""
    power = float(_core()._power_in_crowd(state, replace(who, slots=slots), True))
    return min(power, 0.5) * 3 + power
