"""Zombieworld's action bar at 1000×650, 1280×800, 1920×1080 and 3840×2160, in English and Spanish,
played by synthetic mouse: every name is drawn whole, an action the acting model may take (Shoot,
Search, Sprint…) never hides under More… while a greyed slot shows, and End activation, Withdraw
band and More… stay put through an activation."""

from __future__ import annotations

import math

import pytest

from game.app.widgets.action_bar import MORE_KEY
from game.app.widgets.game_menu import finite_speed
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.presets import preset_bands
from tests.app_zombieworld.zw_ui import TOWN, activate_by_tap, new_app, tap
from tests.bar_check import bar_problems, fixed_places

SIZES = [(1000, 650), (1280, 800), (1920, 1080), (3840, 2160)]


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_names_whole_offers_in_the_bar_and_fixed_slots_still(tmp_path, size, both_languages) -> None:
    app = new_app(tmp_path, size)
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 3)
    app.show(scene)
    scene.dice.speed = scene.anim.speed = finite_speed(math.inf)  # instant: what is checked is the bar
    app.frame(1 / 60, [])
    bar = scene.actions
    still = fixed_places(bar)
    assert {"end_activation", "withdraw", MORE_KEY} <= set(still)
    problems = bar_problems(bar, "before anyone acts")
    acted = 0
    for turn in range(12):  # an activation roll may fail: enough turns for two to succeed
        acting = activate_by_tap(app, scene)
        if acting is None:
            break
        assert fixed_places(bar) == still
        problems += bar_problems(bar, f"activation {turn}")
        if not acting:
            continue
        offered = {offer.kind for offer in bar.all_offers()}
        assert offered - {"end_activation", "withdraw"}, "the acting model was offered nothing"
        for offer in bar.all_offers():  # fewer kinds offered than slots, even at 1000×650: each has its own
            route = bar.route(offer.key)
            assert route is not None and route[0].key != MORE_KEY, f"{offer.label!r} is only under More…"
        tap(app, bar.button_of_kind("end_activation").rect.center)
        assert isinstance(scene.controller.session.log[-1].command, c.EndActivation)
        assert fixed_places(bar) == still
        acted += 1
        if acted >= 2:
            break
    assert acted >= 2
    assert problems == []
