"""Team Action cards (digest §18): a group of team-mates moves and attacks together, once per team
and players' phase (twice with +1 free Team Action), each team keeping up to two cards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said, ZoneId
from game.rules.zombicide import skills as sk
from game.rules.zombicide.boxes import PhaseStep
from game.rules.zombicide.boxes.rue_morgue.commands import TeamActionUsed, UseTeamAction
from game.rules.zombicide.boxes.rue_morgue.content import team_action, team_actions
from game.rules.zombicide.commands import Attack, SurvivorMoved
from game.rules.zombicide.game import Game as WorkingCopy
from game.rules.zombicide.state import Survivor, evolved

Game = Any  # the engine's working copy (game.Game)
BONUS_SKILL = "plus_one_free_team_action"


def team_action_allowance(survivors: Sequence[Survivor], team: str) -> int:
    """Team Actions a team may play per players' phase: one, and one more (another card) when a
    team-mate still in play has +1 free Team Action."""
    bonus = any(s.in_play and s.team == team and BONUS_SKILL in s.skills for s in survivors)
    return 2 if bonus else 1


def check_setup(catalog: Any, spec: Any) -> None:
    """The Team Actions each team keeps (set-up step 6): known cards, at most the box's number."""
    known_cards = {t.id for t in team_actions(catalog)}
    most = catalog.setup.team_actions_per_team_max
    for team, cards in spec.team_actions.items():
        if len(cards) > most:
            raise ValueError(f"team {team!r} may keep at most {most} Team Actions")
        for card in cards:
            if card not in known_cards:
                raise ValueError(f"unknown Team Action {card!r}")


# a mode the card lacks, said in words the player knows (the window calls origin mode "from here")
MODE_REFUSALS = {"destination": N_("{card} cannot be played into another zone"),
                 "origin": N_("{card} cannot be played from here")}


def play(game: Game, i: int, command: UseTeamAction) -> None:
    s = game.survivors[i]
    used, cards_used = game.box_state.team_actions_used, game.box_state.team_cards_used
    cards = game.spec.team_actions.get(s.team, ())
    if command.card not in cards:
        known = any(t.id == command.card for t in team_actions(game.tables.catalog))  # said by its name
        raise IllegalCommand(Said(N_('{team} did not pick the Team Action {card}'), team=s.team,
                                  card=team_action(game.tables.catalog, command.card) if known else command.card))
    if f"{s.team}:{command.card}" in cards_used:
        raise IllegalCommand(Said(N_('that Team Action has already been played this round')))
    if used.count(s.team) >= team_action_allowance(game.survivors, s.team):
        raise IllegalCommand(Said(N_("each team plays one Team Action per players' phase")))
    card = team_action(game.tables.catalog, command.card)
    if command.mode not in card.modes:
        raise IllegalCommand(Said(MODE_REFUSALS[command.mode], card=card))
    group = [i]
    for member_id in command.members:
        j = game.survivor_by_id(member_id)
        other = game.survivors[j]
        if j in group or other.team != s.team or not other.in_play or other.box_fields.aboard >= 0:
            raise IllegalCommand(Said(N_('{other} cannot join this Team Action'), other=other.name))
        group.append(j)
    if len(group) < 2:
        raise IllegalCommand(Said(N_('a Team Action needs at least one team-mate')))
    zone = game.zone_by_id(command.zone)
    if command.mode == "origin":
        if any(game.survivors[j].zone != zone for j in group):
            raise IllegalCommand(Said(N_('in origin mode every selected survivor stands in the chosen zone')))
        if len(command.targets) != len(group):
            raise IllegalCommand(Said(N_('origin mode gives one target zone per selected survivor')))
        targets = [game.zone_by_id(t) if t else -1 for t in command.targets]
    else:
        targets = [zone] * len(group)
    doors = tuple(game.doors_open)
    for j, target in zip(group, targets, strict=True):
        other = game.survivors[j]
        if card.needs != "nothing" and team_weapon(game, j, card.action, target) < 0:
            raise IllegalCommand(Said(N_('{other} cannot take part: no suitable weapon in hand'), other=other.name))
        if card.action == "move" or card.moves_first:
            if target >= 0 and target != other.zone and target not in game.graph.neighbours(other.zone, doors):
                raise IllegalCommand(Said(N_('{other} cannot reach {zone} with one Move'), other=other.name, zone=ZoneId(game.zid(target))))
            if card.target_must_hold_zombies and target >= 0 and not game.zombie_count(target):
                raise IllegalCommand(Said(N_('{card} goes into a zone holding zombies'), card=card))
    acting = acting_order(game, group, command.order)
    aims = dict(zip(group, targets, strict=True))
    game.box_state = replace(game.box_state, team_actions_used=used + (s.team,),
                             team_cards_used=cards_used + (f"{s.team}:{command.card}",))
    game.events.append(TeamActionUsed(s.team, card.id, tuple(game.survivors[j].id for j in acting)))
    # each member acts in turn, in the players' order, finishing before the next; what a member's move
    # sets off (an Event Trigger) is resolved before that member's attack (§15.5): queued steps
    for j in acting:
        target = aims[j]
        if card.action == "move" or card.moves_first:
            game.queue.append(("team_move", j, target))
        if card.action in ("melee", "ranged"):
            game.queue.append(("team_attack", j, target, card.action))


def acting_order(game: Game, group: list[int], order: Sequence[str]) -> list[int]:
    """The selected survivors in the order the players chose (§18: "in any order"): every one of
    them once; none given: the card's user, then the members as listed."""
    if not order:
        return group
    acting = [game.survivor_by_id(survivor_id) for survivor_id in order]
    if sorted(acting) != sorted(group):
        names = ", ".join(game.survivors[j].name for j in group)
        raise IllegalCommand(Said(N_('the order names every selected survivor once: {names}'), names=names))
    return acting


def member_moves(game: Game, j: int, target: int) -> None:
    """A member's free Move of the Team Action (none for one held by zombies, or already there)."""
    other = game.survivors[j]
    if not other.in_play or target < 0 or target == other.zone:
        return
    if not sk.has(other.skills, "slippery") and game.zombie_count(other.zone):
        return  # a survivor held by zombies gets no free movement
    game.events.append(SurvivorMoved(other.id, game.zid(other.zone), game.zid(target), 0))
    game.change(j, zone=target)
    game.box.entered_zone(game, target)
    game.box.move_ended(game, j)


def member_attacks(game: Game, j: int, target: int, action: str) -> None:
    """A member's free attack of the Team Action, when it still has a weapon for it and a target."""
    other = game.survivors[j]
    if not other.in_play:
        return
    aim = other.zone if action == "melee" else target
    slot = team_weapon(game, j, action, aim)
    if slot >= 0 and aim >= 0 and game.zombie_count(aim):
        game.do_attack(j, Attack(other.id, slot, game.zid(aim)), free=True)


MEMBER_STEPS = (
    PhaseStep(name="team_move", at="queued", run=member_moves),
    PhaseStep(name="team_attack", at="queued", run=member_attacks),
)


def team_weapon(game: Game, j: int, attack: str, target: int) -> int:
    """The hand slot of a weapon that can make this attack (at ``target`` for ranged), or -1."""
    s = game.survivors[j]
    for slot in (0, 1):
        card = s.slots[slot]
        if card < 0:
            continue
        weapon = game.equipment(card)
        if weapon.attack != attack or (weapon.reload and card in game.unloaded):
            continue
        if attack == "ranged" and target >= 0:
            distance = game.graph.zone_range(s.zone, target, tuple(game.doors_open))
            high = weapon.range_max + sk.range_bonus(s.skills)
            if distance is None or not weapon.range_min <= distance <= high:
                continue
        return slot
    return -1


def end_of_round(game: Game) -> None:
    """A new players' phase: every team may play its Team Actions again."""
    box = game.box_state
    if box.team_actions_used or box.team_cards_used:  # most rounds none was played: nothing to clear
        game.box_state = evolved(box, team_actions_used=(), team_cards_used=())


def listed(state: Any, i: int) -> list[Any]:
    """The Team Actions survivor ``i`` may start now, with every team-mate in its zone (only those
    each member can take part in: the rules are asked on a working copy)."""
    s = state.survivors[i]
    kept = state.setup.team_actions.get(s.team)
    if not kept or state.box_state.team_actions_used.count(s.team) >= team_action_allowance(state.survivors, s.team):
        return []
    graph, zone = state.graph, s.zone
    mates = tuple(
        o.id for o in state.survivors
        if o.id != s.id and o.in_play and o.team == s.team and o.zone == zone and o.box_fields.aboard < 0
    )
    if not mates:
        return []
    commands: list[Any] = []
    zombies_here = state.zombies_in(zone)
    for card_id in dict.fromkeys(kept):
        if f"{s.team}:{card_id}" in state.box_state.team_cards_used:
            continue
        card = team_action(state.tables.catalog, card_id)
        if card.action == "ranged":
            options = [z for z in graph.visible(state.doors_open)[zone] if state.zombies_in(z)]
        else:
            options = list(graph.neighbours(zone, state.doors_open)) + [zone]
            if card.target_must_hold_zombies:
                options = [z for z in options if state.zombies_in(z)]
            elif zombies_here:
                options = []
        for target in options:
            command = UseTeamAction(s.id, card_id, mates, graph.zone_ids[target])
            try:  # every mate must be able to take part: let the rules say
                WorkingCopy(state).play(s.seat, command)
            except IllegalCommand:
                continue
            commands.append(command)
    return commands
