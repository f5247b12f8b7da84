"""Zombicide's cards as faces the window draws whole (``game.app.widgets.card_view``): equipment with
its range, dice, accuracy, damage, noise and slots; survivors with their skills by level; zombie
kinds; zombie cards with what spawns at each danger level and where, in the map's zone names."""

from __future__ import annotations

from typing import Any

from game.app.widgets.card_view import CardFace, local_description, local_name
from game.app.zombicide.event_text import skill_words
from game.i18n import N_, _

LEVELS = (("blue", "Blue"), ("yellow", "Yellow"), ("orange", "Orange"), ("red", "Red"))


def _level_word(level: str) -> str:
    return {"blue": _("Blue"), "yellow": _("Yellow"), "orange": _("Orange"), "red": _("Red")}[level]


EFFECT_WORDS = {
    "aaahh_spawn": N_("a zombie appears"), "adds_die_to_other_melee": N_("+1 die to the other melee weapon"),
    "chooses_targets": N_("the shooter picks the targets"), "ignore_first_wound_each_round": N_("ignores a Wound each round"),
    "reroll_heavy_ammo": N_("re-roll: heavy ammo"), "reroll_light_ammo": N_("re-roll: light ammo"),
    "search_draw_two": N_("Search draws 2 cards"), "vest_against_survivors": N_("stops survivors' Wounds"),
}


def equipment_face(catalog: Any, equipment_id: str) -> CardFace:
    item = catalog.equipment(equipment_id)
    rows: list[tuple[str, str]] = []
    if item.attack is not None:
        kind = {"melee": _("Melee weapon"), "ranged": _("Ranged weapon"), "magic": _("Combat spell")}[item.attack]
        rows.append((_("Range"), f"{item.range_min}–{item.range_max}"))
        rows.append((_("Dice"), _("kills everything") if item.kills_everything else str(item.dice)))
        if not item.kills_everything:
            rows.append((_("Accuracy"), f"{item.accuracy}+"))
            rows.append((_("Damage"), str(item.damage)))
        rows.append((_("Noise"), _("noisy") if item.noisy_attack else _("silent")))
    else:
        kind = _("Item") if item.kind == "item" else item.kind.capitalize()
    if item.opens_doors:
        rows.append((_("Opens doors"), _("noisily") if item.noisy_door else _("silently")))
    rows.append((_("Slots"), _("in hand") if item.works_from == "hand" else _("hand or backpack")))
    traits = [word for flag, word in ((item.dual, _("Dual")), (item.reload, _("Reload")), (item.one_use, _("One use")))
              if flag]
    if item.ammo:
        traits.append(_("Ammo: light") if item.ammo == "light" else _("Ammo: heavy"))
    traits += [_(EFFECT_WORDS[effect]) if effect in EFFECT_WORDS else effect.replace("_", " ") for effect in item.effects]
    sections = ((_("Skills"), tuple(traits)),) if traits else ()
    return CardFace(local_name(item), kind, "weapon" if item.attack else "item", tuple(rows), sections,
                    local_description(item))


def equipment_summary(catalog: Any, equipment_id: str) -> str:
    """An equipment card's figures on one line ("Range 0–1 · Dice 1 · Accuracy 3+ · …"), for a dialog."""
    rows = [f"{label} {value}" for label, value in equipment_face(catalog, equipment_id).rows if label != _("Slots")]
    return " · ".join(rows) or local_name(catalog.equipment(equipment_id))


def survivor_face(catalog: Any, survivor_id: str) -> CardFace:
    survivor = catalog.survivor(survivor_id)
    sections = []
    for level, _english in LEVELS:
        refs = survivor.skills_at(level)
        head = _level_word(level) if len(refs) < 2 or level == "blue" else \
            _("{level} (pick one)").format(level=_level_word(level))
        sections.append((head, tuple(skill_words(catalog, ref.text) for ref in refs)))
    return CardFace(local_name(survivor), _("Survivor"), "survivor", (), tuple(sections), local_description(survivor))


def zombie_face(catalog: Any, zombie_id: str) -> CardFace:
    zombie = catalog.zombie(zombie_id)
    rows = [(_("Actions"), str(zombie.actions)),
            (_("Damage to kill"), str(zombie.damage_to_kill) if zombie.damage_to_kill else _("only fire kills it")),
            (_("Experience"), str(zombie.xp))]
    return CardFace(local_name(zombie), _("Zombie"), "zombie", tuple(rows))


def zombie_card_face(catalog: Any, number: int, zone_name: str = "") -> CardFace:
    """A zombie card: what it places at each danger level, and where it was drawn (``zone_name``:
    the map's name of the zone, never its id)."""
    card = catalog.zombie_card(number)
    kind = str(card.kind)
    if kind == "sewer":
        title, colour = _("Sewer card {number}").format(number=number), "sewer"
    else:
        title, colour = _("Zombie card {number}").format(number=number), "zombie"
    rows: list[tuple[str, str]] = [(_("Spawns in"), zone_name)] if zone_name else []
    if kind == "extra_activation":
        what = local_name(catalog.zombie(card.zombie)) if card.zombie else ""
        return CardFace(title, _("Extra activation"), colour, tuple(rows),
                        ((_("Every zombie of this kind acts again"), (what,)),))
    lines = []
    for level, _english in LEVELS:
        groups = card.line(level)
        what = ", ".join(f"{g.count} × {local_name(catalog.zombie(g.zombie))}" for g in groups) if groups \
            else _("nothing")
        lines.append(f"{_level_word(level)}: {what}")
    label = {"sewer": _("Sewer card: the zombies come out of the sewers"), "bed": _("Bed card: crawlers wake in the beds")
             }.get(kind, _("Zombie card"))
    return CardFace(title, label, colour, tuple(rows), ((_("By danger level"), tuple(lines)),))


# what each marker on a Zombicide board means, for the legend (kinds not listed are not explained)
MARKER_WORDS: dict[str, str] = {
    "start": N_("Start: where the survivors begin"),
    "exit": N_("Exit: reach it to escape (ringed, marked EXIT)"),
    "spawn": N_("Spawn zone: zombies appear here; its numbers are the spawn die results that pick it"),
    "objective": N_("Objective: take it for experience and the mission's goals; once taken it is greyed and ticked"),
    "sewer": N_("Sewer: Sewer cards bring zombies out here"),
    "bed": N_("Bed: a Bed card of its colour wakes a Crawler here when survivors are on its tile"),
    "event_trigger": N_("Event trigger: the tile's building zones spawn the first time a survivor ends an "
                        "action in one of them"),
    "stairs": N_("Stairs: a way through the fence"),
    "helicopter": N_("Helicopter: board it, fly it, land it"),
    "crashed_helicopter": N_("Crashed helicopter: nobody enters this zone, and it blocks sight"),
    "noise": N_("Noise: zombies move toward the loudest zone"),
    "tent_slot": N_("Tent: its card is turned over when someone walks in"),
    "siege_engine": N_("Trebuchet: haul it and fire it"),
    "dragon_bile": N_("Dragon Bile: a Torch sets it alight"),
}


def legend_face(board: Any) -> CardFace:
    """The legend of the markers on ``board``: one line per kind of marker it shows."""
    kinds = list(dict.fromkeys(str(m.kind) for m in board.markers))
    lines = tuple(_(MARKER_WORDS[kind]) for kind in kinds if kind in MARKER_WORDS)
    return CardFace(_("Legend"), _("What the markers on the board mean"), "other", (), ((_("On this board"), lines),))


__all__ = ["MARKER_WORDS", "equipment_summary", "legend_face", "equipment_face", "skill_words", "survivor_face", "zombie_card_face", "zombie_face"]
