"""Green Horde in the window, as a player meets it: picked on the start screen (box → mission →
survivors, with no Rue Morgue option on the way), the tutorial laid out with the box's own pieces
(spawn tokens, not the printed markers) and the survivor's card showing the Body slot and armour,
played by mouse and finger through the window to its end, the zombies' phase animated, saved by the
Save button and continued from the start screen."""

from __future__ import annotations

import sys
from pathlib import Path
from random import Random

import pytest

APP_TESTS = Path(__file__).resolve().parents[2] / "app_zombicide"
if str(APP_TESTS) not in sys.path:
    sys.path.insert(0, str(APP_TESTS))
from test_full_mission import (  # noqa: E402
    count_zombie_phase_beats,
    end_screen,
    game_shown,
    launch,
    play_with_bot,
    save_quit_and_continue,
)

from game.app.start_scene import StartScene  # noqa: E402
from game.app.zombicide import new_game_scene  # noqa: E402
from game.app.zombicide.end_scene import game_figures  # noqa: E402
from game.app.zombicide.game_scene import GameScene  # noqa: E402
from game.app.zombicide.new_game_scene import ZombicideNewGameScene  # noqa: E402
from game.app.zombicide.view_model import survivor_card  # noqa: E402

MISSION_ID = "gh-tutorial"
SURVIVORS = ("asim", "seli", "berin")
SEED = 5  # the game seed; the bot plays it past round 2 and to its end


def start_green_horde(driver) -> GameScene:  # type: ignore[no-untyped-def]
    start = driver.app.scenes.top
    assert isinstance(start, StartScene) and start.page == "home"
    driver.tap_gui(start.buttons["new"], finger=False)
    driver.tap_gui(start.buttons["new_green_horde"], finger=True)
    start = driver.app.scenes.top
    assert isinstance(start, ZombicideNewGameScene) and start.box == "green_horde"
    assert start.missions[0].id == MISSION_ID and all(m.setup.get("box") == "green_horde" for m in start.missions)
    assert len(start.missions) >= 9
    driver.tap_gui(start.buttons[f"mission_{MISSION_ID}"])
    driver.tap_gui(start.buttons["next"])
    assert start.page == "survivors" and len(start.picked) == 6  # the box's own six, picked at first
    driver.tap_gui(start.buttons["players_1"], finger=True)
    for survivor_id in list(start.picked):
        if survivor_id not in SURVIVORS:
            driver.tap_gui(start.buttons[f"survivor_{survivor_id}"])
    assert start.picked == list(SURVIVORS)
    driver.tap_gui(start.buttons["next"])
    assert start.page == "options" and "crawlers" not in start.buttons  # Rue Morgue's option is not offered
    driver.tap_gui(start.buttons["next"])
    scene = driver.scene
    driver.frames_until(lambda: game_shown(scene), "the new game is shown")
    return scene


def check_the_box_on_the_table(scene: GameScene) -> None:
    state = scene.controller.state
    pieces = scene.table.state.pieces
    spawns = [p for p in pieces.values() if p.id.startswith("gh:spawn:")]
    assert len(spawns) == len(state.box_state.spawn_tokens) >= 1
    assert {p.zone for p in spawns} == {state.graph.zone_ids[t.zone] for t in state.box_state.spawn_tokens}
    assert all(p.token.startswith("gh_spawn_") and p.token in scene.maker.tokens for p in spawns)
    assert not [m for m in scene.table.board.markers if m.kind == "spawn"]  # drawn as pieces, not printed
    assert [m for m in scene.board.markers if m.kind == "spawn"]  # the engine's board keeps them
    card = survivor_card(state, SURVIVORS[0])
    assert [s.group for s in card.slots[:4]] == ["Hands", "Hands", "Body", "Backpack"]
    assert card.lines and card.lines[0].startswith(("Armour", "No armour"))


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr(new_game_scene, "new_seed", lambda: SEED)


def test_the_green_horde_tutorial_is_played_through_the_window_saved_and_continued(tmp_path, fixed_seed):
    rng = Random(SEED)
    driver = launch(tmp_path)
    scene = start_green_horde(driver)
    check_the_box_on_the_table(scene)
    assert scene.director.speed_label() == "1×"
    beats = count_zombie_phase_beats(scene)
    play_with_bot(driver, rng, stop=lambda s: s.controller.state.round > 1)
    assert beats and max(beats) > 1, "the zombies' phase was not animated"
    driver.set_speed("Instant", finger=True)
    play_with_bot(driver, rng, stop=lambda s: s.controller.state.round > 2 and s.controller.pending is None)
    c = scene.controller
    assert c.outcome() is None, "the game ended before the save: pick another seed"
    driver = save_quit_and_continue(driver, tmp_path, MISSION_ID)
    scene = driver.scene
    c = scene.controller
    assert c.state.setup.box == "green_horde"
    check_the_box_on_the_table(scene)
    driver.set_speed("Instant")
    play_with_bot(driver, rng, max_commands=1500)
    assert c.outcome() in ("won", "lost")
    end = end_screen(driver)
    assert end.figures == game_figures(c.state)
    kinds = {(device, what.split(" ")[0]) for device, what in driver.used}
    for device in ("mouse", "finger"):
        assert {(device, "zone"), (device, "drag")} & kinds, device
        assert {(device, "action"), (device, "dialog")} & kinds, device
