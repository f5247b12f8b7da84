"""City of Horror's bar answers to the keys its slots show: P opens the discard pile (Esc closes it),
R turns the table, a person's number opens their curtain to act, E is Everyone done; a greyed slot's
key says why, as a tap does."""

from __future__ import annotations

from random import Random

import pygame

from game.app.city_of_horror.controller import SeatPlan
from game.app.city_of_horror.overlays import Curtain, ListOverlay
from tests.app_city_of_horror.coh_ui import CohDriver, new_app, start_game

PEOPLE = [SeatPlan("Ana", "red"), SeatPlan("Ben", "green"), SeatPlan("Cai", "blue")]


def press(app, key: int) -> None:  # type: ignore[no-untyped-def]
    app.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=pygame.key.name(key))])


def test_the_keys_shown_on_the_slots_play_them(tmp_path):
    app = new_app(tmp_path)
    game = start_game(app, PEOPLE, seed=5)
    driver = CohDriver(app, Random(3))
    for _ in range(200):  # on to the first moment anyone may act
        driver.settle()
        if game.overlay is None and game.state.stage.kind == "window" and not game.state.stack:
            break
        driver.step()
    bar = game.bar
    shown = {bar.slots[b.key].kind.kind: bar.shortcuts.get(b.key) for b in bar.buttons}
    assert shown["discard"] == "p" and shown["turn"] == "r" and shown["done"] == "e"
    assert shown[f"act:{PEOPLE[0].name}"] == "1" and shown[f"act:{PEOPLE[1].name}"] == "2"
    press(app, pygame.K_p)
    assert isinstance(game.overlay, ListOverlay) and game.overlay.title == "The discard pile (open to all)"
    press(app, pygame.K_ESCAPE)
    assert game.overlay is None
    rotation = game.rotation
    press(app, pygame.K_r)
    assert game.rotation == (rotation + 90) % 360
    game.turn_to(rotation)
    greyed = bar.button_of_kind("back")  # no choice to go back from: greyed, its key says why as a tap does
    assert greyed is not None and not greyed.enabled
    press(app, pygame.K_b)
    assert game.overlay is None and game.message == "Back: not possible now"
    press(app, pygame.K_2)
    assert isinstance(game.overlay, Curtain) and game.overlay.seat == PEOPLE[1].name
