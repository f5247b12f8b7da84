"""Warnings about a map's custom properties, from the vocabulary (``game.board.vocabulary``).

The loader reads the properties it knows and leaves the rest: a typo (``colour``, ``Open``) or a
value outside the allowed set (a spawn colour ``orange``, ``floors = two``) would pass without a
word. Here every property of the map and of each object is held against what its class reads:
unknown names get a "did you mean", values their allowed set or type, and a building its height.
The problems are warnings (``lint.WARNING_PREFIX``); what stops the loader stays its error.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterator, Sequence
from pathlib import Path
from xml.etree.ElementTree import Element

from game import limits
from game.board import templates, xmlcheck
from game.board.errors import WARNING_PREFIX, MapProblem
from game.board.vocabulary import BOOLEAN_WORDS, ENUMS, MAP_PROPERTIES, PropertySpec, classes_for
from game.rules.core.frozen import record


@record
class ObjectPlace:
    """Where an object sits in its map, as Tiled shows it: its layer and its x, y in map pixels."""

    layer: str
    x_px: float
    y_px: float


def read_map(path: Path, shown: str) -> Element | None:
    """The map's XML with its template instances expanded; None when it cannot be read (the loader says why)."""
    root = xmlcheck.parse_file(path, shown, limits.MAX_MAP_FILE_BYTES, [])
    if root is None or root.tag != "map":
        return None
    templates.expand_templates(root, path.parent, shown)
    return root


def object_places(root: Element) -> dict[int, ObjectPlace]:
    """Every object's layer and position, by object id."""
    places: dict[int, ObjectPlace] = {}
    for layer, node in _objects(root):
        object_id = xmlcheck.whole(node, "id", 0, 2**31)
        if object_id is not None:
            places[object_id] = ObjectPlace(layer, xmlcheck.number(node, "x") or 0.0, xmlcheck.number(node, "y") or 0.0)
    return places


def _objects(root: Element) -> Iterator[tuple[str, Element]]:
    for layer in xmlcheck.map_layers(root):
        if layer.tag == "objectgroup":
            for node in layer.findall("object"):
                yield layer.get("name", ""), node


def _object_class(node: Element) -> str:
    return (node.get("class") or node.get("type") or "").strip()


def _suggestion(name: str, known: Sequence[str]) -> str:
    by_case = [k for k in known if k.lower() == name.lower()]
    close = by_case or difflib.get_close_matches(name.lower(), known, n=1, cutoff=0.6)
    return f": did you mean '{close[0]}'?" if close else f" (known here: {', '.join(known) or 'none'})"


def _value_problem(spec: PropertySpec, value: str) -> str | None:
    if spec.enum and spec.enum in ENUMS and value not in ENUMS[spec.enum]:
        close = difflib.get_close_matches(value.lower(), ENUMS[spec.enum], n=1, cutoff=0.6)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        return f"'{spec.name}' = '{value}' is not one of: {', '.join(ENUMS[spec.enum])}{hint}"
    if spec.type == "bool" and value not in BOOLEAN_WORDS:
        return f"'{spec.name}' = '{value}' must be true or false"
    if spec.type == "int":
        try:
            int(value)
        except ValueError:
            return f"'{spec.name}' = '{value}' must be a whole number (like 2)"
    if spec.type == "float":
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if not math.isfinite(number):
            return f"'{spec.name}' = '{value}' must be a number (like 2.5)"
    return None


def _check_properties(node: Element, specs: Sequence[PropertySpec], what: str) -> Iterator[str]:
    by_name = {spec.name: spec for spec in specs}
    given: set[str] = set()
    for prop in node.findall("./properties/property"):
        name = prop.get("name", "")
        given.add(name)
        spec = by_name.get(name)
        if spec is None:
            yield f"{what}: unknown property '{name}'{_suggestion(name, list(by_name))}"
            continue
        value = prop.get("value")
        if value is None:
            value = prop.text or ""
        problem = None if spec.loader_checks else _value_problem(spec, value.strip())
        if problem is not None:
            yield f"{what}: {problem}"
    for spec in specs:
        if spec.required and spec.name not in given:
            yield f"{what}: property '{spec.name}' is missing ({spec.meaning})"


def property_warnings(root: Element, shown: str) -> list[MapProblem]:
    """Warnings about the map's and its objects' custom properties."""
    found = [MapProblem(shown, WARNING_PREFIX + what) for what in _check_properties(root, MAP_PROPERTIES, "the map")]
    layout = next((p.get("value", "") for p in root.findall("./properties/property") if p.get("name") == "layout"),
                  "zones")
    classes = classes_for(layout)
    for layer, node in _objects(root):
        cls = _object_class(node)
        if cls not in classes:
            continue  # an object the loader refuses: its error says why
        object_id = xmlcheck.whole(node, "id", 0, 2**31)
        found.extend(MapProblem(shown, WARNING_PREFIX + what, layer, object_id)
                     for what in _check_properties(node, classes[cls], f"class '{cls}'"))
    return found
