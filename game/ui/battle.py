"""The battle screen over a `Session`: camera, selection, declaring by mouse and keys, the
panels, the hand-over screen in hot-seat, and the resolved round played back event by event.

    screen = BattleScreen(session, renderer, sprites, window.get_size())
    screen.handle(event) -> None | "results" | "menu"   (positions from event.pos)
    screen.update(ms); screen.draw(window)
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import overlays as ov
from game.ui.assets import TEAM_COLOURS, WHITE, YELLOW, Sprites, text
from game.ui.camera import Camera
from game.ui.escmenu import EscMenu
from game.ui.maprender import MapRenderer
from game.ui.panels import (
    PHASE_NAMES,
    draw_banner,
    draw_log,
    draw_tooltip,
    draw_unit_panel,
    preview_lines,
)
from game.ui.session import Session
from game.world import geometry as geo
from game.world.actions import Aim, AreaFire, Attack, FullDodge, Hold, Move, Reload, Stand, Throw

SIDE_W, BANNER_H, LOG_H = 340, 32, 150
SPEEDS = (1400, 700, 350, 175, 80, 0)  # playback ms per event, slowest first
MODE_KEYS = {pygame.K_1: "shot", pygame.K_2: "burst", pygame.K_3: "triple", pygame.K_4: "area"}
SHOT_KEYS = {pygame.K_q: "snap", pygame.K_e: "careful"}  # `1` is the normal shot
EDGE_PX = 16  # the mouse this near the map view's edge pans the camera
PAN_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1),
            pygame.K_a: (-1, 0), pygame.K_w: (0, -1), pygame.K_s: (0, 1)}
HELP = ["click: select, move to a tile, attack an enemy",
        "1 shot  2 burst  3 triple  4 area fire",
        "Q snap shot  E careful shot  (1: normal)",
        "V aim at the hovered enemy: aimed shot next round",
        "R reload  D full dodge  P prone/stand  C crouch",
        "H hold  G grenade, then click a tile  F defences",
        "Tab next unit  Enter end declarations",
        "arrows / W A S pan, middle-drag, wheel zoom",
        "+/- speed  PgUp/PgDn log  Esc menu (save, load)"]


class BattleScreen:
    def __init__(self, session: Session, renderer: MapRenderer, sprites: Sprites, size: tuple[int, int],
                 playback_ms: int = 350, watch_ms: int = 600, settings: dict[str, Any] | None = None) -> None:
        self.session = session
        self.settings = settings if settings is not None else {}
        self.settings.setdefault("edge_pan", True)
        self.match = session.match
        self.renderer = renderer
        self.sprites = sprites
        self.playback_ms = playback_ms
        self.watch_ms = watch_ms
        self.layout(size)
        self.camera = Camera((self.match.grid.width, self.match.grid.height), renderer.zoom_levels(), self.map_rect)
        self.selected: int | None = None
        self.hover: tuple[int, int] | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.attack_mode = "shot"
        self.shot = "normal"  # normal, snap or careful (aimed is offered by itself)
        self.edge: tuple[int, int] = (0, 0)  # edge panning direction
        self.pending_throw = False
        self.drag: tuple[int, int] | None = None
        self.held: set[int] = set()
        self.log_scroll = 0
        self.message = ""
        self.menu: EscMenu | None = None
        self.menu_note = ""
        self.defences: int | None = None  # declared defences (None: the rules' default)
        self.playback: list[Any] = []
        self.play_i = 0
        self.clock = 0.0
        self.next_at = 0.0
        self._cache: dict[Any, Any] = {}
        session.on_resolved = self._on_resolved
        self.start_pos = self._start_positions()
        self._auto_select()
        if self.selected is None:
            living = self.match.units(living=True) or self.match.units()
            xs, ys = [v.pos[0] for v in living], [v.pos[1] for v in living]
            self.camera.centre_on((sum(xs) // len(xs), sum(ys) // len(ys)))

    # --- layout and state -------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = max(size[0], 640), max(size[1], 400)
        self.size = (w, h)
        self.banner_rect = pygame.Rect(0, 0, w - SIDE_W, BANNER_H)
        self.side_rect = pygame.Rect(w - SIDE_W, 0, SIDE_W, h)
        self.log_rect = pygame.Rect(0, h - LOG_H, w - SIDE_W, LOG_H)
        self.map_rect = pygame.Rect(0, BANNER_H, w - SIDE_W, h - BANNER_H - LOG_H)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)
        self.camera.resize(self.map_rect)

    def _key(self) -> tuple[int, int]:
        return (self.match.round, len(self.match.log))

    def _cached(self, name: str, args: tuple, fn: Any) -> Any:
        key = (name, args, self._key())
        if key not in self._cache:
            if len(self._cache) > 256:
                self._cache.clear()
            self._cache[key] = fn()
        return self._cache[key]

    def _start_positions(self) -> dict[int, tuple[int, int]]:
        """Where each unit began (for facing from its first move): now, for a unit that has
        not moved yet in the log, else its map position from the squad specs if it has one."""
        moved = {e.actor for e in self.match.log.events if e.kind == "move"}
        out = {v.uid: v.pos for v in self.match.units() if v.uid not in moved}
        squads = self.session.squads or {}
        for team, specs in squads.items():
            views = self.match.units(team)
            for v, spec in zip(views, specs, strict=False):
                if v.uid in moved and "x" in spec and "y" in spec:
                    out[v.uid] = (int(spec["x"]), int(spec["y"]))
        return out

    def _auto_select(self) -> None:
        s = self.session
        if self.selected is not None and s.can_declare(self.selected):
            return
        cur = s.current()
        if cur is not None and s.can_declare(cur):
            self.selected = cur
            self.camera_follow(cur)
            self.attack_mode = "shot"
            self.shot = "normal"

    def camera_follow(self, uid: int) -> None:
        r = self.camera.tile_rect(self.match.view(uid).pos)
        if not self.map_rect.inflate(-40, -40).contains(r):
            self.camera.centre_on(self.match.view(uid).pos)

    def unit_at(self, tile: tuple[int, int] | None, living: bool = True) -> int | None:
        if tile is None:
            return None
        for v in self.match.units(living=living):
            if v.pos == tile:
                return v.uid
        return None

    def busy(self) -> bool:
        """Showing the resolved round (input skips it)."""
        return self.play_i < len(self.playback)

    def _on_resolved(self, first: int, rnd: int) -> None:
        self.playback = [e for e in self.match.log.since(first) if e.phase != "declare"]
        self.play_i = 0
        self.next_at = self.clock + self.playback_ms
        if self.playback_ms <= 0:
            self.play_i = len(self.playback)

    # --- input ------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> str | None:
        s = self.session
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = self.camera.tile_at(event.pos)
            self.edge = self._edge_dir(event.pos)
            if self.drag is not None:
                self.camera.pan(self.drag[0] - event.pos[0], self.drag[1] - event.pos[1])
                self.drag = event.pos
            return None
        if event.type == pygame.WINDOWLEAVE:
            self.edge = (0, 0)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 2:
            self.drag = None
            return None
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return None
        if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return None
        if self.menu is not None:
            return self._menu_choice(self.menu.handle(event, self.size))
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            self.hover = self.camera.tile_at(event.pos)
            if event.button in (4, 5):
                if self.log_rect.collidepoint(event.pos):
                    self.log_scroll = max(0, self.log_scroll + (3 if event.button == 4 else -3))
                else:
                    self.camera.zoom(1 if event.button == 4 else -1, event.pos)
                return None
            if event.button == 2:
                self.drag = event.pos
                return None
        if s.handover:
            s.take_seat()
            self.selected = None
            self._auto_select()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.pending_throw:
                self.pending_throw = False
                self.message = ""
            else:
                self.open_menu()
            return None
        if self.busy():
            self.play_i = len(self.playback)
            return None
        if self.match.over:
            return "results"
        if event.type == pygame.KEYDOWN:
            return self._key_down(event)
        if event.button == 1:
            self._click(self.camera.tile_at(event.pos))
        elif event.button == 3:
            self.pending_throw = False
        return None

    def _key_down(self, event: pygame.event.Event) -> str | None:
        k = event.key
        if k in PAN_KEYS:
            self.held.add(k)
            dx, dy = PAN_KEYS[k]
            self.camera.pan(dx * self.camera.tile_px * 2, dy * self.camera.tile_px * 2)
        elif k in MODE_KEYS:
            self.attack_mode = MODE_KEYS[k]
            if k == pygame.K_1:
                self.shot = "normal"
            self.message = f"attack mode: {self.attack_label()}"
        elif k in SHOT_KEYS:
            self.shot = SHOT_KEYS[k]
            if self.attack_mode == "area":
                self.attack_mode = "shot"
            self.message = f"attack mode: {self.attack_label()}"
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.playback_ms, self.watch_ms = max(0, self.playback_ms // 2), max(50, self.watch_ms // 2)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.playback_ms, self.watch_ms = min(2000, self.playback_ms * 2 or 100), min(5000, self.watch_ms * 2)
        elif k == pygame.K_PAGEUP:
            self.log_scroll += 8
        elif k == pygame.K_PAGEDOWN:
            self.log_scroll = max(0, self.log_scroll - 8)
        elif k == pygame.K_TAB:
            self._next_unit()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.session.end_declarations()
            self.pending_throw = False
            self._auto_select()
        elif self.selected is not None:
            self._action_key(k)
        return None

    def _action_key(self, k: int) -> None:
        uid = self.selected
        v = self.match.view(uid)
        if k == pygame.K_r:
            self._declare(Reload())
        elif k == pygame.K_h:
            self._declare(Hold())
        elif k == pygame.K_v:
            target = self.unit_at(self.hover)
            if target is None or self.match.view(target).team == v.team:
                self.message = "V: hover an enemy to aim at"
            else:
                self._declare(Aim(target))
        elif k == pygame.K_d:
            tile = self.hover if self.hover in self.match.reachable(uid, "free") else None
            self._declare(FullDodge(tile))
        elif k == pygame.K_p:
            self._declare(Stand()) if v.stance == "prone" else self._declare(Hold(), stance="prone")
        elif k == pygame.K_c:
            self._declare(Hold(), stance="crouched")
        elif k == pygame.K_f:
            limit = getattr(v.combatant, "max_defences", 1)
            self.defences = 0 if self.defences is None else (self.defences + 1) % (limit + 1)
            self.message = f"declared defences: {self.defences} (max {limit})"
        elif k == pygame.K_g:
            if v.grenades:
                self.pending_throw = True
                self.message = f"throw {v.grenades[0]}: click a tile (right click or Esc cancels)"
            else:
                self.message = f"{v.name} has no grenades"

    def _next_unit(self) -> None:
        s = self.session
        team = self.match.view(self.selected).team if self.selected is not None else (s.seat or s.config.human_team)
        own = [v.uid for v in self.match.units(team, living=True)]
        if not own:
            return
        i = own.index(self.selected) + 1 if self.selected in own else 0
        self.selected = own[i % len(own)]
        self.camera_follow(self.selected)

    def _click(self, tile: tuple[int, int] | None) -> None:
        if tile is None:
            return
        uid = self.selected
        other = self.unit_at(tile)
        if self.pending_throw and uid is not None:
            self.pending_throw = False
            self._declare(Throw(self.match.view(uid).grenades[0], tile))
            return
        if other is not None:
            ov_team = self.match.view(other).team
            if uid is None or ov_team == self.match.view(uid).team or not self.session.can_declare(uid):
                self.selected = other
                self.message = ""
                return
            facts = self.match.rules.weapon_facts(self.match.view(uid).combatant)
            if facts.melee:
                self._declare(Attack(other, "melee"))
            elif self.attack_mode == "area":
                self._declare(AreaFire(tile))
            else:
                self._declare(Attack(other, self.attack_mode, self.shot_options(uid, other)))
            return
        if uid is None or not self.session.can_declare(uid):
            return
        reach = self._reach(uid)
        if tile not in reach:
            self.message = "out of reach this round"
            return
        path = self.match.path(uid, tile)
        if not path:
            self.message = "no path"
            return
        self._declare(Move(tuple(path), ov.move_mode(reach[tile], self.match.movement_allowance(uid))))

    def _declare(self, action: Any, **choices: Any) -> None:
        uid = self.selected
        if self.defences is not None:
            choices.setdefault("defences", self.defences)
        out = self.session.declare(uid, action, **choices)
        self.message = out.reason if hasattr(out, "reason") else ""
        if not self.message:
            self.selected = None
            self._auto_select()

    # --- shot types -------------------------------------------------------------------

    def aimed_at(self, uid: int, target: int) -> bool:
        """Did `uid` spend last round aiming at `target` (from the log: the world's "aims at"
        event)? Then this round's shot at it is offered as an aimed shot."""
        last = self.match.round - 1

        def find() -> bool:
            for e in reversed(self.match.log.events):
                if e.round < last:
                    return False
                if e.round == last and e.kind == "info" and e.actor == uid and e.target == target \
                        and " aims at " in e.text:
                    return True
            return False

        return self._cached("aimed", (uid, target), find)

    def shot_options(self, uid: int, target: int) -> dict[str, Any]:
        """The attack options for the chosen shot type (aimed when `uid` aimed at `target`)."""
        if self.attack_mode == "area":
            return {}
        if self.aimed_at(uid, target):
            return {"shot": "aimed"}
        return {} if self.shot == "normal" else {"shot": self.shot}

    def attack_label(self) -> str:
        if self.attack_mode == "area":
            return "area fire"
        return f"{self.attack_mode} ({self.shot})"

    # --- edge panning -----------------------------------------------------------------

    def _edge_dir(self, pos: tuple[int, int]) -> tuple[int, int]:
        r = self.map_rect
        if not self.settings.get("edge_pan", True) or self.menu is not None or not r.collidepoint(pos):
            return (0, 0)
        dx = -1 if pos[0] < r.left + EDGE_PX else 1 if pos[0] >= r.right - EDGE_PX else 0
        dy = -1 if pos[1] < r.top + EDGE_PX else 1 if pos[1] >= r.bottom - EDGE_PX else 0
        return (dx, dy)

    # --- per frame --------------------------------------------------------------------

    def _reach(self, uid: int) -> dict[tuple[int, int], float]:
        return self._cached("reach", (uid,), lambda: self.match.reachable(uid, "sprint"))

    # --- the Esc menu -----------------------------------------------------------------

    def open_menu(self) -> None:
        self.menu = EscMenu()
        self.edge = (0, 0)
        self.menu_note = ""
        self.held.clear()
        self.drag = None

    def _menu_choice(self, choice: Any) -> tuple | str | None:
        if choice is None:
            return None
        if choice == "resume":
            self.menu = None
        elif choice == "save":
            from game.saves import SaveError, default_save_path, save_game

            try:
                path = save_game(self.session, default_save_path())
            except SaveError as exc:
                self.message = self.menu_note = str(exc)
            else:
                self.menu = None
                self.message = f"saved to {path}"
        elif choice == "load":
            from game.saves import default_save_path

            return ("load", str(default_save_path()))
        elif choice == "quit":
            self.menu = None
            return "menu"
        elif choice == "edge":
            self.settings["edge_pan"] = not self.settings.get("edge_pan", True)
            self.edge = (0, 0)
        elif isinstance(choice, tuple) and choice[0] == "speed":
            i = min(range(len(SPEEDS)), key=lambda j: abs(SPEEDS[j] - self.playback_ms))
            i = min(max(i + choice[1], 0), len(SPEEDS) - 1)
            self.playback_ms = SPEEDS[i]
            self.watch_ms = max(50, self.playback_ms * 2)
        elif isinstance(choice, tuple) and choice[0] == "zoom":
            self.camera.zoom(choice[1], self.map_rect.center)
        return None

    def menu_values(self) -> dict[str, str]:
        from game.saves import default_save_path

        speed = "instant" if self.playback_ms <= 0 else f"{self.playback_ms} ms per event"
        name = default_save_path().name
        edge = "on" if self.settings.get("edge_pan", True) else "off"
        return {"speed": speed, "zoom": f"{self.camera.tile_px} px tiles", "edge": edge, "save": name, "load": name}

    def update(self, ms: float) -> str | None:
        if self.menu is not None:
            return None  # paused
        self.clock += ms
        for k in self.held & set(PAN_KEYS):
            dx, dy = PAN_KEYS[k]
            self.camera.pan(dx * ms * 0.8, dy * ms * 0.8)
        if self.edge != (0, 0) and self.settings.get("edge_pan", True):
            self.camera.pan(self.edge[0] * ms * 0.8, self.edge[1] * ms * 0.8)
        if self.busy():
            while self.busy() and self.clock >= self.next_at:
                self.play_i += 1
                self.next_at += self.playback_ms
            return None
        s = self.session
        if self.match.over:
            return None
        if s.needs_round:
            if s.config.mode == "watch":
                if self.clock < self.next_at + self.watch_ms:
                    return None
                self.next_at = self.clock
            s.begin_round()
            self._auto_select()
        return None

    def banner(self) -> tuple[str, tuple[int, int, int]]:
        m, s = self.match, self.session
        if self.busy():
            e = self.playback[self.play_i]
            return f"Round {e.round} resolving - {PHASE_NAMES.get(e.phase, e.phase)}: {e.text}", YELLOW
        if m.over:
            return f"Match over after {m.round} rounds: {m.winner} - click or press a key", YELLOW
        cur = s.current()
        if cur is None:
            return f"Round {m.round}: {PHASE_NAMES.get(m.phase, m.phase)}", WHITE
        v = m.view(cur)
        who = "your turn" if s.can_declare(cur) else "AI"
        return f"Round {m.round} - declarations: {v.name} ({v.team}, initiative {v.initiative}) - {who}", \
            TEAM_COLOURS.get(v.team, WHITE)

    def draw(self, surface: pygame.Surface) -> None:
        m, cam = self.match, self.camera
        surface.fill((12, 12, 16))
        surface.set_clip(self.map_rect)
        surface.blit(self.renderer.surface(cam.tile_px), (round(cam.view.x - cam.ox), round(cam.view.y - cam.oy)))
        uid = self.selected
        own = uid is not None and self.session.can_declare(uid)
        if own:
            ov.draw_reachable(surface, cam, self._reach(uid), m.movement_allowance(uid))
        if m.phase == "declare":
            ov.draw_declarations(surface, cam, m)
        targets: set[int] = set()
        if uid is not None and not m.view(uid).out:
            targets = self._cached("sight", (uid,), lambda: {e.uid for e in m.visible_enemies(uid)})
        facing = self._cached("facing", (), lambda: ov.facings(m, self.start_pos))
        ov.draw_units(surface, cam, m, self.sprites, uid, targets, self.session.current(), facing)
        tip = None
        if own and self.hover is not None and not self.busy():
            tip = self._draw_hover(surface, uid)
        surface.set_clip(None)
        draw_banner(surface, self.banner_rect, *self.banner())
        end = len(m.log) - (len(self.playback) - self.play_i if self.busy() else 0)
        lines = self._cached("lines", (end,), lambda: [e.line() for e in m.log.events[:end]])
        draw_log(surface, self.log_rect, lines, self.log_scroll)
        dfn = "default" if self.defences is None else str(self.defences)
        shot = self.attack_label()
        if uid is not None and self.attack_mode != "area":
            hovered = self.unit_at(self.hover)
            if hovered is not None and self.aimed_at(uid, hovered):
                shot = f"{self.attack_mode} (aimed at {m.name(hovered)})"
        help_lines = [f"attack mode: {shot}   defences: {dfn}", *HELP]
        draw_unit_panel(surface, self.side_rect, m, uid, self.session.queue, self.session.current(), help_lines)
        if self.message:
            img = text(self.message, 20, YELLOW)
            surface.blit(img, (self.map_rect.x + 8, self.map_rect.bottom - img.get_height() - 6))
        if tip:
            draw_tooltip(surface, self.mouse, tip, self.map_rect)
        if self.session.handover:
            self._draw_handover(surface)
        if self.menu is not None:
            self.menu.draw(surface, self.size, self.menu_values(), self.menu_note)

    def _draw_hover(self, surface: pygame.Surface, uid: int) -> list[str] | None:
        m, cam, tile = self.match, self.camera, self.hover
        if self.pending_throw:
            return self._throw_preview(surface, uid, tile)
        target = self.unit_at(tile)
        if target is not None and m.view(target).team != m.view(uid).team:
            mode = "melee" if m.rules.weapon_facts(m.view(uid).combatant).melee else self.attack_mode
            if mode == "area":
                return [f"area fire at {m.name(target)}'s tile: click to declare"]
            options = {} if mode == "melee" else self.shot_options(uid, target)
            key = (uid, target, mode, tuple(sorted(options.items())))
            return self._cached("preview", key, lambda: preview_lines(m, uid, target, mode, options))
        reach = self._reach(uid)
        if tile in reach and target is None:
            path = self._cached("path", (uid, tile), lambda: m.path(uid, tile))
            if path:
                mode = ov.move_mode(reach[tile], m.movement_allowance(uid))
                ov.draw_path(surface, cam, path, (255, 255, 255), 3, f"{reach[tile]:.0f} m {mode}")
        return None

    def _throw_preview(self, surface: pygame.Surface, uid: int, tile: tuple[int, int]) -> list[str]:
        """The grenade's blast bands before the throw, and who stands in each."""
        m, cam = self.match, self.camera
        v = m.view(uid)
        weapon = v.grenades[0]
        ov.draw_blast(surface, cam, m, weapon, tile, filled=True)
        pygame.draw.line(surface, (255, 220, 60), cam.centre(v.pos), cam.centre(tile), 2)
        bands = self._cached("blast", (weapon, tile, v.team), lambda: ov.blast_preview(m, weapon, tile, v.team))
        r_m = float(m.rules.blast_radius_m(weapon))
        dist = geo.distance_m(m.grid, v.pos, tile)
        lines = [f"throw {weapon.replace('_', ' ')} {dist:.0f} m to {tile}",
                 f"blast radius {r_m:g} m: wounds to {r_m:g} m, mixed to {2 * r_m:g} m, stuns to {3 * r_m:g} m"]
        for band, names in bands:
            lines.extend(_wrap_names(f"{band}: ", names or ["nobody"]))
        check = m.check(uid, Throw(weapon, tile))
        if hasattr(check, "reason"):
            lines.append(f"cannot declare: {check.reason}")
        return lines

    def _draw_handover(self, surface: pygame.Surface) -> None:
        team = self.session.handover or ""
        surface.fill((8, 8, 12))
        big = text(f"{team.title()} player, take the seat - press a key", 40, TEAM_COLOURS.get(team, WHITE))
        surface.blit(big, big.get_rect(center=(self.size[0] // 2, self.size[1] // 2)))


def _wrap_names(head: str, names: list[str], width: int = 64, max_lines: int = 3) -> list[str]:
    """`head` then the names, comma separated, wrapped to `width` characters (at most
    `max_lines` lines; the rest counted)."""
    out, line = [], head
    for i, name in enumerate(names):
        part = name + ("," if i < len(names) - 1 else "")
        if len(line) + len(part) + 1 > width and line.strip() not in ("", head.strip()):
            if len(out) == max_lines - 1:
                out.append(line + f" and {len(names) - i} more")
                return out
            out.append(line)
            line = "    "
        line += ("" if line.endswith((": ", "    ")) else " ") + part
    out.append(line)
    return out
