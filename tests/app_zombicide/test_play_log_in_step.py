"""The log, the round line and the panels keep pace with the animation: nothing is told before the
table shows it; Skip shows everything at once; the log's Latest button and wheel work in the scene."""

from __future__ import annotations

import pygame
import pygame_gui
from test_play_scene import button, finger_tap, mouse_click, new_scene, settle


def panel_texts(scene) -> list[str]:  # type: ignore[no-untyped-def]
    return [text for text, _ in scene.log.panel.lines]


def started_beats(scene) -> list:  # type: ignore[no-untyped-def]
    """The beats the table has begun to show (all of them once it is still)."""
    director = scene.director
    return director.beats[: director.index + 1] if director.busy else list(director.beats)


def end_turns_until_zombies_phase(host, scene, check_each_frame) -> None:  # type: ignore[no-untyped-def]
    """End turn from the action bar until the command that starts the zombies' phase is played; every
    frame of every animation goes through ``check_each_frame(first)``, ``first`` the command's first line."""
    c = scene.controller
    for _ in range(12):
        first = len(scene.log.lines)
        if scene.dialog is not None:
            finger_tap(host, scene.dialog.button_for(0).rect.center, finger=4)
        else:
            finger_tap(host, button(scene.actions, "End turn").rect.center, finger=5)
        zombies = scene.animated is not None and any(
            getattr(e, "kind", "") == "phase_started" and e.phase == "zombies" for e in scene.animated[1])
        frames = 0
        while scene.director.busy:
            check_each_frame(first)
            host.frames(1)
            frames += 1
            assert frames < 5000, "the animation never ends"
        check_each_frame(first)
        if zombies:
            return
        assert c.state.round == 1
    raise AssertionError("the zombies' phase never came")


def test_the_log_never_tells_an_event_before_the_table_shows_it(tmp_path):
    host, scene = new_scene(tmp_path, seed=7)
    def check(first: int) -> None:
        everything = panel_texts(scene)
        texts = everything[first:]  # the lines of the command being shown
        beats = started_beats(scene)
        if scene.animated is not None:
            events = scene.animated[1]
            state, board = scene.controller.state, scene.board
            for kind, beat_kind in (("zombie_spawned", "appear"), ("zombie_moved", "zombie_move"),
                                    ("zombies_killed", "vanish")):
                told = {line[0] for line in scene.log.event_lines(
                    [e for e in events if getattr(e, "kind", "") == kind], state, board)}
                shown = sum(1 for t in texts if t in told)
                if kind != "zombie_moved":  # one beat per spawn or kill; moves made together share one
                    assert shown <= sum(1 for b in beats if b.kind == beat_kind), (kind, texts[-5:])
                if shown:
                    assert any(b.kind == beat_kind for b in beats), (kind, texts[-5:])
        if any("Zombies' phase" in t for t in texts):
            assert any(b.kind == "banner" and b.title == "Zombies' phase" for b in beats), texts[-5:]
        if scene.director.busy:
            shown_round = scene.turn_text().split(" ")[1]
            round_two = any(b.kind == "banner" and b.title == "Round 2" for b in beats)
            assert shown_round == ("2" if round_two else "1"), (scene.turn_text(), [b.title for b in beats])
        else:
            assert len(everything) == len(scene.log.lines)  # at rest, every line is shown

    end_turns_until_zombies_phase(host, scene, check)
    kinds = [b.kind for b in scene.director.beats]
    assert "banner" in kinds and ("appear" in kinds or "zombie_move" in kinds)  # the check had something to watch
    assert scene.controller.state.round == 2


def test_lines_wait_for_their_beat_then_skip_shows_them_all(tmp_path):
    host, scene = new_scene(tmp_path, seed=7)
    c = scene.controller
    while True:
        before = len(scene.log.lines)
        if scene.dialog is not None:
            finger_tap(host, scene.dialog.button_for(0).rect.center, finger=4)
        else:
            finger_tap(host, button(scene.actions, "End turn").rect.center, finger=5)
        if c.state.round > 1:
            break
        settle(host, scene)
    # the zombies' phase has just been played: its lines are written but not all shown yet
    assert scene.director.busy and len(scene.director.beats) > 3
    assert len(scene.log.panel.lines) < len(scene.log.lines)
    assert len(scene.log.lines) > before
    assert "Round 1" in scene.turn_text()  # the header has not jumped to round 2
    mouse_click(host, button(scene.tools, "Skip").rect.center)
    host.frames(1)
    assert not scene.director.busy
    assert panel_texts(scene) == [t if isinstance(t, str) else t[0] for t in scene.log.lines]
    assert scene.turn_text().startswith("Round 2")


def test_latest_and_the_wheel_work_in_the_game_scene(tmp_path):
    host, scene = new_scene(tmp_path, seed=7)
    end_turns_until_zombies_phase(host, scene, lambda first: None)
    settle(host, scene)
    log = scene.log.panel
    assert len(log.lines) > 15
    log.scroll_by(10)
    host.frames(1)
    assert not log.at_end
    # Latest pressed with the mouse, through pygame_gui and the scene, as in the window
    centre = log.down_button.rect.center
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        host.send(pygame.event.Event(kind, pos=centre, touch=False, **extra))
        host.frames(1)
    pressed = [e for e in pygame.event.get(pygame_gui.UI_BUTTON_PRESSED)]
    assert pressed, "pygame_gui saw the press"
    for event in pressed:
        host.send(event)
    host.frames_until(lambda: log.at_end, "Latest brings the newest line into view")
