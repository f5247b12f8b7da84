"""Every Zombicide event told in one plain English sentence, for the log panel.

``describe(event, state)`` reads names from the state (survivors, equipment, zombie types, skills)
and, when given, room names from the board (``zone_names_for``). It never reveals hidden
information: only what the event itself already shows.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from game.rules.zombicide import commands as ev
from game.rules.zombicide.boxes import DEFAULT_BOX, BoxRules, box_rules
from game.rules.zombicide.spawning import spawn_dice_picks
from game.rules.zombicide.state import HAND_SLOTS, LEVEL_NAMES, ZombicideState

KIND_WORDS = {
    "street": "street",
    "room": "room",
    "hallway": "hallway",
    "hospital_room": "hospital room",
    "locker_room": "locker room",
    "camp": "camp",
    "tent": "tent",
    "helipad": "helipad",
    "wasteland": "wasteland",
}
PHASE_WORDS = {"players": "Players' phase", "zombies": "Zombies' phase", "end": "End phase"}
RESULT_WORDS = {
    "won": "Victory! The survivors have done it.",
    "lost": "Defeat. The dead have the city.",
    "over": "The game is over.",
}
DECISION_WORDS = {
    "keep_card": "whether to keep the card",
    "wound": "who takes the wounds",
    "skill": "which skill to learn",
    "reroll": "whether to roll again",
    "target": "which zombie the hit kills",
}


def zone_names_for(board: Any) -> dict[str, str]:
    """Names a player reads on the board for every zone: the room's label; a zone without one is
    named by a labelled neighbour ("the street outside Butcher") or by where it lies on the board
    ("the north-west street"). Names that would repeat get where they lie added."""
    zones = dict(getattr(board, "zones", {}))
    if not zones:
        return {}
    xs = [z.center[0] for z in zones.values()]
    ys = [z.center[1] for z in zones.values()]
    middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    span = (max(1.0, max(xs) - min(xs)), max(1.0, max(ys) - min(ys)))
    neighbours: dict[str, list[str]] = {zone_id: [] for zone_id in zones}
    for connection in getattr(board, "connections", ()):
        if connection.a in neighbours and connection.b in neighbours:
            neighbours[connection.a].append(connection.b)
            neighbours[connection.b].append(connection.a)

    def kind_of(zone: Any) -> str:
        return KIND_WORDS.get(str(zone.kind), str(zone.kind).replace("_", " "))

    def compass(zone: Any, among: list[Any] | None = None) -> str:
        """Where ``zone`` lies on the board, or among the zones ``among`` that share its name."""
        centre, size = middle, span
        if among:
            gx, gy = [z.center[0] for z in among], [z.center[1] for z in among]
            centre = ((min(gx) + max(gx)) / 2, (min(gy) + max(gy)) / 2)
            size = (max(1.0, max(gx) - min(gx)), max(1.0, max(gy) - min(gy)))
        dx, dy = (zone.center[0] - centre[0]) / size[0], (zone.center[1] - centre[1]) / size[1]
        north_south = "north" if dy < -0.17 else "south" if dy > 0.17 else ""
        east_west = "west" if dx < -0.17 else "east" if dx > 0.17 else ""
        return "-".join(part for part in (north_south, east_west) if part) or "middle"

    def direction(zone: Any, of: Any) -> str:
        angle = math.degrees(math.atan2(zone.center[1] - of.center[1], zone.center[0] - of.center[0]))
        return ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")[
            round(angle / 45) % 8]

    names: dict[str, str] = {}
    anchors: dict[str, Any] = {}
    for zone_id, zone in zones.items():
        if zone.label:
            names[zone_id] = zone.label
            continue
        labelled = sorted((zones[n] for n in neighbours[zone_id] if zones[n].label), key=lambda z: z.label)
        if labelled:
            anchors[zone_id] = labelled[0]
            word = "outside" if zone.is_street_like else "by"
            names[zone_id] = f"the {kind_of(zone)} {word} {labelled[0].label}"
        else:
            names[zone_id] = f"the {compass(zone)} {kind_of(zone)}"
    repeats: dict[str, list[str]] = {}
    for zone_id, name in names.items():
        repeats.setdefault(name, []).append(zone_id)
    for same in repeats.values():
        if len(same) < 2:
            continue
        for zone_id in same:  # say where each lies: from the room it is named by, or on the board
            zone = zones[zone_id]
            if zone_id in anchors:
                names[zone_id] = f"the {kind_of(zone)} {direction(zone, anchors[zone_id])} of {anchors[zone_id].label}"
            else:
                place = compass(zone, [zones[z] for z in same])
                names[zone_id] = f"{zone.label} ({place})" if zone.label else f"the {kind_of(zone)} ({compass(zone)}, {place})"
    counted: dict[str, list[str]] = {}
    for zone_id, name in names.items():
        counted.setdefault(name, []).append(zone_id)
    for name, same in counted.items():
        if len(same) > 1:  # still the same words: number them from the top left
            for n, zone_id in enumerate(sorted(same, key=lambda z: (zones[z].center[1], zones[z].center[0]))):
                names[zone_id] = f"{name} ({n + 1})"
    return names


class _Words:
    """Names looked up in a state, kept short and forgiving of ids it does not know."""

    def __init__(self, state: ZombicideState | None, zone_names: Mapping[str, str] | None):
        self.state = state
        self.zone_names = zone_names or {}
        self.box = _box(state)

    @property
    def catalog(self) -> Any:
        return self.state.tables.catalog if self.state is not None else None

    def who(self, survivor_id: str) -> str:
        if self.state is not None:
            for s in self.state.survivors:
                if s.id == survivor_id:
                    return s.name
        return survivor_id.replace("_", " ").title() if survivor_id else "Someone"

    def zone(self, zone_id: str) -> str:
        if zone_id in self.zone_names:
            return self.zone_names[zone_id]
        if self.state is not None:
            n = self.state.graph.index.get(zone_id)
            if n is not None:
                kind = str(self.state.graph.kinds[n])
                return f"the {KIND_WORDS.get(kind, kind.replace('_', ' '))}"
        return zone_id or "somewhere"

    def item(self, equipment_id: str) -> str:
        if equipment_id == "wound":
            return "a Wound"
        if not equipment_id:
            return "nothing"
        try:
            return self.catalog.equipment(equipment_id).name
        except Exception:  # an id this box does not know: show it as written
            return equipment_id.replace("_", " ")

    def zombie(self, zombie_id: str, count: int = 1) -> str:
        try:
            name = self.catalog.zombie(zombie_id).name
        except Exception:
            name = zombie_id.replace("_", " ").title()
        return name if count == 1 else f"{count} {plural(name)}"

    def skill(self, text: str) -> str:
        skill_id, _, parameter = text.partition(":")
        try:
            name = self.catalog.skill(skill_id).name
        except Exception:
            name = skill_id.replace("_", " ")
        return f"{name}: {parameter.replace('_', ' ')}" if parameter else name

    def door(self, door_id: str) -> str:
        """A door is named by the room it leads into (the side that is not street-like)."""
        if self.state is not None:
            graph = self.state.graph
            n = graph.edge_by_id.get(door_id)
            if n is not None:
                edge = graph.edges[n]
                inside = edge.b if graph.street_like[edge.a] else edge.a
                colour = f"{edge.color} " if edge.color and edge.color != "neutral" else ""
                return f"the {colour}door of {self.zone(graph.zone_ids[inside])}"
        name = door_id.rsplit(":", 1)[-1].removeprefix("door-").replace("-", " ")
        return f"the {name} door" if name else "a door"

    def zombie_card(self, number: str) -> str:
        """What a drawn Zombie card does at the current danger level."""
        try:
            card = self.catalog.zombie_card(int(number))
        except Exception:
            return f"Zombie card {number}"
        if card.kind == "extra_activation":
            return f"Zombie card {number}: extra activation of every {self.zombie(card.zombie or '')}"
        level = LEVEL_NAMES[self.state.danger_level()] if self.state else LEVEL_NAMES[0]
        if card.kind != "spawn" and self.box is not None:  # the box's own card kinds
            told = self.box.card_text(card, self, level)
            if told:
                return str(told)
        groups = card.line(level)
        what = ", ".join(self.zombie(g.zombie, g.count) for g in groups) if groups else "nothing"
        return f"Zombie card {number} ({level}): {what}"

    def spawns_where_drawn(self, number: str) -> bool:
        """False for the cards that place nobody in the zone they were drawn for (beds, sewers, extra
        activations)."""
        try:
            return self.catalog.zombie_card(int(number)).kind == "spawn"
        except Exception:
            return True


def zombie_card_words(state: ZombicideState, number: str) -> str:
    """What a zombie card does at the current danger level, in words (the override's card list)."""
    return _Words(state, None).zombie_card(number)


def plural(name: str) -> str:
    if name.endswith("fe"):
        return name[:-2] + "ves"
    if name.endswith("y") and not name.endswith(("ay", "ey", "oy")):
        return name[:-1] + "ies"
    return name if name.endswith("s") else name + "s"


def count_word(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def dice_text(values: tuple[int, ...]) -> str:
    return " ".join(f"[{v}]" for v in values) if values else "no dice"


Describer = Callable[[Any, _Words], str]

_DESCRIBERS: dict[type, Describer] = {
    ev.GameStarted: lambda e, w: f"The game begins (seed {e.seed}): {e.first_seat} plays first, "
                                 f"{count_word(e.spawn_dice, 'spawn die').replace('dies', 'dice')}.",
    ev.DeckShuffled: lambda e, w: f"The {e.deck} deck is shuffled ({count_word(e.size, 'card')}).",
    ev.EquipmentDealt: lambda e, w: f"{w.who(e.survivor)} starts with {w.item(e.card)}.",
    ev.TurnStarted: lambda e, w: f"{w.who(e.survivor)}'s turn: {count_word(e.actions, 'action')}.",
    ev.TurnEnded: lambda e, w: f"{w.who(e.survivor)}'s turn ends.",
    ev.SurvivorMoved: lambda e, w: (
        f"{w.who(e.survivor)} moves from {w.zone(e.from_zone)} to {w.zone(e.to_zone)}"
        + (f" ({count_word(e.actions, 'action')})." if e.actions else " (free).")),
    ev.MoveStopped: lambda e, w: f"{w.who(e.survivor)}'s move ends in {w.zone(e.zone)}: zombies are there.",
    ev.SurvivorHealed: lambda e, w: (
        f"{w.who(e.survivor)} heals {'themself' if e.target == e.survivor else w.who(e.target)}: "
        f"{count_word(e.wounds, 'wound')} left."),
    ev.DoorClosed: lambda e, w: f"{w.who(e.survivor)} locks {w.door(e.door)} down.",
    ev.DoorOpened: lambda e, w: f"{w.who(e.survivor)} opens {w.door(e.door)}.",
    ev.DoorBroken: lambda e, w: f"Zombies in {w.zone(e.zone)} break {w.door(e.door)} open.",
    ev.NoiseMade: lambda e, w: f"Noise in {w.zone(e.zone)}: {count_word(e.tokens, 'token')} there now.",
    ev.DiceRolled: lambda e, w: _dice(e, w),
    ev.CardDrawn: lambda e, w: _card(e, w),
    ev.CardKept: lambda e, w: f"{w.who(e.survivor)} keeps {w.item(e.card)} "
                              f"{'in hand' if e.slot in HAND_SLOTS else 'in the backpack'}.",
    ev.CardDiscarded: lambda e, w: f"{w.who(e.survivor)} discards {w.item(e.card)}.",
    ev.InventoryChanged: lambda e, w: _inventory(e, w),
    ev.WeaponReloaded: lambda e, w: f"{w.who(e.survivor)} reloads the {w.item(e.card)}.",
    ev.AttackMade: lambda e, w: _attack(e, w),
    ev.ZombieSpawned: lambda e, w: f"{w.zombie(e.zombie, e.count)} {'appears' if e.count == 1 else 'appear'} "
                                   f"in {w.zone(e.zone)}.",
    ev.ZombieMoved: lambda e, w: f"{w.zombie(e.zombie, e.count)} {'shambles' if e.count == 1 else 'shamble'} "
                                 f"from {w.zone(e.from_zone)} to {w.zone(e.to_zone)}.",
    ev.ZombieAttacked: lambda e, w: f"{w.zombie(e.zombie, e.count)} {'attacks' if e.count == 1 else 'attack'} "
                                    f"in {w.zone(e.zone)}!",
    ev.ZombiesKilled: lambda e, w: (
        (f"{w.who(e.survivor)} kills " if e.survivor else "Killed: ")
        + f"{w.zombie(e.zombie, e.count)} in {w.zone(e.zone)}."),
    ev.ExtraActivation: lambda e, w: (
        f"Every {w.zombie(e.zombie)} activates again"
        + (" (no miniatures left to place)." if e.why == "out_of_miniatures" else ".")),
    ev.SurvivorWounded: lambda e, w: _wounded(e, w),
    ev.SurvivorEliminated: lambda e, w: f"{w.who(e.survivor)} is dead.",
    ev.ExperienceGained: lambda e, w: f"{w.who(e.survivor)} gains {e.xp} XP ({e.total} in all).",
    ev.DangerLevelReached: lambda e, w: f"{w.who(e.survivor)} reaches the {e.level.title()} danger level.",
    ev.SkillGained: lambda e, w: f"{w.who(e.survivor)} learns {w.skill(e.skill)}.",
    ev.ObjectiveTaken: lambda e, w: (
        f"{w.who(e.survivor)} takes the {e.color + ' ' if e.color and e.color != 'red' else ''}objective "
        f"in {w.zone(e.zone)}."),
    ev.SurvivorEscaped: lambda e, w: f"{w.who(e.survivor)} escapes!",
    ev.DecisionNeeded: lambda e, w: (
        f"{e.seat}: decide {DECISION_WORDS.get(e.decision, e.decision.replace('_', ' '))} "
        f"({count_word(len(e.options), 'choice')})."),
    ev.PhaseStarted: lambda e, w: f"Round {e.round}: {PHASE_WORDS.get(e.phase, e.phase.title())}.",
    ev.NoiseCleared: lambda e, w: "The noise tokens are taken off the board.",
    ev.FirstPlayerPassed: lambda e, w: f"{e.seat} becomes the first player.",
    ev.DiceForced: lambda e, w: f"Dice from the real table are queued: {dice_text(e.values)}.",
    ev.CardsCombined: lambda e, w: (
        f"{w.who(e.survivor)} makes {w.item(e.made) if e.count == 1 else f'{e.count} × {w.item(e.made)}'}."),
    ev.GameEnded: lambda e, w: RESULT_WORDS.get(e.result, f"The game ends: {e.result}."),
}


def _dice(e: ev.DiceRolled, w: _Words) -> str:
    if e.purpose == "spawn":
        return _spawn_dice(e, w)
    who = w.who(e.survivor) if e.survivor else "The dice"
    verb = {"attack": "rolls", "reroll": "rolls again", "bonus": "rolls bonus dice"}.get(e.purpose, "rolls")
    return f"{who} {verb}: {dice_text(e.values)}."


def _spawn_dice(e: ev.DiceRolled, w: _Words) -> str:
    """The spawn dice by what they do: how many Zombie cards each spawn zone draws, zones by name."""
    rolled = ", ".join(str(v) for v in e.values)
    picks = spawn_dice_picks(w.state, e.values) if w.state is not None else []
    if not picks:
        return f"The spawn dice roll {rolled}: no spawn zone is picked."
    where = ", ".join(f"{count_word(count, 'card')} for {w.zone(zone)}" for zone, count in picks)
    return f"The spawn dice roll {rolled}: {where}."


def _attack(e: ev.AttackMade, w: _Words) -> str:
    weapon = w.item(e.weapon)
    if e.second_zone:
        return f"{w.who(e.survivor)} aims one {weapon} at {w.zone(e.zone)} and the other at {w.zone(e.second_zone)}."
    which = f"both {plural(weapon)}" if e.weapons == 2 else f"{e.weapons} × {weapon}" if e.weapons > 2 else weapon
    return f"{w.who(e.survivor)} attacks {w.zone(e.zone)} with {which}."


def _card(e: ev.CardDrawn, w: _Words) -> str:
    if e.deck == "zombie":
        if not e.zone:
            return f"{w.zombie_card(e.card)}."
        if not w.spawns_where_drawn(e.card):  # the card acts elsewhere: say so, or the log seems to lie
            return f"{w.zombie_card(e.card)} (drawn for {w.zone(e.zone)}, nobody appears there)."
        return f"{w.zombie_card(e.card)} — for {w.zone(e.zone)}."
    who = w.who(e.survivor) if e.survivor else "The team"
    where = f" in {w.zone(e.zone)}" if e.zone else ""
    return f"{who} searches{where} and finds {w.item(e.card)}."


def _inventory(e: ev.InventoryChanged, w: _Words) -> str:
    hands = [w.item(c) for c in e.cards[: len(HAND_SLOTS)] if c]
    pack = [w.item(c) for c in e.cards[len(HAND_SLOTS):] if c]
    text = f"{w.who(e.survivor)} now holds " + (" and ".join(hands) if hands else "nothing")
    return text + (f"; backpack: {', '.join(pack)}." if pack else ".")


def _wounded(e: ev.SurvivorWounded, w: _Words) -> str:
    if e.ignored:
        return f"{w.who(e.survivor)} shrugs a wound off."
    lost = f", losing {w.item(e.discarded)}" if e.discarded else ""
    return f"{w.who(e.survivor)} is wounded{lost} ({count_word(e.wounds, 'wound')})."


def _box(state: ZombicideState | None) -> BoxRules:
    """The rules of the state's box (its events' words), the default box's without a state."""
    return state.box if state is not None else box_rules(DEFAULT_BOX)


def describe(event: Any, state: ZombicideState | None = None, zone_names: Mapping[str, str] | None = None) -> str:
    """One sentence for ``event``; names come from ``state`` and ``zone_names`` when given. A box's
    own events are told in its words (``BoxRules.event_text``)."""
    describer = _DESCRIBERS.get(type(event)) or _box(state).event_text.get(type(event))
    if describer is None:
        return f"{type(event).__name__}."
    return str(describer(event, _Words(state, zone_names)))


def describe_all(events: Any, state: ZombicideState | None = None,
                 zone_names: Mapping[str, str] | None = None) -> list[str]:
    return [describe(event, state, zone_names) for event in events]


def described_event_types(box: str = DEFAULT_BOX) -> frozenset[type]:
    return frozenset(_DESCRIBERS) | frozenset(box_rules(box).event_text)


_TONES: dict[type, str] = {
    ev.ZombieSpawned: "zombie", ev.ZombieMoved: "zombie", ev.ExtraActivation: "zombie",
    ev.ZombieAttacked: "danger", ev.SurvivorEliminated: "danger", ev.DoorBroken: "danger",
    ev.ZombiesKilled: "good", ev.ExperienceGained: "good", ev.DangerLevelReached: "good", ev.SkillGained: "good",
    ev.ObjectiveTaken: "good", ev.SurvivorEscaped: "good", ev.SurvivorHealed: "good",
    ev.DiceRolled: "dice", ev.DiceForced: "dice",
    ev.PhaseStarted: "phase", ev.TurnStarted: "phase", ev.FirstPlayerPassed: "phase", ev.GameStarted: "phase",
    ev.CardKept: "card", ev.CardsCombined: "card", ev.EquipmentDealt: "card",
}


def tone(event: Any, state: ZombicideState | None = None) -> str:
    """How the log colours the event's line: plain, zombie, danger, good, dice, phase or card."""
    if isinstance(event, ev.SurvivorWounded):
        return "plain" if event.ignored else "danger"
    if isinstance(event, ev.CardDrawn):
        return "zombie" if event.deck == "zombie" else "card"
    if isinstance(event, ev.GameEnded):
        return "good" if event.result == "won" else "danger"
    return _TONES.get(type(event)) or _box(state).event_tones.get(type(event), "plain")


def log_lines(events: Any, state: ZombicideState | None = None,
              zone_names: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """(sentence, tone) per event, ready for ``LogPanel.add_lines``."""
    return [(describe(event, state, zone_names), tone(event, state)) for event in events]
