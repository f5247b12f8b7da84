"""The planner bot's answers to the decisions the game asks for (which card to keep, who takes a
wound, which skill, whether to re-roll, who takes friendly fire), and what a card is worth carrying.
The box's own way is asked first (``BotAdvice.decisions``, ``BotAdvice.card_value``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.zombicide.commands import ChooseOption
from game.rules.zombicide.state import EMPTY, ZombicideState

SKILL_PREFERENCE = (
    "plus_one_action", "plus_one_free_combat_action", "plus_one_free_melee_action", "plus_one_free_ranged_action",
    "medic", "tough", "slippery", "plus_one_die:combat", "plus_one_die:melee", "plus_one_die:ranged",
    "plus_one_damage:melee", "regeneration", "lucky", "plus_one_free_move_action", "plus_one_free_search_action",
)


def hit_chance(accuracy: int, bonus: int) -> float:
    return max(0.0, min(1.0, (7 - max(1, accuracy - bonus)) / 6))


def card_value(state: ZombicideState, kind: str) -> float:
    """How much a card is worth carrying (the box's word first)."""
    own = state.box.bot.card_value(state, kind)
    if own is not None:
        return float(own)
    equipment = state.tables.equipment[kind]
    if equipment.kind == "weapon":
        if equipment.kills_everything:
            return 1.0
        value = equipment.dice * hit_chance(equipment.accuracy, 0) * (1.3 if equipment.damage >= 2 else 1.0)
        if equipment.dual:
            value *= 1.3
        if equipment.reload:
            value *= 0.8
        if equipment.attack != "melee":
            value *= 0.7  # useless in a zone shared with friends
        return value + (0.3 if equipment.opens_doors else 0.0) + 0.2
    if "ignore_first_wound_each_round" in equipment.effects:
        return 0.9
    if equipment.combines_with or equipment.effects:
        return 0.3
    return 0.1


def decide(state: ZombicideState, commands: Sequence[Any]) -> Any:
    pending = state.pending
    assert pending is not None
    core = {
        "keep_card": _decide_keep,
        "wound": _decide_wound,
        "skill": _decide_skill,
        "reroll": _decide_reroll,
        "friendly_fire": _decide_friendly_fire,
    }
    pick = state.box.bot.decisions.get(pending.kind) or core.get(pending.kind)  # the box's way first
    choice = pick(state) if pick is not None else 0
    return ChooseOption(choice if 0 <= choice < len(pending.options) else 0)


def _decide_keep(state: ZombicideState) -> int:
    """Keep the card in the slot where it adds the most, or discard it."""
    pending = state.pending
    assert pending is not None
    s = state.survivors[pending.survivor]
    new_value = card_value(state, state.card_kinds[pending.card])
    best, best_gain = 0, 0.0
    for n, payload in enumerate(pending.payload):
        slot = payload[0]
        if slot < 0 or slot >= len(s.slots):
            continue
        held = s.slots[slot]
        old_value = card_value(state, state.card_kinds[held]) if held >= 0 else 0.0
        weapon = state.tables.equipment[state.card_kinds[pending.card]]
        in_hand = 0.05 if (slot < 2) == (weapon.kind == "weapon") else 0.0
        gain = new_value - old_value + in_hand
        if held < EMPTY:  # a card that is not equipment (a box's) stays
            continue
        if gain > best_gain:
            best, best_gain = n, gain
    return best


def _decide_wound(state: ZombicideState) -> int:
    """The wound goes to whoever survives it best, losing the least useful card."""
    pending = state.pending
    assert pending is not None
    best, best_key = 0, None
    for n, payload in enumerate(pending.payload):
        i, slot = payload[0], payload[1]
        if i < 0:  # one of the box's decoys: given the blow only to save a survivor
            key = (False, 8, 0.0, n)
            if best_key is None or key < best_key:
                best, best_key = n, key
            continue
        s = state.survivors[i]
        shrug = len(payload) > 2
        worth = card_value(state, state.card_kinds[s.slots[slot]]) if 0 <= slot < len(s.slots) and s.slots[slot] >= 0 else 0.0
        dies = (s.wounds + 1 >= state.box.wounds.limit(state, i)) and not shrug
        key = (dies, 0 if shrug else s.wounds, worth, n)
        if best_key is None or key < best_key:
            best, best_key = n, key
    return best


def _decide_skill(state: ZombicideState) -> int:
    pending = state.pending
    assert pending is not None
    for wanted in SKILL_PREFERENCE:
        if wanted in pending.options:
            return pending.options.index(wanted)
    return 0


def _decide_reroll(state: ZombicideState) -> int:
    """Re-roll when most dice missed."""
    pending = state.pending
    assert pending is not None
    dice = pending.attack[4] if len(pending.attack) > 4 else ()
    misses = sum(1 for d in dice if d < 4)
    return 1 if dice and misses * 2 > len(dice) and len(pending.options) > 1 else 0


def _decide_friendly_fire(state: ZombicideState) -> int:
    pending = state.pending
    assert pending is not None
    return min(range(len(pending.payload)), key=lambda n: (state.survivors[pending.payload[n][0]].wounds, n))
