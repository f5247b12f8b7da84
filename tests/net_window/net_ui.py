"""Driving network play in a headless window: host from the start screen, a friend (a ``NetClient``)
joining, frames until a condition holds (bounded)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame

from game.app.app import DeadtableApp
from game.app.net.link import NetLink
from game.app.net.lobby_scene import LobbyScene
from game.app.net.setup_scenes import HostScene
from game.app.net.zombicide_scene import NetZombicideScene
from game.app.start_scene import StartScene
from game.net.client import NetClient
from game.net.protocol import Ready

SIZE = (1280, 800)
WAIT_S = 30.0


def new_app(save_dir: Path, size: tuple[int, int] = SIZE) -> DeadtableApp:
    application = DeadtableApp(size=size, save_dir=save_dir)
    application.open_start()
    application.frame(0.02, events=[])
    return application


def frames_until(app: DeadtableApp, holds: Callable[[], bool], what: str, limit_s: float = WAIT_S) -> None:
    """Frames until ``holds()``, at most ``limit_s`` seconds of them."""
    deadline = time.monotonic() + limit_s
    while not holds():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        app.frame(0.02, events=pygame.event.get())
        time.sleep(0.005)


def tap(app: DeadtableApp, button) -> None:
    x, y = button.rect.center
    app.frame(0.02, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False)])
    app.frame(0.02, events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=False)])
    app.frame(0.02, events=pygame.event.get())  # the UI_BUTTON_PRESSED pygame_gui posted


def type_into(app: DeadtableApp, entry, text: str) -> None:
    """Click the entry, select what it holds, type ``text`` (as SDL sends text input)."""
    app.ui.set_focus_set(entry)
    entry.set_text("")
    app.frame(0.02, events=[pygame.event.Event(pygame.TEXTINPUT, text=text)])


def client_poll_until(link: NetLink, wanted: Callable[[object], bool], what: str) -> object:
    found = link.wait_for(wanted, WAIT_S)
    assert found is not None, f"the second player never got {what}"
    return found


def host_lobby_alone(app: DeadtableApp) -> LobbyScene:
    """Start screen → Host → the tutorial → port 0 (any free) → the lobby, nobody else there yet."""
    start = app.scenes.top
    assert isinstance(start, StartScene)
    tap(app, start.buttons["host"])
    scene = app.scenes.top
    assert isinstance(scene, HostScene) and scene.page == "pick"
    scene.pick(Path("maps/missions/rm-tutorial-1.toml"), "Tutorial 1")
    type_into(app, scene.entries["port"], "0")
    type_into(app, scene.entries["name"], "Ana")
    tap(app, scene.buttons["next"])
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene), scene.problem
    frames_until(app, lambda: lobby.link.welcome is not None and lobby.link.lobby is not None, "the welcome")
    return lobby


def host_to_lobby(app: DeadtableApp) -> tuple[LobbyScene, NetLink]:
    """Start screen → Host → the tutorial → port 0 (any free) → lobby; a friend joins as Player 2
    and says ready."""
    lobby = host_lobby_alone(app)
    assert lobby.link.seat == "Player 1"
    assert lobby.host is not None and lobby.host.code and lobby.link.code == lobby.host.code
    friend_client = NetClient()
    friend_client.connect(lobby.host.addresses[-1], "Bea", lobby.host.code, "Player 2")
    friend = NetLink(friend_client, name="Bea")
    client_poll_until(friend, lambda m: friend.welcome is not None, "a welcome")
    frames_until(app, lambda: (info := lobby.link.seat_info("Player 2")) is not None and info.holder == "Bea",
                 "the friend in the lobby")
    friend.send(Ready())
    frames_until(app, lambda: lobby.link.seat_info("Player 2").ready and lobby._shown == lobby.link.lobby,
                 "the friend ready in the lobby")
    return lobby, friend


def host_and_start(app: DeadtableApp) -> tuple[NetZombicideScene, NetLink]:
    """``host_to_lobby``, then this window says ready too: the game screen opens."""
    lobby, friend = host_to_lobby(app)
    tap(app, lobby.buttons["next"])  # Ready
    frames_until(app, lambda: isinstance(app.scenes.top, NetZombicideScene), "the game screen")
    game = app.scenes.top
    assert isinstance(game, NetZombicideScene)
    frames_until(app, lambda: game.remote.number >= 0 and bool(game.controller.legal()), "the first update")
    return game, friend
