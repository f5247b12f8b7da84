"""Experience and skills beyond the core (digest §10.1, §14): Ultrared mode, Brother in arms (a skill
lent to the survivors sharing a zone), Transmutation, the Vault cards some objectives give, and what
the box clears at the end of a round."""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.zombicide import skills as sk
from game.rules.zombicide.boxes.green_horde.commands import SkillLent, Transmute, VaultCardFound
from game.rules.zombicide.boxes.green_horde.content import book_skills
from game.rules.zombicide.boxes.green_horde.necromancers import reconcile
from game.rules.zombicide.boxes.green_horde.state import GreenHordeSurvivor, fields
from game.rules.zombicide.commands import CardDrawn, DecisionNeeded
from game.rules.zombicide.state import LEVEL_NAMES, Pending, evolved

Game = Any  # the engine's working copy (game.Game)
RED = 3
ULTRARED_MARKS = {7: 1, 19: 2, 0: 3}  # XP past Red, modulo the Red threshold → the level reached again


def gained_xp(game: Game, i: int, before: int, after: int) -> None:
    """Ultrared: past Red, every 7, 19 and 43 more XP (again and again) reaches Yellow, Orange and
    Red anew: a skill of that level not yet taken from the ID card, then any skill once the card is
    spent (Orange and Red only; skills with a bracketed parameter excepted)."""
    if not getattr(game.spec, "ultrared", False):
        return
    red = game.tables.xp_thresholds[RED]
    for xp in range(max(before, red) + 1, after + 1):
        level = ULTRARED_MARKS.get((xp - red) % red)
        if level is not None:
            game.queue.append(("gh_ultrared", i, level))


def ultrared_step(game: Game, i: int, level: int) -> None:
    s = game.survivors[i]
    if not s.in_play:
        return
    game.change(i, box_fields=evolved(fields(s), ultrared=fields(s).ultrared + 1))
    card = game.tables.catalog.survivor(s.id)
    name = LEVEL_NAMES[level]
    options = [ref.text for ref in card.skills_at(name) if ref.text not in s.skills]  # type: ignore[arg-type]
    spent = all(ref.text in s.skills for ref in card.all_skill_refs())
    if not options and spent and level >= 2:
        options = [b.skill for b in book_skills(game.tables.catalog) if "[" not in b.spanish and b.skill not in s.skills]
    if not options:
        return
    if len(options) == 1:
        game.gain_skill(i, options[0])
        return
    game.pending = Pending("skill", s.seat, i, tuple(options), tuple((n,) for n in range(len(options))))
    game.events.append(DecisionNeeded("skill", s.seat, tuple(options)))


def _lent_by(skills: tuple[str, ...]) -> tuple[str, ...]:
    """The skills a survivor's Brothers in arms name, in order (asked for every survivor after every
    command)."""
    found = _LENT_BY.get(skills)
    if found is None:
        if len(_LENT_BY) > 4096:
            _LENT_BY.clear()
            _LENDS_NOTHING.clear()
        lent = []
        for skill in skills:
            name, parameter = sk.split(skill)
            if name == "brother_in_arms" and parameter and parameter not in lent:
                lent.append(parameter)
        found = _LENT_BY[skills] = tuple(lent)
        if not found:
            _LENDS_NOTHING.add(skills)
    return found


_LENT_BY: dict[tuple[str, ...], tuple[str, ...]] = {}  # a skill set → the skills it lends
_LENDS_NOTHING: set[tuple[str, ...]] = set()  # the skill sets found to lend nothing (read with ``in``: no call)


def lend_skills(game: Game) -> None:
    """Brother in arms: while two survivors or more share a zone, each of them holds the skills their
    Brothers in arms name; the skills go when the zone breaks up (§14 #54)."""
    lends_nothing = _LENDS_NOTHING
    for s in game.survivors:  # asked after every command: a plain loop with no call in it
        if s.skills not in lends_nothing:
            break
        mine = s.box_fields
        if mine.__class__ is not GreenHordeSurvivor or mine.lent:
            break
    else:
        return  # the usual case: nobody lends a skill and nobody holds a lent one
    lent_by = _LENT_BY
    lending_zones: list[int] = []  # where a survivor in play lends skills
    for s in game.survivors:
        own_fields = s.box_fields
        if isinstance(own_fields, GreenHordeSurvivor) and own_fields.lent:
            break  # a lent skill may have to go
        found = lent_by.get(s.skills)
        if (found or (found is None and _lent_by(s.skills))) and s.in_play:
            lending_zones.append(s.zone)
    else:
        # nobody holds a lent skill: only a lender sharing its zone lends any (the usual case: nobody
        # lends, no generator made; or the lender stands alone)
        if not lending_zones or not any(
                sum(1 for s in game.survivors if s.in_play and s.zone == zone) > 1 for zone in lending_zones):
            return
    by_zone: dict[int, list[int]] = {}
    for i, s in enumerate(game.survivors):
        if s.in_play:
            by_zone.setdefault(s.zone, []).append(i)
    for i, s in enumerate(game.survivors):
        mine = fields(s)
        own = tuple(k for k in s.skills if k not in mine.lent) if mine.lent else s.skills
        wanted: list[str] = []
        together = by_zone.get(s.zone, []) if s.in_play else []
        if len(together) > 1:
            for j in together:
                for parameter in _lent_by(game.survivors[j].skills):
                    if parameter not in own and parameter not in wanted:
                        wanted.append(parameter)
        if tuple(wanted) == mine.lent:
            continue
        for skill in wanted:
            if skill not in mine.lent:
                game.events.append(SkillLent(s.id, skill, True))
        for skill in mine.lent:
            if skill not in wanted:
                game.events.append(SkillLent(s.id, skill, False))
        game.change(i, skills=own + tuple(wanted), box_fields=evolved(mine, lent=tuple(wanted)))


def transmute(game: Game, i: int, command: Transmute) -> None:
    """Transmutation: 1 action, discard a card and draw another (no Search; an Aaahh! card acts)."""
    s = game.survivors[i]
    if "transmutation" not in s.skills:
        raise IllegalCommand(Said(N_("{survivor} cannot transmute"), survivor=s.name))
    if not 0 <= command.slot < len(s.slots) or s.slots[command.slot] < 0:
        raise IllegalCommand(Said(N_("transmute a card the survivor carries")))
    if not game.equipment_deck and not game.equipment_discard:
        raise IllegalCommand(Said(N_("the equipment deck is empty")))
    game.spend(i, "other")
    game.discard(i, command.slot)
    drawn = game.draw_equipment()
    if drawn is not None:
        game.events.append(CardDrawn("equipment", game.card_kinds[drawn], game.zid(s.zone), s.id))
        game.offer_cards(i, [drawn])


def objective_taken(game: Game, i: int, index: int) -> None:
    """An objective of a colour the mission names gives the next Vault card (§1.4, §13.5), or the next
    of the cards the mission hides under that colour (``objective_cards``, ours)."""
    colour = game.graph.objectives[index].color
    hidden = dict(getattr(game.spec, "objective_cards", {}))
    if colour in hidden:
        colours = sorted(hidden)
        found = list(game.box_state.found) or [0] * len(colours)
        n = colours.index(colour)
        cards = hidden[colour]
        if cards:
            _hand_over(game, i, cards[found[n] % len(cards)], vault=False)
            found[n] += 1
            game.box_state = evolved(game.box_state, found=tuple(found))
        return
    if colour not in getattr(game.spec, "vault_objectives", ()) or not game.box_state.vault:
        return
    equipment_id = game.box_state.vault[0]
    game.box_state = evolved(game.box_state, vault=game.box_state.vault[1:])
    _hand_over(game, i, equipment_id, vault=True)


def _hand_over(game: Game, i: int, equipment_id: str, vault: bool) -> None:
    """A new card of ``equipment_id`` for survivor ``i``: kept in a slot or discarded, as a search's."""
    card = len(game.card_kinds)
    game.card_kinds = game.card_kinds + (equipment_id,)
    s = game.survivors[i]
    if vault:
        game.events.append(VaultCardFound(s.id, equipment_id))
    else:
        game.events.append(CardDrawn("equipment", equipment_id, game.zid(s.zone), s.id))
    game.offer_cards(i, [card])


def end_of_round(game: Game) -> None:
    """Enchantments may be cast again, Battle fury and Speed wear off."""
    for i, s in enumerate(game.survivors):
        mine = fields(s)
        if mine.cast or mine.fury or mine.hasted or mine.striking:
            game.change(i, box_fields=evolved(mine, cast=(), fury=0, hasted=False, striking=""))


def anyone_dead(game: Game) -> None:
    """A mission lost with any survivor (``lose_if_anyone_dies``)."""
    if game.result is None and getattr(game.spec, "lose_if_anyone_dies", False) and any(
            not s.alive for s in game.survivors):
        game.finish("lost")


def after_action(game: Game, i: int) -> None:
    reconcile(game)
    lend_skills(game)
    if getattr(game.spec, "lose_if_anyone_dies", False):  # asked after every command: most missions do not
        anyone_dead(game)
