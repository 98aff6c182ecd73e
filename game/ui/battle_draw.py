"""The battlefield drawn: the map with its overlays (reachable tiles, declarations, units,
badges, the step being played back), the hover previews (an action awaiting its target asks
its state, game/ui/states/targeting.py), the banner, the log, the side panel with its buttons
and help, the message line. What opens over it draws itself (game/ui/states/).

    view = BattleView(screen)
    view.draw(surface)
    view.hover_preview(surface, uid) -> the tooltip's lines (drawing its shapes on the map)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.session_orders import orders_line, orders_routes
from game.ui import actionbar as bar
from game.ui import actionui, rulesheets
from game.ui import figures as fig
from game.ui import fogview as fv
from game.ui import objectiveview as obv
from game.ui import overlays as ov
from game.ui import previews as pv
from game.ui.assets import TEAM_COLOURS, WHITE, YELLOW, text, wrap
from game.ui.panels import (
    PHASE_NAMES,
    draw_banner,
    draw_help,
    draw_log,
    draw_tooltip,
    draw_unit_panel,
    handover_lines,
    initiative_text,
    order_entries,
    preview_lines,
)
from game.ui.states.base import Pass
from game.ui.words import readable

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen

HELP = ["click: select, stage a move, attack; Z: undo",
        "pan: arrows/WAS, edge, drag; wheel: zoom",
        "F1: help; Esc: menu, save, load, settings"]
WATCH_HELP = ["AI ({blue}) v AI ({red}): click a unit to see it", *HELP[1:]]


class BattleView:
    """Draws the battle screen from its state; remembers nothing but through the screen's
    cache (keyed by the log, so a new event redraws what it changes)."""

    def __init__(self, screen: BattleScreen) -> None:
        self.screen = screen
        self.session = screen.session
        self.match = screen.match
        self.choice = screen.choice
        self.play = screen.play

    def draw(self, surface: pygame.Surface) -> None:
        sc, m, cam, play = self.screen, self.match, self.screen.camera, self.play
        surface.fill((12, 12, 16))
        # the map view's drawing stays on the map: never over the frame round a small map, nor
        # over the panels (an arc or a blast reaching past the edge is cut there)
        surface.set_clip(sc.map_rect.clip(cam.map_area()))
        shake = play.fx.shake(play.clock)
        cam.ox, cam.oy = cam.ox - shake[0], cam.oy - shake[1]  # a blast shakes the view
        try:
            tip = self._draw_map(surface)
        finally:
            cam.ox, cam.oy = cam.ox + shake[0], cam.oy + shake[1]
        surface.set_clip(None)
        if m.objectives:  # over the map view's corner (never cut at the map's own edge)
            ours = obv.own_team(self.session, self.fog()[0])
            lines = sc.cached("objectives", (ours,), lambda: obv.status_lines(m, ours))
            obv.draw_status(surface, (sc.map_rect.x + 6, sc.map_rect.y + 6), lines, sc.map_rect.w // 2)
        draw_banner(surface, sc.banner_rect, *self.banner())
        end = play.log_end()
        team, hidden = self.fog()
        noted = len(m.vision.history) if m.vision is not None else 0  # each line as the side saw it then
        lines = sc.cached("lines", (end, team, hidden, noted),
                          lambda: fv.log_lines(m, team, m.log.events[:end], hidden, first=0))
        sc.log_scroll = draw_log(surface, sc.log_rect, lines, sc.log_scroll)
        uid = sc.selected if sc.selected not in hidden else None  # an enemy gone from sight is not shown
        asked = sc.prompt.question()
        if asked is not None and uid is None:
            uid = asked.uid  # the unit the question is about, while it is up
        self._draw_side(surface, uid, uid is not None and self.session.can_declare(uid))
        if sc.message:  # wrapped to the map view: never off its edge nor over the panel
            lines = wrap(readable(sc.message), sc.map_rect.w - 24, 20)[-4:]
            imgs = [text(line, 20, YELLOW) for line in lines]
            h = sum(img.get_height() for img in imgs)
            box = pygame.Rect(sc.map_rect.x + 4, sc.map_rect.bottom - 6 - h - 4,
                              max(img.get_width() for img in imgs) + 8, h + 4)
            box.clamp_ip(sc.map_rect)
            pygame.draw.rect(surface, (20, 20, 20), box)
            y = box.y + 2
            for img in imgs:
                surface.blit(img, (box.x + 4, y))
                y += img.get_height()
        if tip:
            draw_tooltip(surface, sc.mouse, tip, sc.map_rect)

    def fog(self) -> tuple[str | None, frozenset[int]]:
        """The side whose view is drawn (None: all) and the enemies it does not see."""
        team = fv.viewer(self.session)
        during = self.play.hidden(team)  # a step played back: what the side saw then
        if during is not None:
            return team, during
        return team, self.screen.cached("hidden", (team,), lambda: fv.hidden_units(self.match, team))

    def _draw_map(self, surface: pygame.Surface) -> list[str] | None:
        """The map view: the map, the reachable tiles, the declarations, the units (walking
        ones on their way), the effects of the step being played back, the staged move and
        the hover preview (its tooltip's lines are returned, drawn later over the panels)."""
        sc, m, cam, play = self.screen, self.match, self.screen.camera, self.play
        sc.renderer.draw(surface, cam)
        sc.renderer.warm(cam)  # a chunk a frame of the other zoom levels, ahead of a zoom step
        team, hidden = self.fog()
        glimpse = fv.glimpses(play, team)[1] if team is not None and play.busy() else None
        if team is not None:
            fv.draw_fog(surface, cam, m, team, glimpse)
        ours = obv.own_team(self.session, team)
        if m.objectives:
            obv.draw_zones(surface, cam, m, ours, sc.cached)
        self._draw_orders(surface, ours)
        uid = sc.selected if sc.selected not in hidden else None
        own = uid is not None and self.session.can_declare(uid)
        if own and uid is not None:
            sel = uid
            layer = sc.cached("reach_layer", (uid, cam.tile_px),
                              lambda: ov.reach_layer(sc.reach(sel), m.movement_allowance(sel), cam.tile_px))
            if layer is not None:
                surface.blit(layer[0], cam.tile_rect(layer[1]).topleft)
        if m.phase == "declare":
            actionui.draw_declarations(surface, cam, m, None if team is None else lambda u: fv.shown_declaration(m, team, u))
        targets: set[int] = set()
        if uid is not None and not m.view(uid).out and not play.busy():
            sel = uid
            targets = sc.cached("sight", (uid,), lambda: {e.uid for e in m.sight.visible_enemies(sel)} - hidden)
        facing = sc.cached("facing", (), lambda: fig.facings(m, sc.start_pos))
        shown = play.shown() if play.busy() else None
        badges = sc.cached("badges", (team, hidden), lambda: fv.visible_badges(fig.badges(m), hidden))
        staged = self.choice.staged_for(uid) if own else ()
        if staged and uid is not None:  # (own: uid is not None)
            ov.draw_path(surface, cam, list(staged), (255, 255, 255), 3,
                         pv.move_label(sc.reach(uid).get(staged[-1], 0.0), self.choice.staged_mode,
                                       rulesheets.move_words(m.rules)))
        fig.draw_badges(surface, cam, m, badges, shown, over=False)
        fig.draw_units(surface, cam, m, sc.sprites, uid, targets, self.session.current(), facing, shown,
                       sc.roles, play.walking(), hidden)
        if team is not None:
            fv.draw_marks(surface, cam, m, team, hidden, glimpse)
        if staged and uid is not None:
            fig.draw_ghost(surface, cam, sc.sprites, sc.roles.get(uid, "rifleman"), m.view(uid).team, staged[-1])
        if own and uid is not None and targets and not self.choice.area() and not self.choice.pending:
            pv.draw_chances(surface, cam, m, self.chances(uid, targets))
        fig.draw_badges(surface, cam, m, badges, shown, over=True)
        if play.busy() and play.event()[0] not in hidden:
            fig.draw_event(surface, cam, m, *play.event(), shown, arrow=not play.fx.items, walking=play.walking())
        play.fx.draw(surface, cam, play.clock)
        if own and uid is not None and sc.hover is not None and not play.busy():
            return self.hover_preview(surface, uid)
        return None

    def _draw_orders(self, surface: pygame.Surface, ours: str | None) -> None:
        """The routes of the orders of the player's own side (both sides' when watching
        without fog) and the units chosen for standing orders."""
        cam, grid = self.screen.camera, self.match.grid
        for team in ([ours] if ours is not None else list(self.match.teams)):
            names = orders_routes(self.session, team)
            routes = [(r.name, list(r.points)) for r in grid.routes if r.name in names]
            if routes:
                ov.draw_routes(surface, cam, routes, TEAM_COLOURS.get(team, WHITE))
        chosen = self.screen.orders.units()
        if len(chosen) > 1 or self.screen.orders.group:
            ov.draw_group(surface, cam, [self.match.view(u).pos for u in chosen])

    def banner(self) -> tuple[str, tuple[int, int, int]]:
        m, s = self.match, self.session
        if self.play.busy():
            return self.play.banner(), YELLOW
        if m.over:
            won = "a draw" if m.winner in (None, "draw") else f"{m.winner} wins"
            return f"Match over after {m.round} rounds: {won} - click or press a key for the results", YELLOW
        cur = s.current()
        if s.ai_waiting and cur is not None:
            return (f"Round {m.round}: {m.name(cur)} (AI) declares next - Z takes back your last declaration first",
                    YELLOW)
        if cur is None:
            if s.config.mode == "watch" and self.play.paused:
                return f"Round {m.round}: paused (Space resumes)", WHITE
            return f"Round {m.round}: {PHASE_NAMES.get(m.phase, m.phase)}", WHITE
        v = m.view(cur)
        if cur in self.fog()[1]:
            return f"Round {m.round}: {fv.UNSEEN} declares", WHITE
        if s.handover:
            who = f"{s.handover} player to take the seat"
        elif s.can_declare(cur):
            who = "your turn" if s.config.mode == "solo" else f"{v.team} player's turn"
        else:
            who = "AI"
        what = "turn" if s.question is not None and s.question.kind == "act" else "declarations"
        return f"Round {m.round}, {what}: {v.name} ({v.team}, initiative: {initiative_text(m, cur)}) - {who}", \
            TEAM_COLOURS.get(v.team, WHITE)

    def chances(self, uid: int, targets: set[int]) -> dict[int, str]:
        """Every enemy the selected unit sees, with its chance to hit by the attack chosen now
        (after the staged move, if one is)."""
        c = self.choice
        key = (uid, tuple(sorted(targets)), c.attack_mode, c.shot, c.manoeuvre, c.all_out, c.staged_for(uid))
        m = self.match
        return self.screen.cached("chances", key, lambda: {t: pv.hit_chance(m, uid, c.attack(uid, t))
                                                           for t in sorted(targets)})

    def handover_lines(self) -> list[str]:
        s = self.session
        return handover_lines(self.match, s.queue, s.handover or "", s.current())

    def _draw_side(self, surface: pygame.Surface, uid: int | None, own: bool) -> None:
        """The unit panel, the declaration order, the buttons and two lines of help; the
        hovered button's tip in place of the help."""
        sc, s, m = self.screen, self.session, self.match
        side = sc.side_rect
        placed = self.choice.buttons()
        top = placed[0][1].y if placed else side.bottom - 3 * 14 - 8
        note = ""
        if self.play.busy():
            note = "the round is being played back; this sheet shows its end (any key skips)"
        elif uid is not None and s.can_change(uid):
            nxt = s.current()
            note = f"may change it until {m.name(nxt)} declares" if nxt is not None else ""
        elif own and uid is not None:
            note = self.choice.note(uid)
        if uid is not None:
            line = orders_line(s, uid, fv.viewer(s))
            if line:
                note = f"orders - {line}" + (f"; {note}" if note else "")
        hidden = self.fog()[1]
        queue = [u for u in s.queue if u not in hidden] if hidden else s.queue
        cur, still_up = s.current(), self.play.still_up()
        order = sc.cached("order", (m.phase, cur, tuple(queue), frozenset(still_up)),
                          lambda: order_entries(m, queue, cur, still_up))
        draw_unit_panel(surface, side, m, uid, queue, cur, top - 8, legend=own, note=note, still_up=still_up,
                        order=order)
        bar.draw_buttons(surface, placed, sc.mouse)
        help_rect = pygame.Rect(side.x + 10, top + (bar.height(len(placed)) + 6 if placed else 0),
                                side.w - 20, 3 * 14 + 4)
        tip = bar.tip_line(placed, sc.mouse)
        if tip is not None:
            for i, part in enumerate(wrap(tip[0], help_rect.w, 16)[:3]):
                surface.blit(text(part, 16, tip[1]), (help_rect.x, help_rect.y + 14 * i))
        else:
            cfg = s.config
            lines = ([line.format(blue=cfg.ai_of("blue"), red=cfg.ai_of("red")) for line in WATCH_HELP]
                     if cfg.mode == "watch" else HELP)
            draw_help(surface, help_rect, lines)

    # --- hover previews ---------------------------------------------------------------

    def hover_preview(self, surface: pygame.Surface, uid: int) -> list[str] | None:
        """What the hovered tile would mean for `uid`'s choice: shapes on the map (a path,
        an arc, a blast) and the tooltip's lines (None: no tooltip)."""
        sc, m, cam, tile, choice = self.screen, self.match, self.screen.camera, self.screen.hover, self.choice
        if tile is None:
            return None
        if choice.pending:  # an action awaiting its target shows what a click there would do
            lines = sc.targeting.preview(surface, uid, tile)
            if not isinstance(lines, Pass):
                return lines
        target = sc.unit_at(tile)
        melee = m.rules.weapon_facts(m.view(uid).combatant).melee
        if choice.area() and not melee and tile != m.view(uid).pos:
            sup, aim = choice.attack_mode == "suppress", tile
            hidden = self.fog()[1]
            victims = sc.cached("arc", (uid, tile, sup), lambda: [u for u in pv.arc_victims(m, uid, aim, sup) if u not in hidden])
            pv.draw_arc(surface, cam, m, uid, tile, sup, victims)
            return sc.cached("arc_lines", (uid, tile, sup), lambda: pv.area_lines(m, uid, aim, sup, victims))
        if target is not None and m.view(target).team != m.view(uid).team:
            attack = choice.attack(uid, target)
            if isinstance(attack, str):
                return [f"{m.name(target)}: {attack}"]
            options = dict(attack.options)
            key = (uid, target, attack.mode, tuple(sorted(options.items())), attack.path)
            enemy, path = target, attack.path
            lines = sc.cached("preview", key, lambda: preview_lines(m, uid, enemy, attack.mode, options, path))
            if choice.lost_round(uid) and not any(line.startswith("cannot declare") for line in lines):
                lines = [lines[0], "cannot declare: fumbled initiative, no attacks in the first round", *lines[1:]]
            return lines
        reach = sc.reach(uid)
        staged = choice.staged_for(uid)
        if tile in reach and target is None and not (staged and tile == staged[-1]):
            to = tile
            path = sc.cached("path", (uid, tile), lambda: m.movement.path(uid, to))
            if path:
                mode = ov.move_mode(reach[tile], m.movement_allowance(uid))
                colour = (200, 200, 200) if staged else (255, 255, 255)
                ov.draw_path(surface, cam, path, colour, 2 if staged else 3,
                             pv.move_label(reach[tile], mode, rulesheets.move_words(m.rules)))
        return None
