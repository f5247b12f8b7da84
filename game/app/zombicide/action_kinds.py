"""Zombicide's action kinds in the bar's fixed order, and the legal actions as offers of those kinds.

The order never depends on what is offered now: a survivor's Move slot stays where it is whether
or not the survivor may move (``game.app.widgets.action_bar``). The box's own commands come after
the core's, in the order of the box's ``command_labels``; kinds nobody declared go under More…
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.app.widgets.action_bar import ActionKind, Offer
from game.app.zombicide.controller import ActionChoice
from game.i18n import N_, _

# the skills' own actions share one slot ("Skills…")
SKILL_KINDS = frozenset({"give_action", "jump", "shove", "rescue", "taunt", "close_door", "shout", "heal", "combine"})

CORE_KINDS: tuple[tuple[str, str, str, str], ...] = (  # kind, title, colour group, shortcut
    ("move", N_("Move…"), "move", "m"),
    ("door", N_("Open door…"), "door", "o"),
    ("melee", N_("Melee…"), "attack", "a"),
    ("ranged", N_("Shoot…"), "attack", "s"),
    ("search", N_("Search"), "search", "f"),
    ("trade", N_("Trade…"), "trade", "x"),
    ("items", N_("Ready a weapon…"), "items", "i"),
    ("reload", N_("Reload"), "items", "l"),
    ("skill", N_("Skills…"), "other", "k"),
    ("make_noise", N_("Make noise"), "other", "n"),
    ("take_objective", N_("Take objective"), "other", "j"),
    ("escape", N_("Escape"), "other", ""),
)
END_TURN = ActionKind("end_turn", N_("End turn"), "turn", "e", fixed=True)


def zombicide_kinds(box_labels: Mapping[str, str]) -> list[ActionKind]:
    """The bar's kinds for a box: the core's, the box's commands in their declared order, End turn."""
    kinds = [ActionKind(kind, _(title), group, key) for kind, title, group, key in CORE_KINDS]
    core = {k.kind for k in kinds}
    kinds += [ActionKind(kind, _(label) + "…", "other") for kind, label in box_labels.items() if kind not in core]
    return [*kinds, ActionKind(END_TURN.kind, _(END_TURN.title), END_TURN.group, END_TURN.shortcut, fixed=True)]


def choice_kind(choice: ActionChoice, melee: bool) -> str:
    """The bar kind of one legal action (``melee``: an attack with a melee weapon)."""
    kind = str(getattr(choice.command, "kind", ""))
    if choice.group == "attack":
        return "melee" if melee else "ranged"
    if choice.group in ("move", "door", "trade", "items", "search"):
        return choice.group
    if choice.group.startswith("gather:"):
        return choice.group.split(":", 1)[1]
    if kind in SKILL_KINDS:
        return "skill"
    return kind or "other"


def offers_of(choices: Sequence[ActionChoice], melee: Sequence[bool], box_labels: Mapping[str, str]) -> list[Offer]:
    """The legal actions as the bar's offers: Move, Trade and Ready a weapon as one offer each that
    opens their list, a box's gathered kind as one offer that opens its picking, the rest one offer
    per command (``do:<n>``, n counting every choice)."""
    offers: list[Offer] = []
    grouped_titles = {"move": _("Move…"), "trade": _("Trade…"), "items": _("Ready a weapon…")}
    seen: set[str] = set()
    for n, choice in enumerate(choices):
        kind = choice_kind(choice, melee[n])
        if choice.group in grouped_titles:
            if choice.group not in seen:
                seen.add(choice.group)
                offers.append(Offer(kind, grouped_titles[choice.group], f"group:{choice.group}", choice.group))
        elif choice.group.startswith("gather:"):
            if choice.group not in seen:
                seen.add(choice.group)
                title = box_labels.get(kind) or kind.replace("_", " ").capitalize()
                offers.append(Offer(kind, f"{_(title)}…", choice.group, "items"))
        else:
            offers.append(Offer(kind, choice.label, f"do:{n}", choice.group))
    return offers


def is_melee(state: Any, command: Any) -> bool:
    """Whether an attack command strikes with a melee weapon (the card in its slot says)."""
    if getattr(command, "kind", "") != "attack":
        return False
    index = state.survivor_index(command.survivor)
    if index < 0:
        return False
    card = state.survivors[index].slots[command.slot]
    if card < 0:
        return False
    return bool(state.tables.equipment[state.card_kinds[card]].attack == "melee")


__all__ = ["CORE_KINDS", "END_TURN", "SKILL_KINDS", "choice_kind", "is_melee", "offers_of", "zombicide_kinds"]
