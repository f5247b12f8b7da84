"""A Green Horde inventory (digest §11): two Hands for cards with the Hand icon, a Body slot for armour
(or the card pictured on the survivor's ID card, which then counts as held in a Hand), and five
Backpack slots for anything (cards of the Backpack icon work only there). Spellbook makes the spells
in the Backpack count as held; a card with danger-level gems waits for its level (§9.1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.zombicide.boxes import InventoryRules
from game.rules.zombicide.boxes.green_horde.content import BODY_SLOT, FIRST_BACKPACK_SLOT
from game.rules.zombicide.catalog import DANGER_LEVELS

SLOT_NAMES = ("hand", "hand", "body") + ("backpack",) * 5
_LEVEL_NEEDED = {level: n for n, level in enumerate(DANGER_LEVELS)}  # a card's ``usable_from`` → the level it needs


def body_card(tables: Any, survivor_id: str) -> str:
    """The card pictured on the survivor's ID card ("" for none)."""
    try:
        return str(getattr(tables.catalog.survivor(survivor_id), "body_card", ""))
    except KeyError:
        return ""


# survivor id → (the catalogue, the ids its pictured card goes by, or none): a card is the pictured one
# whatever its copy (a starting copy of the same card counts); asked at every look at a Body slot
_PICTURED: dict[str, tuple[Any, tuple[str, ...]]] = {}


def _pictured(tables: Any, survivor_id: str) -> tuple[str, ...]:
    catalog = tables.catalog
    entry = _PICTURED.get(survivor_id)
    if entry is None or entry[0] is not catalog:
        if len(_PICTURED) > 4096:
            _PICTURED.clear()
        name = body_card(tables, survivor_id)
        entry = _PICTURED[survivor_id] = (catalog, (name, f"{name}_start") if name else ())
    return entry[1]


class GreenHordeInventory(InventoryRules):
    def fits(self, tables: Any, survivor_id: str, slot: int, equipment: Any) -> bool:
        where = getattr(equipment, "slot", "hand")
        if slot < BODY_SLOT:
            return where == "hand" and equipment.kind != "event"
        if slot == BODY_SLOT:
            return where == "body" or equipment.id in _pictured(tables, survivor_id)
        return True

    def worn(self, tables: Any, survivor_id: str, slot_count: int) -> tuple[int, ...]:
        return (0, 1, BODY_SLOT)

    def readies(self, equipment: Any) -> bool:
        return getattr(equipment, "slot", "hand") in ("hand", "body") and equipment.kind == "item"

    def held(self, state: Any, survivor: Any) -> Sequence[int]:
        slots, kinds, equipment = survivor.slots, state.card_kinds, state.tables.equipment
        held = [0, 1]
        body = slots[BODY_SLOT] if len(slots) > BODY_SLOT else -1
        if body >= 0 and equipment[kinds[body]].id in _pictured(state.tables, survivor.id):
            held.append(BODY_SLOT)
        if "spellbook" in survivor.skills:
            held += [n for n in range(FIRST_BACKPACK_SLOT, len(slots))
                     if slots[n] >= 0 and getattr(equipment[kinds[slots[n]]], "spell", None)]
        return tuple(held)

    def ready(self, state: Any, survivor: Any, card: int) -> bool:
        equipment = state.tables.equipment[state.card_kinds[card]]  # a core card has no ``usable_from``: Blue
        return survivor.level >= _LEVEL_NEEDED.get(getattr(equipment, "usable_from", "blue"), 0)  # type: ignore[no-any-return]

    def slot_names(self, tables: Any, survivor_id: str, slot_count: int) -> tuple[str, ...]:
        return SLOT_NAMES[:slot_count] + ("backpack",) * max(0, slot_count - len(SLOT_NAMES))
