"""No secrets on the wire: every byte the host sends each client over a whole game is recorded, and
none carries the seed, the RNG, a deck's order, another seat's hand or food, or a sealed pick."""

from __future__ import annotations

import asyncio
import json

from game.net import protocol as p
from game.net.views import decode_events, decode_view, view_template
from game.rules.core.rng import RngState
from game.rules.core.sealed import SEALED
from game.rules.core.session import state_hash
from game.rules.core.visibility import SPECTATOR, audience_of
from tests.net import harness as h


def _compact(values) -> str:
    return json.dumps(list(values), separators=(",", ":"))


async def _recorded_game(game: h.Game, tmp_path, seats: list[str]) -> list[h.Player]:
    """The whole script played by one player per seat, and a spectator watching."""
    host = h.new_host(game, tmp_path / "net.json")
    url = await h.start(host)
    try:
        players = await h.seat_players(host, url, game, seats)
        watcher = h.Player(url, "watcher", None, game)
        watcher._code = host.code
        assert isinstance(await watcher.join(seat=None), p.Welcome)
        await h.play_script(game, players, range(len(game.script)))
        await watcher.until_update(host.number)
        return [*players, watcher]
    finally:
        await host.stop()


def _states(game: h.Game) -> list:
    session = game.session()
    states = [session.state]
    for seat, text in game.script:
        session.play(seat, game.ruleset.command_from_json(text))
        states.append(session.state)
    return states


def _check_every_update(game: h.Game, player: h.Player, states: list) -> None:
    """Each update carries exactly the seat's ``player_view`` of the state after that many commands,
    and only the events the seat may see."""
    seat = player.seat if player.seat is not None else SPECTATOR
    updates = [m for m in player.messages if isinstance(m, p.Update)]
    assert updates and updates[-1].number == len(game.script)
    template = view_template(game.ruleset, game.board, game.setup)
    for update in updates:
        view = decode_view(update.view, template)
        assert state_hash(view) == state_hash(game.ruleset.player_view(states[update.number], seat))
        assert view.rng.seed == 0 and view.rng.internal == ()
        if game.ruleset.outcome(states[update.number]) is None:
            for event in decode_events(update.events):
                assert audience_of(event).allows(seat), f"{seat or 'the spectator'} was sent {event!r}"
        if player.seat is None:
            assert update.legal == []


def test_nothing_secret_reaches_a_zombicide_client(tmp_path):
    game = h.zombicide_game()
    players = asyncio.run(_recorded_game(game, tmp_path, ["A", "B", "C"]))
    states = _states(game)
    secrets = {str(h.SECRET_SEED)}
    for state in states:  # the decks' real order, wherever it is not already sorted
        for deck in (state.equipment_deck, state.zombie_deck):
            if len(deck) >= 3 and list(deck) != sorted(deck):
                secrets.add(_compact(deck))
        if state.rng.forced:
            secrets.add(_compact(state.rng.forced))
    assert len(secrets) > 2, "the game had no shuffled deck to keep secret"
    for player in players:
        text = "\n".join(player.raw)
        for secret in secrets:
            assert secret not in text, f"{player.name} was sent {secret[:60]}"
        _check_every_update(game, player, states)
        template = view_template(game.ruleset, game.board, game.setup)
        for update in (m for m in player.messages if isinstance(m, p.Update)):
            view = decode_view(update.view, template)
            assert view.rng == RngState(seed=0)  # no draw count, no queued dice: nothing of the dice to come


def test_nothing_secret_reaches_a_city_of_horror_client(tmp_path):
    game = h.city_of_horror_game()
    seats = ["ana", "ben", "cai"]
    players = asyncio.run(_recorded_game(game, tmp_path, seats))
    states = _states(game)
    sealed_seen = 0
    for player in players:
        assert str(h.SECRET_SEED) not in "\n".join(player.raw)
        _check_every_update(game, player, states)
        template = view_template(game.ruleset, game.board, game.setup)
        for update in (m for m in player.messages if isinstance(m, p.Update)):
            sealed_seen += check_coh_view(decode_view(update.view, template), player.seat, player.name)
    assert sealed_seen, "the round had no sealed pick to hide"


def check_coh_view(view, seat: str | None, name: str) -> int:
    """A City of Horror view sent to ``seat``: no deck order, no other hand or food, no other sealed
    pick. How many other seats' picks it showed as sealed."""
    from game.rules.city_of_horror.state import HIDDEN_CARD, HIDDEN_FOOD

    sealed_seen = 0
    assert set(view.deck) <= {HIDDEN_CARD} and set(view.food_pile) <= {HIDDEN_FOOD}
    for own, hand, food in zip(view.seats, view.hands, view.food, strict=True):
        if own != seat:
            assert set(hand) <= {HIDDEN_CARD}, f"{name} saw {own}'s hand"
            assert set(food) <= {HIDDEN_FOOD}, f"{name} saw {own}'s food"
    decision = view.decision
    if decision is not None:
        for own, answer, options in zip(decision.seats, decision.answers, decision.options, strict=True):
            if own != seat:
                assert options == () and answer in ("", SEALED), f"{name} saw {own}'s sealed pick"
                sealed_seen += answer == SEALED
    return sealed_seen
