"""The words of a Deadtable map: every custom property the loader and the games read, per object class.

One table feeds both the validator's warnings (``game.board.propcheck``) and the Tiled project
(``tools/make_tiled_project.py`` writes ``maps/deadtable.tiled-project`` and the object templates
from it), so the lists a designer picks from in Tiled and the names ``--validate`` accepts cannot
drift apart.
"""

from __future__ import annotations

from game.board.model import DOOR_COLORS, BarrierKind, Layout, MarkerKind, TerrainKind, ZoneKind
from game.rules.core.frozen import record

PropertyDefault = str | int | float | bool


@record
class PropertySpec:
    """One custom property: its Tiled type (string, int, float, bool), the enum its values come from
    (a key of ``ENUMS``, or "" for any value), its default and what it means. ``required`` and
    ``loader_checks`` only tell the validator what to warn about; the loader's own errors stand."""

    name: str
    type: str
    meaning: str
    enum: str = ""
    default: PropertyDefault = ""
    required: bool = False  # warn when missing
    loader_checks: bool = False  # the loader refuses a missing or wrong value with an error: no warning
    in_class: bool = True  # a member of the Tiled class (its default is what the loader assumes when absent)

    @property
    def class_member(self) -> bool:
        """Tiled leaves a member at its class default out of the saved map, so only properties whose
        absence means that default may be class members; the others come from templates or by hand."""
        return self.in_class and not self.required


# Tiled enums: name → allowed values. "Game" is filled from the game registry by the project tool.
ENUMS: dict[str, tuple[str, ...]] = {
    "Layout": tuple(item.value for item in Layout),
    "ZoneKind": tuple(item.value for item in ZoneKind),
    "DoorColor": DOOR_COLORS,
    "SpawnColor": ("red", "blue", "green", "pink"),  # the spawn_<colour>.png markers we draw
    "ObjectiveColor": ("red", "blue", "green", "pink"),
    "BedColor": ("blue", "green"),
    "CohLocation": ("1", "2", "3", "4", "water_tower", "crossroads"),
    "CohPart": ("sign", "space", "spaces", "zombies", "items"),
    "CohPile": ("deck", "discard", "food", "invasion", "antidotes", "horde"),
}
GAME_ENUM = "Game"

# The map's own properties.
MAP_PROPERTIES: tuple[PropertySpec, ...] = (
    PropertySpec("module", "string", "the module's id, unique among all maps (letters, digits, - and _)",
                 loader_checks=True),
    PropertySpec("game", "string", "the game it is for, or any", enum=GAME_ENUM, loader_checks=True),
    PropertySpec("scale", "float", "pixels per centimetre on the real table (our modules: 20)", default=20.0,
                 loader_checks=True),
    PropertySpec("layout", "string", "zones (pieces stand in zones) or free (a free table in cm)", enum="Layout",
                 default="zones", loader_checks=True),
    PropertySpec("title", "string", "a human name shown in the app"),
    PropertySpec("title_es", "string", "the title in Spanish (empty: the title is shown)"),
)

_LABEL = PropertySpec("label", "string", "a short name shown on the board")
_LABEL_ES = PropertySpec("label_es", "string", "the label in Spanish (empty: the label is shown)")
_HEIGHT = PropertySpec("height_cm", "float", "height in cm (sight and climbing)", default=0.0, loader_checks=True)
_OPEN = PropertySpec("open", "bool", "starts open", default=False, loader_checks=True)
_TILE = PropertySpec("tile", "string", "the tile of a zone spanning several tiles the token stands on")

_BARRIER = (_HEIGHT,)
_ZONE_MARKER = (_LABEL, _TILE)

# What each object class reads, on a zone board (layout = zones) and on a free table (layout = free).
ZONE_BOARD_CLASSES: dict[str, tuple[PropertySpec, ...]] = {
    "zone": (
        PropertySpec("kind", "string", "what the zone is (street, room…)", enum="ZoneKind", loader_checks=True,
                     in_class=False),
        _LABEL,
        _LABEL_ES,
        PropertySpec("location", "string", "City of Horror: the location board this zone is part of",
                     enum="CohLocation"),
        PropertySpec("part", "string", "City of Horror: which part of the location", enum="CohPart"),
        PropertySpec("index", "int", "City of Horror: the number of a human space (1, 2…)", default=0),
        PropertySpec("order", "int", "City of Horror: the Straggler track space's order (1…6)", default=0),
        PropertySpec("holds", "string", "City of Horror: the pile a road board holds", enum="CohPile"),
    ),
    "door": (PropertySpec("color", "string", "the door's colour", enum="DoorColor", default="neutral",
                          loader_checks=True), _OPEN),
    "opening": (PropertySpec("color", "string", "the opening's colour", enum="DoorColor",
                             default="neutral", loader_checks=True),),
    **{kind.value: _BARRIER for kind in BarrierKind},
    **{kind.value: _ZONE_MARKER for kind in MarkerKind},
    "spawn": (
        PropertySpec("color", "string", "the spawn zone's colour", enum="SpawnColor", default="red"),
        PropertySpec("locators", "string", "locator numbers separated by commas (1,4); empty for none",
                     loader_checks=True),
        *_ZONE_MARKER,
    ),
    "objective": (
        PropertySpec("color", "string", "the objective's colour", enum="ObjectiveColor", default="red"),
        *_ZONE_MARKER,
    ),
    "bed": (PropertySpec("color", "string", "the bed's colour", enum="BedColor", default="blue"), *_ZONE_MARKER),
}

FREE_TABLE_CLASSES: dict[str, tuple[PropertySpec, ...]] = {
    "building": (
        PropertySpec("height_cm", "float", "height in cm (sight and climbing)", default=0.0, required=True,
                     loader_checks=True),
        PropertySpec("floors", "int", "storeys, as a number", default=1),
        _LABEL,
        PropertySpec("roof", "bool", "a flat roof models may climb onto", default=False),
        PropertySpec("shop", "string", "the shop table row searched inside"),
    ),
    "door": (_OPEN,),
    "window": (_OPEN,),
    "wall": _BARRIER,
    "fence": _BARRIER,
    "hedge": _BARRIER,
    TerrainKind.OBSTACLE.value: (_HEIGHT, _LABEL, PropertySpec("prop", "string", "the props table row it is")),
    TerrainKind.DIFFICULT.value: (_LABEL, PropertySpec("woods", "bool", "woods (they also block sight)",
                                                       default=False)),
    TerrainKind.COVER.value: (PropertySpec("cover", "int", "1 light, 2 heavy", default=1,
                                           required=True, loader_checks=True), _LABEL),
    TerrainKind.IMPASSABLE.value: (_HEIGHT, _LABEL),
    TerrainKind.STAIRS.value: (_LABEL,),
    **{kind.value: (_LABEL,) for kind in MarkerKind if kind is not MarkerKind.STAIRS},
    "vehicle": (
        _LABEL,
        PropertySpec("vehicle", "string", "the vehicle that stands here (its id in the catalogue)"),
        PropertySpec("facing_deg", "float", "the way it faces, degrees clockwise from up", default=0.0),
    ),
    "spawn": (PropertySpec("color", "string", "the spawn zone's colour", enum="SpawnColor", default="red"), _LABEL),
    "objective": (PropertySpec("color", "string", "the objective's colour", enum="ObjectiveColor", default="red"),
                  _LABEL),
}

BOOLEAN_WORDS = ("true", "false")


def classes_for(layout: str) -> dict[str, tuple[PropertySpec, ...]]:
    return FREE_TABLE_CLASSES if layout == Layout.FREE.value else ZONE_BOARD_CLASSES


def all_classes() -> dict[str, tuple[PropertySpec, ...]]:
    """Every object class with the properties it reads on either layout (the Tiled project's classes)."""
    merged: dict[str, dict[str, PropertySpec]] = {}
    for table in (ZONE_BOARD_CLASSES, FREE_TABLE_CLASSES):
        for cls, specs in table.items():
            for spec in specs:
                merged.setdefault(cls, {}).setdefault(spec.name, spec)
    return {cls: tuple(specs.values()) for cls, specs in sorted(merged.items())}
