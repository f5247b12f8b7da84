"""The box's hooks keep what they worked out for the last board, catalogue, cards or mission they
were asked about (the outdoor zones, the objectives a goal needs, the neutral door tokens, the
Machines' models, the cards that attach or give XP): games of different missions played in turn,
one command each, end exactly as each one played alone, and each board's outdoor zones are its own
when boards are asked about in turn."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from random import Random
from typing import Any

from game.board.mission import load_board
from game.board.model import Board
from game.rules.core.session import state_hash
from game.rules.zombicide import engine
from game.rules.zombicide.bots import random_bot, whose_turn
from game.rules.zombicide.boxes.invader.inventory import crosses_outdoors

MISSIONS = Path(__file__).resolve().parents[3] / "maps" / "missions"
SIX = ["jared", "baraka", "cole", "magnus", "vivian", "mitsuki"]
ONE_SEAT = {"players": [{"seat": "A", "survivors": SIX}]}
COMMANDS = 120  # per game: enough for objectives, doors, Machines and Mold to change


@cache
def board_of(stem: str) -> Board:
    return load_board(MISSIONS / f"{stem}.toml")


def played_in_turn(stems: list[str], seed: int, commands: int = COMMANDS,
                   visit: Callable[[Any], None] | None = None) -> list[str]:
    """Each mission's game, one random command at a time in turn (``visit`` sees each state before
    its command); their final state hashes."""
    states = [engine.setup(board_of(stem), ONE_SEAT, seed) for stem in stems]
    rngs = [Random(seed) for _ in stems]
    for _ in range(commands):
        for k, state in enumerate(states):
            turn = whose_turn(state) if state.result is None else None
            if turn is None:
                continue
            if visit is not None:
                visit(state)
            seat, legal = turn
            states[k], _events = engine.apply(state, seat, random_bot(state, seat, legal, rngs[k]))
    return [state_hash(state) for state in states]


def test_games_of_different_missions_played_in_turn_end_as_each_alone() -> None:
    # m7: shuffled objective colours, outdoor zones, rules on colours; m5: Machines and Mold;
    # m9: scientists walking out
    stems = ["inv-m7", "inv-m5", "inv-m9"]
    for seed in (1, 2):
        alone = [played_in_turn([stem], seed)[0] for stem in stems]
        assert played_in_turn(stems, seed) == alone


def test_outdoor_moves_are_told_apart_on_each_board_asked_in_turn() -> None:
    graphs = [engine.setup(board_of(stem), ONE_SEAT, 1).graph for stem in ("inv-m7", "inv-m5", "inv-m0")]
    for _ in range(2):
        for graph in graphs:
            outdoor = graph.box_data.outdoor
            assert [crosses_outdoors(graph, zone, ()) for zone in graph.zone_ids] == [bool(o) for o in outdoor]
            assert any(outdoor)


def test_each_mission_set_up_in_turn_plays_its_own_xeno_cards_and_set_aside_piles() -> None:
    from game.rules.zombicide.boxes.invader.setup import deck_for
    # m6 plays the easier half of the Xeno deck, m5 all of it: each game's choice, not the last one kept
    for stem in ["inv-m6", "inv-m5", "inv-m6", "inv-m5"]:
        state = engine.setup(board_of(stem), ONE_SEAT, 1)
        assert sorted(state.zombie_deck + state.zombie_discard) == deck_for(state.setup, dict(state.tables.zombie_cards))
        kinds, box = state.card_kinds, state.box_state
        assert all("oxygen" in state.tables.equipment[kinds[c]].effects for c in box.oxygen_pile)
        assert all(state.tables.equipment[kinds[c]].prototype for c in box.prototype_pile)
        assert len(set(box.oxygen_pile + box.prototype_pile)) == len(box.oxygen_pile + box.prototype_pile)
