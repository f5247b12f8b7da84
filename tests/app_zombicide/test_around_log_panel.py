"""The log panel: lines appear, follow the end, stay put when scrolled back; mouse and finger scroll it."""

import pygame
import pygame_gui
import pytest
from waiting import frames_until

from game.app.widgets.log_panel import LINE_PX, MAX_LINES, WHEEL_ROWS, LogPanel
from game.app.zombicide.event_text import log_lines
from game.rules.zombicide import commands as ev

SIZE = (900, 700)


@pytest.fixture
def ui():
    pygame.init()
    screen = pygame.display.set_mode(SIZE)
    manager = pygame_gui.UIManager(SIZE)
    return manager, screen


def update_until(manager, condition, what, limit=300):
    """Manager updates until ``condition()`` holds, within a generous bound; one that never holds fails."""
    frames_until(lambda: manager.update(0.02), condition, what, limit)


def finger(kind, x_px, y_px, finger_id=1, dy_px=0.0):
    return pygame.event.Event(kind, touch_id=1, finger_id=finger_id, x=x_px / SIZE[0], y=y_px / SIZE[1],
                              dx=0.0, dy=dy_px / SIZE[1], pressure=1.0)


def test_lines_follow_the_end_until_the_player_scrolls_back(ui):
    manager, _ = ui
    log = LogPanel(manager, pygame.Rect(500, 50, 380, 300))
    log.add_lines(f"line {n}" for n in range(3))
    assert log.at_end and log.scrolled_back_px == 0
    log.add_lines(f"line {n}" for n in range(3, 80))
    assert len(log.lines) == 80 and log.at_end
    log.scroll_by(8)
    back = log.scrolled_back_px
    assert back > 100 and not log.at_end
    log.add_lines(["a new line"])
    assert not log.at_end and log.scrolled_back_px > back  # the view did not jump to the end
    log.scroll_to_end()
    assert log.at_end


def test_buttons_scroll_back_and_to_the_latest_line(ui):
    manager, _ = ui
    log = LogPanel(manager, pygame.Rect(500, 50, 380, 300))
    log.add_lines(f"line {n}" for n in range(60))
    assert log.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=log.up_button))
    assert log.scrolled_back_px > 100
    assert log.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=log.down_button))
    assert log.at_end


def test_a_finger_drag_scrolls_back_and_a_mouse_wheel_too(ui):
    manager, _ = ui
    log = LogPanel(manager, pygame.Rect(500, 50, 380, 300))
    log.add_lines(f"line {n}" for n in range(60))
    x, y = log.text_view.rect.center
    assert log.handle_event(finger(pygame.FINGERDOWN, x, y))
    assert log.handle_event(finger(pygame.FINGERMOTION, x, y + 150, dy_px=150))
    assert log.handle_event(finger(pygame.FINGERUP, x, y + 150))
    assert log.scrolled_back_px == pytest.approx(150, abs=2)
    assert not log.handle_event(finger(pygame.FINGERDOWN, 10, 10))  # not over the log
    log.scroll_to_end()
    pygame.mouse.set_pos((x, y))
    update_until(manager, lambda: log.text_view.hovered, "the text box knows the mouse is over it")
    manager.process_events(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                              precise_y=1.0, touch=False, which=0))
    # one notch scrolls a useful step: WHEEL_ROWS lines (pygame_gui eases the bar there over a few frames)
    update_until(manager, lambda: log.scrolled_back_px >= (WHEEL_ROWS - 0.5) * LINE_PX,
                 "one notch of the wheel scrolls the log back by a few lines")
    log.add_lines(f"more {n}" for n in range(40))  # the text box makes its scroll bar anew as it grows
    log.scroll_to_end()
    update_until(manager, lambda: log.at_end, "the log follows its end again")
    manager.process_events(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                              precise_y=1.0, touch=False, which=0))
    update_until(manager, lambda: log.scrolled_back_px >= (WHEEL_ROWS - 0.5) * LINE_PX,
                 "the wheel keeps its step after the log grew")


def test_the_log_keeps_the_last_lines_and_colours_them(ui):
    manager, screen = ui
    log = LogPanel(manager, pygame.Rect(500, 50, 380, 300))
    log.add_lines(f"old {n}" for n in range(MAX_LINES + 50))
    assert len(log.lines) == MAX_LINES and log.lines[0][0] == "old 50"
    assert log.visible_lines()[-1] == f"old {MAX_LINES + 49}"
    lines = log_lines([ev.ZombieAttacked("z", "skinner_walker", 1), ev.GameEnded("won"), ev.DiceRolled("spawn", (3,))])
    assert [tone for _, tone in lines] == ["danger", "good", "dice"]
    log.add_lines(lines + ["<b>not html</b> & more"])
    assert log.lines[-1] == ("<b>not html</b> & more", "plain")

    def drawn() -> bool:
        screen.fill((0, 0, 0))
        manager.draw_ui(screen)
        return screen.get_at(log.rect.center)[:3] != (0, 0, 0)

    update_until(manager, drawn, "the panel is drawn")


def test_a_resized_log_keeps_its_lines(ui):
    manager, _ = ui
    log = LogPanel(manager, pygame.Rect(500, 50, 380, 300))
    log.add_lines(["one", "two"])
    log.set_rect(pygame.Rect(20, 20, 300, 400))
    assert log.rect.topleft == (20, 20) and log.rect.size == (300, 400)
    assert [text for text, _ in log.lines] == ["one", "two"]
    log.kill()
    assert not log.panel.alive()


def test_a_long_log_scrolls_back_to_its_first_line_and_renders_only_what_is_in_view(ui):
    manager, _ = ui
    log = LogPanel(manager, pygame.Rect(500, 50, 380, 300))
    rendered: list[str] = []
    font = log._font

    class CountingFont:
        size = staticmethod(font.size)

        @staticmethod
        def render(text, *args):  # type: ignore[no-untyped-def]
            rendered.append(text)
            return font.render(text, *args)

    log._font = CountingFont()  # type: ignore[assignment]
    for n in range(100):  # a long game: a few lines per action
        log.add_lines([f"action {n} line {k}" for k in range(5)])
        assert log.at_end and log.visible_lines()[-1] == f"action {n} line 4"
    assert len(log.lines) == 500 and "action 0 line 0" not in log.visible_lines()
    assert sorted(rendered) == sorted(text for text, _ in log.lines)  # each row rendered once, as it came in
    back = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=log.up_button)
    for _ in range(200):  # Back scrolls up a page at a time, to the first line
        if log.offset_px <= 0.0:
            break
        assert log.handle_event(back)
    assert log.visible_lines()[0] == "action 0 line 0"
    assert "action 99 line 4" not in log.visible_lines()
    log.add_lines(["the newest line"])  # read back: the view stays put
    assert log.visible_lines()[0] == "action 0 line 0" and not log.at_end
    log.scroll_to_end()
    log.add_lines(["the very newest line"])
    assert log.at_end and log.visible_lines()[-1] == "the very newest line"


def test_a_long_line_wraps_and_the_bar_drags_the_view(ui):
    manager, _ = ui
    log = LogPanel(manager, pygame.Rect(500, 50, 300, 300))
    long_line = " ".join(f"word{n}" for n in range(60))
    log.add_lines([long_line] + [f"line {n}" for n in range(40)])
    assert len(log.rows) > 41  # the long line takes several rows
    assert " ".join(text for text, _ in log.rows[: len(log.rows) - 40]) == long_line
    bar = log.text_view.bar_rect()
    manager.process_events(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(bar.centerx, bar.top + 1)))
    assert log.offset_px == 0.0 and log.visible_lines()[0].startswith("word0")
    manager.process_events(pygame.event.Event(pygame.MOUSEMOTION, pos=(bar.centerx, bar.bottom - 1), rel=(0, 1),
                                              buttons=(1, 0, 0), touch=False))
    manager.process_events(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(bar.centerx, bar.bottom - 1)))
    assert log.at_end and log.visible_lines()[-1] == "line 39"
