"""The working copy of a Zombicide state for the length of one ``apply``.

``Game`` gathers the rules by concern, one mixin per module (``actions``, ``combat``, ``wounds``,
``helicopter``, ``team_actions``, ``zombie_phase``, ``spawning``, ``competitive``); this module holds
the mutable fields, the small helpers every concern shares, the dispatch of commands and the
decisions that pause the game. ``freeze`` turns the copy back into an immutable state.
"""

from typing import Any

from game.rules.core.base import IllegalCommand
from game.rules.core.rng import RngState, force_dice, roll_d6
from game.rules.zombicide import skills as sk
from game.rules.zombicide.actions import DESTINY, SurvivorActions
from game.rules.zombicide.boxes import box_rules
from game.rules.zombicide.combat import Combat
from game.rules.zombicide.commands import (
    Attack,
    Bloodlust,
    BoardHelicopter,
    CardDiscarded,
    CardDrawn,
    CardKept,
    ChangeSeat,
    ChooseOption,
    CloseDoor,
    Combine,
    DiceForced,
    DiceRolled,
    Discard,
    EndTurn,
    Escape,
    Fly,
    ForceDice,
    GiveAction,
    Heal,
    InventoryChanged,
    Jump,
    Land,
    LeaveHelicopter,
    MakeNoise,
    Move,
    NoiseMade,
    OpenDoor,
    Rearrange,
    Reload,
    Rescue,
    Search,
    Shout,
    Shove,
    StoreEquipment,
    TakeEquipment,
    TakeObjective,
    TakeOff,
    Taunt,
    Trade,
    TurnEnded,
    TurnStarted,
    UseTeamAction,
)
from game.rules.zombicide.competitive import Competitive
from game.rules.zombicide.graph import ZoneGraph
from game.rules.zombicide.helicopter import HelicopterRules
from game.rules.zombicide.spawning import Spawning
from game.rules.zombicide.state import (
    WOUND,
    Pending,
    Survivor,
    ZombicideSetup,
    ZombicideState,
    evolver_for,
)
from game.rules.zombicide.tables import Tables
from game.rules.zombicide.team_actions import TeamActions
from game.rules.zombicide.wounds import Wounds
from game.rules.zombicide.zombie_phase import ZombiePhase


class Game(SurvivorActions, Combat, Wounds, HelicopterRules, TeamActions, ZombiePhase, Spawning, Competitive):
    """A mutable copy of a state for the length of one ``apply``."""

    # every attribute of the working copy (``working.Fields`` types them): a new one must be listed here
    __slots__ = (
        "base", "graph", "tables", "spec", "box", "card_kinds", "round", "phase", "seats", "first_seat",
        "turn", "survivors", "owned", "active", "zombies", "noise", "doors_open", "doors_spawned",
        "buildings_spawned", "objectives_taken", "unlocked", "unloaded", "equipment_deck",
        "equipment_discard", "zombie_deck", "zombie_discard", "supply", "rng", "pending", "queue",
        "paused_queue", "tents_revealed", "triggers_fired", "helicopters", "team_actions_used",
        "team_cards_used", "vests_hit", "loud", "winners", "result", "kills", "events",
    )

    def __init__(self, state: ZombicideState):
        self.base = state
        self.graph: ZoneGraph = state.graph
        self.tables: Tables = state.tables
        self.spec: ZombicideSetup = state.setup
        self.box = _box_rules(self.spec.box)
        self.card_kinds = state.card_kinds
        self.round = state.round
        self.phase = state.phase
        self.seats = state.seats
        self.first_seat = state.first_seat
        self.turn = state.turn
        self.survivors = list(state.survivors)
        # survivors copied by this working copy, by position: later changes are made in place
        self.owned: list[Survivor | None] = [None] * len(self.survivors)
        self.active = state.active
        self.zombies = list(state.zombies)
        self.noise = list(state.noise)
        self.doors_open = list(state.doors_open)
        self.doors_spawned = list(state.doors_spawned)
        self.buildings_spawned = list(state.buildings_spawned)
        self.objectives_taken = list(state.objectives_taken)
        self.unlocked = list(state.unlocked_colours)
        self.unloaded = list(state.unloaded)
        self.equipment_deck = list(state.equipment_deck)
        self.equipment_discard = list(state.equipment_discard)
        self.zombie_deck = list(state.zombie_deck)
        self.zombie_discard = list(state.zombie_discard)
        self.supply = list(state.supply)
        self.rng: RngState = state.rng
        self.pending: Pending | None = state.pending
        self.queue = list(state.queue)
        self.paused_queue = list(state.paused_queue)
        self.tents_revealed = list(state.tents_revealed)
        self.triggers_fired = list(state.triggers_fired)
        self.helicopters = list(state.helicopters)
        self.team_actions_used = list(state.team_actions_used)
        self.team_cards_used = list(state.team_cards_used)
        self.vests_hit = list(state.vests_hit)
        self.loud = state.loud
        self.winners = state.winners
        self.result = state.result
        self.kills = state.kills
        self.events: list[Any] = []

    def freeze(self) -> ZombicideState:
        return _evolve_state(  # type: ignore[no-any-return]
            self.base,
            card_kinds=self.card_kinds,
            round=self.round,
            phase=self.phase,  # type: ignore[arg-type]
            first_seat=self.first_seat,
            turn=self.turn,
            survivors=tuple(self.survivors),
            active=self.active,
            zombies=tuple(self.zombies),
            noise=tuple(self.noise),
            doors_open=tuple(self.doors_open),
            doors_spawned=tuple(self.doors_spawned),
            buildings_spawned=tuple(self.buildings_spawned),
            objectives_taken=tuple(self.objectives_taken),
            unlocked_colours=tuple(self.unlocked),
            unloaded=tuple(sorted(self.unloaded)),
            equipment_deck=tuple(self.equipment_deck),
            equipment_discard=tuple(self.equipment_discard),
            zombie_deck=tuple(self.zombie_deck),
            zombie_discard=tuple(self.zombie_discard),
            supply=tuple(self.supply),
            rng=self.rng,
            pending=self.pending,
            queue=tuple(self.queue),
            paused_queue=tuple(self.paused_queue),
            tents_revealed=tuple(self.tents_revealed),
            triggers_fired=tuple(self.triggers_fired),
            helicopters=tuple(self.helicopters),
            team_actions_used=tuple(self.team_actions_used),
            team_cards_used=tuple(self.team_cards_used),
            vests_hit=tuple(self.vests_hit),
            loud=self.loud,
            winners=self.winners,
            result=self.result,  # type: ignore[arg-type]
            kills=self.kills,
        )

    def zid(self, zone: int) -> str:
        return self.graph.zone_ids[zone]

    def zname(self, t: int) -> str:
        return self.tables.zombie_ids[t]

    def card_name(self, card: int) -> str:
        if card == WOUND:
            return "wound"
        return self.card_kinds[card] if card >= 0 else ""

    def equipment(self, card: int):  # type: ignore[no-untyped-def]
        return self.tables.equipment[self.card_kinds[card]]

    def change(self, i: int, **changes: Any) -> Survivor:
        """Change survivor ``i``: copied on the first change of this apply, then changed in place
        (the copy is private to this working copy until ``freeze``)."""
        survivor = self.survivors[i]
        if self.owned[i] is survivor:
            for name, value in changes.items():
                _SET_SURVIVOR_FIELD[name](survivor, value)
            return survivor
        survivor = _evolve_survivor(survivor, **changes)
        self.survivors[i] = self.owned[i] = survivor
        return survivor

    def zombie_count(self, zone: int) -> int:
        return sum(self.zombies[zone])

    def survivors_in(self, zone: int) -> list[int]:
        """Survivors in the zone that actors outside a flying helicopter can reach."""
        return [i for i, s in enumerate(self.survivors) if s.in_play and s.zone == zone and not self.in_flight(s)]

    def prey_in(self, zone: int) -> list[int]:
        """Survivors the zombies can attack or grab in the zone: Rotten ones are ignored."""
        return [i for i in self.survivors_in(zone) if not self.survivors[i].rotten]

    def made_a_stir(self, i: int) -> None:
        """A combat action, noise or piloting: the turn is not quiet and any Rotten token is lost."""
        s = self.survivors[i]
        if s.quiet_turn or s.rotten:
            self.change(i, quiet_turn=False, rotten=False)

    def in_flight(self, s: Survivor) -> bool:
        return s.aboard >= 0 and self.helicopters[s.aboard].flying

    def add_noise(self, zone: int, who: int) -> None:
        """A Noise token made by survivor ``who`` (Ninja survivors make none)."""
        if sk.has(self.survivors[who].skills, "makes_no_noise"):
            return
        self.made_a_stir(who)
        self.noise[zone] += 1
        self.events.append(NoiseMade(self.zid(zone), self.noise[zone]))

    def inventory_event(self, i: int) -> None:
        s = self.survivors[i]
        self.events.append(InventoryChanged(s.id, tuple(self.card_name(c) for c in s.slots)))

    def survivor_by_id(self, survivor_id: str) -> int:
        for i, s in enumerate(self.survivors):
            if s.id == survivor_id:
                return i
        raise IllegalCommand(f"there is no survivor called {survivor_id!r}")

    def zone_by_id(self, zone_id: str) -> int:
        zone = self.graph.index.get(zone_id)
        if zone is None:
            raise IllegalCommand(f"there is no zone {zone_id!r}")
        return zone

    def play(self, seat: str, command: Any) -> None:
        if self.result is not None:
            raise IllegalCommand("the game is over")
        if isinstance(command, ForceDice):
            try:
                self.rng = force_dice(self.rng, command.values)
            except ValueError as error:
                raise IllegalCommand(str(error)) from error
            self.events.append(DiceForced(tuple(command.values)))
            return
        if self.pending is not None:
            if not isinstance(command, ChooseOption):
                raise IllegalCommand("a decision is waiting: choose one of its options first")
            if seat != self.pending.seat:
                raise IllegalCommand(f"this decision belongs to {self.pending.seat}")
            self.choose(command.option)
            self.run_queue()
            self.after_action()
            return
        if isinstance(command, ChooseOption):
            raise IllegalCommand("there is no decision to take")
        if self.phase != "players":
            raise IllegalCommand("the zombies are playing")
        i = self.survivor_by_id(command.survivor)
        s = self.survivors[i]
        if seat != self.base.current_seat and not (self.active < 0 and s.seat == seat and sk.is_tactician(s.skills)):
            raise IllegalCommand(f"it is {self.base.current_seat}'s turn, not {seat}'s")
        if s.seat != seat:
            raise IllegalCommand(f"{s.name} is not yours to play")
        if not s.in_play:
            raise IllegalCommand(f"{s.name} is no longer on the board")
        if s.done:
            raise IllegalCommand(f"{s.name} has already played this round")
        if self.active >= 0 and self.active != i:
            raise IllegalCommand(f"finish {self.survivors[self.active].name}'s turn first")
        if isinstance(command, Discard):
            self.discard(i, command.slot)
            return
        if isinstance(command, Combine):
            self.combine(i, command.slot, command.other_slot)
            return
        if s.aboard >= 0 and not isinstance(command, _HELICOPTER_COMMANDS + (EndTurn,)):
            raise IllegalCommand(f"{s.name} must leave the helicopter first")
        if self.active < 0:
            self.active = i
            s = self.change(i, acting=True, actions_left=s.actions_left + s.gifted_actions, gifted_actions=0)
            if self.loud[1] == i:
                self.loud = (-1, -1)
            self.events.append(TurnStarted(s.id, s.actions_left))
        handler: Any = _HANDLERS.get(type(command))
        if handler is not None:
            handler(self, i, command)
        elif type(command) in self.box.commands:  # the box's own commands
            getattr(self, self.box.commands[type(command)])(i, command)
        else:
            raise IllegalCommand(f"unknown command {command!r}")
        self.box.after_action(self, i)
        self.run_queue()
        self.after_action()

    def spend(self, i: int, category: str) -> None:
        s = self.survivors[i]
        for tag in (category, "combat") if category in ("melee", "ranged") else (category,):
            if tag in s.free_actions:
                free = list(s.free_actions)
                free.remove(tag)
                self.change(i, free_actions=tuple(free))
                return
        if s.actions_left <= 0:
            raise IllegalCommand(f"{s.name} has no action left")
        self.change(i, actions_left=s.actions_left - 1)

    def after_action(self) -> None:
        """End the active survivor's turn when it cannot act any more; move the game on."""
        self.check_goals(end_phase=False)
        if self.result is not None or self.pending is not None or self.phase != "players":
            return
        if self.active >= 0:
            s = self.survivors[self.active]
            if not s.in_play or (s.actions_left <= 0 and not s.free_actions):
                self.end_turn(self.active)
        if self.paused_queue:
            if self.active < 0:  # a Zombie link turn is over: the zombies' phase goes on
                self.phase = "zombies"
                self.queue[0:0] = self.paused_queue
                self.paused_queue = []
                self.run_queue()
                self.after_action()
            return
        self.advance_turns()

    def end_turn(self, i: int) -> None:
        s = self.survivors[i]
        rotten = s.rotten or (s.quiet_turn and s.in_play and sk.has(s.skills, "rotten"))
        s = self.change(i, done=True, acting=False, actions_left=0, free_actions=(), rotten=rotten)
        self.active = -1
        self.events.append(TurnEnded(s.id))

    def advance_turns(self) -> None:
        while self.phase == "players" and self.result is None:
            if self.turn >= len(self.seats):
                if not any(s.in_play and not s.done and sk.is_tactician(s.skills) for s in self.survivors):
                    self.start_zombie_phase()  # a Tactician still to play holds the phase open
                return
            seat = self.seats[(self.first_seat + self.turn) % len(self.seats)]
            for s in self.survivors:
                if s.seat == seat and s.alive and not s.escaped and not s.done and not sk.is_tactician(s.skills):
                    return  # a survivor of this seat still has to play
            self.turn += 1

    def choose(self, option: int) -> None:
        pending = self.pending
        assert pending is not None
        if not 0 <= option < len(pending.options):
            raise IllegalCommand(f"choose an option between 0 and {len(pending.options) - 1}")
        self.pending = None
        payload = pending.payload[option]
        if pending.kind == "keep_card":
            i, card = pending.survivor, pending.card
            s = self.survivors[i]
            slot = payload[0]
            if slot == DESTINY:
                self.equipment_discard.append(card)
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
                self.equipment_discard.append(card)
                self.events.append(CardDiscarded(s.id, self.card_kinds[card]))
                if pending.more_cards:
                    self.offer_cards(i, list(pending.more_cards))
                return
            slots = list(s.slots)
            if slots[slot] >= 0:
                self.equipment_discard.append(slots[slot])
                self.events.append(CardDiscarded(s.id, self.card_kinds[slots[slot]]))
            slots[slot] = card
            self.change(i, slots=tuple(slots))
            self.events.append(CardKept(s.id, self.card_kinds[card], slot))
            if pending.more_cards:
                self.offer_cards(i, list(pending.more_cards))
        elif pending.kind == "reroll":
            target, fired, attack, priority, values, used, sources, rival = pending.attack
            i = pending.survivor
            if payload[0] < 0:
                self.finish_attack(i, target, list(fired), attack, priority, values, rival)
                return
            source = sources[payload[0]]
            if source == "one_reroll_per_turn":
                self.change(i, reroll_used=True)
            values, self.rng = roll_d6(self.rng, len(values))
            self.events.append(DiceRolled("reroll", values, self.survivors[i].id))
            self.after_roll(i, target, fired, attack, priority, values, used + (source,), rival)
        elif pending.kind == "friendly_fire":
            target, hits, damage, attack, values = pending.attack
            self.hit_survivor(payload[0], damage)
            self.shoot_into(pending.survivor, target, hits - 1, damage, attack, values)
        elif pending.kind == "deal":
            zones, cards = pending.attack
            self.deal(pending.seat, zones, cards, payload[0])
        elif pending.kind == "skill":
            self.gain_skill(pending.survivor, pending.options[option])
        elif pending.kind == "wound" and pending.survivor >= 0:  # a Taunt's attack, aimed at one survivor
            if len(payload) > 2:
                self.shrug_off(payload[0], payload[1])
            else:
                self.zombie_wound(payload[0], payload[1], pending.zombie)
            if pending.remaining > 1:
                self.queue.insert(0, ("taunt_wound", pending.survivor, pending.remaining - 1, pending.zombie))
        elif pending.kind == "wound":
            if len(payload) > 2:  # Is that all you've got?: the card goes, the wound does not
                self.shrug_off(payload[0], payload[1])
            else:
                self.zombie_wound(payload[0], payload[1], pending.zombie)
            if pending.remaining > 1:
                self.queue.insert(0, ("wound", pending.zone, pending.remaining - 1, pending.zombie))


_evolve_state = evolver_for(ZombicideState)
_evolve_survivor = evolver_for(Survivor)
_BOXES: dict[str, Any] = {}


def _box_rules(box: str) -> Any:
    """``box_rules``, looked up once per box name (every ``apply`` makes a working copy)."""
    rules = _BOXES.get(box)
    if rules is None:
        rules = _BOXES[box] = box_rules(box)
    return rules


_SET_SURVIVOR_FIELD = {name: Survivor.__dict__[name].__set__ for name in Survivor.__dataclass_fields__}

_HELICOPTER_COMMANDS = (
    BoardHelicopter, LeaveHelicopter, ChangeSeat, TakeOff, Land, Fly, StoreEquipment, TakeEquipment,
)

_HANDLERS = {
    Move: Game.do_move,
    Heal: Game.do_heal,
    Bloodlust: Game.do_bloodlust,
    Shout: Game.do_shout,
    Taunt: Game.do_taunt,
    Shove: Game.do_shove,
    Rescue: Game.do_rescue,
    CloseDoor: Game.do_close_door,
    Jump: Game.do_jump,
    GiveAction: Game.do_give_action,
    UseTeamAction: Game.do_team_action,
    OpenDoor: Game.do_open_door,
    Search: Game.do_search,
    Attack: Game.do_attack,
    Reload: Game.do_reload,
    Rearrange: Game.do_rearrange,
    Trade: Game.do_trade,
    TakeObjective: Game.do_take_objective,
    MakeNoise: Game.do_make_noise,
    EndTurn: Game.do_end_turn,
    Escape: Game.do_escape,
}


