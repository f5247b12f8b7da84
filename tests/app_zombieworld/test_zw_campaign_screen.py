"""A Zombieworld campaign by taps: start it from the set-up, finish a game, record it, buy with
Glory, save, resume it from the set-up and start the next game with the bands as they now are."""

from __future__ import annotations

import pygame

from game.app.zombieworld.campaign_scene import ZombieworldCampaignScene, campaign_dir
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from game.rules.zombieworld.campaign import load_campaign
from tests.app_zombieworld.zw_ui import finish_by_withdrawing, new_app, tap

MIN_TOUCH_PX = 48


def button(scene, key: str):
    return next(b for b in scene.buttons.buttons if b.key == key)


def press(app, scene, key: str) -> None:
    tap(app, button(scene, key).rect.center)


def finger_tap(app, scene, key: str) -> None:
    w, h = app.screen.get_size()
    x, y = button(scene, key).rect.center
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        app.frame(1 / 60, [pygame.event.Event(kind, x=x / w, y=y / h, dx=0.0, dy=0.0, finger_id=4, touch_id=1,
                                              pressure=1.0)])


def start_campaign_game(app, tmp_path) -> tuple[ZombieworldSetupScene, ZombieworldGameScene]:
    setup = ZombieworldSetupScene(app)
    app.show(setup)
    app.frame(1 / 60, [])
    assert not button(setup, "campaign").enabled
    press(app, setup, "band:0")
    finger_tap(app, setup, "band:1")
    press(app, setup, "campaign")
    files = list(campaign_dir(tmp_path).glob("*.json"))
    assert len(files) == 1 and setup.campaign is not None and setup.step == 1
    assert [b.band.name for b in load_campaign(files[0]).bands] == [b.name for b in setup.chosen]
    press(app, setup, "scenario:survival")
    press(app, setup, "next")
    press(app, setup, "next")
    press(app, setup, "next")
    game = app.scenes.top
    assert isinstance(game, ZombieworldGameScene) and game.controller.state.scenario == "survival"
    return setup, game


def test_a_campaign_game_is_recorded_then_glory_buys_and_the_next_game_starts(tmp_path):
    app = new_app(tmp_path)
    setup, game = start_campaign_game(app, tmp_path)
    path = setup.campaign.path
    end = finish_by_withdrawing(app, game)
    assert button(end, "campaign").label == "Campaign"
    finger_tap(app, end, "campaign")
    screen = app.scenes.top
    assert isinstance(screen, ZombieworldCampaignScene)
    saved = load_campaign(path)
    assert saved.games == 1 and saved.history[0].startswith("survival")
    assert [b.glory for b in saved.bands] == [b.glory for b in screen.campaign.bands]
    assert screen.report and any("Glory" in line for line in screen.report)
    # a second tap on the victory screen's button does not count the game twice
    screen = end.open_campaign()
    assert load_campaign(path).games == 1 and screen.campaign.games == 1 and app.scenes.top is screen
    app.frame(1 / 60, [])

    # Glory banked from earlier games, so there is something to spend
    red = screen.campaign.bands[0]
    screen.play.campaign = screen.campaign.model_copy(update={"bands": (red.model_copy(update={"glory": 6}),
                                                                         *screen.campaign.bands[1:])})
    press(app, screen, f"member:{red.seat}:0")
    labels = [label for label, _ in screen.offer_list]
    assert any(label.startswith("Improve skill") for label in labels)
    assert all(b.rect.height >= MIN_TOUCH_PX for b in screen.buttons.buttons if b.key.startswith("buy:"))
    skill = next(b.key for b in screen.buttons.buttons if b.label.startswith("Improve skill"))
    finger_tap(app, screen, skill)
    member = screen.campaign.bands[0].band.members[0]
    assert member.improvements == ("skill",) and screen.campaign.bands[0].glory == 1
    assert not any(label.startswith("Improve") for label, _ in screen.offer_list)  # 1 Glory left: too dear
    press(app, screen, "quit")
    assert load_campaign(path).bands[0].band.members[0].improvements == ("skill",)

    # resume it from the set-up screen and play on
    setup = ZombieworldSetupScene(app)
    app.show(setup)
    app.frame(1 / 60, [])
    press(app, setup, "resume:0")
    resumed = app.scenes.top
    assert isinstance(resumed, ZombieworldCampaignScene) and resumed.campaign == load_campaign(path)
    app.frame(1 / 60, [])
    press(app, resumed, "next")
    nxt = app.scenes.top
    assert isinstance(nxt, ZombieworldSetupScene) and nxt.step == 1
    press(app, nxt, "next")
    press(app, nxt, "next")
    press(app, nxt, "next")
    second = app.scenes.top
    assert isinstance(second, ZombieworldGameScene) and second is not game
    first_red = second.controller.state.model(f"{red.seat}:{member.name}")
    assert first_red is not None
    assert second.campaign_play.path == path


def test_back_from_a_campaign_scenario_returns_to_the_campaign(tmp_path):
    app = new_app(tmp_path)
    setup = ZombieworldSetupScene(app)
    app.show(setup)
    press(app, setup, "band:0")
    press(app, setup, "band:1")
    press(app, setup, "campaign")
    press(app, setup, "back")
    assert isinstance(app.scenes.top, ZombieworldCampaignScene)
    assert app.scenes.top.campaign.games == 0


def test_a_broken_campaign_file_is_named_not_fatal(tmp_path):
    folder = campaign_dir(tmp_path)
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    app = new_app(tmp_path)
    setup = ZombieworldSetupScene(app)
    assert "broken.json" in setup.status and setup.campaigns == []
