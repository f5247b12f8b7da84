"""Zombieworld events told in words for the log, each with a tone for its colour."""

from __future__ import annotations

from typing import Any

from game.rules.zombieworld import commands as c
from game.rules.zombieworld.state import State

Line = tuple[str, str]

REMOVAL = {"killed": "is killed", "out_of_action": "is out of action", "devoured": "is devoured",
           "left_table": "leaves the table", "withdrawn": "withdraws", "escaped": "escapes off the table"}


def model_name(state: State | None, model_id: str, names: dict[str, str] | None = None) -> str:
    if names and model_id in names:
        return names[model_id]
    if state is not None:
        for model in (*state.models, *state.departed):
            if model.id == model_id:
                return model.name if model.kind != "zombie" else f"{model.name} {model.id}"
    return model_id.split(":")[-1]


def modifiers_text(modifiers: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{label} {value:+d}" if value else label for label, value in modifiers)


def dice_line(event: c.DiceRolled, state: State | None, names: dict[str, str] | None = None) -> str:
    who = model_name(state, event.model, names) + ": " if event.model else ""
    dice = " ".join(str(d) for d in event.dice) or "no roll"
    parts = [f"{who}{event.purpose} roll [{dice}]"]
    if event.modifiers:
        parts.append(f"({modifiers_text(event.modifiers)})")
    if event.target:
        parts.append(f"vs {event.target}")
    if event.results:
        parts.append("— " + ", ".join(event.results))
    return " ".join(parts)


def describe(event: Any, state: State | None, names: dict[str, str] | None = None) -> Line | None:
    """One log line for ``event`` (None for events not worth a line)."""
    name = lambda model_id: model_name(state, model_id, names)  # noqa: E731
    if isinstance(event, c.DiceRolled):
        return dice_line(event, state, names), "dice"
    if isinstance(event, c.RoundStarted):
        return f"— Round {event.round} —", "phase"
    if isinstance(event, c.InitiativeDecided):
        return "Initiative: " + ", ".join(event.order), "phase"
    if isinstance(event, c.ZombieSpawned):
        return f"A zombie appears ({event.source})", "zombie"
    if isinstance(event, c.Activated):
        return f"{name(event.model)} {'acts' if event.success else 'hesitates'}", "good" if event.success else "plain"
    if isinstance(event, c.ModelMoved):
        return f"{name(event.model)} moves {event.cost_cm:.1f} cm", "plain"
    if isinstance(event, c.ShotFired):
        if event.wasted:
            return f"{name(event.model)} shoots at {name(event.target)}: out of range, wasted", "plain"
        return f"{name(event.model)} shoots {name(event.target)}: {event.hits} wound(s)", \
            "good" if event.hits else "plain"
    if isinstance(event, c.WeaponJammed):
        return f"{name(event.model)}'s weapon jams", "danger"
    if isinstance(event, c.BangPlaced):
        return f"BANG! ({event.value}) — the noise draws zombies", "zombie"
    if isinstance(event, c.BangResolved):
        return f"The noise brings {event.spawned} zombie(s)", "zombie"
    if isinstance(event, c.ReactionResolved):
        return f"{name(event.model)} reacts: {event.result.replace('_', ' ')}", "plain"
    if isinstance(event, c.MeleeFought):
        if not event.winner:
            return f"{name(event.model)} and {name(event.opponent)} fight: a tie", "plain"
        return f"{name(event.winner)} wins the fight ({event.wounds} wound(s))", "danger"
    if isinstance(event, c.Wounded):
        return f"{name(event.model)} is wounded ({event.wounds})" + (" but shrugs it off" if event.ignored else ""), \
            "danger"
    if isinstance(event, c.ModelRemoved):
        return f"{name(event.model)} {REMOVAL.get(event.reason, event.reason)}", "danger"
    if isinstance(event, c.Fled):
        return f"{name(event.model)} flees" + (f", dropping {event.dropped}" if event.dropped else ""), "danger"
    if isinstance(event, c.BandWithdrew):
        return f"{event.seat} withdraws from the table", "danger"
    if isinstance(event, c.BuildingEntered):
        found = {"zombies": f"{event.zombies} zombie(s) inside!", "empty": "empty",
                 "frightened_survivor": "a frightened survivor"}.get(event.found, event.found)
        return f"{name(event.model)} enters a building: {found}", "zombie" if event.zombies else "plain"
    if isinstance(event, c.ItemFound):
        return f"{name(event.model)} finds {event.item.replace('_', ' ')}", "card"
    if isinstance(event, c.SurvivorJoined):
        return f"{name(event.model)} joins {event.seat}", "good"
    if isinstance(event, c.ItemUsed):
        return f"{name(event.model)} uses {event.item.replace('_', ' ')}", "plain"
    if isinstance(event, c.Entrenched):
        return f"{name(event.model)} digs in", "plain"
    if isinstance(event, c.TookCover):
        return f"{name(event.model)} takes cover", "plain"
    if isinstance(event, c.DogControl):
        return f"{name(event.model)} {'obeys' if event.kept else 'runs wild'}", "plain"
    if isinstance(event, c.GameEnded):
        who = ", ".join(event.winners) or "nobody"
        return f"Game over ({event.reason}): {who} wins", "phase"
    if isinstance(event, c.ActivationEnded | c.PlaceMarked):
        return None
    return getattr(event, "kind", "").replace("_", " "), "plain"
