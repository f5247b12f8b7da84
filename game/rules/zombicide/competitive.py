"""Competitive mode and the end of the game: goals, winners by experience, Bulletproof Vests."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal

from game.rules.core.kept import kept_per_object
from game.rules.zombicide.commands import (
    GameEnded,
    SurvivorWounded,
)
from game.rules.zombicide.queries import experience_race, goal_reached
from game.rules.zombicide.state import EMPTY
from game.rules.zombicide.working import Fields


class Competitive(Fields):
    """Methods of the working copy (``Game``)."""

    if not TYPE_CHECKING:  # slots for the working copy; mypy reads the fields declared in ``Fields``
        __slots__ = ()

    def vest_stops(self, victim: int) -> bool:
        """A Bulletproof Vest turns away two wounds dealt by survivors: face down, then gone."""
        s = self.survivors[victim]
        vests = [c for c in s.slots if c >= 0 and "vest_against_survivors" in self.equipment(c).effects]
        if not vests:
            return False
        fresh = [c for c in vests if c not in self.vests_hit]
        if fresh:
            self.vests_hit.append(fresh[0])
        else:
            slots = list(s.slots)
            slots[slots.index(vests[0])] = EMPTY  # set aside, not discarded
            self.vests_hit.remove(vests[0])
            self.change(victim, slots=tuple(slots))
        self.events.append(SurvivorWounded(s.id, s.wounds, "", ignored=True))
        return True

    def check_goals(self, end_phase: bool) -> None:
        if self.result is not None:
            return
        settle = self.box.settle
        if settle is not None:  # the box's standing rules, its own wins and losses
            settle(self)
            if self.result is not None:
                return
        last = _LAST_CHECK[0]  # the setup and box asked last: one game asks of them after every step
        if last[0] is not self.spec or last[1] is not self.box:
            plan = _goal_plan(self.spec)
            last = _LAST_CHECK[0] = (self.spec, self.box, _checker(plan, self.box), plan)
        last[2](self, end_phase, last[3])

    def check_planned_goals(self, end_phase: bool, plan: tuple[tuple[str, ...], bool, bool, bool]) -> None:
        """``check_goals`` past the box's ``settle``: the losses and the setup's goals (``_goal_plan``), any setup."""
        goals, competitive, everyone_needed, checked_now = plan
        if competitive:
            done = not any(s.in_play for s in self.survivors) or (goals and self.goals_met(goals, end_phase))
            if done:
                self.winners = experience_race(self.survivors).teams
                self.finish("over")
            return
        lost = True  # nobody alive, or (``everyone_needed``) somebody dead: a loop, asked after every step
        for s in self.survivors:
            if s.alive:
                lost = False
                if not everyone_needed:
                    break
            elif everyone_needed:
                lost = True
                break
        if lost:
            self.finish("lost")
            return
        if goals and (end_phase or checked_now) and self.goals_met(goals, end_phase):
            self.finish("won")

    def check_escape_all(self, end_phase: bool, plan: Any) -> None:
        """``check_planned_goals`` of a setup whose one goal is the core's ``escape_all``, every survivor
        needed: lost with anybody dead (or nobody at all), won with everybody escaped, in one loop."""
        survivors = self.survivors
        if not survivors:
            self.finish("lost")
            return
        everyone_out = True
        for s in survivors:
            if not s.alive:
                self.finish("lost")
                return
            if not s.escaped:
                everyone_out = False
        if everyone_out:
            self.finish("won")

    def goals_met(self, goals: Sequence[str], end_phase: bool) -> bool:
        """Every goal holds (those checked at an End Phase only then)."""
        box_goals = self.box.goals
        for goal in goals:
            if goal == "all_in_exit" and not end_phase:
                return False
            own = box_goals.get(goal)
            if own is not None:
                if not own(self).reached:
                    return False
            # read as it stands: asked after every step, a read that made the list its own cost a copy
            elif not goal_reached(goal, self.as_it_stands("objectives_taken"), self.survivors, self.graph.exits):
                return False
        return True

    def finish(self, result: Literal["won", "lost", "over"]) -> None:
        self.result = result
        self.phase = "over"
        self.queue = []
        self.pending = None
        self.events.append(GameEnded(result))


def _checker(plan: tuple[tuple[str, ...], bool, bool, bool], box: Any) -> Callable[[Any, bool, Any], None]:
    """``check_goals``' part past the box's ``settle`` for a setup's plan and box: the one-loop check of a
    lone ``escape_all`` when it is the core's goal, every survivor needed, else the general one."""
    goals, competitive, everyone_needed, _ = plan
    if goals == ("escape_all",) and not competitive and everyone_needed and "escape_all" not in box.goals:
        return Competitive.check_escape_all
    return Competitive.check_planned_goals


# (setup, box, ``_checker``'s answer, the setup's ``_goal_plan``) asked last: held, so their ids stay their own
_LAST_CHECK: list[tuple[Any, Any, Callable[[Any, bool, Any], None], Any]] = [
    (None, None, Competitive.check_planned_goals, None)]


@kept_per_object(64)
def _goal_plan(spec: Any) -> tuple[tuple[str, ...], bool, bool, bool]:
    """A setup's goals, whether it is competitive, whether every survivor must live, whether its goals
    may be met outside an End Phase: read from the setup once, not after every command and step."""
    goals = tuple(spec.goals)
    # a mission may count only the living on the EXIT (``exit_counts_the_living``): then only the
    # whole team's loss loses it
    # (a box's option, read from the fields: asking the core's setup for it fails through pydantic)
    everyone_needed = ("all_in_exit" in goals or "escape_all" in goals) and not spec.__dict__.get(
        "exit_counts_the_living", False)
    return (goals, bool(spec.competitive), bool(everyone_needed),
            "all_in_exit" not in goals)  # ``goals_met``: all_in_exit waits for an End Phase
