"""The game scene's questions from the engine: a pending decision (keep a card, share wounds, pick a
skill…) as a dialog, each choice that kills a survivor marked. A part of ``GameScene``."""

from __future__ import annotations

from game.app.widgets.dialogs import ChoiceDialog
from game.app.zombicide.cards import equipment_summary
from game.app.zombicide.event_text import skill_words
from game.app.zombicide.scene_fields import SceneFields
from game.i18n import _, said
from game.rules.zombicide import engine


class SceneDecisions(SceneFields):
    """The decisions' part of ``GameScene``."""

    def pending_dialog(self) -> ChoiceDialog | None:
        pending = self.controller.pending
        if pending is None:
            return None
        state = self.controller.state
        who = state.survivors[pending.survivor].name if 0 <= pending.survivor < len(state.survivors) else ""
        lines: list[str] = []
        if pending.kind == "keep_card":
            title = _("{who} found: {card}").format(who=who, card=self.controller.card_name(pending.card))
            if pending.card >= 0:  # what the card does, before it is kept
                lines.append(equipment_summary(state.tables.catalog, state.card_kinds[pending.card]))
            if pending.more_cards:
                lines.append(_("Also drawn: {cards}").format(cards=", ".join(self.controller.card_name(c) for c in pending.more_cards)))
        elif pending.kind == "wound":
            title = _("Wounds to share ({n} left)").format(n=pending.remaining)
        elif pending.kind == "skill":
            title = _("{who} reached a new danger level: pick a skill").format(who=who)
        elif pending.kind == "deal":
            title = _("{who} deals the spawn cards: pick where the next one goes").format(who=who)
        elif pending.kind == "friendly_fire":
            title = _("{who}'s shot strays: pick who takes the hit").format(who=who)
        elif pending.kind == "target":
            title = _("{who}'s hit: zombies share the top rank, pick the one it kills").format(who=who)
        else:
            title = _("{who}: re-roll the dice?").format(who=who)
        if pending.kind in ("skill", "inv_ultrared"):  # skill ids ("plus_one_die:melee"), by their names
            options = [skill_words(state.tables.catalog, str(option)) for option in pending.options]
        else:
            options = [said(option, self.controller.zone_name) for option in pending.options]
        if pending.kind in ("wound", "friendly_fire"):
            deaths = [self.deaths_of(n) for n in range(len(options))]
            options = [option + death for option, death in zip(options, deaths, strict=True)]
            if any(deaths):
                lines.append(_("Careful: a choice marked DIES kills that survivor"))
        return ChoiceDialog(title, lines, options, self.controller_choose)

    def deaths_of(self, option: int) -> str:
        """" — Marta DIES" when choosing ``option`` of the pending decision eliminates a survivor."""
        from game.rules.zombicide.commands import ChooseOption, SurvivorEliminated

        state, seat = self.controller.state, self.controller.seat
        if seat is None:
            return ""
        try:
            _after, events = engine.apply(state, seat, ChooseOption(option))
        except Exception:  # an option the engine refuses says nothing more
            return ""
        dead = [self.controller.survivor_name(e.survivor) for e in events if isinstance(e, SurvivorEliminated)]
        return _(" \u2014 {names} DIES").format(names=_(" and ").join(dead)) if dead else ""

    def controller_choose(self, option: int) -> None:
        from game.rules.zombicide.commands import ChooseOption

        self.play(ChooseOption(option))


__all__ = ["SceneDecisions"]
