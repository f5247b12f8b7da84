"""Whole games: random play-outs keep the invariants, sessions save and replay exactly, bots finish."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from boards import TOWN, players, shipped_missions, sketch_board
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.core.session import SaveData, Session
from game.rules.zombicide import engine
from game.rules.zombicide.bots import greedy_bot, play_out, random_bot
from game.rules.zombicide.boxes.rue_morgue.wounds import WOUND
from game.rules.zombicide.commands import ChooseOption

BOARD = TOWN
SETUP = {
    "players": players(("joe", "dan", "cathy"), ("jane", "terry", "oso")),
    "goals": ["take_all_objectives"],
    "team_actions": {"survivors": ["charge", "move"]},
    "door_keys": {"pink": "blue"},
}


COMMANDS = engine.command_adapter("rue_morgue")
EVENTS = engine.event_adapter("rue_morgue")


def check_invariants(state, total_miniatures):
    on_board = [sum(state.zombies[z][t] for z in range(state.graph.zone_count)) for t in range(state.tables.type_count)]
    assert [a + b for a, b in zip(on_board, state.supply, strict=True)] == total_miniatures
    assert all(n >= 0 for n in state.supply)
    cards = Counter(state.equipment_deck + state.equipment_discard)
    for helicopter in state.box_state.helicopters:
        cards.update(helicopter.cards)
    for s in state.survivors:
        cards.update(c for c in s.slots if c >= 0)
        if s.alive:
            assert s.slots.count(WOUND) == s.wounds < 2
        else:
            assert s.cards() == ()
    assert all(n == 1 for n in cards.values()), "a card is in two places"
    assert sorted(state.zombie_deck + state.zombie_discard) == sorted(state.tables.zombie_cards)
    if state.pending is None and state.result is None:
        assert engine.current_seats(state)


def random_game(seed, max_commands=1500, bot=None):
    rng = Random(seed)
    state = engine.setup(BOARD, SETUP, seed)
    total = [a + b for a, b in zip(state.supply, (0,) * len(state.supply), strict=True)]
    log = []
    for _ in range(max_commands):
        if state.result is not None:
            break
        (seat,) = engine.current_seats(state)
        legal = engine.legal_commands(state, seat)
        assert legal, "a seat to play always has something to do"
        if len(log) % 10 == 0:
            for candidate in legal:
                engine.check(state, seat, candidate)
        command = bot(state, seat, legal, rng) if bot else legal[int(rng.random() * len(legal))]
        before = repr(state)
        new_state, events = engine.apply(state, seat, command)
        assert repr(state) == before
        for event in events:
            assert EVENTS.validate_json(EVENTS.dump_json(event)) == event
        state = new_state
        log.append((seat, command))
        check_invariants(state, total)
    return state, log


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_random_play_outs_keep_the_invariants(seed):
    random_game(seed)


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_greedy_play_outs_keep_the_invariants(seed):
    state, log = random_game(seed, bot=greedy_bot)
    assert state.result is not None or len(log) == 1500


def test_a_saved_session_replays_to_the_same_state():
    state, log = random_game(seed=17, max_commands=400)
    rules = engine.ZombicideRules()
    session = Session(rules, BOARD, SETUP, seed=17)
    for seat, command in log:
        session.play(seat, COMMANDS.validate_json(COMMANDS.dump_json(command)))
    assert session.state == state
    text = session.save().to_json()
    loaded = Session.load(rules, BOARD, SaveData.from_json(text, "game.json"))
    assert loaded.hash() == session.hash()
    for _ in range(50):
        session.undo()
    session.redo()
    assert len(session.log) == len(log) - 49
    assert session.hash() == Session.load(rules, BOARD, session.save()).hash()


def test_the_same_seed_and_commands_give_the_same_game():
    a = play_out(BOARD, SETUP, 5, random_bot, max_rounds=15)
    b = play_out(BOARD, SETUP, 5, random_bot, max_rounds=15)
    c = play_out(BOARD, SETUP, 6, random_bot, max_rounds=15)
    assert a.final_hash == b.final_hash
    assert a.final_hash != c.final_hash


def test_bots_play_games_to_the_end():
    results = [play_out(BOARD, SETUP, seed, greedy_bot, max_rounds=40) for seed in range(6)]
    assert all(r.commands > 0 and r.rounds >= 1 for r in results)
    assert {r.result for r in results} <= {"won", "lost", None}
    assert any(r.zombies_killed > 0 for r in results)
    assert any(r.result is not None for r in results)


def test_greedy_bot_answers_pending_decisions_with_legal_options():
    state = engine.setup(BOARD, SETUP, 3)
    rng = Random(3)
    seen_pending = 0
    for _ in range(600):
        if state.result is not None:
            break
        (seat,) = engine.current_seats(state)
        legal = engine.legal_commands(state, seat)
        command = greedy_bot(state, seat, legal, rng)
        if state.pending is not None:
            seen_pending += 1
            assert isinstance(command, ChooseOption) and command in legal
        state, _ = engine.apply(state, seat, command)
    assert seen_pending > 0


MISSIONS = shipped_missions()  # Rue Morgue's: other boxes play theirs in their own tests


@pytest.mark.parametrize("path", MISSIONS, ids=[p.stem for p in MISSIONS])
def test_every_shipped_mission_sets_up_and_plays(path):
    from game.board.mission import load_board

    board = load_board(path)
    one_seat = {"players": players(("joe", "dan", "cathy", "jane", "terry", "oso"))}
    state = engine.setup(board, one_seat, 1)
    assert state.graph.starts and (state.graph.spawns or state.setup.goals)
    result = play_out(board, one_seat, 1, greedy_bot, max_rounds=6)
    assert result.commands > 0


def test_a_save_keeps_the_missions_own_setup_table():
    board = sketch_board(
        "s s s",
        markers=[("start", (0, 0)), ("objective", (0, 2))],
        setup={"goals": ["take_all_objectives"], "objective_xp": 9},
    )
    rules = engine.ZombicideRules()
    session = Session(rules, board, {"players": [{"seat": "A", "survivors": ["joe"]}]}, seed=2)
    session.play("A", engine.Move("joe", "r0c1"))
    loaded = Session.load(rules, board, SaveData.from_json(session.save().to_json()))
    assert loaded.state.setup.goals == ("take_all_objectives",)
    assert loaded.state.setup.objective_xp == 9
    assert loaded.hash() == session.hash()
