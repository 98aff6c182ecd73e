"""The window and its loop: the menu, the battle and the results screens, switched by what
each screen's `handle` returns; `--screenshot` support for tests and tools."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.session import MAP_UNITS, Session, SessionConfig  # noqa: E402
from game.ui.assets import Sprites  # noqa: E402
from game.ui.battle import BattleScreen  # noqa: E402
from game.ui.maprender import MapRenderer  # noqa: E402
from game.ui.menus import MainMenu, ResultsScreen  # noqa: E402


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
    return out


def new_session(config: SessionConfig) -> Session:
    """A match on the configured map with its squads; raises MapError or SquadError. The map
    is judged as the command line judges it (game.judge): its own units must be sound even
    when both sides field other squads."""
    from engine.rulesets import make_ruleset
    from game.judge import judge_map
    from game.squads import check_squads
    from game.world.match import Match

    judged = judge_map(config.map_path, config.ruleset)
    grid = judged.grid
    config.ruleset = judged.ruleset
    rules = make_ruleset(judged.ruleset)
    squads = config_squads(grid, config)
    check_squads(grid, squads, rules if judged.ruleset != "yags" else None)
    session = Session(Match(grid, squads, seed=config.seed, max_rounds=config.max_rounds, ruleset=rules), config)
    session.squads = squads
    return session


class App:
    def __init__(self, size: tuple[int, int] = (1280, 720), playback_ms: int = 350, watch_ms: int = 600) -> None:
        pygame.display.init()
        pygame.font.init()
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("skirmish")
        self.sprites = Sprites()
        self.playback_ms, self.watch_ms = playback_ms, watch_ms
        self.renderers: dict[str, MapRenderer] = {}
        self.settings: dict[str, object] = {"edge_pan": True}  # kept from battle to battle
        self.session: Session | None = None
        self.screen: object = MainMenu(self.window.get_size())
        self.running = True

    # --- screens ----------------------------------------------------------------------

    def battle(self, config: SessionConfig, session: Session | None = None) -> BattleScreen:
        """Open a battle (made from `config` unless given)."""
        self._close()
        self.session = session or new_session(config)
        grid = self.session.match.grid
        key = str(Path(grid.path))
        if key not in self.renderers:
            self.renderers = {key: MapRenderer(grid)}
        self.screen = BattleScreen(self.session, self.renderers[key], self.sprites, self.window.get_size(),
                                   self.playback_ms, self.watch_ms, self.settings)
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
            self.running = False
        elif kind == "menu":
            self._close()
            self.screen = MainMenu(self.window.get_size(), transition[1] if len(transition) > 1 else None)
        elif kind == "results" and self.session is not None:
            self.screen = ResultsScreen(self.session, self.window.get_size())
        elif kind == "load":
            self.load(transition[1])
        elif kind == "battle":
            from game.maps import MapError
            from game.squads import SquadError

            try:
                self.battle(transition[1])
            except (MapError, SquadError, OSError, ValueError) as exc:
                from game.files import one_line

                self.screen = MainMenu(self.window.get_size(), transition[1], error=one_line(exc))

    # --- loop -------------------------------------------------------------------------

    def frame(self, ms: float) -> None:
        """One frame: events, update, draw, flip."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
                return
            if event.type == pygame.VIDEORESIZE:
                self.window = pygame.display.get_surface()
                self.screen.resize(self.window.get_size())
                continue
            self.go(self.screen.handle(event))
            if not self.running:
                return
        if isinstance(self.screen, BattleScreen):
            self.screen.update(ms)

        self.screen.draw(self.window)
        pygame.display.flip()

    def run(self, frames: int | None = None, screenshot: str | None = None, ms_per_frame: float | None = None) -> int:
        """Run until quit, or `frames` frames; then save the window to `screenshot`."""
        clock = pygame.time.Clock()
        n = 0
        while self.running and (frames is None or n < frames):
            ms = clock.tick(60)
            self.frame(ms_per_frame if ms_per_frame is not None else ms)
            n += 1
        try:
            if screenshot:
                from game.files import write_png

                write_png(self.window, screenshot)  # FileProblem, one line, if it cannot
        finally:
            self._close()
        return 0
