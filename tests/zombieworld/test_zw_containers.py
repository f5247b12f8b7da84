"""The scenario's containers (El Rescate, Encontrar el Antídoto): 1D6+3 placed at set-up from the
game's seeded dice, 20 cm from one another and the edges where possible, clear of the scenery and
the bands' areas; searched for the person or an antidote; carried by saves."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

from game.board.mission import load_board
from game.rules.core.rng import force_dice
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.containers import (
    CONTAINER_GAP_CM,
    CONTAINER_PROP,
    container_box,
    container_count_dice,
    container_gap_cm,
)
from game.rules.zombieworld.state import Activation

sys.path.insert(0, str(Path(__file__).parent))
from helpers import TOWN, two_bands  # noqa: E402

CROSSROADS = load_board("maps/zombieworld/zw-crossroads.tmx")
OPEN_TABLE = replace(TOWN, terrain=())  # the town square with its scenery cleared away


def _count_roll(events):
    return next(e for e in events if isinstance(e, c.DiceRolled) and e.purpose == "containers")


def test_the_scenario_field_reads_as_dice() -> None:
    assert container_count_dice("1D6+3") == (1, 3)
    assert container_count_dice("2d6") == (2, 0)
    assert container_count_dice("") == (0, 0)


def test_the_rescue_places_one_d6_plus_three_containers_clear_of_the_scenery() -> None:
    for seed in range(1, 7):
        rules = engine.ZombieworldRules()
        state = rules.setup(TOWN, two_bands("rescue"), seed)
        roll = _count_roll(rules.opening_events)
        assert len(roll.dice) == 1 and 1 <= roll.dice[0] <= 6
        assert len(state.containers) == roll.dice[0] + 3  # the square has room for all of them
        assert state.table is not None
        pieces = [p for p in state.table.pieces if p.prop == CONTAINER_PROP]
        assert len(pieces) == len(state.containers)
        board_pieces = [p for p in state.table.pieces if p.prop != CONTAINER_PROP]
        areas = [rect for _, rect in state.deploy_areas if rect is not None] or []
        for centre in state.containers:
            x0, y0, x1, y1 = container_box(centre)
            for piece in board_pieces:
                b = piece.bounds
                assert not (x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1), (seed, centre, piece.label)
            for ax0, ay0, ax1, ay1 in areas:
                assert not (x0 < ax1 and ax0 < x1 and y0 < ay1 and ay0 < y1)
        for model in state.models:  # nobody deployed on top of one
            assert not any(container_box(p)[0] < model.x < container_box(p)[2]
                           and container_box(p)[1] < model.y < container_box(p)[3] for p in state.containers)


def test_where_there_is_room_they_stand_twenty_cm_apart_and_from_the_edges() -> None:
    for seed in range(1, 6):
        state = engine.setup(OPEN_TABLE, two_bands("antidote"), seed)
        spots = state.containers
        assert len(spots) >= 4
        for number, spot in enumerate(spots):
            assert min(spot[0], spot[1], OPEN_TABLE.width_cm - spot[0], OPEN_TABLE.height_cm - spot[1]) - 2.0 \
                >= CONTAINER_GAP_CM
            assert all(container_gap_cm(spot, other) >= CONTAINER_GAP_CM for other in spots[number + 1:])


def test_the_seed_decides_where_they_go() -> None:
    first = engine.setup(TOWN, two_bands("rescue"), 3)
    assert engine.setup(TOWN, two_bands("rescue"), 3).containers == first.containers
    assert len({engine.setup(TOWN, two_bands("rescue"), seed).containers for seed in range(1, 6)}) > 1
    assert engine.setup(TOWN, two_bands("massacre"), 3).containers == ()


def _touching(state, model_id: str, dice: tuple[int, ...]):
    """``model_id`` (red) acting, standing against the first container, the dice queued."""
    assert state.table is not None
    crate = next(p for p in state.table.pieces if p.prop == CONTAINER_PROP)
    spot = (crate.bounds[2] + 1.3, (crate.bounds[1] + crate.bounds[3]) / 2)
    models = tuple(replace(m, x=spot[0], y=spot[1]) if m.id == model_id else m
                   for m in state.models if m.side != "zombies")
    state = replace(state, models=models, order=("red", "blue", "zombies"), turn=0, bangs=(),
                    rng=force_dice(state.rng, dice), active=Activation(model_id, 20.0), decision=None)
    return state, crate.index


def test_a_five_in_a_container_finds_an_antidote_and_a_miss_lets_another_try() -> None:
    state = engine.setup(TOWN, two_bands("antidote", spawn_dice=0), 2)
    ready, index = _touching(state, "red:Ana", (5,))
    assert c.Search("red:Ana", piece=index) in engine.legal_commands(ready, "red")
    after, events = engine.apply(ready, "red", c.Search("red:Ana", piece=index))
    assert "antidote" in after.model("red:Ana").elements
    assert after.place(index).searched
    missed, index = _touching(state, "red:Ana", (4,))
    after, _ = engine.apply(missed, "red", c.Search("red:Ana", piece=index))
    assert "antidote" not in after.model("red:Ana").elements
    assert not after.place(index).searched and after.place(index).tried_by == ("red:Ana",)


def test_the_tables_own_props_keep_their_props_table_once_containers_are_placed() -> None:
    state = engine.setup(CROSSROADS, two_bands("antidote", spawn_dice=0), 2)
    assert state.containers
    bin_index = next(i for i, t in enumerate(CROSSROADS.terrain) if dict(t.properties).get("prop") == "bin")
    models = tuple(replace(m, x=50, y=49) if m.id == "red:Di" else m for m in state.models if m.side != "zombies")
    ready = replace(state, models=models, order=("red", "blue", "zombies"), turn=0, bangs=(),
                    rng=force_dice(state.rng, (5,)), active=Activation("red:Di", 20.0), decision=None)
    after, events = engine.apply(ready, "red", c.Search("red:Di", piece=bin_index))
    assert [e.item for e in events if isinstance(e, c.ItemFound)] == ["blade"]
    assert not engine.scenario_container_at(ready, bin_index)
    assert engine.scenario_container_at(ready, len(CROSSROADS.terrain))  # the first placed container


def test_a_game_saved_before_containers_were_placed_replays_without_them() -> None:
    rules = engine.ZombieworldRules()
    text = json.loads(rules.setup_to_json(two_bands("rescue")))
    assert text["scenario_containers"] is True
    del text["scenario_containers"]
    old = rules.setup_from_json(json.dumps(text))
    assert not old.scenario_containers
    state = rules.setup(CROSSROADS, old, 4)
    assert state.containers == ()
    bin_index = next(i for i, t in enumerate(CROSSROADS.terrain) if dict(t.properties).get("prop") == "bin")
    assert engine.scenario_container_at(state, bin_index)  # the props stood in for the containers then
