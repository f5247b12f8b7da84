"""The game screen shows a verbal alliance: the band panel's line (which bands, fixed or fragile),
the log's line at the start, and the round flips told in the log and followed by the panel."""

from __future__ import annotations

import dataclasses

from game.app.zombieworld.event_text import describe
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.presets import preset_bands
from tests.app_zombieworld.zw_ui import TOWN, log_caught_up, new_app

SIZE = (1280, 800)


def three_band_game(tmp_path, seed: int, **alliance) -> ZombieworldGameScene:
    app = new_app(tmp_path, SIZE)
    game = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:3], "massacre", seed, **alliance)
    app.show(game)
    app.frame(1 / 60, [])
    return game


def names(game: ZombieworldGameScene, pair: tuple[str, str]) -> tuple[str, str]:
    return game.controller.band_name(pair[0]), game.controller.band_name(pair[1])


def play_on(game: ZombieworldGameScene, until_round: int) -> None:
    """Plays every survivor through the screen (activate, then end the activation, or any plain
    choice the engine asks for) until ``until_round`` begins."""
    for _ in range(400):
        state = game.state
        if state.round >= until_round or game.controller.outcome() is not None:
            return
        ready = game.controller.activatable()
        legal = game.controller.legal()
        if state.active is None and ready:
            command = c.Activate(ready[0])
        else:
            command = next((o for o in legal if isinstance(o, c.EndActivation)), None) or next(
                o for o in legal if not type(o).__name__.endswith("Template") and not isinstance(o, c.Withdraw))
        assert game.play(command).ok
    raise AssertionError("the rounds did not pass")


def test_without_an_alliance_the_panel_and_log_say_nothing_of_one(tmp_path):
    game = three_band_game(tmp_path, 4)
    assert game.state.alliances == ()
    assert game.alliance_line() == ""
    assert not [text for text, _tone in game.log_lines if "lliance" in text]


def test_a_fixed_alliance_shows_in_the_band_panel_and_the_first_log_lines(tmp_path):
    game = three_band_game(tmp_path, 3, alliances=(("red", "green"),))
    first, second = names(game, ("red", "green"))
    line = game.alliance_line()
    assert line == f"Alliance: {first} + {second}, fixed (binding)"
    assert (line, "phase") in game.log_lines[:3]
    # the bands' rows make room for the alliance line under the panel's title
    without = three_band_game(tmp_path / "plain", 3)
    assert game.roster[0][0].top > without.roster[0][0].top
    game.draw(game.app.screen)


def test_a_rolled_alliance_is_told_from_the_state_as_the_set_up_roll_has_no_events(tmp_path):
    kinds = set()
    for seed in range(1, 9):
        game = three_band_game(tmp_path / str(seed), seed, alliances=(("blue", "green"),), alliance="roll")
        kind = "fixed (binding)" if game.state.alliance_fixed else "fragile (a promise)"
        kinds.add(kind)
        first, second = names(game, ("blue", "green"))
        assert game.alliance_line() == f"Alliance: {first} + {second}, {kind}"
        assert (f"{game.alliance_line()} — rolled before play", "phase") in game.log_lines
        if len(kinds) == 2:
            break
    assert len(kinds) == 2  # both kinds came up over the seeds tried


def test_a_round_flip_is_logged_and_the_panel_follows_it(tmp_path):
    pair = ("blue", "green")
    for seed in range(1, 30):
        game = three_band_game(tmp_path / str(seed), seed, alliances=(pair,), alliance="fragile",
                               alliance_flips=True)
        first, second = names(game, pair)
        assert game.alliance_line() == f"Alliance: {first} + {second}, fragile (a promise)"
        seen = len(game.log_lines)
        play_on(game, 2)
        assert game.state.round == 2
        log_caught_up(game)
        rolls = [(text, tone) for text, tone in game.log_lines[seen:] if "alliance roll" in text]
        assert len(rolls) == 1  # one flip roll at the start of round 2
        text, tone = rolls[0]
        assert text.startswith(f"The alliance between {first} and {second} ")
        if game.state.alliance_fixed:  # flipped: fragile turned fixed, and the panel says so
            assert text.startswith(f"The alliance between {first} and {second} turns fixed") and tone == "good"
            assert game.alliance_line() == f"Alliance: {first} + {second}, fixed (binding)"
            game.draw(game.app.screen)
            return
        assert "stays fragile" in text
        assert game.alliance_line().endswith("fragile (a promise)")
    raise AssertionError("no seed flipped the alliance at the start of round 2")


def test_the_alliance_die_is_told_in_words_not_as_a_bare_roll(tmp_path):
    game = three_band_game(tmp_path, 3, alliances=(("red", "green"),))
    first, second = names(game, ("red", "green"))
    bands = game.band_names()
    fragile_state = dataclasses.replace(game.state, alliance_fixed=False)
    turned = describe(c.DiceRolled("alliance", "", (6,), (), 5, ("fragile",)), fragile_state, None, bands)
    assert turned == (f"The alliance between {first} and {second} turns fragile (alliance roll [6])", "danger")
    kept = describe(c.DiceRolled("alliance", "", (2,), (), 5, ("fixed",)), game.state, None, bands)
    assert kept == (f"The alliance between {first} and {second} stays fixed (alliance roll [2])", "dice")
    before = describe(c.DiceRolled("alliance", "", (4,), (), 3, ("fragile",)), fragile_state, None, bands)
    assert before == (f"Alliance roll [4]: the alliance between {first} and {second} starts fragile", "dice")
