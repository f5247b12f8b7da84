"""The helicopter: boarding, seats, take-off, landing, flights, equipment stored aboard."""

from __future__ import annotations

from dataclasses import replace

from game.board.model import ZoneKind
from game.rules.core.base import IllegalCommand
from game.rules.zombicide import skills as sk
from game.rules.zombicide.commands import (
    BoardHelicopter,
    ChangeSeat,
    Fly,
    HelicopterChanged,
    Land,
    LeaveHelicopter,
    StoreEquipment,
    TakeEquipment,
    TakeOff,
)
from game.rules.zombicide.state import (
    EMPTY,
    Helicopter,
    Survivor,
)
from game.rules.zombicide.working import Fields

PASSENGER_SEATS = 3


class HelicopterRules(Fields):
    """Methods of the working copy (``Game``)."""

    __slots__ = ()

    def helicopter_here(self, s: Survivor) -> int:
        for h, helicopter in enumerate(self.helicopters):
            if helicopter.zone == s.zone and not helicopter.flying:
                return h
        return -1

    def crew(self, h: int) -> tuple[int, list[int]]:
        pilot = next((j for j, o in enumerate(self.survivors) if o.in_play and o.aboard == h and o.piloting), -1)
        passengers = [j for j, o in enumerate(self.survivors) if o.in_play and o.aboard == h and not o.piloting]
        return pilot, passengers

    def do_board_helicopter(self, i: int, command: BoardHelicopter) -> None:
        s = self.survivors[i]
        h = self.helicopter_here(s)
        if h < 0:
            raise IllegalCommand(f"there is no landed helicopter in {s.name}'s zone")
        if self.zombie_count(s.zone):
            raise IllegalCommand("nobody boards with zombies in the zone")
        pilot, passengers = self.crew(h)
        if command.pilot and pilot >= 0:
            raise IllegalCommand("the pilot's seat is taken")
        if not command.pilot and len(passengers) >= PASSENGER_SEATS:
            raise IllegalCommand("every passenger seat is taken")
        self.spend(i, "other")
        self.change(i, aboard=h, piloting=command.pilot)
        self.events.append(HelicopterChanged("boarded", self.zid(s.zone), s.id))

    def do_leave_helicopter(self, i: int, command: LeaveHelicopter) -> None:
        s = self.survivors[i]
        if s.aboard < 0:
            raise IllegalCommand(f"{s.name} is not in a helicopter")
        helicopter = self.helicopters[s.aboard]
        if helicopter.flying:
            if s.piloting:
                raise IllegalCommand("the pilot cannot leave a flying helicopter")
            if not sk.has(s.skills, "rope_descent"):
                raise IllegalCommand("only Rope Descent gets a survivor out of a flying helicopter")
            zone = helicopter.zone
            if not self.graph.street_like[zone] or self.graph.kinds[zone] == ZoneKind.HALLWAY:
                raise IllegalCommand("a rope descent lands in a street zone only")
        self.spend(i, "other")
        self.change(i, aboard=-1, piloting=False)
        self.events.append(HelicopterChanged("left", self.zid(s.zone), s.id))

    def do_change_seat(self, i: int, command: ChangeSeat) -> None:
        s = self.survivors[i]
        if s.aboard < 0:
            raise IllegalCommand(f"{s.name} is not in a helicopter")
        pilot, passengers = self.crew(s.aboard)
        if s.piloting:
            if self.helicopters[s.aboard].flying:
                raise IllegalCommand("the pilot cannot change seat in flight")
            if len(passengers) >= PASSENGER_SEATS:
                raise IllegalCommand("no passenger seat is free")
        elif pilot >= 0:
            raise IllegalCommand("the pilot's seat is taken")
        self.spend(i, "other")
        self.change(i, piloting=not s.piloting)
        self.events.append(HelicopterChanged("seat", self.zid(s.zone), s.id))

    def pilot_check(self, s: Survivor) -> Helicopter:
        if s.aboard < 0 or not s.piloting:
            raise IllegalCommand(f"{s.name} is not in a pilot's seat")
        if not sk.has(s.skills, "flies_helicopters"):
            raise IllegalCommand(f"{s.name} cannot fly a helicopter")
        if not self.spec.helicopter_flies:
            raise IllegalCommand("in this mission the helicopter cannot fly")
        return self.helicopters[s.aboard]

    def do_take_off(self, i: int, command: TakeOff) -> None:
        s = self.survivors[i]
        helicopter = self.pilot_check(s)
        if helicopter.flying:
            raise IllegalCommand("the helicopter is already flying")
        if not self.graph.landing[helicopter.zone]:
            raise IllegalCommand("helicopters take off and land on the helipad or the wasteland")
        self.spend(i, "other")
        self.made_a_stir(i)
        self.helicopters[s.aboard] = replace(helicopter, flying=True)
        self.events.append(HelicopterChanged("took_off", self.zid(helicopter.zone), s.id))

    def do_land(self, i: int, command: Land) -> None:
        s = self.survivors[i]
        helicopter = self.pilot_check(s)
        if not helicopter.flying:
            raise IllegalCommand("the helicopter is on the ground")
        if not self.graph.landing[helicopter.zone]:
            raise IllegalCommand("helicopters take off and land on the helipad or the wasteland")
        self.spend(i, "other")
        self.made_a_stir(i)
        self.helicopters[s.aboard] = replace(helicopter, flying=False)
        self.events.append(HelicopterChanged("landed", self.zid(helicopter.zone), s.id))

    def do_fly(self, i: int, command: Fly) -> None:
        s = self.survivors[i]
        helicopter = self.pilot_check(s)
        if not helicopter.flying:
            raise IllegalCommand("a helicopter on the ground cannot move")
        path = [self.zone_by_id(z) for z in (*command.via, command.to)]
        if len(path) > 2:
            raise IllegalCommand("a flight goes 1 or 2 zones per action")
        here = helicopter.zone
        for zone in path:
            if zone not in self.graph.flight[here]:
                raise IllegalCommand(f"{self.zid(zone)} is not a straight step from {self.zid(here)}")
            here = zone
        self.spend(i, "other")
        self.made_a_stir(i)
        self.helicopters[s.aboard] = replace(helicopter, zone=here)
        for j, other in enumerate(self.survivors):
            if other.aboard == s.aboard and other.in_play:
                self.change(j, zone=here)
        self.events.append(HelicopterChanged("flew", self.zid(here), s.id, self.zid(helicopter.zone)))

    def reachable_helicopter(self, s: Survivor) -> int:
        if s.aboard >= 0:
            return s.aboard
        return self.helicopter_here(s)

    def do_store_equipment(self, i: int, command: StoreEquipment) -> None:
        s = self.survivors[i]
        h = self.reachable_helicopter(s)
        if h < 0:
            raise IllegalCommand("no helicopter to store equipment in: be aboard, or beside it landed")
        if not 0 <= command.slot < len(s.slots) or s.slots[command.slot] < 0:
            raise IllegalCommand("that slot holds no equipment card")
        self.spend(i, "other")
        slots = list(s.slots)
        card, slots[command.slot] = slots[command.slot], EMPTY
        self.change(i, slots=tuple(slots))
        helicopter = self.helicopters[h]
        self.helicopters[h] = replace(helicopter, cards=helicopter.cards + (card,))
        self.inventory_event(i)

    def do_take_equipment(self, i: int, command: TakeEquipment) -> None:
        s = self.survivors[i]
        h = self.reachable_helicopter(s)
        if h < 0:
            raise IllegalCommand("no helicopter to take equipment from: be aboard, or beside it landed")
        helicopter = self.helicopters[h]
        if not 0 <= command.index < len(helicopter.cards):
            raise IllegalCommand("no such card aboard")
        if not 0 <= command.slot < len(s.slots) or s.slots[command.slot] != EMPTY:
            raise IllegalCommand("take the card into an empty slot")
        self.spend(i, "other")
        cards = list(helicopter.cards)
        card = cards.pop(command.index)
        slots = list(s.slots)
        slots[command.slot] = card
        self.change(i, slots=tuple(slots))
        self.helicopters[h] = replace(helicopter, cards=tuple(cards))
        self.inventory_event(i)
