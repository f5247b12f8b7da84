"""Zombieworld's window hooks, named by its entry in the game registry: the start screen, Continue,
Load and ``main.py`` reach the game's scenes only through these."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def new_game(app: Any, box: str) -> None:
    """The start screen's "New game": bands, scenario, table, start."""
    app.open_zombieworld_setup()


def band_builder(app: Any, box: str) -> None:
    app.open_band_builder()


def resume(app: Any, save_path: Path) -> bool:
    return bool(app.resume_zombieworld(Path(save_path)))


def open_end(app: Any, save_path: Path) -> None:
    from game.app.zombieworld.end_scene import ZombieworldEndScene
    from game.app.zombieworld.game_scene import ZombieworldGameScene

    game = ZombieworldGameScene.resume(app, Path(save_path))
    app.show(game)
    game.ended_shown = True
    app.push(ZombieworldEndScene(app, game.controller, game))
