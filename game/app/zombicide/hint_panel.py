"""The Zombicide window's Hint (the H key, or the top bar's Hint): the search bot weighs the actions
now open at its deeper setting, on a thread so the window keeps drawing, with a "Thinking…" dialog
whose Cancel stops it. Then a dialog names the suggested action and the others it weighed, each with
the share of its play-outs the team won; choosing one plays it.

The search reads the game's state but deals the hidden decks and dice anew from its own seed
(``game.rules.zombicide.determinize``): a hint never knows a card or a roll the players do not.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from random import Random
from typing import Any

import pygame

from game.app.widgets.dialogs import ChoiceDialog
from game.i18n import _, ngettext, said
from game.rules.zombicide.commands import ChooseOption
from game.rules.zombicide.search import DEEP, Advice, Considered, SearchBudget, advise
from game.rules.zombicide.state import ZombicideState


class HintSearch:
    """One search on a thread of its own; ``cancel`` stops it at the next world."""

    def __init__(self, state: ZombicideState, seat: str, commands: Sequence[Any], seed: int, budget: SearchBudget):
        self.state = state
        self.worlds_started = 0
        self.advice: Advice | None = None
        self.error: str = ""
        self._cancelled = threading.Event()
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(seat, list(commands), seed, budget), daemon=True,
                                        name="zombicide-hint")
        self._thread.start()

    def _should_stop(self) -> bool:
        self.worlds_started += 1
        return self._cancelled.is_set()

    def _run(self, seat: str, commands: list[Any], seed: int, budget: SearchBudget) -> None:
        try:
            self.advice = advise(self.state, seat, commands, Random(seed), budget, should_stop=self._should_stop)
        except Exception as error:  # a search that fails says so in the dialog; the game goes on
            self.error = str(error) or type(error).__name__
        finally:
            self._finished.set()

    @property
    def done(self) -> bool:
        return self._finished.is_set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        self._cancelled.set()

    def join(self, timeout_s: float | None = None) -> None:
        self._thread.join(timeout_s)


class ThinkingDialog(ChoiceDialog):
    """"Thinking…" with the worlds looked at so far, and Cancel."""

    def __init__(self, worlds: int):
        super().__init__(_("Hint: thinking…"), [self.progress_line(0, worlds)], [], lambda n: None, cancel=True)
        self.worlds = worlds

    @staticmethod
    def progress_line(done: int, worlds: int) -> str:
        return _("Looking ahead: world {done} of {worlds}").format(done=min(done, worlds), worlds=worlds)

    def show_progress(self, done: int) -> None:
        self.lines = [self.progress_line(done, self.worlds)]


class HintTools:
    """The GameScene's part that asks for a hint and shows it (a mixin: the scene gives ``controller``,
    ``dialog``, ``open_dialog``, ``play_in_order``, ``status`` and ``window_size``)."""

    hint_budget: SearchBudget = DEEP
    hint: HintSearch | None = None
    hint_dialog: ThinkingDialog | None = None
    hint_advice: Advice | None = None  # the last advice shown

    def open_hint(self) -> None:
        """Start a search for the seat that acts now, unless one runs or nothing can be played."""
        scene: Any = self
        controller = scene.controller
        seat = controller.seat
        if self.hint is not None or seat is None or scene.replay is not None or controller.outcome() is not None:
            return
        legal = controller.legal()
        if not legal:
            return
        state = controller.state
        seed = len(controller.session.log) * 7919 + state.round  # the same moment always gets the same hint
        self.hint = HintSearch(state, seat, legal, seed, self.hint_budget)
        worlds = max(1, self.hint_budget.playouts // max(1, min(self.hint_budget.candidates, len(legal))))
        self.hint_dialog = ThinkingDialog(worlds)
        scene.open_dialog(self.hint_dialog)

    def update_hint(self) -> None:
        """Each frame: the progress shown; Cancel (or Esc, or a move made meanwhile) stops the search;
        once it is done, its advice."""
        hint = self.hint
        if hint is None:
            return
        scene: Any = self
        stale = hint.state is not scene.controller.state
        if scene.dialog is not self.hint_dialog or stale:
            hint.cancel()  # closed by Cancel or Esc, or the game moved on: the answer would be out of date
            if stale and scene.dialog is self.hint_dialog:
                scene.dialog = None
            self.hint = self.hint_dialog = None
            return
        if self.hint_dialog is not None:
            self.hint_dialog.show_progress(hint.worlds_started)
        if not hint.done:
            return
        self.hint = self.hint_dialog = None
        if hint.advice is None:
            scene.dialog = None
            scene.status(_("No hint: {reason}").format(reason=hint.error or _("the search stopped")))
            return
        self.hint_advice = hint.advice
        scene.open_dialog(self.advice_dialog(hint.advice))

    def advice_dialog(self, advice: Advice) -> ChoiceDialog:
        scene: Any = self
        considered = list(advice.considered)
        labels = [self.hint_option(c) for c in considered]
        best = considered[0]
        if advice.searched:
            lines = [
                ngettext("Each action was played out in {n} dealt world (decks and dice drawn anew),",
                         "Each action was played out in {n} dealt worlds (decks and dice drawn anew),",
                         best.playouts).format(n=best.playouts),
                _("the planner bot playing every seat after it; best first."),
            ]
            if advice.held:
                lines += [_("The planner bot's choice stands first:"),
                          ngettext("the higher scores below are within the luck of {n} world.",
                                   "the higher scores below are within the luck of {n} worlds.", best.playouts).format(n=best.playouts)]
        else:
            lines = [_("Nothing to weigh here: this is the planner bot's choice.")]
        return ChoiceDialog(_("Hint: {action}").format(action=self.command_words(best.command)), lines, labels,
                            lambda n: scene.play_in_order(considered[n].command), cancel=True)

    def hint_option(self, considered: Considered) -> str:
        words = self.command_words(considered.command)
        if not considered.playouts:
            return words
        return _("{action} · won {won:.0%}, lost {lost:.0%}").format(
            action=words, won=considered.win_estimate, lost=considered.loss_estimate)

    def command_words(self, command: Any) -> str:
        """The words the window uses for ``command``, with the survivor who plays it."""
        scene: Any = self
        controller = scene.controller
        pending = controller.pending
        if isinstance(command, ChooseOption) and pending is not None and 0 <= command.option < len(pending.options):
            return said(pending.options[command.option])
        label = controller.describe(command).label
        survivor = getattr(command, "survivor", None)
        if isinstance(survivor, str) and survivor:
            return f"{controller.survivor_name(survivor)}: {label}"
        return str(label)

    def hint_key(self, key: int, mod: int) -> bool:
        """H asks for a hint (when no dialog is open)."""
        return plain_key(self, key, mod, pygame.K_h, self.open_hint)


def plain_key(scene: Any, key: int, mod: int, wanted: int, act: Callable[[], object]) -> bool:
    """``act()`` for the key ``wanted`` pressed alone (no Ctrl or Alt) while no dialog is open."""
    if key != wanted or mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) or scene.dialog is not None:
        return False
    act()
    return True
