"""The Goals box counts how far a step of an Invader mission has come: M8's "every survivor at Orange
or higher" says how many of the living are there, and a dead survivor is no longer waited for."""

from __future__ import annotations

from pathlib import Path

from boards import arrange

from game.board.mission import load_board
from game.rules.zombicide import engine
from game.rules.zombicide.boxes.invader.missions import LEVEL_NAMES

M8 = Path(__file__).resolve().parents[3] / "maps" / "missions" / "inv-m8.toml"
SIX = ["jared", "baraka", "cole", "magnus", "vivian", "mitsuki"]


def level_step(state):  # type: ignore[no-untyped-def]
    return next(g for g in engine.goal_progress(state) if g.goal.endswith("level:orange"))


def test_m8s_level_step_counts_the_living_survivors_at_orange() -> None:
    state = engine.setup(load_board(M8), {"players": [{"seat": "A", "survivors": SIX}]}, 3)
    assert (level_step(state).done, level_step(state).total) == (0, 6)
    orange = LEVEL_NAMES.index("orange")
    state = arrange(state, survivors={"jared": {"level": orange}, "cole": {"level": orange + 1}})
    assert (level_step(state).done, level_step(state).total) == (2, 6)
    state = arrange(state, survivors={"baraka": {"alive": False}})
    assert (level_step(state).done, level_step(state).total) == (2, 5)
    assert not level_step(state).reached  # the step before it is not done



def test_a_mission_may_mix_its_xeno_cards_as_desired() -> None:
    """§16.2, "mix as desired": a mission lists the cards it plays with, Extra Activation ones only when listed."""
    from game.rules.zombicide.boxes.invader.missions import mission
    from game.rules.zombicide.boxes.invader.setup import deck_for

    state = engine.setup(load_board(M8), {"players": [{"seat": "A", "survivors": SIX}]}, 3)
    spec, numbers = mission(state), state.tables.zombie_cards
    assert deck_for(spec.model_copy(update={"xeno_cards": (41, 16, 3, 52)}), numbers) == [3, 16, 41, 52]
    assert len(deck_for(spec.model_copy(update={"xeno_cards": "easier"}), numbers)) == 25 + 4
    assert len(deck_for(spec, numbers)) == 25 + 4  # M8 plays the easier cards (issue 18)
    assert len(deck_for(spec.model_copy(update={"xeno_cards": "all"}), numbers)) == 54
