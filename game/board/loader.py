"""Tiled maps (.tmx) → plain board data in cm. The one module of the project that imports pytmx.

A quick pass with ``xml.etree`` first finds what pytmx would choke on (bad XML, missing tileset
files, refused property names, shapes it does not support), so every message names the file, the
layer and the object. pytmx then parses the map headless (its default image loader reads no
pixels: it hands back the image path and the tile's rectangle), and the objects are turned into
the dataclasses of ``game.board.model``, in centimetres (pixels / ``scale``).
"""

from __future__ import annotations

import math
import os
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from game import limits
from game.board import layercheck, templates, tilelayers, tsj, wallcheck, xmlcheck
from game.board.errors import MapFormatError, MapProblem
from game.board.geometry import (
    ZoneFinder,
    axis_aligned_rectangle,
    point_segment_distance,
    polygon_area,
    polygon_bounds,
    segment_intersection,
    self_intersection,
)
from game.board.model import (
    COLOR_WORD,
    DOOR_COLORS,
    Barrier,
    BarrierKind,
    BoardModule,
    Layout,
    Marker,
    MarkerKind,
    Point,
    Portal,
    PortalKind,
    Terrain,
    TerrainKind,
    Zone,
    ZoneKind,
    frozen_mapping,
)

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pytmx imports pygame when it can
import pytmx  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[2]

GAME_ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")  # which ids are games is the game registry's business
MODULE_ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]+$")
ZONE_KINDS = tuple(kind.value for kind in ZoneKind)
BARRIER_CLASSES = tuple(kind.value for kind in BarrierKind)
# "stairs" is a marker on zone boards and a piece of terrain on free tables.
ZONE_BOARD_MARKERS = tuple(kind.value for kind in MarkerKind)
FREE_TABLE_MARKERS = tuple(kind.value for kind in MarkerKind if kind is not MarkerKind.STAIRS)
FREE_TABLE_AREAS = ("building", "obstacle", "difficult", "cover", "impassable", "stairs")
ZONE_BOARD_CLASSES = ("zone", "door", "opening", *BARRIER_CLASSES, *ZONE_BOARD_MARKERS)
FREE_TABLE_CLASSES = ("door", "window", "wall", "fence", "hedge", *FREE_TABLE_AREAS, *FREE_TABLE_MARKERS)
RED_BY_DEFAULT = (MarkerKind.SPAWN, MarkerKind.OBJECTIVE)

OVERLAP_TOLERANCE_CM2 = 0.01
MAX_OVERLAPS_REPORTED = 20
PORTAL_PROBE_MIN_CM = 0.5
PORTAL_PROBE_SHORT_SIDE_FACTOR = 0.6


# --- geometry the shared helpers lack (cm) --------------------------------------------------------------


def distance_to_outline(point: Point, polygon: Sequence[Point]) -> float:
    return min(point_segment_distance(point, edge) for edge in _edges(polygon))


def _edges(polygon: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [(polygon[i], polygon[(i + 1) % len(polygon)]) for i in range(len(polygon))]


def _spans_at(polygon: Sequence[Point], x: float) -> list[tuple[float, float]]:
    """The polygon's cross-section at ``x`` as sorted (y_top, y_bottom) intervals (even-odd)."""
    ys = sorted(
        y1 + (x - x1) * (y2 - y1) / (x2 - x1)
        for (x1, y1), (x2, y2) in _edges(polygon)
        if min(x1, x2) < x < max(x1, x2)
    )
    return [(ys[i], ys[i + 1]) for i in range(0, len(ys) - 1, 2)]


def overlap_area(first: Sequence[Point], second: Sequence[Point]) -> float:
    """Exact area shared by two simple polygons.

    Cut the plane into vertical slabs at every vertex and every edge crossing; inside a slab the
    length of the common cross-section varies linearly with x, so its value at the slab's middle
    times the slab's width is the exact area. Polygons that only touch along an edge give 0.
    """
    xs = {p[0] for p in first} | {p[0] for p in second}
    for p1, p2 in _edges(first):
        for q1, q2 in _edges(second):
            crossing = segment_intersection((p1, p2), (q1, q2))
            if crossing is not None:
                xs.add(crossing[0])
    cuts = sorted(xs)
    area = 0.0
    for left, right in zip(cuts, cuts[1:], strict=False):
        if right - left < 1e-12:
            continue
        middle = (left + right) / 2
        common = 0.0
        for a_top, a_bottom in _spans_at(first, middle):
            for b_top, b_bottom in _spans_at(second, middle):
                common += max(0.0, min(a_bottom, b_bottom) - max(a_top, b_top))
        area += common * (right - left)
    return area


def _boxes_overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _box_overlaps(boxes: Sequence[tuple[float, float, float, float]]) -> list[tuple[int, int]]:
    """Index pairs (i < j) of boxes that overlap, in document order of j then i, found by a sweep
    along x (never comparing every box with every other when few overlap)."""
    pairs: list[tuple[int, int]] = []
    active: list[int] = []
    for k in sorted(range(len(boxes)), key=lambda index: boxes[index][0]):
        active = [a for a in active if boxes[a][2] > boxes[k][0]]
        pairs.extend((min(a, k), max(a, k)) for a in active if _boxes_overlap(boxes[a], boxes[k]))
        active.append(k)
    return sorted(pairs, key=lambda pair: (pair[1], pair[0]))


# --- the quick XML pass ----------------------------------------------------------------------


@dataclass
class _PreCheck:
    problems: list[MapProblem] = field(default_factory=list)
    fatal: bool = False  # pytmx cannot parse this file
    skipped_objects: set[int] = field(default_factory=set)  # objects already reported
    # pytmx also reads a tileset's collision shapes as object layers: mark them, in document order
    object_layer_is_collision: list[bool] = field(default_factory=list)


@cache
def _reserved_names() -> Mapping[str, frozenset[str]]:
    """Property names pytmx refuses, per element: whatever its objects already have as attributes."""
    bare_map = pytmx.TiledMap()
    tile_layer_xml = '<layer width="1" height="1"><data encoding="csv">0</data></layer>'
    samples: dict[str, object] = {
        "map": bare_map,
        "layer": pytmx.TiledTileLayer(bare_map, ElementTree.fromstring(tile_layer_xml)),
        "objectgroup": pytmx.TiledObjectGroup(bare_map, ElementTree.Element("objectgroup"), None),
        "object": pytmx.TiledObject(bare_map, ElementTree.Element("object"), None),
        "tileset": pytmx.TiledTileset(bare_map, ElementTree.Element("tileset")),
        "imagelayer": pytmx.TiledImageLayer(
            bare_map, ElementTree.fromstring('<imagelayer><image source="x.png"/></imagelayer>')
        ),
        "group": pytmx.pytmx.TiledGroupLayer(bare_map, ElementTree.Element("group")),
    }
    names: dict[str, frozenset[str]] = {}
    for tag, sample in samples.items():
        found = {n for n in dir(sample) if not n.startswith("__")}
        found |= set(vars(sample))
        names[tag] = frozenset(found)
    return names


def _int_attribute(node: ElementTree.Element, name: str) -> int | None:
    try:
        return int(node.get(name, ""))
    except ValueError:
        return None


_READER_WORDS = {int: "a whole number", float: "a number", pytmx.pytmx.convert_to_bool: "true or false"}
# Tiled writes layer offsets with decimals; they are summed and rounded (``layercheck``) before pytmx reads them
_BAKED_OFFSETS: dict[str, object] = {"offsetx": float, "offsety": float}
# how pytmx reads a typed custom property ("object" properties hold an object id)
_PROPERTY_READERS = {"int": int, "object": int, "float": float, "bool": pytmx.pytmx.convert_to_bool}


def _readable(reader: object, value: str | None) -> bool:
    """Whether pytmx can read ``value`` with ``reader`` (int, float or its bool reader) into a finite value."""
    if value is None:
        return False
    try:
        result = reader(value)  # type: ignore[operator]
    except (TypeError, ValueError):
        return False
    return not isinstance(result, float) or math.isfinite(result)


def _check_attributes(
    node: ElementTree.Element, shown: str, layer: str, object_id: int | None, check: _PreCheck
) -> None:
    """Every XML attribute pytmx converts (numbers, flags) must convert: pytmx would stop with no place."""
    for key, value in node.attrib.items():
        reader = _BAKED_OFFSETS.get(key) or pytmx.pytmx.types.get(key, str)
        if reader in _READER_WORDS and not _readable(reader, value):
            what = f"<{node.tag}> attribute {key}=\"{_short(value)}\" must be {_READER_WORDS[reader]}"
            check.problems.append(MapProblem(shown, what, layer, object_id))
            check.fatal = True


def _check_properties(
    node: ElementTree.Element, tag: str, shown: str, layer: str, object_id: int | None, check: _PreCheck
) -> None:
    """The element's attributes and custom properties: names pytmx refuses, values it cannot read."""
    _check_attributes(node, shown, layer, object_id, check)
    reserved = _reserved_names()[tag] | set(node.attrib)
    for prop in node.findall("./properties/property"):
        name = prop.get("name", "")
        if name in reserved:
            check.problems.append(
                MapProblem(
                    shown,
                    f"property name '{name}' is reserved by the map reader: rename it"
                    " (never use id, name, type or another built-in attribute)",
                    layer,
                    object_id,
                )
            )
            check.fatal = True
        if prop.get("type") == "class":
            check.problems.append(
                MapProblem(shown, f"property '{name}' has a custom class type: use plain types", layer, object_id)
            )
            check.fatal = True
        reader = _PROPERTY_READERS.get(prop.get("type", ""))
        if reader is not None and not _readable(reader, prop.get("value")):
            what = f"property '{_short(name)}' = '{_short(prop.get('value', ''))}' must be {_READER_WORDS[reader]}"
            check.problems.append(MapProblem(shown, what, layer, object_id))
            check.fatal = True


def _check_tileset(node: ElementTree.Element, base: Path, shown: str, check: _PreCheck) -> None:
    """An embedded or external tileset: its file (inside the content roots), its size limits and images."""
    firstgid = _int_attribute(node, "firstgid")
    if firstgid is None or firstgid < 1:
        what = f"tileset '{node.get('source') or node.get('name', '')}' needs a firstgid of 1 or more"
        check.problems.append(MapProblem(shown, what))
        check.fatal = True
        return
    source = node.get("source")
    if source:
        root = xmlcheck.tileset_file(source, base, shown, check.problems)
        if root is None:
            check.fatal = True
            return
        if root.tag != "tileset":
            check.problems.append(MapProblem(shown, f"tileset file '{source}' is not a Tiled tileset"))
            check.fatal = True
            return
        node, base, origin = root, (base / source).parent, f"tileset '{source}'"
    else:
        origin = f"tileset '{node.get('name', '')}'"
    _check_properties(node, "tileset", shown, "", None, check)
    for element in node.iter():
        if element is not node:
            _check_attributes(element, shown, "", None, check)
    _fatal(check, xmlcheck.check_tileset(node, shown, origin))
    images = node.findall("./image") + node.findall("./tile/image")
    for image in images:
        _fatal(check, xmlcheck.check_image(image, base, shown, origin))
    if not images:
        check.problems.append(MapProblem(shown, f"{origin} has no image"))


def _fatal(check: _PreCheck, problems: Sequence[MapProblem]) -> None:
    """Problems past which pytmx must not be run (a limit passed, a path refused)."""
    if problems:
        check.problems.extend(problems)
        check.fatal = True


def _check_object(node: ElementTree.Element, shown: str, layer: str, check: _PreCheck) -> None:
    object_id = _int_attribute(node, "id")
    _check_properties(node, "object", shown, layer, object_id, check)
    beyond = xmlcheck.check_object(node, shown, layer, object_id)
    if beyond is not None:
        _fatal(check, [beyond])
        return
    refusal = ""
    if node.get("template"):  # a template that could not be used: its problem is already listed here
        if object_id is not None:
            check.skipped_objects.add(object_id)
        return
    if node.get("gid"):
        refusal = (
            "tile objects (tiles placed with Insert Tile) are not supported: paint tiles on a tile layer,"
            " and draw a rectangle with the object's class"
        )
    elif node.find("ellipse") is not None:
        refusal = "ellipses are not supported: use a rectangle or a polygon"
    elif node.find("point") is not None:
        refusal = "point objects are not supported: use a small rectangle"
    elif node.find("text") is not None:
        refusal = "text objects are not supported"
    elif not all(_points_readable(shape.get("points")) for shape in (*node.findall("polygon"), *node.findall("polyline"))):
        refusal = "polygon or polyline points must be pairs of numbers like '0,0 40,0 40,40'"
        check.fatal = True  # pytmx would stop on them
    else:
        try:
            rotation = float(node.get("rotation", "0"))
        except ValueError:
            rotation = 1.0
        if rotation % 360:
            refusal = f"object is rotated ({node.get('rotation')}°): objects must not be rotated"
    if refusal:
        check.problems.append(MapProblem(shown, refusal, layer, object_id))
        if object_id is not None:
            check.skipped_objects.add(object_id)


def _points_readable(text: str | None) -> bool:
    pairs = (text or "").split()
    return bool(pairs) and all(
        len(pair.split(",")) == 2 and all(_readable(float, part) for part in pair.split(",")) for pair in pairs
    )


def _precheck(path: Path, shown: str) -> tuple[_PreCheck, ElementTree.Element | None]:
    check = _PreCheck()
    root = xmlcheck.parse_file(path, shown, limits.MAX_MAP_FILE_BYTES, check.problems)
    if root is None:
        check.fatal = True
        return check, None
    if root.tag != "map":
        check.problems.append(MapProblem(shown, f"not a Tiled map (the file's root element is <{root.tag}>, not <map>)"))
        check.fatal = True
        return check, None
    check.problems.extend(templates.expand_templates(root, path.parent, shown))
    _fatal(check, xmlcheck.check_map(root, shown))
    if check.fatal:
        return check, None
    if root.get("orientation", "orthogonal") != "orthogonal":
        check.problems.append(MapProblem(shown, f"map orientation must be orthogonal, not {root.get('orientation')}"))
    if root.get("infinite") == "1":
        check.problems.append(MapProblem(shown, "infinite maps are not supported: uncheck Map Properties → Infinite"))
        check.fatal = True
    _check_properties(root, "map", shown, "", None, check)
    _fatal(check, tsj.embed_json_tilesets(root, path.parent, shown))
    for tileset in root.findall("tileset"):
        if not tsj.is_json_tileset(tileset.get("source", "")):  # a .tsj left here could not be read: told above
            _check_tileset(tileset, path.parent, shown, check)
    for tileset in root.findall("tileset"):
        check.object_layer_is_collision.extend(True for _ in tileset.iter("objectgroup"))
    cells = xmlcheck.CellBudget()
    for node in xmlcheck.map_layers(root):
        layer = node.get("name", "")
        _check_properties(node, node.tag, shown, layer, None, check)
        offset = xmlcheck.check_layer_offset(node, shown, layer)
        _fatal(check, [offset] if offset is not None else [])
        if node.tag == "layer":
            problem = xmlcheck.check_layer_data(node, shown, layer, cells)
            _fatal(check, [problem] if problem is not None else [])
        if node.tag == "imagelayer":
            for image in node.findall("image"):
                _fatal(check, xmlcheck.check_image(image, path.parent, shown, f"image layer '{layer}'"))
        if node.tag == "objectgroup":
            for obj in node.findall("object"):
                _check_object(obj, shown, layer, check)
    _check_object_ids(root, shown, check)
    check.problems.extend(layercheck.apply_layer_state(root, shown))
    if check.object_layer_is_collision:  # keep the flags in pytmx's order: every objectgroup in the file
        check.object_layer_is_collision = [_inside_tileset(root, group) for group in root.iter("objectgroup")]
    return check, root


def _check_object_ids(root: ElementTree.Element, shown: str, check: _PreCheck) -> None:
    """Object ids name objects in every message, so two objects may not share one."""
    seen: dict[int, str] = {}
    for node in xmlcheck.map_layers(root):
        if node.tag != "objectgroup":
            continue
        layer = node.get("name", "")
        for obj in node.findall("object"):
            object_id = _int_attribute(obj, "id")
            if object_id is None:
                continue
            if object_id in seen:
                check.problems.append(MapProblem(shown, f"object id {object_id} is used twice (also in layer "
                                                        f"'{seen[object_id]}'): ids must be unique", layer, object_id))
                check.fatal = True
            else:
                seen[object_id] = layer


def _inside_tileset(root: ElementTree.Element, group: ElementTree.Element) -> bool:
    return any(group in list(tileset.iter("objectgroup")) for tileset in root.iter("tileset"))


# --- pytmx objects → model -------------------------------------------------------------------


def shown_path(path: Path) -> str:
    """The path as messages show it: relative to the repository when inside it."""
    resolved = path.resolve()
    try:
        return str(resolved.relative_to(REPO_ROOT))
    except ValueError:
        return str(path)


SHOWN_ARROW = " → "  # a problem of a file a map names is shown as "map → that file"


def file_of_shown(shown: str) -> Path:
    """The file a shown path names (``shown_path`` backwards; the map, for "map → tileset")."""
    path = Path(shown.split(SHOWN_ARROW)[0])
    if not path.is_absolute() and (REPO_ROOT / path).exists():
        return REPO_ROOT / path
    return path.resolve()


def _object_class(obj: pytmx.TiledObject) -> str:
    # Tiled 1.9 writes class="…"; Tiled 1.8 and 1.10+ write type="…".
    value = obj.__dict__.get("class") or obj.__dict__.get("type") or ""
    return str(value).strip()


class _Converter:
    def __init__(self, tmx: pytmx.TiledMap, path: Path, shown: str, check: _PreCheck):
        self.tmx = tmx
        self.path = path
        self.shown = shown
        self.skipped = check.skipped_objects
        collision = check.object_layer_is_collision
        self.object_layers = [
            group for i, group in enumerate(tmx.objectgroups) if not (i < len(collision) and collision[i])
        ]
        self.problems: list[MapProblem] = []
        self.scale = 1.0

    def problem(self, what: str, layer: str = "", object_id: int | None = None) -> None:
        self.problems.append(MapProblem(self.shown, what, layer, object_id))

    # properties ---------------------------------------------------------------------------

    def text_prop(self, props: Mapping[str, object], name: str, default: str = "") -> str:
        value = props.get(name)
        return default if value is None or value == "" else str(value).strip()

    def float_prop(self, props: Mapping[str, object], name: str, layer: str, object_id: int | None) -> float:
        value = props.get(name, 0.0)
        try:
            number = float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            self.problem(f"property '{name}' must be a number, not '{_short(value)}'", layer, object_id)
            return 0.0
        if not math.isfinite(number) or number < 0:
            self.problem(f"property '{name}' must be a number ≥ 0, not '{_short(value)}'", layer, object_id)
            return 0.0
        return number

    def bool_prop(self, props: Mapping[str, object], name: str, layer: str, object_id: int | None) -> bool:
        value = props.get(name, False)
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("true", "yes", "1"):
            return True
        if text in ("false", "no", "0", ""):
            return False
        self.problem(f"property '{name}' must be true or false, not '{_short(value)}'", layer, object_id)
        return False

    # map ----------------------------------------------------------------------------------

    def header(self) -> tuple[str, str, Layout, float] | None:
        props = self.tmx.properties
        ok = True
        module_id = self.text_prop(props, "module")
        if not module_id:
            self.problem("map property 'module' is missing (the module's id, e.g. 1R)")
            ok = False
        elif not MODULE_ID_PATTERN.match(module_id):
            self.problem(f"map property 'module' = '{module_id}': use letters, digits, - and _ only")
            ok = False
        game = self.text_prop(props, "game")
        if not game:
            self.problem("map property 'game' is missing (the game it is for, e.g. zombicide, or any)")
            ok = False
        elif not GAME_ID_PATTERN.match(game):
            self.problem(f"map property 'game' = '{game}': use lower-case letters, digits and _ only")
            ok = False
        scale: float = 0.0
        raw_scale = props.get("scale")
        if raw_scale is None or raw_scale == "":
            self.problem("map property 'scale' is missing (pixels per cm, e.g. 20)")
            ok = False
        else:
            try:
                scale = float(raw_scale)  # type: ignore[arg-type]
            except (TypeError, ValueError):
                scale = math.nan
            if not (math.isfinite(scale) and limits.MIN_SCALE_PX_PER_CM <= scale <= limits.MAX_SCALE_PX_PER_CM):
                self.problem(f"map property 'scale' = '{raw_scale}' must be a positive number (pixels per cm) "
                             f"from {limits.MIN_SCALE_PX_PER_CM:g} to {limits.MAX_SCALE_PX_PER_CM:g}")
                ok = False
        layout_name = self.text_prop(props, "layout", Layout.ZONES.value)
        layout = Layout.ZONES
        if ok:
            tmx = self.tmx
            side_cm = max(tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight) / scale
            if side_cm > limits.MAX_BOARD_SIDE_CM:
                self.problem(f"at scale {scale:g} px per cm the map is {side_cm:,.0f} cm across: at most "
                             f"{limits.MAX_BOARD_SIDE_CM:,.0f} cm")
                ok = False
        if layout_name not in {item.value for item in Layout}:
            self.problem(f"map property 'layout' = '{layout_name}' is unknown (zones or free)")
            ok = False
        else:
            layout = Layout(layout_name)
        if not ok:
            return None
        self.scale = scale
        return module_id, game, layout, scale

    # shapes -------------------------------------------------------------------------------

    def outline_cm(self, obj: pytmx.TiledObject) -> tuple[tuple[Point, ...], bool]:
        """The object's points in cm and whether the shape is closed (rectangle or polygon)."""
        s = self.scale
        points = obj.__dict__.get("points")
        if points:
            return tuple((p[0] / s, p[1] / s) for p in points), bool(obj.closed)
        x, y, w, h = obj.x / s, obj.y / s, obj.width / s, obj.height / s
        return ((x, y), (x + w, y), (x + w, y + h), (x, y + h)), True

    def is_rectangle(self, obj: pytmx.TiledObject) -> bool:
        return "points" not in obj.__dict__

    def rect_cm(self, obj: pytmx.TiledObject) -> tuple[float, float, float, float]:
        s = self.scale
        return obj.x / s, obj.y / s, obj.width / s, obj.height / s

    def area_polygon(self, obj: pytmx.TiledObject, layer: str, what: str) -> tuple[Point, ...] | None:
        polygon, closed = self.outline_cm(obj)
        if not closed:
            self.problem(f"{what} must be a rectangle or a polygon, not a polyline", layer, obj.id)
            return None
        crossing = self_intersection(polygon)
        if crossing is not None:
            x, y = crossing[2]
            self.problem(
                f"{what} crosses itself: its outline meets itself at x = {x * self.scale:.0f}, y = {y * self.scale:.0f}"
                " px (redraw it so that no two edges cross or touch)",
                layer,
                obj.id,
            )
            return None
        if len(polygon) < 3 or polygon_area(polygon) <= 1e-9:
            self.problem(f"{what} has no area", layer, obj.id)
            return None
        return polygon

    # conversion ---------------------------------------------------------------------------

    def convert(self) -> BoardModule | None:
        header = self.header()
        tile_layers = tilelayers.read_tile_layers(self.tmx, self.problem)
        if header is None:
            return None
        module_id, game, layout, scale = header
        tmx = self.tmx
        zones: list[Zone] = []
        portals: list[tuple[str, pytmx.TiledObject]] = []
        barriers: list[Barrier] = []
        markers: list[tuple[str, pytmx.TiledObject, MarkerKind]] = []
        areas: list[tuple[str, pytmx.TiledObject, str]] = []
        allowed = ZONE_BOARD_CLASSES if layout is Layout.ZONES else FREE_TABLE_CLASSES
        zone_objects = sum(1 for group in self.object_layers for obj in group if _object_class(obj) == "zone")
        if zone_objects > limits.MAX_ZONES:
            self.problem(f"the map has {zone_objects:,} zones: at most {limits.MAX_ZONES:,}")
            return None
        layer_of: dict[int, str] = {}
        for group in self.object_layers:
            layer = group.name or ""
            for obj in group:
                layer_of[obj.id] = layer
                if obj.id in self.skipped:
                    continue
                cls = _object_class(obj)
                if not cls:
                    self.problem(f"object has no class (one of: {', '.join(allowed)})", layer, obj.id)
                elif cls == "zone" and layout is Layout.FREE:
                    self.problem(
                        "a free table (layout = free) has no zones: use building, obstacle, difficult,"
                        " cover, impassable or stairs",
                        layer,
                        obj.id,
                    )
                elif cls not in allowed:
                    self.problem(f"unknown object class '{cls}' (one of: {', '.join(allowed)})", layer, obj.id)
                elif cls == "zone":
                    zone = self.zone(obj, layer)
                    if zone is not None:
                        zones.append(zone)
                elif cls in ("door", "opening", "window"):
                    portals.append((layer, obj))
                elif cls in BARRIER_CLASSES:
                    barrier = self.barrier(obj, layer, BarrierKind(cls))
                    if barrier is not None:
                        barriers.append(barrier)
                elif cls in FREE_TABLE_AREAS and layout is Layout.FREE:
                    areas.append((layer, obj, cls))
                else:
                    markers.append((layer, obj, MarkerKind(cls)))
        if layout is Layout.ZONES:
            if not zone_objects:
                self.problem("a zone board (layout = zones) has no zone objects: draw its zones with class 'zone'")
            self.check_zones(zones, layer_of)
            finder = ZoneFinder(zones)
            board_portals = [self.zone_portal(obj, layer, finder) for layer, obj in portals]
            terrain: list[Terrain] = []
        else:
            terrain = [t for t in (self.terrain(obj, layer, cls) for layer, obj, cls in areas) if t is not None]
            board_portals = []
            terrain = self.attach_building_portals(terrain, portals)
        finder = ZoneFinder(zones)
        placed_markers = [self.marker(obj, layer, kind, finder, layout) for layer, obj, kind in markers]
        width_px, height_px = tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight
        props = dict(tmx.properties)
        return BoardModule(
            path=self.shown,
            module_id=module_id,
            game=game,
            layout=layout,
            scale_px_per_cm=scale,
            width_cm=width_px / scale,
            height_cm=height_px / scale,
            tile_px=(tmx.tilewidth, tmx.tileheight),
            zones=tuple(zones),
            portals=tuple(p for p in board_portals if p is not None),
            barriers=tuple(barriers),
            markers=tuple(m for m in placed_markers if m is not None),
            terrain=tuple(terrain),
            tile_layers=tile_layers,
            title=self.text_prop(props, "title"),
            properties=frozen_mapping(props),
        )

    def zone(self, obj: pytmx.TiledObject, layer: str) -> Zone | None:
        props = obj.properties
        kind = self.text_prop(props, "kind")
        if not kind:
            self.problem(f"zone has no 'kind' property (one of: {', '.join(ZONE_KINDS)})", layer, obj.id)
            return None
        if kind not in ZONE_KINDS:
            self.problem(f"unknown zone kind '{kind}' (one of: {', '.join(ZONE_KINDS)})", layer, obj.id)
            return None
        polygon = self.area_polygon(obj, layer, "a zone")
        if polygon is None:
            return None
        return Zone(
            id=obj.name or f"z{obj.id}",
            kind=ZoneKind(kind),
            polygon=polygon,
            label=self.text_prop(props, "label"),
            object_id=obj.id,
            properties=frozen_mapping(props),
        )

    def check_zones(self, zones: Sequence[Zone], layers: Mapping[int, str]) -> None:
        first_by_name: dict[str, Zone] = {}
        for zone in zones:
            earlier = first_by_name.setdefault(zone.id, zone)
            if earlier is not zone:
                self.problem(
                    f"duplicate zone name '{zone.id}' (also object {earlier.object_id}): zone names must be unique",
                    layers.get(zone.object_id, ""),
                    zone.object_id,
                )
        boxes = [polygon_bounds(zone.polygon) for zone in zones]
        work = 0
        reported = 0
        for i, j in _box_overlaps(boxes):
            first, second = zones[i], zones[j]
            if axis_aligned_rectangle(first.polygon) and axis_aligned_rectangle(second.polygon):
                (l1, t1, r1, b1), (l2, t2, r2, b2) = boxes[i], boxes[j]
                shared = max(0.0, min(r1, r2) - max(l1, l2)) * max(0.0, min(b1, b2) - max(t1, t2))
            else:
                work += len(first.polygon) * len(second.polygon)
                if work > limits.MAX_ZONE_OVERLAP_WORK:
                    self.problem(f"the zones' outlines are too intricate to check for overlaps (more than "
                                 f"{limits.MAX_ZONE_OVERLAP_WORK:,} corner pairs): draw simpler zones")
                    return
                shared = overlap_area(first.polygon, second.polygon)
            if shared > OVERLAP_TOLERANCE_CM2:
                reported += 1
                if reported > MAX_OVERLAPS_REPORTED:
                    self.problem("more zones overlap (only the first overlaps are listed)")
                    return
                self.problem(
                    f"zone '{second.id}' overlaps zone '{first.id}' (object {first.object_id})"
                    f" by {shared:.2f} cm²: zones may touch but not overlap",
                    layers.get(second.object_id, ""),
                    second.object_id,
                )

    def portal_segment(self, obj: pytmx.TiledObject) -> tuple[Point, Point, Point, float, bool]:
        """Segment ends along the long axis, centre, short side and whether the long axis is x."""
        x, y, w, h = self.rect_cm(obj)
        centre = (x + w / 2, y + h / 2)
        if w >= h:
            return (x, centre[1]), (x + w, centre[1]), centre, h, True
        return (centre[0], y), (centre[0], y + h), centre, w, False

    def zone_portal(self, obj: pytmx.TiledObject, layer: str, zones: ZoneFinder) -> Portal | None:
        kind = PortalKind(_object_class(obj))
        if not self.is_rectangle(obj) or obj.width <= 0 or obj.height <= 0:
            self.problem(f"{_a(kind.value)} must be a thin rectangle across the border of two zones", layer, obj.id)
            return None
        a, b, centre, short_cm, along_x = self.portal_segment(obj)
        probe = max(PORTAL_PROBE_SHORT_SIDE_FACTOR * short_cm, PORTAL_PROBE_MIN_CM)
        if along_x:
            sides = ((centre[0], centre[1] - probe), (centre[0], centre[1] + probe))
        else:
            sides = ((centre[0] - probe, centre[1]), (centre[0] + probe, centre[1]))
        found = [zones.at(point) for point in sides]
        color = self.text_prop(obj.properties, "color", "neutral")
        if color not in DOOR_COLORS:
            self.problem(f"unknown {kind.value} color '{color}' (one of: {', '.join(DOOR_COLORS)})", layer, obj.id)
        if found[0] is None or found[1] is None or found[0] == found[1]:
            seen = ", ".join(f"'{z}'" for z in dict.fromkeys(found) if z) or "no zone"
            self.problem(
                f"{kind.value} is not on the border of two different zones (found {seen} on its sides):"
                " centre a thin rectangle on the border, its long side along it",
                layer,
                obj.id,
            )
            return None
        return Portal(
            id=obj.name or f"d{obj.id}",
            kind=kind,
            a=a,
            b=b,
            zones=(found[0], found[1]),
            color=color,
            is_open=self.bool_prop(obj.properties, "open", layer, obj.id),
            object_id=obj.id,
            properties=frozen_mapping(obj.properties),
        )

    def barrier(self, obj: pytmx.TiledObject, layer: str, kind: BarrierKind) -> Barrier | None:
        height_cm = self.float_prop(obj.properties, "height_cm", layer, obj.id)
        if self.is_rectangle(obj):
            if obj.width <= 0 and obj.height <= 0:
                self.problem(f"{_a(kind.value)} needs a polyline or a thin rectangle", layer, obj.id)
                return None
            a, b, _, _, _ = self.portal_segment(obj)
            points: tuple[Point, ...] = (a, b)
        else:
            outline, closed = self.outline_cm(obj)
            points = (*outline, outline[0]) if closed else outline
        if len(points) < 2:
            self.problem(f"{_a(kind.value)} needs at least two points", layer, obj.id)
            return None
        return Barrier(kind=kind, points=points, height_cm=height_cm, object_id=obj.id)

    def marker(
        self, obj: pytmx.TiledObject, layer: str, kind: MarkerKind, zones: ZoneFinder, layout: Layout
    ) -> Marker | None:
        props = obj.properties
        polygon, _ = self.outline_cm(obj)
        left, top, right, bottom = polygon_bounds(polygon)
        centre = ((left + right) / 2, (top + bottom) / 2)
        zone = None
        if layout is Layout.ZONES:
            zone = zones.at(centre)
            if zone is None and zones:
                self.problem(
                    f"{kind.value} marker lies outside every zone (its centre must be inside a zone)", layer, obj.id
                )
        locators = self.locators(props.get("locators"), layer, obj.id)
        default_color = "red" if kind in RED_BY_DEFAULT else ""
        color = self.text_prop(props, "color", default_color)
        if color and not COLOR_WORD.match(color):
            self.problem(f"{kind.value} color '{_short(color)}' must be one plain word (red, blue…)", layer, obj.id)
            color = default_color
        return Marker(
            kind=kind,
            position=centre,
            size=(right - left, bottom - top),
            zone=zone,
            color=color,
            locators=locators,
            object_id=obj.id,
            properties=frozen_mapping(props),
        )

    def locators(self, value: object, layer: str, object_id: int) -> tuple[int, ...]:
        if value is None or value == "":
            return ()
        if isinstance(value, int) and not isinstance(value, bool):
            return (value,)
        parts = [part.strip() for part in str(value).split(",")]
        if not all(part.isdigit() for part in parts):
            self.problem(f"property 'locators' = '{_short(value)}' must be numbers separated by commas (e.g. 1,4)",
                         layer, object_id)
            return ()
        return tuple(int(part) for part in parts)

    def terrain(self, obj: pytmx.TiledObject, layer: str, cls: str) -> Terrain | None:
        polygon = self.area_polygon(obj, layer, _a(cls))
        if polygon is None:
            return None
        props = obj.properties
        cover = 0
        if "cover" in props:
            try:
                cover = int(props["cover"])
            except (TypeError, ValueError):
                cover = -1
            if cover not in (0, 1, 2):
                self.problem(f"property 'cover' = '{props['cover']}' must be 0, 1 (light) or 2 (heavy)", layer, obj.id)
                cover = 0
        return Terrain(
            kind=TerrainKind(cls),
            polygon=polygon,
            height_cm=self.float_prop(props, "height_cm", layer, obj.id),
            cover=cover,
            label=self.text_prop(props, "label"),
            object_id=obj.id,
            properties=frozen_mapping(props),
        )

    def attach_building_portals(
        self, terrain: list[Terrain], portals: Sequence[tuple[str, pytmx.TiledObject]]
    ) -> list[Terrain]:
        """Free tables: each door or window joins the building whose outline runs under its centre."""
        buildings = [t for t in terrain if t.kind is TerrainKind.BUILDING]
        boxes = [polygon_bounds(t.polygon) for t in buildings]
        attached: dict[int, list[Portal]] = {b.object_id: [] for b in buildings}
        for layer, obj in portals:
            kind = PortalKind(_object_class(obj))
            if not self.is_rectangle(obj) or obj.width <= 0 or obj.height <= 0:
                self.problem(f"{_a(kind.value)} must be a thin rectangle on a building's outline", layer, obj.id)
                continue
            a, b, centre, short_cm, _ = self.portal_segment(obj)
            reach = max(PORTAL_PROBE_SHORT_SIDE_FACTOR * short_cm, PORTAL_PROBE_MIN_CM)
            x, y = centre
            near = [t for t, (left, top, right, bottom) in zip(buildings, boxes, strict=True)
                    if left - reach <= x <= right + reach and top - reach <= y <= bottom + reach]
            nearest = min(near, key=lambda t: distance_to_outline(centre, t.polygon), default=None)
            if nearest is None or distance_to_outline(centre, nearest.polygon) > reach:
                self.problem(f"{kind.value} is not on the outline of any building", layer, obj.id)
                continue
            attached[nearest.object_id].append(
                Portal(
                    id=obj.name or f"d{obj.id}",
                    kind=kind,
                    a=a,
                    b=b,
                    is_open=self.bool_prop(obj.properties, "open", layer, obj.id),
                    object_id=obj.id,
                    properties=frozen_mapping(obj.properties),
                )
            )
        return [
            replace(t, portals=tuple(attached[t.object_id])) if t.object_id in attached and attached[t.object_id] else t
            for t in terrain
        ]

def _short(value: object, max_chars: int = 40) -> str:
    """A value as messages quote it: cut short, so a 5,000-digit number does not hide the reason."""
    text = str(value)
    return text if len(text) <= max_chars else text[: max_chars - 1] + "…"


def _a(noun: str) -> str:
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


# --- public API ------------------------------------------------------------------------------


def check_module(path: str | Path) -> tuple[BoardModule | None, list[MapProblem]]:
    """Load a .tmx board module; return it (None when it cannot be built) and every problem found."""
    path = Path(path)
    shown = shown_path(path)
    check, root = _precheck(path, shown)
    if check.fatal or root is None:
        return None, check.problems
    try:
        tmx = pytmx.TiledMap()  # handed the tree defusedxml parsed, not the file again
        tmx.filename = str(path)
        tmx.parse_xml(root)
    except Exception as error:  # pytmx raises bare Exceptions; the XML pass catches the known ones
        return None, [*check.problems, MapProblem(shown, f"the Tiled map cannot be read: {error}")]
    converter = _Converter(tmx, path, shown, check)
    module = converter.convert()
    return module, [*check.problems, *converter.problems,
                    *(wallcheck.stray_walls(module) if module is not None else [])]


def load_module(path: str | Path) -> BoardModule:
    """Load a .tmx board module; raise ``MapFormatError`` with every problem if it has any."""
    module, problems = check_module(path)
    if problems:
        raise MapFormatError(problems)
    assert module is not None  # a module is only missing when a problem says why
    return module
