"""What the window asks the engine besides the legal commands: how far the mission's goals are, and
whom a survivor may trade with. The rules that end the game read the same progress."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.core.frozen import record
from game.rules.zombicide.state import Survivor

GOALS = ("take_all_objectives", "all_in_exit", "escape_all")
MOST_EXPERIENCE = "most_experience"  # competitive mode: the teams with the most XP win


@record
class GoalProgress:
    """One goal of the mission: ``done`` of ``total``, and whether it holds now. ``all_in_exit`` is
    checked at an End Phase only; ``zones`` are where the goal sends the survivors; ``teams`` (the
    competitive goal) are the teams ahead, ``done`` their XP and ``total`` every team's."""

    goal: str
    done: int
    total: int
    reached: bool
    zones: tuple[str, ...] = ()
    teams: tuple[str, ...] = ()


def goal_progress(state: Any) -> tuple[GoalProgress, ...]:
    """The progress of every goal of the mission (``state`` is a state or the working copy)."""
    setup = getattr(state, "setup", None) or state.spec
    box_goals = state.box.goals
    found = [box_goals[goal](state) if goal in box_goals else
             progress_of(goal, state.objectives_taken, state.survivors, state.graph.exits, state.graph.zone_ids)
             for goal in setup.goals]
    if setup.competitive:
        found.append(experience_race(state.survivors))
    found.extend(state.box.goal_steps(state))  # the goals the box keeps in its own order
    return tuple(found)


def goal_reached(goal: str, objectives_taken: Sequence[bool], survivors: Sequence[Survivor],
                 exits: Sequence[int]) -> bool:
    """Whether a goal holds now (``all_in_exit`` counts at an End Phase only: the caller's word);
    asked after every step of the game, so it builds nothing."""
    if goal == "take_all_objectives":
        return all(objectives_taken)
    if goal == "escape_all":
        for s in survivors:  # noqa: SIM110 - no generator (a resumption per survivor): asked after every step
            if s.alive and not s.escaped:
                return False
        return True
    if goal == "all_in_exit":
        for s in survivors:  # noqa: SIM110 - as above
            if s.alive and not s.escaped and s.zone not in exits:
                return False
        return True
    raise ValueError(f"unknown goal {goal!r}")


def progress_of(goal: str, objectives_taken: Sequence[bool], survivors: Sequence[Survivor],
                exits: Sequence[int], zone_ids: Sequence[str]) -> GoalProgress:
    reached = goal_reached(goal, objectives_taken, survivors, exits)
    if goal == "take_all_objectives":
        return GoalProgress(goal, sum(objectives_taken), len(objectives_taken), reached)
    alive = [s for s in survivors if s.alive]
    where = tuple(zone_ids[z] for z in exits)
    if goal == "escape_all":
        return GoalProgress(goal, sum(1 for s in alive if s.escaped), len(alive), reached, where)
    return GoalProgress(goal, sum(1 for s in alive if s.escaped or s.zone in exits), len(alive), reached, where)


def experience_race(survivors: Sequence[Survivor]) -> GoalProgress:
    """Competitive mode: XP per team (the dead's XP still counts for their team)."""
    totals: dict[str, int] = {}
    for s in survivors:
        totals[s.team] = totals.get(s.team, 0) + s.xp
    best = max(totals.values(), default=0)
    leaders = tuple(team for team, xp in totals.items() if xp == best)
    return GoalProgress(MOST_EXPERIENCE, best, sum(totals.values()), False, teams=leaders)


def can_trade(state: Any, i: int, j: int) -> bool:
    """Survivors ``i`` and ``j`` may hand each other cards: both on the board, in the same zone, and
    on the same side of anything the box isolates (``BoxRules.isolated``)."""
    if i == j:
        return False
    s, other = state.survivors[i], state.survivors[j]
    if not (other.in_play and s.in_play and other.zone == s.zone):
        return False
    isolated = state.box.isolation(state)
    return isolated is None or isolated(state, s) == isolated(state, other)


def trade_partners(state: Any, survivor_id: str) -> tuple[str, ...]:
    """Whom the survivor may trade with now (the rule only: whether it has an action left is the
    legal commands' word)."""
    i = state.survivor_index(survivor_id)
    if i < 0:
        return ()
    return tuple(o.id for j, o in enumerate(state.survivors) if can_trade(state, i, j))


def zombies_anywhere(zombies: Any) -> bool:
    """Whether any zombie stands on the board (zone → count per kind): with none, no attack of any
    kind has a target. Asked at every listing, most often of the same tuple (a quiet board, as most of
    Invader M7's): a state's tuple is kept with its answer, a working copy's list never."""
    global _LAST_ANYWHERE
    last = _LAST_ANYWHERE
    if last[0] is zombies:
        return last[1]
    found = any(map(any, zombies))
    if zombies.__class__ is tuple:  # a state's, never changed: kept (held, so its id is not reused)
        _LAST_ANYWHERE = (zombies, found)
    return found


# the last zombies' tuple asked about and whether any zombie stood on it
_LAST_ANYWHERE: tuple[Any, bool] = (None, False)
