"""What each player may know (digest §17.1): over whole games, a seat's view never changes when only
another seat's secrets (or nobody's) change; private events reach only their audience and others get
their redacted form; the engine's legal commands for a seat are the same from its own view."""

from __future__ import annotations

from random import Random

import pytest

from game.rules.city_of_horror import events as ev
from game.rules.city_of_horror.engine import CityOfHorrorRules as Rules
from game.rules.city_of_horror.state import HIDDEN_CARD
from game.rules.core.sealed import SEALED, ChoiceSealed, SealedAnswerGiven
from game.rules.core.visibility import SPECTATOR, audience_of, events_for
from tests.city_of_horror.coh_helpers import play_out, spec
from tests.platform.conformance import NOBODY, _coh_twin


@pytest.mark.parametrize("seed, draft", [(3, False), (4, True)])
def test_no_view_shows_another_seats_secrets_at_any_stage(seed, draft):
    chooser = Random(seed)
    stages = set()
    for step, (_, _, _, state, _) in enumerate(play_out(spec(4, draft=draft, sides={"crossroads": "B"}), seed)):
        if step % 3 and not state.over:
            continue
        stages.add(state.stage.kind)
        for owner in [NOBODY, *state.seats]:
            twin = _coh_twin(state, owner, chooser)
            for seat in [SPECTATOR, *state.seats]:
                if seat != owner:
                    assert repr(Rules.player_view(state, seat)) == repr(Rules.player_view(twin, seat)), (
                        f"{seat or 'a spectator'} sees {owner or 'nobody'}'s secrets at {state.stage}")
    assert {"window", "pick", "ballot", "over"} <= stages


def test_the_twin_really_changes_secrets():
    """The test above would catch a leak: a twin differs from the state itself in the owner's secrets
    (its hand, its Food, its sealed pick)."""
    chooser = Random(1)
    changed = {"hand": False, "pick": False, "food": False}
    for seed in range(12, 30):
        for _, _, _, state, _ in play_out(spec(4), seed):
            for seat in state.seats:
                twin = _coh_twin(state, seat, chooser)
                index = state.seats.index(seat)
                changed["hand"] |= twin.hands[index] != state.hands[index]
                changed["food"] |= twin.food[index] != state.food[index]
                changed["pick"] |= twin.decision != state.decision
        if all(changed.values()):
            return
    raise AssertionError(f"the twins never changed: {changed}")


def test_views_hide_hands_sealed_answers_and_what_was_not_seen():
    for _, _, _, state, _ in play_out(spec(4), 21):
        for seat in state.seats:
            view = Rules.player_view(state, seat)
            assert view.viewer == seat
            for other, hand in zip(view.seats, view.hands, strict=True):
                if other != seat:
                    assert set(hand) <= {HIDDEN_CARD}
                    assert len(hand) == len(state.hand(other))
            assert set(view.deck) <= {HIDDEN_CARD}
            if view.decision is not None:
                for other, answer in zip(view.decision.seats, view.decision.answers, strict=True):
                    if other != seat:
                        assert answer in ("", SEALED)
            seen = {number for who, number in state.known if who == seat}
            for number, card in enumerate(view.invasion, start=1):
                assert (card != HIDDEN_CARD) == (number <= state.revealed or number in seen)


def test_private_events_reach_only_their_audience():
    private_kinds = set()
    for _, _, _, state, events in play_out(spec(5), 31):
        for seat in [SPECTATOR, *state.seats]:
            shown = events_for(events, seat)
            for event in shown:
                audience = audience_of(event)
                assert audience.allows(seat) or audience.public, f"{seat} was shown {event}"
        for event in events:
            if not audience_of(event).public:
                private_kinds.add(event.kind)
                outsider = next(s for s in state.seats if not audience_of(event).allows(s))
                assert event not in events_for([event], outsider)
    assert {"hand_dealt", "choice_sealed", "invasion_peeked"} <= private_kinds


def test_a_sealed_pick_shows_as_answered_to_the_others():
    for _, seat, command, _, events in play_out(spec(3), 8):
        sealed = [e for e in events if isinstance(e, ChoiceSealed)]
        if sealed and command.kind == "pick_movement":
            other = next(s for s in ("Ana", "Ben", "Cai") if s != seat)
            assert SealedAnswerGiven(sealed[0].topic, seat) in events_for(events, other)
            assert sealed[0] in events_for(events, seat)
            return
    raise AssertionError("no Movement card was picked")


def test_legal_commands_are_the_same_from_a_seats_own_view():
    for step, (_, _, _, state, _) in enumerate(play_out(spec(4, sides={"crossroads": "B", "church": "B"}), 41)):
        if step % 4:
            continue
        for seat in state.seats:
            assert Rules.legal_commands(state, seat) == Rules.legal_commands(Rules.player_view(state, seat), seat)


def test_a_view_cannot_be_played_on():
    state = Rules.setup(None, spec(3), 2)
    view = Rules.player_view(state, "Ana")
    command = Rules.legal_commands(state, state.stage.seat)[0]
    with pytest.raises(Exception, match="one player's view"):
        Rules.apply(view, state.stage.seat, command)


def test_the_distributor_alone_sees_the_face_down_cards():
    for _, _, _, state, events in (step for seed in range(50, 60) for step in play_out(spec(4), seed)):
        seen = [e for e in events if isinstance(e, ev.ItemsSeen)]
        if not seen:
            continue
        distributor = seen[0].seat
        place = state.place(seen[0].location)
        if state.stage.kind != "distribute" or not place.cards:
            continue
        assert Rules.player_view(state, distributor).place(place.id).cards == place.cards
        for seat in state.seats:
            if seat != distributor:
                assert set(Rules.player_view(state, seat).place(place.id).cards) == {HIDDEN_CARD}
        return
    raise AssertionError("no distribution of face-down cards in this game")
