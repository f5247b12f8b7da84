"""Invader's pieces in plain English, for the log, the buttons and the Xeno cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from game.rules.zombicide.boxes import TablePiece
from game.rules.zombicide.boxes.invader.commands import (
    ArmorChanged,
    Attach,
    Camouflaged,
    CardAttached,
    ConcentratedAttack,
    Detach,
    EscortMove,
    Hellfire,
    Lead,
    MachineActed,
    MachineAttack,
    MachineDestroyed,
    MachineMove,
    MissionProgress,
    MoldChanged,
    ObjectiveRevealed,
    PassRemote,
    Provoke,
    RemoteChanged,
    SpawnZoneChanged,
    TokenRemoved,
    UnsealDoor,
    UseCard,
    ZeroGSpin,
)
from game.rules.zombicide.boxes.invader.content import machine_model
from game.rules.zombicide.boxes.invader.missions import SAMPLE_NAMES, goal_words
from game.rules.zombicide.boxes.invader.state import ACTIVE, INACTIVE

REMOTE_WORDS = {"robot": "the Robot's remote", "sentry_gun": "the Sentry Gun's remote"}
ARMOR_CAUSES = {
    "xeno": "is hit", "friendly_fire": "is hit by friendly fire", "medic": "is patched up by a Medic",
    "self_repair": "repairs its armour", "cancelled": "cancels a point of Damage", "tough": "shrugs a point off (Tough)",
    "ironclad": "ignores the blow (Ironclad)",
}


def _machine(w: Any, model: str) -> str:
    try:
        return str(w.catalog.entry("machines", model).name)
    except Exception:
        return model.replace("_", " ").title()


def _mold(e: MoldChanged, w: Any) -> str:
    where = w.zone(e.zone)
    if e.face == "none":
        return f"The Mold in {where} is burned away."
    if e.before == "none":
        return f"{e.face.title()} Mold spreads over {where}" + (" (the Abomination)." if e.why == "abomination" else ".")
    return f"The Mold in {where} turns {e.face}" + (" in the Hellfire." if e.why == "hellfire" else ".")


def _removed(e: TokenRemoved, w: Any) -> str:
    cause = "Mold" if e.why == "mold" else "Hellfire"
    if e.token == "door":
        return f"{cause} takes {w.door(e.what)} away for good."
    if e.token == "spawn":
        return f"{cause} destroys the {e.what} spawn token in {w.zone(e.zone)}."
    return f"{cause} destroys the {e.what} objective in {w.zone(e.zone)}."


def _progress(e: MissionProgress, w: Any) -> str:
    if e.what == "goal":
        return f"Mission goal reached: {goal_words(e.detail)}."
    if e.what == "evacuated":
        return f"A family is evacuated ({e.detail} still to go)."
    if e.what == "sample":
        return f"Sample taken: {SAMPLE_NAMES.get(e.detail, e.detail)}."
    if e.what == "scientist_out":
        return f"The {e.detail} scientist is out."
    if e.what == "scientist_walked":
        colour, _, zone = e.detail.partition(":")
        return f"The {colour} scientist walks to {w.zone(zone)}."
    if e.what in ("scientist_hurt", "scientist_killed"):
        return f"The {e.detail} scientist is {'hurt' if e.what == 'scientist_hurt' else 'killed'}."
    if e.what == "lost":
        reason = {"mold_joined_spawns": "Active Mold joins two spawn zones",
                  "goal_out_of_reach": "a goal can no longer be reached"}.get(e.detail, e.detail.replace("_", " "))
        return f"The mission is lost: {reason}."
    return f"{e.what.replace('_', ' ').capitalize()}."


def _acted(e: MachineActed, w: Any) -> str:
    name = _machine(w, e.machine)
    if e.what == "moved":
        return f"{w.who(e.survivor)} moves the {name} from {w.zone(e.zone)} to {w.zone(e.to_zone)}."
    if e.what == "escort":
        return f"The {name} escorts {w.who(e.survivor)} to {w.zone(e.to_zone)}."
    if e.what == "unsealed":
        return f"{w.who(e.survivor)} has the {name} break the seal in {w.zone(e.zone)}."
    return f"{w.who(e.survivor)} fires the {name} ({e.what})."


EVENT_TEXT: dict[type, Any] = {
    MoldChanged: _mold,
    TokenRemoved: _removed,
    ObjectiveRevealed: lambda e, w: (
        f"The objective {w.who(e.survivor)} took in {w.zone(e.zone)} is {e.colour}"
        + (f": it holds {', '.join(w.item(c) for c in e.reward)}." if e.reward else ".")),
    RemoteChanged: lambda e, w: (
        f"{w.who(e.survivor)} gets {REMOTE_WORDS.get(e.remote, e.remote)}"
        + (f" from {w.who(e.from_survivor)}." if e.from_survivor else ".")),
    MachineActed: _acted,
    MachineDestroyed: lambda e, w: f"The {_machine(w, e.machine)} is destroyed in {w.zone(e.zone)}.",
    Hellfire: lambda e, w: f"{w.who(e.survivor)} fills {w.zone(e.zone)} with Hellfire!",
    ArmorChanged: lambda e, w: f"{w.who(e.survivor)} {ARMOR_CAUSES.get(e.cause, e.cause)}: Armor {e.armor}/{e.base}.",
    CardAttached: lambda e, w: (
        f"{w.who(e.survivor)} {'attaches' if e.attached else 'takes'} {w.item(e.card)} "
        f"{'to' if e.attached else 'off'} the {w.item(e.weapon)}."),
    Camouflaged: lambda e, w: f"{w.who(e.survivor)} {'melts into the shadows' if e.hidden else 'is seen again'}.",
    SpawnZoneChanged: lambda e, w: (
        f"The {e.colour} spawn zone in {w.zone(e.zone)} {'wakes' if e.active else 'falls quiet'}."),
    MissionProgress: _progress,
}
EVENT_TONES = {
    MoldChanged: "zombie", TokenRemoved: "danger", ObjectiveRevealed: "good", RemoteChanged: "card",
    MachineDestroyed: "danger", Hellfire: "danger", SpawnZoneChanged: "zombie", CardAttached: "card",
    MissionProgress: "good",
}
COMMAND_LABELS = {
    "inv_concentrated_attack": "Concentrated Attack", "inv_machine_move": "Move the Robot",
    "inv_machine_attack": "Machine attack", "inv_escort_move": "Move with the Robot", "inv_unseal_door": "Unseal",
    "inv_pass_remote": "Hand the remote", "inv_attach": "Attach", "inv_detach": "Detach",
    "inv_take_oxygen_tank": "Take an Oxygen Tank", "inv_use_card": "Use", "inv_provoke": "Taunt",
    "inv_zero_g_spin": "Zero-G Spin", "inv_lead": "Lead", "inv_take_sample": "Take a Mold sample",
}


def card_text(card: Any, words: Any, level: str) -> str | None:
    """The Xeno cards in words."""
    if card.kind == "xenos":
        groups = card.line(level)
        what = ", ".join(words.zombie(g.zombie, g.count) for g in groups) if groups else "nothing"
        return f"Xeno card {card.number} ({level}): {what}"
    if card.kind == "activation":
        if level == "blue":
            return f"Xeno card {card.number}: an extra activation, but nothing happens at Blue"
        return f"Xeno card {card.number}: every {words.zombie(card.zombie or '')} activates again"
    if card.kind == "abomination":
        return f"Xeno card {card.number}: every Abomination activates again, then one more comes if one is left"
    if card.kind == "mold_spawn":
        groups = card.line(level)
        what = ", ".join(words.zombie(g.zombie, g.count) for g in groups) if groups else "nothing"
        return f"Xeno card {card.number}: Mold spawn, {what} in every Active Mold zone"
    return None


def goal_line(goal: Any) -> str | None:
    """The Goals box's line for one of the mission's own goals (they come before any escape)."""
    if not goal.goal.startswith("inv:"):
        return None
    step, _, wanted = goal.goal.removeprefix("inv:").partition(":")
    count = f" ({goal.done}/{goal.total})" if goal.total > 1 else ""
    return f"Step {step}: {goal_words(wanted)}{count}"


MOLD_MARKS = {INACTIVE: ("mold_inactive", "Inactive Mold"), ACTIVE: ("mold_active", "Active Mold")}
MOLD_TOKENS = frozenset(token for token, _label in MOLD_MARKS.values())


def table_pieces(state: Any) -> list[TablePiece]:
    """The box's pieces and tokens on the table: Mold, the Machines (with their activation token
    while they count as survivors), the scientists still on the board; each with an id that stays
    while it stays put."""
    box, zone_ids = state.box_state, state.graph.zone_ids
    seen: Counter[str] = Counter()
    pieces: list[TablePiece] = []

    def add(token: str, label: str, zone: int) -> None:
        base = f"inv:{token}:{zone_ids[zone]}"
        pieces.append(TablePiece(f"{base}:{seen[base]}", token, label, zone))
        seen[base] += 1

    for zone, level in enumerate(box.mold):
        if level in MOLD_MARKS:
            add(*MOLD_MARKS[level], zone)
    for machine in box.machines:
        if machine.destroyed:
            continue
        model = machine_model(state.tables.catalog, machine.model)
        add(model.token, model.name, machine.zone)
        if machine.active:
            add("machine_activation", f"{model.name} activated", machine.zone)
    for p in box.scientists:
        if not (p.escaped or p.dead):
            add(f"scientist_{p.colour}", f"{p.colour.capitalize()} scientist", p.zone)
    return pieces


MOLD_FACES = {"active": ACTIVE, "inactive": INACTIVE}


def mold_pieces(event: Any, pieces: Mapping[str, tuple[TablePiece, ...]],
                zone_index: Mapping[str, int]) -> Mapping[str, tuple[TablePiece, ...]]:
    """The zone's pieces once its Mold changed (``MoldChanged``): its Mold token put down, turned over or taken away,
    with the id ``table_pieces`` gives it (Mold comes first in a zone, one token at most)."""
    kept = tuple(p for p in pieces.get(event.zone, ()) if p.token not in MOLD_TOKENS)
    face = MOLD_FACES.get(event.face)
    if face is None or event.zone not in zone_index:
        return {event.zone: kept}
    token, label = MOLD_MARKS[face]
    mold = TablePiece(f"inv:{token}:{event.zone}:0", token, label, zone_index[event.zone])
    return {event.zone: (mold, *kept)}


TABLE_PIECE_EVENTS: dict[type, Any] = {MoldChanged: mold_pieces}


def _card_in(state: Any, survivor_id: str, slot: int) -> str:
    i = state.survivor_index(survivor_id)
    slots = state.survivors[i].slots if i >= 0 else ()
    card = slots[slot] if 0 <= slot < len(slots) else -1
    return str(state.tables.equipment[state.card_kinds[card]].name) if card >= 0 else "the card"


def _machine_of(state: Any, n: int) -> str:
    machines = state.box_state.machines
    return str(machine_model(state.tables.catalog, machines[n].model).name) if 0 <= n < len(machines) else "the Machine"


def _xeno(state: Any, xeno_id: str) -> str:
    return next((str(z.name) for z in state.tables.catalog.zombies if z.id == xeno_id), xeno_id.replace("_", " "))


def _who(state: Any, survivor_id: str) -> str:
    i = state.survivor_index(survivor_id)
    return str(state.survivors[i].name) if i >= 0 else survivor_id


def command_text(command: Any, state: Any) -> str | None:
    """A button's words for the box's commands: what they act on, named before the tap (the window
    adds the zone a command acts on)."""
    if isinstance(command, ConcentratedAttack):
        return f"Concentrated Attack: {_card_in(state, command.survivor, command.slot)} on the {_xeno(state, command.target)}"
    if isinstance(command, MachineAttack):
        aim = f" on the {_xeno(state, command.target)}" if command.target else ""
        return f"{_machine_of(state, command.machine)}: {command.weapon} attack{aim}"
    if isinstance(command, MachineMove):
        return f"Move the {_machine_of(state, command.machine)}"
    if isinstance(command, EscortMove):
        return f"Move with the {_machine_of(state, command.machine)}"
    if isinstance(command, UnsealDoor):
        return f"Unseal the door with the {_machine_of(state, command.machine)}"
    if isinstance(command, PassRemote):
        return f"Hand {REMOTE_WORDS.get(command.remote, command.remote)} to {_who(state, command.other)}"
    if isinstance(command, Attach):
        return (f"Attach {_card_in(state, command.survivor, command.slot)} to "
                f"{_card_in(state, command.survivor, command.weapon_slot)}")
    if isinstance(command, Detach):
        return f"Detach what is under {_card_in(state, command.survivor, command.weapon_slot)}"
    if isinstance(command, UseCard):
        return f"Use {_card_in(state, command.survivor, command.slot)}"
    if isinstance(command, Provoke):
        return "Taunt the xenos"
    if isinstance(command, ZeroGSpin):
        return "Zero-G Spin"
    if isinstance(command, Lead):
        return f"Lead {_who(state, command.other)}"
    return None
