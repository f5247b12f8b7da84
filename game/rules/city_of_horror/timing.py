"""When something may be done (digest §9, §17.3): the questions the card, ability and effect rules ask
about the moment. Every answer here reads only public facts, so what the engine waits for never tells
one player about another's hand."""

from __future__ import annotations

from game.rules.city_of_horror.state import State

MOVEMENT_WINDOWS = ("mover", "after_move")
BEFORE_RESOLUTION = ("round_start", "mover", "after_move")


def in_window(state: State) -> bool:
    """An open window with no card waiting for answers."""
    return state.stage.kind == "window" and not state.stack


def in_response(state: State) -> bool:
    """A card has been played and waits: only a cancel may answer it."""
    return state.stage.kind == "window" and bool(state.stack)


def window_kind(state: State) -> str:
    return state.window.kind if state.stage.kind == "window" and state.window is not None else ""


def mover_turn(state: State, seat: str) -> bool:
    """``seat`` is to move now and has not yet."""
    return window_kind(state) == "mover" and state.window is not None and state.window.mover == seat


def movement_phase(state: State) -> bool:
    return window_kind(state) in MOVEMENT_WINDOWS


def still_to_move(state: State, seat: str) -> bool:
    """``seat`` has a move to come this round (or is making it now)."""
    kind = window_kind(state)
    if kind == "round_start":
        return True
    return kind == "mover" and (mover_turn(state, seat) or seat in state.movers)


def trading_open(state: State) -> bool:
    """Trades are allowed at any moment of the game, from the first round until the helicopter (digest
    §13, §16 G29); not while the table is being set up (placing characters, drafting cards)."""
    return state.stage.kind not in ("place", "draft", "helicopter", "over")
