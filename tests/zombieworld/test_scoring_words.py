from dataclasses import replace

from game import i18n
from game.rules.zombieworld.catalog import load_catalog
from game.rules.zombieworld.scoring import glory
from game.rules.zombieworld.state import SeatScore
from tests.zombieworld.helpers import arranged_state


def glory_words(members_lost: int, zombies_killed: int, hostile_killed: int) -> list[str]:
    state = arranged_state({"red:Ana": (30.0, 30.0)})
    score = SeatScore(members_lost=members_lost, zombies_killed=zombies_killed, hostile_killed=hostile_killed)
    state = replace(state, scores=(("red", score),))
    return [i18n.said(label) for label, _points in glory(state, "red", load_catalog())]


def test_glory_lines_count_in_singular_and_plural():
    assert glory_words(1, 0, 3) == ["1 member out of action", "3 hostile survivors killed"]
    assert glory_words(2, 10, 1) == ["2 members out of action", "10 zombies killed", "1 hostile survivor killed"]


def test_glory_lines_in_spanish(spanish):
    assert glory_words(1, 0, 3) == ["1 miembro fuera de combate", "3 supervivientes hostiles eliminados"]
    assert glory_words(2, 10, 1) == ["2 miembros fuera de combate", "10 zombis eliminados", "1 superviviente hostil eliminado"]
