"""The conformance suite every registered game must pass (and the toy game of hidden hands, which
stands in for the games of secrets to come):

- the same seed and commands give the same results in processes with different ``PYTHONHASHSEED``;
- ``apply`` never changes its input;
- save → load → replay through the save envelope gives the same state hash;
- ``player_view`` leaks nothing: two states that differ only in seat B's secrets look the same to
  seat A, and commands of B that differ only in B's secret give A the same events;
- every event is seen by someone: its audience is everyone, some of the game's seats, or nobody
  until the game ends, when every seat sees every event.
"""

from __future__ import annotations

import os
import subprocess
import sys
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.platform import envelope, registry
from game.rules.core.session import Session, state_hash
from game.rules.core.visibility import SPECTATOR, audience_of, events_for
from tests.platform.conformance import ADAPTERS, NOBODY, REPO, play_out
from tests.platform.toy_game import GAME as TOY

pytestmark = pytest.mark.usefixtures("fixture_roots")  # the toy game plays on a tests/fixtures/ map

STEPS = 60


@pytest.fixture(autouse=True, scope="module")
def toy_registered():
    registry.register(TOY)
    yield
    registry.unregister(TOY.id)


def game_ids() -> list[str]:
    return [*(entry.id for entry in registry.games() if entry.id != TOY.id), TOY.id]


GAMES = game_ids()


def seats_of(state, ruleset) -> list[str]:
    seats = getattr(state, "seats", ())
    return list(seats) or sorted(ruleset.current_seats(state))


def test_every_registered_game_has_a_conformance_adapter():
    missing = [entry.id for entry in registry.games() if entry.id not in ADAPTERS]
    assert not missing, f"games without a conformance adapter in tests/platform/conformance.py: {missing}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_game_in_processes_with_different_hash_seeds(game_id):
    digests = set()
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        result = subprocess.run([sys.executable, "-m", "tests.platform.conformance", game_id, "5", "40"], cwd=REPO,
                                env=env, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        digests.add(result.stdout.strip())
    assert len(digests) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_apply_never_changes_its_input(game_id):
    adapter = ADAPTERS[game_id]
    ruleset, board, setup = adapter.new_game(3)
    state = ruleset.setup(board, setup, 3)
    chooser = Random(3)
    for _ in range(STEPS):
        seats = sorted(ruleset.current_seats(state))
        if not seats:
            break
        seat = seats[0]
        command = adapter.random_command(ruleset, state, seat, chooser)
        if command is None:
            break
        before = (state_hash(state), repr(state))
        new_state, _ = ruleset.apply(state, seat, command)
        assert (state_hash(state), repr(state)) == before, f"apply changed its input at {command!r}"
        state = new_state


@pytest.mark.parametrize("game_id", GAMES)
def test_save_load_replay_gives_the_same_hash(game_id, tmp_path):
    adapter = ADAPTERS[game_id]
    ruleset, board, setup = adapter.new_game(8)
    session = Session(ruleset, board, setup, 8)
    chooser = Random(8)
    for _ in range(STEPS):
        seats = sorted(ruleset.current_seats(session.state))
        if not seats:
            break
        command = adapter.random_command(ruleset, session.state, seats[0], chooser)
        if command is None:
            break
        session.play(seats[0], command)
    assert session.log, "the play-out made no move"
    path = envelope.write_game(tmp_path / f"{game_id}.json", registry.game(game_id), session)
    loaded = envelope.load_game(path)
    assert loaded.entry.id == game_id
    assert loaded.session.hash() == session.hash()
    assert len(loaded.session.log) == len(session.log)
    assert loaded.notes == ()


def _views(ruleset, state, seat):
    return repr(ruleset.player_view(state, seat))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10_000), steps=st.integers(min_value=0, max_value=30),
       twin_seed=st.integers(min_value=0, max_value=10_000))
@pytest.mark.parametrize("game_id", GAMES)
def test_player_view_shows_a_seat_nothing_of_the_others_secrets(game_id, seed, steps, twin_seed):
    adapter = ADAPTERS[game_id]
    states, _, _ = play_out(game_id, seed, steps)
    state = states[-1]
    ruleset = adapter.new_game(seed)[0]
    seats = seats_of(state, ruleset)
    chooser = Random(twin_seed)
    for owner in [NOBODY, *seats]:
        twin = adapter.twin(state, owner, chooser)
        for seat in [SPECTATOR, *seats]:
            if seat == owner:
                continue
            assert _views(ruleset, state, seat) == _views(ruleset, twin, seat), (
                f"{seat or 'a spectator'} sees a difference in {owner or 'nobody'}'s secrets")
    for owner in seats:
        for first, second in adapter.secret_pairs(ruleset, state, owner):
            after_first, events_first = ruleset.apply(state, owner, first)
            after_second, events_second = ruleset.apply(state, owner, second)
            for seat in [SPECTATOR, *seats]:
                if seat == owner:
                    continue
                assert events_for(events_first, seat) == events_for(events_second, seat)
                assert _views(ruleset, after_first, seat) == _views(ruleset, after_second, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_is_seen_by_someone(game_id):
    states, _, events = play_out(game_id, 11, 400)
    ruleset = ADAPTERS[game_id].new_game(11)[0]
    seats = set(seats_of(states[0], ruleset))
    assert events, "the play-out told nothing"
    for event in events:
        audience = audience_of(event)
        assert audience.seats is None or audience.seats <= seats, f"{event!r} names seats outside the game"
        if not audience.public and not audience.hidden:
            assert any(audience.allows(seat) for seat in seats)
    if ruleset.outcome(states[-1]) is not None:
        for seat in seats:
            assert events_for(events, seat, revealed=True) == tuple(events)


def test_the_toy_game_keeps_hands_and_sealed_picks_secret_until_the_reveal():
    from tests.platform.toy_game import CardDealtFaceDown, Play, ShowdownRules, ShowdownSetup

    rules = ShowdownRules()
    state = rules.setup(None, ShowdownSetup(seats=("ana", "ben")), 4)
    assert rules.current_seats(state) == {"ana", "ben"}
    ana_card = rules.legal_commands(state, "ana")[0]
    state, events = rules.apply(state, "ana", ana_card)
    assert events_for(events, "ana")[0].choice == str(ana_card.card)
    assert type(events_for(events, "ben")[0]).__name__ == "SealedAnswerGiven"
    assert rules.player_view(state, "ben").decision.answers == ("?", "")
    assert rules.current_seats(state) == {"ben"}
    with pytest.raises(Exception, match="already chosen"):
        rules.apply(state, "ana", Play(ana_card.card))
    with pytest.raises(Exception, match="not one of"):
        rules.apply(state, "ben", Play(99))
    state, events = rules.apply(state, "ben", rules.legal_commands(state, "ben")[0])
    revealed = [e for e in events_for(events, "ben") if type(e).__name__ == "ChoicesRevealed"]
    assert revealed and dict(revealed[0].answers)["ana"] == str(ana_card.card)
    dealt_to_ana = [e for e in events if type(e).__name__ == "CardDealt" and e.seat == "ana"]
    assert dealt_to_ana and CardDealtFaceDown("ana") in events_for(events, "ben")
    assert dealt_to_ana[0] not in events_for(events, "ben")
