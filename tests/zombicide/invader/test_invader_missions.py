"""Invader's missions M0-M10: each assembles on our own tiles with every zone reachable from the
start, and random and greedy bot games on every one keep the rules' invariants after each command
(one game in three saved, loaded and replayed to the same state). The planner wins the tutorial."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playouts import miniatures_of, play_checked

from game.board.mission import load_board
from game.board.model import Board, MarkerKind
from game.rules.zombicide import engine
from game.rules.zombicide.bots import greedy_bot, planner_bot, play_out, random_bot

MISSIONS = sorted((Path(__file__).resolve().parents[3] / "maps" / "missions").glob("inv-m*.toml"),
                  key=lambda p: int(p.stem.removeprefix("inv-m")))
SIX = ["jared", "baraka", "cole", "magnus", "vivian", "mitsuki"]
ONE_SEAT = {"players": [{"seat": "A", "survivors": SIX}]}
TWO_SEATS = {"players": [{"seat": "A", "survivors": SIX[:3]}, {"seat": "B", "survivors": SIX[3:]}]}
MAX_COMMANDS = 80


@cache
def mission_board(path: Path) -> Board:
    return load_board(path)


def test_the_book_has_eleven_missions() -> None:
    assert [p.stem for p in MISSIONS] == [f"inv-m{n}" for n in range(11)]


@pytest.mark.parametrize("path", MISSIONS, ids=[p.stem for p in MISSIONS])
def test_a_mission_assembles_and_every_zone_is_reachable_from_the_start(path: Path) -> None:
    board = mission_board(path)
    links: dict[str, set[str]] = {zone: set() for zone in board.zones}
    for c in board.connections:
        links[c.a].add(c.b)
        links[c.b].add(c.a)
    starts = [m.zone for m in board.markers if m.kind is MarkerKind.START]
    seen, queue = set(starts), deque(starts)
    while queue:
        for other in links[queue.popleft()] - seen:
            seen.add(other)
            queue.append(other)
    assert seen == set(board.zones)
    tiles = [Path(m.module.path).stem[:-1] for m in board.modules]  # inv-05R and inv-05V: one tile
    assert len(tiles) == len(set(tiles)), "a physical tile is used twice"
    state = engine.setup(board, ONE_SEAT, 1)
    assert state.box.name == "invader"
    assert state.graph.spawns and state.graph.starts


def check_invariants(state: Any, box_miniatures: tuple[int, ...], xeno_cards: list[int]) -> None:
    graph = state.graph
    for survivor in state.survivors:
        assert 0 <= survivor.zone < graph.zone_count, survivor.id
    on_board = [0] * state.tables.type_count
    for counts in state.zombies:
        for kind, count in enumerate(counts):
            assert count >= 0, "a zone holds a negative number of xenos"
            on_board[kind] += count
    for kind, (placed, left, box) in enumerate(zip(on_board, state.supply, box_miniatures, strict=True)):
        assert placed + left == box, f"{state.tables.zombie_ids[kind]}: miniatures appeared or vanished"
    held = [c for s in state.survivors for c in s.cards()]
    assert len(held) == len(set(held)), "a card is in two hands"
    assert not set(held) & set(state.equipment_deck + state.equipment_discard), "a held card is also in a pile"
    assert sorted(state.zombie_deck + state.zombie_discard) == xeno_cards  # the mission's (§16.2: maybe half the deck)
    if state.result is None:
        assert len(engine.current_seats(state)) == 1, "one seat plays at a time"


def invariants(first: Any) -> Callable[[Any], None]:
    miniatures = miniatures_of(first)
    cards = sorted(first.zombie_deck + first.zombie_discard)
    assert set(cards) <= set(first.tables.zombie_cards)
    return lambda state: check_invariants(state, miniatures, cards)


def play(board: Board, setup: Any, seed: int, greedy: bool, save: bool) -> int:
    return play_checked(board, setup, seed, greedy_bot if greedy else random_bot, invariants, MAX_COMMANDS, save)


def play_mission(path: Path, seeds: range) -> int:
    board = mission_board(path)
    return sum(play(board, TWO_SEATS if seed % 2 else ONE_SEAT, seed, greedy=seed % 4 == 0, save=seed % 3 == 0)
               for seed in seeds)


GAMES = 6  # make test; the thousands are the slow tests (make slow)
SLOW_GAMES = 200


@pytest.mark.parametrize("path", MISSIONS, ids=[p.stem for p in MISSIONS])
def test_bot_games_on_every_mission_keep_the_invariants(path: Path) -> None:
    assert play_mission(path, range(GAMES)) > GAMES


@pytest.mark.slow
@pytest.mark.parametrize("path", MISSIONS, ids=[p.stem for p in MISSIONS])
def test_thousands_of_bot_games_on_every_mission_keep_the_invariants(path: Path) -> None:
    assert play_mission(path, range(GAMES, GAMES + SLOW_GAMES)) > SLOW_GAMES


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0, max_value=len(MISSIONS) - 1), seed=st.integers(0, 2**31),
       greedy=st.booleans())
def test_games_from_any_seed_keep_the_invariants(index: int, seed: int, greedy: bool) -> None:
    play(mission_board(MISSIONS[index]), ONE_SEAT, seed, greedy=greedy, save=True)


def test_the_planner_wins_and_loses_the_tutorial_and_every_game_ends() -> None:
    board = mission_board(MISSIONS[0])
    results = [play_out(board, ONE_SEAT, seed, planner_bot).result for seed in range(1, 31)]
    assert None not in results and "won" in results


def test_the_table_shows_mold_machines_and_the_body_slots() -> None:
    from game.app.zombicide.view_model import occupancy_of, survivor_card

    state = engine.setup(mission_board(MISSIONS[2]), ONE_SEAT, 1)  # M2: Active Mold, a Sentry Gun, a Robot
    marks = {zone: tuple((p.token, p.label) for p in pieces) for zone, pieces in occupancy_of(state).box.items()}
    assert marks["inv-03R:c-ne"] == (("mold_active", "Active Mold"),)
    assert ("machine_sentry_gun", "Falchion Sentry Gun") in marks["inv-03R:c-c"]
    assert ("machine_robot", "Peacekeeper Bot") in marks["inv-05R:c-s"]
    pieces = [p for zone_pieces in occupancy_of(state).box.values() for p in zone_pieces]
    assert len({p.id for p in pieces}) == len(pieces)  # every piece its own id
    slots = survivor_card(state, "jared").slots
    assert [s.group for s in slots[:4]] == ["Hands", "Hands", "Body", "Body"]
    assert any(s.name == "Oxygen Tank" for s in slots[2:4])  # M2: every survivor starts with one equipped


def test_the_box_buttons_name_what_they_act_on() -> None:
    from game.app.zombicide.controller import GameController
    from game.rules.zombicide.boxes.invader.commands import ConcentratedAttack, MachineMove, UseCard

    board = mission_board(MISSIONS[2])
    controller = GameController.new(board, {**ONE_SEAT, "box": "invader"}, 1)
    robot = next(n for n, m in enumerate(controller.state.box_state.machines) if m.kind == "robot")
    move = controller.describe(MachineMove("jared", robot, "inv-05R:c-e")).label
    assert move.startswith("Move the Peacekeeper Bot: ") and "inv-05R" not in move  # the zone by its name
    assert controller.describe(UseCard("jared", 2)).label == "Use Oxygen Tank"
    aimed = controller.describe(ConcentratedAttack("jared", 0, "inv-05R:c-e", "tank")).label
    assert aimed.startswith("Concentrated Attack: SMG") and "on the Tank: " in aimed
