"""Armor (rules digest §2.1, §8.1, §10.4, §15): a survivor's hit points.

``survivor.wounds`` counts the Damage taken: Armor left is the base Armor less it, and the survivor
falls when it reaches 0. A xeno's attack goes whole to one target the players pick (a survivor or an
activated Machine); its points then land one by one: Ironclad ignores them all, Tough the first one
of each Attack step (and the first of each friendly fire), and a survivor holding Ablative Armor (or
with Is that all you've got? and any card) may discard a card to cancel a point.
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.core.reasons import Said
from game.rules.zombicide import skills as sk
from game.rules.zombicide.boxes import WoundRules
from game.rules.zombicide.boxes.invader.commands import ArmorChanged, MachineDestroyed, MissionProgress
from game.rules.zombicide.boxes.invader.state import hero
from game.rules.zombicide.commands import DecisionNeeded, SurvivorWounded
from game.rules.zombicide.state import Pending, evolved

Game = Any
DAMAGE_STEP = "inv_damage"  # queued: (name, survivor, points left, cause, xeno kind)
DAMAGE_DECISION = "inv_damage_point"
ABLATIVE = "ablative"
MACHINE_TARGET = -2  # decoy payloads: (MACHINE_TARGET, machine index) or (SCIENTIST_TARGET, scientist index)
SCIENTIST_TARGET = -3


def base_armor(state: Any, i: int) -> int:
    """The survivor's base Armor: its card's, or what Starts with N Armor points says."""
    s = state.survivors[i]
    armor = int(getattr(state.tables.catalog.survivor(s.id), "armor", 2))
    for skill in s.skills:
        name, _, value = skill.partition(":")
        if name == "starts_with_armor" and value.isdigit():
            armor = max(armor, int(value))
    return armor


def armor_left(state: Any, i: int) -> int:
    return max(0, base_armor(state, i) - state.survivors[i].wounds)


def _cancellers(game: Game, i: int) -> list[tuple[int, str]]:
    """(slot, why) of the cards survivor ``i`` may discard to cancel one point of Damage."""
    s = game.survivors[i]
    anything = sk.has(s.skills, "discards_to_ignore_wounds")
    found = []
    for slot, card in enumerate(s.slots):
        if card < 0:
            continue
        if ABLATIVE in game.equipment(card).effects:
            found.append((slot, "Ablative Armor"))
        elif anything:
            found.append((slot, "Is that all you've got?"))
    return found


def damage(game: Game, i: int, points: int, cause: str, t: int = -1) -> None:
    """``points`` of Damage for survivor ``i`` (``cause``: "xeno" with its kind ``t``, or
    "friendly_fire"): the skills that turn points away, then each point on its own."""
    s = game.survivors[i]
    if points <= 0 or not s.in_play:
        return
    if cause == "xeno" and t >= 0:
        kind = game.zname(t)
        if any(skill == f"ironclad:{kind}" or (skill.startswith("ironclad:") and skill[9:] in kind)
               for skill in s.skills):
            game.events.append(ArmorChanged(s.id, armor_left(game, i), base_armor(game, i), "ironclad"))
            return
    if "tough" in s.skills:
        # once per Attack step of the xenos, and once per shot for friendly fire
        step = game.box_state.attack_step if cause == "xeno" else -1 - game.box_state.shots
        if hero(s).tough_step != step:
            game.change(i, box_fields=evolved(hero(s), tough_step=step))
            points -= 1
            game.events.append(ArmorChanged(s.id, armor_left(game, i), base_armor(game, i), "tough"))
    if points > 0:
        game.queue.insert(0, (DAMAGE_STEP, i, points, cause, t))


def damage_step(game: Game, i: int, points: int, cause: str, t: int) -> None:
    """The next point of a survivor's Damage: cancelled by a card if the player wishes, else taken."""
    s = game.survivors[i]
    if points <= 0 or not s.in_play:
        return
    cancellers = _cancellers(game, i)
    if cancellers and not game.spec.auto_wounds:
        labels = [f"{s.name} loses 1 Armor ({armor_left(game, i)} left now)"]
        payload: list[tuple[int, ...]] = [(i, -1, points, _cause_code(cause), t)]
        for slot, why in cancellers:
            name = game.equipment(s.slots[slot]).name
            labels.append(f"{s.name} discards {name} to cancel the point ({why})")
            payload.append((i, slot, points, _cause_code(cause), t))
        game.pending = Pending(DAMAGE_DECISION, s.seat, i, tuple(labels), tuple(payload))
        game.events.append(DecisionNeeded(DAMAGE_DECISION, s.seat, tuple(labels)))
        return
    if cancellers and armor_left(game, i) <= 1:  # the fixed policy spends a card only to stay alive
        cancel(game, i, cancellers[0][0])
    else:
        lose_point(game, i, cause)
    if points > 1:
        game.queue.insert(0, (DAMAGE_STEP, i, points - 1, cause, t))


_CAUSES = ("xeno", "friendly_fire")


def _cause_code(cause: str) -> int:
    return _CAUSES.index(cause)


def resolve_point(game: Game, pending: Pending, option: int) -> None:
    i, slot, points, cause_code, t = pending.payload[option]
    cause = _CAUSES[cause_code]
    if slot >= 0:
        cancel(game, i, slot)
    else:
        lose_point(game, i, cause)
    if points > 1:
        game.queue.insert(0, (DAMAGE_STEP, i, points - 1, cause, t))


def cancel(game: Game, i: int, slot: int) -> None:
    game.discard(i, slot)
    game.events.append(ArmorChanged(game.survivors[i].id, armor_left(game, i), base_armor(game, i), "cancelled"))


def lose_point(game: Game, i: int, cause: str) -> None:
    """One point of Armor lost; at none left the survivor is eliminated."""
    s = game.survivors[i]
    wounds = s.wounds + 1
    game.change(i, wounds=wounds)
    game.events.append(SurvivorWounded(s.id, wounds))
    game.events.append(ArmorChanged(s.id, armor_left(game, i), base_armor(game, i), cause))
    if wounds >= base_armor(game, i):
        game.eliminate(i)


def repair(game: Game, i: int, points: int, cause: str) -> None:
    """Armor won back, never above the base (``points`` < 0: all of it)."""
    s = game.survivors[i]
    if not s.in_play or s.wounds <= 0:
        return
    healed = s.wounds if points < 0 else min(points, s.wounds)
    game.change(i, wounds=s.wounds - healed)
    game.events.append(ArmorChanged(s.id, armor_left(game, i), base_armor(game, i), cause))


# the scientists (blue and white) as a decoy option
SCIENTIST_TAKES = {"blue": N_("the blue scientist takes the attack"), "white": N_("the white scientist takes the attack")}


class ArmorRules(WoundRules):
    """Wounds as Armor points (``WoundRules``): whole attacks shared out, points taken one by one."""

    def options(self, game: Game, i: int) -> tuple[list[str], list[tuple[int, ...]]]:
        s = game.survivors[i]
        return [Said(N_("{who} takes the attack ({armor} Armor)"), who=s.name, armor=armor_left(game, i))], [(i, -1)]

    def limit(self, game: Game, i: int) -> int:
        return base_armor(game, i)

    def zombie_attack(self, game: Game, i: int, slot: int, t: int) -> None:
        damage(game, i, int(getattr(game.tables.catalog.zombies[t], "damage", 1)), "xeno", t)

    def decoy_options(self, game: Game, zone: int) -> tuple[list[str], list[tuple[int, ...]]]:
        labels: list[str] = []
        payload: list[tuple[int, ...]] = []
        for n, machine in enumerate(game.box_state.machines):
            if machine.zone == zone and machine.active and not machine.destroyed:
                labels.append(Said(N_("the {machine} takes the attack (it is destroyed)"),
                                   machine=machine_entry(game, machine)))
                payload.append((MACHINE_TARGET, n))
        for n, scientist in enumerate(game.box_state.scientists):
            if scientist.zone == zone and not scientist.escaped and not scientist.dead:
                labels.append(Said(SCIENTIST_TAKES.get(scientist.colour, N_("the {colour} scientist takes the attack")),
                                   colour=scientist.colour))
                payload.append((SCIENTIST_TARGET, n))
        return labels, payload

    def decoy_attack(self, game: Game, payload: tuple[int, ...], t: int) -> None:
        if payload[0] == MACHINE_TARGET:
            destroy_machine(game, payload[1], "attacked")
        elif payload[0] == SCIENTIST_TARGET:
            hurt_scientist(game, payload[1], int(getattr(game.tables.catalog.zombies[t], "damage", 1)))

    def with_wounds(self, slots: tuple[int, ...], wounds: int) -> tuple[int, ...] | None:
        return slots


def machine_entry(state: Any, machine: Any) -> Any:
    """The Machine's reference card (its names), or its model id when the catalog lacks it."""
    return next((model for model in state.tables.catalog.extra.get("machines", ()) if model.id == machine.model),
                machine.model)


def machine_name(state: Any, machine: Any) -> str:
    return str(getattr(machine_entry(state, machine), "name", machine.model))


def destroy_machine(game: Game, n: int, why: str) -> None:
    machines = list(game.box_state.machines)
    machine = machines[n]
    if machine.destroyed:
        return
    machines[n] = evolved(machine, destroyed=True, active=False)
    game.box_state = evolved(game.box_state, machines=tuple(machines))
    game.events.append(MachineDestroyed(machine.model, game.zid(machine.zone), why))


def hurt_scientist(game: Game, n: int, points: int) -> None:
    scientists = list(game.box_state.scientists)
    scientist = scientists[n]
    armor = scientist.armor - points
    scientists[n] = evolved(scientist, armor=max(0, armor), dead=armor <= 0)
    game.box_state = evolved(game.box_state, scientists=tuple(scientists))
    game.events.append(MissionProgress("scientist_hurt" if armor > 0 else "scientist_killed", scientist.colour))


def attack_wounds(state: Any, t: int) -> int:
    """The Armor one attack of xeno kind ``t`` takes away (§8.6: a Tank 2, the Abomination 3)."""
    return int(getattr(state.tables.catalog.zombies[t], "damage", 1))
