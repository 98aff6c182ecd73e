"""The main menu (new skirmish: map, mode, AI level, seed; quit) and the results screen."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

from game.ai import LEVELS
from game.ui.assets import DIM, GREY, TEAM_COLOURS, WHITE, YELLOW, panel, text
from game.ui.session import MAP_UNITS, MODES, Session, SessionConfig

MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"


def shipped_maps(root: Path = MAPS_DIR) -> list[str]:
    return [str(p) for p in sorted(root.glob("*.tmx"))]


@lru_cache(maxsize=32)
def _map_has_units(path: str) -> bool:
    from game.maps import MapError, load_map

    try:
        return bool(load_map(path).units)
    except (MapError, OSError, ValueError):
        return False


def squad_choices(path: str) -> list[str]:
    """"map units" (when the map has its own) then the squads in game/data/squads.toml."""
    from game.squads import SquadError, templates

    try:
        squads = sorted(templates()[1])
    except SquadError:
        squads = []
    return ([MAP_UNITS] if path and _map_has_units(path) else []) + squads


class MainMenu:
    """Rows: map (Left/Right cycles the shipped maps), path (type a .tmx path), mode, the squad
    of each side (the map's own units or a squad from squads.toml), AI, seed (type digits),
    Start, Load (the quick save), Quit. Up/Down or the mouse pick a row; Enter starts."""

    ROWS = ("map", "path", "mode", "blue", "red", "ai", "seed", "start", "load", "quit")

    def __init__(self, size: tuple[int, int], config: SessionConfig | None = None, error: str = "") -> None:
        self.size = size
        self.maps = shipped_maps()
        default = next((p for p in self.maps if Path(p).name == "crossroads.tmx"), self.maps[0] if self.maps else "")
        cfg = config or SessionConfig(default)
        self.map_i = self.maps.index(cfg.map_path) if cfg.map_path in self.maps else 0
        self.path = "" if cfg.map_path in self.maps else cfg.map_path
        self.mode, self.ai, self.seed = cfg.mode, cfg.ai, str(cfg.seed)
        self.squads = {"blue": cfg.blue_squad, "red": cfg.red_squad}
        self._fix_squads()
        self.row = self.ROWS.index("start")
        self.error = error

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def map_path(self) -> str:
        return self.path.strip() or (self.maps[self.map_i] if self.maps else "")

    def _fix_squads(self) -> None:
        """Keep each side's squad a valid choice for the map: "map units" by default when the
        map has its own, else the `default` squad (or the first)."""
        choices = squad_choices(self.map_path())
        for team, sq in self.squads.items():
            if sq not in choices:
                self.squads[team] = choices[0] if choices and choices[0] == MAP_UNITS else (
                    "default" if "default" in choices else (choices[0] if choices else ""))

    def config(self) -> SessionConfig:
        self._fix_squads()
        return SessionConfig(self.map_path(), self.mode, self.ai, int(self.seed or 0),
                             blue_squad=self.squads["blue"], red_squad=self.squads["red"])

    def _row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.size[0] // 2 - 260, 160 + i * 42, 520, 38)

    def _cycle(self, step: int) -> None:
        name = self.ROWS[self.row]
        if name == "map" and self.maps:
            self.map_i = (self.map_i + step) % len(self.maps)
            self.path = ""
            self._fix_squads()
        elif name in self.squads:
            choices = squad_choices(self.map_path())
            if choices:
                cur = self.squads[name]
                i = choices.index(cur) if cur in choices else -step
                self.squads[name] = choices[(i + step) % len(choices)]
        elif name == "mode":
            self.mode = MODES[(MODES.index(self.mode) + step) % len(MODES)]
        elif name == "ai":
            self.ai = LEVELS[(LEVELS.index(self.ai) + step) % len(LEVELS)]

    def handle(self, event: pygame.event.Event) -> tuple | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(len(self.ROWS)):
                if self._row_rect(i).collidepoint(event.pos):
                    self.row = i
                    if self.ROWS[i] in ("start", "load", "quit"):
                        return self._activate()
                    self._cycle(1)
            return None
        if event.type != pygame.KEYDOWN:
            return None
        name = self.ROWS[self.row]
        if event.key == pygame.K_ESCAPE:
            return ("quit",)
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.row = (self.row + (1 if event.key == pygame.K_DOWN else -1)) % len(self.ROWS)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._cycle(1 if event.key == pygame.K_RIGHT else -1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._activate()
        elif event.key == pygame.K_BACKSPACE and name in ("path", "seed"):
            setattr(self, name, getattr(self, name)[:-1])
        elif name == "path" and event.unicode and event.unicode.isprintable():
            self.path += event.unicode
        elif name == "seed" and event.unicode.isdigit() and len(self.seed) < 9:
            self.seed += event.unicode
        return None

    def _activate(self) -> tuple:
        if self.ROWS[self.row] == "quit":
            return ("quit",)
        if self.ROWS[self.row] == "load":
            from game.saves import default_save_path

            return ("load", str(default_save_path()))
        return ("battle", self.config())

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((16, 18, 24))
        w = self.size[0]
        title = text("skirmish", 64, WHITE)
        surface.blit(title, title.get_rect(center=(w // 2, 80)))
        sub = text("tactical squad battles under the Yags rules", 24, GREY)
        surface.blit(sub, sub.get_rect(center=(w // 2, 125)))
        values = {
            "map": Path(self.maps[self.map_i]).name if self.maps else "(no maps in maps/)",
            "path": self.path or "(type a .tmx path to use your own map)",
            "mode": self.mode, "ai": self.ai, "seed": self.seed or "0", "start": "", "load": "", "quit": "",
            "blue": self.squads["blue"] or "(none)", "red": self.squads["red"] or "(none)",
        }
        labels = {"map": "map", "path": "custom map", "mode": "mode", "ai": "AI level", "seed": "seed",
                  "blue": "blue squad", "red": "red squad",
                  "start": "Start skirmish", "load": "Load game (quick save)", "quit": "Quit"}
        for i, name in enumerate(self.ROWS):
            r = self._row_rect(i)
            panel(surface, r, 255 if i == self.row else 160)
            colour = YELLOW if i == self.row else WHITE
            surface.blit(text(labels[name], 26, colour), (r.x + 12, r.y + 10))
            if values[name]:
                surface.blit(text(values[name], 24, GREY if name == "path" and not self.path else colour),
                             (r.x + 180, r.y + 11))
        hint = "Up/Down choose, Left/Right change, type a path or seed, Enter start, Esc quit"
        surface.blit(text(hint, 20, DIM), (w // 2 - 260, self._row_rect(len(self.ROWS)).y + 6))
        if self.error:
            surface.blit(text(self.error, 22, (255, 110, 90)), (w // 2 - 260, self._row_rect(len(self.ROWS)).y + 32))


class ResultsScreen:
    """Winner, rounds, casualties, each unit's fate; R replays the same seed, Esc goes back."""

    def __init__(self, session: Session, size: tuple[int, int]) -> None:
        self.session = session
        self.size = size
        m = session.match
        self.result = m.result()
        self.fates = [(v.team, v.name, m.rules.status(v.state), v.out) for v in m.units()]

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def handle(self, event: pygame.event.Event) -> tuple | None:
        if event.type != pygame.KEYDOWN:
            return None
        if event.key == pygame.K_r:
            return ("battle", self.session.config)
        if event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            return ("menu", self.session.config)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((16, 18, 24))
        r = self.result
        w = self.size[0]
        head = "Draw" if r.winner == "draw" else f"{r.winner.title()} wins"
        img = text(head, 60, TEAM_COLOURS.get(r.winner, WHITE))
        surface.blit(img, img.get_rect(center=(w // 2, 60)))
        line = (f"after {r.rounds} rounds, seed {r.seed} - casualties: "
                + ", ".join(f"{t} {n}" for t, n in r.casualties.items()))
        img = text(line, 26, GREY)
        surface.blit(img, img.get_rect(center=(w // 2, 110)))
        for col, team in enumerate(("blue", "red")):
            x = 60 + col * (w // 2)
            y = 150
            surface.blit(text(f"{team} ({r.survivors.get(team, 0)} standing)", 28, TEAM_COLOURS[team]), (x, y))
            y += 32
            for t, name, status, out in self.fates:
                if t != team:
                    continue
                surface.blit(text(f"{name}: {status}", 20, DIM if out else WHITE), (x, y))
                y += 20
        hint = text("R: replay the same seed    Esc: back to the menu", 24, YELLOW)
        surface.blit(hint, hint.get_rect(center=(w // 2, self.size[1] - 40)))
