"""The window's map art: pytmx's model of a map whose images are named, not loaded (each
tile a `TileRef`: which image, which part, which flips), and `TileArt`, which draws a tile at
the size the view wants, in bounded memory.

Images go through the safe loader (game.maps.images probes, game.maps.decode decodes), never
pytmx's own. Nothing is decoded while the map is read: a tile's picture is cut from its
image, flipped and scaled once per size the view uses, kept in a least-recently-used cache
with a byte budget (TILE_BYTES), and the decoded images themselves in another (IMAGE_BYTES,
at least the one in use), so a map of big tiles or many tiles costs what the view shows.

A missing image becomes a clear placeholder, tile by tile: see-through magenta checks with
a magenta edge (magenta being most engines' sign for missing art), drawn over the tile facts
so the map stays legible; an image that is there but not usable refuses the map (MapError,
one line), as check-map and the headless commands do.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pytmx
from pytmx.util_pygame import handle_transformation, smart_convert

from game.maps import MapError
from game.maps.decode import decode_image
from game.maps.images import ImageError, probe_image

PLACEHOLDER = (255, 0, 255)
TILE_BYTES = 64 * 1024 * 1024
"""Scaled tile pictures kept, in bytes (32-bit pixels)."""
IMAGE_BYTES = 160 * 1024 * 1024
"""Decoded images kept, in bytes: one image at the probe's limit (32 Mpx, 128 MB) fits."""


def placeholder(width: int, height: int) -> pygame.Surface:
    """A missing tile's picture: two see-through magenta checks and a solid magenta edge."""
    width, height = max(1, width), max(1, height)
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    half_w, half_h = max(1, width // 2), max(1, height // 2)
    surf.fill((*PLACEHOLDER, 110), (0, 0, half_w, half_h))
    surf.fill((*PLACEHOLDER, 110), (half_w, half_h, width - half_w, height - half_h))
    pygame.draw.rect(surf, (*PLACEHOLDER, 255), surf.get_rect(), 1)
    return surf


@dataclass(frozen=True)
class TileRef:
    """A tile's picture, not yet drawn: `path` (None: the image is missing, a placeholder),
    its colour key, the part of the image (None: all of it), pytmx's flip flags, and its
    size once cut and flipped."""

    path: str | None
    colorkey: str | None
    rect: tuple[int, int, int, int] | None
    flags: object
    size: tuple[int, int]

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]


class SafeImageLoader:
    """A pytmx image loader: ``loader(path, colorkey, **kw)`` gives a function that names
    a tile (``rect``) of the image with Tiled's flips (``flags``) as a `TileRef`. Each image
    is probed once (a bad one refuses the map); nothing is decoded.

    ``missing`` lists the images that were not there (drawn as placeholders of
    ``tile_size``, or of the tile's rect)."""

    def __init__(self, map_path: str, tile_size: tuple[int, int]) -> None:
        self.map_path = map_path
        self.tile_size = tile_size
        self.missing: list[str] = []
        self._sizes: dict[str, tuple[int, int] | None] = {}

    def size(self, path: str) -> tuple[int, int] | None:
        """The image's size from its header (once per file), None if missing; MapError if
        unusable."""
        if path not in self._sizes:
            try:
                info = probe_image(path)
            except ImageError as err:
                if not err.missing:
                    raise MapError(self.map_path, f"{path}: {err}", "image") from None
                self.missing.append(path)
                self._sizes[path] = None
            else:
                self._sizes[path] = (info.width, info.height)
        return self._sizes[path]

    def __call__(self, path: str, colorkey: str | None, **_: object) -> Callable[..., TileRef]:
        size = self.size(path)
        key = colorkey.strip().lstrip("#") if colorkey else None

        def load(rect: tuple[int, int, int, int] | None = None, flags: object = None) -> TileRef:
            part = tuple(int(v) for v in rect) if rect else None
            w, h = (part[2], part[3]) if part else (size or self.tile_size)
            source: str | None = path
            if size is None or (part and not pygame.Rect(0, 0, *size).contains(part)):
                source = None  # missing, or the tileset says more than the image has
            if flags is not None and getattr(flags, "flipped_diagonally", False):
                w, h = h, w
            return TileRef(source, key, part, flags or None, (max(1, w), max(1, h)))  # type: ignore[arg-type]

        return load


class TileArt:
    """Tiles drawn at a size: each (tile, size) cut, flipped and scaled once, kept while the
    budgets allow (least recently used dropped first)."""

    def __init__(self, tile_bytes: int = TILE_BYTES, image_bytes: int = IMAGE_BYTES) -> None:
        self.tile_bytes = tile_bytes
        self.image_bytes = image_bytes
        self._tiles: OrderedDict[tuple[TileRef, tuple[int, int]], pygame.Surface] = OrderedDict()
        self._tiles_held = 0
        self._images: OrderedDict[str, pygame.Surface] = OrderedDict()
        self._images_held = 0
        self.decoded = 0  # images decoded so far (a test's count)
        self.scaled = 0  # tile pictures made so far

    @property
    def held(self) -> int:
        """Bytes held now in both caches."""
        return self._tiles_held + self._images_held

    def picture(self, ref: TileRef, size: tuple[int, int]) -> pygame.Surface:
        """The tile at `size` pixels."""
        key = (ref, size)
        hit = self._tiles.get(key)
        if hit is not None:
            self._tiles.move_to_end(key)
            return hit
        surf = self._make(ref, size)
        self.scaled += 1
        self._tiles[key] = surf
        self._tiles_held += _bytes(surf)
        while self._tiles_held > self.tile_bytes and len(self._tiles) > 1:
            _, old = self._tiles.popitem(last=False)
            self._tiles_held -= _bytes(old)
        return surf

    def _make(self, ref: TileRef, size: tuple[int, int]) -> pygame.Surface:
        image = self._image(ref.path) if ref.path is not None else None
        if image is None:
            return placeholder(*size)
        tile = image.subsurface(ref.rect) if ref.rect else image
        if ref.colorkey:  # the key is matched at full size, before scaling blends colours
            tile = smart_convert(tile, pygame.Color("#" + ref.colorkey), True)
        if ref.flags:
            tile = handle_transformation(tile, ref.flags)  # type: ignore[arg-type]
        if tile.get_size() != size:
            if tile.get_bitsize() < 24:
                tile = tile.convert_alpha()
            shrink = size[0] <= tile.get_width() and size[1] <= tile.get_height()
            tile = (pygame.transform.smoothscale if shrink else pygame.transform.scale)(tile, size)
        return tile if ref.colorkey else smart_convert(tile, None, True)

    def _image(self, path: str) -> pygame.Surface | None:
        hit = self._images.get(path)
        if hit is not None:
            self._images.move_to_end(path)
            return hit
        try:
            image = decode_image(path)
        except ImageError:
            return None  # judged sound before; gone or changed since: a placeholder
        self.decoded += 1
        self._images[path] = image
        self._images_held += _bytes(image)
        while self._images_held > self.image_bytes and len(self._images) > 1:
            _, old = self._images.popitem(last=False)
            self._images_held -= _bytes(old)
        return image


def _bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


def load_map_art(path: str, tile_size: tuple[int, int]) -> tuple[pytmx.TiledMap, SafeImageLoader]:
    """pytmx's model of the map at ``path`` with its tiles named (TileRef), and the loader
    (which knows what was missing)."""
    from game.maps.loader import tiled_model

    loader = SafeImageLoader(path, tile_size)
    return tiled_model(path, loader), loader
