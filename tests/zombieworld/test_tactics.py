"""The tactical band plays whole games legally and ends them; it reads the scenario's goal."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.board.mission import load_board
from game.rules.zombieworld.bots import random_bot
from game.rules.zombieworld.presets import preset_bands
from game.rules.zombieworld.simulate import SEATS, play_game
from game.rules.zombieworld.state import BandEntry, State, ZombieworldSetup
from game.rules.zombieworld.tactics import tactical_bot, victory_of

sys.path.insert(0, str(Path(__file__).parent))
from helpers import arranged_state, two_bands  # noqa: E402

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


@pytest.mark.parametrize("scenario", ["massacre", "find_a_way_out"])
def test_the_same_seed_plays_the_same_game(scenario: str) -> None:
    first = play_game(TOWN, _setup(scenario), 11, tactical_bot, 3000, versus=random_bot)
    again = play_game(TOWN, _setup(scenario), 11, tactical_bot, 3000, versus=random_bot)
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


# The rules of thumb for keeping the band alive: each in a small set-up where the band must follow it.

def _arranged(scenario: str, positions: dict[str, tuple[float, float]],
              zombies: dict[str, tuple[float, float]] | None = None, active: str | None = None,
              changes: dict[str, dict[str, Any]] | None = None) -> State:
    return arranged_state(positions, zombies, setup=two_bands(scenario, spawn_dice=0), active=active, changes=changes)


def test_where_zombies_can_reach_a_survivor_a_spot_in_a_building_is_worth_more() -> None:
    from game.rules.zombieworld.tactics_ground import Aim, in_cover, spot_score

    inside, outside = (80.0, 41.0), (80.0, 47.0)  # either side of the Chemist's south wall
    state = _arranged("massacre", {"red:Bo": (80.0, 50.0), "red:Ana": (82.0, 45.0), "red:Cy": (78.0, 45.0)},
                      {"z1": (86.0, 44.0)})
    assert in_cover(state, inside) and not in_cover(state, outside)
    aim = Aim(None, caution=1.0, off_edges=False)
    bo = state.model("red:Bo")
    assert spot_score(state, bo, aim, inside) < spot_score(state, bo, aim, outside)
    quiet = _arranged("massacre", {"red:Bo": (80.0, 50.0), "red:Ana": (82.0, 45.0), "red:Cy": (78.0, 45.0)})
    assert spot_score(quiet, bo, aim, inside) == spot_score(quiet, bo, aim, outside)  # no foe near: no cover needed


def test_a_spot_in_coherence_with_the_band_is_worth_more_than_one_apart() -> None:
    from game.rules.zombieworld.tactics_ground import Aim, spot_score

    state = _arranged("massacre", {"red:Bo": (60.0, 80.0), "red:Ana": (70.0, 80.0), "red:Cy": (72.0, 82.0)})
    aim = Aim(None, caution=1.0, off_edges=False)
    bo = state.model("red:Bo")
    together, apart = (62.0, 80.0), (50.0, 80.0)  # 8 and 20 cm from Ana (coherence: 10 cm base to base)
    assert spot_score(state, bo, aim, together) < spot_score(state, bo, aim, apart)
    pair = _arranged("massacre", {"red:Bo": (60.0, 80.0), "red:Ana": (70.0, 80.0)})
    assert spot_score(pair, bo, aim, together) == spot_score(pair, bo, aim, apart)  # two on the table: no coherence


def test_waiting_for_the_kills_the_band_stays_a_flights_length_from_its_way_out() -> None:
    from game.rules.zombieworld.tactics_ground import FLIGHT_CM, aim_for

    state = _arranged("find_a_way_out", {"red:Bo": (60.0, 60.0), "red:Ana": (62.0, 62.0), "red:Cy": (58.0, 62.0)})
    assert dict(state.exits)["red"] == "e"
    searched = replace(state, scores=tuple((s, replace(score, buildings_searched=1)) for s, score in state.scores))
    aim = aim_for(searched, "red", searched.model("red:Bo"), 20.0, False)
    assert aim.goal is not None and aim.goal[0] > 115.0  # the east edge
    assert aim.near_cm >= FLIGHT_CM and aim.off_edges  # not where a flight would run it off the table


def test_once_the_band_may_leave_the_one_nearest_the_way_out_acts_first_and_leaves() -> None:
    from random import Random

    from game.rules.zombieworld import commands as c
    from game.rules.zombieworld import engine

    state = _arranged("find_a_way_out", {"red:Bo": (60.0, 60.0), "red:Ana": (108.0, 70.0), "red:Cy": (58.0, 62.0)},
                      {"z1": (50.0, 60.0)})
    state = replace(state, scores=tuple((s, replace(score, buildings_searched=1, zombies_killed=15) if s == "red" else score)
                                        for s, score in state.scores))
    first = tactical_bot(state, "red", Random(1))
    assert first == c.Activate("red:Ana")  # not Bo, nearer the zombie: Ana can get the band away
    state, _ = engine.apply(state, "red", first)
    if state.active is None:  # the activation check failed: nothing more this turn (the test's premise)
        pytest.skip("activation failed on this seed")
    leave = tactical_bot(state, "red", Random(1))
    assert isinstance(leave, c.LeaveTable)
    state, _ = engine.apply(state, "red", leave)
    assert state.finished and state.winners == ("red",)


def test_a_survivor_with_a_building_to_search_clears_the_zombies_out_of_it() -> None:
    from random import Random

    from game.rules.zombieworld import commands as c

    # inside the Chemist with a walker: the search is refused until it is gone (the building's centre
    # is a step away, so without clearing it the survivor would walk there instead)
    positions = {"red:Ana": (40.0, 60.0), "red:Cy": (42.0, 62.0)}
    state = _arranged("find_a_way_out", {"red:Di": (82.0, 30.0), **positions}, {"z1": (94.0, 30.0)}, active="red:Di")
    command = tactical_bot(state, "red", Random(1))
    assert isinstance(command, c.Charge) and command.target == "z1"  # Di holds a baseball bat
    state = _arranged("find_a_way_out", {"red:Bo": (82.0, 30.0), **positions}, {"z1": (94.0, 30.0)}, active="red:Bo")
    command = tactical_bot(state, "red", Random(1))
    assert isinstance(command, c.Shoot) and command.allocations[0][0] == "z1"  # Bo holds a pistol


def test_the_band_searches_a_building_on_its_way_out_and_not_one_crowded_with_zombies() -> None:
    from game.rules.zombieworld.tactics_ground import aim_for

    # Bo stands between the Town Hall (north-west) and the Chemist (east, toward red's way out)
    positions = {"red:Bo": (60.0, 30.0), "red:Ana": (60.0, 70.0), "red:Cy": (62.0, 72.0)}
    state = _arranged("find_a_way_out", positions)
    aim = aim_for(state, "red", state.model("red:Bo"), 20.0, True)
    assert aim.searching and aim.goal == (88.0, 32.0)  # the Chemist's centre
    crowd = {f"z{i}": (84.0 + i, 48.0) for i in range(6)}
    crowded = _arranged("find_a_way_out", positions, crowd)
    assert aim_for(crowded, "red", crowded.model("red:Bo"), 20.0, True).goal != (88.0, 32.0)
    searching = [aim.goal for aim in (aim_for(crowded, "red", crowded.model(m), 20.0, True) for m in positions)
                 if aim.searching]
    assert searching == [(90.0, 92.0)]  # one goes, for the Garage: on the way out too, and no zombie near it


def test_a_survivor_outside_tries_the_doors_within_reach_as_ways_into_cover() -> None:
    from game.rules.zombieworld.tactics_ground import in_cover, routes

    # Bo south of the Chemist's door (81.7–84.7, 44), his goal away to the west: no building on the way
    state = _arranged("massacre", {"red:Bo": (83.0, 52.0), "red:Ana": (60.0, 60.0), "red:Cy": (62.0, 62.0)},
                      {"z1": (90.0, 60.0)})
    paths = routes(state, state.model("red:Bo"), (10.0, 52.0), 15.0)
    by_the_door = [path for path in paths if len(path) >= 2 and abs(path[0][1] - 44.0) < 3.0]  # the fan's are straight
    assert by_the_door and all(state.table is not None and state.table.building_at(path[-1]) == 2
                               and in_cover(state, path[-1]) for path in by_the_door)


def test_a_spot_in_coherence_with_a_fleeing_mate_yet_to_act_is_worth_more() -> None:
    from game.rules.zombieworld.tactics_ground import Aim, spot_score

    positions = {"red:Bo": (60.0, 60.0), "red:Ana": (70.0, 60.0), "red:Cy": (50.0, 75.0)}
    aim = Aim(None, caution=1.0, off_edges=False)
    by_cy, by_ana = (58.0, 68.0), (68.0, 52.0)  # each in coherence with one mate: Cy, or Ana
    fleeing = _arranged("massacre", positions, changes={"red:Cy": {"fleeing": True}})
    bo = fleeing.model("red:Bo")
    assert spot_score(fleeing, bo, aim, by_cy) < spot_score(fleeing, bo, aim, by_ana)
    steady = _arranged("massacre", positions)
    assert spot_score(steady, bo, aim, by_cy) == spot_score(steady, bo, aim, by_ana)
    acted = _arranged("massacre", positions, changes={"red:Cy": {"fleeing": True, "activated": True}})
    assert spot_score(acted, bo, aim, by_cy) == spot_score(acted, bo, aim, by_ana)  # its check is behind it


def test_a_fleeing_survivor_near_the_edge_acts_after_its_mates() -> None:
    from random import Random

    from game.rules.zombieworld import commands as c

    positions = {"red:Bo": (6.0, 60.0), "red:Cy": (40.0, 60.0)}
    same_skill = {"red:Cy": {"profile": "hardened"}}
    calm = _arranged("massacre", positions, {"z1": (20.0, 60.0)}, changes=same_skill)
    assert tactical_bot(calm, "red", Random(1)) == c.Activate("red:Bo")  # nearest the zombie: in most danger
    fleeing = _arranged("massacre", positions, {"z1": (20.0, 60.0)},
                        changes={**same_skill, "red:Bo": {"fleeing": True}})
    assert tactical_bot(fleeing, "red", Random(1)) == c.Activate("red:Cy")  # a failed check would run Bo off the table
