"""The City of Horror engine: the platform's contract (``game.rules.core.base.Ruleset``) over the rules
modules of this package. ``apply`` checks a command, refuses it with its reason (nothing changes), or
plays it and runs the game on until someone must answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.i18n import N_
from game.rules.city_of_horror import abilities, cards, effects, flow, trades
from game.rules.city_of_horror import events as ev
from game.rules.city_of_horror import setup as setup_rules
from game.rules.city_of_horror.commands import (
    COMMANDS,
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
from game.rules.city_of_horror.legal import legal_commands, lock_vote
from game.rules.city_of_horror.spoken import card as named_card
from game.rules.city_of_horror.spoken import character as named_character
from game.rules.city_of_horror.spoken import listed, place
from game.rules.city_of_horror.state import State, evolve, with_antidotes, with_hand, with_place
from game.rules.city_of_horror.timing import trading_open
from game.rules.city_of_horror.view import player_view
from game.rules.city_of_horror.votes import targets
from game.rules.city_of_horror.windows import in_seat_order, waiting
from game.rules.core.base import IllegalCommand
from game.rules.core.frozen import record
from game.rules.core.reasons import Said

RULESET_NAME = "city_of_horror"
RULESET_VERSION = "1"
Events = list[Any]


@record
class Outcome:
    scores: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]


def setup(board: Any, setup_spec: Any, seed: int) -> State:
    return setup_rules.setup(setup_rules.parse_setup(setup_spec), seed)[0]


def setup_with_events(setup_spec: Any, seed: int) -> tuple[State, tuple[Any, ...]]:
    state, out = setup_rules.setup(setup_rules.parse_setup(setup_spec), seed)
    return state, tuple(out)


def current_seats(state: State) -> frozenset[str]:
    """Who the game waits for: the open window's players, the sealed decision's, the one who must
    choose; and anyone with a trade offered to them."""
    kind = state.stage.kind
    seats: set[str] = set()
    if kind == "window":
        seats.update(waiting(state))
    elif kind in ("draft", "pick", "pick_tower", "ballot") and state.decision is not None:
        seats.update(state.decision.waiting())
    elif kind == "tie":
        seats.add(state.first)
        seats.update(c.owner for c in state.characters if c.id == "student" and abilities.usable(state, c))
    elif kind in ("place", "victim", "distribute", "helicopter"):
        seats.add(state.stage.seat)
    if trading_open(state):
        seats.update(offer.partner for offer in state.offers)
    return frozenset(seats)


def apply(state: State, seat: str, command: Any) -> tuple[State, tuple[Any, ...]]:
    if state.viewer is not None:
        raise IllegalCommand(Said(N_("this is one player's view of the game: commands go to the game itself")))
    if seat not in state.seats:
        raise IllegalCommand(Said(N_("{seat} does not play in this game"), seat=seat))
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise IllegalCommand(Said(N_("that is not a command of this game")))
    if state.over:
        raise IllegalCommand(Said(N_("the game is over")))
    out: Events = []
    state = handler(state, seat, command, out)
    return flow.settle(state, out), tuple(out)


def check(state: State, seat: str, command: Any) -> None:
    apply(state, seat, command)


def outcome(state: State) -> Outcome | None:
    return Outcome(state.scores, state.winners) if state.over else None


# --- handlers -------------------------------------------------------------------------------------------


def _in_game(state: State, seat: str) -> None:
    if not state.in_game(seat):
        raise IllegalCommand(Said(N_("{seat} has no character left: out of the game"), seat=seat))


def _acted(state: State) -> State:
    """Someone did something: every player gets to answer it again before the window closes."""
    if state.stage.kind == "window" and state.window is not None and not state.stack and state.window.passed:
        return evolve(state, window=evolve(state.window, passed=()))
    return state


def _pass(state: State, seat: str, command: Pass, out: Events) -> State:
    window = state.window
    if state.stage.kind != "window" or window is None:
        raise IllegalCommand(Said(N_("there is nothing to pass on now")))
    _in_game(state, seat)
    if state.stack:
        if seat in state.responded:
            raise IllegalCommand(Said(N_("you have already let this card through")))
        out.append(ev.Passed(seat))
        return evolve(state, responded=in_seat_order(state, state.responded + (seat,)))
    if window.kind == "mover":
        if seat != window.mover:
            raise IllegalCommand(Said(N_("{seat} is moving: act now, or let them move"), seat=window.mover))
        if flow.movable(state, seat):
            raise IllegalCommand(Said(N_("you must move a character that can move")))
        out.append(ev.NoMove(seat, "chose not to move"))
        return flow.next_mover(state, out)
    if seat in window.passed:
        raise IllegalCommand(Said(N_("you have already passed in this window")))
    declined = window.effect_done + (seat,) if effects.has_effect_to_use(state, seat) else window.effect_done
    out.append(ev.Passed(seat))
    return evolve(state, window=evolve(window, passed=in_seat_order(state, window.passed + (seat,)),
                                         effect_done=declined))


def _place(state: State, seat: str, command: PlaceCharacter, out: Events) -> State:
    return setup_rules.place_character(state, seat, command.character, command.location, out)


def _sealed(kind: tuple[str, ...], refusal: str) -> Callable[[State, str], None]:
    def ensure(state: State, seat: str) -> None:
        if state.stage.kind not in kind or state.decision is None:
            raise IllegalCommand(Said(refusal))
    return ensure


_DRAFTING = _sealed(("draft",), N_("no draft pick is being chosen now"))
_PICKING = _sealed(("pick", "pick_tower"), N_("no Movement card is being chosen now"))
_VOTING = _sealed(("ballot",), N_("no vote is being chosen now"))


def _draft(state: State, seat: str, command: DraftKeep, out: Events) -> State:
    _DRAFTING(state, seat)
    return setup_rules.draft_keep(state, seat, command.card, out)


def _pick(state: State, seat: str, command: PickMovement, out: Events) -> State:
    _PICKING(state, seat)
    state = flow.answer(state, seat, command.location, out)
    assert state.decision is not None
    return flow.picks_revealed(state, out) if state.decision.complete else state


def _vote(state: State, seat: str, command: Vote, out: Events) -> State:
    _VOTING(state, seat)
    state = flow.answer(state, seat, command.target, out)
    assert state.decision is not None
    return flow.count_votes(state, out) if state.decision.complete else state


def _break_tie(state: State, seat: str, command: BreakTie, out: Events) -> State:
    stage = state.stage
    if stage.kind != "tie":
        raise IllegalCommand(Said(N_("there is no tie to break")))
    if seat != state.first:
        raise IllegalCommand(Said(N_("the First Player ({seat}) breaks the tie"), seat=state.first))
    if command.target not in stage.options:
        raise IllegalCommand(Said(N_("pick one of the tied players: {seats}"), seats=listed(stage.options)))
    out.append(ev.TieBroken(stage.location, seat, command.target))
    return flow.decide(state, stage.location, stage.vote, command.target, out)


def _choose_victim(state: State, seat: str, command: ChooseVictim, out: Events) -> State:
    stage = state.stage
    if stage.kind not in ("victim", "helicopter"):
        raise IllegalCommand(Said(N_("nobody has to choose a victim now")))
    if seat != stage.seat:
        raise IllegalCommand(Said(N_("{seat} chooses"), seat=stage.seat))
    if command.character not in stage.options:
        raise IllegalCommand(Said(N_("choose one of {names}"), names=listed([named_character(c) for c in stage.options])))
    if stage.kind == "helicopter":
        return flow.helicopter_victim(state, command.character, out)
    return flow.kill_victim(state, stage.location, stage.vote, command.character, out)


def _give(state: State, seat: str, command: GiveItem, out: Events) -> State:
    stage = state.stage
    if stage.kind != "distribute":
        raise IllegalCommand(Said(N_("nothing is being handed out now")))
    if seat != stage.seat:
        raise IllegalCommand(Said(N_("{seat} hands out the items"), seat=stage.seat))
    if command.to not in flow.receivers(state):
        raise IllegalCommand(Said(N_("{seat} cannot be given an item (one each, to players still in the game)"), seat=command.to))
    place = state.place(stage.location)
    if command.item == "antidote":
        if not place.antidotes:
            raise IllegalCommand(Said(N_("no Antidote is left here")))
        state = with_place(state, evolve(place, antidotes=place.antidotes - 1))
        state = with_antidotes(state, command.to, state.antidotes[state.index(command.to)] + 1)
        out.append(ev.ItemGiven(seat, command.to, "antidote", place.id))
    else:
        if command.item not in place.cards:
            raise IllegalCommand(Said(N_("no {card} lies here"), card=named_card(command.item)))
        index = place.cards.index(command.item)
        state = with_place(state, evolve(place, cards=place.cards[:index] + place.cards[index + 1:]))
        state = with_hand(state, command.to, state.hand(command.to) + (command.item,))
        out.append(ev.CardGiven(seat, command.to, command.item, place.id))
    state = evolve(state, stage=evolve(state.stage, given=state.stage.given + (command.to,)))
    return flow.distribution_done_or_wait(state, out)


def _end_distribution(state: State, seat: str, command: EndDistribution, out: Events) -> State:
    if state.stage.kind != "distribute" or seat != state.stage.seat:
        raise IllegalCommand(Said(N_("you are not handing anything out")))
    if not state.options.hold_back:
        raise IllegalCommand(Said(N_("the distributor hands out as many items as possible (one per player)")))
    return flow.end_distribution(state, out)


def _move(state: State, seat: str, command: Move, out: Events) -> State:
    window = state.window
    if state.stage.kind != "window" or window is None or window.kind != "mover":
        raise IllegalCommand(Said(N_("characters move in the movement phase, one per player in turn order")))
    if window.mover != seat:
        raise IllegalCommand(Said(N_("{seat} is moving now"), seat=window.mover))
    if state.stack:
        raise IllegalCommand(Said(N_("a card is waiting for answers: move once it is settled")))
    if not state.has_character(command.character):
        raise IllegalCommand(Said(N_("there is no such character")))
    character = state.character(command.character)
    name = named_character(character.id)
    target = flow.destination(state, seat)
    if character.owner != seat or not character.location:
        raise IllegalCommand(Said(N_("{name} is not one of your living characters"), name=name))
    if character.location == target:
        raise IllegalCommand(Said(N_("{name} is already at {place}: move another"), name=name, place=place(target)))
    if not flow.can_move(state, character, target):
        raise IllegalCommand(Said(N_("{name} cannot move (use her ability first)"), name=name) if character.id == "granny"
                             else Said(N_("{name} cannot move (the Armory's door is blocked)"), name=name))
    if command.mamma:
        if character.id != "mamma" or not abilities.can_flip(character):
            raise IllegalCommand(Said(N_("only a Fit Mamma squeezes into a full location")))
        if not state.is_full(target) or state.place(target).closed:
            raise IllegalCommand(Said(N_("the Mamma squeezes in only where the location is full (and open)")))
    return flow.move(state, seat, command.character, command.mamma, out)


def _play(state: State, seat: str, command: PlayCard, out: Events) -> State:
    cards.check_card(state, seat, command)
    state = cards.play(state, seat, command, out)
    return evolve(state, responded=(seat,))


def _ability(state: State, seat: str, command: UseAbility, out: Events) -> State:
    _in_game(state, seat)
    answering = bool(state.stack)
    state = abilities.use(state, seat, command, out)
    if answering:
        if state.stack:
            return evolve(state, responded=(seat,))
        return evolve(state, window=evolve(state.window, passed=())) if state.window is not None else state
    return _acted(state)


def _effect(state: State, seat: str, command: UseEffect, out: Events) -> State:
    _in_game(state, seat)
    return _acted(effects.use(state, seat, command, out))


def _lock_ballot(state: State, seat: str, command: LockBallot, out: Events) -> State:
    vote = _lock_moment(state)
    assert state.window is not None
    location = state.window.location
    if state.votes(seat, location) <= 0:
        raise IllegalCommand(Said(N_("only a player who will vote here may lock a ballot")))
    if seat in dict(state.locks):
        raise IllegalCommand(Said(N_("your ballot is already locked")))
    if command.target not in targets(state, location, vote):
        raise IllegalCommand(Said(N_("{seat} cannot be voted for here"), seat=command.target))
    out.append(ev.BallotLocked(seat, location, command.target, vote))
    return _acted(evolve(state, locks=state.locks + ((seat, command.target),)))


def _lock_tie(state: State, seat: str, command: LockTieBreak, out: Events) -> State:
    vote = _lock_moment(state)
    assert state.window is not None
    location = state.window.location
    if seat != state.first:
        raise IllegalCommand(Said(N_("only the First Player breaks ties")))
    if state.tie_lock:
        raise IllegalCommand(Said(N_("the tie-break is already locked")))
    if command.target not in targets(state, location, vote):
        raise IllegalCommand(Said(N_("{seat} cannot win this vote"), seat=command.target))
    out.append(ev.TieBreakLocked(seat, location, command.target))
    return _acted(evolve(state, tie_lock=(seat, command.target)))


def _lock_moment(state: State) -> str:
    if state.options.promises_may_be_broken:
        raise IllegalCommand(Said(N_("at this table every promise may be broken: nothing is locked")))
    vote = lock_vote(state)
    if not vote:
        raise IllegalCommand(Said(N_("a ballot is locked before a vote, in the window that comes before it")))
    return vote


def _offer(state: State, seat: str, command: OfferTrade, out: Events) -> State:
    return trades.offer(state, seat, command, out)


def _accept(state: State, seat: str, command: AcceptTrade, out: Events) -> State:
    state = trades.accept(state, seat, command, out)
    window = state.window
    if state.stage.kind == "window" and window is not None and not state.stack:
        parties = (seat, command.seat)  # new cards: both may want to act again
        return evolve(state, window=evolve(window, passed=tuple(s for s in window.passed if s not in parties)))
    return state


def _decline(state: State, seat: str, command: DeclineTrade, out: Events) -> State:
    return trades.decline(state, seat, command, out)


def _withdraw(state: State, seat: str, command: WithdrawTrade, out: Events) -> State:
    return trades.withdraw(state, seat, command, out)


_HANDLERS: dict[type, Callable[[State, str, Any, Events], State]] = {
    Pass: _pass, PlaceCharacter: _place, DraftKeep: _draft, PickMovement: _pick, Vote: _vote, BreakTie: _break_tie,
    ChooseVictim: _choose_victim, GiveItem: _give, EndDistribution: _end_distribution, Move: _move, PlayCard: _play,
    UseAbility: _ability, UseEffect: _effect, LockBallot: _lock_ballot, LockTieBreak: _lock_tie, OfferTrade: _offer,
    AcceptTrade: _accept, DeclineTrade: _decline, WithdrawTrade: _withdraw,
}


class CityOfHorrorRules:
    """The engine as the platform asks for it."""

    name = RULESET_NAME
    version = RULESET_VERSION
    setup = staticmethod(setup)
    current_seats = staticmethod(current_seats)
    legal_commands = staticmethod(legal_commands)
    check = staticmethod(check)
    apply = staticmethod(apply)
    outcome = staticmethod(outcome)
    player_view = staticmethod(player_view)

    @staticmethod
    def command_to_json(command: Any) -> str:
        return COMMANDS.dump_json(command).decode()

    @staticmethod
    def command_from_json(text: str) -> Any:
        return COMMANDS.validate_json(text)

    @staticmethod
    def setup_to_json(setup_spec: Any) -> str:
        return setup_rules.parse_setup(setup_spec).model_dump_json()

    @staticmethod
    def setup_from_json(text: str) -> Any:
        return setup_rules.SetupSpec.model_validate_json(text)

