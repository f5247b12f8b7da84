"""What Mold threatens, as the window shows it (``BoxRules.threats``): the zones a Spoiler
Abomination may step into next (its zone turns Active, §9), and a zone whose turning Active would join
two spawn zones by Active Mold (the mission lost, §9)."""

from __future__ import annotations

import dataclasses
from collections import deque
from pathlib import Path

from game.board.mission import load_board
from game.rules.zombicide import engine
from game.rules.zombicide.boxes.invader.board import board_of
from game.rules.zombicide.boxes.invader.mold import joined_spawns, mold_of, threats
from game.rules.zombicide.boxes.invader.state import ACTIVE, NO_MOLD

MISSION = Path(__file__).resolve().parents[1] / "golden_missions" / "inv-m0.toml"  # the frozen copy: two spawn zones
SETUP = {"players": [{"seat": "A", "survivors": ["jared", "baraka", "cole"]}]}


def fresh():  # type: ignore[no-untyped-def]
    state = engine.setup(load_board(MISSION), SETUP, 1)
    empty = tuple(tuple(0 for _ in counts) for counts in state.zombies)
    return dataclasses.replace(state, zombies=empty,
                               box_state=dataclasses.replace(state.box_state, mold=(NO_MOLD,) * state.graph.zone_count))


def test_the_zones_a_spoiler_abomination_may_step_into_are_threatened():
    state = fresh()
    outdoor = board_of(state.graph).outdoor
    zone = next(z for z in range(state.graph.zone_count) if not outdoor[z]
                and any(not outdoor[n] for n in state.graph.zombie_neighbours(z, tuple(state.doors_open))))
    kind = state.tables.zombie_ids.index("spoiler_abomination")
    zombies = list(state.zombies)
    zombies[zone] = tuple(1 if t == kind else 0 for t in range(state.tables.type_count))
    state = dataclasses.replace(state, zombies=tuple(zombies))
    near = {n for n in state.graph.zombie_neighbours(zone, tuple(state.doors_open)) if not outdoor[n]}
    assert near and {z for z, words in threats(state) if "Abomination" in words} == near
    assert threats(fresh()) == []  # no spreader, no Mold: nothing threatened


def test_the_zone_that_would_join_two_spawn_zones_is_threatened():
    state = fresh()
    borders = board_of(state.graph).borders
    first, second = (p.zone for p in state.graph.spawns[:2])
    came = {first: first}
    queue = deque([first])
    while queue:  # the shortest chain of bordering zones from one spawn zone to the other
        here = queue.popleft()
        for there in borders[here]:
            if there not in came:
                came[there] = here
                queue.append(there)
    chain = [second]
    while chain[-1] != first:
        chain.append(came[chain[-1]])
    assert len(chain) >= 3
    gap = chain[len(chain) // 2]
    mold = [NO_MOLD] * state.graph.zone_count
    for zone in chain:
        if zone != gap:
            mold[zone] = ACTIVE
    state = dataclasses.replace(state, box_state=dataclasses.replace(state.box_state, mold=tuple(mold)))
    assert not joined_spawns(state) and mold_of(state)[gap] == NO_MOLD
    found = dict(threats(state))
    assert "joins two spawn zones" in found[gap]
    assert all("joins" not in words for zone, words in found.items() if zone != gap)


def _last_end_turn(state):  # type: ignore[no-untyped-def]
    """Every survivor ends its turn: the state before the last End turn, after it, and its events
    (the whole zombies' phase)."""
    from game.rules.zombicide.commands import EndTurn

    before, after, events = state, state, ()
    while after.phase == "players" and after.pending is None:
        (seat,) = engine.current_seats(after)
        active = next(s for s in after.survivors if s.seat == seat and s.in_play and not s.done)
        before = after
        after, events = engine.apply(after, seat, EndTurn(active.id))
    return before, after, events


def test_mold_appears_on_the_table_when_the_abomination_brings_it_not_at_the_end_of_the_phase():
    """The window's timeline (``BoxRules.table_piece_events``): the Mold token is put down in the beat
    of its event, and stays with the same id to the end, so it neither pops in late nor twice."""
    from game.app.zombicide.director import AnimationDirector
    from game.app.zombicide.view_model import PieceMaker
    from game.rules.zombicide.boxes.invader.commands import MoldChanged

    state = fresh()
    kind = state.tables.zombie_ids.index("spoiler_abomination")
    found = None
    for zone in range(state.graph.zone_count):  # an Abomination that turns a zone Active this phase
        zombies = list(state.zombies)
        zombies[zone] = tuple(1 if t == kind else 0 for t in range(state.tables.type_count))
        before, after, events = _last_end_turn(dataclasses.replace(state, zombies=tuple(zombies)))
        molds = [n for n, e in enumerate(events) if isinstance(e, MoldChanged) and e.face == "active"]
        if molds and molds[0] < len(events) - 2:
            found = (before, after, events, molds[0])
            break
    assert found is not None, "no zone where a Spoiler Abomination brings Mold in the zombies' phase"
    before, after, events, at = found
    mold = events[at]
    director = AnimationDirector(load_board(MISSION), PieceMaker(before))
    director.piece_events = before.box.table_piece_events
    director.start(events, before, after)
    token_id = f"inv:mold_active:{mold.zone}:0"
    first = next(n for n, beat in enumerate(director.beats) if token_id in beat.after.pieces)
    assert director.beats[first].kind == "appear" and director.beats[first].zone == mold.zone
    assert director.beats[first].through_event == at + 1  # in step with its event
    assert first < len(director.beats) - 1  # not at the end of the phase
    assert all(token_id in beat.after.pieces for beat in director.beats[first:])
    director.piece_events = {}
    director.start(events, before, after)  # without the seam it only comes with the last settle
    assert [n for n, beat in enumerate(director.beats) if token_id in beat.after.pieces] == [len(director.beats) - 1]
