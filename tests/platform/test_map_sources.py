"""The set-up screens list every shipped map and the player's own, a broken one with its reason."""

from __future__ import annotations

from pathlib import Path

from game import roots
from game.platform import map_sources

REPO = Path(__file__).resolve().parents[2]




def test_shipped_maps_of_a_game_are_listed_with_their_titles(own_maps: Path) -> None:
    tables = map_sources.list_sources("zombieworld", kind="map", layout="free")
    assert {source.title for source in tables} >= {"Crossroads Petrol Station", "Town Square", "Outskirts Farm"}
    assert all(source.shipped and source.usable for source in tables)
    missions = map_sources.list_sources("zombicide", kind="mission")
    assert any(source.path.name == "rm-tutorial-1.toml" for source in missions)
    assert all(source.game == "zombicide" for source in missions)


def test_the_players_own_maps_are_listed_after_the_shipped_ones(own_maps: Path, tmp_path: Path) -> None:
    text = (REPO / "maps" / "zombieworld" / "zw-town-square.tmx").read_text(encoding="utf-8")
    (own_maps / "my-square.tmx").write_text(text.replace('value="Town Square"', 'value="My Square"'), encoding="utf-8")
    (own_maps / "broken.tmx").write_text("<map><properties></properties>", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "other.tmx").write_text(text.replace('value="Town Square"', 'value="Elsewhere"'), encoding="utf-8")
    map_sources.add_user_folder(elsewhere)  # the own_maps fixture puts the roots back
    tables = map_sources.list_sources("zombieworld", kind="map")
    titles = [source.title for source in tables]
    assert titles.index("My Square") > titles.index("Town Square") and "Elsewhere" in titles
    broken = next(source for source in tables if source.path.name == "broken.tmx")
    assert not broken.usable and "'game' property" in broken.problem
    assert map_sources.list_sources("zombicide", kind="map", include_unusable=False)[0].usable
    assert elsewhere.resolve() in roots.content_roots()


def test_main_refuses_a_maps_folder_that_is_not_one(tmp_path: Path) -> None:
    import subprocess
    import sys

    result = subprocess.run([sys.executable, str(REPO / "main.py"), "--maps", str(tmp_path / "missing"), "--validate",
                             "maps"], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert result.returncode == 2 and "is not a folder" in result.stderr
