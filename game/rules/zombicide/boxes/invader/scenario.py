"""What Invader adds to scenario files: top-level tables that place its pieces, and facts under
``[expect.state.box]`` that a scenario checks at its end (``docs/scenarios.md``, Invader section).

Placing: ``mold = { zone = "active" }``, ``machines = [{ model, zone, active }]``,
``remotes = { survivor = ["robot"] }``, ``attach = [{ survivor, hand, card }]``,
``objective_colours = ["green", "red"]`` (in the board's objective order), ``spawns_on = [true, false]``.

Facts: ``mold``, ``armor`` (survivor → Armor left), ``remotes``, ``machines`` (index → { zone,
active, destroyed }), ``doors_broken`` / ``doors_gone`` (connection ids), ``objectives_gone`` (a
count), ``spawns_on``, ``attached`` (survivor → cards under its hand weapons), ``camouflaged``,
``goals_done``, ``evacuees``, ``samples``, ``oxygen_pile`` (a count).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.rules.zombicide.boxes.invader.armor import armor_left
from game.rules.zombicide.boxes.invader.board import graph_in_play
from game.rules.zombicide.boxes.invader.content import machine_models
from game.rules.zombicide.boxes.invader.inventory import attachments_of
from game.rules.zombicide.boxes.invader.mold import mold_of
from game.rules.zombicide.boxes.invader.state import MOLD_FACES, NO_MOLD, Machine, hero

FACE_NAMES = {NO_MOLD: "none", **{v: k for k, v in MOLD_FACES.items()}}


def _zone(state: Any, where: str, zone_id: str) -> int:
    zone = state.graph.index.get(zone_id)
    if zone is None:
        raise ValueError(where, f"no zone {zone_id!r} on the board")
    return int(zone)


def _survivor(state: Any, where: str, survivor_id: str) -> int:
    i = state.survivor_index(survivor_id)
    if i < 0:
        raise ValueError(where, f"survivor {survivor_id!r} is not in the game")
    return int(i)


def place_mold(state: Any, value: Any) -> Any:
    if not isinstance(value, Mapping):
        raise ValueError("mold", 'write mold = { <zone> = "active" | "inactive" }')
    mold = list(mold_of(state))
    for zone_id, face in value.items():
        where = f"mold → {zone_id}"
        if face not in MOLD_FACES and face != "none":
            raise ValueError(where, f"a Mold face is active, inactive or none, not {face!r}")
        mold[_zone(state, where, zone_id)] = MOLD_FACES.get(face, NO_MOLD)
    box_state = replace(state.box_state, mold=tuple(mold))
    return replace(state, box_state=box_state, graph=graph_in_play(state.graph, box_state))


def place_machines(state: Any, value: Any) -> Any:
    if not isinstance(value, list):
        raise ValueError("machines", "write machines = [{ model = ..., zone = ... }]")
    models = {m.id: m for m in machine_models(state.tables.catalog)}
    machines = []
    for n, entry in enumerate(value):
        where = f"machines[{n}]"
        if not isinstance(entry, Mapping) or "model" not in entry or "zone" not in entry:
            raise ValueError(where, "a machine needs a model and a zone")
        model = models.get(entry["model"])
        if model is None:
            raise ValueError(f"{where} → model", f"unknown machine {entry['model']!r} (known: {', '.join(models)})")
        machines.append(Machine(model.id, model.kind, _zone(state, f"{where} → zone", entry["zone"]),
                                active=bool(entry.get("active", False)), destroyed=bool(entry.get("destroyed", False))))
    return replace(state, box_state=replace(state.box_state, machines=tuple(machines)))


def give_remotes(state: Any, value: Any) -> Any:
    if not isinstance(value, Mapping):
        raise ValueError("remotes", 'write remotes = { <survivor> = ["robot", "sentry_gun"] }')
    survivors = list(state.survivors)
    for survivor_id, remotes in value.items():
        i = _survivor(state, f"remotes → {survivor_id}", survivor_id)
        bad = [r for r in remotes if r not in ("robot", "sentry_gun")]
        if bad:
            raise ValueError(f"remotes → {survivor_id}", f"a remote is robot or sentry_gun, not {bad[0]!r}")
        survivors[i] = replace(survivors[i], box_fields=replace(hero(survivors[i]), remotes=tuple(remotes)))
    return replace(state, survivors=tuple(survivors))


def attach_cards(state: Any, value: Any) -> Any:
    if not isinstance(value, list):
        raise ValueError("attach", 'write attach = [{ survivor = ..., hand = 0, card = "energy_cell" }]')
    kinds = list(state.card_kinds)
    attached = list(state.box_state.attached)
    for n, entry in enumerate(value):
        where = f"attach[{n}]"
        i = _survivor(state, f"{where} → survivor", str(entry.get("survivor", "")))
        hand = int(entry.get("hand", 0))
        weapon = state.survivors[i].slots[hand] if hand in (0, 1) else -1
        card_id = str(entry.get("card", ""))
        if weapon < 0:
            raise ValueError(f"{where} → hand", "no weapon in that hand")
        if card_id not in state.tables.equipment:
            raise ValueError(f"{where} → card", f"unknown equipment {card_id!r}")
        kinds.append(card_id)
        attached.append((len(kinds) - 1, weapon))
    return replace(state, card_kinds=tuple(kinds), box_state=replace(state.box_state, attached=tuple(attached)))


def deal_colours(state: Any, value: Any) -> Any:
    if not isinstance(value, list) or len(value) != len(state.graph.objectives):
        raise ValueError("objective_colours", f"list one colour per objective of the board ({len(state.graph.objectives)})")
    return replace(state, box_state=replace(state.box_state, objective_colours=tuple(str(c) for c in value)))


def set_spawns(state: Any, value: Any) -> Any:
    if not isinstance(value, list) or len(value) != len(state.graph.spawns):
        raise ValueError("spawns_on", f"list true or false per spawn token of the board ({len(state.graph.spawns)})")
    return replace(state, box_state=replace(state.box_state, spawns_on=tuple(bool(v) for v in value)))


SCENARIO_KEYS = {
    "mold": place_mold, "machines": place_machines, "remotes": give_remotes, "attach": attach_cards,
    "objective_colours": deal_colours, "spawns_on": set_spawns,
}


# --- facts --------------------------------------------------------------------------------------


def facts(state: Any, expected: Mapping[str, Any]) -> list[str]:
    """The box's facts a scenario expects at its end, compared: the mismatches in words."""
    box = state.box_state
    graph = state.graph
    problems: list[str] = []

    def survivor_of(survivor_id: str) -> int:
        i = state.survivor_index(survivor_id)
        if i < 0:
            problems.append(f"no survivor {survivor_id!r} in the game")
        return int(i)

    for key, wanted in expected.items():
        if key == "mold":
            for zone_id, face in wanted.items():
                found = FACE_NAMES[mold_of(state)[graph.index[zone_id]]] if zone_id in graph.index else "?"
                if found != face:
                    problems.append(f"Mold in {zone_id}: expected {face}, found {found}")
        elif key == "armor":
            for survivor_id, armor in wanted.items():
                i = survivor_of(survivor_id)
                if i >= 0 and armor_left(state, i) != armor:
                    problems.append(f"{survivor_id} Armor: expected {armor}, found {armor_left(state, i)}")
        elif key == "remotes":
            for survivor_id, remotes in wanted.items():
                i = survivor_of(survivor_id)
                if i >= 0 and sorted(hero(state.survivors[i]).remotes) != sorted(remotes):
                    problems.append(f"{survivor_id} remotes: expected {sorted(remotes)}, found {sorted(hero(state.survivors[i]).remotes)}")
        elif key == "machines":
            for index, machine_facts in wanted.items():
                machine = box.machines[int(index)]
                for name, value in machine_facts.items():
                    seen: Any = graph.zone_ids[machine.zone] if name == "zone" else getattr(machine, name, None)
                    if seen != value:
                        problems.append(f"machine {index} {name}: expected {value!r}, found {seen!r}")
        elif key in ("doors_broken", "doors_gone"):
            found_ids = sorted(graph.edges[graph.doors[d]].connection_id for d in getattr(box, key))
            if sorted(wanted) != found_ids:
                problems.append(f"{key}: expected {sorted(wanted)}, found {found_ids}")
        elif key == "objectives_gone":
            if len(box.objectives_gone) != wanted:
                problems.append(f"objectives removed: expected {wanted}, found {len(box.objectives_gone)}")
        elif key == "spawns_on":
            if list(box.spawns_on) != list(wanted):
                problems.append(f"spawn zones drawing: expected {list(wanted)}, found {list(box.spawns_on)}")
        elif key == "attached":
            for survivor_id, cards in wanted.items():
                i = survivor_of(survivor_id)
                if i < 0:
                    continue
                s = state.survivors[i]
                found_cards = sorted(state.card_kinds[a] for slot in (0, 1) if s.slots[slot] >= 0
                                     for a in attachments_of(state, s.slots[slot]))
                if found_cards != sorted(cards):
                    problems.append(f"{survivor_id} attachments: expected {sorted(cards)}, found {found_cards}")
        elif key == "camouflaged":
            for survivor_id, hidden in wanted.items():
                i = survivor_of(survivor_id)
                if i >= 0 and state.survivors[i].rotten != hidden:
                    problems.append(f"{survivor_id} camouflaged: expected {hidden}, found {state.survivors[i].rotten}")
        elif key in ("goals_done", "samples"):
            if list(getattr(box, key)) != list(wanted):
                problems.append(f"{key}: expected {list(wanted)}, found {list(getattr(box, key))}")
        elif key in ("evacuees",):
            if getattr(box, key) != wanted:
                problems.append(f"{key}: expected {wanted}, found {getattr(box, key)}")
        elif key == "oxygen_pile":
            if len(box.oxygen_pile) != wanted:
                problems.append(f"Oxygen Tanks set aside: expected {wanted}, found {len(box.oxygen_pile)}")
        else:
            problems.append(f"[expect.state.box] → {key}: unknown fact")
    return problems
