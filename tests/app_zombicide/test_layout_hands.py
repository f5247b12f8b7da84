"""The Zombicide screen for either hand (Settings → Panels): the survivors' panel (roster, goals,
card) and the log swap sides, the table and its action bar stay between them, and at 1000×650,
1920×1080 and 3840×2160 nothing overlaps or leaves the window; a tap on a mirrored chip selects."""

from __future__ import annotations

import pygame
import pytest
from layout_check import layout_problems, ui_rects
from test_layout_zombicide import SIZES, open_game, too_small_fails

from game.settings import Settings


@too_small_fails
@pytest.mark.parametrize("hand", ["right", "left"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_game_screen_fits_either_hand(tmp_path, size, hand):
    app, scene = open_game(tmp_path, size)
    app.change_settings(Settings(handedness=hand))  # saved, and every screen laid out again
    app.frame(0.02, events=[])
    rects = ui_rects(app.ui) + scene.shown_rects()
    assert layout_problems(rects, size) == []
    table, bar, log = scene.table_rect(), scene.actions_rect(), scene.log.rect
    survivors_side = [rect for rect, _sid in scene.roster] + [scene.card_panel.rect]
    assert table.left <= bar.left and bar.right <= table.right  # the bar stays under the table
    if hand == "left":
        assert all(rect.left >= table.right for rect in survivors_side) and log.right <= table.left
    else:
        assert all(rect.right <= table.left for rect in survivors_side) and log.left >= table.right
    assert app.settings.handedness == hand and (tmp_path / "settings.json").is_file()


def test_a_tap_on_a_mirrored_chip_selects_its_survivor(tmp_path):
    app, scene = open_game(tmp_path, (1920, 1080))
    app.change_settings(Settings(handedness="left"))
    app.frame(0.02, events=[])
    rect, survivor = next((rect, sid) for rect, sid in scene.roster if sid != scene.controller.selected)
    assert rect.left >= scene.table_rect().right
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.frame(0.02, events=[pygame.event.Event(kind, pos=rect.center, button=1, touch=False)])
    assert scene.controller.selected == survivor
