"""The Zombieworld game state: frozen dataclasses and tuples; the table and catalog ride along
outside equality and repr, so hashing a state hashes only the game."""

from __future__ import annotations

from dataclasses import field, replace
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from game.rules.core.frozen import record
from game.rules.core.rng import RngState
from game.rules.zombieworld.band import Band
from game.rules.zombieworld.catalog import Catalog
from game.rules.zombieworld.geometry import Table

ZOMBIES = "zombies"


class BandEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: str
    band: Band
    deployment: str = ""  # label of a deployment marker; empty: the next free one
    aboard: bool = False  # the members start inside the band's own vehicles (as many as fit)


class ZombieworldSetup(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    bands: tuple[BandEntry, ...] = Field(min_length=1)
    scenario: str = "massacre"
    spawn_dice: int | None = None  # overrides the scenario's dice per band
    check_bands: bool = True
    mode: Literal["standard", "individual"] = "standard"
    weather: str = ""  # "": fair day, no rolls; "roll": D10 on the weather table; or a weather id
    lamps: bool = True  # with reduced visibility, roll for each street lamp
    interior_light: bool = False  # roll a building's light the first time it is entered
    picked: str = ""  # scenario 8: the scenario the zombie expert picks ("roll": a D10 picks)
    alliances: tuple[tuple[str, str], ...] = ()  # optional rule: pairs of seats allied by their word
    alliance: Literal["fixed", "fragile", "roll"] = "fixed"  # "roll": a D6 before play, 1-3 fixed
    alliance_flips: bool = False  # a D6 at the start of each later round: on 5+ fixed and fragile swap
    deploy: Literal["auto", "players"] = "auto"  # "players": each band's player places its figures, in D10 order
    d10: tuple[Annotated[int, Field(ge=1, le=10)], ...] = ()  # D10 results typed in for set-up (the deployment order), used before the seed's
    # True only for games saved before issue 13 (their saves lack the field): bands laid out from
    # their area's corner and zombies landing on models, so that those games replay as played
    legacy_placement: bool = False
    # False only for games saved before the scenario's containers were placed (their saves lack the
    # field), so that a rescue or antidote game saved then replays as played
    scenario_containers: bool = True
    # a tutorial's table, as its file sets it (docs/tutorials.md): fewer rounds than the scenario's,
    # figures standing where the prompts point, walkers already there and the containers at set spots
    rounds: Annotated[int, Field(ge=1, le=50)] | None = None
    stand_at: tuple[tuple[str, float, float], ...] = ()  # (model id, x cm, y cm) after deployment
    zombies_at: tuple[tuple[float, float], ...] = ()  # a walker standing at each spot at set-up
    containers_at: tuple[tuple[float, float], ...] = ()  # the scenario's containers here, not rolled


@record
class Model:
    id: str
    side: str  # a seat, or "zombies"
    kind: Literal["survivor", "dog", "zombie"]
    profile: str  # rank id, "dog" or zombie id
    name: str
    x: float
    y: float
    wounds: int = 0
    hand: tuple[str, ...] = ()
    backpack: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()
    unloaded: tuple[str, ...] = ()
    scoped: tuple[str, ...] = ()
    silenced: tuple[str, ...] = ()
    virtue: str = ""
    defect: str = ""
    ability: str = ""
    activated: bool = False
    fleeing: bool = False
    grabbed: bool = False  # tied with zombies: must fight at its next activation
    charged_reaction_used: bool = False
    no_action_next: bool = False
    shot_this_round: tuple[str, ...] = ()  # once-per-round weapons already fired
    uses: tuple[tuple[str, int], ...] = ()  # item → uses spent (medkits, cigarettes...)
    boosts: tuple[tuple[str, int], ...] = ()  # "stimulants"/"cigarettes" → last round it works
    elements: tuple[str, ...] = ()  # scenario items carried: "antidote"
    entrenched: bool = False
    cannot_activate_round: int = 0  # a hurt landing: no activation in this round
    first_aid_round: int = 0  # the round its first aid was last tried
    horn: bool = False  # blew the air horn: every zombie comes for it at the next zombie move
    rescued: bool = False  # the person of the rescue scenario
    improvements: tuple[str, ...] = ()  # campaign: skill, move, combat (each +1, move +5 cm)
    vehicle: str = ""  # the vehicle it rides in (its position follows the vehicle's centre)
    seat: int = -1  # its seat in that vehicle; 0 is the driver's
    level: int = 0  # the floor of the building it stands in (0: the ground)
    stairs_cm: float = 0.0  # part-way up a stairway or ladder: how high above its level's floor it stands
    ladder: int = -1  # the ladder (stairs piece) it is part-way up; -1: its building's own stairs
    drew_blood: bool = False  # dogs: wounded someone in their last melee (then they cannot break off)
    mounted: str = ""  # the bicycle, skateboard or roller skates (an object it carries) it is riding or wearing
    charge_reroll_round: int = 0  # the round it last re-rolled a die of a charging reaction (UN/NATO, military)
    owner: str = ""  # a dog that helps its owner alone (a townsfolk's free dog): the owner's id

    @property
    def position(self) -> tuple[float, float]:
        return (self.x, self.y)


DecisionKind = Literal["return_fire", "reaction_reroll", "flee_direction", "vehicle_surprise"]


@record
class Decision:
    """A choice the rules leave to a player in the middle of play (a reaction, a surprise): play
    stops until it is answered; ``current_seats`` is its seat and ``legal_commands`` its answers."""

    kind: DecisionKind
    seat: str
    model: str  # who decides
    other: str = ""  # the shooter to fire back at; the zombie out of the vehicle
    successes: int = 0  # a re-roll: the successes rolled
    situations: tuple[str, ...] = ()  # a reaction's situations (difficult ground, engaged...)
    may_hold: bool = False  # return fire: holding fire is allowed too (entrenched, born survivors)
    reactions: tuple[tuple[str, str], ...] = ()  # shot reactions still to come after this one: (target, shooter)
    then: Literal["", "zombies"] = ""  # "zombies": the zombies' turn goes on after the answer


@record
class Activation:
    """The survivor acting now."""

    model: str
    remaining_cm: float
    action_used: bool = False
    must_fight: bool = False  # locked in melee: fight on or disengage before anything else
    moved: bool = False
    sprinted: bool = False
    drove: bool = False  # its vehicle has moved in this activation
    gear_cm: float = 0.0  # the part of remaining_cm that only riding on open ground may spend (wheels' bonus)
    gear_bonus_given: bool = False  # the wheels' bonus comes once per activation
    boarded: bool = False  # it got into a vehicle in this activation: it drives from its next turn
    found_survivor: str = ""  # a frightened survivor it has just found: it may hand it an item, now only
    found_item: str = ""  # an item it has just found with no room (as it lies at its feet): it may keep it, now only


@record
class Vehicle:
    """A vehicle on the table: its body (centre, facing in radians, size) and what play has done to it."""

    id: str
    vehicle: str  # catalog id
    x: float
    y: float
    facing: float
    length_cm: float
    width_cm: float
    owner: str = ""  # the seat that bought it ("" for one found on the table)
    running: bool = False  # the engine has been started
    moving: bool = False  # kept moving since its driver last activated: the driver activates by itself
    moved_round: int = 0  # the last round it moved (shooting from it is harder)
    stalled: bool = False  # it would not start, or broke down on a zombie: needs a start roll
    out_of_control: bool = False  # its driver must regain control before acting again
    broken: bool = False  # the "broken down" marker: out of the game
    crashes: int = 0  # own vehicles: crashes and losses of control so far
    opened: bool = False  # checked for a zombie inside
    searched: bool = False
    held_round: int = 0  # after a shot reaction: in this round it cannot move and nobody gets out

    @property
    def position(self) -> tuple[float, float]:
        return (self.x, self.y)


@record
class Bang:
    x: float
    y: float
    value: int


@record
class SeatScore:
    zombies_killed: int = 0
    hostile_killed: int = 0
    wounds_taken: int = 0
    members_lost: int = 0
    few_left_checked: bool = False
    withdrawn: bool = False
    buildings_searched: int = 0
    survivors_found: int = 0
    escaped: int = 0  # members that left by a scenario exit
    antidotes: int = 0


@record
class Place:
    """A building (terrain piece index) or prop as play has marked it."""

    index: int
    opened: bool = False  # the "open" marker: its occupants were rolled for
    searched: bool = False  # the "searched" marker
    light: str = ""  # dark, normal or dim once rolled
    searched_again_by: tuple[str, ...] = ()  # seats that used their one extra search here
    tried_by: tuple[str, ...] = ()  # containers: models that searched in vain
    floors_opened: tuple[int, ...] = ()  # upper floors (1, 2...) whose occupants were rolled for
    floors_searched: tuple[int, ...] = ()


@record
class State:
    round: int
    rounds: int
    scenario: str
    seats: tuple[str, ...]
    bands: tuple[tuple[str, str, str], ...]  # seat, band kind, band type
    leaders: tuple[tuple[str, str], ...]  # seat → leader model id, in priority order per seat
    models: tuple[Model, ...]
    order: tuple[str, ...] = ()
    turn: int = 0
    active: Activation | None = None
    bangs: tuple[Bang, ...] = ()
    scores: tuple[tuple[str, SeatScore], ...] = ()
    ground_items: tuple[tuple[float, float, str], ...] = ()
    open_portals: tuple[str, ...] = ()
    next_zombie: int = 1
    spawn_dice: int = 6
    rng: RngState = field(default_factory=lambda: RngState(seed=0))
    finished: bool = False
    winners: tuple[str, ...] = ()
    mode: str = "standard"
    places: tuple[Place, ...] = ()
    weather: str = "day"
    sight_cm: float = 0.0  # 0: no limit
    lamps_lit: tuple[tuple[float, float], ...] = ()
    exits: tuple[tuple[str, str], ...] = ()  # seat → table edge it must leave by (n, e, s, w; "any")
    objective: tuple[float, float] | None = None
    pen_zombies: tuple[str, ...] = ()  # zombies held in the pen until it opens
    interior_light: bool = False  # buildings roll their light when first entered
    roster: tuple[str, ...] = ()  # every band member that took part, gone or not
    forced_d10: tuple[int, ...] = ()  # D10 results typed in by players, used before the RNG
    forced_directions: tuple[float, ...] = ()  # scatter directions (degrees, 0 east, 90 south) used before the RNG
    fallen: tuple[tuple[str, str], ...] = ()  # band member → why it was taken off the table
    departed: tuple[Model, ...] = ()  # members who walked off alive (escaped or withdrawn), as they left
    vehicles: tuple[Vehicle, ...] = ()
    alliances: tuple[tuple[str, str], ...] = ()
    alliance_fixed: bool = True  # fixed alliances bind (allies cannot attack each other); fragile ones do not
    alliance_flips: bool = False
    decision: Decision | None = None  # a choice play waits for
    zombie_charges: tuple[tuple[str, str], ...] = ()  # a zombies' turn paused for a choice: (zombie, target) charges
    charges_reacted: tuple[str, ...] = ()  # ... and the charged survivors that have already reacted
    deploying: tuple[str, ...] = ()  # the bands still to deploy, in order (the first is placing its figures)
    deploy_order: tuple[str, ...] = ()  # the order the deployment dice gave
    deploy_areas: tuple[tuple[str, tuple[float, float, float, float] | None], ...] = ()  # each band's starting area
    deploy_spots: tuple[tuple[str, tuple[float, float]], ...] = ()  # while deploying: where set-up laid each figure out
    # the scenario's containers placed at set-up (centres, cm): out of the repr, so that the digest
    # of games saved before they existed (every game without containers) stays the same
    containers: tuple[tuple[float, float], ...] = field(default=(), repr=False)
    table: Table | None = field(default=None, compare=False, repr=False)
    catalog: Catalog | None = field(default=None, compare=False, repr=False)
    # a property of the whole game (see ZombieworldSetup.legacy_placement), outside its digest
    legacy_placement: bool = field(default=False, compare=False, repr=False)

    def model(self, model_id: str) -> Model:
        for model in self.models:
            if model.id == model_id:
                return model
        raise KeyError(model_id)

    def score(self, seat: str) -> SeatScore:
        return dict(self.scores).get(seat, SeatScore())

    def with_d10(self, values: tuple[int, ...]) -> State:
        """Queue D10 results typed by players (each 1..10)."""
        for value in values:
            if not 1 <= int(value) <= 10:
                raise ValueError(f"a D10 shows 1 to 10, not {value}")
        return replace(self, forced_d10=self.forced_d10 + tuple(int(v) for v in values))

    def with_directions(self, degrees: tuple[float, ...]) -> State:
        """Queue scatter-die directions (degrees: 0 east, 90 south, as y grows down the table)."""
        return replace(self, forced_directions=self.forced_directions + tuple(float(d) for d in degrees))

    def vehicle(self, vehicle_id: str) -> Vehicle:
        for vehicle in self.vehicles:
            if vehicle.id == vehicle_id:
                return vehicle
        raise KeyError(vehicle_id)

    def place(self, index: int) -> Place:
        for place in self.places:
            if place.index == index:
                return place
        return Place(index)
