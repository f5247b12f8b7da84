"""Who won a Zombieworld scenario and the Glory each band earned: pure functions of the state."""

from __future__ import annotations

import math

from game.i18n import N_
from game.rules.core.reasons import Said, counted
from game.rules.zombieworld.catalog import Catalog, Scenario
from game.rules.zombieworld.state import SeatScore, State

OBJECTIVE_CM = 8.0


def exit_goal_met(scenario: Scenario, score: SeatScore, band_size: int) -> bool:
    """The exit scenarios: members off the table by the way out, with the searches and kills asked."""
    if scenario.victory not in ("exit_opposite_edge", "exit_any_edge"):
        return False
    if score.buildings_searched < scenario.buildings_searched or score.zombies_killed < scenario.zombies_killed:
        return False
    if scenario.more_than_half_escape:
        return score.escaped * 2 > band_size
    return score.escaped >= 1


def winners(state: State, catalog: Catalog) -> tuple[str, ...]:
    """The winning seats when the game ends (several: a draw; none: nobody managed it)."""
    scenario = catalog.scenario(state.scenario)
    seats = [s for s in state.seats if not state.score(s).withdrawn]
    if not seats and scenario.victory not in ("exit_opposite_edge", "exit_any_edge"):
        return ()
    victory = scenario.victory
    if victory in ("exit_opposite_edge", "exit_any_edge"):
        sizes = {s: sum(1 for m in state.roster if m.startswith(f"{s}:")) for s in state.seats}
        return tuple(s for s in state.seats if exit_goal_met(scenario, state.score(s), sizes[s]))
    if victory == "near_objective":
        centre = state.objective or ((state.table.width_cm / 2, state.table.height_cm / 2) if state.table else (0, 0))
        reach = scenario.objective_cm or OBJECTIVE_CM
        near = [s for s in seats if any(
            m.kind == "survivor" and math.dist(m.position, centre) - 1.25 <= reach for m in state.models if m.side == s)]
        return tuple(near)  # two or more bands there: a draw
    if victory == "rescue":
        return tuple(s for s in seats if any(m.rescued and m.side == s for m in state.models))
    if victory == "most_antidotes":
        counts = {s: sum(m.elements.count("antidote") for m in state.models if m.side == s) for s in seats}
        best = max(counts.values(), default=0)
        return tuple(s for s in seats if counts[s] == best) if best else ()
    key = {
        "most_zombie_kills": lambda s: state.score(s).zombies_killed,
        "most_hostile_kills": lambda s: state.score(s).hostile_killed,
        "fewest_wounds_taken": lambda s: -state.score(s).wounds_taken,
    }.get(victory)
    if key is None:
        return ()
    best = max(key(s) for s in seats)
    return tuple(s for s in seats if key(s) == best)


def glory(state: State, seat: str, catalog: Catalog) -> tuple[tuple[str, int], ...]:
    """The Glory a band earned, line by line (label, points); sum them for the total. A label is words
    the engine says (``Said``: the window says them in its player's language)."""
    table = catalog.tables.glory
    score = state.score(seat)
    lines: list[tuple[str, int]] = []
    if score.withdrawn:
        lines.append((Said(N_("withdrew")), table.withdrew))
    if score.members_lost:
        lines.append((counted("{count} member out of action", "{count} members out of action", score.members_lost),
                      table.member_lost * score.members_lost))
    if score.buildings_searched:
        lines.append((counted("{count} building searched", "{count} buildings searched", score.buildings_searched),
                      table.building_searched * score.buildings_searched))
    if score.zombies_killed >= table.per_zombies_killed:
        lines.append((counted("{count} zombie killed", "{count} zombies killed", score.zombies_killed),
                      score.zombies_killed // table.per_zombies_killed))
    if score.hostile_killed:
        lines.append((counted("{count} hostile survivor killed", "{count} hostile survivors killed", score.hostile_killed),
                      table.hostile_survivor_killed * score.hostile_killed))
    if score.survivors_found:
        lines.append((counted("{count} survivor found", "{count} survivors found", score.survivors_found),
                      table.survivor_found * score.survivors_found))
    if state.finished and seat in state.winners:
        if len(state.winners) > 1:
            lines.append((Said(N_("draw")), table.draw))
        else:
            lines.append((Said(N_("won the scenario")), table.win))
    return tuple(lines)


def glory_total(state: State, seat: str, catalog: Catalog) -> int:
    return sum(points for _, points in glory(state, seat, catalog))
