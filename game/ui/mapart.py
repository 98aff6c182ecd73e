"""The window's map art: pytmx's model of a map with every image loaded through the safe
loader (game.maps.images probes, game.maps.decode decodes), never through pytmx's own.

A missing image becomes a clear placeholder, tile by tile: see-through magenta checks with
a magenta edge (magenta being most engines' sign for missing art), drawn over the tile facts
so the map stays legible; an image that is there but not usable refuses the map (MapError,
one line), as check-map and the headless commands do.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytmx
from pytmx.util_pygame import handle_transformation, smart_convert

from game.maps import MapError
from game.maps.decode import decode_image
from game.maps.images import ImageError

PLACEHOLDER = (255, 0, 255)


def placeholder(width: int, height: int) -> pygame.Surface:
    """A missing tile's picture: two see-through magenta checks and a solid magenta edge."""
    width, height = max(1, width), max(1, height)
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    half_w, half_h = max(1, width // 2), max(1, height // 2)
    surf.fill((*PLACEHOLDER, 110), (0, 0, half_w, half_h))
    surf.fill((*PLACEHOLDER, 110), (half_w, half_h, width - half_w, height - half_h))
    pygame.draw.rect(surf, (*PLACEHOLDER, 255), surf.get_rect(), 1)
    return surf


class SafeImageLoader:
    """A pytmx image loader: ``loader(path, colorkey, **kw)`` gives a function that cuts
    tiles (``rect``) out of the image and applies Tiled's flips (``flags``).

    ``missing`` lists the images that were not there (drawn as placeholders of
    ``tile_size``, or of the tile's rect). A tile cut twice (a .tsx the map names many
    times) is the same picture: it is cut and converted once."""

    def __init__(self, map_path: str, tile_size: tuple[int, int]) -> None:
        self.map_path = map_path
        self.tile_size = tile_size
        self.missing: list[str] = []
        self._images: dict[str, pygame.Surface | None] = {}
        self._tiles: dict[tuple[object, ...], pygame.Surface] = {}

    def image(self, path: str) -> pygame.Surface | None:
        """The decoded image (once per file), None if missing; MapError if unusable."""
        if path not in self._images:
            try:
                self._images[path] = decode_image(path)
            except ImageError as err:
                if not err.missing:
                    raise MapError(self.map_path, f"{path}: {err}", "image") from None
                self.missing.append(path)
                self._images[path] = None
        return self._images[path]

    def __call__(self, path: str, colorkey: str | None, **_: object) -> Callable[..., pygame.Surface]:
        image = self.image(path)
        key = pygame.Color("#" + colorkey.strip().lstrip("#")) if colorkey else None

        def load(rect: tuple[int, int, int, int] | None = None, flags: object = None) -> pygame.Surface:
            known = (path, colorkey, tuple(rect) if rect else None, flags)
            tile = self._tiles.get(known)
            if tile is None:
                tile = self._tiles[known] = cut(rect, flags)
            return tile

        def cut(rect: tuple[int, int, int, int] | None, flags: object) -> pygame.Surface:
            if image is None:
                size = (rect[2], rect[3]) if rect else self.tile_size
                return placeholder(*size)
            if rect:
                area = pygame.Rect(rect)
                if not image.get_rect().contains(area):
                    return placeholder(area.w, area.h)  # the tileset says more than the image has
                tile = image.subsurface(area)
            else:
                tile = image.copy()
            if flags:
                tile = handle_transformation(tile, flags)
            return smart_convert(tile, key, True)

        return load


def load_map_art(path: str, tile_size: tuple[int, int]) -> tuple[pytmx.TiledMap, SafeImageLoader]:
    """pytmx's model of the map at ``path`` with its art loaded safely, and the loader (which
    knows what was missing). Needs a display surface (tiles are converted for blitting)."""
    from game.maps.loader import tiled_model

    loader = SafeImageLoader(path, tile_size)
    return tiled_model(path, loader), loader
