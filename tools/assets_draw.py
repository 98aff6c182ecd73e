"""The drawing helpers of the game's art: tile size, colours, blank surfaces, seeded
randomness, rotation, specks and outlined shapes (a part of tools/make_assets.py, which runs it)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[1]
T = 32
"""Tile and sprite frame size in pixels."""
COLUMNS = 8
"""Tiles a row in terrain.png."""
TILESET_PNG = "assets/tilesets/terrain.png"
TILESET_TSX = "maps/terrain.tsx"

Colour = tuple[int, int, int] | tuple[int, int, int, int]
INK: Colour = (24, 24, 26)
"""Outline colour: near black."""

# -- drawing helpers ---------------------------------------------------------------------


def surface(width: int = T, height: int = T, fill: Colour | None = None) -> pygame.Surface:
    """A transparent (or filled) 32-bit surface."""
    s = pygame.Surface((width, height), pygame.SRCALPHA, 32)
    s.fill(fill if fill is not None else (0, 0, 0, 0))
    return s


def rng_for(name: str) -> random.Random:
    """A random source fixed by a name, so each tile's texture is the same on every run."""
    return random.Random(sum((i + 1) * ord(c) for i, c in enumerate(name)))


def rotate90(src: pygame.Surface) -> pygame.Surface:
    """The surface turned a quarter clockwise, pixel by pixel (an east-west piece becomes
    north-south)."""
    w, h = src.get_size()
    dst = surface(h, w)
    for y in range(h):
        for x in range(w):
            dst.set_at((h - 1 - y, x), src.get_at((x, y)))
    return dst


def specks(s: pygame.Surface, rng: random.Random, count: int, colour: Colour,
           w: int = 1, h: int = 1) -> None:
    for _ in range(count):
        x, y = rng.randrange(0, T - w + 1), rng.randrange(0, T - h + 1)
        pygame.draw.rect(s, colour, (x, y, w, h))


def outlined_circle(s: pygame.Surface, colour: Colour, centre: tuple[int, int], radius: int,
                    edge: Colour = INK, width: int = 1) -> None:
    pygame.draw.circle(s, edge, centre, radius + width)
    pygame.draw.circle(s, colour, centre, radius)


def outlined_rect(s: pygame.Surface, colour: Colour, rect: tuple[int, int, int, int],
                  edge: Colour = INK, width: int = 1, radius: int = 0) -> None:
    pygame.draw.rect(s, colour, rect, border_radius=radius)
    pygame.draw.rect(s, edge, rect, width, border_radius=radius)


def outlined_polygon(s: pygame.Surface, colour: Colour, points: Sequence[tuple[int, int]],
                     edge: Colour = INK) -> None:
    pygame.draw.polygon(s, colour, points)
    pygame.draw.polygon(s, edge, points, 1)
