"""The game controller: a Session over the Zombicide engine, and the player's intents turned into commands.

No pygame here. The window asks what is legal (buttons, highlighted zones, doors, shooting targets
with their chance to hit), hands taps and drops back as intents, and gets either the engine's
events to animate or the engine's reason for a refusal.

Manual override (moving, adding and removing any piece by hand) is a set of engine commands
(``rules/zombicide/overrides.py``): they go into the same log, so they are saved, replayed and
undone like any other move.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import field, replace
from typing import Any

from game.app.widgets.card_view import local_name
from game.app.zombicide.event_text import parameter_words
from game.board.model import Board
from game.i18n import N_, _, language, ngettext, phrase, said
from game.rules.core.base import IllegalCommand
from game.rules.core.frozen import mutable_record, record
from game.rules.core.session import Session
from game.rules.core.visibility import SPECTATOR, events_for
from game.rules.zombicide import engine
from game.rules.zombicide.boxes import DEFAULT_BOX
from game.rules.zombicide.commands import (
    Attack,
    ChooseOption,
    Discard,
    EndTurn,
    Move,
    OpenDoor,
    Rearrange,
    Trade,
)
from game.rules.zombicide.odds import DIE_FACES
from game.rules.zombicide.overrides import (
    OVERRIDE_SEAT,
    OVERRIDE_TYPES,
    AddSurvivor,
    PlaceSurvivor,
    PlaceZombies,
    PutCardOnTop,
    RemoveSurvivor,
    RemoveZombies,
    ReshuffleDeck,
    SetCounter,
    SetNoise,
    ShiftZombies,
    SurvivorAdded,
    SurvivorRemoved,
    bench_survivors,
    cards_for_top,
    counter_choices,
)
from game.rules.zombicide.state import EMPTY, HAND_SLOTS, Pending, ZombicideSetup, ZombicideState

# the override commands and events, for the scenes that build them
__all__ = ["AddSurvivor", "GameController", "PlaceSurvivor", "PlaceZombies", "PutCardOnTop", "RemoveSurvivor",
           "RemoveZombies", "ReshuffleDeck", "SetCounter", "SetNoise", "ShiftZombies", "SurvivorAdded",
           "SurvivorRemoved", "game_rules", "odds_details", "odds_summary"]

def game_rules(box: str = DEFAULT_BOX) -> engine.ZombicideRules:
    """The ruleset a window session of ``box`` (and its saves) uses: the engine, overrides included."""
    return engine.ZombicideRules(box)


# --- what the window shows ------------------------------------------------------------------------


@record
class ActionChoice:
    """One button: what it says, the command it plays, and a group for layout."""

    label: str
    command: Any
    group: str  # "move", "door", "attack", "search", "items", "trade", "turn", "other"


@record
class ShotOption:
    """An attack the survivor may make, with the engine's odds for it."""

    command: Attack
    odds: engine.AttackOdds

    @property
    def weapon(self) -> str:
        """The weapon as the player picks it: "Pistol", or "one Pistol" when one of a Dual pair fires alone."""
        return phrase("one {weapon}", weapon=self.odds.weapon) if self.command.single else self.odds.weapon

    @property
    def hit_chance(self) -> float:  # at least one hit
        return self.odds.chance

    @property
    def expected_hits(self) -> float:
        return self.odds.expected_hits


@record
class Outcome:
    """What an intent did: the events to animate, or the reason it was refused."""

    ok: bool
    events: tuple[Any, ...] = ()
    reason: str = ""
    command: Any = None
    refusal: str = ""  # the engine's reason as it gave it (English), for the window to tell refusals apart


@mutable_record
class Targets:
    """The selected survivor's legal targets on the board."""

    moves: dict[str, Move] = field(default_factory=dict)  # zone → the cheapest move there
    doors: dict[str, OpenDoor] = field(default_factory=dict)  # connection id → command
    shots: dict[str, list[ShotOption]] = field(default_factory=dict)  # zone → attack options


def odds_summary(odds: engine.AttackOdds) -> str:
    """"4 dice, 3+ to hit: 89%" (a Molotov: "kills everything")."""
    if odds.kills_everything:
        return _("kills everything in the zone")
    if odds.needed > DIE_FACES:
        return ngettext("{n} die, cannot hit", "{n} dice, cannot hit", odds.dice).format(n=odds.dice)
    return ngettext("{n} die, {needed}+ to hit: {chance}", "{n} dice, {needed}+ to hit: {chance}", odds.dice).format(
        n=odds.dice, needed=odds.needed, chance=f"{odds.chance:.0%}")


_WHAT_WORDS = (("dice", N_("dice")), ("needed", N_("to hit")), ("damage", N_("damage")), ("range", N_("range")),
               ("reroll", N_("re-roll")), ("note", N_("note")))


def odds_details(odds: engine.AttackOdds) -> list[str]:
    """Every modifier of the engine's odds with where it comes from, a line per kind: "dice: Pistol 1,
    Pistol (Dual) 1, +1 die: ranged +1"."""
    lines = []
    for what, head in _WHAT_WORDS:
        parts = []
        for m in odds.modifiers:
            if m.what != what:
                continue
            if what in ("reroll", "note"):
                parts.append(_(m.name) if m.source == "rule" else m.name)
            elif m.source == "weapon":
                parts.append(f"{m.name} {m.amount}+" if what == "needed" else f"{m.name} {m.amount}")
            else:
                parts.append(f"{m.name} {m.amount:+d}")
        if parts:
            lines.append(f"{_(head)}: " + ", ".join(parts))
    return lines


_COMMAND_LABELS = {
    "search": N_("Search"), "end_turn": N_("End turn"), "make_noise": N_("Make noise"), "reload": N_("Reload"),
    "take_objective": N_("Take objective"), "escape": N_("Escape"), "shout": N_("Shout (Loud)"),
}

# the skills' own commands (action_kinds.SKILL_KINDS), named before the zone or survivor they act on
_SKILL_COMMAND_WORDS = {
    "give_action": N_("Give action"), "jump": N_("Jump"), "shove": N_("Shove"), "rescue": N_("Rescue"),
    "taunt": N_("Taunt"), "close_door": N_("Close door"), "shout": N_("Shout"), "heal": N_("Heal"),
    "combine": N_("Combine"),
}


def shot_lines(shots: list[ShotOption]) -> list[str]:
    """The engine's modifiers of each weapon's shot, for a dialog's lines."""
    lines = []
    for shot in shots:
        lines += [f"{shot.weapon} — {detail}" for detail in odds_details(shot.odds)]
    return lines


class GameController:
    """A game being played: the session, the selected survivor, and intents in, outcomes out."""

    def __init__(self, session: Session, board: Board):
        self.session = session
        self.board = board
        self.selected: str | None = None
        self._legal_for: tuple[int, str] | None = None
        self._legal: list[Any] = []
        self._zone_names: dict[str, str] | None = None
        self._zone_names_language = ""
        self.select_default()

    @classmethod
    def new(cls, board: Board, setup: ZombicideSetup | dict, seed: int) -> GameController:
        box = setup.box if isinstance(setup, ZombicideSetup) else engine.parse_setup(setup, board).box
        return cls(Session(game_rules(box), board, setup, seed), board)

    # --- the state ----------------------------------------------------------------------------

    @property
    def state(self) -> ZombicideState:
        return self.session.state

    @property
    def seat(self) -> str | None:
        """The seat that acts now (a pending decision's seat first), None between phases."""
        seats = engine.current_seats(self.state)
        return next(iter(sorted(seats)), None)

    def view(self) -> ZombicideState:
        """What the players may look at (deck order and dice to come hidden)."""
        return engine.player_view(self.state, self.seat or "")

    @property
    def pending(self) -> Pending | None:
        return self.state.pending

    def outcome(self) -> str | None:
        return engine.outcome(self.state)

    def legal(self) -> list[Any]:
        seat = self.seat
        if seat is None:
            return []
        key = (id(self.state), seat)
        if self._legal_for != key:
            self._legal = engine.legal_commands(self.state, seat)
            self._legal_for = key
        return self._legal

    def playable_survivors(self) -> list[str]:
        """Survivors the current seat may pick now (only the active one once a turn began)."""
        ids = []
        for command in self.legal():
            survivor = getattr(command, "survivor", None)
            if survivor and survivor not in ids:
                ids.append(survivor)
        return ids

    def swap_command(self, survivor_id: str, slot_a: int, slot_b: int) -> Any:
        """The command that swaps two of the survivor's slots (a drag on its card)."""
        from game.rules.zombicide.commands import Rearrange

        slots = list(self.state.survivors[self.state.survivor_index(survivor_id)].slots)
        slots[slot_a], slots[slot_b] = slots[slot_b], slots[slot_a]
        return Rearrange(survivor_id, tuple(slots))

    def select(self, survivor_id: str | None) -> bool:
        if survivor_id is None or self.state.survivor_index(survivor_id) >= 0:
            self.selected = survivor_id
            return True
        return False

    def select_default(self) -> None:
        """Keep the selection while it can act; else the active survivor, else the first playable."""
        playable = self.playable_survivors()
        state = self.state
        if state.active >= 0:
            self.selected = state.survivors[state.active].id
        elif self.selected not in playable:
            self.selected = playable[0] if playable else self.selected

    # --- what the selected survivor may do ------------------------------------------------------

    def commands_of(self, survivor_id: str | None) -> list[Any]:
        return [c for c in self.legal() if getattr(c, "survivor", None) == survivor_id]

    def targets(self, survivor_id: str | None = None) -> Targets:
        survivor_id = survivor_id or self.selected
        found = Targets()
        for command in self.commands_of(survivor_id):
            if isinstance(command, Move) and not command.charge:
                known = found.moves.get(command.to)
                if known is None or len(command.via) < len(known.via):
                    found.moves[command.to] = command
            elif isinstance(command, OpenDoor):
                found.doors[command.door] = command
            elif isinstance(command, Attack):
                found.shots.setdefault(command.zone, []).append(self.shot(command))
        return found

    def shot(self, command: Attack) -> ShotOption:
        """The attack with the engine's odds: dice, the number needed, the chance, every modifier."""
        catalog = self.state.tables.catalog
        return ShotOption(command, engine.attack_odds(
            self.state, command, lambda content: parameter_words(catalog, content) if isinstance(content, str)
            else local_name(content)))

    def trade_partners(self, survivor_id: str | None = None) -> tuple[str, ...]:
        """Whom the survivor may hand a card to (the engine's word)."""
        survivor_id = survivor_id or self.selected
        return engine.trade_partners(self.state, survivor_id) if survivor_id else ()

    def goals(self) -> tuple[engine.GoalProgress, ...]:
        return engine.goal_progress(self.state)

    def gathered(self, kind: str, survivor_id: str | None = None) -> list[ActionChoice]:
        """The survivor's legal commands of a kind the box gathers (one action, several picks),
        one pick each, in words."""
        return [c for c in self.action_choices(survivor_id) if c.group == f"gather:{kind}"]

    def joined(self, picks: Sequence[Any]) -> Any:
        """One command of a gathered kind holding every pick of ``picks`` (commands of that kind)."""
        field_name = self.state.box.gathered[picks[0].kind]
        together = tuple(value for pick in picks for value in getattr(pick, field_name))
        return replace(picks[0], **{field_name: together})

    def to_order(self, command: Any) -> tuple[str, ...]:
        """The survivors whose acting order the players pick for ``command`` (a box's ordered kind
        with several of them and no order yet), else ()."""
        survivors = self.state.box.ordered.get(getattr(command, "kind", ""))
        given = getattr(command, "order", None)
        if survivors is None or given:
            return ()
        ids = survivors(command)
        return ids if len(ids) > 1 else ()

    def action_choices(self, survivor_id: str | None = None) -> list[ActionChoice]:
        """Every legal command of the survivor as a button, in words."""
        survivor_id = survivor_id or self.selected
        choices: list[ActionChoice] = []
        seen_moves: set[str] = set()
        for command in self.commands_of(survivor_id):
            choice = self.describe(command)
            if isinstance(command, Move):
                key = command.to + (":charge" if command.charge else "")
                if key in seen_moves:
                    continue
                seen_moves.add(key)
            choices.append(choice)
        return choices

    def box_words(self) -> Any:
        """The names the box's words use: the log's names for survivors, zones, cards and zombies."""
        from game.app.zombicide.event_text import box_words

        self.zone_name("")  # the board's zone names, in the language now chosen
        return box_words(self.state, self._zone_names)

    def zone_name(self, zone_id: str) -> str:
        """The zone as a player names it (the log's words)."""
        if self._zone_names is None or self._zone_names_language != language():  # names are in words
            from game.app.zombicide.event_text import zone_names_for

            self._zone_names, self._zone_names_language = zone_names_for(self.board), language()
        return self._zone_names.get(zone_id) or zone_id.split(":")[-1]

    def card_name(self, card: int) -> str:
        if card == EMPTY:
            return ""
        if card < 0:  # a card that is not equipment: the box names it (a Wound card)
            return self.state.box.wounds.held_card_name(card).capitalize()
        state = self.state
        return local_name(state.tables.equipment[state.card_kinds[card]])

    def survivor_name(self, survivor_id: str) -> str:
        i = self.state.survivor_index(survivor_id)
        return self.state.survivors[i].name if i >= 0 else survivor_id

    def describe(self, command: Any) -> ActionChoice:
        kind = getattr(command, "kind", "")
        if isinstance(command, Move):
            verb = N_("Charge to {zone}") if command.charge else N_("Move to {zone}")
            return ActionChoice(phrase(verb, zone=self.zone_name(command.to)), command, "move")
        if isinstance(command, OpenDoor):
            return ActionChoice(self.door_words(command.door, command.survivor), command, "door")
        if isinstance(command, Attack):
            shot = self.shot(command)
            where = _("here") if command.zone == self._zone_of(command.survivor) else phrase(
                "at {zone}", zone=self.zone_name(command.zone))
            chance = _("all") if shot.odds.kills_everything else f"{shot.hit_chance:.0%}"
            if command.second_zone:
                where = phrase("{first} and {second}", first=where, second=self.zone_name(command.second_zone))
            return ActionChoice(f"{shot.weapon} {where} ({chance})", command, "attack")
        if isinstance(command, Trade):
            return ActionChoice(self._trade_words(command), command, "trade")
        if isinstance(command, Rearrange):
            return ActionChoice(self._rearrange_words(command), command, "items")
        if isinstance(command, EndTurn):
            return ActionChoice(_("End turn"), command, "turn")
        if kind == "search":
            return ActionChoice(_("Search"), command, "search")
        box = self.state.box
        told = box.command_text(command, self.state, self.box_words())
        zone = getattr(command, "zone", None) or getattr(command, "to", None)  # where it acts
        if told and isinstance(zone, str) and zone in self.state.graph.index:
            told += f": {self.zone_name(zone)}"
        label = _(_COMMAND_LABELS[kind]) if kind in _COMMAND_LABELS else told or (
            _(box.command_labels[kind]) if kind in box.command_labels else None)
        if kind in box.gathered:
            return ActionChoice(label or kind.replace("_", " ").capitalize(), command, f"gather:{kind}")
        if label is None:
            words = _(_SKILL_COMMAND_WORDS[kind]) if kind in _SKILL_COMMAND_WORDS else kind.replace("_", " ").capitalize()
            target = getattr(command, "target", None) or getattr(command, "to", None) or getattr(command, "zone", None)
            if isinstance(target, str) and target:
                words += f": {self.survivor_name(target) if self.state.survivor_index(target) >= 0 else self.zone_name(target)}"
            label = words
        group = "turn" if kind in ("end_turn",) else "other"
        return ActionChoice(label, command, group)

    def door_words(self, door_id: str, survivor_id: str | None = None) -> str:
        """ "Open door to Room 203" — the room on the far side from the survivor, or both sides."""
        connection = next((c for c in self.board.connections if c.id == door_id), None)
        if connection is None:
            return _("Open door")
        survivor_id = survivor_id or self.selected
        here = self._zone_of(survivor_id) if survivor_id and self.state.survivor_index(survivor_id) >= 0 else ""
        if here in (connection.a, connection.b):
            return phrase("Open door to {zone}", zone=self.zone_name(connection.other(here)))
        return phrase("Open door: {a} – {b}", a=self.zone_name(connection.a), b=self.zone_name(connection.b))

    def _zone_of(self, survivor_id: str) -> str:
        s = self.state.survivors[self.state.survivor_index(survivor_id)]
        return self.state.graph.zone_ids[s.zone]

    def _trade_words(self, command: Trade) -> str:
        state = self.state
        me = state.survivors[state.survivor_index(command.survivor)]
        gives = [c for c in me.cards() if c not in command.slots]
        takes = [c for c in command.slots if c >= 0 and c not in me.cards()]
        other = self.survivor_name(command.other)
        parts = []
        if gives:
            parts.append(phrase("give {cards}", cards=", ".join(self.card_name(c) for c in gives)))
        if takes:
            parts.append(phrase("take {cards}", cards=", ".join(self.card_name(c) for c in takes)))
        what = phrase("{first} and {second}", first=parts[0], second=parts[1]) if len(parts) == 2 else \
            parts[0] if parts else _("rearrange")
        return phrase("Trade with {other}: {what}", other=other, what=what)

    def _rearrange_words(self, command: Rearrange) -> str:
        return phrase("Ready {cards}", cards=", ".join(self.card_name(command.slots[n]) for n in HAND_SLOTS
                                                       if command.slots[n] >= 0))

    # --- intents --------------------------------------------------------------------------------

    def play(self, command: Any, seat: str | None = None) -> Outcome:
        """Play a command for the acting seat; a refusal leaves everything as it was."""
        seat = seat or (OVERRIDE_SEAT if isinstance(command, OVERRIDE_TYPES) else self.seat)
        if seat is None:
            return Outcome(False, reason=_("nobody may act now"), command=command)
        try:
            events = self.session.play(seat, command)
        except IllegalCommand as refusal:
            return Outcome(False, reason=said(refusal.reason, self.zone_name), command=command,  # in the player's words
                           refusal=str(refusal.reason))
        self.select_default()
        return Outcome(True, self.shown(events, seat), command=command)

    def shown(self, events: Sequence[Any], seat: str | None) -> tuple[Any, ...]:
        """The share of ``events`` the screen may show: what ``seat`` (the one at the screen) may see,
        everything once the game is over."""
        return events_for(events, seat if seat and seat != OVERRIDE_SEAT else SPECTATOR,
                          revealed=self.outcome() is not None)

    def move_to(self, survivor_id: str, zone_id: str) -> Outcome:
        """A tap on a zone or a survivor dropped there: the legal move, or why not."""
        if zone_id == self._zone_of(survivor_id):
            return Outcome(False, reason=_("{name} is already there").format(name=self.survivor_name(survivor_id)))
        move = self.targets(survivor_id).moves.get(zone_id)
        if move is not None:
            return self.play(move)
        # no listed move: the move the survivor would declare (zombies on the way end it), else a
        # plain one, for the engine to say why it is refused
        attempt = self.play(engine.declared_move(self.state, survivor_id, zone_id) or Move(survivor_id, zone_id))
        if attempt.ok:
            return attempt
        if "adjacent" in attempt.refusal or not attempt.reason:  # the engine's English: no open way there
            return Outcome(False, reason=_("{name} cannot reach that zone now").format(
                name=self.survivor_name(survivor_id)), command=attempt.command)
        return attempt

    def open_door(self, survivor_id: str, door_id: str) -> Outcome:
        return self.play(OpenDoor(survivor_id, door_id))

    def discard(self, survivor_id: str, slot: int) -> Outcome:
        """Drop a card: free at any time, for the survivor's own player (whose turn it is or not)."""
        i = self.state.survivor_index(survivor_id)
        if i < 0:
            return Outcome(False, reason=_("there is no survivor called {name}").format(name=repr(survivor_id)))
        return self.play(Discard(survivor_id, slot), seat=self.state.survivors[i].seat)

    def choose(self, option: int) -> Outcome:
        return self.play(ChooseOption(option))

    def swap_slots(self, survivor_id: str, slot_a: int, slot_b: int) -> Outcome:
        """Drag a card between two of the survivor's own slots (a Rearrange)."""
        state = self.state
        i = state.survivor_index(survivor_id)
        slots = list(state.survivors[i].slots)
        if not (0 <= slot_a < len(slots) and 0 <= slot_b < len(slots)) or slot_a == slot_b:
            return Outcome(False, reason=_("drop the card on another slot"))
        slots[slot_a], slots[slot_b] = slots[slot_b], slots[slot_a]
        return self.play(Rearrange(survivor_id, tuple(slots)))

    # --- manual override --------------------------------------------------------------------------

    def override_move_zombies(self, from_zone: str, to_zone: str, zombie: str, count: int = 1) -> Outcome:
        return self.play(ShiftZombies(from_zone, to_zone, zombie, count))

    def override_add_zombies(self, zone: str, zombie: str, count: int = 1) -> Outcome:
        return self.play(PlaceZombies(zone, zombie, count))

    def override_remove_zombies(self, zone: str, zombie: str, count: int = 1) -> Outcome:
        return self.play(RemoveZombies(zone, zombie, count))

    def override_place_survivor(self, survivor_id: str, zone: str) -> Outcome:
        return self.play(PlaceSurvivor(survivor_id, zone))

    def override_add_survivor(self, survivor_id: str, zone: str, seat: str | None = None) -> Outcome:
        """Bring a survivor of the box into the game, for ``seat`` (by default the seat of the
        selected survivor, else the first seat)."""
        state = self.state
        if seat is None:
            chosen = state.survivor_index(self.selected or "")
            seat = state.survivors[chosen].seat if chosen >= 0 else state.seats[0]
        outcome = self.play(AddSurvivor(survivor_id, zone, seat))
        if outcome.ok:
            self.selected = survivor_id
        return outcome

    def override_remove_survivor(self, survivor_id: str) -> Outcome:
        outcome = self.play(RemoveSurvivor(survivor_id))
        if outcome.ok and self.selected == survivor_id:
            self.selected = None
            self.select_default()
        return outcome

    def bench(self) -> list[str]:
        """The box's survivors not in this game."""
        return bench_survivors(self.state)

    def override_set_counter(self, survivor_id: str, counter: str, value: int) -> Outcome:
        return self.play(SetCounter(survivor_id, counter, value))  # type: ignore[arg-type]

    def override_set_noise(self, zone: str, tokens: int) -> Outcome:
        return self.play(SetNoise(zone, tokens))

    def override_card_on_top(self, deck: str, card: str) -> Outcome:
        return self.play(PutCardOnTop(deck, card))  # type: ignore[arg-type]

    def override_reshuffle(self, deck: str) -> Outcome:
        return self.play(ReshuffleDeck(deck))  # type: ignore[arg-type]

    def counter_choices(self, survivor_id: str, counter: str) -> tuple[int, ...]:
        """The values the override offers for a survivor's counter (the engine's)."""
        return counter_choices(self.state, survivor_id, counter)  # type: ignore[arg-type]

    def cards_for_top(self, deck: str) -> tuple[str, ...]:
        return cards_for_top(self.state, deck)  # type: ignore[arg-type]

    # --- trading by dragging a card onto another survivor -------------------------------------------

    def trade_offers(self, survivor_id: str, slot: int, other_id: str) -> tuple[list[ActionChoice], str]:
        """The trades that hand the card in ``slot`` of ``survivor_id`` to ``other_id``, as dialog
        choices; when there is none, the engine's reason why."""
        state = self.state
        i, j = state.survivor_index(survivor_id), state.survivor_index(other_id)
        if i < 0 or j < 0:
            return [], "drop the card on a survivor in this game"
        if i == j:
            return [], "drop the card on another survivor"
        mine, theirs = state.survivors[i], state.survivors[j]
        if not 0 <= slot < len(mine.slots) or mine.slots[slot] < 0:
            return [], "that slot holds no card to trade"
        card = mine.slots[slot]
        offers = [self._offer(c, card) for c in self.commands_of(survivor_id)
                  if isinstance(c, Trade) and c.other == other_id and card in c.other_slots and card not in c.slots]
        if offers:
            return offers, ""
        # nothing listed: ask the engine about the plainest such trade, for its reason
        their_slots = list(theirs.slots)
        my_slots = list(mine.slots)
        target = their_slots.index(EMPTY) if EMPTY in their_slots else 0
        my_slots[slot], their_slots[target] = their_slots[target] if their_slots[target] >= 0 else EMPTY, card
        attempt = Trade(survivor_id, other_id, tuple(my_slots), tuple(their_slots))
        seat = self.seat
        if seat is None:
            return [], "nobody may act now"
        try:
            self.session.ruleset.check(state, seat, attempt)
        except IllegalCommand as refusal:
            return [], said(refusal.reason, self.zone_name)
        return [self._offer(attempt, card)], ""

    def _offer(self, command: Trade, card: int) -> ActionChoice:
        """'Give Pistol to Ines (hand)' or 'Swap Pistol for Ines's Crowbar'."""
        state = self.state
        theirs = state.survivors[state.survivor_index(command.other)]
        other = self.survivor_name(command.other)
        slot = command.other_slots.index(card)
        received = theirs.slots[slot]
        if received >= 0:
            label = phrase("Swap {card} for {other}'s {received}", card=self.card_name(card), other=other,
                           received=self.card_name(received))
        else:
            label = phrase(N_("Give {card} to {other} (hand)") if slot in HAND_SLOTS else N_("Give {card} to {other} (backpack)"),
                           card=self.card_name(card), other=other)
        return ActionChoice(label, command, "trade")

    # --- replay -----------------------------------------------------------------------------------

    def replay_copy(self) -> GameController:
        """A second controller at the mission start holding this game's moves, ready to step
        forward; this controller and its session are left exactly as they are."""
        live = self.session
        copy = Session(live.ruleset, live.board, live.setup_spec, live.seed)
        copy.queue(live.log)  # logged, not yet played: each redo plays the next one
        return GameController(copy, self.board)

    def history(self) -> list[tuple[ZombicideState, tuple[Any, ...]]]:
        """(state after, events the screen may show) of each command in effect, as the session kept
        them (the log panel is rebuilt from it without playing the game again)."""
        entries = self.session.log
        return [(state, self.shown(events, entry.seat))
                for (state, events), entry in zip(self.session.history(), entries, strict=True)]

    # --- undo, redo, replay ----------------------------------------------------------------------

    def can_undo(self) -> bool:
        return self.session.can_undo()

    def can_redo(self) -> bool:
        return self.session.can_redo()

    def undo(self) -> bool:
        if not self.session.can_undo():
            return False
        self.session.undo()
        self.select_default()
        return True

    def next_command(self) -> Any:
        """The logged command a redo would play, or None."""
        entry = self.session.next_entry()
        return entry.command if entry is not None else None

    def redo(self) -> Outcome:
        """The next logged command again (the same dice come up): also one step of a replay."""
        if not self.session.can_redo():
            return Outcome(False, reason=_("nothing to redo"))
        entry = self.session.next_entry()
        command, seat = (entry.command, entry.seat) if entry is not None else (None, None)
        events = self.session.redo()
        self.select_default()
        return Outcome(True, self.shown(events, seat), command=command)

    def rewind(self) -> int:
        """Back to the start of the mission, keeping the log to step through again; how many steps."""
        steps = 0
        while self.session.can_undo():
            self.session.undo()
            steps += 1
        self.select_default()
        return steps

    def replay_position(self) -> tuple[int, int]:
        """(commands in effect, commands logged)."""
        return len(self.session.log), len(self.session.logged)


def log_as_json(session: Session) -> list[dict]:
    """The session's commands as plain data (for tests and debugging)."""
    rules = session.ruleset
    return [{"seat": e.seat, "command": json.loads(rules.command_to_json(e.command))} for e in session.log]


def commands_by_kind(commands: Sequence[Any], kind: str) -> list[Any]:
    return [c for c in commands if getattr(c, "kind", "") == kind]
