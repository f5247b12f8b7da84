"""What the game scene draws: the table with its highlighted targets, zone names and exits, the goals
box, the bars and panels around the table (redrawn only when they change)."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache
from typing import Any

import pygame

from game.app.render import TableView, font, text_with_halo
from game.app.widgets.chrome import bar_signature
from game.app.widgets.dialogs import ACCENT, MUTED, PANEL_EDGE, TEXT, fit_text, wrap
from game.app.widgets.tutorial_prompt import draw_pointer
from game.app.zombicide.controller import odds_summary
from game.app.zombicide.director import draw_banner, mission_words
from game.app.zombicide.scene_fields import SceneFields
from game.app.zombicide.view_model import danger_colour, survivor_card
from game.board.model import Board, MarkerKind
from game.i18n import N_, _, language
from game.rules.zombicide import engine
from game.table.arrange import marker_size_cm

TOP_BAR_PX = 72
SPAWN_TAG_FILL = (150, 40, 36)
SPAWN_TAG_TEXT = (255, 240, 230)
ROSTER_CHIP_PX = 52
MOVE_TINT = (90, 220, 120)
SHOT_TINT = (245, 140, 50)
DOOR_TINT = (255, 214, 90)
ZONE_TINT = (120, 200, 255)
EXIT_TINT = (110, 235, 255)
STATUS_SIZE_PX = 18  # the status words at the foot of the table
STATUS_COLOUR = (255, 226, 160)


class SceneDrawing(SceneFields):
    """Drawing, for ``GameScene``."""

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        area = self.table_rect()
        animating = self.director.busy
        if animating:
            pieces, scale, doors = self.director.frame()
            table.renderer.draw(surface, table.camera, pieces, TableView(door_open=doors, piece_scale=scale))
        else:
            table.draw(surface)
        old = surface.get_clip()
        surface.set_clip(area)
        self.box_marks.draw_edge_tokens(surface)
        self.draw_exits(surface)
        self.draw_taken_objectives(surface)
        self.draw_spawn_numbers(surface)
        if not animating and not self.gestures.draw_aim(surface):  # a piece aimed: its targets instead
            self.draw_highlights(surface)
        self.draw_tutorial_pointer(surface)  # under the zones' names: its ring never cuts a name
        self.draw_zone_labels(surface)
        self.box_marks.draw_threats(surface)
        self.box_marks.draw(surface)
        self.gestures.draw_aim_odds(surface)
        if not animating:
            self.gestures.draw_pointed(surface)
            self.card_actions.draw(surface)
        if animating:
            self.director.draw_overlay(surface, table.camera, self.open_table_rect(area))
        elif (result := self.controller.outcome()) is not None:
            draw_banner(surface, self.open_table_rect(area), mission_words(result), 0.5)
        surface.set_clip(old)
        chrome = self.chrome()
        w, h = self.window_size
        for rect in (pygame.Rect(0, 0, w, area.top), pygame.Rect(0, area.top, area.left, h - area.top),
                     pygame.Rect(area.right, area.top, w - area.right, h - area.top),
                     pygame.Rect(area.left, area.bottom, area.width, h - area.bottom)):
            surface.blit(chrome, rect, rect)
        if self.status_text:
            self.draw_status(surface, area)
        self.card_panel.draw_ghost(surface)

    def draw_status(self, surface: pygame.Surface, area: pygame.Rect) -> pygame.Rect:
        """The status words at the foot of the table, in as many lines as its width needs (a long
        hint, or the same one in a wordier language, is never cut at the window's edge); gives back its box."""
        lines = _status_lines(self.status_text, max(area.width - 60, 120))
        height = sum(line.get_height() for line in lines)
        box = pygame.Rect(0, 0, max(line.get_width() for line in lines), height)
        box.midbottom = (area.centerx, area.bottom - 8)
        pygame.draw.rect(surface, (20, 20, 20), box.inflate(20, 10), border_radius=8)
        y = box.top
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(box.centerx, y)))
            y += line.get_height()
        return box

    def draw_above_ui(self, surface: pygame.Surface) -> None:
        """A question is modal: drawn over the log and the other widgets, which it shades."""
        if self.dialog is not None:
            self.dialog.draw(surface)

    def open_table_rect(self, area: pygame.Rect) -> pygame.Rect:
        """The part of the table no panel covers: Fit keeps the board there, and cards, dice and
        banners go there, not under the tutorial's panel."""
        prompt = self.tutorial
        if prompt is None or not prompt.visible or not prompt.rect.colliderect(area):
            return area
        top = min(max(area.top, prompt.rect.bottom), area.bottom - 1)
        return pygame.Rect(area.left, top, area.width, area.bottom - top)

    def tutorial_rect(self, area: pygame.Rect, column: pygame.Rect) -> pygame.Rect | None:
        """Where the tutorial's panel goes: over the top of the table ``area``, or at the top of the
        log's ``column`` when over the table it would leave the board less than two thirds of the
        table's height (a short window). None once the tutorial is over."""
        prompt = self.tutorial
        if prompt is None or prompt.step is None:
            return None
        over = prompt.panel_rect(area)
        tallest = max(over.height, prompt.beside_rect(pygame.Rect(over.left, 0, over.width, area.height)).height)
        if area.height - tallest - 8 >= area.height * 2 // 3:
            return over
        return prompt.beside_rect(column)

    def follow_tutorial_step(self) -> None:
        """A new step whose ringed zone is off the open table (the player zoomed or panned away)
        brings that zone to the middle of it."""
        prompt = self.tutorial
        step = prompt.step if prompt is not None else None
        if prompt is None or prompt.guide.index == self.tutorial_step_seen:
            return
        self.tutorial_step_seen = prompt.guide.index
        zone = self.board.zones.get(step.zone) if step is not None and step.zone else None
        if zone is None or len(zone.polygon) < 3:
            return
        cam = self.table.camera
        points = [cam.world_to_screen(p) for p in zone.polygon]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        ringed = pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))
        area = self.open_table_rect(self.table_rect())
        if not area.contains(ringed):
            cam.pan_by_px(area.centerx - ringed.centerx, area.centery - ringed.centery)

    def draw_tutorial_pointer(self, surface: pygame.Surface) -> None:
        """The zone the tutorial's step points at, ringed on the board."""
        step = self.tutorial.step if self.tutorial is not None else None
        zone = self.board.zones.get(step.zone) if step is not None and step.zone else None
        if zone is not None:
            draw_pointer(surface, [self.table.camera.world_to_screen(p) for p in zone.polygon], self.clock_s)

    def chrome(self) -> pygame.Surface:
        """The bars and panels around the table, redrawn only when what they show changes."""
        c = self.controller
        card = self.card_panel
        signature = (
            self.window_size, id(c.state), c.selected, self.override, self.replaying, self.director.speed_index,
            self.director.busy, self.shown_phase(), card.drag_from, card.drag_pos, card.flash_s > 0, self.log.shown,
            bar_signature(self.tools, self.actions), self.left_handed, language(),
        )
        return self._chrome.get(self.window_size, signature, self.draw_panels)

    def trade_partners(self) -> list[str]:
        """While a card is dragged: the survivors the selected one may trade with (the engine's word)."""
        if self.card_panel.drag_from is None or self.controller.selected is None:
            return []
        return list(self.controller.trade_partners(self.controller.selected))

    def draw_trade_targets(self, surface: pygame.Surface, cam: Any) -> None:
        """Rings round the miniatures a dragged card may be dropped on."""
        for survivor_id in self.trade_partners():
            piece = self.table.state.pieces.get(survivor_id)
            if piece is not None:
                centre = cam.world_to_screen((piece.x_cm, piece.y_cm))
                radius = max(14.0, piece.radius_cm * cam.zoom_px_per_cm + 6)
                pygame.draw.circle(surface, MOVE_TINT, centre, radius, 4)

    def exit_zones(self) -> list[str]:
        """The zones the mission's goals send the survivors to (none when no goal needs them)."""
        return list(dict.fromkeys(zone for goal in self.controller.goals() for zone in goal.zones))

    def goal_lines(self) -> list[tuple[str, bool]]:
        """The mission's goals in words with the engine's progress: (text, reached). The exit is the
        EXIT the board marks; after a defeat no goal reads as done."""
        lines: list[tuple[str, bool]] = []
        state = self.shown_state()
        lost = state.result == "lost"
        for goal in engine.goal_progress(state):
            where = _(" or ").join(dict.fromkeys(self.controller.zone_name(z) for z in goal.zones))
            exit_words = _("the EXIT ({zones})").format(zones=where) if where else _("the EXIT")
            reached = goal.reached and goal.total > 0 and not lost
            counted = {"done": goal.done, "total": goal.total, "exit": exit_words}
            if goal.goal == "take_all_objectives":
                lines.append((_("Objectives {done}/{total}").format(**counted), goal.reached and not lost))
            elif goal.goal == "all_in_exit":
                lines.append((_("Everyone on {exit} at an End Phase ({done}/{total})").format(**counted), reached))
            elif goal.goal == "escape_all":
                lines.append((_("Everyone escapes through {exit} ({done}/{total})").format(**counted), reached))
            elif goal.goal == "most_experience":
                ahead = _(" and ").join(goal.teams) or _("nobody")
                lines.append((_("Rivals: the team with the most experience wins (ahead: {ahead}, {xp} XP)").format(
                    ahead=ahead, xp=goal.done), False))
            elif (words := self.controller.state.box.goal_words(goal, self.controller.box_words())) is not None:  # a goal of the box's own
                lines.append((words, goal.reached))
        return lines

    def goal_rows(self, width_px: int) -> list[pygame.Surface]:
        """The goals box's lines, wrapped to ``width_px``."""
        lost = self.shown_state().result == "lost"
        rows = [font(16).render(_("Goals: not met") if lost else _("Goals"), True, (255, 120, 100) if lost else ACCENT)]
        for text, done in self.goal_lines():
            colour = (159, 224, 160) if done else MUTED if lost else TEXT
            line = _("Done:") if done else "\u2022"
            for word in text.split():
                trial = f"{line} {word}"
                if font(14).size(trial)[0] > width_px:
                    rows.append(font(14).render(line, True, colour))
                    line = "   " + word
                else:
                    line = trial
            rows.append(font(14).render(line, True, colour))
        return rows if len(rows) > 1 else []

    def goals_rect(self) -> pygame.Rect:
        """Below the roster, above the survivor's card; in a short window, at the top of the log's column."""
        if self.goals_on_right():
            right = self.side_panels_px()[1]
            rows = self.goal_rows(right - 40)
            height = sum(r.get_height() + 2 for r in rows) + 12 if rows else 0
            return pygame.Rect(self.log_side_x() + 8, TOP_BAR_PX + 4, right - 16, height)
        left = self.side_panels_px()[0]
        top = self.roster_top_px() + math.ceil(len(self.roster) / 2) * (self.chip_px() + self.chip_gap_px())
        rows = self.goal_rows(left - 40)
        height = sum(r.get_height() + 2 for r in rows) + 12 if rows else 0
        return pygame.Rect(self.card_side_x() + 8, top, left - 16, height)

    def draw_goals(self, surface: pygame.Surface) -> None:
        box = self.goals_rect()
        rows = self.goal_rows(box.width - 24)
        if not rows:
            return
        pygame.draw.rect(surface, (28, 30, 26), box, border_radius=10)
        pygame.draw.rect(surface, ACCENT, box, 2, border_radius=10)
        y = box.top + 6
        for row in rows:
            surface.blit(row, (box.left + 12, y))
            y += row.get_height() + 2

    def draw_exits(self, surface: pygame.Surface) -> None:
        """Exit zones: a bright outline and an EXIT tag, so the goal is found on the board."""
        cam = self.table.camera
        for zone_id in self.exit_zones():
            zone = self.board.zones.get(zone_id)
            if zone is not None and len(zone.polygon) >= 3:
                pygame.draw.polygon(surface, EXIT_TINT, [cam.world_to_screen(p) for p in zone.polygon], 5)
        for tag, rect, faded in self.exit_tag_places():
            surface.blit(_faded(tag) if faded else tag, rect)

    def draw_taken_objectives(self, surface: pygame.Surface) -> None:
        """Each objective already taken, greyed over and ticked: the board's art keeps every token
        (it is baked once), the state knows which are gone."""
        state = self.controller.state
        if not any(state.objectives_taken):
            return
        cam = self.table.camera
        for rect in taken_objective_rects(self.board, state.graph.index, state.objectives_taken, cam):
            surface.blit(_taken_veil(rect.size), rect)

    def exit_tag_places(self) -> list[tuple[pygame.Surface, pygame.Rect, bool]]:
        """(tag, where, faded) for each EXIT: in the zone's middle, else above or below the
        miniatures standing there; see-through when every place would cover one."""
        cam = self.table.camera
        tokens = self.token_rects()
        places = []
        for zone_id in self.exit_zones():
            zone = self.board.zones.get(zone_id)
            if zone is None or len(zone.polygon) < 3:
                continue
            tag = _halo_text(_("EXIT"), 18, EXIT_TINT)
            ys = [p[1] for p in zone.polygon]
            x, y = cam.world_to_screen(zone.center)
            _x, top = cam.world_to_screen((zone.center[0], min(ys)))
            _x, bottom = cam.world_to_screen((zone.center[0], max(ys)))
            candidates = [tag.get_rect(center=(round(x), round(y))),
                          tag.get_rect(midtop=(round(x), round(top) + 26)),
                          tag.get_rect(midbottom=(round(x), round(bottom) - 4))]
            free = next((rect for rect in candidates if rect.collidelist(tokens) < 0), None)
            places.append((tag, free or candidates[0], free is None))
        return places

    def spawn_tags(self) -> list[tuple[str, pygame.Rect]]:
        """Each spawn zone's locator numbers (the spawn die results that pick it) and where their tag
        stands on screen: beside the spawn marker, so "Spawn dice [4][3]" can be read on the board."""
        cam = self.table.camera
        tags = []
        for marker in self.board.markers:
            if marker.kind != "spawn" or not marker.locators:
                continue
            x, y = cam.world_to_screen(marker.position)
            half = max(marker.size) / 2 * cam.zoom_px_per_cm if any(marker.size) else 10
            text = "·".join(str(n) for n in marker.locators)
            box = _halo_text(text, 16, SPAWN_TAG_TEXT).get_rect(midleft=(round(x + half + 4), round(y - half)))
            tags.append((text, box.inflate(10, 4)))
        return tags

    def draw_spawn_numbers(self, surface: pygame.Surface) -> None:
        for text, box in self.spawn_tags():
            pygame.draw.rect(surface, SPAWN_TAG_FILL, box, border_radius=8)
            words = _halo_text(text, 16, SPAWN_TAG_TEXT)
            surface.blit(words, words.get_rect(center=box.center))

    def token_rects(self) -> list[pygame.Rect]:
        """Screen boxes of the miniatures on the table and of the names written under them (zone
        names keep off them)."""
        cam = self.table.camera
        zoom = cam.zoom_px_per_cm
        rects = []
        for piece in self.table.state.pieces.values():
            x, y = cam.world_to_screen((piece.x_cm, piece.y_cm))
            r = max(4.0, piece.radius_cm * zoom)
            rects.append(pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r)))
        return rects + list(getattr(self.table.renderer, "name_rects", ()))

    def zone_label_places(self) -> list[tuple[str, pygame.Surface, pygame.Rect, bool]]:
        """(zone id, label, where, faded) for each zone name: along the top of the zone, else along its
        bottom when a miniature stands under the top; faded when both places would cover one."""
        cam = self.table.camera
        zoom = cam.zoom_px_per_cm
        inset_cm = max(0.9, 8 / max(zoom, 0.1))
        tokens = self.token_rects()
        taken = [place[1] for place in self.exit_tag_places()]  # labels give way to the EXIT and each other
        places = []
        for zone in self.board.zones.values():
            if not zone.label or len(zone.polygon) < 3:
                continue
            xs, ys = [p[0] for p in zone.polygon], [p[1] for p in zone.polygon]
            width_px = int((max(xs) - min(xs)) * zoom * 0.92)
            if width_px < 28:
                continue
            label = _zone_label(zone.label_in(language()), width_px)
            if label is None:
                continue
            middle_cm = (min(xs) + max(xs)) / 2
            x, top = cam.world_to_screen((middle_cm, min(ys) + inset_cm))
            _, bottom = cam.world_to_screen((middle_cm, max(ys) - inset_cm))
            candidates = [label.get_rect(midtop=(round(x), round(top))), label.get_rect(midbottom=(round(x), round(bottom)))]
            open_places = [rect for rect in candidates if rect.collidelist(taken) < 0]
            if not open_places:
                continue  # both places would cover another name: this one gives way
            free = next((rect for rect in open_places if rect.collidelist(tokens) < 0), None)
            where = free or open_places[0]
            taken.append(where)
            places.append((zone.id, label, where, free is None))
        return places

    def draw_zone_labels(self, surface: pygame.Surface) -> None:
        """Zone names in a size that stays readable, never hiding a miniature."""
        for _zone, label, rect, faded in self.zone_label_places():
            surface.blit(_faded(label) if faded else label, rect)

    def draw_highlights(self, surface: pygame.Surface) -> None:
        cam = self.table.camera
        area = self.table_rect()
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        offset = (-area.left, -area.top)

        def on_layer(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
            return [(x + offset[0], y + offset[1]) for x, y in points]

        if self.override:
            picked = self.board.zones.get(self.override_zone or "")
            if picked is not None:
                points = on_layer([cam.world_to_screen(p) for p in picked.polygon])
                pygame.draw.polygon(layer, (*ZONE_TINT, 60), points)
                pygame.draw.polygon(layer, (*ZONE_TINT, 230), points, 4)
            surface.blit(layer, area.topleft)
            return
        if self.replay is not None:  # nothing may be played in a replay: no targets, a badge instead
            badge = _halo_text(f"Replay · {self.replay.position_text()}", 22, (255, 214, 120))
            box = badge.get_rect(topleft=(area.left + 14, area.top + 12))
            pygame.draw.rect(surface, (20, 18, 14), box.inflate(20, 10), border_radius=10)
            pygame.draw.rect(surface, ACCENT, box.inflate(20, 10), 2, border_radius=10)
            surface.blit(badge, box)
            return
        self.draw_trade_targets(surface, cam)
        targets = self.controller.targets()
        labels = []
        for zone_id in targets.moves:
            zone = self.board.zones.get(zone_id)
            if zone is not None and len(zone.polygon) >= 3:
                points = on_layer([cam.world_to_screen(p) for p in zone.polygon])
                pygame.draw.polygon(layer, (*MOVE_TINT, 64), points)
                pygame.draw.polygon(layer, (*MOVE_TINT, 235), points, 4)
        for zone_id, shots in targets.shots.items():
            zone = self.board.zones.get(zone_id)
            if zone is not None and len(zone.polygon) >= 3:
                points = on_layer([cam.world_to_screen(p) for p in zone.polygon])
                pygame.draw.polygon(layer, (*SHOT_TINT, 55), points)
                pygame.draw.polygon(layer, (*SHOT_TINT, 240), points, 4)
                best = max(shots, key=lambda s: s.hit_chance)  # the engine's odds of the likeliest shot
                verb = N_("Move or shoot: {odds}") if zone_id in targets.moves else N_("Shoot: {odds}")
                words = _(verb).format(odds=odds_summary(best.odds)) + self.gestures.also_killed(zone_id, best)
                low_cm = max(p[1] for p in zone.polygon) - max(1.2, 14 / max(cam.zoom_px_per_cm, 0.1))
                labels.append((cam.world_to_screen((zone.center[0], low_cm)), words))
        pointed = self.pointed_door()
        for connection in self.board.connections:
            if connection.id in targets.doors:
                (ax, ay), (bx, by) = connection.segment
                centre = on_layer([cam.world_to_screen(((ax + bx) / 2, (ay + by) / 2))])[0]
                radius = max(16, math.dist((ax, ay), (bx, by)) * cam.zoom_px_per_cm * 0.6)
                lit = connection.id == pointed
                pygame.draw.circle(layer, (*DOOR_TINT, 150 if lit else 70), centre, radius * (1.35 if lit else 1))
                pygame.draw.circle(layer, (*DOOR_TINT, 255), centre, radius * (1.35 if lit else 1), 7 if lit else 4)
        surface.blit(layer, area.topleft)
        for centre, text in labels:
            label = _halo_text(text, 18, (255, 210, 150))
            surface.blit(label, label.get_rect(center=(round(centre[0]), round(centre[1]))))

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        """What the scene draws by hand, for the layout checks: bar buttons, roster chips, the goals,
        the round line, the card's slots (as last drawn), the status line."""
        w, _h = self.window_size
        rects = [(f"tool {b.label}", pygame.Rect(b.rect)) for b in self.tools.buttons]
        rects += [(f"action {b.label}", pygame.Rect(b.rect)) for b in self.actions.buttons]
        rects += [(f"roster {sid}", pygame.Rect(rect)) for rect, sid in self.roster]
        goals = self.goals_rect()
        if goals.height:
            rects.append(("goals", goals))
        left = self.side_panels_px()[0]
        if self.round_line_in_top_bar():
            last = self.tools.buttons[-1].rect.right if self.tools.buttons else 0
            line = _fitted(self.turn_text(), 15, w - last - 30, MUTED)
            rects.append(("round line", line.get_rect(topleft=(last + 16, 40))))
        else:
            line = _fitted(self.turn_text(), 15, left - 16, MUTED)
            rects.append(("round line", line.get_rect(topleft=(self.card_side_x() + 10, TOP_BAR_PX + 2))))
        rects += [(f"card slot {n}", pygame.Rect(rect)) for n, rect in enumerate(self.card_panel.slot_rects)]
        return rects

    def draw_panels(self, surface: pygame.Surface) -> None:
        w, h = self.window_size
        pygame.draw.rect(surface, (22, 24, 26), (0, 0, w, TOP_BAR_PX))
        pygame.draw.line(surface, PANEL_EDGE, (0, TOP_BAR_PX - 1), (w, TOP_BAR_PX - 1))
        self.tools.draw(surface)
        last = self.tools.buttons[-1].rect.right if self.tools.buttons else 0
        left, right = self.side_panels_px()
        pygame.draw.rect(surface, (20, 22, 24), (self.card_side_x(), TOP_BAR_PX, left, h - TOP_BAR_PX))
        if self.round_line_in_top_bar():
            surface.blit(fit_text(self.board.title_in(language()) or self.mission_path.stem, 20, w - last - 30), (last + 16, 10))
            surface.blit(_fitted(self.turn_text(), 15, w - last - 30, MUTED), (last + 16, 40))
        else:  # a narrow window: the round line heads the left panel
            surface.blit(_fitted(self.turn_text(), 15, left - 16, MUTED), (self.card_side_x() + 10, TOP_BAR_PX + 2))
        state = self.shown_view()
        playable = set(self.controller.playable_survivors()) if self.animated is None else set()
        partners = set(self.trade_partners())
        for rect, survivor_id in self.roster:
            s = state.survivors[state.survivor_index(survivor_id)]
            chosen = survivor_id == self.controller.selected
            fill = (60, 64, 68) if chosen else (34, 36, 38)
            pygame.draw.rect(surface, fill, rect, border_radius=10)
            edge = ACCENT if chosen else MOVE_TINT if survivor_id in partners else danger_colour(s.level)
            pygame.draw.rect(surface, edge, rect, 3 if chosen or survivor_id in partners else 2, border_radius=10)
            colour = TEXT if s.in_play else MUTED
            compact = rect.height < ROSTER_CHIP_PX
            surface.blit(fit_text(s.name, 15 if compact else 16, rect.width - 16), (rect.left + 8, rect.top + (1 if compact else 5)))
            info = _("out") if not s.in_play else _("{actions} act · {wounds} wd").format(
                actions=s.actions_left, wounds=s.wounds) + (_(" · ready") if survivor_id in playable else "")
            surface.blit(_fitted(info, 13, rect.width - 12, colour if survivor_id in playable else MUTED),
                         (rect.left + 8, rect.bottom - (18 if compact else 24)))
        if not self.goals_on_right():
            self.draw_goals(surface)
        self.card_panel.draw(surface, self.selected_card())
        bar_px = self.bottom_bar_px()
        pygame.draw.rect(surface, (22, 24, 26), (self.middle_x(), h - bar_px, w - left - right, bar_px))
        self.actions.draw(surface)
        pygame.draw.rect(surface, (20, 22, 24), (self.log_side_x(), TOP_BAR_PX, right, h - TOP_BAR_PX))
        if self.goals_on_right():
            self.draw_goals(surface)
        self.log.draw(surface)

    def shown_state(self) -> Any:
        """The state the panels show: the one before the command while its animation plays (the
        roster, the goals and the card change when the table has shown what changed them)."""
        animated = self.animated
        if animated is not None and self.director.busy:
            before = animated[0]
            if [s.id for s in before.survivors] == [s.id for s in self.controller.state.survivors]:
                return before
        return self.controller.state

    def shown_view(self) -> Any:
        state = self.shown_state()
        if state is self.controller.state:
            return self.controller.view()
        return engine.player_view(state, self.controller.seat or "")

    def selected_card(self):  # type: ignore[no-untyped-def]
        selected = self.controller.selected
        if selected is None:
            return None
        return survivor_card(self.shown_view(), selected)


def _fitted(text: str, size_px: int, width_px: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """``text`` in ``colour``, at ``size_px`` or smaller (down to 10 px) so that it fits ``width_px``."""
    for size in range(size_px, 9, -1):
        surf = font(size).render(text, True, colour)
        if surf.get_width() <= width_px:
            return surf
    return surf


def taken_objective_rects(board: Board, zone_index: dict[str, int], taken: tuple[bool, ...],
                          camera: Any) -> list[pygame.Rect]:
    """Screen boxes of the objective tokens taken: the engine counts objectives in the order of the
    board's objective markers that stand in a zone (``graph.objectives``)."""
    markers = [m for m in board.markers if m.kind == MarkerKind.OBJECTIVE and m.zone in zone_index]
    zoom = camera.zoom_px_per_cm
    rects = []
    for marker, done in zip(markers, taken, strict=False):
        if done:
            w_cm, h_cm = marker_size_cm(marker.size)
            rect = pygame.Rect(0, 0, max(8, round(w_cm * zoom)), max(8, round(h_cm * zoom)))
            rect.center = tuple(round(v) for v in camera.world_to_screen(marker.position))
            rects.append(rect)
    return rects


@lru_cache(maxsize=64)
def _taken_veil(size: tuple[int, int]) -> pygame.Surface:
    """A dark veil with a tick, laid over a taken objective's token."""
    w, h = size
    veil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (18, 18, 18, 190), veil.get_rect(), border_radius=max(2, w // 5))
    line_px = max(2, round(min(w, h) * 0.14))
    tick = [(w * 0.22, h * 0.52), (w * 0.42, h * 0.72), (w * 0.78, h * 0.28)]
    pygame.draw.lines(veil, (140, 225, 120, 255), False, tick, line_px)
    return veil


@lru_cache(maxsize=32)
def _status_lines(text: str, width_px: int) -> tuple[pygame.Surface, ...]:
    """The status words cut to ``width_px`` and drawn, once per text and width (asked every frame)."""
    return tuple(_halo_text(line, STATUS_SIZE_PX, STATUS_COLOUR) for line in wrap(text, STATUS_SIZE_PX, width_px))


@lru_cache(maxsize=256)
def _halo_text(text: str, size_px: int, color: tuple[int, int, int]) -> pygame.Surface:
    return text_with_halo(text, size_px, color=color)


def _without_zone_labels(board: Board, kept_markers: frozenset[str] = frozenset()) -> Board:
    """The board as the game's table shows it: no zone names (the scene draws them), and none of the
    markers the box keeps in its state (drawn as pieces where they are now)."""
    markers = tuple(m for m in board.markers if m.kind not in kept_markers) if kept_markers else board.markers
    return replace(board, zones={zid: replace(zone, label="") for zid, zone in board.zones.items()}, markers=markers)


@lru_cache(maxsize=512)
def _faded(label: pygame.Surface) -> pygame.Surface:
    """A zone name see-through enough to show the miniature under it."""
    faded = label.copy()
    faded.set_alpha(70)
    return faded


LABEL_SIZES_PX = (16, 15, 14, 13, 12, 11, 10)  # small sizes keep the names when Fit shows a small window


@lru_cache(maxsize=512)
def _zone_label(text: str, width_px: int) -> pygame.Surface | None:
    """A zone's name on a dark pill, at the largest readable size that fits ``width_px``, a little
    over a narrow zone if need be; a name of several words that would be dropped there ("Perimeter
    airlock") on two lines. None when even that is far too wide: names give way to each other."""
    for size in LABEL_SIZES_PX:
        words = text_with_halo(text, size, color=(246, 240, 226))
        if words.get_width() + 12 <= width_px:
            return _pill([words])
    if words.get_width() + 12 <= width_px * 1.5:
        return _pill([words])
    lines = _two_lines(text)
    if lines is None:
        return None
    for size in LABEL_SIZES_PX[2:]:
        rows = [text_with_halo(line, size, color=(246, 240, 226)) for line in lines]
        if max(row.get_width() for row in rows) + 12 <= width_px:
            break
    return _pill(rows) if max(row.get_width() for row in rows) + 12 <= width_px * 1.5 else None


def _two_lines(text: str) -> tuple[str, str] | None:
    """``text`` split at the space nearest its middle, or None for a single word."""
    spaces = [n for n, letter in enumerate(text) if letter == " "]
    if not spaces:
        return None
    at = min(spaces, key=lambda n: abs(2 * n - len(text)))
    return text[:at], text[at + 1:]


def _pill(rows: list[pygame.Surface]) -> pygame.Surface:
    """Lines of words centred on a dark pill."""
    width = max(row.get_width() for row in rows)
    pill = pygame.Surface((width + 12, sum(row.get_height() for row in rows) + 2), pygame.SRCALPHA)
    radius = min(pill.get_height(), pill.get_width()) // 2 if len(rows) == 1 else 8
    pygame.draw.rect(pill, (12, 12, 14, 150), pill.get_rect(), border_radius=radius)
    y = 1
    for row in rows:
        pill.blit(row, ((pill.get_width() - row.get_width()) // 2, y))
        y += row.get_height()
    return pill
