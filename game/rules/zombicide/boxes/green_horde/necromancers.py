"""Orc Necromancers (digest §8.1): each runs for the nearest active spawn zone other than the one it
came in by, ignoring survivors and noise, and escapes when it activates standing there: its token
turns into a normal spawn token, and with too many spawn tokens on the board the survivors lose.
Killing one lets the players remove a spawn zone of their choice."""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.core.reasons import Said, ZoneId
from game.rules.zombicide.boxes.green_horde.commands import NecromancerEscaped, SpawnTokenRemoved
from game.rules.zombicide.boxes.green_horde.spawns import awake, necromancer_counts, necromancer_kind
from game.rules.zombicide.boxes.green_horde.state import Necromancer, SpawnToken
from game.rules.zombicide.commands import DecisionNeeded
from game.rules.zombicide.graph import UNREACHABLE
from game.rules.zombicide.state import Pending, evolved

Game = Any  # the engine's working copy (game.Game)


def spawn_token_limit(game: Game) -> int:
    """Six spawn tokens, one more per 2 survivors beyond six, rounded up (§4.4, §15)."""
    rules = game.tables.catalog.setup
    beyond = max(0, len(game.survivors) - 6)
    return int(rules.spawn_tokens_limit) + -(-beyond // int(rules.extra_survivors_per_spawn_token))


def escape_zone(game: Game, necromancer: Necromancer, doors: tuple[bool, ...]) -> int:
    """Where it runs: the nearest active spawn zone other than its way in (its way in when there is
    no other); -1 when no spawn zone can be reached. Ties go to the first in spawn order."""
    distances = game.graph.zombie_distances_from(necromancer.zone, doors)
    zones = [t.zone for t in game.box_state.spawn_tokens if awake(game, t)]
    others = [z for z in zones if z != necromancer.entry] or zones
    reachable = [z for z in others if distances[z] < UNREACHABLE]
    if not reachable:
        return -1
    nearest = min(distances[z] for z in reachable)
    return next(z for z in reachable if distances[z] == nearest)


def reconcile(game: Game) -> None:
    """Keep each Necromancer's record where its miniature is: a Taunt, a Shove or a Repulse moves
    zombies of every kind, and the table's override places or removes them by hand. A record left
    without its miniature follows the nearest miniature without a record; one with none is dropped;
    a miniature with no record gets one (it came in where it stands)."""
    records = game.box_state.necromancers
    # read as it stands: a command that moved no zombie leaves the state's own tuple, not copied
    zombies = tuple(game.as_it_stands("zombies"))
    last = _RECONCILED
    if last[0] is records and last[1] is game.tables and (last[2] is zombies or last[2] == zombies):
        return  # the zones' zombies as last found reconciled (most commands move none): compared in C
    t, count_in = necromancer_counts(game)
    if not records:  # one pass over the zones, in C
        if not any(map(count_in, zombies)):
            last[:] = [records, game.tables, zombies]
            return  # no record and no miniature (the usual case)
    # every record's zone holds as many miniatures as records, and no other zone holds one (the
    # counts add up): each record is where its miniature is
    elif len(records) == sum(map(count_in, zombies)) and all(
            zombies[r.zone][t] == sum(1 for o in records if o.zone == r.zone) for r in records):
        last[:] = [records, game.tables, zombies]
        return
    records = list(records)
    on_board = list(map(count_in, zombies))
    placed = {z: n for z, n in enumerate(on_board) if n}
    spare = dict(placed)
    kept: list[Necromancer | None] = []
    for record in records:
        if spare.get(record.zone, 0) > 0:
            spare[record.zone] -= 1
            kept.append(record)
        else:
            kept.append(None)
    doors = tuple(game.doors_open)
    for n, record in enumerate(records):
        if kept[n] is not None:
            continue
        free = [z for z, left in spare.items() if left > 0]
        if free:
            distance = game.graph.distances_from(record.zone, doors)
            to = min(free, key=lambda z: (distance[z], z))
            spare[to] -= 1
            kept[n] = evolved(record, zone=to)
    found = [r for r in kept if r is not None]
    for z, left in spare.items():
        found.extend(Necromancer(z, z, "") for _ in range(left))
    game.box_state = evolved(game.box_state, necromancers=tuple(found))


# (the Necromancers' records, the game's tables, the zones' zombies) last found reconciled: the zone
# tuples of a command that moved no zombie are the same objects, and a tuple compares them by identity
_RECONCILED: list[Any] = [None, None, None]


def move_necromancers(game: Game, t: int, zone: int, count: int) -> None:
    """The Necromancers in ``zone`` that did not attack: each escapes from its escape zone or steps
    one zone towards it (§8.1)."""
    reconcile(game)
    doors = tuple(game.doors_open)
    here = [necromancer for necromancer in game.box_state.necromancers if necromancer.zone == zone][:count]
    for necromancer in here:
        if game.result is not None:
            return
        n = game.box_state.necromancers.index(necromancer)
        goal = escape_zone(game, necromancer, doors)
        if goal < 0:
            continue
        if goal == zone:
            escape(game, n, t)
            continue
        to_goal = game.graph.zombie_distances_from(goal, doors)
        steps = [z for z in game.graph.zombie_neighbours(zone, doors) if to_goal[z] == to_goal[zone] - 1]
        if not steps:
            continue
        step = min(steps)
        counts = list(game.zombies[zone])
        counts[t] -= 1
        game.zombies[zone] = tuple(counts)
        game.arrive(zone, step, t, 1)
        moved = list(game.box_state.necromancers)
        moved[n] = evolved(necromancer, zone=step)
        game.box_state = evolved(game.box_state, necromancers=tuple(moved))


def escape(game: Game, n: int, t: int) -> None:
    """Necromancer ``n`` leaves the board; its spawn token becomes a normal one; too many tokens: lost."""
    necromancer = game.box_state.necromancers[n]
    counts = list(game.zombies[necromancer.zone])
    counts[t] -= 1
    game.zombies[necromancer.zone] = tuple(counts)
    game.supply[t] += 1
    _forget(game, n)
    _token_turns_red(game, necromancer.face)
    tokens = len(game.box_state.spawn_tokens)
    game.box_state = evolved(game.box_state, necromancers_escaped=game.box_state.necromancers_escaped + 1)
    game.events.append(NecromancerEscaped(game.zid(necromancer.zone), tokens))
    if tokens >= spawn_token_limit(game):
        game.finish("lost")


def _forget(game: Game, n: int) -> None:
    kept = game.box_state.necromancers[:n] + game.box_state.necromancers[n + 1:]
    game.box_state = evolved(game.box_state, necromancers=kept)


def _token_turns_red(game: Game, face: str) -> None:
    tokens = tuple(evolved(tok, kind="red", face="") if tok.kind == "necromancer" and tok.face == face else tok
                   for tok in game.box_state.spawn_tokens)
    game.box_state = evolved(game.box_state, spawn_tokens=tokens)


def necromancers_killed(game: Game, zone: int, count: int) -> None:
    """``count`` Necromancers died in ``zone``: each lets the players remove a spawn zone of their
    choice, then its own token, if still there, turns into a normal one (§8.1)."""
    t = necromancer_kind(game)
    for _ in range(count):
        records = game.box_state.necromancers
        n = next((k for k, nec in enumerate(records) if nec.zone == zone), None)
        if n is None:  # its record strayed (a Taunt or a Shove moved it): the one left without a miniature
            n = next((k for k, nec in enumerate(records)
                      if sum(1 for r in records if r.zone == nec.zone) > game.zombies[nec.zone][t]), None)
        if n is None:
            return
        face = game.box_state.necromancers[n].face
        _forget(game, n)
        game.queue.insert(0, ("gh_remove_spawn", face))


def ask_spawn_to_remove(game: Game, face: str) -> None:
    """The players pick the spawn token a dead Necromancer takes off the board."""
    tokens = game.box_state.spawn_tokens
    if not tokens:
        return
    labels = tuple(_removal_words(tok, game.zid(tok.zone)) for tok in tokens)
    if len(set(labels)) == 1 or game.spec.auto_wounds:
        remove_spawn(game, _first_choice(game, tokens, face), face)
        return
    seat = game.seats[game.first_seat]
    game.pending = Pending("gh_remove_spawn", seat, -1, labels, tuple((k,) for k in range(len(tokens))),
                           more_cards=(), attack=(face,))
    game.events.append(DecisionNeeded("gh_remove_spawn", seat, labels))


def _first_choice(game: Game, tokens: tuple[SpawnToken, ...], face: str) -> int:
    """The fixed policy: the dead Necromancer's own token, else the first one."""
    return next((k for k, tok in enumerate(tokens) if tok.kind == "necromancer" and tok.face == face), 0)


def _removal_words(token: SpawnToken, zone: str) -> str:
    if token.kind == "necromancer":
        return Said(N_("remove the {face} Necromancer spawn token in {zone}"), face=token.face, zone=ZoneId(zone))
    return Said(N_("remove the {colour} spawn token in {zone}"), colour=Said(token.kind), zone=ZoneId(zone))


def resolve_remove_spawn(game: Game, pending: Pending, option: int) -> None:
    remove_spawn(game, pending.payload[option][0], pending.attack[0])


def remove_spawn(game: Game, k: int, face: str) -> None:
    tokens = list(game.box_state.spawn_tokens)
    gone = tokens.pop(k)
    game.box_state = evolved(game.box_state, spawn_tokens=tuple(tokens))
    label = f"necromancer:{gone.face}" if gone.kind == "necromancer" else gone.kind
    game.events.append(SpawnTokenRemoved(game.zid(gone.zone), label))
    _token_turns_red(game, face)
