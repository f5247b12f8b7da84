"""Pointer input on the table with synthetic pygame events: mouse, fingers, pinch, twist, drops."""

import math

import pygame
import pytest

from game.app.input import PAN_POINTER, PointerDown, PointerInput, PointerMove, PointerUp
from game.app.table_scene import TableScene
from game.board.model import Layout
from game.table.state import TableState
from tests.test_render import make_board, walker

W, H = 800, 500


@pytest.fixture(scope="module", autouse=True)
def pygame_ready():
    pygame.init()
    yield


def scene_with(board, pieces):
    state = TableState(source="test")
    for piece in pieces:
        state.add(piece)
    scene = TableScene(board, state, window_size=(W, H))
    scene.set_viewport(0, 0, W, H, (W, H))
    scene.fit()
    return scene


def px(scene, world):
    return tuple(round(v) for v in scene.camera.world_to_screen(world))


def run(scene, seconds=0.6):
    for _ in range(round(seconds / 0.02)):
        scene.update(0.02)


def mouse(scene, kind, pos, button=1, touch=False):
    if kind == "down":
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=touch)
    elif kind == "up":
        event = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=touch)
    else:
        event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=touch)
    return scene.handle_event(event)


def finger(scene, kind, finger_id, pos):
    kinds = {"down": pygame.FINGERDOWN, "move": pygame.FINGERMOTION, "up": pygame.FINGERUP}
    event = pygame.event.Event(kinds[kind], touch_id=1, finger_id=finger_id, x=pos[0] / W, y=pos[1] / H,
                               dx=0.0, dy=0.0, pressure=1.0)
    return scene.handle_event(event)


def mouse_drag(scene, start, end, steps=10):
    mouse(scene, "down", start)
    for i in range(1, steps + 1):
        mouse(scene, "move", (start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps))
        scene.update(0.02)
    run(scene, 0.4)
    mouse(scene, "up", end)


def test_translation_drops_touch_made_mouse_events_and_numbers_fingers():
    pointers = PointerInput()
    dup = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1, touch=True)
    assert pointers.translate(dup, (W, H)) == []
    real = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1, touch=False)
    assert pointers.translate(real, (W, H)) == [PointerDown(0, (5, 5))]
    right = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(6, 6), button=3, touch=False)
    assert pointers.translate(right, (W, H)) == [PointerDown(PAN_POINTER, (6, 6), pan_only=True)]
    f1 = pygame.event.Event(pygame.FINGERDOWN, touch_id=1, finger_id=77, x=0.5, y=0.25)
    f2 = pygame.event.Event(pygame.FINGERDOWN, touch_id=1, finger_id=78, x=0.1, y=0.1)
    assert pointers.translate(f1, (W, H)) == [PointerDown(1, (400.0, 125.0))]
    assert pointers.translate(f2, (W, H))[0].pointer_id == 2
    move = pygame.event.Event(pygame.FINGERMOTION, touch_id=1, finger_id=77, x=0.5, y=0.5)
    assert pointers.translate(move, (W, H)) == [PointerMove(1, (400.0, 250.0))]
    up = pygame.event.Event(pygame.FINGERUP, touch_id=1, finger_id=77, x=0.5, y=0.5)
    assert pointers.translate(up, (W, H)) == [PointerUp(1, (400.0, 250.0))]


def test_mouse_drag_moves_a_piece_on_a_free_table():
    scene = scene_with(make_board(Layout.FREE), [walker("w1", 5, 5)])
    mouse_drag(scene, px(scene, (5, 5)), px(scene, (15, 12)))
    piece = scene.state.pieces["w1"]
    assert math.dist((piece.x_cm, piece.y_cm), (15, 12)) < 0.3
    assert scene.selected == "w1"


def test_touch_made_mouse_duplicates_are_ignored():
    scene = scene_with(make_board(Layout.FREE), [walker("w1", 5, 5)])
    start, end = px(scene, (5, 5)), px(scene, (15, 12))
    assert not mouse(scene, "down", start, touch=True)
    mouse(scene, "move", end, touch=True)
    mouse(scene, "up", end, touch=True)
    run(scene)
    assert (scene.state.pieces["w1"].x_cm, scene.state.pieces["w1"].y_cm) == (5, 5)
    assert scene.selected is None


def test_finger_drag_moves_a_piece():
    scene = scene_with(make_board(Layout.FREE), [walker("w1", 5, 5)])
    start, end = px(scene, (5, 5)), px(scene, (12, 15))
    finger(scene, "down", 3, start)
    for i in range(1, 11):
        finger(scene, "move", 3, (start[0] + (end[0] - start[0]) * i / 10, start[1] + (end[1] - start[1]) * i / 10))
        scene.update(0.02)
    run(scene, 0.4)
    finger(scene, "up", 3, end)
    piece = scene.state.pieces["w1"]
    assert math.dist((piece.x_cm, piece.y_cm), (12, 15)) < 0.3


def test_two_fingers_drag_two_pieces_at_once():
    scene = scene_with(make_board(Layout.FREE), [walker("a", 5, 5), walker("b", 30, 5)])
    a0, b0 = px(scene, (5, 5)), px(scene, (30, 5))
    a1, b1 = px(scene, (5, 15)), px(scene, (30, 15))
    finger(scene, "down", 1, a0)
    finger(scene, "down", 2, b0)
    for i in range(1, 11):
        finger(scene, "move", 1, (a0[0], a0[1] + (a1[1] - a0[1]) * i / 10))
        finger(scene, "move", 2, (b0[0], b0[1] + (b1[1] - b0[1]) * i / 10))
        scene.update(0.02)
    run(scene, 0.4)
    finger(scene, "up", 1, a1)
    finger(scene, "up", 2, b1)
    a, b = scene.state.pieces["a"], scene.state.pieces["b"]
    assert math.dist((a.x_cm, a.y_cm), (5, 15)) < 0.3
    assert math.dist((b.x_cm, b.y_cm), (30, 15)) < 0.3


def test_a_drop_on_a_zone_board_lands_in_the_zone_under_the_pointer():
    scene = scene_with(make_board(), [walker("w1", 10, 10, zone="M:street"), walker("w2", 30, 10, zone="M:room")])
    mouse_drag(scene, px(scene, (10, 10)), px(scene, (33, 4)))
    run(scene, 0.5)
    dropped = scene.state.pieces["w1"]
    assert dropped.zone == "M:room"
    assert 20 < dropped.x_cm < 40 and 0 < dropped.y_cm < 20
    other = scene.state.pieces["w2"]
    assert math.dist((dropped.x_cm, dropped.y_cm), (other.x_cm, other.y_cm)) >= 2.5  # re-arranged neatly
    assert scene.physics.position("w1") == pytest.approx((dropped.x_cm, dropped.y_cm))
    assert not scene.slides


def test_a_drop_off_the_board_goes_back_to_its_zone():
    scene = scene_with(make_board(), [walker("w1", 10, 10, zone="M:street")])
    mouse_drag(scene, px(scene, (10, 10)), px(scene, (45, 10)))
    run(scene, 0.5)
    piece = scene.state.pieces["w1"]
    assert piece.zone == "M:street" and 0 < piece.x_cm < 20


def test_free_table_walls_stop_a_dragged_piece():
    scene = scene_with(make_board(Layout.FREE, walls=[((20, 0), (20, 20))]), [walker("w1", 10, 10)])
    mouse_drag(scene, px(scene, (10, 10)), px(scene, (32, 10)), steps=20)
    assert scene.state.pieces["w1"].x_cm < 20 - 1.25 + 0.1


def test_pinch_zooms_and_one_finger_on_empty_table_pans():
    scene = scene_with(make_board(), [])
    level = scene.camera.zoom_level
    finger(scene, "down", 1, (300, 250))
    finger(scene, "down", 2, (500, 250))
    finger(scene, "move", 1, (200, 250))
    finger(scene, "move", 2, (600, 250))
    assert scene.camera.zoom_level == level + 5  # distance doubled: 1.15 ** 5 ≈ 2
    finger(scene, "up", 1, (200, 250))
    finger(scene, "up", 2, (600, 250))
    grabbed = scene.camera.screen_to_world((400, 250))
    finger(scene, "down", 1, (400, 250))
    finger(scene, "move", 1, (450, 280))
    finger(scene, "up", 1, (450, 280))
    assert scene.camera.screen_to_world((450, 280)) == pytest.approx(grabbed)


def test_two_fingers_on_the_selected_piece_twist_it():
    scene = scene_with(make_board(Layout.FREE), [walker("w1", 20, 10)])
    centre = px(scene, (20, 10))
    finger(scene, "down", 1, centre)
    finger(scene, "down", 2, (centre[0] + 60, centre[1]))
    finger(scene, "move", 2, (centre[0], centre[1] + 60))  # a quarter turn clockwise on screen
    finger(scene, "up", 2, (centre[0], centre[1] + 60))
    finger(scene, "up", 1, centre)
    assert scene.state.pieces["w1"].facing_deg == pytest.approx(90, abs=1)


def test_tape_drag_measures_and_taps_add_waypoints():
    scene = scene_with(make_board(Layout.FREE), [walker("w1", 10, 10)])
    scene.toggle_tape()
    mouse_drag(scene, px(scene, (10, 10)), px(scene, (30, 10)))
    assert scene.tape is not None
    assert scene.tape.total_cm() == pytest.approx(20 - 1.25, abs=0.2)  # from the base's edge
    mouse(scene, "down", px(scene, (30, 18)))
    mouse(scene, "up", px(scene, (30, 18)))
    assert scene.tape.legs_cm()[-1] == pytest.approx(8, abs=0.2)
    assert (scene.state.pieces["w1"].x_cm, scene.state.pieces["w1"].y_cm) == (10, 10)  # tape moves nothing


def test_undo_rebuilds_physics_from_the_state():
    scene = scene_with(make_board(Layout.FREE), [walker("w1", 5, 5)])
    mouse_drag(scene, px(scene, (5, 5)), px(scene, (15, 12)))
    assert scene.undo()
    assert (scene.state.pieces["w1"].x_cm, scene.state.pieces["w1"].y_cm) == (5, 5)
    assert scene.physics.position("w1") == (5, 5)


def test_app_toolbar_tap_keeps_it_from_the_table_and_a_bad_save_changes_nothing(tmp_path):
    from game.app.app import TOOLBAR_PX, DeadtableApp

    board = make_board(Layout.FREE)
    state = TableState(source="test")
    state.add(walker("w1", 5, 5))
    app = DeadtableApp(board, state, size=(W, H), save_dir=tmp_path)
    tape_button = app.buttons["tape"].rect.center
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tape_button, button=1, touch=False),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tape_button, button=1, touch=False)]
    app.frame(0.02, events)
    app.frame(0.02)  # the button's press arrives through pygame's queue
    assert app.table.tool == "tape"
    assert not app.table.pointers and app.table.camera.viewport_y_px == app.toolbar_px >= TOOLBAR_PX
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "something else"}')
    before = dict(app.table.state.pieces)
    assert not app.load(bad)
    assert app.message is not None and app.table.state.pieces == before
    assert app.save(tmp_path / "good.json")
    assert app.load(tmp_path / "good.json") is False  # its board source "test" is not a file
    pygame.display.quit()


# --- the tray: adding and removing pieces by mouse and by finger -------------------------------


def open_tray(scene):
    scene.toggle_tray()
    assert scene.tray_open and scene.tray, "the tray has entries for this board"
    return {entry.token: rect for entry, rect in scene.tray_layout()[1]}


def finger_drag(scene, finger_id, start, end, steps=10):
    finger(scene, "down", finger_id, start)
    for i in range(1, steps + 1):
        finger(scene, "move", finger_id,
               (start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps))
        scene.update(0.02)
    run(scene, 0.4)
    finger(scene, "up", finger_id, end)
    run(scene, 0.4)


def test_tray_slots_are_touch_sized_and_stay_in_the_table_view():
    scene = scene_with(make_board(), [])
    slots = open_tray(scene)
    viewport = pygame.Rect(0, 0, W, H)
    for rect in slots.values():
        assert rect.width >= 64 and rect.height >= 64
        assert viewport.contains(rect)
    assert scene.tray_rect().right == W


def test_mouse_drags_a_walker_out_of_the_tray_into_a_zone():
    scene = scene_with(make_board(), [])
    slots = open_tray(scene)
    mouse_drag(scene, slots["walker"].center, px(scene, (28, 10)))
    run(scene)
    (piece,) = scene.state.pieces.values()
    assert piece.token == "walker" and piece.side == "zombie" and piece.id == "walker-1"
    assert piece.zone == "M:room"
    assert scene.selected == piece.id


def test_finger_drags_a_noise_token_out_and_back_onto_the_tray_to_remove_it():
    scene = scene_with(make_board(), [walker("w1", 10, 10, zone="M:street")])
    slots = open_tray(scene)
    finger_drag(scene, 4, slots["noise"].center, px(scene, (8, 6)))
    noise = scene.state.pieces["noise-1"]
    assert noise.side == "token" and noise.zone == "M:street"
    finger_drag(scene, 5, px(scene, (noise.x_cm, noise.y_cm)), slots["walker"].center)
    assert "noise-1" not in scene.state.pieces and "w1" in scene.state.pieces
    assert scene.physics.piece_at((noise.x_cm, noise.y_cm)) is None


def test_tapping_a_tray_entry_places_it_beside_the_selected_piece():
    scene = scene_with(make_board(), [walker("w1", 30, 10, zone="M:room")])
    scene.selected = "w1"
    slots = open_tray(scene)
    mouse(scene, "down", slots["objective_red"].center)
    mouse(scene, "up", slots["objective_red"].center)
    assert scene.state.pieces["objective-red-1"].zone == "M:room"
    assert scene.selected == "objective-red-1"
    finger(scene, "down", 2, slots["runner"].center)
    finger(scene, "up", 2, slots["runner"].center)
    assert scene.state.pieces["runner-1"].zone == "M:room"
    run(scene)
    positions = [(p.x_cm, p.y_cm) for p in scene.state.pieces.values()]
    assert len(set(positions)) == 3, "the zone is arranged again: nobody stands on another"


def test_tap_on_the_tray_background_or_a_closed_tray_adds_nothing():
    scene = scene_with(make_board(), [])
    panel = scene.tray_rect()
    mouse(scene, "down", (panel.right - 2, panel.top + 2))
    mouse(scene, "up", (panel.right - 2, panel.top + 2))
    assert not scene.state.pieces  # closed: a plain tap on the table
    scene.toggle_tray()
    mouse(scene, "down", (panel.left + 1, panel.bottom - 1))
    mouse(scene, "up", (panel.left + 1, panel.bottom - 1))
    assert not scene.state.pieces


def test_survivor_slot_brings_the_next_named_survivor():
    scene = scene_with(make_board(), [])
    slots = open_tray(scene)
    tokens = []
    for _ in range(2):
        mouse(scene, "down", slots["survivor"].center)
        mouse(scene, "up", slots["survivor"].center)
        tokens.append(scene.state.pieces[scene.selected].token)
    assert tokens[0] != tokens[1] and all(t.startswith("survivor_") for t in tokens)
    assert set(scene.state.pieces) == {"survivor-1", "survivor-2"}


def test_delete_and_undo_bring_the_piece_back_where_it_was():
    scene = scene_with(make_board(Layout.FREE), [walker("w1", 5, 5), walker("w2", 15, 5)])
    scene.selected = "w1"
    assert scene.delete_selected()
    assert set(scene.state.pieces) == {"w2"} and scene.selected is None
    assert not scene.delete_selected()
    assert scene.undo()
    assert (scene.state.pieces["w1"].x_cm, scene.state.pieces["w1"].y_cm) == (5, 5)
    assert scene.physics.piece_at((5, 5)) == "w1"
    scene.selected = "w2"
    assert scene.handle_key(pygame.K_DELETE)
    assert set(scene.state.pieces) == {"w1"}


def test_undo_takes_back_a_piece_dragged_out_of_the_tray():
    scene = scene_with(make_board(Layout.FREE), [])
    slots = open_tray(scene)
    finger_drag(scene, 1, slots["noise"].center, px(scene, (10, 10)))
    assert set(scene.state.pieces) == {"noise-1"}
    assert scene.undo()
    assert not scene.state.pieces and scene.physics.piece_at((10, 10)) is None


def test_pinch_zoom_is_continuous_while_fingers_are_down_and_settles_when_they_lift():
    from game.table.camera import zoom_of_level

    scene = scene_with(make_board(), [])
    start_zoom = scene.camera.zoom_px_per_cm
    finger(scene, "down", 1, (300, 250))
    finger(scene, "down", 2, (500, 250))
    seen = []
    for spread in range(5, 60, 5):  # the fingers part a little at a time
        finger(scene, "move", 2, (500 + spread, 250))
        seen.append(scene.camera.zoom_px_per_cm)
    assert seen == sorted(seen) and len(set(seen)) == len(seen), "every move zooms a little more"
    assert seen[-1] == pytest.approx(start_zoom * 255 / 200)
    assert scene.camera.is_between_steps
    surface = pygame.Surface((W, H))
    scene.draw(surface)  # drawn from the nearest cached step, stretched
    finger(scene, "up", 2, (555, 250))
    assert not scene.camera.is_between_steps
    assert scene.camera.zoom_px_per_cm == pytest.approx(zoom_of_level(scene.camera.zoom_level))
    finger(scene, "up", 1, (300, 250))


# --- the toolbar, by tap -----------------------------------------------------------------------


def test_toolbar_shows_modes_ring_size_selection_and_status(tmp_path):
    import pygame_gui

    from game.app.app import BUTTON_PX, DeadtableApp

    board = make_board()
    state = TableState(source=str(tmp_path / "board.tmx"))
    state.add(walker("w1", 10, 10, zone="M:street"))
    app = DeadtableApp(board, state, size=(1280, 800), save_dir=tmp_path)
    assert all(b.rect.width >= BUTTON_PX and b.rect.height >= BUTTON_PX for b in app.buttons.values())

    def press(key):
        app.frame(0.016, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=app.buttons[key])])

    press("tray")
    assert app.table.tray_open and app.buttons["tray"].is_selected
    press("ring")
    press("ring_more")
    assert app.buttons["ring"].text == "Ring 7" and "Ring 7 cm" in app.mode_label.text
    press("tape")
    assert app.mode_label.text.startswith("Tape on") and app.buttons["tape"].is_selected
    app.table.selected = "w1"
    press("delete")
    assert "w1" not in app.table.state.pieces
    press("delete")
    assert app.status_label.text == "Select a piece first"
    press("undo")
    app.table.selected = "w1"
    app.frame(0.016, [])
    assert "Selected: w1" in app.mode_label.text
    press("save")
    assert app.status_label.text.startswith("Saved to ") and list(tmp_path.glob("*.json"))
