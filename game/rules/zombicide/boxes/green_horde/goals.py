"""Green Horde's own mission goals (our missions'): kill Necromancers or Abominations, burn zombies
with Dragon Fire, kill so many zombies of given kinds, bring a siege engine to the exit."""

from __future__ import annotations

from typing import Any

from game.rules.zombicide.queries import GoalProgress


def _killed(state: Any, special: str = "", zombie_id: str = "") -> int:
    killed = state.box_state.killed
    tables = state.tables
    if not killed:
        return 0
    if zombie_id:
        t = tables.zombie_index.get(zombie_id)
        return killed[t] if t is not None else 0
    return sum(killed[t] for t in _types_with(tables, special))


# (id of a game's tables, special) → (the tables, the zombie types with that special): goals are
# asked after every action and step
_TYPES_WITH: dict[tuple[int, str], tuple[Any, tuple[int, ...]]] = {}


def _types_with(tables: Any, special: str) -> tuple[int, ...]:
    entry = _TYPES_WITH.get((id(tables), special))
    if entry is None or entry[0] is not tables:
        if len(_TYPES_WITH) > 32:
            _TYPES_WITH.clear()
        entry = _TYPES_WITH[id(tables), special] = (
            tables, tuple(t for t in range(tables.type_count) if special in tables.specials[t]))
    return entry[1]


def _setup(state: Any) -> Any:
    """The setup of a state, or of the working copy (``spec``), whose goals are asked after every action."""
    try:
        return state.spec
    except AttributeError:
        return state.setup


# the last answer of ``kill_necromancers``: (kills per kind, the tables, Necromancers needed, the
# progress); goals are asked two or three times a command, and kills change far less often (the
# kills are a tuple, replaced when they change)
_LAST_NECROMANCER_KILLS: list[Any] = [None, None, -1, None]


def kill_necromancers(state: Any) -> GoalProgress:
    need = _setup(state).necromancers_to_kill
    killed = state.box_state.killed
    last = _LAST_NECROMANCER_KILLS
    if last[0] is killed and last[1] is state.tables and last[2] == need:
        return last[3]  # type: ignore[no-any-return]
    progress = _necromancers_progress(state, killed, need)
    last[:] = [killed, state.tables, need, progress]
    return progress


def _necromancers_progress(state: Any, killed: tuple[int, ...], need: int) -> GoalProgress:
    done = 0
    if killed:
        for t in _types_with(state.tables, "necromancer"):
            done += killed[t]
    return _progress("kill_necromancers", min(done, need), need, done >= need)


# the last answer of ``kill_abominations``: (kills per kind, the tables, Abominations needed, the progress)
_LAST_ABOMINATION_KILLS: list[Any] = [None, None, -1, None]


def kill_abominations(state: Any) -> GoalProgress:
    need = _setup(state).abominations_to_kill
    killed = state.box_state.killed
    last = _LAST_ABOMINATION_KILLS
    if last[0] is killed and last[1] is state.tables and last[2] == need:
        return last[3]  # type: ignore[no-any-return]
    t = state.tables.zombie_index.get("orc_abomination")
    done = killed[t] if killed and t is not None else 0
    progress = _progress("kill_abominations", min(done, need), need, done >= need)
    last[:] = [killed, state.tables, need, progress]
    return progress


# (goal, done, total, reached) → its progress: a goal is asked after every action and step, and the
# same few answers come back game after game (a record, so one object serves them all)
_PROGRESS: dict[tuple[str, int, int, bool], GoalProgress] = {}


def _progress(goal: str, done: int, total: int, reached: bool) -> GoalProgress:
    key = (goal, done, total, reached)
    found = _PROGRESS.get(key)
    if found is None:
        if len(_PROGRESS) > 4096:
            _PROGRESS.clear()
        found = _PROGRESS[key] = GoalProgress(goal, done, total, reached)
    return found


def burn_zombies(state: Any) -> GoalProgress:
    need = _setup(state).zombies_to_burn
    done = state.box_state.burned
    return _progress("burn_zombies", min(done, need), need, done >= need)


# the last answer of ``kill_zombies``: (kills per kind, the tables, the kills wanted, the progress), as
# ``kill_necromancers`` keeps its own
_LAST_ZOMBIE_KILLS: list[Any] = [None, None, None, None]


def kill_zombies(state: Any) -> GoalProgress:
    wanted = _setup(state).zombies_to_kill
    killed = state.box_state.killed
    last = _LAST_ZOMBIE_KILLS
    if last[0] is killed and last[1] is state.tables and last[2] == wanted:
        return last[3]  # type: ignore[no-any-return]
    done = sum(min(_killed(state, zombie_id=z), n) for z, n in wanted.items())
    total = sum(wanted.values())
    progress = _progress("kill_zombies", done, total, done >= total)
    last[:] = [killed, state.tables, dict(wanted), progress]
    return progress


def siege_engine_to_exit(state: Any) -> GoalProgress:
    exits = state.graph.exits
    there = any(z in exits for z in state.box_state.siege_engines)
    return GoalProgress("siege_engine_to_exit", int(there), 1, there, tuple(state.graph.zone_ids[z] for z in exits))


GOALS = {
    "kill_necromancers": kill_necromancers,
    "kill_abominations": kill_abominations,
    "burn_zombies": burn_zombies,
    "kill_zombies": kill_zombies,
    "siege_engine_to_exit": siege_engine_to_exit,
}
