"""Replay mode through synthetic mouse and finger events: it starts at the mission start, steps
forward and back, plays on its own with animations, and leaving it gives back the live game
exactly as it was (position, redo history, log panel)."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

sys.path.insert(0, str(Path(__file__).parent))

from test_play_scene import (  # noqa: E402
    button,
    finger_tap,
    mouse_click,
    mouse_drag,
    new_scene,
    screen_of_piece,
    screen_of_zone,
    settle,
    shown,
)

from game.app.zombicide.game_scene import GameScene  # noqa: E402


def exact(buttons, label: str):  # type: ignore[no-untyped-def]
    """The button with exactly this label ("Step" is not "Step back")."""
    return next(b for b in buttons.buttons if b.label == label)


def play_a_few_moves(host, scene) -> None:  # type: ignore[no-untyped-def]
    """A move on the board and three turns ended, through the window."""
    c = scene.controller
    target = next(iter(c.targets(c.selected).moves))
    mouse_click(host, screen_of_zone(scene, target))
    settle(host, scene)
    for _ in range(3):
        finger_tap(host, button(scene.actions, "End turn").rect.center)
        settle(host, scene)


def zone_of(controller, survivor_id: str) -> str:  # type: ignore[no-untyped-def]
    state = controller.state
    return state.graph.zone_ids[state.survivors[state.survivor_index(survivor_id)].zone]


def test_replay_steps_back_and_forth_and_exit_restores_the_game(tmp_path):
    host, scene = new_scene(tmp_path)
    live = scene.controller
    play_a_few_moves(host, scene)
    # one move undone: the live game has a redo waiting, which the replay must not lose
    mouse_click(host, button(scene.tools, "Undo").rect.center)
    live_hash, live_position = live.session.hash(), live.replay_position()
    assert live.can_redo()
    live_lines = list(scene.log.lines)
    moved = next(s.id for s in live.state.survivors if zone_of(live, s.id) != live.state.graph.zone_ids[live.state.graph.starts[0]])

    mouse_click(host, button(scene.tools, "Replay").rect.center)
    replay = scene.controller
    assert scene.replaying and replay is not live
    assert replay.replay_position() == (0, live_position[0])  # from the mission start, the moves in effect
    assert zone_of(replay, moved) == replay.state.graph.zone_ids[replay.state.graph.starts[0]]
    assert scene.table.state.pieces[moved].zone == zone_of(replay, moved)  # the board shows the start
    assert scene.log.lines[-1][0].startswith("Replay from the start")
    assert [b.label for b in scene.actions.buttons] == ["Step back", "Play", "Step", "Exit replay"]
    assert all(b.rect.height >= 48 and b.rect.width >= 48 for b in scene.actions.buttons)

    # Step (finger, bottom bar): animated, the log tells the move
    lines_at_start = len(scene.log.lines)
    finger_tap(host, exact(scene.actions, "Step").rect.center)
    assert scene.director.busy
    settle(host, scene)
    assert replay.replay_position()[0] == 1
    assert zone_of(replay, moved) == zone_of(live, moved)
    assert len(scene.log.lines) > lines_at_start
    # Step back (mouse): the move and its log lines go
    mouse_click(host, exact(scene.actions, "Step back").rect.center)
    assert replay.replay_position()[0] == 0
    assert len(scene.log.lines) == lines_at_start
    assert scene.table.state.pieces[moved].zone == zone_of(replay, moved)

    # a drag on the board during a replay changes nothing
    before = replay.session.hash()
    mouse_drag(host, screen_of_piece(scene, moved), screen_of_zone(scene, zone_of(live, moved)))
    assert replay.session.hash() == before and "replay" in scene.status_text.lower()

    # Play at 2×: the replay goes on by itself, move after move, animated, to the end
    mouse_click(host, button(scene.tools, "Speed").rect.center)
    finger_tap(host, exact(scene.actions, "Play").rect.center, finger=2)
    assert scene.replay.playing and button(scene.actions, "Pause")
    seen_positions, animated_frames = set(), 0

    def played_to_the_end() -> bool:
        nonlocal animated_frames
        seen_positions.add(replay.replay_position()[0])
        animated_frames += scene.director.busy
        return not scene.replay.playing

    host.frames_until(played_to_the_end, "the replay plays to its end", limit=3000, dt_s=0.05)
    assert seen_positions >= set(range(1, live_position[0] + 1))
    assert animated_frames > 10
    assert replay.session.hash() == live_hash  # played to the same game
    assert live.session.hash() == live_hash and live.replay_position() == live_position  # live untouched

    # Exit replay (finger): everything is back, and the game goes on
    finger_tap(host, exact(scene.actions, "Exit replay").rect.center, finger=3)
    assert not scene.replaying and scene.controller is live
    assert live.session.hash() == live_hash and live.replay_position() == live_position and live.can_redo()
    assert scene.log.lines == live_lines
    assert scene.table.state.pieces[moved].zone == zone_of(live, moved)
    host.send(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    settle(host, scene)
    assert live.replay_position()[0] == live_position[1]


def test_replay_of_a_loaded_save_by_keys_and_the_top_bar(tmp_path):
    host, scene = new_scene(tmp_path)
    play_a_few_moves(host, scene)
    path = scene.save(tmp_path / "game.json")
    final = scene.controller.session.hash()
    resumed = GameScene.resume(host, path)
    host.scenes.push(resumed)
    host.frames_until(lambda: shown(resumed), "the resumed game is shown")
    finger_tap(host, button(resumed.tools, "Replay").rect.center)
    c = resumed.controller
    total = c.replay_position()[1]
    assert total == 4 and c.replay_position()[0] == 0
    # Ctrl+Y steps forward, Ctrl+Z steps back (in a replay they never touch the game)
    for _ in range(2):
        host.send(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
        settle(host, resumed)
    assert c.replay_position()[0] == 2
    host.send(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    assert c.replay_position()[0] == 1
    # saving during a replay saves the game itself, not the replay's position
    saved = resumed.save(tmp_path / "during.json")
    assert GameScene.resume(host, saved).controller.session.hash() == final
    # the top bar's button now reads Exit replay
    mouse_click(host, button(resumed.tools, "Exit replay").rect.center)
    assert not resumed.replaying and resumed.controller.session.hash() == final
