"""Zombieworld's screens fit at 1000×650, 1920×1080 and 3840×2160: the set-up's steps, the game
(waiting, acting, rolling), the band builder and the end screen; nothing drawn outside the window
and no two widgets or hand-drawn buttons overlapping."""

from __future__ import annotations

import pytest

from game.app.zombieworld.band_builder import BandBuilderScene
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.presets import preset_bands
from tests.app_zombieworld.zw_ui import TOWN, finish_by_withdrawing, new_app, tap
from tests.layout_check import screen_problems

SIZES = [(1000, 650), (1920, 1080), (3840, 2160)]




@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_zombieworld_screens_fit(tmp_path, size):
    app = new_app(tmp_path, size)
    found: list[str] = []
    setup = ZombieworldSetupScene(app)
    app.show(setup)
    app.frame(1 / 60, [])
    found += screen_problems(app, setup, "set-up, bands")
    for band in ("band:0", "band:1"):
        tap(app, next(b for b in setup.buttons.buttons if b.key == band).rect.center)
    for _step in range(3):  # scenario, table, summary
        tap(app, next(b for b in setup.buttons.buttons if b.key == "next").rect.center)
        found += screen_problems(app, setup, f"set-up, step {setup.step}")
    builder = BandBuilderScene(app)
    app.show(builder)
    app.frame(1 / 60, [])
    found += screen_problems(app, builder, "band builder")
    game = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 5)
    app.show(game)
    app.frame(1 / 60, [])
    found += screen_problems(app, game, "game, waiting")
    game.play(c.Activate(game.controller.activatable()[0]))
    app.frame(1 / 60, [])
    found += screen_problems(app, game, "game, rolling")
    game.skip_all()
    app.frame(1 / 60, [])
    found += screen_problems(app, game, "game, acting")
    end = finish_by_withdrawing(app, game)
    found += screen_problems(app, end, "end screen")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_scenario_and_table_can_be_picked_at_every_size(tmp_path, size):
    """The lists of the set-up steps spread into columns rather than drop what does not fit: at
    1000×650 the last scenarios (Rescue, Find the antidote) were not offered at all."""
    app = new_app(tmp_path, size)
    setup = ZombieworldSetupScene(app)
    app.show(setup)
    app.frame(1 / 60, [])
    for band in ("band:0", "band:1"):
        tap(app, next(b for b in setup.buttons.buttons if b.key == band).rect.center)
    tap(app, next(b for b in setup.buttons.buttons if b.key == "next").rect.center)
    offered = [b for b in setup.buttons.buttons if b.key.startswith("scenario:")]
    assert {b.key.split(":", 1)[1] for b in offered} == {s.id for s in setup.scenarios()}
    last = offered[-1]
    tap(app, last.rect.center)
    assert setup.scenario == last.key.split(":", 1)[1]
    tap(app, next(b for b in setup.buttons.buttons if b.key == "next").rect.center)
    tables = [b for b in setup.buttons.buttons if b.key.startswith("table:")]
    assert len(tables) == len(setup.tables)
    screen = app.screen.get_rect()
    for rows in (offered, tables):
        assert all(screen.contains(b.rect) for b in rows)
        assert not any(a.rect.colliderect(b.rect) for n, a in enumerate(rows) for b in rows[n + 1:])
