"""The window lets a player use the rules issue 12 fixed, and its log tells them: each test sets a
small table up as a scenario file does, then plays through the game controller as the window does."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app.zombicide.controller import GameController, game_rules
from game.app.zombicide.event_text import describe_all
from game.rules.core.session import Session
from game.rules.zombicide import engine
from game.rules.zombicide.commands import Attack
from game.rules.zombicide.scenario import _default_setup, load_scenario_board, read_scenario
from game.rules.zombicide.scenario_state import ScenarioCards, place_everything


def table(tmp_path: Path, text: str) -> GameController:
    """A controller on the table a scenario file describes (its steps are not played)."""
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    scenario = read_scenario(path)
    first = next((s.zone for s in scenario.survivor if s.zone), None)
    board = load_scenario_board(path, scenario.board, first)
    setup = engine.parse_setup(_default_setup(scenario), board)
    state = place_everything(path, scenario, engine.setup(board, setup, scenario.seed), ScenarioCards())
    session = Session(game_rules(setup.box), board, setup, scenario.seed, _states=[state])
    return GameController(session, board)


def log_of(controller: GameController, events) -> list[str]:
    return describe_all(events, controller.state)


def log_text(scene) -> list[str]:
    """The lines of the game scene's log panel."""
    return [line[0] if isinstance(line, tuple) else str(line) for line in scene.log.lines]


DUALS = '''
title = "a Dual pair of Mac-10s, a walker on each side"
[board]
sketch = "s s s"
[[survivor]]
id = "parker"
zone = "r0c1"
hand = ["mac_10", "mac_10"]
[[survivor]]
id = "dan"
zone = "r0c1"
[[zombies]]
zone = "r0c0"
zombies = "1 skinner_walker"
[[zombies]]
zone = "r0c2"
zombies = "1 skinner_walker"
'''


def test_each_gun_of_a_dual_pair_aims_at_its_own_zone(tmp_path):
    controller = table(tmp_path, DUALS)
    controller.select("parker")
    shots = controller.targets().shots["r0c0"]
    assert [s.weapon for s in shots] == ["Mac-10", "one Mac-10"]
    assert shots[0].odds.dice == 10 and shots[1].odds.dice == 5
    first = controller.play(shots[1].command)
    assert first.ok
    assert "Parker attacks the street with Mac-10." in log_of(controller, first.events)
    then = controller.targets().shots["r0c2"]
    assert [s.weapon for s in then] == ["Mac-10"]  # the fired twin waits for a reload: the other fires alone
    assert then[0].command.slot == 1 and then[0].odds.dice == 5
    assert controller.play(then[0].command).ok
    labels = [c.label for c in controller.action_choices()]
    assert "Reload" in labels


def test_two_zones_in_one_action_is_refused_with_the_way_to_do_it(tmp_path):
    controller = table(tmp_path, DUALS)
    refused = controller.play(Attack("parker", 0, "r0c0", second_zone="r0c2"))
    assert not refused.ok and "fire one weapon of the pair at each zone" in refused.reason


@pytest.mark.parametrize("count, words", [(1, "with Mac-10."), (2, "with both Mac-10s.")])
def test_the_log_says_how_many_weapons_fire(tmp_path, count, words):
    from game.rules.zombicide.commands import AttackMade

    controller = table(tmp_path, DUALS)
    line = log_of(controller, [AttackMade("parker", "mac_10", count, "r0c0")])[0]
    assert line.endswith(words)


SPRINT = '''
title = "Cathy can sprint; a walker stands in the way"
[board]
sketch = "s s s s"
[[survivor]]
id = "cathy"
zone = "r0c0"
skills = ["sprint"]
[[survivor]]
id = "jane"
zone = "r0c0"
[[zombies]]
zone = "r0c1"
zombies = "1 skinner_walker"
'''


def test_a_survivor_dropped_beyond_zombies_stops_among_them_and_the_log_says_why(tmp_path):
    controller = table(tmp_path, SPRINT)
    outcome = controller.move_to("cathy", "r0c3")
    assert outcome.ok
    assert controller._zone_of("cathy") == "r0c1"
    assert log_of(controller, outcome.events)[-1] == "Cathy's move ends in the street: zombies are there."
    refused = table(tmp_path, SPRINT).move_to("jane", "r0c3")  # no Sprint: three zones are out of reach
    assert not refused.ok and "cannot reach that zone now" in refused.reason


def window(tmp_path: Path, controller: GameController):
    """The game scene on ``controller``'s table in a real window (dummy video), with a UI driver."""
    import sys
    from random import Random

    from game.app.app import DeadtableApp
    from game.app.zombicide.game_scene import GameScene

    sys.path.insert(0, str(Path(__file__).parent))
    from test_play_scene import forget_fonts
    from ui_driver import UiDriver

    forget_fonts()
    app = DeadtableApp(size=(1280, 800), save_dir=tmp_path)
    scene = GameScene(app, controller, tmp_path / "table.toml")
    app.scenes.push(scene)
    driver = UiDriver(app, Random(0))
    driver.frames_until(lambda: scene._chrome.painted and not scene.director.busy, "the table is shown")
    return driver, scene


HOLD = '''
title = "Terry beside a landed helicopter holding a Pistol; her pack full of cards"
helicopters = [{ zone = "r0c1", hold = ["pistol"] }]
[board]
sketch = "s s"
[[survivor]]
id = "terry"
zone = "r0c1"
hand = ["crowbar", ""]
reserve = ["glass_bottle", "gasoline", "scope"]
[[survivor]]
id = "joe"
zone = "r0c0"
'''


def test_several_cards_go_into_the_hold_for_one_action_through_the_window(tmp_path):
    from game.rules.zombicide.boxes.rue_morgue.commands import StoreEquipment, TakeEquipment

    controller = table(tmp_path, HOLD)
    controller.select("terry")
    gathered = controller.gathered("store_equipment")
    assert [c.label for c in gathered] == ["Store Crowbar", "Store Glass Bottle", "Store Gasoline", "Store Scope"]
    driver, scene = window(tmp_path, controller)
    assert scene.actions.route("gather:store_equipment") is not None  # its slot, or a line under More…
    driver.perform(StoreEquipment("terry", slots=(2, 3)))
    state = controller.state
    assert [state.card_kinds[c] for c in state.box_state.helicopters[0].cards] == ["pistol", "glass_bottle", "gasoline"]
    assert state.survivors[0].actions_left == 2
    assert "Terry stores Glass Bottle and Gasoline in the helicopter (one action)." in log_text(scene)
    driver.perform(TakeEquipment("terry", cards=(0, 2)))
    assert controller.state.survivors[0].actions_left == 1
    assert [c.label for c in controller.gathered("take_equipment")] == ["Take Glass Bottle"]


TEAM = '''
title = "Joe and Dan, a walker next door; the team kept Charge!"
[board]
sketch = "s s"
[setup]
team_actions = { survivors = ["charge"] }
[[survivor]]
id = "joe"
zone = "r0c0"
hand = ["crowbar"]
[[survivor]]
id = "dan"
zone = "r0c0"
hand = ["crowbar"]
[[zombies]]
zone = "r0c1"
zombies = "1 skinner_walker"
'''


def test_the_window_asks_who_acts_first_in_a_team_action(tmp_path):
    from game.rules.zombicide.boxes.rue_morgue.commands import UseTeamAction

    controller = table(tmp_path, TEAM)
    controller.select("joe")
    listed = next(c.command for c in controller.action_choices() if isinstance(c.command, UseTeamAction))
    assert controller.to_order(listed) == ("joe", "dan")
    driver, scene = window(tmp_path, controller)
    played = driver.perform(UseTeamAction("joe", "charge", ("dan",), "r0c1", order=("dan", "joe")))
    assert played.order == ("dan", "joe")
    assert "Team survivors plays Charge!: Dan, then Joe." in log_text(scene)


ZERO = '''
title = "Laurie and Dan; the team kept Move!"
[board]
sketch = "s s"
[setup]
team_actions = { survivors = ["move"] }
[[survivor]]
id = "laurie"
zone = "r0c0"
actions = 1
[[survivor]]
id = "dan"
zone = "r0c0"
'''


def test_at_zero_actions_the_window_still_offers_the_free_actions_and_end_turn(tmp_path):
    from game.rules.zombicide.commands import MakeNoise

    controller = table(tmp_path, ZERO)
    assert controller.play(MakeNoise("laurie")).ok
    assert controller.state.survivors[0].actions_left == 0 and controller.playable_survivors() == ["laurie"]
    labels = [c.label for c in controller.action_choices("laurie")]
    assert "End turn" in labels and any(label.startswith("Move! with Dan: ") for label in labels), labels
    assert "Make noise" not in labels
    ended = controller.play(next(c.command for c in controller.action_choices("laurie") if c.label == "End turn"))
    assert "Laurie's turn ends." in log_of(controller, ended.events)
