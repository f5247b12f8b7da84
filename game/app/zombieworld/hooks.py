"""Zombieworld's window hooks, named by its registry entry (``app="game.app.zombieworld.hooks"``):
the start screen's menu buttons (``new_game``, ``band_builder``), resuming a save (``resume``,
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
from game.app.zombieworld.end_scene import ZombieworldEndScene
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.saves import ZwSaveError
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from game.board.errors import MapFormatError
from game.board.errors import describe_error as describe_load_error
from game.rules.zombieworld.band import Band
from game.rules.zombieworld.registration import BOX

CAPTION = "Deadtable — Zombieworld Evolution"


def new_game(app: Any, box: str = BOX) -> ZombieworldSetupScene:
    """The start screen's "Zombieworld Evolution": the set-up (bands, scenario, table, start); its
    Back returns to the start screen."""
    return open_setup(app)


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
        app.show_message("Could not open the save", describe_load_error(error))
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
