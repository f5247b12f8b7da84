"""The window: the scenes it shows, a touch-friendly toolbar for the plain table, saves and messages.

Two ways to fill the window:

- the plain table (``open_table``): a ``TableScene`` under the toolbar, as ``--mission/--map/--save``
  open it;
- app scenes (``show``, ``push``, ``pop``): the start screen, a game, the end screen. Such a scene
  is a ``Scene`` that may also have ``layout(window_size)`` (build or rebuild its pygame_gui
  elements in ``app.ui``; called when it is shown and on every resize), ``leave()`` (kill its
  elements), ``on_quit()`` (autosave when the window closes) and ``ready`` (False while a
  screenshot should wait). pygame_gui events (``UI_BUTTON_PRESSED``…) reach the scenes through
  ``handle_event``; a press over a pygame_gui element never reaches them as a pointer.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel
from pygame_gui.windows import UIFileDialog, UIMessageWindow

from game import i18n
from game.app.scenes import SceneStack
from game.app.table_scene import TableScene
from game.atomic import clean_stale_temps
from game.board.errors import MapFormatError, describe_error, one_line
from game.board.loader import file_of_shown
from game.board.mission import load_board
from game.i18n import N_, _
from game.platform import envelope, registry
from game.platform.envelope import SaveFileError
from game.rules.core.frozen import record
from game.settings import Settings, load_settings, save_settings
from game.table.reload import carry_pieces
from game.table.saves import AUTOSAVE_NAME, DEFAULT_SAVE_DIR, SaveError, open_table, save_table
from game.table.state import TableState

if TYPE_CHECKING:
    from game.app import filewatch

THEME_PATH = Path(__file__).resolve().parent / "theme.json"
BUTTON_PX = 64
BUTTON_GAP_PX = 6
TOOLBAR_PX = BUTTON_PX + 2 * 8
FRAME_RATE = 60
STATUS_SECONDS = 4.0
MAX_RELOAD_LINES = 12  # problems or moved pieces a reload lists in its message
MESSAGE_MIN_PX = (240, 160)  # a message window is never smaller, even in a tiny window

HELP_HTML = N_(
    "<b>Move</b>: drag a miniature (mouse or finger; several fingers at once).<br>"
    "<b>Pan</b>: drag the empty table, right or middle drag, two fingers, or the arrow keys.<br>"
    "<b>Zoom</b>: wheel, pinch, + / − keys or buttons. <b>Fit</b>: Home.<br>"
    "<b>Tape</b> (T): drag to measure; tap to add a waypoint. Start or end on a base to measure "
    "edge to edge. Esc clears it.<br>"
    "<b>Ring</b> (G): a range ring around the selected miniature; [ and ] change it.<br>"
    "<b>Turn</b> (R, Shift+R): turn the selected miniature on a free table; or hold it with one finger "
    "and twist with a second.<br>"
    "<b>Tray</b>: drag a miniature or token out of it, or tap one; drop a piece on it, or Delete, "
    "to take it off.<br>"
    "<b>Undo</b>: Ctrl+Z. <b>Save</b>: Ctrl+S. <b>Load</b>: Ctrl+O. <b>Full screen</b>: F11.<br>"
    "The table is saved to saves/autosave.json when you quit."
)


@record
class ToolSpec:
    key: str
    text: str
    tooltip: str


TOOLS = (
    ToolSpec("fit", N_("Fit"), N_("Show the whole board (Home)")),
    ToolSpec("zoom_in", N_("Zoom +"), N_("Zoom in (+, wheel, pinch)")),
    ToolSpec("zoom_out", N_("Zoom −"), N_("Zoom out (−, wheel, pinch)")),
    ToolSpec("tape", N_("Tape"), N_("Tape measure (T)")),
    ToolSpec("ring", N_("Ring"), N_("Range ring around the selected miniature (G)")),
    ToolSpec("ring_less", N_("Ring −"), N_("Smaller ring ([)")),
    ToolSpec("ring_more", N_("Ring +"), N_("Larger ring (])")),
    ToolSpec("rotate", N_("Turn"), N_("Turn the selected miniature 45° (R: 15°)")),
    ToolSpec("tray", N_("Tray"), N_("Add miniatures and tokens: drag one out or tap it; drop a piece on the tray to remove it")),
    ToolSpec("delete", N_("Delete"), N_("Take the selected piece off the table (Delete)")),
    ToolSpec("undo", N_("Undo"), N_("Undo the last move (Ctrl+Z)")),
    ToolSpec("save", N_("Save"), N_("Save the table (Ctrl+S)")),
    ToolSpec("load", N_("Load"), N_("Open a saved table (Ctrl+O)")),
    ToolSpec("fullscreen", N_("Full"), N_("Full screen (F11)")),
    ToolSpec("menu", N_("Menu"), N_("Resume, save and quit, help and every control, settings (Esc)")),
)


describe_load_error = describe_error  # the name the app's callers know


class DeadtableApp:
    """Owns the pygame window (or an off-screen one), the UI and the scene stack.

    ``DeadtableApp(board, state)`` opens the plain table; ``DeadtableApp()`` starts empty: then
    ``show`` a scene (``open_start`` shows the start screen)."""

    def __init__(self, board=None, state: TableState | None = None, size: tuple[int, int] = (1280, 800),
                 save_dir: Path = DEFAULT_SAVE_DIR, save_path: Path | None = None, watch_files: bool = True):
        pygame.init()
        pygame.display.set_caption("Deadtable")
        self.windowed_size = size
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.ui = pygame_gui.UIManager(size, str(THEME_PATH))
        self.save_dir = Path(save_dir)
        self.save_path = save_path
        self.scenes = SceneStack()
        self.table: TableScene | None = None
        self.toolbar: UIPanel | None = None
        self.toolbar_px = 0
        self.buttons: dict[str, UIButton] = {}
        self.dialog: UIFileDialog | None = None
        self.message: UIMessageWindow | None = None
        self._status_until = 0.0
        self._toast = ""
        self._toast_font: pygame.font.Font | None = None
        self._covered: dict[object, list] = {}  # overlay scene → the UI elements it hides
        self._last_top: object = None
        self.running = True
        self.watch_files = watch_files  # False: a test injects the changes (``watch.notify``)
        self.watch: filewatch.FileWatch | None = None  # the plain table's map, mission and module files
        self.cleaned_temps = clean_stale_temps(self.save_dir)  # what crashed saves left behind
        self.settings_path = self.save_dir / "settings.json"
        self.settings, self.settings_problem = load_settings(self.settings_path)
        if board is not None:
            self.open_table(board, state if state is not None else TableState(source=board.source), save_path)

    # --- what the window shows ------------------------------------------------------------------

    def open_table(self, board, state: TableState, save_path: Path | None = None) -> TableScene:
        """The plain table with its toolbar, replacing whatever was shown."""
        self._leave_all()
        pygame.display.set_caption("Deadtable — " + (board.title_in(i18n.language()) or Path(state.source).stem))
        self.save_path = save_path
        self.table = TableScene(board, state, window_size=self.screen.get_size())
        self._watch_board(board, state.source)
        self.scenes.push(self.table)
        self._layout(self.screen.get_size())
        if not (state.camera.center_x_cm or state.camera.center_y_cm):
            self.table.fit()
        return self.table

    def show(self, scene) -> None:
        """Replace every scene by ``scene`` (its ``layout`` builds its UI)."""
        if self._fresh_and_laid_out(scene):  # start-up: the scene's UI is the only UI, already at this size
            self.scenes.push(scene)
            return
        self._leave_all()
        self.scenes.push(scene)
        self._layout_scene(scene)

    def _fresh_and_laid_out(self, scene) -> bool:
        """An empty window (no scene, no table, no dialog) showing a scene that laid itself out at the
        window's size when it was built: clearing the UI and laying it out again would build the
        same widgets twice."""
        return (not self.scenes.scenes and self.table is None and self.dialog is None and self.message is None
                and self.watch is None
                and getattr(scene, "laid_out_size", None) == self.screen.get_size())

    def push(self, scene) -> None:
        """Put ``scene`` over the current ones (an overlay such as the end screen)."""
        self._cover_ui(scene)
        self.scenes.push(scene)
        self._layout_scene(scene)
        self._last_top = scene

    def _cover_ui(self, overlay) -> None:
        """An overlay hides the UI elements of the scenes under it: pygame_gui draws every element
        over every scene, so a log panel would cover the end screen."""
        self._covered[overlay] = self._hide_shown()

    def _hide_shown(self) -> list:
        root = self.ui.get_root_container()
        hidden = [element for element in list(getattr(root, "elements", ())) if element.visible]
        for element in hidden:
            element.hide()
        return hidden

    def _uncover_ui(self) -> None:
        for overlay in [o for o in self._covered if o not in self.scenes.scenes]:
            for element in self._covered.pop(overlay):
                if element.alive():
                    element.show()

    def pop(self, scene=None) -> None:
        """Take ``scene`` (default: the top one) off, killing its UI."""
        scene = scene if scene is not None else self.scenes.top
        if scene is None:
            return
        self.scenes.remove(scene)
        leave = getattr(scene, "leave", None)
        if leave is not None:
            leave()
        self._uncover_ui()
        self._last_top = self.scenes.top

    def _leave_all(self) -> None:
        if self.watch is not None:
            self.watch.stop()
            self.watch = None
        for scene in reversed(self.scenes.scenes):
            leave = getattr(scene, "leave", None)
            if leave is not None:
                leave()
        self.scenes.scenes.clear()
        self._covered.clear()
        self._last_top = None
        self.table = None
        self.toolbar = None
        self.toolbar_px = 0
        self.buttons.clear()
        self.ui.clear_and_reset()
        self.dialog = self.message = None

    def _layout_scene(self, scene) -> None:
        layout = getattr(scene, "layout", None)
        if layout is not None:
            layout(self.screen.get_size())

    def open_start(self, page: str = "home") -> None:
        """The start screen (``page``: home, games, load or help)."""
        from game.app.start_scene import StartScene

        pygame.display.set_caption("Deadtable")
        self.show(StartScene(self, page=page))

    def resume_game(self, save_path: Path) -> bool:
        """Resume a game save of any registered game, through that game's window hooks; a bad save
        says why and changes nothing."""
        try:
            info = envelope.read_info(save_path)
            hooks = registry.game(info.game, save_path).app_hooks()
        except (SaveFileError, ValueError) as error:
            self.show_message(_("Could not open the save"), describe_error(error))
            return False
        if not hooks.resume(self, Path(save_path)):
            return False
        self.tell_content_changes(Path(save_path))
        return True

    def tell_content_changes(self, save_path: Path) -> None:
        """A resumed game whose content files changed since it was saved (it replayed to the same
        position, or it would not have opened): the player is told which files."""
        try:
            changes = envelope.content_changes(save_path)
        except SaveFileError:
            return
        if changes:
            self.show_message(_("The game's content changed"), envelope.content_note(changes))

    def _watch_board(self, board, source: str) -> None:
        """Watch the files the table's board was built from: its mission or map and every module."""
        if self.watch is not None:
            self.watch.stop()
        from game.app.filewatch import FileWatch  # watchdog and its thread only for the plain table

        files = [Path(source).resolve(), *(file_of_shown(placed.module.path) for placed in board.modules)]
        self.watch = FileWatch(files, start=self.watch_files) if source else None

    def reload_board(self) -> bool:
        """The table's map, mission or a module was saved: rebuild the board under the pieces. A
        broken save shows its problems and the last good board stays."""
        table = self.table
        if table is None:
            return False
        try:
            board = load_board(table.state.source)
        except (MapFormatError, OSError) as error:
            problems = error.problems if isinstance(error, MapFormatError) else ()
            lines = [one_line(str(p)) for p in problems[:MAX_RELOAD_LINES]] or [describe_load_error(error)]
            if len(problems) > MAX_RELOAD_LINES:
                lines.append(f"(and {len(problems) - MAX_RELOAD_LINES} more: main.py --validate lists them all)")
            self.show_message(_("The saved board has problems"),
                              "\n".join(lines) + "\n\n" + _("The last good board stays on the table."))
            return False
        pieces, moved = carry_pieces(board, table.state.pieces)
        table.replace_board(board, pieces)
        self._watch_board(board, table.state.source)
        if moved:
            more = f"\n(and {len(moved) - MAX_RELOAD_LINES} more)" if len(moved) > MAX_RELOAD_LINES else ""
            self.show_message(_("Board reloaded: pieces moved"), "\n".join(map(str, moved[:MAX_RELOAD_LINES])) + more)
        else:
            self.status(_("Board reloaded"))
        return True

    def open_table_source(self, path: Path) -> bool:
        """A mission or map on the plain table, with the pieces it sets up."""
        from game.table.setup import TokenManifestError, default_pieces

        try:
            board = load_board(path)
        except (MapFormatError, OSError) as error:
            self.show_message(_("Could not open the table"), describe_load_error(error))
            return False
        state = TableState(source=str(Path(path).resolve()))
        try:
            for piece in default_pieces(board):
                state.add(piece)
        except (TokenManifestError, ValueError) as error:
            self.status(_("No miniatures set up: {reason}").format(reason=error))
        self.open_table(board, state)
        return True

    # --- settings ------------------------------------------------------------------------------

    def apply_settings(self) -> None:
        """Show the window as ``self.settings`` asks: language, full screen, and every open screen's
        speed and hand (each screen is laid out again, in the new language)."""
        wanted = self.settings.language or i18n.system_language()
        if wanted != i18n.language():
            try:
                i18n.set_language(wanted)
            except i18n.CatalogueError as error:
                self.show_message(_("Could not change the language"), error.what)
        if self.settings.fullscreen != bool(self.screen.get_flags() & pygame.FULLSCREEN):
            self._switch_fullscreen(self.settings.fullscreen)
        for scene in self.scenes.scenes:
            follow = getattr(scene, "apply_settings", None)
            if follow is not None:
                follow(self.settings)
        self._layout(self.screen.get_size())

    def change_settings(self, settings: Settings) -> None:
        """Keep ``settings`` (saved at once) and apply them; a folder that cannot be written is said."""
        self.settings = settings
        try:
            save_settings(settings, self.settings_path)
        except OSError as error:
            self.status(_("Could not save the settings: {reason}").format(reason=error.strerror or error))
        self.apply_settings()

    def open_menu(self, host=None) -> None:
        """The menu over ``host`` (default: the top screen); Esc and the Menu buttons open it."""
        from game.app.start_scene import StartScene
        from game.app.widgets.game_menu import open_menu

        host = host if host is not None else self.scenes.top
        open_menu(self, host, in_game=not isinstance(host, StartScene))

    # --- layout --------------------------------------------------------------------------------

    def _build_toolbar(self) -> None:
        self.ui.clear_and_reset()
        self.buttons.clear()
        w = self.screen.get_size()[0]
        pitch = BUTTON_PX + BUTTON_GAP_PX
        per_row = max(1, (w - 16) // pitch)
        rows = -(-len(TOOLS) // per_row)
        self.toolbar_px = TOOLBAR_PX + (rows - 1) * pitch
        self.toolbar = UIPanel(pygame.Rect(0, 0, w, self.toolbar_px), manager=self.ui, object_id="#toolbar")
        for index, tool in enumerate(TOOLS):
            x, y = 8 + (index % per_row) * pitch, 6 + (index // per_row) * pitch
            button = UIButton(pygame.Rect(x, y, BUTTON_PX, BUTTON_PX), _(tool.text), manager=self.ui,
                              container=self.toolbar, tool_tip_text=_(tool.tooltip),
                              object_id=pygame_gui.core.ObjectID(object_id=f"#{tool.key}", class_id="@tool_button"))
            self.buttons[tool.key] = button
        x = 8 + (len(TOOLS) - (rows - 1) * per_row) * pitch
        rest = max(0, w - x - 24)
        if rest < 160:  # no room beside the buttons: no title, the status goes over the table
            x, rest = w - 8, 0
        assert self.table is not None, "the toolbar belongs to the plain table"
        title = self.table.board.title_in(i18n.language()) or Path(self.table.state.source).stem
        top = self.toolbar_px - TOOLBAR_PX
        self.title_label = UILabel(pygame.Rect(x + 8, top + 2, rest, 26), title if rest else "", manager=self.ui,
                                   container=self.toolbar, object_id="#title")
        self.mode_label = UILabel(pygame.Rect(x + 8, top + 28, rest, 24), "", manager=self.ui,
                                  container=self.toolbar, object_id="#mode")
        self.status_label = UILabel(pygame.Rect(x + 8, top + 52, rest, 24), "", manager=self.ui,
                                    container=self.toolbar, object_id="#status")
        self._refresh_toggles()

    def _layout(self, size: tuple[int, int]) -> None:
        self.ui.set_window_resolution(size)
        scenes = self.scenes.scenes
        if self.table is not None:
            self._build_toolbar()
            self.table.tray_side = "left" if self.settings.handedness == "left" else "right"
            self.table.set_viewport(0, self.toolbar_px, size[0], max(1, size[1] - self.toolbar_px), size)
            scenes = [scene for scene in scenes if scene is not self.table]
        for scene in scenes:
            if scene in self._covered:  # an overlay laid out again still hides what lies under it
                self._covered[scene] = [e for e in self._covered[scene] if e.alive()] + self._hide_shown()
            self._layout_scene(scene)

    def _refresh_toggles(self) -> None:
        if self.table is None:
            return
        for key, on in (("tape", self.table.tool == "tape"), ("ring", self.table.ring_cm is not None),
                        ("tray", self.table.tray_open),
                        ("fullscreen", bool(self.screen.get_flags() & pygame.FULLSCREEN))):
            button = self.buttons.get(key)
            if button is not None:
                if on and not button.is_selected:
                    button.select()
                elif not on and button.is_selected:
                    button.unselect()

    def mode_text(self) -> str:
        """What the pointer does now and what is switched on, in a few words."""
        t = self.table
        if t is None:
            return ""
        parts = [_("Tape on") if t.tool == "tape" else _("Move")]
        if t.ring_cm is not None:
            parts.append(_("Ring {cm} cm").format(cm=f"{t.ring_cm:g}"))
        if t.tray_open:
            parts.append(_("Tray open"))
        piece = t.state.pieces.get(t.selected or "")
        if piece is not None:
            parts.append(_("Selected: {piece}").format(piece=piece.label or piece.id))
        return " · ".join(parts)

    def _refresh_mode(self) -> None:
        if self.table is None:
            return
        if self.mode_label.rect.width:
            text = self.mode_text()
            if self.mode_label.text != text:
                self.mode_label.set_text(text)
        ring = self.buttons.get("ring")
        ring_text = _("Ring") if self.table.ring_cm is None else _("Ring {cm}").format(cm=f"{self.table.ring_cm:g}")
        if ring is not None and ring.text != ring_text:
            ring.set_text(ring_text)

    def status(self, text: str) -> None:
        """A short note: in the toolbar on the plain table, else a toast at the bottom of the window."""
        self._status_until = time.monotonic() + STATUS_SECONDS
        if self.table is None:
            self._toast = text
            return
        if not self.status_label.rect.width:
            pygame.display.set_caption(f"Deadtable — {text}")
        self.status_label.set_text(text)

    def _draw_toast(self) -> None:
        if not self._toast:
            return
        if self._toast_font is None:
            self._toast_font = pygame.font.Font(None, 30)
        text = self._toast_font.render(self._toast, True, (240, 232, 214))
        w, h = self.screen.get_size()
        box = text.get_rect().inflate(36, 20)
        box.midbottom = (w // 2, h - 24)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (20, 22, 26, 225), shade.get_rect(), border_radius=12)
        pygame.draw.rect(shade, (212, 154, 46, 255), shade.get_rect(), width=2, border_radius=12)
        self.screen.blit(shade, box)
        self.screen.blit(text, text.get_rect(center=box.center))

    # --- actions -------------------------------------------------------------------------------

    def actions(self) -> dict[str, Callable[[], object]]:
        t = self.table
        assert t is not None, "the toolbar belongs to the plain table"
        return {
            "fit": t.fit,
            "zoom_in": lambda: t.zoom_by(1.15),
            "zoom_out": lambda: t.zoom_by(1 / 1.15),
            "tape": t.toggle_tape,
            "ring": t.toggle_ring,
            "ring_less": lambda: t.change_ring(-1.0),
            "ring_more": lambda: t.change_ring(1.0),
            "rotate": self.rotate,
            "tray": t.toggle_tray,
            "delete": lambda: self._or_say(t.delete_selected(), _("Select a piece first")),
            "undo": lambda: self._or_say(t.undo(), _("Nothing to undo")),
            "save": self.save,
            "load": self.open_load_dialog,
            "fullscreen": self.toggle_fullscreen,
            "menu": lambda: self.open_menu(t),
        }

    def _or_say(self, done: bool, why_not: str) -> None:
        if not done:
            self.status(why_not)

    def rotate(self) -> None:
        if self.table is None:
            return
        if self.table.selected is None:
            self.status(_("Select a miniature first"))
        elif not self.table.rotate_selected(45.0):
            self.status(_("Miniatures have no facing on a zone board"))

    def default_save_path(self) -> Path:
        assert self.table is not None
        return self.save_path or self.save_dir / f"{Path(self.table.state.source).stem or 'table'}.json"

    def save(self, path: Path | None = None, quiet: bool = False) -> bool:
        """Save the plain table; app scenes save themselves (Ctrl+S reaches them as a key)."""
        if self.table is None:
            return False
        target = path or self.default_save_path()
        self.table.sync_camera_to_state()
        try:
            written = save_table(target, self.table.state)
        except SaveError as error:
            if quiet:  # the window is closing: the terminal is the one place left to say it
                print(f"deadtable: {describe_error(error)}", file=sys.stderr)
            else:
                self.show_message(_("Could not save"), describe_error(error))
            return False
        if not quiet:
            self.save_path = written
            self.status(_("Saved to {file}").format(file=written.name))
        return True

    def open_load_dialog(self) -> None:
        """Load (Ctrl+O): the file picker in the saves folder."""
        from game.app.file_open import open_file_dialog

        open_file_dialog(self, Path(self.save_dir), _("Open a save"))

    def open_file_dialog(self) -> None:
        """"Open a file…": a map, mission or save, as if dropped on the window."""
        from game.app.file_open import open_file_dialog

        open_file_dialog(self)

    def open_file(self, path: str | Path) -> bool:
        """A dropped or picked file: a save resumes, a mission or table opens its game's set-up,
        another map the free table (``game.app.file_open``)."""
        from game.app.file_open import open_file

        return open_file(self, path)

    def load(self, path: str | Path) -> bool:
        """Open a save: a game save resumes the game, a table save replaces the table; a bad save
        changes nothing and says why."""
        if envelope.claims_game_file(path):
            return self.resume_game(Path(path))
        try:
            board, state = open_table(path)
        except (SaveError, MapFormatError, OSError) as error:
            self.show_message(_("Could not open the save"), describe_load_error(error))
            return False
        self.open_table(board, state, Path(path))
        self.status(_("Opened {file}").format(file=Path(path).name))
        return True

    def show_message(self, title: str, text: str) -> None:
        w, h = self.screen.get_size()
        rect = pygame.Rect(0, 0, max(MESSAGE_MIN_PX[0], min(560, w - 40)), max(MESSAGE_MIN_PX[1], min(300, h - 40)))
        rect.center = (w // 2, h // 2)
        safe = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        self.message = UIMessageWindow(rect, safe, self.ui, window_title=title)

    def table_help_html(self) -> str:
        """The free table's controls, in the player's language (the menu's help page shows them)."""
        return _(HELP_HTML)

    def show_help(self) -> None:
        w, h = self.screen.get_size()
        rect = pygame.Rect(0, 0, max(MESSAGE_MIN_PX[0], min(720, w - 40)), max(MESSAGE_MIN_PX[1], min(480, h - 40)))
        rect.center = (w // 2, h // 2)
        self.message = UIMessageWindow(rect, _(HELP_HTML), self.ui, window_title=_("Controls"))

    def toggle_fullscreen(self) -> None:
        """F11 and the Full button: switch, and keep the choice in the settings."""
        self.change_settings(self.settings.model_copy(
            update={"fullscreen": not self.screen.get_flags() & pygame.FULLSCREEN}))

    def _switch_fullscreen(self, on: bool) -> None:
        if not on:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        else:
            self.windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self._layout(self.screen.get_size())

    # --- events --------------------------------------------------------------------------------

    def _modal_open(self) -> bool:
        return any(w is not None and w.alive() for w in (self.dialog, self.message))

    def _over_ui(self, pos: tuple[float, float]) -> bool:
        if self.toolbar is not None and self.toolbar.rect.collidepoint(pos):
            return True
        windows = getattr(self.ui.get_window_stack(), "stack", ())
        return any(window.rect.collidepoint(pos) for window in windows)

    def over_ui(self, pos: tuple[float, float]) -> bool:
        """True when ``pos`` lies on a visible pygame_gui element (toolbar, panel, button, window)."""
        if self._over_ui(pos):
            return True
        root = self.ui.get_root_container()
        for element in getattr(root, "elements", ()):
            if element.visible and element.rect.collidepoint(pos):
                return True
        return False

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.screen.get_flags() & pygame.FULLSCREEN:
            self.screen = pygame.display.get_surface() or self.screen
            self._layout(self.screen.get_size())
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.DROPFILE:
            self.open_file(event.file)
            return
        if self.table is None:
            self._handle_scene_event(event)
            return
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & pygame.KMOD_CTRL
            if ctrl and event.key == pygame.K_s:
                self.save()
                return
            if ctrl and event.key == pygame.K_o:
                self.open_load_dialog()
                return
        if self.ui.process_events(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.buttons.items():
                if event.ui_element is button:
                    self.actions()[key]()
                    return
            self.scenes.handle_event(event)  # an overlay's own buttons (the menu)
            return
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.dialog = None
            self.open_file(event.text)
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE:
            if event.ui_element is self.dialog:
                self.dialog = None
            if event.ui_element is self.message:
                self.message = None
            return
        if self._modal_open() and event.type != pygame.KEYDOWN:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.FINGERUP):
                self.scenes.handle_event(event)  # a press that began on the table still ends
            return
        pressed_on_ui = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL) and self._over_ui(
            pygame.mouse.get_pos() if event.type == pygame.MOUSEWHEEL else event.pos)
        if pressed_on_ui:
            return
        if event.type == pygame.FINGERDOWN:
            w, h = self.screen.get_size()
            if self._over_ui((event.x * w, event.y * h)):
                return
        self._offer_to_scenes(event)

    def _offer_to_scenes(self, event: pygame.event.Event) -> None:
        """Down the stack; an Esc that no screen used opens the menu (its way out)."""
        if not self.scenes.handle_event(event) and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE \
                and self.scenes.top is not None and not self._modal_open():
            self.open_menu()

    def _handle_scene_event(self, event: pygame.event.Event) -> None:
        """App scenes: pygame_gui first; pointers over its elements stop there; the rest goes down the stack."""
        if self.ui.process_events(event):
            return
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.dialog = None
            self.open_file(event.text)
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE:
            if event.ui_element is self.dialog:
                self.dialog = None
            if event.ui_element is self.message:
                self.message = None
        if self._modal_open() and event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.MOUSEWHEEL,
                                                 pygame.MOUSEMOTION, pygame.FINGERMOTION):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.over_ui(event.pos):
            return
        if event.type == pygame.FINGERDOWN:
            w, h = self.screen.get_size()
            if self.over_ui((event.x * w, event.y * h)):
                return
        self._offer_to_scenes(event)

    # --- frames --------------------------------------------------------------------------------

    def frame(self, dt_s: float, events: list[pygame.event.Event] | None = None) -> None:
        for event in events if events is not None else pygame.event.get():
            self.handle_event(event)
        if self.watch is not None and self.table is not None and self.watch.take_changed():
            self.reload_board()
        self._follow_overlays()
        self.scenes.update(dt_s)
        self.ui.update(dt_s)
        if self._status_until and time.monotonic() > self._status_until and self.table is not None:
            self.status_label.set_text("")
            self._status_until = 0.0
        self._refresh_toggles()
        self._refresh_mode()
        self.draw()

    def _follow_overlays(self) -> None:
        """Scenes pushed or removed on the stack directly (a game showing its end screen) cover and
        uncover the UI as ``push`` and ``pop`` do."""
        self._uncover_ui()
        top = self.scenes.top
        if top is not self._last_top and top not in self._covered and self._last_top in self.scenes.scenes:
            self._cover_ui(top)
        self._last_top = top

    def draw(self) -> None:
        if not self.scenes.scenes:
            self.screen.fill((20, 22, 26))
        self.scenes.draw(self.screen)
        self.ui.draw_ui(self.screen)
        self.scenes.draw_above_ui(self.screen)
        if self._toast:
            if time.monotonic() > self._status_until:
                self._toast = ""
            self._draw_toast()

    def run(self, after_first_frame: Callable[[], None] | None = None) -> None:
        """Frames until the window closes; ``after_first_frame`` is called once the first is shown."""
        clock = pygame.time.Clock()
        pygame.key.set_repeat(300, 40)
        while self.running:
            dt_s = clock.tick(FRAME_RATE) / 1000
            self.frame(min(dt_s, 0.1))
            pygame.display.flip()
            if after_first_frame is not None:
                after_first_frame()
                after_first_frame = None
        self.quit_scenes()

    def quit_scenes(self) -> None:
        """The window closes: the plain table is autosaved, app scenes autosave themselves."""
        if self.table is not None:
            self.save(self.save_dir / AUTOSAVE_NAME, quiet=True)
        for scene in list(self.scenes.scenes):
            on_quit = getattr(scene, "on_quit", None) or getattr(scene, "autosave", None)
            if on_quit is not None:
                on_quit()

    def screenshot(self, out: str | Path, max_frames: int = 60) -> None:
        """Render until the board is sharp, then write the picture."""
        for _frame in range(max_frames):
            self.frame(1 / FRAME_RATE, events=[])
            if self.ready():
                break
        pygame.image.save(self.screen, str(out))

    def ready(self) -> bool:
        """Every scene is drawn in full (boards sharp, nothing waiting)."""
        for scene in self.scenes.scenes:
            renderer = getattr(scene, "renderer", None)
            if renderer is not None and not getattr(renderer, "complete", True):
                return False
            if not getattr(scene, "ready", True):
                return False
        return True
