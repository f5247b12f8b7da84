"""``player_view``: the game as one seat may know it (digest §17.1). Other hands show as that many
face-down cards; the deck, the face-down Food tokens, the Food values of others, the face-down cards on
the locations (but for the distributor handing them out), the Invasion cards nobody has shown this seat,
the others' draft packets, the cards of trades between others, sealed answers and the RNG state are
hidden. Everything else is public. A spectator (seat "") sees only the public part.
"""

from __future__ import annotations

from game.rules.city_of_horror.state import HIDDEN_CARD, HIDDEN_FOOD, Offer, State, evolve
from game.rules.core.rng import RngState


def _face_down(cards: tuple[str, ...]) -> tuple[str, ...]:
    count = len(cards)
    return _FACE_DOWN[count] if count < len(_FACE_DOWN) else (HIDDEN_CARD,) * count


_FACE_DOWN = tuple((HIDDEN_CARD,) * count for count in range(64))
_NO_FOOD = tuple((HIDDEN_FOOD,) * count for count in range(16))


def _offer_for(offer: Offer, seat: str) -> Offer:
    if seat in (offer.seat, offer.partner):
        return offer
    return evolve(offer, give_cards=_face_down(offer.give_cards), ask_cards=_face_down(offer.ask_cards))


def player_view(state: State, seat: str) -> State:
    seats = state.seats
    hands = tuple(hand if own == seat else _face_down(hand) for own, hand in zip(seats, state.hands))  # noqa: B905
    food = tuple(values if own == seat or not values else _NO_FOOD[len(values)]
                 for own, values in zip(seats, state.food))  # noqa: B905 - one per seat
    invasion = state.invasion
    if state.revealed < len(invasion):
        known = {round_number for who, round_number in state.known if who == seat}
        invasion = tuple(card if number <= state.revealed or number in known else HIDDEN_CARD
                         for number, card in enumerate(invasion, start=1))
    places = state.places
    if any(place.cards for place in places):
        distributor = state.stage.kind == "distribute" and state.stage.seat == seat
        places = tuple(place if not place.cards or (distributor and place.id == state.stage.location)
                       else evolve(place, cards=_face_down(place.cards)) for place in places)
    packets = state.packets
    if packets:
        packets = tuple(packet if own == seat else _face_down(packet)
                        for own, packet in zip(state.seats, packets, strict=False))
    offers = state.offers
    if offers:
        offers = tuple(_offer_for(offer, seat) for offer in offers)
    return evolve(
        state,
        hands=hands,
        food=food,
        deck=_face_down(state.deck),
        food_pile=(HIDDEN_FOOD,) * len(state.food_pile),
        invasion=invasion,
        places=places,
        packets=packets,
        offers=offers,
        decision=state.decision.view_for(seat) if state.decision is not None else None,
        rng=RngState(seed=0, draws=state.rng.draws),
        viewer=seat,
    )
