"""A new Zombicide game: mission → survivors and players → options, then the game starts.

The game's "New game" hook opens this scene for one box; its missions are those of
``maps/missions`` whose ``[setup]`` plays that box. Every step is big buttons, so a finger works as
well as a mouse. Esc (or Back) goes back one step; Back on the first step returns to the start
screen's list of games.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import field
from functools import partial
from pathlib import Path
from typing import Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UILabel, UITextBox

from game.app.seeds import new_seed
from game.app.widgets.card_scene import BUTTON_H, GAP, CardScene
from game.app.widgets.card_view import local_name
from game.app.zombicide.game_save import mission_setup
from game.app.zombicide.goal_words import goals_told
from game.app.zombicide.survivor_preview import survivor_card_html
from game.board.errors import MapFormatError, describe_error
from game.board.mission import load_board
from game.i18n import N_, _, language, ngettext
from game.rules.core.frozen import record
from game.rules.zombicide.boxes import UnknownBoxError, box_name, box_rules
from game.rules.zombicide.catalog import load_catalog
from game.rules.zombicide.engine import setup_model
from game.rules.zombicide.registration import DEFAULT_BOX

REPO = Path(__file__).resolve().parents[3]
MISSION_DIR = REPO / "maps" / "missions"
MAX_PLAYERS = 6
SEAT_BUTTON_H = 48  # the Human/Bot buttons: up to six seats fit above Back in a 650-pixel window
DEFAULT_SURVIVORS = ("marta", "juno", "bruno", "ines", "kasia", "nell")
# Skills a mission needs among the chosen survivors (the tutorial that flies the helicopter).
# the balance reports' bots (simulate.BOTS), as the difficulty line names them
BOT_NAMES = {"random": N_("random"), "greedy": N_("greedy"), "planner": N_("planner"), "search": N_("search"),
             "search-deep": N_("deep search")}
MISSION_NEEDS: dict[str, tuple[str, ...]] = {"rm-tutorial-2": ("helicopter_pilot", "rope_descent")}


@record
class MissionInfo:
    path: Path
    id: str
    title: str
    story: str
    setup: dict[str, Any] = field(default_factory=dict)
    modules: int = 0
    title_es: str = ""
    story_es: str = ""

    def shown_title(self) -> str:
        """The title in the player's language when the file gives it, else the English one."""
        return self.title_es if language() == "es" and self.title_es else self.title

    def shown_story(self) -> str:
        return self.story_es if language() == "es" and self.story_es else self.story

    def summary_html(self) -> str:
        goals = self.setup.get("goals") or ()
        rules = []
        if goals:
            told = goals_told(goals, mission_box(self.setup), self.setup)
            rules.append(_("<b>Goal</b>: {goals}.").format(goals=told))
        if self.setup.get("objective_xp"):
            rules.append(_("Each objective gives {xp} XP.").format(xp=self.setup["objective_xp"]))
        if self.setup.get("door_keys"):
            rules.append(_("Coloured doors open once the objective of their colour is taken."))
        rules.append(_("The helicopter can fly.") if self.setup.get("helicopter_flies") else "")
        if self.setup.get("crawlers") is False:
            rules.append(_("Beginner rules: Skinners leave no Crawlers."))
        dice = self.setup.get("spawn_dice")
        if isinstance(dice, int) and not isinstance(dice, bool):  # the mission's own number, not the box's table
            rules.append(ngettext("This mission rolls {n} spawn die, whatever the team.",
                                  "This mission rolls {n} spawn dice, whatever the team.", dice).format(n=dice))
        needs = MISSION_NEEDS.get(self.id)
        if needs:
            rules.append(_("Needs survivors with {skills}.").format(skills=skill_list(load_catalog(str(self.setup.get("box") or DEFAULT_BOX)), needs)))
        rules.append(difficulty_words(self.id))
        tiles = ngettext("{n} tile", "{n} tiles", self.modules).format(n=self.modules)
        text = f"<b>{_esc(self.shown_title())}</b> ({tiles})<br><br>{_esc(self.shown_story())}<br><br>"
        return text + "<br>".join(r for r in rules if r)


def mission_box(setup: dict[str, Any]) -> Any:
    """The rules of the box a mission's ``[setup]`` plays (None for a box this build does not know)."""
    try:
        return box_rules(str(setup.get("box") or DEFAULT_BOX))
    except UnknownBoxError:
        return None


def difficulty_words(mission_id: str) -> str:
    """The mission's difficulty from its last balance report (``main.py balance``), in words."""
    from game.app.zombicide.balance import last_report

    report = last_report(mission_id)
    if report is None:
        return _("<b>Difficulty</b>: not measured yet (python main.py balance)")
    rating = _(report.rating)
    bot = _(BOT_NAMES[report.bot]) if report.bot in BOT_NAMES else report.bot
    return _("<b>Difficulty</b>: {rating}: the {bot} bot won {won} of {games} games").format(
        rating=rating, bot=bot, won=report.won, games=report.games)


def skill_list(catalog: Any, skills: Any) -> str:
    """Skill ids as the player reads them: "Helicopter pilot and Rope descent", in their language."""
    from game.app.zombicide.event_text import skill_words

    return _(" and ").join(skill_words(catalog, skill) for skill in skills)


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
        if body and "written by tools/" not in body:  # the generator's note, not the story
            story_lines.append(body)
    table = data.get("setup")
    setup: dict[str, Any] = dict(table) if isinstance(table, dict) else {}
    return MissionInfo(path=path, id=str(data.get("id", path.stem)), title=str(data.get("title", path.stem)),
                       story=" ".join(story_lines), setup=setup, modules=len(data.get("modules", [])),
                       title_es=str(data.get("title_es") or ""), story_es=str(data.get("story_es") or ""))


def list_missions(folder: Path = MISSION_DIR, box: str = DEFAULT_BOX) -> list[MissionInfo]:
    """The Zombicide missions of ``box``, the box's own (rm-* for Rue Morgue) first, tutorials at the top."""
    if folder == MISSION_DIR:  # every mission under maps/, and the player's own (saves/maps/, --maps DIR)
        from game.platform.map_sources import list_sources

        paths = [source.path for source in list_sources("zombicide", kind="mission", include_unusable=False)]
    else:
        paths = sorted(folder.glob("*.toml"))
    found = [info for path in paths
             if (info := read_mission_info(path)) is not None and str(info.setup.get("box") or DEFAULT_BOX) == box]
    return sorted(found, key=lambda m: (not m.id.startswith("rm-"), "tutorial" not in m.id, _natural(m.id)))


def _natural(text: str) -> tuple[tuple[int, str], ...]:
    """Sort key reading numbers as numbers: m2 before m10."""
    return tuple((int(part), "") if part.isdigit() else (-1, part) for part in re.split(r"(\d+)", text))


def setup_option_names(box: str) -> frozenset[str]:
    """The ``[setup]`` keys the box's games accept (an option its set-up lacks is not offered)."""
    return frozenset(setup_model(box).model_fields)


def default_team(catalog: Any) -> list[str]:
    """The survivors picked at first: the usual six when the box has them, else its first six."""
    known = [s.id for s in catalog.survivors]
    usual = [s for s in DEFAULT_SURVIVORS if s in known]
    return usual or known[:len(DEFAULT_SURVIVORS)]


def mission_error(mission_path: Path, error: Exception) -> str:
    """One line naming the mission file and the place: the engine's set-up faults (a machine off the
    board) name only the place, so the file goes first."""
    text = describe_error(error)
    return text if str(mission_path) in text or Path(mission_path).name in text else f"{mission_path}: {text}"


def start_game(app, mission_path: Path, setup: Any, seed: int, bot_seats: Sequence[str] = ()) -> bool:
    """Start a game of ``mission_path`` in the window, ``bot_seats`` played by the bot; a mission
    that cannot start says why and changes nothing."""
    from game.app.zombicide.game_scene import GameScene

    try:
        scene = GameScene.new_game(app, Path(mission_path), setup, seed, bot_seats)
    except (MapFormatError, ValueError, OSError) as error:
        app.show_message(_("Could not start the game"), mission_error(mission_path, error))
        return False
    if scene is not None and scene not in app.scenes.scenes:
        app.show(scene)
    return True


class ZombicideNewGameScene(CardScene):
    """A new game of one Zombicide box; ``page`` is one of mission, survivors, options."""

    PAGES = ("mission", "survivors", "options")

    def __init__(self, app, box: str = DEFAULT_BOX, mission_dir: Path = MISSION_DIR):
        super().__init__(app, f"Zombicide: {box_name(box)}")  # two names: the same in every language
        self.box = box
        self.page = "mission"
        self.missions = list_missions(mission_dir, box)
        self.catalog = load_catalog(box)
        self.mission: MissionInfo | None = self.missions[0] if self.missions else None
        self.picked: list[str] = default_team(self.catalog)
        self.owners: dict[str, int] = {}  # survivor → player index: a pick keeps its player while others change
        self.refusal = ""  # why the last pick was refused, until the next change
        self.previewed: str | None = self.picked[0] if self.picked else None
        self.options = setup_option_names(box)
        self.players = 2
        self.crawlers = True
        self.auto_wounds = False
        self.seed = new_seed()
        self.bot_players: set[int] = set()  # player indexes whose seat the bot plays
        self.deal_owners()

    # --- navigation -----------------------------------------------------------------------------

    def go(self, page: str) -> None:
        self.page = page
        if page == "options" and self.mission is not None:
            self.crawlers = bool(self.mission.setup.get("crawlers", True))
        self._build()

    def back(self) -> None:
        previous = {"survivors": "mission", "options": "survivors"}
        if self.page in previous:
            self.go(previous[self.page])
        else:
            self.app.open_start("games")

    def choose_mission(self, mission: MissionInfo) -> None:
        self.mission = mission
        self._build()

    def toggle_survivor(self, survivor_id: str) -> None:
        """Pick a survivor for the player with the fewest (the first of them), or untick one; the
        others keep their players. A pick the box's set-up does not allow is refused, saying why."""
        self.previewed = survivor_id
        if survivor_id in self.picked:
            self.picked.remove(survivor_id)
            self.owners.pop(survivor_id, None)
            self.refusal = ""
        else:
            self.refusal = self.pick_refusal()
            if not self.refusal:
                self.owners[survivor_id] = self.next_owner()
                self.picked.append(survivor_id)
        self._build()

    def preview(self, survivor_id: str) -> None:
        self.previewed = survivor_id
        self._build()

    def player_counts(self) -> list[int]:
        counts = [0] * self.players
        for survivor_id in self.picked:
            counts[self.owners[survivor_id]] += 1
        return counts

    def next_owner(self) -> int:
        counts = self.player_counts()
        return counts.index(min(counts))

    def pick_refusal(self) -> str:
        """Why one more survivor may not be picked now ("" when it may): the box's set-up rules."""
        rules = self.catalog.setup
        if len(self.picked) >= rules.survivors_max:
            return _("A game has at most {n} survivors: untick one to pick another.").format(n=rules.survivors_max)
        most = rules.survivors_per_player_max
        if min(self.player_counts()) >= most:
            if self.players < MAX_PLAYERS:
                return ngettext("Each player plays at most {n} survivor: add a player to pick more.",
                                "Each player plays at most {n} survivors: add a player to pick more.", most).format(n=most)
            return ngettext("Each player plays at most {n} survivor.", "Each player plays at most {n} survivors.",
                            most).format(n=most)
        return ""

    def deal_owners(self) -> None:
        """The picks dealt to the players round robin, in the order they were picked (a new player count)."""
        self.owners = {survivor_id: n % self.players for n, survivor_id in enumerate(self.picked)}

    def set_players(self, count: int) -> None:
        count = max(1, min(MAX_PLAYERS, count))
        most = self.catalog.setup.survivors_per_player_max
        if len(self.picked) > count * most:
            self.refusal = ngettext("{players} player cannot play {n} survivors: untick some first.",
                                    "{players} players cannot play {n} survivors: untick some first.",
                                    count).format(players=count, n=len(self.picked))
        else:
            self.players, self.refusal = count, ""
            self.deal_owners()
        self._build()

    def seats(self) -> list[dict[str, Any]]:
        """Each player's survivors in the order they were picked (a player without any sits out)."""
        return [seat for _n, seat in self._numbered_seats()]

    def _numbered_seats(self) -> list[tuple[int, dict[str, Any]]]:
        seats: list[dict[str, Any]] = [{"seat": _("Player {n}").format(n=n + 1), "survivors": []} for n in range(self.players)]
        for survivor_id in self.picked:
            seats[self.owners[survivor_id]]["survivors"].append(survivor_id)
        return [(n, seat) for n, seat in enumerate(seats) if seat["survivors"]]

    def bot_seats(self) -> list[str]:
        """The seats (of players who play a survivor) handed to the bot."""
        return [seat["seat"] for n, seat in self._numbered_seats() if n in self.bot_players]

    def toggle_bot_player(self, player: int) -> None:
        """Player ``player``'s seat: Human ↔ Bot."""
        self.bot_players ^= {player}
        self._build()

    def missing_skills(self) -> list[str]:
        if self.mission is None:
            return []
        held: set[str] = set()
        for survivor_id in self.picked:
            held.update(ref.skill for ref in self.catalog.survivor(survivor_id).skills_at("blue"))
        return [skill for skill in MISSION_NEEDS.get(self.mission.id, ()) if skill not in held]

    def choices(self) -> dict[str, Any]:
        wanted = {"crawlers": self.crawlers, "auto_wounds": self.auto_wounds}
        return {"players": self.seats(), **{k: v for k, v in wanted.items() if k in self.options}}

    def start(self) -> bool:
        """Build the setup from the mission and the choices, and start the game."""
        if self.mission is None or not self.picked:
            self.app.status(_("Pick a mission and at least one survivor"))
            return False
        missing = self.missing_skills()
        if missing:
            self.app.status(_("This mission needs {skills}.").format(skills=skill_list(self.catalog, missing)))
            return False
        try:
            board = load_board(self.mission.path)
            setup = mission_setup(board, self.choices())
        except (MapFormatError, ValueError, OSError) as error:
            self.app.show_message(_("Could not start the game"), mission_error(self.mission.path, error))
            return False
        return start_game(self.app, self.mission.path, setup, self.seed, self.bot_seats())

    # --- the pages ------------------------------------------------------------------------------

    def _page_mission(self, c, width: int, height: int) -> None:
        self._heading(c, width, _("Choose a mission"))
        list_w = min(440, width // 2)
        list_h = height - 70 - BUTTON_H - 24
        scroller = self._scrolling_list("missions", pygame.Rect(16, 56, list_w, list_h), c)
        y = 0
        for mission in self.missions:
            self._button(pygame.Rect(0, y, list_w - 24, BUTTON_H - 6), mission.shown_title(),
                         partial(self.choose_mission, mission), scroller, key=f"mission_{mission.id}",
                         selected=mission is self.mission, object_id="@start_choice")
            y += BUTTON_H
        self._fit_scrolling_list("missions", list_w - 24, y)
        detail = self.mission.summary_html() if self.mission else _("No Zombicide mission found in maps/missions.")
        UITextBox(detail, pygame.Rect(list_w + 32, 56, width - list_w - 48, list_h), manager=self.app.ui,
                  container=c, object_id=ObjectID(object_id="#start_detail"))
        self._nav(c, width, height, _("Survivors"), lambda: self.go("survivors"), self.mission is not None)

    def _page_survivors(self, c, width: int, height: int) -> None:
        self._heading(c, width, _("Players and survivors (tap to pick, in turn order)"))
        UILabel(pygame.Rect(16, 56, 110, BUTTON_H - 8), _("Players"), manager=self.app.ui, container=c)
        for n in range(1, MAX_PLAYERS + 1):
            self._button(pygame.Rect(130 + (n - 1) * (BUTTON_H + 6), 56, BUTTON_H, BUTTON_H - 8), str(n),
                         partial(self.set_players, n), c, key=f"players_{n}", selected=n == self.players,
                         object_id="@start_choice")
        preview_w = max(260, min(360, width // 3))
        grid_w = width - 24 - preview_w - 12
        cols = max(1, min(5, grid_w // 300))  # room for "Marta Quiroga (pilot) · P1" and its Card button
        cell_w = (grid_w - 24 - (cols - 1) * 8) // cols
        card_w = 72
        grid_top = 56 + BUTTON_H + 4
        grid_h = height - grid_top - BUTTON_H - 70
        scroller = self._scrolling_list("survivors", pygame.Rect(16, grid_top, grid_w, grid_h), c)
        for n, survivor in enumerate(self.catalog.survivors):
            row, col = divmod(n, cols)
            order = " · " + _("P{n}").format(n=self.owners[survivor.id] + 1) if survivor.id in self.owners else ""
            extras = [ref.skill for ref in survivor.blue_free]
            mark = _(" (pilot)") if "helicopter_pilot" in extras else (_(" (rope)") if "rope_descent" in extras else "")
            x, y = col * (cell_w + 8), row * (BUTTON_H - 4)
            self._button(pygame.Rect(x, y, cell_w - card_w - 4, BUTTON_H - 10), local_name(survivor) + mark + order,
                         partial(self.toggle_survivor, survivor.id), scroller, key=f"survivor_{survivor.id}",
                         selected=survivor.id in self.picked, object_id="@start_choice")
            self._button(pygame.Rect(x + cell_w - card_w, y, card_w, BUTTON_H - 10), _("Card"),
                         partial(self.preview, survivor.id), scroller, key=f"card_{survivor.id}",
                         selected=survivor.id == self.previewed, tip=_("Show {name}'s card").format(name=local_name(survivor)))
        rows = -(-len(self.catalog.survivors) // cols)
        self._fit_scrolling_list("survivors", grid_w - 24, rows * (BUTTON_H - 4))
        shown = self.previewed if self.previewed in {s.id for s in self.catalog.survivors} else None
        UITextBox(survivor_card_html(self.catalog, shown) if shown else _("Tap Card to read a survivor's card."),
                  pygame.Rect(width - 8 - preview_w, grid_top, preview_w, grid_h), manager=self.app.ui,
                  container=c, object_id=ObjectID(object_id="#survivor_preview"))
        missing = self.missing_skills()
        players = len(self.seats())
        note = ngettext("{n} survivor", "{n} survivors", len(self.picked)).format(n=len(self.picked)) + " · " + \
            ngettext("{n} player", "{n} players", players).format(n=players) + "."
        if missing:
            note += " " + _("This mission needs {skills}.").format(
                skills=skill_list(self.catalog, missing))
        if self.refusal:
            note = self.refusal
        UILabel(pygame.Rect(16, height - BUTTON_H - 58, width - 32, 36), note, manager=self.app.ui, container=c,
                object_id=ObjectID(object_id="#start_note"))
        self._nav(c, width, height, _("Options"), lambda: self.go("options"), bool(self.picked) and not missing)

    def _page_options(self, c, width: int, height: int) -> None:
        self._heading(c, width, _("Options — {mission}").format(mission=self.mission.shown_title() if self.mission else ""))
        bw = min(640, width - 40)
        x = (width - bw) // 2
        y = 70
        if "crawlers" in self.options:
            self._button(pygame.Rect(x, y, bw, BUTTON_H), _("Skinners leave Crawlers: on") if self.crawlers else
                         _("Skinners leave Crawlers: off (beginner)"), self._toggle_crawlers, c, key="crawlers", selected=self.crawlers,
                         object_id="@start_choice")
            y += BUTTON_H + GAP
        self._button(pygame.Rect(x, y, bw, BUTTON_H), _("Share zombie wounds automatically: on") if self.auto_wounds
                     else _("Share zombie wounds automatically: off (you choose)"), self._toggle_wounds, c, key="auto_wounds",
                     selected=self.auto_wounds, object_id="@start_choice")
        y += BUTTON_H + GAP
        self._button(pygame.Rect(x, y, bw, BUTTON_H), _("Seed {seed} — tap for a new one").format(seed=self.seed),
                     self._reseed, c, key="seed", object_id="@start_choice",
                     tip=_("The same seed and the same moves give the same game: dice, cards and spawns."))
        y += BUTTON_H + GAP
        y = self._seat_buttons(c, x, y, bw)
        lines = [f"{seat['seat']}: " + ", ".join(local_name(self.catalog.survivor(s)) for s in seat["survivors"])
                 for seat in self.seats()]
        room = height - y - BUTTON_H - 30
        if room >= 60:  # a small window with many seats: their buttons already name them
            UITextBox("<br>".join(_esc(line) for line in lines), pygame.Rect(x, y, bw, room),
                      manager=self.app.ui, container=c, object_id=ObjectID(object_id="#start_detail"))
        self._nav(c, width, height, _("Start the game"), self.start)

    def _seat_buttons(self, c, x: int, y: int, width: int) -> int:
        """One button a seat, Human or Bot, as many a row as fit; returns the y below them."""
        numbered = self._numbered_seats()
        per_row = max(1, min(len(numbered), width // 180))
        cell_w = (width - GAP * (per_row - 1)) // per_row
        row_h = SEAT_BUTTON_H + GAP // 2
        for k, (n, seat) in enumerate(numbered):
            row, col = divmod(k, per_row)
            bot = n in self.bot_players
            label = (_("{seat}: Bot") if bot else _("{seat}: Human")).format(seat=seat["seat"])
            self._button(pygame.Rect(x + col * (cell_w + GAP), y + row * row_h, cell_w, SEAT_BUTTON_H), label,
                         partial(self.toggle_bot_player, n), c, key=f"seat_{n + 1}", selected=bot,
                         object_id="@start_choice",
                         tip=_("Tap to give this seat to the bot, or take it back; the Bot tool does the same in play."))
        rows = -(-len(numbered) // per_row)
        return y + rows * row_h + GAP // 2

    def _toggle_crawlers(self) -> None:
        self.crawlers = not self.crawlers
        self._build()

    def _toggle_wounds(self) -> None:
        self.auto_wounds = not self.auto_wounds
        self._build()

    def _reseed(self) -> None:
        self.seed = new_seed()
        self._build()
