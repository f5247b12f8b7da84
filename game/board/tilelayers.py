"""A Tiled map's tile layers and image layers, turned into plain data the board art draws.

Tiles keep their flips; an image layer becomes a layer of one cell, its whole image, placed where
Tiled draws it. Image paths are kept relative to the repository when they lie inside it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytmx

from game.board.images import ImageHeaderError, image_size
from game.board.layercheck import DRAW_ORDER
from game.board.model import TileLayer, TileRef
from game.roots import REPO_ROOT


def read_tile_layers(tmx: pytmx.TiledMap, problem: Callable[[str, str], None]) -> tuple[TileLayer, ...]:
    """The map's tile and image layers in Tiled's order, as plain data; ``problem(what, layer)`` is told
    what cannot be drawn."""
    refs: dict[int, TileRef | None] = {0: None}
    layers: list[TileLayer] = []
    for layer in sorted(tmx.layers, key=lambda drawn: int(getattr(drawn, DRAW_ORDER, 0) or 0)):
        if isinstance(layer, pytmx.TiledImageLayer):
            layers.extend(_image_layer(tmx, layer))
            continue
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        name = layer.name or ""
        unknown: set[int] = set()
        cells: list[TileRef | None] = []
        for row in layer.data:
            for gid in row:
                if gid not in refs:
                    refs[gid] = tile_ref(tmx, gid)
                ref = refs[gid]
                if ref is None and gid:
                    unknown.add(tmx.tiledgidmap.get(gid, gid))
                cells.append(ref)
        if unknown:
            listed = ", ".join(str(g) for g in sorted(unknown)[:5])
            problem(f"tile layer uses tiles that no tileset provides (gid {listed})", name)
        expected = layer.width * layer.height
        if len(cells) != expected:
            problem(f"tile layer has {len(cells)} cells, expected {expected}", name)
            cells = (cells + [None] * expected)[:expected]
        layers.append(
            TileLayer(
                name=name,
                width=layer.width,
                height=layer.height,
                cells=tuple(cells),
                opacity=float(layer.opacity),
                visible=bool(layer.visible),
                offset_px=(int(getattr(layer, "offsetx", 0) or 0), int(getattr(layer, "offsety", 0) or 0)),
            )
        )
    return tuple(layers)

def _image_layer(tmx: pytmx.TiledMap, layer: pytmx.TiledImageLayer) -> list[TileLayer]:
    """An image layer as a layer of one cell, the whole image. Cells sit on their row's bottom,
    so the offset lifts the image to where Tiled draws it: its top-left at the layer's offset."""
    image = tmx.images[layer.gid] if 0 < layer.gid < len(tmx.images) else None
    if not image:
        return []
    try:
        _kind, width, height = image_size(image[0])
    except (OSError, ImageHeaderError):  # the XML pass has told what is wrong with the image
        return []
    offset_x, offset_y = int(getattr(layer, "offsetx", 0) or 0), int(getattr(layer, "offsety", 0) or 0)
    cell = TileRef(image=_image_path(image[0]), src=(0, 0, width, height))
    return [TileLayer(name=layer.name or "", width=1, height=1, cells=(cell,), opacity=float(layer.opacity),
                      visible=bool(layer.visible),
                      offset_px=(offset_x, offset_y + height - tmx.tileheight))]

def tile_ref(tmx: pytmx.TiledMap, gid: int) -> TileRef | None:
    image = tmx.images[gid] if 0 <= gid < len(tmx.images) else None
    if not image:
        return None
    filename, rect, flags = image
    if rect is None:  # a tile with its own image
        props = tmx.get_tile_properties_by_gid(gid) or {}
        rect = (0, 0, int(props.get("width") or 0), int(props.get("height") or 0))
    flipped = flags if isinstance(flags, pytmx.TileFlags) else pytmx.TileFlags(False, False, False)
    return TileRef(
        image=_image_path(filename),
        src=(int(rect[0]), int(rect[1]), int(rect[2]), int(rect[3])),
        flip_x=bool(flipped.flipped_horizontally),
        flip_y=bool(flipped.flipped_vertically),
        flip_diagonal=bool(flipped.flipped_diagonally),
    )


def _image_path(filename: str) -> str:
    resolved = Path(os.path.normpath(os.path.abspath(filename)))
    try:
        return resolved.relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(resolved)
