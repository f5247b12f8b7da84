"""JSON tilesets (``.tsj``, or ``.json`` from older Tiled): read and turned into the ``<tileset>``
element a ``.tsx`` would give, so a map may use either kind.

pytmx reads only XML tilesets, so the map's ``<tileset source="x.tsj">`` is replaced by the
equivalent embedded tileset before pytmx sees the map; image paths are rewritten to be relative
to the map's folder, where embedded tilesets look for them. What the loader reads of a tileset is
converted: name, tile size, margin, spacing, tile count, columns, the image, properties, and each
tile's properties, image and collision shapes. A field of the wrong kind is refused with its
place ("tiles[3].id must be a whole number").
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, SubElement

from game import limits
from game.board.errors import MapProblem
from game.i18n import N_
from game.jsonfile import JsonReadError, read_json
from game.roots import OutsideRootsError, confine_content

JSON_TILESET_SUFFIXES = (".tsj", ".json")
_SIZES = ("tilewidth", "tileheight", "margin", "spacing", "tilecount", "columns")


class TilesetJsonError(ValueError):
    """A JSON tileset that cannot be used; ``what`` says where and why."""

    def __init__(self, what: str):
        self.what = what
        super().__init__(what)


def is_json_tileset(source: str) -> bool:
    return source.lower().endswith(JSON_TILESET_SUFFIXES)


def _whole(value: object, place: str) -> str:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise TilesetJsonError(f"{place} must be a whole number, not {str(value)[:20]!r}")
    return str(value)


def _text(value: object, place: str) -> str:
    if not isinstance(value, str):
        raise TilesetJsonError(f"{place} must be text")
    return value


def _image_source(image: object, place: str, tileset_dir: Path, map_dir: Path) -> str:
    """An image path of the tileset, made relative to the map's folder."""
    name = _text(image, place)
    if os.path.isabs(name):
        return name
    return Path(os.path.relpath(tileset_dir / name, map_dir)).as_posix()


def _properties(parent: Element, properties: object, place: str) -> None:
    if properties is None:
        return
    if not isinstance(properties, list):
        raise TilesetJsonError(f"{place} must be a list")
    holder = SubElement(parent, "properties")
    for index, prop in enumerate(properties):
        where = f"{place}[{index}]"
        if not isinstance(prop, dict):
            raise TilesetJsonError(f"{where} must be an object with name, type and value")
        value = prop.get("value", "")
        if isinstance(value, bool):
            shown = "true" if value else "false"
        elif isinstance(value, int | float | str):
            shown = str(value)
        else:
            raise TilesetJsonError(f"{where}.value must be text, a number or true/false")
        attributes = {"name": _text(prop.get("name"), f"{where}.name"), "value": shown}
        kind = prop.get("type", "string")
        if kind not in ("string", ""):
            attributes["type"] = _text(kind, f"{where}.type")
        SubElement(holder, "property", attributes)


def _points(points: object, place: str) -> str:
    if not isinstance(points, list) or not all(
            isinstance(p, dict) and all(isinstance(p.get(axis), int | float) and not isinstance(p.get(axis), bool)
                                        for axis in ("x", "y")) for p in points):
        raise TilesetJsonError(f"{place} must be a list of {{x, y}} points")
    return " ".join(f"{p['x']:g},{p['y']:g}" for p in points)


def _object_group(parent: Element, group: object, place: str) -> None:
    if group is None:
        return
    if not isinstance(group, dict) or not isinstance(group.get("objects", []), list):
        raise TilesetJsonError(f"{place} must be an object layer")
    element = SubElement(parent, "objectgroup", {"draworder": "index"})
    for index, shape in enumerate(group.get("objects", [])):
        where = f"{place}.objects[{index}]"
        if not isinstance(shape, dict):
            raise TilesetJsonError(f"{where} must be an object")
        attributes = {"id": _whole(shape.get("id", index + 1), f"{where}.id")}
        for axis in ("x", "y", "width", "height"):
            value = shape.get(axis, 0)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TilesetJsonError(f"{where}.{axis} must be a number")
            if value or axis in ("x", "y"):
                attributes[axis] = f"{value:g}"
        item = SubElement(element, "object", attributes)
        if "polygon" in shape:
            SubElement(item, "polygon", {"points": _points(shape["polygon"], f"{where}.polygon")})
        _properties(item, shape.get("properties"), f"{where}.properties")


def tileset_element(data: Any, firstgid: str, tileset_dir: Path, map_dir: Path) -> Element:
    """The embedded ``<tileset>`` equal to the JSON tileset ``data``."""
    if not isinstance(data, dict):
        raise TilesetJsonError("not a Tiled tileset (the file holds no JSON object)")
    if data.get("type", "tileset") != "tileset" or "tilewidth" not in data:
        raise TilesetJsonError("not a Tiled tileset (no \"type\": \"tileset\" with a tile size)")
    attributes = {"firstgid": firstgid, "name": _text(data.get("name", ""), "name")}
    for key in _SIZES:
        if key in data:
            attributes[key] = _whole(data[key], key)
    element = Element("tileset", attributes)
    _properties(element, data.get("properties"), "properties")
    if "image" in data:
        image = {"source": _image_source(data["image"], "image", tileset_dir, map_dir)}
        for key in ("imagewidth", "imageheight"):
            if key in data:
                image[key.removeprefix("image")] = _whole(data[key], key)
        SubElement(element, "image", image)
    tiles = data.get("tiles", [])
    if not isinstance(tiles, list):
        raise TilesetJsonError("tiles must be a list")
    if len(tiles) > limits.MAX_TILESET_TILES:
        raise TilesetJsonError(f"tiles describes {len(tiles):,} tiles: at most {limits.MAX_TILESET_TILES:,}")
    for index, tile in enumerate(tiles):
        place = f"tiles[{index}]"
        if not isinstance(tile, dict):
            raise TilesetJsonError(f"{place} must be an object")
        tile_element = SubElement(element, "tile", {"id": _whole(tile.get("id"), f"{place}.id")})
        if "type" in tile or "class" in tile:
            tile_element.set("type", _text(tile.get("class", tile.get("type")), f"{place}.class"))
        _properties(tile_element, tile.get("properties"), f"{place}.properties")
        if "image" in tile:
            image = {"source": _image_source(tile["image"], f"{place}.image", tileset_dir, map_dir)}
            for key in ("imagewidth", "imageheight"):
                if key in tile:
                    image[key.removeprefix("image")] = _whole(tile[key], f"{place}.{key}")
            SubElement(tile_element, "image", image)
        _object_group(tile_element, tile.get("objectgroup"), f"{place}.objectgroup")
    return element


def read_tileset(path: Path, firstgid: str, map_dir: Path) -> Element:
    """The JSON tileset at ``path`` as an embedded ``<tileset>`` for a map in ``map_dir``."""
    try:
        data = read_json(path, N_("JSON tileset"), max_bytes=limits.MAX_TILESET_FILE_BYTES)
    except JsonReadError as error:
        raise TilesetJsonError(error.what) from None
    return tileset_element(data, firstgid, path.parent, map_dir)


def embed_json_tilesets(root: Element, map_dir: Path, shown: str) -> list[MapProblem]:
    """Replace each ``.tsj`` tileset the map ``root`` names by the embedded tileset it describes;
    the problems of those that cannot be read (pytmx must then not run)."""
    problems: list[MapProblem] = []
    for index, node in enumerate(list(root)):
        source = node.get("source", "")
        if node.tag != "tileset" or not is_json_tileset(source):
            continue
        try:
            tileset_path = confine_content(source, map_dir, "tileset file")
            if not tileset_path.is_file():
                raise TilesetJsonError(f"not found (looked for {tileset_path})")
            root[index] = read_tileset(tileset_path, node.get("firstgid", ""), map_dir)
        except OutsideRootsError as error:
            problems.append(MapProblem(shown, error.what))
        except TilesetJsonError as error:
            problems.append(MapProblem(f"{shown} → {source}", error.what))
    return problems
