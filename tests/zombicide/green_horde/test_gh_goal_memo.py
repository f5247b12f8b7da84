"""The box's remembered answers (goals asked several times a command, spell ranges, the doors in a
spell's reach) follow the game: a new kill, another need or another door state gives a fresh answer."""

from __future__ import annotations

from boards import arrange, survivor
from gh_boards import FARM, FARM_SETUP

from game.rules.zombicide import engine
from game.rules.zombicide.boxes.green_horde.commands import OpenDoorFromAfar
from game.rules.zombicide.boxes.green_horde.goals import kill_abominations, kill_necromancers, kill_zombies
from game.rules.zombicide.boxes.green_horde.magic import reachable_door, zones_in_spell_range
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


def test_the_zombie_kills_goal_counts_a_new_kill_and_a_new_need():
    state = engine.setup(FARM, FARM_SETUP, 1)
    state = evolved(state, setup=state.setup.model_copy(update={"zombies_to_kill": {"orc_walker": 2}}))
    before = kill_zombies(state)
    assert (before.done, before.total, before.reached) == (0, 2, False)
    assert kill_zombies(state) is before  # asked again: the same answer
    killed = [0] * state.tables.type_count
    killed[state.tables.zombie_index["orc_walker"]] = 2
    won = evolved(state, box_state=evolved(state.box_state, killed=tuple(killed)))
    assert kill_zombies(won).reached
    assert not kill_zombies(state).reached  # back to the first state: no stale answer
    more = evolved(won, setup=won.setup.model_copy(update={"zombies_to_kill": {"orc_walker": 3}}))
    assert (kill_zombies(more).done, kill_zombies(more).reached) == (2, False)


def _doors_from_afar(state, survivor_id: str) -> set[str]:  # type: ignore[no-untyped-def]
    return {c.door for c in engine.legal_commands(state, "A")
            if isinstance(c, OpenDoorFromAfar) and c.survivor == survivor_id}


def test_doors_opened_from_afar_are_those_in_reach_as_the_doors_stand():
    state = engine.setup(FARM, FARM_SETUP, 1)
    graph = state.graph
    for zone in graph.zone_ids:
        here = arrange(state, survivors={"asim": {"zone": zone, "hand": ("telekinetic_blast_start",)}})
        s = survivor(here, "asim")
        spell = here.tables.equipment["telekinetic_blast_start"]
        for doors in (here.doors_open, tuple(n % 2 == 0 for n in range(len(here.doors_open)))):
            now = evolved(here, doors_open=doors)
            expected = {graph.edges[e].connection_id for e in graph.doors
                        if not doors[graph.edges[e].door] and reachable_door(now, s, graph.edges[e], spell)}
            assert _doors_from_afar(now, "asim") == expected, (zone, doors)


def test_the_abominations_goal_counts_a_new_kill_and_a_new_need():
    state = engine.setup(FARM, FARM_SETUP, 1)
    before = kill_abominations(state)
    assert (before.done, before.total, before.reached) == (0, 1, False)
    assert kill_abominations(state) is before
    killed = [0] * state.tables.type_count
    killed[state.tables.zombie_index["orc_abomination"]] = 1
    won = evolved(state, box_state=evolved(state.box_state, killed=tuple(killed)))
    assert kill_abominations(won).reached
    assert not kill_abominations(state).reached
    two = evolved(won, setup=won.setup.model_copy(update={"abominations_to_kill": 2}))
    assert (kill_abominations(two).done, kill_abominations(two).reached) == (1, False)
