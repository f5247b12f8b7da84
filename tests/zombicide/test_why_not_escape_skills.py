"""Why Escape and the skills' own actions are missing, said by the engine (``why_not``), one reason
per cause, and never for an action that is offered."""

from __future__ import annotations

from boards import arrange, catalog_with, new_game, sketch_board
from test_engine_rue_morgue import NOTHING, TEAM

from game.rules.zombicide.why_not import offered_kinds, why_not

# a street (r0c0) beside the EXIT (r0c1), a hallway under them with an open door to a room
EXIT_BOARD = sketch_board(
    """
s s
- -
hor
""",
    markers=[("start", (0, 0)), ("exit", (0, 1))],
)


def game(goals=("escape_all",), **survivors):  # type: ignore[no-untyped-def]
    state = new_game(EXIT_BOARD, TEAM, catalog=catalog_with([NOTHING] * 8), goals=list(goals))
    return arrange(state, survivors=survivors)


def reasons_of(state, survivor: str, kind: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [r.text() for r in why_not(state, survivor) if r.kind == kind]


def test_escape_is_only_from_the_exit_and_says_so() -> None:
    state = game(joe={"zone": "r0c0"})
    assert reasons_of(state, "joe", "escape") == ["Escape only from the EXIT: Joe is not on it"]
    there = game(joe={"zone": "r0c1"})
    assert "escape" in offered_kinds(there, there.survivor_index("joe"))
    assert reasons_of(there, "joe", "escape") == []


def test_nobody_escapes_with_zombies_on_the_exit() -> None:
    state = arrange(game(joe={"zone": "r0c1"}), zombies={"r0c1": {"skinner_walker": 2}})
    assert "escape" not in offered_kinds(state, state.survivor_index("joe"))
    assert reasons_of(state, "joe", "escape") == ["Nobody escapes with zombies on the EXIT (2 here)"]


def test_a_mission_not_won_by_escaping_gives_no_escape_reason() -> None:
    state = game(goals=("all_in_exit",), joe={"zone": "r0c0"})
    assert reasons_of(state, "joe", "escape") == []


def test_a_survivor_without_action_skills_hears_so() -> None:
    state = game(joe={"zone": "r0c0", "skills": ()})
    assert reasons_of(state, "joe", "skill") == ["Joe has no skill that is an action"]


def test_each_action_skill_says_why_it_cannot_be_used() -> None:
    used = game(joe={"zone": "r0c0", "skills": ("jump", "shove", "taunt", "medic"), "jump_used": True,
                     "shoved": True, "taunted": True, "healed": True})
    assert reasons_of(used, "joe", "skill") == ["Jump: already used this turn", "Shove: already used this turn",
                                                "Taunt: already used this turn", "Medic: already used this turn"]
    idle = game(joe={"zone": "r0c0", "skills": ("shove", "taunt", "medic", "lock_it_down")})
    assert reasons_of(idle, "joe", "skill") == ["Shove: no zombie here to push away",
                                                "Taunt: no zombies here or in sight",
                                                "Medic: nobody wounded in this zone",
                                                "Lock it down: no open door in this zone"]


def test_no_skill_reason_while_a_skill_action_is_offered() -> None:
    state = arrange(game(joe={"zone": "r0c0", "skills": ("shove", "taunt")}), zombies={"r0c0": {"skinner_walker": 1}})
    offered = offered_kinds(state, state.survivor_index("joe"))
    assert {"shove", "taunt"} <= offered
    assert reasons_of(state, "joe", "skill") == []
