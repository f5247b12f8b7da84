"""The tactical band plays whole games legally and ends them; it reads the scenario's goal."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.board.mission import load_board
from game.rules.zombieworld.bots import random_bot
from game.rules.zombieworld.presets import preset_bands
from game.rules.zombieworld.simulate import SEATS, play_game
from game.rules.zombieworld.state import BandEntry, ZombieworldSetup
from game.rules.zombieworld.tactics import tactical_bot, victory_of

REPO = Path(__file__).resolve().parents[2]
TOWN = load_board(REPO / "maps" / "zombieworld" / "zw-town-square.tmx")


def _setup(scenario: str) -> ZombieworldSetup:
    bands = preset_bands()[:2]
    return ZombieworldSetup(bands=tuple(BandEntry(seat=seat, band=band) for seat, band in zip(SEATS, bands, strict=False)),
                            scenario=scenario)


@pytest.mark.parametrize("scenario, seed", [("massacre", 2), ("survival", 5), ("escape", 7)])
def test_the_tactical_band_plays_a_whole_game_against_the_random_one(scenario: str, seed: int) -> None:
    figures = play_game(TOWN, _setup(scenario), seed, tactical_bot, 3000, versus=random_bot)
    assert figures.finished  # every command was legal (apply refuses others) and the game reached its end
    assert figures.commands < 3000


def test_the_band_reads_how_the_scenario_is_won() -> None:
    from game.rules.zombieworld import engine

    state = engine.setup(TOWN, _setup("law_of_the_strongest"), 1)
    assert victory_of(state) == "most_hostile_kills"


CROSSROADS = load_board(REPO / "maps" / "zombieworld" / "zw-crossroads.tmx")


@pytest.mark.parametrize("board, scenario, seed", [(TOWN, "protect", 3), (CROSSROADS, "rescue", 4),
                                                   (TOWN, "find_a_way_out", 2)])
def test_the_band_plays_the_goal_scenarios_to_their_end(board: object, scenario: str, seed: int) -> None:
    figures = play_game(board, _setup(scenario), seed, random_bot, 3000, versus=tactical_bot)
    assert figures.finished
    assert figures.commands < 3000


def test_the_same_seed_plays_the_same_game() -> None:
    first = play_game(TOWN, _setup("massacre"), 11, tactical_bot, 3000, versus=random_bot)
    again = play_game(TOWN, _setup("massacre"), 11, tactical_bot, 3000, versus=random_bot)
    assert first == again


def test_every_shot_the_band_fires_is_at_a_target_within_range() -> None:
    import math
    from random import Random

    from game.rules.zombieworld import commands as c
    from game.rules.zombieworld import engine

    state = engine.setup(TOWN, _setup("massacre"), 5)
    rng = Random(5)
    shots = 0
    for _ in range(3000):
        seats = sorted(engine.current_seats(state))
        if not seats:
            break
        seat = seats[0]
        command = (tactical_bot if seat == state.seats[0] else random_bot)(state, seat, rng)
        if command is None:
            break
        if seat == state.seats[0] and isinstance(command, c.Shoot):
            offer = next(o for o in engine.legal_commands(state, seat) if isinstance(o, c.ShootTemplate))
            shooter = state.model(command.model)
            for target_id, _ in command.allocations:
                target = state.model(target_id)
                assert math.dist(shooter.position, target.position) - 2.5 <= offer.range_cm
            shots += 1
        state, _ = engine.apply(state, seat, command)
    assert shots > 0


def test_walking_distances_go_round_a_building_and_in_by_its_doors() -> None:
    from game.rules.zombieworld import engine
    from game.rules.zombieworld.tactics_routes import walks_of

    state = engine.setup(TOWN, _setup("massacre"), 1)
    assert state.table is not None
    chemist = next(p for p in state.table.pieces if p.label == "Chemist")
    x0, y0, x1, y1 = chemist.bounds
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    walls = [(a, b) for a, b, _, _ in chemist.portals]
    north_wall_has_a_door = any(a[1] == y0 and b[1] == y0 for a, b in walls)
    assert not north_wall_has_a_door  # the test's premise: the way in is round the other sides
    outside_north = (centre[0], y0 - 2.0)
    walks = walks_of(state.table)
    assert walks.walking_cm(outside_north, centre) > 2 * (centre[1] - outside_north[1])
    assert walks.walking_cm(outside_north, centre) < 200  # but there is a way in
    assert walks_of(engine.setup(TOWN, _setup("survival"), 2).table) is walks  # an equal table shares its grid


def test_each_scenario_gives_the_band_its_own_goal() -> None:
    from game.rules.zombieworld import engine
    from game.rules.zombieworld.tactics_ground import aim_for

    protect = engine.setup(TOWN, _setup("protect"), 1)
    model = next(m for m in protect.models if m.side == protect.seats[0])
    assert aim_for(protect, protect.seats[0], model, 20.0, False).goal == (60.0, 60.0)
    rescue = engine.setup(CROSSROADS, _setup("rescue"), 1)
    model = next(m for m in rescue.models if m.side == rescue.seats[0])
    aim = aim_for(rescue, rescue.seats[0], model, 20.0, False)
    assert aim.searching and aim.goal is not None
    assert rescue.table is not None
    containers = [p for p in rescue.table.pieces if p.prop]
    assert any(p.bounds[0] <= aim.goal[0] <= p.bounds[2] and p.bounds[1] <= aim.goal[1] <= p.bounds[3] for p in containers)
    survival = engine.setup(TOWN, _setup("survival"), 1)
    model = next(m for m in survival.models if m.side == survival.seats[0])
    assert aim_for(survival, survival.seats[0], model, 20.0, False).goal is None  # it only keeps clear
