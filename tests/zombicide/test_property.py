"""Property test: thousands of random bot games on every shipped mission and on small sketch boards
never raise and keep the rules' invariants after every command, and every game saved, loaded and
replayed ends in the same state hash.

Invariants checked after each command: every survivor stands in exactly one zone of the board and
no zone holds a negative number of zombies; each zombie type's miniatures on the board plus those
left in the supply make the box's count (so the board never holds more than the box); no card is in
two places; ``apply`` leaves its input state as it was; a seat to play always has a legal command.
Every listed legal command passes ``check`` (all of them at sampled states; the one played is
applied at every state, and ``check`` is ``apply`` without the result).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from random import Random
from typing import Any

import pytest
from boards import CAMP, TOWN, players, shipped_missions, sketch_board
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board.mission import load_board
from game.board.model import Board
from game.rules.core.session import SaveData, Session, state_hash
from game.rules.zombicide import engine
from game.rules.zombicide.bots import greedy_bot, random_bot
from game.rules.zombicide.boxes.rue_morgue.state import board_of
from game.rules.zombicide.boxes.rue_morgue.wounds import WOUND

MISSIONS = shipped_missions()  # Rue Morgue's: other boxes play theirs in their own tests
MAX_COMMANDS = 60  # a play-out stops here if the game is not over
CHECK_ALL_EVERY = 20  # every legal command is checked at one state in this many
SAVE_EVERY = 3  # one play-out in this many is saved, loaded and replayed

SIX = ["joe", "dan", "cathy", "jane", "terry", "oso"]
TWO_SEATS = {"players": players(SIX[:3], SIX[3:])}

TOWN_SETUP = {
    **TWO_SEATS,
    "goals": ["take_all_objectives"],
    "team_actions": {"survivors": ["charge", "move"]},
    "door_keys": {"pink": "blue"},
}

# On the camp the helicopter flies.
CAMP_SETUP = {**TWO_SEATS, "goals": ["escape_all"], "helicopter_flies": True, "auto_wounds": True}

# A lone corridor between a spawn and the exit: one survivor, crowded fast.
CORRIDOR = sketch_board("s s s s s s", [("start", (0, 1)), ("spawn", (0, 5)), ("exit", (0, 0))])
CORRIDOR_SETUP = {"players": [{"seat": "A", "survivors": ["parker"]}], "goals": ["all_in_exit"]}

# Two rival teams (competitive mode) on the town.
RIVALS_SETUP = {
    "players": players(SIX[:3], SIX[3:], teams=("red", "blue")),
    "competitive": True,
    "vests_per_team": 1,
}

SKETCHES: dict[str, tuple[Board, Mapping[str, Any]]] = {
    "town": (TOWN, TOWN_SETUP),
    "camp": (CAMP, CAMP_SETUP),
    "corridor": (CORRIDOR, CORRIDOR_SETUP),
    "rivals": (TOWN, RIVALS_SETUP),
}


@cache
def mission_board(path: Path) -> Board:
    return load_board(path)


def check_invariants(state: Any, box_miniatures: tuple[int, ...]) -> None:
    graph = state.graph
    for survivor in state.survivors:
        assert isinstance(survivor.zone, int) and 0 <= survivor.zone < graph.zone_count, survivor.id
        if survivor.alive:
            assert survivor.slots.count(WOUND) == survivor.wounds, survivor.id
        else:
            assert survivor.cards() == (), f"{survivor.id} is dead and still carries cards"
    assert len(state.zombies) == graph.zone_count
    on_board = [0] * state.tables.type_count
    for counts in state.zombies:
        for kind, count in enumerate(counts):
            assert count >= 0, "a zone holds a negative number of zombies"
            on_board[kind] += count
    for kind, (placed, left, box) in enumerate(zip(on_board, state.supply, box_miniatures, strict=True)):
        assert left >= 0 and placed <= box, f"{state.tables.zombie_ids[kind]}: {placed} on the board, box has {box}"
        assert placed + left == box, f"{state.tables.zombie_ids[kind]}: miniatures appeared or vanished"
    cards = Counter(state.equipment_deck + state.equipment_discard)
    for helicopter in state.box_state.helicopters:
        cards.update(helicopter.cards)
    for survivor in state.survivors:
        cards.update(survivor.cards())
    assert [card for card, n in cards.items() if n > 1] == [], "a card is in two places"
    assert sorted(state.zombie_deck + state.zombie_discard) == sorted(state.tables.zombie_cards)
    if state.result is None:
        assert len(engine.current_seats(state)) == 1, "one seat plays at a time"


def fields_of(state: Any) -> list[Any]:
    """The state's own fields and each survivor's, by identity: apply may share them, never change them."""
    shallow = [getattr(state, name) for name in state.__dataclass_fields__]
    return shallow + [getattr(s, name) for s in state.survivors for name in s.__dataclass_fields__]


def same_objects(before: list[Any], after: list[Any]) -> bool:
    return len(before) == len(after) and all(a is b for a, b in zip(before, after, strict=True))


def play_checked(board: Board, setup: Mapping[str, Any], seed: int, greedy: bool, save: bool) -> int:
    """One bot game of at most MAX_COMMANDS commands, every invariant checked after each command;
    returns how many commands were played."""
    rng = Random(seed)
    bot = greedy_bot if greedy else random_bot
    state = engine.setup(board, setup, seed)
    box_miniatures = state.supply  # nothing is on the board at set-up
    check_invariants(state, box_miniatures)
    log = []
    while state.result is None and len(log) < MAX_COMMANDS:
        (seat,) = engine.current_seats(state)
        legal = engine.legal_commands(state, seat)
        assert legal, "a seat to play always has something to do"
        sampled = rng.random() * CHECK_ALL_EVERY < 1
        if sampled:
            for candidate in legal:
                engine.check(state, seat, candidate)
        command = bot(state, seat, legal, rng)
        assert command in legal
        before = fields_of(state)
        text_before = repr(state) if sampled else ""
        new_state, _ = engine.apply(state, seat, command)  # raises if the listed command is refused
        assert same_objects(before, fields_of(state)), f"apply changed its input state ({command})"
        assert not sampled or repr(state) == text_before, f"apply changed its input state ({command})"
        state = new_state
        log.append((seat, command))
        check_invariants(state, box_miniatures)
    if save:
        rules = engine.ZombicideRules()
        session = Session(rules, board, setup, seed)
        session.replay(log)
        assert session.hash() == state_hash(state), "replaying the log gave another game"
        text = session.save().to_json()
        loaded = Session.load(rules, board, SaveData.from_json(text, f"seed {seed}"))
        assert loaded.hash() == state_hash(state), "save → load → replay gave another game"
    return len(log)


def play_block(board: Board, setup: Mapping[str, Any], seeds: range) -> int:
    commands = 0
    for seed in seeds:
        commands += play_checked(board, setup, seed, greedy=seed % 4 == 0, save=seed % SAVE_EVERY == 0)
    return commands


SIX_ON_ONE_SEAT = {"players": [{"seat": "A", "survivors": SIX}]}
BLOCKS = 4
MISSION_GAMES_PER_BLOCK = 80
SKETCH_GAMES_PER_BLOCK = 60


@pytest.mark.parametrize("block", range(BLOCKS))
@pytest.mark.parametrize("path", MISSIONS, ids=[p.stem for p in MISSIONS])
def test_random_games_on_shipped_missions_keep_the_invariants(path, block):
    setup = TWO_SEATS if block % 2 else SIX_ON_ONE_SEAT
    seeds = range(block * MISSION_GAMES_PER_BLOCK, (block + 1) * MISSION_GAMES_PER_BLOCK)
    assert play_block(mission_board(path), setup, seeds) > MISSION_GAMES_PER_BLOCK


@pytest.mark.parametrize("block", range(BLOCKS))
@pytest.mark.parametrize("name", sorted(SKETCHES))
def test_random_games_on_sketch_boards_keep_the_invariants(name, block):
    board, setup = SKETCHES[name]
    seeds = range(10_000 + block * SKETCH_GAMES_PER_BLOCK, 10_000 + (block + 1) * SKETCH_GAMES_PER_BLOCK)
    assert play_block(board, setup, seeds) > SKETCH_GAMES_PER_BLOCK


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(SKETCHES) + [p.stem for p in MISSIONS]),
    seed=st.integers(min_value=0, max_value=2**31),
    greedy=st.booleans(),
)
def test_games_from_any_seed_keep_the_invariants(name, seed, greedy):
    if name in SKETCHES:
        board, setup = SKETCHES[name]
    else:
        board, setup = mission_board(next(p for p in MISSIONS if p.stem == name)), TWO_SEATS
    play_checked(board, setup, seed, greedy=greedy, save=True)


def test_the_sketch_boards_have_what_they_exercise():
    camp = engine.setup(CAMP, CAMP_SETUP, 1)
    assert board_of(camp.graph).tent_zones and board_of(camp.graph).trigger_tiles and camp.box_state.helicopters
    town = engine.setup(TOWN, TOWN_SETUP, 1)
    assert len(town.graph.objectives) == 2 and town.graph.exits
    rivals = engine.setup(TOWN, RIVALS_SETUP, 1)
    assert {s.team for s in rivals.survivors} == {"red", "blue"}
