"""Small hand-made Boards for rules tests, drawn as ASCII sketches.

Cell rows alternate with separator rows. In a cell row, even columns hold zones and odd columns
the border to the right-hand neighbour; in a separator row, even columns hold the border below
the zone above. Zone letters: ``s`` street, ``r`` room, ``h`` hallway, ``H`` hospital room,
``L`` locker room, ``t`` tent, ``p`` helipad, ``#`` no zone. Borders: `` `` default (street to
street open, anything touching a building walled), ``|``/``-`` wall, ``d`` closed door, ``o`` open
door, ``=`` opening, ``f`` fence, ``F`` fence with stairs. Coloured doors: ``b`` blue, ``k`` pink.

Zones are named ``r<row>c<col>`` (see ``zid``); a tile (module) is ``tile_cols`` × ``tile_rows``
cells, named ``T<col>_<row>``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from game.board.model import (
    Board,
    BoardZone,
    Connection,
    ConnectionKind,
    Layout,
    Marker,
    MarkerKind,
    SightStep,
    ZoneKind,
)

CELL_CM = 10.0
KINDS = {
    "s": ZoneKind.STREET,
    "r": ZoneKind.ROOM,
    "h": ZoneKind.HALLWAY,
    "H": ZoneKind.HOSPITAL_ROOM,
    "L": ZoneKind.LOCKER_ROOM,
    "t": ZoneKind.TENT,
    "p": ZoneKind.HELIPAD,
}


def zid(row: int, col: int) -> str:
    return f"r{row}c{col}"


def sketch_board(
    sketch: str,
    markers: Iterable[tuple[str, tuple[int, int]] | tuple[str, tuple[int, int], Mapping[str, object]]] = (),
    tile_cols: int = 99,
    tile_rows: int = 99,
    setup: Mapping[str, object] | None = None,
) -> Board:
    lines = [line.rstrip("\n") for line in sketch.strip("\n").splitlines()]
    width = max(len(line) for line in lines)
    lines = [line.ljust(width) for line in lines]
    cell_rows = lines[0::2]
    sep_rows = lines[1::2]
    rows, cols = len(cell_rows), (width + 1) // 2

    cells: dict[tuple[int, int], ZoneKind] = {}
    for r, line in enumerate(cell_rows):
        for c in range(cols):
            ch = line[2 * c] if 2 * c < len(line) else "#"
            if ch in KINDS:
                cells[(r, c)] = KINDS[ch]

    def tile(r: int, c: int) -> str:
        return f"T{c // tile_cols}_{r // tile_rows}"

    zones = {}
    for (r, c), kind in cells.items():
        x0, y0 = c * CELL_CM, r * CELL_CM
        poly = ((x0, y0), (x0 + CELL_CM, y0), (x0 + CELL_CM, y0 + CELL_CM), (x0, y0 + CELL_CM))
        zones[zid(r, c)] = BoardZone(
            id=zid(r, c),
            module_id=tile(r, c),
            kind=kind,
            polygon=poly,
            center=(x0 + CELL_CM / 2, y0 + CELL_CM / 2),
            area_cm2=CELL_CM * CELL_CM,
        )

    connections: list[Connection] = []
    link: dict[tuple[tuple[int, int], tuple[int, int]], Connection] = {}

    def border(a: tuple[int, int], b: tuple[int, int], ch: str, segment) -> None:  # type: ignore[no-untyped-def]
        if a not in cells or b not in cells:
            return
        street = cells[a] in (ZoneKind.STREET, ZoneKind.HALLWAY, ZoneKind.TENT, ZoneKind.HELIPAD) and cells[b] in (
            ZoneKind.STREET,
            ZoneKind.HALLWAY,
            ZoneKind.TENT,
            ZoneKind.HELIPAD,
        )
        kind: ConnectionKind | None
        color, is_open, stairs = "", True, False
        if ch == " ":
            kind = ConnectionKind.OPEN if street else None
        elif ch in "|-":
            kind = None
        elif ch in "dobk":
            kind = ConnectionKind.DOOR
            is_open = ch == "o"
            color = {"b": "blue", "k": "pink"}.get(ch, "neutral")
        elif ch == "=":
            kind = ConnectionKind.OPENING
        elif ch in "fF":
            kind = ConnectionKind.FENCE
            stairs = ch == "F"
        else:
            raise ValueError(f"unknown border {ch!r}")
        if kind is None:
            return
        connection = Connection(
            id=f"{zid(*a)}~{zid(*b)}",
            a=zid(*a),
            b=zid(*b),
            kind=kind,
            segment=segment,
            color=color,
            is_open=is_open,
            has_stairs=stairs,
        )
        connections.append(connection)
        link[(a, b)] = connection
        link[(b, a)] = connection

    for r, line in enumerate(cell_rows):
        for c in range(cols - 1):
            ch = line[2 * c + 1] if 2 * c + 1 < len(line) else " "
            x = (c + 1) * CELL_CM
            border((r, c), (r, c + 1), ch, ((x, r * CELL_CM), (x, (r + 1) * CELL_CM)))
    for r, line in enumerate(sep_rows):
        for c in range(cols):
            ch = line[2 * c] if 2 * c < len(line) else " "
            y = (r + 1) * CELL_CM
            border((r, c), (r + 1, c), ch, ((c * CELL_CM, y), ((c + 1) * CELL_CM, y)))

    # straight sight lines along rows and columns, through any connection
    sight: dict[str, tuple[tuple[SightStep, ...], ...]] = {}
    for (r, c) in cells:
        lines_out = []
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            here = (r, c)
            steps = []
            while True:
                there = (here[0] + dr, here[1] + dc)
                connection = link.get((here, there))
                if connection is None:
                    break
                steps.append(SightStep(zone=zid(*there), via=connection.id))
                here = there
            if steps:
                lines_out.append(tuple(steps))
        sight[zid(r, c)] = tuple(lines_out)

    # buildings: building zones joined by openings
    building_cells = [p for p, k in cells.items() if k not in (ZoneKind.STREET, ZoneKind.HALLWAY, ZoneKind.TENT, ZoneKind.HELIPAD)]
    seen: set[tuple[int, int]] = set()
    buildings: dict[str, tuple[str, ...]] = {}
    for start in sorted(building_cells):
        if start in seen:
            continue
        group, stack = [], [start]
        seen.add(start)
        while stack:
            p = stack.pop()
            group.append(p)
            for q in ((p[0] + 1, p[1]), (p[0] - 1, p[1]), (p[0], p[1] + 1), (p[0], p[1] - 1)):
                conn = link.get((p, q))
                if q in building_cells and q not in seen and conn is not None and conn.kind == ConnectionKind.OPENING:
                    seen.add(q)
                    stack.append(q)
        buildings[f"b{len(buildings)}"] = tuple(zid(*p) for p in sorted(group))

    placed: list[Marker] = []
    for item in markers:
        kind, (r, c) = item[0], item[1]
        props = dict(item[2]) if len(item) > 2 else {}  # type: ignore[misc]
        placed.append(
            Marker(
                kind=MarkerKind(kind),
                position=(c * CELL_CM + CELL_CM / 2, r * CELL_CM + CELL_CM / 2),
                zone=zid(r, c),
                color=str(props.get("color", "")),
                locators=tuple(props.get("locators", ())),  # type: ignore[arg-type]
            )
        )

    return Board(
        title="sketch",
        game="zombicide",
        layout=Layout.ZONES,
        width_cm=cols * CELL_CM,
        height_cm=rows * CELL_CM,
        modules=(),
        zones=MappingProxyType(zones),
        connections=tuple(connections),
        walls=(),
        fences=(),
        markers=tuple(placed),
        terrain=(),
        buildings=MappingProxyType(buildings),
        sight_lines=MappingProxyType(sight),
        cell_cm=CELL_CM,
        zone_grid=tuple(
            zid(r, c) if (r, c) in cells else None for r in range(rows) for c in range(cols)
        ),
        grid_size=(cols, rows),
        properties=MappingProxyType({"setup": dict(setup)} if setup else {}),
    )


# --- games on sketch boards ----------------------------------------------------------------------

SIX = ("cathy", "dan", "james", "jane", "joe", "laurie")


def catalog_with(deck: Iterable[Mapping[str, object]] | None = None, **setup_changes: object):  # type: ignore[no-untyped-def]
    """The shipped catalog, with its zombie deck replaced by ``deck`` (card dicts) if given."""
    from game.rules.zombicide.catalog import ZombieCard, load_catalog

    catalog = load_catalog()
    update: dict[str, object] = {}
    if deck is not None:
        update["zombie_deck"] = tuple(
            ZombieCard.model_validate({"number": n, **card}) for n, card in enumerate(deck, start=1)
        )
    if setup_changes:
        update["setup"] = catalog.setup.model_copy(update=setup_changes)
    return catalog.model_copy(update=update) if update else catalog


def new_game(board: Board, seats: Mapping[str, Iterable[str]] | None = None, seed: int = 1, catalog=None, **setup):  # type: ignore[no-untyped-def]
    from game.rules.zombicide import engine

    seats = seats or {"A": SIX[:3], "B": SIX[3:]}
    spec = {"players": [{"seat": seat, "survivors": list(ids)} for seat, ids in seats.items()], **setup}
    return engine.setup(board, spec, seed, catalog=catalog)


def arrange(state, survivors: Mapping[str, Mapping[str, object]] | None = None,  # type: ignore[no-untyped-def]
            zombies: Mapping[str, Mapping[str, int]] | None = None, zombie_top: Iterable[int] = (),
            equipment_top: Iterable[str] = (), dice: Iterable[int] = (), noise: Mapping[str, int] | None = None):
    """Put the game in a given position: survivors (zone, hand, reserve, xp, wounds, skills,
    actions), zombies per zone, the next zombie cards, the next equipment cards, forced dice."""
    from dataclasses import replace

    from game.rules.core.rng import force_dice
    from game.rules.zombicide.state import EMPTY, WOUND

    kinds = list(state.card_kinds)

    def card(equipment_id: str) -> int:
        if equipment_id == "wound":
            return WOUND
        kinds.append(equipment_id)
        return len(kinds) - 1

    people = list(state.survivors)
    for survivor_id, changes in (survivors or {}).items():
        i = state.survivor_index(survivor_id)
        assert i >= 0, survivor_id
        person = people[i]
        update = {k: v for k, v in changes.items() if k not in ("hand", "reserve", "zone", "actions")}
        if "zone" in changes:
            update["zone"] = state.graph.index[str(changes["zone"])]
        if "actions" in changes:
            update["actions_left"] = changes["actions"]
        if "hand" in changes or "reserve" in changes:
            slots = [EMPTY] * len(person.slots)
            for n, eq in enumerate(changes.get("hand", ())):  # type: ignore[arg-type]
                slots[n] = card(eq) if eq else EMPTY
            for n, eq in enumerate(changes.get("reserve", ())):  # type: ignore[arg-type]
                slots[2 + n] = card(eq) if eq else EMPTY
            update["slots"] = tuple(slots)
        if "xp" in changes:
            update["level"] = state.tables.level_of(int(changes["xp"]))  # type: ignore[arg-type]
        people[i] = replace(person, **update)
    counts = [list(c) for c in state.zombies]
    supply = list(state.supply)
    for zone_id, groups in (zombies or {}).items():
        for zombie_id, n in groups.items():
            t = state.tables.zombie_index[zombie_id]
            counts[state.graph.index[zone_id]][t] += n
            supply[t] -= n
    deck = tuple(zombie_top) + tuple(n for n in state.zombie_deck if n not in tuple(zombie_top))
    equipment = tuple(card(e) for e in equipment_top) + state.equipment_deck
    noise_list = list(state.noise)
    for zone_id, tokens in (noise or {}).items():
        noise_list[state.graph.index[zone_id]] = tokens
    return replace(
        state,
        card_kinds=tuple(kinds),
        survivors=tuple(people),
        zombies=tuple(tuple(c) for c in counts),
        supply=tuple(supply),
        zombie_deck=deck,
        equipment_deck=equipment,
        rng=force_dice(state.rng, list(dice)) if dice else state.rng,
        noise=tuple(noise_list),
    )


def zombies_at(state, zone_id: str) -> dict[str, int]:  # type: ignore[no-untyped-def]
    counts = state.zombies[state.graph.index[zone_id]]
    return {state.tables.zombie_ids[t]: n for t, n in enumerate(counts) if n}


def survivor(state, survivor_id: str):  # type: ignore[no-untyped-def]
    return state.survivors[state.survivor_index(survivor_id)]


def zone_of(state, survivor_id: str) -> str:  # type: ignore[no-untyped-def]
    return state.graph.zone_ids[survivor(state, survivor_id).zone]


def hand(state, survivor_id: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [state.card_kinds[c] if c >= 0 else ("wound" if c == -2 else "") for c in survivor(state, survivor_id).slots]
