"""Spawning: spawn dice and zones, zombie cards (a box adds its own kinds), placing miniatures with escorts and substitutes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.i18n import N_
from game.rules.core.frozen import maker_for
from game.rules.core.kept import kept_per_object
from game.rules.core.reasons import Said, ZoneId
from game.rules.core.rng import roll_d6, shuffled
from game.rules.zombicide import skills as sk
from game.rules.zombicide.commands import (
    CardDrawn,
    DecisionNeeded,
    DeckShuffled,
    DiceRolled,
    ExtraActivation,
    ZombieSpawned,
)
from game.rules.zombicide.state import Pending, first_in_turn_order
from game.rules.zombicide.working import Fields


def active_spawn_points(graph: Any, unlocked: Sequence[str], chooses: Callable[[Any], bool] | None = None) -> list[Any]:
    """The spawn zones that spawn this phase: red ones and those of an unlocked colour, or those the
    box ``chooses``; a spawn zone under (or cut off by) a blocking token spawns nothing (§15.4)."""
    return [p for p in graph.spawns
            if (chooses(p) if chooses is not None else p.color in ("", "red") or p.color in unlocked)
            and not graph.no_spawn[p.zone]]


def spawn_dice_picks(state: Any, values: Sequence[int]) -> list[tuple[str, int]]:
    """(zone id, cards drawn there) for a roll of the spawn dice, in the order they are drawn."""
    points = sorted((p for p in active_spawn_points(state.graph, state.unlocked_colours) if p.locators),
                    key=lambda p: p.locators[0])
    picks = [(state.graph.zone_ids[p.zone], sum(1 for d in values if d in p.locators)) for p in points]
    return [(zone, count) for zone, count in picks if count]


def _by_locators(active: Sequence[Any]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The spawn points that spawn, split: those the dice pick (by their first locator), the others."""
    return (tuple(sorted((p for p in active if p.locators), key=lambda p: p.locators[0])),
            tuple(p for p in active if not p.locators))


@kept_per_object(8)
def _points_by_unlocked(graph: Any) -> dict[tuple[str, ...], tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """A board's ``_by_locators`` of its active spawn points, by the colours unlocked: filled as asked."""
    return {}


def _spawning_points(graph: Any, unlocked: tuple[str, ...]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """``_by_locators`` of the core's active spawn points, worked out once per board and colours
    unlocked, not at every phase."""
    kept = _points_by_unlocked(graph)
    found = kept.get(unlocked)
    if found is None:
        found = kept[unlocked] = _by_locators(active_spawn_points(graph, unlocked))
    return found


class Spawning(Fields):
    """Methods of the working copy (``Game``)."""

    if not TYPE_CHECKING:  # slots for the working copy; mypy reads the fields declared in ``Fields``
        __slots__ = ()

    def step_spawn(self) -> None:
        graph = self.graph
        steps: list[tuple] = []
        kept = self.box.spawn_zones
        chooses = self.box.spawn_active
        if kept is not None:  # the box keeps the spawn zones (tokens that come and go)
            steps = [("draw", zone, "spawn") for zone in kept(self) if not graph.no_spawn[zone]]
            with_locators: Sequence[Any] = ()
            without: Sequence[Any] = ()
        elif chooses is not None:
            active = active_spawn_points(graph, (), lambda point: chooses(self, point))
            with_locators, without = _by_locators(active)
        else:  # the core's: the same few unlocked colours phase after phase
            with_locators, without = _spawning_points(graph, tuple(self.as_it_stands("unlocked")))
        if with_locators:
            dice, self.rng = roll_d6(self.rng, self.spawn_dice)
            self.events.append(DiceRolled("spawn", dice))
            for point in with_locators:
                steps += [("draw", point.zone, "spawn")] * sum(1 for d in dice if d in point.locators)
        steps += [("draw", p.zone, "spawn") for p in without]
        dealer = self.distributor_seat()
        if dealer is not None and steps:  # Distributor: draw every card first, then deal them out
            cards = [number for number in (self.take_zombie_card() for _ in steps) if number is not None]
            steps = [("deal", dealer, tuple(step[1] for step in steps), tuple(cards))]
        self.queue[0:0] = steps

    def distributor_seat(self) -> str | None:
        """The seat that deals the spawn cards: the first, in turn order, with a Distributor in play."""
        has = sk.has  # asked at every spawn: ``in_play`` inlined
        holders = {s.seat for s in self.survivors if s.alive and not s.escaped and has(s.skills, "distributor")}
        return first_in_turn_order(self.seats, self.first_seat, holders)

    def step_deal(self, seat: str, zones: tuple[int, ...], cards: tuple[int, ...]) -> None:
        """Distributor: the next zone's card is chosen among those still in hand."""
        if not zones or not cards:
            return
        effects = [self.zombie_card_effect(number) for number in cards]
        if len(set(effects)) == 1:  # nothing to choose
            self.deal(seat, zones, cards, 0)
            return
        labels = tuple(self.deal_label(number, zones[0]) for number in cards)
        self.pending = Pending("deal", seat, -1, labels, tuple((n,) for n in range(len(cards))), zone=zones[0], attack=(zones, cards))
        self.events.append(DecisionNeeded("deal", seat, labels))

    def resolve_deal(self, pending: Pending, option: int) -> None:
        zones, cards = pending.attack
        self.deal(pending.seat, zones, cards, pending.payload[option][0])

    def deal(self, seat: str, zones: tuple[int, ...], cards: tuple[int, ...], pick: int) -> None:
        rest = cards[:pick] + cards[pick + 1 :]
        if zones[1:] and rest:
            self.queue.insert(0, ("deal", seat, zones[1:], rest))
        self.resolve_zombie_card(cards[pick], zones[0])

    def deal_label(self, number: int, zone: int) -> Said:
        """A Distributor's option: a card, what it does at the current danger level, and the zone it
        goes to, in words the window says in the player's language (zombies by their names)."""
        card = self.tables.zombie_cards[number]
        what: Said
        if card.kind == "spawn":
            zombies = self.tables.catalog.zombies
            parts = [Said(N_("{n} {zombie}"), n=n, zombie=zombies[t]) for t, n in self.tables.card_lines[number][self.danger_level()]]
            what = parts[0] if parts else Said(N_("nothing"))
            for part in parts[1:]:
                what = Said(N_("{spawns} + {more}"), spawns=what, more=part)
        elif card.kind == "extra_activation":
            kind = next((z for z in self.tables.catalog.zombies if z.id == card.zombie), card.zombie)
            what = Said(N_("extra activation of {zombie}"), zombie=kind)
        else:
            what = Said(N_("{kind} card {number}"), kind=card.kind, number=number)
        return Said(N_("card {number} ({what}) in {zone}"), number=number, what=what, zone=ZoneId(self.zid(zone)))

    def zombie_card_effect(self, number: int) -> str:
        """What a zombie card does at the current danger level, in words."""
        card = self.tables.zombie_cards[number]
        if card.kind == "spawn":
            lines = self.tables.card_lines[number][self.danger_level()]
            what = " + ".join(f"{n} {self.zname(t)}" for t, n in lines) or "nothing"
        elif card.kind == "extra_activation":
            what = f"extra activation of {card.zombie}"
        else:
            what = f"{card.kind} card {number}"  # box cards: each its own
        return what

    @property
    def spawn_dice(self) -> int:
        return self.base.spawn_dice

    def step_draw(self, zone: int) -> None:
        number = self.take_zombie_card()
        if number is not None:
            self.resolve_zombie_card(number, zone)

    def take_zombie_card(self) -> int | None:
        """The top zombie card, put on the discard pile (the discard is shuffled in when the deck runs out)."""
        if not self.zombie_deck:
            if not self.zombie_discard:
                return None
            order, self.rng = shuffled(self.rng, self.zombie_discard)
            self.zombie_deck, self.zombie_discard = list(order), []
            self.events.append(DeckShuffled("zombie", len(order)))
        number = self.zombie_deck.pop(0)
        self.zombie_discard.append(number)
        return number

    def resolve_zombie_card(self, number: int, zone: int) -> None:
        card = self.tables.zombie_cards[number]
        self.events.append(_CARD_DRAWN("zombie", str(number), self.graph.zone_ids[zone]))
        level = self.danger_level()
        if card.kind == "spawn":
            for t, n in self.tables.card_lines[number][level]:
                self.place(zone, t, n)
        elif card.kind == "extra_activation":
            if level > 0 and card.zombie in self.tables.zombie_index:
                t = self.tables.zombie_index[card.zombie]
                self.events.append(ExtraActivation(card.zombie, "card"))
                linked = [
                    ("link_turn", i) for i, s in enumerate(self.survivors) if s.in_play and sk.has(s.skills, "zombie_link")
                ]
                self.queue[0:0] = [*linked, *self.activation_steps((t,), "card")]
        else:  # the box's own card kinds
            handler = self.box.zombie_cards.get(card.kind)
            if handler is not None:
                handler(self, zone, number, level)

    def danger_level(self) -> int:
        # asked at every card drawn: ``in_play`` inlined
        return max([s.level for s in self.survivors if s.alive and not s.escaped], default=0)

    def place(self, zone: int, t: int, n: int, escorted: bool = True, extra_activation: bool = True) -> None:
        """Put ``n`` zombies of type ``t`` in ``zone`` from the supply, with escorts and substitutes;
        running out of miniatures gives that type an extra activation."""
        if n <= 0 or self.graph.no_spawn[zone]:  # nobody spawns under a blocking token (§15.4)
            return
        placed = min(n, self.supply[t])
        if placed:
            self.supply[t] -= placed
            counts = list(self.zombies[zone])
            counts[t] += placed
            self.zombies[zone] = tuple(counts)
            self.events.append(_ZOMBIE_SPAWNED(self.graph.zone_ids[zone], self.tables.zombie_ids[t], placed))
        missing = n - placed
        if missing and extra_activation and self.box.short_of_miniatures is not None:
            self.box.short_of_miniatures(self, zone, t, missing)
        elif missing and self.tables.substitute[t]:
            for st, sn in self.tables.substitute[t]:
                self.place(zone, st, sn * missing, escorted, extra_activation)
        elif missing and extra_activation:
            step = ("activate", (t,), "out_of_miniatures")
            if step not in self.queue:
                self.events.append(ExtraActivation(self.zname(t), "out_of_miniatures"))
                self.queue[0:0] = self.activation_steps((t,), "out_of_miniatures")
        if escorted and placed:
            for et, en in self.tables.escort[t]:
                self.place(zone, et, en * placed, True, extra_activation)


# the events of every card drawn and zombie placed, made through their layout twins (``maker_for``)
_CARD_DRAWN = maker_for(CardDrawn)
_ZOMBIE_SPAWNED = maker_for(ZombieSpawned)
