"""Green Horde answers "why not?" for its own actions through the box seam: the Trebuchet's actions
and place, and a Torch's Dragon Bile."""

from __future__ import annotations

from boards import arrange
from gh_boards import FARM, FARM_SETUP

from game.rules.zombicide import engine
from game.rules.zombicide.why_not import offered_kinds, why_not


def farm():  # type: ignore[no-untyped-def]
    return engine.setup(FARM, FARM_SETUP, 1)


def said(state, survivor: str, kind: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [r.text() for r in why_not(state, survivor) if r.kind == kind]


def test_the_trebuchet_says_what_it_costs_and_where_it_stands() -> None:
    short = arrange(farm(), survivors={"asim": {"zone": "r0c1", "actions": 2}})
    assert said(short, "asim", "gh_move_siege_engine") == ["The Trebuchet takes 3 actions (2 left)"]
    away = arrange(farm(), survivors={"asim": {"zone": "r1c1", "actions": 3}})
    assert said(away, "asim", "gh_fire_siege_engine") == ["No Trebuchet in this zone"]
    ready = arrange(farm(), survivors={"asim": {"zone": "r0c1", "actions": 3}})
    offered = offered_kinds(ready, ready.survivor_index("asim"))
    assert "gh_move_siege_engine" in offered and said(ready, "asim", "gh_move_siege_engine") == []


def test_a_torch_needs_bile_within_its_throw() -> None:
    state = arrange(farm(), survivors={"asim": {"zone": "r0c0", "actions": 3}})
    assert said(state, "asim", "gh_throw_torch") == ["No Torch in hand"]
