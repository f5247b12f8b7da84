"""A bar of buttons never drops one silently: what does not fit goes under More…, and the kept
ones (the Menu, the way out) always show."""

from __future__ import annotations

import os

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.app.widgets.dialogs import flow_buttons, flow_buttons_with_more

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
LABELS = [(f"Tool number {n}", f"t{n}", "tool") for n in range(10)] + [("Menu", "menu", "tool")]
MORE = ("More…", "more", "tool")


def setup_module() -> None:
    pygame.init()


def test_all_fit_nothing_moves() -> None:
    area = pygame.Rect(0, 0, 4000, 60)
    buttons, hidden = flow_buttons_with_more(area, LABELS, MORE, kept=("menu",))
    assert hidden == [] and [b.key for b in buttons] == [b.key for b in flow_buttons(area, LABELS)]


@settings(max_examples=60, deadline=None)
@given(width=st.integers(min_value=300, max_value=2400))
def test_what_does_not_fit_goes_under_more_and_the_menu_stays(width: int) -> None:
    area = pygame.Rect(0, 0, width, 60)
    buttons, hidden = flow_buttons_with_more(area, LABELS, MORE, kept=("menu",), min_w_px=84, height_px=52)
    keys = [b.key for b in buttons]
    assert "menu" in keys
    shown = [k for k in keys if k not in ("more", "menu")]
    assert shown + hidden == [key for _l, key, _g in LABELS if key != "menu"]  # every tool, once, in order
    assert ("more" in keys) == bool(hidden)
    for button in buttons:
        assert area.contains(button.rect)
    for i, a in enumerate(buttons):
        for b in buttons[i + 1:]:
            assert not a.rect.colliderect(b.rect)
