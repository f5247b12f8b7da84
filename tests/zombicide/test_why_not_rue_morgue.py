"""Rue Morgue's own actions say why they are missing (``BoxRules.why_not``): the helicopter's, from
the ground and from aboard, and the Team Actions; never for an action that is offered."""

from __future__ import annotations

from boards import arrange, catalog_with, new_game, sketch_board
from test_engine_helicopter import CREW, NOTHING, boarded, play
from test_engine_helicopter import game as helicopter_game

from game.rules.zombicide.boxes.rue_morgue.commands import TakeOff, UseTeamAction
from game.rules.zombicide.why_not import offered_kinds, why_not


def reasons(state, survivor: str) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    said: dict[str, list[str]] = {}
    for r in why_not(state, survivor):
        said.setdefault(r.kind, []).append(r.text())
    return said


def test_on_the_ground_the_aboard_actions_say_they_need_a_seat() -> None:
    said = reasons(helicopter_game(), "terry")
    for kind in ("leave_helicopter", "change_seat", "take_off", "land"):
        assert said[kind] == ["Only from aboard a helicopter"]
    assert said["take_equipment"] == ["The helicopter's hold is empty"]  # beside it, on the helipad
    assert "board_helicopter" not in said and "store_equipment" not in said  # both offered there
    away = arrange(helicopter_game(), survivors={"terry": {"zone": "r0c1"}})
    assert reasons(away, "terry")["store_equipment"] == ["No landed helicopter in this zone"]


def test_aboard_each_missing_action_says_why() -> None:
    state = boarded()  # Terry pilots, Dan rides, in a new round
    said = reasons(state, "dan")
    assert said["board_helicopter"] == ["Dan is already aboard"]
    assert said["change_seat"] == ["Someone already sits in the pilot's seat"]
    assert said["take_off"] == ["Only the survivor in the pilot's seat flies"]
    assert said["land"] == ["The helicopter is on the ground"]
    assert said["take_equipment"] == ["The helicopter's hold is empty"]
    pilot = reasons(state, "terry")
    offered = offered_kinds(state, state.survivor_index("terry"))
    assert "take_off" in offered and "take_off" not in pilot
    flying, _ = play(state, TakeOff("terry"))
    assert reasons(flying, "terry")["take_off"] == ["The helicopter is already flying"]
    assert reasons(flying, "terry")["leave_helicopter"] == [
        "The helicopter is flying: only a passenger with Rope descent leaves it in flight"]


def test_a_helicopter_that_cannot_fly_says_so() -> None:
    grounded = new_game(sketch_board("p s", markers=[("start", (0, 0)), ("helicopter", (0, 0))]), CREW,
                        catalog=catalog_with([NOTHING] * 4), helicopter_flies=False)
    from game.rules.zombicide.boxes.rue_morgue.commands import BoardHelicopter

    state, _ = play(grounded, BoardHelicopter("terry", pilot=True))
    assert reasons(state, "terry")["take_off"] == ["The helicopter cannot fly in this mission"]


def test_a_team_action_needs_a_mate_here_and_its_allowance() -> None:
    board = sketch_board("s s s s", markers=[("start", (0, 0))])
    state = new_game(board, {"A": ["joe", "dan", "jane"]}, catalog=catalog_with([NOTHING] * 4),
                     team_actions={"survivors": ["move"]})
    assert "use_team_action" in offered_kinds(state, state.survivor_index("joe"))
    assert "use_team_action" not in reasons(state, "joe")
    alone = arrange(state, survivors={"dan": {"zone": "r0c3"}, "jane": {"zone": "r0c3"}})
    assert reasons(alone, "joe")["use_team_action"] == ["A Team Action needs a team-mate in this zone"]
    used, _ = play(state, UseTeamAction("joe", "move", ("dan", "jane"), "r0c1"))
    assert reasons(used, "joe")["use_team_action"] == ["Team survivors has no Team Action left this phase"]


def test_a_mission_without_helicopters_or_team_actions_says_nothing_of_them() -> None:
    state = new_game(sketch_board("s s", markers=[("start", (0, 0))]), {"A": ["joe"]},
                     catalog=catalog_with([NOTHING] * 4))
    said = reasons(state, "joe")
    assert not {"leave_helicopter", "take_off", "use_team_action"} & set(said)
