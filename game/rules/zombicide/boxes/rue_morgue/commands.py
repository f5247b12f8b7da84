"""Rue Morgue's own commands (the helicopter, Team Actions) and events (the helicopter, Team Actions,
tents, event triggers): frozen, tagged, JSON through pydantic like the core's."""

from __future__ import annotations

from typing import Literal

from game.rules.core.frozen import record

# --- commands ---------------------------------------------------------------------------------


@record
class BoardHelicopter:
    """Climb into the helicopter in the survivor's zone, in the pilot's seat or a passenger's."""

    survivor: str
    pilot: bool = False
    kind: Literal["board_helicopter"] = "board_helicopter"


@record
class LeaveHelicopter:
    survivor: str
    kind: Literal["leave_helicopter"] = "leave_helicopter"


@record
class ChangeSeat:
    survivor: str
    kind: Literal["change_seat"] = "change_seat"


@record
class TakeOff:
    survivor: str
    kind: Literal["take_off"] = "take_off"


@record
class Land:
    survivor: str
    kind: Literal["land"] = "land"


@record
class Fly:
    """The pilot flies 1 or 2 zones in straight steps, over walls, fences and zombies."""

    survivor: str
    to: str
    via: tuple[str, ...] = ()
    kind: Literal["fly"] = "fly"


@record
class UseTeamAction:
    """Play one of the team's Team Action cards (free, once per team per players' phase).

    ``destination`` mode: ``zone`` is where every selected survivor moves (Move!, Charge!) or
    shoots (Fire!). ``origin`` mode: ``zone`` is where they all stand, and ``targets`` gives, for
    the user then each member, the zone to move to or shoot at ("" to stay put). ``order``: the
    order in which they act, every selected survivor once (left out: the user, then the members).
    """

    survivor: str
    card: str
    members: tuple[str, ...]
    zone: str
    mode: Literal["destination", "origin"] = "destination"
    targets: tuple[str, ...] = ()
    order: tuple[str, ...] = ()
    kind: Literal["use_team_action"] = "use_team_action"


@record
class StoreEquipment:
    """1 action: put the cards of ``slots`` (any number of them) on the helicopter, landed in the
    zone or from aboard. ``slot``: one card, as saves from before held it."""

    survivor: str
    slot: int = -1
    slots: tuple[int, ...] = ()
    kind: Literal["store_equipment"] = "store_equipment"


@record
class TakeEquipment:
    """1 action: take the stored cards at ``cards`` (positions in the hold, any number of them) into
    ``slots`` (empty ones; left out: the first empty slots in order). ``index`` and ``slot``: one
    card, as saves from before held it."""

    survivor: str
    index: int = -1
    slot: int = -1
    cards: tuple[int, ...] = ()
    slots: tuple[int, ...] = ()
    kind: Literal["take_equipment"] = "take_equipment"


# --- events -----------------------------------------------------------------------------------


@record
class HelicopterChanged:
    """Someone boarded, left, changed seat, or the helicopter took off, landed or flew."""

    what: str  # "boarded", "left", "seat", "took_off", "landed", "flew"
    zone: str
    survivor: str = ""
    from_zone: str = ""
    companions: tuple[str, ...] = ()  # the companions who boarded or left along with the survivor
    kind: Literal["helicopter_changed"] = "helicopter_changed"


@record
class HelicopterHold:
    """Cards went into the helicopter's hold (``what`` "stored") or out of it ("took")."""

    survivor: str
    what: str
    cards: tuple[str, ...]
    zone: str
    kind: Literal["helicopter_hold"] = "helicopter_hold"


@record
class TeamActionUsed:
    team: str
    card: str
    survivors: tuple[str, ...]
    kind: Literal["team_action_used"] = "team_action_used"


@record
class TentRevealed:
    zone: str
    tent: str
    kind: Literal["tent_revealed"] = "tent_revealed"


@record
class EventTriggered:
    tile: str
    survivor: str
    kind: Literal["event_triggered"] = "event_triggered"



@record
class SurvivorsGrabbed:
    zone: str
    survivors: tuple[str, ...]
    kind: Literal["survivors_grabbed"] = "survivors_grabbed"


HELICOPTER_COMMANDS = (BoardHelicopter, LeaveHelicopter, ChangeSeat, TakeOff, Land, Fly, StoreEquipment, TakeEquipment)
COMMANDS = (*HELICOPTER_COMMANDS, UseTeamAction)
EVENTS = (HelicopterChanged, HelicopterHold, TeamActionUsed, TentRevealed, EventTriggered, SurvivorsGrabbed)

