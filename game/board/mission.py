"""Mission files (TOML, ``maps/README.md`` §3): place modules on a grid and add tokens.

``load_board`` opens either a mission (``.toml``) or a single map (``.tmx``). Every problem names
the mission file and the place in it (``modules[2]``, ``markers[0]``…); problems inside a module map
come from the map loader. A mission's size, nesting, module count and grid are within
``game.limits``, and each module map must lie inside the content roots (``game.roots``).
"""

from __future__ import annotations

import math
import re
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    field_validator,
)

from game import limits
from game.board.assemble import VALID_ROTATIONS, DoorOverride, assemble, board_from_module, place_module
from game.board.errors import MapFormatError, MapProblem
from game.board.model import (
    COLOR_WORD,
    DOOR_COLORS,
    Board,
    BoardModule,
    ConnectionKind,
    Marker,
    MarkerKind,
    PortalKind,
)
from game.board.tutorial import MAX_STEPS, TutorialStep
from game.datacheck import tree_problem
from game.roots import OutsideRootsError, confine_content

SCHEMA_VERSION = 1
MAX_STORY_CHARS = 2_000
# the tokens a mission may lay on the border of two street zones (``[[edges]]``)
EdgeTokenKind = Literal["barrier", "hedge"]
TILE_SIDE_PATTERN = re.compile(r"^(\d+)([RV])$")
GAME_ID = re.compile(r"^[a-z][a-z0-9_]{0,39}$")  # which ids are games is the registry's business


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MissionModule(_Strict):
    map: Annotated[StrictStr, Field(min_length=1, max_length=limits.MAX_PATH_CHARS)]
    col: Annotated[StrictInt, Field(ge=0, lt=limits.MAX_MISSION_GRID)]
    row: Annotated[StrictInt, Field(ge=0, lt=limits.MAX_MISSION_GRID)]
    rotation: StrictInt = 0

    @field_validator("rotation")
    @classmethod
    def _right_angle(cls, value: int) -> int:
        if value not in VALID_ROTATIONS:
            raise ValueError(f"rotation must be 0, 90, 180 or 270, not {value}")
        return value


class MissionMarker(_Strict):
    kind: MarkerKind
    zone: StrictStr
    color: StrictStr = ""
    locators: Annotated[list[Annotated[StrictInt, Field(ge=0, le=1_000_000)]], Field(max_length=64)] = Field(
        default_factory=list)

    @field_validator("color")
    @classmethod
    def _plain_word(cls, value: str) -> str:
        if value and not COLOR_WORD.match(value):
            raise ValueError(f"marker color {value[:40]!r} must be one plain word (red, blue…)")
        return value


class MissionDoor(_Strict):
    id: StrictStr
    color: StrictStr | None = None
    open: StrictBool | None = None

    @field_validator("color")
    @classmethod
    def _known_color(cls, value: str | None) -> str | None:
        if value is not None and value not in DOOR_COLORS:
            raise ValueError(f"door color {value[:40]!r} is unknown (one of: {', '.join(DOOR_COLORS)})")
        return value


class MissionEdge(_Strict):
    """A token a mission lays on the border of two street zones: a barrier or a hedge."""

    zones: Annotated[list[StrictStr], Field(min_length=2, max_length=2)]
    kind: EdgeTokenKind


class MissionFile(_Strict):
    schema_version: Annotated[StrictInt, Field(ge=1)]
    id: Annotated[StrictStr, Field(min_length=1, max_length=100)]
    title: Annotated[StrictStr, Field(min_length=1, max_length=200)]
    # the title and story in Spanish (the English story is the file's header comments); optional
    title_es: Annotated[StrictStr, Field(min_length=1, max_length=200)] | None = None
    story_es: Annotated[StrictStr, Field(min_length=1, max_length=MAX_STORY_CHARS)] | None = None
    game: StrictStr
    modules: Annotated[list[MissionModule], Field(min_length=1, max_length=limits.MAX_MODULES)]
    markers: Annotated[list[MissionMarker], Field(max_length=limits.MAX_MISSION_ENTRIES)] = Field(default_factory=list)
    doors: Annotated[list[MissionDoor], Field(max_length=limits.MAX_MISSION_ENTRIES)] = Field(default_factory=list)
    edges: Annotated[list[MissionEdge], Field(max_length=limits.MAX_MISSION_ENTRIES)] = Field(default_factory=list)
    setup: dict[str, Any] = Field(default_factory=dict)
    tutorial: Annotated[list[TutorialStep], Field(max_length=MAX_STEPS)] = Field(default_factory=list)

    @field_validator("game")
    @classmethod
    def _game_id(cls, value: str) -> str:
        if not GAME_ID.match(value):
            raise ValueError(f"game {value[:40]!r} must be a game id: lower-case letters, digits and _ (e.g. zombicide)")
        return value


# --- module cache --------------------------------------------------------------------------

_module_cache: dict[tuple[str, int, int], tuple[BoardModule | None, tuple[MapProblem, ...]]] = {}


def _check_module_file(path: Path) -> tuple[BoardModule | None, list[MapProblem]]:
    from game.board.loader import check_module  # the loader is the one home of pytmx

    return check_module(path)


def read_module(path: str | Path) -> tuple[BoardModule | None, list[MapProblem]]:
    """A module map and its problems, cached by (path, modification time, size) in this process."""
    resolved = Path(path).resolve()
    stat = resolved.stat()
    key = (str(resolved), stat.st_mtime_ns, stat.st_size)
    cached = _module_cache.get(key)
    if cached is None:
        module, problems = _check_module_file(resolved)
        cached = (module, tuple(problems))
        _module_cache[key] = cached
    return cached[0], list(cached[1])


def clear_module_cache() -> None:
    _module_cache.clear()


# --- missions ------------------------------------------------------------------------------


def load_mission(path: str | Path) -> Board:
    """Assemble the board a mission describes; raises MapFormatError listing every problem."""
    board, problems = _read_mission(Path(path))
    if problems or board is None:
        raise MapFormatError(problems or [MapProblem(path=str(path), what="the mission could not be read")])
    return board


def check_mission(path: str | Path) -> list[MapProblem]:
    """Every problem of a mission file and of the maps it uses (empty when it is clean)."""
    return _read_mission(Path(path))[1]


def read_mission(path: str | Path) -> tuple[Board | None, list[MapProblem]]:
    """The board a mission assembles (None when it cannot be) and every problem found."""
    return _read_mission(Path(path))


def load_board(path: str | Path) -> Board:
    """A mission (``.toml``) or a single map shown alone (``.tmx``)."""
    path = Path(path)
    if "\x00" in str(path):
        raise MapFormatError.single(repr(str(path)), "the path holds a NUL character")
    suffix = path.suffix.lower()
    if suffix == ".toml":
        return load_mission(path)
    if suffix == ".tmx":
        if not path.is_file():
            raise MapFormatError.single(str(path), "map file not found")
        module, problems = read_module(path)
        if problems or module is None:
            raise MapFormatError(problems or [MapProblem(path=str(path), what="the map could not be read")])
        return board_from_module(module, source=str(path))
    raise MapFormatError.single(str(path), f"not a mission (.toml) or a map (.tmx): '{path.suffix}'")


def _read_mission(path: Path) -> tuple[Board | None, list[MapProblem]]:
    shown = str(path)
    mission, problems = _parse(path, shown)
    if mission is None:
        return None, problems

    modules: list[BoardModule | None] = []
    for i, spec in enumerate(mission.modules):
        modules.append(_module_of(path, shown, i, spec, problems))

    placed_ids: dict[str, int] = {}
    tile_sides: dict[str, tuple[str, int]] = {}
    cells: dict[tuple[int, int], int] = {}
    first_size: tuple[str, float, float] | None = None
    for i, (spec, module) in enumerate(zip(mission.modules, modules, strict=True)):
        place = f"modules[{i}]"
        cell = (spec.col, spec.row)
        if cell in cells:
            problems.append(_problem(shown, place, f"col {spec.col}, row {spec.row} is already taken by modules[{cells[cell]}]"))
        else:
            cells[cell] = i
        if module is None:
            continue
        module_id = module.module_id
        if module_id in placed_ids:
            problems.append(_problem(shown, place, f"module {module_id} is already used by modules[{placed_ids[module_id]}]"))
        else:
            placed_ids[module_id] = i
        side = TILE_SIDE_PATTERN.match(module_id)
        if side:
            tile, face = side.groups()
            other = tile_sides.get(tile)
            if other is not None and other[0] != face:
                problems.append(
                    _problem(shown, place, f"tile {tile} is used on both sides: {module_id} here and "
                             f"{tile}{other[0]} in modules[{other[1]}]")
                )
            tile_sides.setdefault(tile, (face, i))
        if first_size is None:
            first_size = (module_id, module.width_cm, module.height_cm)
        elif not (math.isclose(module.width_cm, first_size[1]) and math.isclose(module.height_cm, first_size[2])):
            problems.append(
                _problem(shown, place, f"module {module_id} is {module.width_cm:g}×{module.height_cm:g} cm but "
                         f"{first_size[0]} is {first_size[1]:g}×{first_size[2]:g} cm: every module must be the same size")
            )
        if spec.rotation in (90, 270) and not math.isclose(module.width_cm, module.height_cm):
            problems.append(
                _problem(shown, place, f"module {module_id} is not square, so it cannot be turned by {spec.rotation}°")
            )

    by_id = {m.module_id: m for m in modules if m is not None}
    for i, marker in enumerate(mission.markers):
        what = _unknown_zone(marker.zone, by_id)
        if what:
            problems.append(_problem(shown, f"markers[{i}]", what))
    for i, door in enumerate(mission.doors):
        what = _unknown_door(door.id, by_id)
        if what:
            problems.append(_problem(shown, f"doors[{i}]", what))
    for i, step in enumerate(mission.tutorial):
        # a match names a zone when it starts with one of the mission's modules (a model's id such
        # as "red:Marta" is the game's to check)
        match_zone = step.match if step.match and (_split_global_id(step.match) or ("",))[0] in by_id else None
        for named in (step.zone, match_zone):
            what = _unknown_zone(named, by_id) if named is not None else ""
            if what:
                problems.append(_problem(shown, f"tutorial[{i}]", what))
    edge_overrides: dict[tuple[str, str], ConnectionKind] = {}
    for i, edge in enumerate(mission.edges):
        for zone_id in edge.zones:
            what = _unknown_zone(zone_id, by_id)
            if what:
                problems.append(_problem(shown, f"edges[{i}]", what))
        pair = (edge.zones[0], edge.zones[1])
        if pair[0] == pair[1]:
            problems.append(_problem(shown, f"edges[{i}]", "an edge lies between two different zones"))
        elif pair in edge_overrides or pair[::-1] in edge_overrides:
            problems.append(_problem(shown, f"edges[{i}]", f"{pair[0]} and {pair[1]} already have a token between them"))
        edge_overrides[pair] = ConnectionKind(edge.kind)

    if problems or any(m is None for m in modules):
        return None, problems

    placed = [
        place_module(module, spec.col, spec.row, spec.rotation)
        for spec, module in zip(mission.modules, modules, strict=True)
        if module is not None
    ]
    extra_markers = [
        Marker(kind=m.kind, position=(0.0, 0.0), zone=m.zone, color=m.color, locators=tuple(m.locators))
        for m in mission.markers
    ]
    overrides = {d.id: DoorOverride(color=d.color, is_open=d.open) for d in mission.doors}
    properties: dict[str, object] = {"mission_id": mission.id}
    if mission.setup:
        properties["setup"] = mission.setup
    if mission.title_es:
        properties["title_es"] = mission.title_es
    if mission.tutorial:
        properties["tutorial"] = tuple(step.model_dump(exclude_none=True) for step in mission.tutorial)
    try:
        board = assemble(
            placed,
            title=mission.title,
            game=mission.game,
            source=shown,
            extra_markers=extra_markers,
            door_overrides=overrides,
            properties=properties,
            edge_overrides=edge_overrides,
        )
    except MapFormatError as error:
        return None, list(error.problems)
    return board, []


def _problem(path: str, layer: str, what: str) -> MapProblem:
    return MapProblem(path=path, what=what, layer=layer)


def _parse(path: Path, shown: str) -> tuple[MissionFile | None, list[MapProblem]]:
    try:
        size = path.stat().st_size
        if size > limits.MAX_MISSION_FILE_BYTES:
            return None, [MapProblem(path=shown, what=f"the mission file is {size:,} bytes: at most "
                                                      f"{limits.MAX_MISSION_FILE_BYTES // limits.MIB} MB")]
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, [MapProblem(path=shown, what="mission file not found")]
    except (OSError, UnicodeDecodeError) as error:
        return None, [MapProblem(path=shown, what=f"cannot read the mission file: {error}")]
    except tomllib.TOMLDecodeError as error:
        return None, [MapProblem(path=shown, what=f"TOML syntax error: {error}")]
    except RecursionError:
        return None, [MapProblem(path=shown, what=f"lists and tables nest more than {limits.MAX_NESTING} deep")]
    except ValueError as error:  # a number too long for Python to read
        what = "a number has more than 4,300 digits" if "digits" in str(error) else str(error)
        return None, [MapProblem(path=shown, what=f"TOML value cannot be read: {what}")]
    problem = tree_problem(data)
    if problem is not None:
        place, what = problem
        return None, [MapProblem(path=shown, what=what, layer=place)]

    version = data.get("schema_version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
        return None, [
            MapProblem(
                path=shown,
                what=f"schema_version {version} is newer than this version of Deadtable reads ({SCHEMA_VERSION})",
                layer="schema_version",
            )
        ]
    try:
        return MissionFile.model_validate(data), []
    except ValidationError as error:
        return None, [_validation_problem(shown, e) for e in error.errors()]


def _validation_problem(shown: str, error: Any) -> MapProblem:
    """Turn a pydantic error location like ('modules', 2, 'rotation') into a mission place."""
    place = ""
    field_name = ""
    for part in error["loc"]:
        if isinstance(part, int):
            place += f"[{part}]"
        elif not place:
            place = str(part)
        else:
            field_name = f"{field_name}.{part}" if field_name else str(part)
    kind = error["type"]
    message = str(error["msg"]).removeprefix("Value error, ")
    if kind == "extra_forbidden":
        what = f"unknown key '{field_name or place}'"
        if not field_name:
            place = ""
    elif kind == "missing":
        what = f"missing key '{field_name or place}'"
        if not field_name:
            place = ""
    elif kind == "value_error":
        what = message
    else:
        subject = field_name or place
        got = repr(error.get("input"))
        what = f"{subject}: {message} (got {got if len(got) <= 80 else got[:77] + '...'})"
    return MapProblem(path=shown, what=what, layer=place)


def _module_of(path: Path, shown: str, index: int, spec: MissionModule, problems: list[MapProblem]) -> BoardModule | None:
    place = f"modules[{index}]"
    try:
        map_path = confine_content(spec.map, path.parent, "map")
    except OutsideRootsError as error:
        problems.append(_problem(shown, place, error.what))
        return None
    if not map_path.is_file():
        problems.append(_problem(shown, place, f"map file not found: {spec.map} (looked for {map_path})"))
        return None
    module, module_problems = read_module(map_path)
    if module_problems:
        # the mission's own line first, so a one-line report names the file that was opened
        more = len(module_problems) - 1
        problems.append(_problem(shown, place, f"map {spec.map} cannot be used: {module_problems[0]}"
                                               + (f" (and {more} more)" if more else "")))
        problems.extend(module_problems)
    return module


def _split_global_id(global_id: str) -> tuple[str, str] | None:
    module_id, sep, local_id = global_id.partition(":")
    return (module_id, local_id) if sep and module_id and local_id else None


def _unknown_zone(zone_id: str, modules: dict[str, BoardModule]) -> str:
    parts = _split_global_id(zone_id)
    if parts is None:
        return f"zone '{zone_id}' must be written <module>:<zone>, for example 1R:z3"
    module_id, local = parts
    module = modules.get(module_id)
    if module is None:
        return f"zone '{zone_id}' names module {module_id}, which is not in this mission"
    if all(z.id != local for z in module.zones):
        return f"module {module_id} has no zone '{local}'"
    return ""


def _unknown_door(door_id: str, modules: dict[str, BoardModule]) -> str:
    parts = _split_global_id(door_id)
    if parts is None:
        return f"door '{door_id}' must be written <module>:<door>, for example 1R:d12"
    module_id, local = parts
    module = modules.get(module_id)
    if module is None:
        return f"door '{door_id}' names module {module_id}, which is not in this mission"
    portal = next((p for p in module.portals if p.id == local), None)
    if portal is None:
        return f"module {module_id} has no door '{local}'"
    if portal.kind != PortalKind.DOOR:
        return f"'{door_id}' is {portal.kind.value}, not a door"
    return ""
