"""A Zombieworld tutorial's table: a mission file (``game = "zombieworld"``, one table as its module)
whose ``[setup]`` gives the band, the scenario and how the table starts, and whose ``[[tutorial]]``
steps point at spots in cm or at models (docs/tutorials.md). ``tutorial_game`` turns the file's set-up
into the engine's ``ZombieworldSetup`` and seed; ``tutorial_problems`` is ``main.py --validate``'s
check of the file: one line per problem, naming the place (``setup.band``, ``tutorial[3]``).
"""

from __future__ import annotations

import dataclasses
import math
from functools import cache
from typing import Annotated, Any, get_args

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from game.rules.zombieworld import commands as c
from game.rules.zombieworld.band import Band
from game.rules.zombieworld.state import BandEntry, ZombieworldSetup

SEAT = "red"  # the tutorial's band plays red
Spot = tuple[float, float]


class TutorialTable(BaseModel):
    """The ``[setup]`` of a Zombieworld tutorial: one band (built inline), a scenario of the book,
    the seed its dice come from, and the table as the prompts expect it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    scenario: StrictStr
    seed: Annotated[StrictInt, Field(ge=0, le=2**63 - 1)]
    band: Band
    rounds: Annotated[StrictInt, Field(ge=1, le=50)] | None = None
    spawn_dice: Annotated[StrictInt, Field(ge=0, le=20)] | None = None
    stand_at: dict[str, Spot] = Field(default_factory=dict, max_length=20)  # member name → spot, cm
    zombies_at: Annotated[list[Spot], Field(max_length=40)] = Field(default_factory=list)
    containers_at: Annotated[list[Spot], Field(max_length=20)] = Field(default_factory=list)
    view_cm: tuple[float, float, float, float] | None = None  # x, y, w, h: what Fit frames while the prompts show

    def setup(self) -> ZombieworldSetup:
        return ZombieworldSetup(
            bands=(BandEntry(seat=SEAT, band=self.band),), scenario=self.scenario, spawn_dice=self.spawn_dice,
            check_bands=False,  # a tutorial's few survivors need not be a whole 60-point band
            rounds=self.rounds, stand_at=tuple((f"{SEAT}:{name}", x, y) for name, (x, y) in self.stand_at.items()),
            zombies_at=tuple(self.zombies_at), containers_at=tuple(self.containers_at))


def has_tutorial_table(board: Any) -> bool:
    setup = getattr(board, "properties", {}).get("setup")
    return isinstance(setup, dict) and "band" in setup


def tutorial_game(board: Any) -> tuple[ZombieworldSetup, int]:
    """The engine's set-up and seed of a tutorial's table; ValueError names the place that is wrong."""
    try:
        table = TutorialTable.model_validate(board.properties.get("setup"))
    except ValidationError as error:
        first = error.errors()[0]
        place = ".".join(str(part) for part in first["loc"])
        raise ValueError(f"setup.{place}: {first['msg']}" if place else f"setup: {first['msg']}") from None
    return table.setup(), table.seed


def tutorial_view(board: Any) -> tuple[float, float, float, float] | None:
    """The part of the table a tutorial's prompts are about (``view_cm``), or None."""
    if not has_tutorial_table(board):
        return None
    try:
        return TutorialTable.model_validate(board.properties.get("setup")).view_cm
    except ValidationError:
        return None


@cache
def event_kinds() -> frozenset[str]:
    """Every event kind the Zombieworld engine reports (what a step's ``until`` may wait for)."""
    union = get_args(c.Event)[0]
    return frozenset(str(f.default) for event in get_args(union) for f in dataclasses.fields(event) if f.name == "kind")


def tutorial_problems(board: Any) -> list[str]:
    """Each problem of a Zombieworld mission's set-up and tutorial steps, as "place: what"."""
    from game.board.tutorial import NEXT, tutorial_steps
    from game.rules.zombieworld.engine import ZombieworldRules

    steps = tutorial_steps(getattr(board, "properties", {}))
    if not has_tutorial_table(board):
        return ["setup: a Zombieworld tutorial needs a [setup] with its band"] if steps else []
    try:
        setup, seed = tutorial_game(board)
        state = ZombieworldRules().setup(board, setup, seed)
    except (ValueError, KeyError) as error:
        return [str(error) if str(error).startswith("setup") else f"setup: {error}"]
    models = {m.id for m in state.models}
    problems = []
    view = tutorial_view(board)
    if view is not None and not (view[2] > 0 and view[3] > 0 and view[0] >= 0 and view[1] >= 0
                                 and view[0] + view[2] <= board.width_cm and view[1] + view[3] <= board.height_cm):
        problems.append(f"setup.view_cm: {list(view)} is not a part of the table "
                        f"({board.width_cm:g} × {board.height_cm:g} cm): x, y, width, height")
    for index, step in enumerate(steps):
        place = f"tutorial[{index}]"
        if step.until != NEXT and step.until not in event_kinds():
            problems.append(f"{place}: until {step.until!r} is not an event of Zombieworld "
                            f"(one of: next, {', '.join(sorted(event_kinds()))})")
        if step.zone is not None:
            problems.append(f"{place}: a Zombieworld table has no zones: point at spot_cm = [x, y] or a model")
        if step.spot_cm is not None:
            x, y = step.spot_cm
            if not (0 <= x <= board.width_cm and 0 <= y <= board.height_cm) or not math.isfinite(x + y):
                problems.append(f"{place}: spot_cm [{x:g}, {y:g}] is off the table "
                                f"({board.width_cm:g} × {board.height_cm:g} cm)")
        if step.model is not None and step.model not in models:
            problems.append(f"{place}: model {step.model!r} is not on the table at the start "
                            f"(one of: {', '.join(sorted(models))})")
    return problems
