"""Setting up (digest §4, §15.4): characters and cards per player count, the Straggler on the First
Player's colour, the covered colours, the opening zombies; bad set-ups refused with the reason."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from game.rules.city_of_horror.engine import CityOfHorrorRules as Rules
from game.rules.city_of_horror.setup import SetupSpec
from game.rules.city_of_horror.state import STRAGGLER_CYCLE
from tests.city_of_horror.coh_helpers import play_out, spec


@pytest.mark.parametrize("players, characters, cards", [(3, 5, 7), (4, 4, 6), (5, 3, 5), (6, 3, 4)])
def test_player_counts(players, characters, cards):
    state = Rules.setup(None, spec(players), 3)
    for seat in state.seats:
        assert len([c for c in state.characters if c.owner == seat]) == characters
    assert state.straggler == state.colour(state.first)
    assert set(state.track) == set(state.colours)  # the other colours are covered
    assert [c for c in STRAGGLER_CYCLE if c in state.track] == list(state.track)
    for _, _, _, after, _ in play_out(spec(players), 3):
        if after.stage.kind == "window":
            assert all(len(after.hand(seat)) == cards for seat in after.seats)
            assert sum(p.zombies for p in after.places) > 0
            assert all(c.location not in ("", "unplaced") for c in after.characters)
            break


def test_the_colour_track_follows_the_cycle_or_the_seating():
    cycle = Rules.setup(None, spec(4), 1)
    assert cycle.track == ("green", "blue", "red", "yellow")
    seating = Rules.setup(None, spec(4, rules={"track": "seating"}), 1)
    assert seating.track == ("red", "green", "blue", "yellow")


def test_the_same_seed_deals_the_same_game():
    assert repr(Rules.setup(None, spec(5), 9)) == repr(Rules.setup(None, spec(5), 9))
    assert repr(Rules.setup(None, spec(5), 9)) != repr(Rules.setup(None, spec(5), 10))


@pytest.mark.parametrize("change, words", [
    ({"players": [{"seat": "A", "colour": "red"}, {"seat": "B", "colour": "green"}]}, "at least 3"),
    ({"players": [{"seat": "A", "colour": "red"}, {"seat": "A", "colour": "green"}, {"seat": "C", "colour": "blue"}]},
     "two players have the same name"),
    ({"players": [{"seat": "A", "colour": "red"}, {"seat": "B", "colour": "red"}, {"seat": "C", "colour": "blue"}]},
     "two players have the same colour"),
    ({"players": [{"seat": "A", "colour": "pink"}, {"seat": "B", "colour": "red"}, {"seat": "C", "colour": "blue"}]},
     "Input should be 'yellow'"),
    ({"first_player": "Zed"}, "first_player 'Zed' is not a player"),
    ({"sides": {"moon": "A"}}, "unknown location 'moon'"),
    ({"positions": {"church": 1, "hospital": 1, "bank": 3, "armory": 4}}, "a number 1 to 4, once"),
    ({"rules": {"order": ["1", "2"]}}, "must name each of"),
    ({"invasion": ["02-a", "02-b", "03-a", "04-a"]}, "round 1 needs a 01:00 card"),
])
def test_bad_setups_are_refused_with_the_reason(change, words):
    data = {"players": [{"seat": "A", "colour": "red"}, {"seat": "B", "colour": "green"},
                        {"seat": "C", "colour": "blue"}], **change}
    with pytest.raises(ValidationError, match=words):
        SetupSpec.model_validate(data)
