"""Tiled object templates (``.tx``): each template instance in a map becomes a plain object.

Tiled saves an instance as ``<object template="…" x=… y=…/>`` holding only what differs from the
template. Before any check or pytmx sees the map, the instance takes the template object's
attributes, shape and properties, its own overriding them, so a map drawn from our templates
(``maps/templates/``) loads as if every object had been drawn by hand.
"""

from __future__ import annotations

import copy
from pathlib import Path
from xml.etree.ElementTree import Element

from game import limits
from game.board import xmlcheck
from game.board.errors import MapProblem

SHAPE_TAGS = ("polygon", "polyline", "ellipse", "point", "text")


def _template_object(source: str, base: Path, shown: str, problems: list[MapProblem]) -> Element | None:
    root = xmlcheck.tileset_file(source, base, shown, problems, "template file")
    if root is None:
        return None
    template = root.find("object")
    if root.tag != "template" or template is None:
        problems.append(MapProblem(shown, f"template file '{source}' is not a Tiled object template"))
        return None
    if root.find("tileset") is not None or template.get("gid"):
        problems.append(MapProblem(shown, f"template '{source}' places a tile: tile objects are not supported; "
                                          "use a template of a rectangle or a polygon"))
        return None
    return template


def _merge(instance: Element, template: Element) -> None:
    for key, value in template.attrib.items():
        instance.attrib.setdefault(key, value)
    if not any(instance.find(tag) is not None for tag in SHAPE_TAGS):
        instance.extend(copy.deepcopy(shape) for shape in template if shape.tag in SHAPE_TAGS)
    template_props = template.find("properties")
    if template_props is None:
        return
    own = instance.find("properties")
    if own is None:
        own = Element("properties")
        instance.insert(0, own)
    named = {prop.get("name") for prop in own.findall("property")}
    own.extend(copy.deepcopy(prop) for prop in template_props.findall("property") if prop.get("name") not in named)


def expand_templates(root: Element, base: Path, shown: str) -> list[MapProblem]:
    """Turn every template instance under ``root`` into a plain object; the problems of those that
    cannot be (their template missing, outside the content roots, or of a tile) keep their
    ``template`` attribute and are listed."""
    problems: list[MapProblem] = []
    if sum(1 for _ in root.iter("object")) > limits.MAX_OBJECTS:
        return problems  # the map's limits refuse it anyway
    cache: dict[str, tuple[Element | None, list[MapProblem]]] = {}
    for layer in xmlcheck.map_layers(root):
        for instance in layer.findall("object"):
            source = instance.get("template")
            if not source:
                continue
            name, object_id = layer.get("name", ""), xmlcheck.whole(instance, "id", 0, 2**31)
            if source not in cache:
                found: list[MapProblem] = []
                cache[source] = (_template_object(source, base, shown, found), found)
            template, found = cache[source]
            if template is None:  # each instance names the template's problem, at its own place
                problems.extend(MapProblem(p.path, p.what, name, object_id) for p in found)
                continue
            _merge(instance, template)
            del instance.attrib["template"]
    return problems
