"""The game scene's action bar: the survivor's actions in their fixed slots (``ActionBar``), what a
slot not offered says (the engine's ``why_not``), the lists a slot or More… opens, and the cards a
tap on the survivor's panel shows whole. A part of ``GameScene``, like ``scene_drawing``."""

from __future__ import annotations

from game.app.widgets.action_bar import MORE_KEY, Offer, why_not_lines
from game.app.widgets.card_view import CardFace, CardViewScene, local_name
from game.app.widgets.dialogs import ChoiceDialog
from game.app.zombicide.action_kinds import is_melee, offers_of
from game.app.zombicide.cards import equipment_face, legend_face, survivor_face
from game.app.zombicide.scene_fields import SceneFields
from game.i18n import _, phrase
from game.rules.zombicide.why_not import why_not as engine_why_not


class SceneBar(SceneFields):
    """The bar's part of ``GameScene``."""

    def refresh_bar(self) -> None:
        """The action bar: the survivor's actions in their fixed slots; the override tools or the
        replay controls in those modes."""
        panel = self.actions_rect()
        if self.replay is not None or self.override:
            self.actions.show_plain(panel, [Offer(key, label, key, group) for label, key, group in self.action_labels()])
        else:
            self.actions.update(panel, self.action_offers(), self.why_not(),
                                enabled=self.controller.pending is None and self.controller.outcome() is None)
        self.more_labels = [(o.label, o.key, o.group) for o in self.actions.hidden]

    def action_offers(self) -> list[Offer]:
        """The selected survivor's legal actions as the bar's offers (none while a decision waits)."""
        c = self.controller
        if c.outcome() is not None or c.pending is not None:
            return []
        choices = c.action_choices()
        state = c.state
        return offers_of(choices, [is_melee(state, choice.command) for choice in choices], state.box.command_labels)

    def why_not(self) -> dict[str, list[str]]:
        """Per bar kind, why the selected survivor may not take it now (the engine's reasons, in words)."""
        survivor = self.controller.selected
        if survivor is None or self.replay is not None:
            return {}
        reasons: dict[str, list[str]] = {}
        catalog = self.controller.state.tables.catalog
        names = {card.name: local_name(card) for card in catalog.equipment_cards}  # the engine names cards in English
        for reason in engine_why_not(self.controller.state, survivor):
            fields = {key: names.get(value, value) if key == "weapon" and isinstance(value, str) else value
                      for key, value in reason.fields.items()}
            reasons.setdefault(reason.kind, []).append(phrase(reason.template, **fields))
        return reasons

    def open_more_dialog(self) -> None:
        """More…: the actions the bar has no slot for, then why the missing ones are missing."""
        hidden = list(self.actions.hidden) if not self.actions.plain else list(self.actions.slots[MORE_KEY].offers)
        why = [] if self.actions.plain else self.actions.why_lines()
        lines = why_not_lines(why, self.window_size[1], len(hidden) + 1)

        def chosen(n: int) -> None:
            if n < len(hidden):
                self.press_action(hidden[n].key)
            else:
                self.show_card(legend_face(self.board))

        self.open_dialog(ChoiceDialog(_("More actions"), lines, [o.label for o in hidden] + [_("Legend…")], chosen,
                                      cancel=True))

    def open_more_tools(self, labels: dict[str, str]) -> None:
        """The top bar's More…: the tools it had no room for."""
        hidden = list(getattr(self, "hidden_tools", []))
        self.open_dialog(ChoiceDialog(_("More tools"), [], [_(labels[key]) if key in labels else key for key in hidden],
                                      lambda n: self.press_tool(hidden[n]), cancel=True))

    def open_kind(self, key: str) -> None:
        """A slot offered several times opens the list of its actions; a slot not offered says why."""
        slot = self.actions.slots.get(key)
        if slot is None:
            return
        if not slot.offers:
            self.status(slot.why[0] if slot.why else _("{action}: not possible now").format(action=slot.kind.title))
            return
        offers = list(slot.offers)
        self.open_dialog(ChoiceDialog(slot.kind.title, [], [o.label for o in offers],
                                      lambda n: self.press_action(offers[n].key), cancel=True))
        self.dialog_offers = offers

    def show_card_at(self, slot: int | None) -> None:
        """The equipment card in ``slot`` of the selected survivor, or (no slot) the survivor's own card."""
        survivor = self.controller.selected
        if survivor is None:
            return
        state = self.controller.state
        catalog = state.tables.catalog
        if slot is None:
            if any(s.id == survivor for s in catalog.survivors):
                self.show_card(survivor_face(catalog, survivor))
            return
        card = state.survivors[state.survivor_index(survivor)].slots[slot]
        if card >= 0:
            self.show_card(equipment_face(catalog, state.card_kinds[card]))

    def show_card(self, face: CardFace) -> None:
        pusher = getattr(self.app, "push", None)
        if pusher is not None and hasattr(self.app, "ui"):
            pusher(CardViewScene(self.app, face))

    def tap_bar(self, key: str) -> None:
        """A tap (or a shortcut) on the action bar's button of ``key``: a disabled one says why."""
        button = self.actions.button(key)
        if button is None:
            return
        if not button.enabled:
            slot = self.actions.slots.get(key)
            if self.director.busy:
                self.status(_("Wait for the animation (Space skips it)"))
            elif slot is not None and slot.why:
                self.status(slot.why[0])
            else:
                self.status(_("{action}: not possible now").format(action=button.label))
            return
        self.press_action(key)


__all__ = ["SceneBar"]
