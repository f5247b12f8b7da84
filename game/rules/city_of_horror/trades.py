"""Trades (digest §13): Action cards and Antidotes between any two players, at any moment until the
helicopter. One side offers, the other accepts: both confirm. Food tokens are not traded (§16 G26).

An offer names what its maker gives (cards from their hand, Antidotes) and asks (cards by name, a
number of cards of the partner's choice, Antidotes). What is offered is set aside on the table until the
partner accepts (it goes over), declines or the offer is withdrawn (it comes back): it cannot be played
meanwhile. At acceptance the partner must hold what is asked, or the acceptance is refused and nothing
changes.
"""

from __future__ import annotations

from collections import Counter

from game.i18n import N_
from game.rules.city_of_horror import events as ev
from game.rules.city_of_horror.board import Events, return_offer
from game.rules.city_of_horror.commands import AcceptTrade, DeclineTrade, OfferTrade, WithdrawTrade
from game.rules.city_of_horror.state import Offer, State, catalog, evolve, with_antidotes, with_hand
from game.rules.city_of_horror.timing import trading_open
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said, counted

MAX_CARDS = 10  # per side of one offer


def holds(hand: tuple[str, ...], cards: tuple[str, ...]) -> bool:
    have = Counter(hand)
    need = Counter(cards)
    return all(have[card] >= count for card, count in need.items())


def offer_of(state: State, seat: str) -> Offer | None:
    return next((offer for offer in state.offers if offer.seat == seat), None)


def offers_to(state: State, seat: str) -> tuple[Offer, ...]:
    return tuple(offer for offer in state.offers if offer.partner == seat)


def _closed_reason(state: State) -> Said:
    if state.stage.kind in ("place", "draft"):
        return Said(N_("trades begin with the first round, once the table is set up"))
    return Said(N_("no trade once the helicopter is here"))


def check_offer(state: State, seat: str, command: OfferTrade) -> None:
    if not trading_open(state):
        raise IllegalCommand(_closed_reason(state))
    if not state.in_game(seat):
        raise IllegalCommand(Said(N_("a player with no character left trades no more")))
    partner = command.partner
    if partner not in state.seats or partner == seat:
        raise IllegalCommand(Said(N_("trade with another player")))
    if not state.in_game(partner):
        raise IllegalCommand(Said(N_("{seat} is out of the game"), seat=partner))
    if offer_of(state, seat) is not None:
        raise IllegalCommand(Said(N_("you already have an offer open: withdraw it first")))
    if min(command.give_antidotes, command.ask_antidotes, command.ask_any) < 0:
        raise IllegalCommand(Said(N_("an offer moves whole items")))
    if not (command.give_cards or command.give_antidotes or command.ask_cards or command.ask_any
            or command.ask_antidotes):
        raise IllegalCommand(Said(N_("the offer moves nothing")))
    if len(command.give_cards) > MAX_CARDS or len(command.ask_cards) + command.ask_any > MAX_CARDS:
        raise IllegalCommand(Said(N_("at most {most} cards each way"), most=MAX_CARDS))
    for card in (*command.give_cards, *command.ask_cards):
        if card not in catalog().cards:
            raise IllegalCommand(Said(N_("there is no such Action card")))
    if not holds(state.hand(seat), command.give_cards):
        raise IllegalCommand(Said(N_("you do not hold every card you offer")))
    if command.give_antidotes > state.antidotes[state.index(seat)]:
        raise IllegalCommand(Said(N_("you do not have that many Antidotes")))


def offer(state: State, seat: str, command: OfferTrade, out: Events) -> State:
    check_offer(state, seat, command)
    made = Offer(seat, command.partner, tuple(sorted(command.give_cards)), command.give_antidotes,
                 tuple(sorted(command.ask_cards)), command.ask_any, command.ask_antidotes)
    out.append(ev.TradeOffered(seat, made.partner, made.give_cards, made.give_antidotes, made.ask_cards,
                               made.ask_any, made.ask_antidotes))
    hand = list(state.hand(seat))
    for card in made.give_cards:
        hand.remove(card)
    state = with_hand(state, seat, tuple(hand))
    state = with_antidotes(state, seat, state.antidotes[state.index(seat)] - made.give_antidotes)
    return evolve(state, offers=state.offers + (made,))


def _open_offer(state: State, seat: str, partner: str) -> Offer:
    if not trading_open(state):
        raise IllegalCommand(_closed_reason(state))
    for item in state.offers:
        if item.seat == seat and item.partner == partner:
            return item
    raise IllegalCommand(Said(N_("{seat} has no offer open to {partner}"), seat=seat, partner=partner))


def accept(state: State, partner: str, command: AcceptTrade, out: Events) -> State:
    made = _open_offer(state, command.seat, partner)
    chosen = tuple(sorted(command.cards))
    if len(chosen) != made.ask_any:
        raise IllegalCommand(counted("choose {count} card of yours to give", "choose {count} cards of yours to give",
                                     made.ask_any))
    received = tuple(sorted(made.ask_cards + chosen))
    if not holds(state.hand(partner), received):
        raise IllegalCommand(Said(N_("you do not hold the cards this trade asks for")))
    if made.ask_antidotes > state.antidotes[state.index(partner)]:
        raise IllegalCommand(Said(N_("you do not have the Antidotes this trade asks for")))
    seat_hand = list(state.hand(made.seat)) + list(received)
    partner_hand = list(state.hand(partner)) + list(made.give_cards)
    for card in received:
        partner_hand.remove(card)
    state = with_hand(state, made.seat, tuple(seat_hand))
    state = with_hand(state, partner, tuple(partner_hand))
    state = with_antidotes(state, made.seat, state.antidotes[state.index(made.seat)] + made.ask_antidotes)
    state = with_antidotes(state, partner, state.antidotes[state.index(partner)] + made.give_antidotes
                           - made.ask_antidotes)
    out.append(ev.TradeDone(made.seat, partner, made.give_cards, received, made.give_antidotes, made.ask_antidotes))
    return evolve(state, offers=tuple(o for o in state.offers if o is not made))


def decline(state: State, partner: str, command: DeclineTrade, out: Events) -> State:
    made = _open_offer(state, command.seat, partner)
    out.append(ev.TradeClosed(made.seat, partner, "declined"))
    return return_offer(state, made)


def withdraw(state: State, seat: str, command: WithdrawTrade, out: Events) -> State:
    made = offer_of(state, seat)
    if made is None:
        raise IllegalCommand(Said(N_("you have no offer open")))
    out.append(ev.TradeClosed(seat, made.partner, "withdrawn"))
    return return_offer(state, made)
