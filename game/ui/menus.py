"""The main menu (new skirmish: map picker, custom map path, mode, squads, AI level per side
when watching, seed; the tutorial; load from the list of saves; settings; quit) and the
results screen. What it knows of maps (facts, thumbnails, squads) is in mapinfo.py."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from engine.rulesets import NAMES as RULESET_NAMES
from game.ai import LEVELS
from game.session import MAP_UNITS, MODES, SessionConfig
from game.ui.assets import DIM, GREY, WHITE, YELLOW, panel, text, wrap
from game.ui.mapinfo import (
    fresh_seed,
    map_info,
    map_ruleset,
    shipped_maps,
    squad_choices,
)
from game.ui.results import FATE_COLOURS, Fate, ResultsScreen, fate_details, unit_fate  # noqa: F401  (its old home)

if TYPE_CHECKING:
    from game.ui.dialogs import SettingsPanel, SlotList


class MainMenu:
    """Rows: map (Left/Right cycles the shipped maps, or click one in the list), path (type a
    .tmx path), mode, the squad of each side (the map's own units or a squad from
    squads.toml), AI (blue's when watching), red AI (when watching), seed (type digits; a new
    game starts from a fresh one, N draws another), Start, Tutorial, Load (the list of saves),
    Settings, Quit. Up/Down or the mouse pick a row; Enter starts. The chosen map is shown with
    its facts and a picture."""

    ROWS = ("map", "path", "mode", "ruleset", "fog", "blue", "red", "deploy", "ai", "red_ai", "tactic", "seed", "start",
            "tutorial", "load", "settings", "quit")
    TYPED = ("path", "tactic")  # rows typed into (a path), not cycled

    def __init__(self, size: tuple[int, int], config: SessionConfig | None = None, error: str = "",
                 app: object | None = None, keep_seed: bool = False) -> None:
        self.size = size
        self.app = app
        self.maps = shipped_maps()
        default = next((p for p in self.maps if Path(p).name == "crossroads.tmx"), self.maps[0] if self.maps else "")
        cfg = config or SessionConfig(default, seed=fresh_seed(), fog=None)
        self.map_i = self.maps.index(cfg.map_path) if cfg.map_path in self.maps else 0
        self.path = "" if cfg.map_path in self.maps else cfg.map_path
        # a new game draws a fresh seed (the last match's is the results screen's Replay); the
        # seed stays only when the menu comes back to say why the game could not start
        self.mode, self.ai = cfg.mode, cfg.ai
        self.seed = str(cfg.seed if keep_seed or config is None else fresh_seed())
        self.ruleset: str | None = cfg.ruleset  # None: the map's own (its ruleset property, else yags)
        self.red_ai = cfg.ais.get("red", cfg.ai)
        # fog of war: None the default (the map's property, else on for solo and hot-seat), or
        # "on", "all" (on, the AI seeing the whole board), "off"
        self.fog: str | None = None if cfg.fog is None else ("all" if cfg.ai_sees_all else "on") if cfg.fog else "off"
        self.squads = {"blue": cfg.blue_squad, "red": cfg.red_squad}
        # red's standing orders (docs/tactics.md): a tactic file's path, and its text once read
        self.tactic = cfg.tactics.get("red", ("", ""))[0]
        self._tactic_text = cfg.tactics.get("red", ("", ""))[1]
        # a `deploy NAME` layer of the map (issue 30): it places the sides it has units for
        self.deploy = cfg.blue_deployment or cfg.red_deployment or ""
        self._fix_squads()
        self.row = self.ROWS.index("start")
        self.error = error
        self.dialog: SlotList | SettingsPanel | None = None  # the list of saves, or the settings
        self.dialog_kind = ""

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
        ais = {"red": self.red_ai} if self.mode == "watch" and self.red_ai != self.ai else {}
        sides = dict(map_info(self.map_path()).deployments).get(self.deploy, ()) if self.deploy else ()
        return SessionConfig(self.map_path(), self.mode, self.ai, int(self.seed or 0),
                             blue_deployment=self.deploy if "blue" in sides else "",
                             red_deployment=self.deploy if "red" in sides else "",
                             blue_squad=self.squads["blue"], red_squad=self.squads["red"], ais=ais,
                             ruleset=self.ruleset, fog=None if self.fog is None else self.fog != "off",
                             ai_sees_all=self.fog == "all",
                             tactics={"red": (self.tactic.strip(), self._tactic_text)}
                             if self.tactic.strip() and self._tactic_text else {})

    # --- layout: the rows on the left, the map picker on the right --------------------

    def _columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        w, h = self.size
        if w >= 1100:
            left = pygame.Rect(w // 2 - 540, 0, 500, h)
            right = pygame.Rect(w // 2 + 20, 0, 520, h)
        else:
            left = pygame.Rect(20, 0, w // 2 - 30, h)
            right = pygame.Rect(w // 2 + 10, 0, w // 2 - 30, h)
        return left, right

    def _top(self) -> int:
        """Where the rows begin: under the title (a smaller one in a short window)."""
        return 150 if self.size[1] >= 640 else 84

    def _stride(self) -> int:
        return max(20, min(42, (self.size[1] - self._top() - 60) // len(self.ROWS)))

    def _row_rect(self, i: int) -> pygame.Rect:
        left, _ = self._columns()
        stride = self._stride()
        return pygame.Rect(left.x, self._top() + i * stride, left.w, stride - 4)

    def _map_rect(self, i: int) -> pygame.Rect:
        _, right = self._columns()
        return pygame.Rect(right.x, self._top() + 26 + i * 26, right.w, 24)

    def _cycle(self, step: int) -> None:
        name = self.ROWS[self.row]
        if name == "map" and self.maps:
            self.map_i = (self.map_i + step) % len(self.maps)
            self.path, self.error, self.deploy = "", "", ""
            self._fix_squads()
        elif name in self.squads:
            choices = squad_choices(self.map_path())
            if choices:
                cur = self.squads[name]
                i = choices.index(cur) if cur in choices else -step
                self.squads[name] = choices[(i + step) % len(choices)]
        elif name == "deploy":
            names = ["", *(n for n, _ in map_info(self.map_path()).deployments)]
            self.deploy = names[((names.index(self.deploy) if self.deploy in names else 0) + step) % len(names)]
        elif name == "mode":
            self.mode = MODES[(MODES.index(self.mode) + step) % len(MODES)]
        elif name == "ruleset":
            rulesets: list[str | None] = [None, *RULESET_NAMES]
            i = rulesets.index(self.ruleset) if self.ruleset in rulesets else 0
            self.ruleset = rulesets[(i + step) % len(rulesets)]
            self.error = ""
        elif name == "fog":
            fogs: list[str | None] = [None, "on", "all", "off"]
            self.fog = fogs[(fogs.index(self.fog) + step) % len(fogs)]
        elif name == "ai":
            self.ai = LEVELS[(LEVELS.index(self.ai) + step) % len(LEVELS)]
        elif name == "red_ai":
            self.red_ai = LEVELS[(LEVELS.index(self.red_ai) + step) % len(LEVELS)]
        elif name == "seed":
            self.seed = str(max(0, int(self.seed or 0) + step))

    def handle(self, event: pygame.event.Event) -> tuple | None:
        if self.dialog is not None:
            return self._dialog_event(self.dialog, event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            step = 1 if event.button == 1 else -1
            for i in range(len(self.maps)):
                if self._map_rect(i).collidepoint(event.pos):
                    self.map_i, self.path, self.row = i, "", self.ROWS.index("map")
                    self.error = ""
                    self._fix_squads()
                    return None
            for i in range(len(self.ROWS)):
                if self._row_rect(i).collidepoint(event.pos):
                    self.row = i
                    if self.ROWS[i] in ("start", "tutorial", "load", "settings", "quit"):
                        return self._activate() if event.button == 1 else None
                    if self.ROWS[i] not in self.TYPED:
                        self._cycle(step)
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
        elif event.key == pygame.K_BACKSPACE and name in ("path", "seed", "tactic"):
            setattr(self, name, getattr(self, name)[:-1])
            self.error = "" if name == "tactic" else self.error
            if name == "path":
                self.error = ""
                self._fix_squads()
        elif name == "path" and event.unicode and event.unicode.isprintable():
            self.path += event.unicode
            self.error = ""
            self._fix_squads()
        elif name == "tactic" and event.unicode and event.unicode.isprintable():
            self.tactic += event.unicode
            self.error = ""
        elif name == "seed" and event.key == pygame.K_n:
            self.seed = str(fresh_seed())
        elif name == "seed" and event.unicode.isdigit() and len(self.seed) < 9:
            self.seed += event.unicode
        return None

    def _dialog_event(self, dialog: SlotList | SettingsPanel, event: pygame.event.Event) -> tuple | None:
        from game.ui.dialogs import CANCEL

        answer = dialog.handle(event, self.size)
        if answer is None:
            return None
        if isinstance(answer, tuple) and answer[0] == "setting":
            return answer  # the settings panel stays open; the app applies and keeps it
        self.dialog, kind = None, self.dialog_kind
        if answer != CANCEL and kind == "load" and isinstance(answer, tuple):
            return ("load", answer[1])
        return None

    def _activate(self) -> tuple | None:
        if self.ROWS[self.row] == "quit":
            return ("quit",)
        if self.ROWS[self.row] == "load":
            from game.saveslots import list_saves
            from game.ui.dialogs import Slot, SlotList

            self.dialog = SlotList([Slot(s.name, str(s.path), s.line) for s in list_saves()])
            self.dialog_kind = "load"
            return None
        if self.ROWS[self.row] == "settings":
            from game.ui.dialogs import SettingsPanel
            from game.ui.settings import defaults

            self.dialog = SettingsPanel(getattr(self.app, "settings", None) or defaults())
            self.dialog_kind = "settings"
            return None
        if self.ROWS[self.row] == "tutorial":
            return ("tutorial",)
        problem = self._read_tactic()
        if problem:
            self.error = problem
            return None
        info = map_info(self.map_path())
        if info.error:  # judged as the command line judges it: the same message
            self.error = info.error
            return None
        if self.ruleset is not None:  # the map's units must build under the ruleset chosen
            from game.judge import judge_map
            from game.maps import MapError
            from game.squads import SquadError

            try:
                judge_map(self.map_path(), self.ruleset)
            except (MapError, SquadError) as exc:
                self.error = str(exc)
                return None
        return ("battle", self.config())

    def _deploy_text(self) -> str:
        """The deployment row: the map's units layer, or a `deploy NAME` layer and its sides."""
        deployments = dict(map_info(self.map_path()).deployments)
        if not deployments:
            return "(the map has none)"
        if not self.deploy or self.deploy not in deployments:
            return f"the map's units ({len(deployments)} other{'s' if len(deployments) != 1 else ''}: Left/Right)"
        return f"{self.deploy} ({' and '.join(deployments[self.deploy])})"

    def _read_tactic(self) -> str:
        """Read the tactic file typed for red (its fit to the map is checked as the battle
        opens, in one line too); the one line saying why not, else ''."""
        path = self.tactic.strip()
        self._tactic_text = ""
        if not path:
            return ""
        if self.mode == "hotseat":
            return "red tactic: in hot-seat both sides are played at the keyboard; a tactic is for a side the AI plays"
        from game.tactics import TacticError, load_tactic

        try:
            self._tactic_text = load_tactic(path).text
        except TacticError as exc:
            return f"red tactic: {exc}"
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((16, 18, 24))
        w = self.size[0]
        short = self._top() < 150
        title = text("skirmish", 44 if short else 64, WHITE)
        surface.blit(title, title.get_rect(center=(w // 2, 30 if short else 62)))
        sub = text("tactical squad battles under tabletop combat rules", 20 if short else 24, GREY)
        surface.blit(sub, sub.get_rect(center=(w // 2, 62 if short else 106)))
        custom = bool(self.path.strip())
        mapname = Path(self.maps[self.map_i]).name if self.maps else "(no maps in maps/)"
        values = {
            "map": mapname + ("  (custom map used)" if custom else ""),
            "path": self.path + ("|" if self.ROWS[self.row] == "path" else "") if custom or
            self.ROWS[self.row] == "path" else "(type a .tmx path to use your own map)",
            "mode": {"solo": "solo (you play blue)", "hotseat": "hot-seat (two players)",
                     "watch": "watch (AI against AI)"}.get(self.mode, self.mode),
            "ai": self.ai, "seed": (self.seed or "0") + ("|  (N: another)" if self.ROWS[self.row] == "seed" else ""),
            "red_ai": self.red_ai if self.mode == "watch" else "(when watching)",
            "ruleset": self.ruleset or f"{map_ruleset(self.map_path())} (the map's)",
            "fog": {None: "the map's, else on (off watching)", "on": "on", "all": "on, the AI sees all",
                    "off": "off"}[self.fog],
            "tactic": self.tactic + ("|" if self.ROWS[self.row] == "tactic" else "") if self.tactic or
            self.ROWS[self.row] == "tactic" else "(none: type a tactic .toml path, docs/tactics.md)",
            "start": "", "tutorial": "", "load": "", "settings": "", "quit": "",
            "blue": self.squads["blue"] or "(none)", "red": self.squads["red"] or "(none)",
            "deploy": self._deploy_text(),
        }
        labels = {"map": "map", "path": "custom map", "mode": "mode", "seed": "seed", "ruleset": "rules", "fog": "fog of war",
                  "ai": "blue AI" if self.mode == "watch" else "AI level", "red_ai": "red AI",
                  "blue": "blue squad", "red": "red squad", "deploy": "deployment", "tactic": "red tactic", "start": "Start skirmish",
                  "tutorial": "Tutorial: your first battle", "load": "Load game...", "settings": "Settings...",
                  "quit": "Quit"}
        size = 26 if self._stride() >= 38 else 22 if self._stride() >= 28 else 18
        for i, name in enumerate(self.ROWS):
            r = self._row_rect(i)
            panel(surface, r, 255 if i == self.row else 160)
            colour = YELLOW if i == self.row else WHITE
            label = text(labels[name], size, colour)
            surface.blit(label, (r.x + 12, r.centery - label.get_height() // 2))
            if values[name]:
                dim = (name == "path" and not custom and self.ROWS[self.row] != "path") or (name == "map" and custom) \
                    or (name == "red_ai" and self.mode != "watch") or (name == "tactic" and not self.tactic) \
                    or (name == "deploy" and not self.deploy)
                val = values[name]
                x0 = r.x + min(170, r.w // 3)
                while len(val) > 4 and text(val, size - 2).get_width() > r.right - x0 - 8:
                    val = ("..." + val[4:]) if name in self.TYPED else (val[:-4] + "...")
                img = text(val, size - 2, GREY if dim else colour)
                surface.blit(img, (x0, r.centery - img.get_height() // 2))
        foot = self._row_rect(len(self.ROWS)).y + 4
        hint = "Up/Down choose, Left/Right or click change, Enter start, Esc quit"
        for part in wrap(hint, self._row_rect(0).w, 18):  # within the rows' column
            surface.blit(text(part, 18, DIM), (self._row_rect(0).x, foot))
            foot += 16
        if self.error:
            for j, part in enumerate(wrap(self.error, self._row_rect(0).w, 20)[:4]):
                surface.blit(text(part, 20, (255, 110, 90)), (self._row_rect(0).x, foot + 6 + 18 * j))
        self._draw_picker(surface, custom)
        if self.dialog is not None:
            self.dialog.draw(surface, self.size)

    def _draw_picker(self, surface: pygame.Surface, custom: bool) -> None:
        """The shipped maps (click one), then the chosen map's picture and facts."""
        _, right = self._columns()
        surface.blit(text("maps/ (click one, or Left/Right on the map row)", 18, DIM), (right.x, self._top() + 4))
        for i, p in enumerate(self.maps):
            r = self._map_rect(i)
            chosen = i == self.map_i and not custom
            panel(surface, r, 255 if chosen else 140)
            info = map_info(p)
            label = f"{info.name or Path(p).stem}  ({Path(p).name})"
            surface.blit(text(label, 20, YELLOW if chosen else WHITE), (r.x + 8, r.y + 4))
        y = self._map_rect(len(self.maps)).y + 8
        path = self.map_path()
        if custom and not path.lower().endswith((".tmx", ".tmj", ".json")):  # JSON: its refusal
            surface.blit(text("a custom map is a Tiled .tmx file", 20, GREY), (right.x, y))
            return
        box_h = max(60, min(240, self.size[1] - y - 110))
        info = map_info(path, (right.w, box_h))
        if info.error:
            for j, part in enumerate(wrap(info.error, right.w, 20)[:6]):
                surface.blit(text(part, 20, (255, 110, 90)), (right.x, y + 18 * j))
            return
        for warning in info.warnings[:1]:
            for part in wrap("warning: " + warning, right.w, 18)[:3]:
                surface.blit(text(part, 18, YELLOW), (right.x, y))
                y += 16
        surface.blit(text(info.name + (" (custom map)" if custom else ""), 24, WHITE), (right.x, y))
        y += 24
        if info.thumb is not None:
            surface.blit(info.thumb, (right.x, y))
            pygame.draw.rect(surface, (70, 74, 86), info.thumb.get_rect(topleft=(right.x, y)), 1)
            y += info.thumb.get_height() + 6
        for part in wrap(info.facts, right.w, 18):
            surface.blit(text(part, 18, GREY), (right.x, y))
            y += 16
        for part in wrap(info.briefing, right.w, 18)[:max(0, (self.size[1] - y - 10) // 16)]:
            surface.blit(text(part, 18, DIM), (right.x, y))
            y += 16

