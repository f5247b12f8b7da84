"""Seeded random games from set-up to the score, 3 to 6 players, with and without the draft: they end,
keep every card, Antidote and zombie accounted for, refuse nothing the engine itself offered, never
change their input, and replay to the same positions."""

from __future__ import annotations

import pytest

from game.rules.city_of_horror.engine import CityOfHorrorRules as Rules
from game.rules.core.session import state_hash
from tests.city_of_horror.coh_helpers import check_invariants, play_out, spec


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_end_with_a_score_and_keep_their_books(players, seed):
    setup = spec(players, draft=seed == 2, sides={"crossroads": "B", "armory": "B"} if seed == 2 else {})
    state = None
    rounds_seen = set()
    for before, _, _, after, _ in play_out(setup, seed * 10 + players):
        check_invariants(after)
        rounds_seen.add(after.round)
        state = after
        assert before is not after
    assert state is not None and state.over
    assert rounds_seen >= {1, 2, 3, 4}
    assert [seat for seat, _ in state.scores] == list(state.seats)
    assert set(state.winners) <= set(state.seats)
    for seat, points in state.scores:
        assert points == 0 if not state.in_game(seat) else points > 0


def test_apply_never_changes_its_input_and_replays_the_same():
    setup = spec(5)
    log, hashes = [], []
    for before, seat, command, after, _ in play_out(setup, 77):
        text = repr(before)
        again, _ = Rules.apply(before, seat, command)
        assert repr(before) == text
        assert state_hash(again) == state_hash(after)
        log.append((seat, command))
        hashes.append(state_hash(after))
    state = Rules.setup(None, setup, 77)
    for (seat, command), expected in zip(log, hashes, strict=True):
        state, _ = Rules.apply(state, seat, command)
        assert state_hash(state) == expected


def test_every_command_the_engine_offers_is_accepted():
    """Over a game, every legal command of every seat applies (checked on a sample of positions)."""
    for step, (before, _, _, _, _) in enumerate(play_out(spec(4), 5)):
        if step % 7:
            continue
        for seat in before.seats:
            for command in Rules.legal_commands(before, seat):
                Rules.apply(before, seat, command)


def test_commands_go_through_json_and_back():
    for _, _, command, _, _ in play_out(spec(3), 9):
        text = Rules.command_to_json(command)
        assert Rules.command_from_json(text) == command
