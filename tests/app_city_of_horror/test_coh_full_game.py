"""A whole game through the window: people pass the device behind the curtain for every private choice,
sealed picks and ballots are revealed to all at once, bots fill the empty seats, and the scores show at
the end; nothing private is printed."""

from __future__ import annotations

from random import Random

from game.app.city_of_horror.controller import SeatPlan
from game.app.city_of_horror.end_scene import CohEndScene
from tests.app_city_of_horror.coh_ui import CohDriver, new_app, start_game


def test_three_people_and_a_bot_play_to_the_helicopter(tmp_path, capsys):
    app = new_app(tmp_path)
    plans = [SeatPlan("Ana", "red"), SeatPlan("Ben", "green"), SeatPlan("Cai", "blue"), SeatPlan("Dee", "yellow", "survivor")]
    scene = start_game(app, plans, seed=5)
    driver = CohDriver(app, Random(5))
    driver.play_to_the_end()
    state = scene.controller.state
    assert state.over
    assert isinstance(app.scenes.top, CohEndScene)
    assert driver.reveals >= 8  # four rounds of Movement cards, and votes
    assert set(driver.curtains) <= {"Ana", "Ben", "Cai"} and {"Ana", "Ben", "Cai"} <= set(driver.curtains)
    assert driver.private_opened == driver.curtains  # nothing private opened without its curtain
    assert (tmp_path / "city-of-horror-autosave.json").is_file()
    printed = capsys.readouterr()
    assert printed.out == "" and printed.err == ""
