"""The tactical band deploys by the rules of thumb (``deploy = "players"``): away from the zombies, in
cover where a foe is near, together, toward its goal; every spot the engine's, the same every time."""

from __future__ import annotations

import math
import sys
from dataclasses import replace
from pathlib import Path
from random import Random

import pytest

from game.rules.zombieworld import engine
from game.rules.zombieworld.bots import random_bot
from game.rules.zombieworld.catalog import load_catalog
from game.rules.zombieworld.commands import DeploymentDone
from game.rules.zombieworld.deploying import quadrants
from game.rules.zombieworld.geometry import BASE_RADIUS_CM
from game.rules.zombieworld.presets import preset_bands
from game.rules.zombieworld.simulate import SEATS, play_game
from game.rules.zombieworld.state import ZOMBIES, BandEntry, Model, State, ZombieworldSetup
from game.rules.zombieworld.tactics import tactical_bot
from game.rules.zombieworld.tactics_deploy import RIVAL_CLEAR_CM
from game.rules.zombieworld.tactics_ground import ZOMBIE_REACH_CM, in_cover

sys.path.insert(0, str(Path(__file__).parent))
from helpers import TOWN, two_bands  # noqa: E402


def _deploying(scenario: str, zombies: tuple[tuple[float, float], ...] = ()) -> State:
    """The first band to deploy places its figures; walkers stand at ``zombies``."""
    state = engine.setup(TOWN, two_bands(scenario, spawn_dice=0).model_copy(update={"deploy": "players"}), 1)
    walkers = tuple(Model(id=f"zd{n}", side=ZOMBIES, kind="zombie", profile="walker", name="Walker", x=x, y=y)
                    for n, (x, y) in enumerate(zombies))
    return replace(state, models=state.models + walkers)


def _deployed(state: State) -> tuple[State, list[Model]]:
    """The deploying band's figures once the tactical band has said it is done."""
    seat = state.deploying[0]
    rng = Random(1)
    for _ in range(50):
        if not state.deploying or state.deploying[0] != seat:
            break
        state, _ = engine.apply(state, seat, tactical_bot(state, seat, rng))
    assert not state.deploying or state.deploying[0] != seat  # the band finished deploying
    return state, [m for m in state.models if m.side == seat and not m.vehicle]


def _quadrant_of(point: tuple[float, float]) -> tuple[float, float, float, float]:
    return next(rect for rect, _ in quadrants(120.0, 120.0)
                if rect[0] <= point[0] <= rect[2] and rect[1] <= point[1] <= rect[3])


def _strip(rect: tuple[float, float, float, float], step: float = 5.0) -> tuple[tuple[float, float], ...]:
    """Walkers all along the 15 cm strips of a quadrant's table edges."""
    x0, y0, x1, y1 = rect
    points = []
    for i in range(int((x1 - x0) / step) + 1):
        for j in range(int((y1 - y0) / step) + 1):
            x, y = x0 + 2 + i * step, y0 + 2 + j * step
            if min(x, y, 120 - x, 120 - y) <= 16 and x < x1 and y < y1:
                points.append((x, y))
    return tuple(points)


def test_the_band_deploys_in_the_quadrant_clear_of_zombies_out_of_their_reach() -> None:
    engine_placed = engine.setup(TOWN, two_bands("find_a_way_out", spawn_dice=0), 1)
    first = _deploying("find_a_way_out").deploying[0]
    where = _quadrant_of(next(m for m in engine_placed.models if m.side == first).position)
    crowded = [rect for rect, _ in quadrants(120.0, 120.0) if rect != (0.0, 60.0, 60.0, 120.0)]
    assert where in crowded  # the engine alone would have put the band among the zombies
    state, band = _deployed(_deploying("find_a_way_out", tuple(p for rect in crowded for p in _strip(rect))))
    walkers = [m for m in state.models if m.side == ZOMBIES]
    assert {_quadrant_of(m.position) for m in band} == {(0.0, 60.0, 60.0, 120.0)}
    assert all(math.dist(m.position, z.position) >= ZOMBIE_REACH_CM for m in band for z in walkers)


def test_where_a_zombie_is_near_the_band_deploys_in_cover() -> None:
    crowded = [rect for rect, _ in quadrants(120.0, 120.0) if rect != (60.0, 60.0, 120.0, 120.0)]
    walkers = (*[p for rect in crowded for p in _strip(rect)], (92.0, 92.0))  # one near the rough ground
    state, band = _deployed(_deploying("find_a_way_out", walkers))
    assert all(in_cover(state, m.position) for m in band)  # the rough ground of the south edge [84-100, 108-118]
    quiet, quiet_band = _deployed(_deploying("find_a_way_out", tuple(p for rect in crowded for p in _strip(rect))))
    assert not all(in_cover(quiet, m.position) for m in quiet_band)  # no zombie near: cover is not sought


@pytest.mark.parametrize("scenario", ["find_a_way_out", "massacre"])
def test_the_band_deploys_clear_of_the_rival_band_unless_their_kills_count(scenario: str) -> None:
    state = _deploying(scenario)
    first = state.deploying[0]
    state, _ = engine.apply(state, first, DeploymentDone(first))  # where the engine put it
    rivals = [m for m in state.models if m.side == first]
    state, band = _deployed(state)
    assert min(math.dist(m.position, r.position) for m in band for r in rivals) >= RIVAL_CLEAR_CM
    hunting = _deploying("law_of_the_strongest")
    first = hunting.deploying[0]
    hunting, _ = engine.apply(hunting, first, DeploymentDone(first))
    hunted = [m for m in hunting.models if m.side == first]
    hunting, hunters = _deployed(hunting)
    assert min(math.dist(m.position, r.position) for m in hunters for r in hunted) < RIVAL_CLEAR_CM


def test_the_band_deploys_together() -> None:
    state, band = _deployed(_deploying("escape"))
    reach = load_catalog().bands.rules.coherence_cm + 2 * BASE_RADIUS_CM
    assert len(band) >= 3
    assert all(any(math.dist(m.position, o.position) <= reach for o in band if o.id != m.id) for m in band)


def test_the_band_deploys_in_the_quadrant_nearest_the_container_it_must_search() -> None:
    state, band = _deployed(_deploying("rescue"))
    assert state.containers
    nearest_container = min(state.containers, key=lambda p: min(math.dist(p, m.position) for m in band))
    zone = _quadrant_of(band[0].position)
    assert {_quadrant_of(m.position) for m in band} == {zone}

    def strip_gap(rect: tuple[float, float, float, float]) -> float:
        return min((math.dist(nearest_container, p) for p in _strip(rect, 2.0)), default=math.inf)

    assert strip_gap(zone) == min(strip_gap(rect) for rect, _ in quadrants(120.0, 120.0))


def _setup(scenario: str) -> ZombieworldSetup:
    return ZombieworldSetup(bands=tuple(BandEntry(seat=s, band=b) for s, b in zip(SEATS, preset_bands()[:2], strict=False)),
                            scenario=scenario, deploy="players")


@pytest.mark.parametrize("scenario, seed", [("escape", 3), ("find_a_way_out", 4)])
def test_a_game_where_the_bands_deploy_themselves_is_legal_and_the_same_for_a_seed(scenario: str, seed: int) -> None:
    first = play_game(TOWN, _setup(scenario), seed, tactical_bot, 3000, versus=random_bot)
    again = play_game(TOWN, _setup(scenario), seed, tactical_bot, 3000, versus=random_bot)
    assert first.finished and first == again


def test_a_band_whose_planned_spots_its_own_mates_block_steps_them_aside_and_finishes_deploying() -> None:
    # escape, seed 19, the second preset band first: every planned spot had a mate on it, and the band
    # stepped aside a figure that blocked nothing, onto the spot it stood on, for ever (round 0 at the step limit)
    bands = preset_bands()[:2][::-1]
    setup = ZombieworldSetup(bands=tuple(BandEntry(seat=s, band=b) for s, b in zip(SEATS, bands, strict=False)),
                             scenario="escape", deploy="players")
    state = engine.setup(TOWN, setup, 19)
    rng = Random(19)
    for _ in range(40):
        if not state.deploying:
            break
        seat = sorted(engine.current_seats(state))[0]
        state, _ = engine.apply(state, seat, (tactical_bot if seat == SEATS[0] else random_bot)(state, seat, rng))
    assert not state.deploying and state.round == 1
