"""A bot seat in the Zombicide window: the top bar's Bot gives the seat acting now to the search bot,
which plays one command at a time, each animated like a player's (Skip hurries it); B takes the
seat back."""

from __future__ import annotations

import pygame
from test_play_polish import new_scene, settle

from game.rules.zombicide import engine
from game.rules.zombicide.search import SearchBudget

SMALL = SearchBudget(playouts=4, candidates=2)


def press_key(host, key: int) -> None:
    host.scenes.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_the_bot_plays_the_seat_animated_and_skip_hurries_it(tmp_path):
    host, scene = new_scene(tmp_path)
    scene.bot_budget = SMALL
    def logged() -> int:
        return len(scene.controller.session.log)

    start = logged()
    tool = next(b for b in scene.tools.buttons if b.key == "bot")
    host.click(tool.rect.center)
    assert scene.bot_seats == {"A"} and scene.bot_is_playing()
    host.frames_until(lambda: logged() > start, "the bot plays its first command", limit=20_000)
    assert tool.toggled
    assert logged() == start + 1  # one command at a time: the next waits for the table to be still
    assert scene.director.busy, "the bot's command is animated like a player's"
    skip = next(b for b in scene.tools.buttons if b.key == "skip")
    host.click(skip.rect.center)
    assert not scene.director.busy and logged() == start + 1
    host.frames_until(lambda: logged() >= start + 4 or scene.controller.outcome() is not None,
                      "the bot plays on", limit=20_000)
    # every command the bot played was legal where it was played (the session replays the log)
    replayed = engine.setup(scene.board, scene.controller.session.setup_spec, scene.controller.session.seed)
    for entry in scene.controller.session.log:
        assert entry.command in engine.legal_commands(replayed, entry.seat) or type(entry.command).__name__.startswith("Place")
        replayed, _ = engine.apply(replayed, entry.seat, entry.command)


def test_b_takes_the_seat_back(tmp_path):
    host, scene = new_scene(tmp_path)
    scene.bot_budget = SMALL
    press_key(host, pygame.K_b)
    assert scene.bot_is_playing()
    host.frames_until(lambda: scene.bot_search is not None or len(scene.controller.session.log) > 0,
                      "the bot starts thinking", limit=10_000)
    settle(host, scene)
    press_key(host, pygame.K_b)
    assert not scene.bot_is_playing() and scene.bot_search is None and scene.bot_seats == set()
    logged = len(scene.controller.session.log)
    settle(host, scene)
    host.frames(5)
    assert len(scene.controller.session.log) == logged  # the seat waits for its player again
    tool = next(b for b in scene.tools.buttons if b.key == "bot")
    assert not tool.toggled
