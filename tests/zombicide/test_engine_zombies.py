"""The zombies' phase: attacks and wounds, moves by sight and by noise, splits, runners, the
A-Bomb's grab, spawning (dice, locators, colours, special cards, running out), the end phase."""

from __future__ import annotations

from boards import arrange, catalog_with, hand, new_game, sketch_board, survivor, zombies_at, zone_of

from game.rules.zombicide import engine
from game.rules.zombicide.commands import ChooseOption, EndTurn, ExtraActivation, ZombieMoved

STREET = sketch_board(
    """
s s s s s
  o   o
# r=r=r #
""",
    markers=[("start", (0, 0))],
)
TEAM = {"A": ["joe", "dan", "jane"]}
NOTHING = {"blue": "nothing", "yellow": "nothing", "orange": "nothing", "red": "nothing"}


def game(board=STREET, deck=(NOTHING,) * 4, **setup):
    return new_game(board, TEAM, catalog=catalog_with(list(deck)), **setup)


def zombie_phase(state):
    """End every survivor's turn so the zombies play; stops at a pending decision."""
    events = []
    start = state.round
    while state.round == start and state.phase == "players" and state.pending is None and state.result is None:
        seat = state.current_seat
        i = state.active if state.active >= 0 else next(
            n for n, s in enumerate(state.survivors) if s.seat == seat and s.in_play and not s.done
        )
        state, new = engine.apply(state, seat, EndTurn(state.survivors[i].id))
        events.extend(new)
    return state, events


def far_away(**more):
    """Park the whole team in the far-left zone unless told otherwise."""
    people = {sid: {"zone": "r0c0", "hand": ["crowbar"]} for sid in ("joe", "dan", "jane")}
    for sid, changes in more.items():
        people[sid] = {**people[sid], **changes}
    return people


def test_a_zombie_in_a_survivors_zone_attacks_instead_of_moving():
    state = arrange(game(), survivors=far_away(dan={"zone": "r0c4"}, jane={"zone": "r0c4"}),
                    zombies={"r0c0": {"skinner_walker": 1}})
    state = arrange(state, survivors={"joe": {"zone": "r0c2"}})
    state, events = zombie_phase(state)
    # the walker in r0c0 had nobody there: it moved toward joe (the closest visible survivor)
    assert zombies_at(state, "r0c1") == {"skinner_walker": 1}
    state = arrange(game(), survivors=far_away(), zombies={"r0c0": {"skinner_walker": 1}}, )
    state, events = zombie_phase(state)
    assert state.pending is not None and state.pending.kind == "wound"
    assert zombies_at(state, "r0c0") == {"skinner_walker": 1}
    assert not any(isinstance(e, ZombieMoved) for e in events)


def test_the_players_share_the_wounds():
    state = arrange(game(), survivors=far_away(), zombies={"r0c0": {"skinner_walker": 2}})
    state, events = zombie_phase(state)
    pending = state.pending
    assert pending.kind == "wound" and pending.remaining == 2
    assert engine.current_seats(state) == frozenset({"A"})
    dan = next(i for i, label in enumerate(pending.options) if label.startswith("Dan"))
    state, _ = engine.apply(state, "A", ChooseOption(dan))
    state, _ = engine.apply(state, "A", ChooseOption(dan))
    assert survivor(state, "dan").wounds == 2 and not survivor(state, "dan").alive
    assert survivor(state, "joe").wounds == 0
    assert state.round == 2 and state.phase == "players"


def test_a_fixed_policy_can_share_wounds_without_asking():
    state = arrange(game(auto_wounds=True), survivors=far_away(), zombies={"r0c0": {"skinner_walker": 2}})
    state, _ = zombie_phase(state)
    assert state.pending is None
    assert sorted(s.wounds for s in state.survivors) == [0, 1, 1]


def test_a_lone_survivor_takes_every_wound_and_the_game_is_lost():
    state = arrange(game(), survivors=far_away(dan={"alive": False}, jane={"alive": False}),
                    zombies={"r0c0": {"skinner_walker": 2}})
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"], "reserve": []}})
    state, events = zombie_phase(state)
    assert not survivor(state, "joe").alive
    assert engine.outcome(state) == "lost"
    assert engine.current_seats(state) == frozenset()
    assert engine.legal_commands(state, "A") == []
    assert events[-1].kind == "game_ended"


def test_a_wound_costs_the_chosen_card():
    state = arrange(game(), survivors=far_away(dan={"zone": "r0c4"}, jane={"zone": "r0c4"}),
                    zombies={"r0c0": {"skinner_walker": 1}})
    state = arrange(state, survivors={"joe": {"hand": ["crowbar", "pistol"]}})
    state, _ = zombie_phase(state)
    pistol = next(i for i, label in enumerate(state.pending.options) if "Pistol" in label)
    state, events = engine.apply(state, "A", ChooseOption(pistol))
    assert hand(state, "joe")[:2] == ["crowbar", "wound"]


def test_zombies_chase_what_they_see_before_what_they_hear():
    state = arrange(game(), survivors=far_away(), zombies={"r0c2": {"skinner_walker": 1}}, noise={"r1c3": 5})
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r0c1") == {"skinner_walker": 1}


def test_unseeing_zombies_follow_the_loudest_noise():
    state = arrange(game(), survivors=far_away(joe={"zone": "r0c1"}), zombies={"r1c2": {"skinner_walker": 1}},
                    noise={"r0c3": 5})
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r1c3") == {"skinner_walker": 1}


def test_the_same_zombies_on_the_same_board_follow_each_moves_own_noise():
    """A move finds the last move's ways only when it stands the same: the same board, doors and
    survivors but another noise sends the same zombie another way."""
    people = far_away(joe={"zone": "r0c1"})
    first = arrange(game(), survivors=people, zombies={"r1c2": {"skinner_walker": 1}}, noise={"r0c3": 5})
    first, _ = zombie_phase(first)
    second = arrange(game(), survivors=people, zombies={"r1c2": {"skinner_walker": 1}}, noise={"r0c1": 5})
    second, _ = zombie_phase(second)
    assert zombies_at(first, "r1c3") == {"skinner_walker": 1}
    assert zombies_at(second, "r1c1") == {"skinner_walker": 1}


def test_tied_routes_split_the_group_and_the_supply_evens_it_out():
    state = arrange(game(), survivors=far_away(joe={"zone": "r0c1"}, dan={"zone": "r0c1"}, jane={"zone": "r0c1"}),
                    zombies={"r1c2": {"skinner_walker": 3, "skinner_fatty": 1}}, noise={"r0c3": 3})
    supply_before = state.supply
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r1c1") == {"skinner_walker": 2, "skinner_fatty": 1}
    assert zombies_at(state, "r1c3") == {"skinner_walker": 2, "skinner_fatty": 1}
    walker, fatty = state.tables.zombie_index["skinner_walker"], state.tables.zombie_index["skinner_fatty"]
    assert supply_before[walker] - state.supply[walker] == 1
    assert supply_before[fatty] - state.supply[fatty] == 1  # added without its escort


def test_the_a_bomb_never_splits():
    state = arrange(game(), survivors=far_away(joe={"zone": "r0c1"}, dan={"zone": "r0c1"}, jane={"zone": "r0c1"}),
                    zombies={"r1c2": {"a_bomb": 1}}, noise={"r0c3": 3})
    state, _ = zombie_phase(state)
    a_bomb = state.tables.zombie_index["a_bomb"]
    assert sum(state.zombies[z][a_bomb] for z in range(state.graph.zone_count)) == 1


def test_behind_closed_doors_zombies_head_for_the_noise_as_far_as_they_can():
    board = sketch_board(
        """
s s s
  d
r=r=r
""",
        markers=[("start", (0, 0))],
    )
    state = arrange(game(board), survivors=far_away(), zombies={"r1c2": {"skinner_walker": 1}})
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r1c1") == {"skinner_walker": 1}
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r1c1") == {"skinner_walker": 1}  # the closed door stops it


def test_runners_act_twice():
    state = arrange(game(), survivors=far_away(), zombies={"r0c4": {"skinner_runner": 1, "skinner_walker": 1}})
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r0c3") == {"skinner_walker": 1}
    assert zombies_at(state, "r0c2") == {"skinner_runner": 1}


def test_a_runner_that_arrives_attacks_with_its_second_action():
    state = arrange(game(auto_wounds=True), survivors=far_away(), zombies={"r0c1": {"skinner_runner": 1}})
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r0c0") == {"skinner_runner": 1}
    assert sum(s.wounds for s in state.survivors) == 1


def test_the_a_bomb_grabs_survivors_from_adjacent_zones():
    state = arrange(
        game(auto_wounds=True),
        survivors=far_away(joe={"zone": "r0c1"}, dan={"zone": "r0c3"}, jane={"zone": "r0c2"}),
        zombies={"r0c2": {"a_bomb": 1}},
    )
    state, events = zombie_phase(state)
    assert {zone_of(state, s) for s in ("joe", "dan", "jane")} == {"r0c2"}
    grabbed = [e for e in events if e.kind == "survivors_grabbed"]
    assert grabbed and set(grabbed[0].survivors) == {"joe", "dan"}


SPAWNS = sketch_board(
    """
s s s s s
""",
    markers=[
        ("start", (0, 0)),
        ("spawn", (0, 4), {"locators": (1, 2, 3)}),
        ("spawn", (0, 3), {"locators": (4,)}),
        ("spawn", (0, 2)),
        ("spawn", (0, 1), {"color": "blue"}),
        ("objective", (0, 0), {"color": "blue"}),
    ],
)
WALKER = {"blue": "1 skinner_walker", "yellow": "2 skinner_walker", "orange": "3 skinner_walker", "red": "4 skinner_walker"}


def test_spawn_dice_pick_zones_by_locator_and_unnumbered_zones_always_spawn():
    state = arrange(game(SPAWNS, [WALKER] * 8), survivors=far_away(), dice=[1, 3, 6, 4])
    state, events = zombie_phase(state)
    assert zombies_at(state, "r0c4") == {"skinner_walker": 2}
    assert zombies_at(state, "r0c3") == {"skinner_walker": 1}
    assert zombies_at(state, "r0c2") == {"skinner_walker": 1}
    assert zombies_at(state, "r0c1") == {}  # the blue zone sleeps until its objective is taken
    drawn = [e.zone for e in events if e.kind == "card_drawn"]
    assert drawn == ["r0c4", "r0c4", "r0c3", "r0c2"]
    assert any(e.kind == "dice_rolled" and e.purpose == "spawn" and e.values == (1, 3, 6, 4) for e in events)


def test_a_coloured_spawn_zone_wakes_when_its_objective_is_taken():
    state = arrange(game(SPAWNS, [WALKER] * 8), survivors=far_away(), dice=[6, 6, 6, 6])
    state, _ = engine.apply(state, "A", engine.TakeObjective("joe"))
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r0c1") == {"skinner_walker": 1}


def test_a_coloured_spawn_zone_asleep_for_a_phase_wakes_in_the_same_game():
    """The spawn zones a phase finds active are kept by the colours unlocked: a colour unlocked
    after a phase wakes its zone at the next one of the same game."""
    state = arrange(game(SPAWNS, [WALKER] * 8), survivors=far_away(), dice=[6, 6, 6, 6])
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r0c1") == {}
    state = arrange(state, dice=[6, 6, 6, 6])
    state, _ = engine.apply(state, state.current_seat, engine.TakeObjective("joe"))
    state, events = zombie_phase(state)
    assert [e.zone for e in events if e.kind == "card_drawn"] == ["r0c2", "r0c1"]


def test_cards_use_the_line_of_the_highest_danger_level():
    state = arrange(game(SPAWNS, [WALKER] * 8), survivors=far_away(dan={"xp": 20}), dice=[6, 6, 6, 6])
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r0c2") == {"skinner_walker": 3}


def test_a_fatty_brings_its_escort_and_a_missing_a_bomb_becomes_a_fatty():
    fatty = {"blue": "1 skinner_fatty", "yellow": "1 skinner_fatty", "orange": "1 skinner_fatty", "red": "1 skinner_fatty"}
    state = arrange(game(SPAWNS, [fatty] * 4), survivors=far_away(), dice=[6, 6, 6, 6])
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r0c2") == {"skinner_walker": 2, "skinner_fatty": 1}
    bomb = {"blue": "1 a_bomb", "yellow": "1 a_bomb", "orange": "1 a_bomb", "red": "1 a_bomb"}
    state = arrange(game(SPAWNS, [bomb] * 4, supply={"a_bomb": 0}), survivors=far_away(), dice=[6, 6, 6, 6])
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r0c2") == {"skinner_walker": 2, "skinner_fatty": 1}


def test_running_out_of_miniatures_gives_that_type_an_extra_activation():
    two = {"blue": "2 skinner_walker", "yellow": "2 skinner_walker", "orange": "2 skinner_walker", "red": "2 skinner_walker"}
    state = arrange(game(SPAWNS, [two] * 4, supply={"skinner_walker": 2}), survivors=far_away(),
                    zombies={"r0c4": {"skinner_walker": 1}}, dice=[6, 6, 6, 6])
    state, events = zombie_phase(state)
    assert ExtraActivation("skinner_walker", "out_of_miniatures") in events
    # the walker from r0c4 moved once in the activation and once more in the extra activation
    assert zombies_at(state, "r0c2") == {"skinner_walker": 1}
    assert zombies_at(state, "r0c1") == {"skinner_walker": 1}


def test_extra_activation_cards_do_nothing_at_blue():
    extra = {"kind": "extra_activation", "zombie": "skinner_walker"}
    state = arrange(game(SPAWNS, [extra] * 4), survivors=far_away(), zombies={"r0c4": {"skinner_walker": 1}},
                    dice=[6, 6, 6, 6])
    state, events = zombie_phase(state)
    assert zombies_at(state, "r0c3") == {"skinner_walker": 1}
    assert not any(isinstance(e, ExtraActivation) for e in events)
    state = arrange(game(SPAWNS, [extra] * 4), survivors=far_away(joe={"xp": 8}),
                    zombies={"r0c4": {"skinner_walker": 1}}, dice=[6, 6, 6, 6])
    state, events = zombie_phase(state)
    assert ExtraActivation("skinner_walker", "card") in events
    assert zombies_at(state, "r0c2") == {"skinner_walker": 1}


TILES = sketch_board(
    """
s s s s
""",
    markers=[
        ("start", (0, 0)),
        ("spawn", (0, 3)),
        ("sewer", (0, 1)),
        ("sewer", (0, 2)),
        ("bed", (0, 0), {"color": "green"}),
        ("bed", (0, 3), {"color": "green"}),
        ("bed", (0, 1), {"color": "blue"}),
    ],
    tile_cols=2,
)


def test_sewer_cards_spawn_at_manholes_on_occupied_tiles():
    sewer = {"kind": "sewer", **WALKER}
    state = arrange(game(TILES, [sewer] * 4), survivors=far_away())
    state, events = zombie_phase(state)
    assert zombies_at(state, "r0c1") == {"skinner_walker": 1}
    assert zombies_at(state, "r0c2") == {}  # its tile is empty
    assert zombies_at(state, "r0c3") == {}  # nothing spawns in the zone the card was drawn for


def test_bed_cards_wake_a_crawler_on_each_bed_of_their_colour():
    bed = {"kind": "bed", "bed_colour": "green"}
    state = arrange(game(TILES, [bed] * 4), survivors=far_away(joe={"zone": "r0c2"}))
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r0c0") == {"crawler": 1}
    # r0c3's crawler appeared on the occupied right-hand tile and then moved toward the noise
    crawler = state.tables.zombie_index["crawler"]
    assert sum(state.zombies[z][crawler] for z in range(state.graph.zone_count)) == 2


def test_the_end_phase_clears_noise_and_passes_the_first_player():
    state = new_game(STREET, {"A": ["joe"], "B": ["dan"], "C": ["jane"]}, catalog=catalog_with([NOTHING] * 4))
    state = arrange(state, noise={"r0c4": 2})
    state, events = zombie_phase(state)
    assert state.noise == (0,) * state.graph.zone_count
    assert state.current_seat == "B"
    assert [e.seat for e in events if e.kind == "first_player_passed"] == ["B"]


def _told_steps(monkeypatch) -> list[str]:
    """The zombies' phase steps played and the goal checks, in order, as they come."""
    from game.rules.zombicide.game import Game

    told: list[str] = []
    for name in ("step_activate", "step_move", "step_wound", "step_spawn", "step_draw", "step_end_round", "check_goals"):
        original = getattr(Game, name)

        def logged(self, *args, _original=original, _name=name, **kwargs):
            told.append(_name)
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(Game, name, logged)
    return told


def test_the_goals_are_not_checked_again_after_an_activation_or_a_spawn_roll(monkeypatch):
    """An activation (its attacks and move queued) and the spawn roll (its draws queued) change
    nothing the goals read: once a step of the phase had the goals checked, none follows them."""
    told = _told_steps(monkeypatch)
    state = arrange(game(), survivors=far_away(), zombies={"r0c4": {"skinner_runner": 1, "skinner_walker": 1}})
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r0c2") == {"skinner_runner": 1}  # the Runners' second activation was played
    assert told.count("step_activate") == 2 and told.count("step_spawn") == 1
    followed = [after for before, after in zip(told, told[1:], strict=False) if before in ("step_activate", "step_spawn")]
    # only the first activation's: no step of the phase had the goals checked before it
    assert followed.count("check_goals") == 1


def test_the_goals_are_not_checked_again_after_a_move_with_nobody_to_move(monkeypatch):
    """The walker attacks instead of moving: neither activation's move moves anyone, and the goals
    checked after the wound are not checked again after the Runners' move."""
    told = _told_steps(monkeypatch)
    state = arrange(game(auto_wounds=True), survivors=far_away(), zombies={"r0c0": {"skinner_walker": 1}})
    state, _ = zombie_phase(state)
    assert zombies_at(state, "r0c0") == {"skinner_walker": 1} and sum(s.wounds for s in state.survivors) == 1
    assert told.count("step_move") == 2
    # the Runners' move, last of the activations (the A-Bomb's grab, a box step, follows the first)
    assert told[told.index("step_spawn") - 1] == "step_move"
