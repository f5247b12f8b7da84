"""Green Horde's commands a survivor may play now, listed after the core's (``BoxRules.legal_free``):
enchantments, doors opened from afar, the Spiked Bow's melee, the siege engine, Dragon Bile and
Torches, Transmutation. Siege shots are listed at zones holding zombies (and the Horde); the engine
takes any zone at Range 2 or more."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.zombicide.boxes.green_horde.commands import (
    HORDE_TARGET,
    CastEnchantment,
    FireSiegeEngine,
    MeleeStrike,
    MoveSiegeEngine,
    OpenDoorFromAfar,
    ThrowBile,
    ThrowTorch,
    Transmute,
)
from game.rules.zombicide.boxes.green_horde.dragon import THROW_RANGE
from game.rules.zombicide.boxes.green_horde.magic import (
    REPULSE_RANGE,
    SURVIVOR_TARGETS,
    closed_doors_in_spell_range,
)
from game.rules.zombicide.boxes.green_horde.siege import AMMUNITION, SIEGE_ACTIONS, siege_targets
from game.rules.zombicide.boxes.green_horde.state import fields

FREE_TAGS = {"magic": ("spell",), "enchantment": ("spell",)}  # Spellcaster's free action pays for both


def can_spend(s: Any, category: str) -> bool:
    if s.actions_left > 0:
        return True
    tags = (category, *FREE_TAGS.get(category, ()), *(("combat",) if category == "melee" else ()))
    return any(tag in tags for tag in s.free_actions)


def listed(state: Any, i: int) -> Sequence[Any]:
    s = state.survivors[i]
    last = _LAST_LISTING.get(s.id)  # ``_listing_cards``'s usual answer, read without a call
    if last is not None and last[0] is s.slots and last[1] is s.skills and last[2] is state.tables \
            and last[3] is state.card_kinds:
        listing = last[4]
    else:
        listing = _listing_cards(state, s)
    if not listing and s.zone not in state.box_state.siege_engines and "transmutation" not in s.skills:
        return ()  # the usual case: no card that lists anything, no engine, no Transmutation
    sid = s.id
    commands: list[Any] = []
    graph, doors = state.graph, state.doors_open
    in_sight: tuple[int, ...] | None = None
    for slot, card, equipment in listing:
        effect = getattr(equipment, "enchantment", None)
        if effect and card not in fields(s).cast and can_spend(s, "enchantment"):
            if in_sight is None:
                in_sight = (s.zone, *graph.visible(doors)[s.zone])
            targets = _enchantment_targets(state, s, effect, in_sight)
            commands.extend(CastEnchantment(sid, slot, t) for t in targets)
            if "twin_spell" in s.skills:
                commands.extend(CastEnchantment(sid, slot, a, b) for a in targets for b in targets if a < b)
        if getattr(equipment, "opens_doors_at_range", False) and can_spend(s, "door") \
                and state.box.inventory.ready(state, s, card):
            # as ``reachable_door`` asks it of each door: the closed doors in reach, known per place
            for edge in closed_doors_in_spell_range(state, s, equipment):
                key = state.setup.door_keys.get(edge.color)
                if key is None or key in state.unlocked_colours:
                    commands.append(OpenDoorFromAfar(sid, slot, edge.connection_id))
        if getattr(equipment, "melee_dice", 0) and state.zombies_in(s.zone) and can_spend(s, "melee") \
                and state.box.inventory.ready(state, s, card):
            commands.append(MeleeStrike(sid, slot))
        if s.actions_left > 0 and ("pours_bile" in equipment.effects or "ignites_bile" in equipment.effects):
            commands.extend(_throws(state, s, slot, equipment))
    if s.zone in state.box_state.siege_engines and s.actions_left >= SIEGE_ACTIONS:
        commands.extend(_siege(state, s))
    if "transmutation" in s.skills and s.actions_left > 0 and (state.equipment_deck or state.equipment_discard):
        commands.extend(Transmute(sid, slot) for slot, card in enumerate(s.slots) if card >= 0)
    return commands


Listing = tuple[tuple[int, int, Any], ...]  # (slot, card, its equipment) of the held cards that may list something

# (survivor id, slots, skills) → (the game's tables, its card kinds, the survivor's held cards that may list
# an enchantment, a door opened from afar, a Spiked Bow's melee or a throw of Dragon Bile or a Torch):
# most survivors hold none, and their cards change far less often than they are listed
_LISTINGS: dict[tuple[str, tuple[int, ...], tuple[str, ...]], tuple[Any, tuple[str, ...], Listing]] = {}


# survivor id → (its slots, its skills, the tables, the card kinds, its listing) as last found: a survivor
# is listed after every command with the very same tuples most times, compared without hashing them
_LAST_LISTING: dict[str, tuple[Any, Any, Any, Any, Listing]] = {}


def _listing_cards(state: Any, s: Any) -> Listing:
    """The cards of ``s`` that list something, when ``listed`` did not find them in ``_LAST_LISTING``."""
    tables, kinds, slots, skills = state.tables, state.card_kinds, s.slots, s.skills
    key = (s.id, slots, skills)
    entry = _LISTINGS.get(key)
    if entry is not None and entry[0] is tables and entry[1] is kinds:
        _LAST_LISTING[s.id] = (slots, skills, tables, kinds, entry[2])
        return entry[2]
    if len(_LISTINGS) > 4096:
        _LISTINGS.clear()
    equipment_of = tables.equipment
    found = []
    for slot in state.box.inventory.held(state, s):
        card = s.slots[slot]
        if card >= 0 and _lists_any(equipment_of[kinds[card]]):
            found.append((slot, card, equipment_of[kinds[card]]))
    listing = tuple(found)
    _LISTINGS[key] = (tables, kinds, listing)
    if len(_LAST_LISTING) > 4096:
        _LAST_LISTING.clear()
    _LAST_LISTING[s.id] = (slots, skills, tables, kinds, listing)
    return listing


# id of an equipment card → (the card, whether it may list an enchantment, a door opened from afar,
# a Spiked Bow's melee or a throw of Dragon Bile or a Torch)
_LISTS_ANY: dict[int, tuple[Any, bool]] = {}


def _lists_any(equipment: Any) -> bool:
    entry = _LISTS_ANY.get(id(equipment))
    if entry is None or entry[0] is not equipment:
        if len(_LISTS_ANY) > 4096:
            _LISTS_ANY.clear()
        entry = _LISTS_ANY[id(equipment)] = (equipment, bool(
            getattr(equipment, "enchantment", None) or getattr(equipment, "opens_doors_at_range", False)
            or getattr(equipment, "melee_dice", 0)
            or "pours_bile" in equipment.effects or "ignites_bile" in equipment.effects))
    return entry[1]


def _enchantment_targets(state: Any, s: Any, effect: str, in_sight: tuple[int, ...]) -> list[str]:
    if effect in SURVIVOR_TARGETS:
        return [o.id for o in state.survivors
                if o.in_play and o.zone in in_sight and (effect != "healing" or o.wounds)]
    doors = state.doors_open
    return [state.graph.zone_ids[z] for z in in_sight
            if state.zombies_in(z) and (state.graph.zone_range(s.zone, z, doors) or 0) <= REPULSE_RANGE]


def _throws(state: Any, s: Any, slot: int, equipment: Any) -> list[Any]:
    graph, doors = state.graph, state.doors_open
    near = [s.zone] + [z for z in graph.visible(doors)[s.zone] if graph.zone_range(s.zone, z, doors) == THROW_RANGE]
    bile = state.box_state.bile
    if "pours_bile" in equipment.effects:  # with every puddle out, the oldest one moves: always possible
        return [ThrowBile(s.id, slot, graph.zone_ids[z]) for z in near if z not in bile]
    return [ThrowTorch(s.id, slot, graph.zone_ids[z]) for z in near if z in bile]


def _siege(state: Any, s: Any) -> list[Any]:
    graph, doors = state.graph, state.doors_open
    commands: list[Any] = []
    moving = SIEGE_ACTIONS + state.zombies_in(s.zone)
    for to in graph.neighbours(s.zone, doors):
        if s.actions_left >= moving + graph.step_extra(s.zone, to):
            commands.append(MoveSiegeEngine(s.id, graph.zone_ids[to]))
    zombies = state.zombies
    for z in siege_targets(state, s.zone):  # the zones holding zombies (``zombies_in`` inlined: dozens a listing)
        if sum(zombies[z]):
            commands.extend(_shots(s.id, graph.zone_ids[z]))
    if any(state.box_state.horde):
        commands.extend(_shots(s.id, HORDE_TARGET))
    return commands


# (survivor id, target) → a siege engine's shots at it, one per ammunition (commands are frozen: listings
# share them)
_SHOTS: dict[tuple[str, str], tuple[FireSiegeEngine, ...]] = {}


def _shots(sid: str, target: str) -> tuple[FireSiegeEngine, ...]:
    shots = _SHOTS.get((sid, target))
    if shots is None:
        if len(_SHOTS) > 4096:
            _SHOTS.clear()
        shots = _SHOTS[sid, target] = tuple(
            FireSiegeEngine(sid, target, ammunition) for ammunition in AMMUNITION)  # type: ignore[arg-type]
    return shots
