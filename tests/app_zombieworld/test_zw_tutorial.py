"""The Zombieworld tutorial: a newcomer opens it from the start screen and plays it to its end by
following the prompts with the mouse, in English and in Spanish (no English drawn); Skip step and End
tutorial; a resumed game goes on at its step; a broken step is refused naming the file and the step."""

from __future__ import annotations

import math

import pygame
import pytest

from game import i18n
from game.app.start_scene import StartScene
from game.app.zombieworld.end_scene import ZombieworldEndScene
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from game.app.zombieworld.tutorial import TUTORIAL_PATH
from game.board.mission import load_board
from game.platform.validate import validate_paths
from game.rules.zombieworld.geometry import BASE_RADIUS_CM
from game.rules.zombieworld.tutorial_setup import tutorial_game, tutorial_problems
from tests.app_zombieworld.zw_ui import (
    mouse_drag,
    mouse_release,
    new_app,
    offer_of,
    run_until,
    tap,
    tap_offer,
)
from tests.layout_check import layout_problems, screen_problems
from tests.spanish_probe import DrawnText, english_words

SIZE = (1600, 960)
Point = tuple[float, float]


@pytest.fixture
def spanish():
    i18n.set_language("es")
    yield
    i18n.set_language("en")


def screen(scene: ZombieworldGameScene, point: Point) -> tuple[int, int]:
    x, y = scene.table.camera.world_to_screen(point)
    return round(x), round(y)


def press_gui(app, button) -> None:  # type: ignore[no-untyped-def]
    """A mouse click on a pygame_gui button, then the frame that hands its press to the scene."""
    pos = button.rect.center
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                       pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    app.frame(1 / 60)


def open_from_start(app) -> ZombieworldGameScene:  # type: ignore[no-untyped-def]
    """Start screen → New game → Zombieworld Evolution → New? Play the tutorial, by clicks."""
    app.open_start()
    app.frame(1 / 60, [])
    start = app.scenes.top
    assert isinstance(start, StartScene)
    press_gui(app, start.buttons["new"])
    press_gui(app, start.buttons["new_zombieworld"])
    setup = app.scenes.top
    assert isinstance(setup, ZombieworldSetupScene) and setup.step == 0
    button = next(b for b in setup.buttons.buttons if b.key == "tutorial")
    assert button.label == i18n._("New? Play the tutorial")
    tap(app, button.rect.center)
    game = app.scenes.top
    assert isinstance(game, ZombieworldGameScene) and game.tutorial is not None
    return game


def settle(app, game: ZombieworldGameScene) -> None:  # type: ignore[no-untyped-def]
    """Frames until the dice, the animation and the log have caught up (a generous bound)."""
    run_until(app, lambda: not (game.dice.busy or game.table_busy() or game.pending_lines or game.tutorial.waiting))


def drag_to(app, game: ZombieworldGameScene, model_id: str, to: Point) -> None:  # type: ignore[no-untyped-def]
    start = screen(game, game.state.model(model_id).position)
    end = screen(game, to)
    mouse_drag(app, start, end)
    mouse_release(app, end)


def touching(frm: Point, target: Point, gap_cm: float) -> Point:
    """The point on the way from ``frm`` to ``target`` whose base stands ``gap_cm`` from its centre."""
    dx, dy = target[0] - frm[0], target[1] - frm[1]
    length = math.hypot(dx, dy)
    return (target[0] - dx / length * gap_cm, target[1] - dy / length * gap_cm)


def end_activation(app, game: ZombieworldGameScene) -> None:  # type: ignore[no-untyped-def]
    offer = offer_of(game, i18n._("End activation"))
    assert offer is not None, [o.label for o in game.actions.all_offers()]
    tap_offer(app, game, offer)


def follow_the_prompt(app, game: ZombieworldGameScene) -> None:  # type: ignore[no-untyped-def]
    """What a newcomer does for the step shown: read and tap Next, or do what it asks where it points."""
    prompt = game.tutorial.prompt
    step = prompt.step
    assert step is not None
    active = game.controller.active_model()
    if step.until == "next":
        press_gui(app, prompt.buttons["next"])
    elif step.until == "activated":
        tap(app, screen(game, game.state.model(step.match).position))
    elif step.until == "model_moved":
        drag_to(app, game, active.id, step.spot_cm)
    elif step.until == "shot_fired":
        tap(app, screen(game, game.state.model(step.model).position))  # the panel of the shot opens
        assert game.aim is not None and game.aim.legal, game.aim
        buttons = [(b.label, b.rect) for b in game.aim_buttons.buttons]  # in any window, none on another
        assert layout_problems(buttons, game.window_size) == [] and all(game.aim_rect().contains(r) for _l, r in buttons)
        fire = next(b for b in game.aim_buttons.buttons if b.key == "fire")
        tap(app, fire.rect.center)
    elif step.until == "activation_ended" or step.until == "round_started":
        end_activation(app, game)
    elif step.until == "dice_rolled":  # touch the ringed crate, then search it
        crate = step.spot_cm
        drag_to(app, game, active.id, (crate[0], crate[1] - 2 - BASE_RADIUS_CM - 0.3))
        settle(app, game)
        tap_offer(app, game, offer_of(game, i18n._("Search the container")))
    elif step.until == "melee_fought":
        target = game.state.model(step.model).position
        drag_to(app, game, active.id, touching(active.position, target, 2 * BASE_RADIUS_CM + 0.2))
    elif step.until == "game_ended":  # the last round: each survivor acts and ends, far from harm
        if active is not None:
            end_activation(app, game)
        else:
            ready = game.controller.activatable()
            assert ready, "nobody to activate and the game goes on"
            tap(app, screen(game, game.state.model(ready[0]).position))
    else:
        raise AssertionError(f"no newcomer's move for {step.until}")
    settle(app, game)


def play_to_the_end(app, game: ZombieworldGameScene) -> list[int]:  # type: ignore[no-untyped-def]
    seen = []
    settle(app, game)
    for _ in range(60):
        if game.controller.outcome() is not None:
            break
        seen.append(game.tutorial.prompt.guide.index)
        follow_the_prompt(app, game)
    return seen


@pytest.mark.parametrize("size", [SIZE, (1000, 650)], ids=["1600x960", "1000x650"])
def test_a_newcomer_following_the_prompts_wins_the_tutorial(tmp_path, size):
    app = new_app(tmp_path, size)
    game = open_from_start(app)
    seen = play_to_the_end(app, game)
    guide = game.tutorial.prompt.guide
    assert game.controller.outcome() == ("red",), "the antidote is held at the end: the band wins"
    assert set(seen) == set(range(len(guide.steps))) and guide.ended  # every step shown, in turn
    assert seen == sorted(seen)
    run_until(app, lambda: isinstance(app.scenes.top, ZombieworldEndScene))


def play_in_spanish(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    drawn = DrawnText(monkeypatch)
    app = new_app(tmp_path, SIZE)
    game = open_from_start(app)
    assert game.tutorial.prompt.text().startswith("¡Bienvenido")
    seen = play_to_the_end(app, game)
    assert game.controller.outcome() == ("red",) and len(set(seen)) == len(game.tutorial.prompt.guide.steps)
    run_until(app, lambda: isinstance(app.scenes.top, ZombieworldEndScene))
    app.frame(1 / 60, [])
    state = game.controller.state
    names = [game.controller.band_name(seat) for seat in state.seats]
    names += [m.name for m in (*state.models, *state.departed)]
    names += [piece.label for piece in state.table.pieces if piece.label]
    return drawn, game, names


def test_the_tutorial_in_spanish_teaches_in_spanish(tmp_path, monkeypatch, spanish):
    """Every prompt, the panel's title and buttons, the start screen's entry and the table's title
    are drawn in Spanish while the newcomer plays the tutorial to its end."""
    drawn, game, names = play_in_spanish(tmp_path, monkeypatch)
    steps = game.tutorial.prompt.guide.steps
    ours = {s.text_es for s in steps} | {"¿Nuevo? Juega el tutorial", "Tutorial: el cruce"}
    ours |= {i18n._("Tutorial · step {n} of {total}").format(n=n + 1, total=len(steps)) for n in range(len(steps))}
    ours |= {i18n._(word) for word in ("Next", "Skip step", "End tutorial")}
    shown = [text for text in drawn.texts if text in ours or any(text.startswith(o) for o in ours if len(o) > 20)]
    assert {s.text_es for s in steps} <= set(shown) or all(any(t in s.text_es for t in shown) for s in steps)
    assert any(text.startswith("Tutorial: el cruce") for text in drawn.texts)
    assert "¿Nuevo? Juega el tutorial" in drawn.texts
    found = english_words(shown, names)
    assert found == {}, found
    assert i18n.untranslated() == frozenset()
    drawn.close()


def test_the_whole_tutorial_in_spanish_draws_no_english(tmp_path, monkeypatch, spanish):
    drawn, _game, names = play_in_spanish(tmp_path, monkeypatch)
    from game.platform import registry
    from game.rules.zombieworld.presets import preset_bands

    names += [band.name for band in preset_bands()]  # the set-up lists the ready-made bands by name
    names += [box.name for entry in registry.games() for box in entry.boxes]  # and the start screen the boxes
    found = english_words(drawn.texts, names)
    drawn.close()
    assert found == {}, "\n".join(f"{word}: {text}" for word, text in found.items())


def test_skip_step_and_end_tutorial(tmp_path):
    app = new_app(tmp_path, SIZE)
    game = open_from_start(app)
    prompt = game.tutorial.prompt
    press_gui(app, prompt.buttons["next"])  # step 1 is read
    assert prompt.guide.index == 1 and prompt.step.until == "activated"
    assert prompt.buttons["next"].text == i18n._("Skip step")
    press_gui(app, prompt.buttons["next"])  # Skip step: nothing was played
    assert prompt.guide.index == 2 and len(game.controller.session.log) == 0
    press_gui(app, prompt.buttons["end"])
    assert prompt.guide.ended and not game.tutorial.visible and prompt.panel is None
    tap(app, screen(game, game.state.model("red:Marta").position))  # the game goes on without it
    settle(app, game)
    assert game.controller.session.log and prompt.guide.ended


def test_a_resumed_tutorial_goes_on_at_its_step(tmp_path):
    app = new_app(tmp_path, SIZE)
    game = open_from_start(app)
    for _ in range(5):  # read, activate Marta, move, shoot, end her activation: the autosave follows
        follow_the_prompt(app, game)
    step = game.tutorial.prompt.guide.index
    assert step == 5
    saved = game.save(tmp_path / "tutorial.json")
    assert saved is not None
    again = ZombieworldGameScene.resume(app, saved)
    app.show(again)
    app.frame(1 / 60, [])
    assert again.tutorial is not None and again.tutorial.prompt.guide.index == step and again.tutorial.visible
    assert again.tutorial.prompt.step.match == "red:Nia"
    autosaved = ZombieworldGameScene.resume(app, tmp_path / "zombieworld-autosave.json")
    assert autosaved.tutorial.prompt.guide.index == step  # the autosave took the step when it changed


@pytest.mark.parametrize(("change", "place", "words"), [
    ('until = "game_ended"', 'until = "dragon_slain"', "not an event of Zombieworld"),
    ('spot_cm = [20.0, 61.0]', 'spot_cm = [20.0, 610.0]', "off the table"),
    ('model = "z2"', 'model = "z9"', "not on the table"),
    ('rank = "rookie"\nhand = ["baseball_bat"]', 'rank = "general"\nhand = ["baseball_bat"]', "setup"),
])
def test_a_broken_step_is_refused_with_its_file_and_place(tmp_path, change, place, words):
    text = TUTORIAL_PATH.read_text(encoding="utf-8")
    assert change in text
    broken = tmp_path / "zw-broken.toml"
    broken.write_text(text.replace(change, place).replace('map = "zw-crossroads.tmx"',
                                                          f'map = "{(TUTORIAL_PATH.parent / "zw-crossroads.tmx").as_posix()}"'),
                      encoding="utf-8")
    told = [str(p) for p in validate_paths([str(broken)])]
    assert len(told) == 1, told
    assert str(broken) in told[0] and words in told[0], told
    if words != "setup":
        assert "tutorial[" in told[0]


def test_the_shipped_tutorial_is_valid_and_short():
    board = load_board(TUTORIAL_PATH)
    assert tutorial_problems(board) == []
    setup, seed = tutorial_game(board)
    steps = board.properties["tutorial"]
    assert 10 <= len(steps) <= 15 and all(s.get("text_es") for s in steps)
    assert setup.rounds == 2 and len(setup.bands) == 1


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1000, 650), (1920, 1080), (3840, 2160)])
def test_the_tutorial_screen_fits_every_window(tmp_path, size, language):
    from pygame_gui.elements import UITextBox

    i18n.set_language(language)
    try:
        app = new_app(tmp_path, size)
        game = open_from_start(app)
        app.frame(1 / 60, [])
        prompt = game.tutorial.prompt
        table = game.table_rect()
        if size[0] < 1280:  # a narrow window: the panel stands below the roster, the table stays whole
            assert game.tutorial.docked and not table.colliderect(prompt.rect)
            assert prompt.rect.top >= max(r.bottom for r, _m in game.roster) and prompt.rect.bottom <= size[1]
        else:
            assert not game.tutorial.docked and table.contains(prompt.rect), (prompt.rect, table)
        problems = screen_problems(app, game, f"tutorial at {size}")
        for index in range(len(prompt.guide.steps)):  # every step's words fit the panel unscrolled
            prompt.guide.index = index
            prompt.refresh()
            app.frame(1 / 60, [])
            boxes = [e for e in app.ui.get_sprite_group().sprites() if isinstance(e, UITextBox)
                     and e.ui_container is prompt.panel.get_container()]
            assert len(boxes) == 1 and boxes[0].scroll_bar is None, f"step {index} is cut at {size}"
        assert problems == [], problems
        view = game.tutorial.fit_rect_cm()
        assert view is not None  # Fit frames the part of the table the prompts are about, below the panel
        top_left = game.table.camera.world_to_screen((view[0], view[1]))
        bottom_right = game.table.camera.world_to_screen((view[0] + view[2], view[1] + view[3]))
        assert top_left[1] >= (table.top if game.tutorial.docked else prompt.rect.bottom)
        assert bottom_right[1] <= game.table_rect().bottom
        assert top_left[0] >= game.table_rect().left and bottom_right[0] <= game.table_rect().right
    finally:
        i18n.set_language("en")
