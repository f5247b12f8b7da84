"""Every Zombicide event told in one plain English sentence, for the log panel.

``describe(event, state)`` reads names from the state (survivors, equipment, zombie types, skills)
and, when given, room names from the board (``zone_names_for``). It never reveals hidden
information: only what the event itself already shows.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from game.app.widgets.card_view import local_name
from game.i18n import N_, _, language, ngettext, phrase
from game.rules.zombicide import commands as ev
from game.rules.zombicide.boxes import DEFAULT_BOX, BoxRules, box_rules
from game.rules.zombicide.spawning import spawn_dice_picks
from game.rules.zombicide.state import HAND_SLOTS, LEVEL_NAMES, ZombicideState

# each zone kind as a noun, and with its article (Spanish nouns have a gender)
KIND_WORDS = {
    "street": N_("street"),
    "room": N_("room"),
    "hallway": N_("hallway"),
    "hospital_room": N_("hospital room"),
    "locker_room": N_("locker room"),
    "camp": N_("camp"),
    "tent": N_("tent"),
    "helipad": N_("helipad"),
    "wasteland": N_("wasteland"),
    "water": N_("water"),
    "corridor": N_("corridor"),
    "airlock": N_("airlock"),
    "outdoor": N_("outdoor"),
    "oxygen_room": N_("oxygen room"),
    "security_room": N_("security room"),
}
KIND_WITH_ARTICLE = {
    "street": N_("the street"),
    "room": N_("the room"),
    "hallway": N_("the hallway"),
    "hospital_room": N_("the hospital room"),
    "locker_room": N_("the locker room"),
    "camp": N_("the camp"),
    "tent": N_("the tent"),
    "helipad": N_("the helipad"),
    "wasteland": N_("the wasteland"),
    "water": N_("the water"),
    "corridor": N_("the corridor"),
    "airlock": N_("the airlock"),
    "outdoor": N_("the outdoor"),
    "oxygen_room": N_("the oxygen room"),
    "security_room": N_("the security room"),
}
COMPASS_WORDS = {
    "north": N_("north"), "south": N_("south"), "east": N_("east"), "west": N_("west"),
    "north-east": N_("north-east"), "north-west": N_("north-west"), "south-east": N_("south-east"),
    "south-west": N_("south-west"), "middle": N_("middle"),
}
PHASE_WORDS = {"players": N_("Players' phase"), "zombies": N_("Zombies' phase"), "end": N_("End phase")}
RESULT_WORDS = {
    "won": N_("Victory! The survivors have done it."),
    "lost": N_("Defeat. The dead have the city."),
    "over": N_("The game is over."),
}
DECISION_WORDS = {
    "keep_card": N_("whether to keep the card"),
    "wound": N_("who takes the wounds"),
    "skill": N_("which skill to learn"),
    "reroll": N_("whether to roll again"),
    "target": N_("which zombie the hit kills"),
}


def kind_words(kind: str) -> tuple[str, str]:
    """A zone kind as a noun and with its article, in the current language."""
    if kind in KIND_WORDS:
        return _(KIND_WORDS[kind]), _(KIND_WITH_ARTICLE[kind])
    noun = kind.replace("_", " ")
    return noun, phrase("the {kind}", kind=noun)


def zone_names_for(board: Any) -> dict[str, str]:
    """Names a player reads on the board for every zone: the room's label; a zone without one is
    named by a labelled neighbour ("the street outside Butcher") or by where it lies on the board
    ("the north-west street"). Names that would repeat get where they lie added. In the current
    language: a cache of them must be keyed by it."""
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

    def kind_of(zone: Any) -> dict[str, str]:
        noun, with_article = kind_words(str(zone.kind))
        return {"kind": noun, "the_kind": with_article}

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
        key = "-".join(part for part in (north_south, east_west) if part) or "middle"
        return _(COMPASS_WORDS[key])

    def direction(zone: Any, of: Any) -> str:
        angle = math.degrees(math.atan2(zone.center[1] - of.center[1], zone.center[0] - of.center[0]))
        return _(COMPASS_WORDS[("east", "south-east", "south", "south-west", "west", "north-west", "north",
                                "north-east")[round(angle / 45) % 8]])

    names: dict[str, str] = {}
    anchors: dict[str, Any] = {}
    for zone_id, zone in zones.items():
        if zone.label:
            names[zone_id] = zone.label_in(language())
            continue
        labelled = sorted((zones[n] for n in neighbours[zone_id] if zones[n].label), key=lambda z: z.label)
        if labelled:
            anchors[zone_id] = labelled[0]
            template = N_("{the_kind} outside {room}") if zone.is_street_like else N_("{the_kind} by {room}")
            names[zone_id] = phrase(template, room=labelled[0].label_in(language()), **kind_of(zone))
        else:
            names[zone_id] = phrase("the {compass} {kind}", compass=compass(zone), **kind_of(zone))
    repeats: dict[str, list[str]] = {}
    for zone_id, name in names.items():
        repeats.setdefault(name, []).append(zone_id)
    for same in repeats.values():
        if len(same) < 2:
            continue
        for zone_id in same:  # say where each lies: from the room it is named by, or on the board
            zone = zones[zone_id]
            if zone_id in anchors:
                names[zone_id] = phrase("the {kind} {direction} of {room}", direction=direction(zone, anchors[zone_id]),
                                        room=anchors[zone_id].label_in(language()), **kind_of(zone))
            else:
                place, on_board = compass(zone, [zones[z] for z in same]), compass(zone)
                if zone.label:
                    names[zone_id] = f"{zone.label_in(language())} ({place})"
                elif place == on_board:  # said once: "(west, west)" reads as a stutter
                    names[zone_id] = phrase("the {kind} ({compass})", compass=place, **kind_of(zone))
                else:
                    names[zone_id] = phrase("the {kind} ({compass}, {place})", compass=on_board, place=place,
                                            **kind_of(zone))
    counted: dict[str, list[str]] = {}
    for zone_id, name in names.items():
        counted.setdefault(name, []).append(zone_id)
    for name, same in counted.items():
        if len(same) > 1:  # still the same words: number them from the top left
            for n, zone_id in enumerate(sorted(same, key=lambda z: (zones[z].center[1], zones[z].center[0]))):
                names[zone_id] = f"{name} ({n + 1})"
    return names


class _Words:
    """Names looked up in a state, kept short and forgiving of ids it does not know; ``say`` gives
    a box's English template in the player's language (the box's words never translate)."""

    def __init__(self, state: ZombicideState | None, zone_names: Mapping[str, str] | None):
        self.state = state
        self.zone_names = zone_names or {}
        self.box = _box(state)

    @property
    def catalog(self) -> Any:
        return self.state.tables.catalog if self.state is not None else None

    @staticmethod
    def say(template: str, **fields: object) -> str:
        return phrase(template, **fields)

    @staticmethod
    def listed(names: list[str]) -> str:
        """"A", "A and B", "A, B and C"."""
        if len(names) < 2:
            return names[0] if names else ""
        return phrase("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])

    def who(self, survivor_id: str) -> str:
        if self.state is not None:
            for s in self.state.survivors:
                if s.id == survivor_id:
                    return s.name
        return survivor_id.replace("_", " ").title() if survivor_id else _("Someone")

    def zone(self, zone_id: str) -> str:
        if zone_id in self.zone_names:
            return self.zone_names[zone_id]
        if self.state is not None:
            n = self.state.graph.index.get(zone_id)
            if n is not None:
                return kind_words(str(self.state.graph.kinds[n]))[1]
        return zone_id or _("somewhere")

    @staticmethod
    def named(content: Any) -> str:
        """A content entry's name in the player's language (its ``name_es`` column)."""
        return local_name(content)

    def item(self, equipment_id: str) -> str:
        if equipment_id == "wound":
            return _("a Wound")
        if not equipment_id:
            return _("nothing")
        try:
            return local_name(self.catalog.equipment(equipment_id))
        except Exception:  # an id this box does not know: show it as written
            return equipment_id.replace("_", " ")

    def zombie(self, zombie_id: str, count: int = 1) -> str:
        try:
            name = local_name(self.catalog.zombie(zombie_id))
        except Exception:
            name = zombie_id.replace("_", " ").title()
        return name if count == 1 else f"{count} {plural(name)}"

    def skill(self, text: str) -> str:
        return skill_words(self.catalog, text)

    def door(self, door_id: str) -> str:
        """A door is named by the room it leads into (the side that is not street-like)."""
        if self.state is not None:
            graph = self.state.graph
            n = graph.edge_by_id.get(door_id)
            if n is not None:
                edge = graph.edges[n]
                inside = edge.b if graph.street_like[edge.a] else edge.a
                room = self.zone(graph.zone_ids[inside])
                if edge.color and edge.color != "neutral":
                    return phrase("the {colour} door of {room}", colour=colour_word(edge.color), room=room)
                return phrase("the door of {room}", room=room)
        name = door_id.rsplit(":", 1)[-1].removeprefix("door-").replace("-", " ")
        return phrase("the {name} door", name=name) if name else _("a door")

    def level(self, level: str) -> str:
        return colour_word(level)

    def zombie_card(self, number: str) -> str:
        """What a drawn Zombie card does at the current danger level."""
        try:
            card = self.catalog.zombie_card(int(number))
        except Exception:
            return phrase("Zombie card {number}", number=number)
        if card.kind == "extra_activation":
            return phrase("Zombie card {number}: extra activation of every {zombie}", number=number,
                          zombie=self.zombie(card.zombie or ""), zombies=plural(self.zombie(card.zombie or "")))
        level = LEVEL_NAMES[self.state.danger_level()] if self.state else LEVEL_NAMES[0]
        if card.kind != "spawn" and self.box is not None:  # the box's own card kinds
            told = self.box.card_text(card, self, level)
            if told:
                return str(told)
        groups = card.line(level)
        what = ", ".join(self.zombie(g.zombie, g.count) for g in groups) if groups else _("nothing")
        return phrase("Zombie card {number} ({level}): {what}", number=number, level=colour_word(level), what=what)

    def spawns_where_drawn(self, number: str) -> bool:
        """False for the cards that place nobody in the zone they were drawn for (beds, sewers, extra
        activations)."""
        try:
            return self.catalog.zombie_card(int(number)).kind == "spawn"
        except Exception:
            return True


COLOUR_WORDS = {"blue": N_("blue"), "yellow": N_("yellow"), "orange": N_("orange"), "red": N_("red"),
                "green": N_("green"), "violet": N_("violet"), "white": N_("white")}


def colour_word(colour: str) -> str:
    """A colour or danger level (the data's English word) in the player's language."""
    return _(COLOUR_WORDS[colour]) if colour in COLOUR_WORDS else colour


def skill_words(catalog: Any, text: str) -> str:
    """A held skill ("plus_one_die:melee") by its name in the player's language, with its parameter."""
    skill_id, _sep, parameter = text.partition(":")
    try:
        name = local_name(catalog.skill(skill_id))
    except Exception:  # a skill the catalogue does not describe: show its id
        name = skill_id.replace("_", " ")
    if not parameter:
        return name
    return f"{name}: {parameter_words(catalog, parameter)}"


PARAMETER_WORDS = {"melee": N_("melee"), "ranged": N_("ranged"), "combat": N_("combat")}


def parameter_words(catalog: Any, parameter: str) -> str:
    """A skill's parameter in words: an attack kind, a zombie, a card or a level."""
    if parameter in PARAMETER_WORDS:
        return _(PARAMETER_WORDS[parameter])
    if parameter in COLOUR_WORDS:
        return colour_word(parameter)
    for lookup in ("zombie", "equipment"):
        try:
            return local_name(getattr(catalog, lookup)(parameter))
        except Exception:
            continue
    return parameter.replace("_", " ")


def zombie_card_words(state: ZombicideState, number: str) -> str:
    """What a zombie card does at the current danger level, in words (the override's card list)."""
    return _Words(state, None).zombie_card(number)


def plural(name: str) -> str:
    """A content name in the plural: English rules, or Spanish ones when the game speaks Spanish."""
    if language() == "es":
        return " ".join(_spanish_plural(word) for word in name.split(" "))
    if name.endswith("fe"):
        return name[:-2] + "ves"
    if name.endswith("y") and not name.endswith(("ay", "ey", "oy")):
        return name[:-1] + "ies"
    return name if name.endswith("s") else name + "s"


def _spanish_plural(word: str) -> str:
    if not word.isalpha() or word.lower() in ("de", "del", "la", "el", "y") or word.endswith("s"):
        return word
    if word.endswith("ión"):
        return word[:-3] + "iones"
    if word[-1].lower() in "aeiouáéó":
        return word + "s"
    if word.endswith("z"):
        return word[:-1] + "ces"
    return word + "es"


def dice_text(values: tuple[int, ...]) -> str:
    return " ".join(f"[{v}]" for v in values) if values else _("no dice")


Describer = Callable[[Any, _Words], str]

_DESCRIBERS: dict[type, Describer] = {
    ev.GameStarted: lambda e, w: phrase(
        "The game begins (seed {seed}): {seat} plays first, {dice}.", seed=e.seed, seat=e.first_seat,
        dice=ngettext("{n} spawn die", "{n} spawn dice", e.spawn_dice).format(n=e.spawn_dice)),
    ev.DeckShuffled: lambda e, w: phrase("The {deck} deck is shuffled ({cards}).", deck=_deck(e.deck),
                                         cards=ngettext("{n} card", "{n} cards", e.size).format(n=e.size)),
    ev.EquipmentDealt: lambda e, w: phrase("{who} starts with {card}.", who=w.who(e.survivor), card=w.item(e.card)),
    ev.TurnStarted: lambda e, w: ngettext("{who}'s turn: {n} action.", "{who}'s turn: {n} actions.", e.actions).format(
        who=w.who(e.survivor), n=e.actions),
    ev.TurnEnded: lambda e, w: phrase("{who}'s turn ends.", who=w.who(e.survivor)),
    ev.SurvivorMoved: lambda e, w: (
        ngettext("{who} moves from {origin} to {destination} ({n} action).",
                 "{who} moves from {origin} to {destination} ({n} actions).", e.actions).format(
            who=w.who(e.survivor), origin=w.zone(e.from_zone), destination=w.zone(e.to_zone), n=e.actions)
        if e.actions else phrase("{who} moves from {origin} to {destination} (free).", who=w.who(e.survivor),
                                 origin=w.zone(e.from_zone), destination=w.zone(e.to_zone))),
    ev.MoveStopped: lambda e, w: phrase("{who}'s move ends in {zone}: zombies are there.", who=w.who(e.survivor),
                                        zone=w.zone(e.zone)),
    ev.SurvivorHealed: lambda e, w: (
        ngettext("{who} heals themself: {n} wound left.", "{who} heals themself: {n} wounds left.", e.wounds).format(
            who=w.who(e.survivor), n=e.wounds) if e.target == e.survivor else
        ngettext("{who} heals {target}: {n} wound left.", "{who} heals {target}: {n} wounds left.", e.wounds).format(
            who=w.who(e.survivor), target=w.who(e.target), n=e.wounds)),
    ev.DoorClosed: lambda e, w: phrase("{who} locks {door} down.", who=w.who(e.survivor), door=w.door(e.door)),
    ev.DoorOpened: lambda e, w: phrase("{who} opens {door}.", who=w.who(e.survivor), door=w.door(e.door)),
    ev.DoorBroken: lambda e, w: phrase("Zombies in {zone} break {door} open.", zone=w.zone(e.zone), door=w.door(e.door)),
    ev.NoiseMade: lambda e, w: ngettext("Noise in {zone}: {n} token there now.", "Noise in {zone}: {n} tokens there now.",
                                        e.tokens).format(zone=w.zone(e.zone), n=e.tokens),
    ev.DiceRolled: lambda e, w: _dice(e, w),
    ev.CardDrawn: lambda e, w: _card(e, w),
    ev.CardKept: lambda e, w: phrase(
        N_("{who} keeps {card} in hand.") if e.slot in HAND_SLOTS else N_("{who} keeps {card} in the backpack."),
        who=w.who(e.survivor), card=w.item(e.card)),
    ev.CardDiscarded: lambda e, w: phrase("{who} discards {card}.", who=w.who(e.survivor), card=w.item(e.card)),
    ev.InventoryChanged: lambda e, w: _inventory(e, w),
    ev.WeaponReloaded: lambda e, w: phrase("{who} reloads the {card}.", who=w.who(e.survivor), card=w.item(e.card)),
    ev.AttackMade: lambda e, w: _attack(e, w),
    ev.ZombieSpawned: lambda e, w: ngettext("{zombies} appears in {zone}.", "{zombies} appear in {zone}.", e.count).format(
        zombies=w.zombie(e.zombie, e.count), zone=w.zone(e.zone)),
    ev.ZombieMoved: lambda e, w: ngettext(
        "{zombies} shambles from {origin} to {destination}.", "{zombies} shamble from {origin} to {destination}.",
        e.count).format(zombies=w.zombie(e.zombie, e.count), origin=w.zone(e.from_zone), destination=w.zone(e.to_zone)),
    ev.ZombieAttacked: lambda e, w: ngettext("{zombies} attacks in {zone}!", "{zombies} attack in {zone}!", e.count).format(
        zombies=w.zombie(e.zombie, e.count), zone=w.zone(e.zone)),
    ev.ZombiesKilled: lambda e, w: (
        phrase("{who} kills {zombies} in {zone}.", who=w.who(e.survivor), zombies=w.zombie(e.zombie, e.count),
               zone=w.zone(e.zone)) if e.survivor else
        phrase("Killed: {zombies} in {zone}.", zombies=w.zombie(e.zombie, e.count), zone=w.zone(e.zone))),
    ev.ExtraActivation: lambda e, w: phrase(
        N_("Every {zombie} activates again (no miniatures left to place).") if e.why == "out_of_miniatures"
        else N_("Every {zombie} activates again."), zombie=w.zombie(e.zombie), zombies=plural(w.zombie(e.zombie))),
    ev.SurvivorWounded: lambda e, w: _wounded(e, w),
    ev.SurvivorEliminated: lambda e, w: phrase("{who} is dead.", who=w.who(e.survivor)),
    ev.ExperienceGained: lambda e, w: phrase("{who} gains {xp} XP ({total} in all).", who=w.who(e.survivor), xp=e.xp,
                                             total=e.total),
    ev.DangerLevelReached: lambda e, w: phrase("{who} reaches the {level} danger level.", who=w.who(e.survivor),
                                               level=e.level.title(), colour=colour_word(e.level)),
    ev.SkillGained: lambda e, w: phrase("{who} learns {skill}.", who=w.who(e.survivor), skill=w.skill(e.skill)),
    ev.ObjectiveTaken: lambda e, w: (
        phrase("{who} takes the {colour} objective in {zone}.", who=w.who(e.survivor), colour=colour_word(e.color),
               zone=w.zone(e.zone)) if e.color and e.color != "red" else
        phrase("{who} takes the objective in {zone}.", who=w.who(e.survivor), zone=w.zone(e.zone))),
    ev.SurvivorEscaped: lambda e, w: phrase("{who} escapes!", who=w.who(e.survivor)),
    ev.DecisionNeeded: lambda e, w: ngettext(
        "{seat}: decide {what} ({n} choice).", "{seat}: decide {what} ({n} choices).", len(e.options)).format(
        seat=e.seat, n=len(e.options),
        what=_(DECISION_WORDS[e.decision]) if e.decision in DECISION_WORDS else e.decision.replace("_", " ")),
    ev.PhaseStarted: lambda e, w: phrase(
        "Round {round}: {phase}.", round=e.round,
        phase=_(PHASE_WORDS[e.phase]) if e.phase in PHASE_WORDS else e.phase.title()),
    ev.NoiseCleared: lambda e, w: _("The noise tokens are taken off the board."),
    ev.FirstPlayerPassed: lambda e, w: phrase("{seat} becomes the first player.", seat=e.seat),
    ev.DiceForced: lambda e, w: phrase("Dice from the real table are queued: {dice}.", dice=dice_text(e.values)),
    ev.CardsCombined: lambda e, w: phrase(
        "{who} makes {card}.", who=w.who(e.survivor),
        card=w.item(e.made) if e.count == 1 else f"{e.count} × {w.item(e.made)}"),
    ev.GameEnded: lambda e, w: _(RESULT_WORDS[e.result]) if e.result in RESULT_WORDS else phrase(
        "The game ends: {result}.", result=e.result),
}
DECK_WORDS = {"equipment": N_("equipment"), "zombie": N_("zombie"), "search": N_("search")}


def _deck(deck: str) -> str:
    return _(DECK_WORDS[deck]) if deck in DECK_WORDS else deck


def _dice(e: ev.DiceRolled, w: _Words) -> str:
    if e.purpose == "spawn":
        return _spawn_dice(e, w)
    who = w.who(e.survivor) if e.survivor else _("The dice")
    verb = {"attack": N_("{who} rolls: {dice}."), "reroll": N_("{who} rolls again: {dice}."),
            "bonus": N_("{who} rolls bonus dice: {dice}.")}.get(e.purpose, N_("{who} rolls: {dice}."))
    return phrase(verb, who=who, dice=dice_text(e.values))


def _spawn_dice(e: ev.DiceRolled, w: _Words) -> str:
    """The spawn dice by what they do: how many Zombie cards each spawn zone draws, zones by name."""
    rolled = ", ".join(str(v) for v in e.values)
    picks = spawn_dice_picks(w.state, e.values) if w.state is not None else []
    if not picks:
        return phrase("The spawn dice roll {rolled}: no spawn zone is picked.", rolled=rolled)
    where = ", ".join(ngettext("{n} card for {zone}", "{n} cards for {zone}", count).format(n=count, zone=w.zone(zone))
                      for zone, count in picks)
    return phrase("The spawn dice roll {rolled}: {where}.", rolled=rolled, where=where)


def _attack(e: ev.AttackMade, w: _Words) -> str:
    weapon = w.item(e.weapon)
    if e.second_zone:
        return phrase("{who} aims one {weapon} at {zone} and the other at {second}.", who=w.who(e.survivor),
                      weapon=weapon, zone=w.zone(e.zone), second=w.zone(e.second_zone))
    which = phrase("both {weapons}", weapons=plural(weapon)) if e.weapons == 2 else \
        f"{e.weapons} × {weapon}" if e.weapons > 2 else weapon
    return phrase("{who} attacks {zone} with {weapon}.", who=w.who(e.survivor), zone=w.zone(e.zone), weapon=which)


def _card(e: ev.CardDrawn, w: _Words) -> str:
    if e.deck == "zombie":
        if not e.zone:
            return f"{w.zombie_card(e.card)}."
        if not w.spawns_where_drawn(e.card):  # the card acts elsewhere: say so, or the log seems to lie
            return phrase("{card} (drawn for {zone}, nobody appears there).", card=w.zombie_card(e.card),
                          zone=w.zone(e.zone))
        return phrase("{card} — for {zone}.", card=w.zombie_card(e.card), zone=w.zone(e.zone))
    who = w.who(e.survivor) if e.survivor else _("The team")
    if e.zone:
        return phrase("{who} searches in {zone} and finds {card}.", who=who, zone=w.zone(e.zone), card=w.item(e.card))
    return phrase("{who} searches and finds {card}.", who=who, card=w.item(e.card))


def _inventory(e: ev.InventoryChanged, w: _Words) -> str:
    hands = [w.item(c) for c in e.cards[: len(HAND_SLOTS)] if c]
    pack = [w.item(c) for c in e.cards[len(HAND_SLOTS):] if c]
    held = phrase("{first} and {second}", first=hands[0], second=hands[1]) if len(hands) == 2 else \
        hands[0] if hands else _("nothing")
    if pack:
        return phrase("{who} now holds {held}; backpack: {pack}.", who=w.who(e.survivor), held=held, pack=", ".join(pack))
    return phrase("{who} now holds {held}.", who=w.who(e.survivor), held=held)


def _wounded(e: ev.SurvivorWounded, w: _Words) -> str:
    if e.ignored:
        return phrase("{who} shrugs a wound off.", who=w.who(e.survivor))
    if e.discarded:
        return ngettext("{who} is wounded, losing {card} ({n} wound).", "{who} is wounded, losing {card} ({n} wounds).",
                        e.wounds).format(who=w.who(e.survivor), card=w.item(e.discarded), n=e.wounds)
    return ngettext("{who} is wounded ({n} wound).", "{who} is wounded ({n} wounds).", e.wounds).format(
        who=w.who(e.survivor), n=e.wounds)


def _box(state: ZombicideState | None) -> BoxRules:
    """The rules of the state's box (its events' words), the default box's without a state."""
    return state.box if state is not None else box_rules(DEFAULT_BOX)


def box_words(state: ZombicideState | None, zone_names: Mapping[str, str] | None = None) -> Any:
    """The names a box's words use (``BoxRules.command_text``, ``goal_words``, ``event_banners``)."""
    return _Words(state, zone_names)


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
