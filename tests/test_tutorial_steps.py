"""Tutorial steps in mission files: a good list loads; each mistake is one message naming the file and
the step; the guide moves on with the events it is shown, Next and Skip."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_mission import MAPS, module_entry, write_mission

from game.app.widgets.tutorial_prompt import TutorialGuide, event_values
from game.board import mission
from game.board.mission import check_mission, load_board
from game.board.tutorial import TutorialStep, tutorial_steps
from game.platform.validate import validate_paths
from game.rules.zombicide import commands as ev

pytestmark = pytest.mark.usefixtures("tmp_path_roots")

REPO = Path(__file__).resolve().parents[1]
BOARD = module_entry(MAPS / "1R.tmx", 0, 0)
ZONE = "1R:z1"


@pytest.fixture(autouse=True)
def fresh_module_cache():
    mission.clear_module_cache()
    yield
    mission.clear_module_cache()


def with_steps(tmp_path: Path, steps: str) -> Path:
    return write_mission(tmp_path, BOARD + steps)


def test_a_good_tutorial_loads_with_its_board(tmp_path):
    zone = next(iter(load_board(with_steps(tmp_path, "")).zones))
    path = with_steps(tmp_path, f'''
[[tutorial]]
text = "Read this"
text_es = "Lee esto"

[[tutorial]]
text = "Move there"
zone = "{zone}"
until = "survivor_moved"
match = "{zone}"
''')
    assert check_mission(path) == []
    steps = tutorial_steps(load_board(path).properties)
    assert [s.until for s in steps] == ["next", "survivor_moved"]
    assert steps[0].text_in("es") == "Lee esto" and steps[1].text_in("es") == "Move there"  # English when no Spanish


@pytest.mark.parametrize(("steps", "place", "words"), [
    ('[[tutorial]]\nzone = "1R:nowhere"\ntext = "x"\n', "tutorial[0]", "has no zone 'nowhere'"),
    ('[[tutorial]]\ntext = "x"\n\n[[tutorial]]\ntext = "y"\nuntil = "Moved!"\n', "tutorial[1]", "until 'Moved!'"),
    ('[[tutorial]]\ntext = "x"\nwhen = "later"\n', "tutorial[0]", "unknown key 'when'"),
    ('[[tutorial]]\nuntil = "next"\n', "tutorial[0]", "missing key 'text'"),
    ('[[tutorial]]\ntext = ""\n', "tutorial[0]", "text"),
])
def test_each_mistake_names_the_file_and_the_step(tmp_path, steps, place, words):
    path = with_steps(tmp_path, "\n" + steps)
    problems = check_mission(path)
    assert len(problems) == 1, [str(p) for p in problems]
    told = str(problems[0])
    assert str(path) in told and place in told and words in told, told


def test_the_game_refuses_an_event_it_never_reports(tmp_path):
    path = with_steps(tmp_path, '\n[[tutorial]]\ntext = "x"\nuntil = "dragon_slain"\n')
    assert check_mission(path) == []  # the board layer knows no game's events
    told = [str(p) for p in validate_paths([str(path)]) if "dragon_slain" in str(p)]
    assert told and "tutorial[0]" in told[0] and "survivor_moved" in told[0] and str(path) in told[0]


def test_the_shipped_tutorial_1_has_prompts_in_both_languages():
    steps = tutorial_steps(load_board(REPO / "maps" / "missions" / "rm-tutorial-1.toml").properties)
    assert len(steps) >= 5 and all(s.text_es for s in steps)
    assert any(s.until == "phase_started" and s.match == "zombies" for s in steps)
    texts = " ".join(s.text for s in steps)
    for taught in ("EXIT", "Doors make noise", "Zombies move after everyone has played"):
        assert taught in texts


def test_the_guide_moves_on_with_matching_events_next_and_skip():
    guide = TutorialGuide([
        TutorialStep(text="read"),
        TutorialStep(text="move", until="survivor_moved", match="r1"),
        TutorialStep(text="zombies", until="phase_started", match="zombies"),
        TutorialStep(text="last"),
    ])
    assert not guide.observe([ev.SurvivorMoved("marta", "r0", "r1", 1)])  # a step to read waits for Next
    guide.next()
    assert guide.step.text == "move"
    assert not guide.observe([ev.SurvivorMoved("marta", "r0", "r2", 1)])  # not the zone it asks for
    assert guide.observe([ev.SurvivorMoved("marta", "r1", "r1", 1), ev.PhaseStarted("players", 1),
                          ev.PhaseStarted("zombies", 1)])  # one batch can end two steps
    assert guide.step.text == "last"
    guide.next()
    assert guide.ended and guide.step is None
    skipping = TutorialGuide([TutorialStep(text="wait", until="game_ended"), TutorialStep(text="after")])
    skipping.next()  # Skip step
    assert skipping.step.text == "after"
    skipping.end()
    assert skipping.step is None
    assert {"marta", "r0", "r1", "1"} <= event_values(ev.SurvivorMoved("marta", "r0", "r1", 1))


def test_a_zone_game_refuses_a_step_that_points_in_cm(tmp_path):
    path = with_steps(tmp_path, '\n[[tutorial]]\ntext = "x"\nspot_cm = [10.0, 20.0]\n')
    assert check_mission(path) == []  # the shape is right: spot_cm is a key of the format
    told = [str(p) for p in validate_paths([str(path)]) if "spot_cm" in str(p)]
    assert told and "tutorial[0]" in told[0] and str(path) in told[0]
