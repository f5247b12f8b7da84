"""Wounds: zombie attacks shared among survivors, armour and skills that turn wounds away, elimination.

What a wound costs the inventory is the box's (``BoxRules.wounds``): the core only counts them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.i18n import N_
from game.rules.core.reasons import Said
from game.rules.zombicide import skills as sk
from game.rules.zombicide.commands import (
    CardDiscarded,
    SurvivorEliminated,
    SurvivorWounded,
)
from game.rules.zombicide.state import EMPTY, Pending
from game.rules.zombicide.working import Fields


class Wounds(Fields):
    """Methods of the working copy (``Game``)."""

    if not TYPE_CHECKING:  # slots for the working copy; mypy reads the fields declared in ``Fields``
        __slots__ = ()

    def resolve_wound(self, pending: Pending, option: int) -> None:
        """The chosen survivor takes the wound (or discards a card instead); the next one is shared."""
        payload = pending.payload[option]
        if payload[0] < 0:  # one of the box's decoys takes the attack
            self.box.wounds.decoy_attack(self, payload, pending.zombie)
        elif len(payload) > 2:  # Is that all you've got?: the card goes, the wound does not
            self.shrug_off(payload[0], payload[1])
        else:
            self.box.wounds.zombie_attack(self, payload[0], payload[1], pending.zombie)
        if pending.remaining > 1:
            if pending.survivor >= 0:  # a Taunt's attack, aimed at one survivor
                self.queue.insert(0, ("taunt_wound", pending.survivor, pending.remaining - 1, pending.zombie))
            else:
                self.queue.insert(0, ("wound", pending.zone, pending.remaining - 1, pending.zombie))

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
        """One wound on survivor ``i``; ``slot`` is the card the player chose to give up for it."""
        s = self.survivors[i]
        slots, discarded = self.box.wounds.take(self, i, slot)
        wounds = s.wounds + 1
        self.change(i, slots=slots, wounds=wounds)
        self.events.append(SurvivorWounded(s.id, wounds, discarded))
        if wounds >= self.box.wounds.limit(self, i):
            self.eliminate(i)

    def eliminate(self, i: int) -> None:
        s = self.survivors[i]
        if not s.in_play:
            return
        self.discard_cards(c for c in s.slots if c >= 0)
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
        if self.box.decoys is not None:
            more_labels, more_payload = self.box.wounds.decoy_options(self, zone)
            labels += more_labels
            payload += more_payload
        return labels, payload

    def decoy_zones(self) -> set[int]:
        """Where the box's decoys stand (``BoxRules.decoys``): zombies there attack, and hunt them."""
        decoys = self.box.decoys
        return set(decoys(self)) if decoys is not None else set()

    def wound_options_for(self, i: int) -> tuple[list[str], list[tuple[int, ...]]]:
        """How survivor ``i`` may take one zombie wound (the box's word), or a skill turn it away."""
        return self.box.wounds.options(self, i)

    def shrug_off_options(self, i: int, labels: list[str], payload: list[tuple[int, ...]]) -> None:
        """Is that all you've got?: any equipment card may be discarded instead of the wound."""
        s = self.survivors[i]
        if sk.has(s.skills, "discards_to_ignore_wounds"):
            for slot, card in enumerate(s.slots):
                if card >= 0:
                    labels.append(Said(N_("{who} discards {card} and ignores the wound"), who=s.name,
                                       card=self.equipment(card)))
                    payload.append((i, slot, 1))

    def shrug_off(self, i: int, slot: int) -> None:
        """Is that all you've got?: an equipment card is discarded instead of taking the wound."""
        s = self.survivors[i]
        card = s.slots[slot]
        slots = list(s.slots)
        slots[slot] = EMPTY
        self.change(i, slots=tuple(slots))
        self.discard_cards((card,))
        self.events.append(CardDiscarded(s.id, self.card_kinds[card]))
        self.events.append(SurvivorWounded(s.id, s.wounds, self.card_kinds[card], ignored=True))

    def default_wound(self, zone: int, prey: Sequence[int] | None = None) -> tuple[int, int]:
        """The fixed sharing policy: the least-wounded survivor loses its last reserve card. ``prey``:
        ``prey_in(zone)``, when the caller has it already."""
        i = min(self.prey_in(zone) if prey is None else prey, key=lambda j: (self.survivors[j].wounds, j))
        return i, self.default_wound_for(i)

    def default_wound_for(self, i: int) -> int:
        """The slot survivor ``i`` gives up under the fixed policy (the box's word)."""
        return self.box.wounds.default_slot(self, i)
