"""What Rue Morgue adds to scenario files: ``tents = { zone = "tent card id" }`` deals named tent
cards to tent zones instead of the shuffled ones."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.rules.zombicide.boxes.rue_morgue.content import tents
from game.rules.zombicide.boxes.rue_morgue.state import board_of


def deal_tents(state: Any, value: Any) -> Any:
    """A scenario's ``tents`` table; a bad entry raises ValueError(where, what)."""
    if not isinstance(value, Mapping):
        raise ValueError("tents", "write tents = { <tent zone> = \"<tent card id>\" }")
    dealt = list(state.box_state.tents)
    tent_zones = board_of(state.graph).tent_zones
    known = [t.id for t in tents(state.tables.catalog)]
    for zone_id, tent_id in value.items():
        where = f"tents → {zone_id}"
        zone = state.graph.index.get(zone_id)
        if zone is None:
            raise ValueError(where, f"no zone {zone_id!r} on the board")
        if zone not in tent_zones:
            raise ValueError(where, "this zone takes no tent card (not a tent zone)")
        if tent_id not in known:
            raise ValueError(where, f"unknown tent card {tent_id!r} (known: {', '.join(known)})")
        dealt[tent_zones.index(zone)] = tent_id
    return replace(state, box_state=replace(state.box_state, tents=tuple(dealt)))
