"""The helicopter (digest §16): boarding, seats, take-off, landing, flights, equipment stored aboard,
and what it does to the others: nobody reaches those in flight, and a flying helicopter draws the
zombies as the last Loud does."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.board.model import ZoneKind
from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said, ZoneId, counted
from game.rules.zombicide.boxes.rue_morgue.commands import (
    HELICOPTER_COMMANDS,
    BoardHelicopter,
    ChangeSeat,
    Fly,
    HelicopterChanged,
    HelicopterHold,
    Land,
    LeaveHelicopter,
    StoreEquipment,
    TakeEquipment,
    TakeOff,
)
from game.rules.zombicide.boxes.rue_morgue.state import FREE, Helicopter, HelicopterSeat, board_of
from game.rules.zombicide.commands import EndTurn
from game.rules.zombicide.state import EMPTY, Survivor

PASSENGER_SEATS = 3
PILOT_SKILL = "helicopter_pilot"
ROPE_SKILL = "rope_descent"
Game = Any  # the engine's working copy (game.Game)


def seat_of(s: Survivor) -> HelicopterSeat:
    return s.box_fields  # type: ignore[no-any-return]


def helicopters(state: Any) -> tuple[Helicopter, ...]:
    return state.box_state.helicopters  # type: ignore[no-any-return]


def _set_helicopter(game: Game, h: int, helicopter: Helicopter) -> None:
    fleet = list(game.box_state.helicopters)
    fleet[h] = helicopter
    game.box_state = replace(game.box_state, helicopters=tuple(fleet))


def _seat(game: Game, i: int, aboard: int, piloting: bool) -> None:
    game.change(i, box_fields=HelicopterSeat(aboard, piloting) if aboard >= 0 else FREE)


def in_flight(state: Any, s: Survivor) -> bool:
    """Inside a flying helicopter: nobody outside reaches the survivor, nor it them (§16)."""
    aboard = s.box_fields.aboard
    return aboard >= 0 and state.box_state.helicopters[aboard].flying  # type: ignore[no-any-return]


def any_flying(state: Any) -> bool:
    """A helicopter is in the air: only then may ``in_flight`` hold for anyone (asked once per listing
    or zombie step instead of once per survivor)."""
    for helicopter in state.box_state.helicopters:  # noqa: SIM110 - no generator: asked after every command
        if helicopter.flying:
            return True
    return False


def aboard(s: Survivor) -> str:
    """What holds the survivor: "the helicopter", or "" when it stands on the board."""
    return "the helicopter" if s.box_fields.aboard >= 0 else ""


def refuse_aboard(game: Game, i: int, command: Any) -> str:
    """Aboard, a survivor only plays the helicopter's actions (or ends its turn)."""
    s = game.survivors[i]
    if s.box_fields.aboard >= 0 and not isinstance(command, _ABOARD_COMMANDS):
        return Said(N_("{survivor} must leave the helicopter first"), survivor=s.name)
    return ""


_ABOARD_COMMANDS = (*HELICOPTER_COMMANDS, EndTurn)


def flying_noise(game: Game, noise: list[int]) -> None:
    """A flying helicopter counts as the last Loud: its zone is the noisiest."""
    for helicopter in game.box_state.helicopters:
        if helicopter.flying:
            noise[helicopter.zone] = max(noise) + 1


def helicopter_here(game: Game, s: Survivor) -> int:
    for h, helicopter in enumerate(game.box_state.helicopters):
        if helicopter.zone == s.zone and not helicopter.flying:
            return h
    return -1


def crew(game: Game, h: int) -> tuple[int, list[int]]:
    pilot = next(
        (j for j, o in enumerate(game.survivors) if o.in_play and o.box_fields.aboard == h and o.box_fields.piloting), -1
    )
    passengers = [
        j for j, o in enumerate(game.survivors) if o.in_play and o.box_fields.aboard == h and not o.box_fields.piloting
    ]
    return pilot, passengers


def companions_of(state: Any, s: Survivor) -> list[int]:
    """The companion cards a survivor has (companions from other boxes are cards, §17)."""
    kinds, equipment = state.card_kinds, state.tables.equipment
    return [c for c in s.slots if c >= 0 and equipment[kinds[c]].kind == "companion"]


def seating(state: Any, cards: list[int] | tuple[int, ...]) -> int:
    """The passenger seats these companions fill (a Dog Companion fills none)."""
    kinds, equipment = state.card_kinds, state.tables.equipment
    return sum(1 for c in cards if equipment[kinds[c]].kind == "companion" and equipment[kinds[c]].takes_seat)


def seats_taken(state: Any, h: int) -> int:
    """Passenger seats filled: passengers, the companions of everyone aboard, and companions stored in
    the hold ("a Companion left in a vehicle must still fill an empty seat", §17)."""
    aboard = [o for o in state.survivors if o.in_play and o.box_fields.aboard == h]
    companions = [c for o in aboard for c in companions_of(state, o)]
    return (sum(1 for o in aboard if not o.box_fields.piloting) + seating(state, companions)
            + seating(state, state.box_state.helicopters[h].cards))


def _along(game: Game, i: int, companions: list[int]) -> None:
    """One more action per companion taken into or out of the helicopter along with the survivor."""
    s = game.survivors[i]
    if s.actions_left < len(companions):
        raise IllegalCommand(counted(N_("taking {count} companion along costs {count} more action: one more action each"),
                                     N_("taking {count} companions along costs {count} more actions: one more action each"),
                                     len(companions)))
    if companions:
        game.change(i, actions_left=s.actions_left - len(companions))


def board(game: Game, i: int, command: BoardHelicopter) -> None:
    s = game.survivors[i]
    h = helicopter_here(game, s)
    if h < 0:
        raise IllegalCommand(Said(N_("there is no landed helicopter in {survivor}'s zone"), survivor=s.name))
    if game.zombie_count(s.zone):
        raise IllegalCommand(Said(N_('nobody boards with zombies in the zone')))
    pilot, _ = crew(game, h)
    companions = companions_of(game, s)
    if command.pilot and pilot >= 0:
        raise IllegalCommand(Said(N_("the pilot's seat is taken")))
    if seats_taken(game, h) + (0 if command.pilot else 1) + seating(game, companions) > PASSENGER_SEATS:
        raise IllegalCommand(Said(N_("every passenger seat is taken")) if not command.pilot else Said(N_("no seat is left for the companions")))
    game.spend(i, "other")
    _along(game, i, companions)
    _seat(game, i, h, command.pilot)
    game.events.append(HelicopterChanged("boarded", game.zid(s.zone), s.id,
                                         companions=tuple(game.card_kinds[c] for c in companions)))


def rope_lands_in(graph: Any, zone: int) -> bool:
    """Rope Descent drops into a street zone, never an interior hallway (§16)."""
    return bool(graph.street_like[zone]) and graph.kinds[zone] != ZoneKind.HALLWAY


def leave(game: Game, i: int, command: LeaveHelicopter) -> None:
    s = game.survivors[i]
    seat = seat_of(s)
    if seat.aboard < 0:
        raise IllegalCommand(Said(N_('{survivor} is not in a helicopter'), survivor=s.name))
    helicopter = game.box_state.helicopters[seat.aboard]
    if helicopter.flying:
        if seat.piloting:
            raise IllegalCommand(Said(N_('the pilot cannot leave a flying helicopter')))
        if ROPE_SKILL not in s.skills:
            raise IllegalCommand(Said(N_('only Rope Descent gets a survivor out of a flying helicopter')))
        if not rope_lands_in(game.graph, helicopter.zone):
            raise IllegalCommand(Said(N_('a rope descent lands in a street zone only')))
    game.spend(i, "other")
    companions = companions_of(game, s)
    _along(game, i, companions)
    _seat(game, i, -1, False)
    game.events.append(HelicopterChanged("left", game.zid(s.zone), s.id,
                                         companions=tuple(game.card_kinds[c] for c in companions)))


def change_seat(game: Game, i: int, command: ChangeSeat) -> None:
    s = game.survivors[i]
    seat = seat_of(s)
    if seat.aboard < 0:
        raise IllegalCommand(Said(N_('{survivor} is not in a helicopter'), survivor=s.name))
    pilot, _ = crew(game, seat.aboard)
    if seat.piloting:
        if game.box_state.helicopters[seat.aboard].flying:
            raise IllegalCommand(Said(N_('the pilot cannot change seat in flight')))
        if seats_taken(game, seat.aboard) >= PASSENGER_SEATS:
            raise IllegalCommand(Said(N_('no passenger seat is free')))
    elif pilot >= 0:
        raise IllegalCommand(Said(N_("the pilot's seat is taken")))
    game.spend(i, "other")
    _seat(game, i, seat.aboard, not seat.piloting)
    game.events.append(HelicopterChanged("seat", game.zid(s.zone), s.id))


def pilot_check(game: Game, s: Survivor) -> Helicopter:
    seat = seat_of(s)
    if seat.aboard < 0 or not seat.piloting:
        raise IllegalCommand(Said(N_("{survivor} is not in a pilot's seat"), survivor=s.name))
    if PILOT_SKILL not in s.skills:
        raise IllegalCommand(Said(N_('{survivor} cannot fly a helicopter'), survivor=s.name))
    if not game.spec.helicopter_flies:
        raise IllegalCommand(Said(N_('in this mission the helicopter cannot fly')))
    return game.box_state.helicopters[seat.aboard]  # type: ignore[no-any-return]


def take_off(game: Game, i: int, command: TakeOff) -> None:
    _take_off_or_land(game, i, flying=True)


def land(game: Game, i: int, command: Land) -> None:
    _take_off_or_land(game, i, flying=False)


def _take_off_or_land(game: Game, i: int, flying: bool) -> None:
    """One action, at the helipad or the wasteland only: the helicopter stays in its zone."""
    s = game.survivors[i]
    helicopter = pilot_check(game, s)
    if helicopter.flying == flying:
        raise IllegalCommand(Said(N_("the helicopter is already flying")) if flying else Said(N_("the helicopter is on the ground")))
    if not board_of(game.graph).landing[helicopter.zone]:
        raise IllegalCommand(Said(N_('helicopters take off and land on the helipad or the wasteland')))
    game.spend(i, "other")
    game.made_a_stir(i)
    _set_helicopter(game, s.box_fields.aboard, replace(helicopter, flying=flying))
    game.events.append(HelicopterChanged("took_off" if flying else "landed", game.zid(helicopter.zone), s.id))


def fly(game: Game, i: int, command: Fly) -> None:
    s = game.survivors[i]
    helicopter = pilot_check(game, s)
    if not helicopter.flying:
        raise IllegalCommand(Said(N_('a helicopter on the ground cannot move')))
    path = [game.zone_by_id(z) for z in (*command.via, command.to)]
    if len(path) > 2:
        raise IllegalCommand(Said(N_('a flight goes 1 or 2 zones per action')))
    flight = board_of(game.graph).flight
    here = helicopter.zone
    for zone in path:
        if zone not in flight[here]:
            raise IllegalCommand(Said(N_('{zone} is not a straight step from {start}'), zone=ZoneId(game.zid(zone)), start=ZoneId(game.zid(here))))
        here = zone
    game.spend(i, "other")
    game.made_a_stir(i)
    h = s.box_fields.aboard
    _set_helicopter(game, h, replace(helicopter, zone=here))
    for j, other in enumerate(game.survivors):
        if other.box_fields.aboard == h and other.in_play:
            game.change(j, zone=here)
    game.events.append(HelicopterChanged("flew", game.zid(here), s.id, game.zid(helicopter.zone)))


def reachable_helicopter(game: Game, s: Survivor) -> int:
    if s.box_fields.aboard >= 0:
        return s.box_fields.aboard  # type: ignore[no-any-return]
    return helicopter_here(game, s)


def store(game: Game, i: int, command: StoreEquipment) -> None:
    """One action stores any number of cards (§16)."""
    s = game.survivors[i]
    h = reachable_helicopter(game, s)
    if h < 0:
        raise IllegalCommand(Said(N_('no helicopter to store equipment in: be aboard, or beside it landed')))
    chosen = command.slots or ((command.slot,) if command.slot >= 0 else ())
    if not chosen or len(set(chosen)) != len(chosen):
        raise IllegalCommand(Said(N_('name the slots of the cards to store, each once')))
    for slot in chosen:
        if not 0 <= slot < len(s.slots) or s.slots[slot] < 0:
            raise IllegalCommand(Said(N_('that slot holds no equipment card')))
    if s.box_fields.aboard < 0 and seats_taken(game, h) + seating(game, [s.slots[n] for n in chosen]) > PASSENGER_SEATS:
        raise IllegalCommand(Said(N_('a companion left in the helicopter fills a seat, and none is free')))
    game.spend(i, "other")
    slots = list(s.slots)
    cards = tuple(slots[slot] for slot in chosen)
    for slot in chosen:
        slots[slot] = EMPTY
    game.change(i, slots=tuple(slots))
    helicopter = game.box_state.helicopters[h]
    _set_helicopter(game, h, replace(helicopter, cards=helicopter.cards + cards))
    game.events.append(HelicopterHold(s.id, "stored", tuple(game.card_kinds[c] for c in cards), game.zid(helicopter.zone)))
    game.inventory_event(i)


def take(game: Game, i: int, command: TakeEquipment) -> None:
    """One action takes any number of the stored cards into empty slots (§16)."""
    s = game.survivors[i]
    h = reachable_helicopter(game, s)
    if h < 0:
        raise IllegalCommand(Said(N_('no helicopter to take equipment from: be aboard, or beside it landed')))
    helicopter = game.box_state.helicopters[h]
    picked = command.cards or ((command.index,) if command.index >= 0 else ())
    if not picked or len(set(picked)) != len(picked) or not all(0 <= n < len(helicopter.cards) for n in picked):
        raise IllegalCommand(Said(N_('name stored cards of the helicopter, each once')))
    targets = command.slots or ((command.slot,) if command.slot >= 0 else ())
    if not targets:
        targets = tuple(n for n, card in enumerate(s.slots) if card == EMPTY)[: len(picked)]
        if len(targets) < len(picked):
            raise IllegalCommand(Said(N_('{survivor} has no empty slot for {count} of those cards: discard first to make room'), survivor=s.name, count=len(picked) - len(targets)))
    if len(targets) != len(picked) or len(set(targets)) != len(targets):
        raise IllegalCommand(Said(N_('give one empty slot per card taken')))
    if not all(0 <= slot < len(s.slots) and s.slots[slot] == EMPTY for slot in targets):
        raise IllegalCommand(Said(N_('take the cards into empty slots')))
    game.spend(i, "other")
    slots = list(s.slots)
    for n, slot in zip(picked, targets, strict=True):
        slots[slot] = helicopter.cards[n]
    taken = tuple(helicopter.cards[n] for n in picked)
    game.change(i, slots=tuple(slots))
    _set_helicopter(game, h, replace(helicopter, cards=tuple(c for n, c in enumerate(helicopter.cards) if n not in picked)))
    game.events.append(HelicopterHold(s.id, "took", tuple(game.card_kinds[c] for c in taken), game.zid(helicopter.zone)))
    game.inventory_event(i)


HANDLERS: dict[type, Callable[[Any, int, Any], None]] = {
    BoardHelicopter: board,
    LeaveHelicopter: leave,
    ChangeSeat: change_seat,
    TakeOff: take_off,
    Land: land,
    Fly: fly,
    StoreEquipment: store,
    TakeEquipment: take,
}


# --- what may be played -------------------------------------------------------------------------


def boarding(state: Any, i: int) -> list[Any]:
    """Beside a landed helicopter: boarding it (no zombies in the zone), pilot's seat or passenger's,
    and storing or taking cards (the first such helicopter of the zone)."""
    fleet = state.box_state.helicopters
    if not fleet:
        return []
    s = state.survivors[i]
    zone = s.zone
    here = -1
    for h, heli in enumerate(fleet):  # a loop, not ``next`` over a generator: asked at every listing
        if heli.zone == zone and not heli.flying:
            here = h
            break
    if here < 0:
        return []
    commands: list[Any] = hold_commands(state, i, here)
    if state.zombies_in(s.zone):
        return commands
    companions = companions_of(state, s)
    if s.actions_left < 1 + len(companions):
        return commands
    for h, helicopter in enumerate(fleet):
        if helicopter.zone == s.zone and not helicopter.flying:
            people = [o for o in state.survivors if o.in_play and o.box_fields.aboard == h]
            free = PASSENGER_SEATS - seats_taken(state, h) - seating(state, companions)
            if not any(o.box_fields.piloting for o in people) and free >= 0:
                commands.append(BoardHelicopter(s.id, pilot=True))
            if free >= 1:
                commands.append(BoardHelicopter(s.id))
    return commands


def hold_commands(state: Any, i: int, h: int) -> list[Any]:
    """Storing or taking cards, listed one card at a time (one action stores or takes any number:
    the window gathers several, ``BoxRules.gathered``)."""
    s = state.survivors[i]
    key = (s.id, s.slots, len(state.box_state.helicopters[h].cards))
    made = _HOLD_COMMANDS.get(key)
    if made is None:  # the same few lists again and again (commands are frozen: lists share them)
        if len(_HOLD_COMMANDS) > 4096:
            _HOLD_COMMANDS.clear()
        found: list[Any] = [StoreEquipment(s.id, slots=(slot,)) for slot, card in enumerate(s.slots) if card >= 0]
        if EMPTY in s.slots:
            found.extend(TakeEquipment(s.id, cards=(n,)) for n in range(key[2]))
        made = _HOLD_COMMANDS[key] = tuple(found)
    return list(made)


# (survivor, its slots, cards in the helicopter) → what ``hold_commands`` lists
_HOLD_COMMANDS: dict[tuple[str, tuple[int, ...], int], tuple[Any, ...]] = {}


def aboard_commands(state: Any, i: int) -> list[Any] | None:
    """What a survivor aboard may do (None when it stands on the board)."""
    s = state.survivors[i]
    seat: HelicopterSeat = s.box_fields
    if seat.aboard < 0:
        return None
    graph = state.graph
    tokens = board_of(graph)
    helicopter = state.box_state.helicopters[seat.aboard]
    people = [o for o in state.survivors if o.in_play and o.box_fields.aboard == seat.aboard]
    pilot_seat_free = not any(o.box_fields.piloting for o in people)
    passengers = seats_taken(state, seat.aboard)
    commands: list[Any] = []
    can_leave = (not helicopter.flying or (
        not seat.piloting and ROPE_SKILL in s.skills and rope_lands_in(graph, helicopter.zone)
    )) and s.actions_left >= 1 + len(companions_of(state, s))
    if can_leave:
        commands.append(LeaveHelicopter(s.id))
    commands.extend(hold_commands(state, i, seat.aboard))
    if (seat.piloting and not helicopter.flying and passengers < PASSENGER_SEATS) or (not seat.piloting and pilot_seat_free):
        commands.append(ChangeSeat(s.id))
    if seat.piloting and PILOT_SKILL in s.skills and state.setup.helicopter_flies:
        if tokens.landing[helicopter.zone]:
            commands.append(Land(s.id) if helicopter.flying else TakeOff(s.id))
        if helicopter.flying:
            for first in tokens.flight[helicopter.zone]:
                if first < 0:
                    continue
                commands.append(Fly(s.id, graph.zone_ids[first]))
                for second in tokens.flight[first]:
                    if second >= 0 and second != helicopter.zone:
                        commands.append(Fly(s.id, graph.zone_ids[second], (graph.zone_ids[first],)))
    return commands
