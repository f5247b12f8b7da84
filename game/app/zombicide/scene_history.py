"""The game scene's history: undo and redo, the log told again, the step-by-step replay, saves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.app.zombicide.controller import GameController
from game.app.zombicide.game_save import GameSaveError, autosave_path, save_game
from game.app.zombicide.replay import ReplayPlayer
from game.app.zombicide.scene_fields import SceneFields
from game.app.zombicide.view_model import door_states
from game.i18n import _, language


class SceneHistory(SceneFields):
    """Undo, redo, replay and saving, for ``GameScene``."""

    def rebuild_log(self) -> None:
        """The log told again from the session: the mission's start, then every command in effect."""
        c = self.controller
        lines: list[Any] = [(_("Mission: {title}").format(title=self.board.title_in(language()) or self.mission_path.stem), "phase")]
        self.log_marks = {0: len(lines)}
        for done, (state, events) in enumerate(c.history() if c.can_undo() else [], start=1):
            lines += self.log.event_lines(events, state, self.board)
            self.log_marks[done] = len(lines)
        self.log.set_lines(lines)

    def follow_undo(self) -> None:
        """The log loses the lines of the commands no longer in effect."""
        done = len(self.controller.session.log)
        if done not in self.log_marks:
            self.rebuild_log()
            return
        self.log.set_lines(self.log.lines[: self.log_marks[done]])

    @property
    def replaying(self) -> bool:
        return self.replay is not None

    @property
    def live_controller(self) -> GameController:
        """The game itself (while a replay runs, ``controller`` is the replay's)."""
        return self.replay.live if self.replay is not None else self.controller

    def undo(self) -> bool:
        if self.replay is not None:
            return self.step_back()
        self.director.skip()
        if not self.controller.undo():
            self.status(_("Nothing to undo"))
            return False
        self.dialog = None
        self.follow_undo()
        self.sync_pieces()
        self.refresh_buttons()
        self.status("Undone")
        return True

    def redo(self) -> bool:
        if self.replay is not None:
            return self.step_replay()
        return self._redo()

    def _redo(self) -> bool:
        before, doors = self.controller.state, door_states(self.controller.state)
        upcoming = self.controller.next_command()
        hit_on = self.hit_on(upcoming) if upcoming is not None else None
        outcome = self.controller.redo()
        if not outcome.ok:
            self.status(_("Nothing to redo"))
            return False
        self.after(outcome, before, doors, hit_on)
        return True

    def enter_replay(self) -> ReplayPlayer:
        """Play the game again from the mission start, on a copy: the live game stays as it is."""
        self.director.skip()
        self.dialog = None
        self.override, self.override_zone = False, None
        self.replay = ReplayPlayer.start(self.controller, self.log.lines)
        self.controller = self.replay.controller
        self.log.set_lines([(_("Replay from the start: {n} moves").format(n=self.replay.steps), "phase")])
        self.sync_pieces()
        self.refresh_buttons()
        self.status(_("Replay: {n} moves. Play, or step through them").format(n=self.replay.steps))
        return self.replay

    def exit_replay(self) -> None:
        """Back to the live game, exactly where it was."""
        replay = self.replay
        if replay is None:
            return
        self.director.skip()
        self.dialog = None
        self.controller = replay.live
        self.replay = None
        self.log.set_lines(replay.live_log)
        self.sync_pieces()
        self.refresh_buttons()
        self.status(_("Back to the game"))

    def press_replay(self, key: str) -> None:
        replay = self.replay
        if replay is None:
            return
        if key == "play":
            if replay.at_end() and not replay.playing:
                self.status(_("End of the replay: Step back, or Exit replay"))
            replay.toggle()
        elif key == "step":
            replay.playing = False
            self.step_replay()
        elif key == "back":
            replay.playing = False
            self.step_back()
        elif key == "exit":
            self.exit_replay()

    def step_replay(self) -> bool:
        """One move of the replay forward, animated."""
        replay = self.replay
        if replay is None or replay.at_end():
            if replay is not None:
                replay.playing = False
                self.status(_("End of the replay"))
            self.refresh_buttons()
            return False
        self.director.skip()
        lines = len(self.log.lines)
        done = self._redo()
        replay.step_lines.append(len(self.log.lines) - lines)
        self.refresh_buttons()
        return done

    def step_back(self) -> bool:
        """One move of the replay back; its log lines go too."""
        replay = self.replay
        if replay is None or replay.at_start():
            self.status(_("At the start of the replay"))
            return False
        self.director.skip()
        self.controller.undo()
        added = replay.step_lines.pop() if replay.step_lines else 0
        if added:
            self.log.set_lines(self.log.lines[:-added])
        self.sync_pieces()
        self.refresh_buttons()
        return True

    def save(self, path: Path | None = None, quiet: bool = False) -> Path | None:
        target = path or self.save_path or Path(getattr(self.app, "save_dir", Path("saves"))) / (
            f"zombicide-{self.mission_path.stem}.json")
        try:
            extra: dict[str, Any] = {"speed": self.director.speed_index, "bot_seats": sorted(self.bot_seats)}
            if self.tutorial is not None:  # the step it is on: a resumed tutorial goes on from there
                extra["tutorial"] = self.tutorial.guide.progress()
            written = save_game(target, self.live_controller.session, extra)
        except GameSaveError as error:  # a save that fails never ends the game
            self.status(_("Could not save: {what}").format(what=error.what))
            return None
        if not quiet:
            self.save_path = written
            self.status(_("Saved to {file}").format(file=written.name))
        return written

    def autosave(self) -> Path | None:
        return self.save(autosave_path(Path(getattr(self.app, "save_dir", Path("saves")))), quiet=True)
