"""Issue 13's Zombieworld fixes: bands spread over their deployment areas, walkers never landing
on models, nothing scored before the first activation that the log does not tell, a name in the
roster only looked at, band names in the log, a log and a header that wait for the table, Skip,
and dice pop-ups that collapse and keep away from the fight."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pygame
import pytest

from game.app.zombieworld.controller import seat_entries
from game.app.zombieworld.dice import QUICK_ROLL_S, DiceTray, place_panel
from game.app.zombieworld.event_text import describe
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.game_words import turn_text
from game.board.mission import load_board
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.deployment import spread_spots
from game.rules.zombieworld.engine import ZombieworldRules
from game.rules.zombieworld.geometry import BASE_RADIUS_CM
from game.rules.zombieworld.presets import preset_bands
from game.rules.zombieworld.state import ZOMBIES, ZombieworldSetup
from tests.app_zombieworld.zw_ui import TOWN, new_app, run_until, tap

REPO = Path(__file__).resolve().parents[2]
CROSSROADS = REPO / "maps" / "zombieworld" / "zw-crossroads.tmx"
SEEDS = (1, 307654, 2, 3, 42, 1000)  # the first two started scored before issue 13


def opening(table: Path, seed: int):
    rules = ZombieworldRules()
    setup = ZombieworldSetup(bands=seat_entries(preset_bands()[:2]), scenario="massacre")
    state = rules.setup(load_board(table), setup, seed)
    return state, rules.opening_events


@pytest.mark.parametrize("table", [TOWN, CROSSROADS], ids=["town", "crossroads"])
@pytest.mark.parametrize("seed", SEEDS)
def test_bands_spread_without_overlaps_and_nothing_scored_untold(table, seed):
    state, told = opening(table, seed)
    on_table = [m for m in state.models if m.x >= 0 and not m.vehicle]
    for a, b in itertools.combinations(on_table, 2):
        assert math.dist(a.position, b.position) >= 2 * BASE_RADIUS_CM - 1e-6, (a.id, b.id)
    for seat in state.seats:
        band = [m.position for m in on_table if m.side == seat]
        span = max(math.dist(p, q) for p, q in itertools.combinations(band, 2))
        assert span >= 30.0, f"{seat} stands bunched ({span:.1f} cm across)"
    spawned = {e.zombie for e in told if isinstance(e, c.ZombieSpawned)}
    killed = [e for e in told if isinstance(e, c.ModelRemoved) and e.reason == "killed"]
    wounds = [e for e in told if isinstance(e, c.Wounded) and e.model not in spawned]
    kills = sum(score.zombies_killed + score.hostile_killed for _seat, score in state.scores)
    taken = sum(score.wounds_taken for _seat, score in state.scores)
    assert kills == len(killed) and taken <= len(wounds)  # every point scored has its event


def test_a_walker_landing_on_a_model_steps_off_it():
    state, _told = opening(CROSSROADS, 2)
    zombies = [m for m in state.models if m.side == ZOMBIES]
    survivors = [m for m in state.models if m.side != ZOMBIES and m.x >= 0]
    assert zombies
    for zombie in zombies:
        for model in survivors:
            assert math.dist(zombie.position, model.position) >= 2 * BASE_RADIUS_CM - 1e-6


def test_spread_spots_fill_an_area_evenly():
    spots = spread_spots((0.0, 0.0, 15.0, 60.0), 4)
    assert spots == [(7.5, 7.5), (7.5, 22.5), (7.5, 37.5), (7.5, 52.5)]
    many = spread_spots((0.0, 0.0, 60.0, 15.0), 30)
    assert len(set(many)) == 30
    assert min(math.dist(p, q) for p, q in itertools.combinations(many, 2)) >= 2 * BASE_RADIUS_CM


def test_the_opening_is_logged_and_a_withdrawal_names_the_band(tmp_path):
    app = new_app(tmp_path)
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 307654)
    texts = [text for text, _tone in scene.log_lines]
    start = texts.index("Before the first activation:")
    assert any("zombie generation roll" in text for text in texts[start:])
    assert any(text.startswith("Initiative: ") and "red" not in text.split(": ", 1)[1] for text in texts)
    names = scene.band_names()
    line = describe(c.BandWithdrew("red"), scene.state, bands=names)
    assert line is not None and line[0] == f"{names['red']} withdraws from the table"


@pytest.mark.parametrize("finger", [False, True])
def test_a_name_in_the_roster_is_only_looked_at(tmp_path, finger):
    app = new_app(tmp_path)
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 5)
    app.show(scene)
    app.frame(1 / 60, [])
    ready = scene.controller.activatable()
    before = scene.controller.session.hash()
    row = next(rect for rect, model_id in scene.roster if model_id == ready[-1])
    if finger:
        w, h = app.screen.get_size()
        x, y = row.center
        app.frame(1 / 60, [pygame.event.Event(pygame.FINGERDOWN, touch_id=1, finger_id=1, x=x / w, y=y / h, dx=0.0,
                                              dy=0.0, pressure=1.0)])
        app.frame(1 / 60, [pygame.event.Event(pygame.FINGERUP, touch_id=1, finger_id=1, x=x / w, y=y / h, dx=0.0,
                                              dy=0.0, pressure=1.0)])
    else:
        tap(app, row.center)
    assert scene.controller.session.hash() == before and scene.state.active is None
    assert scene.controller.selected == ready[-1] and scene.table.selected == ready[-1]


def test_the_log_and_header_wait_for_the_dice_and_skip_catches_up(tmp_path):
    app = new_app(tmp_path)
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 5)
    app.show(scene)
    app.frame(1 / 60, [])
    header = scene.header_text()
    seen = len(scene.log_lines)
    model = scene.controller.activatable()[0]
    scene.play(c.Activate(model))  # an activation roll
    assert scene.dice.busy and scene.pending_lines
    assert len(scene.log_lines) == seen and scene.header_text() == header  # nothing told before it shows
    roll = scene.dice.queue[0]
    run_until(app, lambda: scene.dice.shown(roll))
    assert any("roll" in text for text, _tone in scene.log_lines[seen:])
    run_until(app, lambda: not scene.pending_lines)
    assert scene.header_text() == turn_text(scene)  # caught up with the game once the table has shown it
    # Skip: everything under way shown at once
    skip = next(b for b in scene.tools.buttons if b.key == "skip")
    if scene.state.active is not None:
        scene.play(c.EndActivation(scene.state.active.model))
    tap(app, skip.rect.center)
    assert not scene.dice.busy and not scene.pending_lines and not scene.anim.busy


def test_a_long_queue_of_rolls_collapses():
    tray = DiceTray()
    rolls = [c.DiceRolled("melee", "z1", (3, 4), (), 0, ("6", "7")) for _ in range(12)]
    tray.add(rolls, None)
    frames = 0
    while tray.busy and frames < 10_000:
        tray.update(1 / 30)
        frames += 1
    shown_s = frames / 30
    assert not tray.busy and shown_s < 12 * QUICK_ROLL_S + 3 * 2.0  # not 12 full rolls of 1.1 s and more


def test_the_dice_panel_keeps_away_from_the_fight():
    area = pygame.Rect(300, 80, 1000, 700)
    fight = (area.centerx, area.top + 60)  # right where the panel would stand by default
    panel = place_panel(area, (420, 220), [fight])
    assert area.contains(panel) and not panel.inflate(40, 40).collidepoint(fight)
    assert place_panel(area, (420, 220), []).midtop == (area.centerx, area.top + 16)


def test_a_die_that_brings_no_zombie_says_so() -> None:
    """A zombie-generation die under 4 scores "-" in the engine; the log read "… vs 4 — -"."""
    from game.app.zombieworld.event_text import dice_line

    roll = c.DiceRolled("zombie generation", "", (2, 5), (), 4, ("-", "zombie"))
    assert dice_line(roll, None).endswith("vs 4 — no zombie, zombie")


def test_a_die_that_brings_no_zombie_says_so_in_spanish(spanish) -> None:
    from game import i18n
    from game.app.zombieworld.event_text import dice_line

    roll = c.DiceRolled("zombie generation", "", (2,), (), 4, ("-",))
    assert dice_line(roll, None).endswith("— ningún zombi")
    assert i18n.untranslated() == frozenset()
