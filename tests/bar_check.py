"""What an action bar must show (issue 13, "One action bar"): every name drawn whole, every slot
inside its panel, and no action the player can take now under More… while a greyed slot takes a
place in the bar. A test lays a scene out, draws a frame and asserts ``bar_problems(...) == []``."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.widgets.action_bar import MORE_KEY
from game.app.widgets.dialogs import is_whole


def slot_places(bar: Any) -> dict[str, pygame.Rect]:
    """Each slot's place by its kind (More… by its key)."""
    return {bar.slots[b.key].kind.kind: pygame.Rect(b.rect) for b in bar.buttons}


def fixed_places(bar: Any) -> dict[str, pygame.Rect]:
    """The places of the turn-level slots and of More…, which never move."""
    return {bar.slots[b.key].kind.kind: pygame.Rect(b.rect) for b in bar.buttons
            if b.key == MORE_KEY or bar.slots[b.key].kind.fixed}


def bar_problems(bar: Any, what: str) -> list[str]:
    """One line per name the last frame drew cut, per slot outside the bar's panel, and one when an
    action offered now hides under More… while a greyed slot shows."""
    problems = []
    for button in bar.buttons:
        drawn = bar.drawn.get(button.key)
        if drawn is None:
            problems.append(f"{what}: {button.label!r} was not drawn")
        elif not is_whole(drawn, button.label):
            problems.append(f"{what}: {button.label!r} is drawn cut: {drawn!r} in {tuple(button.rect)}")
        if not bar.panel.contains(button.rect):
            problems.append(f"{what}: {button.label!r} {tuple(button.rect)} leaves the bar {tuple(bar.panel)}")
    declared = {kind.kind for kind in bar.kinds}
    hidden = [offer.label for offer in bar.hidden if offer.kind in declared]
    greyed = [b.label for b in bar.buttons if b.key != MORE_KEY and not bar.slots[b.key].offers
              and not bar.slots[b.key].kind.fixed]
    if hidden and greyed:
        problems.append(f"{what}: {hidden} only under More… while greyed {greyed} take the bar")
    return problems
