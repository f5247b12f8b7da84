"""The course of a game (digest §5, §6): rounds, the secret Movement cards, the Invasion, movement,
the resolution of each location (activation, attack, distribution), the end of a round, the helicopter
and the score.

``settle`` runs every step that needs nobody's answer, until the game waits for someone; the engine
calls it after each command. Each ``start_*`` or ``*_step`` function takes the state and a list of
events to append to, and returns the new state.
"""

from __future__ import annotations

from game.rules.city_of_horror import events as ev
from game.rules.city_of_horror import votes
from game.rules.city_of_horror.abilities import can_flip
from game.rules.city_of_horror.board import (
    ARMORY,
    Events,
    add_zombies,
    give_first_player,
    kill_character,
    move_zombies,
    void_offer,
)
from game.rules.city_of_horror.cards import peek, resolve_stack
from game.rules.city_of_horror.catalog import CROSSROADS, LOCATIONS, SLOTS, WATER_TOWER
from game.rules.city_of_horror.state import (
    BLOCKED,
    ROUNDS,
    STANDING,
    Character,
    MoveRecord,
    Stage,
    State,
    Window,
    catalog,
    evolve,
    with_character,
    with_place,
    with_seat_value,
)
from game.rules.city_of_horror.windows import waiting
from game.rules.core.sealed import ChoiceSealed, ChoicesRevealed, SealedDecision

SETTLE_LIMIT = 10_000


def settle(state: State, out: Events) -> State:
    """Advance until someone must answer (or the game is over)."""
    for _ in range(SETTLE_LIMIT):
        following = _step(state, out)
        if following is None:
            return state
        state = following
    raise RuntimeError("the game kept advancing on its own")


def _step(state: State, out: Events) -> State | None:
    if state.stage.kind != "window" or state.window is None:
        return None
    if state.stack:
        if waiting(state):
            return None
        state = resolve_stack(state, out)
        return evolve(state, window=evolve(state.window, passed=())) if state.window is not None else state
    window = state.window
    assert window is not None
    if window.kind == "mover":
        mover = window.mover
        if not state.in_game(mover):
            return next_mover(state, out)
        if not movable(state, mover) and not granny_can_help(state, mover) and not may_change_card(state, mover):
            out.append(ev.NoMove(mover, "no character of theirs can go there"))
            return next_mover(state, out)
        return None
    if waiting(state):
        return None
    return close_window(state, out)


def open_window(state: State, kind: str, out: Events, location: str = "", mover: str = "") -> State:
    out.append(ev.WindowOpened(kind, location, mover))
    return evolve(state, stage=Stage("window"), window=Window(kind, location, mover))


def close_window(state: State, out: Events) -> State:
    assert state.window is not None
    kind, location = state.window.kind, state.window.location
    state = evolve(state, window=None)
    if kind == "round_start":
        return start_picks(state, out)
    if kind == "after_move":
        return after_movement(state, out)
    if kind == "location":
        return attack(state, location, out)
    if kind == "negotiation":
        return distribution_vote(state, location, out)
    raise ValueError(f"no window {kind!r}")


# --- a round ---------------------------------------------------------------------------------------------


def start_round(state: State, out: Events) -> State:
    round_number = state.round + 1
    state = evolve(state, round=round_number, picks=(), movers=(), moves=(), undone=(), used=(), replicas=(),
                    blonde_stopped=False, resolved=(), locks=(), tie_lock=())
    out.append(ev.RoundStarted(round_number))
    tower = state.place(WATER_TOWER)
    if tower.status == STANDING and tower.side == "A":  # WT-A, §16 G5: this round's card
        for seat in state.active_in_order():
            if state.present(WATER_TOWER, seat):
                state = peek(state, seat, round_number, out)
    return open_window(state, "round_start", out)


def tower_b_seats(state: State) -> tuple[str, ...]:
    """Players who pick their Movement card after the others' reveal (WT-B)."""
    tower = state.place(WATER_TOWER)
    if tower.status != STANDING or tower.side != "B":
        return ()
    return tuple(seat for seat in state.active_seats() if state.present(WATER_TOWER, seat))


def start_picks(state: State, out: Events) -> State:
    late = tower_b_seats(state)
    seats = tuple(seat for seat in state.active_seats() if seat not in late)
    state = evolve(state, picks=("",) * len(state.seats))
    if not seats:
        return start_tower_picks(state, out)
    decision = SealedDecision(f"movement {state.round}", seats, (LOCATIONS,) * len(seats))
    return evolve(state, stage=Stage("pick"), decision=decision)


def start_tower_picks(state: State, out: Events) -> State:
    late = tower_b_seats(state)
    if not late:
        return invasion(state, out)
    decision = SealedDecision(f"water tower movement {state.round}", late, (LOCATIONS,) * len(late))
    return evolve(state, stage=Stage("pick_tower"), decision=decision)


def answer(state: State, seat: str, choice: str, out: Events) -> State:
    """A sealed answer (a Movement card, a ballot, a draft pick); the last one reveals them all."""
    assert state.decision is not None
    decision = state.decision.answer(seat, choice)
    out.append(ChoiceSealed(decision.topic, seat, choice))
    return evolve(state, decision=decision)


def picks_revealed(state: State, out: Events) -> State:
    assert state.decision is not None
    answers = state.decision.reveal()
    out.append(ChoicesRevealed(state.decision.topic, answers))
    picks = state.picks
    for seat, location in answers:
        picks = with_seat_value(picks, state.index(seat), location)
    tower_done = state.stage.kind == "pick_tower"
    state = evolve(state, picks=picks, decision=None)
    return invasion(state, out) if tower_done else start_tower_picks(state, out)


def invasion(state: State, out: Events) -> State:
    """INV: turn this round's card over: zombie moves, arrivals, supplies, then the Straggler."""
    round_number = state.round
    card = catalog().invasions[state.invasion_card(round_number)]
    state = evolve(state, revealed=round_number)
    out.append(ev.InvasionRevealed(round_number, card.id))
    for source, target in card.moves:
        state = move_zombies(state, state.place_of_slot(source).id, state.place_of_slot(target).id, None,
                             "invasion", out)
    for slot in SLOTS:
        state = add_zombies(state, state.place_of_slot(slot).id, card.arrivals(slot), "invasion", out)
    for supply in card.supplies:
        place = state.place_of_slot(supply.at)
        antidotes = min(supply.antidotes, state.supply)
        cards = state.deck[:supply.actions]
        if not antidotes and not cards:
            continue
        out.append(ev.SuppliesDropped(place.id, antidotes, len(cards)))
        state = evolve(state, supply=state.supply - antidotes, deck=state.deck[len(cards):])
        state = with_place(state, evolve(place, antidotes=place.antidotes + antidotes, cards=place.cards + cards))
    if card.straggler:
        colour = state.track_step(state.straggler, card.straggler)
        out.append(ev.StragglerMoved(colour, "invasion"))
        state = evolve(state, straggler=colour)
    return start_movement(state, out)


# --- movement (digest §6.3) -------------------------------------------------------------------------------


def destination(state: State, seat: str) -> str:
    return state.picks[state.index(seat)] if state.picks else ""


def can_move(state: State, character: Character, target: str) -> bool:
    """MOV-2, MOV-4: not already there, not a Granny without her ability, not shut in a blocked Armory."""
    if not character.location or character.location == target:
        return False
    if character.id == "granny" and not character.may_move:
        return False
    return not (character.location == ARMORY and state.place(ARMORY).status == BLOCKED)


def movable(state: State, seat: str) -> tuple[Character, ...]:
    target = destination(state, seat)
    return tuple(c for c in state.characters if c.owner == seat and can_move(state, c, target))


def granny_can_help(state: State, seat: str) -> bool:
    """The mover could still move the Granny by using her ability first."""
    target = destination(state, seat)
    for character in state.characters:
        if character.id == "granny" and character.owner == seat and can_flip(character):
            return can_move(state, evolve(character, may_move=True), target)
    return False


def may_change_card(state: State, seat: str) -> bool:
    """The mover might change their Movement card first (a Fit Teen, or a hand that may hold Running
    Shoes), so their turn is not skipped even when no character of theirs can go where the card says."""
    if state.hand(seat):
        return True
    return any(c.id == "teen" and c.owner == seat and can_flip(c) for c in state.characters)


def start_movement(state: State, out: Events) -> State:
    """Movers in turn order from the First Player as it stands now (§16 G32: the order holds)."""
    movers = tuple(seat for seat in state.active_in_order() if destination(state, seat))
    return next_mover(evolve(state, movers=movers), out)


def next_mover(state: State, out: Events) -> State:
    while state.movers:
        mover, state = state.movers[0], evolve(state, movers=state.movers[1:])
        if not state.in_game(mover) or mover in state.undone:
            continue
        return open_window(state, "mover", out, mover=mover)
    return open_window(state, "after_move", out)


def move(state: State, seat: str, character_id: str, mamma: bool, out: Events) -> State:
    """MOV-1…5: the character goes to the card's location, or to the Crossroads when it is full (unless
    the Mamma or a Back Door gets it in)."""
    assert state.window is not None
    target = destination(state, seat)
    character = state.character(character_id)
    source = character.location
    full = state.is_full(target)
    how = "move"
    if full and not state.place(target).closed and (mamma or state.window.entry_pass):
        how = "mamma" if mamma else "back_door"
    elif full:
        how, target = "full", CROSSROADS
    if mamma:
        out.append(ev.AbilityUsed(seat, character_id))
        out.append(ev.CharacterFlipped(character_id, False))
        character = evolve(character, fit=False)
    out.append(ev.CharacterMoved(seat, character_id, source, target, how))
    state = with_character(state, evolve(character, location=target))
    state = evolve(state, moves=state.moves + (MoveRecord(seat, character_id, source, target),))
    return next_mover(state, out)


def after_movement(state: State, out: Events) -> State:
    """MOV-9: the Blonde's zombie, unless her ability stopped it; then the locations are resolved."""
    for character in state.characters:
        if character.id == "blonde" and character.location and not state.blonde_stopped:
            state = add_zombies(state, character.location, 1, "blonde", out)
    return next_location(state, out)


# --- resolving the locations (digest §6.4) ----------------------------------------------------------------


def next_location(state: State, out: Events) -> State:
    """The next location in the order (G1) not resolved this round; a location nobody is at has nothing
    to activate, nobody to attack and nobody to vote, so it is resolved at once."""
    for slot in state.options.order:
        location = state.place_of_slot(slot).id
        if location in state.resolved:
            continue
        if not state.present(location):
            out.append(ev.LocationResolved(location))
            state = evolve(state, resolved=state.resolved + (location,))
            continue
        return open_window(state, "location", out, location=location)
    return end_round(state, out)


def attack(state: State, location: str, out: Events) -> State:
    """ATK: check the condition once the window has closed; ordinary locations vote, the Crossroads'
    Straggler picks; at most one character dies."""
    if not state.attack_due(location):
        out.append(ev.NoAttack(location, "too few zombies"))
        return start_distribution(state, location, out)
    if location == CROSSROADS:
        return straggler_attack(state, out)
    candidates = votes.attack_targets(state, location)
    if not candidates:
        out.append(ev.NoAttack(location, nobody_reason(state, location)))
        return start_distribution(state, location, out)
    out.append(ev.AttackStarted(location, state.place(location).zombies))
    if len(candidates) == 1:
        return lose(state, location, "attack", candidates[0], out)
    return call_vote(state, location, "attack", candidates, out)


def nobody_reason(state: State, location: str) -> str:
    return "every character there is hidden" if state.present(location) else "nobody is there"


def straggler_attack(state: State, out: Events) -> State:
    """STRAG: the marker moves on past colours with no attackable character at the Crossroads."""
    candidates = votes.attack_targets(state, CROSSROADS)
    if not candidates:
        out.append(ev.NoAttack(CROSSROADS, nobody_reason(state, CROSSROADS)))
        return finish_location(state, CROSSROADS, out)
    out.append(ev.AttackStarted(CROSSROADS, state.place(CROSSROADS).zombies))
    colour = state.straggler
    for _ in state.track:
        if state.seat_of_colour(colour) in candidates:
            break
        colour = state.track_step(colour)
        out.append(ev.StragglerMoved(colour, "hunting"))
    victim = state.seat_of_colour(colour)
    assert victim is not None
    return lose(evolve(state, straggler=colour), CROSSROADS, "straggler", victim, out)


def call_vote(state: State, location: str, vote: str, candidates: tuple[str, ...], out: Events) -> State:
    """VOTE-1…4: a sealed ballot of every player with votes here; a locked ballot is cast for them."""
    voting = votes.voters(state, location)
    if not voting:  # VOTE-10: nobody can vote, every candidate is tied
        out.append(ev.VotesCounted(location, vote, tuple((seat, 0) for seat in candidates), candidates))
        return tie(state, location, vote, candidates, out)
    locks = dict(state.locks)
    seats = tuple(seat for seat, _ in voting)
    options = []
    for seat in seats:
        locked = locks.get(seat, "")
        if locked and locked not in candidates:
            out.append(ev.LockLapsed(seat, locked, "no longer a valid target"))
            locked = ""
        options.append((locked,) if locked else candidates)
    out.append(ev.VoteCalled(location, vote, voting, candidates))
    decision = SealedDecision(f"{vote} vote at {location}", seats, tuple(options))
    state = evolve(state, stage=Stage("ballot", location, vote, options=candidates), decision=decision, locks=())
    for seat, offered in zip(seats, options, strict=True):
        if len(offered) == 1 and seat in locks:
            state = answer(state, seat, offered[0], out)
    if state.decision is not None and state.decision.complete:
        return count_votes(state, out)
    return state


def count_votes(state: State, out: Events) -> State:
    decision, stage = state.decision, state.stage
    assert decision is not None
    answers = decision.reveal()
    out.append(ChoicesRevealed(decision.topic, answers))
    tally, leaders = votes.count(state, stage.location, answers, stage.options)
    out.append(ev.VotesCounted(stage.location, stage.vote, tally, leaders))
    state = evolve(state, decision=None, stage=evolve(stage, tally=tally))
    if len(leaders) == 1:
        return decide(state, stage.location, stage.vote, leaders[0], out)
    return tie(state, stage.location, stage.vote, leaders, out)


def tie(state: State, location: str, vote: str, tied: tuple[str, ...], out: Events) -> State:
    """VOTE-6: the First Player picks among the tied players (a locked tie-break picks for them)."""
    if state.tie_lock and state.tie_lock[0] == state.first and state.tie_lock[1] in tied:
        out.append(ev.TieBroken(location, state.first, state.tie_lock[1]))
        return decide(state, location, vote, state.tie_lock[1], out)
    if state.tie_lock:
        out.append(ev.LockLapsed(state.tie_lock[0], state.tie_lock[1], "not among the tied players"))
    return evolve(state, stage=Stage("tie", location, vote, options=tied, tally=state.stage.tally), tie_lock=())


def decide(state: State, location: str, vote: str, seat: str, out: Events) -> State:
    state = evolve(state, tie_lock=())
    if vote == "attack":
        return lose(state, location, "attack", seat, out)
    return start_distributing(state, location, seat, out)


def lose(state: State, location: str, cause: str, seat: str, out: Events) -> State:
    """The losing player picks which of their attackable characters there dies (§16 G13)."""
    out.append(ev.VictimChosen(location, seat))
    options = votes.victims(state, location, seat)
    if len(options) == 1:
        return kill_victim(state, location, cause, options[0], out)
    return evolve(state, stage=Stage("victim", location, cause, seat, options), decision=None)


def kill_victim(state: State, location: str, cause: str, character_id: str, out: Events) -> State:
    seat = state.character(character_id).owner
    state = kill_character(state, character_id, cause, out)
    if cause == "straggler":
        colour = state.track_step(state.straggler)
        out.append(ev.StragglerMoved(colour, "fed"))
        state = evolve(state, straggler=colour)
    state = give_first_player(state, seat, "lost a character", out)
    return start_distribution(state, location, out)


# --- distribution (digest §6.4 C) -------------------------------------------------------------------------


def start_distribution(state: State, location: str, out: Events) -> State:
    place = state.place(location)
    if not place.antidotes and not place.cards:
        return finish_location(state, location, out)
    if not votes.voters(state, location):  # DIST-5
        out.append(ev.ItemsLeft(location, place.antidotes, len(place.cards)))
        return finish_location(state, location, out)
    return open_window(state, "negotiation", out, location=location)


def distribution_vote(state: State, location: str, out: Events) -> State:
    candidates = votes.distribution_targets(state, location)
    place = state.place(location)
    if not votes.voters(state, location) or not candidates:
        out.append(ev.ItemsLeft(location, place.antidotes, len(place.cards)))
        return finish_location(state, location, out)
    if len(candidates) == 1:
        return start_distributing(state, location, candidates[0], out)
    return call_vote(state, location, "distribution", candidates, out)


def start_distributing(state: State, location: str, seat: str, out: Events) -> State:
    """DIST-3: the distributor looks at the face-down cards, then hands out one item per player."""
    out.append(ev.DistributorChosen(location, seat))
    place = state.place(location)
    if place.cards:
        out.append(ev.ItemsSeen(seat, location, place.cards))
    state = evolve(state, stage=Stage("distribute", location, "distribution", seat), decision=None)
    return distribution_done_or_wait(state, out)


def receivers(state: State) -> tuple[str, ...]:
    """Who may still be given an item in this distribution: every player in the game, once."""
    return tuple(seat for seat in state.active_seats() if seat not in state.stage.given)


def distribution_done_or_wait(state: State, out: Events) -> State:
    location = state.stage.location
    place = state.place(location)
    if (place.antidotes or place.cards) and receivers(state):
        return state
    if place.antidotes or place.cards:
        out.append(ev.ItemsLeft(location, place.antidotes, len(place.cards)))
    return finish_location(state, location, out)


def end_distribution(state: State, out: Events) -> State:
    place = state.place(state.stage.location)
    out.append(ev.ItemsLeft(place.id, place.antidotes, len(place.cards)))
    return finish_location(state, place.id, out)


def finish_location(state: State, location: str, out: Events) -> State:
    out.append(ev.LocationResolved(location))
    state = evolve(state, resolved=state.resolved + (location,), locks=(), tie_lock=(), stage=Stage("window"),
                    window=None, decision=None)
    return next_location(state, out)


# --- the end of a round and of the game (digest §6.5, §14) -------------------------------------------------


def end_round(state: State, out: Events) -> State:
    """§16 G6: hidden characters stand up; this round's abilities and Weapon Replicas end."""
    characters = tuple(
        evolve(c, hidden=False, may_vote=False, may_move=False) if (c.hidden or c.may_vote or c.may_move) else c
        for c in state.characters)
    out.append(ev.RoundEnded(state.round))
    state = evolve(state, characters=characters, picks=(), movers=(), moves=(), undone=(), used=(), replicas=(),
                    blonde_stopped=False, resolved=(), locks=(), tie_lock=(), window=None)
    if state.round >= ROUNDS:
        return helicopter(state, out)
    return start_round(state, out)


def helicopter(state: State, out: Events) -> State:
    """END-1: each player discards an Antidote per living character; those left without one die, the
    owner choosing which (§16 G30)."""
    done = state.stage.given if state.stage.kind == "helicopter" else ()
    if state.stage.kind != "helicopter":
        for offer in state.offers:  # §16 G29: no trade once the helicopter is here
            state = void_offer(state, offer, out)
        state = evolve(state, stage=Stage("helicopter"))
    for seat in state.turn_order():
        if seat in done or not state.in_game(seat):
            continue
        living = state.alive_characters(seat)
        have = state.antidotes[state.index(seat)]
        if have == 0:
            for character in living:
                state = kill_character(state, character.id, "helicopter", out)
        elif have < len(living):
            return evolve(state, stage=Stage("helicopter", seat=seat, options=tuple(c.id for c in living), given=done))
        used = min(have, len(living))
        out.append(ev.HelicopterBoarded(seat, used))
        state = evolve(state, antidotes=with_seat_value(state.antidotes, state.index(seat), have - used))
        done = done + (seat,)
    return score(state, out)


def helicopter_victim(state: State, character_id: str, out: Events) -> State:
    seat = state.stage.seat
    state = kill_character(state, character_id, "helicopter", out)
    living = state.alive_characters(seat)
    have = state.antidotes[state.index(seat)]
    if have < len(living):
        return evolve(state, stage=evolve(state.stage, options=tuple(c.id for c in living)))
    out.append(ev.HelicopterBoarded(seat, have))
    state = evolve(state, antidotes=with_seat_value(state.antidotes, state.index(seat), have - len(living)))
    return helicopter(evolve(state, stage=evolve(state.stage, given=state.stage.given + (seat,))), out)


def seat_score(state: State, seat: str) -> int:
    """END-2: living characters at their current face, Antidotes left, Food, Canned Food (§16 G9)."""
    if not state.in_game(seat):
        return 0
    index = state.index(seat)
    points = sum(catalog().character(c.id).fit if c.fit else catalog().character(c.id).exhausted
                 for c in state.alive_characters(seat))
    return points + state.antidotes[index] + sum(state.food[index]) + state.hands[index].count("canned_food")


def score(state: State, out: Events) -> State:
    """END-3: most VP wins; a tie goes to more living characters; still tied, they share the win."""
    scores = tuple((seat, seat_score(state, seat)) for seat in state.seats)
    contenders = [seat for seat in state.seats if state.in_game(seat)]
    winners: tuple[str, ...] = ()
    if contenders:
        best = max(dict(scores)[seat] for seat in contenders)
        leaders = [seat for seat in contenders if dict(scores)[seat] == best]
        most = max(len(state.alive_characters(seat)) for seat in leaders)
        winners = tuple(seat for seat in leaders if len(state.alive_characters(seat)) == most)
    out.append(ev.GameScored(scores, winners))
    return evolve(state, stage=Stage("over"), window=None, decision=None, offers=(), scores=scores, winners=winners)
