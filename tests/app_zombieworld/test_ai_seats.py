"""Solo Zombieworld: at the set-up a seat is Human or AI; in the game the AI seat is played by the
tactical band, one animated command at a time, and the Human seat waits for its player."""

from __future__ import annotations

import pytest

from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from game.rules.zombieworld import engine
from tests.app_zombieworld.zw_ui import new_app, run_until, tap


def press(app, scene, key: str) -> None:
    button = next(b for b in scene.buttons.buttons if b.key == key)
    tap(app, button.rect.center)


def at_the_seats(tmp_path) -> tuple[object, ZombieworldSetupScene]:
    """The set-up's last step, two preset bands chosen, where each seat is Human or AI."""
    app = new_app(tmp_path)
    setup = ZombieworldSetupScene(app, seed=7)
    app.show(setup)
    app.frame(1 / 60, [])
    press(app, setup, "band:0")
    press(app, setup, "band:1")
    for _ in range(3):
        press(app, setup, "next")
    assert setup.step == 3
    return app, setup


def start_with_ai(tmp_path, ai: tuple[str, ...]) -> tuple[object, ZombieworldGameScene]:
    app, setup = at_the_seats(tmp_path)
    for seat in ai:
        press(app, setup, f"seat:{seat}")
        button = next(b for b in setup.buttons.buttons if b.key == f"seat:{seat}")
        assert button.label == f"{seat.capitalize()}: AI"  # the seat's colour, as the set-up's summary names it
    labels = {b.label for b in setup.buttons.buttons if b.key.startswith("seat:")}
    assert labels == {f"{seat.capitalize()}: {'AI' if seat in ai else 'Human'}" for seat in ("red", "blue")}
    press(app, setup, "next")
    game = app.scenes.top
    assert isinstance(game, ZombieworldGameScene) and game.ai_seats == set(ai)
    return app, game


def still(game: ZombieworldGameScene) -> bool:
    return not (game.dice.busy or game.anim.busy or game.pending_lines)


def test_two_ai_seats_play_legal_animated_commands_one_at_a_time(tmp_path):
    app, game = start_with_ai(tmp_path, ("red", "blue"))
    log = game.controller.session
    seen_busy = False
    for played in range(1, 7):
        run_until(app, lambda n=played: len(log.log) >= n or game.controller.outcome() is not None)
        if game.controller.outcome() is not None:
            break
        assert len(log.log) == played  # one command, then the table shows it before the next
        seen_busy = seen_busy or not still(game)
    assert seen_busy, "the AI's commands are shown like a player's"
    session = game.controller.session
    state = session.ruleset.setup(session.board, session.setup_spec, session.seed)
    for entry in log.log:
        engine.check(state, entry.seat, entry.command)  # raises IllegalCommand for an illegal one
        state, _ = engine.apply(state, entry.seat, entry.command)


@pytest.mark.parametrize("ai", ["red", "blue"])
def test_the_human_seat_waits_for_its_player(tmp_path, ai):
    app, game = start_with_ai(tmp_path, (ai,))
    human = "blue" if ai == "red" else "red"
    run_until(app, lambda: game.controller.seat == human and still(game))
    logged = len(game.controller.session.log)
    assert all(entry.seat != human for entry in game.controller.session.log)
    for _ in range(30):
        app.frame(1 / 60, [])
    assert len(game.controller.session.log) == logged and game.controller.seat == human


def test_the_seat_toggles_name_the_seats_colour_in_the_players_language(tmp_path):
    from game import i18n

    i18n.set_language("es")
    try:
        app, setup = at_the_seats(tmp_path)
        press(app, setup, "seat:blue")
        labels = {b.key: b.label for b in setup.buttons.buttons if b.key.startswith("seat:")}
        assert labels == {"seat:red": "Rojo: humano", "seat:blue": "Azul: IA"}
    finally:
        i18n.set_language("en")
