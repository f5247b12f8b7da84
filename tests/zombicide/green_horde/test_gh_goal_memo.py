"""The box's remembered answers (goals asked several times a command, spell ranges) follow the game:
a new kill, another need or another door state gives a fresh answer."""

from __future__ import annotations

from gh_boards import FARM, FARM_SETUP

from game.rules.zombicide import engine
from game.rules.zombicide.boxes.green_horde.goals import kill_necromancers
from game.rules.zombicide.boxes.green_horde.magic import zones_in_spell_range
from game.rules.zombicide.state import evolved


def test_the_necromancers_goal_counts_a_new_kill_and_a_new_need():
    state = engine.setup(FARM, FARM_SETUP, 1)
    before = kill_necromancers(state)
    assert (before.done, before.total, before.reached) == (0, 1, False)
    assert kill_necromancers(state) is before  # asked again: the same answer
    t = next(t for t in range(state.tables.type_count) if "necromancer" in state.tables.specials[t])
    killed = [0] * state.tables.type_count
    killed[t] = 1
    won = evolved(state, box_state=evolved(state.box_state, killed=tuple(killed)))
    assert kill_necromancers(won).reached
    assert not kill_necromancers(state).reached  # back to the first state: no stale answer
    two = evolved(won, setup=won.setup.model_copy(update={"necromancers_to_kill": 2}))
    assert (kill_necromancers(two).done, kill_necromancers(two).reached) == (1, False)


class _Spell:
    range_max = 1


def test_zones_in_a_spell_s_range_follow_the_doors():
    state = engine.setup(FARM, FARM_SETUP, 1)
    s = state.survivors[0]
    closed = zones_in_spell_range(state, s, _Spell())
    assert s.zone in closed and zones_in_spell_range(state, s, _Spell()) == closed
    opened = evolved(state, doors_open=tuple(True for _ in state.doors_open))
    graph = state.graph
    expected = {s.zone, *(z for z in graph.visible(tuple(opened.doors_open))[s.zone]
                          if graph.zone_range(s.zone, z, tuple(opened.doors_open)) <= 1)}
    assert zones_in_spell_range(opened, s, _Spell()) == expected
