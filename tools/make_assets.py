#!/usr/bin/env python3
"""Draw the game's art and write the shipped maps, deterministically.

    python tools/make_assets.py [--out DIR]

Writes, under DIR (the repository by default):

- ``assets/tilesets/terrain.png`` and ``maps/terrain.tsx``: the terrain tileset, 32 x 32 px
  tiles, with the game's tile properties (docs/maps.md lists them);
- ``assets/sprites/units.png``, ``assets/sprites/markers.png``, ``assets/sprites/roles.png`` and
  ``assets/sprites/sprites.json`` (which frame is where): unit figures per team and stance, the
  UI's markers, and the figures by role, side and stance (tools/make_units.py);
- ``maps/crossroads.tmx`` (the default map) and ``maps/open_field.tmx``, built from the ASCII
  plans below, so a map is edited here and rebuilt;
- ``assets/sounds/*.wav``: the sound effects, synthesised by tools/make_sounds.py.

Drawing uses pygame-ce headless (Surface, draw, image.save) and random.Random with fixed
seeds: every run writes the same bytes. The TMX/TSX text comes from game/maps/tmxwriter.py.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (the SDL settings above must come first)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import make_units  # noqa: E402  (tools/, this script's own folder, is on the path)

from game.maps.tmxwriter import (  # noqa: E402  (the repository is on sys.path above)
    Choice,
    MapObject,
    ObjectLayer,
    TileLayer,
    Tileset,
    TilesetRef,
    map_xml,
    tileset_xml,
)

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


# -- terrain tiles -----------------------------------------------------------------------
# Ground tiles are opaque and seamless; structure tiles that stand on ground (trees, hedges'
# neighbours, sandbags, crates, low walls, rubble) are transparent around the object so the
# ground layer shows through. Walls, doorways and windows are opaque.


def grass(s: pygame.Surface) -> None:
    s.fill((92, 150, 64))
    rng = rng_for("grass")
    specks(s, rng, 30, (72, 126, 50), 1, 3)
    specks(s, rng, 12, (124, 178, 84), 1, 2)


def dirt(s: pygame.Surface) -> None:
    s.fill((146, 110, 72))
    rng = rng_for("dirt")
    specks(s, rng, 20, (120, 88, 56), 2, 2)
    specks(s, rng, 10, (172, 136, 96), 1, 1)


def road(s: pygame.Surface) -> None:
    s.fill((172, 162, 138))
    rng = rng_for("road")
    specks(s, rng, 34, (142, 132, 112), 2, 1)
    specks(s, rng, 18, (198, 190, 168), 1, 1)


def cobbles(s: pygame.Surface) -> None:
    s.fill((88, 84, 80))
    rng = rng_for("cobbles")
    for row in range(4):
        offset = 4 if row % 2 else 0
        for col in range(-1, 4):
            x = col * 8 + offset
            g = rng.randrange(128, 160)
            pygame.draw.rect(s, (g, g - 4, g - 10), (x + 1, row * 8 + 1, 7, 7), border_radius=2)


def floor_boards(s: pygame.Surface) -> None:
    s.fill((178, 130, 80))
    rng = rng_for("floor_boards")
    joints = (20, 6, 26, 12)
    for row, joint in enumerate(joints):
        y = row * 8 + 7
        pygame.draw.line(s, (118, 80, 44), (0, y), (T - 1, y))
        pygame.draw.line(s, (118, 80, 44), (joint, row * 8), (joint, y))
    for row in range(4):
        for _ in range(3):
            x, y = rng.randrange(0, 28), row * 8 + rng.randrange(2, 6)
            pygame.draw.line(s, (160, 112, 64), (x, y), (x + 4, y))


def floor_tiles(s: pygame.Surface) -> None:
    s.fill((140, 134, 124))
    for row in range(4):
        for col in range(4):
            light = (row + col) % 2 == 0
            pygame.draw.rect(s, (208, 202, 188) if light else (176, 170, 156),
                             (col * 8 + 1, row * 8 + 1, 7, 7))


def crop_field(s: pygame.Surface) -> None:
    s.fill((200, 178, 86))
    rng = rng_for("crop_field")
    for x in range(1, T, 4):
        pygame.draw.line(s, (160, 138, 58), (x, 0), (x, T - 1))
    for _ in range(24):
        x, y = rng.randrange(0, 8) * 4 + 2, rng.randrange(0, T - 2)
        pygame.draw.rect(s, (228, 208, 116), (x, y, 1, 2))


def ploughed_field(s: pygame.Surface) -> None:
    s.fill((124, 90, 60))
    for y in range(1, T, 4):
        pygame.draw.line(s, (92, 64, 40), (0, y), (T - 1, y))
        pygame.draw.line(s, (152, 114, 78), (0, y + 1), (T - 1, y + 1))


def rough_ground(s: pygame.Surface) -> None:
    s.fill((124, 128, 78))
    rng = rng_for("rough_ground")
    specks(s, rng, 16, (104, 108, 62), 2, 2)
    for _ in range(6):  # tufts
        x, y = rng.randrange(3, T - 4), rng.randrange(4, T - 2)
        pygame.draw.lines(s, (70, 88, 44), False, [(x - 3, y), (x, y - 4), (x + 3, y)], 1)
    for _ in range(5):  # stones
        x, y = rng.randrange(2, T - 7), rng.randrange(2, T - 5)
        pygame.draw.ellipse(s, (60, 58, 52), (x, y, 6, 4))
        pygame.draw.ellipse(s, (164, 158, 146), (x + 1, y, 4, 3))


def water(s: pygame.Surface) -> None:
    s.fill((52, 104, 172))
    rng = rng_for("water")
    for _ in range(7):
        x, y = rng.randrange(0, T - 8), rng.randrange(2, T - 3)
        pygame.draw.arc(s, (120, 170, 222), (x, y, 8, 4), 0.3, 2.8, 1)


def shallow_water(s: pygame.Surface) -> None:
    s.fill((92, 140, 168))
    rng = rng_for("shallow_water")
    specks(s, rng, 14, (140, 126, 96), 2, 2)  # stones of the bed
    for _ in range(6):
        x, y = rng.randrange(0, T - 8), rng.randrange(2, T - 3)
        pygame.draw.arc(s, (176, 210, 230), (x, y, 8, 4), 0.3, 2.8, 1)


def flagstones(s: pygame.Surface) -> None:
    s.fill((124, 114, 100))
    rng = rng_for("flagstones")
    for (x, y, w, h) in ((0, 0, 14, 12), (14, 0, 18, 12), (0, 12, 20, 10), (20, 12, 12, 10),
                         (0, 22, 10, 10), (10, 22, 22, 10)):
        g = rng.randrange(176, 196)
        pygame.draw.rect(s, (g, g - 10, g - 26), (x + 1, y + 1, w - 1, h - 1))


def rubble(s: pygame.Surface) -> None:
    """Broken stone and brick in heaps: chunky blocks with a lit top edge."""
    rng = rng_for("rubble")
    stones = ((150, 144, 134), (128, 122, 114), (170, 164, 152), (156, 88, 66))
    for cx, cy, r in ((8, 9, 6), (21, 7, 5), (25, 19, 6), (12, 22, 6), (4, 28, 3), (17, 14, 4),
                      (28, 29, 3), (30, 4, 2)):
        points = []
        for k in range(6):
            angle = k * math.pi / 3 + rng.uniform(-0.3, 0.3)
            reach = r * rng.uniform(0.75, 1.1)
            points.append((round(cx + reach * math.cos(angle)), round(cy + reach * math.sin(angle))))
        colour = rng.choice(stones)
        outlined_polygon(s, colour, points)
        pygame.draw.line(s, tuple(min(255, c + 40) for c in colour), points[3], points[4])
    for _ in range(10):  # grit
        x, y = rng.randrange(0, T - 2), rng.randrange(0, T - 2)
        pygame.draw.rect(s, (112, 106, 98), (x, y, 2, 2))


def bush(s: pygame.Surface, cx: int, cy: int, r: int, light: Colour, dark: Colour) -> None:
    lobes = [(cx - r // 2, cy), (cx + r // 2, cy), (cx, cy - r // 2)]
    for x, y in lobes:
        pygame.draw.circle(s, INK, (x, y), r + 1)
    for x, y in lobes:
        pygame.draw.circle(s, dark, (x, y), r)
    for x, y in lobes:
        pygame.draw.circle(s, light, (x - 1, y - 1), max(1, r // 2))


def brush(s: pygame.Surface) -> None:
    for cx, cy, r in ((9, 10, 5), (23, 13, 5), (14, 24, 6)):
        bush(s, cx, cy, r, (118, 176, 82), (72, 136, 56))


def thicket(s: pygame.Surface) -> None:
    s.fill((58, 92, 44))
    for cx, cy, r in ((7, 8, 6), (22, 6, 6), (15, 16, 7), (6, 25, 6), (25, 24, 6)):
        bush(s, cx, cy, r, (104, 150, 70), (66, 116, 50))


def hedge(s: pygame.Surface) -> None:
    s.fill((30, 76, 34))
    centres = [(x, y) for y in (5, 16, 27) for x in ((4, 15, 26) if y != 16 else (9, 21))]
    centres += [(-2, 16), (33, 16)]
    for x, y in centres:
        pygame.draw.circle(s, (20, 54, 24), (x, y), 8)
    for x, y in centres:
        pygame.draw.circle(s, (44, 106, 46), (x, y), 6)
    for x, y in centres:
        pygame.draw.circle(s, (74, 140, 64), (x - 2, y - 2), 2)


def tree(s: pygame.Surface) -> None:
    lobes = [(16, 7), (24, 12), (23, 22), (12, 24), (7, 14), (16, 16)]
    for x, y in lobes:
        pygame.draw.circle(s, (16, 42, 18), (x, y), 9)
    for x, y in lobes:
        pygame.draw.circle(s, (38, 100, 42), (x, y), 7)
    for x, y in lobes[:-1]:
        pygame.draw.circle(s, (60, 130, 56), (x - 2, y - 2), 3)
    outlined_circle(s, (104, 70, 40), (16, 16), 3)


def sandbags(s: pygame.Surface) -> None:
    bag, edge = (178, 162, 112), (78, 66, 40)
    rows = ((5, (1, 11, 21)), (13, (-4, 6, 16, 26)), (21, (1, 11, 21)))
    for y, xs in rows:
        for x in xs:
            outlined_rect(s, bag, (x, y, 10, 8), edge, 1, 3)
            pygame.draw.line(s, edge, (x + 3, y + 2), (x + 3, y + 5))


def crates(s: pygame.Surface) -> None:
    wood, dark = (172, 126, 68), (64, 42, 20)
    outlined_rect(s, wood, (3, 3, 26, 26), dark, 2)
    pygame.draw.rect(s, (140, 98, 50), (6, 6, 20, 20), 1)
    pygame.draw.line(s, (120, 84, 42), (7, 7), (24, 24), 3)
    pygame.draw.line(s, (120, 84, 42), (7, 24), (24, 7), 3)
    pygame.draw.line(s, (200, 160, 100), (4, 4), (27, 4))


def hay_bales(s: pygame.Surface) -> None:
    straw, edge = (222, 196, 104), (120, 96, 40)
    for x, y in ((2, 3), (17, 3), (9, 17)):
        outlined_rect(s, straw, (x, y, 13, 12), edge, 1, 2)
        for i in range(x + 3, x + 12, 3):
            pygame.draw.line(s, (190, 162, 76), (i, y + 2), (i, y + 9))


def well(s: pygame.Surface) -> None:
    outlined_circle(s, (150, 146, 140), (16, 16), 12, INK, 2)
    for angle_x, angle_y in ((16, 5), (27, 16), (16, 27), (5, 16)):
        pygame.draw.line(s, (100, 96, 90), (16, 16), (angle_x, angle_y), 1)
    outlined_circle(s, (40, 66, 110), (16, 16), 6)
    pygame.draw.line(s, (96, 62, 32), (3, 16), (29, 16), 3)  # the winch beam


def stone_wall(s: pygame.Surface) -> None:
    s.fill((54, 54, 60))
    rng = rng_for("stone_wall")
    rows = ((0, 11, (12, 20)), (11, 11, (18, 14)), (22, 10, (9, 14, 9)))
    for y, h, widths in rows:
        x = 0
        for w in widths:
            g = rng.randrange(106, 128)
            pygame.draw.rect(s, (g, g, g + 8), (x + 1, y + 1, w - 1, h - 1))
            pygame.draw.line(s, (g + 26, g + 26, g + 30), (x + 1, y + 1), (x + w - 1, y + 1))
            x += w


def brick_wall(s: pygame.Surface) -> None:
    s.fill((190, 180, 160))
    rng = rng_for("brick_wall")
    for row in range(4):
        offset = 8 if row % 2 else 0
        for col in range(-1, 2):
            r = rng.randrange(150, 176)
            x = col * 16 + offset
            pygame.draw.rect(s, (r, r // 2 - 12, r // 3 - 8), (x + 1, row * 8 + 1, 15, 7))
            pygame.draw.line(s, (r + 24, r // 2 + 8, r // 3 + 4), (x + 1, row * 8 + 1),
                             (x + 15, row * 8 + 1))


FRAME: Colour = (84, 84, 92)
"""Door and window frames: a neutral grey that sits in stone and brick walls alike."""


def doorway_ew(s: pygame.Surface) -> None:
    floor_boards(s)
    for x in (0, 26):
        outlined_rect(s, FRAME, (x, -1, 6, T + 2))
    outlined_rect(s, (132, 88, 44), (6, 4, 4, 20), (60, 36, 16))  # the open door leaf


def window_ew(s: pygame.Surface) -> None:
    s.fill(FRAME)
    pygame.draw.line(s, (120, 120, 128), (0, 9), (T - 1, 9))
    pygame.draw.line(s, (120, 120, 128), (0, 22), (T - 1, 22))
    outlined_rect(s, (164, 212, 236), (2, 11, 28, 10))
    pygame.draw.line(s, INK, (16, 11), (16, 20))
    pygame.draw.line(s, (236, 248, 255), (5, 19), (11, 13), 2)
    pygame.draw.line(s, (236, 248, 255), (20, 19), (26, 13), 2)


def low_wall(joins: str) -> Callable[[pygame.Surface], None]:
    """A low stone wall running to the sides named in ``joins``: "ew", "ns", or a corner
    ("ne", "sw", ...). A band of stones 15 px thick, its shadow to the south and east."""
    arms = {  # the band's rectangle toward each side; the arms overlap in the middle
        "e": (9, 8, T - 9, 15), "w": (0, 8, 24, 15),
        "n": (9, 0, 15, 23), "s": (9, 8, 15, T - 8),
    }

    def paint(s: pygame.Surface) -> None:
        rng = rng_for("low_wall_" + joins)
        for side in joins:
            x, y, w, h = arms[side]
            if side in "ew":
                pygame.draw.rect(s, (0, 0, 0, 72), (x, y + h, w, 3))
            else:
                pygame.draw.rect(s, (0, 0, 0, 72), (x + w, y, 3, h))
        for side in joins:
            pygame.draw.rect(s, INK, arms[side])
        for side in joins:
            x, y, w, h = arms[side]
            pygame.draw.rect(s, (98, 96, 90), (x + 1, y + 1, w - 2, h - 2))
        for side in joins:
            x, y, w, h = arms[side]
            s.set_clip((x + 1, y + 1, w - 2, h - 2))
            for lane, at in enumerate((2, 8)):
                offset = 4 if lane else 0
                for k in range(-1, 5):
                    g = rng.randrange(156, 182)
                    colour = (g, g - 2, g - 10)
                    if side in "ew":
                        pygame.draw.rect(s, colour, (k * 8 + offset + 1, y + at, 7, 5),
                                         border_radius=1)
                    else:
                        pygame.draw.rect(s, colour, (x + at, k * 8 + offset + 1, 5, 7),
                                         border_radius=1)
            s.set_clip(None)
        if joins not in ("ew", "ns"):  # a corner stone where the arms meet
            outlined_rect(s, (176, 172, 160), (10, 9, 13, 13), (70, 68, 62), 1, 2)
    return paint


def crater(s: pygame.Surface) -> None:
    pygame.draw.ellipse(s, INK, (1, 2, 30, 28))
    pygame.draw.ellipse(s, (156, 124, 86), (2, 3, 28, 26))
    pygame.draw.ellipse(s, (70, 54, 40), (7, 8, 18, 16))
    pygame.draw.ellipse(s, (96, 74, 52), (9, 11, 14, 11))
    rng = rng_for("crater")
    for _ in range(8):
        angle = rng.uniform(0, 2 * math.pi)
        x, y = round(16 + 12 * math.cos(angle)), round(16 + 11 * math.sin(angle))
        pygame.draw.rect(s, (120, 92, 62), (x - 1, y - 1, 3, 2))


def foxhole(s: pygame.Surface) -> None:
    outlined_circle(s, (58, 46, 34), (16, 16), 8)
    bag, edge = (178, 162, 112), (78, 66, 40)
    for k in range(10):
        angle = k * math.pi / 5
        x, y = 16 + 12 * math.cos(angle), 16 + 12 * math.sin(angle)
        outlined_rect(s, bag, (round(x) - 4, round(y) - 3, 8, 6), edge, 1, 2)


def cart(s: pygame.Surface) -> None:
    for y in (6, 20):  # wheels, seen edge on
        outlined_rect(s, (70, 50, 30), (3, y, 4, 8))
        outlined_rect(s, (70, 50, 30), (25, y, 4, 8))
    outlined_rect(s, (150, 104, 58), (6, 3, 20, 24), (60, 40, 20), 2)
    for x in (11, 16, 21):
        pygame.draw.line(s, (120, 82, 44), (x, 5), (x, 24))
    pygame.draw.line(s, (96, 66, 34), (13, 27), (13, 31), 2)  # the shafts
    pygame.draw.line(s, (96, 66, 34), (19, 27), (19, 31), 2)


def table(s: pygame.Surface) -> None:
    for x, y in ((5, 3), (21, 3), (5, 23), (21, 23)):  # chairs
        outlined_rect(s, (120, 84, 48), (x, y, 6, 6), (50, 34, 18))
    outlined_rect(s, (160, 112, 64), (3, 8, 26, 16), (56, 36, 18), 2)
    pygame.draw.line(s, (136, 94, 52), (5, 16), (26, 16))


def fence_ew(s: pygame.Surface) -> None:
    wood, dark = (150, 108, 62), (60, 40, 20)
    pygame.draw.rect(s, dark, (0, 12, T, 8))
    pygame.draw.rect(s, wood, (0, 13, T, 2))
    pygame.draw.rect(s, wood, (0, 17, T, 2))
    for x in (4, 20):
        outlined_rect(s, (122, 86, 48), (x, 10, 6, 12), dark)


def barbed_wire(s: pygame.Surface) -> None:
    wire = (70, 70, 74)
    for y in (9, 16, 23):
        points = [(x, y + (2 if (x // 4) % 2 else -2)) for x in range(0, T + 1, 4)]
        pygame.draw.lines(s, wire, False, points, 1)
    for x in (3, 16, 29):
        outlined_rect(s, (110, 84, 52), (x - 1, 6, 3, 21), (50, 36, 20))
    for x in range(2, T, 6):
        for y in (9, 16, 23):
            pygame.draw.line(s, (40, 40, 44), (x - 1, y - 1), (x + 1, y + 1))
            pygame.draw.line(s, (40, 40, 44), (x - 1, y + 1), (x + 1, y - 1))


def turned(painter: Callable[[pygame.Surface], None]) -> Callable[[pygame.Surface], None]:
    """The same piece running north-south instead of east-west."""
    def paint(s: pygame.Surface) -> None:
        piece = surface()
        painter(piece)
        s.blit(rotate90(piece), (0, 0))
    return paint


@dataclass(frozen=True)
class TileKind:
    """A tile of terrain.png: its name, its game properties and how to draw it."""

    name: str
    paint: Callable[[pygame.Surface], None]
    blocks_move: bool = False
    blocks_sight: bool = False
    cover: str = "none"
    move_cost: float = 1.0

    def properties(self) -> dict[str, bool | float | str | Choice]:
        """Every property written out, so an author sees them all on each tile in Tiled."""
        return {"name": self.name, "blocks_move": self.blocks_move,
                "blocks_sight": self.blocks_sight, "cover": Choice("cover", self.cover),
                "move_cost": float(self.move_cost)}


TILES: tuple[TileKind, ...] = (
    # row 0: open ground (the ground layer)
    TileKind("grass", grass),
    TileKind("dirt", dirt),
    TileKind("road", road),
    TileKind("cobbles", cobbles),
    TileKind("floor_boards", floor_boards),
    TileKind("floor_tiles", floor_tiles),
    TileKind("crop_field", crop_field),
    TileKind("ploughed_field", ploughed_field),
    # row 1: ground that slows, and things that stand on the ground
    TileKind("rough_ground", rough_ground, move_cost=2),
    TileKind("water", water, blocks_move=True),
    TileKind("rubble", rubble, cover="soft50", move_cost=2),
    TileKind("brush", brush, cover="soft50", move_cost=2),
    TileKind("hedge", hedge, blocks_sight=True, cover="soft90", move_cost=2),
    TileKind("tree", tree, blocks_move=True, cover="hard50"),
    TileKind("sandbags", sandbags, cover="hard90", move_cost=3),
    TileKind("crates", crates, blocks_move=True, cover="hard90"),
    # row 2: buildings and walls
    TileKind("stone_wall", stone_wall, blocks_move=True, blocks_sight=True, cover="hard90"),
    TileKind("brick_wall", brick_wall, blocks_move=True, blocks_sight=True, cover="hard90"),
    TileKind("doorway_ew", doorway_ew),
    TileKind("doorway_ns", turned(doorway_ew)),
    TileKind("window_ew", window_ew, blocks_move=True, cover="hard50"),
    TileKind("window_ns", turned(window_ew), blocks_move=True, cover="hard50"),
    TileKind("low_wall_ew", low_wall("ew"), cover="hard50", move_cost=2),
    TileKind("low_wall_ns", low_wall("ns"), cover="hard50", move_cost=2),
    # row 3: more country
    TileKind("thicket", thicket, blocks_sight=True, cover="soft90", move_cost=3),
    TileKind("fence_ew", fence_ew, cover="soft50", move_cost=2),
    TileKind("fence_ns", turned(fence_ew), cover="soft50", move_cost=2),
    TileKind("well", well, blocks_move=True, cover="hard90"),
    TileKind("flagstones", flagstones),
    TileKind("shallow_water", shallow_water, move_cost=3),
    TileKind("barbed_wire", barbed_wire, move_cost=3),
    TileKind("hay_bales", hay_bales, blocks_move=True, cover="soft90"),
    # row 4: low wall corners, and cover made by hand
    TileKind("low_wall_ne", low_wall("ne"), cover="hard50", move_cost=2),
    TileKind("low_wall_nw", low_wall("nw"), cover="hard50", move_cost=2),
    TileKind("low_wall_se", low_wall("se"), cover="hard50", move_cost=2),
    TileKind("low_wall_sw", low_wall("sw"), cover="hard50", move_cost=2),
    TileKind("crater", crater, cover="hard50", move_cost=2),
    TileKind("foxhole", foxhole, cover="hard90", move_cost=2),
    TileKind("cart", cart, blocks_move=True, cover="hard50"),
    TileKind("table", table, cover="soft50", move_cost=2),
)
TILE_ID: dict[str, int] = {kind.name: i for i, kind in enumerate(TILES)}


def draw_tileset() -> pygame.Surface:
    rows = -(-len(TILES) // COLUMNS)
    sheet = surface(COLUMNS * T, rows * T)
    for i, kind in enumerate(TILES):
        tile = surface()
        kind.paint(tile)
        sheet.blit(tile, ((i % COLUMNS) * T, (i // COLUMNS) * T))
    return sheet


def tileset_model(sheet: pygame.Surface) -> Tileset:
    w, h = sheet.get_size()
    return Tileset(name="terrain", image="../" + TILESET_PNG, image_width=w, image_height=h,
                   tile_width=T, tile_height=T, columns=COLUMNS,
                   tile_properties={i: kind.properties() for i, kind in enumerate(TILES)})


# -- unit sprites ------------------------------------------------------------------------

TEAM_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "blue": ((56, 112, 224), (22, 44, 110)),
    "red": ((214, 58, 48), (104, 22, 20)),
}
STANCES = ("normal", "crouched", "prone", "down")
HALO: Colour = (244, 244, 236)


def figure(team: str, stance: str) -> pygame.Surface:
    """A soldier seen from above, facing north (up); the UI turns it or adds the arrow."""
    s = surface()
    body, dark = TEAM_COLOURS[team]
    if stance == "down":
        body = tuple((c + 128) // 2 for c in body)  # faded
    if stance == "normal":
        shape, head, rifle = (5, 10, 22, 15), (16, 17), ((21, 15), (21, 2))
    elif stance == "crouched":
        shape, head, rifle = (8, 13, 16, 15), (16, 19), ((20, 17), (20, 6))
    else:  # prone and down: lying at full length
        shape, head, rifle = (10, 6, 12, 24), (16, 10), ((21, 10), (21, 1))
    if stance == "down":
        shape, head, rifle = (4, 10, 24, 12), (8, 16), None
    x, y, w, h = shape
    pygame.draw.ellipse(s, HALO, (x - 2, y - 2, w + 4, h + 4))
    pygame.draw.ellipse(s, INK, (x - 1, y - 1, w + 2, h + 2))
    pygame.draw.ellipse(s, body, (x, y, w, h))
    if stance == "crouched":  # folded legs behind
        pygame.draw.line(s, dark, (12, 27), (20, 27), 3)
    if stance == "prone":  # legs apart behind
        pygame.draw.line(s, dark, (14, 22), (12, 29), 3)
        pygame.draw.line(s, dark, (18, 22), (20, 29), 3)
    if rifle:
        pygame.draw.line(s, HALO, rifle[0], rifle[1], 5)
        pygame.draw.line(s, INK, rifle[0], rifle[1], 3)
    outlined_circle(s, dark, head, 5)
    pygame.draw.circle(s, tuple(min(255, c + 70) for c in dark), (head[0] - 1, head[1] - 2), 2)
    if stance == "down":
        for a, b in (((18, 9), (28, 23)), ((28, 9), (18, 23))):
            pygame.draw.line(s, HALO, a, b, 5)
            pygame.draw.line(s, INK, a, b, 3)
    return s


def draw_units() -> pygame.Surface:
    sheet = surface(len(STANCES) * T, len(TEAM_COLOURS) * T)
    for row, team in enumerate(TEAM_COLOURS):
        for col, stance in enumerate(STANCES):
            sheet.blit(figure(team, stance), (col * T, row * T))
    return sheet


# -- markers -----------------------------------------------------------------------------

SHIELD = [(16, 3), (27, 7), (26, 18), (16, 29), (6, 18), (5, 7)]


def cover_marker(kind: str, level: int) -> pygame.Surface:
    """A shield filled to the level of cover: soft cover green and hatched, hard steel."""
    s = surface()
    pygame.draw.polygon(s, HALO, SHIELD, 0)
    pygame.draw.polygon(s, HALO, SHIELD, 5)
    fill = surface()
    colour = (96, 178, 72) if kind == "soft" else (150, 164, 184)
    pygame.draw.polygon(fill, colour, SHIELD)
    if kind == "soft":
        for i in range(-32, 32, 5):
            pygame.draw.line(fill, (58, 120, 44), (i, 32), (i + 32, 0), 1)
    else:
        for x, y in ((10, 10), (22, 10), (16, 22)):
            pygame.draw.circle(fill, (96, 104, 120), (x, y), 1)
    top = 16 if level == 50 else 6
    fill.fill((0, 0, 0, 0), (0, 0, T, top))
    pygame.draw.line(fill, INK, (0, top), (T, top), 1)
    inside = surface()
    pygame.draw.polygon(inside, (255, 255, 255), SHIELD)
    for y in range(T):  # keep only what lies inside the shield
        for x in range(T):
            if inside.get_at((x, y)).a == 0:
                fill.set_at((x, y), (0, 0, 0, 0))
    s.blit(fill, (0, 0))
    pygame.draw.polygon(s, INK, SHIELD, 2)
    return s


def overlay(colour: tuple[int, int, int], alpha: int = 84) -> pygame.Surface:
    s = surface(fill=(*colour, alpha))
    pygame.draw.rect(s, (*colour, 200), (0, 0, T, T), 2)
    return s


def selection_ring() -> pygame.Surface:
    s = surface()
    pygame.draw.circle(s, INK, (16, 16), 15, 5)
    pygame.draw.circle(s, (255, 214, 40), (16, 16), 14, 3)
    return s


def facing_arrow() -> pygame.Surface:
    s = surface()
    outlined_polygon(s, HALO, [(16, 0), (23, 8), (9, 8)])
    return s


def reticle() -> pygame.Surface:
    s = surface()
    pygame.draw.circle(s, INK, (16, 16), 12, 4)
    pygame.draw.circle(s, (236, 52, 40), (16, 16), 11, 2)
    for a, b in (((16, 1), (16, 9)), ((16, 23), (16, 31)), ((1, 16), (9, 16)),
                 ((23, 16), (31, 16))):
        pygame.draw.line(s, INK, a, b, 4)
        pygame.draw.line(s, (236, 52, 40), a, b, 2)
    return s


def path_dot() -> pygame.Surface:
    s = surface()
    outlined_circle(s, HALO, (16, 16), 4, INK, 2)
    return s


def hatched(colour: tuple[int, int, int]) -> pygame.Surface:
    s = surface(fill=(*colour, 40))
    for i in range(-32, 32, 8):
        pygame.draw.line(s, (*colour, 150), (i, 32), (i + 32, 0), 2)
    return s


def invalid() -> pygame.Surface:
    s = surface()
    for a, b in (((7, 7), (25, 25)), ((25, 7), (7, 25))):
        pygame.draw.line(s, INK, a, b, 7)
        pygame.draw.line(s, (236, 52, 40), a, b, 3)
    return s


def hover() -> pygame.Surface:
    s = surface()
    pygame.draw.rect(s, INK, (0, 0, T, T), 1)
    pygame.draw.rect(s, HALO, (1, 1, T - 2, T - 2), 2)
    return s


MARKERS: tuple[tuple[str, Callable[[], pygame.Surface]], ...] = (
    ("cover_soft50", lambda: cover_marker("soft", 50)),
    ("cover_soft90", lambda: cover_marker("soft", 90)),
    ("cover_hard50", lambda: cover_marker("hard", 50)),
    ("cover_hard90", lambda: cover_marker("hard", 90)),
    ("selection", selection_ring),
    ("facing", facing_arrow),
    ("move", lambda: overlay((60, 140, 255))),
    ("attack", lambda: overlay((255, 60, 50))),
    ("target", reticle),
    ("path", path_dot),
    ("run", lambda: overlay((255, 170, 40))),
    ("spawn_blue", lambda: hatched((56, 112, 224))),
    ("spawn_red", lambda: hatched((214, 58, 48))),
    ("invalid", invalid),
    ("hover", hover),
    ("blast", lambda: overlay((255, 110, 20), 110)),
)


def draw_markers() -> pygame.Surface:
    rows = -(-len(MARKERS) // COLUMNS)
    sheet = surface(COLUMNS * T, rows * T)
    for i, (_, paint) in enumerate(MARKERS):
        sheet.blit(paint(), ((i % COLUMNS) * T, (i // COLUMNS) * T))
    return sheet


def sprite_index() -> dict[str, object]:
    """Where each frame is, for the UI: ``[column, row]`` of 32 x 32 px frames."""
    return {
        "frame_size": [T, T],
        "units.png": {
            "facing": "north (up); turn the frame or draw markers.png 'facing' beside it",
            "frames": {f"{team}_{stance}": [col, row]
                       for row, team in enumerate(TEAM_COLOURS)
                       for col, stance in enumerate(STANCES)},
        },
        "markers.png": {
            "frames": {name: [i % COLUMNS, i // COLUMNS] for i, (name, _) in enumerate(MARKERS)},
        },
        "roles.png": {
            "facing": "north (up); a row per role and side, a column per stance (tools/make_units.py)",
            "frames": make_units.frames(),
        },
    }


# -- map plans ---------------------------------------------------------------------------
# One character a tile. Ground characters fill the ground layer; structure characters go on
# the structures layer, over the ground their neighbours have most of. Doorways, windows,
# low walls and fences turn to follow the wall or line they sit in.

GROUND_CHARS: dict[str, str] = {
    ".": "grass", ",": "dirt", "=": "road", "o": "cobbles", "_": "floor_boards",
    ":": "floor_tiles", "f": "crop_field", "p": "ploughed_field", "r": "rough_ground",
    "~": "water", "g": "flagstones", "v": "shallow_water",
}
STRUCTURE_CHARS: dict[str, str] = {
    "#": "stone_wall", "B": "brick_wall", "D": "doorway", "W": "window", "l": "low_wall",
    "h": "hedge", "s": "sandbags", "c": "crates", "T": "tree", "b": "brush", "x": "rubble",
    "k": "thicket", "F": "fence", "O": "well", "w": "barbed_wire", "H": "hay_bales",
    "C": "crater", "X": "foxhole", "A": "cart", "n": "table",
}
ORIENTED: dict[str, str] = {"D": "#BDW", "W": "#BDW", "l": "l#B", "F": "F"}
"""Oriented pieces and the characters they line up with."""
GROUND_PRIORITY = "._,=o:gfpr~v"


def oriented(tile: str, mates: str, north: str, east: str, south: str, west: str) -> str:
    """The piece of ``tile`` that lines up with its neighbours: ``_ew`` (the default), ``_ns``,
    or for low walls a corner (``low_wall_ne``) where the wall turns."""
    n, e, s, w = (c in mates for c in (north, east, south, west))
    if tile == "low_wall" and (n != s) and (e != w):
        return f"low_wall_{'n' if n else 's'}{'e' if e else 'w'}"
    return tile + ("_ns" if (n or s) and not (e or w) else "_ew")


def plan_layers(plan: Sequence[str], name: str) -> tuple[list[int], list[int]]:
    """Ground and structure gids (firstgid 1) for a plan of equal-length rows."""
    height, width = len(plan), len(plan[0])
    for y, row in enumerate(plan):
        if len(row) != width:
            raise ValueError(f"{name}: plan row {y} has {len(row)} characters, not {width}")
        for x, ch in enumerate(row):
            if ch not in GROUND_CHARS and ch not in STRUCTURE_CHARS:
                raise ValueError(f"{name}: unknown plan character {ch!r} at ({x}, {y})")

    def at(x: int, y: int) -> str:
        return plan[y][x] if 0 <= x < width and 0 <= y < height else " "

    ground: list[int] = []
    structures: list[int] = []
    for y in range(height):
        for x in range(width):
            ch = plan[y][x]
            if ch in GROUND_CHARS:
                ground.append(1 + TILE_ID[GROUND_CHARS[ch]])
                structures.append(0)
                continue
            counts: dict[str, int] = {}
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    n = at(x + dx, y + dy)
                    if n in GROUND_CHARS and n not in "~v":
                        counts[n] = counts.get(n, 0) + 1
            under = max(counts, key=lambda c: (counts[c], -GROUND_PRIORITY.index(c)),
                        default=".")
            ground.append(1 + TILE_ID[GROUND_CHARS[under]])
            tile = STRUCTURE_CHARS[ch]
            if ch in ORIENTED:
                tile = oriented(tile, ORIENTED[ch], at(x, y - 1), at(x + 1, y), at(x, y + 1),
                                at(x - 1, y))
            structures.append(1 + TILE_ID[tile])
    return ground, structures



# The default map: a village crossroads, 40 x 30 tiles of 2 m. Blue comes from the west,
# red from the east. Legend: GROUND_CHARS and STRUCTURE_CHARS above. This is the west half:
# the east half is the same turned half round (turned_round), so both sides have a house
# by the road, a walled orchard, a sandbagged corner of the square and fields at the edge.
CROSSROADS_WEST = """
..T.....rrr......T.=
....hhhhhhhhhhhh...=
....h..............=
..T.h.BBWBBBBWBB...=
....h.B___B____B,,c=
....h.W_n_B____B,cc=
....h.B___D____D,,,=
......B___B__n_W,,,=
......B___B____B,c,=
......BBBBBBDBBB,,,=
.rr.........,....,,=
.rr.....lllll..sooo=
...............soOo=
.T.............sooA=
====================
====================
...............sooo=
.......T.......sooo=
.....lllll.lllll...=
.....l.T.T.T.T.l...=
...............l...=
.....l.T.T.T.T.l...=
.....lb.......bl...=
.....lllllllllll...=
...................=
hhhhhhh.hhhhhhhh...=
fffffff....~~~~....=
fffffff...b~~~~b...=
fffffff....~~~.b...=
fffffff............=
""".strip("\n").splitlines()

# open_field is drawn at one character per 4 x 4 tiles (120 x 120 tiles from 30 x 30):
# '.' grass, 'f' crops, 'p' ploughed, 'r' rough, 'b' scrub, 'T' copse, '~' pond, and lines
# that join their neighbours: 'h' hedgerow, 'l' low stone wall and 'F' fence join one
# another, 't' (a dirt track, 2 tiles wide) joins tracks. The south half is the north half
# turned half round, so both sides have the same ground (but the track's jog).
# Then the STAMPS (small plans in tiles, as above) are laid over it.
BLOCK = 4
OPEN_FIELD_PLAN = """
.TT...pppppp.h..fffffff.h.TTT.
TTTT..pppppp.h..fffffff.h..TT.
.TT...pppppp.h..fffffff.h.....
hhhFFFFF.FFFFhhhh..FFFFFhh.hhh
fffff..h.......h.rrr....h.....
fffff..h..TT...h.rrr.~~.h.ppp.
fffff..l.TTTT..l.....~~.h.ppp.
fffff..l..TT...l........h.ppp.
FFFF.lll.FFFFhhhh..FFFFFFF.FFF
........h..........h.......b..
.pppppp.h.fffffff..h.bbb......
.pppppp.h.fffffff..h..bb..ff..
hhhhhhh.hhhhhhh.hhhh.hhhh.hhhh
.............TT...............
tttttttttttttttt..............
...............ttttttttttttttt
...............TT.............
hhhh.hhhh.hhhh.hhhhhhh.hhhhhhh
..ff..bb..h..fffffff.h.pppppp.
......bbb.h..fffffff.h.pppppp.
..b.......h..........h........
FFF.FFFFFFF..hhhhFFFF.lll.FFFF
.ppp.h........l...TT..l..fffff
.ppp.h.~~.....l..TTTT.l..fffff
.ppp.h.~~.rrr.h...TT..h..fffff
.....h....rrr.h.......h..fffff
hhh.hhFFFFF..hhhhFFFF.FFFFFhhh
.....h.fffffff..h.pppppp...TT.
.TT..h.fffffff..h.pppppp..TTTT
.TTT.h.fffffff..h.pppppp...TT.
""".strip("\n").splitlines()

def turned_round(west: Sequence[str]) -> list[str]:
    """A whole plan from its west half: the east half is the west half turned half round
    (180 degrees about the map's centre), so both sides have the same ground."""
    height = len(west)
    return [west[y] + west[height - 1 - y][::-1] for y in range(height)]


def north_turned_round(plan: Sequence[str]) -> list[str]:
    """The plan with its south half replaced by its north half turned half round: the
    random copses, scrub and hedgerow trees of the north half, and the track, then match
    tile for tile on both sides."""
    north = list(plan[:len(plan) // 2])
    return north + half_turn(north)


def half_turn(plan: Sequence[str]) -> list[str]:
    """A plan turned half round (180 degrees)."""
    return [row[::-1] for row in reversed(plan)]


FARMHOUSE = """
,,,,,,,,,,,,,,,,
,##W####W###W##,
,#______#:::::#,
,W______D:::::W,
,#______#:::::#,
,####D#####D###,
,,,,,,,,,,,,,,,,
,,c,H,,,,,,,O,,,
""".strip("\n").splitlines()

RUINED_BARN = """
............
.BBxBBBBxBB.
.Bgggxgggg..
.xgggggggxB.
.Bggxgggggg.
.BBB..xBBBB.
............
""".strip("\n").splitlines()

OPEN_FIELD_STAMPS: tuple[tuple[int, int, list[str]], ...] = (
    (52, 29, FARMHOUSE),
    (24, 40, RUINED_BARN),
    # the same, turned half round about the centre: both sides get the same ground
    (120 - 52 - 16, 120 - 29 - 8, half_turn(FARMHOUSE)),
    (120 - 24 - 12, 120 - 40 - 7, half_turn(RUINED_BARN)),
)

# A town street, 40 x 24 tiles of 2 m: the west half (the east half is it turned round).
# A cobbled street between two rows of houses, pavements of flagstones, a lane across the
# middle, alleys between the houses and back lanes behind them; rooms joined by doorways,
# windows on the street. Brick kiosks stand in the street, staggered, so no line of sight
# runs the street's length: a squad must close in (pistols and shotguns lose at range). Blue starts in the little square at the west end.
STREET_WEST = """
,,,,,,,,,,,,,,,,,,,,
ggg#######,BBBWBBB,,
ggc#__n__#cB__B::B,,
ggg W_____#,B__D::B,A
ggg#_____D,D__B::W,,
ggg###D###,B__B::B,,
ggg#:::::W,BBDB::B,,
gggW:::n:#,B_____D,,
ggg##W#DW#,BWBBDWB,,
gggggggggggggggggg,,
oooooooBBooooooooooo
ooooAooBBooooooooooo
ooooooooooocooBBoooo
ooooooooooooooBBoooo
ggggggggxggggggHgg,,
gggBWDBWB,#W#DD#W#,,
gggB____B,#______#,,
gggB_n__W,D__nn__#,,
gggBBDBBB,#______W,,
gggB::::B,####D###,,
gggW::::D,#::c:::#,,
ggcB::n:Bc#:::::cD,,
gggBBBDBB,########,,
,,,,,,,,,,,,,,,,,,,,
""".replace(" ", "").strip("\n").splitlines()

# A walled compound, 40 x 32 tiles of 2 m: the west half. A stone wall with a wide gate
# on each side and a postern, sandbagged posts inside the gates, stacked crates, a stone
# store in the middle; outside, barbed wire, craters and foxholes in the scrub.
COMPOUND_WEST = """
....b.....T.....b...
..T.....bb..........
......C.......b.....
..b.......T.........
....r..b......C...b.
..........,,,,,,,,,,
....b...######,,####
..T.....#,,,,,,,,,,,
......w.#,,,,,cc,HH,
..b...w.#,,,,,c,,,,,
......w.#,,,,,,,,,,,
C.....w.#,,,,,,,,,,,
........#,ss,,,,####
...X....#,,s,,,,#:::
........,,,,,,c,W:::
........,,,,,,,,D:::
........,,,,,,,,#:::
........,,,,,,c,W:::
...X....#,,s,,,,#:::
........#,ss,,,,####
......w.#,,,,,,,,,,,
..b...w.#,,,,,,,,,,,
......w.#,cc,,,,,,,,
..C...w.#,cc,,,,,,,,
........#,,,,,,,,,,,
........############
..b.........b.......
....T.....C.........
........b.....T.....
..r..............b..
.....T......b.......
....................
""".strip("\n").splitlines()


def wood_west(seed: int) -> list[str]:
    """A wood, 40 x 30 tiles of 2 m: the west half, grown from a seed. Trees (hard cover,
    seen past), thickets (block sight, soft cover, slow) and brush; a brook down the
    middle with three fords, winding paths from the clearing at the west edge to the fords
    with thicket at their bends (no long sight line down a path), and a woodcutter's hut
    with its woodpile."""
    rng = random.Random(seed)
    width, height = 20, 30
    fords = (3, 4, 14, 15, 25, 26)
    rows = [[rng.choices(".Tkbr", (26, 16, 30, 22, 6))[0] for _ in range(width)]
            for _ in range(height)]
    for y in range(height):
        rows[y][19] = "v" if y in fords else "~"
        if y not in fords and rows[y][18] in "Tk":
            rows[y][18] = rng.choice("..b")  # the bank: brush and grass
    for y in range(7, 23):  # the clearing the squad starts in
        for x in range(0, 4):
            rows[y][x] = "." if rng.random() < 0.85 else "b"

    def path(points: Sequence[tuple[int, int]]) -> None:
        """A path two tiles wide through the corners given, thicket on the outside of
        each bend so it cannot be seen down from one leg to the next."""
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            for x in range(min(x0, x1), max(x0, x1) + 1):
                for y in range(min(y0, y1), max(y0, y1) + 1):
                    for dx, dy in ((0, 0), (0, 1)) if y0 == y1 else ((0, 0), (1, 0)):
                        rows[y + dy][x + dx] = ","
        for x, y in points[1:-1]:
            for bx, by in ((x - 1, y - 1), (x + 2, y + 2), (x - 1, y + 2), (x + 2, y - 1)):
                if 0 <= bx < 19 and 0 <= by < height and rows[by][bx] != ",":
                    rows[by][bx] = "k"

    path([(3, 14), (8, 14), (8, 11), (13, 11), (13, 14), (18, 14)])  # to the middle ford
    path([(3, 9), (5, 9), (5, 6), (11, 6), (11, 3), (18, 3)])  # to the north ford
    path([(3, 19), (7, 19), (7, 22), (13, 22), (13, 25), (18, 25)])  # to the south ford
    hut = ["#W##", "#__D", "#n_#", "####"]
    for dy, line in enumerate(hut):
        for dx, ch in enumerate(line):
            rows[18 + dy][11 + dx] = ch
    for x, y in ((15, 19), (15, 20), (16, 20)):
        rows[y][x] = ","
    for x, y in ((16, 18), (10, 21)):  # the woodpile and a log heap
        rows[y][x] = "c"
    for x, y in ((10, 7), (11, 7), (12, 7)):  # an old boundary wall
        rows[y][x] = "l"
    return ["".join(r) for r in rows]


LINES = {"h": "h", "l": "l", "F": "F", "t": ","}
"""Coarse line characters and the plan character each draws."""
BOUNDARIES = "hlF"
"""Lines that join one another: a hedgerow may go on as a wall or a fence."""


def expand_plan(coarse: Sequence[str], stamps: Sequence[tuple[int, int, list[str]]],
                seed: int) -> list[str]:
    """A one-character-a-tile plan from a coarse plan of BLOCK x BLOCK blocks, then stamps."""
    rng = random.Random(seed)
    height, width = len(coarse), len(coarse[0])
    fine = [["."] * (width * BLOCK) for _ in range(height * BLOCK)]

    def at(cx: int, cy: int) -> str:
        return coarse[cy][cx] if 0 <= cx < width and 0 <= cy < height else " "

    for cy, row in enumerate(coarse):
        if len(row) != width:
            raise ValueError(f"open field plan row {cy} has {len(row)} characters, not {width}")
        for cx, ch in enumerate(row):
            cells = [(cx * BLOCK + dx, cy * BLOCK + dy) for dy in range(BLOCK)
                     for dx in range(BLOCK)]
            if ch in (".", "f", "p", "~"):
                for x, y in cells:
                    fine[y][x] = ch
            elif ch == "r":
                for x, y in cells:
                    fine[y][x] = "r" if rng.random() < 0.7 else "."
            elif ch == "b":
                for x, y in cells:
                    fine[y][x] = rng.choices("b.r", (4, 4, 2))[0]
            elif ch == "T":
                for x, y in cells:
                    fine[y][x] = rng.choices("Tkb.", (3, 2, 2, 3))[0]
            elif ch in LINES:
                draw = LINES[ch]
                mates = BOUNDARIES if ch in BOUNDARIES else ch
                thick = 2 if ch == "t" else 1
                x0, y0 = cx * BLOCK + 1, cy * BLOCK + 1
                spots = {(x0 + i, y0 + j) for i in range(thick) for j in range(thick)}
                for (dx, dy) in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    if at(cx + dx, cy + dy) not in mates:
                        continue
                    for step in range(BLOCK):
                        for k in range(thick):
                            if dx:
                                x = x0 + (step * dx if dx > 0 else -step)
                                x = min(max(x, cx * BLOCK), cx * BLOCK + BLOCK - 1)
                                spots.add((x, y0 + k))
                            else:
                                y = y0 + (step * dy if dy > 0 else -step)
                                y = min(max(y, cy * BLOCK), cy * BLOCK + BLOCK - 1)
                                spots.add((x0 + k, y))
                for x, y in sorted(spots):
                    tree_here = ch == "h" and rng.random() < 0.1
                    fine[y][x] = "T" if tree_here else draw
            else:
                raise ValueError(f"open field plan: unknown character {ch!r} at ({cx}, {cy})")
    for sx, sy, stamp in stamps:
        if any(len(row) != len(stamp[0]) for row in stamp):
            raise ValueError(f"the stamp at ({sx}, {sy}) has rows of different lengths")
        for dy, row in enumerate(stamp):
            for dx, ch in enumerate(row):
                fine[sy + dy][sx + dx] = ch
    return ["".join(row) for row in fine]


# -- squads ------------------------------------------------------------------------------

TRAINED = "str=3,hea=3,agi=3,dex=4,per=3"
LEADER = "str=3,hea=3,agi=3,dex=4,per=4"
COMMON_SKILLS = "Brawl=3,Athletics=3,Throw=3,Awareness=3"
ARMOUR = "kevlar_vest,combat_helmet"


@dataclass(frozen=True)
class Role:
    """What one soldier carries and knows.

    ``template`` names the squad template (game/data/squads.toml) the unit starts from; the
    unit's own properties override the template's, so a role says all it carries (a role
    with no grenades is written ``grenades = none``: a unit without the property gets the
    template's). ``grenades`` is a list of grenade ids, one per grenade."""

    template: str
    weapon: str
    skills: str
    magazines: int
    grenades: tuple[str, ...] = ()
    second_weapon: str = ""
    attributes: str = TRAINED
    armour: str = ARMOUR


def frags(n: int) -> tuple[str, ...]:
    return ("frag_grenade",) * n


RIFLE_SKILLS = "Rifles=5," + COMMON_SKILLS
PISTOL_SKILLS = "Pistols=5," + COMMON_SKILLS
MELEE_SKILLS = "Melee=5,Pistols=3," + COMMON_SKILLS
LEADER_SKILLS = "Rifles=6,Pistols=3,Brawl=3,Athletics=3,Throw=4,Awareness=4"

# Both teams carry the same kit on every shipped map: the maps are built to be fair (the
# west half turned round is the east half), so a difference in kit would be the only thing
# deciding the match. An M16A1 against an AK-47, or an FN FAL against a Dragunov, is not an
# even trade under Yags (docs/maps.md, Balance).
ROLES: dict[str, Role] = {
    # crossroads and open field: rifle squads
    "leader": Role("rifleman", "m16_a1", LEADER_SKILLS, 4, frags(2), attributes=LEADER),
    "rifleman": Role("rifleman", "m16_a1", RIFLE_SKILLS, 4, frags(1)),
    "gunner": Role("gunner", "rpk", "Guns=5,Rifles=3," + COMMON_SKILLS, 2),
    "shotgun": Role("rifleman", "spas_12", RIFLE_SKILLS, 4, frags(1)),
    "grenadier": Role("rifleman", "glock_17",
                      "Pistols=5,Brawl=3,Athletics=3,Throw=5,Awareness=3", 3, frags(3)),
    "marksman": Role("rifleman", "fn_fal_7_62", "Rifles=6," + COMMON_SKILLS, 4, frags(1)),
    # street: close quarters
    "cqb_leader": Role("rifleman", "thompson_smg", LEADER_SKILLS, 4, ("concussion_grenade",),
                       attributes=LEADER),
    "smg": Role("rifleman", "thompson_smg", RIFLE_SKILLS, 4),
    "pump_gun": Role("rifleman", "winchester_model_1897", RIFLE_SKILLS, 4),
    "breacher": Role("rifleman", "spas_12", RIFLE_SKILLS, 4, ("concussion_grenade",)),
    "pistol": Role("rifleman", "glock_17", PISTOL_SKILLS, 4),
    "machine_pistol": Role("rifleman", "beretta_93r", PISTOL_SKILLS, 4),
    "axeman": Role("swordsman", "axe", MELEE_SKILLS, 1),
    "swordsman": Role("swordsman", "short_sword", MELEE_SKILLS, 1, second_weapon="small_shield"),
    # compound: grenades and automatic fire
    "assault": Role("rifleman", "hk416", RIFLE_SKILLS, 4, frags(1)),
    "bomber": Role("rifleman", "glock_17",
                   "Pistols=5,Brawl=3,Athletics=3,Throw=5,Awareness=3", 3,
                   ("frag_grenade", "frag_grenade", "concussion_grenade", "concussion_grenade")),
    "stunner": Role("rifleman", "m16_a1", RIFLE_SKILLS, 4,
                    ("concussion_grenade", "concussion_grenade")),
    "heavy_gunner": Role("gunner", "rpk", "Guns=5,Rifles=3," + COMMON_SKILLS, 3),
    # wood: short sight lines
    # concussion grenades: a fragmentation grenade's Ex-20 (Explosive damage: "multiply the
    # blast radius by ten") reaches across most of the wood, thrower and all
    "scout": Role("rifleman", "ak_47", "Rifles=5,Brawl=3,Athletics=4,Throw=3,Awareness=4", 4,
                  ("concussion_grenade",)),
    "woodsman": Role("rifleman", "ak_47", RIFLE_SKILLS, 4, ("concussion_grenade",)),
    "wood_shotgun": Role("rifleman", "spas_12", RIFLE_SKILLS, 4),
    "wood_leader": Role("rifleman", "ak_47", LEADER_SKILLS, 4, ("concussion_grenade",) * 2, attributes=LEADER),
}
NAMES = {
    "blue": ("Sgt Hale", "Cpl Reyes", "Pvt Okafor", "Pvt Lind", "Pvt Moreau", "Pvt Tanaka",
             "Pvt Brandt", "Pvt Kowalski"),
    "red": ("Sgt Volkov", "Cpl Sidorov", "Pvt Petrenko", "Pvt Zaitsev", "Pvt Orlov",
            "Pvt Belov", "Pvt Kuznetsov", "Pvt Morozov"),
}
VILLAGE_SQUAD = ("leader", "rifleman", "rifleman", "rifleman", "rifleman", "gunner", "shotgun",
                 "grenadier")
FIELD_SQUAD = ("leader", "rifleman", "rifleman", "rifleman", "rifleman", "rifleman", "gunner",
               "marksman")
STREET_SQUAD = ("cqb_leader", "smg", "pump_gun", "breacher", "pistol", "machine_pistol",
                "axeman", "swordsman")
COMPOUND_SQUAD = ("leader", "assault", "assault", "stunner", "rifleman", "heavy_gunner",
                  "bomber", "bomber")
WOOD_SQUAD = ("wood_leader", "scout", "woodsman", "woodsman", "woodsman", "gunner",
              "wood_shotgun", "wood_shotgun")


def unit_properties(team: str, name: str, role_name: str) -> dict[str, str | int]:
    role = ROLES[role_name]
    props: dict[str, str | int] = {
        "team": team,
        "name": name,
        "role": role_name,
        "template": role.template,
        "weapon": role.weapon,
        "armour": role.armour,
        "attributes": role.attributes,
        "skills": role.skills,
        "magazines": role.magazines,
    }
    # Every unit says what grenades it carries: "none" rather than its template's.
    props["grenades"] = ",".join(role.grenades) if role.grenades else "none"
    if role.second_weapon:
        props["second_weapon"] = role.second_weapon
    return props


# -- maps --------------------------------------------------------------------------------


@dataclass(frozen=True)
class MapSpec:
    file: str
    name: str
    briefing: str
    plan: list[str]
    metres_per_tile: float
    max_rounds: int
    spawns: dict[str, tuple[int, int, int, int]]
    """Per team, a spawn zone in tiles: x, y, width, height."""
    squad: tuple[str, ...]
    places: dict[str, tuple[tuple[int, int], ...]] | None = None
    """Per team, where each unit stands (default: spread over the spawn zone)."""
    names: dict[str, tuple[str, ...]] | None = None
    """Per team, the units' names (default: NAMES)."""
    tileset: str = "terrain.tsx"
    """The tileset's path from the map (a map in a subfolder of maps/: ../terrain.tsx)."""


def walkable_plain(kinds: list[TileKind | None]) -> bool:
    return all(k is None or (not k.blocks_move and k.move_cost == 1) for k in kinds)


def place_squad(spec: MapSpec, team: str, cell_kinds: dict[tuple[int, int], list[TileKind | None]]
                ) -> list[tuple[int, int]]:
    """Eight places on open, plain tiles of the team's spawn zone: two files of four,
    spread over the zone; the nearest plain tile to each wanted spot. Red's spots are blue's
    turned half round within the zone, so on a map whose east half is its west half turned
    round each red soldier stands where his blue counterpart stands."""
    x0, y0, w, h = spec.spawns[team]
    free = [(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)
            if walkable_plain(cell_kinds[(x, y)])]
    turn = team == "red"
    places: list[tuple[int, int]] = []
    for i in range(len(spec.squad)):
        col, row = i % 2, i // 2
        dx, dy = (w - 1) * (1 + 2 * col) / 4, (h - 1) * (1 + 2 * row) / 8
        want = (x0 + w - 1 - dx, y0 + h - 1 - dy) if turn else (x0 + dx, y0 + dy)
        options = [p for p in free if p not in places]
        if not options:
            raise ValueError(f"{spec.file}: not enough open tiles in the {team} spawn zone")
        sign = -1 if turn else 1
        places.append(min(options, key=lambda p: ((p[0] - want[0]) ** 2 + (p[1] - want[1]) ** 2,
                                                   sign * p[1], sign * p[0])))
    return places


def reachable(width: int, height: int, blocked: set[tuple[int, int]],
              start: tuple[int, int]) -> set[tuple[int, int]]:
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < width and 0 <= ny < height and (nx, ny) not in blocked \
                    and (nx, ny) not in seen:
                seen.add((nx, ny))
                todo.append((nx, ny))
    return seen


def build_map(spec: MapSpec) -> str:
    """The .tmx text for a map spec; refuses a map whose squads could not meet."""
    ground, structures = plan_layers(spec.plan, spec.file)
    width, height = len(spec.plan[0]), len(spec.plan)
    cell_kinds: dict[tuple[int, int], list[TileKind | None]] = {}
    for i, (g, s) in enumerate(zip(ground, structures, strict=True)):
        cell_kinds[(i % width, i // width)] = [TILES[g - 1], TILES[s - 1] if s else None]
    blocked = {p for p, kinds in cell_kinds.items() if any(k and k.blocks_move for k in kinds)}
    objects: list[MapObject] = []
    places: dict[str, list[tuple[int, int]]] = {}
    for team, (x, y, w, h) in spec.spawns.items():
        objects.append(MapObject(f"{team} start", "spawn", x * T, y * T, w * T, h * T,
                                 properties={"team": team}))
        places[team] = list(spec.places[team]) if spec.places else place_squad(spec, team, cell_kinds)
    blue_reach = reachable(width, height, blocked, places["blue"][0])
    for team, spots in places.items():
        for spot in spots:
            if spot not in blue_reach:
                raise ValueError(f"{spec.file}: {team} unit at {spot} cannot be reached from "
                                 "the blue start")
    for team, spots in places.items():
        for (x, y), name, role in zip(spots, (spec.names or NAMES)[team], spec.squad, strict=True):
            objects.append(MapObject(name, "unit", x * T + T / 2, y * T + T / 2, point=True,
                                     properties=unit_properties(team, name, role)))
    return map_xml(
        width=width, height=height, tile_width=T, tile_height=T,
        tilesets=[TilesetRef(spec.tileset, 1)],
        layers=[TileLayer("ground", ground), TileLayer("structures", structures)],
        object_layers=[ObjectLayer("units", objects)],
        properties={"name": spec.name, "briefing": spec.briefing,
                    "metres_per_tile": float(spec.metres_per_tile),
                    "max_rounds": spec.max_rounds},
    )

# The tutorial's yard: 18 x 10 tiles of 2 m, blue on the west, red on the east, with crates,
# sandbags and a low wall between.
TUTORIAL_PLAN = """
..T...............
.........ss.......
......c......c....
......c..l...c....
.........l........
....s....l.....T..
....s.........c...
..........ss......
.T................
..................
""".strip("\n").splitlines()


MAPS: tuple[MapSpec, ...] = (
    MapSpec(
        file="crossroads.tmx",
        name="Crossroads",
        briefing=("Two squads meet where the village roads cross: take the crossroads and hold "
                  "it. Blue comes in from the western fields and red from the east, and the "
                  "houses, walls and hedges are the only cover."),
        plan=turned_round(CROSSROADS_WEST),
        metres_per_tile=2.0,
        max_rounds=40,
        spawns={"blue": (0, 8, 5, 14), "red": (35, 8, 5, 14)},
        squad=VILLAGE_SQUAD,
    ),
    MapSpec(
        file="open_field.tmx",
        name="Open Field",
        briefing=("Open farmland cut by hedgerows, low walls and copses, with long sight lines "
                  "between them. Cross it, find the enemy and break them before the fiftieth "
                  "round."),
        plan=north_turned_round(expand_plan(OPEN_FIELD_PLAN, OPEN_FIELD_STAMPS, seed=0)),
        metres_per_tile=2.0,
        max_rounds=50,
        spawns={"blue": (1, 50, 8, 20), "red": (111, 50, 8, 20)},
        squad=FIELD_SQUAD,
    ),
    MapSpec(
        file="street.tmx",
        name="Market Street",
        briefing=("A town street between two rows of houses, with doorways, windows, alleys "
                  "and back lanes. Clear it house by house: pistols, sub-machine guns, "
                  "shotguns and a couple of hand weapons for the rooms and corridors."),
        plan=turned_round(STREET_WEST),
        metres_per_tile=2.0,
        max_rounds=40,
        spawns={"blue": (0, 7, 3, 10), "red": (37, 7, 3, 10)},
        squad=STREET_SQUAD,
    ),
    MapSpec(
        file="compound.tmx",
        name="The Compound",
        briefing=("A walled compound with a gate on each side, sandbagged posts and stacks of "
                  "crates. Both squads go in with grenades and automatic weapons: get over "
                  "the wall, take the store in the middle and clear the yard."),
        plan=turned_round(COMPOUND_WEST),
        metres_per_tile=2.0,
        max_rounds=30,
        spawns={"blue": (0, 10, 4, 12), "red": (36, 10, 4, 12)},
        squad=COMPOUND_SQUAD,
    ),
    MapSpec(
        file="wood.tmx",
        name="The Wood",
        briefing=("A wood of trees, thickets and brush with a brook down the middle and three "
                  "fords. You see a few metres at a time: find the enemy before they find "
                  "you, and keep a tree between you and them."),
        plan=turned_round(wood_west(seed=7)),
        metres_per_tile=2.0,
        max_rounds=30,
        spawns={"blue": (0, 8, 4, 14), "red": (36, 8, 4, 14)},
        squad=WOOD_SQUAD,
    ),
    # the tutorial (game/ui/tutorial.py): a small yard, two against two, out of maps/ itself
    # so it is no skirmish map (the menu, the lab and the checks of maps/*.tmx leave it out)
    MapSpec(
        file="tutorial/tutorial.tmx",
        name="Tutorial: the yard",
        briefing=("Your first battle: two of yours against two of theirs across a small yard. "
                  "The prompts at the top of the map walk you through a round."),
        plan=TUTORIAL_PLAN,
        metres_per_tile=2.0,
        max_rounds=12,
        spawns={"blue": (0, 2, 3, 6), "red": (15, 2, 3, 6)},
        squad=("cqb_leader", "woodsman"),  # concussion grenades only: nobody is blown apart learning
        places={"blue": ((1, 3), (2, 6)), "red": ((15, 3), (16, 6))},
        names={"blue": ("Sgt Hale", "Pvt Lind"), "red": ("Cpl Sidorov", "Pvt Orlov")},
        tileset="../terrain.tsx",
    ),
)


# -- writing -----------------------------------------------------------------------------


def write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def save_png(sheet: pygame.Surface, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(path))


def make_all(out: Path) -> list[Path]:
    """Write every asset and map under ``out``; return the files written."""
    written: list[Path] = []
    sheet = draw_tileset()
    for path, image in ((out / TILESET_PNG, sheet),
                        (out / "assets/sprites/units.png", draw_units()),
                        (out / "assets/sprites/markers.png", draw_markers()),
                        (out / "assets/sprites/roles.png", make_units.sheet())):
        save_png(image, path)
        written.append(path)
    index = out / "assets/sprites/sprites.json"
    write_text(index, json.dumps(sprite_index(), indent=1) + "\n")
    written.append(index)
    tsx = out / TILESET_TSX
    write_text(tsx, tileset_xml(tileset_model(sheet)))
    written.append(tsx)
    for spec in MAPS:
        path = out / "maps" / spec.file
        write_text(path, build_map(spec))
        written.append(path)
    from make_sounds import write_sounds  # tools/ is on the path: this script's own folder

    written.extend(write_sounds(out))
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT,
                        help="where assets/ and maps/ are written (default: the repository)")
    args = parser.parse_args(argv)
    for path in make_all(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
