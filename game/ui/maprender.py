"""Drawing a map from its Tiled layers, only what the view shows: the battle screen draws the
visible chunks at the camera's tile size, each chunk drawn tile by tile from tile pictures
scaled once to that size (game/ui/mapart.py `TileArt`), both kept in least-recently-used
caches with byte budgets. No picture of the whole map at its own size is ever made, so a
map of 1000 x 1000 tiles or of 4096 px tiles costs what a view of it costs.

The .tmx is read a second time (checked as `load_map` checks it) with its images named by
the safe loader (game/ui/mapart.py, never pytmx's own), so every visible tile layer is drawn
in order with its flips and opacity; missing art is drawn as placeholders over the tile
facts, and so is a tile whose picture at the view's size would be too big to hold
(MAX_TILE_PICTURE). A map with no Tiled file (tests build grids in code), or when there is
no display, is drawn from its tile facts instead. `surface` gives the whole map at one size
(small maps: reports, tests), `thumbnail` a picture of any map fitting a box (the menu).
"""

from __future__ import annotations

import math
from array import array
from collections import OrderedDict
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path

import pygame

from game.maps.grid import GridMap
from game.ui.camera import Camera
from game.ui.mapart import PLACEHOLDER, TileArt, TileRef

TILE_SIZES = (4, 6, 8, 12, 16, 20, 24, 32, 40, 48)
CHUNK_PX = 384  # about this many pixels a side to a cached piece of the drawn map
CHUNK_BYTES = 64 * 1024 * 1024  # cached chunks in all (more for a big window: `chunk_budget`)
SURFACE_PIXELS = 16_000_000  # the most a whole-map picture (`surface`) may hold (64 MB)
THUMB_TILES = 250_000  # a map up to this many tiles gets its thumbnail drawn from its art
MAX_TILE_PIXELS = 4_000_000  # a tile picture bigger than this at a zoom is a placeholder frame

_FACT_COLOURS = {
    "open": (96, 128, 72), "wall": (70, 66, 62), "water": (52, 84, 128),
    "soft50": (84, 140, 64), "soft90": (52, 108, 44), "hard50": (140, 120, 88), "hard90": (118, 110, 100),
}


@dataclass
class TileLayer:
    """One visible tile layer: pytmx gids row by row, opacity, and how far (in tiles) its
    pictures reach past their cells (left, right, up, down: big tiles, offsets)."""

    gids: array
    alpha: int
    offset: tuple[int, int]
    reach: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass
class MapArt:
    """The tile layers of a map and each used gid's picture (a TileRef) and tile offset."""

    layers: list[TileLayer]
    tile: tuple[int, int]
    refs: dict[int, TileRef] = field(default_factory=dict)
    offsets: dict[int, tuple[int, int]] = field(default_factory=dict)
    missing: bool = False


def load_tmx_layers(path: str, tile_size: tuple[int, int] = (32, 32)) -> MapArt | None:
    """The visible tile layers of a .tmx, each tile's picture named (not loaded), or None
    if the file cannot be drawn that way (no display to convert tiles for, or the map no
    longer passes the checks). Tiles are drawn as Tiled draws them: bottom-aligned in their
    cell, shifted by their tileset's tile offset and their layer's offset."""
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
    art = MapArt([], (tw, th))
    for layer in tmx.visible_layers:
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        alpha = int(255 * float(getattr(layer, "opacity", 1) or 1))
        lx, ly = _pixels(getattr(layer, "offsetx", 0)), _pixels(getattr(layer, "offsety", 0))
        gids = array("I", chain.from_iterable(layer.data))
        left = right = up = down = 0
        for gid in set(gids) - {0}:
            ref = tmx.images[gid] if gid < len(tmx.images) else None
            if not isinstance(ref, TileRef):
                continue
            art.refs[gid] = ref
            off = art.offsets.get(gid)
            if off is None:
                ox, oy = getattr(tmx.get_tileset_from_gid(gid), "offset", (0, 0))
                off = art.offsets[gid] = (_pixels(ox), _pixels(oy))
            x, y = off[0] + lx, th - ref.size[1] + off[1] + ly  # its top-left in its cell
            left, right = max(left, -(x // tw)), max(right, -(-(x + ref.size[0] - tw) // tw))
            up, down = max(up, -(y // th)), max(down, -(-(y + ref.size[1] - th) // th))
        art.layers.append(TileLayer(gids, alpha, (lx, ly), (left, right, up, down)))
    art.missing = bool(loader.missing) or any(ref.path is None for ref in art.refs.values())
    return art


def _pixels(value: object) -> int:
    """An offset in whole pixels (pytmx leaves tile offsets as text), 0 if not a number."""
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0
    return int(max(-4096.0, min(4096.0, number))) if number == number else 0


def chunk_tiles(tile_px: int) -> int:
    """Tiles a side of a chunk at this tile size: small chunks close up (less drawn that
    the view does not show), big ones far out (fewer blits)."""
    return max(4, CHUNK_PX // tile_px)


def _bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


class MapRenderer:
    """The map drawn chunk by chunk at the sizes the view asks for, within budgets."""

    def __init__(self, grid: GridMap, tmx_path: str | None = None) -> None:
        self.grid = grid
        self.tmx_path = tmx_path if tmx_path is not None else grid.path
        self.tiles = TileArt()
        self._art: MapArt | None = None
        self._loaded = False
        self._cache: OrderedDict[int, pygame.Surface] = OrderedDict()
        self._chunks: OrderedDict[tuple[int, int, int], pygame.Surface] = OrderedDict()
        self._chunk_bytes = 0
        self._view_bytes = 0  # the most the chunks touching the last view drawn can hold
        self._warm_key: tuple | None = None
        self._warm_todo: list[tuple[int, int, int]] = []

    @property
    def from_tiled(self) -> bool:
        """Whether the map is drawn from its Tiled layers (else from its tile facts)."""
        return self._load() is not None

    @property
    def held(self) -> int:
        """Bytes held in pictures now: chunks, whole-map pictures, tiles, decoded images."""
        return self._chunk_bytes + sum(_bytes(s) for s in self._cache.values()) + self.tiles.held

    @property
    def chunk_budget(self) -> int:
        """Bytes of chunks kept: CHUNK_BYTES, or, if more, a quarter more than the chunks a
        view can touch (so a big window's chunks are not dropped and drawn again each frame)."""
        return max(CHUNK_BYTES, self._view_bytes * 5 // 4)

    def zoom_levels(self) -> tuple[int, ...]:
        """Every tile size: what is drawn is only what is in view, so any map has them all."""
        return TILE_SIZES

    def _load(self) -> MapArt | None:
        if not self._loaded:
            self._loaded = True
            path = self.tmx_path
            if path and Path(path).suffix == ".tmx" and Path(path).is_file():
                self._art = load_tmx_layers(path, (self.grid.tile_width, self.grid.tile_height))
        return self._art

    def _draw(self, surf: pygame.Surface, t: int, tiles: pygame.Rect) -> None:
        """The map's `tiles` (a rect in tiles, inside the map) into `surf` (its top-left at
        the rect's top-left) with tiles of `t` pixels."""
        art = self._load()
        if art is None or art.missing:
            self._draw_facts(surf, t, tiles)
        # else: `surf` is new (`_new`), so black already
        if art is None:
            return
        g = self.grid
        tw, th = art.tile
        sx, sy = t / tw, t / th
        x0, y0, x1, y1 = tiles.left, tiles.top, tiles.right, tiles.bottom
        for layer in art.layers:
            left, right, up, down = layer.reach
            lx, ly = layer.offset
            target = surf if layer.alpha >= 255 else pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            pictures: dict[int, tuple[pygame.Surface | pygame.Rect, int, int] | None] = {}
            blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
            frames: list[pygame.Rect] = []
            gids = layer.gids
            for y in range(max(0, y0 - up), min(g.height, y1 + down)):
                row = y * g.width
                py = (y - y0) * t
                for x in range(max(0, x0 - left), min(g.width, x1 + right)):
                    gid = gids[row + x]
                    if not gid:
                        continue
                    if gid in pictures:
                        pic = pictures[gid]
                    else:
                        pic = pictures[gid] = self._picture(art, gid, lx, ly, sx, sy)
                    if pic is None:
                        continue
                    image, dx, dy = pic
                    if isinstance(image, pygame.Rect):
                        frames.append(image.move((x - x0) * t + dx, py + dy))
                    else:
                        blits.append((image, ((x - x0) * t + dx, py + dy)))
            target.fblits(blits)
            for frame in frames:
                pygame.draw.rect(target, PLACEHOLDER, frame, 1)
            if target is not surf:
                target.set_alpha(layer.alpha)
                surf.blit(target, (0, 0))

    def _picture(self, art: MapArt, gid: int, lx: int, ly: int, sx: float, sy: float
                 ) -> tuple[pygame.Surface | pygame.Rect, int, int] | None:
        """A gid's picture at this scale and where it goes from its cell's top-left; a frame
        (a Rect) when the picture would be too big to hold."""
        ref = art.refs.get(gid)
        if ref is None:
            return None
        off = art.offsets.get(gid, (0, 0))
        th = art.tile[1]
        size = (max(1, round(ref.size[0] * sx)), max(1, round(ref.size[1] * sy)))
        dx, dy = round((off[0] + lx) * sx), round((th - ref.size[1] + off[1] + ly) * sy)
        if size[0] * size[1] > MAX_TILE_PIXELS:
            return pygame.Rect((0, 0), size), dx, dy
        return self.tiles.picture(ref, size), dx, dy

    def _draw_facts(self, surf: pygame.Surface, t: int, tiles: pygame.Rect) -> None:
        """The tile facts of `tiles` (walls, water, cover) in flat colours with grid lines."""
        g = self.grid
        for y in range(tiles.top, tiles.bottom):
            for x in range(tiles.left, tiles.right):
                if g.walkable(x, y):
                    kind = g.cover(x, y) or "open"
                elif g.blocks_sight(x, y):
                    kind = "wall"
                else:
                    kind = g.cover(x, y) or "water"
                surf.fill(_FACT_COLOURS[kind], ((x - tiles.left) * t, (y - tiles.top) * t, t, t))
        w, h = tiles.w * t, tiles.h * t
        if t < 4:
            return  # grid lines would hide the tiles
        for x in range(0, w, t):
            pygame.draw.line(surf, (0, 0, 0), (x, 0), (x, h))
        for y in range(0, h, t):
            pygame.draw.line(surf, (0, 0, 0), (0, y), (w, y))

    def _new(self, size: tuple[int, int]) -> pygame.Surface:
        """A black surface of `size` in the display's pixel format (made in it, not made and
        then converted: a conversion copies every pixel, 1 ms for a 384 px chunk)."""
        display = pygame.display.get_surface()
        return pygame.Surface(size) if display is None else pygame.Surface(size, 0, display)

    def chunk(self, tile_px: int, cx: int, cy: int) -> pygame.Surface:
        """The map's chunk (cx, cy) of `chunk_tiles` tiles a side at `tile_px` (cached,
        least recently used dropped first, at most `chunk_budget` in all)."""
        key = (tile_px, cx, cy)
        hit = self._chunks.get(key)
        if hit is not None:
            self._chunks.move_to_end(key)
            return hit
        g = self.grid
        n = chunk_tiles(tile_px)
        x0, y0 = cx * n, cy * n
        tiles = pygame.Rect(x0, y0, min(n, g.width - x0), min(n, g.height - y0))
        surf = self._new((tiles.w * tile_px, tiles.h * tile_px))
        self._draw(surf, tile_px, tiles)
        self._chunks[key] = surf
        self._chunk_bytes += _bytes(surf)
        while self._chunk_bytes > self.chunk_budget and len(self._chunks) > 1:
            _, old = self._chunks.popitem(last=False)
            self._chunk_bytes -= _bytes(old)
        return surf

    def draw(self, surface: pygame.Surface, cam: Camera) -> None:
        """The visible part of the map into the camera's view, chunk by chunk: a zoom level
        costs only the chunks in view, never the whole map at that size."""
        t = cam.tile_px
        xs, ys = cam.visible_tiles()
        if not xs or not ys:
            return
        reach = 2 * CHUNK_PX  # chunks at the view's edges stick out (a chunk is at most CHUNK_PX)
        self._view_bytes = 4 * (cam.view.w + reach) * (cam.view.h + reach)
        n = chunk_tiles(t)
        blits = []
        for cy in range(ys.start // n, (ys.stop - 1) // n + 1):
            for cx in range(xs.start // n, (xs.stop - 1) // n + 1):
                blits.append((self.chunk(t, cx, cy), cam.tile_rect((cx * n, cy * n)).topleft))
        surface.fblits(blits)

    def warm(self, cam: Camera, levels: tuple[int, ...] | None = None, chunks: int = 1) -> bool:
        """Draw ahead, `chunks` at a time (a frame's spare work), the chunks the view would
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
        """The chunks in view at each level about the view's centre, the nearest level last
        (those of the farther levels that would not fit the chunk budget are left out)."""
        from copy import copy

        i = levels.index(cam.tile_px) if cam.tile_px in levels else 0
        out: list[tuple[int, int, int]] = []
        room = self.chunk_budget - self._view_bytes  # the view's own chunks come first
        for j in sorted(range(len(levels)), key=lambda j: abs(j - i)):
            if j == i:
                continue
            there = copy(cam)
            there.levels = levels
            there.zoom(j - i)
            xs, ys = there.visible_tiles()
            if not xs or not ys:
                continue
            room -= 4 * len(xs) * len(ys) * there.tile_px ** 2
            if room < 0:
                break
            n = chunk_tiles(there.tile_px)
            out = [(there.tile_px, cx, cy) for cy in range(ys.start // n, (ys.stop - 1) // n + 1)
                   for cx in range(xs.start // n, (xs.stop - 1) // n + 1)] + out
        return out

    def surface(self, tile_px: int) -> pygame.Surface:
        """The whole map with tiles of `tile_px` pixels (cached, a few at a time); ValueError
        if that picture would hold more than SURFACE_PIXELS pixels (draw chunks instead)."""
        if tile_px in self._cache:
            self._cache.move_to_end(tile_px)
            return self._cache[tile_px]
        g = self.grid
        size = (g.width * tile_px, g.height * tile_px)
        if size[0] * size[1] > SURFACE_PIXELS:
            raise ValueError(f"a {size[0]} x {size[1]} px picture of the whole map is more than "
                             f"{SURFACE_PIXELS:,} pixels")
        surf = self._new(size)
        self._draw(surf, tile_px, pygame.Rect(0, 0, g.width, g.height))
        self._cache[tile_px] = surf
        while sum(s.get_width() * s.get_height() for s in self._cache.values()) > SURFACE_PIXELS \
                and len(self._cache) > 1:
            self._cache.popitem(last=False)
        return surf

    def base(self) -> pygame.Surface:
        """The whole map with tiles at the map's own tile width (small maps: `surface`)."""
        return self.surface(self.grid.tile_width)

    def thumbnail(self, box: tuple[int, int]) -> pygame.Surface:
        """A picture of the whole map fitting `box`: from its art drawn at the smallest zoom
        when the map has at most THUMB_TILES tiles, else from its tile facts, a pixel a tile
        (a huge map costs a few MB, not its size at any zoom)."""
        g = self.grid
        if g.width * g.height <= THUMB_TILES:
            fit = min(box[0] / g.width, box[1] / g.height)  # drawn a little big, then shrunk
            t = max(1, min(TILE_SIZES[-1], math.ceil(fit)))
            whole = self._new((g.width * t, g.height * t))
            self._draw(whole, t, pygame.Rect(0, 0, g.width, g.height))
        else:
            whole = self._facts_pixels()
        k = min(box[0] / whole.get_width(), box[1] / whole.get_height())
        size = (max(1, int(whole.get_width() * k)), max(1, int(whole.get_height() * k)))
        if whole.get_bitsize() < 24:
            whole = whole.convert(24, 0)
        return pygame.transform.smoothscale(whole, size)

    def _facts_pixels(self) -> pygame.Surface:
        """The tile facts a pixel a tile."""
        g = self.grid
        pixels = bytearray()
        for y in range(g.height):
            for x in range(g.width):
                if g.walkable(x, y):
                    kind = g.cover(x, y) or "open"
                elif g.blocks_sight(x, y):
                    kind = "wall"
                else:
                    kind = g.cover(x, y) or "water"
                pixels += bytes(_FACT_COLOURS[kind])
        return pygame.image.frombuffer(bytes(pixels), (g.width, g.height), "RGB").copy()
