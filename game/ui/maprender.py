"""Drawing a map from its Tiled layers: the native picture once, then the battle screen
draws the visible chunks at the camera's tile size (each chunk scaled once and cached), so a
zoom level costs only what is in view; `surface` gives the whole map at one size.

The .tmx is read a second time (checked as `load_map` checks it) with its images loaded by
the safe loader (game/ui/mapart.py, never pytmx's own), so every visible tile layer is drawn
in order with its flips and opacity; missing art is drawn as placeholders. A map with no
Tiled file (tests build grids in code), or when there is no display, is drawn from its tile
facts instead.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from game.maps.grid import GridMap
from game.ui.camera import Camera

TILE_SIZES = (4, 6, 8, 12, 16, 20, 24, 32, 40, 48)
MAX_PIXELS = 36_000_000  # no zoom level whose map surface would exceed this
CACHE_LEVELS = 3
CHUNK_PX = 384  # about this many pixels a side to a cached piece of the drawn map
CHUNK_PIXELS = 16_000_000  # cached chunks in all (64 MB at 32 bits)

_FACT_COLOURS = {
    "open": (96, 128, 72), "wall": (70, 66, 62), "water": (52, 84, 128),
    "soft50": (84, 140, 64), "soft90": (52, 108, 44), "hard50": (140, 120, 88), "hard90": (118, 110, 100),
}


def load_tmx_layers(path: str, tile_size: tuple[int, int] = (32, 32)) -> tuple[list[tuple[list[tuple[int, int, pygame.Surface]], int]], tuple[int, int], bool] | None:
    """The visible tile layers of a .tmx as (tiles, alpha), each tile an (x, y, image) with
    its pixel position as Tiled draws it (bottom-aligned in its cell, shifted by its
    tileset's tile offset and its layer's offset), and the tile size; None if the file cannot
    be drawn that way (no display to convert tiles for, or the map no longer passes the
    checks). Images go through the safe loader; the last item says whether art was missing
    (its tiles are see-through placeholders)."""
    import pytmx

    from game.maps import MapError
    from game.ui.mapart import load_map_art

    if pygame.display.get_surface() is None:
        return None
    try:
        tmx, loader = load_map_art(path, tile_size)
    except MapError:
        return None
    tw, th = int(tmx.tilewidth), int(tmx.tileheight)
    offsets: dict[int, tuple[int, int]] = {}
    layers = []
    for layer in tmx.visible_layers:
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        alpha = int(255 * float(getattr(layer, "opacity", 1) or 1))
        lx, ly = _pixels(getattr(layer, "offsetx", 0)), _pixels(getattr(layer, "offsety", 0))
        tiles = []
        for x, y, gid in layer.iter_data():
            img = tmx.images[gid] if gid else None
            if img is None:
                continue
            off = offsets.get(gid)
            if off is None:
                ox, oy = getattr(tmx.get_tileset_from_gid(gid), "offset", (0, 0))
                off = offsets[gid] = (_pixels(ox), _pixels(oy))
            tiles.append((x * tw + off[0] + lx, (y + 1) * th - img.get_height() + off[1] + ly, img))
        layers.append((tiles, alpha))
    return layers, (tw, th), bool(loader.missing)


def _pixels(value: object) -> int:
    """An offset in whole pixels (pytmx leaves tile offsets as text), 0 if not a number."""
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0
    return int(max(-4096.0, min(4096.0, number))) if number == number else 0


def chunk_tiles(tile_px: int) -> int:
    """Tiles a side of a chunk at this tile size: small chunks close up (less scaled that
    the view does not show), big ones far out (fewer blits)."""
    return max(4, CHUNK_PX // tile_px)


class MapRenderer:
    """The map at native resolution once, then scaled and cached per tile size."""

    def __init__(self, grid: GridMap, tmx_path: str | None = None) -> None:
        self.grid = grid
        self.tmx_path = tmx_path if tmx_path is not None else grid.path
        self._cache: OrderedDict[int, pygame.Surface] = OrderedDict()
        self._chunks: OrderedDict[tuple[int, int, int], pygame.Surface] = OrderedDict()
        self._chunk_px = 0
        self._mips: list[pygame.Surface] = []
        self._base: pygame.Surface | None = None
        self.from_tiled = False
        self._warm_key: tuple | None = None
        self._warm_todo: list[tuple[int, int, int]] = []

    def zoom_levels(self) -> tuple[int, ...]:
        g = self.grid
        return tuple(t for t in TILE_SIZES if g.width * t * g.height * t <= MAX_PIXELS) or (TILE_SIZES[0],)

    def base(self) -> pygame.Surface:
        if self._base is None:
            self._base = self._render_base()
            self._mips = [self._base]
            self._mip(min(self.zoom_levels()))  # every halving now, not in a frame later
        return self._base

    def _render_base(self) -> pygame.Surface:
        g = self.grid
        loaded = None
        if self.tmx_path and Path(self.tmx_path).suffix == ".tmx" and Path(self.tmx_path).is_file():
            loaded = load_tmx_layers(self.tmx_path, (g.tile_width, g.tile_height))
        if loaded is None:
            return self._render_facts(16)
        layers, (tw, th), missing = loaded
        self.from_tiled = True
        if missing:  # under the see-through placeholders, the tile facts: the map stays legible
            t = max(1, min(tw, th))
            surf = pygame.transform.scale(self._render_facts(t), (g.width * tw, g.height * th))
        else:
            surf = pygame.Surface((g.width * tw, g.height * th))
            surf.fill((0, 0, 0))
        for tiles, alpha in layers:
            target = surf
            if alpha < 255:
                target = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            target.fblits([(img, (px, py)) for px, py, img in tiles])
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

    def _mip(self, tile_px: int) -> pygame.Surface:
        """The smallest of the native map and its halvings whose tiles are still at least
        `tile_px` wide: zoomed far out, chunks scale down from a small picture, not the
        whole native one (the halvings are made once, the first time they are wanted)."""
        mip = self.base()
        k = 0
        while mip.get_width() // 2 >= self.grid.width * tile_px and mip.get_height() // 2 >= self.grid.height * tile_px:
            k += 1
            if k >= len(self._mips):
                half = (max(1, mip.get_width() // 2), max(1, mip.get_height() // 2))
                self._mips.append(pygame.transform.smoothscale(mip, half))
            mip = self._mips[k]
        return mip

    def _scaled(self, tile_px: int, tiles: pygame.Rect) -> pygame.Surface:
        """The map's `tiles` (a rect in tiles) drawn with tiles of `tile_px` pixels."""
        g = self.grid
        src = self._mip(tile_px)
        bw, bh = src.get_width() / g.width, src.get_height() / g.height  # source pixels a tile
        area = pygame.Rect(round(tiles.x * bw), round(tiles.y * bh), round(tiles.w * bw), round(tiles.h * bh))
        part = src.subsurface(area.clip(src.get_rect()))
        size = (tiles.w * tile_px, tiles.h * tile_px)
        if size == part.get_size():
            out = part.copy()
        elif size[0] < part.get_width():
            out = pygame.transform.smoothscale(part, size)
        else:
            out = pygame.transform.scale(part, size)
        return out.convert() if pygame.display.get_surface() is not None else out

    def chunk(self, tile_px: int, cx: int, cy: int) -> pygame.Surface:
        """The map's chunk (cx, cy) of `chunk_tiles` tiles a side at `tile_px` (cached,
        least recently used dropped first, at most CHUNK_PIXELS pixels in all)."""
        key = (tile_px, cx, cy)
        hit = self._chunks.get(key)
        if hit is not None:
            self._chunks.move_to_end(key)
            return hit
        g = self.grid
        n = chunk_tiles(tile_px)
        x0, y0 = cx * n, cy * n
        surf = self._scaled(tile_px, pygame.Rect(x0, y0, min(n, g.width - x0), min(n, g.height - y0)))
        self._chunks[key] = surf
        self._chunk_px += surf.get_width() * surf.get_height()
        while self._chunk_px > CHUNK_PIXELS and len(self._chunks) > 1:
            _, old = self._chunks.popitem(last=False)
            self._chunk_px -= old.get_width() * old.get_height()
        return surf

    def draw(self, surface: pygame.Surface, cam: Camera) -> None:
        """The visible part of the map into the camera's view, chunk by chunk: a zoom level
        costs only the chunks in view, never the whole map at that size."""
        t = cam.tile_px
        xs, ys = cam.visible_tiles()
        if not xs or not ys:
            return
        n = chunk_tiles(t)
        blits = []
        for cy in range(ys.start // n, (ys.stop - 1) // n + 1):
            for cx in range(xs.start // n, (xs.stop - 1) // n + 1):
                blits.append((self.chunk(t, cx, cy), cam.tile_rect((cx * n, cy * n)).topleft))
        surface.fblits(blits)

    def warm(self, cam: Camera, levels: tuple[int, ...] | None = None, chunks: int = 1) -> bool:
        """Scale ahead, `chunks` at a time (a frame's spare work), the chunks the view would
        show zoomed about its centre to each other level, nearest levels first, so that a zoom
        step finds them cached. True while there is more to do."""
        key = (cam.tile_px, round(cam.ox), round(cam.oy), cam.view.size, levels or cam.levels)
        if self._warm_key != key:
            self._warm_key, self._warm_todo = key, self._warm_list(cam, levels or cam.levels)
        while chunks > 0 and self._warm_todo:
            want = self._warm_todo.pop()
            if want not in self._chunks:
                self.chunk(*want)
                chunks -= 1
        return bool(self._warm_todo)

    def _warm_list(self, cam: Camera, levels: tuple[int, ...]) -> list[tuple[int, int, int]]:
        """The chunks in view at each level about the view's centre, the nearest level last."""
        from copy import copy

        i = levels.index(cam.tile_px) if cam.tile_px in levels else 0
        out: list[tuple[int, int, int]] = []
        for j in sorted(range(len(levels)), key=lambda j: -abs(j - i)):
            if j == i:
                continue
            there = copy(cam)
            there.levels = levels
            there.zoom(j - i)
            xs, ys = there.visible_tiles()
            if not xs or not ys:
                continue
            n = chunk_tiles(there.tile_px)
            out += [(there.tile_px, cx, cy) for cy in range(ys.start // n, (ys.stop - 1) // n + 1)
                    for cx in range(xs.start // n, (xs.stop - 1) // n + 1)]
        return out

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
