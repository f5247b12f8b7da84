"""Zombieworld's vehicles, climbing and jumping told in words, in the player's language: the log's
lines, where a model stands off the ground, and the name of a level ("the roof of the Garage")."""

from __future__ import annotations

from typing import Any

from game.app.words_es import contracted
from game.app.zombieworld.content_words import item_name
from game.app.zombieworld.content_words import vehicle_name as vehicle_kind_name
from game.i18n import N_, _, phrase
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.state import Model, State

Line = tuple[str, str]

RUN_OVER = {"out_of_control": N_("{vehicle} runs over {name} and loses control"),
            "radiator": N_("{vehicle} runs over {name} and the radiator takes a hit"),
            "stepped_aside": N_("{vehicle} runs at {name} — it steps aside")}
STATUS_TEXT = {"out_of_control": N_("{vehicle} is out of control"), "control_regained": N_("{vehicle} is back under control"),
               "overturned": N_("{vehicle} overturns"), "broken": N_("{vehicle} breaks down for good"),
               "stalled": N_("{vehicle} stalls"), "held": N_("{vehicle} is held in place this round"),
               "lost": N_("{vehicle} is lost"), "opened": N_("{vehicle} is opened: it may be searched"),
               "searched": N_("{vehicle} is searched")}

HOW_WORDS = {"own": N_("its band's own"), "shop": N_("found in a shop"), "own vehicle": N_("its band's own vehicle"),
             "petrol can": N_("with a petrol can"), "roll": N_("by a roll"), "out of control": N_("out of control"),
             "radiator": N_("the radiator hit")}


def how_words(how: str) -> str:
    """How a vehicle came, started or moved (the engine's words) in the player's language."""
    return _(HOW_WORDS[how]) if how in HOW_WORDS else how


def vehicle_name(state: State | None, vehicle_id: str, names: dict[str, str] | None = None) -> str:
    if names and vehicle_id in names:
        return names[vehicle_id]
    catalog = state.catalog if state is not None else None
    if state is not None:
        for vehicle in state.vehicles:
            if vehicle.id == vehicle_id:
                return phrase("the {vehicle}", vehicle=vehicle_kind_name(catalog, vehicle.vehicle))
    return phrase("the vehicle {vehicle}", vehicle=vehicle_id)


def seat_name(seat: int) -> str:
    return _("the driver's seat") if seat == 0 else phrase("seat {n}", n=seat)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def say(template: str, **fields: Any) -> str:
    """``template`` translated, filled in, with its first letter up and the Spanish contractions joined."""
    return cap(contracted(phrase(template, **fields)))


def vehicle_line(event: Any, state: State | None, name: Any, names: dict[str, str] | None = None) -> Line | None:
    """Vehicles, climbing and jumping told in words (None for any other event)."""
    car = lambda vehicle_id: vehicle_name(state, vehicle_id, names)  # noqa: E731
    if isinstance(event, c.VehiclePlaced):
        return say(N_("{vehicle} is on the table ({how})"), vehicle=car(event.vehicle), how=how_words(event.how)), "plain"
    if isinstance(event, c.VehicleBoarded):
        return say(N_("{name} gets into {vehicle} ({seat})"), name=name(event.model), vehicle=car(event.vehicle),
                   seat=seat_name(event.seat)), "plain"
    if isinstance(event, c.BoardingFellShort):
        return say(N_("{name} reaches {vehicle} with {left} cm left, short of the {needed} cm to get in: stays beside it"),
                   name=name(event.model), vehicle=car(event.vehicle), left=f"{event.left_cm:g}",
                   needed=f"{event.needed_cm:g}"), "plain"
    if isinstance(event, c.VehicleLeft):
        return say(N_("{name} gets out of {vehicle}"), name=name(event.model), vehicle=car(event.vehicle)), "plain"
    if isinstance(event, c.SeatChanged):
        return say(N_("{name} moves to {seat}"), name=name(event.model), seat=seat_name(event.seat)), "plain"
    if isinstance(event, c.VehicleStarted):
        if event.started:
            return say(N_("{name} starts {vehicle} ({how})"), name=name(event.model), vehicle=car(event.vehicle),
                       how=how_words(event.how)), "good"
        return say(N_("{vehicle} will not start"), vehicle=car(event.vehicle)), "danger"
    if isinstance(event, c.VehicleMoved):
        cost = f"{event.cost_cm:.1f}"
        if event.how == "driven":
            return say(N_("{vehicle} drives {cost} cm"), vehicle=car(event.vehicle), cost=cost), "plain"
        return say(N_("{vehicle} drives {cost} cm ({how})"), vehicle=car(event.vehicle), cost=cost,
                   how=how_words(event.how)), "plain"
    if isinstance(event, c.RanOver):
        template = RUN_OVER.get(event.result, N_("{vehicle} runs over {name}"))
        return say(template, vehicle=car(event.vehicle), name=name(event.victim)), "danger"
    if isinstance(event, c.VehicleCrashed):
        known = state is not None and any(v.id == event.into for v in state.vehicles)
        into = _("the scenery") if event.into == "scenery" else car(event.into) if known or (
            names and event.into in names) else event.into
        return say(N_("{vehicle} crashes into {into}"), vehicle=car(event.vehicle), into=into), "danger"
    if isinstance(event, c.VehicleStatus):
        status = STATUS_TEXT.get(event.status)
        line = say(status, vehicle=car(event.vehicle)) if status else f"{cap(car(event.vehicle))} {event.status}"
        return line, "danger" if event.status not in ("control_regained",) else "good"
    if isinstance(event, c.Climbed):
        model = find_model(state, event.model)
        if event.stairs_cm > 0:
            template = (N_("{name} climbs part-way up the ladder ({high} cm high, {cost} cm)")
                        if model is not None and model.ladder >= 0
                        else N_("{name} climbs part-way up the stairs ({high} cm high, {cost} cm)"))
            return say(template, name=name(event.model), high=f"{event.stairs_cm:.1f}",
                       cost=f"{event.cost_cm:.1f}"), "plain"
        floor = level_place(state, model.position if model is not None else None, event.level)
        return say(N_("{name} climbs to {place} ({cost} cm)"), name=name(event.model), place=floor,
                   cost=f"{event.cost_cm:.1f}"), "plain"
    if isinstance(event, c.Jumped):
        landing = event.path[-1] if event.path else None
        floor = level_place(state, landing, event.level, jumped=not event.fell)
        if event.fell:
            return say(N_("{name} jumps, falls short and lands on {place}"), name=name(event.model), place=floor), \
                "danger"
        return say(N_("{name} jumps to {place} ({cost} cm)"), name=name(event.model), place=floor,
                   cost=f"{event.cost_cm:.1f}"), "plain"
    if isinstance(event, c.GearChanged):
        catalog = state.catalog if state is not None else None
        thing = item_name(catalog, event.item)
        if event.mounted:
            return say(N_("{name} gets on {thing}"), name=name(event.model), thing=thing), "plain"
        if event.left:
            return say(N_("{name} gets off {thing} and leaves it here"), name=name(event.model), thing=thing), "plain"
        return say(N_("{name} gets off {thing}"), name=name(event.model), thing=thing), "plain"
    if isinstance(event, c.ItemsExchanged):
        return exchange_line(event, state, name), "good"
    return None


def exchange_line(event: Any, state: State | None, name: Any) -> str:
    catalog = state.catalog if state is not None else None
    item = lambda i: item_name(catalog, i)  # noqa: E731
    other = name(event.other)
    parts = []
    if event.given:
        parts.append(phrase("gives {items} to {other}", items=", ".join(item(i) for i in event.given), other=other))
    if event.taken:
        parts.append(phrase("takes {items} from {other}", items=", ".join(item(i) for i in event.taken), other=other))
    if not parts:
        return phrase("{name} exchanges nothing", name=name(event.model))
    return f"{name(event.model)} {_(' and ').join(parts)}"


def find_model(state: State | None, model_id: str) -> Model | None:
    if state is None:
        return None
    return next((m for m in state.models if m.id == model_id), None)


def level_place(state: State | None, point: tuple[float, float] | None, level: int, jumped: bool = False) -> str:
    """Level ``level`` at ``point`` in words: "the roof of the Town Hall", "floor 1 of the Garage",
    "the ground", or (a jump's landing off buildings) "the top of an obstacle"."""
    table = state.table if state is not None else None
    index = table.building_at(point) if table is not None and point is not None else None
    if index is None or table is None:
        if level == 0 and jumped and table is not None and point is not None and table.standing_top_cm(point) > 0:
            return _("the top of an obstacle")
        return _("the ground") if level == 0 else phrase("floor {n}", n=level)
    piece = table.piece(index)
    if piece.roof and level >= piece.floors:
        return contracted(phrase("the roof of the {building}", building=piece.label)) if piece.label else _("the roof")
    if level == 0:
        return contracted(phrase("the ground floor of the {building}", building=piece.label)) if piece.label \
            else _("the ground floor")
    if piece.label:
        return contracted(phrase("floor {n} of the {building}", n=level, building=piece.label))
    return phrase("floor {n}", n=level)


def where_text(state: State | None, model: Model) -> str:
    """Where a model stands when it is off the ground: on a roof, an upper floor, part-way up
    stairs or a ladder, on top of an obstacle; empty on the ground."""
    table = state.table if state is not None else None
    if table is None or model.vehicle:
        return ""
    if model.stairs_cm > 0:
        template = N_("Part-way up a ladder ({high} cm high)") if model.ladder >= 0 else N_(
            "Part-way up the stairs ({high} cm high)")
        return phrase(template, high=f"{model.stairs_cm:.1f}")
    if model.level > 0:
        return contracted(phrase("On {place}", place=level_place(state, model.position, model.level)))
    top = table.standing_top_cm(model.position)
    return phrase("On top of an obstacle ({high} cm high)", high=f"{top:g}") if top > 0 else ""


__all__ = ["find_model", "level_place", "seat_name", "vehicle_line", "vehicle_name", "where_text"]
