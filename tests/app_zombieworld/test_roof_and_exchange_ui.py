"""On the town square, through synthetic mouse and finger events only: a survivor walks to the
Town Hall's fire escape, climbs it to the roof (part-way first when short of cm), is refused a
jump down to the street (the ground is no landing place), shoots from the roof; two band mates
exchange an item in the Exchange dialog. Every step is checked against the engine's state."""

from __future__ import annotations

import dataclasses
import math

import pygame

from game.app.zombieworld.controller import ZombieworldController, seat_points
from game.app.zombieworld.event_text import describe
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.saves import autosave_path, load_game
from game.board.mission import load_board
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.geometry import BASE_RADIUS_CM
from game.rules.zombieworld.presets import preset_bands
from game.rules.zombieworld.working import Game
from tests.app_zombieworld.zw_ui import (
    TOWN,
    finger_drag,
    log_shows,
    mouse_drag,
    mouse_release,
    new_app,
    offer_of,
    run_until,
    screen_of,
    tap_offer,
)

SEED = 1
HERO = "blue:Jonas"  # carries a shotgun
GIVER, TAKER = "blue:Lu", "blue:Pip"  # side by side at the start, Lu with a spare weapon in the backpack


def finger_tap(app, pos: tuple[float, float]) -> None:
    w, h = app.screen.get_size()
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        app.frame(1 / 60, [pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=5,
                                              touch_id=1, pressure=1.0)])


def mouse_tap(app, pos: tuple[float, float]) -> None:
    pos = (round(pos[0]), round(pos[1]))
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def tap(app, pos, finger: bool) -> None:
    (finger_tap if finger else mouse_tap)(app, pos)


def button(buttons, starts: str):
    return next((b for b in buttons.buttons if b.label.startswith(starts) and b.enabled), None)


def offer(scene: ZombieworldGameScene, starts: str):
    """The action bar's offer whose words start with ``starts``, wherever the bar shows it."""
    return offer_of(scene, starts, starts=True)


def tap_action(app, scene: ZombieworldGameScene, starts: str, finger: bool) -> None:
    found = offer(scene, starts)
    assert found is not None, f"no action {starts!r} offered"
    tap_offer(app, scene, found, lambda pos, now=finger: tap(app, pos, now))


def settle(app, scene: ZombieworldGameScene) -> None:
    """What a player's taps on the table do: every roll and animation shown to its end."""
    while scene.dice.busy:
        scene.dice.skip()
    scene.finish_animation()
    run_until(app, lambda: not scene.table.slides)  # miniatures slide to where the engine put them


def fire_escape(scene: ZombieworldGameScene):
    """The Town Hall, and the stairs piece outside it that reaches its roof."""
    table = scene.state.table
    hall = next(p for p in table.pieces if p.label == "Town Hall")
    ladder = next(p for p in table.pieces if p.kind.value == "stairs" and hall in table.roofs_reached_by(p)
                  and table.building_at(((p.bounds[0] + p.bounds[2]) / 2, (p.bounds[1] + p.bounds[3]) / 2)) is None)
    return hall, ladder


def test_up_the_fire_escape_to_the_roof_a_shot_from_it_and_an_exchange(tmp_path):
    app = new_app(tmp_path)
    # the bands laid out as before issue 13 (the whole climb is scripted from where they stood)
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", SEED, legacy_placement=True)
    app.show(scene)
    app.frame(1 / 60, [])
    hall, ladder = fire_escape(scene)
    assert hall.roof and hall.floors == 2
    # the foot of the fire escape: outside the hall, touching the stairs piece on its far side
    foot = (ladder.bounds[2] + BASE_RADIUS_CM - 0.3, (ladder.bounds[1] + ladder.bounds[3]) / 2)
    controller = scene.controller
    autosave = autosave_path(tmp_path)
    finger = False
    saw_ladder_label = saw_part_way = refused_jump = shot = exchanged = False

    for _step in range(400):
        settle(app, scene)
        finger = not finger
        state = controller.state
        if controller.outcome() is not None or (shot and exchanged):
            break
        hero = controller.model(HERO)
        assert hero is not None, "the climber was lost before the end of the test"
        fight = offer(scene, "Fight on")
        if fight is not None:
            tap_offer(app, scene, fight, lambda pos, now=finger: tap(app, pos, now))
            continue
        ready = controller.activatable()
        if state.active is None and ready:
            pick = HERO if HERO in ready else GIVER if GIVER in ready and not exchanged else ready[0]
            row = next(rect for rect, model_id in scene.roster if model_id == pick)
            tap(app, row.center, finger)  # a look: nothing played
            assert controller.state.active is None and controller.selected == pick
            tap_action(app, scene, f"Activate {controller.model(pick).name}", finger)
            assert controller.state.active is None or controller.state.active.model == pick
            continue
        active = state.active
        assert active is not None, f"nothing to do: {controller.legal()}"

        if active.model == GIVER and not exchanged and controller.template(c.ExchangeTemplate) is not None:
            giver, taker = controller.model(GIVER), controller.model(TAKER)
            item = giver.backpack[0]
            exchange = offer(scene, "Exchange with")
            assert exchange is not None and scene.state.model(TAKER).name in exchange.label
            tap_offer(app, scene, exchange, lambda pos: mouse_tap(app, pos))
            assert scene.dialog is not None
            label = f"Give {state.catalog.item_name(item)} to {taker.name}"
            choice = next(b for b in scene.dialog.buttons.buttons if b.label == label)
            finger_tap(app, choice.rect.center)
            assert scene.dialog is None
            after_giver, after_taker = controller.model(GIVER), controller.model(TAKER)
            assert item not in (*after_giver.hand, *after_giver.backpack)
            assert item in (*after_taker.hand, *after_taker.backpack)
            assert controller.state.active.action_used
            assert log_shows(scene, lambda text, name=taker.name: "gives" in text and name in text)
            exchanged = True
            # the autosave waits for the activation's end, then holds every command played
            assert not autosave.exists() or len(load_game(autosave)[0].log) < len(controller.session.log)
            tap_action(app, scene, "End activation", finger)
            assert len(load_game(autosave)[0].log) == len(controller.session.log)
        elif active.model == HERO and not shot:
            on_roof = hero.level == hall.floors and Game(state).on_roof(hero)
            up = offer(scene, "Up the ladder to the roof")
            if on_roof:
                assert scene.level_tag(hero) == "R"
                assert log_shows(scene, lambda text: "climbs to the roof of the Town Hall" in text)
                scene.table.camera.fit((hero.x - 20, hero.y - 20, 40, 40))
                app.frame(1 / 60, [])
                if not refused_jump and controller.template(c.JumpTemplate) is not None:
                    # off the roof to the street beyond the hall's east wall: refused, still on the roof
                    start = screen_of(scene, hero.position)
                    street = (hall.bounds[2] + 5.0, hero.y)
                    end = screen_of(scene, street)
                    mouse_drag(app, start, end)
                    preview = scene.table.drag.preview
                    assert isinstance(preview.command, c.Jump) and not preview.legal and "raised place" in preview.reason
                    mouse_release(app, end)
                    assert controller.state == state
                    refused_jump = True
                aim = offer(scene, "Shoot")
                if aim is None:
                    tap_action(app, scene, "End activation", finger)
                    continue
                tap_offer(app, scene, aim, lambda pos: mouse_tap(app, pos))
                assert scene.aim is not None and scene.aim.shooter == HERO
                log_size = len(controller.session.log)
                finger_tap(app, button(scene.aim_buttons, "Fire").rect.center)
                assert len(controller.session.log) == log_size + 1
                shooter = controller.model(HERO)
                assert shooter.level == hall.floors and controller.state.active.action_used
                shot = True
            elif up is not None:
                saw_ladder_label = True
                if hero.stairs_cm > 0:  # part-way up: on to the roof or back down
                    assert scene.level_tag(hero) == "S" and offer(scene, "Down the ladder") is not None
                assert offer(scene, "Climb to") is None  # no stairs of a building outside
                tap_offer(app, scene, up, lambda pos, now=finger: tap(app, pos, now))
                climber = controller.model(HERO)
                assert climber.ladder == ladder.index or climber.level == hall.floors
                if climber.stairs_cm > 0:
                    saw_part_way = True
                    assert log_shows(scene, lambda text: "climbs part-way up the ladder" in text)
            elif hero.level == 0 and hero.ladder < 0 and controller.template(c.MoveTemplate) is not None \
                    and math.dist(hero.position, foot) > 0.2:
                scene.table.camera.fit((hero.x - 20, hero.y - 20, 40, 40))
                app.frame(1 / 60, [])
                gap = math.dist(hero.position, foot)
                share = min(1.0, (active.remaining_cm - 0.3) / gap)
                goal = (hero.x + (foot[0] - hero.x) * share, hero.y + (foot[1] - hero.y) * share)
                start = screen_of(scene, hero.position)
                end = (start[0] + round((goal[0] - hero.x) * scene.table.camera.zoom_px_per_cm),
                       start[1] + round((goal[1] - hero.y) * scene.table.camera.zoom_px_per_cm))
                mouse_drag(app, start, end)
                mouse_release(app, end)
                moved = controller.model(HERO)
                assert moved.position != hero.position, scene.status_text
                if share < 1.0:
                    tap_action(app, scene, "End activation", finger)
            else:
                tap_action(app, scene, "End activation", finger)
        else:
            tap_action(app, scene, "End activation", finger)

    assert saw_ladder_label and saw_part_way and refused_jump and shot and exchanged


FARM = TOWN.parent / "zw-outskirts-farm.tmx"


def test_a_jump_from_one_hay_bale_to_the_other_armed_by_the_jump_button(tmp_path):
    """Arranged by hand: Mara stands on top of a hay bale (4 cm). Then through the window: a finger
    activates her; without the Jump button a drag onto the next bale is a walk (it gets there too);
    the Jump button arms the drag, a finger drag lands her on the other bale's top."""
    board = load_board(FARM)
    controller = ZombieworldController.new(board, FARM, preset_bands()[:2], "massacre", SEED)
    table = controller.state.table
    bales = [p for p in table.pieces if p.label == "Hay bale"]
    assert len(bales) == 2
    centre = [((p.bounds[0] + p.bounds[2]) / 2, (p.bounds[1] + p.bounds[3]) / 2) for p in bales]
    start = controller.state
    placed = tuple(dataclasses.replace(m, x=centre[0][0], y=centre[0][1]) if m.id == "blue:Mara" else m
                   for m in start.models)
    controller.session._states[0] = dataclasses.replace(start, models=placed)
    app = new_app(tmp_path)
    scene = ZombieworldGameScene(app, controller)
    app.show(scene)
    app.frame(1 / 60, [])
    assert scene.level_tag(controller.model("blue:Mara")) == "T"
    row = next(rect for rect, model_id in scene.roster if model_id == "blue:Mara")
    finger_tap(app, row.center)
    assert controller.state.active is None and controller.selected == "blue:Mara"
    tap_action(app, scene, "Activate Mara", True)
    settle(app, scene)
    assert controller.state.active is not None and controller.state.active.model == "blue:Mara"
    mara = controller.model("blue:Mara")
    before_cm = controller.state.active.remaining_cm
    walk = controller.move_preview(mara.id, centre[1])
    assert isinstance(walk.command, c.MoveModel) and walk.legal

    armed = offer(scene, "Jump (then drag)")
    assert armed is not None
    tap_offer(app, scene, armed, lambda pos: mouse_tap(app, pos))
    assert scene.jump_armed and offer(scene, "Jump: drag to land") is not None
    scene.table.camera.fit((mara.x - 15, mara.y - 15, 30, 30))
    app.frame(1 / 60, [])
    first = screen_of(scene, mara.position)
    zoom = scene.table.camera.zoom_px_per_cm
    end = (first[0] + round((centre[1][0] - mara.x) * zoom), first[1] + round((centre[1][1] - mara.y) * zoom))
    finger_drag(app, first, end, release=False)
    preview = scene.table.drag.preview
    assert isinstance(preview.command, c.Jump) and preview.command.level == 0 and preview.legal, preview.reason
    w, h = app.screen.get_size()
    app.frame(1 / 60, [pygame.event.Event(pygame.FINGERUP, x=end[0] / w, y=end[1] / h, dx=0.0, dy=0.0,
                                          finger_id=3, touch_id=1, pressure=1.0)])
    jumper = controller.model("blue:Mara")
    assert controller.session.log[-1].command == preview.command
    assert table.building_at(jumper.position) is None and table.standing_top_cm(jumper.position) == bales[1].height_cm
    assert jumper.position != mara.position and not scene.jump_armed
    assert log_shows(scene, lambda text: "jumps to the top of an obstacle" in text)
    spent = before_cm - controller.state.active.remaining_cm
    assert math.isclose(spent, preview.cost_cm, abs_tol=0.01)  # the gap, no height: bale to bale


def test_dropping_a_survivor_on_a_parked_car_charges_the_enemy_rider_seated_there(tmp_path):
    """Arranged by hand: Cy (red) acting 6 cm east of the town square's car, Lu (blue) riding in it.
    A mouse drag of Cy onto Lu's seat is a charge on Lu ending against the car's side."""
    board = load_board(TOWN)
    controller = ZombieworldController.new(board, TOWN, preset_bands()[:2], "massacre", SEED)
    start = controller.state
    car = start.vehicles[0]
    spec = start.catalog.vehicle(car.vehicle)
    side = (car.x + math.cos(car.facing + math.pi / 2) * (car.width_cm / 2 + 6),
            car.y + math.sin(car.facing + math.pi / 2) * (car.width_cm / 2 + 6))
    models = tuple(dataclasses.replace(m, x=side[0], y=side[1]) if m.id == "red:Cy"
                   else dataclasses.replace(m, vehicle=car.id, seat=1, x=car.x, y=car.y) if m.id == "blue:Lu"
                   else m for m in start.models)
    fleet = tuple(dataclasses.replace(v, opened=True) for v in start.vehicles)
    controller.session._states[0] = dataclasses.replace(
        start, models=models, vehicles=fleet, order=("red", "blue", "zombies"), turn=0, bangs=(),
        active=engine.Activation("red:Cy", 15.0))
    assert "blue:Lu" in controller.template(c.ChargeTemplate).targets
    app = new_app(tmp_path)
    scene = ZombieworldGameScene(app, controller)
    app.show(scene)
    scene.table.camera.fit((car.x - 15, car.y - 15, 30, 30))
    app.frame(1 / 60, [])
    cy = controller.model("red:Cy")
    seat = seat_points(controller.state.vehicle(car.id), spec.seats)[1]
    first = screen_of(scene, cy.position)
    zoom = scene.table.camera.zoom_px_per_cm
    end = (first[0] + round((seat[0] - cy.x) * zoom), first[1] + round((seat[1] - cy.y) * zoom))
    mouse_drag(app, first, end)
    preview = scene.table.drag.preview
    assert isinstance(preview.command, c.Charge) and preview.command.target == "blue:Lu" and preview.legal, \
        preview.reason
    mouse_release(app, end)
    assert controller.session.log[-1].command == preview.command
    charger = controller.model("red:Cy")
    assert charger.position == preview.command.path[-1] and not charger.vehicle
    # the rider's charged reaction, then one round of melee, the rider at -1 a die
    assert log_shows(scene, lambda text: text.startswith("Lu: melee roll") and "fighting from a vehicle -1" in text)
    assert log_shows(scene, lambda text: text.startswith("Cy: melee roll"))


def test_new_item_options_and_events_read_as_words(tmp_path):
    """Fitting a scope names the weapon (not a model); bicycles and skates get on and off."""
    app = new_app(tmp_path)
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", SEED)
    item = scene.state.catalog.item_name
    assert scene.option_label(c.UseItem("blue:Jonas", "scope", "shotgun")) == \
        (f"Fit {item('scope')} to {item('shotgun')}", "items")
    assert scene.option_label(c.Mount("blue:Jonas", "bicycle")) == (f"Get on {item('bicycle')}", "move")
    assert scene.option_label(c.Mount("blue:Jonas", "roller_skates"))[0] == f"Put on {item('roller_skates')}"
    assert scene.option_label(c.Dismount("blue:Jonas", leave=True))[0] == "Get off and park it"
    line = describe(c.GearChanged("blue:Jonas", "bicycle", mounted=False, left=True), scene.state)
    assert line == (f"Jonas gets off {item('bicycle')} and leaves it here", "plain")
