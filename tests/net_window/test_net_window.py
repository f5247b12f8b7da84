"""Network play in the window, by synthetic pygame events: the start screen's Host, the lobby, a second
player (a ``NetClient`` in the test) joining, the game starting for both, a command played in the
window reaching the host, a refusal shown with nothing changed, chat both ways, a ping, a dropped
connection repaired under its banner, and the host closing. Every wait is for a condition, bounded."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.app.net.setup_scenes import JoinScene
from game.app.net.zombicide_scene import NetZombicideScene
from game.app.start_scene import StartScene
from game.net import client as net_client
from game.net.protocol import Chat, Ping, Redo, UndoAsked, UndoVote, Update
from game.rules.zombicide.commands import Move
from tests.net_window.net_ui import client_poll_until, frames_until, host_and_start, new_app, tap, type_into


@pytest.fixture
def app(tmp_path):
    application = new_app(tmp_path)
    yield application
    application._leave_all()  # stops a host this window still runs


def test_host_lobby_game_command_refusal_chat_ping(app):
    game, friend = host_and_start(app)
    host = game.host.host
    try:
        state = game.controller.state
        assert state.round == 1 and game.controller.seat == "Player 1"
        # a move played in the window (a tap on a highlighted zone) reaches the host; the view follows
        move = next(c for c in game.controller.legal() if isinstance(c, Move))
        before_log = len(host.session.log)
        outcome = game.tap_zone(move.to)
        assert outcome is not None and outcome.ok, outcome
        assert len(host.session.log) == before_log + 1
        survivor = game.controller.state.survivors[game.controller.state.survivor_index(move.survivor)]
        assert game.controller.state.graph.zone_ids[survivor.zone] == move.to
        client_poll_until(friend, lambda m: isinstance(m, Update) and m.number >= game.remote.number,
                          "the move's update")
        # a command the host refuses (a survivor of the other seat) shows its reason and changes nothing
        theirs = next(s for s in game.controller.state.survivors if s.seat == "Player 2")
        shown = game.controller.state
        refused = game.play(Move(theirs.id, move.to))
        assert not refused.ok and refused.reason and game.status_text == refused.reason
        assert game.controller.state is shown and len(host.session.log) == before_log + 1
        # chat both ways, and a friend's ping lights a zone here for a while
        friend.send(Chat(text="hola desde lejos"))
        frames_until(app, lambda: "Bea: hola desde lejos" in game.net_overlay.chat_lines(), "the friend's chat line")
        type_into(app, game.net_overlay.entry, "ya voy")
        logged = len(host.session.log)
        app.frame(0.02, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e", scancode=8)])
        assert len(host.session.log) == logged and game.net_overlay.entry.get_text() == "ya voy"  # "e" is no End turn here
        app.frame(0.02, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                   scancode=40)])
        frames_until(app, lambda: "Ana: ya voy" in game.net_overlay.chat_lines(), "the window's own chat line")
        client_poll_until(friend, lambda m: getattr(m, "text", "") == "ya voy", "the window's chat line")
        friend.send(Ping(zone=move.to))
        frames_until(app, lambda: any(p.ping.zone == move.to for p in game.net_overlay.pings), "the ping")
        frames_until(app, lambda: not game.net_overlay.pings, "the ping to fade")
    finally:
        friend.close()


def test_a_dropped_connection_shows_the_banner_and_recovers(app, monkeypatch):
    monkeypatch.setattr(net_client, "RECONNECT_DELAYS_S", (1.0,))  # long enough for frames to see the drop
    game, friend = host_and_start(app)
    hosting = game.host
    try:
        hold = hosting.host.seats["Player 1"]

        async def drop() -> None:
            await hold.connection.socket.close(1011, "a test drops the line")

        hosting.thread.call(drop)
        frames_until(app, lambda: game.net_overlay.banner_text() != "", "the reconnecting banner")
        assert "reconnecting" in game.net_overlay.banner_text()
        frames_until(app, lambda: game.link.connected and game.net_overlay.banner_text() == "", "the reconnection")
        move = next(c for c in game.controller.legal() if isinstance(c, Move))
        assert game.tap_zone(move.to).ok  # the seat is ours again
    finally:
        friend.close()


def test_the_host_closing_goes_back_to_the_start_screen(app):
    game, friend = host_and_start(app)
    try:
        game.host.stop()
        frames_until(app, lambda: isinstance(app.scenes.top, StartScene), "the start screen")
        assert game.closed_message
    finally:
        friend.close()


def test_join_form_asks_for_address_and_code(app):
    start = app.scenes.top
    tap(app, start.buttons["join"])
    scene = app.scenes.top
    assert isinstance(scene, JoinScene)
    type_into(app, scene.entries["code"], "")
    tap(app, scene.buttons["next"])
    assert app.scenes.top is scene and "join code" in scene.problem
    assert pygame_gui  # the entries are pygame_gui's


def test_undo_goes_through_the_host_and_its_vote(app):
    game, friend = host_and_start(app)
    host = game.host.host
    try:
        move = next(c for c in game.controller.legal() if isinstance(c, Move))
        before = game.controller.state
        assert game.tap_zone(move.to).ok and len(host.session.log) == 1
        # the window asks; the friend is asked and agrees; the host takes the move back for everyone
        assert game.undo() and len(host.session.log) == 1  # asked, not done yet
        asked = client_poll_until(friend, lambda m: isinstance(m, UndoAsked) and m.decided is None, "the vote")
        assert asked.by == "Player 1" and asked.waiting == ["Player 2"]
        friend.send(UndoVote(yes=True))
        frames_until(app, lambda: len(host.session.log) == 0 and game.remote.can_redo(), "the undo")
        frames_until(app, lambda: game.controller.state == before, "the view before the move")
        # the friend asks to redo; the window (the host player) is asked and its word settles it
        friend.send(Redo())
        frames_until(app, lambda: "vote_yes" in game.net_overlay.buttons, "the question in the window")
        tap(app, game.net_overlay.buttons["vote_yes"])
        frames_until(app, lambda: len(host.session.log) == 1 and not game.net_overlay.buttons, "the redo")
        frames_until(app, lambda: game.controller.state.graph.zone_ids[
            game.controller.state.survivors[game.controller.state.survivor_index(move.survivor)].zone] == move.to,
            "the move back on the table")
    finally:
        friend.close()


def test_start_now_gives_the_free_seat_to_a_bot(app):
    from tests.net_window.net_ui import host_lobby_alone

    lobby = host_lobby_alone(app)
    tap(app, lobby.buttons["start_now"])
    frames_until(app, lambda: isinstance(app.scenes.top, NetZombicideScene), "the game screen")
    game = app.scenes.top
    info = game.link.seat_info("Player 2")
    assert info is not None and info.bot is not None  # the bot holds Player 2


def test_a_seat_whose_player_left_can_go_to_a_bot(app):
    game, friend = host_and_start(app)
    host = game.host.host
    friend.close()  # Bea leaves
    frames_until(app, lambda: "bot:Player 2" in game.net_overlay.buttons and "take:Player 2" in game.net_overlay.buttons,
                 "the left seat's buttons")
    tap(app, game.net_overlay.buttons["bot:Player 2"])
    frames_until(app, lambda: (info := game.link.seat_info("Player 2")) is not None and info.bot is not None,
                 "the bot in the seat")
    assert host.seats["Player 2"].bot is not None
    frames_until(app, lambda: not game.net_overlay.buttons, "the buttons gone")
