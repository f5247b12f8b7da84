"""What happens to the pieces: zombies arriving, moving and dying (never more than 8 at a location),
characters dying, the First Player marker changing hands, Explosion markers and what they destroy.

Every function takes a state and returns the new state with the events it caused.
"""

from __future__ import annotations

from typing import Any

from game.rules.city_of_horror import events as ev
from game.rules.city_of_horror.catalog import CROSSROADS, WATER_TOWER
from game.rules.city_of_horror.state import (
    BLOCKED,
    BURNED,
    COLLAPSED,
    ZOMBIE_CAP,
    Offer,
    State,
    evolve,
    with_antidotes,
    with_character,
    with_hand,
    with_place,
)

ARMORY = "armory"
Events = list[Any]


# --- zombies (digest §2.1 ZOMB-CAP; §16 G21, G34) --------------------------------------------------------


def add_zombies(state: State, location: str, wanted: int, reason: str, out: Events) -> State:
    """Zombies from the reserve, never past 8 at the location nor more than the reserve holds."""
    if wanted <= 0:
        return state
    place = state.place(location)
    count = max(0, min(wanted, ZOMBIE_CAP - place.zombies, state.reserve()))
    out.append(ev.ZombiesArrived(location, count, wanted, reason))
    if not count:
        return state
    return with_place(state, evolve(place, zombies=place.zombies + count))


def kill_zombies(state: State, location: str, count: int, reason: str, out: Events) -> State:
    """Killed zombies go back to the reserve (G34)."""
    place = state.place(location)
    killed = max(0, min(count, place.zombies))
    out.append(ev.ZombiesKilled(location, killed, reason))
    if not killed:
        return state
    return with_place(state, evolve(place, zombies=place.zombies - killed))


def move_zombies(state: State, source: str, target: str, count: int | None, reason: str, out: Events) -> State:
    """``count`` zombies (None: all) go from ``source`` to ``target``; those that would pass 8 there stay."""
    if source == target:
        out.append(ev.ZombiesMoved(source, target, 0, reason))
        return state
    origin, destination = state.place(source), state.place(target)
    wanted = origin.zombies if count is None else min(count, origin.zombies)
    moving = max(0, min(wanted, ZOMBIE_CAP - destination.zombies))
    out.append(ev.ZombiesMoved(source, target, moving, reason))
    if not moving:
        return state
    state = with_place(state, evolve(origin, zombies=origin.zombies - moving))
    return with_place(state, evolve(destination, zombies=destination.zombies + moving))


# --- deaths and the First Player marker (digest §11, §12) ------------------------------------------------


def first_player_for(state: State, seat: str) -> str:
    """Who takes the marker meant for ``seat``: ``seat``, or the next player clockwise who still has a
    living character (FP-4). Nobody left alive: the marker stays where it is."""
    for candidate in state.turn_order(seat):
        if state.in_game(candidate):
            return candidate
    return state.first


def give_first_player(state: State, seat: str, reason: str, out: Events) -> State:
    holder = first_player_for(state, seat)
    if holder != state.first:
        out.append(ev.FirstPlayerChanged(holder, reason))
    return evolve(state, first=holder)


def kill_character(state: State, character_id: str, cause: str, out: Events) -> State:
    """The character leaves the game (its zombies stay). A player left with nobody is eliminated: their
    open trades are void and they answer no window."""
    character = state.character(character_id)
    if not character.location:
        return state
    out.append(ev.CharacterDied(character_id, character.owner, character.location, cause))
    state = with_character(state, evolve(character, location="", hidden=False))
    if not state.in_game(character.owner):
        state = eliminate(state, character.owner, out)
    return state


def eliminate(state: State, seat: str, out: Events) -> State:
    out.append(ev.PlayerEliminated(seat))
    for offer in state.offers:
        if seat in (offer.seat, offer.partner):
            state = void_offer(state, offer, out)
    return evolve(state, movers=tuple(s for s in state.movers if s != seat))


def void_offer(state: State, offer: Offer, out: Events) -> State:
    """An offer that can no longer happen."""
    out.append(ev.TradeClosed(offer.seat, offer.partner, "void"))
    return return_offer(state, offer)


def return_offer(state: State, offer: Offer) -> State:
    """What an offer set aside goes back to its maker, and the offer is gone."""
    state = with_hand(state, offer.seat, state.hand(offer.seat) + offer.give_cards)
    state = with_antidotes(state, offer.seat, state.antidotes[state.index(offer.seat)] + offer.give_antidotes)
    return evolve(state, offers=tuple(o for o in state.offers if o is not offer))


# --- explosions (digest §10) ---------------------------------------------------------------------------


def explosion_target(state: State, wanted: str) -> str:
    """Where an Explosion marker meant for ``wanted`` goes: there, or the other one when ``wanted`` is
    destroyed (EXPL-2); "" when both are (G20)."""
    other = ARMORY if wanted == WATER_TOWER else WATER_TOWER
    for location in (wanted, other):
        if not state.place(location).destroyed:
            return location
    return ""


def place_explosion(state: State, wanted: str, out: Events) -> State:
    location = explosion_target(state, wanted)
    if not location:
        return state
    place = state.place(location)
    place = evolve(place, explosions=place.explosions + 1)
    state = with_place(state, place)
    out.append(ev.ExplosionMarkerPlaced(location, place.explosions))
    if location == WATER_TOWER and place.explosions >= 3:
        return _tower_explodes(state, out)
    if location == ARMORY and place.side == "A" and place.explosions >= 3:
        return _armory_burns(state, out)
    if location == ARMORY and place.side == "B" and place.explosions >= 2:
        out.append(ev.LocationDestroyed(ARMORY, BLOCKED))
        return with_place(state, evolve(place, status=BLOCKED))
    return state


def _tower_explodes(state: State, out: Events) -> State:
    """EXPL-WT: every character and zombie on the tower dies; the collapsed tower takes its place. The
    players who lost a character take the First Player marker: the first of them in turn order."""
    place = state.place(WATER_TOWER)
    out.append(ev.LocationDestroyed(WATER_TOWER, COLLAPSED))
    losers = []
    for character in state.present(WATER_TOWER):
        if character.owner not in losers:
            losers.append(character.owner)
        state = kill_character(state, character.id, "explosion", out)
    if place.zombies:
        out.append(ev.ZombiesKilled(WATER_TOWER, place.zombies, "explosion"))
    state = with_place(state, evolve(place, zombies=0, status=COLLAPSED))
    if losers:
        first_loser = next(seat for seat in state.turn_order() if seat in losers)
        state = give_first_player(state, first_loser, "lost a character", out)
    return state


def _armory_burns(state: State, out: Events) -> State:
    """EXPL-ARM-A: everyone inside goes to the Crossroads (the Granny too); nobody may enter again."""
    out.append(ev.LocationDestroyed(ARMORY, BURNED))
    for character in state.present(ARMORY):
        out.append(ev.CharacterMoved(character.owner, character.id, ARMORY, CROSSROADS, "fire"))
        state = with_character(state, evolve(character, location=CROSSROADS))
    return with_place(state, evolve(state.place(ARMORY), status=BURNED))
