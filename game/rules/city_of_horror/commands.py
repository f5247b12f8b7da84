"""What a player tells the City of Horror engine, as frozen tagged data (JSON through ``COMMANDS``).

Parameters share their names across commands: ``location`` (where a card or ability works), ``to``
(where a zombie goes), ``target`` (a character, a seat, a colour or a Movement card, as the card or
ability needs), ``card`` (an Action card paid from the hand), ``take`` (what is taken: a card from the
discard pile, a face-up Food token) and ``blast`` (where an Explosion marker goes).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from game.rules.core.frozen import record


@record
class Pass:
    """Nothing more from me in this window (or: no cancel for the card just played)."""

    kind: Literal["pass"] = "pass"


@record
class PlaceCharacter:
    """Set-up: put one of my characters on one of the locations I drew."""

    character: str
    location: str
    kind: Literal["place_character"] = "place_character"


@record
class DraftKeep:
    """Expert draft: keep this card of the packet I hold (sealed until everyone has kept one)."""

    card: str
    kind: Literal["draft_keep"] = "draft_keep"


@record
class PickMovement:
    """Choose my Movement card for this round, in secret."""

    location: str
    kind: Literal["pick_movement"] = "pick_movement"


@record
class Vote:
    """My ballot: all my votes go to ``target`` (a seat)."""

    target: str
    kind: Literal["vote"] = "vote"


@record
class BreakTie:
    target: str
    kind: Literal["break_tie"] = "break_tie"


@record
class ChooseVictim:
    """Which of my characters dies (an attack I lost, or no Antidote at the helicopter)."""

    character: str
    kind: Literal["choose_victim"] = "choose_victim"


@record
class GiveItem:
    """Distribution: hand ``item`` ("antidote" or an Action card's id) to ``to``."""

    item: str
    to: str
    kind: Literal["give_item"] = "give_item"


@record
class EndDistribution:
    """Keep the rest on the location (only where the table lets the distributor hold items back)."""

    kind: Literal["end_distribution"] = "end_distribution"


@record
class Move:
    """Move one of my characters to the location of my Movement card (``mamma``: she uses her ability
    to squeeze into a full location)."""

    character: str
    mamma: bool = False
    kind: Literal["move"] = "move"


@record
class PlayCard:
    card: str
    location: str = ""
    to: str = ""
    target: str = ""
    blast: str = ""
    kind: Literal["play_card"] = "play_card"


@record
class UseAbility:
    character: str
    location: str = ""
    to: str = ""
    target: str = ""
    card: str = ""
    take: str = ""
    kind: Literal["use_ability"] = "use_ability"


@record
class UseEffect:
    """Use the effect of the location being resolved, paying with ``card`` or ``target`` as it asks."""

    location: str
    card: str = ""
    target: str = ""
    take: str = ""
    steps: int = 0
    kind: Literal["use_effect"] = "use_effect"


@record
class LockBallot:
    """A promise the engine keeps: my ballot in the coming vote here will go to ``target``."""

    target: str
    kind: Literal["lock_ballot"] = "lock_ballot"


@record
class LockTieBreak:
    """The First Player's promise: if the coming vote here ties, ``target`` is the one picked."""

    target: str
    kind: Literal["lock_tie_break"] = "lock_tie_break"


@record
class OfferTrade:
    partner: str
    give_cards: tuple[str, ...] = ()
    give_antidotes: int = 0
    ask_cards: tuple[str, ...] = ()
    ask_any: int = 0
    ask_antidotes: int = 0
    kind: Literal["offer_trade"] = "offer_trade"


@record
class AcceptTrade:
    """Accept ``seat``'s offer; ``cards`` are the ones I choose to give when it asks for any."""

    seat: str
    cards: tuple[str, ...] = ()
    kind: Literal["accept_trade"] = "accept_trade"


@record
class DeclineTrade:
    seat: str
    kind: Literal["decline_trade"] = "decline_trade"


@record
class WithdrawTrade:
    kind: Literal["withdraw_trade"] = "withdraw_trade"


Command = Annotated[
    Pass | PlaceCharacter | DraftKeep | PickMovement | Vote | BreakTie | ChooseVictim | GiveItem | EndDistribution
    | Move | PlayCard | UseAbility | UseEffect | LockBallot | LockTieBreak | OfferTrade | AcceptTrade | DeclineTrade
    | WithdrawTrade,
    Field(discriminator="kind"),
]
COMMANDS: TypeAdapter[Any] = TypeAdapter(Command)
COMMAND_TYPES = (Pass, PlaceCharacter, DraftKeep, PickMovement, Vote, BreakTie, ChooseVictim, GiveItem,
                 EndDistribution, Move, PlayCard, UseAbility, UseEffect, LockBallot, LockTieBreak, OfferTrade,
                 AcceptTrade, DeclineTrade, WithdrawTrade)
TRADE_COMMANDS = (OfferTrade, AcceptTrade, DeclineTrade, WithdrawTrade)
