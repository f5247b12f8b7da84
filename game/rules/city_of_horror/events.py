"""What happened, in the past tense. Every event is public unless it says otherwise: a private one has
an ``audience()`` (only the seats that may see it) and a ``redacted()`` form, what the other seats see
in its place (a hand dealt face down, an Invasion card looked at without its content).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.rules.core.frozen import fast_init
from game.rules.core.visibility import Audience, only

# --- set-up -----------------------------------------------------------------------------------------


@fast_init
@dataclass(frozen=True, slots=True)
class GameSetUp:
    seats: tuple[str, ...]
    colours: tuple[str, ...]
    first: str
    positions: tuple[tuple[str, int], ...]  # corner building → its number
    sides: tuple[tuple[str, str], ...]
    kind: Literal["game_set_up"] = "game_set_up"


@fast_init
@dataclass(frozen=True, slots=True)
class CharactersDealt:
    seat: str
    characters: tuple[str, ...]
    kind: Literal["characters_dealt"] = "characters_dealt"


@fast_init
@dataclass(frozen=True, slots=True)
class LocationsDrawn:
    """Set-up: the Movement cards a player drew to place their characters (shown to all)."""

    seat: str
    locations: tuple[str, ...]
    kind: Literal["locations_drawn"] = "locations_drawn"


@fast_init
@dataclass(frozen=True, slots=True)
class HandDealtFaceDown:
    seat: str
    count: int
    kind: Literal["hand_dealt_face_down"] = "hand_dealt_face_down"


@fast_init
@dataclass(frozen=True, slots=True)
class HandDealt:
    seat: str
    cards: tuple[str, ...]
    kind: Literal["hand_dealt"] = "hand_dealt"

    def audience(self) -> Audience:
        return only(self.seat)

    def redacted(self) -> HandDealtFaceDown:
        return HandDealtFaceDown(self.seat, len(self.cards))


@fast_init
@dataclass(frozen=True, slots=True)
class DraftPassed:
    """Expert draft: everyone kept a card and passed the rest to the left."""

    pick: int
    kind: Literal["draft_passed"] = "draft_passed"


@fast_init
@dataclass(frozen=True, slots=True)
class PacketReceivedFaceDown:
    seat: str
    count: int
    kind: Literal["packet_received_face_down"] = "packet_received_face_down"


@fast_init
@dataclass(frozen=True, slots=True)
class PacketReceived:
    seat: str
    cards: tuple[str, ...]
    kind: Literal["packet_received"] = "packet_received"

    def audience(self) -> Audience:
        return only(self.seat)

    def redacted(self) -> PacketReceivedFaceDown:
        return PacketReceivedFaceDown(self.seat, len(self.cards))


# --- rounds, invasions, zombies -----------------------------------------------------------------------


@fast_init
@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    kind: Literal["round_started"] = "round_started"


@fast_init
@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    kind: Literal["round_ended"] = "round_ended"


@fast_init
@dataclass(frozen=True, slots=True)
class InvasionRevealed:
    round: int  # 0: the 00:00 card of the set-up
    card: str
    kind: Literal["invasion_revealed"] = "invasion_revealed"


@fast_init
@dataclass(frozen=True, slots=True)
class InvasionLookedAt:
    seat: str
    round: int
    kind: Literal["invasion_looked_at"] = "invasion_looked_at"


@fast_init
@dataclass(frozen=True, slots=True)
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


@fast_init
@dataclass(frozen=True, slots=True)
class ZombiesArrived:
    location: str
    count: int  # how many came (the cap of 8 and the reserve may take some)
    wanted: int
    reason: str
    kind: Literal["zombies_arrived"] = "zombies_arrived"


@fast_init
@dataclass(frozen=True, slots=True)
class ZombiesMoved:
    source: str
    target: str
    count: int
    reason: str
    kind: Literal["zombies_moved"] = "zombies_moved"


@fast_init
@dataclass(frozen=True, slots=True)
class ZombiesKilled:
    location: str
    count: int
    reason: str
    kind: Literal["zombies_killed"] = "zombies_killed"


@fast_init
@dataclass(frozen=True, slots=True)
class SuppliesDropped:
    location: str
    antidotes: int
    cards: int  # face down
    kind: Literal["supplies_dropped"] = "supplies_dropped"


@fast_init
@dataclass(frozen=True, slots=True)
class StragglerMoved:
    colour: str
    reason: str
    kind: Literal["straggler_moved"] = "straggler_moved"


# --- windows and the card stack ------------------------------------------------------------------------


@fast_init
@dataclass(frozen=True, slots=True)
class WindowOpened:
    window: str  # round_start, mover, after_move, location, negotiation
    location: str = ""
    mover: str = ""
    kind: Literal["window_opened"] = "window_opened"


@fast_init
@dataclass(frozen=True, slots=True)
class Passed:
    seat: str
    kind: Literal["passed"] = "passed"


@fast_init
@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: str
    card: str
    location: str = ""
    to: str = ""
    target: str = ""
    blast: str = ""
    kind: Literal["card_played"] = "card_played"


@fast_init
@dataclass(frozen=True, slots=True)
class CardCancelled:
    seat: str  # who had played it
    card: str
    by: str  # a card or a character
    kind: Literal["card_cancelled"] = "card_cancelled"


@fast_init
@dataclass(frozen=True, slots=True)
class CardDiscarded:
    seat: str
    card: str
    reason: str
    kind: Literal["card_discarded"] = "card_discarded"


@fast_init
@dataclass(frozen=True, slots=True)
class CardTaken:
    """A card taken from the (public) discard pile."""

    seat: str
    card: str
    reason: str
    kind: Literal["card_taken"] = "card_taken"


@fast_init
@dataclass(frozen=True, slots=True)
class CardDrawnFaceDown:
    seat: str
    reason: str
    kind: Literal["card_drawn_face_down"] = "card_drawn_face_down"


@fast_init
@dataclass(frozen=True, slots=True)
class CardDrawn:
    seat: str
    card: str
    reason: str
    kind: Literal["card_drawn"] = "card_drawn"

    def audience(self) -> Audience:
        return only(self.seat)

    def redacted(self) -> CardDrawnFaceDown:
        return CardDrawnFaceDown(self.seat, self.reason)


@fast_init
@dataclass(frozen=True, slots=True)
class NothingToDraw:
    seat: str
    reason: str
    kind: Literal["nothing_to_draw"] = "nothing_to_draw"


@fast_init
@dataclass(frozen=True, slots=True)
class CardStolenFaceDown:
    seat: str
    victim: str
    reason: str
    kind: Literal["card_stolen_face_down"] = "card_stolen_face_down"


@fast_init
@dataclass(frozen=True, slots=True)
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


@fast_init
@dataclass(frozen=True, slots=True)
class KittenDrew:
    """The Kitten's Movement card, drawn at random and shown to all."""

    seat: str
    source: str
    card: str
    kind: Literal["kitten_drew"] = "kitten_drew"


# --- characters -----------------------------------------------------------------------------------------


@fast_init
@dataclass(frozen=True, slots=True)
class AbilityUsed:
    seat: str
    character: str
    location: str = ""
    to: str = ""
    target: str = ""
    kind: Literal["ability_used"] = "ability_used"


@fast_init
@dataclass(frozen=True, slots=True)
class EffectUsed:
    seat: str
    location: str
    target: str = ""
    kind: Literal["effect_used"] = "effect_used"


@fast_init
@dataclass(frozen=True, slots=True)
class CharacterFlipped:
    character: str
    fit: bool
    kind: Literal["character_flipped"] = "character_flipped"


@fast_init
@dataclass(frozen=True, slots=True)
class CharacterHidden:
    character: str
    kind: Literal["character_hidden"] = "character_hidden"


@fast_init
@dataclass(frozen=True, slots=True)
class CharacterPlaced:
    seat: str
    character: str
    location: str
    wanted: str  # the location drawn (the Crossroads takes those that do not fit)
    kind: Literal["character_placed"] = "character_placed"


@fast_init
@dataclass(frozen=True, slots=True)
class CharacterMoved:
    seat: str
    character: str
    source: str
    target: str
    how: str  # move, full (sent to the Crossroads), mamma, back_door, undone, fire
    kind: Literal["character_moved"] = "character_moved"


@fast_init
@dataclass(frozen=True, slots=True)
class NoMove:
    seat: str
    reason: str
    kind: Literal["no_move"] = "no_move"


@fast_init
@dataclass(frozen=True, slots=True)
class MovementCardChanged:
    seat: str
    card: str
    kind: Literal["movement_card_changed"] = "movement_card_changed"


@fast_init
@dataclass(frozen=True, slots=True)
class CharacterDied:
    character: str
    seat: str
    location: str
    cause: str  # attack, straggler, explosion, helicopter
    kind: Literal["character_died"] = "character_died"


@fast_init
@dataclass(frozen=True, slots=True)
class PlayerEliminated:
    seat: str
    kind: Literal["player_eliminated"] = "player_eliminated"


@fast_init
@dataclass(frozen=True, slots=True)
class FirstPlayerChanged:
    seat: str
    reason: str
    kind: Literal["first_player_changed"] = "first_player_changed"


# --- attacks, votes and distributions -------------------------------------------------------------------


@fast_init
@dataclass(frozen=True, slots=True)
class LocationResolved:
    location: str
    kind: Literal["location_resolved"] = "location_resolved"


@fast_init
@dataclass(frozen=True, slots=True)
class NoAttack:
    location: str
    reason: str
    kind: Literal["no_attack"] = "no_attack"


@fast_init
@dataclass(frozen=True, slots=True)
class AttackStarted:
    location: str
    zombies: int
    kind: Literal["attack_started"] = "attack_started"


@fast_init
@dataclass(frozen=True, slots=True)
class BallotLocked:
    seat: str
    location: str
    target: str
    vote: str
    kind: Literal["ballot_locked"] = "ballot_locked"


@fast_init
@dataclass(frozen=True, slots=True)
class TieBreakLocked:
    seat: str
    location: str
    target: str
    kind: Literal["tie_break_locked"] = "tie_break_locked"


@fast_init
@dataclass(frozen=True, slots=True)
class LockLapsed:
    seat: str
    target: str
    reason: str
    kind: Literal["lock_lapsed"] = "lock_lapsed"


@fast_init
@dataclass(frozen=True, slots=True)
class VoteCalled:
    location: str
    vote: str
    voters: tuple[tuple[str, int], ...]  # seat, votes
    targets: tuple[str, ...]
    kind: Literal["vote_called"] = "vote_called"


@fast_init
@dataclass(frozen=True, slots=True)
class VotesCounted:
    location: str
    vote: str
    tally: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]
    kind: Literal["votes_counted"] = "votes_counted"


@fast_init
@dataclass(frozen=True, slots=True)
class TieBroken:
    location: str
    by: str
    target: str
    kind: Literal["tie_broken"] = "tie_broken"


@fast_init
@dataclass(frozen=True, slots=True)
class VictimChosen:
    """The player the zombies take a character from (by vote, or by the Straggler)."""

    location: str
    seat: str
    kind: Literal["victim_chosen"] = "victim_chosen"


@fast_init
@dataclass(frozen=True, slots=True)
class DistributorChosen:
    location: str
    seat: str
    kind: Literal["distributor_chosen"] = "distributor_chosen"


@fast_init
@dataclass(frozen=True, slots=True)
class ItemsLookedAt:
    seat: str
    location: str
    count: int
    kind: Literal["items_looked_at"] = "items_looked_at"


@fast_init
@dataclass(frozen=True, slots=True)
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


@fast_init
@dataclass(frozen=True, slots=True)
class ItemGiven:
    seat: str  # the distributor
    to: str
    item: str  # "antidote" or "card" (face down to the others)
    location: str
    kind: Literal["item_given"] = "item_given"


@fast_init
@dataclass(frozen=True, slots=True)
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


@fast_init
@dataclass(frozen=True, slots=True)
class ItemsLeft:
    location: str
    antidotes: int
    cards: int
    kind: Literal["items_left"] = "items_left"


# --- explosions ---------------------------------------------------------------------------------------


@fast_init
@dataclass(frozen=True, slots=True)
class ExplosionMarkerPlaced:
    location: str
    markers: int
    kind: Literal["explosion_marker_placed"] = "explosion_marker_placed"


@fast_init
@dataclass(frozen=True, slots=True)
class LocationDestroyed:
    location: str
    status: str  # collapsed, burned, blocked
    kind: Literal["location_destroyed"] = "location_destroyed"


# --- items ----------------------------------------------------------------------------------------------


@fast_init
@dataclass(frozen=True, slots=True)
class AntidoteTaken:
    seat: str
    reason: str
    kind: Literal["antidote_taken"] = "antidote_taken"


@fast_init
@dataclass(frozen=True, slots=True)
class FoodGainedFaceDown:
    seat: str
    face_up: bool
    kind: Literal["food_gained_face_down"] = "food_gained_face_down"


@fast_init
@dataclass(frozen=True, slots=True)
class FoodGained:
    seat: str
    value: int
    face_up: bool  # taken from the face-up tokens (its value was public)
    kind: Literal["food_gained"] = "food_gained"

    def audience(self) -> Audience:
        return only(self.seat)

    def redacted(self) -> FoodGainedFaceDown:
        return FoodGainedFaceDown(self.seat, self.face_up)


@fast_init
@dataclass(frozen=True, slots=True)
class FoodSpent:
    seat: str
    kind: Literal["food_spent"] = "food_spent"


@fast_init
@dataclass(frozen=True, slots=True)
class FoodTurnedUp:
    value: int
    kind: Literal["food_turned_up"] = "food_turned_up"


# --- trades ---------------------------------------------------------------------------------------------


@fast_init
@dataclass(frozen=True, slots=True)
class TradeOfferedFaceDown:
    seat: str
    partner: str
    give_cards: int
    give_antidotes: int
    ask_cards: int
    ask_antidotes: int
    kind: Literal["trade_offered_face_down"] = "trade_offered_face_down"


@fast_init
@dataclass(frozen=True, slots=True)
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


@fast_init
@dataclass(frozen=True, slots=True)
class TradeDoneFaceDown:
    seat: str
    partner: str
    cards_given: int
    cards_received: int
    antidotes_given: int
    antidotes_received: int
    kind: Literal["trade_done_face_down"] = "trade_done_face_down"


@fast_init
@dataclass(frozen=True, slots=True)
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


@fast_init
@dataclass(frozen=True, slots=True)
class TradeClosed:
    seat: str
    partner: str
    how: str  # declined, withdrawn, void (one side left the game)
    kind: Literal["trade_closed"] = "trade_closed"


# --- the end --------------------------------------------------------------------------------------------


@fast_init
@dataclass(frozen=True, slots=True)
class HelicopterBoarded:
    seat: str
    antidotes_used: int
    kind: Literal["helicopter_boarded"] = "helicopter_boarded"


@fast_init
@dataclass(frozen=True, slots=True)
class GameScored:
    scores: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]
    kind: Literal["game_scored"] = "game_scored"
