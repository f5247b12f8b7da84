"""What happened, in the past tense. Every event is public unless it says otherwise: a private one has
an ``audience()`` (only the seats that may see it) and a ``redacted()`` form, what the other seats see
in its place (a hand dealt face down, an Invasion card looked at without its content).
"""

from __future__ import annotations

from typing import Literal

from game.rules.core.frozen import record
from game.rules.core.visibility import Audience, only

# --- set-up -----------------------------------------------------------------------------------------


@record
class GameSetUp:
    seats: tuple[str, ...]
    colours: tuple[str, ...]
    first: str
    positions: tuple[tuple[str, int], ...]  # corner building → its number
    sides: tuple[tuple[str, str], ...]
    kind: Literal["game_set_up"] = "game_set_up"


@record
class CharactersDealt:
    seat: str
    characters: tuple[str, ...]
    kind: Literal["characters_dealt"] = "characters_dealt"


@record
class LocationsDrawn:
    """Set-up: the Movement cards a player drew to place their characters (shown to all)."""

    seat: str
    locations: tuple[str, ...]
    kind: Literal["locations_drawn"] = "locations_drawn"


@record
class HandDealtFaceDown:
    seat: str
    count: int
    kind: Literal["hand_dealt_face_down"] = "hand_dealt_face_down"


@record
class HandDealt:
    seat: str
    cards: tuple[str, ...]
    kind: Literal["hand_dealt"] = "hand_dealt"

    def audience(self) -> Audience:
        return only(self.seat)

    def redacted(self) -> HandDealtFaceDown:
        return HandDealtFaceDown(self.seat, len(self.cards))


@record
class DraftPassed:
    """Expert draft: everyone kept a card and passed the rest to the left."""

    pick: int
    kind: Literal["draft_passed"] = "draft_passed"


@record
class PacketReceivedFaceDown:
    seat: str
    count: int
    kind: Literal["packet_received_face_down"] = "packet_received_face_down"


@record
class PacketReceived:
    seat: str
    cards: tuple[str, ...]
    kind: Literal["packet_received"] = "packet_received"

    def audience(self) -> Audience:
        return only(self.seat)

    def redacted(self) -> PacketReceivedFaceDown:
        return PacketReceivedFaceDown(self.seat, len(self.cards))


# --- rounds, invasions, zombies -----------------------------------------------------------------------


@record
class RoundStarted:
    round: int
    kind: Literal["round_started"] = "round_started"


@record
class RoundEnded:
    round: int
    kind: Literal["round_ended"] = "round_ended"


@record
class InvasionRevealed:
    round: int  # 0: the 00:00 card of the set-up
    card: str
    kind: Literal["invasion_revealed"] = "invasion_revealed"


@record
class InvasionLookedAt:
    seat: str
    round: int
    kind: Literal["invasion_looked_at"] = "invasion_looked_at"


@record
class InvasionPeeked:
    """``seat`` looked at the Invasion card of ``round`` in secret (Water Tower A, Rasta, Goggles)."""

    seat: str
    round: int
    card: str
    kind: Literal["invasion_peeked"] = "invasion_peeked"

    def audience(self) -> Audience:
        return only(self.seat)

    def redacted(self) -> InvasionLookedAt:
        return InvasionLookedAt(self.seat, self.round)


@record
class ZombiesArrived:
    location: str
    count: int  # how many came (the cap of 8 and the reserve may take some)
    wanted: int
    reason: str
    kind: Literal["zombies_arrived"] = "zombies_arrived"


@record
class ZombiesMoved:
    source: str
    target: str
    count: int
    reason: str
    kind: Literal["zombies_moved"] = "zombies_moved"


@record
class ZombiesKilled:
    location: str
    count: int
    reason: str
    kind: Literal["zombies_killed"] = "zombies_killed"


@record
class SuppliesDropped:
    location: str
    antidotes: int
    cards: int  # face down
    kind: Literal["supplies_dropped"] = "supplies_dropped"


@record
class StragglerMoved:
    colour: str
    reason: str
    kind: Literal["straggler_moved"] = "straggler_moved"


# --- windows and the card stack ------------------------------------------------------------------------


@record
class WindowOpened:
    window: str  # round_start, mover, after_move, location, negotiation
    location: str = ""
    mover: str = ""
    kind: Literal["window_opened"] = "window_opened"


@record
class Passed:
    seat: str
    kind: Literal["passed"] = "passed"


@record
class CardPlayed:
    seat: str
    card: str
    location: str = ""
    to: str = ""
    target: str = ""
    blast: str = ""
    kind: Literal["card_played"] = "card_played"


@record
class CardCancelled:
    seat: str  # who had played it
    card: str
    by: str  # a card or a character
    kind: Literal["card_cancelled"] = "card_cancelled"


@record
class CardDiscarded:
    seat: str
    card: str
    reason: str
    kind: Literal["card_discarded"] = "card_discarded"


@record
class CardTaken:
    """A card taken from the (public) discard pile."""

    seat: str
    card: str
    reason: str
    kind: Literal["card_taken"] = "card_taken"


@record
class CardDrawnFaceDown:
    seat: str
    reason: str
    kind: Literal["card_drawn_face_down"] = "card_drawn_face_down"


@record
class CardDrawn:
    seat: str
    card: str
    reason: str
    kind: Literal["card_drawn"] = "card_drawn"

    def audience(self) -> Audience:
        return only(self.seat)

    def redacted(self) -> CardDrawnFaceDown:
        return CardDrawnFaceDown(self.seat, self.reason)


@record
class NothingToDraw:
    seat: str
    reason: str
    kind: Literal["nothing_to_draw"] = "nothing_to_draw"


@record
class CardStolenFaceDown:
    seat: str
    victim: str
    reason: str
    kind: Literal["card_stolen_face_down"] = "card_stolen_face_down"


@record
class CardStolen:
    seat: str
    victim: str
    card: str
    reason: str
    kind: Literal["card_stolen"] = "card_stolen"

    def audience(self) -> Audience:
        return only(self.seat, self.victim)

    def redacted(self) -> CardStolenFaceDown:
        return CardStolenFaceDown(self.seat, self.victim, self.reason)


@record
class KittenDrew:
    """The Kitten's Movement card, drawn at random and shown to all."""

    seat: str
    source: str
    card: str
    kind: Literal["kitten_drew"] = "kitten_drew"


# --- characters -----------------------------------------------------------------------------------------


@record
class AbilityUsed:
    seat: str
    character: str
    location: str = ""
    to: str = ""
    target: str = ""
    kind: Literal["ability_used"] = "ability_used"


@record
class EffectUsed:
    seat: str
    location: str
    target: str = ""
    kind: Literal["effect_used"] = "effect_used"


@record
class CharacterFlipped:
    character: str
    fit: bool
    kind: Literal["character_flipped"] = "character_flipped"


@record
class CharacterHidden:
    character: str
    kind: Literal["character_hidden"] = "character_hidden"


@record
class CharacterPlaced:
    seat: str
    character: str
    location: str
    wanted: str  # the location drawn (the Crossroads takes those that do not fit)
    kind: Literal["character_placed"] = "character_placed"


@record
class CharacterMoved:
    seat: str
    character: str
    source: str
    target: str
    how: str  # move, full (sent to the Crossroads), mamma, back_door, undone, fire
    kind: Literal["character_moved"] = "character_moved"


@record
class NoMove:
    seat: str
    reason: str
    kind: Literal["no_move"] = "no_move"


@record
class MovementCardChanged:
    seat: str
    card: str
    kind: Literal["movement_card_changed"] = "movement_card_changed"


@record
class CharacterDied:
    character: str
    seat: str
    location: str
    cause: str  # attack, straggler, explosion, helicopter
    kind: Literal["character_died"] = "character_died"


@record
class PlayerEliminated:
    seat: str
    kind: Literal["player_eliminated"] = "player_eliminated"


@record
class FirstPlayerChanged:
    seat: str
    reason: str
    kind: Literal["first_player_changed"] = "first_player_changed"


# --- attacks, votes and distributions -------------------------------------------------------------------


@record
class LocationResolved:
    location: str
    kind: Literal["location_resolved"] = "location_resolved"


@record
class NoAttack:
    location: str
    reason: str
    kind: Literal["no_attack"] = "no_attack"


@record
class AttackStarted:
    location: str
    zombies: int
    kind: Literal["attack_started"] = "attack_started"


@record
class BallotLocked:
    seat: str
    location: str
    target: str
    vote: str
    kind: Literal["ballot_locked"] = "ballot_locked"


@record
class TieBreakLocked:
    seat: str
    location: str
    target: str
    kind: Literal["tie_break_locked"] = "tie_break_locked"


@record
class LockLapsed:
    seat: str
    target: str
    reason: str
    kind: Literal["lock_lapsed"] = "lock_lapsed"


@record
class VoteCalled:
    location: str
    vote: str
    voters: tuple[tuple[str, int], ...]  # seat, votes
    targets: tuple[str, ...]
    kind: Literal["vote_called"] = "vote_called"


@record
class VotesCounted:
    location: str
    vote: str
    tally: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]
    kind: Literal["votes_counted"] = "votes_counted"


@record
class TieBroken:
    location: str
    by: str
    target: str
    kind: Literal["tie_broken"] = "tie_broken"


@record
class VictimChosen:
    """The player the zombies take a character from (by vote, or by the Straggler)."""

    location: str
    seat: str
    kind: Literal["victim_chosen"] = "victim_chosen"


@record
class DistributorChosen:
    location: str
    seat: str
    kind: Literal["distributor_chosen"] = "distributor_chosen"


@record
class ItemsLookedAt:
    seat: str
    location: str
    count: int
    kind: Literal["items_looked_at"] = "items_looked_at"


@record
class ItemsSeen:
    """The distributor looks at the face-down cards before handing them out."""

    seat: str
    location: str
    cards: tuple[str, ...]
    kind: Literal["items_seen"] = "items_seen"

    def audience(self) -> Audience:
        return only(self.seat)

    def redacted(self) -> ItemsLookedAt:
        return ItemsLookedAt(self.seat, self.location, len(self.cards))


@record
class ItemGiven:
    seat: str  # the distributor
    to: str
    item: str  # "antidote" or "card" (face down to the others)
    location: str
    kind: Literal["item_given"] = "item_given"


@record
class CardGiven:
    seat: str
    to: str
    card: str
    location: str
    kind: Literal["card_given"] = "card_given"

    def audience(self) -> Audience:
        return only(self.seat, self.to)

    def redacted(self) -> ItemGiven:
        return ItemGiven(self.seat, self.to, "card", self.location)


@record
class ItemsLeft:
    location: str
    antidotes: int
    cards: int
    kind: Literal["items_left"] = "items_left"


# --- explosions ---------------------------------------------------------------------------------------


@record
class ExplosionMarkerPlaced:
    location: str
    markers: int
    kind: Literal["explosion_marker_placed"] = "explosion_marker_placed"


@record
class LocationDestroyed:
    location: str
    status: str  # collapsed, burned, blocked
    kind: Literal["location_destroyed"] = "location_destroyed"


# --- items ----------------------------------------------------------------------------------------------


@record
class AntidoteTaken:
    seat: str
    reason: str
    kind: Literal["antidote_taken"] = "antidote_taken"


@record
class FoodGainedFaceDown:
    seat: str
    face_up: bool
    kind: Literal["food_gained_face_down"] = "food_gained_face_down"


@record
class FoodGained:
    seat: str
    value: int
    face_up: bool  # taken from the face-up tokens (its value was public)
    kind: Literal["food_gained"] = "food_gained"

    def audience(self) -> Audience:
        return only(self.seat)

    def redacted(self) -> FoodGainedFaceDown:
        return FoodGainedFaceDown(self.seat, self.face_up)


@record
class FoodSpent:
    seat: str
    kind: Literal["food_spent"] = "food_spent"


@record
class FoodTurnedUp:
    value: int
    kind: Literal["food_turned_up"] = "food_turned_up"


# --- trades ---------------------------------------------------------------------------------------------


@record
class TradeOfferedFaceDown:
    seat: str
    partner: str
    give_cards: int
    give_antidotes: int
    ask_cards: int
    ask_antidotes: int
    kind: Literal["trade_offered_face_down"] = "trade_offered_face_down"


@record
class TradeOffered:
    seat: str
    partner: str
    give_cards: tuple[str, ...]
    give_antidotes: int
    ask_cards: tuple[str, ...]
    ask_any: int
    ask_antidotes: int
    kind: Literal["trade_offered"] = "trade_offered"

    def audience(self) -> Audience:
        return only(self.seat, self.partner)

    def redacted(self) -> TradeOfferedFaceDown:
        return TradeOfferedFaceDown(self.seat, self.partner, len(self.give_cards), self.give_antidotes,
                                    len(self.ask_cards) + self.ask_any, self.ask_antidotes)


@record
class TradeDoneFaceDown:
    seat: str
    partner: str
    cards_given: int
    cards_received: int
    antidotes_given: int
    antidotes_received: int
    kind: Literal["trade_done_face_down"] = "trade_done_face_down"


@record
class TradeDone:
    """``seat``'s offer accepted by ``partner``: what went each way."""

    seat: str
    partner: str
    cards_given: tuple[str, ...]
    cards_received: tuple[str, ...]
    antidotes_given: int
    antidotes_received: int
    kind: Literal["trade_done"] = "trade_done"

    def audience(self) -> Audience:
        return only(self.seat, self.partner)

    def redacted(self) -> TradeDoneFaceDown:
        return TradeDoneFaceDown(self.seat, self.partner, len(self.cards_given), len(self.cards_received),
                                 self.antidotes_given, self.antidotes_received)


@record
class TradeClosed:
    seat: str
    partner: str
    how: str  # declined, withdrawn, void (one side left the game)
    kind: Literal["trade_closed"] = "trade_closed"


# --- the end --------------------------------------------------------------------------------------------


@record
class HelicopterBoarded:
    seat: str
    antidotes_used: int
    kind: Literal["helicopter_boarded"] = "helicopter_boarded"


@record
class GameScored:
    scores: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]
    kind: Literal["game_scored"] = "game_scored"
