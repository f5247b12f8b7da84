"""Zombicide's action bar at 1000×650, 1280×800, 1920×1080 and 3840×2160, in English and Spanish,
played by synthetic mouse: every name is drawn whole ("Cuerpo a cuer…" no more), an action offered
now never hides under More… while a greyed slot shows, and End turn and More… stay put through a
move and a noise."""

from __future__ import annotations

import math

import pygame
import pytest
from bar_check import bar_problems, fixed_places
from test_layout_zombicide import open_game

from game.app.zombicide.director import SPEEDS
from game.rules.zombicide.commands import EndTurn, MakeNoise, Move

SIZES = [(1000, 650), (1280, 800), (1920, 1080), (3840, 2160)]


def click(app, pos) -> None:  # type: ignore[no-untyped-def]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.frame(1 / 60, [pygame.event.Event(kind, pos=pos, button=1)])


def settle(app, scene) -> None:  # type: ignore[no-untyped-def]
    for _ in range(3000):  # a generous bound: the animations of one action
        if not scene.director.busy:
            app.frame(1 / 60, [])
            return
        app.frame(1 / 60, [])
    raise AssertionError("the animation never ended")


def reach(app, scene, offer_key: str) -> None:  # type: ignore[no-untyped-def]
    """Tap the bar's way to an offer: its slot, or the slot whose list holds it, then its line."""
    route = scene.actions.route(offer_key)
    assert route is not None, f"the bar offers no way to {offer_key}"
    button, line = route
    click(app, button.rect.center)
    if line is not None:
        assert scene.dialog is not None, f"{button.label!r} opened no list"
        click(app, scene.dialog.button_for(line).rect.center)
    settle(app, scene)


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_names_whole_offers_in_the_bar_and_fixed_slots_still(tmp_path, size, both_languages) -> None:
    app, scene = open_game(tmp_path, size)
    scene.director.speed_index = SPEEDS.index(math.inf)  # instant: what is checked is the bar, not the show
    bar, session = scene.actions, scene.controller.session
    still = fixed_places(bar)
    assert {"end_turn", "more"} <= set(still)
    problems = bar_problems(bar, "at the start")
    for kind, command in (("move", Move), ("make_noise", MakeNoise)):
        offer = bar.offers_of_kind(kind)[0]
        route = bar.route(offer.key)
        assert route is not None and route[0].key != "more", f"{offer.label!r} is only under More…"
        played = len(session.log)
        reach(app, scene, offer.key)
        if scene.dialog is not None:  # the Move slot lists the destinations: the first is taken
            click(app, scene.dialog.button_for(0).rect.center)
            settle(app, scene)
        assert len(session.log) == played + 1 and isinstance(session.log[-1].command, command)
        assert fixed_places(bar) == still, f"a fixed slot moved after {kind}"
        problems += bar_problems(bar, f"after {kind}")
    survivor = scene.controller.selected
    click(app, bar.button_of_kind("end_turn").rect.center)
    settle(app, scene)
    assert session.log[-1].command == EndTurn(survivor)
    assert fixed_places(bar) == still
    problems += bar_problems(bar, "after End turn")
    assert problems == []
