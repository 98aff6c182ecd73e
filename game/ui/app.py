"""The window and its loop: the menu, the battle and the results screens, switched by what
each screen's `handle` returns; the player's settings (kept between runs), the UI scale and
fullscreen, the sound; `--screenshot` support for tests and tools.

The loop draws only when something changed: while nothing moves (no animation, playback,
panning or AI under way) it looks for an event every IDLE_SLEEP_S and sleeps in between
(`pygame.event.wait` with a timeout costs more: SDL wakes every few milliseconds), and draws
nothing until an event comes, so an idle battle screen costs next to no CPU.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.limits import MAX_WINDOW  # noqa: E402
from game.session import MAP_UNITS, Session, SessionConfig  # noqa: E402
from game.ui.assets import Sprites  # noqa: E402
from game.ui.battle import BattleScreen  # noqa: E402
from game.ui.maprender import MapRenderer  # noqa: E402
from game.ui.menus import MainMenu, ResultsScreen  # noqa: E402
from game.ui.settings import defaults, save_settings  # noqa: E402
from game.ui.sound import Sounds  # noqa: E402

IDLE_SLEEP_S = 0.015  # asleep between looks at the event queue when nothing moves
MAX_STEP_MS = 100  # a frame after a long sleep moves the clocks on at most this much
MIN_LOGICAL = (640, 400)


def config_squads(grid: Any, config: SessionConfig) -> dict[str, list[dict[str, Any]]]:
    """The squads for a match: per side the chosen squad (as many as the map's own units of
    that side, else 8), or the map's own units ("map units", the default)."""
    from game.squads import map_squads

    own = map_squads(grid)
    out = {}
    for team in ("blue", "red"):
        choice = getattr(config, f"{team}_squad", "") or MAP_UNITS
        if choice == MAP_UNITS:
            out[team] = own.get(team, [])
        else:
            n = sum(1 for u in grid.units if u.team == team) or None
            out[team] = map_squads(grid, choice, n)[team]
    chosen = {team: getattr(config, f"{team}_deployment", "") or None for team in ("blue", "red")}
    if any(chosen.values()):
        from game.squads import deployed

        out = deployed(grid, out, chosen)
    return out


def new_session(config: SessionConfig) -> Session:
    """A match on the configured map with its squads; raises MapError, SquadError or
    TacticError (a tactic that does not fit the map or its side's units). The map
    is judged as the command line judges it (game.judge): its own units must be sound even
    when both sides field other squads."""
    from engine.rulesets import make_ruleset
    from game.judge import judge_map
    from game.squads import check_squads
    from game.tactics import check_tactic, parse_tactic
    from game.world.match import Match

    judged = judge_map(config.map_path, config.ruleset)
    grid = judged.grid
    config.ruleset = judged.ruleset
    rules = make_ruleset(judged.ruleset)
    squads = config_squads(grid, config)
    check_squads(grid, squads, rules)
    if config.fog is None:
        from game.sim import choose_fog

        config.fog = choose_fog(None, None, grid, config.mode in ("solo", "hotseat"))
    for team, (path, text) in config.tactics.items():
        if team in squads:
            check_tactic(parse_tactic(text, path), grid, squads[team], team)
    session = Session(Match(grid, squads, seed=config.seed, max_rounds=config.max_rounds, ruleset=rules,
                            fog=config.fog), config)
    session.squads = squads
    return session


class App:
    """The game's window. `settings` (game.ui.settings) are the player's; with `persist`
    every change is written to their config folder."""

    def __init__(self, size: tuple[int, int] = (1280, 720), playback_ms: int | None = None, watch_ms: int = 600,
                 settings: dict[str, Any] | None = None, persist: bool = False) -> None:
        pygame.display.init()
        pygame.font.init()
        self.settings = settings if settings is not None else defaults()
        if playback_ms is not None:
            self.settings["playback_ms"] = playback_ms
        self.persist = persist
        self.windowed_size = size
        self.window = self._set_mode(size)
        pygame.display.set_caption("skirmish")
        self.canvas = self.window
        self.scale = 1.0
        self._rescale()
        self.sprites = Sprites()
        self.sounds = Sounds(self.settings)
        self.watch_ms = watch_ms
        self.renderers: dict[str, MapRenderer] = {}
        self.session: Session | None = None
        self.menu_config: SessionConfig | None = None  # the last new game chosen in the menu
        self.screen: Any = MainMenu(self.size(), app=self)
        self.running = True
        self.note = ""  # a settings problem to show once

    # --- the window -------------------------------------------------------------------

    def _set_mode(self, size: tuple[int, int]) -> pygame.Surface:
        """The window at `size`, or fullscreen, never past MAX_WINDOW a side (a bigger
        display shows a window of MAX_WINDOW scaled up by SDL)."""
        size = _held(size)
        if self.settings.get("fullscreen"):
            try:
                full = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                if _held(full.get_size()) == full.get_size():
                    return full
                return pygame.display.set_mode(_held(full.get_size()), pygame.FULLSCREEN | pygame.SCALED)
            except pygame.error:
                self.settings["fullscreen"] = False
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def _rescale(self) -> None:
        """The canvas the screens draw on: the window itself at scale 1, else a picture of
        the window's size divided by the UI scale, scaled up as it is shown."""
        w, h = self.window.get_size()
        scale = float(self.settings.get("ui_scale", 1.0))
        # never so large that the screens get less than MIN_LOGICAL
        scale = max(0.5, min(scale, w / MIN_LOGICAL[0], h / MIN_LOGICAL[1])) if scale > 1 else scale
        scale = max(scale, w / MAX_WINDOW, h / MAX_WINDOW)  # nor a canvas past MAX_WINDOW
        self.scale = scale
        if abs(scale - 1.0) < 1e-6:
            self.canvas = self.window
        else:
            self.canvas = pygame.Surface((max(1, round(w / scale)), max(1, round(h / scale))))

    def size(self) -> tuple[int, int]:
        """The screens' size: the window's, divided by the UI scale."""
        return self.canvas.get_size()

    def _relayout(self) -> None:
        self._rescale()
        if hasattr(self.screen, "resize"):
            self.screen.resize(self.size())

    def _logical(self, event: pygame.event.Event) -> pygame.event.Event:
        """A mouse event with its position on the canvas (the UI scale undone)."""
        if self.canvas is self.window or not hasattr(event, "pos"):
            return event
        d = dict(event.dict)
        d["pos"] = (int(event.pos[0] / self.scale), int(event.pos[1] / self.scale))
        if "rel" in d:
            d["rel"] = (int(d["rel"][0] / self.scale), int(d["rel"][1] / self.scale))
        return pygame.event.Event(event.type, d)

    # --- settings -----------------------------------------------------------------------

    def change_setting(self, key: str, value: Any) -> None:
        """Apply a setting now and keep it for the next run (when persisting)."""
        self.settings[key] = value
        if key == "fullscreen":
            self.window = self._set_mode(self.windowed_size)
            self._relayout()
        elif key == "ui_scale":
            self._relayout()
        elif key == "playback_ms" and isinstance(self.screen, BattleScreen):
            self.screen.play.set_speed(int(value))
        if self.persist:
            problem = save_settings(self.settings)
            if problem and hasattr(self.screen, "message"):
                self.screen.message = problem

    # --- screens ----------------------------------------------------------------------

    def battle(self, config: SessionConfig, session: Session | None = None, tutorial: bool = False) -> BattleScreen:
        """Open a battle (made from `config` unless given)."""
        self._close()
        self.session = session or new_session(config)
        grid = self.session.match.grid
        key = str(Path(grid.path))
        if key not in self.renderers:
            self.renderers = {key: MapRenderer(grid)}
        self.screen = BattleScreen(self.session, self.renderers[key], self.sprites, self.size(),
                                   int(self.settings.get("playback_ms", 350)), self.watch_ms, self.settings,
                                   sounds=self.sounds)
        if tutorial:
            from game.ui.tutorial import Coach

            self.screen.coach = Coach(self.screen)
        return self.screen

    def load(self, path: str) -> bool:
        """Open a saved game; on failure the current screen shows the one-line error."""
        from game.saves import SaveError, load_game

        try:
            session = load_game(path)
        except SaveError as exc:
            msg = str(exc)
            if isinstance(self.screen, BattleScreen):
                self.screen.message = msg
                if self.screen.menu is not None:
                    self.screen.menu_note = msg
            elif isinstance(self.screen, MainMenu):
                self.screen.error = msg
            return False
        self.battle(session.config, session)
        self.screen.saved_as(path)
        self.screen.message = f"loaded {path}"
        return True

    def _close(self) -> None:
        if self.session is not None:
            self.session.match.close()
            self.session = None

    def go(self, transition: tuple | str | None) -> None:
        if transition is None:
            return
        if isinstance(transition, str):
            transition = (transition, self.session.config if self.session else None)
        kind = transition[0]
        if kind == "quit":
            asked = isinstance(self.screen, BattleScreen) and self.screen.dialog_kind == "quit"
            if not asked and isinstance(self.screen, BattleScreen) and self.screen.ask_quit(to_desktop=True):
                return  # the battle asks "save before quitting?" first (asked again: it quits)
            self.running = False
        elif kind == "quit_now":
            self.running = False
        elif kind == "setting":
            self.change_setting(transition[1], transition[2])
        elif kind == "menu":
            self._close()
            # the menu as the player left it (the map chosen, the mode, ...), with a fresh seed:
            # the last one chosen in the menu, else the match's own (the tutorial's is not)
            given = transition[1] if len(transition) > 1 else None
            self.screen = MainMenu(self.size(), self.menu_config or given, app=self)
        elif kind == "results" and self.session is not None:
            self.screen = ResultsScreen(self.session, self.size())
        elif kind == "load":
            self.load(transition[1])
        elif kind in ("battle", "tutorial"):
            from game.maps import MapError
            from game.squads import SquadError

            config = transition[1] if kind == "battle" else None
            if isinstance(self.screen, MainMenu) and config is not None:
                self.menu_config = config  # what the player chose: the menu keeps it for next time
            try:
                if config is None:  # the tutorial: its own yard and squads
                    from game.ui.tutorial import tutorial_config

                    config = tutorial_config()
                self.battle(config, tutorial=kind == "tutorial")
            except (MapError, SquadError, OSError, ValueError) as exc:
                from game.files import one_line

                self.screen = MainMenu(self.size(), config if kind == "battle" else None, error=one_line(exc), app=self,
                                       keep_seed=True)

    # --- loop -------------------------------------------------------------------------

    def busy(self) -> bool:
        """Does the screen need frames without events (an animation, a playback, panning)?"""
        busy = getattr(self.screen, "busy", None)
        return bool(busy()) if busy is not None else False

    def frame(self, ms: float, first: list[pygame.event.Event] | None = None) -> None:
        """One frame: events (`first`, then the queue's), update, draw, flip."""
        for event in [*(first or []), *pygame.event.get()]:
            if event.type == pygame.QUIT:
                self.go("quit")
                if not self.running:
                    return
                continue
            if event.type == pygame.VIDEORESIZE:
                self.window = pygame.display.get_surface() or self.window  # (there is one: it resized)
                if _held(self.window.get_size()) != self.window.get_size():
                    self.window = pygame.display.set_mode(_held(self.window.get_size()), pygame.RESIZABLE)
                if not self.settings.get("fullscreen"):
                    self.windowed_size = self.window.get_size()
                self._relayout()
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.change_setting("fullscreen", not self.settings.get("fullscreen"))
                continue
            self.go(self.screen.handle(self._logical(event)))
            if not self.running:
                return
        update = getattr(self.screen, "update", None)
        if update is not None:
            self.go(update(ms))
        self.screen.draw(self.canvas)
        if self.canvas is not self.window:
            pygame.transform.smoothscale(self.canvas, self.window.get_size(), self.window)
        pygame.display.flip()

    def run(self, frames: int | None = None, screenshot: str | None = None, ms_per_frame: float | None = None) -> int:
        """Run until quit, or `frames` frames; then save the window to `screenshot`. Between
        events, with nothing moving, it sleeps (no frames drawn)."""
        clock = pygame.time.Clock()
        n = 0
        while self.running and (frames is None or n < frames):
            if frames is not None or self.busy():
                ms = clock.tick(60)
                self.frame(ms_per_frame if ms_per_frame is not None else ms)
            else:
                event = pygame.event.poll()
                if event.type == pygame.NOEVENT:
                    time.sleep(IDLE_SLEEP_S)
                    if self.wants_timer():
                        self.frame(min(clock.tick(), MAX_STEP_MS))
                    continue
                self.frame(min(clock.tick(), MAX_STEP_MS), [event])
            n += 1
        try:
            if screenshot:
                from game.files import write_png

                write_png(self.window, screenshot)  # FileProblem, one line, if it cannot
        finally:
            self._close()
        return 0

    def wants_timer(self) -> bool:
        """Does the idle screen have a clock to check (a timer that runs out)?"""
        timer = getattr(self.screen, "timer_due", None)
        return bool(timer()) if timer is not None else False


def _held(size: tuple[int, int]) -> tuple[int, int]:
    """A window size held to MAX_WINDOW a side (what the window draws within its budget)."""
    return (min(int(size[0]), MAX_WINDOW), min(int(size[1]), MAX_WINDOW))
