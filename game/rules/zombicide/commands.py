"""Zombicide commands (imperative) and events (past tense): frozen, tagged, JSON through pydantic.

Zones, doors and survivors are named by their string ids so logs and scenario files read well.
"""

from __future__ import annotations

from dataclasses import is_dataclass
from typing import Annotated, Any, Literal, Union

from pydantic import Field, TypeAdapter

from game.rules.core.frozen import record

# --- commands ---------------------------------------------------------------------------------


@record
class Move:
    """Move to an adjacent zone; skills that cross several zones name the zones passed ``via``.

    ``charge``: the free Charge skill (up to 2 zones, into a zone holding zombies)."""

    survivor: str
    to: str
    via: tuple[str, ...] = ()
    charge: bool = False
    kind: Literal["move"] = "move"


@record
class Heal:
    """Medic: once per turn, for free, remove one Wound from a survivor in the same zone."""

    survivor: str
    target: str
    kind: Literal["heal"] = "heal"


@record
class Jump:
    """Jump: once per turn, 1 action, exactly 2 zones in a straight line the survivor can see."""

    survivor: str
    to: str
    kind: Literal["jump"] = "jump"


@record
class GiveAction:
    """Born leader: once per turn, for free, give another survivor 1 action for its next turn."""

    survivor: str
    target: str
    kind: Literal["give_action"] = "give_action"


@record
class CloseDoor:
    """Lock it down: 1 action, close an open door next to the survivor (it never spawns again)."""

    survivor: str
    door: str
    kind: Literal["close_door"] = "close_door"


@record
class Shove:
    """Shove: once per turn, free: push every zombie in the zone into an adjacent open zone."""

    survivor: str
    to: str
    kind: Literal["shove"] = "shove"


@record
class Rescue:
    """Lifesaver: once per turn, free: pull the survivors of an adjacent zone holding zombies."""

    survivor: str
    zone: str
    kind: Literal["rescue"] = "rescue"


@record
class Bloodlust:
    """Bloodlust: 1 action, move up to 2 zones into a zone with zombies, then a free attack with
    the weapon in hand ``slot``."""

    survivor: str
    to: str
    slot: int
    via: tuple[str, ...] = ()
    kind: Literal["bloodlust"] = "bloodlust"


@record
class Shout:
    """Loud: free, once per turn; the zone counts as the noisiest until the survivor's next turn."""

    survivor: str
    kind: Literal["shout"] = "shout"


@record
class Taunt:
    """Taunt: free, once per turn: the zombies of a zone in sight take an extra activation aimed only at this survivor."""

    survivor: str
    zone: str
    kind: Literal["taunt"] = "taunt"


@record
class OpenDoor:
    survivor: str
    door: str  # connection id
    kind: Literal["open_door"] = "open_door"


@record
class Search:
    survivor: str
    kind: Literal["search"] = "search"


@record
class Attack:
    """Attack with the weapon in hand ``slot`` (its Dual twin in the other hand joins in, unless
    ``single``: that weapon alone).

    ``priority`` lists zombie type ids in the order melee hits (or a free-targeting shooter's hits)
    go to; types left out follow the box's default order. ``second_zone`` (Trick shot): the Dual
    twin aims at that zone instead of ``zone``. ``rival`` (competitive mode, melee): the hits go to
    that rival survivor in the zone first, then to the zombies.
    """

    survivor: str
    slot: int
    zone: str
    priority: tuple[str, ...] = ()
    second_zone: str = ""
    rival: str = ""
    single: bool = False
    kind: Literal["attack"] = "attack"


@record
class Reload:
    survivor: str
    kind: Literal["reload"] = "reload"


@record
class Rearrange:
    """Put the survivor's own cards in a new arrangement; cards left out are discarded."""

    survivor: str
    slots: tuple[int, ...]
    kind: Literal["rearrange"] = "rearrange"


@record
class Trade:
    """Swap cards with another survivor in the zone: both final arrangements are given."""

    survivor: str
    other: str
    slots: tuple[int, ...]
    other_slots: tuple[int, ...]
    kind: Literal["trade"] = "trade"


@record
class Discard:
    """Free at any time: drop an equipment card."""

    survivor: str
    slot: int
    kind: Literal["discard"] = "discard"


@record
class Combine:
    """Free at any time: join two matching cards (Glass Bottle + Gasoline → Molotov)."""

    survivor: str
    slot: int
    other_slot: int
    kind: Literal["combine"] = "combine"


@record
class TakeObjective:
    survivor: str
    kind: Literal["take_objective"] = "take_objective"


@record
class MakeNoise:
    survivor: str
    kind: Literal["make_noise"] = "make_noise"


@record
class EndTurn:
    """Do nothing: the survivor's turn ends and its remaining actions are lost."""

    survivor: str
    kind: Literal["end_turn"] = "end_turn"


@record
class Escape:
    """Leave the board through the exit zone (it must hold no zombies); ends the turn."""

    survivor: str
    kind: Literal["escape"] = "escape"


@record
class ChooseOption:
    option: int
    kind: Literal["choose_option"] = "choose_option"


@record
class ForceDice:
    """Dice thrown on the real table: the next d6 rolls use these results."""

    values: tuple[int, ...]
    kind: Literal["force_dice"] = "force_dice"


CORE_COMMANDS: tuple[type, ...] = (
    Move, Heal, Bloodlust, Shove, Rescue, CloseDoor, Jump, GiveAction, Shout, Taunt, OpenDoor, Search, Attack,
    Reload, Rearrange, Trade, Discard, Combine, TakeObjective, MakeNoise, EndTurn, Escape, ChooseOption, ForceDice,
)
Command = Annotated[
    Move
    | Heal
    | Bloodlust
    | Shove
    | Rescue
    | CloseDoor
    | Jump
    | GiveAction
    | Shout
    | Taunt
    | OpenDoor
    | Search
    | Attack
    | Reload
    | Rearrange
    | Trade
    | Discard
    | Combine
    | TakeObjective
    | MakeNoise
    | EndTurn
    | Escape
    | ChooseOption
    | ForceDice,
    Field(discriminator="kind"),
]


# --- events -----------------------------------------------------------------------------------


@record
class GameStarted:
    seed: int
    first_seat: str
    spawn_dice: int
    kind: Literal["game_started"] = "game_started"


@record
class DeckShuffled:
    deck: str  # "equipment" or "zombie"
    size: int
    kind: Literal["deck_shuffled"] = "deck_shuffled"


@record
class EquipmentDealt:
    survivor: str
    card: str
    kind: Literal["equipment_dealt"] = "equipment_dealt"


@record
class TurnStarted:
    survivor: str
    actions: int
    kind: Literal["turn_started"] = "turn_started"


@record
class TurnEnded:
    survivor: str
    kind: Literal["turn_ended"] = "turn_ended"


@record
class SurvivorMoved:
    survivor: str
    from_zone: str
    to_zone: str
    actions: int
    kind: Literal["survivor_moved"] = "survivor_moved"


@record
class MoveStopped:
    """A move of several zones ended early in ``zone``: zombies were there (or showed up there)."""

    survivor: str
    zone: str
    kind: Literal["move_stopped"] = "move_stopped"


@record
class SurvivorHealed:
    survivor: str
    target: str
    wounds: int
    kind: Literal["survivor_healed"] = "survivor_healed"


@record
class DoorClosed:
    door: str
    survivor: str
    kind: Literal["door_closed"] = "door_closed"


@record
class DoorOpened:
    door: str
    survivor: str
    kind: Literal["door_opened"] = "door_opened"


@record
class DoorBroken:
    """Zombies whose way is barred by a closed door break it open (``BoxRules.zombies_break_doors``)."""

    door: str
    zone: str  # where the zombies stand
    kind: Literal["door_broken"] = "door_broken"


@record
class NoiseMade:
    zone: str
    tokens: int
    kind: Literal["noise_made"] = "noise_made"


@record
class DiceRolled:
    purpose: str  # "attack", "spawn"
    values: tuple[int, ...]
    survivor: str = ""
    kind: Literal["dice_rolled"] = "dice_rolled"


@record
class CardDrawn:
    deck: str
    card: str  # equipment id, or the zombie card number
    zone: str = ""
    survivor: str = ""
    kind: Literal["card_drawn"] = "card_drawn"


@record
class CardKept:
    survivor: str
    card: str
    slot: int
    kind: Literal["card_kept"] = "card_kept"


@record
class CardDiscarded:
    survivor: str
    card: str
    kind: Literal["card_discarded"] = "card_discarded"


@record
class InventoryChanged:
    survivor: str
    cards: tuple[str, ...]  # per slot; "" empty, else the card's id (or the box's name of a card that is not equipment)
    kind: Literal["inventory_changed"] = "inventory_changed"


@record
class WeaponReloaded:
    survivor: str
    card: str
    kind: Literal["weapon_reloaded"] = "weapon_reloaded"


@record
class AttackMade:
    """A survivor attacks: ``weapons`` cards of ``weapon`` (2: a Dual pair) at ``zone`` (and the twin
    at ``second_zone``, Trick shot)."""

    survivor: str
    weapon: str
    weapons: int
    zone: str
    second_zone: str = ""
    kind: Literal["attack_made"] = "attack_made"


@record
class ZombieSpawned:
    zone: str
    zombie: str
    count: int
    kind: Literal["zombie_spawned"] = "zombie_spawned"


@record
class ZombieMoved:
    from_zone: str
    to_zone: str
    zombie: str
    count: int
    kind: Literal["zombie_moved"] = "zombie_moved"


@record
class ZombieAttacked:
    zone: str
    zombie: str
    count: int
    kind: Literal["zombie_attacked"] = "zombie_attacked"


@record
class ZombiesKilled:
    zone: str
    zombie: str
    count: int
    survivor: str = ""
    kind: Literal["zombies_killed"] = "zombies_killed"


@record
class ExtraActivation:
    zombie: str
    why: str  # "card", "out_of_miniatures"
    kind: Literal["extra_activation"] = "extra_activation"


@record
class SurvivorWounded:
    survivor: str
    wounds: int
    discarded: str = ""
    ignored: bool = False  # a skill turned the wound away
    kind: Literal["survivor_wounded"] = "survivor_wounded"


@record
class SurvivorEliminated:
    survivor: str
    kind: Literal["survivor_eliminated"] = "survivor_eliminated"


@record
class ExperienceGained:
    survivor: str
    xp: int
    total: int
    kind: Literal["experience_gained"] = "experience_gained"


@record
class DangerLevelReached:
    survivor: str
    level: str
    kind: Literal["danger_level_reached"] = "danger_level_reached"


@record
class SkillGained:
    survivor: str
    skill: str
    kind: Literal["skill_gained"] = "skill_gained"


@record
class ObjectiveTaken:
    survivor: str
    zone: str
    color: str
    kind: Literal["objective_taken"] = "objective_taken"


@record
class SurvivorEscaped:
    survivor: str
    kind: Literal["survivor_escaped"] = "survivor_escaped"


@record
class DecisionNeeded:
    decision: str
    seat: str
    options: tuple[str, ...]
    kind: Literal["decision_needed"] = "decision_needed"


@record
class PhaseStarted:
    phase: str
    round: int
    kind: Literal["phase_started"] = "phase_started"


@record
class NoiseCleared:
    kind: Literal["noise_cleared"] = "noise_cleared"


@record
class FirstPlayerPassed:
    seat: str
    kind: Literal["first_player_passed"] = "first_player_passed"


@record
class DiceForced:
    values: tuple[int, ...]
    kind: Literal["dice_forced"] = "dice_forced"


@record
class CardsCombined:
    survivor: str
    made: str
    count: int
    kind: Literal["cards_combined"] = "cards_combined"


@record
class GameEnded:
    result: str
    kind: Literal["game_ended"] = "game_ended"


Event = Annotated[
    GameStarted
    | DeckShuffled
    | EquipmentDealt
    | TurnStarted
    | TurnEnded
    | SurvivorMoved
    | MoveStopped
    | SurvivorHealed
    | DoorClosed
    | DoorOpened
    | DoorBroken
    | NoiseMade
    | DiceRolled
    | CardDrawn
    | CardKept
    | CardDiscarded
    | InventoryChanged
    | WeaponReloaded
    | AttackMade
    | ZombieSpawned
    | ZombieMoved
    | ZombieAttacked
    | ZombiesKilled
    | ExtraActivation
    | SurvivorWounded
    | SurvivorEliminated
    | ExperienceGained
    | DangerLevelReached
    | SkillGained
    | ObjectiveTaken
    | SurvivorEscaped
    | DecisionNeeded
    | PhaseStarted
    | NoiseCleared
    | FirstPlayerPassed
    | DiceForced
    | CardsCombined
    | GameEnded,
    Field(discriminator="kind"),
]
CORE_EVENTS: tuple[type, ...] = tuple(
    cls for cls in list(globals().values())
    if isinstance(cls, type) and is_dataclass(cls) and cls.__module__ == __name__ and cls not in CORE_COMMANDS
)


def __getattr__(name: str) -> TypeAdapter:
    """``COMMAND_ADAPTER`` and ``EVENT_ADAPTER`` are built when first asked for: building a
    pydantic adapter over every command costs a good part of start-up."""
    if name in ("COMMAND_ADAPTER", "EVENT_ADAPTER"):
        adapter = TypeAdapter(Command if name == "COMMAND_ADAPTER" else Event)
        globals()[name] = adapter
        return adapter
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def tagged_adapter(types: tuple[type, ...]) -> TypeAdapter:
    """A JSON adapter for these tagged dataclasses, told apart by their ``kind``."""
    union: Any = Union.__getitem__(types)  # a union built at run time from a tuple of types
    return TypeAdapter(Annotated[union, Field(discriminator="kind")])


