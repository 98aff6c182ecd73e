"""The terrain tiles of open ground: grass, dirt, roads, cobbles, floors, fields, rough
ground, water, flagstones and rubble (a part of tools/make_assets.py, which runs it)."""

from __future__ import annotations

import math

import pygame
from assets_draw import T, outlined_polygon, rng_for, specks

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
