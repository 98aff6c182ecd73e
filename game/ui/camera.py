"""The camera: which part of the map is in the map view, at which tile size."""

from __future__ import annotations

import pygame

READABLE_PX = 28  # the default zoom: a unit (a tile) at least this many pixels across


class Camera:
    """`offset` is the map pixel (at the current tile size) at the view's top-left corner."""

    def __init__(self, map_tiles: tuple[int, int], levels: tuple[int, ...], view: pygame.Rect) -> None:
        self.map_w, self.map_h = map_tiles
        self.base_levels = tuple(levels)
        self.levels = tuple(levels)
        self.view = pygame.Rect(view)
        self.fitted = False  # showing the whole map at the size that fits it (kept on resize)
        self.tile_px = levels[0]
        self.ox = 0.0
        self.oy = 0.0
        self.fit()

    def fit(self) -> None:
        """The largest tile size at which the whole map fits, if tiles stay readable (12 px);
        else the one nearest 20 px (centre it on something with `centre_on`)."""
        best = min(self.view.w // self.map_w, self.view.h // self.map_h)
        top = max(self.base_levels)
        # the exact size that fills the view is a zoom level too (a big window is filled, not framed)
        extra = {best} if 12 <= best <= top else set()
        self.levels = tuple(sorted({*self.base_levels, *extra}))
        fits = [t for t in self.levels if t * self.map_w <= self.view.w and t * self.map_h <= self.view.h]
        self.tile_px = fits[-1] if fits and fits[-1] >= 12 else min(self.levels, key=lambda t: abs(t - 20))
        self.fitted = bool(fits) and fits[-1] >= 12
        self.ox = (self.map_w * self.tile_px - self.view.w) / 2
        self.oy = (self.map_h * self.tile_px - self.view.h) / 2
        self.clamp()

    def readable(self, min_px: int = READABLE_PX) -> None:
        """The battle's default zoom: tiles (and the units on them) at least `min_px` across
        (the smallest zoom level that large, else the largest); a map that fits whole at that
        size stays fitted. Centre it on a unit with `centre_on`."""
        if self.fitted and self.tile_px >= min_px:
            return
        big = [t for t in self.levels if t >= min_px]
        self.tile_px = big[0] if big else max(self.levels)
        self.fitted = False
        self.clamp()

    def fit_whole(self) -> None:
        """The whole map in view, at the largest zoom level at which it fits (however small)."""
        fits = [t for t in self.levels if t * self.map_w <= self.view.w and t * self.map_h <= self.view.h]
        if not fits or fits[-1] < 12:
            self.tile_px = fits[-1] if fits else min(self.levels)
            self.fitted = True
            self.ox = (self.map_w * self.tile_px - self.view.w) / 2
            self.oy = (self.map_h * self.tile_px - self.view.h) / 2
            self.clamp()
            return
        self.fit()

    def whole(self) -> bool:
        """Is the whole map in view?"""
        return self.map_w * self.tile_px <= self.view.w and self.map_h * self.tile_px <= self.view.h

    def resize(self, view: pygame.Rect) -> None:
        """A new view: a map shown whole is fitted again to the new size; else the same map
        point stays in the middle."""
        if self.fitted:
            self.view = pygame.Rect(view)
            self.fit()
            return
        cx, cy = self.ox + self.view.w / 2, self.oy + self.view.h / 2
        self.view = pygame.Rect(view)
        self.ox, self.oy = cx - self.view.w / 2, cy - self.view.h / 2
        self.clamp()

    def clamp(self) -> None:
        """Keep the map in view: centred when smaller than the view, else no gap at the edges."""
        mw, mh = self.map_w * self.tile_px, self.map_h * self.tile_px
        self.ox = (mw - self.view.w) / 2 if mw <= self.view.w else min(max(self.ox, 0), mw - self.view.w)
        self.oy = (mh - self.view.h) / 2 if mh <= self.view.h else min(max(self.oy, 0), mh - self.view.h)

    def pan(self, dx: float, dy: float) -> None:
        self.ox += dx
        self.oy += dy
        self.clamp()

    def zoom(self, steps: int, anchor: tuple[int, int] | None = None) -> None:
        """Change tile size by `steps` levels, keeping the map point under `anchor` still."""
        i = self.levels.index(self.tile_px) if self.tile_px in self.levels else 0
        j = min(max(i + steps, 0), len(self.levels) - 1)
        if j == i:
            return
        ax, ay = anchor if anchor is not None else self.view.center
        mx = (self.ox + ax - self.view.x) / self.tile_px
        my = (self.oy + ay - self.view.y) / self.tile_px
        self.tile_px = self.levels[j]
        self.fitted = False
        self.ox = mx * self.tile_px - (ax - self.view.x)
        self.oy = my * self.tile_px - (ay - self.view.y)
        self.clamp()

    def centre_on(self, tile: tuple[int, int]) -> None:
        self.ox = (tile[0] + 0.5) * self.tile_px - self.view.w / 2
        self.oy = (tile[1] + 0.5) * self.tile_px - self.view.h / 2
        self.clamp()

    def tile_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The map tile under a screen position, or None outside the view or the map."""
        if not self.view.collidepoint(pos):
            return None
        x = int((pos[0] - self.view.x + self.ox) // self.tile_px)
        y = int((pos[1] - self.view.y + self.oy) // self.tile_px)
        return (x, y) if 0 <= x < self.map_w and 0 <= y < self.map_h else None

    def tile_rect(self, tile: tuple[int, int]) -> pygame.Rect:
        t = self.tile_px
        return pygame.Rect(round(self.view.x + tile[0] * t - self.ox), round(self.view.y + tile[1] * t - self.oy), t, t)

    def centre(self, tile: tuple[int, int]) -> tuple[int, int]:
        return self.tile_rect(tile).center

    def map_area(self) -> pygame.Rect:
        """Where the whole map lies on the screen (most of it outside the view when zoomed in)."""
        t = self.tile_px
        return pygame.Rect(round(self.view.x - self.ox), round(self.view.y - self.oy), self.map_w * t, self.map_h * t)

    def point(self, p: tuple[float, float]) -> tuple[int, int]:
        """The screen position of a point in tiles (a tile's centre is x + 0.5, y + 0.5)."""
        t = self.tile_px
        return (round(self.view.x + p[0] * t - self.ox), round(self.view.y + p[1] * t - self.oy))

    def visible_tiles(self) -> tuple[range, range]:
        t = self.tile_px
        x0, y0 = max(0, int(self.ox // t)), max(0, int(self.oy // t))
        x1 = min(self.map_w, int((self.ox + self.view.w) // t) + 1)
        y1 = min(self.map_h, int((self.oy + self.view.h) // t) + 1)
        return range(x0, x1), range(y0, y1)
