"""The engine-agnostic rules core: seeded dice and shuffles, forced dice, sessions and saves."""

from __future__ import annotations

from dataclasses import dataclass, replace
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.core.base import IllegalCommand
from game.rules.core.rng import choose_index, draw_floats, force_dice, new_rng, roll_d6, shuffled
from game.rules.core.session import SaveData, Session, replay_hashes, state_hash


def test_same_seed_same_dice_and_different_seed_differs():
    a, _ = roll_d6(new_rng(7), 50)
    b, _ = roll_d6(new_rng(7), 50)
    c, _ = roll_d6(new_rng(8), 50)
    assert a == b
    assert a != c
    assert set(a) <= set(range(1, 7))


def test_dice_follow_random_random_exactly():
    values, rng = roll_d6(new_rng(42), 10)
    reference = Random(42)
    assert values == tuple(int(reference.random() * 6) + 1 for _ in range(10))
    assert rng.draws == 10


def test_rolling_in_pieces_equals_rolling_at_once():
    whole, _ = roll_d6(new_rng(3), 9)
    first, rng = roll_d6(new_rng(3), 4)
    second, _ = roll_d6(rng, 5)
    assert first + second == whole


def test_state_rebuilt_from_seed_and_draws_continues_the_sequence():
    _, rng = draw_floats(new_rng(11), 5)
    rebuilt = replace(rng, internal=())  # e.g. a state typed in by hand
    assert draw_floats(rebuilt, 3)[0] == draw_floats(rng, 3)[0]


def test_states_left_behind_are_rebuilt_before_and_after_the_first_snapshot():
    """Every state of a long run, asked again once the live generator has moved on (from its seed
    before the first snapshot of the generator, from a snapshot after), continues the sequence."""
    reference = Random(7)
    expected = [reference.random() for _ in range(800)]
    rng, states = new_rng(7), []
    for _ in range(14):
        _, rng = draw_floats(rng, 50)
        states.append(rng)
    assert not states[0].internal and states[-1].internal  # a snapshot taken once the seed is far behind
    for n, state in reversed(list(enumerate(states))):
        start = 50 * (n + 1)
        assert draw_floats(state, 3)[0] == tuple(expected[start : start + 3])


def test_forced_dice_come_first_then_random_resumes():
    rng = force_dice(new_rng(5), [6, 1])
    values, rng = roll_d6(rng, 4)
    plain, _ = roll_d6(new_rng(5), 2)
    assert values[:2] == (6, 1)
    assert values[2:] == plain
    assert rng.forced == ()


def test_forced_dice_refuse_impossible_faces():
    with pytest.raises(ValueError):
        force_dice(new_rng(1), [7])


def test_rng_states_compare_by_seed_draws_and_forced_only():
    a = new_rng(9)
    b = replace(new_rng(9), internal=())
    assert a == b
    assert "internal" not in repr(a)


@given(st.lists(st.integers(), max_size=30), st.integers(min_value=0, max_value=10**6))
def test_shuffle_is_a_permutation_and_reproducible(items, seed):
    first, _ = shuffled(new_rng(seed), items)
    second, _ = shuffled(new_rng(seed), items)
    assert first == second
    assert sorted(first) == sorted(items)


def test_shuffle_spreads_positions():
    counts = [0] * 4
    rng = new_rng(1)
    for _ in range(400):
        order, rng = shuffled(rng, [0, 1, 2, 3])
        counts[order[0]] += 1
    assert all(60 < c < 140 for c in counts)


def test_choose_index_in_range():
    rng = new_rng(2)
    for _ in range(50):
        value, rng = choose_index(rng, 3)
        assert 0 <= value < 3
    with pytest.raises(ValueError):
        choose_index(rng, 0)


# --- a tiny ruleset to exercise sessions without a board game ---------------------------------


@dataclass(frozen=True)
class CounterState:
    total: int
    rng_draws: int


@dataclass(frozen=True)
class AddDie:
    limit: int = 100


class CounterRules:
    """Each command adds a d6 to a total; adding past ``limit`` is refused."""

    name = "counter"
    version = "1"

    def setup(self, board, setup_spec, seed):
        return CounterState(total=int(setup_spec), rng_draws=0), new_rng(seed)

    def apply(self, state, seat, command):
        (counter, rng) = state
        if seat != "solo":
            raise IllegalCommand("only solo plays")
        (value,), rng = roll_d6(rng, 1)
        if counter.total + value > command.limit:
            raise IllegalCommand("too much")
        return (CounterState(counter.total + value, counter.rng_draws + 1), rng), (value,)

    def current_seats(self, state):
        return frozenset({"solo"})

    def legal_commands(self, state, seat):
        return [AddDie()]

    def check(self, state, seat, command):
        self.apply(state, seat, command)

    def outcome(self, state):
        return None

    def command_to_json(self, command):
        return f'{{"limit": {command.limit}}}'

    def command_from_json(self, text):
        import json

        return AddDie(**json.loads(text))

    def setup_to_json(self, setup_spec):
        return str(int(setup_spec))

    def setup_from_json(self, text):
        return int(text)


def test_session_undo_redo_replays_identically():
    session = Session(CounterRules(), None, 10, seed=4)
    hashes = [session.hash()]
    for _ in range(5):
        session.play("solo", AddDie())
        hashes.append(session.hash())
    session.undo()
    session.undo()
    assert session.hash() == hashes[3]
    session.redo()
    assert session.hash() == hashes[4]
    session.redo()
    assert session.hash() == hashes[5]
    assert not session.can_redo()


def test_a_new_command_after_undo_drops_the_redo_history():
    session = Session(CounterRules(), None, 0, seed=4)
    session.play("solo", AddDie())
    session.play("solo", AddDie())
    session.undo()
    session.play("solo", AddDie(limit=1000))
    assert not session.can_redo()
    assert len(session.log) == 2
    assert session.log[-1].command == AddDie(limit=1000)


def test_refused_command_leaves_the_session_unchanged():
    session = Session(CounterRules(), None, 0, seed=4)
    before = session.hash()
    with pytest.raises(IllegalCommand):
        session.play("intruder", AddDie())
    assert session.hash() == before
    assert session.log == ()


def test_undo_and_redo_at_the_ends_raise():
    session = Session(CounterRules(), None, 0, seed=4)
    with pytest.raises(IndexError):
        session.undo()
    with pytest.raises(IndexError):
        session.redo()


def test_save_round_trip_replays_to_the_same_state():
    session = Session(CounterRules(), None, 3, seed=21)
    for _ in range(6):
        session.play("solo", AddDie())
    text = session.save().to_json()
    loaded = Session.load(CounterRules(), None, SaveData.from_json(text))
    assert loaded.hash() == session.hash()
    assert loaded.state == session.state


def test_a_save_that_replays_differently_is_refused():
    session = Session(CounterRules(), None, 3, seed=21)
    session.play("solo", AddDie())
    save = replace(session.save(), seed=22)
    with pytest.raises(ValueError, match="different game"):
        Session.load(CounterRules(), None, save)


def test_a_broken_save_file_gives_a_clear_message():
    with pytest.raises(ValueError, match="my.save"):
        SaveData.from_json("{not json", source="my.save")
    with pytest.raises(ValueError, match="my.save"):
        SaveData.from_json('{"ruleset": "counter"}', source="my.save")


def test_replay_hashes_are_stable():
    log = [("solo", AddDie())] * 4
    assert replay_hashes(CounterRules(), None, 0, 9, log) == replay_hashes(CounterRules(), None, 0, 9, log)
    assert state_hash((1, 2)) != state_hash((2, 1))


def test_a_session_keeps_what_each_command_told_for_its_history():
    session = Session(CounterRules(), None, 0, seed=9)
    told = [session.play("solo", AddDie()) for _ in range(4)]
    assert [events for _, events in session.history()] == told
    assert session.history()[-1][0] == session.state
    session.undo()
    assert len(session.history()) == 3
    again = session.redo()
    assert again == told[3] and [events for _, events in session.history()] == told


def test_a_queued_log_is_stepped_through_by_redo_without_touching_the_original():
    live = Session(CounterRules(), None, 0, seed=5)
    for _ in range(3):
        live.play("solo", AddDie())
    copy = Session(CounterRules(), None, 0, seed=5)
    copy.queue(live.log)
    assert copy.next_entry() == live.log[0] and copy.logged == live.log and copy.log == ()
    while copy.can_redo():
        copy.redo()
    assert copy.hash() == live.hash() and copy.next_entry() is None
    assert [e for _, e in copy.history()] == [e for _, e in live.history()]


def test_the_screen_shows_only_the_share_of_events_its_seat_may_see():
    from dataclasses import dataclass as frozen_event

    from game.rules.core.visibility import NOBODY, SPECTATOR, Audience, events_for, only

    @frozen_event(frozen=True)
    class Secret:
        seat: str

        def audience(self) -> Audience:
            return only(self.seat)

        def redacted(self) -> str:
            return f"{self.seat} did something"

    @frozen_event(frozen=True)
    class Hidden:
        def audience(self) -> Audience:
            return NOBODY

    events = ("public", Secret("ana"), Hidden())
    assert events_for(events, "ana") == ("public", Secret("ana"))
    assert events_for(events, "ben") == ("public", "ana did something")
    assert events_for(events, SPECTATOR) == ("public", "ana did something")
    assert events_for(events, "ben", revealed=True) == events


def test_draws_from_any_earlier_state_repeat_what_it_drew_first():
    """The generator goes on from the state drawn last, and is rebuilt from the internal state taken a
    few draws before for any other: branches, out of order and interleaved, draw what a fresh seed
    draws at that point."""
    reference = Random(21)
    expected = [reference.random() for _ in range(400)]
    rng = new_rng(21)
    states = [rng]
    for count in (1, 3, 2, 40, 7, 1, 60, 5, 2, 30):  # past the snapshots taken every few draws
        values, rng = draw_floats(rng, count)
        assert list(values) == expected[rng.draws - count:rng.draws]
        states.append(rng)
    for state in reversed(states):  # each earlier state again, the live generator elsewhere
        values, _ = draw_floats(state, 9)
        assert list(values) == expected[state.draws:state.draws + 9]
    first, second = states[3], states[6]
    for _ in range(3):  # two chains interleaved
        a, first = draw_floats(first, 4)
        b, second = draw_floats(second, 4)
        assert list(a) == expected[first.draws - 4:first.draws] and list(b) == expected[second.draws - 4:second.draws]
    by_hand = replace(states[5], internal=())  # a state typed in by hand: rebuilt from seed and draws
    assert list(draw_floats(by_hand, 3)[0]) == expected[by_hand.draws:by_hand.draws + 3]


def test_a_new_state_draws_what_its_seed_draws_even_after_another_state_drew():
    """A new state hands its seeded generator on to its first draw; the same state drawn from again
    (another state drawn from in between) is rebuilt and draws the same numbers."""
    reference = Random(8)
    expected = [reference.random() for _ in range(5)]
    first = new_rng(8)
    values, _ = draw_floats(first, 5)
    assert list(values) == expected
    second = new_rng(8)
    other = new_rng(9)
    assert list(draw_floats(first, 5)[0]) == expected
    assert list(draw_floats(other, 1)[0]) == [Random(9).random()]
    assert list(draw_floats(second, 5)[0]) == expected
