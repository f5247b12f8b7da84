"""The planner among crowds it may not beat: a zone is weighed by what each survivor there can still
kill before the zombies' phase (a friend who has played no longer fights; a dagger never fells a
Fatty); on the way out of a mission won by whoever stands on the exit, the team walks into the
zombies there once all are near; Green Horde's team waits for a crowd to burn searching a quiet room,
and puts the bile in hand beside one weapon of a Dual pair."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.board.mission import load_board
from game.rules.zombicide import bots, engine
from game.rules.zombicide.boxes.green_horde import bot as gh_bot
from game.rules.zombicide.boxes.green_horde.commands import OpenDoorFromAfar
from game.rules.zombicide.catalog import load_catalog
from game.rules.zombicide.commands import Move, Rearrange
from game.rules.zombicide.mission_walk import mission_walk
from game.rules.zombicide.simulate import mission_team, players_for
from game.rules.zombicide.state import EMPTY, searchable_now

MISSIONS_DIR = Path(__file__).resolve().parents[2] / "maps" / "missions"
BLOOD_AND_FIRE = "gh-07-blood-and-fire"


def _setup(mission: str, seed: int = 0):
    board = load_board(MISSIONS_DIR / f"{mission}.toml")
    box = board.properties["setup"].get("box", "rue_morgue")
    team = mission_team(mission, [s.id for s in load_catalog(box).survivors])
    return engine.setup(board, {"players": players_for(team)}, seed)


def _card(state, kind: str, skip: int = 0) -> int:
    return [n for n, k in enumerate(state.card_kinds) if k == kind][skip]


def _with(state, i: int, **changes):
    survivors = list(state.survivors)
    survivors[i] = replace(survivors[i], **changes)
    return replace(state, survivors=tuple(survivors))


def _zombies(state, zone: int, kind: str, count: int):
    t = state.tables.zombie_index[kind]
    rows = [list(row) for row in state.zombies]
    rows[zone][t] = count
    return replace(state, zombies=tuple(tuple(row) for row in rows))


def _only(state, keep: set[int]):
    """The state with every survivor but ``keep`` out of play (eliminated)."""
    for i in range(len(state.survivors)):
        if i not in keep:
            state = _with(state, i, alive=False)
    return state


# --- a zone weighed by who can still fight in it ------------------------------------------------


def test_a_friend_who_has_played_no_longer_counts_against_the_zombies_in_the_zone() -> None:
    state = _setup(BLOOD_AND_FIRE)
    zone = state.survivors[0].zone
    state = _zombies(_only(state, {0, 1}), zone, "orc_walker", 3)
    fresh = bots._margin(state, 0, zone)
    played = bots._margin(_with(state, 1, actions_left=0, done=True), 0, zone)
    assert played < fresh


def test_a_fatty_among_daggers_counts_as_standing_while_a_sword_that_fells_it_is_at_hand() -> None:
    state = _setup(BLOOD_AND_FIRE)
    zone = state.survivors[0].zone
    sword, dagger = _card(state, "nordic_sword"), _card(state, "short_sword")
    state = _zombies(_only(state, {0, 1}), zone, "orc_fatty", 1)
    daggers = _with(_with(state, 0, slots=(dagger, *state.survivors[0].slots[1:])), 1,
                    slots=(_card(state, "short_sword_start"), *state.survivors[1].slots[1:]))
    with_sword = _with(daggers, 1, slots=(sword, *state.survivors[1].slots[1:]))
    assert state.tables.damage_to_kill[state.tables.zombie_index["orc_fatty"]] == 2
    # the Fatty's one attack (3 Wounds) kills either survivor: left standing, it weighs LETHAL
    assert bots._margin(daggers, 0, zone) < 0 <= bots._margin(with_sword, 0, zone)
    assert bots._margin(with_sword, 0, zone) - bots._margin(daggers, 0, zone) >= bots.LETHAL


# --- walking into a crowded exit ----------------------------------------------------------------


def _beside_a_crowded_exit(mission: str = BLOOD_AND_FIRE):
    """The mission with its goals but the exit met, the team one step from the exit, orcs on it."""
    state = _setup(mission)
    necromancer = state.box_state.necromancers[0].zone
    state = replace(state, setup=state.setup.model_copy(update={"goals": ("all_in_exit",)}),
                    box_state=replace(state.box_state, necromancers=()))
    state = _zombies(state, necromancer, "orc_necromancer", 0)
    exit_zone = state.graph.exits[0]
    beside = next(z for z in state.graph.neighbours(exit_zone, state.doors_open) if not state.zombies_in(z))
    for i in range(len(state.survivors)):
        state = _with(state, i, zone=beside)
    return _zombies(state, exit_zone, "orc_walker", 2), exit_zone


def test_where_the_living_count_the_team_walks_into_the_zombies_on_the_exit_once_all_are_near() -> None:
    state, exit_zone = _beside_a_crowded_exit()
    route = bots._route(state)
    assert bots._final_leg(state, route) and bots._storm_the_exit(state, route)
    _, legal = bots.whose_turn(state)
    mine = [c for c in legal if getattr(c, "survivor", None) == state.survivors[0].id]
    command = bots._advance(state, 0, mine, route)
    assert isinstance(command, Move) and state.graph.index[command.to] == exit_zone
    engine.apply(state, bots.whose_turn(state)[0], command)  # legal


def test_nobody_walks_into_the_crowded_exit_while_a_friend_is_far_from_it() -> None:
    state, exit_zone = _beside_a_crowded_exit()
    dist = state.graph.distances(state.doors_open)
    far = max((z for z in range(state.graph.zone_count) if dist[z][exit_zone] < bots.UNREACHABLE),
              key=lambda z: dist[z][exit_zone])
    state = _with(state, 5, zone=far)
    route = bots._route(state)
    assert not bots._storm_the_exit(state, route)
    mine = [c for c in bots.whose_turn(state)[1] if getattr(c, "survivor", None) == state.survivors[0].id]
    command = bots._advance(state, 0, mine, route)
    assert not (isinstance(command, Move) and state.graph.index[command.to] == exit_zone)


def test_where_a_death_loses_the_mission_the_team_never_walks_into_a_crowded_exit() -> None:
    state = _setup("rm-airlift")
    state = replace(state, objectives_taken=(True,) * len(state.objectives_taken))
    route = bots._route(state)
    assert bots._final_leg(state, route) and not bots._storm_the_exit(state, route)


# --- Green Horde: waiting for a crowd to burn -----------------------------------------------------


def _ready_to_burn(state):
    """Blood and Fire with its Necromancer dead and a Torch and Dragon Bile in the first survivor's hands."""
    necromancer = state.box_state.necromancers[0].zone
    state = _zombies(replace(state, box_state=replace(state.box_state, necromancers=())), necromancer, "orc_necromancer", 0)
    s = state.survivors[0]
    return _with(state, 0, slots=(s.slots[0], _card(state, "torch"), _card(state, "dragon_bile"), *s.slots[3:]))


def test_waiting_for_a_crowd_to_burn_the_team_heads_for_a_quiet_room_it_reaches_without_a_door() -> None:
    state = _setup(BLOOD_AND_FIRE)
    state = replace(state, doors_open=(True,) * len(state.doors_open))  # the buildings near the start open
    state = _ready_to_burn(state)
    objectives = [[p.zone] for p in state.graph.objectives]
    targets = gh_bot.targets(state, objectives)
    assert len(targets) == 1 and targets[0] != [state.survivors[0].zone]
    dist = state.graph.distances(state.doors_open)
    start = state.survivors[0].zone
    for zone in targets[0]:
        assert searchable_now(state, zone) and not state.zombies_in(zone)
        assert dist[start][zone] <= gh_bot.WAIT_ROOM_STEPS


def test_with_every_room_behind_a_door_a_team_that_opens_doors_waits_searching_behind_one() -> None:
    """Selective Slaughter starts in a yard whose rooms are all shut: the team used to stand there,
    ending its turns unarmed for the Fatties it must kill, until the Horde came."""
    state = _setup("gh-08-selective-slaughter")
    assert bots._team_opens_doors(state) and not any(state.doors_open)
    targets = gh_bot.targets(state, [list(state.graph.exits)])
    start = state.survivors[0].zone
    assert len(targets) == 1 and start not in targets[0]
    shut = state.graph.distances(state.doors_open)
    opened = state.graph.distances((True,) * len(state.doors_open))
    for zone in targets[0]:
        assert searchable_now(state, zone) and not state.zombies_in(zone)
        assert shut[start][zone] > opened[start][zone] and opened[start][zone] <= gh_bot.WAIT_ROOM_STEPS
    route = bots._route(state)
    assert route.cost[start] > 0  # the team walks off the yard


def test_with_no_quiet_room_in_reach_the_team_waits_where_it_stands() -> None:
    state = _ready_to_burn(_setup(BLOOD_AND_FIRE))
    rooms = [z for z in range(state.graph.zone_count) if searchable_now(state, z)]
    for zone in rooms:
        state = _zombies(state, zone, "orc_walker", 1)
    assert gh_bot.targets(state, [[p.zone] for p in state.graph.objectives]) == [[state.survivors[0].zone]]


def test_the_bile_goes_into_a_hand_beside_one_weapon_of_a_dual_pair() -> None:
    state = _setup(BLOOD_AND_FIRE)
    holders = [i for i, s in enumerate(state.survivors) if state.card_kinds[s.slots[0]] == "short_sword_start"]
    one, two = (state.survivors[i].slots[0] for i in holders[:2])  # two friends' swords: a Dual pair for the first
    for i in holders[:2]:
        state = _with(state, i, slots=(EMPTY, *state.survivors[i].slots[1:]))
    first = 0
    bile = _card(state, "dragon_bile")
    s = state.survivors[first]
    slots = [EMPTY] * len(s.slots)
    slots[0], slots[1], slots[3] = one, two, bile
    state = _with(state, first, slots=tuple(slots))
    assert state.tables.equipment["short_sword_start"].dual
    seat, legal = bots.whose_turn(state)
    mine = [c for c in legal if getattr(c, "survivor", None) == s.id]
    assert mine
    command = gh_bot.ready_fire(state, first, mine, None)
    assert isinstance(command, Rearrange)
    assert bile in command.slots[:2] and ({one, two} & set(command.slots[:2]))
    assert sorted(c for c in command.slots if c >= 0) == sorted(c for c in slots if c >= 0)  # nothing dropped
    engine.apply(state, seat, command)  # legal


def test_a_torch_in_the_backpack_comes_to_hand_over_the_bile_when_no_hand_of_the_team_holds_one() -> None:
    """In Search of Dragon Bile: the survivor carrying both Torches held bile in hand; the bile was
    poured, the friends killed the doused crowd, and no fire came for fifteen rounds."""
    state = _setup("gh-01-dragon-bile")
    bile, torch = _card(state, "dragon_bile"), _card(state, "torch")
    s = state.survivors[0]
    slots = [EMPTY] * len(s.slots)
    slots[0], slots[1], slots[3] = s.slots[0], bile, torch
    state = _with(state, 0, slots=tuple(slots))
    for i in range(1, len(state.survivors)):  # nobody else holds a Torch
        assert not gh_bot._holds_torch(state, state.survivors[i])
    seat, legal = bots.whose_turn(state)
    mine = [c for c in legal if getattr(c, "survivor", None) == s.id]
    command = gh_bot.ready_fire(state, 0, mine, None)
    assert isinstance(command, Rearrange)
    assert torch in command.slots[:2] and s.slots[0] in command.slots[:2]  # the weapon stays in hand
    assert sorted(c for c in command.slots if c >= 0) == sorted(c for c in slots if c >= 0)  # nothing dropped
    engine.apply(state, seat, command)  # legal
    friend = 1
    state = _with(state, friend, slots=(torch, *state.survivors[friend].slots[1:]))
    assert gh_bot.ready_fire(state, 0, mine, None) is None  # a friend's Torch is in hand: the bile stays


def test_a_torch_put_in_hand_for_the_fire_stays_there() -> None:
    """By Blood and Fire: the planner's arming swapped the Torch out for a second sword, or a Shield went
    back on over it, and the box put it back: two actions a turn for nothing, about nine a game."""
    state = _setup(BLOOD_AND_FIRE)
    torch, sword, spare = _card(state, "torch"), _card(state, "short_sword_start"), _card(state, "short_sword_start", 1)
    shield = _card(state, "shield")
    s = state.survivors[0]
    slots = [EMPTY] * len(s.slots)
    slots[0], slots[1], slots[3], slots[4] = torch, sword, spare, shield
    state = _with(state, 0, slots=tuple(slots))
    seat, legal = bots.whose_turn(state)
    mine = [c for c in legal if getattr(c, "survivor", None) == s.id]
    assert any(isinstance(c, Rearrange) and torch not in c.slots[:2] for c in mine)  # the swaps are there to make
    assert gh_bot.kept_in_hand(state, 0) == {torch}
    for tactic in (bots._arm, gh_bot.wear_armour):
        command = tactic(state, 0, mine, None)
        assert command is None or torch in command.slots[:2], tactic.__name__


# --- the mission files ----------------------------------------------------------------------------


def test_blood_and_fire_has_a_puddle_of_bile_before_the_dyer_whose_torch_the_team_takes() -> None:
    """The team takes the Dyer's Torch and waits there: the crowd coming to it crosses the Dyer's lane."""
    state = _setup(BLOOD_AND_FIRE)
    dyer = state.graph.index["8R:rm-ne"]
    assert dyer in {p.zone for p in state.graph.objectives}
    lane = state.graph.index["8R:ln-e"]
    assert lane in state.box_state.bile and lane in state.graph.neighbours(dyer, (True,) * len(state.doors_open))


def test_the_fallen_fortress_bailey_opens_on_the_south_lane() -> None:
    """With a barrier there the walk through its objectives and out was 38 zones (42 of 100 games won)."""
    state = _setup("gh-09-fallen-fortress")
    graph = state.graph
    bailey, lane = graph.index["9R:yd-c"], graph.index["9R:ln-s"]
    assert lane in graph.neighbours(bailey, state.doors_open)
    assert mission_walk(state).walk <= 30


def test_blood_and_fires_spawn_zone_stands_far_from_its_exit() -> None:
    state = _setup(BLOOD_AND_FIRE)
    dist = state.graph.distances((True,) * len(state.doors_open))
    spawn = next(t.zone for t in state.box_state.spawn_tokens if t.kind == "red")
    exit_zone = state.graph.exits[0]
    assert dist[spawn][exit_zone] >= 6  # beside it (1 zone), every card drawn filled the exit


def test_no_spawn_zone_of_field_hospital_stands_beside_its_helicopter() -> None:
    state = _setup("rm-field-hospital")
    dist = state.graph.distances((True,) * len(state.doors_open))
    exit_zone = state.graph.exits[0]
    spawns = [p for p in state.graph.spawns if p.color == "red"]
    assert len(spawns) == 2 and sorted(p.locators[0] for p in spawns) == [1, 2]  # moved, not removed
    assert min(dist[p.zone][exit_zone] for p in spawns) >= 3  # one zone from it, what spawned met the team on its way out


# --- Green Horde: a door opened by a spell ---------------------------------------------------------


def test_a_team_whose_only_door_opener_is_telekinetic_blast_opens_the_door_on_its_route() -> None:
    """The Fallen Fortress: once the survivor with the Nordic Sword fell, the team counted itself
    unable to open doors, walked to the exit with an objective left behind one, and waited there."""
    state = _setup("gh-09-fallen-fortress")
    blaster = next(i for i, s in enumerate(state.survivors)
                   if any(state.card_kinds[c] == "telekinetic_blast_start" for c in s.cards()))
    state = _only(state, {blaster})
    assert bots._team_opens_doors(state)
    graph = state.graph
    edge = next(graph.edges[e] for e in graph.doors if not state.doors_open[graph.edges[e].door]
                and bots._door_unlocked(state, graph.edges[e].color))
    state = _with(state, blaster, zone=edge.a)
    cost, step = bots._costs_from(state, [edge.b], True)
    route = bots.Route((edge.b,), tuple(cost), tuple(step), True)
    assert route.step[edge.a] == edge.b
    seat = state.survivors[blaster].seat
    mine = [c for c in engine.legal_commands(state, seat) if getattr(c, "survivor", None) == state.survivors[blaster].id]
    command = gh_bot.open_from_afar(state, blaster, mine, route)
    assert isinstance(command, OpenDoorFromAfar) and command.door == edge.connection_id
    after, _ = engine.apply(state, seat, command)
    assert after.doors_open[edge.door]


def test_a_team_that_cannot_open_the_door_to_its_goal_heads_for_a_room_to_search() -> None:
    """Every objective behind a shut door and nobody able to open one: the team searches (for a
    weapon that opens doors) instead of walking to the exit to wait there."""
    state = _setup("gh-09-fallen-fortress")
    for i, s in enumerate(state.survivors):
        state = _with(state, i, slots=tuple(EMPTY for _ in s.slots))
    graph = state.graph
    goals = {p.zone for p in graph.objectives}
    state = replace(state, doors_open=tuple(not ({graph.edges[e].a, graph.edges[e].b} & goals) for e in graph.doors))
    assert not bots._team_opens_doors(state)
    route = bots._route(state)
    assert route.targets and not set(route.targets) & (goals | set(graph.exits))
    assert all(searchable_now(state, z) and not state.zombies_in(z) for z in route.targets)
    start = state.survivors[0].zone
    assert route.cost[start] < bots.UNREACHABLE
