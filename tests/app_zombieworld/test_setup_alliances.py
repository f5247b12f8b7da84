"""The set-up screen's optional verbal alliances, by mouse and by finger: two to four bands, the
alliance switch (refused with two bands), the pairs, the kinds and the flip, and what reaches the
engine's setup and state."""

from __future__ import annotations

import pygame
import pytest

from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.saves import save_band_file
from game.app.zombieworld.setup_scene import ALLIANCE_NEEDS, ZombieworldSetupScene
from game.rules.zombieworld.presets import preset_bands
from tests.app_zombieworld.zw_ui import new_app

SIZE = (1280, 800)
POINTERS = pytest.mark.parametrize("finger", [False, True], ids=["mouse", "finger"])


def tap_at(app, pos: tuple[int, int], finger: bool) -> None:
    """A tap as SDL sends it: a finger comes as finger events, then mouse events marked ``touch``."""
    x, y = pos
    w, h = app.screen.get_size()
    if finger:
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            app.frame(1 / 60, [pygame.event.Event(kind, touch_id=1, finger_id=4, x=x / w, y=y / h, dx=0.0, dy=0.0,
                                                  pressure=1.0)])
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.frame(1 / 60, [pygame.event.Event(kind, pos=pos, button=1, touch=True)])
    else:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.frame(1 / 60, [pygame.event.Event(kind, pos=pos, button=1)])


def button(setup: ZombieworldSetupScene, key: str):
    return next(b for b in setup.buttons.buttons if b.key == key)


def press(app, setup: ZombieworldSetupScene, key: str, finger: bool) -> None:
    tap_at(app, button(setup, key).rect.center, finger)


def open_setup(tmp_path, size=SIZE) -> tuple[object, ZombieworldSetupScene]:
    app = new_app(tmp_path, size)
    setup = ZombieworldSetupScene(app)
    app.show(setup)
    app.frame(1 / 60, [])
    return app, setup


def to_start_step(app, setup: ZombieworldSetupScene, bands: int, finger: bool) -> None:
    for index in range(bands):
        press(app, setup, f"band:{index}", finger)
    for _ in range(3):  # scenario, table, start
        press(app, setup, "next", finger)
    assert setup.step == 3


@POINTERS
def test_with_two_bands_the_alliance_switch_is_shown_refused_and_says_why(tmp_path, finger):
    app, setup = open_setup(tmp_path)
    to_start_step(app, setup, 2, finger)
    switch = button(setup, "alliances")
    assert not switch.enabled and "three bands" in switch.label
    press(app, setup, "alliances", finger)
    assert not setup.alliances_on
    assert not [b for b in setup.buttons.buttons if b.key.startswith(("ally:", "alliance_kind:"))]
    assert setup.alliance_problem() == ALLIANCE_NEEDS
    setup.seed = 7
    press(app, setup, "next", finger)
    game = app.scenes.top
    assert isinstance(game, ZombieworldGameScene)
    assert game.controller.session.setup_spec.alliances == ()
    assert game.state.alliances == ()


@POINTERS
def test_three_bands_ally_by_taps_and_the_engine_gets_the_pair_kind_and_flip(tmp_path, finger):
    app, setup = open_setup(tmp_path)
    to_start_step(app, setup, 3, finger)
    assert not setup.alliances_on  # off by default
    press(app, setup, "alliances", finger)
    assert setup.alliances_on and setup.allied == [("red", "blue")]
    assert sorted(b.key for b in setup.buttons.buttons if b.key.startswith("ally:")) == \
        ["ally:blue+green", "ally:red+blue", "ally:red+green"]
    press(app, setup, "ally:red+blue", finger)  # untick the first pair: nothing to start with
    assert setup.allied == [] and not button(setup, "next").enabled
    press(app, setup, "ally:blue+green", finger)
    assert button(setup, "next").enabled
    press(app, setup, "alliance_kind:fragile", finger)
    press(app, setup, "alliance_flips", finger)
    app.frame(1 / 60, [])  # drawing marks the chosen buttons
    assert button(setup, "alliance_kind:fragile").toggled and not button(setup, "alliance_kind:fixed").toggled
    assert button(setup, "ally:blue+green").toggled and not button(setup, "ally:red+blue").toggled
    assert "Fire Crew + Night Owls" in setup.alliance_summary()
    setup.seed = 5
    press(app, setup, "next", finger)
    game = app.scenes.top
    assert isinstance(game, ZombieworldGameScene)
    spec = game.controller.session.setup_spec
    assert (spec.alliances, spec.alliance, spec.alliance_flips) == ((("blue", "green"),), "fragile", True)
    state = game.state
    assert state.seats == ("red", "blue", "green")
    assert state.alliances == (("blue", "green"),) and state.alliance_flips and not state.alliance_fixed


def test_a_fixed_alliance_is_the_default_kind_and_starts_binding(tmp_path):
    app, setup = open_setup(tmp_path)
    to_start_step(app, setup, 3, finger=True)
    press(app, setup, "alliances", True)
    press(app, setup, "ally:red+blue", True)
    press(app, setup, "ally:red+green", True)
    assert setup.alliance_kind == "fixed"  # the default kind
    setup.seed = 3
    assert "Blue Line + Night Owls · fixed" in setup.alliance_summary()
    press(app, setup, "next", True)
    state = app.scenes.top.state
    spec = app.scenes.top.controller.session.setup_spec
    assert (spec.alliance, spec.alliance_flips) == ("fixed", False)
    assert state.alliances == (("red", "green"),) and state.alliance_fixed and not state.alliance_flips


@POINTERS
def test_four_bands_offer_six_pairs_and_a_rolled_kind(tmp_path, finger):
    extra = preset_bands()[0].model_copy(update={"name": "Late Shift"})
    save_band_file(extra, tmp_path)
    app, setup = open_setup(tmp_path)
    assert any(band.name == "Late Shift" for band, _ in setup.bands)
    to_start_step(app, setup, 4, finger)
    press(app, setup, "alliances", finger)
    pairs = [b for b in setup.buttons.buttons if b.key.startswith("ally:")]
    assert len(pairs) == 6 and all(b.rect.height >= 44 for b in pairs)
    window = pygame.Rect((0, 0), SIZE)
    assert all(window.contains(b.rect) for b in setup.buttons.buttons)
    press(app, setup, "ally:green+amber", finger)
    press(app, setup, "alliance_kind:roll", finger)
    setup.seed = 9
    press(app, setup, "next", finger)
    game = app.scenes.top
    assert isinstance(game, ZombieworldGameScene)
    assert game.state.seats == ("red", "blue", "green", "amber")
    assert game.controller.session.setup_spec.alliance == "roll"
    assert game.state.alliances == (("red", "blue"), ("green", "amber"))


def test_a_fifth_pick_replaces_the_fourth_and_a_campaign_takes_two_bands(tmp_path):
    save_band_file(preset_bands()[0].model_copy(update={"name": "Late Shift"}), tmp_path)
    save_band_file(preset_bands()[1].model_copy(update={"name": "Early Birds"}), tmp_path)
    app, setup = open_setup(tmp_path)
    names = [band.name for band, _ in setup.bands]
    for index in range(3):
        press(app, setup, f"band:{index}", True)
    assert not button(setup, "campaign").enabled and button(setup, "next").enabled
    press(app, setup, f"band:{names.index('Early Birds')}", True)
    press(app, setup, f"band:{names.index('Late Shift')}", True)
    assert [b.name for b in setup.chosen] == names[:3] + ["Late Shift"]
    press(app, setup, "band:0", False)  # a chosen band tapped again leaves
    assert [b.name for b in setup.chosen] == names[1:3] + ["Late Shift"]


@POINTERS
def test_dropping_back_to_two_bands_takes_the_alliance_away(tmp_path, finger):
    app, setup = open_setup(tmp_path)
    to_start_step(app, setup, 3, finger)
    press(app, setup, "alliances", finger)
    press(app, setup, "ally:red+green", finger)
    assert setup.alliance_options()["alliances"] == (("red", "blue"), ("red", "green"))
    for _ in range(3):
        press(app, setup, "back", finger)
    assert setup.step == 0
    press(app, setup, "band:2", finger)  # green leaves
    for _ in range(3):
        press(app, setup, "next", finger)
    assert not setup.alliances_on and setup.alliance_options() == {}
    assert not button(setup, "alliances").enabled
    setup.seed = 4
    press(app, setup, "next", finger)
    assert app.scenes.top.state.alliances == ()
