"""The terrain tiles that stand on the ground: bushes, hedges, trees, sandbags, crates, walls,
doorways, windows, low walls, craters, foxholes, carts, fences and wire (a part of tools/make_assets.py, which runs it)."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame
from assets_draw import INK, Colour, T, outlined_circle, outlined_rect, rng_for, rotate90, surface
from assets_ground import floor_boards


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
