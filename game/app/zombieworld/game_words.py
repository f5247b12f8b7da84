"""The words of a Zombieworld game screen: the action buttons' labels, the turn line, the hint
under the actions and the badge of a model off the ground, from the state and the engine's options
(the rule numbers they quote come from the engine)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.app.widgets.card_view import local_name
from game.app.zombieworld.content_words import item_name
from game.i18n import N_, _, ngettext
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.state import Model

if TYPE_CHECKING:
    from game.app.zombieworld.game_scene import ZombieworldGameScene

EDGE_NAMES = {"n": N_("reach the north edge to leave"), "e": N_("reach the east edge to leave"),
              "s": N_("reach the south edge to leave"), "w": N_("reach the west edge to leave"),
              "any": N_("reach any edge to leave")}


def action_labels(scene: ZombieworldGameScene) -> list[tuple[str, str, str]]:
    if scene.controller.outcome() is not None:
        return [("See the result", "result", "turn")]
    labels: list[tuple[str, str, str]] = []
    for index, option in enumerate(scene.controller.legal()):
        label = option_label(scene, option)
        if label is not None:
            labels.append((label[0], f"do:{index}", label[1]))
    return labels


def option_label(scene: ZombieworldGameScene, option: Any) -> tuple[str, str] | None:
    state = scene.state
    name = lambda model_id: state.model(model_id).name  # noqa: E731
    catalog = state.catalog
    item = lambda i: item_name(catalog, i)  # noqa: E731
    if isinstance(option, c.Activate):
        return _("Activate {name}").format(name=name(option.model)), "move"
    if isinstance(option, c.ShootTemplate):
        return _("Shoot ({weapon})").format(weapon=item(option.weapon)), "attack"
    if isinstance(option, c.Sprint):
        return _("Sprint (+{dice} dice × {cm} cm)").format(dice=engine.SPRINT_DICE, cm=f"{engine.SPRINT_STEP_CM:g}"), "move"
    if isinstance(option, c.Fight):
        return _("Fight on"), "attack"
    if isinstance(option, c.Disengage):
        return _("Disengage"), "move"
    if isinstance(option, c.Reload):
        return _("Reload"), "items"
    if isinstance(option, c.SwapWeapons):
        return _("Swap weapons"), "items"
    if isinstance(option, c.Search):
        if option.piece < 0:
            return _("Search the building"), "search"
        return (_("Search the container") if engine.scenario_container_at(state, option.piece) else _("Search the prop")), "search"
    if isinstance(option, c.UseItem):
        if option.target and scene.controller.model(option.target) is None:  # a scope or silencer for a weapon
            return _("Fit {item} to {weapon}").format(item=item(option.item), weapon=item(option.target)), "items"
        if option.target and option.target != option.model:
            return _("Use {item} on {name}").format(item=item(option.item), name=name(option.target)), "items"
        return _("Use {item}").format(item=item(option.item)), "items"
    if isinstance(option, c.Mount):
        return (_("Put on {item}") if "skate" in option.item else _("Get on {item}")).format(item=item(option.item)), "move"
    if isinstance(option, c.Dismount):
        return (_("Get off and park it") if option.leave else
                _("Get off ({cm} cm)").format(cm=f"{engine.GEAR_CHANGE_CM:g}")), "move"
    if isinstance(option, c.FirstAid):
        return _("First aid on {name}").format(name=name(option.target or option.model)), "items"
    if isinstance(option, c.Entrench):
        return _("Dig in"), "other"
    if isinstance(option, c.PickUp):
        return _("Pick up"), "items"
    if isinstance(option, c.ChangeSeat):
        return (_("Take the wheel") if option.seat == 0 else _("Move to seat {seat}").format(seat=option.seat)), "move"
    if isinstance(option, c.BoardTemplate):
        return _("Get into {vehicle}").format(vehicle=vehicle_label(scene, option.vehicle)), "move"
    if isinstance(option, c.Climb):
        return climb_label(scene, option), "move"
    if isinstance(option, c.JumpTemplate):
        return (_("Jump: drag to land (armed)") if scene.jump_armed else _("Jump (then drag)")), "move"
    if isinstance(option, c.HandOver):
        return _("Give {item} to {name} (free)").format(item=item(option.item), name=name(option.to)), "items"
    if isinstance(option, c.KeepFound):
        found = state.active.found_item if state.active is not None else ""
        return _("Keep {found}, leave {dropped}").format(found=item(found), dropped=item(option.drop)), "items"
    if isinstance(option, c.ExchangeTemplate):
        mates = [name(m) for m in option.partners]
        return _("Exchange with {name}").format(name=mates[0] if len(mates) == 1 else "…"), "items"
    if isinstance(option, c.ReturnFire):
        return ngettext("{name}: fire back {n} shot", "{name}: fire back {n} shots", option.shots).format(
            name=name(option.model), n=option.shots), "attack"
    if isinstance(option, c.HoldFire):
        return _("{name}: hold fire").format(name=name(option.model)), "turn"
    if isinstance(option, c.RerollReaction):
        return _("{name}: roll the reaction again").format(name=name(option.model)), "move"
    if isinstance(option, c.KeepReaction):
        return _("{name}: keep the reaction").format(name=name(option.model)), "turn"
    if isinstance(option, c.FleeToward):
        return _("Flee {direction}").format(direction=_(compass_word(option.direction))), "danger"
    if isinstance(option, c.ShootFirst):
        return ngettext("Shoot it first ({n} shot)", "Shoot it first ({n} shots)", option.shots).format(n=option.shots), \
            "attack"
    if isinstance(option, c.StepAwayTemplate):
        return _("Step away (drag {name}, {cm} cm)").format(name=name(option.model), cm=f"{option.max_cm:.1f}"), "move"
    if isinstance(option, c.StandFirm):
        return _("Meet it in melee"), "attack"
    if isinstance(option, c.DeploymentDone):
        return _("Done deploying"), "turn"
    if isinstance(option, c.EndActivation):
        return _("End activation"), "turn"
    if isinstance(option, c.Withdraw):
        return _("Withdraw band"), "danger"
    return None


COMPASS = (N_("east"), N_("south-east"), N_("south"), N_("south-west"), N_("west"), N_("north-west"), N_("north"),
           N_("north-east"))


def compass_word(degrees: float) -> str:
    """A direction on the table in words (0° east, 90° south: y grows down the table)."""
    return COMPASS[round((degrees % 360) / 45) % 8]


def decision_text(scene: ZombieworldGameScene) -> str:
    """What play waits for, in words (empty when nothing)."""
    decision = scene.state.decision
    if decision is None:
        return ""
    who = scene.state.model(decision.model).name if any(m.id == decision.model for m in scene.state.models) \
        else decision.model
    band = scene.controller.band_name(decision.seat)
    what = {"return_fire": N_("{band}: {who} chooses how to return fire"),
            "reaction_reroll": N_("{band}: {who} chooses whether to roll the reaction again"),
            "flee_direction": N_("{band}: {who} chooses where to flee (a button, or tap the table)"),
            "vehicle_surprise": N_("{band}: {who} chooses what to do about the zombie out of the vehicle")}
    template = what.get(decision.kind)
    return _(template).format(band=band, who=who) if template else f"{band}: {who} {decision.kind}"


def climb_label(scene: ZombieworldGameScene, option: Any) -> str:
    """Stairs to a floor or the roof, or a ladder up to a roof or down from it."""
    if getattr(option, "ladder", -1) >= 0:
        return _("Down the ladder") if option.level == 0 else _("Up the ladder to the roof")
    if option.level == 0:
        return _("Go down to the ground")
    table = scene.state.table
    index = table.building_at(scene.state.model(option.model).position) if table is not None else None
    floors = table.piece(index).floors if index is not None and table is not None else option.level + 1
    return _("Climb to the roof") if option.level >= floors else _("Climb to floor {n}").format(n=option.level)


def vehicle_label(scene: ZombieworldGameScene, vehicle_id: str) -> str:
    catalog = scene.state.catalog
    spec = catalog.vehicle(scene.state.vehicle(vehicle_id).vehicle) if catalog is not None else None
    return _("the {vehicle}").format(vehicle=local_name(spec)) if spec is not None else _("the vehicle")


def level_tag(scene: ZombieworldGameScene, model: Model) -> str:
    """The badge of a model off the ground: R on a roof, its floor's number upstairs, S part-way
    up stairs or a ladder, T on top of an obstacle; empty on the ground or in a vehicle."""
    table = scene.state.table
    if model.vehicle or table is None:
        return ""
    if model.stairs_cm > 0:
        return "S"
    if model.level > 0:
        index = table.building_at(model.position)
        piece = table.piece(index) if index is not None else None
        return "R" if piece is not None and piece.roof and model.level >= piece.floors else str(model.level)
    return "T" if table.standing_top_cm(model.position) > 0 else ""


def turn_text(scene: ZombieworldGameScene) -> str:
    state = scene.state
    winners = scene.controller.outcome()
    if winners is not None:
        names = ", ".join(scene.controller.band_name(s) for s in winners) or _("nobody")
        return ngettext("Game over — {names} wins", "Game over — {names} win", max(1, len(winners))).format(names=names)
    seat = scene.controller.seat
    who = scene.controller.band_name(seat) if seat else "—"
    if state.deploying:
        order = _(", then ").join(scene.controller.band_name(s) for s in state.deploy_order)
        return _("Deployment · {band} places its figures (the dice: {order})").format(band=who, order=order)
    active = scene.controller.active_model()
    doing = _(" · {name} acting ({cm} cm left)").format(name=active.name, cm=f"{state.active.remaining_cm:.1f}") \
        if active and state.active else ""
    return _("Round {round}/{rounds} · {band} to play").format(round=state.round, rounds=state.rounds, band=who) + doing


def rider_targets(scene: ZombieworldGameScene) -> list[str]:
    charge = scene.controller.template(c.ChargeTemplate)
    return [t for t in (charge.targets if charge is not None else ()) if _rides(scene.state, t)]


def deploy_hint(template: c.DeployTemplate) -> str:
    """What a deploying player does, with the rules' cm."""
    depth = f"{template.depth_cm:g}"
    where = _("within {cm} cm of the table's centre").format(cm=depth) if template.centre else \
        _("in one quadrant, within {cm} cm of its table edge (the shaded strips)").format(cm=depth)
    apart = _(", {cm} cm from rival survivors (outside the red rings)").format(cm=f"{template.apart_cm:g}") \
        if template.apart_cm else ""
    return _("Drag each figure {where}{apart}; then Done deploying").format(where=where, apart=apart)


def find_hint(scene: ZombieworldGameScene, legal: list[Any]) -> str:
    """Right after a find: what may be done for free, and only now."""
    state = scene.state
    catalog = state.catalog
    parts = []
    hand_over = next((o for o in legal if isinstance(o, c.HandOver)), None)
    if hand_over is not None:
        parts.append(_("{name} may be given a backpack weapon or an object, free, now").format(
            name=state.model(hand_over.to).name))
    if any(isinstance(o, c.KeepFound) for o in legal) and state.active is not None and catalog is not None:
        parts.append(_("no room for the {item}: keep it instead of something (its button), or leave it on the "
                       "ground").format(item=item_name(catalog, state.active.found_item)))
    return "; ".join(parts)


def hint(scene: ZombieworldGameScene) -> str:
    waiting = decision_text(scene)
    if waiting:
        return waiting
    legal = scene.controller.legal()
    deploy = next((o for o in legal if isinstance(o, c.DeployTemplate)), None)
    if deploy is not None:
        return deploy_hint(deploy)
    found = find_hint(scene, legal)
    if found:
        return found
    move = next((o for o in legal if isinstance(o, c.MoveTemplate)), None)
    parts = []
    if move is not None:
        parts.append(_("Drag {name} to move ({left} cm left; tap with another finger, right-click or W to pin a "
                       "corner); drop on an enemy to charge").format(name=scene.state.model(move.model).name,
                                                                      left=f"{move.max_cm:.1f}")
                     + (_(" (on a parked car: its rider)") if rider_targets(scene) else ""))
    drive = next((o for o in legal if isinstance(o, c.DriveTemplate)), None)
    if drive is not None:
        parts.append(_("drag {vehicle} to drive (up to {most} cm)").format(
            vehicle=vehicle_label(scene, drive.vehicle), most=f"{drive.max_cm:g}"))
    if any(isinstance(o, c.LeaveVehicleTemplate) for o in legal):
        parts.append(_("drag the rider out beside the doors to get out"))
    if any(isinstance(o, c.BoardTemplate) for o in legal):
        parts.append(_("drop on a vehicle to get in"))
    jump = next((o for o in legal if isinstance(o, c.JumpTemplate)), None)
    if jump is not None:
        parts.append(_("drag onto a roof, an upper floor or an obstacle's top within {gap} cm to jump").format(
            gap=f"{jump.max_gap_cm:g}"))
    leave = next((o for o in legal if isinstance(o, c.LeaveTemplate)), None)
    if leave is not None:
        parts.append(_(EDGE_NAMES[leave.edge]) if leave.edge in EDGE_NAMES else leave.edge)
    if any(isinstance(o, c.Activate) for o in legal):
        parts.append(_("tap a ringed survivor to activate it"))
    return "; ".join(parts)


def _rides(state: Any, model_id: str) -> bool:
    return any(m.id == model_id and m.vehicle for m in state.models)
