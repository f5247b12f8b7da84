"""Zombieworld's refusals in the player's language. A seeded sweep plays random games on the shipped
tables (bands with dogs, wheels, grenades and vehicles, several scenarios, the players' own deployment) and, every few steps, offers the engine a spread of commands for
every model of every seat (wrong models, targets, items, seats, levels, paths off the table and into
walls); each one refused must be a ``Said`` template, change nothing, and read in Spanish with no
English word and no untranslated template. The source check makes sure no refusal is written as
plain English again."""

from __future__ import annotations

import ast
import string
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

from game import i18n
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.catalog import load_catalog
from game.rules.zombieworld.state import ZOMBIES, State
from tests.spanish_probe import english_words
from tests.zombieworld.playout_record import _command, games, state_hash

RULES = Path(__file__).resolve().parents[2] / "game" / "rules" / "zombieworld"
SOURCES = [*sorted(RULES.glob("*.py")), *sorted((RULES / "geometry").glob("*.py"))]
SAYING = ("Said", "used_action", "in_melee", "carries_no")  # what a refusal is made with (spoken.py's helpers)
PROBLEMS = ("problem", "surface")  # a refusal passed on from a ``*_problem`` helper, itself checked below
STRIDE = 6  # candidates every sixth step: the sweep meets most refusals in a fraction of the time
FAMILIES = {  # (family of playout_record.games, seeds, steps)
    "town-massacre": ((3,), 140),
    "crossroads-way-out": ((1,), 200),
    "crossroads-aboard": ((2,), 200),
    "farm-antidote": ((2,), 100),
    "town-deploying": ((5,), 1),  # the players place their figures: the deployment's refusals
}
SOME_ITEMS = ("pistol", "shotgun", "medkit", "scope", "silencer", "bicycle", "skateboard", "stimulants", "ammo_box",
              "air_horn", "grenade", "vest", "nothing")
# templates with no words of their own (a name and a problem): the same in every language
WORDLESS = frozenset({"{name}: {problem}", "the {piece}"})


def refusal_templates() -> set[str]:
    """Every template a Zombieworld refusal can be written with: the N_ strings of the rules' modules."""
    found: set[str] = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("N_", "counted") and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.add(first.value)
    return found


def _said_call(node: ast.AST) -> bool:
    if isinstance(node, ast.IfExp):
        return _said_call(node.body) and _said_call(node.orelse)
    if isinstance(node, ast.Call):
        func = node.func
        return getattr(func, "id", "") in SAYING or getattr(func, "attr", "") in SAYING
    return isinstance(node, ast.Name) and node.id in PROBLEMS or (
        isinstance(node, ast.Attribute) and node.attr == "problem")


def test_no_refusal_is_written_as_plain_english():
    """Every ``raise IllegalCommand(...)`` of the rules gives a Said (or a problem from a helper that
    makes one), and no helper that explains a problem returns an English literal or f-string."""
    plain = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) \
                    and getattr(node.exc.func, "id", "") == "IllegalCommand" and not _said_call(node.exc.args[0]):
                plain.append(f"{path.name}:{node.lineno}")
            explains = isinstance(node, ast.FunctionDef) and (
                node.name.endswith("_problem") or node.name in ("_at_door", "_landing_surface"))
            for inner in ast.walk(node) if explains else ():
                if isinstance(inner, ast.Return) and (isinstance(inner.value, ast.JoinedStr) or (
                        isinstance(inner.value, ast.Constant) and isinstance(inner.value.value, str)
                        and inner.value.value)):
                    plain.append(f"{path.name}:{inner.lineno}")
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "PathCost" and len(node.args) > 2 \
                    and (isinstance(node.args[2], ast.JoinedStr) or getattr(node.args[2], "value", "")):
                plain.append(f"{path.name}:{node.lineno}")
    assert plain == []


def fields(template: str) -> set[str]:
    return {name for _text, name, _spec, _conversion in string.Formatter().parse(template) if name}


def test_every_refusal_has_spanish_words_with_the_same_fields(spanish):
    for template in sorted(refusal_templates()):
        spanish_words = i18n._(template)
        assert template in WORDLESS or spanish_words != template, template
        assert fields(spanish_words) == fields(template), template
        assert not english_words([spanish_words.format(**dict.fromkeys(fields(template), "Ana"))]), template
    assert i18n.untranslated() == frozenset()


def candidates(state: State, seat: str, chooser: Random) -> Iterator[Any]:
    """A spread of commands for ``seat``'s models and some others: legal ones with a part changed, and
    plain wrong ones."""
    table = state.table
    models = [m for m in state.models if m.side == seat] or list(state.models)
    others = [m for m in state.models if m.side != seat]
    some = lambda items: items[int(chooser.random() * len(items))] if items else None  # noqa: E731
    for model in [some(models), some(models), some(others)]:
        if model is None:
            continue
        target = some(others) or model
        near = (model.x + (chooser.random() - 0.5) * 30, model.y + (chooser.random() - 0.5) * 30)
        far = (model.x + 200.0, model.y)
        item = some(list(SOME_ITEMS))
        vehicle = some([v.id for v in state.vehicles]) or "van9"
        yield c.Activate(model.id)
        yield c.MoveModel(model.id, (near,))
        yield c.MoveModel(model.id, (far,))
        yield c.MoveModel(model.id, ())
        yield c.Sprint(model.id)
        yield c.Shoot(model.id, ((target.id, 1),))
        yield c.Shoot(model.id, ((target.id, 9),))
        yield c.Shoot(model.id, ())
        yield c.Shoot(model.id, (("nobody", 1),))
        yield c.Charge(model.id, target.id, (near,))
        yield c.Charge(model.id, target.id, ((target.x - 2.6, target.y),))
        yield c.Fight(model.id)
        yield c.Disengage(model.id)
        yield c.Reload(model.id)
        yield c.SwapWeapons(model.id)
        yield c.EndActivation(model.id)
        yield c.Search(model.id)
        yield c.Search(model.id, piece=int(chooser.random() * (len(table.pieces) + 2)) - 1)
        yield c.Search(model.id, vehicle=vehicle)
        yield c.UseItem(model.id, item, target.id)
        yield c.FirstAid(model.id, target.id)
        yield c.Entrench(model.id)
        yield c.PickUp(model.id)
        yield c.LeaveTable(model.id, (near,))
        yield c.BoardVehicle(model.id, vehicle, (near,), seat=int(chooser.random() * 6) - 1)
        yield c.LeaveVehicle(model.id, (near,))
        yield c.LeaveVehicle(model.id, ())
        yield c.Drive(model.id, (near,), reverse=chooser.random() < 0.5)
        yield c.ChangeSeat(model.id, int(chooser.random() * 6) - 1)
        yield c.Climb(model.id, int(chooser.random() * 4), ladder=int(chooser.random() * 3) - 1)
        yield c.Jump(model.id, near, int(chooser.random() * 3))
        yield c.HandOver(model.id, target.id, item)
        yield c.KeepFound(model.id, item)
        yield c.Exchange(model.id, target.id, give=(item,))
        yield c.Exchange(model.id, some(models).id, give=(item,), take=(some(list(SOME_ITEMS)),))
        yield c.Mount(model.id, item)
        yield c.Dismount(model.id, leave=chooser.random() < 0.5)
        yield c.ReturnFire(model.id, int(chooser.random() * 4))
        yield c.HoldFire(model.id)
        yield c.RerollReaction(model.id)
        yield c.FleeToward(model.id, chooser.random() * 360)
        yield c.ShootFirst(model.id, int(chooser.random() * 4))
        yield c.StepAway(model.id, (near,))
        yield c.StandFirm(model.id)
        yield c.Deploy(model.id, near)
    yield c.DeploymentDone(seat)
    yield c.Activate("nobody")
    yield c.Withdraw()
    yield object()


def spanish_names(value: Any, found: set[str] | None = None) -> set[str]:
    """Every ``name_es`` in the catalogue (the Spanish rulebook's names, which may share a word with English)."""
    found = set() if found is None else found
    if isinstance(value, list | tuple):
        for item in value:
            spanish_names(item, found)
    elif hasattr(type(value), "model_fields"):
        if isinstance(getattr(value, "name_es", None), str):
            found.add(value.name_es)
        for key in type(value).model_fields:
            spanish_names(getattr(value, key), found)
    return found


def attempt(state: State, seat: str, command: Any, met: dict[str, str], names: list[str]) -> None:
    try:
        engine.apply(state, seat, command)
    except IllegalCommand as refusal:
        reason = refusal.reason
        assert isinstance(reason, Said), (command, reason)
        shown = i18n.said(reason)
        assert not english_words([shown], names), (reason.template, shown)
        assert i18n.untranslated() == frozenset(), (reason.template, i18n.untranslated())
        met.setdefault(reason.template, shown)


def test_every_refusal_met_in_a_seeded_sweep_is_said_in_spanish_and_changes_nothing(spanish):
    met: dict[str, str] = {}
    families = {name: (board, setup) for name, board, setup, _seeds, _steps in games()}
    town, massacre = families["town-massacre"]
    families["town-deploying"] = (town, massacre.model_copy(update={"deploy": "players"}))  # type: ignore[attr-defined]
    played = 0
    for name, (seeds, steps) in FAMILIES.items():
        board, setup = families[name]
        for seed in seeds:
            chooser = Random(seed)
            state = engine.setup(board, setup, seed)  # type: ignore[arg-type]
            names = [m.name for m in state.models] + sorted(spanish_names(load_catalog()))
            for step in range(steps):
                seats = sorted(engine.current_seats(state))
                if not seats:
                    break
                if step % STRIDE == 0:
                    before = state_hash(state)
                    for seat in [*state.seats, ZOMBIES]:
                        for command in candidates(state, seat, chooser):
                            attempt(state, seat, command, met, names)
                    assert state_hash(state) == before, "a refused command changed the game"
                command = _command(state, seats[0], chooser)
                if command is None:
                    active = state.active
                    command = c.EndActivation(active.model) if active else None
                if command is None:
                    break
                state, _ = engine.apply(state, seats[0], command)
                played += 1
    assert played > 500
    written = refusal_templates()
    assert set(met) <= written
    assert len(met) >= 70, sorted(met)


def refused(state: State, command: Any) -> Said:
    try:
        engine.apply(state, "red", command)
    except IllegalCommand as refusal:
        assert isinstance(refusal.reason, Said)
        return refusal.reason
    raise AssertionError(f"{command} was played")


def test_a_refusal_names_things_by_their_shown_names(spanish):
    """Equipment, vehicles and map labels by their Spanish names, lengths as the rules measure them;
    the English text the engine keeps is unchanged."""
    from tests.zombieworld.helpers import arranged_state

    near_car = arranged_state({"red:Ana": (30.0, 30.0)}, {"z7": (60.0, 30.0)}, active="red:Ana")
    reason = refused(near_car, c.MoveModel("red:Ana", ((58.0, 30.0),)))
    assert (str(reason), i18n.said(reason)) == ("walk around the Saloon car", "rodea el vehículo (Coche turismo)")
    reason = refused(near_car, c.Shoot("red:Ana", (("z7", 9),)))
    assert i18n.said(reason) == "Rifle de Asalto: de 1 a 3 disparos, no 9"
    short = arranged_state({"red:Ana": (30.0, 30.0)}, active="red:Ana", remaining_cm=4.0)
    reason = refused(short, c.MoveModel("red:Ana", ((40.0, 30.0),)))
    assert (str(reason), i18n.said(reason)) == ("that move costs 10.0 cm; Ana has 4.0 cm left",
                                                "ese movimiento cuesta 10.0 cm; a Ana le quedan 4.0 cm")
    assert i18n.said(refused(short, c.UseItem("red:Ana", "medkit"))) == "Ana no lleva Botiquín"
    reason = refused(short, c.MoveModel("red:Ana", ((-5.0, 30.0),)))
    assert str(reason) == "the Town Hall can only be entered or left by a door or window"
    assert i18n.said(reason) == "Ayuntamiento: solo se entra o se sale por una puerta o ventana"
    assert i18n.untranslated() == frozenset()
