"""Write the Tiled project (``maps/deadtable.tiled-project``) and the object templates
(``maps/templates/*.tx``) from the map vocabulary (``game/board/vocabulary.py``), deterministically.

The project's custom types are the vocabulary's enums (zone kinds, door and spawn colours, the
games…) and one class per object class, whose members are the properties that class reads: in
Tiled 1.9 and newer, giving an object a class shows its properties, picked from lists. Tiled 1.8
reads the enums and the classes as property types; there the templates give each object its
class and properties. The project loads the extension in ``maps/extensions/`` (problems shown in
Tiled's Issues view on save). Only fields Tiled 1.8 reads are needed; the newer ones (``useAs``,
``color``, ``drawFill``) are left alone by 1.8.

``python tools/make_tiled_project.py [OUT_DIR]`` (default: ``maps``).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.board.vocabulary import ENUMS, GAME_ENUM, PropertyDefault, PropertySpec, all_classes  # noqa: E402
from game.platform.validate import known_map_games  # noqa: E402

PROJECT_NAME = "deadtable.tiled-project"
TEMPLATE_FOLDER = "templates"
CLASS_COLORS = {  # how Tiled 1.9+ draws each class's objects (#aarrggbb); the rest are grey
    "zone": "#60a0a0a4", "door": "#ffd08030", "opening": "#ffe0c060", "window": "#ff80c0ff",
    "wall": "#ff202020", "fence": "#ff8a6a3a", "hedge": "#ff2e7d32", "ledge": "#ff4a6a8a",
    "spawn": "#ffd03030", "objective": "#ffe0e040", "exit": "#ff30c030", "start": "#ff3080ff",
    "building": "#ff7a5a48", "obstacle": "#ff9a8a6a", "difficult": "#ff6a8a3a", "cover": "#ffa0a060",
    "impassable": "#ff404040", "vehicle": "#ff3060c0", "deployment": "#ff8040c0",
}
DEFAULT_COLOR = "#ffa0a0a4"


def enums() -> dict[str, tuple[str, ...]]:
    return {**ENUMS, GAME_ENUM: tuple(known_map_games())}


def _member(spec: PropertySpec) -> dict[str, object]:
    member: dict[str, object] = {"name": spec.name, "type": spec.type, "value": spec.default}
    if spec.enum:
        member["propertyType"] = spec.enum
    return member


def project_document() -> dict[str, object]:
    types: list[dict[str, object]] = []
    for name, values in enums().items():
        types.append({"id": len(types) + 1, "name": name, "storageType": "string", "type": "enum",
                      "values": list(values), "valuesAsFlags": False})
    for cls, specs in all_classes().items():
        types.append({"id": len(types) + 1, "name": cls, "type": "class",
                      "color": CLASS_COLORS.get(cls, DEFAULT_COLOR), "drawFill": True, "useAs": ["object"],
                      "members": [_member(spec) for spec in specs if spec.class_member]})
    return {"automappingRulesFile": "", "commands": [], "extensionsPath": "extensions", "folders": ["."],
            "objectTypesFile": "", "propertyTypes": types}


@dataclass(frozen=True)
class Template:
    """One object template: its class, size in px (or polyline points), and properties."""

    cls: str
    width_px: float = 0
    height_px: float = 0
    points: str = ""
    properties: tuple[tuple[str, PropertyDefault], ...] = ()


# Sizes in px of 40 px tiles at 20 px per cm (our modules): a door is 4 × 0.5 tiles.
TEMPLATES: dict[str, Template] = {
    "zone": Template("zone", 200, 200, properties=(("kind", "street"),)),
    "door": Template("door", 160, 20, properties=(("color", "neutral"), ("open", False))),
    "spawn_zone": Template("spawn", 40, 40, properties=(("color", "red"), ("locators", ""))),
    "objective": Template("objective", 40, 40, properties=(("color", "red"),)),
    "exit": Template("exit", 40, 40),
    "wall_run": Template("wall", points="0,0 200,0", properties=(("height_cm", 10.0),)),
    "building_door": Template("door", 80, 20, properties=(("open", False),)),  # free tables: doors have no colour
    "building": Template("building", 240, 160, properties=(("height_cm", 8.0), ("floors", 1), ("label", "House"),
                                                           ("roof", False))),
    "tree": Template("impassable", 60, 60, properties=(("height_cm", 15.0), ("label", "Tree"))),
    "vehicle_spot": Template("vehicle", 100, 50, properties=(("vehicle", ""), ("facing_deg", 0.0))),
}


def _text(value: PropertyDefault) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def template_xml(template: Template) -> str:
    """The template in Tiled 1.8's format (``type="…"``, read by every Tiled since)."""
    specs = {spec.name: spec for spec in all_classes()[template.cls]}
    size = "" if template.points else f' width="{template.width_px:g}" height="{template.height_px:g}"'
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<template>", f' <object type="{template.cls}"{size}>']
    if template.properties:
        lines.append("  <properties>")
        for name, value in template.properties:
            spec = specs[name]
            kind = f' type="{spec.type}"' if spec.type != "string" else ""
            enum = f' propertytype="{spec.enum}"' if spec.enum else ""
            lines.append(f"   <property name={quoteattr(name)}{kind}{enum} value={quoteattr(_text(value))}/>")
        lines.append("  </properties>")
    if template.points:
        lines.append(f'  <polyline points="{template.points}"/>')
    lines += [" </object>", "</template>", ""]
    return "\n".join(lines)


def written_files() -> dict[str, str]:
    """Every file the tool writes, by its path under the output folder."""
    files = {PROJECT_NAME: json.dumps(project_document(), indent=4, ensure_ascii=False) + "\n"}
    for name, template in TEMPLATES.items():
        files[f"{TEMPLATE_FOLDER}/{name}.tx"] = template_xml(template)
    return files


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else REPO / "maps"
    for name, text in written_files().items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
