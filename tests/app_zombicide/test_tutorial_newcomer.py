"""A newcomer plays Tutorial 1 from the start screen by following its prompts, and wins.

The newcomer does what the prompts say and nothing cleverer: read a step and tap Next; fight a zombie
in the survivor's own zone; otherwise move along the hallways to the zone the step rings (or the
EXIT), one zone at a time; end the turn when there is nothing more to do; answer a question with
its first choice. Every gesture goes through the window (the UI driver)."""

from __future__ import annotations

import collections
import sys
from pathlib import Path
from random import Random

import pygame
import pytest
from pygame_gui.elements import UITextBox

from game import i18n
from game.app.app import DeadtableApp
from game.app.widgets.dialogs import PANEL_FILL
from game.app.zombicide import director, new_game_scene
from game.rules.zombicide import engine
from game.rules.zombicide.commands import Attack, ChooseOption, EndTurn, Move

sys.path.insert(0, str(Path(__file__).parent))
from test_full_mission import game_shown, launch, start_shown  # noqa: E402
from test_play_scene import forget_fonts  # noqa: E402
from ui_driver import UiDriver  # noqa: E402


def distances_to(state, target: int) -> dict[int, int]:  # type: ignore[no-untyped-def]
    """Moves from each zone to ``target`` through open ways (the hallways; no door is opened)."""
    graph = state.graph
    near = collections.defaultdict(set)
    for edge in graph.edges:
        if edge.kind == "open":
            near[edge.a].add(edge.b)
            near[edge.b].add(edge.a)
    far = {target: 0}
    queue = [target]
    while queue:
        zone = queue.pop(0)
        for other in near[zone]:
            if other not in far:
                far[other] = far[zone] + 1
                queue.append(other)
    return far


def newcomer_command(scene):  # type: ignore[no-untyped-def]
    c = scene.controller
    state, seat = c.state, c.seat
    legal = engine.legal_commands(state, seat)
    if state.pending is not None:
        return next(cmd for cmd in legal if isinstance(cmd, ChooseOption))
    for cmd in legal:  # "A zombie in your zone? Fight it before moving on"
        if isinstance(cmd, Attack):
            s = state.survivors[state.survivor_index(cmd.survivor)]
            if state.graph.zone_ids[s.zone] == cmd.zone and state.zombies_in(s.zone):
                return cmd
    step = scene.tutorial.step if scene.tutorial is not None else None
    exit_zone = state.graph.exits[0]
    pointed = state.graph.index.get(step.zone, exit_zone) if step is not None and step.zone else exit_zone
    for aim in (pointed, exit_zone):  # the ringed zone, then the EXIT the first prompt named
        far = distances_to(state, aim)
        for cmd in legal:
            if isinstance(cmd, Move) and not cmd.via and not cmd.charge:
                s = state.survivors[state.survivor_index(cmd.survivor)]
                if s.zone != exit_zone and far.get(state.graph.index[cmd.to], 99) < far.get(s.zone, 99):
                    return cmd
    return next(cmd for cmd in legal if isinstance(cmd, EndTurn))


def start_tutorial_1(driver):  # type: ignore[no-untyped-def]
    """Start screen → New game → Rue Morgue → Tutorial 1 → the suggested team (six survivors, two
    players), all by taps; the game scene."""
    start = driver.app.scenes.top
    driver.tap_gui(start.buttons["new"], finger=False)
    driver.tap_gui(start.buttons["new_rue_morgue"], finger=True)
    picking = driver.app.scenes.top
    driver.tap_gui(picking.buttons["mission_rm-tutorial-1"])
    for _ in range(3):
        driver.tap_gui(picking.buttons["next"])
    return driver.scene


@pytest.mark.parametrize("seed", [3, 11])
def test_a_newcomer_following_the_prompts_wins_tutorial_1(tmp_path, monkeypatch, seed):
    monkeypatch.setattr(new_game_scene, "new_seed", lambda: seed)
    driver = launch(tmp_path)
    scene = start_tutorial_1(driver)
    driver.frames_until(lambda: game_shown(scene), "the tutorial is shown")
    assert scene.tutorial is not None and scene.tutorial.visible
    driver.set_speed("Instant")
    steps_seen = set()
    rng = Random(seed)
    for _ in range(400):
        if scene.controller.outcome() is not None:
            break
        prompt = scene.tutorial
        step = prompt.step if prompt is not None else None
        if step is not None:
            steps_seen.add(prompt.guide.index)
        if step is not None and step.until == "next" and scene.dialog is None:
            driver.tap_gui(prompt.buttons["next"], finger=rng.random() < 0.5)
            continue
        driver.perform(newcomer_command(scene))
    assert scene.controller.outcome() == "won"
    # the prompts led to the last one (two that end in one zombies' phase pass together)
    assert 0 in steps_seen and max(steps_seen) == len(scene.tutorial.guide.steps) - 1


def tutorial_1_in_a_small_window(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """Tutorial 1 started from the start screen in a 1000×650 window: the driver and the game."""
    monkeypatch.setattr(new_game_scene, "new_seed", lambda: 3)
    forget_fonts()
    app = DeadtableApp(size=(1000, 650), save_dir=tmp_path)
    app.open_start()
    driver = UiDriver(app, Random(0))
    driver.frames_until(lambda: start_shown(driver), "the start screen is shown")
    scene = start_tutorial_1(driver)
    driver.frames_until(lambda: game_shown(scene), "the tutorial is shown")
    return driver, scene


def board_across_px(scene) -> float:  # type: ignore[no-untyped-def]
    camera = scene.table.camera
    return camera.world_to_screen((scene.board.width_cm, 0))[0] - camera.world_to_screen((0, 0))[0]


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_newcomer_wins_tutorial_1_by_mouse_in_a_small_window(tmp_path, monkeypatch, language):
    """At 1000×650 the tutorial's panel sits beside the table, above the log: the board keeps the
    table's room (it was about 190 px across under the panel), every ringed zone is in view, and a
    newcomer following the prompts by mouse wins, in English and in Spanish."""
    i18n.set_language(language)
    try:
        driver, scene = tutorial_1_in_a_small_window(tmp_path, monkeypatch)
        table = scene.table_rect()
        assert not scene.tutorial.rect.colliderect(table)
        assert scene.tutorial.rect.bottom < scene.log.panel.rect.top
        assert board_across_px(scene) > 0.75 * table.width, (board_across_px(scene), table)
        driver.used.clear()  # from here on, every gesture is the mouse's
        driver.set_speed(i18n._("Instant"), finger=False)
        for _ in range(400):
            if scene.controller.outcome() is not None:
                break
            step = scene.tutorial.step
            if step is not None and scene.tutorial.visible:  # each step's words are read whole, unscrolled
                words = next(e for e in scene.tutorial.panel.get_container().elements if isinstance(e, UITextBox))
                assert words.scroll_bar is None, (language, scene.tutorial.guide.index)
            zone = scene.board.zones.get(step.zone) if step is not None and step.zone else None
            if zone is not None:  # the ringed zone is on the table, in view
                assert all(table.collidepoint(scene.table.camera.world_to_screen(p)) for p in zone.polygon), step.zone
            if step is not None and step.until == "next" and scene.dialog is None:
                driver.tap_gui(scene.tutorial.buttons["next"], finger=False)
                continue
            driver.perform(newcomer_command(scene), finger=False)
        assert scene.controller.outcome() == "won"
        assert driver.used and {how for how, _ in driver.used} == {"mouse"}
        # the tutorial over, the log takes back the room of its panel
        driver.frames_until(lambda: scene.log.panel.rect.top < scene.tutorial.rect.bottom, "the log grows back")
    finally:
        i18n.set_language("en")


def test_cards_shown_during_the_tutorial_stay_clear_of_its_panel(tmp_path, monkeypatch):
    """At 1000×650 the tutorial's panel covers the top of the table; the zombie cards an event trigger
    draws are shown below it, where the board is, not under it."""
    driver, scene = tutorial_1_in_a_small_window(tmp_path, monkeypatch)
    cards: list[tuple[int, int]] = []
    drawn = director.draw_card
    monkeypatch.setattr(director, "draw_card", lambda target, centre, *rest: (cards.append(centre),
                                                                             drawn(target, centre, *rest)))
    for _ in range(6):  # the first steps' moves along the hallway set off its event trigger
        prompt = scene.tutorial
        if prompt.step is not None and prompt.step.until == "next":
            driver.tap_gui(prompt.buttons["next"])
            continue
        driver.perform(newcomer_command(scene))
        if cards:
            break
    assert cards, "no zombie card was shown"
    panel = scene.tutorial.rect
    assert scene.tutorial.visible and panel.bottom > scene.table_rect().top
    for centre in cards:
        card = pygame.Rect(0, 0, 220, 140)
        card.center = centre
        assert not card.colliderect(panel), (card, panel)


def test_a_question_covers_the_log_it_overlaps(tmp_path, monkeypatch):
    """At 1000×650 (the tutorial ended) the Move list is wider than the table and reaches over the log: being modal, it is
    drawn over the log's widgets, not under them."""
    driver, scene = tutorial_1_in_a_small_window(tmp_path, monkeypatch)
    driver.tap_gui(scene.tutorial.buttons["end"], finger=False)  # its panel gives the log back its column
    driver.frames_until(lambda: scene.tutorial_place is None, "the tutorial's panel is gone")
    scene.open_group_dialog("move")
    driver.frames(2)
    dialog, log = scene.dialog.rect, scene.log.panel.rect
    overlap = dialog.clip(log)
    assert overlap.width > 20 and overlap.height > 40
    inside = (dialog.right - 10, dialog.top + dialog.height // 2)  # the dialog's margin, beside its buttons
    assert overlap.collidepoint(inside)
    assert tuple(driver.app.screen.get_at(inside))[:3] == PANEL_FILL


def test_a_greyed_slot_shows_its_whole_reason_or_where_to_read_it(tmp_path, monkeypatch):
    """At 1000×650 the bar's slots are about 100 px wide: a greyed slot's reason is drawn whole under
    its name when it fits in two lines, else the slot says to tap it, and a tap says the reason."""
    from game.app.widgets import action_bar

    driver, scene = tutorial_1_in_a_small_window(tmp_path, monkeypatch)
    drawn: list[tuple[str, int]] = []
    fitted = action_bar.fit_text
    monkeypatch.setattr(action_bar, "fit_text", lambda text, size, width: (drawn.append((text, size)),
                                                                             fitted(text, size, width))[1])
    scene.actions.draw(driver.app.screen)  # (the frame keeps the bar it drew before the patch)
    greyed = [(b, scene.actions.slots[b.key].why) for b in scene.actions.buttons
              if not b.enabled and scene.actions.slots[b.key].why]
    assert greyed
    reason_lines = [text for text, size in drawn if size == action_bar.REASON_PX]
    for button, why in greyed:
        whole = " ".join(action_bar.wrap(why[0], action_bar.REASON_PX, button.rect.width - 12))
        assert whole in " ".join(reason_lines) or i18n._("Tap to see why") in " ".join(reason_lines)
        for line in reason_lines:
            assert action_bar.font(action_bar.REASON_PX).size(line)[0] <= button.rect.width - 8, line
    long_one = next(b for b, why in greyed if len(action_bar.wrap(why[0], action_bar.REASON_PX, b.rect.width - 12)) > 2)
    driver.tap(long_one.rect.center, finger=False)
    assert scene.status_text == scene.actions.slots[long_one.key].why[0]


def test_a_step_brings_its_ringed_zone_back_into_view(tmp_path, monkeypatch):
    """Zoomed in on the far corner of the board, the player taps Next: the zone the new step rings
    comes to the middle of the table rather than stay off screen."""
    driver, scene = tutorial_1_in_a_small_window(tmp_path, monkeypatch)
    table = scene.open_table_rect(scene.table_rect())
    camera = scene.table.camera
    camera.zoom_at(camera.world_to_screen((scene.board.width_cm, scene.board.height_cm)), 4.0)
    steps = scene.tutorial.guide.steps
    following = steps[scene.tutorial.guide.index + 1]
    zone = scene.board.zones[following.zone]

    def ringed_in_view() -> bool:
        return all(table.collidepoint(camera.world_to_screen(p)) for p in zone.polygon)

    assert not ringed_in_view()
    driver.tap_gui(scene.tutorial.buttons["next"], finger=False)
    assert scene.tutorial.step is following
    driver.frames_until(ringed_in_view, "the ringed zone comes into view")
