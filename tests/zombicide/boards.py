"""Small hand-made Boards for rules tests, drawn as ASCII sketches (the notation of
``game.rules.zombicide.sketch``), and helpers that set up and inspect games on them.

A marker is written ``(kind, (row, col))`` or ``(kind, (row, col), {"color": ..., "locators": ...})``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path

from game.board.model import Board
from game.rules.zombicide.sketch import SketchMarker, sketch_zone_id
from game.rules.zombicide.sketch import sketch_board as library_sketch_board

Cell = tuple[int, int]
MISSION_DIR = Path(__file__).resolve().parents[2] / "maps" / "missions"


def shipped_missions(box: str = "rue_morgue") -> list[Path]:
    """The shipped Zombicide missions of ``box`` (its ``[setup] box``; Rue Morgue when unnamed)."""
    found = []
    for path in sorted(MISSION_DIR.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        setup = data.get("setup") or {}
        if data.get("game") == "zombicide" and (setup.get("box") or "rue_morgue") == box:
            found.append(path)
    return found


def sketch_board(
    sketch: str,
    markers: Iterable[tuple[str, Cell] | tuple[str, Cell, Mapping[str, object]]] = (),
    tile_cols: int = 99,
    tile_rows: int = 99,
    setup: Mapping[str, object] | None = None,
) -> Board:
    placed = [_marker(*item) for item in markers]
    return library_sketch_board(sketch, placed, tile_cols, tile_rows, setup=setup)


def _marker(kind: str, cell: Cell, props: Mapping[str, object] | None = None) -> SketchMarker:
    return SketchMarker.model_validate({"kind": kind, "zone": sketch_zone_id(*cell), **(props or {})})


# --- boards shared by the whole-game tests --------------------------------------------------------
# test_engine_determinism holds digests of games on TOWN and CAMP: a change here means recording them again.

# Streets and buildings: doors (one pink, locked by the blue objective), spawn zones with locators
# and a coloured one, a sewer, a bed, objectives and an exit over 3×2-zone tiles.
TOWN = sketch_board(
    """
s s s s s
  d   d
r=r s r=r
    d
s s s s s
  o     k
r=r s s r
""",
    [
        ("start", (0, 0)),
        ("spawn", (0, 4), {"locators": (1, 2, 3)}),
        ("spawn", (2, 0), {"locators": (4, 5, 6)}),
        ("spawn", (3, 3), {"color": "blue"}),
        ("objective", (1, 1), {"color": "blue"}),
        ("objective", (3, 4)),
        ("exit", (2, 4)),
        ("sewer", (2, 2)),
        ("bed", (1, 3), {"color": "green"}),
    ],
    tile_cols=3,
    tile_rows=2,
)

# The hospital and the camp: hallways, hospital rooms, a locker room, tents, fences with and without
# stairs, a helipad, an event trigger, a wasteland exit.
CAMP = sketch_board(
    """
h h hdH=H
d   o   -
L|h h=H H
    f   d
t c cFs s

w p s s s
""",
    [
        ("start", (3, 2)),
        ("spawn", (2, 4)),
        ("spawn", (0, 0), {"locators": (1, 2)}),
        ("objective", (1, 4)),
        ("helicopter", (3, 1)),
        ("event_trigger", (1, 2)),
        ("exit", (3, 0)),
        ("tent_slot", (2, 0)),
    ],
    tile_cols=3,
    tile_rows=2,
)


def players(*rosters: Iterable[str], teams: tuple[str, ...] = ()) -> list[dict[str, object]]:
    """The ``players`` list of a set-up: seats A, B, ... with these survivors (and teams, if given)."""
    return [
        {"seat": "ABCDEF"[n], "survivors": list(roster), **({"team": teams[n]} if teams else {})}
        for n, roster in enumerate(rosters)
    ]


# --- games on sketch boards ----------------------------------------------------------------------

SIX = ("cathy", "dan", "james", "jane", "joe", "laurie")


def catalog_with(deck: Iterable[Mapping[str, object]] | None = None, **setup_changes: object):  # type: ignore[no-untyped-def]
    """The shipped catalog, with its zombie deck replaced by ``deck`` (card dicts) if given."""
    from game.rules.zombicide.boxes.rue_morgue.content import RueMorgueZombieCard as ZombieCard
    from game.rules.zombicide.catalog import load_catalog

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
    from game.rules.zombicide.boxes.rue_morgue.wounds import WOUND
    from game.rules.zombicide.state import EMPTY

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


def end_turns(state):  # type: ignore[no-untyped-def]
    """Every survivor ends its turn: the zombies' phase runs (stops at a pending decision)."""
    from game.rules.zombicide import engine
    from game.rules.zombicide.commands import EndTurn

    start = state.round
    while state.phase == "players" and state.round == start and state.pending is None:
        (seat,) = engine.current_seats(state)
        active = next(s for s in state.survivors if s.seat == seat and s.in_play and not s.done)
        state, _ = engine.apply(state, seat, EndTurn(active.id))
    return state
