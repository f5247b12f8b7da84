"""Zombieworld engine: shooting, melee, reactions, zombies, refusals, purity and replay."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.core.base import IllegalCommand
from game.rules.core.rng import force_dice
from game.rules.core.session import Session, state_hash
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.casualties import remove
from game.rules.zombieworld.melee import melee
from game.rules.zombieworld.state import ZOMBIES, Activation, Model, State
from game.rules.zombieworld.working import Game
from game.rules.zombieworld.zombies import zombie_turn

sys.path.insert(0, str(Path(__file__).parent))
from helpers import TOWN, play_out, two_bands  # noqa: E402

OPEN_ROW_Y = 60.0  # a clear east-west street on the town square (fountain at x 56..64)


def arranged(positions: dict[str, tuple[float, float]], zombies: dict[str, tuple[float, float]] = (),
             dice: tuple[int, ...] = (), active: str | None = None, remaining_cm: float = 20.0) -> State:
    """Red's turn, only the named models on the table where we put them, dice queued."""
    state = engine.setup(TOWN, two_bands(spawn_dice=0), 1)
    models = [replace(state.model(mid), x=x, y=y) for mid, (x, y) in positions.items()]
    models += [Model(id=zid, side=ZOMBIES, kind="zombie", profile="walker", name="Walker", x=x, y=y)
               for zid, (x, y) in dict(zombies).items()]
    state = replace(state, models=tuple(models), order=("red", "blue", ZOMBIES), turn=0, bangs=(),
                    rng=force_dice(state.rng, dice))
    if active:
        state = replace(state, active=Activation(active, remaining_cm))
    return state


def rolls(events, purpose):
    return [e for e in events if isinstance(e, c.DiceRolled) and e.purpose == purpose]


def test_shooting_to_hit_in_the_open_with_modifiers_listed():
    state = arranged({"red:Ana": (20, OPEN_ROW_Y)}, {"z1": (40, OPEN_ROW_Y)}, dice=(3, 2), active="red:Ana")
    after, events = engine.apply(state, "red", c.Shoot("red:Ana", (("z1", 2),)))
    (shot,) = rolls(events, "shot")
    assert shot.target == 8 and ("skill", 5) in shot.modifiers
    assert shot.results == ("wound", "miss")  # 3+5 = 8 hits, 2+5 = 7 misses
    assert "z1" not in {m.id for m in after.models}
    assert after.score("red").zombies_killed == 1
    assert any(isinstance(e, c.BangPlaced) and e.value == 1 for e in events)
    assert after.active is not None and after.active.action_used


def test_point_blank_and_target_inside_a_building():
    close = arranged({"red:Ana": (20, OPEN_ROW_Y)}, {"z1": (24, OPEN_ROW_Y)}, dice=(2,), active="red:Ana")
    _, events = engine.apply(close, "red", c.Shoot("red:Ana", (("z1", 1),)))
    (shot,) = rolls(events, "shot")
    assert ("point blank", 1) in shot.modifiers and shot.results == ("wound",)
    # through the Town Hall's window (24.1..27.1 on its south wall at y 36)
    inside = arranged({"red:Ana": (25.6, 44)}, {"z1": (25.6, 30)}, dice=(4,), active="red:Ana")
    _, events = engine.apply(inside, "red", c.Shoot("red:Ana", (("z1", 1),)))
    (shot,) = rolls(events, "shot")
    assert shot.target == 10 and ("target inside a building", -1) in shot.modifiers
    assert shot.results == ("miss",)  # 4+5-1 = 8 < 10


def test_a_lone_one_jams_the_weapon_until_reloaded():
    state = arranged({"red:Ana": (20, OPEN_ROW_Y)}, {"z1": (40, OPEN_ROW_Y)}, dice=(1,), active="red:Ana")
    state, events = engine.apply(state, "red", c.Shoot("red:Ana", (("z1", 1),)))
    assert any(isinstance(e, c.WeaponJammed) for e in events)
    state = replace(state, active=Activation("red:Ana", 20))
    with pytest.raises(IllegalCommand, match="unloaded"):
        engine.check(state, "red", c.Shoot("red:Ana", (("z1", 1),)))
    state, _ = engine.apply(state, "red", c.Reload("red:Ana"))
    assert state.model("red:Ana").unloaded == ()


def test_refusals_give_a_reason_and_leave_the_state_alone():
    state = arranged({"red:Ana": (20, OPEN_ROW_Y), "blue:Ana": (100, 30)}, {"z1": (40, OPEN_ROW_Y)},
                     active="red:Ana")
    before = state_hash(state)
    cases = [
        (c.Shoot("red:Ana", (("z1", 4),)), "fires 1 to 3 shots"),
        (c.Shoot("red:Ana", (("blue:Ana", 1),)), "cannot see"),  # the Chemist stands between
        (c.MoveModel("red:Ana", ((20, 95),)), "costs"),
        (c.MoveModel("red:Ana", ((37.5, OPEN_ROW_Y),)), "charge"),
        (c.MoveModel("red:Ana", ((60, OPEN_ROW_Y - 2),)), "cannot"),
    ]
    for command, reason in cases:
        with pytest.raises(IllegalCommand, match=reason):
            engine.apply(state, "red", command)
    with pytest.raises(IllegalCommand, match="not this player's turn"):
        engine.apply(state, "blue", c.EndActivation("blue:Ana"))
    assert state_hash(state) == before


def test_activation_in_order_of_skill():
    state = arranged({"red:Ana": (20, 50), "red:Cy": (20, 54)}, dice=(3,))
    with pytest.raises(IllegalCommand, match="more skilled"):
        engine.check(state, "red", c.Activate("red:Cy"))
    after, events = engine.apply(state, "red", c.Activate("red:Ana"))
    (roll,) = rolls(events, "activation")
    assert ("coherence", 1) not in roll.modifiers  # only two on the table
    assert after.active == Activation("red:Ana", 20.0)


def test_melee_win_counts_dice_above_the_losers_best():
    state = arranged({"red:Ana": (20, OPEN_ROW_Y)}, {"z1": (30, OPEN_ROW_Y)}, dice=(5, 2, 4), active="red:Ana")
    after, events = engine.apply(state, "red", c.Charge("red:Ana", "z1", ((27.5, OPEN_ROW_Y),)))
    assert not rolls(events, "charging reaction")[0].dice  # a born survivor never rolls
    fight = next(e for e in events if isinstance(e, c.MeleeFought))
    assert fight.winner == "red:Ana" and fight.wounds == 2  # 10 and 7 against 4+3-1 (her vest)
    assert "z1" not in {m.id for m in after.models}


def test_a_tie_with_zombies_grabs_the_survivor():
    state = arranged({"red:Ana": (20, OPEN_ROW_Y)}, {"z1": (30, OPEN_ROW_Y)}, dice=(1, 1, 4), active="red:Ana")  # 6, 6 against 4+3-1
    after, events = engine.apply(state, "red", c.Charge("red:Ana", "z1", ((27.5, OPEN_ROW_Y),)))
    assert next(e for e in events if isinstance(e, c.MeleeFought)).winner == ""
    assert after.model("red:Ana").grabbed and after.active.must_fight
    with pytest.raises(IllegalCommand, match="grabbed"):
        engine.check(after, "red", c.Disengage("red:Ana"))


def test_a_rookie_charging_zombies_can_freeze():
    state = arranged({"red:Ana": (20, 40), "red:Cy": (20, OPEN_ROW_Y)}, {"z1": (30, OPEN_ROW_Y)},
                     dice=(6, 6, 6, 6), active="red:Cy", remaining_cm=15)
    after, events = engine.apply(state, "red", c.Charge("red:Cy", "z1", ((27.5, OPEN_ROW_Y),)))
    assert any(isinstance(e, c.ReactionResolved) and e.result == "frozen" for e in events)
    assert after.model("red:Cy").position == (20, OPEN_ROW_Y) and after.active.remaining_cm == 0


def test_zombies_walk_at_the_nearest_visible_survivor_and_charged_survivors_react():
    state = arranged({"red:Cy": (20, OPEN_ROW_Y), "red:Ana": (20, 100)},
                     {"z1": (45, OPEN_ROW_Y), "z2": (14, OPEN_ROW_Y - 4), "z3": (14, OPEN_ROW_Y + 4),
                      "z4": (13, OPEN_ROW_Y)},
                     dice=(6, 6, 6, 6, 6, 6, 6, 6))
    game = Game(state)
    zombie_turn(game)
    z1 = game.models["z1"]
    assert z1.x == pytest.approx(35) and z1.y == pytest.approx(OPEN_ROW_Y)  # 10 cm straight at Cy
    reaction = next(e for e in game.events if isinstance(e, c.ReactionResolved))
    assert reaction.model == "red:Cy" and reaction.table == "charged" and reaction.successes == 0
    assert reaction.result == "flee"  # in the open, no successes
    assert any(isinstance(e, c.Fled) and e.model == "red:Cy" for e in game.events)


def test_zombies_with_no_one_in_sight_wander():
    state = arranged({"red:Ana": (34, 22)}, {"z1": (100, 110)})  # Ana inside the Town Hall
    game = Game(state)
    zombie_turn(game)
    z1 = game.models["z1"]
    assert 0 < ((z1.x - 100) ** 2 + (z1.y - 110) ** 2) ** 0.5 <= 10 + 1e-6


def test_a_survivor_killed_by_zombies_is_devoured_and_drops_its_kit():
    state = arranged({"red:Di": (20, OPEN_ROW_Y), "red:Ana": (20, 100), "red:Bo": (24, 100)},
                     {"z1": (22.5, OPEN_ROW_Y)})
    state = replace(state, models=tuple(replace(m, wounds=3) if m.id == "red:Di" else m for m in state.models),
                    rng=force_dice(state.rng, (1, 1, 6)))  # her two dice (bat) score 3, the zombie 9
    game = Game(state)
    melee(game, game.models["red:Di"], [game.models["z1"]])
    assert "red:Di" not in game.models
    assert any(isinstance(e, c.ModelRemoved) and e.reason == "devoured" for e in game.events)
    assert any(isinstance(e, c.ZombieSpawned) and e.source == "devoured" for e in game.events)
    assert (20, OPEN_ROW_Y, "baseball_bat") in game.ground
    assert game.score("red").members_lost == 1


def test_few_of_us_left_is_checked_with_two_left():
    state = arranged({"red:Ana": (20, 80), "red:Cy": (24, 80), "red:Di": (28, 80)}, dice=(6,))
    game = Game(state)
    remove(game, game.models["red:Di"], "out_of_action", None, melee=False)
    roll = rolls(game.events, "few of us left")[0]
    assert roll.results == ("fail",)
    assert game.score("red").withdrawn and not game.alive("red")


def test_members_who_escaped_are_alive_for_few_of_us_left():
    # four members: two walked out through the way out, Ana and Cy are still on the table
    state = arranged({"red:Ana": (20, 80), "red:Cy": (24, 80), "red:Di": (28, 80), "red:Bo": (32, 80)}, dice=(6,))
    game = Game(state)
    for escaped in ("red:Di", "red:Bo"):
        game.departed.append(game.models.pop(escaped))
    assert len(game.alive("red")) == 2
    remove(game, game.models["red:Cy"], "out_of_action", None, melee=False)  # one lost, three alive
    assert rolls(game.events, "few of us left") == []
    assert not game.score("red").withdrawn and [m.id for m in game.alive("red")] == ["red:Ana"]


def test_bang_markers_bring_walkers_after_an_activation():
    state = arranged({"red:Ana": (60, 90)}, dice=(5,), active="red:Ana")
    state = replace(state, bangs=(engine.Bang(60, 90, 1),))
    after, events = engine.apply(state, "red", c.EndActivation("red:Ana"))
    assert rolls(events, "BANG")[0].results == ("zombie",)
    spawned = next(e for e in events if isinstance(e, c.ZombieSpawned) and e.source == "bang")
    assert abs(((spawned.position[0] - 60) ** 2 + (spawned.position[1] - 90) ** 2) ** 0.5 - 40) < 3 or spawned.activated
    assert after.bangs == ()


def test_apply_never_mutates_its_input():
    states, log = play_out(3, 120)
    for before, (seat, command) in zip(states, log, strict=False):
        digest = state_hash(before)
        engine.apply(before, seat, command)
        assert state_hash(before) == digest


def test_same_seed_and_commands_give_the_same_game():
    states, log = play_out(5, 150)
    rules = engine.ZombieworldRules()
    session = Session(rules, TOWN, two_bands(), 5)
    for seat, command in log:
        session.play(seat, command)
    assert session.hash() == state_hash(states[-1])
    saved = session.save()
    again = Session.load(rules, TOWN, type(saved).from_json(saved.to_json()))
    assert again.hash() == session.hash()


def test_random_play_outs_finish_and_keep_invariants():
    for seed in (11, 12):
        states, _ = play_out(seed, 500)
        final = states[-1]
        # the game runs its 8 rounds unless every band has withdrawn before
        assert final.finished and (final.round == 8 or all(score.withdrawn for _, score in final.scores))
        for state in states:
            for model in state.models:
                assert 0 <= model.x <= 120 and 0 <= model.y <= 120
                assert model.wounds < 4
                if model.level and not model.vehicle:  # upstairs or on a roof: inside a building that has it
                    index = state.table.building_at(model.position)
                    assert index is not None and model.level <= state.table.piece(index).top_level


@pytest.mark.parametrize(("check_die", "red_left"), [(1, True), (6, False)])
def test_a_shooter_put_out_of_action_by_return_fire_ends_its_activation(check_die, red_left):
    # Bo's shot misses (2); Cy rolls two successes (1, 1) and fires back twice (6, 6): Bo's fourth
    # wound. Then Ana checks whether the band stays (1 passes, 6 fails and it withdraws).
    state = arranged({"red:Bo": (20, OPEN_ROW_Y), "blue:Cy": (30, OPEN_ROW_Y), "red:Ana": (100, 100)},
                     dice=(2, 1, 1, 6, 6, check_die), active="red:Bo")
    state = replace(state, models=tuple(replace(m, wounds=3) if m.id == "red:Bo" else m for m in state.models))
    after, events = engine.apply(state, "red", c.Shoot("red:Bo", (("blue:Cy", 1),), "pistol"))
    assert any(isinstance(e, c.ModelRemoved) and e.model == "red:Bo" for e in events)
    assert after.active is None or after.active.model in {m.id for m in after.models}
    assert any(m.id == "red:Ana" for m in after.models) is red_left
    for seat in engine.current_seats(after):
        assert engine.legal_commands(after, seat)  # the game goes on: someone has something to do
