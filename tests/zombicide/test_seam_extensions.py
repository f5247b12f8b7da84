"""The seam's extension points that the second box needed, each proven by a tiny box of this test's
own (the toy box with one more hook): richer equipment and survivor models, edge kinds a box
redefines, a graph changed mid-game, survivors who skip dearer crossings, steps a walk reports,
spawn zones a box keeps, zombie kinds that walk their own way, attacks and hits a box resolves,
slot rules, door rolls, extra dice, ready weapons, experience and objectives a box rewards, its
own goals, scenario facts and bot tactics."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from toy_box import CONTENT, RULES, TOY_ID

from game.rules.zombicide.boxes import ContentExtension, register_box, unregister_box
from game.rules.zombicide.catalog import Equipment, Survivor, load_catalog

TINY = "tiny"


class ArmouredEquipment(Equipment):
    armour: int = 0


class SlottedSurvivor(Survivor):
    body_card: str = ""


@pytest.fixture
def tiny_box():
    """Register the toy box again as ``tiny`` with the hooks a test gives; unregistered after it."""
    made: list[str] = []

    def register(**hooks):  # type: ignore[no-untyped-def]
        rules = dataclasses.replace(RULES, name=TINY, **hooks)
        register_box(TINY, "Tiny box", rules)
        made.append(TINY)
        return rules

    yield register
    for box in made:
        unregister_box(box)


def tiny_content(tmp_path: Path) -> Path:
    """The toy box's content copied as the tiny box's, for tests that edit it."""
    shutil.copytree(CONTENT / TOY_ID, tmp_path / TINY)
    return tmp_path


def test_a_box_reads_equipment_and_survivors_with_richer_models(tiny_box, tmp_path):
    root = tiny_content(tmp_path)
    equipment = (root / TINY / "equipment.toml").read_text()
    (root / TINY / "equipment.toml").write_text(equipment.replace('id = "pistol"', 'id = "pistol"\narmour = 4'))
    survivors = (root / TINY / "survivors.toml").read_text()
    (root / TINY / "survivors.toml").write_text(survivors.replace('id = "bo"', 'id = "bo"\nbody_card = "pistol"'))
    tiny_box(content_root=root, content=ContentExtension(equipment_model=ArmouredEquipment,
                                                         survivor_model=SlottedSurvivor))
    catalog = load_catalog(TINY, root)
    assert isinstance(catalog.equipment("pistol"), ArmouredEquipment)
    assert catalog.equipment("pistol").armour == 4 and catalog.equipment("crowbar").armour == 0
    assert isinstance(catalog.survivor("bo"), SlottedSurvivor) and catalog.survivor("bo").body_card == "pistol"


def test_without_the_richer_models_an_unknown_field_is_refused(tiny_box, tmp_path):
    from game.rules.core.datafile import ContentError

    root = tiny_content(tmp_path)
    equipment = (root / TINY / "equipment.toml").read_text()
    (root / TINY / "equipment.toml").write_text(equipment.replace('id = "pistol"', 'id = "pistol"\narmour = 4'))
    tiny_box(content_root=root)
    with pytest.raises(ContentError, match="armour"):
        load_catalog(TINY, root)
