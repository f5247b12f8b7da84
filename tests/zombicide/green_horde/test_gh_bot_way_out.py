"""The Green Horde bot's way out: where the exit counts the living, the door on the way out is opened
by a Telekinetic Blast without waiting for a friend who cannot come (Purifying Flood, issue 14)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.board.mission import load_board
from game.rules.zombicide import bots, engine
from game.rules.zombicide.boxes.green_horde import bot as gh_bot
from game.rules.zombicide.boxes.green_horde.commands import OpenDoorFromAfar
from game.rules.zombicide.catalog import load_catalog
from game.rules.zombicide.simulate import mission_team, players_for

MISSIONS_DIR = Path(__file__).resolve().parents[3] / "maps" / "missions"
FLOOD = "gh-05-purifying-flood"
CRYPT_DOOR = "door:3R:door-chapel"


def _setup(mission: str):
    board = load_board(MISSIONS_DIR / f"{mission}.toml")
    team = mission_team(mission, [s.id for s in load_catalog("green_horde").survivors])
    return engine.setup(board, {"players": players_for(team)}, 0)


def _with(state, i: int, **changes):
    survivors = list(state.survivors)
    survivors[i] = replace(survivors[i], **changes)
    return replace(state, survivors=tuple(survivors))


def _at_the_crypt_door(objectives_taken: bool):
    """The blaster beside the crypt's blue door (unlocked), a friend left behind far away."""
    state = _setup(FLOOD)
    graph = state.graph
    edge = graph.edges[graph.edge_by_id[CRYPT_DOOR]]
    street = edge.a if graph.zone_ids[edge.a] == "3R:ln-c" else edge.b
    blaster = next(i for i, s in enumerate(state.survivors)
                   if any(state.card_kinds[c] == "telekinetic_blast_start" for c in s.cards()))
    straggler = next(i for i in range(len(state.survivors)) if i != blaster)
    for i in range(len(state.survivors)):
        state = _with(state, i, zone=street)
    state = _with(state, straggler, zone=graph.index["9V:rm-ne"])  # the drowned shop, across the board
    taken = tuple(objectives_taken for _ in state.objectives_taken)
    state = replace(state, objectives_taken=taken, unlocked_colours=("red", "blue"))
    assert not bots._team_gathered(state, blaster)
    cost, step = bots._costs_from(state, [edge.other(street)], True)
    route = bots.Route((edge.other(street),), tuple(cost), tuple(step), True)
    seat = state.survivors[blaster].seat
    mine = [c for c in engine.legal_commands(state, seat) if getattr(c, "survivor", None) == state.survivors[blaster].id]
    return state, blaster, mine, route


def test_only_the_way_out_left_the_blast_opens_the_exit_door_without_the_straggler() -> None:
    """Traced: seed 1 of Purifying Flood, every objective taken, five survivors waited six rounds beside
    the crypt's door for a friend fighting in a flooded street, until the crowd killed them all."""
    state, blaster, mine, route = _at_the_crypt_door(objectives_taken=True)
    command = gh_bot.open_from_afar(state, blaster, mine, route)
    assert isinstance(command, OpenDoorFromAfar) and command.door == CRYPT_DOOR


def test_with_an_objective_left_the_blast_still_waits_for_the_team() -> None:
    state, blaster, mine, route = _at_the_crypt_door(objectives_taken=False)
    assert any(isinstance(c, OpenDoorFromAfar) and c.door == CRYPT_DOOR for c in mine)
    assert gh_bot.open_from_afar(state, blaster, mine, route) is None
