"""A file dropped on the window or picked with "Open a file…": missions and tables open their game's
set-up with them chosen, other maps the free table, saves resume; a file that cannot be used says
why, naming it, and changes nothing. The free table page and Zombieworld's set-up list the player's
own maps beside the shipped ones."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.app.app import DeadtableApp
from game.app.start_scene import StartScene
from game.app.table_scene import TableScene
from game.app.zombicide.new_game_scene import ZombicideNewGameScene
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from game.platform import map_sources
from tests.app_shell.shell_ui import REPO, TOWN, TUTORIAL, new_app, tap_at

GREEN_HORDE_MISSION = REPO / "maps" / "missions" / "gh-02-necromancers.toml"
CROSSROADS = REPO / "maps" / "zombieworld" / "zw-crossroads.tmx"




@pytest.fixture
def app(tmp_path: Path, own_maps: Path) -> DeadtableApp:
    application = new_app(tmp_path / "saves")
    application.open_start()
    application.frame(0.02, events=[])
    return application


def drop(app: DeadtableApp, path: Path) -> None:
    app.frame(0.02, events=[pygame.event.Event(pygame.DROPFILE, file=str(path))])


def shown_message(app: DeadtableApp) -> str:
    message = app.message
    assert message is not None and message.alive(), "no message was shown"
    return f"{message.window_display_title} {message.text_block.html_text}"


def test_a_dropped_mission_opens_its_boxs_new_game_with_it_chosen(app: DeadtableApp) -> None:
    drop(app, GREEN_HORDE_MISSION)
    scene = app.scenes.top
    assert isinstance(scene, ZombicideNewGameScene) and scene.box == "green_horde"
    assert scene.mission is not None and scene.mission.path.resolve() == GREEN_HORDE_MISSION.resolve()
    drop(app, TUTORIAL)
    scene = app.scenes.top
    assert isinstance(scene, ZombicideNewGameScene) and scene.box == "rue_morgue"
    assert scene.mission is not None and scene.mission.id == "rm-tutorial-1"


def test_a_dropped_table_opens_zombieworlds_set_up_with_it_chosen(app: DeadtableApp) -> None:
    drop(app, CROSSROADS)
    scene = app.scenes.top
    assert isinstance(scene, ZombieworldSetupScene) and scene.table == CROSSROADS
    assert "Crossroads Petrol Station" in scene.status  # the player is told which table was chosen


def test_a_dropped_module_opens_on_the_free_table(app: DeadtableApp) -> None:
    module = next((REPO / "maps" / "zombicide").glob("*.tmx"))
    drop(app, module)
    assert isinstance(app.scenes.top, TableScene) and app.table is not None
    assert Path(app.table.state.source) == module.resolve()


def test_a_file_that_cannot_be_used_says_why_and_changes_nothing(app: DeadtableApp, tmp_path: Path) -> None:
    before = app.scenes.top
    notes = tmp_path / "notes.txt"
    notes.write_text("not a map", encoding="utf-8")
    drop(app, notes)
    assert "notes.txt" in shown_message(app) and ".tmx" in shown_message(app)
    assert app.scenes.top is before
    broken = tmp_path / "elsewhere" / "broken.tmx"
    broken.parent.mkdir()
    broken.write_text("<map><properties></properties>", encoding="utf-8")
    drop(app, broken)
    assert "broken.tmx" in shown_message(app) and "'game' property" in shown_message(app)
    assert app.scenes.top is before
    drop(app, tmp_path / "gone.toml")
    assert "gone.toml" in shown_message(app) and "does not exist" in shown_message(app)
    assert app.scenes.top is before


def test_a_dropped_map_whose_board_is_wrong_names_the_file_and_keeps_the_screen(app: DeadtableApp,
                                                                                tmp_path: Path) -> None:
    text = TOWN.read_text(encoding="utf-8")
    wrong = tmp_path / "mine" / "no-tiles.tmx"
    wrong.parent.mkdir()
    wrong.write_text(text.replace('source="', 'source="missing-', 1), encoding="utf-8")
    map_sources.add_user_folder(wrong.parent)
    drop(app, wrong)  # a Zombieworld table: the set-up opens; starting it is where the board is read
    assert isinstance(app.scenes.top, ZombieworldSetupScene)
    app.open_start()
    module = tmp_path / "mine" / "module.tmx"
    module.write_text(text.replace('value="zombieworld"', 'value="any"', 1).replace('source="', 'source="missing-', 1),
                      encoding="utf-8")
    drop(app, module)
    message = shown_message(app)
    assert "module.tmx" in message and "missing-" in message
    assert isinstance(app.scenes.top, StartScene) and app.table is None


def test_the_free_table_page_lists_the_players_maps_and_says_why_a_broken_one_is_greyed(
        app: DeadtableApp, own_maps: Path) -> None:
    tiles = REPO / "assets" / "tiles" / "deadtable.tsx"
    text = TOWN.read_text(encoding="utf-8").replace('source="../../assets/tiles/deadtable.tsx"', f'source="{tiles}"')
    (own_maps / "my-square.tmx").write_text(text.replace('value="Town Square"', 'value="My Square"'), encoding="utf-8")
    (own_maps / "broken.tmx").write_text("<map><properties></properties>", encoding="utf-8")
    start = app.scenes.top
    assert isinstance(start, StartScene)
    start.go("table")
    labels = {key: button.text for key, button in start.buttons.items()}
    assert labels["table_my-square"].endswith("My Square (yours)")
    assert labels["table_zw-town-square"].endswith("Town Square")
    assert "broken.tmx" in labels["bad_table_broken"] and "'game' property" in labels["bad_table_broken"]
    assert not start.buttons["bad_table_broken"].is_enabled
    assert "table_rm-tutorial-1" in labels  # missions a game starts on
    assert not any(key.startswith("table_rm-") and "module" in key for key in labels)
    shipped_modules = {p.stem for p in (REPO / "maps" / "zombicide").glob("*.tmx")}
    assert not shipped_modules & {key.removeprefix("table_") for key in labels}  # modules come through missions
    # the row lies below the fold: pressed as pygame_gui reports a press
    app.frame(0.02, events=[pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                               ui_element=start.buttons["table_my-square"])])
    assert isinstance(app.scenes.top, TableScene) and app.table is not None
    assert Path(app.table.state.source).name == "my-square.tmx"


def test_open_a_file_picks_with_the_file_dialog(app: DeadtableApp) -> None:
    start = app.scenes.top
    start.go("table")
    tap_at(app, start.buttons["next"].rect.center, finger=False)
    assert app.dialog is not None and app.dialog.alive()
    app.frame(0.02, events=[pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(CROSSROADS),
                                               ui_element=app.dialog)])
    assert isinstance(app.scenes.top, ZombieworldSetupScene) and app.scenes.top.table == CROSSROADS


def test_zombieworlds_set_up_lists_the_players_tables(app: DeadtableApp, own_maps: Path) -> None:
    text = TOWN.read_text(encoding="utf-8")
    (own_maps / "zw-town-square.tmx").write_text(text.replace('value="Town Square"', 'value="Our Square"'),
                                                 encoding="utf-8")
    scene = ZombieworldSetupScene(app)
    titles = [title for _path, title in scene.tables]
    assert titles.index("Our Square (yours)") > titles.index("Town Square")
    # two files share a name: each keeps its own button
    keys = {scene.table_key(path) for path, _title in scene.tables}
    assert len(keys) == len(scene.tables)
