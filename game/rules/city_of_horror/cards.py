"""Action cards (digest §2.3): when each may be played and with what, and what it does once no cancel
answered it. A card played leaves the hand at once and waits on the stack; it reaches the discard pile
when it takes effect or is cancelled (digest [CANCEL])."""

from __future__ import annotations

from game.i18n import N_
from game.rules.city_of_horror import events as ev
from game.rules.city_of_horror.board import (
    ARMORY,
    Events,
    add_zombies,
    kill_zombies,
    move_zombies,
    place_explosion,
)
from game.rules.city_of_horror.catalog import LOCATIONS, WATER_TOWER
from game.rules.city_of_horror.commands import PlayCard
from game.rules.city_of_horror.spoken import card as named_card
from game.rules.city_of_horror.spoken import character as named_character
from game.rules.city_of_horror.spoken import either, place, track
from game.rules.city_of_horror.state import (
    Pending,
    State,
    catalog,
    evolve,
    with_character,
    with_hand,
    with_seat_value,
)
from game.rules.city_of_horror.timing import in_response, in_window, mover_turn
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.core.rng import choose_index

KILLS = {"gun": 1, "molotov_cocktail": 1, "shotgun": 2, "makeshift_bomb": 2}
LOCATION_CARDS = ("alarm", "gun", "chainsaw", "kitten", "molotov_cocktail", "rescue_flare", "makeshift_bomb",
                  "weapon_replica", "shotgun")
MOVEMENT_CARDS = ("back_door", "running_shoes")
BLAST_TARGETS = (WATER_TOWER, ARMORY)


def is_explosive(card: str) -> bool:
    return catalog().card(card).explosion


def blast_choices(state: State) -> tuple[str, ...]:
    """Where an explosion card may put its marker: both when both stand, else the one left, else ""."""
    standing = tuple(location for location in BLAST_TARGETS if not state.place(location).destroyed)
    return standing or ("",)


def card_timing_ok(state: State, seat: str, card: str) -> bool:
    """The moment allows playing ``card`` (public facts only)."""
    if card == "pepper_spray":
        return in_response(state)
    if card in MOVEMENT_CARDS:
        return in_window(state) and mover_turn(state, seat)
    if card == "night_vision_goggles":
        return in_window(state) and state.next_invasion_round() > 0
    return in_window(state) and catalog().card(card).playable


def check_card(state: State, seat: str, command: PlayCard) -> None:
    """Refuse a card that is not in the hand, out of its moment or missing what it needs."""
    card = command.card
    if card not in catalog().cards:
        raise IllegalCommand(Said(N_("there is no such Action card")))
    if not state.in_game(seat):
        raise IllegalCommand(Said(N_("a player with no character left plays no card")))
    if card not in state.hand(seat):
        raise IllegalCommand(Said(N_("{seat} holds no {card}"), seat=seat, card=named_card(card)))
    if not catalog().card(card).playable:
        raise IllegalCommand(Said(N_("{card} is not played: keep it for its points"), card=named_card(card)))
    if not card_timing_ok(state, seat, card):
        raise IllegalCommand(_timing_reason(state, card))
    _check_target(state, seat, command)


def _timing_reason(state: State, card: str) -> Said:
    name = named_card(card)
    if card == "pepper_spray":
        return Said(N_("{card} answers a card just played, and none is waiting"), card=name)
    if in_response(state):
        return Said(N_("a card is waiting for answers: only a cancel may be played now"))
    if card in MOVEMENT_CARDS:
        return Said(N_("{card} is played on your own move, before you move"), card=name)
    if card == "night_vision_goggles" and state.next_invasion_round() == 0:
        return Said(N_("no Invasion card is left to look at"))
    if state.stage.kind != "window":
        return Said(N_("cards are played in an open window, not now"))
    return Said(N_("{card} cannot be played now"), card=name)


def _check_target(state: State, seat: str, command: PlayCard) -> None:
    card = command.card
    if card in LOCATION_CARDS and command.location not in LOCATIONS:
        raise IllegalCommand(Said(N_("{card} needs a location"), card=named_card(card)))
    if card == "rescue_flare" and (command.to not in LOCATIONS or command.to == command.location):
        raise IllegalCommand(Said(N_("the Rescue Flare needs another location for the zombie to go to")))
    if is_explosive(card) and command.blast not in blast_choices(state):
        places = [place(b) for b in blast_choices(state) if b]
        raise IllegalCommand(Said(N_("the Explosion marker goes on {places}"), places=either(places)) if places
                             else Said(N_("the Explosion marker has nowhere left to go")))
    if card == "energy_drink":
        _check_energy_drink(state, seat, command.target)
    elif card == "hideout":
        character = _own_character(state, seat, command.target)
        if character.hidden:
            raise IllegalCommand(Said(N_("{name} is already hidden"), name=named_character(character.id)))
    elif card == "flashlight":
        if command.target not in state.track:
            raise IllegalCommand(Said(N_("the Straggler marker goes on a colour of the track ({colours})"),
                                      colours=track(state.track)))
    elif card == "pickpocket":
        _check_victim(state, seat, command.target)
    elif card == "running_shoes":
        check_new_movement_card(state, seat, command.target)


def _own_character(state: State, seat: str, character_id: str):
    if not state.has_character(character_id):
        raise IllegalCommand(Said(N_("there is no such character")))
    character = state.character(character_id)
    if character.owner != seat or not character.location:
        raise IllegalCommand(Said(N_("{name} is not one of your living characters"), name=named_character(character_id)))
    return character


def _check_energy_drink(state: State, seat: str, character_id: str) -> None:
    if not state.has_character(character_id) or not state.character(character_id).location:
        raise IllegalCommand(Said(N_("the Energy Drink needs a living character")))
    character = state.character(character_id)
    if character.owner != seat and not state.options.energy_drink_any:
        raise IllegalCommand(Said(N_("the Energy Drink wakes one of your own characters")))
    if character.fit:
        raise IllegalCommand(Said(N_("{name} is already Fit"), name=named_character(character_id)))
    if character.id == "pregnant_woman" and character.born:
        raise IllegalCommand(Said(N_("after the birth the Pregnant Woman never turns Fit again")))


def _check_victim(state: State, seat: str, victim: str) -> None:
    if victim not in state.seats or victim == seat:
        raise IllegalCommand(Said(N_("take a card from another player")))
    if not state.in_game(victim):
        raise IllegalCommand(Said(N_("{seat} is out of the game"), seat=victim))
    if not state.hand(victim):
        raise IllegalCommand(Said(N_("{seat} holds no card"), seat=victim))


def check_new_movement_card(state: State, seat: str, location: str) -> None:
    current = state.picks[state.index(seat)] if state.picks else ""
    if location not in LOCATIONS or location == current:
        raise IllegalCommand(Said(N_("change your Movement card for another of yours")))


# --- playing and resolving ---------------------------------------------------------------------------


def play(state: State, seat: str, command: PlayCard, out: Events) -> State:
    """The card leaves the hand and waits on the stack for answers."""
    hand = list(state.hand(seat))
    hand.remove(command.card)
    state = with_hand(state, seat, tuple(hand))
    pending = Pending(seat, command.card, command.location, command.to, command.target, command.blast)
    out.append(ev.CardPlayed(seat, command.card, command.location, command.to, command.target, command.blast))
    return evolve(state, stack=state.stack + (pending,), responded=())


def resolve(state: State, pending: Pending, out: Events) -> State:
    """The card takes effect, then goes to the discard pile; an explosion card then adds its marker."""
    state = evolve(state, discard=state.discard + (pending.card,))
    state = _effect(state, pending, out)
    if is_explosive(pending.card) and pending.blast:
        state = place_explosion(state, pending.blast, out)
    return state


def _effect(state: State, pending: Pending, out: Events) -> State:
    card, seat, where = pending.card, pending.seat, pending.location
    reason = card
    if card in KILLS:
        return kill_zombies(state, where, KILLS[card], reason, out)
    if card == "chainsaw":
        return kill_zombies(state, where, state.place(where).zombies // 2, reason, out)
    if card == "alarm":
        return add_zombies(state, where, 3, reason, out)
    if card == "rescue_flare":
        return move_zombies(state, where, pending.to, 1, reason, out)
    if card == "kitten":
        index, rng = choose_index(state.rng, len(LOCATIONS))
        drawn = LOCATIONS[index]
        out.append(ev.KittenDrew(seat, where, drawn))
        return move_zombies(evolve(state, rng=rng), where, drawn, None, reason, out)
    if card == "energy_drink":
        character = state.character(pending.target)
        if character.location and not character.fit and not (character.id == "pregnant_woman" and character.born):
            out.append(ev.CharacterFlipped(character.id, True))
            return with_character(state, evolve(character, fit=True))
        return state
    if card == "hideout":
        character = state.character(pending.target)
        if character.location and not character.hidden:
            out.append(ev.CharacterHidden(character.id))
            return with_character(state, evolve(character, hidden=True))
        return state
    if card == "flashlight":
        out.append(ev.StragglerMoved(pending.target, reason))
        return evolve(state, straggler=pending.target)
    if card == "night_vision_goggles":
        return peek_next(state, seat, out)
    if card == "pickpocket":
        return steal(state, seat, pending.target, reason, out)
    if card == "weapon_replica":
        return evolve(state, replicas=state.replicas + ((seat, where),))
    if card == "back_door":
        if mover_turn(state, seat) and state.window is not None:
            return evolve(state, window=evolve(state.window, entry_pass=True))
        return state
    if card == "running_shoes":
        return change_movement_card(state, seat, pending.target, out)
    return state


def peek_next(state: State, seat: str, out: Events) -> State:
    """``seat`` looks at the next Invasion card in secret (nothing when none is left)."""
    round_number = state.next_invasion_round()
    if not round_number:
        return state
    return peek(state, seat, round_number, out)


def peek(state: State, seat: str, round_number: int, out: Events) -> State:
    out.append(ev.InvasionPeeked(seat, round_number, state.invasion_card(round_number)))
    if (seat, round_number) in state.known:
        return state
    return evolve(state, known=state.known + ((seat, round_number),))


def steal(state: State, seat: str, victim: str, reason: str, out: Events) -> State:
    """A random card of ``victim``'s hand goes to ``seat`` (nothing when the hand is empty by then)."""
    hand = state.hand(victim)
    if not hand or not state.in_game(seat):
        return state
    index, rng = choose_index(state.rng, len(hand))
    card = hand[index]
    out.append(ev.CardStolen(seat, victim, card, reason))
    state = with_hand(evolve(state, rng=rng), victim, hand[:index] + hand[index + 1:])
    return with_hand(state, seat, state.hand(seat) + (card,))


def change_movement_card(state: State, seat: str, location: str, out: Events) -> State:
    """Teen and Running Shoes: a new Movement card, only while the move is still to come."""
    if not mover_turn(state, seat):
        return state
    out.append(ev.MovementCardChanged(seat, location))
    return evolve(state, picks=with_seat_value(state.picks, state.index(seat), location))


def draw_card(state: State, seat: str, reason: str, out: Events) -> State:
    """The deck's top card to ``seat``'s hand, in secret; an empty deck gives nothing (ACT-4)."""
    if not state.deck:
        out.append(ev.NothingToDraw(seat, reason))
        return state
    card = state.deck[0]
    out.append(ev.CardDrawn(seat, card, reason))
    state = evolve(state, deck=state.deck[1:])
    return with_hand(state, seat, state.hand(seat) + (card,))


def pay_card(state: State, seat: str, card: str, reason: str, out: Events) -> State:
    """A card discarded to pay a cost: no Explosion marker, whatever it shows (EXPL-3)."""
    hand = list(state.hand(seat))
    hand.remove(card)
    out.append(ev.CardDiscarded(seat, card, reason))
    state = with_hand(state, seat, tuple(hand))
    return evolve(state, discard=state.discard + (card,))


def take_from_discard(state: State, seat: str, card: str, reason: str, out: Events) -> State:
    discard = list(state.discard)
    index = len(discard) - 1 - discard[::-1].index(card)
    del discard[index]
    out.append(ev.CardTaken(seat, card, reason))
    state = evolve(state, discard=tuple(discard))
    return with_hand(state, seat, state.hand(seat) + (card,))


def cancel_top(state: State, by: str, out: Events) -> State:
    """The card on top of the stack is cancelled: no effect, no marker; it goes to the discard pile."""
    top = state.stack[-1]
    out.append(ev.CardCancelled(top.seat, top.card, by))
    return evolve(state, stack=state.stack[:-1], discard=state.discard + (top.card,), responded=())


def resolve_stack(state: State, out: Events) -> State:
    """Every seat has answered: from the top down, a Pepper Spray cancels the card under it, any other
    card takes effect (digest §16 G37: a cancel may itself be cancelled)."""
    while state.stack:
        top = state.stack[-1]
        state = evolve(state, stack=state.stack[:-1])
        if top.card == "pepper_spray":
            state = evolve(state, discard=state.discard + (top.card,))
            if state.stack:
                state = cancel_top(state, "pepper_spray", out)
        else:
            state = resolve(state, top, out)
    return evolve(state, responded=())
