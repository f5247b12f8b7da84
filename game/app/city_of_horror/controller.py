"""A City of Horror game at the table: the session, who sits where (a person or a bot, and on which
side of a touch table), the bots' turns, what must be asked of whom, and saves.

No drawing here: the scene asks this what to show (``needs``) and hands it the players' commands
(``play``); a command the engine refuses raises ``IllegalCommand`` and changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.i18n import _
from game.platform import envelope, registry
from game.rules.city_of_horror import commands as c
from game.rules.city_of_horror.bots import BOTS
from game.rules.city_of_horror.catalog import LOCATIONS
from game.rules.city_of_horror.engine import CityOfHorrorRules, current_seats, setup_with_events
from game.rules.city_of_horror.state import State
from game.rules.city_of_horror.trades import offers_to
from game.rules.city_of_horror.windows import waiting
from game.rules.core.frozen import record
from game.rules.core.session import Session
from game.rules.core.visibility import SPECTATOR, audience_of, events_for

AUTOSAVE_NAME = "city-of-horror-autosave.json"
SIDES = ("bottom", "right", "top", "left")  # where a seat sits around a touch table
PRIVATE_STAGES = {"pick": "pick", "pick_tower": "pick", "ballot": "ballot", "draft": "draft"}


@record
class SeatPlan:
    """Who plays a seat: a person (``bot`` empty) or one of the game's bots, and the table side."""

    name: str
    colour: str
    bot: str = ""
    side: str = "bottom"

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "colour": self.colour, "bot": self.bot, "side": self.side}

    @classmethod
    def from_json(cls, data: Any) -> SeatPlan:
        bot = str(data.get("bot", ""))
        side = str(data.get("side", "bottom"))
        return cls(str(data["name"]), str(data.get("colour", "")), bot if bot in BOTS else "",
                   side if side in SIDES else "bottom")


@record
class Need:
    """Something the game waits for from a person. ``private``: only that person may see it, so the
    device is passed behind the curtain first."""

    seat: str
    what: str  # pick, ballot, draft, distribute, trade, place, move, tie, victim, helicopter, act
    private: bool


@dataclass
class CohController:
    session: Session
    seats: tuple[SeatPlan, ...]
    save_path: Path | None = None
    save_dir: Path = Path("saves")
    events: list[Any] = field(default_factory=list)
    write_saves: bool = True

    @property
    def state(self) -> State:
        return self.session.state  # type: ignore[no-any-return]

    @property
    def ruleset(self) -> CityOfHorrorRules:
        return self.session.ruleset  # type: ignore[return-value]

    def plan(self, seat: str) -> SeatPlan:
        return next(p for p in self.seats if p.name == seat)

    def is_bot(self, seat: str) -> bool:
        return bool(self.plan(seat).bot)

    def humans(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.seats if not p.bot)

    def view(self, seat: str) -> State:
        return self.ruleset.player_view(self.state, seat)

    def public_view(self) -> State:
        return self.ruleset.player_view(self.state, SPECTATOR)

    def public_events(self) -> tuple[Any, ...]:
        return events_for(self.events, SPECTATOR)

    def private_events(self, seat: str) -> list[Any]:
        """What ``seat`` saw that the table did not (its hand, its draws, its peeks, its ballots)."""
        found = []
        for event in self.events:
            audience = audience_of(event)
            if not audience.public and audience.allows(seat):
                found.append(event)
        return found

    # --- playing ----------------------------------------------------------------------------------

    def play(self, seat: str, command: Any) -> tuple[Any, ...]:
        """Apply a person's (or a bot's) command; a refusal raises IllegalCommand and changes nothing."""
        played = self.session.play(seat, command)
        self.events.extend(played)
        self.autosave()
        return tuple(played)

    def legal(self, seat: str) -> list[Any]:
        return list(self.ruleset.legal_commands(self.view(seat), seat))

    def bot_step(self) -> tuple[str, Any, tuple[Any, ...]] | None:
        """One command of a bot the game waits for (in turn order), or None when no bot has anything to
        do now."""
        state = self.state
        if state.over:
            return None
        asked = current_seats(state)
        for seat in state.turn_order():
            if seat not in asked or not self.is_bot(seat):
                continue
            bot = BOTS[self.plan(seat).bot]
            command = bot(self.view(seat), seat, ())
            if command is None:
                continue
            return seat, command, self.play(seat, command)
        return None

    def everyone_done(self) -> int:
        """Every person the open window (or the card waiting) is still waiting for passes; how many."""
        count = 0
        for _sweep in range(len(self.seats) * 2):
            state = self.state
            if state.stage.kind != "window":
                break
            people = [seat for seat in waiting(state) if not self.is_bot(seat)]
            if not people or (state.window is not None and state.window.kind == "mover" and not state.stack):
                break
            self.play(people[0], c.Pass())
            count += 1
        return count

    # --- what the game waits for ---------------------------------------------------------------------

    def needs(self) -> list[Need]:
        """What people are asked now, private things first (each behind the curtain)."""
        state = self.state
        if state.over:
            return []
        kind = state.stage.kind
        found: list[Need] = []
        asked = current_seats(state)
        people = [seat for seat in state.turn_order() if seat in asked and not self.is_bot(seat)]
        if kind in PRIVATE_STAGES and state.decision is not None:
            found.extend(Need(seat, PRIVATE_STAGES[kind], True) for seat in people if seat in state.decision.waiting())
        elif kind == "distribute" and state.stage.seat in people:
            found.append(Need(state.stage.seat, "distribute", True))
        elif kind in ("place", "victim", "helicopter") and state.stage.seat in people:
            found.append(Need(state.stage.seat, kind, False))
        elif kind == "tie" and state.first in people:
            found.append(Need(state.first, "tie", False))
        elif kind == "window":
            window = state.window
            if window is not None and window.kind == "mover" and not state.stack and window.mover in people:
                found.append(Need(window.mover, "move", False))
            found.extend(Need(seat, "act", False) for seat in people if seat in waiting(state)
                         and not (window is not None and window.kind == "mover" and not state.stack))
        for seat in self.humans():
            if offers_to(state, seat):
                found.append(Need(seat, "trade", True))
        return found

    def can_act(self, seat: str) -> bool:
        """``seat`` could play a card, use an ability or an effect, or lock a promise now (its act button);
        passing, trading and the public choices are offered elsewhere."""
        acts = (c.PlayCard, c.UseAbility, c.UseEffect, c.LockBallot, c.LockTieBreak)
        return any(isinstance(command, acts) for command in self.legal(seat))

    # --- saves ---------------------------------------------------------------------------------------

    def extra(self) -> dict[str, Any]:
        return {"seats": [plan.to_json() for plan in self.seats]}

    def autosave(self) -> Path | None:
        if not self.write_saves:
            return None
        target = self.save_path or self.save_dir / AUTOSAVE_NAME
        try:
            return envelope.write_game(target, registry.game("city_of_horror"), self.session,
                                       title=self.title(), extra=self.extra())
        except envelope.SaveFileError:
            return None

    def title(self) -> str:
        return "City of Horror: " + ", ".join(plan.name for plan in self.seats)

    @classmethod
    def resume(cls, path: Path, save_dir: Path | None = None) -> CohController:
        loaded = envelope.load_game(path)
        if loaded.entry.id != "city_of_horror":
            raise envelope.SaveFileError(path, f"a {loaded.entry.name} save, not City of Horror")
        state = loaded.session.state
        plans = [SeatPlan.from_json(item) for item in loaded.extra.get("seats", []) if isinstance(item, dict)]
        if [p.name for p in plans] != list(state.seats):
            plans = [SeatPlan(seat, state.colour(seat)) for seat in state.seats]
        controller = cls(loaded.session, tuple(plans), save_path=Path(path),
                         save_dir=save_dir or Path(path).parent)
        controller.events = list(_replayed_events(loaded.session))
        return controller


def _replayed_events(session: Session) -> list[Any]:
    """The events of a resumed game, by replaying its log from the set-up (for the log panel)."""
    ruleset = session.ruleset
    state = ruleset.setup(session.board, session.setup_spec, session.seed)
    found: list[Any] = []
    for entry in session.log:
        state, caused = ruleset.apply(state, entry.seat, entry.command)
        found.extend(caused)
    return found


def new_controller(plans: Sequence[SeatPlan], setup: dict[str, Any], seed: int, board: Any,
                   save_dir: Path, write_saves: bool = True) -> CohController:
    """A new game of ``plans`` (seating order), set up with ``setup`` (sides, draft, rules…)."""
    entry = registry.game("city_of_horror")
    spec = {**setup, "players": [{"seat": p.name, "colour": p.colour} for p in plans]}
    ruleset = entry.ruleset("base")
    session = Session(ruleset, board, ruleset.setup_from_json(json.dumps(spec)), seed)
    controller = CohController(session, tuple(plans), save_dir=save_dir, write_saves=write_saves)
    controller.events = list(setup_with_events(session.setup_spec, seed)[1])
    return controller


def check_names(names: Sequence[str]) -> str:
    """"" when the names can be players' names, else why not (for the set-up page)."""
    cleaned = [name.strip() for name in names]
    if any(not name for name in cleaned):
        return _("Every player needs a name")
    if len(set(cleaned)) != len(cleaned):
        return _("Two players have the same name")
    if any(name in LOCATIONS or name == "?" or len(name) > 24 for name in cleaned):
        return _("A name may not be a location's, nor longer than 24 letters")
    return ""

