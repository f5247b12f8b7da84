"""How the Zombieworld engine names things in the words it says (a refusal is a ``Said`` template):
a model by its name (a zombie by its kind, in each language, and number), equipment, vehicles and
defects by their content entries (the window shows their ``name_es``), a piece of the table by its
label (``Label``: a map's words, which a catalogue may translate) and lengths already written out.
Pure data: the window says them (``game.i18n.said``); ids are never shown."""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.core.reasons import Label, Named, Said


def who(catalog: Any, model: Any) -> Any:
    """A model as the words name it: a survivor or dog by its own name, a zombie as "Walker 3" / "Caminante 3"."""
    if getattr(model, "kind", "") != "zombie":
        return model.name
    kind = next((z for z in catalog.zombies if z.id == model.profile), None)
    number = "".join(ch for ch in model.id if ch.isdigit()) or model.id
    if kind is None:
        return Named(f"{model.name} {number}")
    return Named(f"{kind.name} {number}", f"{kind.name_es} {number}" if kind.name_es else "")


def item(catalog: Any, item_id: str) -> Any:
    """A weapon or object's content entry (its name in each language); "that item" for an unknown id."""
    try:
        return catalog.item(item_id)
    except KeyError:
        return Said(N_("that item"))


KIND_WORDS = {
    "building": N_("building"), "wall": N_("wall"), "obstacle": N_("obstacle"), "difficult": N_("difficult ground"),
    "cover": N_("cover"), "stairs": N_("stairs"), "impassable": N_("impassable ground"), "fence": N_("fence"),
    "hedge": N_("hedge"), "ledge": N_("ledge"), "piece": N_("piece"),
}


def kind_word(kind: str) -> Any:
    """What a piece or barrier is ("wall", "fence"), in the player's language."""
    return Said(KIND_WORDS[kind]) if kind in KIND_WORDS else kind


def piece(label: str, kind: str = "building") -> Any:
    """A piece of the table by its label, else by what it is ("building", "obstacle")."""
    return Label(label) if label else kind_word(kind)


def cm(length: float) -> str:
    """A length in whole or part centimetres as the rules give it ("2.5")."""
    return f"{length:g}"


def cm1(length: float) -> str:
    """A measured length to the millimetre ("12.3")."""
    return f"{length:.1f}"


def used_action(name: str) -> Said:
    return Said(N_("{name} has already used its action"), name=name)


def in_melee(name: str) -> Said:
    return Said(N_("{name} is locked in melee"), name=name)


def carries_no(catalog: Any, name: str, item_id: str) -> Said:
    return Said(N_("{name} carries no {item}"), name=name, item=item(catalog, item_id))
