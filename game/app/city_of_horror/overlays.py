"""What covers the table: the curtain (pass the device; nothing private until "I am …"), a player's
private panel (their hand, their secret pick or ballot, the distributor's items, an offer, what they can
do now), the shared reveal of sealed choices, and simple lists (the discard pile, a public choice).

Each overlay lays itself out in a rectangle, draws itself and answers presses; it calls back the scene
with a command to play or a wish to close, and never plays on the engine itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.app.city_of_horror import choices
from game.app.city_of_horror.board_view import draw_card_back, draw_card_face
from game.app.city_of_horror.words import (
    COLOUR_RGB,
    STATUS_WORDS,
    antidotes,
    card_name,
    card_text,
    cards,
    character_name,
    character_state,
    describe,
    face_down_cards,
    location_name,
    say,
    side_text,
    the_location,
    zombies,
)
from game.app.render import font, text_with_halo
from game.app.widgets.dialogs import (
    ACCENT,
    MUTED,
    PANEL_FILL,
    TEXT,
    Button,
    ButtonSet,
    fit_text,
    flow_buttons,
    wrap,
)
from game.i18n import N_, _, ngettext
from game.rules.city_of_horror import commands as c
from game.rules.city_of_horror.catalog import LOCATIONS, load_catalog
from game.rules.city_of_horror.state import HIDDEN_CARD, State

Rect = pygame.Rect
BUTTON_H = 56
GAP = 8
NEED_WORDS = {
    "pick": N_("choose a Movement card, in secret"),
    "ballot": N_("cast a ballot, in secret"),
    "draft": N_("keep a card of the draft, in secret"),
    "distribute": N_("hand out the items (the face-down cards are theirs to see)"),
    "trade": N_("answer the trade offered to them"),
    "act": N_("act: play a card, use an ability or an effect, promise, pass"),
    "offer": N_("offer a trade"),
}


def shade(target: pygame.Surface, alpha: int = 170) -> None:
    veil = pygame.Surface(target.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    target.blit(veil, (0, 0))


def frame(target: pygame.Surface, rect: Rect, title: str, colour: tuple[int, int, int] = ACCENT) -> int:
    """A panel with a title band; returns the y where its body starts."""
    pygame.draw.rect(target, (6, 6, 8), rect.move(0, 6), border_radius=16)
    pygame.draw.rect(target, PANEL_FILL, rect, border_radius=16)
    pygame.draw.rect(target, colour, rect, 3, border_radius=16)
    words = fit_text(title, 26, rect.width - 40)
    target.blit(words, (rect.left + 20, rect.top + 14))
    pygame.draw.line(target, colour, (rect.left + 12, rect.top + 54), (rect.right - 12, rect.top + 54), 2)
    return rect.top + 64


def write(target: pygame.Surface, text: str, pos: tuple[int, int], size: int = 17,
          colour: tuple[int, int, int] = TEXT, width: int = 0) -> int:
    """One line, smaller (down to 11 px) when it must fit ``width``; returns its height."""
    surf = font(size).render(text, True, colour)
    for smaller in range(size - 1, 10, -1):
        if not width or surf.get_width() <= width:
            break
        surf = font(smaller).render(text, True, colour)
    target.blit(surf, pos)
    return surf.get_height()


class Overlay:
    """Something drawn over the table that takes every press while it is up."""

    modal = True

    def __init__(self) -> None:
        self.buttons = ButtonSet()
        self.rect = Rect(0, 0, 0, 0)
        self.closed = False

    def layout(self, area: Rect) -> None:
        raise NotImplementedError

    def draw(self, target: pygame.Surface) -> None:
        raise NotImplementedError

    def press(self, pointer: int, pos: tuple[float, float]) -> bool:
        self.buttons.press(pointer, pos)
        return True

    def release(self, pointer: int, pos: tuple[float, float]) -> bool:
        button = self.buttons.release(pointer, pos)
        if button is not None:
            self.on_button(button.key)
        return True

    def on_button(self, key: str) -> None:
        raise NotImplementedError

    def button(self, key: str) -> Button:
        return next(b for b in self.buttons.buttons if b.key == key)


# --- the curtain ----------------------------------------------------------------------------------------


class Curtain(Overlay):
    """Pass the device: names who is next and why, and shows nothing private until they tap "I am …"."""

    def __init__(self, seat: str, colour: str, need: str, on_open: Callable[[], None],
                 on_back: Callable[[], None] | None = None):
        super().__init__()
        self.seat, self.colour, self.need = seat, colour, need
        self.on_open, self.on_back = on_open, on_back

    def layout(self, area: Rect) -> None:
        self.area = area
        self.rect = Rect(0, 0, min(720, area.width - 40), min(420, area.height - 40))
        self.rect.center = area.center
        wide = Rect(0, 0, min(460, self.rect.width - 60), 84)
        wide.midbottom = (self.rect.centerx, self.rect.bottom - (BUTTON_H + 40 if self.on_back else 30))
        buttons = [Button(wide, _("I am {seat}").format(seat=self.seat), "open", "move")]
        if self.on_back is not None:
            back = Rect(0, 0, 220, BUTTON_H)
            back.midbottom = (self.rect.centerx, self.rect.bottom - 16)
            buttons.append(Button(back, _("Back to the table"), "back", "turn"))
        self.buttons.buttons = buttons

    def draw(self, target: pygame.Surface) -> None:
        target.fill((14, 15, 17))
        rgb = COLOUR_RGB.get(self.colour, ACCENT)
        pygame.draw.rect(target, rgb, self.area, 10)
        frame(target, self.rect, _("Pass the device"), rgb)
        name = text_with_halo(self.seat, 54, color=rgb)
        target.blit(name, name.get_rect(center=(self.rect.centerx, self.rect.top + 120)))
        need = _(NEED_WORDS[self.need]) if self.need in NEED_WORDS else self.need
        why = fit_text(_("{seat} must {need}.").format(seat=self.seat, need=need), 20, self.rect.width - 40)
        target.blit(why, why.get_rect(center=(self.rect.centerx, self.rect.top + 180)))
        hint = font(16).render(_("Everyone else: look away until the curtain is back."), True, MUTED)
        target.blit(hint, hint.get_rect(center=(self.rect.centerx, self.rect.top + 212)))
        self.buttons.draw(target)

    def on_button(self, key: str) -> None:
        self.closed = True
        if key == "open":
            self.on_open()
        elif self.on_back is not None:
            self.on_back()


class TableCurtain(Overlay):
    """The curtain a resumed game starts behind when nobody has a private question: it opens onto the
    table, never onto anyone's secrets."""

    def __init__(self, on_open: Callable[[], None]):
        super().__init__()
        self.on_open = on_open

    def layout(self, area: Rect) -> None:
        self.area = area
        self.rect = Rect(0, 0, min(640, area.width - 40), min(300, area.height - 40))
        self.rect.center = area.center
        wide = Rect(0, 0, min(420, self.rect.width - 60), 76)
        wide.midbottom = (self.rect.centerx, self.rect.bottom - 28)
        self.buttons.buttons = [Button(wide, _("Show the table"), "open", "move")]

    def draw(self, target: pygame.Surface) -> None:
        target.fill((14, 15, 17))
        frame(target, self.rect, _("City of Horror: the game goes on"))
        hint = fit_text(_("Everyone at the table may look: only public things are shown."), 19, self.rect.width - 40)
        target.blit(hint, hint.get_rect(center=(self.rect.centerx, self.rect.top + 110)))
        self.buttons.draw(target)

    def on_button(self, key: str) -> None:
        self.closed = True
        self.on_open()


# --- a player's private panel -------------------------------------------------------------------------------


class PrivatePanel(Overlay):
    """One player's secrets and what they are asked: behind the curtain only.

    ``play(command)`` plays for the seat and returns an error message ("" when the engine took it);
    ``close()`` goes back to the table (or the curtain of the next player)."""

    def __init__(self, seat: str, need: str, view: State, legal: Sequence[Any], notes: Sequence[Any],
                 play: Callable[[Any], str], close: Callable[[], None]):
        super().__init__()
        self.seat, self.need, self.view = seat, need, view
        self.legal = list(legal)
        self.notes = [line for line in (describe(e) for e in notes) if line][-8:]
        self.play, self.close = play, close
        self.message = ""
        self.pending: list[Any] = []  # the commands of the thing being narrowed down
        self.pending_title = ""
        self.item = ""  # distribution: the item picked, waiting for its receiver
        self.trade = TradeDraft(seat, view)
        self.mode = "offer" if need == "offer" else "main"

    # --- layout -----------------------------------------------------------------------------------------

    def layout(self, area: Rect) -> None:
        self.area = area
        self.rect = area.inflate(-24, -24)
        side = min(360, self.rect.width // 3)
        self.info = Rect(self.rect.left + 16, self.rect.top + 64, side, self.rect.height - 80)
        self.body = Rect(self.info.right + 16, self.rect.top + 64, self.rect.right - self.info.right - 32,
                         self.rect.height - 80)
        self._build()

    def _build(self) -> None:
        body = self.body
        labels: list[tuple[str, str, str]] = []
        title = ""
        if self.pending:
            field = choices.differing_field(self.pending)
            title = f"{self.pending_title}: {choices.field_question(field)}"
            for value in choices.options(self.pending, field):
                labels.append((choices.value_words(field, value), f"value:{field}:{_token(value)}", "option"))
        elif self.mode == "offer":
            title, labels = self.trade.title(), self.trade.buttons()
        elif self.need in ("pick", "ballot", "draft"):
            title, labels = self._sealed_buttons()
        elif self.need == "distribute":
            title, labels = self._distribute_buttons()
        elif self.need == "trade":
            title, labels = self._answer_buttons()
        else:
            title, labels = self._act_buttons()
        self.title = title
        area = Rect(body.left, body.top + 40, body.width, body.height - 40 - BUTTON_H - GAP)
        self.buttons.buttons = _flow(area, labels)
        foot = []
        if self.pending or self.mode == "offer":
            foot.append((_("Back"), "back", "turn"))
        foot.append((_("Hide my screen"), "hide", "turn"))
        foot_area = Rect(body.left, body.bottom - BUTTON_H, body.width, BUTTON_H)
        self.buttons.buttons += _flow(foot_area, foot)

    def _sealed_buttons(self) -> tuple[str, list[tuple[str, str, str]]]:
        view = self.view
        labels = []
        for command in self.legal:
            if isinstance(command, c.PickMovement):
                place = view.place(command.location)
                room = _("no limit") if not view.spaces(command.location) else (
                    f"{view.occupancy(command.location)}/{view.spaces(command.location)}")
                labels.append((f"{location_name(command.location)} ({room}, {zombies(place.zombies)})",
                               f"play:{self.legal.index(command)}", "move"))
            elif isinstance(command, c.Vote):
                here = len([ch for ch in view.present(view.stage.location, command.target)])
                labels.append((ngettext("{seat} ({n} character here)", "{seat} ({n} characters here)", here).format(
                    seat=command.target, n=here),
                               f"play:{self.legal.index(command)}", "attack" if view.stage.vote == "attack" else "search"))
            elif isinstance(command, c.DraftKeep):
                labels.append((_("Keep {card}").format(card=card_name(command.card)), f"play:{self.legal.index(command)}", "items"))
        if self.need == "pick":
            return _("Your Movement card for this round"), labels
        if self.need == "draft":
            return _("Keep one card; the rest go to the player on your left"), labels
        stage = view.stage
        votes = view.votes(self.seat, stage.location)
        question = (_("whose character do the zombies take?") if stage.vote == "attack"
                    else _("who hands out the items?"))
        yours = ngettext("your {n} vote", "your {n} votes", votes).format(n=votes)
        return f"{location_name(stage.location)}: {question} ({yours})", labels

    def _distribute_buttons(self) -> tuple[str, list[tuple[str, str, str]]]:
        gifts = [command for command in self.legal if isinstance(command, c.GiveItem)]
        labels: list[tuple[str, str, str]] = []
        if not self.item:
            for item in dict.fromkeys(command.item for command in gifts):
                labels.append((choices.value_words("item", item), f"item:{item}", "items"))
            labels += [(_("Keep the rest here"), f"play:{self.legal.index(command)}", "turn")
                       for command in self.legal if isinstance(command, c.EndDistribution)]
            return _("Pick an item to hand out (one per player)"), labels
        for command in gifts:
            if command.item == self.item:
                labels.append((_("to {seat}").format(seat=command.to), f"play:{self.legal.index(command)}", "move"))
        return _("Give {item} to…").format(item=choices.value_words("item", self.item)), labels

    def _answer_buttons(self) -> tuple[str, list[tuple[str, str, str]]]:
        labels = []
        for command in self.legal:
            if isinstance(command, c.AcceptTrade):
                giving = ", ".join(card_name(k) for k in command.cards)
                label = (_("Accept {seat}'s offer (giving {cards})").format(seat=command.seat, cards=giving) if giving
                         else _("Accept {seat}'s offer").format(seat=command.seat))
                labels.append((label, f"play:{self.legal.index(command)}", "move"))
            elif isinstance(command, c.DeclineTrade):
                labels.append((_("Decline {seat}'s offer").format(seat=command.seat), f"play:{self.legal.index(command)}", "danger"))
        return _("An offer for you"), labels

    def _act_buttons(self) -> tuple[str, list[tuple[str, str, str]]]:
        labels = [(group.label, f"group:{index}", group.tone) for index, group in enumerate(choices.groups(self.legal))]
        if any(isinstance(command, c.OfferTrade) for command in self.legal) or self.trade.can_offer():
            labels.append((_("Offer a trade…"), "offer", "trade"))
        if c.WithdrawTrade() in self.legal:
            labels.append((_("Withdraw my offer"), f"play:{self.legal.index(c.WithdrawTrade())}", "turn"))
        if c.Pass() in self.legal:
            labels.append((_("Pass (nothing more now)"), f"play:{self.legal.index(c.Pass())}", "turn"))
        return _("What you can do now"), labels

    # --- drawing ----------------------------------------------------------------------------------------------

    def draw(self, target: pygame.Surface) -> None:
        target.fill((14, 15, 17))
        colour = COLOUR_RGB.get(self.view.colour(self.seat), ACCENT)
        frame(target, self.rect, _("{seat} — private").format(seat=self.seat), colour)
        self._draw_info(target)
        heading = fit_text(self.title, 22, self.body.width)
        target.blit(heading, (self.body.left, self.body.top))
        self.buttons.draw(target)
        if self.mode == "offer":
            self.trade.draw_summary(target, Rect(self.body.left, self.body.bottom - BUTTON_H - 90, self.body.width, 80))
        if self.message:
            warn = fit_text(self.message, 18, self.body.width)
            target.blit(warn, (self.body.left, self.body.bottom - BUTTON_H - 34))

    def _draw_info(self, target: pygame.Surface) -> None:
        view, seat, box = self.view, self.seat, self.info
        y = box.top
        y += write(target, _("Your hand"), (box.left, y), 19) + 4
        hand = view.hand(seat)
        card_w = max(40, min(78, (box.width - 8) // 4 - 6))
        for index, card in enumerate(hand):
            col, row = index % 4, index // 4
            rect = Rect(box.left + col * (card_w + 6), y + row * (round(card_w * 1.35) + 6), card_w, round(card_w * 1.35))
            draw_card_face(target, rect, card)
        rows = (len(hand) + 3) // 4
        y += rows * (round(card_w * 1.35) + 6) + (0 if hand else 24)
        if not hand:
            write(target, _("(no card)"), (box.left, y - 22), 16, MUTED)
        index = view.index(seat)
        food = view.food[index]
        stock = _("Antidotes: {antidotes}   Food: {food}").format(
            antidotes=view.antidotes[index], food=", ".join(str(v) for v in food) or _("none"))
        y += write(target, stock, (box.left, y + 6), 17) + 12
        y += write(target, _("Your characters"), (box.left, y), 19) + 2
        for character in view.alive_characters(seat):
            state = character_state(character)
            y += write(target, f"{character_name(character.id)}: {location_name(character.location)} {state}",
                       (box.left + 6, y), 15, width=box.width - 6) + 2
        known = [(number, card) for number, card in enumerate(view.invasion, start=1)
                 if card != HIDDEN_CARD and number > view.revealed]
        for number, card in known:
            y += 8
            y += write(target, _("You know the {hour:02d}:00 Invasion card:").format(hour=number), (box.left, y), 17) + 2
            for line in invasion_lines(view, card):
                for part in wrap(line, 15, box.width - 8):
                    y += write(target, part, (box.left + 6, y), 15) + 1
        if self.notes and y < box.bottom - 60:
            y += 8
            y += write(target, _("Your notes"), (box.left, y), 17) + 2
            for line in self.notes:
                for part in wrap(line, 14, box.width - 8):
                    if y > box.bottom - 18:
                        break
                    y += write(target, part, (box.left + 6, y), 14, MUTED) + 1

    # --- presses ----------------------------------------------------------------------------------------------

    def on_button(self, key: str) -> None:
        self.message = ""
        if key == "hide":
            self.closed = True
            self.close()
            return
        if key == "back":
            if self.pending:
                self.pending = []
            else:
                self.mode = "main"
            self._build()
            return
        if key == "offer":
            self.mode = "offer"
            self._build()
            return
        if key.startswith("trade:"):
            command = self.trade.press(key[6:])
            if command is not None:
                self._send(command)
            self._build()
            return
        if key.startswith("item:"):
            self.item = key[5:]
            self._build()
            return
        if key.startswith("group:"):
            group = choices.groups(self.legal)[int(key[6:])]
            self._narrow(list(group.commands), group.label)
            return
        if key.startswith("value:"):
            _, field, token = key.split(":", 2)
            matching = [cmd for cmd in self.pending if _token(getattr(cmd, field)) == token]
            self._narrow(matching, self.pending_title)
            return
        if key.startswith("play:"):
            self._send(self.legal[int(key[5:])])

    def _narrow(self, commands: list[Any], title: str) -> None:
        if len(commands) == 1 or not choices.differing_field(commands):
            self.pending = []
            self._send(commands[0])
            return
        self.pending, self.pending_title = commands, title
        self._build()

    def _send(self, command: Any) -> None:
        problem = self.play(command)
        if problem:
            self.message = problem
            self._build()
            return
        self.closed = True
        self.close()


def _token(value: Any) -> str:
    return repr(value)


def _flow(area: Rect, labels: Sequence[tuple[str, str, str]]) -> list[Button]:
    return flow_buttons(area, labels, min_w_px=150, gap_px=GAP, height_px=BUTTON_H)


def invasion_lines(view: State, card_id: str) -> list[str]:
    """What an Invasion card will do, in words, with the locations of this table."""
    card = load_catalog().invasions.get(card_id)
    if card is None:
        return []

    def where(slot: str) -> str:
        return location_name(view.place_of_slot(slot).id)

    def the(slot: str) -> str:
        return the_location(view.place_of_slot(slot).id)

    lines = [say(N_("zombies from {source} to {target}"), source=the(a), target=the(b)) for a, b in card.moves]
    arrivals = [f"{where(slot)} +{count}" for slot, count in card.zombies.items() if count]
    if arrivals:
        lines.append(_("arrivals: {places}").format(places=", ".join(arrivals)))
    for supply in card.supplies:
        parts = []
        if supply.antidotes:
            parts.append(antidotes(supply.antidotes))
        if supply.actions:
            parts.append(cards(supply.actions))
        lines.append(say(N_("supplies at {place}: {items}"), place=the(supply.at), items=", ".join(parts)))
    if card.straggler:
        lines.append(_("the Straggler moves on {n}").format(n=card.straggler))
    return lines


# --- offering a trade -----------------------------------------------------------------------------------------


class TradeDraft:
    """An offer being put together: who to, which of my cards and Antidotes, what I ask in return."""

    def __init__(self, seat: str, view: State):
        self.seat, self.view = seat, view
        self.partner = ""
        self.give: list[int] = []  # indexes in my hand
        self.give_antidotes = 0
        self.ask_any = 0
        self.ask_antidotes = 0
        self.ask_cards: list[str] = []
        self.asking_kind = False

    def can_offer(self) -> bool:
        view = self.view
        return view.stage.kind not in ("place", "draft", "helicopter", "over") and view.in_game(self.seat) and any(
            s != self.seat and view.in_game(s) for s in view.seats) and not any(o.seat == self.seat for o in view.offers)

    def title(self) -> str:
        if self.asking_kind:
            return _("Ask for which card?")
        return _("Offer a trade to {seat}").format(seat=self.partner) if self.partner else _("Offer a trade: to whom?")

    def buttons(self) -> list[tuple[str, str, str]]:
        view = self.view
        if self.asking_kind:
            return [(card_name(kind), f"trade:ask:{kind}", "items") for kind in load_catalog().cards]
        if not self.partner:
            return [(seat, f"trade:partner:{seat}", "trade") for seat in view.seats
                    if seat != self.seat and view.in_game(seat)]
        labels = []
        for index, card in enumerate(view.hand(self.seat)):
            chosen = index in self.give
            labels.append((("✓ " if chosen else "") + _("Give {card}").format(card=card_name(card)), f"trade:give:{index}",
                           "move" if chosen else "items"))
        mine = view.antidotes[view.index(self.seat)]
        labels += [
            (_("Give Antidotes: {n}").format(n=self.give_antidotes), "trade:give_antidote", "items"),
            (_("Ask Antidotes: {n}").format(n=self.ask_antidotes), "trade:ask_antidote", "items"),
            (_("Ask cards of their choice: {n}").format(n=self.ask_any), "trade:ask_any", "items"),
            (_("Ask for a card by name…"), "trade:ask_kind", "items"),
            (_("Send the offer"), "trade:send", "move"),
            (_("Clear"), "trade:clear", "turn"),
        ]
        if mine == 0:
            labels = [item for item in labels if item[1] != "trade:give_antidote"]
        return labels

    def press(self, what: str) -> Any:
        view = self.view
        kind, _, value = what.partition(":")
        if kind == "partner":
            self.partner = value
        elif kind == "give":
            index = int(value)
            self.give = [i for i in self.give if i != index] if index in self.give else self.give + [index]
        elif kind == "give_antidote":
            self.give_antidotes = (self.give_antidotes + 1) % (view.antidotes[view.index(self.seat)] + 1)
        elif kind == "ask_antidote":
            self.ask_antidotes = (self.ask_antidotes + 1) % 4
        elif kind == "ask_any":
            self.ask_any = (self.ask_any + 1) % 4
        elif kind == "ask_kind":
            self.asking_kind = True
        elif kind == "ask":
            self.ask_cards.append(value)
            self.asking_kind = False
        elif kind == "clear":
            self.give, self.give_antidotes, self.ask_any, self.ask_antidotes, self.ask_cards = [], 0, 0, 0, []
        elif kind == "send":
            hand = view.hand(self.seat)
            return c.OfferTrade(self.partner, tuple(hand[i] for i in self.give), self.give_antidotes,
                                tuple(self.ask_cards), self.ask_any, self.ask_antidotes)
        return None

    def draw_summary(self, target: pygame.Surface, rect: Rect) -> None:
        if not self.partner or self.asking_kind:
            return
        hand = self.view.hand(self.seat)
        gives = [card_name(hand[i]) for i in self.give] + ([antidotes(self.give_antidotes)]
                                                         if self.give_antidotes else [])
        asks = [card_name(k) for k in self.ask_cards]
        if self.ask_any:
            asks.append(ngettext("{n} card of their choice", "{n} cards of their choice", self.ask_any).format(n=self.ask_any))
        if self.ask_antidotes:
            asks.append(antidotes(self.ask_antidotes))
        nothing = _("nothing")
        write(target, _("You give: {items}").format(items=", ".join(gives) or nothing), (rect.left, rect.top), 17,
              width=rect.width)
        write(target, _("You ask: {items}").format(items=", ".join(asks) or nothing), (rect.left, rect.top + 26), 17,
              width=rect.width)
        write(target, _("{seat} must accept it: both confirm.").format(seat=self.partner), (rect.left, rect.top + 52), 15, MUTED,
              width=rect.width)


# --- the shared reveal --------------------------------------------------------------------------------------------


class Reveal(Overlay):
    """Sealed choices shown to everyone at once: each card turns over in turn, then the count."""

    FLIP_S = 0.35

    def __init__(self, topic: str, answers: Sequence[tuple[str, str]], colours: dict[str, str],
                 tally: str, on_done: Callable[[], None]):
        super().__init__()
        self.topic, self.answers, self.colours, self.tally = topic, list(answers), colours, tally
        self.on_done = on_done
        self.age_s = 0.0

    @property
    def finished(self) -> bool:
        return self.age_s >= self.FLIP_S * (len(self.answers) + 1)

    def update(self, dt_s: float) -> None:
        self.age_s += dt_s

    def layout(self, area: Rect) -> None:
        self.area = area
        self.rect = Rect(0, 0, min(980, area.width - 40), min(460, area.height - 40))
        self.rect.center = area.center
        button = Rect(0, 0, 240, BUTTON_H)
        button.midbottom = (self.rect.centerx, self.rect.bottom - 18)
        self.buttons.buttons = [Button(button, _("Continue"), "done", "move")]

    def draw(self, target: pygame.Surface) -> None:
        shade(target, 160)
        frame(target, self.rect, _topic_words(self.topic))
        count = max(1, len(self.answers))
        width = min(150, (self.rect.width - 40) // count - 12)
        height = round(width * 1.3)
        left = self.rect.centerx - (count * (width + 12) - 12) // 2
        for index, (seat, choice) in enumerate(self.answers):
            rect = Rect(left + index * (width + 12), self.rect.top + 90, width, height)
            turned = self.age_s >= self.FLIP_S * (index + 1)
            colour = COLOUR_RGB.get(self.colours.get(seat, ""), ACCENT)
            if turned:
                pygame.draw.rect(target, (236, 228, 208), rect, border_radius=10)
                shown = choice if choice not in LOCATIONS else location_name(choice)
                lines = wrap(shown, 20, width - 12)
                for n, line in enumerate(lines):
                    face = font(20).render(line, True, (30, 24, 20))
                    target.blit(face, face.get_rect(center=(rect.centerx, rect.centery + (n - (len(lines) - 1) / 2) * 24)))
            else:
                progress = max(0.0, min(1.0, (self.age_s - self.FLIP_S * index) / self.FLIP_S))
                squeeze = rect.inflate(-round(rect.width * progress * 0.9), 0)
                draw_card_back(target, squeeze)
            pygame.draw.rect(target, colour, rect, 3, border_radius=10)
            name = fit_text(seat, 18, width)
            target.blit(name, name.get_rect(midtop=(rect.centerx, rect.bottom + 8)))
        if self.finished and self.tally:
            tally = fit_text(self.tally, 20, self.rect.width - 40)
            target.blit(tally, tally.get_rect(center=(self.rect.centerx, self.rect.bottom - BUTTON_H - 44)))
        self.buttons.draw(target)

    def on_button(self, key: str) -> None:
        if not self.finished:
            self.age_s = self.FLIP_S * (len(self.answers) + 1)
            return
        self.closed = True
        self.on_done()


def _topic_words(topic: str) -> str:
    if topic.startswith("movement"):
        return _("The Movement cards")
    if topic.startswith("water tower movement"):
        return _("The Water Tower's Movement cards")
    if topic.startswith("attack vote at "):
        return say(N_("The vote at {place}: who do the zombies take?"), place=the_location(topic.removeprefix("attack vote at ")))
    if topic.startswith("distribution vote at "):
        return say(N_("The vote at {place}: who hands out?"), place=the_location(topic.removeprefix("distribution vote at ")))
    return topic


# --- a list to choose from (public) ------------------------------------------------------------------------------


class ListOverlay(Overlay):
    """A titled list of lines (the discard pile) or of choices, with a Close button."""

    def __init__(self, title: str, lines: Sequence[str], on_close: Callable[[], None],
                 picks: Sequence[tuple[str, str]] = (), on_pick: Callable[[str], None] | None = None):
        super().__init__()
        self.title, self.lines = title, list(lines)
        self.on_close, self.picks, self.on_pick = on_close, list(picks), on_pick

    def layout(self, area: Rect) -> None:
        self.area = area
        self.rect = Rect(0, 0, min(760, area.width - 40), min(620, area.height - 40))
        self.rect.center = area.center
        body = Rect(self.rect.left + 20, self.rect.top + 70 + 26 * min(len(self.lines), 12),
                    self.rect.width - 40, self.rect.height - 160 - 26 * min(len(self.lines), 12))
        self.buttons.buttons = _flow(body, [(label, f"pick:{key}", "option") for label, key in self.picks])
        close = Rect(0, 0, 200, BUTTON_H)
        close.bottomright = (self.rect.right - 20, self.rect.bottom - 16)
        self.buttons.buttons.append(Button(close, _("Close"), "close", "turn"))

    def draw(self, target: pygame.Surface) -> None:
        shade(target, 150)
        frame(target, self.rect, self.title)
        y = self.rect.top + 66
        for line in self.lines[-12:]:
            y += write(target, line, (self.rect.left + 24, y), 18, width=self.rect.width - 48) + 6
        self.buttons.draw(target)

    def on_button(self, key: str) -> None:
        self.closed = True
        if key.startswith("pick:") and self.on_pick is not None:
            self.on_pick(key[5:])
        else:
            self.on_close()


def discard_lines(view: State) -> list[str]:
    """The discard pile, newest first, counted by kind."""
    if not view.discard:
        return [_("The discard pile is empty.")]
    counts: dict[str, int] = {}
    for card in view.discard:
        counts[card] = counts.get(card, 0) + 1
    newest = ", ".join(card_name(card) for card in reversed(view.discard[-6:]))
    return [_("Newest first: {cards}").format(cards=newest)] + [f"{card_name(card)} ×{count}: {card_text(card)}"
                                          for card, count in sorted(counts.items())]


def location_lines(view: State, location: str) -> list[str]:
    """Everything public about a location: its side, effect, attack condition, who is there, what lies
    there."""
    place = view.place(location)
    side = view.side_card(location)
    number = _("location {n}, ").format(n=place.number) if place.number else ""
    condition = view.attack_condition(location)
    attack = _("more zombies than characters") if condition == "more" else _("{n} zombies or more").format(n=condition)
    spaces = _("no limit") if not side.spaces else _("{taken} of {spaces} spaces taken").format(
        taken=view.occupancy(location), spaces=side.spaces)
    status = "" if place.status == "standing" else ", " + _(STATUS_WORDS.get(place.status, place.status))
    lines = [number + _("side {side}").format(side=place.side) + f"{status}: {spaces}",
             side_text(side), _("Attacks with {attack}; {zombies} outside now.").format(
                 attack=attack, zombies=zombies(place.zombies))]
    if place.antidotes or place.cards:
        lines.append(_("Lying here: {antidotes}, {cards}").format(antidotes=antidotes(place.antidotes),
                                                                  cards=face_down_cards(len(place.cards))))
    if place.explosions:
        lines.append(_("Explosion markers: {n}").format(n=place.explosions))
    for character in view.present(location):
        state = character_state(character)
        lines.append(f"{character_name(character.id)} ({character.owner}) {state}")
    return lines

