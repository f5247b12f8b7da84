"""Bots for empty seats. A bot is a function ``bot(view, seat, events) -> command | None``: it reads only
``view`` (the seat's own ``player_view``, refused otherwise) and ``events`` (the events that seat was shown
since it last played), and answers with a command, or None when it has nothing to do now (a window it need
not answer). Bots decide from what their seat may know: their own hand, the public table.

``survivor_bot`` plays to win: it moves its characters out of danger, votes the zombies onto others,
hands out items to itself first, kills zombies and hides when the attack would take one of its own, buys
Antidotes when it is short, and accepts trades that give it more than they take. ``random_bot`` plays
any legal command (it answers trades but offers none), for tests and play-outs.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from game.rules.city_of_horror import commands as c
from game.rules.city_of_horror.abilities import KILLERS, usable
from game.rules.city_of_horror.cards import blast_choices
from game.rules.city_of_horror.catalog import CROSSROADS, LOCATIONS, WATER_TOWER
from game.rules.city_of_horror.effects import effect_location, effect_turn
from game.rules.city_of_horror.flow import movable
from game.rules.city_of_horror.legal import legal_commands
from game.rules.city_of_horror.state import Character, State, catalog
from game.rules.city_of_horror.timing import in_response, in_window, window_kind
from game.rules.city_of_horror.trades import offers_to
from game.rules.city_of_horror.votes import victims

Command = Any
KILL_CARDS = {"shotgun": 2, "makeshift_bomb": 2, "gun": 1, "molotov_cocktail": 1}
# How much a bot wants to keep each card (the draft, and which card it pays with: the least wanted).
CARD_VALUE = {
    "shotgun": 9, "makeshift_bomb": 8, "chainsaw": 8, "hideout": 8, "pepper_spray": 7, "gun": 6,
    "molotov_cocktail": 6, "energy_drink": 5, "back_door": 5, "weapon_replica": 5, "canned_food": 4,
    "running_shoes": 4, "rescue_flare": 3, "alarm": 3, "pickpocket": 3, "kitten": 2, "flashlight": 2,
    "night_vision_goggles": 2,
}


class BotError(ValueError):
    """A bot was handed something other than its own seat's view."""


def _own_view(view: State, seat: str) -> None:
    if getattr(view, "viewer", None) != seat:
        raise BotError(f"a bot for {seat} reads only {seat}'s own player_view, not the game itself")


def _spread(seat: str, salt: int) -> int:
    """A stable number per seat and moment (Python's str hash changes between processes)."""
    return sum(ord(ch) * (n + 1) for n, ch in enumerate(seat)) + 31 * salt


def random_bot(view: State, seat: str, events: Sequence[Any] = ()) -> Command | None:
    _own_view(view, seat)
    options = legal_commands(view, seat)
    if not options:
        return None
    chooser = Random(_spread(seat, view.rng.draws * 97 + len(view.discard) * 7 + view.round))
    answers = [o for o in options if isinstance(o, c.AcceptTrade | c.DeclineTrade)]
    if answers:  # it answers the trades offered to it, and never offers one (that could go on for ever)
        return answers[int(chooser.random() * len(answers))]
    options = [o for o in options if not isinstance(o, c.TRADE_COMMANDS)]
    if not options:
        return None
    if c.Pass() in options and chooser.random() < 0.5:
        return c.Pass()
    return options[int(chooser.random() * len(options))]


# --- the survivor bot -----------------------------------------------------------------------------------


def survivor_bot(view: State, seat: str, events: Sequence[Any] = ()) -> Command | None:
    _own_view(view, seat)
    kind = view.stage.kind
    if kind != "over" and view.stage.kind not in ("helicopter",):
        answer = _answer_trade(view, seat)
        if answer is not None:
            return answer
    if kind == "place":
        return _place(view, seat)
    if kind in ("draft", "pick", "pick_tower", "ballot"):
        if view.decision is None or seat not in view.decision.waiting():
            return None
        options = view.decision.options_of(seat)
        if kind == "draft":
            return c.DraftKeep(max(options, key=lambda card: (CARD_VALUE.get(card, 0), card)))
        if kind == "ballot":
            return c.Vote(_ballot(view, seat, options))
        return c.PickMovement(_pick(view, seat, options))
    if kind == "tie":
        if seat != view.first:
            return None
        return c.BreakTie(_tie_break(view, seat))
    if kind in ("victim", "helicopter"):
        if view.stage.seat != seat:
            return None
        return c.ChooseVictim(min(view.stage.options, key=lambda cid: (_value(view.character(cid)), cid)))
    if kind == "distribute":
        return _give(view, seat) if view.stage.seat == seat else None
    if kind == "window":
        return _window(view, seat)
    return None


def _value(character: Character) -> int:
    card = catalog().character(character.id)
    return card.fit if character.fit else card.exhausted


def _place(view: State, seat: str) -> Command | None:
    if view.stage.seat != seat:
        return None
    mine = [ch for ch in view.characters if ch.owner == seat and ch.location == "unplaced"]
    return c.PlaceCharacter(mine[0].id, view.stage.options[0])


def _danger(view: State, location: str, extra: int = 0) -> int:
    """How close a location is to attacking, with ``extra`` more characters inside (higher: worse)."""
    place = view.place(location)
    condition = view.attack_condition(location)
    people = view.occupancy(location) + extra
    if condition == "more":
        return place.zombies - people
    return place.zombies - int(condition) + 1


def _pick(view: State, seat: str, options: Sequence[str]) -> str:
    """A Movement card that gets one of its characters to a safer place (the Hospital when short of
    Antidotes)."""
    mine = [ch for ch in view.characters if ch.owner == seat and ch.location]
    short = view.antidotes[view.index(seat)] < len(mine)
    best, best_score = options[0], -1e9
    for location in options:
        if not any(ch.location != location and not (ch.id == "granny" and not ch.may_move) for ch in mine):
            continue
        score: float = -3 * max(0, _danger(view, location, 1))
        if view.is_full(location):
            score -= 4
        if location == "hospital" and short:
            score += 3
        if location == CROSSROADS:
            score -= 1
        if location == WATER_TOWER and view.place(WATER_TOWER).explosions >= 2:
            score -= 5
        place = view.place(location)
        score += 2 * (place.antidotes + len(place.cards))
        score += (_spread(seat, view.round + LOCATIONS.index(location)) % 5) / 10
        if score > best_score:
            best, best_score = location, score
    return best


def _ballot(view: State, seat: str, options: Sequence[str]) -> str:
    stage = view.stage
    if stage.vote == "distribution":
        return seat if seat in options else options[0]
    others = [o for o in options if o != seat]
    if not others:
        return options[0]
    location = stage.location
    return max(others, key=lambda o: (len(victims(view, location, o)), _spread(o, view.round) % 7, o))


def _tie_break(view: State, seat: str) -> str:
    tied = view.stage.options
    if view.stage.vote == "distribution":
        return seat if seat in tied else tied[0]
    others = [t for t in tied if t != seat]
    return others[0] if others else tied[0]


def _give(view: State, seat: str) -> Command:
    place = view.place(view.stage.location)
    given = view.stage.given
    items = (["antidote"] if place.antidotes else []) + sorted(place.cards, key=lambda k: -CARD_VALUE.get(k, 0))
    item = items[0]
    if seat not in given:
        return c.GiveItem(item, seat)
    receivers = [s for s in view.active_seats() if s not in given]
    return c.GiveItem(items[-1], receivers[0])


def _answer_trade(view: State, seat: str) -> Command | None:
    for offer in offers_to(view, seat):
        gets = 2 * offer.give_antidotes + len(offer.give_cards)
        gives = 2 * offer.ask_antidotes + len(offer.ask_cards) + offer.ask_any
        hand = list(view.hand(seat))
        affordable = offer.ask_antidotes <= view.antidotes[view.index(seat)] and all(
            hand.count(card) >= offer.ask_cards.count(card) for card in offer.ask_cards)
        for card in offer.ask_cards:
            if card in hand:
                hand.remove(card)
        if gets >= gives and affordable and len(hand) >= offer.ask_any:
            cheapest = sorted(hand, key=lambda k: CARD_VALUE.get(k, 0))[:offer.ask_any]
            return c.AcceptTrade(offer.seat, tuple(cheapest))
        return c.DeclineTrade(offer.seat)
    return None


# --- windows ---------------------------------------------------------------------------------------------


def _window(view: State, seat: str) -> Command | None:
    window = view.window
    if window is None:
        return None
    if in_response(view):
        return c.Pass() if seat not in view.responded else None
    if window.kind == "mover":
        if window.mover != seat:
            return None
        return _move(view, seat)
    if seat in window.passed:
        return None
    action = _act(view, seat)
    return action if action is not None else c.Pass()


def _move(view: State, seat: str) -> Command:
    choices = movable(view, seat)
    if not choices:
        return c.Pass()
    return c.Move(max(choices, key=lambda ch: (_danger(view, ch.location), -_value(ch), ch.id)).id)


def _act(view: State, seat: str) -> Command | None:
    """Something worth doing in this window, or None."""
    kind = window_kind(view)
    if kind == "location":
        location = effect_location(view)
        saving = _save_own(view, seat, location)
        if saving is not None:
            return saving
        if effect_turn(view) == seat:
            return _effect(view, seat, location)
    if kind == "negotiation" and view.window is not None:
        location = view.window.location
        grandpa = _grandpa_vote(view, seat, location)
        if grandpa is not None:
            return grandpa
    return None


def _at_risk(view: State, seat: str, location: str) -> bool:
    """The attack here would likely take one of ours (we are there, visible, and others can outvote us)."""
    if location == CROSSROADS or not view.attack_due(location):
        return False
    return bool(victims(view, location, seat))


def _save_own(view: State, seat: str, location: str) -> Command | None:
    if not _at_risk(view, seat, location):
        return None
    place = view.place(location)
    condition = view.attack_condition(location)
    needed = place.zombies - (view.occupancy(location) if condition == "more" else int(condition) - 1)
    for ch in view.characters:
        if ch.owner == seat and ch.id in KILLERS and ch.location == location and usable(view, ch):
            return c.UseAbility(ch.id)
    hand = view.hand(seat)
    if in_window(view):
        for card, kills in sorted(KILL_CARDS.items(), key=lambda item: -item[1]):
            if card in hand and kills >= needed:
                blast = ""
                if catalog().card(card).explosion:
                    choices = blast_choices(view)
                    blast = "armory" if "armory" in choices and view.place("armory").explosions < 1 else choices[-1]
                return c.PlayCard(card, location, blast=blast)
        if "chainsaw" in hand and place.zombies // 2 >= needed:
            return c.PlayCard("chainsaw", location)
        for ch in view.characters:
            if ch.owner == seat and ch.location == location and ch.id in ("little_boy", "little_girl") and usable(view, ch):
                return c.UseAbility(ch.id)
        if "hideout" in hand:
            exposed = [ch for ch in view.characters if ch.owner == seat and ch.location == location and not ch.hidden]
            if len(exposed) == 1:
                return c.PlayCard("hideout", target=max(exposed, key=_value).id)
    return None


def _effect(view: State, seat: str, location: str) -> Command | None:
    effect = view.effect_of(location)
    hand = view.hand(seat)
    mine = [ch for ch in view.characters if ch.owner == seat and ch.location]
    short = view.antidotes[view.index(seat)] < len(mine)
    spare = min(hand, key=lambda k: (CARD_VALUE.get(k, 0), k)) if hand else ""
    tired = [ch for ch in mine if not ch.fit and not (ch.id == "pregnant_woman" and ch.born)]
    if effect == "hospital_a" and short and spare and view.supply > 0:
        return c.UseEffect(location, card=spare)
    if effect == "hospital_b" and short and view.supply > 0:
        here = [ch for ch in mine if ch.location == location and ch.fit and ch.id != "pregnant_woman"]
        if here:
            return c.UseEffect(location, target=min(here, key=_value).id)
    if effect == "church_a" and tired and spare and CARD_VALUE.get(spare, 0) <= 4:
        return c.UseEffect(location, card=spare, target=max(tired, key=lambda ch: catalog().character(ch.id).fit).id)
    if effect == "crossroads_a" and spare and view.food_pile and CARD_VALUE.get(spare, 0) <= 3:
        return c.UseEffect(location, card=spare)
    return None


def _grandpa_vote(view: State, seat: str, location: str) -> Command | None:
    for ch in view.characters:
        if ch.owner == seat and ch.id == "grandpa" and ch.location == location and usable(view, ch):
            return c.UseAbility(ch.id)
    return None


BOTS = {"survivor": survivor_bot, "random": random_bot}
