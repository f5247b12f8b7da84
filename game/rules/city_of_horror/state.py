"""The state of a City of Horror game: plain frozen data, and the small questions every rule asks of it
(who is where, how full a location is, how many votes a player has there, whose turn comes next).

Seats are the players' names, in seating order: "clockwise" is the order of ``seats``. Sets that end
up in the state are tuples in seat or content order, never Python sets, so a state's repr (its hash)
is the same in every process.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, TypeVar

from game.rules.city_of_horror.catalog import (
    CROSSROADS,
    LOCATIONS,
    SLOTS,
    WATER_TOWER,
    Catalog,
    Side,
    load_catalog,
)
from game.rules.core.frozen import record
from game.rules.core.rng import RngState
from game.rules.core.sealed import SealedDecision

ZOMBIE_CAP = 8
ZOMBIES_IN_BOX = 40
ANTIDOTES_IN_BOX = 20
FOOD_TOKENS = (0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3)
ROUNDS = 4
STRAGGLER_CYCLE = ("green", "violet", "white", "blue", "red", "yellow")  # digest §8 G4

# location statuses
STANDING = "standing"
COLLAPSED = "collapsed"  # the Water Tower after its explosion
BURNED = "burned"  # the Armory, side A, at its third Explosion marker
BLOCKED = "blocked"  # the Armory, side B, at its second Explosion marker

_SIDES: dict[tuple[str, str, bool], Side] = {}  # the printed sides, looked up once
HIDDEN_CARD = "?"  # what a view shows in place of a card, food value or Invasion card it may not see
HIDDEN_FOOD = -1


@record
class Options:
    """The table's choices, fixed at set-up (digest §15 and the §16 alternatives we offer)."""

    promises_may_be_broken: bool = False  # §15.3: when on, the engine enforces no locked ballot
    order: tuple[str, ...] = SLOTS  # §16 G1: the resolution order, by slot
    track: str = "cycle"  # §16 G4: "cycle" (the fixed colour cycle) or "seating" (seating order)
    energy_drink_any: bool = False  # §16 G10: the Energy Drink may wake anyone's character
    replica_always: bool = False  # §16 G11: the Weapon Replica's votes count with no voter present
    hold_back: bool = False  # §16 G12: the distributor may keep items back on the location


@record
class Character:
    id: str
    owner: str
    location: str  # "" once dead
    fit: bool = True
    hidden: bool = False
    born: bool = False  # the Pregnant Woman has given birth
    may_vote: bool = False  # the Grandpa's ability was used this round
    may_move: bool = False  # the Granny's ability was used this round

    @property
    def alive(self) -> bool:
        return bool(self.location)


@record
class Place:
    """A location on the table. Characters are inside, zombies outside; items lie on it."""

    id: str
    side: str  # "A" or "B"
    number: int  # 1–4 for the corner buildings, 0 for the Water Tower and the Crossroads
    zombies: int = 0
    antidotes: int = 0
    cards: tuple[str, ...] = ()  # face-down Action cards dropped by Invasion cards
    explosions: int = 0
    status: str = STANDING

    @property
    def slot(self) -> str:
        return str(self.number) if self.number else self.id

    @property
    def closed(self) -> bool:
        """No character may enter (a burned or blocked Armory)."""
        return self.status in (BURNED, BLOCKED)

    @property
    def destroyed(self) -> bool:
        """Explosion markers can no longer go here."""
        return self.status != STANDING


@record
class Window:
    """An open window: anyone still in the game may act; it closes when all have passed.

    ``kind``: round_start, mover (``mover`` must move; the others may act first), after_move, location
    (the location's effects in turn order, then the attack) or negotiation (before a distribution)."""

    kind: str
    location: str = ""
    mover: str = ""
    passed: tuple[str, ...] = ()  # in seat order
    effect_done: tuple[str, ...] = ()  # location windows: seats that used or declined the effect
    entry_pass: bool = False  # mover windows: a Back Door lets the mover into a full location


@record
class Pending:
    """An Action card played and waiting for answers (a cancel) before it takes effect."""

    seat: str
    card: str
    location: str = ""  # the location it works on (for the Rescue Flare: where the zombie leaves)
    to: str = ""  # Rescue Flare: where the zombie goes
    target: str = ""  # a character, a seat, a colour or a Movement card, as the card needs
    blast: str = ""  # explosion cards: water_tower or armory


@record
class Stage:
    """What the game waits for.

    kinds: draft, place, window, pick, pick_tower, ballot, tie, victim, distribute, helicopter, over."""

    kind: str
    location: str = ""
    vote: str = ""  # attack or distribution (ballot, tie, victim, distribute)
    seat: str = ""  # who must answer (place, tie, victim, distribute, helicopter)
    options: tuple[str, ...] = ()  # place: locations drawn; tie: the tied seats; victim: characters
    given: tuple[str, ...] = ()  # distribute: who has had an item; helicopter: characters saved
    tally: tuple[tuple[str, int], ...] = ()  # the last count of a vote, per target


@record
class MoveRecord:
    seat: str
    character: str
    source: str
    target: str


@record
class Offer:
    """A trade offered by ``seat`` to ``partner``; done when the partner accepts (both confirm)."""

    seat: str
    partner: str
    give_cards: tuple[str, ...] = ()
    give_antidotes: int = 0
    ask_cards: tuple[str, ...] = ()  # kinds asked by name
    ask_any: int = 0  # cards of the partner's choice
    ask_antidotes: int = 0


@dataclass(frozen=True)
class State:  # not slotted: ``evolve`` copies its fields' dict in one go (it has many fields)
    seats: tuple[str, ...]
    colours: tuple[str, ...]
    characters: tuple[Character, ...]
    places: tuple[Place, ...]  # in LOCATIONS order
    hands: tuple[tuple[str, ...], ...]  # Action cards per seat, sorted
    antidotes: tuple[int, ...]
    food: tuple[tuple[int, ...], ...]
    deck: tuple[str, ...]  # top first
    discard: tuple[str, ...]  # oldest first
    supply: int  # Antidotes left on the ambulance
    food_pile: tuple[int, ...]  # face down on the truck, top first
    food_up: tuple[int, ...]  # face up (Crossroads side B)
    opening: str  # the 00:00 Invasion card
    invasion: tuple[str, ...]  # the cards of rounds 1–4
    revealed: int  # how many of them are face up
    known: tuple[tuple[str, int], ...]  # (seat, round): Invasion cards a seat has looked at
    first: str
    straggler: str  # a colour of the track
    track: tuple[str, ...]  # the colours in play, in the marker's order
    options: Options
    rng: RngState
    round: int = 0
    stage: Stage = Stage("place")
    window: Window | None = None
    decision: SealedDecision | None = None
    stack: tuple[Pending, ...] = ()
    responded: tuple[str, ...] = ()  # seats that passed since the last card of the stack
    picks: tuple[str, ...] = ()  # revealed Movement card per seat ("" none)
    movers: tuple[str, ...] = ()  # who is still to move this round, in order
    moves: tuple[MoveRecord, ...] = ()  # this round's moves (the Priest undoes the last)
    undone: tuple[str, ...] = ()  # seats whose move was undone: they do not move again
    used: tuple[tuple[str, str], ...] = ()  # (location, seat): effects used this round
    replicas: tuple[tuple[str, str], ...] = ()  # (seat, location): Weapon Replicas this round
    blonde_stopped: bool = False
    resolved: tuple[str, ...] = ()  # locations resolved this round
    locks: tuple[tuple[str, str], ...] = ()  # (seat, target): ballots locked for the coming vote
    tie_lock: tuple[str, ...] = ()  # (first player, target): a tie-break locked for the coming vote
    offers: tuple[Offer, ...] = ()
    packets: tuple[tuple[str, ...], ...] = ()  # expert draft: the packet each seat holds now
    draft_size: int = 0  # expert draft: cards each seat keeps
    scores: tuple[tuple[str, int], ...] = ()  # set when the game is over
    winners: tuple[str, ...] = ()
    viewer: str | None = None  # set on a player_view: whose view this is

    # --- seats -------------------------------------------------------------------------------

    def index(self, seat: str) -> int:
        return self.seats.index(seat)

    def colour(self, seat: str) -> str:
        return self.colours[self.seats.index(seat)]

    def seat_of_colour(self, colour: str) -> str | None:
        return self.seats[self.colours.index(colour)] if colour in self.colours else None

    def hand(self, seat: str) -> tuple[str, ...]:
        return self.hands[self.seats.index(seat)]

    def alive_characters(self, seat: str | None = None) -> tuple[Character, ...]:
        return tuple(c for c in self.characters if c.location and (seat is None or c.owner == seat))

    def in_game(self, seat: str) -> bool:
        """Still has a living character (a player without one is eliminated, digest §12)."""
        return any(c.location and c.owner == seat for c in self.characters)

    def active_seats(self) -> tuple[str, ...]:
        alive = {c.owner for c in self.characters if c.location}
        return tuple(seat for seat in self.seats if seat in alive)

    def turn_order(self, start: str | None = None) -> tuple[str, ...]:
        """Every seat clockwise from ``start`` (the First Player by default)."""
        begin = self.seats.index(start or self.first)
        return self.seats[begin:] + self.seats[:begin]

    def active_in_order(self) -> tuple[str, ...]:
        alive = {c.owner for c in self.characters if c.location}
        order = self.turn_order()
        if len(alive) == len(order):
            return order
        return tuple(seat for seat in order if seat in alive)

    # --- characters and places ---------------------------------------------------------------

    def character(self, character_id: str) -> Character:
        for character in self.characters:
            if character.id == character_id:
                return character
        raise KeyError(character_id)

    def has_character(self, character_id: str) -> bool:
        return any(c.id == character_id for c in self.characters)

    def place(self, location: str) -> Place:
        return self.places[LOCATIONS.index(location)]

    def place_of_slot(self, slot: str) -> Place:
        if slot in (WATER_TOWER, CROSSROADS):
            return self.place(slot)
        number = int(slot)
        for place in self.places:
            if place.number == number:
                return place
        raise KeyError(slot)

    def present(self, location: str, seat: str | None = None) -> tuple[Character, ...]:
        return tuple(c for c in self.characters if c.location == location and (seat is None or c.owner == seat))

    def occupancy(self, location: str) -> int:
        return sum(1 for c in self.characters if c.location == location)

    def side_card(self, location: str) -> Side:
        """The printed side the location shows now (the collapsed tower once it has blown up)."""
        place = self.places[LOCATIONS.index(location)]
        key = (location, place.side, place.status == COLLAPSED)
        found = _SIDES.get(key)
        if found is None:
            found = _SIDES[key] = catalog().side(*key)
        return found

    def spaces(self, location: str) -> int:
        """The location's spaces (0: no limit)."""
        return self.side_card(location).spaces

    def is_full(self, location: str) -> bool:
        """A character may enter only below capacity; a burned or blocked Armory counts as full."""
        place = self.place(location)
        if place.closed:
            return True
        spaces = self.spaces(location)
        return bool(spaces) and self.occupancy(location) >= spaces

    def effect_of(self, location: str) -> str:
        return self.side_card(location).effect

    def attack_condition(self, location: str) -> int | str:
        return self.side_card(location).attack

    def attack_due(self, location: str) -> bool:
        """The zombies outside meet the location's attack condition (hidden characters count)."""
        zombies = self.place(location).zombies
        condition = self.attack_condition(location)
        if condition == "more":
            return zombies > self.occupancy(location)
        return zombies >= int(condition)

    def reserve(self) -> int:
        return ZOMBIES_IN_BOX - sum(p.zombies for p in self.places)

    # --- votes (digest §7 VOTE-1) ------------------------------------------------------------

    def character_votes(self, character: Character) -> int:
        if character.hidden:
            return 0
        if character.id == "grandpa" and not character.may_vote:
            return 0
        if character.id == "pregnant_woman" and character.born:
            return 2
        return 1

    def votes(self, seat: str, location: str) -> int:
        base = sum(self.character_votes(c) for c in self.characters if c.location == location and c.owner == seat)
        if (seat, location) in self.replicas and (base > 0 or self.options.replica_always):
            base += 2 * self.replicas.count((seat, location))
        return base

    # --- the Straggler track ----------------------------------------------------------------

    def track_step(self, colour: str, steps: int = 1) -> str:
        index = self.track.index(colour)
        return self.track[(index + steps) % len(self.track)]

    # --- the rest ----------------------------------------------------------------------------

    def invasion_card(self, round_number: int) -> str:
        return self.invasion[round_number - 1] if 1 <= round_number <= len(self.invasion) else ""

    def next_invasion_round(self) -> int:
        """The round whose Invasion card comes next (0: none is left)."""
        return self.revealed + 1 if self.revealed < ROUNDS else 0

    @property
    def over(self) -> bool:
        return self.stage.kind == "over"


T = TypeVar("T")
_MISSING = object()
_EVOLVERS: dict[type, Any] = {}


def evolve(obj: T, **changes: Any) -> T:
    """``dataclasses.replace`` for the frozen, slotted records of this package, without its per-call
    field scan (a game makes hundreds of thousands of these copies): the same object with ``changes``."""
    maker = _EVOLVERS.get(type(obj))
    if maker is None:
        maker = _EVOLVERS[type(obj)] = _evolver(type(obj))
    return maker(obj, **changes)  # type: ignore[no-any-return]


def _evolver(cls: type) -> Any:
    names = [f.name for f in dataclasses.fields(cls)]
    if "__slots__" not in cls.__dict__:
        return _dict_evolver(cls, frozenset(names))
    scope: dict[str, Any] = {"MISSING": _MISSING, "NEW": object.__new__, "CLS": cls}
    lines = [f"def evolve(obj, *, {', '.join(f'{n}=MISSING' for n in names)}):", "    new = NEW(CLS)"]
    for index, name in enumerate(names):
        slot = cls.__dict__[name]
        scope[f"get{index}"], scope[f"set{index}"] = slot.__get__, slot.__set__
        lines.append(f"    set{index}(new, get{index}(obj) if {name} is MISSING else {name})")
    lines.append("    return new")
    exec("\n".join(lines), scope)  # noqa: S102 - code built from the class's own field names
    return scope["evolve"]


def _dict_evolver(cls: type, names: frozenset[str]) -> Any:
    """A record with a ``__dict__``: its fields are copied in one go, then the changes laid over them."""
    new = object.__new__

    def evolve_dict(obj: Any, **changes: Any) -> Any:
        if not names.issuperset(changes):
            raise TypeError(f"{cls.__name__} has no field {sorted(changes.keys() - names)[0]!r}")
        made: Any = new(cls)
        fields = made.__dict__
        fields.update(obj.__dict__)
        fields.update(changes)
        return made

    return evolve_dict


def catalog() -> Catalog:
    return load_catalog()


def with_place(state: State, place: Place) -> State:
    places = list(state.places)
    places[LOCATIONS.index(place.id)] = place
    return evolve(state, places=tuple(places))


def with_character(state: State, character: Character) -> State:
    characters = tuple(character if c.id == character.id else c for c in state.characters)
    return evolve(state, characters=characters)


def with_seat_value(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return values[:index] + (value,) + values[index + 1:]


def with_hand(state: State, seat: str, hand: tuple[str, ...]) -> State:
    return evolve(state, hands=with_seat_value(state.hands, state.index(seat), tuple(sorted(hand))))


def with_antidotes(state: State, seat: str, count: int) -> State:
    return evolve(state, antidotes=with_seat_value(state.antidotes, state.index(seat), count))


def without_one(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1:]

