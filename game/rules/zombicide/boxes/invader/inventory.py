"""The inventory (rules digest §6.2, §6.4, §12, §13): two Hand slots, two Body slots, a five-card
Backpack; attachments slid under weapons; Oxygen Tanks from the Oxygen Supply Rooms; who searches
where, and how many cards a search draws.

A card works from the slot its icon names (hand cards in a hand, body cards in a Body slot); the
Backpack takes anything. An attachment is one card with its weapon: it goes where the weapon goes,
and comes off into the Backpack when the weapon leaves the hands. Discarded Oxygen Tanks and
Prototypes go back to their own piles, never into the Equipment deck.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.zombicide.boxes import InventoryRules
from game.rules.zombicide.boxes.invader.board import board_of
from game.rules.zombicide.boxes.invader.commands import (
    Attach,
    CardAttached,
    Detach,
    EscortMove,
    TakeOxygenTank,
    UseCard,
    ZeroGSpin,
)
from game.rules.zombicide.boxes.invader.mold import is_mold
from game.rules.zombicide.boxes.invader.state import NO_MOLD, hero
from game.rules.zombicide.commands import Bloodlust, CardDiscarded, CardDrawn, Move, Rearrange, Trade
from game.rules.zombicide.state import EMPTY, evolved

Game = Any
HANDS = (0, 1)
BODY = (2, 3)
BACKPACK_FROM = 4
OXYGEN = "oxygen"


def slot_kind(slot: int) -> str:
    return "hand" if slot in HANDS else "body" if slot in BODY else "backpack"


def slot_fits(equipment: Any, slot: int) -> bool:
    """Hand slots hold hand cards, Body slots body cards; the Backpack holds anything."""
    if slot >= BACKPACK_FROM:  # asked for every slot of every trade: the cheap answer first
        return True
    return getattr(equipment, "slot", "backpack") == ("hand" if slot in HANDS else "body")


class InvaderInventory(InventoryRules):
    """Two Hands, two Body slots, the Backpack (the core's: weapons work from the hands)."""

    def fits(self, tables: Any, survivor_id: str, slot: int, equipment: Any) -> bool:
        if slot >= BACKPACK_FROM:  # ``slot_fits``, inlined: asked for every slot of every listed trade
            return True
        return getattr(equipment, "slot", "backpack") == ("hand" if slot in HANDS else "body")

    def slot_names(self, tables: Any, survivor_id: str, slot_count: int) -> tuple[str, ...]:
        return tuple(slot_kind(slot) for slot in range(slot_count))


def effect_in_body(state: Any, s: Any, effect: str) -> bool:
    kinds, equipment, slots = state.card_kinds, state.tables.equipment, s.slots
    for n in BODY:  # a plain loop: asked for every listed move outdoors and at every listing
        if n < len(slots) and slots[n] >= 0 and effect in equipment[kinds[slots[n]]].effects:
            return True
    return False


def has_oxygen(state: Any, s: Any) -> bool:
    """An Oxygen Tank equipped in a Body slot."""
    return effect_in_body(state, s, OXYGEN)


def outdoors(state: Any, s: Any) -> bool:
    return bool(board_of(state.graph).outdoor[s.zone])


def attachments_of(state: Any, weapon: int) -> tuple[int, ...]:
    return tuple(a for a, w in state.box_state.attached if w == weapon)


def _oxygen_in(state: Any, slots: tuple[int, ...]) -> bool:
    kinds, equipment = state.card_kinds, state.tables.equipment
    return any(0 <= n < len(slots) and slots[n] >= 0 and OXYGEN in equipment[kinds[slots[n]]].effects for n in BODY)


def refuse_arrangement(state: Any, i: int, command: Any) -> str:
    """Outdoors, a survivor keeps its Oxygen Tank in a Body slot through any rearrangement or trade."""
    s = state.survivors[i]
    if not outdoors(state, s):
        return ""
    if isinstance(command, Rearrange) and not _oxygen_in(state, tuple(command.slots)):
        return Said(N_("{survivor} is outdoors: the Oxygen Tank stays in a Body slot"), survivor=s.name)
    if isinstance(command, Trade):
        # the engine asks with its working copy as well as a state: find the other by its id either way
        other = next(o for o in state.survivors if o.id == command.other)
        if not _oxygen_in(state, tuple(command.slots)) or not _oxygen_in(state, tuple(command.other_slots)):
            return Said(N_("{survivor} and {other} are outdoors: their Oxygen Tanks stay in their Body slots"),
                        survivor=s.name, other=other.name)
    return ""


def refuse_outdoors(state: Any, i: int, command: Any) -> str:
    """Nobody steps outdoors without an Oxygen Tank in a Body slot (§12.3)."""
    if isinstance(command, (Move, Bloodlust)):
        to, via = command.to, command.via
    elif isinstance(command, (ZeroGSpin, EscortMove)):
        to, via = command.to, ()
    else:
        return ""
    if not crosses_outdoors(state.graph, to, via):
        return ""
    s = state.survivors[i]
    if has_oxygen(state, s):
        return ""
    return Said(N_("{survivor} needs an Oxygen Tank in a Body slot to go outdoors"), survivor=s.name)


def crosses_outdoors(graph: Any, to: str, via: tuple[str, ...]) -> bool:
    """A move to zone ``to`` passing ``via`` (zone ids) enters an outdoor zone (asked for every listed
    move: most boards have few outdoor zones)."""
    outside = graph.box_data.outdoor_ids  # ``board_of``, inlined: worked out once per board
    if not outside or to in outside:
        return bool(outside)
    return bool(via) and not outside.isdisjoint(via)  # most moves go one zone, with no ``via``


def keeps(game: Game, i: int, slot: int) -> str:
    """A survivor outdoors never discards the Oxygen Tank it breathes from."""
    s = game.survivors[i]
    if not outdoors(game, s) or not 0 <= slot < len(s.slots) or s.slots[slot] < 0:
        return ""
    slots = list(s.slots)
    slots[slot] = EMPTY
    if has_oxygen(game, s) and not _oxygen_in(game, tuple(slots)):
        return Said(N_("{survivor} is outdoors: the Oxygen Tank stays in a Body slot"), survivor=s.name)
    return ""


# --- attachments --------------------------------------------------------------------------------


def _reorganize(game: Game, i: int) -> None:
    """A reorganization: free while a Search's or an Oxygen Tank's is open, else 1 action."""
    s = game.survivors[i]
    if not hero(s).reorganize_free:
        game.spend(i, "other")


def can_attach(state: Any, card: int, weapon: int) -> bool:
    attachment = state.tables.equipment[state.card_kinds[card]]
    target = state.tables.equipment[state.card_kinds[weapon]]
    kind = getattr(attachment, "attaches_to", None)
    return kind is not None and kind == getattr(target, "ammo_type", None)


def card_dropped(state: Any, i: int, from_slot: int, onto_slot: int) -> Attach | None:
    """An attachment dragged onto a card in a hand is slid under it (the engine says whether it fits);
    any other drag on the card is the core's swap."""
    s = state.survivors[i]
    if not (0 <= from_slot < len(s.slots)) or onto_slot not in HANDS or onto_slot == from_slot:
        return None
    card, onto = s.slots[from_slot], s.slots[onto_slot]
    if card < 0 or onto < 0 or getattr(state.tables.equipment[state.card_kinds[card]], "attaches_to", None) is None:
        return None
    return Attach(s.id, from_slot, onto_slot)


def do_attach(game: Game, i: int, command: Attach) -> None:
    s = game.survivors[i]
    if not (0 <= command.slot < len(s.slots)) or command.weapon_slot not in HANDS:
        raise IllegalCommand(Said(N_("attach a card to a weapon in a hand")))
    card, weapon = s.slots[command.slot], s.slots[command.weapon_slot]
    if card < 0 or weapon < 0 or not can_attach(game, card, weapon):
        raise IllegalCommand(Said(N_("that card does not attach to that weapon")))
    _reorganize(game, i)
    slots = list(s.slots)
    slots[command.slot] = EMPTY
    game.change(i, slots=tuple(slots))
    game.box_state = evolved(game.box_state, attached=game.box_state.attached + ((card, weapon),))
    game.events.append(CardAttached(s.id, game.card_kinds[card], game.card_kinds[weapon], True))
    game.inventory_event(i)


def do_detach(game: Game, i: int, command: Detach) -> None:
    s = game.survivors[i]
    weapon = s.slots[command.weapon_slot] if 0 <= command.weapon_slot < len(s.slots) else -1
    on_it = attachments_of(game, weapon) if weapon >= 0 else ()
    if not on_it:
        raise IllegalCommand(Said(N_("no card is attached to that weapon")))
    free = next((n for n in range(BACKPACK_FROM, len(s.slots)) if s.slots[n] == EMPTY), None)
    if free is None:
        raise IllegalCommand(Said(N_("{survivor}'s Backpack is full"), survivor=s.name))
    _reorganize(game, i)
    card = on_it[-1]
    slots = list(s.slots)
    slots[free] = card
    game.change(i, slots=tuple(slots))
    game.box_state = evolved(game.box_state, attached=tuple(p for p in game.box_state.attached if p[0] != card))
    game.events.append(CardAttached(s.id, game.card_kinds[card], game.card_kinds[weapon], False))
    game.inventory_event(i)


def attach_commands(state: Any, i: int) -> list[Any]:
    s = state.survivors[i]
    if not (s.actions_left > 0 or s.box_fields.reorganize_free):  # ``hero(s)``, inlined
        return []
    attached = state.box_state.attached
    # only a card that attaches to something attaches (``can_attach``): most survivors hold none
    attaching = not card_sets(state.card_kinds, state.tables.equipment)[1].isdisjoint(s.slots)
    if not attaching:
        if not attached:
            return []  # the usual case, asked at every listing: nothing to attach, nothing to detach
        carriers = _carriers(attached)
        if s.slots[0] not in carriers and s.slots[1] not in carriers:  # the hands (``HANDS``)
            return []
    found: list[Any] = []
    for weapon_slot in HANDS:
        weapon = s.slots[weapon_slot]
        if weapon < 0:
            continue
        if attaching:
            seen: set[str] = set()
            for slot, card in enumerate(s.slots):
                if card >= 0 and slot != weapon_slot and state.card_kinds[card] not in seen and can_attach(state, card, weapon):
                    seen.add(state.card_kinds[card])
                    found.append(Attach(s.id, slot, weapon_slot))
        if attachments_of(state, weapon) and any(s.slots[n] == EMPTY for n in range(BACKPACK_FROM, len(s.slots))):
            found.append(Detach(s.id, weapon_slot))
    return found


# the last attachments asked about (the box state's tuple of (card, weapon)) and the weapons carrying one
_LAST_CARRIERS: tuple[Any, frozenset[int]] = ((), frozenset())


def _carriers(attached: tuple[tuple[int, int], ...]) -> frozenset[int]:
    global _LAST_CARRIERS
    if _LAST_CARRIERS[0] is not attached:
        _LAST_CARRIERS = (attached, frozenset(weapon for _card, weapon in attached))
    return _LAST_CARRIERS[1]


# --- Oxygen Tanks and other cards ---------------------------------------------------------------


def oxygen_room_here(state: Any, s: Any) -> bool:
    return bool(board_of(state.graph).oxygen[s.zone]) and not is_mold(state, s.zone)


def do_take_oxygen(game: Game, i: int, command: TakeOxygenTank) -> None:
    s = game.survivors[i]
    if not oxygen_room_here(game, s):
        raise IllegalCommand(Said(N_("Oxygen Tanks are taken in an Oxygen Supply Room (not under Mold)")))
    if game.zombie_count(s.zone):
        raise IllegalCommand(Said(N_("nobody takes an Oxygen Tank with xenos in the zone")))
    if not game.box_state.oxygen_pile:
        raise IllegalCommand(Said(N_("every Oxygen Tank is out")))
    game.spend(i, "other")
    tank = game.box_state.oxygen_pile[0]
    game.box_state = evolved(game.box_state, oxygen_pile=game.box_state.oxygen_pile[1:])
    game.change(i, box_fields=evolved(hero(s), reorganize_free=True))
    game.events.append(CardDrawn("oxygen", game.card_kinds[tank], game.zid(s.zone), s.id))
    game.offer_cards(i, [tank])


def do_use_card(game: Game, i: int, command: UseCard) -> None:
    s = game.survivors[i]
    card = s.slots[command.slot] if 0 <= command.slot < len(s.slots) else -1
    xp = _xp_of(game, card)
    if card < 0 or not xp:
        raise IllegalCommand(Said(N_("that card is not used up for an effect")))
    game.discard(i, command.slot)
    game.gain_xp(i, xp)


def _xp_of(state: Any, card: int) -> int:
    return _xp_of_card(state.tables.equipment[state.card_kinds[card]]) if card >= 0 else 0


def _xp_of_card(equipment: Any) -> int:
    for effect in equipment.effects:
        name, _, value = effect.partition(":")
        if name == "discard_for_xp" and value.isdigit():
            return int(value)
    return 0


def card_commands(state: Any, i: int) -> list[Any]:
    """Oxygen Tanks to take and cards to use (free)."""
    s = state.survivors[i]
    found: list[Any] = []
    # ``oxygen_room_here``, inlined: asked at every listing, most zones are no Oxygen Supply Room
    if s.actions_left > 0 and state.graph.box_data.oxygen[s.zone] and not is_mold(state, s.zone) and (
            state.box_state.oxygen_pile and not sum(state.zombies[s.zone])):
        found.append(TakeOxygenTank(s.id))
    if card_sets(state.card_kinds, state.tables.equipment)[2].isdisjoint(s.slots):
        return found  # the usual case, asked at every listing: no card used up for XP
    seen: set[str] = set()
    for slot, card in enumerate(s.slots):
        if card >= 0 and _xp_of(state, card) and state.card_kinds[card] not in seen:
            seen.add(state.card_kinds[card])
            found.append(UseCard(s.id, slot))
    return found


# id of a game's cards → (its cards, the equipment table, its card sets): the cards that go to piles of
# their own when discarded (Oxygen Tanks and Prototypes), those that attach to a weapon, those used up
# for XP
CardSets = tuple[frozenset[int], frozenset[int], frozenset[int]]
_CARD_SETS: dict[int, tuple[tuple[str, ...], Any, CardSets]] = {}


def card_sets(kinds: tuple[str, ...], equipment: Any) -> CardSets:
    global _LAST_CARD_SETS
    last = _LAST_CARD_SETS  # the same game's cards again (asked at every listing): no look-up
    if last[0] is kinds and last[1] is equipment:
        return last[2]
    entry = _CARD_SETS.get(id(kinds))
    if entry is None or entry[0] is not kinds or entry[1] is not equipment:
        if len(_CARD_SETS) > 64:
            _CARD_SETS.clear()
        cards = [(c, equipment.get(kind)) for c, kind in enumerate(kinds)]
        known = [(c, card) for c, card in cards if card is not None]
        piled = frozenset(c for c, card in known if OXYGEN in card.effects or getattr(card, "prototype", False))
        attaching = frozenset(c for c, card in known if getattr(card, "attaches_to", None) is not None)
        for_xp = frozenset(c for c, card in known if _xp_of_card(card))
        entry = _CARD_SETS[id(kinds)] = (kinds, equipment, (piled, attaching, for_xp))
    _LAST_CARD_SETS = entry
    return entry[2]


_EMPTY_SETS: CardSets = (frozenset(), frozenset(), frozenset())
_LAST_CARD_SETS: tuple[Any, Any, CardSets] = (None, None, _EMPTY_SETS)


# the last untouched discard pile (a tuple, with the game's cards and equipment table) ``tidy`` found
# with no card of a pile of its own: asked after every command, most often of the same pile
_LAST_CLEAN_DISCARD: tuple[Any, Any, Any] = (None, None, None)


def tidy(game: Game) -> None:
    """Cards back where they belong: discarded Oxygen Tanks and Prototypes to their piles, an
    attachment off a weapon that left the hands (into the Backpack, or discarded with no room) and
    to the discard pile with a weapon that is gone."""
    global _LAST_CLEAN_DISCARD
    box = game.box_state
    discard = game.as_it_stands("equipment_discard")  # asked after every command: read, not copied
    kinds, equipment = game.card_kinds, game.tables.equipment
    last = _LAST_CLEAN_DISCARD
    if (not discard or (discard is last[0] and kinds is last[1] and equipment is last[2])) and (
            not box.attached or weapons_in_hands(game.survivors, box.attached)):
        return  # the same untouched pile as last time, found with no Oxygen Tank or Prototype; every weapon with an attachment in a hand
    if discard:
        piled = card_sets(kinds, equipment)[0]
        tanks = protos = []
        if not piled.isdisjoint(discard):  # seldom any
            tanks = [c for c in game.equipment_discard if OXYGEN in equipment[kinds[c]].effects]
            protos = [c for c in game.equipment_discard if getattr(equipment[kinds[c]], "prototype", False)]
        elif discard.__class__ is tuple:  # a tuple is never changed: the next command may skip it
            _LAST_CLEAN_DISCARD = (discard, kinds, equipment)
        if tanks or protos:
            game.equipment_discard = [c for c in game.equipment_discard if c not in tanks and c not in protos]
            box = evolved(box, oxygen_pile=box.oxygen_pile + tuple(tanks), prototype_pile=box.prototype_pile + tuple(protos))
    if box.attached:
        holder: dict[int, tuple[int, int]] = {}
        for i, s in enumerate(game.survivors):
            if s.in_play:
                for slot, card in enumerate(s.slots):
                    if card >= 0:
                        holder[card] = (i, slot)
        kept: list[tuple[int, int]] = []
        for card, weapon in box.attached:
            where = holder.get(weapon)
            if where is not None and where[1] in HANDS:
                kept.append((card, weapon))
                continue
            if where is not None:  # the weapon went to the Backpack or a Body slot: the card comes off
                i, _slot = where
                s = game.survivors[i]
                free = next((n for n in range(BACKPACK_FROM, len(s.slots)) if s.slots[n] == EMPTY), None)
                if free is not None:
                    slots = list(s.slots)
                    slots[free] = card
                    game.change(i, slots=tuple(slots))
                    game.events.append(CardAttached(s.id, kinds[card], kinds[weapon], False))
                    continue
            game.equipment_discard.append(card)
            game.events.append(CardDiscarded(game.survivors[where[0]].id if where else "", kinds[card]))
        if len(kept) != len(box.attached):  # most often every weapon is still in a hand
            box = evolved(box, attached=tuple(kept))
    game.box_state = box


def weapons_in_hands(survivors: Any, attached: tuple[tuple[int, int], ...]) -> bool:
    """Every weapon with a card attached is in a hand of a survivor in play (``tidy`` then keeps them
    all: asked after every command and step, most often so)."""
    in_hands = set()
    for s in survivors:
        if s.alive and not s.escaped:  # ``in_play``, inlined
            in_hands.add(s.slots[0])  # the hands (``HANDS``)
            in_hands.add(s.slots[1])
    return in_hands.issuperset(map(_WEAPON, attached))  # read in C


_WEAPON = itemgetter(1)  # of an attachment (card, weapon)


# --- searching ----------------------------------------------------------------------------------


def may_search(state: Any, i: int) -> bool:
    """Who searches where (§2.1, §6.1, §9, §12): never outdoors or under Mold; Civilians in any room,
    Soldiers in Security Rooms only; an Exploration Drone in a Body slot opens every building zone,
    Scavenger every room and corridor."""
    s = state.survivors[i]
    zone = s.zone
    data = board_of(state.graph)
    mold = state.box_state.mold  # ``is_mold``, inlined
    if data.outdoor[zone] or (mold and mold[zone] != NO_MOLD):
        return False
    # asked at every listing: the board's answers first, then a Civilian in a room (the usual
    # searcher), the skill and the Body slots' cards (the dearest walk) last
    if data.security[zone] or (not data.corridor[zone] and _role(state.tables.catalog, s.id) == "civilian"):
        return True
    return "scavenger" in s.skills or effect_in_body(state, s, "searches_building")


# id of a catalogue → (the catalogue, survivor id → role): the catalogue finds a survivor by a walk
_ROLES: dict[int, tuple[Any, dict[str, str]]] = {}


def _role(catalog: Any, survivor_id: str) -> str:
    entry = _ROLES.get(id(catalog))
    if entry is None or entry[0] is not catalog:
        if len(_ROLES) > 8:
            _ROLES.clear()
        entry = _ROLES[id(catalog)] = (catalog, {})
    role = entry[1].get(survivor_id)
    if role is None:
        role = entry[1][survivor_id] = getattr(catalog.survivor(survivor_id), "role", "civilian")
    return role


def search_draws(state: Any, i: int) -> int:
    s = state.survivors[i]
    return 1 + (1 if effect_in_body(state, s, "search_draws_two") else 0) + (1 if "search_plus_one_card" in s.skills else 0)


HANDLERS: dict[type, Any] = {Attach: do_attach, Detach: do_detach, TakeOxygenTank: do_take_oxygen, UseCard: do_use_card}
