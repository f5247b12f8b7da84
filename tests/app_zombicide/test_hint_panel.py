"""The Hint in the Zombicide window: H (or the top bar's Hint) searches on a thread behind a
"Thinking…" dialog whose Cancel stops it; the advice lists the actions weighed with their win
estimates, and choosing one plays it."""

from __future__ import annotations

import pygame
import pytest
from test_play_polish import new_scene, settle
from waiting import frames_until

from game.app.zombicide.hint_panel import ThinkingDialog
from game.rules.zombicide.search import Advice, Considered, SearchBudget

# small enough for a test, deep enough to weigh several actions to the game's end
TEST_BUDGET = SearchBudget(playouts=6, candidates=3, horizon_rounds=None, quiet_radius=-1, max_rounds=12)


def press_key(host, key: int) -> None:
    host.scenes.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_h_thinks_then_offers_the_weighed_actions_and_playing_one_plays_it(tmp_path):
    host, scene = new_scene(tmp_path)
    scene.hint_budget = TEST_BUDGET
    logged = len(scene.controller.session.log)
    press_key(host, pygame.K_h)
    assert isinstance(scene.dialog, ThinkingDialog) and scene.hint is not None
    assert scene.dialog.title == "Hint: thinking…" and scene.dialog.cancel
    host.frames_until(lambda: scene.hint is None, "the hint's search ends", limit=200_000)
    dialog = scene.dialog
    assert dialog is not None and dialog.title.startswith("Hint: ")
    assert len(dialog.options) == TEST_BUDGET.candidates
    assert all("won" in option and "lost" in option for option in dialog.options)
    assert len(scene.controller.session.log) == logged  # a hint plays nothing by itself
    host.click(dialog.button_for(0).rect.center)
    assert len(scene.controller.session.log) == logged + 1
    advice = scene.hint_advice
    assert advice is not None and advice.searched
    assert scene.controller.session.log[-1].command == advice.considered[0].command
    assert dialog.title == f"Hint: {dialog.options[0].split(' · ')[0]}"


def test_cancel_stops_the_search_and_the_game_goes_on(tmp_path):
    host, scene = new_scene(tmp_path)
    scene.hint_budget = SearchBudget(playouts=400, candidates=4, horizon_rounds=None, quiet_radius=-1)
    tool = next(b for b in scene.tools.buttons if b.key == "hint")
    host.click(tool.rect.center)
    search = scene.hint
    assert search is not None and isinstance(scene.dialog, ThinkingDialog)
    cancel = next(b for b in scene.dialog.buttons.buttons if b.key == "cancel")
    host.click(cancel.rect.center)
    host.frames(1)
    assert scene.hint is None and scene.dialog is None and search.cancelled
    search.join(60)
    assert search.done
    assert search.worlds_started < 400 // 4  # it stopped at the next world, long before its budget
    settle(host, scene)
    assert scene.controller.legal()  # the table plays on


def test_a_hint_never_opens_over_another_dialog(tmp_path):
    host, scene = new_scene(tmp_path)
    scene.hint_budget = TEST_BUDGET
    scene.open_more_dialog()
    assert scene.dialog is not None
    press_key(host, pygame.K_h)
    assert scene.hint is None and not isinstance(scene.dialog, ThinkingDialog)


SIZES = [(1000, 650), (1920, 1080), (3840, 2160)]


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_hint_dialogs_fit(tmp_path, size):
    from layout_check import layout_problems
    from test_layout_zombicide import open_game

    app, scene = open_game(tmp_path, size)
    scene.hint_budget = TEST_BUDGET
    scene.open_hint()
    for dialog_is in ("thinking", "advice"):
        dialog = scene.dialog
        assert dialog is not None
        rects = [(f"button {b.label!r}", b.rect) for b in dialog.buttons.buttons]
        assert layout_problems([("dialog", dialog.rect)], size) == []
        assert layout_problems(rects, size) == [] and all(dialog.rect.contains(r) for _, r in rects), dialog_is
        if dialog_is == "thinking":
            frames_until(lambda: app.frame(0.02, events=[]), lambda: scene.hint is None, "the hint's advice",
                         limit=200_000)


def test_the_advice_says_when_the_planners_choice_is_kept_over_a_higher_score(tmp_path):
    host, scene = new_scene(tmp_path)
    legal = scene.controller.legal()
    kept, other = Considered(legal[0], 500.0, 8, 5, 3, True), Considered(legal[1], 2900.0, 8, 6, 2, False)
    held = scene.advice_dialog(Advice(kept.command, (kept, other), True, held=True))
    assert held.title == f"Hint: {scene.command_words(kept.command)}"
    assert "the higher scores below are within the luck of 8 worlds." in held.lines
    plain = scene.advice_dialog(Advice(other.command, (other, kept), True))
    assert not any("luck" in line for line in plain.lines)


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
def test_the_advice_of_a_deep_hint_that_keeps_the_planner_fits_the_smallest_window(tmp_path):
    from layout_check import layout_problems
    from test_layout_zombicide import open_game

    size = SIZES[0]
    _app, scene = open_game(tmp_path, size)
    legal = scene.controller.legal()
    weighed = tuple(Considered(command, 100.0 * n, 8, n, 8 - n, n == 0) for n, command in enumerate(legal[:6]))
    assert len(weighed) == 6  # as many as the hint's deep setting weighs
    scene.open_dialog(scene.advice_dialog(Advice(weighed[0].command, weighed, True, held=True)))
    dialog = scene.dialog
    rects = [(f"button {b.label!r}", b.rect) for b in dialog.buttons.buttons]
    assert layout_problems([("dialog", dialog.rect)], size) == []
    assert layout_problems(rects, size) == [] and all(dialog.rect.contains(r) for _, r in rects)
