"""The game scene's manual override: drag any piece anywhere, add and remove zombies and survivors,
set a survivor's counters or a zone's noise, put a named card on top of a deck or shuffle a deck
with its discard pile. Every change is an engine command: checked, logged and undoable."""

from __future__ import annotations

from typing import Any

from game.app.widgets.card_view import local_name
from game.app.widgets.dialogs import ChoiceDialog
from game.app.zombicide.controller import Outcome
from game.app.zombicide.scene_fields import SceneFields
from game.app.zombicide.view_model import door_states
from game.i18n import N_, _, phrase

PAGE_OPTIONS = 10  # options per page of a long override list ("More…" turns the page)
COUNTER_WORDS = {"xp": N_("Experience"), "wounds": N_("Wounds"), "actions": N_("Actions left")}  # said with _()
NOISE_CHOICES_ABOVE = 3  # the noise dialog offers up to this many tokens more than the zone holds


class OverrideTools(SceneFields):
    """Manual override, for ``GameScene``."""

    def override_labels(self) -> list[tuple[str, str, str]]:
        """The bottom bar in override mode: survivors, counters, noise, decks, a button per zombie type."""
        labels = [(_("Add survivor…"), "add-survivor", "move"), (_("Remove selected"), "remove", "turn"),
                  (_("Counters…"), "ov:counters", "other"), (_("Noise…"), "ov:noise", "other"),
                  (_("Decks…"), "ov:decks", "other")]
        zombies = self.controller.state.tables.catalog.zombies
        labels += [(f"+ {local_name(z)}", f"add:{z.id}", "danger") for z in zombies]
        return labels

    def press_override(self, key: str) -> bool:
        """Play an override button; False when ``key`` is not one of them."""
        if key == "add-survivor":
            self.open_bench_dialog()
        elif key == "ov:counters":
            self.open_counters_dialog()
        elif key == "ov:noise":
            self.open_noise_dialog()
        elif key == "ov:decks":
            self.open_decks_dialog()
        elif key.startswith("add:"):
            zone = self.override_zone or self._selected_zone()
            if zone is None:
                self.status(_("Tap a zone first"))
            else:
                self.play(_override("add", key.split(":", 1)[1], zone))
        elif key == "remove":
            picked = self.table.selected or ""
            parsed = _zombie_of(picked)
            if self.controller.state.survivor_index(picked) >= 0:
                self.remove_survivor(picked)
            elif parsed is None:
                self.status(_("Tap a zombie or a survivor first"))
            else:
                self.play(_override("remove", parsed[1], parsed[0]))
        else:
            return False
        self.refresh_buttons()
        return True

    def open_counters_dialog(self) -> None:
        """Override: the selected survivor's XP, wounds or actions left, set to a value the engine offers."""
        survivor_id = self.controller.selected
        state = self.controller.state
        i = state.survivor_index(survivor_id or "")
        if survivor_id is None or i < 0:
            self.status(_("Tap a survivor first"))
            return
        s = state.survivors[i]
        now = {"xp": s.xp, "wounds": s.wounds, "actions": s.actions_left}
        counters = list(COUNTER_WORDS)
        self.open_dialog(ChoiceDialog(phrase("{name}: set which counter?", name=s.name), [],
                                      [phrase("{counter} (now {value})", counter=_(COUNTER_WORDS[c]), value=now[c])
                                       for c in counters],
                                      lambda n: self.open_counter_values(survivor_id, counters[n]), cancel=True))

    def open_counter_values(self, survivor_id: str, counter: str) -> None:
        values = self.controller.counter_choices(survivor_id, counter)
        name = self.controller.survivor_name(survivor_id)
        self.choose_paged(f"{name}: {_(COUNTER_WORDS[counter])}", [str(v) for v in values],
                          lambda n: self.play_override(self.controller.override_set_counter, survivor_id, counter,
                                                       values[n]))

    def open_noise_dialog(self) -> None:
        """Override: the Noise tokens of the picked zone."""
        zone = self.override_zone or self._selected_zone()
        if zone is None:
            self.status(_("Tap a zone first"))
            return
        state = self.controller.state
        now = state.noise[state.graph.index[zone]]
        values = list(range(now + NOISE_CHOICES_ABOVE + 1))
        self.choose_paged(phrase("Noise tokens in {zone} (now {count})", zone=self.controller.zone_name(zone), count=now), [str(v) for v in values],
                          lambda n: self.play_override(self.controller.override_set_noise, zone, values[n]))

    def open_decks_dialog(self) -> None:
        """Override: a named card on top of a deck, or a deck shuffled with its discard pile."""
        choices = [
            (_("Equipment: put a card on top…"), lambda: self.open_card_on_top("equipment")),
            (_("Zombies: put a card on top…"), lambda: self.open_card_on_top("zombie")),
            (_("Shuffle the equipment deck with its discard pile"),
             lambda: self.play_override(self.controller.override_reshuffle, "equipment")),
            (_("Shuffle the zombie deck with its discard pile"),
             lambda: self.play_override(self.controller.override_reshuffle, "zombie")),
        ]
        self.open_dialog(ChoiceDialog(_("Decks"), [], [label for label, _ in choices], lambda n: choices[n][1](),
                                      cancel=True))

    def open_card_on_top(self, deck: str) -> None:
        from game.app.zombicide.event_text import zombie_card_words

        state = self.controller.state
        cards = self.controller.cards_for_top(deck)
        if deck == "zombie":
            labels = [zombie_card_words(state, card) for card in cards]
        else:
            labels = [local_name(state.tables.equipment[card]) for card in cards]
        title = _("Which card goes on top of the zombie deck?") if deck == "zombie" else _(
            "Which card goes on top of the equipment deck?")
        self.choose_paged(title, labels,
                          lambda n: self.play_override(self.controller.override_card_on_top, deck, cards[n]))

    def play_override(self, call: Any, *args: Any) -> Outcome:
        """An override through the controller, animated and logged like a move (or its refusal shown)."""
        if self.director.busy:
            self.director.skip()
        before, doors = self.controller.state, door_states(self.controller.state)
        outcome: Outcome = call(*args)
        self.after(outcome, before, doors)
        return outcome

    def choose_paged(self, title: str, labels: list[str], on_choose: Any, start: int = 0) -> None:
        """A dialog of ``labels`` a page at a time; "More…" shows the next page."""
        page = labels[start:start + PAGE_OPTIONS]
        more = start + PAGE_OPTIONS < len(labels)
        shown = page + ([_("More…")] if more else [])

        def chosen(n: int) -> None:
            if more and n == len(page):
                self.choose_paged(title, labels, on_choose, start + PAGE_OPTIONS)
            else:
                on_choose(start + n)

        self.open_dialog(ChoiceDialog(title, [], shown, chosen, cancel=True))

    def open_bench_dialog(self) -> None:
        """Override: pick a survivor of the box who is not in the game; it joins in the picked zone."""
        zone = self.override_zone or self._selected_zone()
        if zone is None:
            self.status(_("Tap a zone first"))
            return
        bench = self.controller.bench()
        if not bench:
            self.status(_("Every survivor of the box is already in the game"))
            return
        names = self._names()
        self.open_dialog(ChoiceDialog(phrase("Who joins in {zone}?", zone=self.controller.zone_name(zone)), [],
                                      [names.get(b, b) for b in bench],
                                      lambda n: self.add_survivor(bench[n], zone), cancel=True))

    def add_survivor(self, survivor_id: str, zone: str) -> Outcome:
        """Override: a survivor of the box joins the game (a logged, undoable command)."""
        if self.director.busy:
            self.director.skip()
        before, doors = self.controller.state, door_states(self.controller.state)
        outcome = self.controller.override_add_survivor(survivor_id, zone)
        self.after(outcome, before, doors)
        if outcome.ok:
            self.table.selected = survivor_id
        return outcome

    def remove_survivor(self, survivor_id: str) -> Outcome:
        """Override: a survivor leaves the game (its cards are discarded); undo brings it back."""
        if self.director.busy:
            self.director.skip()
        before, doors = self.controller.state, door_states(self.controller.state)
        outcome = self.controller.override_remove_survivor(survivor_id)
        self.after(outcome, before, doors)
        if outcome.ok:
            self.table.selected = None
        return outcome

    def _selected_zone(self) -> str | None:
        piece = self.table.state.pieces.get(self.table.selected or "")
        return piece.zone if piece is not None else None


def _zombie_of(piece_id: str) -> tuple[str, str] | None:
    """(zone, zombie type) of a zombie piece id ``z:<zone>:<type>:<n>`` (zone ids hold colons)."""
    if not piece_id.startswith("z:"):
        return None
    parts = piece_id[2:].rsplit(":", 2)
    return (parts[0], parts[1]) if len(parts) == 3 else None


def _override(what: str, subject: str, zone: str, from_zone: str = "") -> Any:
    from game.app.zombicide import controller as ctl

    if what == "survivor":
        return ctl.PlaceSurvivor(subject, zone)
    if what == "zombie":
        return ctl.ShiftZombies(from_zone, zone, subject)
    if what == "add":
        return ctl.PlaceZombies(zone, subject)
    return ctl.RemoveZombies(zone, subject)
