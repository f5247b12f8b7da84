"""The game registry: every game registers once; the start screen, saves, main.py and --validate
ask it; an unknown game or box gives one clear error naming the file and the known ids."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.platform import registry
from game.platform.validate import validate_paths
from game.rules.zombicide.boxes import UnknownBoxError
from game.rules.zombicide.engine import parse_setup

REPO = Path(__file__).resolve().parents[2]


def test_both_games_are_registered_with_everything_they_need():
    assert registry.game_ids()[:2] == ["zombicide", "zombieworld"]
    keys = [item.key for entry in registry.games() for item in entry.menu]
    assert len(keys) == len(set(keys)), "a start-screen key is used twice"
    for entry in registry.games():
        assert entry.boxes and entry.menu and entry.plays_on
        for box in entry.boxes:
            ruleset = entry.ruleset(box.id)
            assert ruleset.name and ruleset.version
            assert hasattr(ruleset, "player_view")
            files = entry.content_files(box.id)
            assert files and all(Path(f).is_file() for f in files)
        for doc in entry.docs:
            assert (REPO / doc).is_file(), doc
        hooks = entry.app_hooks()
        for item in entry.menu:
            assert callable(getattr(hooks, item.hook)), f"{entry.app}.{item.hook}"
        assert callable(hooks.resume) and callable(hooks.open_end)


def test_unknown_games_and_boxes_name_the_file_and_the_known_ids():
    with pytest.raises(registry.UnknownGameError, match=r"saves/x.json: unknown game 'chess' \(known: zombicide"):
        registry.game("chess", "saves/x.json")
    with pytest.raises(registry.UnknownGameError, match=r"m.toml: unknown game 'chess' \(known: city_of_horror, zombicide"):
        registry.game_playing_on("chess", "m.toml")
    with pytest.raises(registry.UnknownGameError, match=r"unknown Zombicide box 'invaderz' \(known: rue_morgue"):
        registry.game("zombicide").box("invaderz")
    with pytest.raises(UnknownBoxError, match=r"setup: unknown Zombicide box 'green_hordee' \(known: rue_morgue[a-z_, ]*\)"):
        parse_setup({"box": "green_hordee", "players": [{"seat": "A", "survivors": ["joe"]}]})


def test_a_game_id_taken_twice_is_refused():
    entry = registry.game("zombicide")
    from dataclasses import replace

    with pytest.raises(ValueError, match="two games registered as 'zombicide'"):
        registry.register(replace(entry, name="Another"))


MISSION = """schema_version = 1
id = "x"
title = "X"
game = "{game}"
[[modules]]
map = "{module}"
col = 0
row = 0
[setup]
box = "{box}"
"""


@pytest.mark.parametrize("game, box, words", [
    ("zombicide", "green_hordee", "[setup]: unknown Zombicide box 'green_hordee' (known: {boxes})"),
    ("chess", "rue_morgue", "mission 'game' = 'chess' is unknown (one of: city_of_horror, zombicide, zombieworld, any)"),
    ("zombicide", "rue_morgue", None),
])
def test_validate_asks_the_registry_about_games_and_boxes(tmp_path, game, box, words):
    module = (REPO / "maps" / "zombicide" / "1R.tmx").as_posix()
    mission = tmp_path / "m.toml"
    mission.write_text(MISSION.format(game=game, module=module, box=box), encoding="utf-8")
    problems = [str(p) for p in validate_paths([mission])]
    known = ", ".join(b.id for b in registry.game("zombicide").boxes)
    assert problems == ([] if words is None else [f"{mission}: {words.format(boxes=known)}"])


def run_main(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(REPO / "main.py"), *args], capture_output=True, text=True, cwd=REPO,
                          env=env, timeout=300)


def test_main_runs_the_games_tools_through_the_registry():
    result = run_main("simulate", "maps/missions/rm-tutorial-1.toml", "--games", "1", "--bot", "random")
    assert result.returncode == 0, result.stderr
    assert "games" in result.stdout or "won" in result.stdout or "lost" in result.stdout
    result = run_main("scenario", "-q", "tests/zombicide/scenarios/movement")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "PASS" in result.stdout
