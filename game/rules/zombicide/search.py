"""The search bot: the planner's play, improved by looking ahead through the engine.

At a decision that matters (zombies near the team, or a choice the game asks for) the bot takes a
few candidate commands (the planner's own first, then the most promising others), and plays each
out in several worlds dealt by ``determinize`` (the decks' order, the dice and what the box keeps
face down drawn anew from the bot's seed, never read from the real state). After the candidate the
planner plays every seat, to the end of the round (``horizon_rounds`` rounds on) or of the game, and
the world is scored: won or lost first, then survivors standing, wounds, objectives, how far the team
still has to go, and how exposed each survivor stands. The candidate with the best mean score is
played if it beats the planner's own clearly: by a margin, steadily across the worlds (a paired
t-statistic), and losing no more of them. All candidates meet the same worlds (common random
numbers), so they are compared on the same luck.

The budget is counted in playouts (``playouts`` per decision), never in time: the same seed and
budget always give the same game. ``SearchBudget`` names the settings: ``FAST`` for simulation,
``DEEP`` for a hint.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from random import Random
from typing import Any

from game.rules.core.base import IllegalCommand
from game.rules.core.frozen import record
from game.rules.zombicide import bots, engine
from game.rules.zombicide.commands import ChooseOption, EndTurn
from game.rules.zombicide.determinize import determinize
from game.rules.zombicide.graph import UNREACHABLE
from game.rules.zombicide.state import ZombicideState

WON = 10_000.0
LOST = -10_000.0
SURVIVOR_WORTH = 400.0  # a survivor still standing (or escaped)
WOUND_COST = 60.0
OBJECTIVE_WORTH = 80.0
ESCAPED_WORTH = 60.0
ROUTE_STEP_COST = 4.0  # per step of route cost between a survivor and the team's goal
ROUTE_COST_CAP = 30
EXPOSURE_COST = 40.0  # per point of negative margin (zombies a survivor cannot face)
CARD_WORTH = 4.0
KILL_WORTH = 1.0
ZOMBIE_ON_BOARD_COST = 3.0  # zombies left standing come back stronger: the clock the team plays against
MAX_ROLLOUT_COMMANDS = 600


@record
class SearchBudget:
    playouts: int = 24  # rollouts per decision, shared by the candidates
    candidates: int = 5  # commands compared at a decision
    horizon_rounds: int | None = 1  # rounds played out after the decision; None: to the game's end
    quiet_radius: int = 2  # no zombie this close to any survivor: the planner decides alone
    max_rounds: int = 60  # the game's round limit (simulate's): a play-out stops there
    # the planner's choice stands unless another beats it by this much: the planner knows the
    # mission's way, the short look-ahead knows the next zombies' phase
    switch_margin: float = 60.0
    # ... and unless the gain is steady across the worlds: the paired t-statistic of the per-world
    # differences reaches this (one lucky world of eight, a game won instead of lost, is not a gain)
    switch_confidence: float = 2.0


FAST = SearchBudget(playouts=24, candidates=3)
DEEP = SearchBudget(playouts=48, candidates=6, horizon_rounds=None, quiet_radius=-1)


@record
class Considered:
    """One candidate and what its play-outs gave."""

    command: Any
    value: float  # mean score of its play-outs (higher is better)
    playouts: int
    won: int  # play-outs the team won
    lost: int  # play-outs the team lost
    planner: bool  # the planner's own choice

    @property
    def win_estimate(self) -> float:
        """The share of its play-outs the team won (of those played to the end; else of all)."""
        return self.won / self.playouts if self.playouts else 0.0

    @property
    def loss_estimate(self) -> float:
        return self.lost / self.playouts if self.playouts else 0.0


@record
class Advice:
    command: Any
    considered: tuple[Considered, ...]  # best first
    searched: bool  # False: the planner decided alone (a quiet moment, or a single choice)
    held: bool = False  # another scored higher, but not clearly above the worlds' luck: the planner's choice kept


def advise(state: ZombicideState, seat: str, commands: Sequence[Any], rng: Random,
           budget: SearchBudget = FAST, *, should_stop: Callable[[], bool] | None = None) -> Advice:
    """The command to play and why. ``rng`` gives the worlds' seeds and the planner's tie-breaks;
    ``should_stop`` (a hint's Cancel) may end the search early, its best so far then returned."""
    planner_choice = bots.planner_bot(state, seat, commands, Random(int(rng.random() * 2**31)))
    world_seeds = [int(rng.random() * 2**31) for _ in range(max(1, budget.playouts))]
    candidates = _candidates(state, commands, planner_choice, budget.candidates)
    if len(candidates) < 2 or (budget.quiet_radius >= 0 and state.pending is None and _quiet(state, budget.quiet_radius)):
        only = Considered(planner_choice, 0.0, 0, 0, 0, True)
        return Advice(planner_choice, (only,), False)
    per_candidate = max(1, budget.playouts // len(candidates))
    scores: list[list[float]] = [[] for _ in candidates]  # per world, the same worlds for every candidate
    wins = [0] * len(candidates)
    losses = [0] * len(candidates)
    for world_seed in world_seeds[:per_candidate]:
        if should_stop is not None and should_stop():
            break
        world = determinize(state, world_seed)
        for n, command in enumerate(candidates):
            try:
                after, _ = engine.apply(world, seat, command)
            except IllegalCommand:
                scores[n].append(LOST)  # legal in the real state yet not in this world: never prefer it
                continue
            end = _roll_out(after, Random(world_seed), state.round, budget)
            scores[n].append(_score(end))
            wins[n] += end.result == "won"
            losses[n] += end.result == "lost"
    considered = [
        Considered(command, sum(scores[n]) / len(scores[n]) if scores[n] else 0.0, len(scores[n]), wins[n],
                   losses[n], command == planner_choice)
        for n, command in enumerate(candidates)
    ]
    # best mean first; an exact tie keeps the planner's choice (it is first among the candidates)
    order = sorted(range(len(considered)), key=lambda n: (-considered[n].value, n))
    ranked = tuple(considered[n] for n in order)
    best, planner = ranked[0], considered[0]
    held = False
    if best is not planner and (best.lost > planner.lost
                                or not clear_gain(scores[order[0]], scores[0], budget.switch_margin, budget.switch_confidence)):
        best, held = planner, True  # a few worlds are a noisy guide: leave the planner only for a clear gain at no more risk
    return Advice(best.command, (best, *(c for c in ranked if c is not best)), True, held)


def clear_gain(candidate: Sequence[float], planner: Sequence[float], margin: float, confidence: float) -> bool:
    """Whether ``candidate`` beats ``planner`` on the same worlds by at least ``margin`` on average, with
    the per-world differences steady enough that their paired t-statistic reaches ``confidence``."""
    differences = [c - p for c, p in zip(candidate, planner, strict=False)]
    if not differences:
        return False
    mean = sum(differences) / len(differences)
    if mean < margin:
        return False
    if len(differences) < 2:
        return False  # one world says nothing of luck
    variance = sum((d - mean) ** 2 for d in differences) / (len(differences) - 1)
    if variance == 0.0:
        return True  # the same gain in every world
    return mean / math.sqrt(variance / len(differences)) >= confidence


def search_bot(state: ZombicideState, seat: str, commands: Sequence[Any], rng: Random) -> Any:
    """The search bot at its simulation setting (``FAST``)."""
    return advise(state, seat, commands, rng, FAST).command


def deep_search_bot(state: ZombicideState, seat: str, commands: Sequence[Any], rng: Random) -> Any:
    """The search bot at its hint setting (``DEEP``): slow, for a few games or one decision."""
    return advise(state, seat, commands, rng, DEEP).command


# --- candidates ---------------------------------------------------------------------------------


def _candidates(state: ZombicideState, commands: Sequence[Any], planner_choice: Any, limit: int) -> list[Any]:
    """The planner's choice, then the others by the greedy bot's score (ties in the legal list's
    order), at most ``limit``; every choice of a decision the game asks for."""
    if state.pending is not None:
        options = [c for c in commands if isinstance(c, ChooseOption)]
        ordered = [planner_choice, *(c for c in options if c != planner_choice)]
        return ordered[: max(limit, 2)]
    scored = sorted(
        ((bots._score(state, c), n, c) for n, c in enumerate(commands) if c != planner_choice),
        key=lambda item: (-item[0], item[1]),
    )
    chosen = [planner_choice]
    if not any(isinstance(c, EndTurn) for c in chosen):  # waiting is always worth comparing
        chosen.extend(c for c in commands if isinstance(c, EndTurn) and c != planner_choice)
    for _, _, command in scored:
        if len(chosen) >= limit:
            break
        if command not in chosen:
            chosen.append(command)
    return chosen[:limit]


def _quiet(state: ZombicideState, radius: int) -> bool:
    """No zombie within ``radius`` steps of any survivor in play."""
    graph = state.graph
    zones = {s.zone for s in state.survivors if s.in_play}
    seen = set(zones)
    frontier = list(zones)
    for _ in range(radius + 1):
        if any(state.zombies_in(z) for z in frontier):
            return False
        following = []
        for here in frontier:
            for there in graph.neighbours(here, state.doors_open):
                if there not in seen:
                    seen.add(there)
                    following.append(there)
        frontier = following
    return True


# --- play-outs and their score ------------------------------------------------------------------


def _roll_out(state: ZombicideState, rng: Random, start_round: int, budget: SearchBudget) -> ZombicideState:
    """The planner on every seat until the horizon, the game's end or the round limit."""
    last_round = budget.max_rounds if budget.horizon_rounds is None else start_round + budget.horizon_rounds
    last_round = min(last_round, budget.max_rounds)
    for _ in range(MAX_ROLLOUT_COMMANDS):
        if state.result is not None or state.round > last_round:
            break
        if state.round == last_round and budget.horizon_rounds is not None and state.round > start_round \
                and state.phase == "players" and state.pending is None:
            break  # the horizon: the zombies of the round after the decision have had their turn
        turn = bots.whose_turn(state)
        if turn is None:
            break
        seat, legal = turn
        state, _ = engine.apply(state, seat, bots.planner_bot(state, seat, legal, rng))
    return state


def _score(state: ZombicideState) -> float:
    """How good the world looks for the team: the result first, then what the team still has."""
    if state.result == "won":
        return WON + SURVIVOR_WORTH * sum(1 for s in state.survivors if s.alive)
    if state.result == "lost":
        return LOST + SURVIVOR_WORTH * sum(1 for s in state.survivors if s.alive)
    score = KILL_WORTH * state.kills + OBJECTIVE_WORTH * sum(state.objectives_taken)
    score -= ZOMBIE_ON_BOARD_COST * sum(map(sum, state.zombies))
    team = [i for i, s in enumerate(state.survivors) if s.in_play]
    route = bots._route(state) if team else None
    for i, s in enumerate(state.survivors):
        if not s.alive:
            continue
        score += SURVIVOR_WORTH
        if s.escaped:
            score += ESCAPED_WORTH
            continue
        score -= WOUND_COST * s.wounds
        score += CARD_WORTH * len(s.cards())
        if route is not None:
            cost = route.cost[s.zone]
            score -= ROUTE_STEP_COST * (ROUTE_COST_CAP if cost >= UNREACHABLE else min(cost, ROUTE_COST_CAP))
        margin = bots._margin(state, i, s.zone)
        if margin < 0:
            score += EXPOSURE_COST * margin
    return score
