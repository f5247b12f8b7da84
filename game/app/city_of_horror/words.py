"""City of Horror in words: the names of things and one line per event, for the log, the prompts and
the reveal, in the player's language. Content names come from the content files (their ``name_es``
columns); nothing here decides a rule."""

from __future__ import annotations

from typing import Any

from game.app.words_es import contracted
from game.i18n import N_, _, language, ngettext, said
from game.rules.city_of_horror.catalog import load_catalog
from game.rules.city_of_horror.spoken import COLOUR_WORDS
from game.rules.city_of_horror.state import HIDDEN_CARD

COLOUR_RGB = {
    "yellow": (236, 200, 60), "red": (214, 64, 54), "green": (80, 176, 92), "violet": (150, 96, 206),
    "blue": (66, 124, 228), "white": (236, 234, 226),
}
WINDOW_WORDS = {
    "round_start": N_("Before the Movement cards"),
    "mover": N_("Movement"),
    "after_move": N_("After the movement"),
    "location": N_("Activation and attack"),
    "negotiation": N_("Before the distribution vote"),
}
REASONS = {
    "invasion": N_("the Invasion"), "blonde": N_("the Blonde"), "alarm": N_("an Alarm"), "hunting": N_("hunting"),
    "fed": N_("after its meal"), "lost a character": N_("lost a character"), "student": N_("the Student"),
}
# what the engine says in a few events (English words of its own), in the player's language
ENGINE_WORDS = {
    "too few zombies": N_("too few zombies"), "every character there is hidden": N_("every character there is hidden"),
    "nobody is there": N_("nobody is there"), "no longer a valid target": N_("no longer a valid target"),
    "not among the tied players": N_("not among the tied players"), "void": N_("void"),
    "declined": N_("declined"), "withdrawn": N_("withdrawn"),
}


def local(entry: Any, field: str) -> str:
    """A content entry's ``field`` in the player's language (its ``<field>_es`` column; empty: English)."""
    shown = getattr(entry, f"{field}_{language()}", "") if language() != "en" else ""
    return shown if isinstance(shown, str) and shown else str(getattr(entry, field))


def say(template: str, **fields: Any) -> str:
    """``template`` in the player's language, filled in (Spanish contractions joined)."""
    return contracted(_(template).format(**fields))


def refusal_words(reason: object) -> str:
    """What the engine said when it refused a command (a ``Said`` template, or words already said by a
    host), in the player's language: characters, cards and locations by their shown names."""
    return contracted(said(reason))


def colour_name(colour: str) -> str:
    return _(COLOUR_WORDS[colour]) if colour in COLOUR_WORDS else colour


def engine_words(text: str) -> str:
    return _(ENGINE_WORDS[text]) if text in ENGINE_WORDS else text


def location_name(location: str) -> str:
    catalog = load_catalog()
    return local(catalog.locations[location], "name") if location in catalog.locations else location.replace("_", " ")


def the_location(location: str) -> str:
    """The location with its article, as a sentence names it: "the Church", "la Iglesia"."""
    catalog = load_catalog()
    entry = catalog.locations.get(location)
    if entry is not None and language() == "es" and entry.name_es:
        return f"{entry.article_es} {entry.name_es}".strip()
    return say(N_("the {place}"), place=location_name(location))


def card_name(card: str) -> str:
    if card == HIDDEN_CARD:
        return _("a face-down card")
    catalog = load_catalog()
    return local(catalog.cards[card], "name") if card in catalog.cards else card.replace("_", " ")


def character_name(character: str) -> str:
    catalog = load_catalog()
    return local(catalog.characters[character], "name") if character in catalog.characters else character


def card_text(card: str) -> str:
    catalog = load_catalog()
    return local(catalog.cards[card], "text") if card in catalog.cards else ""


def ability_text(character: str) -> str:
    catalog = load_catalog()
    return local(catalog.characters[character], "text") if character in catalog.characters else ""


def drawback_text(character: str) -> str:
    catalog = load_catalog()
    return local(catalog.characters[character], "drawback") if character in catalog.characters else ""


def side_text(side: Any) -> str:
    """A location side's effect in the player's language."""
    return local(side, "text")


def reason_words(reason: str) -> str:
    if reason in load_catalog().cards:
        return card_name(reason)
    if reason in load_catalog().characters:
        return character_name(reason)
    if reason in load_catalog().locations:
        return the_location(reason)
    return _(REASONS[reason]) if reason in REASONS else reason.replace("_", " ")


def antidotes(count: int) -> str:
    return ngettext("{n} Antidote", "{n} Antidotes", count).format(n=count)


def cards(count: int) -> str:
    return ngettext("{n} card", "{n} cards", count).format(n=count)


def face_down_cards(count: int) -> str:
    return ngettext("{n} face-down card", "{n} face-down cards", count).format(n=count)


def zombies(count: int) -> str:
    return ngettext("{n} zombie", "{n} zombies", count).format(n=count)


STATUS_WORDS = {"collapsed": N_("collapsed"), "burned": N_("burned"), "blocked": N_("blocked")}


def character_state(character: Any) -> str:
    """"(Fit)" or "(Exhausted)", and hidden, in the player's language (whole, as "Fit" alone is also a verb)."""
    if character.hidden:
        return _("(Fit, hidden)") if character.fit else _("(Exhausted, hidden)")
    return _("(Fit)") if character.fit else _("(Exhausted)")


def choice_name(choice: str) -> str:
    catalog = load_catalog()
    if choice in catalog.locations:
        return location_name(choice)
    return card_name(choice) if choice in catalog.cards else choice


def describe(event: Any) -> str:
    """One line for the log; "" for events the log leaves out."""
    kind = getattr(event, "kind", "")
    teller = _TELLERS.get(kind)
    return teller(event) if teller is not None else ""


def _moved(e: Any) -> str:
    who = character_name(e.character)
    if e.how == "undone":
        return say(N_("{who} goes back to {place} (the Priest)"), who=who, place=the_location(e.target))
    if e.how == "fire":
        return say(N_("{who} flees the burning Armory to the Crossroads"), who=who)
    if e.how == "full" and e.source == e.target:
        return say(N_("{who} stays at the Crossroads: no room where {seat} wanted to go"), who=who, seat=e.seat)
    if e.how == "full":
        return say(N_("{who} finds no room and goes to the Crossroads"), who=who)
    if e.how == "mamma":
        return say(N_("{seat} moves {who} from {source} to {target} (squeezing in)"), seat=e.seat, who=who,
                   source=the_location(e.source), target=the_location(e.target))
    if e.how == "back_door":
        return say(N_("{seat} moves {who} from {source} to {target} (through a Back Door)"), seat=e.seat, who=who,
                   source=the_location(e.source), target=the_location(e.target))
    return say(N_("{seat} moves {who} from {source} to {target}"), seat=e.seat, who=who, source=the_location(e.source),
               target=the_location(e.target))


def _played(e: Any) -> str:
    card = card_name(e.card)
    if e.location and e.to:
        line = say(N_("{seat} plays {card} from {place} to {target}"), seat=e.seat, card=card,
                   place=the_location(e.location), target=the_location(e.to))
    elif e.location:
        line = say(N_("{seat} plays {card} on {place}"), seat=e.seat, card=card, place=the_location(e.location))
    elif e.target:
        shown = character_name(e.target) if e.target in load_catalog().characters else location_name(e.target)
        line = say(N_("{seat} plays {card} ({target})"), seat=e.seat, card=card, target=shown)
    else:
        line = say(N_("{seat} plays {card}"), seat=e.seat, card=card)
    return line + (say(N_(", marker on {place}"), place=the_location(e.blast)) if e.blast else "")


def _ability(e: Any) -> str:
    who = character_name(e.character)
    if e.to:
        return say(N_("{seat} uses {who}: a zombie to {place}"), seat=e.seat, who=who, place=the_location(e.to))
    if e.target:
        shown = location_name(e.target) if e.target in load_catalog().locations else e.target
        return say(N_("{seat} uses {who} ({target})"), seat=e.seat, who=who, target=shown)
    return say(N_("{seat} uses {who}"), seat=e.seat, who=who)


def _counted(e: Any) -> str:
    tally = ", ".join(f"{seat} {votes}" for seat, votes in e.tally)
    if len(e.winners) == 1:
        return say(N_("Votes: {tally}: {winner}"), tally=tally, winner=e.winners[0])
    return say(N_("Votes: {tally}: a tie between {winners}"), tally=tally, winners=_(" and ").join(e.winners))


def _trade_offered(e: Any) -> str:
    gives = []
    if e.give_cards:
        gives.append(", ".join(card_name(c) for c in e.give_cards))
    if e.give_antidotes:
        gives.append(antidotes(e.give_antidotes))
    asks = [card_name(c) for c in e.ask_cards]
    if e.ask_any:
        asks.append(ngettext("{n} card of their choice", "{n} cards of their choice", e.ask_any).format(n=e.ask_any))
    if e.ask_antidotes:
        asks.append(antidotes(e.ask_antidotes))
    nothing = _("nothing")
    return say(N_("{seat} offers {partner} {gives} for {asks}"), seat=e.seat, partner=e.partner,
               gives=_(" and ").join(gives) or nothing, asks=_(" and ").join(asks) or nothing)


def _arrived(e: Any) -> str:
    line = contracted(ngettext("{n} zombie comes to {place}", "{n} zombies come to {place}", e.count).format(
        n=e.count, place=the_location(e.location)))
    if e.count < e.wanted:
        line += say(N_(" ({n} turned back: 8 at most)"), n=e.wanted - e.count)
    return line


def _died(e: Any) -> str:
    if e.cause == "helicopter":
        return say(N_("{who} ({seat}) is left behind"), who=character_name(e.character), seat=e.seat)
    return say(N_("{who} ({seat}) dies at {place}"), who=character_name(e.character), seat=e.seat,
               place=the_location(e.location))


def _placed(e: Any) -> str:
    line = say(N_("{seat} places {who} at {place}"), seat=e.seat, who=character_name(e.character),
               place=the_location(e.location))
    if e.location != e.wanted:
        line += say(N_(" ({place} is full)"), place=the_location(e.wanted))
    return line


def _destroyed(e: Any) -> str:
    lines = {"collapsed": N_("The Water Tower blows up!"), "burned": N_("The Armory burns!"),
             "blocked": N_("The Armory's door is blocked for good")}
    return _(lines[e.status]) if e.status in lines else ""


_TELLERS: dict[str, Any] = {
    "game_set_up": lambda e: say(N_("City of Horror: {seats}. {first} is the First Player."), seats=", ".join(e.seats),
                                 first=e.first),
    "characters_dealt": lambda e: f"{e.seat}: {', '.join(character_name(c) for c in e.characters)}",
    "locations_drawn": lambda e: say(N_("{seat} draws {places} to place"), seat=e.seat,
                                     places=", ".join(location_name(x) for x in e.locations)),
    "hand_dealt": lambda e: say(N_("Your hand: {cards}"), cards=", ".join(card_name(c) for c in e.cards)),
    "hand_dealt_face_down": lambda e: say(N_("{seat} gets {cards}"), seat=e.seat, cards=ngettext("{n} Action card", "{n} Action cards", e.count).format(n=e.count)),
    "draft_passed": lambda e: say(N_("Draft: everyone kept a card ({pick}) and passed the rest to the left"), pick=e.pick),
    "packet_received": lambda e: say(N_("Your packet: {cards}"), cards=", ".join(card_name(c) for c in e.cards)),
    "round_started": lambda e: f"— {e.round:02d}:00 —",
    "round_ended": lambda e: say(N_("End of {hour:02d}:00: the hidden stand up"), hour=e.round),
    "invasion_revealed": lambda e: (say(N_("The {hour:02d}:00 Invasion card is turned over"), hour=e.round) if e.round
                                    else _("The 00:00 card sets the first zombies")),
    "invasion_looked_at": lambda e: say(N_("{seat} looks at the {hour:02d}:00 Invasion card in secret"), seat=e.seat,
                                        hour=e.round),
    "invasion_peeked": lambda e: say(N_("You look at the {hour:02d}:00 Invasion card ({card})"), hour=e.round, card=e.card),
    "zombies_arrived": _arrived,
    "zombies_moved": lambda e: contracted(ngettext(
        "{n} zombie goes from {source} to {target} ({reason})", "{n} zombies go from {source} to {target} ({reason})",
        e.count).format(n=e.count, source=the_location(e.source), target=the_location(e.target),
                        reason=reason_words(e.reason))),
    "zombies_killed": lambda e: say(N_("{zombies} killed at {place} ({reason})"), zombies=zombies(e.count),
                                    place=the_location(e.location), reason=reason_words(e.reason)),
    "supplies_dropped": lambda e: say(N_("Supplies at {place}: {antidotes}, {cards}"), place=the_location(e.location),
                                      antidotes=antidotes(e.antidotes), cards=face_down_cards(e.cards)),
    "straggler_moved": lambda e: say(N_("The Straggler moves to {colour} ({reason})"), colour=colour_name(e.colour),
                                     reason=reason_words(e.reason)),
    "window_opened": lambda e: "",
    "passed": lambda e: "",
    "card_played": _played,
    "card_cancelled": lambda e: say(N_("{seat}'s {card} is cancelled ({reason})"), seat=e.seat, card=card_name(e.card),
                                    reason=reason_words(e.by)),
    "card_discarded": lambda e: say(N_("{seat} discards {card} ({reason})"), seat=e.seat, card=card_name(e.card),
                                    reason=reason_words(e.reason)),
    "card_taken": lambda e: say(N_("{seat} takes {card} from the discard pile"), seat=e.seat, card=card_name(e.card)),
    "card_drawn": lambda e: say(N_("You draw {card} ({reason})"), card=card_name(e.card), reason=reason_words(e.reason)),
    "card_drawn_face_down": lambda e: say(N_("{seat} draws a card ({reason})"), seat=e.seat, reason=reason_words(e.reason)),
    "nothing_to_draw": lambda e: _("The Action deck is empty: nothing to draw"),
    "card_stolen": lambda e: say(N_("{seat} takes {card} from {victim}"), seat=e.seat, card=card_name(e.card),
                                 victim=e.victim),
    "card_stolen_face_down": lambda e: say(N_("{seat} takes a card from {victim} ({reason})"), seat=e.seat, victim=e.victim,
                                           reason=reason_words(e.reason)),
    "kitten_drew": lambda e: say(N_("The Kitten draws {seat}'s {place} card"), seat=e.seat, place=location_name(e.card)),
    "ability_used": _ability,
    "effect_used": lambda e: say(N_("{seat} uses {place}"), seat=e.seat, place=the_location(e.location)),
    "character_flipped": lambda e: (say(N_("{who} is Fit again"), who=character_name(e.character)) if e.fit
                                    else say(N_("{who} is Exhausted"), who=character_name(e.character))),
    "character_hidden": lambda e: say(N_("{who} hides"), who=character_name(e.character)),
    "character_placed": _placed,
    "character_moved": _moved,
    "no_move": lambda e: say(N_("{seat} does not move"), seat=e.seat),
    "movement_card_changed": lambda e: say(N_("{seat} changes to the {place} card"), seat=e.seat,
                                           place=location_name(e.card)),
    "character_died": _died,
    "player_eliminated": lambda e: say(N_("{seat} has nobody left"), seat=e.seat),
    "first_player_changed": lambda e: say(N_("{seat} takes the First Player marker ({reason})"), seat=e.seat,
                                          reason=reason_words(e.reason)),
    "location_resolved": lambda e: "",
    "no_attack": lambda e: say(N_("No attack at {place}: {reason}"), place=the_location(e.location),
                               reason=engine_words(e.reason)),
    "attack_started": lambda e: say(N_("The zombies attack {place}!"), place=the_location(e.location)),
    "ballot_locked": lambda e: say(N_("{seat} locks their vote on {target}"), seat=e.seat, target=e.target),
    "tie_break_locked": lambda e: say(N_("{seat} promises to pick {target} if the vote ties"), seat=e.seat, target=e.target),
    "lock_lapsed": lambda e: say(N_("{seat}'s promise for {target} lapses: {reason}"), seat=e.seat, target=e.target,
                                 reason=engine_words(e.reason)),
    "vote_called": lambda e: (say(N_("Vote at {place} (victim)"), place=the_location(e.location)) if e.vote == "attack"
                              else say(N_("Vote at {place} (distributor)"), place=the_location(e.location))),
    "votes_counted": _counted,
    "tie_broken": lambda e: say(N_("{by} breaks the tie: {target}"), by=e.by, target=e.target),
    "victim_chosen": lambda e: say(N_("The zombies take one of {seat}'s characters"), seat=e.seat),
    "distributor_chosen": lambda e: say(N_("{seat} hands out the items of {place}"), seat=e.seat,
                                        place=the_location(e.location)),
    "items_looked_at": lambda e: say(N_("{seat} looks at the {cards}"), seat=e.seat, cards=face_down_cards(e.count)),
    "items_seen": lambda e: say(N_("You look at the cards: {cards}"), cards=", ".join(card_name(c) for c in e.cards)),
    "item_given": lambda e: (say(N_("{seat} gives {to} an Antidote"), seat=e.seat, to=e.to) if e.item == "antidote"
                             else say(N_("{seat} gives {to} a card"), seat=e.seat, to=e.to)),
    "card_given": lambda e: say(N_("{seat} gives {to} {card}"), seat=e.seat, to=e.to, card=card_name(e.card)),
    "items_left": lambda e: say(N_("Left at {place}: {antidotes}, {cards}"), place=the_location(e.location),
                                antidotes=antidotes(e.antidotes), cards=cards(e.cards)),
    "explosion_marker_placed": lambda e: say(N_("Explosion marker {n} on {place}"), n=e.markers,
                                             place=the_location(e.location)),
    "location_destroyed": _destroyed,
    "antidote_taken": lambda e: say(N_("{seat} takes an Antidote ({reason})"), seat=e.seat, reason=reason_words(e.reason)),
    "food_gained": lambda e: say(N_("You take a Food token worth {value}"), value=e.value),
    "food_gained_face_down": lambda e: say(N_("{seat} takes a Food token"), seat=e.seat),
    "food_spent": lambda e: say(N_("{seat} spends a Food token"), seat=e.seat),
    "food_turned_up": lambda e: say(N_("A Food token worth {value} is turned face up"), value=e.value),
    "trade_offered": _trade_offered,
    "trade_offered_face_down": lambda e: say(N_("{seat} offers {partner} a trade"), seat=e.seat, partner=e.partner),
    "trade_done": lambda e: say(N_("Trade done between {seat} and {partner}"), seat=e.seat, partner=e.partner),
    "trade_done_face_down": lambda e: say(N_("Trade done between {seat} and {partner}"), seat=e.seat, partner=e.partner),
    "trade_closed": lambda e: say(N_("{seat}'s offer to {partner}: {how}"), seat=e.seat, partner=e.partner,
                                  how=engine_words(e.how)),
    "helicopter_boarded": lambda e: say(N_("{seat} gives {antidotes} at the helicopter"), seat=e.seat,
                                        antidotes=antidotes(e.antidotes_used)),
    "game_scored": lambda e: say(N_("Final score: {scores}"), scores=", ".join(f"{seat} {points}" for seat, points in e.scores)),
    "choice_sealed": lambda e: say(N_("You chose {choice}"), choice=choice_name(e.choice)),
    "sealed_answer_given": lambda e: say(N_("{seat} has chosen"), seat=e.seat),
    "choices_revealed": lambda e: say(N_("Revealed: {answers}"), answers=", ".join(
        f"{seat} {location_name(choice) if choice in load_catalog().locations else choice}" for seat, choice in e.answers)),
}
