"""The scenario's containers (El Rescate, Encontrar el Antídoto): before play the bands place 1D6+3
containers (crates, drums and the like) in turn, at least 20 cm from one another and from the
table's edges where possible. The engine places them for the players, each spot drawn from the
game's seeded dice; they become searchable pieces of the rules' table, and their centres ride in
the state (``State.containers``), so a save replays them and the window draws them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import replace

from game.board.model import TerrainKind
from game.i18n import N_
from game.rules.core.rng import draw_floats
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.geometry import Piece, Table, make_piece
from game.rules.zombieworld.state import State
from game.rules.zombieworld.working import Game

Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1

CONTAINER_PROP = "container"  # the ``prop`` of a placed container piece
CONTAINER_SIDE_CM = 4.0  # a crate or a pair of drums, as the random scenery's
CONTAINER_HEIGHT_CM = 4.0
CONTAINER_GAP_CM = 20.0  # from one another and from the table's edges, "where possible"
CLEARANCE_CM = 3.0  # from any other piece, so a base can reach every side
PLACEMENT_TRIES = 300
CANDIDATES = 8  # free spots drawn before the roomiest of them is taken
_DICE = re.compile(r"^\s*(\d+)\s*[dD]\s*6\s*(?:\+\s*(\d+))?\s*$")


def container_count_dice(text: str) -> tuple[int, int]:
    """``"1D6+3"`` → (1 die, +3); an empty field means no containers."""
    if not text.strip():
        return 0, 0
    match = _DICE.match(text)
    if match is None:
        raise ValueError(f"containers {text!r}: write it as ND6 or ND6+K")
    return int(match.group(1)), int(match.group(2) or 0)


def container_box(centre: Point) -> Rect:
    half = CONTAINER_SIDE_CM / 2
    return (centre[0] - half, centre[1] - half, centre[0] + half, centre[1] + half)


def container_gap_cm(a: Point, b: Point) -> float:
    """Side to side between two containers."""
    return math.hypot(max(abs(a[0] - b[0]) - CONTAINER_SIDE_CM, 0.0), max(abs(a[1] - b[1]) - CONTAINER_SIDE_CM, 0.0))


def with_containers(table: Table, centres: Iterable[Point]) -> Table:
    """The table with a container piece at each centre (appended after the board's pieces)."""
    pieces = list(table.pieces)
    for centre in centres:
        x0, y0, x1, y1 = container_box(centre)
        piece = make_piece(len(pieces), TerrainKind.OBSTACLE, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)),
                           CONTAINER_HEIGHT_CM, 0, N_("Container"))
        pieces.append(replace(piece, prop=CONTAINER_PROP))
    return Table.build(table.width_cm, table.height_cm, pieces, table.walls)


def is_scenario_container(piece: Piece, placed: tuple[Point, ...]) -> bool:
    """Whether searching ``piece`` looks for the scenario's person or antidote: a placed container;
    in games with none placed (saved before they were, or no room for any) the table's props stand
    in for them."""
    return piece.prop == CONTAINER_PROP or (bool(piece.prop) and not placed)


def scenario_container_at(state: State, index: int) -> bool:
    """Whether a search of piece ``index`` in this game looks for the scenario's person or antidote."""
    catalog = state.catalog
    if state.table is None or catalog is None or not 0 <= index < len(state.table.pieces):
        return False
    return catalog.scenario(state.scenario).find_on is not None and \
        is_scenario_container(state.table.pieces[index], state.containers)


def place_containers(game: Game, order: tuple[str, ...], keep_clear: Iterable[Rect]) -> None:
    """Roll how many containers the scenario asks for and place them out of every band's deployment
    area ``keep_clear``. The bands would take turns in ``order``; as every spot is drawn from the
    dice, the turns change nothing but whose roll the log names."""
    scenario = game.catalog.scenario(game.base.scenario)
    dice, bonus = container_count_dice(scenario.containers)
    if not dice:
        return
    rolled = game.d6(dice)
    count = sum(rolled) + bonus
    game.emit(c.DiceRolled("containers", ",".join(order), rolled, (("", bonus),) if bonus else ()))
    areas = tuple(keep_clear)
    centres: list[Point] = []
    for _ in range(count):
        spot = _container_spot(game, centres, areas)
        if spot is not None:
            centres.append(spot)
    if centres:
        game.containers = tuple(centres)
        game.table = with_containers(game.table, centres)


def _container_spot(game: Game, placed: list[Point], areas: tuple[Rect, ...]) -> Point | None:
    """A random spot that overlaps no piece, wall or deployment area, 20 cm from the other
    containers and the edges: the roomiest of the first few free spots drawn (so that the later
    containers still find room), else of all the tries (the book's "where possible"); None when
    no try was free."""
    table = game.table
    half = CONTAINER_SIDE_CM / 2
    vehicles = tuple(_bounds(game.body(v).corners()) for v in game.vehicles.values())
    best: Point | None = None
    best_room = -1.0
    free = 0
    for _ in range(PLACEMENT_TRIES):
        (fx, fy), game.rng = draw_floats(game.rng, 2)
        spot = (round(half + fx * (table.width_cm - 2 * half), 1), round(half + fy * (table.height_cm - 2 * half), 1))
        if not _free(table, spot, areas + vehicles) or \
                any(container_gap_cm(spot, other) < CLEARANCE_CM for other in placed):
            continue
        room = min([spot[0] - half, spot[1] - half, table.width_cm - spot[0] - half, table.height_cm - spot[1] - half]
                   + [container_gap_cm(spot, other) for other in placed])
        free += 1
        if room > best_room:
            best, best_room = spot, room
        if free >= CANDIDATES and best_room >= CONTAINER_GAP_CM:
            break
    return best


def _free(table: Table, spot: Point, areas: tuple[Rect, ...]) -> bool:
    x0, y0, x1, y1 = container_box(spot)
    pad = CLEARANCE_CM
    for ax0, ay0, ax1, ay1 in areas:
        if x0 < ax1 and ax0 < x1 and y0 < ay1 and ay0 < y1:
            return False
    for piece in table.pieces:
        b = piece.bounds
        if x0 - pad < b[2] and b[0] < x1 + pad and y0 - pad < b[3] and b[1] < y1 + pad:
            return False
    for wall in table.walls:
        wx0, wx1 = sorted((wall.a[0], wall.b[0]))
        wy0, wy1 = sorted((wall.a[1], wall.b[1]))
        if x0 - pad < wx1 and wx0 < x1 + pad and y0 - pad < wy1 and wy0 < y1 + pad:
            return False
    return True


def _bounds(points: list[Point] | tuple[Point, ...]) -> Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))
