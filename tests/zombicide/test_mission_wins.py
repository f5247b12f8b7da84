"""Seeded planner play-outs of the shipped Rue Morgue missions: the planner bot wins them, and a
team that does nothing loses.

Each seed below is the first seed of 0..11 on which ``planner_bot`` (same seed for the dice and the
bot, as ``simulate`` plays game ``n``) wins the mission file as shipped with the mission's own team
(``simulate.mission_team``, what ``simulate`` plays by default); found by playing seeds 0..11 in turn
with ``game.rules.zombicide.simulate.play_game``. Win rates over 50 games are in the missions section
of docs/zombicide-content.md.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from random import Random
from typing import Any

import pytest

from game.board.mission import load_board
from game.board.model import Board
from game.rules.zombicide import engine
from game.rules.zombicide.bots import Bot, planner_bot
from game.rules.zombicide.catalog import load_catalog
from game.rules.zombicide.commands import ChooseOption, EndTurn
from game.rules.zombicide.simulate import MISSION_TEAMS, mission_team, players_for
from game.rules.zombicide.state import ZombicideState

MISSIONS_DIR = Path(__file__).resolve().parents[2] / "maps" / "missions"
IDLE_SETUP = {"players": players_for(["cathy", "dan", "james", "jane", "joe", "laurie"])}
MAX_ROUNDS = 60

# mission id → first winning seed of 0..11
WINNING_SEEDS = {
    "rm-tutorial-1": 0,
    "rm-tutorial-2": 1,
    "rm-night-shift": 0,
    "rm-airlift": 5,
    "rm-field-hospital": 0,
    "rm-supply-run": 0,
    "rm-quarantine": 0,
    "rm-last-flight": 1,
}


@cache
def board_of(mission: str) -> Board:
    return load_board(MISSIONS_DIR / f"{mission}.toml")


@cache
def team_setup(mission: str) -> dict[str, Any]:
    known = [s.id for s in load_catalog("rue_morgue").survivors]
    return {"players": players_for(mission_team(mission, known))}


def play(mission: str, seed: int, bot: Bot, setup: dict[str, Any] | None = None) -> ZombicideState:
    state = engine.setup(board_of(mission), setup or team_setup(mission), seed)
    rng = Random(seed)
    while state.result is None and state.round <= MAX_ROUNDS:
        (seat,) = engine.current_seats(state)
        legal = engine.legal_commands(state, seat)
        state, _ = engine.apply(state, seat, bot(state, seat, legal, rng))
    return state


def goals_met(state: ZombicideState) -> list[str]:
    """The mission goals the final state shows as done."""
    met = []
    goals = state.setup.goals
    exits = state.graph.exits
    if "take_all_objectives" in goals and all(state.objectives_taken):
        met.append("take_all_objectives")
    if "all_in_exit" in goals and all(s.alive and (s.escaped or s.zone in exits) for s in state.survivors):
        met.append("all_in_exit")
    if "escape_all" in goals and all(s.alive and s.escaped for s in state.survivors):
        met.append("escape_all")
    return met


@pytest.mark.parametrize("mission", sorted(WINNING_SEEDS))
def test_the_planner_wins_the_mission(mission: str) -> None:
    state = play(mission, WINNING_SEEDS[mission], planner_bot)
    assert [s.id for s in state.survivors] == list(MISSION_TEAMS[mission])
    assert state.result == "won", f"{mission}: the game ended {state.result} in round {state.round}"
    assert sorted(goals_met(state)) == sorted(state.setup.goals)


def idle_bot(state: ZombicideState, seat: str, commands: Any, rng: Random) -> Any:
    """Ends every turn at once and takes the first option of every decision."""
    if state.pending is not None:
        return ChooseOption(0)
    return next(c for c in commands if isinstance(c, EndTurn))


def test_a_team_that_does_nothing_loses() -> None:
    state = play("rm-tutorial-1", 0, idle_bot, IDLE_SETUP)
    assert state.result == "lost"
    assert not all(s.alive for s in state.survivors)


def test_the_planner_plays_the_same_game_for_a_seed() -> None:
    first, second = play("rm-tutorial-1", 3, planner_bot), play("rm-tutorial-1", 3, planner_bot)
    assert (first.result, first.round, first.kills) == (second.result, second.round, second.kills)
    assert first == second
