"""Location effects (digest §2.1, LOC-1…3): during a location's activation each player with a character
there (hidden ones too, G39) may use its effect once, in turn order from the First Player."""

from __future__ import annotations

from game.i18n import N_
from game.rules.city_of_horror import events as ev
from game.rules.city_of_horror.board import Events
from game.rules.city_of_horror.cards import draw_card, pay_card, take_from_discard
from game.rules.city_of_horror.catalog import CROSSROADS
from game.rules.city_of_horror.commands import UseEffect
from game.rules.city_of_horror.spoken import place, track
from game.rules.city_of_horror.state import (
    State,
    evolve,
    with_antidotes,
    with_character,
    with_seat_value,
)
from game.rules.city_of_horror.timing import in_window, window_kind
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said

PAID_WITH_A_CARD = ("church_a", "hospital_a", "bank_a", "armory_a", "crossroads_a", "crossroads_b")
PAID_BY_EXHAUSTING = ("hospital_b", "armory_b")
FACE_UP_FOOD = 3


def effect_location(state: State) -> str:
    """The location whose activation is open now ("" when none)."""
    if window_kind(state) == "location" and state.window is not None:
        return state.window.location
    return ""


def effect_turn(state: State) -> str:
    """The seat whose turn it is to use (or decline) the open location's effect ("" when nobody's)."""
    location = effect_location(state)
    if not location or state.window is None or state.effect_of(location) not in _ACTIVE:
        return ""
    for seat in state.active_in_order():
        if has_effect_to_use(state, seat):
            return seat
    return ""


def has_effect_to_use(state: State, seat: str) -> bool:
    """``seat`` may still use the open location's effect (now or once the players before it are done)
    and can pay for it, as far as the table can tell (a hand that is not empty may hold the card)."""
    location = effect_location(state)
    if not location or state.window is None or state.effect_of(location) not in _ACTIVE:
        return False
    if (location, seat) in state.used or seat in state.window.effect_done or not state.present(location, seat):
        return False
    return _can_pay(state, seat, location, state.effect_of(location))


def _can_pay(state: State, seat: str, location: str, effect: str) -> bool:
    own = [c for c in state.characters if c.owner == seat and c.location]
    if effect in PAID_WITH_A_CARD and not state.hand(seat):
        return False
    if effect in ("church_a", "church_b"):
        if effect == "church_b" and not state.food[state.index(seat)]:
            return False
        return any(not c.fit and not (c.id == "pregnant_woman" and c.born) for c in own)
    if effect in ("hospital_a", "hospital_b") and state.supply <= 0:
        return False
    if effect == "armory_b" and not state.discard:
        return False
    if effect in PAID_BY_EXHAUSTING:
        return any(c.fit and c.location == location and c.id != "pregnant_woman" for c in own)
    if effect == "crossroads_a" and not state.food_pile:
        return False
    return not (effect == "crossroads_b" and not state.food_pile and not state.food_up)


def check_effect(state: State, seat: str, command: UseEffect) -> str:
    """Refuse an effect out of its moment or turn, or unpaid; returns the effect's id."""
    location = command.location
    if not in_window(state) or effect_location(state) != location:
        raise IllegalCommand(Said(N_("a location's effect is used during its own activation")))
    effect = state.effect_of(location)
    if effect not in _ACTIVE:
        raise IllegalCommand(Said(N_("{place} has no effect to use now"), place=place(location)))
    if not state.present(location, seat):
        raise IllegalCommand(Said(N_("only a player with a character there uses its effect")))
    if (location, seat) in state.used:
        raise IllegalCommand(Said(N_("you have already used this effect this round")))
    assert state.window is not None
    if seat in state.window.effect_done:
        raise IllegalCommand(Said(N_("you passed on this effect this round")))
    turn = effect_turn(state)
    if turn != seat:
        raise IllegalCommand(Said(N_("{seat} uses (or passes on) the effect first: turn order"), seat=turn))
    if effect in PAID_WITH_A_CARD and command.card not in state.hand(seat):
        raise IllegalCommand(Said(N_("this effect is paid with an Action card from your hand")))
    if effect in ("church_a", "church_b"):
        _check_wake(state, seat, command.target)
    if effect == "church_b" and (not command.take.lstrip("-").isdigit() or int(command.take) not in state.food[state.index(seat)]):
        raise IllegalCommand(Said(N_("the Church (side B) is paid with one of your Food tokens")))
    if effect == "hospital_a" and state.supply <= 0:
        raise IllegalCommand(Said(N_("no Antidote is left in the supply")))
    if effect in PAID_BY_EXHAUSTING:
        _check_exhaust(state, seat, command.target, location)
    if effect == "hospital_b" and state.supply <= 0:
        raise IllegalCommand(Said(N_("no Antidote is left in the supply")))
    if effect == "armory_b" and command.take not in state.discard:
        raise IllegalCommand(Said(N_("take a card that is in the discard pile")))
    if effect == "bank_a" and command.target not in state.track:
        raise IllegalCommand(Said(N_("the Straggler marker goes on a colour of the track ({colours})"),
                                  colours=track(state.track)))
    if effect == "bank_b" and command.steps not in (0, 1):
        raise IllegalCommand(Said(N_("the Straggler marker moves on by 0 or 1 colour")))
    if effect == "crossroads_a" and not state.food_pile:
        raise IllegalCommand(Said(N_("no Food token is left")))
    if effect == "crossroads_b":
        _check_food_pick(state, command.take)
    return effect


def _check_wake(state: State, seat: str, character_id: str) -> None:
    if not state.has_character(character_id):
        raise IllegalCommand(Said(N_("name one of your Exhausted characters")))
    character = state.character(character_id)
    if character.owner != seat or not character.location or character.fit:
        raise IllegalCommand(Said(N_("name one of your Exhausted characters")))
    if character.id == "pregnant_woman" and character.born:
        raise IllegalCommand(Said(N_("after the birth the Pregnant Woman never turns Fit again")))


def _check_exhaust(state: State, seat: str, character_id: str, location: str) -> None:
    if not state.has_character(character_id):
        raise IllegalCommand(Said(N_("exhaust one of your Fit characters here")))
    character = state.character(character_id)
    if character.owner != seat or character.location != location or not character.fit:
        raise IllegalCommand(Said(N_("exhaust one of your Fit characters here")))
    if character.id == "pregnant_woman":
        raise IllegalCommand(Said(N_("the Pregnant Woman is never exhausted to pay an effect")))


def _check_food_pick(state: State, take: str) -> None:
    if take == "down":
        if not state.food_pile:
            raise IllegalCommand(Said(N_("no face-down Food token is left")))
        return
    value = take.removeprefix("up:")
    if not take.startswith("up:") or not value.isdigit() or int(value) not in state.food_up:
        raise IllegalCommand(Said(N_("take a face-up Food token (up:VALUE) or a face-down one (down)")))


def use(state: State, seat: str, command: UseEffect, out: Events) -> State:
    effect = check_effect(state, seat, command)
    location = command.location
    out.append(ev.EffectUsed(seat, location, command.target or command.take))
    state = evolve(state, used=state.used + ((location, seat),))
    if effect in PAID_WITH_A_CARD:
        state = pay_card(state, seat, command.card, location, out)
    if effect in PAID_BY_EXHAUSTING:
        character = state.character(command.target)
        out.append(ev.CharacterFlipped(character.id, False))
        state = with_character(state, evolve(character, fit=False))
    if effect in ("church_a", "church_b"):
        if effect == "church_b":
            food = list(state.food[state.index(seat)])
            food.remove(int(command.take))
            state = evolve(state, food=with_seat_value(state.food, state.index(seat), tuple(food)))
            out.append(ev.FoodSpent(seat))
        character = state.character(command.target)
        out.append(ev.CharacterFlipped(character.id, True))
        return with_character(state, evolve(character, fit=True))
    if effect in ("hospital_a", "hospital_b"):
        return take_antidote(state, seat, location, out)
    if effect == "armory_a":
        return draw_card(state, seat, location, out)
    if effect == "armory_b":
        return take_from_discard(state, seat, command.take, location, out)
    if effect == "bank_a":
        out.append(ev.StragglerMoved(command.target, location))
        return evolve(state, straggler=command.target)
    if effect == "bank_b":
        if command.steps:
            colour = state.track_step(state.straggler, 1)
            out.append(ev.StragglerMoved(colour, location))
            return evolve(state, straggler=colour)
        return state
    if effect == "crossroads_a":
        return gain_food(state, seat, "down", out)
    if effect == "crossroads_b":
        return gain_food(state, seat, command.take, out)
    return state


def take_antidote(state: State, seat: str, reason: str, out: Events) -> State:
    if state.supply <= 0:
        return state
    out.append(ev.AntidoteTaken(seat, reason))
    state = evolve(state, supply=state.supply - 1)
    return with_antidotes(state, seat, state.antidotes[state.index(seat)] + 1)


def gain_food(state: State, seat: str, take: str, out: Events) -> State:
    """A Food token: the top face-down one (the pile is shuffled) or a face-up one, then the face-up row
    is refilled to three from the pile (Crossroads side B)."""
    if take == "down":
        value, state = state.food_pile[0], evolve(state, food_pile=state.food_pile[1:])
        face_up = False
    else:
        value = int(take.removeprefix("up:"))
        up = list(state.food_up)
        up.remove(value)
        state, face_up = evolve(state, food_up=tuple(up)), True
    out.append(ev.FoodGained(seat, value, face_up))
    index = state.index(seat)
    state = evolve(state, food=with_seat_value(state.food, index, state.food[index] + (value,)))
    return refill_food(state, out)


def refill_food(state: State, out: Events) -> State:
    if state.place(CROSSROADS).side != "B":
        return state
    while len(state.food_up) < FACE_UP_FOOD and state.food_pile:
        out.append(ev.FoodTurnedUp(state.food_pile[0]))
        state = evolve(state, food_up=state.food_up + (state.food_pile[0],), food_pile=state.food_pile[1:])
    return state


_ACTIVE = frozenset({"church_a", "church_b", "hospital_a", "hospital_b", "bank_a", "bank_b", "armory_a", "armory_b",
                     "crossroads_a", "crossroads_b"})
