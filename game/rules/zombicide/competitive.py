"""Competitive mode and the end of the game: goals, winners by experience, Bulletproof Vests."""

from __future__ import annotations

from collections.abc import Sequence
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
        spec = self.spec
        goals, competitive, everyone_needed, checked_now = _goal_plan(spec)
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
