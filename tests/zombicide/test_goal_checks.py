"""``check_goals`` past the box's ``settle``: a lone core ``escape_all`` checked in one loop, and the
check chosen by the setup asked, not by the one asked before it (the last pair is remembered)."""

from __future__ import annotations

from boards import TOWN, arrange, new_game

from game.rules.zombicide.game import Game

SEATS = {"A": ("joe", "dan"), "B": ("jane", "cathy")}
EVERYONE = ("joe", "dan", "jane", "cathy")


def checked(state, end_phase: bool = False):  # type: ignore[no-untyped-def]
    game = Game(state)
    game.check_goals(end_phase=end_phase)
    return game.result


def test_escape_all_is_won_when_everybody_escaped_and_lost_with_anybody_dead():
    state = new_game(TOWN, SEATS, goals=["escape_all"])
    assert checked(state) is None
    assert checked(arrange(state, {"joe": {"escaped": True}, "dan": {"escaped": True}})) is None
    everybody_out = arrange(state, {s: {"escaped": True} for s in EVERYONE})
    assert checked(everybody_out) == "won"
    assert checked(arrange(state, {"joe": {"escaped": True}, "dan": {"alive": False}})) == "lost"
    dead_and_out = arrange(state, {**{s: {"escaped": True} for s in EVERYONE}, "cathy": {"alive": False}})
    assert checked(dead_and_out) == "lost"


def test_the_check_follows_the_setup_asked():
    escape = arrange(new_game(TOWN, SEATS, goals=["escape_all"]), {s: {"escaped": True} for s in EVERYONE})
    in_exit = arrange(new_game(TOWN, SEATS, goals=["all_in_exit"]), {s: {"escaped": True} for s in EVERYONE})
    objectives = arrange(new_game(TOWN, SEATS, goals=["take_all_objectives"]),
                         {s: {"escaped": True} for s in EVERYONE})
    for _ in range(2):  # each after another setup's check
        assert checked(escape) == "won"
        assert checked(in_exit) is None  # all_in_exit waits for an End Phase
        assert checked(in_exit, end_phase=True) == "won"
        assert checked(objectives) is None  # no objective taken
