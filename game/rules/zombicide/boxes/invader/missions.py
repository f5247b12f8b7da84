"""The mission (rules digest §5, §17): objectives revealed and what they give, the mission's goals in
their order, its special rules scripted as data (``[setup] events``), and how the game is won or lost.

Invader is lost as soon as a starting survivor is eliminated, two spawn zones are joined by Active
Mold, a token a goal needs is gone, or a mission's own rule says so; it is won when the goals are
reached (the ones checked in an End Phase then), or, with an escape, when everyone has escaped after
them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import lru_cache
from operator import attrgetter
from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.kept import kept_per_object
from game.rules.core.reasons import Said
from game.rules.core.rng import shuffled
from game.rules.zombicide.boxes.invader.board import board_of
from game.rules.zombicide.boxes.invader.commands import (
    MissionProgress,
    ObjectiveRevealed,
    RemoteChanged,
    TakeSample,
)
from game.rules.zombicide.boxes.invader.inventory import BODY, OXYGEN, tidy, weapons_in_hands
from game.rules.zombicide.boxes.invader.mold import joined_spawns, mold_of, set_mold, set_spawn, spread
from game.rules.zombicide.boxes.invader.state import ACTIVE, INACTIVE, hero, mission
from game.rules.zombicide.boxes.invader.xenos import next_attack_step
from game.rules.zombicide.commands import CardDiscarded, Escape
from game.rules.zombicide.queries import GoalProgress
from game.rules.zombicide.state import EMPTY, LEVEL_NAMES, evolved

Game = Any
REMOTE_OF = {"green": "robot", "purple": "sentry_gun"}
SAMPLE_NAMES = {"worker": N_("a Worker"), "tank": N_("a Tank"), "hunter": N_("a Hunter"),
                "spoiler_abomination": N_("the Spoiler Abomination"), "mold": N_("Mold")}
END_PHASE_GOALS = ("regroup",)
_ALIVE = attrgetter("alive")


def colour_of(state: Any, n: int) -> str:
    colours = state.box_state.objective_colours
    return colours[n] if colours else state.graph.objectives[n].color or "red"


def _objective_colours(state: Any) -> tuple[str, ...]:
    """Every objective's colour (``colour_of`` of each): as dealt, else as the board prints it."""
    return state.box_state.objective_colours or tuple(p.color or "red" for p in state.graph.objectives)


# --- objectives ---------------------------------------------------------------------------------


def objective_taken(game: Game, i: int, n: int) -> None:
    """The token's colour shows; a red one deals a Prototype, green and purple a Machine's remote,
    and the mission's own cards go with their colour (``objective_rewards``)."""
    s = game.survivors[i]
    colour = colour_of(game, n)
    game.box_state = evolved(game.box_state, revealed=game.box_state.revealed + (n,))
    cards: list[int] = []
    if colour == "red" and game.spec.prototype_for_red and game.box_state.prototype_pile:
        pile, game.rng = shuffled(game.rng, list(game.box_state.prototype_pile))
        cards.append(pile[0])
        game.box_state = evolved(game.box_state, prototype_pile=tuple(pile[1:]))
    rewards = [card for c, card in game.box_state.rewards if c == colour]
    if rewards:
        cards.extend(rewards)
        game.box_state = evolved(game.box_state, rewards=tuple(r for r in game.box_state.rewards if r[0] != colour))
    game.events.append(ObjectiveRevealed(game.zid(game.graph.objectives[n].zone), colour, s.id,
                                         tuple(game.card_kinds[c] for c in cards)))
    remote = REMOTE_OF.get(colour)
    if remote is not None:
        game.change(i, box_fields=evolved(hero(game.survivors[i]), remotes=hero(game.survivors[i]).remotes + (remote,)))
        game.events.append(RemoteChanged(remote, s.id))
    if cards:
        game.offer_cards(i, cards)


def do_take_sample(game: Game, i: int, command: TakeSample) -> None:
    s = game.survivors[i]
    if "mold" not in game.spec.samples or "mold" in game.box_state.samples:
        raise IllegalCommand(Said(N_("no Mold sample to take in this mission")))
    gone = set(game.box_state.spawns_gone)
    if not any(p.zone == s.zone for n, p in enumerate(game.graph.spawns) if n not in gone):
        raise IllegalCommand(Said(N_("a Mold sample is taken in a spawn zone")))
    game.spend(i, "other")
    game.box_state = evolved(game.box_state, samples=game.box_state.samples + ("mold",))
    game.events.append(MissionProgress("sample", "mold"))


def sample_commands(state: Any, i: int) -> list[Any]:
    s = state.survivors[i]
    if s.actions_left <= 0 or "mold" not in mission(state).samples or "mold" in state.box_state.samples:
        return []  # the cheapest question first: asked at every listing
    gone = set(state.box_state.spawns_gone)
    if any(p.zone == s.zone for n, p in enumerate(state.graph.spawns) if n not in gone):
        return [TakeSample(s.id)]
    return []


# --- goals --------------------------------------------------------------------------------------


def _needed(state: Any, colour: str) -> tuple[int, ...]:
    """The objectives a goal of ``colour`` asks for ("" for all), scientists left out."""
    global _LAST_NEEDED
    box = state.box_state
    colours, scientists, objectives = box.objective_colours, box.scientists, state.graph.objectives
    last = _LAST_NEEDED  # asked after every command: the same colours and scientists again
    if last[0] is colours and last[1] is scientists and last[2] is objectives and last[3] == colour:
        return last[4]
    found = _objectives_of(_objective_colours(state), tuple(p.colour for p in scientists), colour)
    _LAST_NEEDED = (colours, scientists, objectives, colour, found)
    return found


_LAST_NEEDED: tuple[Any, Any, Any, str, tuple[int, ...]] = (None, None, None, "", ())


@lru_cache(maxsize=256)
def _objectives_of(colours: tuple[str, ...], scientists: tuple[str, ...], colour: str) -> tuple[int, ...]:
    return tuple(n for n, c in enumerate(colours) if colour in ("", c) and c not in scientists)


def goal_done(game: Game, kind: str, value: str) -> bool:
    """Whether the goal ``kind:value`` holds now (asked of the working copy after every command)."""
    box = game.box_state
    if kind in ("take", "take_all"):
        # read as it stands: asked after every command, a read that made the working copy's own list cost a copy
        gone, taken = box.objectives_gone, game.as_it_stands("objectives_taken")
        wanted = _needed(game, value if kind == "take" else "")
        # every one taken (read in C) and none gone since (seldom any): asked after every command
        return all(map(taken.__getitem__, wanted)) and (not gone or all(n not in gone for n in wanted))
    if kind == "evacuated":
        return box.evacuees <= 0
    if kind == "regroup":
        machine = next((m for m in box.machines if m.kind == value), None)
        if machine is None:
            return False
        standing = [s for s in game.survivors if s.in_play]
        return bool(standing) and all(s.zone == machine.zone for s in standing) and not sum(game.zombies[machine.zone])
    if kind == "level":
        needed = LEVEL_NAMES.index(value)
        return all(s.level >= needed for s in game.survivors if s.alive)
    if kind == "destroy_spawn":
        colours = box.spawn_colours
        return any(colours[n] == value for n in box.spawns_gone) if colours else False
    if kind == "samples":
        return all(sample in box.samples for sample in mission(game).samples)
    if kind == "new_oxygen":
        old = set(box.old_tanks)
        return all(_wears_new_tank(game, s, old) for s in game.survivors if s.in_play)
    if kind == "scientists_out":
        return all(p.escaped for p in box.scientists)
    return False


def _wears_new_tank(state: Any, survivor: Any, old: set[int]) -> bool:
    """``survivor`` has an Oxygen Tank in a body slot that is not one of the mission's old tanks."""
    return any(survivor.slots[n] >= 0 and survivor.slots[n] not in old and OXYGEN in state.tables.equipment[
        state.card_kinds[survivor.slots[n]]].effects for n in BODY)


def walk_stops(state: Any) -> tuple[int, ...]:
    """The zones of the objectives the mission's take goals want (the balance report's walk)."""
    wanted: dict[int, None] = {}
    for goal in mission(state).invader_goals:
        kind, _, value = goal.partition(":")
        if kind in ("take", "take_all"):
            wanted.update(dict.fromkeys(state.graph.objectives[n].zone for n in _needed(state, value if kind == "take" else "")))
    return tuple(wanted)


def goal_impossible(state: Any, goal: str) -> bool:
    kind, _, value = goal.partition(":")
    gone = state.box_state.objectives_gone
    if kind in ("take", "take_all") and gone:
        return any(n in gone for n in _needed(state, value if kind == "take" else ""))
    if kind == "scientists_out":
        return any(p.dead for p in state.box_state.scientists)
    if kind == "destroy_spawn":
        return False
    return False


def all_goals_done(state: Any) -> bool:
    return len(state.box_state.goals_done) >= len(mission(state).invader_goals)


def _advance_goals(game: Game, end_phase: bool) -> None:
    global _LAST_UNMET
    box = game.box_state
    before = box.goals_done
    goals = game.spec.invader_goals
    if len(before) >= len(goals):
        return  # every goal done (or none): asked after every command and step
    taken = game.as_it_stands("objectives_taken")
    last = _LAST_UNMET  # the next goal was not met after the last command: most often nothing it reads changed
    if last[0] is box and last[1] is taken and last[2] is game.spec and last[3] is game.graph:
        return
    done: list[str] = []  # the goals done now (most often none: asked after every command and step)
    parsed = _parsed_goals(goals)
    for goal, kind, value in parsed[len(before):]:
        if kind in END_PHASE_GOALS and not end_phase:
            break
        if not goal_done(game, kind, value):
            break
        done.append(goal)
        game.events.append(MissionProgress("goal", goal))
    if done:
        game.box_state = evolved(box, goals_done=before + tuple(done))
    elif parsed[len(before)][1] in _BOX_GOALS and taken.__class__ is tuple:  # an unchanging tuple
        _LAST_UNMET = (box, taken, game.spec, game.graph)


# the goal kinds that read only the box state, the objectives taken, the mission and the board
_BOX_GOALS = frozenset({"take", "take_all", "evacuated", "destroy_spawn", "samples", "scientists_out"})
# (box state, objectives taken, mission, board) with which the next goal was last found not met
_LAST_UNMET: tuple[Any, Any, Any, Any] = (None, None, None, None)


@kept_per_object(64)
def _parsed_goals(goals: tuple[str, ...]) -> tuple[tuple[str, str, str], ...]:
    """A mission's goals, each with its kind and value (asked after every command)."""
    return tuple((g, *g.partition(":")[::2]) for g in goals)


def refuse_escape(state: Any, i: int, command: Any) -> str:
    if isinstance(command, Escape) and not all_goals_done(state):
        return Said(N_("The mission's goals come first: nobody escapes before"))
    return ""


def goal_progress(state: Any) -> tuple[GoalProgress, ...]:
    done = state.box_state.goals_done
    found = []
    for n, goal in enumerate(mission(state).invader_goals):
        kind, _, value = goal.partition(":")
        count, total = (1 if n < len(done) else 0), 1
        if kind in ("take", "take_all"):
            wanted = _needed(state, value if kind == "take" else "")
            count, total = sum(1 for k in wanted if state.objectives_taken[k]), len(wanted)
        elif kind == "evacuated":
            total = mission(state).evacuees
            count = total - state.box_state.evacuees
        elif kind == "samples":
            total = len(mission(state).samples)
            count = sum(1 for x in mission(state).samples if x in state.box_state.samples)
        elif kind == "scientists_out":
            total = len(state.box_state.scientists)
            count = sum(1 for p in state.box_state.scientists if p.escaped)
        elif kind == "level":  # the living survivors at that level or higher, of the living
            needed = LEVEL_NAMES.index(value)
            alive = [s for s in state.survivors if s.alive]
            count, total = sum(1 for s in alive if s.level >= needed), len(alive)
        elif kind == "new_oxygen":
            old = set(state.box_state.old_tanks)
            playing = [s for s in state.survivors if s.in_play]
            count, total = sum(1 for s in playing if _wears_new_tank(state, s, old)), len(playing)
        found.append(GoalProgress(f"inv:{n + 1}:{goal}", count, total, n < len(done)))  # its step, then the goal
    return tuple(found)


# --- special rules ------------------------------------------------------------------------------


def _happened(game: Game, kind: str, value: str) -> bool:
    if kind in _COLOURS_OF:
        return value in _COLOURS_OF[kind](game)
    if kind == "xeno_enters_exit":
        zombies = game.as_it_stands("zombies")  # read, not made the working copy's own list
        return any(sum(zombies[z]) for z in game.graph.exits)
    return False


def _taken_colours(game: Game) -> Collection[str]:
    """The colours of the objectives taken (and not gone since)."""
    taken = game.as_it_stands("objectives_taken")  # read, not made the working copy's own list
    if True not in taken:  # the usual case, asked after every command
        return ()
    colours, gone = _objective_colours(game), game.box_state.objectives_gone
    return {colours[n] for n, t in enumerate(taken) if t and n not in gone}


def _removed_door_colours(game: Game) -> Collection[str]:
    """The colours of the doors destroyed or taken away by Mold."""
    box = game.box_state
    if not box.doors_gone and not box.doors_broken:  # the usual case, asked after every command
        return ()
    edges, doors = game.graph.edges, game.graph.doors
    return {edges[doors[d]].color for d in (*box.doors_gone, *box.doors_broken)}


def _mold_near_colours(game: Game) -> Collection[str]:
    """The colours of the spawn zones with Mold in them or beside them."""
    mold = game.box_state.mold  # empty while no Mold was ever placed
    if not any(mold):
        return ()
    borders = board_of(game.graph).borders
    return {_spawn_colour(game, n) for n, point in enumerate(game.graph.spawns)
            if mold[point.zone] or any(mold[z] for z in borders[point.zone])}


# a rule's ``when`` → the colours for which it holds now (a ``when`` of a colour holds when its colour is there)
_COLOURS_OF: dict[str, Callable[[Game], Collection[str]]] = {
    "objective_taken": _taken_colours, "door_removed": _removed_door_colours, "mold_near_spawn": _mold_near_colours}


def _spawn_colour(state: Any, n: int) -> str:
    colours = state.box_state.spawn_colours
    return colours[n] if colours else state.graph.spawns[n].color or "red"


def _apply(game: Game, event: Any) -> None:
    kind, _, value = event.then.partition(":")
    colour = event.when.partition(":")[2]
    if kind == "activate_spawn":
        for n in range(len(game.graph.spawns)):
            if _spawn_colour(game, n) == value:
                set_spawn(game, n, True, event.when)
    elif kind == "flip_mold_to_active":
        for n, point in enumerate(game.graph.spawns):
            if _spawn_colour(game, n) == colour and mold_of(game)[point.zone] == INACTIVE:
                set_mold(game, point.zone, ACTIVE, "mission")
    elif kind == "lose":
        game.events.append(MissionProgress("lost", event.when))
        game.finish("lost")


def _rules(game: Game, activating: tuple[int, ...] = ()) -> None:
    global _LAST_QUIET
    events, box = game.spec.events, game.box_state
    if len(box.events_fired) >= len(events):
        return  # every rule fired (or the mission has none): asked after every command and step
    rules, on_state, on_activation, on_zombies = _parsed(events)
    if on_activation and not activating:
        return  # rules read at an activation alone (M2), asked after every command and step
    if on_state:  # rules that read only the box state, the board, the objectives taken (and the zombies)
        zombies = game.as_it_stands("zombies") if on_zombies else None
        key = (events, box, game.graph, tuple(game.as_it_stands("objectives_taken")), zombies)
        last = _LAST_QUIET  # none held after the last command: most often nothing they read changed
        if last[0] is key[0] and last[1] is key[1] and last[2] is key[2] and last[3] == key[3] and last[4] is zombies:
            return
    fired = list(box.events_fired)
    colours: dict[str, Collection[str]] = {}  # a ``when`` of a colour → its colours now, worked out once
    for n, kind, value, event in rules:
        if n in fired or (event.until and event.until in game.box_state.goals_done):
            continue
        if kind == "xeno_activates_on":
            if not activating or not _xenos_on(game, value, activating):
                continue
        elif kind in _COLOURS_OF:
            now = colours.get(kind)
            if now is None:
                now = colours[kind] = _COLOURS_OF[kind](game)
            if value not in now:
                continue
        elif not _happened(game, kind, value):
            continue
        colours.clear()  # the rule's effect may change them
        fired.append(n)
        game.box_state = evolved(game.box_state, events_fired=tuple(fired))
        _apply(game, event)
        if game.result is not None:
            return
    if on_state and len(fired) == len(box.events_fired) and (zombies is None or zombies.__class__ is tuple):
        _LAST_QUIET = key


# (the rules, box state, board, objectives taken and, for a rule on the exit, the zombies) after which
# no rule on a colour or on the exit held. Safe: all immutable (a working copy's list of zombies is never
# kept), held here so their ids cannot be reused.
_LAST_QUIET: tuple[Any, Any, Any, tuple[bool, ...], Any] = (None, None, None, (), None)


Rule = tuple[int, str, str, Any]  # a mission's rule: its number, its ``when`` split in kind and value, the rule
_ON_STATE = frozenset({*_COLOURS_OF, "xeno_enters_exit"})


@kept_per_object(64)
def _parsed(events: tuple[Any, ...]) -> tuple[tuple[Rule, ...], bool, bool, bool]:
    """A mission's rules split, whether every one reads only the state as it stands (on a colour, or on
    the exit), whether every one is on an activation, whether one is on the exit."""
    split: tuple[Rule, ...] = tuple((n, *event.when.partition(":")[::2], event) for n, event in enumerate(events))
    kinds = [kind for _n, kind, _v, _e in split]
    return (split, _ON_STATE.issuperset(kinds), all(kind == "xeno_activates_on" for kind in kinds),
            "xeno_enters_exit" in kinds)


def _xenos_on(game: Game, colour: str, types: tuple[int, ...]) -> bool:
    """Xenos of the activating kinds stand on the (untaken) objective of that colour (asked at every
    Attack step of M2: the colours, objectives taken and zombies read once, not per objective)."""
    colours = _objective_colours(game)
    taken = game.as_it_stands("objectives_taken")
    zombies = game.as_it_stands("zombies")  # read, not made the working copy's own list
    for n, point in enumerate(game.graph.objectives):
        if colours[n] == colour and not taken[n]:
            here = zombies[point.zone]
            for t in types:
                if here[t]:
                    return True
    return False


def before_activation(game: Game, types: tuple[int, ...]) -> None:
    """An Attack step begins: the count moves on (Tough); a mission rule on activation (Rolly)."""
    next_attack_step(game)
    _rules(game, types)
    walk_scientists(game)


# --- the game's end -----------------------------------------------------------------------------


def settle(game: Game) -> None:
    """After every command and step: cards tidied, Mold spread, the mission's rules and goals,
    the losses (a survivor down, spawn zones joined by Mold, a goal out of reach)."""
    global _LAST_SETTLED
    box = game.box_state
    last = _LAST_SETTLED  # what settled nothing last time: most often nothing it reads changed since
    if last[0] is box and _unchanged(game, last):
        return
    zombies = game.as_it_stands("zombies")
    if zombies.__class__ is not tuple:  # a working copy's list (the zombies' phase): nothing kept
        _settle(game)
        return
    taken, discard = game.as_it_stands("objectives_taken"), game.as_it_stands("equipment_discard")
    events = len(game.events)
    _settle(game)
    if (game.result is None and game.box_state is box and len(game.events) == events
            and taken.__class__ is tuple and discard.__class__ is tuple
            and game.as_it_stands("zombies") is zombies and game.as_it_stands("objectives_taken") is taken
            and game.as_it_stands("equipment_discard") is discard and _reads_box_only(game.spec, box)):
        _LAST_SETTLED = (box, zombies, taken, discard, game.card_kinds, game.spec, game.graph, game.tables)


def _unchanged(game: Game, last: tuple[Any, ...]) -> bool:
    """Whether ``settle`` would read the same as when it kept ``last`` (its box state already found the same)."""
    box = last[0]
    return (last[1] is game.as_it_stands("zombies") and last[2] is game.as_it_stands("objectives_taken")
            and last[3] is game.as_it_stands("equipment_discard") and last[4] is game.card_kinds
            and last[5] is game.spec and last[6] is game.graph and last[7] is game.tables
            and all(map(_ALIVE, game.survivors))
            and (not box.attached or weapons_in_hands(game.survivors, box.attached)))


# (box state, zombies, objectives taken, equipment discard, card kinds, mission, board, tables) after
# which ``settle`` changed nothing, and read nothing else of the survivors but whether they are alive
# and hold every weapon with an attachment (``tidy``'s), the next goal one of the box's own: the same
# again settles nothing. Safe: all immutable (a working copy's lists are never kept), and held here their
# ids cannot be reused.
_LAST_SETTLED: tuple[Any, ...] = (None,) * 8


def _reads_box_only(spec: Any, box: Any) -> bool:
    """Whether the next goal of ``settle`` reads none of the survivors (every goal done, or the next
    one of the box's own, or one checked at an End Phase only)."""
    goals = spec.invader_goals
    if len(box.goals_done) >= len(goals):
        return True
    kind = _parsed_goals(goals)[len(box.goals_done)][1]
    return kind in _BOX_GOALS or kind in END_PHASE_GOALS


def _settle(game: Game) -> None:
    tidy(game)
    spread(game)
    if game.result is not None:
        return
    _rules(game)
    if game.result is not None:
        return
    if not all(map(_ALIVE, game.survivors)):  # read in C: asked after every command and step
        game.finish("lost")
        return
    if joined_spawns(game):
        game.events.append(MissionProgress("lost", "mold_joined_spawns"))
        game.finish("lost")
        return
    _advance_goals(game, end_phase=False)
    box = game.box_state
    # a goal goes out of reach only with an objective gone or a scientist (dead): seldom, asked after every step
    if (box.objectives_gone or box.scientists) and any(
            goal_impossible(game, g) for g in game.spec.invader_goals[len(box.goals_done):]):
        game.events.append(MissionProgress("lost", "goal_out_of_reach"))
        game.finish("lost")
        return
    goals = game.spec.invader_goals  # ``all_goals_done``, inlined: asked after every command
    if goals and len(box.goals_done) >= len(goals) and "escape_all" not in game.spec.goals:
        game.finish("won")


def end_phase_goals(game: Game) -> None:
    """Before the End Phase's other steps: the goals checked in an End Phase (regroup)."""
    _advance_goals(game, end_phase=True)
    if all_goals_done(game) and game.spec.invader_goals and "escape_all" not in game.spec.goals:
        game.finish("won")


def evacuate(game: Game) -> None:
    """M3: one family leaves each End Phase; the others stay, as Noise tokens in the exit zone."""
    box = game.box_state
    if box.evacuees <= 0:
        return
    left = box.evacuees - 1
    game.box_state = evolved(box, evacuees=left)
    game.events.append(MissionProgress("evacuated", str(left)))
    for zone in game.graph.exits[:1]:
        game.noise[zone] = left


def discard_old_tanks(game: Game, zone: int) -> None:
    """M10: a starting Oxygen Tank goes as soon as its survivor enters an Airlock."""
    if not game.box_state.old_tanks or not board_of(game.graph).airlock[zone]:
        return
    old = set(game.box_state.old_tanks)
    dropped: set[int] = set()
    for i, s in enumerate(game.survivors):
        if s.in_play and s.zone == zone and any(c in old for c in s.slots):
            for c in s.slots:
                if c in old:
                    dropped.add(c)
                    game.equipment_discard.append(c)
                    game.events.append(CardDiscarded(s.id, game.card_kinds[c]))
            game.change(i, slots=tuple(EMPTY if c in old else c for c in s.slots))
    if dropped:
        game.box_state = evolved(game.box_state, old_tanks=tuple(c for c in game.box_state.old_tanks if c not in dropped))


def walk_scientists(game: Game) -> None:
    """M9: at the end of each Players' Phase, every scientist walks one zone towards the exit (and
    leaves by it when no xeno is there)."""
    box = game.box_state
    if not box.scientists or box.walked_round == game.round or not game.graph.exits:
        return
    doors = tuple(game.as_it_stands("doors_open"))
    distances_from = game.graph.distances_from  # the rows of the zones asked about, not the whole table
    exits = game.graph.exits
    scientists = list(box.scientists)
    for n, scientist in enumerate(scientists):
        if scientist.escaped or scientist.dead:
            continue
        here = scientist.zone
        if here in exits:
            if not sum(game.zombies[here]):
                scientists[n] = evolved(scientist, escaped=True)
                game.events.append(MissionProgress("scientist_out", scientist.colour))
            continue
        best = min(distances_from(here, doors)[e] for e in exits)
        steps = [z for z in game.graph.neighbours(here, doors) if min(distances_from(z, doors)[e] for e in exits) < best]
        if steps:
            scientists[n] = evolved(scientist, zone=steps[0])
            game.events.append(MissionProgress("scientist_walked", f"{scientist.colour}:{game.zid(steps[0])}"))
    game.box_state = evolved(box, scientists=tuple(scientists), walked_round=game.round)
