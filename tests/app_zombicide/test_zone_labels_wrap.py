"""A room's name too long for its narrow zone on one line is written on two, not dropped: on Invader's
M9, three airlocks ("Perimeter airlock"…) lost their names at the window's usual size, though the log
names them."""

from __future__ import annotations

from test_layout_zombicide import REPO
from test_play_scene import forget_fonts

from game.app.app import DeadtableApp
from game.app.zombicide.director import text_with_halo
from game.app.zombicide.game_scene import GameScene
from game.app.zombicide.scene_drawing import _zone_label

M9 = REPO / "maps" / "missions" / "inv-m9.toml"
SETUP = {"players": [{"seat": "P1", "survivors": ["jared", "cole", "vivian"]},
                     {"seat": "P2", "survivors": ["baraka", "magnus", "mitsuki"]}]}


def test_a_long_name_in_a_narrow_zone_takes_two_lines():
    one_line = _zone_label("Airlock", 64)
    two_lines = _zone_label("Perimeter airlock", 64)  # one line: 10 px is over 1.5 times the zone
    assert one_line is not None and two_lines is not None
    assert two_lines.get_width() <= 1.5 * 64
    assert two_lines.get_height() >= 2 * text_with_halo("Perimeter", 10).get_height()  # two rows of words
    assert _zone_label("Supercalifragilistic", 40) is None  # one word has nowhere to break


def test_every_room_of_m9_is_named_after_fit(tmp_path):
    forget_fonts()
    app = DeadtableApp(size=(1280, 800), save_dir=tmp_path)
    scene = GameScene.new_game(app, M9, SETUP, 5)
    app.show(scene)
    app.frame(0.02, events=[])
    scene.table.fit()
    named = {zone.id for zone in scene.board.zones.values() if zone.label}
    shown = {zone_id for zone_id, _, _, _ in scene.zone_label_places()}
    assert named <= shown, sorted(named - shown)
