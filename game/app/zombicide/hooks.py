"""Zombicide's window hooks, named by its entry in the game registry: the start screen, Continue,
Load and ``main.py`` reach the game's scenes only through these."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.app.zombicide.game_save import mission_setup
from game.app.zombicide.new_game_scene import (
    DEFAULT_BOX,
    ZombicideNewGameScene,
    default_team,
    mission_error,
    read_mission_info,
)
from game.board.errors import MapFormatError, describe_error
from game.board.mission import load_board
from game.board.model import Board
from game.i18n import _, language
from game.platform.envelope import SaveFileError
from game.rules.zombicide.boxes import UnknownBoxError, box_name
from game.rules.zombicide.catalog import load_catalog
from game.rules.zombicide.registration import box_of_setup


def new_game(app: Any, box: str) -> None:
    """The start screen's "New game" for a box: choose the mission, survivors and options."""
    pygame.display.set_caption(f"Deadtable — Zombicide: {box_name(box)}")
    app.show(ZombicideNewGameScene(app, box))


def open_board(app: Any, mission_path: Path) -> bool:
    """A mission file opened from the window (dropped or picked): its box's new game with it chosen.
    The mission is checked when the game starts, where the set-up shows what is wrong with it."""
    info = read_mission_info(Path(mission_path))
    if info is None:
        app.show_message(_("Could not open {file}").format(file=Path(mission_path).name),
                         _("This is not a Zombicide mission that can be read."))
        return False
    box = str(info.setup.get("box") or DEFAULT_BOX)
    try:
        new_game(app, box)
    except UnknownBoxError as error:
        app.show_message(_("Could not open {file}").format(file=Path(mission_path).name), str(error))
        return False
    scene = app.scenes.top
    wanted = Path(mission_path).resolve()
    chosen = next((m for m in scene.missions if m.path.resolve() == wanted), None)
    if chosen is None:
        scene.missions.insert(0, info)
        chosen = info
    scene.choose_mission(chosen)
    return True


def resume(app: Any, save_path: Path) -> bool:
    """Resume a saved game; a save that cannot be resumed says why and changes nothing."""
    from game.app.zombicide.game_scene import GameScene

    try:
        scene = GameScene.resume(app, Path(save_path))
    except (SaveFileError, MapFormatError, ValueError, OSError) as error:
        app.show_message("Could not open the save", describe_error(error))
        return False
    pygame.display.set_caption("Deadtable — Zombicide")
    if scene is not None and scene not in app.scenes.scenes:
        app.show(scene)
    return True


def open_end(app: Any, save_path: Path) -> None:
    """A saved game resumed with its end screen over it; raises when the save cannot be resumed."""
    from game.app.zombicide.end_scene import EndScene
    from game.app.zombicide.game_scene import GameScene

    scene = GameScene.resume(app, Path(save_path))
    app.show(scene)
    scene.ended_shown = True  # a finished game would push its own End screen under this one
    app.push(EndScene(app, scene.controller.state, scene.controller.board.title_in(language())))


def quick_start(app: Any, board_path: Path, seed: int, board: Board | None = None) -> None:
    """A new game of ``board_path`` (already loaded as ``board``, if given) with the default team (two
    players of three survivors), for ``main.py --scene game``; raises when the mission cannot start."""
    board = board or load_board(board_path)
    table = board.properties.get("setup")
    team = default_team(load_catalog(box_of_setup(table if isinstance(table, dict) else {})))
    seats = [_("Player {n}").format(n=n) for n in (1, 2)]  # named as the new-game pages name them
    setup = mission_setup(board, {"players": [{"seat": seats[0], "survivors": team[:3]},
                                              {"seat": seats[1], "survivors": team[3:]}]})
    from game.app.zombicide.game_scene import GameScene

    try:
        scene = GameScene.new_game(app, Path(board_path), setup, seed, board=board)
    except (MapFormatError, ValueError, OSError) as error:  # the engine's whole reason, not just "it failed"
        raise ValueError(f"the game could not start: {mission_error(Path(board_path), error)}") from error
    if scene is not None and scene not in app.scenes.scenes:
        app.show(scene)
