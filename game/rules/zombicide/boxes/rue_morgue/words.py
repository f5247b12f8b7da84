"""Rue Morgue's pieces in plain English, for the log and the buttons: the helicopter, Team Actions,
the A-Bomb's Grab, tents, event triggers, Sewer and Bed cards.

The sentences are English templates with named fields (marked ``N_``); the app's ``words.say``
shows them in the player's language."""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.zombicide.boxes.rue_morgue.commands import (
    EventTriggered,
    HelicopterChanged,
    HelicopterHold,
    StoreEquipment,
    SurvivorsGrabbed,
    TakeEquipment,
    TeamActionUsed,
    TentRevealed,
    UseTeamAction,
)
from game.rules.zombicide.boxes.rue_morgue.content import team_action, tent

HELICOPTER_WORDS = {
    "boarded": N_("{who} climbs into the helicopter in {zone}."),
    "left": N_("{who} climbs out of the helicopter in {zone}."),
    "seat": N_("{who} changes seat in the helicopter."),
    "took_off": N_("{who} takes the helicopter up from {zone}."),
    "landed": N_("{who} sets the helicopter down in {zone}."),
    "flew": N_("{who} flies the helicopter from {zone} to {to}."),
}
WITH_COMPANIONS = N_("{told}, with {companions} (one more action each).")


def _tent_name(words: Any, tent_id: str) -> str:
    try:
        return tent(words.catalog, tent_id).name
    except Exception:  # a card this catalog does not know: show it as written
        return f"{tent_id.replace('_', ' ')} tent"


def _team_action_name(words: Any, card: str) -> str:
    try:
        return team_action(words.catalog, card).name
    except Exception:
        return card.replace("_", " ").title()


def _helicopter(e: HelicopterChanged, w: Any) -> str:
    told = w.say(HELICOPTER_WORDS.get(e.what, N_("The helicopter {what} in {zone}.")),
                 who=w.who(e.survivor) if e.survivor else w.say(N_("The pilot")),
                 zone=w.zone(e.from_zone or e.zone) if e.what == "flew" else w.zone(e.zone),
                 to=w.zone(e.zone), what=e.what.replace("_", " "))
    if e.companions:
        told = w.say(WITH_COMPANIONS, told=told[:-1], companions=", ".join(w.item(c) for c in e.companions))
    return str(told)


def _hold(e: HelicopterHold, w: Any) -> str:
    listed = w.listed([w.item(card) for card in e.cards])
    if e.what == "stored":
        return str(w.say(N_("{who} stores {cards} in the helicopter (one action)."), who=w.who(e.survivor), cards=listed))
    return str(w.say(N_("{who} takes {cards} from the helicopter (one action)."), who=w.who(e.survivor), cards=listed))


def _triggered(e: EventTriggered, w: Any) -> str:
    """An event trigger told by the rooms it wakes, named as the board names them (no tile ids)."""
    state = w.state
    who = w.who(e.survivor)
    if state is None:
        return str(w.say(N_("{who} sets off an event trigger!"), who=who))
    graph = state.graph
    rooms = [w.zone(graph.zone_ids[z]) for z in range(graph.zone_count)
             if e.tile in graph.tiles[z] and not graph.street_like[z] and not graph.no_spawn[z]]
    i = state.survivor_index(e.survivor)
    if i >= 0 and state.survivors[i].zone >= 0:
        where = w.zone(graph.zone_ids[state.survivors[i].zone])
        if not rooms:
            return str(w.say(N_("{who} sets off the event trigger in {zone}!"), who=who, zone=where))
        return str(w.say(N_("{who} sets off the event trigger in {zone}: zombies come into {rooms}!"), who=who,
                         zone=where, rooms=w.listed(rooms)))
    if not rooms:
        return str(w.say(N_("{who} sets off the event trigger!"), who=who))
    return str(w.say(N_("{who} sets off the event trigger: zombies come into {rooms}!"), who=who, rooms=w.listed(rooms)))


EVENT_TEXT: dict[type, Any] = {
    HelicopterChanged: _helicopter,
    HelicopterHold: _hold,
    TeamActionUsed: lambda e, w: w.say(
        N_("Team {team} plays {card}: {survivors}."), team=e.team, card=_team_action_name(w, e.card),
        survivors=w.say(N_(", then ")).join(w.who(s) for s in e.survivors)),
    SurvivorsGrabbed: lambda e, w: w.say(
        N_("An A-Bomb grabs {survivors} in {zone}."), zone=w.zone(e.zone),
        survivors=", ".join(w.who(s) for s in e.survivors) or w.say(N_("no one"))),
    TentRevealed: lambda e, w: w.say(N_("The tent in {zone} is the {tent}."), zone=w.zone(e.zone),
                                     tent=_tent_name(w, e.tent)),
    EventTriggered: lambda e, w: _triggered(e, w),
}
EVENT_TONES = {SurvivorsGrabbed: "danger", EventTriggered: "danger", TentRevealed: "card", HelicopterHold: "card"}
COMMAND_LABELS = {
    "leave_helicopter": N_("Leave the helicopter"), "change_seat": N_("Change seat"), "take_off": N_("Take off"),
    "land": N_("Land"), "store_equipment": N_("Store cards in the helicopter"),
    "take_equipment": N_("Take cards from the helicopter"),
}
# one action stores or takes any number of cards: the window gathers the picks (field of the picks)
GATHERED = {"store_equipment": "slots", "take_equipment": "cards"}
# the players pick the order in which a Team Action's selected survivors act
ORDERED = {"use_team_action": lambda command: (command.survivor, *command.members)}


def command_text(command: Any, state: Any, w: Any) -> str | None:
    """The cards a store or take command moves, by name; a Team Action with its card and team-mates."""
    if isinstance(command, UseTeamAction):
        names = w.listed([w.who(m) for m in command.members if state.survivor_index(m) >= 0])
        card = _team_action_name(w, command.card)
        if command.mode == "destination":
            return str(w.say(N_("{card} with {survivors}"), card=card, survivors=names))
        return str(w.say(N_("{card} with {survivors} (from here)"), card=card, survivors=names))
    if isinstance(command, StoreEquipment):
        i = state.survivor_index(command.survivor)
        chosen = command.slots or ((command.slot,) if command.slot >= 0 else ())
        if i < 0 or not chosen:
            return None
        cards = w.listed([w.item(state.card_kinds[state.survivors[i].slots[n]]) for n in chosen])
        return str(w.say(N_("Store {cards}"), cards=cards))
    if isinstance(command, TakeEquipment):
        i = state.survivor_index(command.survivor)
        if i < 0:
            return None
        s = state.survivors[i]
        reached = s.box_fields.aboard if s.box_fields.aboard >= 0 else next(
            (h for h, heli in enumerate(state.box_state.helicopters) if heli.zone == s.zone and not heli.flying), -1)
        picked = command.cards or ((command.index,) if command.index >= 0 else ())
        if reached < 0 or not picked:
            return None
        hold = state.box_state.helicopters[reached].cards
        return str(w.say(N_("Take {cards}"), cards=w.listed([w.item(state.card_kinds[hold[n]]) for n in picked
                                                              if n < len(hold)])))
    return None


def card_text(card: Any, words: Any, level: str) -> str | None:
    """Sewer and Bed cards in words (the core tells spawn and extra activation cards)."""
    if card.kind == "bed":
        return str(words.say(N_("Zombie card {number}: the {colour} beds wake, a Crawler on every {colour} bed of a "
                                "tile with a survivor"), number=card.number, colour=words.level(card.bed_colour)))
    if card.kind == "sewer":
        groups = card.line(level)
        what = ", ".join(words.zombie(g.zombie, g.count) for g in groups) if groups else words.say(N_("nothing"))
        return str(words.say(N_("Sewer card {number} ({level}): {what} at every manhole of a tile with a survivor"),
                             number=card.number, level=words.level(level), what=what))
    return None
