"""City of Horror's action bar in fixed slots (the shared ``ActionBar``): each kind of thing a
player may do at the table keeps its place through a round, whatever is offered now.

The turn-level actions (Trade…, Everyone done, Menu) sit in the fixed slots at the right; the public
choices share one slot ("Choose…", which lists them when there are several), each person's Act has
a slot of its own in seat order, then the offers waiting and the table's tools. What a slot offers
is keyed as before (``pubpick:…``, ``act:<seat>``…): the scene plays those keys as it did."""

from __future__ import annotations

from collections.abc import Sequence

from game.app.widgets.action_bar import ActionKind, Offer
from game.i18n import _


def coh_kinds(seats: Sequence[str]) -> list[ActionKind]:
    """The bar's kinds, in their fixed order, for the people at the table (``seats``, in seat order);
    each person's Act answers to their place's number on the keyboard."""
    return [
        ActionKind("choice", _("Choose…"), "move", "c"),
        ActionKind("back", _("Back"), "turn", "b"),
        *[ActionKind(f"act:{seat}", _("{seat}: act").format(seat=seat), "other", str(n + 1) if n < 9 else "")
          for n, seat in enumerate(seats)],
        ActionKind("offer", _("Offers…"), "trade", "o"),
        ActionKind("discard", _("Discard pile"), "tool", "p"),
        ActionKind("turn", _("Turn the table"), "tool", "r"),
        ActionKind("auto_turn", _("Auto-turn"), "tool", "u"),
        ActionKind("trade", _("Trade…"), "trade", "t", fixed=True),
        ActionKind("done", _("Everyone done"), "turn", "e", fixed=True),
        ActionKind("menu", _("Menu"), "tool", fixed=True),
    ]


def kind_of_key(key: str) -> str:
    """The slot kind of one of the scene's bar keys."""
    if key.startswith(("pubpick:", "pubcmd:", "pub:")):
        return "choice"
    if key == "pub_back":
        return "back"
    if key.startswith("offer_for:"):
        return "offer"
    return key  # act:<seat>, done, trade, discard, turn, auto_turn, menu


def coh_offers(labels: Sequence[tuple[str, str, str]]) -> list[Offer]:
    """The scene's (label, key, colour group) entries as offers of their slots."""
    return [Offer(kind_of_key(key), label, key, group) for label, key, group in labels]


__all__ = ["coh_kinds", "coh_offers", "kind_of_key"]
