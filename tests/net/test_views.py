"""The JSON of views, events and legal commands goes back into the very objects the screens draw,
for every game and every Zombicide box; data that is not such JSON is refused, never imported."""

from __future__ import annotations

import json
import sys
from random import Random

import pytest

from game.board.mission import load_board
from game.net.views import (
    ViewCodecError,
    decode_events,
    decode_legal,
    decode_view,
    encode_events,
    encode_legal,
    encode_view,
    from_wire,
    view_template,
)
from game.platform import registry
from game.rules.core.session import state_hash
from game.rules.core.visibility import SPECTATOR, events_for
from game.rules.zombicide.engine import parse_setup
from tests.net.harness import REPO
from tests.platform.conformance import (
    _coh_command,
    _coh_game,
    _pick_legal,
    _zombieworld_command,
    _zombieworld_game,
)

ZOMBICIDE_BOXES = {
    "rue_morgue": ("rm-tutorial-1.toml", ("cathy", "dan")),
    "green_horde": ("gh-tutorial.toml", ("asim", "seli")),
    "invader": ("inv-m0.toml", ("jared", "baraka")),
}


def _zombicide(box: str):
    mission, survivors = ZOMBICIDE_BOXES[box]
    board = load_board(REPO / "maps" / "missions" / mission)
    setup = parse_setup({"players": [{"seat": "A", "survivors": [survivors[0]]},
                                     {"seat": "B", "survivors": [survivors[1]]}]}, board)
    assert setup.box == box
    return registry.game("zombicide").ruleset(box), board, setup


def _round_trips(ruleset, board, setup, choose, steps: int) -> int:
    """Play ``steps`` seeded random commands; after each, every seat's view, events and legal
    commands go through JSON text and come back equal. Returns how many events were checked."""
    template = view_template(ruleset, board, setup)
    state = ruleset.setup(board, setup, 11)
    chooser = Random(5)
    checked = 0
    for _ in range(steps):
        waiting = sorted(ruleset.current_seats(state))
        if not waiting or ruleset.outcome(state) is not None:
            break
        command = choose(ruleset, state, waiting[0], chooser)
        if command is None:
            break
        state, events = ruleset.apply(state, waiting[0], command)
        for seat in (*state.seats, SPECTATOR):
            view = ruleset.player_view(state, seat)
            back = decode_view(json.loads(json.dumps(encode_view(view))), template)
            assert type(back) is type(view) and back == view and state_hash(back) == state_hash(view)
            shown = events_for(events, seat)
            assert decode_events(json.loads(json.dumps(encode_events(shown)))) == shown
            checked += len(shown)
            legal = list(ruleset.legal_commands(state, seat))
            assert decode_legal(json.loads(json.dumps(encode_legal(legal)))) == legal
    return checked


@pytest.mark.parametrize("box", sorted(ZOMBICIDE_BOXES))
def test_zombicide_views_and_events_round_trip(box):
    ruleset, board, setup = _zombicide(box)
    assert _round_trips(ruleset, board, setup, _pick_legal, 30) > 0


def test_zombieworld_views_and_events_round_trip():
    ruleset, board, setup = _zombieworld_game(0)
    assert _round_trips(ruleset, board, setup, _zombieworld_command, 30) > 0


def test_city_of_horror_views_and_events_round_trip():
    ruleset, board, setup = _coh_game(1)
    assert _round_trips(ruleset, board, setup, _coh_command, 60) > 0


@pytest.mark.parametrize("data", [
    {"$t": "os:system"},  # not a module of the game
    {"$t": "game.net.host:Host"},  # a class of ours, but not a dataclass, model or enum
    {"$t": "game.rules.never_loaded:Thing"},  # never imported on the strength of data
    {"$m": "builtins:dict", "v": {}},
    {"$d": [[1]]},
    {"what": 1},
    {"$l": "not a list"},
])
def test_data_that_is_not_a_view_is_refused(data):
    before = set(sys.modules)
    with pytest.raises(ViewCodecError):
        from_wire(data)
    assert set(sys.modules) == before


def test_a_view_of_another_game_is_refused():
    ruleset, board, setup = _zombicide("rue_morgue")
    zw_rules, zw_board, zw_setup = _zombieworld_game(0)
    other = encode_view(zw_rules.player_view(zw_rules.setup(zw_board, zw_setup, 1), SPECTATOR))
    with pytest.raises(ViewCodecError, match="not a view of ZombicideState"):
        decode_view(other, view_template(ruleset, board, setup))
