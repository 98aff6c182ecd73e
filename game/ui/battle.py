"""The battle screen over a `Session`: camera, selection, declaring by mouse and keys, the
panels, the hand-over screen in hot-seat, and the resolved round played back event by event.

    screen = BattleScreen(session, renderer, sprites, window.get_size())
    screen.handle(event) -> None | "results" | "menu"   (positions from event.pos)
    screen.update(ms); screen.draw(window)
"""

from __future__ import annotations

from typing import Any

import pygame

from game.session import Session
from game.ui import actionbar as bar
from game.ui import overlays as ov
from game.ui import previews as pv
from game.ui.assets import TEAM_COLOURS, WHITE, YELLOW, Sprites, text, wrap
from game.ui.camera import Camera
from game.ui.escmenu import EscMenu
from game.ui.maprender import MapRenderer
from game.ui.panels import (
    PHASE_NAMES,
    draw_banner,
    draw_handover,
    draw_help,
    draw_log,
    draw_tooltip,
    draw_unit_panel,
    handover_lines,
    preview_lines,
)
from game.world.actions import (
    Aim,
    AreaFire,
    Attack,
    FirstAid,
    FullDodge,
    Hold,
    Move,
    Overwatch,
    PickUp,
    Reload,
    Stand,
    Throw,
)

BANNER_H, LOG_H = 32, 150
SPEEDS = (1400, 700, 350, 175, 80, 0)  # playback ms per step, slowest first
MODE_KEYS = {pygame.K_1: "shot", pygame.K_2: "burst", pygame.K_3: "triple", pygame.K_4: "area",
             pygame.K_5: "suppress"}
AREA_MODES = ("area", "suppress")  # aimed at a tile, not a unit
SHOT_KEYS = {pygame.K_q: "snap", pygame.K_e: "careful"}  # `1` is the normal shot
EDGE_PX = 16  # the mouse this near the map view's edge pans the camera
PAN_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1),
            pygame.K_a: (-1, 0), pygame.K_w: (0, -1), pygame.K_s: (0, 1)}
HELP = ["click: select a unit, move, attack an enemy",
        "pan: arrows/WAS, edge, middle-drag; wheel: zoom",
        "log: PgUp/PgDn/End, wheel; Esc: menu, save, load"]
WATCH_HELP = ["AI ({ai}) v AI ({ai}): click a unit to see it", *HELP[1:]]


def playback_steps(events: list[Any]) -> list[list[Any]]:
    """The resolved round in steps a player can follow: one attack with its rolls, damage
    and effects; one move; one end-of-round check. A step begins at a new phase, a move
    after other events, a new actor (other than the current step's target, whose defence
    and damage belong to it) or the same actor attacking someone else."""
    steps: list[list[Any]] = []
    actor = target = phase = None
    for e in events:
        new = not steps or e.phase != phase
        if not new and e.kind == "move" and any(x.kind != "move" for x in steps[-1]):
            new = True  # a move is its own step (its mover is shown where it went from then on)
        elif not new and e.actor is not None:
            if e.actor not in (actor, target):
                new = True
            elif e.actor == actor and e.kind == "attack" and e.target is not None and e.target != target:
                new = target is not None
        if new:
            steps.append([e])
            actor, target, phase = e.actor, e.target, e.phase
        else:
            steps[-1].append(e)
            if target is None and e.actor == actor and e.target is not None:
                target = e.target
    return steps


def headline(step: list[Any]) -> str:
    """A step in one line: who did what to whom and what it did ("A -> B: hit; B: wounds
    2 (light)"), else its first line."""
    hit = next((e.text for e in step if " -> " in e.text), None)
    parts = [hit or step[0].text]
    parts += [e.text for e in step if e.kind in ("damage", "down")]
    return "; ".join(parts)


def side_width(w: int) -> int:
    """The side panel: 340 px, narrower in a small window so the map keeps most of it."""
    return 340 if w >= 1100 else 300


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
        self.pending_aim = False
        self.pending_overwatch = False  # waiting for a click on the tile to aim the arc at
        self.pending_first_aid = False  # waiting for a click on the patient
        self.first_aid_stuns = False  # first aid treats stuns (else wounds)
        self.paused = False  # watch mode: no new rounds, no playback
        self.drag: tuple[int, int] | None = None
        self.held: set[int] = set()
        self.log_scroll = 0
        self.message = ""
        self.menu: EscMenu | None = None
        self.menu_note = ""
        self.defences: int | None = None  # declared defences (None: the rules' default)
        self.playback: list[list[Any]] = []  # the resolved round's events, in steps
        self.play_ends: list[int] = []  # the log's length at the end of each step
        self.play_i = 0
        self.clock = 0.0
        self.next_at = 0.0
        self._cache: dict[Any, Any] = {}
        session.on_resolved = self._on_resolved
        self.start_pos = self._start_positions()
        self.round_start = {v.uid: v.pos for v in self.match.units()}  # where this round began
        self.round_health = self._health_now()  # and how each unit was then
        self._auto_select()
        if self.selected is None:
            living = self.match.units(living=True) or self.match.units()
            xs, ys = [v.pos[0] for v in living], [v.pos[1] for v in living]
            self.camera.centre_on((sum(xs) // len(xs), sum(ys) // len(ys)))

    # --- layout and state -------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = max(size[0], 640), max(size[1], 400)
        self.size = (w, h)
        side = side_width(w)
        log_h = LOG_H if h >= 600 else 100
        self.banner_rect = pygame.Rect(0, 0, w - side, BANNER_H)
        self.side_rect = pygame.Rect(w - side, 0, side, h)
        self.log_rect = pygame.Rect(0, h - log_h, w - side, log_h)
        self.map_rect = pygame.Rect(0, BANNER_H, w - side, h - BANNER_H - log_h)

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: the same map point stays in the middle of the view; the
        selected unit is brought back into view if the new size lost it."""
        self.layout(size)
        self.camera.resize(self.map_rect)
        if self.selected is not None:
            self.camera_follow(self.selected)

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
        margin = min(40, self.map_rect.w // 4, self.map_rect.h // 4)
        if not self.map_rect.inflate(-2 * margin, -2 * margin).contains(r):
            self.camera.centre_on(self.match.view(uid).pos)

    def unit_at(self, tile: tuple[int, int] | None, living: bool = True) -> int | None:
        if tile is None:
            return None
        for v in self.match.units(living=living):
            if v.pos == tile:
                return v.uid
        return None

    def _health_now(self) -> dict[int, dict[str, Any]]:
        return {v.uid: self.match.rules.health_facts(v.state) for v in self.match.units()}

    def shown(self) -> dict[int, ov.Shown]:
        """The units as they stand at the step being played back: where, whether down, and
        their wound and stun markers as the events so far left them."""
        return self._cached("shown", (self.play_i,), lambda: ov.shown_at(
            self.match, self.round_start, [e for step in self.playback[self.play_i + 1:] for e in step],
            [e for step in self.playback[:self.play_i + 1] for e in step], self.round_health))

    def _cancel_pending(self) -> None:
        self.pending_throw = self.pending_aim = self.pending_overwatch = self.pending_first_aid = False

    def _pending(self) -> str:
        return ("throw" if self.pending_throw else "aim" if self.pending_aim else
                "overwatch" if self.pending_overwatch else "first_aid" if self.pending_first_aid else "")

    def busy(self) -> bool:
        """Showing the resolved round (input skips it)."""
        return self.play_i < len(self.playback)

    def _on_resolved(self, first: int, rnd: int) -> None:
        events = self.match.log.since(first)
        self.playback = playback_steps([e for e in events if e.phase != "declare"])
        skipped = len(events) - sum(len(step) for step in self.playback)
        self.play_ends = []
        n = first + skipped
        for step in self.playback:
            n += len(step)
            self.play_ends.append(n)
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
            if self._pending():
                self._cancel_pending()
                self.message = ""
            else:
                self.open_menu()
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_END):
            return self._key_down(event.key)
        button = None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = bar.button_at(self.buttons(), event.pos)
            if button is None and not self.map_rect.collidepoint(event.pos):
                return None  # a click on a panel is not a click on the map
        if s.config.mode == "watch" and (button is not None or event.type == pygame.KEYDOWN):
            key = button.key if button is not None else event.key
            if key in (pygame.K_SPACE, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS,
                       pygame.K_KP_MINUS) and not self.match.over:
                return self._key_down(key)
        if self.busy():
            self.play_i = len(self.playback)
            return None
        if self.match.over:
            return "results"
        if button is not None:
            return self._key_down(button.key) if button.enabled else None
        if event.type == pygame.KEYDOWN:
            return self._key_down(event.key)
        if event.button == 1:
            self._click(self.camera.tile_at(event.pos))
        elif event.button == 3:
            self._cancel_pending()
        return None

    def _key_down(self, k: int) -> str | None:
        if k in PAN_KEYS:
            self.held.add(k)
            dx, dy = PAN_KEYS[k]
            self.camera.pan(dx * self.camera.tile_px * 2, dy * self.camera.tile_px * 2)
        elif k in MODE_KEYS:
            self.attack_mode = MODE_KEYS[k]
            if k == pygame.K_1:
                self.shot = "normal"
            self.message = f"attack mode: {self.attack_label()}" + (
                ": click a tile to fire at" if self.attack_mode in AREA_MODES else "")
        elif k in SHOT_KEYS:
            self.shot = SHOT_KEYS[k]
            if self.attack_mode in AREA_MODES:
                self.attack_mode = "shot"
            self.message = f"attack mode: {self.attack_label()}"
        elif k == pygame.K_SPACE and self.session.config.mode == "watch":
            self.paused = not self.paused
            self.message = "paused: Space resumes" if self.paused else ""
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.playback_ms, self.watch_ms = max(0, self.playback_ms // 2), max(50, self.watch_ms // 2)
            self.message = f"speed: {self.speed_label()}"
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.playback_ms, self.watch_ms = min(2000, self.playback_ms * 2 or 100), min(5000, self.watch_ms * 2)
            self.message = f"speed: {self.speed_label()}"
        elif k == pygame.K_PAGEUP:
            self.log_scroll += 8
        elif k == pygame.K_PAGEDOWN:
            self.log_scroll = max(0, self.log_scroll - 8)
        elif k == pygame.K_END:
            self.log_scroll = 0
        elif k == pygame.K_TAB:
            self._next_unit()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.session.end_declarations()
            self._cancel_pending()
            self._auto_select()
        elif self.selected is not None:
            self._action_key(k)
        return None

    def _action_key(self, k: int) -> None:
        uid = self.selected
        v = self.match.view(uid)
        if not self.session.can_declare(uid) and k in (pygame.K_r, pygame.K_h, pygame.K_v, pygame.K_d, pygame.K_p,
                                                        pygame.K_c, pygame.K_g, pygame.K_o, pygame.K_t,
                                                        pygame.K_u):
            self.message = self._why_not(uid)
            return
        if k == pygame.K_r:
            self._declare(Reload())
        elif k == pygame.K_h:
            self._declare(Hold())
        elif k == pygame.K_v:
            target = self.unit_at(self.hover)
            if target is None or self.match.view(target).team == v.team:
                self._cancel_pending()
                self.pending_aim = True
                self.message = "aim: click an enemy (right click or Esc cancels)"
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
                self._cancel_pending()
                self.pending_throw = True
                self.message = f"throw {v.grenades[0]}: click a tile (right click or Esc cancels)"
            else:
                self.message = f"{v.name} has no grenades"
        elif k == pygame.K_o:
            if self.match.rules.weapon_facts(v.combatant).melee:
                self._declare(Overwatch())
            else:
                self._cancel_pending()
                self.pending_overwatch = True
                self.message = (f"overwatch: click a tile to aim the {self.match.rules.overwatch_arc():g} degree "
                                "arc at (right click or Esc cancels)")
        elif k == pygame.K_t:
            self._cancel_pending()
            self.pending_first_aid = True
            self.message = (f"first aid ({'stuns' if self.first_aid_stuns else 'wounds'}): click {v.name} or a "
                            "friend next to it (Y: stuns or wounds; right click or Esc cancels)")
        elif k == pygame.K_y:
            self.first_aid_stuns = not self.first_aid_stuns
            self.message = f"first aid treats {'stuns' if self.first_aid_stuns else 'wounds'}"
        elif k == pygame.K_u:
            self._declare(PickUp())

    def _why_not(self, uid: int) -> str:
        """Why the selected unit cannot declare now (one line for the player)."""
        s, m = self.session, self.match
        v = m.view(uid)
        if v.team not in s.humans:
            return f"{v.name} is not yours"
        if m.declared(uid) is not None:
            return f"{v.name} has declared; its turn has passed"
        cur = s.current()
        return f"{v.name} declares later: now it is {m.name(cur)}'s turn" if cur is not None else "nobody declares now"

    def _next_unit(self) -> None:
        """Tab: the next of your units that may declare now, else the next of the side."""
        s = self.session
        team = self.match.view(self.selected).team if self.selected is not None else (s.seat or s.config.human_team)
        own = [v.uid for v in self.match.units(team, living=True)]
        if not own:
            return
        ready = [u for u in own if s.can_declare(u)]
        pool = ready if ready and (len(ready) > 1 or self.selected not in ready) else own
        i = pool.index(self.selected) + 1 if self.selected in pool else 0
        self.selected = pool[i % len(pool)]
        self.camera_follow(self.selected)

    def _click(self, tile: tuple[int, int] | None) -> None:
        if tile is None:
            return
        uid = self.selected
        other = self.unit_at(tile)
        mine = uid is not None and self.session.can_declare(uid)
        if self.pending_throw and mine:
            self.pending_throw = False
            self._declare(Throw(self.match.view(uid).grenades[0], tile))
            return
        if self.pending_aim and mine:
            if other is None or self.match.view(other).team == self.match.view(uid).team:
                self.message = "aim: click an enemy (right click or Esc cancels)"
                return
            self.pending_aim = False
            self._declare(Aim(other))
            return
        if self.pending_overwatch and mine:
            self._declare(Overwatch(tile))
            if not self.message:
                self.pending_overwatch = False
            return
        if self.pending_first_aid and mine:
            if other is None or self.match.view(other).team != self.match.view(uid).team:
                self.message = "first aid: click this unit or a friend next to it (right click or Esc cancels)"
                return
            self._declare(FirstAid(other, self.first_aid_stuns))
            if not self.message:
                self.pending_first_aid = False
            return
        if other is not None and (not mine or self.match.view(other).team == self.match.view(uid).team):
            if other == uid and mine:
                self.message = f"{self.match.name(uid)}: hold with H, or click a tile to move"
                return
            self.selected = other
            self.message = "" if self.session.can_declare(other) or self.session.config.mode == "watch" \
                else self._why_not(other)
            return
        if not mine:
            if uid is not None:
                self.message = self._why_not(uid)
            return
        facts = self.match.rules.weapon_facts(self.match.view(uid).combatant)
        if self.attack_mode in AREA_MODES and not facts.melee:
            self._declare(AreaFire(tile, self.attack_mode == "suppress"))
            return
        if other is not None:
            if facts.melee:
                self._declare(Attack(other, "melee"))
            else:
                self._declare(Attack(other, self.attack_mode, self.shot_options(uid, other)))
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
            self.defences = None  # declared with that unit; the next one starts from the default
            self._auto_select()

    # --- shot types -------------------------------------------------------------------

    def lost_round(self, uid: int) -> bool:
        """Did `uid` fumble its initiative, and is this the first round? Then it may only hold
        or move (the world's `check` refuses the rest, with the reason)."""
        return self.match.lost_round(uid)

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
        if self.attack_mode in AREA_MODES:
            return {}
        if self.aimed_at(uid, target):
            return {"shot": "aimed"}
        return {} if self.shot == "normal" else {"shot": self.shot}

    def attack_label(self) -> str:
        if self.attack_mode in AREA_MODES:
            return "area fire" if self.attack_mode == "area" else "suppressive fire"
        return f"{self.attack_mode} ({self.shot})"

    def speed_label(self) -> str:
        play = "instant" if self.playback_ms <= 0 else f"{self.playback_ms} ms a step"
        if self.session.config.mode == "watch":
            return f"{play}, {self.watch_ms} ms between rounds"
        return play

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
        """Every tile the unit may move to this round, with its cost: the reach of its
        longest allowance (a hurt unit's sprint can be shorter than its run)."""
        def reach() -> dict[tuple[int, int], float]:
            allowance = self.match.movement_allowance(uid)
            return self.match.reachable(uid, max(("sprint", "run", "free"), key=lambda k: allowance[k]))

        return self._cached("reach", (uid,), reach)

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

        speed = "instant" if self.playback_ms <= 0 else f"{self.playback_ms} ms a step"
        name = default_save_path().name
        edge = "on" if self.settings.get("edge_pan", True) else "off"
        return {"speed": speed, "zoom": f"{self.camera.tile_px} px tiles", "edge": edge, "save": name, "load": name}

    def update(self, ms: float) -> str | None:
        if self.menu is not None:
            return None  # paused
        for k in self.held & set(PAN_KEYS):
            dx, dy = PAN_KEYS[k]
            self.camera.pan(dx * ms * 0.8, dy * ms * 0.8)
        if self.edge != (0, 0) and self.settings.get("edge_pan", True):
            self.camera.pan(self.edge[0] * ms * 0.8, self.edge[1] * ms * 0.8)
        if self.paused:
            return None
        self.clock += ms
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
            self.round_start = {v.uid: v.pos for v in self.match.units()}  # (watch resolves at once)
            self.round_health = self._health_now()
            s.begin_round()
            # a new round: the selection goes to the first of your units to declare
            keep = self.selected if s.config.mode == "watch" else None
            self.selected = keep if keep is not None and not self.match.view(keep).out else None
            self._cancel_pending()
            self._auto_select()
        return None

    def banner(self) -> tuple[str, tuple[int, int, int]]:
        m, s = self.match, self.session
        if self.busy():
            step = self.playback[self.play_i]
            e = step[0]
            return (f"Round {e.round} resolving, {PHASE_NAMES.get(e.phase, e.phase)} "
                    f"({self.play_i + 1}/{len(self.playback)}): {headline(step)}"), YELLOW
        if m.over:
            won = "a draw" if m.winner in (None, "draw") else f"{m.winner} wins"
            return f"Match over after {m.round} rounds: {won} - click or press a key for the results", YELLOW
        cur = s.current()
        if cur is None:
            if s.config.mode == "watch" and self.paused:
                return f"Round {m.round}: paused (Space resumes)", WHITE
            return f"Round {m.round}: {PHASE_NAMES.get(m.phase, m.phase)}", WHITE
        v = m.view(cur)
        if s.handover:
            who = f"{s.handover} player to take the seat"
        elif s.can_declare(cur):
            who = "your turn" if s.config.mode == "solo" else f"{v.team} player's turn"
        else:
            who = "AI"
        return f"Round {m.round}, declarations: {v.name} ({v.team}, initiative {v.initiative}) - {who}", \
            TEAM_COLOURS.get(v.team, WHITE)

    def buttons(self) -> list[tuple[bar.Button, pygame.Rect]]:
        """The side panel's buttons where they are drawn (those of the selected unit when
        it may declare now, the speed controls when watching)."""
        uid, s = self.selected, self.session
        key = (uid, self.attack_mode, self.shot, self.defences, self._pending(), self.first_aid_stuns,
               self.paused, self.playback_ms, self.side_rect.topleft, self.side_rect.size, s.handover)

        def make() -> list[tuple[bar.Button, pygame.Rect]]:
            if s.config.mode == "watch":
                buttons = bar.watch_buttons(self.paused, self.speed_label())
            elif uid is not None and s.can_declare(uid):
                buttons = bar.player_buttons(self.match, uid, bar.Choice(self.attack_mode, self.shot,
                                                                        self.defences, self._pending(),
                                                                        self.lost_round(uid),
                                                                        self.first_aid_stuns))
            else:
                return []
            return bar.layout(self._buttons_rect(len(buttons)), buttons)

        return self._cached("buttons", key, make)

    def _buttons_rect(self, n: int) -> pygame.Rect:
        r = self.side_rect
        h = bar.height(n)
        return pygame.Rect(r.x + 10, r.bottom - h - 8 - 3 * 14 - 6, r.w - 20, h)

    def draw(self, surface: pygame.Surface) -> None:
        m, cam = self.match, self.camera
        surface.fill((12, 12, 16))
        surface.set_clip(self.map_rect)
        self.renderer.draw(surface, cam)
        uid = self.selected
        own = uid is not None and self.session.can_declare(uid)
        if own:
            layer = self._cached("reach_layer", (uid, cam.tile_px),
                                 lambda: ov.reach_layer(self._reach(uid), m.movement_allowance(uid), cam.tile_px))
            if layer is not None:
                surface.blit(layer[0], cam.tile_rect(layer[1]).topleft)
        if m.phase == "declare":
            ov.draw_declarations(surface, cam, m)
        targets: set[int] = set()
        if uid is not None and not m.view(uid).out and not self.busy():
            targets = self._cached("sight", (uid,), lambda: {e.uid for e in m.visible_enemies(uid)})
        facing = self._cached("facing", (), lambda: ov.facings(m, self.start_pos))
        shown = self.shown() if self.busy() else None
        badges = self._cached("badges", (), lambda: ov.badges(m))
        ov.draw_badges(surface, cam, m, badges, shown, over=False)
        ov.draw_units(surface, cam, m, self.sprites, uid, targets, self.session.current(), facing, shown)
        ov.draw_badges(surface, cam, m, badges, shown, over=True)
        if self.busy():
            step = self.playback[self.play_i]
            actor = step[0].actor
            target = next((e.target for e in step if e.actor == actor and e.target is not None), None)
            ov.draw_event(surface, cam, m, actor, target, shown)
        tip = None
        if own and self.hover is not None and not self.busy():
            tip = self._draw_hover(surface, uid)
        surface.set_clip(None)
        draw_banner(surface, self.banner_rect, *self.banner())
        end = self.play_ends[self.play_i] if self.busy() else len(m.log)
        lines = self._cached("lines", (end,), lambda: [e.line() for e in m.log.events[:end]])
        self.log_scroll = draw_log(surface, self.log_rect, lines, self.log_scroll)
        self._draw_side(surface, uid, own)
        if self.message:
            img = text(self.message, 20, YELLOW)
            box = img.get_rect(bottomleft=(self.map_rect.x + 8, self.map_rect.bottom - 6)).inflate(8, 4)
            pygame.draw.rect(surface, (20, 20, 20), box)
            surface.blit(img, (box.x + 4, box.y + 2))
        if tip:
            draw_tooltip(surface, self.mouse, tip, self.map_rect)
        if self.session.handover:
            self._draw_handover(surface)
        if self.menu is not None:
            self.menu.draw(surface, self.size, self.menu_values(), self.menu_note)

    def _draw_side(self, surface: pygame.Surface, uid: int | None, own: bool) -> None:
        """The unit panel, the declaration order, the buttons and two lines of help; the
        hovered button's tip in place of the help."""
        s, m = self.session, self.match
        placed = self.buttons()
        top = placed[0][1].y if placed else self.side_rect.bottom - 3 * 14 - 8
        note = ""
        if self.busy():
            note = "the round is being played back; this sheet shows its end (any key skips)"
        elif uid is not None and s.can_change(uid):
            nxt = s.current()
            note = f"may change it until {m.name(nxt)} declares" if nxt is not None else ""
        elif own:
            shot = self.attack_label()
            if self.attack_mode not in AREA_MODES:
                hovered = self.unit_at(self.hover)
                if hovered is not None and self.aimed_at(uid, hovered):
                    shot = f"{self.attack_mode} (aimed at {m.name(hovered)})"
            note = f"attack mode: {shot}"
            if self.lost_round(uid):
                note = "fumbled initiative: only hold or move this round"
        still_up = frozenset()
        if self.busy():  # who falls later in the round is not shown as fallen yet
            shown = self.shown()
            still_up = frozenset(u for u, sh in shown.items() if not sh.out and m.view(u).out)
        draw_unit_panel(surface, self.side_rect, m, uid, s.queue, s.current(), top - 8, legend=own, note=note,
                        still_up=still_up)
        bar.draw_buttons(surface, placed, self.mouse)
        help_rect = pygame.Rect(self.side_rect.x + 10, top + (bar.height(len(placed)) + 6 if placed else 0),
                                self.side_rect.w - 20, 3 * 14 + 4)
        tip = bar.tip_line(placed, self.mouse)
        if tip is not None:
            for i, part in enumerate(wrap(tip[0], help_rect.w, 16)[:3]):
                surface.blit(text(part, 16, tip[1]), (help_rect.x, help_rect.y + 14 * i))
        else:
            lines = [line.format(ai=s.config.ai) for line in WATCH_HELP] if s.config.mode == "watch" else HELP
            draw_help(surface, help_rect, lines)

    def _draw_hover(self, surface: pygame.Surface, uid: int) -> list[str] | None:
        m, cam, tile = self.match, self.camera, self.hover
        if self.pending_throw:
            return self._throw_preview(surface, uid, tile)
        if self.pending_overwatch:
            return self._overwatch_preview(surface, uid, tile)
        if self.pending_first_aid:
            return self._first_aid_preview(surface, uid, tile)
        target = self.unit_at(tile)
        melee = m.rules.weapon_facts(m.view(uid).combatant).melee
        if self.attack_mode in AREA_MODES and not melee and tile != m.view(uid).pos:
            sup = self.attack_mode == "suppress"
            victims = self._cached("arc", (uid, tile, sup), lambda: pv.arc_victims(m, uid, tile, sup))
            pv.draw_arc(surface, cam, m, uid, tile, sup, victims)
            return self._cached("arc_lines", (uid, tile, sup), lambda: pv.area_lines(m, uid, tile, sup, victims))
        if target is not None and m.view(target).team != m.view(uid).team:
            if self.pending_aim:
                return [f"aim at {m.name(target)}: click to declare",
                        "next round, a careful shot at it is an aimed shot"]
            mode = "melee" if melee else self.attack_mode
            options = {} if mode == "melee" else self.shot_options(uid, target)
            key = (uid, target, mode, tuple(sorted(options.items())))
            lines = self._cached("preview", key, lambda: preview_lines(m, uid, target, mode, options))
            if self.lost_round(uid):
                lines = [lines[0], "cannot declare: fumbled initiative, no attacks in the first round", *lines[1:]]
            return lines
        reach = self._reach(uid)
        if tile in reach and target is None:
            path = self._cached("path", (uid, tile), lambda: m.path(uid, tile))
            if path:
                mode = ov.move_mode(reach[tile], m.movement_allowance(uid))
                ov.draw_path(surface, cam, path, (255, 255, 255), 3, pv.move_label(reach[tile], mode))
        return None

    def _overwatch_preview(self, surface: pygame.Surface, uid: int, tile: tuple[int, int]) -> list[str]:
        """The overwatch's arc toward the hovered tile: the tiles it covers (in range and in
        sight) shaded, its edges, the enemies in it ringed; what triggers it and what it does."""
        m, cam = self.match, self.camera
        if tile == m.view(uid).pos:
            return ["overwatch: aim at another tile than the unit's own"]
        seen = self._cached("ow_sight", (uid,), lambda: m.overwatch_sight(uid))
        area = self._cached("ow_area", (uid, tile), lambda: m.overwatch_area(uid, tile, seen))
        xs, ys = cam.visible_tiles()
        box = (xs.start, ys.start, xs.stop - 1, ys.stop - 1)
        layer = self._cached("ow_layer", (uid, tile, cam.tile_px, box),
                             lambda: ov.area_layer(area, box, cam.tile_px, (*ov.OVERWATCH_COLOUR, 55)))
        if layer is not None:
            surface.blit(layer[0], cam.tile_rect(layer[1]).topleft)
        ov.draw_overwatch(surface, cam, m, uid, tile)
        for e in m.enemies_of(uid):
            if e.pos in area:
                r = cam.tile_rect(e.pos)
                pygame.draw.circle(surface, ov.OVERWATCH_COLOUR, r.center, max(6, r.w // 2 + 3), 2)
        return self._cached("ow_lines", (uid, tile), lambda: pv.overwatch_lines(m, uid, tile, area))

    def _first_aid_preview(self, surface: pygame.Surface, uid: int, tile: tuple[int, int]) -> list[str] | None:
        """Who may be tended (ringed green) and, over one of them, what first aid does."""
        m, cam = self.match, self.camera
        stuns = self.first_aid_stuns
        patients = self._cached("patients", (uid, stuns), lambda: pv.first_aid_patients(m, uid, stuns))
        for p in patients:
            r = cam.tile_rect(m.view(p).pos)
            pygame.draw.circle(surface, (80, 220, 110), r.center, max(6, r.w // 2 + 3), 2)
        other = self.unit_at(tile)
        if other is None or m.view(other).team != m.view(uid).team:
            return None
        return self._cached("aid_lines", (uid, other, stuns), lambda: pv.first_aid_lines(m, uid, other, stuns))

    def _throw_preview(self, surface: pygame.Surface, uid: int, tile: tuple[int, int]) -> list[str]:
        """The grenade's blast bands before the throw, and who stands in each."""
        m = self.match
        v = m.view(uid)
        weapon = v.grenades[0]
        pv.draw_throw(surface, self.camera, m, uid, tile)
        bands = self._cached("blast", (weapon, tile, v.team), lambda: ov.blast_preview(m, weapon, tile, v.team))
        return pv.throw_lines(m, uid, tile, bands)

    def handover_lines(self) -> list[str]:
        s = self.session
        return handover_lines(self.match, s.queue, s.handover or "", s.current())

    def _draw_handover(self, surface: pygame.Surface) -> None:
        draw_handover(surface, self.size, self.session.handover or "", self.handover_lines())
