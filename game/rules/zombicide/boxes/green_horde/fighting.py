"""Green Horde's fighting rules on top of the core's: doors that open on a roll (§5), the dice its
skills add (Barbarian, Iron rain, Mana rain, Battle fury), what follows a kill (Necromancers, the
missions' counts, Battle fury), and melee with a bow that is also a blade (the Spiked Bow)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.core.rng import roll_d6
from game.rules.zombicide import skills as sk
from game.rules.zombicide.boxes.green_horde.commands import DoorStuck, MeleeStrike
from game.rules.zombicide.boxes.green_horde.necromancers import necromancers_killed
from game.rules.zombicide.boxes.green_horde.spawns import necromancer_kind
from game.rules.zombicide.boxes.green_horde.state import fields
from game.rules.zombicide.commands import DiceRolled
from game.rules.zombicide.odds import needed_roll
from game.rules.zombicide.state import evolved

Game = Any  # the engine's working copy (game.Game)
CROWD_SKILLS = {"melee": "barbarian_zombies", "ranged": "iron_rain", "magic": "mana_rain"}


def door_roll(game: Game, i: int, openers: list[int], by_skill: bool) -> tuple[bool, bool]:
    """Break-in opens at once and silently; a weapon that opens doors without a roll opens at once
    (noisy if its card says so); else the best roll-opener rolls its base dice: any die at or over
    its accuracy opens the door. A roll always places a Noise token (§5, §19.15)."""
    if by_skill:
        return True, False
    cards = [game.equipment(c) for c in openers]
    sure = [c for c in cards if not getattr(c, "door_roll", False)]
    if sure:
        return True, all(c.noisy_door for c in sure)
    best = max(cards, key=lambda c: (c.dice, -c.accuracy))
    values, game.rng = roll_d6(game.rng, best.dice)
    s = game.survivors[i]
    game.events.append(DiceRolled("door", values, s.id))
    opened = any(v >= best.accuracy for v in values)
    if not opened:
        door = next((game.graph.edges[e].connection_id for _, e in game.graph.adjacent[s.zone]
                     if game.graph.edges[e].door >= 0 and not game.doors_open[game.graph.edges[e].door]), "")
        game.events.append(DoorStuck(door, s.id))
    return opened, True


def attack_dice(state: Any, s: Any, target: int, fired: Sequence[int], attack: str,
                part: Callable[[int, str, str], None]) -> int:
    """Barbarian, Iron rain and Mana rain: a weapon may roll as many dice as there are zombies in the
    (target) zone instead of its own (§14 #32, #56, #57); Battle fury: a die per killing melee action
    earlier this turn (§14 #51)."""
    added = 0
    crowd_skill = CROWD_SKILLS.get(attack)
    if crowd_skill and crowd_skill in s.skills:
        zone = s.zone if attack == "melee" else target
        crowd = sum(state.zombies[zone])
        for card in fired:
            more = max(0, crowd - state.tables.equipment[state.card_kinds[card]].dice)
            if more:
                added += more
                part(more, "skill", crowd_skill)
    if attack == "melee" and fields(s).fury:
        added += fields(s).fury
        part(fields(s).fury, "skill", "battle_fury")
    return added


def after_attack(game: Game, i: int, zone: int, killed: Sequence[int], values: tuple[int, ...]) -> None:
    """What an attack's kills set off: dead Necromancers, the missions' counts, Battle fury."""
    count_kills(game, killed)
    necro = necromancer_kind(game)
    if killed[necro]:
        necromancers_killed(game, zone, killed[necro])
    s = game.survivors[i]
    if any(killed) and "battle_fury" in s.skills and game.active == i and fields(s).striking == "melee":
        game.change(i, box_fields=evolved(fields(s), fury=fields(s).fury + 1))


def before_attack(game: Game, i: int, target: int, fired: tuple[int, ...]) -> None:
    """Remember the kind of the attack being made (Battle fury counts melee kills only)."""
    kind = game.equipment(fired[0]).attack or ""
    if fields(game.survivors[i]).striking != kind:
        game.change(i, box_fields=evolved(fields(game.survivors[i]), striking=kind))


def count_kills(game: Game, killed: Sequence[int]) -> None:
    totals = list(game.box_state.killed) or [0] * game.tables.type_count
    for t, n in enumerate(killed):
        totals[t] += n
    game.box_state = evolved(game.box_state, killed=tuple(totals))


def melee_strike(game: Game, i: int, command: MeleeStrike) -> None:
    """A Melee action with the melee side of a ranged weapon (the Spiked Bow): its own dice, accuracy
    and damage; the melee skills apply; hits go where the player says, as in any melee (§9.1)."""
    s = game.survivors[i]
    if command.slot not in game.box.inventory.held(game, s) or s.slots[command.slot] < 0:
        raise IllegalCommand(Said(N_("strike with a weapon in hand")))
    card = s.slots[command.slot]
    weapon = game.equipment(card)
    if not getattr(weapon, "melee_dice", 0):
        raise IllegalCommand(Said(N_("{weapon} is no melee weapon"), weapon=weapon))
    if not game.box.inventory.ready(game, s, card):
        raise IllegalCommand(Said(N_("{weapon} cannot be used at {survivor}'s danger level"), weapon=weapon, survivor=s.name))
    if not game.zombie_count(s.zone):
        raise IllegalCommand(Said(N_("there is no zombie here to strike")))
    for name in command.priority:
        if name not in game.tables.zombie_index:
            raise IllegalCommand(Said(N_("unknown zombie type {kind}"), kind=repr(name)))
    game.spend(i, "melee")
    game.made_a_stir(i)
    if fields(s).striking != "melee":
        s = game.change(i, box_fields=evolved(fields(s), striking="melee"))
    dice = weapon.melee_dice + sk.dice_bonus(s.skills, "melee") + sk.frenzy_dice(s.skills, "melee", s.wounds)
    dice += attack_dice(game, s, s.zone, (card,), "melee", lambda *_: None)
    values, game.rng = roll_d6(game.rng, dice)
    game.events.append(DiceRolled("attack", values, s.id))
    needed = needed_roll(weapon.melee_accuracy, sk.roll_bonus(s.skills, "melee"))
    hits = sum(1 for v in values if v >= needed)
    damage = sk.damage_for(s.skills, "melee", weapon.id, weapon.melee_damage)
    counts = list(game.zombies[s.zone])
    killed = [0] * game.tables.type_count
    order = [game.tables.zombie_index[n] for n in command.priority]
    order += [game.tables.zombie_index[n] for n in game.box.default_melee_order if n in game.tables.zombie_index]
    order += list(range(game.tables.type_count))
    for _ in range(hits):
        victim = next((t for t in order if counts[t] > 0 and damage >= game.tables.damage_to_kill[t]), None)
        if victim is None:
            break
        counts[victim] -= 1
        killed[victim] += 1
    game.land_kills(i, s.zone, killed, counts, "melee", values)
