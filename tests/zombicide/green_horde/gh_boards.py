"""Small Green Horde boards and set-ups for its tests."""

from __future__ import annotations

from boards import sketch_board

SIX = ("asim", "seli", "berin", "johannes", "megan", "rolf")

# A farm: a walled field behind a barrier, a two-room house, a hedge, a pond with a ledge, two
# spawn zones (the first in the north-east), an objective in the house, the exit in the south-east,
# a Trebuchet in the yard and a puddle of Dragon Bile on the lane.
FARM = sketch_board(
    """
s s sxs s
  d   e
r=r s s W
    d   l
s s s s W
""",
    [
        ("start", (0, 0)),
        ("spawn", (0, 4), {"locators": [1]}),
        ("spawn", (2, 0)),
        ("objective", (1, 1)),
        ("exit", (2, 3)),
        ("siege_engine", (0, 1)),
        ("dragon_bile", (2, 2)),
    ],
)


def players(*rosters: tuple[str, ...] | list[str]) -> list[dict[str, object]]:
    return [{"seat": "ABCDEF"[n], "survivors": list(roster)} for n, roster in enumerate(rosters)]


FARM_SETUP = {
    "box": "green_horde",
    "players": players(SIX[:3], SIX[3:]),
    "goals": ["take_all_objectives", "all_in_exit"],
}
