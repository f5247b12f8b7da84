"""Zombieworld's content by the names a player reads, in the player's language (the content's
``name_es`` columns, from the Spanish rulebook): equipment, ranks, qualities, vehicles. Ids never show."""

from __future__ import annotations

from typing import Any

from game.i18n import N_, _
from game.i18n import said as local_name  # content gives its name in the player's language

# what is found or carried that is no piece of equipment: a scenario's element, a find that joins the band
OTHER_THINGS = {"antidote": N_("the antidote"), "dog": N_("a dog"), "frightened_survivor": N_("a frightened survivor"),
                "rescued": N_("the person to rescue")}


def item_name(catalog: Any, item_id: str) -> str:
    """The firearm, hand weapon or object ``item_id`` by its shown name (the id, spaced, when unknown)."""
    if item_id in OTHER_THINGS:
        return _(OTHER_THINGS[item_id])
    if catalog is None:
        return item_id.replace("_", " ")
    try:
        return local_name(catalog.item(item_id))
    except KeyError:
        return item_id.replace("_", " ")


def rank_name(catalog: Any, rank_id: str) -> str:
    try:
        return local_name(catalog.rank(rank_id))
    except KeyError:
        return rank_id.replace("_", " ")


def vehicle_name(catalog: Any, vehicle_id: str) -> str:
    spec = catalog.vehicle(vehicle_id) if catalog is not None else None
    return local_name(spec) if spec is not None else vehicle_id.replace("_", " ")
