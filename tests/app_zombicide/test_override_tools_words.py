"""The override tools speak the player's language (their bar, a zombie type by its own name), and a
status hint longer than the table is wide wraps inside the table instead of running off the window."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_play_polish import new_scene

from game.app.widgets.card_view import local_name


def test_the_override_bar_is_spanish_in_spanish(tmp_path: Path, spanish) -> None:
    _host, scene = new_scene(tmp_path)
    scene.press_tool("override")
    labels = [label for label, _key, _group in scene.override_labels()]
    assert labels[:5] == ["Añadir superviviente…", "Quitar lo seleccionado", "Contadores…", "Ruido…", "Mazos…"]
    zombies = scene.controller.state.tables.catalog.zombies
    assert any(z.name_es and z.name_es != z.name for z in zombies)  # the box has Spanish names to show
    assert labels[5:] == [f"+ {z.name_es or z.name}" for z in zombies]
    assert [f"+ {local_name(z)}" for z in zombies] == labels[5:]


def test_the_override_bar_stays_english_in_english(tmp_path: Path) -> None:
    _host, scene = new_scene(tmp_path)
    labels = [label for label, _key, _group in scene.override_labels()]
    assert labels[0] == "Add survivor…" and labels[4] == "Decks…"
    assert labels[5:] == [f"+ {z.name}" for z in scene.controller.state.tables.catalog.zombies]


def test_a_long_status_wraps_inside_the_table(tmp_path: Path) -> None:
    _host, scene = new_scene(tmp_path)
    area = pygame.Rect(300, 80, 420, 500)  # a narrow table, as on a small window
    scene.status(" ".join(["a status hint of many words"] * 8))
    box = scene.draw_status(pygame.Surface((1000, 650)), area)
    assert area.left < box.left and box.right < area.right
    assert box.bottom <= area.bottom and box.height > 2 * 18  # several lines
    scene.status("short")
    assert scene.draw_status(pygame.Surface((1000, 650)), area).height < 2 * 18
