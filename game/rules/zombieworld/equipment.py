"""What survivors carry and do with it: slots, finding and dropping things, objects used (medkits,
boosts, scopes, the air horn), first aid, picking up, exchanging, reloading and swapping weapons.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import spoken
from game.rules.zombieworld.band import pairable
from game.rules.zombieworld.geometry import base_distance, point_base_distance
from game.rules.zombieworld.state import ZOMBIES, Model
from game.rules.zombieworld.working import CONTACT_CM, Game, need_active, need_on_foot

SELF_BOOSTS = ("stimulants", "cigarettes")
PICK_UP_CM = 2.0
EXCHANGE_CM = 2.0
_KIT = ("hand", "backpack", "objects", "elements", "unloaded", "scoped", "silenced", "uses")


def do_reload(game: Game, model: Model, command: c.Reload) -> None:
    active = need_active(game, model)
    if active.action_used:
        raise IllegalCommand(spoken.used_action(model.name))
    if not model.unloaded:
        raise IllegalCommand(Said(N_("{name} has nothing to reload"), name=model.name))
    game.update(model, unloaded=())
    game.active = replace(active, action_used=True)


def do_swap(game: Game, model: Model, command: c.SwapWeapons) -> None:
    active = need_active(game, model)
    if active.action_used:
        raise IllegalCommand(Said(N_("weapons can be swapped only before the action")))
    if not model.backpack:
        raise IllegalCommand(Said(N_("{name} has nothing in the backpack"), name=model.name))
    if len(model.hand) > 1:
        raise IllegalCommand(Said(N_("with two weapons in hand the backpack is empty")))
    game.update(model, hand=model.backpack, backpack=model.hand)
    game.active = replace(active, action_used=True)


def _object_slots(game: Game, model: Model) -> int:
    slots = game.catalog.bands.rules.object_slots
    quality = game.catalog.defect(model.defect) if model.defect else None
    if quality is not None and quality.object_slots is not None:
        slots = quality.object_slots
    return slots


MARKS = ("unloaded", "scoped", "silenced")  # what a weapon keeps when it lies on the ground


def ground_text(item: str, marks: tuple[str, ...] = (), used: int = 0) -> str:
    """An item as it lies on the ground: its id, then what it keeps: "hunting_rifle+scoped",
    "medkit+used1"."""
    return "+".join((item, *marks, *((f"used{used}",) if used else ())))


def ground_item(text: str) -> tuple[str, tuple[str, ...], int]:
    """(item id, weapon marks, uses spent) of an item on the ground."""
    item, *rest = text.split("+")
    used = next((int(part[4:]) for part in rest if part.startswith("used") and part[4:].isdigit()), 0)
    return item, tuple(part for part in rest if part in MARKS), used


def carried_on_ground(model: Model) -> list[str]:
    """Everything the model carries (weapons with their marks, objects with their uses spent, and
    scenario elements) as it would lie on the ground."""
    spent = dict(model.uses)
    things = [ground_text(w, tuple(m for m in MARKS if w in getattr(model, m))) for w in (*model.hand, *model.backpack)]
    things += [ground_text(o, used=spent.get(o, 0)) for o in model.objects]
    return [*things, *model.elements]


def drop(game: Game, model: Model, things: list[str], at: tuple[float, float]) -> None:
    """Leave ``things`` (ground texts) where ``at`` is, and say so."""
    if not things:
        return
    game.ground.extend((at[0], at[1], thing) for thing in things)
    game.emit(c.ItemsDropped(model.id, tuple(ground_item(t)[0] for t in things), at))


def give(game: Game, model: Model, item: str, marks: tuple[str, ...] = (), used: int = 0) -> bool:
    """Put an item in a free slot (a weapon with its ``marks``, an object with its uses spent); with
    none free it is left on the ground (False)."""
    model = game.models[model.id]
    if game.catalog.is_weapon(item):
        slot = ""
        if not model.hand:
            slot = "hand"
        else:
            quality = game.catalog.defect(model.defect) if model.defect else None
            if not model.backpack and not (quality is not None and quality.no_backpack) and len(model.hand) < 2:
                slot = "backpack"
        if slot:
            changes: dict[str, Any] = {slot: (*getattr(model, slot), item)}
            for mark in marks:
                if item not in getattr(model, mark):
                    changes[mark] = (*getattr(model, mark), item)
            game.update(model, **changes)
            return True
    elif len(model.objects) < _object_slots(game, model):
        uses = model.uses if not used or item in model.objects else tuple(sorted((*model.uses, (item, used))))
        game.update(model, objects=(*model.objects, item), uses=uses)
        return True
    game.ground.append((model.x, model.y, ground_text(item, marks, used)))
    return False


def take_object(game: Game, model: Model, item: str) -> Model:
    objects = list(model.objects)
    objects.remove(item)
    uses = tuple((i, n) for i, n in model.uses if i != item or item in objects)
    return game.update(model, objects=tuple(objects), uses=uses)


def _spend_use(game: Game, model: Model, item: str, uses: int) -> Model:
    """Count one use of an object; it is discarded after its last."""
    spent = dict(model.uses).get(item, 0) + 1
    if spent >= uses:
        return take_object(game, model, item)
    return game.update(model, uses=tuple(sorted({**dict(model.uses), item: spent}.items())))


def do_use_item(game: Game, model: Model, command: c.UseItem) -> None:
    if game.active is None and command.item in SELF_BOOSTS:
        _boost_before_activation(game, model, command.item)
        return
    active = need_active(game, model)
    if command.item not in model.objects:
        raise IllegalCommand(spoken.carries_no(game.catalog, model.name, command.item))
    item = game.catalog.object(command.item)
    if item is None:
        raise IllegalCommand(Said(N_("{item} is not an object"), item=spoken.item(game.catalog, command.item)))
    if item.id == "ammo_box":
        if not model.unloaded:
            raise IllegalCommand(Said(N_("{name} has no unloaded weapon"), name=model.name))
        model = game.update(model, unloaded=())
        take_object(game, model, item.id)
        game.emit(c.ItemUsed(model.id, item.id))
        return
    if item.id in SELF_BOOSTS:
        if active.moved or active.action_used:
            raise IllegalCommand(Said(N_("the {item} is taken at the start of the turn, before moving or acting"), item=item))
        if game.boosted(model, item.id):
            raise IllegalCommand(Said(N_("the {item} is still working"), item=item))
        boosts = tuple((i, r) for i, r in model.boosts if i != item.id) + ((item.id, game.round + 1),)
        model = game.update(model, boosts=boosts)
        model = _spend_use(game, model, item.id, item.uses or 1)
        if item.id == "stimulants":
            game.active = replace(active, remaining_cm=active.remaining_cm + 5.0)
        game.emit(c.ItemUsed(model.id, item.id))
        return
    if active.action_used:
        raise IllegalCommand(spoken.used_action(model.name))
    if item.heals:
        target = _patient(game, model, command.target)
        uses = item.uses or 1
        if item.id == "medkit" and model.virtue == "medic":
            uses += 1
        healed = min(item.heals, target.wounds)
        game.update(target, wounds=target.wounds - healed)
        _spend_use(game, game.models[model.id], item.id, uses)
        game.emit(c.ItemUsed(model.id, item.id, target.id, healed))
    elif item.mounts_on_weapon:
        _fit_to_weapon(game, model, item, command.target)
    elif item.id == "air_horn":
        model = game.update(model, horn=True)
        _spend_use(game, model, item.id, item.uses or 1)
        game.emit(c.ItemUsed(model.id, item.id))
    else:
        raise IllegalCommand(Said(N_("the {item} is not used like that"), item=item))
    game.active = replace(active, action_used=True)


def fitting_problem(game: Game, model: Model, item: Any, weapon_id: str) -> Said | str:
    """Why ``item`` (a scope or silencer) cannot go on the carried weapon ``weapon_id`` ("" if it can)."""
    firearm = game.catalog.firearm(weapon_id)
    if firearm is None or weapon_id not in (*model.hand, *model.backpack):
        return Said(N_("name a firearm {name} carries to fit the {item} to"), name=model.name, item=item)
    if item.silences:
        if not firearm.takes_silencer or firearm.bang == 0:
            return Said(N_("a {weapon} cannot take a silencer"), weapon=firearm)
        if weapon_id in model.silenced:
            return Said(N_("the {weapon} already has a silencer"), weapon=firearm)
    else:
        if not firearm.takes_scope:
            return Said(N_("a {weapon} cannot take a scope"), weapon=firearm)
        if weapon_id in model.scoped:
            return Said(N_("the {weapon} already has a scope"), weapon=firearm)
    return ""


def _fit_to_weapon(game: Game, model: Model, item: Any, weapon_id: str) -> None:
    """A scope or silencer goes on a carried firearm for the rest of the game; it leaves its object slot."""
    problem = fitting_problem(game, model, item, weapon_id)
    if problem:
        raise IllegalCommand(problem)
    model = take_object(game, model, item.id)
    if item.silences:
        game.update(model, silenced=(*model.silenced, weapon_id))
    else:
        game.update(model, scoped=(*model.scoped, weapon_id))
    game.emit(c.ItemUsed(model.id, item.id, weapon_id))


def _boost_before_activation(game: Game, model: Model, item_id: str) -> None:
    """Stimulants or a cigarette taken by the survivor about to activate, so they help its roll."""
    if item_id not in model.objects:
        raise IllegalCommand(spoken.carries_no(game.catalog, model.name, item_id))
    item = game.catalog.object(item_id)
    if item is None:
        raise IllegalCommand(Said(N_("{item} is not an object"), item=spoken.item(game.catalog, item_id)))
    if model.activated:
        raise IllegalCommand(Said(N_("{name} has already been activated this round"), name=model.name))
    waiting = [m for m in game.alive(model.side) if not m.activated]
    if game.own_skill(model)[0] < max(game.own_skill(m)[0] for m in waiting):
        raise IllegalCommand(Said(N_("a more skilled survivor activates first")))
    if game.boosted(model, item.id):
        raise IllegalCommand(Said(N_("the {item} is still working"), item=item))
    boosts = tuple((i, r) for i, r in model.boosts if i != item.id) + ((item.id, game.round + 1),)
    model = game.update(model, boosts=boosts)
    _spend_use(game, model, item.id, item.uses or 1)
    game.emit(c.ItemUsed(model.id, item.id))


def _patient(game: Game, model: Model, target_id: str) -> Model:
    target = game.models.get(target_id or model.id)
    if target is None or target.kind != "survivor":
        raise IllegalCommand(Said(N_("tend yourself or a survivor")))
    if target.id != model.id and base_distance(game.figure(model), game.figure(target)) > CONTACT_CM + 0.2:
        raise IllegalCommand(Said(N_("{name} must be in base contact"), name=spoken.who(game.catalog, target)))
    if target.side != model.side and target.side != ZOMBIES and not game.individual:
        raise IllegalCommand(Said(N_("{name} is not in your band"), name=spoken.who(game.catalog, target)))
    if not target.wounds:
        raise IllegalCommand(Said(N_("{name} has no wound to heal"), name=spoken.who(game.catalog, target)))
    return target


def do_first_aid(game: Game, model: Model, command: c.FirstAid) -> None:
    active = need_active(game, model)
    if model.virtue != "first_aid":
        raise IllegalCommand(Said(N_("{name} does not know first aid"), name=model.name))
    if active.action_used:
        raise IllegalCommand(spoken.used_action(model.name))
    target = _patient(game, model, command.target)
    (die,) = game.d10(1)
    healed = 1 if die >= 8 else 0
    game.emit(c.DiceRolled("first aid", model.id, (die,), (), 8, ("healed" if healed else "no effect",)))
    if healed:
        game.update(target, wounds=target.wounds - 1)
    game.emit(c.ItemUsed(model.id, "first_aid", target.id, healed))
    game.active = replace(active, action_used=True)


def do_pick_up(game: Game, model: Model, command: c.PickUp) -> None:
    active = need_active(game, model)
    need_on_foot(game, model)
    if model.kind != "survivor":
        raise IllegalCommand(Said(N_("only survivors pick things up")))
    if active.action_used:
        raise IllegalCommand(spoken.used_action(model.name))
    if game.engaged_with(model):
        raise IllegalCommand(spoken.in_melee(model.name))
    near = [g for g in game.ground if point_base_distance((g[0], g[1]), game.figure(model)) <= PICK_UP_CM]
    if not near:
        raise IllegalCommand(Said(N_("nothing lies within {cm} cm of {name}"), cm=spoken.cm(PICK_UP_CM), name=model.name))
    for entry in near:
        game.ground.remove(entry)
        item, marks, used = ground_item(entry[2])
        if not game.catalog.is_weapon(item) and game.catalog.object(item) is None:  # a scenario element
            current = game.models[model.id]
            game.update(current, elements=(*current.elements, item))
            game.emit(c.ItemFound(model.id, item))
            continue
        before = len(game.ground)
        kept = give(game, game.models[model.id], item, marks, used)
        if not kept:
            game.ground.pop(before)
            game.ground.append(entry)  # no room: it stays where it was
        else:
            game.emit(c.ItemFound(model.id, item))
    game.active = replace(active, action_used=True)


def do_exchange(game: Game, model: Model, command: c.Exchange) -> None:
    """Equipment changes hands between two survivors of a band within 2 cm, neither in melee."""
    active = need_active(game, model)
    need_on_foot(game, model)
    if model.kind != "survivor":
        raise IllegalCommand(Said(N_("only survivors carry equipment")))
    if active.action_used:
        raise IllegalCommand(spoken.used_action(model.name))
    other = game.models.get(command.other)
    if other is None or other.id == model.id or other.side != model.side or other.kind != "survivor":
        raise IllegalCommand(Said(N_("exchange equipment with a survivor of the same band")))
    if other.vehicle or other.stairs_cm or other.level != model.level \
            or base_distance(game.figure(model), game.figure(other)) > EXCHANGE_CM:
        raise IllegalCommand(Said(N_("{other} must stand within {cm} cm of {name}"), other=other.name,
                                  cm=spoken.cm(EXCHANGE_CM), name=model.name))
    if game.engaged_with(model) or game.engaged_with(other):
        raise IllegalCommand(Said(N_("nobody in melee exchanges equipment")))
    if not command.give and not command.take:
        raise IllegalCommand(Said(N_("name what changes hands")))
    giver, taker = model, other
    for item in command.give:
        giver, taker = _hand_over(game, giver, taker, item)
    taker_back, giver_back = taker, giver
    for item in command.take:
        taker_back, giver_back = _hand_over(game, taker_back, giver_back, item)
    game.update(model, **{f: getattr(giver_back, f) for f in _KIT})
    game.update(other, **{f: getattr(taker_back, f) for f in _KIT})
    game.emit(c.ItemsExchanged(model.id, other.id, command.give, command.take))
    game.active = replace(active, action_used=True)


def _hand_over(game: Game, source: Model, holder: Model, item: str) -> tuple[Model, Model]:
    """``item`` moves from ``source`` to a free slot of ``holder`` (with its marks: unloaded, scope,
    silencer, uses spent); refused when the source lacks it or the holder has no room."""
    def without(items: tuple[str, ...]) -> tuple[str, ...]:
        rest = list(items)
        rest.remove(item)
        return tuple(rest)

    if item in source.elements:
        return replace(source, elements=without(source.elements)), replace(holder, elements=(*holder.elements, item))
    if item in source.objects:
        if len(holder.objects) >= _object_slots(game, holder):
            raise IllegalCommand(Said(N_("{name} has no free object slot for the {item}"), name=holder.name,
                                      item=spoken.item(game.catalog, item)))
        spent = dict(source.uses).get(item)
        source = replace(source, objects=without(source.objects),
                         uses=tuple((i, n) for i, n in source.uses if i != item))
        uses = holder.uses if spent is None or item in holder.objects else tuple(sorted((*holder.uses, (item, spent))))
        return source, replace(holder, objects=(*holder.objects, item), uses=uses)
    if item in source.backpack:
        source = replace(source, backpack=without(source.backpack))
    elif item in source.hand:
        source = replace(source, hand=without(source.hand))
    else:
        raise IllegalCommand(spoken.carries_no(game.catalog, source.name, item))
    defect = game.catalog.defect(holder.defect) if holder.defect else None
    if not holder.hand:
        holder = replace(holder, hand=(item,))
    elif not holder.backpack and len(holder.hand) < 2 and not (defect is not None and defect.no_backpack):
        holder = replace(holder, backpack=(item,))
    else:
        raise IllegalCommand(Said(N_("{name} has no free hand or backpack for the {item}"), name=holder.name,
                                  item=spoken.item(game.catalog, item)))
    still_held = item in source.hand or item in source.backpack
    for mark in ("unloaded", "scoped", "silenced"):
        if item in getattr(source, mark):
            if not still_held:
                kept: dict[str, Any] = {mark: tuple(i for i in getattr(source, mark) if i != item)}
                source = replace(source, **kept)
            if item not in getattr(holder, mark):
                added: dict[str, Any] = {mark: (*getattr(holder, mark), item)}
                holder = replace(holder, **added)
    return source, holder


def hand_over_items(game: Game, model: Model) -> list[str]:
    """What a finder may hand a frightened survivor it has just found: a weapon from its backpack
    or an object (book 16.1.3)."""
    return [*model.backpack, *model.objects] if model.kind == "survivor" else []


def do_hand_over(game: Game, model: Model, command: c.HandOver) -> None:
    """The finder passes one item to the survivor it has just found, free (book 16.1.3: "puedes
    pasársela automáticamente sin contar como acción")."""
    active = need_active(game, model)
    found = game.models.get(command.to)
    if not active.found_survivor or active.found_survivor != command.to or found is None:
        raise IllegalCommand(Said(N_("only a survivor just found, at once, is handed something for free")))
    if command.item not in hand_over_items(game, model):
        raise IllegalCommand(Said(N_("hand over a weapon from {name}'s backpack or an object it carries"), name=model.name))
    giver, taker = _hand_over(game, model, found, command.item)
    game.update(model, **{f: getattr(giver, f) for f in _KIT})
    game.update(found, **{f: getattr(taker, f) for f in _KIT})
    game.emit(c.ItemsExchanged(model.id, found.id, (command.item,), ()))
    game.active = replace(game.active or active, found_survivor="")  # one item, at the moment it is found


def keep_found_options(game: Game, model: Model, found: str) -> list[str]:
    """What the finder may leave on the ground to keep ``found``: a carried weapon for a weapon,
    an object for an object (the slot it frees takes the find)."""
    if not found or model.kind != "survivor":
        return []
    if game.catalog.is_weapon(found):
        return [*model.hand, *model.backpack]
    return [o for o in model.objects if o != model.mounted]  # not the wheels it rides


def do_keep_found(game: Game, model: Model, command: c.KeepFound) -> None:
    """The find that had no room (lying at the finder's feet) takes the slot of ``drop``, which is
    left on the ground instead (book 16.2)."""
    active = need_active(game, model)
    found = active.found_item
    if not found:
        raise IllegalCommand(Said(N_("{name} has found nothing it had no room for just now"), name=model.name))
    if command.drop not in keep_found_options(game, model, found):
        raise IllegalCommand(Said(N_("leave a weapon {name} carries to keep the {item}") if game.catalog.is_weapon(found)
                                  else N_("leave an object {name} carries to keep the {item}"),
                                  name=model.name, item=spoken.item(game.catalog, found)))
    lying = next((g for g in reversed(game.ground) if g[2] == found and
                  point_base_distance((g[0], g[1]), game.figure(model)) <= PICK_UP_CM), None)
    if lying is None:
        raise IllegalCommand(Said(N_("the {item} no longer lies at {name}'s feet"), item=spoken.item(game.catalog, found),
                                  name=model.name))
    current = game.models[model.id]
    other_hand = [w for w in current.hand if w != command.drop] if command.drop in current.hand else []
    if other_hand and not pairable(found, other_hand[0], game.catalog):
        raise IllegalCommand(Said(N_("the {item} is not held with the {other}: leave that one instead"),
                                  item=spoken.item(game.catalog, found), other=spoken.item(game.catalog, other_hand[0])))
    game.ground.remove(lying)
    spent = dict(current.uses).get(command.drop, 0)
    marks = tuple(m for m in MARKS if command.drop in getattr(current, m))
    changes: dict[str, Any] = {}
    for slot in ("hand", "backpack", "objects"):
        items = list(getattr(current, slot))
        if command.drop in items:
            items[items.index(command.drop)] = found  # the find takes the freed slot
            changes[slot] = tuple(items)
            break
    for mark in marks:
        changes[mark] = tuple(i for i in getattr(current, mark) if i != command.drop)
    if spent:
        changes["uses"] = tuple((i, n) for i, n in current.uses if i != command.drop)
    game.update(current, **changes)
    game.ground.append((current.x, current.y, ground_text(command.drop, marks, spent)))
    game.emit(c.FoundKept(model.id, found, command.drop))
    game.active = replace(game.active or active, found_item="")
