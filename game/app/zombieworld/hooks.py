"""Zombieworld's window hooks, named by its registry entry (``app="game.app.zombieworld.hooks"``):
the start screen's menu buttons (``new_game``, ``tutorial``, ``band_builder``), resuming a save (``resume``,
``open_end``), and the ways one Zombieworld screen opens another.

This module sits above every Zombieworld screen. A screen that leads back to one it may have come
from (the band builder, the campaign screen and the end screen all lead to the set-up) does not
import it: it asks these hooks at run time through the registry (``navigation.hooks()``), so no screen
imports another in a circle.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.app.zombieworld.band_builder import BandBuilderScene
from game.app.zombieworld.controller import ZombieworldController
from game.app.zombieworld.end_scene import ZombieworldEndScene
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.saves import ZwSaveError
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from game.app.zombieworld.tutorial import TUTORIAL_PATH
from game.board.errors import MapFormatError
from game.board.errors import describe_error as describe_load_error
from game.board.mission import load_board
from game.i18n import _
from game.rules.core.session import Session
from game.rules.zombieworld.band import Band
from game.rules.zombieworld.engine import ZombieworldRules
from game.rules.zombieworld.registration import BOX
from game.rules.zombieworld.tutorial_setup import tutorial_game

CAPTION = "Deadtable — Zombieworld Evolution"


def new_game(app: Any, box: str = BOX) -> ZombieworldSetupScene:
    """The start screen's "Zombieworld Evolution": the set-up (bands, scenario, table, start); its
    Back returns to the start screen."""
    return open_setup(app)


def tutorial(app: Any, box: str = BOX, path: Path = TUTORIAL_PATH) -> ZombieworldGameScene | None:
    """The start screen's "Zombieworld: tutorial": a new game of the tutorial's table, its first
    prompt showing; a file that cannot start one says why (naming the file) and changes nothing."""
    try:
        scene = start_tutorial(app, Path(path))
    except (MapFormatError, ValueError, OSError) as error:
        app.show_message(_("Could not open the tutorial"), describe_load_error(error))
        return None
    pygame.display.set_caption(CAPTION)
    app.show(scene)
    return scene


def start_tutorial(app: Any, path: Path = TUTORIAL_PATH) -> ZombieworldGameScene:
    """A new game of the Zombieworld tutorial at ``path`` (its ``[setup]`` gives the band, the
    scenario, the seed and the table); raises ValueError naming the file, or MapFormatError."""
    board = load_board(path)
    try:
        setup, seed = tutorial_game(board)
        session = Session(ZombieworldRules(), board, setup, seed)
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
    return ZombieworldGameScene(app, ZombieworldController(session, Path(path)))


def quick_start(app: Any, board_path: Path, seed: int, board: Any = None) -> None:
    """``main.py --mission <a Zombieworld tutorial> --scene game``: the tutorial's game (its own seed)."""
    scene = start_tutorial(app, Path(board_path))
    app.show(scene)


def band_builder(app: Any, box: str = BOX) -> BandBuilderScene:
    """The start screen's band builder: Back returns there, "Use this band" goes on to the set-up
    with the band picked."""

    def done(band: Band | None) -> None:
        if band is None:
            app.open_start()
            return
        open_setup(app, band=band)

    pygame.display.set_caption("Deadtable — Zombieworld band builder")
    scene = BandBuilderScene(app, on_done=done)
    app.show(scene)
    return scene


def open_board(app: Any, table_path: Path) -> bool:
    """A table opened from the window (dropped or picked): the set-up with that table chosen."""
    open_setup(app).pick_table(Path(table_path))
    return True


def resume(app: Any, path: Path) -> bool:
    """Resume the Zombieworld game saved at ``path``; a bad save says why (naming the file) and
    changes nothing."""
    try:
        scene = ZombieworldGameScene.resume(app, Path(path))
    except (ZwSaveError, MapFormatError, ValueError, OSError) as error:
        app.show_message(_("Could not open the save"), describe_load_error(error))
        return False
    pygame.display.set_caption(CAPTION)
    app.show(scene)
    return True


def open_end(app: Any, path: Path) -> None:
    """The game saved at ``path`` resumed with its end screen over it. A bad save raises
    ZwSaveError (or MapFormatError for its table), naming the file, before anything is shown."""
    game = ZombieworldGameScene.resume(app, Path(path))
    pygame.display.set_caption(CAPTION)
    app.show(game)
    game.ended_shown = True  # the finished game would push its own end screen under this one
    app.push(ZombieworldEndScene(app, game.controller, game))


def open_setup(app: Any, band: Band | None = None, campaign: Any = None, seed: int | None = None
               ) -> ZombieworldSetupScene:
    """The set-up screen, in place of whatever is shown: ``band`` picked for the first free seat,
    or the next game of ``campaign`` (a ``CampaignPlay``); ``seed`` for its games (fresh if None)."""
    pygame.display.set_caption(CAPTION)
    scene = ZombieworldSetupScene(app, campaign=campaign, seed=seed)
    if band is not None:
        scene.pick(band)
    app.show(scene)
    return scene
