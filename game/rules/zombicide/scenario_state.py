"""A scenario file's words laid on the engine's state, and the state read back in its words: zones,
doors, survivors, cards and zombie cards by name; the scenario's own cards added to the box's content;
placements, forced dice and decks; and every fact a scenario may state about a state.

The engine's state (``state.py``) is frozen: a scenario copies it with its own placements. Decks are
tuples whose first item is the next card drawn. ``game.rules.zombicide.scenario`` runs the files.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from game.rules.core.datafile import ContentError, explain_validation_error
from game.rules.zombicide.catalog import Catalog, Equipment, ZombieCard, ZombieType, need_known_zombies

EMPTY_SLOT = -1
LEVELS = ("blue", "yellow", "orange", "red")
PILES = ("equipment_deck", "equipment_discard", "zombie_deck", "zombie_discard")


class ScenarioError(ContentError):
    """A scenario file that cannot be run: names the file, the place in it and the fault."""


@dataclasses.dataclass
class ScenarioCards:
    """The scenario's own zombie cards: name → number (numbers above the box's deck)."""

    zombie: dict[str, int] = dataclasses.field(default_factory=dict)

    def number(self, path: Path, where: str, state: Any, card: int | str) -> int:
        """A zombie card by its number or by the name the scenario gave it."""
        if isinstance(card, str) and card not in self.zombie and card.strip().isdigit():
            card = int(card)  # a number written as a string, as events show them
        if isinstance(card, str):
            if card not in self.zombie:
                known = ", ".join(self.zombie) or "none"
                raise ScenarioError(path, where, f"no zombie card named {card!r} (the scenario's cards: {known})")
            return self.zombie[card]
        if card not in state.tables.zombie_cards:
            raise ScenarioError(path, where, f"no zombie card number {card}")
        return card

    def name(self, number: int) -> str:
        for name, own in self.zombie.items():
            if own == number:
                return name
        return str(number)


# ---------------------------------------------------------------------------------------------------
# The box's content with the scenario's own cards


def with_own_cards(path: Path, catalog: Catalog, models: tuple[type[BaseModel], type[BaseModel]],
                   zombie_cards: Sequence[Mapping[str, Any]], equipment_cards: Sequence[Mapping[str, Any]],
                   zombie_kinds: Sequence[Mapping[str, Any]] = ()) -> tuple[Catalog, ScenarioCards]:
    """``catalog`` with the scenario's ``[[zombie_kind]]``, ``[[zombie_card]]`` and
    ``[[equipment_card]]`` entries added (``models``: the box's zombie kind and zombie card models).

    A zombie kind has its own ``id`` (another box's kind, for a mixed game) and may start from one of
    the box's (``like = "skinner_walker"``); a zombie card is named (``name = "two runners"``) and
    numbered after the box's deck; an equipment card has its own ``id`` and may start from another
    card's values (``like = "pistol"``)."""
    cards = ScenarioCards()
    if not zombie_cards and not equipment_cards and not zombie_kinds:
        return catalog, cards
    kind_model, card_model = models
    if zombie_kinds:
        catalog = catalog.model_copy(update={"zombies": catalog.zombies + tuple(
            _own_zombie_kind(path, catalog, kind_model, n, entry) for n, entry in enumerate(zombie_kinds))})
    deck = list(catalog.zombie_deck)
    number = max((c.number for c in deck), default=0)
    for index, entry in enumerate(zombie_cards):
        where = f"[[zombie_card]] #{index + 1}"
        data = dict(entry)
        name = data.pop("name", None)
        if not isinstance(name, str) or not name:
            raise ScenarioError(path, where, "name the card: name = \"...\"")
        if name in cards.zombie:
            raise ScenarioError(path, where, f"two zombie cards are named {name!r}")
        where = f"{where} (name = {name!r})"
        number += 1
        data["number"] = number
        try:
            card = card_model.model_validate(data)
        except ValidationError as error:
            place, what = explain_validation_error(error, data)
            raise ScenarioError(path, f"{where} → {place}", what) from None
        for level in LEVELS:
            _known_zombies(path, catalog, f"{where} → {level}", card.line(level))  # type: ignore[attr-defined]
        if getattr(card, "zombie", None) and card.zombie not in {z.id for z in catalog.zombies}:  # type: ignore[attr-defined]
            raise ScenarioError(path, f"{where} → zombie", f"unknown zombie type {card.zombie!r}")  # type: ignore[attr-defined]
        deck.append(card)  # type: ignore[arg-type]
        cards.zombie[name] = number
    equipment = list(catalog.equipment_cards)
    known = {e.id for e in equipment}
    for index, entry in enumerate(equipment_cards):
        data = dict(entry)
        where = f"[[equipment_card]] #{index + 1}" + (f" (id = {data['id']!r})" if "id" in data else "")
        like = data.pop("like", None)
        if like is not None:
            if like not in known:
                raise ScenarioError(path, f"{where} → like", f"unknown equipment {like!r}")
            base = catalog.equipment(like).model_dump()
            base.update(combines_with=(), deck_count=0, in_equipment_deck=False, in_starting_pool=False, ours=True)
            data = {**base, **data}
        if "id" not in data or data["id"] in known:
            raise ScenarioError(path, f"{where} → id", "give the card an id of its own")
        data.setdefault("token", f"card_{data['id']}")
        data.setdefault("deck_count", 0)
        data.setdefault("in_equipment_deck", False)
        data.setdefault("name", str(data["id"]).replace("_", " ").title())
        try:
            card = Equipment.model_validate(data)
        except ValidationError as error:
            place, what = explain_validation_error(error, data)
            raise ScenarioError(path, f"{where} → {place}", what) from None
        for combo in card.combines_with:
            if combo.partner not in known | {card.id} or combo.makes not in known | {card.id}:
                raise ScenarioError(path, f"{where} → combines_with", "combine with cards the box has")
        equipment.append(card)
        known.add(card.id)
    made = catalog.model_copy(update={"zombie_deck": tuple(deck), "equipment_cards": tuple(equipment)})
    return made, cards


def _own_zombie_kind(path: Path, catalog: Catalog, model: type[BaseModel], index: int,
                     entry: Mapping[str, Any]) -> Any:
    data = dict(entry)
    where = f"[[zombie_kind]] #{index + 1}" + (f" (id = {data['id']!r})" if "id" in data else "")
    known = {z.id for z in catalog.zombies}
    like = data.pop("like", None)
    if like is not None:
        if like not in known:
            raise ScenarioError(path, f"{where} → like", f"unknown zombie type {like!r}")
        base = catalog.zombie(like).model_dump()
        base.update(ours=True, escort=(), substitute=())
        base = {key: value for key, value in base.items() if key not in ("crawler_from", "name", "token")}
        data = {**base, **data}
    if "id" not in data or data["id"] in known:
        raise ScenarioError(path, f"{where} → id", "give the zombie kind an id of its own")
    data.setdefault("token", f"zombie_{data['id']}")
    data.setdefault("name", str(data["id"]).replace("_", " ").title())
    data.setdefault("miniatures", 40)
    try:
        kind = model.model_validate(data)
    except ValidationError as error:
        place, what = explain_validation_error(error, data)
        raise ScenarioError(path, f"{where} → {place}", what) from None
    for key in ("escort", "substitute"):
        _known_zombies(path, catalog, f"{where} → {key}", getattr(kind, key))
    return kind


def _known_zombies(path: Path, catalog: Catalog, where: str, groups: Sequence[Any]) -> None:
    try:
        need_known_zombies(catalog, path, where, groups)
    except ContentError as error:
        raise ScenarioError(path, error.where, error.what) from None


def content_models(box_rules: Any) -> tuple[type[BaseModel], type[BaseModel]]:
    """The box's models of a zombie kind and of a zombie card."""
    content = box_rules.content
    return content.zombie_model or ZombieType, content.zombie_card_model or ZombieCard


# ---------------------------------------------------------------------------------------------------
# Names on the board


def zone_index(path: Path, where: str, state: Any, zone_id: str) -> int:
    index = state.graph.index.get(zone_id)
    if index is None:
        close = [z for z in state.graph.zone_ids if z.endswith(zone_id) or zone_id in z][:3]
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise ScenarioError(path, where, f"no zone {zone_id!r} on the board{hint}")
    return int(index)


def door_index(path: Path, where: str, state: Any, connection_id: str) -> int:
    edge = state.graph.edge_by_id.get(connection_id)
    door = state.graph.edges[edge].door if edge is not None else -1
    if door < 0:
        doors = ", ".join(state.graph.edges[e].connection_id for e in state.graph.doors) or "none"
        raise ScenarioError(path, where, f"no door {connection_id!r} on the board (doors: {doors})")
    return int(door)


def zombie_type(path: Path, where: str, state: Any, zombie_id: str) -> int:
    index = state.tables.zombie_index.get(zombie_id)
    if index is None:
        raise ScenarioError(path, where, f"unknown zombie type {zombie_id!r}")
    return int(index)


def survivor_index(path: Path, where: str, state: Any, survivor_id: str) -> int:
    index = state.survivor_index(survivor_id)
    if index < 0:
        known = ", ".join(s.id for s in state.survivors)
        raise ScenarioError(path, where, f"survivor {survivor_id!r} is not in the game (players have: {known})")
    return int(index)


def take_card(path: Path, where: str, state: Any, equipment_id: str) -> tuple[Any, int]:
    """A card of ``equipment_id`` out of the deck (or the discard pile, or a new copy)."""
    try:
        return card_out_of_piles(state, equipment_id)
    except ValueError as error:
        raise ScenarioError(path, where, str(error)) from None


def card_out_of_piles(state: Any, equipment_id: str) -> tuple[Any, int]:
    """A card of ``equipment_id`` taken out of the deck (or the discard pile, or a new copy made):
    the state without it, and the card. An unknown id raises ValueError."""
    if equipment_id not in state.tables.equipment:
        raise ValueError(f"unknown equipment {equipment_id!r}")
    for pile in ("equipment_deck", "equipment_discard"):
        cards = getattr(state, pile)
        for position, card in enumerate(cards):
            if state.card_kinds[card] == equipment_id:
                return dataclasses.replace(state, **{pile: cards[:position] + cards[position + 1:]}), card
    card = len(state.card_kinds)
    return dataclasses.replace(state, card_kinds=state.card_kinds + (equipment_id,)), card


def card_name(state: Any, card: int) -> str:
    if card >= 0:
        return str(state.card_kinds[card])
    return "" if card == EMPTY_SLOT else state.box.wounds.held_card_name(card) or "?"


def card_names(state: Any, slots: Sequence[int]) -> tuple[str, ...]:
    return tuple(card_name(state, card) for card in slots)


# ---------------------------------------------------------------------------------------------------
# Cards named in commands


def commands_with_ids(path: Path, where: str, state: Any, data: Mapping[str, Any]) -> dict[str, Any]:
    """A step's command with its cards named turned into what the engine reads: ``slot`` (and
    ``other_slot``) may name the card in that slot; ``slots`` and ``other_slots`` of a rearrangement or
    a trade may list cards by name ("" for an empty slot, "wound" for a Wound card). The box reads
    names in its own commands (``BoxRules.scenario_command``)."""
    command = dict(data)
    survivor_id = command.get("survivor")
    if not isinstance(survivor_id, str) or state.survivor_index(survivor_id) < 0:
        return _box_names(path, where, state, command)
    i = state.survivor_index(survivor_id)
    slots = state.survivors[i].slots
    taken: list[int] = []
    for key in ("slot", "other_slot"):
        value = command.get(key)
        if isinstance(value, str):
            found = next((n for n, c in enumerate(slots) if c >= 0 and state.card_kinds[c] == value and n not in taken), None)
            if found is None:
                raise ScenarioError(path, f"{where} → {key}", f"{survivor_id} carries no {value!r}"
                                    + (" in another slot" if taken else ""))
            command[key] = found
            taken.append(found)
    kind = command.get("kind")
    if kind in ("rearrange", "trade") and any(isinstance(v, str) for key in ("slots", "other_slots")
                                              for v in command.get(key) or ()):
        pool = [c for c in slots if c >= 0]
        other = None
        if kind == "trade":
            other_id = command.get("other")
            if not isinstance(other_id, str) or state.survivor_index(other_id) < 0:
                raise ScenarioError(path, f"{where} → other", f"no survivor {other_id!r} in the game")
            other = state.survivors[state.survivor_index(other_id)]
            pool += [c for c in other.slots if c >= 0]
        used: set[int] = set()
        for key, owner in (("slots", state.survivors[i]), ("other_slots", other)):
            if owner is None or key not in command:
                continue
            names = list(command[key])
            if len(names) > len(owner.slots):
                raise ScenarioError(path, f"{where} → {key}", f"{owner.id} has {len(owner.slots)} slots")
            names += [""] * (len(owner.slots) - len(names))
            ids = []
            for name in names:
                if not isinstance(name, str):
                    ids.append(name)
                    continue
                if name == "":
                    ids.append(EMPTY_SLOT)
                    continue
                held = state.box.wounds.held_card(name)
                if held is not None:
                    ids.append(held)
                    continue
                card = next((c for c in pool if state.card_kinds[c] == name and c not in used), None)
                if card is None:
                    raise ScenarioError(path, f"{where} → {key}", f"no {name!r} among the cards being arranged")
                used.add(card)
                ids.append(card)
            command[key] = ids
    return _box_names(path, where, state, command)


def _box_names(path: Path, where: str, state: Any, command: dict[str, Any]) -> dict[str, Any]:
    hook = state.box.scenario_command
    if hook is None:
        return command
    try:
        return dict(hook(state, command))
    except ValueError as error:
        place, what = error.args if len(error.args) == 2 else ("command", str(error))
        raise ScenarioError(path, f"{where} → {place}", what) from None


# ---------------------------------------------------------------------------------------------------
# Placing the scenario on the state


def place_survivor(path: Path, where: str, state: Any, spec: Any) -> Any:
    index = survivor_index(path, where, state, spec.id)
    survivor = state.survivors[index]
    changes: dict[str, Any] = {}
    if spec.zone is not None:
        changes["zone"] = zone_index(path, f"{where} → zone", state, spec.zone)
    slots = list(survivor.slots)
    if spec.hand is not None or spec.reserve is not None:
        returned = [card for card in slots if card >= 0]
        state = dataclasses.replace(state, equipment_deck=state.equipment_deck + tuple(returned))
        hand = list(spec.hand or ())
        reserve = list(spec.reserve or ())
        slots = [EMPTY_SLOT] * len(slots)
        if len(hand) > 2 or 2 + len(reserve) > len(slots):
            raise ScenarioError(path, f"{where} → reserve", f"at most 2 hand and {len(slots) - 2} reserve cards")
        for slot, equipment_id in list(enumerate(hand)) + [(2 + i, e) for i, e in enumerate(reserve)]:
            if equipment_id == "":
                continue
            held = state.box.wounds.held_card(equipment_id)  # a card that is not equipment ("wound")
            if held is not None:
                slots[slot] = held
                continue
            state, card = take_card(path, f"{where} → {'hand' if slot < 2 else 'reserve'}", state, equipment_id)
            slots[slot] = card
    for companion in spec.companions:  # companions are cards (§17), in the first free slots of the reserve
        free = next((n for n in (*range(2, len(slots)), 0, 1) if slots[n] == EMPTY_SLOT), None)
        if free is None:
            raise ScenarioError(path, f"{where} → companions", "no free slot left for the companion's card")
        state, card = take_card(path, f"{where} → companions", state, companion)
        if state.tables.equipment[companion].kind != "companion":
            raise ScenarioError(path, f"{where} → companions", f"{companion!r} is no companion card")
        slots[free] = card
    if spec.wounds is not None:
        wound_card = state.box.wounds.held_card("wound")  # wounds as cards in the inventory, in some boxes
        missing = spec.wounds - slots.count(wound_card) if wound_card is not None else 0
        for slot in range(len(slots) - 1, -1, -1):
            if missing <= 0:
                break
            if slots[slot] == EMPTY_SLOT:
                slots[slot] = wound_card
                missing -= 1
        if missing > 0:
            raise ScenarioError(path, f"{where} → wounds", "no free slot left for the wound cards")
        changes["wounds"] = spec.wounds
        if spec.wounds >= state.box.wounds.limit(state, index):
            changes["alive"] = False
    changes["slots"] = tuple(slots)
    if spec.xp is not None:
        changes["xp"] = spec.xp
        changes["level"] = state.tables.level_of(spec.xp)
        if spec.skills is None:
            # the levels the XP reaches add their skills: the first option where the card offers a choice
            card = state.tables.catalog.survivor(survivor.id)
            gained = [card.skills_at(level)[0].text for level in ("yellow", "orange", "red")[: changes["level"]]]
            changes["skills"] = survivor.skills + tuple(s for s in gained if s not in survivor.skills)
    if spec.skills is not None:
        catalog = state.tables.catalog
        for skill in spec.skills:
            name = skill.partition(":")[0]
            if name not in {s.id for s in catalog.skills}:
                raise ScenarioError(path, f"{where} → skills", f"unknown skill {name!r}")
        changes["skills"] = tuple(spec.skills)
    if "skills" in changes and not survivor.acting:
        # a survivor who has not acted yet starts the turn with the actions its skills give
        engine_skills = importlib.import_module("game.rules.zombicide.skills")
        changes["actions_left"] = state.tables.catalog.setup.actions_per_turn + engine_skills.extra_actions(changes["skills"])
        changes["free_actions"] = engine_skills.free_actions(changes["skills"])
    if spec.actions is not None:
        changes["actions_left"] = spec.actions
    if spec.unloaded:
        unloaded = list(state.unloaded)
        for name in spec.unloaded:
            fired = next((c for c in slots if c >= 0 and state.card_kinds[c] == name and c not in unloaded), None)
            if fired is None:
                raise ScenarioError(path, f"{where} → unloaded", f"{spec.id} carries no {name!r} to leave unloaded")
            unloaded.append(fired)
        state = dataclasses.replace(state, unloaded=tuple(sorted(unloaded)))
    survivors = list(state.survivors)
    survivors[index] = dataclasses.replace(survivor, **changes)
    return dataclasses.replace(state, survivors=tuple(survivors))


def force(path: Path, where: str, state: Any, cards: ScenarioCards, dice: Sequence[int],
          zombie_top: Sequence[int | str], equipment_top: Sequence[str]) -> Any:
    """Queue forced dice and put named cards on top of the decks (first listed is drawn first)."""
    if dice:
        rng_module = importlib.import_module("game.rules.core.rng")
        state = dataclasses.replace(state, rng=rng_module.force_dice(state.rng, dice))
    if zombie_top:
        deck, discard = list(state.zombie_deck), list(state.zombie_discard)
        numbers = [cards.number(path, f"{where} → zombie_deck_top", state, card) for card in zombie_top]
        for number in numbers:
            if number in deck:
                deck.remove(number)
            elif number in discard:
                discard.remove(number)
        state = dataclasses.replace(state, zombie_deck=tuple(numbers) + tuple(deck), zombie_discard=tuple(discard))
    if equipment_top:
        taken = []
        for equipment_id in equipment_top:
            state, card = take_card(path, f"{where} → equipment_deck_top", state, equipment_id)
            taken.append(card)
        state = dataclasses.replace(state, equipment_deck=tuple(taken) + state.equipment_deck)
    return state


def place_everything(path: Path, scenario: Any, state: Any, cards: ScenarioCards) -> Any:
    own = set(cards.zombie.values())
    if own:  # the scenario's own zombie cards are drawn only where it puts them
        state = dataclasses.replace(state, zombie_deck=tuple(n for n in state.zombie_deck if n not in own))
    for number, spec in enumerate(scenario.survivor, start=1):
        state = place_survivor(path, f"[[survivor]] #{number}", state, spec)
    if scenario.zombies:
        zombies = [list(counts) for counts in state.zombies]
        supply = list(state.supply)
        for number, placement in enumerate(scenario.zombies, start=1):
            where = f"[[zombies]] #{number}"
            zone = zone_index(path, f"{where} → zone", state, placement.zone)
            for group in placement.zombies:
                kind = zombie_type(path, f"{where} → zombies", state, group.zombie)
                zombies[zone][kind] += group.count
                supply[kind] -= group.count
                if supply[kind] < 0:
                    raise ScenarioError(path, f"{where} → zombies", f"not enough {group.zombie} miniatures in the supply")
        state = dataclasses.replace(state, zombies=tuple(tuple(c) for c in zombies), supply=tuple(supply))
    if scenario.noise:
        noise = list(state.noise)
        for zone_id, tokens in scenario.noise.items():
            noise[zone_index(path, f"noise → {zone_id}", state, zone_id)] = tokens
        state = dataclasses.replace(state, noise=tuple(noise))
    if scenario.doors:
        doors_open, spawned = list(state.doors_open), list(state.doors_spawned)
        for connection_id, position in scenario.doors.items():
            door = door_index(path, f"doors → {connection_id}", state, connection_id)
            doors_open[door] = position == "open"
            spawned[door] = spawned[door] or position == "open"
        state = dataclasses.replace(state, doors_open=tuple(doors_open), doors_spawned=tuple(spawned))
    for key, value in scenario.box_tables.items():  # the tables the box reads
        try:
            state = state.box.scenario_keys[key](state, value)
        except ValueError as error:
            where, what = error.args if len(error.args) == 2 else (key, str(error))
            raise ScenarioError(path, where, what) from None
    return force(path, "top level", state, cards, scenario.dice, scenario.zombie_deck_top, scenario.equipment_deck_top)


def seat_for(state: Any, command: Any) -> str:
    """Who plays ``command``: the pending decision's seat, the named survivor's, or the current one."""
    if state.pending is not None:
        return str(state.pending.seat)
    survivor_id = getattr(command, "survivor", None)
    if survivor_id:
        index = state.survivor_index(survivor_id)
        if index >= 0:
            return str(state.survivors[index].seat)
    return str(state.current_seat or (state.seats[0] if state.seats else ""))


def option_index(path: Path, where: str, state: Any, text: str) -> int:
    """The index of the pending decision's option that contains ``text`` (an exact match wins)."""
    if state.pending is None:
        raise ScenarioError(path, f"{where} → choose", "no decision is pending at this step")
    options = [option.lower() for option in state.pending.options]
    wanted = text.lower()
    if wanted in options:
        return options.index(wanted)
    found = [n for n, option in enumerate(options) if wanted in option]
    if len(found) != 1:
        listed = "; ".join(state.pending.options)
        what = "matches several options" if found else "matches no option"
        raise ScenarioError(path, f"{where} → choose", f"{text!r} {what}: {listed}")
    return found[0]


def draws_arranged(path: Path, where: str, state: Any, cards: ScenarioCards, wanted: Mapping[str, Sequence[int | str]],
                   drawn_zones: Sequence[str]) -> Any:
    """The zombie deck stacked so that each zone named in ``wanted`` draws its listed cards, in the
    order the engine draws them (``drawn_zones``: the zones of a trial run's draws, in order)."""
    queues: dict[str, list[int]] = {}
    for zone_id, listed in wanted.items():
        zone_index(path, f"{where} → draws → {zone_id}", state, zone_id)
        queues[zone_id] = [cards.number(path, f"{where} → draws → {zone_id}", state, c) for c in listed]
        count = list(drawn_zones).count(zone_id)
        if count < len(queues[zone_id]):
            raise ScenarioError(path, f"{where} → draws → {zone_id}",
                                f"{zone_id} draws {count} zombie card{'s' if count != 1 else ''} in this step, "
                                f"not {len(queues[zone_id])}")
    top: list[int] = []
    for zone_id in drawn_zones:
        queue = queues.get(zone_id)
        if queue:
            top.append(queue.pop(0))
        elif any(queues.values()):  # a zone the scenario leaves alone draws what the deck gives it
            top.append(-1)
    deck = [n for n in state.zombie_deck if n not in top]
    filler = iter(deck)
    stacked = [n if n >= 0 else next(filler) for n in top]
    rest = [n for n in deck if n not in stacked]
    discard = tuple(n for n in state.zombie_discard if n not in stacked)
    return dataclasses.replace(state, zombie_deck=tuple(stacked) + tuple(rest), zombie_discard=discard)


# ---------------------------------------------------------------------------------------------------
# Facts about a state


def zombie_line(state: Any, zone: int) -> str:
    groups = [f"{count} {state.tables.zombie_ids[kind]}" for kind, count in enumerate(state.zombies[zone]) if count]
    return " + ".join(groups) or "nothing"


def describe(state: Any) -> list[str]:
    graph = state.graph
    lines = []
    for survivor in state.survivors:
        cards = ",".join(name or "-" for name in card_names(state, survivor.slots))
        lines.append(
            f"{survivor.id} in {graph.zone_ids[survivor.zone]} xp={survivor.xp} wounds={survivor.wounds} cards=[{cards}]"
        )
    zombies = [f"{graph.zone_ids[z]}: {zombie_line(state, z)}" for z in range(graph.zone_count) if any(state.zombies[z])]
    lines.append("zombies " + ("; ".join(zombies) if zombies else "none"))
    return lines


def _pile_names(state: Any, pile: str, cards: ScenarioCards) -> list[str]:
    if pile.startswith("zombie"):
        return [cards.name(n) for n in getattr(state, pile)]
    return [state.card_kinds[c] for c in getattr(state, pile)]


def _wanted_names(path: Path, where: str, state: Any, pile: str, cards: ScenarioCards,
                  listed: Sequence[int | str]) -> list[str]:
    if pile.startswith("zombie"):
        return [cards.name(cards.number(path, where, state, card)) for card in listed]
    for name in listed:
        if name not in state.tables.equipment:
            raise ScenarioError(path, where, f"unknown equipment {name!r}")
    return [str(name) for name in listed]


def check_facts(path: Path, where: str, facts: Any, state: Any, cards: ScenarioCards) -> list[str]:
    """Every stated fact compared with ``state``; returns the mismatches in words."""
    problems: list[str] = []
    for zone_id, groups in facts.zombies.items():
        zone = zone_index(path, f"{where} → zombies → {zone_id}", state, zone_id)
        wanted = [0] * state.tables.type_count
        for group in groups:
            wanted[zombie_type(path, f"{where} → zombies → {zone_id}", state, group.zombie)] += group.count
        if tuple(wanted) != tuple(state.zombies[zone]):
            expected = " + ".join(f"{g.count} {g.zombie}" for g in groups) or "nothing"
            problems.append(f"zombies in {zone_id}: expected {expected}, found {zombie_line(state, zone)}")
    if facts.zombies_total is not None:
        total = sum(sum(counts) for counts in state.zombies)
        if total != facts.zombies_total:
            problems.append(f"zombies on the board: expected {facts.zombies_total}, found {total}")
    for zone_id, pieces in facts.absent.items():
        zone = zone_index(path, f"{where} → absent → {zone_id}", state, zone_id)
        for piece in pieces:
            if piece in state.tables.zombie_index:
                count = state.zombies[zone][state.tables.zombie_index[piece]]
                if count:
                    problems.append(f"{zone_id} should hold no {piece}; it holds {count}")
            elif state.survivor_index(piece) >= 0:
                s = state.survivors[state.survivor_index(piece)]
                if s.in_play and s.zone == zone:
                    problems.append(f"{piece} should not be in {zone_id}")
            else:
                raise ScenarioError(path, f"{where} → absent → {zone_id}", f"{piece!r} is neither a zombie type nor a survivor")
    for survivor_id, wanted_facts in facts.survivors.items():
        i = survivor_index(path, f"{where} → survivors → {survivor_id}", state, survivor_id)
        problems += _survivor_problems(path, f"{where} → survivors → {survivor_id}", state, i, wanted_facts)
    for connection_id, position in facts.doors.items():
        door = door_index(path, f"{where} → doors → {connection_id}", state, connection_id)
        actual = "open" if state.doors_open[door] else "closed"
        if actual != position:
            problems.append(f"door {connection_id}: expected {position}, found {actual}")
    for zone_id, tokens in facts.noise.items():
        zone = zone_index(path, f"{where} → noise → {zone_id}", state, zone_id)
        if state.noise[zone] != tokens:
            problems.append(f"noise tokens in {zone_id}: expected {tokens}, found {state.noise[zone]}")
    if facts.noise_heard:
        heard = importlib.import_module("game.rules.zombicide.game").Game(state).noise_map()
        for zone_id, value in facts.noise_heard.items():
            zone = zone_index(path, f"{where} → noise_heard → {zone_id}", state, zone_id)
            if heard[zone] != value:
                problems.append(f"noise the zombies hear in {zone_id}: expected {value}, found {heard[zone]}")
    for pile in PILES:
        names = _pile_names(state, pile, cards)
        exact, top, size = (getattr(facts, pile), getattr(facts, f"{pile}_top"), getattr(facts, f"{pile}_size"))
        if exact is not None:
            listed = _wanted_names(path, f"{where} → {pile}", state, pile, cards, exact)
            if Counter(listed) != Counter(names):
                problems.append(f"{pile.replace('_', ' ')}: expected {sorted(listed)}, found {sorted(names)}")
        if top is not None:
            listed = _wanted_names(path, f"{where} → {pile}_top", state, pile, cards, top)
            if names[: len(listed)] != listed:
                problems.append(f"top of the {pile.replace('_', ' ')}: expected {listed}, found {names[: len(listed)]}")
        if size is not None and len(names) != size:
            problems.append(f"{pile.replace('_', ' ')}: expected {size} cards, found {len(names)}")
    if facts.phase is not None and state.phase != facts.phase:
        problems.append(f"phase: expected {facts.phase}, found {state.phase}")
    if facts.round is not None and state.round != facts.round:
        problems.append(f"round: expected {facts.round}, found {state.round}")
    if facts.result is not None:
        actual_result = state.result or "none"
        if actual_result != facts.result:
            problems.append(f"result: expected {facts.result}, found {actual_result}")
    if facts.pending is not None:
        actual_pending = state.pending.kind if state.pending is not None else "none"
        if actual_pending != facts.pending:
            problems.append(f"pending decision: expected {facts.pending}, found {actual_pending}")
    for key, value in facts.box_facts.items():  # the box's own facts (``BoxRules.scenario_facts``)
        try:
            problems += state.box.scenario_facts[key](state, value)
        except ValueError as error:
            place, what = error.args if len(error.args) == 2 else (key, str(error))
            raise ScenarioError(path, f"{where} → {place}", what) from None
    return problems


def _survivor_problems(path: Path, where: str, state: Any, i: int, wanted_facts: Any) -> list[str]:
    survivor = state.survivors[i]
    sid = survivor.id
    problems: list[str] = []
    found: dict[str, Any] = {
        "zone": state.graph.zone_ids[survivor.zone],
        "wounds": survivor.wounds,
        "xp": survivor.xp,
        "level": LEVELS[survivor.level],
        "alive": survivor.alive,
        "escaped": survivor.escaped,
        "actions": survivor.actions_left,
        "done": survivor.done,
        "acting": state.active == i,
    }
    carried = [state.card_kinds[card] for card in survivor.slots if card >= 0]
    for key, expected in wanted_facts.model_dump(exclude_none=True).items():
        if key == "has":
            for item in expected:
                if item not in carried:
                    problems.append(f"{sid} should carry {item}; carries {carried}")
        elif key == "lacks":
            for item in expected:
                if item in carried:
                    problems.append(f"{sid} should not carry {item}; carries {carried}")
        elif key == "skills_include":
            for skill in expected:
                if skill not in survivor.skills:
                    problems.append(f"{sid} should have skill {skill}; has {list(survivor.skills)}")
        elif key == "cards":
            names = card_names(state, survivor.slots)
            padded = tuple(expected) + ("",) * (len(names) - len(expected))
            if padded != names:
                problems.append(f"{sid} cards: expected {list(padded)}, found {list(names)}")
        elif key == "unloaded":
            unloaded = sorted(state.card_kinds[c] for c in survivor.slots if c >= 0 and c in state.unloaded)
            if sorted(expected) != unloaded:
                problems.append(f"{sid}'s unloaded weapons: expected {sorted(expected)}, found {unloaded}")
        elif expected != found[key]:
            problems.append(f"{sid} {key}: expected {expected!r}, found {found[key]!r}")
    return problems
