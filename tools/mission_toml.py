"""Writing a Zombicide mission file (TOML) from data: the helpers every box's map script uses."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence

from mission_spanish import spanish_lines

Placement = tuple[str, int, int, int]  # module, col, row, rotation


def mission_toml(mission_id: str, title: str, story: str, modules: Sequence[Placement],
                 markers: Sequence[dict[str, object]], doors: Sequence[dict[str, object]] = (),
                 setup: dict[str, object] | None = None, tutorial: Sequence[dict[str, object]] = (),
                 balance: str = "") -> str:
    lines = ["# Our own mission, written by tools/make_maps.py (edit that script, then run `make maps`)."]
    lines += [f"# {line}" for line in textwrap.wrap(story, 100)]
    lines += [f"# {line}" for line in textwrap.wrap(balance, 100)]
    lines += [
        "schema_version = 1",
        f'id = "{mission_id}"',
        f'title = "{title}"',
        *spanish_lines(mission_id, toml_value),
        'game = "zombicide"',
        "",
    ]
    for module, col, row, rotation in modules:
        lines += ["[[modules]]", f'map = "../zombicide/{module}.tmx"', f"col = {col}", f"row = {row}",
                  f"rotation = {rotation}", ""]
    for marker in markers:
        lines += toml_table("[[markers]]", marker)
    for item in doors:
        lines += toml_table("[[doors]]", item)
    if setup:
        lines.append("# Rules for this mission; the players and their survivors are chosen when the game starts.")
        lines += toml_table("[setup]", setup)
    if tutorial:
        lines.append("# The tutorial's prompts, one step at a time (docs/tutorials.md).")
    for step in tutorial:
        lines += toml_table("[[tutorial]]", step)
    return "\n".join(lines)


def toml_table(header: str, table: dict[str, object]) -> list[str]:
    """A TOML table's lines: its header, one ``key = value`` per entry, a blank line."""
    return [header, *(f"{key} = {toml_value(value)}" for key, value in table.items()), ""]


def bare_key(key: object) -> str:
    return str(key)


def quoted_key(key: object) -> str:
    return toml_value(str(key))


def key_where_needed(key: object) -> str:
    """Bare where TOML allows it, else quoted (zone ids hold ``:``)."""
    text = str(key)
    return text if text.replace("_", "").replace("-", "").isalnum() else quoted_key(text)


def toml_value(value: object, key: Callable[[object], str] = bare_key) -> str:
    """A TOML value; an inline table's keys are written by ``key``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v, key) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key(k)} = {toml_value(v, key)}" for k, v in value.items()) + " }"
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def mission_tables(folder: str, modules: Sequence[tuple[str, int, int, int]], markers: Sequence[dict[str, object]],
                   doors: Sequence[dict[str, object]], value: Callable[[object], str] = toml_value) -> list[str]:
    """A box's mission file's ``[[modules]]`` (its tiles in ``maps/zombicide/<folder>/``: module,
    col, row, rotation), ``[[markers]]`` and ``[[doors]]`` tables, each value written by ``value``."""
    lines: list[str] = []
    for module, col, row, rotation in modules:
        lines += ["[[modules]]", f'map = "../zombicide/{folder}/{module}.tmx"', f"col = {col}", f"row = {row}",
                  f"rotation = {rotation}", ""]
    for table, items in (("markers", markers), ("doors", doors)):
        for item in items:
            lines.append(f"[[{table}]]")
            lines += [f"{key} = {value(v)}" for key, v in item.items()]
            lines.append("")
    return lines
