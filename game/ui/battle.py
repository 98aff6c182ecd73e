"""The battle screen over a `Session`: its layout and the state its parts share (the
camera, the selected unit, the hovered tile, the message line, the Esc menu), and the parts
it hands the work to: `BattleInput` (mouse and keys, selection, declaring), `PendingChoice`
(the choice being made and what it would declare, the buttons), `Playback` (the resolved
round played back step by step) and `BattleView` (the drawing).

    screen = BattleScreen(session, renderer, sprites, window.get_size())
    screen.handle(event) -> None | "results" | "menu"   (positions from event.pos)
    screen.update(ms); screen.draw(window)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.session import Session
from game.ui.assets import Sprites
from game.ui.battle_choice import PendingChoice
from game.ui.battle_draw import BattleView
from game.ui.battle_input import BattleInput
from game.ui.battle_playback import Playback
from game.ui.battle_prompt import QuestionPrompt
from game.ui.camera import Camera
from game.ui.escmenu import EscMenu
from game.ui.maprender import MapRenderer

BANNER_H, LOG_H = 32, 150


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
        self.layout(size)
        self.camera = Camera((self.match.grid.width, self.match.grid.height), renderer.zoom_levels(), self.map_rect)
        self.selected: int | None = None
        self.hover: tuple[int, int] | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.log_scroll = 0
        self.message = ""
        self.menu: EscMenu | None = None
        self.menu_note = ""
        self.cache: dict[Any, Any] = {}
        self.choice = PendingChoice(self)
        self.play = Playback(self, playback_ms, watch_ms)
        self.input = BattleInput(self)
        self.view = BattleView(self)
        self.prompt = QuestionPrompt(self)
        session.on_resolved = self.play.on_resolved
        self.start_pos = self._start_positions()
        self.input.auto_select()
        if self.selected is None:
            living = self.match.units(living=True) or self.match.units()
            xs, ys = [v.pos[0] for v in living], [v.pos[1] for v in living]
            self.camera.centre_on((sum(xs) // len(xs), sum(ys) // len(ys)))

    # --- layout and shared state ------------------------------------------------------

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

    def cached(self, name: str, args: tuple, fn: Callable[[], Any]) -> Any:
        """`fn()`, remembered under `name` and `args` until the round or the log changes."""
        key = (name, args, (self.match.round, len(self.match.log)))
        if key not in self.cache:
            if len(self.cache) > 256:
                self.cache.clear()
            self.cache[key] = fn()
        return self.cache[key]

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

    def reach(self, uid: int) -> dict[tuple[int, int], float]:
        """Every tile the unit may move to this round, with its cost: the reach of its
        longest allowance (a hurt unit's sprint can be shorter than its run)."""
        def reach() -> dict[tuple[int, int], float]:
            allowance = self.match.movement_allowance(uid)
            return self.match.movement.reachable(uid, max(("sprint", "run", "free"), key=lambda k: allowance[k]))

        return self.cached("reach", (uid,), reach)

    # --- the frame ----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> tuple | str | None:
        return self.input.handle(event)

    def update(self, ms: float) -> str | None:
        if self.menu is not None:
            return None  # paused
        self.input.pan(ms)
        if self.play.paused or self.play.tick(ms):
            return None
        s = self.session
        if self.match.over:
            return None
        if s.needs_round:
            if s.config.mode == "watch" and not self.play.watch_due():
                return None
            self.play.begin_round()
            s.begin_round()
            # a new round: the selection goes to the first of your units to declare
            keep = self.selected if s.config.mode == "watch" else None
            self.selected = keep if keep is not None and not self.match.view(keep).out else None
            self.choice.cancel()
            self.input.auto_select()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)

    # --- the Esc menu -----------------------------------------------------------------

    def open_menu(self) -> None:
        self.menu = EscMenu()
        self.menu_note = ""
        self.input.release()

    def menu_choice(self, choice: Any) -> tuple | str | None:
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
            self.input.edge = (0, 0)
        elif isinstance(choice, tuple) and choice[0] == "speed":
            self.play.step_speed(choice[1])
        elif isinstance(choice, tuple) and choice[0] == "zoom":
            self.camera.zoom(choice[1], self.map_rect.center)
        return None

    def menu_values(self) -> dict[str, str]:
        from game.saves import default_save_path

        name = default_save_path().name
        edge = "on" if self.settings.get("edge_pan", True) else "off"
        return {"speed": self.play.step_label(), "zoom": f"{self.camera.tile_px} px tiles", "edge": edge,
                "save": name, "load": name}
