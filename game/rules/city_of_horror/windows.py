"""Open windows and answers to a card (digest §9, §17.3): who may still act, who the window waits for.

A window closes once every player still in the game has passed since the last action. A player who can
do nothing at all right now counts as having passed, but only when that shows from public facts: an
empty hand and no Fit character with an ability for this moment (and no location effect to use). A
player holding cards is always asked, so the wait never tells the table what is in a hand.
"""

from __future__ import annotations

from game.rules.city_of_horror.abilities import usable
from game.rules.city_of_horror.effects import has_effect_to_use
from game.rules.city_of_horror.state import State


def can_act(state: State, seat: str) -> bool:
    """``seat`` might do something in the open window now (as far as the others can tell)."""
    if state.hand(seat):
        return True
    if has_effect_to_use(state, seat):
        return True
    return any(c.owner == seat and usable(state, c) for c in state.characters)


def can_answer(state: State, seat: str) -> bool:
    """``seat`` might cancel the card just played: it holds a card, or its Punk is Fit."""
    if state.hand(seat):
        return True
    return any(c.owner == seat and c.id == "punk" and usable(state, c) for c in state.characters)


def waiting(state: State) -> tuple[str, ...]:
    """The seats the open window (or the card waiting on the stack) still waits for, in turn order."""
    if state.stage.kind != "window" or state.window is None:
        return ()
    if state.stack:
        return tuple(s for s in state.active_in_order() if s not in state.responded and can_answer(state, s))
    if state.window.kind == "mover":
        return (state.window.mover,)
    return tuple(s for s in state.active_in_order() if s not in state.window.passed and can_act(state, s))


def in_seat_order(state: State, seats: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(seat for seat in state.seats if seat in seats)
