"""Wounds as cards (digest §14): each wound costs an equipment card of the player's choice and a
Wound card takes a slot; Wound cards move in the inventory but are never discarded or traded."""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.core.reasons import Said
from game.rules.zombicide import skills as sk
from game.rules.zombicide.boxes import WoundRules
from game.rules.zombicide.state import EMPTY

WOUND = -2  # a Wound card in an inventory slot
Game = Any  # the engine's working copy (game.Game)


class WoundCards(WoundRules):
    def options(self, game: Game, i: int) -> tuple[list[str], list[tuple[int, ...]]]:
        """Which card goes with the wound (one option per kind of card carried); Hold on to life
        keeps every card while a slot is free for the Wound card."""
        labels: list[str] = []
        payload: list[tuple[int, ...]] = []
        s = game.survivors[i]
        seen: set[str] = set()
        if EMPTY in s.slots and sk.has(s.skills, "wounds_cost_no_card"):
            return [Said(N_("{who} takes a wound"), who=s.name)], [(i, -1)]
        for slot, card in enumerate(s.slots):
            if card >= 0 and game.card_kinds[card] not in seen:
                seen.add(game.card_kinds[card])
                labels.append(Said(N_("{who} takes a wound and loses {card}"), who=s.name, card=game.equipment(card)))
                payload.append((i, slot))
        if not seen:
            labels.append(Said(N_("{who} takes a wound"), who=s.name))
            payload.append((i, -1))
        game.shrug_off_options(i, labels, payload)
        return labels, payload

    def default_slot(self, game: Game, i: int) -> int:
        """The fixed policy: the last card carried, none with Hold on to life."""
        s = game.survivors[i]
        if EMPTY in s.slots and sk.has(s.skills, "wounds_cost_no_card"):
            return -1
        cards = [slot for slot, c in enumerate(s.slots) if c >= 0]
        return cards[-1] if cards else -1

    def struck_slot(self, game: Game, i: int) -> int:
        """A survivor's hit costs the victim its last card."""
        cards = [slot for slot, c in enumerate(game.survivors[i].slots) if c >= 0]
        return cards[-1] if cards else -1

    def take(self, game: Game, i: int, slot: int) -> tuple[tuple[int, ...], str]:
        """The chosen card is discarded and the Wound card takes its slot (or a free one)."""
        slots = list(game.survivors[i].slots)
        discarded = ""
        if 0 <= slot < len(slots) and slots[slot] >= 0:
            discarded = game.card_kinds[slots[slot]]
            game.discard_cards((slots[slot],))
            slots[slot] = WOUND
        elif EMPTY in slots:
            slots[slots.index(EMPTY)] = WOUND
        return tuple(slots), discarded

    def heal(self, slots: tuple[int, ...], count: int) -> tuple[int, ...]:
        healed = list(slots)
        for slot, card in enumerate(slots):
            if card == WOUND and count != 0:
                healed[slot] = EMPTY
                count -= 1
        return tuple(healed)

    def with_wounds(self, slots: tuple[int, ...], wounds: int) -> tuple[int, ...] | None:
        """Wound cards added in the free slots from the back, or taken off from the back."""
        changed = list(slots)
        missing = wounds - changed.count(WOUND)
        for slot in range(len(changed) - 1, -1, -1):
            if missing > 0 and changed[slot] == EMPTY:
                changed[slot], missing = WOUND, missing - 1
            elif missing < 0 and changed[slot] == WOUND:
                changed[slot], missing = EMPTY, missing + 1
        return tuple(changed) if missing == 0 else None

    def held_card_name(self, card: int) -> str:
        return "wound" if card == WOUND else ""

    def held_card(self, name: str) -> int | None:
        return WOUND if name == "wound" else None
