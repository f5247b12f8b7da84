"""Band builder, the set-up steps and the victory screen, by taps as a new player would."""

from __future__ import annotations

from game.app.zombieworld.band_builder import BandBuilderScene
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.saves import saved_bands
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from tests.app_zombieworld.zw_ui import finish_by_withdrawing, new_app, tap


def press(app, scene, key: str) -> None:
    button = next(b for b in scene.buttons.buttons if b.key == key)
    tap(app, button.rect.center)


def test_building_a_band_counts_points_lists_problems_and_saves(tmp_path):
    app = new_app(tmp_path)
    builder = BandBuilderScene(app)
    app.show(builder)
    start = builder.cost()
    press(app, builder, "add")
    assert len(builder.draft.members) == 4 and builder.cost() > start
    press(app, builder, "slot:rank:-1")  # rookie → hardened
    assert builder.draft.members[3]["rank"] == "hardened"
    press(app, builder, "slot:hand1:1")
    assert builder.cost() != start
    for _ in range(3):
        press(app, builder, "remove")
    assert any("figures" in p for p in builder.problems())
    press(app, builder, "save")
    assert builder.status.startswith("Fix first") and not saved_bands(tmp_path)
    press(app, builder, "add")
    press(app, builder, "add")
    assert builder.problems() == []
    press(app, builder, "use")
    saved = saved_bands(tmp_path)
    assert len(saved) == 1 and saved[0][1] == builder.band()
    assert isinstance(app.scenes.top, ZombieworldSetupScene)  # back to the set-up, the band picked
    assert app.scenes.top.chosen == [builder.band()]


def test_the_setup_walks_bands_scenario_table_then_starts(tmp_path):
    app = new_app(tmp_path)
    setup = ZombieworldSetupScene(app)
    app.show(setup)
    app.frame(1 / 60, [])
    next_button = next(b for b in setup.buttons.buttons if b.key == "next")
    assert not next_button.enabled
    press(app, setup, "band:0")
    press(app, setup, "band:1")
    press(app, setup, "next")
    assert setup.step == 1
    press(app, setup, "scenario:survival")
    press(app, setup, "next")
    table = setup.tables[-1][0]
    press(app, setup, f"table:{table.name}")
    press(app, setup, "next")
    press(app, setup, "next")
    game = app.scenes.top
    assert isinstance(game, ZombieworldGameScene)
    assert game.controller.state.scenario == "survival" and game.controller.table_path == table
    assert [game.controller.band_name(s) for s in game.controller.state.seats] == [b.name for b in setup.chosen]


def test_the_victory_screen_follows_the_end_of_the_game(tmp_path):
    app = new_app(tmp_path)
    setup = ZombieworldSetupScene(app)
    setup.chosen = [setup.bands[0][0], setup.bands[1][0]]
    game = setup.start()
    end = finish_by_withdrawing(app, game)
    press(app, end, "back")
    assert app.scenes.top is game


def test_a_set_up_draws_its_games_seed_from_a_source_a_test_can_seed(tmp_path):
    from game.app.seeds import seed_new_games

    app = new_app(tmp_path)
    seed_new_games(5)
    first = [ZombieworldSetupScene(app).seed for _ in range(3)]
    seed_new_games(5)
    assert [ZombieworldSetupScene(app).seed for _ in range(3)] == first and len(set(first)) == 3
    assert ZombieworldSetupScene(app, seed=42).seed == 42
