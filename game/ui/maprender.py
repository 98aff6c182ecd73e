"""Drawing a map from its Tiled layers, cached to one Surface per zoom level.

The .tmx is loaded a second time with pytmx's pygame loader (after `load_map` has checked it
safely), so every visible tile layer is drawn in order with its flips and opacity. A map with
no Tiled file (tests build grids in code) is drawn from its tile facts instead.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from game.maps.grid import GridMap

TILE_SIZES = (4, 6, 8, 12, 16, 20, 24, 32, 40, 48)
MAX_PIXELS = 36_000_000  # no zoom level whose map surface would exceed this
CACHE_LEVELS = 3

_FACT_COLOURS = {
    "open": (96, 128, 72), "wall": (70, 66, 62), "water": (52, 84, 128),
    "soft50": (84, 140, 64), "soft90": (52, 108, 44), "hard50": (140, 120, 88), "hard90": (118, 110, 100),
}


def load_tmx_layers(path: str) -> tuple[list[tuple[list[tuple[int, int, pygame.Surface]], int]], tuple[int, int]] | None:
    """The visible tile layers of a .tmx as (tiles, alpha) with pytmx's flipped images, and
    the tile size; None if the file cannot be drawn that way. Needs a display surface."""
    import pytmx
    from pytmx.util_pygame import load_pygame

    previous = pytmx.TiledElement.allow_duplicate_names
    try:
        tmx = load_pygame(path, allow_duplicate_names=True)
    except Exception:  # noqa: BLE001 - drawn from facts instead
        return None
    finally:
        pytmx.TiledElement.allow_duplicate_names = previous
    layers = []
    for layer in tmx.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            alpha = int(255 * float(getattr(layer, "opacity", 1) or 1))
            layers.append(([(x, y, img) for x, y, img in layer.tiles() if img is not None], alpha))
    return layers, (tmx.tilewidth, tmx.tileheight)


class MapRenderer:
    """The map at native resolution once, then scaled and cached per tile size."""

    def __init__(self, grid: GridMap, tmx_path: str | None = None) -> None:
        self.grid = grid
        self.tmx_path = tmx_path if tmx_path is not None else grid.path
        self._cache: OrderedDict[int, pygame.Surface] = OrderedDict()
        self._base: pygame.Surface | None = None
        self.from_tiled = False

    def zoom_levels(self) -> tuple[int, ...]:
        g = self.grid
        return tuple(t for t in TILE_SIZES if g.width * t * g.height * t <= MAX_PIXELS) or (TILE_SIZES[0],)

    def base(self) -> pygame.Surface:
        if self._base is None:
            self._base = self._render_base()
        return self._base

    def _render_base(self) -> pygame.Surface:
        g = self.grid
        loaded = None
        if self.tmx_path and Path(self.tmx_path).suffix == ".tmx" and Path(self.tmx_path).is_file():
            loaded = load_tmx_layers(self.tmx_path)
        if loaded is None:
            return self._render_facts(16)
        layers, (tw, th) = loaded
        self.from_tiled = True
        surf = pygame.Surface((g.width * tw, g.height * th))
        surf.fill((0, 0, 0))
        for tiles, alpha in layers:
            target = surf
            if alpha < 255:
                target = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            target.fblits([(img, (x * tw, y * th + th - img.get_height())) for x, y, img in tiles])
            if target is not surf:
                target.set_alpha(alpha)
                surf.blit(target, (0, 0))
        return surf

    def _render_facts(self, t: int) -> pygame.Surface:
        g = self.grid
        surf = pygame.Surface((g.width * t, g.height * t))
        for y in range(g.height):
            for x in range(g.width):
                if g.walkable(x, y):
                    kind = g.cover(x, y) or "open"
                elif g.blocks_sight(x, y):
                    kind = "wall"
                else:
                    kind = g.cover(x, y) or "water"
                surf.fill(_FACT_COLOURS[kind], (x * t, y * t, t, t))
        for x in range(0, g.width * t, t):
            pygame.draw.line(surf, (0, 0, 0), (x, 0), (x, g.height * t))
        for y in range(0, g.height * t, t):
            pygame.draw.line(surf, (0, 0, 0), (0, y), (g.width * t, y))
        return surf

    def surface(self, tile_px: int) -> pygame.Surface:
        """The whole map with tiles of `tile_px` pixels (cached, a few levels at a time)."""
        if tile_px in self._cache:
            self._cache.move_to_end(tile_px)
            return self._cache[tile_px]
        base = self.base()
        size = (self.grid.width * tile_px, self.grid.height * tile_px)
        if size == base.get_size():
            surf = base.copy()
        elif size[0] < base.get_width():
            surf = pygame.transform.smoothscale(base, size)
        else:
            surf = pygame.transform.scale(base, size)
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        self._cache[tile_px] = surf
        while len(self._cache) > CACHE_LEVELS:
            self._cache.popitem(last=False)
        return surf
