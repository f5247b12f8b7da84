"""Invader's own commands (Machines, Concentrated Attack, attachments, Oxygen Tanks, skills of the
box) and events (Mold, Machines, objectives revealed, Hellfire, the mission): frozen, tagged, JSON
through pydantic like the core's."""

from __future__ import annotations

from typing import Literal

from game.rules.core.frozen import record

# --- commands ---------------------------------------------------------------------------------


@record
class ConcentratedAttack:
    """An attack with the weapon of ``slot`` at ``zone`` whose hits all go to one xeno of kind
    ``target``, its Damage multiplied by the hits (§10.5)."""

    survivor: str
    slot: int
    zone: str
    target: str
    kind: Literal["inv_concentrated_attack"] = "inv_concentrated_attack"


@record
class MachineMove:
    """1 action (or a free Machine action): a Robot under control moves 1 zone."""

    survivor: str
    machine: int
    to: str
    kind: Literal["inv_machine_move"] = "inv_machine_move"


@record
class MachineAttack:
    """1 action: a Machine under control attacks with its melee or ranged weapon; ``target`` names a
    xeno kind for a Concentrated Attack, "" for an ordinary one."""

    survivor: str
    machine: int
    weapon: Literal["melee", "ranged"]
    zone: str
    target: str = ""
    kind: Literal["inv_machine_attack"] = "inv_machine_attack"


@record
class EscortMove:
    """A Move action with the Robot alongside (§7): survivor and Robot end in ``to``; the Robot pays
    nothing and xenos do not stop it."""

    survivor: str
    machine: int
    to: str
    kind: Literal["inv_escort_move"] = "inv_escort_move"


@record
class UnsealDoor:
    """A Robot action in front of a sealed door opens it (M8)."""

    survivor: str
    machine: int
    door: str
    kind: Literal["inv_unseal_door"] = "inv_unseal_door"


@record
class PassRemote:
    """Part of a Trade (1 action): hand a Remote Control token to a survivor in the zone."""

    survivor: str
    other: str
    remote: str
    kind: Literal["inv_pass_remote"] = "inv_pass_remote"


@record
class Attach:
    """Slide the attachment of ``slot`` under the weapon of ``weapon_slot`` (a reorganization: free
    right after a Search or an Oxygen Tank, else 1 action)."""

    survivor: str
    slot: int
    weapon_slot: int
    kind: Literal["inv_attach"] = "inv_attach"


@record
class Detach:
    """Take an attachment off the weapon of ``weapon_slot`` into a free Backpack slot."""

    survivor: str
    weapon_slot: int
    kind: Literal["inv_detach"] = "inv_detach"


@record
class TakeOxygenTank:
    """1 action in an Oxygen Supply Room with no xeno: take an Oxygen Tank (then reorganize for free)."""

    survivor: str
    kind: Literal["inv_take_oxygen_tank"] = "inv_take_oxygen_tank"


@record
class UseCard:
    """Free: discard a card for its effect (an M.R.E. gives 3 XP)."""

    survivor: str
    slot: int
    kind: Literal["inv_use_card"] = "inv_use_card"


@record
class Provoke:
    """Taunt: free, once per turn: the xenos of a zone up to 2 zones away take an extra activation
    aimed at this survivor alone."""

    survivor: str
    zone: str
    kind: Literal["inv_provoke"] = "inv_provoke"


@record
class ZeroGSpin:
    """Zero-G Spin: once per turn, 1 action, exactly 2 zones, the zone between ignored."""

    survivor: str
    to: str
    via: str
    kind: Literal["inv_zero_g_spin"] = "inv_zero_g_spin"


@record
class Lead:
    """Born Leader: once per turn, another survivor plays one free action at once; ``order`` is that
    action (a command of the other survivor, as JSON)."""

    survivor: str
    other: str
    kind: Literal["inv_lead"] = "inv_lead"


@record
class TakeSample:
    """1 action in a Spawn Zone: collect a Mold sample (M10)."""

    survivor: str
    kind: Literal["inv_take_sample"] = "inv_take_sample"


# --- events -----------------------------------------------------------------------------------


@record
class MoldChanged:
    """A zone's Mold: ``face`` "active", "inactive" or "none" (was ``before``); ``why``: "abomination",
    "hellfire", "mission", "set_up"."""

    zone: str
    face: str
    before: str
    why: str
    kind: Literal["inv_mold_changed"] = "inv_mold_changed"


@record
class TokenRemoved:
    """Mold or Hellfire took a token away for good: ``token`` "door", "objective" or "spawn"."""

    token: str
    zone: str
    what: str  # the door's connection id, the objective's or spawn token's colour
    why: str
    kind: Literal["inv_token_removed"] = "inv_token_removed"


@record
class ObjectiveRevealed:
    zone: str
    colour: str
    survivor: str
    reward: tuple[str, ...] = ()  # cards it dealt
    kind: Literal["inv_objective_revealed"] = "inv_objective_revealed"


@record
class RemoteChanged:
    """A Remote Control token was taken with an objective, or passed between survivors."""

    remote: str
    survivor: str
    from_survivor: str = ""
    kind: Literal["inv_remote_changed"] = "inv_remote_changed"


@record
class MachineActed:
    """A Machine moved (``to_zone``), attacked or opened a sealed door; it now carries its
    Machine Activation token."""

    machine: str  # model id
    survivor: str
    what: str  # "moved", "melee", "ranged", "escort", "unsealed"
    zone: str
    to_zone: str = ""
    kind: Literal["inv_machine_acted"] = "inv_machine_acted"


@record
class MachineDestroyed:
    machine: str
    zone: str
    why: str  # "attacked", "hellfire", "friendly_fire"
    kind: Literal["inv_machine_destroyed"] = "inv_machine_destroyed"


@record
class Hellfire:
    zone: str
    survivor: str
    kind: Literal["inv_hellfire"] = "inv_hellfire"


@record
class ArmorChanged:
    """A survivor's Armor: ``armor`` points left of ``base``; ``cause``: "xeno", "friendly_fire",
    "medic", "self_repair", "ablative" (a card discarded instead), "tough", "ironclad"."""

    survivor: str
    armor: int
    base: int
    cause: str
    kind: Literal["inv_armor_changed"] = "inv_armor_changed"


@record
class CardAttached:
    survivor: str
    card: str
    weapon: str
    attached: bool  # False: taken off
    kind: Literal["inv_card_attached"] = "inv_card_attached"


@record
class Camouflaged:
    survivor: str
    hidden: bool
    kind: Literal["inv_camouflaged"] = "inv_camouflaged"


@record
class SpawnZoneChanged:
    zone: str
    colour: str
    active: bool
    why: str
    kind: Literal["inv_spawn_zone_changed"] = "inv_spawn_zone_changed"


@record
class MissionProgress:
    """The mission moved on: ``goal`` reached, families evacuated, a sample taken, a scientist walked."""

    what: str
    detail: str = ""
    kind: Literal["inv_mission_progress"] = "inv_mission_progress"


COMMANDS = (ConcentratedAttack, MachineMove, MachineAttack, EscortMove, UnsealDoor, PassRemote, Attach, Detach,
            TakeOxygenTank, UseCard, Provoke, ZeroGSpin, Lead, TakeSample)
EVENTS = (MoldChanged, TokenRemoved, ObjectiveRevealed, RemoteChanged, MachineActed, MachineDestroyed, Hellfire,
          ArmorChanged, CardAttached, Camouflaged, SpawnZoneChanged, MissionProgress)

