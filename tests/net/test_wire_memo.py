"""The seats' views of one state are encoded sharing their common parts (``to_wire``'s memo): the JSON
is the same as each encoded alone, for every seat and the spectator, over whole scripted games."""

from __future__ import annotations

import pytest

from game.net.views import encode_view
from game.rules.core.visibility import SPECTATOR
from tests.net import harness as h


@pytest.mark.parametrize("make", [h.zombicide_game, h.city_of_horror_game], ids=["zombicide", "city_of_horror"])
def test_views_encoded_with_the_memo_are_those_encoded_alone(make):
    game = make()
    session = game.session()
    viewers = [*session.state.seats, SPECTATOR]
    shared_parts = 0
    for n, (seat, text) in enumerate(game.script):
        session.play(seat, game.ruleset.command_from_json(text))
        if n % 7:
            continue
        memo: dict = {}
        for viewer in viewers:
            view = game.ruleset.player_view(session.state, viewer)
            before = len(memo)
            assert encode_view(view, memo) == encode_view(view), (n, viewer)
            shared_parts += viewer != viewers[0] and len(memo) - before < before
    assert shared_parts  # the later seats' views did reuse the first one's parts
