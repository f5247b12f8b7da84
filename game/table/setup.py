"""What a new table shows before any rules engine runs, and the token manifest it draws from.

Zone boards: six survivors lined up in the start zone, a few walkers and runners on each spawn
zone. Free tables: two bands of five survivors in two deployment areas (the map's, or opposite
corners free of terrain) and a few zombies in the middle. Deterministic: no randomness at all.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from game.board.geometry import point_in_polygon, polygon_centroid, rectangle, segments_intersect
from game.board.model import Board, Layout, MarkerKind, Point, TerrainKind
from game.i18n import N_
from game.jsonfile import JsonReadError, read_json
from game.limits import MAX_DATA_FILE_BYTES
from game.roots import confine, content_roots
from game.table.arrange import arrange_in_polygon, arrange_zone, ordered_pieces
from game.table.state import Piece, PieceSide

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_TOKEN_MANIFEST = "assets/tokens/tokens.json"
TOKEN_IMAGES = REPO_ROOT / "assets" / "tokens"

SURVIVORS_ON_ZONE_BOARDS = 6
ZOMBIES_PER_SPAWN = ("walker", "walker", "runner")
BAND_SIZE = 5
MIDDLE_ZOMBIES = ("zw_walker",) * 5  # Zombieworld's own walkers where the manifest has them
FREE_TABLE_SURVIVORS = ("zw_survivor",)  # the survivors of the game free tables belong to
DEPLOYMENT_AREA_CM = 20.0  # side of a default deployment square on free tables
MIDDLE_AREA_CM = 15.0
EDGE_INSET_CM = 3.0
BLOCKING_TERRAIN = frozenset({TerrainKind.BUILDING, TerrainKind.WALL, TerrainKind.OBSTACLE, TerrainKind.IMPASSABLE})


class TokenInfo(BaseModel):
    """One entry of the token manifest: the image, the name shown, which side and the base size."""

    model_config = ConfigDict(extra="ignore", frozen=True, allow_inf_nan=False)

    file: str = Field(min_length=1)  # an image in assets/tokens/ (it may not lead out of the content roots)
    label: str = Field(min_length=1)
    side: Literal["survivor", "zombie", "token"]
    base_cm: float = Field(gt=0, le=30)
    ours: bool = False  # drawn for this project (named survivors), not a generic stand-in

    @field_validator("file")
    @classmethod
    def _inside_the_roots(cls, file: str, info: ValidationInfo) -> str:
        # a manifest's reader works the roots out once for all its entries (``{"roots": ...}``)
        roots = (info.context or {}).get("roots") or content_roots()
        confine(file, TOKEN_IMAGES, roots, "the token image")  # OutsideRootsError is a ValueError
        return file


class TokenManifestError(ValueError):
    """A token manifest that cannot be used, naming the file and the entry."""

    def __init__(self, path: str | os.PathLike[str], what: str):
        self.path = str(path)
        self.what = what
        super().__init__(f"{self.path}: {what}")


# manifests read in this process, by file, with their bytes and the folders their images could come
# from when they were checked: a new game reads the same manifest three times
_read_manifests: dict[Path, tuple[bytes, tuple[Path, ...], dict[str, TokenInfo]]] = {}


def load_token_manifest(path: str | os.PathLike[str] = DEFAULT_TOKEN_MANIFEST) -> dict[str, TokenInfo]:
    """``{name: TokenInfo}`` in file order; a relative path is looked up from the repository. A file
    read before, unchanged since, is not parsed and checked again."""
    manifest = Path(path)
    if not manifest.is_absolute() and not manifest.exists():
        manifest = REPO_ROOT / manifest
    read = _small_file_bytes(manifest)  # before parsing: a change meanwhile makes the next call read again
    known = _read_manifests.get(manifest)
    if known is not None and read is not None and read == known[0] and content_roots() == known[1]:
        return dict(known[2])
    tokens = _read_token_manifest(manifest)
    if read is not None:
        _read_manifests[manifest] = (read, content_roots(), tokens)
    return dict(tokens)


def _small_file_bytes(path: Path) -> bytes | None:
    """The file's bytes when it can be read and is no larger than a data file may be; else None (the
    reader then says what is wrong)."""
    try:
        if path.stat().st_size > MAX_DATA_FILE_BYTES:
            return None
        return path.read_bytes()
    except OSError:
        return None


def _read_token_manifest(manifest: Path) -> dict[str, TokenInfo]:
    try:
        raw = read_json(manifest, N_("token manifest"), max_bytes=MAX_DATA_FILE_BYTES)
    except JsonReadError as error:
        raise TokenManifestError(manifest, error.what) from error
    if not isinstance(raw, dict):
        raise TokenManifestError(manifest, "expected an object of {name: {file, label, side, base_cm}}")
    tokens: dict[str, TokenInfo] = {}
    roots = {"roots": content_roots()}
    for name, entry in raw.items():
        try:
            tokens[name] = TokenInfo.model_validate(entry, context=roots)
        except ValidationError as error:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in problem['loc']) or 'entry'}: {problem['msg']}"
                for problem in error.errors()
            )
            raise TokenManifestError(manifest, f"entry {name!r}: {problems}") from error
    return tokens


# --- default pieces ------------------------------------------------------------------------


def default_pieces(board: Board, tokens: Mapping[str, TokenInfo] | None = None) -> list[Piece]:
    """The pieces a new table starts with, arranged with ``arrange_zone`` (zones) or in areas (free)."""
    catalogue = dict(load_token_manifest() if tokens is None else tokens)
    if board.layout == Layout.FREE:
        return _free_table_pieces(board, catalogue)
    return _zone_board_pieces(board, catalogue)


def _names(tokens: Mapping[str, TokenInfo], side: str) -> list[str]:
    return [name for name, info in tokens.items() if info.side == side]


def survivor_names(tokens: Mapping[str, TokenInfo]) -> list[str]:
    """Our own named survivors in manifest order; any survivor token when there are none."""
    survivors = _names(tokens, PieceSide.SURVIVOR)
    return [name for name in survivors if tokens[name].ours] or survivors


def _zombie_names(tokens: Mapping[str, TokenInfo], wanted: Sequence[str]) -> list[str]:
    """``wanted`` types where the manifest has them; else a walker; else its first zombie type."""
    zombies = _names(tokens, PieceSide.ZOMBIE)
    if not zombies:
        return []
    stand_in = "walker" if "walker" in zombies else zombies[0]
    return [name if name in zombies else stand_in for name in wanted]


class _Factory:
    """Makes pieces with ids unique on the table: ``survivor-<n>`` and ``<zombie type>-<n>``."""

    def __init__(self, tokens: Mapping[str, TokenInfo]):
        self.tokens = tokens
        self.counts: dict[str, int] = {}
        self.token_uses: dict[str, int] = {}

    def make(self, name: str, zone: str | None = None) -> Piece:
        info = self.tokens[name]
        prefix = "survivor" if info.side == PieceSide.SURVIVOR else slug(name)
        self.counts[prefix] = self.counts.get(prefix, 0) + 1
        self.token_uses[name] = self.token_uses.get(name, 0) + 1
        uses = self.token_uses[name]
        label = info.label if info.side != PieceSide.SURVIVOR or uses == 1 else f"{info.label} {uses}"
        return Piece(
            id=f"{prefix}-{self.counts[prefix]}",
            token=name,
            label=label,
            side=info.side,
            base_cm=info.base_cm,
            x_cm=0.0,
            y_cm=0.0,
            zone=zone,
        )


def slug(name: str) -> str:
    """A piece id prefix from a token name: lower case, dashes."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "piece"


def _cycle(names: Sequence[str], count: int, start: int = 0) -> Iterator[str]:
    if names:
        for i in range(count):
            yield names[(start + i) % len(names)]


def _zone_board_pieces(board: Board, tokens: Mapping[str, TokenInfo]) -> list[Piece]:
    if not board.zones:
        return []
    factory = _Factory(tokens)
    start_zone = _start_zone(board)
    pieces = [factory.make(name, start_zone) for name in _cycle(survivor_names(tokens), SURVIVORS_ON_ZONE_BOARDS)]
    spawn_zones: list[str] = []
    for marker in board.markers:
        zone = marker.zone
        if marker.kind == MarkerKind.SPAWN and zone is not None and zone in board.zones and zone not in spawn_zones:
            spawn_zones.append(zone)
    for zone_id in spawn_zones:
        pieces.extend(factory.make(name, zone_id) for name in _zombie_names(tokens, ZOMBIES_PER_SPAWN))

    by_zone: dict[str, list[Piece]] = {}
    for piece in pieces:
        by_zone.setdefault(piece.zone or start_zone, []).append(piece)
    target = board.zones[start_zone].center
    for zone_id, group in by_zone.items():
        arrangement = arrange_zone(board, zone_id, group)
        for piece in group:
            piece.x_cm, piece.y_cm = arrangement.positions[piece.id]
            if piece.side == PieceSide.ZOMBIE:
                piece.facing_deg = _facing((piece.x_cm, piece.y_cm), target)
    return ordered_pieces(pieces)


def _start_zone(board: Board) -> str:
    """The zone of the first start marker; else the zone under the board's middle; else the first zone."""
    for marker in board.markers:
        if marker.kind == MarkerKind.START and marker.zone is not None and marker.zone in board.zones:
            return marker.zone
    middle = board.zone_at((board.width_cm / 2, board.height_cm / 2))
    if middle is not None and middle in board.zones:
        return middle
    return min(board.zones, key=_natural_key)


def _natural_key(text: str) -> tuple[object, ...]:
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text))


def _facing(origin: Point, target: Point) -> float:
    """Degrees clockwise from north (up the screen) for a piece at ``origin`` looking at ``target``."""
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    if abs(dx) < 1e-9 and abs(dy) < 1e-9:
        return 0.0
    return round(math.degrees(math.atan2(dx, -dy)) % 360.0, 6)


# --- free tables ---------------------------------------------------------------------------


def _free_table_pieces(board: Board, tokens: Mapping[str, TokenInfo]) -> list[Piece]:
    """Bands in the deployment areas and walkers in the middle, all of the free table's own game
    (Zombieworld's models, never the zone boards' named survivors)."""
    factory = _Factory(tokens)
    middle = (board.width_cm / 2, board.height_cm / 2)
    survivors = [name for name in FREE_TABLE_SURVIVORS if name in tokens] or survivor_names(tokens)
    pieces: list[Piece] = []
    for band, area in enumerate(_deployment_areas(board)):
        band_pieces = [factory.make(name) for name in _cycle(survivors, BAND_SIZE, start=band * BAND_SIZE)]
        pieces.extend(_placed(area, band_pieces, middle))
    zombies = [factory.make(name) for name in _zombie_names(tokens, MIDDLE_ZOMBIES)]
    side = min(MIDDLE_AREA_CM, board.width_cm / 3, board.height_cm / 3)
    middle_area = _free_area(board, (side, side), middle) or _centred_rectangle(middle, (side, side))
    pieces.extend(_placed(middle_area, zombies, middle))
    return pieces


def _placed(area: tuple[Point, ...], pieces: list[Piece], look_at: Point) -> list[Piece]:
    arrangement = arrange_in_polygon(area, pieces)
    for piece in pieces:
        piece.x_cm, piece.y_cm = arrangement.positions[piece.id]
        piece.facing_deg = _facing((piece.x_cm, piece.y_cm), look_at)
    return ordered_pieces(pieces)


def _centred_rectangle(centre: Point, size: tuple[float, float]) -> tuple[Point, ...]:
    return rectangle(centre[0] - size[0] / 2, centre[1] - size[1] / 2, size[0], size[1])


def _deployment_areas(board: Board) -> list[tuple[Point, ...]]:
    """Two areas: the two map deployment markers farthest apart, else free opposite corners."""
    side = min(DEPLOYMENT_AREA_CM, board.width_cm / 3, board.height_cm / 3)
    marked: list[tuple[Point, ...]] = []
    for marker in board.markers:
        if marker.kind == MarkerKind.DEPLOYMENT:
            width, height = marker.size
            size = (width, height) if width > 0 and height > 0 else (side, side)
            marked.append(_centred_rectangle(marker.position, size))
    if len(marked) >= 2:
        pairs = [(i, j) for i in range(len(marked)) for j in range(i + 1, len(marked))]
        centres = [polygon_centroid(area) for area in marked]
        best = max(pairs, key=lambda pair: (round(math.dist(centres[pair[0]], centres[pair[1]]), 6), -pairs.index(pair)))
        return [marked[best[0]], marked[best[1]]]
    areas = marked
    half = side / 2 + EDGE_INSET_CM
    corners = [
        (half, half),
        (board.width_cm - half, board.height_cm - half),
        (board.width_cm - half, half),
        (half, board.height_cm - half),
    ]
    if areas:  # one marker: the corner farthest from it
        taken = polygon_centroid(areas[0])
        corners.sort(key=lambda c: -math.dist(c, taken))
    for corner in corners:
        if len(areas) == 2:
            break
        area = _free_area(board, (side, side), corner) or _centred_rectangle(corner, (side, side))
        if all(math.dist(polygon_centroid(area), polygon_centroid(other)) >= side for other in areas):
            areas.append(area)
    return areas


def _free_area(board: Board, size: tuple[float, float], near: Point) -> tuple[Point, ...] | None:
    """The rectangle of ``size`` nearest to ``near`` that stays on the table and off blocking terrain."""
    width, height = size
    step = max(min(width, height) / 2, 1.0)
    blockers = [t.polygon for t in board.terrain if t.kind in BLOCKING_TERRAIN and t.polygon]
    walls = list(board.walls)
    candidates = []
    reach = int(max(board.width_cm, board.height_cm) / step) + 1
    for i in range(-reach, reach + 1):
        for j in range(-reach, reach + 1):
            centre = (near[0] + i * step, near[1] + j * step)
            if (
                width / 2 <= centre[0] <= board.width_cm - width / 2
                and height / 2 <= centre[1] <= board.height_cm - height / 2
            ):
                candidates.append((math.dist(centre, near), centre))
    candidates.sort()
    for _, centre in candidates:
        area = _centred_rectangle(centre, size)
        if not any(_overlaps(area, polygon) for polygon in blockers) and not any(
            _crosses(area, wall) for wall in walls
        ):
            return area
    return None


def _edges(polygon: Sequence[Point]) -> list[tuple[Point, Point]]:
    if len(polygon) == 2:
        return [(polygon[0], polygon[1])]
    return [(polygon[i], polygon[(i + 1) % len(polygon)]) for i in range(len(polygon))]


def _overlaps(area: Sequence[Point], polygon: Sequence[Point]) -> bool:
    if any(point_in_polygon(p, polygon) for p in area) or any(point_in_polygon(p, area) for p in polygon):
        return True
    return any(segments_intersect(a, b) for a in _edges(area) for b in _edges(polygon))


def _crosses(area: Sequence[Point], wall: tuple[Point, Point]) -> bool:
    return point_in_polygon(wall[0], area) or any(segments_intersect(edge, wall) for edge in _edges(area))
