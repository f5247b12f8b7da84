"""The table of a Zombieworld scenario file: a shipped map, or a table written in the file itself
(its size, an ASCII sketch of its ground, buildings, pieces of terrain, walls and markers), turned
into the ``Board`` the engine plays on. Pure; the format is told in ``docs/scenarios.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.board.model import (
    Barrier,
    BarrierKind,
    Board,
    BoardModule,
    Layout,
    Marker,
    MarkerKind,
    Portal,
    PortalKind,
    Terrain,
    TerrainKind,
    frozen_mapping,
)

Point = tuple[float, float]
SIDES = ("n", "e", "s", "w")
PORTAL_CM = 3.0  # a door or window drawn in a file is this wide
# The sketch's characters: ground that is not open, and obstacles by their height in cm.
SKETCH_GROUND = {"~": "difficult", "W": "woods", "X": "impassable", "c": "light cover", "C": "heavy cover",
                 "S": "stairs"}
SKETCH_OPEN = (".", " ")


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class BuildingSpec(_Strict):
    """A rectangular building; doors and windows as ``"s 0.5"`` (side n/e/s/w, then 0..1 along it,
    from its west or north end; ``"s"`` alone is its middle)."""

    rect: tuple[float, float, float, float]
    label: str = "Building"
    height_cm: float = Field(default=6.0, gt=0)
    floors: int = Field(default=1, ge=1)
    roof: bool = False
    doors: tuple[str, ...] = ()
    windows: tuple[str, ...] = ()
    open_doors: bool = False
    shop: str = ""

    @model_validator(mode="after")
    def _portals_read(self) -> BuildingSpec:
        for text in (*self.doors, *self.windows):
            parse_side(text)
        return self


class PieceSpec(_Strict):
    """Any other piece of terrain, as a rectangle ``[x, y, w, h]`` or a polygon of points."""

    kind: Literal["obstacle", "difficult", "woods", "cover", "stairs", "impassable"]
    rect: tuple[float, float, float, float] | None = None
    polygon: tuple[Point, ...] | None = None
    height_cm: float = Field(default=0.0, ge=0)
    cover: int = Field(default=0, ge=0, le=2)
    label: str = ""
    prop: str = ""

    @model_validator(mode="after")
    def _one_shape(self) -> PieceSpec:
        if (self.rect is None) == (self.polygon is None):
            raise ValueError("give exactly one of rect or polygon")
        if self.polygon is not None and len(self.polygon) < 3:
            raise ValueError("a polygon needs at least 3 points")
        return self


class WallSpec(_Strict):
    """A wall, fence or hedge: a line through ``points``, ``height_cm`` high."""

    points: tuple[Point, ...] = Field(min_length=2)
    height_cm: float = Field(gt=0)
    kind: Literal["wall", "fence", "hedge"] = "wall"


class MarkerSpec(_Strict):
    kind: Literal["deployment", "lamp", "vehicle"]
    at: Point
    size: tuple[float, float] = (3.0, 3.0)
    label: str = ""
    vehicle: str = ""  # vehicle markers: the kind of vehicle


class TableSpec(_Strict):
    map: str | None = Field(default=None, description="a shipped map (.tmx), from the repository root")
    size: tuple[float, float] | None = None
    sketch: str | None = None
    cell_cm: float = Field(default=5.0, gt=0)
    building: tuple[BuildingSpec, ...] = ()
    piece: tuple[PieceSpec, ...] = ()
    wall: tuple[WallSpec, ...] = ()
    marker: tuple[MarkerSpec, ...] = ()

    @model_validator(mode="after")
    def _map_or_own(self) -> TableSpec:
        own = self.size is not None or self.sketch is not None or self.building or self.piece or self.wall \
            or self.marker
        if self.map is not None and own:
            raise ValueError("a shipped map comes as it is: give map, or a table of your own, not both")
        return self


def parse_side(text: str) -> tuple[str, float]:
    """``"s 0.5"`` → ("s", 0.5); ``"w"`` → ("w", 0.5)."""
    parts = text.split()
    if not parts or parts[0] not in SIDES or len(parts) > 2:
        raise ValueError(f"{text!r}: write a side (n, e, s or w), then where along it (0 to 1)")
    at = 0.5
    if len(parts) == 2:
        try:
            at = float(parts[1])
        except ValueError:
            raise ValueError(f"{text!r}: {parts[1]!r} is not a number from 0 to 1") from None
        if not 0 <= at <= 1:
            raise ValueError(f"{text!r}: the place along the side runs from 0 to 1")
    return parts[0], at


def _rect_polygon(rect: Sequence[float]) -> tuple[Point, ...]:
    x, y, w, h = rect
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def _portal(kind: PortalKind, rect: Sequence[float], text: str, number: int, is_open: bool) -> Portal:
    x, y, w, h = rect
    side, at = parse_side(text)
    half = PORTAL_CM / 2
    if side in ("n", "s"):
        cx, cy = x + w * at, y if side == "n" else y + h
        a, b = (cx - half, cy), (cx + half, cy)
    else:
        cx, cy = x if side == "w" else x + w, y + h * at
        a, b = (cx, cy - half), (cx, cy + half)
    return Portal(f"{kind.value}{number}", kind, a, b, is_open=is_open and kind is PortalKind.DOOR)


def _building(spec: BuildingSpec, number: int) -> Terrain:
    portals = [_portal(PortalKind.DOOR, spec.rect, text, number * 100 + i, spec.open_doors)
               for i, text in enumerate(spec.doors)]
    portals += [_portal(PortalKind.WINDOW, spec.rect, text, number * 100 + 50 + i, False)
                for i, text in enumerate(spec.windows)]
    props: dict[str, object] = {"floors": spec.floors, "roof": spec.roof}
    if spec.shop:
        props["shop"] = spec.shop
    return Terrain(TerrainKind.BUILDING, _rect_polygon(spec.rect), spec.height_cm, 0, spec.label, tuple(portals),
                   properties=frozen_mapping(props))


def _piece(spec: PieceSpec) -> Terrain:
    polygon = spec.polygon if spec.polygon is not None else _rect_polygon(spec.rect or (0, 0, 0, 0))
    props: dict[str, object] = {}
    kind = spec.kind
    if kind == "woods":
        kind, props["woods"] = "difficult", True
    if spec.prop:
        props["prop"] = spec.prop
    return Terrain(TerrainKind(kind), tuple(polygon), spec.height_cm, spec.cover, spec.label or spec.kind,
                   properties=frozen_mapping(props))


def sketch_pieces(sketch: str, cell_cm: float) -> tuple[list[Terrain], tuple[float, float]]:
    """The sketch's pieces (each run of one character merged into rectangles) and its size in cm.
    Rows are read top to bottom; blank first and last lines are dropped."""
    lines = sketch.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    width = max((len(line) for line in lines), default=0)
    grid = [line.ljust(width) for line in lines]
    for row, line in enumerate(grid):
        for col, char in enumerate(line):
            if char not in SKETCH_OPEN and char not in SKETCH_GROUND and not char.isdigit():
                raise ValueError(f"row {row + 1}, column {col + 1}: {char!r} is not a sketch character "
                                 f"(. open, ~ difficult, W woods, X impassable, c/C cover, S stairs, 1-9 an obstacle "
                                 f"that many cm high)")
    taken = [[False] * width for _ in grid]
    pieces: list[Terrain] = []
    for row, line in enumerate(grid):
        for col, char in enumerate(line):
            if taken[row][col] or char in SKETCH_OPEN:
                continue
            right = col
            while right + 1 < width and line[right + 1] == char and not taken[row][right + 1]:
                right += 1
            bottom = row
            while bottom + 1 < len(grid) and all(grid[bottom + 1][c] == char and not taken[bottom + 1][c]
                                                 for c in range(col, right + 1)):
                bottom += 1
            for r in range(row, bottom + 1):
                for c in range(col, right + 1):
                    taken[r][c] = True
            rect = (col * cell_cm, row * cell_cm, (right - col + 1) * cell_cm, (bottom - row + 1) * cell_cm)
            pieces.append(_sketch_piece(char, rect))
    return pieces, (width * cell_cm, len(grid) * cell_cm)


def _sketch_piece(char: str, rect: tuple[float, float, float, float]) -> Terrain:
    if char.isdigit():
        return _piece(PieceSpec(kind="obstacle", rect=rect, height_cm=float(char), label=f"{char} cm obstacle"))
    ground = SKETCH_GROUND[char]
    if ground.endswith("cover"):
        return _piece(PieceSpec(kind="cover", rect=rect, cover=1 if ground.startswith("light") else 2, label=ground))
    return _piece(PieceSpec(kind=ground, rect=rect))  # type: ignore[arg-type]


def default_deployment(width: float, height: float) -> list[Marker]:
    """Four areas 15 cm deep along the edges, one per corner (so every band has somewhere to start)."""
    depth = 15.0
    half_w, half_h = width / 2, height / 2
    areas = ((depth / 2, half_h / 2, depth, half_h, "North-west"), (width - half_w / 2, depth / 2, half_w, depth,
             "North-east"), (width - depth / 2, height - half_h / 2, depth, half_h, "South-east"),
             (half_w / 2, height - depth / 2, half_w, depth, "South-west"))
    return [Marker(MarkerKind.DEPLOYMENT, (x, y), (w, h), properties=frozen_mapping({"label": label}))
            for x, y, w, h, label in areas]


def own_board(spec: TableSpec, source: str) -> Board:
    """A board made of what the file draws."""
    from game.board.assemble import board_from_module  # noqa: PLC0415 - board assembly is heavy

    terrain: list[Terrain] = []
    size = spec.size
    if spec.sketch is not None:
        sketched, sketch_size = sketch_pieces(spec.sketch, spec.cell_cm)
        terrain.extend(sketched)
        size = size or sketch_size
    width, height = size or (120.0, 120.0)
    terrain.extend(_building(b, n + 1) for n, b in enumerate(spec.building))
    terrain.extend(_piece(p) for p in spec.piece)
    barriers = tuple(Barrier(BarrierKind(w.kind), tuple(w.points), w.height_cm) for w in spec.wall)
    markers: list[Marker] = []
    for m in spec.marker:
        props: dict[str, object] = {}
        if m.label:
            props["label"] = m.label
        if m.vehicle:
            props["vehicle"] = m.vehicle
        markers.append(Marker(MarkerKind(m.kind), m.at, m.size, properties=frozen_mapping(props)))
    if not any(m.kind is MarkerKind.DEPLOYMENT for m in markers):
        markers.extend(default_deployment(width, height))
    module = BoardModule(path=source, module_id="scenario", game="zombieworld", layout=Layout.FREE,
                         scale_px_per_cm=10.0, width_cm=width, height_cm=height, tile_px=(40, 40),
                         barriers=barriers, markers=tuple(markers), terrain=tuple(terrain), title="Scenario table")
    return board_from_module(module, source)


def describe_table(board: Board) -> list[str]:
    """A line per piece of terrain, for the play-by-play."""
    lines = [f"table {board.width_cm:g} × {board.height_cm:g} cm"]
    for index, terrain in enumerate(board.terrain):
        xs = [p[0] for p in terrain.polygon]
        ys = [p[1] for p in terrain.polygon]
        extra = f" {terrain.height_cm:g} cm" if terrain.height_cm else ""
        lines.append(f"  #{index} {terrain.kind.value} {terrain.label!r}{extra} at "
                     f"{min(xs):g},{min(ys):g} to {max(xs):g},{max(ys):g}")
    return lines
