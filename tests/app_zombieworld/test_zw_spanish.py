"""Zombieworld in Spanish: the set-up's four steps by taps, the game's first round (log, hints, roster,
table labels) and the victory screen draw no English word, and no marked string lacks its translation."""

from __future__ import annotations

import pytest

from game import i18n
from game.app.zombieworld.band_builder import BandBuilderScene
from game.app.zombieworld.campaign_scene import ZombieworldCampaignScene
from game.app.zombieworld.end_scene import ZombieworldEndScene
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from tests.app_zombieworld.zw_ui import finish_by_withdrawing, new_app, run_until, tap
from tests.spanish_probe import DrawnText, english_words


@pytest.fixture
def spanish():
    i18n.set_language("es")
    yield
    i18n.set_language("en")


def press(app, scene, key: str) -> None:
    button = next(b for b in scene.buttons.buttons if b.key == key)
    tap(app, button.rect.center)


def two_bands_for_survival(app, campaign: bool = False) -> ZombieworldSetupScene:  # type: ignore[no-untyped-def]
    """The set-up by taps: the first two bands (as a new campaign, or a single game), then Survival."""
    setup = ZombieworldSetupScene(app)
    app.show(setup)
    app.frame(1 / 60, [])
    press(app, setup, "band:0")
    press(app, setup, "band:1")
    press(app, setup, "campaign" if campaign else "next")
    press(app, setup, "scenario:survival")
    return setup


def test_set_up_game_and_end_in_spanish(tmp_path, monkeypatch, spanish):
    drawn = DrawnText(monkeypatch)
    app = new_app(tmp_path)
    setup = two_bands_for_survival(app)
    press(app, setup, "next")
    press(app, setup, f"table:{setup.tables[-1][0].name}")
    press(app, setup, "next")
    assert setup.step == 3
    press(app, setup, "next")
    game = app.scenes.top
    assert isinstance(game, ZombieworldGameScene)
    run_until(app, lambda: not game.anim.busy)
    lines = [text for text, _tone in game.log_panel.lines]
    assert any(line.startswith("— Ronda 1 —") for line in lines)
    end = finish_by_withdrawing(app, game)
    assert isinstance(end, ZombieworldEndScene)
    app.frame(1 / 60, [])
    state = game.controller.state
    names = [game.controller.band_name(seat) for seat in state.seats]
    names += [m.name for m in (*state.models, *state.departed)]
    names += [title for _path, title in setup.tables] + [path.name for path, _title in setup.tables]
    names += [piece.label for piece in state.table.pieces if piece.label]  # the map's own labels
    assert any("Empezar la partida" in text for text in drawn.texts)  # the set-up's last button
    assert english_words(drawn.texts, names) == {}
    assert i18n.untranslated() == frozenset()
    drawn.close()


def content_names(catalog) -> list[str]:
    """The Spanish names of the content (ranks, items, qualities, vehicles): names, never English words."""
    names = [rank.name_es for rank in catalog.ranks] + [vehicle.name_es for vehicle in catalog.vehicles]
    names += [item.name_es for group in (catalog.firearms, catalog.hand_weapons, catalog.objects) for item in group]
    names += [q.name_es for q in (*catalog.qualities.virtue, *catalog.qualities.defect)]
    return names


def test_the_band_builder_in_spanish(tmp_path, monkeypatch, spanish):
    drawn = DrawnText(monkeypatch)
    app = new_app(tmp_path)
    builder = BandBuilderScene(app)
    app.show(builder)
    app.frame(1 / 60, [])
    assert builder.draft.name == "Mi banda"
    problems: set[str] = set(builder.problems())
    for key in ("add", "add_dog", "slot:rank:-1", "slot:hand1:1", "slot:virtue:1", "type:1", *["remove"] * 5):
        press(app, builder, key)
        app.frame(1 / 60, [])
        problems.update(builder.problems())
    assert any(text.startswith(("Por corregir", "Lista para jugar")) for text in drawn.texts)
    assert any(text.endswith(" puntos") for text in drawn.texts)
    names = [m["name"] for m in builder.draft.members] + ["Alex", "Bea", "Carl", "Rex"] + content_names(builder.catalog)
    assert any("figuras" in p for p in problems)  # the band's size, said in Spanish
    assert english_words(problems, names) == {}
    # the bands' descriptions have no Spanish column yet
    kept = [u.description for u in builder.catalog.bands.unique]
    assert english_words([t for t in drawn.texts if not any(t.rstrip("…") in k for k in kept)], names) == {}
    assert i18n.untranslated() == frozenset()
    drawn.close()


def test_the_campaign_screen_in_spanish(tmp_path, monkeypatch, spanish):
    drawn = DrawnText(monkeypatch)
    app = new_app(tmp_path)
    setup = two_bands_for_survival(app, campaign=True)
    for _ in range(3):
        press(app, setup, "next")
    game = app.scenes.top
    assert isinstance(game, ZombieworldGameScene)
    end = finish_by_withdrawing(app, game)
    screen = end.open_campaign()
    assert isinstance(screen, ZombieworldCampaignScene)
    drawn.clear()
    app.frame(1 / 60, [])
    red = screen.campaign.bands[0]
    screen.play.campaign = screen.campaign.model_copy(update={"bands": (red.model_copy(update={"glory": 6}),
                                                                         *screen.campaign.bands[1:])})
    press(app, screen, f"member:{red.seat}:0")
    for tab in ("train", "kit", "qualities", "recruit"):
        press(app, screen, f"tab:{tab}")
        app.frame(1 / 60, [])
    press(app, screen, "tab:train")
    improve = next(b.key for b in screen.buttons.buttons if b.label.startswith("Mejorar habilidad"))
    press(app, screen, improve)
    app.frame(1 / 60, [])
    assert screen.status.startswith("Comprado: Mejorar habilidad")
    assert any(text.startswith("Clasificación: ") for text in drawn.texts)
    state = game.controller.state
    names = [b.band.name for b in screen.campaign.bands] + [m.name for b in screen.campaign.bands for m in b.band.members]
    names += [m.name for m in (*state.models, *state.departed)] + content_names(state.catalog)
    names += [piece.label for piece in state.table.pieces if piece.label]
    report = [text for text in drawn.texts if text.startswith("Última partida: ")]
    assert report and " de Gloria" in report[0]  # the campaign's report, in Spanish
    assert english_words(drawn.texts, names) == {}
    assert i18n.untranslated() == frozenset()
    drawn.close()


def test_vehicle_climb_and_jump_lines_in_spanish(tmp_path, spanish):
    from game.app.zombieworld.event_text import describe
    from game.rules.zombieworld import commands as c
    from tests.app_zombieworld.test_zw_vehicles import _next_to_vehicle
    from tests.app_zombieworld.zw_ui import log_shows, mouse_drag, mouse_release, open_game, screen_of

    app = new_app(tmp_path)
    scene = open_game(app, 1)
    model, vehicle = _next_to_vehicle(scene)
    app.frame(1 / 60, [])
    start, end = screen_of(scene, model.position), screen_of(scene, vehicle.position)
    mouse_drag(app, start, end)
    mouse_release(app, end)
    assert scene.state.model(model.id).vehicle == vehicle.id
    assert log_shows(scene, lambda text: " sube al vehículo " in text and "(el asiento" in text)
    state = scene.state
    name = state.model(model.id).name
    lines = [describe(event, state)[0] for event in (
        c.VehicleStatus(vehicle.id, "stalled"), c.VehicleLeft(model.id, vehicle.id, (0.0, 0.0)),
        c.Climbed(model.id, 1, 3.0), c.Jumped(model.id, ((0.0, 0.0), (1.0, 1.0)), 0, 4.5, True))]
    assert lines[0].startswith("El vehículo ") and lines[0].endswith(" se cala")
    assert lines[1].startswith(f"{name} baja del vehículo ")
    assert lines[2].startswith(f"{name} sube a ") and lines[2].endswith("(3.0 cm)")
    assert lines[3].startswith(f"{name} salta, no llega y cae en ")
    assert i18n.untranslated() == frozenset()


def test_the_new_game_page_names_the_band_builder_in_spanish(tmp_path, monkeypatch, spanish):
    drawn = DrawnText(monkeypatch)
    app = new_app(tmp_path, size=(1000, 650))
    app.open_start()
    start = app.scenes.top
    start.go("games")
    run_until(app, lambda: "new_band_builder" in start.buttons)
    app.frame(1 / 60, [])
    assert start.buttons["new_band_builder"].text == "Zombieworld: creador de bandas"
    assert not any("band builder" in text for text in drawn.texts)
    assert i18n.untranslated() == frozenset()
    drawn.close()
