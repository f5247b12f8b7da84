"""The Zombieworld tutorial's crates and the buildings' names give way to each other: at every zoom the
wheel reaches, no name is set over a crate (the Spanish "Mat▢rral"), and zoomed in, the building's name
that gave way shows beside its crate. Opened from the start screen by clicks, zoomed with the wheel."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import i18n
from game.app.zombieworld.game_table import container_boxes_cm
from tests.app_zombieworld.test_zw_tutorial import open_from_start, settle
from tests.app_zombieworld.zw_ui import new_app

MOST_NOTCHES = 40


def overlapping(box, other) -> bool:  # type: ignore[no-untyped-def]
    return box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]


@pytest.mark.parametrize("language", ["en", "es"])
def test_no_name_is_set_over_a_crate_at_any_zoom(tmp_path: Path, language: str) -> None:
    i18n.set_language(language)
    try:
        app = new_app(tmp_path, (1280, 800))
        game = open_from_start(app)
        settle(app, game)
        crates = container_boxes_cm(game.state)
        assert crates, "the tutorial has crates"
        camera, labels = game.table.camera, game.table.renderer.labels
        names_seen: set[str] = set()
        pygame.mouse.set_pos(game.table_rect().center)
        for _ in range(MOST_NOTCHES):
            for name in labels.placed(camera.zoom_level, camera.zoom_px_per_cm):
                assert not any(overlapping(name.box_cm, crate) for crate in crates), (name.text, camera.zoom_level)
                names_seen.add(name.text)
            before = camera.zoom_px_per_cm
            app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                                  precise_y=1.0, touch=False, which=0)])
            for _frame in range(120):  # the camera eases to its new step
                if camera.zoom_px_per_cm != before and not camera.is_between_steps:
                    break
                app.frame(1 / 60, [])
            if camera.zoom_px_per_cm <= before:
                break
        assert i18n.named("Scrub") in names_seen, sorted(names_seen)  # the patch of scrub under a crate
    finally:
        i18n.set_language("en")
