"""The City of Horror screens, piece by piece: acting behind the curtain, a trade from the table, a game
resumed mid-vote behind the curtain, turning the table, the set-up page, the public log."""

from __future__ import annotations

from random import Random

import pytest

from game.app.city_of_horror import hooks
from game.app.city_of_horror.controller import SeatPlan
from game.app.city_of_horror.game_scene import CohGameScene
from game.app.city_of_horror.overlays import Curtain, ListOverlay, PrivatePanel, TableCurtain
from game.app.city_of_horror.setup_scene import CohSetupScene
from game.rules.city_of_horror import commands as c
from game.rules.city_of_horror import events as ev
from tests.app_city_of_horror.coh_ui import CohDriver, DriverError, new_app, start_game

PEOPLE = [SeatPlan("Ana", "red"), SeatPlan("Ben", "green"), SeatPlan("Cai", "blue")]


def reach(driver: CohDriver, until, limit: int = 600) -> None:
    for _ in range(limit):
        driver.settle()
        if until(driver.scene):
            return
        driver.step()
    raise DriverError("never reached")


def in_window(kind: str):
    def check(scene: CohGameScene) -> bool:
        state = scene.state
        return scene.overlay is None and state.stage.kind == "window" and not state.stack and (
            state.window is not None and state.window.kind == kind)
    return check


def test_acting_goes_behind_the_curtain_and_plays_through_the_engine(tmp_path):
    app = new_app(tmp_path)
    scene = start_game(app, PEOPLE, seed=11)
    driver = CohDriver(app, Random(1))
    reach(driver, in_window("round_start"))
    assert "act:Ana" in driver.bar_keys() and "done" in driver.bar_keys()
    driver.tap_key(scene.bar, "act:Ana")
    assert isinstance(scene.overlay, Curtain) and scene.overlay.seat == "Ana"
    driver.tap_key(scene.overlay.buttons, "open")
    panel = scene.overlay
    assert isinstance(panel, PrivatePanel) and panel.seat == "Ana" and panel.need == "act"
    groups = [b.key for b in panel.buttons.buttons if b.key.startswith("group:")]
    assert groups, "Ana holds cards: something must be playable before the Movement cards"
    before = len(scene.controller.session.log)
    driver.tap_key(panel.buttons, groups[0])
    for _ in range(5):
        if scene.overlay is not panel:
            break
        values = [b.key for b in panel.buttons.buttons if b.key.startswith("value:")]
        driver.tap_key(panel.buttons, values[0])
    assert len(scene.controller.session.log) == before + 1
    assert scene.controller.session.log[-1].seat == "Ana"
    assert any(isinstance(e, ev.CardPlayed | ev.AbilityUsed) and e.seat == "Ana" for e in scene.controller.events)


def test_a_refused_command_shows_the_reason_and_changes_nothing(tmp_path):
    app = new_app(tmp_path)
    scene = start_game(app, PEOPLE, seed=11)
    driver = CohDriver(app, Random(1))
    reach(driver, in_window("round_start"))
    log, state = len(scene.controller.session.log), scene.state
    assert "no vote is being chosen now" in scene._play("Ben", c.Vote("Ana"))
    assert len(scene.controller.session.log) == log and scene.state is state
    assert scene._play("Ana", c.Pass()) == ""
    assert len(scene.controller.session.log) == log + 1


def test_a_trade_from_the_table_both_sides_confirming(tmp_path):
    app = new_app(tmp_path)
    scene = start_game(app, PEOPLE, seed=4)
    driver = CohDriver(app, Random(2))
    reach(driver, in_window("round_start"))
    state = scene.state
    ana_card = state.hand("Ana")[0]
    ben_before = state.hand("Ben")
    driver.tap_key(scene.bar, "trade")
    assert isinstance(scene.overlay, ListOverlay)
    driver.tap_key(scene.overlay.buttons, "pick:Ana")
    assert isinstance(scene.overlay, Curtain)
    driver.tap_key(scene.overlay.buttons, "open")
    panel = scene.overlay
    assert isinstance(panel, PrivatePanel) and panel.mode == "offer"
    driver.tap_key(panel.buttons, "trade:partner:Ben")
    driver.tap_key(panel.buttons, "trade:give:0")
    driver.tap_key(panel.buttons, "trade:send")
    assert scene.overlay is None
    assert "offer_for:Ben" in driver.bar_keys()
    assert [e for e in scene.controller.public_events() if e.kind == "trade_offered_face_down"]
    driver.tap_key(scene.bar, "offer_for:Ben")
    driver.tap_key(scene.overlay.buttons, "open")
    panel = scene.overlay
    assert isinstance(panel, PrivatePanel) and panel.need == "trade"
    accept = next(b.key for b in panel.buttons.buttons if b.label.startswith("Accept"))
    driver.tap_key(panel.buttons, accept)
    assert sorted(scene.state.hand("Ben")) == sorted(ben_before + (ana_card,))
    assert len(scene.state.hand("Ana")) == len(state.hand("Ana")) - 1


def test_a_game_saved_mid_vote_resumes_behind_the_curtain(tmp_path):
    app = new_app(tmp_path)
    scene = start_game(app, PEOPLE + [SeatPlan("Dee", "yellow", "survivor")], seed=5)
    driver = CohDriver(app, Random(5))

    def half_voted(scene: CohGameScene) -> bool:
        decision = scene.state.decision
        return (scene.state.stage.kind == "ballot" and decision is not None and any(decision.answers)
                and isinstance(scene.overlay, Curtain))

    reach(driver, half_voted, limit=1500)
    waiting = scene.overlay.seat
    saved = tmp_path / "city-of-horror-autosave.json"
    other = new_app(tmp_path / "elsewhere")
    assert hooks.resume(other, saved)
    resumed = other.scenes.top
    assert isinstance(resumed, CohGameScene)
    assert resumed.state.decision == scene.state.decision
    assert isinstance(resumed.overlay, Curtain) and resumed.overlay.seat == waiting
    assert [p.name for p in resumed.controller.seats] == ["Ana", "Ben", "Cai", "Dee"]
    assert resumed.controller.is_bot("Dee")


def test_a_game_resumed_between_private_questions_starts_behind_a_curtain_onto_the_table(tmp_path):
    app = new_app(tmp_path)
    scene = start_game(app, PEOPLE, seed=11)
    driver = CohDriver(app, Random(1))
    reach(driver, in_window("round_start"))
    other = new_app(tmp_path / "elsewhere")
    assert hooks.resume(other, tmp_path / "city-of-horror-autosave.json")
    resumed = other.scenes.top
    assert isinstance(resumed, CohGameScene) and isinstance(resumed.overlay, TableCurtain)
    assert resumed.state.window == scene.state.window
    again = CohDriver(other, Random(1))
    again.tap_key(resumed.overlay.buttons, "open")
    assert resumed.overlay is None


@pytest.mark.parametrize("degrees", [90, 180, 270])
def test_turning_the_table_turns_the_taps_too(tmp_path, degrees):
    app = new_app(tmp_path)
    scene = start_game(app, PEOPLE, seed=11)
    for point in ((10.0, 20.0), (300.0, 150.0)):
        scene.turn_to(degrees)
        assert scene.to_canvas(scene.to_window(point)) == pytest.approx(point)
    driver = CohDriver(app, Random(3))
    reach(driver, in_window("round_start"))
    scene.turn_to(degrees)
    driver.frame()
    driver.tap_key(scene.bar, "done")
    assert scene.state.stage.kind != "window" or scene.state.window.kind != "round_start"


def test_auto_turn_faces_whoever_the_curtain_calls(tmp_path):
    app = new_app(tmp_path)
    plans = [SeatPlan("Ana", "red", side="bottom"), SeatPlan("Ben", "green", side="top"),
             SeatPlan("Cai", "blue", side="right")]
    scene = start_game(app, plans, seed=11)
    assert scene.auto_turn
    driver = CohDriver(app, Random(3))
    turns = {}
    for _ in range(300):
        driver.settle()
        if isinstance(scene.overlay, Curtain):
            turns[scene.overlay.seat] = scene.rotation
            if len(turns) == 3:
                break
        driver.step()
    assert turns == {"Ana": 0, "Ben": 180, "Cai": 90}


def test_the_set_up_page_starts_a_game_with_bots(tmp_path):
    app = new_app(tmp_path)
    hooks.new_game(app, "base")
    setup = app.scenes.top
    assert isinstance(setup, CohSetupScene)
    setup.press_key("more")
    setup.press_key("who:0")  # Ana becomes a bot
    setup.press_key("board:armory")
    setup.press_key("option:draft")
    assert setup.count == 5 and setup.who[0] == "survivor"
    assert setup.setup_choices()["sides"] == {"armory": "B"} and setup.setup_choices()["draft"]
    setup.entries[1].set_text("Ana")
    assert not setup.start() and setup.status == "Two players have the same name"
    setup.entries[1].set_text("Bea")
    assert setup.start()
    game = app.scenes.top
    assert isinstance(game, CohGameScene)
    assert game.state.seats == ("Ana", "Bea", "Cai", "Dee", "Eve") and game.state.place("armory").side == "B"
    assert game.controller.is_bot("Ana") and game.state.draft_size == 5


def test_the_table_log_shows_only_what_everyone_may_see(tmp_path):
    app = new_app(tmp_path)
    scene = start_game(app, PEOPLE, seed=11)
    driver = CohDriver(app, Random(1))
    reach(driver, in_window("round_start"))
    text = "\n".join(scene.public_lines)
    assert "gets 7 Action cards" in text
    assert "Your hand" not in text and "You " not in text
    driver.tap_key(scene.bar, "act:Ben")
    driver.tap_key(scene.overlay.buttons, "open")
    panel = scene.overlay
    assert isinstance(panel, PrivatePanel)
    assert any(line.startswith("Your hand") for line in panel.notes)


def test_tapping_a_location_shows_who_is_there(tmp_path):
    app = new_app(tmp_path)
    scene = start_game(app, PEOPLE, seed=11)
    driver = CohDriver(app, Random(1))
    reach(driver, in_window("round_start"))
    driver.frame()
    rect = next(rect for rect, what in scene.board_view.hotspots if what == "location:crossroads")
    driver.tap_canvas(rect.center)
    assert isinstance(scene.overlay, ListOverlay) and scene.overlay.title == "Crossroads"
    names = [c for c in scene.state.present("crossroads")]
    assert all(any(character.owner in line for line in scene.overlay.lines) for character in names)
