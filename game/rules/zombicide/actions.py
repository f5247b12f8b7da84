"""Survivor actions other than attacks: moving, doors, searching, inventory, objectives, noise, and the skills that add actions of their own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.frozen import maker_for
from game.rules.core.reasons import Label, Said, ZoneId, counted
from game.rules.core.rng import shuffled
from game.rules.zombicide import skills as sk
from game.rules.zombicide.boxes import InventoryRules
from game.rules.zombicide.commands import (
    Bloodlust,
    CardDiscarded,
    CardDrawn,
    CardKept,
    CardsCombined,
    CloseDoor,
    DecisionNeeded,
    DeckShuffled,
    DoorClosed,
    DoorOpened,
    EndTurn,
    Escape,
    GiveAction,
    Heal,
    Jump,
    MakeNoise,
    Move,
    MoveStopped,
    NoiseMade,
    ObjectiveTaken,
    OpenDoor,
    Rearrange,
    Reload,
    Rescue,
    Search,
    Shout,
    Shove,
    SurvivorEscaped,
    SurvivorHealed,
    SurvivorMoved,
    TakeObjective,
    Taunt,
    Trade,
    WeaponReloaded,
    ZombieAttacked,
)
from game.rules.zombicide.graph import jump_targets
from game.rules.zombicide.queries import can_trade
from game.rules.zombicide.state import (
    EMPTY,
    Pending,
    Survivor,
    searchable_now,
)
from game.rules.zombicide.working import Fields

DESTINY = -2  # keep_card option: Destiny swaps the drawn card for the next one

# where a kept card goes, by the inventory's slot names (a box may name others: said as "in <name>")
SLOT_WORDS = {"hand": N_("in hand"), "backpack": N_("in backpack"), "body": N_("in body"), "reserve": N_("in reserve")}


class SurvivorActions(Fields):
    """Methods of the working copy (``Game``)."""

    if not TYPE_CHECKING:  # slots for the working copy; mypy reads the fields declared in ``Fields``
        __slots__ = ()

    def do_move(self, i: int, command: Move) -> None:
        s = self.survivors[i]
        path = [self.zone_by_id(z) for z in (*command.via, command.to)]
        limit = sk.zones_per_move(s.skills)
        sprint = False
        if command.charge:
            if not sk.has(s.skills, "charge"):
                raise IllegalCommand(Said(N_('{survivor} does not have the Charge skill'), survivor=s.name))
            if len(path) > 2:
                raise IllegalCommand(Said(N_('a Charge goes up to 2 zones into a zone holding zombies')))
        elif len(path) > limit:
            if len(path) <= 3 and sk.has(s.skills, "sprint") and not s.sprint_used:
                sprint = True
            else:
                raise IllegalCommand(counted(N_("{survivor} moves at most {count} zone per Move action"), N_("{survivor} moves at most {count} zones per Move action"), limit, survivor=s.name))
        walked = self.walked_path(s, path)
        if command.charge and self.zombie_count(walked[-1]) == 0:
            raise IllegalCommand(Said(N_('a Charge goes up to 2 zones into a zone holding zombies')))
        extra = 0 if sk.has(s.skills, "slippery") or s.slip_next_move else self.zombie_count(s.zone)
        waived = self.box.crosses_freely
        crossing = 0 if waived is not None and waived(self, i) else self.path_extra(s.zone, walked)
        if s.slip_next_move:
            self.change(i, slip_next_move=False)
        if not command.charge:
            self.spend(i, "move")
        left = self.survivors[i].actions_left
        if extra > left:
            raise IllegalCommand(Said(N_('leaving a zone with {extra} zombies costs {actions} actions'), extra=extra, actions=extra + 1))
        if extra + crossing > left:
            raise IllegalCommand(Said(N_('this way costs {actions} actions'), actions=extra + crossing + 1))
        extra += crossing
        if extra or sprint:  # most Moves cost the one action spent above, and no Sprint
            self.change(i, actions_left=left - extra, sprint_used=s.sprint_used or sprint)
        self.walk(i, walked, len(path), extra if command.charge else 1 + extra)  # a Charge is free

    def walked_path(self, s: Survivor, path: list[int]) -> list[int]:
        """The zones a declared move really crosses: every step of it must be open and adjacent, and
        the move ends in the first zone on the way that holds zombies (§6.1), the rest dropped."""
        here = s.zone
        doors = self.doors_now()
        for zone in path:
            if zone not in self.graph.neighbours(here, doors):
                raise IllegalCommand(
                    Said(N_('{survivor} cannot move from {zone} to {to}: not an open, adjacent zone'), survivor=s.name, zone=ZoneId(self.zid(here)), to=ZoneId(self.zid(zone)))
                )
            here = zone
        for n, zone in enumerate(path[:-1]):
            if self.zombie_count(zone):
                return path[: n + 1]
        return path

    def walk(self, i: int, walked: list[int], declared: int, actions: int) -> None:
        """Survivor ``i`` steps along ``walked`` (``actions`` told on the first step); a move that ends
        short of the ``declared`` zones, or among zombies shown on the way (a box's hidden zone), says so."""
        s = self.survivors[i]
        from_zone = s.zone
        for n, zone in enumerate(walked):
            _SET_ZONE(self.own(i), zone)  # ``change(i, zone=zone)`` without its keywords: every Move
            self.events.append(_SURVIVOR_MOVED(s.id, self.zid(from_zone), self.zid(zone), actions))
            actions = 0
            self.box.stepped(self, i, from_zone, zone)
            from_zone = zone
            self.box.entered_zone(self, zone)
            if self.zombie_count(zone) and n < declared - 1:
                self.events.append(MoveStopped(s.id, self.zid(zone)))
                break  # zombies there (or walking in put them there): the move ends here

    def path_extra(self, start: int, path: list[int]) -> int:
        """What the edges and zones of a path cost on top of the Move (a box's dearer crossings)."""
        if not self.graph.step_costs:
            return 0
        total, here = 0, start
        for zone in path:
            total += self.graph.step_extra(here, zone)
            here = zone
        return total

    def do_jump(self, i: int, command: Jump) -> None:
        s = self.survivors[i]
        if not sk.has(s.skills, "jump"):
            raise IllegalCommand(Said(N_('{survivor} does not have the Jump skill'), survivor=s.name))
        if s.jump_used:
            raise IllegalCommand(Said(N_('Jump works once per turn')))
        to = self.zone_by_id(command.to)
        if to not in jump_targets(self.graph, self.doors_now(), s.zone):
            raise IllegalCommand(Said(N_('{survivor} cannot jump to {to}: it must be 2 zones away in a clear straight line'), survivor=s.name, to=ZoneId(command.to)))
        extra = 0 if sk.has(s.skills, "slippery") else self.zombie_count(s.zone)
        self.spend(i, "move")
        if extra > self.survivors[i].actions_left:
            raise IllegalCommand(Said(N_('leaving a zone with {extra} zombies costs {actions} actions'), extra=extra, actions=extra + 1))
        self.change(i, actions_left=self.survivors[i].actions_left - extra, jump_used=True, zone=to)
        self.events.append(SurvivorMoved(s.id, self.zid(s.zone), command.to, 1 + extra))
        self.box.entered_zone(self, to)

    def do_give_action(self, i: int, command: GiveAction) -> None:
        s = self.survivors[i]
        if not sk.has(s.skills, "born_leader"):
            raise IllegalCommand(Said(N_('{survivor} is not a Born leader'), survivor=s.name))
        if s.led:
            raise IllegalCommand(Said(N_('Born leader works once per turn')))
        j = self.survivor_by_id(command.target)
        target = self.survivors[j]
        if j == i or not target.in_play or self.isolated(s) != self.isolated(target):
            raise IllegalCommand(Said(N_('{survivor} cannot give an action to {other}'), survivor=s.name, other=target.name))
        self.change(i, led=True)
        self.change(j, gifted_actions=target.gifted_actions + 1)

    def do_close_door(self, i: int, command: CloseDoor) -> None:
        s = self.survivors[i]
        rules = self.box.doors
        if not rules.anyone and not sk.has(s.skills, "closes_doors"):
            raise IllegalCommand(Said(N_('{survivor} cannot close doors'), survivor=s.name))
        e = self.graph.edge_by_id.get(command.door)
        edge = self.graph.edges[e] if e is not None else None
        if edge is None or edge.door < 0 or s.zone not in (edge.a, edge.b):
            raise IllegalCommand(Said(N_('{survivor} is not next to that door'), survivor=s.name))
        if not self.doors_open[edge.door]:
            raise IllegalCommand(Said(N_('that door is already closed')))
        if rules.usable is not None:
            reason = rules.usable(self, i, edge.door, True)
            if reason:
                raise IllegalCommand(reason)
        if not rules.free:
            self.spend(i, "other")
        self.doors_open[edge.door] = False
        self.doors_spawned[edge.door] = True
        self.events.append(DoorClosed(command.door, s.id))
        if rules.worked is not None:
            rules.worked(self, i, edge.door, True)

    def do_shove(self, i: int, command: Shove) -> None:
        s = self.survivors[i]
        if not sk.has(s.skills, "shove") or s.shoved:
            raise IllegalCommand(Said(N_('{survivor} cannot shove now (Shove, once per turn)'), survivor=s.name))
        to = self.zone_by_id(command.to)
        if to not in self.graph.reaches(s.zone, self.doors_now()):
            raise IllegalCommand(Said(N_('zombies are shoved into an adjacent zone with a clear path')))
        if not self.zombie_count(s.zone):
            raise IllegalCommand(Said(N_('there is no zombie here to shove')))
        self.change(i, shoved=True)
        for t, n in enumerate(self.zombies[s.zone]):
            if n:
                self.arrive(s.zone, to, t, n)
        self.zombies[s.zone] = (0,) * self.tables.type_count

    def do_rescue(self, i: int, command: Rescue) -> None:
        s = self.survivors[i]
        if not sk.has(s.skills, "lifesaver") or s.rescued:
            raise IllegalCommand(Said(N_('{survivor} cannot rescue now (Lifesaver, once per turn)'), survivor=s.name))
        zone = self.zone_by_id(command.zone)
        if zone not in self.graph.reaches(s.zone, self.doors_now()) or not self.zombie_count(zone):
            raise IllegalCommand(Said(N_('Lifesaver reaches an adjacent zone holding zombies, with a clear path')))
        pulled = [j for j in self.survivors_in(zone) if not self.box.confined(self.survivors[j])]
        if not pulled:
            raise IllegalCommand(Said(N_('nobody to pull out of that zone')))
        self.change(i, rescued=True)
        for j in pulled:
            self.events.append(SurvivorMoved(self.survivors[j].id, command.zone, self.zid(s.zone), 0))
            self.change(j, zone=s.zone)

    def do_shout(self, i: int, command: Shout) -> None:
        s = self.survivors[i]
        if not sk.has(s.skills, "loud"):
            raise IllegalCommand(Said(N_('{survivor} does not have the Loud skill'), survivor=s.name))
        if self.loud[1] == i:
            raise IllegalCommand(Said(N_('Loud works once per turn')))
        self.loud = (s.zone, i)
        self.made_a_stir(i)
        self.events.append(NoiseMade(self.zid(s.zone), self.noise[s.zone]))

    def do_taunt(self, i: int, command: Taunt) -> None:
        """The zombies of the zone take one extra activation (every action of it) aimed only at the
        taunter: they attack the taunter when they share its zone, otherwise step towards it."""
        s = self.survivors[i]
        if not sk.has(s.skills, "taunt") or s.taunted:
            raise IllegalCommand(Said(N_('{survivor} cannot taunt now (Taunt, once per turn)'), survivor=s.name))
        zone = self.zone_by_id(command.zone)
        doors = self.doors_now()
        if zone != s.zone and zone not in self.graph.visible(doors)[s.zone]:
            raise IllegalCommand(Said(N_('{survivor} cannot see {zone}'), survivor=s.name, zone=ZoneId(command.zone)))
        if not self.zombie_count(zone):
            raise IllegalCommand(Said(N_('there are no zombies in {zone} to taunt'), zone=ZoneId(command.zone)))
        self.change(i, taunted=True)
        self.taunt_zone(i, zone)

    def taunt_zone(self, i: int, zone: int) -> None:
        """The zombies of ``zone`` take one extra activation (every action of it) aimed only at
        survivor ``i`` (Taunt-like skills of every box)."""
        doors = self.doors_now()
        home = self.survivors[i].zone
        distance_to_home = self.graph.zombie_distances_to(home, doors)
        taunted = list(self.zombies[zone])
        where = [zone] * len(taunted)
        wounds: list[tuple] = []
        for action in range(1, max(self.tables.actions) + 1):
            for t, count in enumerate(taunted):
                if not count or self.tables.actions[t] < action:
                    continue
                here = where[t]
                if here == home:
                    self.events.append(ZombieAttacked(self.zid(here), self.zname(t), count))
                    wounds.extend(self.box.wounds.attack_steps(self, home, ((t, count),), i))
                    continue
                steps = [
                    other for other in self.graph.zombie_neighbours(here, doors)
                    if distance_to_home[other] == distance_to_home[here] - 1
                ]
                if not steps:
                    continue  # no open route to the taunter: they stay
                step = min(steps)
                counts = list(self.zombies[here])
                counts[t] -= count
                self.zombies[here] = tuple(counts)
                self.arrive(here, step, t, count)
                where[t] = step
        self.queue[0:0] = wounds

    def do_bloodlust(self, i: int, command: Bloodlust) -> None:
        s = self.survivors[i]
        if not any(sk.split(k)[0] == "bloodlust" for k in s.skills):
            raise IllegalCommand(Said(N_('{survivor} does not have Bloodlust'), survivor=s.name))
        card = s.slots[command.slot] if command.slot in (0, 1) else -1
        weapon = self.equipment(card) if card >= 0 else None
        if weapon is None or weapon.attack is None or not any(
            sk.split(k)[0] == "bloodlust" and sk.split(k)[1] in (weapon.attack, "combat") for k in s.skills
        ):
            raise IllegalCommand(Said(N_('Bloodlust needs a weapon in hand of its kind')))
        if weapon.reload and card in self.unloaded:
            raise IllegalCommand(Said(N_('{weapon} must be reloaded first'), weapon=weapon))
        if weapon.attack == "ranged" and weapon.range_min > 0:
            raise IllegalCommand(Said(N_('{weapon} cannot strike the zone Bloodlust ends in'), weapon=weapon))
        path = [self.zone_by_id(z) for z in (*command.via, command.to)]
        if len(path) > 2:
            raise IllegalCommand(Said(N_('Bloodlust moves up to 2 zones into a zone with zombies')))
        walked = self.walked_path(s, path)
        if not self.zombie_count(walked[-1]):
            raise IllegalCommand(Said(N_('Bloodlust moves up to 2 zones into a zone with zombies')))
        extra = 0 if sk.has(s.skills, "slippery") else self.zombie_count(s.zone)
        self.spend(i, "move")
        if extra > self.survivors[i].actions_left:
            raise IllegalCommand(Said(N_('leaving a zone with {extra} zombies costs {actions} actions'), extra=extra, actions=extra + 1))
        self.change(i, actions_left=self.survivors[i].actions_left - extra)
        self.walk(i, walked, len(path), 0)
        self.box.move_ended(self, i)  # what stopping there sets off comes before the free attack (§15.5)
        self.queue_free_attack(i, command.slot, self.survivors[i].zone)

    def do_heal(self, i: int, command: Heal) -> None:
        s = self.survivors[i]
        if not sk.has(s.skills, "medic"):
            raise IllegalCommand(Said(N_('{survivor} is not a Medic'), survivor=s.name))
        if s.healed:
            raise IllegalCommand(Said(N_('{survivor} has already healed this turn'), survivor=s.name))
        j = self.survivor_by_id(command.target)
        target = self.survivors[j]
        if not target.in_play or target.zone != s.zone:
            raise IllegalCommand(Said(N_("{other} is not in {survivor}'s zone"), other=target.name, survivor=s.name))
        if target.wounds == 0:
            raise IllegalCommand(Said(N_('{other} has no wound'), other=target.name))
        self.change(i, healed=True)
        target = self.survivors[j]
        self.change(j, wounds=target.wounds - 1, slots=self.box.wounds.heal(target.slots, 1))
        self.events.append(SurvivorHealed(s.id, target.id, target.wounds - 1))

    def do_open_door(self, i: int, command: OpenDoor) -> None:
        s = self.survivors[i]
        e = self.graph.edge_by_id.get(command.door)
        edge = self.graph.edges[e] if e is not None else None
        if edge is None or edge.door < 0:
            raise IllegalCommand(Said(N_('{door} is not a door'), door=repr(command.door)))
        if s.zone not in (edge.a, edge.b):
            raise IllegalCommand(Said(N_('{survivor} is not next to that door'), survivor=s.name))
        if self.doors_open[edge.door]:
            raise IllegalCommand(Said(N_('that door is already open')))
        key = self.spec.door_keys.get(edge.color)
        if key is not None and key not in self.unlocked:
            raise IllegalCommand(Said(N_('the {colour} door stays locked until the {goal} objective is taken'), colour=edge.color, goal=key))
        rules = self.box.doors
        equipped = [s.slots[n] for n in self.box.inventory.held(self, s)]
        openers = [] if rules.anyone else [c for c in equipped if c >= 0 and self.equipment(c).opens_doors]
        silent_skill = rules.anyone or sk.has(s.skills, "opens_doors")
        if not openers and not silent_skill:
            raise IllegalCommand(Said(N_('{survivor} needs a door-opening weapon in hand'), survivor=s.name))
        if rules.usable is not None:
            reason = rules.usable(self, i, edge.door, False)
            if reason:
                raise IllegalCommand(reason)
        if not rules.free:
            self.spend(i, "door")
        noisy = not silent_skill and all(self.equipment(c).noisy_door for c in openers)
        if self.box.door_roll is not None:  # doors that open on a roll of the box's
            opened, noisy = self.box.door_roll(self, i, openers, silent_skill)
            if not opened:
                if noisy:
                    self.add_noise(s.zone, i)
                return
        self.swing_open(i, edge, noisy)

    def swing_open(self, i: int, edge: Any, noisy: bool) -> None:
        """Survivor ``i`` opens the door of ``edge`` (however: a weapon, a skill, a box's spell): the
        door opens, a Noise token if ``noisy``, and the first door of a building wakes its rooms."""
        s = self.survivors[i]
        self.doors_open[edge.door] = True
        self.events.append(DoorOpened(edge.connection_id, s.id))
        rules = self.box.doors
        if rules.worked is not None:
            rules.worked(self, i, edge.door, False)
        if noisy:
            self.add_noise(s.zone, i)
        if not rules.spawns_buildings:
            self.doors_spawned[edge.door] = True
        elif not self.doors_spawned[edge.door]:
            self.doors_spawned[edge.door] = True
            for zone in (edge.a, edge.b):
                b = self.graph.building[zone]
                if b >= 0 and not self.buildings_spawned[b]:
                    self.buildings_spawned[b] = True
                    self.queue[0:0] = [
                        ("draw", z, "building")
                        for z in self.graph.buildings[b]
                        # a box's zones that spawn on another cue, and zones no zombie spawns in
                        if not self.box.building_spawn_waits(self, z) and not self.graph.no_spawn[z]
                    ]
            self.box.door_opened(self, edge)

    def do_search(self, i: int, command: Search) -> None:
        s = self.survivors[i]
        nose = s.nose_search
        may_search = self.box.may_search
        if may_search is not None:
            if not may_search(self, i):
                raise IllegalCommand(Said(N_('{survivor} cannot search here'), survivor=s.name))
        elif not nose and not searchable_now(self, s.zone) and not sk.has(s.skills, "search_anywhere"):
            raise IllegalCommand(Said(N_('only building rooms can be searched')))
        if self.zombie_count(s.zone):
            raise IllegalCommand(Said(N_('nobody searches with zombies in the zone')))
        if s.searched:
            raise IllegalCommand(Said(N_('{survivor} has already searched this turn'), survivor=s.name))
        if nose:  # Hold your nose: free, and in any zone
            self.change(i, nose_search=False)
        else:
            self.spend(i, "search")
        s = self.change(i, searched=True)
        drawn = []
        if self.box.search_draws is not None:
            draws = self.box.search_draws(self, i)
        else:
            equipped = [s.slots[n] for n in self.box.inventory.held(self, s)]
            flashlight = any("search_draw_two" in self.equipment(c).effects for c in equipped if c >= 0)
            draws = 1 + sk.extra_search_cards(s.skills) + (1 if flashlight else 0)
        for _ in range(draws):
            card = self.draw_equipment()
            if card is None:
                break
            drawn.append(card)
            self.events.append(CardDrawn("equipment", self.card_kinds[card], self.zid(s.zone), s.id))
            if "aaahh_spawn" in self.equipment(card).effects:
                break  # an Aaahh!! ends the search
            twin = self.matching_twin(s, card)
            if twin >= 0:
                drawn.append(twin)
                self.events.append(CardDrawn("equipment", self.card_kinds[twin], self.zid(s.zone), s.id))
        if not drawn:
            raise IllegalCommand(Said(N_('the equipment deck is empty')))
        self.offer_cards(i, drawn)

    def matching_twin(self, s: Survivor, card: int) -> int:
        """Matching set!: a searched Dual weapon brings a second copy out of the deck, which is then
        shuffled; -1 when there is none."""
        equipment = self.equipment(card)
        if not equipment.dual or not sk.has(s.skills, "matching_set"):
            return -1
        twin = next((c for c in self.equipment_deck if self.card_kinds[c] == equipment.id), -1)
        if twin >= 0:
            self.equipment_deck.remove(twin)
            order, self.rng = shuffled(self.rng, self.equipment_deck)
            self.equipment_deck = list(order)
            self.events.append(DeckShuffled("equipment", len(order)))
        return twin

    def resolve_keep_card(self, pending: Pending, option: int) -> None:
        """Keep the searched card in a slot (its card goes), discard it, or swap it (Destiny)."""
        i, card = pending.survivor, pending.card
        s = self.survivors[i]
        slot = pending.payload[option][0]
        if slot == DESTINY:
            self.discard_cards((card,))
            self.events.append(CardDiscarded(s.id, self.card_kinds[card]))
            self.change(i, destiny_used=True)
            fresh = self.draw_equipment()
            cards = list(pending.more_cards)
            if fresh is not None:
                self.events.append(CardDrawn("equipment", self.card_kinds[fresh], self.zid(s.zone), s.id))
                cards.insert(0, fresh)
            self.offer_cards(i, cards)
            return
        if slot < 0:
            self.discard_cards((card,))
            self.events.append(CardDiscarded(s.id, self.card_kinds[card]))
            if pending.more_cards:
                self.offer_cards(i, list(pending.more_cards))
            return
        slots = list(s.slots)
        if slots[slot] >= 0:
            self.discard_cards((slots[slot],))
            self.events.append(CardDiscarded(s.id, self.card_kinds[slots[slot]]))
        slots[slot] = card
        self.change(i, slots=tuple(slots))
        self.events.append(CardKept(s.id, self.card_kinds[card], slot))
        if pending.more_cards:
            self.offer_cards(i, list(pending.more_cards))

    def offer_cards(self, i: int, cards: list[int]) -> None:
        """Each searched card in turn: an Aaahh!! places its zombie, any other asks keep or discard."""
        s = self.survivors[i]
        acts_at_once = self.box.searched_card
        while cards:
            card = cards.pop(0)
            equipment = self.equipment(card)
            if acts_at_once is not None:
                instead = acts_at_once(self, i, card)
                if instead is not None:  # the box dealt with it: offer what it gives instead
                    cards[0:0] = list(instead)
                    s = self.survivors[i]
                    continue
            if "aaahh_spawn" in equipment.effects:
                self.discard_cards((card,))
                walker = self.tables.zombie_index.get(self.box.aaahh_zombie)
                if walker is not None:
                    self.place(s.zone, walker, 1)
                continue
            options: list[str] = [Said(N_("discard it"))]
            payload: list[tuple[int, ...]] = [(-1,)]
            inventory = self.box.inventory
            names = inventory.slot_names(self.tables, s.id, len(s.slots))
            for slot, held in enumerate(s.slots):
                if not inventory.fits(self.tables, s.id, slot, equipment):
                    continue
                where = Said(SLOT_WORDS[names[slot]]) if names[slot] in SLOT_WORDS else Said(N_("in {slot}"), slot=names[slot])
                if held == EMPTY:
                    options.append(Said(N_("keep {card} {where} (slot {slot})"), card=equipment, where=where, slot=slot))
                    payload.append((slot,))
                elif held >= 0:
                    options.append(Said(N_("keep {card} {where} instead of {other}"), card=equipment, where=where,
                                        other=self.equipment(held)))
                    payload.append((slot,))
            if sk.has(s.skills, "destiny") and not s.destiny_used and (self.equipment_deck or self.equipment_discard):
                options.append(Said(N_("discard {card} and draw another card (Destiny)"), card=equipment))
                payload.append((DESTINY,))
            self.pending = Pending(
                "keep_card", s.seat, i, tuple(options), tuple(payload), card=card, more_cards=tuple(cards)
            )
            self.events.append(DecisionNeeded("keep_card", s.seat, tuple(options)))
            return

    def draw_equipment(self) -> int | None:
        if not self.equipment_deck:
            kept_out = set(self.tables.catalog.setup.kept_out_of_deck)
            refill = [c for c in self.equipment_discard if self.card_kinds[c] not in kept_out]
            if not refill:
                return None
            self.equipment_discard = [c for c in self.equipment_discard if self.card_kinds[c] in kept_out]
            order, self.rng = shuffled(self.rng, refill)
            self.equipment_deck = list(order)
            self.events.append(DeckShuffled("equipment", len(order)))
        return self.equipment_deck.pop(0)

    def combine(self, i: int, slot: int, other_slot: int) -> None:
        s = self.survivors[i]
        if slot == other_slot or not (0 <= slot < len(s.slots) and 0 <= other_slot < len(s.slots)):
            raise IllegalCommand(Said(N_('name two different slots')))
        a, b = s.slots[slot], s.slots[other_slot]
        if a < 0 or b < 0:
            raise IllegalCommand(Said(N_('both slots must hold an equipment card')))
        recipe = next((c for c in self.equipment(a).combines_with if c.partner == self.card_kinds[b]), None)
        if recipe is None:
            raise IllegalCommand(Said(N_('{card} and {other} do not combine'), card=self.equipment(a), other=self.equipment(b)))
        count = sk.made_count(s.skills, recipe.makes_count, dict(recipe.skill_makes_count))
        made = []
        kinds = list(self.card_kinds)
        for _ in range(count):
            made.append(len(kinds))
            kinds.append(recipe.makes)
        self.card_kinds = tuple(kinds)
        if recipe.parts == "discarded":  # "Los componentes son descartados" (§10.7)
            self.discard_cards((a, b))
        # tucked parts stay under the new card: it gives them back when it is discarded
        slots = list(s.slots)
        slots[slot], slots[other_slot] = made[0], EMPTY
        for extra in made[1:]:
            if EMPTY not in slots:
                break
            slots[slots.index(EMPTY)] = extra
        self.change(i, slots=tuple(slots))
        self.events.append(CardsCombined(s.id, recipe.makes, count))
        self.inventory_event(i)

    def do_reload(self, i: int, command: Reload) -> None:
        s = self.survivors[i]
        equipped = [s.slots[n] for n in self.box.inventory.held(self, s)]
        targets = [c for c in equipped if c >= 0 and c in self.unloaded]
        if not targets:
            raise IllegalCommand(Said(N_('no weapon in hand needs reloading')))
        if not sk.has(s.skills, "free_reload"):
            self.spend(i, "reload")
        kind = self.card_kinds[targets[0]]
        for card in targets:
            if self.card_kinds[card] == kind:  # one Reload loads both twins of a Dual pair
                self.unloaded.remove(card)
                self.events.append(WeaponReloaded(s.id, kind))

    def arrangement_ok(self, before: tuple[int, ...], after: tuple[int, ...], who: str, survivor_id: str = "") -> None:
        if len(after) != len(before):
            raise IllegalCommand(Said(N_("{survivor}'s inventory has {count} slots"), survivor=who, count=len(before)))
        inventory = self.box.inventory
        if type(inventory).fits is not InventoryRules.fits:  # the core's: every card fits every slot
            self.slots_fit(inventory, after, who, survivor_id)
        both = before + after
        if not both or min(both) >= EMPTY:
            return  # equipment and empty slots only
        held = [c for c in before if c < EMPTY]  # cards that are not equipment (a box's)
        held_after = [c for c in after if c < EMPTY]
        if (held or held_after) and sorted(held_after) != sorted(held):
            name = self.box.wounds.held_card_name
            if any(not name(c) for c in held_after):
                raise IllegalCommand(Said(N_('unknown card in the arrangement')))
            raise IllegalCommand(Said(N_('{card} cards can be moved but never discarded or traded'), card=Label(name((held or held_after)[0]))))

    def slots_fit(self, inventory: Any, after: tuple[int, ...], who: str, survivor_id: str) -> None:
        """Every equipment card of ``after`` fits its slot by the box's ``fits`` (``arrangement_ok``'s
        first test)."""
        # ``fits(..., self.equipment(card))`` with the look-ups bound once: every trade asks it of two inventories
        fits, tables, kinds = inventory.fits, self.tables, self.card_kinds
        equipment, count = tables.equipment, len(kinds)
        for slot, card in enumerate(after):
            if card >= 0 and card < count and not fits(tables, survivor_id, slot, equipment[kinds[card]]):
                where = inventory.slot_names(tables, survivor_id, len(after))[slot]
                raise IllegalCommand(Said(N_("{card} cannot go in {survivor}'s {slot} slot"), card=self.equipment(card),
                                          survivor=who, slot=Label(where)))

    def do_rearrange(self, i: int, command: Rearrange) -> None:
        s = self.survivors[i]
        after = tuple(command.slots)
        self.arrangement_ok(s.slots, after, s.name, s.id)
        mine = [c for c in s.slots if c >= 0]
        if any(c >= 0 and c not in mine for c in after) or len([c for c in after if c >= 0]) != len(set(c for c in after if c >= 0)):
            raise IllegalCommand(Said(N_("a rearrangement only moves the survivor's own cards")))
        self.spend(i, "other")
        for c in mine:
            if c not in after:
                self.discard_cards((c,))
                self.events.append(CardDiscarded(s.id, self.card_kinds[c]))
        self.change(i, slots=after)
        self.inventory_event(i)

    def do_trade(self, i: int, command: Trade) -> None:
        s = self.survivors[i]
        j = self.survivor_by_id(command.other)
        other = self.survivors[j]
        if j == i or not other.in_play or other.zone != s.zone:
            raise IllegalCommand(Said(N_("{other} is not in {survivor}'s zone"), other=other.name, survivor=s.name))
        if not can_trade(self, i, j):
            raise IllegalCommand(Said(N_('{survivor} cannot reach {other} to trade'), survivor=s.name, other=other.name))
        mine, theirs = tuple(command.slots), tuple(command.other_slots)
        before = s.slots + other.slots
        left: list[int] = []  # the cards nobody keeps: discarded
        ordered = sorted(before)
        same_cards = len(mine) == len(s.slots) and len(theirs) == len(other.slots) and sorted(mine + theirs) == ordered
        if not (same_cards and (not ordered or ordered[0] >= EMPTY)):
            self.arrangement_ok(s.slots, mine, s.name, s.id)
            self.arrangement_ok(other.slots, theirs, other.name, other.id)
        else:  # most trades: equipment moved about, the lengths kept, so ``arrangement_ok`` reads fits alone
            inventory = self.box.inventory
            if type(inventory).fits is not InventoryRules.fits:  # the core's: every card fits every slot
                self.slots_fit(inventory, mine, s.name, s.id)
                self.slots_fit(inventory, theirs, other.name, other.id)
        if not same_cards:  # not the same cards moved about (most trades are)
            pool = [c for c in before if c >= 0]
            placed = [c for c in mine + theirs if c >= 0]
            if len(placed) != len(set(placed)) or any(c not in pool for c in placed):
                raise IllegalCommand(Said(N_("a trade only moves the two survivors' own cards")))
            left = [c for c in pool if c not in placed]
        self.spend(i, "other")
        for c in left:
            self.discard_cards((c,))
        self.set_slots(i, mine)
        self.set_slots(j, theirs)
        self.inventory_event(i)
        self.inventory_event(j)

    def discard(self, i: int, slot: int) -> None:
        s = self.survivors[i]
        if not 0 <= slot < len(s.slots) or s.slots[slot] < 0:
            raise IllegalCommand(Said(N_('that slot holds no equipment card')))
        card = s.slots[slot]
        slots = list(s.slots)
        slots[slot] = EMPTY
        self.change(i, slots=tuple(slots))
        self.discard_cards((card,))
        self.events.append(CardDiscarded(s.id, self.card_kinds[card]))

    def do_take_objective(self, i: int, command: TakeObjective) -> None:
        s = self.survivors[i]
        index = next(
            (n for n, p in enumerate(self.graph.objectives) if p.zone == s.zone and not self.objectives_taken[n]), None
        )
        if index is None:
            raise IllegalCommand(Said(N_('there is no objective to take in this zone')))
        self.spend(i, "other")
        self.objectives_taken[index] = True
        colour = self.graph.objectives[index].color
        if colour not in self.unlocked:
            self.unlocked.append(colour)
        self.events.append(ObjectiveTaken(s.id, self.zid(s.zone), colour))
        xp = self.spec.objective_xp if self.spec.objective_xp is not None else self.tables.catalog.setup.xp_per_objective_default
        if xp:
            self.gain_xp(i, xp)
        self.box.objective_taken(self, i, index)

    def do_make_noise(self, i: int, command: MakeNoise) -> None:
        self.spend(i, "other")
        self.made_a_stir(i)
        s = self.survivors[i]
        self.noise[s.zone] += 1
        self.events.append(_NOISE_MADE(self.zid(s.zone), self.noise[s.zone]))

    def do_end_turn(self, i: int, command: EndTurn) -> None:
        self.end_turn(i)

    def do_escape(self, i: int, command: Escape) -> None:
        s = self.survivors[i]
        if "escape_all" not in self.spec.goals:
            raise IllegalCommand(Said(N_('this mission has no escape')))
        if s.zone not in self.graph.exits:
            raise IllegalCommand(Said(N_('{survivor} is not in an exit zone'), survivor=s.name))
        if self.zombie_count(s.zone):
            raise IllegalCommand(Said(N_('nobody escapes while zombies stand in the exit zone')))
        self.change(i, escaped=True)
        self.events.append(SurvivorEscaped(s.id))
        self.end_turn(i)


_SET_ZONE = Survivor.__dict__["zone"].__set__

# the events of every Move and Make Noise, made through their layout twins (``maker_for``)
_SURVIVOR_MOVED = maker_for(SurvivorMoved)
_NOISE_MADE = maker_for(NoiseMade)
