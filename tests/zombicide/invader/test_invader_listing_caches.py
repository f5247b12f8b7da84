"""What the box keeps from one listing or settling to the next (the last sight rows, closed doors,
cards and attachments, the goal found unmet) never outlives the game, board or state it was worked
out for: games of missions with every kind of goal, played one command each in turn, end exactly as
each one played alone; the Machines a survivor controls, read once per listing, are those
``controls`` allows one by one; and the zones with xenos in sight, kept for the zombies of the last
state, are those the zombies hold now, and so is whether any xeno stands at all; the box's free commands, each lister asked only when its
first test leaves it something to list, are all those the listers give when each is asked."""

from __future__ import annotations

from game.rules.zombicide.boxes.invader import combat, inventory, legal_free, machines, skills
from game.rules.zombicide.boxes.invader.combat import xeno_zones_in_sight
from game.rules.zombicide.boxes.invader.machines import controlled, controls
from game.rules.zombicide.queries import zombies_anywhere
from tests.zombicide.invader.test_invader_hook_caches import played_in_turn

COMMANDS = 150  # per game: enough for doors, objectives, Machines and goals to change


def test_games_with_every_kind_of_goal_played_in_turn_end_as_each_alone() -> None:
    # m2: two take goals; m3: evacuation; m8: take all, then a level; m10: samples and new Oxygen
    stems = ["inv-m2", "inv-m3", "inv-m8", "inv-m10"]
    for seed in (3, 4):
        alone = [played_in_turn([stem], seed, COMMANDS)[0] for stem in stems]
        assert played_in_turn(stems, seed, COMMANDS) == alone


def test_the_machines_controlled_are_those_controls_allows() -> None:
    checked: list[int] = []

    def visit(state) -> None:  # type: ignore[no-untyped-def]
        for i in range(len(state.survivors)):
            machines = range(len(state.box_state.machines))
            assert controlled(state, i) == [n for n in machines if controls(state, i, n)]
            checked.extend(controlled(state, i))

    played_in_turn(["inv-m0", "inv-m5"], 5, COMMANDS, visit)
    assert checked  # some survivor controlled a Machine on the way


def test_the_xenos_in_sight_are_those_the_zombies_hold_now() -> None:
    asked: list[int] = []

    def visit(state) -> None:  # type: ignore[no-untyped-def]
        doors, zombies = tuple(state.doors_open), state.zombies
        for deeper in (False, True):
            for s in state.survivors:
                zone = s.zone
                seen = state.graph.visible(doors, deeper)[zone]
                expected = [z for z in (zone, *seen) if any(zombies[z])]
                for _ in range(2):  # worked out, then as kept
                    assert xeno_zones_in_sight(state, zone, deeper) == expected
                asked.extend(expected)

    # m0 puts xenos beside the start (m8's start lies in the middle of the board, far from its spawn zone)
    played_in_turn(["inv-m8", "inv-m5", "inv-m0"], 5, 60, visit)
    assert asked  # xenos were seen


def test_whether_zombies_stand_anywhere_follows_the_zombies() -> None:
    empty, one = ((0, 0), (0, 0)), ((0, 0), (0, 1))
    assert [zombies_anywhere(z) for z in (empty, empty, one, one, empty)] == [False, False, True, True, False]
    working = [(0, 0), (0, 0)]  # a working copy's list changes in place: never kept
    assert not zombies_anywhere(working)
    working[1] = (1, 0)
    assert zombies_anywhere(working)


def test_the_free_commands_are_all_those_the_listers_give() -> None:
    listers = (combat.concentrated_commands, machines.listed, combat.machine_attack_commands,
               inventory.attach_commands, inventory.card_commands, skills.skill_commands)
    listed: list[object] = []

    def visit(state) -> None:  # type: ignore[no-untyped-def]
        for i in range(len(state.survivors)):
            each = [command for lister in listers for command in lister(state, i)]
            assert legal_free(state, i) == each
            listed.extend(each)

    # m8: Machines, attachments, Oxygen Tanks; m5: Machines and Mold; m10: cards and samples
    played_in_turn(["inv-m8", "inv-m5", "inv-m10"], 6, 100, visit)
    assert listed


def test_the_machine_attacks_listed_are_those_each_machine_may_make() -> None:
    listed: list[object] = []

    def visit(state) -> None:  # type: ignore[no-untyped-def]
        for i in range(len(state.survivors)):
            expected = []  # each Machine controlled, its targets worked out afresh
            if state.survivors[i].actions_left > 0 or machines.can_pay(state, i):
                for n in controlled(state, i):
                    for weapon in ("melee", "ranged"):
                        expected.extend(combat.machine_targets(state, i, n, weapon))
            found = combat.machine_attack_commands(state, i)
            assert sorted({state.graph.index[c.zone] for c in found}) == sorted(set(expected))
            listed.extend(found)

    played_in_turn(["inv-m5", "inv-m0", "inv-m8"], 7, COMMANDS, visit)
    assert listed  # some Machine had xenos to attack


def test_who_may_search_where_is_the_rule_whatever_order_it_is_asked_in() -> None:
    from game.rules.zombicide.boxes.invader.inventory import effect_in_body, may_search
    answers: list[bool] = []

    def visit(state) -> None:  # type: ignore[no-untyped-def]
        data = state.graph.box_data
        for i, s in enumerate(state.survivors):
            zone, mold = s.zone, state.box_state.mold
            role = getattr(state.tables.catalog.survivor(s.id), "role", "civilian")
            expected = not data.outdoor[zone] and not (mold and mold[zone]) and (  # rules digest §6.1, §9, §12
                "scavenger" in s.skills or bool(data.security[zone]) or effect_in_body(state, s, "searches_building")
                or (role == "civilian" and not data.corridor[zone]))
            assert may_search(state, i) == expected
            answers.append(expected)

    # m5: Mold; m8: Security Rooms and corridors; m7: outdoors
    played_in_turn(["inv-m5", "inv-m8", "inv-m7"], 9, 80, visit)
    assert True in answers and False in answers
