"""Zombieworld commands (imperative) and events (past tense): frozen, tagged, JSON through pydantic.

Positions are (x, y) in table cm. A move is a path of waypoints after the model's position.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from game.rules.core.frozen import record

Point = tuple[float, float]

# --- commands -----------------------------------------------------------------------------------


@record
class Activate:
    """Try to activate a survivor or dog: the activation check is rolled."""

    model: str
    kind: Literal["activate"] = "activate"


@record
class MoveModel:
    """Walk along ``path``. Should the survivor surprise zombies in a building it enters, it fires
    at them (``surprise="shoot"``) or steps back to where it started (``"retreat"``)."""

    model: str
    path: tuple[Point, ...]
    kind: Literal["move"] = "move"
    surprise: Literal["shoot", "retreat"] = "shoot"


@record
class Sprint:
    model: str
    kind: Literal["sprint"] = "sprint"


@record
class Shoot:
    """Fire the firearm in hand; ``allocations`` gives each target its number of shots."""

    model: str
    allocations: tuple[tuple[str, int], ...]
    weapon: str = ""  # empty: the first firearm in hand
    kind: Literal["shoot"] = "shoot"


@record
class Charge:
    """Move into base contact with an enemy along ``path`` (which ends touching it), then fight."""

    model: str
    target: str
    path: tuple[Point, ...]
    kind: Literal["charge"] = "charge"


@record
class Fight:
    """A survivor locked in melee fights on."""

    model: str
    kind: Literal["fight"] = "fight"


@record
class Disengage:
    model: str
    kind: Literal["disengage"] = "disengage"


@record
class Reload:
    model: str
    kind: Literal["reload"] = "reload"


@record
class SwapWeapons:
    """Hand and backpack trade places (only before any action this turn)."""

    model: str
    kind: Literal["swap_weapons"] = "swap_weapons"


@record
class EndActivation:
    model: str
    kind: Literal["end_activation"] = "end_activation"


@record
class Search:
    """Search the building the survivor stands in (3D10), or the prop or container ``piece`` it
    touches. ``prefer`` picks the item when the table offers a choice ("X or Y")."""

    model: str
    piece: int = -1  # -1: the building it stands in
    prefer: str = ""
    kind: Literal["search"] = "search"
    vehicle: str = ""  # search this vehicle (touching it or riding in it) instead


@record
class UseItem:
    """Use a carried object: medkit or canned food (on itself or a survivor in contact: ``target``),
    stimulants or cigarettes (start of the turn), ammunition box (free reload), air horn, a scope or
    silencer fitted for good to the carried firearm named by ``target`` (an action)."""

    model: str
    item: str
    target: str = ""
    kind: Literal["use_item"] = "use_item"


@record
class FirstAid:
    """A survivor with the First aid virtue tends itself or a survivor in contact (D10, 8+)."""

    model: str
    target: str = ""
    kind: Literal["first_aid"] = "first_aid"


@record
class Entrench:
    """At the start of its turn, before moving: dig in behind an obstacle it touches."""

    model: str
    kind: Literal["entrench"] = "entrench"


@record
class PickUp:
    """Pick up the items lying within 2 cm (an action), as many as the slots hold."""

    model: str
    kind: Literal["pick_up"] = "pick_up"


@record
class LeaveTable:
    """Walk off the table by the scenario's exit edge along ``path`` (its last point on the edge)."""

    model: str
    path: tuple[Point, ...]
    kind: Literal["leave_table"] = "leave_table"


@record
class Withdraw:
    """The band leaves the table (counts as a failed "few of us left" check)."""

    kind: Literal["withdraw"] = "withdraw"


@record
class BoardVehicle:
    """Walk along ``path`` (may be empty) to touch a side or the rear of the vehicle, then get in
    (5 cm) and take ``seat`` (-1: the first free one; 0 is the driver's). Ends the move."""

    model: str
    vehicle: str
    path: tuple[Point, ...] = ()
    seat: int = -1
    kind: Literal["board_vehicle"] = "board_vehicle"


@record
class LeaveVehicle:
    """Get out (5 cm) at ``path[0]``, touching a side or the rear, then walk on along the rest."""

    model: str
    path: tuple[Point, ...]
    kind: Literal["leave_vehicle"] = "leave_vehicle"


@record
class Drive:
    """The driver moves the vehicle: its front follows ``path`` in straight legs; every change of
    heading costs 10 cm; backwards (``reverse``) each cm costs two. Starts the engine first if needed."""

    model: str
    path: tuple[Point, ...] = ()
    reverse: bool = False
    kind: Literal["drive"] = "drive"


@record
class ChangeSeat:
    """Move to another seat of the vehicle (an action); an occupied seat is swapped, and the other
    occupant counts as activated."""

    model: str
    seat: int
    kind: Literal["change_seat"] = "change_seat"


@record
class Climb:
    """Take the stairs of the building it stands in to floor ``level`` (0: the ground floor; the
    building's floor count: its roof, when it has one): 5 cm onto the stairs plus the height
    climbed. With ``ladder`` (the index of a stairs piece outside, touching a roofed building):
    up that ladder from its foot to the roof, or down it from the roof to the ground (level 0)."""

    model: str
    level: int
    kind: Literal["climb"] = "climb"
    ladder: int = -1


@record
class Jump:
    """Jump from an upper floor across a gap of at most 10 cm to ``landing`` on floor ``level`` of
    another building, at most 5 cm higher or lower; then 5 cm straight on."""

    model: str
    landing: Point
    level: int
    kind: Literal["jump"] = "jump"


@record
class HandOver:
    """Free, right as a frightened survivor is found: the finder passes it ``item``, a weapon from
    its backpack or an object (book 16.1.3)."""

    model: str
    to: str
    item: str
    kind: Literal["hand_over"] = "hand_over"


@record
class KeepFound:
    """Right after a search found an item with no room for it (it lies at the finder's feet): keep
    it, leaving ``drop`` (a weapon or an object the finder carries, of the same kind of slot) on the
    ground instead (book 16.2: "puedes elegir con cuales te quedas")."""

    model: str
    drop: str
    kind: Literal["keep_found"] = "keep_found"


@record
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


@record
class Mount:
    """Get on a carried bicycle or skateboard, or put on roller skates: 5 cm of the move. A bicycle
    or skateboard is mounted on open ground."""

    model: str
    item: str
    kind: Literal["mount"] = "mount"


@record
class Dismount:
    """Get off the bicycle or skateboard, or take the skates off: 5 cm of the move. ``leave`` parks
    a bicycle where the model stands (picked up again later) instead of pushing it along."""

    model: str
    leave: bool = False
    kind: Literal["dismount"] = "dismount"


@record
class ReturnFire:
    """Answer to a return-fire decision: fire ``shots`` back at the survivor who shot."""

    model: str
    shots: int
    kind: Literal["return_fire"] = "return_fire"


@record
class HoldFire:
    """Answer to a return-fire decision where the survivor may react as it likes: no shot back."""

    model: str
    kind: Literal["hold_fire"] = "hold_fire"


@record
class RerollReaction:
    """Answer to a re-roll decision (special operations): roll the reaction's 2D6 again (it stands)."""

    model: str
    kind: Literal["reroll_reaction"] = "reroll_reaction"


@record
class KeepReaction:
    model: str
    kind: Literal["keep_reaction"] = "keep_reaction"


@record
class FleeToward:
    """Answer to a flight whose direction the band chooses (secret corporation): ``direction`` in
    degrees (0 east, 90 south, as y grows down the table)."""

    model: str
    direction: float
    kind: Literal["flee_toward"] = "flee_toward"


@record
class ShootFirst:
    """Answer to a zombie out of a vehicle that the survivor surprised: shoot it now (``shots``)."""

    model: str
    shots: int
    kind: Literal["shoot_first"] = "shoot_first"


@record
class StepAway:
    """Answer to a zombie out of a vehicle that the survivor surprised: step away along ``path``
    with the move it has left."""

    model: str
    path: tuple[Point, ...]
    kind: Literal["step_away"] = "step_away"


@record
class StandFirm:
    """Answer to a zombie out of a vehicle that the survivor surprised: meet it in melee."""

    model: str
    kind: Literal["stand_firm"] = "stand_firm"


@record
class Deploy:
    """Deployment: put one of the deploying band's figures at ``at``."""

    model: str
    at: Point
    kind: Literal["deploy"] = "deploy"


@record
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


@record
class MoveTemplate:
    model: str
    max_cm: float
    kind: Literal["move_template"] = "move_template"


@record
class ShootTemplate:
    model: str
    weapon: str
    shots_min: int
    shots_max: int
    range_cm: float
    targets: tuple[str, ...]  # enemies in sight (range is not pre-measured)
    kind: Literal["shoot_template"] = "shoot_template"


@record
class ChargeTemplate:
    model: str
    max_cm: float
    targets: tuple[str, ...]
    kind: Literal["charge_template"] = "charge_template"


@record
class LeaveTemplate:
    """The survivor may walk off by ``edge`` (n, e, s, w, or any) if it reaches it."""

    model: str
    max_cm: float
    edge: str
    kind: Literal["leave_template"] = "leave_template"


@record
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


@record
class BoardTemplate:
    """The survivor may walk up to ``max_cm`` to ``vehicle`` and get in (``free_seats``) if it still
    has ``entry_cm`` then; short of them it stays beside the vehicle."""

    model: str
    vehicle: str
    max_cm: float
    free_seats: tuple[int, ...]
    kind: Literal["board_template"] = "board_template"
    entry_cm: float = 5.0


@record
class LeaveVehicleTemplate:
    model: str
    vehicle: str
    max_cm: float
    kind: Literal["leave_vehicle_template"] = "leave_vehicle_template"


@record
class JumpTemplate:
    """From an upper floor the survivor may jump a gap of ``max_gap_cm`` to another building's floor
    at most ``max_height_cm`` higher or lower (falling short if ``max_cm`` runs out)."""

    model: str
    max_gap_cm: float
    max_height_cm: float
    max_cm: float
    kind: Literal["jump_template"] = "jump_template"


@record
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


@record
class StepAwayTemplate:
    """The survivor may step away (up to ``max_cm``) from the zombie it surprised."""

    model: str
    max_cm: float
    kind: Literal["step_away_template"] = "step_away_template"


@record
class ExchangeTemplate:
    """The acting survivor may exchange equipment (an action) with these band mates within 2 cm."""

    model: str
    partners: tuple[str, ...]
    kind: Literal["exchange_template"] = "exchange_template"


# --- events -------------------------------------------------------------------------------------


@record
class DiceRolled:
    """Every roll, with its purpose, the dice, the modifiers (label, value) and what each die scored."""

    purpose: str
    model: str
    dice: tuple[int, ...]
    modifiers: tuple[tuple[str, int], ...] = ()
    target: int = 0  # the number a die had to reach (or not exceed, for checks)
    results: tuple[str, ...] = ()  # per die: "wound", "miss", "pass", "fail", ...
    kind: Literal["dice_rolled"] = "dice_rolled"


@record
class DecisionPending:
    """Play waits for ``seat`` to choose for ``model`` (return fire, a re-roll, where to flee, what to
    do about a zombie out of a vehicle); ``other`` is the shooter or the zombie."""

    decision: str
    seat: str
    model: str
    other: str = ""
    kind: Literal["decision_pending"] = "decision_pending"


@record
class Deployed:
    model: str
    at: Point
    kind: Literal["deployed"] = "deployed"


@record
class BandDeployed:
    seat: str
    kind: Literal["band_deployed"] = "band_deployed"


@record
class RoundStarted:
    round: int
    kind: Literal["round_started"] = "round_started"


@record
class InitiativeDecided:
    order: tuple[str, ...]
    kind: Literal["initiative_decided"] = "initiative_decided"


@record
class ZombieSpawned:
    zombie: str
    position: Point
    source: str  # "round", "bang", "devoured"
    activated: bool = False
    kind: Literal["zombie_spawned"] = "zombie_spawned"


@record
class Activated:
    model: str
    success: bool
    kind: Literal["activated"] = "activated"


@record
class ModelMoved:
    model: str
    path: tuple[Point, ...]
    cost_cm: float
    kind: Literal["model_moved"] = "model_moved"


@record
class ShotFired:
    model: str
    weapon: str
    target: str
    hits: int
    wasted: bool = False  # out of range
    kind: Literal["shot_fired"] = "shot_fired"


@record
class WeaponJammed:
    model: str
    weapon: str
    kind: Literal["weapon_jammed"] = "weapon_jammed"


@record
class BangPlaced:
    position: Point
    value: int
    kind: Literal["bang_placed"] = "bang_placed"


@record
class BangResolved:
    position: Point
    spawned: int
    kind: Literal["bang_resolved"] = "bang_resolved"


@record
class ReactionResolved:
    model: str
    table: str
    successes: int
    result: str
    kind: Literal["reaction_resolved"] = "reaction_resolved"


@record
class MeleeFought:
    model: str
    opponent: str
    winner: str  # a model id, or "" for a tie
    wounds: int
    kind: Literal["melee_fought"] = "melee_fought"


@record
class Wounded:
    model: str
    wounds: int  # total marked now
    ignored: bool = False
    kind: Literal["wounded"] = "wounded"


@record
class ModelRemoved:
    model: str
    reason: str  # "killed", "out_of_action", "devoured", "left_table", "withdrawn"
    kind: Literal["model_removed"] = "model_removed"


@record
class Fled:
    model: str
    path: tuple[Point, ...]
    dropped: str = ""
    kind: Literal["fled"] = "fled"


@record
class BandWithdrew:
    seat: str
    kind: Literal["band_withdrew"] = "band_withdrew"


@record
class ActivationEnded:
    model: str
    kind: Literal["activation_ended"] = "activation_ended"


@record
class BuildingEntered:
    """An unopened building's D10: zombies (how many), empty or a frightened survivor."""

    model: str
    building: int
    found: str  # zombies, empty, frightened_survivor
    zombies: int = 0
    surprised_by: str = ""  # "survivor" or "zombies" after the surprise roll
    kind: Literal["building_entered"] = "building_entered"


@record
class PlaceMarked:
    """An "open" or "searched" marker on a building or prop; ``light`` once rolled."""

    piece: int
    marker: str  # open, searched, light
    light: str = ""
    kind: Literal["place_marked"] = "place_marked"


@record
class ItemFound:
    model: str
    item: str  # an item id, "dog", "frightened_survivor", "antidote", "rescued"
    options: tuple[str, ...] = ()
    dropped: bool = False  # no free slot: left on the ground
    kind: Literal["item_found"] = "item_found"


@record
class ItemsDropped:
    """What a model leaves on the ground at ``position`` (a devoured survivor's gear, an element)."""

    model: str
    items: tuple[str, ...]
    position: Point
    kind: Literal["items_dropped"] = "items_dropped"


@record
class SurvivorJoined:
    model: str
    seat: str
    how: str  # found, dog, rescued
    kind: Literal["survivor_joined"] = "survivor_joined"


@record
class ItemUsed:
    model: str
    item: str
    target: str = ""
    healed: int = 0
    kind: Literal["item_used"] = "item_used"


@record
class Entrenched:
    model: str
    kind: Literal["entrenched"] = "entrenched"


@record
class TookCover:
    model: str
    path: tuple[Point, ...]
    protected: bool
    kind: Literal["took_cover"] = "took_cover"


@record
class DogControl:
    model: str
    kept: bool
    target: str = ""
    kind: Literal["dog_control"] = "dog_control"


@record
class GameEnded:
    winners: tuple[str, ...]
    reason: str
    kind: Literal["game_ended"] = "game_ended"


@record
class VehiclePlaced:
    vehicle: str
    position: Point
    facing: float
    how: str  # table, own, shop
    kind: Literal["vehicle_placed"] = "vehicle_placed"


@record
class VehicleBoarded:
    model: str
    vehicle: str
    seat: int
    kind: Literal["vehicle_boarded"] = "vehicle_boarded"


@record
class BoardingFellShort:
    """The survivor reached the vehicle without the cm to get in: it stays beside it, its move over."""

    model: str
    vehicle: str
    needed_cm: float
    left_cm: float
    kind: Literal["boarding_fell_short"] = "boarding_fell_short"


@record
class VehicleLeft:
    model: str
    vehicle: str
    position: Point
    kind: Literal["vehicle_left"] = "vehicle_left"


@record
class SeatChanged:
    model: str
    vehicle: str
    seat: int
    kind: Literal["seat_changed"] = "seat_changed"


@record
class VehicleStarted:
    vehicle: str
    model: str
    started: bool
    how: str  # roll, petrol can, own vehicle
    kind: Literal["vehicle_started"] = "vehicle_started"


@record
class VehicleMoved:
    """The body's centre and facing after each straight leg."""

    vehicle: str
    poses: tuple[tuple[float, float, float], ...]
    cost_cm: float
    how: str = "driven"  # driven, out of control, radiator
    kind: Literal["vehicle_moved"] = "vehicle_moved"


@record
class RanOver:
    vehicle: str
    victim: str
    result: str  # out_of_control, radiator, one_less; in a runaway path: casualty, stepped_aside
    kind: Literal["ran_over"] = "ran_over"


@record
class VehicleCrashed:
    vehicle: str
    into: str  # scenery, or another vehicle's id
    kind: Literal["vehicle_crashed"] = "vehicle_crashed"


@record
class VehicleStatus:
    """A change of state: out_of_control, control_regained, overturned, broken, stalled, held, lost."""

    vehicle: str
    status: str
    kind: Literal["vehicle_status"] = "vehicle_status"


@record
class Climbed:
    """Up or down stairs or a ladder toward ``level``; ``stairs_cm`` > 0: it stopped part-way, that
    high above the floor of ``level``."""

    model: str
    level: int
    cost_cm: float
    kind: Literal["climbed"] = "climbed"
    stairs_cm: float = 0.0


@record
class Jumped:
    """A jump: where it landed (after the momentum), on which floor; ``fell`` when it fell short."""

    model: str
    path: tuple[Point, ...]
    level: int
    cost_cm: float
    fell: bool = False
    kind: Literal["jumped"] = "jumped"


@record
class ItemsExchanged:
    model: str
    other: str
    given: tuple[str, ...]
    taken: tuple[str, ...]
    kind: Literal["items_exchanged"] = "items_exchanged"


@record
class FoundKept:
    """The finder kept the ``item`` it found and left ``dropped`` on the ground instead."""

    model: str
    item: str
    dropped: str
    kind: Literal["found_kept"] = "found_kept"


@record
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
