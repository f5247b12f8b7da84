"""Bots for empty seats: they play whole games to the score from their own view only, answer trades,
refuse to be handed the game itself, and ``simulate city_of_horror`` reports on bot games."""

from __future__ import annotations

from random import Random

import pytest

from game.platform import registry
from game.rules.city_of_horror import commands as c
from game.rules.city_of_horror.bots import BotError, random_bot, survivor_bot
from game.rules.city_of_horror.engine import CityOfHorrorRules as Rules
from game.rules.city_of_horror.simulate import play_game, players, run_cli
from game.rules.city_of_horror.state import evolve
from tests.city_of_horror.coh_helpers import check_invariants, play_out, spec
from tests.platform.conformance import NOBODY, _coh_twin


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_survivor_bots_play_a_whole_game(count):
    setup = players(count)
    record = play_game(setup, 40 + count, {seat: survivor_bot for seat in setup.seats}, keep_log=True)
    state = record.state
    assert state.over and len(state.scores) == count
    assert any(points > 0 for _, points in state.scores)
    replayed = Rules.setup(None, setup, 40 + count)
    for seat, command in record.log:
        replayed, _ = Rules.apply(replayed, seat, command)
        check_invariants(replayed)
    assert repr(replayed) == repr(state)


def test_random_bots_and_a_mixed_table_finish_too():
    setup = players(5).model_copy(update={"draft": True})
    bots = {seat: (random_bot if n % 2 else survivor_bot) for n, seat in enumerate(setup.seats)}
    assert play_game(setup, 3, bots).state.over


def test_the_registry_names_the_bots():
    assert registry.bot("city_of_horror", "survivor") is survivor_bot
    assert registry.bot("city_of_horror", "random") is random_bot


@pytest.mark.parametrize("bot", [survivor_bot, random_bot])
def test_a_bot_handed_the_game_itself_refuses_it(bot):
    state = Rules.setup(None, spec(3), 1)
    seat = state.stage.seat
    with pytest.raises(BotError, match="reads only"):
        bot(state, seat, ())
    with pytest.raises(BotError):
        bot(Rules.player_view(state, "Ana" if seat != "Ana" else "Ben"), seat, ())
    assert bot(Rules.player_view(state, seat), seat, ()) is not None


def test_a_bots_choice_never_depends_on_another_seats_secrets():
    chooser = Random(2)
    for step, (_, _, _, state, _) in enumerate(play_out(spec(4), 13)):
        if step % 5:
            continue
        for seat in Rules.current_seats(state):
            for owner in [NOBODY, *(s for s in state.seats if s != seat)]:
                twin = _coh_twin(state, owner, chooser)
                for bot in (survivor_bot, random_bot):
                    assert bot(Rules.player_view(state, seat), seat, ()) == bot(Rules.player_view(twin, seat), seat, ())


def test_the_survivor_bot_weighs_the_trades_offered():
    state = next(after for _, _, _, after, _ in play_out(spec(3), 4) if after.stage.kind == "pick")
    rich = evolve(state, antidotes=(2, 2, 2))
    good, _ = Rules.apply(rich, "Ana", c.OfferTrade("Ben", give_antidotes=2, ask_antidotes=1))
    assert survivor_bot(Rules.player_view(good, "Ben"), "Ben", ()) == c.AcceptTrade("Ana")
    bad, _ = Rules.apply(rich, "Ana", c.OfferTrade("Ben", give_antidotes=1, ask_antidotes=2))
    assert survivor_bot(Rules.player_view(bad, "Ben"), "Ben", ()) == c.DeclineTrade("Ana")


def test_simulate_prints_its_figures_and_refuses_bad_arguments():
    lines: list[str] = []
    assert run_cli(["--games", "2", "--players", "3", "--seed", "4"], out=lines.append) == 0
    assert lines[0].startswith("2 games of 3 players, every seat the survivor bot:")
    assert any(line.startswith("wins by seat:") for line in lines)
    errors: list[str] = []
    assert run_cli(["--players", "7"], out=errors.append) == 2
    assert errors and errors[0].startswith("simulate city_of_horror:")
