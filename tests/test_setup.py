"""A new table's default pieces, and the token manifest they come from."""

import json
import math
from pathlib import Path

import pytest

from game.board.geometry import point_in_polygon
from game.board.model import Board, BoardZone, Layout, Marker, MarkerKind, Terrain, TerrainKind, ZoneKind
from game.table import setup
from game.table.arrange import arrange_zone, disc_inside
from game.table.setup import TokenInfo, TokenManifestError, default_pieces, load_token_manifest
from game.table.state import PieceSide

REPO = Path(__file__).resolve().parent.parent

TOKENS = {
    "ana": TokenInfo(file="ana.png", label="Ana", side="survivor", base_cm=3.0),
    "bruno": TokenInfo(file="bruno.png", label="Bruno", side="survivor", base_cm=3.0),
    "carla": TokenInfo(file="carla.png", label="Carla", side="survivor", base_cm=3.0),
    "walker": TokenInfo(file="walker.png", label="Walker", side="zombie", base_cm=2.5),
    "runner": TokenInfo(file="runner.png", label="Runner", side="zombie", base_cm=2.5),
    "noise": TokenInfo(file="noise.png", label="Noise", side="token", base_cm=2.0),
}


def square(x: float, y: float, side: float) -> tuple[tuple[float, float], ...]:
    return ((x, y), (x + side, y), (x + side, y + side), (x, y + side))


def zone_board(markers: tuple[Marker, ...]) -> Board:
    """Two by two zones of 12 cm; the lookup grid has one cell per zone."""
    ids = ("m:z1", "m:z2", "m:z3", "m:z4")
    zones = {}
    for index, zone_id in enumerate(ids):
        x, y = (index % 2) * 12.0, (index // 2) * 12.0
        zones[zone_id] = BoardZone(
            id=zone_id,
            module_id="m",
            kind=ZoneKind.STREET,
            polygon=square(x, y, 12.0),
            center=(x + 6.0, y + 6.0),
            area_cm2=144.0,
        )
    return Board(
        title="two by two",
        game="zombicide",
        layout=Layout.ZONES,
        width_cm=24.0,
        height_cm=24.0,
        modules=(),
        zones=zones,
        connections=(),
        walls=(),
        fences=(),
        markers=markers,
        terrain=(),
        buildings={},
        sight_lines={},
        cell_cm=12.0,
        zone_grid=ids,
        grid_size=(2, 2),
    )


def free_board(markers: tuple[Marker, ...] = (), terrain: tuple[Terrain, ...] = ()) -> Board:
    return Board(
        title="free",
        game="zombieworld",
        layout=Layout.FREE,
        width_cm=120.0,
        height_cm=90.0,
        modules=(),
        zones={},
        connections=(),
        walls=(),
        fences=(),
        markers=markers,
        terrain=terrain,
        buildings={},
        sight_lines={},
        cell_cm=10.0,
        zone_grid=(),
        grid_size=(0, 0),
    )


def assert_apart(pieces, scale: float = 1.0) -> None:
    for i, a in enumerate(pieces):
        for b in pieces[i + 1 :]:
            gap = math.dist((a.x_cm, a.y_cm), (b.x_cm, b.y_cm))
            assert gap >= (a.radius_cm + b.radius_cm) * scale - 1e-9, (a.id, b.id)


# --- zone boards ---------------------------------------------------------------------------


def test_zone_board_has_six_survivors_on_the_start_zone_and_zombies_on_spawns():
    board = zone_board(
        (
            Marker(MarkerKind.START, (18.0, 18.0), zone="m:z4"),
            Marker(MarkerKind.SPAWN, (6.0, 6.0), zone="m:z1"),
            Marker(MarkerKind.SPAWN, (7.0, 6.0), zone="m:z1"),  # a second spawn in the same zone
            Marker(MarkerKind.SPAWN, (18.0, 6.0), zone="m:z2"),
        )
    )
    pieces = default_pieces(board, TOKENS)
    survivors = [p for p in pieces if p.side == PieceSide.SURVIVOR]
    zombies = [p for p in pieces if p.side == PieceSide.ZOMBIE]
    assert len(survivors) == 6
    assert {p.zone for p in survivors} == {"m:z4"}
    assert [p.token for p in survivors] == ["ana", "bruno", "carla", "ana", "bruno", "carla"]
    assert [p.id for p in survivors] == [f"survivor-{i}" for i in range(1, 7)]
    assert survivors[3].label == "Ana 2"
    assert sorted(p.zone for p in zombies) == ["m:z1"] * 3 + ["m:z2"] * 3
    assert sorted(p.token for p in zombies) == ["runner", "runner", "walker", "walker", "walker", "walker"]
    assert len({p.id for p in pieces}) == len(pieces)
    for zone_id in ("m:z1", "m:z2", "m:z4"):
        group = [p for p in pieces if p.zone == zone_id]
        scale = arrange_zone(board, zone_id, group).scale
        for p in group:
            assert disc_inside((p.x_cm, p.y_cm), p.radius_cm * scale, board.zones[zone_id].polygon)
            assert board.zone_at((p.x_cm, p.y_cm)) == zone_id
        assert_apart(group, scale)


def test_positions_are_those_of_arrange_zone():
    board = zone_board((Marker(MarkerKind.START, (6.0, 6.0), zone="m:z1"),))
    pieces = default_pieces(board, TOKENS)
    positions = arrange_zone(board, "m:z1", pieces).positions
    assert {p.id: (p.x_cm, p.y_cm) for p in pieces} == positions


def test_zombies_face_the_start_zone():
    board = zone_board(
        (
            Marker(MarkerKind.START, (6.0, 18.0), zone="m:z3"),
            Marker(MarkerKind.SPAWN, (6.0, 6.0), zone="m:z1"),
        )
    )
    zombies = [p for p in default_pieces(board, TOKENS) if p.side == PieceSide.ZOMBIE]
    # The start zone lies straight below: every zombie looks roughly south (180°).
    assert all(90 < p.facing_deg < 270 for p in zombies)


def test_without_a_start_marker_survivors_stand_in_the_middle_zone():
    board = zone_board(())
    pieces = default_pieces(board, TOKENS)
    assert len(pieces) == 6
    assert {p.zone for p in pieces} == {board.zone_at((12.0, 12.0))}


def test_default_pieces_are_deterministic():
    board = zone_board((Marker(MarkerKind.SPAWN, (18.0, 6.0), zone="m:z2"),))
    assert default_pieces(board, TOKENS) == default_pieces(board, TOKENS)


def test_manifest_without_walkers_uses_its_other_zombies():
    tokens = {"ana": TOKENS["ana"], "crawler": TokenInfo(file="c.png", label="Crawler", side="zombie", base_cm=2.5)}
    board = zone_board((Marker(MarkerKind.SPAWN, (18.0, 6.0), zone="m:z2"),))
    zombies = [p for p in default_pieces(board, tokens) if p.side == PieceSide.ZOMBIE]
    assert [p.id for p in zombies] == ["crawler-1", "crawler-2", "crawler-3"]


def test_our_own_survivors_come_before_generic_stand_ins():
    tokens = {
        "zw_survivor": TokenInfo(file="s.png", label="Survivor", side="survivor", base_cm=2.5),
        "zw_dog": TokenInfo(file="d.png", label="Dog", side="survivor", base_cm=2.5),
        "survivor_nell": TokenInfo(file="n.png", label="Nell", side="survivor", base_cm=2.5, ours=True),
        "survivor_otis": TokenInfo(file="o.png", label="Otis", side="survivor", base_cm=2.5, ours=True),
        "a_bomb": TokenInfo(file="a.png", label="A-Bomb", side="zombie", base_cm=4.0),
        "walker": TOKENS["walker"],
        "zw_walker": TokenInfo(file="w.png", label="Walker (ZW)", side="zombie", base_cm=2.5),
    }
    board = zone_board((Marker(MarkerKind.SPAWN, (18.0, 6.0), zone="m:z2"),))
    pieces = default_pieces(board, tokens)
    assert {p.token for p in pieces if p.side == PieceSide.SURVIVOR} == {"survivor_nell", "survivor_otis"}
    # No runner in this manifest: a walker stands in for it, never the first zombie listed.
    assert [p.token for p in pieces if p.side == PieceSide.ZOMBIE] == ["walker"] * 3
    free = default_pieces(free_board(), tokens)
    assert [p.id for p in free if p.side == PieceSide.ZOMBIE] == [f"zw-walker-{i}" for i in range(1, 6)]


def test_manifest_without_survivors_or_zombies_gives_an_empty_table():
    board = zone_board((Marker(MarkerKind.SPAWN, (18.0, 6.0), zone="m:z2"),))
    assert default_pieces(board, {"noise": TOKENS["noise"]}) == []


# --- free tables ---------------------------------------------------------------------------


def test_free_table_has_two_bands_in_opposite_corners_and_zombies_in_the_middle():
    pieces = default_pieces(free_board(), TOKENS)
    survivors = [p for p in pieces if p.side == PieceSide.SURVIVOR]
    zombies = [p for p in pieces if p.side == PieceSide.ZOMBIE]
    assert len(survivors) == 10 and len(zombies) == 5
    assert all(p.zone is None for p in pieces)
    first, second = survivors[:5], survivors[5:]
    assert all(p.x_cm < 30 and p.y_cm < 30 for p in first)
    assert all(p.x_cm > 90 and p.y_cm > 60 for p in second)
    assert all(abs(p.x_cm - 60) < 10 and abs(p.y_cm - 45) < 10 for p in zombies)
    assert_apart(pieces)
    assert len({p.id for p in pieces}) == 15


def test_free_table_bands_keep_off_buildings():
    building = Terrain(TerrainKind.BUILDING, square(0.0, 0.0, 30.0))
    middle_block = Terrain(TerrainKind.IMPASSABLE, square(50.0, 35.0, 20.0))
    pieces = default_pieces(free_board(terrain=(building, middle_block)), TOKENS)
    assert len(pieces) == 15
    for p in pieces:
        for terrain in (building, middle_block):
            xs = [x for x, _ in terrain.polygon]
            ys = [y for _, y in terrain.polygon]
            inside_x = min(xs) - p.radius_cm < p.x_cm < max(xs) + p.radius_cm
            inside_y = min(ys) - p.radius_cm < p.y_cm < max(ys) + p.radius_cm
            assert not (inside_x and inside_y), (p.id, p.x_cm, p.y_cm)
        assert 0 < p.x_cm < 120 and 0 < p.y_cm < 90


def test_free_table_uses_the_map_deployment_areas():
    markers = (
        Marker(MarkerKind.DEPLOYMENT, (60.0, 10.0), size=(30.0, 10.0)),
        Marker(MarkerKind.DEPLOYMENT, (60.0, 80.0), size=(30.0, 10.0)),
    )
    survivors = [p for p in default_pieces(free_board(markers), TOKENS) if p.side == PieceSide.SURVIVOR]
    assert all(45 < p.x_cm < 75 and 5 < p.y_cm < 15 for p in survivors[:5])
    assert all(45 < p.x_cm < 75 and 75 < p.y_cm < 85 for p in survivors[5:])
    # Both bands look towards the middle of the table.
    assert all(p.facing_deg == pytest.approx(180, abs=30) for p in survivors[:5])
    assert all(p.facing_deg < 30 or p.facing_deg > 330 for p in survivors[5:])


def test_free_table_picks_the_two_deployment_areas_farthest_apart():
    markers = (
        Marker(MarkerKind.DEPLOYMENT, (10.0, 10.0), size=(10.0, 10.0)),
        Marker(MarkerKind.DEPLOYMENT, (30.0, 10.0), size=(10.0, 10.0)),
        Marker(MarkerKind.DEPLOYMENT, (110.0, 80.0), size=(10.0, 10.0)),
    )
    survivors = [p for p in default_pieces(free_board(markers), TOKENS) if p.side == PieceSide.SURVIVOR]
    assert all(5 < p.x_cm < 15 and 5 < p.y_cm < 15 for p in survivors[:5])
    assert all(105 < p.x_cm < 115 and 75 < p.y_cm < 85 for p in survivors[5:])


# --- the token manifest --------------------------------------------------------------------


def write_manifest(tmp_path: Path, data) -> Path:
    path = tmp_path / "tokens.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_manifest_loads_in_file_order(tmp_path):
    data = {name: info.model_dump() for name, info in reversed(list(TOKENS.items()))}
    data["walker"]["colour"] = "grey"  # fields a later version may add are ignored
    tokens = load_token_manifest(write_manifest(tmp_path, data))
    assert list(tokens) == list(reversed(list(TOKENS)))
    assert tokens["walker"] == TOKENS["walker"]


def test_a_manifest_read_again_is_checked_again_only_when_its_bytes_changed(tmp_path):
    data = {name: info.model_dump() for name, info in TOKENS.items()}
    path = write_manifest(tmp_path, data)
    first = load_token_manifest(path)
    again = load_token_manifest(path)
    assert again == first and again is not first
    assert all(again[name] is first[name] for name in first)  # the same checked entries, not parsed anew
    data["walker"]["label"] = data["walker"]["label"][:-1] + "#"  # as long, at once: the bytes tell, not the clock
    write_manifest(tmp_path, data)
    changed = load_token_manifest(path)
    assert changed["walker"].label.endswith("#") and changed["runner"] == first["runner"]
    write_manifest(tmp_path, '{"walker":\n')
    with pytest.raises(TokenManifestError, match="invalid JSON"):
        load_token_manifest(path)


def test_a_manifest_larger_than_a_data_file_may_be_is_refused_before_it_is_read_whole(tmp_path, monkeypatch):
    path = write_manifest(tmp_path, {name: info.model_dump() for name, info in TOKENS.items()})
    load_token_manifest(path)  # read once: the next call compares the file with what was read
    monkeypatch.setattr(setup, "MAX_DATA_FILE_BYTES", 64)
    with path.open("a", encoding="utf-8") as handle:
        handle.write(" " * 100)
    read_whole = []
    monkeypatch.setattr(Path, "read_bytes", lambda self: read_whole.append(self) or b"")
    with pytest.raises(TokenManifestError):
        load_token_manifest(path)
    assert read_whole == []


def test_manifest_entry_errors_name_the_file_the_entry_and_the_field(tmp_path):
    data = {name: info.model_dump() for name, info in TOKENS.items()}
    data["runner"]["base_cm"] = -1
    path = write_manifest(tmp_path, data)
    with pytest.raises(TokenManifestError, match=r"entry 'runner': base_cm: ") as caught:
        load_token_manifest(path)
    assert caught.value.path == str(path)
    data["runner"] = {"file": "r.png", "label": "Runner", "side": "dog", "base_cm": 2.5}
    with pytest.raises(TokenManifestError, match=r"entry 'runner': side: "):
        load_token_manifest(write_manifest(tmp_path, data))


def test_manifest_file_errors(tmp_path):
    with pytest.raises(TokenManifestError, match="no such token manifest"):
        load_token_manifest(tmp_path / "missing.json")
    with pytest.raises(TokenManifestError, match="invalid JSON at line 2, column 1"):
        load_token_manifest(write_manifest(tmp_path, '{"walker":\n'))
    with pytest.raises(TokenManifestError, match="expected an object"):
        load_token_manifest(write_manifest(tmp_path, "[1, 2]"))


def test_default_pieces_read_the_repository_manifest_when_given_none(tmp_path, monkeypatch):
    fake_repo = tmp_path / "repo"
    manifest = fake_repo / "assets" / "tokens" / "tokens.json"
    manifest.parent.mkdir(parents=True)
    manifest.write_text(json.dumps({name: info.model_dump() for name, info in TOKENS.items()}))
    monkeypatch.setattr(setup, "REPO_ROOT", fake_repo)
    monkeypatch.chdir(tmp_path)
    board = zone_board((Marker(MarkerKind.START, (6.0, 6.0), zone="m:z1"),))
    assert default_pieces(board) == default_pieces(board, TOKENS)


# --- shipped content, once it exists --------------------------------------------------------


def test_shipped_manifest_is_valid_and_has_survivors_and_zombies():
    path = REPO / "assets" / "tokens" / "tokens.json"
    if not path.exists():
        pytest.skip("the token manifest is not built yet")
    tokens = load_token_manifest(path)
    sides = {info.side for info in tokens.values()}
    assert {"survivor", "zombie"} <= sides


@pytest.mark.parametrize("name", ["zw-outskirts-farm", "zw-town-square"])
def test_shipped_free_tables_get_two_bands_off_the_terrain(name):
    table = REPO / "maps" / "zombieworld" / f"{name}.tmx"
    manifest = REPO / "assets" / "tokens" / "tokens.json"
    if not table.exists() or not manifest.exists():
        pytest.skip("the free table or the token manifest is not built yet")
    from game.board.mission import load_board

    board = load_board(str(table))
    pieces = default_pieces(board, load_token_manifest(manifest))
    assert sum(p.side == PieceSide.SURVIVOR for p in pieces) == 10
    assert sum(p.side == PieceSide.ZOMBIE for p in pieces) == 5
    assert_apart(pieces)
    blocking = [t.polygon for t in board.terrain if t.kind in setup.BLOCKING_TERRAIN]
    for p in pieces:
        assert 0 < p.x_cm < board.width_cm and 0 < p.y_cm < board.height_cm
        assert not any(point_in_polygon((p.x_cm, p.y_cm), polygon) for polygon in blocking), p.id


@pytest.mark.parametrize("name", ["tutorial-2x2", "safehouse-3x2", "city-3x3"])
def test_shipped_missions_get_default_pieces_inside_their_zones(name):
    mission = REPO / "maps" / "missions" / f"{name}.toml"
    manifest = REPO / "assets" / "tokens" / "tokens.json"
    if not mission.exists() or not manifest.exists():
        pytest.skip("the shipped mission or the token manifest is not built yet")
    from game.board.mission import load_board

    board = load_board(str(mission))
    pieces = default_pieces(board, load_token_manifest(manifest))
    assert sum(p.side == PieceSide.SURVIVOR for p in pieces) == 6
    assert any(p.side == PieceSide.ZOMBIE for p in pieces)
    for zone_id in {p.zone for p in pieces}:
        group = [p for p in pieces if p.zone == zone_id]
        scale = arrange_zone(board, zone_id, group).scale
        for p in group:
            assert disc_inside((p.x_cm, p.y_cm), p.radius_cm * scale, board.zones[zone_id].polygon)
        assert_apart(group, scale)


def test_tray_lists_manifest_miniatures_then_flat_tokens_with_unique_ids():
    from game.board.model import Layout
    from game.table.state import TableState
    from game.table.tray import NEXT_SURVIVOR, new_piece, next_piece_id, tray_entries

    tokens = load_token_manifest()
    zone_tray = tray_entries(Layout.ZONES, tokens)
    names = [entry.token for entry in zone_tray]
    assert names[0] == NEXT_SURVIVOR and "walker" in names and "noise" in names
    assert [entry.side for entry in zone_tray][-1] == "token"
    free_names = [entry.token for entry in tray_entries(Layout.FREE, tokens)]
    assert "zw_walker" in free_names and "walker" not in free_names
    assert [e.token for e in tray_entries(Layout.ZONES, {})] == ["noise", "objective_red", "objective_blue"]
    state = TableState(source="test")
    walker_entry = next(entry for entry in zone_tray if entry.token == "walker")
    state.add(new_piece(walker_entry, state, tokens, (1.0, 1.0)))
    state.add(new_piece(walker_entry, state, tokens, (2.0, 1.0)))
    assert next_piece_id(state, "walker") == "walker-3"
    state.pieces.pop("walker-1")
    assert new_piece(walker_entry, state, tokens, (0.0, 0.0)).id == "walker-3"
