"""Zombieworld's aiming panel at 1000×650, 1920×1080 and 3840×2160, in English and Spanish: the
tutorial's shot opened by a tap on the target shows its range, sight, cover and odds, and its −, +,
Fire and Cancel inside the panel; no widget overlaps another, no words are drawn cut."""

from __future__ import annotations

import pytest

from tests.app_zombieworld.test_zw_tutorial import follow_the_prompt, open_from_start, screen, settle
from tests.app_zombieworld.zw_ui import new_app, tap
from tests.layout_check import CutWords, layout_problems, screen_problems


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", [(1000, 650), (1920, 1080), (3840, 2160)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_aiming_panel_fits(tmp_path, monkeypatch, size, both_languages):
    app = new_app(tmp_path, size)
    game = open_from_start(app)
    for _step in range(20):  # the prompts up to the shot
        step = game.tutorial.prompt.step
        assert step is not None
        if step.until == "shot_fired":
            break
        follow_the_prompt(app, game)
        settle(app, game)
    assert step.until == "shot_fired"
    cut = CutWords(monkeypatch)
    tap(app, screen(game, game.state.model(step.model).position))  # the panel of the shot opens
    app.frame(1 / 60, [])
    assert game.aim is not None and game.aim.legal
    found = screen_problems(app, game, "aiming") + cut.take("aiming")
    buttons = [(f"aim {b.label!r}", b.rect) for b in game.aim_buttons.buttons]
    found += [f"{name} {tuple(rect)} leaves the panel {tuple(game.aim_rect())}" for name, rect in buttons
              if not game.aim_rect().contains(rect)]
    found += layout_problems(buttons + [("the bar", game.actions_rect())], size)
    assert {b.key for b in game.aim_buttons.buttons} == {"fewer", "more", "fire", "cancel"}
    assert found == [], "\n".join(found)
