"""Team Action cards: a group of team-mates moves and attacks together, once per players' phase."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.core.base import IllegalCommand
from game.rules.zombicide import skills as sk
from game.rules.zombicide.commands import (
    Attack,
    SurvivorMoved,
    TeamActionUsed,
    UseTeamAction,
)
from game.rules.zombicide.state import Survivor
from game.rules.zombicide.working import Fields


def team_action_allowance(survivors: Sequence[Survivor], team: str) -> int:
    """Team Actions a team may play per players' phase: one, and one more (another card) when a
    team-mate still in play has +1 free Team Action."""
    bonus = any(s.in_play and s.team == team and "plus_one_free_team_action" in s.skills for s in survivors)
    return 2 if bonus else 1


class TeamActions(Fields):
    """Methods of the working copy (``Game``)."""

    __slots__ = ()

    def do_team_action(self, i: int, command: UseTeamAction) -> None:
        s = self.survivors[i]
        cards = self.spec.team_actions.get(s.team, ())
        if command.card not in cards:
            raise IllegalCommand(f"{s.team} did not pick the Team Action {command.card!r}")
        if f"{s.team}:{command.card}" in self.team_cards_used:
            raise IllegalCommand("that Team Action has already been played this round")
        if self.team_actions_used.count(s.team) >= team_action_allowance(self.survivors, s.team):
            raise IllegalCommand("each team plays one Team Action per players' phase")
        card = self.tables.catalog.team_action(command.card)
        if command.mode not in card.modes:
            raise IllegalCommand(f"{card.name} has no {command.mode} mode")
        group = [i]
        for member_id in command.members:
            j = self.survivor_by_id(member_id)
            other = self.survivors[j]
            if j in group or other.team != s.team or not other.in_play or other.aboard >= 0:
                raise IllegalCommand(f"{other.name} cannot join this Team Action")
            group.append(j)
        if len(group) < 2:
            raise IllegalCommand("a Team Action needs at least one team-mate")
        zone = self.zone_by_id(command.zone)
        if command.mode == "origin":
            if any(self.survivors[j].zone != zone for j in group):
                raise IllegalCommand("in origin mode every selected survivor stands in the chosen zone")
            if len(command.targets) != len(group):
                raise IllegalCommand("origin mode gives one target zone per selected survivor")
            targets = [self.zone_by_id(t) if t else -1 for t in command.targets]
        else:
            targets = [zone] * len(group)
        doors = tuple(self.doors_open)
        for j, target in zip(group, targets, strict=True):
            other = self.survivors[j]
            if card.needs != "nothing" and self.team_weapon(j, card.action, target) < 0:
                raise IllegalCommand(f"{other.name} cannot take part: no suitable weapon in hand")
            if card.action == "move" or card.moves_first:
                if target >= 0 and target != other.zone and target not in self.graph.neighbours(other.zone, doors):
                    raise IllegalCommand(f"{other.name} cannot reach {self.zid(target)} with one Move")
                if card.target_must_hold_zombies and target >= 0 and not self.zombie_count(target):
                    raise IllegalCommand(f"{card.name} goes into a zone holding zombies")
        self.team_actions_used.append(s.team)
        self.team_cards_used.append(f"{s.team}:{command.card}")
        self.events.append(TeamActionUsed(s.team, card.id, tuple(self.survivors[j].id for j in group)))
        for j, target in zip(group, targets, strict=True):
            other = self.survivors[j]
            if not other.in_play:
                continue
            if (card.action == "move" or card.moves_first) and target >= 0 and target != other.zone:
                held = not sk.has(other.skills, "slippery") and self.zombie_count(other.zone)
                if not held:  # a survivor held by zombies gets no free movement
                    self.events.append(SurvivorMoved(other.id, self.zid(other.zone), self.zid(target), 0))
                    self.change(j, zone=target)
                    self.box.entered_zone(self, target)
            other = self.survivors[j]
            if card.action in ("melee", "ranged") and other.in_play:
                aim = other.zone if card.action == "melee" else target
                slot = self.team_weapon(j, card.action, aim)
                if slot >= 0 and aim >= 0 and self.zombie_count(aim):
                    self.do_attack(j, Attack(other.id, slot, self.zid(aim)), free=True)

    def team_weapon(self, j: int, attack: str, target: int) -> int:
        """The hand slot of a weapon that can make this attack (at ``target`` for ranged), or -1."""
        s = self.survivors[j]
        for slot in (0, 1):
            card = s.slots[slot]
            if card < 0:
                continue
            weapon = self.equipment(card)
            if weapon.attack != attack or (weapon.reload and card in self.unloaded):
                continue
            if attack == "ranged" and target >= 0:
                distance = self.graph.zone_range(s.zone, target, tuple(self.doors_open))
                high = weapon.range_max + sk.range_bonus(s.skills)
                if distance is None or not weapon.range_min <= distance <= high:
                    continue
            return slot
        return -1
