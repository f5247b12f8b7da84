"""What a screen shows must fit: no widget overlaps another, none leaves the window.

Screens list what they draw by hand through ``shown_rects()`` (a list of ``(name, rect)``: bar
buttons, panels' text lines, dice pop-ups); pygame_gui elements are read from the UI manager. A
test lays a scene out at a window size and asserts ``layout_problems(...) == []``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pygame
import pygame_gui

NamedRect = tuple[str, pygame.Rect]
# pygame_gui elements that hold others: their children lie inside them by design
CONTAINER_TYPES = ("UIPanel", "UIWindow", "UIScrollingContainer", "UIContainer", "UIMessageWindow",
                   "UIFileDialog", "UISelectionList", "UIDropDownMenu", "UITextBox", "UIVerticalScrollBar",
                   "UIHorizontalScrollBar", "UIImage")


def ui_rects(manager: pygame_gui.UIManager) -> list[NamedRect]:
    """The visible leaf widgets of ``manager`` (buttons, labels, entries), by their text."""
    shown: list[NamedRect] = []
    for element in manager.get_sprite_group().sprites():
        if type(element).__name__ in CONTAINER_TYPES or not getattr(element, "visible", True):
            continue
        if type(element).__name__ == "UIButton" and _inside_container_of_type(element, ("UIWindow", "UISelectionList",
                                                                                   "UIDropDownMenu", "UIVerticalScrollBar",
                                                                                   "UIHorizontalScrollBar")):
            continue  # window close buttons, list rows and scroll arrows are laid out by pygame_gui
        if type(element).__name__ not in ("UIButton", "UILabel", "UITextEntryLine"):
            continue
        text = getattr(element, "text", "") or type(element).__name__
        rect = _clipped(element)
        if rect.width > 0 and rect.height > 0:  # rows scrolled out of a list's view are not shown
            shown.append((f"{type(element).__name__} {text!r}", rect))
    return shown


def _clipped(element: Any) -> pygame.Rect:
    """The part of ``element`` its containers let show (a scrolling list clips its rows)."""
    rect = pygame.Rect(element.rect)
    container = getattr(element, "ui_container", None)
    for _depth in range(32):
        if container is None:
            break
        rect = rect.clip(container.get_rect())
        parent = getattr(container, "ui_container", None)
        if parent is container:
            break
        container = parent
    return rect


def _inside_container_of_type(element: object, names: Sequence[str]) -> bool:
    """Whether ``element`` lies in a container that belongs to a widget of one of ``names``."""
    container = getattr(element, "ui_container", None)
    for _depth in range(32):  # containers nest a few levels deep at most
        if container is None:
            return False
        owner = getattr(container, "parent_element", None)
        if owner is not None and type(owner).__name__ in names:
            return True
        parent = getattr(container, "ui_container", None)
        if parent is container:
            return False
        container = parent
    return False


def layout_problems(rects: Iterable[NamedRect], window_size: tuple[int, int]) -> list[str]:
    """One line per widget outside the window and per pair of widgets that overlap."""
    window = pygame.Rect((0, 0), window_size)
    listed = [(name, rect) for name, rect in rects if rect.width > 0 and rect.height > 0]
    problems = [f"{name} {tuple(rect)} leaves the {window_size} window"
                for name, rect in listed if not window.contains(rect)]
    for index, (name, rect) in enumerate(listed):
        for other_name, other in listed[index + 1:]:
            if rect.colliderect(other):
                problems.append(f"{name} {tuple(rect)} overlaps {other_name} {tuple(other)}")
    return problems


def screen_problems(app: Any, scene: Any, what: str) -> list[str]:
    """What overlaps or leaves the window on ``scene``: its pygame_gui widgets and what it draws by
    hand (``shown_rects``, when it has any), each line headed by ``what``."""
    shown = ui_rects(app.ui) + (scene.shown_rects() if hasattr(scene, "shown_rects") else [])
    assert shown, f"{what}: nothing listed, the check would prove nothing"
    return [f"{what}: {line}" for line in layout_problems(shown, app.screen.get_size())]


def dialog_problems(dialog: Any, window_size: tuple[int, int], what: str) -> list[str]:
    """What is wrong with a hand-drawn question (``ChoiceDialog``): an option left without its
    button, a button outside the dialog, buttons overlapping, the dialog leaving the window."""
    keys = {button.key for button in dialog.buttons.buttons}
    problems = [f"{what}: option {n} {option!r} has no button" for n, option in enumerate(dialog.options)
                if str(n) not in keys]
    problems += [f"{what}: button {button.label!r} {tuple(button.rect)} leaves the dialog {tuple(dialog.rect)}"
                 for button in dialog.buttons.buttons if not dialog.rect.contains(button.rect)]
    shown = [(f"dialog {what!r}", pygame.Rect(dialog.rect))]
    problems += [f"{what}: {line}" for line in layout_problems(shown, window_size)]
    buttons = [(f"button {button.label!r}", pygame.Rect(button.rect)) for button in dialog.buttons.buttons]
    return problems + [f"{what}: {line}" for line in layout_problems(buttons, window_size)]


class CutWords:
    """Every text drawn cut with an ellipsis while it is open (``fit_text`` and buttons' names go
    through ``dialogs.fitted``): ``with CutWords(monkeypatch) as cut: …; assert cut.texts == []``."""

    def __init__(self, monkeypatch: Any):
        from game.app.widgets import dialogs

        self.texts: list[str] = []
        whole = dialogs.fitted

        def fitted(text: str, size_px: int, width_px: int) -> tuple[str, int]:
            words, size = whole(text, size_px, width_px)
            if words != text and text not in self.texts:
                self.texts.append(text)
            return words, size

        monkeypatch.setattr(dialogs, "fitted", fitted)

    def take(self, what: str) -> list[str]:
        """The texts cut since the last call, each headed by ``what``."""
        taken, self.texts = self.texts, []
        return [f"{what}: cut {text!r}" for text in taken]
