"""Green Horde's terrain as the game goes (digest §13.1-§13.3): a survivor crossing a hedge into a
zone nobody sees may meet a Walker; zombies with no way round a barrier break it; Speed lets a
survivor wade through flooded zones freely."""

from __future__ import annotations

from typing import Any

from game.rules.core.rng import roll_d6
from game.rules.zombicide.boxes.green_horde.board import graph_with_barriers_down
from game.rules.zombicide.boxes.green_horde.commands import BarrierBroken, HedgeRustled
from game.rules.zombicide.boxes.green_horde.state import GreenHordeSurvivor, board_of, fields
from game.rules.zombicide.state import evolved

Game = Any  # the engine's working copy (game.Game)
SURPRISE = 6  # the die that puts a Walker behind the hedge
HEDGE_ZOMBIE = "orc_walker"


def crossed(game: Game, i: int, from_zone: int, to_zone: int) -> None:
    """A survivor crossed a hedge into a zone no other survivor can see: a 6 on a die puts an Orc
    Walker there (not from the Horde; running out of Walkers activates them, §13.2)."""
    if (from_zone, to_zone) not in game.graph.box_data.hedges:  # ``board_of`` inlined: asked at every step
        return
    visible = game.graph.visible(tuple(game.doors_open))
    for j, other in enumerate(game.survivors):
        if j != i and other.in_play and (other.zone == to_zone or to_zone in visible[other.zone]):
            return
    values, game.rng = roll_d6(game.rng, 1)
    walker = values[0] >= SURPRISE
    game.events.append(HedgeRustled(game.survivors[i].id, game.zid(to_zone), values[0], walker))
    t = game.tables.zombie_index.get(HEDGE_ZOMBIE)
    if walker and t is not None:
        game.place(to_zone, t, 1)


def crosses_freely(state: Any, i: int) -> bool:
    """Speed: flooded zones cost the survivor nothing until the end of the round."""
    found = state.survivors[i].box_fields  # ``fields`` inlined: asked at every listing of a move
    if found.__class__ is GreenHordeSurvivor:
        return found.hasted
    return fields(state.survivors[i]).hasted


def standing_barriers(game: Game) -> list[tuple[str, int, int]]:
    down = game.box_state.barriers_down
    return [b for b in board_of(game.graph).barriers if b[0] not in down]


def barriers_stand(game: Game, types: tuple[int, ...]) -> bool:
    down = game.box_state.barriers_down  # asked at every activation: no list built
    return any(b[0] not in down for b in board_of(game.graph).barriers)


def break_barriers(game: Game, types: tuple[int, ...]) -> None:
    """Before the zombies move: a group with no way to where it goes, that would go there with the
    barriers down, breaks the barrier across its next step, at no cost (§13.1)."""
    standing = standing_barriers(game)
    # only a group beside a standing barrier can break it: the others are never looked at
    ends = sorted({zone for _, a, b in standing for zone in (a, b)})
    own = {t for t in types if "necromancer" in game.tables.specials[t]}
    hunting = [t for t in types if t not in own]
    ends = [zone for zone in ends if any(game.zombies[zone][t] for t in hunting) and not game.prey_in(zone)]
    if not ends:
        return
    doors = tuple(game.doors_open)
    noise = game.noise_map()
    occupied = [False] * game.graph.zone_count
    for s in game.survivors:
        if s.in_play and not game.isolated(s) and not s.rotten:
            occupied[s.zone] = True
    open_graph = graph_with_barriers_down(game.graph, game.box, tuple(b[0] for b in board_of(game.graph).barriers))
    broken: list[str] = []
    # ``destinations`` for each zone, the noisy zones and each graph's move tables looked up once
    noisy = [v for v, heard in enumerate(noise) if heard > 0]
    walking = game.graph
    tables = game.move_tables(doors)
    open_tables = None
    for zone in ends:
        if game.routes_from(zone, noise, noisy, occupied, tables):
            continue  # a way round, or already there
        game.graph = open_graph
        if open_tables is None:
            open_tables = game.move_tables(doors)
        wanted = game.routes_from(zone, noise, noisy, occupied, open_tables)
        game.graph = walking
        for cid, a, b in standing:
            if cid not in broken and ((a == zone and b in wanted) or (b == zone and a in wanted)):
                broken.append(cid)
    if broken:
        down = game.box_state.barriers_down + tuple(broken)
        game.box_state = evolved(game.box_state, barriers_down=down)
        game.graph = graph_with_barriers_down(game.graph, game.box, down)
        for cid in broken:
            game.events.append(BarrierBroken(cid))
