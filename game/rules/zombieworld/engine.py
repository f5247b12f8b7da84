"""The Zombieworld Evolution rules engine, its public face: setup, current_seats, legal_commands,
check, apply, outcome, player_view and ``ZombieworldRules`` for sessions.

``apply`` validates a command and plays it on a working copy (``working.Game``) so the input state
is never touched; a refused command raises IllegalCommand before anything is returned. The rules
live one concern per module (``working`` lists them). The zombie side is an automaton: whenever
its turn comes in the initiative order it moves and fights inside ``apply``, emitting events.
Every die comes from the state's seeded RNG and appears in a ``DiceRolled`` event with its
modifiers.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from game.board.model import Board
from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.core.rng import RngState
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import spoken
from game.rules.zombieworld.casualties import withdraw
from game.rules.zombieworld.catalog import load_catalog
from game.rules.zombieworld.charges import do_charge
from game.rules.zombieworld.climbing import do_climb, do_jump
from game.rules.zombieworld.containers import scenario_container_at
from game.rules.zombieworld.decisions import answer
from game.rules.zombieworld.deploying import do_deploy, do_deployment_done
from game.rules.zombieworld.deployment import (
    ALLIANCE_FIXED_UP_TO,
    ALLIANCE_MIN_BANDS,
    alliance_problem,
    setup,
)
from game.rules.zombieworld.equipment import (
    EXCHANGE_CM,
    do_exchange,
    do_first_aid,
    do_hand_over,
    do_keep_found,
    do_pick_up,
    do_reload,
    do_swap,
    do_use_item,
    ground_item,
)
from game.rules.zombieworld.legal import legal_commands
from game.rules.zombieworld.measures import (
    DrivePlan,
    MoveCost,
    Reach,
    ShotRange,
    at_exit,
    drive_plan,
    engaged,
    height_cm,
    jump_price,
    move_cost,
    profile,
    reach,
    shot_range,
)
from game.rules.zombieworld.melee import do_disengage, do_fight
from game.rules.zombieworld.movement import (
    GEAR_CHANGE_CM,
    SPRINT_DICE,
    SPRINT_STEP_CM,
    do_dismount,
    do_entrench,
    do_leave_table,
    do_mount,
    do_move,
    do_sprint,
)
from game.rules.zombieworld.reactions import do_shoot
from game.rules.zombieworld.rounds import ALLIANCE_FLIP_ON, advance, current_seats, do_activate, do_end
from game.rules.zombieworld.searching import do_search
from game.rules.zombieworld.shooting import POINT_BLANK_CM
from game.rules.zombieworld.state import Activation, Bang, State, ZombieworldSetup
from game.rules.zombieworld.vehicles import TURN_COST_CM, do_board, do_change_seat, do_drive, do_leave_vehicle
from game.rules.zombieworld.working import Game

__all__ = [
    # the contract
    "NAME", "VERSION", "ZombieworldRules", "apply", "check", "current_seats", "legal_commands", "outcome",
    "player_view", "setup",
    # what the window asks the engine to measure, and the rule numbers it words
    "ALLIANCE_FIXED_UP_TO", "ALLIANCE_FLIP_ON", "ALLIANCE_MIN_BANDS", "EXCHANGE_CM", "GEAR_CHANGE_CM",
    "POINT_BLANK_CM", "SPRINT_DICE", "SPRINT_STEP_CM", "TURN_COST_CM", "DrivePlan", "MoveCost", "Reach",
    "ShotRange", "alliance_problem", "at_exit", "drive_plan", "engaged", "ground_item", "height_cm", "jump_price", "move_cost",
    "profile", "reach", "scenario_container_at", "shot_range",
    # state types and the catalog, for callers that build states
    "Activation", "Bang", "load_catalog",
]

NAME = "zombieworld"
VERSION = "2"  # 2: the rules held to the book (issue 12): deployment dice, cover, walkers at doors...

_HANDLERS: dict[type, Any] = {
    c.Activate: do_activate,
    c.MoveModel: do_move,
    c.Sprint: do_sprint,
    c.Shoot: do_shoot,
    c.Charge: do_charge,
    c.Fight: do_fight,
    c.Disengage: do_disengage,
    c.Reload: do_reload,
    c.SwapWeapons: do_swap,
    c.EndActivation: do_end,
    c.Search: do_search,
    c.UseItem: do_use_item,
    c.FirstAid: do_first_aid,
    c.Entrench: do_entrench,
    c.PickUp: do_pick_up,
    c.Exchange: do_exchange,
    c.HandOver: do_hand_over,
    c.KeepFound: do_keep_found,
    c.LeaveTable: do_leave_table,
    c.BoardVehicle: do_board,
    c.LeaveVehicle: do_leave_vehicle,
    c.Drive: do_drive,
    c.ChangeSeat: do_change_seat,
    c.Climb: do_climb,
    c.Jump: do_jump,
    c.Mount: do_mount,
    c.Dismount: do_dismount,
}


def outcome(state: State) -> tuple[str, ...] | None:
    """None while playing; the winning seats (possibly none, or several for a draw) once finished."""
    return state.winners if state.finished else None


def player_view(state: State, seat: str) -> State:
    """What a seat may look at: everything on the table is public; the dice to come are not. For
    showing only: never apply commands to a view."""
    return replace(state, rng=RngState(seed=0))  # no seed, no draw count, no dice queued to come


def check(state: State, seat: str, command: Any) -> None:
    apply(state, seat, command)


def apply(state: State, seat: str, command: Any) -> tuple[State, tuple[Any, ...]]:
    if state.finished:
        raise IllegalCommand(Said(N_("the game is over")))
    game = Game(state)
    if state.decision is not None:  # play waits for one player's choice
        decision = state.decision
        if seat != decision.seat:
            raise IllegalCommand(Said(N_("another player is choosing now")))
        answer(game, decision, command)
        advance(game)
        return game.freeze(), tuple(game.events)
    if state.deploying:  # book 10.1: the bands deploy one after another
        if seat != state.deploying[0]:
            raise IllegalCommand(Said(N_("another band is deploying now")))
        if isinstance(command, c.Deploy):
            do_deploy(game, seat, command)
        elif isinstance(command, c.DeploymentDone) and command.seat == seat:
            do_deployment_done(game, seat, command)
        else:
            raise IllegalCommand(Said(N_("the bands are deploying: place your figures, then say you are done")))
        return game.freeze(), tuple(game.events)
    if isinstance(command, (*c.ANSWERS, c.Deploy, c.DeploymentDone)):
        raise IllegalCommand(Said(N_("there is no choice to answer now")) if isinstance(command, c.ANSWERS)
                             else Said(N_("the bands have deployed")))
    if isinstance(command, c.Withdraw):
        if seat not in state.seats or game.score(seat).withdrawn:
            raise IllegalCommand(Said(N_("this band is not on the table")))
        withdraw(game, seat)
        if game.active is not None and game.active.model not in game.models:
            game.active = None
        advance(game)
        return game.freeze(), tuple(game.events)
    if seat not in current_seats(state):
        raise IllegalCommand(Said(N_("it is not this player's turn")))
    model = game.models.get(getattr(command, "model", ""))
    if model is None:
        raise IllegalCommand(Said(N_("no such model on the table")))
    if model.side != seat:
        raise IllegalCommand(Said(N_("{name} is not yours"), name=spoken.who(game.catalog, model)))
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise IllegalCommand(Said(N_("unknown command {name}"), name=type(command).__name__))
    active = game.active
    if active is not None and (active.found_item or active.found_survivor) \
            and not isinstance(command, (c.HandOver, c.KeepFound)):
        game.active = replace(active, found_item="", found_survivor="")  # the moment of the find has passed
    handler(game, model, command)
    advance(game)
    return game.freeze(), tuple(game.events)


class ZombieworldRules:
    name = NAME
    version = VERSION

    def __init__(self) -> None:
        self.opening_events: tuple[Any, ...] = ()  # what the last set-up told (dice, spawns, first moves)

    def setup(self, board: Board, setup_spec: ZombieworldSetup, seed: int) -> State:
        told: list[Any] = []
        state = setup(board, setup_spec, seed, events=told)
        self.opening_events = tuple(told)
        return state

    def current_seats(self, state: State) -> frozenset[str]:
        return current_seats(state)

    def legal_commands(self, state: State, seat: str) -> list[Any]:
        return legal_commands(state, seat)

    def check(self, state: State, seat: str, command: Any) -> None:
        check(state, seat, command)

    def apply(self, state: State, seat: str, command: Any) -> tuple[State, tuple[Any, ...]]:
        return apply(state, seat, command)

    def outcome(self, state: State) -> tuple[str, ...] | None:
        return outcome(state)

    def player_view(self, state: State, seat: str) -> State:
        return player_view(state, seat)

    def command_to_json(self, command: Any) -> str:
        return c.COMMAND_ADAPTER.dump_json(command).decode()

    def command_from_json(self, text: str) -> Any:
        return c.COMMAND_ADAPTER.validate_json(text)

    def setup_to_json(self, setup_spec: ZombieworldSetup) -> str:
        return setup_spec.model_dump_json()

    def setup_from_json(self, text: str) -> ZombieworldSetup:
        data = json.loads(text)
        if isinstance(data, dict):  # saved before issue 13: replayed with the placement it was played with
            data.setdefault("legacy_placement", True)
            data.setdefault("scenario_containers", False)
        return ZombieworldSetup.model_validate(data)
