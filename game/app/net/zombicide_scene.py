"""The Zombicide screen playing a game hosted elsewhere (or by this window's own ``HostThread``).

It is the local ``GameScene`` with a ``RemoteGameController`` and the network's additions
(``NetPlay``): updates animate like local moves, refusals show their reason, chat, pings, undo
votes; the tools that belong to the host (save, replay, override) say so instead of acting here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.app.net.link import NetLink
from game.app.net.remote import RemoteSession
from game.app.net.scene_mixin import NetPlay
from game.app.net.zombicide_remote import RemoteGameController
from game.app.zombicide.controller import Outcome
from game.app.zombicide.game_scene import GameScene
from game.app.zombicide.view_model import door_states
from game.net.protocol import Update


class NetZombicideScene(NetPlay, GameScene):
    """A Zombicide game over the network."""

    def __init__(self, app: Any, link: NetLink, session: RemoteSession, mission_path: Path, host: Any = None):
        self.net_init(app, link, host)
        super().__init__(app, RemoteGameController(session), mission_path)

    def overlay_top_px(self) -> int | None:
        """Below the tutorial's panel when it covers the top of the table (beside the table, it does not)."""
        area = self.table_rect()
        top = self.open_table_rect(area).top
        return top + 8 if top > area.top else None

    def show_update(self, update: Update) -> None:
        before = self.controller.state
        doors = door_states(before)
        received = self.remote.receive(update)
        if received is None:
            return
        self.controller.select_default()
        if received.events:
            self.after(Outcome(True, received.events), received.before, doors)
            return
        self.director.skip()
        self.dialog = None
        if received.undone:
            self.follow_undo()
        self.sync_pieces()
        self.refresh_buttons()

    def handle_key(self, key: int, mod: int = 0) -> bool:
        if key == pygame.K_t and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False  # no tape in a game of zones: a stray "t" (the chat line's, typed before it had the
            # keyboard) switched it on silently, and the next click on a lit zone measured 0.0 cm, not a move
        return bool(super().handle_key(key, mod))

    def undo(self) -> bool:
        return self.ask_undo()

    def redo(self) -> bool:
        return self.ask_redo()

    def show_end(self) -> None:
        from game.app.zombicide.end_scene import EndScene

        scenes = getattr(self.app, "scenes", None)
        if scenes is not None:
            scenes.push(EndScene(self.app, self.controller.state, self.board.title))
