"""City of Horror in words: the names of things and one line per event, for the log, the prompts and
the reveal. Content names come from the content files; nothing here decides a rule."""

from __future__ import annotations

from typing import Any

from game.rules.city_of_horror.catalog import load_catalog
from game.rules.city_of_horror.state import HIDDEN_CARD

COLOUR_RGB = {
    "yellow": (236, 200, 60), "red": (214, 64, 54), "green": (80, 176, 92), "violet": (150, 96, 206),
    "blue": (66, 124, 228), "white": (236, 234, 226),
}
WINDOW_WORDS = {
    "round_start": "Before the Movement cards",
    "mover": "Movement",
    "after_move": "After the movement",
    "location": "Activation and attack",
    "negotiation": "Before the distribution vote",
}
REASONS = {
    "invasion": "the Invasion", "blonde": "the Blonde", "alarm": "an Alarm", "hunting": "hunting",
    "fed": "after its meal", "lost a character": "lost a character", "student": "the Student",
}


def location_name(location: str) -> str:
    catalog = load_catalog()
    return catalog.locations[location].name if location in catalog.locations else location.replace("_", " ")


def card_name(card: str) -> str:
    if card == HIDDEN_CARD:
        return "a face-down card"
    catalog = load_catalog()
    return catalog.cards[card].name if card in catalog.cards else card.replace("_", " ")


def character_name(character: str) -> str:
    catalog = load_catalog()
    return catalog.characters[character].name if character in catalog.characters else character


def card_text(card: str) -> str:
    catalog = load_catalog()
    return catalog.cards[card].text if card in catalog.cards else ""


def ability_text(character: str) -> str:
    catalog = load_catalog()
    return catalog.characters[character].text if character in catalog.characters else ""


def reason_words(reason: str) -> str:
    if reason in load_catalog().cards:
        return card_name(reason)
    if reason in load_catalog().characters:
        return character_name(reason)
    if reason in load_catalog().locations:
        return location_name(reason)
    return REASONS.get(reason, reason.replace("_", " "))


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def describe(event: Any) -> str:
    """One line for the log; "" for events the log leaves out."""
    kind = getattr(event, "kind", "")
    teller = _TELLERS.get(kind)
    return teller(event) if teller is not None else ""


def _moved(e: Any) -> str:
    who = character_name(e.character)
    if e.how == "undone":
        return f"{who} goes back to the {location_name(e.target)} (the Priest)"
    if e.how == "fire":
        return f"{who} flees the burning Armory to the Crossroads"
    if e.how == "full" and e.source == e.target:
        return f"{who} stays at the Crossroads: no room where {e.seat} wanted to go"
    if e.how == "full":
        return f"{who} finds no room and goes to the Crossroads"
    extra = {"mamma": " (squeezing in)", "back_door": " (through a Back Door)"}.get(e.how, "")
    return f"{e.seat} moves {who} from the {location_name(e.source)} to the {location_name(e.target)}{extra}"


def _played(e: Any) -> str:
    target = ""
    if e.location:
        target = f" on the {location_name(e.location)}"
        if e.to:
            target = f" from the {location_name(e.location)} to the {location_name(e.to)}"
    elif e.target:
        shown = character_name(e.target) if e.target in load_catalog().characters else location_name(e.target)
        target = f" ({shown})"
    blast = f", marker on the {location_name(e.blast)}" if e.blast else ""
    return f"{e.seat} plays {card_name(e.card)}{target}{blast}"


def _ability(e: Any) -> str:
    target = ""
    if e.to:
        target = f": a zombie to the {location_name(e.to)}"
    elif e.target:
        target = f" ({location_name(e.target) if e.target in load_catalog().locations else e.target})"
    return f"{e.seat} uses {character_name(e.character)}{target}"


def _counted(e: Any) -> str:
    tally = ", ".join(f"{seat} {votes}" for seat, votes in e.tally)
    if len(e.winners) == 1:
        return f"Votes: {tally}: {e.winners[0]}"
    return f"Votes: {tally}: a tie between {' and '.join(e.winners)}"


def _trade_offered(e: Any) -> str:
    gives = []
    if e.give_cards:
        gives.append(", ".join(card_name(c) for c in e.give_cards))
    if e.give_antidotes:
        gives.append(plural(e.give_antidotes, "Antidote"))
    asks = [card_name(c) for c in e.ask_cards]
    if e.ask_any:
        asks.append(plural(e.ask_any, "card") + " of their choice")
    if e.ask_antidotes:
        asks.append(plural(e.ask_antidotes, "Antidote"))
    return f"{e.seat} offers {e.partner} {' and '.join(gives) or 'nothing'} for {' and '.join(asks) or 'nothing'}"


_TELLERS: dict[str, Any] = {
    "game_set_up": lambda e: f"City of Horror: {', '.join(e.seats)}. {e.first} is the First Player.",
    "characters_dealt": lambda e: f"{e.seat}: {', '.join(character_name(c) for c in e.characters)}",
    "locations_drawn": lambda e: f"{e.seat} draws {', '.join(location_name(x) for x in e.locations)} to place",
    "hand_dealt": lambda e: f"Your hand: {', '.join(card_name(c) for c in e.cards)}",
    "hand_dealt_face_down": lambda e: f"{e.seat} gets {plural(e.count, 'Action card')}",
    "draft_passed": lambda e: f"Draft: everyone kept a card ({e.pick}) and passed the rest to the left",
    "packet_received": lambda e: f"Your packet: {', '.join(card_name(c) for c in e.cards)}",
    "round_started": lambda e: f"— {e.round:02d}:00 —",
    "round_ended": lambda e: f"End of {e.round:02d}:00: the hidden stand up",
    "invasion_revealed": lambda e: (f"The {e.round:02d}:00 Invasion card is turned over" if e.round
                                    else "The 00:00 card sets the first zombies"),
    "invasion_looked_at": lambda e: f"{e.seat} looks at the {e.round:02d}:00 Invasion card in secret",
    "invasion_peeked": lambda e: f"You look at the {e.round:02d}:00 Invasion card ({e.card})",
    "zombies_arrived": lambda e: (f"{plural(e.count, 'zombie')} come to the {location_name(e.location)}"
                                  + (f" ({e.wanted - e.count} turned back: 8 at most)" if e.count < e.wanted else "")),
    "zombies_moved": lambda e: (f"{plural(e.count, 'zombie')} go from the {location_name(e.source)} to the "
                                f"{location_name(e.target)} ({reason_words(e.reason)})"),
    "zombies_killed": lambda e: f"{plural(e.count, 'zombie')} killed at the {location_name(e.location)} "
                                f"({reason_words(e.reason)})",
    "supplies_dropped": lambda e: (f"Supplies at the {location_name(e.location)}: "
                                   f"{plural(e.antidotes, 'Antidote')}, {plural(e.cards, 'face-down card')}"),
    "straggler_moved": lambda e: f"The Straggler moves to {e.colour} ({reason_words(e.reason)})",
    "window_opened": lambda e: "",
    "passed": lambda e: "",
    "card_played": _played,
    "card_cancelled": lambda e: f"{e.seat}'s {card_name(e.card)} is cancelled ({reason_words(e.by)})",
    "card_discarded": lambda e: f"{e.seat} discards {card_name(e.card)} ({reason_words(e.reason)})",
    "card_taken": lambda e: f"{e.seat} takes {card_name(e.card)} from the discard pile",
    "card_drawn": lambda e: f"You draw {card_name(e.card)} ({reason_words(e.reason)})",
    "card_drawn_face_down": lambda e: f"{e.seat} draws a card ({reason_words(e.reason)})",
    "nothing_to_draw": lambda e: "The Action deck is empty: nothing to draw",
    "card_stolen": lambda e: f"{e.seat} takes {card_name(e.card)} from {e.victim}",
    "card_stolen_face_down": lambda e: f"{e.seat} takes a card from {e.victim} ({reason_words(e.reason)})",
    "kitten_drew": lambda e: f"The Kitten draws {e.seat}'s {location_name(e.card)} card",
    "ability_used": _ability,
    "effect_used": lambda e: f"{e.seat} uses the {location_name(e.location)}",
    "character_flipped": lambda e: f"{character_name(e.character)} is {'Fit again' if e.fit else 'Exhausted'}",
    "character_hidden": lambda e: f"{character_name(e.character)} hides",
    "character_placed": lambda e: (f"{e.seat} places {character_name(e.character)} at the {location_name(e.location)}"
                                   + (f" (the {location_name(e.wanted)} is full)" if e.location != e.wanted else "")),
    "character_moved": _moved,
    "no_move": lambda e: f"{e.seat} does not move",
    "movement_card_changed": lambda e: f"{e.seat} changes to the {location_name(e.card)} card",
    "character_died": lambda e: f"{character_name(e.character)} ({e.seat}) dies at the {location_name(e.location)}"
                                if e.cause != "helicopter" else f"{character_name(e.character)} ({e.seat}) is left behind",
    "player_eliminated": lambda e: f"{e.seat} has nobody left",
    "first_player_changed": lambda e: f"{e.seat} takes the First Player marker ({reason_words(e.reason)})",
    "location_resolved": lambda e: "",
    "no_attack": lambda e: f"No attack at the {location_name(e.location)}: {e.reason}",
    "attack_started": lambda e: f"The zombies attack the {location_name(e.location)}!",
    "ballot_locked": lambda e: f"{e.seat} locks their vote on {e.target}",
    "tie_break_locked": lambda e: f"{e.seat} promises to pick {e.target} if the vote ties",
    "lock_lapsed": lambda e: f"{e.seat}'s promise for {e.target} lapses: {e.reason}",
    "vote_called": lambda e: f"Vote at the {location_name(e.location)} ({'victim' if e.vote == 'attack' else 'distributor'})",
    "votes_counted": _counted,
    "tie_broken": lambda e: f"{e.by} breaks the tie: {e.target}",
    "victim_chosen": lambda e: f"The zombies take one of {e.seat}'s characters",
    "distributor_chosen": lambda e: f"{e.seat} hands out the items of the {location_name(e.location)}",
    "items_looked_at": lambda e: f"{e.seat} looks at the {plural(e.count, 'face-down card')}",
    "items_seen": lambda e: f"You look at the cards: {', '.join(card_name(c) for c in e.cards)}",
    "item_given": lambda e: f"{e.seat} gives {e.to} {'an Antidote' if e.item == 'antidote' else 'a card'}",
    "card_given": lambda e: f"{e.seat} gives {e.to} {card_name(e.card)}",
    "items_left": lambda e: f"Left at the {location_name(e.location)}: {plural(e.antidotes, 'Antidote')}, "
                            f"{plural(e.cards, 'card')}",
    "explosion_marker_placed": lambda e: f"Explosion marker {e.markers} on the {location_name(e.location)}",
    "location_destroyed": lambda e: {"collapsed": "The Water Tower blows up!", "burned": "The Armory burns!",
                                     "blocked": "The Armory's door is blocked for good"}.get(e.status, ""),
    "antidote_taken": lambda e: f"{e.seat} takes an Antidote ({reason_words(e.reason)})",
    "food_gained": lambda e: f"You take a Food token worth {e.value}",
    "food_gained_face_down": lambda e: f"{e.seat} takes a Food token",
    "food_spent": lambda e: f"{e.seat} spends a Food token",
    "food_turned_up": lambda e: f"A Food token worth {e.value} is turned face up",
    "trade_offered": _trade_offered,
    "trade_offered_face_down": lambda e: f"{e.seat} offers {e.partner} a trade",
    "trade_done": lambda e: f"Trade done between {e.seat} and {e.partner}",
    "trade_done_face_down": lambda e: f"Trade done between {e.seat} and {e.partner}",
    "trade_closed": lambda e: f"{e.seat}'s offer to {e.partner}: {e.how}",
    "helicopter_boarded": lambda e: f"{e.seat} gives {plural(e.antidotes_used, 'Antidote')} at the helicopter",
    "game_scored": lambda e: "Final score: " + ", ".join(f"{seat} {points}" for seat, points in e.scores),
    "choice_sealed": lambda e: f"You chose {location_name(e.choice) if e.choice in load_catalog().locations else card_name(e.choice) if e.choice in load_catalog().cards else e.choice}",
    "sealed_answer_given": lambda e: f"{e.seat} has chosen",
    "choices_revealed": lambda e: "Revealed: " + ", ".join(
        f"{seat} {location_name(choice) if choice in load_catalog().locations else choice}" for seat, choice in e.answers),
}
