"""The search bot: deterministic for a seed and budget, blind to what the players cannot see, and
legal in every command it plays."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from random import Random

from game.board.mission import load_board
from game.rules.core.rng import new_rng
from game.rules.zombicide import engine
from game.rules.zombicide.bots import planner_bot
from game.rules.zombicide.boxes.rue_morgue.content import tents as tent_cards
from game.rules.zombicide.catalog import load_catalog
from game.rules.zombicide.determinize import determinize
from game.rules.zombicide.search import LOST, WON, SearchBudget, advise, clear_gain, search_bot
from game.rules.zombicide.simulate import mission_team, players_for
from game.rules.zombicide.state import ZombicideState

MISSIONS_DIR = Path(__file__).resolve().parents[2] / "maps" / "missions"
SMALL = SearchBudget(playouts=6, candidates=3)


LOST_SCORE = LOST + 6 * 400.0  # a world lost, as _score counts it
WON_SCORE = WON + 6 * 400.0


def _start(mission: str, seed: int) -> ZombicideState:
    board = load_board(MISSIONS_DIR / f"{mission}.toml")
    box = board.properties["setup"].get("box", "rue_morgue")
    team = mission_team(mission, [s.id for s in load_catalog(box).survivors])
    return engine.setup(board, {"players": players_for(team)}, seed)


def _searched_moment(mission: str, seed: int) -> tuple[ZombicideState, str]:
    """The planner plays until a decision the search bot looks ahead at (zombies near the team)."""
    state = _start(mission, seed)
    rng = Random(seed)
    for _ in range(2000):
        assert state.result is None, "the game ended before the search had anything to weigh"
        seat = min(engine.current_seats(state))
        legal = engine.legal_commands(state, seat)
        if advise(state, seat, legal, Random(0), SearchBudget(playouts=2, candidates=2)).searched:
            return state, seat
        state, _ = engine.apply(state, seat, planner_bot(state, seat, legal, rng))
    raise AssertionError("no decision worth a search in 2000 commands")


def _hide_differently(state: ZombicideState, seed: int) -> ZombicideState:
    """The same table with the decks in another order and other dice to come."""
    rng = Random(seed)
    equipment = list(state.equipment_deck)
    zombies = list(state.zombie_deck)
    rng.shuffle(equipment)
    rng.shuffle(zombies)
    return replace(state, equipment_deck=tuple(equipment), zombie_deck=tuple(zombies), rng=new_rng(seed + 99))


def test_the_same_seed_and_budget_give_the_same_advice() -> None:
    state, seat = _searched_moment("rm-night-shift", 3)
    legal = engine.legal_commands(state, seat)
    first = advise(state, seat, legal, Random(7), SMALL)
    second = advise(state, seat, legal, Random(7), SMALL)
    assert first.searched and len(first.considered) >= 2
    assert first == second
    assert all(c.playouts == SMALL.playouts // len(first.considered) for c in first.considered)
    assert sum(c.planner for c in first.considered) == 1


def test_hidden_deck_order_and_future_dice_do_not_change_the_choice() -> None:
    state, seat = _searched_moment("rm-night-shift", 3)
    other = _hide_differently(state, 5)
    assert other.equipment_deck != state.equipment_deck or other.zombie_deck != state.zombie_deck
    assert other.rng != state.rng
    legal = engine.legal_commands(state, seat)
    assert engine.legal_commands(other, seat) == legal
    assert advise(state, seat, legal, Random(11), SMALL) == advise(other, seat, legal, Random(11), SMALL)


def test_a_world_is_dealt_from_the_seed_alone_and_keeps_every_card() -> None:
    state = _start("rm-night-shift", 1)
    other = _hide_differently(state, 2)
    world, world_again = determinize(state, 4), determinize(other, 4)
    assert world == world_again and world.rng == world_again.rng
    assert sorted(world.equipment_deck) == sorted(state.equipment_deck)
    assert sorted(world.zombie_deck) == sorted(state.zombie_deck)
    assert determinize(state, 5).equipment_deck != world.equipment_deck


def test_rue_morgue_tents_face_down_are_dealt_anew_and_face_up_ones_stay() -> None:
    state = _start("rm-field-hospital", 1)
    tents = state.box_state.tents
    assert len(tents) >= 3
    revealed = (True,) + (False,) * (len(tents) - 1)
    shown = replace(state, box_state=replace(state.box_state, tents_revealed=revealed))
    other = replace(shown, box_state=replace(shown.box_state, tents=(tents[0], *reversed(tents[1:]))))
    world = determinize(shown, 3)
    assert world.box_state.tents[0] == tents[0]
    assert world.box_state == determinize(other, 3).box_state
    assert [bool(card) for card in world.box_state.tents] == [bool(card) for card in tents]  # which tents hold a card
    deck = Counter(card.id for card in tent_cards(state.tables.catalog) for _ in range(card.count))
    assert not Counter(world.box_state.tents[1:]) - deck - Counter({"": len(tents)})
    worlds = {determinize(shown, seed).box_state.tents for seed in range(30)}
    assert len(worlds) > 1


def test_green_horde_vault_order_is_not_read() -> None:
    state = _start("gh-01-dragon-bile", 1)
    vault = state.box_state.vault
    other = replace(state, box_state=replace(state.box_state, vault=tuple(reversed(vault))))
    assert determinize(state, 2).box_state == determinize(other, 2).box_state
    assert sorted(determinize(state, 2).box_state.vault) == sorted(vault)


def test_invader_face_down_colours_are_dealt_anew() -> None:
    state = _start("inv-m1", 1)
    box_state = state.box_state
    colours = box_state.objective_colours
    face_down = [n for n in range(len(colours)) if n not in box_state.revealed]
    world = determinize(state, 2)
    assert sorted(world.box_state.objective_colours[n] for n in face_down) == sorted(colours[n] for n in face_down)
    rotated = list(colours)
    values = [colours[n] for n in face_down]
    for n, value in zip(face_down, values[1:] + values[:1], strict=True):
        rotated[n] = value
    other = replace(state, box_state=replace(box_state, objective_colours=tuple(rotated)))
    assert determinize(other, 2).box_state == world.box_state


def test_the_search_bot_plays_legal_commands_to_the_end_of_a_tutorial() -> None:
    state = _start("rm-tutorial-1", 2)
    rng = Random(2)
    for _ in range(400):
        if state.result is not None:
            break
        seat = min(engine.current_seats(state))
        legal = engine.legal_commands(state, seat)
        command = search_bot(state, seat, legal, rng)
        assert command in legal
        state, _ = engine.apply(state, seat, command)
    assert state.result == "won"


def test_the_search_bot_is_registered_for_simulate_and_the_platform() -> None:
    from game.platform.registry import bot
    from game.rules.zombicide.simulate import BOTS

    assert BOTS["search"] is search_bot
    assert bot("zombicide", "search") is search_bot


def test_one_lucky_world_is_no_reason_to_leave_the_planner() -> None:
    # eight worlds on the same luck: the other candidate wins one game the planner's loses, the rest alike
    planner = [LOST_SCORE] * 3 + [WON_SCORE] * 5
    lucky = [LOST_SCORE] * 2 + [WON_SCORE] * 6
    assert not clear_gain(lucky, planner, margin=60.0, confidence=2.0)


def test_a_steady_gain_in_every_world_leaves_the_planner() -> None:
    planner = [100.0, 250.0, -30.0, 400.0, 90.0, 10.0, 75.0, 300.0]
    steady = [p + gain for p, gain in zip(planner, [80.0, 95.0, 70.0, 110.0, 85.0, 90.0, 100.0, 75.0], strict=True)]
    assert clear_gain(steady, planner, margin=60.0, confidence=2.0)
    assert not clear_gain(steady, planner, margin=200.0, confidence=2.0)  # steady, but under the margin


def test_a_gain_from_a_single_world_or_none_is_never_clear() -> None:
    assert not clear_gain([500.0], [0.0], margin=60.0, confidence=2.0)
    assert not clear_gain([], [], margin=60.0, confidence=2.0)
    assert clear_gain([500.0, 500.0], [0.0, 0.0], margin=60.0, confidence=2.0)  # the same gain twice
