"""What an attack may do, worked out with the rules the engine rolls by: which weapons fire, how many
dice, the number each die needs, the damage, the re-rolls at hand, and every modifier with where it
comes from (skills, equipment, range). The window shows ``attack_odds``; ``combat`` rolls with the
same ``fired_cards``, ``attack_dice`` and ``reroll_sources``, so the two never disagree.

``state`` in these functions is a frozen state or the engine's working copy: both carry the
survivors, cards, tables, zombies, the unloaded weapons and the box.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Literal

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.frozen import record
from game.rules.core.reasons import Said
from game.rules.zombicide import skills as sk
from game.rules.zombicide.commands import Attack
from game.rules.zombicide.state import Survivor

DIE_FACES = 6
NEVER = DIE_FACES + 1  # the number a die would need when nothing it shows can hit
ADDS_A_DIE = "adds_die_to_other_melee"  # equipment effect: one more die for the other melee weapon in hand

What = Literal["dice", "needed", "damage", "range", "reroll", "note"]
Source = Literal["weapon", "skill", "equipment", "rule"]


@record
class Modifier:
    """One thing that shapes an attack: ``amount`` of ``what``, from ``source`` (its ``name``)."""

    what: What
    amount: int
    source: Source
    name: str


@record
class AttackOdds:
    """An attack before it is made. ``chance``: at least one hit, re-rolling every die whenever all
    of them miss while a re-roll is at hand; ``expected_hits``: without re-rolls."""

    weapon: str  # the weapon's name
    attack: str  # "melee", "ranged" or "magic"
    dice: int
    needed: int  # what each die must show (NEVER: no face hits)
    damage: int
    chance: float
    expected_hits: float
    rerolls: tuple[str, ...]  # the re-roll sources at hand ("lucky", "one_reroll_per_turn", "ammo")
    kills_everything: bool
    distance: int  # zones to the target (0: the attacker's own)
    modifiers: tuple[Modifier, ...]


def reachable_in(state: Any, zone: int) -> int:
    """Survivors in ``zone`` that the actors there can reach (not those the box isolates)."""
    isolated = state.box.isolated
    return sum(1 for o in state.survivors if o.in_play and o.zone == zone and not (isolated and isolated(state, o)))


def fired_cards(state: Any, s: Survivor, slot: int, single: bool = False) -> list[int]:
    """The cards an attack with the weapon of ``slot`` fires: it, and its Dual twin (in the other
    hand, or anywhere with Everything at hand) when both may fire together and the survivor does
    not fire that weapon alone (``single``)."""
    card = s.slots[slot]
    kinds = state.card_kinds
    weapon = state.tables.equipment[kinds[card]]
    fired = [card]
    if single:
        return fired
    if slot in (0, 1):
        other = s.slots[1 - slot]
    else:  # Everything at hand: a reserve weapon pairs with a twin anywhere
        other = next((c for n, c in enumerate(s.slots) if n != slot and c >= 0 and kinds[c] == weapon.id), -1)
    if (
        other >= 0
        and kinds[other] == weapon.id
        and (weapon.dual or sk.counts_as_dual(s.skills, weapon.attack))
        and not (weapon.reload and other in state.unloaded)
        and not weapon.kills_everything
    ):
        fired.append(other)
    return fired


def attack_dice(state: Any, s: Survivor, target: int, fired: Sequence[int], attack: str,
                explain: list[Modifier] | None = None) -> int:
    """How many dice the attack rolls; each part is added to ``explain`` when given."""
    equipment, kinds = state.tables.equipment, state.card_kinds

    def part(amount: int, source: Source, name: str) -> None:
        if explain is not None and amount:
            explain.append(Modifier("dice", amount, source, name))

    count = 0
    for n, card in enumerate(fired):
        weapon = equipment[kinds[card]]
        dice = weapon.dice
        part(dice, "weapon", weapon.id if n == 0 else f"{weapon.id}:dual")
        if attack == "melee" and sk.has(s.skills, "barbarian"):  # the better of the two, always
            crowd = sum(state.zombies[s.zone]) + reachable_in(state, s.zone)
            part(max(0, crowd - dice), "skill", "barbarian")
            dice = max(dice, crowd)
        if attack == "ranged" and sk.has(s.skills, "full_auto"):
            crowd = sum(state.zombies[target]) + reachable_in(state, target)
            part(max(0, crowd - dice), "skill", "full_auto")
            dice = max(dice, crowd)
        count += dice
        for skill in sk.dice_bonus_skills(s.skills, attack):
            count += 1
            part(1, "skill", skill)
        frenzy = sk.frenzy_dice(s.skills, attack, s.wounds)
        count += frenzy
        part(frenzy, "skill", next((k for k in s.skills if sk.split(k)[0] == "frenzy"), "frenzy"))
        if attack == "melee":
            other = s.slots[1] if s.slots[0] == card else s.slots[0]
            if other >= 0 and other not in fired and ADDS_A_DIE in equipment[kinds[other]].effects:
                count += 1
                part(1, "equipment", kinds[other])
            if len(fired) == 2 and ADDS_A_DIE in weapon.effects:
                count += 1
                part(1, "equipment", weapon.id)
    more = state.box.attack_dice
    if more is not None:  # the box's own dice (its skills and cards)
        count += more(state, s, target, fired, attack, part)
    return count


def weapon_reach(state: Any, s: Survivor, weapon: Any) -> tuple[int, int]:
    """The zones a ranged weapon reaches, nearest and farthest: the card's, the skills' extra range,
    or the box's word (``BoxRules.weapon_range``)."""
    reach = state.box.weapon_range
    if reach is not None:
        return reach(state, s, weapon)  # type: ignore[no-any-return]
    return weapon.range_min, weapon.range_max + sk.range_bonus(s.skills)


def reroll_sources(state: Any, s: Survivor, fired: Sequence[int], used: Sequence[str]) -> list[str]:
    """What may re-roll this attack's dice now: Lucky (once per action), 1 re-roll per turn,
    Plenty of Ammo matching the weapon (once per action)."""
    equipment, kinds = state.tables.equipment, state.card_kinds
    sources = []
    if "lucky" in s.skills and "lucky" not in used:
        sources.append("lucky")
    if "one_reroll_per_turn" in s.skills and not s.reroll_used:
        sources.append("one_reroll_per_turn")
    ammo = equipment[kinds[fired[0]]].ammo
    if ammo and "ammo" not in used and any(f"reroll_{ammo}_ammo" in equipment[kinds[c]].effects for c in s.cards()):
        sources.append("ammo")
    if state.box.rerolls is not None:  # the box's own re-rolls
        sources.extend(source for source, _label in state.box.rerolls(state, s, fired, used))
    return sources


def needed_roll(accuracy: int, bonus: int) -> int:
    """What a die must show to hit: ``min(6, die + bonus) >= accuracy``."""
    if accuracy > DIE_FACES:
        return NEVER
    return max(1, accuracy - bonus)


def attack_odds(state: Any, command: Attack, name_of: Callable[[Any], str] | None = None) -> AttackOdds:
    """The dice, the number needed, the chance and every modifier of an attack the survivor may make
    (a command of ``legal_commands``); a command naming no weapon in hand raises IllegalCommand.
    ``name_of(card or skill)``: how the weapon and the modifiers are named (the content's ``name``
    unless the caller shows another language's)."""
    named = name_of or _content_name
    i = state.survivor_index(command.survivor)
    if i < 0:
        raise IllegalCommand(Said(N_('there is no survivor called {survivor}'), survivor=repr(command.survivor)))
    s = state.survivors[i]
    if command.slot not in state.box.inventory.held(state, s) or s.slots[command.slot] < 0:
        raise IllegalCommand(Said(N_('attack with a weapon in hand')))
    weapon = state.tables.equipment[state.card_kinds[s.slots[command.slot]]]
    if weapon.attack is None:
        raise IllegalCommand(Said(N_('{weapon} is not a weapon'), weapon=weapon))
    attack = weapon.attack
    target = state.graph.index.get(command.zone)
    if target is None:
        raise IllegalCommand(Said(N_('there is no zone {zone}'), zone=repr(command.zone)))
    deeper = sk.has(s.skills, "sees_deeper")
    distance = 0 if target == s.zone else state.graph.zone_range(s.zone, target, tuple(state.doors_open), deeper)
    mods: list[Modifier] = []
    if attack != "melee":
        high = weapon_reach(state, s, weapon)[1]
        mods.append(Modifier("range", weapon.range_max, "weapon", weapon.id))
        if high > weapon.range_max:
            mods.append(Modifier("range", high - weapon.range_max, "skill", sk.RANGE_SKILL))
    fired = fired_cards(state, s, command.slot, command.single)
    if command.second_zone:  # Trick shot: the twin aims at its own zone, with its own roll
        fired = fired[:1]
        mods.append(Modifier("note", 1, "skill", "trick_shot"))
    if weapon.kills_everything:
        mods.append(Modifier("note", sum(state.zombies[target]), "weapon", weapon.id))
        return _named(state, named, AttackOdds(named(weapon), attack, 0, 1, 0, 1.0, float(sum(state.zombies[target])), (),
                                         True, distance or 0, tuple(mods)))
    dice = attack_dice(state, s, target, fired, attack, mods)
    bonus_skills = sk.roll_bonus_skills(s.skills, attack)
    needed = needed_roll(weapon.accuracy, len(bonus_skills))
    mods.append(Modifier("needed", weapon.accuracy, "weapon", weapon.id))
    mods.extend(Modifier("needed", -1, "skill", skill) for skill in bonus_skills)
    damage = weapon.damage
    mods.append(Modifier("damage", damage, "weapon", weapon.id))
    for skill, amount in sk.damage_parts(s.skills, attack, weapon.id, weapon.damage):
        damage += amount
        mods.append(Modifier("damage", amount, "skill", skill))
    rerolls = tuple(reroll_sources(state, s, fired, ()))
    mods.extend(Modifier("reroll", 1, "equipment" if r == "ammo" else "skill", r) for r in rerolls)
    single = max(0.0, min(1.0, (DIE_FACES + 1 - needed) / DIE_FACES))
    expected = dice * single
    if sk.rolls_on_sixes(s.skills, attack):  # every 6 adds a die, again and again
        expected *= DIE_FACES / (DIE_FACES - 1)
        mods.append(Modifier("note", 1, "skill", next(k for k in s.skills if sk.split(k)[0] == "roll_6_plus_one_die")))
    free_targeting = (
        attack == "melee" or sk.has(s.skills, "chooses_targets") or "chooses_targets" in weapon.effects
        or (target == s.zone and sk.has(s.skills, "point_blank"))
    )
    if not free_targeting:
        shot_first = [j for j in range(len(state.survivors)) if j != i and _hit_first(state, s, j, target)]
        if shot_first:
            rule = "friendly_fire_misses" if state.box.misses_hit_survivors else "friendly_fire"
            mods.append(Modifier("note", len(shot_first), "rule", rule))
    miss_all = (1 - single) ** (dice * (1 + len(rerolls))) if dice else 1.0
    chance = 1 - miss_all if dice else 0.0
    return _named(state, named, AttackOdds(named(weapon), attack, dice, needed, damage, chance, expected, rerolls, False,
                                    distance or 0, tuple(mods)))


def _hit_first(state: Any, shooter: Survivor, j: int, target: int) -> bool:
    """Survivor ``j`` stands where a ranged hit lands on survivors before any zombie."""
    other = state.survivors[j]
    isolated = state.box.isolated
    return (
        other.in_play and other.zone == target and not (isolated and isolated(state, other))
        and not sk.has(shooter.skills, "ignores_survivors_when_shooting")
        and not sk.has(other.skills, "never_shot_by_survivors")
    )


RULE_NAMES = {"friendly_fire": N_("survivors in the zone take the first hits"),
              "friendly_fire_misses": N_("every miss hits a survivor in the zone")}


def _content_name(content: Any) -> str:
    """A card's or skill's name; a skill's parameter (a plain id) in words."""
    return content.replace("_", " ") if isinstance(content, str) else str(content.name)


def _named(state: Any, name_of: Callable[[Any], str], odds: AttackOdds) -> AttackOdds:
    """The modifiers with the names players read: weapons and equipment by name, skills as their card says."""
    catalog = state.tables.catalog

    def name(modifier: Modifier) -> str:
        if modifier.source in ("weapon", "equipment"):
            card_id, _, dual = modifier.name.partition(":")
            found = state.tables.equipment.get(card_id)
            label = name_of(found) if found is not None else card_id
            return f"{label} (Dual)" if dual else label
        if modifier.source == "skill":
            skill_id, _, parameter = modifier.name.partition(":")
            try:
                label = name_of(catalog.skill(skill_id))
            except KeyError:
                label = skill_id.replace("_", " ")
            return f"{label}: {name_of(parameter)}" if parameter else label
        return RULE_NAMES.get(modifier.name, modifier.name.replace("_", " "))

    return replace(odds, modifiers=tuple(replace(m, name=name(m)) for m in odds.modifiers))
