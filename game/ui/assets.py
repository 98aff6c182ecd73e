"""Sprites (assets/sprites/*.png framed by sprites.json), fonts and a text cache."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parents[2] / "assets"
TEAM_COLOURS = {"blue": (70, 130, 255), "red": (235, 70, 60)}
WHITE, GREY, DIM, YELLOW = (235, 235, 235), (170, 170, 170), (110, 110, 110), (250, 215, 90)
PANEL_BG, PANEL_EDGE = (24, 26, 32), (70, 74, 86)


class Sprites:
    """Frames from the sprite sheets, scaled per tile size on demand (cached)."""

    def __init__(self, root: Path = ASSETS / "sprites") -> None:
        meta = json.loads((root / "sprites.json").read_text(encoding="utf-8"))
        self.frame = tuple(meta["frame_size"])
        self.sheets: dict[str, pygame.Surface] = {}
        self.frames: dict[str, tuple[str, int, int]] = {}
        for sheet in [k for k in meta if k.endswith(".png")]:  # units, markers, roles
            self.sheets[sheet] = pygame.image.load(str(root / sheet))
            for name, (cx, cy) in meta[sheet]["frames"].items():
                self.frames[name] = (sheet, cx, cy)
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}

    def get(self, name: str, size: int) -> pygame.Surface:
        key = (name, size)
        if key not in self._scaled:
            sheet, cx, cy = self.frames[name]
            fw, fh = self.frame
            img = self.sheets[sheet].subsurface((cx * fw, cy * fh, fw, fh))
            if pygame.display.get_surface() is not None:
                img = img.convert_alpha()
            self._scaled[key] = pygame.transform.smoothscale(img, (size, size)) if size != fw else img.copy()
        return self._scaled[key]


@lru_cache(maxsize=8)
def font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, size)


@lru_cache(maxsize=4096)
def text(s: str, size: int = 18, colour: tuple[int, int, int] = WHITE) -> pygame.Surface:
    """A rendered line of text (cached: most lines are drawn every frame)."""
    return font(size).render(s, True, colour)


LABEL_BG = (20, 20, 20)


@lru_cache(maxsize=1024)
def label_box(s: str, size: int = 18, colour: tuple[int, int, int] = WHITE) -> pygame.Surface:
    """A line of text on a dark box 6 px wider and 4 px taller (cached: the map's labels,
    such as the hit-chance mark over each enemy in sight, are drawn every frame; one blit
    each instead of a box drawn and the text blitted over it)."""
    img = text(s, size, colour)
    box = pygame.Surface((img.get_width() + 6, img.get_height() + 4))
    box.fill(LABEL_BG)
    box.blit(img, (3, 2))
    return box


def wrap(s: str, width: int, size: int = 18) -> list[str]:
    """Split `s` into lines no wider than `width` pixels (remembered: panels re-draw the same
    text every frame)."""
    return list(_wrap(s, width, size))


@lru_cache(maxsize=4096)
def _wrap(s: str, width: int, size: int) -> tuple[str, ...]:
    f = font(size)
    lines: list[str] = []
    line = ""
    for word in s.split():
        trial = f"{line} {word}" if line else word
        if f.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return tuple(lines) or ("",)


_panels: dict[tuple[int, int, int], pygame.Surface] = {}


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235) -> None:
    """A dark panel with an edge; see-through by `alpha` over the map, a plain fill when
    opaque (the side panel, the log and the banner sit on the window's background)."""
    rect = pygame.Rect(rect)
    if alpha >= 255:
        surface.fill(PANEL_BG, rect)
    else:
        key = (rect.w, rect.h, alpha)
        bg = _panels.get(key)
        if bg is None:
            if len(_panels) > 64:
                _panels.clear()
            bg = _panels[key] = pygame.Surface(rect.size)
            bg.fill(PANEL_BG)
            bg.set_alpha(alpha)
        surface.blit(bg, rect)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1)


_shades: dict[tuple[int, int, tuple[int, int, int, int]], pygame.Surface] = {}


def shade(surface: pygame.Surface, rect: pygame.Rect | tuple[int, int, int, int],
          rgba: tuple[int, int, int, int]) -> None:
    """A see-through colour over `rect` (a dialog's or menu's shade over the whole window,
    drawn every frame it is open): the picture made once per size and colour (a window of
    1280 x 720 made and filled each frame was 1.1 ms of the frame's 1.4)."""
    rect = pygame.Rect(rect)
    key = (rect.w, rect.h, rgba)
    layer = _shades.get(key)
    if layer is None:
        if len(_shades) > 16:
            _shades.clear()
        layer = _shades[key] = pygame.Surface(rect.size, pygame.SRCALPHA)
        layer.fill(rgba)
    surface.blit(layer, rect)
