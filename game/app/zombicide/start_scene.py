"""The start screen: new game (box → mission → survivors and players → options for Zombicide; the
box page also opens the Zombieworld set-up and band builder), continue, load, map help.

Every step is big buttons, so a finger works as well as a mouse. Esc goes back one step.
"""

from __future__ import annotations

import random
import tomllib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel, UIScrollingContainer, UITextBox

from game.app.scenes import Scene
from game.app.zombicide.game_save import GameSaveError, mission_setup
from game.app.zombicide.game_save import read_info as read_zombicide_info
from game.app.zombieworld.saves import ZwSaveError
from game.app.zombieworld.saves import read_info as read_zombieworld_info
from game.board.errors import MapFormatError
from game.board.mission import load_board
from game.rules.zombicide.catalog import load_catalog

REPO = Path(__file__).resolve().parents[3]
MISSION_DIR = REPO / "maps" / "missions"
BUTTON_H = 64
GAP = 12
MAX_PLAYERS = 6
DEFAULT_SURVIVORS = ("marta", "juno", "bruno", "ines", "kasia", "nell")
# (key, label, what it opens: a page of this screen, an app method, or None while it is not playable)
BOXES = (
    ("rue_morgue", "Zombicide: Rue Morgue", "mission"),
    ("zombieworld", "Zombieworld Evolution", "open_zombieworld_setup"),
    ("band_builder", "Zombieworld: band builder", "open_band_builder"),
    ("green_horde", "Zombicide: Green Horde (coming)", None),
    ("invader", "Zombicide: Invader (coming)", None),
    ("city_of_horror", "City of Horror (coming)", None),
)
SUBTITLE = "Zombicide · Zombieworld Evolution · City of Horror (soon)"
GAME_NAMES = {"zombicide": "Zombicide", "zombieworld": "Zombieworld"}
GOAL_WORDS = {
    "take_all_objectives": "take every objective",
    "all_in_exit": "every starting survivor in the exit zone at an End Phase",
    "escape_all": "every starting survivor escapes through the exit",
}
# Skills a mission needs among the chosen survivors (the tutorial that flies the helicopter).
MISSION_NEEDS: dict[str, tuple[str, ...]] = {"rm-tutorial-2": ("helicopter_pilot", "rope_descent")}

MAP_HELP_HTML = (
    "<b>Make a board module</b> in the free Tiled editor (mapeditor.org):<br>"
    "1. <font color='#f0c060'>New map</font>: orthogonal, fixed size, 15×15 tiles of 40 px, CSV layers.<br>"
    "2. Map properties: <b>module</b> (an id such as <font color='#f0c060'>my-street</font>), <b>game</b> = zombicide, "
    "<b>scale</b> = 20 (pixels per cm).<br>"
    "3. Add the tileset <font color='#f0c060'>assets/tiles/deadtable.tsx</font> and paint the floor. The floor is only art.<br>"
    "4. On object layers, draw rectangles with a <b>Class</b>: <b>zone</b> (with <font color='#f0c060'>kind</font> = street, room, "
    "hallway, tent…), <b>door</b> or <b>opening</b> (a thin rectangle across the border of two zones), "
    "<b>wall</b>, <b>fence</b>, and markers such as <b>spawn</b>, <b>objective</b>, <b>exit</b>, "
    "<b>start</b>, <b>helicopter</b>, <b>tent_slot</b>.<br><br>"
    "<b>Make a mission</b>: a small TOML file in <font color='#f0c060'>maps/missions/</font> that places modules on a grid "
    "(col, row, rotation), adds markers (zone = \"module:zone\") and a <b>[setup]</b> table "
    "(goals, objective_xp, door_keys, helicopter_flies…).<br><br>"
    "<b>Check your work</b>: <font color='#f0c060'>python main.py --validate maps/my_module.tmx</font> names every problem "
    "(file, layer, object, what is wrong); <font color='#f0c060'>python main.py --mission maps/missions/my.toml</font> opens it; "
    "<font color='#f0c060'>python main.py simulate maps/missions/my.toml</font> lets bots play it to see whether it can be won.<br><br>"
    "The whole guide is <font color='#f0c060'>maps/README.md</font>."
)


@dataclass(frozen=True, slots=True)
class MissionInfo:
    path: Path
    id: str
    title: str
    story: str
    setup: dict[str, Any] = field(default_factory=dict)
    modules: int = 0

    def summary_html(self) -> str:
        goals = self.setup.get("goals") or ()
        rules = []
        if goals:
            rules.append("<b>Goal</b>: " + "; then ".join(GOAL_WORDS.get(g, g) for g in goals) + ".")
        if self.setup.get("objective_xp"):
            rules.append(f"Each objective gives {self.setup['objective_xp']} XP.")
        if self.setup.get("door_keys"):
            rules.append("Coloured doors open once the objective of their colour is taken.")
        rules.append("The helicopter can fly." if self.setup.get("helicopter_flies") else "")
        if self.setup.get("crawlers") is False:
            rules.append("Beginner rules: Skinners leave no Crawlers.")
        needs = MISSION_NEEDS.get(self.id)
        if needs:
            rules.append("Needs survivors with " + " and ".join(n.replace("_", " ").title() for n in needs) + ".")
        text = f"<b>{_esc(self.title)}</b> ({self.modules} tiles)<br><br>{_esc(self.story)}<br><br>"
        return text + "<br>".join(r for r in rules if r)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def read_mission_info(path: Path) -> MissionInfo | None:
    """Title, story (the header comments) and [setup] of a Zombicide mission; None for other games."""
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    if data.get("game") != "zombicide":
        return None
    story_lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        body = line.lstrip("#").strip()
        if body and "tools/make_maps.py" not in body:
            story_lines.append(body)
    setup = data.get("setup") if isinstance(data.get("setup"), dict) else {}
    return MissionInfo(path=path, id=str(data.get("id", path.stem)), title=str(data.get("title", path.stem)),
                       story=" ".join(story_lines), setup=dict(setup), modules=len(data.get("modules", [])))


def list_missions(folder: Path = MISSION_DIR) -> list[MissionInfo]:
    """Zombicide missions, the Rue Morgue ones (rm-*) first, tutorials at the top."""
    found = [info for path in sorted(folder.glob("*.toml")) if (info := read_mission_info(path)) is not None]
    return sorted(found, key=lambda m: (not m.id.startswith("rm-"), "tutorial" not in m.id, m.id))


@dataclass(frozen=True, slots=True)
class SaveEntry:
    """A game save of either game, as the start screen lists it (read without replaying)."""

    path: Path
    game: str  # "zombicide" or "zombieworld"
    title: str
    round: int
    saved_at: datetime
    result: str | None  # None while the game goes on; "won", "lost" or "finished"

    @property
    def finished(self) -> bool:
        return self.result is not None

    def progress(self) -> str:
        return self.result if self.result is not None else f"round {self.round}"

    def label(self) -> str:
        when = self.saved_at.astimezone().strftime("%d %b %Y %H:%M")
        return f"{GAME_NAMES[self.game]}: {self.title} — {self.progress()} — {when} ({self.path.name})"


def zombieworld_scenario_name(scenario_id: str) -> str:
    from game.rules.zombieworld.catalog import load_catalog as load_zombieworld_catalog

    try:
        return load_zombieworld_catalog().scenario(scenario_id).name
    except (KeyError, ValueError, OSError):
        return scenario_id.replace("_", " ")


def shorten(text: str, max_chars: int) -> str:
    return text if len(text) <= max_chars else text[: max(1, max_chars - 1)].rstrip(" ,—") + "…"


def read_save_entry(path: Path) -> SaveEntry | None:
    """The entry of a Zombicide or Zombieworld game save; None for table saves and unreadable files."""
    try:
        info = read_zombicide_info(path)
        return SaveEntry(path, "zombicide", info.title, info.round, info.saved_at, info.result)
    except (GameSaveError, OSError):
        pass
    try:
        zw = read_zombieworld_info(path)
    except (ZwSaveError, OSError):
        return None
    title = zw.title + (f", {zombieworld_scenario_name(zw.scenario)}" if zw.scenario else "")
    return SaveEntry(path, "zombieworld", title, zw.round, zw.saved_at, "finished" if zw.finished else None)


def list_saves(save_dir: Path) -> list[SaveEntry]:
    """Every readable game save of either game in ``save_dir``, newest first."""
    folder = Path(save_dir)
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.json"):
        entry = read_save_entry(path)
        if entry is not None:
            try:
                found.append((path.stat().st_mtime, entry.saved_at, entry))
            except OSError:
                continue
    found.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return [entry for _, _, entry in found]


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


class StartScene(Scene):
    """The start screen; ``page`` is one of home, box, mission, survivors, options, load, help."""

    def __init__(self, app, save_dir: Path | None = None, mission_dir: Path = MISSION_DIR):
        self.app = app
        self.save_dir = Path(save_dir) if save_dir is not None else Path(app.save_dir)
        self.mission_dir = mission_dir
        self.page = "home"
        self.missions = list_missions(mission_dir)
        self.catalog = load_catalog("rue_morgue")
        self.mission: MissionInfo | None = self.missions[0] if self.missions else None
        known = {s.id for s in self.catalog.survivors}
        self.picked: list[str] = [s for s in DEFAULT_SURVIVORS if s in known]
        self.players = 2
        self.crawlers = True
        self.auto_wounds = False
        self.seed = new_seed()
        self.saves: list[SaveEntry] = []
        self.size = app.screen.get_size()
        self.root: UIPanel | None = None
        self.actions: dict[Any, Any] = {}
        self.buttons: dict[str, UIButton] = {}
        self._title_font: pygame.font.Font | None = None
        self._sub_font: pygame.font.Font | None = None
        self._background: pygame.Surface | None = None

    # --- the app's scene hooks ------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        self._background = None
        self._build()

    def leave(self) -> None:
        if self.root is not None:
            self.root.kill()
        self.root = None
        self.actions.clear()
        self.buttons.clear()

    # --- navigation -----------------------------------------------------------------------------

    def go(self, page: str) -> None:
        self.page = page
        if page == "load":
            self.saves = list_saves(self.save_dir)
        if page == "options" and self.mission is not None:
            self.crawlers = bool(self.mission.setup.get("crawlers", True))
        self._build()

    def back(self) -> None:
        previous = {"box": "home", "mission": "box", "survivors": "mission", "options": "survivors",
                    "load": "home", "help": "home"}
        if self.page in previous:
            self.go(previous[self.page])

    def continue_last(self) -> None:
        info = self._continue_info()
        if info is None:
            self.app.status("No game to continue yet")
            return
        self.app.resume_game(info.path)

    def _continue_info(self) -> SaveEntry | None:
        return next((info for info in list_saves(self.save_dir) if not info.finished), None)

    def open_box(self, key: str) -> None:
        target = next((opens for box, _, opens in BOXES if box == key), None)
        if target is None:
            return
        if hasattr(self, f"_page_{target}"):
            self.go(target)
        else:
            getattr(self.app, target)()

    def choose_mission(self, mission: MissionInfo) -> None:
        self.mission = mission
        self._build()

    def toggle_survivor(self, survivor_id: str) -> None:
        if survivor_id in self.picked:
            self.picked.remove(survivor_id)
        else:
            self.picked.append(survivor_id)
        self._build()

    def set_players(self, count: int) -> None:
        self.players = max(1, min(MAX_PLAYERS, count))
        self._build()

    def seats(self) -> list[dict[str, Any]]:
        """Survivors dealt to the players in the order they were picked (round robin)."""
        count = max(1, min(self.players, len(self.picked)))
        seats: list[dict[str, Any]] = [{"seat": f"Player {n + 1}", "survivors": []} for n in range(count)]
        for n, survivor_id in enumerate(self.picked):
            seats[n % count]["survivors"].append(survivor_id)
        return seats

    def missing_skills(self) -> list[str]:
        if self.mission is None:
            return []
        held = set()
        for survivor_id in self.picked:
            held.update(ref.skill for ref in self.catalog.survivor(survivor_id).skills_at("blue"))
        return [skill for skill in MISSION_NEEDS.get(self.mission.id, ()) if skill not in held]

    def choices(self) -> dict[str, Any]:
        return {"players": self.seats(), "crawlers": self.crawlers, "auto_wounds": self.auto_wounds}

    def start(self) -> bool:
        """Build the setup from the mission and the choices, and start the game."""
        if self.mission is None or not self.picked:
            self.app.status("Pick a mission and at least one survivor")
            return False
        missing = self.missing_skills()
        if missing:
            self.app.status("This mission needs " + " and ".join(m.replace("_", " ") for m in missing))
            return False
        try:
            board = load_board(self.mission.path)
            setup = mission_setup(board, self.choices())
        except (MapFormatError, ValueError, OSError) as error:
            self.app.show_message("Could not start the game", str(error))
            return False
        return bool(self.app.new_game(self.mission.path, setup, self.seed))

    # --- events ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.actions.get(event.ui_element)
            if action is not None:
                action()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                next_button = self.buttons.get("next")
                if next_button is not None and next_button.is_enabled:
                    self.actions[next_button]()
                return True
        return False

    # --- building the pages ---------------------------------------------------------------------

    def _button(self, rect: pygame.Rect, text: str, action, container, key: str = "", enabled: bool = True,
                selected: bool = False, tip: str | None = None, object_id: str = "@start_button") -> UIButton:
        button = UIButton(rect, text, manager=self.app.ui, container=container, tool_tip_text=tip,
                          object_id=ObjectID(class_id=object_id, object_id=f"#{key}" if key else None))
        if not enabled:
            button.disable()
        if selected:
            button.select()
        self.actions[button] = action
        if key:
            self.buttons[key] = button
        return button

    def _build(self) -> None:
        self.leave()
        w, h = self.size
        top = min(170, max(90, h // 6))
        if self.page == "home":
            card_w, card_h = min(720, w - 40), min(h - top - 20, 5 * (BUTTON_H + GAP) + 28)
        else:
            card_w, card_h = min(1100, w - 40), max(300, h - top - 30)
        self.root = UIPanel(pygame.Rect((w - card_w) // 2, top, card_w, card_h), manager=self.app.ui,
                            object_id="#start_card")
        getattr(self, f"_page_{self.page}")(self.root, card_w - 8, card_h - 8)

    def _heading(self, container, width: int, text: str) -> None:
        UILabel(pygame.Rect(16, 8, width - 32, 40), text, manager=self.app.ui, container=container,
                object_id=ObjectID(object_id="#start_heading"))

    def _nav(self, container, width: int, height: int, next_text: str | None = None, next_action=None,
             next_enabled: bool = True) -> None:
        y = height - BUTTON_H - 10
        self._button(pygame.Rect(16, y, 200, BUTTON_H), "Back", self.back, container, key="back")
        if next_text:
            self._button(pygame.Rect(width - 16 - 260, y, 260, BUTTON_H), next_text, next_action, container,
                         key="next", enabled=next_enabled, object_id="@start_primary")

    def _page_home(self, c, width: int, height: int) -> None:
        info = self._continue_info()
        bw = min(640, width - 40)
        x = (width - bw) // 2
        y = max(10, (height - 5 * (BUTTON_H + GAP) + GAP) // 2)
        cont = "Continue (no game saved yet)"
        if info is not None:  # the button holds about one character per 10 px
            tail = f", round {info.round}"
            head = f"Continue {GAME_NAMES[info.game]}: "
            cont = head + shorten(info.title, max(8, bw // 10 - len(head) - len(tail))) + tail
        rows = [
            ("new", "New game", lambda: self.go("box"), True, "@start_primary"),
            ("continue", cont, self.continue_last, info is not None, "@start_button"),
            ("load", "Load a game", lambda: self.go("load"), True, "@start_button"),
            ("help", "How to make a map", lambda: self.go("help"), True, "@start_button"),
            ("quit", "Quit", self._quit, True, "@start_button"),
        ]
        for key, text, action, enabled, style in rows:
            tip = info.label() if key == "continue" and info is not None else None
            self._button(pygame.Rect(x, y, bw, BUTTON_H), text, action, c, key=key, enabled=enabled, object_id=style,
                         tip=tip)
            y += BUTTON_H + GAP

    def _quit(self) -> None:
        self.app.running = False

    def _page_box(self, c, width: int, height: int) -> None:
        self._heading(c, width, "New game — choose a game")
        bw = min(560, width - 40)
        y = 60
        step = max(BUTTON_H - 8, min(BUTTON_H + GAP, (height - 60 - BUTTON_H - 20) // len(BOXES)))
        for box_id, title, opens in BOXES:
            self._button(pygame.Rect((width - bw) // 2, y, bw, step - 8), title,
                         lambda key=box_id: self.open_box(key), c, key=f"box_{box_id}", enabled=opens is not None,
                         object_id="@start_primary" if opens is not None else "@start_button")
            y += step
        self._nav(c, width, height)

    def _page_mission(self, c, width: int, height: int) -> None:
        self._heading(c, width, "Choose a mission")
        list_w = min(440, width // 2)
        list_h = height - 70 - BUTTON_H - 24
        scroller = UIScrollingContainer(pygame.Rect(16, 56, list_w, list_h), manager=self.app.ui, container=c,
                                        allow_scroll_x=False)
        y = 0
        for mission in self.missions:
            self._button(pygame.Rect(0, y, list_w - 24, BUTTON_H - 6), mission.title,
                         lambda m=mission: self.choose_mission(m), scroller, key=f"mission_{mission.id}",
                         selected=mission is self.mission, object_id="@start_choice")
            y += BUTTON_H
        scroller.set_scrollable_area_dimensions((list_w - 24, max(y, 1)))
        detail = self.mission.summary_html() if self.mission else "No Zombicide mission found in maps/missions."
        UITextBox(detail, pygame.Rect(list_w + 32, 56, width - list_w - 48, list_h), manager=self.app.ui,
                  container=c, object_id=ObjectID(object_id="#start_detail"))
        self._nav(c, width, height, "Survivors", lambda: self.go("survivors"), self.mission is not None)

    def _page_survivors(self, c, width: int, height: int) -> None:
        self._heading(c, width, "Players and survivors (tap to pick, in turn order)")
        UILabel(pygame.Rect(16, 56, 110, BUTTON_H - 8), "Players", manager=self.app.ui, container=c)
        for n in range(1, MAX_PLAYERS + 1):
            self._button(pygame.Rect(130 + (n - 1) * (BUTTON_H + 6), 56, BUTTON_H, BUTTON_H - 8), str(n),
                         lambda n=n: self.set_players(n), c, key=f"players_{n}", selected=n == self.players,
                         object_id="@start_choice")
        cols = max(2, min(6, (width - 32) // 250))  # room for "Marta Quiroga (pilot) · P1"
        cell_w = (width - 32 - (cols - 1) * 8) // cols
        grid_top = 56 + BUTTON_H + 4
        grid_h = height - grid_top - BUTTON_H - 70
        scroller = UIScrollingContainer(pygame.Rect(16, grid_top, width - 24, grid_h), manager=self.app.ui,
                                        container=c, allow_scroll_x=False)
        seat_of = {s: seat["seat"] for seat in self.seats() for s in seat["survivors"]}
        for n, survivor in enumerate(self.catalog.survivors):
            row, col = divmod(n, cols)
            order = f" · {seat_of[survivor.id].replace('Player ', 'P')}" if survivor.id in seat_of else ""
            extras = [ref.skill for ref in survivor.blue_free]
            mark = " ✈" if "helicopter_pilot" in extras else (" ⇣" if "rope_descent" in extras else "")
            tip = survivor.description + " Starts with: " + ", ".join(
                self.catalog.skill(ref.skill).name for ref in survivor.skills_at("blue"))
            self._button(pygame.Rect(col * (cell_w + 8), row * (BUTTON_H - 4), cell_w, BUTTON_H - 10),
                         survivor.name + mark.replace("✈", "(pilot)").replace("⇣", "(rope)") + order,
                         lambda s=survivor.id: self.toggle_survivor(s), scroller, key=f"survivor_{survivor.id}",
                         selected=survivor.id in self.picked, tip=tip, object_id="@start_choice")
        rows = -(-len(self.catalog.survivors) // cols)
        scroller.set_scrollable_area_dimensions((width - 48, rows * (BUTTON_H - 4)))
        missing = self.missing_skills()
        note = f"{len(self.picked)} survivors for {min(self.players, max(1, len(self.picked)))} players."
        if missing:
            note += " This mission needs " + " and ".join(m.replace("_", " ") for m in missing) + "."
        UILabel(pygame.Rect(16, height - BUTTON_H - 58, width - 32, 36), note, manager=self.app.ui, container=c,
                object_id=ObjectID(object_id="#start_note"))
        self._nav(c, width, height, "Options", lambda: self.go("options"), bool(self.picked) and not missing)

    def _page_options(self, c, width: int, height: int) -> None:
        self._heading(c, width, f"Options — {self.mission.title if self.mission else ''}")
        bw = min(640, width - 40)
        x = (width - bw) // 2
        y = 70
        self._button(pygame.Rect(x, y, bw, BUTTON_H), "Skinners leave Crawlers: " + ("on" if self.crawlers else
                     "off (beginner)"), self._toggle_crawlers, c, key="crawlers", selected=self.crawlers,
                     object_id="@start_choice")
        y += BUTTON_H + GAP
        self._button(pygame.Rect(x, y, bw, BUTTON_H), "Share zombie wounds automatically: " +
                     ("on" if self.auto_wounds else "off (you choose)"), self._toggle_wounds, c, key="auto_wounds",
                     selected=self.auto_wounds, object_id="@start_choice")
        y += BUTTON_H + GAP
        self._button(pygame.Rect(x, y, bw, BUTTON_H), f"Seed {self.seed} — tap for a new one", self._reseed, c,
                     key="seed", object_id="@start_choice",
                     tip="The same seed and the same moves give the same game: dice, cards and spawns.")
        y += BUTTON_H + GAP
        lines = [f"{seat['seat']}: " + ", ".join(self.catalog.survivor(s).name for s in seat["survivors"])
                 for seat in self.seats()]
        UITextBox("<br>".join(_esc(line) for line in lines), pygame.Rect(x, y, bw, max(60, height - y - BUTTON_H - 30)),
                  manager=self.app.ui, container=c, object_id=ObjectID(object_id="#start_detail"))
        self._nav(c, width, height, "Start the game", self.start)

    def _toggle_crawlers(self) -> None:
        self.crawlers = not self.crawlers
        self._build()

    def _toggle_wounds(self) -> None:
        self.auto_wounds = not self.auto_wounds
        self._build()

    def _reseed(self) -> None:
        self.seed = new_seed()
        self._build()

    def _page_load(self, c, width: int, height: int) -> None:
        self._heading(c, width, "Load a game")
        list_h = height - 70 - BUTTON_H - 24
        scroller = UIScrollingContainer(pygame.Rect(16, 56, width - 24, list_h), manager=self.app.ui, container=c,
                                        allow_scroll_x=False)
        y = 0
        for info in self.saves:
            self._button(pygame.Rect(0, y, width - 56, BUTTON_H - 6), info.label(),
                         lambda p=info.path: self.app.resume_game(p), scroller, key=f"save_{info.path.stem}",
                         object_id="@start_choice")
            y += BUTTON_H
        if not self.saves:
            UILabel(pygame.Rect(0, 0, width - 56, 40), f"No game saves in {self.save_dir}", manager=self.app.ui,
                    container=scroller)
        scroller.set_scrollable_area_dimensions((width - 56, max(y, 1)))
        self._nav(c, width, height, "Browse files…", self.app.open_load_dialog)

    def _page_help(self, c, width: int, height: int) -> None:
        self._heading(c, width, "How to make a map")
        UITextBox(MAP_HELP_HTML, pygame.Rect(16, 56, width - 32, height - 70 - BUTTON_H - 24), manager=self.app.ui,
                  container=c, object_id=ObjectID(object_id="#start_detail"))
        self._nav(c, width, height)

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self._background is None or self._background.get_size() != surface.get_size():
            self._background = self._paint_background(surface.get_size())
        surface.blit(self._background, (0, 0))

    def _paint_background(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        background = pygame.Surface(size)
        for y in range(0, h, 4):  # a dusk sky over a dark city
            t = y / max(1, h)
            colour = (int(48 - 30 * t), int(30 - 14 * t), int(34 - 12 * t))
            pygame.draw.rect(background, colour, (0, y, w, 4))
        rng = random.Random(7)  # a fixed skyline
        x = 0
        while x < w:
            bw = 40 + int(rng.random() * 90)
            bh = int(h * (0.12 + rng.random() * 0.3))
            pygame.draw.rect(background, (14, 14, 18), (x, h - bh, bw, bh))
            for wy in range(h - bh + 12, h - 10, 22):
                for wx in range(x + 8, x + bw - 10, 16):
                    if rng.random() < 0.12:
                        pygame.draw.rect(background, (200, 160, 70), (wx, wy, 6, 9))
            x += bw + 2
        pygame.draw.circle(background, (196, 60, 40), (int(w * 0.82), int(h * 0.14)), max(20, h // 14))
        if self._title_font is None:
            self._title_font = pygame.font.Font(None, max(60, min(120, h // 8)))
            self._sub_font = pygame.font.Font(None, max(26, min(40, h // 26)))
        title = self._title_font.render("DEADTABLE", True, (236, 200, 110))
        shadow = self._title_font.render("DEADTABLE", True, (90, 10, 10))
        top = min(170, max(90, h // 6))
        ty = max(6, top // 2 - title.get_height() // 2 - 10)
        background.blit(shadow, shadow.get_rect(midtop=(w // 2 + 4, ty + 4)))
        background.blit(title, title.get_rect(midtop=(w // 2, ty)))
        assert self._sub_font is not None
        sub = self._sub_font.render(SUBTITLE, True, (220, 210, 190))
        background.blit(sub, sub.get_rect(midtop=(w // 2, ty + title.get_height())))
        return background
