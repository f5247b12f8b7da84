"""The network screens fit at 1000×650, 1920×1080 and 3840×2160: the start screen with Host and
Join, the host's two pages, Join, the lobby, and the game screen with its chat, a ping, the undo
vote and a left seat's buttons."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app.net.setup_scenes import HostScene, JoinScene
from game.net.protocol import Chat, Lobby, Ping, SeatInfo, UndoAsked
from tests.layout_check import screen_problems
from tests.net_window.net_ui import frames_until, host_and_start, host_to_lobby, new_app

SIZES = [(1000, 650), (1920, 1080), (3840, 2160)]




@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_host_join_and_lobby_fit(tmp_path, size):
    app = new_app(tmp_path, size)
    try:
        found = screen_problems(app, app.scenes.top, "start")
        assert "host" in app.scenes.top.buttons and "join" in app.scenes.top.buttons
        host = HostScene(app)
        app.show(host)
        app.frame(0.02, [])
        found += screen_problems(app, host, "host, pick")
        assert any(key.startswith("mission_") for key in host.buttons)
        host.pick(Path("maps/missions/rm-tutorial-1.toml"), "Zombicide: Tutorial 1")
        app.frame(0.02, [])
        found += screen_problems(app, host, "host, port")
        join = JoinScene(app)
        app.show(join)
        app.frame(0.02, [])
        found += screen_problems(app, join, "join")
        app.open_start()
        lobby, friend = host_to_lobby(app)
        try:
            found += screen_problems(app, lobby, "lobby")
            assert "take_Player 2" not in lobby.buttons  # Bea holds it
        finally:
            friend.close()
        assert found == [], "\n".join(found[:20])
    finally:
        app._leave_all()


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_network_game_screen_fits(tmp_path, size):
    app = new_app(tmp_path, size)
    try:
        game, friend = host_and_start(app)
        try:
            for n in range(7):
                friend.send(Chat(text=f"line {n}: " + "a long sentence to fill the chat panel " * 3))
            zone = next(iter(game.board.zones))
            friend.send(Ping(zone=zone))
            frames_until(app, lambda: len(game.net_overlay.chat_lines()) == 5 and bool(game.net_overlay.pings), "chat, ping")
            game.net_overlay.ask_vote(UndoAsked(by="Player 2", name="Bea", action="undo", waiting=["Player 1"]))
            lobby = game.link.lobby
            assert lobby is not None
            game.link.lobby = Lobby(seats=[*lobby.seats[:1], SeatInfo(seat="Player 2", label="Player 2", holder="Bea",
                                                                     ready=True, connected=False)], started=True)
            game.net_overlay.update(0.02)
            assert {"vote_yes", "vote_no", "take:Player 2", "bot:Player 2"} <= set(game.net_overlay.buttons)
            found = screen_problems(app, game, "game")
        finally:
            friend.close()
        assert found == [], "\n".join(found[:20])
    finally:
        app._leave_all()
