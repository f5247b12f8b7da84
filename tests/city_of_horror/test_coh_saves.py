"""Saves: a game written in the save envelope mid-vote (ballots half cast) resumes by replay at the same
position, with the same sealed ballots and the same secrets; a save whose log no longer applies is refused
with the reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.board.mission import load_board
from game.platform import envelope, registry
from game.rules.city_of_horror.registration import CITY_MAP, validate_board
from game.rules.core.session import Session
from tests.city_of_horror.coh_helpers import play_out, spec


def session_mid_vote(seed: int = 6) -> Session:
    setup = spec(4)
    entry = registry.game("city_of_horror")
    session = Session(entry.ruleset("base"), load_board(CITY_MAP), setup, seed)
    for _, seat, command, after, _ in play_out(setup, seed):
        session.play(seat, command)
        decision = after.decision
        if after.stage.kind == "ballot" and decision is not None and any(decision.answers) and decision.waiting():
            return session
    raise AssertionError("no vote was half cast in this game")


def test_a_game_saved_mid_vote_resumes_there(tmp_path: Path):
    session = session_mid_vote()
    path = envelope.write_game(tmp_path / "coh.json", registry.game("city_of_horror"), session, title="Test")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == "city_of_horror" and data["game_schema"] == 1 and data["box"] == "base"
    assert data["board"] == "maps/city_of_horror/coh-city.tmx"
    info = envelope.read_info(path)
    assert info.status.round == session.state.round and not info.finished
    loaded = envelope.load_game(path)
    assert loaded.session.hash() == session.hash()
    state = loaded.session.state
    assert state.stage.kind == "ballot" and state.decision == session.state.decision
    waiting = sorted(loaded.session.ruleset.current_seats(state))
    assert waiting and waiting == sorted(session.ruleset.current_seats(session.state))


def test_a_save_that_no_longer_replays_is_refused_with_the_reason(tmp_path: Path):
    session = session_mid_vote()
    path = envelope.write_game(tmp_path / "coh.json", registry.game("city_of_horror"), session)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["log"][3]["command"] = {"kind": "vote", "target": "Nobody"}
    data["final_hash"] = ""
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(envelope.SaveFileError, match="command 4 of the log no longer applies"):
        envelope.load_game(path)


def test_the_city_map_has_every_location_part_and_the_track():
    board = load_board(CITY_MAP)
    assert board.game == "city_of_horror"
    assert validate_board(board) == []
    broken = type(board)(**{**{f: getattr(board, f) for f in board.__dataclass_fields__},
                            "zones": {k: v for k, v in board.zones.items() if "track" not in k}})
    assert "the Straggler track has 0 spaces, not 6" in validate_board(broken)
