"""What a new player tripped over, checked through the window: each action button plays its own
command, a zone both to move to and to shoot at asks which, doors are named and lit from their
buttons, the log follows undo and redo, a deadly wound choice says so, the goals show in the game,
and an End screen is shown once."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from random import Random

import pygame
import pygame_gui
import pytest
from waiting import frames_until

from game.app.scenes import SceneStack
from game.app.zombicide.controller import GameController, PlaceSurvivor, PlaceZombies, game_rules
from game.app.zombicide.game_save import mission_setup, save_game
from game.app.zombicide.game_scene import GameScene
from game.board.mission import load_board
from game.rules.core.session import Session
from game.rules.zombicide import bots, engine
from game.rules.zombicide.commands import Attack, ChooseOption, MakeNoise, Move, SurvivorEliminated

REPO = Path(__file__).resolve().parents[2]
MISSION = REPO / "maps" / "missions" / "rm-tutorial-1.toml"
SIZE = (1600, 900)
START = "2V:hl-w"  # where Marta (a Bow) and Juno (a Crowbar) begin
NEXT = "2V:hl-c"  # the hallway beside it


class Host:
    def __init__(self, save_dir: Path):
        pygame.init()
        from game.app import render
        from game.app.zombicide import director, game_scene

        render.font.cache_clear()
        director.text_with_halo.cache_clear()
        game_scene._halo_text.cache_clear()
        self.screen = pygame.display.set_mode(SIZE)
        self.ui = pygame_gui.UIManager(SIZE)
        self.scenes = SceneStack()
        self.save_dir = save_dir

    def frames(self, count: int = 1) -> None:
        for _ in range(count):
            self.scenes.update(1 / 60)
            self.ui.update(1 / 60)
            self.scenes.draw(self.screen)
            self.ui.draw_ui(self.screen)

    def frames_until(self, condition: Callable[[], bool], what: str, limit: int = 600) -> None:
        """Frames until ``condition()`` holds, within a generous bound; one that never holds fails."""
        frames_until(self.frames, condition, what, limit)

    def click(self, pos: tuple[float, float]) -> None:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            event = pygame.event.Event(kind, pos=pos, button=1)
            self.ui.process_events(event)
            self.scenes.handle_event(event)

    def hover(self, pos: tuple[float, float]) -> None:
        self.scenes.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def setup_of(board):
    return mission_setup(board, {"players": [{"seat": "A", "survivors": ["marta", "juno"]}]})


def new_scene(tmp_path: Path) -> tuple[Host, GameScene]:
    host = Host(tmp_path)
    board = load_board(MISSION)
    scene = GameScene.new_game(host, MISSION, setup_of(board), 3)
    host.scenes.push(scene)
    host.frames_until(lambda: shown(scene), "the new game is shown")
    assert scene.controller.survivor_name("marta") and scene.controller._zone_of("marta") == START
    return host, scene


def shown(scene: GameScene) -> bool:
    """The scene has been drawn and nothing is animating."""
    return scene._chrome.painted and not scene.director.busy


def settle(host: Host, scene: GameScene) -> None:
    scene.director.skip()
    host.frames_until(lambda: shown(scene), "the scene comes to rest")


def walker(scene: GameScene) -> str:
    return scene.controller.state.tables.catalog.zombies[0].id


def press_button_for(host: Host, scene: GameScene, command) -> None:
    """Click the action-bar button (or the More… entry) whose label the controller gives ``command``."""
    labels = [c.label for c in scene.controller.action_choices()]
    commands = [c.command for c in scene.controller.action_choices()]
    key = f"do:{commands.index(command)}"
    route = scene.actions.route(key)
    assert route is not None, f"the bar offers no way to {labels[commands.index(command)]!r}"
    button, index = route
    host.click(button.rect.center)
    if index is not None:  # the slot (or More…) lists it
        assert scene.dialog is not None
        host.click(scene.dialog.button_for(index).rect.center)


def test_each_action_button_plays_its_own_command(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    assert scene.play(PlaceZombies(NEXT, walker(scene), 2)).ok
    settle(host, scene)
    c.select("marta")
    scene.refresh_buttons()
    wanted = [x.command for x in c.action_choices() if x.group not in ("move", "trade", "items")]
    assert any(isinstance(x, MakeNoise) for x in wanted)
    assert any(isinstance(x, Attack) and x.zone == NEXT for x in wanted)
    c.select("juno")
    scene.refresh_buttons()
    doors = [x.command for x in c.action_choices() if x.group == "door"]
    assert doors
    for survivor, commands in (("marta", wanted), ("juno", doors)):
        for command in commands:
            if getattr(command, "kind", "") == "end_turn":
                continue
            c.select(survivor)
            scene.refresh_buttons()
            logged = len(c.session.log)
            press_button_for(host, scene, command)
            assert len(c.session.log) == logged + 1, command
            assert c.session.log[-1].command == command
            settle(host, scene)
            assert scene.undo()
            settle(host, scene)


def test_a_zone_to_move_to_and_to_shoot_at_asks_which(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    assert scene.play(PlaceZombies(NEXT, walker(scene), 1)).ok
    settle(host, scene)
    c.select("marta")
    targets = c.targets()
    assert NEXT in targets.moves and targets.shots.get(NEXT)
    logged = len(c.session.log)
    scene.tap_zone(NEXT)
    assert len(c.session.log) == logged and scene.dialog is not None  # nothing played on a guess
    assert scene.dialog.options[0] == "Move here" and scene.dialog.options[1].startswith("Shoot: Bow")
    host.click(scene.dialog.button_for(1).rect.center)
    assert isinstance(c.session.log[-1].command, Attack) and c.session.log[-1].command.zone == NEXT
    settle(host, scene)
    scene.undo()
    settle(host, scene)
    scene.tap_zone(NEXT)
    host.click(scene.dialog.button_for(0).rect.center)
    played = c.session.log[-1].command
    assert isinstance(played, Move) and played.to == NEXT and played.survivor == "marta"


def test_two_doors_have_two_names_and_the_pointed_one_is_lit(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    board = scene.board
    zone = "4V:hl-c"  # a hallway with two doors
    assert scene.play(PlaceSurvivor("juno", zone)).ok
    settle(host, scene)
    c.select("juno")
    scene.refresh_buttons()
    choices = [x for x in c.action_choices() if x.group == "door"]
    assert len(choices) >= 2
    labels = [x.label for x in choices]
    assert len(set(labels)) == len(labels)
    slot = next(b for b in scene.actions.buttons if b.key == "kind:door")  # several doors: one slot lists them
    host.click(slot.rect.center)
    assert scene.dialog is not None and scene.dialog.options == labels
    for n, choice in enumerate(choices):
        connection = next(k for k in board.connections if k.id == choice.command.door)
        assert choice.label == f"Open door to {c.zone_name(connection.other(zone))}"
        host.hover(scene.dialog.button_for(n).rect.center)
        assert scene.pointed_door() == choice.command.door
    host.hover((5, 5))
    assert scene.pointed_door() is None


def test_the_log_follows_undo_and_redo_and_a_resumed_game_tells_its_past(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    start_lines = list(scene.log.lines)
    c.select("marta")
    scene.play(c.targets().moves[NEXT])
    settle(host, scene)
    moved = list(scene.log.lines)
    assert len(moved) > len(start_lines) and any("Marta" in line[0] for line in moved[len(start_lines):])
    scene.handle_key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.log.lines == start_lines
    panel_lines = scene.log.panel.lines if scene.log.panel is not None else None
    if panel_lines is not None:
        assert [text for text, _ in panel_lines] == [line[0] for line in start_lines]
    scene.handle_key(pygame.K_y, pygame.KMOD_CTRL)
    settle(host, scene)
    assert scene.log.lines == moved
    save = scene.save(tmp_path / "game.json")
    assert save is not None
    resumed = GameScene.resume(host, save)
    assert resumed.log.lines == moved  # told again from the session's commands
    resumed.undo()
    assert resumed.log.lines == start_lines


def lost_session() -> Session:
    """Tutorial 1 with the book's spawn dice and Crawlers (the shipped one is gentler) played by the
    planner bot to a loss (game seed 7, bot seed 7)."""
    board = load_board(MISSION)
    setup = setup_of(board).model_copy(update={"spawn_dice": None, "crawlers": True})
    session = Session(game_rules(), board, setup, 7)
    rng = Random(7)
    while engine.outcome(session.state) is None:
        seat = min(engine.current_seats(session.state))
        session.play(seat, bots.planner_bot(session.state, seat, engine.legal_commands(session.state, seat), rng))
    return session


def test_a_wound_choice_that_kills_says_so(tmp_path):
    host = Host(tmp_path)
    session = lost_session()
    controller = GameController(session, session.board).replay_copy()
    marked_some = False
    while controller.can_redo():
        pending = controller.pending
        if pending is not None and pending.kind == "wound":
            scene = GameScene(host, controller, MISSION)
            dialog = scene.pending_dialog()
            assert dialog is not None
            for n, option in enumerate(dialog.options):
                _, events = engine.apply(controller.state, controller.seat, ChooseOption(n))
                dead = [controller.survivor_name(e.survivor) for e in events if isinstance(e, SurvivorEliminated)]
                assert option.startswith(pending.options[n])
                assert option.endswith(" DIES") == bool(dead), option
                marked_some = marked_some or bool(dead)
                if dead:
                    assert dead[0] in option[len(pending.options[n]):]
        controller.redo()
    assert marked_some


def test_a_finished_game_opened_on_its_end_screen_shows_one(tmp_path):
    from game import launch as main
    from game.app.app import DeadtableApp
    from game.app.zombicide.end_scene import EndScene

    session = lost_session()
    save = save_game(tmp_path / "lost.json", session)
    app = DeadtableApp(size=(1280, 800), save_dir=tmp_path)
    args = argparse.Namespace(save=str(save), mission=None, seed=1)
    main.open_scene(app, "end", args)

    def end_screens() -> list[EndScene]:
        return [s for s in app.scenes.scenes if isinstance(s, EndScene)]

    for _ in range(300):  # frames until the End screen stands, with a bound
        if end_screens():
            break
        app.scenes.update(1 / 60)
        app.scenes.draw(app.screen)
    app.scenes.update(1 / 60)  # a few more frames must not push a second one
    app.scenes.draw(app.screen)
    assert len(end_screens()) == 1


@pytest.mark.parametrize("mission", ["rm-tutorial-1", "rm-airlift"])
def test_the_goals_show_in_the_game(tmp_path, mission):
    host = Host(tmp_path)
    path = REPO / "maps" / "missions" / f"{mission}.toml"
    board = load_board(path)
    scene = GameScene.new_game(host, path, setup_of(board), 3)
    host.scenes.push(scene)
    host.frames_until(lambda: shown(scene), "the game is shown")
    goals = scene.goal_lines()
    assert goals and all(text for text, _ in goals)


def test_zone_names_never_hide_a_miniature(tmp_path):
    host, scene = new_scene(tmp_path)
    for zone in ("2V:hr-s-e", "4V:hr-n", "4V:hr-e"):  # Room 203, Theatre, Recovery
        assert scene.play(PlaceZombies(zone, walker(scene), 3)).ok
        settle(host, scene)
    tokens = scene.token_rects()
    places = scene.zone_label_places()
    assert len(places) > 10
    for _, _, rect, faded in places:
        assert faded or rect.collidelist(tokens) < 0
    cam = scene.table.camera
    moved = []
    for zone_id, _, rect, faded in places:
        if zone_id in ("2V:hr-s-e", "4V:hr-n", "4V:hr-e"):
            zone = scene.board.zones[zone_id]
            top_px = cam.world_to_screen((zone.center[0], min(p[1] for p in zone.polygon)))[1]
            moved.append(faded or rect.top > top_px + 20)
    assert len(moved) == 3 and any(moved)  # a crowded room's name went to its bottom, or faded


def test_exit_zones_are_marked_for_a_goal_that_needs_them(tmp_path):
    host, scene = new_scene(tmp_path)
    assert scene.exit_zones() == ["7V:ws-c"]
    text, reached = scene.goal_lines()[0]
    assert "Landing zone" in text and "(0/2)" in text and not reached
    zone = scene.board.zones["7V:ws-c"]
    x, y = scene.table.camera.world_to_screen(zone.polygon[0])
    from game.app.zombicide.game_scene import EXIT_TINT

    def edge() -> list[tuple[int, ...]]:
        return [tuple(scene.app.screen.get_at((round(x) + dx, round(y) + dy))[:3])
                for dx in range(-3, 4) for dy in range(-3, 4)]

    host.frames_until(lambda: EXIT_TINT in edge(), "the exit outline is drawn on the board")
