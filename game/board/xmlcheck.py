"""What a Tiled file may hold before any parser builds objects from it: sizes, counts, paths.

The map loader's quick pass calls these on the XML tree. Files are parsed with ``defusedxml``
(no document types, no entities, no external references), and every limit of ``game.limits``
that guards the work pytmx and the loader do next is checked here: the file's size, nesting,
the map's and each layer's dimensions, the tile data (inflated with a bound, never in full when
it would pass it), tilesets and the tiles they cut, tileset images (their real size read from the
header), the number of layers, objects and properties, and coordinates. Paths to tileset files
and images must stay inside the content roots (``game.roots``).
"""

from __future__ import annotations

import base64
import binascii
import math
import re
import zlib
from collections.abc import Iterator
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

import defusedxml.ElementTree as SafeElementTree
from defusedxml import DTDForbidden, EntitiesForbidden, ExternalReferenceForbidden

from game import limits
from game.board.errors import MapProblem
from game.board.images import ImageHeaderError, image_size
from game.roots import OutsideRootsError, confine_content

LAYER_TAGS = ("layer", "objectgroup", "imagelayer", "group")
CSV_CELLS = re.compile(r"\s*\d{1,10}(\s*,\s*\d{1,10})*\s*,?\s*")
GID_BYTES = 4


def size_text(count: int) -> str:
    """A byte count in a player's words: 812 bytes, 3.5 KB, 16 MB."""
    if count < limits.KIB:
        return f"{count} bytes"
    if count < limits.MIB:
        return f"{count / limits.KIB:.3g} KB"
    return f"{count / limits.MIB:.3g} MB"


def parse_file(path: Path, shown: str, max_bytes: int, problems: list[MapProblem]) -> Element | None:
    """The root of an XML file no larger than ``max_bytes`` and no deeper than the nesting limit."""
    try:
        size = path.stat().st_size
        if size > max_bytes:
            problems.append(MapProblem(shown, f"the file is {size:,} bytes: at most {size_text(max_bytes)}"))
            return None
        root = SafeElementTree.parse(path, forbid_dtd=True).getroot()
    except FileNotFoundError:
        problems.append(MapProblem(shown, "file not found"))
        return None
    except ParseError as error:
        line, column = error.position
        reason = str(error).split(":")[0]
        problems.append(MapProblem(shown, f"malformed XML at line {line}, column {column + 1}: {reason}"))
        return None
    except DTDForbidden:
        problems.append(MapProblem(shown, "XML document type declarations (<!DOCTYPE …>) are not allowed"))
        return None
    except (EntitiesForbidden, ExternalReferenceForbidden):
        problems.append(MapProblem(shown, "XML entity declarations and external references are not allowed"))
        return None
    except OSError as error:
        problems.append(MapProblem(shown, f"cannot be read: {error.strerror or error}"))
        return None
    depth = _depth(root)
    if depth > limits.MAX_NESTING:
        problems.append(MapProblem(shown, f"elements nest {depth} deep: at most {limits.MAX_NESTING}"))
        return None
    return root


def _depth(root: Element) -> int:
    deepest = 0
    stack = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth <= limits.MAX_NESTING:
            stack.extend((child, depth + 1) for child in node)
    return deepest


def number(node: Element, name: str) -> float | None:
    """An attribute as a finite number (None when absent or unreadable)."""
    try:
        value = float(node.get(name, ""))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def whole(node: Element, name: str, low: int, high: int) -> int | None:
    """An attribute as a whole number within [low, high] (None otherwise)."""
    value = number(node, name)
    if value is None or value != int(value) or not low <= value <= high:
        return None
    return int(value)


# --- the map --------------------------------------------------------------------------------------


def check_map(root: Element, shown: str) -> list[MapProblem]:
    """The map's dimensions and the counts of its layers, tilesets, objects and properties."""
    problems: list[MapProblem] = []
    for attribute, high in (("width", limits.MAX_MAP_TILES), ("height", limits.MAX_MAP_TILES),
                            ("tilewidth", limits.MAX_TILE_PX), ("tileheight", limits.MAX_TILE_PX)):
        if whole(root, attribute, 1, high) is None:
            problems.append(MapProblem(shown, f"map attribute '{attribute}' = '{root.get(attribute, '')}' must be a "
                                              f"whole number from 1 to {high}"))
    if problems:
        return problems
    width_px = int(root.get("width", "0")) * int(root.get("tilewidth", "0"))
    height_px = int(root.get("height", "0")) * int(root.get("tileheight", "0"))
    if max(width_px, height_px) > limits.MAX_MAP_SIDE_PX:
        problems.append(MapProblem(shown, f"the map is {width_px} × {height_px} px: each side at most "
                                          f"{limits.MAX_MAP_SIDE_PX} px"))
    elif width_px * height_px > limits.MAX_MAP_PIXELS:
        problems.append(MapProblem(shown, f"the map is {width_px} × {height_px} px: at most "
                                          f"{limits.MAX_MAP_PIXELS:,} pixels in all"))
    counts = (
        (sum(1 for _ in map_layers(root)), limits.MAX_LAYERS, "layers"),
        (len(root.findall("tileset")), limits.MAX_TILESETS, "tilesets"),
        (sum(1 for _ in root.iter("object")), limits.MAX_OBJECTS, "objects"),
        (sum(_point_count(node) for node in root.iter() if node.tag in ("polygon", "polyline")),
         limits.MAX_MAP_POINTS, "polygon and polyline points"),
    )
    for count, high, what in counts:
        if count > high:
            problems.append(MapProblem(shown, f"the map has {count:,} {what}: at most {high:,}"))
    for node in root.iter("properties"):
        count = len(node.findall("property"))
        if count > limits.MAX_PROPERTIES:
            problems.append(MapProblem(shown, f"an element has {count} custom properties: at most {limits.MAX_PROPERTIES}"))
            break
    return problems


def _point_count(shape: Element) -> int:
    return len((shape.get("points") or "").split())


def map_layers(root: Element) -> Iterator[Element]:
    """The map's layers in document order, inside groups too (never a tileset's collision shapes)."""
    stack = list(reversed([child for child in root if child.tag in LAYER_TAGS]))
    while stack:
        node = stack.pop()
        yield node
        if node.tag == "group":
            stack.extend(reversed([child for child in node if child.tag in LAYER_TAGS]))


# --- tile layers ----------------------------------------------------------------------------------


class CellBudget:
    """Tiles counted over all the tile layers of a map."""

    def __init__(self) -> None:
        self.used = 0


def check_layer_data(node: Element, shown: str, layer: str, budget: CellBudget) -> MapProblem | None:
    """A tile layer's size and data: format, tile numbers, and a size that matches the layer."""
    width = whole(node, "width", 1, limits.MAX_MAP_TILES)
    height = whole(node, "height", 1, limits.MAX_MAP_TILES)
    if width is None or height is None:
        return MapProblem(shown, f"tile layer size {node.get('width')} × {node.get('height')} must be whole numbers "
                                 f"from 1 to {limits.MAX_MAP_TILES}", layer)
    cells = width * height
    if cells > limits.MAX_LAYER_CELLS:
        return MapProblem(shown, f"tile layer has {cells:,} tiles: at most {limits.MAX_LAYER_CELLS:,}", layer)
    budget.used += cells
    if budget.used > limits.MAX_MAP_CELLS:
        return MapProblem(shown, f"the tile layers hold {budget.used:,} tiles in all: at most "
                                 f"{limits.MAX_MAP_CELLS:,}", layer)
    data = node.find("data")
    what = _data_format_problem(data)
    if what is None and data is not None:
        text = (data.text or "").strip()
        if data.get("encoding") == "csv":
            what = _csv_problem(text, cells)
        else:
            what = _base64_problem(text, data.get("compression"), cells)
    return MapProblem(shown, what, layer) if what else None


def _data_format_problem(data: Element | None) -> str | None:
    if data is None:
        return "tile layer has no data"
    if data.find("chunk") is not None:
        return "infinite maps are not supported: uncheck Map → Map Properties → Infinite"
    if data.find("tile") is not None or data.get("encoding") not in ("csv", "base64"):
        return "tile layer format must be CSV or Base64 (Map Properties → Tile Layer Format)"
    if data.get("compression") not in (None, "zlib", "gzip"):
        return f"tile layer compression '{data.get('compression')}' is not supported: use zlib"
    return None


def _csv_problem(text: str, cells: int) -> str | None:
    found = text.rstrip(",").count(",") + 1
    if found > cells:
        return f"tile layer data holds {found:,} tiles, more than its {cells:,}"
    if not CSV_CELLS.fullmatch(text):
        parts = text.rstrip(",").split(",")
        bad = next((p.strip() for p in parts if not (p.strip().isdigit() and len(p.strip()) <= 10)), "")
        return f"tile layer data holds '{bad[:20]}', not a tile number"
    if any(len(part.strip()) == 10 and int(part) > limits.MAX_TILE_GID for part in text.rstrip(",").split(",")):
        return f"tile layer data holds a tile number above {limits.MAX_TILE_GID}"
    return None


def _base64_problem(text: str, compression: str | None, cells: int) -> str | None:
    expected = cells * GID_BYTES
    try:
        data = base64.b64decode(text)
    except (binascii.Error, ValueError) as error:
        return f"tile layer data is not valid Base64 ({error})"
    if compression:
        inflated = _inflate(data, compression, expected)
        if isinstance(inflated, str):
            return inflated
        data = inflated
    if len(data) != expected:
        return f"tile layer data holds {len(data) / GID_BYTES:g} tiles, expected {cells:,}"
    return None


def _inflate(data: bytes, compression: str, expected: int) -> bytes | str:
    """The data inflated, never past ``expected`` bytes (a zlib bomb stops there), or why not."""
    inflater = zlib.decompressobj(31 if compression == "gzip" else 15)
    try:
        out = inflater.decompress(data, expected + 1)
    except zlib.error as error:
        return f"tile layer data is not valid {compression} data ({error})"
    if len(out) > expected or inflater.unconsumed_tail:
        return f"tile layer data inflates past the {size_text(expected)} its tiles take"
    if not inflater.eof:
        return f"tile layer data is cut short (incomplete {compression} data)"
    if inflater.unused_data:
        return f"tile layer data has bytes after the end of its {compression} data"
    return out


# --- tilesets and images --------------------------------------------------------------------------


def tileset_file(source: str, base: Path, shown: str, problems: list[MapProblem],
                 what: str = "tileset file") -> Element | None:
    """The root of an external tileset (or another file ``what``, such as a template) named in a map,
    when it lies inside the content roots."""
    try:
        tsx_path = confine_content(source, base, what)
    except OutsideRootsError as error:
        problems.append(MapProblem(shown, error.what))
        return None
    if not tsx_path.is_file():
        problems.append(MapProblem(shown, f"{what} '{source}' not found (looked for {tsx_path})"))
        return None
    return parse_file(tsx_path, f"{shown} → {source}", limits.MAX_TILESET_FILE_BYTES, problems)


def _tiles_along(side_px: int, tile_px: int, margin: int, spacing: int) -> int:
    """How many tiles pytmx cuts along one side of a tileset image."""
    span = side_px - 2 * margin - tile_px
    return 0 if span < 0 else span // (tile_px + spacing) + 1


def check_tileset(node: Element, shown: str, origin: str) -> list[MapProblem]:
    """A tileset's tile size, margins, and how many tiles it cuts from its image or holds."""
    problems: list[MapProblem] = []
    tile_w = whole(node, "tilewidth", 1, limits.MAX_TILE_PX)
    tile_h = whole(node, "tileheight", 1, limits.MAX_TILE_PX)
    margin = whole(node, "margin", 0, limits.MAX_TILE_PX) if node.get("margin") is not None else 0
    spacing = whole(node, "spacing", 0, limits.MAX_TILE_PX) if node.get("spacing") is not None else 0
    if tile_w is None or tile_h is None:
        return [MapProblem(shown, f"{origin}: tile size {node.get('tilewidth')} × {node.get('tileheight')} must be "
                                  f"whole numbers from 1 to {limits.MAX_TILE_PX}")]
    if margin is None or spacing is None:
        return [MapProblem(shown, f"{origin}: margin and spacing must be whole numbers from 0 to {limits.MAX_TILE_PX}")]
    declared = node.get("tilecount")
    if declared is not None and whole(node, "tilecount", 0, limits.MAX_TILESET_TILES) is None:
        problems.append(MapProblem(shown, f"{origin}: tilecount '{declared}' must be a whole number up to "
                                          f"{limits.MAX_TILESET_TILES:,}"))
    tiles = node.findall("tile")
    if len(tiles) > limits.MAX_TILESET_TILES:
        problems.append(MapProblem(shown, f"{origin} describes {len(tiles):,} tiles: at most {limits.MAX_TILESET_TILES:,}"))
    image = node.find("image")
    if image is not None:
        width = whole(image, "width", 1, limits.MAX_IMAGE_SIDE_PX)
        height = whole(image, "height", 1, limits.MAX_IMAGE_SIDE_PX)
        if width is None or height is None:
            problems.append(MapProblem(shown, f"{origin}: image size {image.get('width', '(none)')} × "
                                              f"{image.get('height', '(none)')} must be given, in whole pixels from 1 "
                                              f"to {limits.MAX_IMAGE_SIDE_PX}"))
        else:
            cut = _tiles_along(width, tile_w, margin, spacing) * _tiles_along(height, tile_h, margin, spacing)
            if cut > limits.MAX_TILESET_TILES:
                problems.append(MapProblem(shown, f"{origin} cuts {cut:,} tiles from its image: at most "
                                                  f"{limits.MAX_TILESET_TILES:,}"))
    return problems


def check_image(image: Element, base: Path, shown: str, origin: str) -> list[MapProblem]:
    """An image a tileset or image layer names: inside the content roots, a known format, and a
    size within the limits, read from the file's header."""
    source = image.get("source", "")
    try:
        path = confine_content(source, base, f"{origin}: image")
    except OutsideRootsError as error:
        return [MapProblem(shown, error.what)]
    if not path.is_file():
        return [MapProblem(shown, f"{origin}: image '{source}' not found")]
    try:
        size = path.stat().st_size
        if size > limits.MAX_IMAGE_FILE_BYTES:
            return [MapProblem(shown, f"{origin}: image '{source}' is {size:,} bytes: at most "
                                      f"{size_text(limits.MAX_IMAGE_FILE_BYTES)}")]
        kind, width, height = image_size(path)
    except ImageHeaderError as error:
        return [MapProblem(shown, f"{origin}: image '{source}': {error}")]
    except OSError as error:
        return [MapProblem(shown, f"{origin}: image '{source}' cannot be read ({error.strerror or error})")]
    if not (0 < width <= limits.MAX_IMAGE_SIDE_PX and 0 < height <= limits.MAX_IMAGE_SIDE_PX):
        return [MapProblem(shown, f"{origin}: image '{source}' is a {kind} of {width} × {height} px: each side "
                                  f"from 1 to {limits.MAX_IMAGE_SIDE_PX} px")]
    if width * height > limits.MAX_IMAGE_PIXELS:
        return [MapProblem(shown, f"{origin}: image '{source}' is {width} × {height} px: at most "
                                  f"{limits.MAX_IMAGE_PIXELS:,} pixels")]
    return []


def check_layer_offset(node: Element, shown: str, layer: str) -> MapProblem | None:
    """A layer's or group's offset within the reach of coordinates (it moves every object under it)."""
    reach = limits.MAX_COORDINATE_PX
    for attribute in ("offsetx", "offsety"):
        value = number(node, attribute)
        if value is not None and abs(value) > reach:
            return MapProblem(shown, f"layer {attribute} = {node.get(attribute)} px lies beyond ±{reach:,} px", layer)
    return None


# --- objects --------------------------------------------------------------------------------------


def check_object(node: Element, shown: str, layer: str, object_id: int | None) -> MapProblem | None:
    """An object's coordinates and the number of points of its outline."""
    reach = limits.MAX_COORDINATE_PX
    for attribute in ("x", "y", "width", "height"):
        value = number(node, attribute)
        if value is not None and abs(value) > reach:
            return MapProblem(shown, f"object {attribute} = {node.get(attribute)} px lies beyond ±{reach:,} px",
                              layer, object_id)
        if value is not None and value < 0 and attribute in ("width", "height"):
            return MapProblem(shown, f"object {attribute} = {node.get(attribute)} px is negative", layer, object_id)
    for shape in (*node.findall("polygon"), *node.findall("polyline")):
        pairs = (shape.get("points") or "").split()
        if len(pairs) > limits.MAX_POLYGON_POINTS:
            return MapProblem(shown, f"{shape.tag} has {len(pairs):,} points: at most {limits.MAX_POLYGON_POINTS:,}",
                              layer, object_id)
        for pair in pairs:
            for part in pair.split(","):
                try:
                    far = abs(float(part)) > reach
                except ValueError:
                    continue  # the loader says which points cannot be read
                if far:
                    return MapProblem(shown, f"{shape.tag} point '{pair}' lies beyond ±{reach:,} px", layer, object_id)
    return None
