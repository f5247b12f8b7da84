"""Green Horde's own commands (imperative) and events (past tense), tagged for JSON like the core's."""

from __future__ import annotations

from typing import Literal

from game.rules.core.frozen import record

HORDE_TARGET = "horde"  # a siege engine's target: the Horde, set aside off the board (§13.6)
Ammunition = Literal["scattered", "concentrated", "stone"]


# --- commands ---------------------------------------------------------------------------------------


@record
class CastEnchantment:
    """Cast the enchantment held in ``slot`` on ``target`` (a survivor id or a zone id); Twin spell
    names a second target in ``also``."""

    survivor: str
    slot: int
    target: str
    also: str = ""
    kind: Literal["gh_cast_enchantment"] = "gh_cast_enchantment"


@record
class OpenDoorFromAfar:
    """1 action: the spell held in ``slot`` (Telekinetic Blast) opens a door in sight at its range."""

    survivor: str
    slot: int
    door: str
    kind: Literal["gh_open_door_from_afar"] = "gh_open_door_from_afar"


@record
class MeleeStrike:
    """A Melee action with a ranged weapon that is also a melee weapon (the Spiked Bow), in ``slot``."""

    survivor: str
    slot: int
    priority: tuple[str, ...] = ()
    kind: Literal["gh_melee_strike"] = "gh_melee_strike"


@record
class MoveSiegeEngine:
    """3 actions at once: the survivor and the siege engine in its zone move one zone together."""

    survivor: str
    to: str
    kind: Literal["gh_move_siege_engine"] = "gh_move_siege_engine"


@record
class FireSiegeEngine:
    """3 actions at once: the siege engine in the survivor's zone throws ``ammunition`` at ``zone``
    (a zone at Range 2 or more, or ``"horde"``)."""

    survivor: str
    zone: str
    ammunition: Ammunition
    kind: Literal["gh_fire_siege_engine"] = "gh_fire_siege_engine"


@record
class ThrowBile:
    """1 action: the Dragon Bile held in ``slot`` is poured into ``zone`` (Range 0-1, in sight)."""

    survivor: str
    slot: int
    zone: str
    kind: Literal["gh_throw_bile"] = "gh_throw_bile"


@record
class ThrowTorch:
    """1 action: the Torch held in ``slot`` sets the Dragon Bile in ``zone`` ablaze (Range 0-1, in sight)."""

    survivor: str
    slot: int
    zone: str
    kind: Literal["gh_throw_torch"] = "gh_throw_torch"


@record
class Transmute:
    """Transmutation: 1 action, the card in ``slot`` is discarded and a new Equipment card drawn."""

    survivor: str
    slot: int
    kind: Literal["gh_transmute"] = "gh_transmute"


COMMANDS: tuple[type, ...] = (
    CastEnchantment, OpenDoorFromAfar, MeleeStrike, MoveSiegeEngine, FireSiegeEngine, ThrowBile, ThrowTorch, Transmute,
)


# --- events -------------------------------------------------------------------------------------------


@record
class HordeGrew:
    zombie: str
    count: int  # the Horde's size of that kind now
    kind: Literal["gh_horde_grew"] = "gh_horde_grew"


@record
class HordeArrived:
    zone: str
    count: int  # miniatures that came out
    kind: Literal["gh_horde_arrived"] = "gh_horde_arrived"


@record
class NecromancerArrived:
    zone: str
    face: str
    kind: Literal["gh_necromancer_arrived"] = "gh_necromancer_arrived"


@record
class NecromancerEscaped:
    zone: str
    spawn_tokens: int  # spawn tokens on the board once its token turned to a normal one
    kind: Literal["gh_necromancer_escaped"] = "gh_necromancer_escaped"


@record
class SpawnTokenPlaced:
    zone: str
    token: str  # "red", a colour, or "necromancer:<face>"
    kind: Literal["gh_spawn_token_placed"] = "gh_spawn_token_placed"


@record
class SpawnTokenRemoved:
    zone: str
    token: str
    kind: Literal["gh_spawn_token_removed"] = "gh_spawn_token_removed"


@record
class ArmourRolled:
    survivor: str
    values: tuple[int, ...]
    needed: int
    saved: int  # attacks (or hits) cancelled
    kind: Literal["gh_armour_rolled"] = "gh_armour_rolled"


@record
class BarrierBroken:
    connection: str
    kind: Literal["gh_barrier_broken"] = "gh_barrier_broken"


@record
class HedgeRustled:
    """A survivor crossed a hedge into a zone nobody saw: the die, and whether a Walker was there."""

    survivor: str
    zone: str
    value: int
    walker: bool
    kind: Literal["gh_hedge_rustled"] = "gh_hedge_rustled"


@record
class BilePoured:
    zone: str
    survivor: str
    moved_from: str = ""  # every puddle was on the board: this one was moved
    kind: Literal["gh_bile_poured"] = "gh_bile_poured"


@record
class DragonFire:
    zone: str
    survivor: str
    flooded: bool = False  # the water put it out: nothing burned
    kind: Literal["gh_dragon_fire"] = "gh_dragon_fire"


@record
class SiegeEngineMoved:
    from_zone: str
    to_zone: str
    survivor: str
    kind: Literal["gh_siege_engine_moved"] = "gh_siege_engine_moved"


@record
class SiegeEngineFired:
    zone: str  # the target zone, or "horde"
    ammunition: str
    survivor: str
    needed: int
    kind: Literal["gh_siege_engine_fired"] = "gh_siege_engine_fired"


@record
class SiegeEngineDestroyed:
    zone: str
    why: str  # "fire", "water"
    kind: Literal["gh_siege_engine_destroyed"] = "gh_siege_engine_destroyed"


@record
class EnchantmentCast:
    survivor: str
    card: str
    target: str
    kind: Literal["gh_enchantment_cast"] = "gh_enchantment_cast"


@record
class ZombiesRepulsed:
    from_zone: str
    to_zone: str
    count: int
    kind: Literal["gh_zombies_repulsed"] = "gh_zombies_repulsed"


@record
class DoorStuck:
    """A door roll failed: the door stays shut."""

    door: str
    survivor: str
    kind: Literal["gh_door_stuck"] = "gh_door_stuck"


@record
class VaultCardFound:
    survivor: str
    card: str
    kind: Literal["gh_vault_card_found"] = "gh_vault_card_found"


@record
class SkillLent:
    """Brother in arms: survivors in the zone hold (or no longer hold) the skill."""

    survivor: str
    skill: str
    lent: bool
    kind: Literal["gh_skill_lent"] = "gh_skill_lent"


EVENTS: tuple[type, ...] = (
    HordeGrew, HordeArrived, NecromancerArrived, NecromancerEscaped, SpawnTokenPlaced, SpawnTokenRemoved,
    ArmourRolled, BarrierBroken, HedgeRustled, BilePoured, DragonFire, SiegeEngineMoved, SiegeEngineFired,
    SiegeEngineDestroyed, EnchantmentCast, ZombiesRepulsed, DoorStuck, VaultCardFound, SkillLent,
)
