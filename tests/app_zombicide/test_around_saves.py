"""Zombicide game saves: a resumed game deals the same cards and dice; writes are atomic; bad files say why."""

import json
import os
import time
from pathlib import Path
from random import Random

import pytest

from game.app.zombicide.game_save import (
    GameSaveError,
    is_game_save,
    list_game_saves,
    load_game,
    mission_setup,
    newest_game_save,
    save_game,
)
from game.atomic import backup_path
from game.board.mission import load_board
from game.rules.core.session import Session, state_hash
from game.rules.zombicide import engine
from game.rules.zombicide.bots import greedy_bot
from game.rules.zombicide.engine import ZombicideRules
from game.rules.zombicide.state import PlayerSpec, ZombicideSetup

REPO = Path(__file__).resolve().parents[2]
MISSION = REPO / "maps" / "missions" / "city-3x3.toml"
SETUP = ZombicideSetup(players=(PlayerSpec(seat="A", survivors=("joe", "dan")),
                                PlayerSpec(seat="B", survivors=("cathy", "jane"))))


def play(session: Session, commands: int, seed: int) -> None:
    rng = Random(seed)
    for _ in range(commands):
        seats = engine.current_seats(session.state)
        if not seats:
            return
        seat = min(seats)
        session.play(seat, greedy_bot(session.state, seat, engine.legal_commands(session.state, seat), rng))


@pytest.fixture(scope="module")
def board():
    return load_board(MISSION)


def test_a_resumed_game_deals_the_same_cards_and_dice(board, tmp_path):
    session = Session(ZombicideRules(), board, SETUP, seed=11)
    play(session, 40, seed=1)
    assert session.state.round >= 1 and session.log
    path = save_game(tmp_path / "game.json", session, {"camera": [1.5, 2.0], "speed": 2})
    resumed, extra = load_game(path)
    assert extra == {"camera": [1.5, 2.0], "speed": 2}
    assert resumed.hash() == session.hash()
    assert resumed.state.setup == session.state.setup
    assert resumed.state.equipment_deck == session.state.equipment_deck
    assert resumed.state.zombie_deck == session.state.zombie_deck
    assert (resumed.state.rng.seed, resumed.state.rng.draws) == (session.state.rng.seed, session.state.rng.draws)
    # the future is the same: the same commands give the same events (dice, cards, spawns)
    rng_a, rng_b = Random(5), Random(5)
    for _ in range(60):
        seats = engine.current_seats(session.state)
        if not seats:
            break
        seat = min(seats)
        a = greedy_bot(session.state, seat, engine.legal_commands(session.state, seat), rng_a)
        b = greedy_bot(resumed.state, seat, engine.legal_commands(resumed.state, seat), rng_b)
        assert a == b
        assert session.play(seat, a) == resumed.play(seat, b)
    assert state_hash(session.state) == state_hash(resumed.state)
    assert len(resumed.log) == len(session.log)
    assert resumed.can_undo()


def test_saving_again_keeps_the_previous_file_as_bak(board, tmp_path):
    session = Session(ZombicideRules(), board, SETUP, seed=3)
    path = save_game(tmp_path / "g.json", session)
    first = path.read_text()
    play(session, 5, seed=2)
    save_game(path, session)
    assert backup_path(path).read_text() == first
    assert path.read_text() != first
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    back, _ = load_game(backup_path(path))
    assert len(back.log) == 0


def test_a_failed_write_leaves_the_old_save_whole(board, tmp_path, monkeypatch):
    session = Session(ZombicideRules(), board, SETUP, seed=3)
    path = save_game(tmp_path / "g.json", session)
    before = path.read_text()
    play(session, 5, seed=2)

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(GameSaveError) as caught:
        save_game(path, session)
    assert "g.json" in str(caught.value)
    monkeypatch.undo()
    assert path.read_text() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("content, words", [
    ("{ not json", "invalid JSON"),
    ("[1, 2]", "no JSON object"),
    ('{"kind": "deadtable-table", "schema_version": 1}', "a table save, not a game save"),
    ('{"kind": "deadtable-zombicide-game", "schema_version": 99}', "schema_version"),
    ('{"kind": "deadtable-zombicide-game", "schema_version": 1, "mission": 3, "session": {}, "extra": {}}',
     "older Zombicide save"),
    ('{"kind": "deadtable-save", "envelope_version": 7, "game": "zombicide"}', "newer Deadtable"),
    ('{"kind": "deadtable-save", "envelope_version": 1, "game": "chess"}', "unknown game 'chess' (known: zombicide"),
])
def test_bad_files_give_one_clear_error_naming_the_file(tmp_path, content, words):
    path = tmp_path / "broken.json"
    path.write_text(content)
    with pytest.raises(GameSaveError) as caught:
        load_game(path)
    message = str(caught.value)
    assert "broken.json" in message and words in message
    assert "\n" not in message


def test_a_log_that_no_longer_replays_is_refused(board, tmp_path):
    session = Session(ZombicideRules(), board, SETUP, seed=4)
    play(session, 6, seed=1)
    path = save_game(tmp_path / "g.json", session)
    data = json.loads(path.read_text())
    data["log"].insert(0, {"seat": "A", "command": {"kind": "move", "survivor": "joe", "to": "1R:rm-nw"}})
    path.write_text(json.dumps(data))
    with pytest.raises(GameSaveError) as caught:
        load_game(path)
    assert "does not replay" in str(caught.value) and "g.json" in str(caught.value)


def test_a_new_game_setup_keeps_the_mission_rules_and_adds_the_choices(board):
    setup = mission_setup(board, {"players": [{"seat": "A", "survivors": ["joe"]}], "auto_wounds": True})
    assert setup.goals == ("take_all_objectives", "all_in_exit") and setup.helicopter_flies
    assert setup.auto_wounds and setup.players[0].survivors == ("joe",)
    with pytest.raises(ValueError, match="setup"):
        mission_setup(board, {"players": []})


def test_missing_file(tmp_path):
    with pytest.raises(GameSaveError, match="no such save"):
        load_game(tmp_path / "nothing.json")


def test_continue_finds_the_newest_unfinished_game_save(board, tmp_path):
    session = Session(ZombicideRules(), board, SETUP, seed=4)
    assert newest_game_save(tmp_path) is None
    old = save_game(tmp_path / "old.json", session)
    (tmp_path / "table.json").write_text('{"kind": "deadtable-table", "schema_version": 1}')
    (tmp_path / "junk.json").write_text("{")
    time.sleep(0.02)
    play(session, 3, seed=1)
    new = save_game(tmp_path / "new.json", session)
    os.utime(old, (time.time() - 100, time.time() - 100))
    assert newest_game_save(tmp_path) == new
    assert [info.path.name for info in list_game_saves(tmp_path)] == ["new.json", "old.json"]
    assert is_game_save(new) and not is_game_save(tmp_path / "table.json")
    info = list_game_saves(tmp_path)[0]
    assert info.title == board.title and info.game == "zombicide" and info.box == "rue_morgue"
    assert json.loads(new.read_text())["board"] == "maps/missions/city-3x3.toml"
