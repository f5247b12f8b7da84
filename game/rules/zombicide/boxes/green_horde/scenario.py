"""What Green Horde adds to scenario files, as top-level keys placed on the state:

- ``horde = { orc_walker = 2 }``: miniatures set aside in the Horde (out of the supply);
- ``spawn_tokens = [{ zone = "r0c4" }, { zone = "r0c0", kind = "necromancer", face = "green" }]``: the
  spawn tokens instead of the board's, in spawn order (``kind``: red, blue, green or necromancer);
- ``necromancers = [{ zone = "r0c2", entry = "r0c4" }]``: Necromancers on the board (miniature and
  record), each with the face of the first Necromancer token in its entry zone;
- ``bile = ["r0c1"]``: Dragon Bile puddles; ``siege_engines = ["r0c0"]``: siege engines standing there;
- ``barriers_down = ["barrier:r0c0|r0c1"]``: barriers already broken.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from game.rules.zombicide.boxes.green_horde.board import graph_with_barriers_down
from game.rules.zombicide.boxes.green_horde.state import NECROMANCER_FACES, Necromancer, SpawnToken, board_of


def _zone(state: Any, where: str, zone_id: Any) -> int:
    zone = state.graph.index.get(str(zone_id))
    if zone is None:
        raise ValueError(where, f"no zone {zone_id!r} on the board")
    return int(zone)


def _zones(state: Any, key: str, value: Any) -> tuple[int, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise ValueError(key, f'write {key} = ["<zone>", ...]')
    return tuple(_zone(state, f"{key}[{n}]", z) for n, z in enumerate(value))


def set_horde(state: Any, value: Any) -> Any:
    if not isinstance(value, Mapping):
        raise ValueError("horde", "write horde = { <zombie id> = <count> }")
    horde = list(state.box_state.horde)
    supply = list(state.supply)
    for zombie, count in value.items():
        t = state.tables.zombie_index.get(zombie)
        if t is None:
            raise ValueError(f"horde → {zombie}", f"unknown zombie type {zombie!r}")
        horde[t] += int(count)
        supply[t] -= int(count)
        if supply[t] < 0:
            raise ValueError(f"horde → {zombie}", f"not enough {zombie} miniatures in the supply")
    return replace(state, supply=tuple(supply), box_state=replace(state.box_state, horde=tuple(horde)))


def set_spawn_tokens(state: Any, value: Any) -> Any:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise ValueError("spawn_tokens", 'write spawn_tokens = [{ zone = "<zone>", kind = "red" }, ...]')
    tokens = []
    for n, item in enumerate(value):
        where = f"spawn_tokens[{n}]"
        if not isinstance(item, Mapping) or "zone" not in item:
            raise ValueError(where, 'write { zone = "<zone>", kind = "red" }')
        kind = str(item.get("kind", "red"))
        face = str(item.get("face", NECROMANCER_FACES[0] if kind == "necromancer" else ""))
        tokens.append(SpawnToken(_zone(state, where, item["zone"]), kind, face))
    return replace(state, box_state=replace(state.box_state, spawn_tokens=tuple(tokens)))


def set_necromancers(state: Any, value: Any) -> Any:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise ValueError("necromancers", 'write necromancers = [{ zone = "<zone>", entry = "<zone>" }, ...]')
    t = next(k for k in range(state.tables.type_count) if "necromancer" in state.tables.specials[k])
    records = list(state.box_state.necromancers)
    zombies = [list(c) for c in state.zombies]
    supply = list(state.supply)
    for n, item in enumerate(value):
        where = f"necromancers[{n}]"
        if not isinstance(item, Mapping) or "zone" not in item:
            raise ValueError(where, 'write { zone = "<zone>", entry = "<zone>" }')
        zone = _zone(state, where, item["zone"])
        entry = _zone(state, where, item.get("entry", item["zone"]))
        face = next((tok.face for tok in state.box_state.spawn_tokens if tok.zone == entry and tok.kind == "necromancer"),
                    NECROMANCER_FACES[len(records) % len(NECROMANCER_FACES)])
        records.append(Necromancer(zone, entry, face))
        zombies[zone][t] += 1
        supply[t] -= 1
        if supply[t] < 0:
            raise ValueError(where, "not enough Necromancer miniatures in the supply")
    return replace(state, zombies=tuple(tuple(c) for c in zombies), supply=tuple(supply),
                   box_state=replace(state.box_state, necromancers=tuple(records)))


def set_bile(state: Any, value: Any) -> Any:
    return replace(state, box_state=replace(state.box_state, bile=_zones(state, "bile", value)))


def set_siege_engines(state: Any, value: Any) -> Any:
    return replace(state, box_state=replace(state.box_state, siege_engines=_zones(state, "siege_engines", value)))


def set_barriers_down(state: Any, value: Any) -> Any:
    known = [b[0] for b in board_of(state.graph).barriers]
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise ValueError("barriers_down", 'write barriers_down = ["<barrier connection id>", ...]')
    for n, cid in enumerate(value):
        if cid not in known:
            raise ValueError(f"barriers_down[{n}]", f"no barrier {cid!r} (barriers: {', '.join(known) or 'none'})")
    down = tuple(str(c) for c in value)
    return replace(state, graph=graph_with_barriers_down(state.graph, state.box, down),
                   box_state=replace(state.box_state, barriers_down=down))


KEYS = {
    "horde": set_horde, "spawn_tokens": set_spawn_tokens, "necromancers": set_necromancers, "bile": set_bile,
    "siege_engines": set_siege_engines, "barriers_down": set_barriers_down,
}


# --- facts a scenario expects of the box's state ([expect.box]) -----------------------------------------


def _names(state: Any, zones: Sequence[int]) -> list[str]:
    return sorted(state.graph.zone_ids[z] for z in zones)


def _compare(what: str, expected: Any, found: Any) -> list[str]:
    return [] if expected == found else [f"{what}: expected {expected!r}, found {found!r}"]


def horde_is(state: Any, value: Any) -> list[str]:
    found = {state.tables.zombie_ids[t]: n for t, n in enumerate(state.box_state.horde) if n}
    return _compare("the Horde", {k: v for k, v in dict(value).items() if v}, found)


def spawn_tokens_are(state: Any, value: Any) -> list[str]:
    found = [state.graph.zone_ids[t.zone] + ("" if t.kind == "red" else f":{t.kind}") for t in state.box_state.spawn_tokens]
    if isinstance(value, int):
        return _compare("spawn tokens on the board", value, len(found))
    return _compare("spawn tokens (zone, then :kind when not red)", list(value), found)


def necromancers_are(state: Any, value: Any) -> list[str]:
    return _compare("Necromancers' zones", sorted(value), _names(state, [n.zone for n in state.box_state.necromancers]))


def bile_is(state: Any, value: Any) -> list[str]:
    return _compare("Dragon Bile puddles", sorted(value), _names(state, state.box_state.bile))


def siege_engines_are(state: Any, value: Any) -> list[str]:
    return _compare("siege engines", sorted(value), _names(state, state.box_state.siege_engines))


def barriers_down_are(state: Any, value: Any) -> list[str]:
    return _compare("barriers broken", sorted(value), sorted(state.box_state.barriers_down))


def killed_are(state: Any, value: Any) -> list[str]:
    found = {state.tables.zombie_ids[t]: n for t, n in enumerate(state.box_state.killed) if n}
    return _compare("zombies killed", {k: v for k, v in dict(value).items() if v}, found)


def burned_is(state: Any, value: Any) -> list[str]:
    return _compare("zombies burned by Dragon Fire", value, state.box_state.burned)


FACTS = {
    "horde": horde_is, "spawn_tokens": spawn_tokens_are, "necromancers": necromancers_are, "bile": bile_is,
    "siege_engines": siege_engines_are, "barriers_down": barriers_down_are, "killed": killed_are,
    "burned": burned_is,
}
