"""In a network Zombicide game a click on a lit zone moves there, even after a stray "t": typed for
the chat line before it had the keyboard, it once switched the table's tape measure on silently, and
the click then started a 0.0 cm tape instead of the move."""

from __future__ import annotations

import pygame

from tests.net_window.net_ui import frames_until, host_and_start, new_app


def click(app, pos: tuple[int, int]) -> None:
    app.frame(0.02, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)])
    app.frame(0.02, events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)])


def test_a_click_on_a_lit_zone_moves_after_a_stray_t(tmp_path):
    app = new_app(tmp_path / "window")
    game, friend = host_and_start(app)
    try:
        assert not game.net_overlay.typing
        app.frame(0.02, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t", scancode=0),
                                pygame.event.Event(pygame.TEXTINPUT, text="t")])
        assert game.table.tool == "move"  # a zone game has no tape to switch on
        zone, command = next(iter(game.controller.targets().moves.items()))
        host = game.host.host
        logged = len(host.session.log)
        click(app, tuple(int(v) for v in game.table.camera.world_to_screen(game.board.zones[zone].center)))
        frames_until(app, lambda: len(host.session.log) == logged + 1, "the move on the host")
        assert host.session.log[-1].command == command
        assert game.table.tape is None
    finally:
        friend.close()
        app._leave_all()
