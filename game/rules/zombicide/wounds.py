"""Wounds: zombie attacks shared among survivors, armour and skills that turn wounds away, elimination."""

from __future__ import annotations

from game.rules.zombicide import skills as sk
from game.rules.zombicide.commands import (
    CardDiscarded,
    SurvivorEliminated,
    SurvivorWounded,
)
from game.rules.zombicide.state import (
    EMPTY,
    WOUND,
)
from game.rules.zombicide.working import Fields


class Wounds(Fields):
    """Methods of the working copy (``Game``)."""

    __slots__ = ()

    def zombie_wound(self, i: int, slot: int, t: int) -> None:
        """A zombie's attack lands: Ironclad and Tough may turn it away."""
        s = self.survivors[i]
        if sk.ignores_wounds_from(s.skills, self.zname(t)):
            self.events.append(SurvivorWounded(s.id, s.wounds, "", ignored=True))
            return
        if sk.has(s.skills, "ignores_first_attack") and not s.tough_used:
            self.change(i, tough_used=True)
            self.events.append(SurvivorWounded(s.id, s.wounds, "", ignored=True))
            return
        if self.mask_stops(i):
            return
        self.wound(i, slot)

    def mask_stops(self, i: int) -> bool:
        """A Hockey Mask, carried anywhere, turns away the first wound of each round."""
        s = self.survivors[i]
        if s.mask_used or not any("ignore_first_wound_each_round" in self.equipment(c).effects for c in s.cards()):
            return False
        self.change(i, mask_used=True)
        self.events.append(SurvivorWounded(s.id, s.wounds, "", ignored=True))
        return True

    def wound(self, i: int, slot: int) -> None:
        s = self.survivors[i]
        slots = list(s.slots)
        discarded = ""
        if 0 <= slot < len(slots) and slots[slot] >= 0:
            discarded = self.card_kinds[slots[slot]]
            self.equipment_discard.append(slots[slot])
            slots[slot] = WOUND
        elif EMPTY in slots:
            slots[slots.index(EMPTY)] = WOUND
        wounds = s.wounds + 1
        self.change(i, slots=tuple(slots), wounds=wounds)
        self.events.append(SurvivorWounded(s.id, wounds, discarded))
        if wounds >= self.tables.catalog.setup.wounds_to_eliminate:
            self.eliminate(i)

    def eliminate(self, i: int) -> None:
        s = self.survivors[i]
        if not s.in_play:
            return
        self.equipment_discard.extend(c for c in s.slots if c >= 0)
        self.change(i, alive=False, slots=tuple(EMPTY for _ in s.slots), actions_left=0, free_actions=())
        self.events.append(SurvivorEliminated(s.id))
        if self.active == i:
            self.end_turn(i)

    def wound_options(self, zone: int) -> tuple[list[str], list[tuple[int, ...]]]:
        labels: list[str] = []
        payload: list[tuple[int, ...]] = []
        for i in self.prey_in(zone):
            more_labels, more_payload = self.wound_options_for(i)
            labels += more_labels
            payload += more_payload
        return labels, payload

    def wound_options_for(self, i: int) -> tuple[list[str], list[tuple[int, ...]]]:
        """How survivor ``i`` may take one zombie wound: which card goes, or a skill that turns it away."""
        labels: list[str] = []
        payload: list[tuple[int, ...]] = []
        s = self.survivors[i]
        seen: set[str] = set()
        if EMPTY in s.slots and sk.has(s.skills, "wounds_cost_no_card"):
            labels.append(f"{s.name} takes a wound")
            payload.append((i, -1))
            return labels, payload
        for slot, card in enumerate(s.slots):
            if card >= 0 and self.card_kinds[card] not in seen:
                seen.add(self.card_kinds[card])
                labels.append(f"{s.name} takes a wound and loses {self.equipment(card).name}")
                payload.append((i, slot))
        if not seen:
            labels.append(f"{s.name} takes a wound")
            payload.append((i, -1))
        if sk.has(s.skills, "discards_to_ignore_wounds"):
            for slot, card in enumerate(s.slots):
                if card >= 0:
                    labels.append(f"{s.name} discards {self.equipment(card).name} and ignores the wound")
                    payload.append((i, slot, 1))
        return labels, payload

    def shrug_off(self, i: int, slot: int) -> None:
        """Is that all you've got?: an equipment card is discarded instead of taking the wound."""
        s = self.survivors[i]
        card = s.slots[slot]
        slots = list(s.slots)
        slots[slot] = EMPTY
        self.change(i, slots=tuple(slots))
        self.equipment_discard.append(card)
        self.events.append(CardDiscarded(s.id, self.card_kinds[card]))
        self.events.append(SurvivorWounded(s.id, s.wounds, self.card_kinds[card], ignored=True))

    def default_wound(self, zone: int) -> tuple[int, int]:
        """The fixed sharing policy: the least-wounded survivor loses its last reserve card."""
        i = min(self.prey_in(zone), key=lambda j: (self.survivors[j].wounds, j))
        return i, self.default_wound_for(i)

    def default_wound_for(self, i: int) -> int:
        """The slot survivor ``i`` loses under the fixed policy: the last card, none with Hold on to life."""
        s = self.survivors[i]
        if EMPTY in s.slots and sk.has(s.skills, "wounds_cost_no_card"):
            return -1
        cards = [slot for slot, c in enumerate(s.slots) if c >= 0]
        return cards[-1] if cards else -1
