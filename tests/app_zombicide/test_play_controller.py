"""The game controller, the view model and the animation timeline, without a window."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.app.zombicide.controller import (
    GameController,
    PlaceSurvivor,
    PlaceZombies,
    RemoveZombies,
    ShiftZombies,
    game_rules,
    odds_details,
    odds_summary,
)
from game.app.zombicide.view_model import (
    PieceMaker,
    door_states,
    occupancy_of,
    survivor_card,
    table_layout,
    zombie_piece_id,
)
from game.board.geometry import point_in_polygon
from game.board.mission import load_board
from game.rules.core.session import Session
from game.rules.zombicide import engine
from game.rules.zombicide.commands import Attack, EndTurn, Move

REPO = Path(__file__).resolve().parents[2]
MISSION = REPO / "maps" / "missions" / "tutorial-2x2.toml"
SETUP = {"players": [{"seat": "P1", "survivors": ["bruno", "ines", "idris"]}]}


@pytest.fixture(scope="module")
def board():
    return load_board(MISSION)


@pytest.fixture
def controller(board):
    return GameController.new(board, SETUP, 7)


def test_selection_and_buttons_follow_the_legal_commands(controller):
    assert controller.seat == "P1"
    assert controller.selected in controller.playable_survivors()
    labels = [c.label for c in controller.action_choices("bruno")]
    assert "End turn" in labels
    legal_moves = {c.to for c in controller.legal() if isinstance(c, Move) and c.survivor == "bruno"}
    assert set(controller.targets("bruno").moves) == legal_moves and legal_moves


def test_a_legal_move_plays_and_an_illegal_one_says_why(controller):
    start = controller.state
    target = next(iter(controller.targets("bruno").moves))
    far = next(z for z in controller.state.graph.zone_ids
               if z not in controller.targets("bruno").moves and z != controller._zone_of("bruno"))
    refused = controller.move_to("bruno", far)
    assert not refused.ok and refused.reason
    assert controller.state is start  # nothing changed
    done = controller.move_to("bruno", target)
    assert done.ok
    assert controller.state.graph.zone_ids[controller.state.survivors[0].zone] == target
    assert any(e.kind == "survivor_moved" for e in done.events)
    assert controller.selected == "bruno"  # the active survivor stays selected


def test_doors_are_targets_and_open(controller):
    doors = controller.targets("ines").doors
    assert doors, "Ines holds a crowbar next to a closed door"
    door = next(iter(doors))
    assert door_states(controller.state)[door] is False
    outcome = controller.open_door("ines", door)
    assert outcome.ok
    assert door_states(controller.state)[door] is True


def test_undo_redo_give_the_same_game(controller):
    move = next(iter(controller.targets("bruno").moves.values()))
    controller.play(move)
    controller.play(EndTurn("bruno"))
    after = controller.session.hash()
    assert controller.undo() and controller.undo()
    assert not controller.can_undo()
    assert controller.redo().ok and controller.redo().ok
    assert controller.session.hash() == after
    assert not controller.redo().ok


def test_rewind_then_step_replays_the_log(controller):
    for _ in range(3):
        controller.play(EndTurn(controller.selected))
    final = controller.session.hash()
    assert controller.rewind() == 3
    assert controller.replay_position() == (0, 3)
    steps = 0
    while controller.can_redo():
        assert controller.redo().ok
        steps += 1
    assert steps == 3 and controller.session.hash() == final


def test_manual_override_is_logged_saved_and_undone(controller, board):
    zone = controller.state.graph.zone_ids[5]
    other = controller.state.graph.zone_ids[6]
    walker = controller.state.tables.zombie_ids[0]
    supply = controller.state.supply[0]
    assert controller.override_add_zombies(zone, walker, 3).ok
    assert controller.state.zombies[5][0] == 3 and controller.state.supply[0] == supply - 3
    assert controller.override_move_zombies(zone, other, walker, 2).ok
    assert controller.state.zombies[5][0] == 1 and controller.state.zombies[6][0] == 2
    assert controller.override_remove_zombies(other, walker, 1).ok
    assert controller.override_place_survivor("bruno", other).ok
    assert controller.state.survivors[0].zone == 6
    refused = controller.override_remove_zombies(zone, walker, 5)
    assert not refused.ok and "not 5" in refused.reason
    # the log holds them; a save made by the window's ruleset replays them exactly
    loaded = Session.load(game_rules(), board, controller.session.save())
    assert loaded.hash() == controller.session.hash()
    kinds = [type(e.command) for e in loaded.log]
    assert kinds == [PlaceZombies, ShiftZombies, RemoveZombies, PlaceSurvivor]
    for _ in range(4):
        controller.undo()
    assert controller.state.zombies[5][0] == 0 and controller.state.supply[0] == supply


def test_the_shown_odds_are_the_engines_with_every_modifier(controller):
    walker = controller.state.tables.zombie_ids[0]
    here = controller._zone_of("bruno")
    controller.override_add_zombies(here, walker, 1)
    attacks = [c for c in controller.legal() if isinstance(c, Attack) and c.survivor == "bruno"]
    assert attacks
    shot = controller.shot(attacks[0])
    state = controller.state
    weapon = state.tables.equipment[state.card_kinds[state.survivors[0].slots[attacks[0].slot]]]
    assert shot.odds == engine.attack_odds(state, attacks[0])
    assert 0 < shot.hit_chance <= 1 and shot.weapon == weapon.name
    summary, details = odds_summary(shot.odds), odds_details(shot.odds)
    assert f"{shot.odds.needed}+ to hit: {shot.hit_chance:.0%}" in summary
    assert details[0].startswith("dice: " + weapon.name) and any(line.startswith("to hit: ") for line in details)
    label = next(c.label for c in controller.action_choices("bruno") if c.command == attacks[0])
    assert f"({shot.hit_chance:.0%})" in label


def test_view_model_ids_and_arrangement(controller, board):
    walker = controller.state.tables.zombie_ids[0]
    zone = controller._zone_of("bruno")
    controller.override_add_zombies(zone, walker, 4)
    layout = table_layout(controller.state, board)
    ids = set(layout.pieces)
    assert {"bruno", "ines", "idris"} <= ids
    assert {zombie_piece_id(zone, walker, n) for n in range(4)} <= ids
    polygon = board.zones[zone].polygon
    for piece in layout.pieces.values():
        assert piece.zone == zone
        assert point_in_polygon((piece.x_cm, piece.y_cm), polygon)
    positions = [(p.x_cm, p.y_cm) for p in layout.pieces.values()]
    for i, a in enumerate(positions):
        for b in positions[i + 1:]:
            assert math.dist(a, b) > 0.5  # no two bases on one spot
    again = table_layout(controller.state, board)
    assert {k: (p.x_cm, p.y_cm) for k, p in again.pieces.items()} == {k: (p.x_cm, p.y_cm) for k, p in layout.pieces.items()}


def test_survivor_card_reads_the_state(controller):
    card = survivor_card(controller.state, "ines")
    assert card.name == "Ines Ferro" and card.actions_left == controller.state.survivors[1].actions_left
    assert card.slots[0].name and card.slots[0].hand and not card.slots[2].hand
    assert card.next_threshold is not None and card.next_threshold > card.xp
    assert "Medic" in card.skills


def test_director_steps_zombies_through_their_moves(controller, board):
    from game.app.zombicide.director import AnimationDirector

    walker = controller.state.tables.zombie_ids[0]
    a, b = controller.state.graph.zone_ids[5], controller.state.graph.zone_ids[6]
    controller.override_add_zombies(a, walker, 3)
    before = controller.state
    controller.override_move_zombies(a, b, walker, 2)
    director = AnimationDirector(board, PieceMaker(before))
    from game.rules.zombicide.commands import ZombieMoved

    director.start([ZombieMoved(a, b, walker, 2)], before, controller.state)
    assert director.busy
    move_beat = director.beats[0]
    assert move_beat.kind == "zombie_move"
    assert move_beat.renames == {zombie_piece_id(b, walker, 0): zombie_piece_id(a, walker, 1),
                                 zombie_piece_id(b, walker, 1): zombie_piece_id(a, walker, 2)}
    start = {p.id: (p.x_cm, p.y_cm) for p in director.frame()[0]}
    director.update(move_beat.duration_s / 2)
    middle = {p.id: (p.x_cm, p.y_cm) for p in director.frame()[0]}
    moved = zombie_piece_id(b, walker, 0)
    origin = director.start_layout.pieces[zombie_piece_id(a, walker, 1)]
    source = (origin.x_cm, origin.y_cm)
    assert start[moved] == pytest.approx(source)  # the beat begins where the zombie stood
    end = (move_beat.after.pieces[moved].x_cm, move_beat.after.pieces[moved].y_cm)
    assert math.dist(middle[moved], source) > 0.1 and math.dist(middle[moved], end) > 0.1
    director.skip()
    assert not director.busy
    final = {p.id for p in director.frame()[0]}
    assert final == set(table_layout(controller.state, board).pieces)


def test_director_speeds_and_a_whole_zombie_phase(controller, board):
    from game.app.zombicide.director import AnimationDirector

    for _ in range(3):
        controller.play(EndTurn(controller.selected))
    # the last End turn ran the zombies' phase: spawns and the next round
    before = controller.session._states[-2]
    events = controller.session.ruleset.apply(before, "P1", controller.session.log[-1].command)[1]
    director = AnimationDirector(board, PieceMaker(before))
    director.start(events, before, controller.state)
    kinds = [beat.kind for beat in director.beats]
    assert "banner" in kinds and "appear" in kinds and "card" in kinds
    total = director.total_s()
    director.cycle_speed()  # 2×
    director.update(total / 2 + 0.01)
    assert not director.busy
    director.start(events, before, controller.state)
    director.cycle_speed()  # instant
    assert not director.busy
    assert occupancy_of(controller.state).zombie_count() > 0
