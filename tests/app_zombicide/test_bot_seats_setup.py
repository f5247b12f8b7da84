"""Bot seats chosen at the Zombicide set-up: on New game's Options step each seat is Human or Bot; a
game started with a bot seat plays that seat by itself; the choice is saved with the game and comes
back on Continue; the Bot tool still takes the seat back in play. (The page's layout with six seats is
checked in test_layout_zombicide.)"""

from __future__ import annotations

import json

import pygame
from test_around_start import app, press, tap  # noqa: F401 (the fixture)
from test_around_survivor_picking import survivors_page

from game.app.zombicide.game_scene import GameScene
from game.rules.zombicide.search import SearchBudget

SMALL = SearchBudget(playouts=4, candidates=2)


def start_with_bot_seat(app, seat_key: str) -> GameScene:  # noqa: F811
    """New game of Tutorial 1 for two players, ``seat_key`` handed to the bot on Options, by taps."""
    setup = survivors_page(app)
    setup.choose_mission(next(m for m in setup.missions if m.id == "rm-tutorial-1"))
    setup.go("survivors")
    tap(app, setup.buttons["players_2"], False)
    tap(app, setup.buttons["next"], False)
    assert setup.page == "options"
    assert setup.buttons["seat_1"].text.endswith("Human") and setup.buttons["seat_2"].text.endswith("Human")
    tap(app, setup.buttons[seat_key], True)
    assert setup.buttons[seat_key].text.endswith("Bot")
    tap(app, setup.buttons["next"], False)
    scene = app.scenes.top
    assert isinstance(scene, GameScene)
    scene.bot_budget = SMALL
    return scene


def frames_until(app, condition, what: str, limit: int = 20_000) -> None:  # noqa: F811
    for _ in range(limit):
        if condition():
            return
        app.frame(0.05, events=[])
    assert condition(), f"{what} within {limit} frames"


def test_a_seat_toggles_human_and_bot_and_only_the_bot_seats_go_to_the_game(app):  # noqa: F811
    setup = survivors_page(app)
    tap(app, setup.buttons["players_2"], False)
    setup.go("options")
    tap(app, setup.buttons["seat_2"], False)
    assert setup.bot_seats() == ["Player 2"]
    tap(app, setup.buttons["seat_2"], False)  # and back
    assert setup.bot_seats() == [] and setup.buttons["seat_2"].text.endswith("Human")


def test_a_game_started_with_a_bot_seat_plays_that_seat_by_itself(app, tmp_path):  # noqa: F811
    scene = start_with_bot_seat(app, "seat_1")
    assert scene.bot_seats == {"Player 1"} and scene.controller.seat == "Player 1"
    def played() -> list[str]:
        return [entry.seat for entry in scene.controller.session.log]

    before = len(played())
    frames_until(app, lambda: len(played()) >= before + 3, "the bot seat plays three commands with no input")
    assert played()[before:] and set(played()[before:]) <= {"Player 1"}
    tool = next(b for b in scene.tools.buttons if b.key == "bot")
    assert tool.toggled  # the top bar's Bot shows the seat is the bot's

    saved = scene.save(tmp_path / "bot-seat.json")
    assert saved is not None and json.loads(saved.read_text(encoding="utf-8"))["extra"]["bot_seats"] == ["Player 1"]
    resumed = GameScene.resume(app, saved)
    assert resumed.bot_seats == {"Player 1"}

    acting = scene.controller.seat
    app.frame(0.02, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="")])
    if acting == "Player 1":  # the Bot tool takes the seat acting now back from the bot
        assert scene.bot_seats == set() and not scene.bot_is_playing()
    else:  # or gives the human seat acting now to the bot as well
        assert scene.bot_seats == {"Player 1", acting}


def test_a_saved_bot_seat_that_is_no_seat_of_the_game_is_left_out(app, tmp_path):  # noqa: F811
    scene = start_with_bot_seat(app, "seat_2")
    assert scene.bot_seats == {"Player 2"}
    saved = scene.save(tmp_path / "odd.json")
    assert saved is not None
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["extra"]["bot_seats"] = ["Player 9", 3, None, "Player 2"]
    saved.write_text(json.dumps(data), encoding="utf-8")
    assert GameScene.resume(app, saved).bot_seats == {"Player 2"}

