"""The game scene through synthetic mouse and finger events: a whole round played through the UI,
illegal drops snapping back, dialogs, undo/redo, manual override, replay, and what the scene draws."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
from waiting import frames_until, held_pieces_arrived

from game.app.scenes import SceneStack
from game.app.zombicide.game_scene import GameScene
from game.app.zombicide.view_model import door_states
from game.rules.zombicide.commands import ChooseOption

REPO = Path(__file__).resolve().parents[2]
MISSION = REPO / "maps" / "missions" / "tutorial-2x2.toml"
SETUP = {"players": [{"seat": "P1", "survivors": ["bruno", "ines", "idris"]}]}
SIZE = (1600, 900)


def forget_fonts() -> None:
    """Other tests may have quit pygame: fonts and text cached before then are no longer valid."""
    from game.app import render
    from game.app.widgets import dice as dice_view
    from game.app.zombicide import director, game_scene

    render.font.cache_clear()
    director.text_with_halo.cache_clear()
    game_scene._halo_text.cache_clear()
    dice_view._FACES.clear()


class Host:
    """What a game scene needs of the app: the screen, the UI manager, the scene stack, a save folder."""

    def __init__(self, save_dir: Path, size: tuple[int, int] = SIZE):
        pygame.init()
        forget_fonts()
        self.screen = pygame.display.set_mode(size)
        self.ui = pygame_gui.UIManager(size)
        self.scenes = SceneStack()
        self.save_dir = save_dir

    def frames(self, count: int = 1, dt_s: float = 1 / 60) -> None:
        """Run frames (a gesture's steps, or a redraw after a change the test made itself)."""
        for _ in range(count):
            self.scenes.update(dt_s)
            self.ui.update(dt_s)
            self.scenes.draw(self.screen)
            self.ui.draw_ui(self.screen)

    def frames_until(self, condition: Callable[[], bool], what: str, limit: int = 600, dt_s: float = 1 / 60) -> None:
        """Frames until ``condition()`` holds, within a generous bound; one that never holds fails."""
        frames_until(lambda: self.frames(1, dt_s), condition, what, limit)

    def send(self, event: pygame.event.Event) -> None:
        self.ui.process_events(event)
        self.scenes.handle_event(event)


def shown(scene: GameScene) -> bool:
    """The scene has been drawn and nothing is animating."""
    return scene._chrome.painted and not scene.director.busy


def new_scene(tmp_path: Path, seed: int = 7) -> tuple[Host, GameScene]:
    host = Host(tmp_path)
    scene = GameScene.new_game(host, MISSION, SETUP, seed)
    host.scenes.push(scene)
    host.frames_until(lambda: shown(scene), "the new game is shown")
    return host, scene


def mouse_drag(host: Host, start: tuple[float, float], end: tuple[float, float], steps: int = 6) -> None:
    host.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for n in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * n / steps
        y = start[1] + (end[1] - start[1]) * n / steps
        host.send(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0)))
        host.frames(1)
    scene = host.scenes.top
    if isinstance(scene, GameScene):
        host.frames_until(lambda: held_pieces_arrived(scene), "the held miniature reaches the pointer")
    host.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def mouse_click(host: Host, pos: tuple[float, float]) -> None:
    host.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    host.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def finger_tap(host: Host, pos: tuple[float, float], finger: int = 0) -> None:
    w, h = host.screen.get_size()
    common = dict(touch_id=1, finger_id=finger, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, pressure=1.0)
    host.send(pygame.event.Event(pygame.FINGERDOWN, **common))
    host.send(pygame.event.Event(pygame.FINGERUP, **common))


def finger_drag(host: Host, start: tuple[float, float], end: tuple[float, float], finger: int = 0, steps: int = 6) -> None:
    w, h = host.screen.get_size()

    def event(kind: int, pos: tuple[float, float]) -> pygame.event.Event:
        return pygame.event.Event(kind, touch_id=1, finger_id=finger, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0,
                                  pressure=1.0)

    host.send(event(pygame.FINGERDOWN, start))
    for n in range(1, steps + 1):
        host.send(event(pygame.FINGERMOTION, (start[0] + (end[0] - start[0]) * n / steps,
                                              start[1] + (end[1] - start[1]) * n / steps)))
        host.frames(1)
    scene = host.scenes.top
    if isinstance(scene, GameScene):
        host.frames_until(lambda: held_pieces_arrived(scene), "the held miniature reaches the finger")
    host.send(event(pygame.FINGERUP, end))


def screen_of_piece(scene: GameScene, piece_id: str) -> tuple[float, float]:
    piece = scene.table.state.pieces[piece_id]
    return scene.table.camera.world_to_screen((piece.x_cm, piece.y_cm))


def screen_of_zone(scene: GameScene, zone_id: str) -> tuple[float, float]:
    """A point of the zone clear of every piece (a tap there means the zone, not a miniature)."""
    zone = scene.board.zones[zone_id]
    xs, ys = [p[0] for p in zone.polygon], [p[1] for p in zone.polygon]
    pieces = list(scene.table.state.pieces.values())
    best, best_room = zone.center, -1.0
    for i in range(1, 10):
        for j in range(1, 10):
            point = (min(xs) + (max(xs) - min(xs)) * i / 10, min(ys) + (max(ys) - min(ys)) * j / 10)
            if scene.board.zone_at(point) != zone_id:
                continue
            room = min((math.dist(point, (p.x_cm, p.y_cm)) - p.radius_cm for p in pieces), default=99.0)
            if room > best_room:
                best, best_room = point, room
    return scene.table.camera.world_to_screen(best)


def button(buttons, label_start: str):  # type: ignore[no-untyped-def]
    for candidate in buttons.buttons:
        if candidate.label.startswith(label_start):
            return candidate
    raise AssertionError(f"no button {label_start!r} among {[b.label for b in buttons.buttons]}")


def settle(host: Host, scene: GameScene, limit: int = 2000) -> None:
    """Frames until the animations end."""
    host.frames_until(lambda: not scene.director.busy, "the animation ends", limit=limit, dt_s=0.1)
    host.frames(1)  # the scene drawn at rest


# --- tests ---------------------------------------------------------------------------------------

def test_a_whole_round_through_the_ui(tmp_path):
    """Mouse and fingers play round 1: pick, drag, tap buttons and zones, open a door, end turns;
    the zombies' phase animates and the engine is in round 2 with everything the UI asked for."""
    host, scene = new_scene(tmp_path)
    c = scene.controller
    # pick Bruno on the roster with the mouse, then drag him onto a highlighted zone
    rect = next(r for r, sid in scene.roster if sid == "bruno")
    mouse_click(host, rect.center)
    assert c.selected == "bruno"
    target = next(iter(c.targets("bruno").moves))
    mouse_drag(host, screen_of_piece(scene, "bruno"), screen_of_zone(scene, target))
    settle(host, scene)
    bruno = c.state.survivors[c.state.survivor_index("bruno")]
    assert c.state.graph.zone_ids[bruno.zone] == target
    assert bruno.actions_left == 2
    # a drop where Bruno cannot go snaps back and says why; the engine is untouched
    before = c.session.hash()
    far = next(z for z in scene.board.zones if z not in c.targets("bruno").moves and z != target
               and z in c.state.graph.index)
    mouse_drag(host, screen_of_piece(scene, "bruno"), screen_of_zone(scene, far))
    assert c.session.hash() == before
    assert scene.status_text
    assert "bruno" in scene.table.slides  # sliding home
    host.frames_until(lambda: "bruno" not in scene.table.slides, "Bruno slides home")
    home = scene.table.state.pieces["bruno"]
    assert home.zone == target
    # End turn with a finger on the action bar
    finger_tap(host, button(scene.actions, "End turn").rect.center)
    settle(host, scene)
    assert c.state.survivors[c.state.survivor_index("bruno")].done
    # Ines: a finger on her roster chip, then a finger on the highlighted door
    rect = next(r for r, sid in scene.roster if sid == "ines")
    finger_tap(host, rect.center, finger=2)
    assert c.selected == "ines"
    door = next(iter(c.targets("ines").doors))
    connection = next(x for x in scene.board.connections if x.id == door)
    (ax, ay), (bx, by) = connection.segment
    finger_tap(host, scene.table.camera.world_to_screen(((ax + bx) / 2, (ay + by) / 2)), finger=3)
    settle(host, scene)
    assert door_states(c.state)[door] is True
    # then a tap (mouse) on Bruno's zone, where she may move
    zone = target
    assert zone in c.targets("ines").moves
    mouse_click(host, screen_of_zone(scene, zone))
    settle(host, scene)
    assert c.state.graph.zone_ids[c.state.survivors[c.state.survivor_index("ines")].zone] == zone
    # every remaining turn ends from the action bar; decisions are answered in their dialog
    for _ in range(12):
        if c.state.round > 1:
            break
        if scene.dialog is not None:
            finger_tap(host, scene.dialog.button_for(0).rect.center, finger=4)
        else:
            finger_tap(host, button(scene.actions, "End turn").rect.center, finger=5)
        settle(host, scene)
    assert c.state.round == 2 and c.state.phase == "players"
    assert not any(s.done for s in c.state.survivors if s.in_play)
    assert door_states(c.state)[door] is True
    # the table shows the engine's state, zombies included
    zombies_on_table = sum(1 for pid in scene.table.state.pieces if pid.startswith("z:"))
    assert zombies_on_table == sum(sum(z) for z in c.state.zombies) > 0
    # the round's end wrote the autosave
    assert (tmp_path / "zombicide-autosave.json").exists()


def test_undo_and_redo_buttons_and_keys(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    start = c.session.hash()
    finger_tap(host, button(scene.actions, "End turn").rect.center)
    settle(host, scene)
    after = c.session.hash()
    assert after != start
    mouse_click(host, button(scene.tools, "Undo").rect.center)
    assert c.session.hash() == start
    host.send(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    settle(host, scene)
    assert c.session.hash() == after
    host.send(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    assert c.session.hash() == start
    finger_tap(host, button(scene.tools, "Redo").rect.center)
    settle(host, scene)
    assert c.session.hash() == after


def test_manual_override_by_drag_and_buttons(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    walker = c.state.tables.zombie_ids[0]
    mouse_click(host, button(scene.tools, "Override").rect.center)
    assert scene.override
    zone = next(z for z in c.state.graph.zone_ids if z in scene.board.zones and z != c._zone_of("bruno"))
    mouse_click(host, screen_of_zone(scene, zone))
    assert scene.override_zone == zone
    finger_tap(host, button(scene.actions, "+ ").rect.center)
    settle(host, scene)
    index = c.state.graph.index[zone]
    assert c.state.zombies[index][0] == 1
    # drag the new zombie next door and Bruno into that zone by hand
    other = next(z for z in c.state.graph.zone_ids if z in scene.board.zones and z not in (zone, c._zone_of("bruno")))
    mouse_drag(host, screen_of_piece(scene, f"z:{zone}:{walker}:0"), screen_of_zone(scene, other))
    settle(host, scene)
    assert c.state.zombies[index][0] == 0 and c.state.zombies[c.state.graph.index[other]][0] == 1
    finger_drag(host, screen_of_piece(scene, "bruno"), screen_of_zone(scene, other))
    settle(host, scene)
    assert c._zone_of("bruno") == other
    # undo takes every change back, one at a time
    for _ in range(3):
        mouse_click(host, button(scene.tools, "Undo").rect.center)
    assert not c.can_undo()
    assert sum(sum(z) for z in c.state.zombies) == 0


def test_zombies_cannot_be_dragged_without_override(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    zone = c._zone_of("bruno")
    walker = c.state.tables.zombie_ids[0]
    c.override_add_zombies(zone, walker, 1)
    scene.sync_pieces()
    before = c.session.hash()
    neighbour = next(iter(c.targets("bruno").moves), None) or zone
    mouse_drag(host, screen_of_piece(scene, f"z:{zone}:{walker}:0"), screen_of_zone(scene, neighbour))
    assert c.session.hash() == before
    assert "Override" in scene.status_text


def test_replay_steps_through_the_saved_game(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    for _ in range(3):
        finger_tap(host, button(scene.actions, "End turn").rect.center)
        settle(host, scene)
    final = c.session.hash()
    path = scene.save(tmp_path / "game.json")
    assert path is not None and path.exists()
    resumed = GameScene.resume(host, path)
    host.scenes.push(resumed)
    assert resumed.controller.session.hash() == final
    mouse_click(host, button(resumed.tools, "Replay").rect.center)
    assert resumed.replaying and not resumed.controller.can_undo()
    steps = 0
    while resumed.controller.can_redo():
        mouse_click(host, button(resumed.tools, "Step").rect.center)
        steps += 1
        settle(host, resumed)
    assert steps == 3 and resumed.controller.session.hash() == final


def test_pending_decision_opens_a_dialog_answered_by_touch(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    # walk Ines into a room and search until a card is offered
    for _ in range(40):
        if c.pending is not None:
            break
        searches = [x for x in c.action_choices() if x.group == "search"]
        if searches:
            finger_tap(host, button(scene.actions, "Search").rect.center)
        else:
            moves = list(c.targets().moves)
            if not moves or c.seat is None:
                finger_tap(host, button(scene.actions, "End turn").rect.center)
            else:
                rooms = [z for z in moves if c.state.graph.kinds[c.state.graph.index[z]] == "room"]
                mouse_click(host, screen_of_zone(scene, (rooms or moves)[0]))
                if scene.dialog is not None:  # a zone to move to that could be shot at asks which
                    assert scene.dialog.options[0] == "Move here"
                    finger_tap(host, scene.dialog.button_for(0).rect.center)
        settle(host, scene)
    assert c.pending is not None
    host.frames_until(lambda: scene.dialog is not None, "the decision's dialog opens")
    before = c.pending
    logged = len(c.session.log)
    finger_tap(host, scene.dialog.button_for(0).rect.center)
    settle(host, scene)
    assert len(c.session.log) == logged + 1
    assert c.session.log[-1].command == ChooseOption(0)
    assert c.pending != before  # the decision was taken (or the next one is asked)


def test_scene_draws_table_card_highlights_and_dice(tmp_path):
    host, scene = new_scene(tmp_path)
    shot = host.screen.copy()
    # the selected survivor's card sits on the left; the move highlights tint the table
    card = scene.card_panel.rect
    assert shot.get_at((card.left + 4, card.top + 4))[:3] != (16, 18, 20)
    c = scene.controller
    zone = next(iter(c.targets().moves))
    centre = screen_of_zone(scene, zone)
    scene.override = True  # highlights off: compare the same pixel
    host.frames(1)  # drawn again with the change the test made
    plain = host.screen.get_at((round(centre[0]) + 3, round(centre[1]) + 3))
    scene.override = False
    host.frames(1)
    tinted = host.screen.get_at((round(centre[0]) + 3, round(centre[1]) + 3))
    assert tinted != plain
    # an attack animates dice over the table
    walker = c.state.tables.zombie_ids[0]
    c.override_add_zombies(c._zone_of(c.selected), walker, 1)
    scene.sync_pieces()
    attack = next(x for x in c.action_choices() if x.group == "attack")
    scene.play(attack.command)
    assert scene.director.busy
    kinds = [b.kind for b in scene.director.beats]
    assert "dice" in kinds
    host.frames_until(lambda: scene.director.current()[0].kind == "dice", "the dice beat comes", dt_s=0.05)
    beat = scene.director.current()[0]
    host.frames_until(lambda: scene.director.current()[1] >= 0.5, "the dice are half rolled", dt_s=0.05)
    assert scene.director.current()[0] is beat
    pygame.image.save(host.screen, str(tmp_path / "dice.png"))
    settle(host, scene)
