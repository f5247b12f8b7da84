"""The Invader bot where only Hellfire reaches the goal (M6): it keeps a Flamethrower and Canisters,
heads for the objectives until it carries both, pools them on one survivor, and plays the same game
for a seed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.board.mission import load_board
from game.rules.zombicide import engine
from game.rules.zombicide.bots import planner_bot, play_out, whose_turn
from game.rules.zombicide.boxes.invader import bots as inv_bots
from game.rules.zombicide.boxes.invader.board import board_of
from game.rules.zombicide.catalog import load_catalog
from game.rules.zombicide.commands import Trade
from game.rules.zombicide.simulate import mission_team, players_for

MISSIONS_DIR = Path(__file__).resolve().parents[3] / "maps" / "missions"


def _setup(mission: str, seed: int = 0):
    board = load_board(MISSIONS_DIR / f"{mission}.toml")
    known = [s.id for s in load_catalog("invader").survivors]
    return engine.setup(board, {"players": players_for(mission_team(mission, known))}, seed)


def _card(state, kind: str, skip: int = 0) -> int:
    return [n for n, k in enumerate(state.card_kinds) if k == kind][skip]


def _holding(state, who: int, slot: int, card: int):
    s = state.survivors[who]
    slots = list(s.slots)
    slots[slot] = card
    survivors = list(state.survivors)
    survivors[who] = replace(s, slots=tuple(slots))
    return replace(state, survivors=tuple(survivors))


def test_the_flamethrower_and_canisters_are_kept_only_where_hellfire_is_the_goal() -> None:
    m6, m4 = _setup("inv-m6"), _setup("inv-m4")
    for kind in ("flamethrower", "canister"):
        assert inv_bots.card_value(m6, kind) is not None and inv_bots.card_value(m6, kind) > 1.0
        assert inv_bots.card_value(m4, kind) is None  # elsewhere the core's guess
    assert inv_bots.card_value(m6, "heavy_shotgun") is None


def test_without_the_kit_the_team_heads_for_the_objectives_then_for_the_spawn_tokens() -> None:
    state = _setup("inv-m6")
    objectives = {p.zone for p in state.graph.objectives}
    hosts = {p.zone for p in state.graph.spawns if state.graph.tile[p.zone] in ("inv-01V-m6", "inv-02V-m6")}
    assert {z for zs in inv_bots.targets(state, [[0]]) for z in zs} <= objectives | set(inv_bots._oxygen_rooms(state))
    armed = _holding(_holding(state, 0, 0, _card(state, "flamethrower")), 0, 4, _card(state, "canister"))
    wanted = {z for zs in inv_bots.targets(armed, [[0]]) for z in zs} - set(inv_bots._oxygen_rooms(state))
    # (an Oxygen Supply Room first: the way there crosses the outdoors) then beside the tokens, indoors: Hellfire kills everyone in its zone and is never fired from outdoors
    outdoor = board_of(state.graph).outdoor
    assert wanted and not wanted & (objectives | hosts) and not any(outdoor[z] for z in wanted)
    assert all(hosts & set(state.graph.neighbours(z, (True,) * len(state.doors_open))) for z in wanted)


def test_with_every_objective_taken_and_no_kit_the_team_searches_quiet_rooms() -> None:
    state = _setup("inv-m6")
    state = replace(state, objectives_taken=(True,) * len(state.objectives_taken))
    wanted = {z for zs in inv_bots.targets(state, [[0]]) for z in zs} - set(inv_bots._oxygen_rooms(state))
    outdoor = board_of(state.graph).outdoor
    assert wanted and all(state.graph.searchable[z] and not outdoor[z] for z in wanted)
    assert not wanted & {p.zone for p in state.graph.spawns}  # their Mold is never searched


def test_a_flamethrower_and_a_canister_on_two_friends_are_pooled_by_a_trade() -> None:
    state = _setup("inv-m6")
    state = _holding(state, 0, 4, _card(state, "flamethrower"))
    state = _holding(state, 1, 4, _card(state, "canister"))
    assert state.survivors[0].zone == state.survivors[1].zone and not sum(state.zombies[state.survivors[0].zone])
    seat, legal = whose_turn(state)
    mine = [c for c in legal if getattr(c, "survivor", "") == state.survivors[0].id]
    command = inv_bots.tactics(state, 0, mine, None)
    assert isinstance(command, Trade)
    after, _ = engine.apply(state, seat, command)  # legal
    assert any(inv_bots._kit_in_hand(after, s.slots) for s in after.survivors)
    # once one survivor holds both, nobody trades them again
    holder = next(n for n, s in enumerate(after.survivors) if inv_bots._kit_in_hand(after, s.slots))
    again = [c for c in whose_turn(after)[1] if getattr(c, "survivor", "") == after.survivors[holder].id]
    assert not isinstance(inv_bots._pool_hellfire_kit(after, holder, again), Trade)


@pytest.mark.parametrize("mission", ["inv-m6", "inv-m10"])
def test_the_planner_plays_legally_and_the_same_way_per_seed(mission: str) -> None:
    board = load_board(MISSIONS_DIR / f"{mission}.toml")
    known = [s.id for s in load_catalog("invader").survivors]
    setup = {"players": players_for(mission_team(mission, known))}
    first = play_out(board, setup, 5, planner_bot, max_rounds=10, max_commands=4000)
    again = play_out(board, setup, 5, planner_bot, max_rounds=10, max_commands=4000)
    assert first.commands > 50 and first.commands < 4000 and first.final_hash == again.final_hash


def test_the_flamethrower_goes_to_hand_beside_the_token_and_the_core_leaves_it_there() -> None:
    """The core brings its best guns to the hands; the Flamethrower taken to a hand beside the token keeps
    the best gun in the other, so the two never undo each other (both are free after a Search)."""
    from game.rules.zombicide.bots import _arm

    state = _setup("inv-m6")
    lock = state.graph.index["inv-02V-m6:lock"]
    s = state.survivors[0]
    state = _holding(state, 0, 4, _card(state, "flamethrower"))
    state = _holding(state, 0, 5, _card(state, "canister"))
    state = _holding(state, 0, 1, _card(state, "heavy_shotgun"))
    survivors = list(state.survivors)
    survivors[0] = replace(state.survivors[0], zone=lock)
    state = replace(state, survivors=tuple(survivors))
    seat, legal = whose_turn(state)
    mine = [c for c in legal if getattr(c, "survivor", "") == s.id]
    command = inv_bots._pool_hellfire_kit(state, 0, mine)
    assert command is not None and inv_bots._kit_in_hand(state, command.slots)
    after, _ = engine.apply(state, seat, command)
    again = [c for c in whose_turn(after)[1] if getattr(c, "survivor", "") == s.id]
    assert _arm(after, 0, again, None) is None


def test_a_canister_is_kept_for_the_tokens_not_spent_on_a_crowd() -> None:
    """M6 was lost while the team burnt its Canisters on corridor crowds (44 % of 50 games; 74 % when
    they are kept): Hellfire goes to a spawn token unless the team carries more Canisters than tokens."""
    from game.rules.zombicide.bots import _shot_value
    from game.rules.zombicide.commands import Attack

    state = _setup("inv-m6")
    burn = inv_bots._burn_targets(state)
    corridor = next(z for z in range(state.graph.zone_count) if z not in burn and not board_of(state.graph).outdoor[z]
                    and z != state.survivors[0].zone)
    one = _holding(_holding(state, 0, 0, _card(state, "flamethrower")), 0, 4, _card(state, "canister"))
    assert inv_bots.keep_hellfire(one, corridor) and not inv_bots.keep_hellfire(one, burn[0])
    spare = one
    for n in range(len(burn)):  # as many more Canisters as tokens: one may go on a crowd
        spare = _holding(spare, 1, 4 + n, _card(state, "canister", skip=1 + n))
    assert not inv_bots.keep_hellfire(spare, corridor)
    assert not inv_bots.keep_hellfire(_setup("inv-m4"), corridor)  # elsewhere a crowd is fair game
    crowded = replace(one, zombies=tuple((5, 0, 0, 0) if z == corridor else c for z, c in enumerate(one.zombies)))
    hellfire = Attack(survivor=one.survivors[0].id, slot=0, zone=one.graph.zone_ids[corridor])
    assert _shot_value(crowded, 0, hellfire) < 0  # the shared planner asks the box before it fires
