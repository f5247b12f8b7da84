"""What Rue Morgue adds to scenario files (``BoxRules.scenario_keys``, ``scenario_facts``,
``scenario_command``):

- ``tents = { zone = "tent card id" }`` deals named tent cards to tent zones instead of the shuffled ones;
- ``helicopters = [{ zone, flying, pilot, passengers, hold }]`` sets the helicopters up (instead of the
  board's tokens): where each one is, whether it flies, who sits in it and the cards stored aboard;
- the same key in a state check compares what is given of each helicopter;
- cards named in the helicopter's commands: ``take_equipment``'s ``cards`` may name stored cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from game.rules.zombicide.boxes.rue_morgue.content import tents
from game.rules.zombicide.boxes.rue_morgue.state import Helicopter, HelicopterSeat, board_of
from game.rules.zombicide.scenario_state import card_out_of_piles

PASSENGER_SEATS = 3
_HELICOPTER_KEYS = {"zone", "flying", "pilot", "passengers", "hold"}


def deal_tents(state: Any, value: Any) -> Any:
    """A scenario's ``tents`` table; a bad entry raises ValueError(where, what)."""
    if not isinstance(value, Mapping):
        raise ValueError("tents", "write tents = { <tent zone> = \"<tent card id>\" }")
    dealt = list(state.box_state.tents)
    tent_zones = board_of(state.graph).tent_zones
    known = [t.id for t in tents(state.tables.catalog)]
    for zone_id, tent_id in value.items():
        where = f"tents → {zone_id}"
        zone = state.graph.index.get(zone_id)
        if zone is None:
            raise ValueError(where, f"no zone {zone_id!r} on the board")
        if zone not in tent_zones:
            raise ValueError(where, "this zone takes no tent card (not a tent zone)")
        if tent_id not in known:
            raise ValueError(where, f"unknown tent card {tent_id!r} (known: {', '.join(known)})")
        dealt[tent_zones.index(zone)] = tent_id
    return replace(state, box_state=replace(state.box_state, tents=tuple(dealt)))


def _entries(value: Any, key: str) -> list[tuple[str, Mapping[str, Any]]]:
    if not isinstance(value, Sequence) or isinstance(value, str) or not all(isinstance(e, Mapping) for e in value):
        raise ValueError(key, 'write helicopters = [{ zone = "<zone>", flying = true, pilot = "<survivor>" }, ...]')
    entries = []
    for n, entry in enumerate(value, start=1):
        where = f"{key}[{n - 1}]"
        unknown = sorted(set(entry) - _HELICOPTER_KEYS)
        if unknown:
            raise ValueError(f"{where} → {unknown[0]}", f"unknown key (known: {', '.join(sorted(_HELICOPTER_KEYS))})")
        entries.append((where, entry))
    return entries


def _zone(state: Any, where: str, zone_id: Any) -> int:
    zone = state.graph.index.get(zone_id) if isinstance(zone_id, str) else None
    if zone is None:
        raise ValueError(f"{where} → zone", f"no zone {zone_id!r} on the board")
    return int(zone)


def _survivor(state: Any, where: str, survivor_id: Any) -> int:
    i = state.survivor_index(survivor_id) if isinstance(survivor_id, str) else -1
    if i < 0:
        raise ValueError(where, f"survivor {survivor_id!r} is not in the game")
    return int(i)


def set_up_helicopters(state: Any, value: Any) -> Any:
    """A scenario's ``helicopters``: the helicopters of the game, their crews seated and their holds filled."""
    fleet: list[Helicopter] = []
    survivors = list(state.survivors)
    for h, (where, entry) in enumerate(_entries(value, "helicopters")):
        zone = _zone(state, where, entry.get("zone"))
        hold = []
        for name in entry.get("hold", ()):
            try:
                state, card = card_out_of_piles(state, name)
            except ValueError as error:
                raise ValueError(f"{where} → hold", str(error)) from None
            hold.append(card)
        passengers = list(entry.get("passengers", ()))
        if len(passengers) > PASSENGER_SEATS:
            raise ValueError(f"{where} → passengers", f"a helicopter has {PASSENGER_SEATS} passenger seats")
        crew = ([(entry["pilot"], True)] if entry.get("pilot") else []) + [(p, False) for p in passengers]
        for survivor_id, piloting in crew:
            i = _survivor(state, f"{where} → {'pilot' if piloting else 'passengers'}", survivor_id)
            if survivors[i].box_fields.aboard >= 0:
                raise ValueError(f"{where}", f"{survivor_id} already has a seat")
            survivors[i] = replace(survivors[i], zone=zone, box_fields=HelicopterSeat(h, piloting))
        fleet.append(Helicopter(zone, bool(entry.get("flying", False)), tuple(hold)))
    return replace(state, survivors=tuple(survivors), box_state=replace(state.box_state, helicopters=tuple(fleet)))


def helicopter_facts(state: Any, value: Any) -> list[str]:
    """What a scenario says of each helicopter (in order), compared with the state."""
    problems: list[str] = []
    fleet = state.box_state.helicopters
    entries = _entries(value, "helicopters")
    if len(entries) != len(fleet):
        problems.append(f"helicopters: expected {len(entries)}, found {len(fleet)}")
    for h, (where, entry) in enumerate(entries[: len(fleet)]):
        helicopter = fleet[h]
        name = f"helicopter {h + 1}"
        if "zone" in entry:
            zone = _zone(state, where, entry["zone"])
            if helicopter.zone != zone:
                problems.append(f"{name} zone: expected {entry['zone']}, found {state.graph.zone_ids[helicopter.zone]}")
        if "flying" in entry and helicopter.flying != bool(entry["flying"]):
            problems.append(f"{name} flying: expected {bool(entry['flying'])}, found {helicopter.flying}")
        aboard = [(s.id, s.box_fields.piloting) for s in state.survivors if s.in_play and s.box_fields.aboard == h]
        if "pilot" in entry:
            pilot = next((sid for sid, piloting in aboard if piloting), "")
            if pilot != (entry["pilot"] or ""):
                problems.append(f"{name} pilot: expected {entry['pilot'] or 'nobody'}, found {pilot or 'nobody'}")
        if "passengers" in entry:
            passengers = sorted(sid for sid, piloting in aboard if not piloting)
            if passengers != sorted(entry["passengers"]):
                problems.append(f"{name} passengers: expected {sorted(entry['passengers'])}, found {passengers}")
        if "hold" in entry:
            hold = [state.card_kinds[c] for c in helicopter.cards]
            if Counter(hold) != Counter(entry["hold"]):
                problems.append(f"{name} hold: expected {sorted(entry['hold'])}, found {sorted(hold)}")
    return problems


def named_cards(state: Any, command: dict[str, Any]) -> dict[str, Any]:
    """The helicopter's commands with stored cards named: ``take_equipment``'s ``cards`` (or an older
    save's ``index``) may list cards by id, each the next such card of the hold the survivor reaches
    (``store_equipment``'s ``slots`` name the survivor's own cards, read by the core)."""
    if command.get("kind") == "store_equipment" and any(isinstance(v, str) for v in command.get("slots") or ()):
        i = _survivor(state, "survivor", command.get("survivor"))
        slots = state.survivors[i].slots
        chosen: list[int] = []
        for name in command["slots"]:
            if not isinstance(name, str):
                chosen.append(name)
                continue
            slot = next((n for n, c in enumerate(slots) if c >= 0 and state.card_kinds[c] == name and n not in chosen), None)
            if slot is None:
                raise ValueError("slots", f"{command['survivor']} carries no {name!r} to store")
            chosen.append(slot)
        return {**command, "slots": chosen}
    if command.get("kind") != "take_equipment":
        return command
    names = command.get("cards") or ([command["index"]] if "index" in command else [])
    if not any(isinstance(v, str) for v in names):
        return command
    i = _survivor(state, "survivor", command.get("survivor"))
    s = state.survivors[i]
    reached = s.box_fields.aboard if s.box_fields.aboard >= 0 else next(
        (h for h, heli in enumerate(state.box_state.helicopters) if heli.zone == s.zone and not heli.flying), -1)
    hold = [state.card_kinds[c] for c in state.box_state.helicopters[reached].cards] if reached >= 0 else []
    picked: list[int] = []
    for name in names:
        if not isinstance(name, str):
            picked.append(name)
            continue
        n = next((n for n, kind in enumerate(hold) if kind == name and n not in picked), None)
        if n is None:
            raise ValueError("cards", f"no {name!r} stored in a helicopter {s.id} reaches (stored: {hold})")
        picked.append(n)
    if "cards" in command:
        return {**command, "cards": picked}
    return {**command, "index": picked[0]}
