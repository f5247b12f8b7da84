"""Layers as Tiled shows them: offsets (a layer's and its groups') move what is on them, and what
Tiled hides is not in the game, with a warning naming the layer."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.board.loader import check_module
from game.board.model import MarkerKind

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "maps"

pytestmark = pytest.mark.usefixtures("tmp_path_roots")


def _variant(tmp_path: Path, *replacements: tuple[str, str]) -> Path:
    text = (FIXTURES / "module_3x3.tmx").read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text
        text = text.replace(old, new)
    for name in ("tiles.tsx", "tiles.png"):
        (tmp_path / name).write_bytes((FIXTURES / name).read_bytes())
    target = tmp_path / "variant.tmx"
    target.write_text(text, encoding="utf-8")
    return target


MARKERS_OPEN = ' <objectgroup id="5" name="markers">'


def _marker(module, kind: MarkerKind):
    return next(m for m in module.markers if m.kind is kind)


def test_an_object_layer_offset_moves_its_objects(tmp_path: Path) -> None:
    plain, _ = check_module(FIXTURES / "module_3x3.tmx")
    moved, problems = check_module(_variant(tmp_path, (MARKERS_OPEN, ' <objectgroup id="5" name="markers" offsetx="20" offsety="-40">')))
    assert problems == []
    scale = plain.scale_px_per_cm
    (x0, y0), (x1, y1) = _marker(plain, MarkerKind.EXIT).position, _marker(moved, MarkerKind.EXIT).position
    assert (round((x1 - x0) * scale), round((y1 - y0) * scale)) == (20, -40)


def test_group_offsets_add_up(tmp_path: Path) -> None:
    plain, _ = check_module(FIXTURES / "module_3x3.tmx")
    grouped, problems = check_module(_variant(
        tmp_path,
        (MARKERS_OPEN, ' <group id="7" name="outer" offsetx="10"><group id="8" name="inner" offsetx="30" offsety="20">'
                       ' <objectgroup id="5" name="markers" offsety="20">'),
        ('  <object id="18" type="exit" x="480" y="480" width="40" height="40"/>\n </objectgroup>',
         '  <object id="18" type="exit" x="480" y="480" width="40" height="40"/>\n </objectgroup></group></group>')))
    assert problems == []
    scale = plain.scale_px_per_cm
    (x0, y0), (x1, y1) = _marker(plain, MarkerKind.SPAWN).position, _marker(grouped, MarkerKind.SPAWN).position
    assert (round((x1 - x0) * scale), round((y1 - y0) * scale)) == (40, 40)


def test_a_hidden_layer_is_left_out_with_a_warning(tmp_path: Path) -> None:
    module, problems = check_module(_variant(tmp_path, (MARKERS_OPEN, ' <objectgroup id="5" name="markers" visible="0">')))
    assert module is not None and module.markers == ()
    assert [(p.layer, "hidden" in p.what and p.what.startswith("warning")) for p in problems] == [("markers", True)]


def test_a_layer_in_a_hidden_group_is_left_out(tmp_path: Path) -> None:
    module, problems = check_module(_variant(
        tmp_path,
        (MARKERS_OPEN, ' <group id="7" name="spare" visible="0">' + MARKERS_OPEN),
        ('  <object id="18" type="exit" x="480" y="480" width="40" height="40"/>\n </objectgroup>',
         '  <object id="18" type="exit" x="480" y="480" width="40" height="40"/>\n </objectgroup></group>')))
    assert module is not None and module.markers == ()
    assert len(problems) == 1 and problems[0].layer == "markers"


def test_a_hidden_object_is_left_out_with_a_warning(tmp_path: Path) -> None:
    module, problems = check_module(_variant(
        tmp_path, ('<object id="18" type="exit" x="480"', '<object id="18" type="exit" visible="0" x="480"')))
    assert module is not None and MarkerKind.EXIT not in {m.kind for m in module.markers}
    assert [(p.layer, p.object_id) for p in problems] == [("markers", 18)]


def test_a_tile_layer_offset_and_a_hidden_tile_layer_are_drawn_as_tiled_draws_them(tmp_path: Path) -> None:
    from game.app.assets import ImageStore
    from game.app.render import BoardArt
    from game.board.assemble import board_from_module

    pygame.init()
    shifted, problems = check_module(_variant(tmp_path, ('<layer id="1" name="floor"', '<layer id="1" name="floor" offsetx="40"')))
    assert problems == [] and shifted is not None and shifted.tile_layers[0].offset_px == (40, 0)
    plain, _ = check_module(FIXTURES / "module_3x3.tmx")
    (tmp_path / "variant.tmx").unlink()
    hidden, _ = check_module(_variant(tmp_path, ('<layer id="1" name="floor"', '<layer id="1" name="floor" visible="0"'),
                                      ('<layer id="6" name="detail"', '<group id="9" name="dressing" visible="0"><layer '
                                                                      'id="6" name="detail"'),
                                      (' </layer>\n</map>', ' </layer></group>\n</map>')))
    assert hidden is not None and [layer.visible for layer in hidden.tile_layers] == [False, False]

    def module_art(module):
        board = board_from_module(module)
        return BoardArt(board, ImageStore())._module_tiles(board.modules[0])

    plain_art, shifted_art = module_art(plain), module_art(shifted)
    assert module_art(hidden) is None
    width = plain_art.get_width()
    tile_px = width // 15
    # the shifted layer starts one tile to the right: its column 1 shows what column 0 showed
    for row in range(3):
        y = row * tile_px + tile_px // 2
        assert shifted_art.get_at((tile_px + tile_px // 2, y)) == plain_art.get_at((tile_px // 2, y))


def test_an_image_layer_is_drawn_where_tiled_draws_it_between_its_tile_layers(tmp_path: Path) -> None:
    from game.app.assets import ImageStore
    from game.app.render import BoardArt
    from game.board.assemble import board_from_module

    pygame.init()
    photo = pygame.Surface((60, 40))
    photo.fill((250, 0, 250))
    pygame.image.save(photo, str(tmp_path / "photo.png"))
    module, problems = check_module(_variant(tmp_path, (
        ' </layer>\n <objectgroup', ' </layer>\n <imagelayer id="20" name="photo" offsetx="40" offsety="80">\n'
                                   '  <image source="photo.png" width="60" height="40"/>\n </imagelayer>\n <objectgroup')))
    assert problems == [] and module is not None
    assert [layer.name for layer in module.tile_layers] == ["floor", "photo", "detail"]
    board = board_from_module(module)
    art = BoardArt(board, ImageStore())._module_tiles(board.modules[0])
    scale = art.get_width() / (15 * 40)  # the art's pixels per pixel of the map
    inside = (round((40 + 30) * scale), round((80 + 20) * scale))
    assert art.get_at(inside)[:3] == (250, 0, 250)
    for outside in ((40 - 4, 80 + 20), (40 + 30, 80 - 4), (40 + 64, 80 + 20), (40 + 30, 80 + 44)):
        assert art.get_at((round(outside[0] * scale), round(outside[1] * scale)))[:3] != (250, 0, 250)
