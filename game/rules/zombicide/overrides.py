"""Manual override: the players change the table by hand: move, add or remove any piece, set a
survivor's counters (XP, wounds, actions left) or a zone's noise, put a named card on top of a deck,
or shuffle a deck with its discard pile.

Overrides are engine commands played by the table's own seat (``OVERRIDE_SEAT``): the engine checks
them, tells them with its own events, and they go into the same log as play, so they are saved,
replayed and undone like any other move.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.frozen import record
from game.rules.core.reasons import Label, Named, Said, ZoneId
from game.rules.core.rng import shuffled
from game.rules.zombicide import skills as sk
from game.rules.zombicide.commands import (
    DangerLevelReached,
    DeckShuffled,
    SkillGained,
    SurvivorMoved,
    ZombieMoved,
    ZombiesKilled,
    ZombieSpawned,
)
from game.rules.zombicide.state import EMPTY, LEVEL_NAMES, Survivor, ZombicideState
from game.rules.zombicide.tables import into_discard

OVERRIDE_SEAT = "table"  # who plays manual-override commands: the table itself, not a player

# --- manual override commands ------------------------------------------------------------------


@record
class PlaceZombies:
    """Put zombies of a type in a zone from the box (as many as the supply still holds)."""

    zone: str
    zombie: str
    count: int = 1
    kind: Literal["override_place_zombies"] = "override_place_zombies"


@record
class RemoveZombies:
    """Take zombies of a type off a zone, back to the box."""

    zone: str
    zombie: str
    count: int = 1
    kind: Literal["override_remove_zombies"] = "override_remove_zombies"


@record
class ShiftZombies:
    """Carry zombies of a type from one zone to any other."""

    from_zone: str
    to_zone: str
    zombie: str
    count: int = 1
    kind: Literal["override_shift_zombies"] = "override_shift_zombies"


@record
class PlaceSurvivor:
    """Stand a survivor in any zone, costing no action."""

    survivor: str
    zone: str
    kind: Literal["override_place_survivor"] = "override_place_survivor"


@record
class AddSurvivor:
    """Bring a survivor of the box who is not in the game onto the board, for a seat, with empty hands."""

    survivor: str
    zone: str
    seat: str
    kind: Literal["override_add_survivor"] = "override_add_survivor"


@record
class RemoveSurvivor:
    """Take a survivor off the game: its cards go to the discard pile."""

    survivor: str
    kind: Literal["override_remove_survivor"] = "override_remove_survivor"


@record
class SurvivorAdded:
    """Event of an AddSurvivor override."""

    survivor: str
    zone: str
    seat: str
    kind: Literal["override_survivor_added"] = "override_survivor_added"


@record
class SurvivorRemoved:
    """Event of a RemoveSurvivor override."""

    survivor: str
    zone: str
    kind: Literal["override_survivor_removed"] = "override_survivor_removed"


Counter = Literal["xp", "wounds", "actions"]
Deck = Literal["equipment", "zombie"]


@record
class SetCounter:
    """Set a survivor's experience, its wounds, or the actions it has left this turn."""

    survivor: str
    counter: Counter
    value: int
    kind: Literal["override_set_counter"] = "override_set_counter"


@record
class SetNoise:
    """Set the Noise tokens lying in a zone."""

    zone: str
    tokens: int
    kind: Literal["override_set_noise"] = "override_set_noise"


@record
class PutCardOnTop:
    """Put a named card on top of a deck: an equipment id, or a zombie card's number."""

    deck: Deck
    card: str
    kind: Literal["override_put_card_on_top"] = "override_put_card_on_top"


@record
class ReshuffleDeck:
    """Shuffle a deck with its discard pile (equipment kept out of the deck stays out)."""

    deck: Deck
    kind: Literal["override_reshuffle_deck"] = "override_reshuffle_deck"


@record
class CounterSet:
    """Event of a SetCounter override."""

    survivor: str
    counter: str
    value: int
    kind: Literal["override_counter_set"] = "override_counter_set"


@record
class NoiseSet:
    """Event of a SetNoise override."""

    zone: str
    tokens: int
    kind: Literal["override_noise_set"] = "override_noise_set"


@record
class CardPutOnTop:
    """Event of a PutCardOnTop override: the players named it, so everybody knows it."""

    deck: str
    card: str
    kind: Literal["override_card_put_on_top"] = "override_card_put_on_top"


OverrideCommand = (PlaceZombies | RemoveZombies | ShiftZombies | PlaceSurvivor | AddSurvivor | RemoveSurvivor
                   | SetCounter | SetNoise | PutCardOnTop | ReshuffleDeck)
OVERRIDE_TYPES = (PlaceZombies, RemoveZombies, ShiftZombies, PlaceSurvivor, AddSurvivor, RemoveSurvivor,
                  SetCounter, SetNoise, PutCardOnTop, ReshuffleDeck)
OVERRIDE_EVENTS = (SurvivorAdded, SurvivorRemoved, CounterSet, NoiseSet, CardPutOnTop)
COUNTERS: tuple[Counter, ...] = ("xp", "wounds", "actions")
DECKS: tuple[Deck, ...] = ("equipment", "zombie")


def _zone_index(state: ZombicideState, zone_id: str) -> int:
    index = state.graph.index.get(zone_id)
    if index is None:
        raise IllegalCommand(Said(N_('there is no zone {zone} on this board'), zone=repr(zone_id)))
    return index


def _type_index(state: ZombicideState, zombie: str) -> int:
    index = state.tables.zombie_index.get(zombie)
    if index is None:
        raise IllegalCommand(Said(N_('unknown zombie type {kind}'), kind=repr(zombie)))
    return index


def _zombie_named(state: ZombicideState, t: int) -> Named:
    """A zombie kind as an override names it: its id in English (as typed), its Spanish name."""
    return Named(name=state.tables.zombie_ids[t], name_es=state.tables.catalog.zombies[t].name_es)


def _with_zombies(state: ZombicideState, zone: int, t: int, delta: int) -> ZombicideState:
    counts = list(state.zombies[zone])
    counts[t] += delta
    zombies = list(state.zombies)
    zombies[zone] = tuple(counts)
    supply = list(state.supply)
    supply[t] -= delta
    return replace(state, zombies=tuple(zombies), supply=tuple(supply))


def bench_survivors(state: ZombicideState) -> list[str]:
    """Survivors of the box who are not in this game (the ones an override may bring in)."""
    playing = {s.id for s in state.survivors}
    return [s.id for s in state.tables.catalog.survivors if s.id not in playing]


def _add_survivor(state: ZombicideState, command: AddSurvivor) -> tuple[ZombicideState, tuple[Any, ...]]:
    catalog = state.tables.catalog
    if state.survivor_index(command.survivor) >= 0:
        raise IllegalCommand(Said(N_('{survivor} is already in this game'), survivor=repr(command.survivor)))
    if command.survivor not in {s.id for s in catalog.survivors}:
        raise IllegalCommand(Said(N_('there is no survivor {survivor} in this box'), survivor=repr(command.survivor)))
    if command.seat not in state.seats:
        raise IllegalCommand(Said(N_('there is no seat {seat} at this table'), seat=repr(command.seat)))
    zone = _zone_index(state, command.zone)
    profile = catalog.survivor(command.survivor)
    skills = tuple(ref.text for ref in profile.skills_at("blue"))
    rules = catalog.setup
    mate = next((s for s in state.survivors if s.seat == command.seat), None)
    # a newcomer acts this round unless the players' phase is already over
    actions = rules.actions_per_turn + sk.extra_actions(skills) if state.phase == "players" else 0
    newcomer = Survivor(
        id=profile.id, name=profile.name, seat=command.seat, team=mate.team if mate else command.seat, zone=zone,
        slots=(EMPTY,) * (rules.hand_slots + rules.reserve_slots + sk.extra_reserve_slots(skills)),
        skills=skills, actions_left=actions, free_actions=sk.free_actions(skills), done=state.phase != "players",
        box_fields=state.box.survivor_fields(),
    )
    event = SurvivorAdded(profile.id, command.zone, command.seat)
    return replace(state, survivors=state.survivors + (newcomer,)), (event,)


def _remove_survivor(state: ZombicideState, command: RemoveSurvivor) -> tuple[ZombicideState, tuple[Any, ...]]:
    i = state.survivor_index(command.survivor)
    if i < 0 or not state.survivors[i].in_play:
        raise IllegalCommand(Said(N_('{survivor} is not on the board'), survivor=repr(command.survivor)))
    s = state.survivors[i]
    if state.pending is not None or state.queue or state.paused_queue:
        raise IllegalCommand(Said(N_('finish the decision under way first')))
    if state.active == i:
        raise IllegalCommand(Said(N_('{survivor} is taking a turn: end it first'), survivor=s.name))
    if sum(1 for other in state.survivors if other.in_play) <= 1:
        raise IllegalCommand(Said(N_('the game needs at least one survivor on the board')))
    held = state.box.confined(s)
    if held:
        raise IllegalCommand(Said(N_('{survivor} sits in {held}'), survivor=s.name, held=Label(held)))
    # survivors after the removed one move up a place: indices held elsewhere follow them
    active = state.active - 1 if state.active > i else state.active
    loud_zone, loud_by = state.loud
    loud = (-1, -1) if loud_by == i else (loud_zone, loud_by - 1 if loud_by > i else loud_by)
    cards = s.cards()
    kinds, discarded = into_discard(state.card_kinds, state.tables, cards)
    event = SurvivorRemoved(s.id, state.graph.zone_ids[s.zone])
    return replace(state, survivors=state.survivors[:i] + state.survivors[i + 1:], active=active, loud=loud,
                   card_kinds=kinds, equipment_discard=state.equipment_discard + tuple(discarded),
                   unloaded=tuple(c for c in state.unloaded if c not in cards)), (event,)


def _set_counter(state: ZombicideState, command: SetCounter) -> tuple[ZombicideState, tuple[Any, ...]]:
    i = state.survivor_index(command.survivor)
    if i < 0 or not state.survivors[i].in_play:
        raise IllegalCommand(Said(N_('{survivor} is not on the board'), survivor=repr(command.survivor)))
    if command.counter not in COUNTERS:
        raise IllegalCommand(Said(N_('there is no counter {counter} (xp, wounds or actions)'), counter=repr(command.counter)))
    if command.value < 0:
        raise IllegalCommand(Said(N_('a counter never goes below 0')))
    s = state.survivors[i]
    events: list[Any] = [CounterSet(s.id, command.counter, command.value)]
    if command.counter == "wounds":
        most = state.tables.catalog.setup.wounds_to_eliminate
        if command.value >= most:
            raise IllegalCommand(Said(N_('{most} wounds eliminate {survivor}: take the survivor off the board instead'), most=most, survivor=s.name))
        slots = state.box.wounds.with_wounds(s.slots, command.value)
        if slots is None:
            raise IllegalCommand(Said(N_('{survivor} has no free slot to take another wound'), survivor=s.name))
        changed = replace(s, wounds=command.value, slots=slots)
    elif command.counter == "actions":
        if state.phase != "players" or s.done:
            raise IllegalCommand(Said(N_('{survivor} has no turn left this round'), survivor=s.name))
        changed = replace(s, actions_left=command.value)
    else:
        level = state.tables.level_of(command.value)
        skills = s.skills
        card = state.tables.catalog.survivor(s.id)
        for reached in range(s.level + 1, level + 1):  # the card's first skill of each level reached
            name = LEVEL_NAMES[reached]
            skill = card.skills_at(name)[0].text  # type: ignore[arg-type]
            events += [DangerLevelReached(s.id, name), SkillGained(s.id, skill)]
            skills += (skill,)
        changed = replace(s, xp=command.value, level=level, skills=skills)
    survivors = list(state.survivors)
    survivors[i] = changed
    return replace(state, survivors=tuple(survivors)), tuple(events)


def _set_noise(state: ZombicideState, command: SetNoise) -> tuple[ZombicideState, tuple[Any, ...]]:
    zone = _zone_index(state, command.zone)
    if command.tokens < 0:
        raise IllegalCommand(Said(N_('a zone holds 0 Noise tokens or more')))
    noise = list(state.noise)
    noise[zone] = command.tokens
    return replace(state, noise=tuple(noise)), (NoiseSet(command.zone, command.tokens),)


def _card_on_top(state: ZombicideState, command: PutCardOnTop) -> tuple[ZombicideState, tuple[Any, ...]]:
    if command.deck == "zombie":
        number = int(command.card) if command.card.isdigit() else -1
        if number not in state.tables.zombie_cards:
            raise IllegalCommand(Said(N_('there is no zombie card {card}'), card=repr(command.card)))
        deck = tuple(n for n in state.zombie_deck if n != number)
        discard = tuple(n for n in state.zombie_discard if n != number)
        moved = replace(state, zombie_deck=(number,) + deck, zombie_discard=discard)
        return moved, (CardPutOnTop("zombie", str(number)),)
    if command.deck != "equipment":
        raise IllegalCommand(Said(N_('there is no {deck} deck'), deck=repr(command.deck)))
    if command.card not in state.tables.equipment:
        raise IllegalCommand(Said(N_('there is no equipment card {card}'), card=repr(command.card)))
    kinds = state.card_kinds
    found = next((c for c in state.equipment_deck + state.equipment_discard if kinds[c] == command.card), None)
    if found is not None:  # from the deck if one is there, else from the discard pile
        deck = tuple(c for c in state.equipment_deck if c != found)
        discard = tuple(c for c in state.equipment_discard if c != found)
        return (replace(state, equipment_deck=(found,) + deck, equipment_discard=discard),
                (CardPutOnTop("equipment", command.card),))
    raise IllegalCommand(Said(N_('no {card} is left in the equipment deck or its discard pile'), card=state.tables.equipment[command.card]))


def _reshuffle(state: ZombicideState, command: ReshuffleDeck) -> tuple[ZombicideState, tuple[Any, ...]]:
    if command.deck == "zombie":
        order, rng = shuffled(state.rng, state.zombie_deck + state.zombie_discard)
        return (replace(state, zombie_deck=order, zombie_discard=(), rng=rng), (DeckShuffled("zombie", len(order)),))
    if command.deck != "equipment":
        raise IllegalCommand(Said(N_('there is no {deck} deck'), deck=repr(command.deck)))
    kept_out = set(state.tables.catalog.setup.kept_out_of_deck)
    kinds = state.card_kinds
    back = [c for c in state.equipment_discard if kinds[c] not in kept_out]
    order, rng = shuffled(state.rng, state.equipment_deck + tuple(back))
    discard = tuple(c for c in state.equipment_discard if kinds[c] in kept_out)
    return (replace(state, equipment_deck=order, equipment_discard=discard, rng=rng),
            (DeckShuffled("equipment", len(order)),))


def counter_choices(state: ZombicideState, survivor_id: str, counter: Counter) -> tuple[int, ...]:
    """Values a player may set a survivor's counter to by hand, the present one included: a step or
    five either way and each danger level's threshold (XP), every count short of elimination
    (wounds), none up to two beyond a full turn (actions)."""
    i = state.survivor_index(survivor_id)
    if i < 0:
        return ()
    s = state.survivors[i]
    rules = state.tables.catalog.setup
    if counter == "xp":
        near = {s.xp + step for step in (-5, -1, 0, 1, 5)} | set(state.tables.xp_thresholds)
        return tuple(sorted(v for v in near if v >= 0))
    if counter == "wounds":
        return tuple(range(rules.wounds_to_eliminate))
    full_turn = rules.actions_per_turn + sk.extra_actions(s.skills)
    return tuple(range(max(full_turn, s.actions_left) + 3))


def cards_for_top(state: ZombicideState, deck: Deck) -> tuple[str, ...]:
    """What may be put on top of a deck by hand: the equipment ids found in the deck or its discard
    pile (in the catalog's order), or every zombie card's number."""
    if deck == "zombie":
        return tuple(str(n) for n in sorted(state.tables.zombie_cards))
    present = {state.card_kinds[c] for c in state.equipment_deck + state.equipment_discard}
    return tuple(e for e in state.tables.equipment if e in present)


def _place_survivor(state: ZombicideState, command: PlaceSurvivor) -> tuple[ZombicideState, tuple[Any, ...]]:
    i = state.survivor_index(command.survivor)
    if i < 0 or not state.survivors[i].in_play:
        raise IllegalCommand(Said(N_('{survivor} is not on the board'), survivor=repr(command.survivor)))
    s = state.survivors[i]
    zone = _zone_index(state, command.zone)
    if zone == s.zone:
        raise IllegalCommand(Said(N_('{survivor} already stands there'), survivor=s.name))
    held = state.box.confined(s)
    if held:
        raise IllegalCommand(Said(N_('{survivor} sits in {held}'), survivor=s.name, held=Label(held)))
    survivors = list(state.survivors)
    survivors[i] = replace(s, zone=zone)
    event = SurvivorMoved(s.id, state.graph.zone_ids[s.zone], command.zone, s.actions_left)
    return replace(state, survivors=tuple(survivors)), (event,)


def _zombie_kind(state: ZombicideState, command: PlaceZombies | RemoveZombies | ShiftZombies) -> int:
    if command.count < 1:
        raise IllegalCommand(Said(N_('move at least one zombie')))
    return _type_index(state, command.zombie)


def _place_zombies(state: ZombicideState, command: PlaceZombies) -> tuple[ZombicideState, tuple[Any, ...]]:
    t = _zombie_kind(state, command)
    zone = _zone_index(state, command.zone)
    if state.supply[t] < command.count:
        raise IllegalCommand(Said(N_('only {count} {zombie} left in the box'), count=state.supply[t], zombie=_zombie_named(state, t)))
    return _with_zombies(state, zone, t, command.count), (ZombieSpawned(command.zone, command.zombie, command.count),)


def _remove_zombies(state: ZombicideState, command: RemoveZombies) -> tuple[ZombicideState, tuple[Any, ...]]:
    t = _zombie_kind(state, command)
    zone = _zone_index(state, command.zone)
    if state.zombies[zone][t] < command.count:
        raise IllegalCommand(Said(N_('there are not {count} {zombie} in {zone}'), count=command.count, zombie=_zombie_named(state, t), zone=ZoneId(command.zone)))
    return (_with_zombies(state, zone, t, -command.count),
            (ZombiesKilled(command.zone, command.zombie, command.count),))


def _shift_zombies(state: ZombicideState, command: ShiftZombies) -> tuple[ZombicideState, tuple[Any, ...]]:
    t = _zombie_kind(state, command)
    source, target = _zone_index(state, command.from_zone), _zone_index(state, command.to_zone)
    if source == target:
        raise IllegalCommand(Said(N_('pick another zone')))
    if state.zombies[source][t] < command.count:
        raise IllegalCommand(Said(N_('there are not {count} {zombie} in {zone}'), count=command.count, zombie=_zombie_named(state, t), zone=ZoneId(command.from_zone)))
    moved = _with_zombies(_with_zombies(state, source, t, -command.count), target, t, command.count)
    return moved, (ZombieMoved(command.from_zone, command.to_zone, command.zombie, command.count),)


_PLAYED_BY: dict[type, Any] = {
    PlaceZombies: _place_zombies, RemoveZombies: _remove_zombies, ShiftZombies: _shift_zombies,
    PlaceSurvivor: _place_survivor, AddSurvivor: _add_survivor, RemoveSurvivor: _remove_survivor,
    SetCounter: _set_counter, SetNoise: _set_noise, PutCardOnTop: _card_on_top, ReshuffleDeck: _reshuffle,
}


def apply_override(state: ZombicideState, command: OverrideCommand) -> tuple[ZombicideState, tuple[Any, ...]]:
    """A manual change of the table, told with the engine's own events so the log and animations follow."""
    if state.result is not None:
        raise IllegalCommand(Said(N_('the game is over')))
    played = _PLAYED_BY.get(type(command))
    if played is None:
        raise IllegalCommand(Said(N_('{command} is not a manual override'), command=repr(command)))
    return played(state, command)  # type: ignore[no-any-return]
