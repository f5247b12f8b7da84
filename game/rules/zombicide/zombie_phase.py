"""The zombies' phase as a program of steps kept on the state: activations, attacks, moves, splits, the
box's own steps, the end of the round."""

from __future__ import annotations

import math
from itertools import compress
from operator import sub
from typing import TYPE_CHECKING, Any

from game.rules.core.frozen import maker_for, mutable_record
from game.rules.core.kept import kept_per_object
from game.rules.zombicide import skills as sk
from game.rules.zombicide.commands import (
    DecisionNeeded,
    DoorBroken,
    FirstPlayerPassed,
    NoiseCleared,
    PhaseStarted,
    TurnStarted,
    ZombieAttacked,
    ZombieMoved,
    ZombieSpawned,
)
from game.rules.zombicide.graph import UNREACHABLE
from game.rules.zombicide.state import Pending, Survivor, resetter_for
from game.rules.zombicide.working import Fields


class ZombiePhase(Fields):
    """Methods of the working copy (``Game``)."""

    if not TYPE_CHECKING:  # slots for the working copy; mypy reads the fields declared in ``Fields``
        __slots__ = ()

    def start_zombie_phase(self) -> None:
        for i, s in enumerate(self.survivors):
            if s.tough_used:
                self.change(i, tough_used=False)
        self.phase = "zombies"
        self.active = -1
        self.events.append(PhaseStarted("zombies", self.round))
        steps: list[tuple] = []
        for kinds in _activations(self.tables):
            steps += self.activation_steps(kinds, "")
        steps += [*self.box_steps("before_spawn"), ("spawn",), *self.box_steps("after_spawn"),
                  *self.box_steps("before_end_round"), ("end_round",), *self.box_steps("after_end_round")]
        self.queue.extend(steps)
        self.run_queue()

    def activation_steps(self, types: tuple[int, ...], why: str) -> list[tuple]:
        """An activation of these zombie kinds as queued steps: the box's steps before it, then it."""
        return [*self.box_steps("before_activation", types), ("activate", types, why)]

    def box_steps(self, at: str, types: tuple[int, ...] = ()) -> list[tuple]:
        """The box's phase steps due at ``at`` (``BoxRules.phase_steps``), as queued steps."""
        due = _steps_at(self.box.phase_steps).get(at)
        if due is None:  # most points of the phase have none: no walk over the box's steps
            return []
        queued = []
        for step in due:
            if step.when is None or step.when(self, types):
                queued.append((step.name, *(step.args(self, types) if step.args is not None else ())))
        return queued

    def run_queue(self) -> None:
        checked = False  # ``check_goals`` has read the state as it stands (after a step of this run)
        while self.queue and self.pending is None and self.result is None:
            step = self.queue.pop(0)
            kind = step[0]
            # the phase's own steps first, the most frequent first (each test a string comparison)
            if kind == "activate":
                self.step_activate(step[1])
                if checked:  # it queues attacks and a move, tells of the attacks: nothing the goals read
                    continue
            elif kind == "draw":
                self.step_draw(step[1])
            elif kind == "move":
                if not self.step_move(step[1], step[2]) and checked:  # nobody moved: nothing changed
                    continue
            elif kind == "wound":
                self.step_wound(step[1], step[2], step[3])
            elif kind == "spawn":
                self.step_spawn()
                if checked:  # the roll and the draws queued: nothing the goals read
                    continue
            elif kind == "end_round":
                self.step_end_round()
            elif kind == "strays":  # a shot's misses, once its kills are settled
                self.stray(*step[1:])
            elif kind == "attack":  # the second weapon of a Trick shot
                if self.survivors[step[1]].in_play:
                    self.roll_attack(step[1], step[2], [step[3]], step[4], step[5])
            elif kind == "free_attack":  # a move's free attack, once what the move set off is resolved
                self.step_free_attack(step[1], step[2], step[3], step[4])
            elif kind == "deal":
                self.step_deal(step[1], step[2], step[3])
            elif kind == "link_turn":
                self.step_link_turn(step[1])
            elif kind == "taunt_wound":
                self.step_taunt_wound(step[1], step[2], step[3])
            else:  # the box's own steps
                box_step = _steps_by_name(self.box.phase_steps).get(kind)
                if box_step is not None:
                    box_step.run(self, *step[1:])
            self.check_goals(False)
            checked = True

    def step_activate(self, types: tuple[int, ...]) -> None:
        wounds: list[tuple] = []
        attacked: list[int] = []
        targets = self.prey_zones() | self.decoy_zones()
        zombies = self.as_it_stands("zombies")  # read only
        activated, everyone = _activated(types, self.tables.type_count)  # everyone: none to pick out
        for zone in sorted(targets):  # the few zones with prey, in zone order
            counts = zombies[zone]
            if not any(counts):
                continue
            if not everyone and not any(compress(counts, activated)):
                continue
            attacked.append(zone)
            attacks = []
            for t in types:
                if counts[t]:
                    self.events.append(_ZOMBIE_ATTACKED(self.zid(zone), self.zname(t), counts[t]))
                    attacks.append((t, counts[t]))
            wounds.extend(self.box.wounds.attack_steps(self, zone, tuple(attacks), -1))
        follow: list[tuple] = [*wounds, ("move", types, tuple(attacked)), *self.box_steps("after_activation", types)]
        self.queue[0:0] = follow

    def step_wound(self, zone: int, count: int, t: int) -> None:
        if count <= 0:
            return
        prey = self.prey_in(zone)
        if prey and self.spec.auto_wounds:  # the fixed policy: no options to list (each prey has one at least)
            i, slot = self.default_wound(zone, prey)
            self.box.wounds.zombie_attack(self, i, slot, t)
            if count > 1:
                self.queue.insert(0, ("wound", zone, count - 1, t))
            return
        if not (prey or zone in self.decoy_zones()):
            return
        labels, payload = self.wound_options(zone)
        if not payload:
            return
        if self.spec.auto_wounds or len(payload) == 1:
            if self.spec.auto_wounds and self.prey_in(zone):
                i, slot = self.default_wound(zone)
                self.box.wounds.zombie_attack(self, i, slot, t)
            elif payload[0][0] < 0:  # only the box's decoys stand here
                self.box.wounds.decoy_attack(self, payload[0], t)
            else:
                self.box.wounds.zombie_attack(self, payload[0][0], payload[0][1], t)
            if count > 1:
                self.queue.insert(0, ("wound", zone, count - 1, t))
            return
        seats = {self.survivors[p[0]].seat for p in payload if p[0] >= 0}
        seat = next(iter(seats)) if len(seats) == 1 else self.seats[self.first_seat]
        self.pending = Pending(
            "wound", seat, -1, tuple(labels), tuple(payload), zone=zone, remaining=count, zombie=t
        )
        self.events.append(DecisionNeeded("wound", seat, tuple(labels)))

    def step_link_turn(self, i: int) -> None:
        """Zombie link: the survivor plays a whole extra turn; the rest of the zombies' phase waits."""
        s = self.survivors[i]
        if not s.in_play:
            return
        self.paused_queue = self.queue[:]
        self.queue.clear()
        self.phase = "players"
        self.active = i
        s = self.change(
            i, **self.turn_flags_reset(), done=False, acting=True,
            actions_left=self.tables.catalog.setup.actions_per_turn + sk.extra_actions(s.skills),
            free_actions=sk.free_actions(s.skills),
        )
        self.events.append(TurnStarted(s.id, s.actions_left))
        self.box.turn_started(self, i)

    @staticmethod
    def turn_flags_reset() -> dict[str, Any]:
        """The once-per-turn marks, cleared for a new turn."""
        return {
            "searched": False, "sprint_used": False, "reroll_used": False, "jump_used": False,
            "shoved": False, "rescued": False, "taunted": False, "nose_used": False, "nose_search": False,
            "slip_next_move": False, "quiet_turn": True, "led": False, "healed": False, "destiny_used": False,
        }

    def step_taunt_wound(self, i: int, count: int, t: int) -> None:
        """Taunted zombies wound the taunter only; the taunter's player picks the card lost."""
        s = self.survivors[i]
        if count <= 0 or not s.in_play:
            return
        labels, payload = self.wound_options_for(i)
        if self.spec.auto_wounds or len(payload) == 1:
            self.box.wounds.zombie_attack(self, i, self.default_wound_for(i) if self.spec.auto_wounds else payload[0][1], t)
            if count > 1:
                self.queue.insert(0, ("taunt_wound", i, count - 1, t))
            return
        self.pending = Pending("wound", s.seat, i, tuple(labels), tuple(payload), remaining=count, zombie=t)
        self.events.append(DecisionNeeded("wound", s.seat, tuple(labels)))

    def noise_map(self) -> list[int]:
        noise = list(self.as_it_stands("noise"))  # read: the working copy's own list is not needed
        isolated = self.box.isolation(self)
        for s in self.survivors:  # ``in_play`` inlined: asked of every survivor at every move
            if s.alive and not s.escaped and not s.rotten and not sk.has(s.skills, "makes_no_noise") and not (
                    isolated is not None and isolated(self, s)):
                noise[s.zone] += 1
        if self.loud[0] >= 0:  # the last Loud makes its zone the noisiest
            noise[self.loud[0]] = max(noise) + 1
        if self.box.adjust_noise is not None:  # what else a box makes the zombies hear
            self.box.adjust_noise(self, noise)
        return noise

    def destinations(self, zone: int, noise: list[int], doors: tuple[bool, ...], occupied: list[bool],
                     noisy: list[int] | None = None) -> list[int]:
        """The zones the zombies of ``zone`` step into (several: they split). ``noisy``: the zones with
        noise, in order."""
        if noisy is None:
            noisy = [v for v, heard in enumerate(noise) if heard > 0]
        return self.routes_heard(zone, noise, loudest_first(noise, noisy), occupied, self.move_tables(doors))

    def move_tables(self, doors: tuple[bool, ...]) -> tuple[Any, ...]:
        """What every zone's zombies of one move read, looked up once for the move: the doors, whether
        zombies break closed doors, the doors their routes are measured with, the distance columns
        towards each zone, the sight rows, and the distance columns with every door open (where
        zombies with no open route head)."""
        graph = self.graph
        breaks = self.box.zombies_break_doors  # closed doors are no obstacle to zombies that break them
        every_door = (True,) * len(doors)
        walk_doors = every_door if breaks else doors  # the doors the routes are measured with
        # how far a zone is from each zone it may head for, read from that zone's column of distances
        # (one walk back per zone heard or seen, shared by every zone's zombies of the configuration)
        to = graph.zombie_columns(walk_doors)
        return (doors, breaks, walk_doors, to, graph.visible(doors), to if breaks else graph.zombie_columns(every_door),
                graph.zombie_neighbours_table(walk_doors if breaks else doors))

    def routes_from(self, zone: int, noise: list[int], noisy: list[int], occupied: list[bool],
                    tables: tuple[Any, ...]) -> list[int]:
        """``destinations``, with the move's ``move_tables``; ``noisy``: the zones with noise, in any order."""
        return self.routes_heard(zone, noise, loudest_first(noise, noisy), occupied, tables)

    def routes_heard(self, zone: int, noise: list[int], heard: list[int], occupied: list[bool],
                     tables: tuple[Any, ...]) -> list[int]:
        """``routes_from`` with the zones with noise loudest first (``loudest_first``: a move's every
        zone reads that order, and most stop at its first zone)."""
        return _routes(zone, noise, occupied, tables, _Hearing(noise, heard, tables))

    def step_move(self, types: tuple[int, ...], attacked: tuple[int, ...]) -> bool:
        """The activated zombies' move; whether anything moved (or a box's zombies walked their own
        way): a move with nobody to move changes nothing."""
        movers = self.box.zombie_movers
        own_kinds = _movers_by_kind(self.tables, movers) if movers else ()  # (kind, its mover) of those that have one
        own: list[tuple[Any, int, int, int]] = []  # a box's zombie kinds that walk their own way
        activated, everyone = _activated(types, self.tables.type_count)  # everyone: each zone's counts as they are
        zombies = self.as_it_stands("zombies")  # read: the working copy's own list is made only to move some
        movable: list[tuple[int, list[int]]] = []  # (zone, how many of each kind move) of those that do
        for zone in compress(range(len(zombies)), map(any, zombies)):  # most zones are empty: skipped in C
            if zone in attacked:
                continue
            counts = zombies[zone]
            moving = list(counts) if everyone else [n if moves else 0 for n, moves in zip(counts, activated, strict=True)]
            for t, mover in own_kinds:
                n = moving[t]
                if n:
                    own.append((mover, t, zone, n))
                    moving[t] = 0
            if any(moving):
                movable.append((zone, moving))
        plans: list[tuple[int, list[int], list[int]]] = []
        if movable:  # the noise and the ways are worked out for a move with movers only (often none: Runners)
            doors = self.doors_now()
            noise = self.noise_map()
            occupied = [False] * self.graph.zone_count
            isolated = self.box.isolation(self)
            for s in self.survivors:
                if s.in_play and not (isolated is not None and isolated(self, s)) and not s.rotten:
                    occupied[s.zone] = True
            for zone in self.decoy_zones():
                occupied[zone] = True
            graph, box = self.graph, self.box
            last = _LAST_MOVE[0]
            if last[0] is graph and last[1] is box and last[2] == doors and last[3] == noise and last[4] == occupied:
                hearing, tables, ways = last[5], last[6], last[7]  # as the last move stood: its ways hold
            else:
                tables = self.move_tables(doors)  # looked up once for every zone's zombies
                hearing = _Hearing(noise, loudest_first(noise, [v for v, level in enumerate(noise) if level > 0]), tables)
                ways = {}
                _LAST_MOVE[0] = (graph, box, doors, noise, occupied, hearing, tables, ways)
            for zone, moving in movable:
                routes = ways.get(zone)
                if routes is None:
                    routes = ways[zone] = _routes(zone, noise, occupied, tables, hearing)
                if routes:
                    plans.append((zone, routes, moving))
        if not plans:
            for mover, t, zone, n in own:
                mover(self, t, zone, n)
            return bool(own)
        if self.box.zombies_break_doors:  # a closed door on the way: the zone's zombies break it instead
            barring = _barring(self.graph, doors)
            plans = [plan for plan in plans if not self.break_door_on(plan[0], plan[1], doors, barring)]
        events, zombies = self.events, self.zombies  # read again: a broken door's hook may have set them
        for zone, _ways, moving in plans:  # everybody moves at once
            zombies[zone] = tuple(map(sub, zombies[zone], moving))
        # ``arrive`` for every group, each zone's counts made a tuple once when all have arrived (a
        # horde's zone takes many kinds from many zones)
        arrived: dict[int, list[int]] = {}
        zone_ids, zombie_ids, never_splits = self.graph.zone_ids, self.tables.zombie_ids, self.tables.never_splits

        def land(zone: int, route: int, t: int, n: int) -> None:  # ``arrive``, the zone's tuple made later
            landing = arrived.get(route)
            if landing is None:
                landing = arrived[route] = list(zombies[route])
            landing[t] += n
            events.append(_ZOMBIE_MOVED(zone_ids[zone], zone_ids[route], zombie_ids[t], n))

        for zone, routes, moving in plans:
            groups = len(routes)
            for t, n in enumerate(moving):
                if n == 0:
                    continue
                if groups == 1 or never_splits[t]:
                    land(zone, routes[0], t, n)
                    continue
                per_group = math.ceil(n / groups)
                top_up = min(per_group * groups - n, self.supply[t])
                if top_up:
                    self.supply[t] -= top_up
                    events.append(ZombieSpawned(zone_ids[zone], zombie_ids[t], top_up))
                remaining = n + top_up
                for route in routes:
                    share = min(per_group, remaining)
                    remaining -= share
                    if share:
                        land(zone, route, t, share)
        for route, landing in arrived.items():
            zombies[route] = tuple(landing)
        for mover, t, zone, n in own:
            mover(self, t, zone, n)
        return True

    def break_door_on(self, zone: int, routes: list[int], doors: tuple[bool, ...],
                      barring: dict[tuple[int, int], Any]) -> bool:
        """Whether the zombies of ``zone`` find a closed door on one of their next steps (their move
        is then spent breaking it: it stays open for good); ``doors``: the doors as the move began;
        ``barring``: ``_barring(graph, doors)``, made once per move."""
        graph = self.graph
        barred = None
        for route in routes:
            barred = barring.get((zone, route), _UNKNOWN)
            if barred is _UNKNOWN:
                barred = barring[(zone, route)] = _barred_step(graph, zone, route, doors)
            if barred is not None:
                break
        if barred is None:
            return False
        if not self.doors_open[barred.door]:  # a group met earlier this step may have broken it already
            self.doors_open[barred.door] = True
            self.doors_spawned[barred.door] = True
            self.events.append(DoorBroken(barred.connection_id, self.zid(zone)))
            self.box.door_broken(self, barred)
        return True

    def arrive(self, from_zone: int, to_zone: int, t: int, n: int) -> None:
        counts = list(self.zombies[to_zone])
        counts[t] += n
        self.zombies[to_zone] = tuple(counts)
        self.events.append(ZombieMoved(self.zid(from_zone), self.zid(to_zone), self.zname(t), n))

    def step_end_round(self) -> None:
        self.check_goals(end_phase=True)
        if self.result is not None:
            return
        self.noise = [0] * self.graph.zone_count
        self.events.append(NoiseCleared())
        self.unloaded = []
        self.box.end_of_round(self)
        self.first_seat = (self.first_seat + 1) % len(self.seats)
        self.events.append(FirstPlayerPassed(self.seats[self.first_seat]))
        self.round += 1
        self.phase = "players"
        self.turn = 0
        actions = self.tables.catalog.setup.actions_per_turn
        survivors, owned = self.survivors, self.owned
        for i, s in enumerate(survivors):
            in_play = s.in_play
            if in_play and s.wounds and sk.has(s.skills, "drops_wounds_each_round"):
                s = self.change(i, wounds=0, slots=self.box.wounds.heal(s.slots, -1))
            # the survivor made anew with the round's marks cleared: the working copy's own from now on
            survivors[i] = owned[i] = _NEW_ROUND(s, actions + sk.extra_actions(s.skills) if in_play else 0,
                                                 sk.free_actions(s.skills) if in_play else ())
        self.events.append(PhaseStarted("players", self.round))
        self.advance_turns()


def loudest_first(noise: list[int], noisy: list[int]) -> list[int]:
    """The zones with noise, the loudest first (ties in zone order)."""
    return sorted(noisy, key=noise.__getitem__, reverse=True)


@mutable_record
class _Hearing:
    """The zones a move's zombies hear, loudest first, with their distance columns as the doors stand
    (``walk``) and with every door open (``open``): each column looked up once per move, and only when
    some zone's zombies read that far down the order (most stop at the loudest zone they can reach)."""

    noise: list[int]
    heard: list[int]
    tables: tuple[Any, ...]
    levels: tuple[int, ...] | None = None  # each heard zone's noise, read when first asked
    walk: list[tuple[int, ...]] | None = None  # the columns of the first heard zones, in their order
    open: list[tuple[int, ...]] | None = None


def _routes(zone: int, noise: list[int], occupied: list[bool], tables: tuple[Any, ...],
            hearing: _Hearing) -> list[int]:
    """``routes_heard``, the zones heard read from the move's ``hearing``."""
    doors, breaks, walk_doors, to, sight, open_to, steps = tables
    row = sight[zone]
    visible = [v for v in compress(row, map(occupied.__getitem__, row)) if to(v)[zone] < UNREACHABLE]
    if visible:
        loudest = max([noise[v] for v in visible])
        goals = [v for v in visible if noise[v] == loudest]
        columns = [to(g) for g in goals]  # each goal's distances towards it
    else:
        goals, columns = _loudest_reachable(zone, hearing, False)
        if not goals:
            if breaks:
                return []
            # no open route: head for the noisiest zone as if every door were open
            goals, columns = _loudest_reachable(zone, hearing, True)
            if not goals:
                return []
    if len(goals) == 1:  # one goal, most often: a step on a shortest way to it
        column = columns[0]
        closer = column[zone] - 1
        if closer < 0:  # already in the loudest zone
            return []
        return sorted({other for other in steps[zone] if column[other] == closer})
    nearest = min([column[zone] for column in columns])
    if nearest == 0:  # already in a loudest zone
        return []
    if visible:  # several visible targets: the noisiest, then the closest
        columns = [column for column in columns if column[zone] == nearest]
    # a step on a shortest way to a goal
    towards = [(column, column[zone] - 1) for column in columns]
    return sorted({other for other in steps[zone] if any(column[other] == closer for column, closer in towards)})


def _loudest_reachable(zone: int, hearing: _Hearing, every_door_open: bool) -> tuple[list[int], list[tuple[int, ...]]]:
    """The loudest of the zones heard (``hearing``, loudest first) that the zombies of ``zone`` can
    reach, with their columns (as the doors stand, or with ``every_door_open``): the walk stops at
    the first quieter zone once one is found, and a zone's column is looked up when first read."""
    levels = hearing.levels
    if levels is None:
        noise = hearing.noise
        levels = hearing.levels = tuple([noise[v] for v in hearing.heard])
    if every_door_open:
        found = hearing.open
        if found is None:
            found = hearing.open = []
        to = hearing.tables[5]
    else:
        found = hearing.walk
        if found is None:
            found = hearing.walk = []
        to = hearing.tables[3]
    known = len(found)
    goals: list[int] = []
    columns: list[tuple[int, ...]] = []
    loudest = 0
    for n, v in enumerate(hearing.heard):
        level = levels[n]
        if goals and level < loudest:
            break
        if n < known:
            column = found[n]
        else:  # the first zone this far down the order: its column found once for the move
            column = to(v)
            found.append(column)
            known += 1
        if column[zone] < UNREACHABLE:
            goals.append(v)
            columns.append(column)
            loudest = level
    return goals, columns


def _barred_step(graph: Any, zone: int, route: int, doors: tuple[bool, ...]) -> Any:
    """The closed door (an edge) that bars the zombies of ``zone`` from stepping into ``route``, or
    None when they may step there (or no door bars them)."""
    ways = [graph.edges[e] for other, e in graph.adjacent[zone] if other == route]
    if any(graph.can_step(edge, zone, doors, zombies=True) for edge in ways):
        return None
    return next((edge for edge in ways if edge.door >= 0 and not doors[edge.door]), None)


_UNKNOWN = object()  # a step not yet asked of ``_barring``'s table


@kept_per_object(8)
def _barring_by_doors(graph: Any) -> dict[tuple[bool, ...], dict[tuple[int, int], Any]]:
    """A board's ``_barring`` tables by door configuration."""
    return {}


def _barring(graph: Any, doors: tuple[bool, ...]) -> dict[tuple[int, int], Any]:
    """(zone, zone stepped into) → ``_barred_step`` for one board and door configuration, filled as
    asked: the same few steps are asked at every move of a game whose zombies break doors."""
    tables = _barring_by_doors(graph)
    table = tables.get(doors)
    if table is None:
        if len(tables) >= 256:
            tables.clear()
        table = tables[doors] = {}
    return table


@kept_per_object(16)
def _activations(tables: Any) -> tuple[tuple[int, ...], ...]:
    """The zombie kinds of each activation of a phase: every kind, then those with a second action
    (Runners), a third...: worked out once per box's tables, not at every phase."""
    everyone = tuple(range(tables.type_count))
    return (everyone, *(tuple(t for t in everyone if tables.actions[t] >= n)
                        for n in range(2, max(tables.actions) + 1)))


@kept_per_object(16)
def _steps_at(phase_steps: tuple[Any, ...]) -> dict[str, tuple[Any, ...]]:
    """The box's ``phase_steps`` by their point of the phase (``at``), in order: sorted once per box."""
    by_at: dict[str, list[Any]] = {}
    for step in phase_steps:
        by_at.setdefault(step.at, []).append(step)
    return {at: tuple(steps) for at, steps in by_at.items()}


@kept_per_object(16)
def _steps_by_name(phase_steps: tuple[Any, ...]) -> dict[str, Any]:
    """The box's ``phase_steps`` by name (the first of a name, as a walk in order finds it): made once
    per box, not walked at every step."""
    by_name: dict[str, Any] = {}
    for step in phase_steps:
        by_name.setdefault(step.name, step)
    return by_name


# the last move's board, box, doors, noise and occupied zones, the zones heard (``_Hearing``), its
# ``move_tables`` and each zone's ways worked out (``routes_heard``, which reads nothing else): the
# next move finds them there when it stands the same (the Runners' move after everyone's, most often)
_LAST_MOVE: list[tuple[Any, ...]] = [(None, None)]

# (kinds activated, how many kinds) → whether each kind is among them, and whether every one is
_ACTIVATED: dict[tuple[tuple[int, ...], int], tuple[tuple[bool, ...], bool]] = {}


def _activated(types: tuple[int, ...], type_count: int) -> tuple[tuple[bool, ...], bool]:
    """Each zombie kind's flag, activated or not by ``types``, and whether all are: the few kinds'
    combinations of a game's activations, each worked out once."""
    found = _ACTIVATED.get((types, type_count))
    if found is None:
        if len(_ACTIVATED) >= 256:
            _ACTIVATED.clear()
        flags = tuple(t in types for t in range(type_count))
        found = _ACTIVATED[(types, type_count)] = (flags, False not in flags)
    return found


# (tables, the box's movers) → each zombie kind's own mover or None, made once per box and catalogue
_MOVERS_BY_KIND: dict[tuple[int, int], tuple[Any, Any, tuple[tuple[int, Any], ...]]] = {}


def _movers_by_kind(tables: Any, movers: Any) -> tuple[tuple[int, Any], ...]:
    """The zombie kinds with a mover among the box's ``zombie_movers`` (by their specials), each as
    (kind, its mover), in kind order: a move looks at those kinds only."""
    entry = _MOVERS_BY_KIND.get((id(tables), id(movers)))
    if entry is None or entry[0] is not tables or entry[1] is not movers:
        if len(_MOVERS_BY_KIND) >= 16:
            _MOVERS_BY_KIND.clear()
        found = [next((movers[s] for s in tables.specials[t] if s in movers), None) for t in range(tables.type_count)]
        own = tuple((t, mover) for t, mover in enumerate(found) if mover is not None)
        entry = _MOVERS_BY_KIND[(id(tables), id(movers))] = (tables, movers, own)
    return entry[2]


# a survivor at a new round: the once-per-turn marks, the Hockey Mask (once a round), done and acting
# cleared, its actions and free actions given
_NEW_ROUND = resetter_for(Survivor, {**ZombiePhase.turn_flags_reset(), "mask_used": False, "done": False,
                                     "acting": False}, ("actions_left", "free_actions"))

# the events of every activation and move, made through their layout twins (``maker_for``)
_ZOMBIE_ATTACKED = maker_for(ZombieAttacked)
_ZOMBIE_MOVED = maker_for(ZombieMoved)
