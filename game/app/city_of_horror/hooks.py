"""City of Horror's window hooks, named by its entry in the game registry: the start screen, Continue,
Load and ``main.py`` reach the game's scenes only through these."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.app.city_of_horror.controller import CohController, SeatPlan, new_controller
from game.app.city_of_horror.game_scene import CohGameScene
from game.app.city_of_horror.setup_scene import CohSetupScene
from game.board.errors import MapFormatError, describe_error
from game.board.mission import load_board
from game.board.model import Board
from game.platform.envelope import SaveFileError

QUICK_PLAYERS = (("Ana", "red", ""), ("Ben", "green", "survivor"), ("Cai", "blue", "survivor"),
                 ("Dee", "yellow", "survivor"))


def new_game(app: Any, box: str) -> None:
    """The start screen's "New game": players, seats, boards and rules, then start."""
    pygame.display.set_caption("Deadtable — City of Horror")
    app.show(CohSetupScene(app))


def resume(app: Any, save_path: Path) -> bool:
    """Resume a saved game behind the curtain; a save that cannot be resumed says why and changes nothing."""
    try:
        controller = CohController.resume(Path(save_path), Path(getattr(app, "save_dir", Path(save_path).parent)))
    except (SaveFileError, MapFormatError, ValueError, OSError) as error:
        app.show_message("Could not open the save", describe_error(error))
        return False
    pygame.display.set_caption("Deadtable — City of Horror")
    app.show(CohGameScene(app, controller, resumed=True))
    return True


def open_end(app: Any, save_path: Path) -> None:
    """A saved game resumed with its end screen over it; raises when the save cannot be resumed."""
    controller = CohController.resume(Path(save_path))
    scene = CohGameScene(app, controller)
    app.show(scene)
    if controller.state.over:
        scene.show_end()


def quick_start(app: Any, board_path: Path, seed: int, board: Board | None = None) -> None:
    """A new game on ``board_path`` (already loaded as ``board``, if given) with one person and three
    bots, for ``main.py --scene game``."""
    board = board or load_board(board_path)
    plans = [SeatPlan(name, colour, bot) for name, colour, bot in QUICK_PLAYERS]
    controller = new_controller(plans, {}, seed, board, Path(getattr(app, "save_dir", Path("saves"))))
    app.show(CohGameScene(app, controller))
