"""Character abilities (digest §2.2, ABIL-1…5): a Fit character uses its ability and turns Exhausted.
Abilities take effect at once: only Action cards can be cancelled."""

from __future__ import annotations

from game.i18n import N_
from game.rules.city_of_horror import events as ev
from game.rules.city_of_horror.board import Events, give_first_player, kill_zombies, move_zombies
from game.rules.city_of_horror.cards import (
    cancel_top,
    change_movement_card,
    check_new_movement_card,
    draw_card,
    pay_card,
    peek_next,
    steal,
    take_from_discard,
)
from game.rules.city_of_horror.catalog import LOCATIONS
from game.rules.city_of_horror.commands import UseAbility
from game.rules.city_of_horror.spoken import character as named_character
from game.rules.city_of_horror.spoken import track
from game.rules.city_of_horror.state import Character, State, evolve, with_character
from game.rules.city_of_horror.timing import (
    BEFORE_RESOLUTION,
    in_response,
    in_window,
    movement_phase,
    mover_turn,
    still_to_move,
    window_kind,
)
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said

KILLERS = ("housewife", "vigilante")
ZOMBIE_MOVERS = ("geek", "rocker")
HIDERS = ("little_boy", "little_girl")
TRADERS = ("businessman", "businesswoman")


def can_flip(character: Character) -> bool:
    """A living, Fit character whose card may still be turned (not the Pregnant Woman after the birth)."""
    return bool(character.location) and character.fit and not (character.id == "pregnant_woman" and character.born)


def timing_ok(state: State, character: Character) -> bool:
    """The moment allows this character's ability (public facts only)."""
    ability = character.id
    if ability == "punk":
        return in_response(state)
    if ability == "student" and state.stage.kind == "tie":
        return character.owner != state.first
    if not in_window(state):
        return False
    if ability == "mamma":
        return False  # she uses it as she moves (Move with ``mamma``)
    if ability == "blonde":
        return window_kind(state) in BEFORE_RESOLUTION and not state.blonde_stopped
    if ability == "priest":
        return movement_phase(state) and bool(state.moves)
    if ability == "teen":
        return mover_turn(state, character.owner)
    if ability == "granny":
        return not character.may_move and still_to_move(state, character.owner)
    if ability == "grandpa":
        return not character.may_vote
    if ability == "student":
        return character.owner != state.first
    if ability in HIDERS:
        return not character.hidden
    if ability == "pregnant_woman":
        return not character.born
    if ability == "rasta":
        return state.next_invasion_round() > 0
    if ability in KILLERS or ability in ZOMBIE_MOVERS:
        return state.place(character.location).zombies > 0
    if ability in TRADERS:
        return bool(state.discard) and bool(state.hand(character.owner))
    if ability == "thief":
        return any(s != character.owner and state.in_game(s) and state.hand(s) for s in state.seats)
    return True


def usable(state: State, character: Character) -> bool:
    return can_flip(character) and timing_ok(state, character)


def check_ability(state: State, seat: str, command: UseAbility) -> Character:
    if not state.has_character(command.character):
        raise IllegalCommand(Said(N_("there is no such character")))
    character = state.character(command.character)
    name = named_character(character.id)
    if character.owner != seat:
        raise IllegalCommand(Said(N_("{name} is not yours"), name=name))
    if not character.location:
        raise IllegalCommand(Said(N_("{name} is dead"), name=name))
    if not can_flip(character):
        raise IllegalCommand(Said(N_("{name} is Exhausted: only a Fit character uses its ability"), name=name))
    if not timing_ok(state, character):
        raise IllegalCommand(_timing_reason(state, character, name))
    ability = character.id
    if ability in ZOMBIE_MOVERS and (command.to not in LOCATIONS or command.to == character.location):
        raise IllegalCommand(Said(N_("{name} sends the zombie to another location"), name=name))
    if ability in TRADERS:
        if command.card not in state.hand(seat):
            raise IllegalCommand(Said(N_("{name} first discards a card from your hand"), name=name))
        if command.take not in state.discard:
            raise IllegalCommand(Said(N_("that card is not in the discard pile")))
    if ability == "teen":
        check_new_movement_card(state, seat, command.target)
    if ability == "special_agent" and command.target not in state.track:
        raise IllegalCommand(Said(N_("the Straggler marker goes on a colour of the track ({colours})"),
                                  colours=track(state.track)))
    if ability == "thief":
        victim = command.target
        if victim not in state.seats or victim == seat or not state.in_game(victim) or not state.hand(victim):
            raise IllegalCommand(Said(N_("the Thief takes a card from another player who holds one")))
    if ability == "priest":
        last = state.moves[-1]
        moved = state.character(last.character)
        if moved.location != last.target:
            raise IllegalCommand(Said(N_("the last move can no longer be undone")))
    return character


_TIMING_REASONS = {
    "blonde": N_("her zombie has already come this round (or is stopped)"),
    "priest": N_("the Priest undoes a move of this round's movement, while it lasts"),
    "teen": N_("the Teen changes your Movement card on your own move, before you move"),
    "granny": N_("the Granny's ability is for a move still to come this round"),
    "grandpa": N_("the Grandpa may already vote this round"),
    "pregnant_woman": N_("she has already given birth"),
    "rasta": N_("no Invasion card is left to look at"),
    "thief": N_("nobody else holds a card"),
}


def _timing_reason(state: State, character: Character, name: object) -> Said:
    ability = character.id
    if ability == "punk":
        return Said(N_("the Punk cancels a card just played, and none is waiting"))
    if in_response(state):
        return Said(N_("a card is waiting for answers: only a cancel may answer it now"))
    if ability == "mamma":
        return Said(N_("the Mamma uses her ability as she moves"))
    if ability == "student":
        return Said(N_("you already hold the First Player marker"))
    if state.stage.kind != "window":
        return Said(N_("abilities are used in an open window, not now"))
    if ability in HIDERS:
        return Said(N_("{name} is already hidden"), name=name)
    if ability in KILLERS or ability in ZOMBIE_MOVERS:
        return Said(N_("there is no zombie where {name} is"), name=name)
    if ability in TRADERS:
        return Said(N_("{name} needs a card in your hand and one in the discard pile"), name=name)
    if ability in _TIMING_REASONS:
        return Said(_TIMING_REASONS[ability])
    return Said(N_("{name} cannot act now"), name=name)


def use(state: State, seat: str, command: UseAbility, out: Events) -> State:
    """Flip the character and apply its ability."""
    character = check_ability(state, seat, command)
    ability = character.id
    out.append(ev.AbilityUsed(seat, ability, command.location, command.to, command.target))
    flipped = evolve(character, fit=False)
    if ability == "grandpa":
        flipped = evolve(flipped, may_vote=True)
    elif ability == "granny":
        flipped = evolve(flipped, may_move=True)
    elif ability in HIDERS:
        flipped = evolve(flipped, hidden=True)
        out.append(ev.CharacterHidden(ability))
    elif ability == "pregnant_woman":
        flipped = evolve(flipped, born=True)
    out.append(ev.CharacterFlipped(ability, False))
    state = with_character(state, flipped)
    where = character.location
    if ability == "blonde":
        return evolve(state, blonde_stopped=True)
    if ability in TRADERS:
        state = pay_card(state, seat, command.card, ability, out)
        return take_from_discard(state, seat, command.take, ability, out)
    if ability == "sushi_chef":
        return draw_card(state, seat, ability, out)
    if ability in ZOMBIE_MOVERS:
        return move_zombies(state, where, command.to, 1, ability, out)
    if ability in KILLERS:
        return kill_zombies(state, where, 2, ability, out)
    if ability == "student":
        return give_first_player(state, seat, "student", out)
    if ability == "priest":
        return undo_last_move(state, out)
    if ability == "punk":
        return cancel_top(state, "punk", out)
    if ability == "rasta":
        return peek_next(state, seat, out)
    if ability == "special_agent":
        out.append(ev.StragglerMoved(command.target, ability))
        return evolve(state, straggler=command.target)
    if ability == "teen":
        return change_movement_card(state, seat, command.target, out)
    if ability == "thief":
        return steal(state, seat, command.target, ability, out)
    return state


def undo_last_move(state: State, out: Events) -> State:
    """The latest move of the round is undone: the character goes back, whatever the room there, and its
    player does not move again this round (digest §16 G17)."""
    last = state.moves[-1]
    character = state.character(last.character)
    out.append(ev.CharacterMoved(last.seat, last.character, last.target, last.source, "undone"))
    state = with_character(state, evolve(character, location=last.source))
    undone = state.undone if last.seat in state.undone else state.undone + (last.seat,)
    return evolve(state, moves=state.moves[:-1], undone=undone)
