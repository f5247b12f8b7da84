"""Zombieworld commands (imperative) and events (past tense): frozen, tagged, JSON through pydantic.

Positions are (x, y) in table cm. A move is a path of waypoints after the model's position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

Point = tuple[float, float]

# --- commands -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Activate:
    """Try to activate a survivor or dog: the activation check is rolled."""

    model: str
    kind: Literal["activate"] = "activate"


@dataclass(frozen=True, slots=True)
class MoveModel:
    """Walk along ``path``. Should the survivor surprise zombies in a building it enters, it fires
    at them (``surprise="shoot"``) or steps back to where it started (``"retreat"``)."""

    model: str
    path: tuple[Point, ...]
    kind: Literal["move"] = "move"
    surprise: Literal["shoot", "retreat"] = "shoot"


@dataclass(frozen=True, slots=True)
class Sprint:
    model: str
    kind: Literal["sprint"] = "sprint"


@dataclass(frozen=True, slots=True)
class Shoot:
    """Fire the firearm in hand; ``allocations`` gives each target its number of shots."""

    model: str
    allocations: tuple[tuple[str, int], ...]
    weapon: str = ""  # empty: the first firearm in hand
    kind: Literal["shoot"] = "shoot"


@dataclass(frozen=True, slots=True)
class Charge:
    """Move into base contact with an enemy along ``path`` (which ends touching it), then fight."""

    model: str
    target: str
    path: tuple[Point, ...]
    kind: Literal["charge"] = "charge"


@dataclass(frozen=True, slots=True)
class Fight:
    """A survivor locked in melee fights on."""

    model: str
    kind: Literal["fight"] = "fight"


@dataclass(frozen=True, slots=True)
class Disengage:
    model: str
    kind: Literal["disengage"] = "disengage"


@dataclass(frozen=True, slots=True)
class Reload:
    model: str
    kind: Literal["reload"] = "reload"


@dataclass(frozen=True, slots=True)
class SwapWeapons:
    """Hand and backpack trade places (only before any action this turn)."""

    model: str
    kind: Literal["swap_weapons"] = "swap_weapons"


@dataclass(frozen=True, slots=True)
class EndActivation:
    model: str
    kind: Literal["end_activation"] = "end_activation"


@dataclass(frozen=True, slots=True)
class Search:
    """Search the building the survivor stands in (3D10), or the prop or container ``piece`` it
    touches. ``prefer`` picks the item when the table offers a choice ("X or Y")."""

    model: str
    piece: int = -1  # -1: the building it stands in
    prefer: str = ""
    kind: Literal["search"] = "search"
    vehicle: str = ""  # search this vehicle (touching it or riding in it) instead


@dataclass(frozen=True, slots=True)
class UseItem:
    """Use a carried object: medkit or canned food (on itself or a survivor in contact: ``target``),
    stimulants or cigarettes (start of the turn), ammunition box (free reload), air horn, a scope or
    silencer fitted for good to the carried firearm named by ``target`` (an action)."""

    model: str
    item: str
    target: str = ""
    kind: Literal["use_item"] = "use_item"


@dataclass(frozen=True, slots=True)
class FirstAid:
    """A survivor with the First aid virtue tends itself or a survivor in contact (D10, 8+)."""

    model: str
    target: str = ""
    kind: Literal["first_aid"] = "first_aid"


@dataclass(frozen=True, slots=True)
class Entrench:
    """At the start of its turn, before moving: dig in behind an obstacle it touches."""

    model: str
    kind: Literal["entrench"] = "entrench"


@dataclass(frozen=True, slots=True)
class PickUp:
    """Pick up the items lying within 2 cm (an action), as many as the slots hold."""

    model: str
    kind: Literal["pick_up"] = "pick_up"


@dataclass(frozen=True, slots=True)
class LeaveTable:
    """Walk off the table by the scenario's exit edge along ``path`` (its last point on the edge)."""

    model: str
    path: tuple[Point, ...]
    kind: Literal["leave_table"] = "leave_table"


@dataclass(frozen=True, slots=True)
class Withdraw:
    """The band leaves the table (counts as a failed "few of us left" check)."""

    kind: Literal["withdraw"] = "withdraw"


@dataclass(frozen=True, slots=True)
class BoardVehicle:
    """Walk along ``path`` (may be empty) to touch a side or the rear of the vehicle, then get in
    (5 cm) and take ``seat`` (-1: the first free one; 0 is the driver's). Ends the move."""

    model: str
    vehicle: str
    path: tuple[Point, ...] = ()
    seat: int = -1
    kind: Literal["board_vehicle"] = "board_vehicle"


@dataclass(frozen=True, slots=True)
class LeaveVehicle:
    """Get out (5 cm) at ``path[0]``, touching a side or the rear, then walk on along the rest."""

    model: str
    path: tuple[Point, ...]
    kind: Literal["leave_vehicle"] = "leave_vehicle"


@dataclass(frozen=True, slots=True)
class Drive:
    """The driver moves the vehicle: its front follows ``path`` in straight legs; every change of
    heading costs 10 cm; backwards (``reverse``) each cm costs two. Starts the engine first if needed."""

    model: str
    path: tuple[Point, ...] = ()
    reverse: bool = False
    kind: Literal["drive"] = "drive"


@dataclass(frozen=True, slots=True)
class ChangeSeat:
    """Move to another seat of the vehicle (an action); an occupied seat is swapped, and the other
    occupant counts as activated."""

    model: str
    seat: int
    kind: Literal["change_seat"] = "change_seat"


@dataclass(frozen=True, slots=True)
class Climb:
    """Take the stairs of the building it stands in to floor ``level`` (0: the ground floor; the
    building's floor count: its roof, when it has one): 5 cm onto the stairs plus the height
    climbed. With ``ladder`` (the index of a stairs piece outside, touching a roofed building):
    up that ladder from its foot to the roof, or down it from the roof to the ground (level 0)."""

    model: str
    level: int
    kind: Literal["climb"] = "climb"
    ladder: int = -1


@dataclass(frozen=True, slots=True)
class Jump:
    """Jump from an upper floor across a gap of at most 10 cm to ``landing`` on floor ``level`` of
    another building, at most 5 cm higher or lower; then 5 cm straight on."""

    model: str
    landing: Point
    level: int
    kind: Literal["jump"] = "jump"


@dataclass(frozen=True, slots=True)
class HandOver:
    """Free, right as a frightened survivor is found: the finder passes it ``item``, a weapon from
    its backpack or an object (book 16.1.3)."""

    model: str
    to: str
    item: str
    kind: Literal["hand_over"] = "hand_over"


@dataclass(frozen=True, slots=True)
class KeepFound:
    """Right after a search found an item with no room for it (it lies at the finder's feet): keep
    it, leaving ``drop`` (a weapon or an object the finder carries, of the same kind of slot) on the
    ground instead (book 16.2: "puedes elegir con cuales te quedas")."""

    model: str
    drop: str
    kind: Literal["keep_found"] = "keep_found"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Hand items to (``give``) and take items from (``take``) a survivor of the band within 2 cm,
    neither of them in melee: one action for the whole exchange. Items are named by id (weapons,
    objects, scenario elements such as "antidote"); each goes to a free slot of its new holder (a
    weapon to an empty hand, then the backpack), or the exchange is refused."""

    model: str
    other: str
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()
    kind: Literal["exchange"] = "exchange"


@dataclass(frozen=True, slots=True)
class Mount:
    """Get on a carried bicycle or skateboard, or put on roller skates: 5 cm of the move. A bicycle
    or skateboard is mounted on open ground."""

    model: str
    item: str
    kind: Literal["mount"] = "mount"


@dataclass(frozen=True, slots=True)
class Dismount:
    """Get off the bicycle or skateboard, or take the skates off: 5 cm of the move. ``leave`` parks
    a bicycle where the model stands (picked up again later) instead of pushing it along."""

    model: str
    leave: bool = False
    kind: Literal["dismount"] = "dismount"


@dataclass(frozen=True, slots=True)
class ReturnFire:
    """Answer to a return-fire decision: fire ``shots`` back at the survivor who shot."""

    model: str
    shots: int
    kind: Literal["return_fire"] = "return_fire"


@dataclass(frozen=True, slots=True)
class HoldFire:
    """Answer to a return-fire decision where the survivor may react as it likes: no shot back."""

    model: str
    kind: Literal["hold_fire"] = "hold_fire"


@dataclass(frozen=True, slots=True)
class RerollReaction:
    """Answer to a re-roll decision (special operations): roll the reaction's 2D6 again (it stands)."""

    model: str
    kind: Literal["reroll_reaction"] = "reroll_reaction"


@dataclass(frozen=True, slots=True)
class KeepReaction:
    model: str
    kind: Literal["keep_reaction"] = "keep_reaction"


@dataclass(frozen=True, slots=True)
class FleeToward:
    """Answer to a flight whose direction the band chooses (secret corporation): ``direction`` in
    degrees (0 east, 90 south, as y grows down the table)."""

    model: str
    direction: float
    kind: Literal["flee_toward"] = "flee_toward"


@dataclass(frozen=True, slots=True)
class ShootFirst:
    """Answer to a zombie out of a vehicle that the survivor surprised: shoot it now (``shots``)."""

    model: str
    shots: int
    kind: Literal["shoot_first"] = "shoot_first"


@dataclass(frozen=True, slots=True)
class StepAway:
    """Answer to a zombie out of a vehicle that the survivor surprised: step away along ``path``
    with the move it has left."""

    model: str
    path: tuple[Point, ...]
    kind: Literal["step_away"] = "step_away"


@dataclass(frozen=True, slots=True)
class StandFirm:
    """Answer to a zombie out of a vehicle that the survivor surprised: meet it in melee."""

    model: str
    kind: Literal["stand_firm"] = "stand_firm"


@dataclass(frozen=True, slots=True)
class Deploy:
    """Deployment: put one of the deploying band's figures at ``at``."""

    model: str
    at: Point
    kind: Literal["deploy"] = "deploy"


@dataclass(frozen=True, slots=True)
class DeploymentDone:
    """Deployment: the band's figures are all placed; the next band deploys (or play begins)."""

    seat: str
    kind: Literal["deployment_done"] = "deployment_done"


Command = Annotated[
    Activate | MoveModel | Sprint | Shoot | Charge | Fight | Disengage | Reload | SwapWeapons | EndActivation
    | Search | UseItem | FirstAid | Entrench | PickUp | LeaveTable | Withdraw | BoardVehicle | LeaveVehicle | Drive
    | ChangeSeat | Climb | Jump | Exchange | HandOver | KeepFound | Mount | Dismount | ReturnFire | HoldFire | RerollReaction | KeepReaction
    | FleeToward | ShootFirst | StepAway | StandFirm | Deploy | DeploymentDone,
    Field(discriminator="kind"),
]
ANSWERS = (ReturnFire, HoldFire, RerollReaction, KeepReaction, FleeToward, ShootFirst, StepAway, StandFirm)
COMMAND_ADAPTER: TypeAdapter[Command] = TypeAdapter(Command)


# --- templates (what legal_commands offers; the UI fills in the geometry) ------------------------


@dataclass(frozen=True, slots=True)
class MoveTemplate:
    model: str
    max_cm: float
    kind: Literal["move_template"] = "move_template"


@dataclass(frozen=True, slots=True)
class ShootTemplate:
    model: str
    weapon: str
    shots_min: int
    shots_max: int
    range_cm: float
    targets: tuple[str, ...]  # enemies in sight (range is not pre-measured)
    kind: Literal["shoot_template"] = "shoot_template"


@dataclass(frozen=True, slots=True)
class ChargeTemplate:
    model: str
    max_cm: float
    targets: tuple[str, ...]
    kind: Literal["charge_template"] = "charge_template"


@dataclass(frozen=True, slots=True)
class LeaveTemplate:
    """The survivor may walk off by ``edge`` (n, e, s, w, or any) if it reaches it."""

    model: str
    max_cm: float
    edge: str
    kind: Literal["leave_template"] = "leave_template"


@dataclass(frozen=True, slots=True)
class DriveTemplate:
    """The driver may drive up to ``max_cm`` (turns cost ``turn_cost_cm``); ``start_roll``: the engine
    must be started first (it may not start)."""

    model: str
    vehicle: str
    max_cm: float
    turn_cost_cm: float
    can_reverse: bool
    start_roll: bool
    kind: Literal["drive_template"] = "drive_template"


@dataclass(frozen=True, slots=True)
class BoardTemplate:
    """The survivor may walk up to ``max_cm`` to ``vehicle`` and get in (``free_seats``) if it still
    has ``entry_cm`` then; short of them it stays beside the vehicle."""

    model: str
    vehicle: str
    max_cm: float
    free_seats: tuple[int, ...]
    kind: Literal["board_template"] = "board_template"
    entry_cm: float = 5.0


@dataclass(frozen=True, slots=True)
class LeaveVehicleTemplate:
    model: str
    vehicle: str
    max_cm: float
    kind: Literal["leave_vehicle_template"] = "leave_vehicle_template"


@dataclass(frozen=True, slots=True)
class JumpTemplate:
    """From an upper floor the survivor may jump a gap of ``max_gap_cm`` to another building's floor
    at most ``max_height_cm`` higher or lower (falling short if ``max_cm`` runs out)."""

    model: str
    max_gap_cm: float
    max_height_cm: float
    max_cm: float
    kind: Literal["jump_template"] = "jump_template"


@dataclass(frozen=True, slots=True)
class DeployTemplate:
    """The deploying band places ``models`` (the whole band in one zone) within ``depth_cm`` of the
    table edge of one of the ``zones`` (x0, y0, x1, y1; with ``centre``: within ``depth_cm`` of the
    zone's middle), at least ``apart_cm`` from rival survivors already deployed."""

    seat: str
    models: tuple[str, ...]
    zones: tuple[tuple[float, float, float, float], ...]
    depth_cm: float
    apart_cm: float
    centre: bool = False
    kind: Literal["deploy_template"] = "deploy_template"


@dataclass(frozen=True, slots=True)
class StepAwayTemplate:
    """The survivor may step away (up to ``max_cm``) from the zombie it surprised."""

    model: str
    max_cm: float
    kind: Literal["step_away_template"] = "step_away_template"


@dataclass(frozen=True, slots=True)
class ExchangeTemplate:
    """The acting survivor may exchange equipment (an action) with these band mates within 2 cm."""

    model: str
    partners: tuple[str, ...]
    kind: Literal["exchange_template"] = "exchange_template"


# --- events -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiceRolled:
    """Every roll, with its purpose, the dice, the modifiers (label, value) and what each die scored."""

    purpose: str
    model: str
    dice: tuple[int, ...]
    modifiers: tuple[tuple[str, int], ...] = ()
    target: int = 0  # the number a die had to reach (or not exceed, for checks)
    results: tuple[str, ...] = ()  # per die: "wound", "miss", "pass", "fail", ...
    kind: Literal["dice_rolled"] = "dice_rolled"


@dataclass(frozen=True, slots=True)
class DecisionPending:
    """Play waits for ``seat`` to choose for ``model`` (return fire, a re-roll, where to flee, what to
    do about a zombie out of a vehicle); ``other`` is the shooter or the zombie."""

    decision: str
    seat: str
    model: str
    other: str = ""
    kind: Literal["decision_pending"] = "decision_pending"


@dataclass(frozen=True, slots=True)
class Deployed:
    model: str
    at: Point
    kind: Literal["deployed"] = "deployed"


@dataclass(frozen=True, slots=True)
class BandDeployed:
    seat: str
    kind: Literal["band_deployed"] = "band_deployed"


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    kind: Literal["round_started"] = "round_started"


@dataclass(frozen=True, slots=True)
class InitiativeDecided:
    order: tuple[str, ...]
    kind: Literal["initiative_decided"] = "initiative_decided"


@dataclass(frozen=True, slots=True)
class ZombieSpawned:
    zombie: str
    position: Point
    source: str  # "round", "bang", "devoured"
    activated: bool = False
    kind: Literal["zombie_spawned"] = "zombie_spawned"


@dataclass(frozen=True, slots=True)
class Activated:
    model: str
    success: bool
    kind: Literal["activated"] = "activated"


@dataclass(frozen=True, slots=True)
class ModelMoved:
    model: str
    path: tuple[Point, ...]
    cost_cm: float
    kind: Literal["model_moved"] = "model_moved"


@dataclass(frozen=True, slots=True)
class ShotFired:
    model: str
    weapon: str
    target: str
    hits: int
    wasted: bool = False  # out of range
    kind: Literal["shot_fired"] = "shot_fired"


@dataclass(frozen=True, slots=True)
class WeaponJammed:
    model: str
    weapon: str
    kind: Literal["weapon_jammed"] = "weapon_jammed"


@dataclass(frozen=True, slots=True)
class BangPlaced:
    position: Point
    value: int
    kind: Literal["bang_placed"] = "bang_placed"


@dataclass(frozen=True, slots=True)
class BangResolved:
    position: Point
    spawned: int
    kind: Literal["bang_resolved"] = "bang_resolved"


@dataclass(frozen=True, slots=True)
class ReactionResolved:
    model: str
    table: str
    successes: int
    result: str
    kind: Literal["reaction_resolved"] = "reaction_resolved"


@dataclass(frozen=True, slots=True)
class MeleeFought:
    model: str
    opponent: str
    winner: str  # a model id, or "" for a tie
    wounds: int
    kind: Literal["melee_fought"] = "melee_fought"


@dataclass(frozen=True, slots=True)
class Wounded:
    model: str
    wounds: int  # total marked now
    ignored: bool = False
    kind: Literal["wounded"] = "wounded"


@dataclass(frozen=True, slots=True)
class ModelRemoved:
    model: str
    reason: str  # "killed", "out_of_action", "devoured", "left_table", "withdrawn"
    kind: Literal["model_removed"] = "model_removed"


@dataclass(frozen=True, slots=True)
class Fled:
    model: str
    path: tuple[Point, ...]
    dropped: str = ""
    kind: Literal["fled"] = "fled"


@dataclass(frozen=True, slots=True)
class BandWithdrew:
    seat: str
    kind: Literal["band_withdrew"] = "band_withdrew"


@dataclass(frozen=True, slots=True)
class ActivationEnded:
    model: str
    kind: Literal["activation_ended"] = "activation_ended"


@dataclass(frozen=True, slots=True)
class BuildingEntered:
    """An unopened building's D10: zombies (how many), empty or a frightened survivor."""

    model: str
    building: int
    found: str  # zombies, empty, frightened_survivor
    zombies: int = 0
    surprised_by: str = ""  # "survivor" or "zombies" after the surprise roll
    kind: Literal["building_entered"] = "building_entered"


@dataclass(frozen=True, slots=True)
class PlaceMarked:
    """An "open" or "searched" marker on a building or prop; ``light`` once rolled."""

    piece: int
    marker: str  # open, searched, light
    light: str = ""
    kind: Literal["place_marked"] = "place_marked"


@dataclass(frozen=True, slots=True)
class ItemFound:
    model: str
    item: str  # an item id, "dog", "frightened_survivor", "antidote", "rescued"
    options: tuple[str, ...] = ()
    dropped: bool = False  # no free slot: left on the ground
    kind: Literal["item_found"] = "item_found"


@dataclass(frozen=True, slots=True)
class ItemsDropped:
    """What a model leaves on the ground at ``position`` (a devoured survivor's gear, an element)."""

    model: str
    items: tuple[str, ...]
    position: Point
    kind: Literal["items_dropped"] = "items_dropped"


@dataclass(frozen=True, slots=True)
class SurvivorJoined:
    model: str
    seat: str
    how: str  # found, dog, rescued
    kind: Literal["survivor_joined"] = "survivor_joined"


@dataclass(frozen=True, slots=True)
class ItemUsed:
    model: str
    item: str
    target: str = ""
    healed: int = 0
    kind: Literal["item_used"] = "item_used"


@dataclass(frozen=True, slots=True)
class Entrenched:
    model: str
    kind: Literal["entrenched"] = "entrenched"


@dataclass(frozen=True, slots=True)
class TookCover:
    model: str
    path: tuple[Point, ...]
    protected: bool
    kind: Literal["took_cover"] = "took_cover"


@dataclass(frozen=True, slots=True)
class DogControl:
    model: str
    kept: bool
    target: str = ""
    kind: Literal["dog_control"] = "dog_control"


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[str, ...]
    reason: str
    kind: Literal["game_ended"] = "game_ended"


@dataclass(frozen=True, slots=True)
class VehiclePlaced:
    vehicle: str
    position: Point
    facing: float
    how: str  # table, own, shop
    kind: Literal["vehicle_placed"] = "vehicle_placed"


@dataclass(frozen=True, slots=True)
class VehicleBoarded:
    model: str
    vehicle: str
    seat: int
    kind: Literal["vehicle_boarded"] = "vehicle_boarded"


@dataclass(frozen=True, slots=True)
class BoardingFellShort:
    """The survivor reached the vehicle without the cm to get in: it stays beside it, its move over."""

    model: str
    vehicle: str
    needed_cm: float
    left_cm: float
    kind: Literal["boarding_fell_short"] = "boarding_fell_short"


@dataclass(frozen=True, slots=True)
class VehicleLeft:
    model: str
    vehicle: str
    position: Point
    kind: Literal["vehicle_left"] = "vehicle_left"


@dataclass(frozen=True, slots=True)
class SeatChanged:
    model: str
    vehicle: str
    seat: int
    kind: Literal["seat_changed"] = "seat_changed"


@dataclass(frozen=True, slots=True)
class VehicleStarted:
    vehicle: str
    model: str
    started: bool
    how: str  # roll, petrol can, own vehicle
    kind: Literal["vehicle_started"] = "vehicle_started"


@dataclass(frozen=True, slots=True)
class VehicleMoved:
    """The body's centre and facing after each straight leg."""

    vehicle: str
    poses: tuple[tuple[float, float, float], ...]
    cost_cm: float
    how: str = "driven"  # driven, out of control, radiator
    kind: Literal["vehicle_moved"] = "vehicle_moved"


@dataclass(frozen=True, slots=True)
class RanOver:
    vehicle: str
    victim: str
    result: str  # out_of_control, radiator, one_less; in a runaway path: casualty, stepped_aside
    kind: Literal["ran_over"] = "ran_over"


@dataclass(frozen=True, slots=True)
class VehicleCrashed:
    vehicle: str
    into: str  # scenery, or another vehicle's id
    kind: Literal["vehicle_crashed"] = "vehicle_crashed"


@dataclass(frozen=True, slots=True)
class VehicleStatus:
    """A change of state: out_of_control, control_regained, overturned, broken, stalled, held, lost."""

    vehicle: str
    status: str
    kind: Literal["vehicle_status"] = "vehicle_status"


@dataclass(frozen=True, slots=True)
class Climbed:
    """Up or down stairs or a ladder toward ``level``; ``stairs_cm`` > 0: it stopped part-way, that
    high above the floor of ``level``."""

    model: str
    level: int
    cost_cm: float
    kind: Literal["climbed"] = "climbed"
    stairs_cm: float = 0.0


@dataclass(frozen=True, slots=True)
class Jumped:
    """A jump: where it landed (after the momentum), on which floor; ``fell`` when it fell short."""

    model: str
    path: tuple[Point, ...]
    level: int
    cost_cm: float
    fell: bool = False
    kind: Literal["jumped"] = "jumped"


@dataclass(frozen=True, slots=True)
class ItemsExchanged:
    model: str
    other: str
    given: tuple[str, ...]
    taken: tuple[str, ...]
    kind: Literal["items_exchanged"] = "items_exchanged"


@dataclass(frozen=True, slots=True)
class FoundKept:
    """The finder kept the ``item`` it found and left ``dropped`` on the ground instead."""

    model: str
    item: str
    dropped: str
    kind: Literal["found_kept"] = "found_kept"


@dataclass(frozen=True, slots=True)
class GearChanged:
    """A survivor got on (``mounted``) or off its bicycle, skateboard or skates; ``left``: a
    bicycle parked on the ground."""

    model: str
    item: str
    mounted: bool
    left: bool = False
    kind: Literal["gear_changed"] = "gear_changed"


Event = Annotated[
    DiceRolled | DecisionPending | Deployed | BandDeployed | RoundStarted | InitiativeDecided | ZombieSpawned
    | Activated | ModelMoved | ShotFired | WeaponJammed | BangPlaced | BangResolved | ReactionResolved | MeleeFought | Wounded | ModelRemoved | Fled
    | BandWithdrew | ActivationEnded | BuildingEntered | PlaceMarked | ItemFound | ItemsDropped | SurvivorJoined
    | ItemUsed
    | Entrenched | TookCover | DogControl | GameEnded | VehiclePlaced | VehicleBoarded | BoardingFellShort
    | VehicleLeft | SeatChanged
    | VehicleStarted | VehicleMoved | RanOver | VehicleCrashed | VehicleStatus | Climbed | Jumped | ItemsExchanged
    | FoundKept | GearChanged,
    Field(discriminator="kind"),
]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
