"""``legal_commands``: every command a seat may send now, for the window's buttons, random play-outs and
tests. It reads only what the seat may know, so it gives the same answer on the full state and on the
seat's own ``player_view``.

Trades are open-ended (any mix of cards and Antidotes); the list offers the simple ones (a gift, a card
for an Antidote, an Antidote for a card of the partner's choice) and ``check`` accepts any other."""

from __future__ import annotations

from game.rules.city_of_horror import abilities, cards, effects, flow
from game.rules.city_of_horror.catalog import CROSSROADS, LOCATIONS
from game.rules.city_of_horror.commands import (
    AcceptTrade,
    BreakTie,
    ChooseVictim,
    DeclineTrade,
    DraftKeep,
    EndDistribution,
    GiveItem,
    LockBallot,
    LockTieBreak,
    Move,
    OfferTrade,
    Pass,
    PickMovement,
    PlaceCharacter,
    PlayCard,
    UseAbility,
    UseEffect,
    Vote,
    WithdrawTrade,
)
from game.rules.city_of_horror.setup import unplaced
from game.rules.city_of_horror.state import State
from game.rules.city_of_horror.timing import in_response, in_window, trading_open, window_kind
from game.rules.city_of_horror.trades import offer_of, offers_to
from game.rules.city_of_horror.votes import targets

Command = object


def legal_commands(state: State, seat: str) -> list[Command]:
    found: list[Command] = []
    kind = state.stage.kind
    if kind == "over" or seat not in state.seats:
        return found
    if kind == "place" and state.stage.seat == seat:
        for character in unplaced(state, seat):
            for location in dict.fromkeys(state.stage.options):
                found.append(PlaceCharacter(character.id, location))
    elif kind in ("draft", "pick", "pick_tower", "ballot") and state.decision is not None:
        if seat in state.decision.waiting():
            make = {"draft": DraftKeep, "pick": PickMovement, "pick_tower": PickMovement, "ballot": Vote}[kind]
            found.extend(make(option) for option in state.decision.options_of(seat))  # type: ignore[operator]
    elif kind == "tie":
        if seat == state.first:
            found.extend(BreakTie(target) for target in state.stage.options)
        found.extend(_abilities(state, seat))
    elif kind in ("victim", "helicopter") and state.stage.seat == seat:
        found.extend(ChooseVictim(character) for character in state.stage.options)
    elif kind == "distribute" and state.stage.seat == seat:
        found.extend(_gifts(state))
    elif kind == "window":
        found.extend(_window(state, seat))
    if trading_open(state) and state.in_game(seat):
        found.extend(_trades(state, seat))
    return found


def _gifts(state: State) -> list[Command]:
    place = state.place(state.stage.location)
    items = (["antidote"] if place.antidotes else []) + list(dict.fromkeys(place.cards))
    found: list[Command] = [GiveItem(item, to) for item in items for to in flow.receivers(state)]
    if state.options.hold_back:
        found.append(EndDistribution())
    return found


def _window(state: State, seat: str) -> list[Command]:
    found: list[Command] = []
    if not state.in_game(seat):
        return found
    if in_response(state):
        if seat not in state.responded:
            found.append(Pass())
        if "pepper_spray" in state.hand(seat):
            found.append(PlayCard("pepper_spray"))
        found.extend(_abilities(state, seat))
        return found
    assert state.window is not None
    if window_kind(state) == "mover":
        if state.window.mover == seat:
            found.extend(_moves(state, seat))
    elif seat not in state.window.passed:
        found.append(Pass())
    found.extend(_cards(state, seat))
    found.extend(_abilities(state, seat))
    found.extend(_effects(state, seat))
    found.extend(_locks(state, seat))
    return found


def _moves(state: State, seat: str) -> list[Command]:
    movable = flow.movable(state, seat)
    if not movable:
        return [Pass()]
    found: list[Command] = [Move(c.id) for c in movable]
    target = flow.destination(state, seat)
    for character in movable:
        if (character.id == "mamma" and abilities.can_flip(character) and state.is_full(target)
                and not state.place(target).closed):
            found.append(Move(character.id, mamma=True))
    return found


def _cards(state: State, seat: str) -> list[Command]:
    if not in_window(state):
        return []
    found: list[Command] = []
    own = [c for c in state.characters if c.owner == seat and c.location]
    for card in dict.fromkeys(state.hand(seat)):
        if not cards.card_timing_ok(state, seat, card):
            continue
        blasts = cards.blast_choices(state) if cards.is_explosive(card) else ("",)
        if card == "rescue_flare":
            found.extend(PlayCard(card, source, target, blast=blast) for source in LOCATIONS
                         if state.place(source).zombies for target in LOCATIONS if target != source for blast in blasts)
        elif card in cards.LOCATION_CARDS:
            found.extend(PlayCard(card, location, blast=blast) for location in LOCATIONS for blast in blasts)
        elif card == "energy_drink":
            pool = state.characters if state.options.energy_drink_any else tuple(own)
            found.extend(PlayCard(card, target=c.id) for c in pool
                         if c.location and not c.fit and not (c.id == "pregnant_woman" and c.born))
        elif card == "hideout":
            found.extend(PlayCard(card, target=c.id) for c in own if not c.hidden)
        elif card == "flashlight":
            found.extend(PlayCard(card, target=colour) for colour in state.track)
        elif card == "pickpocket":
            found.extend(PlayCard(card, target=other) for other in _victims(state, seat))
        elif card == "running_shoes":
            found.extend(PlayCard(card, target=location) for location in _other_cards(state, seat))
        else:
            found.append(PlayCard(card))
    return found


def _victims(state: State, seat: str) -> list[str]:
    """Other players still in the game who hold a card (for a theft)."""
    return [other for other in state.seats if other != seat and state.in_game(other) and state.hand(other)]


def _other_cards(state: State, seat: str) -> list[str]:
    """The Movement cards ``seat`` may change to (any but the one it shows)."""
    return [location for location in LOCATIONS if location != flow.destination(state, seat)]


def _abilities(state: State, seat: str) -> list[Command]:
    found: list[Command] = []
    for character in state.characters:
        if character.owner != seat or not abilities.usable(state, character):
            continue
        cid = character.id
        if cid in abilities.ZOMBIE_MOVERS:
            found.extend(UseAbility(cid, to=location) for location in LOCATIONS if location != character.location)
        elif cid in abilities.TRADERS:
            found.extend(UseAbility(cid, card=card, take=take) for card in dict.fromkeys(state.hand(seat))
                         for take in dict.fromkeys(state.discard))
        elif cid == "teen":
            found.extend(UseAbility(cid, target=location) for location in _other_cards(state, seat))
        elif cid == "special_agent":
            found.extend(UseAbility(cid, target=colour) for colour in state.track)
        elif cid == "thief":
            found.extend(UseAbility(cid, target=other) for other in _victims(state, seat))
        elif cid == "priest":
            last = state.moves[-1]
            if state.character(last.character).location == last.target:
                found.append(UseAbility(cid))
        else:
            found.append(UseAbility(cid))
    return found


def _effects(state: State, seat: str) -> list[Command]:
    if not in_window(state) or effects.effect_turn(state) != seat:
        return []
    location = effects.effect_location(state)
    effect = state.effect_of(location)
    hand = list(dict.fromkeys(state.hand(seat)))
    own = [c for c in state.characters if c.owner == seat and c.location]
    tired = [c.id for c in own if not c.fit and not (c.id == "pregnant_woman" and c.born)]
    fit_here = [c.id for c in own if c.fit and c.location == location and c.id != "pregnant_woman"]
    found: list[Command] = []
    if effect == "church_a":
        found = [UseEffect(location, card=card, target=c) for card in hand for c in tired]
    elif effect == "church_b":
        values = dict.fromkeys(state.food[state.index(seat)])
        found = [UseEffect(location, take=str(v), target=c) for v in values for c in tired]
    elif effect in ("hospital_a", "armory_a", "crossroads_a"):
        if effect == "hospital_a" and state.supply <= 0 or effect == "crossroads_a" and not state.food_pile:
            return []
        found = [UseEffect(location, card=card) for card in hand]
    elif effect == "hospital_b" and state.supply > 0:
        found = [UseEffect(location, target=c) for c in fit_here]
    elif effect == "armory_b":
        found = [UseEffect(location, target=c, take=take) for c in fit_here for take in dict.fromkeys(state.discard)]
    elif effect == "bank_a":
        found = [UseEffect(location, card=card, target=colour) for card in hand for colour in state.track]
    elif effect == "bank_b":
        found = [UseEffect(location, steps=0), UseEffect(location, steps=1)]
    elif effect == "crossroads_b":
        picks = [f"up:{v}" for v in dict.fromkeys(state.food_up)] + (["down"] if state.food_pile else [])
        found = [UseEffect(location, card=card, take=take) for card in hand for take in picks]
    return found


def lock_vote(state: State) -> str:
    """The vote a lock made now would bind: attack (location window), distribution (negotiation)."""
    kind = window_kind(state)
    if state.stack or state.options.promises_may_be_broken or state.window is None:
        return ""
    if kind == "location" and state.window.location != CROSSROADS:
        return "attack"
    if kind == "negotiation":
        return "distribution"
    return ""


def _locks(state: State, seat: str) -> list[Command]:
    vote = lock_vote(state)
    if not vote or state.window is None:
        return []
    location = state.window.location
    found: list[Command] = []
    if state.votes(seat, location) > 0 and seat not in dict(state.locks):
        found.extend(LockBallot(target) for target in targets(state, location, vote))
    if seat == state.first and not state.tie_lock:
        found.extend(LockTieBreak(target) for target in targets(state, location, vote))
    return found


def _trades(state: State, seat: str) -> list[Command]:
    found: list[Command] = []
    for made in offers_to(state, seat):
        found.append(DeclineTrade(made.seat))
        hand = list(state.hand(seat))
        if made.ask_antidotes > state.antidotes[state.index(seat)] or any(
                hand.count(card) < made.ask_cards.count(card) for card in made.ask_cards):
            continue
        for card in made.ask_cards:
            hand.remove(card)
        if made.ask_any == 0:
            found.append(AcceptTrade(made.seat))
        elif made.ask_any == 1:
            found.extend(AcceptTrade(made.seat, (card,)) for card in dict.fromkeys(hand))
        elif len(hand) >= made.ask_any:
            found.append(AcceptTrade(made.seat, tuple(hand[:made.ask_any])))
    if offer_of(state, seat) is not None:
        found.append(WithdrawTrade())
        return found
    antidotes = state.antidotes[state.index(seat)]
    for partner in state.seats:
        if partner == seat or not state.in_game(partner):
            continue
        if antidotes:
            found.append(OfferTrade(partner, give_antidotes=1))
            found.append(OfferTrade(partner, give_antidotes=1, ask_any=1))
        for card in dict.fromkeys(state.hand(seat)):
            found.append(OfferTrade(partner, give_cards=(card,)))
            found.append(OfferTrade(partner, give_cards=(card,), ask_antidotes=1))
    return found

