"""Zombieworld events told in words for the log, each with a tone for its colour."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.app.zombieworld.content_words import item_name
from game.app.zombieworld.vehicle_text import vehicle_line, vehicle_name
from game.i18n import N_, _, ngettext, phrase, said
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.state import ZOMBIES, Model, State

Line = tuple[str, str]

REMOVAL = {"killed": N_("{name} is killed"), "out_of_action": N_("{name} is out of action"),
           "devoured": N_("{name} is devoured"), "left_table": N_("{name} leaves the table"),
           "withdrawn": N_("{name} withdraws"), "escaped": N_("{name} escapes off the table")}


BUILDING_FOUND = {"empty": N_("empty"), "frightened_survivor": N_("a frightened survivor")}
SPAWN_SOURCES = {"round": N_("round"), "bang": N_("bang"), "building": N_("building"), "devoured": N_("devoured"),
                 "pen": N_("pen"), "vehicle": N_("vehicle"), "scenario": N_("placed by the scenario")}


def zombie_number(model_id: str) -> str:
    """The number in a zombie's id ("z12" → "12"), or the id itself when it has none."""
    digits = "".join(ch for ch in model_id if ch.isdigit())
    return digits or model_id


def shown_name(model: Model, catalog: Any = None) -> str:
    """A survivor's own name; a zombie's kind, in the player's language, and number ("Walker 3", "Caminante 3")."""
    if model.kind != "zombie":
        return model.name
    kind = next((z for z in catalog.zombies if z.id == model.profile), None) if catalog is not None else None
    return f"{said(kind) if kind is not None else model.name} {zombie_number(model.id)}"


def names_of(*states: State | None) -> dict[str, str]:
    """Every model's shown name across ``states`` (later states win), so the log can still name a
    zombie that an event took off the table."""
    names: dict[str, str] = {}
    for state in states:
        if state is not None:
            for model in (*state.models, *state.departed):
                names[model.id] = shown_name(model, state.catalog)
            for vehicle in state.vehicles:  # so a vehicle lost off the table keeps its name
                names[vehicle.id] = vehicle_name(state, vehicle.id)
    return names


def model_name(state: State | None, model_id: str, names: dict[str, str] | None = None) -> str:
    if names and model_id in names:
        return names[model_id]
    if state is not None:
        for model in (*state.models, *state.departed):
            if model.id == model_id:
                return shown_name(model, state.catalog)
    if model_id.startswith("z") and model_id[1:].isdigit():
        return _("Zombie {n}").format(n=model_id[1:])
    return model_id.split(":")[-1]


def modifiers_text(modifiers: tuple[tuple[str, int], ...], catalog: Any = None) -> str:
    """A roll's modifiers in the player's language: the engine's words, or a piece of content (a weapon,
    a quality) by its shown name."""
    shown = content_names(catalog)
    words = [shown.get(label) or (_(label) if label else "") for label, _value in modifiers]
    return ", ".join(f"{word} {value:+d}" if value else word for word, (_label, value) in zip(words, modifiers, strict=True))


def content_names(catalog: Any) -> dict[str, str]:
    """Each piece of content's English name → its shown name (the engine labels some modifiers with them)."""
    if catalog is None:
        return {}
    entries = (*catalog.firearms, *catalog.hand_weapons, *catalog.objects, *catalog.qualities.virtue,
               *catalog.qualities.defect, *catalog.ranks, *catalog.zombies)
    return {entry.name: said(entry) for entry in entries}


def roll_name(purpose: str, catalog: Any = None) -> str:
    """A roll's purpose (the engine's words) as the log names the roll."""
    if purpose in ROLL_WORDS:
        return _(ROLL_WORDS[purpose])
    floor = purpose.removeprefix("floor ").removesuffix(" entry")
    if purpose.startswith("floor ") and floor.isdigit():
        return phrase(N_("floor {n} entry roll"), n=floor)
    shop = next((s for s in catalog.tables.shop if f"{s.name} reward" == purpose), None) if catalog is not None else None
    if shop is not None:
        return phrase(N_("{shop} reward roll"), shop=said(shop))
    return phrase("{purpose} roll", purpose=purpose)


def result_word(result: str) -> str:
    """What a die scored, in the player's language (a number stays a number)."""
    return _(RESULT_WORDS[result]) if result in RESULT_WORDS else result


def dice_line(event: c.DiceRolled, state: State | None, names: dict[str, str] | None = None) -> str:
    who = model_name(state, event.model, names) + ": " if event.model else ""
    dice = " ".join(str(d) for d in event.dice) or _("no roll")
    purpose = roll_name(event.purpose, state.catalog if state is not None else None)
    parts = [f"{who}{purpose} [{dice}]"]
    if event.modifiers:
        parts.append(f"({modifiers_text(event.modifiers, state.catalog if state is not None else None)})")
    if event.target:
        parts.append(phrase("vs {target}", target=event.target))
    if event.results:
        parts.append("— " + ", ".join(_(RESULT_WORDS[r]) if r in RESULT_WORDS else r for r in event.results))
    return " ".join(parts)


ENDINGS = {"the last round is over": N_("the last round is over"),  # the engine's reasons for the end
           "no band is left on the table": N_("no band is left on the table")}
ROLL_WORDS = {  # each roll's purpose (the engine's words) as the log names the roll
    "zombie generation": N_("zombie generation roll"), "initiative": N_("initiative roll"),
    "activation": N_("activation roll"), "deployment order": N_("deployment order roll"),
    "melee": N_("melee roll"), "shot": N_("shot roll"), "landing": N_("landing roll"),
    "first aid": N_("first aid roll"), "dog control": N_("dog control roll"),
    "interior light": N_("interior light roll"), "building entry": N_("building entry roll"),
    "surprise": N_("surprise roll"), "surprise shot": N_("surprise shot roll"),
    "search": N_("search roll"), "container": N_("container roll"), "prop search": N_("prop search roll"),
    "containers": N_("containers roll"),
    "zombie in the vehicle": N_("zombie in the vehicle roll"), "weather": N_("weather roll"),
    "street lamp": N_("street lamp roll"), "run over": N_("run over roll"),
    "in the way": N_("in the way roll"), "regain control": N_("regain control roll"),
    "shrug off a wound": N_("shrug off a wound roll"), "few of us left": N_("few of us left roll"),
    "will it start": N_("will it start roll"), "sprint": N_("sprint roll"),
    "disengage": N_("disengage roll"), "BANG": N_("BANG roll"), "alliance": N_("alliance roll"),
    "weapon loss": N_("weapon loss roll"), "charged reaction": N_("reaction roll (charged)"),
    "charging reaction": N_("reaction roll (charging)"), "shot_at reaction": N_("reaction roll (shot at)"),
}
FOUND_WORDS = {"antidote": N_("the antidote"), "dog": N_("a dog"), "frightened_survivor": N_("a frightened survivor"),
               "rescued": N_("the person to rescue")}
RESULT_WORDS = {  # what a die scored ("-": a zombie-generation or BANG die that brought none)
    "zombie": N_("zombie"), "-": N_("no zombie"), "pass": N_("pass"), "fail": N_("fail"), "wound": N_("wound"),
    "miss": N_("miss"), "healed": N_("healed"), "no effect": N_("no effect"), "found": N_("found"),
    "empty": N_("empty"), "nothing": N_("nothing"), "on": N_("on"), "off": N_("off"),
    "ignored": N_("ignored"), "keep": N_("keep"), "drop": N_("drop"), "fixed": N_("fixed"), "fragile": N_("fragile"),
    "starts": N_("starts"), "dead": N_("dead"), "casualty": N_("casualty"), "jumped aside": N_("jumped aside"),
    "stepped_aside": N_("stepped aside"), "zombies": N_("zombies"), "frightened_survivor": N_("a frightened survivor"),
    "out_of_control": N_("out of control"), "radiator": N_("radiator"), "one_less": N_("one less"),
    "dark": N_("dark"), "normal": N_("normal"), "dim": N_("dim"),
}
REACTION_WORDS = {  # a reaction's result (the engine's words)
    "shoot_then_melee": N_("shoot, then melee"), "melee": N_("melee"), "flee": N_("flee"), "charge": N_("charge"),
    "shoot_instead": N_("shoot instead"), "frozen": N_("frozen"), "return_fire": N_("return fire"),
    "take_cover": N_("take cover"),
}
DECISION_WORDS = {  # a decision a band takes in the middle of a turn
    "return_fire": N_("{name} may return fire at {other}"), "reaction_reroll": N_("{name} may roll the reaction again"),
    "flee_direction": N_("{name} flees: its band chooses where"), "vehicle_surprise": N_("{name} reacts first to {other}"),
}


ALLIANCE_KINDS = {True: "fixed (binding)", False: "fragile (a promise)"}


def band_label(seat: str, bands: dict[str, str] | None) -> str:
    return bands.get(seat, seat) if bands else seat


def side_label(seat: str, bands: dict[str, str] | None) -> str:
    """A band by its name, the zombies as "Zombies" (never a seat id such as "red")."""
    return _("Zombies") if seat == ZOMBIES else band_label(seat, bands)


def alliance_pairs(state: State | None, bands: dict[str, str] | None = None, joiner: str = " + ") -> list[str]:
    """Each allied pair by its bands' names ("Fire Crew + Night Owls")."""
    if state is None:
        return []
    return [joiner.join(band_label(seat, bands) for seat in pair) for pair in state.alliances]


def alliance_text(state: State | None, bands: dict[str, str] | None = None) -> str:
    """The alliance as it stands: "Alliance: Fire Crew + Night Owls, fixed (binding)"; empty without one."""
    pairs = alliance_pairs(state, bands)
    if state is None or not pairs:
        return ""
    word = "Alliance" if len(pairs) == 1 else "Alliances"
    return f"{word}: {'; '.join(pairs)}, {ALLIANCE_KINDS[state.alliance_fixed]}"


def alliance_roll_line(event: c.DiceRolled, state: State | None, bands: dict[str, str] | None = None) -> Line:
    """An alliance die in words: the roll before play, or a round's flip that keeps or swaps the kind."""
    dice = " ".join(str(d) for d in event.dice) or "no roll"
    kind = event.results[0] if event.results else ("fixed" if state is None or state.alliance_fixed else "fragile")
    pairs = alliance_pairs(state, bands, " and ")
    between = f"The alliance between {' / '.join(pairs)}" if pairs else "The alliance"
    if event.target == engine.ALLIANCE_FIXED_UP_TO:  # the roll before play; a round's flip needs more
        return f"Alliance roll [{dice}]: t{between[1:]} starts {kind}", "dice"
    if event.dice and event.dice[0] >= event.target:
        return f"{between} turns {kind} (alliance roll [{dice}])", "good" if kind == "fixed" else "danger"
    return f"{between} stays {kind} (alliance roll [{dice}])", "dice"


def describe(event: Any, state: State | None, names: dict[str, str] | None = None,
             bands: dict[str, str] | None = None) -> Line | None:
    """One log line for ``event`` (None for events not worth a line); ``bands`` names the seats."""
    name = lambda model_id: model_name(state, model_id, names)  # noqa: E731
    if isinstance(event, c.DiceRolled):
        if event.purpose == "alliance":
            return alliance_roll_line(event, state, bands)
        if event.model and all(seat in (bands or {}) or seat == ZOMBIES for seat in event.model.split(",")):
            sides = ", ".join(side_label(seat, bands) for seat in event.model.split(","))  # a roll of whole bands
            return f"{sides}: {dice_line(replace(event, model=''), state, names)}", "dice"
        return dice_line(event, state, names), "dice"
    if isinstance(event, c.DecisionPending):
        other = name(event.other) if event.other else "?"
        if event.decision in DECISION_WORDS:
            return phrase(DECISION_WORDS[event.decision], name=name(event.model), other=other), "phase"
        return f"{name(event.model)} {event.decision}", "phase"
    if isinstance(event, c.Deployed):
        return phrase("{name} deploys at {x}, {y} cm", name=name(event.model), x=f"{event.at[0]:.0f}",
                      y=f"{event.at[1]:.0f}"), "move"
    if isinstance(event, c.BandDeployed):
        band = (bands or {}).get(event.seat, event.seat)
        return phrase("{band} has deployed", band=band), "phase"
    if isinstance(event, c.RoundStarted):
        return phrase("— Round {round} —", round=event.round), "phase"
    if isinstance(event, c.InitiativeDecided):
        return phrase("Initiative: {sides}", sides=", ".join(side_label(seat, bands) for seat in event.order)), "phase"
    if isinstance(event, c.ZombieSpawned):
        return phrase("{name} appears ({source})", name=name(event.zombie),
                      source=_(SPAWN_SOURCES[event.source]) if event.source in SPAWN_SOURCES else event.source), "zombie"
    if isinstance(event, c.Activated):
        return phrase(N_("{name} acts") if event.success else N_("{name} hesitates"), name=name(event.model)), \
            "good" if event.success else "plain"
    if isinstance(event, c.ModelMoved):
        if event.cost_cm <= 0:  # put aside by the rules (out from under a vehicle), not a walk
            return phrase("{name} steps aside", name=name(event.model)), "plain"
        return phrase("{name} moves {cm} cm", name=name(event.model), cm=f"{event.cost_cm:.1f}"), "plain"
    if isinstance(event, c.ShotFired):
        if event.wasted:
            return phrase("{name} shoots at {target}: out of range, wasted", name=name(event.model),
                          target=name(event.target)), "plain"
        return ngettext("{name} shoots {target}: {n} wound", "{name} shoots {target}: {n} wounds", event.hits).format(
            name=name(event.model), target=name(event.target), n=event.hits), "good" if event.hits else "plain"
    if isinstance(event, c.WeaponJammed):
        return phrase("{name}'s weapon jams", name=name(event.model)), "danger"
    if isinstance(event, c.BangPlaced):
        return phrase("BANG! ({value}) — the noise draws zombies", value=event.value), "zombie"
    if isinstance(event, c.BangResolved):
        return ngettext("The noise brings {n} zombie", "The noise brings {n} zombies", event.spawned).format(
            n=event.spawned), "zombie"
    if isinstance(event, c.ReactionResolved):
        return phrase(N_("{name} reacts: {result}"), name=name(event.model),
                      result=_(REACTION_WORDS[event.result]) if event.result in REACTION_WORDS else event.result), "plain"
    if isinstance(event, c.MeleeFought):
        if not event.winner:
            return phrase("{name} and {other} fight: a tie", name=name(event.model), other=name(event.opponent)), "plain"
        return ngettext("{name} wins the fight ({n} wound)", "{name} wins the fight ({n} wounds)", event.wounds).format(
            name=name(event.winner), n=event.wounds), "danger"
    if isinstance(event, c.Wounded):
        return phrase(N_("{name} is wounded ({wounds}) but shrugs it off") if event.ignored else
                      N_("{name} is wounded ({wounds})"), name=name(event.model), wounds=event.wounds), "danger"
    if isinstance(event, c.ModelRemoved):
        if event.reason in REMOVAL:
            return phrase(REMOVAL[event.reason], name=name(event.model)), "danger"
        return f"{name(event.model)} {event.reason}", "danger"
    if isinstance(event, c.Fled):
        if event.dropped:
            return phrase("{name} flees, dropping {item}", name=name(event.model),
                          item=item_name(state.catalog if state is not None else None, event.dropped)), "danger"
        return phrase("{name} flees", name=name(event.model)), "danger"
    if isinstance(event, c.BandWithdrew):
        return phrase("{band} withdraws from the table", band=(bands or {}).get(event.seat, event.seat)), "danger"
    if isinstance(event, c.BuildingEntered):
        if event.found == "zombies":
            found = ngettext("{n} zombie inside!", "{n} zombies inside!", event.zombies).format(n=event.zombies)
        else:
            found = _(BUILDING_FOUND.get(event.found, event.found))
        return phrase(N_("{name} enters a building: {found}"), name=name(event.model), found=found), \
            "zombie" if event.zombies else "plain"
    catalog = state.catalog if state is not None else None
    if isinstance(event, c.ItemFound):
        return phrase(N_("{name} finds {item}: no room, it lies at their feet") if event.dropped else
                      N_("{name} finds {item}"), name=name(event.model),
                      item=_(FOUND_WORDS[event.item]) if event.item in FOUND_WORDS else item_name(catalog, event.item)), "card"
    if isinstance(event, c.FoundKept):
        return phrase(N_("{name} keeps the {item} and leaves the {dropped} on the ground"), name=name(event.model),
                      item=item_name(catalog, event.item), dropped=item_name(catalog, event.dropped)), "card"
    if isinstance(event, c.ItemsDropped):
        return phrase(N_("{name} leaves on the ground: {items}"), name=name(event.model),
                      items=", ".join(item_name(catalog, i) for i in event.items)), "card"
    if isinstance(event, c.SurvivorJoined):
        return phrase("{name} joins {band}", name=name(event.model), band=(bands or {}).get(event.seat, event.seat)), "good"
    if isinstance(event, c.ItemUsed):
        return f"{name(event.model)} uses {event.item.replace('_', ' ')}", "plain"
    if isinstance(event, c.Entrenched):
        return phrase("{name} digs in", name=name(event.model)), "plain"
    if isinstance(event, c.TookCover):
        return phrase("{name} takes cover", name=name(event.model)), "plain"
    if isinstance(event, c.DogControl):
        return phrase(N_("{name} obeys") if event.kept else N_("{name} runs wild"), name=name(event.model)), "plain"
    line = vehicle_line(event, state, name, names)
    if line is not None:
        return line
    if isinstance(event, c.GameEnded):
        who = ", ".join(event.winners) or _("nobody")
        reason = _(ENDINGS[event.reason]) if event.reason in ENDINGS else event.reason
        return phrase("Game over ({reason}): {who} wins", reason=reason, who=who), "phase"
    if isinstance(event, c.ActivationEnded | c.PlaceMarked):
        return None
    return getattr(event, "kind", "").replace("_", " "), "plain"
