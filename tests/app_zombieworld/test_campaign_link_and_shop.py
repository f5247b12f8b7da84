"""Zombieworld campaigns by taps: a campaign game saved, quit and continued (or loaded) still
belongs to its campaign and is folded in exactly as if played straight through, once only; older
saves load; a campaign named by typing and listed; qualities bought in the shop between games."""

from __future__ import annotations

import json

import pygame
import pytest

from game.app.start_scene import StartScene
from game.app.widgets.game_menu import GameMenu
from game.app.zombieworld.campaign_scene import (
    ZombieworldCampaignScene,
    campaign_dir,
    campaign_summary,
    start_campaign,
)
from game.app.zombieworld.end_scene import ZombieworldEndScene
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.saves import ZwSaveError, autosave_path, campaign_link, load_game, read_info
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.campaign import load_campaign
from game.rules.zombieworld.presets import preset_bands
from tests.app_zombieworld.zw_ui import new_app

SEED = 21
SMALL = (1024, 700)  # the games played to the end draw cheaper frames


def tap_at(app, pos, finger: bool = False) -> None:
    """A tap as SDL sends it: a finger also arrives as mouse events marked ``touch``."""
    x, y = pos
    w, h = app.screen.get_size()

    def touch(kind):
        return pygame.event.Event(kind, touch_id=1, finger_id=2, x=x / w, y=y / h, dx=0.0, dy=0.0, pressure=1.0)

    down = [touch(pygame.FINGERDOWN)] if finger else []
    down.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=finger))
    app.frame(1 / 60, down)
    up = [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=finger)]
    if finger:
        up.append(touch(pygame.FINGERUP))
    app.frame(1 / 60, up)
    app.frame(1 / 60, pygame.event.get())  # what pygame_gui posted


def tap(app, buttons, key: str, finger: bool = False) -> None:
    button = next(b for b in buttons.buttons if b.key == key)
    tap_at(app, button.rect.center, finger)


def tap_start(app, key: str, finger: bool = False) -> None:
    start = app.scenes.top
    assert isinstance(start, StartScene), type(start)
    assert start.buttons[key].is_enabled, key
    tap_at(app, start.buttons[key].rect.center, finger)


def campaign_game(app, finger: bool = False) -> ZombieworldGameScene:
    """A new campaign of the first two ready-made bands, its first game started by taps."""
    setup = ZombieworldSetupScene(app)
    app.show(setup)
    app.frame(1 / 60, [])
    tap(app, setup.buttons, "band:0", finger)
    tap(app, setup.buttons, "band:1", finger)
    tap(app, setup.buttons, "campaign", finger)
    tap(app, setup.buttons, "next", finger)
    tap(app, setup.buttons, "next", finger)
    setup.seed = SEED
    tap(app, setup.buttons, "next", finger)
    game = app.scenes.top
    assert isinstance(game, ZombieworldGameScene)
    return game


def play_to_the_end(app, game: ZombieworldGameScene) -> ZombieworldEndScene:
    """A first activation and move, then each seat withdraws on its turn until the game is over."""
    ready = game.controller.activatable()
    game.play(c.Activate(ready[0]))
    for _ in range(60):
        if game.controller.outcome() is not None:
            break
        game.play(c.Withdraw())
        app.frame(1 / 30, [])
    for _ in range(400):  # long frames: the dice still roll out, in fewer draws
        app.frame(0.25, [])
        if isinstance(app.scenes.top, ZombieworldEndScene):
            break
    end = app.scenes.top
    assert isinstance(end, ZombieworldEndScene)
    app.frame(1 / 60, [])
    return end


def only_campaign(save_dir):
    files = list(campaign_dir(save_dir).glob("*.json"))
    assert len(files) == 1
    return load_campaign(files[0])


def test_a_saved_and_continued_campaign_game_is_recorded_as_if_played_straight(tmp_path):
    straight_dir, saved_dir = tmp_path / "straight", tmp_path / "saved"
    app = new_app(straight_dir, SMALL)
    end = play_to_the_end(app, campaign_game(app))
    tap(app, end.buttons, "campaign")
    assert isinstance(app.scenes.top, ZombieworldCampaignScene)
    straight = only_campaign(straight_dir)
    assert straight.games == 1 and straight.rounds_played >= 1

    finger = True  # the second time by finger
    app = new_app(saved_dir, SMALL)
    game = campaign_game(app, finger)
    tap(app, game.tools, "save", finger)
    saved = json.loads((saved_dir / f"zombieworld-{game.controller.table_path.stem}.json").read_text(encoding="utf-8"))
    assert saved["kind"] == "deadtable-save" and saved["game"] == "zombieworld"
    assert saved["campaign"]["games_at_start"] == 0
    assert saved["campaign"]["name"] == straight.name
    tap(app, game.tools, "menu", finger)
    assert isinstance(app.scenes.top, GameMenu)
    tap_at(app, app.scenes.top.buttons["save_leave"].rect.center, finger)
    assert read_info(autosave_path(saved_dir)).campaign == straight.name
    assert "(campa" in app.scenes.top.buttons["continue"].text
    tap_start(app, "continue", finger)
    resumed = app.scenes.top
    assert isinstance(resumed, ZombieworldGameScene) and resumed is not game
    assert getattr(resumed, "campaign_play", None) is None and campaign_link(resumed.controller.session) is not None
    end = play_to_the_end(app, resumed)
    assert next(b for b in end.buttons.buttons if b.key == "campaign").label == "Campaign"
    tap(app, end.buttons, "campaign", finger)
    screen = app.scenes.top
    assert isinstance(screen, ZombieworldCampaignScene) and screen.report
    after = only_campaign(saved_dir)
    assert after == straight  # glory, wounds, casualties, found kit, history and rounds alike
    assert screen.campaign == after


def test_a_loaded_game_is_not_counted_twice_and_an_old_save_has_no_campaign(tmp_path):
    app = new_app(tmp_path, SMALL)
    game = campaign_game(app)
    path = game.save(tmp_path / "long-game.json")
    app.open_start()
    app.frame(1 / 60, [])
    app.scenes.top.go("load")
    tap_start(app, "save_long-game", finger=True)
    loaded = app.scenes.top
    assert isinstance(loaded, ZombieworldGameScene)
    end = play_to_the_end(app, loaded)
    tap(app, end.buttons, "campaign")
    assert only_campaign(tmp_path).games == 1
    end.open_campaign()  # a second tap changes nothing
    assert only_campaign(tmp_path).games == 1

    # the finished game saved again and reopened: the campaign has moved on, nothing is added
    again = ZombieworldGameScene.resume(app, loaded.save(tmp_path / "long-game.json"))
    app.show(again)
    again.show_end()
    app.frame(1 / 60, [])
    end = app.scenes.top
    assert isinstance(end, ZombieworldEndScene)
    screen = end.open_campaign()
    assert "not added" in screen.report[0] and only_campaign(tmp_path).games == 1

    # a save with no campaign link loads as a game of no campaign; a broken link or a newer schema says why
    data = json.loads(path.read_text(encoding="utf-8"))
    data["campaign"] = None
    path.write_text(json.dumps(data), encoding="utf-8")
    session, _, _ = load_game(path)
    assert campaign_link(session) is None
    data["campaign"] = {"path": 7}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ZwSaveError, match="long-game.json: 'campaign'"):
        load_game(path)
    data["campaign"], data["game_schema"] = None, 3
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ZwSaveError, match="newer Deadtable"):
        load_game(path)


def test_a_campaign_is_named_by_typing_and_listed_with_its_games_and_bands(tmp_path):
    app = new_app(tmp_path)
    setup = ZombieworldSetupScene(app)
    app.show(setup)
    app.frame(1 / 60, [])
    tap(app, setup.buttons, "band:0", finger=True)
    tap(app, setup.buttons, "band:2", finger=True)
    assert setup.name_entry.placeholder_text == "Blue Line vs Night Owls"
    assert setup.name_rect.height >= 48
    tap_at(app, setup.name_rect.center, finger=True)
    assert setup.name_entry.is_focused
    for text in ("Winter", " ", "of bites"):
        app.frame(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text=text)])
    assert setup.campaign_name() == "Winter of bites"
    tap(app, setup.buttons, "campaign", finger=True)
    assert setup.campaign.campaign.name == "Winter of bites"
    assert setup.campaign.path == campaign_dir(tmp_path) / "winter-of-bites.json"
    assert setup.name_entry is None  # the name line goes with the bands step

    # blank: the bands' names; a name in use gets a number
    start_campaign(tmp_path, preset_bands()[:2])
    second = start_campaign(tmp_path, preset_bands()[:2], "  ")
    assert second.campaign.name == "Blue Line vs Fire Crew 2"

    # Enter after typing the name starts the campaign too
    setup = ZombieworldSetupScene(app)
    app.show(setup)
    app.frame(1 / 60, [])
    tap(app, setup.buttons, "band:1")
    tap(app, setup.buttons, "band:2")
    tap_at(app, setup.name_rect.center)
    app.frame(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text="Autumn")])
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40)])
    app.frame(1 / 60, pygame.event.get())
    assert setup.campaign is not None and setup.campaign.campaign.name == "Autumn" and setup.step == 1

    setup = ZombieworldSetupScene(app)
    app.show(setup)
    app.frame(1 / 60, [])
    names = [found.name for _, found in setup.campaigns]
    assert sorted(names) == ["Autumn", "Blue Line vs Fire Crew", "Blue Line vs Fire Crew 2", "Winter of bites"]
    index = names.index("Winter of bites")
    assert campaign_summary(setup.campaigns[index][1]) == "0 games · 0 rounds played · Blue Line vs Night Owls"
    tap(app, setup.buttons, f"resume:{index}", finger=True)
    assert isinstance(app.scenes.top, ZombieworldCampaignScene)
    assert app.scenes.top.campaign.name == "Winter of bites"


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "finger"])
def test_qualities_are_bought_between_games_with_reasons_when_refused(tmp_path, finger):
    app = new_app(tmp_path)
    play = start_campaign(tmp_path, preset_bands()[:2], "Shop")
    red = play.campaign.bands[0]
    play.campaign = play.campaign.model_copy(update={"bands": (red.model_copy(update={"glory": 4}),
                                                               *play.campaign.bands[1:])})
    screen = ZombieworldCampaignScene(app, play)
    app.show(screen)
    app.frame(1 / 60, [])
    tap(app, screen.buttons, "member:red:2", finger)  # Cy: shotgun in hand, bat in the backpack
    tap(app, screen.buttons, "tab:qualities", finger)
    labels = [b.label for b in screen.buttons.buttons if b.key.startswith("buy:")]
    assert "Agile · 3" in labels
    assert all(b.rect.height >= 48 for b in screen.buttons.buttons if b.key.startswith("buy:"))
    agile = next(b.key for b in screen.buttons.buttons if b.label == "Agile · 3")
    tap(app, screen.buttons, agile, finger)
    cy = screen.campaign.bands[0].band.members[2]
    assert cy.virtue == "agile" and screen.campaign.bands[0].glory == 1
    assert load_campaign(play.path).bands[0].band.members[2].virtue == "agile"
    assert "Agile" in screen.status

    # every other virtue is now refused, and says why when tapped
    shown = {b.label: b.key for b in screen.buttons.buttons if b.key.startswith("buy:")}
    while "Medic · 3" not in shown:
        tap(app, screen.buttons, "page", finger)
        shown = {b.label: b.key for b in screen.buttons.buttons if b.key.startswith("buy:")}
    tap(app, screen.buttons, shown["Medic · 3"], finger)
    assert "already has the virtue Agile" in screen.status and screen.campaign.bands[0].glory == 1

    weakling = next(o for o in screen.shelf if o.purchase.what == "weakling")
    assert "backpack holds 0" in weakling.reason
    while not any(b.label == "Obese · gives 3" for b in screen.buttons.buttons):
        tap(app, screen.buttons, "page", finger)
    tap(app, screen.buttons, next(b.key for b in screen.buttons.buttons if b.label == "Obese · gives 3"), finger)
    assert screen.campaign.bands[0].band.members[2].defect == "obese" and screen.campaign.bands[0].glory == 4
    assert load_campaign(play.path).bands[0].glory == 4
