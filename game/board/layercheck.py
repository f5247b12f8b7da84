"""Layers as Tiled shows them: group and layer offsets, hidden layers and hidden objects.

Applied to the map's XML before pytmx reads it (pytmx ignores group offsets and would count what
Tiled hides):

- An object layer's offset (its own plus its groups') moves its objects, so a zone sits where
  Tiled draws it.
- A tile or image layer keeps its summed offset (``offsetx``/``offsety`` written on it, in whole pixels) and its summed
  visibility and opacity, so it is drawn where and how Tiled draws it.
- Tile and image layers are numbered in the file's order (``DRAW_ORDER``), the order Tiled draws them in.
- What Tiled hides is not in the game: the objects of a hidden layer (or of a layer in a hidden
  group) and hidden objects are left out, each with a warning naming the layer, so a designer
  who hid a layer to edit another is told.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

from game.board.errors import WARNING_PREFIX, MapProblem
from game.board.xmlcheck import LAYER_TAGS

DRAW_ORDER = "deadtable_draw_order"  # written on each tile and image layer: its place in Tiled's drawing


def _number(node: Element, name: str, default: float) -> float:
    try:
        value = float(node.get(name, default))
    except ValueError:
        return default
    return value if value == value and abs(value) != float("inf") else default  # NaN and infinities: the default


def _shifted(node: Element, name: str, by: float) -> None:
    if by:
        node.set(name, f"{_number(node, name, 0.0) + by:g}")


def apply_layer_state(root: Element, shown: str) -> list[MapProblem]:
    """Bake offsets, visibility and opacity of groups into the layers below them (see the module's
    docstring); the warnings for what was left out because Tiled hides it."""
    warnings: list[MapProblem] = []
    drawn = 0  # tile and image layers in the file's order (pytmx lists them by kind)
    stack: list[tuple[Element, float, float, bool, float]] = [
        (child, 0.0, 0.0, True, 1.0) for child in reversed([c for c in root if c.tag in LAYER_TAGS])]
    while stack:
        node, dx, dy, shown_above, opacity_above = stack.pop()
        dx += _number(node, "offsetx", 0.0)
        dy += _number(node, "offsety", 0.0)
        visible = shown_above and node.get("visible", "1") != "0"
        opacity = opacity_above * min(1.0, max(0.0, _number(node, "opacity", 1.0)))
        name = node.get("name", "")
        for attribute in ("offsetx", "offsety"):
            node.attrib.pop(attribute, None)
        if node.tag == "group":
            stack.extend((child, dx, dy, visible, opacity)
                         for child in reversed([c for c in node if c.tag in LAYER_TAGS]))
        elif node.tag == "objectgroup":
            objects = node.findall("object")
            if not visible:
                for obj in objects:
                    node.remove(obj)
                if objects:
                    warnings.append(MapProblem(shown, f"{WARNING_PREFIX}layer is hidden in Tiled: its {len(objects)} "
                                                      "object(s) are not used (show the layer to use them)", name))
                continue
            for obj in objects:
                if obj.get("visible", "1") == "0":
                    node.remove(obj)
                    warnings.append(MapProblem(shown, f"{WARNING_PREFIX}object is hidden in Tiled: it is not used "
                                                      "(show it to use it)", name, _object_id(obj)))
                    continue
                _shifted(obj, "x", dx)
                _shifted(obj, "y", dy)
        elif node.tag in ("layer", "imagelayer"):
            if round(dx) or round(dy):  # whole pixels: pytmx reads them as integers, and tiles sit on pixels
                node.set("offsetx", str(round(dx)))
                node.set("offsety", str(round(dy)))
            node.set("visible", "1" if visible else "0")
            node.set("opacity", f"{opacity:g}")
            node.set(DRAW_ORDER, str(drawn))
            drawn += 1
    return warnings


def _object_id(obj: Element) -> int | None:
    text = obj.get("id", "")
    return int(text) if text.isdigit() and len(text) < 10 else None
