"""Setting a game up (digest §4, §15): who plays which colour, the city's sides and numbers, the
characters dealt and placed, the Action cards dealt (or drafted, the expert variant), the first zombies
and the Invasion cards of the four rounds.

``SetupSpec`` is what a new game is made from (pydantic, so a bad set-up is refused with the place and
the reason). Fixed deals (``characters``, ``opening``, ``invasion``) are for scenarios and tests; left
out, the seeded RNG deals them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from game.i18n import N_
from game.rules.city_of_horror import events as ev
from game.rules.city_of_horror.board import Events, add_zombies
from game.rules.city_of_horror.catalog import CORNERS, CROSSROADS, LOCATIONS, SLOTS, load_catalog
from game.rules.city_of_horror.effects import refill_food
from game.rules.city_of_horror.flow import answer, start_round
from game.rules.city_of_horror.spoken import listed, place
from game.rules.city_of_horror.state import (
    ANTIDOTES_IN_BOX,
    FOOD_TOKENS,
    STRAGGLER_CYCLE,
    Character,
    Options,
    Place,
    Stage,
    State,
    evolve,
    with_character,
    with_hand,
)
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.core.rng import choose_index, new_rng, shuffled
from game.rules.core.sealed import SealedDecision

CHARACTERS_EACH = {3: 5, 4: 4, 5: 3, 6: 3}  # §4.4
CARDS_EACH = {3: 7, 4: 6, 5: 5, 6: 4}  # §4.6
UNPLACED = "unplaced"  # a character dealt but not yet on the table
Side = Literal["A", "B"]


class _Spec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PlayerSpec(_Spec):
    seat: str = Field(min_length=1, max_length=24)
    colour: Literal["yellow", "red", "green", "violet", "blue", "white"]

    @field_validator("seat")
    @classmethod
    def _plain_name(cls, value: str) -> str:
        if value.strip() != value or value == "?" or value in LOCATIONS:
            raise ValueError(f"{value!r} cannot be a player's name")
        return value


class RulesSpec(_Spec):
    promises_may_be_broken: bool = False
    order: tuple[str, ...] = SLOTS
    track: Literal["cycle", "seating"] = "cycle"
    energy_drink_any: bool = False
    replica_always: bool = False
    hold_back: bool = False

    @field_validator("order")
    @classmethod
    def _every_slot_once(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if sorted(value) != sorted(SLOTS):
            raise ValueError(f"the order must name each of {', '.join(SLOTS)} once")
        return value


class SetupSpec(_Spec):
    players: tuple[PlayerSpec, ...] = Field(min_length=3, max_length=6)
    first_player: str | None = None
    sides: dict[str, Side] = Field(default_factory=dict)
    positions: dict[str, int] = Field(default_factory=dict)  # corner building → 1..4
    draft: bool = False
    rules: RulesSpec = RulesSpec()
    characters: dict[str, tuple[str, ...]] = Field(default_factory=dict)  # a fixed deal per seat
    opening: str | None = None
    invasion: tuple[str, ...] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> SetupSpec:
        seats = [p.seat for p in self.players]
        if len(set(seats)) != len(seats):
            raise ValueError("two players have the same name")
        colours = [p.colour for p in self.players]
        if len(set(colours)) != len(colours):
            raise ValueError("two players have the same colour")
        if self.first_player is not None and self.first_player not in seats:
            raise ValueError(f"first_player {self.first_player!r} is not a player")
        for location in self.sides:
            if location not in LOCATIONS:
                raise ValueError(f"sides: unknown location {location!r}")
        if self.positions and (sorted(self.positions) != sorted(CORNERS)
                               or sorted(self.positions.values()) != [1, 2, 3, 4]):
            raise ValueError("positions gives each of church, hospital, bank, armory a number 1 to 4, once")
        catalog = load_catalog()
        if self.characters:
            if sorted(self.characters) != sorted(seats):
                raise ValueError("characters: give every player's characters, or none")
            dealt = [c for hand in self.characters.values() for c in hand]
            for character in dealt:
                if character not in catalog.characters:
                    raise ValueError(f"characters: unknown character {character!r}")
            if len(set(dealt)) != len(dealt):
                raise ValueError("characters: a character is dealt twice")
            if any(not hand or len(hand) > 5 for hand in self.characters.values()):
                raise ValueError("characters: each player has 1 to 5 characters")
        if self.opening is not None and catalog.invasions.get(self.opening, None) is None:
            raise ValueError(f"opening: unknown Invasion card {self.opening!r}")
        if self.opening is not None and catalog.invasions[self.opening].hour != 0:
            raise ValueError(f"opening: {self.opening!r} is not a 00:00 card")
        if self.invasion is not None:
            if len(self.invasion) != 4:
                raise ValueError("invasion: name the cards of the four rounds")
            for hour, card in enumerate(self.invasion, start=1):
                if card not in catalog.invasions or catalog.invasions[card].hour != hour:
                    raise ValueError(f"invasion: round {hour} needs a {hour:02d}:00 card, not {card!r}")
        return self

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(p.seat for p in self.players)


def parse_setup(data: object) -> SetupSpec:
    return data if isinstance(data, SetupSpec) else SetupSpec.model_validate(data)


def options_of(spec: SetupSpec) -> Options:
    rules = spec.rules
    return Options(rules.promises_may_be_broken, rules.order, rules.track, rules.energy_drink_any,
                   rules.replica_always, rules.hold_back)


def setup(spec: SetupSpec, seed: int) -> tuple[State, Events]:
    """A new game waiting for its first placement (§4.1–4.5); the events of the set-up."""
    catalog = load_catalog()
    rng = new_rng(seed)
    seats, colours = spec.seats, tuple(p.colour for p in spec.players)
    out: Events = []
    if spec.positions:
        numbers = {name: spec.positions[name] for name in CORNERS}
    else:
        order, rng = shuffled(rng, range(1, 5))
        numbers = dict(zip(CORNERS, order, strict=True))
    places = tuple(Place(location, spec.sides.get(location, "A"), numbers.get(location, 0)) for location in LOCATIONS)
    if spec.first_player is not None:
        first = spec.first_player
    else:
        index, rng = choose_index(rng, len(seats))
        first = seats[index]
    if spec.rules.track == "seating":
        track = colours
    else:
        track = tuple(colour for colour in STRAGGLER_CYCLE if colour in colours)
    if spec.characters:
        dealt = {seat: spec.characters[seat] for seat in seats}
    else:
        pool, rng = shuffled(rng, tuple(catalog.characters))
        each = CHARACTERS_EACH[len(seats)]
        dealt = {seat: pool[n * each:(n + 1) * each] for n, seat in enumerate(seats)}
    characters = tuple(Character(cid, seat, UNPLACED) for cid in catalog.characters
                       for seat in seats if cid in dealt[seat])
    deck, rng = shuffled(rng, catalog.deck())
    food, rng = shuffled(rng, FOOD_TOKENS)
    if spec.opening is not None:
        opening = spec.opening
    else:
        index, rng = choose_index(rng, len(catalog.hour(0)))
        opening = catalog.hour(0)[index]
    if spec.invasion is not None:
        invasion = spec.invasion
    else:
        picked = []
        for hour in range(1, 5):
            index, rng = choose_index(rng, len(catalog.hour(hour)))
            picked.append(catalog.hour(hour)[index])
        invasion = tuple(picked)
    state = State(seats=seats, colours=colours, characters=characters, places=places,
                  hands=((),) * len(seats), antidotes=(0,) * len(seats), food=((),) * len(seats), deck=deck,
                  discard=(), supply=ANTIDOTES_IN_BOX, food_pile=food, food_up=(), opening=opening,
                  invasion=invasion, revealed=0, known=(), first=first, straggler=colours[seats.index(first)],
                  track=track, options=options_of(spec), rng=rng, draft_size=CARDS_EACH[len(seats)] if spec.draft else 0)
    out.append(ev.GameSetUp(seats, colours, first, tuple(sorted(numbers.items(), key=lambda item: item[1])),
                            tuple((p.id, p.side) for p in places)))
    for seat in seats:
        out.append(ev.CharactersDealt(seat, tuple(c.id for c in characters if c.owner == seat)))
    return next_placement(state, out), out


# --- placing the characters (§4.5 SETUP-PLACE) ------------------------------------------------------------


def placement_order(state: State) -> tuple[str, ...]:
    """From the First Player's right, counter-clockwise: the First Player places last."""
    order = state.turn_order()
    return tuple(reversed(order[1:])) + (order[0],)


def unplaced(state: State, seat: str) -> tuple[Character, ...]:
    return tuple(c for c in state.characters if c.owner == seat and c.location == UNPLACED)


def next_placement(state: State, out: Events) -> State:
    """The next player to place draws as many of their Movement cards as they have characters."""
    for seat in placement_order(state):
        waiting = unplaced(state, seat)
        if not waiting:
            continue
        drawn, rng = shuffled(state.rng, LOCATIONS)
        drawn = tuple(drawn[:len(waiting)])
        out.append(ev.LocationsDrawn(seat, drawn))
        state = evolve(state, rng=rng, stage=Stage("place", seat=seat, options=drawn))
        return _auto_place(state, out)
    return after_placement(state, out)


def place_character(state: State, seat: str, character_id: str, location: str, out: Events) -> State:
    stage = state.stage
    if stage.kind != "place" or stage.seat != seat:
        raise IllegalCommand(Said(N_("{seat} places characters now"), seat=stage.seat) if stage.kind == "place"
                             else Said(N_("the characters are already on the table")))
    if location not in stage.options:
        raise IllegalCommand(Said(N_("place on a location you drew ({places})"),
                                  places=listed([place(option) for option in stage.options])))
    if not state.has_character(character_id) or state.character(character_id) not in unplaced(state, seat):
        raise IllegalCommand(Said(N_("that is not one of your characters still to place")))
    target = CROSSROADS if state.is_full(location) else location
    out.append(ev.CharacterPlaced(seat, character_id, target, location))
    state = with_character(state, evolve(state.character(character_id), location=target))
    left = list(stage.options)
    left.remove(location)
    state = evolve(state, stage=evolve(stage, options=tuple(left)))
    if not left:
        return next_placement(state, out)
    return _auto_place(state, out)


def _auto_place(state: State, out: Events) -> State:
    """The last character of a player goes where the last card drawn says."""
    stage = state.stage
    waiting = unplaced(state, stage.seat)
    if len(waiting) == 1 and len(stage.options) == 1:
        return place_character(state, stage.seat, waiting[0].id, stage.options[0], out)
    return state


def after_placement(state: State, out: Events) -> State:
    """§4.6–4.8: Action cards (dealt or drafted), the first zombies, then round 1."""
    catalog = load_catalog()
    out.append(ev.InvasionRevealed(0, state.opening))
    opening = catalog.invasions[state.opening]
    for slot in SLOTS:
        state = add_zombies(state, state.place_of_slot(slot).id, opening.arrivals(slot), "invasion", out)
    if state.place(CROSSROADS).side == "B":
        state = refill_food(state, out)
    each = CARDS_EACH[len(state.seats)]
    deck = state.deck
    hands = []
    for n, _ in enumerate(state.seats):
        hands.append(tuple(sorted(deck[n * each:(n + 1) * each])))
    state = evolve(state, deck=deck[len(state.seats) * each:])
    if state.draft_size:
        return _start_draft(evolve(state, packets=tuple(hands)), out)
    for seat, hand in zip(state.seats, hands, strict=True):
        out.append(ev.HandDealt(seat, hand))
        state = with_hand(state, seat, hand)
    return start_round(state, out)


# --- the expert draft (§15.1) -----------------------------------------------------------------------------


def _start_draft(state: State, out: Events) -> State:
    for seat, packet in zip(state.seats, state.packets, strict=True):
        out.append(ev.PacketReceived(seat, packet))
    return _draft_decision(state)


def _draft_decision(state: State) -> State:
    pick = state.draft_size - len(state.packets[0]) + 1
    options = tuple(tuple(sorted(set(packet))) for packet in state.packets)
    decision = SealedDecision(f"draft {pick}", state.seats, options)
    return evolve(state, stage=Stage("draft"), decision=decision)


def draft_keep(state: State, seat: str, card: str, out: Events) -> State:
    state = answer(state, seat, card, out)
    assert state.decision is not None
    if not state.decision.complete:
        return state
    kept = dict(state.decision.reveal())  # the picks stay secret: no reveal event
    hands, packets = [], []
    for seat_name, packet in zip(state.seats, state.packets, strict=True):
        rest = list(packet)
        rest.remove(kept[seat_name])
        packets.append(tuple(rest))
        hands.append(tuple(sorted(state.hand(seat_name) + (kept[seat_name],))))
    passed = tuple(packets[(n - 1) % len(packets)] for n in range(len(packets)))  # to the left
    state = evolve(state, hands=tuple(hands), packets=passed, decision=None)
    out.append(ev.DraftPassed(state.draft_size - len(packets[0])))
    if not packets[0]:
        for seat_name, hand in zip(state.seats, state.hands, strict=True):
            out.append(ev.HandDealt(seat_name, hand))
        return start_round(evolve(state, packets=()), out)
    for seat_name, packet in zip(state.seats, state.packets, strict=True):
        out.append(ev.PacketReceived(seat_name, packet))
    return _draft_decision(state)

