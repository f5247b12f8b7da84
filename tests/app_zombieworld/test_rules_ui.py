"""The window follows the rules the engine plays: items left on the ground are drawn and told in the
log; boarding short of the cm reads as staying beside the vehicle."""

from __future__ import annotations

import math
from dataclasses import replace

from game.app.zombieworld.event_text import describe
from game.app.zombieworld.game_drawing import ITEM_TINT
from game.rules.zombieworld import commands as c
from tests.app_zombieworld.zw_ui import new_app, open_game, screen_of


def _put(scene, state) -> None:
    """Show ``state`` in the scene as if play had reached it."""
    session = scene.controller.session
    session._states[session._cursor] = state
    scene.sync_pieces()


def test_items_on_the_ground_are_drawn_where_they_lie_and_the_drop_is_logged(tmp_path) -> None:
    app = new_app(tmp_path)
    scene = open_game(app, 3)
    model = scene.controller.active_model() or scene.state.models[0]
    spot = (model.x + 6.0, model.y)
    _put(scene, replace(scene.state, ground_items=((spot[0], spot[1], "hunting_rifle+scoped"),)))
    scene.table.camera.fit((spot[0] - 10, spot[1] - 10, 20, 20))
    app.frame(1 / 60, [])
    x, y = screen_of(scene, spot)
    side = max(8, round(1.4 * scene.table.camera.zoom_px_per_cm))
    tints = {tuple(app.screen.get_at((x + dx, y + dy)))[:3] for dx in range(-side, side + 1)
             for dy in range(-side, side + 1)}
    assert ITEM_TINT in tints
    line = describe(c.ItemsDropped(model.id, ("hunting_rifle", "antidote"), spot), scene.state)
    assert line == (f"{model.name} leaves on the ground: Hunting rifle, the antidote", "card")


def test_boarding_short_of_the_cm_reads_as_staying_beside(tmp_path) -> None:
    app = new_app(tmp_path)
    scene = open_game(app, 3)
    model = scene.state.models[0]
    vehicle = scene.state.vehicles[0]
    line = describe(c.BoardingFellShort(model.id, vehicle.id, 5.0, 3.0), scene.state)
    assert line is not None and "short of the 5 cm to get in: stays beside it" in line[0]


def test_a_pending_choice_gets_its_buttons_and_a_line_in_the_log(tmp_path) -> None:
    from game.rules.zombieworld.state import Decision

    app = new_app(tmp_path)
    scene = open_game(app, 3)
    shooter = next(m for m in scene.state.models if m.side == "blue" and m.kind == "survivor" and m.hand)
    target = next(m for m in scene.state.models if m.side == "red" and m.kind == "survivor")
    waiting = Decision("flee_direction", target.side, target.id)
    _put(scene, replace(scene.state, decision=waiting))
    app.frame(1 / 60, [])
    labels = [offer.label for offer in scene.actions.all_offers()]
    assert "Flee north" in labels and "Flee south-east" in labels and len(labels) == 8
    from game.app.zombieworld.game_words import hint

    assert "chooses where to flee" in hint(scene)
    line = describe(c.DecisionPending("return_fire", "red", target.id, shooter.id), scene.state)
    assert line == (f"{target.name} may return fire at {shooter.name}", "phase")
    before = target.position
    centre = (scene.state.table.width_cm / 2, scene.state.table.height_cm / 2)
    scene.tap_table(centre)  # a tap toward the middle of the table: it flees that way
    assert scene.state.decision is None
    after = scene.state.model(target.id).position
    assert math.dist(after, centre) < math.dist(before, centre)


def test_stepping_away_from_a_zombie_out_of_a_vehicle_is_a_drag(tmp_path) -> None:
    from game.rules.zombieworld.state import ZOMBIES, Decision, Model
    from tests.app_zombieworld.zw_ui import mouse_drag, mouse_release, run_until

    app = new_app(tmp_path)
    scene = open_game(app, 3)
    model = scene.controller.active_model()
    assert model is not None
    zombie = Model(id="z99", side=ZOMBIES, kind="zombie", profile="walker", name="Walker", x=model.x + 2.7, y=model.y)
    state = replace(scene.state, models=(*scene.state.models, zombie),
                    decision=Decision("vehicle_surprise", model.side, model.id, zombie.id))
    _put(scene, state)
    app.frame(1 / 60, [])
    labels = [offer.label for offer in scene.actions.all_offers()]
    assert any(label.startswith("Step away") for label in labels) and "Meet it in melee" in labels
    steps = [(model.x + 4.0 * math.cos(a), model.y + 4.0 * math.sin(a))
             for a in (math.pi * k / 8 for k in (8, 4, 12, 6, 10, 3, 13, 2, 14))]  # not toward the zombie
    goal = next(p for p in steps if scene.controller.move_preview(model.id, p).legal)  # away, on free ground
    mouse_drag(app, screen_of(scene, model.position), screen_of(scene, goal))
    mouse_release(app, screen_of(scene, goal))
    run_until(app, lambda: scene.state.decision is None)
    moved = scene.state.model(model.id)
    assert math.dist(moved.position, goal) < 0.5 and any(m.id == "z99" for m in scene.state.models)  # no melee
    assert scene.state.active is not None and scene.state.active.remaining_cm < state.active.remaining_cm
