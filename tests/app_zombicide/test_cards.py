"""Cards you can read: an equipment card shows range, dice, accuracy, damage, noise and slots; a
survivor card its skills by level; a zombie card what spawns at each level and where, by the zone's
name; a Sewer card says so; names follow the language (the data's Spanish column). Tapping a card
in the survivor's panel shows it whole, and Back returns to the game."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from layout_check import layout_problems, ui_rects
from test_play_polish import MISSION, setup_of

from game import i18n
from game.app.app import DeadtableApp
from game.app.widgets.card_view import CardViewScene, draw_card
from game.app.zombicide.cards import equipment_face, survivor_face, zombie_card_face, zombie_face
from game.app.zombicide.game_scene import GameScene
from game.board.mission import load_board
from game.rules.zombicide.catalog import load_catalog


def open_game(tmp_path: Path, size: tuple[int, int] = (1600, 900), mission: Path = MISSION) -> tuple[DeadtableApp, GameScene]:
    """A new game of ``mission`` shown in a fresh app of ``size``, drawn once."""
    app = DeadtableApp(size=size, save_dir=tmp_path)
    scene = GameScene.new_game(app, mission, setup_of(load_board(mission)), 3)
    app.show(scene)
    app.frame(1 / 60, [])
    return app, scene


@pytest.fixture
def catalog():  # type: ignore[no-untyped-def]
    return load_catalog("rue_morgue")


def test_a_weapon_card_shows_every_figure(catalog) -> None:  # type: ignore[no-untyped-def]
    bow = equipment_face(catalog, "bow")
    assert bow.title == "Bow" and bow.kind_label == "Ranged weapon"
    assert dict(bow.rows) == {"Range": "0–1", "Dice": "1", "Accuracy": "3+", "Damage": "1", "Noise": "silent",
                              "Slots": "in hand"}
    crowbar = dict(equipment_face(catalog, "crowbar").rows)
    assert crowbar["Opens doors"] == "silently" and crowbar["Range"] == "0–0"
    pistol = equipment_face(catalog, "pistol")
    assert dict(pistol.rows)["Noise"] == "noisy" and "Dual" in dict(pistol.sections)["Skills"]


def test_a_survivor_card_lists_skills_by_level(catalog) -> None:  # type: ignore[no-untyped-def]
    face = survivor_face(catalog, "marta")
    heads = [head for head, _ in face.sections]
    assert heads == ["Blue", "Yellow", "Orange (pick one)", "Red (pick one)"]
    assert len(dict(face.sections)["Red (pick one)"]) == 3 and all(dict(face.sections)["Blue"])


def test_a_sewer_card_says_so_and_names_its_zone(catalog) -> None:  # type: ignore[no-untyped-def]
    face = zombie_card_face(catalog, 35, "Triage")
    assert face.title == "Sewer card 35" and face.kind_label.startswith("Sewer card")
    assert ("Spawns in", "Triage") in face.rows
    lines = dict(face.sections)["By danger level"]
    assert lines[0] == "Blue: 1 × Skinner Walker" and lines[3] == "Red: 2 × Skinner Walker, 1 × Skinner Runner"
    assert zombie_card_face(catalog, 1).title == "Zombie card 1"
    assert dict(zombie_face(catalog, "skinner_runner").rows)["Actions"] == "2"


def test_names_come_from_the_data_in_the_current_language(catalog) -> None:  # type: ignore[no-untyped-def]
    try:
        i18n.set_language("es")
        assert equipment_face(catalog, "bow").title == "Arco"
        assert zombie_face(catalog, "skinner_walker").title == "Caminante Despellejado"
        assert survivor_face(catalog, "marta").title == "Marta Quiroga"  # a person's name stays
    finally:
        i18n.set_language("en")
    assert equipment_face(catalog, "bow").title == "Bow"
    every = [e for e in catalog.equipment_cards if e.ours] + list(catalog.zombies)
    assert all(item.name_es for item in every), [item.id for item in every if not item.name_es]


def test_a_card_is_drawn_at_its_size(catalog) -> None:  # type: ignore[no-untyped-def]
    surface = draw_card(equipment_face(catalog, "bow"), (360, 500))
    assert surface.get_size() == (360, 500)


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", [(1000, 650), (1920, 1080), (3840, 2160)])
def test_tapping_a_card_in_the_survivor_panel_shows_it_whole_and_back_returns(tmp_path: Path,
                                                                             size: tuple[int, int]) -> None:
    app, scene = open_game(tmp_path, size)
    scene.controller.select("marta")
    scene.refresh_buttons()
    app.frame(1 / 60, [])
    bow = next(n for n, card in enumerate(scene.selected_card().slots) if card.name == "Bow")
    where = scene.card_panel.slot_rects[bow].center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.frame(1 / 60, [pygame.event.Event(kind, pos=where, button=1)])
    top = app.scenes.top
    assert isinstance(top, CardViewScene) and top.face.title == "Bow"
    assert layout_problems(ui_rects(app.ui) + top.shown_rects(), size) == []
    back = top.buttons["back"]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.frame(1 / 60, [pygame.event.Event(kind, pos=back.rect.center, button=1)])
    for _ in range(30):  # pygame_gui posts its button press: frames until the app has read it
        if app.scenes.top is scene:
            break
        app.frame(1 / 60, pygame.event.get())
    assert app.scenes.top is scene and len(scene.controller.session.log) == 0


def test_spawn_zones_show_their_locator_numbers_and_the_legend_explains_the_markers(tmp_path: Path) -> None:
    from game.app.zombicide.scene_drawing import SPAWN_TAG_FILL

    mission = MISSION.parent / "rm-supply-run.toml"
    app, scene = open_game(tmp_path, mission=mission)
    tags = scene.spawn_tags()
    numbers = sorted(n for marker in scene.board.markers if marker.kind == "spawn" for n in marker.locators)
    assert sorted(int(n) for text, _ in tags for n in text.split("·")) == numbers and numbers
    for _text, box in tags:
        if scene.table_rect().contains(box):
            assert tuple(app.screen.get_at((box.left + 2, box.centery)))[:3] == SPAWN_TAG_FILL
    more = scene.actions.button("more")
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.frame(1 / 60, [pygame.event.Event(kind, pos=more.rect.center, button=1)])
    assert scene.dialog is not None and scene.dialog.options[-1] == "Legend…"
    legend = scene.dialog.button_for(len(scene.dialog.options) - 1)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.frame(1 / 60, [pygame.event.Event(kind, pos=legend.rect.center, button=1)])
    top = app.scenes.top
    assert isinstance(top, CardViewScene) and top.face.title == "Legend"
    lines = dict(top.face.sections)["On this board"]
    assert any(line.startswith("Spawn zone:") for line in lines) and any(line.startswith("Objective:") for line in lines)


def test_tapping_a_zombie_with_nothing_to_do_there_shows_its_card(tmp_path: Path) -> None:
    from game.app.zombicide.controller import PlaceZombies

    app, scene = open_game(tmp_path)
    c = scene.controller
    targets = c.targets("marta")
    far = next(z for z in c.state.graph.zone_ids if z in scene.board.zones and z not in targets.moves
               and z not in targets.shots and z != c._zone_of("marta"))
    walker = c.state.tables.zombie_ids[0]
    assert scene.play(PlaceZombies(far, walker, 1)).ok
    scene.director.skip()
    app.frame(1 / 60, [])
    scene.tap_piece(f"z:{far}:{walker}:0")
    top = app.scenes.top
    assert isinstance(top, CardViewScene) and top.face.title == "Skinner Walker"
    assert dict(top.face.rows)["Actions"] == "1"


def test_a_card_found_in_a_search_shows_its_figures_before_it_is_kept(catalog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from game.app.zombicide.cards import equipment_summary
    from game.app.zombicide.controller import PlaceSurvivor

    assert equipment_summary(catalog, "bow") == "Range 0–1 · Dice 1 · Accuracy 3+ · Damage 1 · Noise silent"
    app, scene = open_game(tmp_path)
    c = scene.controller
    graph = c.state.graph
    room = next(z for n, z in enumerate(graph.zone_ids) if graph.searchable[n] and z in scene.board.zones)
    assert scene.play(PlaceSurvivor("marta", room)).ok
    c.select("marta")
    scene.refresh_buttons()
    search = scene.actions.button_of_kind("search")
    assert search is not None and search.enabled
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.frame(1 / 60, [pygame.event.Event(kind, pos=search.rect.center, button=1)])
    for _ in range(600):  # frames until the find is asked about (the draw animates first)
        if scene.dialog is not None:
            break
        scene.director.skip()
        app.frame(1 / 60, [])
    pending = c.pending
    assert pending is not None and pending.kind == "keep_card" and scene.dialog is not None
    card = c.state.card_kinds[pending.card]
    assert scene.dialog.lines[0] == equipment_summary(catalog, card)


def test_tapping_the_survivor_panel_away_from_a_card_shows_the_survivor_card(tmp_path: Path) -> None:
    app, scene = open_game(tmp_path)
    scene.controller.select("marta")
    scene.refresh_buttons()
    app.frame(1 / 60, [])
    where = (scene.card_panel.rect.left + 30, scene.card_panel.rect.top + 30)  # the survivor's name
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.frame(1 / 60, [pygame.event.Event(kind, pos=where, button=1)])
    top = app.scenes.top
    assert isinstance(top, CardViewScene) and top.face.title == "Marta Quiroga" and top.face.kind_label == "Survivor"


def test_every_card_name_is_whole_in_a_hand_slot_in_both_languages(tmp_path: Path) -> None:
    """A long name takes two or three lines in a hand slot ("Arco con púas" was cut to "Arco con …")."""
    from game.app.zombicide.survivor_card import slot_words

    _app, scene = open_game(tmp_path, (1000, 650))
    hand = scene.card_panel.slot_rects[0]
    cut: list[str] = []
    try:
        for language in ("en", "es"):
            i18n.set_language(language)
            for box in ("rue_morgue", "green_horde", "invader"):
                for card in load_catalog(box).equipment_cards:
                    name = (card.name_es if language == "es" else "") or card.name
                    _size, lines = slot_words(name, hand.width - 10, hand.height - 4)
                    if " ".join(lines) != name:
                        cut.append(name)
    finally:
        i18n.set_language("en")
    assert cut == []


@pytest.mark.parametrize("size", [(1000, 650), (1280, 800)], ids=["1000x650", "1280x800"])
@pytest.mark.parametrize("mission", ["gh-05-purifying-flood", "inv-m0"])
def test_a_body_slot_and_five_in_the_backpack_stay_on_the_card(tmp_path: Path, size: tuple[int, int], mission: str) -> None:
    """Green Horde's and Invader's cards hold hands, a body (two slots in Invader) and five backpack
    slots: a short card says the rest in fewer rows and its slots grow shorter, never past its edge
    (at 1280x800 Invader's backpack was drawn below the window)."""
    from game.app.zombicide.game_save import mission_setup
    from game.rules.zombicide.simulate import mission_team, players_for

    path = MISSION.parent / f"{mission}.toml"
    board = load_board(path)
    team = mission_team(mission, [s.id for s in load_catalog(board.properties["setup"]["box"]).survivors])
    app = DeadtableApp(size=size, save_dir=tmp_path)
    scene = GameScene.new_game(app, path, mission_setup(board, {"players": players_for(team)}), 3)
    app.show(scene)
    app.frame(1 / 60, [])
    panel = scene.card_panel
    assert len(panel.slot_rects) == (9 if mission.startswith("inv") else 8)
    assert all(panel.rect.contains(rect) for rect in panel.slot_rects), (panel.rect, panel.slot_rects)
    assert min(rect.height for rect in panel.slot_rects) >= 30
