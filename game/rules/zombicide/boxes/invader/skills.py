"""Invader's own skills and per-turn marks (rules digest §14, §15): Camouflage, Medic and Self-repair
in the End Phase, Taunt up to 2 zones away, Zero-G Spin, Born Leader's action played at once, Dual
Expert, Charge and Bloodlust once a turn, Escalation's streak, the free reorganization after a
Search, and Ultrared mode. The skills the core already plays (Shove, Sprint, Lucky, Slippery,
Hit & Run, Tactician, Super Strength…) keep their Season 3 code."""

from __future__ import annotations

from itertools import repeat
from operator import attrgetter
from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said, ZoneId
from game.rules.zombicide import skills as sk
from game.rules.zombicide.boxes.invader.armor import armor_left, repair
from game.rules.zombicide.boxes.invader.commands import (
    Attach,
    Camouflaged,
    Detach,
    Lead,
    Provoke,
    TakeOxygenTank,
    ZeroGSpin,
)
from game.rules.zombicide.boxes.invader.state import FRESH, hero
from game.rules.zombicide.commands import (
    Bloodlust,
    CardDrawn,
    DecisionNeeded,
    EndTurn,
    Move,
    Rearrange,
    Search,
    SkillGained,
    SurvivorMoved,
    TurnStarted,
)
from game.rules.zombicide.state import LEVEL_NAMES, Pending, evolved

Game = Any
RED = LEVEL_NAMES.index("red")
ULTRARED_DECISION = "inv_ultrared"
PER_TURN: dict[str, Any] = {"door_worked": False, "machine_free": False, "charged": False, "lusted": False, "spun": False,
            "dual_expert_used": False, "reorganize_free": False, "escalation": ("", 0)}
_PER_TURN_MARKS = attrgetter(*PER_TURN)
_PER_TURN_FRESH = tuple(PER_TURN.values())


def fresh_turn(game: Game, i: int) -> None:
    """A new turn (or round): the once-a-turn marks cleared."""
    s = game.survivors[i]
    fields = hero(s)
    if _PER_TURN_MARKS(fields) != _PER_TURN_FRESH:  # read in one C call: asked at every turn and End Phase
        game.change(i, box_fields=evolved(fields, **PER_TURN))


def turn_started(game: Game, i: int) -> None:
    """A survivor's turn begins: marks cleared, Camouflage taken when no xeno sees it, Dual Expert's
    free Combat action while a Dual pair is in hand."""
    fresh_turn(game, i)
    s = game.survivors[i]
    if "camouflage" in s.skills and not s.rotten and not seen_by_xenos(game, s.zone):
        game.change(i, rotten=True)
        game.events.append(Camouflaged(s.id, True))
    if "dual_expert" in s.skills and _dual_pair(game, s) and "combat" not in s.free_actions:
        game.change(i, free_actions=s.free_actions + ("combat",))


def seen_by_xenos(state: Any, zone: int) -> bool:
    if sum(state.zombies[zone]):
        return True
    return any(sum(state.zombies[z]) for z in state.graph.visible(tuple(state.doors_open))[zone])


def _dual_pair(state: Any, s: Any) -> bool:
    a, b = s.slots[0], s.slots[1]
    if a < 0 or b < 0:
        return False
    kind_a, kind_b = state.card_kinds[a], state.card_kinds[b]
    weapon = state.tables.equipment[kind_a]
    return kind_a == kind_b and (weapon.dual or sk.counts_as_dual(s.skills, weapon.attack or ""))


def stir_lost_camouflage(game: Game, i: int, was_hidden: bool) -> None:
    s = game.survivors[i]
    if was_hidden and not s.rotten:
        game.events.append(Camouflaged(s.id, False))


# --- refusals and per-turn marks ----------------------------------------------------------------


def refuse(state: Any, i: int, command: Any) -> str:
    """Once-a-turn skills and Born Leader's single action."""
    s = state.survivors[i]
    fields = hero(s)
    if isinstance(command, Move) and command.charge and fields.charged:
        return Said(N_("Charge works once per turn"))
    if isinstance(command, Bloodlust) and fields.lusted:
        return Said(N_("Bloodlust works once per turn"))
    if fields.led_by >= 0 and isinstance(command, (EndTurn, Lead)):
        return Said(N_("{survivor} plays the one action a Born Leader gave"), survivor=s.name)
    return ""


_NO_STREAK = ("", 0)  # Escalation's mark with no streak going on


def played(game: Game, i: int, command: Any) -> None:
    """After a command: once-a-turn marks, Escalation's streak, the reorganization window, and the
    end of a Born Leader's loan."""
    s = game.survivors[i]
    fields = s.box_fields  # ``hero(s)``, inlined
    events = game.events
    # any card drawn at all, read in C first: asked after every command, most of which draw none
    searched = isinstance(command, (Search, TakeOxygenTank)) or (any(map(isinstance, events, repeat(CardDrawn))) and any(
        isinstance(e, CardDrawn) and e.survivor == s.id for e in events))
    if not (searched or fields.reorganize_free or fields.led_by >= 0 or fields.escalation != _NO_STREAK
            or isinstance(command, Bloodlust) or (isinstance(command, Move) and command.charge)):
        return  # the usual command: no mark to set or clear, no streak going on, no action on loan
    changes: dict[str, Any] = {}
    if isinstance(command, Move) and command.charge:
        changes["charged"] = True
    if isinstance(command, Bloodlust):
        changes["lusted"] = True
    if fields.escalation != _NO_STREAK and not any(  # a streak going on (seldom): did this command attack?
            getattr(e, "kind", "") == "dice_rolled" and getattr(e, "survivor", "") == s.id for e in game.events):
        changes["escalation"] = _NO_STREAK
    if searched:
        changes["reorganize_free"] = True
    elif isinstance(command, Rearrange) and fields.reorganize_free:
        game.change(i, actions_left=game.survivors[i].actions_left + 1)  # the reorganization after a search is free
    elif not isinstance(command, (Attach, Detach, Rearrange)) and fields.reorganize_free:
        changes["reorganize_free"] = False
    if changes:
        game.change(i, box_fields=evolved(hero(game.survivors[i]), **changes))
    if fields.led_by >= 0 and not isinstance(command, Lead):
        _give_back(game, i)


# --- Taunt, Zero-G Spin, Born Leader ------------------------------------------------------------


def within_two(state: Any, zone: int) -> list[int]:
    """Zones up to 2 zones away by a clear path (no wall, no closed door; sight not needed)."""
    doors = tuple(state.doors_open)
    near = set(state.graph.neighbours(zone, doors))
    far = {z for n in near for z in state.graph.neighbours(n, doors)}
    return sorted(near | far | {zone})


def do_provoke(game: Game, i: int, command: Provoke) -> None:
    s = game.survivors[i]
    if "taunt_within_two" not in s.skills or s.taunted:
        raise IllegalCommand(Said(N_("{survivor} cannot taunt now (Taunt, once per turn)"), survivor=s.name))
    zone = game.zone_by_id(command.zone)
    if zone not in within_two(game, s.zone):
        raise IllegalCommand(Said(N_("Taunt reaches a zone up to 2 zones away by a clear path")))
    if not game.zombie_count(zone):
        raise IllegalCommand(Said(N_("there are no xenos in {zone} to taunt"), zone=ZoneId(command.zone)))
    game.change(i, taunted=True)
    game.taunt_zone(i, zone)


def spin_targets(state: Any, i: int) -> list[tuple[int, int]]:
    """Zero-G Spin: (zone between, landing zone) exactly 2 zones away, the zone between no Airlock."""
    s = state.survivors[i]
    doors = tuple(state.doors_open)
    kinds = state.graph.kinds
    found = []
    for via in dict.fromkeys(state.graph.neighbours(s.zone, doors)):
        if str(kinds[via]) == "airlock":
            continue
        for to in dict.fromkeys(state.graph.neighbours(via, doors)):
            if to != s.zone and to not in state.graph.neighbours(s.zone, doors):
                found.append((via, to))
    return found


def do_spin(game: Game, i: int, command: ZeroGSpin) -> None:
    s = game.survivors[i]
    if "zero_g_spin" not in s.skills or hero(s).spun:
        raise IllegalCommand(Said(N_("{survivor} cannot spin now (Zero-G Spin, once per turn)"), survivor=s.name))
    via, to = game.zone_by_id(command.via), game.zone_by_id(command.to)
    if (via, to) not in spin_targets(game, i):
        raise IllegalCommand(Said(N_("Zero-G Spin lands exactly 2 zones away, through no Airlock, wall or closed door")))
    extra = 0 if sk.has(s.skills, "slippery") else game.zombie_count(s.zone)
    game.spend(i, "move")
    if extra > game.survivors[i].actions_left:
        raise IllegalCommand(Said(N_("leaving a zone with {extra} xenos costs {actions} actions"), extra=extra, actions=extra + 1))
    game.change(i, actions_left=game.survivors[i].actions_left - extra, zone=to,
                box_fields=evolved(hero(game.survivors[i]), spun=True))
    game.events.append(SurvivorMoved(s.id, game.zid(s.zone), command.to, 1 + extra))
    game.box.entered_zone(game, to)


def do_lead(game: Game, i: int, command: Lead) -> None:
    """Born Leader: the other survivor plays one action at once; then the leader's turn goes on."""
    s = game.survivors[i]
    if "born_leader_now" not in s.skills or s.led:
        raise IllegalCommand(Said(N_("{survivor} cannot lead now (Born Leader, once per turn)"), survivor=s.name))
    j = game.survivor_by_id(command.other)
    other = game.survivors[j]
    if j == i or not other.in_play or other.done:
        raise IllegalCommand(Said(N_("{other} cannot take an action now"), other=other.name))
    game.change(i, led=True)
    game.change(j, actions_left=1, free_actions=(), acting=True,
                box_fields=evolved(hero(other), led_by=i, lent=(other.actions_left, other.acting)))
    game.box_state = evolved(game.box_state, loaned=(j, other.free_actions))
    game.active = j
    game.events.append(TurnStarted(other.id, 1))


def _give_back(game: Game, j: int) -> None:
    """The led survivor played its action: its own actions back, the turn back to the leader."""
    other = game.survivors[j]
    leader = hero(other).led_by
    actions, acting = hero(other).lent
    free = game.box_state.loaned[1] if game.box_state.loaned and game.box_state.loaned[0] == j else other.free_actions
    game.change(j, actions_left=actions, free_actions=free, acting=acting,
                box_fields=evolved(hero(other), led_by=-1, lent=(0, False)))
    game.box_state = evolved(game.box_state, loaned=())
    game.active = leader if game.survivors[leader].in_play and not game.survivors[leader].done else -1


def lead_commands(state: Any, i: int) -> list[Any]:
    s = state.survivors[i]
    if "born_leader_now" not in s.skills or s.led:
        return []
    return [Lead(s.id, o.id) for j, o in enumerate(state.survivors) if j != i and o.in_play and not o.done]


LISTED_SKILLS = frozenset({"taunt_within_two", "zero_g_spin", "born_leader_now"})  # those that list commands


def skill_commands(state: Any, i: int) -> list[Any]:
    """Taunt, Zero-G Spin and Born Leader, as listed for survivor ``i``."""
    s = state.survivors[i]
    if LISTED_SKILLS.isdisjoint(s.skills):
        return []  # the usual case, asked at every listing
    found: list[Any] = []
    if "taunt_within_two" in s.skills and not s.taunted:
        found.extend(Provoke(s.id, state.graph.zone_ids[z]) for z in within_two(state, s.zone) if sum(state.zombies[z]))
    if "zero_g_spin" in s.skills and not hero(s).spun and (s.actions_left > 0 or "move" in s.free_actions):
        extra = 0 if "slippery" in s.skills else sum(state.zombies[s.zone])
        if s.actions_left - (0 if "move" in s.free_actions else 1) >= extra:
            found.extend(ZeroGSpin(s.id, state.graph.zone_ids[to], state.graph.zone_ids[via])
                         for via, to in spin_targets(state, i))
    found.extend(lead_commands(state, i))
    return found


# --- the End Phase ------------------------------------------------------------------------------


def end_phase(game: Game) -> None:
    """Medic and Self-repair (§15); every survivor's once-a-turn marks cleared for the new round."""
    for i, s in enumerate(game.survivors):
        if not s.in_play:
            continue
        if "self_repair" in s.skills:
            repair(game, i, -1, "self_repair")
        if "medic_end_phase" in s.skills:
            for j, other in enumerate(game.survivors):
                if other.in_play and other.zone == s.zone:
                    repair(game, j, 1, "medic")
    for i in range(len(game.survivors)):
        fresh_turn(game, i)


# --- Ultrared -----------------------------------------------------------------------------------


def ultrared(game: Game, i: int, before: int, after: int) -> None:
    """Ultrared mode (§14.1): past Red the count starts again; each Orange or Red threshold passed
    again gives a skill not taken yet (once its own are all taken, any skill of the box but Starts
    with…)."""
    if not game.spec.ultrared:
        return
    s = game.survivors[i]
    red = game.tables.xp_thresholds[RED]
    if s.level < RED or s.xp <= red:
        return
    thresholds = game.tables.xp_thresholds
    passed = 0
    over = s.xp - red
    cycle, within = divmod(over, red)
    passed = cycle * 2 + sum(1 for level in (2, 3) if within >= thresholds[level])
    done = hero(s).ultrared
    if passed <= done:
        return
    game.change(i, box_fields=evolved(hero(s), ultrared=passed))
    for n in range(done, passed):
        level = "orange" if n % 2 == 0 else "red"
        _ultrared_skill(game, i, level)


def _ultrared_skill(game: Game, i: int, level: str) -> None:
    s = game.survivors[i]
    card = game.tables.catalog.survivor(s.id)
    choices = [ref.text for ref in card.skills_at(level) if ref.text not in s.skills]  # type: ignore[arg-type]
    if not choices:
        choices = [sk_.id for sk_ in game.tables.catalog.skills
                   if sk_.parameter is None and sk_.id not in s.skills and not sk_.id.startswith("starts_with")]
    if not choices:
        return
    if len(choices) == 1 or game.pending is not None:
        game.gain_skill(i, choices[0])
        return
    game.pending = Pending(ULTRARED_DECISION, s.seat, i, tuple(choices), tuple((n,) for n in range(len(choices))))
    game.events.append(DecisionNeeded(ULTRARED_DECISION, s.seat, tuple(choices)))


def resolve_ultrared(game: Game, pending: Pending, option: int) -> None:
    game.gain_skill(pending.survivor, pending.options[option])


def armor_words(state: Any, i: int) -> str:
    return f"{armor_left(state, i)} Armor"


__all__ = ["FRESH", "SkillGained"]
