"""Rue Morgue's pieces in plain English, for the log and the buttons: the helicopter, Team Actions,
the A-Bomb's Grab, tents, event triggers, Sewer and Bed cards."""

from __future__ import annotations

from typing import Any

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
    "boarded": "{who} climbs into the helicopter in {zone}.",
    "left": "{who} climbs out of the helicopter in {zone}.",
    "seat": "{who} changes seat in the helicopter.",
    "took_off": "{who} takes the helicopter up from {zone}.",
    "landed": "{who} sets the helicopter down in {zone}.",
    "flew": "{who} flies the helicopter from {zone} to {to}.",
}


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
    told = HELICOPTER_WORDS.get(e.what, "The helicopter {what} in {zone}.").format(
        who=w.who(e.survivor) if e.survivor else "The pilot",
        zone=w.zone(e.from_zone or e.zone) if e.what == "flew" else w.zone(e.zone),
        to=w.zone(e.zone), what=e.what.replace("_", " "))
    if e.companions:
        told = told[:-1] + f", with {', '.join(w.item(c) for c in e.companions)} (one more action each)."
    return told


def _hold(e: HelicopterHold, w: Any) -> str:
    names = [w.item(card) for card in e.cards]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    if e.what == "stored":
        return f"{w.who(e.survivor)} stores {listed} in the helicopter (one action)."
    return f"{w.who(e.survivor)} takes {listed} from the helicopter (one action)."


def _triggered(e: EventTriggered, w: Any) -> str:
    """An event trigger told by the rooms it wakes, named as the board names them (no tile ids)."""
    state = w.state
    if state is None:
        return f"{w.who(e.survivor)} sets off an event trigger!"
    graph = state.graph
    rooms = [w.zone(graph.zone_ids[z]) for z in range(graph.zone_count)
             if e.tile in graph.tiles[z] and not graph.street_like[z] and not graph.no_spawn[z]]
    i = state.survivor_index(e.survivor)
    where = f" in {w.zone(graph.zone_ids[state.survivors[i].zone])}" if i >= 0 and state.survivors[i].zone >= 0 else ""
    if not rooms:
        return f"{w.who(e.survivor)} sets off the event trigger{where}!"
    listed = rooms[0] if len(rooms) == 1 else ", ".join(rooms[:-1]) + " and " + rooms[-1]
    return f"{w.who(e.survivor)} sets off the event trigger{where}: zombies come into {listed}!"


EVENT_TEXT: dict[type, Any] = {
    HelicopterChanged: _helicopter,
    HelicopterHold: _hold,
    TeamActionUsed: lambda e, w: (
        f"Team {e.team} plays {_team_action_name(w, e.card)}: {', then '.join(w.who(s) for s in e.survivors)}."),
    SurvivorsGrabbed: lambda e, w: (
        f"An A-Bomb grabs {', '.join(w.who(s) for s in e.survivors) or 'no one'} in {w.zone(e.zone)}."),
    TentRevealed: lambda e, w: f"The tent in {w.zone(e.zone)} is the {_tent_name(w, e.tent)}.",
    EventTriggered: lambda e, w: _triggered(e, w),
}
EVENT_TONES = {SurvivorsGrabbed: "danger", EventTriggered: "danger", TentRevealed: "card", HelicopterHold: "card"}
COMMAND_LABELS = {
    "leave_helicopter": "Leave the helicopter", "change_seat": "Change seat", "take_off": "Take off", "land": "Land",
    "store_equipment": "Store cards in the helicopter", "take_equipment": "Take cards from the helicopter",
}
# one action stores or takes any number of cards: the window gathers the picks (field of the picks)
GATHERED = {"store_equipment": "slots", "take_equipment": "cards"}
# the players pick the order in which a Team Action's selected survivors act
ORDERED = {"use_team_action": lambda command: (command.survivor, *command.members)}


class _Catalog:
    """The catalog of a state, as the log's words carry it."""

    def __init__(self, state: Any):
        self.catalog = state.tables.catalog


def _card_title(state: Any, card: int) -> str:
    return str(state.tables.equipment[state.card_kinds[card]].name)


def command_text(command: Any, state: Any) -> str | None:
    """The cards a store or take command moves, by name; a Team Action with its card and team-mates."""
    if isinstance(command, UseTeamAction):
        names = [state.survivors[state.survivor_index(m)].name for m in command.members if state.survivor_index(m) >= 0]
        mode = "" if command.mode == "destination" else " (from here)"
        return f"{_team_action_name(_Catalog(state), command.card)} with {', '.join(names)}{mode}"
    if isinstance(command, StoreEquipment):
        i = state.survivor_index(command.survivor)
        chosen = command.slots or ((command.slot,) if command.slot >= 0 else ())
        if i < 0 or not chosen:
            return None
        return "Store " + ", ".join(_card_title(state, state.survivors[i].slots[n]) for n in chosen)
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
        return "Take " + ", ".join(_card_title(state, hold[n]) for n in picked if n < len(hold))
    return None


def card_text(card: Any, words: Any, level: str) -> str | None:
    """Sewer and Bed cards in words (the core tells spawn and extra activation cards)."""
    if card.kind == "bed":
        return (f"Zombie card {card.number}: the {card.bed_colour} beds wake, a Crawler on every "
                f"{card.bed_colour} bed of a tile with a survivor")
    if card.kind == "sewer":
        groups = card.line(level)
        what = ", ".join(words.zombie(g.zombie, g.count) for g in groups) if groups else "nothing"
        return f"Sewer card {card.number} ({level}): {what} at every manhole of a tile with a survivor"
    return None
