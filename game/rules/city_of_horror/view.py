"""``player_view``: the game as one seat may know it (digest §17.1). Other hands show as that many
face-down cards; the deck, the face-down Food tokens, the Food values of others, the face-down cards on
the locations (but for the distributor handing them out), the Invasion cards nobody has shown this seat,
the others' draft packets, the cards of trades between others, sealed answers and the RNG state are
hidden. Everything else is public. A spectator (seat "") sees only the public part.
"""

from __future__ import annotations

from dataclasses import replace

from game.rules.city_of_horror.state import HIDDEN_CARD, HIDDEN_FOOD, Offer, State
from game.rules.core.rng import RngState


def _face_down(cards: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN_CARD,) * len(cards)


def _offer_for(offer: Offer, seat: str) -> Offer:
    if seat in (offer.seat, offer.partner):
        return offer
    return replace(offer, give_cards=_face_down(offer.give_cards), ask_cards=_face_down(offer.ask_cards))


def player_view(state: State, seat: str) -> State:
    hands = tuple(hand if own == seat else _face_down(hand) for own, hand in zip(state.seats, state.hands, strict=True))
    food = tuple(values if own == seat else (HIDDEN_FOOD,) * len(values)
                 for own, values in zip(state.seats, state.food, strict=True))
    known = {round_number for who, round_number in state.known if who == seat}
    invasion = tuple(card if number <= state.revealed or number in known else HIDDEN_CARD
                     for number, card in enumerate(state.invasion, start=1))
    distributor = state.stage.kind == "distribute" and state.stage.seat == seat
    places = tuple(place if not place.cards or (distributor and place.id == state.stage.location)
                   else replace(place, cards=_face_down(place.cards)) for place in state.places)
    packets = tuple(packet if own == seat else _face_down(packet)
                    for own, packet in zip(state.seats, state.packets, strict=False))
    return replace(
        state,
        hands=hands,
        food=food,
        deck=_face_down(state.deck),
        food_pile=(HIDDEN_FOOD,) * len(state.food_pile),
        invasion=invasion,
        places=places,
        packets=packets,
        offers=tuple(_offer_for(offer, seat) for offer in state.offers),
        decision=state.decision.view_for(seat) if state.decision is not None else None,
        rng=RngState(seed=0, draws=state.rng.draws),
        viewer=seat,
    )
