"""Zombieworld: bicycles, skateboards and roller skates on the move; fitting a scope or silencer
during a game; dogs breaking off a melee; jumps onto stairs and ladders; verbal alliances."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.board.model import TerrainKind
from game.rules.core.base import IllegalCommand
from game.rules.core.rng import force_dice
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.geometry import Table, make_piece
from game.rules.zombieworld.rounds import start_round
from game.rules.zombieworld.shooting import range_cm
from game.rules.zombieworld.state import Activation, Model, State
from game.rules.zombieworld.working import Game

sys.path.insert(0, str(Path(__file__).parent))
from helpers import TOWN, arranged_state, two_bands  # noqa: E402


def box(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


# a field of rubble (difficult ground) from x 60 to 80, open ground everywhere else
RUBBLE = Table.build(120, 120, [make_piece(0, TerrainKind.DIFFICULT, box(60, 0, 80, 120), label="Rubble")], ())


def arranged(positions: dict[str, tuple[float, float]], zombies: dict[str, tuple[float, float]] | None = None,
             dice: tuple[int, ...] = (), active: str | None = None, remaining_cm: float = 20.0,
             table: Table = RUBBLE, **changes) -> State:
    """Red's turn with only the named models on the given table; dice queued."""
    return arranged_state(positions, zombies, dice=dice, active=active, remaining_cm=remaining_cm,
                          changes=changes, table=table, vehicles=())


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def refused(state: State, seat: str, command: object, words: str) -> None:
    with pytest.raises(IllegalCommand, match=words):
        engine.apply(state, seat, command)


# --- bicycles, skateboards and skates -----------------------------------------------------------

BO_MOVE_CM = 15.0  # a hardened survivor


def test_a_rider_on_a_bicycle_activates_with_ten_cm_more_and_keeps_to_open_ground():
    state = arranged({"red:Bo": (20, 50)}, dice=(1,), **{"red:Bo": {"objects": ("bicycle",), "mounted": "bicycle"}})
    after, _ = engine.apply(state, "red", c.Activate("red:Bo"))
    assert after.active.remaining_cm == pytest.approx(BO_MOVE_CM + 10)
    assert after.active.gear_cm == pytest.approx(10)
    # 25 cm across the open: the whole move
    rode, _ = engine.apply(after, "red", c.MoveModel("red:Bo", ((45, 50),)))
    assert rode.model("red:Bo").x == pytest.approx(45) and rode.active.remaining_cm == pytest.approx(0)
    # into the rubble it must get off first
    refused(after, "red", c.MoveModel("red:Bo", ((65, 50),)), "get off the Bicycle")


def test_getting_off_costs_five_cm_loses_the_unspent_bonus_and_a_pushed_bicycle_slows():
    state = arranged({"red:Bo": (50, 50)}, active="red:Bo", **{"red:Bo": {"objects": ("bicycle",), "mounted": "bicycle"}})
    state = replace(state, active=Activation("red:Bo", 25.0, gear_cm=10.0, gear_bonus_given=True))
    # 5 cm ridden come from the bonus: 20 left, 5 of them still the bonus
    rode, _ = engine.apply(state, "red", c.MoveModel("red:Bo", ((55, 50),)))
    assert (rode.active.remaining_cm, rode.active.gear_cm) == pytest.approx((20, 5))
    off, events = engine.apply(rode, "red", c.Dismount("red:Bo"))
    # the 5 cm are paid from the bonus, nothing of it is left, and pushing the bicycle costs 3
    assert off.active.remaining_cm == pytest.approx(20 - 5 - 3)
    assert off.active.gear_cm == 0 and off.model("red:Bo").mounted == ""
    assert of(events, c.GearChanged)[0].mounted is False
    # on foot it walks into the rubble at half speed
    walked, _ = engine.apply(off, "red", c.MoveModel("red:Bo", ((61, 50),)))
    assert walked.active.remaining_cm == pytest.approx(12 - 5 - 2)


def test_a_bicycle_left_on_the_ground_is_picked_up_again():
    state = arranged({"red:Bo": (50, 50)}, active="red:Bo", **{"red:Bo": {"objects": ("bicycle",), "mounted": "bicycle"}})
    off, events = engine.apply(state, "red", c.Dismount("red:Bo", leave=True))
    assert off.model("red:Bo").objects == () and (50, 50, "bicycle") in off.ground_items
    assert off.active.remaining_cm == pytest.approx(15)  # no pushing
    again, _ = engine.apply(off, "red", c.PickUp("red:Bo"))
    assert again.model("red:Bo").objects == ("bicycle",)
    skates = arranged({"red:Bo": (50, 50)}, active="red:Bo",
                      **{"red:Bo": {"objects": ("roller_skates",), "mounted": "roller_skates"}})
    refused(skates, "red", c.Dismount("red:Bo", leave=True), "only a bicycle")


def test_carrying_a_bicycle_on_foot_costs_three_cm_of_the_move():
    state = arranged({"red:Bo": (20, 50)}, dice=(1,), **{"red:Bo": {"objects": ("bicycle",)}})
    after, _ = engine.apply(state, "red", c.Activate("red:Bo"))
    assert after.active.remaining_cm == pytest.approx(BO_MOVE_CM - 3)


def test_getting_on_costs_five_cm_and_gives_the_bonus_once_per_activation():
    state = arranged({"red:Bo": (20, 50)}, active="red:Bo", remaining_cm=15,
                     **{"red:Bo": {"objects": ("skateboard",)}})
    assert c.Mount("red:Bo", "skateboard") in engine.legal_commands(state, "red")
    on, events = engine.apply(state, "red", c.Mount("red:Bo", "skateboard"))
    assert on.model("red:Bo").mounted == "skateboard"
    assert (on.active.remaining_cm, on.active.gear_cm) == pytest.approx((15 - 5 + 5, 5))
    off, _ = engine.apply(on, "red", c.Dismount("red:Bo"))
    assert off.active.remaining_cm == pytest.approx(15 - 5 + 5 - 5)  # the bonus paid getting off
    again, _ = engine.apply(replace(off, active=replace(off.active, remaining_cm=10)), "red",
                            c.Mount("red:Bo", "skateboard"))
    assert again.active.remaining_cm == pytest.approx(5) and again.active.gear_cm == 0


def test_wheels_are_mounted_only_on_open_ground_and_never_with_no_balance():
    in_rubble = arranged({"red:Bo": (70, 50)}, active="red:Bo", **{"red:Bo": {"objects": ("bicycle",)}})
    refused(in_rubble, "red", c.Mount("red:Bo", "bicycle"), "only on open ground")
    assert not any(isinstance(o, c.Mount) for o in engine.legal_commands(in_rubble, "red"))
    # skates go on anywhere
    skates = arranged({"red:Bo": (70, 50)}, active="red:Bo", **{"red:Bo": {"objects": ("roller_skates",)}})
    assert engine.apply(skates, "red", c.Mount("red:Bo", "roller_skates"))[0].model("red:Bo").mounted
    clumsy = arranged({"red:Bo": (20, 50)}, active="red:Bo",
                      **{"red:Bo": {"objects": ("roller_skates",), "defect": "no_balance"}})
    refused(clumsy, "red", c.Mount("red:Bo", "roller_skates"), "No balance")
    refused(arranged({"red:Bo": (20, 50)}, active="red:Bo"), "red", c.Mount("red:Bo", "roller_skates"), "carries no")


def test_skates_double_every_cm_off_open_ground_and_their_bonus_pays_only_on_it():
    worn = {"red:Bo": {"objects": ("roller_skates",), "mounted": "roller_skates"}}
    state = arranged({"red:Bo": (55, 50)}, active="red:Bo", **worn)
    state = replace(state, active=Activation("red:Bo", 20.0, gear_cm=5.0, gear_bonus_given=True))
    # 5 cm open (the bonus), then 3 cm of rubble: 2 cm a cm on foot, doubled on skates
    moved, _ = engine.apply(state, "red", c.MoveModel("red:Bo", ((63, 50),)))
    assert moved.active.remaining_cm == pytest.approx(20 - 5 - 12)
    assert moved.active.gear_cm == 0
    # the 5 cm of bonus never pay in the rubble: 4 cm of it cost 16 cm, with 15 paid on foot
    refused(replace(state, active=Activation("red:Bo", 20.0, gear_cm=5.0, gear_bonus_given=True),
                    models=(replace(state.model("red:Bo"), x=60.5),)),
            "red", c.MoveModel("red:Bo", ((64.5, 50),)), "count only on open ground")


def test_riders_get_off_before_climbing_jumping_or_entrenching():
    state = arranged({"red:Bo": (20, 50)}, active="red:Bo",
                     **{"red:Bo": {"objects": ("skateboard",), "mounted": "skateboard"}})
    refused(state, "red", c.Jump("red:Bo", (28, 50), 0), "get off the Skateboard")
    refused(state, "red", c.Entrench("red:Bo"), "get off the Skateboard")


def test_wheels_come_off_when_the_rider_no_longer_carries_them():
    state = arranged({"red:Bo": (50, 50), "red:Cy": (51.5, 50)}, active="red:Bo",
                     **{"red:Bo": {"objects": ("skateboard",), "mounted": "skateboard"}})
    after, _ = engine.apply(state, "red", c.Exchange("red:Bo", "red:Cy", give=("skateboard",)))
    assert after.model("red:Bo").mounted == "" and after.model("red:Cy").objects == ("skateboard",)


def test_old_saves_without_the_new_fields_load():
    command = engine.ZombieworldRules().command_from_json('{"kind": "move", "model": "red:Bo", "path": [[1, 2]]}')
    assert isinstance(command, c.MoveModel)
    assert Model(id="a", side="red", kind="survivor", profile="rookie", name="A", x=0, y=0).mounted == ""


# --- fitting a scope or silencer during the game ------------------------------------------------


def test_a_found_scope_is_fitted_to_a_carried_firearm_as_an_action_for_good():
    state = arranged({"red:Cy": (20, 50)}, active="red:Cy", **{"red:Cy": {"objects": ("scope",)}})
    options = engine.legal_commands(state, "red")
    assert c.UseItem("red:Cy", "scope", "shotgun") in options
    after, events = engine.apply(state, "red", c.UseItem("red:Cy", "scope", "shotgun"))
    cy = after.model("red:Cy")
    assert cy.scoped == ("shotgun",) and cy.objects == () and after.active.action_used
    assert of(events, c.ItemUsed)[0].target == "shotgun"
    game = Game(after)
    shotgun = game.catalog.firearm("shotgun")
    assert range_cm(game, cy, shotgun) == pytest.approx(shotgun.range_cm + 15)


def test_a_silencer_goes_only_on_a_noisy_firearm_that_takes_one_and_stops_its_bang():
    pistol = arranged({"red:Bo": (20, 50)}, active="red:Bo", **{"red:Bo": {"objects": ("silencer",)}})
    after, _ = engine.apply(pistol, "red", c.UseItem("red:Bo", "silencer", "pistol"))
    bo = after.model("red:Bo")
    assert bo.silenced == ("pistol",)
    game = Game(after)
    assert range_cm(game, bo, game.catalog.firearm("pistol")) == pytest.approx(
        game.catalog.firearm("pistol").range_cm - 10)
    # a shot from it places no BANG
    shot = arranged({"red:Bo": (20, 50)}, zombies={"z1": (30, 50)}, active="red:Bo", dice=(6, 6, 6, 6),
                    **{"red:Bo": {"silenced": ("pistol",)}})
    fired, _ = engine.apply(shot, "red", c.Shoot("red:Bo", (("z1", 1),), "pistol"))
    assert fired.bangs == ()
    shotgun = arranged({"red:Cy": (20, 50)}, active="red:Cy", **{"red:Cy": {"objects": ("silencer",)}})
    refused(shotgun, "red", c.UseItem("red:Cy", "silencer", "shotgun"), "cannot take a silencer")
    refused(shotgun, "red", c.UseItem("red:Cy", "silencer", "baseball_bat"), "name a firearm")
    assert not any(isinstance(o, c.UseItem) and o.item == "silencer" for o in engine.legal_commands(shotgun, "red"))


def test_a_pistol_takes_no_scope_and_a_weapon_takes_one_scope():
    state = arranged({"red:Bo": (20, 50)}, active="red:Bo", **{"red:Bo": {"objects": ("scope",)}})
    refused(state, "red", c.UseItem("red:Bo", "scope", "pistol"), "cannot take a scope")
    twice = arranged({"red:Ana": (20, 50)}, active="red:Ana",
                     **{"red:Ana": {"objects": ("scope",), "scoped": ("assault_rifle",)}})
    refused(twice, "red", c.UseItem("red:Ana", "scope", "assault_rifle"), "already has a scope")
    used = replace(state, active=Activation("red:Bo", 20.0, action_used=True))
    refused(used, "red", c.UseItem("red:Bo", "scope", "pistol"), "already used its action")


# --- dogs breaking off a melee ------------------------------------------------------------------


def with_dog(zombies: dict[str, tuple[float, float]], dice: tuple[int, ...] = (), **dog_changes) -> State:
    state = arranged({}, zombies=zombies, dice=dice)
    dog = Model(id="red:Rex", side="red", kind="dog", profile="dog", name="Rex", x=50, y=50, **dog_changes)
    return replace(state, models=(dog, *state.models), active=Activation("red:Rex", 15.0, must_fight=True))


def test_a_dog_that_bit_in_its_melee_fights_on_and_one_that_did_not_may_break_off():
    # one die against each of two zombies: it kills the first (6 against 1), the second bites it
    state = with_dog({"z1": (52.5, 50), "z2": (47.5, 50)}, dice=(6, 1, 1, 6))
    after, events = engine.apply(state, "red", c.Fight("red:Rex"))
    assert "z1" not in {m.id for m in after.models}
    rex = after.model("red:Rex")
    assert rex.wounds == 1 and rex.drew_blood
    healed = tuple(replace(m, wounds=0) if m.id == "red:Rex" else m for m in after.models)
    locked = replace(after, models=healed, active=Activation("red:Rex", 15.0, must_fight=True))
    assert c.Disengage("red:Rex") not in engine.legal_commands(locked, "red")
    refused(locked, "red", c.Disengage("red:Rex"), "breaks off only when it did not")
    # its next melee goes badly: no bite, so it may try to break off (a skill check)
    again, _ = engine.apply(replace(locked, rng=force_dice(locked.rng, (1, 2))), "red", c.Fight("red:Rex"))
    assert not again.model("red:Rex").drew_blood
    turn = replace(again, active=Activation("red:Rex", 15.0, must_fight=True))
    assert c.Disengage("red:Rex") in engine.legal_commands(turn, "red")
    free, events = engine.apply(replace(turn, rng=force_dice(turn.rng, (1,))), "red", c.Disengage("red:Rex"))
    assert [e.purpose for e in of(events, c.DiceRolled)] == ["disengage"]
    assert free.active is not None and not free.active.must_fight


def test_a_dog_bitten_without_biting_back_may_break_off_at_its_activation():
    state = with_dog({"z1": (52.5, 50)}, dice=(1, 6))
    after, _ = engine.apply(state, "red", c.Fight("red:Rex"))
    assert after.model("red:Rex").wounds == 1 and not after.model("red:Rex").drew_blood
    # a failed check: it fights again at once, and its activation ends
    failed, events = engine.apply(replace(after, active=Activation("red:Rex", 15.0, must_fight=True),
                                          rng=force_dice(after.rng, (6, 6, 1))), "red", c.Disengage("red:Rex"))
    assert of(events, c.MeleeFought) and failed.model("red:Rex").drew_blood


# --- verbal alliances (optional rule) -----------------------------------------------------------


def allied(fixed: bool = True, flips: bool = False, dice: tuple[int, ...] = ()) -> State:
    state = arranged({"red:Bo": (20, 50), "blue:Bo": (30, 50)}, active="red:Bo", dice=dice)
    return replace(state, alliances=(("red", "blue"),), alliance_fixed=fixed, alliance_flips=flips)


def test_a_fixed_alliance_forbids_shooting_charging_and_locking_allies_in_melee():
    state = allied()
    refused(state, "red", c.Shoot("red:Bo", (("blue:Bo", 1),), "pistol"), "an ally")
    refused(state, "red", c.Charge("red:Bo", "blue:Bo", ((27.5, 50),)), "an ally")
    options = engine.legal_commands(state, "red")
    assert not any(isinstance(o, (c.ShootTemplate, c.ChargeTemplate)) for o in options)
    # walking up to an ally is a move, not a charge, and nobody is locked
    beside, _ = engine.apply(state, "red", c.MoveModel("red:Bo", ((27.5, 50),)))
    assert beside.model("red:Bo").x == pytest.approx(27.5) and not beside.active.must_fight
    # a fragile alliance binds nobody: the shot is allowed
    fragile, events = engine.apply(allied(fixed=False, dice=(6, 6, 6, 6)), "red",
                                   c.Shoot("red:Bo", (("blue:Bo", 1),), "pistol"))
    assert of(events, c.ShotFired)


def test_alliances_are_set_up_by_seat_and_may_be_rolled_and_flip_each_round():
    setup = two_bands(spawn_dice=0).model_copy(update={"alliances": (("red", "blue"),)})
    state = engine.setup(TOWN, setup, 3)
    assert state.alliances == (("red", "blue"),) and state.alliance_fixed
    with pytest.raises(ValueError, match="two of the seats"):
        engine.setup(TOWN, setup.model_copy(update={"alliances": (("red", "green"),)}), 3)
    rolled = {engine.setup(TOWN, setup.model_copy(update={"alliance": "roll"}), seed).alliance_fixed for seed in range(12)}
    assert rolled == {True, False}
    assert engine.ZombieworldRules().setup_from_json(engine.ZombieworldRules().setup_to_json(setup)) == setup
    # at the start of a later round a 5+ swaps fixed and fragile; a 4 does not
    for die, fixed in ((5, False), (4, True)):
        game = Game(replace(allied(flips=True, dice=(die,)), round=1))
        start_round(game)
        assert game.alliance_fixed is fixed
