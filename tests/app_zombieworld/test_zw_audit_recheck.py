"""The audit's Zombieworld points (issue 13, point 8) re-checked through the window: a Massacre set
up by taps on Crossroads, with the seeds that once started it scored, shows the bands spread over
their deployment areas without a base on another, no walker on a model, and nothing scored that
the log does not tell."""

from __future__ import annotations

import itertools
import math

import pytest

from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from game.rules.zombieworld.state import ZOMBIES
from tests.app_zombieworld.test_zw_issue13 import CROSSROADS
from tests.app_zombieworld.zw_ui import TOWN, new_app, tap


def press(app, scene, key: str) -> None:  # type: ignore[no-untyped-def]
    button = next(b for b in scene.buttons.buttons if b.key == key)
    tap(app, button.rect.center)


@pytest.mark.parametrize("table", [TOWN, CROSSROADS], ids=["town", "crossroads"])
@pytest.mark.parametrize("seed", [1, 307654])
def test_a_massacre_set_up_by_taps_opens_spread_unscored_and_with_no_walker_on_a_model(tmp_path, seed, table):
    app = new_app(tmp_path)
    setup = ZombieworldSetupScene(app, seed=seed)
    app.show(setup)
    app.frame(1 / 60, [])
    press(app, setup, "band:0")
    press(app, setup, "band:1")
    press(app, setup, "next")
    press(app, setup, "scenario:massacre")
    press(app, setup, "next")
    press(app, setup, f"table:{setup.table_key(table)}")
    press(app, setup, "next")
    press(app, setup, "next")
    game = app.scenes.top
    assert isinstance(game, ZombieworldGameScene) and game.controller.table_path == table
    state = game.controller.state
    assert state.active is None  # nobody has been activated yet
    sides = {m.id: m.side for m in state.models if m.x >= 0 and not m.vehicle}
    shown = {pid: piece for pid, piece in game.table.state.pieces.items() if pid in sides}
    assert len(shown) == len(sides)
    for a, b in itertools.combinations(shown.values(), 2):  # no base on another, walkers included
        assert math.dist((a.x_cm, a.y_cm), (b.x_cm, b.y_cm)) >= a.radius_cm + b.radius_cm - 1e-6, (a.id, b.id)
    for seat in state.seats:
        band = [(p.x_cm, p.y_cm) for pid, p in shown.items() if sides[pid] == seat]
        assert max(math.dist(p, q) for p, q in itertools.combinations(band, 2)) >= 30.0, f"{seat} stands bunched"
    assert sum(1 for side in sides.values() if side == ZOMBIES) >= 1  # the opening's walkers are on the table
    # the audit's seeds started with kills and a wound scored; nothing is scored before an activation
    assert all(score.zombies_killed + score.hostile_killed + score.wounds_taken == 0 for _seat, score in state.scores)
    assert "Before the first activation:" in [text for text, _tone in game.log_lines]  # the opening is told
