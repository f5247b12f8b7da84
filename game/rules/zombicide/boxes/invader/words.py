"""Invader's pieces in plain English, for the log, the buttons and the Xeno cards.

The sentences are English templates with named fields (marked ``N_``); the app's ``words.say``
shows them in the player's language."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from game.i18n import N_
from game.rules.core.reasons import Said
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
from game.rules.zombicide.boxes.invader.missions import SAMPLE_NAMES
from game.rules.zombicide.boxes.invader.state import ACTIVE, INACTIVE

REMOTE_WORDS = {"robot": N_("the Robot's remote"), "sentry_gun": N_("the Sentry Gun's remote")}
ARMOR_CAUSES = {
    "xeno": N_("{who} is hit: Armor {armor}/{base}."),
    "friendly_fire": N_("{who} is hit by friendly fire: Armor {armor}/{base}."),
    "medic": N_("{who} is patched up by a Medic: Armor {armor}/{base}."),
    "self_repair": N_("{who} repairs its armour: Armor {armor}/{base}."),
    "cancelled": N_("{who} cancels a point of Damage: Armor {armor}/{base}."),
    "tough": N_("{who} shrugs a point off (Tough): Armor {armor}/{base}."),
    "ironclad": N_("{who} ignores the blow (Ironclad): Armor {armor}/{base}."),
}
GOAL_WORDS = {
    "take_all": N_("take every objective"),
    "evacuated": N_("hold the exit until every family is evacuated"),
    "samples": N_("collect every xeno sample"),
    "new_oxygen": N_("every survivor with a new Oxygen Tank equipped"),
    "scientists_out": N_("bring both scientists to the exit"),
}
LOSS_WORDS = {"mold_joined_spawns": N_("Active Mold joins two spawn zones"),
              "goal_out_of_reach": N_("a goal can no longer be reached")}


def goal_words(goal: str, w: Any) -> str:
    """One of a mission's own goals (``invader_goals``: "take:red", "level:orange"...) in words."""
    kind, _, value = goal.partition(":")
    if kind in GOAL_WORDS:
        return str(w.say(GOAL_WORDS[kind]))
    if kind == "take":
        if value == "red":
            return str(w.say(N_("take the red objectives")))
        return str(w.say(N_("take the {colour} objective"), colour=w.level(value)))
    if kind == "regroup":
        return str(w.say(N_("everyone in the zone of the {machine}, with no xeno, at an End Phase"),
                         machine=_machine(w, value)))
    if kind == "level":
        return str(w.say(N_("every survivor at {level} danger level or higher"), level=w.level(value)))
    if kind == "destroy_spawn":
        return str(w.say(N_("find and destroy the {colour} spawn token"), colour=w.level(value)))
    return goal


def _machine(w: Any, model: str) -> str:
    try:
        return str(w.named(w.catalog.entry("machines", model)))
    except Exception:
        return model.replace("_", " ").title()


def _mold(e: MoldChanged, w: Any) -> str:
    where = w.zone(e.zone)
    if e.face == "none":
        return str(w.say(N_("The Mold in {zone} is burned away."), zone=where))
    face = w.say(N_("Active")) if e.face == ACTIVE else w.say(N_("Inactive"))
    if e.before == "none":
        if e.why == "abomination":
            return str(w.say(N_("{face} Mold spreads over {zone} (the Abomination)."), face=face, zone=where))
        return str(w.say(N_("{face} Mold spreads over {zone}."), face=face, zone=where))
    if e.why == "hellfire":
        return str(w.say(N_("The Mold in {zone} turns {face} in the Hellfire."), zone=where, face=face.lower()))
    return str(w.say(N_("The Mold in {zone} turns {face}."), zone=where, face=face.lower()))


def _removed(e: TokenRemoved, w: Any) -> str:
    mold = e.why == "mold"
    if e.token == "door":
        return str(w.say(N_("Mold takes {door} away for good.") if mold else N_("Hellfire takes {door} away for good."),
                         door=w.door(e.what)))
    if e.token == "spawn":
        return str(w.say(N_("Mold destroys the {colour} spawn token in {zone}.") if mold
                         else N_("Hellfire destroys the {colour} spawn token in {zone}."),
                         colour=w.level(e.what), zone=w.zone(e.zone)))
    return str(w.say(N_("Mold destroys the {colour} objective in {zone}.") if mold
                     else N_("Hellfire destroys the {colour} objective in {zone}."),
                     colour=w.level(e.what), zone=w.zone(e.zone)))


def _progress(e: MissionProgress, w: Any) -> str:
    if e.what == "goal":
        return str(w.say(N_("Mission goal reached: {goal}."), goal=goal_words(e.detail, w)))
    if e.what == "evacuated":
        return str(w.say(N_("A family is evacuated ({n} still to go)."), n=e.detail))
    if e.what == "sample":
        sample = w.say(SAMPLE_NAMES[e.detail]) if e.detail in SAMPLE_NAMES else e.detail
        return str(w.say(N_("Sample taken: {sample}."), sample=sample))
    if e.what == "scientist_out":
        return str(w.say(N_("The {colour} scientist is out."), colour=w.level(e.detail)))
    if e.what == "scientist_walked":
        colour, _, zone = e.detail.partition(":")
        return str(w.say(N_("The {colour} scientist walks to {zone}."), colour=w.level(colour), zone=w.zone(zone)))
    if e.what == "scientist_hurt":
        return str(w.say(N_("The {colour} scientist is hurt."), colour=w.level(e.detail)))
    if e.what == "scientist_killed":
        return str(w.say(N_("The {colour} scientist is killed."), colour=w.level(e.detail)))
    if e.what == "lost":
        reason = w.say(LOSS_WORDS[e.detail]) if e.detail in LOSS_WORDS else e.detail.replace("_", " ")
        return str(w.say(N_("The mission is lost: {reason}."), reason=reason))
    return f"{e.what.replace('_', ' ').capitalize()}."


def _acted(e: MachineActed, w: Any) -> str:
    name = _machine(w, e.machine)
    if e.what == "moved":
        return str(w.say(N_("{who} moves the {machine} from {zone} to {to}."), who=w.who(e.survivor), machine=name,
                         zone=w.zone(e.zone), to=w.zone(e.to_zone)))
    if e.what == "escort":
        return str(w.say(N_("The {machine} escorts {who} to {to}."), machine=name, who=w.who(e.survivor),
                         to=w.zone(e.to_zone)))
    if e.what == "unsealed":
        return str(w.say(N_("{who} has the {machine} break the seal in {zone}."), who=w.who(e.survivor), machine=name,
                         zone=w.zone(e.zone)))
    return str(w.say(N_("{who} fires the {machine} ({weapon})."), who=w.who(e.survivor), machine=name, weapon=e.what))


def _revealed(e: ObjectiveRevealed, w: Any) -> str:
    if e.reward:
        return str(w.say(N_("The objective {who} took in {zone} is {colour}: it holds {cards}."), who=w.who(e.survivor),
                         zone=w.zone(e.zone), colour=w.level(e.colour), cards=w.listed([w.item(c) for c in e.reward])))
    return str(w.say(N_("The objective {who} took in {zone} is {colour}."), who=w.who(e.survivor), zone=w.zone(e.zone),
                     colour=w.level(e.colour)))


def _remote(e: RemoteChanged, w: Any) -> str:
    remote = w.say(REMOTE_WORDS[e.remote]) if e.remote in REMOTE_WORDS else e.remote
    if e.from_survivor:
        return str(w.say(N_("{who} gets {remote} from {other}."), who=w.who(e.survivor), remote=remote,
                         other=w.who(e.from_survivor)))
    return str(w.say(N_("{who} gets {remote}."), who=w.who(e.survivor), remote=remote))


def _armor(e: ArmorChanged, w: Any) -> str:
    template = ARMOR_CAUSES.get(e.cause, N_("{who}: Armor {armor}/{base}."))
    return str(w.say(template, who=w.who(e.survivor), armor=e.armor, base=e.base))


def _attached(e: CardAttached, w: Any) -> str:
    if e.attached:
        return str(w.say(N_("{who} attaches {card} to the {weapon}."), who=w.who(e.survivor), card=w.item(e.card),
                         weapon=w.item(e.weapon)))
    return str(w.say(N_("{who} takes {card} off the {weapon}."), who=w.who(e.survivor), card=w.item(e.card),
                     weapon=w.item(e.weapon)))


def _spawn_zone(e: SpawnZoneChanged, w: Any) -> str:
    if e.active:
        return str(w.say(N_("The {colour} spawn zone in {zone} wakes."), colour=w.level(e.colour), zone=w.zone(e.zone)))
    return str(w.say(N_("The {colour} spawn zone in {zone} falls quiet."), colour=w.level(e.colour), zone=w.zone(e.zone)))


EVENT_TEXT: dict[type, Any] = {
    MoldChanged: _mold,
    TokenRemoved: _removed,
    ObjectiveRevealed: _revealed,
    RemoteChanged: _remote,
    MachineActed: _acted,
    MachineDestroyed: lambda e, w: w.say(N_("The {machine} is destroyed in {zone}."), machine=_machine(w, e.machine),
                                         zone=w.zone(e.zone)),
    Hellfire: lambda e, w: w.say(N_("{who} fills {zone} with Hellfire!"), who=w.who(e.survivor), zone=w.zone(e.zone)),
    ArmorChanged: _armor,
    CardAttached: _attached,
    Camouflaged: lambda e, w: w.say(N_("{who} melts into the shadows.") if e.hidden else N_("{who} is seen again."),
                                    who=w.who(e.survivor)),
    SpawnZoneChanged: _spawn_zone,
    MissionProgress: _progress,
}
EVENT_TONES = {
    MoldChanged: "zombie", TokenRemoved: "danger", ObjectiveRevealed: "good", RemoteChanged: "card",
    MachineDestroyed: "danger", Hellfire: "danger", SpawnZoneChanged: "zombie", CardAttached: "card",
    MissionProgress: "good",
}
COMMAND_LABELS = {
    "inv_concentrated_attack": N_("Concentrated Attack"), "inv_machine_move": N_("Move the Robot"),
    "inv_machine_attack": N_("Machine attack"), "inv_escort_move": N_("Move with the Robot"),
    "inv_unseal_door": N_("Unseal"), "inv_pass_remote": N_("Hand the remote"), "inv_attach": N_("Attach"),
    "inv_detach": N_("Detach"), "inv_take_oxygen_tank": N_("Take an Oxygen Tank"), "inv_use_card": N_("Use"),
    "inv_provoke": N_("Taunt"), "inv_zero_g_spin": N_("Zero-G Spin"), "inv_lead": N_("Lead"),
    "inv_take_sample": N_("Take a Mold sample"),
}


def card_text(card: Any, w: Any, level: str) -> str | None:
    """The Xeno cards in words."""
    if card.kind in ("xenos", "mold_spawn"):
        groups = card.line(level)
        what = ", ".join(w.zombie(g.zombie, g.count) for g in groups) if groups else w.say(N_("nothing"))
        if card.kind == "xenos":
            return str(w.say(N_("Xeno card {number} ({level}): {what}"), number=card.number, level=w.level(level),
                             what=what))
        return str(w.say(N_("Xeno card {number}: Mold spawn, {what} in every Active Mold zone"), number=card.number,
                         what=what))
    if card.kind == "activation":
        if level == "blue":
            return str(w.say(N_("Xeno card {number}: an extra activation, but nothing happens at Blue"),
                             number=card.number))
        return str(w.say(N_("Xeno card {number}: every {xeno} activates again"), number=card.number,
                         xeno=w.zombie(card.zombie or "")))
    if card.kind == "abomination":
        return str(w.say(N_("Xeno card {number}: every Abomination activates again, then one more comes if one is "
                            "left"), number=card.number))
    return None


def goal_line(goal: Any, w: Any) -> str | None:
    """The Goals box's line for one of the mission's own goals (they come before any escape)."""
    if not goal.goal.startswith("inv:"):
        return None
    step, _, wanted = goal.goal.removeprefix("inv:").partition(":")
    if goal.total > 1:
        return str(w.say(N_("Step {step}: {goal} ({done}/{total})"), step=step, goal=goal_words(wanted, w),
                         done=goal.done, total=goal.total))
    return str(w.say(N_("Step {step}: {goal}"), step=step, goal=goal_words(wanted, w)))


SCIENTIST_LABELS = {"blue": N_("Blue scientist"), "white": N_("White scientist")}
MOLD_MARKS = {INACTIVE: ("mold_inactive", Said(N_("Inactive Mold"))), ACTIVE: ("mold_active", Said(N_("Active Mold")))}
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
        add(model.token, Said(N_("{machine}"), machine=model), machine.zone)
        if machine.active:
            add("machine_activation", Said(N_("{machine} activated"), machine=model), machine.zone)
    for p in box.scientists:
        if not (p.escaped or p.dead):
            add(f"scientist_{p.colour}", Said(SCIENTIST_LABELS.get(p.colour, N_("{colour} scientist")), colour=p.colour),
                p.zone)
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


def _card_in(state: Any, survivor_id: str, slot: int, w: Any) -> str:
    i = state.survivor_index(survivor_id)
    slots = state.survivors[i].slots if i >= 0 else ()
    card = slots[slot] if 0 <= slot < len(slots) else -1
    return str(w.item(state.card_kinds[card])) if card >= 0 else str(w.say(N_("the card")))


def _machine_of(state: Any, n: int, w: Any) -> str:
    machines = state.box_state.machines
    return _machine(w, machines[n].model) if 0 <= n < len(machines) else str(w.say(N_("the Machine")))


def command_text(command: Any, state: Any, w: Any) -> str | None:
    """A button's words for the box's commands: what they act on, named before the tap (the window
    adds the zone a command acts on)."""
    if isinstance(command, ConcentratedAttack):
        return str(w.say(N_("Concentrated Attack: {card} on the {xeno}"),
                         card=_card_in(state, command.survivor, command.slot, w), xeno=w.zombie(command.target)))
    if isinstance(command, MachineAttack):
        if command.target:
            return str(w.say(N_("{machine}: {weapon} attack on the {xeno}"), machine=_machine_of(state, command.machine, w),
                             weapon=command.weapon, xeno=w.zombie(command.target)))
        return str(w.say(N_("{machine}: {weapon} attack"), machine=_machine_of(state, command.machine, w),
                         weapon=command.weapon))
    if isinstance(command, MachineMove):
        return str(w.say(N_("Move the {machine}"), machine=_machine_of(state, command.machine, w)))
    if isinstance(command, EscortMove):
        return str(w.say(N_("Move with the {machine}"), machine=_machine_of(state, command.machine, w)))
    if isinstance(command, UnsealDoor):
        return str(w.say(N_("Unseal the door with the {machine}"), machine=_machine_of(state, command.machine, w)))
    if isinstance(command, PassRemote):
        remote = w.say(REMOTE_WORDS[command.remote]) if command.remote in REMOTE_WORDS else command.remote
        return str(w.say(N_("Hand {remote} to {who}"), remote=remote, who=w.who(command.other)))
    if isinstance(command, Attach):
        return str(w.say(N_("Attach {card} to {weapon}"), card=_card_in(state, command.survivor, command.slot, w),
                         weapon=_card_in(state, command.survivor, command.weapon_slot, w)))
    if isinstance(command, Detach):
        return str(w.say(N_("Detach what is under {weapon}"),
                         weapon=_card_in(state, command.survivor, command.weapon_slot, w)))
    if isinstance(command, UseCard):
        return str(w.say(N_("Use {card}"), card=_card_in(state, command.survivor, command.slot, w)))
    if isinstance(command, Provoke):
        return str(w.say(N_("Taunt the xenos")))
    if isinstance(command, ZeroGSpin):
        return str(w.say(N_("Zero-G Spin")))
    if isinstance(command, Lead):
        return str(w.say(N_("Lead {who}"), who=w.who(command.other)))
    return None
